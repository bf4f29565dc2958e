//! The rooms of `escaque serve`: each owns one game (a [`Session`], with its clock — the
//! one truth every screen reads from its own chair), its seats (White, Black, the
//! arbiter) and who watches. Nothing here knows of SSH or terminals; the hub
//! (`modes::serve`) connects screens.
//!
//! Who may do what:
//! - a seat belongs to the identity (the SSH key) that took it; that identity, reconnecting,
//!   gets it back; nobody else can take it;
//! - the first two players take White and Black (the creator chooses a colour, or it is
//!   drawn); later arrivals watch; an identity the allowlist names as arbiter may take the
//!   arbiter's seat;
//! - the clocks start when both players are seated (6.5: the arbiter starts White's clock);
//!   a player who drops keeps the seat and the clock runs on (6.1: the time is the
//!   player's);
//! - a spectator cannot act on the game; a player acts only for their own colour; only the
//!   arbiter takes decisions (12.9, 6.10, 7.1); a player may stop the clocks to call the
//!   arbiter (6.11.1), and only the arbiter restarts them when one is seated (6.11).

use std::collections::BTreeMap;

use crate::core::Color;
use crate::laws::clock::ClockOptions;
use crate::laws::time_control::TimeControl;

use crate::table::session::{Request, Role, Session, SessionError, Setup, Shared};

/// Which colour the creator of a room takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ColorChoice {
    White,
    Black,
    /// Drawn when the room is made.
    Random,
}

/// How a room is set up.
#[derive(Clone, Debug)]
pub struct RoomSettings {
    /// `None`: no clock.
    pub time_control: Option<TimeControl>,
    pub color: ColorChoice,
    pub password: Option<RoomPassword>,
}

/// A room's password, kept only as a salted SHA-256 hash: never in plain text in memory
/// after the room is made, nor in its autosave. (A slow hash — argon2 — would cost its
/// time under the hub's lock at every guess, and the guesses are throttled anyway; the
/// autosave is mode 0600.)
#[derive(Clone, PartialEq, Eq)]
pub struct RoomPassword {
    salt: [u8; 16],
    hash: [u8; 32],
}

impl std::fmt::Debug for RoomPassword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RoomPassword(…)")
    }
}

impl RoomPassword {
    /// The hash of `plain` with `salt`.
    pub fn new(plain: &str, salt: [u8; 16]) -> RoomPassword {
        RoomPassword {
            salt,
            hash: Self::digest(&salt, plain),
        }
    }

    fn digest(salt: &[u8; 16], plain: &str) -> [u8; 32] {
        use sha2::Digest;
        let mut h = sha2::Sha256::new();
        h.update(b"escaque room password\0");
        h.update(salt);
        h.update(plain.as_bytes());
        h.finalize().into()
    }

    /// Whether `plain` is the password (the hashes compared in constant time).
    pub fn matches(&self, plain: &str) -> bool {
        let other = Self::digest(&self.salt, plain);
        other
            .iter()
            .zip(self.hash.iter())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
    }

    /// As the autosave keeps it: `sha256$SALT$HASH` in hexadecimal.
    pub fn to_tag(&self) -> String {
        let hex = |b: &[u8]| b.iter().map(|x| format!("{x:02x}")).collect::<String>();
        format!("sha256${}${}", hex(&self.salt), hex(&self.hash))
    }

    /// Read back from [`RoomPassword::to_tag`]; `None` if it is not one.
    pub fn from_tag(tag: &str) -> Option<RoomPassword> {
        let mut parts = tag.split('$');
        let (Some("sha256"), Some(salt), Some(hash), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return None;
        };
        fn unhex<const N: usize>(s: &str) -> Option<[u8; N]> {
            if s.len() != 2 * N || !s.is_ascii() {
                return None;
            }
            let mut out = [0u8; N];
            for (i, o) in out.iter_mut().enumerate() {
                *o = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).ok()?;
            }
            Some(out)
        }
        Some(RoomPassword {
            salt: unhex(salt)?,
            hash: unhex(hash)?,
        })
    }
}

/// The widest name, in terminal columns.
pub const NAME_COLUMNS: usize = 24;

pub use crate::speech::lobby::NameProblem;

