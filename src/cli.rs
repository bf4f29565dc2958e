//! The command line (clap): one subcommand per mode. `escaque` alone opens a game (the
//! options of `play` are accepted without the word); `play`, the tools `perft`, `pgn`,
//! `tc`, `dead`, and the helpers `completions` and `man`.

use std::fs::File;
use std::io::{BufReader, Write};
use std::path::PathBuf;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};

mod man;

use crate::core::{Letters, Notation, Position, STARTING_FEN, divide};
use crate::laws::arbiter::check_games;
use crate::laws::pgn::{self, MoveText};

#[derive(Parser, Debug)]
#[command(
    name = "escaque",
    version,
    about = "Chess in the terminal, by the FIDE Laws of Chess (2023)",
    long_about = "escaque: a full-screen terminal chess program with a board, a chess clock \
                  and a scoresheet, following the FIDE Laws of Chess (2023 edition)."
)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Without a subcommand: the options of `play`.
    #[command(flatten)]
    pub play: PlayArgs,
}

/// Who plays a side.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatArg {
    /// A person at this terminal.
    Human,
    /// The UCI engine (`--engine PATH`, or `[engine] path` in the config).
    Engine,
}

/// The names profile of announcements (App. D).
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum NamesArg {
    /// Ana, Bella, César … uno, dos … (Spanish).
    Es,
    /// Anna, Bella, Cesar … one, two … (English).
    En,
    /// The official App. D.2.1 text: Anna … Hector, eins, zwei …
    Fide,
}

/// The options of a game.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct PlayArgs {
    /// Time control: `15+10`, `90/40+30:30+30`, `3+2d` (delay), `none`, or `pgn:300+2`
    /// (default: the config's, 15+10).
    // (A doc comment here would be --help text.) Read by `PlayArgs::options`, which says
    // what is wrong in the session's language.
    #[arg(long, value_name = "SPEC")]
    pub tc: Option<String>,
    /// Who plays White.
    #[arg(long, value_enum, value_name = "WHO")]
    pub white: Option<SeatArg>,
    /// Who plays Black.
    #[arg(long, value_enum, value_name = "WHO")]
    pub black: Option<SeatArg>,
    /// The UCI engine program (default: the config's, `stockfish`).
    #[arg(long, value_name = "PATH")]
    pub engine: Option<PathBuf>,
    /// The engine's strength as an Elo rating (`UCI_LimitStrength`, `UCI_Elo`; Stockfish
    /// 15 takes 1350-2850) (default: the config's `[engine] elo`).
    #[arg(long, value_name = "ELO", conflicts_with = "engine_skill",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub engine_elo: Option<u32>,
    /// The engine's `Skill Level`, 0 (weakest) to 20 (full strength) (default: the config's
    /// `[engine] skill_level`).
    #[arg(long, value_name = "LEVEL", value_parser = clap::value_parser!(u8).range(0..=20))]
    pub engine_skill: Option<u8>,
    /// The engine thinks this many milliseconds a move, with a clock too (never beyond the
    /// time it has left) (default: the config's `[engine] move_time_ms`, else its own time
    /// management on the clock).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub engine_movetime: Option<u64>,
    /// Start from this position (FEN, quoted).
    #[arg(long)]
    pub fen: Option<String>,
    /// Play Chess960 from start position N (0-959; 518 is the standard position); without
    /// N, one drawn at random.
    #[arg(long, value_name = "N", num_args = 0..=1, default_missing_value = "")]
    pub chess960: Option<String>,
    /// Resume the game saved in this PGN file; alone, the unfinished game of the autosave.
    #[arg(long, value_name = "FILE", num_args = 0..=1, default_missing_value = "")]
    pub resume: Option<PathBuf>,
    /// Interface language (default: the config's, else LANG).
    #[arg(long, value_parser = parse_lang(), ignore_case = true)]
    pub lang: Option<crate::lang::Lang>,
    /// Names of squares and pieces in announcements.
    #[arg(long, value_enum)]
    pub names: Option<NamesArg>,
    /// Notation of the scoresheet.
    #[arg(long, value_enum)]
    pub notation: Option<NotationArg>,
    /// Theme: classic, high-contrast, monochrome, colour-blind, or a user theme.
    #[arg(long)]
    pub theme: Option<String>,
    /// Draw the board with ASCII letters.
    #[arg(long)]
    pub ascii: bool,
    /// The screen-reader line mode: plain lines, no screen drawing.
    #[arg(long)]
    pub screen_reader: bool,
    /// Speak announcements aloud with spd-say or espeak-ng (line mode).
    #[arg(long)]
    pub speak: bool,
    /// White's name on the scoresheet.
    #[arg(long, value_name = "NAME")]
    pub white_name: Option<String>,
    /// Black's name on the scoresheet.
    #[arg(long, value_name = "NAME")]
    pub black_name: Option<String>,
}

