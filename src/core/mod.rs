//! The rules core, Art. 1–3 and App. C: the board, the pieces and their moves, FEN and the
//! notations, repetition keys, perft, and what the position itself says about the end of
//! the game. No I/O, no time, no allocation in the move generator.

pub mod attacks;
pub mod bitboard;
pub mod chess960;
pub mod dead;
pub mod fen;
pub mod movegen;
pub mod moves;
pub mod outcome;
pub mod perft;
pub mod piece;
pub(crate) mod pool;
pub mod position;
pub mod san;
pub mod square;
#[cfg(test)]
pub(crate) mod testing;
mod zobrist;

pub use bitboard::Bitboard;
pub use dead::{DeadPosition, Verdict};
pub use fen::{FenError, FenField, FenProblem, STARTING_FEN, Setup};
pub use movegen::PieceMoves;
pub use moves::{CastleSide, Move, MoveKind, MoveList, ParseUciError, UciMove};
pub use outcome::BoardOutcome;
pub use perft::{divide, perft};
pub use piece::{Color, Piece, Role};
pub use position::{CastlingRights, IllegalMoveError, Position, Undo};
pub use san::{Letters, Notation, San, SanError, SanProblem, Suffix, parse_move, write_move};
pub use square::{File, Rank, Square};
