//! The bytes waiting to be sent to one client, bounded (issue 25: output to a client that
//! never opened its SSH window was queued without bound, 29 → 447 MB for one client).
//!
//! A client that reads slower than its screen changes gets only the latest frame: when
//! what waits would pass the bound, all of it is thrown away and the service is asked to
//! draw the client's whole screen anew ([`super::service::Service::output_dropped`]), which
//! is one frame, self-contained (it starts by clearing the screen). What cannot be drawn
//! anew (the line mode's announcements) ends the connection instead. A client that takes
//! nothing at all for a while is disconnected by the writer ([`super::ssh`]).

/// What waits for one client.
#[derive(Debug, Default)]
pub struct Backlog {
    bytes: Vec<u8>,
    /// The bound in bytes (a single write into an empty backlog is always taken, so one
    /// frame larger than the bound still goes out whole).
    cap: usize,
    /// Close the channel once what waits is sent.
    pub close: bool,
}

/// What [`Backlog::push`] did.
#[derive(Debug, PartialEq, Eq)]
pub enum Pushed {
    Queued,
    /// The bound would have been passed: what waited and the new bytes (this many in all)
    /// were thrown away.
    Dropped(usize),
}

impl Backlog {
    pub fn new(cap: usize) -> Self {
        Backlog {
            bytes: Vec::new(),
            cap,
            close: false,
        }
    }

    pub fn push(&mut self, bytes: &[u8]) -> Pushed {
        if !self.bytes.is_empty() && self.bytes.len() + bytes.len() > self.cap {
            let n = self.bytes.len() + bytes.len();
            // The memory goes too, not only the length.
            self.bytes = Vec::new();
            return Pushed::Dropped(n);
        }
        self.bytes.extend_from_slice(bytes);
        Pushed::Queued
    }

    /// Up to `max` bytes from the front, to send now.
    pub fn take(&mut self, max: usize) -> Vec<u8> {
        if self.bytes.len() <= max {
            return std::mem::take(&mut self.bytes);
        }
        self.bytes.drain(..max).collect()
    }

    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slow_reader_keeps_only_the_latest_frame() {
        let mut b = Backlog::new(10);
        assert_eq!(b.push(b"abcdef"), Pushed::Queued);
        assert_eq!(b.take(4), b"abcd");
        assert_eq!(b.push(b"ghijkl"), Pushed::Queued);
        assert_eq!(b.len(), 8);
        // Past the bound: everything waiting is thrown away, the memory with it.
        assert_eq!(b.push(b"mno"), Pushed::Dropped(11));
        assert!(b.is_empty());
        // The fresh frame that follows is taken whole, even when it is larger than the
        // bound on its own.
        let frame = vec![b'x'; 25];
        assert_eq!(b.push(&frame), Pushed::Queued);
        assert_eq!(b.take(100), frame);
        assert!(b.take(100).is_empty());
    }

    #[test]
    fn a_backlog_never_holds_more_than_its_bound_and_one_write() {
        let mut b = Backlog::new(1000);
        let mut dropped = 0;
        for i in 0..10_000usize {
            if let Pushed::Dropped(_) = b.push(&vec![b'.'; i % 300 + 1]) {
                dropped += 1;
            }
            assert!(b.len() <= 1000 + 300, "{}", b.len());
        }
        assert!(dropped > 0);
    }
}
