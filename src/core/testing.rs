//! Helpers of the core's unit tests.

use super::Position;

/// Every position of `games` seeded random games of at most `plies` plies in which the
/// side to move has a legal move (xorshift64 from `seed`: the same positions every run).
pub(crate) fn random_positions(games: usize, plies: usize, mut seed: u64) -> Vec<Position> {
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::new();
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            out.push(pos);
            xorshift(&mut seed);
            pos.play_unchecked(moves[(seed % moves.len() as u64) as usize]);
        }
    }
    out
}

/// The next number of a xorshift64 stream, kept in `seed` (never 0): the seeded random
/// choices of the unit tests, the same every run.
pub(crate) fn xorshift(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}
