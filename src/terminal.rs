//! The one terminal guard. Entering it puts the terminal in raw mode on the alternate
//! screen (cursor hidden, bracketed paste, mouse reporting when asked); leaving it — by
//! `Drop`, on an error returned through `?`, or from the panic hook — puts everything back,
//! exactly once. A panic prints its message on the restored screen, not into the alternate
//! one that vanishes. SIGTERM and SIGHUP are caught while the guard is on: the event loop
//! sees [`signalled`] within a frame and leaves, the guard restores the terminal (cursor
//! shown, alternate screen left), and [`reraise`] then ends the process by the same signal.
//! A watchdog thread ends the process anyway if that has not happened 10 s after the signal.

use std::io::{self, Write};
use std::sync::Once;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

use crossterm::{cursor, event, execute, terminal};

/// Whether the terminal is currently in escaque's mode (raw, alternate screen).
static ACTIVE: AtomicBool = AtomicBool::new(false);
/// Whether mouse reporting was turned on (to turn it off again).
static MOUSE: AtomicBool = AtomicBool::new(false);
static HOOK: Once = Once::new();
/// The termination signal caught (SIGTERM, SIGHUP), 0 when none.
static SIGNALLED: AtomicI32 = AtomicI32::new(0);
static SIGNALS: Once = Once::new();

/// Raw mode and the alternate screen for as long as it lives.
#[derive(Debug)]
pub struct TerminalGuard {
    _private: (),
}

impl TerminalGuard {
    /// Enters raw mode and the alternate screen; installs the panic hook (once per process)
    /// that restores the terminal before the panic message is printed.
    pub fn enter(mouse: bool) -> io::Result<TerminalGuard> {
        install_panic_hook();
        install_signal_handlers();
        terminal::enable_raw_mode()?;
        ACTIVE.store(true, Ordering::SeqCst);
        let mut out = io::stdout();
        let entered = execute!(
            out,
            terminal::EnterAlternateScreen,
            cursor::Hide,
            event::EnableBracketedPaste
        );
        if let Err(e) = entered {
            restore();
            return Err(e);
        }
        if mouse {
            execute!(out, event::EnableMouseCapture)?;
            MOUSE.store(true, Ordering::SeqCst);
        }
        Ok(TerminalGuard { _private: () })
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore();
    }
}

/// Leaves escaque's terminal mode if it is on; does nothing otherwise. Errors are ignored:
/// this runs while unwinding or exiting, when there is no one left to tell.
pub fn restore() {
    if !ACTIVE.swap(false, Ordering::SeqCst) {
        return;
    }
    let mut out = io::stdout();
    if MOUSE.swap(false, Ordering::SeqCst) {
        let _ = execute!(out, event::DisableMouseCapture);
    }
    let _ = execute!(
        out,
        event::DisableBracketedPaste,
        terminal::LeaveAlternateScreen,
        cursor::Show
    );
    let _ = terminal::disable_raw_mode();
    let _ = out.flush();
}

/// Whether the guard is active (for tests and for the panic hook).
pub fn is_active() -> bool {
    ACTIVE.load(Ordering::SeqCst)
}

fn install_panic_hook() {
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
    });
}

/// Only records the signal: all a handler may safely do. The loop that owns the terminal
/// looks at it.
extern "C" fn on_signal(signal: libc::c_int) {
    SIGNALLED.store(signal, Ordering::SeqCst);
}

/// How long the program has to end after a termination signal before the watchdog ends it.
const GRACE: std::time::Duration = std::time::Duration::from_secs(10);

fn install_signal_handlers() {
    SIGNALS.call_once(|| {
        // The watchdog: a termination signal is obeyed even when the loop that should see
        // it is stuck (a read on a terminal that hung up at the wrong moment). Saving the
        // game and restoring the screen take far less than GRACE.
        let _ = std::thread::Builder::new()
            .name("signal watchdog".into())
            .spawn(|| {
                loop {
                    std::thread::sleep(std::time::Duration::from_millis(250));
                    if let Some(signal) = signalled() {
                        std::thread::sleep(GRACE);
                        restore();
                        // SAFETY: ends the process at once, as the default action would.
                        unsafe { libc::_exit(128 + signal) }
                    }
                }
            });
        let handler = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
        for signal in [libc::SIGTERM, libc::SIGHUP] {
            // SAFETY: the handler only stores into an atomic (async-signal-safe). A signal
            // ignored when the program started (`nohup`) stays ignored, as is the custom;
            // a terminal that goes away is then seen by the event loop as the end of input.
            unsafe {
                if libc::signal(signal, handler) == libc::SIG_IGN {
                    libc::signal(signal, libc::SIG_IGN);
                }
            }
        }
    });
}

/// The termination signal (SIGTERM, SIGHUP) received while the guard was on, if any: the
/// event loop leaves when it sees one.
pub fn signalled() -> Option<i32> {
    match SIGNALLED.load(Ordering::SeqCst) {
        0 => None,
        s => Some(s),
    }
}

/// After a caught termination signal, once the terminal is restored (and the game saved):
/// ends the process by that signal with its default action, so the parent sees how it
/// ended. Does nothing when no signal came.
pub fn reraise() {
    if let Some(signal) = signalled() {
        restore();
        // SAFETY: restoring the default action and raising a signal are plain libc calls.
        unsafe {
            libc::signal(signal, libc::SIG_DFL);
            libc::raise(signal);
        }
    }
}