/// Characters that change how text around them is shown without being seen: bidirectional
/// controls (an U+202E can make a name read backwards), zero-width and other format
/// characters, fillers that show as blank.
pub(crate) fn is_invisible(ch: char) -> bool {
    matches!(ch as u32,
        0x00AD | 0x034F | 0x061C | 0x115F | 0x1160 | 0x17B4 | 0x17B5 | 0x180B..=0x180F
        | 0x200B..=0x200F | 0x2028..=0x202E | 0x2060..=0x206F | 0x3164 | 0xFE00..=0xFE0F
        | 0xFEFF | 0xFFA0 | 0xFFF0..=0xFFFB | 0x1D173..=0x1D17A | 0xE0000..=0xE0FFF)
        || ch.is_control()
}

/// A name as it is shown (the open mode's `name`): spaces trimmed and runs of them made
/// one; refused when it holds a control, bidirectional or invisible character, a mark
/// with no letter before it, or is wider than [`NAME_COLUMNS`] columns.
pub fn normal_name(raw: &str) -> Result<String, NameProblem> {
    use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};
    let name = raw.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut after_base = false;
    for ch in name.chars() {
        if is_invisible(ch) {
            return Err(NameProblem::Invisible(ch));
        }
        let zero_width = ch.width() == Some(0);
        if zero_width && !after_base {
            return Err(NameProblem::Invisible(ch));
        }
        after_base = zero_width && after_base || !zero_width && ch != ' ';
    }
    if name.chars().all(|c| c == ' ' || c.width() == Some(0)) {
        return Err(NameProblem::Empty);
    }
    if name.width() > NAME_COLUMNS {
        return Err(NameProblem::TooWide);
    }
    Ok(name)
}

/// Two names that would read the same (compared when names must be unique).
pub fn same_name(a: &str, b: &str) -> bool {
    a.to_lowercase() == b.to_lowercase()
}

/// Someone who holds a seat.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Holder {
    /// The identity (the SSH key's fingerprint).
    pub identity: String,
    pub name: String,
}

/// Why a room could not be joined or made (said by `speech`).
pub use crate::speech::lobby::RoomError;

/// One room.
#[derive(Debug)]
pub struct Room {
    pub code: String,
    /// The game: lent to the frames being drawn outside the hub's lock, copied on write
    /// only while one still holds it ([`Room::session_mut`]).
    pub session: std::sync::Arc<Session>,
    pub settings: RoomSettings,
    seats: [Option<Holder>; 2],
    arbiter: Option<Holder>,
    /// Clients watching (their identities, with a count per identity).
    spectators: usize,
    started: bool,
    /// Bumped on every change the screens must see.
    version: u64,
    /// The last time anything happened (a command, a join, a connection).
    pub last_activity: u64,
    /// The finished game has been written out.
    pub archived: bool,
    /// The room's version ([`Room::version`]) when it was last saved.
    pub saved_version: Option<u64>,
    /// The game's time minus the server's: zero for a room made here, the difference of
    /// the two time lines for a game restored from its autosave.
    offset: i64,
    /// Restored after a restart with its clocks stopped: they start again when both
    /// players are back (6.11.1: stopped for a reason outside the players' control).
    pub stopped_by_restart: bool,
    /// Wrong passwords given for the room.
    guesses: Guesses,
    /// The arbiter who holds the seat is in the room (the hub says so).
    arbiter_present: bool,
    /// The player whose request to restart the clocks was last said to the room.
    pub resume_said: Option<Color>,
}

/// How many wrong passwords in a row a room takes before it makes guessers wait.
const FREE_GUESSES: u32 = 3;

/// The wrong passwords given for a room, in a row, and until when it takes none.
#[derive(Clone, Copy, Debug, Default)]
struct Guesses {
    wrong: u32,
    locked_until: u64,
}

impl Room {
    /// A room whose creator sits at `creator_color`.
    pub fn new(code: String, settings: RoomSettings, now: u64) -> Room {
        Room::new_chess960(code, settings, None, now)
    }

