//! Forsyth–Edwards Notation. A FEN is first parsed into an unvalidated [`Setup`], then
//! validated into a [`Position`]; every error quotes the FEN and names the field.
//!
//! The six fields: piece placement, side to move, castling rights, en-passant square,
//! halfmove clock, fullmove number. Four-field (EPD-style) input is accepted; the two
//! counters then default to `0 1`. Written FEN always has six fields, and reading then
//! writing a six-field FEN in canonical form gives back the same bytes.

use std::fmt;
use std::str::FromStr;

use super::attacks;
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

    // Positions that cannot arise by legal moves (Art. 3.10).
    /// More than eight pawns of one side.
    TooManyPawns(Color, u32),
    /// More than sixteen men (pieces and pawns) of one side.
    TooManyMen(Color, u32),
    /// More pieces than the start gives (queen 1, rooks 2, bishops 2, knights 2) beyond what the pawns missing could have become by promotion.
    TooManyPromoted {
        color: Color,
        promoted: u32,
        missing_pawns: u32,
    },
    /// Three or more pieces give check: no move discovers two checks and gives one.
    TripleCheck(Color, u32),
    /// Two pieces give check that no single move can: two on one line through the king,
    /// or neither of them a rook, bishop or queen (only a slider's check is discovered).
    ImpossibleDoubleCheck(Square, Square),
    /// A pawn gives check that it cannot have given by its last move: it stands on its own
    /// second rank, or every square it could have come from is occupied.
    ImpossiblePawnCheck(Square),
    /// The en-passant square says a pawn has just made its double step, and that step
    /// cannot have given the check the side to move is in.
    EnPassantCheck(Square),
    /// A Chess960 castling right whose rook is not on the side of the king the right says,
    /// or a king not on the back rank between the rooks of its rights.
    CastlingNotChess960(char),
}

impl FenProblem {
    /// The article that rules the problem: syntax errors have none; a position that cannot
    /// arise by legal moves is refused under Art. 3.10.
    pub fn article(&self) -> Option<&'static str> {
        (!self.is_syntax()).then_some("3.10")
    }

    /// Whether the FEN is not written as one (a field count, a character, a number), as
    /// opposed to a position written right that is illegal.
    pub fn is_syntax(&self) -> bool {
        use FenProblem::*;
        matches!(
            self,
            FieldCount(_)
                | RankCount(_)
                | RankLength { .. }
                | PieceChar(_)
                | SideToMove(_)
                | CastlingChar(_)
                | CastlingRepeated(_)
                | EnPassantSyntax(_)
                | Number(_)
        )
    }
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
            CastlingChar(c)
                if c.is_ascii_alphabetic() && ('a'..='h').contains(&c.to_ascii_lowercase()) =>
            {
                write!(
                    f,
                    "'{c}' is a Chess960 castling right (a rook's file, Shredder-FEN); in standard \
                 chess use K, Q, k, q or -"
                )
            }
            CastlingChar(c) => write!(
                f,
                "'{c}' is not a castling right; use K, Q, k, q, a rook's file A–H or a–h \
                 (Chess960), or -"
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
            TooManyPawns(c, n) => write!(f, "{n} {c} pawns; a side has eight at most"),
            TooManyMen(c, n) => write!(f, "{n} {c} men; a side has sixteen at most"),
            TooManyPromoted {
                color,
                promoted,
                missing_pawns,
            } => write!(
                f,
                "{promoted} {color} pieces beyond the starting ones but only {missing_pawns} \
                 {color} pawns missing to have been promoted"
            ),
            TripleCheck(c, n) => write!(
                f,
                "the {c} king is checked by {n} pieces; no move gives more than two"
            ),
            ImpossibleDoubleCheck(a, b) => write!(
                f,
                "the checks from {a} and {b} cannot both come from one move"
            ),
            ImpossiblePawnCheck(sq) => write!(
                f,
                "the pawn on {sq} gives check but cannot have moved there"
            ),
            EnPassantCheck(sq) => write!(
                f,
                "{sq} says a pawn has just made its double step, which cannot have given this \
                 check"
            ),
            CastlingNotChess960(c) => write!(
                f,
                "right '{c}' names a rook that is not on that side of the king on the back \
                 rank (Guidelines II.3)"
            ),
        }
    }
}

