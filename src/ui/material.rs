//! The material on the board: for each side, the pieces it has taken more of than it has
//! lost (the opponent's pieces it is ahead by, role by role) and the points it is ahead by
//! (pawn 1, knight and bishop 3, rook 5, queen 9). Counted from the position alone, as
//! lichess does, so a game from any start position and promotions come out right: a
//! promoted queen against none is a queen ahead.

use ratatui::style::Style;

use crate::core::{Color, Piece, Position, Role};

use super::theme::Theme;
use super::{BoardView, Glyphs};

/// The material balance of a position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Material {
    /// Per side (White first): the opponent's roles it is ahead by, queen first, one entry
    /// per piece.
    pub taken: [Vec<Role>; 2],
    /// White's points less Black's.
    pub balance: i32,
}

impl Material {
    pub fn of(position: &Position) -> Material {
        let mut taken = [Vec::new(), Vec::new()];
        let mut balance = 0;
        for role in Role::ALL.into_iter().rev() {
            let w = position.pieces(Color::White, role).count() as i32;
            let b = position.pieces(Color::Black, role).count() as i32;
            balance += (w - b) * role.points() as i32;
            let (side, n) = if w > b {
                (Color::White, w - b)
            } else {
                (Color::Black, b - w)
            };
            for _ in 0..n {
                taken[side.index()].push(role);
            }
        }
        Material { taken, balance }
    }

    /// The points `color` is ahead by (0 when even or behind).
    pub fn ahead(&self, color: Color) -> i32 {
        match color {
            Color::White => self.balance.max(0),
            Color::Black => (-self.balance).max(0),
        }
    }

    /// `♟♟♞ +4`: the opponent's pieces `color` is ahead by, in their glyphs, and the points;
    /// empty when `color` is ahead by nothing.
    pub fn text(&self, color: Color, glyphs: Glyphs) -> String {
        let pieces: String = self.taken[color.index()]
            .iter()
            .map(|r| BoardView::piece_glyph(Piece::new(!color, *r), glyphs))
            .collect();
        match self.ahead(color) {
            0 => pieces,
            n if pieces.is_empty() => format!("+{n}"),
            n => format!("{pieces} +{n}"),
        }
    }

    /// [`Material::text`] as one segment of a pane line (none when empty).
    pub(crate) fn segs(&self, color: Color, glyphs: Glyphs, theme: &Theme) -> Vec<(String, Style)> {
        let t = self.text(color, glyphs);
        if t.is_empty() {
            Vec::new()
        } else {
            vec![(t, theme.text)]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        fen.parse().expect("a FEN")
    }

    #[test]
    fn even_at_the_start() {
        let m = Material::of(&Position::new());
        assert_eq!(m.balance, 0);
        assert_eq!(m.text(Color::White, Glyphs::Unicode), "");
        assert_eq!(m.text(Color::Black, Glyphs::Unicode), "");
    }

    #[test]
    fn a_knight_for_two_pawns() {
        // White has taken a knight, Black two pawns.
        let m = Material::of(&pos(
            "r1bqkbnr/pppppppp/8/8/8/8/PPPPPP2/RNBQKBNR w KQkq - 0 1",
        ));
        assert_eq!(m.text(Color::White, Glyphs::Unicode), "♞ +1");
        assert_eq!(m.text(Color::Black, Glyphs::Unicode), "♙♙");
        assert_eq!(m.text(Color::White, Glyphs::Ascii), "n +1");
    }

    #[test]
    fn a_promoted_queen_counts() {
        let m = Material::of(&pos("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"));
        assert_eq!(m.text(Color::White, Glyphs::Ascii), "q +9");
        assert_eq!(m.ahead(Color::Black), 0);
    }
}
