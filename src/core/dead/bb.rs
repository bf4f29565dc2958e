//! A helpmate line built rather than searched, for a king and bishop against a king and a
//! bishop of the other colour (Art. 5.2.2, 6.9). With bishops of one colour the position is
//! dead by the static rules; with opposite bishops either side can mate, the loser's bishop
//! shutting its own king in, a helpmate of 15 to 30 plies that the searches find only after
//! thousands of nodes: on the end searches of three uniformly random corpora and the real
//! games, 23 queries of this material took 35,530 nodes (docs/arbiter.md, "27 November,
//! eighth session"), positions where uniformly random games end by the 75-move rule.
//!
//! The pattern, in the frame where the corner a1 has the colour of the winner's bishop (the
//! eight placements, the nearest corner first): the loser's king on a1 and its bishop on b1,
//! the winner's king on b3; then the winner's bishop checks along the long diagonal (c3 to
//! h8) and mates (a2 and b2 held by the king, b1 taken by the loser's own bishop). The walk
//! is greedy, as in [`super::heavy`]: the loser's king to a1, then its bishop to b1 (it
//! passes a move from b1 and back when it must); the winner's king to b3, its bishop to any
//! square off the long diagonal and off the pattern's squares, passing between such squares
//! while the others come; no move takes, gives check (but the mate), or leaves the other
//! side without a move that takes nothing. The line is kept only when
//! [`super::verify_line`] plays it through to mate.

use super::super::attacks;
use super::super::bitboard::Bitboard;
use super::super::moves::Move;
use super::super::piece::{Color, Role};
use super::super::position::Position;
use super::super::square::Square;
use super::dist;
use super::kbn::{Frame, first_mating, quiet_move_left, towards};

/// The most plies of a walk: more than any placement needs.
const MAX_WALK: usize = 80;

/// The most moves passed (by either side) in a walk: more than the pieces need to come when
/// nothing stands in their way (a walk that needs more is going round in a loop).
const MAX_PASSES: usize = 16;

/// A helpmate line of `side` from `pos` when each side has a king and one bishop, the
/// bishops of opposite colours, built and verified; `None` for other material, or when no
/// placement's walk gives a line that mates (the search is then asked as before).
pub(super) fn line(pos: &Position, side: Color) -> Option<Vec<Move>> {
    let (ours, theirs) = (pos.by_color(side), pos.by_color(!side));
    let ours_b = pos.pieces(side, Role::Bishop);
    let theirs_b = pos.pieces(!side, Role::Bishop);
    if ours.count() != 2 || theirs.count() != 2 || ours_b.count() != 1 || theirs_b.count() != 1 {
        return None;
    }
    let dark = ours_b.first()?.is_dark();
    if theirs_b.first()?.is_dark() == dark {
        return None;
    }
    first_mating(pos, side, Some(dark), |f| walk(pos, side, f))
}

