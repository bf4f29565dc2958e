//! The record of a game and what the Laws say about how it ends (Art. 5, 8.1.5, 9).
//!
//! A [`Game`] holds the start position, the plies, the draw offers, claims and penalties
//! (each attached to the ply it belongs to) and the result with its termination and article.
//! Every change appends [`GameEvent`]s to one log: the scoresheet, the announcements, the
//! autosave, the network and the arbiter read that stream and nothing else.
//!
//! A result reached first stands: once the game has ended, every further action is refused
//! with [`GameError::Over`].

use std::fmt;

use crate::core::dead::{self, Verdict};
use crate::core::{
    Bitboard, Color, Letters, Move, MoveKind, Notation, Position, Role, SanError, Setup,
    parse_move, write_move,
};

/// The node budget of the full unwinnability search when the quick test cannot decide
/// (per side and question): enough for the hard cases of the CHA vectors in milliseconds.
pub const DEAD_SEARCH_BUDGET: u64 = 200_000;

use super::adjourn::AdjournEvent;
use super::article::Article;
use super::clock::{BothFlagsVerdict, Clock, ClockError, ClockEvent, ClockOptions};
use super::irregularity::{
    ArbiterAction, ArbiterPenalty, IllegalPosition, illegal_position_conditions,
    proportional_reconstruction,
};
use super::time_control::TimeControl;
use super::touch::TouchEvent;

/// The score of a finished game (Art. 10): 1-0, 0-1 or ½-½.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
}

impl GameResult {
    /// The side that won.
    pub fn win_for(color: Color) -> GameResult {
        match color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The PGN form: `1-0`, `0-1`, `1/2-1/2`.
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// Reads the PGN form (`*` and anything else: `None`).
    pub fn from_pgn(s: &str) -> Option<GameResult> {
        match s.trim() {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" | "½-½" => Some(GameResult::Draw),
            _ => None,
        }
    }

    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.pgn())
    }
}

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Termination {
    /// 5.1.1.
    Checkmate,
    /// 5.1.2: the player who resigned loses.
    Resignation,
    /// 5.1.2: a resignation when the opponent cannot checkmate by any legal series is a draw.
    ResignationOpponentCannotMate,
    /// 5.2.1.
    Stalemate,
    /// 5.2.2: neither player can checkmate by any legal series.
    DeadPosition,
    /// 5.2.3: agreed, after both players have moved.
    Agreement,
    /// 9.2.1: threefold repetition claimed with the written move producing it.
    ThreefoldWritten,
    /// 9.2.2: threefold repetition claimed after it occurred.
    ThreefoldOccurred,
    /// 9.3.1: fifty moves claimed with the written move completing them.
    FiftyMovesWritten,
    /// 9.3.2: fifty moves claimed after they were completed.
    FiftyMovesOccurred,
    /// 9.6.1: the same position five times.
    FivefoldRepetition,
    /// 9.6.2: seventy-five moves by each player without a pawn move or capture.
    SeventyFiveMoves,
    /// 6.9: the flag fell; the player loses.
    FlagFall,
    /// 6.9: the flag fell, but the opponent cannot checkmate by any legal series: draw.
    FlagFallOpponentCannotMate,
    /// 7.5.5: a second completed illegal move loses.
    IllegalMoves,
    /// 7.5.5: a second illegal move, but the opponent cannot checkmate: draw.
    IllegalMovesOpponentCannotMate,
    /// III.3.1: both flags down in the last period of a control without increment.
    BothFlagsLastPeriod,
    /// 12.9.6: the arbiter declared the game lost by the offender.
    ArbiterDecision,
    /// A.5.4 (B.3 for blitz): both kings in check, or a pawn on the rank farthest from its
    /// start, still on the board after the next completed move: draw.
    IllegalPositionDraw,
    /// Guidelines I.6: a draw agreed, or a resignation notified to the arbiter, before the
    /// adjourned game was resumed.
    SettledBeforeResumption,
    /// Guidelines I.8: the sealed move was ambiguous, of unclear meaning or illegal.
    SealedMoveDefective,
    /// Guidelines I.10: a player arrived at the resumption after the default time.
    DefaultAtResumption,
}

impl Termination {
    /// 5.1.2: the end when a player resigns, given whether the opponent cannot mate.
    pub(crate) fn on_resignation(opponent_cannot_mate: bool) -> Termination {
        if opponent_cannot_mate {
            Termination::ResignationOpponentCannotMate
        } else {
            Termination::Resignation
        }
    }

    /// 6.9: the end when a flag falls, given whether the opponent cannot mate.
    pub(crate) fn on_flag_fall(opponent_cannot_mate: bool) -> Termination {
        if opponent_cannot_mate {
            Termination::FlagFallOpponentCannotMate
        } else {
            Termination::FlagFall
        }
    }

    /// The result of a resignation or flag fall of `loser` ending so.
    pub(crate) fn result_for_loser(self, loser: Color) -> GameResult {
        match self {
            Termination::Resignation | Termination::FlagFall => GameResult::win_for(!loser),
            _ => GameResult::Draw,
        }
    }

    /// The result of an automatic end ([`automatic_end`]) at `pos`: the side that mated
    /// wins, everything else is a draw.
    pub(crate) fn result_at(self, pos: &Position) -> GameResult {
        match self {
            Termination::Checkmate => GameResult::win_for(!pos.turn()),
            _ => GameResult::Draw,
        }
    }

    pub fn article(self) -> Article {
        match self {
            Termination::Checkmate => Article::CHECKMATE,
            Termination::Resignation | Termination::ResignationOpponentCannotMate => {
                Article::RESIGNATION
            }
            Termination::Stalemate => Article::STALEMATE,
            Termination::DeadPosition => Article::DEAD_POSITION,
            Termination::Agreement => Article::AGREEMENT,
            Termination::ThreefoldWritten => Article::THREEFOLD_WRITTEN,
            Termination::ThreefoldOccurred => Article::THREEFOLD_OCCURRED,
            Termination::FiftyMovesWritten => Article::FIFTY_WRITTEN,
            Termination::FiftyMovesOccurred => Article::FIFTY_OCCURRED,
            Termination::FivefoldRepetition => Article::FIVEFOLD,
            Termination::SeventyFiveMoves => Article::SEVENTY_FIVE,
            Termination::FlagFall | Termination::FlagFallOpponentCannotMate => Article::FLAG,
            Termination::IllegalMoves | Termination::IllegalMovesOpponentCannotMate => {
                Article::ILLEGAL_MOVE_PENALTY
            }
            Termination::BothFlagsLastPeriod => Article("III.3.1"),
            Termination::ArbiterDecision => Article("12.9.6"),
            Termination::IllegalPositionDraw => Article("A.5.4"),
            Termination::SettledBeforeResumption => Article("I.6"),
            Termination::SealedMoveDefective => Article("I.8"),
            Termination::DefaultAtResumption => Article("I.10"),
        }
    }

    /// The stable snake_case name (JSON output of `adjudicate` and `pgn check`).
    pub fn name(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Resignation => "resignation",
            Termination::ResignationOpponentCannotMate => "resignation_opponent_cannot_mate",
            Termination::Stalemate => "stalemate",
            Termination::DeadPosition => "dead_position",
            Termination::Agreement => "agreement",
            Termination::ThreefoldWritten => "threefold_written",
            Termination::ThreefoldOccurred => "threefold_occurred",
            Termination::FiftyMovesWritten => "fifty_moves_written",
            Termination::FiftyMovesOccurred => "fifty_moves_occurred",
            Termination::FivefoldRepetition => "fivefold_repetition",
            Termination::SeventyFiveMoves => "seventy_five_moves",
            Termination::FlagFall => "flag_fall",
            Termination::FlagFallOpponentCannotMate => "flag_fall_opponent_cannot_mate",
            Termination::IllegalMoves => "illegal_moves",
            Termination::IllegalMovesOpponentCannotMate => "illegal_moves_opponent_cannot_mate",
            Termination::BothFlagsLastPeriod => "both_flags_last_period",
            Termination::ArbiterDecision => "arbiter_decision",
            Termination::IllegalPositionDraw => "illegal_position_draw",
            Termination::SettledBeforeResumption => "settled_before_resumption",
            Termination::SealedMoveDefective => "sealed_move_defective",
            Termination::DefaultAtResumption => "default_at_resumption",
        }
    }

    /// A short English description, for PGN `Termination` tags and logs.
    pub fn describe(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Resignation => "resignation",
            Termination::ResignationOpponentCannotMate => {
                "resignation, but the opponent could not checkmate: draw"
            }
            Termination::Stalemate => "stalemate",
            Termination::DeadPosition => "dead position",
            Termination::Agreement => "draw by agreement",
            Termination::ThreefoldWritten | Termination::ThreefoldOccurred => {
                "threefold repetition claimed"
            }
            Termination::FiftyMovesWritten | Termination::FiftyMovesOccurred => {
                "fifty-move rule claimed"
            }
            Termination::FivefoldRepetition => "fivefold repetition",
            Termination::SeventyFiveMoves => "seventy-five-move rule",
            Termination::FlagFall => "time forfeit",
            Termination::FlagFallOpponentCannotMate => {
                "flag fall, but the opponent could not checkmate: draw"
            }
            Termination::IllegalMoves => "second illegal move",
            Termination::IllegalMovesOpponentCannotMate => {
                "second illegal move, but the opponent could not checkmate: draw"
            }
            Termination::BothFlagsLastPeriod => "both flags fell in the last period",
            Termination::ArbiterDecision => "declared lost by the arbiter",
            Termination::IllegalPositionDraw => {
                "an illegal position still on the board after the next move: draw"
            }
            Termination::SettledBeforeResumption => "settled before the resumption",
            Termination::SealedMoveDefective => "sealed move ambiguous, unclear or illegal",
            Termination::DefaultAtResumption => "arrived after the default time at resumption",
        }
    }
}

/// How a game ended: the result, why, under which article, and after how many plies.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Outcome {
    pub result: GameResult,
    pub termination: Termination,
    pub article: Article,
    /// The number of plies played when the game ended.
    pub ply: usize,
}

impl Outcome {
    /// An end under the termination's own article.
    pub(crate) fn new(result: GameResult, termination: Termination, ply: usize) -> Outcome {
        Outcome {
            result,
            termination,
            article: termination.article(),
            ply,
        }
    }
}

/// When a draw offer was made (Art. 9.1.2.1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum OfferTiming {
    /// After making a move (and before pressing the clock): the proper moment.
    AfterOwnMove,
    /// At another moment (before moving, on the opponent's time): still valid, and noted
    /// (9.1.2.1; the arbiter may consider 11.5).
    Irregular,
    /// A draw claim under 9.2 or 9.3, which counts as an offer (9.1.2.3).
    Claim,
}