/// The command line's definition with its help in `lang`: clap's from the doc comments in
/// English, with the words of `speech::help` in Spanish.
pub fn command(lang: crate::lang::Lang) -> clap::Command {
    localized(Cli::command(), lang)
}

fn localized(cmd: clap::Command, lang: crate::lang::Lang) -> clap::Command {
    // At most 80 columns, as the rest of the program (clap would take the terminal's).
    let cmd = cmd.max_term_width(80);
    match lang {
        crate::lang::Lang::En => cmd,
        crate::lang::Lang::Es => crate::usage::help::spanish(cmd),
    }
}

/// Reads the command line `args` (the program's name first). When clap refuses it, or it
/// asks for the help or the version, the error is clap's (built in the language of
/// [`help_lang`], so that it prints the help in that language) with, for a Spanish
/// session's refusals, their text in Spanish; `None` where clap's own output serves: the
/// help, the version, and the refusals in English.
pub fn parse(args: Vec<std::ffi::OsString>) -> Result<Cli, (clap::Error, Option<String>)> {
    let parse = |cmd: clap::Command| {
        cmd.try_get_matches_from(&args)
            .and_then(|m| Cli::from_arg_matches(&m))
    };
    // The language is needed only to say something: found (the config read) only then.
    let english = match parse(command(crate::lang::Lang::En)) {
        Ok(cli) => return Ok(cli),
        Err(e) => e,
    };
    match help_lang(&args) {
        crate::lang::Lang::En => Err((english, None)),
        crate::lang::Lang::Es => {
            let e = match parse(command(crate::lang::Lang::Es)) {
                Ok(cli) => return Ok(cli),
                Err(e) => e,
            };
            let said = crate::usage::spanish_refusal(&e);
            Err((e, said))
        }
    }
}

/// The language of the help and of the command line's errors, found before the command
/// line is understood: `--lang` when `args` has it, else as the session would speak (the
/// config's, else the environment's).
pub fn help_lang(args: &[std::ffi::OsString]) -> crate::lang::Lang {
    session_lang(crate::usage::lang_in_args(
        args.iter().skip(1).map(|a| a.to_str()),
    ))
}

/// A time control from the command line; what is wrong in it said in `lang`.
fn parse_tc(
    s: &str,
    lang: crate::lang::Lang,
) -> Result<crate::laws::time_control::TimeControl, CliError> {
    s.parse().map_err(|e| {
        CliError::Usage(format!(
            "--tc {}",
            crate::speech::errors::time_control(&e, lang)
        ))
    })
}

/// The session's language as play mode will choose it: the command line's, else the
/// config's (when the config file can be read), else the environment's. For the errors of
/// the command line itself, said before play mode reads its config.
fn session_lang(given: Option<crate::lang::Lang>) -> crate::lang::Lang {
    given.unwrap_or_else(|| {
        crate::config::Paths::from_env()
            .ok()
            .and_then(|paths| crate::config::Config::load(&paths).ok())
            .map_or_else(crate::lang::Lang::from_env, |config| config.lang())
    })
}

/// `--lang`: `es` or `en` (any case, or a language's name, `español`, `English`), so that
/// clap lists the two in the help, the completions and its refusal.
pub(crate) fn parse_lang() -> impl clap::builder::TypedValueParser<Value = crate::lang::Lang> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new([
        PossibleValue::new("es").aliases(["spanish", "español", "espanol"]),
        PossibleValue::new("en").aliases(["english", "inglés", "ingles"]),
    ])
    .map(|code| code.parse().unwrap_or_default())
}

impl NamesArg {
    fn profile(self) -> crate::speech::Profile {
        match self {
            NamesArg::Es => crate::speech::Profile::Es,
            NamesArg::En => crate::speech::Profile::En,
            NamesArg::Fide => crate::speech::Profile::Fide,
        }
    }
}

