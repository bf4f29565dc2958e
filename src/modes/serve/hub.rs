//! The hub's connections: clients arrive and leave, keys and lines become commands on the
//! rooms' games through each screen's chair, and every screen is drawn or said again when
//! its room changed.

use super::*;
use crate::speech::lobby::Notice;
use clap::{CommandFactory, FromArgMatches};

impl Hub {
    pub fn new(config: Config, limits: Limits, dirs: Option<ServeDirs>, seed: u64) -> Hub {
        Hub {
            config,
            limits,
            saver: dirs.map(start_saver),
            rooms: Rooms::new(seed),
            clients: BTreeMap::new(),
            next: 1,
            now: 0,
            lobby_list: Vec::new(),
        }
    }

    pub fn rooms(&self) -> &Rooms {
        &self.rooms
    }

    pub fn connections(&self) -> usize {
        self.clients.len()
    }

    pub(super) fn new_client(&self, peer: Peer, term: &ClientTerm) -> Result<Client, String> {
        // The client's language when its options do not give one: its terminal's, as the
        // config reads the environment.
        let term_lang = || {
            self.config
                .lang_from_vars(|n| term.var(n).map(str::to_string))
        };
        // The help and the refusals wrapped to the client's terminal, not the server's.
        let width = usize::from(term.width).clamp(40, 100);
        let command = || ClientArgs::command().term_width(width);
        let args = command()
            .try_get_matches_from(&term.args)
            .and_then(|m| ClientArgs::from_arg_matches(&m))
            .map_err(|e| {
                // Refused in the language the client asked for, else its session's.
                let words = term.args.iter().map(|a| Some(a.as_str()));
                let lang = crate::usage::lang_in_args(words).unwrap_or_else(term_lang);
                match lang {
                    Lang::En => e.to_string(),
                    // Read again by the Spanish command, so that `--help` is its Spanish help.
                    Lang::Es => {
                        let spanish = crate::usage::help::spanish(command());
                        match spanish.try_get_matches_from(&term.args) {
                            Ok(_) => e.to_string(),
                            Err(e) => {
                                crate::usage::spanish_refusal(&e).unwrap_or_else(|| e.to_string())
                            }
                        }
                    }
                }
            })?;
        let lang = args.lang.unwrap_or_else(term_lang);
        let names = args.names.unwrap_or_else(|| {
            self.config
                .names(lang)
                .code()
                .parse()
                .unwrap_or(Profile::En)
        });
        let speaker = Speaker::new(names, lang);
        let term_name = term.term.as_deref().unwrap_or("dumb");
        let line = args.screen_reader || term.term.is_none() || term_name == "dumb";
        let glyphs = if args.ascii || matches!(term_name, "linux" | "vt100" | "vt220") {
            Glyphs::Ascii
        } else {
            Glyphs::from_env_vars(|n| {
                if n == "TERM" {
                    Some(term_name.to_string())
                } else {
                    term.var(n).map(str::to_string)
                }
            })
        };
        let no_color = args.no_color || term.var("NO_COLOR").is_some_and(|v| !v.is_empty());
        let theme_name = args.theme.clone().unwrap_or_else(|| {
            self.config
                .theme_with_no_color(no_color.then_some("1"))
                .to_string()
        });
        let theme = ui::Theme::built_in(if ui::Theme::names().contains(&theme_name.as_str()) {
            &theme_name
        } else {
            "classic"
        });
        let keymap = self.config.keymap().unwrap_or_default();
        let view = View {
            lang,
            notation: self.config.notation(lang),
            glyphs,
            clock_readings: self.config.clock_readings_on_scoresheet,
            low_time_ms: self.config.low_time_mark_ms(),
        };
        let size = (term.width.max(1), term.height.max(1));
        let painter = if line {
            None
        } else {
            Some(paint::Painter::new(size.0, size.1)?)
        };
        let needs_name = peer.name.is_none();
        let name = peer.name.clone().unwrap_or_default();
        Ok(Client {
            peer,
            source: term.source,
            name,
            needs_name,
            speaker,
            view,
            theme,
            keymap,
            line,
            raw: term.term.is_some(),
            dumb: term_name == "dumb",
            decoder: KeyDecoder::new(),
            painter,
            size,
            frame: None,
            place: Place::Lobby,
            typed: String::new(),
            message: String::new(),
            message_is_error: false,
            out: Vec::new(),
            close: false,
            tokens: self.limits.input_burst as f64,
            last_input: 0,
            last_draw: 0,
            dirty: true,
        })
    }
}

