//! Files, ranks and squares (Art. 2.4, App. C.5–C.7): files a–h, ranks 1–8, from White's side.

use std::fmt;
use std::str::FromStr;

use super::piece::Color;

/// A file (column), `a` to `h`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

/// A rank (row), `1` to `8`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Rank {
    First,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl File {
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// The file with index `i & 7` (0 is `a`).
    #[inline]
    pub const fn new(i: u32) -> File {
        // SAFETY: `File` is `repr(u8)` with the discriminants 0..=7, and `i & 7` is in range.
        unsafe { std::mem::transmute::<u8, File>((i & 7) as u8) }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lower-case letter of the file.
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// Reads `a`..`h` (or `A`..`H`).
    pub fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => Some(File::new(c as u32 - 'a' as u32)),
            'A'..='H' => Some(File::new(c as u32 - 'A' as u32)),
            _ => None,
        }
    }

    /// The file `delta` files away, if it is on the board.
    pub fn offset(self, delta: i32) -> Option<File> {
        let i = self as i32 + delta;
        (0..8).contains(&i).then(|| File::new(i as u32))
    }
}

impl Rank {
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// The rank with index `i & 7` (0 is the first rank).
    #[inline]
    pub const fn new(i: u32) -> Rank {
        // SAFETY: `Rank` is `repr(u8)` with the discriminants 0..=7, and `i & 7` is in range.
        unsafe { std::mem::transmute::<u8, Rank>((i & 7) as u8) }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The digit of the rank.
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    pub fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Some(Rank::new(c as u32 - '1' as u32)),
            _ => None,
        }
    }

    /// This rank as seen from `color`'s side: White's first rank is Black's eighth.
    #[inline]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank::new(7 - self as u32),
        }
    }

    /// The rank `delta` ranks away, if it is on the board.
    pub fn offset(self, delta: i32) -> Option<Rank> {
        let i = self as i32 + delta;
        (0..8).contains(&i).then(|| Rank::new(i as u32))
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

macro_rules! squares {
    ($($sq:ident),* $(,)?) => {
        /// One of the 64 squares, `A1 = 0` … `H8 = 63`, rank by rank.
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        #[repr(u8)]
        pub enum Square { $($sq),* }

        impl Square {
            /// All squares in index order.
            pub const ALL: [Square; 64] = [$(Square::$sq),*];
        }
    };
}

squares! {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

impl Square {
    /// The square with index `i & 63`.
    #[inline]
    pub const fn new(i: u32) -> Square {
        // SAFETY: `Square` is `repr(u8)` with the discriminants 0..=63, and `i & 63` is in range.
        unsafe { std::mem::transmute::<u8, Square>((i & 63) as u8) }
    }

    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::new(rank as u32 * 8 + file as u32)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub const fn file(self) -> File {
        File::new(self as u32 & 7)
    }

    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::new(self as u32 >> 3)
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    pub fn offset(self, df: i32, dr: i32) -> Option<Square> {
        Some(Square::from_coords(
            self.file().offset(df)?,
            self.rank().offset(dr)?,
        ))
    }

    /// The same square seen from the other side of the board (a1 ↔ a8).
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square::new(self as u32 ^ 56)
    }

    /// Dark squares are those of a1's colour (Art. 2.1: h1 is light).
    #[inline]
    pub const fn is_dark(self) -> bool {
        (self.file() as u32 + self.rank() as u32) % 2 == 0
    }

    /// Reads a square name such as `e4` from the start of `s` (two characters).
    pub fn parse_prefix(s: &[u8]) -> Option<Square> {
        match s {
            [f, r, ..] => Some(Square::from_coords(
                File::from_char(*f as char)?,
                Rank::from_char(*r as char)?,
            )),
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

/// The text was not a square name such as `e4`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a square: write a file a–h followed by a rank 1–8, as in e4")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        if s.len() == 2 {
            if let Some(sq) = Square::parse_prefix(s.as_bytes()) {
                return Ok(sq);
            }
        }
        Err(ParseSquareError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn art_2_4_square_names_and_colours() {
        assert_eq!(Square::E4.to_string(), "e4");
        assert_eq!("h8".parse::<Square>(), Ok(Square::H8));
        assert!("i1".parse::<Square>().is_err());
        assert!("e44".parse::<Square>().is_err());
        // Art. 2.1: the square at each player's near right (h1, a8) is light.
        assert!(!Square::H1.is_dark());
        assert!(!Square::A8.is_dark());
        assert!(Square::A1.is_dark());
        for sq in Square::ALL {
            assert_eq!(Square::from_coords(sq.file(), sq.rank()), sq);
        }
    }
}
