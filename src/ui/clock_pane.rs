//! The clock pane: both clocks, which one runs, the period and the moves to the next
//! control, the increment or delay, the flag, the low-time warning, "paused".
//!
//! The faces come from [`Clock::display`]: `h:mm:ss`, with tenths under 10 s (under 20 s in
//! delay controls). Nothing is told by colour alone: the running clock has `▶` (ASCII `>`),
//! a paused one `‖` (ASCII `|`), a fallen flag the word `FLAG`/`BANDERA` (with `⚑` in
//! Unicode), low time `!` and the words "low time"/"poco tiempo".

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use crate::core::{Color, Position};
use crate::lang::Lang;
use crate::laws::clock::{Clock, ClockEvent, Phase};
use crate::laws::time_control::{Bonus, BonusKind, TimeControl};
use crate::speech::panes::{self, Word};

use super::material::Material;
use super::theme::Theme;
use super::{BoardView as Board, Glyphs, put, truncate, width};

/// The clocks as the screen shows them.
#[derive(Clone, Copy, Debug)]
pub struct ClockView<'a> {
    /// `None`: the game is played without a clock.
    pub clock: Option<&'a Clock>,
    /// The time to read the clock at (the caller's time source; the ui never reads one).
    pub now_ms: u64,
    /// The players' names, White first.
    pub names: [&'a str; 2],
    pub lang: Lang,
    /// Under this much main time a clock shows the low-time warning.
    pub low_time_ms: u64,
    pub glyphs: Glyphs,
}

/// A piece of a line with its style.
type Seg = (String, Style);

impl<'a> ClockView<'a> {
    /// The rows the pane needs at `width` columns (its content, without a border).
    pub fn height(&self, width: u16) -> u16 {
        self.lines(width, &Theme::default()).len() as u16
    }

    /// The rows the pane needs beside a board (see [`ClockView::render_beside`]).
    pub fn height_beside(&self, width: u16, board: &Board) -> u16 {
        self.lines_beside(width, &Theme::default(), board).len() as u16
    }

