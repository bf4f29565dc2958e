//! Adjourned games: the sealed move, the envelope and the resumption (Guidelines I of the
//! Laws; Art. 15–16 of the 1970s Laws with their FIDE interpretations).
//!
//! The life of an adjournment:
//!
//! 1. [`SealDraft`]: the player to move writes the move (not played on the board). It can be
//!    changed until the envelope is sealed and the clock stopped (I.1; FIDE interpretation
//!    of 1966 to Art. 15.1). [`SealDraft::seal`] finalises it into an [`Envelope`].
//! 2. The [`Envelope`] holds what I.2 asks — both names, the position before the sealed move,
//!    the time used by each, who sealed and the move number, a pending draw offer, the date,
//!    time and place of resumption — plus the scoresheets (I.1) and the sealed move, which
//!    no accessor returns and no `Debug` shows. It is written to a file
//!    ([`Envelope::write_to`], atomically) sealed with SHA-256 seals over every field; a file
//!    altered in a single byte is refused on reading, with what failed
//!    ([`EnvelopeError`]).
//! 3. Before resumption a draw may be agreed or a player may resign: the game is over and the
//!    envelope is never opened ([`Envelope::settle`], I.6).
//! 4. [`open`]: only with the replying player present (I.7). The position and the times are
//!    restored (I.5), the sealed move is played and the replier's clock starts (I.9 a). A
//!    replier who is absent: the envelope stays shut and their clock runs until they arrive
//!    (I.9 b). A sealer who is absent: the replier may seal the reply ([`Opened::reply_draft`],
//!    I.9 c).
//! 5. A sealed move that is ambiguous, unclear or illegal waits for the arbiter
//!    ([`Opened::decide`]): it loses (I.8) unless the intention is evident (FIDE
//!    interpretations of 1958 and 1965 to Art. 17.3) or Art. 5, 6.9 or 9.6 decided the game.
//! 6. A lost envelope: the game goes on from the adjourned position and recorded times, the
//!    sealer playing the move they say they sealed; a position that cannot be established
//!    annuls the game ([`resume_without_envelope`], I.12).
//!
//! Clocks are not driven from here: what the clocks must do is told as [`AdjournEvent`]s
//! (`ClocksSet`, `ClockStarted`), for the clock and the [`Game`] to follow.

use std::collections::BTreeMap;
use std::fmt;
use std::fs::File;
use std::io::Write;
use std::path::Path;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::core::{Color, Letters, Move, Notation, Position, SanProblem, parse_move, write_move};

use super::article::Article;
use super::clock::{ClockEvent, ClockOptions};
use super::game::{Game, GameError, GameEvent, GameResult, Termination};
use super::time_control::{BonusKind, TimeControl};

impl Article {
    /// Sealing: the move written, the envelope sealed, then the clock stopped (I.1).
    pub const ADJOURN_SEAL: Article = Article("I.1");
    /// What the envelope holds (I.2).
    pub const ADJOURN_ENVELOPE: Article = Article("I.2");
    /// The arbiter checks the envelope and keeps it safe (I.3).
    pub const ADJOURN_CUSTODY: Article = Article("I.3");
    /// A draw offer made after the seal stays open until answered (I.4).
    pub const ADJOURN_OFFER: Article = Article("I.4");
    /// The position and the times restored before resumption (I.5).
    pub const ADJOURN_RESTORE: Article = Article("I.5");
    /// A draw agreed or a resignation before resumption ends the game (I.6).
    pub const ADJOURN_SETTLED: Article = Article("I.6");
    /// The envelope is opened only with the replying player present (I.7).
    pub const ADJOURN_OPEN: Article = Article("I.7");
    /// A sealed move ambiguous, unclear or illegal loses, except under Art. 5, 6.9, 9.6 (I.8).
    pub const ADJOURN_DEFECTIVE: Article = Article("I.8");
    /// Resumption: the sealed move played, the replier's clock started (I.9).
    pub const ADJOURN_RESUME: Article = Article("I.9");
    /// Arriving after the default time loses, unless the sealed move ended the game (I.10).
    pub const ADJOURN_DEFAULT: Article = Article("I.10");
    /// With a default time that is not zero and neither player present, the replier's time
    /// runs until they arrive (I.11).
    pub const ADJOURN_BOTH_ABSENT: Article = Article("I.11");
    /// A lost envelope (I.12).
    pub const ADJOURN_LOST: Article = Article("I.12");
    /// Times shown wrongly at resumption, pointed out before one's first move (I.13).
    pub const ADJOURN_TIMES: Article = Article("I.13");
    /// The session's duration by the wall clock, start and end announced (I.14).
    pub const ADJOURN_SESSION: Article = Article("I.14");
}

/// The format tag of the envelope file.
pub const ENVELOPE_FORMAT: &str = "escaque-envelope/1";

/// The longest sealed move text accepted, in bytes.
const MAX_WRITTEN: usize = 64;

// --- The facts of the adjournment ------------------------------------------------------------

/// The facts of an adjourned game written on the envelope (I.2), apart from the sealed move.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Adjournment {
    pub white: String,
    pub black: String,
    /// The position the game started from (FEN) and the moves played from it, in English
    /// SAN: the two scoresheets that go into the envelope (I.1).
    pub start_fen: String,
    pub moves: Vec<String>,
    /// The position immediately before the sealed move (I.2), as FEN.
    pub fen: String,
    /// The time used by each player, in milliseconds (I.2, I.5).
    pub white_used_ms: u64,
    pub black_used_ms: u64,
    /// A draw offer still pending, and who made it (I.2, I.4).
    pub pending_offer: Option<Color>,
    /// When and where the game resumes (I.2): free text, as the arbiter writes it.
    pub resumption_date: String,
    pub resumption_time: String,
    pub resumption_place: String,
    /// The clocks when they were stopped at the seal, for the resumption to set them
    /// exactly (I.5) whatever the control (increments, delays, periods). `None`: only the
    /// times used are known, and the clocks are set from them.
    pub clock: Option<SealedClock>,
}

/// The clocks of an adjourned game as they stood at the seal.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SealedClock {
    pub time_control: TimeControl,
    /// Each player's main time when the clock was stopped, in milliseconds, White first.
    pub remaining_ms: [u64; 2],
    /// The moves each player had completed (the move counters), White first; the sealed
    /// move is not among them.
    pub moves: [u32; 2],
}

impl SealedClock {
    /// The readings of `game`'s clock at `now`, if it has one.
    pub fn of_game(game: &Game, now: u64) -> Option<SealedClock> {
        let clock = game.clock()?;
        let main = |c: Color| clock.remaining(c, now).map_or(0, |r| r.main_ms);
        Some(SealedClock {
            time_control: clock.time_control().clone(),
            remaining_ms: [main(Color::White), main(Color::Black)],
            moves: [clock.moves(Color::White), clock.moves(Color::Black)],
        })
    }
}

/// How the resumption of an adjourned game goes on the clocks (I.9, I.11, I.14).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Resume {
    /// The start of the session, announced in advance and kept by the wall clock (I.14): the
    /// replier's clock starts then, present or not (I.9 a, b; I.11 when neither player is
    /// there). For a reply sealed in the sealer's absence (I.9 c), the instant it was sealed
    /// and the sealer's clock started.
    pub start: u64,
    /// When the replier is at the board and the envelope is opened (I.7): `start` if present
    /// from the start, later if they arrived late (their clock ran until then, I.9 b).
    pub opened: u64,
    /// The time control, when the envelope does not record the clocks.
    pub time_control: Option<TimeControl>,
    pub options: ClockOptions,
}

impl Resume {
    /// A resumption at `at` with the replier present.
    pub fn at(at: u64) -> Resume {
        Resume {
            start: at,
            opened: at,
            ..Resume::default()
        }
    }
}

/// What [`Adjournment::check`] establishes.
#[derive(Clone, Debug)]
struct Checked {
    position: Position,
    /// Repetition keys of the positions from the start to the adjourned one.
    keys: Vec<u64>,
}

impl Adjournment {
    /// The record part of an adjournment of `game`: the start, the moves, the position now and
    /// the pending offer. Names, times and the resumption are left for the caller to fill in:
    /// `Adjournment { white: "…".into(), ..Adjournment::of_game(&game) }`.
    pub fn of_game(game: &Game) -> Adjournment {
        Adjournment {
            start_fen: game.start().to_fen(),
            moves: game.plies().iter().map(|p| p.san.clone()).collect(),
            fen: game.position().to_fen(),
            pending_offer: game.pending_offer().map(|o| o.by),
            ..Adjournment::default()
        }
    }

