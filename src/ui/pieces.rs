//! Piece art for squares large enough to draw a figure instead of one glyph.
//!
//! Two sizes: 5×3 cells (squares of 6×3 and 8×4) and 7×5 cells (squares of 10×5 and up).
//! White's pieces are outlines drawn with box-drawing lines, Black's are solid figures
//! drawn with block elements, so the two sides differ in shape in every theme, with no
//! colour at all (`monochrome`, `NO_COLOR`). Every figure stands on the same base and is
//! told from the others by its head: the cross (king), the crown of three points (queen),
//! the battlements (rook), the mitre with its slit (bishop), the horse's head (knight),
//! the small round head with no base column (pawn).

use crate::core::{Color, Piece};

/// A figure: its rows, all of the same width in columns.
pub type Art = &'static [&'static str];

/// Index by `Role::index()`: pawn, knight, bishop, rook, queen, king.
const WHITE_SMALL: [Art; 6] = [
    &["     ", " ╭─╮ ", "╶┴─┴╴"],
    &[" ╭─╮ ", "╶╯ │ ", "╶┴─┴╴"],
    &[" ╭╱╮ ", " ╰┬╯ ", "╶┴─┴╴"],
    &[" ┌┬┐ ", " │ │ ", "╶┴─┴╴"],
    &[" ╲│╱ ", " ╭┴╮ ", "╶┴─┴╴"],
    &[" ─┼─ ", " ╭┴╮ ", "╶┴─┴╴"],
];

const BLACK_SMALL: [Art; 6] = [
    &["     ", " ▗█▖ ", "▗███▖"],
    &[" ▗██▖", "▝▀▐█▌", "▗███▖"],
    &[" ▗▚▖ ", " ▝█▘ ", "▗███▖"],
    &[" █▄█ ", " ▐█▌ ", "▗███▖"],
    &[" ▚█▞ ", " ▐█▌ ", "▗███▖"],
    &[" ▀█▀ ", " ▐█▌ ", "▗███▖"],
];

const WHITE_LARGE: [Art; 6] = [
    &["       ", "  ╭─╮  ", "  ╰┬╯  ", " ╭┴─┴╮ ", " └───┘ "],
    &["  ╭─╮  ", " ╱ · │ ", " ╰─╮ │ ", " ╭┴─┴╮ ", " └───┘ "],
    &["   ╭╮  ", "  ╭╱╮  ", "  ╰┬╯  ", " ╭┴─┴╮ ", " └───┘ "],
    &[" ┌┬┬┬┐ ", " └┐ ┌┘ ", "  │ │  ", " ╭┴─┴╮ ", " └───┘ "],
    &[" ╲ │ ╱ ", "  ╲│╱  ", "  │ │  ", " ╭┴─┴╮ ", " └───┘ "],
    &["  ─┼─  ", "  ╭┴╮  ", "  │ │  ", " ╭┴─┴╮ ", " └───┘ "],
];

const BLACK_LARGE: [Art; 6] = [
    &["       ", "  ▗█▖  ", "  ▝█▘  ", " ▟███▙ ", " ▀▀▀▀▀ "],
    &["  ▄▄▄  ", " ▟█▀██ ", " ▀ ▐█  ", " ▟███▙ ", " ▀▀▀▀▀ "],
    &["   ▄   ", "  ▟▚▙  ", "  ▜█▛  ", " ▟███▙ ", " ▀▀▀▀▀ "],
    &[" █▄█▄█ ", " ▝███▘ ", "  ███  ", " ▟███▙ ", " ▀▀▀▀▀ "],
    &[" ▚ █ ▞ ", "  ▚█▞  ", "  ▐█▌  ", " ▟███▙ ", " ▀▀▀▀▀ "],
    &["  ▀█▀  ", "  ▐█▌  ", "  ▐█▌  ", " ▟███▙ ", " ▀▀▀▀▀ "],
];

/// The art sizes (columns, rows), largest first.
pub const ART_SIZES: [(u16, u16); 2] = [(7, 5), (5, 3)];

/// The largest figure that fits a square of `w`×`h` with one column to spare for the
/// marks (cursor, check, last move): 7×5 from 10×5 squares, 5×3 from 6×3; `None` below.
pub fn art_size(w: u16, h: u16) -> Option<(u16, u16)> {
    ART_SIZES
        .into_iter()
        .find(|&(aw, ah)| w > aw && h >= ah && (ah == 3 || w >= aw + 3))
}

/// The figure of `piece` at `size` (one of [`ART_SIZES`]).
pub fn art(piece: Piece, size: (u16, u16)) -> Art {
    let i = piece.role.index();
    match (size.1 >= 5, piece.color) {
        (false, Color::White) => WHITE_SMALL[i],
        (false, Color::Black) => BLACK_SMALL[i],
        (true, Color::White) => WHITE_LARGE[i],
        (true, Color::Black) => BLACK_LARGE[i],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Role;
    const ROLES: [Role; 6] = Role::ALL;
    use crate::ui::width;

    #[test]
    fn every_figure_is_a_rectangle_of_its_size() {
        for size in ART_SIZES {
            for role in ROLES {
                for color in Color::ALL {
                    let a = art(Piece::new(color, role), size);
                    assert_eq!(a.len(), size.1 as usize, "{role:?} {color:?}");
                    for row in a {
                        assert_eq!(width(row), size.0 as usize, "{role:?} {color:?} {row:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn white_and_black_differ_in_shape_not_only_colour() {
        // White's figures use no block element, Black's no box-drawing line.
        for size in ART_SIZES {
            for role in ROLES {
                let w = art(Piece::new(Color::White, role), size).concat();
                let b = art(Piece::new(Color::Black, role), size).concat();
                assert!(
                    !w.chars().any(|c| ('\u{2580}'..='\u{259f}').contains(&c)),
                    "{w}"
                );
                assert!(
                    !b.chars().any(|c| ('\u{2500}'..='\u{257f}').contains(&c)),
                    "{b}"
                );
            }
        }
    }

    #[test]
    fn the_six_figures_of_a_side_differ() {
        for size in ART_SIZES {
            for color in Color::ALL {
                let all: Vec<String> = ROLES
                    .iter()
                    .map(|r| art(Piece::new(color, *r), size).concat())
                    .collect();
                for i in 0..6 {
                    for j in i + 1..6 {
                        assert_ne!(all[i], all[j], "{color:?} {size:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn art_from_six_by_three_squares_up() {
        assert_eq!(art_size(4, 2), None);
        assert_eq!(art_size(6, 3), Some((5, 3)));
        assert_eq!(art_size(8, 4), Some((5, 3)));
        assert_eq!(art_size(10, 5), Some((7, 5)));
        assert_eq!(art_size(12, 6), Some((7, 5)));
    }
}
