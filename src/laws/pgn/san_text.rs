//! The text of a move as written in a PGN file, kept inline: a game's moves are read by the
//! hundred million in a tournament's files, and almost every one is a few ASCII bytes
//! (`Nf3`, `exd5`, `e8=Q+`), so a heap allocation per move would cost more than reading it.

use std::borrow::Borrow;
use std::fmt;
use std::ops::Deref;

/// The bytes kept inline: 22 (with the length, the type is as large as a `String`).
const INLINE: usize = 22;

/// A move's text: inline up to 22 bytes, on the heap beyond. Reads as a `str`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct SanText(Repr);

#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    Inline { len: u8, bytes: [u8; INLINE] },
    Heap(Box<str>),
}

impl SanText {
    #[inline]
    pub fn new(text: &str) -> SanText {
        if text.len() <= INLINE {
            SanText(Repr::Inline {
                len: text.len() as u8,
                bytes: inline_bytes(text.as_bytes()),
            })
        } else {
            SanText::heap(text)
        }
    }

    /// The first `len` bytes of `window` (1 to 8 of them, ASCII), as [`SanText::new`] keeps
    /// them: the eight bytes loaded at once and the rest masked off, where `new` copies a
    /// text of any length piece by piece. The reader's quick path reads most moves so,
    /// from the line that holds them. `None` when `len` is out of range or a byte is not
    /// ASCII.
    #[inline]
    pub(crate) fn from_window(window: &[u8; 8], len: usize) -> Option<SanText> {
        if !(1..=8).contains(&len) {
            return None;
        }
        let word = u64::from_le_bytes(*window) & (u64::MAX >> (64 - 8 * len));
        if word & u64::from_le_bytes([0x80; 8]) != 0 {
            return None;
        }
        let mut bytes = [0; INLINE];
        bytes[..8].copy_from_slice(&word.to_le_bytes());
        // ASCII bytes, a whole `str`: what `as_str` needs of an `Inline`.
        Some(SanText(Repr::Inline {
            len: len as u8,
            bytes,
        }))
    }

    /// A long text, rare: out of the way of the inline one.
    #[cold]
    #[inline(never)]
    fn heap(text: &str) -> SanText {
        SanText(Repr::Heap(text.into()))
    }

    pub fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Inline { len, bytes } => {
                // SAFETY: the only `Inline` is made by `SanText::new`, which copies a whole
                // `str` (never cut inside a character) and its length; the fields are private
                // and never changed after, so these bytes are that `str`'s, valid UTF-8. It
                // is read for every move of every game, hence no check here.
                unsafe { std::str::from_utf8_unchecked(&bytes[..*len as usize]) }
            }
            Repr::Heap(s) => s,
        }
    }
}

/// The bytes of a text of at most [`INLINE`] bytes, zeros after it. Two copies of a fixed
/// size that overlap cover any length of their range: no call to `memcpy` for a length
/// known only at run time, which would cost more than the copy of a move's few bytes.
#[inline]
fn inline_bytes(src: &[u8]) -> [u8; INLINE] {
    let mut bytes = [0; INLINE];
    let n = src.len();
    match n {
        0 => {}
        1..=3 => {
            bytes[0] = src[0];
            bytes[n / 2] = src[n / 2];
            bytes[n - 1] = src[n - 1];
        }
        4..=8 => {
            bytes[..4].copy_from_slice(&src[..4]);
            bytes[n - 4..n].copy_from_slice(&src[n - 4..]);
        }
        9..=16 => {
            bytes[..8].copy_from_slice(&src[..8]);
            bytes[n - 8..n].copy_from_slice(&src[n - 8..]);
        }
        _ => {
            bytes[..16].copy_from_slice(&src[..16]);
            bytes[n - 16..n].copy_from_slice(&src[n - 16..]);
        }
    }
    bytes
}

impl Default for SanText {
    fn default() -> SanText {
        SanText::new("")
    }
}

impl Deref for SanText {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for SanText {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl Borrow<str> for SanText {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for SanText {
    fn from(s: &str) -> SanText {
        SanText::new(s)
    }
}

impl From<String> for SanText {
    fn from(s: String) -> SanText {
        SanText::new(&s)
    }
}

impl From<SanText> for String {
    fn from(t: SanText) -> String {
        t.as_str().to_string()
    }
}

impl PartialEq<str> for SanText {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for SanText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for SanText {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl fmt::Display for SanText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for SanText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_and_long_texts_read_back_as_written() {
        for text in [
            "",
            "e4",
            "Nf3",
            "e8=Q+",
            "Cxd5",
            "♘f3",
            "a".repeat(22).as_str(),
        ] {
            let t = SanText::new(text);
            assert!(matches!(t.0, Repr::Inline { .. }), "{text}");
            assert_eq!(t.as_str(), text);
            assert_eq!(t, text);
        }
        // Every length kept inline: the bytes written, zeros after them (equal texts are
        // equal values).
        let alphabet = b"abcdefghijklmnopqrstuvwxyz";
        for n in 0..=INLINE {
            let text = std::str::from_utf8(&alphabet[..n]).unwrap();
            let Repr::Inline { len, bytes } = SanText::new(text).0 else {
                panic!("{text}");
            };
            assert_eq!(usize::from(len), n);
            assert_eq!(&bytes[..n], text.as_bytes());
            assert!(bytes[n..].iter().all(|&b| b == 0), "{text}");
        }
        // Past 22 bytes (a long token of a broken file): on the heap, the same text.
        let long = "Nf3!?-with-a-long-tail-é";
        let t = SanText::new(long);
        assert!(matches!(t.0, Repr::Heap(_)));
        assert_eq!(&*t, long);
        assert_eq!(format!("{t}|{t:?}"), format!("{long}|{long:?}"));
        assert_eq!(
            std::mem::size_of::<SanText>(),
            std::mem::size_of::<String>()
        );
    }

    #[test]
    fn a_text_read_from_its_window_is_the_text_read_whole() {
        let line = b"1. Nf3 e8=Q+ exd5 Rxa1# O-O-O Kh1";
        for start in 0..line.len() {
            let Some(window) = line.get(start..).and_then(|w| w.first_chunk::<8>()) else {
                continue;
            };
            for len in 1..=8 {
                let text = std::str::from_utf8(&line[start..start + len]).unwrap();
                assert_eq!(
                    SanText::from_window(window, len),
                    Some(SanText::new(text)),
                    "{text:?}"
                );
            }
            assert_eq!(SanText::from_window(window, 0), None);
            assert_eq!(SanText::from_window(window, 9), None);
        }
        // A byte that is not ASCII is not cut into: not read from the window.
        let window = *b"e\xc3\xa9xd5 a";
        assert_eq!(SanText::from_window(&window, 1), Some(SanText::new("e")));
        assert_eq!(SanText::from_window(&window, 2), None);
        assert_eq!(SanText::from_window(&window, 3), None);
    }
}
