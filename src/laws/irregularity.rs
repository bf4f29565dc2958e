//! Irregularities the arbiter handles (Art. 7, 12.9), as decisions that go into the record.
//! The illegal-move rules themselves (7.5) live in `Game::illegal_move`.

use crate::core::{Bitboard, Color, Piece, Rank, Role, Setup, Square, attacks};

use super::article::Article;

/// What the arbiter did about an irregularity or a breach of the Laws.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ArbiterAction {
    /// 7.2.1: the initial position was wrong: the game is cancelled and a new one played.
    NewGameWrongInitialPosition,
    /// 7.2.2: the board was placed wrongly: the game goes on with the position transferred
    /// to a correctly placed board.
    ContinueOnCorrectBoard,
    /// 7.3: the game started with the colours reversed. Fewer than 10 moves by each player:
    /// it is stopped and a new game played with the right colours; otherwise it goes on
    /// (decided by [`colours_reversed`]).
    ColoursReversed { restart: bool },
    /// 7.4, 7.6: displaced pieces are put back (on the offender's time for 7.4).
    DisplacedPiecesRestored,
    /// 7.1, 7.5.1: the position before the irregularity is reinstated (plies kept).
    PositionRestored { ply: usize },
    /// 6.10, 7.1: the clocks set by the arbiter (remaining main times).
    ClocksSet { white_ms: u64, black_ms: u64 },
    /// 12.9: a penalty from the arbiter's list.
    Penalty { to: Color, penalty: ArbiterPenalty },
}

/// The penalties of Art. 12.9, in its order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ArbiterPenalty {
    /// 12.9.1 a warning.
    Warning,
    /// 12.9.2 time added to the opponent's clock.
    TimeToOpponent { seconds: u32 },
    /// 12.9.3 time taken from the offender's clock.
    TimeFromOffender { seconds: u32 },
    /// 12.9.4 the opponent's score increased to the maximum for the game.
    OpponentScoreToMaximum,
    /// 12.9.5 the offender's score reduced.
    OffenderScoreReduced,
    /// 12.9.6 the game declared lost by the offender (the arbiter decides the opponent's
    /// score).
    Loss,
    /// 12.9.7 a fine announced in advance.
    Fine,
    /// 12.9.8 exclusion from one or more rounds.
    ExclusionFromRounds,
    /// 12.9.9 expulsion from the competition.
    Expulsion,
}

impl ArbiterAction {
    pub fn article(self) -> Article {
        match self {
            ArbiterAction::NewGameWrongInitialPosition => Article("7.2.1"),
            ArbiterAction::ContinueOnCorrectBoard => Article("7.2.2"),
            ArbiterAction::ColoursReversed { .. } => Article("7.3"),
            ArbiterAction::DisplacedPiecesRestored => Article("7.4"),
            ArbiterAction::PositionRestored { .. } => Article("7.1"),
            ArbiterAction::ClocksSet { .. } => Article("6.10"),
            ArbiterAction::Penalty { .. } => Article("12.9"),
        }
    }
}

/// 7.3: with the colours reversed, restart when fewer than 10 moves were made by each
/// player; otherwise continue.
pub fn colours_reversed(white_moves: u32, black_moves: u32) -> ArbiterAction {
    ArbiterAction::ColoursReversed {
        restart: white_moves < 10 && black_moves < 10,
    }
}

/// A.5.1 (rapid and blitz without adequate supervision, B.3): once each player has
/// completed ten moves, no claim about an incorrect set-up or orientation of the pieces or
/// the board, or the clock setting, can be made (a misplaced king then forbids castling, a
/// misplaced rook forbids castling with it). With adequate supervision (A.4, B.2) and in
/// standard play, 7.2 applies at any moment.
pub fn setup_claim_allowed(
    white_moves: u32,
    black_moves: u32,
    supervision: super::game::Supervision,
) -> bool {
    supervision == super::game::Supervision::Adequate || white_moves < 10 || black_moves < 10
}

