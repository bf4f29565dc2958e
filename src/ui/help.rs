//! The help screen: the keys and what they do, generated from the live keymap by the caller.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::theme::Theme;
use super::{put, truncate, width};

/// The help screen's content.
#[derive(Clone, Copy, Debug)]
pub struct HelpView<'a> {
    pub title: &'a str,
    /// (keys, what they do), in the order to show.
    pub entries: &'a [(String, String)],
}

impl HelpView<'_> {
    /// The columns one entry needs: the widest keys, two spaces, the widest label.
    fn key_width(&self) -> usize {
        self.entries
            .iter()
            .map(|(k, _)| width(k))
            .max()
            .unwrap_or(0)
    }

    /// The size the help box would like (content, without the border).
    pub fn wanted(&self) -> (u16, u16) {
        let label = self
            .entries
            .iter()
            .map(|(_, l)| width(l))
            .max()
            .unwrap_or(0);
        (
            (self.key_width() + 2 + label) as u16,
            self.entries.len() as u16,
        )
    }

    /// Draws the entries in `area`, in as many columns as needed to show them all.
    pub fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        if area.height == 0 || area.width == 0 {
            return;
        }
        let rows = area.height as usize;
        let columns = self.entries.len().div_ceil(rows).max(1);
        let col_w = (area.width as usize + 2) / columns;
        let kw = self.key_width();
        for (i, (keys, label)) in self.entries.iter().enumerate() {
            let (c, r) = (i / rows, i % rows);
            let x = area.x + (c * col_w) as u16;
            let y = area.y + r as u16;
            let col = Rect::new(
                x,
                y,
                (col_w.saturating_sub(2) as u16).min(area.right() - x),
                1,
            );
            put(buf, col, x, y, &format!("{keys:>kw$}"), theme.title);
            let text = truncate(label, col_w.saturating_sub(kw + 4));
            put(buf, col, x + kw as u16 + 2, y, &text, theme.text);
        }
    }
}
