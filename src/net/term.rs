//! The terminal plumbing of the SSH server, with no SSH in it: what turns the bytes of a
//! channel into the key events the event loop already understands, and what turns ratatui's
//! drawing into bytes for the channel.
//!
//! - [`KeyDecoder`] reads what a remote terminal in raw mode sends (UTF-8 text, control
//!   characters, CSI and SS3 sequences, bracketed paste) and gives crossterm [`Event`]s, the
//!   same events a local terminal gives through crossterm, so one keymap serves both. The
//!   bytes may arrive split anywhere: a partial sequence is kept until the rest comes. A lone
//!   ESC cannot be told from the start of a sequence until time passes, so the caller calls
//!   [`KeyDecoder::flush`] when no bytes came for a short while.
//! - [`RemoteBackend`] is a ratatui backend whose size is what the client said (the
//!   `pty-req` and `window-change` requests), never the size of the server's own terminal;
//!   it draws through ratatui's `CrosstermBackend` into a buffer the caller sends on.
//! - [`enter_screen`], [`leave_screen`] and [`lines_for_raw`] are the byte strings around
//!   the full screen and for the line mode on a raw-mode client.
//!
//! Nothing here reads the clock or the machine's terminal: everything is given.

use std::io;

use crossterm::Command;
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};

/// The most bytes of a bracketed paste that are kept; the rest of a longer paste is cut
/// (the paste is still ended by its closing sequence and given as one event).
pub const MAX_PASTE: usize = 64 * 1024;

/// The longest escape sequence waited for. Real keys send fewer than 20 bytes; a longer
/// run of parameter bytes is malformed and is dropped. (Well under the 64 KiB bound on
/// anything held, and it keeps the work per byte small.)
pub const MAX_SEQUENCE: usize = 256;

/// The largest terminal a client may claim, in columns and rows. A screen's buffers, its
/// redraws and the bytes of a full frame grow with width × height: a `pty-req` of
/// 10000 × 10000 once cost 88 MB per session (issue 25). 400 × 200 is more than a 4K
/// monitor shows at a readable font size (3840 / 9 px ≈ 427 columns, 2160 / 18 px = 120 rows).
pub const MAX_WIDTH: u16 = 400;
pub const MAX_HEIGHT: u16 = 200;

/// The size a client asked for (`pty-req`, `window-change`: 32-bit numbers, anything a
/// client likes, 0 included) as a terminal size: at least 1 × 1, at most
/// [`MAX_WIDTH`] × [`MAX_HEIGHT`].
pub fn capped_size(cols: u32, rows: u32) -> (u16, u16) {
    (
        cols.clamp(1, MAX_WIDTH as u32) as u16,
        rows.clamp(1, MAX_HEIGHT as u32) as u16,
    )
}

const ESC: u8 = 0x1b;
/// The bytes that end a bracketed paste: `ESC [ 2 0 1 ~`.
const PASTE_END: &[u8] = b"\x1b[201~";

/// Turns the bytes a remote terminal sends into crossterm key and paste events.
///
/// Every key event has kind `Press` and follows crossterm's own conventions (an upper-case
/// letter carries SHIFT; Ctrl-A … Ctrl-Z are `Char('a'..='z')` with CONTROL; Back-Tab
/// carries SHIFT), so a binding matches the same way locally and over SSH.
#[derive(Debug, Default, Clone)]
pub struct KeyDecoder {
    /// The start of a sequence (or UTF-8 character) whose end has not come yet.
    pending: Vec<u8>,
    /// Inside a bracketed paste.
    paste: Option<Paste>,
    /// The last key was an Enter given by `\r`: a `\n` right after it is the same Enter.
    after_cr: bool,
}

/// A bracketed paste being read.
#[derive(Debug, Default, Clone)]
struct Paste {
    /// The text so far (at most [`MAX_PASTE`] bytes).
    text: Vec<u8>,
    /// How many bytes of [`PASTE_END`] were matched at the end of what came.
    matched: usize,
}

impl Paste {
    fn keep(&mut self, bytes: &[u8]) {
        let room = MAX_PASTE.saturating_sub(self.text.len());
        self.text.extend_from_slice(&bytes[..bytes.len().min(room)]);
    }

    /// Takes one byte; returns true when it completed the closing sequence.
    fn push(&mut self, b: u8) -> bool {
        if b == PASTE_END[self.matched] {
            self.matched += 1;
            return self.matched == PASTE_END.len();
        }
        // What looked like the start of the end was text. The end's first byte (ESC) occurs
        // nowhere else in it, so the only restart point is this byte itself.
        let matched = std::mem::take(&mut self.matched);
        self.keep(&PASTE_END[..matched]);
        if b == PASTE_END[0] {
            self.matched = 1;
        } else {
            self.keep(&[b]);
        }
        false
    }

    /// The text, valid UTF-8 (a character cut by [`MAX_PASTE`] is left out, invalid bytes
    /// become U+FFFD), line ends as `\n` (terminals send a pasted newline as `\r`).
    fn finish(self) -> String {
        let mut bytes = self.text;
        if let Err(e) = std::str::from_utf8(&bytes) {
            if e.error_len().is_none() {
                bytes.truncate(e.valid_up_to());
            }
        }
        String::from_utf8_lossy(&bytes)
            .replace("\r\n", "\n")
            .replace('\r', "\n")
    }
}

