//! Legal move generation, Art. 3.1–3.9.
//!
//! The generator hands out the moves grouped by piece ([`PieceMoves`]: one origin, a set of
//! destinations), which lets perft count the leaves with a population count instead of
//! making every move, and never allocates. Legality is built in: pins restrict a piece to
//! the line through its king, a check restricts the others to capturing the checker or
//! blocking, the king never steps onto an attacked square, castling follows 3.8.2 and en
//! passant is tested by looking at the board after the capture.

use super::attacks;
use super::bitboard::Bitboard;
use super::moves::{CastleSide, Move, MoveKind, MoveList};
use super::piece::{Color, Role};
use super::position::{CastlePath, Position};
use super::square::{File, Rank, Square};

/// The legal moves of one piece: its origin and the destinations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceMoves {
    pub role: Role,
    pub from: Square,
    pub to: Bitboard,
    /// The en-passant square when `to` holds an en-passant capture.
    pub en_passant: Option<Square>,
    /// Chess960 castling (Guidelines II.3): `to` holds the king's castling squares, g1 or
    /// c1 (which a plain king move may also reach, or the king already stand on). The king's
    /// castling then comes in its own `PieceMoves`, after its other moves. In standard
    /// chess castling is the king's two-square move among its others, and this is `false`.
    pub castling: bool,
}

impl PieceMoves {
    /// The moves of the piece of `role` (not a pawn) on `from` to `to`, none a castling.
    #[inline]
    pub fn plain(role: Role, from: Square, to: Bitboard) -> PieceMoves {
        PieceMoves {
            role,
            from,
            to,
            en_passant: None,
            castling: false,
        }
    }

    /// Whether the destinations are on the last rank for a pawn (each one four moves).
    #[inline]
    fn promotes(&self) -> bool {
        // A pawn's destinations all lie on the rank ahead of it.
        self.role == Role::Pawn && (self.to & Bitboard::BACK_RANKS).nonempty()
    }

    /// The number of moves, counting each promotion square four times (Art. 3.7.3.3).
    #[inline]
    pub fn len(&self) -> usize {
        let n = self.to.count() as usize;
        if self.promotes() { n * 4 } else { n }
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.to.is_empty()
    }
}

/// The moves of a [`PieceMoves`], one by one.
pub struct PieceMovesIter {
    pm: PieceMoves,
    promo: usize,
}

impl Iterator for PieceMovesIter {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        let to = self.pm.to.first()?;
        let from = self.pm.from;
        let kind = if self.pm.role == Role::Pawn {
            if self.pm.promotes() {
                let role = Role::PROMOTIONS[self.promo];
                self.promo += 1;
                if self.promo == 4 {
                    self.promo = 0;
                    self.pm.to = self.pm.to.without(to);
                }
                return Some(Move::new(from, to, MoveKind::Promotion(role)));
            } else if Some(to) == self.pm.en_passant {
                MoveKind::EnPassant
            } else {
                MoveKind::Normal
            }
        } else if self.pm.castling
            || (self.pm.role == Role::King && from.file().index().abs_diff(to.file().index()) == 2)
        {
            MoveKind::Castle
        } else {
            MoveKind::Normal
        };
        self.pm.to = self.pm.to.without(to);
        Some(Move::new(from, to, kind))
    }
}

impl IntoIterator for PieceMoves {
    type Item = Move;
    type IntoIter = PieceMovesIter;

    fn into_iter(self) -> PieceMovesIter {
        PieceMovesIter { pm: self, promo: 0 }
    }
}