    /// [`Adjournment::of_game`] with the clocks read at `now`, the moment of the seal: the
    /// time used by each player (I.2 c) and the clock readings ([`SealedClock`]).
    pub fn of_game_at(game: &Game, now: u64) -> Adjournment {
        let (white_used_ms, black_used_ms) = game.clock().map_or((0, 0), |c| {
            (c.used(Color::White, now), c.used(Color::Black, now))
        });
        Adjournment {
            white_used_ms,
            black_used_ms,
            clock: SealedClock::of_game(game, now),
            ..Adjournment::of_game(game)
        }
    }

    /// The player who seals: the player to move in the adjourned position.
    pub fn sealer(&self) -> Option<Color> {
        Position::from_fen(&self.fen).ok().map(|p| p.turn())
    }

    /// The name of `color`.
    pub fn name(&self, color: Color) -> &str {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The time `color` has used, in milliseconds.
    pub fn used_ms(&self, color: Color) -> u64 {
        match color {
            Color::White => self.white_used_ms,
            Color::Black => self.black_used_ms,
        }
    }

    /// Verifies that the envelope can be written: both names, a valid position, scoresheets
    /// that lead to it, and a game that is not already over.
    fn check(&self) -> Result<Checked, AdjournError> {
        for (field, value) in [("white", &self.white), ("black", &self.black)] {
            if value.trim().is_empty() {
                return Err(AdjournError::MissingName { field });
            }
        }
        let position = Position::from_fen(&self.fen).map_err(|e| AdjournError::BadFen {
            field: "fen",
            error: e.to_string(),
        })?;
        let start_fen = if self.start_fen.trim().is_empty() {
            &self.fen
        } else {
            &self.start_fen
        };
        let mut pos = Position::from_fen(start_fen).map_err(|e| AdjournError::BadFen {
            field: "start_fen",
            error: e.to_string(),
        })?;
        let mut keys = vec![pos.key()];
        for (i, text) in self.moves.iter().enumerate() {
            let mv = parse_move(&pos, text, Letters::English).map_err(|e| {
                AdjournError::BadScoresheet {
                    index: i + 1,
                    text: text.clone(),
                    error: e.to_string(),
                }
            })?;
            pos.play_unchecked(mv);
            keys.push(pos.key());
        }
        if pos.to_fen() != position.to_fen() {
            return Err(AdjournError::ScoresheetMismatch {
                ends: pos.to_fen(),
                fen: position.to_fen(),
            });
        }
        if let Some((_, article, what)) = board_end(&position, &keys) {
            return Err(AdjournError::GameOver { what, article });
        }
        Ok(Checked { position, keys })
    }
}

/// The end the board itself decides, if any: checkmate (5.1.1), stalemate (5.2.1), dead
/// position by the static test (5.2.2), fivefold repetition (9.6.1), 75 moves (9.6.2).
/// `keys` are the repetition keys up to and including `pos`.
fn board_end(pos: &Position, keys: &[u64]) -> Option<(GameResult, Article, &'static str)> {
    if !pos.has_legal_moves() {
        return Some(if pos.is_check() {
            (
                GameResult::win_for(!pos.turn()),
                Article::CHECKMATE,
                "checkmate",
            )
        } else {
            (GameResult::Draw, Article::STALEMATE, "stalemate")
        });
    }
    if pos.is_insufficient_material() {
        return Some((GameResult::Draw, Article::DEAD_POSITION, "a dead position"));
    }
    let key = pos.key();
    let window = (pos.halfmove_clock() as usize).min(keys.len().saturating_sub(1));
    let repeats = keys[keys.len() - 1 - window..]
        .iter()
        .filter(|&&k| k == key)
        .count();
    if repeats >= 5 {
        return Some((GameResult::Draw, Article::FIVEFOLD, "a fivefold repetition"));
    }
    if pos.halfmove_clock() >= 150 {
        return Some((GameResult::Draw, Article::SEVENTY_FIVE, "the 75-move rule"));
    }
    None
}

// --- Errors ----------------------------------------------------------------------------------

/// Why an adjournment action was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum AdjournError {
    #[error("the envelope needs the {field} player's name (Guidelines I.2)")]
    MissingName { field: &'static str },
    #[error("the envelope's {field} is not a valid position: {error}")]
    BadFen { field: &'static str, error: String },
    #[error("move {index} of the scoresheet, \"{text}\": {error}")]
    BadScoresheet {
        index: usize,
        text: String,
        error: String,
    },
    #[error(
        "the scoresheet does not lead to the adjourned position: it ends in \"{ends}\", the \
         envelope says \"{fen}\""
    )]
    ScoresheetMismatch { ends: String, fen: String },
    #[error("the game is already over by {what} ({article}): there is nothing to seal or resume")]
    GameOver {
        what: &'static str,
        article: Article,
    },
    #[error("no move is written: write the sealed move before sealing (Guidelines I.1)")]
    NoMoveWritten,
    #[error("the sealed move \"{text}\" cannot be written: {problem}")]
    BadWriting { text: String, problem: &'static str },
    #[error("{0}")]
    Envelope(#[from] EnvelopeError),
    #[error(
        "the sealed move was clear and has been played: there is nothing for the arbiter to decide"
    )]
    NoDecisionPending,
    #[error("the arbiter has already decided: {0}")]
    AlreadyDecided(String),
    #[error("the arbiter's move {mv} {problem}")]
    BadRuling { mv: String, problem: String },
    #[error(
        "{article} cannot decide an adjourned game: only Art. 5, 6.9 or 9.6 make an exception \
         to Guidelines I.8"
    )]
    RulingArticle { article: Article },
    #[error("the move \"{text}\" stated as sealed: {error}")]
    StatedMove { text: String, error: String },
    #[error("no reply can be sealed: {0}")]
    NoReply(&'static str),
    #[error(
        "the sealed move is ambiguous, unclear or illegal and the arbiter has not decided yet \
         (Guidelines I.8): the game cannot resume"
    )]
    DecisionPending,
    #[error("the resumed game refused: {0}")]
    Game(String),
}

// --- The draft -------------------------------------------------------------------------------

/// The sealed move as written, with the letters it is written in.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Written {
    text: String,
    letters: Letters,
}

fn check_writing(text: &str) -> Result<String, AdjournError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(AdjournError::NoMoveWritten);
    }
    if t.len() > MAX_WRITTEN {
        return Err(AdjournError::BadWriting {
            text: t.chars().take(20).collect::<String>() + "…",
            problem: "it is longer than any move (64 characters at most)",
        });
    }
    if t.chars().any(char::is_control) {
        return Err(AdjournError::BadWriting {
            text: t.escape_debug().to_string(),
            problem: "it contains control characters",
        });
    }
    Ok(t.to_string())
}

/// The sealed move being written (I.1): it can be changed as often as the sealer likes until
/// [`SealDraft::seal`], which is the moment the envelope is sealed and the clock stopped.
#[derive(Clone)]
pub struct SealDraft {
    adjournment: Adjournment,
    position: Position,
    written: Option<Written>,
    reply: bool,
}

impl fmt::Debug for SealDraft {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SealDraft")
            .field("adjournment", &self.adjournment)
            .field("written", &self.written.as_ref().map(|_| "<hidden>"))
            .field("reply", &self.reply)
            .finish()
    }
}

impl SealDraft {
    /// A draft for the player to move in `adjournment.fen`. Refused when the envelope could
    /// not be written (a name missing, a bad position, scoresheets that do not lead to it) or
    /// the game is already over.
    pub fn new(adjournment: Adjournment) -> Result<SealDraft, AdjournError> {
        let checked = adjournment.check()?;
        Ok(SealDraft {
            adjournment,
            position: checked.position,
            written: None,
            reply: false,
        })
    }

    pub fn adjournment(&self) -> &Adjournment {
        &self.adjournment
    }

    /// The position before the sealed move.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The player who seals.
    pub fn sealer(&self) -> Color {
        self.position.turn()
    }

    /// Makes this the reply of a player whose opponent, the sealer, is absent at the
    /// resumption (I.9 c): sealing it stops the replier's clock and starts the absent
    /// player's; it is opened on their arrival.
    pub fn as_reply(mut self) -> SealDraft {
        self.reply = true;
        self
    }

    /// Writes (or rewrites) the sealed move as text in `letters`. It is kept as written: a
    /// move that is ambiguous, unclear or illegal is for the arbiter at resumption (I.8).
    pub fn write(&mut self, text: &str, letters: Letters) -> Result<(), AdjournError> {
        let text = check_writing(text)?;
        self.written = Some(Written { text, letters });
        Ok(())
    }

    /// Writes (or rewrites) a legal move picked on the board, in English SAN.
    pub fn write_move(&mut self, mv: Move) -> Result<(), AdjournError> {
        if !self.position.is_legal(mv) {
            return Err(AdjournError::BadWriting {
                text: mv.to_string(),
                problem: "it is not a legal move in the adjourned position",
            });
        }
        let text = write_move(&self.position, mv, Notation::ENGLISH);
        self.written = Some(Written {
            text,
            letters: Letters::English,
        });
        Ok(())
    }

