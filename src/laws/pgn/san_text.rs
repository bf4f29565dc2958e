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
    pub fn new(text: &str) -> SanText {
        if text.len() <= INLINE {
            let mut bytes = [0; INLINE];
            bytes[..text.len()].copy_from_slice(text.as_bytes());
            SanText(Repr::Inline {
                len: text.len() as u8,
                bytes,
            })
        } else {
            SanText(Repr::Heap(text.into()))
        }
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
}
