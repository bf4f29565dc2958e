//! The streaming reader: one game at a time, from any `BufRead`, with bounded memory.
//!
//! The input is read line by line (each line decoded as UTF-8, or as Latin-1 when it is not
//! valid UTF-8; a final `\r` dropped; a BOM at the start of the file dropped) and cut into
//! tokens. A game ends at its termination marker, at a `[` tag that follows movetext (even
//! on the same line, or without a blank line: the chess.com export does that), or at the end
//! of the input.
//!
//! After an error the game is dropped and the reader skips to the next line that starts
//! like a tag (`[Name "`) once it has seen the bad game's movetext.

use std::io::{self, BufRead};

use super::comment::{clock_bytes, collapse, extract_commands, is_space, parse_clock, parse_eval};
use super::error::{PgnError, PgnErrorKind, quote};
use super::{MoveNode, PgnGame, SanText};

/// The longest game text the reader keeps (8 MiB): a longer game is an error and skipped.
pub const DEFAULT_MAX_GAME_BYTES: usize = 8 << 20;
/// The deepest nesting of variations accepted.
pub const DEFAULT_MAX_DEPTH: usize = 100;

/// Limits of the reader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadOptions {
    /// The most bytes of text one game may take (tags, movetext, comments), and so the
    /// longest line read; beyond it the game is an error and the reader skips to the next.
    pub max_game_bytes: usize,
    /// The deepest nesting of variations.
    pub max_depth: usize,
}

impl Default for ReadOptions {
    fn default() -> ReadOptions {
        ReadOptions {
            max_game_bytes: DEFAULT_MAX_GAME_BYTES,
            max_depth: DEFAULT_MAX_DEPTH,
        }
    }
}

/// Reads the games of a text.
pub fn read_str(text: &str) -> Reader<&[u8]> {
    Reader::new(text.as_bytes())
}

/// Reads PGN games one at a time: an iterator of `Result<PgnGame, PgnError>`. An error
/// costs only its game; the reader goes on with the next. It never panics.
///
/// ```
/// use escaque::laws::pgn::Reader;
/// let text = "1. e4 {unclosed\n[Event \"Next\"]\n1. d4 d5 *\n";
/// let results: Vec<_> = Reader::new(text.as_bytes()).collect();
/// assert_eq!(
///     results[0].as_ref().unwrap_err().to_string(),
///     "game 1, line 1, column 7: unterminated comment: the '{' of \"{unclosed\" is never \
///      closed by '}'"
/// );
/// assert_eq!(results[1].as_ref().unwrap().tag("Event"), Some("Next"));
/// ```
pub struct Reader<R> {
    input: R,
    opts: ReadOptions,
    raw: Vec<u8>,
    /// Whether `raw` is ASCII, when [`Reader::read_raw_line`] told it on the way.
    raw_ascii: Option<bool>,
    /// The current line, decoded, without its line break.
    line: String,
    /// The movetext token being read (a buffer kept between tokens).
    tok: String,
    /// The buffer of the next comment's text (kept between comments).
    comment_buf: String,
    /// Byte position of the next unread character of `line`.
    pos: usize,
    /// The current line is ASCII: a byte's column is its position.
    ascii: bool,
    /// Column cache: the column of byte `cbyte`.
    cbyte: usize,
    ccol: usize,
    line_no: usize,
    /// Whether `line` still has text to read.
    live: bool,
    prev_blank: bool,
    /// Games numbered so far.
    started: usize,
    /// The number of tags and of main-line moves of the last game read: the room the next
    /// game is given at once (games of a file are alike; growing a vector of moves copies
    /// all of them).
    tags_hint: usize,
    moves_hint: usize,
    game: Option<Building>,
    skip: Option<Skip>,
    finished: bool,
    /// Whether [`Reader::quick_tokens`] reads what it can (tests turn it off, to compare).
    #[cfg(test)]
    quick: bool,
}

struct Skip {
    seen_movetext: bool,
}

/// A game being read.
struct Building {
    index: usize,
    line: usize,
    tags: Vec<(String, String)>,
    /// Tag pairs of earlier games, whose texts the next tags are written into (see
    /// [`super::recycle_tags`]).
    spare_tags: Vec<(String, String)>,
    comment_before: Vec<String>,
    /// The main line, then one frame per open variation.
    frames: Vec<Frame>,
    result: Option<String>,
    /// Whether movetext (a move, NAG, variation or result) has been seen.
    movetext: bool,
    bytes: usize,
    comment: Option<OpenComment>,
}

struct Frame {
    nodes: Vec<MoveNode>,
    /// The room the line takes at its first move (then it grows as vectors do).
    room: usize,
    /// Comments at the start of a variation, for its first move.
    before: Vec<String>,
    open_line: usize,
    open_col: usize,
    /// The line from the `(` that opened the variation on, or its quote when long (quoted
    /// for an error: [`quote`] of either is the same).
    open_text: String,
}

/// The longest rest of a line kept as it is when a variation opens (see
/// [`Reader::open_variation`]): more than a line of the PGN standard holds (255 characters
/// at most; 79 in export format).
const OPEN_TEXT_KEPT: usize = 512;

struct OpenComment {
    text: String,
    depth: usize,
    line: usize,
    col: usize,
}

impl Frame {
    fn new(open_line: usize, open_col: usize, open_text: String) -> Frame {
        Frame {
            nodes: Vec::new(),
            room: 0,
            before: Vec::new(),
            open_line,
            open_col,
            open_text,
        }
    }

    /// A move of this line, the node `node` makes, taking the comments kept for it.
    /// Inlined: the quick path's moves (no NAG, no comment before) then skip what does not
    /// concern them, and their node is built where it goes (made before the vector grows,
    /// it would be built aside and copied).
    #[inline(always)]
    fn push_move(&mut self, node: impl FnOnce() -> MoveNode, nag: Option<u8>) {
        if self.nodes.len() == self.nodes.capacity() {
            self.grow();
        }
        let len = self.nodes.len();
        self.nodes.spare_capacity_mut()[0].write(node());
        // SAFETY: the element at `len`, within the capacity reserved, was just written. A
        // `push` builds the node aside and copies it (it may have to grow the vector
        // first): one call to `memcpy` for every move read.
        unsafe { self.nodes.set_len(len + 1) };
        if nag.is_some() || !self.before.is_empty() {
            self.annotate_last(nag);
        }
    }

    /// Room for more moves: at the main line's first move, the room planned for it, in a
    /// list from the pool of recycled ones; a variation (no room planned) starts with
    /// eight of its own. Given a pooled list, a variation kept it (variations are not
    /// recycled), and the next main line was a new list: on the real games of `shared/data`
    /// (4,954 variations) `adjudicate` spent 0.12 % more instructions.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let room = std::mem::take(&mut self.room);
        if self.nodes.capacity() == 0 && room > 0 {
            self.nodes = super::take_move_list(room);
        } else {
            self.nodes.reserve(room.max(8));
        }
    }

    /// The NAG read with the last move, and the comments kept for it.
    #[cold]
    fn annotate_last(&mut self, nag: Option<u8>) {
        let before = std::mem::take(&mut self.before);
        if let Some(node) = self.nodes.last_mut() {
            node.set_comment_before(before);
            if let Some(nag) = nag {
                node.push_nag(nag);
            }
        }
    }
}

impl Building {
    fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.result.is_none() && self.frames[0].nodes.is_empty()
    }

    /// Adds the tag pair `name`, `value`, written into an old pair's texts when there is one.
    fn push_tag(&mut self, (name, value): (&str, &str)) {
        let pair = match self.spare_tags.pop() {
            Some((mut n, mut v)) => {
                n.clear();
                n.push_str(name);
                v.clear();
                v.push_str(value);
                (n, v)
            }
            None => (name.to_owned(), value.to_owned()),
        };
        self.tags.push(pair);
    }
}

/// Whether a move token is a null move (`--`, `Z0`, UCI's `0000`).
pub(crate) fn is_null_token(s: &str) -> bool {
    matches!(s, "--" | "Z0" | "0000")
}

/// Whether a token is a game termination marker.
pub(crate) fn is_result(s: &str) -> bool {
    matches!(s, "1-0" | "0-1" | "1/2-1/2" | "*" | "½-½")
}

fn is_figurine(c: char) -> bool {
    ('\u{2654}'..='\u{265f}').contains(&c)
}

/// Characters that end a movetext token.
fn is_delimiter(c: char) -> bool {
    c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';' | '$' | '"')
}

/// The first `\n` of `bytes`, and whether the bytes before it (all of them, when there is
/// none) are ASCII: every byte of the input is searched, and the ASCII check (for the
/// columns) would be a second pass over each line. Sixteen bytes at a time, in a form LLVM
/// compiles to a few vector operations a block.
fn scan_line(bytes: &[u8]) -> (Option<usize>, bool) {
    let mut chunks = bytes.chunks_exact(16);
    let mut at = 0;
    let mut ascii = true;
    for chunk in &mut chunks {
        let (newlines, highs) = block_masks(chunk);
        if newlines != 0 {
            let i = newlines.trailing_zeros();
            let before = highs & ((1 << i) - 1);
            return (Some(at + i as usize), ascii && before == 0);
        }
        ascii &= highs == 0;
        at += 16;
    }
    let rest = chunks.remainder();
    match rest.iter().position(|&b| b == b'\n') {
        Some(i) => (Some(at + i), ascii && rest[..i].is_ascii()),
        None => (None, ascii && rest.is_ascii()),
    }
}

/// Of sixteen bytes, those that are `\n` and those that are not ASCII, as bits. With SSE2,
/// which every x86-64 processor has: three operations.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn block_masks(chunk: &[u8]) -> (u32, u32) {
    use std::arch::x86_64::{_mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8};
    let Some(block) = chunk.first_chunk::<16>() else {
        return portable_block_masks(chunk);
    };
    // SAFETY: the load reads the sixteen bytes of `block` (no alignment asked); SSE2, which
    // the other three need, is part of the x86-64 architecture (always enabled).
    let (newlines, highs) = unsafe {
        let v = _mm_loadu_si128(block.as_ptr().cast());
        let newlines = _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(b'\n' as i8)));
        (newlines, _mm_movemask_epi8(v))
    };
    (newlines as u32, highs as u32)
}

#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn block_masks(chunk: &[u8]) -> (u32, u32) {
    portable_block_masks(chunk)
}

