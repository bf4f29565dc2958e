//! The screen. From 80×24 up: the title on the first row, the status line on the last two;
//! between them the board at the left and, at the right, the clock pane above the
//! scoresheet (in replay the findings share that column, or replace the scoresheet when the
//! column is short). The board takes the largest square size that leaves the right column
//! at least [`RIGHT_MIN`] columns. Below 80×24, down to [`COMPACT_MIN_WIDTH`]×
//! [`COMPACT_MIN_HEIGHT`], the compact layout: one clock line, the bare board with its
//! coordinates, the scoresheet beside it when there is room. Below that the screen says so
//! in words.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;
use ratatui::widgets::{Block, Clear, Widget};

use crate::core::{Color, Role, Square, write_move};
use crate::lang::Lang;
use crate::speech::panes::{self, Word};

use super::board::role_glyph;
use super::status::STATUS_HEIGHT;
use super::theme::Theme;
use super::{
    BoardView, ClockView, FindingsView, Glyphs, HelpView, ScoresheetView, StatusView, put,
    truncate, wrap,
};

/// The smallest screen the full layout draws; below it, the compact layout.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;
/// The smallest screen the compact layout draws (a board of 2×1 squares with its
/// coordinates, the clock line above it, the status below); below it the screen says so.
pub const COMPACT_MIN_WIDTH: u16 = 20;
pub const COMPACT_MIN_HEIGHT: u16 = 12;
/// The narrowest the right column (clock and scoresheet) may be.
pub const RIGHT_MIN: u16 = 40;
/// The narrowest scoresheet shown beside the board in the compact layout.
const COMPACT_SHEET_MIN: u16 = 12;

/// Everything the screen shows, borrowed from the caller's state.
#[derive(Clone, Copy, Debug)]
pub struct Screen<'a> {
    /// The first row: players, event, time control.
    pub title: &'a str,
    pub lang: Lang,
    pub board: BoardView<'a>,
    pub clock: ClockView<'a>,
    pub scoresheet: ScoresheetView<'a>,
    pub status: StatusView<'a>,
    /// The arbiter's findings, in replay.
    pub findings: Option<FindingsView<'a>>,
    pub overlay: Option<Overlay<'a>>,
}

/// A box drawn over the screen.
#[derive(Clone, Copy, Debug)]
pub enum Overlay<'a> {
    Help(HelpView<'a>),
    Message {
        title: &'a str,
        text: &'a str,
    },
    /// The promotion choice: (keys, piece name) for queen, rook, bishop, knight, in that
    /// order; `selected` marked `>`.
    Promotion {
        color: Color,
        options: &'a [(String, String)],
        selected: Option<usize>,
    },
}

/// Draws the screen into the frame, and puts the terminal cursor on the command line when
/// it is open.
pub fn draw(frame: &mut Frame, screen: &Screen, theme: &Theme) {
    let area = frame.area();
    if let Some(pos) = render_screen(area, frame.buffer_mut(), screen, theme) {
        frame.set_cursor_position(pos);
    }
}

/// Where each pane goes on a screen of `area` (exposed for mouse input and tests).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Areas {
    /// The title row; in the compact layout, the clock line (both clocks, the last move).
    pub title: Rect,
    /// The board block (border included) and the board inside it (coordinates included).
    /// In the compact layout the board has no border: both are the same.
    pub board_block: Rect,
    pub board: Rect,
    /// The square size chosen (columns, rows).
    pub square: (u16, u16),
    /// The clock pane; in the compact layout, the clock line.
    pub clock_block: Rect,
    /// The scoresheet with its border; in the compact layout, without one.
    pub scoresheet_block: Option<Rect>,
    pub findings_block: Option<Rect>,
    pub status: Rect,
    /// The compact layout (below 80×24): no borders, no title, one clock line.
    pub compact: bool,
}

impl Areas {
    /// The square under the terminal cell (`x`, `y`), for the mouse.
    pub fn square_at(&self, x: u16, y: u16, board: &BoardView) -> Option<Square> {
        let left = self.board.x + if board.coordinates { 2 } else { 0 };
        let (sw, sh) = self.square;
        if x < left || y < self.board.y {
            return None;
        }
        board.square_at_grid((x - left) / sw, (y - self.board.y) / sh)
    }

    /// The scoresheet's content (inside its border, if it has one).
    pub fn scoresheet_inner(&self) -> Option<Rect> {
        self.scoresheet_block.map(|r| {
            if self.compact {
                r
            } else {
                Block::bordered().inner(r)
            }
        })
    }
}

