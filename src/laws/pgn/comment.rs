//! Comment commands (`[%clk 1:23:45.6]`, `[%emt 0:00:05]`, `[%eval 0.34]`, `[%draw offer]`):
//! read out of comment text into a [`MoveNode`], and written back.

use super::{Eval, MoveNode};

/// Collapses every run of whitespace (line breaks included) into one space and trims.
/// Nothing is allocated for a text of whitespace only.
pub(crate) fn collapse(s: &str) -> String {
    if !s.is_ascii() {
        return join_words(s.split_whitespace(), s.len());
    }
    // An ASCII text split at its bytes: `split_whitespace` decodes each character and asks
    // the Unicode tables, some thirty instructions a byte on the real games' comments of
    // `shared/data` (9,442 comments, 12.1 M instructions); ASCII whitespace is the same set.
    let b = s.as_bytes();
    let mut i = 0;
    let words = std::iter::from_fn(|| {
        while b.get(i).is_some_and(|&c| is_space(c)) {
            i += 1;
        }
        let start = i;
        while b.get(i).is_some_and(|&c| !is_space(c)) {
            i += 1;
        }
        // Both ends are ASCII bytes: character boundaries.
        (i > start).then(|| &s[start..i])
    });
    join_words(words, s.len())
}

/// The words of a text of `len` bytes joined by single spaces.
#[inline(always)]
fn join_words<'a>(words: impl Iterator<Item = &'a str>, len: usize) -> String {
    let mut out = String::new();
    for word in words {
        if out.is_empty() {
            out.reserve(len);
        } else {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// Whether an ASCII byte is whitespace as [`char::is_whitespace`] says: tab, line feed,
/// vertical tab, form feed, carriage return, space (the reader's byte classes use it too).
#[inline(always)]
pub(super) const fn is_space(b: u8) -> bool {
    matches!(b, b'\t'..=b'\r' | b' ')
}

/// Takes the commands escaque understands out of a comment, storing them in `node` (the
/// first of each kind only; a repeated one stays in the text), and returns the rest of the
/// text, whitespace collapsed.
pub(crate) fn extract_commands(text: &str, node: &mut MoveNode) -> String {
    if find_command(text).is_none() {
        return collapse(text);
    }
    // What stays of the text. While it is empty, whitespace is not pushed: collapsing
    // would trim it anyway (it separates no words), and a comment that holds nothing but
    // commands (`{[%clk 0:03:00]}`, most of them) then allocates nothing.
    let mut kept = String::new();
    let push = |kept: &mut String, s: &str| {
        if !kept.is_empty() || !s.trim().is_empty() {
            kept.push_str(s);
        }
    };
    let mut rest = text;
    while let Some(start) = find_command(rest) {
        let Some(len) = rest[start..].find(']') else {
            break;
        };
        let command = &rest[start + 2..start + len];
        let (name, args) = match command.find(char::is_whitespace) {
            Some(i) => (&command[..i], command[i..].trim()),
            None => (command, ""),
        };
        let taken = match name {
            "clk" if node.clock_ms().is_none() => {
                parse_clock(args).map(|ms| node.set_clock_ms(Some(ms)))
            }
            "emt" if node.emt_ms().is_none() => {
                parse_clock(args).map(|ms| node.set_emt_ms(Some(ms)))
            }
            "eval" if node.eval().is_none() => parse_eval(args).map(|e| node.set_eval(Some(e))),
            "draw" if !node.draw_offer && args == "offer" => {
                node.draw_offer = true;
                Some(())
            }
            _ => None,
        };
        push(&mut kept, &rest[..start]);
        if taken.is_some() {
            push(&mut kept, " ");
        } else {
            push(&mut kept, &rest[start..start + len + 1]);
        }
        rest = &rest[start + len + 1..];
    }
    push(&mut kept, rest);
    if kept.is_empty() {
        return kept;
    }
    collapse(&kept)
}

/// The byte where the first `[%` of `text` starts.
fn find_command(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    (0..b.len().saturating_sub(1)).find(|&i| b[i] == b'[' && b[i + 1] == b'%')
}

/// The commands of a node, as the writer puts them at the head of its first comment:
/// `[%eval 0.34] [%clk 0:01:00] [%emt 0:00:05] [%draw offer]`.
pub(crate) fn commands_of(node: &MoveNode) -> String {
    let mut parts = Vec::new();
    if let Some(e) = node.eval() {
        parts.push(format!("[%eval {e}]"));
    }
    if let Some(ms) = node.clock_ms() {
        parts.push(format!("[%clk {}]", format_clock(ms)));
    }
    if let Some(ms) = node.emt_ms() {
        parts.push(format!("[%emt {}]", format_clock(ms)));
    }
    if node.draw_offer {
        parts.push("[%draw offer]".to_string());
    }
    parts.join(" ")
}

fn digits(s: &str, min: usize, max: usize) -> Option<u64> {
    if s.len() < min || s.len() > max || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// Reads a clock reading `h:mm:ss`, `h:mm:ss.f` (tenths, or up to milliseconds) or `m:ss`,
/// in milliseconds. `None` when it is not one.
///
/// ```
/// use escaque::laws::pgn::parse_clock;
/// assert_eq!(parse_clock("1:23:45.6"), Some(5_025_600));
/// assert_eq!(parse_clock("0:00:05"), Some(5_000));
/// assert_eq!(parse_clock("5 minutes"), None);
/// ```
pub fn parse_clock(s: &str) -> Option<u64> {
    clock_bytes(s.trim().as_bytes())
}

/// [`parse_clock`] of a reading already trimmed (the reader's quick path has it as bytes,
/// with nothing around it).
pub(crate) fn clock_bytes(s: &[u8]) -> Option<u64> {
    // One pass over the bytes: it runs for every move of a game with clock comments. Up to
    // three groups of digits split by ':' (at most 6 digits each: no overflow), then
    // perhaps '.' and the fraction.
    let (h, h_len) = leading_digits(s);
    let mut i = h_len;
    let (mut m, mut m_len, mut sec, mut sec_len, mut colons) = (0, 0, 0, 0, 0);
    if s.get(i) == Some(&b':') {
        colons = 1;
        (m, m_len) = leading_digits(&s[i + 1..]);
        i += 1 + m_len;
        if s.get(i) == Some(&b':') {
            colons = 2;
            (sec, sec_len) = leading_digits(&s[i + 1..]);
            i += 1 + sec_len;
        }
    }
    let frac_ms = match s.get(i) {
        None => 0,
        Some(b'.') => {
            let f = &s[i + 1..];
            digit_bytes(f, 1, 3)? * [100, 10, 1][f.len() - 1]
        }
        // A seventh digit, a fourth group, anything else.
        Some(_) => return None,
    };
    let within = |len: usize, max: usize| (1..=max).contains(&len);
    let (h, m, sec) = match colons {
        2 if within(h_len, 6) && within(m_len, 2) && within(sec_len, 2) => (h, m, sec),
        1 if within(h_len, 4) && within(m_len, 2) => (0, h, m),
        _ => return None,
    };
    Some(((h * 60 + m) * 60 + sec) * 1000 + frac_ms)
}

/// The value and count of the digits at the start of `s`, at most 6 of them (a seventh is
/// left unread, and then fails the reading that follows).
fn leading_digits(s: &[u8]) -> (u64, usize) {
    let mut value = 0;
    for (i, &b) in s.iter().enumerate().take(6) {
        if !b.is_ascii_digit() {
            return (value, i);
        }
        value = value * 10 + u64::from(b - b'0');
    }
    (value, s.len().min(6))
}

/// [`digits`] for bytes: `min` to `max` ASCII digits (at most 6: no overflow).
fn digit_bytes(s: &[u8], min: usize, max: usize) -> Option<u64> {
    if s.len() < min || s.len() > max || !s.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(s.iter().fold(0, |n, &b| n * 10 + u64::from(b - b'0')))
}

/// Writes a clock reading as `[%clk]` does: `h:mm:ss`, with tenths (or as many decimals as
/// needed) when it is not a whole number of seconds.
///
/// ```
/// use escaque::laws::pgn::format_clock;
/// assert_eq!(format_clock(5_025_600), "1:23:45.6");
/// assert_eq!(format_clock(59_000), "0:00:59");
/// ```
pub fn format_clock(ms: u64) -> String {
    let frac = ms % 1000;
    let secs = ms / 1000;
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    let mut out = format!("{h}:{m:02}:{s:02}");
    if frac != 0 {
        if frac % 100 == 0 {
            out.push_str(&format!(".{}", frac / 100));
        } else if frac % 10 == 0 {
            out.push_str(&format!(".{:02}", frac / 10));
        } else {
            out.push_str(&format!(".{frac:03}"));
        }
    }
    out
}

/// Reads the argument of `[%eval]`: `0.34`, `-1.5`, `+2`, `.5`, `#3`, `#-3`.
pub(crate) fn parse_eval(s: &str) -> Option<Eval> {
    let s = s.trim();
    let (mate, s) = match s.strip_prefix('#') {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    let (sign, body) = match s.strip_prefix('-') {
        Some(rest) => (-1, rest),
        None => (1, s.strip_prefix('+').unwrap_or(s)),
    };
    if mate {
        return Some(Eval::Mate(sign * digits(body, 1, 5)? as i32));
    }
    let (int, frac) = body.split_once('.').unwrap_or((body, ""));
    if (int.is_empty() && frac.is_empty()) || body.ends_with('.') {
        return None;
    }
    let int_v = if int.is_empty() {
        0
    } else {
        digits(int, 1, 6)?
    };
    let frac_v = match frac.len() {
        0 => 0,
        1 => digits(frac, 1, 1)? * 10,
        2 => digits(frac, 2, 2)?,
        _ => return None,
    };
    Some(Eval::Centipawns(sign * (int_v * 100 + frac_v) as i32))
}

#[cfg(test)]
mod tests {
    #[test]
    fn collapse_splits_as_split_whitespace() {
        // Every ASCII byte and some non-ASCII text (among them whitespace outside ASCII:
        // no-break space, line separator), in runs of each length up to 3 around words.
        let pieces = (0u8..128)
            .map(|b| (b as char).to_string())
            .chain(["\u{a0}", "\u{2028}", "é", "♞", "ab", "  ", "\r\n"].map(String::from))
            .collect::<Vec<_>>();
        let mut texts = 0;
        for a in &pieces {
            for b in &pieces {
                for text in [
                    format!("{a}{b}"),
                    format!(" {a}x{b} "),
                    format!("Nf3{a}{a}{b}Nc6{b}"),
                ] {
                    let expected = text.split_whitespace().collect::<Vec<_>>().join(" ");
                    assert_eq!(super::collapse(&text), expected, "{text:?}");
                    texts += 1;
                }
            }
        }
        assert_eq!(texts, 3 * pieces.len() * pieces.len());
        assert_eq!(super::collapse(" \t\x0b\x0c\r\n "), "");
        assert_eq!(super::collapse("\x1c a\x1fb "), "\x1c a\x1fb");
    }

    /// The reading of [`parse_clock`] as first written (split at '.' and ':'), kept to hold
    /// the one-pass reading to the same answers.
    fn parse_clock_by_parts(s: &str) -> Option<u64> {
        let s = s.trim().as_bytes();
        let (whole, frac) = match s.iter().position(|&b| b == b'.') {
            Some(i) => (&s[..i], Some(&s[i + 1..])),
            None => (s, None),
        };
        let frac_ms = match frac {
            None => 0,
            Some(f) => digit_bytes(f, 1, 3)? * 10u64.pow(3 - f.len() as u32),
        };
        let parts: Vec<&[u8]> = whole.split(|&b| b == b':').collect();
        let (h, m, sec) = match parts[..] {
            [h, m, s] => (
                digit_bytes(h, 1, 6)?,
                digit_bytes(m, 1, 2)?,
                digit_bytes(s, 1, 2)?,
            ),
            [m, s] => (0, digit_bytes(m, 1, 4)?, digit_bytes(s, 1, 2)?),
            _ => return None,
        };
        Some(((h * 60 + m) * 60 + sec) * 1000 + frac_ms)
    }

    #[test]
    fn clock_readings_read_in_one_pass_as_by_parts() {
        // Every string of up to 7 characters over digits, ':', '.', a space and a letter,
        // and some longer ones.
        let alphabet = ['0', '5', '9', ':', '.', ' ', 'x'];
        let mut texts: Vec<String> = vec![String::new()];
        let mut all = Vec::new();
        for _ in 0..7 {
            texts = texts
                .iter()
                .flat_map(|t| alphabet.iter().map(move |c| format!("{t}{c}")))
                .collect();
            all.extend(texts.iter().cloned());
        }
        all.extend(
            [
                "1:23:45.6",
                "0:00:05",
                "123456:59:59.999",
                "1234567:00:00",
                "9999:59",
                "99999:59",
                "0:03:00.1234",
                " 0:03:00 ",
                "\u{a0}0:03:00",
                "1:2:3",
                "1::3",
            ]
            .map(String::from),
        );
        let mut read = 0;
        for t in &all {
            assert_eq!(parse_clock(t), parse_clock_by_parts(t), "{t:?}");
            read += usize::from(parse_clock(t).is_some());
        }
        assert!(read > 1000, "{read}");
    }

    use super::*;

    #[test]
    fn clocks() {
        assert_eq!(parse_clock("0:09:57.1"), Some(597_100));
        assert_eq!(parse_clock("1:05:23"), Some(3_923_000));
        assert_eq!(parse_clock("3:05"), Some(185_000));
        assert_eq!(parse_clock("0:00:05.123"), Some(5_123));
        assert_eq!(parse_clock("1:2:3:4"), None);
        assert_eq!(parse_clock(""), None);
        for ms in [0, 100, 5_123, 5_120, 597_100, 3_923_000, 360_000_000] {
            assert_eq!(parse_clock(&format_clock(ms)), Some(ms));
        }
    }

    #[test]
    fn evals() {
        assert_eq!(parse_eval("0.34"), Some(Eval::Centipawns(34)));
        assert_eq!(parse_eval("-1.5"), Some(Eval::Centipawns(-150)));
        assert_eq!(parse_eval("+2"), Some(Eval::Centipawns(200)));
        assert_eq!(parse_eval(".5"), Some(Eval::Centipawns(50)));
        assert_eq!(parse_eval("#-3"), Some(Eval::Mate(-3)));
        assert_eq!(parse_eval("#3"), Some(Eval::Mate(3)));
        assert_eq!(parse_eval("0.345"), None);
        assert_eq!(parse_eval("0.34,20"), None);
        assert_eq!(parse_eval("1."), None);
        assert_eq!(parse_eval("-"), None);
        for e in [Eval::Centipawns(-5), Eval::Centipawns(1234), Eval::Mate(-1)] {
            assert_eq!(parse_eval(&e.to_string()), Some(e));
        }
    }

    #[test]
    fn commands_out_of_text() {
        let mut node = MoveNode::default();
        let rest = extract_commands(
            " [%eval #-3] good\n move [%clk 0:01:00.5][%csl Gd4] [%clk 0:02:00] [%draw offer]",
            &mut node,
        );
        assert_eq!(rest, "good move [%csl Gd4] [%clk 0:02:00]");
        assert_eq!(node.eval(), Some(Eval::Mate(-3)));
        assert_eq!(node.clock_ms(), Some(60_500));
        assert!(node.draw_offer);
        assert_eq!(
            commands_of(&node),
            "[%eval #-3] [%clk 0:01:00.5] [%draw offer]"
        );
    }
}