/// What takes the cursor back to the start of the line being typed, to write over it: a
/// carriage return and "erase to the end of the line", or only the return on a dumb
/// terminal (the line written then covers the prompt).
fn wipe_line(dumb: bool) -> &'static [u8] {
    if dumb { b"\r" } else { b"\r\x1b[K" }
}

impl Hub {
    /// Writes line-mode text to a client: on a raw terminal the line being typed is wiped
    /// first and written again after (with its prompt), and lines end in CR LF.
    pub(super) fn emit_lines(c: &mut Client, text: &str) {
        if text.is_empty() {
            return;
        }
        if c.raw {
            c.out.extend_from_slice(wipe_line(c.dumb));
            c.out
                .extend_from_slice(term::lines_for_raw(text).as_bytes());
            c.out.extend_from_slice(b"> ");
            c.out.extend_from_slice(c.typed.as_bytes());
        } else {
            c.out.extend_from_slice(text.as_bytes());
        }
    }

    /// Says `text`: a line in the line mode, the message line of the lobby's screen.
    pub(super) fn say(c: &mut Client, text: &str, error: bool) {
        if c.line {
            let mut s = text.to_string();
            s.push('\n');
            match &mut c.place {
                Place::Room {
                    screen: RoomScreen::Line(lm),
                    ..
                } => {
                    let _ = lm.say(text);
                }
                _ => Self::emit_lines(c, &s),
            }
        } else {
            match &mut c.place {
                Place::Room {
                    screen: RoomScreen::Full(app),
                    ..
                } => std::sync::Arc::make_mut(app).set_announcement(text),
                _ => {
                    c.message = text.to_string();
                    c.message_is_error = error;
                }
            }
        }
        c.dirty = true;
    }

    /// Brings a client's screen up to date in its output: the line mode's text, or the
    /// full screen's next frame, which takes what it shows here and is drawn after the
    /// hub's lock is released ([`paint`]).
    pub(super) fn render(&mut self, id: u64, now: u64) {
        let rooms = &self.rooms;
        let Some(c) = self.clients.get_mut(&id) else {
            return;
        };
        c.dirty = false;
        c.last_draw = now;
        if c.close {
            return;
        }
        if c.line {
            if let Place::Room {
                screen: RoomScreen::Line(lm),
                ..
            } = &mut c.place
            {
                let bytes = std::mem::take(lm.out_mut());
                let text = String::from_utf8_lossy(&bytes).into_owned();
                Self::emit_lines(c, &text);
            }
            return;
        }
        let Some(painter) = c.painter.clone() else {
            return;
        };
        let shown = match &c.place {
            Place::Lobby => paint::Shown::Lobby(Box::new(paint::LobbyFrame {
                title: c.speaker.notice(Notice::Title),
                rooms: room_lines(rooms, &c.speaker),
                empty: c.speaker.notice(Notice::NoRooms),
                help: c.speaker.lobby_help().map(str::to_string),
                message: c.message.clone(),
                message_is_error: c.message_is_error,
                input: c.typed.clone(),
                theme: c.theme.clone(),
            })),
            Place::Room {
                code,
                screen: RoomScreen::Full(app),
                ..
            } => match rooms.get(code) {
                Some(room) => paint::Shown::Room {
                    session: room.session.clone(),
                    screen: app.clone(),
                    at: room.time(now),
                },
                None => return,
            },
            Place::Room { .. } => return,
        };
        c.frame = Some(paint::Frame {
            painter,
            size: c.size,
            shown,
        });
    }

    pub(super) fn render_dirty(&mut self, now: u64) {
        let dirty: Vec<u64> = self
            .clients
            .iter()
            .filter(|(_, c)| c.dirty)
            .map(|(id, _)| *id)
            .collect();
        for id in dirty {
            self.render(id, now);
        }
    }

