//! The engine process: spawning, the reader threads, the handshake, searches, shutdown.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::core::{Move, Position, UciMove};

use super::uci::{self, EngineLine, OptionKind, UciOption};
use super::{EngineError, EngineEvent, EngineOptions, GoClock, OptionNote, Strength};

/// How long a dying engine may take to exit after its output closed, or after `quit`,
/// before it is killed.
const GRACE: Duration = Duration::from_millis(500);
/// How many lines of the engine's stderr are kept (the last one is quoted when it dies).
const STDERR_LINES: usize = 20;

/// What the stdout reader thread sends.
enum Msg {
    Line(String),
    Eof,
}

/// The stderr reader's findings: the last lines, and whether it reached the end.
#[derive(Default)]
struct StderrTail {
    lines: VecDeque<String>,
    closed: bool,
}

/// The search in progress: the position searched (to check the bestmove and the pv), when
/// it started on the caller's clock, and what was done about it.
struct Search {
    pos: Position,
    started_ms: u64,
    stop_sent: bool,
    overdue_reported: bool,
}

/// A running UCI engine. Dropping it quits the engine (`quit`, then a kill after a short
/// grace) and reaps the process.
pub struct Engine {
    /// How the engine is named in messages: its `id name`, else the program as given.
    label: String,
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<Msg>,
    stderr: Arc<Mutex<StderrTail>>,
    name: Option<String>,
    author: Option<String>,
    options: Vec<UciOption>,
    notes: Vec<OptionNote>,
    uciok: bool,
    readyoks: u64,
    pending: VecDeque<EngineEvent>,
    search: Option<Search>,
    /// Bestmoves still to come from searches that were cancelled or replaced: dropped.
    discard: u32,
    /// Set once the engine's output has closed or writing to it failed.
    dead: bool,
    exit_status: Option<ExitStatus>,
    timeout: Duration,
    /// `UCI_Chess960` was set: castling is written as the king taking its own rook.
    chess960: bool,
}

