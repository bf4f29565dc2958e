//! `pgn check`: per recorded game, whether its moves are legal and what the Laws say about
//! its final position and its result. The facts come from replaying the moves through a
//! [`Game`] (the one place that decides how a game ends) plus a walk over its positions for
//! the first ply at which each automatic or claimable draw held.

use serde::Serialize;

use crate::core::{Color, Letters, Move, Position};

use super::pgn;

use super::article::Article;
use super::game::{Game, GameResult, unwinnable};

/// What `pgn check --json` prints for one game (one JSON object per line). Field names are
/// part of the interface.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckReport {
    /// The file the game comes from (set by the command line).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// 1-based index of the game in its file.
    pub game: usize,
    pub white: String,
    pub black: String,
    /// The `Result` tag as written.
    pub result: String,
    /// Plies played legally (the legal prefix when a move is illegal).
    pub plies: usize,
    pub moves_legal: bool,
    /// The 1-based ply of the first illegal move, if any.
    pub first_illegal_ply: Option<usize>,
    /// What is wrong with the first illegal move or the set-up, if anything.
    pub error: Option<String>,
    /// The final position, with the en-passant square only when a capture is legal.
    pub final_fen: String,
    pub checkmate: bool,
    pub stalemate: bool,
    /// Neither side can mate (Art. 5.2.2), by the unwinnability analysis.
    pub dead_position: bool,
    /// The player to move at the end could claim a threefold repetition now (9.2.1, 9.2.2).
    pub threefold_claimable_at_end: bool,
    /// The final position stands for the fifth time (9.6.1).
    pub fivefold_at_end: bool,
    /// The player to move at the end could claim the fifty-move rule now (9.3.1, 9.3.2).
    pub fifty_move_claimable_at_end: bool,
    /// The final position is a 75-move draw (9.6.2).
    pub seventyfive_move_at_end: bool,
    /// Plies played when a position first stood for the third time.
    pub first_threefold_ply: Option<usize>,
    /// Plies played when a position first stood for the fifth time.
    pub first_fivefold_ply: Option<usize>,
    /// Plies played when the halfmove count first reached 150 without the last move mating.
    pub first_75move_ply: Option<usize>,
    /// The result the Laws give (`1-0`, `0-1`, `1/2-1/2`, or `*` when they cannot tell).
    pub result_by_laws: String,
    /// The article behind `result_by_laws`, e.g. "5.1.1".
    pub article: Option<String>,
}

/// A recorded game as `check_game` needs it.
pub struct CheckInput<'a> {
    pub game: usize,
    pub tags: &'a [(String, String)],
    pub start: Position,
    /// The main line's legal prefix.
    pub moves: &'a [Move],
    /// The first illegal move (1-based ply) and what is wrong with it, if any.
    pub illegal: Option<(usize, String)>,
}

fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// What holds after each ply of a recorded line (index 0: the start position).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlyFacts {
    /// Plies played.
    pub ply: usize,
    /// The repetition key of the position (Art. 9.2.3).
    pub key: u64,
    /// How many times this position has stood so far, this time included (9.2, 9.6.1).
    pub repetitions: usize,
    /// Halfmoves without a capture or pawn move (9.3, 9.6.2).
    pub halfmoves: u32,
    pub checkmate: bool,
}

/// The facts after each ply of `moves` (legal moves) from `start`.
pub fn ply_facts(start: Position, moves: &[Move]) -> Vec<PlyFacts> {
    let mut out = Vec::with_capacity(moves.len() + 1);
    let mut keys = Vec::with_capacity(moves.len() + 1);
    let mut pos = start;
    for ply in 0..=moves.len() {
        if ply > 0 {
            pos.play_unchecked(moves[ply - 1]);
        }
        let key = pos.key();
        keys.push(key);
        // Only positions since the last capture or pawn move can be the same.
        let window = (pos.halfmove_clock() as usize).min(ply);
        let repetitions = keys[ply - window..=ply]
            .iter()
            .filter(|&&k| k == key)
            .count();
        out.push(PlyFacts {
            ply,
            key,
            repetitions,
            halfmoves: pos.halfmove_clock(),
            checkmate: ply > 0 && pos.is_check() && !pos.has_legal_moves(),
        });
    }
    out
}

/// Checks one game.
pub fn check_game(input: &CheckInput<'_>) -> CheckReport {
    let mut game = Game::new(input.start);
    for &mv in input.moves {
        if game.is_over() {
            break;
        }
        // The moves are legal (the caller replayed them); refused only after the end.
        let _ = game.play(mv);
    }
    check_played(input, &game)
}