/// The scoresheet's notation chosen on the command line: `uci` is refused, since a scoresheet
/// is kept in algebraic notation (Art. 8.1, App. C).
fn scoresheet_notation(
    n: Option<NotationArg>,
    lang: crate::lang::Lang,
) -> Result<Option<Notation>, CliError> {
    n.map(|n| {
        n.notation()
            .ok_or_else(|| CliError::Usage(crate::speech::setup::uci_is_no_scoresheet(lang)))
    })
    .transpose()
}

impl PlayArgs {
    /// The options of play mode; `--notation uci` is refused (a scoresheet is algebraic).
    pub fn options(&self) -> Result<crate::modes::play::PlayOptions, CliError> {
        use crate::table::session::Seat;
        let seat = |s: Option<SeatArg>| {
            s.map(|s| match s {
                SeatArg::Human => Seat::Human,
                SeatArg::Engine => Seat::Engine,
            })
        };
        let lang = || session_lang(self.lang);
        let time_control = self
            .tc
            .as_deref()
            .map(|tc| parse_tc(tc, lang()))
            .transpose()?;
        let chess960 = match self.chess960.as_deref() {
            None => None,
            Some(_) if self.fen.is_some() => {
                return Err(CliError::Usage(crate::speech::setup::chess960_with_fen(
                    lang(),
                )));
            }
            Some(n) => Some(chess960_number(n).ok_or_else(|| {
                CliError::Usage(crate::speech::setup::chess960_number_error(lang(), n))
            })?),
        };
        Ok(crate::modes::play::PlayOptions {
            time_control,
            chess960,
            white: seat(self.white),
            black: seat(self.black),
            engine: self.engine.clone(),
            fen: self.fen.clone(),
            resume: self.resume.clone(),
            lang: self.lang,
            names: self.names.map(NamesArg::profile),
            notation: scoresheet_notation(self.notation, lang())?,
            theme: self.theme.clone(),
            ascii: self.ascii,
            screen_reader: self.screen_reader,
            speak: self.speak,
            white_name: self.white_name.clone(),
            black_name: self.black_name.clone(),
            engine_elo: self.engine_elo,
            engine_skill: self.engine_skill,
            engine_movetime: self.engine_movetime,
        })
    }
}