    /// The move as the sealer wrote it (the sealer's own view, before sealing).
    pub fn written(&self) -> Option<&str> {
        self.written.as_ref().map(|w| w.text.as_str())
    }

    /// Seals the envelope: the move is final (I.1). Refused while no move is written.
    pub fn seal(self) -> Result<Envelope, AdjournError> {
        let written = self.written.ok_or(AdjournError::NoMoveWritten)?;
        let salt = fresh_salt();
        let contents = Contents::new(
            &self.adjournment,
            &self.position,
            &written,
            &salt,
            self.reply,
        );
        let (field_sha256, sha256) = seals(&contents);
        Ok(Envelope {
            adjournment: self.adjournment,
            position: self.position,
            written,
            reply: self.reply,
            contents,
            field_sha256,
            sha256,
        })
    }
}

// --- The envelope ----------------------------------------------------------------------------

/// A sealed envelope (I.2). The sealed move is inside: no method returns it and `Debug` does
/// not show it; [`open`] is the only way to it. The file form ([`Envelope::to_file_text`]) is
/// tamper-evident, not secret: the arbiter keeps it (I.3).
#[derive(Clone)]
pub struct Envelope {
    adjournment: Adjournment,
    position: Position,
    written: Written,
    reply: bool,
    contents: Contents,
    field_sha256: BTreeMap<String, String>,
    sha256: String,
}

impl fmt::Debug for Envelope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Envelope")
            .field("adjournment", &self.adjournment)
            .field("sealer", &self.sealer())
            .field("move_number", &self.move_number())
            .field("reply", &self.reply)
            .field("sealed_move", &"<sealed>")
            .field("sha256", &self.sha256)
            .finish()
    }
}

/// How a game was settled before resumption (I.6).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Settlement {
    /// The players agreed a draw.
    DrawAgreed,
    /// This player told the arbiter they resign.
    Resigned(Color),
}

/// A game that ended without the sealed move being played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Settled {
    pub result: GameResult,
    pub article: Article,
    pub reason: String,
    pub events: Vec<AdjournEvent>,
}

impl Envelope {
    /// The facts on the envelope (I.2).
    pub fn adjournment(&self) -> &Adjournment {
        &self.adjournment
    }

    /// The position before the sealed move.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Who sealed (I.2).
    pub fn sealer(&self) -> Color {
        self.position.turn()
    }

    /// The number of the sealed move (I.2).
    pub fn move_number(&self) -> u32 {
        self.position.fullmove_number()
    }

    /// The player who must reply to the sealed move.
    pub fn replier(&self) -> Color {
        !self.sealer()
    }

    /// Whether this envelope holds a reply sealed because the sealer was absent (I.9 c).
    pub fn is_reply(&self) -> bool {
        self.reply
    }

    /// The seal over all the fields (hex SHA-256).
    pub fn sha256(&self) -> &str {
        &self.sha256
    }

    /// I.6: a draw agreed, or a resignation notified to the arbiter, before resumption ends
    /// the game; the envelope is not opened (and the result stands whatever it holds: FIDE
    /// interpretation of 1974 to Art. 16). A resignation when the opponent cannot checkmate
    /// by any legal series is a draw (5.1.2; the static test).
    pub fn settle(self, how: Settlement) -> Settled {
        let (result, article, reason) = match how {
            Settlement::DrawAgreed => (
                GameResult::Draw,
                Article::ADJOURN_SETTLED,
                "draw agreed before resumption".to_string(),
            ),
            Settlement::Resigned(by) => {
                if self.position.cannot_mate_static(!by) {
                    (
                        GameResult::Draw,
                        Article::RESIGNATION,
                        format!(
                            "{by} resigned before resumption, but {} cannot checkmate by any \
                             legal series of moves: a draw",
                            !by
                        ),
                    )
                } else {
                    (
                        GameResult::win_for(!by),
                        Article::ADJOURN_SETTLED,
                        format!("{by} resigned before resumption"),
                    )
                }
            }
        };
        let events = vec![AdjournEvent::GameEnded {
            result,
            article,
            reason: reason.clone(),
        }];
        Settled {
            result,
            article,
            reason,
            events,
        }
    }

    /// I.10: `absent` arrived after the default time and loses, unless the sealed move ended
    /// the game (then that end stands). The arbiter opens the envelope to see.
    pub fn absent_after_default_time(self, absent: Color) -> Settled {
        let before = self.position;
        let mut events = vec![AdjournEvent::EnvelopeOpened {
            replier: self.replier(),
        }];
        if let Ok(mv) = parse_move(&before, &self.written.text, self.written.letters) {
            let san = write_move(&before, mv, Notation::ENGLISH);
            let mut keys = self.keys();
            let mut after = before;
            after.play_unchecked(mv);
            keys.push(after.key());
            if let Some((result, article, what)) = board_end(&after, &keys) {
                events.push(AdjournEvent::SealedMovePlayed { mv, san });
                let reason = format!(
                    "{absent} arrived after the default time, but the sealed move ended the game \
                     by {what}, and that stands (Guidelines I.10)"
                );
                events.push(AdjournEvent::GameEnded {
                    result,
                    article,
                    reason: reason.clone(),
                });
                return Settled {
                    result,
                    article,
                    reason,
                    events,
                };
            }
        }
        let result = GameResult::win_for(!absent);
        let reason = format!("{absent} arrived after the default time (Guidelines I.10)");
        events.push(AdjournEvent::GameEnded {
            result,
            article: Article::ADJOURN_DEFAULT,
            reason: reason.clone(),
        });
        Settled {
            result,
            article: Article::ADJOURN_DEFAULT,
            reason,
            events,
        }
    }

    fn keys(&self) -> Vec<u64> {
        self.adjournment
            .check()
            .map(|c| c.keys)
            .unwrap_or_else(|_| vec![self.position.key()])
    }

    /// The file text: pretty JSON with the seals, ending in a newline.
    pub fn to_file_text(&self) -> String {
        file_text(&self.contents, &self.field_sha256, &self.sha256)
    }

    /// Reads an envelope from its file text, checking every seal. `origin` names the file in
    /// error messages.
    pub fn from_file_text(text: &str, origin: &str) -> Result<Envelope, EnvelopeError> {
        let fail = |problem| EnvelopeError {
            origin: origin.to_string(),
            problem,
        };
        let file: EnvelopeFile = serde_json::from_str(text)
            .map_err(|e| fail(EnvelopeProblem::Unreadable(e.to_string())))?;
        if file.format != ENVELOPE_FORMAT {
            return Err(fail(EnvelopeProblem::Format(file.format)));
        }
        verify_seals(&file).map_err(fail)?;
        let canonical = file_text(&file.contents, &file.field_sha256, &file.sha256);
        if canonical != text {
            return Err(fail(layout_difference(&canonical, text)));
        }
        let (adjournment, position, written, reply) = file
            .contents
            .decode()
            .map_err(|e| fail(EnvelopeProblem::Inconsistent(e)))?;
        Ok(Envelope {
            adjournment,
            position,
            written,
            reply,
            contents: file.contents,
            field_sha256: file.field_sha256,
            sha256: file.sha256,
        })
    }

    /// Writes the envelope to `path` atomically: to a temporary file in the same folder,
    /// flushed to disk, then renamed. An existing file is never overwritten.
    pub fn write_to(&self, path: &Path) -> Result<(), EnvelopeError> {
        let fail = |problem| EnvelopeError {
            origin: path.display().to_string(),
            problem,
        };
        if path.exists() {
            return Err(fail(EnvelopeProblem::Exists));
        }
        let Some(name) = path.file_name() else {
            return Err(fail(EnvelopeProblem::Io(
                "the path names no file".to_string(),
            )));
        };
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => std::path::PathBuf::from("."),
        };
        let tmp = dir.join(format!(
            ".{}.{}.tmp",
            name.to_string_lossy(),
            std::process::id()
        ));
        let write = || -> std::io::Result<()> {
            let mut f = File::create_new(&tmp)?;
            f.write_all(self.to_file_text().as_bytes())?;
            f.sync_all()?;
            drop(f);
            std::fs::rename(&tmp, path)?;
            // Make the rename itself durable where the platform allows it.
            if let Ok(d) = File::open(&dir) {
                let _ = d.sync_all();
            }
            Ok(())
        };
        write().map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            fail(EnvelopeProblem::Io(e.to_string()))
        })
    }

    /// Reads and checks an envelope file.
    pub fn read_from(path: &Path) -> Result<Envelope, EnvelopeError> {
        let origin = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| EnvelopeError {
            origin: origin.clone(),
            problem: EnvelopeProblem::Io(e.to_string()),
        })?;
        Envelope::from_file_bytes(&bytes, &origin)
    }

    /// Reads an envelope from the bytes of its file, checking every seal.
    pub fn from_file_bytes(bytes: &[u8], origin: &str) -> Result<Envelope, EnvelopeError> {
        let text = std::str::from_utf8(bytes).map_err(|e| EnvelopeError {
            origin: origin.to_string(),
            problem: EnvelopeProblem::Unreadable(format!(
                "not UTF-8 text (at byte {})",
                e.valid_up_to()
            )),
        })?;
        Envelope::from_file_text(text, origin)
    }
}