/// Why a pending draw offer lapsed (Art. 9.1.2.1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum LapseReason {
    /// The opponent touched a piece to move or capture it (or moved).
    PieceTouched,
    /// The game ended in another way.
    GameEnded,
}

/// A draw offer on the record, marked "=" on both scoresheets (Art. 8.1.5, 9.1.2.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct DrawOffer {
    pub by: Color,
    /// The number of plies played when it was made: the "=" goes after that ply.
    pub ply: usize,
    pub timing: OfferTiming,
}

/// What a draw claim is about.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ClaimKind {
    /// Art. 9.2: threefold repetition.
    Threefold,
    /// Art. 9.3: fifty moves.
    FiftyMoves,
}

/// A draw claim on the record, with its verdict.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Claim {
    pub by: Color,
    /// The number of plies played when it was made.
    pub ply: usize,
    /// The written move the claim relies on (9.2.1, 9.3.1), in English SAN.
    pub intended: Option<(Move, String)>,
    /// `Some(kind)` when the claim was correct.
    pub upheld: Option<ClaimKind>,
}

/// A penalty on the record.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Penalty {
    /// The player whose clock gets the time.
    pub to: Color,
    /// Seconds added to that player's clock.
    pub seconds: u32,
    /// The number of plies played when it was given.
    pub ply: usize,
    pub article: Article,
}

/// An irregularity that counts as an illegal move once the clock is pressed (Art. 7.5).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum IllegalKind {
    /// 7.5.1: a move that breaks Art. 3 (or 4.2–4.7), completed by pressing the clock.
    Move,
    /// 7.5.2: a pawn moved to the last rank and the clock pressed without a new piece:
    /// the move counts as illegal, and the pawn becomes a queen.
    PromotionWithoutPiece(Move),
    /// 7.5.3: the clock pressed without a move.
    ClockWithoutMove,
    /// 7.5.4: a move made with both hands (castling, capture, promotion), clock pressed.
    TwoHands,
}

impl IllegalKind {
    pub fn article(self) -> Article {
        match self {
            IllegalKind::Move => Article("7.5.1"),
            IllegalKind::PromotionWithoutPiece(_) => Article("7.5.2"),
            IllegalKind::ClockWithoutMove => Article("7.5.3"),
            IllegalKind::TwoHands => Article("7.5.4"),
        }
    }
}

/// Whether a rapid or blitz game is adequately supervised (App. A.4, B.2: one arbiter for
/// at most three games, each recorded) — then the standard rules apply — or not (A.5, B.3).
/// A game setting; standard games are always `Adequate`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Supervision {
    #[default]
    Adequate,
    Inadequate,
}

/// When an illegal move comes to light, for the rules of App. A.5.2.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Discovery {
    /// Observed by the arbiter or claimed by the opponent before the opponent's next move.
    BeforeNextMove,
    /// Only after the opponent has moved again.
    Later,
}

/// One ply of the record.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Ply {
    pub mv: Move,
    /// English SAN in the PGN form, with its check or mate mark.
    pub san: String,
    pub color: Color,
    /// The position key after the move (Art. 9.2.3).
    pub key: u64,
    /// The mover's remaining time after the move, in milliseconds, when known.
    pub clock_ms: Option<u64>,
}

/// Everything that happens in a game, in order. The one stream every reader follows.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum GameEvent {
    /// A move was played; `ply` is 1-based.
    MovePlayed {
        ply: usize,
        color: Color,
        mv: Move,
        san: String,
    },
    /// The move gave check to `checked`.
    Check {
        ply: usize,
        checked: Color,
    },
    DrawOffered {
        offer: DrawOffer,
    },
    DrawAccepted {
        by: Color,
    },
    DrawDeclined {
        by: Color,
    },
    DrawLapsed {
        offer: DrawOffer,
        reason: LapseReason,
    },
    ClaimMade {
        claim: Claim,
    },
    ClaimUpheld {
        by: Color,
        kind: ClaimKind,
        article: Article,
    },
    ClaimRejected {
        by: Color,
        article: Article,
    },
    PenaltyApplied {
        penalty: Penalty,
    },
    /// A completed illegal move (7.5): the position before it is restored (the record never
    /// held it), `count` is that player's total.
    IllegalMoveRecorded {
        by: Color,
        kind: IllegalKind,
        count: u32,
        article: Article,
    },
    /// Rapid or blitz without adequate supervision: the illegal move was neither claimed nor
    /// seen before the opponent's next move, so it stands and the game goes on (A.5.2).
    IllegalMoveStands {
        by: Color,
        article: Article,
    },
    /// The flag of `color` fell (6.8); the game ends by 6.9 unless it had already ended.
    FlagFell {
        color: Color,
    },
    /// Something the clock did (start, press, period change, flag, pause, adjustment …).
    Clock(ClockEvent),
    /// Both flags are down and the game goes on (III.3.1, not the last period).
    BothFlagsContinue {
        article: Article,
    },
    /// Whether `side` (or, for 5.2.2, either side when `None`) can still checkmate could not
    /// be decided within the search budget: the Laws' default applied (the game goes on; a
    /// flag or a resignation stands).
    UnwinnabilityOpen {
        ply: usize,
        side: Option<Color>,
    },
    /// The player to move handled the pieces (Art. 4, strict touch-move mode).
    Touch(TouchEvent),
    /// Adjournment: sealing, opening, resumption (Guidelines I).
    Adjourn(AdjournEvent),
    /// The arbiter acted on an irregularity (Art. 7, 12.9).
    ArbiterDecision {
        action: ArbiterAction,
        article: Article,
    },
    /// With a position reinstated, the time each player had used then cannot be known: the
    /// proportional times of the 1970 rules (Art. XIV-7) are offered to the arbiter (7.1).
    ClockReconstructionOffered {
        white_used_ms: u64,
        black_used_ms: u64,
    },
    GameEnded {
        outcome: Outcome,
    },
    /// A.5.4 (B.3): in a rapid or blitz game without adequate supervision, the arbiter sees
    /// on the board (`fen`, as it stands) both kings in check or a pawn on its farthest
    /// rank, left by an illegal move that stood (A.5.2). First (`after_next_move` false) he
    /// waits until the next move is completed; seen again after it, the game is drawn.
    IllegalPositionObserved {
        conditions: Vec<IllegalPosition>,
        fen: String,
        after_next_move: bool,
        article: Article,
    },
    /// A.5.4: after the next completed move the board (`fen`) no longer shows the illegal
    /// position: the game goes on.
    IllegalPositionCleared {
        fen: String,
        article: Article,
    },
}

impl GameEvent {
    /// The article behind the event, if a Law decides it.
    pub fn article(&self) -> Option<Article> {
        match self {
            GameEvent::MovePlayed { .. } | GameEvent::Check { .. } => None,
            GameEvent::DrawOffered { offer } => Some(match offer.timing {
                OfferTiming::Claim => Article::CLAIM_IS_OFFER,
                _ => Article::DRAW_OFFER,
            }),
            GameEvent::DrawAccepted { .. } => Some(Article::AGREEMENT),
            GameEvent::DrawDeclined { .. } | GameEvent::DrawLapsed { .. } => {
                Some(Article::DRAW_OFFER)
            }
            GameEvent::ClaimMade { .. } => None,
            GameEvent::ClaimUpheld { article, .. } | GameEvent::ClaimRejected { article, .. } => {
                Some(*article)
            }
            GameEvent::PenaltyApplied { penalty } => Some(penalty.article),
            GameEvent::IllegalMoveRecorded { article, .. }
            | GameEvent::IllegalMoveStands { article, .. } => Some(*article),
            GameEvent::FlagFell { .. } => Some(Article::FLAG),
            GameEvent::Clock(e) => e.article(),
            GameEvent::BothFlagsContinue { article } => Some(*article),
            GameEvent::ArbiterDecision { article, .. } => Some(*article),
            GameEvent::UnwinnabilityOpen { side: None, .. } => Some(Article::DEAD_POSITION),
            GameEvent::UnwinnabilityOpen { side: Some(_), .. } => None,
            GameEvent::Touch(e) => Some(e.article()),
            GameEvent::Adjourn(e) => Some(e.article()),
            GameEvent::ClockReconstructionOffered { .. } => Some(Article("7.1")),
            GameEvent::GameEnded { outcome } => Some(outcome.article),
            GameEvent::IllegalPositionObserved { article, .. }
            | GameEvent::IllegalPositionCleared { article, .. } => Some(*article),
        }
    }
}

/// Why an action on the game was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum GameError {
    #[error("the game is over ({}, {}): a result reached first stands", .0.result, .0.article)]
    Over(Outcome),
    #[error("{0} is not a legal move here (Art. 3)")]
    Illegal(String),
    #[error(transparent)]
    Notation(#[from] SanError),
    #[error("it is not {0}'s move")]
    NotYourMove(Color),
    #[error("there is no draw offer from the opponent to answer")]
    NoOffer,
    #[error("a draw by agreement needs both players to have made at least one move (Art. 5.2.3)")]
    TooEarlyForAgreement,
    #[error(
        "{0} touched a piece to move it and can no longer claim a draw for this move (Art. 9.4)"
    )]
    ClaimForfeited(Color),
    #[error("only the player to move can claim a draw (Art. 9.2, 9.3)")]
    ClaimNotOnMove,
    #[error("the clock refused: {0}")]
    Clock(#[from] ClockError),
    #[error("this game has no clock")]
    NoClock,
    #[error(
        "there is no earlier position after ply {ply} to reinstate: the game has {plies} plies (Art. 7.1)"
    )]
    NoSuchPly { ply: usize, plies: usize },
    #[error(
        "App. A.5.4 applies only to rapid and blitz games without adequate supervision; with \
         it, an illegal move is dealt with by Art. 7.5 (A.4, B.2)"
    )]
    Supervised,
    #[error(
        "the board \"{0}\" shows neither both kings in check nor a pawn on its farthest rank \
         (App. A.5.4)"
    )]
    NoIllegalPosition(String),
    #[error("no illegal position has been observed: there is nothing to wait for (App. A.5.4)")]
    NoIllegalPositionPending,
    #[error(
        "the board \"{0}\" does not follow one completed move from the board observed (the \
         other player must be to move)"
    )]
    NoMoveCompleted(String),
    #[error("this game was not resumed from an adjournment (Guidelines I.13)")]
    NotResumed,
    #[error(
        "{0} has already made a move since the resumption: the times can no longer be \
         corrected (Guidelines I.13)"
    )]
    TooLateToCorrect(Color),
}