    /// Puts a client in room `code` with `role`.
    pub(super) fn enter_room(
        &mut self,
        id: u64,
        code: &str,
        role: Role,
        now: u64,
        note: Option<String>,
    ) {
        let Some(room) = self.rooms.get(code) else {
            return;
        };
        // A seat is its key's: another connection of the key that sits there now is sent
        // to the lobby, and told (the same key from two places: the latest one plays).
        if role != Role::Spectator {
            let code = room.code.clone();
            let identity = self.clients.get(&id).map(|c| c.peer.identity.clone());
            let others: Vec<u64> = self
                .clients
                .iter()
                .filter(|(other, o)| {
                    **other != id
                        && Some(&o.peer.identity) == identity.as_ref()
                        && matches!(&o.place, Place::Room { code: at, role: r, .. } if *at == code && *r == role)
                })
                .map(|(other, _)| *other)
                .collect();
            for other in others {
                self.displace(other, &code);
            }
        }
        let Some(room) = self.rooms.get(code) else {
            return;
        };
        let warnings_ms = self.config.low_time_warnings_ms();
        let Some(c) = self.clients.get_mut(&id) else {
            return;
        };
        let chair: Chair = room.session.chair(Some(role));
        let mut words = c.speaker.notice(Notice::Seated {
            seat: seat_of(role),
            code: &room.code,
        });
        if role == Role::Arbiter && !c.line {
            words.push(' ');
            words.push_str(&c.speaker.notice(Notice::ArbiterColon));
        }
        if !room.started() {
            words.push(' ');
            words.push_str(&c.speaker.notice(Notice::StartsWhenSeated));
        }
        if let Some(n) = note {
            words = format!("{n} {words}");
        }
        let screen = if c.line {
            let options = LineOptions {
                warnings_ms,
                voice: None,
                prompt: false,
            };
            let mut lm = LineScreen::new(chair, c.speaker, Vec::new(), options);
            let _ = lm.say(&words);
            let _ = lm.start(&room.session);
            RoomScreen::Line(Box::new(lm))
        } else {
            let mut app = Screen::new(
                &room.session,
                chair,
                c.keymap.clone(),
                // The full screen writes moves as the scoresheet does (`2… Nc6`) and articles
                // as numbers; words are the line mode's.
                c.speaker.written(Some(c.view.notation)),
                c.view.clone(),
                c.theme.clone(),
            );
            let opening = app.announcement().to_string();
            app.set_announcement(format!("{words} {opening}"));
            RoomScreen::Full(std::sync::Arc::new(app))
        };
        c.place = Place::Room {
            code: room.code.clone(),
            role,
            screen,
            synced: room.version(),
        };
        c.dirty = true;
        let code = room.code.clone();
        // Clocks stopped by a restart start again when both players are back.
        let here = |color: Color| {
            let holder = room.seat(color).map(|h| h.identity.clone());
            self.clients.values().any(|c| {
                matches!(&c.place, Place::Room { code: at, .. } if *at == code)
                    && holder.as_deref() == Some(c.peer.identity.as_str())
            })
        };
        if room.stopped_by_restart && here(Color::White) && here(Color::Black) {
            if let Ok(room) = self.rooms.get_mut(&code) {
                room.players_back(now);
            }
        }
        self.note_arbiter_presence(&code);
        self.after_room_change(&code, now);
    }

    /// Tells room `code` whether the arbiter who holds its seat is there (6.11: when not,
    /// both players together may start the clocks again).
    pub(super) fn note_arbiter_presence(&mut self, code: &str) {
        let present = self.clients.values().any(
            |c| matches!(&c.place, Place::Room { code: at, role: Role::Arbiter, .. } if at == code),
        );
        if let Ok(room) = self.rooms.get_mut(code) {
            room.set_arbiter_present(present);
        }
    }

    /// Another connection of the same key took this client's seat in room `code`: back
    /// to the lobby, told why (the seat stays the key's).
    pub(super) fn displace(&mut self, id: u64, code: &str) {
        let Some(c) = self.clients.get_mut(&id) else {
            return;
        };
        c.place = Place::Lobby;
        let words = c.speaker.notice(Notice::TakenOver(code));
        tracing::info!(key = %c.peer.identity, room = %code, client = id, "seat taken by another connection of the same key");
        if c.line {
            Self::emit_lines(c, &format!("{words}\n"));
        } else {
            c.message = words;
            c.message_is_error = true;
        }
        c.dirty = true;
    }

