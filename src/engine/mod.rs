//! A UCI client for real engines (Stockfish): the process, the handshake and options, the
//! search with the game clock, and every way an engine can fail, told in words.
//!
//! - [`Engine::spawn`] starts the program and does the handshake (`uci`/`uciok`, options,
//!   `isready`/`readyok`) within [`EngineOptions::handshake_timeout`].
//! - [`Engine::go`] sends the position (start position and the moves played) and the
//!   search limits ([`GoClock`], built from the game's [`Clock`] with [`GoClock::from_clock`]).
//! - A reader thread turns the engine's output into lines on a channel, so the UI loop never
//!   blocks: [`Engine::poll`] (non-blocking) and [`Engine::wait_event`] (bounded wait, for
//!   the line mode and tests) give [`EngineEvent`]s.
//! - An engine that is missing, crashes, answers with an illegal move or stops answering is
//!   an [`EngineError`] (returned, or in [`EngineEvent::Failed`]) whose Display (English)
//!   and [`EngineError::describe`] (Spanish or English) say what happened. The game itself
//!   is the caller's and is never touched here.
//!
//! **Time.** Deadlines for a search are computed from the `now` the caller passes (the same
//! milliseconds as the game clock): [`Engine::go`] takes `now_ms` and [`Engine::overdue`]
//! compares a later `now_ms` with the caller's limit. `std::time::Instant` is read only
//! inside the client's own blocking waits: the handshake and `isready` in
//! [`Engine::spawn`]/[`Engine::new_game`], [`Engine::wait_event`], [`Engine::best_move`],
//! and the grace period when the engine is shut down.

mod process;
pub mod uci;

use std::fmt;
use std::path::PathBuf;
use std::process::ExitStatus;
use std::sync::Arc;
use std::time::Duration;

use crate::core::Color;
use crate::laws::clock::Clock;

pub use process::Engine;
pub use uci::{EngineLine, OptionKind, Score, SearchInfo, UciOption};

/// How strong the engine should play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Strength {
    /// The `Skill Level` option (Stockfish: 0 to 20).
    Skill(u8),
    /// `UCI_LimitStrength` and `UCI_Elo` (Stockfish 15: 1350 to 2850).
    Elo(u32),
}

/// The settings sent to the engine after the handshake. Options the engine does not offer
/// are skipped with a note ([`Engine::notes`]), not an error.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EngineOptions {
    pub strength: Option<Strength>,
    /// `Threads`.
    pub threads: Option<u32>,
    /// `Hash`, in MB.
    pub hash_mb: Option<u32>,
    /// `Move Overhead`, in ms: the time the engine keeps back for the transmission of its
    /// move (the UI's own delay).
    pub move_overhead_ms: Option<u32>,
    /// Any other option by name and value (an empty value for a button).
    pub extra: Vec<(String, String)>,
    /// The game is Chess960 (Guidelines II): `UCI_Chess960` is set, and castling is written
    /// and read as the king taking its own rook (`e1h1`). An engine without the option is
    /// refused ([`EngineError::NoChess960`]).
    pub chess960: bool,
    /// How long the handshake (`uciok`, then `readyok`) and `isready` may take.
    pub handshake_timeout: Duration,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            strength: None,
            threads: None,
            hash_mb: None,
            move_overhead_ms: None,
            extra: Vec::new(),
            chess960: false,
            handshake_timeout: Duration::from_secs(10),
        }
    }
}

/// The limits of one search.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GoClock {
    /// The game clock: remaining time of each side, the per-move bonus of each side's
    /// current period, and the moves the side to move must make before the next control.
    /// All times in milliseconds.
    Clock {
        wtime: u64,
        btime: u64,
        winc: u64,
        binc: u64,
        movestogo: Option<u32>,
        /// At most this long for this move (`movetime` beside the clock: the engine manages
        /// its time and stops at this bound, as Stockfish does), from the config's
        /// `max_move_time_ms`.
        movetime: Option<u64>,
    },
    /// Think for this many milliseconds (untimed games).
    MoveTime(u64),
    /// Search to this depth (untimed games, tests).
    Depth(u32),
    /// Search this many nodes (reproducible with one thread).
    Nodes(u64),
}

impl GoClock {
    /// The clock as the engine must see it at `now_ms` (the clock's own time scale): each
    /// side's main time (`Clock::remaining`), the increment or delay of each side's current
    /// period as `winc`/`binc` (UCI has no delay: a US or Bronstein delay, like an
    /// increment, is time a move may use without losing main time), and the moves to the
    /// next control of the side on move as `movestogo` (none in a period for the rest of
    /// the game). `None` for an untimed control (`none`, `?`): the caller chooses
    /// [`GoClock::MoveTime`] or [`GoClock::Depth`] then.
    pub fn from_clock(clock: &Clock, now_ms: u64) -> Option<GoClock> {
        let w = clock.remaining(Color::White, now_ms)?;
        let b = clock.remaining(Color::Black, now_ms)?;
        let bonus = |c: Color| clock.bonus(c).map_or(0, |b| b.ms());
        // Before the clock starts nobody is on move: White, unless White has moved more.
        let on_move =
            clock
                .on_move()
                .unwrap_or(if clock.moves(Color::White) > clock.moves(Color::Black) {
                    Color::Black
                } else {
                    Color::White
                });
        Some(GoClock::Clock {
            wtime: w.main_ms,
            btime: b.main_ms,
            winc: bonus(Color::White),
            binc: bonus(Color::Black),
            movestogo: clock.moves_to_control(on_move),
            movetime: None,
        })
    }

