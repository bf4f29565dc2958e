//! A helpmate line built rather than searched, for a king, bishop and knight against a bare
//! king (Art. 5.2.2, 6.9: "by any possible series of legal moves"). The guided search finds
//! these lines only after thousands of nodes (every piece must end on one square of a
//! pattern), and uniformly random games end in such positions by the 75-move rule, where
//! the arbiter must know whether the position was dead: on three such corpora and the real
//! games, 14 queries of this material took 120,492 nodes of the full search (docs/arbiter.md,
//! "27 November, eighth session").
//!
//! The line is built towards one mate, in the frame where the mating corner is a1 (a corner
//! of the bishop's colour; the pattern is turned and mirrored onto the other three
//! placements): the winner's king on b3, the knight on one of c4, e4, f3, f1, the bishop on
//! a5 or b4, the loser's king on a1 with the loser to move. From there the tail
//! `Ka1-b1 N-d2+ Kb1-a1 B-c3#` mates. The walk there is greedy: the loser's king steps
//! towards a1 (or, there, out and back), each move of the winner's brings a piece nearer
//! its square without giving check and leaves the loser a move that is not a capture; the
//! bishop, once placed, passes between its two squares while the loser's king comes. The
//! whole line is then played through by [`super::verify_line`]: a line that is not legal
//! or does not mate is thrown away and the search answers as before, so the shortcut can
//! only be right (`art_5_2_2_built_line_mates_or_is_not_given`).

use super::super::attacks;
use super::super::bitboard::Bitboard;
use super::super::moves::Move;
use super::super::piece::{Color, Role};
use super::super::position::Position;
use super::super::square::{File, Rank, Square};
use super::{dist, knight_distances, verify_line};

/// The most plies of the walk before the tail: far more than any placement needs (a king
/// crosses the board in seven moves, a knight reaches any square in six).
const MAX_WALK: usize = 120;

/// A helpmate line of `side` from `pos` when the material is a king, bishop and knight of
/// `side` against a bare king, built and verified; `None` when the material is another or
/// no pattern's walk succeeds (the search is then asked as before).
pub(super) fn line(pos: &Position, side: Color) -> Option<Vec<Move>> {
    let ours = pos.by_color(side);
    let bishop = pos.pieces(side, Role::Bishop);
    let knight = pos.pieces(side, Role::Knight);
    // The loser's king alone; the winner's king, one bishop, one knight.
    if pos.by_color(!side).count() != 1
        || ours.count() != 3
        || bishop.count() != 1
        || knight.count() != 1
    {
        return None;
    }
    // The placements whose corner has the bishop's colour.
    let dark = bishop.first()?.is_dark();
    first_mating(pos, side, Some(dark), |f| walk(pos, side, f))
}

/// The first line of `walk` over the placements (those whose corner has the colour `dark`,
/// all eight when `None`), the corner nearest the loser's king first, that
/// [`verify_line`] plays through to mate.
pub(super) fn first_mating(
    pos: &Position,
    side: Color,
    dark: Option<bool>,
    walk: impl Fn(&Frame) -> Option<Vec<Move>>,
) -> Option<Vec<Move>> {
    let loser = pos.king(!side);
    let mut frames: Vec<Frame> = Frame::all()
        .into_iter()
        .filter(|f| dark.is_none_or(|dark| f.sq(0, 0).is_dark() == dark))
        .collect();
    frames.sort_by_key(|f| dist(loser, f.sq(0, 0)));
    frames
        .iter()
        .filter_map(walk)
        .find(|line| verify_line(pos, side, line))
}

/// How far a king on `sq` is from `corner`: in its moves, then in files and ranks (the
/// order of a king's steps towards the corner).
pub(super) fn towards(sq: Square, corner: Square) -> (u32, usize) {
    let d = sq.file().index().abs_diff(corner.file().index())
        + sq.rank().index().abs_diff(corner.rank().index());
    (dist(sq, corner), d)
}

/// One of the eight placements of the pattern: the frame's square (x, y) (a1 = (0, 0)) on
/// the board, files and ranks turned round or swapped.
#[derive(Clone, Copy)]
pub(super) struct Frame {
    flip_file: bool,
    flip_rank: bool,
    swap: bool,
}

impl Frame {
    /// The eight placements.
    pub(super) fn all() -> Vec<Frame> {
        (0..8u8)
            .map(|i| Frame {
                flip_file: i & 1 != 0,
                flip_rank: i & 2 != 0,
                swap: i & 4 != 0,
            })
            .collect()
    }

    pub(super) fn sq(&self, x: u32, y: u32) -> Square {
        let (x, y) = if self.swap { (y, x) } else { (x, y) };
        let x = if self.flip_file { 7 - x } else { x };
        let y = if self.flip_rank { 7 - y } else { y };
        Square::from_coords(File::new(x), Rank::new(y))
    }
}

