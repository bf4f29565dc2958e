//! The full screen: ratatui widgets for the board, the clock pane, the scoresheet, the
//! arbiter's findings, the status line and the help screen; the piece figures and the
//! material count; the layout that puts them on one screen (full from 80×24, compact below);
//! and the themes.
//!
//! Every widget renders from borrowed state and never changes it. The ui layer knows nothing
//! of keys or events: the key hints, the help entries, the announcement and the prompt are
//! all given to it by the caller (the modes layer), which builds them from the live keymap
//! and the game's event stream.
//!
//! No colour carries meaning alone: every highlight also has a character (brackets for the
//! cursor, parentheses for the selected piece, a dot for a legal target, `*` for the last
//! move, `+` beside a king in check, `>` for the running clock, `FLAG` for a fallen flag), so
//! the monochrome theme and `NO_COLOR` lose nothing. See docs/ui.md.

pub mod board;
pub mod clock_pane;
pub mod findings;
pub mod help;
pub mod layout;
pub mod lobby;
pub mod material;
pub mod pieces;
pub mod scoresheet;
pub mod status;
pub mod theme;

pub use board::BoardView;
pub use clock_pane::ClockView;
pub use findings::FindingsView;
pub use help::HelpView;
pub use layout::{Areas, MIN_HEIGHT, MIN_WIDTH, Overlay, Screen, areas, draw, render_screen};
pub use scoresheet::ScoresheetView;
pub use status::{Prompt, StatusView};
pub use theme::{Theme, ThemeKey};

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use unicode_width::UnicodeWidthStr;

/// How the pieces and marks are drawn: Unicode chess symbols, or plain ASCII for terminals
/// that cannot show them (the Linux console, a non-UTF-8 locale, `--ascii`).
///
/// The ASCII form uses the English letters `K Q R B N P` for White and `k q r b n p` for
/// Black in every interface language (the FEN convention, which every chess player can
/// read); the scoresheet still follows the chosen notation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Glyphs {
    #[default]
    Unicode,
    Ascii,
}

impl Glyphs {
    /// What the environment can show: ASCII on the Linux console (`TERM=linux`) or when the
    /// locale (`LC_ALL`, `LC_CTYPE`, `LANG`, the first that is set and not empty) is not
    /// UTF-8 or is unset; Unicode otherwise.
    pub fn detect() -> Glyphs {
        Glyphs::from_env_vars(|name| std::env::var(name).ok())
    }

    /// [`Glyphs::detect`] over any source of variables (tests pass their own).
    pub fn from_env_vars(var: impl Fn(&str) -> Option<String>) -> Glyphs {
        if var("TERM").is_some_and(|t| t == "linux" || t == "dumb" || t == "vt100") {
            return Glyphs::Ascii;
        }
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"]
            .iter()
            .filter_map(|n| var(n))
            .find(|v| !v.is_empty());
        match locale {
            Some(l) => {
                let l = l.to_ascii_lowercase();
                if l.contains("utf-8") || l.contains("utf8") {
                    Glyphs::Unicode
                } else {
                    Glyphs::Ascii
                }
            }
            None => Glyphs::Ascii,
        }
    }

    /// Picks the Unicode or the ASCII form.
    pub fn pick(self, unicode: &'static str, ascii: &'static str) -> &'static str {
        match self {
            Glyphs::Unicode => unicode,
            Glyphs::Ascii => ascii,
        }
    }
}

/// The display width of `s` in terminal columns.
pub fn width(s: &str) -> usize {
    UnicodeWidthStr::width(s)
}

/// Writes `text` at (x, y) clipped to `area` (never outside the buffer); returns the x after
/// the last column written.
pub(crate) fn put(buf: &mut Buffer, area: Rect, x: u16, y: u16, text: &str, style: Style) -> u16 {
    if y < area.top() || y >= area.bottom() || x < area.left() || x >= area.right() {
        return x;
    }
    let max = (area.right() - x) as usize;
    buf.set_stringn(x, y, text, max, style).0
}

/// Cuts `text` to at most `max` columns, ending with `…` when cut.
pub(crate) fn truncate(text: &str, max: usize) -> String {
    if width(text) <= max {
        return text.to_string();
    }
    let mut out = String::new();
    let mut w = 0;
    for c in text.chars() {
        let cw = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if w + cw + 1 > max {
            break;
        }
        out.push(c);
        w += cw;
    }
    if max > 0 {
        out.push('…');
    }
    out
}

/// Splits `text` into lines of at most `max` columns, at spaces where possible.
pub(crate) fn wrap(text: &str, max: usize) -> Vec<String> {
    let max = max.max(1);
    let mut lines = Vec::new();
    for para in text.split('\n') {
        let mut line = String::new();
        for word in para.split(' ') {
            let need = if line.is_empty() {
                width(word)
            } else {
                width(&line) + 1 + width(word)
            };
            if need <= max {
                if !line.is_empty() {
                    line.push(' ');
                }
                line.push_str(word);
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            // A word longer than the line is cut into pieces.
            let mut w = 0;
            for c in word.chars() {
                let cw = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
                if w + cw > max {
                    lines.push(std::mem::take(&mut line));
                    w = 0;
                }
                line.push(c);
                w += cw;
            }
        }
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars(pairs: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
        move |n| {
            pairs
                .iter()
                .find(|(k, _)| *k == n)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn glyphs_from_the_environment() {
        let d = Glyphs::from_env_vars;
        assert_eq!(d(vars(&[("LANG", "es_ES.UTF-8")])), Glyphs::Unicode);
        assert_eq!(d(vars(&[("LANG", "en_US.utf8")])), Glyphs::Unicode);
        assert_eq!(
            d(vars(&[("TERM", "linux"), ("LANG", "es_ES.UTF-8")])),
            Glyphs::Ascii
        );
        assert_eq!(d(vars(&[("LANG", "C")])), Glyphs::Ascii);
        assert_eq!(d(vars(&[("LANG", "es_ES.ISO-8859-1")])), Glyphs::Ascii);
        assert_eq!(
            d(vars(&[("LC_ALL", "C"), ("LANG", "en_US.UTF-8")])),
            Glyphs::Ascii
        );
        assert_eq!(d(vars(&[])), Glyphs::Ascii);
    }

    #[test]
    fn wrapping_and_truncation_count_columns() {
        assert_eq!(wrap("uno dos tres", 7), vec!["uno dos", "tres"]);
        assert_eq!(wrap("abcdefghij", 4), vec!["abcd", "efgh", "ij"]);
        assert_eq!(truncate("♔♕♖♗", 3), "♔♕…");
        assert_eq!(truncate("e4", 5), "e4");
    }
}
