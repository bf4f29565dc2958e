//! The chess clock (Art. 6) as a state machine over injected time.
//!
//! The clock never reads the system time: every call that depends on time takes `now`, in
//! milliseconds since an arbitrary origin chosen by the caller. Time only goes forward: an
//! instant earlier than one already seen is taken as that one. So every scenario is exact in
//! tests and nothing sleeps.
//!
//! Every change appends [`ClockEvent`]s to a log and returns the new ones; a flag fall or a
//! low-time warning is found (and stored, with the exact instant it happened, not the instant
//! it was noticed) by the next call that brings the clock to a later time: [`Clock::update`],
//! [`Clock::flags`], or any action. Readings (`&self`) compute the same facts without
//! storing them.
//!
//! Decisions, with their articles, are in docs/clock.md.

use crate::core::Color;

use super::article::Article;
use super::time_control::{Bonus, BonusKind, TimeClass, TimeControl};

/// Less than this left in a period, with a bonus under [`RECORDING_BONUS_MS`]: no recording
/// obligation for the rest of the period (8.4).
pub const RECORDING_LIMIT_MS: u64 = 5 * 60 * 1000;
/// A bonus of at least this keeps the obligation to record (8.4).
pub const RECORDING_BONUS_MS: u64 = 30 * 1000;
/// III.4, III.5: a request or claim needs less than this on the clock.
pub const QUICKPLAY_LIMIT_MS: u64 = 2 * 60 * 1000;
/// III.4: the increment introduced for both players.
pub const QUICKPLAY_INCREMENT_SECONDS: u32 = 5;
/// III.4, III.5: the time the opponent is awarded (two minutes in rapid too: A.3 only
/// shortens the penalties of Articles 7 and 9).
pub const QUICKPLAY_AWARD_MS: u64 = 2 * 60 * 1000;
/// The default low-time warning: under one minute.
pub const DEFAULT_LOW_TIME_MS: u64 = 60 * 1000;

/// When White's clock starts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum StartMode {
    /// Art. 6.5: White's clock starts at the time set for the start of the game
    /// ([`Clock::start`]).
    #[default]
    Fide,
    /// Casual play: no clock runs until White's first move; White's first press starts
    /// Black's clock (White's first move costs no time).
    Casual,
}

/// Settings of a clock.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ClockOptions {
    pub start: StartMode,
    /// A [`ClockEvent::LowTime`] is logged, once per period and player, when the main time
    /// goes under this; `None` for never.
    pub low_time_ms: Option<u64>,
    /// Whether the event applies the Guidelines III (games without increment, III.2.1).
    pub guidelines_iii: bool,
}

impl Default for ClockOptions {
    fn default() -> Self {
        ClockOptions {
            start: StartMode::Fide,
            low_time_ms: Some(DEFAULT_LOW_TIME_MS),
            guidelines_iii: false,
        }
    }
}

/// The state of the clock as a whole.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// Set, not started.
    NotStarted,
    /// Started; one clock runs (or none yet, in casual start before White's first move).
    Running,
    /// Paused by a player or the arbiter (6.11); nothing runs.
    Paused,
    /// The game is over; the readings are frozen.
    Stopped,
}

/// A fallen flag: whose, the exact instant the time reached zero, in which period (1-based),
/// and the per-move bonus in force then (for [`both_flags_verdict`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct FlagFall {
    pub color: Color,
    pub at: u64,
    pub period: usize,
    pub bonus: Option<Bonus>,
}

/// A reading of one player's time.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Remaining {
    /// The main time, in milliseconds.
    pub main_ms: u64,
    /// US delay: what is left of this move's delay when the clock runs, the whole delay of
    /// the next move when it waits; 0 otherwise (a Bronstein delay is given back after the
    /// move and is not shown apart).
    pub delay_ms: u64,
}

/// The grounds of a III.5 claim.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum QuickplayGround {
    /// The opponent cannot win by normal means.
    CannotWinByNormalMeans,
    /// The opponent is making no effort to win by normal means.
    NoEffortToWin,
    /// Both.
    Both,
}

/// The arbiter's ruling on a III.5 claim.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum QuickplayRuling {
    /// The claim is granted: the game is drawn (the game layer ends it).
    Grant,
    /// The decision is postponed (to later in the game or after a flag fall); the opponent
    /// may be awarded two minutes.
    Postpone { opponent_award: bool },
    /// The claim is rejected: the opponent is awarded two minutes.
    Reject,
}

/// Where a III.5 claim stands.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum QuickplayStatus {
    Pending,
    Postponed,
    Granted,
    Rejected,
}

/// A III.5 claim, kept for the arbiter.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct QuickplayClaim {
    pub by: Color,
    pub at: u64,
    pub ground: QuickplayGround,
    /// The claimant's main time when claiming.
    pub remaining_ms: u64,
    /// The moves the claimant had completed.
    pub moves: u32,
    pub status: QuickplayStatus,
}

impl QuickplayClaim {
    /// Pending or postponed: the arbiter still has to decide.
    pub fn is_open(&self) -> bool {
        matches!(
            self.status,
            QuickplayStatus::Pending | QuickplayStatus::Postponed
        )
    }
}

/// A III.4 request for a five-second increment (it is also a draw offer, for the game layer).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct IncrementRequest {
    pub by: Color,
    pub at: u64,
    /// The requester's main time when asking.
    pub remaining_ms: u64,
}