/// The start position number of `--chess960 [N]`: N when it is 0 to 959, one drawn at
/// random when N is not given; `None` for anything else.
fn chess960_number(text: &str) -> Option<u16> {
    let text = text.trim();
    if text.is_empty() {
        let mut bytes = [0u8; 8];
        if getrandom::fill(&mut bytes).is_err() {
            // No system randomness: the clock's nanoseconds are random enough for a game.
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.subsec_nanos());
            bytes = u64::from(nanos).to_le_bytes();
        }
        return Some(crate::core::chess960::number_from_random(
            u64::from_le_bytes(bytes),
        ));
    }
    text.parse::<u16>()
        .ok()
        .filter(|&n| n < crate::core::chess960::COUNT)
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play a game (the default): two people at this terminal, or against a UCI engine.
    Play(PlayArgs),
    /// The arbiter's replay of one recorded game: the board, the clocks and the scoresheet
    /// ply by ply, the findings with their articles, the arbiter's decisions, the report.
    /// Exit code 2 when the file cannot be read or has no such game.
    Replay {
        /// The PGN file.
        file: PathBuf,
        /// The game's number in the file, from 1.
        #[arg(long, value_name = "N", default_value_t = 1,
              value_parser = clap::value_parser!(u32).range(1..))]
        game: u32,
        /// The screen-reader line mode: plain lines, no screen drawing.
        #[arg(long)]
        screen_reader: bool,
        /// Interface language (default: the config's, else LANG).
        #[arg(long, value_parser = parse_lang(), ignore_case = true)]
        lang: Option<crate::lang::Lang>,
        /// Names of squares and pieces in announcements.
        #[arg(long, value_enum)]
        names: Option<NamesArg>,
        /// Notation of the scoresheet.
        #[arg(long, value_enum)]
        notation: Option<NotationArg>,
        /// Theme: classic, high-contrast, monochrome, colour-blind, or a user theme.
        #[arg(long)]
        theme: Option<String>,
        /// Draw the board with ASCII letters.
        #[arg(long)]
        ascii: bool,
        /// The piece letters the file uses.
        #[arg(long, value_enum, default_value_t = LettersArg::En)]
        letters: LettersArg,
    },
    /// Count the legal move sequences to DEPTH plies (tests the move generator).
    Perft {
        /// Start from this position instead of the initial one (FEN, quoted; X-FEN or
        /// Shredder-FEN castling rights such as HAha are read as Chess960).
        #[arg(long, conflicts_with = "chess960")]
        fen: Option<String>,
        /// Start from Chess960 start position N (0-959; 518 is the standard position).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(0..960))]
        chess960: Option<u16>,
        /// Depth in plies.
        depth: u32,
        /// Print the count below each legal first move before the total.
        #[arg(long)]
        divide: bool,
    },
    /// Read, check and convert PGN files.
    Pgn {
        #[command(subcommand)]
        command: PgnCommand,
    },
    /// Parse a time control and print it in both syntaxes, then its class (App. A.1, B.1):
    /// `15+10`, `90/40+30:30+30`, `3+2d` (delay), `none`, or the PGN tag form `pgn:300+2`.
    Tc {
        /// The time control.
        spec: String,
    },
    /// The arbiter's analysis of every game of PGN files: the findings with their articles,
    /// the result by the Laws and whether the Result tag agrees; then a summary by result,
    /// article and kind of finding. Exit code 0 when every game agrees with its result tag,
    /// 1 when any does not, 2 when a file cannot be read or is damaged (after the games
    /// before the damage).
    Adjudicate {
        /// `text` for people, `json` for tools (JSON Lines, then a summary object).
        #[arg(long, value_enum, default_value_t = FormatArg::Text)]
        format: FormatArg,
        /// Worker threads (default: one per core); the output stays in file order, the same
        /// byte for byte whatever the number.
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
        jobs: Option<u16>,
        /// The language of the findings (default: from LC_ALL / LC_MESSAGES / LANG).
        #[arg(long, value_parser = parse_lang(), ignore_case = true)]
        lang: Option<crate::lang::Lang>,
        /// The notation of the moves in the text (default: the language's, Spanish letters
        /// for es); JSON keeps English SAN.
        #[arg(long, value_enum)]
        notation: Option<NotationArg>,
        /// The piece letters the files use.
        #[arg(long, value_enum, default_value_t = LettersArg::En)]
        letters: LettersArg,
        /// PGN files, plain or compressed as published (.pgn.zst, .pgn.gz, .pgn.bz2: told by
        /// their first bytes, whatever the name), streamed; `-` for standard input.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Can each side still checkmate by some legal series of moves? (Art. 5.1.2, 5.2.2,
    /// 6.9, 7.5.5): `winnable <helpmate line>`, `unwinnable` or `undetermined`.
    Dead {
        /// The position (FEN, quoted).
        fen: String,
        /// The side to ask about.
        #[arg(long, value_enum, default_value_t = SideArg::Both)]
        side: SideArg,
        /// Only the quick test (static rules and a short search).
        #[arg(long)]
        quick: bool,
    },
    /// Run an SSH server where people play each other (`ssh -p 2222 NAME@HOST`): a lobby of
    /// rooms, seats for White, Black and the arbiter, spectators, reconnection. Keys are
    /// checked against an allowlist (authorized_keys syntax; the comment is the player's
    /// name, the option `arbiter` marks an arbiter), or any key with `--open`.
    Serve {
        /// The address to listen on (port 0: any free port, printed at start).
        #[arg(long, default_value = "127.0.0.1:2222")]
        listen: String,
        /// The allowlist (default: `allowed_keys` beside the config file).
        #[arg(long, value_name = "FILE")]
        allowlist: Option<PathBuf>,
        /// Accept any key; the lobby asks each player for a name.
        #[arg(long, conflicts_with = "allowlist")]
        open: bool,
        /// At most this many connections.
        #[arg(long, default_value_t = 256)]
        max_connections: usize,
        /// At most this many rooms.
        #[arg(long, default_value_t = 128)]
        max_rooms: usize,
        /// At most this many spectators per room.
        #[arg(long, default_value_t = 32)]
        max_spectators: usize,
        /// Connections one key may hold at once.
        #[arg(long, value_name = "N", default_value_t = 8,
              value_parser = clap::value_parser!(u64).range(1..))]
        max_sessions_per_key: u64,
        /// Unfinished games one key may play at once.
        #[arg(long, value_name = "N", default_value_t = 4,
              value_parser = clap::value_parser!(u64).range(1..))]
        max_rooms_per_key: u64,
        /// Connections one address (an IPv6 /64) may hold at once, whatever its keys; 0: no
        /// limit.
        #[arg(long, value_name = "N", default_value_t = 32)]
        max_sessions_per_address: usize,
        /// Unfinished games the keys of one address may play at once; 0: no limit.
        #[arg(long, value_name = "N", default_value_t = 16)]
        max_rooms_per_address: usize,
        /// Close a connection whose screen has not started after this many seconds
        /// (OpenSSH's LoginGraceTime).
        #[arg(long, value_name = "SECONDS", default_value_t = 30,
              value_parser = clap::value_parser!(u64).range(1..=3600))]
        login_grace_time: u64,
        /// Connections not yet logged in: past START, refuse RATE% of new ones, rising to
        /// all at FULL (OpenSSH's MaxStartups); or one number, a plain cap.
        #[arg(long, value_name = "START:RATE:FULL", default_value = "32:30:128")]
        max_startups: crate::net::limits::MaxStartups,
        /// Connections not yet logged in from one address (an IPv6 /64); 0: no limit
        /// (OpenSSH's PerSourceMaxStartups).
        #[arg(long, value_name = "N", default_value_t = 16)]
        per_source_max_startups: usize,
        /// Disconnect a client that takes none of its waiting output for this many seconds.
        #[arg(long, value_name = "SECONDS", default_value_t = 60,
              value_parser = clap::value_parser!(u64).range(1..=86400))]
        output_stall: u64,
        /// What the log on standard error shows: error, warn, info (the default), debug,
        /// trace, or directives such as escaque=debug. Without it, RUST_LOG is read.
        #[arg(long, value_name = "LEVEL")]
        log_level: Option<String>,
    },
    /// Print a completion script for SHELL to standard output (e.g.
    /// `escaque completions bash > ~/.local/share/bash-completion/completions/escaque`).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff) to standard output (e.g. `escaque man | man -l -`).
    Man,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatArg {
    Text,
    Json,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideArg {
    White,
    Black,
    Both,
}

#[derive(Subcommand, Debug)]
pub enum PgnCommand {
    /// Per game: are the moves legal, how does the final position stand, and what result
    /// do the Laws give, with the article. Exit code 0 when every game is legal, 1 when
    /// some game is not, 2 when a file cannot be read or is damaged (after the games before
    /// the damage).
    Check {
        /// One JSON object per line per game.
        #[arg(long)]
        json: bool,
        /// The piece letters the files use.
        #[arg(long, value_enum, default_value_t = LettersArg::En)]
        letters: LettersArg,
        /// PGN files, plain or compressed as published (.pgn.zst, .pgn.gz, .pgn.bz2: told by
        /// their first bytes, whatever the name), streamed; `-` for standard input.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Rewrite the moves of PGN files in another notation, to standard output.
    Convert {
        /// The notation to write: English SAN (the PGN standard), Spanish SAN, figurine,
        /// long algebraic or UCI coordinates.
        #[arg(long, value_enum)]
        notation: NotationArg,
        /// The piece letters the files use.
        #[arg(long, value_enum, default_value_t = LettersArg::En)]
        letters: LettersArg,
        /// The PGN files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LettersArg {
    /// K Q R B N.
    En,
    /// R D T A C.
    Es,
}

impl LettersArg {
    fn letters(self) -> Letters {
        match self {
            LettersArg::En => Letters::English,
            LettersArg::Es => Letters::Spanish,
        }
    }
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotationArg {
    En,
    Es,
    Figurine,
    Long,
    Uci,
}

impl NotationArg {
    /// The scoresheet's notation (UCI is not one: `None`).
    fn notation(self) -> Option<Notation> {
        match self {
            NotationArg::En => Some(Notation::ENGLISH),
            NotationArg::Es => Some(Notation::SPANISH),
            NotationArg::Figurine => Some(Notation::FIGURINE),
            NotationArg::Long => Some(Notation::LONG),
            NotationArg::Uci => None,
        }
    }

    fn move_text(self) -> MoveText {
        match self {
            NotationArg::En => MoveText::Notation(Notation::ENGLISH),
            NotationArg::Es => MoveText::Notation(Notation::SPANISH),
            NotationArg::Figurine => MoveText::Notation(Notation::FIGURINE),
            NotationArg::Long => MoveText::Notation(Notation::LONG),
            NotationArg::Uci => MoveText::Uci,
        }
    }
}

/// A failure of a command. `Display` is English, for logs; the user reads
/// [`CliError::say`], in the interface language.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error(transparent)]
    Fen(#[from] crate::core::FenError),
    #[error("{}", crate::speech::files::cannot_write_output(crate::lang::Lang::En, .0))]
    Io(#[from] std::io::Error),
    #[error("{}", crate::speech::files::cannot_read(crate::lang::Lang::En, .path, .error))]
    Read { path: String, error: std::io::Error },
    /// An input that cannot be opened or is damaged, already worded (`speech::batch`).
    #[error("{0}")]
    Input(String),
    #[error(transparent)]
    Play(#[from] crate::modes::play::PlayError),
    #[error("{0}")]
    Usage(String),
    #[error(transparent)]
    Replay(#[from] crate::modes::replay::ReplayError),
    #[error(transparent)]
    Serve(#[from] crate::modes::serve::ServeError),
}

impl CliError {
    /// The failure in words, in `lang` (see [`ErrorLang`]).
    pub fn say(&self, lang: crate::lang::Lang) -> String {
        use crate::speech::files;
        match self {
            CliError::Fen(e) => crate::speech::setup::fen_error(lang, e),
            CliError::Io(e) => files::cannot_write_output(lang, e),
            CliError::Read { path, error } => files::cannot_read(lang, path, error),
            CliError::Input(s) | CliError::Usage(s) => s.clone(),
            CliError::Play(e) => e.say(lang),
            CliError::Replay(e) => e.say(lang),
            CliError::Serve(e) => e.say(lang),
        }
    }
}

/// The language a command's failure is said in, known before the command runs and found
/// only when it fails.
///
/// A config error can happen before the config's own language is known, so the language
/// is the command line's `--lang` when given, else the config's when the config can be read
/// (as the session would speak), else the environment's (`LC_ALL`, `LC_MESSAGES`, `LANG`).
/// The batch commands (`adjudicate`, `pgn`, `perft`) never read the config: their
/// `--lang`, else the environment's, as their reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorLang {
    /// As the session: the command line's, else the config's, else the environment's.
    Session(Option<crate::lang::Lang>),
    /// As the batch commands: the command line's, else the environment's.
    Batch(Option<crate::lang::Lang>),
}

impl ErrorLang {
    /// The language for the failures of `cli`.
    pub fn of(cli: &Cli) -> ErrorLang {
        match &cli.command {
            None => ErrorLang::Session(cli.play.lang),
            Some(Command::Play(args)) => ErrorLang::Session(args.lang),
            Some(Command::Replay { lang, .. }) => ErrorLang::Session(*lang),
            Some(Command::Adjudicate { lang, .. }) => ErrorLang::Batch(*lang),
            Some(Command::Pgn { .. } | Command::Perft { .. }) => ErrorLang::Batch(cli.play.lang),
            Some(_) => ErrorLang::Session(None),
        }
    }

    /// The language itself (reads the config for [`ErrorLang::Session`] without `--lang`).
    pub fn resolve(self) -> crate::lang::Lang {
        match self {
            ErrorLang::Session(given) => session_lang(given),
            ErrorLang::Batch(given) => given.unwrap_or_else(crate::lang::Lang::from_env),
        }
    }
}

/// How a command ended, for the exit code: 0 success, 1 a finding (an illegal game), 2 an
/// error (`CliError`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Success,
    Findings,
}

/// Runs a parsed command line, writing its output to `out` and diagnostics to `err`.
pub fn run(cli: Cli, out: &mut impl Write, err: &mut impl Write) -> Result<Status, CliError> {
    match cli.command {
        None => {
            crate::modes::play::run(cli.play.options()?)?;
            Ok(Status::Success)
        }
        Some(Command::Play(args)) => {
            crate::modes::play::run(args.options()?)?;
            Ok(Status::Success)
        }
        Some(Command::Replay {
            file,
            game,
            screen_reader,
            lang,
            names,
            notation,
            theme,
            ascii,
            letters,
        }) => {
            crate::modes::replay::run_replay(crate::modes::replay::ReplayOptions {
                file,
                game: game as usize,
                lang,
                names: names.map(NamesArg::profile),
                notation: scoresheet_notation(notation, session_lang(lang))?,
                theme,
                ascii,
                screen_reader,
                letters: letters.letters(),
            })?;
            Ok(Status::Success)
        }
        Some(Command::Perft {
            fen,
            chess960,
            depth,
            divide: split,
        }) => {
            let pos = match (chess960, fen.as_deref()) {
                (Some(n), _) => crate::core::chess960::start_position(n).unwrap_or_default(),
                // Refused in the interface language, with the article (3.10).
                (None, Some(fen)) => perft_position(fen).map_err(|e| {
                    let lang = cli.play.lang.unwrap_or_else(crate::lang::Lang::from_env);
                    CliError::Usage(crate::speech::setup::fen_error(lang, &e))
                })?,
                (None, None) => Position::from_fen(STARTING_FEN)?,
            };
            let chess960 = chess960.is_some() || !pos.castling_rights().is_standard();
            let total = if split {
                let mut total = 0;
                for (mv, n) in divide(&pos, depth) {
                    writeln!(out, "{}: {n}", pos.uci(mv, chess960))?;
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
            Ok(Status::Success)
        }
        Some(Command::Tc { spec }) => {
            let lines = crate::laws::time_control::tc_command(&spec).map_err(|e| {
                CliError::Usage(crate::speech::errors::time_control(&e, session_lang(None)))
            })?;
            for line in lines {
                writeln!(out, "{line}")?;
            }
            Ok(Status::Success)
        }
        Some(Command::Dead { fen, side, quick }) => {
            let side = match side {
                SideArg::White => Some(crate::core::Color::White),
                SideArg::Black => Some(crate::core::Color::Black),
                SideArg::Both => None,
            };
            for line in crate::core::dead::dead_command(&fen, side, quick)? {
                writeln!(out, "{line}")?;
            }
            Ok(Status::Success)
        }
        Some(Command::Serve {
            listen,
            allowlist,
            open,
            max_connections,
            max_rooms,
            max_spectators,
            max_sessions_per_key,
            max_rooms_per_key,
            max_sessions_per_address,
            max_rooms_per_address,
            login_grace_time,
            max_startups,
            per_source_max_startups,
            output_stall,
            log_level,
        }) => {
            crate::net::log::init(log_level.as_deref()).map_err(|e| {
                CliError::Usage(crate::speech::operator::log_filter(&e, session_lang(None)))
            })?;
            let limits = crate::modes::serve::Limits {
                max_connections,
                max_rooms,
                max_spectators,
                max_sessions_per_key: max_sessions_per_key as usize,
                max_rooms_per_key: max_rooms_per_key as usize,
                max_sessions_per_address,
                max_rooms_per_address,
                ..Default::default()
            };
            let transport = crate::net::ssh::Transport {
                login_grace: std::time::Duration::from_secs(login_grace_time),
                startups: crate::net::limits::StartupLimits {
                    max_startups,
                    per_source: (per_source_max_startups > 0).then_some(per_source_max_startups),
                },
                output_stall: std::time::Duration::from_secs(output_stall),
                ..Default::default()
            };
            crate::modes::serve::run(
                crate::modes::serve::ServeOptions {
                    listen,
                    allowlist,
                    open,
                    limits,
                    transport,
                },
                err,
            )
            // The allowlist and the host key are the operator's to fix: said in the interface
            // language by `CliError::say`.
            ?;
            Ok(Status::Success)
        }
        Some(Command::Completions { shell }) => {
            // Into memory first: clap_complete panics when its writer fails (a closed pipe).
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "escaque", &mut script);
            out.write_all(&script)?;
            Ok(Status::Success)
        }
        Some(Command::Man) => {
            let lang = session_lang(None);
            let cmd = localized(Cli::command().disable_help_subcommand(true), lang);
            man::render(cmd, lang, out)?;
            Ok(Status::Success)
        }
        Some(Command::Adjudicate {
            format,
            jobs,
            lang,
            notation,
            letters,
            files,
        }) => {
            use std::io::IsTerminal;
            let lang = lang.unwrap_or_else(crate::lang::Lang::from_env);
            // The notation of the language, as a session's scoresheet without a config
            // choice (the batch commands read no config).
            let notation = scoresheet_notation(notation, lang)?
                .unwrap_or_else(|| crate::config::NotationChoice::for_lang(lang).notation());
            let opts = crate::adjudicate::Options {
                format: match format {
                    FormatArg::Text => crate::adjudicate::Format::Text,
                    FormatArg::Json => crate::adjudicate::Format::Json,
                },
                jobs: jobs.map_or_else(crate::adjudicate::default_jobs, usize::from),
                lang,
                notation,
                review: crate::laws::arbiter::ReviewOptions {
                    letters: letters.letters(),
                    ..Default::default()
                },
                progress: std::io::stderr().is_terminal(),
            };
            match crate::adjudicate::adjudicate_files(&files, &opts, out, err) {
                Ok(s) if s.disagreements > 0 => Ok(Status::Findings),
                Ok(_) => Ok(Status::Success),
                Err(crate::adjudicate::AdjudicateError::Input(e)) => {
                    Err(CliError::Input(crate::speech::batch::input_error(lang, &e)))
                }
                Err(crate::adjudicate::AdjudicateError::Write(e)) => Err(CliError::Io(e)),
            }
        }
        Some(Command::Pgn {
            command:
                PgnCommand::Check {
                    json,
                    letters,
                    files,
                },
        }) => pgn_check(&files, json, letters.letters(), out),
        Some(Command::Pgn {
            command:
                PgnCommand::Convert {
                    notation,
                    letters,
                    files,
                },
        }) => {
            let mut status = Status::Success;
            for path in &files {
                let input = open(path)?;
                let errors =
                    pgn::convert_reader(input, &mut *out, notation.move_text(), letters.letters())?;
                // In the environment's language, as `pgn check`'s lines.
                let lang = crate::lang::Lang::from_env();
                for e in &errors {
                    let line =
                        crate::speech::batch::convert_error(lang, &path.display().to_string(), e);
                    writeln!(err, "escaque: {line}")?;
                }
                if !errors.is_empty() {
                    status = Status::Findings;
                }
            }
            Ok(status)
        }
    }
}

fn open(path: &PathBuf) -> Result<BufReader<File>, CliError> {
    File::open(path)
        .map(BufReader::new)
        .map_err(|error| CliError::Read {
            path: path.display().to_string(),
            error,
        })
}

fn pgn_check(
    files: &[PathBuf],
    json: bool,
    letters: Letters,
    out: &mut impl Write,
) -> Result<Status, CliError> {
    let mut status = Status::Success;
    let mut io_error = None;
    let lang = crate::lang::Lang::from_env();
    let worded = |e| CliError::Input(crate::speech::batch::input_error(lang, &e));
    for path in files {
        let source = crate::laws::pgn::archive::open(path).map_err(worded)?;
        let tracker = source.tracker().clone();
        let name = path.display().to_string();
        check_games(source.games(), letters, |mut report| {
            if !report.moves_legal {
                status = Status::Findings;
            }
            report.file = Some(name.clone());
            // The JSON form has no words: the same keys in any language.
            let line = if json {
                report.json()
            } else {
                crate::speech::batch::check_line(lang, &report)
            };
            if io_error.is_none() {
                if let Err(e) = writeln!(out, "{line}") {
                    io_error = Some(e);
                }
            }
        });
        if let Some(e) = io_error.take() {
            return Err(e.into());
        }
        if let Some(e) = tracker.failure() {
            return Err(worded(e));
        }
    }
    Ok(status)
}

/// The position of `perft --fen`: a standard FEN, or, when standard chess refuses its
/// castling rights, the same FEN read as Chess960 (X-FEN, Shredder-FEN). The standard
/// reading's error is the one reported when neither reads it.
fn perft_position(fen: &str) -> Result<Position, crate::core::FenError> {
    match Position::from_fen(fen) {
        Ok(pos) => Ok(pos),
        Err(err) if err.field == crate::core::FenField::Castling => {
            Position::from_fen_960(fen).map_err(|_| err)
        }
        Err(err) => Err(err),
    }
}
