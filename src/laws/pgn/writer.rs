//! The writer: PGN export format (Seven Tag Roster first, movetext wrapped at 80 columns),
//! with the moves as written or rewritten in another notation.

use std::io::{self, BufRead, Write};

use crate::core::{Color, Letters, Notation, Position, Setup, write_move};

use super::comment::{collapse, commands_of};
use super::error::{PgnError, PgnErrorKind};
use super::reader::{Reader, is_result};
use super::replay::{IllegalAt, play_node, start_position};
use super::{MoveNode, PgnGame, SEVEN_TAG_ROSTER};

/// How the writer writes the moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveText {
    /// Each move's token as it was read (`san`).
    AsWritten,
    /// Rewritten from the replayed moves in this notation (English SAN is the PGN
    /// standard; Spanish, figurine and long algebraic are for people).
    Notation(Notation),
    /// Rewritten as UCI coordinates (`e2e4`, `e7e8q`, castling `e1g1`, null move `0000`).
    Uci,
}

/// What the writer does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WriteOptions {
    pub moves: MoveText,
    /// The letters the moves were written with, to replay them when rewriting.
    pub letters: Letters,
    /// The longest movetext line (80 by the PGN export format's custom).
    pub width: usize,
}

impl Default for WriteOptions {
    fn default() -> WriteOptions {
        WriteOptions {
            moves: MoveText::AsWritten,
            letters: Letters::English,
            width: 80,
        }
    }
}

/// Writes a game in PGN: tags, a blank line, the movetext, a line break.
pub fn write_game(game: &PgnGame, opts: &WriteOptions) -> String {
    write_game_report(game, opts).0
}

/// Writes a game to `out` (see [`write_game`]).
pub fn write_game_to<W: Write + ?Sized>(
    out: &mut W,
    game: &PgnGame,
    opts: &WriteOptions,
) -> io::Result<()> {
    out.write_all(write_game(game, opts).as_bytes())
}

/// Writes a game, with the errors met when rewriting its moves in another notation (a bad
/// start position, a move that cannot be played: from there on that line keeps its moves
/// as written).
pub fn write_game_report(game: &PgnGame, opts: &WriteOptions) -> (String, Vec<PgnError>) {
    let mut out = String::new();
    write_tags(game, &mut out);
    out.push('\n');
    let mut w = Writer {
        wrap: Wrap::new(opts.width.max(1)),
        opts: *opts,
        game: game.index,
        errors: Vec::new(),
    };
    let pos = match opts.moves {
        MoveText::AsWritten => None,
        _ => match start_position(game) {
            Ok(p) => Some(p),
            Err(e) => {
                w.errors.push(PgnError {
                    game: game.index,
                    line: game.line,
                    column: 1,
                    kind: PgnErrorKind::Start(Box::new(e)),
                });
                None
            }
        },
    };
    for c in &game.comment_before {
        w.wrap.comment(c);
    }
    let counter = Counter::start(game);
    w.line(&game.moves, pos, counter, true);
    w.wrap.atom(result_marker(game), true);
    out.push_str(&w.wrap.finish());
    (out, w.errors)
}

/// Converts PGN text: every game read, then written with its moves in `to` (read with
/// `letters_in`). Games that cannot be read are left out; the errors say which and why,
/// with those met replaying the moves.
///
/// ```
/// use escaque::core::{Letters, Notation};
/// use escaque::laws::pgn::{MoveText, convert};
/// let (out, errors) = convert("1. e4 e5 2. Nf3 *", MoveText::Notation(Notation::SPANISH), Letters::English);
/// assert!(errors.is_empty());
/// assert!(out.ends_with("\n1. e4 e5 2. Cf3 *\n"));
/// ```
pub fn convert(input: &str, to: MoveText, letters_in: Letters) -> (String, Vec<PgnError>) {
    let mut out = Vec::new();
    let errors = convert_reader(input.as_bytes(), &mut out, to, letters_in).unwrap_or_default();
    (String::from_utf8_lossy(&out).into_owned(), errors)
}