/// What both flags down means (see [`both_flags_verdict`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BothFlagsVerdict {
    /// III.3.1: no bonus, not the last period: the game continues.
    Continue,
    /// III.3.1: no bonus, the last period: the game is drawn.
    Draw,
    /// With an increment or delay, the order of the falls decides: this player's flag fell
    /// first (6.9 then applies to them: a loss unless the opponent cannot mate).
    FirstFell(Color),
    /// With a bonus and both falls at the same instant (only possible after adjustments):
    /// the arbiter decides.
    ArbiterDecides,
}

impl BothFlagsVerdict {
    pub fn article(self) -> Article {
        match self {
            BothFlagsVerdict::Continue | BothFlagsVerdict::Draw => Article("III.3.1"),
            BothFlagsVerdict::FirstFell(_) => Article::FLAG,
            BothFlagsVerdict::ArbiterDecides => Article("6.10"),
        }
    }
}

/// What both flags down means, given the control and the two falls.
///
/// Without a per-move bonus when the flags fell (III.3.1): the game continues, unless the
/// later fall happened in the last period (the one for all the remaining moves): then it is
/// drawn. With an increment or a delay (the Laws are silent; the flag indicator decides,
/// as the Arbiters' Manual says): the first fall decides.
pub fn both_flags_verdict(tc: &TimeControl, white: FlagFall, black: FlagFall) -> BothFlagsVerdict {
    if white.bonus.is_some() || black.bonus.is_some() {
        return match white.at.cmp(&black.at) {
            std::cmp::Ordering::Less => BothFlagsVerdict::FirstFell(Color::White),
            std::cmp::Ordering::Greater => BothFlagsVerdict::FirstFell(Color::Black),
            std::cmp::Ordering::Equal => BothFlagsVerdict::ArbiterDecides,
        };
    }
    let later = if white.at >= black.at { white } else { black };
    let last = tc
        .period(later.period.saturating_sub(1))
        .is_none_or(|p| p.moves.is_none());
    if last {
        BothFlagsVerdict::Draw
    } else {
        BothFlagsVerdict::Continue
    }
}

/// Everything the clock does, in order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ClockEvent {
    /// The clock was started (6.5); `running` is White, or nobody in a casual start.
    Started {
        at: u64,
        running: Option<Color>,
    },
    /// `color` completed a move by pressing (6.2.1): `used_ms` on it, `remaining_ms` after it
    /// (bonus and a new period's time included; 0 for an untimed control), `moves` completed
    /// so far.
    Pressed {
        color: Color,
        at: u64,
        used_ms: u64,
        remaining_ms: u64,
        moves: u32,
    },
    /// `color` completed the moves of a period: `added_ms` of the new one, `period` 1-based
    /// (6.3: the saved time carries over).
    PeriodChanged {
        color: Color,
        period: usize,
        added_ms: u64,
    },
    /// The time of `color` reached zero at `at` (6.8 when seen; 6.9).
    FlagFell {
        color: Color,
        at: u64,
    },
    /// The main time of `color` went under the low-time threshold at `at`.
    LowTime {
        color: Color,
        at: u64,
        remaining_ms: u64,
    },
    /// Paused (6.11); `running` is the clock that was running.
    Paused {
        at: u64,
        running: Option<Color>,
    },
    Resumed {
        at: u64,
        running: Option<Color>,
    },
    /// The game is over; the clock is stopped.
    Stopped {
        at: u64,
    },
    /// The arbiter set or changed the time or the move counter (6.10, 7.1), or a penalty
    /// or award was given (7.5.5, 9.5.3, III.4, III.5).
    Adjusted {
        color: Color,
        at: u64,
        remaining_ms: u64,
        moves: u32,
    },
    /// A new per-move bonus for both players from now on (III.4).
    BonusChanged {
        at: u64,
        bonus: Bonus,
    },
    /// III.4: a request for a five-second increment (a draw offer too).
    IncrementRequested {
        by: Color,
        at: u64,
    },
    /// III.4: the arbiter's decision after the offer was refused.
    IncrementDecided {
        by: Color,
        at: u64,
        granted: bool,
    },
    /// III.5: a claim for the arbiter.
    QuickplayClaimed {
        by: Color,
        at: u64,
        ground: QuickplayGround,
    },
    /// III.5: the arbiter's ruling.
    QuickplayRuled {
        by: Color,
        at: u64,
        ruling: QuickplayRuling,
    },
}

impl ClockEvent {
    /// The article behind the event.
    pub fn article(&self) -> Option<Article> {
        Some(match self {
            ClockEvent::Started { .. } => Article("6.5"),
            ClockEvent::Pressed { .. } => Article("6.2.1"),
            ClockEvent::PeriodChanged { .. } => Article("6.3"),
            ClockEvent::FlagFell { .. } => Article::FLAG,
            ClockEvent::LowTime { .. } | ClockEvent::Stopped { .. } => return None,
            ClockEvent::Paused { .. } | ClockEvent::Resumed { .. } => Article("6.11"),
            ClockEvent::Adjusted { .. } => Article("6.10"),
            ClockEvent::BonusChanged { .. }
            | ClockEvent::IncrementRequested { .. }
            | ClockEvent::IncrementDecided { .. } => Article("III.4"),
            ClockEvent::QuickplayClaimed { .. } | ClockEvent::QuickplayRuled { .. } => {
                Article("III.5")
            }
        })
    }
}

