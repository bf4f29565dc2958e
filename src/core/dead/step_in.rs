//! A helpmate line built rather than searched, for two bishops of opposite colours or two
//! knights against a bare king (Art. 5.2.2, 6.9). The searches find these helpmates only
//! after thousands of nodes: at the ends of uniformly random games (75-move rule), two
//! bishops took 14,805 nodes on seed 1, two knights 5,905 and 8,101 on seeds 2 and 3
//! (docs/arbiter.md, "28 November, tenth session").
//!
//! A bare king cannot wait in the corner where it is mated (with the winner's king beside
//! it, it has no move there), so it steps in under check. The pattern, in the frame where
//! the corner is a1 (the eight placements, the nearest first; for bishops, the corners of
//! the mating bishop's colour): the bare king on b1, the winner's king on b3; one piece
//! (the light bishop, or a knight) checks the king on b1 from a square where it keeps
//! guarding b1, the king steps to a1, and the other piece (the dark bishop along the long
//! diagonal, or the other knight from c2) mates. The walk is greedy as in [`super::shut`]:
//! the bare king to b1 (stepping out and back when it must move), the winner's king to b3,
//! each piece to a square from which its move of the pattern is one move away (passing
//! between such squares while the others come); no move takes, gives check before the
//! pattern's, leaves the bare king without a move, or reaches a position twice. The line
//! is kept only when [`super::verify_line`] plays it through to mate.

use super::super::attacks;
use super::super::bitboard::Bitboard;
use super::super::moves::Move;
use super::super::piece::{Color, Role};
use super::super::position::Position;
use super::super::square::Square;
use super::dist;
use super::kbn::{Frame, Walker, first_mating, king_towards};

/// The most plies of a walk: more than any placement needs.
const MAX_WALK: usize = 80;

/// The most moves passed in a walk (see [`super::shut`]).
const MAX_PASSES: usize = 16;

/// A helpmate line of `side` from `pos` when the other side has a bare king and `side` a
/// king and two bishops of opposite colours or two knights, built and verified; `None` for
/// other material or when no walk gives a line that mates (the search is then asked).
pub(super) fn line(pos: &Position, side: Color) -> Option<Vec<Move>> {
    let ours = pos.by_color(side);
    if pos.by_color(!side).count() != 1 || ours.count() != 3 {
        return None;
    }
    let bishops = pos.pieces(side, Role::Bishop);
    let knights = pos.pieces(side, Role::Knight);
    if bishops.count() == 2 {
        // The mating bishop has the corner's colour; the other checks on b1. Every corner
        // serves, the nearest first.
        let dark = (bishops & Bitboard::DARK_SQUARES).first()?;
        let light = (bishops & !Bitboard::DARK_SQUARES).first()?;
        return first_mating(pos, side, None, |f| {
            if f.sq(0, 0).is_dark() {
                walk(pos, side, light, dark, f)
            } else {
                walk(pos, side, dark, light, f)
            }
        });
    }
    if knights.count() == 2 {
        let a = knights.first()?;
        let b = knights.without(a).first()?;
        return first_mating(pos, side, None, |f| walk(pos, side, a, b, f))
            .or_else(|| first_mating(pos, side, None, |f| walk(pos, side, b, a, f)));
    }
    None
}

/// The walk in the frame `f`, the piece on `checker` to check on b1, the one on `mater` to
/// mate on a1: the moves, not yet verified.
fn walk(
    pos: &Position,
    side: Color,
    checker: Square,
    mater: Square,
    f: &Frame,
) -> Option<Vec<Move>> {
    let corner = f.sq(0, 0);
    let b1 = f.sq(1, 0);
    let king_at = f.sq(1, 2);
    let pattern = Bitboard::from_square(corner) | b1 | f.sq(0, 1) | f.sq(1, 1) | king_at;
    let (mut checker, mut mater) = (checker, mater);
    let (checker_role, mater_role) = (pos.role_at(checker)?, pos.role_at(mater)?);
    let mut w = Walker::new(pos);
    let mut candidates: Vec<(i64, bool, Move)> = Vec::new();
    while w.line.len() < MAX_WALK {
        let p = w.p;
        let occupied = p.occupied();
        let free = !occupied;
        candidates.clear();
        if p.turn() != side {
            king_towards(p.king(!side), b1, free, &mut candidates);
        } else {
            let king = p.king(side);
            let loser = p.king(!side);
            // Where each piece makes its move of the pattern from: the checker to a square
            // attacking b1, the mater to one attacking the corner (off the pattern's squares).
            let reach =
                |role: Role, from: Square, occ: Bitboard| attacks::attacks(side, role, from, occ);
            let ready = |role: Role, sq: Square, target: Square, occ: Bitboard| -> bool {
                !pattern.contains(sq)
                    && !reach(role, sq, occ).contains(target)
                    && !reach(role, sq, occ).contains(corner)
                    && (reach(role, sq, occ) & free & !pattern)
                        .into_iter()
                        .any(|t| {
                            let occ = occ.without(sq) | t;
                            reach(role, t, occ).contains(target)
                        })
            };
            let far = |role: Role, sq: Square, target: Square, occ: Bitboard| -> i64 {
                if ready(role, sq, target, occ) {
                    0
                } else if (reach(role, sq, occ) & free)
                    .into_iter()
                    .any(|t| ready(role, t, target, occ.without(sq) | t))
                {
                    1
                } else {
                    2
                }
            };
            if loser == b1 && king == king_at {
                // The check, the step in, the mate.
                if let Some(found) = finish(&p, side, checker, mater, b1, corner) {
                    w.line.extend(found);
                    return Some(w.line);
                }
            }
            let before = i64::from(dist(king, king_at));
            for to in attacks::king(king) & free {
                let gain = before - i64::from(dist(to, king_at));
                let score = if gain > 0 { gain * 8 + 4 } else { gain - 100 };
                candidates.push((score, gain > 0, Move::normal(king, to)));
            }
            for (sq, role, target, order) in [
                (checker, checker_role, b1, 2),
                (mater, mater_role, corner, 1),
            ] {
                let occ = occupied.without(sq);
                let before = far(role, sq, target, occupied);
                for to in reach(role, sq, occupied) & free {
                    let after = far(role, to, target, occ | to);
                    let gain = before - after;
                    let score = if gain > 0 {
                        gain * 8 + order
                    } else if after == 0 {
                        -10 + order
                    } else {
                        gain - 150
                    };
                    candidates.push((score, gain > 0, Move::normal(sq, to)));
                }
            }
        }
        let mv = w.step(&mut candidates, MAX_PASSES)?;
        if mv.from == checker {
            checker = mv.to;
        } else if mv.from == mater {
            mater = mv.to;
        }
    }
    None
}

