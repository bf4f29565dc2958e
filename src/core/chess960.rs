//! Chess960 start positions (Guidelines II.1): the pawns on their usual squares, the pieces
//! of the first rank placed at random with the king between the rooks and the bishops on
//! squares of opposite colours, Black's mirroring White's. The 960 positions are numbered 0
//! to 959 as Reinhard Scharnagl numbered them (518 is the standard position of Art. 2.3).

use super::moves::CastleSide;
use super::piece::{Color, Piece, Role};
use super::position::{CastlingRights, Position};
use super::square::{File, Rank, Square};

/// The number of Chess960 start positions.
pub const COUNT: u16 = 960;

/// The number of the standard start position of Art. 2.3.
pub const STANDARD: u16 = 518;

/// The pieces of the first rank of start position `n` (0–959), a-file first, by
/// Scharnagl's numbering: `n % 4` places the light-squared bishop on b, d, f or h, the
/// next factor of 4 the dark-squared bishop on a, c, e or g, the next factor of 6 the queen
/// on the free squares, and the rest (0–9) the two knights on the five left; the rook,
/// king and rook then fill the three squares left in that order.
pub fn back_rank(n: u16) -> Option<[Role; 8]> {
    if n >= COUNT {
        return None;
    }
    let mut rank: [Option<Role>; 8] = [None; 8];
    let n = usize::from(n);
    let (n, light) = (n / 4, n % 4);
    rank[2 * light + 1] = Some(Role::Bishop);
    let (n, dark) = (n / 4, n % 4);
    rank[2 * dark] = Some(Role::Bishop);
    let (n, queen) = (n / 6, n % 6);
    place_nth_free(&mut rank, queen, Role::Queen);
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (a, b) = KNIGHTS[n];
    // The second knight first: placing the first would shift the free squares.
    place_nth_free(&mut rank, b, Role::Knight);
    place_nth_free(&mut rank, a, Role::Knight);
    for role in [Role::Rook, Role::King, Role::Rook] {
        place_nth_free(&mut rank, 0, role);
    }
    let mut out = [Role::Pawn; 8];
    for (slot, role) in out.iter_mut().zip(rank) {
        *slot = role?;
    }
    Some(out)
}

fn place_nth_free(rank: &mut [Option<Role>; 8], n: usize, role: Role) {
    if let Some(slot) = rank.iter_mut().filter(|s| s.is_none()).nth(n) {
        *slot = Some(role);
    }
}

/// The number of a Chess960 start rank, the inverse of [`back_rank`]; `None` for a rank
/// that is not one of the 960.
pub fn number_of(rank: &[Role; 8]) -> Option<u16> {
    (0..COUNT).find(|&n| back_rank(n).as_ref() == Some(rank))
}

/// Chess960 start position number `n` (0–959), White to move, every castling right held.
pub fn start_position(n: u16) -> Option<Position> {
    let rank = back_rank(n)?;
    let mut pos = Position::empty();
    let mut rights = CastlingRights::NONE;
    let king = File::ALL[rank.iter().position(|&r| r == Role::King)?];
    let rooks: Vec<File> = File::ALL
        .into_iter()
        .filter(|f| rank[f.index()] == Role::Rook)
        .collect();
    for color in Color::ALL {
        for file in File::ALL {
            let back = Square::from_coords(file, Rank::First.relative_to(color));
            let pawn = Square::from_coords(file, Rank::Second.relative_to(color));
            pos.put(Piece::new(color, rank[file.index()]), back);
            pos.put(Piece::new(color, Role::Pawn), pawn);
        }
        rights.grant(color, CastleSide::Queen, king, *rooks.first()?);
        rights.grant(color, CastleSide::King, king, *rooks.last()?);
    }
    pos.castling = rights;
    pos.base_key = pos.compute_base_key();
    Some(pos)
}

/// The number of the Chess960 start position a position is, if it is one (the same
/// placement, White to move, all four rights, no move played).
pub fn start_number(pos: &Position) -> Option<u16> {
    let mut rank = [Role::Pawn; 8];
    for file in File::ALL {
        rank[file.index()] = pos.role_at(Square::from_coords(file, Rank::First))?;
    }
    let n = number_of(&rank)?;
    let start = start_position(n)?;
    (start.to_setup().board == pos.to_setup().board
        && start.castling_rights() == pos.castling_rights()
        && pos.turn() == Color::White)
        .then_some(n)
}

/// A start position number drawn uniformly from `random` (any 64 random bits: the caller
/// brings the randomness, the core has no I/O).
pub fn number_from_random(random: u64) -> u16 {
    // 2^64 mod 960 leaves a bias below 1e-16: none that a game would see.
    (random % u64::from(COUNT)) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Guidelines II.1: every number gives a legal start rank (king between the rooks,
    /// bishops on opposite colours), all 960 differ, and 518 is the standard position.
    #[test]
    fn guidelines_ii_1_the_960_start_positions() {
        let mut seen = std::collections::HashSet::new();
        for n in 0..COUNT {
            let rank = back_rank(n).unwrap();
            let files = |role| (0..8).filter(|&i| rank[i] == role).collect::<Vec<usize>>();
            let (b, r, k) = (files(Role::Bishop), files(Role::Rook), files(Role::King));
            assert_eq!(b.len(), 2);
            assert_ne!(b[0] % 2, b[1] % 2, "{n}");
            assert!(r[0] < k[0] && k[0] < r[1], "{n}");
            assert_eq!(files(Role::Queen).len(), 1);
            assert_eq!(files(Role::Knight).len(), 2);
            assert!(seen.insert(rank));
            assert_eq!(number_of(&rank), Some(n));
            let pos = start_position(n).unwrap();
            assert_eq!(start_number(&pos), Some(n));
        }
        assert_eq!(
            start_position(STANDARD).unwrap().to_fen(),
            super::super::fen::STARTING_FEN
        );
        assert_eq!(start_position(STANDARD).unwrap(), Position::new());
        assert!(back_rank(960).is_none());
    }
}
