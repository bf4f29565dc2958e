//! The lobby of `escaque serve`: the rooms, a message and the command line. Every line is
//! plain text (a room's state is a word, never a colour alone); the same lines are what the
//! line mode says.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};

use super::theme::Theme;
use super::{put, truncate, width};

/// What the lobby shows, borrowed.
#[derive(Clone, Copy, Debug)]
pub struct LobbyView<'a> {
    pub title: &'a str,
    /// One line per room, already in words.
    pub rooms: &'a [String],
    /// Said when there is no room.
    pub empty: &'a str,
    /// Help lines under the list.
    pub help: &'a [String],
    /// The answer to the last command (or an error).
    pub message: &'a str,
    pub message_is_error: bool,
    /// The command line: prompt and text typed so far.
    pub prompt: &'a str,
    pub input: &'a str,
}

impl LobbyView<'_> {
    /// Draws the lobby in `area`; returns where the cursor goes.
    pub fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme) -> Option<Position> {
        if area.width < 10 || area.height < 4 {
            return None;
        }
        let w = area.width as usize;
        let line = |y: u16| Rect::new(area.x, y, area.width, 1);
        let mut y = area.y;
        put(
            buf,
            line(y),
            area.x,
            y,
            &truncate(self.title, w),
            theme.title,
        );
        y += 2;
        // The message, the help and the prompt keep their rows; the list gets the rest.
        let bottom = area.bottom();
        let help = packed(self.help, w);
        let fixed = 2 + help.len() as u16 + 1;
        let list_rows = bottom.saturating_sub(y + fixed) as usize;
        if self.rooms.is_empty() {
            put(buf, line(y), area.x, y, &truncate(self.empty, w), theme.dim);
        }
        for room in self.rooms.iter().take(list_rows) {
            put(buf, line(y), area.x, y, &truncate(room, w), theme.text);
            y += 1;
        }
        let mut y = bottom.saturating_sub(fixed);
        let style = if self.message_is_error {
            theme.error
        } else {
            theme.status
        };
        put(buf, line(y), area.x, y, &truncate(self.message, w), style);
        y += 2;
        for h in &help {
            put(buf, line(y), area.x, y, h, theme.dim);
            y += 1;
        }
        let y = bottom - 1;
        let shown = format!("{}{}", self.prompt, self.input);
        let shown = truncate(&shown, w.saturating_sub(1));
        put(buf, line(y), area.x, y, &shown, theme.prompt);
        Some(Position::new(area.x + width(&shown) as u16, y))
    }
}

/// The help's commands (each line's items, between ` · `) packed into rows of `columns`,
/// in their order: at 80 columns the first line of three commands was cut in its last
/// (`watch CODE`, Spanish `[clave]` already), while the second had room. An item longer
/// than a row is cut with `…`.
fn packed(lines: &[String], columns: usize) -> Vec<String> {
    const SEP: &str = " · ";
    let mut rows: Vec<String> = Vec::new();
    let mut row = String::new();
    for item in lines.iter().flat_map(|l| l.split(SEP)) {
        if !row.is_empty() && width(&row) + width(SEP) + width(item) > columns {
            rows.push(std::mem::take(&mut row));
        }
        if !row.is_empty() {
            row.push_str(SEP);
        }
        row.push_str(item);
    }
    if !row.is_empty() {
        rows.push(row);
    }
    rows.iter().map(|r| truncate(r, columns)).collect()
}

/// Draws the lobby on the whole frame.
pub fn draw(frame: &mut Frame, view: &LobbyView, theme: &Theme) {
    let area = frame.area();
    if let Some(pos) = view.render(area, frame.buffer_mut(), theme) {
        frame.set_cursor_position(pos);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    #[test]
    fn the_lobby_help_is_packed_whole_into_80_columns() {
        for lang in [crate::lang::Lang::En, crate::lang::Lang::Es] {
            let speaker = crate::speech::Speaker::new(crate::speech::Profile::En, lang);
            let help: Vec<String> = speaker.lobby_help().iter().map(|s| s.to_string()).collect();
            let rows = packed(&help, 80);
            assert!(rows.len() <= 3, "{rows:?}");
            assert!(
                rows.iter().all(|r| width(r) <= 80 && !r.contains('…')),
                "{rows:?}"
            );
            // Every command, in its order.
            assert_eq!(rows.join(" · "), help.join(" · "));
        }
        // Drawn at 80×24: every command is on the screen.
        let speaker =
            crate::speech::Speaker::new(crate::speech::Profile::En, crate::lang::Lang::En);
        let help: Vec<String> = speaker.lobby_help().iter().map(|s| s.to_string()).collect();
        let view = LobbyView {
            title: "escaque · lobby",
            rooms: &[],
            empty: "No rooms yet.",
            help: &help,
            message: "",
            message_is_error: false,
            prompt: "> ",
            input: "",
        };
        let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
        t.draw(|f| draw(f, &view, &Theme::built_in("monochrome")))
            .unwrap();
        let screen: String = t
            .backend()
            .buffer()
            .content()
            .iter()
            .map(|c| c.symbol())
            .collect();
        for command in ["watch CODE", "join CODE [password]", "arbiter CODE", "quit"] {
            assert!(screen.contains(command), "{command}: {screen}");
        }
        // An item longer than the row is cut, never past it.
        let rows = packed(&["a".repeat(30)], 10);
        assert_eq!(rows, vec![format!("{}…", "a".repeat(9))]);
    }

    #[test]
    fn lobby_lists_rooms_and_keeps_the_prompt_on_the_last_row() {
        let rooms = vec!["K7PX  Ana – (free)  5+3  waiting".to_string()];
        let help = vec!["new 5+3 white · join CODE · watch CODE · quit".to_string()];
        let view = LobbyView {
            title: "escaque · lobby",
            rooms: &rooms,
            empty: "No rooms yet.",
            help: &help,
            message: "Welcome, Ana.",
            message_is_error: false,
            prompt: "> ",
            input: "join k7",
        };
        let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
        let theme = Theme::built_in("monochrome");
        t.draw(|f| draw(f, &view, &theme)).unwrap();
        let buf = t.backend().buffer();
        let row = |y: u16| -> String {
            (0..80)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
                .trim_end()
                .to_string()
        };
        assert_eq!(row(0), "escaque · lobby");
        assert_eq!(row(2), "K7PX  Ana – (free)  5+3  waiting");
        assert_eq!(row(23), "> join k7");
        assert_eq!(row(20), "Welcome, Ana.");
        assert_eq!(row(22), "new 5+3 white · join CODE · watch CODE · quit");
    }
}
