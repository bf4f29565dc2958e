//! The screen-reader line mode: plain lines on standard output, no cursor addressing, no
//! boxes, no colour. One line per event, each said exactly once; a prompt that reads moves
//! (in words, SAN in English or Spanish, UCI) and commands, from a terminal or a pipe; the
//! same game, clocks and Laws as the full screen (a [`Session`]).
//!
//! Input is read on its own thread so that the clock keeps running while the player
//! thinks: low-time warnings and a falling flag are said when they happen, not at the next
//! line typed. At the end of the input the game is saved and the mode ends cleanly.

use std::collections::BTreeSet;
use std::io::{self, BufRead, Write};
use std::sync::mpsc;
use std::time::Duration;

use crate::core::Color;
use crate::lang::Lang;
use crate::laws::GameEvent;
use crate::speech::Speaker;

use super::event_loop::TimeSource;
use crate::speech::screens::Say;
use crate::table::command::{self, Command, Context, Grammar, Query};
use crate::table::session::{Chair, Reply, Session, SessionError};

/// A program that says a line aloud (`--speak`), when installed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Voice {
    program: String,
}

impl Voice {
    /// `spd-say` (speech-dispatcher) or `espeak-ng`, the first found on `PATH`.
    pub fn find() -> Option<Voice> {
        let path = std::env::var_os("PATH")?;
        ["spd-say", "espeak-ng"].iter().find_map(|name| {
            std::env::split_paths(&path)
                .any(|dir| dir.join(name).is_file())
                .then(|| Voice {
                    program: name.to_string(),
                })
        })
    }

    fn say(&self, text: &str, lang: Lang) {
        let mut cmd = std::process::Command::new(&self.program);
        if self.program == "spd-say" {
            cmd.args(["-l", lang.code(), "--", text]);
        } else {
            cmd.args(["-v", lang.code(), "--", text]);
        }
        // Speech is a courtesy: a failure to start it must not stop the game.
        let _ = cmd
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn();
    }
}

/// Settings of the line mode.
#[derive(Clone, Debug)]
pub struct LineOptions {
    /// Low-time warnings, in milliseconds of main time left (e.g. 2 min, 1 min, 30 s, 10 s).
    pub warnings_ms: Vec<u64>,
    pub voice: Option<Voice>,
    /// Print a prompt before reading (only when the input is a terminal).
    pub prompt: bool,
}

impl Default for LineOptions {
    fn default() -> Self {
        LineOptions {
            warnings_ms: vec![120_000, 60_000, 30_000, 10_000],
            voice: None,
            prompt: false,
        }
    }
}

/// How the mode ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LineEnd {
    /// The player asked to leave.
    Quit,
    /// The input ended.
    EndOfInput,
}

/// An engine or other work beside the player's lines (the engine's moves).
pub trait LineCompanion {
    /// Called on every turn of the loop; returns after doing what it can without blocking
    /// for long.
    fn step(&mut self, session: &mut Session, now: u64);
}

/// No companion.
pub struct NoCompanion;

impl LineCompanion for NoCompanion {
    fn step(&mut self, _session: &mut Session, _now: u64) {}
}

/// The line mode at this terminal: the game (the table) and the lines that say it.
pub struct LineMode<W: Write> {
    pub session: Session,
    pub screen: LineScreen<W>,
}

impl<W: Write> std::ops::Deref for LineMode<W> {
    type Target = LineScreen<W>;
    fn deref(&self) -> &LineScreen<W> {
        &self.screen
    }
}

impl<W: Write> std::ops::DerefMut for LineMode<W> {
    fn deref_mut(&mut self) -> &mut LineScreen<W> {
        &mut self.screen
    }
}

impl<W: Write> LineMode<W> {
    pub fn new(session: Session, speaker: Speaker, out: W, options: LineOptions) -> Self {
        let screen = LineScreen::new(Chair::local(), speaker, out, options);
        LineMode { session, screen }
    }

