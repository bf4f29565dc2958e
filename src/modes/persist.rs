//! Saving and resuming games. The game in progress is written after every move — atomically,
//! a temporary file renamed over the old one — to `<data dir>/autosave/current.pgn`, as
//! PGN with the clock after each move (`[%clk]`) and tags that say how to go on: the time
//! control in escaque's own syntax (`EscaqueTimeControl`, the PGN `TimeControl` tag cannot
//! say "delay"), who sat at each side (`EscaqueSeats`), the clock's start mode. After a
//! crash, a `kill -9` or a dropped SSH connection, the next start finds the file and offers
//! to resume: the moves are replayed and each clock is brought to the reading the file
//! recorded (the time between the last save and the interruption is lost, as on a real
//! clock that was stopped). A finished game is moved to `<data dir>/games/`.

use std::io;
use std::path::{Path, PathBuf};

use crate::core::{Color, Letters, Position};
use crate::fsutil::write_atomic;
use crate::lang::Lang;
use crate::laws::clock::{ClockEvent, StartMode};
use crate::laws::export::to_pgn_text;
use crate::laws::pgn::{PgnError, PgnGame, read_str};
use crate::laws::time_control::TimeControl;
use crate::laws::{Game, GameError};

use crate::table::journal::JournalError;
use crate::table::session::{Seat, Session, Setup};

/// The autosave file in `dir` (the data dir's `autosave/`).
pub fn autosave_path(dir: &Path) -> PathBuf {
    dir.join("current.pgn")
}

/// The tags that describe the session (players, time control, seats).
pub fn tags(session: &Session) -> Vec<(String, String)> {
    let setup = session.setup();
    let mut tags = setup.tags.clone();
    let mut set = |k: &str, v: String| match tags.iter_mut().find(|(key, _)| key == k) {
        Some((_, val)) => *val = v,
        None => tags.push((k.to_string(), v)),
    };
    set("White", setup.names[0].clone());
    set("Black", setup.names[1].clone());
    if let Some(tc) = &setup.time_control {
        set("TimeControl", tc.to_pgn());
        set("EscaqueTimeControl", tc.to_string());
    } else {
        set("TimeControl", "-".into());
    }
    let seat = |s: Seat| match s {
        Seat::Human => "human",
        Seat::Engine => "engine",
    };
    set(
        "EscaqueSeats",
        format!("{} {}", seat(setup.seats[0]), seat(setup.seats[1])),
    );
    if setup.clock_options.start == StartMode::Casual {
        set("EscaqueClockStart", "casual".into());
    }
    tags
}

/// The game as PGN text.
pub fn pgn_text(session: &Session) -> String {
    to_pgn_text(session.game(), &tags(session))
}

/// The journal kept beside a saved game (`current.pgn` → `current.journal`).
pub fn journal_path(pgn: &Path) -> PathBuf {
    pgn.with_extension("journal")
}

/// The autosave of the game at this terminal, a consumer of the session with its own
/// cursor: after each change the journal's new acts are *appended* to `current.journal`
/// (and flushed to the disk), then the PGN beside it is written anew, atomically (it is
/// the readable copy; the journal is what a resumed session is rebuilt from). A finished
/// game goes to the games folder and the autosave is removed.
///
/// A line cut short by a crash in the middle of an append has no newline: the reader
/// leaves it out (the act it began is lost, as the time after the last save is).
pub struct Autosaver {
    dir: PathBuf,
    games: PathBuf,
    /// The session's revision last saved.
    revision: Option<u64>,
    /// How many of the journal's acts are in the file (when it is open).
    written: usize,
    /// The journal file, open for appending, once it was begun.
    file: Option<std::fs::File>,
}

impl Autosaver {
    /// An autosave into `dir` (`current.pgn`, `current.journal`), finished games into
    /// `games`; `session` is what the files already hold (a resumed game's), or a new game.
    pub fn new(dir: PathBuf, games: PathBuf, session: &Session) -> Autosaver {
        let mut a = Autosaver {
            dir,
            games,
            revision: None,
            written: 0,
            file: None,
        };
        a.restart(session);
        a
    }

