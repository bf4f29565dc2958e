//! Perft: the number of leaf nodes of the legal move tree to a given depth, the standard
//! test of a move generator against published counts.

use super::position::Position;

/// Counts the move sequences of `depth` plies from `pos` (1 at depth 0). The last ply is
/// counted without making the moves ("bulk counting").
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let mut nodes = 0;
            pos.generate_moves(|pm| {
                for mv in pm {
                    let mut child = *pos;
                    child.play_unchecked(mv);
                    nodes += perft(&child, depth - 1);
                }
                false
            });
            nodes
        }
    }
}

/// Perft split by the first move: each legal move (in UCI text) with its count.
pub fn divide(pos: &Position, depth: u32) -> Vec<(super::moves::Move, u64)> {
    let mut out = Vec::new();
    if depth == 0 {
        return out;
    }
    for &mv in pos.legal_moves().iter() {
        let mut child = *pos;
        child.play_unchecked(mv);
        out.push((mv, perft(&child, depth - 1)));
    }
    out
}