/// Why an action on the clock was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ClockError {
    #[error("the clock has not been started")]
    NotStarted,
    #[error("the clock has already been started")]
    AlreadyStarted,
    #[error("the clock is paused: resume it first (Art. 6.11)")]
    Paused,
    #[error("the clock is not paused")]
    NotPaused,
    #[error("the clock is stopped: the game is over")]
    Stopped,
    #[error("{0}'s clock is not running: only the player whose clock runs can press it")]
    NotRunning(Color),
    #[error("the event does not apply the Guidelines III (III.2.1)")]
    GuidelinesOff,
    #[error(
        "the Guidelines III apply only to standard and rapid games without increment, in the \
         period for all the remaining moves (III.2)"
    )]
    GuidelinesNotApplicable,
    #[error("{0} does not have the move (III.4, III.5)")]
    NotOnMove(Color),
    #[error(
        "{color} has {remaining_ms} ms left: a request or a claim needs less than two minutes \
         (III.4, III.5)"
    )]
    TooMuchTime { color: Color, remaining_ms: u64 },
    #[error("{0}'s flag has already fallen (III.5)")]
    FlagDown(Color),
    #[error("the five-second increment is already in force (III.4)")]
    IncrementInForce,
    #[error("there is no request for an increment to decide (III.4)")]
    NoIncrementRequest,
    #[error("a claim is already waiting for the arbiter (III.5)")]
    ClaimOpen,
    #[error("there is no claim waiting for the arbiter (III.5)")]
    NoOpenClaim,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Side {
    /// Main time: for the waiting player, what the clock shows; for the running one, what it
    /// showed at the last checkpoint (start of the turn, or the last adjustment).
    main_ms: u64,
    /// Moves completed in this game (the move counter).
    moves: u32,
    /// Time used in completed turns.
    used_ms: u64,
    /// The fall of the current period, if any.
    flag: Option<FlagFall>,
    /// The period (0-based) in which the low-time warning was given.
    warned: Option<usize>,
    /// The period (0-based) from which recording is no longer required (8.4).
    exempt: Option<usize>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Turn {
    color: Color,
    /// Time elapsed in this turn before `since`.
    elapsed_ms: u64,
    /// While running: the instant from which time counts again.
    since: Option<u64>,
    /// This turn's US delay.
    delay_ms: u64,
    /// Main-time consumption already folded into `main_ms` by adjustments.
    folded_ms: u64,
}

impl Turn {
    fn elapsed(&self, now: u64) -> u64 {
        self.elapsed_ms
            .saturating_add(self.since.map_or(0, |s| now.saturating_sub(s)))
    }

    /// Main time consumed in the turn after `elapsed`: all of it, or past the US delay.
    fn consumption(&self, elapsed: u64) -> u64 {
        elapsed.saturating_sub(self.delay_ms)
    }

    /// Consumption not yet folded into the main time.
    fn unfolded(&self, elapsed: u64) -> u64 {
        self.consumption(elapsed).saturating_sub(self.folded_ms)
    }

    /// The elapsed time at which the unfolded consumption reaches `x` (the US delay first).
    fn elapsed_for(&self, x: u64) -> u64 {
        x.saturating_add(self.folded_ms)
            .saturating_add(self.delay_ms)
    }

    /// The instant the turn reaches `elapsed` (the resume instant if it already had).
    fn instant_of(&self, elapsed: u64, since: u64) -> u64 {
        since.saturating_add(elapsed.saturating_sub(self.elapsed_ms))
    }
}

/// A chess clock for one game.
#[derive(Clone, Debug)]
pub struct Clock {
    tc: TimeControl,
    options: ClockOptions,
    phase: Phase,
    sides: [Side; 2],
    turn: Option<Turn>,
    /// The latest instant seen.
    now: u64,
    /// III.4: the bonus that replaces the control's for both players.
    bonus_override: Option<Bonus>,
    increment_request: Option<IncrementRequest>,
    claims: Vec<QuickplayClaim>,
    falls: Vec<FlagFall>,
    events: Vec<ClockEvent>,
}

impl Clock {
    /// A clock set for `tc`, with the default options (FIDE start, low time under a minute,
    /// no Guidelines III). An untimed control (`none`, `?`) counts time used and moves and
    /// never flags.
    pub fn new(tc: TimeControl) -> Clock {
        Clock::with_options(tc, ClockOptions::default())
    }

    pub fn with_options(tc: TimeControl, options: ClockOptions) -> Clock {
        let start = tc.start_ms();
        let side = Side {
            main_ms: start,
            moves: 0,
            used_ms: 0,
            flag: None,
            warned: None,
            exempt: None,
        };
        Clock {
            tc,
            options,
            phase: Phase::NotStarted,
            sides: [side; 2],
            turn: None,
            now: 0,
            bonus_override: None,
            increment_request: None,
            claims: Vec::new(),
            falls: Vec::new(),
            events: Vec::new(),
        }
    }

    // ---------------------------------------------------------------- readings

    pub fn time_control(&self) -> &TimeControl {
        &self.tc
    }

    pub fn options(&self) -> ClockOptions {
        self.options
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The clock that runs now (none before the start, while paused or stopped, and in a
    /// casual start before White's first move).
    pub fn running(&self) -> Option<Color> {
        match self.phase {
            Phase::Running => self.turn.map(|t| t.color),
            _ => None,
        }
    }

    /// The player whose turn it is on the clock, running or paused.
    pub fn on_move(&self) -> Option<Color> {
        match self.phase {
            Phase::Running | Phase::Paused => self.turn.map(|t| t.color),
            _ => None,
        }
    }

    /// Moves completed by `color` (the move counter).
    pub fn moves(&self, color: Color) -> u32 {
        self.side(color).moves
    }

    /// The current period of `color`, 1-based.
    pub fn period(&self, color: Color) -> usize {
        self.period_index(color).saturating_add(1)
    }

    /// Moves `color` still has to make before the next control; `None` in the last period.
    pub fn moves_to_control(&self, color: Color) -> Option<u32> {
        if !self.tc.is_timed() {
            return None;
        }
        self.tc.period_at(self.side(color).moves).moves_to_control
    }

    /// The per-move bonus of `color`'s next move (the III.4 increment once in force).
    pub fn bonus(&self, color: Color) -> Option<Bonus> {
        self.bonus_override.or_else(|| {
            self.tc
                .period(self.period_index(color))
                .and_then(|p| p.bonus)
        })
    }

    /// The remaining time of `color` at `now`; `None` for an untimed control.
    pub fn remaining(&self, color: Color, now: u64) -> Option<Remaining> {
        if !self.tc.is_timed() {
            return None;
        }
        let now = now.max(self.now);
        let main_ms = self.main_at(color, now);
        let delay_ms = match self.turn {
            Some(t) if t.color == color && self.phase != Phase::NotStarted => {
                t.delay_ms.saturating_sub(t.elapsed(now))
            }
            _ => self.us_delay(color),
        };
        Some(Remaining { main_ms, delay_ms })
    }

    /// Time used by `color` in the game so far.
    pub fn used(&self, color: Color, now: u64) -> u64 {
        let now = now.max(self.now);
        let current = match self.turn {
            Some(t) if t.color == color => t.elapsed(now),
            _ => 0,
        };
        self.side(color).used_ms.saturating_add(current)
    }

    /// The clock face of `color`: `h:mm:ss`, with tenths under 10 s (under 20 s when the
    /// control has a delay), e.g. `1:29:59`, `0:00:09.4`. An untimed clock shows the time used.
    pub fn display(&self, color: Color, now: u64) -> String {
        match self.remaining(color, now) {
            Some(r) => {
                let limit = if self.tc.has_delay() { 20_000 } else { 10_000 };
                format_clock(r.main_ms, r.main_ms < limit)
            }
            None => format_clock(self.used(color, now), false),
        }
    }

    /// The flag of `color` in the current period, if it has fallen by `now` (computed, even
    /// if not yet stored).
    pub fn flag(&self, color: Color, now: u64) -> Option<FlagFall> {
        self.side(color).flag.or_else(|| {
            self.pending_fall(now.max(self.now))
                .filter(|f| f.color == color)
        })
    }

    /// Brings the clock to `now` (storing falls and warnings) and gives both flags, White's
    /// first.
    pub fn flags(&mut self, now: u64) -> [Option<FlagFall>; 2] {
        self.advance(now);
        [self.sides[0].flag, self.sides[1].flag]
    }

    /// Every flag fall stored so far, in order (a fall stays here when a later period or the
    /// arbiter clears the flag).
    pub fn falls(&self) -> &[FlagFall] {
        &self.falls
    }

    /// When both flags are down (stored), what that means ([`both_flags_verdict`]).
    pub fn both_flags(&self) -> Option<BothFlagsVerdict> {
        match (self.sides[0].flag, self.sides[1].flag) {
            (Some(w), Some(b)) => Some(both_flags_verdict(&self.tc, w, b)),
            _ => None,
        }
    }

    /// Art. 8.4: whether `color` must still record the moves. Not with less than five
    /// minutes in the period and a per-move bonus under 30 seconds, for the rest of that
    /// period (a delay counts like an increment). Always with an untimed control.
    pub fn recording_required(&self, color: Color, now: u64) -> bool {
        if !self.tc.is_timed() {
            return true;
        }
        let period = self.period_index(color);
        if self.side(color).exempt == Some(period) {
            return false;
        }
        !self.exempt_now(color, now.max(self.now))
    }

    /// The III.4 request waiting for the arbiter, if any.
    pub fn increment_request(&self) -> Option<IncrementRequest> {
        self.increment_request
    }

    /// Every III.5 claim, in order.
    pub fn quickplay_claims(&self) -> &[QuickplayClaim] {
        &self.claims
    }

    /// The III.5 claim waiting for the arbiter, if any.
    pub fn open_claim(&self) -> Option<QuickplayClaim> {
        self.claims.last().copied().filter(QuickplayClaim::is_open)
    }

    /// Every event so far.
    pub fn events(&self) -> &[ClockEvent] {
        &self.events
    }

    /// The events after the first `n` (how a reader catches up).
    pub fn events_since(&self, n: usize) -> &[ClockEvent] {
        self.events.get(n..).unwrap_or(&[])
    }

    /// The class of the control (for penalties, A.3, B.3).
    pub fn class(&self) -> Option<TimeClass> {
        self.tc.class()
    }

    // ---------------------------------------------------------------- actions

    /// Brings the clock to `now`: stores flag falls and low-time warnings up to then.
    pub fn update(&mut self, now: u64) -> Vec<ClockEvent> {
        let n = self.events.len();
        self.advance(now);
        self.events[n..].to_vec()
    }

    /// Starts the clock (6.5): White's clock runs from `now`, or, in a casual start, nothing
    /// runs until White's first press.
    pub fn start(&mut self, now: u64) -> Result<Vec<ClockEvent>, ClockError> {
        self.start_for(Color::White, now)
    }

    /// [`Clock::start`] for a game whose first move is `first`'s (a set-up position with
    /// Black to move): that player's clock starts (6.5 read for the side that moves first).
    pub fn start_for(&mut self, first: Color, now: u64) -> Result<Vec<ClockEvent>, ClockError> {
        if self.phase != Phase::NotStarted {
            return Err(ClockError::AlreadyStarted);
        }
        let n = self.events.len();
        self.now = self.now.max(now);
        let now = self.now;
        self.phase = Phase::Running;
        let running = match self.options.start {
            StartMode::Fide => {
                self.begin_turn(first, now);
                Some(first)
            }
            StartMode::Casual => None,
        };
        self.events.push(ClockEvent::Started { at: now, running });
        self.advance(now);
        Ok(self.events[n..].to_vec())
    }

    /// Sets a clock that has not been started to the readings of an adjourned game and
    /// starts it with `running`'s clock (Guidelines I.5, I.9): each player's main time,
    /// completed moves and time used, White first. The period follows the move count (6.3);
    /// the bonus of `running`'s next move applies as on any turn.
    pub fn start_restored(
        &mut self,
        main_ms: [u64; 2],
        moves: [u32; 2],
        used_ms: [u64; 2],
        running: Color,
        now: u64,
    ) -> Result<Vec<ClockEvent>, ClockError> {
        if self.phase != Phase::NotStarted {
            return Err(ClockError::AlreadyStarted);
        }
        let n = self.events.len();
        self.now = self.now.max(now);
        let now = self.now;
        let timed = self.tc.is_timed();
        for color in Color::ALL {
            let i = color.index();
            let side = self.side_mut(color);
            side.main_ms = if timed { main_ms[i] } else { 0 };
            side.moves = moves[i];
            side.used_ms = used_ms[i];
            self.events.push(ClockEvent::Adjusted {
                color,
                at: now,
                remaining_ms: if timed { main_ms[i] } else { 0 },
                moves: moves[i],
            });
        }
        self.phase = Phase::Running;
        self.begin_turn(running, now);
        self.events.push(ClockEvent::Started {
            at: now,
            running: Some(running),
        });
        self.advance(now);
        Ok(self.events[n..].to_vec())
    }

    /// `color` completes a move by pressing (6.2.1): the time used is taken, the bonus given
    /// (increment, or the Bronstein give-back; a US delay was never taken), the move counted,
    /// a new period's time added when its moves are completed (6.3), and the opponent's clock
    /// started. After a flag fall in this period the time stays at zero and no bonus is given.
    pub fn press(&mut self, color: Color, now: u64) -> Result<Vec<ClockEvent>, ClockError> {
        let n = self.events.len();
        self.advance(now);
        let now = self.now;
        match self.phase {
            Phase::NotStarted => return Err(ClockError::NotStarted),
            Phase::Paused => return Err(ClockError::Paused),
            Phase::Stopped => return Err(ClockError::Stopped),
            Phase::Running => {}
        }
        let (elapsed, unfolded) = match self.turn {
            Some(t) if t.color == color => {
                let e = t.elapsed(now);
                (e, t.unfolded(e))
            }
            None if color == Color::White && self.side(color).moves == 0 => (0, 0),
            _ => return Err(ClockError::NotRunning(color)),
        };
        let timed = self.tc.is_timed();
        let period = self.period_index(color);
        let bonus = self.bonus(color);
        let flagged = self.side(color).flag.is_some();
        let before = self.side(color).main_ms;
        let mut main = before.saturating_sub(unfolded);
        if timed && matches!(self.tc, TimeControl::Sandclock { .. }) {
            let gain = unfolded.min(before);
            let other = &mut self.sides[(!color).index()];
            other.main_ms = other.main_ms.saturating_add(gain);
        }
        if timed && main < RECORDING_LIMIT_MS && bonus.map_or(0, Bonus::ms) < RECORDING_BONUS_MS {
            self.side_mut(color).exempt = Some(period);
        }
        if timed && !flagged {
            match bonus {
                Some(b) if b.kind == BonusKind::Increment => main = main.saturating_add(b.ms()),
                Some(b) if b.kind == BonusKind::Bronstein => {
                    main = main.saturating_add(elapsed.min(b.ms()));
                }
                _ => {}
            }
        }
        let side = self.side_mut(color);
        side.moves = side.moves.saturating_add(1);
        side.used_ms = side.used_ms.saturating_add(elapsed);
        let moves = side.moves;
        let next = self.period_index(color);
        let mut added = None;
        if timed && next != period {
            let add = self.tc.period(next).map_or(0, |p| p.ms());
            main = main.saturating_add(add);
            let side = self.side_mut(color);
            side.flag = None;
            added = Some(add);
        }
        self.side_mut(color).main_ms = main;
        self.events.push(ClockEvent::Pressed {
            color,
            at: now,
            used_ms: elapsed,
            remaining_ms: if timed { main } else { 0 },
            moves,
        });
        if let Some(added_ms) = added {
            self.events.push(ClockEvent::PeriodChanged {
                color,
                period: next.saturating_add(1),
                added_ms,
            });
        }
        self.begin_turn(!color, now);
        self.advance(now);
        Ok(self.events[n..].to_vec())
    }

    /// Pauses the clock (6.11: to call the arbiter, for a claim).
    pub fn pause(&mut self, now: u64) -> Result<Vec<ClockEvent>, ClockError> {
        let n = self.events.len();
        self.advance(now);
        match self.phase {
            Phase::NotStarted => return Err(ClockError::NotStarted),
            Phase::Paused => return Err(ClockError::Paused),
            Phase::Stopped => return Err(ClockError::Stopped),
            Phase::Running => {}
        }
        let now = self.now;
        let running = self.freeze(now);
        self.phase = Phase::Paused;
        self.events.push(ClockEvent::Paused { at: now, running });
        Ok(self.events[n..].to_vec())
    }

    /// Restarts the clock that was running before the pause.
    pub fn resume(&mut self, now: u64) -> Result<Vec<ClockEvent>, ClockError> {
        let n = self.events.len();
        self.advance(now);
        match self.phase {
            Phase::Paused => {}
            Phase::Stopped => return Err(ClockError::Stopped),
            _ => return Err(ClockError::NotPaused),
        }
        let now = self.now;
        self.phase = Phase::Running;
        if let Some(t) = self.turn.as_mut() {
            t.since = Some(now);
        }
        let running = self.turn.map(|t| t.color);
        self.events.push(ClockEvent::Resumed { at: now, running });
        self.advance(now);
        Ok(self.events[n..].to_vec())
    }

    /// 7.1: the arbiter reinstates a position with `color` to move. The time used so far on
    /// the turn that was running is taken (no bonus, no move counted) and `color`'s clock
    /// runs from `now` (or is the one on move, if the clocks are stopped). Nothing happens
    /// before the start, after the end, or when `color` is already on move.
    pub fn give_turn(&mut self, color: Color, now: u64) -> Result<Vec<ClockEvent>, ClockError> {
        let n = self.events.len();
        self.advance(now);
        let now = self.now;
        if !matches!(self.phase, Phase::Running | Phase::Paused) {
            return Ok(Vec::new());
        }
        let Some(was) = self.turn.map(|t| t.color) else {
            return Ok(Vec::new());
        };
        if was == color {
            return Ok(Vec::new());
        }
        self.fold(now);
        let paused = self.phase == Phase::Paused;
        self.begin_turn(color, now);
        if paused {
            if let Some(t) = self.turn.as_mut() {
                t.since = None;
            }
        }
        self.events.push(ClockEvent::Adjusted {
            color: was,
            at: now,
            remaining_ms: self.main_at(was, now),
            moves: self.side(was).moves,
        });
        self.advance(now);
        Ok(self.events[n..].to_vec())
    }

    /// Stops the clock for good (the game is over); the readings stay as they are at `now`.
    pub fn stop(&mut self, now: u64) -> Result<Vec<ClockEvent>, ClockError> {
        let n = self.events.len();
        self.advance(now);
        if self.phase == Phase::Stopped {
            return Err(ClockError::Stopped);
        }
        let now = self.now;
        self.freeze(now);
        self.phase = Phase::Stopped;
        self.events.push(ClockEvent::Stopped { at: now });
        Ok(self.events[n..].to_vec())
    }

    /// The arbiter sets the main time of `color` to `ms` as of `now` (6.10.2, 7.1); a fallen
    /// flag of the current period is cleared (the clock was wrong).
    pub fn set_time(
        &mut self,
        color: Color,
        ms: u64,
        now: u64,
    ) -> Result<Vec<ClockEvent>, ClockError> {
        self.adjust(color, now, |_| ms, true)
    }

    /// Adds `ms` to the main time of `color` (a penalty or an award: 7.5.5, 9.5.3, III.4,
    /// III.5, 12.9). A flag already fallen stays fallen.
    pub fn add_time(
        &mut self,
        color: Color,
        ms: u64,
        now: u64,
    ) -> Result<Vec<ClockEvent>, ClockError> {
        self.adjust(color, now, |main| main.saturating_add(ms), false)
    }

    /// Takes `ms` from the main time of `color`, down to zero (12.9; the Manual's removal of
    /// the increment gained by an illegal move in rapid and blitz).
    pub fn remove_time(
        &mut self,
        color: Color,
        ms: u64,
        now: u64,
    ) -> Result<Vec<ClockEvent>, ClockError> {
        self.adjust(color, now, |main| main.saturating_sub(ms), false)
    }

    /// The arbiter corrects the move counter of `color` (6.10.2, 7.1); the period follows the
    /// count, the times are not changed (set them with [`Clock::set_time`]).
    pub fn set_moves(
        &mut self,
        color: Color,
        moves: u32,
        now: u64,
    ) -> Result<Vec<ClockEvent>, ClockError> {
        let n = self.events.len();
        self.advance(now);
        let now = self.now;
        let before = self.period_index(color);
        self.side_mut(color).moves = moves;
        if self.period_index(color) != before {
            let side = self.side_mut(color);
            side.flag = None;
            side.warned = None;
            side.exempt = None;
        }
        let remaining_ms = self.main_at(color, now);
        self.events.push(ClockEvent::Adjusted {
            color,
            at: now,
            remaining_ms,
            moves,
        });
        self.advance(now);
        Ok(self.events[n..].to_vec())
    }

    /// III.4: `by`, having the move with less than two minutes, asks for a five-second
    /// increment for both players. The request is also a draw offer (for the game layer);
    /// if it is refused, the arbiter decides with [`Clock::decide_increment`].
    pub fn request_increment(
        &mut self,
        by: Color,
        now: u64,
    ) -> Result<Vec<ClockEvent>, ClockError> {
        let n = self.events.len();
        self.advance(now);
        let now = self.now;
        let remaining_ms = self.quickplay_check(by, now)?;
        self.increment_request = Some(IncrementRequest {
            by,
            at: now,
            remaining_ms,
        });
        self.events
            .push(ClockEvent::IncrementRequested { by, at: now });
        Ok(self.events[n..].to_vec())
    }

    /// III.4: the offer was refused and the arbiter decides: when `granted`, both players
    /// get a five-second increment from now on and the opponent of the requester two minutes.
    pub fn decide_increment(
        &mut self,
        granted: bool,
        now: u64,
    ) -> Result<Vec<ClockEvent>, ClockError> {
        let n = self.events.len();
        let request = self
            .increment_request
            .take()
            .ok_or(ClockError::NoIncrementRequest)?;
        self.advance(now);
        let now = self.now;
        self.events.push(ClockEvent::IncrementDecided {
            by: request.by,
            at: now,
            granted,
        });
        if granted {
            let bonus = Bonus::increment(QUICKPLAY_INCREMENT_SECONDS);
            self.bonus_override = Some(bonus);
            self.events
                .push(ClockEvent::BonusChanged { at: now, bonus });
            self.add_time(!request.by, QUICKPLAY_AWARD_MS, now)?;
        }
        Ok(self.events[n..].to_vec())
    }

    /// III.5: `by`, having the move with less than two minutes and before the flag falls,
    /// claims a draw because the opponent cannot win by normal means and/or makes no effort
    /// to. The claim waits for the arbiter ([`Clock::rule_claim`]). Pausing the clock to call
    /// the arbiter is the caller's move (6.11).
    pub fn claim_quickplay(
        &mut self,
        by: Color,
        ground: QuickplayGround,
        now: u64,
    ) -> Result<Vec<ClockEvent>, ClockError> {
        let n = self.events.len();
        self.advance(now);
        let now = self.now;
        if self.open_claim().is_some() {
            return Err(ClockError::ClaimOpen);
        }
        let remaining_ms = self.quickplay_check(by, now)?;
        self.claims.push(QuickplayClaim {
            by,
            at: now,
            ground,
            remaining_ms,
            moves: self.side(by).moves,
            status: QuickplayStatus::Pending,
        });
        self.events.push(ClockEvent::QuickplayClaimed {
            by,
            at: now,
            ground,
        });
        Ok(self.events[n..].to_vec())
    }

    /// III.5: the arbiter rules on the open claim: grant (a draw, for the game layer), postpone
    /// (possibly awarding the opponent two minutes; ruled again later, also after a flag
    /// fall), or reject (the opponent gets two minutes).
    pub fn rule_claim(
        &mut self,
        ruling: QuickplayRuling,
        now: u64,
    ) -> Result<Vec<ClockEvent>, ClockError> {
        let n = self.events.len();
        let Some(claim) = self.open_claim() else {
            return Err(ClockError::NoOpenClaim);
        };
        self.advance(now);
        let now = self.now;
        let (status, award) = match ruling {
            QuickplayRuling::Grant => (QuickplayStatus::Granted, false),
            QuickplayRuling::Postpone { opponent_award } => {
                (QuickplayStatus::Postponed, opponent_award)
            }
            QuickplayRuling::Reject => (QuickplayStatus::Rejected, true),
        };
        if let Some(last) = self.claims.last_mut() {
            last.status = status;
        }
        self.events.push(ClockEvent::QuickplayRuled {
            by: claim.by,
            at: now,
            ruling,
        });
        if award {
            self.add_time(!claim.by, QUICKPLAY_AWARD_MS, now)?;
        }
        Ok(self.events[n..].to_vec())
    }

    // ---------------------------------------------------------------- internals

    fn side(&self, color: Color) -> &Side {
        &self.sides[color.index()]
    }

    fn side_mut(&mut self, color: Color) -> &mut Side {
        &mut self.sides[color.index()]
    }

    fn period_index(&self, color: Color) -> usize {
        if self.tc.is_timed() {
            self.tc.period_at(self.side(color).moves).index
        } else {
            0
        }
    }

    /// The US delay of `color`'s next move (0 without one).
    fn us_delay(&self, color: Color) -> u64 {
        match self.bonus(color) {
            Some(b) if b.kind == BonusKind::Delay => b.ms(),
            _ => 0,
        }
    }

    /// The main time of `color` at `now` (no flag or event bookkeeping).
    fn main_at(&self, color: Color, now: u64) -> u64 {
        let side = self.side(color);
        match self.turn {
            Some(t) if t.color == color => side.main_ms.saturating_sub(t.unfolded(t.elapsed(now))),
            Some(t) if matches!(self.tc, TimeControl::Sandclock { .. }) => {
                let other = self.side(t.color);
                let gain = t.unfolded(t.elapsed(now)).min(other.main_ms);
                side.main_ms.saturating_add(gain)
            }
            _ => side.main_ms,
        }
    }

    /// Whether, at `now`, `color` has less than five minutes and a bonus under 30 s (8.4).
    fn exempt_now(&self, color: Color, now: u64) -> bool {
        self.main_at(color, now) < RECORDING_LIMIT_MS
            && self.bonus(color).map_or(0, Bonus::ms) < RECORDING_BONUS_MS
    }

    fn begin_turn(&mut self, color: Color, now: u64) {
        self.turn = Some(Turn {
            color,
            elapsed_ms: 0,
            since: Some(now),
            delay_ms: if self.tc.is_timed() {
                self.us_delay(color)
            } else {
                0
            },
            folded_ms: 0,
        });
    }

    /// Stops time counting for the running turn (pause, stop); returns its colour.
    fn freeze(&mut self, now: u64) -> Option<Color> {
        let t = self.turn.as_mut()?;
        t.elapsed_ms = t.elapsed(now);
        t.since = None;
        Some(t.color)
    }

    /// Folds the running turn's consumption into the main times, so that an adjustment
    /// starts from what the clocks show at `now`.
    fn fold(&mut self, now: u64) {
        let Some(t) = self.turn else { return };
        let e = t.elapsed(now);
        let unfolded = t.unfolded(e);
        let before = self.side(t.color).main_ms;
        if matches!(self.tc, TimeControl::Sandclock { .. }) {
            let gain = unfolded.min(before);
            let other = self.side_mut(!t.color);
            other.main_ms = other.main_ms.saturating_add(gain);
        }
        self.side_mut(t.color).main_ms = before.saturating_sub(unfolded);
        if let Some(turn) = self.turn.as_mut() {
            turn.folded_ms = turn.consumption(e);
        }
    }

    fn adjust(
        &mut self,
        color: Color,
        now: u64,
        change: impl FnOnce(u64) -> u64,
        clears_flag: bool,
    ) -> Result<Vec<ClockEvent>, ClockError> {
        let n = self.events.len();
        self.advance(now);
        let now = self.now;
        self.fold(now);
        let main = change(self.side(color).main_ms);
        let low = self.options.low_time_ms;
        let side = self.side_mut(color);
        side.main_ms = main;
        if clears_flag {
            side.flag = None;
        }
        if low.is_some_and(|l| main >= l) {
            side.warned = None;
        }
        let moves = side.moves;
        self.events.push(ClockEvent::Adjusted {
            color,
            at: now,
            remaining_ms: main,
            moves,
        });
        self.advance(now);
        Ok(self.events[n..].to_vec())
    }

    /// The conditions shared by III.4 and III.5; returns the player's main time.
    fn quickplay_check(&self, by: Color, now: u64) -> Result<u64, ClockError> {
        if !self.options.guidelines_iii {
            return Err(ClockError::GuidelinesOff);
        }
        if !self.tc.guidelines_iii_eligible() || self.moves_to_control(by).is_some() {
            return Err(ClockError::GuidelinesNotApplicable);
        }
        if self.bonus_override.is_some() {
            return Err(ClockError::IncrementInForce);
        }
        match self.phase {
            Phase::NotStarted => return Err(ClockError::NotStarted),
            Phase::Stopped => return Err(ClockError::Stopped),
            Phase::Running | Phase::Paused => {}
        }
        if self.on_move() != Some(by) {
            return Err(ClockError::NotOnMove(by));
        }
        if self.flag(by, now).is_some() {
            return Err(ClockError::FlagDown(by));
        }
        let remaining_ms = self.main_at(by, now);
        if remaining_ms >= QUICKPLAY_LIMIT_MS {
            return Err(ClockError::TooMuchTime {
                color: by,
                remaining_ms,
            });
        }
        Ok(remaining_ms)
    }

    /// The fall of the running clock by `now`, if its time has reached zero and no fall is
    /// stored for it in this period.
    fn pending_fall(&self, now: u64) -> Option<FlagFall> {
        if self.phase != Phase::Running || !self.tc.is_timed() {
            return None;
        }
        let t = self.turn?;
        let since = t.since?;
        let side = self.side(t.color);
        if side.flag.is_some() {
            return None;
        }
        let at = t.instant_of(t.elapsed_for(side.main_ms), since);
        (at <= now).then(|| FlagFall {
            color: t.color,
            at,
            period: self.period(t.color),
            bonus: self.bonus(t.color),
        })
    }

    /// Brings the clock to `now`: the low-time warning and the flag fall of the running
    /// clock, each at its exact instant; the 8.4 exemption.
    fn advance(&mut self, now: u64) {
        self.now = self.now.max(now);
        let now = self.now;
        if self.phase != Phase::Running || !self.tc.is_timed() {
            return;
        }
        let Some(t) = self.turn else { return };
        let Some(since) = t.since else { return };
        let color = t.color;
        let period = self.period_index(color);
        let side = *self.side(color);
        let low = self.options.low_time_ms.filter(|&l| l > 0);
        if let Some(low) = low.filter(|_| side.warned != Some(period)) {
            // The main time is under `low` once the unfolded consumption exceeds main − low;
            // already under it (a turn or an adjustment that starts low): now.
            let at = if side.main_ms >= low {
                t.instant_of(t.elapsed_for(side.main_ms - low + 1), since)
            } else {
                now
            };
            if at <= now {
                let remaining_ms = self.main_at(color, at);
                self.side_mut(color).warned = Some(period);
                self.events.push(ClockEvent::LowTime {
                    color,
                    at,
                    remaining_ms,
                });
            }
        }
        if let Some(fall) = self.pending_fall(now) {
            self.side_mut(color).flag = Some(fall);
            self.falls.push(fall);
            self.events
                .push(ClockEvent::FlagFell { color, at: fall.at });
        }
        if self.exempt_now(color, now) {
            self.side_mut(color).exempt = Some(period);
        }
    }
}

/// A clock face: `h:mm:ss`, with `.t` (tenths, truncated) when `tenths`.
pub fn format_clock(ms: u64, tenths: bool) -> String {
    let s = ms / 1000;
    let (h, m, s) = (s / 3600, (s / 60) % 60, s % 60);
    if tenths {
        format!("{h}:{m:02}:{s:02}.{}", (ms % 1000) / 100)
    } else {
        format!("{h}:{m:02}:{s:02}")
    }
}