/// What the sequence at the start of the pending bytes is.
enum Step {
    /// Its end has not come yet.
    Need,
    /// The first `n` bytes are one key, or nothing (malformed or unknown: dropped).
    Done(usize, Option<Out>),
}

enum Out {
    Key(KeyEvent),
    PasteStart,
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> Option<Out> {
    Some(Out::Key(KeyEvent::new(code, modifiers)))
}

impl KeyDecoder {
    /// A decoder with nothing pending.
    pub fn new() -> Self {
        Self::default()
    }

    /// Decodes the bytes that came; a sequence cut at the end is kept for the next call.
    /// Never panics, whatever the bytes.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Event> {
        let mut out = Vec::new();
        for &b in bytes {
            self.push(b, &mut out);
        }
        out
    }

    /// Called when no bytes came for a short while: a pending lone ESC is the Esc key, ESC
    /// followed only by `[` or `O` is Alt with that key, and any other unfinished escape
    /// sequence is dropped. An unfinished UTF-8 character or bracketed paste is kept: its
    /// rest may still be on the way.
    pub fn flush(&mut self) -> Vec<Event> {
        if self.paste.is_some() || self.pending.first() != Some(&ESC) {
            return Vec::new();
        }
        let ev = match self.pending[1..] {
            [] => Some(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE)),
            [b'['] => Some(KeyEvent::new(KeyCode::Char('['), KeyModifiers::ALT)),
            [b'O'] => Some(KeyEvent::new(
                KeyCode::Char('O'),
                KeyModifiers::ALT | KeyModifiers::SHIFT,
            )),
            // ESC before a UTF-8 character still coming: Alt with it, later.
            [lead, ..] if lead >= 0x80 => return Vec::new(),
            _ => None,
        };
        self.pending.clear();
        ev.map(Event::Key).into_iter().collect()
    }

    fn push(&mut self, b: u8, out: &mut Vec<Event>) {
        if let Some(paste) = &mut self.paste {
            if paste.push(b) {
                let done = self.paste.take().unwrap_or_default();
                out.push(Event::Paste(done.finish()));
            }
            return;
        }
        let after_cr = std::mem::take(&mut self.after_cr);
        if after_cr && b == b'\n' && self.pending.is_empty() {
            return;
        }
        self.pending.push(b);
        while !self.pending.is_empty() {
            match parse(&self.pending) {
                Step::Need => break,
                Step::Done(n, ev) => {
                    let n = n.clamp(1, self.pending.len());
                    self.after_cr = self.pending[n - 1] == b'\r';
                    self.pending.drain(..n);
                    match ev {
                        Some(Out::Key(k)) => out.push(Event::Key(k)),
                        Some(Out::PasteStart) => {
                            // Whatever followed the opening sequence is pasted text.
                            let mut paste = Paste::default();
                            let mut ended = false;
                            for b in std::mem::take(&mut self.pending) {
                                if ended {
                                    self.pending.push(b);
                                } else {
                                    ended = paste.push(b);
                                }
                            }
                            if ended {
                                out.push(Event::Paste(paste.finish()));
                            } else {
                                self.paste = Some(paste);
                                return;
                            }
                        }
                        None => {}
                    }
                }
            }
        }
    }
}

/// Reads the key at the start of `p` (not empty).
fn parse(p: &[u8]) -> Step {
    if p[0] != ESC {
        return plain(p);
    }
    match p.get(1) {
        None => Step::Need,
        // ESC ESC: the first is the Esc key; the second starts anew.
        Some(&ESC) => Step::Done(1, key(KeyCode::Esc, KeyModifiers::NONE)),
        Some(b'[') => csi(p),
        Some(b'O') => ss3(p),
        // Alt and a key: the terminal sends ESC before it.
        Some(_) => match plain(&p[1..]) {
            Step::Need => Step::Need,
            Step::Done(n, Some(Out::Key(mut k))) => {
                k.modifiers |= KeyModifiers::ALT;
                Step::Done(n + 1, Some(Out::Key(k)))
            }
            // ESC before a byte that is no key: the Esc key, and the byte is dropped next.
            Step::Done(_, _) => Step::Done(1, key(KeyCode::Esc, KeyModifiers::NONE)),
        },
    }
}

/// A key that is not an escape sequence: a control character or a UTF-8 character.
fn plain(p: &[u8]) -> Step {
    let none = KeyModifiers::NONE;
    let ctrl = KeyModifiers::CONTROL;
    let b = p[0];
    let ev = match b {
        b'\r' | b'\n' => key(KeyCode::Enter, none),
        b'\t' => key(KeyCode::Tab, none),
        0x7f | 0x08 => key(KeyCode::Backspace, none),
        0x00 => key(KeyCode::Char(' '), ctrl),
        0x01..=0x1a => key(KeyCode::Char(char::from(b - 1 + b'a')), ctrl),
        // Ctrl-\ … Ctrl-_ as crossterm reports them.
        0x1c..=0x1f => key(KeyCode::Char(char::from(b - 0x1c + b'4')), ctrl),
        ESC => key(KeyCode::Esc, none),
        0x20..=0x7e => Some(char_key(char::from(b))),
        _ => return utf8(p),
    };
    Step::Done(1, ev)
}

/// A character key as crossterm gives it: an upper-case letter carries SHIFT.
fn char_key(c: char) -> Out {
    let modifiers = if c.is_uppercase() {
        KeyModifiers::SHIFT
    } else {
        KeyModifiers::NONE
    };
    Out::Key(KeyEvent::new(KeyCode::Char(c), modifiers))
}

