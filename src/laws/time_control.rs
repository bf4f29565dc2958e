//! Time controls (Art. 6.3; App. A.1, B.1 and the Glossary for the classes).
//!
//! A [`TimeControl`] is one or more periods, each with a number of moves (or the rest of the
//! game), a base time and a per-move bonus: a Fischer increment, a US (simple) delay or a
//! Bronstein delay. Two syntaxes, both read and written:
//!
//! - the **human** one ([`FromStr`] and [`Display`](fmt::Display)), minutes and seconds:
//!   `15+10`, `90/40+30:30+30`, `3+2d` (US delay), `3+2b` (Bronstein), `30s+1` (a base in
//!   seconds), `0.5+0` (decimal minutes), `*3` (sandclock), `none`, `?`;
//! - the **PGN** `TimeControl` tag ([`TimeControl::to_pgn`], [`TimeControl::from_pgn`]), in
//!   seconds: `40/5400+30:1800+30`, `300+2`, `180S2` (US delay), `180B2` (Bronstein), `*180`,
//!   `-`, `?`. [`FromStr`] reads it too after the prefix `pgn:` (`pgn:300+2`).
//!
//! Errors quote the text and give the column (1-based, in characters) and what was expected.
//! See docs/clock.md for every decision.

use std::fmt;
use std::str::FromStr;

/// How the per-move bonus of a period works (Art. 6.3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BonusKind {
    /// Fischer increment: the seconds are added after each move.
    Increment,
    /// US (simple) delay: the main time only starts running once the delay has elapsed;
    /// a move made within the delay leaves the main time as it was (6.3).
    Delay,
    /// Bronstein delay: after the move, the time used is given back, up to the delay.
    Bronstein,
}

impl BonusKind {
    /// The suffix of the human syntax: none for an increment, `d` or `b`.
    pub fn human_suffix(self) -> &'static str {
        match self {
            BonusKind::Increment => "",
            BonusKind::Delay => "d",
            BonusKind::Bronstein => "b",
        }
    }

    /// A short English name.
    pub fn name(self) -> &'static str {
        match self {
            BonusKind::Increment => "increment",
            BonusKind::Delay => "delay",
            BonusKind::Bronstein => "Bronstein delay",
        }
    }
}

/// The per-move bonus of a period: its kind and its seconds (always more than zero).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Bonus {
    pub kind: BonusKind,
    pub seconds: u32,
}

impl Bonus {
    pub fn increment(seconds: u32) -> Bonus {
        Bonus {
            kind: BonusKind::Increment,
            seconds,
        }
    }

    pub fn delay(seconds: u32) -> Bonus {
        Bonus {
            kind: BonusKind::Delay,
            seconds,
        }
    }

    pub fn bronstein(seconds: u32) -> Bonus {
        Bonus {
            kind: BonusKind::Bronstein,
            seconds,
        }
    }

    /// The bonus in milliseconds.
    pub fn ms(self) -> u64 {
        u64::from(self.seconds) * 1000
    }
}

/// One period of a time control.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Period {
    /// The moves to make in this period; `None`: all the remaining moves (the last period).
    /// When the last period has a number of moves, it repeats (as the PGN standard says).
    pub moves: Option<u32>,
    /// The base time, in seconds, given when the period starts (for the first period, at
    /// the start of the game; later, added when the previous period's moves are completed).
    pub seconds: u32,
    /// The per-move bonus for the moves of this period.
    pub bonus: Option<Bonus>,
}

impl Period {
    /// The base time in milliseconds.
    pub fn ms(&self) -> u64 {
        u64::from(self.seconds) * 1000
    }
}

/// Where a player stands in a time control after some moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PeriodAt {
    /// The period of the next move, 0-based (repeating last periods keep counting).
    pub index: usize,
    /// The moves still to make before the next control; `None` in the last period.
    pub moves_to_control: Option<u32>,
}