    /// Runs the mode: the opening lines, then lines from `input` until the player quits or
    /// the input ends.
    pub fn run<R: BufRead + Send + 'static>(
        &mut self,
        input: R,
        time: &dyn TimeSource,
        companion: &mut dyn LineCompanion,
    ) -> io::Result<LineEnd> {
        let (tx, rx) = mpsc::channel::<Option<String>>();
        std::thread::spawn(move || {
            for line in input.lines() {
                match line {
                    Ok(l) => {
                        if tx.send(Some(l)).is_err() {
                            return;
                        }
                    }
                    Err(_) => break,
                }
            }
            let _ = tx.send(None);
        });
        self.screen.start(&self.session)?;
        loop {
            let now = time.now_ms();
            self.session.tick(now);
            companion.step(&mut self.session, now);
            self.screen.poll(&self.session, now)?;
            if self.session.engine_to_move() {
                // The engine's turn: lines wait until it has moved.
                std::thread::sleep(Duration::from_millis(10));
                continue;
            }
            if self.screen.options.prompt && !self.screen.prompted {
                write!(self.screen.out, "> ")?;
                self.screen.out.flush()?;
                self.screen.prompted = true;
            }
            match rx.recv_timeout(Duration::from_millis(100)) {
                Ok(Some(line)) => {
                    let now = time.now_ms();
                    self.session.tick(now);
                    if self.screen.input_line(&mut self.session, &line, now)? == Some(LineEnd::Quit)
                    {
                        return Ok(LineEnd::Quit);
                    }
                }
                Ok(None) | Err(mpsc::RecvTimeoutError::Disconnected) => {
                    let bye = self.screen.speaker.screen(Say::EndOfInput);
                    self.screen.say(&bye)?;
                    return Ok(LineEnd::EndOfInput);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
            }
        }
    }

    /// The opening line; every event so far counts as said.
    pub fn start(&mut self) -> io::Result<()> {
        self.screen.start(&self.session)
    }

    /// Says what happened since the last call.
    pub fn poll(&mut self, now: u64) -> io::Result<()> {
        self.screen.poll(&self.session, now)
    }

    /// One line typed by the player at `now`.
    pub fn input_line(&mut self, line: &str, now: u64) -> io::Result<Option<LineEnd>> {
        self.screen.input_line(&mut self.session, line, now)
    }
}

/// The lines over one game, for one chair: what it has said, the warnings given, the
/// waiting question. It borrows the game for every line and keeps none of it.
pub struct LineScreen<W: Write> {
    chair: Chair,
    speaker: Speaker,
    out: W,
    options: LineOptions,
    /// Warnings already given: (colour, period, threshold).
    warned: BTreeSet<(u8, usize, u64)>,
    last: String,
    /// The prompt is on the screen since the last line said.
    prompted: bool,
}

impl<W: Write> LineScreen<W> {
    pub fn new(chair: Chair, speaker: Speaker, out: W, options: LineOptions) -> Self {
        LineScreen {
            chair,
            speaker,
            out,
            options,
            warned: BTreeSet::new(),
            last: String::new(),
            prompted: false,
        }
    }

    fn lang(&self) -> Lang {
        self.speaker.lang
    }

    /// The speaker of this mode (its language and naming profile).
    pub fn speaker(&self) -> Speaker {
        self.speaker
    }

    /// The output (a remote screen's buffer).
    pub fn out_mut(&mut self) -> &mut W {
        &mut self.out
    }

    /// Says one line (and speaks it when asked).
    pub fn say(&mut self, text: &str) -> io::Result<()> {
        writeln!(self.out, "{text}")?;
        self.out.flush()?;
        if let Some(v) = &self.options.voice {
            v.say(text, self.lang());
        }
        self.last = text.to_string();
        self.prompted = false;
        Ok(())
    }

    /// Says every new game event, once.
    pub fn announce(&mut self, table: &Session) -> io::Result<()> {
        let events = table.take_events(&mut self.chair);
        for e in &events {
            if let Some(words) = self.speaker.event(e, table.game()) {
                self.say(&words)?;
            }
            if matches!(e, GameEvent::GameEnded { .. }) {
                let bye = self.speaker.screen(Say::GameOverLine);
                self.say(&bye)?;
            }
        }
        Ok(())
    }

    /// Low-time warnings at the configured thresholds, once per period and player.
    fn warnings(&mut self, table: &Session, now: u64) -> io::Result<()> {
        let Some(clock) = table.game().clock() else {
            return Ok(());
        };
        if table.game().is_over() {
            return Ok(());
        }
        let mut say = Vec::new();
        for color in [Color::White, Color::Black] {
            let Some(rem) = clock.remaining(color, now) else {
                continue;
            };
            let period = clock.period(color);
            let main = rem.main_ms;
            if main == 0 {
                continue;
            }
            // A threshold at or above the period's own time says nothing new (a one-minute
            // game does not start with "one minute left").
            let period_ms = clock
                .time_control()
                .period(period.saturating_sub(1))
                .map_or(u64::MAX, |p| p.ms());
            // Only the smallest threshold crossed is said; larger ones are marked said.
            let crossed: Vec<u64> = self
                .options
                .warnings_ms
                .iter()
                .copied()
                .filter(|&t| t < period_ms && main <= t)
                .filter(|&t| !self.warned.contains(&(color as u8, period, t)))
                .collect();
            if !crossed.is_empty() {
                for t in &crossed {
                    self.warned.insert((color as u8, period, *t));
                }
                say.push(self.speaker.low_time(color, main));
            }
        }
        for s in say {
            self.say(&s)?;
        }
        Ok(())
    }

