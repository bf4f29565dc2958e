//! A helpmate line built rather than searched, for a king and pawn against a king and pawn
//! blocked on one file, the winner perhaps with a minor piece or two besides (Art. 5.2.2,
//! 6.9). Uniformly random games end there by the 75-move rule (`8/8/8/3k3p/7P/5K2/8/8 b`),
//! and at the end of such a draw the arbiter's race of short searches
//! (`laws::game::mating_side_by_race`) needed 100 to 1,000 nodes a side to find the
//! helpmate (the king goes round to take the other pawn, the pawn queens, the queen
//! mates): on uniform seed 2, 61 races of this material took 16,526 nodes, 14 M
//! instructions, 5.6 % of `adjudicate` on that file; with a bishop besides, 6,294 and 4,466
//! nodes on seeds 1 and 3 (docs/arbiter.md, "28 November, tenth session").
//!
//! The walk: the winner's king steps towards the loser's pawn and takes it, the loser's
//! king keeping away from the pawns' file; then the winner's pawn is pushed to the last
//! rank and becomes a queen, the loser's king still keeping away; then the line of
//! [`super::heavy`] for a queen against a bare king. No move but the winner king's one
//! capture takes, and each leaves the other side a move that takes nothing. The whole line
//! is played through by [`super::verify_line`] and thrown away when it is not legal or
//! does not mate (the search then answers as before).

use super::super::attacks;
use super::super::bitboard::Bitboard;
use super::super::moves::{Move, MoveKind};
use super::super::piece::{Color, Role};
use super::super::position::Position;
use super::super::square::{Rank, Square};
use super::kbn::quiet_move_left;
use super::{dist, heavy, verify_line};

/// The most plies of the walk before the queen's line: a king crosses the board in seven
/// moves, a pawn queens in six; with the other king's moves, far less than this.
const MAX_WALK: usize = 60;

/// A helpmate line of `side` from `pos` when each side has a king and one pawn, the two
/// blocked on one file, `side` perhaps with a bishop or knight or two besides (they stay
/// where they stand), built and verified; `None` for other material or when the walk
/// fails (the search is then asked as before).
pub(super) fn line(pos: &Position, side: Color) -> Option<Vec<Move>> {
    let ours = pos.by_color(side);
    let theirs = pos.by_color(!side);
    let pawns = pos.by_role(Role::Pawn);
    let minor = pos.by_role(Role::Bishop) | pos.by_role(Role::Knight);
    let others = ours & !pawns & !pos.by_role(Role::King);
    if theirs.count() != 2
        || (pawns & ours).count() != 1
        || others.count() > 2
        || (others & !minor).nonempty()
    {
        return None;
    }
    let (our_pawn, their_pawn) = ((pawns & ours).first()?, (pawns & theirs).first()?);
    // Blocked: the loser's pawn stands right in front of the winner's.
    if their_pawn != ahead(our_pawn, side)? {
        return None;
    }
    let mut p = *pos;
    let mut line = Vec::new();
    let file = our_pawn.file().index();
    let mut taken = false;
    // The winner king's steps to the loser's pawn, round its own pieces and the squares
    // the other pawn attacks.
    let path = king_steps(
        their_pawn,
        !(ours.without(pos.king(side)) | attacks::pawn(!side, their_pawn)),
    );
    while line.len() < MAX_WALK {
        let pawn = p.pieces(side, Role::Pawn).first();
        let Some(pawn) = pawn else {
            // Queened: the queen's line against the bare king.
            line.extend(heavy::line(&p, side)?);
            return verify_line(pos, side, &line).then_some(line);
        };
        let moves = p.legal_moves();
        let mv = if p.turn() != side {
            // The loser's king away from the pawns' file, then from the winner's king.
            let (them, king) = (p.king(side), p.king(!side));
            moves
                .iter()
                .copied()
                .filter(|m| m.from == king && !p.occupied().contains(m.to))
                .filter(|&m| playable(&p, m))
                .max_by_key(|m| (m.to.file().index().abs_diff(file).min(3), dist(m.to, them)))?
        } else if !taken {
            let king = p.king(side);
            match moves
                .iter()
                .copied()
                .find(|m| m.from == king && m.to == their_pawn)
            {
                Some(m) => {
                    taken = true;
                    m
                }
                // Nearer the pawn to take, never taking anything else.
                None => moves
                    .iter()
                    .copied()
                    .filter(|m| m.from == king && !p.occupied().contains(m.to))
                    .filter(|m| path[m.to.index()] < path[king.index()])
                    .find(|&m| playable(&p, m))?,
            }
        } else {
            // The pawn on, a queen on the last rank; the king, which took on the square in
            // front of it, steps off the file first.
            let king = p.king(side);
            let push = |m: &Move| {
                m.from == pawn
                    && matches!(m.kind, MoveKind::Normal | MoveKind::Promotion(Role::Queen))
            };
            let step_aside = |m: &Move| m.from == king && m.to.file().index() != file;
            moves
                .iter()
                .copied()
                .filter(|m| !p.occupied().contains(m.to))
                .filter(|m| push(m) || (ahead(pawn, side) == Some(king) && step_aside(m)))
                .find(|&m| playable(&p, m))?
        };
        p.play_unchecked(mv);
        line.push(mv);
    }
    None
}