/// An error in a FEN: the FEN, the field, and what is wrong (and the article, for a
/// position that cannot arise).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("invalid FEN \"{fen}\": {field}: {problem}{}", article_note(problem))]
pub struct FenError {
    pub fen: String,
    pub field: FenField,
    pub problem: FenProblem,
}

fn article_note(problem: &FenProblem) -> String {
    problem
        .article()
        .map(|a| format!(" (Art. {a})"))
        .unwrap_or_default()
}

impl Setup {
    /// Reads a FEN (six fields, or the first four) without judging the position: standard
    /// chess, castling rights `KQkq` (the rooks on a and h, the king on e).
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        Setup::parse(fen, false)
    }

    /// Reads a Chess960 FEN (Guidelines II): X-FEN (`KQkq`, each the outermost rook on that
    /// side of the king, or a rook's file where that would name another rook) or
    /// Shredder-FEN (`HAha`, the rooks' files).
    pub fn from_fen_960(fen: &str) -> Result<Setup, FenError> {
        Setup::parse(fen, true)
    }

    fn parse(fen: &str, chess960: bool) -> Result<Setup, FenError> {
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
                let right = if chess960 {
                    castling_960(&board, c)
                } else {
                    CASTLE_LETTERS
                        .iter()
                        .find(|l| l.2 == c)
                        .map(|&(color, side, _)| (color, side, File::E, standard_rook(side)))
                };
                let Some((color, side, king, rook)) = right else {
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
                castling.grant(color, side, king, rook);
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
        let path = CastlePath::of_rights(self.castling, color, side)?;
        if self.board[path.king_from.index()] != Some(Piece::new(color, Role::King)) {
            Some(FenProblem::CastlingWithoutKing(letter))
        } else if self.board[path.rook_from.index()] != Some(Piece::new(color, Role::Rook)) {
            Some(FenProblem::CastlingWithoutRook(letter))
        } else if (side == CastleSide::King) != (path.rook_from.file() > path.king_from.file()) {
            Some(FenProblem::CastlingNotChess960(letter))
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

    /// Checks that the set-up is a legal position of standard chess and builds it: the
    /// castling rights need the king on e1 (e8) and the rooks on a1 and h1 (a8 and h8).
    pub fn to_position(&self) -> Result<Position, (FenField, FenProblem)> {
        if !self.castling.is_standard() {
            for (color, side, letter) in CASTLE_LETTERS {
                if let Some(path) = CastlePath::of_rights(self.castling, color, side) {
                    let standard = CastlePath::of(color, side);
                    if path.king_from != standard.king_from {
                        return Err((FenField::Castling, FenProblem::CastlingWithoutKing(letter)));
                    }
                    if path.rook_from != standard.rook_from {
                        return Err((FenField::Castling, FenProblem::CastlingWithoutRook(letter)));
                    }
                }
            }
        }
        self.to_position_960()
    }

    /// Checks that the set-up is a legal position of Chess960 (Guidelines II: castling
    /// rights with the king anywhere between its rooks on the back rank) and builds it.
    /// A standard position is a Chess960 position.
    pub fn to_position_960(&self) -> Result<Position, (FenField, FenProblem)> {
        self.build(true)
    }

    /// [`Setup::to_position_960`] without the tests of whether the material and the checks
    /// can have arisen by legal moves (Art. 3.10: too many men or promoted pieces,
    /// impossible checks): for move-generator test suites, which hold such positions on
    /// purpose. What the move generator needs still holds (one king a side, the side not
    /// to move not in check, castling rights with their king and rook).
    pub fn to_position_unreachable(&self) -> Result<Position, (FenField, FenProblem)> {
        self.build(false)
    }

    fn build(&self, reachable: bool) -> Result<Position, (FenField, FenProblem)> {
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
        if reachable {
            if let Some(p) = material_problem(&pos) {
                return Err((FenField::Placement, p));
            }
            if let Some((field, p)) = check_problem(&pos, self.ep_square) {
                return Err((field, p));
            }
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
        // The placement and the side to move into a buffer of their size at most (64
        // squares, 7 slashes, 3 bytes), each rank's squares in turn from the board's own
        // order, a piece's letter from a table: the vector's pushes checked their room at
        // each byte (some 1,900 instructions a FEN: the final FEN of every game reported,
        // 1.6 % of `adjudicate`'s instructions on the real games of `shared/data`).
        let mut placement = [0u8; 74];
        let mut n = 0;
        for (r, rank) in self.board.chunks_exact(8).rev().enumerate() {
            if r > 0 {
                placement[n] = b'/';
                n += 1;
            }
            let mut empty = 0;
            for square in rank {
                match square {
                    Some(p) => {
                        if empty > 0 {
                            placement[n] = b'0' + empty;
                            n += 1;
                            empty = 0;
                        }
                        placement[n] = p.fen_byte();
                        n += 1;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                placement[n] = b'0' + empty;
                n += 1;
            }
        }
        placement[n..n + 3].copy_from_slice(&[b' ', self.turn.char() as u8, b' ']);
        fen_after_turn(
            &placement[..n + 3],
            self.castling,
            Some(&self.board),
            self.ep_square,
            self.halfmoves,
            self.fullmoves,
        )
    }
}

/// A FEN from its first two fields and the side's space (`head`, ASCII) and its last four;
/// `board`, the placement, names Chess960 rights as X-FEN does (see [`push_castling`]).
/// Written as bytes into one buffer made a string at the end, where each field's letters
/// were pushed onto the string one by one, its room checked at each (470 instructions a
/// FEN, 350 now, on the final positions of the real games of `shared/data`).
fn fen_after_turn(
    head: &[u8],
    castling: CastlingRights,
    board: Option<&[Option<Piece>; 64]>,
    ep_square: Option<Square>,
    halfmoves: u32,
    fullmoves: u32,
) -> String {
    // The head (74 bytes at most), four castling letters, the square, two numbers of ten
    // digits at most, three spaces.
    let mut buf = [0u8; 128];
    let mut n = head.len();
    buf[..n].copy_from_slice(head);
    let mut put = |bytes: &[u8]| {
        buf[n..n + bytes.len()].copy_from_slice(bytes);
        n += bytes.len();
    };
    // Castling letters are ASCII.
    castling_letters(castling, board, false, |c| put(&[c as u8]));
    match ep_square {
        Some(sq) => put(&[b' ', sq.file().char() as u8, sq.rank().char() as u8, b' ']),
        None => put(b" - "),
    }
    put(decimal(u64::from(halfmoves), &mut [0; 20]));
    put(b" ");
    put(decimal(u64::from(fullmoves), &mut [0; 20]));
    // ASCII bytes only.
    String::from(std::str::from_utf8(&buf[..n]).unwrap_or_default())
}

/// Writes the castling field of a FEN (`KQkq`, `-` for none) at the end of `s`. Chess960
/// rights are written as X-FEN (`K` or `Q` for the outermost rook of `board` on that side,
/// the rook's file otherwise, or always without a board), or as Shredder-FEN (the files,
/// `HAha`) when `shredder` is set.
pub(crate) fn push_castling(
    s: &mut String,
    rights: CastlingRights,
    board: Option<&[Option<Piece>; 64]>,
    shredder: bool,
) {
    castling_letters(rights, board, shredder, |c| s.push(c));
}

/// The letters of [`push_castling`], each given to `put` in turn.
fn castling_letters(
    rights: CastlingRights,
    board: Option<&[Option<Piece>; 64]>,
    shredder: bool,
    mut put: impl FnMut(char),
) {
    if rights.is_empty() {
        put('-');
    }
    for (color, side, c) in CASTLE_LETTERS {
        let Some(rook) = rights.rook(color, side) else {
            continue;
        };
        let letter = if shredder {
            None
        } else if rights.is_standard() {
            Some(c)
        } else {
            board
                .filter(|b| {
                    outermost_rook(b, color, side, rights.king(color).file()) == Some(rook.file())
                })
                .map(|_| c)
        };
        put(letter.unwrap_or_else(|| {
            let f = rook.file().char();
            match color {
                Color::White => f.to_ascii_uppercase(),
                Color::Black => f,
            }
        }));
    }
}

/// The rook's file a standard castling right names.
const fn standard_rook(side: CastleSide) -> File {
    match side {
        CastleSide::King => File::H,
        CastleSide::Queen => File::A,
    }
}

/// The outermost rook of `color` on its back rank on `side` of the king's file.
fn outermost_rook(
    board: &[Option<Piece>; 64],
    color: Color,
    side: CastleSide,
    king: File,
) -> Option<File> {
    let rank = Rank::First.relative_to(color);
    let rook = Some(Piece::new(color, Role::Rook));
    let files: Vec<File> = match side {
        CastleSide::King => File::ALL
            .iter()
            .rev()
            .copied()
            .filter(|f| *f > king)
            .collect(),
        CastleSide::Queen => File::ALL.iter().copied().filter(|f| *f < king).collect(),
    };
    files
        .into_iter()
        .find(|&f| board[Square::from_coords(f, rank).index()] == rook)
}

/// A Chess960 castling letter read against the placement (Guidelines II; X-FEN and
/// Shredder-FEN): its side, the king's file and the rook's file. The king is the one on
/// the back rank; `K`/`Q` name the outermost rook on that side of it (the standard files
/// when there is no king or rook to name, which validation then refuses).
fn castling_960(board: &[Option<Piece>; 64], c: char) -> Option<(Color, CastleSide, File, File)> {
    let color = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    let rank = Rank::First.relative_to(color);
    let king = File::ALL.into_iter().find(|&f| {
        board[Square::from_coords(f, rank).index()] == Some(Piece::new(color, Role::King))
    });
    match c.to_ascii_lowercase() {
        'k' | 'q' => {
            let side = if c.eq_ignore_ascii_case(&'k') {
                CastleSide::King
            } else {
                CastleSide::Queen
            };
            let Some(king) = king else {
                return Some((color, side, File::E, standard_rook(side)));
            };
            let rook = outermost_rook(board, color, side, king).unwrap_or(standard_rook(side));
            Some((color, side, king, rook))
        }
        f @ 'a'..='h' => {
            let file = File::from_char(f)?;
            let king = king.unwrap_or(File::E);
            let side = if file > king {
                CastleSide::King
            } else {
                CastleSide::Queen
            };
            Some((color, side, king, file))
        }
        _ => None,
    }
}

/// Material that cannot arise (Art. 3.10): more than eight pawns or sixteen men a side, or
/// more pieces beyond the starting ones than missing pawns could have become.
fn material_problem(pos: &Position) -> Option<FenProblem> {
    for color in Color::ALL {
        let pawns = pos.pieces(color, Role::Pawn).count();
        if pawns > 8 {
            return Some(FenProblem::TooManyPawns(color, pawns));
        }
        let men = pos.by_color(color).count();
        if men > 16 {
            return Some(FenProblem::TooManyMen(color, men));
        }
        let extra = |n: u32, start: u32| n.saturating_sub(start);
        // Bishops are counted together, not by the colour of their squares: the perft
        // collections hold Chess960 positions with both bishops on one colour.
        let promoted = extra(pos.pieces(color, Role::Queen).count(), 1)
            + extra(pos.pieces(color, Role::Rook).count(), 2)
            + extra(pos.pieces(color, Role::Knight).count(), 2)
            + extra(pos.pieces(color, Role::Bishop).count(), 2);
        let missing_pawns = 8 - pawns;
        if promoted > missing_pawns {
            return Some(FenProblem::TooManyPromoted {
                color,
                promoted,
                missing_pawns,
            });
        }
    }
    None
}

/// Checks that no move can have given (Art. 3.10): every check is given by the last move,
/// directly or by uncovering a rook, bishop or queen, so at most two pieces check; two
/// checkers are never on one line through the king, and one of them is a slider; a pawn
/// that checks has just moved, from a square now empty; and after a double step (an
/// en-passant square) the check is the pawn's own or one it uncovered.
fn check_problem(pos: &Position, ep: Option<Square>) -> Option<(FenField, FenProblem)> {
    let us = pos.turn();
    let them = !us;
    let ksq = pos.king(us);
    let occ = pos.occupied();
    let checkers = pos.attackers_to(ksq, them, occ);
    let n = checkers.count();
    if n > 2 {
        return Some((FenField::Placement, FenProblem::TripleCheck(us, n)));
    }
    let sliders = pos.by_role(Role::Bishop) | pos.by_role(Role::Rook) | pos.by_role(Role::Queen);
    if n == 2 {
        let a = checkers.lsb();
        let b = checkers.without(a).lsb();
        if attacks::aligned(a, ksq, b) || (checkers & sliders).is_empty() {
            return Some((FenField::Placement, FenProblem::ImpossibleDoubleCheck(a, b)));
        }
    }
    for sq in checkers & pos.by_role(Role::Pawn) {
        // The pawn of `them` came from a square behind it, which it left empty.
        let back = if them == Color::White { -1 } else { 1 };
        let on_start = sq.rank() == Rank::Second.relative_to(them);
        let empty = |s: Option<Square>| s.is_some_and(|s| !occ.contains(s));
        let step = sq.offset(0, back);
        let double = (sq.rank() == Rank::Fourth.relative_to(them) && empty(step))
            .then(|| sq.offset(0, 2 * back))
            .flatten();
        let came =
            empty(step) || empty(double) || empty(sq.offset(-1, back)) || empty(sq.offset(1, back));
        if on_start || !came {
            return Some((FenField::Placement, FenProblem::ImpossiblePawnCheck(sq)));
        }
    }
    if let (Some(ep), true) = (ep, n > 0) {
        // The pawn of `them` went from behind `ep` to beyond it.
        let forward = if them == Color::White { 1 } else { -1 };
        let (Some(to), Some(from)) = (ep.offset(0, forward), ep.offset(0, -forward)) else {
            return None;
        };
        let explained = n == 1
            && (checkers.contains(to)
                || ((checkers & sliders).nonempty()
                    && attacks::between(ksq, checkers.lsb()).contains(from)));
        if !explained {
            return Some((FenField::EnPassant, FenProblem::EnPassantCheck(ep)));
        }
    }
    None
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

    /// Reads and validates a Chess960 FEN (Guidelines II): X-FEN or Shredder-FEN castling
    /// rights. A standard FEN reads as the same position.
    pub fn from_fen_960(fen: &str) -> Result<Position, FenError> {
        Setup::from_fen_960(fen)?
            .to_position_960()
            .map_err(|(field, problem)| FenError {
                fen: fen.to_string(),
                field,
                problem,
            })
    }

    /// Reads a FEN for a move-generator test: a standard FEN or, when standard chess
    /// refuses its castling rights, X-FEN or Shredder-FEN; a position that cannot arise by
    /// legal moves (Art. 3.10) is accepted when the move generator can work on it
    /// ([`Setup::to_position_unreachable`]). The standard reading's error is reported.
    pub fn from_fen_unreachable(fen: &str) -> Result<Position, FenError> {
        let to_err = |(field, problem)| FenError {
            fen: fen.to_string(),
            field,
            problem,
        };
        let standard = Setup::from_fen(fen)?;
        match standard.to_position() {
            Ok(pos) => Ok(pos),
            Err((FenField::Castling, p)) => Setup::from_fen_960(fen)?
                .to_position_unreachable()
                .map_err(|_| to_err((FenField::Castling, p))),
            Err(_) => standard.to_position_unreachable().map_err(to_err),
        }
    }

    /// The FEN with the castling rights as Shredder-FEN writes them, by the rooks' files
    /// (`HAha`); the other fields as [`Position::to_fen`].
    pub fn to_shredder_fen(&self) -> String {
        let setup = self.to_setup();
        let fen = setup.to_fen();
        let mut castling = String::new();
        push_castling(&mut castling, self.castling, None, true);
        let mut fields: Vec<&str> = fen.split(' ').collect();
        fields[2] = &castling;
        fields.join(" ")
    }

    /// Reads a FEN for analysis (`escaque dead`, the CHA vectors): castling rights and an
    /// en-passant square that the placement contradicts are dropped instead of refused,
    /// and a set-up that cannot arise in a game (Art. 3.10) is analysed as it stands (the
    /// unwinnability of a composed position is still a question); the other errors stand.
    pub fn from_fen_lenient(fen: &str) -> Result<Position, FenError> {
        Setup::from_fen(fen)?
            .cleaned()
            .to_position_unreachable()
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
        self.fen_with_ep(self.ep_square)
    }

    /// The FEN with the en-passant square only when an en-passant capture is legal (the
    /// convention of lichess and python-chess, and the sense of "same position" in Art.
    /// 9.2.3); `to_fen` records it after every double step, as the PGN standard does.
    pub fn to_fen_legal_ep(&self) -> String {
        self.fen_with_ep(self.legal_ep_square())
    }

    /// The FEN with `ep_square` for its en-passant field, as [`Setup::to_fen`] writes it.
    /// The placement comes from the bitboards: each rank's pieces are found by the bits of
    /// its byte of the occupancy (a final position has few), their letters from a table
    /// filled piece by piece, where the set-up's 64 squares were filled and then read one
    /// by one (the final FEN of every game `adjudicate` reports). Chess960 rights, which
    /// X-FEN names against the placement, go through the set-up.
    fn fen_with_ep(&self, ep_square: Option<Square>) -> String {
        if !self.castling.is_standard() {
            let mut setup = self.to_setup();
            setup.ep_square = ep_square;
            return setup.to_fen();
        }
        let mut letters = [0u8; 64];
        for color in Color::ALL {
            for role in Role::ALL {
                let letter = Piece { color, role }.fen_byte();
                for sq in self.pieces(color, role) {
                    letters[sq.index()] = letter;
                }
            }
        }
        let occupied = self.occupied().0;
        // 64 squares, 7 slashes, the side to move between two spaces.
        let mut head = [0u8; 74];
        let mut n = 0;
        for rank in (0..8).rev() {
            let mut row = (occupied >> (8 * rank)) & 0xff;
            let mut file = 0;
            while row != 0 {
                let at = row.trailing_zeros() as usize;
                if at > file {
                    head[n] = b'0' + (at - file) as u8;
                    n += 1;
                }
                head[n] = letters[8 * rank + at];
                n += 1;
                file = at + 1;
                row &= row - 1;
            }
            if file < 8 {
                head[n] = b'0' + (8 - file) as u8;
                n += 1;
            }
            if rank > 0 {
                head[n] = b'/';
                n += 1;
            }
        }
        head[n..n + 3].copy_from_slice(&[b' ', self.turn.char() as u8, b' ']);
        fen_after_turn(
            &head[..n + 3],
            self.castling,
            None,
            ep_square,
            self.halfmoves,
            self.fullmoves,
        )
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::testing::random_line;

    /// The FEN written from the bitboards is the set-up's, en-passant field and all, on
    /// random games from the standard start and from Chess960 starts (whose rights go
    /// through the set-up), with their castlings, promotions and double steps.
    #[test]
    fn fen_from_the_bitboards_is_the_set_ups() {
        let mut seed = 0x5eed_f00d_u64;
        let mut starts = vec![Position::new()];
        starts.extend(
            [0, 1, 100, 517, 959].map(|n| crate::core::chess960::start_position(n).unwrap()),
        );
        let mut eps = 0;
        for start in starts {
            for _ in 0..20 {
                for pos in random_line(start, 200, &mut seed) {
                    assert_eq!(pos.to_fen(), pos.to_setup().to_fen());
                    let mut setup = pos.to_setup();
                    setup.ep_square = pos.legal_ep_square();
                    assert_eq!(pos.to_fen_legal_ep(), setup.to_fen());
                    eps += usize::from(pos.legal_ep_square().is_some());
                }
            }
        }
        assert!(eps > 0, "{eps}");
    }
}
