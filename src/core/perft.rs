//! Perft: the number of leaf nodes of the legal move tree to a given depth, the standard
//! test of a move generator against published counts.

use super::moves::Move;
use super::position::Position;

/// Counts the move sequences of `depth` plies from `pos` (1 at depth 0). The last ply is
/// counted without making the moves ("bulk counting").
pub fn perft(pos: &Position, depth: u32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the CPU has just been checked to support `popcnt`.
        return unsafe { perft_popcnt(pos, depth) };
    }
    perft_portable(pos, depth)
}

/// The same function compiled for CPUs with a population-count instruction: the leaf count
/// is a sum of population counts, which the baseline x86-64 target computes in software.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn perft_popcnt(pos: &Position, depth: u32) -> u64 {
    perft_body(pos, depth, |p, d| perft_popcnt(p, d))
}

fn perft_portable(pos: &Position, depth: u32) -> u64 {
    perft_body(pos, depth, perft_portable)
}

#[inline(always)]
fn perft_body(pos: &Position, depth: u32, recurse: impl Fn(&Position, u32) -> u64) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let mut nodes = 0;
            pos.generate_moves(|pm| {
                for mv in pm {
                    let mut child = *pos;
                    child.play_unchecked(mv);
                    nodes += recurse(&child, depth - 1);
                }
                false
            });
            nodes
        }
    }
}

/// Perft split by the first move: each legal move with its count.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
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
