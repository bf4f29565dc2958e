//! Replaying a game read from PGN against the rules core.

use crate::core::pool::Pool;
use crate::core::san::play_move;
use crate::core::{Color, FenError, Letters, Move, Position, SanError, SanProblem};

use super::error::{PgnError, PgnErrorKind};
use super::{MoveNode, PgnGame};

/// Why a game cannot be replayed from its first move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    /// The `FEN` tag does not describe a legal position (Chess960 castling rights included).
    #[error("the FEN tag is not a valid start position: {0}")]
    BadFen(FenError),
    /// `[SetUp "1"]` without a `FEN` tag.
    #[error("the game has [SetUp \"1\"] but no FEN tag to set the position up from")]
    MissingFen,
    /// A `Variant` tag other than Standard, From Position or Chess960.
    #[error(
        "unsupported variant \"{0}\": escaque follows the rules of standard chess and \
         Chess960 only"
    )]
    UnsupportedVariant(String),
}

/// A move that could not be played: where, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalAt {
    /// Its ply in the game, from 1 (a variation's moves count from the game's start too).
    pub ply: usize,
    /// The move number and the move, as a scoresheet shows it: `1... b4`.
    pub label: String,
    /// The move as written.
    pub san: String,
    /// Where it is in the file.
    pub line: usize,
    pub column: usize,
    pub error: SanError,
}

/// A game played through on the board: the start position, the moves of the main line up to
/// the first one that cannot be played, the positions, and what went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The position the game starts from (the standard one when the start failed).
    pub start: Position,
    /// The start position could not be set up: nothing was replayed.
    pub start_error: Option<StartError>,
    /// The main line's moves up to the first illegal one: `None` is a null move (`--`),
    /// played with [`Position::play_null`].
    pub moves: Vec<Option<Move>>,
    /// `positions[0]` is the start, `positions[i]` the position after `moves[..i]`; one more
    /// than the moves.
    pub positions: Vec<Position>,
    /// The first move of the main line that is not legal (or not notation).
    pub illegal: Option<IllegalAt>,
    /// The first bad move of each variation (the rest of that variation is not replayed;
    /// the main line goes on).
    pub variation_errors: Vec<IllegalAt>,
}

impl Replay {
    /// The whole main line was replayed.
    pub fn is_complete(&self) -> bool {
        self.start_error.is_none() && self.illegal.is_none()
    }

    /// The last position reached.
    pub fn end(&self) -> &Position {
        self.positions.last().unwrap_or(&self.start)
    }

    /// The number of moves before the first null move (all of them when there is none): the
    /// legal prefix, a null move not being a move of chess.
    pub fn legal_prefix(&self) -> usize {
        self.moves
            .iter()
            .position(Option::is_none)
            .unwrap_or(self.moves.len())
    }

    /// Where the legal prefix stops and why: the first null move of the main line (not a
    /// move of chess) or, when there is none, its illegal move, as an error of `game` that
    /// says where the move stands and quotes it.
    pub fn first_error(&self, game: &PgnGame) -> Option<PgnError> {
        self.error_at(game, self.legal_prefix())
    }

    /// [`Replay::first_error`] given the legal prefix (`legal`, [`Replay::legal_prefix`]),
    /// which a game's review works out once: going over the moves for it three times a game
    /// cost 1.0 % of `adjudicate`'s instructions on uniformly random games.
    pub(crate) fn error_at(&self, game: &PgnGame, legal: usize) -> Option<PgnError> {
        if let (Some(node), Some(before)) = (game.moves.get(legal), self.positions.get(legal)) {
            if legal < self.moves.len() {
                return Some(PgnError {
                    game: game.index,
                    line: node.line(),
                    column: node.column(),
                    kind: PgnErrorKind::NullMove {
                        ply: legal + 1,
                        label: label(before, &node.san),
                    },
                });
            }
        }
        Some(self.illegal.as_ref()?.to_error(game.index))
    }

    /// The number of null moves in the replayed main line.
    pub fn null_moves(&self) -> usize {
        self.moves.iter().filter(|m| m.is_none()).count()
    }

    /// The start error and the main line's illegal move as errors of the game.
    pub fn errors(&self, game: &PgnGame) -> Vec<PgnError> {
        let mut out = Vec::new();
        if let Some(e) = &self.start_error {
            out.push(PgnError {
                game: game.index,
                line: game.line,
                column: 1,
                kind: PgnErrorKind::Start(Box::new(e.clone())),
            });
        }
        if let Some(at) = &self.illegal {
            out.push(at.to_error(game.index));
        }
        out
    }
}

impl IllegalAt {
    /// As an error of game number `game`.
    pub fn to_error(&self, game: usize) -> PgnError {
        PgnError {
            game,
            line: self.line,
            column: self.column,
            kind: PgnErrorKind::IllegalMove {
                ply: self.ply,
                label: self.label.clone(),
                error: Box::new(self.error.clone()),
            },
        }
    }

    pub(crate) fn new(pos: &Position, ply: usize, node: &MoveNode, error: SanError) -> IllegalAt {
        IllegalAt {
            ply,
            label: label(pos, &node.san),
            san: node.san.to_string(),
            line: node.line(),
            column: node.column(),
            error,
        }
    }
}

