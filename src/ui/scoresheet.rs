//! The scoresheet pane: numbered two-column moves in the chosen notation, `=` after a move
//! with a draw offer (Art. 8.1.5, 9.1.2.2), claims and penalties on their own lines, the
//! result and its article at the end, per-move clock readings on a toggle. It follows the
//! end of the game unless scrolled, and marks the replayed ply with `>`.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::core::{Color, Notation, write_move};
use crate::lang::Lang;
use crate::laws::clock::format_clock;
use crate::laws::{Article, DrawOffer, Game};
use crate::speech::panes::{self, Word};
use crate::speech::sheet;

use super::theme::Theme;
use super::{put, width, wrap};

/// The scoresheet as the screen shows it.
#[derive(Clone, Copy, Debug)]
pub struct ScoresheetView<'a> {
    pub game: &'a Game,
    pub notation: Notation,
    /// Show each move's clock reading (the mover's time after it).
    pub clock_readings: bool,
    /// The first line shown; `None` follows the end (or the highlighted ply).
    pub scroll: Option<usize>,
    /// In replay: the ply shown on the board (1-based: 1 is White's first move), marked `>`;
    /// 0 for the start position (the sheet is shown from its top, nothing marked).
    pub highlight_ply: Option<usize>,
    pub lang: Lang,
    /// In replay: the moves recorded after those `game` holds (after the end of the game on
    /// the board, or from a null move on), as written in the view's notation, with the
    /// mover's clock reading; listed under the result, numbered on.
    pub after_end: &'a [(String, Option<u64>)],
}

/// One move in a row.
struct Cell {
    ply: usize,
    text: String,
    clock: Option<String>,
}

/// Rows being filled with moves: White's move waits in `white` for Black's to complete
/// its row.
struct Filling {
    rows: Vec<Row>,
    white: Option<Cell>,
    number: u32,
}

impl Filling {
    fn new(number: u32) -> Filling {
        Filling {
            rows: Vec::new(),
            white: None,
            number,
        }
    }

    /// Puts a move in its row; `true` when it completed the row (a Black move, after
    /// "..." when White's is not on the sheet).
    fn place(&mut self, color: Color, cell: Cell) -> bool {
        match color {
            Color::White => {
                self.flush();
                self.white = Some(cell);
                false
            }
            Color::Black => {
                self.rows.push(Row::Moves {
                    number: self.number,
                    white: self.white.take(),
                    black: Some(cell),
                });
                self.number += 1;
                true
            }
        }
    }

    /// Writes a White move still waiting, on a row of its own.
    fn flush(&mut self) {
        if let Some(white) = self.white.take() {
            self.rows.push(Row::Moves {
                number: self.number,
                white: Some(white),
                black: None,
            });
            self.number += 1;
        }
    }
}

enum Row {
    Moves {
        number: u32,
        white: Option<Cell>,
        black: Option<Cell>,
    },
    Note(String),
    Result(String),
}