    /// Back to the lobby (a seat is kept; a spectator's place is given up).
    pub(super) fn leave_room(&mut self, id: u64, now: u64) {
        let Some(c) = self.clients.get_mut(&id) else {
            return;
        };
        let place = std::mem::replace(&mut c.place, Place::Lobby);
        if let Place::Room { code, role, .. } = place {
            if let Ok(room) = self.rooms.get_mut(&code) {
                room.leave(role, now);
            }
            if role == Role::Arbiter {
                self.note_arbiter_presence(&code);
                self.after_room_change(&code, now);
            }
            let Some(c) = self.clients.get_mut(&id) else {
                return;
            };
            let text = c.speaker.notice(Notice::Left {
                seat: seat_of(role),
                code: &code,
            });
            if c.line {
                Self::emit_lines(c, &format!("{text}\n"));
            } else {
                c.message = text;
                c.message_is_error = false;
            }
            c.dirty = true;
        }
        self.mark_lobbies();
    }

    /// After room `code` changed: the lobbies are redrawn only if its line of the list
    /// changed (most moves change nothing there; comparing one line is cheap).
    pub(super) fn mark_room_in_lobbies(&mut self, code: &str) {
        if let Some(room) = self.rooms.get(code) {
            let line = room_line(room, &Speaker::default());
            if self.lobby_list.contains(&line) {
                return;
            }
        }
        self.mark_lobbies();
    }

    /// Every lobby screen shows the list again, when the list changed.
    pub(super) fn mark_lobbies(&mut self) {
        let list = room_lines(&self.rooms, &Speaker::default());
        if list == self.lobby_list {
            return;
        }
        self.lobby_list = list;
        for c in self.clients.values_mut() {
            if matches!(c.place, Place::Lobby) && !c.line {
                c.dirty = true;
            }
        }
    }

    /// After a screen of room `code` acted: the room notes the activity, and when the game
    /// changed every other screen of the room reads the new events.
    pub(super) fn acted(&mut self, code: &str, before: u64, now: u64) {
        let Ok(room) = self.rooms.get_mut(code) else {
            return;
        };
        room.last_activity = now;
        if room.version() != before {
            self.after_room_change(code, now);
        }
    }

    /// After a room changed: every screen in it reads the new events from its cursor, the
    /// game is saved.
    pub(super) fn after_room_change(&mut self, code: &str, now: u64) {
        let Some(room) = self.rooms.get(code) else {
            return;
        };
        let version = room.version();
        for c in self.clients.values_mut() {
            if let Place::Room {
                code: at,
                screen,
                synced,
                ..
            } = &mut c.place
            {
                if at != code || *synced >= version {
                    continue;
                }
                *synced = version;
                match screen {
                    RoomScreen::Full(app) => {
                        std::sync::Arc::make_mut(app).absorb_events(&room.session);
                    }
                    RoomScreen::Line(lm) => {
                        let _ = lm.poll(&room.session, room.time(now));
                    }
                }
                c.dirty = true;
            }
        }
        self.say_resume_asked(code);
        self.save(code);
        self.mark_room_in_lobbies(code);
    }

    /// A player asked to start the clocks the absent arbiter stopped (6.11): the room is
    /// told, once, that the other player's agreement is awaited.
    pub(super) fn say_resume_asked(&mut self, code: &str) {
        let Ok(room) = self.rooms.get_mut(code) else {
            return;
        };
        let asked = room.session.resume_asked();
        if asked == room.resume_said {
            return;
        }
        room.resume_said = asked;
        let Some(color) = asked else {
            return;
        };
        let code = room.code.clone();
        for c in self.clients.values_mut() {
            if matches!(&c.place, Place::Room { code: at, .. } if *at == code) {
                let words = c.speaker.notice(Notice::ResumeAsked(color));
                Self::say(c, &words, false);
            }
        }
    }

    /// One key or paste from a client.
    pub(super) fn on_event(&mut self, id: u64, event: Event, now: u64) {
        let Some(c) = self.clients.get_mut(&id) else {
            return;
        };
        let keys: Vec<KeyEvent> = match event {
            Event::Key(k) => vec![k],
            Event::Paste(text) => text
                .chars()
                .map(|ch| match ch {
                    '\n' => KeyEvent::from(KeyCode::Enter),
                    ch => KeyEvent::from(KeyCode::Char(ch)),
                })
                .collect(),
            _ => return,
        };
        let line_editing = c.line || matches!(c.place, Place::Lobby);
        for key in keys {
            if line_editing {
                self.line_key(id, key, now);
            } else {
                self.screen_key(id, key, now);
            }
        }
    }

