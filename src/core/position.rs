//! The position (Art. 2–3): placement, side to move, castling rights, the en-passant
//! square, the halfmove clock and the fullmove number; making and unmaking moves.

use std::fmt;

use super::attacks;
use super::bitboard::Bitboard;
use super::moves::{CastleSide, Move, MoveKind, UciMove};
use super::piece::{Color, Piece, Role};
use super::square::{File, Rank, Square};
use super::zobrist;

/// The castling rights still held (Art. 3.8.2.1): lost for good once the king or that rook
/// has moved, or the rook has been captured. Each right names its rook by the file it
/// stands on, and each side its king's file: a1/h1 and e1 in standard chess, any files of
/// the back rank in Chess960 (Guidelines II.3), where the king stands between its rooks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CastlingRights {
    /// One bit per right (White short, White long, Black short, Black long), and
    /// [`CastlingRights::CHESS960`] when some file differs from standard chess.
    bits: u8,
    /// The rook's file of each right, in the order of the bits.
    rooks: [u8; 4],
    /// The king's file of each side, White first.
    kings: [u8; 2],
}

impl Default for CastlingRights {
    fn default() -> Self {
        CastlingRights::NONE
    }
}

impl CastlingRights {
    pub const NONE: CastlingRights = CastlingRights {
        bits: 0,
        rooks: [7, 0, 7, 0],
        kings: [4, 4],
    };
    pub const ALL: CastlingRights = CastlingRights {
        bits: 15,
        ..CastlingRights::NONE
    };
    /// The flag bit: the files are not those of standard chess.
    const CHESS960: u8 = 16;

    #[inline]
    const fn index(color: Color, side: CastleSide) -> usize {
        color as usize * 2
            + match side {
                CastleSide::King => 0,
                CastleSide::Queen => 1,
            }
    }

    #[inline]
    const fn bit(color: Color, side: CastleSide) -> u8 {
        1 << Self::index(color, side)
    }

    #[inline]
    pub const fn has(self, color: Color, side: CastleSide) -> bool {
        self.bits & Self::bit(color, side) != 0
    }

    /// Gives or takes away a right, keeping the files.
    pub fn set(&mut self, color: Color, side: CastleSide, on: bool) {
        if on {
            self.bits |= Self::bit(color, side);
        } else {
            self.bits &= !Self::bit(color, side);
        }
    }

    /// Gives a right with its rook on `rook` and the king on `king` (Chess960 files, or the
    /// standard ones).
    pub fn grant(&mut self, color: Color, side: CastleSide, king: File, rook: File) {
        self.bits |= Self::bit(color, side);
        self.rooks[Self::index(color, side)] = rook.index() as u8;
        self.kings[color.index()] = king.index() as u8;
        let standard =
            self.rooks == CastlingRights::NONE.rooks && self.kings == CastlingRights::NONE.kings;
        self.bits = (self.bits & 15) | if standard { 0 } else { Self::CHESS960 };
    }

    /// Whether `color` holds either right.
    #[inline]
    pub const fn any_for(self, color: Color) -> bool {
        self.bits & (3 << (color as u8 * 2)) != 0
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.bits & 15 == 0
    }

    /// The rights as four bits: White short, White long, Black short, Black long.
    #[inline]
    pub const fn bits(self) -> u8 {
        self.bits & 15
    }

    /// Whether the king and rook files are those of standard chess (e, h and a).
    #[inline]
    pub const fn is_standard(self) -> bool {
        self.bits & Self::CHESS960 == 0
    }

    /// The square of the rook of a right that is held.
    #[inline]
    pub fn rook(self, color: Color, side: CastleSide) -> Option<Square> {
        self.has(color, side).then(|| {
            Square::from_coords(
                File::new(u32::from(self.rooks[Self::index(color, side)])),
                Rank::First.relative_to(color),
            )
        })
    }

    /// The file of the rook of a right, held or not.
    #[inline]
    pub(crate) fn rook_file(self, color: Color, side: CastleSide) -> File {
        File::new(u32::from(self.rooks[Self::index(color, side)]))
    }

    /// The square of `color`'s king while it holds a right.
    #[inline]
    pub fn king(self, color: Color) -> Square {
        Square::from_coords(
            File::new(u32::from(self.kings[color.index()])),
            Rank::First.relative_to(color),
        )
    }

    /// The rights a move from `from` to `to` leaves (Art. 3.8.2.1): a move from the king's
    /// square takes both of its side's, a move from or onto a rook's square that rook's.
    pub(crate) fn after_move(self, from: Square, to: Square) -> CastlingRights {
        let touched = Bitboard::from_square(from) | to;
        let mut out = self;
        for (color, side, _) in CASTLE_LETTERS {
            if let Some(rook) = self.rook(color, side) {
                if touched.contains(rook) || touched.contains(self.king(color)) {
                    out.set(color, side, false);
                }
            }
        }
        out
    }

    /// The rights in X-FEN form: `KQkq`, a subset of it, `-`, or a rook's file letter
    /// (`HAha` style) where `K` or `Q` would name another rook of `placement`.
    pub fn fen(self) -> String {
        let mut s = String::new();
        super::fen::push_castling(&mut s, self, None, false);
        s
    }
}

/// The FEN letters of the castling rights, in their written order.
pub(crate) const CASTLE_LETTERS: [(Color, CastleSide, char); 4] = [
    (Color::White, CastleSide::King, 'K'),
    (Color::White, CastleSide::Queen, 'Q'),
    (Color::Black, CastleSide::King, 'k'),
    (Color::Black, CastleSide::Queen, 'q'),
];

/// The squares of a castling move in standard chess (Art. 3.8.2): the king from its
/// original square two squares towards the rook, the rook over it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastlePath {
    pub king_from: Square,
    pub king_to: Square,
    pub rook_from: Square,
    pub rook_to: Square,
}

