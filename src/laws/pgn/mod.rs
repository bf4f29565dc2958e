//! PGN (Portable Game Notation) in and out: a streaming, tolerant reader for real files, the
//! replay of what was read against the rules core, and a writer in the PGN export style
//! (or in another notation: Spanish, figurine, long algebraic, UCI).
//!
//! ```
//! use escaque::core::Letters;
//! use escaque::laws::pgn::{self, MoveText, WriteOptions};
//!
//! let text = "[White \"Fool\"]\n\n1. f3 e5 2. g4 {last chance} Qh4# 0-1\n";
//! let game = pgn::read_str(text).next().unwrap().unwrap();
//! assert_eq!(game.white(), Some("Fool"));
//! assert_eq!(game.moves[2].comments(), ["last chance"]);
//!
//! let replay = game.replay(Letters::English);
//! assert!(replay.is_complete());
//! assert!(replay.end().is_check());
//!
//! let spanish = WriteOptions {
//!     moves: MoveText::Notation(escaque::core::Notation::SPANISH),
//!     ..WriteOptions::default()
//! };
//! assert!(pgn::write_game(&game, &spanish).contains("2. g4 { last chance } 2... Dh4# 0-1"));
//! ```
//!
//! The reader's tolerances, the data model and the writer's conventions are described in
//! `docs/pgn.md`.

mod comment;
mod error;
mod reader;
mod replay;
mod san_text;
mod writer;

pub mod archive;

pub use comment::{format_clock, parse_clock};
pub use error::{PgnError, PgnErrorKind};
pub use reader::{DEFAULT_MAX_DEPTH, DEFAULT_MAX_GAME_BYTES, ReadOptions, Reader, read_str};
pub(crate) use replay::label;
pub use replay::{IllegalAt, Replay, StartError};
pub use san_text::SanText;
pub use writer::{
    MoveText, WriteOptions, convert, convert_reader, write_game, write_game_report, write_game_to,
};

use std::fmt;

/// One game as read from a PGN file: what was written, not yet checked against the rules
/// (see [`PgnGame::replay`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// Its number in the file, from 1. Games the reader rejected count too, so the numbers
    /// match the file's order.
    pub index: usize,
    /// The line on which the game starts (from 1).
    pub line: usize,
    /// The tag pairs in file order, values unescaped.
    pub tags: Vec<(String, String)>,
    /// Comments before the first move (a comment on the whole game).
    pub comment_before: Vec<String>,
    /// The main line.
    pub moves: Vec<MoveNode>,
    /// The game termination marker as written (`1-0`, `0-1`, `1/2-1/2`, `*`), if there was
    /// one.
    pub result: Option<String>,
}

thread_local! {
    /// The move lists of [`PgnGame::recycle`]d games, for the next games read on this
    /// thread (see [`crate::core::pool`]): a game of up to 1,024 plies.
    static MOVE_LISTS: crate::core::pool::Pool<MoveNode> =
        const { crate::core::pool::Pool::new(1_024, 4) };
}

/// An empty list of moves with room for `room`: the one of the last game recycled on this
/// thread when there is one. (With `--jobs` above one the games are recycled on other
/// threads than the reader's, whose lists are then new.)
pub(crate) fn take_move_list(room: usize) -> Vec<MoveNode> {
    MOVE_LISTS.with(|p| p.take(room))
}

impl PgnGame {
    /// Drops the game, its move list kept for the next game read on this thread (see
    /// [`take_move_list`]) unless it is too large or the pool is full.
    pub(crate) fn recycle(mut self) {
        MOVE_LISTS.with(|p| p.give_back(std::mem::take(&mut self.moves)));
    }
}

thread_local! {
    /// The tag pairs of games done with ([`recycle_tags`]), their texts kept, for the tags
    /// of the next games read on this thread ([`take_tag_texts`]).
    static TAG_TEXTS: crate::core::pool::Kept<Vec<(String, String)>> =
        const { crate::core::pool::Kept::new(4) };
}

