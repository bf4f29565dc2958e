//! A full screen's frames, drawn outside the hub's lock: under the lock the hub takes what
//! a frame needs — the lobby's words copied, or a room's game and screen lent (`Arc`s the
//! hub copies on write only while a frame still holds them) — and the SSH layer draws and
//! encodes the frame after releasing it ([`Paint`]). A slow render (a 400 × 200 terminal,
//! its diff) costs its own client's time, never a move of another room.

use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use ratatui::Terminal;

use crate::net::service::Paint;
use crate::net::term::RemoteBackend;
use crate::table::session::Session;
use crate::ui;

use super::super::app::Screen;

/// A client's terminal as drawn so far: only frames touch it, one at a time (the SSH
/// layer draws a client's frames in order); the hub never locks it.
pub(super) struct Painter {
    terminal: Mutex<Terminal<RemoteBackend>>,
    /// The next frame starts from a cleared screen (what was sent before was lost). A
    /// flag, not a frame's: a frame out of date is skipped, the clearing must not be.
    clear: AtomicBool,
}

impl Painter {
    pub(super) fn new(width: u16, height: u16) -> Result<Arc<Painter>, String> {
        let backend = RemoteBackend::new(width.max(1), height.max(1));
        let terminal = Terminal::new(backend).map_err(|e| e.to_string())?;
        Ok(Arc::new(Painter {
            terminal: Mutex::new(terminal),
            clear: AtomicBool::new(false),
        }))
    }

    /// The next frame is drawn whole on a cleared screen.
    pub(super) fn clear_next(&self) {
        self.clear.store(true, Ordering::SeqCst);
    }
}

/// The lobby's screen, its words copied.
pub(super) struct LobbyFrame {
    pub title: String,
    pub rooms: Vec<String>,
    pub empty: String,
    pub help: [String; 2],
    pub message: String,
    pub message_is_error: bool,
    pub input: String,
    pub theme: ui::Theme,
}

/// What a frame shows.
pub(super) enum Shown {
    Lobby(Box<LobbyFrame>),
    /// A room's full screen over its game, at the game's time `at`.
    Room {
        session: Arc<Session>,
        screen: Arc<Screen>,
        at: u64,
    },
}

/// One frame of one client's full screen.
pub(super) struct Frame {
    pub painter: Arc<Painter>,
    pub size: (u16, u16),
    pub shown: Shown,
}

impl Paint for Frame {
    fn paint(self: Box<Self>) -> Vec<u8> {
        let mut t = self
            .painter
            .terminal
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        let (w, h) = self.size;
        t.backend_mut().resize(w, h);
        // A new size clears the screen and draws it whole.
        let _ = t.autoresize();
        if self.painter.clear.swap(false, Ordering::SeqCst) {
            let _ = t.clear();
        }
        let drawn = match &self.shown {
            Shown::Lobby(l) => {
                let view = ui::lobby::LobbyView {
                    title: &l.title,
                    rooms: &l.rooms,
                    empty: &l.empty,
                    help: &l.help,
                    message: &l.message,
                    message_is_error: l.message_is_error,
                    prompt: "> ",
                    input: &l.input,
                };
                t.draw(|f| ui::lobby::draw(f, &view, &l.theme)).map(|_| ())
            }
            Shown::Room {
                session,
                screen,
                at,
            } => t.draw(|f| screen.draw(session, f, *at)).map(|_| ()),
        };
        match drawn {
            Ok(()) => t.backend_mut().take_output(),
            Err(_) => Vec::new(),
        }
    }
}
