//! Forsyth–Edwards Notation. A FEN is first parsed into an unvalidated [`Setup`], then
//! validated into a [`Position`]; every error quotes the FEN and names the field.
//!
//! The six fields: piece placement, side to move, castling rights, en-passant square,
//! halfmove clock, fullmove number. Four-field (EPD-style) input is accepted; the two
//! counters then default to `0 1`. Written FEN always has six fields, and reading then
//! writing a six-field FEN in canonical form gives back the same bytes.

use std::fmt;
use std::str::FromStr;

use super::bitboard::Bitboard;
use super::moves::CastleSide;
use super::piece::{Color, Piece, Role};
use super::position::{CASTLE_LETTERS, CastlePath, CastlingRights, Position};
use super::square::{File, Rank, Square};

/// The FEN of the standard starting position (Art. 2.3).
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A position as a FEN describes it, before any check that it is a legal position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Setup {
    pub board: [Option<Piece>; 64],
    pub turn: Color,
    pub castling: CastlingRights,
    pub ep_square: Option<Square>,
    pub halfmoves: u32,
    pub fullmoves: u32,
}

/// The six fields of a FEN, to say where an error is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FenField {
    /// The FEN as a whole (the number of fields).
    Whole,
    Placement,
    SideToMove,
    Castling,
    EnPassant,
    HalfmoveClock,
    FullmoveNumber,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (n, name) = match self {
            FenField::Whole => return f.write_str("the whole FEN"),
            FenField::Placement => (1, "piece placement"),
            FenField::SideToMove => (2, "side to move"),
            FenField::Castling => (3, "castling rights"),
            FenField::EnPassant => (4, "en-passant square"),
            FenField::HalfmoveClock => (5, "halfmove clock"),
            FenField::FullmoveNumber => (6, "fullmove number"),
        };
        write!(f, "field {n} ({name})")
    }
}

/// What is wrong with a FEN.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FenProblem {
    // Syntax.
    /// Not 4 or 6 space-separated fields.
    FieldCount(usize),
    /// The placement does not have eight ranks separated by `/`.
    RankCount(usize),
    /// A rank of the placement describes more or fewer than eight squares.
    RankLength { rank: Rank, squares: usize },
    /// A character that is neither a piece letter nor a digit 1–8.
    PieceChar(char),
    /// The side to move is not `w` or `b`.
    SideToMove(String),
    /// A character that is not one of `KQkq-`.
    CastlingChar(char),
    /// A castling letter given twice, or `-` together with letters.
    CastlingRepeated(char),
    /// The en-passant field is not a square or `-`.
    EnPassantSyntax(String),
    /// A counter that is not a non-negative decimal number (or a fullmove number of 0).
    Number(String),

    // Legality of the position.
    /// No king of that colour (Art. 2.2: each side has one king).
    MissingKing(Color),
    /// More than one king of that colour.
    TooManyKings(Color, u32),
    /// A pawn on the first or last rank, where no pawn can stand (Art. 3.7.3).
    PawnOnBackRank(Square),
    /// The side not to move is in check: its opponent could capture the king (Art. 1.4, 3.9).
    OppositeCheck(Color),
    /// A castling right without the king on its original square.
    CastlingWithoutKing(char),
    /// A castling right without the rook on its original square.
    CastlingWithoutRook(char),
    /// The en-passant square is not on the rank a double step passes over (3rd for White's
    /// pawns, 6th for Black's), on the side of the player who just moved.
    EnPassantRank(Square),
    /// No pawn of the player who just moved stands in front of the en-passant square.
    EnPassantNoPawn(Square),
    /// The en-passant square, or the square the pawn came from, is not empty.
    EnPassantBlocked(Square),
}