// --- The file and its seals ------------------------------------------------------------------

/// A side, as the file writes it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Side {
    White,
    Black,
}

impl From<Color> for Side {
    fn from(c: Color) -> Side {
        match c {
            Color::White => Side::White,
            Color::Black => Side::Black,
        }
    }
}

impl From<Side> for Color {
    fn from(s: Side) -> Color {
        match s {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }
}

/// The letters of the sealed move, as the file writes them.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum LettersName {
    English,
    Spanish,
    Figurine,
}

impl From<Letters> for LettersName {
    fn from(l: Letters) -> LettersName {
        match l {
            Letters::English => LettersName::English,
            Letters::Spanish => LettersName::Spanish,
            Letters::Figurine => LettersName::Figurine,
        }
    }
}

impl From<LettersName> for Letters {
    fn from(l: LettersName) -> Letters {
        match l {
            LettersName::English => Letters::English,
            LettersName::Spanish => Letters::Spanish,
            LettersName::Figurine => Letters::Figurine,
        }
    }
}

/// Every field of the envelope, as sealed.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Contents {
    white: String,
    black: String,
    start_fen: String,
    moves: Vec<String>,
    fen: String,
    move_number: u32,
    sealer: Side,
    sealer_name: String,
    white_used_ms: u64,
    black_used_ms: u64,
    pending_offer: Option<Side>,
    resumption_date: String,
    resumption_time: String,
    resumption_place: String,
    reply_to_absent_sealer: bool,
    notation: LettersName,
    /// Random, per envelope: it makes the seals useless for guessing the move and masks it.
    salt: String,
    /// The sealed move, masked (hex) so that a glance at the file does not show it.
    sealed_move: String,
    /// The clocks at the seal; absent from envelopes that do not record them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    clock: Option<ClockFile>,
}

/// The clocks at the seal, as the file writes them (the control in the PGN syntax).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ClockFile {
    time_control: String,
    white_remaining_ms: u64,
    black_remaining_ms: u64,
    white_moves: u32,
    black_moves: u32,
}

impl From<&SealedClock> for ClockFile {
    fn from(c: &SealedClock) -> ClockFile {
        ClockFile {
            time_control: c.time_control.to_pgn(),
            white_remaining_ms: c.remaining_ms[0],
            black_remaining_ms: c.remaining_ms[1],
            white_moves: c.moves[0],
            black_moves: c.moves[1],
        }
    }
}

impl ClockFile {
    fn decode(&self) -> Result<SealedClock, String> {
        let time_control = TimeControl::from_pgn(&self.time_control)
            .map_err(|e| format!("the clock's time control: {e}"))?;
        Ok(SealedClock {
            time_control,
            remaining_ms: [self.white_remaining_ms, self.black_remaining_ms],
            moves: [self.white_moves, self.black_moves],
        })
    }
}

impl Contents {
    fn new(a: &Adjournment, pos: &Position, w: &Written, salt: &str, reply: bool) -> Contents {
        let sealer = pos.turn();
        Contents {
            white: a.white.clone(),
            black: a.black.clone(),
            start_fen: a.start_fen.clone(),
            moves: a.moves.clone(),
            fen: a.fen.clone(),
            move_number: pos.fullmove_number(),
            sealer: sealer.into(),
            sealer_name: a.name(sealer).to_string(),
            white_used_ms: a.white_used_ms,
            black_used_ms: a.black_used_ms,
            pending_offer: a.pending_offer.map(Side::from),
            resumption_date: a.resumption_date.clone(),
            resumption_time: a.resumption_time.clone(),
            resumption_place: a.resumption_place.clone(),
            reply_to_absent_sealer: reply,
            notation: w.letters.into(),
            salt: salt.to_string(),
            sealed_move: hex(&mask(salt, w.text.as_bytes())),
            clock: a.clock.as_ref().map(ClockFile::from),
        }
    }

    /// The envelope's meaning, checked for consistency (the seals only say the file is as
    /// it was written, not that what was written makes sense).
    fn decode(&self) -> Result<(Adjournment, Position, Written, bool), String> {
        let adjournment = Adjournment {
            white: self.white.clone(),
            black: self.black.clone(),
            start_fen: self.start_fen.clone(),
            moves: self.moves.clone(),
            fen: self.fen.clone(),
            white_used_ms: self.white_used_ms,
            black_used_ms: self.black_used_ms,
            pending_offer: self.pending_offer.map(Color::from),
            resumption_date: self.resumption_date.clone(),
            resumption_time: self.resumption_time.clone(),
            resumption_place: self.resumption_place.clone(),
            clock: self.clock.as_ref().map(ClockFile::decode).transpose()?,
        };
        let checked = adjournment.check().map_err(|e| e.to_string())?;
        let pos = checked.position;
        let sealer = Color::from(self.sealer);
        if sealer != pos.turn() {
            return Err(format!(
                "the sealer is {sealer} but the position has {} to move",
                pos.turn()
            ));
        }
        if self.move_number != pos.fullmove_number() {
            return Err(format!(
                "the move number is {} but the position is at move {}",
                self.move_number,
                pos.fullmove_number()
            ));
        }
        if self.sealer_name != adjournment.name(sealer) {
            return Err(format!(
                "the sealer's name \"{}\" is not {sealer}'s name \"{}\"",
                self.sealer_name,
                adjournment.name(sealer)
            ));
        }
        if !is_hex(&self.salt, 32) {
            return Err("the salt is not 32 hex digits".to_string());
        }
        let masked = unhex(&self.sealed_move).ok_or("the sealed move is not hex")?;
        let text = String::from_utf8(mask(&self.salt, &masked))
            .map_err(|_| "the sealed move is not text".to_string())?;
        let text = check_writing(&text).map_err(|e| e.to_string())?;
        let written = Written {
            text,
            letters: self.notation.into(),
        };
        Ok((adjournment, pos, written, self.reply_to_absent_sealer))
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct EnvelopeFile {
    format: String,
    contents: Contents,
    field_sha256: BTreeMap<String, String>,
    sha256: String,
}

fn file_text(contents: &Contents, fields: &BTreeMap<String, String>, sha256: &str) -> String {
    #[derive(Serialize)]
    struct Out<'a> {
        format: &'a str,
        contents: &'a Contents,
        field_sha256: &'a BTreeMap<String, String>,
        sha256: &'a str,
    }
    let out = Out {
        format: ENVELOPE_FORMAT,
        contents,
        field_sha256: fields,
        sha256,
    };
    // Serialising plain strings, numbers and maps with string keys cannot fail.
    let mut text = serde_json::to_string_pretty(&out).unwrap_or_default();
    text.push('\n');
    text
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    if s.len() % 2 != 0 || !s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok())
        .collect()
}

fn is_hex(s: &str, len: usize) -> bool {
    s.len() == len && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// XOR with a keystream from the salt: masking, not encryption (the salt is in the file).
fn mask(salt: &str, data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len());
    for (block, chunk) in data.chunks(32).enumerate() {
        let mut h = Sha256::new();
        h.update(b"escaque-envelope/1 mask\0");
        h.update(salt.as_bytes());
        h.update((block as u64).to_le_bytes());
        let stream = h.finalize();
        out.extend(chunk.iter().zip(stream.iter()).map(|(a, b)| a ^ b));
    }
    out
}

/// 128 random bits, from the standard library's randomly keyed hasher (no clock involved).
fn fresh_salt() -> String {
    use std::hash::{BuildHasher, Hasher};
    let mut bytes = Vec::with_capacity(16);
    for i in 0..2u64 {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(i);
        bytes.extend(h.finish().to_le_bytes());
    }
    hex(&bytes)
}

/// The seal of one field: SHA-256 over the format, the field's name and its compact JSON.
fn field_seal(name: &str, value: &serde_json::Value) -> String {
    let mut h = Sha256::new();
    h.update(ENVELOPE_FORMAT.as_bytes());
    h.update(b"\0");
    h.update(name.as_bytes());
    h.update(b"\0");
    h.update(serde_json::to_string(value).unwrap_or_default().as_bytes());
    hex(&h.finalize())
}

