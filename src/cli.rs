//! The command line (clap): one subcommand per mode. Later issues add `play`, `replay`,
//! `adjudicate`, `pgn`, `dead` and `serve`; until play mode exists, running `escaque`
//! without a subcommand prints the help.

use std::io::Write;

use clap::{Parser, Subcommand};

use crate::core::{Position, STARTING_FEN, divide};

#[derive(Parser, Debug)]
#[command(
    name = "escaque",
    version,
    about = "Chess in the terminal, by the FIDE Laws of Chess (2023)",
    long_about = "escaque: a full-screen terminal chess program with a board, a chess clock \
                  and a scoresheet, following the FIDE Laws of Chess (2023 edition)."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the legal move sequences to DEPTH plies (tests the move generator).
    Perft {
        /// Start from this position instead of the initial one (FEN, quoted).
        #[arg(long)]
        fen: Option<String>,
        /// Depth in plies.
        depth: u32,
        /// Print the count below each legal first move before the total.
        #[arg(long)]
        divide: bool,
    },
}

/// A failure of a command, already worded for the user.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error(transparent)]
    Fen(#[from] crate::core::FenError),
    #[error("could not write the output: {0}")]
    Io(#[from] std::io::Error),
}

/// Runs a parsed command line, writing its output to `out`.
pub fn run(cli: Cli, out: &mut impl Write) -> Result<(), CliError> {
    match cli.command {
        None => {
            use clap::CommandFactory;
            let help = Cli::command().render_help();
            writeln!(out, "{help}")?;
        }
        Some(Command::Perft {
            fen,
            depth,
            divide: split,
        }) => {
            let pos = Position::from_fen(fen.as_deref().unwrap_or(STARTING_FEN))?;
            let total = if split {
                let mut total = 0;
                for (mv, n) in divide(&pos, depth) {
                    writeln!(out, "{mv}: {n}")?;
                    total += n;
                }
                if depth == 0 {
                    total = 1;
                }
                total
            } else {
                crate::core::perft(&pos, depth)
            };
            writeln!(out, "nodes {total}")?;
        }
    }
    Ok(())
}
