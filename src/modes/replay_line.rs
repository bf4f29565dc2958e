//! The arbiter's replay in the screen-reader line mode: plain lines, no boxes, no cursor
//! addressing. Every ply stepped to is said with its move ([`Speaker::numbered_move`]) and
//! the sentences of its findings; the arbiter's decisions are typed as in the full screen
//! (`decide restore`, `decide penalty white 120`, `decide clocks`, `decide clocks 1:10:00
//! 0:58:30`, `decide result 1/2 6.9`).
//! Nothing runs while the arbiter thinks, so input is read line by line; at the end of the
//! input the mode ends cleanly.
//!
//! [`Speaker::numbered_move`]: crate::speech::Speaker::numbered_move

use std::io::{self, BufRead, Write};

use crate::lang::Lang;
use crate::laws::arbiter::Decision;
use crate::speech::replay::{self, ReplaySay, say};
use crate::speech::report::{self, Voice};
use crate::speech::result_words;

use super::replay::{Proposal, Replay};
use crate::table::command::{self, Command, Context, Go, Grammar, Query};

/// How the line mode ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ReplayLineEnd {
    Quit,
    EndOfInput,
}

/// The replay line mode over one [`Replay`], writing to `out`.
pub struct ReplayLine<'a, W: Write> {
    pub replay: Replay,
    out: &'a mut W,
    /// Print `> ` before reading (only when the input is a terminal).
    prompt: bool,
    /// A decision waiting for yes or no.
    pending: Option<Decision>,
    /// The last line was a quit refused because decisions are not saved.
    asked_quit: bool,
}

impl<'a, W: Write> ReplayLine<'a, W> {
    pub fn new(replay: Replay, out: &'a mut W, prompt: bool) -> Self {
        ReplayLine {
            replay,
            out,
            prompt,
            pending: None,
            asked_quit: false,
        }
    }

    fn lang(&self) -> Lang {
        self.replay.lang()
    }

    fn say(&mut self, text: &str) -> io::Result<()> {
        writeln!(self.out, "{text}")?;
        self.out.flush()
    }

    /// The opening lines: the game, the verdict, how many findings, the start position.
    fn intro(&mut self) -> io::Result<()> {
        let lang = self.lang();
        let r = &self.replay.review;
        let sp = self.replay.speaker;
        // Said, not read (App. D): numbers, results and articles in words.
        let mut verdict = result_words(r.result_by_laws, lang).to_string();
        if let Some(t) = r.termination {
            verdict = format!("{verdict}, {}", report::termination(t, lang));
        }
        if let Some(a) = r.article {
            verdict = format!("{verdict}, {}", sp.article(a));
        }
        let recorded = result_words(crate::laws::GameResult::from_pgn(r.result_tag()), lang);
        let head = replay::line_intro(r, lang, recorded, &verdict);
        self.say(&head)?;
        let words = self.replay.words(Voice::Spoken);
        self.say(&words)
    }

    /// Runs the mode: the opening lines, then one command per line of `input` until the
    /// arbiter quits or the input ends.
    pub fn run<R: BufRead>(&mut self, input: R) -> io::Result<ReplayLineEnd> {
        self.intro()?;
        let mut lines = input.lines();
        loop {
            if self.prompt {
                write!(self.out, "> ")?;
                self.out.flush()?;
            }
            let line = match lines.next() {
                Some(Ok(l)) => l,
                Some(Err(e)) if e.kind() == io::ErrorKind::InvalidData => {
                    let s = say(ReplaySay::NotUtf8, self.lang());
                    self.say(&s)?;
                    continue;
                }
                Some(Err(e)) => return Err(e),
                None => {
                    // Nobody left to ask: the decisions not saved are saved.
                    if let Some(saved) = self.replay.save_at_end() {
                        self.say(&saved)?;
                    }
                    let bye = say(ReplaySay::EndOfInput, self.lang());
                    self.say(&bye)?;
                    return Ok(ReplayLineEnd::EndOfInput);
                }
            };
            if self.line(line.trim())? == Some(ReplayLineEnd::Quit) {
                return Ok(ReplayLineEnd::Quit);
            }
        }
    }

    /// Says the ply just arrived at.
    fn arrived(&mut self) -> io::Result<()> {
        let words = self.replay.words(Voice::Spoken);
        self.say(&words)
    }

