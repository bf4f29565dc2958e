//! A helpmate line built rather than searched, for a bare king against a queen or a rook
//! (and whatever else the winner has: it stays where it stands). Art. 5.2.2, 6.9: "by any
//! possible series of legal moves". The helpmate is 10 to 30 plies long (the bare king
//! walked to a corner, the winner's king beside it), and the guided search does not find it
//! within the 200 nodes of a probe of the record walk (`laws::check::alive_prefix`): on 600
//! uniformly random games (seed 3) 23 of the 155 probes that ran out were such positions
//! (`8/8/6r1/5K2/8/5k2/8/8 w`, Black to mate), and each probe that runs out leaves the
//! quick test to be asked at the plies after it (docs/arbiter.md, "28 November").
//!
//! The line is built towards one mate, in the frame where the corner is a1 (the pattern is
//! turned and mirrored onto the eight placements, the nearest corner first): the winner's
//! king on b3, the queen or rook waiting on h8 (or g8, h7 to pass a move), the bare king
//! on a1 or b1; then the heavy piece down the h-file (or any other move of the winner's
//! that mates there) mates along the first rank. The walk is greedy: the bare king steps
//! towards a1 (never taking), each move of the winner's brings the king or the heavy piece
//! nearer its square without giving check and leaves the bare king a move that takes
//! nothing; once the heavy piece stands on its squares it passes between them while the
//! kings come. As for [`super::kbn`], the line is then played through by
//! [`super::verify_line`] and thrown away when it is not legal or does not mate (the search
//! then answers as before), so the shortcut can only be right.
//!
//! The line is built only after a short search: the guided search first spends 40 nodes
//! in a probe ([`super::HEAVY_AFTER`]) and its first 1,000 in the full search, since where
//! the bare king already stands near an edge it finds a short helpmate for less than a
//! walk costs (built first, the real games took 0.4 % more instructions). `adjudicate`
//! (callgrind, LTO): uniform seed 3 286.87 M → 275.70 M instructions, seed 2 292.24 M →
//! 286.97 M, seed 1 485.75 M → 472.50 M, the real games 774.72 M → 776.13 M; the output
//! the same.

use super::super::attacks;
use super::super::bitboard::Bitboard;
use super::super::movegen::PieceMoves;
use super::super::moves::Move;
use super::super::piece::{Color, Role};
use super::super::position::Position;
use super::super::square::Square;
use super::dist;
use super::kbn::{Frame, first_mating, quiet_move_left, towards};

/// The most plies of a walk: more than any placement needs (a king crosses the board in
/// seven moves, the heavy piece reaches its squares in two).
const MAX_WALK: usize = 60;

/// The most moves the heavy piece passes in a walk: more than the kings need to come when
/// nothing stands in their way (a walk that needs more is going round in a loop).
const MAX_PASSES: usize = 12;

/// A helpmate line of `side` from `pos` when the other side has a bare king and `side` a
/// queen or a rook, built and verified; `None` for other material, or when no placement's
/// walk gives a line that mates (the search is then asked as before).
pub(super) fn line(pos: &Position, side: Color) -> Option<Vec<Move>> {
    if !applies(pos, side) {
        return None;
    }
    let piece = heavy_pieces(pos, side).first()?;
    first_mating(pos, side, None, |f| walk(pos, side, piece, f))
}

/// Whether `pos` has the material of [`line`]: a bare king against a queen or a rook of
/// `side` (and anything else).
pub(super) fn applies(pos: &Position, side: Color) -> bool {
    pos.by_color(!side).count() == 1 && heavy_pieces(pos, side).nonempty()
}

fn heavy_pieces(pos: &Position, side: Color) -> Bitboard {
    pos.pieces(side, Role::Queen) | pos.pieces(side, Role::Rook)
}