/// [`block_masks`] byte by byte (up to 32 bytes).
fn portable_block_masks(chunk: &[u8]) -> (u32, u32) {
    let (mut newlines, mut highs) = (0u32, 0u32);
    for (i, &b) in chunk.iter().take(32).enumerate() {
        newlines |= u32::from(b == b'\n') << i;
        highs |= u32::from(b >> 7) << i;
    }
    (newlines, highs)
}

/// What a byte of an ASCII line is to [`Reader::quick_tokens`], as bits of [`BYTE_CLASS`]:
/// whitespace (`char::is_whitespace`), the end of a token ([`is_delimiter`]), a byte of a
/// plain move (letters, digits, `+ # = -`), a digit.
const SPACE: u8 = 1;
const END: u8 = 2;
const PLAIN: u8 = 4;
const DIGIT: u8 = 8;

/// The class of each byte: one load where the tests on characters take several.
static BYTE_CLASS: [u8; 256] = {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        table[b] = if is_space(c) {
            SPACE | END
        } else if matches!(
            c,
            b'{' | b'}' | b'(' | b')' | b'[' | b']' | b';' | b'$' | b'"'
        ) {
            END
        } else if c.is_ascii_digit() {
            PLAIN | DIGIT
        } else if c.is_ascii_alphabetic() || matches!(c, b'+' | b'#' | b'=' | b'-') {
            PLAIN
        } else {
            0
        };
        b += 1;
    }
    table
};

/// The class of the byte at `i` of `line`: [`END`] past its end.
fn class_at(line: &[u8], i: usize) -> u8 {
    line.get(i).map_or(END, |&b| BYTE_CLASS[usize::from(b)])
}

/// The clock comment `{[%clk 1:29:37]}` at byte `at` of an ASCII line (spaces and tabs
/// allowed inside the braces and around the reading): the reading, and the byte after the
/// `}`. [`Reader::clock_comment`] reads such a comment the same way. Inlined into the quick
/// path's loop: it is read after every move of a file with clocks.
#[inline]
fn quick_clock(line: &[u8], at: usize) -> Option<(u64, usize)> {
    lichess_clock(line, at)
        .or_else(|| tight_clock(line, at))
        .or_else(|| spaced_clock(line, at))
}

/// The clock comment of every move of a lichess export, `{ [%clk 0:03:00] }`, at byte `at`:
/// its eighteen bytes compared and read as words, a few instructions where the general
/// reading ([`spaced_clock`], which reads it the same) takes a hundred. `None` for any
/// other text.
#[inline]
fn lichess_clock(line: &[u8], at: usize) -> Option<(u64, usize)> {
    let (head, rest) = line.get(at..)?.split_first_chunk::<8>()?;
    let (reading, rest) = rest.split_first_chunk::<8>()?;
    if head != b"{ [%clk " || !rest.starts_with(b" }") {
        return None;
    }
    Some((clock_word(reading, b']')? * 1000, at + 18))
}

/// The clock comment of chess.com's exports, `{[%clk 0:02:59.9]}` (or without the tenths,
/// `{[%clk 0:03:00]}`), at byte `at`, read as [`lichess_clock`] reads lichess's: 68,500 of
/// the real games' comments in `shared/data` are so written, which [`spaced_clock`] read
/// at some 130 instructions each. `None` for any other text.
#[inline]
fn tight_clock(line: &[u8], at: usize) -> Option<(u64, usize)> {
    let (head, rest) = line.get(at..)?.split_first_chunk::<7>()?;
    let (reading, rest) = rest.split_first_chunk::<8>()?;
    if head != b"{[%clk " {
        return None;
    }
    match (reading[7], rest) {
        (b']', [b'}', ..]) => Some((clock_word(reading, b']')? * 1000, at + 16)),
        (b'.', [tenth @ b'0'..=b'9', b']', b'}', ..]) => Some((
            clock_word(reading, b'.')? * 1000 + u64::from(tenth - b'0') * 100,
            at + 18,
        )),
        _ => None,
    }
}

/// The seconds of the reading `h:mm:ss` in the first seven bytes of `word`, its eighth byte
/// `last`, told as one word: `None` unless each byte is a digit, the colon or `last` in its
/// place.
#[inline]
fn clock_word(word: &[u8; 8], last: u8) -> Option<u64> {
    // The digits are 0 to 9 here and the other bytes 0 once the template is taken out.
    const TEMPLATE: u64 = u64::from_le_bytes(*b"0:00:00\0");
    const DIGIT_LOWS: u64 = u64::from_le_bytes([15, 0, 15, 15, 0, 15, 15, 0]);
    const DIGIT_SIXES: u64 = u64::from_le_bytes([6, 0, 6, 6, 0, 6, 6, 0]);
    const DIGIT_HIGHS: u64 = u64::from_le_bytes([0xf0, 0, 0xf0, 0xf0, 0, 0xf0, 0xf0, 0]);
    let d = u64::from_le_bytes(*word) ^ TEMPLATE ^ (u64::from(last) << 56);
    // Each digit's byte is at most 15 now, so adding 6 carries into the next byte never
    // and into its own high half exactly for 10 to 15.
    if d & !DIGIT_LOWS != 0 || (d + DIGIT_SIXES) & DIGIT_HIGHS != 0 {
        return None;
    }
    let digit = |byte: u32| (d >> (8 * byte)) & 15;
    let minutes = digit(0) * 60 + digit(2) * 10 + digit(3);
    Some(minutes * 60 + digit(5) * 10 + digit(6))
}

/// The comment of every move of a lichess export with the engine's evaluations, `{ [%eval
/// 0.24] [%clk 0:10:00] }` exactly so spaced, at byte `at`: the evaluation, the clock, and
/// the byte after the `}`. Each argument is read by the general path's own function
/// ([`parse_eval`], [`parse_clock`]; the usual clock reading `h:mm:ss` by [`clock_word`],
/// as `parse_clock` reads it) and only when it holds the bytes they read, so
/// [`extract_commands`] reads such a comment the same (both commands taken, no text left);
/// `None` for any other text, which the general path reads. On the 999 games of
/// lichess's October 2021 database in `shared/data`, 5,796 such comments went through the
/// general path at some 1,700 instructions each.
#[cold]
#[inline(never)]
fn eval_clock(line: &[u8], at: usize) -> Option<(super::Eval, u64, usize)> {
    let rest = line.get(at..)?.strip_prefix(b"{ [%eval ")?;
    let close = rest.iter().position(|&b| b == b']')?;
    let (arg, rest) = rest.split_at(close);
    if !arg
        .iter()
        .all(|b| matches!(b, b'0'..=b'9' | b'.' | b'#' | b'-' | b'+'))
    {
        return None;
    }
    let eval = parse_eval(std::str::from_utf8(arg).ok()?)?;
    let rest = rest.strip_prefix(b"] [%clk ")?;
    // The usual reading, `h:mm:ss`, as one word (as `parse_clock` reads it).
    let (ms, rest) = match rest
        .split_first_chunk::<8>()
        .and_then(|(reading, after)| Some((clock_word(reading, b']')?, after)))
    {
        Some((seconds, after)) => (seconds * 1000, after),
        None => {
            let close = rest.iter().position(|&b| b == b']')?;
            let (arg, rest) = rest.split_at(close);
            if !arg.iter().all(|b| matches!(b, b'0'..=b'9' | b':' | b'.')) {
                return None;
            }
            (parse_clock(std::str::from_utf8(arg).ok()?)?, &rest[1..])
        }
    };
    let rest = rest.strip_prefix(b" }")?;
    Some((eval, ms, line.len() - rest.len()))
}

/// [`quick_clock`] for any spacing and any reading, by the general reading of a clock
/// ([`clock_bytes`], as [`Reader::clock_comment`] reads one): out of line, so that the
/// usual comment does not pay for its registers.
#[cold]
#[inline(never)]
fn spaced_clock(line: &[u8], at: usize) -> Option<(u64, usize)> {
    let skip = |mut k: usize| {
        while let Some(b' ' | b'\t') = line.get(k) {
            k += 1;
        }
        k
    };
    let k = skip(at + 1);
    if line.get(k..k + 6) != Some(b"[%clk ") {
        return None;
    }
    let from = skip(k + 6);
    // Any reading `clock_bytes` reads (the usual ones, lichess's and chess.com's, are read
    // at once by `lichess_clock` and `tight_clock`, and the tests hold them to this).
    let mut to = from;
    while let Some(b'0'..=b'9' | b':' | b'.') = line.get(to) {
        to += 1;
    }
    let ms = clock_bytes(&line[from..to])?;
    let k = skip(to);
    if line.get(k) != Some(&b']') {
        return None;
    }
    let k = skip(k + 1);
    (line.get(k) == Some(&b'}')).then_some((ms, k + 1))
}

/// A line that starts like a tag pair: `[Name "`.
pub(crate) fn starts_like_tag(line: &str) -> bool {
    let Some(rest) = line.trim_start().strip_prefix('[') else {
        return false;
    };
    let name_len = rest
        .char_indices()
        .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '_'))
        .map_or(rest.len(), |(i, _)| i);
    if name_len == 0 || !rest.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return false;
    }
    let after = &rest[name_len..];
    after.starts_with(char::is_whitespace) && after.trim_start().starts_with('"')
}

/// A whole line that is a tag pair: `[Name "value"]`.
pub(crate) fn is_tag_line(line: &str) -> bool {
    starts_like_tag(line) && line.trim_end().ends_with(']')
}

/// The annotation glyphs read as NAGs when written alone or after a move.
fn glyph_nag(s: &str) -> Option<u8> {
    Some(match s {
        "!" => 1,
        "?" => 2,
        "!!" | "‼" => 3,
        "??" | "⁇" => 4,
        "!?" | "⁉" => 5,
        "?!" | "⁈" => 6,
        "□" => 7,
        "=" => 10,
        "∞" => 13,
        "⩲" | "+=" | "+/=" => 14,
        "⩱" | "=+" | "=/+" => 15,
        "±" | "+/-" => 16,
        "∓" | "-/+" => 17,
        "+-" => 18,
        "-+" => 19,
        _ => return None,
    })
}

/// What a movetext token is.
#[derive(Debug, PartialEq, Eq)]
enum Class<'a> {
    Result(&'a str),
    /// A move number, or an `e.p.` mark: nothing to keep.
    Skip,
    Annotation(u8),
    Move {
        san: &'a str,
        nag: Option<u8>,
        /// Characters before the move in the token (a glued move number).
        offset: usize,
    },
    Bad,
}

fn classify(tok: &str) -> Class<'_> {
    classify_at(tok, 0)
}

