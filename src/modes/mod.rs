//! The modes of the program over the laws: play (full screen and line mode) and the
//! arbiter's replay. One event loop: input → action → update → events → draw / announce.

pub mod app;
pub mod event_loop;
pub mod line;
pub mod persist;
pub mod play;
pub mod replay;
pub mod replay_line;
pub mod serve;