/// The most tag pairs, and the largest text, [`recycle_tags`] keeps of one game: a pool of
/// at most 4 × 64 pairs of 256 bytes each (128 KB).
const TAGS_KEPT: usize = 64;
const TAG_TEXT_KEPT: usize = 256;

/// Keeps the tag pairs of a game done with, texts and all, for the tags of the next game
/// read on this thread: the reader writes a tag's name and value into the memory of an
/// old pair instead of allocating two new texts (and the old ones are not freed). On the
/// real games of `shared/data/pgn/real` (89,066 tags) `adjudicate --jobs 1` spends 0.9 %
/// fewer instructions (callgrind, LTO: 781.97 M → 774.65 M). Pairs past [`TAGS_KEPT`], or
/// with a text of more than [`TAG_TEXT_KEPT`] bytes of room, are dropped.
pub(crate) fn recycle_tags(mut tags: Vec<(String, String)>) {
    tags.truncate(TAGS_KEPT);
    tags.retain(|(n, v)| n.capacity() <= TAG_TEXT_KEPT && v.capacity() <= TAG_TEXT_KEPT);
    if !tags.is_empty() {
        TAG_TEXTS.with(|k| k.give_back(tags));
    }
}

/// Old tag pairs to write the next game's tags into (see [`recycle_tags`]): empty when
/// none were kept on this thread.
pub(crate) fn take_tag_texts() -> Vec<(String, String)> {
    TAG_TEXTS
        .with(crate::core::pool::Kept::take)
        .unwrap_or_default()
}

/// One move of a line, with everything written about it.
///
/// Most of it is read through methods: the node of a plain move is small to write, copy and
/// drop (56 bytes), which counts when a file holds millions of moves. The place in the
/// file, the clock, the time spent and the evaluation are kept in 32 bits each (a larger
/// value, never seen in practice, is kept aside exactly); the comments, NAGs, comments
/// before and variations ([`MoveNode::comments`], [`MoveNode::nags`],
/// [`MoveNode::comment_before`], [`MoveNode::variations`]), which most moves of most files
/// do not have, are behind one pointer, empty when there are none.
#[derive(Clone)]
#[repr(C)] // In this order: the stores of a new node's constant fields go together.
pub struct MoveNode {
    /// The move as written (`Nf3`, `exd5`, `O-O`, `e8=Q+`, `Cf3`, `g1f3`, `--`), without the
    /// move number and without the suffix annotation (`!`, `?!` …), which is in `nags`.
    pub san: SanText,
    /// The comments, NAGs, comments before, variations and values too large for the fields
    /// below, when the move has any.
    more: Option<Box<Annotations>>,
    line: u32,
    column: u32,
    clock: u32,
    emt: u32,
    /// The value of the evaluation, whose kind is `eval_kind`.
    eval_value: i32,
    eval_kind: EvalKind,
    /// The player offered a draw with this move (`[%draw offer]`, or `(=)` after the move as
    /// on a FIDE scoresheet, Art. 9.1.2.2).
    pub draw_offer: bool,
    /// A null move (`--` or `Z0`): a pass, found in analysis, not a move of chess.
    pub null: bool,
}

/// What a 32-bit field holds besides a value: nothing (a clock not given), or "the value
/// is in the annotations" (too large for 32 bits).
const NOT_GIVEN: u32 = u32::MAX;
const WIDE: u32 = u32::MAX - 1;

#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum EvalKind {
    #[default]
    None,
    Centipawns,
    Mate,
}

/// The rarer things written about a move (see [`MoveNode`]).
#[derive(Clone, Debug, Default)]
struct Annotations {
    comments: Vec<String>,
    nags: Vec<u8>,
    comment_before: Vec<String>,
    variations: Vec<Vec<MoveNode>>,
    /// The values whose field holds [`WIDE`].
    line: u64,
    column: u64,
    clock_ms: u64,
    emt_ms: u64,
}