impl Engine {
    /// Starts `path` with `args` (a bare name is looked for on `PATH`, then in `/usr/games`),
    /// does the handshake (`uci` → `id`, `option`…, `uciok`), sets the options and waits for
    /// `readyok`, each wait bounded by `options.handshake_timeout`.
    pub fn spawn(
        path: &Path,
        args: &[String],
        options: &EngineOptions,
    ) -> Result<Engine, EngineError> {
        let program = path.display().to_string();
        let resolved = super::locate(&program).unwrap_or_else(|| path.to_path_buf());
        let mut child = Command::new(&resolved)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|source| {
                if source.kind() == std::io::ErrorKind::NotFound {
                    EngineError::NotFound {
                        program: program.clone(),
                        source: Arc::new(source),
                    }
                } else {
                    EngineError::Spawn {
                        program: program.clone(),
                        source: Arc::new(source),
                    }
                }
            })?;
        let stdin = child.stdin.take();
        let (tx, rx) = mpsc::channel();
        if let Some(stdout) = child.stdout.take() {
            std::thread::spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match reader.read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            let line = String::from_utf8_lossy(&buf);
                            let line = line.trim_end_matches(['\n', '\r']).to_string();
                            if tx.send(Msg::Line(line)).is_err() {
                                return;
                            }
                        }
                    }
                }
                let _ = tx.send(Msg::Eof);
            });
        }
        let stderr = Arc::new(Mutex::new(StderrTail::default()));
        if let Some(err) = child.stderr.take() {
            let tail = Arc::clone(&stderr);
            std::thread::spawn(move || read_stderr(err, &tail));
        }
        let mut engine = Engine {
            label: program,
            child,
            stdin,
            rx,
            stderr,
            name: None,
            author: None,
            options: Vec::new(),
            notes: Vec::new(),
            uciok: false,
            readyoks: 0,
            pending: VecDeque::new(),
            search: None,
            discard: 0,
            dead: false,
            exit_status: None,
            timeout: options.handshake_timeout,
            chess960: false,
        };
        engine.send("uci")?;
        engine.wait_until("uci", "uciok", |e| e.uciok)?;
        if let Some(name) = &engine.name {
            engine.label = name.clone();
        }
        engine.configure(options)?;
        engine.sync()?;
        Ok(engine)
    }

    // ---------------------------------------------------------------- readings

    /// The engine's `id name`, if it gave one.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The engine's `id author`, if it gave one.
    pub fn author(&self) -> Option<&str> {
        self.author.as_deref()
    }

    /// How messages name the engine: its `id name`, else the program as given.
    pub fn label(&self) -> &str {
        &self.label
    }

    /// The options the engine offered in the handshake.
    pub fn options(&self) -> &[UciOption] {
        &self.options
    }

    /// The offered option called `name` (without regard to case).
    pub fn option(&self, name: &str) -> Option<&UciOption> {
        self.options.iter().find(|o| o.is(name))
    }

    /// What was skipped or adjusted when setting options.
    pub fn notes(&self) -> &[OptionNote] {
        &self.notes
    }

    /// Whether a search was started and its bestmove has not come yet.
    pub fn is_searching(&self) -> bool {
        self.search.is_some()
    }

    /// Whether the engine is still there (its output open, its input writable).
    pub fn is_alive(&self) -> bool {
        !self.dead
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    // ---------------------------------------------------------------- actions

    /// Sets one option by name (between searches). Not offered, out of range or of the wrong
    /// type: skipped or clamped with a note, which is returned and kept in [`Engine::notes`].
    pub fn set_option(
        &mut self,
        name: &str,
        value: &str,
    ) -> Result<Option<OptionNote>, EngineError> {
        let Some(opt) = self.option(name).cloned() else {
            return Ok(self.note(OptionNote::NotOffered {
                name: name.to_string(),
            }));
        };
        let bad = || OptionNote::BadValue {
            name: opt.name.clone(),
            value: value.to_string(),
        };
        let (sent, note) = match opt.kind {
            OptionKind::Button => (None, None),
            OptionKind::String => (Some(value.to_string()), None),
            OptionKind::Check => match value.trim().to_ascii_lowercase().as_str() {
                v @ ("true" | "false") => (Some(v.to_string()), None),
                _ => return Ok(self.note(bad())),
            },
            OptionKind::Combo => match opt.vars.iter().find(|v| v.eq_ignore_ascii_case(value)) {
                Some(v) => (Some(v.clone()), None),
                None => return Ok(self.note(bad())),
            },
            OptionKind::Spin => {
                let Ok(asked) = value.trim().parse::<i64>() else {
                    return Ok(self.note(bad()));
                };
                let sent = opt.clamp(asked);
                let note = (sent != asked).then(|| OptionNote::Clamped {
                    name: opt.name.clone(),
                    asked,
                    sent,
                });
                (Some(sent.to_string()), note)
            }
        };
        self.send(&uci::setoption_command(&opt.name, sent.as_deref()))?;
        Ok(match note {
            Some(n) => self.note(n),
            None => None,
        })
    }

    /// Starts a search of the position after `moves` from `start`, with the limits of
    /// `clock`. `now_ms` is the caller's time (for [`Engine::overdue`]). A search still
    /// running is stopped and its bestmove dropped. The moves are checked first: an
    /// illegal one is an error and nothing is sent.
    pub fn go(
        &mut self,
        start: &Position,
        moves: &[Move],
        clock: GoClock,
        now_ms: u64,
    ) -> Result<(), EngineError> {
        let mut pos = *start;
        for (i, &mv) in moves.iter().enumerate() {
            if !pos.is_legal(mv) {
                return Err(EngineError::IllegalMoveGiven {
                    number: i + 1,
                    text: mv.uci().to_string(),
                    fen: pos.to_fen(),
                });
            }
            pos.play_unchecked(mv);
        }
        if self.dead {
            return Err(self.died());
        }
        self.cancel();
        self.send(&uci::position_command_960(start, moves, self.chess960))?;
        self.send(&clock.go_command())?;
        self.search = Some(Search {
            pos,
            started_ms: now_ms,
            stop_sent: false,
            overdue_reported: false,
        });
        Ok(())
    }

    /// Asks the engine to move now (`stop`): the bestmove still comes as an event.
    pub fn stop(&mut self) {
        if let Some(s) = &mut self.search {
            if !s.stop_sent {
                s.stop_sent = true;
                let _ = self.send("stop");
            }
        }
    }

    /// Stops the search and drops its bestmove when it comes (a takeback, a new game, a game
    /// that ended meanwhile).
    pub fn cancel(&mut self) {
        if self.search.is_some() {
            self.stop();
            self.search = None;
            self.discard += 1;
        }
    }

    /// A new game: the search is cancelled, `ucinewgame`, then `isready`/`readyok` within
    /// the handshake timeout.
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        if self.dead {
            return Err(self.died());
        }
        self.cancel();
        self.send("ucinewgame")?;
        self.sync()
    }

    /// The next event, without waiting (for the UI loop). Deadlines are not checked here:
    /// see [`Engine::overdue`].
    pub fn poll(&mut self) -> Option<EngineEvent> {
        loop {
            if let Some(e) = self.pending.pop_front() {
                return Some(e);
            }
            if self.dead {
                return None;
            }
            match self.rx.try_recv() {
                Ok(msg) => self.handle(msg),
                Err(TryRecvError::Empty) => return None,
                Err(TryRecvError::Disconnected) => self.handle(Msg::Eof),
            }
        }
    }

    /// The next event, waiting at most `timeout` (measured with `Instant`); `None` when
    /// nothing came.
    pub fn wait_event(&mut self, timeout: Duration) -> Option<EngineEvent> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(e) = self.poll() {
                return Some(e);
            }
            if self.dead {
                return None;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return None;
            }
            match self.rx.recv_timeout(left) {
                Ok(msg) => self.handle(msg),
                Err(RecvTimeoutError::Timeout) => return None,
                Err(RecvTimeoutError::Disconnected) => self.handle(Msg::Eof),
            }
        }
    }

    /// When the search started at `now_ms` of [`Engine::go`] has gone on for `limit_ms` or
    /// more by `now_ms` (the caller's clock): an [`EngineError::Unresponsive`] event, once
    /// per search. The search is left running (the caller may [`Engine::stop`] it, wait
    /// more, or drop the engine).
    pub fn overdue(&mut self, now_ms: u64, limit_ms: u64) -> Option<EngineEvent> {
        if self.dead {
            return None;
        }
        let s = self.search.as_mut()?;
        let waited_ms = now_ms.saturating_sub(s.started_ms);
        if s.overdue_reported || waited_ms < limit_ms {
            return None;
        }
        s.overdue_reported = true;
        Some(EngineEvent::Failed(EngineError::Unresponsive {
            program: self.label.clone(),
            waited_ms,
        }))
    }

    /// Searches and waits for the move (line mode, tests): [`Engine::go`], then events
    /// until the bestmove or a failure; after `limit` (measured with `Instant`) the search
    /// is cancelled and the engine is reported unresponsive.
    pub fn best_move(
        &mut self,
        start: &Position,
        moves: &[Move],
        clock: GoClock,
        limit: Duration,
    ) -> Result<Move, EngineError> {
        self.go(start, moves, clock, 0)?;
        let began = Instant::now();
        loop {
            let left = limit.saturating_sub(began.elapsed());
            match self.wait_event(left) {
                Some(EngineEvent::BestMove(mv)) => return Ok(mv),
                Some(EngineEvent::Failed(e)) => return Err(e),
                Some(EngineEvent::Info(_)) => {}
                None if self.dead => return Err(self.died()),
                None => {
                    self.cancel();
                    return Err(EngineError::Unresponsive {
                        program: self.label.clone(),
                        waited_ms: u64::try_from(limit.as_millis()).unwrap_or(u64::MAX),
                    });
                }
            }
        }
    }

    // ---------------------------------------------------------------- internals

    fn note(&mut self, note: OptionNote) -> Option<OptionNote> {
        self.notes.push(note.clone());
        Some(note)
    }

    fn configure(&mut self, o: &EngineOptions) -> Result<(), EngineError> {
        let mut wanted: Vec<(String, String)> = Vec::new();
        let mut push = |name: &str, value: String| wanted.push((name.to_string(), value));
        if let Some(t) = o.threads {
            push("Threads", t.to_string());
        }
        if let Some(h) = o.hash_mb {
            push("Hash", h.to_string());
        }
        if let Some(m) = o.move_overhead_ms {
            push("Move Overhead", m.to_string());
        }
        match o.strength {
            Some(Strength::Skill(level)) => push("Skill Level", level.to_string()),
            Some(Strength::Elo(elo)) => {
                // Both or neither: limiting strength without the Elo would mean nothing.
                if self.option("UCI_LimitStrength").is_some() && self.option("UCI_Elo").is_some() {
                    push("UCI_LimitStrength", "true".into());
                    push("UCI_Elo", elo.to_string());
                } else {
                    let missing = if self.option("UCI_LimitStrength").is_none() {
                        "UCI_LimitStrength"
                    } else {
                        "UCI_Elo"
                    };
                    self.note(OptionNote::NotOffered {
                        name: missing.to_string(),
                    });
                }
            }
            None => {}
        }
        wanted.extend(o.extra.iter().cloned());
        if o.chess960 {
            // Guidelines II: without the option the engine would read `e1h1` as nonsense.
            if self.option("UCI_Chess960").is_none() {
                return Err(EngineError::NoChess960 {
                    program: self.label.clone(),
                });
            }
            wanted.push(("UCI_Chess960".into(), "true".into()));
            self.chess960 = true;
        }
        for (name, value) in wanted {
            self.set_option(&name, &value)?;
        }
        Ok(())
    }

    /// `isready`, then waits for its `readyok`.
    fn sync(&mut self) -> Result<(), EngineError> {
        let target = self.readyoks + 1;
        self.send("isready")?;
        self.wait_until("isready", "readyok", |e| e.readyoks >= target)
    }

    /// Handles the engine's lines until `done`, within the handshake timeout.
    fn wait_until(
        &mut self,
        command: &'static str,
        expected: &'static str,
        done: impl Fn(&Engine) -> bool,
    ) -> Result<(), EngineError> {
        let began = Instant::now();
        while !done(self) {
            if self.dead {
                return Err(self.died());
            }
            let left = self.timeout.saturating_sub(began.elapsed());
            match self.rx.recv_timeout(left) {
                Ok(msg) => self.handle(msg),
                Err(RecvTimeoutError::Disconnected) => self.handle(Msg::Eof),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(EngineError::Handshake {
                        program: self.label.clone(),
                        command,
                        expected,
                        waited_ms: u64::try_from(self.timeout.as_millis()).unwrap_or(u64::MAX),
                    });
                }
            }
        }
        Ok(())
    }

    fn handle(&mut self, msg: Msg) {
        let line = match msg {
            Msg::Line(line) => line,
            Msg::Eof => {
                if !self.dead {
                    self.dead = true;
                    self.search = None;
                    let e = self.died();
                    self.pending.push_back(EngineEvent::Failed(e));
                }
                return;
            }
        };
        match uci::parse_line(&line) {
            EngineLine::UciOk => self.uciok = true,
            EngineLine::ReadyOk => self.readyoks += 1,
            EngineLine::IdName(n) if !self.uciok => self.name = Some(n),
            EngineLine::IdAuthor(a) if !self.uciok => self.author = Some(a),
            EngineLine::Option(o) if !self.uciok => {
                if let Some(old) = self.options.iter_mut().find(|x| x.is(&o.name)) {
                    *old = o;
                } else {
                    self.options.push(o);
                }
            }
            EngineLine::Info(mut info) if self.discard == 0 => {
                if let Some(s) = &self.search {
                    if info.is_progress() {
                        info.pv = uci::legal_prefix(&s.pos, &info.pv_text);
                        self.pending.push_back(EngineEvent::Info(info));
                    }
                }
            }
            EngineLine::BestMove { text, .. } => {
                if self.discard > 0 {
                    self.discard -= 1;
                    return;
                }
                // A bestmove with no search asked for: ignored.
                let Some(s) = self.search.take() else { return };
                let event = match text
                    .parse::<UciMove>()
                    .ok()
                    .and_then(|u| s.pos.uci_to_move(u))
                {
                    Some(mv) => EngineEvent::BestMove(mv),
                    None if matches!(text.as_str(), "(none)" | "0000" | "") => {
                        EngineEvent::Failed(EngineError::NoMove {
                            program: self.label.clone(),
                            text,
                            fen: s.pos.to_fen(),
                        })
                    }
                    None => EngineEvent::Failed(EngineError::IllegalBestMove {
                        program: self.label.clone(),
                        text,
                        fen: s.pos.to_fen(),
                    }),
                };
                self.pending.push_back(event);
            }
            _ => {}
        }
    }

    /// Writes one command line; a failure means the engine is gone.
    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        let ok = match &mut self.stdin {
            Some(stdin) => writeln!(stdin, "{line}")
                .and_then(|()| stdin.flush())
                .is_ok(),
            None => false,
        };
        if ok {
            Ok(())
        } else {
            self.dead = true;
            self.search = None;
            Err(self.died())
        }
    }

    /// The error for an engine that is gone: its exit status (waiting a little for it) and
    /// the last line it wrote on stderr.
    fn died(&mut self) -> EngineError {
        if self.exit_status.is_none() {
            let began = Instant::now();
            while began.elapsed() < GRACE {
                match self.child.try_wait() {
                    Ok(Some(status)) => {
                        self.exit_status = Some(status);
                        break;
                    }
                    Ok(None) => std::thread::sleep(Duration::from_millis(5)),
                    Err(_) => break,
                }
            }
        }
        // Once the process is gone its stderr closes soon: wait a little for the last line.
        let began = Instant::now();
        let last_stderr = loop {
            let (closed, last) = match self.stderr.lock() {
                Ok(t) => (t.closed, t.lines.back().cloned()),
                Err(_) => (true, None),
            };
            if closed || self.exit_status.is_none() || began.elapsed() >= GRACE {
                break last;
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        EngineError::Died {
            program: self.label.clone(),
            status: self.exit_status,
            last_stderr,
        }
    }
}

fn read_stderr(err: impl Read, tail: &Mutex<StderrTail>) {
    let mut reader = BufReader::new(err);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match reader.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                let line = String::from_utf8_lossy(&buf).trim().to_string();
                if line.is_empty() {
                    continue;
                }
                if let Ok(mut t) = tail.lock() {
                    if t.lines.len() == STDERR_LINES {
                        t.lines.pop_front();
                    }
                    t.lines.push_back(line);
                }
            }
        }
    }
    if let Ok(mut t) = tail.lock() {
        t.closed = true;
    }
}

impl Drop for Engine {
    /// `quit`, a short grace, then a kill; the process is always reaped (no zombies).
    fn drop(&mut self) {
        if !self.dead {
            if let Some(stdin) = &mut self.stdin {
                let _ = writeln!(stdin, "quit").and_then(|()| stdin.flush());
            }
        }
        // Closing stdin is a second way of saying quit.
        self.stdin = None;
        let began = Instant::now();
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) => return,
                Ok(None) if began.elapsed() < GRACE => std::thread::sleep(Duration::from_millis(5)),
                _ => break,
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