fn classify_at(tok: &str, offset: usize) -> Class<'_> {
    if tok.is_empty() {
        return Class::Skip;
    }
    if is_result(tok) {
        return Class::Result(tok);
    }
    if tok == "0000" {
        return Class::Move {
            san: tok,
            nag: None,
            offset,
        };
    }
    let digits = tok.bytes().take_while(u8::is_ascii_digit).count();
    if digits == tok.len() {
        return Class::Skip;
    }
    let after = &tok[digits..];
    if after.starts_with(['.', '…']) {
        let rest = after.trim_start_matches(['.', '…']);
        let skipped = tok[..tok.len() - rest.len()].chars().count();
        return classify_at(rest, offset + skipped);
    }
    if let Some(n) = glyph_nag(tok) {
        return Class::Annotation(n);
    }
    if !is_move_token(tok) {
        return Class::Bad;
    }
    let san = tok.trim_end_matches(['!', '?', '‼', '⁇', '⁈', '⁉']);
    if matches!(san, "e.p." | "e.p" | "ep" | "a.p." | "a.p") {
        return Class::Skip;
    }
    let nag = glyph_nag(&tok[san.len()..]);
    if san.is_empty() || (nag.is_none() && san.len() < tok.len()) {
        return Class::Move {
            san: tok,
            nag: None,
            offset,
        };
    }
    Class::Move { san, nag, offset }
}

/// Characters a move may be written with, in any of the notations escaque reads (and the
/// drops of Crazyhouse, so that such a game is read and then flagged as a variant).
fn is_move_token(t: &str) -> bool {
    if t == "--" {
        return true;
    }
    // Castling may be written with zeros; nothing else starts with a digit.
    let ok_first = t.starts_with("0-0")
        || t.chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || is_figurine(c));
    ok_first
        && t.chars().all(|c| {
            c.is_ascii_alphanumeric()
                || is_figurine(c)
                || matches!(
                    c,
                    '-' | '='
                        | '+'
                        | '#'
                        | ':'
                        | '/'
                        | '@'
                        | '.'
                        | '!'
                        | '?'
                        | '×'
                        | '–'
                        | '‼'
                        | '⁇'
                        | '⁈'
                        | '⁉'
                        | '‡'
                        | '\u{fe0e}'
                        | '\u{fe0f}'
                )
        })
}

type Item = Result<PgnGame, PgnError>;

/// A tag parsed from a line: name, value, byte just after its `]`.
type ParsedTag = (String, String, usize);

/// What [`Reader::direct_line`] did with the next line.
enum Direct {
    /// Nothing: the line is for the general path.
    General,
    /// The line is read (or what is left of it is in `line`, for `step`).
    Done,
}

impl<R: BufRead> Reader<R> {
    /// A reader with the default limits (8 MiB a game, 100 levels of variations).
    pub fn new(input: R) -> Reader<R> {
        Reader::with_options(input, ReadOptions::default())
    }

    /// A reader with other limits.
    pub fn with_options(input: R, opts: ReadOptions) -> Reader<R> {
        Reader {
            input,
            opts: ReadOptions {
                max_game_bytes: opts.max_game_bytes.max(1),
                max_depth: opts.max_depth.max(1),
            },
            raw: Vec::new(),
            raw_ascii: None,
            line: String::new(),
            tok: String::new(),
            comment_buf: String::new(),
            pos: 0,
            ascii: true,
            cbyte: 0,
            ccol: 1,
            line_no: 0,
            live: false,
            prev_blank: true,
            started: 0,
            tags_hint: 0,
            moves_hint: 0,
            game: None,
            skip: None,
            finished: false,
            #[cfg(test)]
            quick: true,
        }
    }