/// A time control (Art. 6.3).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum TimeControl {
    /// No clock (`none`, PGN `-`).
    Unlimited,
    /// Not known (`?`, in PGN files). A clock built from it runs like `Unlimited`.
    Unknown,
    /// A sandclock (hourglass) of `seconds` for each player: the time one player uses is
    /// given to the opponent (PGN `*180`, human `*3`).
    Sandclock { seconds: u32 },
    /// One or more periods, in order. Every period but the last has a number of moves.
    Periods(Vec<Period>),
}

/// The classes of App. A.1, B.1 and the Glossary.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum TimeClass {
    /// T ≤ 10 minutes (B.1).
    Blitz,
    /// 10 < T < 60 minutes (A.1).
    Rapid,
    /// T ≥ 60 minutes (Glossary: "standard game"), T counted for 60 moves.
    Standard,
}

impl TimeClass {
    /// The seconds a penalty gives the opponent: 120 in standard play, 60 in rapid (A.3)
    /// and blitz (B.3).
    pub fn penalty_seconds(self) -> u32 {
        match self {
            TimeClass::Standard => 120,
            TimeClass::Rapid | TimeClass::Blitz => 60,
        }
    }

    /// `blitz`, `rapid` or `standard`.
    pub fn word(self) -> &'static str {
        match self {
            TimeClass::Blitz => "blitz",
            TimeClass::Rapid => "rapid",
            TimeClass::Standard => "standard",
        }
    }

    /// The article that defines the class.
    pub fn article(self) -> super::Article {
        match self {
            TimeClass::Blitz => super::Article("B.1"),
            TimeClass::Rapid => super::Article("A.1"),
            TimeClass::Standard => super::Article("Glossary"),
        }
    }
}

impl fmt::Display for TimeClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// T ≤ this many seconds: blitz (B.1).
const BLITZ_MAX_SECONDS: u64 = 10 * 60;
/// T at least this many seconds: standard (A.1, Glossary).
const STANDARD_MIN_SECONDS: u64 = 60 * 60;

impl TimeControl {
    /// Sudden death: `seconds` for the whole game, no bonus.
    pub fn sudden_death(seconds: u32) -> TimeControl {
        TimeControl::Periods(vec![Period {
            moves: None,
            seconds,
            bonus: None,
        }])
    }

    /// One period for the whole game with a per-move bonus.
    pub fn with_bonus(seconds: u32, bonus: Bonus) -> TimeControl {
        TimeControl::Periods(vec![Period {
            moves: None,
            seconds,
            bonus: (bonus.seconds > 0).then_some(bonus),
        }])
    }

    /// Whether a clock runs down (periods or a sandclock).
    pub fn is_timed(&self) -> bool {
        match self {
            TimeControl::Periods(p) => !p.is_empty(),
            TimeControl::Sandclock { .. } => true,
            TimeControl::Unlimited | TimeControl::Unknown => false,
        }
    }

    /// The periods (empty unless `Periods`).
    pub fn periods(&self) -> &[Period] {
        match self {
            TimeControl::Periods(p) => p,
            _ => &[],
        }
    }

    /// The period with this 0-based index; past the end, the last one (which repeats when
    /// it has a number of moves, and otherwise is never left). `None` when there are none.
    pub fn period(&self, index: usize) -> Option<&Period> {
        let periods = self.periods();
        periods.get(index).or(periods.last())
    }

    /// Which period the next move belongs to after `moves_done` completed moves, and how many
    /// moves remain to the next control. Untimed controls and sandclocks have one period.
    pub fn period_at(&self, moves_done: u32) -> PeriodAt {
        let periods = self.periods();
        let mut start: u64 = 0;
        let done = u64::from(moves_done);
        for (index, p) in periods.iter().enumerate() {
            let Some(m) = p.moves.filter(|&m| m > 0) else {
                return PeriodAt {
                    index,
                    moves_to_control: None,
                };
            };
            let m = u64::from(m);
            if index + 1 == periods.len() {
                // The last period repeats: count whole repetitions arithmetically.
                let beyond = done.saturating_sub(start);
                let reps = beyond / m;
                let left = m - beyond % m;
                return PeriodAt {
                    index: index.saturating_add(usize::try_from(reps).unwrap_or(usize::MAX)),
                    moves_to_control: u32::try_from(left).ok(),
                };
            }
            if done < start + m {
                return PeriodAt {
                    index,
                    moves_to_control: u32::try_from(start + m - done).ok(),
                };
            }
            start += m;
        }
        PeriodAt {
            index: 0,
            moves_to_control: None,
        }
    }

