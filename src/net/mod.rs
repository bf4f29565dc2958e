//! The SSH layer of `escaque serve`: transport, keys and terminal plumbing; nothing of
//! chess (the rooms and screens are in `table::room` and `modes::serve`).

pub mod keys;
pub mod limits;
pub mod log;
pub mod output;
pub mod service;
pub mod ssh;
pub mod term;
