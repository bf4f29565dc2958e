//! A helpmate line built rather than searched, for a king and one minor piece against a king
//! and one piece that shuts its own king in (Art. 5.2.2, 6.9): bishops of opposite colours,
//! a bishop against a knight, a knight against a rook or a knight. Either side can mate
//! there, the loser's piece standing beside its king in a corner, in a helpmate of 15 to 30
//! plies that the searches find only after thousands of nodes: on the end searches of
//! three uniformly random corpora and the real games, 23 queries of opposite bishops took
//! 35,530 nodes (docs/arbiter.md, "27 November, eighth session"); at the ends of uniform
//! seed 1, both sides asked, five of a bishop against a knight 26,211 and three of a knight
//! against a rook 13,504 ("28 November, tenth session"): positions where uniformly random
//! games end by the 75-move rule.
//!
//! The patterns, in the frame where the mating corner is a1 (the eight placements, the
//! nearest corner first; for a bishop, only corners of its colour): the loser's king on a1
//! and its piece on b1, then
//! - a bishop against a bishop of the other colour: the winner's king on b3, its bishop
//!   waiting off the long diagonal, mating by a check along it (c3 to h8): a2 and b2 held
//!   by the king, b1 taken by the loser's own bishop;
//! - a bishop against a knight: the winner's king on b3, its bishop waiting on a3 or c1,
//!   mating on b2 (guarded by the king; a check from further along the diagonal would be
//!   met by the knight on c3);
//! - a knight against a rook: the winner's king on a3 (on b3 the rook would check it
//!   through b2), its knight waiting on b4, d4, e3 or e1, mating on c2;
//! - a knight against a knight: the king on b3, the knight waiting on a3, b4, d4, e3 or e1,
//!   mating on c2.
//!
//! The walk is greedy, as in [`super::heavy`]: the loser's king to a1, then its piece to b1
//! (it steps out and back when it must move); the winner's king to its square, its piece
//! to a waiting square (passing between such squares, or out and back, while the others
//! come); no move takes, gives check (but the mate), or leaves the other side without a
//! move that takes nothing. The line is kept only when [`super::verify_line`] plays it
//! through to mate.

use super::super::attacks;
use super::super::bitboard::Bitboard;
use super::super::moves::Move;
use super::super::piece::{Color, Role};
use super::super::position::Position;
use super::super::square::Square;
use super::kbn::{Frame, Walker, first_mating, king_towards};
use super::{dist, knight_distances};

/// The most plies of a walk: more than any placement needs.
const MAX_WALK: usize = 80;

/// The most moves passed (by either side) in a walk: more than the pieces need to come when
/// nothing stands in their way (a walk that needs more is going round in a loop).
const MAX_PASSES: usize = 16;

/// One pattern: the winner's piece and the loser's, the winner king's square, where the
/// winner's piece waits and where it mates, in frame coordinates (a1 = (0, 0)).
struct Pattern {
    winner: Role,
    loser: Role,
    king_at: (u32, u32),
    /// `None`: every square off the long diagonal and the pattern's squares.
    waiting: Option<&'static [(u32, u32)]>,
    mating: &'static [(u32, u32)],
}

