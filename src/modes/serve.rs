//! The hub of `escaque serve`: every SSH connection's screen — the lobby, then a room's
//! full screen or line mode — over the rooms ([`super::room`]) that own the games.
//!
//! The hub is a [`Service`]: the SSH layer hands it bytes, sizes and the time, and takes
//! back the bytes to send. One truth: a room's `Session` is the only game; every screen
//! holds only its own state and its chair ([`Chair`]: role, event cursor, question) and
//! borrows the room's game for each key and each frame. A screen's command is applied to
//! the room's game with the screen's role; every other screen of the room then reads the
//! new events from its own cursor.
//!
//! Limits: connections, rooms and spectators are bounded; input is rate-limited (a token
//! bucket of bytes per second) and a single packet is cut at [`Limits::max_packet`]; lines
//! are at most 200 characters; rooms nobody is connected to close after
//! [`Limits::idle_room_ms`] (their game saved), finished ones after
//! [`Limits::finished_room_ms`].

use std::collections::BTreeMap;
use std::path::PathBuf;

use clap::Parser;
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;

use crate::config::Config;
use crate::core::Color;
use crate::keymap::Keymap;
use crate::lang::Lang;
use crate::net::service::{ClientTerm, Outgoing, Peer, Service};
use crate::net::term::{self, KeyDecoder, RemoteBackend};
use crate::speech::{Profile, Speaker};
use crate::ui::{self, Glyphs};

use super::app::{Flow, Screen, View};
use super::line::{LineEnd, LineOptions, LineScreen};
use crate::table::command::{Command, Context, Grammar, LobbyCommand};
use crate::table::room::{ColorChoice, RoomSettings, Rooms};
use crate::table::session::{Chair, Role, Session};

/// The bounds of a server.
#[derive(Clone, Debug)]
pub struct Limits {
    pub max_connections: usize,
    pub max_rooms: usize,
    pub max_spectators: usize,
    /// Bytes a client may send per second (sustained), and in one burst.
    pub input_bytes_per_second: u32,
    pub input_burst: u32,
    /// A single packet longer than this is cut.
    pub max_packet: usize,
    /// A room nobody is connected to closes after this long (its game saved).
    pub idle_room_ms: u64,
    /// A finished game's room closes after this long.
    pub finished_room_ms: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_connections: 256,
            max_rooms: 128,
            max_spectators: 32,
            input_bytes_per_second: 4096,
            input_burst: 16384,
            max_packet: 8192,
            idle_room_ms: 30 * 60 * 1000,
            finished_room_ms: 10 * 60 * 1000,
        }
    }
}

/// Where a server keeps its games: unfinished ones in `autosave/ROOM.pgn` (after every
/// move), finished ones in `games/`.
#[derive(Clone, Debug)]
pub struct ServeDirs {
    pub autosave: PathBuf,
    pub games: PathBuf,
}

/// The options a client may give after `--` (`ssh -p 2222 host -- --screen-reader`).
#[derive(Parser, Debug, Default)]
#[command(name = "escaque", no_binary_name = true, disable_version_flag = true)]
struct ClientArgs {
    /// One line per event, no screen drawing (also without a terminal, `ssh -T`).
    #[arg(long)]
    screen_reader: bool,
    /// Interface language: es or en.
    #[arg(long)]
    lang: Option<Lang>,
    /// Square names: es, en or fide.
    #[arg(long)]
    names: Option<Profile>,
    /// ASCII pieces.
    #[arg(long)]
    ascii: bool,
    /// No colour (as NO_COLOR).
    #[arg(long)]
    no_color: bool,
    /// Theme name.
    #[arg(long)]
    theme: Option<String>,
}

/// A room's screen for one client.
enum RoomScreen {
    Full(Box<Screen>),
    Line(Box<LineScreen<Vec<u8>>>),
}

enum Place {
    Lobby,
    Room {
        code: String,
        role: Role,
        screen: RoomScreen,
        /// The room version this screen shows.
        synced: u64,
    },
}