impl Default for MoveNode {
    fn default() -> MoveNode {
        MoveNode {
            san: SanText::default(),
            more: None,
            line: 0,
            column: 0,
            clock: NOT_GIVEN,
            emt: NOT_GIVEN,
            eval_value: 0,
            eval_kind: EvalKind::None,
            draw_offer: false,
            null: false,
        }
    }
}

impl MoveNode {
    /// A move as written, nothing else attached (line and column 0: not from a file).
    pub fn new(san: &str) -> MoveNode {
        MoveNode {
            san: SanText::new(san),
            null: reader::is_null_token(san),
            ..MoveNode::default()
        }
    }

    /// Lines and columns below this are kept in the node's 32-bit fields.
    pub(crate) const NARROW: usize = WIDE as usize;

    /// A move read at this line and column.
    pub(crate) fn read(san: SanText, line: usize, column: usize, null: bool) -> MoveNode {
        let mut node = MoveNode {
            san,
            null,
            ..MoveNode::default()
        };
        node.set_line_column(line, column);
        node
    }

    /// A move read at a line and column known to be below [`MoveNode::NARROW`]: what the
    /// reader's quick path writes for every move (it checks the line once for all).
    #[inline(always)]
    pub(crate) fn narrow_at(san: SanText, line: u32, column: u32, null: bool) -> MoveNode {
        debug_assert!(line < WIDE && column < WIDE);
        MoveNode {
            san,
            line,
            column,
            null,
            ..MoveNode::default()
        }
    }

    /// Where the move stands in the file: the line, from 1 (0 for a move not from a file).
    pub fn line(&self) -> usize {
        self.wide(self.line, |m| m.line) as usize
    }

    /// Where the move stands in its line: the column, from 1 (columns count characters).
    pub fn column(&self) -> usize {
        self.wide(self.column, |m| m.column) as usize
    }

    /// Sets where the move stands in the file.
    pub fn set_line_column(&mut self, line: usize, column: usize) {
        self.line = self.narrow(line as u64, |m, v| m.line = v);
        self.column = self.narrow(column as u64, |m, v| m.column = v);
    }

    /// The clock of the player who made the move, after it (`[%clk 1:23:45.6]`), in
    /// milliseconds.
    pub fn clock_ms(&self) -> Option<u64> {
        self.optional(self.clock, |m| m.clock_ms)
    }

    /// Sets (or removes) the clock reading.
    pub fn set_clock_ms(&mut self, ms: Option<u64>) {
        self.clock = self.narrow_optional(ms, |m, v| m.clock_ms = v);
    }

    /// The time spent on the move (`[%emt 0:00:05]`), in milliseconds.
    pub fn emt_ms(&self) -> Option<u64> {
        self.optional(self.emt, |m| m.emt_ms)
    }

    /// Sets (or removes) the time spent.
    pub fn set_emt_ms(&mut self, ms: Option<u64>) {
        self.emt = self.narrow_optional(ms, |m, v| m.emt_ms = v);
    }

    /// An engine evaluation (`[%eval 0.34]`, `[%eval #-3]`).
    pub fn eval(&self) -> Option<Eval> {
        match self.eval_kind {
            EvalKind::None => None,
            EvalKind::Centipawns => Some(Eval::Centipawns(self.eval_value)),
            EvalKind::Mate => Some(Eval::Mate(self.eval_value)),
        }
    }

    /// Sets (or removes) the evaluation.
    pub fn set_eval(&mut self, eval: Option<Eval>) {
        (self.eval_kind, self.eval_value) = match eval {
            None => (EvalKind::None, 0),
            Some(Eval::Centipawns(cp)) => (EvalKind::Centipawns, cp),
            Some(Eval::Mate(n)) => (EvalKind::Mate, n),
        };
    }

