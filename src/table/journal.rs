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
//! 13000 strict on
//! 14000 touch g8
//! 15000 release f6
//! 16000 adjust b e7
//! 20000 seal
//! ```
//!
//! A room of `escaque serve` opens its game before the players are seated: its journal
//! begins `open` (the clock waits) and says `begin` when both are there and the clock
//! starts (6.5).
//!
//! Moves are written in UCI and read back against the position they were played from;
//! castling is written `O-O` or `O-O-O`, since in Chess960 the king's move in UCI (`f1g1`)
//! can also be a plain king move (Guidelines II.3).

use std::fmt::Write as _;

use crate::core::{Color, Move, Position, Square, UciMove};
use crate::laws::irregularity::{ArbiterAction, ArbiterPenalty};
use crate::table::session::Hand;

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
    /// A room's session began, its clock waiting for both players ([`Act::Begin`]).
    Open,
    /// Both players of a room are seated: the clock starts (6.5).
    Begin,
    /// The server restarted: the room's clocks stop until both players are back (6.11.1:
    /// stopped for a reason outside the players' control).
    Restart,
    Player {
        by: Color,
        act: PlayerAct,
    },
    /// The engine's move.
    Engine(Move),
    /// 6.11.
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
    /// Strict touch-move (Art. 4) turned on or off.
    Strict(bool),
    /// A hand on the board in strict touch-move (4.2–4.7).
    Touch(Hand),
    /// Guidelines I.1: the player to move sealed a move (a reply, I.9 c, if `reply`); the
    /// envelope itself is a file of its own, never in the journal.
    Seal {
        reply: bool,
    },
}

/// One act and its instant (ms on the game's time line).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Entry {
    pub at: u64,
    pub act: Act,
}

/// Why a journal line could not be read; the sentence, in the interface language, is
/// `speech::files::journal_error` (the `Display` is English, for logs and tests).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("journal line {line}: \"{text}\": {what}")]
pub struct JournalError {
    pub line: usize,
    pub text: String,
    pub what: JournalFault,
}

/// What is wrong with a journal line, as data (with its words, in `speech`).
pub use crate::speech::files::JournalFault;

fn color_code(c: Color) -> &'static str {
    c.fold("w", "b")
}

fn uci(m: Move) -> String {
    match m.castle_side() {
        Some(crate::core::CastleSide::King) => "O-O".to_string(),
        Some(crate::core::CastleSide::Queen) => "O-O-O".to_string(),
        None => m.uci().to_string(),
    }
}

impl Entry {
    /// The entry as one line of the journal (no newline).
    pub fn line(&self) -> String {
        let mut s = format!("{} ", self.at);
        match self.act {
            Act::Start => s.push_str("start"),
            Act::Open => s.push_str("open"),
            Act::Begin => s.push_str("begin"),
            Act::Restart => s.push_str("restart"),
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
            Act::Strict(on) => s.push_str(if on { "strict on" } else { "strict off" }),
            Act::Touch(Hand::Touch(sq)) => {
                let _ = write!(s, "touch {sq}");
            }
            Act::Touch(Hand::Release(sq)) => {
                let _ = write!(s, "release {sq}");
            }
            Act::Touch(Hand::Adjust(by, sq)) => {
                let _ = write!(s, "adjust {} {sq}", color_code(by));
            }
            Act::Seal { reply } => s.push_str(if reply { "seal reply" } else { "seal" }),
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
                            ArbiterPenalty::TimeToOpponent { seconds } => {
                                let _ = write!(s, "time {seconds}");
                            }
                            ArbiterPenalty::TimeFromOffender { seconds } => {
                                let _ = write!(s, "deduct {seconds}");
                            }
                            other => {
                                let word = PENALTY_WORDS
                                    .iter()
                                    .find(|(_, p)| *p == other)
                                    .map_or("warn", |(w, _)| w);
                                s.push_str(word);
                            }
                        }
                    }
                    ArbiterAction::ColoursReversed { restart } => {
                        s.push_str(if restart {
                            "colours-reversed restart"
                        } else {
                            "colours-reversed continue"
                        });
                    }
                    other => {
                        let word = ACTION_WORDS
                            .iter()
                            .find(|(_, a)| *a == other)
                            .map_or("displaced", |(w, _)| w);
                        s.push_str(word);
                    }
                }
            }
        }
        s
    }
}