/// Converts a stream of PGN (see [`convert`]), writing as it reads: games are separated by
/// a blank line. An error of `output` stops it.
pub fn convert_reader<R: BufRead, W: Write>(
    input: R,
    mut output: W,
    to: MoveText,
    letters_in: Letters,
) -> io::Result<Vec<PgnError>> {
    let opts = WriteOptions {
        moves: to,
        letters: letters_in,
        ..WriteOptions::default()
    };
    let mut errors = Vec::new();
    let mut first = true;
    for item in Reader::new(input) {
        match item {
            Ok(game) => {
                let (text, errs) = write_game_report(&game, &opts);
                if !first {
                    output.write_all(b"\n")?;
                }
                first = false;
                output.write_all(text.as_bytes())?;
                errors.extend(errs);
            }
            Err(e) => errors.push(e),
        }
    }
    output.flush()?;
    Ok(errors)
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The termination marker to write: the one read, else the Result tag's, else `*`.
fn result_marker(game: &PgnGame) -> &str {
    game.result
        .as_deref()
        .filter(|r| is_result(r))
        .or_else(|| game.tag("Result").map(str::trim).filter(|r| is_result(r)))
        .unwrap_or("*")
}

/// The Seven Tag Roster in its order (`?` and `????.??.??` when missing), then the other
/// tags in their order.
fn write_tags(game: &PgnGame, out: &mut String) {
    let mut used = vec![false; game.tags.len()];
    for name in SEVEN_TAG_ROSTER {
        let found = game.tags.iter().position(|(k, _)| k == name);
        let value = match found {
            Some(i) => {
                used[i] = true;
                game.tags[i].1.clone()
            }
            None => match name {
                "Date" => "????.??.??".to_string(),
                "Result" => result_marker(game).to_string(),
                _ => "?".to_string(),
            },
        };
        out.push_str(&format!("[{name} \"{}\"]\n", escape(&value)));
    }
    for (i, (k, v)) in game.tags.iter().enumerate() {
        if !used[i] {
            out.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
        }
    }
}

/// Whether braces nest properly in a comment's text (then it can go between braces).
fn braces_balanced(text: &str) -> bool {
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => match depth.checked_sub(1) {
                Some(d) => depth = d,
                None => return false,
            },
            _ => {}
        }
    }
    depth == 0
}

/// The words of a (collapsed) comment, a command such as `[%clk 0:01:00]` kept whole.
fn comment_words(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut open = 0; // words still to glue to an open command
    for w in text.split(' ').filter(|w| !w.is_empty()) {
        match out.last_mut() {
            Some(last) if open > 0 => {
                last.push(' ');
                last.push_str(w);
                open = if w.contains(']') { 0 } else { open - 1 };
            }
            _ => {
                out.push(w.to_string());
                open = if w.starts_with("[%") && !w.contains(']') {
                    3
                } else {
                    0
                };
            }
        }
    }
    out
}

/// Move numbering along a line.
#[derive(Clone, Copy)]
struct Counter {
    number: u32,
    white: bool,
    ply: usize,
}

impl Counter {
    fn start(game: &PgnGame) -> Counter {
        let (number, white) = game
            .start_fen()
            .and_then(|f| Setup::from_fen(f).or_else(|_| Setup::from_fen_960(f)).ok())
            .map_or((1, true), |s| (s.fullmoves.max(1), s.turn == Color::White));
        Counter {
            number,
            white,
            ply: 1,
        }
    }

    fn next(self) -> Counter {
        Counter {
            number: if self.white {
                self.number
            } else {
                self.number.saturating_add(1)
            },
            white: !self.white,
            ply: self.ply + 1,
        }
    }
}

/// Word wrapping of the movetext.
struct Wrap {
    out: String,
    /// Characters on the current line.
    len: usize,
    width: usize,
    /// Text glued before the next atom (an opening parenthesis).
    prefix: String,
    /// The current line ended with a `;` comment: the next atom starts a new line.
    must_break: bool,
}

impl Wrap {
    fn new(width: usize) -> Wrap {
        Wrap {
            out: String::new(),
            len: 0,
            width,
            prefix: String::new(),
            must_break: false,
        }
    }

    fn newline(&mut self) {
        self.out.push('\n');
        self.len = 0;
        self.must_break = false;
    }