    /// A room for a game of Chess960 from start position `chess960` (Guidelines II.1), or
    /// of standard chess when `None` (or not a number 0 to 959).
    pub fn new_chess960(
        code: String,
        settings: RoomSettings,
        chess960: Option<u16>,
        now: u64,
    ) -> Room {
        let mut setup = Setup {
            time_control: settings.time_control.clone(),
            clock_options: ClockOptions::default(),
            names: ["?".into(), "?".into()],
            tags: vec![
                ("Event".into(), format!("escaque serve, room {code}")),
                ("Site".into(), "SSH".into()),
                ("Date".into(), super::today()),
            ],
            ..Setup::default()
        };
        if let Some(n) = chess960 {
            setup.set_chess960(n);
        }
        // The journal begins now; the clock waits for both players (6.5).
        let mut session = Session::open(setup, now);
        session.share(Shared::default());
        Room {
            code,
            session: std::sync::Arc::new(session),
            settings,
            seats: [None, None],
            arbiter: None,
            spectators: 0,
            started: false,
            version: 0,
            last_activity: now,
            archived: false,
            saved_version: None,
            offset: 0,
            stopped_by_restart: false,
            guesses: Guesses::default(),
            arbiter_present: false,
            resume_said: None,
        }
    }

    /// A room whose game was restored from its autosave (`session` at `game_now` on the
    /// game's own time line), at the server's `now`: the seats go back to their keys and
    /// the clocks are stopped until both players are back.
    pub fn restored(
        code: String,
        settings: RoomSettings,
        mut session: Session,
        seats: [Option<Holder>; 2],
        arbiter: Option<Holder>,
        game_now: u64,
        now: u64,
    ) -> Room {
        let started = seats.iter().all(Option::is_some);
        let mut stopped = false;
        if started && session.game().clock().is_some() && !session.game().is_over() {
            // In the journal too: restored again before the players are back, the game
            // is still one stopped by a restart (not by a player or the arbiter, 6.11).
            stopped = session.stop_for_restart(game_now).is_ok() || session.stopped_by_restart();
        }
        session.share(Shared {
            started,
            arbiter_seated: arbiter.is_some(),
            arbiter_present: false,
        });
        Room {
            code,
            session: std::sync::Arc::new(session),
            settings,
            seats,
            arbiter,
            spectators: 0,
            started,
            version: 0,
            last_activity: now,
            archived: false,
            // Saved again at the first change (a legacy password is then written hashed).
            saved_version: None,
            offset: game_now as i64 - now as i64,
            stopped_by_restart: stopped,
            guesses: Guesses::default(),
            arbiter_present: false,
            resume_said: None,
        }
    }

    /// The game, to change it (copied first if a frame still holds it).
    pub fn session_mut(&mut self) -> &mut Session {
        std::sync::Arc::make_mut(&mut self.session)
    }

    /// The game's time at the server's `now`.
    pub fn time(&self, now: u64) -> u64 {
        (now as i64 + self.offset).max(0) as u64
    }

    /// The tags that let a restarted server restore the room (autosave only).
    pub fn restore_tags(&self) -> Vec<(String, String)> {
        let mut tags = vec![
            ("EscaqueRoom".to_string(), self.code.clone()),
            (
                "EscaqueRoomColor".to_string(),
                match self.settings.color {
                    ColorChoice::Black => "black",
                    _ => "white",
                }
                .to_string(),
            ),
        ];
        for (tag, holder) in [
            ("EscaqueWhiteKey", &self.seats[0]),
            ("EscaqueBlackKey", &self.seats[1]),
            ("EscaqueArbiterKey", &self.arbiter),
        ] {
            if let Some(h) = holder {
                tags.push((tag.to_string(), h.identity.clone()));
            }
        }
        if let Some(a) = &self.arbiter {
            tags.push(("EscaqueArbiterName".to_string(), a.name.clone()));
        }
        if let Some(p) = &self.settings.password {
            tags.push(("EscaqueRoomPassword".to_string(), p.to_tag()));
        }
        tags
    }

    /// Starts the clocks stopped by a restart once both players are back.
    pub fn players_back(&mut self, now: u64) {
        if self.stopped_by_restart {
            let t = self.time(now);
            if self.session_mut().pause(None, true, t).is_ok() {
                self.version += 1;
            }
            self.stopped_by_restart = false;
        }
    }

    /// Counts the changes its screens must see: the room's own (seats, names) and the
    /// game's ([`Session::revision`]).
    pub fn version(&self) -> u64 {
        self.version + self.session.revision()
    }

    /// Tells the game what the seats say (both players seated, an arbiter seated).
    fn share(&mut self) {
        let shared = Shared {
            started: self.started,
            arbiter_seated: self.arbiter.is_some(),
            arbiter_present: self.arbiter_present,
        };
        self.session_mut().share(shared);
    }