impl Position {
    /// Calls `visit` with the legal moves of each piece that has any; stops early, returning
    /// `true`, when `visit` returns `true`.
    #[inline(always)]
    pub fn generate_moves(&self, mut visit: impl FnMut(PieceMoves) -> bool) -> bool {
        let us = self.turn;
        let them = !us;
        let our = self.by_color(us);
        let their = self.by_color(them);
        let occ = our | their;
        let ksq = self.king(us);
        let (checkers, pinned) = self.checks_and_pins(ksq);

        // The king (Art. 3.8.1), then castling.
        let mut king_to = self.king_steps_from(ksq, our, them, occ);
        // Castling (Art. 3.8.2): not out of, through or into check; nothing in between.
        let mut castles = Bitboard::EMPTY;
        if checkers.is_empty() && self.castling.any_for(us) && !self.castling.is_standard() {
            castles = self.castles_960(us, ksq, occ);
        } else if checkers.is_empty() && self.castling.any_for(us) {
            for side in [CastleSide::King, CastleSide::Queen] {
                if self.castling.has(us, side) {
                    let path = CastlePath::of(us, side);
                    if (path.must_be_empty() & occ).is_empty()
                        && path
                            .must_be_safe()
                            .into_iter()
                            .all(|sq| !self.attacked_with(sq, them, occ))
                    {
                        king_to |= path.king_to;
                    }
                }
            }
        }
        if king_to.nonempty()
            && visit(PieceMoves {
                role: Role::King,
                from: ksq,
                to: king_to,
                en_passant: None,
                castling: false,
            })
        {
            return true;
        }
        if castles.nonempty()
            && visit(PieceMoves {
                role: Role::King,
                from: ksq,
                to: castles,
                en_passant: None,
                castling: true,
            })
        {
            return true;
        }
        self.generate_piece_moves(ksq, checkers, pinned, &mut visit)
    }

    /// The squares the king of the side to move can step to (Art. 3.8.1), castling left
    /// out: the king's moves of [`Position::generate_moves`] when the side to move has no
    /// castling right.
    #[inline]
    pub fn king_steps(&self) -> Bitboard {
        let us = self.turn;
        let our = self.by_color(us);
        self.king_steps_from(self.king(us), our, !us, self.occupied())
    }

    /// The king's steps from `ksq` (the king of the side whose pieces are `our`, `them` the
    /// other side, `occ` every piece): never onto an attacked square, the king itself not
    /// blocking.
    #[inline(always)]
    fn king_steps_from(&self, ksq: Square, our: Bitboard, them: Color, occ: Bitboard) -> Bitboard {
        let steps = attacks::king(ksq) & !our;
        if steps.is_empty() {
            return steps;
        }
        steps & !self.attacked_in(steps, them, occ ^ ksq)
    }

    /// The part of [`Position::generate_moves`] after the king: the moves of the other
    /// pieces, given the checks and pins of the king on `ksq`.
    #[inline(always)]
    fn generate_piece_moves(
        &self,
        ksq: Square,
        checkers: Bitboard,
        pinned: Bitboard,
        visit: &mut impl FnMut(PieceMoves) -> bool,
    ) -> bool {
        let us = self.turn;
        let them = !us;
        let our = self.by_color(us);
        let their = self.by_color(them);
        let occ = our | their;
        // In double check only the king moves (Art. 3.9).
        if checkers.more_than_one() {
            return false;
        }
        let target = match checkers.first() {
            Some(c) => attacks::between(ksq, c).with(c),
            None => Bitboard::FULL,
        } & !our;
        // A pinned piece can neither capture a single checker nor block it.
        let movable = if checkers.nonempty() {
            our & !pinned
        } else {
            our
        };

        for from in self.by_role(Role::Knight) & movable & !pinned {
            let to = attacks::knight(from) & target;
            if to.nonempty()
                && visit(PieceMoves {
                    role: Role::Knight,
                    from,
                    to,
                    en_passant: None,
                    castling: false,
                })
            {
                return true;
            }
        }
        macro_rules! sliders {
            ($role:expr, $att:path) => {
                for from in self.by_role($role) & movable {
                    let mut to = $att(from, occ) & target;
                    if pinned.contains(from) {
                        to &= attacks::line(ksq, from);
                    }
                    if to.nonempty()
                        && visit(PieceMoves {
                            role: $role,
                            from,
                            to,
                            en_passant: None,
                            castling: false,
                        })
                    {
                        return true;
                    }
                }
            };
        }
        sliders!(Role::Bishop, attacks::bishop);
        sliders!(Role::Rook, attacks::rook);
        sliders!(Role::Queen, attacks::queen);

        // Pawns (Art. 3.7): one step, two from the start rank, diagonal captures, en passant.
        let empty = !occ;
        let double_rank = Bitboard::rank(Rank::Fourth.relative_to(us));
        let ep_candidates = match self.ep_square {
            Some(ep) => attacks::pawn(them, ep),
            None => Bitboard::EMPTY,
        };
        for from in self.by_role(Role::Pawn) & movable {
            let step = Bitboard::from_square(from).ahead(us) & empty;
            let double = step.ahead(us) & empty & double_rank;
            let mut to = ((attacks::pawn(us, from) & their) | step | double) & target;
            let mut en_passant = None;
            if ep_candidates.contains(from) {
                if let Some(ep) = self.ep_square {
                    if self.ep_capture_is_legal(from, ep, checkers) {
                        to |= ep;
                        en_passant = Some(ep);
                    }
                }
            }
            if pinned.contains(from) {
                to &= attacks::line(ksq, from);
            }
            if to.nonempty()
                && visit(PieceMoves {
                    role: Role::Pawn,
                    from,
                    to,
                    en_passant,
                    castling: false,
                })
            {
                return true;
            }
        }
        false
    }