/// The walk from `pos` to the pattern of `f` and the mate: the moves, not yet verified.
/// `piece` is the square of the heavy piece that mates (the winner's others stay put).
fn walk(pos: &Position, side: Color, mut piece: Square, f: &Frame) -> Option<Vec<Move>> {
    let corner = f.sq(0, 0);
    let king_at = f.sq(1, 2);
    let waiting = Bitboard::from_square(f.sq(7, 7)) | f.sq(6, 7) | f.sq(7, 6);
    let role = pos.role_at(piece)?;
    let mut p = *pos;
    let mut line = Vec::new();
    let mut passes = 0;
    let mut candidates: Vec<(i64, Move)> = Vec::new();
    while line.len() < MAX_WALK {
        if p.turn() != side {
            // The bare king towards the corner, never taking (from it, out to come back).
            let free = !p.occupied();
            let mut best: Option<((u32, usize), Move)> = None;
            each_moves(&p, |pm| {
                for to in pm.to & free {
                    let key = towards(to, corner);
                    if best.is_none_or(|(b, _)| key < b) {
                        best = Some((key, Move::normal(pm.from, to)));
                    }
                }
                false
            });
            let (_, mv) = best?;
            p.play_unchecked(mv);
            line.push(mv);
            continue;
        }
        let loser = p.king(!side);
        let king = p.king(side);
        // How far the heavy piece is from its waiting squares, in its own moves.
        let far = |sq: Square, occupied: Bitboard| -> i64 {
            if waiting.contains(sq) {
                0
            } else if (attacks::attacks(side, role, sq, occupied) & waiting).nonempty() {
                1
            } else {
                2
            }
        };
        let placed = waiting.contains(piece);
        let near = dist(loser, corner) <= 1;
        let mut mate = None;
        candidates.clear();
        each_moves(&p, |pm| {
            if pm.from == king {
                let before = i64::from(dist(king, king_at));
                for mv in pm {
                    let gain = before - i64::from(dist(mv.to, king_at));
                    if gain > 0 {
                        candidates.push((gain * 4 + 2, mv));
                    }
                }
            } else if pm.from == piece {
                let occupied = p.occupied() & !Bitboard::from_square(piece);
                let before = far(piece, occupied);
                for mv in pm {
                    // Next to the corner, a move of the heavy piece that checks may mate.
                    if near && attacks::attacks(side, role, mv.to, occupied).contains(loser) {
                        let mut child = p;
                        child.play_unchecked(mv);
                        if child.is_checkmate() {
                            mate = Some(mv);
                            return true;
                        }
                    }
                    let gain = before - far(mv.to, occupied);
                    if gain > 0 {
                        candidates.push((gain * 4 + 1, mv));
                    } else if placed && waiting.contains(mv.to) {
                        // A move passed while the kings come.
                        candidates.push((0, mv));
                    }
                }
            }
            false
        });
        if let Some(mv) = mate {
            line.push(mv);
            return Some(line);
        }
        // The best move that gives no check and leaves the bare king a move.
        candidates.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        let (score, mv) = candidates.iter().copied().find(|&(_, mv)| {
            let mut child = p;
            child.play_unchecked(mv);
            !child.is_check() && quiet_move_left(&child)
        })?;
        if score == 0 {
            passes += 1;
            if passes > MAX_PASSES {
                return None;
            }
        }
        if mv.from == piece {
            piece = mv.to;
        }
        p.play_unchecked(mv);
        line.push(mv);
    }
    None
}