    /// The time each player has at the start, in milliseconds (0 when untimed).
    pub fn start_ms(&self) -> u64 {
        match self {
            TimeControl::Sandclock { seconds } => u64::from(*seconds) * 1000,
            TimeControl::Periods(p) => p.first().map_or(0, Period::ms),
            TimeControl::Unlimited | TimeControl::Unknown => 0,
        }
    }

    /// Whether some period has a number of moves.
    pub fn has_move_counts(&self) -> bool {
        self.periods().iter().any(|p| p.moves.is_some())
    }

    /// Whether some period has a per-move bonus (increment or delay).
    pub fn has_bonus(&self) -> bool {
        self.periods().iter().any(|p| p.bonus.is_some())
    }

    /// Whether some period has a US or Bronstein delay (clocks then show tenths under 20 s).
    pub fn has_delay(&self) -> bool {
        self.periods()
            .iter()
            .any(|p| p.bonus.is_some_and(|b| b.kind != BonusKind::Increment))
    }

    /// T of A.1 and B.1, in seconds: the time a player has for 60 moves. For one period
    /// without a move count, base + 60 × the per-move bonus; with move counts, the periods
    /// the first 60 moves reach, each with its bonus for the moves played in it (the last
    /// period with a move count repeats), so that `3/40+2:1` is 180 + 40 × 2 + 60 = 320 s.
    /// A delay counts like an increment (it is at most what a move can gain). A sandclock:
    /// its time. `None` for untimed controls.
    pub fn rating_seconds(&self) -> Option<u64> {
        match self {
            TimeControl::Sandclock { seconds } => Some(u64::from(*seconds)),
            TimeControl::Periods(p) => {
                p.first()?;
                let mut left: u64 = 60;
                let mut total: u64 = 0;
                let mut i = 0;
                while left > 0 {
                    let period = p.get(i).or(p.last())?;
                    let bonus = period.bonus.map_or(0, |b| u64::from(b.seconds));
                    let moves = match period.moves.filter(|&m| m > 0) {
                        Some(m) => u64::from(m).min(left),
                        None => left,
                    };
                    total += u64::from(period.seconds) + moves * bonus;
                    left -= moves;
                    i += 1;
                }
                Some(total)
            }
            _ => None,
        }
    }

    /// The class (A.1, B.1, Glossary): T ≤ 10 min blitz, 10 < T < 60 rapid, T ≥ 60 standard,
    /// T counted for 60 moves across the periods ([`TimeControl::rating_seconds`]). Without a time limit (`none`) the game is
    /// neither rapid nor blitz, so the Laws apply as to a standard game: `Standard`. An
    /// unknown control (`?`) has no class: `None`.
    pub fn class(&self) -> Option<TimeClass> {
        match self {
            TimeControl::Unknown => None,
            TimeControl::Unlimited => Some(TimeClass::Standard),
            TimeControl::Periods(p) if p.is_empty() => Some(TimeClass::Standard),
            _ => Some(match self.rating_seconds() {
                None => TimeClass::Standard,
                Some(t) if t <= BLITZ_MAX_SECONDS => TimeClass::Blitz,
                Some(t) if t < STANDARD_MIN_SECONDS => TimeClass::Rapid,
                Some(_) => TimeClass::Standard,
            }),
        }
    }