    /// Whether the arbiter who holds the seat is in the room: when not, both players
    /// together may start the clocks the arbiter stopped (6.11).
    pub fn set_arbiter_present(&mut self, present: bool) {
        if self.arbiter_present != present {
            self.arbiter_present = present;
            self.share();
        }
    }

    pub fn seat(&self, color: Color) -> Option<&Holder> {
        self.seats[color.index()].as_ref()
    }

    pub fn arbiter(&self) -> Option<&Holder> {
        self.arbiter.as_ref()
    }

    pub fn started(&self) -> bool {
        self.started
    }

    pub fn spectators(&self) -> usize {
        self.spectators
    }

    /// The seat `identity` holds, if any.
    pub fn role_of(&self, identity: &str) -> Option<Role> {
        for c in [Color::White, Color::Black] {
            if self.seat(c).is_some_and(|h| h.identity == identity) {
                return Some(Role::Player(c));
            }
        }
        self.arbiter
            .as_ref()
            .is_some_and(|h| h.identity == identity)
            .then_some(Role::Arbiter)
    }

    /// The colour the next player takes: the creator's choice for the first, the other
    /// for the second.
    fn free_color(&self, first_choice: Color) -> Option<Color> {
        match (&self.seats[0], &self.seats[1]) {
            (None, None) => Some(first_choice),
            (None, Some(_)) => Some(Color::White),
            (Some(_), None) => Some(Color::Black),
            _ => None,
        }
    }

    /// `identity` joins: back to its own seat, else a free player's seat (unless `watch`),
    /// else a spectator's place, within `max_spectators`. `first_choice` is the creator's
    /// colour (the colour choice drawn when the room was made).
    #[allow(clippy::too_many_arguments)]
    pub fn join(
        &mut self,
        identity: &str,
        name: &str,
        password: Option<&str>,
        watch: bool,
        first_choice: Color,
        max_spectators: usize,
        now: u64,
    ) -> Result<Role, RoomError> {
        if let Some(role) = self.role_of(identity) {
            self.last_activity = now;
            return Ok(role);
        }
        if let Some(p) = &self.settings.password {
            // Guessing is slowed down for everyone, whatever the key: after
            // `FREE_GUESSES` wrong passwords in a row the room takes no password for 1 s,
            // then 2 s, 4 s … up to 5 minutes, doubling with each wrong one after that.
            if now < self.guesses.locked_until {
                let secs = (self.guesses.locked_until - now).div_ceil(1000);
                return Err(RoomError::PasswordWait(self.code.clone(), secs));
            }
            if !password.is_some_and(|given| p.matches(given)) {
                self.guesses.wrong += 1;
                if self.guesses.wrong >= FREE_GUESSES {
                    let doublings = (self.guesses.wrong - FREE_GUESSES).min(9);
                    self.guesses.locked_until = now + (1000u64 << doublings).min(300_000);
                }
                return Err(RoomError::Password(self.code.clone()));
            }
            self.guesses.wrong = 0;
        }
        let free = if watch || self.session.game().is_over() {
            None
        } else {
            self.free_color(first_choice)
        };
        let role = match free {
            Some(color) => {
                self.seats[color.index()] = Some(Holder {
                    identity: identity.to_string(),
                    name: name.to_string(),
                });
                self.session_mut().set_name(color, name);
                if self.seats.iter().all(Option::is_some) && !self.started {
                    self.started = true;
                    // A fresh clock starts (nothing can refuse it); the journal says so.
                    let t = self.time(now);
                    let _ = self.session_mut().begin(t);
                }
                Role::Player(color)
            }
            None => {
                if self.spectators >= max_spectators {
                    return Err(RoomError::Full(self.code.clone(), max_spectators));
                }
                self.spectators += 1;
                Role::Spectator
            }
        };
        self.share();
        self.version += 1;
        self.last_activity = now;
        Ok(role)
    }

    /// An arbiter (`may_arbitrate`: the allowlist says so) takes the arbiter's seat.
    pub fn join_arbiter(
        &mut self,
        identity: &str,
        name: &str,
        may_arbitrate: bool,
        now: u64,
    ) -> Result<Role, RoomError> {
        if !may_arbitrate {
            return Err(RoomError::NotArbiterKey);
        }
        match &self.arbiter {
            Some(h) if h.identity == identity => {}
            Some(_) => return Err(RoomError::ArbiterTaken(self.code.clone())),
            None => {
                self.arbiter = Some(Holder {
                    identity: identity.to_string(),
                    name: name.to_string(),
                })
            }
        }
        // Here now (the hub says when they leave).
        self.arbiter_present = true;
        self.share();
        self.version += 1;
        self.last_activity = now;
        Ok(Role::Arbiter)
    }