/// [`Position::generate_moves`] for the walk's two kinds of position, without listing what
/// it does not read: the bare king to move (its steps), or the winner to move, neither in
/// check nor pinned by a bare king (the king's steps, the queens' and rooks' moves; the
/// other pieces never move in the walk). The same moves in the same order, as
/// `art_5_2_2_heavy_walk_lists_the_generators_moves` checks. When the side to move has a
/// castling right, the generator itself.
fn each_moves(p: &Position, mut visit: impl FnMut(PieceMoves) -> bool) {
    let us = p.turn();
    if p.castling_rights().any_for(us) {
        p.generate_moves(visit);
        return;
    }
    let king = p.king(us);
    let steps = p.king_steps();
    if steps.nonempty() && visit(PieceMoves::plain(Role::King, king, steps)) {
        return;
    }
    let ours = p.by_color(us);
    let occupied = p.occupied();
    for role in [Role::Rook, Role::Queen] {
        for from in p.pieces(us, role) {
            let to = attacks::attacks(us, role, from, occupied) & !ours;
            if to.nonempty() && visit(PieceMoves::plain(role, from, to)) {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::testing::{mates, random_placements};
    use super::super::built_support::assert_no_line;
    use super::super::{Verdict, full_counted, helpmate_counted};
    use super::*;
    use crate::core::moves::MoveKind;

    /// Positions of uniformly random games (seed 3 of `benches/adjudicate.sh`) where a probe
    /// of the record walk ran out of its 200 nodes before the built line, each with the side
    /// that has the heavy piece.
    const PROBED: [(&str, Color); 5] = [
        ("8/8/6r1/5K2/8/5k2/8/8 w - - 94 355", Color::Black),
        ("8/8/6k1/8/6q1/6K1/8/8 w - - 74 198", Color::Black),
        ("8/4b2K/6r1/8/8/8/8/1k6 w - - 90 265", Color::Black),
        ("8/3r4/4K3/8/1k6/8/8/n7 w - - 10 180", Color::Black),
        ("8/8/8/7K/8/8/4kR2/8 b - - 0 1", Color::White),
    ];

    /// Art. 5.2.2: a built line is given only when it is legal and ends with the bare king
    /// checkmated by the side with the queen or rook; it is given for nearly every placement
    /// of a queen or rook, alone or with another piece beside it; no other material
    /// gets one.
    #[test]
    fn art_5_2_2_heavy_built_line_mates_or_is_not_given() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for (pieces, at_least) in [
            (&[Role::Rook][..], 95),
            (&[Role::Queen][..], 95),
            (&[Role::Rook, Role::Knight][..], 90),
            (&[Role::Queen, Role::Bishop][..], 90),
            (&[Role::Rook, Role::Rook][..], 90),
        ] {
            let all = random_placements(pieces, &[], 200, &mut seed);
            let mut built = 0;
            for (pos, side) in &all {
                if let Some(line) = line(pos, *side) {
                    assert!(mates(pos, *side, &line), "{}", pos.to_fen());
                    built += 1;
                }
                assert_eq!(line(pos, !*side), None, "{}", pos.to_fen());
            }
            assert!(
                built * 100 >= all.len() * at_least,
                "{pieces:?}: {built} of {}",
                all.len()
            );
        }
        // Other material: minor pieces only, or a loser with a pawn or a piece.
        assert_no_line(
            line,
            &[
                "8/8/8/K7/5k2/8/8/3B1N2 b - - 0 1",
                "8/8/8/K7/5k2/8/p7/3R4 b - - 0 1",
                "8/8/8/K7/5k2/8/n7/3Q4 b - - 0 1",
            ],
        );
    }

    /// The moves `each_moves` gives the walk are the generator's: the same pieces'
    /// moves in the same order, for the bare king to move and for the side with the queen
    /// or rook to move (alone or with other pieces, a castling right among them), in random
    /// placements and along the built lines. (Art. 5.2.2: the built line is a series of
    /// legal moves.)
    #[test]
    fn art_5_2_2_heavy_walk_lists_the_generators_moves() {
        let listed = |p: &Position, fast: bool| {
            let mut out = Vec::new();
            let take = |pm: PieceMoves| {
                if matches!(pm.role, Role::King | Role::Rook | Role::Queen) {
                    out.extend(pm);
                }
                false
            };
            if fast {
                each_moves(p, take);
            } else {
                p.generate_moves(take);
            }
            out
        };
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut compared = 0;
        for pieces in [
            &[Role::Rook][..],
            &[Role::Queen][..],
            &[Role::Rook, Role::Knight, Role::Pawn][..],
            &[Role::Queen, Role::Rook, Role::Bishop][..],
        ] {
            for (pos, side) in random_placements(pieces, &[], 200, &mut seed) {
                let mut p = pos;
                let line = line(&pos, side).unwrap_or_default();
                for mv in std::iter::once(None).chain(line.iter().map(Some)) {
                    if let Some(&mv) = mv {
                        p.play_unchecked(mv);
                    }
                    assert_eq!(listed(&p, true), listed(&p, false), "{}", p.to_fen());
                    compared += 1;
                }
            }
        }
        assert!(compared > 4_000, "{compared}");
        // A castling right: the generator's own list, castling among the king's moves.
        for fen in [
            "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
            "r3k3/8/8/8/8/8/8/4K3 b q - 0 1",
        ] {
            let p = Position::from_fen(fen).unwrap();
            let fast = listed(&p, true);
            assert_eq!(fast, listed(&p, false), "{fen}");
            assert!(
                fast.iter().any(|mv| matches!(mv.kind, MoveKind::Castle)),
                "{fen}"
            );
        }
    }

    /// Art. 5.2.2: a probe of the record walk (`PROBE_BUDGET` nodes) and the full search answer these
    /// positions with a helpmate that mates, where the probe's search alone ran out.
    #[test]
    fn art_5_2_2_probe_answers_a_lone_heavy_piece() {
        for (fen, side) in PROBED {
            let pos = Position::from_fen(fen).unwrap();
            let (probe, _) = helpmate_counted(&pos, side, crate::laws::check::PROBE_BUDGET);
            let Verdict::Winnable(found) = probe else {
                panic!("{fen}: {probe:?}");
            };
            assert!(mates(&pos, side, &found), "{fen}");
            let (full, _) = full_counted(&pos, side, 200_000);
            let Verdict::Winnable(found) = full else {
                panic!("{fen}: {full:?}");
            };
            assert!(mates(&pos, side, &found), "{fen}");
        }
    }
}