/// Whether `color` cannot checkmate from `pos`: `Some(true)` proven unwinnable,
/// `Some(false)` a helpmate exists, `None` undecided within [`DEAD_SEARCH_BUDGET`].
pub fn unwinnable(pos: &Position, color: Color) -> Option<bool> {
    if let Some(answer) = recent_answer(pos, color) {
        return answer;
    }
    let answer = unwinnable_uncached(pos, color);
    remember_answer(pos, color, answer);
    answer
}

/// A question of [`unwinnable`] and its answer.
type Answer = (Position, Color, Option<bool>);

thread_local! {
    // The same question comes several times about a game's last position (the facts of
    // `pgn check`, the recorded result, a resignation or flag): the last few answers are
    // kept per thread. The answer depends on the position and the side only (the searches
    // are deterministic, and a helpmate found by any search is the same answer, `false`),
    // so a remembered one is the one the search would give again.
    static RECENT: std::cell::RefCell<[Option<Answer>; 4]> =
        const { std::cell::RefCell::new([None; 4]) };
}

fn recent_answer(pos: &Position, color: Color) -> Option<Option<bool>> {
    RECENT.with_borrow(|recent| {
        recent
            .iter()
            .flatten()
            .find(|(p, c, _)| p == pos && *c == color)
            .map(|&(_, _, a)| a)
    })
}

fn remember_answer(pos: &Position, color: Color, answer: Option<bool>) {
    RECENT.with_borrow_mut(|recent| {
        recent.rotate_right(1);
        recent[0] = Some((*pos, color, answer));
    });
}

/// The side shown able to checkmate from `pos` by a short helpmate search of each side in
/// turn, with growing budgets ([`RACE_BUDGETS`]): the question "is the position dead?"
/// (5.2.2) needs one side that can mate, and the side whose helpmate is short answers
/// first, whichever it is. `None` says nothing: [`unwinnable`] must be asked. A side found
/// able to mate is remembered as [`unwinnable`]'s answer for it.
///
/// On the last positions of the drawn games of `shared/data/pgn/real`, asking White's full
/// search first and Black's only when White could not mate spent 171,000 nodes; asking
/// both in turn with 100 and then 1,000 nodes, about 67,000 (the cheaper side alone would
/// have spent 36,000).
///
/// The side with more material (by the usual points) is asked first in each round, and
/// with as much, the side to move (its helpmate is a ply shorter): White first always,
/// `adjudicate` (callgrind, a build without LTO) took 726.60 M instructions on the real
/// games, 368.41 M, 221.19 M and 219.76 M on uniformly random seeds 1 to 3 and 194.07 M on
/// `benches/adjudicate.sh`'s own corpus; so, 722.32 M, 364.83 M, 219.66 M, 218.77 M and
/// 192.34 M; the output the same. (The walk's probes, `check::alive_prefix`, keep their
/// own order, by `mating_means` after the side that mated last: by points they took
/// +0.09 % on the real games, −0.06 to −0.18 % or +0.06 % on the others.)
pub(crate) fn mating_side_by_race(pos: &Position) -> Option<Color> {
    let points = |c: Color| {
        Role::ALL
            .iter()
            .map(|&r| pos.pieces(c, r).count() * r.points())
            .sum::<u32>()
    };
    let (w, b) = (points(Color::White), points(Color::Black));
    let sides = if b > w || (b == w && pos.turn() == Color::Black) {
        [Color::Black, Color::White]
    } else {
        [Color::White, Color::Black]
    };
    if let Some(&side) = sides
        .iter()
        .find(|&&c| recent_answer(pos, c) == Some(Some(false)))
    {
        return Some(side);
    }
    let mut out = [false; 2];
    for budget in RACE_BUDGETS {
        for (i, side) in sides.into_iter().enumerate() {
            if out[i] {
                continue;
            }
            match dead::helpmate_counted(pos, side, budget).0 {
                Verdict::Winnable(_) => {
                    remember_answer(pos, side, Some(false));
                    return Some(side);
                }
                Verdict::Unwinnable => out[i] = true,
                Verdict::Undetermined => {}
            }
        }
    }
    None
}

/// The budgets of [`mating_side_by_race`]'s rounds.
const RACE_BUDGETS: [u64; 2] = [100, 1_000];

fn unwinnable_uncached(pos: &Position, color: Color) -> Option<bool> {
    // The full search alone: it runs every step of the quick test (the static rules, forced
    // moves, the shallow proofs, the region analysis and the exhaustive search, the latter
    // with a larger share), so asking the quick test first only did its first steps twice
    // (1.7 % of `adjudicate`'s instructions on real games), for the same answers.
    let verdict = dead::full(pos, color, DEAD_SEARCH_BUDGET);
    match verdict {
        Verdict::Unwinnable => Some(true),
        Verdict::Winnable(_) => Some(false),
        Verdict::Undetermined => None,
    }
}

/// Whether `color` certainly cannot checkmate from `pos` (5.1.2, 6.9, 7.5.5), and whether
/// the question stayed open: undecided within [`DEAD_SEARCH_BUDGET`], the Laws' default
/// applies (the side is taken to be able to mate) and the record must say so.
pub(crate) fn cannot_mate_at(pos: &Position, color: Color) -> (bool, bool) {
    match unwinnable(pos, color) {
        Some(answer) => (answer, false),
        None => (false, true),
    }
}

/// How many of `positions[..=upto]` have `key` (`keys[i]` is the repetition key of
/// `positions[i]`). Only positions since the last capture or pawn move can repeat (they
/// changed the material or the pawns for good), and only with the same player to move: every
/// other one of them, counting back from `upto` (the key holds the player to move, so the
/// others could only match by a collision of keys). `key` is that of a position with the
/// player to move of `positions[upto]`; [`occurrences_after_move`] counts the others.
pub(crate) fn occurrences(positions: &[Position], keys: &[u64], upto: usize, key: u64) -> usize {
    count_back(positions, keys, upto, key, 0)
}

/// [`occurrences`] of `key`, the key of a position one move after `positions[upto]` (the
/// other player to move): the position a written move would give (9.2.1).
pub(crate) fn occurrences_after_move(
    positions: &[Position],
    keys: &[u64],
    upto: usize,
    key: u64,
) -> usize {
    count_back(positions, keys, upto, key, 1)
}

/// How many of the keys since the last capture or pawn move, up to `upto`, equal `key`, of
/// every other one counting back from `upto` after skipping `skip` (0 or 1).
fn count_back(positions: &[Position], keys: &[u64], upto: usize, key: u64, skip: usize) -> usize {
    keys[window_start(positions, upto)..=upto]
        .iter()
        .rev()
        .skip(skip)
        .step_by(2)
        .filter(|&&k| k == key)
        .count()
}

/// [`Game::threefold_claim`] for the last of `positions` (with their keys).
pub(crate) fn threefold_claim_at(positions: &[Position], keys: &[u64]) -> Option<Option<Move>> {
    let last = keys.len() - 1;
    if occurrences(positions, keys, last, keys[last]) >= 3 {
        return Some(None);
    }
    // (A written move can only make a position that already stood twice stand for the
    // third time: `written_third_move` looks for one first, and lists no move without.)
    written_third_move(positions, keys)
}

/// 9.2.1: the first legal move from the last of `positions` whose position would stand for
/// the third time (the claim by writing it), `Some(Some(move))`, or `None`. The same answer
/// as trying every legal move as the rule reads ([`every_written_move`], which the tests
/// hold it to), with most moves told apart before they are made: a capture or a pawn move
/// makes a position that never stood before, and a position a quiet piece move makes has
/// our pieces where the move leaves them, which a position it could repeat (one since the
/// last capture or pawn move, with the other player to move) must have too. Those
/// placements are kept in a filter of 1024 bits; only a move that passes it is made.
pub(crate) fn written_third_move(positions: &[Position], keys: &[u64]) -> Option<Option<Move>> {
    if positions.is_empty() {
        return None;
    }
    let last = keys.len() - 1;
    // The keys of the plies [`written_third_move_where`] looks at, whoever's pieces stand
    // where: a key found twice among them is a key found twice among those it keeps.
    let mut found: Vec<u64> = window_plies(positions, last).map(|j| keys[j]).collect();
    found.sort_unstable();
    let mut repeated: Vec<u64> = Vec::new();
    for pair in found.windows(2) {
        if pair[0] == pair[1] && repeated.last() != Some(&pair[0]) {
            repeated.push(pair[0]);
        }
    }
    if repeated.is_empty() {
        return None;
    }
    let plies = window_plies(positions, last);
    written_third_move_where(
        positions,
        keys,
        plies.filter(|&j| repeated.binary_search(&keys[j]).is_ok()),
    )
}

/// [`written_third_move`] in a record whose `repetitions` are counted already (how many
/// times the position of each ply had stood by then, as [`crate::laws::check::Walk`]
/// counts them): a position that stood twice among the plies it looks at is one whose
/// count reached two there. (Its first time was among them too: the same key is the same
/// pieces, castling rights and player to move, so no capture or pawn move came between,
/// and the other player's pieces stand as they do at the second.) No keys are sorted.
#[cfg(test)]
pub(crate) fn written_third_move_counted(
    positions: &[Position],
    keys: &[u64],
    repetitions: &[u8],
) -> Option<Option<Move>> {
    let plies = window_plies(positions, keys.len() - 1);
    written_third_move_where(positions, keys, plies.filter(|&j| repetitions[j] >= 2))
}

/// [`written_third_move_counted`] given `twice`, the plies (in any order, the last one's
/// not among them) whose position had stood at least twice by then, of at least those
/// since the last capture or pawn move: a record's claims keep that list as they go
/// ([`crate::laws::arbiter`]). Looking at every other ply since the last capture or pawn
/// move instead, at each ply of a long quiet ending, took 2.6 to 2.8 % of `adjudicate`'s
/// instructions on uniformly random games (callgrind, LTO: seed 1 372.61 M → 362.32 M,
/// seeds 2 to 5 of 600 games the same; the real games −0.1 %). The plies outside the
/// window [`occurrences_after_move`] counts, or with the other player to move, are passed
/// over.
pub(crate) fn written_third_move_among(
    positions: &[Position],
    keys: &[u64],
    twice: &[usize],
) -> Option<Option<Move>> {
    let last = keys.len() - 1;
    let start = window_start(positions, last);
    let counted = |j: usize| (start..last).contains(&j) && (last - j) % 2 == 1;
    written_third_move_where(
        positions,
        keys,
        twice.iter().copied().filter(|&j| counted(j)),
    )
}