    /// Comments after the move, with the commands escaque understands (`[%clk]`, `[%emt]`,
    /// `[%eval]`, `[%draw offer]`) taken out; comments left empty are dropped.
    pub fn comments(&self) -> &[String] {
        self.more.as_ref().map_or(&[], |m| &m.comments)
    }

    /// Adds a comment after the others.
    pub fn push_comment(&mut self, text: String) {
        self.more().comments.push(text);
    }

    /// Replaces the comments after the move; nothing is kept for none.
    pub fn set_comments(&mut self, texts: Vec<String>) {
        if !texts.is_empty() || self.more.is_some() {
            self.more().comments = texts;
        }
    }

    /// Numeric annotation glyphs, in order: `$n` as written, and the suffixes `!` `?` `!!`
    /// `??` `!?` `?!` as 1 to 6.
    pub fn nags(&self) -> &[u8] {
        self.more.as_ref().map_or(&[], |m| &m.nags)
    }

    /// Comments written just before the move where no earlier move of its line could hold
    /// them: at the start of a variation (`( {comment} 12... Nf6 )`).
    pub fn comment_before(&self) -> &[String] {
        self.more.as_ref().map_or(&[], |m| &m.comment_before)
    }

    /// Alternatives to this move, each a line starting from the position before it.
    pub fn variations(&self) -> &[Vec<MoveNode>] {
        self.more.as_ref().map_or(&[], |m| &m.variations)
    }

    /// The variations, to change their moves.
    pub fn variations_mut(&mut self) -> &mut [Vec<MoveNode>] {
        match &mut self.more {
            Some(m) => &mut m.variations,
            None => &mut [],
        }
    }

    /// Adds a NAG after the others.
    pub fn push_nag(&mut self, nag: u8) {
        self.more().nags.push(nag);
    }

    /// Adds a comment before the move, after the others.
    pub fn push_comment_before(&mut self, text: String) {
        self.more().comment_before.push(text);
    }

    /// Adds a variation after the others.
    pub fn push_variation(&mut self, line: Vec<MoveNode>) {
        self.more().variations.push(line);
    }

    /// The comments before the move, all at once (the reader keeps them aside until the
    /// move comes); nothing is kept for none.
    pub(crate) fn set_comment_before(&mut self, texts: Vec<String>) {
        if !texts.is_empty() || self.more.is_some() {
            self.more().comment_before = texts;
        }
    }

    fn more(&mut self) -> &mut Annotations {
        self.more.get_or_insert_with(Box::default)
    }

    /// The value of a 32-bit field, or the one kept aside when it holds [`WIDE`].
    #[inline]
    fn wide(&self, field: u32, aside: impl Fn(&Annotations) -> u64) -> u64 {
        match (field, &self.more) {
            (WIDE, Some(m)) => aside(m),
            _ => u64::from(field),
        }
    }

    /// The value of a 32-bit field that may hold none ([`NOT_GIVEN`]).
    #[inline]
    fn optional(&self, field: u32, aside: impl Fn(&Annotations) -> u64) -> Option<u64> {
        (field != NOT_GIVEN).then(|| self.wide(field, aside))
    }

    /// What a 32-bit field that may hold none holds for `value`.
    fn narrow_optional(
        &mut self,
        value: Option<u64>,
        aside: impl Fn(&mut Annotations, u64),
    ) -> u32 {
        match value {
            None => NOT_GIVEN,
            Some(v) => self.narrow(v, aside),
        }
    }

    /// What a 32-bit field holds for `value`: the value, or [`WIDE`] with the value kept
    /// aside.
    fn narrow(&mut self, value: u64, aside: impl Fn(&mut Annotations, u64)) -> u32 {
        match u32::try_from(value) {
            Ok(v) if v < WIDE => v,
            _ => {
                aside(self.more(), value);
                WIDE
            }
        }
    }
}