    /// Draws the pane's content in `area`, White first, without material.
    pub fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        self.render_lines(area, buf, self.lines(area.width, theme));
    }

    /// Draws the pane beside a board: the clock of the player at the top of the board
    /// first (the pane swaps when the board is flipped), and under each face the pieces
    /// that player has taken and the material they are ahead by.
    pub fn render_beside(&self, area: Rect, buf: &mut Buffer, theme: &Theme, board: &Board) {
        self.render_lines(area, buf, self.lines_beside(area.width, theme, board));
    }

    fn render_lines(&self, area: Rect, buf: &mut Buffer, lines: Vec<Vec<Seg>>) {
        for (i, line) in lines.into_iter().enumerate() {
            let y = area.y + i as u16;
            if y >= area.bottom() {
                break;
            }
            let mut x = area.x;
            for (text, style) in line {
                x = put(buf, area, x, y, &text, style);
            }
        }
    }

    /// The lines of the pane at `width` columns.
    pub fn lines(&self, width: u16, theme: &Theme) -> Vec<Vec<Seg>> {
        self.lines_in(width, theme, Color::ALL, None)
    }

    fn lines_beside(&self, width: u16, theme: &Theme, board: &Board) -> Vec<Vec<Seg>> {
        self.lines_in(
            width,
            theme,
            [!board.bottom, board.bottom],
            Some(board.position),
        )
    }

    /// The lines with the players in `order`, and the material of `position` if given.
    fn lines_in(
        &self,
        width: u16,
        theme: &Theme,
        order: [Color; 2],
        position: Option<&Position>,
    ) -> Vec<Vec<Seg>> {
        let w = width as usize;
        let material = position.map(Material::of);
        let l = self.lang;
        let Some(clock) = self.clock else {
            let mut out = vec![vec![(panes::word(Word::NoClock, l).to_string(), theme.dim)]];
            for color in order {
                out.push(vec![
                    ("  ".to_string(), theme.text),
                    (self.badge(color), theme.text),
                    (truncate(self.name(color), w.saturating_sub(4)), theme.text),
                ]);
                if let Some(m) = &material {
                    out.extend(flow(
                        m.segs(color, self.glyphs, theme),
                        w,
                        4,
                        " ",
                        theme.dim,
                    ));
                }
            }
            return out;
        };
        let tc = clock.time_control();
        let mut header: Vec<Seg> = vec![(self.tc_words(tc, clock), theme.dim)];
        match clock.phase() {
            Phase::Paused => header.push((
                format!(
                    "  {} {}",
                    self.glyphs.pick("‖", "|"),
                    panes::word(Word::Paused, l)
                ),
                theme.paused,
            )),
            Phase::NotStarted => {
                header.push((format!("  {}", panes::word(Word::NotStarted, l)), theme.dim))
            }
            Phase::Stopped => {
                header.push((format!("  {}", panes::word(Word::Stopped, l)), theme.dim))
            }
            Phase::Running => {}
        }
        let mut out = vec![header];
        for color in order {
            out.push(self.face_line(clock, color, w, theme));
            let mut details = material
                .as_ref()
                .map(|m| m.segs(color, self.glyphs, theme))
                .unwrap_or_default();
            details.extend(self.details(clock, color, theme));
            out.extend(flow(
                details,
                w,
                4,
                self.glyphs.pick(" · ", " - "),
                theme.dim,
            ));
        }
        out
    }

    /// The compact layout's clocks on one line: for the player at the top of the board,
    /// then the one at the bottom, the running (`▶`) or paused (`‖`) marker, the badge, the
    /// face, `⚑` for a fallen flag or `!` for low time, and the material ahead; "no clock"
    /// without a clock.
    pub fn compact_segs(&self, board: &Board, theme: &Theme) -> Vec<Seg> {
        let material = Material::of(board.position);
        let mut out = Vec::new();
        for (i, color) in [!board.bottom, board.bottom].into_iter().enumerate() {
            if i > 0 {
                out.push(("  ".to_string(), theme.text));
            }
            let mut face_style = theme.clock_idle;
            let marker = match self.clock {
                Some(c) if c.running() == Some(color) => {
                    face_style = theme.clock_running;
                    self.glyphs.pick("▶", ">")
                }
                Some(c) if c.phase() == Phase::Paused && c.on_move() == Some(color) => {
                    self.glyphs.pick("‖", "|")
                }
                _ => " ",
            };
            out.push((marker.to_string(), theme.clock_running));
            out.push((self.badge(color), theme.text));
            match self.clock {
                Some(c) => {
                    let mark = if c.flag(color, self.now_ms).is_some() {
                        face_style = theme.flag;
                        self.glyphs.pick("⚑", "F")
                    } else if self.is_low(c, color) {
                        face_style = theme.low_time;
                        "!"
                    } else {
                        ""
                    };
                    out.push((c.display(color, self.now_ms), face_style));
                    if !mark.is_empty() {
                        out.push((mark.to_string(), face_style));
                    }
                }
                None => out.push((self.name(color).to_string(), theme.text)),
            }
            let m = material.text(color, self.glyphs);
            if !m.is_empty() {
                out.push((format!(" {m}"), theme.dim));
            }
        }
        out
    }

    fn name(&self, color: Color) -> &str {
        self.names[color.index()]
    }

    /// `♔ `/`♚ ` before a name (ASCII: `W `/`B `, in Spanish `B `/`N `).
    fn badge(&self, color: Color) -> String {
        let s = match (self.glyphs, color) {
            (Glyphs::Unicode, Color::White) => "♔",
            (Glyphs::Unicode, Color::Black) => "♚",
            (Glyphs::Ascii, color) => panes::side_letter(color, self.lang),
        };
        format!("{s} ")
    }

    fn face_line(&self, clock: &Clock, color: Color, w: usize, theme: &Theme) -> Vec<Seg> {
        let now = self.now_ms;
        let marker = if clock.running() == Some(color) {
            self.glyphs.pick("▶ ", "> ")
        } else if clock.phase() == Phase::Paused && clock.on_move() == Some(color) {
            self.glyphs.pick("‖ ", "| ")
        } else {
            "  "
        };
        let face = clock.display(color, now);
        let style = if clock.flag(color, now).is_some() {
            theme.flag
        } else if self.is_low(clock, color) {
            theme.low_time
        } else if clock.running() == Some(color) {
            theme.clock_running
        } else {
            theme.clock_idle
        };
        let badge = self.badge(color);
        let fixed = width(marker) + width(&badge) + width(&face) + 2;
        let name = truncate(self.name(color), w.saturating_sub(fixed));
        let pad = w.saturating_sub(fixed + width(&name)) + 1;
        let marker_style = if marker.trim().is_empty() {
            theme.text
        } else {
            theme.clock_running
        };
        vec![
            (marker.to_string(), marker_style),
            (badge, theme.text),
            (name, theme.text),
            (" ".repeat(pad), theme.text),
            (format!(" {face}"), style),
        ]
    }

    fn is_low(&self, clock: &Clock, color: Color) -> bool {
        clock
            .remaining(color, self.now_ms)
            .is_some_and(|r| r.main_ms < self.low_time_ms)
    }

    /// The words under a face: the flag or low-time warning, the period, the moves to the
    /// control, the bonus.
    fn details(&self, clock: &Clock, color: Color, theme: &Theme) -> Vec<Seg> {
        let l = self.lang;
        let mut out = Vec::new();
        if clock.flag(color, self.now_ms).is_some() {
            out.push((
                format!(
                    "{}{}",
                    self.glyphs.pick("⚑ ", ""),
                    panes::word(Word::Flag, l)
                ),
                theme.flag,
            ));
        } else if self.is_low(clock, color) {
            out.push((panes::word(Word::LowTime, l).to_string(), theme.low_time));
        }
        let tc = clock.time_control();
        if !tc.is_timed() {
            out.push((panes::word(Word::TimeUsed, l).to_string(), theme.dim));
            return out;
        }
        if tc.periods().len() > 1 {
            out.push((panes::period(clock.period(color), l), theme.dim));
        }
        if let Some(n) = clock.moves_to_control(color) {
            out.push((panes::moves_to_control(n, l), theme.dim));
        }
        if let Some(b) = clock.bonus(color) {
            let s = b.seconds;
            let countdown = self.delay_left(clock, color, b);
            out.push((panes::bonus(b.kind, s, l), theme.dim));
            if let Some(left) = countdown {
                out.push((self.countdown(left, s as u64 * 1000), theme.clock_running));
            }
        }
        out
    }

    /// What is left of the running move's delay: the US delay before the main time moves
    /// (III.4: `d`), or the Bronstein delay still to be given back in full (`b`); `None`
    /// when `color`'s clock does not run or the control has no delay.
    fn delay_left(&self, clock: &Clock, color: Color, bonus: Bonus) -> Option<u64> {
        if clock.running() != Some(color) {
            return None;
        }
        match bonus.kind {
            BonusKind::Increment => None,
            BonusKind::Delay => clock.remaining(color, self.now_ms).map(|r| r.delay_ms),
            BonusKind::Bronstein => {
                // This move's time: all the time used, less what the completed moves took.
                let before: u64 = clock
                    .events()
                    .iter()
                    .filter_map(|e| match e {
                        ClockEvent::Pressed {
                            color: c, used_ms, ..
                        } if *c == color => Some(*used_ms),
                        _ => None,
                    })
                    .sum();
                let this_move = clock.used(color, self.now_ms).saturating_sub(before);
                Some((bonus.seconds as u64 * 1000).saturating_sub(this_move))
            }
        }
    }

    /// A delay's countdown: the seconds left, with tenths, and a bar of five cells
    /// (`▕███░░▏`, ASCII `[###..]`).
    fn countdown(&self, left_ms: u64, whole_ms: u64) -> String {
        let tenths = left_ms.div_ceil(100);
        let number = panes::tenths(tenths, self.lang);
        let full = if whole_ms == 0 {
            0
        } else {
            ((left_ms * 5).div_ceil(whole_ms)).min(5) as usize
        };
        let (l, on, off, r) = match self.glyphs {
            Glyphs::Unicode => ("▕", "█", "░", "▏"),
            Glyphs::Ascii => ("[", "#", ".", "]"),
        };
        format!("{l}{}{}{r} {number}", on.repeat(full), off.repeat(5 - full))
    }

    /// `90/40+30:30+30 · standard`, `none` in words.
    fn tc_words(&self, tc: &TimeControl, clock: &Clock) -> String {
        let l = self.lang;
        if !tc.is_timed() {
            return panes::word(Word::NoTimeLimit, l).to_string();
        }
        match clock.class() {
            Some(c) => format!(
                "{tc}{}{}",
                self.glyphs.pick(" · ", " - "),
                panes::time_class(c, l)
            ),
            None => tc.to_string(),
        }
    }
}

/// Lays `segs` out in lines of `w` columns, indented by `indent`, separated by `sep`.
fn flow(segs: Vec<Seg>, w: usize, indent: usize, sep: &str, sep_style: Style) -> Vec<Vec<Seg>> {
    let mut lines: Vec<Vec<Seg>> = Vec::new();
    let mut cur: Vec<Seg> = Vec::new();
    let mut used = indent;
    for (text, style) in segs {
        let gap = if cur.is_empty() { 0 } else { width(sep) };
        if !cur.is_empty() && used + gap + width(&text) > w {
            lines.push(std::mem::take(&mut cur));
            used = indent;
        }
        if cur.is_empty() {
            cur.push((" ".repeat(indent), Style::default()));
        } else {
            cur.push((sep.to_string(), sep_style));
            used += width(sep);
        }
        used += width(&text);
        cur.push((text, style));
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    lines
}
