//! A writer of the one-line JSON objects of `pgn check --json` and `adjudicate --format
//! json`: one object per game, thousands of games a second, where serde_json's escaping
//! (a table lookup and a branch for every byte of every string) was most of the cost of a
//! line. Its output is serde_json's compact form, byte for byte (the reports keep their
//! `Serialize` derive, and the tests hold the two to each other): the same escapes
//! (`\"`, `\\`, `\b \f \n \r \t`, `\u00XX` in lowercase hex for the other control
//! characters), everything else written as it is.

/// An object being written into `out`: `{` when begun, `}` by [`Object::end`].
///
/// Its methods are always inlined: a report's field names are constants at every call, so
/// each name is copied by a few moves rather than a call of `memcpy` (`adjudicate
/// --format json` on the real games of `shared/data`: 7 M instructions fewer, of 787 M).
pub struct Object<'a> {
    out: &'a mut Vec<u8>,
    empty: bool,
}

impl<'a> Object<'a> {
    #[inline(always)]
    pub fn begin(out: &'a mut Vec<u8>) -> Object<'a> {
        out.push(b'{');
        Object { out, empty: true }
    }

    /// The name of the next field (plain ASCII, written as it is), and its colon.
    #[inline(always)]
    fn key(&mut self, name: &str) -> &mut Vec<u8> {
        if !self.empty {
            self.out.push(b',');
        }
        self.empty = false;
        self.out.push(b'"');
        self.out.extend_from_slice(name.as_bytes());
        self.out.extend_from_slice(b"\":");
        self.out
    }

    #[inline(always)]
    pub fn str(&mut self, name: &str, value: &str) -> &mut Self {
        string(self.key(name), value);
        self
    }

    #[inline(always)]
    pub fn opt_str(&mut self, name: &str, value: Option<&str>) -> &mut Self {
        match value {
            Some(v) => self.str(name, v),
            None => self.null(name),
        }
    }

    /// A string known to hold no byte to escape (a FEN, a result, an article's number, a
    /// name of the interface): written between its quotes as it is, not looked through
    /// (3.8 M instructions of `adjudicate` on the real games of `shared/data`, against
    /// [`Object::str`]). What is given so is held to serde_json's escaping, in release
    /// builds too, by `speech::report`'s `json_lines_written_as_serde_json_writes_them`.
    #[inline(always)]
    pub fn plain(&mut self, name: &str, value: &str) -> &mut Self {
        debug_assert!(first_escaping_word(value.as_bytes()).is_none(), "{value:?}");
        let out = self.key(name);
        out.push(b'"');
        out.extend_from_slice(value.as_bytes());
        out.push(b'"');
        self
    }

    #[inline(always)]
    pub fn opt_plain(&mut self, name: &str, value: Option<&str>) -> &mut Self {
        match value {
            Some(v) => self.plain(name, v),
            None => self.null(name),
        }
    }

    #[inline(always)]
    pub fn uint(&mut self, name: &str, value: usize) -> &mut Self {
        number(self.key(name), value);
        self
    }

    #[inline(always)]
    pub fn opt_uint(&mut self, name: &str, value: Option<usize>) -> &mut Self {
        match value {
            Some(v) => self.uint(name, v),
            None => self.null(name),
        }
    }

    #[inline(always)]
    pub fn bool(&mut self, name: &str, value: bool) -> &mut Self {
        let text: &[u8] = if value { b"true" } else { b"false" };
        self.key(name).extend_from_slice(text);
        self
    }

    #[inline(always)]
    pub fn null(&mut self, name: &str) -> &mut Self {
        self.key(name).extend_from_slice(b"null");
        self
    }

    /// A field whose value the caller writes (an array, an object) into the list given.
    #[inline(always)]
    pub fn raw(&mut self, name: &str) -> &mut Vec<u8> {
        self.key(name)
    }

    #[inline(always)]
    pub fn end(self) {
        self.out.push(b'}');
    }
}

/// `value` as a JSON string, quotes included.
pub fn string(out: &mut Vec<u8>, value: &str) {
    let bytes = value.as_bytes();
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    // Nearly every string of a report needs no escape: written at once.
    let Some(first) = first_escaping_word(bytes) else {
        out.extend_from_slice(bytes);
        out.push(b'"');
        return;
    };
    // The bytes before the first word with one are written as they are.
    let mut start = 0;
    let mut i = first;
    while i < bytes.len() {
        // Eight bytes at a time while none needs an escape (nearly every byte of a report).
        if let Some(chunk) = bytes.get(i..i + 8) {
            let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
            if !needs_escape(word) {
                i += 8;
                continue;
            }
        }
        let b = bytes[i];
        let escape: &[u8] = match b {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0x08 => b"\\b",
            0x0c => b"\\f",
            0..=0x1f => {
                out.extend_from_slice(&bytes[start..i]);
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.extend_from_slice(b"\\u00");
                out.push(HEX[usize::from(b >> 4)]);
                out.push(HEX[usize::from(b & 15)]);
                i += 1;
                start = i;
                continue;
            }
            _ => {
                i += 1;
                continue;
            }
        };
        out.extend_from_slice(&bytes[start..i]);
        out.extend_from_slice(escape);
        i += 1;
        start = i;
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

/// Where the first eight bytes of `bytes` (from the start, eight at a time) that hold one
/// needing an escape begin, or the last few after them. `None`: no byte needs one.
#[inline]
fn first_escaping_word(bytes: &[u8]) -> Option<usize> {
    let mut chunks = bytes.chunks_exact(8);
    for (k, chunk) in (&mut chunks).enumerate() {
        if needs_escape(u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]))) {
            return Some(8 * k);
        }
    }
    let rest = chunks.remainder();
    let start = bytes.len() - rest.len();
    // The last few as the last eight bytes (those before them passed over already), or, in
    // a string shorter than eight, put into a word of spaces (which need no escape) byte by
    // byte: not copied into a padded word, which took a call of `memcpy` for every string.
    let word = match bytes.last_chunk::<8>() {
        _ if rest.is_empty() => return None,
        Some(last) => u64::from_le_bytes(*last),
        None => rest
            .iter()
            .rev()
            .fold(u64::from_le_bytes([b' '; 8]), |w, &b| w << 8 | u64::from(b)),
    };
    needs_escape(word).then_some(start)
}