/// Equal when everything written is equal: no annotations and empty ones are the same.
impl PartialEq for MoveNode {
    fn eq(&self, other: &MoveNode) -> bool {
        self.san == other.san
            && self.line() == other.line()
            && self.column() == other.column()
            && self.nags() == other.nags()
            && self.comment_before() == other.comment_before()
            && self.comments() == other.comments()
            && self.clock_ms() == other.clock_ms()
            && self.emt_ms() == other.emt_ms()
            && self.eval() == other.eval()
            && self.draw_offer == other.draw_offer
            && self.null == other.null
            && self.variations() == other.variations()
    }
}

impl Eq for MoveNode {}

/// As the fields were printed before most went behind methods.
impl fmt::Debug for MoveNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MoveNode")
            .field("san", &self.san)
            .field("line", &self.line())
            .field("column", &self.column())
            .field("nags", &self.nags())
            .field("comment_before", &self.comment_before())
            .field("comments", &self.comments())
            .field("clock_ms", &self.clock_ms())
            .field("emt_ms", &self.emt_ms())
            .field("eval", &self.eval())
            .field("draw_offer", &self.draw_offer)
            .field("null", &self.null)
            .field("variations", &self.variations())
            .finish()
    }
}

/// An engine evaluation from White's point of view, as `[%eval]` writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Eval {
    /// In hundredths of a pawn (`[%eval 0.34]` is 34, `[%eval -1.5]` is -150).
    Centipawns(i32),
    /// Mate in so many moves; negative when Black mates (`[%eval #-3]` is `Mate(-3)`).
    Mate(i32),
}

impl Eval {
    /// Reads the argument of `[%eval]`: `0.34`, `-1.5`, `+2`, `#3`, `#-3`. `None` for
    /// anything else (the command then stays in the comment text).
    pub fn parse(s: &str) -> Option<Eval> {
        comment::parse_eval(s)
    }
}

impl fmt::Display for Eval {
    /// `0.34`, `-1.50`, `#3`, `#-3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Eval::Centipawns(cp) => {
                let sign = if cp < 0 { "-" } else { "" };
                let abs = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
            }
            Eval::Mate(n) => write!(f, "#{n}"),
        }
    }
}

/// The Seven Tag Roster (PGN standard 8.1.1), in its order.
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

impl PgnGame {
    /// The value of the first tag with this name (names are case-sensitive, as in PGN).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag: replaces the value of the first tag with this name, or appends it.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(k, _)| k == name) {
            Some((_, v)) => *v = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// The FEN the game starts from (the `FEN` tag), when there is one.
    pub fn start_fen(&self) -> Option<&str> {
        self.tag("FEN").map(str::trim).filter(|f| !f.is_empty())
    }

    /// The White player (`White` tag).
    pub fn white(&self) -> Option<&str> {
        self.tag("White")
    }

    /// The Black player (`Black` tag).
    pub fn black(&self) -> Option<&str> {
        self.tag("Black")
    }

    /// The `Variant` tag, when there is one.
    pub fn variant(&self) -> Option<&str> {
        self.tag("Variant")
    }

    /// Whether the game is standard chess as far as its tags say: no `Variant` tag, or one
    /// of `Standard`, `From Position`, `Normal` (any case).
    pub fn is_standard(&self) -> bool {
        match self.variant().map(str::trim) {
            None => true,
            Some(v) => {
                v.is_empty()
                    || ["standard", "from position", "normal", "chess"]
                        .iter()
                        .any(|s| v.eq_ignore_ascii_case(s))
            }
        }
    }

    /// Whether the game is Chess960 (Guidelines II) as its `Variant` tag says, in any case
    /// and spelling the programs use: `Chess960`, `Chess 960`, `960`, `Fischerandom`,
    /// `Fischer Random`, `FRC`.
    pub fn is_chess960(&self) -> bool {
        self.variant().is_some_and(is_chess960_name)
    }