impl fmt::Display for FenProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use FenProblem::*;
        match self {
            FieldCount(n) => write!(
                f,
                "{n} fields; a FEN has six separated by spaces (placement, side to move, \
                 castling, en passant, halfmove clock, fullmove number), or the first four"
            ),
            RankCount(n) => write!(f, "{n} ranks; the placement has eight, separated by '/'"),
            RankLength { rank, squares } => write!(
                f,
                "rank {} describes {squares} squares instead of 8",
                rank.char()
            ),
            PieceChar(c) => write!(
                f,
                "'{c}' is not a piece; use K Q R B N P for White, k q r b n p for Black, \
                 1–8 for empty squares"
            ),
            SideToMove(s) => write!(f, "\"{s}\" is not a side; use w or b"),
            CastlingChar(c) => write!(
                f,
                "'{c}' is not a castling right; use K, Q, k, q or - (Chess960 rights are not \
                 supported)"
            ),
            CastlingRepeated(c) => write!(f, "'{c}' appears more than once or with other rights"),
            EnPassantSyntax(s) => write!(f, "\"{s}\" is not a square or -"),
            Number(s) => write!(f, "\"{s}\" is not a valid number"),
            MissingKing(c) => write!(f, "there is no {c} king"),
            TooManyKings(c, n) => write!(f, "there are {n} {c} kings; each side has one"),
            PawnOnBackRank(sq) => write!(f, "a pawn stands on {sq}, on the first or last rank"),
            OppositeCheck(c) => write!(f, "the {c} king is in check although it is not {c}'s move"),
            CastlingWithoutKing(c) => {
                write!(f, "right '{c}' but the king is not on its original square")
            }
            CastlingWithoutRook(c) => {
                write!(f, "right '{c}' but the rook is not on its original square")
            }
            EnPassantRank(sq) => write!(
                f,
                "{sq} is not on the rank a pawn of the side that just moved passes over"
            ),
            EnPassantNoPawn(sq) => write!(
                f,
                "{sq} is given but no pawn that just made a double step stands beyond it"
            ),
            EnPassantBlocked(sq) => write!(
                f,
                "{sq} is given but it or the square the pawn came from is occupied"
            ),
        }
    }
}

/// An error in a FEN: the FEN, the field, and what is wrong.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("invalid FEN \"{fen}\": {field}: {problem}")]
pub struct FenError {
    pub fen: String,
    pub field: FenField,
    pub problem: FenProblem,
}

impl Setup {
    /// Reads a FEN (six fields, or the first four) without judging the position.
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        let err = |field, problem| FenError {
            fen: fen.to_string(),
            field,
            problem,
        };
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        if !(fields.len() == 4 || fields.len() == 6) {
            return Err(err(FenField::Whole, FenProblem::FieldCount(fields.len())));
        }