/// `12. e4` or `12... e5`: the move `san` numbered as played from `pos`.
pub(crate) fn label(pos: &Position, san: &str) -> String {
    let n = pos.fullmove_number();
    match pos.turn() {
        Color::White => format!("{n}. {san}"),
        Color::Black => format!("{n}... {san}"),
    }
}

/// The start position a game's tags describe: standard chess, or Chess960 (Guidelines II,
/// its `FEN` read as X-FEN or Shredder-FEN; without one, the standard array, number 518).
pub(crate) fn start_position(game: &PgnGame) -> Result<Position, StartError> {
    let chess960 = game.is_chess960();
    if !chess960 && !game.is_standard() {
        return Err(StartError::UnsupportedVariant(
            game.variant().unwrap_or_default().to_string(),
        ));
    }
    match game.start_fen() {
        Some(fen) if chess960 => Position::from_fen_960(fen).map_err(StartError::BadFen),
        Some(fen) => Position::from_fen(fen).map_err(StartError::BadFen),
        None if game.tag("SetUp").map(str::trim) == Some("1") => Err(StartError::MissingFen),
        None => Ok(Position::new()),
    }
}

/// Plays one node: the move (or `None` for a null move) and the position after it.
pub(crate) fn play_node(
    pos: &Position,
    node: &MoveNode,
    letters: Letters,
) -> Result<(Option<Move>, Position), SanError> {
    let mut after = *pos;
    let mv = advance(&mut after, node, letters)?;
    Ok((mv, after))
}

/// [`play_node`] on the position itself, which the move changes (and an error leaves as it
/// was): a replay keeps one position and copies it once per ply, into the list of
/// positions.
#[inline(always)]
fn advance(
    pos: &mut Position,
    node: &MoveNode,
    letters: Letters,
) -> Result<Option<Move>, SanError> {
    if node.null {
        *pos = pos.play_null().ok_or_else(|| null_move_error(pos, node))?;
        return Ok(None);
    }
    Ok(Some(play_move(pos, &node.san, letters)?))
}

/// The error of a null move that cannot be played (its side is in check), out of the
/// replay's loop: written there, the FEN's code was inlined into the loop of every game's
/// moves, whose registers it crowded (`adjudicate` on uniformly random games, callgrind:
/// 2.3 M more instructions in the replay when the FEN was written from the bitboards).
#[cold]
#[inline(never)]
fn null_move_error(pos: &Position, node: &MoveNode) -> SanError {
    SanError {
        text: node.san.to_string(),
        fen: pos.to_fen(),
        problem: SanProblem::NoMatch,
    }
}

/// Replays a variation (best effort): its first bad move is recorded and ends it.
fn replay_line(
    line: &[MoveNode],
    start: &Position,
    first_ply: usize,
    letters: Letters,
    errors: &mut Vec<IllegalAt>,
) {
    let mut pos = *start;
    for (i, node) in line.iter().enumerate() {
        for v in node.variations() {
            replay_line(v, &pos, first_ply + i, letters, errors);
        }
        if let Err(e) = advance(&mut pos, node, letters) {
            errors.push(IllegalAt::new(&pos, first_ply + i, node, e));
            return;
        }
    }
}

thread_local! {
    /// The lists of [`Replay::recycle`]d replays, for the next game's replay on this
    /// thread (see [`crate::core::pool`]): a game of up to 1,024 plies.
    static MOVES: Pool<Option<Move>> = const { Pool::new(1_024, 4) };
    static POSITIONS: Pool<Position> = const { Pool::new(1_025, 4) };
}

impl Replay {
    /// Drops the replay, its lists kept for the next game replayed on this thread unless
    /// they are too large or the pool is full.
    pub(crate) fn recycle(mut self) {
        MOVES.with(|p| p.give_back(std::mem::take(&mut self.moves)));
        POSITIONS.with(|p| p.give_back(std::mem::take(&mut self.positions)));
    }
}

pub(crate) fn replay(game: &PgnGame, letters: Letters) -> Replay {
    let mut r = Replay {
        start: Position::new(),
        start_error: None,
        moves: MOVES.with(|p| p.take(game.moves.len())),
        positions: POSITIONS.with(|p| p.take(game.moves.len() + 1)),
        illegal: None,
        variation_errors: Vec::new(),
    };
    match start_position(game) {
        Ok(p) => r.start = p,
        Err(e) => {
            r.start_error = Some(e);
            r.positions.push(r.start);
            return r;
        }
    }
    let mut pos = r.start;
    r.positions.push(pos);
    for (i, node) in game.moves.iter().enumerate() {
        for v in node.variations() {
            replay_line(v, &pos, i + 1, letters, &mut r.variation_errors);
        }
        match advance(&mut pos, node, letters) {
            Ok(mv) => {
                r.moves.push(mv);
                // Copied from where it is: `push` of the value copies it into a temporary
                // first, then into the list.
                r.positions.extend_from_slice(std::slice::from_ref(&pos));
            }
            Err(e) => {
                r.illegal = Some(IllegalAt::new(&pos, i + 1, node, e));
                break;
            }
        }
    }
    r
}