struct Client {
    peer: Peer,
    name: String,
    /// The open mode asks for a name first.
    needs_name: bool,
    lang: Lang,
    speaker: Speaker,
    view: View,
    theme: ui::Theme,
    keymap: Keymap,
    /// The line mode (screen reader or no terminal).
    line: bool,
    /// The client has a terminal in raw mode: the server echoes and ends lines with CR LF.
    raw: bool,
    /// `TERM=dumb`: no escape sequence at all.
    dumb: bool,
    decoder: KeyDecoder,
    terminal: Option<Terminal<RemoteBackend>>,
    place: Place,
    /// The lobby's command line (and the line mode's line being typed).
    typed: String,
    message: String,
    message_is_error: bool,
    out: Vec<u8>,
    close: bool,
    tokens: f64,
    last_input: u64,
    last_draw: u64,
    dirty: bool,
}

/// The hub: rooms and the screens connected to them.
pub struct Hub {
    config: Config,
    limits: Limits,
    rooms: Rooms,
    clients: BTreeMap<u64, Client>,
    next: u64,
    /// The latest time the hub was given.
    now: u64,
    /// The thread that writes the games (the disk is never waited for under the hub's lock).
    saver: Option<std::sync::mpsc::Sender<SaveJob>>,
}

/// A game to write.
enum SaveJob {
    /// The unfinished game of a room, written over its autosave.
    Autosave { room: String, text: String },
    /// A finished game: written to the games directory, the autosave removed.
    Finished { room: String, session: Box<Session> },
}

/// Starts the writer of `dirs`: it writes jobs in order, and of several autosaves of one
/// room waiting together only the last (the others are already out of date).
fn start_saver(dirs: ServeDirs) -> std::sync::mpsc::Sender<SaveJob> {
    let (tx, rx) = std::sync::mpsc::channel::<SaveJob>();
    std::thread::spawn(move || {
        while let Ok(first) = rx.recv() {
            let mut jobs = vec![first];
            jobs.extend(rx.try_iter());
            let last_autosave: BTreeMap<&str, usize> = jobs
                .iter()
                .enumerate()
                .filter_map(|(i, j)| match j {
                    SaveJob::Autosave { room, .. } => Some((room.as_str(), i)),
                    SaveJob::Finished { .. } => None,
                })
                .collect();
            let keep: Vec<bool> = jobs
                .iter()
                .enumerate()
                .map(|(i, j)| match j {
                    SaveJob::Autosave { room, .. } => last_autosave.get(room.as_str()) == Some(&i),
                    SaveJob::Finished { .. } => true,
                })
                .collect();
            for (job, keep) in jobs.into_iter().zip(keep) {
                if !keep {
                    continue;
                }
                // A failed write cannot stop the games; the next move writes again.
                match job {
                    SaveJob::Autosave { room, text } => {
                        let path = dirs.autosave.join(format!("{room}.pgn"));
                        let _ = std::fs::create_dir_all(&dirs.autosave)
                            .and_then(|_| crate::fsutil::write_atomic(&path, text.as_bytes()));
                    }
                    SaveJob::Finished { room, session } => {
                        if super::persist::save_game(&session, &dirs.games).is_ok() {
                            let _ = std::fs::remove_file(dirs.autosave.join(format!("{room}.pgn")));
                        }
                    }
                }
            }
        }
    });
    tx
}