    /// A key on a typed line (the lobby, the line mode).
    pub(super) fn line_key(&mut self, id: u64, key: KeyEvent, now: u64) {
        let Some(c) = self.clients.get_mut(&id) else {
            return;
        };
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Enter => {
                let line = std::mem::take(&mut c.typed);
                if c.line && c.raw {
                    c.out.extend_from_slice(b"\r\n");
                }
                c.dirty = true;
                self.typed_line(id, &line, now);
            }
            KeyCode::Char('d') if ctrl && c.typed.is_empty() => self.close(id),
            KeyCode::Char('c') if ctrl => {
                if c.typed.is_empty() && matches!(c.place, Place::Lobby) {
                    self.close(id);
                } else {
                    c.typed.clear();
                    if c.line && c.raw {
                        c.out.extend_from_slice(wipe_line(c.dumb));
                        c.out.extend_from_slice(b"> ");
                    }
                    c.dirty = true;
                }
            }
            KeyCode::Backspace => {
                if c.typed.pop().is_some() && c.line && c.raw {
                    c.out.extend_from_slice(b"\x08 \x08");
                }
                c.dirty = true;
            }
            KeyCode::Esc => {
                c.typed.clear();
                if c.line && c.raw {
                    c.out.extend_from_slice(wipe_line(c.dumb));
                    c.out.extend_from_slice(b"> ");
                }
                c.dirty = true;
            }
            KeyCode::Char(ch) if !ctrl && !ch.is_control() => {
                if c.typed.chars().count() < MAX_LINE {
                    c.typed.push(ch);
                    if c.line && c.raw {
                        let mut b = [0; 4];
                        c.out.extend_from_slice(ch.encode_utf8(&mut b).as_bytes());
                    }
                }
                c.dirty = true;
            }
            _ => {}
        }
    }

    /// A whole line typed: a lobby command, or the line mode's.
    pub(super) fn typed_line(&mut self, id: u64, line: &str, now: u64) {
        let Some(c) = self.clients.get_mut(&id) else {
            return;
        };
        match &mut c.place {
            Place::Lobby => self.lobby_command(id, line, now),
            Place::Room {
                code,
                screen: RoomScreen::Line(lm),
                ..
            } => {
                let Ok(room) = self.rooms.get_mut(code) else {
                    return;
                };
                let before = room.version();
                let at = room.time(now);
                let end = lm.input_line(room.session_mut(), line, at);
                c.dirty = true;
                let code = code.clone();
                self.acted(&code, before, now);
                if matches!(end, Ok(Some(LineEnd::Quit)) | Err(_)) {
                    self.leave_room(id, now);
                }
            }
            Place::Room { .. } => {}
        }
    }

    /// A key on a room's full screen.
    pub(super) fn screen_key(&mut self, id: u64, key: KeyEvent, now: u64) {
        let Some(c) = self.clients.get_mut(&id) else {
            return;
        };
        let Place::Room {
            code,
            screen: RoomScreen::Full(app),
            ..
        } = &mut c.place
        else {
            return;
        };
        let Ok(room) = self.rooms.get_mut(code) else {
            return;
        };
        let before = room.version();
        let at = room.time(now);
        let app = std::sync::Arc::make_mut(app);
        let flow = app.key(room.session_mut(), key, at);
        c.dirty = true;
        if flow == Flow::Save {
            app.set_announcement(c.speaker.notice(Notice::ServerKeeps));
        }
        let code = code.clone();
        self.acted(&code, before, now);
        if matches!(flow, Flow::Quit | Flow::NewGame | Flow::Resume) {
            self.leave_room(id, now);
        }
    }

    /// Marks a client to be closed after its last bytes.
    pub(super) fn close(&mut self, id: u64) {
        if let Some(c) = self.clients.get_mut(&id) {
            c.frame = None;
            if !c.line {
                c.out.extend_from_slice(&term::leave_screen());
            } else {
                let bye = format!("{}\n", c.speaker.notice(Notice::Goodbye));
                let bye = if c.raw {
                    format!("\r\n{}", term::lines_for_raw(&bye))
                } else {
                    bye
                };
                c.out.extend_from_slice(bye.as_bytes());
            }
            c.close = true;
        }
    }
}

