//! The lobby of `escaque serve`: the list of rooms, the words said on arrival and on
//! taking a seat, and the lobby's commands (read by the table's grammar).

use super::*;
use crate::speech::lobby::{self as lobby_words, Notice, RoomError, RoomWord};
use crate::table::room::{NAME_COLUMNS, RoomPassword, normal_name, same_name};

impl Hub {
    /// A command of the lobby.
    pub(super) fn lobby_command(&mut self, id: u64, text: &str, now: u64) {
        let max_rooms = self.limits.max_rooms;
        let max_spectators = self.limits.max_spectators;
        let default_tc = self.config.time_control.clone();
        let Some(c) = self.clients.get_mut(&id) else {
            return;
        };
        let read = Grammar {
            context: Context::Lobby,
            speaker: &c.speaker,
            position: None,
        }
        .read(text);
        let cmd = match read {
            Ok(Some(Command::Lobby(l))) => l,
            Ok(Some(Command::Quit)) => return self.close(id),
            Ok(Some(Command::Query(_))) => {
                let help = c.speaker.lobby_help().join(" · ");
                Self::say(c, &help, false);
                return;
            }
            Ok(_) => return,
            Err(e) => {
                let e = c.speaker.command_error(&e);
                Self::say(c, &e, true);
                return;
            }
        };
        if c.needs_name && !matches!(cmd, LobbyCommand::Name(_)) {
            let w = welcome(c);
            Self::say(c, &w, true);
            return;
        }
        let kind = match &cmd {
            LobbyCommand::Watch { .. } => JoinKind::Watch,
            LobbyCommand::Arbiter { .. } => JoinKind::Arbiter,
            _ => JoinKind::Play,
        };
        match cmd {
            LobbyCommand::Name(name) => {
                // The open mode's names: shown as they are read, unique among those
                // connected (nobody can pass for someone else here).
                let name = match normal_name(&name) {
                    Ok(name) => name,
                    Err(problem) => {
                        let words = c.speaker.notice(Notice::BadName {
                            name: &name,
                            problem,
                            columns: NAME_COLUMNS,
                        });
                        return Self::say(c, &words, true);
                    }
                };
                let taken = self
                    .clients
                    .iter()
                    .any(|(other, o)| *other != id && !o.needs_name && same_name(&o.name, &name));
                let Some(c) = self.clients.get_mut(&id) else {
                    return;
                };
                if taken {
                    let words = c.speaker.notice(Notice::NameTaken(&name));
                    return Self::say(c, &words, true);
                }
                c.name = name;
                c.needs_name = false;
                let w = welcome(c);
                Self::say(c, &w, false);
            }
            LobbyCommand::Rooms => {
                let lines = room_lines(&self.rooms, &c.speaker);
                let text = if lines.is_empty() {
                    c.speaker.notice(Notice::NoRooms)
                } else if c.line {
                    lines.join("\n")
                } else {
                    c.speaker.notice(Notice::RoomCount(lines.len()))
                };
                Self::say(c, &text, false);
            }
            LobbyCommand::New {
                time_control,
                color,
                password,
                chess960,
            } => {
                let settings = RoomSettings {
                    time_control: time_control
                        .unwrap_or_else(|| default_tc.is_timed().then_some(default_tc)),
                    color: match color.flatten() {
                        Some(Color::White) => ColorChoice::White,
                        Some(Color::Black) => ColorChoice::Black,
                        None => ColorChoice::Random,
                    },
                    password: password
                        .as_deref()
                        .map(|p| RoomPassword::new(p, self.rooms.salt())),
                };
                let identity = c.peer.identity.clone();
                let name = c.name.clone();
                let per_key = self.limits.max_rooms_per_key;
                let seated = self
                    .rooms
                    .iter()
                    .filter(|r| !r.session.game().is_over())
                    .filter(|r| matches!(r.role_of(&identity), Some(Role::Player(_))))
                    .count();
                if seated >= per_key {
                    let words = c.speaker.notice(Notice::KeyRooms(per_key));
                    Self::say(c, &words, true);
                    return;
                }
                // The same, for every key connected from the client's address.
                let per_address = self.limits.max_rooms_per_address;
                if let (Some(source), true) = (c.source, per_address > 0) {
                    let keys: std::collections::BTreeSet<&str> = self
                        .clients
                        .values()
                        .filter(|o| o.source == Some(source))
                        .map(|o| o.peer.identity.as_str())
                        .collect();
                    let seated = self
                        .rooms
                        .iter()
                        .filter(|r| !r.session.game().is_over())
                        .filter(|r| {
                            [Color::White, Color::Black].iter().any(|&col| {
                                r.seat(col)
                                    .is_some_and(|h| keys.contains(h.identity.as_str()))
                            })
                        })
                        .count();
                    if seated >= per_address {
                        tracing::warn!(addr = %source, "unfinished games per address reached ({per_address})");
                        let Some(c) = self.clients.get_mut(&id) else {
                            return;
                        };
                        let words = c.speaker.notice(Notice::AddressRooms(per_address));
                        return Self::say(c, &words, true);
                    }
                }
                let Some(c) = self.clients.get_mut(&id) else {
                    return;
                };
                match self
                    .rooms
                    .create_chess960(settings, chess960, max_rooms, now)
                {
                    Ok(room) => {
                        let first_color = room.settings.color.color();
                        let code = room.code.clone();
                        let joined = room.join(
                            &identity,
                            &name,
                            password.as_deref(),
                            false,
                            first_color,
                            max_spectators,
                            now,
                        );
                        if let Ok(role) = joined {
                            self.enter_room(id, &code, role, now, None);
                        }
                    }
                    Err(e) => {
                        let words = c.speaker.room_error(&e);
                        Self::say(c, &words, true);
                    }
                }
            }
            LobbyCommand::Join { code, password }
            | LobbyCommand::Watch { code, password }
            | LobbyCommand::Arbiter { code, password } => {
                let identity = c.peer.identity.clone();
                let name = c.name.clone();
                let may_arbitrate = c.peer.arbiter;
                let joined = self.rooms.get_mut(&code).and_then(|room| {
                    let creator = room.settings.color.color();
                    match kind {
                        JoinKind::Arbiter => {
                            room.join_arbiter(&identity, &name, may_arbitrate, now)
                        }
                        kind => room.join(
                            &identity,
                            &name,
                            password.as_deref(),
                            kind == JoinKind::Watch,
                            creator,
                            max_spectators,
                            now,
                        ),
                    }
                    .map(|role| (room.code.clone(), role))
                });
                match joined {
                    Ok((code, role)) => self.enter_room(id, &code, role, now, None),
                    Err(e) => {
                        if let Some(c) = self.clients.get_mut(&id) {
                            if matches!(e, RoomError::Password(_) | RoomError::PasswordWait(..))
                                && password.is_some()
                            {
                                tracing::warn!(
                                    room = %code,
                                    key = %c.peer.identity,
                                    "wrong room password: {e}"
                                );
                            }
                            let words = c.speaker.room_error(&e);
                            Self::say(c, &words, true);
                        }
                    }
                }
            }
        }
    }
}

