//! Zobrist keys for the repetition of positions, Art. 9.2.3: the same player to move, the
//! same pieces on the same squares, and the same possible moves — castling rights, and an
//! en-passant capture only when one is actually legal (`Position::key` adds that part).

use super::piece::{Color, Role};
use super::square::{File, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

struct Keys {
    pieces: [[u64; 64]; 12],
    castling: [u64; 16],
    en_passant: [u64; 8],
    black_to_move: u64,
}

const fn make_keys() -> Keys {
    let mut keys = Keys {
        pieces: [[0; 64]; 12],
        castling: [0; 16],
        en_passant: [0; 8],
        black_to_move: 0,
    };
    let mut state = 0x5EED_E5CA_0000_2023u64;
    let mut p = 0;
    while p < 12 {
        let mut sq = 0;
        while sq < 64 {
            let (s, k) = splitmix(state);
            state = s;
            keys.pieces[p][sq] = k;
            sq += 1;
        }
        p += 1;
    }
    // One key per castling right; a set of rights is the xor of its members.
    let mut single = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let (s, k) = splitmix(state);
        state = s;
        single[i] = k;
        i += 1;
    }
    let mut set = 0;
    while set < 16 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 4 {
            if set & (1 << bit) != 0 {
                k ^= single[bit];
            }
            bit += 1;
        }
        keys.castling[set] = k;
        set += 1;
    }
    let mut f = 0;
    while f < 8 {
        let (s, k) = splitmix(state);
        state = s;
        keys.en_passant[f] = k;
        f += 1;
    }
    let (_, k) = splitmix(state);
    keys.black_to_move = k;
    keys
}

static KEYS: Keys = make_keys();

#[inline]
pub(crate) fn piece(color: Color, role: Role, sq: Square) -> u64 {
    KEYS.pieces[color.index() * 6 + role.index()][sq.index()]
}

/// The key of a set of castling rights (bits as in `CastlingRights`).
#[inline]
pub(crate) fn castling(bits: u8) -> u64 {
    KEYS.castling[(bits & 15) as usize]
}

#[inline]
pub(crate) fn en_passant(file: File) -> u64 {
    KEYS.en_passant[file.index()]
}

#[inline]
pub(crate) fn black_to_move() -> u64 {
    KEYS.black_to_move
}