/// The layout of `screen` on `area`: the full one from [`MIN_WIDTH`]×[`MIN_HEIGHT`], the
/// compact one from [`COMPACT_MIN_WIDTH`]×[`COMPACT_MIN_HEIGHT`]; `None` below.
pub fn areas(area: Rect, screen: &Screen) -> Option<Areas> {
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        return compact_areas(area, screen);
    }
    let (title, status) = title_and_status(area);
    let main = Rect::new(
        area.x,
        area.y + 1,
        area.width,
        area.height - 1 - STATUS_HEIGHT,
    );
    // The board block: a border and one column of margin at the right.
    let square = screen
        .board
        .square_for(
            area.width.saturating_sub(RIGHT_MIN + 3),
            main.height.saturating_sub(2),
        )
        .unwrap_or((2, 1));
    let (bw, bh) = screen.board.size_with(square);
    let board_block = Rect::new(
        main.x,
        main.y,
        (bw + 3).min(main.width),
        (bh + 2).min(main.height),
    );
    let board = Rect::new(board_block.x + 1, board_block.y + 1, bw, bh);
    let right = Rect::new(
        board_block.right(),
        main.y,
        main.right() - board_block.right(),
        main.height,
    );
    let clock_h = (screen
        .clock
        .height_beside(right.width.saturating_sub(2), &screen.board)
        + 2)
    .min(right.height);
    let clock_block = Rect::new(right.x, right.y, right.width, clock_h);
    let rest = Rect::new(
        right.x,
        right.y + clock_h,
        right.width,
        right.height - clock_h,
    );
    let (scoresheet_block, findings_block) = match screen.findings {
        None => (Some(rest), None),
        Some(_) if rest.height >= 16 => {
            let top = rest.height * 2 / 5;
            (
                Some(Rect::new(rest.x, rest.y, rest.width, top)),
                Some(Rect::new(
                    rest.x,
                    rest.y + top,
                    rest.width,
                    rest.height - top,
                )),
            )
        }
        Some(_) => (None, Some(rest)),
    };
    Some(Areas {
        title,
        board_block,
        board,
        square,
        clock_block,
        scoresheet_block,
        findings_block,
        status,
        compact: false,
    })
}

/// The title row at the top and the status rows at the bottom, at every size.
fn title_and_status(area: Rect) -> (Rect, Rect) {
    let title = Rect::new(area.x, area.y, area.width, 1);
    let status = Rect::new(
        area.x,
        area.bottom() - STATUS_HEIGHT,
        area.width,
        STATUS_HEIGHT,
    );
    (title, status)
}

/// Below 80×24: the clock line on the first row, the board with its coordinates under it,
/// the scoresheet beside the board when at least [`COMPACT_SHEET_MIN`] columns are left
/// (the findings instead of it in replay), the status on the last two rows.
fn compact_areas(area: Rect, screen: &Screen) -> Option<Areas> {
    if area.width < COMPACT_MIN_WIDTH || area.height < COMPACT_MIN_HEIGHT {
        return None;
    }
    let (title, status) = title_and_status(area);
    let main_h = area.height - 1 - STATUS_HEIGHT;
    let square = screen.board.square_for(area.width, main_h)?;
    // A smaller square when it leaves room for the scoresheet and the larger one does not.
    let fits_sheet = |sq: (u16, u16)| {
        area.width.saturating_sub(screen.board.size_with(sq).0 + 1) >= COMPACT_SHEET_MIN
    };
    let square = if fits_sheet(square) {
        square
    } else {
        screen
            .board
            .square_for(area.width.saturating_sub(COMPACT_SHEET_MIN + 1), main_h)
            .filter(|sq| sq.0 * 2 >= square.0)
            .unwrap_or(square)
    };
    let (bw, bh) = screen.board.size_with(square);
    let board = Rect::new(area.x, area.y + 1, bw, bh);
    let right_w = area.width.saturating_sub(bw + 1);
    let right = (right_w >= COMPACT_SHEET_MIN)
        .then(|| Rect::new(board.right() + 1, area.y + 1, right_w, main_h));
    let (scoresheet_block, findings_block) = match screen.findings {
        None => (right, None),
        Some(_) => (None, right),
    };
    Some(Areas {
        title,
        board_block: board,
        board,
        square,
        clock_block: title,
        scoresheet_block,
        findings_block,
        status,
        compact: true,
    })
}