/// The envelope's seal: SHA-256 over the format and every field's seal, in name order.
fn overall_seal(fields: &BTreeMap<String, String>) -> String {
    let mut h = Sha256::new();
    h.update(ENVELOPE_FORMAT.as_bytes());
    h.update(b"\n");
    for (name, seal) in fields {
        h.update(name.as_bytes());
        h.update(b"=");
        h.update(seal.as_bytes());
        h.update(b"\n");
    }
    hex(&h.finalize())
}

/// The fields of `contents` by name, as JSON values.
fn fields_of(contents: &Contents) -> BTreeMap<String, serde_json::Value> {
    match serde_json::to_value(contents) {
        Ok(serde_json::Value::Object(map)) => map.into_iter().collect(),
        _ => BTreeMap::new(),
    }
}

fn seals(contents: &Contents) -> (BTreeMap<String, String>, String) {
    let fields: BTreeMap<String, String> = fields_of(contents)
        .iter()
        .map(|(name, value)| (name.clone(), field_seal(name, value)))
        .collect();
    let overall = overall_seal(&fields);
    (fields, overall)
}

fn verify_seals(file: &EnvelopeFile) -> Result<(), EnvelopeProblem> {
    if !is_hex(&file.sha256, 64) {
        return Err(EnvelopeProblem::NotADigest {
            field: "sha256".to_string(),
        });
    }
    for (name, seal) in &file.field_sha256 {
        if !is_hex(seal, 64) {
            return Err(EnvelopeProblem::NotADigest {
                field: format!("field_sha256.{name}"),
            });
        }
    }
    let fields = fields_of(&file.contents);
    for name in fields.keys() {
        if !file.field_sha256.contains_key(name) {
            return Err(EnvelopeProblem::MissingSeal {
                field: name.clone(),
            });
        }
    }
    for name in file.field_sha256.keys() {
        if !fields.contains_key(name) {
            return Err(EnvelopeProblem::UnknownSeal {
                field: name.clone(),
            });
        }
    }
    let overall_ok = overall_seal(&file.field_sha256) == file.sha256;
    let altered: Vec<String> = fields
        .iter()
        .filter(|(name, value)| file.field_sha256.get(*name) != Some(&field_seal(name, value)))
        .map(|(name, _)| name.clone())
        .collect();
    match (altered.is_empty(), overall_ok) {
        (true, true) => Ok(()),
        (false, true) => Err(EnvelopeProblem::FieldAltered { fields: altered }),
        (false, false) => Err(EnvelopeProblem::SealAltered { fields: altered }),
        (true, false) => Err(EnvelopeProblem::HashAltered),
    }
}

fn layout_difference(canonical: &str, text: &str) -> EnvelopeProblem {
    let a = canonical.as_bytes();
    let b = text.as_bytes();
    let byte = a
        .iter()
        .zip(b.iter())
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()));
    let before = &b[..byte.min(b.len())];
    let line = before.iter().filter(|&&c| c == b'\n').count() + 1;
    let column = before.iter().rev().take_while(|&&c| c != b'\n').count() + 1;
    EnvelopeProblem::LayoutAltered { byte, line, column }
}

/// What is wrong with an envelope file.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum EnvelopeProblem {
    /// The file could not be read or written.
    Io(String),
    /// Writing: a file is already there.
    Exists,
    /// Not an envelope: broken JSON, a field renamed, missing or of the wrong type.
    Unreadable(String),
    /// Another format tag.
    Format(String),
    /// A seal that is not 64 lowercase hex digits.
    NotADigest { field: String },
    /// A field without its seal.
    MissingSeal { field: String },
    /// A seal for a field the envelope does not have.
    UnknownSeal { field: String },
    /// These fields changed after sealing; their seals and the envelope's seal are intact.
    FieldAltered { fields: Vec<String> },
    /// The seals of these fields changed (or the fields and their seals both did).
    SealAltered { fields: Vec<String> },
    /// The envelope's own seal (`sha256`) changed.
    HashAltered,
    /// Fields and seals agree, but the bytes differ from the sealed file (layout edited).
    LayoutAltered {
        byte: usize,
        line: usize,
        column: usize,
    },
    /// The seals hold but the contents contradict themselves.
    Inconsistent(String),
}

impl fmt::Display for EnvelopeProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |fields: &[String]| {
            fields
                .iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            EnvelopeProblem::Io(e) => write!(f, "cannot be read or written: {e}"),
            EnvelopeProblem::Exists => {
                write!(
                    f,
                    "a file is already there; an envelope is never overwritten"
                )
            }
            EnvelopeProblem::Unreadable(e) => write!(f, "is not a readable envelope: {e}"),
            EnvelopeProblem::Format(tag) => {
                write!(f, "has the format \"{tag}\", not \"{ENVELOPE_FORMAT}\"")
            }
            EnvelopeProblem::NotADigest { field } => write!(
                f,
                "was altered: `{field}` is not a SHA-256 seal (64 lowercase hex digits)"
            ),
            EnvelopeProblem::MissingSeal { field } => {
                write!(f, "was altered: field `{field}` has no seal")
            }
            EnvelopeProblem::UnknownSeal { field } => {
                write!(
                    f,
                    "was altered: there is a seal for `{field}`, which is not a field"
                )
            }
            EnvelopeProblem::FieldAltered { fields } => write!(
                f,
                "was altered after sealing: field {} no longer matches its SHA-256 seal",
                list(fields)
            ),
            EnvelopeProblem::SealAltered { fields } => write!(
                f,
                "was altered after sealing: the seal of field {} no longer matches the \
                 envelope's SHA-256 (`sha256`)",
                list(fields)
            ),
            EnvelopeProblem::HashAltered => write!(
                f,
                "was altered after sealing: the envelope's SHA-256 (`sha256`) does not match \
                 the seals of its fields"
            ),
            EnvelopeProblem::LayoutAltered { byte, line, column } => write!(
                f,
                "was altered after sealing: the file differs from its sealed form at line \
                 {line}, column {column} (byte {byte}), outside the fields"
            ),
            EnvelopeProblem::Inconsistent(e) => {
                write!(f, "holds contents that contradict themselves: {e}")
            }
        }
    }
}

/// An envelope file refused, and why.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("envelope \"{origin}\" {problem}; it is not opened (Guidelines I.3: the arbiter decides)")]
pub struct EnvelopeError {
    /// The file (or the name given for text read from elsewhere).
    pub origin: String,
    pub problem: EnvelopeProblem,
}

// --- Resumption ------------------------------------------------------------------------------

/// How the written sealed move reads in the adjourned position.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum SealedReading {
    /// One legal move.
    Clear { mv: Move, san: String },
    /// Several legal moves fit the text (I.8 a).
    Ambiguous { candidates: Vec<Move> },
    /// The text does not say which move (I.8 b).
    Unclear { problem: String },
    /// The text names a move that is not legal (I.8 c).
    Illegal { problem: String },
}

impl SealedReading {
    fn of(pos: &Position, written: &Written) -> SealedReading {
        match parse_move(pos, &written.text, written.letters) {
            Ok(mv) => SealedReading::Clear {
                mv,
                san: write_move(pos, mv, Notation::ENGLISH),
            },
            Err(e) => match e.problem {
                SanProblem::Ambiguous(candidates) => SealedReading::Ambiguous { candidates },
                SanProblem::NoMatch
                | SanProblem::BadPromotion(_)
                | SanProblem::PromotionUnexpected => SealedReading::Illegal {
                    problem: e.to_string(),
                },
                SanProblem::Empty
                | SanProblem::Syntax
                | SanProblem::UnexpectedChar(_)
                | SanProblem::PromotionMissing => SealedReading::Unclear {
                    problem: e.to_string(),
                },
            },
        }
    }

    pub fn is_clear(&self) -> bool {
        matches!(self, SealedReading::Clear { .. })
    }
}

/// The arbiter's ruling on a sealed move that is not clear (I.8).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Ruling {
    /// There is no reasonable doubt what move was meant (FIDE interpretations of 1958 and
    /// 1965 to Art. 17.3): it is played. For an ambiguous text, one of the moves it fits.
    IntentionEvident(Move),
    /// Art. 5, 6.9 or 9.6 had already decided the game (e.g. a flag had fallen before the
    /// seal, noticed by the arbiter): that result stands.
    AlreadyDecided {
        result: GameResult,
        article: Article,
    },
    /// The sealed move loses the game (I.8).
    Loses,
}

/// The arbiter's decision on a defective sealed move, with its reason.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Decision {
    pub ruling: Ruling,
    /// The move played, when the intention was evident.
    pub played: Option<Move>,
    /// The result, when the decision ends the game.
    pub result: Option<GameResult>,
    pub article: Article,
    pub reason: String,
}

