//! Zobrist keys for the repetition of positions, Art. 9.2.3: the same player to move, the
//! same pieces on the same squares, and the same possible moves — castling rights, and an
//! en-passant capture only when one is actually legal (`Position::key` adds that part).

use super::moves::CastleSide;
use super::piece::{Color, Role};
use super::position::CastlingRights;
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
    /// For each right, a key per file of its rook (Chess960); zero for the standard file,
    /// so that a standard position's key does not depend on the variant.
    rook_files: [[u64; 8]; 4],
    en_passant: [u64; 8],
    black_to_move: u64,
}

const fn make_keys() -> Keys {
    let mut keys = Keys {
        pieces: [[0; 64]; 12],
        castling: [0; 16],
        rook_files: [[0; 8]; 4],
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
    let (s, k) = splitmix(state);
    state = s;
    keys.black_to_move = k;
    let mut right = 0;
    while right < 4 {
        let standard = if right % 2 == 0 { 7 } else { 0 };
        let mut file = 0;
        while file < 8 {
            let (s, k) = splitmix(state);
            state = s;
            keys.rook_files[right][file] = if file == standard { 0 } else { k };
            file += 1;
        }
        right += 1;
    }
    keys
}

static KEYS: Keys = make_keys();

#[inline]
pub(crate) fn piece(color: Color, role: Role, sq: Square) -> u64 {
    KEYS.pieces[color.index() * 6 + role.index()][sq.index()]
}

/// The key of a set of castling rights, Art. 9.2.3.2: which rights are held and, in
/// Chess960, the file of each right's rook (two positions with the same pieces differ when
/// a right belongs to another rook).
#[inline]
pub(crate) fn castling(rights: CastlingRights) -> u64 {
    let key = KEYS.castling[rights.bits() as usize];
    if rights.is_standard() {
        key
    } else {
        key ^ chess960_rooks(rights)
    }
}

#[cold]
fn chess960_rooks(rights: CastlingRights) -> u64 {
    let mut key = 0;
    for (i, (color, side)) in [
        (Color::White, CastleSide::King),
        (Color::White, CastleSide::Queen),
        (Color::Black, CastleSide::King),
        (Color::Black, CastleSide::Queen),
    ]
    .into_iter()
    .enumerate()
    {
        if rights.has(color, side) {
            key ^= KEYS.rook_files[i][rights.rook_file(color, side).index()];
        }
    }
    key
}

#[inline]
pub(crate) fn en_passant(file: File) -> u64 {
    KEYS.en_passant[file.index()]
}

#[inline]
pub(crate) fn black_to_move() -> u64 {
    KEYS.black_to_move
}
