//! How the board itself can end the game: checkmate (Art. 5.1.1), stalemate (5.2.1), and a
//! static, sound test of whether a side can still checkmate at all (5.1.2, 5.2.2, 6.9).
//!
//! "Sound" means the test may fail to see that a side cannot mate (a later search decides
//! those cases) but never says a side cannot mate when some legal series of moves mates.

use super::bitboard::Bitboard;
use super::piece::{Color, Role};
use super::position::Position;

/// An ending the position on the board decides.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum BoardOutcome {
    /// The side to move is checkmated; `winner` gave mate (Art. 5.1.1).
    Checkmate { winner: Color },
    /// The side to move has no legal move and is not in check (Art. 5.2.1).
    Stalemate,
}

impl Position {
    /// Checkmate: in check with no legal move (Art. 5.1.1).
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Stalemate: not in check, no legal move (Art. 5.2.1).
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Checkmate or stalemate, if the side to move has no legal move.
    pub fn board_outcome(&self) -> Option<BoardOutcome> {
        if self.has_legal_moves() {
            None
        } else if self.is_check() {
            Some(BoardOutcome::Checkmate {
                winner: !self.turn(),
            })
        } else {
            Some(BoardOutcome::Stalemate)
        }
    }

    /// Whether `color` certainly cannot checkmate by any legal series of moves, decided from
    /// the material alone. Sound, not complete: `false` means "not shown", not "can mate".
    ///
    /// The cases: (a) a bare king never gives check; (b) a king and a single bishop or
    /// knight cannot mate a bare king; (c) when the only pieces besides the kings are
    /// bishops all on squares of one colour, nobody can mate — a mated king's orthogonal
    /// neighbours are of the other colour, no bishop stands on or attacks them, and the
    /// enemy king cannot cover them all without standing next to the mated king.
    pub fn cannot_mate_static(&self, color: Color) -> bool {
        let own = self.by_color(color) & !self.by_role(Role::King);
        let other = self.by_color(!color) & !self.by_role(Role::King);
        // (a)
        if own.is_empty() {
            return true;
        }
        let minors = self.by_role(Role::Knight) | self.by_role(Role::Bishop);
        // (b)
        if other.is_empty() && !own.more_than_one() && (own & minors).nonempty() {
            return true;
        }
        // (c)
        let all = own | other;
        let bishops = self.by_role(Role::Bishop);
        all == (all & bishops)
            && ((all & Bitboard::DARK_SQUARES).is_empty()
                || (all & Bitboard::LIGHT_SQUARES).is_empty())
    }

    /// Neither side can checkmate, by the static test (a dead position, Art. 5.2.2).
    pub fn is_insufficient_material(&self) -> bool {
        self.cannot_mate_static(Color::White) && self.cannot_mate_static(Color::Black)
    }
}