/// What happens around an adjourned game, in order: what the scoresheet, the clocks and the
/// arbiter's log follow.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum AdjournEvent {
    /// The envelope was sealed and the clock stopped (I.1); for a reply sealed because the
    /// sealer was absent, the other clock is started instead (I.9 c).
    Sealed {
        sealer: Color,
        move_number: u32,
        reply: bool,
    },
    /// The replier is absent at resumption: the envelope stays shut and the replier's clock
    /// runs until they arrive (I.9 b).
    ReplierAbsent { replier: Color },
    /// The position before the sealed move is set up and the clocks show these times used
    /// (I.5; I.12 for a lost envelope).
    ClocksSet {
        fen: String,
        white_used_ms: u64,
        black_used_ms: u64,
        article: Article,
    },
    /// The envelope was opened, with the replier present (I.7).
    EnvelopeOpened { replier: Color },
    /// A draw offer still stands (I.4).
    OfferPending { by: Color },
    /// The sealed move is made on the board (I.9).
    SealedMovePlayed { mv: Move, san: String },
    /// The sealed move is ambiguous, unclear or illegal: the arbiter decides (I.8).
    SealedMoveDefective {
        text: String,
        reading: SealedReading,
    },
    /// The arbiter's decision (I.8).
    ArbiterDecided { decision: Decision },
    /// Start `color`'s clock.
    ClockStarted { color: Color, article: Article },
    /// The game ended.
    GameEnded {
        result: GameResult,
        article: Article,
        reason: String,
    },
    /// Lost envelope and no position to resume from: the game is annulled and replayed
    /// (I.12 b).
    Annulled { reason: String },
    /// The session's announced end by the wall clock has come (I.14): `sealer`, the player
    /// to move, must seal (I.1).
    SessionEnded { at: u64, sealer: Color },
    /// I.13: `by` pointed out, before their first move, that `clock_of`'s time used was
    /// shown wrongly; the clock now counts `used_ms` instead of `recorded_used_ms`.
    TimeCorrected {
        by: Color,
        clock_of: Color,
        recorded_used_ms: u64,
        used_ms: u64,
    },
    /// I.13: the error pointed out by `by` could not be established: no correction.
    TimeNotCorrected { by: Color, clock_of: Color },
}

impl AdjournEvent {
    pub fn article(&self) -> Article {
        match self {
            AdjournEvent::Sealed { .. } => Article::ADJOURN_SEAL,
            AdjournEvent::ReplierAbsent { .. } => Article::ADJOURN_RESUME,
            AdjournEvent::ClocksSet { article, .. }
            | AdjournEvent::ClockStarted { article, .. }
            | AdjournEvent::GameEnded { article, .. } => *article,
            AdjournEvent::EnvelopeOpened { .. } => Article::ADJOURN_OPEN,
            AdjournEvent::OfferPending { .. } => Article::ADJOURN_OFFER,
            AdjournEvent::SealedMovePlayed { .. } => Article::ADJOURN_RESUME,
            AdjournEvent::SealedMoveDefective { .. } => Article::ADJOURN_DEFECTIVE,
            AdjournEvent::ArbiterDecided { decision } => decision.article,
            AdjournEvent::Annulled { .. } => Article::ADJOURN_LOST,
            AdjournEvent::SessionEnded { .. } => Article::ADJOURN_SESSION,
            AdjournEvent::TimeCorrected { .. } | AdjournEvent::TimeNotCorrected { .. } => {
                Article::ADJOURN_TIMES
            }
        }
    }
}

/// The envelope was not opened because the replier is absent (I.7): it comes back, shut,
/// with the instruction for the clock (I.9 b).
#[derive(Debug)]
pub struct NotOpened {
    pub envelope: Envelope,
    pub replier: Color,
    pub events: Vec<AdjournEvent>,
}

impl fmt::Display for NotOpened {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the envelope is opened only when the player who replies to the sealed move \
             ({}, {}) is present (Guidelines I.7); {}'s clock runs until they arrive (I.9)",
            self.replier,
            self.envelope.adjournment.name(self.replier),
            self.replier
        )
    }
}

impl std::error::Error for NotOpened {}

/// An opened envelope: the game resumed.
#[derive(Clone, Debug)]
pub struct Opened {
    adjournment: Adjournment,
    before: Position,
    keys: Vec<u64>,
    written: Written,
    reading: SealedReading,
    position: Position,
    played: Option<(Move, String)>,
    decision: Option<Decision>,
    result: Option<(GameResult, Article)>,
    events: Vec<AdjournEvent>,
}

/// Opens the envelope at resumption (I.7, I.9). `replier_present`: whether the player who
/// must reply to the sealed move is at the board. If not, the envelope comes back shut in
/// the error, with the instruction to run the replier's clock (I.9 b); open it again when
/// they arrive.
pub fn open(envelope: Envelope, replier_present: bool) -> Result<Opened, Box<NotOpened>> {
    let replier = envelope.replier();
    if !replier_present {
        let events = vec![
            AdjournEvent::ClocksSet {
                fen: envelope.adjournment.fen.clone(),
                white_used_ms: envelope.adjournment.white_used_ms,
                black_used_ms: envelope.adjournment.black_used_ms,
                article: Article::ADJOURN_RESTORE,
            },
            AdjournEvent::ReplierAbsent { replier },
            AdjournEvent::ClockStarted {
                color: replier,
                article: Article::ADJOURN_RESUME,
            },
        ];
        return Err(Box::new(NotOpened {
            envelope,
            replier,
            events,
        }));
    }
    let keys = envelope.keys();
    let mut opened = Opened {
        before: envelope.position,
        position: envelope.position,
        reading: SealedReading::of(&envelope.position, &envelope.written),
        keys,
        written: envelope.written,
        played: None,
        decision: None,
        result: None,
        events: Vec::new(),
        adjournment: envelope.adjournment,
    };
    let a = &opened.adjournment;
    opened.events.push(AdjournEvent::ClocksSet {
        fen: a.fen.clone(),
        white_used_ms: a.white_used_ms,
        black_used_ms: a.black_used_ms,
        article: Article::ADJOURN_RESTORE,
    });
    opened.events.push(AdjournEvent::EnvelopeOpened { replier });
    if let Some(by) = a.pending_offer {
        opened.events.push(AdjournEvent::OfferPending { by });
    }
    match opened.reading.clone() {
        SealedReading::Clear { mv, .. } => opened.play(mv, Article::ADJOURN_RESUME),
        reading => opened.events.push(AdjournEvent::SealedMoveDefective {
            text: opened.written.text.clone(),
            reading,
        }),
    }
    Ok(opened)
}

impl Opened {
    /// Plays `mv` (legal in `before`), then ends the game if the board says so, else starts
    /// the replier's clock.
    fn play(&mut self, mv: Move, article: Article) {
        let san = write_move(&self.before, mv, Notation::ENGLISH);
        let mut after = self.before;
        after.play_unchecked(mv);
        self.position = after;
        self.played = Some((mv, san.clone()));
        self.events.push(AdjournEvent::SealedMovePlayed { mv, san });
        let mut keys = self.keys.clone();
        keys.push(after.key());
        if let Some((result, article, what)) = board_end(&after, &keys) {
            self.result = Some((result, article));
            self.events.push(AdjournEvent::GameEnded {
                result,
                article,
                reason: format!("the sealed move ends the game by {what}"),
            });
        } else {
            self.events.push(AdjournEvent::ClockStarted {
                color: after.turn(),
                article,
            });
        }
    }

    /// The facts on the envelope.
    pub fn adjournment(&self) -> &Adjournment {
        &self.adjournment
    }

    /// The sealed move as it was written.
    pub fn sealed_text(&self) -> &str {
        &self.written.text
    }

    /// How the sealed move reads.
    pub fn reading(&self) -> &SealedReading {
        &self.reading
    }

    /// The position before the sealed move.
    pub fn before(&self) -> &Position {
        &self.before
    }

    /// The position now: after the sealed move once it is played.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The sealed move played, with its SAN.
    pub fn played(&self) -> Option<(Move, &str)> {
        self.played.as_ref().map(|(m, s)| (*m, s.as_str()))
    }

    /// The times used, as restored (I.5).
    pub fn used_ms(&self, color: Color) -> u64 {
        self.adjournment.used_ms(color)
    }

    /// The scoresheet: the moves before the seal and, once played, the sealed move (SAN).
    pub fn scoresheet(&self) -> Vec<String> {
        let mut moves = self.adjournment.moves.clone();
        if let Some((_, san)) = &self.played {
            moves.push(san.clone());
        }
        moves
    }

    /// Whether the arbiter must still rule on the sealed move (I.8).
    pub fn needs_decision(&self) -> bool {
        !self.reading.is_clear() && self.decision.is_none()
    }

    pub fn decision(&self) -> Option<&Decision> {
        self.decision.as_ref()
    }

    /// The result, if the resumption ended the game, with its article.
    pub fn result(&self) -> Option<(GameResult, Article)> {
        self.result
    }

    /// Every event since the envelope was presented.
    pub fn events(&self) -> &[AdjournEvent] {
        &self.events
    }