/// The journal's words for the penalties of 12.9 that carry no number.
const PENALTY_WORDS: [(&str, ArbiterPenalty); 7] = [
    ("warn", ArbiterPenalty::Warning),
    ("max-score", ArbiterPenalty::OpponentScoreToMaximum),
    ("reduced", ArbiterPenalty::OffenderScoreReduced),
    ("loss", ArbiterPenalty::Loss),
    ("fine", ArbiterPenalty::Fine),
    ("exclusion", ArbiterPenalty::ExclusionFromRounds),
    ("expulsion", ArbiterPenalty::Expulsion),
];

/// The journal's words for the arbiter's decisions of Art. 7 that carry no number.
const ACTION_WORDS: [(&str, ArbiterAction); 3] = [
    ("new-game", ArbiterAction::NewGameWrongInitialPosition),
    ("correct-board", ArbiterAction::ContinueOnCorrectBoard),
    ("displaced", ArbiterAction::DisplacedPiecesRestored),
];

/// Reads one line of a journal; moves are read against `pos`, the position the act
/// found (the caller replays in order).
pub fn read_line(n: usize, text: &str, pos: &Position) -> Result<Entry, JournalError> {
    let err = |what: JournalFault| JournalError {
        line: n,
        text: text.to_string(),
        what,
    };
    let w: Vec<&str> = text.split_whitespace().collect();
    let at: u64 = w
        .first()
        .and_then(|x| x.parse().ok())
        .ok_or_else(|| err(JournalFault::NoInstant))?;
    let color = |i: usize| match w.get(i).copied() {
        Some("w") => Ok(Color::White),
        Some("b") => Ok(Color::Black),
        _ => Err(err(JournalFault::NoColour)),
    };
    let mv = |i: usize| -> Result<Move, JournalError> {
        let side = match w.get(i).copied() {
            Some("O-O") => Some(crate::core::CastleSide::King),
            Some("O-O-O") => Some(crate::core::CastleSide::Queen),
            _ => None,
        };
        if let Some(side) = side {
            return pos
                .castling_move(side)
                .ok_or_else(|| err(JournalFault::IllegalMove));
        }
        let u: UciMove = w
            .get(i)
            .and_then(|x| x.parse().ok())
            .ok_or_else(|| err(JournalFault::NoMove))?;
        pos.uci_to_move(u)
            .ok_or_else(|| err(JournalFault::IllegalMove))
    };
    let num = |i: usize| -> Result<u64, JournalError> {
        w.get(i)
            .and_then(|x| x.parse().ok())
            .ok_or_else(|| err(JournalFault::NoNumber))
    };
    let square = |i: usize| -> Result<Square, JournalError> {
        w.get(i)
            .and_then(|x| x.parse().ok())
            .ok_or_else(|| err(JournalFault::NoSquare))
    };
    let act = match w.get(1).copied() {
        Some("start") => Act::Start,
        Some("open") => Act::Open,
        Some("begin") => Act::Begin,
        Some("restart") => Act::Restart,
        Some("strict") => Act::Strict(w.get(2) == Some(&"on")),
        Some("touch") => Act::Touch(Hand::Touch(square(2)?)),
        Some("release") => Act::Touch(Hand::Release(square(2)?)),
        Some("adjust") => Act::Touch(Hand::Adjust(color(2)?, square(3)?)),
        Some("seal") => Act::Seal {
            reply: w.get(2) == Some(&"reply"),
        },
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
                _ => return Err(err(JournalFault::NotPlayersAct)),
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
                    Some("time") => ArbiterPenalty::TimeToOpponent {
                        seconds: num(5)? as u32,
                    },
                    Some("deduct") => ArbiterPenalty::TimeFromOffender {
                        seconds: num(5)? as u32,
                    },
                    word => PENALTY_WORDS
                        .iter()
                        .find(|(w, _)| Some(*w) == word)
                        .map(|(_, p)| *p)
                        .ok_or_else(|| err(JournalFault::UnknownPenalty))?,
                },
            },
            Some("colours-reversed") => ArbiterAction::ColoursReversed {
                restart: w.get(3) == Some(&"restart"),
            },
            word => ACTION_WORDS
                .iter()
                .find(|(w, _)| Some(*w) == word)
                .map(|(_, a)| *a)
                .ok_or_else(|| err(JournalFault::UnknownDecision))?,
        }),
        _ => return Err(err(JournalFault::UnknownAct)),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Square;

    /// Every act the session logs is written as a line and read back as the same act: a
    /// resumed session replays all of them (touches, seals, each decision of 7 and 12.9).
    #[test]
    fn art_12_9_every_act_reads_back_as_written() {
        let pos = Position::new();
        let e2e4 = pos.uci_to_move("e2e4".parse().unwrap()).unwrap();
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let mut acts = vec![
            Act::Start,
            Act::Open,
            Act::Begin,
            Act::Restart,
            Act::Engine(e2e4),
            Act::Pause,
            Act::Resume,
            Act::Tick,
            Act::Takeback,
            Act::Illegal { by: Color::Black },
            Act::Strict(true),
            Act::Strict(false),
            Act::Touch(Hand::Touch(sq("g1"))),
            Act::Touch(Hand::Release(sq("f3"))),
            Act::Touch(Hand::Adjust(Color::Black, sq("e7"))),
            Act::Seal { reply: false },
            Act::Seal { reply: true },
            Act::Arbiter(ArbiterAction::PositionRestored { ply: 7 }),
            Act::Arbiter(ArbiterAction::ClocksSet {
                white_ms: 61_000,
                black_ms: 5,
            }),
            Act::Arbiter(ArbiterAction::ColoursReversed { restart: true }),
            Act::Arbiter(ArbiterAction::ColoursReversed { restart: false }),
        ];
        acts.extend(ACTION_WORDS.iter().map(|(_, a)| Act::Arbiter(*a)));
        for penalty in PENALTY_WORDS.iter().map(|(_, p)| *p).chain([
            ArbiterPenalty::TimeToOpponent { seconds: 120 },
            ArbiterPenalty::TimeFromOffender { seconds: 30 },
        ]) {
            acts.push(Act::Arbiter(ArbiterAction::Penalty {
                to: Color::White,
                penalty,
            }));
        }
        for act in [
            PlayerAct::Move(e2e4),
            PlayerAct::Offer,
            PlayerAct::Accept,
            PlayerAct::Decline,
            PlayerAct::Claim(None),
            PlayerAct::Claim(Some(e2e4)),
            PlayerAct::Resign,
        ] {
            acts.push(Act::Player {
                by: Color::White,
                act,
            });
        }
        // Every kind of act is in the table (see `kind`).
        let mut seen = [false; KINDS];
        for act in &acts {
            seen[kind(act)] = true;
        }
        let missing: Vec<usize> = (0..KINDS).filter(|&k| !seen[k]).collect();
        assert!(missing.is_empty(), "kinds of act not tested: {missing:?}");
        for (i, act) in acts.into_iter().enumerate() {
            let entry = Entry {
                at: 1_000 * i as u64,
                act,
            };
            let line = entry.line();
            assert_eq!(read_line(i + 1, &line, &pos), Ok(entry), "{line}");
        }
    }

    /// How many kinds of act [`kind`] tells apart.
    const KINDS: usize = 40;

    /// The kind of an act, by exhaustive matches without a catch-all: a new kind of act (or
    /// of a player's act, a hand, an arbiter's decision or penalty) does not compile until it
    /// is given a number here, and `art_12_9_every_act_reads_back_as_written` fails until an
    /// act of that kind is in its table: no act can be journaled without a test that it reads
    /// back.
    fn kind(act: &Act) -> usize {
        match act {
            Act::Start => 0,
            Act::Open => 1,
            Act::Begin => 2,
            Act::Restart => 3,
            Act::Player { act, .. } => match act {
                PlayerAct::Move(_) => 4,
                PlayerAct::Offer => 5,
                PlayerAct::Accept => 6,
                PlayerAct::Decline => 7,
                PlayerAct::Claim(None) => 8,
                PlayerAct::Claim(Some(_)) => 9,
                PlayerAct::Resign => 10,
            },
            Act::Engine(_) => 11,
            Act::Pause => 12,
            Act::Resume => 13,
            Act::Tick => 14,
            Act::Takeback => 15,
            Act::Arbiter(a) => match a {
                ArbiterAction::NewGameWrongInitialPosition => 16,
                ArbiterAction::ContinueOnCorrectBoard => 17,
                ArbiterAction::ColoursReversed { restart: true } => 18,
                ArbiterAction::ColoursReversed { restart: false } => 19,
                ArbiterAction::DisplacedPiecesRestored => 20,
                ArbiterAction::PositionRestored { .. } => 21,
                ArbiterAction::ClocksSet { .. } => 22,
                ArbiterAction::Penalty { penalty, .. } => match penalty {
                    ArbiterPenalty::Warning => 23,
                    ArbiterPenalty::TimeToOpponent { .. } => 24,
                    ArbiterPenalty::TimeFromOffender { .. } => 25,
                    ArbiterPenalty::OpponentScoreToMaximum => 26,
                    ArbiterPenalty::OffenderScoreReduced => 27,
                    ArbiterPenalty::Loss => 28,
                    ArbiterPenalty::Fine => 29,
                    ArbiterPenalty::ExclusionFromRounds => 30,
                    ArbiterPenalty::Expulsion => 31,
                },
            },
            Act::Illegal { .. } => 32,
            Act::Strict(true) => 33,
            Act::Strict(false) => 34,
            Act::Touch(Hand::Touch(_)) => 35,
            Act::Touch(Hand::Release(_)) => 36,
            Act::Touch(Hand::Adjust(..)) => 37,
            Act::Seal { reply: false } => 38,
            Act::Seal { reply: true } => 39,
        }
    }

    #[test]
    fn a_line_that_is_not_an_act_is_said_with_its_number() {
        let e = read_line(3, "12 w teleport e4", &Position::new()).unwrap_err();
        assert_eq!(e.line, 3);
        assert_eq!(
            e.to_string(),
            "journal line 3: \"12 w teleport e4\": not a player's act"
        );
        assert_eq!(e.what, JournalFault::NotPlayersAct);
    }

    /// What is wrong with a line is data, said in the interface language: each fault
    /// has its own sentence in each language, and the Spanish one carries no English.
    #[test]
    fn a_bad_line_is_said_in_the_interface_language() {
        use crate::lang::Lang;
        use crate::speech::commands::Refusal;
        use crate::speech::files::journal_error;
        let pos = Position::new();
        let cases = [
            ("x w move e2e4", JournalFault::NoInstant),
            ("5 adjust q e4", JournalFault::NoColour),
            ("5 w move", JournalFault::NoMove),
            ("5 w move e2e5", JournalFault::IllegalMove),
            ("5 arbiter restore x", JournalFault::NoNumber),
            ("5 touch z9", JournalFault::NoSquare),
            ("5 w teleport e4", JournalFault::NotPlayersAct),
            ("5 arbiter penalty w lashes", JournalFault::UnknownPenalty),
            ("5 arbiter overrule", JournalFault::UnknownDecision),
            ("5 dance", JournalFault::UnknownAct),
        ];
        let mut faults = Vec::new();
        for (line, fault) in cases {
            let e = read_line(7, line, &pos).unwrap_err();
            assert_eq!(e.what, fault, "{line}");
            faults.push((line, fault));
        }
        faults.push(("5 w offer", JournalFault::NoStart));
        faults.push(("", JournalFault::Empty));
        faults.push(("5 w accept", JournalFault::Refused(Refusal::NoOffer)));
        let mut seen = std::collections::HashSet::new();
        for (line, fault) in &faults {
            let es = journal_error(Lang::Es, 7, line, fault);
            let en = journal_error(Lang::En, 7, line, fault);
            assert!(es.starts_with("línea 7 del diario: \""), "{es}");
            // The English sentence is the Display, but for a refusal, which speech words
            // as the player hears it.
            if !matches!(fault, JournalFault::Refused(_)) {
                let display = JournalError {
                    line: 7,
                    text: line.to_string(),
                    what: fault.clone(),
                };
                assert_eq!(en, display.to_string());
            }
            assert!(en.starts_with("journal line 7: \""), "{en}");
            for english in ["missing", "not ", "the ", "journal", "refused", "replay"] {
                assert!(!es.contains(english), "English in {es:?}");
            }
            assert!(seen.insert(es.clone()), "said twice: {es}");
        }
    }
}