    /// A spectator leaves (players and the arbiter keep their seats).
    pub fn leave(&mut self, role: Role, now: u64) {
        if role == Role::Spectator {
            self.spectators = self.spectators.saturating_sub(1);
        }
        self.last_activity = now;
    }

    /// Carries out `request` from someone in `role` at `now`.
    pub fn apply(&mut self, role: Role, request: Request, now: u64) -> Result<(), SessionError> {
        self.last_activity = now;
        let result = self.decide(role, request, self.time(now));
        self.version += 1;
        result
    }

    fn decide(&mut self, role: Role, request: Request, now: u64) -> Result<(), SessionError> {
        let role = Some(role);
        match request {
            Request::Command(cmd) => self.session_mut().command_as(role, cmd, now),
            Request::Pause => self.session_mut().pause(role, false, now),
            Request::Resume => self.session_mut().pause(role, true, now),
            Request::Arbiter(action) => self.session_mut().arbiter_as(role, action, now),
        }
    }

    /// Brings the clocks to `now` (a flag may fall: 6.9); whether anything happened.
    pub fn tick(&mut self, now: u64) -> bool {
        if !self.started || self.session.game().is_over() {
            return false;
        }
        let before = self.session.game().events().len();
        let t = self.time(now);
        self.session_mut().tick(t);
        let changed = self.session.game().events().len() != before;
        if changed {
            self.version += 1;
        }
        changed
    }
}

/// The rooms of a server, by code.
#[derive(Debug, Default)]
pub struct Rooms {
    rooms: BTreeMap<String, Room>,
    seed: u64,
}

/// The letters of room codes: no 0/O, 1/I/L that a reader or a speech engine confuses.
const CODE_LETTERS: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

impl Rooms {
    pub fn new(seed: u64) -> Rooms {
        Rooms {
            rooms: BTreeMap::new(),
            seed: seed | 1,
        }
    }

    /// A salt for a password's hash.
    pub fn salt(&mut self) -> [u8; 16] {
        let mut salt = [0u8; 16];
        salt[..8].copy_from_slice(&self.next_random().to_le_bytes());
        salt[8..].copy_from_slice(&self.next_random().to_le_bytes());
        salt
    }

