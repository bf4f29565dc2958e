//! One game being played: the record (`laws::Game`, with its clock), who sits at each side
//! (a person at this terminal, or an engine), and the commands people give, each turned
//! into calls on the laws with the right player and the time given by the caller.
//!
//! Every screen drives the one `Session` from its own [`Chair`] (its role, its cursor in
//! the events, its question): the full screen and the screen-reader line mode at one
//! terminal, each SSH client of a room. None holds any game state of its own; they read
//! `session.game()` and the new `GameEvent`s ([`Session::take_events`]) — the one stream
//! of DESIGN.md.
//!
//! Who acts, in a game at one terminal (Art. 9.1.2.1 and 5.1.2 read for one keyboard):
//! - a move, a claim (9.2, 9.3) and a resignation are by the player to move — against an
//!   engine, by the person;
//! - a draw offer is by the player who has just moved (the proper moment: "after making a
//!   move on the chessboard"); against an engine, by the person, whenever they ask (an offer
//!   on one's own time is valid and noted as irregular by the laws);
//! - accepting or declining is by the player the pending offer was made to.

use crate::core::{Color, Move, Position};
use crate::laws::clock::ClockOptions;
use crate::laws::time_control::TimeControl;
use crate::laws::{Game, GameEvent, Supervision};

use crate::laws::irregularity::ArbiterAction;
use crate::laws::touch::{TouchOutcome, TouchState};
use crate::speech::Speaker;
pub use crate::table::command::Command;
use crate::table::command::{Query, Whose};
use crate::table::journal::{self, Act, Entry, JournalError, PlayerAct};

/// Who plays one side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Seat {
    /// A person at this terminal.
    Human,
    /// A UCI engine driven by the mode.
    Engine,
}

/// Who a person at a remote screen is in a shared game (`escaque serve`): a player of one
/// colour, the arbiter, or a spectator.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Role {
    Player(Color),
    Arbiter,
    Spectator,
}

/// What a remote screen asks the room to do; the room, which owns the game and its
/// clocks, decides (the one truth of a shared game).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Request {
    Command(Command),
    /// 6.11.1: stop the clocks (a player calling the arbiter, or the arbiter).
    Pause,
    /// 6.11: start them again.
    Resume,
    /// The arbiter's decisions (12.9 penalties, 6.10 clocks, 7.1 restoring a position).
    Arbiter(crate::laws::irregularity::ArbiterAction),
}

/// One person's place at the table: who they are in the game, how far they have read the
/// game's one stream of events (their cursor), and the question waiting for their yes or
/// no. Every screen has its own chair over the one [`Session`]: the full screen and the
/// line mode at a terminal, each SSH client of a room. Nobody holds a copy of the game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chair {
    /// `None`: the people at this terminal (two players, or one against an engine).
    role: Option<Role>,
    /// The events already handed out to this chair.
    seen: usize,
    question: Option<Question>,
}

impl Chair {
    /// The chair of the people at this terminal, before any event.
    pub fn local() -> Chair {
        Chair::default()
    }

    /// Who sits here; `None` for the people at this terminal.
    pub fn role(&self) -> Option<Role> {
        self.role
    }

    /// A spectator who takes a free seat.
    pub fn set_role(&mut self, role: Role) {
        self.role = Some(role);
    }

    /// The question waiting for a yes or a no, if any.
    pub fn question(&self) -> Option<Question> {
        self.question
    }

    /// Withdraws the waiting question (a line that was not read, Esc).
    pub fn withdraw_question(&mut self) -> Option<Question> {
        self.question.take()
    }

    /// How many events of the game this chair has read.
    pub fn seen(&self) -> usize {
        self.seen
    }
}

/// What a game shared by several screens (a room of `escaque serve`) adds to the rules:
/// the room says whether both players are seated and whether an arbiter is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shared {
    /// Both players are seated: the game has begun (the clock runs).
    pub started: bool,
    /// An arbiter holds the arbiter's seat (6.11: then only the arbiter restarts clocks).
    pub arbiter_seated: bool,
    /// That arbiter is in the room now. When they are away, the clocks they stopped are
    /// started again by both players together (6.11: a stop no arbiter ends).
    pub arbiter_present: bool,
}

/// How a game is set up.
#[derive(Clone, Debug)]
pub struct Setup {
    pub start: Position,
    /// `None`: no clock.
    pub time_control: Option<TimeControl>,
    pub clock_options: ClockOptions,
    pub seats: [Seat; 2],
    pub names: [String; 2],
    pub supervision: Supervision,
    /// PGN tags of the event (Event, Site, Date, Round …).
    pub tags: Vec<(String, String)>,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            start: Position::new(),
            time_control: None,
            clock_options: ClockOptions::default(),
            seats: [Seat::Human, Seat::Human],
            names: ["White".into(), "Black".into()],
            supervision: Supervision::Adequate,
            tags: Vec::new(),
        }
    }
}

impl Setup {
    /// Sets the game up as Chess960 from start position `n` (Guidelines II.1): the start
    /// position and the `Variant` tag that says so (kept in the PGN, read back on resume).
    /// `None` when `n` is not 0 to 959.
    pub fn set_chess960(&mut self, n: u16) -> Option<()> {
        self.start = crate::core::chess960::start_position(n)?;
        self.tags.retain(|(k, _)| k != "Variant");
        self.tags.push(("Variant".into(), "Chess960".into()));
        Some(())
    }