/// The plies [`occurrences_after_move`] counts before the last of `positions` (`last`):
/// `last - 1`, `last - 3`, … back to the last capture or pawn move.
fn window_plies(positions: &[Position], last: usize) -> impl Iterator<Item = usize> {
    (window_start(positions, last)..last).rev().step_by(2)
}

/// The first ply since the last capture or pawn move before `positions[last]` (or the
/// first of the record).
fn window_start(positions: &[Position], last: usize) -> usize {
    last - (positions[last].halfmove_clock() as usize).min(last)
}

/// [`written_third_move`], given the plies whose positions stood twice among those
/// `occurrences_after_move` counts (`twice`, in any order).
fn written_third_move_where(
    positions: &[Position],
    keys: &[u64],
    twice: impl Iterator<Item = usize>,
) -> Option<Option<Move>> {
    let pos = positions.last()?;
    let us = pos.turn();
    let slot = |ours: u64| {
        let h = (ours.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 54) as usize;
        (h >> 6, 1u64 << (h & 63))
    };
    let (ours, theirs) = (pos.by_color(us), pos.by_color(!us));
    // Of the plies `occurrences_after_move` counts, a move that neither captures nor moves
    // a pawn can only repeat one with the other player's pieces where they stand now (it
    // leaves them there), and only a position that already stood twice among them can
    // stand for the third time: when there is none, no move is listed at all.
    let mut filter = [0u64; 16];
    let mut any = false;
    for j in twice {
        if positions[j].by_color(!us) == theirs {
            let (word, bit) = slot(positions[j].by_color(us).0);
            filter[word] |= bit;
            any = true;
        }
    }
    if !any {
        return None;
    }
    let pawns = pos.by_role(Role::Pawn);
    pos.legal_moves()
        .iter()
        .find(|&&mv| {
            let passes = match mv.kind {
                MoveKind::Normal if pawns.contains(mv.from) || theirs.contains(mv.to) => false,
                MoveKind::Normal => {
                    let (word, bit) = slot((ours ^ Bitboard::from(mv.from) ^ mv.to).0);
                    filter[word] & bit != 0
                }
                MoveKind::Castle => true,
                MoveKind::EnPassant | MoveKind::Promotion(_) => false,
            };
            passes && {
                let mut after = *pos;
                after.play_unchecked(mv);
                written_makes_third(positions, keys, &after)
            }
        })
        .map(|&mv| Some(mv))
}

/// [`written_third_move`] by trying every legal move, as the rule reads.
#[cfg(test)]
fn every_written_move(positions: &[Position], keys: &[u64]) -> Option<Option<Move>> {
    let pos = positions.last()?;
    pos.legal_moves()
        .iter()
        .find(|&&mv| {
            pos.after(mv)
                .is_ok_and(|after| written_makes_third(positions, keys, &after))
        })
        .map(|&mv| Some(mv))
}

/// 9.2.1: whether `after`, the position a written (not played) move would give from the last
/// of `positions`, would stand for the third time.
fn written_makes_third(positions: &[Position], keys: &[u64], after: &Position) -> bool {
    let last = keys.len() - 1;
    let earlier = if after.halfmove_clock() == 0 {
        0
    } else {
        occurrences_after_move(positions, keys, last, after.key())
    };
    earlier + 1 >= 3
}

/// [`Game::fifty_move_claim`] in `pos`.
pub(crate) fn fifty_move_claim_at(pos: &Position) -> Option<Option<Move>> {
    if pos.halfmove_clock() >= 100 {
        return Some(None);
    }
    if pos.halfmove_clock() < 99 {
        return None;
    }
    pos.legal_moves()
        .iter()
        // A move that mates ends the game by 5.1.1 before any claim.
        .find(|&&mv| {
            pos.after(mv)
                .is_ok_and(|a| a.halfmove_clock() >= 100 && a.has_legal_moves())
        })
        .map(|&mv| Some(mv))
}

/// What a claim in the last of `positions` with `intended` (written, not played) would
/// establish, if anything (9.2, 9.3, 9.5).
pub(crate) fn verify_claim_at(
    positions: &[Position],
    keys: &[u64],
    intended: Option<Move>,
) -> Option<(ClaimKind, Termination)> {
    let last = keys.len() - 1;
    let pos = &positions[last];
    let stood_three = || occurrences(positions, keys, last, keys[last]) >= 3;
    match intended {
        None => {
            if stood_three() {
                Some((ClaimKind::Threefold, Termination::ThreefoldOccurred))
            } else if pos.halfmove_clock() >= 100 {
                Some((ClaimKind::FiftyMoves, Termination::FiftyMovesOccurred))
            } else {
                None
            }
        }
        Some(mv) => {
            let after = pos.after(mv).ok()?;
            if written_makes_third(positions, keys, &after) {
                Some((ClaimKind::Threefold, Termination::ThreefoldWritten))
            } else if after.halfmove_clock() >= 100 {
                Some((ClaimKind::FiftyMoves, Termination::FiftyMovesWritten))
            } else if stood_three() {
                // The repetition is already on the board; the written move is moot.
                Some((ClaimKind::Threefold, Termination::ThreefoldOccurred))
            } else if pos.halfmove_clock() >= 100 {
                Some((ClaimKind::FiftyMoves, Termination::FiftyMovesOccurred))
            } else {
                None
            }
        }
    }
}

/// How the game ends by itself at `pos`, a position standing for the `repetitions`-th time,
/// in the order of precedence: checkmate (5.1.1) before everything, then stalemate (5.2.1),
/// dead position (5.2.2), fivefold repetition (9.6.1) and seventy-five moves (9.6.2). The
/// second value says the 5.2.2 question stayed open (see [`dead_after_ply`]). The one test
/// of a game's automatic end: the live [`Game`] and the arbiter's walk over a record both
/// ask it. `quiet_line`: the record goes on from `pos` by moves that keep the material for
/// the depth of the quick test's shallow search, which is then not run (see
/// [`dead::quick_both_unwinnable_on_record`]; `false` in a live game).
pub(crate) fn automatic_end(
    pos: &Position,
    repetitions: usize,
    dead_search: u64,
    quiet_line: bool,
) -> (Option<Termination>, bool) {
    // The legal moves are counted once, up to five: whether there is any (5.1.1, 5.2.1) and
    // what the quick 5.2.2 test needs to know of them.
    let five_moves = dead::at_least_five_moves(pos);
    if !five_moves && !pos.has_legal_moves() {
        let t = if pos.is_check() {
            Termination::Checkmate
        } else {
            Termination::Stalemate
        };
        return (Some(t), false);
    }
    let (dead, open) = match dead_after_ply(pos, dead_search, five_moves, quiet_line) {
        Some(dead) => (dead, false),
        None => (false, true),
    };
    let end = if dead {
        Some(Termination::DeadPosition)
    } else {
        automatic_end_alive(pos, repetitions)
    };
    (end, open)
}

/// [`automatic_end`] of a position known to have a legal move and known not to be dead
/// (5.2.2): only the automatic draws of 9.6 are left to ask, fivefold repetition (9.6.1)
/// before seventy-five moves (9.6.2). A walk over a record knows both of every position
/// before the last when the last is winnable for a side: a legal move was played from each,
/// and the moves that follow it, then the helpmate, are a series of legal moves that mates.
pub(crate) fn automatic_end_alive(pos: &Position, repetitions: usize) -> Option<Termination> {
    if repetitions >= 5 {
        Some(Termination::FivefoldRepetition)
    } else if pos.halfmove_clock() >= 150 {
        Some(Termination::SeventyFiveMoves)
    } else {
        None
    }
}

/// Art. 5.2.2 after a move: neither side can checkmate. The quick test runs after every
/// ply; where it cannot decide for a side (and no side is shown to win), the full search
/// runs only with a per-ply budget of `dead_search` nodes (none, 0, in a live game: it must
/// not stall; see [`Game::set_dead_search_per_ply`]). `None`: still open, the game goes on.
/// `five_moves` is [`dead::at_least_five_moves`] of `pos`.
fn dead_after_ply(
    pos: &Position,
    dead_search: u64,
    five_moves: bool,
    quiet_line: bool,
) -> Option<bool> {
    if dead_search == 0 {
        return Some(dead::quick_both_unwinnable_on_record(
            pos, five_moves, quiet_line,
        ));
    }
    let quick = if dead::quick_undetermined_for_both(pos, five_moves) {
        // Most positions with material on the board: known without running the tests.
        [Verdict::Undetermined, Verdict::Undetermined]
    } else {
        // One side that can still mate is enough: the other is not asked.
        let white = dead::quick_counted(pos, Color::White, five_moves);
        if white.is_winnable() {
            return Some(false);
        }
        let black = dead::quick_counted(pos, Color::Black, five_moves);
        if black.is_winnable() {
            return Some(false);
        }
        [white, black]
    };
    if quick.iter().all(Verdict::is_unwinnable) {
        return Some(true);
    }
    if dead_search == 0 {
        return Some(false);
    }
    let full = |c: Color, q: &Verdict| match q {
        Verdict::Undetermined => dead::full(pos, c, dead_search),
        v => v.clone(),
    };
    let answers = [full(Color::White, &quick[0]), full(Color::Black, &quick[1])];
    if answers.iter().any(Verdict::is_winnable) {
        return Some(false);
    }
    if answers.iter().all(Verdict::is_unwinnable) {
        return Some(true);
    }
    None
}

/// The record of one game.
#[derive(Clone, Debug)]
pub struct Game {
    /// Positions: `positions[0]` is the start, `positions[i]` the one after ply `i`.
    positions: Vec<Position>,
    /// Repetition keys of `positions`, in the same order.
    keys: Vec<u64>,
    plies: Vec<Ply>,
    offers: Vec<DrawOffer>,
    pending_offer: Option<DrawOffer>,
    claims: Vec<Claim>,
    penalties: Vec<Penalty>,
    /// The player to move touched a piece at this ply count: no claim for this move (9.4).
    touched_at: Option<usize>,
    outcome: Option<Outcome>,
    events: Vec<GameEvent>,
    /// Seconds given to the opponent for a wrong claim or an illegal move: 120 in standard
    /// play, 60 in rapid and blitz (7.5.5, 9.5.3, A.3, B.3). Set from the time control.
    penalty_seconds: u32,
    /// Rapid and blitz supervision (A.4/A.5, B.2/B.3).
    supervision: Supervision,
    /// Completed illegal moves per player (7.5.5), White first.
    illegal_moves: [u32; 2],
    /// The chess clock, when the game is played with one. Time is given to it by the
    /// caller (`now`, milliseconds from any origin): the game never reads a system clock.
    clock: Option<Clock>,
    /// The latest time given to the game; penalties are put on the clock at that time.
    now: u64,
    /// Node budget of the full 5.2.2 search after each ply (0: quick test only).
    dead_search_per_ply: u64,
    /// A.5.4: the illegal board observed, waiting for the next completed move.
    illegal_board: Option<Setup>,
    /// Resumed from an adjournment: the ply count then and the times used the envelope
    /// recorded, White first (I.13).
    resumed: Option<(usize, [u64; 2])>,
    /// The announced end of the session, by the wall clock (I.14), and whether it was told.
    session_end: Option<(u64, bool)>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(Position::new())
    }
}