const MAX_LINE: usize = 200;

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
        }
    }

    pub fn rooms(&self) -> &Rooms {
        &self.rooms
    }

    pub fn connections(&self) -> usize {
        self.clients.len()
    }

    fn new_client(&self, peer: Peer, term: &ClientTerm) -> Result<Client, String> {
        let args = ClientArgs::try_parse_from(&term.args).map_err(|e| e.to_string())?;
        let lang = args.lang.unwrap_or_else(|| {
            self.config
                .lang_from_vars(|n| term.var(n).map(str::to_string))
        });
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
        let terminal = if line {
            None
        } else {
            let backend = RemoteBackend::new(term.width.max(1), term.height.max(1));
            Some(Terminal::new(backend).map_err(|e| e.to_string())?)
        };
        let needs_name = peer.name.is_none();
        let name = peer.name.clone().unwrap_or_default();
        Ok(Client {
            peer,
            name,
            needs_name,
            lang,
            speaker,
            view,
            theme,
            keymap,
            line,
            raw: term.term.is_some(),
            dumb: term_name == "dumb",
            decoder: KeyDecoder::new(),
            terminal,
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

    fn lobby_help(lang: Lang) -> Vec<String> {
        vec![
            lang.pick(
                "nueva [5+3] [blancas|negras|azar] [clave PALABRA] · entrar CÓDIGO [clave] · mirar CÓDIGO",
                "new [5+3] [white|black|random] [password WORD] · join CODE [password] · watch CODE",
            )
            .to_string(),
            lang.pick(
                "árbitro CÓDIGO · salas · nombre NOMBRE · ayuda · salir",
                "arbiter CODE · rooms · name NAME · help · quit",
            )
            .to_string(),
        ]
    }
}

/// What takes the cursor back to the start of the line being typed, to write over it: a
/// carriage return and "erase to the end of the line", or only the return on a dumb
/// terminal (the line written then covers the prompt).
fn wipe_line(dumb: bool) -> &'static [u8] {
    if dumb { b"\r" } else { b"\r\x1b[K" }
}

/// The rooms as lines of words (the lobby's list, said by the line mode too).
fn room_lines(rooms: &Rooms, lang: Lang) -> Vec<String> {
    rooms
        .iter()
        .map(|r| {
            let seat = |c: Color| {
                r.seat(c)
                    .map(|h| h.name.clone())
                    .unwrap_or_else(|| lang.pick("(libre)", "(free)").to_string())
            };
            let tc = r
                .settings
                .time_control
                .as_ref()
                .map(|t| t.to_string())
                .unwrap_or_else(|| lang.pick("sin reloj", "no clock").to_string());
            let state = if r.session.game().is_over() {
                lang.pick("terminada", "finished")
            } else if r.started() {
                lang.pick("en juego", "playing")
            } else {
                lang.pick("esperando", "waiting")
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
                    lang.pick("mirando", "watching")
                ));
            }
            if r.arbiter().is_some() {
                s.push_str(lang.pick("  con árbitro", "  with arbiter"));
            }
            if r.settings.password.is_some() {
                s.push_str(lang.pick("  con clave", "  password"));
            }
            s
        })
        .collect()
}

fn welcome(c: &Client) -> String {
    let lang = c.lang;
    if c.needs_name {
        return lang
            .pick(
                "Bienvenido a escaque. ¿Cómo se llama? Escriba: nombre SU NOMBRE",
                "Welcome to escaque. What is your name? Type: name YOUR NAME",
            )
            .to_string();
    }
    match lang {
        Lang::Es => format!(
            "Bienvenido, {}. Escriba nueva para crear una sala, o entrar CÓDIGO para unirse.",
            c.name
        ),
        Lang::En => format!(
            "Welcome, {}. Type new to make a room, or join CODE to join one.",
            c.name
        ),
    }
}

/// The words for a role just taken.
fn role_words(lang: Lang, role: Role, code: &str, speaker: &Speaker) -> String {
    match (role, lang) {
        (Role::Player(c), Lang::Es) => {
            format!("Sala {code}: juega con {}.", speaker.side(c).to_lowercase())
        }
        (Role::Player(c), Lang::En) => {
            format!("Room {code}: you play {}.", speaker.side(c).to_lowercase())
        }
        (Role::Arbiter, Lang::Es) => {
            format!("Sala {code}: es el árbitro. {}", speaker.arbiter_help())
        }
        (Role::Arbiter, Lang::En) => format!(
            "Room {code}: you are the arbiter. {}",
            speaker.arbiter_help()
        ),
        (Role::Spectator, Lang::Es) => format!("Sala {code}: mira la partida."),
        (Role::Spectator, Lang::En) => format!("Room {code}: you are watching."),
    }
}