    /// The penalty unit in seconds (7.5.5, 9.5.3, A.3, B.3): 120 standard, 60 rapid and
    /// blitz; 120 when the class is unknown.
    pub fn penalty_seconds(&self) -> u32 {
        self.class()
            .unwrap_or(TimeClass::Standard)
            .penalty_seconds()
    }

    /// Whether the Guidelines III (games without increment, quickplay finish) can apply to
    /// this control (III.2): periods without any increment or delay, standard or rapid,
    /// with a final period for all the remaining moves. Whether they do apply is the event's
    /// decision (a clock option).
    pub fn guidelines_iii_eligible(&self) -> bool {
        matches!(self, TimeControl::Periods(p)
            if p.last().is_some_and(|l| l.moves.is_none()))
            && !self.has_bonus()
            && matches!(
                self.class(),
                Some(TimeClass::Standard) | Some(TimeClass::Rapid)
            )
    }

    /// The PGN `TimeControl` tag value: `40/5400+30:1800+30`, `300+2`, `180S2` (US delay),
    /// `180B2` (Bronstein), `*180`, `-`, `?`.
    pub fn to_pgn(&self) -> String {
        match self {
            TimeControl::Unlimited => "-".to_string(),
            TimeControl::Unknown => "?".to_string(),
            TimeControl::Sandclock { seconds } => format!("*{seconds}"),
            TimeControl::Periods(p) if p.is_empty() => "-".to_string(),
            TimeControl::Periods(periods) => {
                let mut out = String::new();
                for (i, p) in periods.iter().enumerate() {
                    if i > 0 {
                        out.push(':');
                    }
                    if let Some(m) = p.moves {
                        out.push_str(&format!("{m}/"));
                    }
                    out.push_str(&p.seconds.to_string());
                    match p.bonus {
                        Some(Bonus {
                            kind: BonusKind::Increment,
                            seconds,
                        }) => out.push_str(&format!("+{seconds}")),
                        Some(Bonus {
                            kind: BonusKind::Delay,
                            seconds,
                        }) => out.push_str(&format!("S{seconds}")),
                        Some(Bonus {
                            kind: BonusKind::Bronstein,
                            seconds,
                        }) => out.push_str(&format!("B{seconds}")),
                        None => {}
                    }
                }
                out
            }
        }
    }

    /// Reads a PGN `TimeControl` tag value (see [`TimeControl::to_pgn`]; also `300+0S5`).
    pub fn from_pgn(text: &str) -> Result<TimeControl, TimeControlError> {
        let mut p = Parser::new(text, 0);
        p.pgn()
    }
}

/// The human form: `15+10`, `90/40+30:30+30`, `3+2d`, `3+2b`, `30s+1`, `*3`, `none`, `?`.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Unlimited => f.write_str("none"),
            TimeControl::Unknown => f.write_str("?"),
            TimeControl::Sandclock { seconds } => write!(f, "*{}", HumanBase(*seconds)),
            TimeControl::Periods(p) if p.is_empty() => f.write_str("none"),
            TimeControl::Periods(periods) => {
                for (i, p) in periods.iter().enumerate() {
                    if i > 0 {
                        f.write_str(":")?;
                    }
                    write!(f, "{}", HumanBase(p.seconds))?;
                    if let Some(m) = p.moves {
                        write!(f, "/{m}")?;
                    }
                    if let Some(b) = p.bonus {
                        write!(f, "+{}{}", b.seconds, b.kind.human_suffix())?;
                    }
                }
                Ok(())
            }
        }
    }
}

/// A base time in the human syntax: whole minutes as a number, otherwise seconds with `s`.
struct HumanBase(u32);

impl fmt::Display for HumanBase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 % 60 == 0 {
            write!(f, "{}", self.0 / 60)
        } else {
            write!(f, "{}s", self.0)
        }
    }
}