impl Service for Hub {
    fn connect(&mut self, peer: Peer, term: ClientTerm, now: u64) -> Result<u64, String> {
        self.now = self.now.max(now);
        let lang = self
            .config
            .lang_from_vars(|n| term.var(n).map(str::to_string));
        if self.clients.len() >= self.limits.max_connections {
            let full = Speaker::new(Profile::En, lang).notice(Notice::Full);
            return Err(format!("{full}\r\n"));
        }
        let per_key = self.limits.max_sessions_per_key;
        if self
            .clients
            .values()
            .filter(|c| c.peer.identity == peer.identity)
            .count()
            >= per_key
        {
            tracing::warn!(key = %peer.identity, "connections per key reached ({per_key})");
            let words = Speaker::new(Profile::En, lang).notice(Notice::KeySessions(per_key));
            return Err(format!("{words}\r\n"));
        }
        let per_address = self.limits.max_sessions_per_address;
        if let Some(source) = term.source {
            let from_there = self
                .clients
                .values()
                .filter(|c| c.source == Some(source))
                .count();
            if per_address > 0 && from_there >= per_address {
                tracing::warn!(addr = %source, key = %peer.identity, "connections per address reached ({per_address})");
                let words =
                    Speaker::new(Profile::En, lang).notice(Notice::AddressSessions(per_address));
                return Err(format!("{words}\r\n"));
            }
        }
        let mut c = match self.new_client(peer, &term) {
            Ok(c) => c,
            Err(e) => return Err(term::lines_for_raw(&format!("{e}\n"))),
        };
        let id = self.next;
        self.next += 1;
        c.last_input = now;
        if !c.line {
            c.out.extend_from_slice(&term::enter_screen());
        }
        c.message = welcome(&c);
        let seat = self
            .rooms
            .seat_of(&c.peer.identity)
            .map(|(code, role)| (code.to_string(), role));
        let line = c.line;
        if line && seat.is_none() {
            let mut text = format!("{}\n{}\n", c.message, c.speaker.lobby_help().join("\n"));
            for l in room_lines(&self.rooms, &c.speaker) {
                text.push_str(&l);
                text.push('\n');
            }
            Self::emit_lines(&mut c, &text);
        }
        let back = c.speaker.notice(Notice::WelcomeBack);
        self.clients.insert(id, c);
        if let Some((code, role)) = seat {
            self.enter_room(id, &code, role, now, Some(back));
        }
        self.render(id, now);
        Ok(id)
    }

    fn input(&mut self, id: u64, bytes: &[u8], now: u64) {
        self.now = self.now.max(now);
        let rate = self.limits.input_bytes_per_second as f64;
        let burst = self.limits.input_burst as f64;
        let max_packet = self.limits.max_packet;
        let Some(c) = self.clients.get_mut(&id) else {
            return;
        };
        let elapsed = now.saturating_sub(c.last_input) as f64 / 1000.0;
        c.tokens = (c.tokens + elapsed * rate).min(burst);
        c.last_input = now;
        let allowed = bytes.len().min(max_packet).min(c.tokens as usize);
        c.tokens -= allowed as f64;
        if allowed < bytes.len() {
            let words = c.speaker.notice(Notice::InputDropped);
            if c.message != words {
                Self::say(c, &words, true);
            }
        }
        let events = c.decoder.feed(&bytes[..allowed]);
        for e in events {
            self.on_event(id, e, now);
        }
        self.render_dirty(now);
    }

    fn resize(&mut self, id: u64, width: u16, height: u16, now: u64) {
        self.now = self.now.max(now);
        if let Some(c) = self.clients.get_mut(&id) {
            if c.painter.is_some() {
                c.size = (width.clamp(1, 1000), height.clamp(1, 1000));
                c.dirty = true;
            }
        }
        self.render_dirty(now);
    }

    fn disconnect(&mut self, id: u64, now: u64) {
        self.now = self.now.max(now);
        if let Some(c) = self.clients.get(&id) {
            if !matches!(c.place, Place::Lobby) {
                self.leave_room(id, now);
            }
        }
        self.clients.remove(&id);
        self.mark_lobbies();
        self.render_dirty(now);
    }