    /// Reads the next line into `raw` (at most `max_game_bytes` of it; `Ok(Some(true))` when
    /// the line was longer and cut). `Ok(None)` at the end of the input.
    fn read_raw_line(&mut self) -> io::Result<Option<bool>> {
        self.raw.clear();
        self.raw_ascii = Some(true);
        let max = self.opts.max_game_bytes;
        let mut any = false;
        let mut cut = false;
        loop {
            let available = match self.input.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                return Ok(any.then_some(cut));
            }
            any = true;
            let (newline, ascii) = scan_line(available);
            let (take, used, done) = match newline {
                Some(i) => (i, i + 1, true),
                None => (available.len(), available.len(), false),
            };
            let room = max.saturating_sub(self.raw.len());
            if take > room {
                cut = true;
            }
            // Of a line cut short only the bytes kept count: `decode_line` asks them.
            self.raw_ascii = self.raw_ascii.map(|a| a && ascii).filter(|_| !cut);
            self.raw.extend_from_slice(&available[..take.min(room)]);
            self.input.consume(used);
            if done {
                return Ok(Some(cut));
            }
        }
    }

    /// Decodes `raw` into `line`: UTF-8, or Latin-1 when it is not valid UTF-8.
    fn decode_line(&mut self) {
        // Valid UTF-8 (nearly every line) becomes the line without a copy: the two buffers
        // change places, and the old line's serves the next raw line.
        let raw = std::mem::take(&mut self.raw);
        let mut line = std::mem::take(&mut self.line);
        self.ascii = match self.raw_ascii {
            Some(ascii) => ascii,
            None => raw.is_ascii(),
        };
        let decoded = if self.ascii {
            // SAFETY: ASCII bytes are valid UTF-8. The check of ASCII is needed anyway (for
            // the columns) and is several times cheaper a byte than `from_utf8`'s, which
            // would repeat it for nearly every line.
            Ok(unsafe { String::from_utf8_unchecked(raw) })
        } else {
            String::from_utf8(raw).map_err(|e| e.into_bytes())
        };
        match decoded {
            Ok(s) => {
                self.raw = line.into_bytes();
                self.line = s;
            }
            Err(raw) => {
                line.clear();
                line.extend(raw.iter().map(|&b| b as char));
                self.raw = raw;
                self.line = line;
            }
        }
        if self.line.ends_with('\r') {
            self.line.pop();
        }
        if self.line_no == 1 && self.line.starts_with('\u{feff}') {
            self.line.drain(..'\u{feff}'.len_utf8());
        }
        if !self.ascii {
            // The first line, UTF-8, may be ASCII once its BOM is dropped.
            self.ascii = self.line.is_ascii();
        }
        self.pos = 0;
        self.cbyte = 0;
        self.ccol = 1;
    }

    /// The column (from 1, in characters) of a byte of the current line.
    fn col_at(&mut self, byte: usize) -> usize {
        let byte = byte.min(self.line.len());
        if self.ascii {
            // One byte, one character.
            return byte + 1;
        }
        if byte < self.cbyte || !self.line.is_char_boundary(byte) {
            self.cbyte = 0;
            self.ccol = 1;
        }
        if !self.line.is_char_boundary(byte) {
            return self.line[..].chars().count() + 1;
        }
        self.ccol += self.line[self.cbyte..byte].chars().count();
        self.cbyte = byte;
        self.ccol
    }

    fn error(&self, game: usize, line: usize, column: usize, kind: PgnErrorKind) -> PgnError {
        PgnError {
            game,
            line,
            column,
            kind,
        }
    }

    /// The end of the reading on an input error, reported on the line that was to be read.
    fn io_error(&mut self, e: io::Error) -> Item {
        self.finished = true;
        let index = self.game.as_ref().map_or(self.started + 1, |g| g.index);
        Err(self.error(index, self.line_no + 1, 1, PgnErrorKind::Io(e.to_string())))
    }

    /// Starts a game if none is being read.
    fn ensure_game(&mut self) -> &mut Building {
        let (line_no, bytes) = (self.line_no, self.line.len() + 1);
        self.start_game(line_no, bytes)
    }

    /// Starts a game, if none is being read, on line `line_no` of `bytes` bytes.
    fn start_game(&mut self, line_no: usize, bytes: usize) -> &mut Building {
        let hints = (self.tags_hint, self.moves_hint);
        Self::start_game_in(&mut self.game, &mut self.started, hints, line_no, bytes)
    }

    /// [`Reader::start_game`] on the reader's fields it changes (`game`, `started`) and its
    /// hints of the last game's tags and moves, for a caller that holds the input borrowed.
    fn start_game_in<'g>(
        game: &'g mut Option<Building>,
        started: &mut usize,
        (tags, moves): (usize, usize),
        line_no: usize,
        bytes: usize,
    ) -> &'g mut Building {
        game.get_or_insert_with(|| {
            *started += 1;
            Building {
                index: *started,
                line: line_no,
                tags: Vec::with_capacity(tags),
                spare_tags: super::take_tag_texts(),
                comment_before: Vec::new(),
                frames: vec![Frame {
                    // Room for the main line of nearly every game from the start: twice
                    // the last game's, at least 512 moves, not more than 1024. Games of a
                    // file vary in length, and a game longer than its room copies all its
                    // moves to grow (on 300 generated games, a quarter more than the last
                    // game's grew 112 times, this never); the room costs nothing to take
                    // (one allocation either way), and 1024 nodes stay below the size the
                    // allocator maps from the system. It is taken at the first move, after
                    // the tags' texts: glibc's malloc merges its small free blocks before
                    // it serves a large one, and the tags have then taken some of them
                    // (300 generated games: 0.8 M instructions fewer).
                    room: (2 * moves).clamp(512, 1024),
                    ..Frame::new(0, 0, String::new())
                }],
                result: None,
                movetext: false,
                bytes,
                comment: None,
            }
        })
    }

    /// Drops the game being read with an error at `byte` of the current line, and skips
    /// to the next game.
    fn fail(&mut self, byte: usize, kind: PgnErrorKind) -> Item {
        let column = self.col_at(byte);
        let g = self.ensure_game();
        let (index, seen_movetext) = (g.index, g.movetext);
        self.game = None;
        self.skip = Some(Skip { seen_movetext });
        self.live = false;
        Err(self.error(index, self.line_no, column, kind))
    }

    /// Ends the game being read: the game, or the error of an unclosed comment or
    /// variation; nothing when it holds nothing (no tags, moves or result).
    fn finish_game(&mut self) -> Option<Item> {
        let g = self.game.take()?;
        if let Some(c) = &g.comment {
            let text = format!("{{{}", c.text);
            return Some(Err(self.error(
                g.index,
                c.line,
                c.col,
                PgnErrorKind::UnterminatedComment(quote(&text)),
            )));
        }
        if g.frames.len() > 1 {
            let f = &g.frames[g.frames.len() - 1];
            return Some(Err(self.error(
                g.index,
                f.open_line,
                f.open_col,
                PgnErrorKind::UnclosedVariation(quote(&f.open_text)),
            )));
        }
        if g.is_empty() {
            self.started -= 1;
            return None;
        }
        super::recycle_tags(g.spare_tags);
        let mut frames = g.frames;
        let moves = frames.pop().map(|f| f.nodes).unwrap_or_default();
        (self.tags_hint, self.moves_hint) = (g.tags.len(), moves.len());
        Some(Ok(PgnGame {
            index: g.index,
            line: g.line,
            tags: g.tags,
            comment_before: g.comment_before,
            moves,
            result: g.result,
        }))
    }

    /// Prepares a freshly read line; may end the game being read (too long, or an
    /// unclosed comment running into the next game's tags).
    fn begin_line(&mut self, cut: bool) -> Option<Item> {
        // Most lines show a byte that is not whitespace at once; a line of other characters
        // may be of Unicode spaces only.
        let blank = match self
            .line
            .bytes()
            .find(|&b| BYTE_CLASS[usize::from(b)] & SPACE == 0)
        {
            None => true,
            Some(b) if b.is_ascii() => false,
            Some(_) => self.line.trim().is_empty(),
        };
        let prev_blank = std::mem::replace(&mut self.prev_blank, blank);
        let max = self.opts.max_game_bytes;
        if cut {
            let index = match &self.game {
                Some(g) => g.index,
                None => {
                    self.started += 1;
                    self.started
                }
            };
            self.game = None;
            self.skip = Some(Skip {
                seen_movetext: true,
            });
            self.live = false;
            return Some(Err(self.error(
                index,
                self.line_no,
                1,
                PgnErrorKind::GameTooLong(max),
            )));
        }
        if let Some(skip) = &mut self.skip {
            let resume = starts_like_tag(&self.line)
                && (skip.seen_movetext
                    || (prev_blank && self.line.trim_start().starts_with("[Event")));
            if !resume {
                let t = self.line.trim_start();
                if !t.is_empty() && !t.starts_with('[') && !self.line.starts_with('%') {
                    skip.seen_movetext = true;
                }
                self.live = false;
                return None;
            }
            self.skip = None;
        }
        let mut in_comment = false;
        if let Some(g) = &mut self.game {
            g.bytes += self.line.len() + 1;
            if g.bytes > max {
                let (index, seen_movetext) = (g.index, g.movetext);
                self.game = None;
                self.skip = Some(Skip { seen_movetext });
                self.live = false;
                return Some(Err(self.error(
                    index,
                    self.line_no,
                    1,
                    PgnErrorKind::GameTooLong(max),
                )));
            }
            if g.comment.is_some() {
                if is_tag_line(&self.line) {
                    // A comment left open runs into the next game: report it there.
                    self.live = true;
                    return self.finish_game();
                }
                in_comment = true;
            }
        }
        self.live = in_comment || !self.line.starts_with('%');
        None
    }

    /// Reads the next token of the current line (or continues a comment).
    fn step(&mut self) -> Option<Item> {
        if self.game.as_ref().is_some_and(|g| g.comment.is_some()) {
            self.comment_step();
            return None;
        }
        if self.quick_tokens() {
            return None;
        }
        let rest = &self.line[self.pos..];
        let trimmed = rest.trim_start();
        let (skipped, first) = (rest.len() - trimmed.len(), trimmed.chars().next());
        self.pos += skipped;
        let Some(c) = first else {
            self.live = false;
            return None;
        };
        match c {
            '[' => self.tag_step(),
            '{' => {
                if self.clock_comment() {
                    return None;
                }
                let (line, col) = (self.line_no, self.col_at(self.pos));
                let text = std::mem::take(&mut self.comment_buf);
                self.ensure_game().comment = Some(OpenComment {
                    text,
                    depth: 1,
                    line,
                    col,
                });
                self.pos += 1;
                None
            }
            ';' => {
                let text = self.line[self.pos + 1..].to_string();
                self.ensure_game();
                self.attach_comment(&text);
                self.pos = self.line.len();
                self.live = false;
                None
            }
            '(' => self.open_variation(),
            ')' => self.close_variation(),
            '$' => self.nag_step(),
            '}' | ']' | '"' => {
                let tok = quote(&self.line[self.pos..]);
                Some(self.fail(self.pos, PgnErrorKind::UnexpectedToken(tok)))
            }
            _ => self.token_step(),
        }
    }

    /// The most common comment, read at once: `{[%clk 0:03:00]}` (spaces allowed inside the
    /// braces) closed on its line, after a move whose clock is not yet known. `false` for
    /// anything else, which [`Reader::comment_step`] and [`extract_commands`] read: they give
    /// the same result for this comment (the reading in `clock_ms`, no comment text left).
    fn clock_comment(&mut self) -> bool {
        let rest = &self.line[self.pos + 1..];
        let Some(close) = rest.find('}') else {
            return false;
        };
        let body = &rest[..close];
        let Some(reading) = body
            .trim()
            .strip_prefix("[%clk ")
            .and_then(|s| s.strip_suffix(']'))
            .filter(|s| !s.contains(['[', ']', '{']))
            .and_then(parse_clock)
        else {
            return false;
        };
        let Some(node) = self
            .game
            .as_mut()
            .filter(|g| g.comment.is_none())
            .and_then(|g| g.frames.last_mut())
            .and_then(|f| f.nodes.last_mut())
            .filter(|n| n.clock_ms().is_none())
        else {
            return false;
        };
        node.set_clock_ms(Some(reading));
        self.pos += close + 2;
        true
    }

    fn comment_step(&mut self) {
        let Some(g) = self.game.as_mut() else {
            return;
        };
        let Some(c) = g.comment.as_mut() else {
            return;
        };
        let rest = &self.line[self.pos..];
        let mut closed = None;
        let mut from = 0;
        // Bytes, not characters: no byte of a character beyond ASCII is a brace.
        for (i, b) in rest.bytes().enumerate() {
            match b {
                b'{' => c.depth += 1,
                b'}' => {
                    c.depth -= 1;
                    if c.depth == 0 {
                        closed = Some(i);
                        break;
                    }
                }
                _ => continue,
            }
            c.text.push_str(&rest[from..=i]);
            from = i + 1;
        }
        match closed {
            Some(i) => {
                c.text.push_str(&rest[from..i]);
                self.pos += i + 1;
                let mut text = std::mem::take(&mut c.text);
                g.comment = None;
                self.attach_comment(&text);
                // The buffer serves the next comment.
                text.clear();
                self.comment_buf = text;
            }
            None => {
                c.text.push_str(&rest[from..]);
                c.text.push('\n');
                self.pos = self.line.len();
                self.live = false;
            }
        }
    }

    /// Gives a finished comment to the last move of the current line, or keeps it for the
    /// first move of a variation, or for the game.
    fn attach_comment(&mut self, text: &str) {
        let Some(g) = self.game.as_mut() else {
            return;
        };
        let depth = g.frames.len();
        let Some(frame) = g.frames.last_mut() else {
            return;
        };
        if let Some(node) = frame.nodes.last_mut() {
            let rest = extract_commands(text, node);
            if !rest.is_empty() {
                node.push_comment(rest);
            }
            return;
        }
        let text = collapse(text);
        if text.is_empty() {
            return;
        }
        if depth > 1 {
            frame.before.push(text);
        } else {
            g.comment_before.push(text);
        }
    }

    fn tag_step(&mut self) -> Option<Item> {
        if self.game.as_ref().is_some_and(|g| g.movetext) {
            // A tag after movetext: the next game begins (the '[' is read again).
            return self.finish_game();
        }
        match parse_tag(&self.line, self.pos) {
            Err((byte, kind)) => Some(self.fail(byte, kind)),
            Ok((name, value, end)) => {
                let g = self.ensure_game();
                if g.tags.is_empty() {
                    // Text between a game's end and the next game's tags is not kept.
                    g.comment_before.clear();
                }
                g.tags.push((name, value));
                self.pos = end;
                None
            }
        }
    }

    fn open_variation(&mut self) -> Option<Item> {
        let start = self.pos;
        let rest = &self.line[start + 1..];
        // `(=)`: a draw offer as written on a FIDE scoresheet.
        let t = rest.trim_start();
        if let Some(t) = t.strip_prefix('=') {
            let t2 = t.trim_start();
            if t2.starts_with(')') {
                let end = self.line.len() - t2.len() + 1;
                let g = self.ensure_game();
                g.movetext = true;
                if let Some(node) = g.frames.last_mut().and_then(|f| f.nodes.last_mut()) {
                    node.draw_offer = true;
                }
                self.pos = end;
                return None;
            }
        }
        // The rest of the line, quoted only if the variation is never closed (the quote
        // walks and collapses the text character by character: 5.5 M instructions on the
        // real games, where 5,165 variations open and every one closes). A long rest is
        // quoted at once, so that a line of many variations is not copied for each; the
        // quote of a quote is the quote, so the error reads the same either way.
        let rest = &self.line[start..];
        let text = if rest.len() <= OPEN_TEXT_KEPT {
            rest.to_string()
        } else {
            quote(rest)
        };
        let (line, col) = (self.line_no, self.col_at(start));
        let max_depth = self.opts.max_depth;
        let g = self.ensure_game();
        g.movetext = true;
        if g.frames.last().is_none_or(|f| f.nodes.is_empty()) {
            return Some(self.fail(start, PgnErrorKind::VariationWithoutMove(quote(&text))));
        }
        if g.frames.len() > max_depth {
            return Some(self.fail(start, PgnErrorKind::TooDeep(max_depth)));
        }
        g.frames.push(Frame::new(line, col, text));
        self.pos += 1;
        None
    }

    fn close_variation(&mut self) -> Option<Item> {
        let start = self.pos;
        let g = self.ensure_game();
        g.movetext = true;
        if g.frames.len() < 2 {
            let text = quote(&self.line[start..]);
            return Some(self.fail(start, PgnErrorKind::UnexpectedClose(text)));
        }
        if let Some(frame) = g.frames.pop() {
            if !frame.nodes.is_empty() {
                if let Some(node) = g.frames.last_mut().and_then(|f| f.nodes.last_mut()) {
                    node.push_variation(frame.nodes);
                }
            }
        }
        self.pos += 1;
        None
    }

    fn nag_step(&mut self) -> Option<Item> {
        let start = self.pos;
        let digits = self.line[start + 1..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        let text = &self.line[start + 1..start + 1 + digits];
        let value = if digits == 0 || digits > 3 {
            None
        } else {
            text.parse::<u16>().ok().and_then(|n| u8::try_from(n).ok())
        };
        let Some(nag) = value else {
            let end = self.line[start + 1..]
                .find(is_delimiter)
                .map_or(self.line.len(), |i| start + 1 + i);
            let tok = quote(&self.line[start..end]);
            return Some(self.fail(start, PgnErrorKind::BadNag(tok)));
        };
        let g = self.ensure_game();
        g.movetext = true;
        if let Some(node) = g.frames.last_mut().and_then(|f| f.nodes.last_mut()) {
            node.push_nag(nag);
        }
        self.pos = start + 1 + digits;
        None
    }

    fn token_step(&mut self) -> Option<Item> {
        let start = self.pos;
        if let Some(item) = self.plain_token(start) {
            return item;
        }
        let end = self.line[start..]
            .find(is_delimiter)
            .map_or(self.line.len(), |i| start + i);
        let end = if end == start {
            // Cannot happen (the caller saw a non-delimiter), but never loop.
            start + self.line[start..].chars().next().map_or(1, char::len_utf8)
        } else {
            end
        };
        // The token is copied out of the line (the game being built borrows the reader)
        // into a buffer kept from token to token.
        let mut tok = std::mem::take(&mut self.tok);
        tok.clear();
        tok.push_str(&self.line[start..end]);
        let item = self.token(&tok, start, end);
        self.tok = tok;
        item
    }

    /// Takes the token `tok`, the text of bytes `start..end` of the line.
    fn token(&mut self, tok: &str, start: usize, end: usize) -> Option<Item> {
        let col = self.col_at(start);
        let line = self.line_no;
        match classify(tok) {
            Class::Bad => {
                return Some(self.fail(start, PgnErrorKind::UnexpectedToken(quote(tok))));
            }
            Class::Skip => {
                self.ensure_game();
            }
            Class::Result(result) => {
                self.pos = end;
                let result = result.to_string();
                let g = self.ensure_game();
                g.movetext = true;
                if g.frames.len() == 1 {
                    g.result = Some(result);
                    return self.finish_game();
                }
                // A result inside a variation says how that line ends: not kept.
                return None;
            }
            Class::Annotation(nag) => {
                let g = self.ensure_game();
                g.movetext = true;
                if let Some(node) = g.frames.last_mut().and_then(|f| f.nodes.last_mut()) {
                    node.push_nag(nag);
                }
            }
            Class::Move { san, nag, offset } => {
                self.push_move(SanText::new(san), line, col + offset, nag);
            }
        }
        self.pos = end;
        None
    }

    /// The most common tokens, read byte by byte: a move number (`12.`, `12...`) or a move
    /// written in plain ASCII letters, digits and `+ # = -` (`Nf3`, `exd5`, `O-O`,
    /// `e8=Q+`). [`classify`] reads each of them the same way (a move number is skipped;
    /// such a move is a move, without NAG). `None` for any other token, which
    /// [`Reader::token`] reads.
    fn plain_token(&mut self, start: usize) -> Option<Option<Item>> {
        let bytes = self.line.as_bytes();
        let mut end = start;
        while let Some(&b) = bytes.get(end) {
            match b {
                b if is_space(b) => break,
                b'{' | b'}' | b'(' | b')' | b'[' | b']' | b';' | b'$' | b'"' => break,
                0x80.. => return None,
                _ => end += 1,
            }
        }
        let tok = &bytes[start..end];
        // A promotion piece in parentheses straight after the last rank, `e8(Q)` (App. C.8:
        // any clear form): a move, not a variation.
        if let [b'(', letter, b')', ..] = bytes[end..] {
            if letter.is_ascii_uppercase()
                && matches!(tok.last(), Some(b'1' | b'8'))
                && tok.first().is_some_and(u8::is_ascii_lowercase)
            {
                let mut stop = end + 3;
                while matches!(bytes.get(stop), Some(b'+' | b'#' | b'!' | b'?')) {
                    stop += 1;
                }
                let (line, col) = (self.line_no, self.col_at(start));
                let san = SanText::new(&self.line[start..stop]);
                self.push_move(san, line, col, None);
                self.pos = stop;
                return Some(None);
            }
        }
        let digits = tok.iter().take_while(|b| b.is_ascii_digit()).count();
        let number = digits > 0 && tok[digits..].iter().all(|&b| b == b'.') && tok != b"0000";
        if number {
            self.ensure_game();
            self.pos = end;
            return Some(None);
        }
        let plain_move = tok.first().is_some_and(u8::is_ascii_alphabetic)
            && tok
                .iter()
                .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'#' | b'=' | b'-'))
            && tok != b"ep";
        if !plain_move {
            return None;
        }
        let (line, col) = (self.line_no, self.col_at(start));
        let san = SanText::new(&self.line[start..end]);
        self.push_move(san, line, col, None);
        self.pos = end;
        Some(None)
    }

    /// A move of the line being read.
    fn push_move(&mut self, san: SanText, line: usize, column: usize, nag: Option<u8>) {
        let g = self.ensure_game();
        g.movetext = true;
        if let Some(frame) = g.frames.last_mut() {
            let null = is_null_token(&san);
            frame.push_move(|| MoveNode::read(san, line, column, null), nag);
        }
    }

    /// Reads the next line where it lies, in the input's buffer, when it is whole there,
    /// ASCII, and of the common kinds: movetext of the game being read (as far as
    /// [`quick_line`] reads it), a tag pair alone on its line (`[Name "value"]`, as
    /// [`plain_tag`] reads it) before a game's movetext, a blank line. Reading it so is
    /// reading it as [`Reader::read_raw_line`], [`Reader::decode_line`],
    /// [`Reader::begin_line`] and [`Reader::step`] would, without copying it to `raw` and
    /// `line` first and without their tests for what such a line cannot be (cut, Latin-1,
    /// a BOM, a `%` line, a comment left open, a game to skip). Where [`quick_line`] stops
    /// inside the line, the line is copied after all and `step` goes on from there.
    /// [`Direct::General`] (nothing read) for any other line, and at the end of the input.
    fn direct_line(&mut self) -> io::Result<Direct> {
        #[cfg(test)]
        if !self.quick {
            return Ok(Direct::General);
        }
        if self.skip.is_some() || self.game.as_ref().is_some_and(|g| g.comment.is_some()) {
            return Ok(Direct::General);
        }
        let available = loop {
            match self.input.fill_buf() {
                Ok(b) => break b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        };
        let (Some(newline), true) = scan_line(available) else {
            return Ok(Direct::General);
        };
        // As `read_raw_line` and `decode_line` take it: not cut, its `\r` dropped.
        if newline > self.opts.max_game_bytes {
            return Ok(Direct::General);
        }
        let bytes = &available[..newline];
        let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        // SAFETY: `scan_line` found these bytes ASCII, which is valid UTF-8 (the check of
        // `decode_line`, done on the way).
        let line = unsafe { std::str::from_utf8_unchecked(bytes) };
        let line_no = self.line_no + 1;
        let size = line.len() + 1;
        let first = line
            .bytes()
            .position(|b| BYTE_CLASS[usize::from(b)] & SPACE == 0);
        let tag_like = first.is_some_and(|i| line.as_bytes()[i] == b'[');
        let Some(g) = self.game.as_mut() else {
            // Between games: a blank line, or the first tag of a game.
            let tag = match first {
                None => None,
                Some(_) if !tag_like => return Ok(Direct::General),
                Some(_) => match plain_tag(line) {
                    Some(tag) => Some(tag),
                    None => return Ok(Direct::General),
                },
            };
            self.line_no = line_no;
            self.prev_blank = tag.is_none();
            self.live = false;
            if let Some(tag) = tag {
                let hints = (self.tags_hint, self.moves_hint);
                let g =
                    Self::start_game_in(&mut self.game, &mut self.started, hints, line_no, size);
                // Text between a game's end and the next game's tags is not kept.
                g.comment_before.clear();
                g.push_tag(tag);
            }
            self.input.consume(newline + 1);
            return Ok(Direct::Done);
        };
        if line.starts_with('%') || g.bytes + size > self.opts.max_game_bytes {
            return Ok(Direct::General);
        }
        if tag_like {
            // A tag after movetext ends the game: `step` reads that.
            let Some(tag) = plain_tag(line).filter(|_| !g.movetext) else {
                return Ok(Direct::General);
            };
            if g.tags.is_empty() {
                g.comment_before.clear();
            }
            g.push_tag(tag);
            g.bytes += size;
            self.line_no = line_no;
            self.prev_blank = false;
            self.live = false;
            self.input.consume(newline + 1);
            return Ok(Direct::Done);
        }
        let (at, done) = quick_line(line, available, 0, g, line_no);
        g.bytes += size;
        self.line_no = line_no;
        self.prev_blank = first.is_none();
        if done {
            self.live = false;
            self.input.consume(newline + 1);
            return Ok(Direct::Done);
        }
        // The rest of the line for `step`, from the token `quick_line` left.
        self.raw.clear();
        self.raw.extend_from_slice(&available[..newline]);
        self.raw_ascii = Some(true);
        self.input.consume(newline + 1);
        self.decode_line();
        self.pos = at;
        self.live = true;
        Ok(Direct::Done)
    }

    /// The common movetext of the current line, read by [`quick_line`] from `pos`. `true`
    /// when the line is done.
    fn quick_tokens(&mut self) -> bool {
        #[cfg(test)]
        if !self.quick {
            return false;
        }
        // A game not yet begun is begun by `step` (its first line and byte count).
        let Some(g) = self.game.as_mut() else {
            return false;
        };
        if !self.ascii || g.comment.is_some() {
            return false;
        }
        let line = &self.line;
        let (at, done) = quick_line(line, line.as_bytes(), self.pos, g, self.line_no);
        self.pos = at;
        if done {
            self.live = false;
        }
        done
    }
}