const LONG_DIAGONAL: [(u32, u32); 6] = [(2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (7, 7)];

const PATTERNS: [Pattern; 4] = [
    Pattern {
        winner: Role::Bishop,
        loser: Role::Bishop,
        king_at: (1, 2),
        waiting: None,
        mating: &LONG_DIAGONAL,
    },
    Pattern {
        winner: Role::Bishop,
        loser: Role::Knight,
        king_at: (1, 2),
        waiting: Some(&[(0, 2), (2, 0)]),
        mating: &[(1, 1)],
    },
    Pattern {
        winner: Role::Knight,
        loser: Role::Rook,
        king_at: (0, 2),
        waiting: Some(&[(1, 3), (3, 3), (4, 2), (4, 0)]),
        mating: &[(2, 1)],
    },
    Pattern {
        winner: Role::Knight,
        loser: Role::Knight,
        king_at: (1, 2),
        waiting: Some(&[(0, 2), (1, 3), (3, 3), (4, 2), (4, 0)]),
        mating: &[(2, 1)],
    },
];

/// A helpmate line of `side` from `pos` when each side has a king and one piece, of one of
/// the [`PATTERNS`] (bishops of opposite colours only), built and verified; `None` for other
/// material, or when no placement's walk gives a line that mates (the search is then asked
/// as before).
pub(super) fn line(pos: &Position, side: Color) -> Option<Vec<Move>> {
    let (ours, theirs) = (pos.by_color(side), pos.by_color(!side));
    if ours.count() != 2 || theirs.count() != 2 {
        return None;
    }
    let ours = ours.without(pos.king(side)).first()?;
    let theirs = theirs.without(pos.king(!side)).first()?;
    let (winner, loser) = (pos.role_at(ours)?, pos.role_at(theirs)?);
    let pattern = PATTERNS
        .iter()
        .find(|p| p.winner == winner && p.loser == loser)?;
    let dark = (winner == Role::Bishop).then(|| ours.is_dark());
    if loser == Role::Bishop && Some(theirs.is_dark()) == dark {
        return None;
    }
    first_mating(pos, side, dark, |f| walk(pos, side, pattern, f))
}

/// How many moves a `role` on `from` needs to reach one of `targets`, among `occupied`
/// (a bishop's or rook's: 0, 1 when it attacks one of them, else 2; a knight's:
/// `knight_steps`, its distances on an empty board).
fn steps(
    role: Role,
    from: Square,
    targets: Bitboard,
    occupied: Bitboard,
    knight_steps: &[u8; 64],
) -> i64 {
    if targets.contains(from) {
        0
    } else if role == Role::Knight {
        i64::from(knight_steps[from.index()])
    } else if (attacks::attacks(Color::White, role, from, occupied) & targets).nonempty() {
        1
    } else {
        2
    }
}

/// The distances of a knight to the nearest of `targets`, on an empty board.
fn knight_steps(targets: Bitboard) -> [u8; 64] {
    let mut out = [u8::MAX; 64];
    for t in targets {
        for (o, d) in out.iter_mut().zip(knight_distances(t)) {
            *o = (*o).min(d);
        }
    }
    out
}

/// The walk from `pos` to the pattern in the frame `f` and the mate: the moves, not yet
/// verified.
fn walk(pos: &Position, side: Color, pattern: &Pattern, f: &Frame) -> Option<Vec<Move>> {
    let at =
        |squares: &[(u32, u32)]| -> Bitboard { squares.iter().map(|&(x, y)| f.sq(x, y)).collect() };
    let corner = f.sq(0, 0);
    let block = f.sq(1, 0);
    let king_at = f.sq(pattern.king_at.0, pattern.king_at.1);
    let mating = at(pattern.mating);
    // Where the winner's piece waits: the pattern's squares, or off the long diagonal and
    // the pattern's squares.
    let waiting = match pattern.waiting {
        Some(squares) => at(squares),
        None => {
            let squares = Bitboard::from_square(corner) | block | f.sq(0, 1) | f.sq(1, 1) | king_at;
            !(at(&LONG_DIAGONAL) | squares)
        }
    };
    let block_steps = knight_steps(Bitboard::from_square(block));
    let waiting_steps = knight_steps(waiting);
    let mut w = Walker::new(pos);
    // Each candidate move with its score (the best first) and whether it brings a piece
    // nearer its square (a move that does not is a move passed).
    let mut candidates: Vec<(i64, bool, Move)> = Vec::new();
    while w.line.len() < MAX_WALK {
        let p = w.p;
        let us = p.turn();
        let king = p.king(us);
        let piece = p.by_color(us).without(king).first()?;
        let role = p.role_at(piece)?;
        let free = !p.occupied();
        let occupied = p.occupied().without(piece);
        candidates.clear();
        if us != side {
            // The loser: its king to the corner, then its piece to the corner's side.
            if king != corner {
                king_towards(king, corner, free, &mut candidates);
                // When the king can make none of its steps, a move of its piece is passed (the
                // winner's piece may have come between it and the corner first: uniform seed
                // 5, `3k4/8/8/8/1K6/8/1n6/7B w`, where the search took 4,345 nodes).
                for to in attacks::attacks(us, role, piece, occupied) & free {
                    candidates.push((-300, false, Move::normal(piece, to)));
                }
            } else {
                let far = |sq: Square| {
                    steps(
                        role,
                        sq,
                        Bitboard::from_square(block),
                        occupied,
                        &block_steps,
                    )
                };
                let before = far(piece);
                p.generate_moves(|pm| {
                    if pm.from == piece {
                        for to in pm.to & free {
                            let gain = before - far(to);
                            // From the corner's side, out and back (a move passed).
                            if gain > 0 || (before == 0 && far(to) == 1) {
                                candidates.push((gain, gain > 0, Move::normal(piece, to)));
                            } else {
                                // Any other move, passed, when none of those can be made.
                                candidates.push((gain - 100, false, Move::normal(piece, to)));
                            }
                        }
                    } else if pm.from == king {
                        for to in pm.to & free {
                            candidates.push((-200, false, Move::normal(king, to)));
                        }
                    }
                    false
                });
            }
        } else {
            let lk = p.king(!side);
            let lp = p.by_color(!side).without(lk).first()?;
            let placed = lk == corner && lp == block && king == king_at;
            let mut mate = None;
            let far = |sq: Square| steps(role, sq, waiting, occupied, &waiting_steps);
            p.generate_moves(|pm| {
                if pm.from == king {
                    let before = i64::from(dist(king, king_at));
                    for to in pm.to & free {
                        let gain = before - i64::from(dist(to, king_at));
                        // A step that brings the king no nearer is a move passed, last.
                        let score = if gain > 0 { gain * 4 + 2 } else { gain - 100 };
                        candidates.push((score, gain > 0, Move::normal(king, to)));
                    }
                } else if pm.from == piece {
                    let before = far(piece);
                    for to in pm.to & free {
                        let mv = Move::normal(piece, to);
                        if placed && mating.contains(to) {
                            let mut child = p;
                            child.play_unchecked(mv);
                            if child.is_checkmate() {
                                mate = Some(mv);
                                return true;
                            }
                        }
                        let gain = before - far(to);
                        if gain > 0 {
                            candidates.push((gain * 4 + 1, true, mv));
                        } else if before == 0 && waiting.contains(to) {
                            candidates.push((0, false, mv));
                        } else if before == 0 && far(to) == 1 {
                            // Out and back, where no waiting square is a move away.
                            candidates.push((-1, false, mv));
                        } else {
                            candidates.push((gain - 150, false, mv));
                        }
                    }
                }
                false
            });
            if let Some(mv) = mate {
                w.line.push(mv);
                return Some(w.line);
            }
        }
        // The best move that gives no check and leaves the other side a move.
        w.step(&mut candidates, MAX_PASSES)?;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::super::testing::{mates, random_placements};
    use super::super::built_support::{assert_no_line, full_search_builds};
    use super::*;

    /// Art. 5.2.2: a built line is given only when it is legal and ends with the king of the
    /// other side checkmated; it is given for nearly every placement of each pattern's
    /// material (opposite bishops, bishop against knight, knight against rook, knight
    /// against knight; the question asked of the side with the pattern's winning piece), for
    /// none of bishops of one colour (dead by the static rules) or of other material.
    #[test]
    fn art_5_2_2_shut_in_built_line_mates_or_is_not_given() {
        for pattern in &PATTERNS {
            let mut seed = 0x51_7cc1_b727_220a_u64;
            let (mut asked, mut built) = (0, 0);
            let placements = random_placements(&[pattern.winner], &[pattern.loser], 400, &mut seed);
            for (pos, side) in placements {
                let bishops = pos.by_role(Role::Bishop);
                let opposite = (bishops & Bitboard::DARK_SQUARES).count() == 1;
                let same_bishops = pattern.loser == Role::Bishop && !opposite;
                if let Some(line) = line(&pos, side) {
                    assert!(!same_bishops, "{}", pos.to_fen());
                    assert!(mates(&pos, side, &line), "{}", pos.to_fen());
                    built += 1;
                }
                asked += usize::from(!same_bishops);
            }
            assert!(
                built * 100 >= asked * 95,
                "{:?} against {:?}: {built} of {asked}",
                pattern.winner,
                pattern.loser
            );
        }
        assert_no_line(
            line,
            &[
                "8/8/8/K7/5k2/8/8/3B1b2 b - - 0 1",
                "8/8/8/K7/5k2/8/p7/3B2b1 b - - 0 1",
                "8/8/8/K7/5k2/8/8/2BB2b1 b - - 0 1",
                "8/8/8/K7/5k2/8/8/3B1r2 b - - 0 1",
                "8/8/8/K7/5k2/8/8/3N1b2 b - - 0 1",
                "8/8/8/K7/5k2/8/8/3R1n2 b - - 0 1",
                "8/8/8/K7/5k2/8/8/3N1q2 b - - 0 1",
                "8/8/8/K7/5k2/8/p7/3N4 b - - 0 1",
            ],
        );
    }

    /// Art. 5.2.2: the full search answers with the built line, spending no node of its
    /// own: opposite bishops (each side to mate), then three positions where uniformly
    /// random games ended by the 75-move rule (seeds 1, 2 and 5 of `benches/adjudicate.sh`),
    /// whose searches took 12,242 (a knight against a rook), 4,774, 8,477 and 4,345 nodes
    /// (a bishop against a knight).
    #[test]
    fn art_5_2_2_full_search_answers_shut_in_kings_with_the_built_line() {
        let pos = Position::from_fen("8/8/8/K7/5k2/8/8/3B2b1 b - - 0 1").unwrap();
        for side in [Color::White, Color::Black] {
            let found = full_search_builds(&pos, side);
            assert_eq!(Some(found), line(&pos, side));
        }
        for (fen, side) in [
            ("8/6Kn/8/5k2/8/R7/8/8 b - - 150 232", Color::Black),
            ("8/8/8/8/7K/8/7k/1Bn5 b - - 150 287", Color::White),
            ("8/8/8/8/4k3/1N4K1/8/6b1 b - - 150 223", Color::Black),
            // The bishop comes to b7 beside the king on b8, which has no step left: the
            // knight's move is passed (seed 5; the search took 4,345 nodes).
            ("3k4/8/8/8/1K6/8/1n6/7B w - - 150 226", Color::White),
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let found = full_search_builds(&pos, side);
            assert_eq!(Some(found), line(&pos, side), "{fen}");
        }
    }
}