    fn next_random(&mut self) -> u64 {
        // xorshift64*: codes only need to be hard to guess by accident, not secret.
        let mut x = self.seed;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.seed = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Makes a room with a fresh four-letter code; refused beyond `max_rooms`. The colour
    /// choice is settled here (a drawn colour becomes White or Black).
    pub fn create(
        &mut self,
        settings: RoomSettings,
        max_rooms: usize,
        now: u64,
    ) -> Result<&mut Room, RoomError> {
        self.create_chess960(settings, None, max_rooms, now)
    }

    /// [`Rooms::create`], for Chess960 when `chess960` is given (Guidelines II.1): from
    /// start position `n`, or one drawn at random for `Some(None)`.
    pub fn create_chess960(
        &mut self,
        mut settings: RoomSettings,
        chess960: Option<Option<u16>>,
        max_rooms: usize,
        now: u64,
    ) -> Result<&mut Room, RoomError> {
        if self.rooms.len() >= max_rooms {
            return Err(RoomError::TooManyRooms(max_rooms));
        }
        if settings.color == ColorChoice::Random {
            settings.color = if self.next_random() & 1 == 0 {
                ColorChoice::White
            } else {
                ColorChoice::Black
            };
        }
        let code = loop {
            let mut r = self.next_random();
            let code: String = (0..4)
                .map(|_| {
                    let c = CODE_LETTERS[(r % CODE_LETTERS.len() as u64) as usize];
                    r /= CODE_LETTERS.len() as u64;
                    c as char
                })
                .collect();
            if !self.rooms.contains_key(&code) {
                break code;
            }
        };
        let chess960 = chess960.map(|n| {
            n.unwrap_or_else(|| crate::core::chess960::number_from_random(self.next_random()))
        });
        let room = Room::new_chess960(code.clone(), settings, chess960, now);
        Ok(self.rooms.entry(code).or_insert(room))
    }

    /// The room `code` (case-insensitive).
    pub fn get_mut(&mut self, code: &str) -> Result<&mut Room, RoomError> {
        let key = code.trim().to_uppercase();
        self.rooms.get_mut(&key).ok_or(RoomError::NoRoom(key))
    }

    pub fn get(&self, code: &str) -> Option<&Room> {
        self.rooms.get(&code.trim().to_uppercase())
    }

    pub fn iter(&self) -> impl Iterator<Item = &Room> {
        self.rooms.values()
    }

    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut Room> {
        self.rooms.values_mut()
    }

    pub fn len(&self) -> usize {
        self.rooms.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rooms.is_empty()
    }

    /// Puts back a room restored from its autosave.
    pub fn insert(&mut self, room: Room) {
        self.rooms.insert(room.code.clone(), room);
    }

    pub fn remove(&mut self, code: &str) -> Option<Room> {
        self.rooms.remove(code)
    }

    /// The unfinished room where `identity` holds a seat (to resume it on reconnection).
    pub fn seat_of(&self, identity: &str) -> Option<(&str, Role)> {
        self.rooms.values().find_map(|r| {
            (!r.session.game().is_over())
                .then(|| r.role_of(identity))
                .flatten()
                .map(|role| (r.code.as_str(), role))
        })
    }
}

impl ColorChoice {
    /// The creator's colour once settled.
    pub fn color(self) -> Color {
        match self {
            ColorChoice::Black => Color::Black,
            _ => Color::White,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Letters;
    use crate::core::san::parse_move;
    use crate::table::session::Command;

    fn settings(tc: Option<&str>) -> RoomSettings {
        RoomSettings {
            time_control: tc.map(|t| t.parse().unwrap()),
            color: ColorChoice::White,
            password: None,
        }
    }

    /// Guidelines II.1: a Chess960 room starts from its number (or one drawn), with the
    /// Variant tag that keeps it Chess960 in the PGN.
    #[test]
    fn guidelines_ii_1_a_chess960_room_starts_from_its_position() {
        let mut rooms = Rooms::new(7);
        let room = rooms
            .create_chess960(settings(Some("5+3")), Some(Some(0)), 10, 0)
            .unwrap();
        let start = crate::core::chess960::start_position(0).unwrap();
        assert_eq!(*room.session.game().start(), start);
        assert_eq!(room.session.setup().chess960_number(), Some(0));
        let drawn = rooms
            .create_chess960(settings(None), Some(None), 10, 0)
            .unwrap();
        assert!(drawn.session.setup().is_chess960());
        assert!(drawn.session.setup().chess960_number().is_some());
        let plain = rooms.create(settings(None), 10, 0).unwrap();
        assert!(!plain.session.setup().is_chess960());
        assert_eq!(*plain.session.game().start(), crate::core::Position::new());
    }

    fn mv(room: &Room, san: &str) -> Request {
        Request::Command(Command::Move(
            parse_move(room.session.game().position(), san, Letters::English).unwrap(),
        ))
    }

    #[test]
    fn art_6_5_clock_starts_when_both_players_are_seated() {
        let mut rooms = Rooms::new(7);
        let room = rooms.create(settings(Some("5+3")), 10, 0).unwrap();
        assert_eq!(
            room.join("k1", "Ana", None, false, Color::White, 5, 10),
            Ok(Role::Player(Color::White))
        );
        assert_eq!(
            room.apply(Role::Player(Color::White), mv(room, "e4"), 20),
            Err(SessionError::Waiting)
        );
        assert_eq!(room.session.game().clock().unwrap().running(), None);
        assert_eq!(
            room.join("k2", "Bea", None, false, Color::White, 5, 1000),
            Ok(Role::Player(Color::Black))
        );
        assert_eq!(
            room.session.game().clock().unwrap().running(),
            Some(Color::White)
        );
        assert_eq!(room.session.name(Color::Black), "Bea");
        // A third comes to watch; the first, reconnecting, gets White back.
        assert_eq!(
            room.join("k3", "Eva", None, false, Color::White, 5, 1000),
            Ok(Role::Spectator)
        );
        assert_eq!(
            room.join("k1", "Ana", None, false, Color::White, 5, 1000),
            Ok(Role::Player(Color::White))
        );
    }

    #[test]
    fn art_9_1_2_seats_act_only_for_their_own_colour() {
        let mut rooms = Rooms::new(7);
        let room = rooms.create(settings(None), 10, 0).unwrap();
        room.join("k1", "Ana", None, false, Color::White, 5, 0)
            .unwrap();
        room.join("k2", "Bea", None, false, Color::White, 5, 0)
            .unwrap();
        let black = Role::Player(Color::Black);
        let white = Role::Player(Color::White);
        assert_eq!(
            room.apply(black, mv(room, "e4"), 0),
            Err(SessionError::NotYourMove)
        );
        assert_eq!(
            room.apply(Role::Spectator, mv(room, "e4"), 0),
            Err(SessionError::Spectator)
        );
        room.apply(white, mv(room, "e4"), 0).unwrap();
        room.apply(black, mv(room, "e5"), 0).unwrap();
        // 9.1.2.1: White offers after moving; only Black can answer.
        room.apply(white, mv(room, "Nf3"), 0).unwrap();
        room.apply(white, Request::Command(Command::OfferDraw), 0)
            .unwrap();
        assert_eq!(
            room.apply(white, Request::Command(Command::AcceptDraw), 0),
            Err(SessionError::NoOffer)
        );
        room.apply(black, Request::Command(Command::AcceptDraw), 0)
            .unwrap();
        assert!(room.session.game().is_over());
        // 5.1.2 by a player on the opponent's turn is refused once the game is over.
        assert!(
            room.apply(black, Request::Command(Command::Resign), 0)
                .is_err()
        );
    }

    #[test]
    fn art_6_11_only_the_arbiter_restarts_the_clocks_when_seated() {
        let mut rooms = Rooms::new(3);
        let room = rooms.create(settings(Some("10+0")), 10, 0).unwrap();
        room.join("k1", "Ana", None, false, Color::White, 5, 0)
            .unwrap();
        room.join("k2", "Bea", None, false, Color::White, 5, 0)
            .unwrap();
        assert_eq!(
            room.join_arbiter("k9", "Árbitro", false, 0),
            Err(RoomError::NotArbiterKey)
        );
        assert_eq!(
            room.join_arbiter("k9", "Árbitro", true, 0),
            Ok(Role::Arbiter)
        );
        assert_eq!(
            room.join_arbiter("k8", "Otro", true, 0),
            Err(RoomError::ArbiterTaken(room.code.clone()))
        );
        let white = Role::Player(Color::White);
        room.apply(white, Request::Pause, 5_000).unwrap();
        assert_eq!(
            room.apply(white, Request::Resume, 6_000),
            Err(SessionError::NotArbiter)
        );
        room.apply(Role::Arbiter, Request::Resume, 7_000).unwrap();
        // 6.11: the arbiter gone, both players together start the clocks they stopped.
        room.apply(white, Request::Pause, 7_500).unwrap();
        room.set_arbiter_present(false);
        let black = Role::Player(Color::Black);
        room.apply(white, Request::Resume, 7_600).unwrap();
        assert_eq!(room.session.resume_asked(), Some(Color::White));
        assert_eq!(room.session.game().clock().unwrap().running(), None);
        room.apply(black, Request::Resume, 7_700).unwrap();
        assert_eq!(
            room.session.game().clock().unwrap().running(),
            Some(Color::White)
        );
        room.set_arbiter_present(true);
        // 12.9.2: two minutes to Black (White is the offender).
        use crate::laws::irregularity::{ArbiterAction, ArbiterPenalty};
        let bonus = Request::Arbiter(ArbiterAction::Penalty {
            to: Color::White,
            penalty: ArbiterPenalty::TimeToOpponent { seconds: 120 },
        });
        assert_eq!(
            room.apply(white, bonus.clone(), 8_000),
            Err(SessionError::NotArbiter)
        );
        room.apply(Role::Arbiter, bonus, 8_000).unwrap();
        let black = room
            .session
            .game()
            .clock()
            .unwrap()
            .remaining(Color::Black, 8_000);
        assert_eq!(black.unwrap().main_ms, 720_000);
    }

    #[test]
    fn a_password_is_kept_hashed_with_a_salt_and_read_back() {
        let a = RoomPassword::new("sesamo", [1; 16]);
        let b = RoomPassword::new("sesamo", [2; 16]);
        assert!(a.matches("sesamo") && b.matches("sesamo"));
        assert!(!a.matches("Sesamo") && !a.matches(""));
        let (ta, tb) = (a.to_tag(), b.to_tag());
        assert_ne!(ta, tb, "the salt changes the hash");
        assert!(ta.starts_with("sha256$") && !ta.contains("sesamo"), "{ta}");
        assert_eq!(RoomPassword::from_tag(&ta), Some(a.clone()));
        assert_eq!(RoomPassword::from_tag("sesamo"), None);
        assert_eq!(RoomPassword::from_tag("sha256$zz$00"), None);
        assert!(!format!("{a:?}").contains("sesamo"));
        let mut room = Room::new("ABCD".into(), settings(None), 0);
        room.settings.password = Some(a);
        let tags = room.restore_tags();
        let (_, kept) = tags
            .iter()
            .find(|(k, _)| k == "EscaqueRoomPassword")
            .unwrap();
        assert!(!kept.contains("sesamo") && RoomPassword::from_tag(kept).is_some());
    }

    #[test]
    fn names_are_trimmed_and_refused_when_invisible_bidi_combining_only_or_too_wide() {
        assert_eq!(normal_name("  Ana   García "), Ok("Ana García".into()));
        // A decomposed é: the mark follows its letter.
        assert_eq!(normal_name("Jose\u{301}"), Ok("Jose\u{301}".into()));
        assert_eq!(normal_name("李小龙"), Ok("李小龙".into()));
        for bad in [
            "Ana\u{202E}nimda",
            "A\u{200B}na",
            "\u{2066}Ana",
            "Ana\u{FEFF}",
            "\u{7}Ana",
        ] {
            assert!(
                matches!(normal_name(bad), Err(NameProblem::Invisible(_))),
                "{bad:?}"
            );
        }
        assert!(matches!(
            normal_name("\u{301}\u{301}"),
            Err(NameProblem::Invisible('\u{301}'))
        ));
        assert!(matches!(
            normal_name("Ana \u{301}"),
            Err(NameProblem::Invisible('\u{301}'))
        ));
        assert_eq!(normal_name("   "), Err(NameProblem::Empty));
        assert_eq!(normal_name(&"W".repeat(24)), Ok("W".repeat(24)));
        assert_eq!(normal_name(&"W".repeat(25)), Err(NameProblem::TooWide));
        // Twelve wide characters fill 24 columns; thirteen do not fit.
        assert!(normal_name(&"龙".repeat(12)).is_ok());
        assert_eq!(normal_name(&"龙".repeat(13)), Err(NameProblem::TooWide));
        assert!(same_name("ANA", "ana") && !same_name("Ana", "Bea"));
    }

    #[test]
    fn passwords_codes_and_limits() {
        let mut rooms = Rooms::new(11);
        let code = {
            let mut s = settings(None);
            s.password = Some(RoomPassword::new("sesamo", [7; 16]));
            rooms.create(s, 2, 0).unwrap().code.clone()
        };
        assert_eq!(code.len(), 4);
        assert!(code.bytes().all(|b| CODE_LETTERS.contains(&b)));
        let room = rooms.get_mut(&code.to_lowercase()).unwrap();
        assert_eq!(
            room.join("k1", "Ana", Some("abrete"), false, Color::White, 1, 0),
            Err(RoomError::Password(code.clone()))
        );
        room.join("k1", "Ana", Some("sesamo"), false, Color::White, 1, 0)
            .unwrap();
        room.join("k2", "Bea", Some("sesamo"), false, Color::White, 1, 0)
            .unwrap();
        room.join("k3", "Eva", Some("sesamo"), false, Color::White, 1, 0)
            .unwrap();
        assert_eq!(
            room.join("k4", "Ida", Some("sesamo"), false, Color::White, 1, 0),
            Err(RoomError::Full(code.clone(), 1))
        );
        rooms.create(settings(None), 2, 0).unwrap();
        assert_eq!(
            rooms.create(settings(None), 2, 0).unwrap_err(),
            RoomError::TooManyRooms(2)
        );
        assert_eq!(
            rooms.seat_of("k2").map(|(_, r)| r),
            Some(Role::Player(Color::Black))
        );
        assert_eq!(rooms.seat_of("k3"), None);
    }
}