    /// The autosave follows `session` from now on (another game at this terminal, or a
    /// resumed one): nothing is written until it changes, then its whole journal once,
    /// then appends.
    pub fn restart(&mut self, session: &Session) {
        self.revision = Some(session.revision());
        self.written = 0;
        self.file = None;
    }

    /// Saves what changed since the last call; `None` when nothing did.
    pub fn save(&mut self, session: &Session) -> Option<io::Result<PathBuf>> {
        if self.revision == Some(session.revision()) {
            return None;
        }
        self.revision = Some(session.revision());
        Some(self.write(session))
    }

    fn write(&mut self, session: &Session) -> io::Result<PathBuf> {
        let path = autosave_path(&self.dir);
        let journal = journal_path(&path);
        if session.game().is_over() {
            let saved = save_game(session, &self.games)?;
            self.file = None;
            self.written = 0;
            let _ = std::fs::remove_file(&path);
            let _ = std::fs::remove_file(&journal);
            return Ok(saved);
        }
        std::fs::create_dir_all(&self.dir)?;
        let acts = session.journal();
        if !session.journal_is_whole() {
            // A game resumed from its PGN alone: the PGN is all there is.
            let _ = std::fs::remove_file(&journal);
        } else if self.file.is_none() || acts.len() < self.written {
            // The first save of this game (or a journal that went back): all of it,
            // atomically, then appends.
            write_atomic(&journal, crate::table::journal::text(acts).as_bytes())?;
            self.file = Some(std::fs::OpenOptions::new().append(true).open(&journal)?);
            self.written = acts.len();
        } else if acts.len() > self.written {
            use std::io::Write as _;
            let mut lines = String::new();
            for e in &acts[self.written..] {
                lines.push_str(&e.line());
                lines.push('\n');
            }
            let file = self.file.as_mut().expect("opened above");
            file.write_all(lines.as_bytes())?;
            file.sync_data()?;
            self.written = acts.len();
        }
        // The journal first: a PGN never stands beside an older journal.
        write_atomic(&path, pgn_text(session).as_bytes())?;
        Ok(path)
    }
}

/// Moves an unfinished autosave (and its journal) into `games_dir`, where it is kept as
/// an unfinished game (`Result "*"`) and can be resumed with `--resume FILE`. Returns
/// where it went.
pub fn keep_unfinished(autosave_dir: &Path, games_dir: &Path) -> io::Result<PathBuf> {
    let from = autosave_path(autosave_dir);
    std::fs::create_dir_all(games_dir)?;
    let mut n = 1;
    let to = loop {
        let p = games_dir.join(format!("unfinished-{n}.pgn"));
        if !p.exists() && !journal_path(&p).exists() {
            break p;
        }
        n += 1;
    };
    if journal_path(&from).exists() {
        std::fs::rename(journal_path(&from), journal_path(&to))?;
    }
    std::fs::rename(&from, &to)?;
    Ok(to)
}

/// Saves the game under a new name in `games_dir`: `YYYY.MM.DD-white-black-N.pgn`.
pub fn save_game(session: &Session, games_dir: &Path) -> io::Result<PathBuf> {
    std::fs::create_dir_all(games_dir)?;
    let clean = |s: &str| -> String {
        s.chars()
            .map(|c| if c.is_alphanumeric() { c } else { '_' })
            .take(24)
            .collect()
    };
    let date = session
        .setup()
        .tags
        .iter()
        .find(|(k, _)| k == "Date")
        .map(|(_, v)| v.replace('?', "x"))
        .unwrap_or_else(|| "game".into());
    let stem = format!(
        "{date}-{}-{}",
        clean(session.name(Color::White)),
        clean(session.name(Color::Black))
    );
    let mut n = 1;
    let path = loop {
        let p = games_dir.join(format!("{stem}-{n}.pgn"));
        if !p.exists() {
            break p;
        }
        n += 1;
    };
    write_atomic(&path, pgn_text(session).as_bytes())?;
    Ok(path)
}

