//! The status line at the bottom: the last announcement (in the speech module's words), then
//! either the prompt (a command line, a yes/no question, the promotion choice) or the key
//! hints generated from the live keymap by the caller.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Modifier;

use super::theme::Theme;
use super::{put, width};

/// What the status line shows.
#[derive(Clone, Copy, Debug)]
pub struct StatusView<'a> {
    /// The last announcement, a full sentence.
    pub announcement: &'a str,
    /// (keys, label) pairs, e.g. `("?", "help")`, in the order to show; those that do not
    /// fit are left out whole.
    pub hints: &'a [(String, String)],
    pub prompt: Option<Prompt<'a>>,
}

/// A question or an input line on the status line.
#[derive(Clone, Copy, Debug)]
pub enum Prompt<'a> {
    /// The command line: typed moves and commands. `cursor` is a char index into `input`.
    /// `error` is the last error, shown after the input.
    CommandLine {
        input: &'a str,
        cursor: usize,
        error: Option<&'a str>,
    },
    /// A yes/no question; the caller writes the answer keys into it (`Resign? [y/n]`).
    Confirm { question: &'a str },
    /// The promotion choice: the question, then (keys, piece name) pairs.
    Promotion {
        question: &'a str,
        options: &'a [(String, String)],
    },
}

/// The rows the status line needs.
pub const STATUS_HEIGHT: u16 = 2;

impl StatusView<'_> {
    /// Draws the status line in `area` (its first two rows); returns where the terminal
    /// cursor belongs (the command line's insertion point), if anywhere.
    pub fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme) -> Option<Position> {
        if area.height == 0 {
            return None;
        }
        let y0 = area.y;
        put(
            buf,
            area,
            area.x,
            y0,
            &" ".repeat(area.width as usize),
            theme.status,
        );
        put(buf, area, area.x, y0, self.announcement, theme.status);
        let y = if area.height > 1 { y0 + 1 } else { y0 };
        put(
            buf,
            area,
            area.x,
            y,
            &" ".repeat(area.width as usize),
            theme.status,
        );
        match self.prompt {
            None => {
                let mut x = area.x;
                for (i, (keys, label)) in self.hints.iter().enumerate() {
                    let sep = if i == 0 { 0 } else { 2 };
                    let need = sep + width(keys) + 1 + width(label);
                    if (x - area.x) as usize + need > area.width as usize {
                        break;
                    }
                    x += sep as u16;
                    x = put(
                        buf,
                        area,
                        x,
                        y,
                        keys,
                        theme.status.add_modifier(Modifier::BOLD),
                    );
                    x = put(buf, area, x, y, &format!(" {label}"), theme.status);
                }
                None
            }
            Some(Prompt::Confirm { question }) => {
                put(buf, area, area.x, y, question, theme.prompt);
                None
            }
            Some(Prompt::Promotion { question, options }) => {
                let mut x = put(buf, area, area.x, y, question, theme.prompt);
                for (keys, label) in options {
                    x = put(buf, area, x, y, "  ", theme.prompt);
                    x = put(
                        buf,
                        area,
                        x,
                        y,
                        keys,
                        theme.prompt.add_modifier(Modifier::BOLD),
                    );
                    x = put(buf, area, x, y, &format!(" {label}"), theme.prompt);
                }
                None
            }
            Some(Prompt::CommandLine {
                input,
                cursor,
                error,
            }) => {
                let x = put(buf, area, area.x, y, "> ", theme.prompt);
                let end = put(buf, area, x, y, input, theme.prompt);
                let before: String = input.chars().take(cursor).collect();
                let cx = x + width(&before) as u16;
                if cx < area.right() {
                    // The insertion point stays visible without a terminal cursor.
                    let cell = &mut buf[(cx, y)];
                    cell.set_style(theme.prompt.add_modifier(Modifier::REVERSED));
                }
                if let Some(e) = error {
                    put(buf, area, end.max(cx + 1) + 2, y, e, theme.error);
                }
                (cx < area.right()).then_some(Position { x: cx, y })
            }
        }
    }
}
