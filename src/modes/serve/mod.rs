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

use crate::config::Config;
use crate::core::Color;
use crate::keymap::Keymap;
use crate::lang::Lang;
use crate::net::service::{ClientTerm, Outgoing, Peer, Service};
use crate::net::term::{self, KeyDecoder};
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
    /// Connections one key may hold at once (one key must not take every slot).
    pub max_sessions_per_key: usize,
    /// Unfinished games one key may sit at as a player (one key must not take every room).
    pub max_rooms_per_key: usize,
    /// Connections one address (an IPv6 /64) may hold at once, whatever its keys; 0: no
    /// limit.
    pub max_sessions_per_address: usize,
    /// Unfinished games the keys connected from one address may sit at as players; 0: no
    /// limit.
    pub max_rooms_per_address: usize,
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
            max_sessions_per_key: 8,
            max_rooms_per_key: 4,
            max_sessions_per_address: 32,
            max_rooms_per_address: 16,
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
    /// Lent to the frames being drawn ([`paint`]); copied on write only while one is.
    Full(std::sync::Arc<Screen>),
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
    /// Where it connects from (the limits per address).
    source: Option<std::net::IpAddr>,
    name: String,
    /// The open mode asks for a name first.
    needs_name: bool,
    /// The client's words (its interface language and names).
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
    /// The full screen's terminal, drawn outside the hub's lock; `None` in the line mode.
    painter: Option<std::sync::Arc<paint::Painter>>,
    /// The terminal's size (columns, rows).
    size: (u16, u16),
    /// The frame to draw after the bytes of `out` (the latest one only).
    frame: Option<paint::Frame>,
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
    saver: Option<Saver>,
    /// The lobby's list as the lobby screens last drew it (in English): a move that
    /// changes nothing in the list redraws no lobby.
    lobby_list: Vec<String>,
}

/// The longest line a client may type.
const MAX_LINE: usize = 200;

mod hub;
mod lobby;
mod paint;
mod saver;

use lobby::{room_line, room_lines, seat_of, welcome};
use saver::{Saver, start_saver};

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
    /// The host key or the allowlist (`net`'s data, said by `speech::access`).
    #[error("{}", crate::speech::access::key_error(.0, crate::lang::Lang::En))]
    Keys(crate::net::keys::KeyError),
    #[error("{}", operator::cannot_listen(crate::lang::Lang::En, .addr, .error))]
    Listen { addr: String, error: std::io::Error },
    #[error("{}", operator::stopped(crate::lang::Lang::En, .0))]
    Io(#[from] std::io::Error),
}

impl From<crate::net::keys::KeyError> for ServeError {
    fn from(e: crate::net::keys::KeyError) -> ServeError {
        ServeError::Keys(e)
    }
}

use crate::speech::operator;

impl ServeError {
    /// The error in words, in `lang`: the operator's to fix.
    pub fn say(&self, lang: crate::lang::Lang) -> String {
        match self {
            ServeError::Config(e) => e.say(lang),
            ServeError::Keys(k) => crate::speech::access::key_error(k, lang),
            ServeError::Listen { addr, error } => operator::cannot_listen(lang, addr, error),
            ServeError::Io(e) => operator::stopped(lang, e),
        }
    }
}

/// Runs the server until the process is stopped; says where it listens on `err`.
pub fn run(opts: ServeOptions, err: &mut dyn std::io::Write) -> Result<(), ServeError> {
    let paths = crate::config::Paths::from_env()?;
    let config = Config::load(&paths)?;
    let server_dir = paths.data_dir.join("server");
    // The host key and the rooms' autosaves (their passwords) are the server's alone.
    crate::fsutil::private_dir(&server_dir)?;
    crate::fsutil::private_dir(&server_dir.join("autosave"))?;
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
        // The operator's lines in the server's language: the config's, else LANG's.
        let lang = config.lang();
        let allowed = match &access {
            Access::Open => None,
            Access::Allowlist(l) => Some(l.len()),
        };
        let _ = writeln!(
            err,
            "escaque serve: {}",
            operator::listening(lang, &addr.to_string(), allowed, &fp.to_string(), created)
        );
        let _ = writeln!(
            err,
            "{}",
            operator::play_with(lang, addr.port(), &addr.ip().to_string())
        );
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