/// Draws `screen` into `buf` over `area`; returns where the terminal cursor belongs.
pub fn render_screen(
    area: Rect,
    buf: &mut Buffer,
    screen: &Screen,
    theme: &Theme,
) -> Option<Position> {
    let l = screen.lang;
    let Some(a) = areas(area, screen) else {
        too_small(area, buf, l, theme);
        return None;
    };
    if a.compact {
        return render_compact(area, buf, screen, theme, &a);
    }
    put(
        buf,
        a.title,
        a.title.x,
        a.title.y,
        &" ".repeat(a.title.width as usize),
        theme.title,
    );
    put(
        buf,
        a.title,
        a.title.x + 1,
        a.title.y,
        &truncate(screen.title, a.title.width.saturating_sub(2) as usize),
        theme.title,
    );

    let pos = screen.board.position;
    // In replay the board may show a position before the end of a finished game: the game
    // is over on the board only from its last ply on.
    let sheet = &screen.scoresheet;
    let at_end = sheet
        .highlight_ply
        .is_none_or(|ply| ply >= sheet.game.plies().len());
    let board_title = if sheet.game.is_over() && at_end {
        panes::word(Word::GameOver, l)
    } else {
        panes::to_move(pos.turn(), l)
    };
    let ascii = screen.board.glyphs == Glyphs::Ascii;
    let block = |title: &str| {
        let b = Block::bordered()
            .title(format!(" {title} "))
            .border_style(theme.border)
            .title_style(theme.title);
        if ascii { b.border_set(ASCII_BORDER) } else { b }
    };
    block(board_title).render(a.board_block, buf);
    screen.board.render_with(a.board, buf, theme, a.square);

    let b = block(panes::word(Word::ClockTitle, l));
    let inner = b.inner(a.clock_block);
    b.render(a.clock_block, buf);
    screen.clock.render_beside(inner, buf, theme, &screen.board);

    if let Some(r) = a.scoresheet_block {
        let b = block(panes::word(Word::ScoresheetTitle, l));
        let inner = b.inner(r);
        b.render(r, buf);
        screen.scoresheet.render(inner, buf, theme);
    }
    if let (Some(r), Some(f)) = (a.findings_block, screen.findings) {
        let b = block(panes::word(Word::FindingsTitle, l));
        let inner = b.inner(r);
        b.render(r, buf);
        f.render(inner, buf, theme);
    }
    status_and_overlay(area, buf, screen, theme, a.status)
}

/// The status line, then the overlay over everything; where the terminal cursor belongs
/// (nowhere while an overlay is shown).
fn status_and_overlay(
    area: Rect,
    buf: &mut Buffer,
    screen: &Screen,
    theme: &Theme,
    status: Rect,
) -> Option<Position> {
    let cursor = screen.status.render(status, buf, theme);
    match screen.overlay {
        None => cursor,
        Some(o) => {
            render_overlay(area, buf, o, screen, theme);
            None
        }
    }
}

/// The compact layout: the clock line, the bare board, the scoresheet (or the findings)
/// beside it when there is room, the status.
fn render_compact(
    area: Rect,
    buf: &mut Buffer,
    screen: &Screen,
    theme: &Theme,
    a: &Areas,
) -> Option<Position> {
    let line = clock_line(screen, a.title.width as usize, theme);
    let mut x = a.title.x;
    for (text, style) in line {
        x = put(buf, a.title, x, a.title.y, &text, style);
    }
    screen.board.render_with(a.board, buf, theme, a.square);
    if let Some(r) = a.scoresheet_block {
        screen.scoresheet.render(r, buf, theme);
    }
    if let (Some(r), Some(f)) = (a.findings_block, screen.findings) {
        f.render(r, buf, theme);
    }
    status_and_overlay(area, buf, screen, theme, a.status)
}

/// The compact layout's first row: both clocks (the player at the top of the board first,
/// with the running marker, the flag or low-time mark and the material ahead), then the
/// last move in the scoresheet's notation, or the result.
fn clock_line(screen: &Screen, width: usize, theme: &Theme) -> Vec<(String, Style)> {
    let sheet = &screen.scoresheet;
    let game = sheet.game;
    let last = match (game.outcome(), game.plies().len()) {
        (Some(o), _) => o.result.pgn().to_string(),
        (None, 0) => String::new(),
        (None, n) => {
            let ply = &game.plies()[n - 1];
            let text = match game.position_at(n - 1) {
                Some(pos) => write_move(pos, ply.mv, sheet.notation),
                None => ply.san.clone(),
            };
            let before = game.position_at(n - 1).unwrap_or(game.position());
            match ply.color {
                Color::White => format!("{}. {text}", before.fullmove_number()),
                Color::Black => format!(
                    "{}{} {text}",
                    before.fullmove_number(),
                    screen.board.glyphs.pick("…", "...")
                ),
            }
        }
    };
    let mut out = screen.clock.compact_segs(&screen.board, theme);
    let used: usize = out.iter().map(|(t, _)| super::width(t)).sum();
    if !last.is_empty() && used + 2 + super::width(&last) <= width {
        out.push((format!("  {last}"), theme.title));
    }
    out
}