/// The common movetext of an ASCII line, read in one loop over its bytes from byte `from`:
/// move numbers (`12.`, `12...`, or glued to the move, `12.e4`), moves in plain ASCII
/// letters, digits and `+ # = -`, NAGs `$n`, and the clock comment `{ [%clk 1:29:37] }`
/// after a move, for the game `g` (no comment open), on line `line_no`. Most lines of most
/// files are read here whole: [`Reader::step`] costs several times more a token (it trims
/// Unicode whitespace, copies the token, matches `str` patterns). Each token is read as
/// `step` reads it (the same move, column, NAG or clock); at the first token of another
/// shape (a result, a tag, a variation, another comment, an annotation glyph, `0-0`,
/// `0000` …) it stops there, for `step`. The byte reached, and whether the line is done.
fn quick_line(
    line: &str,
    readable: &[u8],
    from: usize,
    g: &mut Building,
    line_no: usize,
) -> (usize, bool) {
    // The line being read, taken once: a line's tokens never open or close one.
    let Building {
        frames, movetext, ..
    } = g;
    let Some(frame) = frames.last_mut() else {
        return (from, false);
    };
    // The nodes keep lines and columns in 32 bits: checked here once for the line's moves
    // (`step` reads a line past them).
    if line_no >= MoveNode::NARROW || line.len() >= MoveNode::NARROW {
        return (from, false);
    }
    let text = line;
    let line = line.as_bytes();
    let mut i = from;
    let done = loop {
        let Some(&b) = line.get(i) else {
            break true;
        };
        if BYTE_CLASS[usize::from(b)] & SPACE != 0 {
            i += 1;
            continue;
        }
        // The first byte of the move, after a glued move number.
        let mut start = i;
        match b {
            b'a'..=b'z' | b'A'..=b'Z' => {}
            b'0'..=b'9' => {
                // The usual move number, of one to three digits, a dot and a space, known
                // from the word of the eight bytes it starts (a space there is one of the
                // line's: what follows the line in memory starts with its line break).
                if let Some(window) = readable.get(i..).and_then(|rest| rest.first_chunk::<8>()) {
                    let word = u64::from_le_bytes(*window);
                    let digit = |k: u32| ((word >> (8 * k)) as u8).is_ascii_digit();
                    let dot_space = |k: u32| (word >> (8 * k)) as u16 == u16::from_le_bytes(*b". ");
                    let digits = if dot_space(1) {
                        1
                    } else if digit(1) && dot_space(2) {
                        2
                    } else if digit(1) && digit(2) && dot_space(3) {
                        3
                    } else {
                        0
                    };
                    if digits > 0 {
                        i += digits + 2;
                        continue;
                    }
                }
                let (digits_end, j) = number_at(line, i);
                if class_at(line, j) & END != 0 {
                    // A move number; `0000` is UCI's null move.
                    if &line[i..j] == b"0000" {
                        break false;
                    }
                    i = j;
                    continue;
                }
                // Only a move glued after the dots is read here (not `1-0`, `0-0`,
                // `1/2-1/2`, `12e4`).
                if j == digits_end || !line[j].is_ascii_alphabetic() {
                    break false;
                }
                start = j;
            }
            b'$' => {
                // As `nag_step`: up to three digits, at most 255, whatever follows.
                let mut j = i + 1;
                let mut value = 0u16;
                while j - i <= 3 && class_at(line, j) & DIGIT != 0 {
                    value = value * 10 + u16::from(line[j] - b'0');
                    j += 1;
                }
                let nag = match u8::try_from(value) {
                    Ok(nag) if j > i + 1 && class_at(line, j) & DIGIT == 0 => nag,
                    _ => break false,
                };
                *movetext = true;
                if let Some(node) = frame.nodes.last_mut() {
                    node.push_nag(nag);
                }
                i = j;
                continue;
            }
            b'{' => {
                // As `clock_comment`: after a move whose clock is not yet known.
                let Some(node) = frame.nodes.last_mut().filter(|n| n.clock_ms().is_none()) else {
                    break false;
                };
                if let Some((ms, end)) = quick_clock(line, i) {
                    node.set_clock_ms(Some(ms));
                    i = end;
                    continue;
                }
                // As `extract_commands`: the evaluation too, when not yet known.
                let Some((eval, ms, end)) = eval_clock(line, i).filter(|_| node.eval().is_none())
                else {
                    break false;
                };
                node.set_eval(Some(eval));
                node.set_clock_ms(Some(ms));
                i = end;
                continue;
            }
            _ => break false,
        }
        let mut end = start + 1;
        let after = loop {
            let class = class_at(line, end);
            if class & PLAIN == 0 {
                break class;
            }
            end += 1;
        };
        let two = |text: &[u8; 2]| end - start == 2 && line[start..end] == *text;
        // `ep` is an en passant mark, read as nothing; `e8(Q)` a promotion, which
        // `plain_token` reads.
        if after & END == 0
            || two(b"ep")
            || (line.get(end) == Some(&b'(') && matches!(line[end - 1], b'1' | b'8'))
        {
            break false;
        }
        *movetext = true;
        // An ASCII line's bytes are its characters: the column (from 1) is the byte plus
        // one, as `col_at` gives it. Of the null moves only `Z0` is written so.
        let null = two(b"Z0");
        // The move's bytes are read with those after it, eight at once, from the line or
        // from what follows it in memory (`from_window` keeps only the move's).
        // Below `MoveNode::NARROW`, as checked on entry.
        let (line_no, column) = (line_no as u32, start as u32 + 1);
        // A call for each: one that took either text would build the node aside.
        match readable
            .get(start..)
            .and_then(|rest| rest.first_chunk::<8>())
            .and_then(|window| SanText::from_window(window, end - start))
        {
            Some(san) => frame.push_move(|| MoveNode::narrow_at(san, line_no, column, null), None),
            None => {
                let san = SanText::new(&text[start..end]);
                frame.push_move(|| MoveNode::narrow_at(san, line_no, column, null), None);
            }
        }
        // The space after the move, most often, is passed at once.
        i = end + usize::from(after & SPACE != 0);
    };
    (i, done)
}