/// A multi-byte UTF-8 character; a byte that cannot start or continue one is dropped.
fn utf8(p: &[u8]) -> Step {
    let len = match p[0] {
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return Step::Done(1, None),
    };
    let have = p.len().min(len);
    if p[1..have].iter().any(|&c| !(0x80..=0xbf).contains(&c)) {
        return Step::Done(1, None);
    }
    if p.len() < len {
        return Step::Need;
    }
    match std::str::from_utf8(&p[..len])
        .ok()
        .and_then(|s| s.chars().next())
    {
        Some(c) => Step::Done(len, Some(char_key(c))),
        None => Step::Done(1, None),
    }
}

/// The end of a control sequence that starts at `p[start]`: parameter bytes (0x30–0x3f),
/// intermediate bytes (0x20–0x2f), then a final byte (0x40–0x7e). `Err(i)`: byte `i`
/// cannot be in a sequence, which is malformed up to there.
fn sequence_end(p: &[u8], start: usize) -> Option<Result<usize, usize>> {
    for (i, &b) in p.iter().enumerate().skip(start) {
        match b {
            0x20..=0x3f => {}
            0x40..=0x7e => return Some(Ok(i)),
            _ => return Some(Err(i)),
        }
    }
    None
}

/// `ESC [ …`: arrows, Home/End, editing keys, function keys, Back-Tab, paste start.
fn csi(p: &[u8]) -> Step {
    // The Linux console's F1–F5: ESC [ [ A … E.
    if p.get(2) == Some(&b'[') {
        return match p.get(3) {
            None => Step::Need,
            Some(&c @ b'A'..=b'E') => {
                Step::Done(4, key(KeyCode::F(c - b'A' + 1), KeyModifiers::NONE))
            }
            Some(_) => Step::Done(3, None),
        };
    }
    match sequence_end(p, 2) {
        None if p.len() > MAX_SEQUENCE => Step::Done(p.len(), None),
        None => Step::Need,
        Some(Err(i)) => Step::Done(i, None),
        Some(Ok(end)) => Step::Done(end + 1, csi_key(&p[2..end], p[end])),
    }
}

/// The numbers of a sequence's parameters (`1;5` → [Some(1), Some(5)]; an empty one is
/// `None`; a sub-parameter after `:` is ignored). `None` for private or intermediate
/// bytes, or a number too large.
fn params(bytes: &[u8]) -> Option<Vec<Option<u16>>> {
    if bytes.is_empty() {
        return Some(Vec::new());
    }
    bytes
        .split(|&b| b == b';')
        .map(|field| {
            let main = field.split(|&b| b == b':').next().unwrap_or_default();
            if main.is_empty() {
                return Some(None);
            }
            if !main.iter().all(u8::is_ascii_digit) {
                return None;
            }
            std::str::from_utf8(main)
                .ok()?
                .parse::<u16>()
                .ok()
                .map(Some)
        })
        .collect()
}

/// The modifiers of xterm's parameter: 1 + (Shift 1, Alt 2, Ctrl 4, Super 8, Hyper 16,
/// Meta 32).
fn modifiers(param: Option<u16>) -> KeyModifiers {
    let mask = param.unwrap_or(1).saturating_sub(1);
    let mut m = KeyModifiers::NONE;
    for (bit, flag) in [
        (1, KeyModifiers::SHIFT),
        (2, KeyModifiers::ALT),
        (4, KeyModifiers::CONTROL),
        (8, KeyModifiers::SUPER),
        (16, KeyModifiers::HYPER),
        (32, KeyModifiers::META),
    ] {
        if mask & bit != 0 {
            m |= flag;
        }
    }
    m
}

/// The key of the letter that ends an arrow, Home/End or F1–F4 sequence.
fn letter_key(fin: u8) -> Option<KeyCode> {
    Some(match fin {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        b'P' => KeyCode::F(1),
        b'Q' => KeyCode::F(2),
        b'R' => KeyCode::F(3),
        b'S' => KeyCode::F(4),
        _ => return None,
    })
}

fn csi_key(param_bytes: &[u8], fin: u8) -> Option<Out> {
    let ps = params(param_bytes)?;
    let first = ps.first().copied().flatten();
    let mods = modifiers(ps.get(1).copied().flatten());
    match fin {
        b'Z' => key(KeyCode::BackTab, KeyModifiers::SHIFT | mods),
        b'~' => {
            let code = match first? {
                1 | 7 => KeyCode::Home,
                2 => KeyCode::Insert,
                3 => KeyCode::Delete,
                4 | 8 => KeyCode::End,
                5 => KeyCode::PageUp,
                6 => KeyCode::PageDown,
                n @ 11..=15 => KeyCode::F((n - 10) as u8),
                n @ 17..=21 => KeyCode::F((n - 11) as u8),
                n @ 23..=24 => KeyCode::F((n - 12) as u8),
                200 => return Some(Out::PasteStart),
                _ => return None,
            };
            key(code, mods)
        }
        _ => {
            // `ESC [ row ; col R` is a cursor report, not F3: only a first parameter of
            // 1 (or none) is a key.
            if !matches!(first, None | Some(1)) || ps.len() > 2 {
                return None;
            }
            key(letter_key(fin)?, mods)
        }
    }
}