impl<'a> ScoresheetView<'a> {
    pub fn new(game: &'a Game, lang: Lang) -> ScoresheetView<'a> {
        ScoresheetView {
            game,
            notation: Notation::ENGLISH,
            clock_readings: false,
            scroll: None,
            highlight_ply: None,
            lang,
            after_end: &[],
        }
    }

    fn rows(&self) -> Vec<Row> {
        let game = self.game;
        let l = self.lang;
        let mut sheet = Filling::new(game.start().fullmove_number());
        let mut notes: Vec<String> = self.notes_at(0);
        for (i, ply) in game.plies().iter().enumerate() {
            let k = i + 1;
            let text = match game.position_at(i) {
                Some(pos) => write_move(pos, ply.mv, self.notation),
                None => ply.san.clone(),
            };
            let offered = game.offers().iter().any(|o| offer_ply(game, o) == Some(k));
            let text = if offered { format!("{text} =") } else { text };
            if sheet.place(ply.color, self.cell(k, text, ply.clock_ms)) {
                sheet.rows.extend(notes.drain(..).map(Row::Note));
            }
            notes.extend(self.notes_at(k));
            if sheet.white.is_none() {
                sheet.rows.extend(notes.drain(..).map(Row::Note));
            }
        }
        sheet.flush();
        let mut rows = sheet.rows;
        rows.extend(notes.drain(..).map(Row::Note));
        if let Some(outcome) = game.outcome() {
            rows.push(Row::Result(sheet::result(outcome, l)));
        } else if game.plies().is_empty() && rows.is_empty() && self.after_end.is_empty() {
            rows.push(Row::Note(panes::word(Word::NoMovesYet, l).to_string()));
        }
        self.after_end_rows(&mut rows);
        rows
    }

    /// A move's cell, with the mover's clock reading when they are shown.
    fn cell(&self, ply: usize, text: String, clock_ms: Option<u64>) -> Cell {
        Cell {
            ply,
            text,
            clock: self
                .clock_readings
                .then(|| clock_ms.map(|ms| format_clock(ms, false)))
                .flatten(),
        }
    }

    /// The moves recorded after those the game holds: a heading, then the moves numbered
    /// on from the game's last position.
    fn after_end_rows(&self, rows: &mut Vec<Row>) {
        if self.after_end.is_empty() {
            return;
        }
        let l = self.lang;
        rows.push(Row::Note(
            panes::word(
                if self.game.is_over() {
                    Word::RecordedAfterEnd
                } else {
                    Word::RecordedFromNullMove
                },
                l,
            )
            .to_string(),
        ));
        let last = self.game.position();
        let mut sheet = Filling::new(last.fullmove_number());
        let mut turn = last.turn();
        for (j, (text, ms)) in self.after_end.iter().enumerate() {
            let ply = self.game.plies().len() + j + 1;
            sheet.place(turn, self.cell(ply, text.clone(), *ms));
            turn = !turn;
        }
        sheet.flush();
        rows.append(&mut sheet.rows);
    }

    /// The claims and penalties made when `k` plies had been played, and an offer not yet
    /// followed by the offerer's move.
    fn notes_at(&self, k: usize) -> Vec<String> {
        let l = self.lang;
        let mut out = Vec::new();
        for o in self.game.offers().iter().filter(|o| o.ply == k) {
            if offer_ply(self.game, o).is_none() {
                out.push(sheet::offer(o.by, l));
            }
        }
        // A rejected claim's penalty (9.5.3) is written right after the claim it belongs
        // to; the other penalties of the ply after the claims.
        let mut penalties: Vec<_> = self
            .game
            .penalties()
            .iter()
            .filter(|p| p.ply == k)
            .collect();
        for claim in self.game.claims().iter().filter(|c| c.ply == k) {
            let with = claim
                .intended
                .as_ref()
                .map(|(mv, san)| match self.game.position_at(k) {
                    Some(pos) if pos.is_legal(*mv) => write_move(pos, *mv, self.notation),
                    _ => san.clone(),
                });
            out.push(sheet::claim(claim.by, with.as_deref(), claim.upheld, l));
            if claim.upheld.is_none() {
                let own = penalties
                    .iter()
                    .position(|p| p.to == !claim.by && p.article == Article::CLAIM_INCORRECT);
                if let Some(i) = own {
                    let p = penalties.remove(i);
                    out.push(sheet::penalty(p.seconds, p.to, p.article, l));
                }
            }
        }
        for p in penalties {
            out.push(sheet::penalty(p.seconds, p.to, p.article, l));
        }
        out
    }

    /// The number of lines the whole scoresheet takes at `width` columns.
    pub fn line_count(&self, width: u16) -> usize {
        self.lines(width).len()
    }

    /// The lines at `width` columns: (text segments, index of the highlighted line part).
    fn lines(&self, area_width: u16) -> Vec<Vec<(String, Part)>> {
        self.lines_and_plies(area_width).0
    }

    /// The first line shown in an area of `height` rows, out of `count` lines.
    fn top(&self, lines: &[Vec<(String, Part)>], height: u16) -> usize {
        let visible = height as usize;
        let last_top = lines.len().saturating_sub(visible);
        match (self.scroll, self.highlight_ply) {
            (Some(t), _) => t.min(last_top),
            (None, Some(p)) => {
                let row = lines
                    .iter()
                    .position(|l| {
                        l.iter()
                            .any(|(t, part)| *part == Part::Highlight && t == ">")
                    })
                    .unwrap_or(if p == 0 { 0 } else { last_top });
                row.saturating_sub(visible / 2).min(last_top)
            }
            (None, None) => last_top,
        }
    }

    /// Where the scoresheet drawn in `area` stands: (the first line shown, the first line
    /// that scrolling can show at the top, i.e. the top that follows the end).
    pub fn scroll_span(&self, area: Rect) -> (usize, usize) {
        let lines = self.lines(area.width);
        let last_top = lines.len().saturating_sub(area.height as usize);
        (self.top(&lines, area.height), last_top)
    }

    /// The ply written at the cell (`x`, `y`) of the scoresheet drawn in `area` (for the
    /// mouse): White's or Black's move by the column, the row's last move when the click is
    /// right of it; `None` on a note, the result or an empty row.
    pub fn ply_at(&self, area: Rect, x: u16, y: u16) -> Option<usize> {
        if y < area.y || y >= area.bottom() || x < area.x || x >= area.right() {
            return None;
        }
        let (lines, plies) = self.lines_and_plies(area.width);
        let top = self.top(&lines, area.height);
        let i = top + (y - area.y) as usize;
        let (white, black, black_x) = plies.get(i).copied()?;
        match (white, black) {
            (Some(w), Some(b)) => Some(if x - area.x >= black_x { b } else { w }),
            (w, b) => w.or(b),
        }
    }

    /// The lines, and per line the plies of its White and Black moves and the column where
    /// Black's begins.
    #[allow(clippy::type_complexity)]
    fn lines_and_plies(
        &self,
        area_width: u16,
    ) -> (
        Vec<Vec<(String, Part)>>,
        Vec<(Option<usize>, Option<usize>, u16)>,
    ) {
        let mut plies = Vec::new();
        let rows = self.rows();
        let max_number = rows
            .iter()
            .filter_map(|r| match r {
                Row::Moves { number, .. } => Some(*number),
                _ => None,
            })
            .max()
            .unwrap_or(1);
        let num_w = max_number.to_string().len() + 1;
        let cells = || {
            rows.iter()
                .flat_map(|r| match r {
                    Row::Moves { white, black, .. } => vec![white.as_ref(), black.as_ref()],
                    _ => vec![],
                })
                .flatten()
        };
        // The moves in one column, the clock readings aligned after them.
        let san_w = cells().map(|c| width(&c.text)).max().unwrap_or(0);
        let clock_w = cells()
            .filter_map(|c| c.clock.as_ref().map(|k| 1 + width(k)))
            .max()
            .unwrap_or(0);
        // The readings are shown when both moves of a row fit with theirs.
        let clocks = clock_w > 0 && num_w + 2 * (1 + san_w + clock_w) <= area_width as usize;
        let clock_w = if clocks { clock_w } else { 0 };
        let san_w = if clock_w > 0 { san_w } else { san_w.max(6) };
        let cell_w = san_w + clock_w;
        let mut out = Vec::new();
        for row in rows {
            match row {
                Row::Moves {
                    number,
                    white,
                    black,
                } => {
                    plies.push((
                        white.as_ref().map(|c| c.ply),
                        black.as_ref().map(|c| c.ply),
                        (num_w + 1 + cell_w) as u16,
                    ));
                    let mut line = vec![(format!("{:>num_w$}", format!("{number}.")), Part::Dim)];
                    for (i, cell) in [white, black].into_iter().enumerate() {
                        match cell {
                            Some(c) => {
                                let hl = self.highlight_ply == Some(c.ply);
                                line.push((
                                    if hl { ">" } else { " " }.to_string(),
                                    if hl { Part::Highlight } else { Part::Text },
                                ));
                                let mut used = width(&c.text);
                                line.push((c.text, if hl { Part::Highlight } else { Part::Text }));
                                if let Some(k) = c.clock.filter(|_| clocks) {
                                    line.push((" ".repeat(san_w - used), Part::Text));
                                    used = san_w + 1 + width(&k);
                                    line.push((format!(" {k}"), Part::Dim));
                                }
                                if i == 0 {
                                    line.push((" ".repeat(cell_w - used), Part::Text));
                                }
                            }
                            None if i == 0 => {
                                line.push((format!(" {:<cell_w$}", "..."), Part::Dim));
                            }
                            None => {}
                        }
                    }
                    out.push(line);
                }
                Row::Note(text) => {
                    for l in wrap(&text, (area_width as usize).saturating_sub(2)) {
                        out.push(vec![(format!("  {l}"), Part::Finding)]);
                        plies.push((None, None, 0));
                    }
                }
                Row::Result(text) => {
                    for l in wrap(&text, area_width as usize) {
                        out.push(vec![(l, Part::Result)]);
                        plies.push((None, None, 0));
                    }
                }
            }
        }
        (out, plies)
    }

    /// Draws the scoresheet's content in `area`.
    pub fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let lines = self.lines(area.width);
        let visible = area.height as usize;
        let top = self.top(&lines, area.height);
        for (i, line) in lines.iter().skip(top).take(visible).enumerate() {
            let y = area.y + i as u16;
            let mut x = area.x;
            for (text, part) in line {
                let style = match part {
                    Part::Text => theme.text,
                    Part::Dim => theme.dim,
                    Part::Highlight => theme.selected,
                    Part::Finding => theme.finding,
                    Part::Result => theme.title,
                };
                x = put(buf, area, x, y, text, style);
            }
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Part {
    Text,
    Dim,
    Highlight,
    Finding,
    Result,
}

/// The ply whose move carries the `=` of `offer` (8.1.5, 9.1.2.2): the offerer's move just
/// made, or, for an offer made before moving (or a claim, 9.1.2.3), the offerer's next move;
/// `None` while that move has not been played.
fn offer_ply(game: &Game, offer: &DrawOffer) -> Option<usize> {
    let k = offer.ply;
    let plies = game.plies();
    if k > 0 && plies[k - 1].color == offer.by {
        return Some(k);
    }
    plies.get(k).filter(|p| p.color == offer.by).map(|_| k + 1)
}