/// The move number (or any digits and dots) at byte `i` of a line, which holds a digit:
/// the byte after its digits, and the byte after the dots that follow them.
#[inline]
fn number_at(line: &[u8], i: usize) -> (usize, usize) {
    let digits = line.get(i + 1..).map_or(0, |rest| {
        rest.iter().take_while(|b| b.is_ascii_digit()).count()
    });
    let digits_end = i + 1 + digits;
    let dots = line
        .get(digits_end..)
        .map_or(0, |rest| rest.iter().take_while(|&&b| b == b'.').count());
    (digits_end, digits_end + dots)
}

/// The common tag pair, alone on an ASCII line (whitespace around it):
/// `[Name "value"]` with no `"` or `\\` inside the value. [`parse_tag`] reads it the same
/// (the same name and value, whitespace allowed where it allows it), and [`Reader::step`]
/// finds nothing after it; here no `String` is made for an error and no character
/// decoded: the name and value are given as slices of the line, for
/// [`Building::push_tag`] to copy. `None` for any other line.
fn plain_tag(line: &str) -> Option<(&str, &str)> {
    let bytes = line.as_bytes();
    let class = |i: usize| bytes.get(i).map(|&b| BYTE_CLASS[usize::from(b)]);
    // The first byte at or after `i` that is not whitespace (the line's end at most).
    let skip = |mut i: usize| {
        while class(i).is_some_and(|c| c & SPACE != 0) {
            i += 1;
        }
        i
    };
    let at = skip(0);
    if bytes.get(at) != Some(&b'[') {
        return None;
    }
    // The name runs to the first byte that ends a token. Unless that is whitespace or the
    // `"` (which end a name for `parse_tag` too), no `"` follows it: a `{`, `(`, `;` …
    // inside a name is left to `parse_tag`.
    let name_start = skip(at + 1);
    let mut name_end = name_start;
    while class(name_end).is_some_and(|c| c & END == 0) {
        name_end += 1;
    }
    let open = skip(name_end);
    if name_end == name_start || bytes.get(open) != Some(&b'"') {
        return None;
    }
    let value_end = quote_or_backslash(bytes, open + 1);
    let close = skip(value_end + 1);
    if bytes.get(value_end) != Some(&b'"')
        || bytes.get(close) != Some(&b']')
        || skip(close + 1) != bytes.len()
    {
        return None;
    }
    Some((&line[name_start..name_end], &line[open + 1..value_end]))
}

/// The first byte of `bytes` at or after `from` that is a `"` or a `\\` (the end of a tag's
/// value, or an escape in it), or the end of `bytes`. Eight bytes at a time: read byte by
/// byte, the values (names, dates, addresses) of the real games of `shared/data` cost
/// `adjudicate` 7.5 M instructions more (of 778 M).
fn quote_or_backslash(bytes: &[u8], from: usize) -> usize {
    use crate::words::{bytes_equal, first_marked};
    let mut i = from;
    while let Some(chunk) = bytes.get(i..).and_then(|rest| rest.first_chunk::<8>()) {
        let word = u64::from_le_bytes(*chunk);
        let marks = bytes_equal(word, b'"') | bytes_equal(word, b'\\');
        if marks != 0 {
            return i + first_marked(marks);
        }
        i += 8;
    }
    while bytes.get(i).is_some_and(|&b| b != b'"' && b != b'\\') {
        i += 1;
    }
    i
}

/// Reads the tag pair starting at byte `at` (a `[`). On error, the byte where it went
/// wrong and what was expected.
fn parse_tag(line: &str, at: usize) -> Result<ParsedTag, (usize, PgnErrorKind)> {
    // Quoted only for an error (most tags have none).
    let whole = || quote(&line[at..]);
    let skip_ws = |i: usize| skip_space(line, i);
    let mut i = skip_ws(at + 1);
    // The name is ASCII but for a broken tag: bytes first, characters from the first other.
    let bytes = line.as_bytes();
    let ascii_len = bytes[i..]
        .iter()
        .position(|&b| {
            !b.is_ascii()
                || BYTE_CLASS[usize::from(b)] & SPACE != 0
                || matches!(b, b'"' | b'[' | b']')
        })
        .unwrap_or(line.len() - i);
    let name_len = match bytes.get(i + ascii_len) {
        Some(b) if !b.is_ascii() => {
            ascii_len
                + line[i + ascii_len..]
                    .find(|c: char| c.is_whitespace() || matches!(c, '"' | '[' | ']'))
                    .unwrap_or(line.len() - i - ascii_len)
        }
        _ => ascii_len,
    };
    if name_len == 0 {
        return Err((i, PgnErrorKind::ExpectedTagName(quote(&line[i..]))));
    }
    let name = line[i..i + name_len].to_string();
    i = skip_ws(i + name_len);
    if i >= line.len() {
        return Err((at, PgnErrorKind::UnterminatedTag(whole())));
    }
    if !line[i..].starts_with('"') {
        return Err((i, PgnErrorKind::ExpectedTagValue(quote(&line[i..]))));
    }
    let value_start = i + 1;
    // Most values have no backslash and end at the first '"', before the ']': taken whole.
    if let Some(len) = bytes[value_start..]
        .iter()
        .position(|&b| b == b'"' || b == b'\\')
    {
        let q = value_start + len;
        if bytes[q] == b'"' {
            let k = skip_ws(q + 1);
            if line[k..].starts_with(']') {
                return Ok((name, line[value_start..q].to_string(), k + 1));
            }
        }
    }
    // The value, with the escapes \" and \\.
    let mut value = String::new();
    let mut j = value_start;
    let mut closed = None;
    while j < line.len() {
        match bytes[j] {
            b'\\' if matches!(bytes.get(j + 1), Some(b'"' | b'\\')) => {
                value.push(bytes[j + 1] as char);
                j += 2;
            }
            b'"' => {
                closed = Some(j);
                break;
            }
            _ => {
                let ch = line[j..].chars().next().unwrap_or(' ');
                value.push(ch);
                j += ch.len_utf8();
            }
        }
    }
    let after_value = match closed {
        Some(q) => {
            let k = skip_ws(q + 1);
            if line[k..].starts_with(']') {
                return Ok((name, value, k + 1));
            }
            if k >= line.len() {
                return Err((at, PgnErrorKind::UnterminatedTag(whole())));
            }
            k
        }
        None => line.len(),
    };
    // Tolerance: quotes inside the value left unescaped (`"The "big" match"`), or a
    // backslash before the closing quote (`"C:\"`): the value runs to the first `"` that
    // is followed by `]`.
    if let Some((q, end)) = closing_quote(line, value_start) {
        return Ok((name, line[value_start..q].to_string(), end));
    }
    match closed {
        Some(_) => Err((
            after_value,
            PgnErrorKind::ExpectedTagEnd(quote(&line[after_value..])),
        )),
        None => Err((at, PgnErrorKind::UnterminatedTagValue(whole()))),
    }
}