/// `ESC O …`: arrows, Home/End and F1–F4 in application mode, the keypad's Enter; old
/// xterms put a modifier parameter in it (`ESC O 5 A`).
fn ss3(p: &[u8]) -> Step {
    match sequence_end(p, 2) {
        None if p.len() > MAX_SEQUENCE => Step::Done(p.len(), None),
        None => Step::Need,
        Some(Err(i)) => Step::Done(i, None),
        Some(Ok(end)) => {
            let ev = params(&p[2..end]).and_then(|ps| {
                let mods = modifiers(ps.last().copied().flatten());
                match p[end] {
                    b'M' => key(KeyCode::Enter, mods),
                    fin => key(letter_key(fin)?, mods),
                }
            });
            Step::Done(end + 1, ev)
        }
    }
}

/// A ratatui backend for a terminal at the other end of a channel: its size is what the
/// caller says, and what it draws is kept in a buffer that [`RemoteBackend::take_output`]
/// hands over. It never asks the machine's own terminal anything.
#[derive(Debug, Clone)]
pub struct RemoteBackend {
    out: Vec<u8>,
    size: Size,
    cursor: Position,
}

impl RemoteBackend {
    /// A backend for a client terminal of `width` columns and `height` rows.
    /// The size is capped ([`capped_size`]) here too, whoever the caller is.
    pub fn new(width: u16, height: u16) -> Self {
        let (width, height) = capped_size(width.into(), height.into());
        RemoteBackend {
            out: Vec::new(),
            size: Size { width, height },
            cursor: Position::ORIGIN,
        }
    }

    /// The client's terminal changed size (`window-change`). Call `Terminal::autoresize`
    /// (or draw, which does it) to redraw at the new size.
    pub fn resize(&mut self, width: u16, height: u16) {
        let (width, height) = capped_size(width.into(), height.into());
        self.size = Size { width, height };
    }

    /// The bytes written since the last call, to send to the client.
    pub fn take_output(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.out)
    }

    /// ratatui's crossterm backend writing plain ANSI into the buffer.
    fn ansi(&mut self) -> CrosstermBackend<&mut Vec<u8>> {
        CrosstermBackend::new(&mut self.out)
    }
}

