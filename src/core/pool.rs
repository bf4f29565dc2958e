//! Per-thread pools of lists, so that a batch that handles game after game writes each
//! game's lists into the memory of the last game's, still in the cache.
//!
//! A list allocated for each game (or each dead-position search) is a block the allocator
//! hands out in turn from a page of such blocks: memory no longer in the cache, written
//! with a miss at every line. On the real games of `shared/data/pgn/real`, `adjudicate`'s
//! second-level cache misses (cachegrind, a simulated 512 KB cache) fell from 2.37 M to
//! 1.37 M with the move lists, the replay's lists and the helpmate search's move lists and
//! tables pooled, and its CPU time by 1 to 4 % (docs/arbiter.md, "27 November, fifth
//! session").

use std::cell::RefCell;

/// Things given back whole, for the next to take on the same thread, the last given back
/// first. Meant for a `thread_local!` (a `const` initialiser); at most `max` are kept, the
/// others dropped. [`Pool`] keeps lists in one; the dead-position search keeps its
/// transposition tables in two (`core::dead`: a table is emptied by a new stamp, not
/// cleared).
pub(crate) struct Kept<T> {
    items: RefCell<Vec<T>>,
    max: usize,
}

impl<T> Kept<T> {
    pub(crate) const fn new(max: usize) -> Kept<T> {
        Kept {
            items: RefCell::new(Vec::new()),
            max,
        }
    }

    /// The last thing given back, if any.
    pub(crate) fn take(&self) -> Option<T> {
        self.items.borrow_mut().pop()
    }

    /// The last thing given back, if there is one and `wanted` says yes to it.
    pub(crate) fn take_if(&self, wanted: impl FnOnce(&T) -> bool) -> Option<T> {
        let mut items = self.items.borrow_mut();
        if items.last().is_some_and(wanted) {
            items.pop()
        } else {
            None
        }
    }

    /// Keeps `item` for the next [`Kept::take`], unless `max` are kept already.
    pub(crate) fn give_back(&self, item: T) {
        let mut items = self.items.borrow_mut();
        if items.len() < self.max {
            items.push(item);
        }
    }
}

/// Lists given back, for the next to take on the same thread. Meant for a `thread_local!`
/// (a `const` initialiser); lists longer than `max_room` are freed, not kept, and at most
/// `max_lists` are kept, so a pool holds at most `max_room × max_lists` elements.
pub(crate) struct Pool<T> {
    lists: Kept<Vec<T>>,
    max_room: usize,
}

impl<T> Pool<T> {
    pub(crate) const fn new(max_room: usize, max_lists: usize) -> Pool<T> {
        Pool {
            lists: Kept::new(max_lists),
            max_room,
        }
    }

    /// An empty list with room for `room` elements at least: the last one given back when
    /// there is one.
    pub(crate) fn take(&self, room: usize) -> Vec<T> {
        let mut v = self.lists.take().unwrap_or_default();
        v.reserve(room);
        v
    }

    /// Empties `v` (dropping its elements) and keeps it for the next [`Pool::take`], unless
    /// it is too large or the pool is full.
    pub(crate) fn give_back(&self, mut v: Vec<T>) {
        if v.capacity() == 0 || v.capacity() > self.max_room {
            return;
        }
        v.clear();
        self.lists.give_back(v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Things given back come back last first, only when wanted by `take_if`, and no more
    /// than `max` are kept.
    #[test]
    fn kept_things_come_back_last_first_within_max() {
        let kept: Kept<u32> = Kept::new(2);
        kept.give_back(1);
        kept.give_back(2);
        kept.give_back(3); // beyond max: dropped
        assert_eq!(kept.take_if(|&x| x > 2), None, "2 is last, not wanted");
        assert_eq!(kept.take_if(|&x| x == 2), Some(2));
        assert_eq!(kept.take(), Some(1));
        assert_eq!(kept.take(), None);
    }

    /// A list given back is the one taken next, empty, with its room; lists beyond the
    /// limits are not kept.
    #[test]
    fn a_list_given_back_is_taken_again_empty() {
        let pool: Pool<u32> = Pool::new(100, 1);
        let mut v = pool.take(10);
        v.extend([1, 2, 3]);
        let ptr = v.as_ptr();
        pool.give_back(v);
        let again = pool.take(5);
        assert!(again.is_empty());
        assert_eq!(again.as_ptr(), ptr, "the same memory");
        assert!(again.capacity() >= 10);
        // Too large: freed.
        pool.give_back(Vec::with_capacity(101));
        assert_eq!(pool.lists.items.borrow().len(), 0);
        // Full: the second is freed.
        pool.give_back(Vec::with_capacity(4));
        pool.give_back(Vec::with_capacity(4));
        assert_eq!(pool.lists.items.borrow().len(), 1);
    }
}