/// The walk from `pos` to the pattern of `f` and the mate: the moves, not yet verified.
fn walk(pos: &Position, side: Color, f: &Frame) -> Option<Vec<Move>> {
    let corner = f.sq(0, 0);
    let block = f.sq(1, 0);
    let king_at = f.sq(1, 2);
    let diagonal: Bitboard = (2..8).map(|k| f.sq(k, k)).collect();
    // Where the winner's bishop waits: off the long diagonal and the pattern's squares.
    let pattern = Bitboard::from_square(corner) | block | f.sq(0, 1) | f.sq(1, 1) | king_at;
    let waiting = !(diagonal | pattern);
    let mut p = *pos;
    let mut line = Vec::new();
    let mut passes = 0;
    // Each candidate move with its score (the best first) and whether it brings a piece
    // nearer its square (a move that does not is a move passed).
    let mut candidates: Vec<(i64, bool, Move)> = Vec::new();
    while line.len() < MAX_WALK {
        let us = p.turn();
        let king = p.king(us);
        let bishop = p.pieces(us, Role::Bishop).first()?;
        let free = !p.occupied();
        let occupied = p.occupied() & !Bitboard::from_square(bishop);
        candidates.clear();
        if us != side {
            // The loser: its king to the corner, then its bishop to the corner's side.
            if king != corner {
                let before = towards(king, corner);
                p.generate_moves(|pm| {
                    if pm.from == king {
                        for to in pm.to & free {
                            let after = towards(to, corner);
                            let score = -i64::from(after.0 * 16) - after.1 as i64;
                            candidates.push((score, after < before, Move::normal(king, to)));
                        }
                    }
                    false
                });
            } else {
                let far = |sq: Square| -> i64 {
                    if sq == block {
                        0
                    } else if attacks::bishop(sq, occupied).contains(block) {
                        1
                    } else {
                        2
                    }
                };
                let before = far(bishop);
                p.generate_moves(|pm| {
                    if pm.from == bishop {
                        for to in pm.to & free {
                            let gain = before - far(to);
                            // From the corner's side, out and back (a move passed).
                            if gain > 0 || (before == 0 && far(to) == 1) {
                                candidates.push((gain, gain > 0, Move::normal(bishop, to)));
                            }
                        }
                    }
                    false
                });
            }
        } else {
            let (lk, lb) = (p.king(!side), p.pieces(!side, Role::Bishop).first()?);
            let placed = lk == corner && lb == block && king == king_at;
            let mut mate = None;
            let far = |sq: Square| -> i64 {
                if waiting.contains(sq) {
                    0
                } else if (attacks::bishop(sq, occupied) & waiting).nonempty() {
                    1
                } else {
                    2
                }
            };
            p.generate_moves(|pm| {
                if pm.from == king {
                    let before = i64::from(dist(king, king_at));
                    for to in pm.to & free {
                        let gain = before - i64::from(dist(to, king_at));
                        if gain > 0 {
                            candidates.push((gain * 4 + 2, true, Move::normal(king, to)));
                        }
                    }
                } else if pm.from == bishop {
                    let before = far(bishop);
                    for to in pm.to & free {
                        let mv = Move::normal(bishop, to);
                        if placed && diagonal.contains(to) {
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
                        }
                    }
                }
                false
            });
            if let Some(mv) = mate {
                line.push(mv);
                return Some(line);
            }
        }
        // The best move that gives no check and leaves the other side a move.
        candidates.sort_by_key(|&(score, _, _)| std::cmp::Reverse(score));
        let (_, progress, mv) = candidates.iter().copied().find(|&(_, _, mv)| {
            let mut child = p;
            child.play_unchecked(mv);
            !child.is_check() && quiet_move_left(&child)
        })?;
        if !progress {
            passes += 1;
            if passes > MAX_PASSES {
                return None;
            }
        }
        p.play_unchecked(mv);
        line.push(mv);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::super::testing::{mates, random_placements};
    use super::super::built_support::{assert_no_line, full_search_builds};
    use super::*;

    /// Art. 5.2.2: a built line is given only when it is legal and ends with the king of the
    /// other side checkmated; it is given for most placements of opposite bishops (either
    /// side's question), for none of bishops of one colour (dead by the static rules) or
    /// of other material.
    #[test]
    fn art_5_2_2_opposite_bishops_built_line_mates_or_is_not_given() {
        let mut seed = 0x51_7cc1_b727_220a_u64;
        let (mut asked, mut built) = (0, 0);
        for (pos, side) in random_placements(&[Role::Bishop], &[Role::Bishop], 400, &mut seed) {
            let bishops = pos.by_role(Role::Bishop);
            let opposite = (bishops & Bitboard::DARK_SQUARES).count() == 1;
            for side in [side, !side] {
                if let Some(line) = line(&pos, side) {
                    assert!(opposite, "{}", pos.to_fen());
                    assert!(mates(&pos, side, &line), "{}", pos.to_fen());
                    built += 1;
                }
                asked += usize::from(opposite);
            }
        }
        assert!(built * 100 >= asked * 95, "{built} of {asked}");
        assert_no_line(
            line,
            &[
                "8/8/8/K7/5k2/8/8/3B1b2 b - - 0 1",
                "8/8/8/K7/5k2/8/p7/3B2b1 b - - 0 1",
                "8/8/8/K7/5k2/8/8/3B1n2 b - - 0 1",
                "8/8/8/K7/5k2/8/8/2BB2b1 b - - 0 1",
            ],
        );
    }

    /// Art. 5.2.2: the full search answers with the built line (each side to mate),
    /// spending no node of its own.
    #[test]
    fn art_5_2_2_full_search_answers_opposite_bishops_with_the_built_line() {
        let pos = Position::from_fen("8/8/8/K7/5k2/8/8/3B2b1 b - - 0 1").unwrap();
        for side in [Color::White, Color::Black] {
            let found = full_search_builds(&pos, side);
            assert_eq!(Some(found), line(&pos, side));
        }
    }
}
