//! The board: pieces, coordinates, orientation, and the highlights, each with a mark that
//! needs no colour.
//!
//! A square is `w` columns by `h` rows; a terminal cell is about twice as tall as wide, so
//! 2×1, 4×2, 6×3 and 8×4 look square. The board takes the largest of them that fits.
//!
//! Inside a square of 4×2 or more, the piece stands at column `(w-1)/2` of row `(h-1)/2`
//! and the marks around it:
//!
//! | what | mark | where |
//! |---|---|---|
//! | cursor | `[ ]` | either side of the piece |
//! | selected piece | `( )` | either side of the piece (`{ }` when the cursor is on it too) |
//! | legal target | `·` (ASCII `.`) on an empty square, `×` (ASCII `x`) right of a piece it captures | |
//! | king in check | `+` | right of the king |
//! | last move | `*` | bottom-left corner of its two squares |
//!
//! A 2×1 square has room for the piece and one mark, in this order of priority: check `+`,
//! cursor `<`, selected `)`, capture `×`, last move `*`.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::core::{Bitboard, Color, File, Move, Piece, Position, Rank, Role, Square};

use super::pieces::{art, art_size};
use super::theme::Theme;
use super::{Glyphs, put};

/// The board as the screen shows it, borrowed from the caller's state.
#[derive(Clone, Copy, Debug)]
pub struct BoardView<'a> {
    pub position: &'a Position,
    /// The side at the bottom (the local player's colour; flipped on request).
    pub bottom: Color,
    pub last_move: Option<Move>,
    pub cursor: Option<Square>,
    pub selected: Option<Square>,
    /// The legal targets of the selected piece ([`BoardView::targets_of`]).
    pub targets: Bitboard,
    pub glyphs: Glyphs,
    /// File letters below and rank numbers at the left.
    pub coordinates: bool,
}

/// The square sizes (columns, rows), largest first.
pub const SQUARE_SIZES: [(u16, u16); 6] = [(12, 6), (10, 5), (8, 4), (6, 3), (4, 2), (2, 1)];

impl<'a> BoardView<'a> {
    /// The position seen from White, no highlights, Unicode pieces, coordinates shown.
    pub fn new(position: &'a Position) -> BoardView<'a> {
        BoardView {
            position,
            bottom: Color::White,
            last_move: None,
            cursor: None,
            selected: None,
            targets: Bitboard::EMPTY,
            glyphs: Glyphs::Unicode,
            coordinates: true,
        }
    }

    /// The squares the piece on `from` can legally move to.
    pub fn targets_of(position: &Position, from: Square) -> Bitboard {
        position
            .legal_moves_from(from)
            .iter()
            .map(|m| m.to)
            .collect()
    }

    /// The columns and rows the board needs with squares of `square` size.
    pub fn size_with(&self, square: (u16, u16)) -> (u16, u16) {
        let extra = if self.coordinates { (2, 1) } else { (0, 0) };
        (8 * square.0 + extra.0, 8 * square.1 + extra.1)
    }

    /// The largest square size whose board fits in `width` × `height`.
    pub fn square_for(&self, width: u16, height: u16) -> Option<(u16, u16)> {
        SQUARE_SIZES.into_iter().find(|&sq| {
            let (w, h) = self.size_with(sq);
            w <= width && h <= height
        })
    }

    /// The glyph of a piece: ♔♕♖♗♘♙ (outlines) for White and ♚♛♜♝♞♟ (solid) for Black, or
    /// the FEN letters in ASCII. White and Black differ in shape, not only in colour.
    pub fn piece_glyph(piece: Piece, glyphs: Glyphs) -> &'static str {
        let i = piece.role.index();
        match (glyphs, piece.color) {
            (Glyphs::Unicode, Color::White) => ["♙", "♘", "♗", "♖", "♕", "♔"][i],
            (Glyphs::Unicode, Color::Black) => ["♟", "♞", "♝", "♜", "♛", "♚"][i],
            (Glyphs::Ascii, Color::White) => ["P", "N", "B", "R", "Q", "K"][i],
            (Glyphs::Ascii, Color::Black) => ["p", "n", "b", "r", "q", "k"][i],
        }
    }

    /// The screen cell (column, row offsets from the board's top-left square) of `sq`.
    fn grid(&self, sq: Square) -> (u16, u16) {
        let (f, r) = (sq.file().index() as u16, sq.rank().index() as u16);
        match self.bottom {
            Color::White => (f, 7 - r),
            Color::Black => (7 - f, r),
        }
    }

    /// The square under screen offset (`col`, `row`) in squares, for mouse input.
    pub fn square_at_grid(&self, col: u16, row: u16) -> Option<Square> {
        if col > 7 || row > 7 {
            return None;
        }
        let (f, r) = match self.bottom {
            Color::White => (col, 7 - row),
            Color::Black => (7 - col, row),
        };
        Some(Square::from_coords(
            File::new(f as u32),
            Rank::new(r as u32),
        ))
    }

    /// The king in check, if any (derived from the position).
    pub fn checked_king(&self) -> Option<Square> {
        self.position
            .is_check()
            .then(|| self.position.king(self.position.turn()))
    }

