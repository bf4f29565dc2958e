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
        let fixed = 2 + self.help.len() as u16 + 1;
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
        for h in self.help {
            put(buf, line(y), area.x, y, &truncate(h, w), theme.dim);
            y += 1;
        }
        let y = bottom - 1;
        let shown = format!("{}{}", self.prompt, self.input);
        let shown = truncate(&shown, w.saturating_sub(1));
        put(buf, line(y), area.x, y, &shown, theme.prompt);
        Some(Position::new(area.x + width(&shown) as u16, y))
    }
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