/// The walk from `pos` to the pattern of `f`, then the tail: the moves, not yet verified.
fn walk(pos: &Position, side: Color, f: &Frame) -> Option<Vec<Move>> {
    let corner = f.sq(0, 0);
    let out = f.sq(1, 0);
    let king_at = f.sq(1, 2);
    let knight_at = [f.sq(2, 3), f.sq(4, 3), f.sq(5, 2), f.sq(5, 0)];
    let bishop_at = [f.sq(0, 4), f.sq(1, 3)];
    let (check_from, mate_at) = (f.sq(3, 1), f.sq(2, 2));
    let knight_steps: Vec<[u8; 64]> = knight_at.iter().map(|&t| knight_distances(t)).collect();
    let bishop_targets = Bitboard::from_square(bishop_at[0]) | bishop_at[1];
    // How far each piece of the winner's is from its squares, in its own moves.
    let far = |role: Role, sq: Square| -> u32 {
        match role {
            Role::King => dist(sq, king_at),
            Role::Knight => knight_steps
                .iter()
                .map(|d| u32::from(d[sq.index()]))
                .min()
                .unwrap_or(u32::MAX),
            Role::Bishop if bishop_targets.contains(sq) => 0,
            Role::Bishop if (attacks::bishop_rays(sq) & bishop_targets).nonempty() => 1,
            _ => 2,
        }
    };
    let mut p = *pos;
    let mut line = Vec::new();
    for _ in 0..MAX_WALK {
        if p.turn() != side {
            let one = |role: Role| p.pieces(side, role).first();
            let (king, knight, bishop) = (p.king(side), one(Role::Knight)?, one(Role::Bishop)?);
            if p.king(!side) == corner
                && king == king_at
                && knight_at.contains(&knight)
                && bishop_at.contains(&bishop)
            {
                line.extend([
                    Move::normal(corner, out),
                    Move::normal(knight, check_from),
                    Move::normal(out, corner),
                    Move::normal(bishop, mate_at),
                ]);
                return Some(line);
            }
            // The loser's king towards the corner (from it, out to come back), never taking.
            let mv = p
                .legal_moves()
                .iter()
                .copied()
                .filter(|m| !p.occupied().contains(m.to))
                .min_by_key(|m| dist(m.to, corner))?;
            p.play_unchecked(mv);
            line.push(mv);
            continue;
        }
        // The winner: the move that brings a piece nearest its square (the king first,
        // then the knight, then the bishop, on equal gains); once all stand there, the
        // bishop passes to its other square. No check, and the loser keeps a quiet move.
        let mut best: Option<(i64, Move)> = None;
        for &mv in p.legal_moves().iter() {
            let Some(role) = p.role_at(mv.from) else {
                continue;
            };
            let gain = i64::from(far(role, mv.from)) - i64::from(far(role, mv.to));
            let placed_tempo = role == Role::Bishop
                && bishop_targets.contains(mv.from)
                && bishop_targets.contains(mv.to);
            if gain <= 0 && !placed_tempo {
                continue;
            }
            let order = match role {
                Role::King => 2,
                Role::Knight => 1,
                _ => 0,
            };
            let score = gain * 4 + order;
            if best.is_some_and(|(s, _)| s >= score) {
                continue;
            }
            let mut child = p;
            child.play_unchecked(mv);
            if child.is_check() || !quiet_move_left(&child) {
                continue;
            }
            best = Some((score, mv));
        }
        let (_, mv) = best?;
        p.play_unchecked(mv);
        line.push(mv);
    }
    None
}

/// Whether the side to move in `pos` (the loser of a walk) has a legal move that takes
/// nothing.
pub(super) fn quiet_move_left(pos: &Position) -> bool {
    let free = !pos.occupied();
    let us = pos.turn();
    // A bare king without a castling right: its steps are all its moves.
    if pos.by_color(us).count() == 1 && !pos.castling_rights().any_for(us) {
        return (pos.king_steps() & free).nonempty();
    }
    pos.generate_moves(|pm| (pm.to & free).nonempty())
}

/// The steps of the king on `king` to the squares of `free`, as candidates of a [`Walker`]
/// (which plays only legal ones): scored by how near each brings it to `target` (in its
/// moves, then in files and ranks), progress when nearer than it stands.
pub(super) fn king_towards(
    king: Square,
    target: Square,
    free: Bitboard,
    out: &mut Vec<(i64, bool, Move)>,
) {
    let before = towards(king, target);
    for to in attacks::king(king) & free {
        let after = towards(to, target);
        let score = -i64::from(after.0 * 16) - after.1 as i64;
        out.push((score, after < before, Move::normal(king, to)));
    }
}