    /// The null moves of the main line and of the variations, as (line, column) of each.
    pub fn null_moves(&self) -> Vec<(usize, usize)> {
        fn walk(line: &[MoveNode], out: &mut Vec<(usize, usize)>) {
            for node in line {
                if node.null {
                    out.push((node.line(), node.column()));
                }
                for v in node.variations() {
                    walk(v, out);
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.moves, &mut out);
        out
    }

    /// Checks the moves against the rules: see [`Replay`].
    pub fn replay(&self, letters: crate::core::Letters) -> Replay {
        replay::replay(self, letters)
    }
}

/// Whether a `Variant` tag's value names Chess960: letters and digits compared without case,
/// spaces and dashes (`Chess960`, `chess 960`, `Chess-960`, `960`, `fischerandom`, `Fischer
/// Random`, `FischerRandom`, `FRC`).
pub fn is_chess960_name(variant: &str) -> bool {
    let key: String = variant
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    matches!(
        key.as_str(),
        "chess960" | "960" | "fischerandom" | "fischerrandom" | "frc" | "fischerrandomchess"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn annotations_read_as_written_and_compare_by_content() {
        let game = read_str("1. e4 $1 (1. d4 $2) {a} 1... e5 *\n")
            .next()
            .unwrap()
            .unwrap();
        let e4 = &game.moves[0];
        assert_eq!(e4.nags(), [1]);
        assert_eq!(e4.variations().len(), 1);
        assert_eq!(e4.variations()[0][0].nags(), [2]);
        assert!(game.moves[1].nags().is_empty() && game.moves[1].variations().is_empty());

        let mut built = MoveNode::new("e4");
        built.set_line_column(e4.line(), e4.column());
        built.set_comments(e4.comments().to_vec());
        assert_ne!(&built, e4);
        built.push_nag(1);
        built.push_variation(e4.variations()[0].clone());
        assert_eq!(&built, e4);
        // No comments before, given as an empty list, keep the node as it was.
        built.set_comment_before(Vec::new());
        assert_eq!(&built, e4);
        assert!(format!("{e4:?}").contains("nags: [1]"));
    }

    #[test]
    fn a_plain_move_is_small_and_large_values_are_kept_exactly() {
        assert!(std::mem::size_of::<MoveNode>() <= 56);
        let mut node = MoveNode::new("e4");
        assert_eq!(
            (node.clock_ms(), node.emt_ms(), node.eval()),
            (None, None, None)
        );
        assert!(node.comments().is_empty());
        // Past 32 bits, or on the field's markers: kept aside, read back as set.
        for big in [
            u64::from(u32::MAX) - 2,
            u64::from(u32::MAX) - 1,
            u64::from(u32::MAX),
            u64::from(u32::MAX) + 1,
            3_599_999_999_999,
        ] {
            let wide = usize::try_from(big).unwrap();
            node.set_line_column(wide, wide + 1);
            node.set_clock_ms(Some(big));
            node.set_emt_ms(Some(big + 1));
            assert_eq!((node.line(), node.column()), (wide, wide + 1));
            assert_eq!((node.clock_ms(), node.emt_ms()), (Some(big), Some(big + 1)));
            let read = MoveNode::read(SanText::new("e4"), wide, 7, false);
            assert_eq!((read.line(), read.column()), (wide, 7));
        }
        node.set_clock_ms(None);
        node.set_emt_ms(Some(0));
        assert_eq!((node.clock_ms(), node.emt_ms()), (None, Some(0)));
        for eval in [
            Eval::Centipawns(i32::MIN),
            Eval::Mate(-3),
            Eval::Centipawns(0),
        ] {
            node.set_eval(Some(eval));
            assert_eq!(node.eval(), Some(eval));
        }
        node.set_comments(vec!["a".into()]);
        node.push_comment("b".into());
        assert_eq!(node.comments(), ["a", "b"]);
    }
}