    /// The arbiter rules on a sealed move that is ambiguous, unclear or illegal (I.8).
    ///
    /// - `IntentionEvident(mv)`: `mv` must be legal (and, for an ambiguous text, one of the
    ///   moves it fits); it is played and the replier's clock starts.
    /// - `AlreadyDecided`: only under Art. 5, 6.9 or 9.6; that result stands.
    /// - `Loses`: the sealer loses — unless the replier cannot checkmate by any legal series
    ///   (static test), when the game is drawn as Art. 6.9 would have it (the exception of
    ///   I.8 names 6.9; this reading of it is escaque's, see the docs).
    pub fn decide(&mut self, ruling: Ruling) -> Result<&Decision, AdjournError> {
        if let Some(d) = &self.decision {
            return Err(AdjournError::AlreadyDecided(d.reason.clone()));
        }
        if self.reading.is_clear() {
            return Err(AdjournError::NoDecisionPending);
        }
        let sealer = self.before.turn();
        let replier = !sealer;
        let text = self.written.text.clone();
        let defect = match &self.reading {
            SealedReading::Ambiguous { .. } => "ambiguous",
            SealedReading::Unclear { .. } => "of unclear meaning",
            _ => "illegal",
        };
        let decision = match ruling {
            Ruling::IntentionEvident(mv) => {
                if !self.before.is_legal(mv) {
                    return Err(AdjournError::BadRuling {
                        mv: mv.to_string(),
                        problem: "is not legal in the adjourned position".to_string(),
                    });
                }
                if let SealedReading::Ambiguous { candidates } = &self.reading {
                    if !candidates.contains(&mv) {
                        let list: Vec<String> = candidates.iter().map(|m| m.to_string()).collect();
                        return Err(AdjournError::BadRuling {
                            mv: mv.to_string(),
                            problem: format!(
                                "is not one of the moves \"{text}\" can mean ({})",
                                list.join(", ")
                            ),
                        });
                    }
                }
                let san = write_move(&self.before, mv, Notation::ENGLISH);
                Decision {
                    ruling,
                    played: Some(mv),
                    result: None,
                    article: Article::ADJOURN_DEFECTIVE,
                    reason: format!(
                        "the sealed move \"{text}\" is {defect}, but its intention is evident: \
                         {san} is played"
                    ),
                }
            }
            Ruling::AlreadyDecided { result, article } => {
                let n = article.number();
                if !(n == "5" || n.starts_with("5.") || n == "6.9" || n.starts_with("9.6")) {
                    return Err(AdjournError::RulingArticle { article });
                }
                Decision {
                    ruling,
                    played: None,
                    result: Some(result),
                    article,
                    reason: format!(
                        "the sealed move \"{text}\" is {defect}, but the game was already \
                         decided under {article}: {result}"
                    ),
                }
            }
            Ruling::Loses => {
                if self.before.cannot_mate_static(replier) {
                    Decision {
                        ruling,
                        played: None,
                        result: Some(GameResult::Draw),
                        article: Article::FLAG,
                        reason: format!(
                            "the sealed move \"{text}\" is {defect} and would lose (Guidelines \
                             I.8), but {replier} cannot checkmate by any legal series of \
                             moves: a draw (Art. 6.9)"
                        ),
                    }
                } else {
                    Decision {
                        ruling,
                        played: None,
                        result: Some(GameResult::win_for(replier)),
                        article: Article::ADJOURN_DEFECTIVE,
                        reason: format!(
                            "the sealed move \"{text}\" is {defect}: {sealer} loses (Guidelines \
                             I.8)"
                        ),
                    }
                }
            }
        };
        self.events.push(AdjournEvent::ArbiterDecided {
            decision: decision.clone(),
        });
        if let Some(mv) = decision.played {
            self.play(mv, Article::ADJOURN_DEFECTIVE);
        } else if let Some(result) = decision.result {
            self.result = Some((result, decision.article));
            self.events.push(AdjournEvent::GameEnded {
                result,
                article: decision.article,
                reason: decision.reason.clone(),
            });
        }
        Ok(self.decision.insert(decision))
    }

    /// I.9 c: the sealer is absent; the replier may write the reply, seal it in a new
    /// envelope, stop their own clock and start the sealer's. A draft for that envelope, from
    /// the position after the sealed move, with the same names, times and resumption.
    pub fn reply_draft(&self) -> Result<SealDraft, AdjournError> {
        if self.result.is_some() {
            return Err(AdjournError::NoReply("the game is over"));
        }
        if self.played.is_none() {
            return Err(AdjournError::NoReply(
                "the sealed move has not been played (the arbiter must decide first, I.8)",
            ));
        }
        let adjournment = Adjournment {
            start_fen: if self.adjournment.start_fen.trim().is_empty() {
                self.adjournment.fen.clone()
            } else {
                self.adjournment.start_fen.clone()
            },
            moves: self.scoresheet(),
            fen: self.position.to_fen(),
            ..self.adjournment.clone()
        };
        let mut draft = SealDraft::new(adjournment)?;
        draft.reply = true;
        Ok(draft)
    }
}

impl Envelope {
    /// The events of sealing (I.1): the envelope sealed and the clock stopped; for a reply
    /// sealed in the sealer's absence, the absent player's clock started (I.9 c).
    pub fn sealing_events(&self) -> Vec<AdjournEvent> {
        sealing_events(&self.position, self.reply)
    }
}

/// The events of sealing a move (a reply, if `reply`) in `position`, the position on the
/// board when it was sealed: what [`Envelope::sealing_events`] gives, known without the
/// envelope (a journal replayed does not open it).
pub fn sealing_events(position: &Position, reply: bool) -> Vec<AdjournEvent> {
    let sealer = position.turn();
    let mut events = vec![AdjournEvent::Sealed {
        sealer,
        move_number: position.fullmove_number(),
        reply,
    }];
    if reply {
        events.push(AdjournEvent::ClockStarted {
            color: !sealer,
            article: Article::ADJOURN_RESUME,
        });
    }
    events
}

/// What became of a game whose envelope was lost (I.12).
#[derive(Clone, Debug)]
pub enum LostEnvelope {
    /// Resumed from the adjourned position and recorded times, with the move the sealer says
    /// was sealed (I.12 a).
    Resumed(Box<Opened>),
    /// The position cannot be established: the game is annulled and a new game is played
    /// (I.12 b).
    Annulled { events: Vec<AdjournEvent> },
}

/// I.12: the envelope is lost. `record`: the adjourned position and the times as the players
/// and the arbiter establish them (the arbiter sets times that cannot be established), or
/// `None` when the position cannot be established. `stated`: the move the sealer says was
/// sealed, which must be a legal move (it is made on the board).
pub fn resume_without_envelope(
    record: Option<Adjournment>,
    stated: &str,
    letters: Letters,
) -> Result<LostEnvelope, AdjournError> {
    let Some(adjournment) = record else {
        return Ok(LostEnvelope::Annulled {
            events: vec![AdjournEvent::Annulled {
                reason: "the envelope is lost and the adjourned position cannot be established: \
                         the game is annulled and a new game is played (Guidelines I.12 b)"
                    .to_string(),
            }],
        });
    };
    let checked = adjournment.check()?;
    let before = checked.position;
    let text = check_writing(stated)?;
    let mv = parse_move(&before, &text, letters).map_err(|e| AdjournError::StatedMove {
        text: text.clone(),
        error: e.to_string(),
    })?;
    let san = write_move(&before, mv, Notation::ENGLISH);
    let mut opened = Opened {
        before,
        position: before,
        keys: checked.keys,
        written: Written { text, letters },
        reading: SealedReading::Clear { mv, san },
        played: None,
        decision: None,
        result: None,
        events: vec![AdjournEvent::ClocksSet {
            fen: adjournment.fen.clone(),
            white_used_ms: adjournment.white_used_ms,
            black_used_ms: adjournment.black_used_ms,
            article: Article::ADJOURN_LOST,
        }],
        adjournment,
    };
    if let Some(by) = opened.adjournment.pending_offer {
        opened.events.push(AdjournEvent::OfferPending { by });
    }
    opened.play(mv, Article::ADJOURN_LOST);
    Ok(LostEnvelope::Resumed(Box::new(opened)))
}

// --- Resumption into a game ------------------------------------------------------------------

fn game_err(e: impl fmt::Display) -> AdjournError {
    AdjournError::Game(e.to_string())
}

/// The control the resumed game is played with: the envelope's, else the one given.
fn control_of(a: &Adjournment, resume: &Resume) -> Option<TimeControl> {
    a.clock
        .as_ref()
        .map(|c| c.time_control.clone())
        .or_else(|| resume.time_control.clone())
}