        let mut board = [None; 64];
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(err(FenField::Placement, FenProblem::RankCount(ranks.len())));
        }
        for (i, text) in ranks.iter().enumerate() {
            let rank = Rank::new(7 - i as u32);
            let mut file = 0usize;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    file += d as usize;
                } else if let Some(piece) = Piece::from_fen_char(c) {
                    if file < 8 {
                        board[Square::from_coords(File::new(file as u32), rank).index()] =
                            Some(piece);
                    }
                    file += 1;
                } else {
                    return Err(err(FenField::Placement, FenProblem::PieceChar(c)));
                }
            }
            if file != 8 {
                return Err(err(
                    FenField::Placement,
                    FenProblem::RankLength {
                        rank,
                        squares: file,
                    },
                ));
            }
        }

        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            s => return Err(err(FenField::SideToMove, FenProblem::SideToMove(s.into()))),
        };

        let mut castling = CastlingRights::NONE;
        if fields[2] != "-" {
            for c in fields[2].chars() {
                let Some(&(color, side, _)) = CASTLE_LETTERS.iter().find(|l| l.2 == c) else {
                    let problem = if c == '-' {
                        FenProblem::CastlingRepeated(c)
                    } else {
                        FenProblem::CastlingChar(c)
                    };
                    return Err(err(FenField::Castling, problem));
                };
                if castling.has(color, side) {
                    return Err(err(FenField::Castling, FenProblem::CastlingRepeated(c)));
                }
                castling.set(color, side, true);
            }
        }

        let ep_square = match fields[3] {
            "-" => None,
            // Square names in FEN are lower case (`e3`, not `E3`).
            s => Some(
                s.parse::<Square>()
                    .ok()
                    .filter(|_| s.starts_with(|c: char| c.is_ascii_lowercase()))
                    .ok_or_else(|| {
                        err(FenField::EnPassant, FenProblem::EnPassantSyntax(s.into()))
                    })?,
            ),
        };

        let number = |field: FenField, s: &str, min: u32| {
            s.bytes()
                .all(|b| b.is_ascii_digit())
                .then(|| s.parse::<u32>().ok())
                .flatten()
                .filter(|&n| n >= min)
                .ok_or_else(|| err(field, FenProblem::Number(s.into())))
        };
        let (halfmoves, fullmoves) = if fields.len() == 6 {
            (
                number(FenField::HalfmoveClock, fields[4], 0)?,
                number(FenField::FullmoveNumber, fields[5], 1)?,
            )
        } else {
            (0, 1)
        };

        Ok(Setup {
            board,
            turn,
            castling,
            ep_square,
            halfmoves,
            fullmoves,
        })
    }

    /// A copy without the castling rights and en-passant square that the placement
    /// contradicts: the lenient reading some perft collections and old files need.
    pub fn cleaned(&self) -> Setup {
        let mut s = self.clone();
        for (color, side, _) in CASTLE_LETTERS {
            if s.castling.has(color, side) && s.castling_problem(color, side).is_some() {
                s.castling.set(color, side, false);
            }
        }
        if s.ep_problem().is_some() {
            s.ep_square = None;
        }
        s
    }

    fn castling_problem(&self, color: Color, side: CastleSide) -> Option<FenProblem> {
        let letter = CASTLE_LETTERS
            .iter()
            .find(|l| l.0 == color && l.1 == side)
            .map_or('?', |l| l.2);
        let path = CastlePath::of(color, side);
        if self.board[path.king_from.index()] != Some(Piece::new(color, Role::King)) {
            Some(FenProblem::CastlingWithoutKing(letter))
        } else if self.board[path.rook_from.index()] != Some(Piece::new(color, Role::Rook)) {
            Some(FenProblem::CastlingWithoutRook(letter))
        } else {
            None
        }
    }

    fn ep_problem(&self) -> Option<FenProblem> {
        let ep = self.ep_square?;
        // The side that just moved is the one not to move.
        let mover = !self.turn;
        if ep.rank() != Rank::Third.relative_to(mover) {
            return Some(FenProblem::EnPassantRank(ep));
        }
        let forward = if mover == Color::White { 1 } else { -1 };
        let pawn_sq = ep.offset(0, forward)?;
        let origin = ep.offset(0, -forward)?;
        if self.board[pawn_sq.index()] != Some(Piece::new(mover, Role::Pawn)) {
            Some(FenProblem::EnPassantNoPawn(ep))
        } else if self.board[ep.index()].is_some() || self.board[origin.index()].is_some() {
            Some(FenProblem::EnPassantBlocked(ep))
        } else {
            None
        }
    }

    /// Checks that the set-up is a legal position and builds it.
    pub fn to_position(&self) -> Result<Position, (FenField, FenProblem)> {
        let mut pos = Position::empty();
        for sq in Square::ALL {
            if let Some(p) = self.board[sq.index()] {
                if p.role == Role::Pawn && Bitboard::BACK_RANKS.contains(sq) {
                    return Err((FenField::Placement, FenProblem::PawnOnBackRank(sq)));
                }
                pos.put(p, sq);
            }
        }
        for color in Color::ALL {
            match pos.pieces(color, Role::King).count() {
                0 => return Err((FenField::Placement, FenProblem::MissingKing(color))),
                1 => {}
                n => return Err((FenField::Placement, FenProblem::TooManyKings(color, n))),
            }
        }
        pos.turn = self.turn;
        let waiting = !self.turn;
        if pos.is_attacked(pos.king(waiting), self.turn) {
            return Err((FenField::SideToMove, FenProblem::OppositeCheck(waiting)));
        }
        for (color, side, _) in CASTLE_LETTERS {
            if self.castling.has(color, side) {
                if let Some(p) = self.castling_problem(color, side) {
                    return Err((FenField::Castling, p));
                }
            }
        }
        if let Some(p) = self.ep_problem() {
            return Err((FenField::EnPassant, p));
        }
        pos.castling = self.castling;
        pos.ep_square = self.ep_square;
        pos.halfmoves = self.halfmoves;
        pos.fullmoves = self.fullmoves;
        pos.base_key = pos.compute_base_key();
        Ok(pos)
    }

    /// The FEN of this set-up (six fields).
    pub fn to_fen(&self) -> String {
        // Written as bytes (the report of every game of a file writes its final FEN: no
        // temporary strings, no formatting machinery, no UTF-8 encoding of each letter).
        let mut s = Vec::with_capacity(90);
        for rank in Rank::ALL.iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.board[Square::from_coords(file, *rank).index()] {
                    Some(p) => {
                        if empty > 0 {
                            s.push(b'0' + empty);
                            empty = 0;
                        }
                        s.push(p.fen_char() as u8);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push(b'0' + empty);
            }
            if *rank != Rank::First {
                s.push(b'/');
            }
        }
        s.extend_from_slice(&[b' ', self.turn.char() as u8, b' ']);
        let mut s = String::from_utf8(s).unwrap_or_default();
        push_castling(&mut s, self.castling);
        s.push(' ');
        match self.ep_square {
            Some(sq) => {
                s.push(sq.file().char());
                s.push(sq.rank().char());
            }
            None => s.push('-'),
        }
        s.push(' ');
        push_number(&mut s, self.halfmoves);
        s.push(' ');
        push_number(&mut s, self.fullmoves);
        s
    }
}

