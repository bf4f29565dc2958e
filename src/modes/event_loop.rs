//! The one event loop of the full screen: input → action → update → events → draw. Generic
//! over the ratatui backend, the source of input events and the source of time, so the
//! whole app runs headless in tests (a `TestBackend`, scripted keys, a fake clock).

use std::io;
use std::time::{Duration, Instant};

use crossterm::event::Event;
use ratatui::Terminal;
use ratatui::backend::Backend;

use super::app::{App, Flow};

/// Where time comes from: milliseconds from any fixed origin.
pub trait TimeSource {
    fn now_ms(&self) -> u64;
}

/// The system's monotonic clock, from the moment it was made.
#[derive(Clone, Copy, Debug)]
pub struct SystemTime(Instant);

impl SystemTime {
    pub fn new() -> SystemTime {
        SystemTime(Instant::now())
    }
}

impl Default for SystemTime {
    fn default() -> Self {
        SystemTime::new()
    }
}

impl TimeSource for SystemTime {
    fn now_ms(&self) -> u64 {
        self.0.elapsed().as_millis() as u64
    }
}

/// Where input events come from.
pub trait Input {
    /// The next event, waiting at most `timeout`; `None` when none came.
    fn next(&mut self, timeout: Duration) -> io::Result<Option<Event>>;
}

/// The terminal's events through crossterm.
#[derive(Clone, Copy, Debug, Default)]
pub struct TerminalInput;

impl Input for TerminalInput {
    fn next(&mut self, timeout: Duration) -> io::Result<Option<Event>> {
        // crossterm reads its terminal in a loop that ends only on "would block": once the
        // terminal is gone (the window closed, the SSH connection dropped) every read
        // returns 0 bytes and `crossterm::event::poll` never comes back — the process spun
        // on a core, deaf to SIGHUP and SIGTERM. So the terminal (standard input) is looked
        // at here first, and crossterm is only asked with a zero timeout: for the events it
        // already parsed, or once there is something to read. (A hang-up in the
        // microseconds between the two is caught by the signal watchdog of
        // `crate::terminal`.)
        let gone = || io::Error::new(io::ErrorKind::UnexpectedEof, "the terminal is gone");
        if let Ready::Gone = terminal_input_ready(Duration::ZERO) {
            return Err(gone());
        }
        if crossterm::event::poll(Duration::ZERO)? {
            return crossterm::event::read().map(Some);
        }
        let wait = match terminal_input_ready(timeout) {
            Ready::Gone => return Err(gone()),
            Ready::Nothing => return Ok(None),
            // A signal (a resize) or bytes: crossterm reads them at once.
            Ready::Input => Duration::ZERO,
            Ready::Unknown => timeout,
        };
        if crossterm::event::poll(wait)? {
            crossterm::event::read().map(Some)
        } else {
            Ok(None)
        }
    }
}

/// What the terminal's input holds.
enum Ready {
    /// Bytes to read, or a signal came.
    Input,
    /// Nothing within the timeout.
    Nothing,
    /// Hung up, closed or in error: nothing will ever come.
    Gone,
    /// Not known (standard input is not the terminal): crossterm decides.
    Unknown,
}

/// Waits at most `timeout` for the terminal's input (standard input, which crossterm reads
/// when it is a terminal) to be readable or gone. A signal (SIGTERM, SIGHUP, SIGWINCH)
/// ends the wait early: the loop looks at it at once.
fn terminal_input_ready(timeout: Duration) -> Ready {
    // SAFETY: `isatty` and `poll` on a descriptor this process holds, with one pollfd that
    // lives on the stack for the call.
    unsafe {
        if libc::isatty(libc::STDIN_FILENO) != 1 {
            return Ready::Unknown;
        }
        let mut fd = libc::pollfd {
            fd: libc::STDIN_FILENO,
            events: libc::POLLIN,
            revents: 0,
        };
        let ms = timeout.as_millis().min(i32::MAX as u128) as libc::c_int;
        match libc::poll(&mut fd, 1, ms) {
            0 => Ready::Nothing,
            // Interrupted by a signal: the loop looks at it (SIGWINCH is crossterm's).
            n if n < 0 => Ready::Input,
            _ if fd.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0 => Ready::Gone,
            _ => Ready::Input,
        }
    }
}

/// Work done beside the person's input on every turn of the loop: the engine's moves,
/// autosave. Returns `true` when it changed something that must be drawn.
pub trait Companion {
    fn step(&mut self, app: &mut App, now: u64) -> bool;
    /// A flow the app asked for that the companion handles (saving); returns the flow to
    /// continue with.
    fn handle(&mut self, _app: &mut App, flow: Flow, _now: u64) -> Flow {
        flow
    }
}

/// No companion: two people at one terminal with no autosave (tests).
pub struct Alone;

impl Companion for Alone {
    fn step(&mut self, _app: &mut App, _now: u64) -> bool {
        false
    }
}

/// How often the screen is redrawn while a clock runs (tenths are shown under 10 s).
const FRAME: Duration = Duration::from_millis(100);

/// Runs the loop until the app asks to quit, start a new game or resume (the flow is
/// returned), or the input ends.
pub fn run<B: Backend>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    input: &mut dyn Input,
    time: &dyn TimeSource,
    companion: &mut dyn Companion,
) -> io::Result<Flow>
where
    B::Error: std::error::Error + Send + Sync + 'static,
{
    let draw = |terminal: &mut Terminal<B>, app: &App, now: u64| -> io::Result<()> {
        terminal
            .draw(|f| app.draw(f, now))
            .map(|_| ())
            .map_err(io::Error::other)
    };
    // The time the game's clock did not see: while the help screen is open, the resume
    // question waits, or the terminal is too small to show the board, the clock stands
    // (the loop's `now` stops with it; `time` goes on).
    let mut held = 0u64;
    let mut last = time.now_ms();
    let too_small = |terminal: &Terminal<B>| {
        terminal
            .size()
            .is_ok_and(|s| s.width < crate::ui::MIN_WIDTH || s.height < crate::ui::MIN_HEIGHT)
    };
    let now = last;
    app.tick(now);
    draw(terminal, app, now)?;
    loop {
        if crate::terminal::signalled().is_some() {
            // SIGTERM or SIGHUP: leave now; the terminal guard restores the screen.
            return Ok(Flow::Quit);
        }
        let event = match input.next(FRAME) {
            Ok(e) => e,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => None,
            // The input is over (a scripted session, a closed terminal): leave cleanly.
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(Flow::Quit),
            Err(e) => return Err(e),
        };
        let raw = time.now_ms();
        if app.holds_clock() || too_small(terminal) {
            held += raw.saturating_sub(last);
        }
        last = raw;
        let now = raw.saturating_sub(held);
        let mut flow = Flow::Continue;
        match event {
            Some(Event::Key(key)) => flow = app.key(key, now),
            Some(Event::Mouse(m)) => flow = app.mouse(m, now),
            Some(Event::Resize(..)) => {
                terminal.autoresize().map_err(io::Error::other)?;
            }
            Some(Event::Paste(text)) => {
                for c in text.chars().filter(|c| !c.is_control()) {
                    let key = crossterm::event::KeyEvent::from(crossterm::event::KeyCode::Char(c));
                    app.key(key, now);
                }
            }
            _ => {}
        }
        app.tick(now);
        companion.step(app, now);
        if flow != Flow::Continue {
            flow = companion.handle(app, flow, now);
        }
        if flow != Flow::Continue {
            return Ok(flow);
        }
        draw(terminal, app, now)?;
    }
}