/// Reads the human form, or the PGN form after the prefix `pgn:`.
impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(s: &str) -> Result<TimeControl, TimeControlError> {
        let lead = s.chars().take_while(|c| c.is_whitespace()).count();
        let rest: String = s.chars().skip(lead).take(4).collect();
        if rest.eq_ignore_ascii_case("pgn:") {
            let mut p = Parser::new(s, lead + 4);
            p.pgn()
        } else {
            let mut p = Parser::new(s, 0);
            p.human()
        }
    }
}

/// Serialized as the human form (settings files: `time_control = "15+10"`).
impl serde::Serialize for TimeControl {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Read from the human form, or the PGN form after `pgn:`.
impl<'de> serde::Deserialize<'de> for TimeControl {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// What is wrong in a time control's text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlProblem {
    #[error(
        "expected a time control, found nothing (examples: 15+10, 90/40+30:30+30, 3+2d, none, \
         pgn:300+2)"
    )]
    Empty,
    #[error("expected {expected}, found {}", found_text(*.found))]
    Expected {
        expected: Expect,
        found: Option<char>,
    },
    #[error("the number is too large")]
    TooLarge,
    #[error("{0} minutes is not a whole number of seconds")]
    NotWholeSeconds(String),
    #[error("a period needs at least one move")]
    ZeroMoves,
    #[error(
        "only the last period can be for the rest of the game: give this period a number \
         of moves (as in 90/40:30)"
    )]
    RestOfGameNotLast,
    #[error("a period has one per-move bonus: an increment or a delay, not both")]
    TwoBonuses,
    #[error("the first period gives no time at all")]
    NoTime,
    #[error("an unknown time control (?) has no class")]
    Unclassifiable,
}

fn found_text(found: Option<char>) -> String {
    match found {
        Some(c) => format!("'{c}'"),
        None => "the end".to_string(),
    }
}

/// A time control that could not be read: the text, the 1-based column (in characters) where
/// the problem is, and the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{input}\": at column {column}, {problem}")]
pub struct TimeControlError {
    pub input: String,
    pub column: usize,
    pub problem: TimeControlProblem,
}

/// A cursor over the characters of the text; positions are 0-based, columns 1-based.
struct Parser<'a> {
    input: &'a str,
    chars: Vec<char>,
    pos: usize,
    end: usize,
}

/// What the parser expected where it found something else (`speech::errors` says it in the
/// session's language; `Display` in English, for logs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// A base time: minutes, or seconds with `s` (`30s`).
    Minutes,
    /// The moves of a period (`40` in `90/40`).
    Moves,
    /// A number of seconds (a bonus, a PGN field).
    Seconds,
    /// A PGN field: seconds, or moves/seconds.
    PgnField,
    /// The digits of a fraction of minutes, after the `.` (`0.5`).
    MinuteDigits,
    /// The end of the text, after a sandclock's time (`*3`).
    EndAfterSandclock,
    /// The end of the text, after a PGN sandclock's seconds (`*180`).
    EndAfterSandclockSeconds,
    /// One of these, in this order (what may follow a period's part).
    OneOf(&'static [Next]),
}

/// Something that may come next in a time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// This character.
    Char(char),
    /// The letter of a US delay (`d` in the human form, `S` in PGN).
    Delay(char),
    /// The letter of a Bronstein delay (`b`, `B`).
    Bronstein(char),
    /// The end of the text.
    End,
}

impl fmt::Display for Next {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Next::Char(c) => write!(f, "'{c}'"),
            Next::Delay(c) => write!(f, "'{c}' (delay)"),
            Next::Bronstein(c) => write!(f, "'{c}' (Bronstein)"),
            Next::End => f.write_str("the end"),
        }
    }
}

/// `a, b or c`: the items with commas, the last after `or` (the word given).
pub fn list_or(items: &[String], or: &str) -> String {
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} {or} {last}", rest.join(", ")),
    }
}