/// Writes the castling field of a FEN (`KQkq`, `-` for none) at the end of `s`.
pub(crate) fn push_castling(s: &mut String, rights: CastlingRights) {
    if rights.is_empty() {
        s.push('-');
    }
    for (color, side, c) in CASTLE_LETTERS {
        if rights.has(color, side) {
            s.push(c);
        }
    }
}

/// Writes `n` in decimal at the end of `s`.
fn push_number(s: &mut String, n: u32) {
    for &d in decimal(u64::from(n), &mut [0; 20]) {
        s.push(char::from(d));
    }
}

/// The ASCII digits of `n` in decimal, written at the end of `buf` (the FEN's counters,
/// the numbers of the JSON reports): no formatting machinery.
pub(crate) fn decimal(mut n: u64, buf: &mut [u8; 20]) -> &[u8] {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    &buf[i..]
}

impl Position {
    /// Reads and validates a FEN.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Setup::from_fen(fen)?
            .to_position()
            .map_err(|(field, problem)| FenError {
                fen: fen.to_string(),
                field,
                problem,
            })
    }

    /// Reads a FEN, dropping castling rights and an en-passant square that the placement
    /// contradicts instead of refusing them; every other error still stands.
    pub fn from_fen_lenient(fen: &str) -> Result<Position, FenError> {
        Setup::from_fen(fen)?
            .cleaned()
            .to_position()
            .map_err(|(field, problem)| FenError {
                fen: fen.to_string(),
                field,
                problem,
            })
    }

    /// The set-up this position corresponds to.
    pub fn to_setup(&self) -> Setup {
        // Each piece set on its squares (twelve sets of squares, not twenty questions).
        let mut board = [None; 64];
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in self.pieces(color, role) {
                    board[sq.index()] = Some(Piece { color, role });
                }
            }
        }
        Setup {
            board,
            turn: self.turn,
            castling: self.castling,
            ep_square: self.ep_square,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// The FEN of the position (six fields).
    pub fn to_fen(&self) -> String {
        self.to_setup().to_fen()
    }

    /// The FEN with the en-passant square only when an en-passant capture is legal (the
    /// convention of lichess and python-chess, and the sense of "same position" in Art.
    /// 9.2.3); `to_fen` records it after every double step, as the PGN standard does.
    pub fn to_fen_legal_ep(&self) -> String {
        let mut setup = self.to_setup();
        setup.ep_square = self.legal_ep_square();
        setup.to_fen()
    }
}

impl FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}

impl FromStr for Setup {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Setup, FenError> {
        Setup::from_fen(s)
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}
