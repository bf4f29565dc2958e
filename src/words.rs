//! Eight bytes at once in a `u64` (read little-endian: the first byte is the lowest), for
//! the scans of text where nearly every byte is passed over: the JSON writer's search for
//! bytes to escape and the PGN reader's search for the end of a tag's value.

/// `b` in each of the eight bytes.
pub(crate) const fn splat(b: u8) -> u64 {
    0x0101_0101_0101_0101 * b as u64
}

/// The high bit of each byte of `x` below `n` (at most 0x80) set. A byte just above one of
/// them may be set too (the borrow of the subtraction), never one below it: the lowest set
/// bit marks the first such byte exactly, and a zero result says there is none.
pub(crate) const fn bytes_below(x: u64, n: u8) -> u64 {
    x.wrapping_sub(splat(n)) & !x & splat(0x80)
}

/// The high bit of each byte of `x` equal to `b` set, as [`bytes_below`] marks them (the
/// lowest set bit is the first such byte).
pub(crate) const fn bytes_equal(x: u64, b: u8) -> u64 {
    bytes_below(x ^ splat(b), 1)
}

/// The index of the byte the lowest set bit of `marks` stands for.
pub(crate) const fn first_marked(marks: u64) -> usize {
    (marks.trailing_zeros() / 8) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every placement of one or two marked bytes among eight, against a byte-by-byte look:
    /// the first is found exactly, and a word without any gives no mark.
    #[test]
    fn the_first_marked_byte_is_the_first_matching_byte() {
        let plain = [b'a', 0x80, 0xa2, 0xdc, b' ', b'~', 0xff, b'0'];
        for first in 0..=8 {
            for second in first..=8 {
                for (mark, below) in [
                    (b'"', None),
                    (b'\\', None),
                    (0u8, Some(0x20u8)),
                    (0x1f, Some(0x20)),
                ] {
                    let mut bytes = plain;
                    for i in [first, second] {
                        if i < 8 {
                            bytes[i] = mark;
                        }
                    }
                    let word = u64::from_le_bytes(bytes);
                    let marks = match below {
                        Some(n) => bytes_below(word, n),
                        None => bytes_equal(word, mark),
                    };
                    let expected = bytes.iter().position(|&b| match below {
                        Some(n) => b < n,
                        None => b == mark,
                    });
                    match expected {
                        Some(i) => assert_eq!(first_marked(marks), i, "{bytes:?}"),
                        None => assert_eq!(marks, 0, "{bytes:?}"),
                    }
                }
            }
        }
    }
}
