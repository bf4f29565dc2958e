//! escaque: a terminal chess program that follows the FIDE Laws of Chess (2023) to the
//! letter. See `DESIGN.md` in the shared folder for the layers; this crate holds them all.

pub mod action;
pub mod adjudicate;
pub mod cli;
pub mod config;
pub mod core;
pub mod engine;
pub mod fsutil;
pub mod json;
pub mod keymap;
pub mod lang;
pub mod laws;
pub mod modes;
pub mod net;
pub mod speech;
pub mod table;
pub mod terminal;
pub mod toml_file;
pub mod ui;
pub mod usage;
pub(crate) mod words;