/// Whether any of the eight bytes of `word` is a quote, a backslash or a control character
/// (below 0x20); the bytes of UTF-8 sequences (0x80 and above) are not.
fn needs_escape(word: u64) -> bool {
    use crate::words::{bytes_below, bytes_equal};
    (bytes_below(word, 0x20) | bytes_equal(word, b'"') | bytes_equal(word, b'\\')) != 0
}

/// `value` in decimal.
pub fn number(out: &mut Vec<u8>, value: usize) {
    out.extend_from_slice(crate::core::fen::decimal(value as u64, &mut [0; 20]));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every string of one and two characters from a set that holds each kind of byte (the
    /// escaped ones, plain ASCII, UTF-8 of two, three and four bytes), and longer strings
    /// with them at every offset of the eight-byte steps: written as serde_json writes them.
    #[test]
    fn strings_written_as_serde_json_writes_them() {
        let chars: Vec<char> = (0u8..0x20)
            .map(char::from)
            .chain([
                '"', '\\', '/', ' ', 'a', '~', '\u{7f}', 'é', 'ñ', '€', '♔', '𝄞',
            ])
            .collect();
        let mut cases: Vec<String> = vec![String::new()];
        for &a in &chars {
            cases.push(a.to_string());
            for &b in &chars {
                cases.push([a, b].iter().collect());
            }
        }
        for &c in &chars {
            let text = "Cayó la bandera (6.9) ♔ ab";
            for at in 0..=text.chars().count() {
                let (head, tail) = (text.chars().take(at), text.chars().skip(at));
                cases.push(head.chain([c]).chain(tail).collect());
            }
        }
        for s in &cases {
            let mut out = Vec::new();
            string(&mut out, s);
            assert_eq!(
                String::from_utf8(out).unwrap(),
                serde_json::to_string(s).unwrap(),
                "{s:?}"
            );
        }
    }

    #[test]
    fn numbers_written_in_decimal() {
        for n in [0, 1, 9, 10, 99, 100, 12345, usize::MAX] {
            let mut out = Vec::new();
            number(&mut out, n);
            assert_eq!(String::from_utf8(out).unwrap(), n.to_string());
        }
    }
}
