//! The one terminal guard. Entering it puts the terminal in raw mode on the alternate
//! screen (cursor hidden, bracketed paste, mouse reporting when asked); leaving it — by
//! `Drop`, on an error returned through `?`, or from the panic hook — puts everything back,
//! exactly once. A panic prints its message on the restored screen, not into the alternate
//! one that vanishes.

use std::io::{self, Write};
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};

use crossterm::{cursor, event, execute, terminal};

/// Whether the terminal is currently in escaque's mode (raw, alternate screen).
static ACTIVE: AtomicBool = AtomicBool::new(false);
/// Whether mouse reporting was turned on (to turn it off again).
static MOUSE: AtomicBool = AtomicBool::new(false);
static HOOK: Once = Once::new();

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
