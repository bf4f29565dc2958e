//! The arbiter's findings pane (replay): every irregularity with the ply it belongs to, the
//! article that governs it and a sentence; the selected one marked `>`.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;

use crate::lang::Lang;

use super::theme::Theme;
use super::{put, wrap};

/// The findings as the screen shows them.
#[derive(Clone, Copy, Debug)]
pub struct FindingsView<'a> {
    /// (ply, article, sentence): `ply` is the number of plies played when it arose (0: before
    /// the first move), as in the laws' records.
    pub items: &'a [(usize, String, String)],
    pub selected: Option<usize>,
    pub lang: Lang,
}

impl FindingsView<'_> {
    /// "after 6." (after White's sixth move), "after 6..." (after Black's), "start".
    pub fn when(ply: usize, lang: Lang) -> String {
        crate::speech::panes::after_ply(ply, lang)
    }

    /// Draws the findings in `area`, scrolled so the selected one is visible.
    pub fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        if area.height == 0 || area.width < 4 {
            return;
        }
        if self.items.is_empty() {
            put(
                buf,
                area,
                area.x,
                area.y,
                crate::speech::panes::word(crate::speech::panes::Word::NoIrregularities, self.lang),
                theme.dim,
            );
            return;
        }
        // Each item: a head line (marker, when, article) and its wrapped sentence.
        let mut lines: Vec<(String, bool, bool)> = Vec::new(); // (text, selected, head)
        let mut selected_line = 0;
        for (i, (ply, article, sentence)) in self.items.iter().enumerate() {
            let sel = self.selected == Some(i);
            if sel {
                selected_line = lines.len();
            }
            let marker = if sel { ">" } else { " " };
            lines.push((
                format!("{marker} {}  {article}", Self::when(*ply, self.lang)),
                sel,
                true,
            ));
            for l in wrap(sentence, (area.width as usize).saturating_sub(4)) {
                lines.push((format!("    {l}"), sel, false));
            }
        }
        let visible = area.height as usize;
        let top = selected_line
            .saturating_sub(visible / 3)
            .min(lines.len().saturating_sub(visible));
        for (i, (text, sel, head)) in lines.iter().skip(top).take(visible).enumerate() {
            let mut style = if *head { theme.finding } else { theme.text };
            if *sel {
                style = style.patch(theme.selected).add_modifier(Modifier::BOLD);
            }
            let y = area.y + i as u16;
            put(buf, area, area.x, y, text, style);
        }
    }
}