    /// Whether the game is Chess960 (Guidelines II): its `Variant` tag says so, or its
    /// castling rights are off the standard files.
    pub fn is_chess960(&self) -> bool {
        self.tags
            .iter()
            .any(|(k, v)| k == "Variant" && crate::laws::pgn::is_chess960_name(v))
            || !self.start.castling_rights().is_standard()
    }

    /// The Chess960 start position number of a Chess960 game that began at one.
    pub fn chess960_number(&self) -> Option<u16> {
        if !self.is_chess960() {
            return None;
        }
        crate::core::chess960::start_number(&self.start)
    }
}

/// Why a command was not carried out: data, said by `speech` ([`Speaker::refusal`]).
///
/// [`Speaker::refusal`]: crate::speech::Speaker::refusal
pub type SessionError = crate::speech::commands::Refusal;

pub use crate::speech::commands::Question;

/// A hand on the board, in strict touch-move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Hand {
    Touch(crate::core::Square),
    Release(crate::core::Square),
    /// 4.2: "j'adoube", by the player of that colour.
    Adjust(Color, crate::core::Square),
}

/// What a command came to.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Reply {
    /// Carried out: the game's new events say what happened.
    Done,
    /// A question is now waiting for its yes or no.
    Asked(Question),
    /// The question was answered no.
    Cancelled(Question),
    /// The person leaves the game (the game is kept).
    Leave,
    /// Another game is to start.
    NewGame,
    /// The last move was taken back (the record was rebuilt).
    TakenBack,
    /// Not the session's: the front end does it (queries, flipping, saving, the replay's
    /// and the lobby's commands, sealing).
    Front(Command),
}

/// A command's reply, and the question it withdrew, if one was waiting.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Outcome {
    pub withdrawn: Option<Question>,
    pub reply: Reply,
}

/// One game being played.
#[derive(Clone, Debug)]
pub struct Session {
    game: Game,
    setup: Setup,
    /// Set when the game is shared by the screens of a room.
    shared: Option<Shared>,
    /// Counts the changes the screens must see (every act, every touch).
    revision: u64,
    /// Every act that changed the game, with its instant: what the autosave keeps and a
    /// resumed session replays ([`Session::replay`]).
    journal: Vec<Entry>,
    /// Strict touch-move (Art. 4): the pieces touched on the position on the board and
    /// what they bind; `None` when the mode is off.
    touch: Option<TouchState>,
    /// A player who asked to restart the clocks while the arbiter is away, waiting for the
    /// other's agreement. Not journaled, on purpose: a request pending when the server
    /// stops has nothing left to ask after it restarts, since the restored room's clocks
    /// stand stopped by the restart ([`Act::Restart`]) and start again by themselves when
    /// both players are back (6.11.1), agreement or not.
    resume_asked: Option<Color>,
}

impl Session {
    /// A new game from `setup`; with a clock in the FIDE start mode White's clock starts at
    /// `now` (6.5); in the casual mode it starts with White's first move.
    pub fn new(setup: Setup, now: u64) -> Session {
        let mut game = fresh_game(&setup);
        if game.clock().is_some() && !game.is_over() {
            // Starting a fresh clock cannot fail; a set-up position already over has none.
            let _ = game.start_clock(now);
        }
        let mut session = Session::from_game(game, setup);
        session.journal.push(Entry {
            at: now,
            act: Act::Start,
        });
        session
    }

    /// A room's game (`escaque serve`), opened at `now` before its players are seated:
    /// the clock waits for [`Session::begin`] (6.5: it starts when both are there).
    pub fn open(setup: Setup, now: u64) -> Session {
        let game = fresh_game(&setup);
        let mut session = Session::from_game(game, setup);
        session.journal.push(Entry {
            at: now,
            act: Act::Open,
        });
        session
    }

    /// Both players of a room are seated: the clock starts at `now` (6.5).
    pub fn begin(&mut self, now: u64) -> Result<(), SessionError> {
        if self.game.clock().is_some() && !self.game.is_over() {
            self.game.start_clock(now)?;
        }
        self.log(now, Act::Begin);
        Ok(())
    }

    /// The server restarted (a room's game restored): the clocks stop at `now` until
    /// both players are back (6.11.1), and the journal says why they stopped.
    pub fn stop_for_restart(&mut self, now: u64) -> Result<(), SessionError> {
        self.tick(now);
        self.game.pause_clock(now)?;
        self.log(now, Act::Restart);
        Ok(())
    }

    /// Whether the clocks stand stopped by a restart of the server
    /// ([`Session::stop_for_restart`]), not started again nor stopped by anyone since.
    pub fn stopped_by_restart(&self) -> bool {
        self.game
            .clock()
            .is_some_and(|k| k.phase() == crate::laws::clock::Phase::Paused)
            && self
                .journal
                .iter()
                .rev()
                .find(|e| matches!(e.act, Act::Pause | Act::Resume | Act::Restart))
                .is_some_and(|e| e.act == Act::Restart)
    }

    /// Whether the journal rebuilds the whole session ([`Session::replay`]): it begins
    /// with the session's start (a game resumed from a PGN alone has a journal of what
    /// followed only).
    pub fn journal_is_whole(&self) -> bool {
        self.journal
            .first()
            .is_some_and(|e| matches!(e.act, Act::Start | Act::Open))
    }

