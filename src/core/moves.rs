//! Moves (Art. 3): normal moves and captures, castling (3.8.2), en passant (3.7.3.1) and
//! promotion (3.7.3.3), and a fixed-capacity list of them that never allocates.

use std::fmt;
use std::ops::{Deref, DerefMut};

use super::piece::Role;
use super::square::Square;

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    /// A move or capture by any piece, without promotion.
    Normal,
    /// A pawn capturing en passant: `to` is the square passed over, the captured pawn stands
    /// beside the capturing one (Art. 3.7.3.1).
    EnPassant,
    /// Castling: `from` and `to` are the king's squares; the rook moves too (Art. 3.8.2).
    Castle,
    /// A pawn reaching the last rank, replaced by the chosen piece (Art. 3.7.3.3).
    Promotion(Role),
}

/// A move: origin, destination and kind. For castling, the king's squares (e1–g1, e1–c1;
/// in Chess960 the king's square and g1 or c1, which may be the same square): the kind
/// says it is castling, never the distance. Its UCI text in Chess960 is the king taking
/// its own rook (`Position::uci`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub kind: MoveKind,
}

/// The two sides of the board for castling.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CastleSide {
    /// Towards the h-file: "short", 0-0.
    King,
    /// Towards the a-file: "long", 0-0-0.
    Queen,
}

impl Move {
    #[inline]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move { from, to, kind }
    }

    #[inline]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move::new(from, to, MoveKind::Normal)
    }

    /// The piece a pawn promotes to, if this is a promotion.
    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        match self.kind {
            MoveKind::Promotion(r) => Some(r),
            _ => None,
        }
    }

    #[inline]
    pub const fn is_castle(self) -> bool {
        matches!(self.kind, MoveKind::Castle)
    }

    #[inline]
    pub const fn is_en_passant(self) -> bool {
        matches!(self.kind, MoveKind::EnPassant)
    }

    /// The side of a castling move: the king goes to the g-file or the c-file (Art.
    /// 3.8.2; Guidelines II.3 in Chess960, where it may start anywhere between the rooks).
    pub fn castle_side(self) -> Option<CastleSide> {
        self.is_castle().then(|| {
            if self.to.file() == super::square::File::G {
                CastleSide::King
            } else {
                CastleSide::Queen
            }
        })
    }

    /// The UCI text of the move: `e2e4`, `e7e8q`, castling as the king's move `e1g1`.
    pub fn uci(self) -> UciMove {
        UciMove {
            from: self.from,
            to: self.to,
            promotion: self.promotion(),
        }
    }
}

impl fmt::Display for Move {
    /// The UCI form; SAN needs the position, see `san`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.uci().fmt(f)
    }
}

/// A move as UCI text describes it: origin, destination, promotion piece. It becomes a
/// [`Move`] against a position (`Position::parse_uci`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct UciMove {
    pub from: Square,
    pub to: Square,
    pub promotion: Option<Role>,
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(r) = self.promotion {
            write!(f, "{}", r.upper_char().to_ascii_lowercase())?;
        }
        Ok(())
    }
}

/// The text was not UCI move text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "\"{0}\" is not a UCI move: write the origin and destination squares and, for a \
     promotion, the piece (q, r, b or n), as in e2e4 or e7e8q"
)]
pub struct ParseUciError(pub String);

impl std::str::FromStr for UciMove {
    type Err = ParseUciError;

    fn from_str(s: &str) -> Result<UciMove, ParseUciError> {
        let err = || ParseUciError(s.to_string());
        let b = s.as_bytes();
        if !(b.len() == 4 || b.len() == 5) {
            return Err(err());
        }
        let from = Square::parse_prefix(b).ok_or_else(err)?;
        let to = Square::parse_prefix(&b[2..]).ok_or_else(err)?;
        let promotion = match b.get(4) {
            None => None,
            Some(&c) => match Role::from_char(c as char) {
                Some(r) if r != Role::Pawn && r != Role::King => Some(r),
                _ => return Err(err()),
            },
        };
        Ok(UciMove {
            from,
            to,
            promotion,
        })
    }
}

/// The most legal moves any position has is 218; 256 leaves room.
pub const MAX_MOVES: usize = 256;

/// A list of moves with a fixed capacity, on the stack.
#[derive(Clone)]
pub struct MoveList {
    len: usize,
    moves: [Move; MAX_MOVES],
}

impl MoveList {
    pub const fn new() -> MoveList {
        MoveList {
            len: 0,
            moves: [Move::normal(Square::A1, Square::A1); MAX_MOVES],
        }
    }

    /// Appends a move. The capacity is never exceeded by legal move generation; beyond it
    /// the move is dropped rather than panicking (debug builds assert).
    #[inline]
    pub fn push(&mut self, mv: Move) {
        debug_assert!(self.len < MAX_MOVES);
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = mv;
            self.len += 1;
        }
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }

    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            let mv = self.moves[i];
            if keep(&mv) {
                self.moves[j] = mv;
                j += 1;
            }
        }
        self.len = j;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