/// The king moves from each square to `target` through the squares of `open` (the target
/// reached from any), `u8::MAX` where it cannot.
fn king_steps(target: Square, open: Bitboard) -> [u8; 64] {
    let mut d = [u8::MAX; 64];
    d[target.index()] = 0;
    let mut frontier = Bitboard::from_square(target);
    let mut seen = frontier;
    let mut n = 0;
    while frontier.nonempty() {
        n += 1;
        let mut next = Bitboard::EMPTY;
        for sq in frontier {
            next |= attacks::king(sq);
        }
        frontier = next & open & !seen;
        seen |= frontier;
        for sq in frontier {
            d[sq.index()] = n;
        }
    }
    d
}

/// The square right in front of a pawn of `color` on `sq`, if any.
fn ahead(sq: Square, color: Color) -> Option<Square> {
    let rank = sq.rank().index() as i32 + if color == Color::White { 1 } else { -1 };
    (0..8)
        .contains(&rank)
        .then(|| Square::from_coords(sq.file(), Rank::new(rank as u32)))
}

/// Whether `mv` leaves the other side a legal move that takes nothing (never a stalemate
/// on the way, never a capture forced).
fn playable(p: &Position, mv: Move) -> bool {
    let mut child = *p;
    child.play_unchecked(mv);
    quiet_move_left(&child)
}

#[cfg(test)]
mod tests {
    use super::super::super::testing::mates;
    use super::super::built_support::{assert_no_line, full_search_builds};
    use super::*;

    /// Positions where uniformly random games ended by the 75-move rule (seeds 1 to 3 of
    /// `benches/adjudicate.sh`; the last two with White's bishop), then every placement of
    /// the kings with the pawns blocked on the h-file and on the d-file, and each of those
    /// again with a White bishop on c1 (where the square is free).
    fn placements() -> Vec<Position> {
        let mut out: Vec<Position> = [
            "8/8/8/3k3p/7P/5K2/8/8 b - - 150 232",
            "8/8/8/5k2/8/7p/7P/1K6 b - - 150 274",
            "1K6/8/1p6/1P6/8/7k/8/8 b - - 150 296",
            "8/8/6k1/4p3/4P3/4K3/8/8 b - - 150 282",
            "3k4/8/2K5/8/8/p7/P7/8 w - - 150 195",
            "8/4k3/2B5/8/7p/7P/8/2K5 b - - 150 239",
            "8/8/7p/1K5P/5k2/8/B7/8 w - - 150 261",
        ]
        .iter()
        .map(|f| Position::from_fen(f).unwrap())
        .collect();
        for pawns in ["7p/7P", "3p4/3P4"] {
            for wk in 0..64 {
                for bk in (0..64).step_by(3) {
                    let mut board = [['.'; 8]; 8];
                    let (wp, bp) = if pawns.starts_with('7') {
                        (7, 7)
                    } else {
                        (3, 3)
                    };
                    board[3][wp] = 'P';
                    board[4][bp] = 'p';
                    let (wr, wf, br, bf) = (wk / 8, wk % 8, bk / 8, bk % 8);
                    if board[wr][wf] != '.' || board[br][bf] != '.' || wk == bk {
                        continue;
                    }
                    board[wr][wf] = 'K';
                    board[br][bf] = 'k';
                    let plain = board;
                    let mut with_bishop = board;
                    if with_bishop[0][2] == '.' {
                        with_bishop[0][2] = 'B';
                    }
                    for board in [plain, with_bishop] {
                        let rows: Vec<String> = board
                            .iter()
                            .rev()
                            .map(|row| row.iter().collect::<String>())
                            .collect();
                        let mut fen = rows.join("/");
                        for n in (1..=8).rev() {
                            fen = fen.replace(&".".repeat(n), &n.to_string());
                        }
                        for turn in ["w", "b"] {
                            if let Ok(pos) = Position::from_fen(&format!("{fen} {turn} - - 0 1")) {
                                out.push(pos);
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// Art. 5.2.2: a built line is given only when it is legal and ends with the other king
    /// checkmated; it is given for most placements, to either side; not for other material.
    #[test]
    fn art_5_2_2_blocked_pawns_built_line_mates_or_is_not_given() {
        let (mut asked, mut built) = (0, 0);
        for pos in placements() {
            for side in [Color::White, Color::Black] {
                if pos.by_color(!side).count() != 2 {
                    // The loser has a piece: not this material.
                    assert_eq!(line(&pos, side), None, "{}", pos.to_fen());
                    continue;
                }
                asked += 1;
                if let Some(line) = line(&pos, side) {
                    assert!(mates(&pos, side, &line), "{}", pos.to_fen());
                    built += 1;
                }
            }
        }
        assert!(built * 100 >= asked * 90, "{built} of {asked}");
        assert_no_line(
            line,
            &[
                // Not blocked, two pawns, a rook, three minor pieces, a piece of the loser's.
                "8/8/8/3k2p1/7P/5K2/8/8 b - - 0 1",
                "8/8/8/3k3p/6PP/5K2/8/8 b - - 0 1",
                "8/8/8/3k3p/7P/5K2/8/7R b - - 0 1",
                "8/8/8/3k3p/7P/5K2/8/4BNN1 b - - 0 1",
                "8/8/8/3k3p/7P/5K2/8/7n b - - 0 1",
            ],
        );
    }

    /// Art. 5.2.2: the full search answers with the built line, spending no node of its
    /// own.
    #[test]
    fn art_5_2_2_full_search_answers_blocked_pawns_with_the_built_line() {
        for pos in placements().iter().take(7) {
            let mut built_for = 0;
            for side in [Color::White, Color::Black] {
                if let Some(built) = line(pos, side) {
                    assert_eq!(full_search_builds(pos, side), built, "{}", pos.to_fen());
                    built_for += 1;
                }
            }
            // Each of the corpus positions gets a line for a side at least.
            assert!(built_for > 0, "{}", pos.to_fen());
        }
    }
}
