//! The session's journal: every act that changed the game, with the instant it happened
//! on the game's time line. Replaying the journal into a new session with the same setup
//! gives the same record, the same events (offers, claims, penalties, clock adjustments,
//! flag falls …) and the same clock readings: the autosave writes it beside the PGN, so a
//! game resumed after a crash or `kill -9` is the game that was interrupted, not just its
//! moves (the PGN alone lost a wrong claim's penalty time, 9.5.3).
//!
//! One line per act, plain text (`escaque-journal 1` first):
//!
//! ```text
//! 0 start
//! 5000 w move e2e4
//! 9000 b claim g8f6
//! 9500 tick
//! 12000 arbiter penalty w time 120
//! ```
//!
//! Moves are written in UCI and read back against the position they were played from.

use std::fmt::Write as _;

use crate::core::{Color, Move, Position, UciMove};
use crate::laws::irregularity::{ArbiterAction, ArbiterPenalty};

/// The first line of a journal file.
pub const HEADER: &str = "escaque-journal 1";

/// An act of a player, as the laws were asked to carry it out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlayerAct {
    Move(Move),
    Offer,
    Accept,
    Decline,
    Claim(Option<Move>),
    Resign,
}

/// What changed the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Act {
    /// The session began (the clock started, 6.5).
    Start,
    Player {
        by: Color,
        act: PlayerAct,
    },
    /// The engine's move.
    Engine(Move),
    /// 6.11.1, 6.12.
    Pause,
    Resume,
    /// The clock brought to the instant, with a consequence (a flag fell, a period ended).
    Tick,
    /// A takeback by agreement.
    Takeback,
    /// The arbiter's decision.
    Arbiter(ArbiterAction),
    /// 7.5.1: an illegal move completed (arbiter training).
    Illegal {
        by: Color,
    },
}

/// One act and its instant (ms on the game's time line).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Entry {
    pub at: u64,
    pub act: Act,
}

/// Why a journal line could not be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("journal line {line}: \"{text}\": {what}")]
pub struct JournalError {
    pub line: usize,
    pub text: String,
    pub what: String,
}

fn color_code(c: Color) -> &'static str {
    c.fold("w", "b")
}

fn uci(m: Move) -> String {
    m.uci().to_string()
}

impl Entry {
    /// The entry as one line of the journal (no newline).
    pub fn line(&self) -> String {
        let mut s = format!("{} ", self.at);
        match self.act {
            Act::Start => s.push_str("start"),
            Act::Player { by, act } => {
                let _ = write!(s, "{} ", color_code(by));
                match act {
                    PlayerAct::Move(m) => {
                        let _ = write!(s, "move {}", uci(m));
                    }
                    PlayerAct::Offer => s.push_str("offer"),
                    PlayerAct::Accept => s.push_str("accept"),
                    PlayerAct::Decline => s.push_str("decline"),
                    PlayerAct::Claim(None) => s.push_str("claim"),
                    PlayerAct::Claim(Some(m)) => {
                        let _ = write!(s, "claim {}", uci(m));
                    }
                    PlayerAct::Resign => s.push_str("resign"),
                }
            }
            Act::Engine(m) => {
                let _ = write!(s, "engine {}", uci(m));
            }
            Act::Pause => s.push_str("pause"),
            Act::Resume => s.push_str("resume"),
            Act::Tick => s.push_str("tick"),
            Act::Takeback => s.push_str("takeback"),
            Act::Illegal { by } => {
                let _ = write!(s, "illegal {}", color_code(by));
            }
            Act::Arbiter(a) => {
                s.push_str("arbiter ");
                match a {
                    ArbiterAction::PositionRestored { ply } => {
                        let _ = write!(s, "restore {ply}");
                    }
                    ArbiterAction::ClocksSet { white_ms, black_ms } => {
                        let _ = write!(s, "clocks {white_ms} {black_ms}");
                    }
                    ArbiterAction::Penalty { to, penalty } => {
                        let _ = write!(s, "penalty {} ", color_code(to));
                        match penalty {
                            ArbiterPenalty::Warning => s.push_str("warn"),
                            ArbiterPenalty::TimeToOpponent { seconds } => {
                                let _ = write!(s, "time {seconds}");
                            }
                            ArbiterPenalty::TimeFromOffender { seconds } => {
                                let _ = write!(s, "deduct {seconds}");
                            }
                            ArbiterPenalty::Loss => s.push_str("loss"),
                            other => {
                                let _ = write!(s, "other {other:?}");
                            }
                        }
                    }
                    other => {
                        let _ = write!(s, "other {other:?}");
                    }
                }
            }
        }
        s
    }
}