/// Borders for terminals without line-drawing characters.
const ASCII_BORDER: ratatui::symbols::border::Set = ratatui::symbols::border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

/// A box of `w`×`h` content centred in `area`, cleared and bordered; returns its inside.
fn boxed(
    area: Rect,
    buf: &mut Buffer,
    (w, h): (u16, u16),
    title: &str,
    ascii: bool,
    theme: &Theme,
) -> Rect {
    let bw = (w + 4).min(area.width);
    let bh = (h + 2).min(area.height);
    let r = Rect::new(
        area.x + (area.width - bw) / 2,
        area.y + (area.height - bh) / 2,
        bw,
        bh,
    );
    Clear.render(r, buf);
    let b = Block::bordered()
        .title(format!(" {title} "))
        .border_style(theme.border)
        .title_style(theme.title)
        .style(theme.text);
    let b = if ascii { b.border_set(ASCII_BORDER) } else { b };
    let inner = b.inner(r);
    b.render(r, buf);
    Rect::new(
        inner.x + 1,
        inner.y,
        inner.width.saturating_sub(2),
        inner.height,
    )
}

fn render_overlay(area: Rect, buf: &mut Buffer, overlay: Overlay, screen: &Screen, theme: &Theme) {
    let ascii = screen.board.glyphs == Glyphs::Ascii;
    let max_w = area.width.saturating_sub(6);
    let max_h = area.height.saturating_sub(4);
    match overlay {
        Overlay::Help(h) => {
            // The help may take the whole screen but the status line's two rows.
            let (max_w, max_h) = HelpView::room(area);
            let (w, rows) = h.fit(max_w, max_h);
            let top = Rect::new(
                area.x,
                area.y,
                area.width,
                area.height.saturating_sub(STATUS_HEIGHT),
            );
            let inner = boxed(top, buf, (w, rows), h.title, ascii, theme);
            h.render(inner, buf, theme);
        }
        Overlay::Message { title, text } => {
            let w = (super::width(text) as u16).clamp(20, 60).min(max_w);
            let lines = wrap(text, w as usize);
            let inner = boxed(
                area,
                buf,
                (w, (lines.len() as u16).min(max_h)),
                title,
                ascii,
                theme,
            );
            for (i, line) in lines.iter().enumerate() {
                put(buf, inner, inner.x, inner.y + i as u16, line, theme.text);
            }
        }
        Overlay::Promotion {
            color,
            options,
            selected,
        } => {
            let g = screen.board.glyphs;
            let lines: Vec<String> = Role::PROMOTIONS
                .iter()
                .zip(options)
                .enumerate()
                .map(|(i, (role, (keys, name)))| {
                    let m = if selected == Some(i) { ">" } else { " " };
                    format!("{m} {keys}  {}  {name}", role_glyph(*role, color, g))
                })
                .collect();
            let w = lines.iter().map(|l| super::width(l)).max().unwrap_or(10) as u16;
            let title = panes::word(Word::PromoteTo, screen.lang);
            let inner = boxed(
                area,
                buf,
                (w.max(12), lines.len() as u16),
                title,
                ascii,
                theme,
            );
            for (i, line) in lines.iter().enumerate() {
                let style = if selected == Some(i) {
                    theme.selected
                } else {
                    theme.text
                };
                put(buf, inner, inner.x, inner.y + i as u16, line, style);
            }
        }
    }
}

/// Below the compact layout's least size: say so, in words, centred.
fn too_small(area: Rect, buf: &mut Buffer, lang: Lang, theme: &Theme) {
    if area.width == 0 || area.height == 0 {
        return;
    }
    let text = panes::too_small(
        area.width,
        area.height,
        COMPACT_MIN_WIDTH,
        COMPACT_MIN_HEIGHT,
        lang,
    );
    let lines = wrap(&text, area.width.saturating_sub(2).max(1) as usize);
    let top = area.y + area.height.saturating_sub(lines.len() as u16) / 2;
    for (i, line) in lines.iter().enumerate() {
        let x = area.x + area.width.saturating_sub(super::width(line) as u16) / 2;
        put(buf, area, x, top + i as u16, line, theme.text);
    }
}