    /// The king's castling squares (g and c of its rank) of the side to move `us`, not in
    /// check, by the Chess960 rule (Guidelines II.3): every square between the king's start
    /// and end and between the rook's start and end empty but for the castling king and
    /// rook; the squares the king passes over not attacked, and its end square not attacked
    /// once king and rook stand on their new squares (the rook may have shielded it).
    #[cold]
    #[inline(never)]
    fn castles_960(&self, us: Color, ksq: Square, occ: Bitboard) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for side in [CastleSide::King, CastleSide::Queen] {
            if let Some(path) = self.castle_path_960(us, side, ksq, occ) {
                out |= path.king_to;
            }
        }
        out
    }

    /// The squares of the castling towards `side` when it is legal by the Chess960 rule
    /// (the side to move `us` not in check; see [`Position::castles_960`]).
    fn castle_path_960(
        &self,
        us: Color,
        side: CastleSide,
        ksq: Square,
        occ: Bitboard,
    ) -> Option<CastlePath> {
        let them = !us;
        let path = CastlePath::of_rights(self.castling, us, side)?;
        if path.king_from != ksq
            || !self.pieces(us, Role::Rook).contains(path.rook_from)
            || (path.must_be_vacant() & occ).nonempty()
        {
            return None;
        }
        let without_king = occ ^ ksq;
        if attacks::between(ksq, path.king_to)
            .into_iter()
            .any(|sq| self.attacked_with(sq, them, without_king))
        {
            return None;
        }
        let after = ((without_king ^ path.rook_from) | path.king_to) | path.rook_to;
        // The end square's attackers, the castling rook (now on `rook_to`) not counted as
        // one of theirs: it is ours.
        if self.attacked_with(path.king_to, them, after) {
            return None;
        }
        Some(path)
    }

    /// The castling move of the side to move towards `side`, if it is legal (Art. 3.8.2):
    /// the generator's test for that one move, without the king's other moves.
    pub(crate) fn castle_move(&self, side: CastleSide) -> Option<Move> {
        let us = self.turn;
        let them = !us;
        if !self.castling.has(us, side) {
            return None;
        }
        if !self.castling.is_standard() {
            let ksq = self.king(us);
            let occ = self.occupied();
            if self.attacked_with(ksq, them, occ) {
                return None;
            }
            let path = self.castle_path_960(us, side, ksq, occ)?;
            return Some(Move::new(ksq, path.king_to, MoveKind::Castle));
        }
        let path = CastlePath::of(us, side);
        let occ = self.occupied();
        let ksq = self.king(us);
        let legal = ksq == path.king_from
            && (path.must_be_empty() & occ).is_empty()
            && !self.attacked_with(ksq, them, occ)
            && path
                .must_be_safe()
                .into_iter()
                .all(|sq| !self.attacked_with(sq, them, occ));
        legal.then_some(Move::new(ksq, path.king_to, MoveKind::Castle))
    }

    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_moves(|pm| {
            for mv in pm {
                list.push(mv);
            }
            false
        });
        list
    }

    /// The number of legal moves, without listing them.
    #[inline]
    pub fn count_legal_moves(&self) -> usize {
        let mut n = 0;
        self.generate_moves(|pm| {
            n += pm.len();
            false
        });
        n
    }

    /// Whether the side to move has any legal move. The moves of the unpinned pieces tell
    /// most positions out of check; then the king's steps, all told at once (castling needs
    /// no look: when it is legal, so is the king's step onto the square it crosses,
    /// Art. 3.8.2), and only then the other pieces.
    pub fn has_legal_moves(&self) -> bool {
        if self.free_piece_moves(1) >= 1 {
            return true;
        }
        let us = self.turn;
        let them = !us;
        let ksq = self.king(us);
        if self
            .king_steps_from(ksq, self.by_color(us), them, self.occupied())
            .nonempty()
        {
            return true;
        }
        let (checkers, pinned) = self.checks_and_pins(ksq);
        self.generate_piece_moves(ksq, checkers, pinned, &mut |_| true)
    }

    /// A lower bound of the number of legal moves, cheaper than generating them, counted
    /// until it reaches `enough`: out of check, the moves of the pieces other than the king
    /// that are not pinned, every one of which is legal (Art. 3.9): the knights' and
    /// sliders' moves onto squares not their own side's, and the pawns' steps and captures
    /// (each promotion square once, en passant left out). The king's moves are not counted:
    /// each would need its own test of the square. 0 in check.
    pub(crate) fn free_piece_moves(&self, enough: u32) -> u32 {
        let us = self.turn;
        let our = self.by_color(us);
        let (checkers, pinned) = self.checks_and_pins(self.king(us));
        if checkers.nonempty() {
            return 0;
        }
        let occ = self.occupied();
        let free = our & !pinned;
        let mut n = 0;
        for role in [Role::Queen, Role::Rook, Role::Knight, Role::Bishop] {
            for sq in free & self.by_role(role) {
                n += (attacks::attacks(us, role, sq, occ) & !our).count();
                if n >= enough {
                    return n;
                }
            }
        }
        // The pawns all at once: steps onto empty squares, captures of the opponent's pieces
        // (never the king: the opponent, who just moved, is not in check).
        let pawns = self.by_role(Role::Pawn) & free;
        let empty = !occ;
        let their = self.by_color(!us);
        let ahead = pawns.ahead(us);
        let step = ahead & empty;
        let double = (step & Bitboard::rank(Rank::Third.relative_to(us))).ahead(us) & empty;
        // Counted one side at a time: two pawns can capture on the same square.
        let west = Bitboard((ahead & !Bitboard::file(File::A)).0 >> 1) & their;
        let east = Bitboard((ahead & !Bitboard::file(File::H)).0 << 1) & their;
        n + step.count() + double.count() + west.count() + east.count()
    }

    /// The legal moves of the piece on `from`.
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = MoveList::new();
        let king = from == self.king(self.turn);
        self.generate_moves(|pm| {
            if pm.from == from {
                for mv in pm {
                    list.push(mv);
                }
                // The king's Chess960 castling comes after its other moves.
                return !king;
            }
            false
        });
        list
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Art. 3.9: the moves of unpinnable pieces out of check are a lower bound of the legal
    /// moves, and `has_legal_moves` (which looks at them first) is the generator's answer,
    /// in every position of seeded random games.
    #[test]
    fn art_3_9_free_piece_moves_are_legal_moves() {
        let mut seed = 0x6a09_e667_f3bc_c909u64;
        let mut positions = 0;
        for _ in 0..40 {
            let mut pos = Position::new();
            for _ in 0..300 {
                let n = pos.count_legal_moves();
                assert!(
                    pos.free_piece_moves(u32::MAX) as usize <= n,
                    "{}",
                    pos.to_fen()
                );
                assert_eq!(pos.has_legal_moves(), n > 0, "{}", pos.to_fen());
                positions += 1;
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                crate::core::testing::xorshift(&mut seed);
                pos.play_unchecked(moves[(seed % moves.len() as u64) as usize]);
            }
        }
        assert!(positions > 5000);
    }
}