    /// One line of input, read by the table's grammar (the replay's words).
    pub fn line(&mut self, text: &str) -> io::Result<Option<ReplayLineEnd>> {
        let lang = self.lang();
        // "Quit again" means the very next line.
        let asked_quit = std::mem::take(&mut self.asked_quit);
        if let Some(decision) = self.pending.take() {
            match command::answer(text) {
                Some(true) => {
                    let s = match self.replay.decide(decision) {
                        Ok(s) | Err(s) => s,
                    };
                    return self.say(&s).map(|_| None);
                }
                Some(false) => {
                    let s = self.replay.speaker.cancelled();
                    return self.say(&s).map(|_| None);
                }
                // Anything else withdraws the question and is read as a new command.
                None => {
                    let s = self.replay.speaker.cancelled();
                    self.say(&s)?;
                }
            }
        }
        let read = Grammar {
            context: Context::Replay,
            speaker: &self.replay.speaker,
            position: None,
        }
        .read(text);
        let cmd = match read {
            Ok(Some(c)) => c,
            Ok(None) => return Ok(None),
            Err(e) => {
                let s = self.replay.speaker.command_error(&e);
                self.say(&s)?;
                return Ok(None);
            }
        };
        match cmd {
            Command::Go(Go::Next) => {
                if self.replay.step(true) {
                    self.arrived()?;
                } else {
                    self.say(&say(ReplaySay::LastPly, lang))?;
                }
            }
            Command::Go(Go::Back) => {
                if self.replay.step(false) {
                    self.arrived()?;
                } else {
                    self.say(&say(ReplaySay::AtStart, lang))?;
                }
            }
            Command::Go(Go::First) => {
                let _ = self.replay.go(0);
                self.arrived()?;
            }
            Command::Go(Go::Last) => {
                let last = self.replay.last_ply();
                let _ = self.replay.go(last);
                self.arrived()?;
            }
            Command::Go(Go::Ply(n)) => match self.replay.go(n) {
                Ok(()) => self.arrived()?,
                Err(e) => self.say(&e)?,
            },
            Command::Go(go @ (Go::NextFinding | Go::PrevFinding)) => {
                let forward = go == Go::NextFinding;
                if self.replay.to_finding(forward) {
                    self.arrived()?;
                } else {
                    self.say(&say(ReplaySay::NoFindingThatWay { forward }, lang))?;
                }
            }
            Command::Query(Query::Findings) => {
                for l in self.replay.findings_lines() {
                    self.say(&l)?;
                }
            }
            Command::Query(Query::Board) => {
                let pos = *self.replay.review.position_at(self.replay.ply());
                let s = self.replay.speaker.position_words(&pos);
                self.say(&s)?;
            }
            Command::Query(Query::Clock) => {
                let s = self.replay.clock_words();
                self.say(&s)?;
            }
            Command::Query(Query::Repeat) => self.arrived()?,
            Command::Decide(words) => match self.replay.propose_words(words, text) {
                Ok(Proposal::Ready(d)) => {
                    let s = match self.replay.decide(d) {
                        Ok(s) | Err(s) => s,
                    };
                    self.say(&s)?;
                }
                Ok(Proposal::Confirm { decision, question }) => {
                    self.pending = Some(decision);
                    self.say(&question)?;
                }
                Err(e) => self.say(&e)?,
            },
            Command::Query(Query::Report) => {
                let report = report::report(&self.replay.review, lang, self.replay.notation);
                for l in report.lines() {
                    self.say(l)?;
                }
            }
            Command::Save => {
                let s = match self.replay.save() {
                    Ok(s) | Err(s) => s,
                };
                self.say(&s)?;
            }
            Command::Query(Query::Help) => self.say(&replay::line_help(lang))?,
            Command::Quit => {
                // Decisions not saved: asked once; a second quit leaves without them.
                match self.replay.unsaved() {
                    n if n > 0 && !asked_quit => {
                        self.asked_quit = true;
                        let s = say(ReplaySay::QuitUnsavedLine { n }, lang);
                        self.say(&s)?;
                    }
                    _ => return Ok(Some(ReplayLineEnd::Quit)),
                }
            }
            _ => {
                let s = self
                    .replay
                    .speaker
                    .refusal(&crate::table::session::SessionError::NotHere);
                self.say(&s)?;
            }
        }
        Ok(None)
    }
}