impl Game {
    /// A game from `start` (the standard position or a set-up one).
    pub fn new(start: Position) -> Game {
        let mut game = Game {
            keys: vec![start.key()],
            positions: vec![start],
            plies: Vec::new(),
            offers: Vec::new(),
            pending_offer: None,
            claims: Vec::new(),
            penalties: Vec::new(),
            touched_at: None,
            outcome: None,
            events: Vec::new(),
            penalty_seconds: 120,
            supervision: Supervision::Adequate,
            illegal_moves: [0, 0],
            clock: None,
            now: 0,
            dead_search_per_ply: 0,
            illegal_board: None,
            resumed: None,
            session_end: None,
        };
        // A set-up position may already be over.
        game.check_automatic_end();
        game
    }

    /// A game played with a clock: the penalty unit follows the control's class (2 min in
    /// standard play, 1 in rapid and blitz: 7.5.5, 9.5.3, A.3, B.3).
    pub fn with_clock(start: Position, tc: TimeControl, options: ClockOptions) -> Game {
        let mut game = Game::new(start);
        game.penalty_seconds = tc.penalty_seconds();
        game.clock = Some(Clock::with_options(tc, options));
        game
    }

    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    // --- Reading the record ----------------------------------------------------------------

    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or(&self.positions[0])
    }

    /// The position after `ply` plies (0: the start).
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply)
    }

    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    pub fn offers(&self) -> &[DrawOffer] {
        &self.offers
    }

    pub fn pending_offer(&self) -> Option<DrawOffer> {
        self.pending_offer
    }

    pub fn claims(&self) -> &[Claim] {
        &self.claims
    }

    pub fn penalties(&self) -> &[Penalty] {
        &self.penalties
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The event log, from the first event.
    pub fn events(&self) -> &[GameEvent] {
        &self.events
    }

    /// Events from index `from` on: what a reader that has seen `from` events has not.
    pub fn events_since(&self, from: usize) -> &[GameEvent] {
        self.events.get(from..).unwrap_or(&[])
    }

    pub fn penalty_seconds(&self) -> u32 {
        self.penalty_seconds
    }

    /// Sets the time a wrong claim gives the opponent (120 s standard, 60 s rapid/blitz).
    pub fn set_penalty_seconds(&mut self, seconds: u32) {
        self.penalty_seconds = seconds;
    }

    pub fn supervision(&self) -> Supervision {
        self.supervision
    }

    /// Sets the supervision of a rapid or blitz game (A.4/A.5, B.2/B.3). Only rapid and
    /// blitz games can be `Inadequate`: standard games are always supervised.
    pub fn set_supervision(&mut self, supervision: Supervision) {
        self.supervision = supervision;
    }

    /// Completed illegal moves of `color` so far (7.5.5).
    pub fn illegal_moves_of(&self, color: Color) -> u32 {
        self.illegal_moves[color.index()]
    }

    /// Whether `color` certainly cannot checkmate by any legal series of moves from the
    /// current position: the one question behind 5.1.2, 6.9 and 7.5.5. Decided by the
    /// core's unwinnability analysis (the quick test, then the full search within
    /// [`DEAD_SEARCH_BUDGET`]). When even that cannot tell, the Laws' default applies: the
    /// side is taken to be able to mate (the flag loses, the resignation stands), and the
    /// record says the question was open ([`GameEvent::UnwinnabilityOpen`]).
    pub fn cannot_mate(&mut self, color: Color) -> bool {
        let (cannot, open) = cannot_mate_at(self.position(), color);
        if open {
            self.events.push(GameEvent::UnwinnabilityOpen {
                ply: self.plies.len(),
                side: Some(color),
            });
        }
        cannot
    }

    /// How many times the current position has stood on the board (Art. 9.2.3).
    pub fn repetitions(&self) -> usize {
        occurrences(
            &self.positions,
            &self.keys,
            self.keys.len() - 1,
            self.keys[self.keys.len() - 1],
        )
    }

    /// Whether the player to move could claim a threefold repetition now: the position has
    /// stood three times (9.2.2), or some legal move would make a position stand for the
    /// third time (9.2.1). Returns the written move for the second case.
    pub fn threefold_claim(&self) -> Option<Option<Move>> {
        threefold_claim_at(&self.positions, &self.keys)
    }

    /// Whether the player to move could claim the fifty-move rule now: fifty moves by each
    /// side without a pawn move or capture (9.3.2), or a legal move completing them (9.3.1).
    pub fn fifty_move_claim(&self) -> Option<Option<Move>> {
        fifty_move_claim_at(self.position())
    }

    /// Whether both players have made at least one move in this game (Art. 5.2.3).
    pub fn both_have_moved(&self) -> bool {
        self.plies.iter().any(|p| p.color == Color::White)
            && self.plies.iter().any(|p| p.color == Color::Black)
    }

    // --- Changing the record ---------------------------------------------------------------

    fn refuse_if_over(&self) -> Result<(), GameError> {
        match self.outcome {
            Some(o) => Err(GameError::Over(o)),
            None => Ok(()),
        }
    }

    fn end(&mut self, result: GameResult, termination: Termination) {
        self.end_as(result, termination, termination.article());
    }

    /// Ends the game with an article other than the termination's own (an arbiter's ruling
    /// that names the article that decided it).
    pub(crate) fn end_as(
        &mut self,
        result: GameResult,
        termination: Termination,
        article: Article,
    ) {
        if self.outcome.is_some() {
            return;
        }
        let outcome = Outcome {
            result,
            termination,
            article,
            ply: self.plies.len(),
        };
        self.outcome = Some(outcome);
        if let Some(clock) = &mut self.clock {
            if let Ok(events) = clock.stop(self.now) {
                self.events.extend(events.into_iter().map(GameEvent::Clock));
            }
        }
        if let Some(offer) = self.pending_offer.take() {
            self.events.push(GameEvent::DrawLapsed {
                offer,
                reason: LapseReason::GameEnded,
            });
        }
        self.events.push(GameEvent::GameEnded { outcome });
    }

    /// Ends the game if the board or the automatic draws of 9.6 say so, in the order of
    /// precedence: checkmate (5.1.1) before everything, then stalemate (5.2.1), dead position
    /// (5.2.2), fivefold repetition (9.6.1) and seventy-five moves (9.6.2).
    fn check_automatic_end(&mut self) {
        let pos = *self.position();
        // A live game knows no moves after this one.
        let (end, open) = automatic_end(&pos, self.repetitions(), self.dead_search_per_ply, false);
        if open {
            self.events.push(GameEvent::UnwinnabilityOpen {
                ply: self.plies.len(),
                side: None,
            });
        }
        if let Some(termination) = end {
            self.end(termination.result_at(&pos), termination);
        }
    }

    /// Carries the touch-move events of the player to move (from `touch::TouchState`) into
    /// the record. A touch of a piece to move it makes a pending offer of the opponent lapse
    /// (9.1.2.1) and forfeits a draw claim for this move (9.4); "j'adoube" does neither.
    pub fn record_touch(&mut self, events: &[TouchEvent]) -> Result<&[GameEvent], GameError> {
        self.refuse_if_over()?;
        let first = self.events.len();
        for e in events {
            self.events.push(GameEvent::Touch(e.clone()));
            if matches!(e, TouchEvent::Touched { .. }) {
                self.touched_at = Some(self.plies.len());
                self.lapse_offer_of(!self.position().turn());
            }
        }
        Ok(&self.events[first..])
    }

    /// 6.11: the clocks are stopped at `now` (the arbiter is called, or stops them);
    /// [`Game::resume_clock`] starts them again. The record keeps both instants.
    pub fn pause_clock(&mut self, now: u64) -> Result<&[GameEvent], GameError> {
        self.on_clock(now, |clock, _, now| clock.pause(now))
    }

    /// 6.11: the clocks run again from `now`, the player on move's first.
    pub fn resume_clock(&mut self, now: u64) -> Result<&[GameEvent], GameError> {
        self.on_clock(now, |clock, _, now| clock.resume(now))
    }

    /// Brings the game to `now` and does `act` on the clock (given the player to move and
    /// the game's time); the clock's events join the record.
    fn on_clock(
        &mut self,
        now: u64,
        act: impl FnOnce(&mut Clock, Color, u64) -> Result<Vec<ClockEvent>, ClockError>,
    ) -> Result<&[GameEvent], GameError> {
        self.refuse_if_over()?;
        let first = self.events.len();
        self.now = self.now.max(now);
        let turn = self.position().turn();
        let clock = self.clock.as_mut().ok_or(GameError::NoClock)?;
        let events = act(clock, turn, self.now)?;
        self.events.extend(events.into_iter().map(GameEvent::Clock));
        Ok(&self.events[first..])
    }

    /// The envelope was sealed at `now` (I.1): the sealing events join the record and the
    /// clock is stopped (paused: the game is not over, it resumes from the envelope).
    pub fn record_seal(
        &mut self,
        envelope: &super::adjourn::Envelope,
        now: u64,
    ) -> Result<&[GameEvent], GameError> {
        self.record_sealing(envelope.sealing_events(), now)
    }

    /// Records the events of sealing (`adjourn::sealing_events`) at `now` and stops the
    /// running clock (I.1).
    pub fn record_sealing(
        &mut self,
        events: Vec<AdjournEvent>,
        now: u64,
    ) -> Result<&[GameEvent], GameError> {
        self.refuse_if_over()?;
        let first = self.events.len();
        self.now = self.now.max(now);
        self.events
            .extend(events.into_iter().map(GameEvent::Adjourn));
        if let Some(clock) = &mut self.clock {
            if clock.phase() == super::clock::Phase::Running {
                let events = clock.pause(self.now)?;
                self.events.extend(events.into_iter().map(GameEvent::Clock));
            }
        }
        Ok(&self.events[first..])
    }

    /// Carries adjournment events (from `adjourn`) into the record.
    pub fn record_adjournment(&mut self, events: &[AdjournEvent]) -> &[GameEvent] {
        let first = self.events.len();
        self.events
            .extend(events.iter().cloned().map(GameEvent::Adjourn));
        &self.events[first..]
    }

    /// The node budget of the full dead-position search after each ply where the quick test
    /// cannot decide (0, the default, runs the quick test only). Analysis of finished
    /// games can afford more than a live game.
    pub fn set_dead_search_per_ply(&mut self, nodes: u64) {
        self.dead_search_per_ply = nodes;
    }

    /// The player to move touched a piece with the intention of moving or capturing it: a
    /// pending offer from the opponent lapses (9.1.2.1) and no draw can be claimed for this
    /// move (9.4).
    pub fn touch_piece(&mut self) -> Result<(), GameError> {
        self.refuse_if_over()?;
        self.touched_at = Some(self.plies.len());
        self.lapse_offer_of(!self.position().turn());
        Ok(())
    }

    fn lapse_offer_of(&mut self, offerer: Color) {
        if let Some(offer) = self.pending_offer.filter(|o| o.by == offerer) {
            self.pending_offer = None;
            self.events.push(GameEvent::DrawLapsed {
                offer,
                reason: LapseReason::PieceTouched,
            });
        }
    }

    /// Plays a legal move, recording it with its SAN and, when known, the mover's clock.
    pub fn play(&mut self, mv: Move) -> Result<&[GameEvent], GameError> {
        self.play_with_clock(mv, None)
    }

    /// Plays a move given in algebraic notation.
    pub fn play_san(&mut self, text: &str, letters: Letters) -> Result<&[GameEvent], GameError> {
        self.refuse_if_over()?;
        let mv = parse_move(self.position(), text, letters)?;
        self.play(mv)
    }

    /// Plays a legal move; `clock_ms` is the mover's time after it, when known.
    pub fn play_with_clock(
        &mut self,
        mv: Move,
        clock_ms: Option<u64>,
    ) -> Result<&[GameEvent], GameError> {
        self.refuse_if_over()?;
        let before = *self.position();
        if !before.is_legal(mv) {
            return Err(GameError::Illegal(mv.to_string()));
        }
        let first = self.events.len();
        let color = before.turn();
        // Moving means touching: the opponent's offer lapses (9.1.2.1).
        self.lapse_offer_of(!color);
        let san = write_move(&before, mv, Notation::ENGLISH);
        let mut after = before;
        after.play_unchecked(mv);
        let key = after.key();
        self.positions.push(after);
        self.keys.push(key);
        self.plies.push(Ply {
            mv,
            san: san.clone(),
            color,
            key,
            clock_ms,
        });
        self.touched_at = None;
        let ply = self.plies.len();
        self.events.push(GameEvent::MovePlayed {
            ply,
            color,
            mv,
            san,
        });
        if after.is_check() {
            self.events.push(GameEvent::Check {
                ply,
                checked: after.turn(),
            });
        }
        self.check_automatic_end();
        Ok(&self.events[first..])
    }

    /// `by` offers a draw (9.1.2). After one's own move is the proper moment; an offer at
    /// another moment is still valid and noted as irregular. An offer while the opponent's
    /// own offer is pending accepts it.
    pub fn offer_draw(&mut self, by: Color) -> Result<&[GameEvent], GameError> {
        self.refuse_if_over()?;
        let first = self.events.len();
        if self.pending_offer.is_some_and(|o| o.by != by) {
            return self.accept_draw(by);
        }
        if self.pending_offer.is_some() {
            // The same player repeating an offer adds nothing.
            return Ok(&self.events[first..]);
        }
        let just_moved = self.plies.last().is_some_and(|p| p.color == by);
        let offer = DrawOffer {
            by,
            ply: self.plies.len(),
            timing: if just_moved {
                OfferTiming::AfterOwnMove
            } else {
                OfferTiming::Irregular
            },
        };
        self.record_offer(offer);
        Ok(&self.events[first..])
    }

    fn record_offer(&mut self, offer: DrawOffer) {
        self.offers.push(offer);
        self.pending_offer = Some(offer);
        self.events.push(GameEvent::DrawOffered { offer });
    }

    /// `by` accepts the opponent's pending offer: a draw by agreement, provided both players
    /// have moved (5.2.3).
    pub fn accept_draw(&mut self, by: Color) -> Result<&[GameEvent], GameError> {
        self.refuse_if_over()?;
        if self.pending_offer.is_none_or(|o| o.by == by) {
            return Err(GameError::NoOffer);
        }
        if !self.both_have_moved() {
            return Err(GameError::TooEarlyForAgreement);
        }
        let first = self.events.len();
        self.pending_offer = None;
        self.events.push(GameEvent::DrawAccepted { by });
        self.end(GameResult::Draw, Termination::Agreement);
        Ok(&self.events[first..])
    }

    /// `by` rejects the opponent's pending offer orally; it lapses (9.1.2.1).
    pub fn decline_draw(&mut self, by: Color) -> Result<&[GameEvent], GameError> {
        self.refuse_if_over()?;
        if self.pending_offer.is_none_or(|o| o.by == by) {
            return Err(GameError::NoOffer);
        }
        let first = self.events.len();
        self.pending_offer = None;
        self.events.push(GameEvent::DrawDeclined { by });
        Ok(&self.events[first..])
    }

    /// `by` resigns (5.1.2): the opponent wins, unless the opponent cannot checkmate by any
    /// legal series of moves, when the game is drawn. (Decided here with the core's sound
    /// static test; the dead-position search refines it.)
    pub fn resign(&mut self, by: Color) -> Result<&[GameEvent], GameError> {
        self.refuse_if_over()?;
        let first = self.events.len();
        let termination = Termination::on_resignation(self.cannot_mate(!by));
        self.end(termination.result_for_loser(by), termination);
        Ok(&self.events[first..])
    }

    /// The player to move claims a draw by threefold repetition (9.2) or the fifty-move rule
    /// (9.3), either after it occurred or by writing the move (`intended`) that produces it.
    ///
    /// The claim is verified (9.5): correct, the game is drawn; incorrect, the opponent gets
    /// the penalty time (9.5.3: two minutes, one in rapid and blitz), the claim stands as a
    /// draw offer (9.1.2.3), and the declared move, if any, is played.
    pub fn claim_draw(
        &mut self,
        by: Color,
        intended: Option<Move>,
    ) -> Result<&[GameEvent], GameError> {
        self.refuse_if_over()?;
        let pos = *self.position();
        if pos.turn() != by {
            return Err(GameError::ClaimNotOnMove);
        }
        if self.touched_at == Some(self.plies.len()) {
            return Err(GameError::ClaimForfeited(by));
        }
        if let Some(mv) = intended {
            if !pos.is_legal(mv) {
                return Err(GameError::Illegal(mv.to_string()));
            }
        }
        let first = self.events.len();
        let written = intended.map(|mv| (mv, write_move(&pos, mv, Notation::ENGLISH)));
        let verdict = verify_claim_at(&self.positions, &self.keys, intended);
        let claim = Claim {
            by,
            ply: self.plies.len(),
            intended: written,
            upheld: verdict.map(|(k, _)| k),
        };
        self.claims.push(claim.clone());
        self.events.push(GameEvent::ClaimMade { claim });
        match verdict {
            Some((kind, termination)) => {
                self.events.push(GameEvent::ClaimUpheld {
                    by,
                    kind,
                    article: termination.article(),
                });
                self.end(GameResult::Draw, termination);
            }
            None => {
                self.events.push(GameEvent::ClaimRejected {
                    by,
                    article: Article::CLAIM_INCORRECT,
                });
                let penalty = Penalty {
                    to: !by,
                    seconds: self.penalty_seconds,
                    ply: self.plies.len(),
                    article: Article::CLAIM_INCORRECT,
                };
                self.penalties.push(penalty);
                self.events.push(GameEvent::PenaltyApplied { penalty });
                self.clock_penalty(penalty);
                self.record_offer(DrawOffer {
                    by,
                    ply: self.plies.len(),
                    timing: OfferTiming::Claim,
                });
                if let Some(mv) = intended {
                    // 9.5.3: the declared move must be played. The claimant's offer stays
                    // pending for the opponent to answer.
                    self.play_and_press(mv)?;
                }
            }
        }
        Ok(&self.events[first..])
    }

    /// Starts the clock at `now` (6.5: White's clock runs from the time set for the start).
    pub fn start_clock(&mut self, now: u64) -> Result<&[GameEvent], GameError> {
        // The player who moves first (Black, in a set-up position with Black to move).
        self.on_clock(now, |clock, first_mover, now| {
            clock.start_for(first_mover, now)
        })
    }

    /// Brings the game to `now`: the clock's flag falls and warnings up to then become
    /// events, and a fallen flag ends the game by 6.9 (both flags: III.3.1 or the order of
    /// the falls) — unless a result was reached before, which stands.
    pub fn tick(&mut self, now: u64) -> &[GameEvent] {
        let first = self.events.len();
        self.now = self.now.max(now);
        if let Some((at, false)) = self.session_end {
            if self.now >= at && self.outcome.is_none() {
                self.session_end = Some((at, true));
                self.events
                    .push(GameEvent::Adjourn(AdjournEvent::SessionEnded {
                        at,
                        sealer: self.position().turn(),
                    }));
            }
        }
        let Some(clock) = &mut self.clock else {
            return &self.events[first..];
        };
        let events = clock.update(self.now);
        let both = clock.both_flags();
        let fell: Vec<Color> = events
            .iter()
            .filter_map(|e| match e {
                ClockEvent::FlagFell { color, .. } => Some(*color),
                _ => None,
            })
            .collect();
        self.events.extend(events.into_iter().map(GameEvent::Clock));
        if self.outcome.is_some() || fell.is_empty() {
            return &self.events[first..];
        }
        match both {
            Some(BothFlagsVerdict::Draw) => {
                self.end(GameResult::Draw, Termination::BothFlagsLastPeriod)
            }
            Some(BothFlagsVerdict::Continue) => self.events.push(GameEvent::BothFlagsContinue {
                article: Article("III.3.1"),
            }),
            Some(BothFlagsVerdict::FirstFell(color)) => {
                let _ = self.flag_fell(color);
            }
            // Both at the same instant with a bonus: the arbiter decides (6.10); the
            // game waits for the ruling.
            Some(BothFlagsVerdict::ArbiterDecides) => {}
            None => {
                for color in fell {
                    let _ = self.flag_fell(color);
                }
            }
        }
        &self.events[first..]
    }

    /// Plays a move at `now` on a game with a clock: the time is brought up to `now` first
    /// (a flag that fell before the move ends the game and the move is refused), the move
    /// is recorded with the mover's time after it, and the mover's press completes it
    /// (6.2.1) — unless the move itself ended the game, which stops the clock.
    pub fn play_at(&mut self, mv: Move, now: u64) -> Result<&[GameEvent], GameError> {
        let first = self.events.len();
        self.tick(now);
        self.refuse_if_over()?;
        if self.clock.is_none() {
            return Err(GameError::NoClock);
        }
        self.play_and_press(mv)?;
        Ok(&self.events[first..])
    }

    /// Plays a legal move and, with a running clock, completes it with the mover's press at
    /// the game's current time (6.2.1); a move that ends the game stops the clock instead.
    fn play_and_press(&mut self, mv: Move) -> Result<(), GameError> {
        let color = self.position().turn();
        self.play_with_clock(mv, None)?;
        let Some(clock) = &mut self.clock else {
            return Ok(());
        };
        if self.outcome.is_some() || clock.phase() != super::clock::Phase::Running {
            // No press (the game ended, or the clock is not running): the move still has
            // its reading, the mover's time as it stands, so the record's `[%clk]` is
            // after every move, the last one too.
            let reading = clock.remaining(color, self.now).map(|r| r.main_ms);
            if let Some(ply) = self.plies.last_mut() {
                ply.clock_ms = reading;
            }
            return Ok(());
        }
        let events = clock.press(color, self.now)?;
        let remaining = events.iter().rev().find_map(|e| match e {
            ClockEvent::Pressed { remaining_ms, .. } => Some(*remaining_ms),
            _ => None,
        });
        if let Some(ply) = self.plies.last_mut() {
            ply.clock_ms = remaining;
        }
        self.events.extend(events.into_iter().map(GameEvent::Clock));
        Ok(())
    }

    /// Puts a penalty's time on the clock, when there is one.
    fn clock_penalty(&mut self, penalty: Penalty) {
        if let Some(clock) = &mut self.clock {
            if let Ok(events) = clock.add_time(penalty.to, penalty.seconds as u64 * 1000, self.now)
            {
                self.events.extend(events.into_iter().map(GameEvent::Clock));
            }
        }
    }

    /// The arbiter acts (Art. 7, 12.9); the decision goes into the record. Reinstating a
    /// position (7.1, 7.5.1) takes the record back to `ply` plies and, with a clock, offers
    /// the proportional reconstruction of the times used; setting the clocks, and the time
    /// penalties of 12.9, change the clock; 12.9.6 ends the game. The other actions (7.2,
    /// 7.3, 7.4, the score penalties) are recorded for the event: a cancelled game is
    /// replaced by a new `Game`.
    pub fn arbiter(&mut self, action: ArbiterAction) -> Result<&[GameEvent], GameError> {
        let first = self.events.len();
        // Score penalties may come after the end; everything else needs a game in progress.
        if !matches!(action, ArbiterAction::Penalty { penalty, .. } if penalty != ArbiterPenalty::Loss)
        {
            self.refuse_if_over()?;
        }
        if let ArbiterAction::PositionRestored { ply } = action {
            if ply >= self.plies.len() {
                return Err(GameError::NoSuchPly {
                    ply,
                    plies: self.plies.len(),
                });
            }
        }
        self.events.push(GameEvent::ArbiterDecision {
            action,
            article: action.article(),
        });
        let now = self.now;
        match action {
            ArbiterAction::PositionRestored { ply } if ply < self.plies.len() => {
                let moves_then = [
                    self.plies[..ply]
                        .iter()
                        .filter(|p| p.color == Color::White)
                        .count(),
                    self.plies[..ply]
                        .iter()
                        .filter(|p| p.color == Color::Black)
                        .count(),
                ];
                let moves_now = [
                    self.plies
                        .iter()
                        .filter(|p| p.color == Color::White)
                        .count(),
                    self.plies
                        .iter()
                        .filter(|p| p.color == Color::Black)
                        .count(),
                ];
                self.plies.truncate(ply);
                self.positions.truncate(ply + 1);
                self.keys.truncate(ply + 1);
                self.pending_offer = None;
                if let Some(clock) = &self.clock {
                    let used = [clock.used(Color::White, now), clock.used(Color::Black, now)];
                    let w = proportional_reconstruction(
                        [used[0], 0],
                        moves_now[0] as u32,
                        moves_then[0] as u32,
                    )[0];
                    let b = proportional_reconstruction(
                        [used[1], 0],
                        moves_now[1] as u32,
                        moves_then[1] as u32,
                    )[0];
                    self.events.push(GameEvent::ClockReconstructionOffered {
                        white_used_ms: w,
                        black_used_ms: b,
                    });
                }
                // The side to move of the position reinstated has the running clock.
                let turn = self.position().turn();
                if let Some(clock) = self.clock.as_mut() {
                    let events = clock.give_turn(turn, now)?;
                    self.events.extend(events.into_iter().map(GameEvent::Clock));
                }
            }
            ArbiterAction::ClocksSet { white_ms, black_ms } => {
                let clock = self.clock.as_mut().ok_or(GameError::NoClock)?;
                let mut events = clock.set_time(Color::White, white_ms, now)?;
                events.extend(clock.set_time(Color::Black, black_ms, now)?);
                self.events.extend(events.into_iter().map(GameEvent::Clock));
            }
            ArbiterAction::Penalty { to, penalty } => match penalty {
                ArbiterPenalty::TimeToOpponent { seconds } => {
                    if let Some(clock) = &mut self.clock {
                        let events = clock.add_time(!to, seconds as u64 * 1000, now)?;
                        self.events.extend(events.into_iter().map(GameEvent::Clock));
                    }
                }
                ArbiterPenalty::TimeFromOffender { seconds } => {
                    if let Some(clock) = &mut self.clock {
                        let events = clock.remove_time(to, seconds as u64 * 1000, now)?;
                        self.events.extend(events.into_iter().map(GameEvent::Clock));
                    }
                }
                ArbiterPenalty::Loss => {
                    self.end(GameResult::win_for(!to), Termination::ArbiterDecision);
                }
                _ => {}
            },
            _ => {}
        }
        Ok(&self.events[first..])
    }

    /// The flag of `color` has fallen (6.8: seen by the arbiter or validly claimed). By 6.9
    /// the player loses, unless the opponent cannot checkmate by any legal series, when the
    /// game is drawn. A result reached before stands: refused with `GameError::Over`.
    pub fn flag_fell(&mut self, color: Color) -> Result<&[GameEvent], GameError> {
        self.refuse_if_over()?;
        let first = self.events.len();
        self.events.push(GameEvent::FlagFell { color });
        let termination = Termination::on_flag_fall(self.cannot_mate(!color));
        self.end(termination.result_for_loser(color), termination);
        Ok(&self.events[first..])
    }

    /// `by` completed an illegal move (7.5.1–7.5.4). The position before it is restored —
    /// the record never held it — and the replacement move is bound by 4.3 and 4.7 (the
    /// touch-move rules of play). The first illegal move gives the opponent the penalty time
    /// (two minutes, one in rapid and blitz: 7.5.5, A.3, B.3); the second loses, or draws if
    /// the opponent cannot checkmate (7.5.5). 7.5.2: a promotion without a piece counts as
    /// illegal and the pawn becomes a queen (the move is then played so).
    ///
    /// In rapid and blitz without adequate supervision (A.5.2, B.3) an illegal move acted on
    /// only after the opponent's next move stands, with no penalty.
    pub fn illegal_move(
        &mut self,
        by: Color,
        kind: IllegalKind,
        discovery: Discovery,
    ) -> Result<&[GameEvent], GameError> {
        self.refuse_if_over()?;
        let first = self.events.len();
        if self.supervision == Supervision::Inadequate && discovery == Discovery::Later {
            self.events.push(GameEvent::IllegalMoveStands {
                by,
                article: Article("A.5.2"),
            });
            return Ok(&self.events[first..]);
        }
        let count = {
            let c = &mut self.illegal_moves[by.index()];
            *c += 1;
            *c
        };
        self.events.push(GameEvent::IllegalMoveRecorded {
            by,
            kind,
            count,
            article: kind.article(),
        });
        if count >= 2 {
            if self.cannot_mate(!by) {
                self.end(
                    GameResult::Draw,
                    Termination::IllegalMovesOpponentCannotMate,
                );
            } else {
                self.end(GameResult::win_for(!by), Termination::IllegalMoves);
            }
            return Ok(&self.events[first..]);
        }
        let penalty = Penalty {
            to: !by,
            seconds: self.penalty_seconds,
            ply: self.plies.len(),
            article: Article::ILLEGAL_MOVE_PENALTY,
        };
        self.penalties.push(penalty);
        self.events.push(GameEvent::PenaltyApplied { penalty });
        self.clock_penalty(penalty);
        if let IllegalKind::PromotionWithoutPiece(mv) = kind {
            let queen = Move::new(
                mv.from,
                mv.to,
                crate::core::MoveKind::Promotion(crate::core::Role::Queen),
            );
            if self.position().turn() == by && self.position().is_legal(queen) {
                self.play_and_press(queen)?;
            }
        }
        Ok(&self.events[first..])
    }

    /// The board observed under A.5.4 and not yet settled by the next completed move.
    pub fn pending_illegal_position(&self) -> Option<&Setup> {
        self.illegal_board.as_ref()
    }

    /// App. A.5.4 (B.3 for blitz), in a game without adequate supervision: the arbiter sees
    /// `board` — the board as it stands, which the record of legal moves cannot hold (an
    /// illegal move stood, A.5.2) — with both kings in check or a pawn on the rank farthest
    /// from its start. He waits until the next move is completed
    /// ([`Game::illegal_position_after_next_move`]). The conditions are read from the board,
    /// not taken on trust: a board without them is refused.
    pub fn observe_illegal_position(&mut self, board: &Setup) -> Result<&[GameEvent], GameError> {
        self.refuse_if_over()?;
        if self.supervision == Supervision::Adequate {
            return Err(GameError::Supervised);
        }
        let conditions = illegal_position_conditions(board);
        if conditions.is_empty() {
            return Err(GameError::NoIllegalPosition(board.to_fen()));
        }
        let first = self.events.len();
        self.events.push(GameEvent::IllegalPositionObserved {
            conditions,
            fen: board.to_fen(),
            after_next_move: false,
            article: Article("A.5.4"),
        });
        self.illegal_board = Some(board.clone());
        Ok(&self.events[first..])
    }

    /// App. A.5.4: the next move after the observation has been completed and `board` is the
    /// board now (the other player to move). If an illegal position is still on it, the game
    /// is drawn; otherwise it goes on (the record keeps the legal moves only: the board is in
    /// the event, for the arbiter to continue from).
    pub fn illegal_position_after_next_move(
        &mut self,
        board: &Setup,
    ) -> Result<&[GameEvent], GameError> {
        self.refuse_if_over()?;
        let Some(observed) = &self.illegal_board else {
            return Err(GameError::NoIllegalPositionPending);
        };
        if board.turn == observed.turn || board.board == observed.board {
            return Err(GameError::NoMoveCompleted(board.to_fen()));
        }
        let first = self.events.len();
        self.illegal_board = None;
        let conditions = illegal_position_conditions(board);
        let fen = board.to_fen();
        if conditions.is_empty() {
            self.events.push(GameEvent::IllegalPositionCleared {
                fen,
                article: Article("A.5.4"),
            });
        } else {
            self.events.push(GameEvent::IllegalPositionObserved {
                conditions,
                fen,
                after_next_move: true,
                article: Article("A.5.4"),
            });
            self.end(GameResult::Draw, Termination::IllegalPositionDraw);
        }
        Ok(&self.events[first..])
    }

    /// Guidelines I.14: the resumption session ends at `at` by the wall clock (the instants
    /// given to the game), announced in advance — not when the chess clocks show some total
    /// (FIDE interpretation of 1974 to Art. 15.1). [`Game::tick`] tells it once, as
    /// [`AdjournEvent::SessionEnded`]: the player to move must seal (I.1).
    pub fn set_session_end(&mut self, at: u64) {
        self.session_end = Some((at, false));
    }

    /// The announced end of the session, if one was set (I.14).
    pub fn session_end(&self) -> Option<u64> {
        self.session_end.map(|(at, _)| at)
    }

    /// Marks the game as resumed from an adjournment at the current ply, with the times used
    /// that the envelope recorded (for I.13).
    pub(crate) fn mark_resumed(&mut self, recorded_used_ms: [u64; 2]) {
        self.resumed = Some((self.plies.len(), recorded_used_ms));
    }

    /// The times used recorded on the envelope, White first, when the game was resumed from
    /// an adjournment.
    pub fn resumed_from_adjournment(&self) -> Option<[u64; 2]> {
        self.resumed.map(|(_, used)| used)
    }

    /// Guidelines I.13 (Art. 16.6 of 1970): at resumption, `by` points out, before making
    /// their first move, that the time used has been indicated wrongly on `clock_of`'s
    /// clock. `established`: the time `clock_of` had really used at the adjournment, when it
    /// can be established — the error is corrected on the clock; `None`: it cannot be, and
    /// the game goes on without correction (the arbiter may still set the clocks, 6.10).
    /// After `by`'s first move the times stand (FIDE interpretation of 1973: checking the
    /// clocks is the players' responsibility).
    pub fn correct_resumed_time(
        &mut self,
        by: Color,
        clock_of: Color,
        established: Option<u64>,
    ) -> Result<&[GameEvent], GameError> {
        self.refuse_if_over()?;
        let Some((ply, recorded)) = self.resumed else {
            return Err(GameError::NotResumed);
        };
        if self.plies[ply.min(self.plies.len())..]
            .iter()
            .any(|p| p.color == by)
        {
            return Err(GameError::TooLateToCorrect(by));
        }
        let first = self.events.len();
        let recorded_ms = recorded[clock_of.index()];
        let Some(used_ms) = established else {
            self.events
                .push(GameEvent::Adjourn(AdjournEvent::TimeNotCorrected {
                    by,
                    clock_of,
                }));
            return Ok(&self.events[first..]);
        };
        let now = self.now;
        if let Some(clock) = &mut self.clock {
            let events = if used_ms < recorded_ms {
                clock.add_time(clock_of, recorded_ms - used_ms, now)?
            } else {
                clock.remove_time(clock_of, used_ms - recorded_ms, now)?
            };
            self.events.extend(events.into_iter().map(GameEvent::Clock));
        }
        if let Some((_, recorded)) = &mut self.resumed {
            recorded[clock_of.index()] = used_ms;
        }
        self.events
            .push(GameEvent::Adjourn(AdjournEvent::TimeCorrected {
                by,
                clock_of,
                recorded_used_ms: recorded_ms,
                used_ms,
            }));
        Ok(&self.events[first..])
    }

    /// The clock, for the resumption of an adjourned game.
    pub(crate) fn clock_mut(&mut self) -> Option<&mut Clock> {
        self.clock.as_mut()
    }

    /// Appends events (from the adjournment or the clock) to the record.
    pub(crate) fn push_events(&mut self, events: impl IntoIterator<Item = GameEvent>) {
        self.events.extend(events);
    }

    /// Brings the game's time to `now` without looking at the clock.
    pub(crate) fn set_now(&mut self, now: u64) {
        self.now = self.now.max(now);
    }

    /// Records a pending draw offer carried over an adjournment (I.2 f, I.4).
    pub(crate) fn restore_offer(&mut self, by: Color) {
        let just_moved = self.plies.last().is_some_and(|p| p.color == by);
        self.record_offer(DrawOffer {
            by,
            ply: self.plies.len(),
            timing: if just_moved {
                OfferTiming::AfterOwnMove
            } else {
                OfferTiming::Irregular
            },
        });
    }

    /// Sets the last ply's clock reading (the sealed move's, at resumption).
    pub(crate) fn set_last_clock(&mut self, ms: Option<u64>) {
        if let Some(ply) = self.plies.last_mut() {
            ply.clock_ms = ms;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Art. 5.2.2: the race names a side that can mate, whichever it is, agrees with the full
    /// search, and names none in a dead position (where the full search must answer).
    #[test]
    fn art_5_2_2_the_race_names_a_side_that_can_mate() {
        // White: a bare king; Black: a queen. Only Black can mate.
        let black = Position::from_fen("8/8/8/4k3/8/8/3q4/K7 w - - 0 1").unwrap();
        assert_eq!(mating_side_by_race(&black), Some(Color::Black));
        assert_eq!(unwinnable(&black, Color::Black), Some(false));
        assert_eq!(unwinnable(&black, Color::White), Some(true));
        // The other way round, and the answer remembered for `unwinnable`.
        let white = Position::from_fen("8/8/8/4k3/8/8/3Q4/K7 b - - 0 1").unwrap();
        assert_eq!(mating_side_by_race(&white), Some(Color::White));
        assert_eq!(recent_answer(&white, Color::White), Some(Some(false)));
        // Kings and a knight: no side can mate, the race says nothing.
        let dead = Position::from_fen("8/8/8/4k3/8/8/3N4/K7 b - - 0 1").unwrap();
        assert_eq!(mating_side_by_race(&dead), None);
        assert_eq!(unwinnable(&dead, Color::White), Some(true));
        assert_eq!(unwinnable(&dead, Color::Black), Some(true));
    }

    /// Art. 5.2.2: where both sides can mate, the race asks first (and so names) the side
    /// with more material, and with as much, the side to move.
    #[test]
    fn art_5_2_2_the_race_asks_the_stronger_side_first() {
        for (fen, side) in [
            // The start position, either side to move.
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                Color::White,
            ),
            (
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                Color::Black,
            ),
            // White to move, Black a queen up; then Black to move, White a rook up.
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1",
                Color::Black,
            ),
            (
                "1nbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQk - 0 1",
                Color::White,
            ),
        ] {
            let pos = Position::from_fen(fen).unwrap();
            assert_eq!(mating_side_by_race(&pos), Some(side), "{fen}");
            assert_eq!(unwinnable(&pos, !side), Some(false), "{fen}");
        }
    }

    /// Art. 9.2.1: the claim by writing the next move, found by trying every legal move, as
    /// the rule reads, and by [`threefold_claim_at`], which tries none when no position of
    /// the window stood twice. Seeded random games with few pieces, so positions repeat.
    #[test]
    fn art_9_2_1_written_move_claim_and_counts_as_when_every_move_is_tried() {
        let every_move = |positions: &[Position], keys: &[u64]| {
            let last = keys.len() - 1;
            if occurrences(positions, keys, last, keys[last]) >= 3 {
                return Some(None);
            }
            every_written_move(positions, keys)
        };
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let (mut written, mut stood) = (0, 0);
        for _ in 0..40 {
            let mut pos = Position::from_fen("4k1n1/3p4/8/8/8/8/4P3/1N2K3 w - - 0 1").unwrap();
            let mut positions = vec![pos];
            let mut keys = vec![pos.key()];
            let mut played: Vec<Move> = Vec::new();
            for _ in 0..120 {
                // Art. 9.2.3: counted over every position since the last capture or pawn
                // move, whichever player was to move in it.
                let last = keys.len() - 1;
                let window = (pos.halfmove_clock() as usize).min(last);
                let count = |key: u64| keys[last - window..].iter().filter(|&&k| k == key).count();
                assert_eq!(
                    occurrences(&positions, &keys, last, keys[last]),
                    count(keys[last])
                );
                for &mv in pos.legal_moves().iter() {
                    let after = pos.after(mv).unwrap();
                    assert_eq!(
                        occurrences_after_move(&positions, &keys, last, after.key()),
                        count(after.key())
                    );
                }
                let found = threefold_claim_at(&positions, &keys);
                assert_eq!(found, every_move(&positions, &keys), "{}", pos.to_fen());
                // As a record's walk counts the repetitions.
                let counts: Vec<u8> = (0..=last)
                    .map(|j| occurrences(&positions, &keys, j, keys[j]) as u8)
                    .collect();
                assert_eq!(
                    written_third_move_counted(&positions, &keys, &counts),
                    every_written_move(&positions, &keys),
                    "{}",
                    pos.to_fen()
                );
                match found {
                    Some(Some(_)) => written += 1,
                    Some(None) => stood += 1,
                    None => {}
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                crate::core::testing::xorshift(&mut seed);
                // Half the time a piece goes back where it came from, so positions repeat.
                let back = played
                    .len()
                    .checked_sub(2)
                    .map(|i| Move::normal(played[i].to, played[i].from))
                    .filter(|mv| seed % 2 == 0 && moves.contains(mv));
                let mv = back.unwrap_or(moves[(seed / 2 % moves.len() as u64) as usize]);
                pos.play_unchecked(mv);
                played.push(mv);
                positions.push(pos);
                keys.push(pos.key());
            }
        }
        assert!(
            written > 50 && stood > 50,
            "written {written}, stood {stood}"
        );
    }
}
