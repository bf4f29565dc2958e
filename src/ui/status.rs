//! The status line at the bottom: the last announcement (in the speech module's words), then
//! either the prompt (a command line, a yes/no question, the promotion choice) or the key
//! hints generated from the live keymap by the caller.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Modifier;

use super::theme::Theme;
use super::{put, truncate, width};

/// What the status line shows.
#[derive(Clone, Copy, Debug)]
pub struct StatusView<'a> {
    /// The last announcement, a full sentence.
    pub announcement: &'a str,
    /// Where the announcement's last sentence starts (a byte index), when it must be read
    /// whole (where a game was saved: a path cut is of no use): when the two rows cannot
    /// hold the whole, the sentences before it are cut instead.
    pub kept_from: Option<usize>,
    /// (keys, label) pairs, e.g. `("?", "help")`, in the order to show; those that do not
    /// fit are left out whole, but for the last, which is kept ([`StatusView::shown_hints`]).
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
    /// The announcement in rows of `columns`: one when it fits; else, when the second row
    /// is free (no prompt) and may be used, two, wrapped at spaces (a long path is cut
    /// between its characters, never lost); what does not fit ends with `…`.
    pub fn announcement_lines(&self, columns: usize, second_row: bool) -> Vec<String> {
        if width(self.announcement) <= columns {
            return vec![self.announcement.to_string()];
        }
        let rows = if second_row && self.prompt.is_none() {
            2
        } else {
            1
        };
        // A last sentence to read whole (where the game was saved, after its end) that
        // fits a row of its own: what comes before it is cut rather than it (the end is on
        // the scoresheet too).
        if let Some((first, last)) = self
            .kept_from
            .and_then(|at| Some((self.announcement.get(..at)?, self.announcement.get(at..)?)))
            .filter(|(_, last)| rows == 2 && width(last) <= columns)
        {
            if fill(self.announcement, columns).len() > 2 {
                return vec![truncate(first.trim_end(), columns), last.to_string()];
            }
        }
        fit(self.announcement, columns, rows)
    }

    /// The hints shown in a row of `columns`, as indices: from the first, each that fits
    /// whole; when not all fit, the last (how to leave: `q/Ctrl-C quit`) keeps its place at
    /// the end and those before it that no longer fit are left out (in Spanish at 80
    /// columns the play screen's hints were cut before `q/Ctrl-C salir`).
    pub fn shown_hints(&self, columns: usize) -> Vec<usize> {
        let need = |i: usize| {
            let (keys, label) = &self.hints[i];
            usize::from(i > 0) * 2 + width(keys) + 1 + width(label)
        };
        // From the first of `0..end`, each that fits in `room`.
        let leading = |end: usize, room: usize| -> Vec<usize> {
            let mut used = 0;
            (0..end)
                .take_while(|&i| {
                    used += need(i);
                    used <= room
                })
                .collect()
        };
        let n = self.hints.len();
        let all: usize = (0..n).map(need).sum();
        if all <= columns || n < 2 {
            return leading(n, columns);
        }
        let last = n - 1;
        let mut shown = leading(last, columns.saturating_sub(need(last)));
        if shown.is_empty() {
            // Not even the first beside the last: the first that fit, as ever.
            return leading(n, columns);
        }
        shown.push(last);
        shown
    }

    /// The rows of a yes/no question too long for one row of `columns`, when the status
    /// has a second row: the question takes the announcement's row too (the player reads
    /// it before answering: a written move's claim names the move as it was read and says
    /// what a wrong claim costs, Art. 9.5.3, which one row of 80 columns cut off). `None`
    /// when the question fits one row, or there is no question.
    pub fn question_lines(&self, columns: usize, second_row: bool) -> Option<Vec<String>> {
        match self.prompt {
            Some(Prompt::Confirm { question }) if second_row && width(question) > columns => {
                Some(fit(question, columns, 2))
            }
            _ => None,
        }
    }

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
        let y = if area.height > 1 { y0 + 1 } else { y0 };
        if let Some(rows) = self.question_lines(area.width as usize, y > y0) {
            for (row, text) in [y0, y].into_iter().zip(&rows) {
                put(
                    buf,
                    area,
                    area.x,
                    row,
                    &" ".repeat(area.width as usize),
                    theme.status,
                );
                put(buf, area, area.x, row, text, theme.prompt);
            }
            return None;
        }
        let lines = self.announcement_lines(area.width as usize, y > y0);
        put(buf, area, area.x, y0, &lines[0], theme.status);
        put(
            buf,
            area,
            area.x,
            y,
            &" ".repeat(area.width as usize),
            theme.status,
        );
        if let Some(second) = lines.get(1) {
            // The announcement goes on where the hints were (they come back with the next
            // announcement that fits one row).
            put(buf, area, area.x, y, second, theme.status);
            return None;
        }
        match self.prompt {
            None => {
                let mut x = area.x;
                for i in self.shown_hints(area.width as usize) {
                    let (keys, label) = &self.hints[i];
                    let sep = if x == area.x { 0 } else { 2 };
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

/// `text` in at most `rows` rows of `columns` ([`fill`]); what does not fit ends the last
/// row with `…`.
fn fit(text: &str, columns: usize, rows: usize) -> Vec<String> {
    let rows = rows.max(1);
    let mut lines = fill(text, columns);
    if lines.len() > rows {
        let rest = lines[rows - 1..].join(" ");
        lines.truncate(rows - 1);
        lines.push(truncate(&rest, columns));
    }
    lines
}

/// Splits `text` into rows of at most `columns`, at spaces; a word longer than a row (a
/// file's path) starts where it stands and goes on in the next row.
fn fill(text: &str, columns: usize) -> Vec<String> {
    let columns = columns.max(1);
    let mut lines = vec![String::new()];
    let mut w = 0;
    for word in text.split(' ') {
        let ww = width(word);
        let sep = usize::from(w > 0);
        if w + sep + ww > columns && ww <= columns && w > 0 {
            lines.push(String::new());
            w = 0;
        } else if w > 0 {
            if let Some(l) = lines.last_mut() {
                l.push(' ');
            }
            w += 1;
        }
        for c in word.chars() {
            let cw = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
            if w + cw > columns {
                lines.push(String::new());
                w = 0;
            }
            if let Some(l) = lines.last_mut() {
                l.push(c);
            }
            w += cw;
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::theme::Theme;

    fn view(announcement: &str) -> StatusView<'_> {
        StatusView {
            announcement,
            kept_from: None,
            hints: &[],
            prompt: None,
        }
    }

    #[test]
    fn a_saved_files_path_wraps_onto_the_second_row_whole() {
        let text = "Game saved in /root/.local/share/escaque/games/2026-11-26-White-Black-3.pgn";
        let lines = view(text).announcement_lines(40, true);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines.iter().all(|l| width(l) <= 40), "{lines:?}");
        assert_eq!(lines.concat().replace(' ', ""), text.replace(' ', ""));
    }

    #[test]
    fn what_does_not_fit_ends_with_an_ellipsis() {
        let text = "word ".repeat(40);
        let lines = view(&text).announcement_lines(30, true);
        assert_eq!(lines.len(), 2);
        assert!(lines[1].ends_with('…'), "{lines:?}");
        assert!(width(&lines[1]) <= 30);
        // With a prompt under it, the announcement keeps one row.
        let mut v = view(&text);
        v.prompt = Some(Prompt::Confirm { question: "?" });
        let lines = v.announcement_lines(30, true);
        assert_eq!(lines.len(), 1);
        assert!(
            lines[0].ends_with('…') && width(&lines[0]) <= 30,
            "{lines:?}"
        );
    }

    /// The two rows of a status drawn at `columns`.
    fn drawn(v: &StatusView, columns: u16) -> [String; 2] {
        let area = Rect::new(0, 0, columns, STATUS_HEIGHT);
        let mut buf = Buffer::empty(area);
        v.render(area, &mut buf, &Theme::built_in("classic"));
        [0, 1].map(|y| {
            (0..columns)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
                .trim_end()
                .to_string()
        })
    }

    #[test]
    fn art_9_5_3_a_long_claim_question_is_read_whole_at_80_columns() {
        // The question a written-move claim asks, as the full screen shows it: the move read,
        // what a wrong claim costs and its article must all be on the screen at 80×24.
        let question = "[s/n] ¿Reclama tablas con la jugada escrita caballo efe tres? Si la \
                        reclamación es incorrecta, se juega y el rival recibe tiempo (art. \
                        9.5.3).";
        let mut v = view("3… a6");
        v.prompt = Some(Prompt::Confirm { question });
        let rows = drawn(&v, 80);
        assert_eq!(rows.join(" "), question, "{rows:?}");
        // A question that fits keeps the announcement above it.
        v.prompt = Some(Prompt::Confirm {
            question: "[s/n] ¿Abandona la partida?",
        });
        assert_eq!(drawn(&v, 80), ["3… a6", "[s/n] ¿Abandona la partida?"]);
        // Longer than both rows: cut with `…`, never past the edge.
        let long = "palabra ".repeat(30);
        v.prompt = Some(Prompt::Confirm { question: &long });
        let rows = drawn(&v, 80);
        assert!(rows[1].ends_with('…'), "{rows:?}");
        assert!(rows.iter().all(|r| width(r) <= 80), "{rows:?}");
    }

    #[test]
    fn the_saved_games_path_is_kept_whole_after_a_long_end_of_game() {
        let end = "Fin de la partida. Triple repetición de la posición, reclamada: tablas, Art. \
                   9.2.1.";
        let saved =
            "Partida guardada en ~/.local/share/escaque/games/2026.11.29-Blancas-Negras.pgn";
        let text = format!("{end} {saved}");
        let mut v = view(&text);
        v.kept_from = Some(end.len() + 1);
        let lines = v.announcement_lines(80, true);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert_eq!(lines[1], saved);
        assert!(
            lines[0].ends_with('…') && width(&lines[0]) <= 80,
            "{lines:?}"
        );
        // When it all fits two rows, it is wrapped as it is.
        let lines = v.announcement_lines(100, true);
        assert_eq!(lines.join(" "), text);
        // Without a sentence to keep, the end is cut as ever, whatever its periods (an
        // article's number is no sentence's end).
        let ply = "4. Ke3, as recorded. 4. Ke3: an illegal move by White (\"Ke3\" is not a legal \
                   move in r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4) \
                   (Art. 7.5.1).";
        let lines = view(ply).announcement_lines(80, true);
        assert!(
            lines[0].starts_with("4. Ke3, as recorded.") && lines[1].ends_with('…'),
            "{lines:?}"
        );
    }

    #[test]
    fn the_last_hint_how_to_leave_is_kept_at_80_columns() {
        let pairs = |v: &[(&str, &str)]| -> Vec<(String, String)> {
            v.iter()
                .map(|(k, l)| (k.to_string(), l.to_string()))
                .collect()
        };
        let es = pairs(&[
            ("?/F1", "ayuda"),
            ("=", "tablas"),
            ("Ctrl-D", "reclamar"),
            ("r", "abandonar"),
            ("F", "girar"),
            ("p", "pausa"),
            ("q/Ctrl-C", "salir"),
        ]);
        let mut v = view("1. e4");
        v.hints = &es;
        let rows = drawn(&v, 80);
        assert_eq!(
            rows[1],
            "?/F1 ayuda  = tablas  Ctrl-D reclamar  r abandonar  F girar  q/Ctrl-C salir"
        );
        // All that fit are shown as they are, in their order.
        assert_eq!(v.shown_hints(120), (0..7).collect::<Vec<_>>());
        // Too narrow for more than the first and the last; then for the first only.
        assert_eq!(v.shown_hints(26), vec![0, 6]);
        assert_eq!(v.shown_hints(12), vec![0]);
        v.hints = &[];
        assert!(v.shown_hints(80).is_empty());
    }

    #[test]
    fn a_short_announcement_is_one_row_as_it_is() {
        assert_eq!(view("2… Nc6").announcement_lines(80, true), vec!["2… Nc6"]);
    }
}