/// Why a saved game could not be resumed: data; `Display` is English, for logs, and the
/// player reads [`ResumeError::say`].
#[derive(Debug, thiserror::Error)]
pub enum ResumeError {
    #[error("{path}: {source}")]
    Io { path: String, source: io::Error },
    #[error("{path}: {}", crate::speech::files::no_game(Lang::En))]
    NoGame { path: String },
    #[error("{path}: not a PGN game: {error}")]
    Pgn { path: String, error: Box<PgnError> },
    /// A tag that sets the game up cannot be read.
    #[error("{path}: {problem}")]
    Setup {
        path: String,
        problem: Box<SetupProblem>,
    },
    #[error("{path}: move {ply} ({san}) cannot be replayed: {problem}")]
    Move {
        path: String,
        ply: usize,
        san: String,
        problem: Box<MoveProblem>,
    },
    /// The journal beside the game cannot be replayed.
    #[error("{path}: {error}")]
    Journal {
        path: String,
        error: Box<JournalError>,
    },
}

/// A saved game's tag that cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum SetupProblem {
    #[error(transparent)]
    Fen(#[from] crate::core::FenError),
    #[error(transparent)]
    TimeControl(#[from] crate::laws::time_control::TimeControlError),
}

/// Why a saved move cannot be replayed.
#[derive(Debug, thiserror::Error)]
pub enum MoveProblem {
    #[error(transparent)]
    San(#[from] crate::core::SanError),
    #[error(transparent)]
    Game(#[from] GameError),
}

impl ResumeError {
    /// The error in words, in `lang`.
    pub fn say(&self, lang: Lang) -> String {
        use crate::speech::{Profile, Speaker, errors, files, report, setup};
        let (path, what) = match self {
            ResumeError::Io { path, source } => (path, files::io_error(source, lang)),
            ResumeError::NoGame { path } => (path, files::no_game(lang)),
            ResumeError::Pgn { path, error } => {
                (path, files::not_pgn(lang, &errors::pgn(error, lang)))
            }
            ResumeError::Setup { path, problem } => (
                path,
                match problem.as_ref() {
                    SetupProblem::Fen(e) => setup::fen_error(lang, e),
                    SetupProblem::TimeControl(e) => errors::time_control(e, lang),
                },
            ),
            ResumeError::Move {
                path,
                ply,
                san,
                problem,
            } => {
                let why = match problem.as_ref() {
                    MoveProblem::San(e) => report::san_error(e, lang),
                    MoveProblem::Game(e) => Speaker::new(Profile::En, lang).game_error(e),
                };
                (path, files::move_not_replayed(lang, *ply, san, &why))
            }
            ResumeError::Journal { path, error } => (
                path,
                files::journal_error(lang, error.line, &error.text, &error.what),
            ),
        };
        format!("{path}: {what}")
    }
}

/// Why a journal beside a saved game could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JournalProblem {
    /// It cannot be read (the system's words).
    Unreadable(String),
    /// A line cannot be replayed.
    Line(JournalError),
    /// It has fewer plies than the game beside it.
    Short { plies: usize, game_plies: usize },
    /// Its first line is not the journal's header.
    Header { first: String },
}

impl JournalProblem {
    /// The problem in words, in `lang`, after the journal's path.
    pub fn say(&self, path: &str, lang: Lang) -> String {
        use crate::speech::files;
        let what = match self {
            JournalProblem::Unreadable(e) => e.clone(),
            JournalProblem::Line(e) => files::journal_error(lang, e.line, &e.text, &e.what),
            JournalProblem::Short { plies, game_plies } => {
                files::journal_short(lang, *plies, *game_plies)
            }
            JournalProblem::Header { first } => {
                files::journal_header(lang, first, crate::table::journal::HEADER)
            }
        };
        format!("{path}: {what}")
    }
}

/// A saved game that is not finished (`Result "*"`), if the file exists.
pub fn unfinished(autosave_dir: &Path) -> Option<PathBuf> {
    let path = autosave_path(autosave_dir);
    let text = std::fs::read_to_string(&path).ok()?;
    let game = read_str(&text).next()?.ok()?;
    (game.tag("Result").unwrap_or("*") == "*" && !game.moves.is_empty()).then_some(path)
}

/// Reads a saved game and rebuilds the session: the setup from the tags (`setup` gives
/// what the tags do not say), the moves replayed, the clocks brought to the recorded
/// readings. Returns the session and the time (ms, on the game's own time line) at which
/// it stands: the caller's time source continues from there. A journal beside the PGN
/// that cannot be replayed is an error (the player is told, and may move it away).
pub fn resume(path: &Path, setup: Setup) -> Result<(Session, u64), ResumeError> {
    let (session, now, _) = resume_inner(path, setup, true)?;
    Ok((session, now))
}

/// How a resumed game's journal served.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JournalUse {
    /// The whole session was rebuilt from it.
    Replayed,
    /// There was none: the PGN alone (an older autosave).
    Absent,
    /// It could not be used (its path, and why, with the line it stopped at): the PGN
    /// alone.
    Unread(String, JournalProblem),
}

/// [`resume`], falling back to the PGN alone when the journal beside it cannot be used
/// (`escaque serve` restores its rooms so), and saying how the journal served.
pub fn resume_or_pgn(path: &Path, setup: Setup) -> Result<(Session, u64, JournalUse), ResumeError> {
    resume_inner(path, setup, false)
}

fn resume_inner(
    path: &Path,
    mut setup: Setup,
    strict: bool,
) -> Result<(Session, u64, JournalUse), ResumeError> {
    let p = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| ResumeError::Io {
        path: p.clone(),
        source,
    })?;
    let pgn = read_str(&text)
        .next()
        .ok_or_else(|| ResumeError::NoGame { path: p.clone() })?
        .map_err(|error| ResumeError::Pgn {
            path: p.clone(),
            error: Box::new(error),
        })?;
    setup_from_tags(&pgn, &mut setup).map_err(|problem| ResumeError::Setup {
        path: p.clone(),
        problem: Box::new(problem),
    })?;
    // The journal, when there is one that agrees with the PGN, gives the whole session;
    // the PGN alone gives its moves and clock readings.
    let jpath = journal_path(path);
    let jname = jpath.display().to_string();
    let unread = |problem| JournalUse::Unread(jname.clone(), problem);
    let journal = match std::fs::read_to_string(&jpath) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => JournalUse::Absent,
        Err(e) => unread(JournalProblem::Unreadable(e.to_string())),
        Ok(journal) => {
            // A last line without its newline was cut short by a crash: left out.
            let whole = match journal.rfind('\n') {
                Some(end) => &journal[..=end],
                None => "",
            };
            let mut lines = whole.lines().enumerate().map(|(i, l)| (i + 1, l));
            match lines.next().map(|(_, h)| h) {
                Some(crate::table::journal::HEADER) => {
                    match Session::replay(setup.clone(), lines) {
                        Err(error) if strict => {
                            return Err(ResumeError::Journal {
                                path: jname.clone(),
                                error: Box::new(error),
                            });
                        }
                        Err(e) => unread(JournalProblem::Line(e)),
                        // The journal is written before the PGN: it may hold one act more
                        // than a PGN that a crash kept from being written.
                        Ok((session, now)) if session.game().plies().len() >= pgn.moves.len() => {
                            return Ok((session, now, JournalUse::Replayed));
                        }
                        Ok((session, _)) => unread(JournalProblem::Short {
                            plies: session.game().plies().len(),
                            game_plies: pgn.moves.len(),
                        }),
                    }
                }
                first => unread(JournalProblem::Header {
                    first: first.unwrap_or_default().to_string(),
                }),
            }
        }
    };
    let (game, now) = replay(&pgn, &setup).map_err(|(ply, san, problem)| ResumeError::Move {
        path: p.clone(),
        ply,
        san,
        problem: Box::new(problem),
    })?;
    // The play mode has always taken a journal it cannot use silently (a header it does
    // not know, one behind the PGN): only a replay that fails is its error.
    let journal = match journal {
        JournalUse::Unread(..) if strict => JournalUse::Absent,
        j => j,
    };
    Ok((Session::from_game(game, setup), now, journal))
}