/// The proportional reconstruction of the clocks of the 1970 rules (Art. XIV-7): when the
/// time each player had used at the move of an irregularity cannot be known, each gets a
/// share of the time used now proportional to the moves: after Black's 30th move the
/// clocks show 90 and 60 minutes used, the irregularity was at move 20 → 60 and 40. The
/// arbiter may adopt it when reinstating a position (7.1). `used` is White's and Black's
/// time used now.
pub fn proportional_reconstruction(used: [u64; 2], moves_now: u32, moves_then: u32) -> [u64; 2] {
    if moves_now == 0 {
        return used;
    }
    let then = moves_then.min(moves_now) as u128;
    used.map(|u| (u as u128 * then / moves_now as u128) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn art_7_1_proportional_reconstruction_of_the_1970_rules() {
        const MIN: u64 = 60_000;
        assert_eq!(
            proportional_reconstruction([90 * MIN, 60 * MIN], 30, 20),
            [60 * MIN, 40 * MIN]
        );
        assert_eq!(proportional_reconstruction([5, 7], 0, 0), [5, 7]);
        assert_eq!(
            proportional_reconstruction([u64::MAX, 1], 3, 9),
            [u64::MAX, 1]
        );
    }

    #[test]
    fn art_a_5_1_no_set_up_claims_after_ten_moves_each_without_supervision() {
        use crate::laws::game::Supervision;
        assert!(setup_claim_allowed(9, 9, Supervision::Inadequate));
        assert!(setup_claim_allowed(10, 9, Supervision::Inadequate));
        assert!(!setup_claim_allowed(10, 10, Supervision::Inadequate));
        assert!(setup_claim_allowed(30, 30, Supervision::Adequate));
    }

    #[test]
    fn art_7_3_colours_reversed_restart_before_ten_moves_each() {
        assert_eq!(
            colours_reversed(9, 9),
            ArbiterAction::ColoursReversed { restart: true }
        );
        assert_eq!(
            colours_reversed(10, 9),
            ArbiterAction::ColoursReversed { restart: false }
        );
    }
}

/// What App. A.5.4 (and B.3 for blitz) names on the board of a rapid or blitz game without
/// adequate supervision: a position the Laws cannot hold, left by an illegal move that
/// stood (A.5.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum IllegalPosition {
    /// Both kings are in check.
    BothKingsInCheck,
    /// A pawn stands on the rank farthest from its starting position (unpromoted).
    PawnOnLastRank { color: Color, square: Square },
}

/// The A.5.4 conditions on `board`, a set-up as it stands (not necessarily a legal
/// position): both kings in check, and every pawn on its farthest rank, in square order.
/// A board with a king missing or several kings of one colour has no king "in check".
pub fn illegal_position_conditions(board: &Setup) -> Vec<IllegalPosition> {
    let mut occupied = Bitboard::EMPTY;
    let mut king: [Option<Square>; 2] = [None, None];
    let mut kings = [0u32; 2];
    for sq in Square::ALL {
        if let Some(p) = board.board[sq.index()] {
            occupied = occupied.with(sq);
            if p.role == Role::King {
                kings[p.color.index()] += 1;
                king[p.color.index()] = Some(sq);
            }
        }
    }
    let attacked = |target: Square, by: Color| {
        Square::ALL.iter().any(|&from| {
            board.board[from.index()].is_some_and(|p: Piece| {
                p.color == by && attacks::attacks(by, p.role, from, occupied).contains(target)
            })
        })
    };
    let mut out = Vec::new();
    let in_check =
        |c: Color| kings[c.index()] == 1 && king[c.index()].is_some_and(|k| attacked(k, !c));
    if in_check(Color::White) && in_check(Color::Black) {
        out.push(IllegalPosition::BothKingsInCheck);
    }
    for sq in Square::ALL {
        if let Some(p) = board.board[sq.index()] {
            let farthest = match p.color {
                Color::White => Rank::Eighth,
                Color::Black => Rank::First,
            };
            if p.role == Role::Pawn && sq.rank() == farthest {
                out.push(IllegalPosition::PawnOnLastRank {
                    color: p.color,
                    square: sq,
                });
            }
        }
    }
    out
}