/// The adjourned game rebuilt from the scoresheets in the envelope (I.1), its clock set for
/// `tc` and not started.
fn adjourned_game(
    a: &Adjournment,
    tc: Option<TimeControl>,
    options: ClockOptions,
) -> Result<Game, AdjournError> {
    let start_fen = if a.start_fen.trim().is_empty() {
        &a.fen
    } else {
        &a.start_fen
    };
    let start = Position::from_fen(start_fen).map_err(|e| AdjournError::BadFen {
        field: "start_fen",
        error: e.to_string(),
    })?;
    let mut game = match tc {
        Some(tc) => Game::with_clock(start, tc, options),
        None => Game::new(start),
    };
    for (i, text) in a.moves.iter().enumerate() {
        game.play_san(text, Letters::English)
            .map_err(|e| AdjournError::BadScoresheet {
                index: i + 1,
                text: text.clone(),
                error: e.to_string(),
            })?;
    }
    Ok(game)
}

/// The main time `used` leaves after `moves` completed moves under `tc`, when only the times
/// used are known (I.2 c): the periods reached and the increments earned, less the time
/// used. Exact without a bonus and with increments; with a delay the envelope's
/// [`SealedClock`] is needed for an exact reading.
fn main_from_used(tc: &TimeControl, moves: u32, used: [u64; 2], color: Color) -> u64 {
    match tc {
        TimeControl::Sandclock { .. } => tc
            .start_ms()
            .saturating_sub(used[color.index()])
            .saturating_add(used[(!color).index()]),
        TimeControl::Periods(_) => {
            let reached = tc.period_at(moves).index;
            let base: u64 = (0..=reached)
                .map(|i| tc.period(i).map_or(0, |p| p.ms()))
                .sum();
            let increments: u64 = (0..moves)
                .filter_map(|k| tc.period(tc.period_at(k).index)?.bonus)
                .filter(|b| b.kind == BonusKind::Increment)
                .map(|b| b.ms())
                .sum();
            (base + increments).saturating_sub(used[color.index()])
        }
        TimeControl::Unlimited | TimeControl::Unknown => 0,
    }
}

/// The termination that goes with a result decided under `article`.
fn termination_for(result: GameResult, article: Article) -> Termination {
    let draw = result == GameResult::Draw;
    match article.number() {
        "5.1.1" => Termination::Checkmate,
        "5.1.2" if draw => Termination::ResignationOpponentCannotMate,
        "5.1.2" => Termination::Resignation,
        "5.2.1" => Termination::Stalemate,
        "5.2.2" => Termination::DeadPosition,
        "5.2.3" => Termination::Agreement,
        "6.9" if draw => Termination::FlagFallOpponentCannotMate,
        "6.9" => Termination::FlagFall,
        "9.6.1" => Termination::FivefoldRepetition,
        "9.6.2" => Termination::SeventyFiveMoves,
        "I.6" => Termination::SettledBeforeResumption,
        "I.10" => Termination::DefaultAtResumption,
        _ => Termination::SealedMoveDefective,
    }
}

/// Ends `game` with a result the adjournment decided, unless the game ended by itself.
fn end_with(game: &mut Game, result: GameResult, termination: Termination, article: Article) {
    if !game.is_over() {
        game.end_as(result, termination, article);
    }
}

impl Opened {
    /// The resumed game as a [`Game`] (I.5, I.9): the moves of the scoresheets, the clocks
    /// set from the envelope (its [`SealedClock`], else the times used under
    /// `resume.time_control`), the sealed move played — it counts as the sealer's move on
    /// the clock, the seal standing for the press (I.1), so a bonus or a new period is given
    /// as a press would — and the replier's clock running from `resume.start` (I.9 a; when
    /// the replier came late, their clock ran until they arrived, I.9 b, I.11). A pending
    /// draw offer stays open (I.4). The game's time is brought to `resume.opened`.
    ///
    /// A defective sealed move needs the arbiter's decision first ([`Opened::decide`]): a
    /// ruling that ends the game gives a finished `Game`.
    pub fn into_game(self, resume: &Resume) -> Result<Game, AdjournError> {
        if self.needs_decision() {
            return Err(AdjournError::DecisionPending);
        }
        let a = &self.adjournment;
        let mut game = adjourned_game(a, control_of(a, resume), resume.options)?;
        let sealer = self.before.turn();
        let replier = !sealer;
        let mut events: Vec<AdjournEvent> = self
            .events
            .iter()
            .filter(|e| !matches!(e, AdjournEvent::GameEnded { .. }))
            .cloned()
            .collect();
        if resume.opened > resume.start {
            events.insert(1.min(events.len()), AdjournEvent::ReplierAbsent { replier });
        }
        game.record_adjournment(&events);
        game.set_now(resume.start);
        let used = [a.white_used_ms, a.black_used_ms];
        if !game.is_over() {
            let moves_played = |c: Color| game.plies().iter().filter(|p| p.color == c).count();
            let readings = match (&a.clock, game.clock()) {
                (Some(c), _) => Some((c.remaining_ms, c.moves)),
                (None, Some(clock)) => {
                    let tc = clock.time_control().clone();
                    let moves = [
                        moves_played(Color::White) as u32,
                        moves_played(Color::Black) as u32,
                    ];
                    Some((
                        [
                            main_from_used(&tc, moves[0], used, Color::White),
                            main_from_used(&tc, moves[1], used, Color::Black),
                        ],
                        moves,
                    ))
                }
                (None, None) => None,
            };
            if let (Some((main, moves)), Some(clock)) = (readings, game.clock_mut()) {
                let events = clock
                    .start_restored(main, moves, used, sealer, resume.start)
                    .map_err(game_err)?;
                game.push_events(events.into_iter().map(GameEvent::Clock));
            }
        }
        match (self.played, self.result) {
            (Some((mv, _)), result) => {
                game.play(mv).map_err(game_err)?;
                if !game.is_over() {
                    if let Some(clock) = game.clock_mut() {
                        let events = clock.press(sealer, resume.start).map_err(game_err)?;
                        let remaining = events.iter().rev().find_map(|e| match e {
                            ClockEvent::Pressed { remaining_ms, .. } => Some(*remaining_ms),
                            _ => None,
                        });
                        game.push_events(events.into_iter().map(GameEvent::Clock));
                        game.set_last_clock(remaining);
                    }
                }
                if let Some((result, article)) = result {
                    end_with(&mut game, result, termination_for(result, article), article);
                }
            }
            (None, Some((result, article))) => {
                let termination = match self.decision.as_ref().map(|d| d.ruling) {
                    Some(Ruling::Loses) => Termination::SealedMoveDefective,
                    _ => termination_for(result, article),
                };
                end_with(&mut game, result, termination, article);
            }
            (None, None) => return Err(AdjournError::DecisionPending),
        }
        if !game.is_over() {
            if let Some(by) = a.pending_offer {
                game.restore_offer(by);
            }
        }
        game.mark_resumed(used);
        game.tick(resume.opened);
        Ok(game)
    }
}

impl Envelope {
    /// I.6 into a [`Game`]: the adjourned game rebuilt from the envelope's scoresheets and
    /// ended by the draw agreed or the resignation before resumption (the envelope is never
    /// opened). `resume.start`: when the arbiter was told.
    pub fn settle_into_game(self, how: Settlement, resume: &Resume) -> Result<Game, AdjournError> {
        let a = self.adjournment.clone();
        let mut game = adjourned_game(&a, control_of(&a, resume), resume.options)?;
        game.set_now(resume.start);
        let settled = self.settle(how);
        let termination = match how {
            Settlement::Resigned(_) if settled.article == Article::RESIGNATION => {
                Termination::ResignationOpponentCannotMate
            }
            _ => Termination::SettledBeforeResumption,
        };
        end_with(&mut game, settled.result, termination, settled.article);
        Ok(game)
    }

    /// I.10 into a [`Game`]: `absent` arrived after the default time and loses — unless the
    /// sealed move ended the game, which is then played and stands.
    pub fn default_into_game(self, absent: Color, resume: &Resume) -> Result<Game, AdjournError> {
        let a = self.adjournment.clone();
        let mut game = adjourned_game(&a, control_of(&a, resume), resume.options)?;
        game.set_now(resume.start);
        let settled = self.absent_after_default_time(absent);
        let events: Vec<AdjournEvent> = settled
            .events
            .iter()
            .filter(|e| !matches!(e, AdjournEvent::GameEnded { .. }))
            .cloned()
            .collect();
        game.record_adjournment(&events);
        for e in &settled.events {
            if let AdjournEvent::SealedMovePlayed { mv, .. } = e {
                game.play(*mv).map_err(game_err)?;
            }
        }
        end_with(
            &mut game,
            settled.result,
            termination_for(settled.result, settled.article),
            settled.article,
        );
        Ok(game)
    }
}

impl From<GameError> for AdjournError {
    fn from(e: GameError) -> AdjournError {
        game_err(e)
    }
}