    fn tick(&mut self, now: u64) {
        self.now = self.now.max(now);
        // A lone Esc is known only when nothing follows it.
        let pending: Vec<(u64, Vec<Event>)> = self
            .clients
            .iter_mut()
            .filter(|(_, c)| now.saturating_sub(c.last_input) >= 50)
            .map(|(id, c)| (*id, c.decoder.flush()))
            .filter(|(_, e)| !e.is_empty())
            .collect();
        for (id, events) in pending {
            for e in events {
                self.on_event(id, e, now);
            }
        }
        let changed: Vec<String> = self
            .rooms
            .iter_mut()
            .filter_map(|r| r.tick(now).then(|| r.code.clone()))
            .collect();
        for code in changed {
            self.after_room_change(&code, now);
        }
        // Clocks on the screens: every second, every tenth under ten seconds; the line
        // mode's low-time warnings.
        let rooms = &self.rooms;
        for c in self.clients.values_mut() {
            let Place::Room { code, screen, .. } = &mut c.place else {
                continue;
            };
            match screen {
                RoomScreen::Line(lm) => {
                    let Some(room) = rooms.get(code) else {
                        continue;
                    };
                    let _ = lm.poll(&room.session, room.time(now));
                    if !lm.out_mut().is_empty() {
                        c.dirty = true;
                    }
                }
                RoomScreen::Full(_) => {
                    let Some(room) = rooms.get(code) else {
                        continue;
                    };
                    let game = room.session.game();
                    let Some(clock) = game.clock() else {
                        continue;
                    };
                    let Some(running) = clock.running() else {
                        continue;
                    };
                    let left = clock
                        .remaining(running, room.time(now))
                        .map_or(u64::MAX, |r| r.main_ms);
                    let every = if left < 10_000 { 100 } else { 1000 };
                    if now.saturating_sub(c.last_draw) >= every {
                        c.dirty = true;
                    }
                }
            }
        }
        self.close_idle_rooms(now);
        self.render_dirty(now);
    }

    /// A slow reader's output was dropped (net::output): a full screen is drawn anew from
    /// a cleared terminal; the line mode cannot be, and the connection ends.
    fn output_dropped(&mut self, id: u64, now: u64) -> bool {
        let Some(p) = self.clients.get(&id).and_then(|c| c.painter.as_ref()) else {
            return false;
        };
        p.clear_next();
        self.render(id, now);
        true
    }

    fn take_output(&mut self) -> Vec<Outgoing> {
        let mut out = Vec::new();
        let mut closed = Vec::new();
        for (id, c) in self.clients.iter_mut() {
            let frame = c.frame.take();
            if !c.out.is_empty() || c.close || frame.is_some() {
                out.push(Outgoing {
                    client: *id,
                    bytes: std::mem::take(&mut c.out),
                    paint: frame.map(|f| Box::new(f) as Box<dyn crate::net::service::Paint>),
                    close: c.close,
                });
            }
            if c.close {
                closed.push(*id);
            }
        }
        for id in closed {
            self.disconnect(id, self.now);
        }
        out
    }
}

impl Hub {
    /// Closes the rooms nobody is connected to for too long (the game is saved first), and
    /// finished ones after a while.
    pub(super) fn close_idle_rooms(&mut self, now: u64) {
        let occupied: std::collections::BTreeSet<String> = self
            .clients
            .values()
            .filter_map(|c| match &c.place {
                Place::Room { code, .. } => Some(code.clone()),
                Place::Lobby => None,
            })
            .collect();
        let idle: Vec<String> = self
            .rooms
            .iter()
            .filter(|r| !occupied.contains(&r.code))
            .filter(|r| {
                let limit = if r.session.game().is_over() {
                    self.limits.finished_room_ms
                } else {
                    self.limits.idle_room_ms
                };
                now.saturating_sub(r.last_activity) >= limit
            })
            .map(|r| r.code.clone())
            .collect();
        let closed = !idle.is_empty();
        for code in idle {
            self.save(&code);
            self.rooms.remove(&code);
        }
        if closed {
            self.mark_lobbies();
        }
    }
}
