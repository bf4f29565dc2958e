//! The competition above the board: the record of a game and what the Laws say about how
//! it ends (Art. 5, 8, 9), PGN in and out. No terminal, no system clock.

pub mod adjourn;
pub mod arbiter;
pub mod article;
pub mod check;
pub mod clock;
pub mod export;
pub mod game;
pub mod irregularity;
pub mod pgn;
pub mod time_control;
pub mod touch;

pub use article::Article;
pub use game::{
    Claim, ClaimKind, Discovery, DrawOffer, Game, GameError, GameEvent, GameResult, IllegalKind,
    LapseReason, OfferTiming, Outcome, Penalty, Ply, Supervision, Termination,
};
