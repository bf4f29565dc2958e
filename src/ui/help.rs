//! The help screen: the keys and what they do, generated from the live keymap by the caller.
//!
//! The entries go down one column, or two or three when one is too tall; a label too long
//! for its column wraps onto the next rows, under itself. The layout asks for the box
//! [`HelpView::fit`] gives: at 80×24 the whole play keymap fits, every word shown.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::theme::Theme;
use super::{put, truncate, width, wrap};

/// The help screen's content.
#[derive(Clone, Copy, Debug)]
pub struct HelpView<'a> {
    pub title: &'a str,
    /// (keys, what they do), in the order to show.
    pub entries: &'a [(String, String)],
}

/// One row of a column: the keys (on an entry's first row) and a piece of its label.
type Line<'a> = (&'a str, String);

impl HelpView<'_> {
    /// The columns one entry needs: the widest keys, two spaces, the widest label.
    fn key_width(&self) -> usize {
        self.entries
            .iter()
            .map(|(k, _)| width(k))
            .max()
            .unwrap_or(0)
    }

    /// The size the help box would like (content, without the border): one column, each
    /// entry on one row.
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

    /// The entries in `columns` columns of `col_w`, each at most `max_h` rows; `None`
    /// when they do not fit.
    fn pack(&self, columns: usize, col_w: usize, max_h: usize) -> Option<Vec<Vec<Line<'_>>>> {
        let kw = self.key_width();
        let label_w = col_w.checked_sub(kw + 2).filter(|w| *w >= 8)?;
        let mut cols: Vec<Vec<Line>> = vec![Vec::new()];
        for (keys, label) in self.entries {
            let lines = wrap(label, label_w);
            if lines.len() > max_h {
                return None;
            }
            if cols.last().is_some_and(|c| c.len() + lines.len() > max_h) {
                if cols.len() == columns {
                    return None;
                }
                cols.push(Vec::new());
            }
            let col = cols.last_mut()?;
            for (i, l) in lines.into_iter().enumerate() {
                col.push((if i == 0 { keys.as_str() } else { "" }, l));
            }
        }
        Some(cols)
    }

    /// The columns and the column width for a box of at most `max_w`×`max_h`: the fewest
    /// columns in which every entry fits whole.
    fn plan(&self, max_w: u16, max_h: u16) -> (usize, usize) {
        let (w, h) = (max_w as usize, max_h as usize);
        for columns in 1..=3 {
            let col_w = ((w + 2) / columns)
                .saturating_sub(2)
                .min(self.wanted().0 as usize);
            if self.pack(columns, col_w, h).is_some() {
                return (columns, col_w);
            }
        }
        (3, w.div_ceil(3).saturating_sub(2))
    }

    /// Whether every entry fits whole (wrapped, in up to three columns) in `max_w`×`max_h`.
    pub fn fits(&self, max_w: u16, max_h: u16) -> bool {
        let (columns, col_w) = self.plan(max_w, max_h);
        self.pack(columns, col_w, max_h as usize).is_some()
    }

    /// The room the help box has on a screen of `area`: all of it but a border and a
    /// margin on each side and the status line's rows.
    pub fn room(area: Rect) -> (u16, u16) {
        (
            area.width.saturating_sub(4),
            area.height.saturating_sub(2 + super::status::STATUS_HEIGHT),
        )
    }

    /// The size of the box's content for a screen that leaves it `max_w`×`max_h`.
    pub fn fit(&self, max_w: u16, max_h: u16) -> (u16, u16) {
        let (columns, col_w) = self.plan(max_w, max_h);
        let rows = self
            .pack(columns, col_w, max_h as usize)
            .map_or(max_h as usize, |cols| {
                cols.iter().map(Vec::len).max().unwrap_or(0)
            });
        let w = if columns == 1 {
            col_w
        } else {
            columns * (col_w + 2) - 2
        };
        (w.min(max_w as usize) as u16, rows as u16)
    }

    /// Draws the entries in `area`, in as many columns as needed to show them all (labels
    /// cut with `…` only when even three columns cannot hold them).
    pub fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        if area.height == 0 || area.width == 0 {
            return;
        }
        let (columns, col_w) = self.plan(area.width, area.height);
        let kw = self.key_width();
        let cols = self
            .pack(columns, col_w, area.height as usize)
            .unwrap_or_else(|| self.cut(columns, area.height as usize, col_w));
        for (c, col) in cols.iter().enumerate() {
            let x = area.x + (c * (col_w + 2)) as u16;
            if x >= area.right() {
                break;
            }
            let r = Rect::new(x, area.y, (col_w as u16).min(area.right() - x), area.height);
            for (row, (keys, label)) in col.iter().enumerate() {
                let y = area.y + row as u16;
                put(buf, r, x, y, &format!("{keys:>kw$}"), theme.title);
                put(buf, r, x + kw as u16 + 2, y, label, theme.text);
            }
        }
    }

    /// The fallback: one row an entry, labels cut to the column.
    fn cut(&self, columns: usize, rows: usize, col_w: usize) -> Vec<Vec<Line<'_>>> {
        let label_w = col_w.saturating_sub(self.key_width() + 2);
        let mut cols: Vec<Vec<Line>> = Vec::new();
        for chunk in self.entries.chunks(rows.max(1)).take(columns) {
            cols.push(
                chunk
                    .iter()
                    .map(|(k, l)| (k.as_str(), truncate(l, label_w)))
                    .collect(),
            );
        }
        cols
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(n: usize, label: &str) -> Vec<(String, String)> {
        (0..n)
            .map(|i| (format!("k{i}"), label.to_string()))
            .collect()
    }

    #[test]
    fn one_column_when_it_fits_then_more_with_wrapped_labels() {
        let e = entries(5, "a short label");
        let h = HelpView {
            title: "",
            entries: &e,
        };
        assert_eq!(h.fit(76, 20), (2 + 2 + 13, 5));
        // 15 labels of two rows each in ten rows: three columns.
        let e = entries(15, "a label long enough to wrap in a column");
        let h = HelpView {
            title: "",
            entries: &e,
        };
        assert!(!h.fits(76, 9));
        let (w, rows) = h.fit(76, 10);
        assert_eq!((w, rows), (76, 10));
        assert_eq!(h.plan(76, 10), (3, 24));
        let cols = h.pack(3, 24, 10).expect("fits");
        let shown: usize = cols.iter().flatten().filter(|(k, _)| !k.is_empty()).count();
        assert_eq!(shown, 15);
    }
}
