//! Helpers of the core's unit tests.

use super::fen::Setup;
use super::piece::{Color, Piece, Role};
use super::{Move, Position};

/// Every position of `games` seeded random games of at most `plies` plies in which the
/// side to move has a legal move (xorshift64 from `seed`: the same positions every run).
pub(crate) fn random_positions(games: usize, plies: usize, mut seed: u64) -> Vec<Position> {
    let mut out = Vec::new();
    for _ in 0..games {
        let line = random_line(Position::new(), plies, &mut seed);
        // All but the last: the positions a move was played from.
        out.extend_from_slice(&line[..line.len() - 1]);
    }
    out
}

/// A seeded random game from `start`: at most `plies` moves drawn uniformly among the legal
/// ones (xorshift64 from `seed`), to the first position without one; its positions, `start`
/// first.
pub(crate) fn random_line(start: Position, plies: usize, seed: &mut u64) -> Vec<Position> {
    let mut line = vec![start];
    let mut pos = start;
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[(xorshift(seed) % moves.len() as u64) as usize]);
        line.push(pos);
    }
    line
}

/// The next number of a xorshift64 stream, kept in `seed` (never 0): the seeded random
/// choices of the unit tests, the same every run.
pub(crate) fn xorshift(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// A seeded random game of at most `plies` plies, nine moves in ten chosen among those that
/// neither capture nor move a pawn (when there are any), so that positions repeat often and
/// the halfmove count grows: its moves and its positions (the start first, one more than
/// the moves).
pub(crate) fn quiet_game(plies: usize, seed: &mut u64) -> (Vec<Move>, Vec<Position>) {
    let mut pos = Position::new();
    let (mut moves, mut positions) = (Vec::new(), vec![pos]);
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let quiet: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| {
                let mut after = pos;
                after.play_unchecked(*m);
                after.halfmove_clock() > 0
            })
            .collect();
        let pick = |list: &[Move], r: u64| list[(r % list.len() as u64) as usize];
        let r = xorshift(seed);
        let mv = if !quiet.is_empty() && r % 10 != 0 {
            pick(&quiet, r >> 8)
        } else {
            pick(&legal, r >> 8)
        };
        pos.play_unchecked(mv);
        moves.push(mv);
        positions.push(pos);
    }
    (moves, positions)
}

/// Seeded random legal placements (xorshift64 from `seed`) of a king and `ours` against a
/// king and `theirs` (a bare king when empty), either side with `ours`, either side to move
/// (with a legal move): `n` of them, each with the side that has `ours`.
pub(crate) fn random_placements(
    ours: &[Role],
    theirs: &[Role],
    n: usize,
    seed: &mut u64,
) -> Vec<(Position, Color)> {
    let mut out = Vec::new();
    while out.len() < n {
        let mut setup: Setup = Position::new().to_setup();
        setup.board = [None; 64];
        setup.castling = Default::default();
        let winner = if xorshift(seed) % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let all = [(winner, Role::King), (!winner, Role::King)]
            .into_iter()
            .chain(ours.iter().map(|&role| (winner, role)))
            .chain(theirs.iter().map(|&role| (!winner, role)));
        for (color, role) in all {
            let sq = (xorshift(seed) % 64) as usize;
            setup.board[sq] = Some(Piece { color, role });
        }
        if setup.board.iter().flatten().count() < ours.len() + theirs.len() + 2 {
            continue; // two pieces drawn on one square
        }
        setup.turn = if xorshift(seed) % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        if let Ok(pos) = setup.to_position() {
            if pos.has_legal_moves() {
                out.push((pos, winner));
            }
        }
    }
    out
}

/// Whether `line` is a series of legal moves from `pos` (each found among the moves the
/// generator lists) after which the other side than `side`, to move, is checkmated: a
/// test's own check of a helpmate line, not the code's under test.
pub(crate) fn mates(pos: &Position, side: Color, line: &[Move]) -> bool {
    let mut p = *pos;
    for &mv in line {
        if !p.legal_moves().contains(&mv) {
            return false;
        }
        p.play_unchecked(mv);
    }
    p.turn() == !side && p.is_check() && !p.has_legal_moves()
}