    /// The limits of a search by the engine's settings (`move_time_ms`,
    /// `max_move_time_ms`), for `turn`, the side searching:
    ///
    /// - an untimed game (`clock` is `None`): `go movetime` of the move time (1 s when
    ///   none is set), never beyond the maximum;
    /// - a clocked game with a move time: `go movetime` of it, never beyond the maximum nor
    ///   nine tenths of the time `turn` has left (main time and bonus);
    /// - a clocked game with only a maximum: the clock, with `movetime` of the maximum
    ///   (bounded the same way) beside it;
    /// - a clocked game with neither: the clock as it is.
    pub fn with_settings(
        clock: Option<GoClock>,
        turn: Color,
        move_time_ms: Option<u64>,
        max_move_time_ms: Option<u64>,
    ) -> GoClock {
        let cap = |ms: u64| max_move_time_ms.map_or(ms, |m| ms.min(m)).max(1);
        let Some(GoClock::Clock {
            wtime,
            btime,
            winc,
            binc,
            movestogo,
            ..
        }) = clock
        else {
            return match clock {
                Some(GoClock::MoveTime(ms)) => GoClock::MoveTime(cap(ms)),
                Some(other) => other,
                None => GoClock::MoveTime(cap(move_time_ms.unwrap_or(1000))),
            };
        };
        let left = match turn {
            Color::White => wtime.saturating_add(winc),
            Color::Black => btime.saturating_add(binc),
        };
        // Never beyond the time left: the answer must still reach the clock in time.
        let safe = |ms: u64| cap(ms).min(left - left / 10).max(1);
        match (move_time_ms, max_move_time_ms) {
            (Some(ms), _) => GoClock::MoveTime(safe(ms)),
            (None, Some(max)) => GoClock::Clock {
                wtime,
                btime,
                winc,
                binc,
                movestogo,
                movetime: Some(safe(max)),
            },
            (None, None) => clock.unwrap_or(GoClock::MoveTime(1000)),
        }
    }

    /// A limit for [`Engine::overdue`]: the longest a sound engine can take to answer, plus
    /// `grace_ms` — with the clock, all the time of `turn` (the side searching) and its
    /// bonus; with a move time, that time. `None` for a depth or nodes search, which has
    /// no time bound.
    pub fn answer_limit_ms(&self, turn: Color, grace_ms: u64) -> Option<u64> {
        match *self {
            GoClock::Clock {
                wtime,
                btime,
                winc,
                binc,
                movetime,
                ..
            } => {
                let (time, inc) = match turn {
                    Color::White => (wtime, winc),
                    Color::Black => (btime, binc),
                };
                let most = time.saturating_add(inc);
                let most = movetime.map_or(most, |m| most.min(m));
                Some(most.saturating_add(grace_ms))
            }
            GoClock::MoveTime(ms) => Some(ms.saturating_add(grace_ms)),
            GoClock::Depth(_) | GoClock::Nodes(_) => None,
        }
    }

    /// The arguments of `go`: `wtime 900000 btime 900000 winc 10000 binc 10000`,
    /// `movetime 1000`, `depth 8`, `nodes 1000`.
    pub fn go_command(&self) -> String {
        match *self {
            GoClock::Clock {
                wtime,
                btime,
                winc,
                binc,
                movestogo,
                movetime,
            } => {
                let mut s = format!("go wtime {wtime} btime {btime} winc {winc} binc {binc}");
                if let Some(m) = movestogo {
                    s.push_str(&format!(" movestogo {m}"));
                }
                if let Some(m) = movetime {
                    s.push_str(&format!(" movetime {m}"));
                }
                s
            }
            GoClock::MoveTime(ms) => format!("go movetime {ms}"),
            GoClock::Depth(d) => format!("go depth {d}"),
            GoClock::Nodes(n) => format!("go nodes {n}"),
        }
    }
}

/// What the engine says while it runs.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum EngineEvent {
    /// The engine's move, legal in the position it was given.
    BestMove(crate::core::Move),
    /// Progress of the search (depth, score, principal variation checked for legality).
    Info(SearchInfo),
    /// Something went wrong: the engine died, answered with an illegal move or no move, or
    /// did not answer in time. The game is untouched; show `speech::errors::engine`.
    Failed(EngineError),
}