impl CastlePath {
    pub const fn of(color: Color, side: CastleSide) -> CastlePath {
        let rank = match color {
            Color::White => 0,
            Color::Black => 56,
        };
        let (kt, rf, rt) = match side {
            CastleSide::King => (6, 7, 5),
            CastleSide::Queen => (2, 0, 3),
        };
        CastlePath {
            king_from: Square::new(rank + 4),
            king_to: Square::new(rank + kt),
            rook_from: Square::new(rank + rf),
            rook_to: Square::new(rank + rt),
        }
    }

    /// The squares of the castling towards `side` by the rights `rights` (Guidelines
    /// II.3): from the king's and the rook's squares to the standard castling squares, g and
    /// f or c and d. `None` without that right.
    pub fn of_rights(rights: CastlingRights, color: Color, side: CastleSide) -> Option<CastlePath> {
        let rook_from = rights.rook(color, side)?;
        let standard = CastlePath::of(color, side);
        Some(CastlePath {
            king_from: rights.king(color),
            king_to: standard.king_to,
            rook_from,
            rook_to: standard.rook_to,
        })
    }

    /// The squares that must be empty: all between king and rook (Art. 3.8.2.2).
    pub fn must_be_empty(self) -> Bitboard {
        attacks::between(self.king_from, self.rook_from)
    }

    /// The squares that must be empty for castling by the Chess960 rule (Guidelines II.3):
    /// all between the king's start and end and between the rook's start and end, those
    /// ends included, except the squares of the castling king and rook themselves. In
    /// standard chess this is [`CastlePath::must_be_empty`].
    pub fn must_be_vacant(self) -> Bitboard {
        (attacks::between(self.king_from, self.king_to)
            | attacks::between(self.rook_from, self.rook_to))
        .with(self.king_to)
        .with(self.rook_to)
        .without(self.king_from)
        .without(self.rook_from)
    }

    /// The squares that must not be attacked, besides the king's own (which must not be in
    /// check): the square crossed and the destination. In long castling the b-file square
    /// may be attacked.
    pub fn must_be_safe(self) -> Bitboard {
        attacks::between(self.king_from, self.king_to).with(self.king_to)
    }
}

/// Which castling rights a move from or to each square removes (Art. 3.8.2.1).
const fn castle_clear_table() -> [u8; 64] {
    let mut t = [0u8; 64];
    t[Square::E1 as usize] = 0b0011;
    t[Square::H1 as usize] = 0b0001;
    t[Square::A1 as usize] = 0b0010;
    t[Square::E8 as usize] = 0b1100;
    t[Square::H8 as usize] = 0b0100;
    t[Square::A8 as usize] = 0b1000;
    t
}
static CASTLE_CLEAR: [u8; 64] = castle_clear_table();

/// The squares whose [`CASTLE_CLEAR`] entry is not empty: a1, e1, h1, a8, e8, h8.
const CASTLE_SQUARES: Bitboard = Bitboard(0x9100_0000_0000_0091);

/// A legal chess position. It is built only from a validated set-up (`fen`), or by
/// playing moves from one, so its invariants hold: one king of each colour, the side not to
/// move not in check, no pawns on the first or last rank, castling rights backed by king and
/// rook on their original squares, an en-passant square only behind a pawn that has just
/// made its double step.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) by_role: [Bitboard; 6],
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) turn: Color,
    pub(crate) castling: CastlingRights,
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    /// Zobrist key of placement, side to move and castling rights, kept incrementally.
    pub(crate) base_key: u64,
}

/// What a move changed that unmaking it must restore.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    captured: Option<Role>,
    castling: CastlingRights,
    ep_square: Option<Square>,
    halfmoves: u32,
    base_key: u64,
}

/// A move that is not legal in the position it was offered to.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{mv} is not a legal move in {fen}")]
pub struct IllegalMoveError {
    pub mv: Move,
    pub fen: String,
}

impl Default for Position {
    fn default() -> Self {
        Position::new()
    }
}

impl Position {
    /// The standard starting position (Art. 2.3). Built once and copied: every game read
    /// from a file starts from it.
    pub fn new() -> Position {
        static START: std::sync::OnceLock<Position> = std::sync::OnceLock::new();
        *START.get_or_init(Position::build_start)
    }

    fn build_start() -> Position {
        let mut p = Position::empty();
        let back = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Queen,
            Role::King,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        for file in File::ALL {
            let role = back[file.index()];
            p.put(
                Piece::new(Color::White, role),
                Square::from_coords(file, Rank::First),
            );
            p.put(
                Piece::new(Color::White, Role::Pawn),
                Square::from_coords(file, Rank::Second),
            );
            p.put(
                Piece::new(Color::Black, Role::Pawn),
                Square::from_coords(file, Rank::Seventh),
            );
            p.put(
                Piece::new(Color::Black, role),
                Square::from_coords(file, Rank::Eighth),
            );
        }
        p.castling = CastlingRights::ALL;
        p.base_key = p.compute_base_key();
        p
    }

    /// An empty board with White to move; only for building positions inside the core.
    pub(crate) fn empty() -> Position {
        Position {
            by_role: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            turn: Color::White,
            castling: CastlingRights::NONE,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            base_key: 0,
        }
    }

    pub(crate) fn put(&mut self, piece: Piece, sq: Square) {
        self.by_role[piece.role.index()] |= sq;
        self.by_color[piece.color.index()] |= sq;
    }

    pub(crate) fn compute_base_key(&self) -> u64 {
        let mut key = zobrist::castling(self.castling);
        if self.turn == Color::Black {
            key ^= zobrist::black_to_move();
        }
        for sq in self.occupied() {
            if let Some(p) = self.piece_at(sq) {
                key ^= zobrist::piece(p.color, p.role, sq);
            }
        }
        key
    }