    /// A session over an existing record (a resumed game); its journal is empty (the
    /// record's acts were not seen here).
    pub fn from_game(game: Game, setup: Setup) -> Session {
        Session {
            game,
            setup,
            shared: None,
            revision: 0,
            journal: Vec::new(),
            touch: None,
            resume_asked: None,
        }
    }

    /// The player who asked to restart the clocks stopped while the arbiter is away, and
    /// waits for the other's agreement.
    pub fn resume_asked(&self) -> Option<Color> {
        self.resume_asked
    }

    /// A chair at this game for a screen that arrives now: every event so far counts as
    /// read.
    pub fn chair(&self, role: Option<Role>) -> Chair {
        Chair {
            role,
            seen: self.game.events().len(),
            question: None,
        }
    }

    /// Makes the game a shared one (a room's), or updates what the room says of it.
    pub fn share(&mut self, shared: Shared) {
        self.shared = Some(shared);
        self.revision += 1;
    }

    /// What the room says of a shared game; `None` for a game at one terminal.
    pub fn shared(&self) -> Option<Shared> {
        self.shared
    }

    /// Counts the changes the screens must see: a screen that drew at one revision has
    /// nothing new to show while it stays the same.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// In a shared game, whether `role` may act on the game now at all.
    fn gate(&self, role: Option<Role>) -> Result<(), SessionError> {
        match (self.shared, role) {
            (_, Some(Role::Spectator)) => Err(SessionError::Spectator),
            (Some(s), Some(r)) if !s.started && r != Role::Arbiter => Err(SessionError::Waiting),
            _ => Ok(()),
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    pub fn seat(&self, color: Color) -> Seat {
        self.setup.seats[color.index()]
    }

    /// Keeps only the event tags whose names pass `keep`.
    pub fn retain_tags(&mut self, keep: impl Fn(&str) -> bool) {
        self.setup.tags.retain(|(k, _)| keep(k));
    }

    /// The name of the player of `color` (a shared game learns it when the seat is taken).
    pub fn set_name(&mut self, color: Color, name: &str) {
        self.setup.names[color.index()] = name.to_string();
    }

    pub fn name(&self, color: Color) -> &str {
        &self.setup.names[color.index()]
    }

    pub fn to_move(&self) -> Color {
        self.game.position().turn()
    }

    /// Whether the person in a chair of `role` is to move now (in a shared game: this
    /// player; at one terminal: a person, not an engine).
    pub fn human_to_move(&self, role: Option<Role>) -> bool {
        if let Some(role) = role {
            return !self.game.is_over() && role == Role::Player(self.to_move());
        }
        !self.game.is_over() && self.seat(self.to_move()) == Seat::Human
    }

    /// Whether an engine is to move now.
    pub fn engine_to_move(&self) -> bool {
        self.shared.is_none() && !self.game.is_over() && self.seat(self.to_move()) == Seat::Engine
    }

    /// The side of the person at this terminal who is not to move, in a game against an
    /// engine; in a game between two people, the player who has just moved.
    fn offerer(&self, role: Option<Role>) -> Color {
        if let Some(Role::Player(c)) = role {
            return c;
        }
        match self.setup.seats {
            [Seat::Human, Seat::Engine] => Color::White,
            [Seat::Engine, Seat::Human] => Color::Black,
            _ => !self.to_move(),
        }
    }

    /// The bottom of the board for a chair of `role`: a player's own colour, the
    /// person's colour against an engine, else White.
    pub fn local_color(&self, role: Option<Role>) -> Color {
        if let Some(Role::Player(c)) = role {
            return c;
        }
        match self.setup.seats {
            [Seat::Engine, Seat::Human] => Color::Black,
            _ => Color::White,
        }
    }

    /// The person who acts for the player to move (a claim, a resignation; "my" pieces in
    /// the line mode's queries): a player's own colour, the person against an engine, the
    /// player to move between two people.
    pub fn local_color_or_turn(&self, role: Option<Role>) -> Color {
        if let Some(Role::Player(c)) = role {
            return c;
        }
        match self.setup.seats {
            [Seat::Human, Seat::Engine] => Color::White,
            [Seat::Engine, Seat::Human] => Color::Black,
            _ => self.to_move(),
        }
    }

    /// Carries out what the person in `chair` typed or pressed, at `now`: the one entry
    /// of every front end. Acts that need a yes first are asked ([`Question`], kept in the
    /// chair); a waiting question is answered by [`Command::Answer`] only, and withdrawn
    /// by anything else.
    pub fn apply(
        &mut self,
        chair: &mut Chair,
        cmd: Command,
        now: u64,
    ) -> Result<Outcome, SessionError> {
        let withdrawn = match (chair.question.take(), &cmd) {
            (Some(q), Command::Answer(yes)) => {
                let reply = if *yes {
                    self.confirmed(chair.role, q, now)?
                } else {
                    Reply::Cancelled(q)
                };
                return Ok(Outcome {
                    withdrawn: None,
                    reply,
                });
            }
            (None, Command::Answer(_)) => return Err(SessionError::NoQuestion),
            (q, _) => q,
        };
        let reply = self.apply_fresh(chair.role, cmd, now)?;
        if let Reply::Asked(q) = reply {
            chair.question = Some(q);
        }
        Ok(Outcome { withdrawn, reply })
    }

    fn apply_fresh(
        &mut self,
        role: Option<Role>,
        cmd: Command,
        now: u64,
    ) -> Result<Reply, SessionError> {
        let over = || {
            self.game
                .outcome()
                .map(|o| SessionError::Game(crate::laws::GameError::Over(o)))
        };
        let shared = self.shared.is_some();
        if role == Some(Role::Spectator)
            && matches!(
                cmd,
                Command::Move(_)
                    | Command::OfferDraw
                    | Command::AcceptDraw
                    | Command::DeclineDraw
                    | Command::Claim(_)
                    | Command::Resign
                    | Command::Takeback
                    | Command::Pause
                    | Command::Resume
                    | Command::Decide(_)
            )
        {
            return Err(SessionError::Spectator);
        }
        // 4.3–4.7: with strict touch-move, only the move the touched pieces require (or
        // the one the hand has just completed on the board).
        if let (Command::Move(mv), Some(t)) = (&cmd, self.touch_state()) {
            if !t.is_allowed(*mv) && t.made() != Some(*mv) {
                return Err(SessionError::Touched(t.binding().to_string()));
            }
        }
        Ok(match cmd {
            Command::Move(_) => {
                if role.is_some() {
                    self.may_move(role)?;
                }
                self.command_as(role, cmd, now)?;
                Reply::Done
            }
            Command::DeclineDraw => {
                self.command_as(role, cmd, now)?;
                Reply::Done
            }
            Command::Resign | Command::Claim(_) | Command::OfferDraw => {
                if let Some(e) = over() {
                    return Err(e);
                }
                if role == Some(Role::Arbiter) {
                    return Err(SessionError::NotYourMove);
                }
                Reply::Asked(match cmd {
                    Command::Resign => Question::Resign,
                    Command::Claim(m) => Question::Claim(m),
                    _ => Question::Offer,
                })
            }
            Command::AcceptDraw => {
                if let Some(e) = over() {
                    return Err(e);
                }
                self.offer_answerer(role)?;
                Reply::Asked(Question::Accept)
            }
            Command::Takeback => {
                self.takeback_allowed()?;
                Reply::Asked(Question::Takeback)
            }
            Command::Quit => {
                if shared || self.game.is_over() || self.game.plies().is_empty() {
                    Reply::Leave
                } else {
                    Reply::Asked(Question::Quit)
                }
            }
            Command::NewGame => {
                if shared {
                    return Err(SessionError::NotShared);
                }
                if !self.game.is_over() && !self.game.plies().is_empty() {
                    return Err(SessionError::GameOn);
                }
                Reply::NewGame
            }
            Command::Pause => {
                self.pause(role, false, now)?;
                Reply::Done
            }
            Command::Resume => {
                self.pause(role, true, now)?;
                Reply::Done
            }
            Command::Decide(d) if shared => {
                self.arbiter_as(role, live_action(d)?, now)?;
                Reply::Done
            }
            Command::Answer(_) => return Err(SessionError::NoQuestion),
            other => Reply::Front(other),
        })
    }

    /// A question answered yes.
    fn confirmed(
        &mut self,
        role: Option<Role>,
        q: Question,
        now: u64,
    ) -> Result<Reply, SessionError> {
        Ok(match q {
            Question::Quit => Reply::Leave,
            Question::Takeback => {
                self.takeback()?;
                Reply::TakenBack
            }
            Question::Resign => {
                self.command_as(role, Command::Resign, now)?;
                Reply::Done
            }
            Question::Offer => {
                self.command_as(role, Command::OfferDraw, now)?;
                Reply::Done
            }
            Question::Accept => {
                self.command_as(role, Command::AcceptDraw, now)?;
                Reply::Done
            }
            Question::Claim(m) => {
                self.command_as(role, Command::Claim(m), now)?;
                Reply::Done
            }
        })
    }

    /// Carries out a command of the people at this terminal at `now`, at once: moves,
    /// offers, answers to offers, claims, resigning. [`Session::apply`] asks first where
    /// the Laws' acts cannot be undone.
    pub fn command(&mut self, cmd: Command, now: u64) -> Result<(), SessionError> {
        self.command_as(None, cmd, now)
    }

    /// Who answers the pending draw offer from a chair of `role`: the side it was made to
    /// (9.1.2.1) — in a shared game only that player's chair; at one terminal (`None`) the
    /// people there, unless that side is the engine, which answers by playing on.
    pub fn offer_answerer(&self, role: Option<Role>) -> Result<Color, SessionError> {
        let offer = self.game.pending_offer().ok_or(SessionError::NoOffer)?;
        let answerer = !offer.by;
        match role {
            Some(Role::Player(c)) if c == answerer => Ok(answerer),
            Some(Role::Player(_)) => Err(SessionError::NoOffer),
            Some(_) => Err(SessionError::NotYourMove),
            None if self.seat(answerer) == Seat::Engine => Err(SessionError::EngineAnswers),
            None => Ok(answerer),
        }
    }

    /// Carries out the command of the person in a chair of `role` at `now`, at once: in a
    /// shared game a player acts for their own colour only, the arbiter and spectators
    /// not at all; at one terminal (`None`) the player the command is for (see the
    /// module's notes).
    pub fn command_as(
        &mut self,
        role: Option<Role>,
        cmd: Command,
        now: u64,
    ) -> Result<(), SessionError> {
        self.gate(role)?;
        let by = match role {
            Some(Role::Player(c)) => c,
            Some(_) => return Err(SessionError::NotYourMove),
            None => {
                self.tick(now);
                if let Command::Move(_) = cmd {
                    if self.engine_to_move() {
                        return Err(SessionError::EngineToMove);
                    }
                }
                match cmd {
                    Command::Move(_) => self.to_move(),
                    Command::OfferDraw => self.offerer(None),
                    Command::AcceptDraw | Command::DeclineDraw => self.offer_answerer(None)?,
                    _ => self.local_color_or_turn(None),
                }
            }
        };
        self.command_by(by, cmd, now)
    }

    /// Carries out the command of the player of colour `by` at `now`: the room of a shared
    /// game knows who sent it. A move must be that player's; an answer to a draw offer is
    /// by the player it was made to.
    pub fn command_by(&mut self, by: Color, cmd: Command, now: u64) -> Result<(), SessionError> {
        self.tick(now);
        let act = match cmd {
            Command::Move(m) => PlayerAct::Move(m),
            Command::OfferDraw => PlayerAct::Offer,
            Command::AcceptDraw => PlayerAct::Accept,
            Command::DeclineDraw => PlayerAct::Decline,
            Command::Claim(m) => PlayerAct::Claim(m),
            Command::Resign => PlayerAct::Resign,
            _ => return Err(SessionError::NotHere),
        };
        // A claim refused (wrong) changes the game too (9.5.3); only refusals of the
        // laws that left the game as it was are not acts.
        let before = self.game.events().len();
        let result = self.carry_out(by, cmd, now);
        if result.is_ok() || self.game.events().len() > before {
            self.log(now, Act::Player { by, act });
        }
        result
    }

    fn log(&mut self, at: u64, act: Act) {
        self.revision += 1;
        self.journal.push(Entry { at, act });
    }

    /// The journal: every act that changed the game, with its instant.
    pub fn journal(&self) -> &[Entry] {
        &self.journal
    }

    /// Rebuilds a session from its setup and journal (read line by line from `lines`,
    /// each move against the position it was played from): the same record, events and
    /// clocks as the session that wrote it. Returns the session and the instant of its
    /// last act (the caller's time goes on from there).
    pub fn replay<'a>(
        setup: Setup,
        lines: impl IntoIterator<Item = (usize, &'a str)>,
    ) -> Result<(Session, u64), JournalError> {
        let mut session: Option<Session> = None;
        let mut last = 0;
        for (n, text) in lines {
            let pos = session.as_ref().map_or(setup.start, |s| *s.game.position());
            let entry = journal::read_line(n, text, &pos)?;
            let refused = |e: SessionError| JournalError {
                line: n,
                text: text.to_string(),
                what: journal::JournalFault::Refused(e),
            };
            last = entry.at;
            let Some(s) = session.as_mut() else {
                session = Some(match entry.act {
                    Act::Start => Session::new(setup.clone(), entry.at),
                    Act::Open => Session::open(setup.clone(), entry.at),
                    _ => {
                        return Err(JournalError {
                            line: n,
                            text: text.to_string(),
                            what: journal::JournalFault::NoStart,
                        });
                    }
                });
                continue;
            };
            let at = entry.at;
            let before = s.journal.len();
            let result = match entry.act {
                Act::Start | Act::Open => Ok(()),
                Act::Begin => s.begin(at),
                Act::Restart => s.stop_for_restart(at),
                Act::Player { by, act } => {
                    let cmd = match act {
                        PlayerAct::Move(m) => Command::Move(m),
                        PlayerAct::Offer => Command::OfferDraw,
                        PlayerAct::Accept => Command::AcceptDraw,
                        PlayerAct::Decline => Command::DeclineDraw,
                        PlayerAct::Claim(m) => Command::Claim(m),
                        PlayerAct::Resign => Command::Resign,
                    };
                    match s.command_by(by, cmd, at) {
                        // A wrong claim is refused and still an act (its penalty stands).
                        Err(_) if s.journal.len() > before => Ok(()),
                        r => r,
                    }
                }
                Act::Engine(m) => s.engine_move(m, at),
                Act::Pause => s.pause(None, false, at),
                Act::Resume => s.pause(None, true, at),
                Act::Tick => {
                    s.tick(at);
                    Ok(())
                }
                Act::Takeback => s.takeback(),
                Act::Arbiter(a) => s.arbiter(a, at),
                Act::Illegal { by } => s.illegal_move(by, at),
                Act::Strict(on) => {
                    s.set_strict_touch(on, at);
                    Ok(())
                }
                Act::Touch(hand) => s.touch(hand, at).map(|_| ()),
                Act::Seal { reply } => {
                    s.tick(at);
                    let events = crate::laws::adjourn::sealing_events(s.game.position(), reply);
                    s.game
                        .record_sealing(events, at)
                        .map(|_| ())
                        .map_err(SessionError::from)
                        .map(|()| s.log(at, Act::Seal { reply }))
                }
            };
            result.map_err(refused)?;
        }
        let s = session.ok_or(JournalError {
            line: 1,
            text: String::new(),
            what: journal::JournalFault::Empty,
        })?;
        Ok((s, last))
    }

    /// A decision of the person in a chair of `role` (Art. 12.9, 6.10, 7.1): in a shared
    /// game only the arbiter's seat takes decisions (a spectator is told they watch).
    pub fn arbiter_as(
        &mut self,
        role: Option<Role>,
        action: ArbiterAction,
        now: u64,
    ) -> Result<(), SessionError> {
        match role {
            Some(Role::Spectator) => Err(SessionError::Spectator),
            Some(Role::Player(_)) => Err(SessionError::NotArbiter),
            Some(Role::Arbiter) | None => self.arbiter(action, now),
        }
    }

    /// The arbiter's decision on the game at `now` (a room's arbiter, or the replay).
    pub fn arbiter(&mut self, action: ArbiterAction, now: u64) -> Result<(), SessionError> {
        self.tick(now);
        self.game.arbiter(action)?;
        self.sync_touch();
        self.log(now, Act::Arbiter(action));
        Ok(())
    }

    /// 7.5.1: `by` completed an illegal move (arbiter training): the position before it
    /// stands and the penalty of 7.5.5 follows.
    pub fn illegal_move(&mut self, by: Color, now: u64) -> Result<(), SessionError> {
        self.tick(now);
        self.game.illegal_move(
            by,
            crate::laws::IllegalKind::Move,
            crate::laws::Discovery::BeforeNextMove,
        )?;
        self.log(now, Act::Illegal { by });
        Ok(())
    }

    fn carry_out(&mut self, by: Color, cmd: Command, now: u64) -> Result<(), SessionError> {
        match cmd {
            Command::Move(mv) => {
                if by != self.to_move() {
                    return Err(SessionError::NotYourMove);
                }
                self.play(mv, now)?;
            }
            Command::OfferDraw => {
                self.game.offer_draw(by)?;
            }
            Command::AcceptDraw | Command::DeclineDraw => {
                let offer = self.game.pending_offer().ok_or(SessionError::NoOffer)?;
                if offer.by == by {
                    return Err(SessionError::NoOffer);
                }
                if cmd == Command::AcceptDraw {
                    self.game.accept_draw(by)?;
                } else {
                    self.game.decline_draw(by)?;
                }
            }
            Command::Claim(intended) => {
                self.game.claim_draw(by, intended)?;
            }
            Command::Resign => {
                self.game.resign(by)?;
            }
            _ => return Err(SessionError::NotHere),
        }
        Ok(())
    }

    /// 6.11: stops the clocks, or starts them again, for the person in a chair of
    /// `role`: in a shared game a player may stop them (6.11.1, to call the arbiter) and
    /// only the arbiter restarts them when one is seated (6.11).
    pub fn pause(
        &mut self,
        role: Option<Role>,
        resume: bool,
        now: u64,
    ) -> Result<(), SessionError> {
        self.gate(role)?;
        if let (Some(s), Some(Role::Player(c)), true) = (self.shared, role, resume) {
            if s.arbiter_seated && s.arbiter_present {
                return Err(SessionError::NotArbiter);
            }
            // 6.11 with the arbiter away: the clocks start again when both players ask.
            let paused = self
                .game
                .clock()
                .is_some_and(|k| k.phase() == crate::laws::clock::Phase::Paused);
            if s.arbiter_seated && paused && self.resume_asked != Some(!c) {
                if self.resume_asked != Some(c) {
                    self.resume_asked = Some(c);
                    self.revision += 1;
                }
                return Ok(());
            }
        }
        self.resume_asked = None;
        self.tick(now);
        if resume {
            self.game.resume_clock(now)?;
            self.log(now, Act::Resume);
        } else {
            self.game.pause_clock(now)?;
            self.log(now, Act::Pause);
        }
        Ok(())
    }

    /// Whether the person in a chair of `role` may move now: in a shared game only the
    /// player to move (a spectator or the arbiter never, the other player not now).
    pub fn may_move(&self, role: Option<Role>) -> Result<(), SessionError> {
        match role {
            Some(Role::Spectator) => Err(SessionError::Spectator),
            Some(Role::Arbiter) => Err(SessionError::NotYourMove),
            Some(Role::Player(c)) if c != self.to_move() => Err(SessionError::NotYourMove),
            _ => Ok(()),
        }
    }

    /// Why the person in a chair of `role` cannot move now, if they cannot: said instead
    /// of why a text was not a legal move (a move typed out of turn is out of turn first).
    pub fn move_refusal(&self, role: Option<Role>) -> Option<SessionError> {
        if let Some(o) = self.game.outcome() {
            return Some(SessionError::Game(crate::laws::GameError::Over(o)));
        }
        if self.engine_to_move() {
            return Some(SessionError::EngineToMove);
        }
        self.gate(role).err().or_else(|| self.may_move(role).err())
    }

    /// Plays the engine's move at `now`.
    pub fn engine_move(&mut self, mv: Move, now: u64) -> Result<(), SessionError> {
        self.tick(now);
        self.play(mv, now)?;
        self.log(now, Act::Engine(mv));
        Ok(())
    }

    fn play(&mut self, mv: Move, now: u64) -> Result<(), SessionError> {
        if self.game.clock().is_some() {
            self.game.play_at(mv, now)?;
        } else {
            self.game.play(mv)?;
        }
        self.sync_touch();
        Ok(())
    }

    /// Brings the clock to `now`: a flag that falls ends the game by 6.9. A shared game's
    /// clock runs once both players are seated.
    pub fn tick(&mut self, now: u64) {
        if self.shared.is_some_and(|s| !s.started) {
            return;
        }
        if !self.game.is_over() && !self.game.tick(now).is_empty() {
            self.log(now, Act::Tick);
        }
    }

    /// The events `chair` has not read yet; its cursor moves to the end. (A takeback
    /// rebuilds a shorter record: a cursor past its end reads from there on.)
    pub fn take_events(&self, chair: &mut Chair) -> Vec<GameEvent> {
        let len = self.game.events().len();
        let new = self.game.events_since(chair.seen.min(len)).to_vec();
        chair.seen = len;
        new
    }

    /// Marks every event so far as read by `chair` (a resumed game announces only what
    /// follows).
    pub fn skip_events(&self, chair: &mut Chair) {
        chair.seen = self.game.events().len();
    }

    /// Takes back the last move of the person (and the engine's reply after it), by
    /// agreement, in a game without a clock: the record is rebuilt without them.
    pub fn takeback(&mut self) -> Result<(), SessionError> {
        self.takeback_allowed()?;
        let mut keep = self.game.plies().len() - 1;
        if self.setup.seats.contains(&Seat::Engine) {
            // Back to the person's turn.
            while keep > 0 && self.setup.seats[self.game.plies()[keep].color.index()] != Seat::Human
            {
                keep -= 1;
            }
            if self.setup.seats[self.game.plies()[keep].color.index()] != Seat::Human {
                return Err(SessionError::NoTakeback);
            }
        }
        let moves: Vec<Move> = self.game.plies()[..keep].iter().map(|p| p.mv).collect();
        let mut game = Game::new(*self.game.start());
        game.set_supervision(self.setup.supervision);
        for mv in moves {
            game.play(mv)?;
        }
        self.game = game;
        self.sync_touch();
        let at = self.journal.last().map_or(0, |e| e.at);
        self.log(at, Act::Takeback);
        Ok(())
    }

    fn takeback_allowed(&self) -> Result<(), SessionError> {
        if self.shared.is_some() {
            return Err(SessionError::NotShared);
        }
        if self.game.clock().is_some() || self.game.plies().is_empty() {
            return Err(SessionError::NoTakeback);
        }
        Ok(())
    }

    /// The answer to a query about the game at `now`, in `speaker`'s words ("mine": the
    /// pieces of the person in a chair of `role`). Help and the last sentence again are
    /// the front end's.
    pub fn answer(&self, asker: Option<Role>, q: Query, speaker: &Speaker, now: u64) -> String {
        let game = &self.game;
        let pos = game.position();
        match q {
            Query::Clock => speaker.clocks(game, now),
            Query::MoveCount => speaker.move_count(game),
            Query::LastMove => speaker.last_move(game),
            Query::Turn => speaker.turn(game),
            Query::Pieces { whose, role } => {
                let mine = self.local_color_or_turn(asker);
                match whose {
                    Whose::Both => format!(
                        "{} {}",
                        speaker.pieces(pos, Color::White, role),
                        speaker.pieces(pos, Color::Black, role)
                    ),
                    Whose::Mine => speaker.pieces(pos, mine, role),
                    Whose::Theirs => speaker.pieces(pos, !mine, role),
                }
            }
            Query::Square(sq) => speaker.square_contents(pos, sq),
            Query::Line(line) => speaker.scan(pos, line),
            Query::Legal(sq) => speaker.piece_moves(pos, sq),
            Query::Material => speaker.material(pos),
            Query::Scoresheet => speaker.scoresheet(game),
            Query::Board => speaker.position_words(pos),
            Query::Help | Query::Repeat | Query::Findings | Query::Report => {
                speaker.refusal(&SessionError::NotHere)
            }
        }
    }

    /// Turns strict touch-move on or off (Art. 4), from `now` on.
    pub fn set_strict_touch(&mut self, on: bool, now: u64) {
        if self.touch.is_some() == on {
            return;
        }
        self.touch = on.then(|| TouchState::new(self.game.position()));
        self.log(now, Act::Strict(on));
    }

    /// The touch-move state on the position on the board (a new one after every move);
    /// `None` when strict touch-move is off.
    pub fn touch_state(&self) -> Option<&TouchState> {
        self.touch.as_ref()
    }

    /// A new touch state when the position on the board changed (a move, a takeback, a
    /// position restored).
    fn sync_touch(&mut self) {
        if let Some(t) = &self.touch {
            if t.position() != self.game.position() {
                self.touch = Some(TouchState::new(self.game.position()));
            }
        }
    }

    /// A hand on the board in strict touch-move (Art. 4) at `now`: touching, letting go,
    /// adjusting (4.2). The touches bind as the Laws say and are recorded in the game.
    pub fn touch(&mut self, hand: Hand, now: u64) -> Result<TouchOutcome, SessionError> {
        self.sync_touch();
        let Some(t) = self.touch.as_mut() else {
            return Err(SessionError::NotHere);
        };
        let outcome = match hand {
            Hand::Touch(sq) => t.touch(sq),
            Hand::Release(sq) => t.release(sq),
            Hand::Adjust(by, sq) => t.adjust(by, sq),
        }
        .map_err(|e| SessionError::Touch(e.to_string()))?;
        self.game.record_touch(&outcome.events)?;
        self.log(now, Act::Touch(hand));
        Ok(outcome)
    }

    /// Guidelines I.1: `envelope` (the move of the player to move, sealed and written to
    /// its file by the front end) is recorded at `now`; the clocks stop.
    pub fn seal(
        &mut self,
        envelope: &crate::laws::adjourn::Envelope,
        now: u64,
    ) -> Result<(), SessionError> {
        self.tick(now);
        self.game.record_seal(envelope, now)?;
        self.log(
            now,
            Act::Seal {
                reply: envelope.is_reply(),
            },
        );
        Ok(())
    }

    /// Mutable access for the modes' rarer actions (arbiter decisions, adjournment, touch).
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }
}

/// A new game as `setup` says, its clock (if any) not started yet.
fn fresh_game(setup: &Setup) -> Game {
    let mut game = match &setup.time_control {
        Some(tc) if tc.is_timed() => Game::with_clock(setup.start, tc.clone(), setup.clock_options),
        _ => Game::new(setup.start),
    };
    game.set_supervision(setup.supervision);
    game
}

/// An arbiter's decision typed at a live game, as the action on the game: what the words
/// leave to the replay (a ply or clocks to be worked out, a result) must be given here.
pub fn live_action(
    d: crate::table::command::DecisionWords,
) -> Result<crate::laws::irregularity::ArbiterAction, SessionError> {
    use crate::laws::irregularity::{ArbiterAction, ArbiterPenalty};
    use crate::table::command::DecisionWords as D;
    Ok(match d {
        D::Restore(Some(ply)) => ArbiterAction::PositionRestored { ply },
        D::Warn(c) => ArbiterAction::Penalty {
            to: c,
            penalty: ArbiterPenalty::Warning,
        },
        D::TimeToOpponent {
            offender,
            seconds: Some(seconds),
        } => ArbiterAction::Penalty {
            to: offender,
            penalty: ArbiterPenalty::TimeToOpponent { seconds },
        },
        D::TimeFromOffender { offender, seconds } => ArbiterAction::Penalty {
            to: offender,
            penalty: ArbiterPenalty::TimeFromOffender { seconds },
        },
        D::Lose(c) => ArbiterAction::Penalty {
            to: c,
            penalty: ArbiterPenalty::Loss,
        },
        D::Clocks(Some((white_ms, black_ms))) => ArbiterAction::ClocksSet { white_ms, black_ms },
        D::Restore(None)
        | D::TimeToOpponent { seconds: None, .. }
        | D::Clocks(None)
        | D::Result { .. } => return Err(SessionError::NotHere),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Letters;
    use crate::core::san::parse_move;
    use crate::laws::{OfferTiming, Termination};

    fn mv(s: &Session, san: &str) -> Move {
        parse_move(s.game().position(), san, Letters::English).unwrap()
    }

    #[test]
    fn art_9_1_2_1_offer_after_own_move_in_hot_seat() {
        let mut s = Session::new(Setup::default(), 0);
        let e4 = mv(&s, "e4");
        s.command(Command::Move(e4), 0).unwrap();
        s.command(Command::OfferDraw, 0).unwrap();
        let offer = s.game().pending_offer().unwrap();
        assert_eq!(offer.by, Color::White);
        assert_eq!(offer.timing, OfferTiming::AfterOwnMove);
        // 5.2.3: both must have moved before an agreement.
        assert!(s.command(Command::AcceptDraw, 0).is_err());
        s.command(Command::DeclineDraw, 0).unwrap();
        assert!(s.game().pending_offer().is_none());
    }

    #[test]
    fn art_5_1_2_resign_by_player_to_move() {
        let mut s = Session::new(Setup::default(), 0);
        s.command(Command::Resign, 0).unwrap();
        let o = s.game().outcome().unwrap();
        assert_eq!(o.termination, Termination::Resignation);
        assert_eq!(o.result.winner(), Some(Color::Black));
    }

    #[test]
    fn art_6_5_clock_starts_with_the_session() {
        let setup = Setup {
            time_control: Some("3+2".parse().unwrap()),
            ..Setup::default()
        };
        let mut s = Session::new(setup, 1000);
        assert_eq!(s.game().clock().unwrap().running(), Some(Color::White));
        let e4 = mv(&s, "e4");
        s.command(Command::Move(e4), 6000).unwrap();
        // 3 min − 5 s + 2 s.
        assert_eq!(s.game().plies()[0].clock_ms, Some(177_000));
        let mut chair = Chair::local();
        assert!(!s.take_events(&mut chair).is_empty());
        assert!(s.take_events(&mut chair).is_empty());
    }

    #[test]
    fn engine_side_refuses_person_moves_and_takeback_returns_to_person() {
        let setup = Setup {
            seats: [Seat::Human, Seat::Engine],
            ..Setup::default()
        };
        let mut s = Session::new(setup, 0);
        let e4 = mv(&s, "e4");
        s.command(Command::Move(e4), 0).unwrap();
        let e5 = mv(&s, "e5");
        assert_eq!(
            s.command(Command::Move(e5), 0),
            Err(SessionError::EngineToMove)
        );
        s.engine_move(e5, 0).unwrap();
        s.takeback().unwrap();
        assert!(s.game().plies().is_empty());
        assert!(s.human_to_move(None));
    }
}