/// [`check_game`] for a caller that has already played the moves through a [`Game`] from
/// `input.start` (the arbiter does, for its findings): the game's outcome is the first end
/// on the board, the rest comes from `input`.
pub fn check_played(input: &CheckInput<'_>, game: &Game) -> CheckReport {
    // The record may go on past an automatic end: the facts cover all of it, the result by
    // the Laws is the first end reached.
    let facts = ply_facts(input.start, input.moves);
    let first = |pred: &dyn Fn(&PlyFacts) -> bool| facts.iter().skip(1).find(|f| pred(f));
    let first3 = first(&|f| f.repetitions >= 3).map(|f| f.ply);
    let first5 = first(&|f| f.repetitions >= 5).map(|f| f.ply);
    let first75 = first(&|f| f.halfmoves >= 150 && !f.checkmate).map(|f| f.ply);
    let keys: Vec<u64> = facts.iter().map(|f| f.key).collect();
    let mut pos = input.start;
    for &mv in input.moves {
        pos.play_unchecked(mv);
    }
    let end = pos;
    let plies = input.moves.len();
    let window = (end.halfmove_clock() as usize).min(plies);
    let end_count = facts[plies].repetitions;
    let has_moves = end.has_legal_moves();
    let threefold_claimable = has_moves
        && (end_count >= 3
            || end.legal_moves().iter().any(|&mv| {
                let mut after = end;
                after.play_unchecked(mv);
                let earlier = if after.halfmove_clock() == 0 {
                    0
                } else {
                    keys[plies - window..=plies]
                        .iter()
                        .filter(|&&k| k == after.key())
                        .count()
                };
                earlier + 1 >= 3
            }));
    let fifty_claimable = has_moves
        && (end.halfmove_clock() >= 100
            || (end.halfmove_clock() >= 99
                && end.legal_moves().iter().any(|&mv| {
                    let mut after = end;
                    after.play_unchecked(mv);
                    after.halfmove_clock() >= 100 && after.has_legal_moves()
                })));

    let result_tag = tag(input.tags, "Result").unwrap_or("*").to_string();
    let (result_by_laws, article) = match game.outcome() {
        Some(o) => (o.result.pgn().to_string(), Some(o.article)),
        // An illegal move on the record (7.5.1): the Laws restore the position before it and
        // the game goes on; the recorded result cannot be confirmed.
        None if input.illegal.is_some() => ("*".to_string(), Some(Article("7.5.1"))),
        None => judge_recorded_result(
            &result_tag,
            tag(input.tags, "Termination").unwrap_or(""),
            &end,
            threefold_claimable,
            fifty_claimable,
        ),
    };
    CheckReport {
        file: None,
        game: input.game,
        white: tag(input.tags, "White").unwrap_or("?").to_string(),
        black: tag(input.tags, "Black").unwrap_or("?").to_string(),
        result: result_tag,
        plies,
        moves_legal: input.illegal.is_none(),
        first_illegal_ply: input.illegal.as_ref().map(|(p, _)| *p),
        error: input.illegal.as_ref().map(|(_, e)| e.clone()),
        final_fen: end.to_fen_legal_ep(),
        checkmate: end.is_checkmate(),
        stalemate: end.is_stalemate(),
        dead_position: unwinnable(&end, Color::White) == Some(true)
            && unwinnable(&end, Color::Black) == Some(true),
        threefold_claimable_at_end: threefold_claimable,
        fivefold_at_end: has_moves && end_count >= 5,
        fifty_move_claimable_at_end: fifty_claimable,
        seventyfive_move_at_end: has_moves && end.halfmove_clock() >= 150,
        first_threefold_ply: first3,
        first_fivefold_ply: first5,
        first_75move_ply: first75,
        result_by_laws,
        article: article.map(|a| a.number().to_string()),
    }
}

impl CheckReport {
    /// The report of a game that could not be read or set up: no moves, the error, and the
    /// facts of the start position (the standard one when none could be set up).
    pub fn unreadable(game: usize, tags: &[(String, String)], error: String) -> CheckReport {
        let mut report = check_game(&CheckInput {
            game,
            tags,
            start: Position::new(),
            moves: &[],
            illegal: Some((1, error)),
        });
        report.result_by_laws = "*".into();
        report.article = None;
        report
    }
}

/// When the board did not end the game, what the Laws make of the recorded result: a
/// decisive result on time is judged by 6.9, any other decisive result as a resignation by
/// 5.1.2 (a draw when the winner could not mate, by the unwinnability analysis); a recorded draw is a claim the position
/// supports (9.2, 9.3) or an agreement (5.2.3).
fn judge_recorded_result(
    result: &str,
    termination: &str,
    end: &Position,
    threefold: bool,
    fifty: bool,
) -> (String, Option<Article>) {
    match GameResult::from_pgn(result) {
        Some(GameResult::Draw) => {
            let article = if threefold {
                Article("9.2")
            } else if fifty {
                Article("9.3")
            } else {
                Article::AGREEMENT
            };
            ("1/2-1/2".into(), Some(article))
        }
        Some(r) => {
            let winner: Color = r.winner().unwrap_or(Color::White);
            let t = termination.to_ascii_lowercase();
            let article = if t.contains("time") {
                Article::FLAG
            } else {
                Article::RESIGNATION
            };
            if unwinnable(end, winner) == Some(true) {
                ("1/2-1/2".into(), Some(article))
            } else {
                (r.pgn().into(), Some(article))
            }
        }
        None => ("*".into(), None),
    }
}

/// Reads PGN from `input` and checks every game: one report per game, in file order,
/// including games that cannot be read or set up.
pub fn check_reader(
    input: impl std::io::BufRead,
    letters: Letters,
    mut each: impl FnMut(CheckReport),
) {
    for (i, item) in pgn::Reader::new(input).enumerate() {
        let report = match item {
            Err(e) => CheckReport::unreadable(e.game.max(i + 1), &[], e.to_string()),
            Ok(game) => {
                let replay = game.replay(letters);
                if let Some(e) = &replay.start_error {
                    CheckReport::unreadable(game.index, &game.tags, e.to_string())
                } else {
                    // The legal prefix; a null move is not a move of chess (Art. 3).
                    let moves: Vec<Move> = replay.moves.iter().map_while(|m| *m).collect();
                    let illegal = if moves.len() < replay.moves.len() {
                        Some((
                            moves.len() + 1,
                            "null move: not a move of chess".to_string(),
                        ))
                    } else {
                        replay
                            .illegal
                            .as_ref()
                            .map(|at| (at.ply, at.to_error(game.index).to_string()))
                    };
                    check_game(&CheckInput {
                        game: game.index,
                        tags: &game.tags,
                        start: replay.start,
                        moves: &moves,
                        illegal,
                    })
                }
            }
        };
        each(report);
    }
}