impl fmt::Display for Expect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Expect::Minutes => "a number of minutes (or seconds with 's', as in 30s)",
            Expect::Moves => "a number of moves",
            Expect::Seconds => "a number of seconds",
            Expect::PgnField => "a number of seconds (or moves/seconds)",
            Expect::MinuteDigits => "the digits of the minutes after '.'",
            Expect::EndAfterSandclock => "the end after a sandclock's time",
            Expect::EndAfterSandclockSeconds => "the end after a sandclock's seconds",
            Expect::OneOf(next) => {
                let items: Vec<String> = next.iter().map(Next::to_string).collect();
                return f.write_str(&list_or(&items, "or"));
            }
        })
    }
}

const EXPECT_MINUTES: Expect = Expect::Minutes;
const EXPECT_MOVES: Expect = Expect::Moves;
const EXPECT_BONUS: Expect = Expect::Seconds;
const EXPECT_PGN_SECONDS: Expect = Expect::Seconds;
const EXPECT_PGN_FIELD: Expect = Expect::PgnField;

impl<'a> Parser<'a> {
    fn new(input: &'a str, start: usize) -> Parser<'a> {
        let chars: Vec<char> = input.chars().collect();
        let mut end = chars.len();
        while end > 0 && chars[end - 1].is_whitespace() {
            end -= 1;
        }
        let mut pos = start.min(end);
        while pos < end && chars[pos].is_whitespace() {
            pos += 1;
        }
        Parser {
            input,
            chars,
            pos,
            end,
        }
    }

    fn peek(&self) -> Option<char> {
        (self.pos < self.end).then(|| self.chars[self.pos])
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn at_end(&self) -> bool {
        self.pos >= self.end
    }

    fn error_at(&self, pos: usize, problem: TimeControlProblem) -> TimeControlError {
        TimeControlError {
            input: self.input.to_string(),
            column: pos + 1,
            problem,
        }
    }

    fn expected(&self, expected: Expect) -> TimeControlError {
        self.error_at(
            self.pos,
            TimeControlProblem::Expected {
                expected,
                found: self.peek(),
            },
        )
    }

    /// Whether the rest of the text, from the cursor, is `word` (lowercase) in any case: each
    /// character lowercased is the word's, with no string made.
    fn rest_is(&self, word: &str) -> bool {
        let rest = &self.chars[self.pos..self.end];
        rest.len() == word.chars().count()
            && rest
                .iter()
                .zip(word.chars())
                .all(|(c, w)| c.to_lowercase().eq(std::iter::once(w)))
    }

    /// A run of ASCII digits as a u32.
    fn number(&mut self, expected: Expect) -> Result<u32, TimeControlError> {
        self.skip_ws();
        let start = self.pos;
        let mut value: u64 = 0;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            value = value * 10 + u64::from(d);
            if value > u64::from(u32::MAX) {
                return Err(self.error_at(start, TimeControlProblem::TooLarge));
            }
            self.pos += 1;
        }
        if self.pos == start {
            return Err(self.expected(expected));
        }
        // value ≤ u32::MAX was checked above.
        Ok(u32::try_from(value).unwrap_or(u32::MAX))
    }

    /// A human base time in seconds: minutes (`90`, `0.5`) or seconds (`30s`).
    fn human_base(&mut self) -> Result<u32, TimeControlError> {
        self.skip_ws();
        let start = self.pos;
        let whole = self.number(EXPECT_MINUTES)?;
        if self.peek() == Some('s') || self.peek() == Some('S') {
            self.pos += 1;
            return Ok(whole);
        }
        let mut seconds = u64::from(whole) * 60;
        if self.peek() == Some('.') {
            self.pos += 1;
            let frac_start = self.pos;
            let mut num: u64 = 0;
            let mut den: u64 = 1;
            while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
                if den >= 1_000_000_000 {
                    return Err(self.error_at(start, TimeControlProblem::TooLarge));
                }
                num = num * 10 + u64::from(d);
                den *= 10;
                self.pos += 1;
            }
            if self.pos == frac_start {
                return Err(self.expected(Expect::MinuteDigits));
            }
            if (num * 60) % den != 0 {
                let text: String = self.chars[start..self.pos].iter().collect();
                return Err(self.error_at(start, TimeControlProblem::NotWholeSeconds(text)));
            }
            seconds += num * 60 / den;
        }
        u32::try_from(seconds).map_err(|_| self.error_at(start, TimeControlProblem::TooLarge))
    }