impl Backend for RemoteBackend {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.ansi().draw(content)
    }

    fn append_lines(&mut self, n: u16) -> io::Result<()> {
        self.ansi().append_lines(n)
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        self.ansi().hide_cursor()
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        self.ansi().show_cursor()
    }

    fn get_cursor_position(&mut self) -> io::Result<Position> {
        Ok(self.cursor)
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        let position = position.into();
        self.cursor = position;
        self.ansi().set_cursor_position(position)
    }

    fn clear(&mut self) -> io::Result<()> {
        self.ansi().clear()
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        self.ansi().clear_region(clear_type)
    }

    fn size(&self) -> io::Result<Size> {
        Ok(self.size)
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        Ok(WindowSize {
            columns_rows: self.size,
            // The pixel size is not told over SSH in a way worth trusting.
            pixels: Size::ZERO,
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        // The buffer is handed over by `take_output`; there is nothing further to push.
        Ok(())
    }
}

/// Appends a crossterm command's ANSI text (the same on every platform) to `s`.
fn put(s: &mut String, command: impl Command) {
    // Writing into a String cannot fail.
    let _ = command.write_ansi(s);
}

/// What starts the full screen on a client: the alternate screen, the cursor hidden, the
/// screen cleared (cursor home), bracketed paste on.
pub fn enter_screen() -> Vec<u8> {
    use crossterm::{cursor, event, terminal};
    let mut s = String::new();
    put(&mut s, terminal::EnterAlternateScreen);
    put(&mut s, cursor::Hide);
    put(&mut s, terminal::Clear(terminal::ClearType::All));
    put(&mut s, cursor::MoveTo(0, 0));
    put(&mut s, event::EnableBracketedPaste);
    s.into_bytes()
}

/// What ends the full screen on a client: the cursor shown, the alternate screen left,
/// bracketed paste off, attributes reset.
pub fn leave_screen() -> Vec<u8> {
    use crossterm::{cursor, event, style, terminal};
    let mut s = String::new();
    put(&mut s, cursor::Show);
    put(&mut s, terminal::LeaveAlternateScreen);
    put(&mut s, event::DisableBracketedPaste);
    put(&mut s, style::SetAttribute(style::Attribute::Reset));
    s.into_bytes()
}

/// Text for a client whose terminal is in raw mode (no output processing): every `\n`
/// becomes `\r\n`; a `\r\n` already there stays as it is.
pub fn lines_for_raw(text: &str) -> String {
    let mut s = String::with_capacity(text.len() + text.len() / 16);
    let mut prev = '\0';
    for c in text.chars() {
        if c == '\n' && prev != '\r' {
            s.push('\r');
        }
        s.push(c);
        prev = c;
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::KeyEventKind;
    use ratatui::Terminal;
    use ratatui::widgets::Paragraph;

    fn k(code: KeyCode, modifiers: KeyModifiers) -> Event {
        Event::Key(KeyEvent::new(code, modifiers))
    }
    fn plain_key(code: KeyCode) -> Event {
        k(code, KeyModifiers::NONE)
    }
    fn ch(c: char) -> Event {
        plain_key(KeyCode::Char(c))
    }
    fn decode(bytes: &[u8]) -> Vec<Event> {
        KeyDecoder::new().feed(bytes)
    }

    /// Issue 25: a client's claimed size is capped at 400 × 200 and never 0, both where the
    /// SSH layer reads it and in the backend itself, so a 10000 × 10000 `pty-req` costs what
    /// a 400 × 200 one does.
    #[test]
    fn a_terminal_size_is_capped_to_a_real_one() {
        assert_eq!(capped_size(10_000, 10_000), (400, 200));
        assert_eq!(capped_size(u32::MAX, 0), (400, 1));
        assert_eq!(capped_size(0, 0), (1, 1));
        assert_eq!(capped_size(80, 24), (80, 24));
        let mut terminal = Terminal::new(RemoteBackend::new(u16::MAX, u16::MAX)).unwrap();
        assert_eq!(terminal.size().unwrap(), Size::new(400, 200));
        terminal.backend_mut().resize(1000, 0);
        assert_eq!(terminal.backend().size().unwrap(), Size::new(400, 1));
    }

    /// A small deterministic generator for the fuzz-style tests (no dependency, no clock).
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            crate::core::testing::xorshift(&mut self.0)
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// The sequences a terminal sends, with what they mean.
    fn corpus() -> Vec<(&'static [u8], Vec<Event>)> {
        let ctrl = KeyModifiers::CONTROL;
        let alt = KeyModifiers::ALT;
        let shift = KeyModifiers::SHIFT;
        vec![
            (b"e2e4", vec![ch('e'), ch('2'), ch('e'), ch('4')]),
            (b"Q", vec![k(KeyCode::Char('Q'), shift)]),
            ("ñ♞𝄞".as_bytes(), vec![ch('ñ'), ch('♞'), ch('𝄞')]),
            ("Ñ".as_bytes(), vec![k(KeyCode::Char('Ñ'), shift)]),
            (b"\r", vec![plain_key(KeyCode::Enter)]),
            (b"\n", vec![plain_key(KeyCode::Enter)]),
            (b"\r\n", vec![plain_key(KeyCode::Enter)]),
            (
                b"\r\r\n\n",
                vec![
                    plain_key(KeyCode::Enter),
                    plain_key(KeyCode::Enter),
                    plain_key(KeyCode::Enter),
                ],
            ),
            (b"\x7f\x08", vec![plain_key(KeyCode::Backspace); 2]),
            (b"\t", vec![plain_key(KeyCode::Tab)]),
            (b"\x1b[Z", vec![k(KeyCode::BackTab, shift)]),
            (b"\x01", vec![k(KeyCode::Char('a'), ctrl)]),
            (b"\x03", vec![k(KeyCode::Char('c'), ctrl)]),
            (b"\x1a", vec![k(KeyCode::Char('z'), ctrl)]),
            (b"\x00", vec![k(KeyCode::Char(' '), ctrl)]),
            (b"\x1c", vec![k(KeyCode::Char('4'), ctrl)]),
            (b"\x1bx", vec![k(KeyCode::Char('x'), alt)]),
            (b"\x1bX", vec![k(KeyCode::Char('X'), alt | shift)]),
            ("\x1bñ".as_bytes(), vec![k(KeyCode::Char('ñ'), alt)]),
            (b"\x1b\r", vec![k(KeyCode::Enter, alt)]),
            (b"\x1b\x7f", vec![k(KeyCode::Backspace, alt)]),
            (b"\x1b\x03", vec![k(KeyCode::Char('c'), ctrl | alt)]),
            // Esc, then Alt-q: the second ESC starts a sequence of its own.
            (
                b"\x1b\x1bq",
                vec![plain_key(KeyCode::Esc), k(KeyCode::Char('q'), alt)],
            ),
            (b"\x1b[A", vec![plain_key(KeyCode::Up)]),
            (b"\x1b[B", vec![plain_key(KeyCode::Down)]),
            (b"\x1b[C", vec![plain_key(KeyCode::Right)]),
            (b"\x1b[D", vec![plain_key(KeyCode::Left)]),
            (b"\x1bOA", vec![plain_key(KeyCode::Up)]),
            (b"\x1bOD", vec![plain_key(KeyCode::Left)]),
            (b"\x1b[1;5A", vec![k(KeyCode::Up, ctrl)]),
            (b"\x1b[1;2C", vec![k(KeyCode::Right, shift)]),
            (b"\x1b[1;3D", vec![k(KeyCode::Left, alt)]),
            (b"\x1b[1;8B", vec![k(KeyCode::Down, shift | alt | ctrl)]),
            (b"\x1bO5A", vec![k(KeyCode::Up, ctrl)]),
            (b"\x1b[H", vec![plain_key(KeyCode::Home)]),
            (b"\x1b[F", vec![plain_key(KeyCode::End)]),
            (b"\x1b[1~", vec![plain_key(KeyCode::Home)]),
            (b"\x1b[7~", vec![plain_key(KeyCode::Home)]),
            (b"\x1b[4~", vec![plain_key(KeyCode::End)]),
            (b"\x1b[8~", vec![plain_key(KeyCode::End)]),
            (b"\x1bOH", vec![plain_key(KeyCode::Home)]),
            (b"\x1bOF", vec![plain_key(KeyCode::End)]),
            (b"\x1b[2~", vec![plain_key(KeyCode::Insert)]),
            (b"\x1b[3~", vec![plain_key(KeyCode::Delete)]),
            (b"\x1b[3;5~", vec![k(KeyCode::Delete, ctrl)]),
            (b"\x1b[5~", vec![plain_key(KeyCode::PageUp)]),
            (b"\x1b[6~", vec![plain_key(KeyCode::PageDown)]),
            (b"\x1bOP", vec![plain_key(KeyCode::F(1))]),
            (b"\x1bOQ", vec![plain_key(KeyCode::F(2))]),
            (b"\x1bOR", vec![plain_key(KeyCode::F(3))]),
            (b"\x1bOS", vec![plain_key(KeyCode::F(4))]),
            (b"\x1b[1;2P", vec![k(KeyCode::F(1), shift)]),
            (b"\x1b[[A", vec![plain_key(KeyCode::F(1))]),
            (b"\x1b[11~", vec![plain_key(KeyCode::F(1))]),
            (b"\x1b[15~", vec![plain_key(KeyCode::F(5))]),
            (b"\x1b[17~", vec![plain_key(KeyCode::F(6))]),
            (b"\x1b[21~", vec![plain_key(KeyCode::F(10))]),
            (b"\x1b[23~", vec![plain_key(KeyCode::F(11))]),
            (b"\x1b[24;5~", vec![k(KeyCode::F(12), ctrl)]),
            (b"\x1bOM", vec![plain_key(KeyCode::Enter)]),
            (
                b"\x1b[200~1. e4 e5\r2. Nf3\x1b[201~",
                vec![Event::Paste("1. e4 e5\n2. Nf3".to_string())],
            ),
            (
                "\x1b[200~a\x1b[20\x1b[201x\x1bñ\r\n\x1b[201~z".as_bytes(),
                vec![
                    Event::Paste("a\x1b[20\x1b[201x\x1bñ\n".to_string()),
                    ch('z'),
                ],
            ),
            (b"\x1b[200~\x1b[201~", vec![Event::Paste(String::new())]),
            (ignored_sequences(), vec![]),
        ]
    }

    /// Sequences that carry nothing: a focus report, a cursor report, a mouse report, a
    /// kitty key, an unknown `~` number, a lone paste end, a private-mode reply.
    fn ignored_sequences() -> &'static [u8] {
        b"\x1b[I\x1b[12;40R\x1b[<0;3;4M\x1b[97u\x1b[99~\x1b[201~\x1b[?1;2c\x1bOx"
    }

    #[test]
    fn every_sequence_decodes_to_its_keys() {
        for (bytes, want) in corpus() {
            assert_eq!(
                decode(bytes),
                want,
                "decoding {:?}",
                String::from_utf8_lossy(bytes)
            );
        }
    }

    #[test]
    fn every_key_is_a_press() {
        for (bytes, _) in corpus() {
            for ev in decode(bytes) {
                if let Event::Key(key) = ev {
                    assert_eq!(key.kind, KeyEventKind::Press);
                }
            }
        }
    }

    #[test]
    fn a_sequence_split_at_any_byte_decodes_as_unsplit() {
        for (bytes, want) in corpus() {
            for cut in 0..=bytes.len() {
                let mut d = KeyDecoder::new();
                let mut got = d.feed(&bytes[..cut]);
                got.extend(d.feed(&bytes[cut..]));
                assert_eq!(
                    got,
                    want,
                    "{:?} cut at {cut}",
                    String::from_utf8_lossy(bytes)
                );
            }
            let mut d = KeyDecoder::new();
            let one_by_one: Vec<Event> = bytes.iter().flat_map(|b| d.feed(&[*b])).collect();
            assert_eq!(one_by_one, want);
        }
    }

    #[test]
    fn all_sequences_in_one_packet_decode_in_order() {
        let mut bytes = Vec::new();
        let mut want = Vec::new();
        for (b, w) in corpus() {
            // A separator, so that "\r" and the next entry's "\n" stay two keys.
            bytes.extend_from_slice(b);
            bytes.push(b'-');
            want.extend(w);
            want.push(ch('-'));
        }
        assert_eq!(decode(&bytes), want);
    }

    #[test]
    fn a_lone_esc_waits_for_the_flush() {
        let mut d = KeyDecoder::new();
        assert_eq!(d.feed(b"\x1b"), vec![]);
        assert_eq!(d.flush(), vec![plain_key(KeyCode::Esc)]);
        assert_eq!(d.flush(), vec![], "flushed once only");
        assert_eq!(
            d.feed(b"[A"),
            vec![ch('['), k(KeyCode::Char('A'), KeyModifiers::SHIFT)]
        );
        // Without a flush, the next bytes complete the sequence.
        assert_eq!(d.feed(b"\x1b"), vec![]);
        assert_eq!(d.feed(b"[A"), vec![plain_key(KeyCode::Up)]);
        // Two Esc presses in one packet.
        assert_eq!(d.feed(b"\x1b\x1b"), vec![plain_key(KeyCode::Esc)]);
        assert_eq!(d.flush(), vec![plain_key(KeyCode::Esc)]);
    }

    #[test]
    fn flush_resolves_introducers_and_drops_cut_sequences() {
        let mut d = KeyDecoder::new();
        d.feed(b"\x1b[");
        assert_eq!(d.flush(), vec![k(KeyCode::Char('['), KeyModifiers::ALT)]);
        d.feed(b"\x1bO");
        assert_eq!(
            d.flush(),
            vec![k(
                KeyCode::Char('O'),
                KeyModifiers::ALT | KeyModifiers::SHIFT
            )]
        );
        // A sequence cut after its parameters is dropped, so later typing is not eaten by it.
        d.feed(b"\x1b[1;");
        assert_eq!(d.flush(), vec![]);
        assert_eq!(d.feed(b"e"), vec![ch('e')]);
        // A UTF-8 character (with or without Alt) whose rest is on the way is kept.
        let n = "ñ".as_bytes();
        d.feed(&n[..1]);
        assert_eq!(d.flush(), vec![]);
        assert_eq!(d.feed(&n[1..]), vec![ch('ñ')]);
        d.feed(b"\x1b");
        d.feed(&n[..1]);
        assert_eq!(d.flush(), vec![]);
        assert_eq!(
            d.feed(&n[1..]),
            vec![k(KeyCode::Char('ñ'), KeyModifiers::ALT)]
        );
        // A paste in progress is kept too.
        d.feed(b"\x1b[200~abc");
        assert_eq!(d.flush(), vec![]);
        assert_eq!(d.feed(b"\x1b[201~"), vec![Event::Paste("abc".into())]);
    }

    #[test]
    fn cr_then_lf_in_the_next_packet_is_one_enter() {
        let mut d = KeyDecoder::new();
        assert_eq!(d.feed(b"\r"), vec![plain_key(KeyCode::Enter)]);
        assert_eq!(d.feed(b"\n"), vec![]);
        assert_eq!(d.feed(b"\n"), vec![plain_key(KeyCode::Enter)]);
        assert_eq!(
            d.feed(b"\rx\n"),
            vec![
                plain_key(KeyCode::Enter),
                ch('x'),
                plain_key(KeyCode::Enter)
            ]
        );
    }

    #[test]
    fn malformed_sequences_are_dropped_and_what_broke_them_is_read() {
        // A control character inside a sequence ends it; the character itself counts.
        assert_eq!(
            decode(b"\x1b[1;\x03x"),
            vec![k(KeyCode::Char('c'), KeyModifiers::CONTROL), ch('x')]
        );
        // Invalid UTF-8: lone continuation bytes, a lead byte without its continuation,
        // bytes that never occur.
        assert_eq!(
            decode(b"\x80a\xc3b\xffc\xe2\x99d"),
            vec![ch('a'), ch('b'), ch('c'), ch('d')]
        );
        // ESC before an invalid byte is the Esc key.
        assert_eq!(decode(b"\x1b\xffz"), vec![plain_key(KeyCode::Esc), ch('z')]);
        // A parameter too large for a number.
        assert_eq!(decode(b"\x1b[99999999999~q"), vec![ch('q')]);
        // A bad Linux-console function key.
        assert_eq!(
            decode(b"\x1b[[Zq"),
            vec![k(KeyCode::Char('Z'), KeyModifiers::SHIFT), ch('q')]
        );
    }

    #[test]
    fn an_endless_sequence_is_cut_and_memory_stays_bounded() {
        let mut d = KeyDecoder::new();
        for _ in 0..10_000 {
            assert_eq!(
                d.feed(b"\x1b[1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;"),
                vec![]
            );
            assert!(d.pending.len() <= MAX_SEQUENCE + 64);
        }
        d.flush();
        assert_eq!(d.feed(b"a"), vec![ch('a')]);
    }

    #[test]
    fn a_paste_longer_than_the_bound_is_cut_and_typing_goes_on() {
        let mut d = KeyDecoder::new();
        assert_eq!(d.feed(b"\x1b[200~"), vec![]);
        // 3-byte characters, so the cut falls inside one: it must be left out whole.
        let chunk = "♞".repeat(1000);
        for _ in 0..100 {
            assert_eq!(d.feed(chunk.as_bytes()), vec![]);
            assert!(d.paste.as_ref().is_some_and(|p| p.text.len() <= MAX_PASTE));
        }
        let got = d.feed(b"\x1b[201~x");
        let [Event::Paste(text), after] = got.as_slice() else {
            panic!("expected a paste and a key, got {got:?}");
        };
        assert!(text.len() <= MAX_PASTE && text.len() > MAX_PASTE - 4);
        assert!(text.chars().all(|c| c == '♞'));
        assert_eq!(after, &ch('x'));
    }

    #[test]
    fn random_bytes_in_random_splits_never_panic_and_split_does_not_matter() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        // Bytes drawn mostly from the interesting ones, so sequences really start.
        let alphabet: &[u8] = b"\x1b\x1b\x1b[[O~;0125789ABCDHFPZ~u<?\r\n\x7f\x00\x03\xc3\xb1\xe2\x99\x9e\xf0\x80\xffaz";
        for round in 0..300 {
            let len = rng.below(400);
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    if rng.below(4) == 0 {
                        rng.next() as u8
                    } else {
                        alphabet[rng.below(alphabet.len())]
                    }
                })
                .collect();
            let whole = decode(&bytes);
            let mut d = KeyDecoder::new();
            let mut split = Vec::new();
            let mut at = 0;
            while at < bytes.len() {
                let n = 1 + rng.below(8);
                let end = (at + n).min(bytes.len());
                split.extend(d.feed(&bytes[at..end]));
                at = end;
            }
            assert_eq!(split, whole, "round {round}");
            // Flushing anywhere never panics either.
            let mut d = KeyDecoder::new();
            for piece in bytes.chunks(1 + round % 7) {
                d.feed(piece);
                d.flush();
                assert!(d.pending.len() <= MAX_SEQUENCE + 4);
            }
        }
    }

    /// What a terminal would print of `out`: the text without its CSI sequences.
    fn visible(out: &[u8]) -> String {
        let s = String::from_utf8(out.to_vec()).expect("ratatui writes UTF-8");
        let mut text = String::new();
        let mut chars = s.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                assert_eq!(chars.next(), Some('['), "only CSI sequences in {s:?}");
                for c in chars.by_ref() {
                    if ('\x40'..='\x7e').contains(&c) {
                        break;
                    }
                }
            } else {
                text.push(c);
            }
        }
        text
    }

    fn draw_hello(terminal: &mut Terminal<RemoteBackend>) {
        terminal
            .draw(|f| f.render_widget(Paragraph::new("Hola, escaque"), f.area()))
            .expect("drawing into a buffer cannot fail");
    }

    #[test]
    fn drawing_writes_the_text_and_cursor_moves() {
        let mut terminal = Terminal::new(RemoteBackend::new(80, 24)).unwrap();
        draw_hello(&mut terminal);
        let out = terminal.backend_mut().take_output();
        // The blank between the words is already blank on a cleared screen: not written.
        assert_eq!(visible(&out), "Hola,escaque");
        let out = String::from_utf8(out).unwrap();
        // The cursor goes to the top-left cell (row 1, column 1 in ANSI), then past the blank.
        assert!(out.contains("\x1b[1;1HHola,\x1b[1;7Hescaque"), "{out:?}");
        assert!(
            terminal.backend_mut().take_output().is_empty(),
            "taken once"
        );
    }

    #[test]
    fn a_second_identical_draw_writes_almost_nothing() {
        let mut terminal = Terminal::new(RemoteBackend::new(80, 24)).unwrap();
        draw_hello(&mut terminal);
        let first = terminal.backend_mut().take_output();
        draw_hello(&mut terminal);
        let second = terminal.backend_mut().take_output();
        assert_eq!(visible(&first), "Hola,escaque");
        let text = String::from_utf8_lossy(&second);
        // Only the attribute reset and the hidden cursor: no text, no cursor move.
        assert_eq!(visible(&second), "", "{text:?}");
        assert!(!text.contains('H') && second.len() < 40, "{text:?}");
    }

    #[test]
    fn resize_gives_the_new_area_and_a_full_redraw() {
        let mut terminal = Terminal::new(RemoteBackend::new(80, 24)).unwrap();
        draw_hello(&mut terminal);
        terminal.backend_mut().take_output();
        terminal.backend_mut().resize(100, 30);
        terminal.autoresize().unwrap();
        assert_eq!(terminal.size().unwrap(), Size::new(100, 30));
        let cleared = String::from_utf8(terminal.backend_mut().take_output()).unwrap();
        assert!(cleared.contains("\x1b[2J"), "{cleared:?}");
        draw_hello(&mut terminal);
        assert_eq!(terminal.get_frame().area().width, 100);
        let out = terminal.backend_mut().take_output();
        assert_eq!(visible(&out), "Hola,escaque", "redrawn after the resize");
        // Smaller, through draw's own autoresize.
        terminal.backend_mut().resize(20, 5);
        draw_hello(&mut terminal);
        assert_eq!(terminal.size().unwrap(), Size::new(20, 5));
    }

    #[test]
    fn size_and_cursor_come_from_the_caller_not_the_machine() {
        let mut backend = RemoteBackend::new(7, 3);
        assert_eq!(backend.size().unwrap(), Size::new(7, 3));
        let ws = backend.window_size().unwrap();
        assert_eq!(ws.columns_rows, Size::new(7, 3));
        assert_eq!(backend.get_cursor_position().unwrap(), Position::ORIGIN);
        backend.set_cursor_position((4, 2)).unwrap();
        assert_eq!(backend.get_cursor_position().unwrap(), Position::new(4, 2));
        assert_eq!(backend.take_output(), b"\x1b[3;5H");
        // A frame that places the cursor shows it there.
        let mut terminal = Terminal::new(RemoteBackend::new(10, 2)).unwrap();
        terminal.draw(|f| f.set_cursor_position((3, 1))).unwrap();
        let out = String::from_utf8(terminal.backend_mut().take_output()).unwrap();
        assert!(
            out.contains("\x1b[2;4H") && out.contains("\x1b[?25h"),
            "{out:?}"
        );
        assert_eq!(terminal.get_cursor_position().unwrap(), Position::new(3, 1));
    }

    #[test]
    fn enter_and_leave_screen_bytes() {
        let enter = String::from_utf8(enter_screen()).unwrap();
        for part in ["\x1b[?1049h", "\x1b[?25l", "\x1b[2J", "\x1b[?2004h"] {
            assert!(enter.contains(part), "{part:?} in {enter:?}");
        }
        assert!(
            enter.find("\x1b[?1049h") < enter.find("\x1b[2J"),
            "clear the alternate screen"
        );
        let leave = String::from_utf8(leave_screen()).unwrap();
        for part in ["\x1b[?25h", "\x1b[?1049l", "\x1b[?2004l", "\x1b[0m"] {
            assert!(leave.contains(part), "{part:?} in {leave:?}");
        }
    }

    #[test]
    fn lines_for_raw_adds_cr_once() {
        assert_eq!(lines_for_raw("a\nb\r\nc\n"), "a\r\nb\r\nc\r\n");
        assert_eq!(lines_for_raw("\n\n"), "\r\n\r\n");
        assert_eq!(lines_for_raw("sin salto"), "sin salto");
        assert_eq!(lines_for_raw("\r\n\r\n"), "\r\n\r\n");
        assert_eq!(lines_for_raw("ñ\n"), "ñ\r\n");
    }
}