    /// Adds a word; `breakable`: a line break may come before it.
    fn atom(&mut self, s: &str, breakable: bool) {
        let mut text = std::mem::take(&mut self.prefix);
        text.push_str(s);
        let n = text.chars().count();
        if self.len > 0 {
            if self.must_break || (breakable && self.len + 1 + n > self.width) {
                self.newline();
            } else {
                self.out.push(' ');
                self.len += 1;
            }
        }
        self.must_break = false;
        self.out.push_str(&text);
        self.len += n;
    }

    fn open(&mut self) {
        self.prefix.push('(');
    }

    fn close(&mut self) {
        if self.must_break {
            self.newline();
        }
        self.out.push(')');
        self.len += 1;
    }

    /// A comment: `{ … }` wrapped word by word, or a `;` comment to the end of the line when
    /// its braces do not nest (a brace comment could not hold it).
    fn comment(&mut self, text: &str) {
        let text = collapse(text);
        if !braces_balanced(&text) {
            self.atom(&format!("; {text}"), true);
            self.must_break = true;
            return;
        }
        let words = comment_words(&text);
        if words.is_empty() {
            self.atom("{ }", true);
            return;
        }
        let last = words.len() - 1;
        for (i, w) in words.iter().enumerate() {
            let mut s = String::with_capacity(w.len() + 4);
            if i == 0 {
                s.push_str("{ ");
            }
            s.push_str(w);
            if i == last {
                s.push_str(" }");
            }
            // A line inside a comment never starts like a tag (`[Name "…`): the reader
            // would take it for the next game after an unclosed comment.
            let tag_like = w.starts_with('[')
                && w[1..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
            self.atom(&s, i == 0 || !tag_like);
        }
    }

    fn finish(mut self) -> String {
        self.newline();
        self.out
    }
}

struct Writer {
    wrap: Wrap,
    opts: WriteOptions,
    game: usize,
    errors: Vec<PgnError>,
}

impl Writer {
    /// The text of a move and the position after it (`None` once the line cannot be
    /// replayed, or when moves are written as read).
    fn move_text(
        &mut self,
        node: &MoveNode,
        pos: Option<&Position>,
        ply: usize,
    ) -> (String, Option<Position>) {
        let Some(pos) = pos else {
            return (node.san.to_string(), None);
        };
        match play_node(pos, node, self.opts.letters) {
            Ok((mv, after)) => {
                let text = match (mv, self.opts.moves) {
                    (None, MoveText::Uci) => "0000".to_string(),
                    (None, _) => "--".to_string(),
                    (Some(m), MoveText::Uci) => m.uci().to_string(),
                    (Some(m), MoveText::Notation(n)) => write_move(pos, m, n),
                    (Some(_), MoveText::AsWritten) => node.san.to_string(),
                };
                (text, Some(after))
            }
            Err(e) => {
                self.errors
                    .push(IllegalAt::new(pos, ply, node, e).to_error(self.game));
                (node.san.to_string(), None)
            }
        }
    }

    fn line(
        &mut self,
        nodes: &[MoveNode],
        mut pos: Option<Position>,
        mut num: Counter,
        mut need_number: bool,
    ) {
        for node in nodes {
            for c in node.comment_before() {
                self.wrap.comment(c);
                need_number = true;
            }
            let before = pos;
            let (text, after) = self.move_text(node, pos.as_ref(), num.ply);
            let label = if num.white {
                format!("{}. ", num.number)
            } else if need_number {
                format!("{}... ", num.number)
            } else {
                String::new()
            };
            self.wrap.atom(&format!("{label}{text}"), true);
            for nag in node.nags() {
                self.wrap.atom(&format!("${nag}"), true);
            }
            let mut comments = node.comments().to_vec();
            let commands = commands_of(node);
            if !commands.is_empty() {
                match comments.first_mut() {
                    Some(first) if braces_balanced(first) => {
                        *first = format!("{commands} {first}");
                    }
                    _ => comments.insert(0, commands),
                }
            }
            for c in &comments {
                self.wrap.comment(c);
            }
            need_number = !comments.is_empty();
            for v in node.variations().iter().filter(|v| !v.is_empty()) {
                self.wrap.open();
                self.line(v, before, num, true);
                self.wrap.close();
                need_number = true;
            }
            pos = after;
            num = num.next();
        }
    }
}