/// Everything that can go wrong with an engine, in words.
#[derive(Clone, Debug, thiserror::Error)]
pub enum EngineError {
    #[error("the engine '{program}' was not found: {source}")]
    NotFound {
        program: String,
        source: Arc<std::io::Error>,
    },
    #[error("the engine '{program}' could not be started: {source}")]
    Spawn {
        program: String,
        source: Arc<std::io::Error>,
    },
    #[error(
        "the engine '{program}' did not answer '{command}' with '{expected}' within {}",
        seconds(*waited_ms)
    )]
    Handshake {
        program: String,
        command: &'static str,
        expected: &'static str,
        waited_ms: u64,
    },
    #[error(
        "the engine '{program}' stopped{}{}",
        exit_words(status),
        stderr_words(last_stderr)
    )]
    Died {
        program: String,
        status: Option<ExitStatus>,
        last_stderr: Option<String>,
    },
    #[error("the engine '{program}' stopped answering after {}", seconds(*waited_ms))]
    Unresponsive { program: String, waited_ms: u64 },
    #[error(
        "the engine '{program}' answered with the move '{text}', which is not legal in the \
         position {fen}"
    )]
    IllegalBestMove {
        program: String,
        text: String,
        fen: String,
    },
    #[error("the engine '{program}' gave no move ('bestmove {text}') in the position {fen}")]
    NoMove {
        program: String,
        text: String,
        fen: String,
    },
    #[error(
        "the engine '{program}' does not play Chess960 (it offers no UCI_Chess960 option): \
         play this game without it, or use an engine that does, such as Stockfish"
    )]
    NoChess960 { program: String },
    #[error(
        "move {number} ('{text}') given to the engine is not legal in the position {fen}: the \
         engine was not asked"
    )]
    IllegalMoveGiven {
        number: usize,
        text: String,
        fen: String,
    },
}

impl PartialEq for EngineError {
    /// Same kind, same words (io errors compare by their text).
    fn eq(&self, other: &Self) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
            && self.to_string() == other.to_string()
    }
}

impl Eq for EngineError {}

fn seconds(ms: u64) -> String {
    if ms % 1000 == 0 {
        format!("{} s", ms / 1000)
    } else {
        format!("{:.1} s", ms as f64 / 1000.0)
    }
}

fn exit_words(status: &Option<ExitStatus>) -> String {
    match status {
        Some(s) => format!(" ({s})"),
        None => String::new(),
    }
}

fn stderr_words(last: &Option<String>) -> String {
    match last {
        Some(s) => format!("; its last words: \"{s}\""),
        None => String::new(),
    }
}

impl EngineError {
    /// The program (or the engine's name) the error is about, when there is one.
    pub fn program(&self) -> Option<&str> {
        match self {
            EngineError::NotFound { program, .. }
            | EngineError::Spawn { program, .. }
            | EngineError::Handshake { program, .. }
            | EngineError::Died { program, .. }
            | EngineError::Unresponsive { program, .. }
            | EngineError::IllegalBestMove { program, .. }
            | EngineError::NoMove { program, .. }
            | EngineError::NoChess960 { program } => Some(program),
            EngineError::IllegalMoveGiven { .. } => None,
        }
    }
}

/// A note on the options: what was skipped or adjusted (not an error).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum OptionNote {
    /// The engine does not offer the option: not sent.
    NotOffered { name: String },
    /// A number outside the option's bounds: the nearest bound was sent.
    Clamped { name: String, asked: i64, sent: i64 },
    /// The value does not fit the option's type (not a number, not true/false, not one of
    /// the combo's values): not sent.
    BadValue { name: String, value: String },
}

/// In English, for logs; `speech::errors::option_note` says it in the session's language.
impl fmt::Display for OptionNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionNote::NotOffered { name } => {
                write!(f, "the engine does not offer the option '{name}': skipped")
            }
            OptionNote::Clamped { name, asked, sent } => {
                write!(
                    f,
                    "option '{name}': {asked} is out of range, {sent} was set"
                )
            }
            OptionNote::BadValue { name, value } => {
                write!(
                    f,
                    "option '{name}': the value '{value}' does not fit it: skipped"
                )
            }
        }
    }
}

/// Where a program is: a path with a `/` as it is; a bare name on `PATH`, then in
/// `/usr/games` and `/usr/local/games` (where Debian puts Stockfish, often not on root's
/// `PATH`). `None` when it is nowhere.
pub fn locate(program: &str) -> Option<PathBuf> {
    let p = std::path::Path::new(program);
    if program.contains(std::path::MAIN_SEPARATOR) || program.contains('/') {
        return p.is_file().then(|| p.to_path_buf());
    }
    let path_dirs = std::env::var_os("PATH")
        .map(|v| std::env::split_paths(&v).collect::<Vec<_>>())
        .unwrap_or_default();
    path_dirs
        .into_iter()
        .chain(["/usr/games".into(), "/usr/local/games".into()])
        .map(|d: PathBuf| d.join(program))
        .find(|c| c.is_file())
}