    /// The opening line; every event so far counts as said.
    pub fn start(&mut self, table: &Session) -> io::Result<()> {
        let intro = self.intro(table);
        self.say(&intro)?;
        table.skip_events(&mut self.chair);
        Ok(())
    }

    /// Says what happened since the last call: new events and low-time warnings.
    pub fn poll(&mut self, table: &Session, now: u64) -> io::Result<()> {
        self.announce(table)?;
        self.warnings(table, now)
    }

    /// One line typed by the player at `now`.
    pub fn input_line(
        &mut self,
        table: &mut Session,
        line: &str,
        now: u64,
    ) -> io::Result<Option<LineEnd>> {
        self.prompted = false;
        self.announce(table)?;
        self.line(table, line.trim(), now)
    }

    /// The chair these lines sit in.
    pub fn chair(&self) -> &Chair {
        &self.chair
    }

    /// Whether a prompt is on the screen since the last line said.
    pub fn prompted(&self) -> bool {
        self.prompted
    }

    /// Notes that a prompt was written after the last line.
    pub fn set_prompted(&mut self) {
        self.prompted = true;
    }

    fn intro(&self, table: &Session) -> String {
        self.speaker.line_intro(table.game())
    }

    /// The answer to a query.
    fn query(&self, table: &Session, q: Query, now: u64) -> String {
        match q {
            Query::Help => self.speaker.line_help(),
            Query::Repeat => self.last.clone(),
            q => table.answer(self.chair.role(), q, &self.speaker, now),
        }
    }

    /// One line of input at `now`: read by the table's grammar, carried out by the
    /// session, said here.
    fn line(&mut self, table: &mut Session, text: &str, now: u64) -> io::Result<Option<LineEnd>> {
        if text.is_empty() {
            return Ok(None);
        }
        let answer = self
            .chair
            .question()
            .and_then(|_| command::answer(text))
            .map(Command::Answer);
        let cmd = match answer {
            Some(a) => a,
            None => {
                let pos = *table.game().position();
                let read = Grammar {
                    context: Context::Play,
                    speaker: &self.speaker,
                    position: Some(&pos),
                }
                .read(text);
                match read {
                    Ok(Some(c)) => c,
                    Ok(None) => return Ok(None),
                    Err(e) => {
                        if self.chair.withdraw_question().is_some() {
                            let s = self.speaker.cancelled();
                            self.say(&s)?;
                        }
                        let s = match (&e, table.move_refusal(self.chair.role())) {
                            (command::CommandError::Move(_), Some(r)) => self.speaker.refusal(&r),
                            _ => self.speaker.command_error(&e),
                        };
                        self.say(&s)?;
                        return Ok(None);
                    }
                }
            }
        };
        let outcome = match table.apply(&mut self.chair, cmd, now) {
            Ok(o) => o,
            Err(e) => {
                let s = self.speaker.refusal(&e);
                self.say(&s)?;
                return Ok(None);
            }
        };
        if outcome.withdrawn.is_some() {
            let s = self.speaker.cancelled();
            self.say(&s)?;
        }
        match outcome.reply {
            Reply::Done => self.announce(table)?,
            Reply::Asked(q) => {
                let pos = *table.game().position();
                let s = self.speaker.question(&q, Some(&pos), true);
                self.say(&s)?;
            }
            Reply::Cancelled(_) => {
                let s = self.speaker.cancelled();
                self.say(&s)?;
            }
            Reply::Leave => return Ok(Some(LineEnd::Quit)),
            Reply::TakenBack => {
                let s = self.speaker.taken_back();
                self.say(&s)?;
            }
            Reply::Front(Command::Query(q)) => {
                let s = self.query(table, q, now);
                self.say(&s)?;
            }
            Reply::NewGame | Reply::Front(_) => {
                let s = self.speaker.refusal(&SessionError::NotHere);
                self.say(&s)?;
            }
        }
        Ok(None)
    }
}