/// What a lobby word asks for: `join` a seat (else watch), `watch`, or the arbiter's seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum JoinKind {
    Play,
    Watch,
    Arbiter,
}

/// The rooms as lines of words (the lobby's list, said by the line mode too).
pub(super) fn room_lines(rooms: &Rooms, speaker: &Speaker) -> Vec<String> {
    rooms.iter().map(|r| room_line(r, speaker)).collect()
}

/// One room's line of the lobby's list.
pub(super) fn room_line(r: &crate::table::room::Room, speaker: &Speaker) -> String {
    let word = |w: RoomWord| speaker.room_word(w);
    let seat = |c: Color| {
        r.seat(c)
            .map(|h| h.name.clone())
            .unwrap_or_else(|| word(RoomWord::FreeSeat).to_string())
    };
    let tc = r
        .settings
        .time_control
        .as_ref()
        .map(|t| t.to_string())
        .unwrap_or_else(|| word(RoomWord::NoClock).to_string());
    // Guidelines II: a Chess960 room says its start position's number.
    let tc = match r.session.setup().chess960_number() {
        Some(n) => format!("{tc}  960 #{n}"),
        None if r.session.setup().is_chess960() => format!("{tc}  960"),
        None => tc,
    };
    let state = if r.session.game().is_over() {
        word(RoomWord::Finished)
    } else if r.started() {
        word(RoomWord::Playing)
    } else {
        word(RoomWord::Waiting)
    };
    let mut s = format!(
        "{}  {} – {}  {}  {}",
        r.code,
        seat(Color::White),
        seat(Color::Black),
        tc,
        state
    );
    if r.spectators() > 0 {
        s.push_str(&format!(
            "  {} {}",
            r.spectators(),
            word(RoomWord::Watching)
        ));
    }
    if r.arbiter().is_some() {
        s.push_str(&format!("  {}", word(RoomWord::WithArbiter)));
    }
    if r.settings.password.is_some() {
        s.push_str(&format!("  {}", word(RoomWord::WithPassword)));
    }
    s
}

pub(super) fn welcome(c: &Client) -> String {
    c.speaker.notice(if c.needs_name {
        Notice::AskName
    } else {
        Notice::Welcome(&c.name)
    })
}

/// Who `role` is, for the words.
pub(super) fn seat_of(role: Role) -> lobby_words::Seat {
    match role {
        Role::Player(c) => lobby_words::Seat::Player(c),
        Role::Arbiter => lobby_words::Seat::Arbiter,
        Role::Spectator => lobby_words::Seat::Spectator,
    }
}