    fn human(&mut self) -> Result<TimeControl, TimeControlError> {
        if self.at_end() {
            return Err(self.error_at(self.pos, TimeControlProblem::Empty));
        }
        if self.rest_is("none") {
            return Ok(TimeControl::Unlimited);
        }
        if self.rest_is("?") {
            return Ok(TimeControl::Unknown);
        }
        if self.peek() == Some('*') {
            self.pos += 1;
            let start = self.pos;
            let seconds = self.human_base()?;
            self.skip_ws();
            if !self.at_end() {
                return Err(self.expected(Expect::EndAfterSandclock));
            }
            if seconds == 0 {
                return Err(self.error_at(start, TimeControlProblem::NoTime));
            }
            return Ok(TimeControl::Sandclock { seconds });
        }
        let mut periods = Vec::new();
        loop {
            let period_start = self.pos;
            let seconds = self.human_base()?;
            self.skip_ws();
            let mut moves = None;
            let mut bonus = None;
            let mut plus = false;
            if self.peek() == Some('/') {
                self.pos += 1;
                self.skip_ws();
                let at = self.pos;
                let m = self.number(EXPECT_MOVES)?;
                if m == 0 {
                    return Err(self.error_at(at, TimeControlProblem::ZeroMoves));
                }
                moves = Some(m);
                self.skip_ws();
            }
            if self.peek() == Some('+') {
                self.pos += 1;
                plus = true;
                let s = self.number(EXPECT_BONUS)?;
                let kind = match self.peek() {
                    Some('d' | 'D') => {
                        self.pos += 1;
                        BonusKind::Delay
                    }
                    Some('b' | 'B') => {
                        self.pos += 1;
                        BonusKind::Bronstein
                    }
                    _ => BonusKind::Increment,
                };
                bonus = (s > 0).then_some(Bonus { kind, seconds: s });
                self.skip_ws();
            }
            if periods.is_empty() && seconds == 0 && bonus.is_none() {
                return Err(self.error_at(period_start, TimeControlProblem::NoTime));
            }
            periods.push(Period {
                moves,
                seconds,
                bonus,
            });
            match self.peek() {
                None => break,
                Some(':') => {
                    if moves.is_none() {
                        return Err(self.error_at(self.pos, TimeControlProblem::RestOfGameNotLast));
                    }
                    self.pos += 1;
                }
                Some(_) => {
                    return Err(self.expected(Expect::OneOf(match (moves, plus) {
                        (_, true) => &[
                            Next::Delay('d'),
                            Next::Bronstein('b'),
                            Next::Char(':'),
                            Next::End,
                        ],
                        (Some(_), false) => &[Next::Char('+'), Next::Char(':'), Next::End],
                        (None, false) => {
                            &[Next::Char('/'), Next::Char('+'), Next::Char(':'), Next::End]
                        }
                    })));
                }
            }
        }
        Ok(TimeControl::Periods(periods))
    }