/// Reads one line of a journal; moves are read against `pos`, the position the act
/// found (the caller replays in order).
pub fn read_line(n: usize, text: &str, pos: &Position) -> Result<Entry, JournalError> {
    let err = |what: &str| JournalError {
        line: n,
        text: text.to_string(),
        what: what.to_string(),
    };
    let w: Vec<&str> = text.split_whitespace().collect();
    let at: u64 = w
        .first()
        .and_then(|x| x.parse().ok())
        .ok_or_else(|| err("the instant (milliseconds) is missing"))?;
    let color = |i: usize| match w.get(i).copied() {
        Some("w") => Ok(Color::White),
        Some("b") => Ok(Color::Black),
        _ => Err(err("the colour (w or b) is missing")),
    };
    let mv = |i: usize| -> Result<Move, JournalError> {
        let u: UciMove = w
            .get(i)
            .and_then(|x| x.parse().ok())
            .ok_or_else(|| err("the move (UCI) is missing"))?;
        pos.uci_to_move(u)
            .ok_or_else(|| err("the move is not legal in the position it was played from"))
    };
    let num = |i: usize| -> Result<u64, JournalError> {
        w.get(i)
            .and_then(|x| x.parse().ok())
            .ok_or_else(|| err("a number is missing"))
    };
    let act = match w.get(1).copied() {
        Some("start") => Act::Start,
        Some("pause") => Act::Pause,
        Some("resume") => Act::Resume,
        Some("tick") => Act::Tick,
        Some("takeback") => Act::Takeback,
        Some("engine") => Act::Engine(mv(2)?),
        Some("illegal") => Act::Illegal { by: color(2)? },
        Some("w" | "b") => {
            let by = color(1)?;
            let act = match w.get(2).copied() {
                Some("move") => PlayerAct::Move(mv(3)?),
                Some("offer") => PlayerAct::Offer,
                Some("accept") => PlayerAct::Accept,
                Some("decline") => PlayerAct::Decline,
                Some("resign") => PlayerAct::Resign,
                Some("claim") if w.len() == 3 => PlayerAct::Claim(None),
                Some("claim") => PlayerAct::Claim(Some(mv(3)?)),
                _ => return Err(err("not a player's act")),
            };
            Act::Player { by, act }
        }
        Some("arbiter") => Act::Arbiter(match w.get(2).copied() {
            Some("restore") => ArbiterAction::PositionRestored {
                ply: num(3)? as usize,
            },
            Some("clocks") => ArbiterAction::ClocksSet {
                white_ms: num(3)?,
                black_ms: num(4)?,
            },
            Some("penalty") => ArbiterAction::Penalty {
                to: color(3)?,
                penalty: match w.get(4).copied() {
                    Some("warn") => ArbiterPenalty::Warning,
                    Some("loss") => ArbiterPenalty::Loss,
                    Some("time") => ArbiterPenalty::TimeToOpponent {
                        seconds: num(5)? as u32,
                    },
                    Some("deduct") => ArbiterPenalty::TimeFromOffender {
                        seconds: num(5)? as u32,
                    },
                    _ => return Err(err("a penalty the journal cannot replay")),
                },
            },
            _ => return Err(err("a decision the journal cannot replay")),
        }),
        _ => return Err(err("not an act of the journal")),
    };
    Ok(Entry { at, act })
}

/// The journal as text: the header, then one line per entry.
pub fn text(entries: &[Entry]) -> String {
    let mut s = String::from(HEADER);
    s.push('\n');
    for e in entries {
        s.push_str(&e.line());
        s.push('\n');
    }
    s
}