/// The setup a saved game was played with (its tags over `setup`), if the file reads.
pub fn saved_setup(path: &Path, mut setup: Setup) -> Option<Setup> {
    let text = std::fs::read_to_string(path).ok()?;
    let pgn = read_str(&text).next()?.ok()?;
    setup_from_tags(&pgn, &mut setup).ok()?;
    Some(setup)
}

/// Fills `setup` from a saved game's tags.
pub fn setup_from_tags(pgn: &PgnGame, setup: &mut Setup) -> Result<(), SetupProblem> {
    if let Some(fen) = pgn.start_fen() {
        // A Chess960 game's FEN is X-FEN or Shredder-FEN (Guidelines II).
        setup.start = if pgn.is_chess960() {
            Position::from_fen_960(fen)
        } else {
            Position::from_fen(fen)
        }?;
    }
    if let Some(w) = pgn.white() {
        setup.names[0] = w.to_string();
    }
    if let Some(b) = pgn.black() {
        setup.names[1] = b.to_string();
    }
    setup.time_control = match (pgn.tag("EscaqueTimeControl"), pgn.tag("TimeControl")) {
        (Some(tc), _) => Some(tc.parse::<TimeControl>()?),
        (None, Some(tc)) if tc != "-" && tc != "?" => Some(TimeControl::from_pgn(tc)?),
        _ => None,
    }
    .filter(TimeControl::is_timed);
    if let Some(seats) = pgn.tag("EscaqueSeats") {
        let mut it = seats.split_whitespace().map(|s| match s {
            "engine" => Seat::Engine,
            _ => Seat::Human,
        });
        setup.seats = [
            it.next().unwrap_or(Seat::Human),
            it.next().unwrap_or(Seat::Human),
        ];
    }
    if pgn.tag("EscaqueClockStart") == Some("casual") {
        setup.clock_options.start = StartMode::Casual;
    }
    let derived = [
        "White",
        "Black",
        "Result",
        "TimeControl",
        "EscaqueTimeControl",
        "EscaqueSeats",
        "EscaqueClockStart",
        "SetUp",
        "FEN",
        "Termination",
    ];
    setup.tags = pgn
        .tags
        .iter()
        .filter(|(k, _)| !derived.contains(&k.as_str()))
        .cloned()
        .collect();
    Ok(())
}