impl Hub {
    /// Writes line-mode text to a client: on a raw terminal the line being typed is wiped
    /// first and written again after (with its prompt), and lines end in CR LF.
    fn emit_lines(c: &mut Client, text: &str) {
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
    fn say(c: &mut Client, text: &str, error: bool) {
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
                } => app.set_announcement(text),
                _ => {
                    c.message = text.to_string();
                    c.message_is_error = error;
                }
            }
        }
        c.dirty = true;
    }

    /// Brings a client's screen up to date in its output.
    fn render(&mut self, id: u64, now: u64) {
        let rooms = &self.rooms;
        let Some(c) = self.clients.get_mut(&id) else {
            return;
        };
        c.dirty = false;
        c.last_draw = now;
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
        let Some(t) = c.terminal.as_mut() else {
            return;
        };
        let drawn = match &c.place {
            Place::Lobby => {
                let lines = room_lines(rooms, c.lang);
                let help = Self::lobby_help(c.lang);
                let view = ui::lobby::LobbyView {
                    title: c.lang.pick(
                        "escaque · vestíbulo: salas de juego",
                        "escaque · lobby: game rooms",
                    ),
                    rooms: &lines,
                    empty: c
                        .lang
                        .pick("No hay salas todavía.", "There are no rooms yet."),
                    help: &help,
                    message: &c.message,
                    message_is_error: c.message_is_error,
                    prompt: "> ",
                    input: &c.typed,
                };
                let theme = &c.theme;
                t.draw(|f| ui::lobby::draw(f, &view, theme)).map(|_| ())
            }
            Place::Room {
                code,
                screen: RoomScreen::Full(app),
                ..
            } => match rooms.get(code) {
                Some(room) => {
                    let at = room.time(now);
                    t.draw(|f| app.draw(&room.session, f, at)).map(|_| ())
                }
                None => Ok(()),
            },
            Place::Room { .. } => Ok(()),
        };
        if drawn.is_ok() {
            let bytes = t.backend_mut().take_output();
            c.out.extend_from_slice(&bytes);
        }
    }

    fn render_dirty(&mut self, now: u64) {
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
    fn enter_room(&mut self, id: u64, code: &str, role: Role, now: u64, note: Option<String>) {
        let Some(room) = self.rooms.get(code) else {
            return;
        };
        let warnings_ms = self.config.low_time_warnings_ms();
        let Some(c) = self.clients.get_mut(&id) else {
            return;
        };
        let chair: Chair = room.session.chair(Some(role));
        let mut words = role_words(c.lang, role, &room.code, &c.speaker);
        if role == Role::Arbiter && !c.line {
            words.push_str(
                c.lang
                    .pick(" Escriba : y la orden.", " Type : and the command."),
            );
        }
        if !room.started() {
            words.push(' ');
            words.push_str(c.lang.pick(
                "La partida empieza cuando los dos jugadores estén sentados.",
                "The game starts when both players are seated.",
            ));
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
                c.speaker,
                c.view.clone(),
                c.theme.clone(),
            );
            let opening = app.announcement().to_string();
            app.set_announcement(format!("{words} {opening}"));
            RoomScreen::Full(Box::new(app))
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
        self.after_room_change(&code, now);
    }

    /// Back to the lobby (a seat is kept; a spectator's place is given up).
    fn leave_room(&mut self, id: u64, now: u64) {
        let Some(c) = self.clients.get_mut(&id) else {
            return;
        };
        let place = std::mem::replace(&mut c.place, Place::Lobby);
        if let Place::Room { code, role, .. } = place {
            if let Ok(room) = self.rooms.get_mut(&code) {
                room.leave(role, now);
            }
            let text = match (role, c.lang) {
                (Role::Spectator, Lang::Es) => format!("Ha salido de la sala {code}."),
                (Role::Spectator, Lang::En) => format!("You left room {code}."),
                (_, Lang::Es) => {
                    format!("Ha salido de la sala {code}; su asiento le espera (entrar {code}).")
                }
                (_, Lang::En) => {
                    format!("You left room {code}; your seat is kept (join {code}).")
                }
            };
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

    /// Every lobby screen shows the list again.
    fn mark_lobbies(&mut self) {
        for c in self.clients.values_mut() {
            if matches!(c.place, Place::Lobby) && !c.line {
                c.dirty = true;
            }
        }
    }

    /// After a screen of room `code` acted: the room notes the activity, and when the game
    /// changed every other screen of the room reads the new events.
    fn acted(&mut self, code: &str, before: u64, now: u64) {
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
    fn after_room_change(&mut self, code: &str, now: u64) {
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
                        app.absorb_events(&room.session);
                    }
                    RoomScreen::Line(lm) => {
                        let _ = lm.poll(&room.session, room.time(now));
                    }
                }
                c.dirty = true;
            }
        }
        self.save(code);
        self.mark_lobbies();
    }

    /// Autosave of an unfinished game (atomic), the PGN of a finished one.
    fn save(&mut self, code: &str) {
        let Some(saver) = &self.saver else {
            return;
        };
        let Ok(room) = self.rooms.get_mut(code) else {
            return;
        };
        let events = room.session.game().events().len();
        if room.archived || room.session.game().plies().is_empty() || room.saved_events == events {
            return;
        }
        room.saved_events = events;
        let job = if room.session.game().is_over() {
            room.archived = true;
            SaveJob::Finished {
                room: room.code.clone(),
                session: Box::new(room.session.clone()),
            }
        } else {
            let mut tags = super::persist::tags(&room.session);
            tags.extend(room.restore_tags());
            SaveJob::Autosave {
                room: room.code.clone(),
                text: crate::laws::export::to_pgn_text(room.session.game(), &tags),
            }
        };
        let _ = saver.send(job);
    }

    /// One key or paste from a client.
    fn on_event(&mut self, id: u64, event: Event, now: u64) {
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
    fn line_key(&mut self, id: u64, key: KeyEvent, now: u64) {
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
    fn typed_line(&mut self, id: u64, line: &str, now: u64) {
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
                let end = lm.input_line(&mut room.session, line, at);
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
    fn screen_key(&mut self, id: u64, key: KeyEvent, now: u64) {
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
        let flow = app.key(&mut room.session, key, at);
        c.dirty = true;
        if flow == Flow::Save {
            let words = c.lang.pick(
                "El servidor guarda la partida: se escribe en PGN cuando termina.",
                "The server keeps the game: it is written as PGN when it ends.",
            );
            app.set_announcement(words);
        }
        let code = code.clone();
        self.acted(&code, before, now);
        if matches!(flow, Flow::Quit | Flow::NewGame | Flow::Resume) {
            self.leave_room(id, now);
        }
    }

    /// A command of the lobby.
    fn lobby_command(&mut self, id: u64, text: &str, now: u64) {
        let max_rooms = self.limits.max_rooms;
        let max_spectators = self.limits.max_spectators;
        let default_tc = self.config.time_control.clone();
        let Some(c) = self.clients.get_mut(&id) else {
            return;
        };
        let lang = c.lang;
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
                let help = Self::lobby_help(lang).join(" · ");
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
                c.name = name;
                c.needs_name = false;
                let w = welcome(c);
                Self::say(c, &w, false);
            }
            LobbyCommand::Rooms => {
                let lines = room_lines(&self.rooms, lang);
                let text = if lines.is_empty() {
                    lang.pick("No hay salas todavía.", "There are no rooms yet.")
                        .to_string()
                } else if c.line {
                    lines.join("\n")
                } else {
                    match lang {
                        Lang::Es => format!("{} salas.", lines.len()),
                        Lang::En => format!("{} rooms.", lines.len()),
                    }
                };
                Self::say(c, &text, false);
            }
            LobbyCommand::New {
                time_control,
                color,
                password,
            } => {
                let settings = RoomSettings {
                    time_control: time_control
                        .unwrap_or_else(|| default_tc.is_timed().then_some(default_tc)),
                    color: match color.flatten() {
                        Some(Color::White) => ColorChoice::White,
                        Some(Color::Black) => ColorChoice::Black,
                        None => ColorChoice::Random,
                    },
                    password: password.clone(),
                };
                let identity = c.peer.identity.clone();
                let name = c.name.clone();
                match self.rooms.create(settings, max_rooms, now) {
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
                    Err(e) => Self::say(c, &e.words(lang), true),
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
                            Self::say(c, &e.words(lang), true);
                        }
                    }
                }
            }
        }
    }

    /// Marks a client to be closed after its last bytes.
    fn close(&mut self, id: u64) {
        if let Some(c) = self.clients.get_mut(&id) {
            if !c.line {
                c.out.extend_from_slice(&term::leave_screen());
            } else {
                let bye = c.lang.pick("Adiós.\n", "Goodbye.\n");
                let bye = if c.raw {
                    format!("\r\n{}", term::lines_for_raw(bye))
                } else {
                    bye.to_string()
                };
                c.out.extend_from_slice(bye.as_bytes());
            }
            c.close = true;
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum JoinKind {
    Play,
    Watch,
    Arbiter,
}

/// What a lobby word asks for: `join` a seat (else watch), `watch`, or the arbiter's seat.
impl Service for Hub {
    fn connect(&mut self, peer: Peer, term: ClientTerm, now: u64) -> Result<u64, String> {
        self.now = self.now.max(now);
        let lang = self
            .config
            .lang_from_vars(|n| term.var(n).map(str::to_string));
        if self.clients.len() >= self.limits.max_connections {
            return Err(lang
                .pick(
                    "El servidor está lleno; inténtelo más tarde.\r\n",
                    "The server is full; try again later.\r\n",
                )
                .to_string());
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
            let mut text = format!("{}\n{}\n", c.message, Self::lobby_help(c.lang).join("\n"));
            for l in room_lines(&self.rooms, c.lang) {
                text.push_str(&l);
                text.push('\n');
            }
            Self::emit_lines(&mut c, &text);
        }
        let lang = c.lang;
        self.clients.insert(id, c);
        if let Some((code, role)) = seat {
            let back = lang
                .pick("Bienvenido de nuevo.", "Welcome back.")
                .to_string();
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
            let words = c.lang.pick(
                "Entrada demasiado rápida o larga: se ha descartado una parte.",
                "Input too fast or too long: part of it was dropped.",
            );
            if c.message != words {
                Self::say(c, words, true);
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
            if let Some(t) = c.terminal.as_mut() {
                t.backend_mut()
                    .resize(width.clamp(1, 1000), height.clamp(1, 1000));
                let _ = t.autoresize();
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
        let Some(t) = self.clients.get_mut(&id).and_then(|c| c.terminal.as_mut()) else {
            return false;
        };
        let _ = t.clear();
        self.render(id, now);
        true
    }

    fn take_output(&mut self) -> Vec<Outgoing> {
        let mut out = Vec::new();
        let mut closed = Vec::new();
        for (id, c) in self.clients.iter_mut() {
            if !c.out.is_empty() || c.close {
                out.push(Outgoing {
                    client: *id,
                    bytes: std::mem::take(&mut c.out),
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
    fn close_idle_rooms(&mut self, now: u64) {
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
        for code in idle {
            self.save(&code);
            self.rooms.remove(&code);
        }
    }
}

/// Who may connect to a server.
pub enum Access {
    /// Keys of the allowlist, with their names and the arbiter mark.
    Allowlist(crate::net::keys::Allowlist),
    /// Any key; the lobby asks for a name.
    Open,
}

impl crate::net::ssh::Gate for Access {
    fn admit(&self, key: &russh::keys::PublicKey, user: &str) -> Option<Peer> {
        let identity = crate::net::keys::fingerprint(key);
        let user = user.chars().take(32).collect();
        match self {
            Access::Open => Some(Peer {
                identity,
                user,
                name: None,
                arbiter: false,
            }),
            Access::Allowlist(list) => list.get(key).map(|a| Peer {
                identity,
                user,
                name: Some(a.name.clone()),
                arbiter: a.arbiter,
            }),
        }
    }
}

/// `escaque serve`'s options.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    pub listen: String,
    /// The allowlist file; `None`: `allowed_keys` beside the config file.
    pub allowlist: Option<PathBuf>,
    pub open: bool,
    pub limits: Limits,
    /// The SSH transport's limits (net::ssh).
    pub transport: crate::net::ssh::Transport,
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(transparent)]
    Config(#[from] crate::config::ConfigError),
    #[error(transparent)]
    Keys(#[from] crate::net::keys::KeyError),
    #[error("cannot listen on {addr}: {error}")]
    Listen { addr: String, error: std::io::Error },
    #[error("the server stopped: {0}")]
    Io(#[from] std::io::Error),
}

/// Runs the server until the process is stopped; says where it listens on `err`.
pub fn run(opts: ServeOptions, err: &mut dyn std::io::Write) -> Result<(), ServeError> {
    let paths = crate::config::Paths::from_env()?;
    let config = Config::load(&paths)?;
    let server_dir = paths.data_dir.join("server");
    let (host_key, created) = crate::net::keys::load_or_create_host_key(&server_dir)?;
    let access = if opts.open {
        Access::Open
    } else {
        let path = opts.allowlist.clone().unwrap_or_else(|| {
            paths
                .config_file
                .parent()
                .map_or_else(|| PathBuf::from("allowed_keys"), |d| d.join("allowed_keys"))
        });
        Access::Allowlist(crate::net::keys::Allowlist::load(&path)?)
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(&opts.listen)
            .await
            .map_err(|error| ServeError::Listen {
                addr: opts.listen.clone(),
                error,
            })?;
        let addr = listener.local_addr()?;
        let fp = crate::net::keys::fingerprint(host_key.public_key());
        let who = match &access {
            Access::Open => "open: any key, the lobby asks for a name".to_string(),
            Access::Allowlist(l) => format!("{} keys allowed", l.len()),
        };
        let _ = writeln!(
            err,
            "escaque serve: listening on {addr} ({who}); host key {fp}{}",
            if created { " (new)" } else { "" }
        );
        let _ = writeln!(err, "play with: ssh -p {} NAME@{}", addr.port(), addr.ip());
        let _ = err.flush();
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64);
        let dirs = ServeDirs {
            autosave: server_dir.join("autosave"),
            games: paths.games_dir(),
        };
        let autosave = dirs.autosave.clone();
        let mut hub = Hub::new(config, opts.limits.clone(), Some(dirs), seed);
        for line in hub.restore(&autosave, 0) {
            let _ = writeln!(err, "escaque serve: {line}");
        }
        let start = std::time::Instant::now();
        let clock: crate::net::ssh::Clock =
            std::sync::Arc::new(move || start.elapsed().as_millis() as u64);
        crate::net::ssh::serve(
            listener,
            crate::net::ssh::ServerOptions {
                host_key,
                inactivity_timeout: std::time::Duration::from_secs(3600),
                transport: opts.transport.clone(),
            },
            Box::new(access),
            hub,
            clock,
        )
        .await?;
        Ok(())
    })
}

impl Hub {
    /// Restores the rooms whose unfinished games were autosaved in `dir` by an earlier run
    /// (after a restart or a crash): the seats go back to their keys, the clocks stay
    /// stopped until both players are back. Returns a line per file, said at start; a file
    /// that cannot be read is left where it is.
    pub fn restore(&mut self, dir: &std::path::Path, now: u64) -> Vec<String> {
        let mut said = Vec::new();
        let Ok(entries) = std::fs::read_dir(dir) else {
            return said;
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
            .collect();
        paths.sort();
        for path in paths {
            match restore_room(&path, now) {
                Ok(room) => {
                    said.push(format!(
                        "restored room {} ({} – {}, {} plies) from {}",
                        room.code,
                        room.session.name(Color::White),
                        room.session.name(Color::Black),
                        room.session.game().plies().len(),
                        path.display()
                    ));
                    self.rooms.insert(room);
                }
                Err(e) => said.push(format!("not restored: {e}")),
            }
        }
        said
    }
}

/// One room from its autosave.
fn restore_room(path: &std::path::Path, now: u64) -> Result<crate::table::room::Room, String> {
    use crate::table::room::{Holder, Room};
    let (session, game_now) = super::persist::resume(path, crate::table::session::Setup::default())
        .map_err(|e| e.to_string())?;
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let pgn = crate::laws::pgn::read_str(&text)
        .next()
        .and_then(Result::ok)
        .ok_or_else(|| format!("{}: no game", path.display()))?;
    let tag = |k: &str| pgn.tag(k).map(str::to_string);
    let code = tag("EscaqueRoom")
        .filter(|c| c.len() == 4 && c.chars().all(|ch| ch.is_ascii_alphanumeric()))
        .ok_or_else(|| format!("{}: no EscaqueRoom tag", path.display()))?;
    let holder = |key: &str, name: String| tag(key).map(|identity| Holder { identity, name });
    let seats = [
        holder("EscaqueWhiteKey", session.name(Color::White).to_string()),
        holder("EscaqueBlackKey", session.name(Color::Black).to_string()),
    ];
    let arbiter = holder(
        "EscaqueArbiterKey",
        tag("EscaqueArbiterName").unwrap_or_default(),
    );
    let settings = RoomSettings {
        time_control: session.setup().time_control.clone(),
        color: if tag("EscaqueRoomColor").as_deref() == Some("black") {
            ColorChoice::Black
        } else {
            ColorChoice::White
        },
        password: tag("EscaqueRoomPassword"),
    };
    // The restore tags are the server's own: they are not the game's.
    let mut session = session;
    session.retain_tags(|k| {
        !k.starts_with("EscaqueRoom") && !k.ends_with("Key") && k != "EscaqueArbiterName"
    });
    Ok(Room::restored(
        code, settings, session, seats, arbiter, game_now, now,
    ))
}