    // --- Reading the position -------------------------------------------------------------

    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    #[inline]
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The square a pawn passed over in a double step on the last move, as FEN records it
    /// (whether or not an en-passant capture is possible).
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Halfmoves since the last capture or pawn move (Art. 9.3 counts these).
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmoves
    }

    /// The number of the move to be played, starting at 1 and increased after Black moves.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmoves
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        self.pieces(color, Role::King).lsb()
    }

    /// The role of the piece on `sq`, if any.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq) {
            return None;
        }
        Role::ALL
            .into_iter()
            .find(|r| self.by_role[r.index()].contains(sq))
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let role = self.role_at(sq)?;
        let color = if self.by_color[0].contains(sq) {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(color, role))
    }

    /// The pieces of `by` that attack `sq`, with `occupied` as the blockers (Art. 3.1.3:
    /// a pinned piece still attacks).
    #[inline]
    pub fn attackers_to(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let queens = self.by_role[Role::Queen.index()];
        let diag = self.by_role[Role::Bishop.index()] | queens;
        let orth = self.by_role[Role::Rook.index()] | queens;
        ((attacks::pawn(!by, sq) & self.by_role[Role::Pawn.index()])
            | (attacks::knight(sq) & self.by_role[Role::Knight.index()])
            | (attacks::king(sq) & self.by_role[Role::King.index()])
            | (attacks::bishop(sq, occupied) & diag)
            | (attacks::rook(sq, occupied) & orth))
            & self.by_color[by.index()]
    }

    /// Whether `by` attacks `sq` with `occupied` as the blockers: [`Position::attackers_to`]
    /// is not empty. The rook and bishop tables are asked only when a slider of `by` stands
    /// on a line through `sq` of the empty board, which most squares the king may step to
    /// lack (the generator asks this for each of them).
    #[inline]
    pub(crate) fn attacked_with(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        let theirs = self.by_color[by.index()];
        let leapers = (attacks::pawn(!by, sq) & self.by_role[Role::Pawn.index()])
            | (attacks::knight(sq) & self.by_role[Role::Knight.index()])
            | (attacks::king(sq) & self.by_role[Role::King.index()]);
        if (leapers & theirs).nonempty() {
            return true;
        }
        let queens = self.by_role[Role::Queen.index()];
        let orth = attacks::rook_rays(sq) & (self.by_role[Role::Rook.index()] | queens) & theirs;
        let diag =
            attacks::bishop_rays(sq) & (self.by_role[Role::Bishop.index()] | queens) & theirs;
        (orth.nonempty() && (attacks::rook(sq, occupied) & orth).nonempty())
            || (diag.nonempty() && (attacks::bishop(sq, occupied) & diag).nonempty())
    }

    /// The squares of `zone` that `by` attacks with `occupied` as the blockers, all at once:
    /// the pawns' attacks whole, then each piece's. Cheaper than [`Position::attacked_with`]
    /// square by square when several squares are asked (the king's steps): a lookup per
    /// piece against one test of every kind per square. Every slider is looked up, on a line
    /// through `zone` or not: asking first whether it is cost more time than the lookups it
    /// saved (`adjudicate` on the real games 0.086 → 0.084 s of processor time without the
    /// question, for 1.2 % more instructions), its branch being mispredicted.
    #[inline]
    pub(crate) fn attacked_in(&self, zone: Bitboard, by: Color, occupied: Bitboard) -> Bitboard {
        let theirs = self.by_color[by.index()];
        let role = |r: Role| self.by_role[r.index()] & theirs;
        let mut attacked = attacks::pawns(by, role(Role::Pawn));
        for sq in role(Role::King) {
            attacked |= attacks::king(sq);
        }
        for sq in role(Role::Knight) {
            attacked |= attacks::knight(sq);
        }
        let queens = role(Role::Queen);
        for sq in role(Role::Rook) | queens {
            attacked |= attacks::rook(sq, occupied);
        }
        for sq in role(Role::Bishop) | queens {
            attacked |= attacks::bishop(sq, occupied);
        }
        attacked & zone
    }

    /// Whether `by` attacks `sq`.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.attacked_with(sq, by, self.occupied())
    }

    /// The pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.attackers_to(self.king(self.turn), !self.turn, self.occupied())
    }

    /// The side to move is in check (Art. 3.9.1).
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().nonempty()
    }

    /// The position key for repetitions, Art. 9.2.3: placement, side to move, castling
    /// rights, and the en-passant file only when an en-passant capture is actually legal.
    #[inline]
    pub fn key(&self) -> u64 {
        match self.legal_ep_square() {
            Some(sq) => self.base_key ^ zobrist::en_passant(sq.file()),
            None => self.base_key,
        }
    }

    /// The en-passant square when a legal en-passant capture exists (Art. 9.2.3). Inlined
    /// as far as the question whether a pawn stands beside the one that moved: the key of
    /// every position of a game asks it, and most have no en-passant square or no such pawn.
    #[inline]
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square?;
        let capturers = attacks::pawn(!self.turn, ep) & self.pieces(self.turn, Role::Pawn);
        if capturers.is_empty() {
            return None;
        }
        self.some_ep_capture_is_legal(capturers, ep).then_some(ep)
    }

    /// Whether one of the pawns `capturers` may take en passant onto `ep`.
    #[inline(never)]
    fn some_ep_capture_is_legal(&self, capturers: Bitboard, ep: Square) -> bool {
        let checkers = self.checkers();
        capturers
            .into_iter()
            .any(|from| self.ep_capture_is_legal(from, ep, checkers))
    }

    /// Whether the pawn on `from` may capture en passant onto `ep`: after the capture the
    /// own king must not be in check (Art. 3.9), which also covers the captured pawn and the
    /// capturing one both leaving a rank the king shares with a rook or queen.
    #[inline]
    pub(crate) fn ep_capture_is_legal(&self, from: Square, ep: Square, checkers: Bitboard) -> bool {
        let us = self.turn;
        let them = !us;
        let ksq = self.king(us);
        let captured = Square::from_coords(ep.file(), from.rank());
        let occ = (self.occupied() ^ from ^ captured) | ep;
        let their = self.by_color[them.index()];
        let queens = self.by_role[Role::Queen.index()];
        let diag = (self.by_role[Role::Bishop.index()] | queens) & their;
        let orth = (self.by_role[Role::Rook.index()] | queens) & their;
        let leapers =
            (self.by_role[Role::Knight.index()] | self.by_role[Role::Pawn.index()]) & checkers;
        (attacks::bishop(ksq, occ) & diag).is_empty()
            && (attacks::rook(ksq, occ) & orth).is_empty()
            && leapers.without(captured).is_empty()
    }

    /// Whether moving our piece from `from` to `to` leaves our king unattacked (Art. 3.9),
    /// for a move the piece can otherwise make that is neither castling nor en passant
    /// (those change other squares too). A piece on `to` is captured. The plain definition,
    /// which the tests hold [`Position::legal_among`] to.
    #[cfg(test)]
    pub(crate) fn king_safe_after(&self, from: Square, to: Square) -> bool {
        let us = self.turn;
        let king = self.king(us);
        let ksq = if king == from { to } else { king };
        let occ = (self.occupied() ^ from) | to;
        self.attackers_to(ksq, !us, occ).without(to).is_empty()
    }

    /// Whether the legal move `mv` gives check, without playing it: `None` for castling and
    /// en passant (the caller plays those). The moved piece attacks the king from its new
    /// square, or a slider of the mover's attacks it through the square just left (no
    /// other piece of the mover can: before the move the opponent was not in check).
    pub(crate) fn gives_check(&self, mv: Move) -> Option<bool> {
        let role = match mv.kind {
            MoveKind::Normal => self.role_at(mv.from)?,
            MoveKind::Promotion(role) => role,
            MoveKind::Castle | MoveKind::EnPassant => return None,
        };
        let us = self.turn;
        let king = self.king(!us);
        let occ = (self.occupied() ^ mv.from) | mv.to;
        if attacks::attacks(us, role, mv.to, occ).contains(king) {
            return Some(true);
        }
        let ours = self.by_color(us).without(mv.from);
        let queens = self.by_role(Role::Queen);
        let diag = (self.by_role(Role::Bishop) | queens) & ours;
        let orth = (self.by_role(Role::Rook) | queens) & ours;
        Some(
            (attacks::bishop(king, occ) & diag).nonempty()
                || (attacks::rook(king, occ) & orth).nonempty(),
        )
    }

    /// The knights and pawns of `by` that attack `sq` (the leapers that can give check: the
    /// king never does in a legal position).
    #[inline(always)]
    fn leapers_on(&self, sq: Square, by: Color) -> Bitboard {
        ((attacks::knight(sq) & self.by_role[Role::Knight.index()])
            | (attacks::pawn(!by, sq) & self.by_role[Role::Pawn.index()]))
            & self.by_color[by.index()]
    }

    /// The rooks, bishops and queens of `by` on the lines of `sq` of an empty board, each
    /// along a line it moves on: the pieces that give check on `sq`, or pin a piece to it,
    /// depending on what stands between.
    #[inline(always)]
    pub(crate) fn snipers(&self, sq: Square, by: Color) -> Bitboard {
        let queens = self.by_role[Role::Queen.index()];
        ((attacks::rook_rays(sq) & (self.by_role[Role::Rook.index()] | queens))
            | (attacks::bishop_rays(sq) & (self.by_role[Role::Bishop.index()] | queens)))
            & self.by_color[by.index()]
    }

    /// The checks on the side to move's king on `ksq` and its own pieces pinned to it, told
    /// together: both come from the opponent's sliders on the king's lines of an empty board
    /// (none between: a check; one piece of ours between: a pin), and the leapers only give
    /// checks. The king itself never gives check in a legal position.
    #[inline]
    pub(crate) fn checks_and_pins(&self, ksq: Square) -> (Bitboard, Bitboard) {
        let us = self.turn;
        let occ = self.occupied();
        let snipers = self.snipers(ksq, !us);
        let mut checkers = self.leapers_on(ksq, !us);
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let blockers = attacks::between(ksq, s) & occ;
            if blockers.is_empty() {
                checkers |= s;
            } else if !blockers.more_than_one() {
                pinned |= blockers;
            }
        }
        (checkers, pinned & self.by_color[us.index()])
    }

    /// The squares of the side to move's pieces of kind `role` that could move to `to` by
    /// their own movement, the king's safety aside (for a pawn: a capture onto an enemy
    /// piece, or its one or two steps onto an empty square). `None` for a pawn when `to` is
    /// the en-passant square: the caller asks the generator then.
    #[inline(always)]
    pub(crate) fn origins(&self, role: Role, to: Square) -> Option<Bitboard> {
        let us = self.turn;
        let ours = self.by_color(us);
        if ours.contains(to) {
            return Some(Bitboard::EMPTY);
        }
        let occ = self.occupied();
        Some(match role {
            Role::Pawn => {
                if self.ep_square == Some(to) {
                    return None;
                }
                let pawns = self.pieces(us, Role::Pawn);
                if occ.contains(to) {
                    attacks::pawn(!us, to) & pawns
                } else {
                    // One step back from `to`, or two from the fourth rank over an empty
                    // square (Art. 3.7.1, 3.7.2).
                    let back = |b: Bitboard| b.ahead(!us);
                    let one = back(Bitboard::from_square(to));
                    if (one & pawns).nonempty() {
                        one & pawns
                    } else if (one & occ).is_empty() && to.rank() == Rank::Fourth.relative_to(us) {
                        back(one) & pawns
                    } else {
                        Bitboard::EMPTY
                    }
                }
            }
            Role::Knight => attacks::knight(to) & self.pieces(us, role),
            Role::Bishop => attacks::bishop(to, occ) & self.pieces(us, role),
            Role::Rook => attacks::rook(to, occ) & self.pieces(us, role),
            Role::Queen => attacks::queen(to, occ) & self.pieces(us, role),
            Role::King => attacks::king(to) & self.pieces(us, role),
        })
    }

    /// Of `origins` (from [`Position::origins`], for pieces of kind `role`), those whose
    /// move to `to` leaves their king unattacked (Art. 3.9). Not the king: a knight or pawn
    /// giving check must be the piece taken on `to`, and of the opponent's rooks, bishops
    /// and queens on the king's lines (of an empty board) each one not taken must have a
    /// piece between it and the king once the piece has left its square and stands on `to`,
    /// which asks no attack table (most origins face none or one of them). The king: `to`
    /// must not be attacked with the king gone from its square (it would not block a line
    /// through it).
    #[inline(always)]
    pub(crate) fn legal_among(&self, origins: Bitboard, role: Role, to: Square) -> Bitboard {
        if origins.is_empty() {
            return origins;
        }
        let us = self.turn;
        let ksq = self.king(us);
        let occ = self.occupied();
        if role == Role::King {
            return if !self.attacked_with(to, !us, occ ^ ksq) {
                origins
            } else {
                Bitboard::EMPTY
            };
        }
        if self.leapers_on(ksq, !us).without(to).nonempty() {
            return Bitboard::EMPTY;
        }
        let snipers = self.snipers(ksq, !us).without(to);
        if snipers.is_empty() {
            return origins;
        }
        let mut legal = Bitboard::EMPTY;
        for from in origins {
            let after = (occ ^ from) | to;
            if snipers
                .into_iter()
                .all(|s| (attacks::between(ksq, s) & after).nonempty())
            {
                legal |= from;
            }
        }
        legal
    }

    /// The squares of the side to move's pieces of kind `role` that have a legal move to
    /// `to` other than castling, found by looking back from `to` along the piece's own
    /// lines (the moves of one kind to one square, without generating every move). `None`
    /// for a pawn when `to` is the en-passant square: the caller asks the generator then.
    pub(crate) fn legal_origins(&self, role: Role, to: Square) -> Option<Bitboard> {
        Some(self.legal_among(self.origins(role, to)?, role, to))
    }

    // --- Making and unmaking moves ----------------------------------------------------------

    #[inline]
    fn toggle(&mut self, color: Color, role: Role, sq: Square) {
        self.by_role[role.index()] ^= sq;
        self.by_color[color.index()] ^= sq;
        self.base_key ^= zobrist::piece(color, role, sq);
    }

    /// The square of the piece a move captures, and its role.
    #[inline]
    fn capture_of(&self, mv: Move) -> Option<(Square, Role)> {
        match mv.kind {
            MoveKind::EnPassant => Some((
                Square::from_coords(mv.to.file(), mv.from.rank()),
                Role::Pawn,
            )),
            MoveKind::Castle => None,
            _ => {
                if self.by_color[(!self.turn).index()].contains(mv.to) {
                    self.role_at(mv.to).map(|r| (mv.to, r))
                } else {
                    None
                }
            }
        }
    }

    /// Moves the piece of `color` and `role` from `from` to the empty square `to`.
    #[inline]
    fn shift(&mut self, color: Color, role: Role, from: Square, to: Square) {
        let squares = Bitboard::from_square(from) | to;
        self.by_role[role.index()] ^= squares;
        self.by_color[color.index()] ^= squares;
        self.base_key ^= zobrist::piece(color, role, from) ^ zobrist::piece(color, role, to);
    }

    /// The role of the piece on `sq`, which must be occupied (a king otherwise).
    #[inline]
    fn role_on(&self, sq: Square) -> Role {
        let [pawns, knights, bishops, rooks, queens, _] = self.by_role;
        if pawns.contains(sq) {
            Role::Pawn
        } else if knights.contains(sq) {
            Role::Knight
        } else if bishops.contains(sq) {
            Role::Bishop
        } else if rooks.contains(sq) {
            Role::Rook
        } else if queens.contains(sq) {
            Role::Queen
        } else {
            Role::King
        }
    }

    /// Takes the opponent's piece off `to`, if one stands there (a capture, Art. 3.1.1).
    #[inline]
    fn take_on(&mut self, them: Color, to: Square) {
        if self.by_color[them.index()].contains(to) {
            let role = self.role_on(to);
            self.toggle(them, role, to);
            self.halfmoves = 0;
        }
    }

    /// Plays a move without checking that it is legal: for the generator's own moves, and
    /// moves already checked. An illegal move here leaves the position meaningless (but never
    /// makes the program unsafe). It is played by every replayed ply and every node of the
    /// searches, so it touches only what the move changes: the key is updated along with the
    /// pieces, and the castling rights only when a move starts or ends on a king's or rook's
    /// original square while some are held.
    #[inline(always)]
    pub fn play_unchecked(&mut self, mv: Move) {
        let us = self.turn;
        let (from, to) = (mv.from, mv.to);
        match mv.kind {
            MoveKind::Normal => self.play_piece(self.role_on(from), from, to, None),
            MoveKind::Promotion(role) => self.play_piece(Role::Pawn, from, to, Some(role)),
            MoveKind::EnPassant => {
                self.toggle(!us, Role::Pawn, Square::from_coords(to.file(), from.rank()));
                self.shift(us, Role::Pawn, from, to);
                self.ep_square = None;
                self.halfmoves = 0;
                self.hand_over(us, from, to);
            }
            MoveKind::Castle => {
                let side = if to.file() == File::G {
                    CastleSide::King
                } else {
                    CastleSide::Queen
                };
                if self.castling.is_standard() {
                    let path = CastlePath::of(us, side);
                    self.shift(us, Role::King, path.king_from, path.king_to);
                    self.shift(us, Role::Rook, path.rook_from, path.rook_to);
                } else {
                    self.castle_pieces(us, side, self.castling);
                }
                self.ep_square = None;
                self.halfmoves += 1;
                self.hand_over(us, from, to);
            }
        }
    }

    /// [`Position::play_unchecked`] of a move of our piece of kind `role` (the mover knows
    /// it): a normal move or a promotion is played without looking at the board for the
    /// piece, a look whose branches on the kind the searches of `core::dead` mispredict.
    #[inline(always)]
    pub(crate) fn play_by(&mut self, role: Role, mv: Move) {
        match mv.kind {
            MoveKind::Normal => self.play_piece(role, mv.from, mv.to, None),
            MoveKind::Promotion(promoted) => {
                self.play_piece(Role::Pawn, mv.from, mv.to, Some(promoted))
            }
            _ => self.play_unchecked(mv),
        }
    }

    /// A move or capture of our piece of kind `role` from `from` to `to`, or a pawn's
    /// promotion to `promotion`: every move but castling and en passant, played by
    /// [`Position::play_unchecked`] once it has looked at the board for the piece. A move read
    /// from its notation names its piece ([`crate::core::san::play_move`]): every replayed ply
    /// comes here straight, without the look and without asking the move's kind.
    #[inline(always)]
    pub(crate) fn play_piece(
        &mut self,
        role: Role,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) {
        let us = self.turn;
        self.halfmoves += 1;
        self.take_on(!us, to);
        // The piece leaves `from` and, promoted or not, arrives on `to`.
        let arrives = promotion.unwrap_or(role);
        self.by_color[us.index()] ^= Bitboard::from_square(from) | to;
        self.by_role[role.index()] ^= from;
        self.by_role[arrives.index()] ^= to;
        self.base_key ^= zobrist::piece(us, role, from) ^ zobrist::piece(us, arrives, to);
        // A pawn move resets the clock (Art. 9.3); its double step leaves the square passed
        // over for en passant (the squares differ by 16 exactly when they differ only in
        // bit 4).
        let pawn = role == Role::Pawn;
        if pawn {
            self.halfmoves = 0;
        }
        let double = pawn && (from as u32 ^ to as u32) == 16;
        self.ep_square = double.then_some(Square::new((from as u32 + to as u32) / 2));
        self.hand_over(us, from, to);
    }

    /// The end of every move by `us` from `from` to `to`: the castling rights a move from or
    /// to a king's or rook's original square removes (Art. 3.8.2.1), the move number, and
    /// the turn passes to the opponent.
    #[inline(always)]
    fn hand_over(&mut self, us: Color, from: Square, to: Square) {
        if !self.castling.is_empty() {
            if !self.castling.is_standard() {
                self.castling_after_960(from, to);
            } else if (CASTLE_SQUARES & (Bitboard::from(from) | to)).nonempty() {
                let old = self.castling;
                let mut new = old;
                new.bits &= !(CASTLE_CLEAR[from.index() & 63] | CASTLE_CLEAR[to.index() & 63]);
                self.castling = new;
                self.base_key ^= zobrist::castling(old) ^ zobrist::castling(new);
            }
        }
        // The move number goes up after Black's move: added without a branch, which would
        // mispredict on every other ply.
        self.fullmoves += us as u32;
        self.turn = !us;
        self.base_key ^= zobrist::black_to_move();
    }

    /// The castling rights after a move from `from` to `to` when their files are not those
    /// of standard chess (Chess960): the table of [`Position::hand_over`] is for a1, e1, h1.
    #[cold]
    #[inline(never)]
    fn castling_after_960(&mut self, from: Square, to: Square) {
        let old = self.castling;
        let new = old.after_move(from, to);
        if new != old {
            self.castling = new;
            self.base_key ^= zobrist::castling(old) ^ zobrist::castling(new);
        }
    }

    /// The castling of `us` towards `side`, played (Guidelines II.3: the king and the rook
    /// may stand on each other's squares, or already on their own; both leave, then both
    /// arrive).
    #[inline]
    fn castle_pieces(&mut self, us: Color, side: CastleSide, rights: CastlingRights) {
        let path = CastlePath::of_rights(rights, us, side).unwrap_or(CastlePath::of(us, side));
        self.toggle(us, Role::King, path.king_from);
        self.toggle(us, Role::Rook, path.rook_from);
        self.toggle(us, Role::King, path.king_to);
        self.toggle(us, Role::Rook, path.rook_to);
    }

    /// Passes the move to the other side without moving ("null move", `--` in PGN). Not a
    /// legal move of chess (Art. 1.2 and 3): for reading recorded analysis only. `None` when
    /// the side to move is in check, where passing would leave the king in check.
    pub fn play_null(&self) -> Option<Position> {
        if self.is_check() {
            return None;
        }
        let mut p = *self;
        p.ep_square = None;
        p.halfmoves += 1;
        if p.turn == Color::Black {
            p.fullmoves += 1;
        }
        p.turn = !p.turn;
        p.base_key ^= zobrist::black_to_move();
        Some(p)
    }

    /// Plays a move without checking it, returning what [`Position::undo`] needs to take it
    /// back.
    #[inline]
    pub fn make(&mut self, mv: Move) -> Undo {
        let undo = Undo {
            captured: self.capture_of(mv).map(|(_, r)| r),
            castling: self.castling,
            ep_square: self.ep_square,
            halfmoves: self.halfmoves,
            base_key: self.base_key,
        };
        self.play_unchecked(mv);
        undo
    }

    /// Takes back `mv`, which must be the last move made with [`Position::make`].
    pub fn undo(&mut self, mv: Move, undo: Undo) {
        let them = self.turn;
        let us = !them;
        match mv.kind {
            MoveKind::Normal => {
                let role = self.role_at(mv.to).unwrap_or(Role::Pawn);
                self.toggle(us, role, mv.to);
                self.toggle(us, role, mv.from);
            }
            MoveKind::EnPassant => {
                self.toggle(us, Role::Pawn, mv.to);
                self.toggle(us, Role::Pawn, mv.from);
            }
            MoveKind::Promotion(role) => {
                self.toggle(us, role, mv.to);
                self.toggle(us, Role::Pawn, mv.from);
            }
            MoveKind::Castle => {
                let side = mv.castle_side().unwrap_or(CastleSide::King);
                let path = CastlePath::of_rights(undo.castling, us, side)
                    .unwrap_or(CastlePath::of(us, side));
                self.toggle(us, Role::King, path.king_to);
                self.toggle(us, Role::Rook, path.rook_to);
                self.toggle(us, Role::King, path.king_from);
                self.toggle(us, Role::Rook, path.rook_from);
            }
        }
        if let Some(role) = undo.captured {
            let sq = if mv.is_en_passant() {
                Square::from_coords(mv.to.file(), mv.from.rank())
            } else {
                mv.to
            };
            self.toggle(them, role, sq);
        }
        if us == Color::Black {
            self.fullmoves -= 1;
        }
        self.turn = us;
        self.castling = undo.castling;
        self.ep_square = undo.ep_square;
        self.halfmoves = undo.halfmoves;
        self.base_key = undo.base_key;
    }

    /// Whether `mv` is legal here (Art. 3.1–3.9).
    pub fn is_legal(&self, mv: Move) -> bool {
        // A plain move or a promotion: the piece's own lines back from the target square
        // say it (castling and en passant are left to the generator).
        let promotion = match mv.kind {
            MoveKind::Normal => Some(None),
            MoveKind::Promotion(role) => Some(Some(role)),
            _ => None,
        };
        if let Some(promotion) = promotion {
            if !self.by_color(self.turn).contains(mv.from) {
                return false;
            }
            let role = self.role_at(mv.from).unwrap_or(Role::Pawn);
            if let Some(origins) = self.legal_origins(role, mv.to) {
                let promotes = role == Role::Pawn && Bitboard::BACK_RANKS.contains(mv.to);
                let kind_fits = match promotion {
                    None => !promotes,
                    Some(p) => promotes && Role::PROMOTIONS.contains(&p),
                };
                return kind_fits && origins.contains(mv.from);
            }
        }
        self.is_legal_by_generator(mv)
    }

    /// [`Position::is_legal`] by the move generator.
    fn is_legal_by_generator(&self, mv: Move) -> bool {
        let mut found = false;
        self.generate_moves(|pm| {
            if pm.from == mv.from && pm.to.contains(mv.to) {
                found = pm.into_iter().any(|m| m == mv);
            }
            found
        });
        found
    }

    /// Plays a legal move, or says why not (Art. 3.10: an illegal move is refused).
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        if self.is_legal(mv) {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(IllegalMoveError {
                mv,
                fen: self.to_fen(),
            })
        }
    }

    /// The position after a legal move, or why the move is not legal.
    pub fn after(&self, mv: Move) -> Result<Position, IllegalMoveError> {
        let mut p = *self;
        p.play(mv)?;
        Ok(p)
    }

    /// The legal move that UCI text describes here, if there is one. Castling is the
    /// king's move to its castling square (`e1g1`) or, as UCI writes it in Chess960, the
    /// king taking its own rook (`e1h1`); where the king's castling square is also a plain
    /// king move (Chess960: king on f1, g1 empty), the text is that plain move.
    pub fn uci_to_move(&self, uci: UciMove) -> Option<Move> {
        let mut found = None;
        self.generate_moves(|pm| {
            if pm.from == uci.from && pm.to.contains(uci.to) {
                found = pm
                    .into_iter()
                    .find(|m| m.to == uci.to && m.promotion() == uci.promotion);
            }
            found.is_some()
        });
        if found.is_some() || uci.promotion.is_some() {
            return found;
        }
        // The king taking its own rook.
        let us = self.turn;
        if self.by_color(us).contains(uci.to) && uci.from == self.king(us) {
            for side in [CastleSide::King, CastleSide::Queen] {
                if self.castling.rook(us, side) == Some(uci.to) {
                    return self.castle_move(side);
                }
            }
        }
        None
    }

    /// The UCI text of a legal move: castling as the king's move to g1 or c1 (`e1g1`), or,
    /// with `chess960` set (the engine's `UCI_Chess960` option), as the king taking its own
    /// rook (`e1h1`), which is the only unambiguous form when the king may start anywhere.
    pub fn uci(&self, mv: Move, chess960: bool) -> UciMove {
        let mut uci = mv.uci();
        if chess960 {
            if let Some(rook) = mv
                .castle_side()
                .and_then(|side| self.castling.rook(self.turn, side))
            {
                uci.to = rook;
            }
        }
        uci
    }

    /// The castling move of the side to move towards `side`, if it is legal (Art. 3.8.2,
    /// Guidelines II.3).
    pub fn castling_move(&self, side: CastleSide) -> Option<Move> {
        self.castle_move(side)
    }

    /// The square of the rook that castles with the legal castling move `mv` (the king's
    /// "capture" of its own rook in Chess960 UCI and in a board that lets the king be
    /// dropped on its rook).
    pub fn castling_rook(&self, mv: Move) -> Option<Square> {
        self.castling.rook(self.turn, mv.castle_side()?)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl fmt::Display for Position {
    /// The board as eight lines of FEN letters (`.` for empty squares), rank 8 first,
    /// followed by the FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let sq = Square::from_coords(file, *rank);
                let c = self.piece_at(sq).map_or('.', Piece::fen_char);
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "{}", self.to_fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Art. 3.1–3.9: the targeted legality test agrees with the move generator on every
    /// plain move, promotion (to every role, so also the impossible ones) and made-up move
    /// from every square to every square, in positions of seeded random games.
    #[test]
    fn art_3_targeted_legality_test_is_the_generator_s() {
        let mut seed = 0x0123_4567_89ab_cdefu64;
        let mut checked = 0;
        for game in 0..12 {
            let mut pos = Position::new();
            for ply in 0..220 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                if ply % 9 == game % 9 {
                    for from in Square::ALL {
                        for to in Square::ALL {
                            let kinds = [
                                MoveKind::Normal,
                                MoveKind::Promotion(Role::Queen),
                                MoveKind::Promotion(Role::Knight),
                                MoveKind::Promotion(Role::King),
                                MoveKind::Promotion(Role::Pawn),
                            ];
                            for kind in kinds {
                                let mv = Move::new(from, to, kind);
                                assert_eq!(
                                    pos.is_legal(mv),
                                    pos.is_legal_by_generator(mv),
                                    "{mv:?} in {}",
                                    pos.to_fen()
                                );
                                checked += 1;
                            }
                        }
                    }
                    for &mv in moves.iter() {
                        assert!(pos.is_legal(mv), "{mv:?} in {}", pos.to_fen());
                    }
                }
                crate::core::testing::xorshift(&mut seed);
                pos.play_unchecked(moves[(seed % moves.len() as u64) as usize]);
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    /// Art. 3.9: the origins found legal by the pins and checks told once per position
    /// ([`Position::legal_among`]) are those whose move leaves the king unattacked on the
    /// board after it, for every role and every arrival square of positions of seeded random
    /// games (many of them in check).
    #[test]
    fn art_3_9_legal_origins_leave_the_king_unattacked() {
        let (mut origins, mut in_check) = (0, 0);
        for pos in crate::core::testing::random_positions(40, 300, 0x3c6e_f372_fe94_f82b) {
            in_check += usize::from(pos.is_check());
            for role in Role::ALL {
                for to in Square::ALL {
                    let Some(candidates) = pos.origins(role, to) else {
                        continue;
                    };
                    let plain: Bitboard = candidates
                        .into_iter()
                        .filter(|&from| pos.king_safe_after(from, to))
                        .collect();
                    assert_eq!(
                        pos.legal_origins(role, to),
                        Some(plain),
                        "{role:?} to {to:?} in {}",
                        pos.to_fen()
                    );
                    origins += plain.count();
                }
            }
        }
        assert!(origins > 100_000 && in_check > 500, "{origins} {in_check}");
    }

    /// Art. 3.1.3, 3.8.1: whether a square is attacked, told by the leapers and the tables
    /// of only the sliders that stand on its lines, is whether it has attackers, for every
    /// square and both sides, with the board as it is and with each king taken off it; and
    /// the squares of a zone attacked all at once ([`Position::attacked_in`], for the zone
    /// round each king and for each square alone) are those.
    #[test]
    fn art_3_8_1_attacked_squares_are_those_with_attackers() {
        let mut attacked = 0;
        for pos in crate::core::testing::random_positions(30, 250, 0x1f83_d9ab_fb41_bd6b) {
            for by in Color::ALL {
                for occ in [pos.occupied(), pos.occupied() ^ pos.king(!by)] {
                    let mut all = Bitboard::EMPTY;
                    for sq in Square::ALL {
                        let plain = pos.attackers_to(sq, by, occ).nonempty();
                        assert_eq!(pos.attacked_with(sq, by, occ), plain, "{sq:?} {pos:?}");
                        let one = Bitboard::from_square(sq);
                        assert_eq!(pos.attacked_in(one, by, occ).nonempty(), plain);
                        if plain {
                            all |= sq;
                        }
                        attacked += usize::from(plain);
                    }
                    assert_eq!(pos.attacked_in(Bitboard::FULL, by, occ), all, "{pos:?}");
                    for king in [pos.king(by), pos.king(!by)] {
                        let zone = attacks::king(king);
                        assert_eq!(pos.attacked_in(zone, by, occ), all & zone, "{pos:?}");
                    }
                }
            }
        }
        assert!(attacked > 100_000, "{attacked}");
    }

    /// Art. 3–3.8: playing a move changes only what it changes: the key kept along the
    /// moves is the one computed from the position, and the castling rights are those the
    /// moves of the king and rooks (and captures on their squares) leave.
    #[test]
    fn art_3_8_2_1_play_keeps_the_key_and_the_castling_rights() {
        for pos in crate::core::testing::random_positions(30, 250, 0x510e_527f_ade6_82d1) {
            for &mv in pos.legal_moves().iter() {
                let mut after = pos;
                after.play_unchecked(mv);
                assert_eq!(after.base_key, after.compute_base_key(), "{mv:?} {pos:?}");
                let mut rights = pos.castling;
                for sq in [mv.from, mv.to] {
                    rights.bits &= !CASTLE_CLEAR[sq.index()];
                }
                assert_eq!(pos.castling.after_move(mv.from, mv.to), rights);
                assert_eq!(after.castling, rights, "{mv:?} {pos:?}");
                let mut back = pos;
                let undo = back.make(mv);
                back.undo(mv, undo);
                assert_eq!(back, pos);
            }
        }
    }

    /// Art. 3.1–3.7: a move played knowing its piece ([`Position::play_by`], as the searches
    /// play it) leaves the position `play_unchecked` leaves, for every legal move of seeded
    /// random games (castling, en passant and promotions among them).
    #[test]
    fn art_3_play_by_the_known_piece_is_play_unchecked() {
        // Normal moves, promotions, en passant, castling.
        let mut kinds = [0usize; 4];
        for pos in crate::core::testing::random_positions(30, 250, 0x3c6e_f372_fe94_f82b) {
            pos.generate_moves(|pm| {
                for mv in pm {
                    let (mut by, mut looked) = (pos, pos);
                    by.play_by(pm.role, mv);
                    looked.play_unchecked(mv);
                    assert_eq!(by, looked, "{mv:?} in {}", pos.to_fen());
                    kinds[match mv.kind {
                        MoveKind::Normal => 0,
                        MoveKind::Promotion(_) => 1,
                        MoveKind::EnPassant => 2,
                        MoveKind::Castle => 3,
                    }] += 1;
                }
                false
            });
        }
        assert!(
            kinds[0] > 100_000 && kinds[1..].iter().all(|&n| n > 0),
            "{kinds:?}"
        );
    }

    /// Art. 3.9.1: whether a move gives check, told without playing it, is what the
    /// position after it says, for every legal move of seeded random games.
    #[test]
    fn art_3_9_1_gives_check_without_playing_the_move() {
        let (mut told, mut checks) = (0, 0);
        for pos in crate::core::testing::random_positions(40, 300, 0xbb67_ae85_84ca_a73b) {
            for &mv in pos.legal_moves().iter() {
                let mut after = pos;
                after.play_unchecked(mv);
                if let Some(check) = pos.gives_check(mv) {
                    assert_eq!(check, after.is_check(), "{mv:?} in {}", pos.to_fen());
                    told += 1;
                    checks += usize::from(check);
                }
            }
        }
        assert!(told > 100_000 && checks > 1000, "{told} {checks}");
    }
}