/// A greedy walk towards a pattern ([`super::shut`], [`super::step_in`]): the position
/// reached, the moves played, the positions met (none is reached twice: a piece passing
/// out and back in step with the other side's would go round for ever, where another move
/// changes the step) and the moves passed.
pub(super) struct Walker {
    pub(super) p: Position,
    pub(super) line: Vec<Move>,
    seen: Vec<u64>,
    passes: usize,
}

impl Walker {
    pub(super) fn new(pos: &Position) -> Walker {
        Walker {
            p: *pos,
            line: Vec::new(),
            seen: vec![pos.key()],
            passes: 0,
        }
    }

    /// Plays the best of `candidates` (a score, whether the move brings a piece nearer its
    /// square, the move; sorted here, the best first) that is legal, gives no check,
    /// reaches a position not met before and leaves the other side a move that takes
    /// nothing, and gives it back. `None` when none does, or when more than `max_passes`
    /// moves have been passed (a walk that needs more is going round in a loop).
    pub(super) fn step(
        &mut self,
        candidates: &mut [(i64, bool, Move)],
        max_passes: usize,
    ) -> Option<Move> {
        candidates.sort_by_key(|&(score, _, _)| std::cmp::Reverse(score));
        let p = self.p;
        let seen = &self.seen;
        let (_, progress, mv) = candidates.iter().copied().find(|&(_, _, mv)| {
            if !p.is_legal(mv) {
                return false;
            }
            let mut child = p;
            child.play_unchecked(mv);
            !child.is_check() && !seen.contains(&child.key()) && quiet_move_left(&child)
        })?;
        if !progress {
            self.passes += 1;
            if self.passes > max_passes {
                return None;
            }
        }
        self.p.play_unchecked(mv);
        self.line.push(mv);
        self.seen.push(self.p.key());
        Some(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::testing::{mates, random_placements};
    use super::super::built_support::{assert_no_line, full_search_builds};
    use super::*;

    /// Positions of a king, bishop and knight against a bare king, each with the side that
    /// has them: the four of the uniformly random games that took the search longest
    /// (docs/arbiter.md), then seeded random placements.
    fn placements() -> Vec<(Position, Color)> {
        let mut out: Vec<(Position, Color)> = [
            ("8/7N/8/K7/5k2/8/8/3B4 b - - 150 231", Color::White),
            ("6B1/6N1/8/k6K/8/8/8/8 b - - 150 308", Color::White),
            ("6N1/8/8/8/8/1k6/8/5K1B b - - 150 247", Color::White),
            ("8/8/4K3/8/2k5/8/1b6/5n2 b - - 150 214", Color::Black),
        ]
        .iter()
        .map(|&(f, side)| (Position::from_fen(f).unwrap(), side))
        .collect();
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        out.extend(random_placements(
            &[Role::Bishop, Role::Knight],
            &[],
            296,
            &mut seed,
        ));
        out
    }

    /// Art. 5.2.2: a built line is given only when it is legal and ends with the bare king
    /// checkmated by the side with the bishop and knight; it is given for nearly every
    /// placement; no other material gets one.
    #[test]
    fn art_5_2_2_built_line_mates_or_is_not_given() {
        let mut built = 0;
        let all = placements();
        for (pos, side) in &all {
            let (pos, side) = (pos, *side);
            if let Some(line) = line(pos, side) {
                assert!(mates(pos, side, &line), "{}", pos.to_fen());
                built += 1;
            }
            assert_eq!(line(pos, !side), None, "{}", pos.to_fen());
        }
        assert!(built * 10 >= all.len() * 9, "{built} of {}", all.len());
        // Other material: a rook, two bishops, two knights, a bishop and knight with a
        // pawn, or a loser with a piece.
        assert_no_line(
            line,
            &[
                "8/8/8/7K/8/8/4kR2/8 b - - 0 1",
                "8/8/8/K7/5k2/8/8/3B1B2 b - - 0 1",
                "8/8/8/K7/5k2/8/8/3N1N2 b - - 0 1",
                "8/7N/8/K7/5k2/8/P7/3B4 b - - 0 1",
                "8/7N/8/K7/5k2/8/p7/3B4 b - - 0 1",
            ],
        );
    }

    /// Art. 5.2.2: the full search answers these positions with the built line, spending
    /// no node of its own (where it took thousands), and its answer mates.
    #[test]
    fn art_5_2_2_full_search_answers_with_the_built_line() {
        for (pos, side) in placements().iter().take(4) {
            let found = full_search_builds(pos, *side);
            assert_eq!(Some(found), line(pos, *side), "{}", pos.to_fen());
        }
    }
}