/// The byte after the whitespace at byte `i` of `line` (a character boundary), as
/// `trim_start` finds it: ASCII bytes one by one, the rest by characters.
fn skip_space(line: &str, mut i: usize) -> usize {
    let bytes = line.as_bytes();
    while let Some(&b) = bytes.get(i) {
        if BYTE_CLASS[usize::from(b)] & SPACE != 0 {
            i += 1;
        } else if b.is_ascii() {
            return i;
        } else {
            let rest = &line[i..];
            return i + rest.len() - rest.trim_start().len();
        }
    }
    i
}

/// The first `"` at or after `from` followed by optional spaces and `]`: its byte, and the
/// byte after the `]`.
fn closing_quote(line: &str, from: usize) -> Option<(usize, usize)> {
    let mut k = from;
    while let Some(i) = line[k..].find('"') {
        let q = k + i;
        let rest = &line[q + 1..];
        let t = rest.trim_start();
        if t.starts_with(']') {
            return Some((q, line.len() - t.len() + 1));
        }
        k = q + 1;
    }
    None
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Item> {
        loop {
            if self.finished {
                return None;
            }
            if !self.live {
                match self.direct_line() {
                    Ok(Direct::Done) => continue,
                    Ok(Direct::General) => {}
                    Err(e) => return Some(self.io_error(e)),
                }
                match self.read_raw_line() {
                    Err(e) => return Some(self.io_error(e)),
                    Ok(None) => {
                        self.finished = true;
                        if let Some(g) = self.game.as_mut() {
                            if let Some(c) = g.comment.as_mut() {
                                // The comment's last line break is not part of it.
                                if c.text.ends_with('\n') {
                                    c.text.pop();
                                }
                            }
                        }
                        return self.finish_game();
                    }
                    Ok(Some(cut)) => {
                        self.line_no += 1;
                        self.decode_line();
                        if let Some(item) = self.begin_line(cut) {
                            return Some(item);
                        }
                        continue;
                    }
                }
            }
            if let Some(item) = self.step() {
                return Some(item);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The end of a tag's value found eight bytes at a time is the first `"` or `\\`, as a
    /// byte-by-byte scan finds it: either mark (or both) at every offset of the eight-byte
    /// steps, among ASCII letters, bytes of UTF-8 sequences whose low bits match the marks
    /// (`¢` is C2 A2, `ܢ` DC A2, `œ` C5 93 is not one), a zero byte, and none at all.
    #[test]
    fn tag_value_ends_at_the_first_quote_or_backslash() {
        let fillers = [
            "abcdefghijklmnopqrstuvwx",
            "¢ܢœ¢ܢœ¢ܢœ¢ܢ",
            "a\0b\0c\0d\0e\0f\0",
        ];
        for filler in fillers {
            let filler = filler.as_bytes();
            for len in 0..filler.len() {
                for at in 0..=len {
                    for marks in [&b"\""[..], b"\\", b"\\\"", b"\"\\", b""] {
                        let mut bytes = filler[..at].to_vec();
                        bytes.extend_from_slice(marks);
                        bytes.extend_from_slice(&filler[at..len]);
                        for from in 0..=bytes.len().min(3) {
                            let plain = (from..bytes.len())
                                .find(|&i| matches!(bytes[i], b'"' | b'\\'))
                                .unwrap_or(bytes.len());
                            assert_eq!(quote_or_backslash(&bytes, from), plain, "{bytes:?} {from}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn tokens() {
        assert_eq!(classify("12."), Class::Skip);
        assert_eq!(classify("12..."), Class::Skip);
        assert_eq!(classify("12"), Class::Skip);
        assert_eq!(
            classify("1.e4!?"),
            Class::Move {
                san: "e4",
                nag: Some(5),
                offset: 2
            }
        );
        assert_eq!(
            classify("3...Qxd5"),
            Class::Move {
                san: "Qxd5",
                nag: None,
                offset: 4
            }
        );
        assert_eq!(
            classify("0-0-0"),
            Class::Move {
                san: "0-0-0",
                nag: None,
                offset: 0
            }
        );
        assert_eq!(classify("1/2-1/2"), Class::Result("1/2-1/2"));
        assert_eq!(classify("...*"), Class::Result("*"));
        assert_eq!(classify("?!"), Class::Annotation(6));
        assert_eq!(classify("+-"), Class::Annotation(18));
        assert_eq!(classify("&&"), Class::Bad);
        assert_eq!(classify("e.p."), Class::Skip);
        assert_eq!(classify("e.p?"), Class::Skip);
        assert_eq!(
            classify("e4!!!"),
            Class::Move {
                san: "e4!!!",
                nag: None,
                offset: 0
            }
        );
    }

    #[test]
    fn comments_beyond_ascii_and_nested_read_whole() {
        // The braces are looked for byte by byte: the bytes of `é`, `♞`, `½` are never one.
        let pgn = "1. e4 {Très bien ♞ {a {nested} one}\n  ½ ü} e5 {Ö} 2. Nf3 *\n";
        let game = read_str(pgn).next().unwrap().unwrap();
        assert_eq!(
            game.moves[0].comments(),
            ["Très bien ♞ {a {nested} one} ½ ü"]
        );
        assert_eq!(game.moves[1].comments(), ["Ö"]);
        assert_eq!(game.moves.len(), 3);
    }

    #[test]
    fn tags() {
        assert_eq!(
            parse_tag(r#"[Event "a \"b\" c"] x"#, 0),
            Ok(("Event".into(), "a \"b\" c".into(), 19))
        );
        assert_eq!(
            parse_tag(r#"[Event "The "big" match"]"#, 0).map(|t| t.1),
            Ok("The \"big\" match".into())
        );
        assert_eq!(
            parse_tag(r#"[Site "C:\"]"#, 0).map(|t| t.1),
            Ok("C:\\".into())
        );
        assert!(matches!(
            parse_tag(r#"[kj90trkm"sdfsdf"yl]"#, 0),
            Err((17, PgnErrorKind::ExpectedTagEnd(_)))
        ));
        assert!(matches!(
            parse_tag("[Event foo]", 0),
            Err((7, PgnErrorKind::ExpectedTagValue(_)))
        ));
        assert!(matches!(
            parse_tag(r#"[Event "foo"#, 0),
            Err((0, PgnErrorKind::UnterminatedTagValue(_)))
        ));
        assert!(matches!(
            parse_tag(r#"[Event "foo""#, 0),
            Err((0, PgnErrorKind::UnterminatedTag(_)))
        ));
        assert!(starts_like_tag("[Event \"x\"]"));
        assert!(!starts_like_tag("[%clk 0:00:01]"));
        assert!(!starts_like_tag("['just for fun']"));
    }

    /// Tags written into the texts of an earlier game's tags (given back with
    /// [`super::super::recycle_tags`]) read as they are written, longer and shorter than
    /// the old texts, however many the old game had.
    #[test]
    fn tags_written_into_recycled_texts_read_as_written() {
        let long = "x".repeat(200);
        let text = format!(
            "[Event \"{long}\"]\n[Site \"s\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. e4 *\n\n\
             [Event \"short\"]\n[Site \"{long}\"]\n\n1. d4 *\n\n\
             [Event \"e\"]\n[Site \"a\"]\n[Date \"b\"]\n[Round \"c\"]\n[White \"d\"]\n\
             [Black \"f\"]\n\n1. c4 *\n"
        );
        let fresh: Vec<_> = read_str(&text).map(|g| g.unwrap().tags).collect();
        assert_eq!(fresh[1][1].1, long);
        // Read again, each game's tags given back before the next is read.
        let mut recycled = Vec::new();
        for game in read_str(&text) {
            let tags = game.unwrap().tags;
            recycled.push(tags.clone());
            super::super::recycle_tags(tags);
        }
        assert_eq!(recycled, fresh);
    }

    /// Everything read from a text, with or without [`Reader::quick_tokens`].
    fn read_all(text: &str, quick: bool) -> Vec<Item> {
        let mut reader = read_str(text);
        reader.quick = quick;
        reader.collect()
    }

    /// Everything read from a text through a buffer of `capacity` bytes (lines cut across
    /// two fillings are not read in place) and with at most `max` bytes a game, on the
    /// quick paths.
    fn read_buffered(text: &str, capacity: usize, max: usize) -> Vec<Item> {
        let input = io::BufReader::with_capacity(capacity, text.as_bytes());
        let opts = ReadOptions {
            max_game_bytes: max,
            ..ReadOptions::default()
        };
        Reader::with_options(input, opts).collect()
    }

    /// [`read_all`] on the general path, with at most `max` bytes a game.
    fn read_general(text: &str, max: usize) -> Vec<Item> {
        let opts = ReadOptions {
            max_game_bytes: max,
            ..ReadOptions::default()
        };
        let mut reader = Reader::with_options(text.as_bytes(), opts);
        reader.quick = false;
        reader.collect()
    }

    /// The quick path reads as the general path: games, moves, columns, NAGs, clocks and
    /// errors are the same for texts made of the tokens it reads, the tokens next to them
    /// in shape that it leaves to the general path, and the rest of movetext.
    #[test]
    fn the_quick_path_reads_as_the_general_path() {
        let pieces = [
            "1.",
            "12...",
            "7",
            "1.e4",
            "3...Qxd5",
            "e4",
            "Nf3",
            "O-O",
            "O-O-O",
            "0-0",
            "exd5",
            "e8=Q+",
            "Qh4#",
            "Z0",
            "--",
            "0000",
            "0000.",
            "ep",
            "1.ep",
            "e.p.",
            "1.e.p.",
            "12e4",
            "1.0-0",
            "1..Nf3",
            "e4!",
            "Nf3?!",
            "!!",
            "+-",
            "x",
            "é4",
            "1.e4é",
            "$1",
            "$255",
            "$256",
            "$1234",
            "$",
            "$12x",
            "$0",
            "{[%clk 0:03:00]}",
            "{ [%clk 1:02:03.4] }",
            "{\t[%clk\t0:03:00\t]\t}",
            "{[%clk 0:03:00]]}",
            "{[%clk  0:03:00 ] }",
            "{[%clk 0:3:00]}",
            "{[%clk soon]}",
            "{[%clk 0:03:00",
            "{[%clk ]}",
            "{[%clk 0:03:00.]}",
            "{[%clk 0:02:59.9]}",
            "{[%clk 0:02:59.9 ]}",
            "{[%clk 0:02:59.95]}",
            "{[%clk 0:02:59.9]",
            "{[%clk 0:02:5x.9]}",
            "{[%clk 9:59:59.0]} x",
            "{[%clk 1234567:00:00]}",
            "{[%clk 0:03:00] x}",
            "{[%emt 0:00:05]}",
            "{ [%eval 0.24] [%clk 0:10:00] }",
            "{ [%eval #-3] [%clk 0:00:05.3] }",
            "{ [%eval -12.5] [%clk 1:02:03] }",
            "{ [%eval +.5] [%clk 0:10:00] }",
            "{ [%eval 0.2.] [%clk 0:10:00] }",
            "{ [%eval ] [%clk 0:10:00] }",
            "{ [%eval 1] [%clk 0:1:00] }",
            "{ [%eval 1] [%clk 0:01:00] } x",
            "{ [%eval 1] [%clk 0:01:00]}",
            "{ [%eval 1] [%clk 0:01:00] [%emt 0:00:01] }",
            "{ [%eval 9999999] [%clk 0:10:00] }",
            "{ [%eval 0.24] [%clk 0:10:0x] }",
            "{ [%eval 0.24] [%clk 0:10:00]] }",
            "{ [%eval 0.24] [%clk 10:00:00] }",
            "{ [%eval 0.24] [%clk 0:10:00]",
            "{ [%eval 0.24] [%clk 0:10:00.5] }",
            "{c}",
            "{",
            "}",
            "(",
            ")",
            "(=)",
            "1-0",
            "0-1",
            "*",
            "1/2-1/2",
            "[Event \"x\"]",
            "[Event \"x\"]\n",
            "\n[Site \"y z\"]  \n",
            "\n [ Round\t \"1\" ]\n",
            "\n[White \"a \\\"b\\\" c\"]\n",
            "\n[Black \"The \"big\" one\"]\n",
            "\n[Date\"?\"]\n",
            "\n[Result \"1-0\"] 1. e4\n",
            "\n[Result \"*\"\n",
            "\n[Annotator \"\"]\n",
            "\n[ \"x\"]\n",
            "\n[Event \"é\"]\n",
            "\n[Ev{ent \"x\"]\n",
            "\n[Ev;ent \"x\"]\n",
            "\n[Event x \"y\"]\n",
            "\n[Event \"x\"] ]\n",
            "\n[Event \"x\" ] \t\n",
            "\n[Event]\n",
            "]",
            "\"",
            ";c",
            "\u{a0}",
            "\u{b}",
            "\r",
        ];
        let seps = [" ", " ", " ", "", "\n", "\t", "  ", "\n%x\n", "\r\n"];
        // A fixed stream of pseudo-random choices (xorshift).
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |n: usize| {
            crate::core::testing::xorshift(&mut state);
            (state % n as u64) as usize
        };
        let mut quick_games = 0;
        for _ in 0..20_000 {
            let mut text = String::from(["", "[Event \"t\"]\n\n", "1. e4 "][next(3)]);
            for _ in 0..1 + next(14) {
                text.push_str(pieces[next(pieces.len())]);
                text.push_str(seps[next(seps.len())]);
            }
            let quick = read_all(&text, true);
            let general = read_all(&text, false);
            assert_eq!(quick, general, "{text:?}");
            quick_games += quick.iter().filter(|g| g.is_ok()).count();
            // Lines read in place or not, as the buffer holds them, and games cut short.
            let capacity = [1, 7, 16, 64][next(4)];
            assert_eq!(
                read_buffered(&text, capacity, DEFAULT_MAX_GAME_BYTES),
                general
            );
            let max = 20 + next(60);
            assert_eq!(
                read_buffered(&text, 4096, max),
                read_general(&text, max),
                "{text:?} {max}"
            );
        }
        assert!(quick_games > 5_000, "{quick_games}");
        // Files of real shapes, whole.
        for text in [
            include_str!("../../../tests/data/pgn/notnil_0004_eval_clk.pgn"),
            include_str!("../../../tests/data/pgn/lichess_db_2013-01_first32.pgn"),
        ] {
            assert_eq!(read_all(text, true), read_all(text, false));
        }
    }

    /// The clock comment read at once gives what the general comment reading gives: each
    /// form below is read once as it is (the quick path where it applies) and once with a
    /// line break inside the braces (which only the general path reads).
    #[test]
    fn a_line_is_scanned_as_searched_byte_by_byte() {
        // Texts of every length to 70 of newlines, ASCII and other bytes, seeded: the first
        // newline and whether the bytes before it are ASCII, as the plain search tells.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let alphabet = [b'\n', b'a', b' ', b'1', 0x7f, 0x80, 0xc3, 0xa9, 0xff];
        for len in 0..70 {
            for _ in 0..60 {
                let text: Vec<u8> = (0..len)
                    .map(|_| {
                        crate::core::testing::xorshift(&mut seed);
                        // Mostly ASCII letters, as a file is.
                        let k = (seed >> 32) as usize % (alphabet.len() + 12);
                        alphabet.get(k).copied().unwrap_or(b'e')
                    })
                    .collect();
                let newline = text.iter().position(|&b| b == b'\n');
                let before = &text[..newline.unwrap_or(text.len())];
                assert_eq!(scan_line(&text), (newline, before.is_ascii()), "{text:?}");
                if let Some(block) = text.first_chunk::<16>() {
                    assert_eq!(block_masks(block), portable_block_masks(block));
                }
            }
        }
    }

    /// A reading of a clock comment at a byte of a line: the milliseconds and the byte after.
    type ClockReading = fn(&[u8], usize) -> Option<(u64, usize)>;

    /// Every byte of `usual` changed to each byte that matters, and `usual` cut short:
    /// where the quick reading `quick` reads something, the general one reads the same.
    /// How many of the changed comments it read.
    fn quick_clock_reads_as_the_spaced_clock(quick: ClockReading, usual: &[u8]) -> usize {
        let mut read = 0;
        for at in 0..usual.len() {
            for b in b"0123456789:/. \t]}{[%clkx\x00\xff".iter().copied() {
                let mut text = usual.to_vec();
                text[at] = b;
                text.extend_from_slice(b" 2. e4");
                if let Some(got) = quick(&text, 0) {
                    assert_eq!(Some(got), spaced_clock(&text, 0), "{text:?}");
                    read += 1;
                }
            }
            assert_eq!(quick(&usual[..at], 0), None);
        }
        read
    }

    #[test]
    fn the_lichess_clock_reads_as_the_spaced_clock() {
        let usual = b"{ [%clk 1:23:45] }";
        assert_eq!(lichess_clock(usual, 0), Some((5_025_000, 18)));
        // Ten digits in each of the five places of digits, and each of the thirteen other
        // bytes put back as it was.
        assert_eq!(
            quick_clock_reads_as_the_spaced_clock(lichess_clock, usual),
            5 * 10 + 13
        );
    }

    #[test]
    fn the_tight_clock_reads_as_the_spaced_clock() {
        // chess.com's two readings, with and without tenths.
        for (usual, ms, digits) in [
            (&b"{[%clk 1:23:45.6]}"[..], 5_025_600, 6),
            (&b"{[%clk 1:23:45]}"[..], 5_025_000, 5),
        ] {
            assert_eq!(tight_clock(usual, 0), Some((ms, usual.len())));
            assert_eq!(
                quick_clock_reads_as_the_spaced_clock(tight_clock, usual),
                digits * 10 + usual.len() - digits,
                "{usual:?}"
            );
        }
    }

    #[test]
    fn clock_comments_read_at_once_as_the_general_path_reads_them() {
        let cases: [(&str, Option<u64>, &[&str]); 7] = [
            ("{[%clk 0:03:00]}", Some(180_000), &[]),
            ("{ [%clk 1:02:03.4] }", Some(3_723_400), &[]),
            // A second reading for the same move stays as text.
            (
                "{[%clk 0:03:00]} {[%clk 0:02:00]}",
                Some(180_000),
                &["[%clk 0:02:00]"],
            ),
            ("{[%clk soon]}", None, &["[%clk soon]"]),
            (
                "{[%clk 0:03:00] well played}",
                Some(180_000),
                &["well played"],
            ),
            ("{[%clk 0:03:00] [%emt 0:00:05]}", Some(180_000), &[]),
            ("{[%clk 0:03:00]]}", Some(180_000), &["]"]),
        ];
        for (comment, clock, texts) in cases {
            let broken = comment.replace("{", "{\n");
            for text in [comment.to_string(), broken] {
                let pgn = format!("[Result \"*\"]\n\n1. e4 {text} *\n");
                let game = read_str(&pgn).next().unwrap().unwrap();
                let node = &game.moves[0];
                assert_eq!(node.clock_ms(), clock, "{text:?}");
                assert_eq!(node.comments(), texts, "{text:?}");
            }
        }
        // Before the first move, the comment is the game's.
        let game = read_str("{[%clk 0:03:00]} 1. e4 *\n")
            .next()
            .unwrap()
            .unwrap();
        assert_eq!(game.moves[0].clock_ms(), None);
        assert_eq!(game.comment_before, ["[%clk 0:03:00]"]);
    }
}