/// Replays the moves of `pgn` into a game set up as `setup` says. With a clock, each move
/// is made at the instant that leaves the mover's clock at its recorded reading (found on a
/// copy of the clock, so increments, delays and period changes come out exactly as the
/// laws' clock computes them); a move without a reading takes no time.
fn replay(pgn: &PgnGame, setup: &Setup) -> Result<(Game, u64), (usize, String, MoveProblem)> {
    let mut game = match &setup.time_control {
        Some(tc) => Game::with_clock(setup.start, tc.clone(), setup.clock_options),
        None => Game::new(setup.start),
    };
    game.set_supervision(setup.supervision);
    let err = |ply: usize, san: &str, e: MoveProblem| (ply, san.to_string(), e);
    let mut now = 0u64;
    if game.clock().is_some() {
        game.start_clock(now).map_err(|e| err(0, "", e.into()))?;
    }
    for (i, node) in pgn.moves.iter().enumerate() {
        let ply = i + 1;
        let pos = *game.position();
        let mv = crate::core::parse_move(&pos, &node.san, Letters::English)
            .map_err(|e| err(ply, &node.san, e.into()))?;
        if let (Some(clock), Some(target)) = (game.clock(), node.clock_ms()) {
            now = instant_for(clock, pos.turn(), now, target);
        }
        let result: Result<_, GameError> = if game.clock().is_some() {
            game.play_at(mv, now).map(|_| ())
        } else {
            game.play(mv).map(|_| ())
        };
        result.map_err(|e| err(ply, &node.san, e.into()))?;
    }
    Ok((game, now))
}

/// The earliest instant ≥ `from` at which `color` pressing leaves `target` ms on its clock
/// (or as close as the clock allows).
fn instant_for(clock: &crate::laws::clock::Clock, color: Color, from: u64, target: u64) -> u64 {
    let after = |t: u64| -> Option<u64> {
        let mut c = clock.clone();
        c.press(color, t).ok()?.iter().rev().find_map(|e| match e {
            ClockEvent::Pressed { remaining_ms, .. } => Some(*remaining_ms),
            _ => None,
        })
    };
    // Pressing at once leaves the most time; pressing later leaves less (or the same, in a
    // delay). Binary search for the first instant leaving no more than the target.
    let Some(most) = after(from) else {
        return from;
    };
    if most <= target {
        return from;
    }
    let (mut lo, mut hi) = (from, from + most + 24 * 3_600_000);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        match after(mid) {
            Some(r) if r <= target => hi = mid,
            Some(_) => lo = mid + 1,
            None => hi = mid,
        }
    }
    lo
}