    fn pgn(&mut self) -> Result<TimeControl, TimeControlError> {
        if self.at_end() {
            return Err(self.error_at(self.pos, TimeControlProblem::Empty));
        }
        if self.rest_is("-") {
            return Ok(TimeControl::Unlimited);
        }
        if self.rest_is("?") {
            return Ok(TimeControl::Unknown);
        }
        if self.peek() == Some('*') {
            self.pos += 1;
            let start = self.pos;
            let seconds = self.number(EXPECT_PGN_SECONDS)?;
            self.skip_ws();
            if !self.at_end() {
                return Err(self.expected(Expect::EndAfterSandclockSeconds));
            }
            if seconds == 0 {
                return Err(self.error_at(start, TimeControlProblem::NoTime));
            }
            return Ok(TimeControl::Sandclock { seconds });
        }
        let mut periods = Vec::new();
        loop {
            let field_start = self.pos;
            let first = self.number(EXPECT_PGN_FIELD)?;
            self.skip_ws();
            let (moves, seconds) = if self.peek() == Some('/') {
                if first == 0 {
                    return Err(self.error_at(field_start, TimeControlProblem::ZeroMoves));
                }
                self.pos += 1;
                (Some(first), self.number(EXPECT_PGN_SECONDS)?)
            } else {
                (None, first)
            };
            self.skip_ws();
            let mut increment = 0;
            let mut plus = false;
            if self.peek() == Some('+') {
                self.pos += 1;
                plus = true;
                increment = self.number(EXPECT_PGN_SECONDS)?;
                self.skip_ws();
            }
            let mut delay = None;
            let delay_at = self.pos;
            let marker = matches!(self.peek(), Some('s' | 'S' | 'b' | 'B'));
            match self.peek() {
                Some('s' | 'S') => {
                    self.pos += 1;
                    delay = Some(Bonus::delay(self.number(EXPECT_PGN_SECONDS)?));
                }
                Some('b' | 'B') => {
                    self.pos += 1;
                    delay = Some(Bonus::bronstein(self.number(EXPECT_PGN_SECONDS)?));
                }
                _ => {}
            }
            let delay = delay.filter(|d| d.seconds > 0);
            if increment > 0 && delay.is_some() {
                return Err(self.error_at(delay_at, TimeControlProblem::TwoBonuses));
            }
            let bonus = delay.or((increment > 0).then(|| Bonus::increment(increment)));
            if periods.is_empty() && seconds == 0 && bonus.is_none() {
                return Err(self.error_at(field_start, TimeControlProblem::NoTime));
            }
            periods.push(Period {
                moves,
                seconds,
                bonus,
            });
            self.skip_ws();
            match self.peek() {
                None => break,
                Some(':') => {
                    if moves.is_none() {
                        return Err(self.error_at(self.pos, TimeControlProblem::RestOfGameNotLast));
                    }
                    self.pos += 1;
                }
                Some(_) => {
                    return Err(self.expected(Expect::OneOf(if marker {
                        &[Next::Char(':'), Next::End]
                    } else if plus {
                        &[
                            Next::Delay('S'),
                            Next::Bronstein('B'),
                            Next::Char(':'),
                            Next::End,
                        ]
                    } else if moves.is_some() {
                        &[
                            Next::Char('+'),
                            Next::Delay('S'),
                            Next::Bronstein('B'),
                            Next::Char(':'),
                            Next::End,
                        ]
                    } else {
                        &[
                            Next::Char('/'),
                            Next::Char('+'),
                            Next::Delay('S'),
                            Next::Bronstein('B'),
                            Next::Char(':'),
                            Next::End,
                        ]
                    })));
                }
            }
        }
        Ok(TimeControl::Periods(periods))
    }
}

/// The lines `escaque tc SPEC` prints: the control in the human syntax, in the PGN syntax
/// (prefixed `pgn:`, as the command line accepts it), and last the class word `blitz`,
/// `rapid` or `standard`. `none` is classed `standard` (no time limit: neither rapid nor
/// blitz, so the Laws apply as to standard play); `?` has no class and is an error.
pub fn tc_command(spec: &str) -> Result<Vec<String>, TimeControlError> {
    let tc: TimeControl = spec.parse()?;
    let Some(class) = tc.class() else {
        let column = spec.chars().take_while(|c| c.is_whitespace()).count() + 1;
        return Err(TimeControlError {
            input: spec.to_string(),
            column,
            problem: TimeControlProblem::Unclassifiable,
        });
    };
    Ok(vec![
        tc.to_string(),
        format!("pgn:{}", tc.to_pgn()),
        class.word().to_string(),
    ])
}