/// From `p` (the winner to move, the bare king on `b1`, the winner's king beside the
/// corner): the checker's move that checks on `b1`, the king's step to `corner`, the
/// mater's move that mates, when there are such.
fn finish(
    p: &Position,
    side: Color,
    checker: Square,
    mater: Square,
    b1: Square,
    corner: Square,
) -> Option<Vec<Move>> {
    let occ = p.occupied();
    let role = p.role_at(checker)?;
    for to in attacks::attacks(side, role, checker, occ) & !occ {
        let check = Move::normal(checker, to);
        if !p.is_legal(check) {
            continue;
        }
        let mut a = *p;
        a.play_unchecked(check);
        let step = Move::normal(b1, corner);
        if !a.is_check() || !a.is_legal(step) {
            continue;
        }
        let mut b = a;
        b.play_unchecked(step);
        let mater_role = b.role_at(mater)?;
        for to in attacks::attacks(side, mater_role, mater, b.occupied()) & !b.occupied() {
            let mate = Move::normal(mater, to);
            if !b.is_legal(mate) {
                continue;
            }
            let mut c = b;
            c.play_unchecked(mate);
            if c.is_checkmate() {
                return Some(vec![check, step, mate]);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::super::testing::{mates, random_placements};
    use super::super::built_support::{assert_no_line, full_search_builds};
    use super::*;

    /// Art. 5.2.2: a built line is given only when it is legal and ends with the bare king
    /// checkmated; it is given for nearly every placement of two bishops of opposite colours
    /// and of two knights; not for bishops of one colour (dead) or other material.
    #[test]
    fn art_5_2_2_step_in_built_line_mates_or_is_not_given() {
        for roles in [[Role::Bishop, Role::Bishop], [Role::Knight, Role::Knight]] {
            let mut seed = 0x3c6e_f372_fe94_f82b_u64;
            let (mut asked, mut built) = (0, 0);
            for (pos, side) in random_placements(&roles, &[], 400, &mut seed) {
                let bishops = pos.by_role(Role::Bishop);
                let same = bishops.count() == 2 && (bishops & Bitboard::DARK_SQUARES).count() != 1;
                if let Some(line) = line(&pos, side) {
                    assert!(!same, "{}", pos.to_fen());
                    assert!(mates(&pos, side, &line), "{}", pos.to_fen());
                    built += 1;
                }
                assert_eq!(line(&pos, !side), None, "{}", pos.to_fen());
                asked += usize::from(!same);
            }
            assert!(built * 100 >= asked * 90, "{roles:?}: {built} of {asked}");
        }
        assert_no_line(
            line,
            &[
                "8/8/8/K7/5k2/8/8/3B1B2 b - - 0 1",
                "8/8/8/K7/5k2/8/8/3B1N2 b - - 0 1",
                "8/8/8/K7/5k2/8/p7/2BB4 b - - 0 1",
                "8/8/8/K7/5k2/8/8/2NNN3 b - - 0 1",
            ],
        );
    }

    /// Art. 5.2.2: the full search answers with the built line, spending no node of its
    /// own, where uniformly random games ended by the 75-move rule (seeds 1 to 3 of
    /// `benches/adjudicate.sh`).
    #[test]
    fn art_5_2_2_full_search_answers_two_bishops_and_two_knights_with_the_built_line() {
        for (fen, side) in [
            ("8/8/8/2B2k2/8/1K6/B7/8 w - - 150 196", Color::White),
            ("8/3B4/3K4/6B1/8/8/6k1/8 b - - 150 214", Color::White),
            ("8/7k/4N3/K7/8/8/8/3N4 w - - 150 260", Color::White),
            ("8/2K5/6k1/8/4N3/8/8/6N1 b - - 150 308", Color::White),
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let found = full_search_builds(&pos, side);
            assert_eq!(Some(found), line(&pos, side), "{fen}");
        }
    }
}
