//! The competition above the board: the record of a game and what the Laws say about how
//! it ends (Art. 5, 8, 9), PGN in and out. No terminal, no system clock.

pub mod pgn;