    /// Draws the board at the top-left of `area`, with the largest squares that fit.
    /// Nothing is drawn when not even 2×1 squares fit.
    pub fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        if let Some(sq) = self.square_for(area.width, area.height) {
            self.render_with(area, buf, theme, sq);
        }
    }

    /// Draws the board with squares of `square` size (clipped to `area`).
    pub fn render_with(&self, area: Rect, buf: &mut Buffer, theme: &Theme, square: (u16, u16)) {
        let (sw, sh) = square;
        let left = area.x + if self.coordinates { 2 } else { 0 };
        let check = self.checked_king();
        for sq in Square::ALL {
            let (gc, gr) = self.grid(sq);
            let x0 = left + gc * sw;
            let y0 = area.y + gr * sh;
            self.render_square(area, buf, theme, sq, x0, y0, square, check == Some(sq));
        }
        if self.coordinates {
            let c = theme.coordinates;
            for i in 0..8u16 {
                // Rank numbers at the left, on the piece row of each rank.
                let rank = match self.bottom {
                    Color::White => 8 - i,
                    Color::Black => i + 1,
                };
                let y = area.y + i * sh + (sh - 1) / 2;
                put(buf, area, area.x, y, &format!("{rank} "), c);
                // File letters below, under the piece column.
                let file = match self.bottom {
                    Color::White => (b'a' + i as u8) as char,
                    Color::Black => (b'h' - i as u8) as char,
                };
                let x = left + i * sw + (sw - 1) / 2;
                put(buf, area, x, area.y + 8 * sh, &file.to_string(), c);
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn render_square(
        &self,
        area: Rect,
        buf: &mut Buffer,
        theme: &Theme,
        sq: Square,
        x0: u16,
        y0: u16,
        (sw, sh): (u16, u16),
        in_check: bool,
    ) {
        let piece = self.position.piece_at(sq);
        let is_last = self.last_move.is_some_and(|m| m.from == sq || m.to == sq);
        let is_target = self.targets.contains(sq);
        let is_cursor = self.cursor == Some(sq);
        let is_selected = self.selected == Some(sq);

        let mut style = if sq.is_dark() {
            theme.dark_square
        } else {
            theme.light_square
        };
        if is_last {
            style = style.patch(theme.last_move);
        }
        if is_target {
            style = style.patch(theme.legal_target);
        }
        if in_check {
            style = style.patch(theme.check);
        }
        if is_selected {
            style = style.patch(theme.selected);
        }
        if is_cursor {
            style = style.patch(theme.cursor);
        }
        let blank = " ".repeat(sw as usize);
        for dy in 0..sh {
            put(buf, area, x0, y0 + dy, &blank, style);
        }
        let g = self.glyphs;
        let piece_style = |p: Piece| {
            style.patch(match p.color {
                Color::White => theme.white_piece,
                Color::Black => theme.black_piece,
            })
        };
        let target_mark = g.pick("·", ".");
        let capture_mark = g.pick("×", "x");

        if sw < 4 || sh < 2 {
            // 2×1: the piece (or the target dot) and one mark.
            match piece {
                Some(p) => put(buf, area, x0, y0, Self::piece_glyph(p, g), piece_style(p)),
                None if is_target => put(buf, area, x0, y0, target_mark, style),
                None => x0,
            };
            let mark = if in_check {
                Some("+")
            } else if is_cursor {
                Some("<")
            } else if is_selected {
                Some(")")
            } else if is_target && piece.is_some() {
                Some(capture_mark)
            } else if is_last {
                Some("*")
            } else {
                None
            };
            if let Some(m) = mark {
                put(buf, area, x0 + 1, y0, m, style);
            }
            return;
        }

        if let (Some(size), Glyphs::Unicode) = (art_size(sw, sh), g) {
            // A figure: marks in the square's corners and beside the figure's middle row.
            let (aw, ah) = size;
            let ax = x0 + (sw - aw).div_ceil(2);
            let ay = y0 + (sh - ah);
            match piece {
                Some(p) => {
                    for (i, row) in art(p, size).iter().enumerate() {
                        put(buf, area, ax, ay + i as u16, row, piece_style(p));
                    }
                }
                None if is_target => {
                    put(
                        buf,
                        area,
                        x0 + (sw - 1) / 2,
                        y0 + (sh - 1) / 2,
                        target_mark,
                        style,
                    );
                }
                None => {}
            }
            if let Some((l, r)) = brackets(is_cursor, is_selected) {
                let my = ay + ah / 2;
                put(buf, area, x0, my, l, style);
                put(buf, area, x0 + sw - 1, my, r, style);
            }
            if in_check {
                put(buf, area, x0 + sw - 1, y0, "+", style);
            } else if is_target && piece.is_some() {
                put(buf, area, x0 + sw - 1, y0, capture_mark, style);
            }
            if is_last {
                put(buf, area, x0, y0 + sh - 1, "*", style);
            }
            return;
        }

        let pr = y0 + (sh - 1) / 2;
        let pc = x0 + (sw - 1) / 2;
        match piece {
            Some(p) => put(buf, area, pc, pr, Self::piece_glyph(p, g), piece_style(p)),
            None if is_target => put(buf, area, pc, pr, target_mark, style),
            None => pc,
        };
        if let Some((l, r)) = brackets(is_cursor, is_selected) {
            put(buf, area, pc - 1, pr, l, style);
            put(buf, area, pc + 1, pr, r, style);
        }
        if in_check {
            put(buf, area, pc + 2, pr, "+", style);
        } else if is_target && piece.is_some() {
            put(buf, area, pc + 2, pr, capture_mark, style);
        }
        if is_last {
            put(buf, area, x0, y0 + sh - 1, "*", style);
        }
    }
}

/// The marks either side of a piece: `[ ]` the cursor, `( )` the piece picked up, `{ }`
/// both.
fn brackets(cursor: bool, selected: bool) -> Option<(&'static str, &'static str)> {
    match (cursor, selected) {
        (true, true) => Some(("{", "}")),
        (true, false) => Some(("[", "]")),
        (false, true) => Some(("(", ")")),
        (false, false) => None,
    }
}

/// The role letters, for callers that describe a promotion choice.
pub fn role_glyph(role: Role, color: Color, glyphs: Glyphs) -> &'static str {
    BoardView::piece_glyph(Piece::new(color, role), glyphs)
}
