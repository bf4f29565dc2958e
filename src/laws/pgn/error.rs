//! What can be wrong in a PGN file, and where.

use crate::core::SanError;

use super::replay::StartError;

/// A game that could not be read (or, from [`super::convert`], replayed): which game of the
/// file, where, and what was expected.
///
/// Displayed as `game 3, line 120, column 14: unterminated comment: …`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game {game}, line {line}, column {column}: {kind}")]
pub struct PgnError {
    /// The game's number in the file, from 1.
    pub game: usize,
    /// Line and column (from 1; columns count characters) of the bad input.
    pub line: usize,
    pub column: usize,
    pub kind: PgnErrorKind,
}

/// The problem itself. The strings quote the input (shortened when long).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PgnErrorKind {
    #[error("unterminated comment: the '{{' of \"{0}\" is never closed by '}}'")]
    UnterminatedComment(String),
    #[error("unterminated tag: the line ends before the ']' that closes \"{0}\"")]
    UnterminatedTag(String),
    #[error("expected a tag name after '[', as in [Event \"…\"], found \"{0}\"")]
    ExpectedTagName(String),
    #[error("expected a tag value in quotes after the tag name, found \"{0}\"")]
    ExpectedTagValue(String),
    #[error("unterminated tag value: the line ends before the closing '\"' in \"{0}\"")]
    UnterminatedTagValue(String),
    #[error("expected ']' after the tag value, found \"{0}\"")]
    ExpectedTagEnd(String),
    #[error("unbalanced parentheses: this '(' is never closed by ')' (found \"{0}\")")]
    UnclosedVariation(String),
    #[error("unbalanced parentheses: ')' without a '(' before it (found \"{0}\")")]
    UnexpectedClose(String),
    #[error("a variation '(' must follow the move it is an alternative to (found \"{0}\")")]
    VariationWithoutMove(String),
    #[error("variations nested deeper than {0} levels")]
    TooDeep(usize),
    #[error(
        "expected a move, a move number, a NAG, a comment, a variation or a result, \
         found \"{0}\""
    )]
    UnexpectedToken(String),
    #[error("expected a NAG from $0 to $255, found \"{0}\"")]
    BadNag(String),
    #[error("the game is longer than {0} bytes (an unclosed comment or variation?); skipped")]
    GameTooLong(usize),
    #[error("read error: {0}")]
    Io(String),
    /// From replay: a move of the main line (or of a variation, when converting) that is
    /// not legal, or not notation. `label` is the move number and the move (`1... b4`).
    #[error("{label} is not playable: {error}")]
    IllegalMove {
        ply: usize,
        label: String,
        error: Box<SanError>,
    },
    /// From replay: a null move of the main line (`--`, `Z0`): not a move of chess, so the
    /// record's moves are checked up to it only. `label` is the move number and the move.
    #[error("{label} is a null move, not a move of chess: the moves after it are not checked")]
    NullMove { ply: usize, label: String },
    /// From replay: the start position cannot be set up.
    #[error("{0}")]
    Start(Box<StartError>),
}

/// The input quoted for an error message: whitespace collapsed, at most 40 characters, with
/// an ellipsis when cut.
pub(crate) fn quote(s: &str) -> String {
    const MAX: usize = 40;
    // Room for the longest quote of ASCII text, the ellipsis (3 bytes) included: a variation
    // opened on a line is quoted as it opens (5,165 of them in the real games), and growing
    // the string from nothing cost a third of the quote.
    let mut out = String::with_capacity(MAX + 3);
    let mut count = 0;
    let mut space = false;
    for c in s.chars() {
        if c.is_whitespace() {
            space = count > 0;
            continue;
        }
        if count + usize::from(space) >= MAX {
            out.push('…');
            break;
        }
        if space {
            out.push(' ');
            count += 1;
            space = false;
        }
        out.push(c);
        count += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::quote;

    /// The quote of a quote is the quote: the reader keeps a long text's quote where it
    /// keeps a short text whole, and quotes either for the error.
    #[test]
    fn quote_of_a_quote_is_the_quote() {
        let long = "x".repeat(45);
        let spaced = format!("(1... c5{}2. Nf3", " ".repeat(600));
        let texts = [
            "",
            "   ",
            "(1. d4)",
            "  (1... c5   2. Nf3\td6  ",
            "(1... c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6",
            "(1... Cf6 2. Ñ ĉ 3. — «ü» 4. ♘f3 ♞c6 5. 😀 6. Ae2 Ae7 7. O-O O-O",
            &long,
            &spaced,
        ];
        for t in texts {
            let q = quote(t);
            assert_eq!(quote(&q), q, "{t:?}");
            assert!(q.chars().count() <= 41, "{q:?}");
        }
        assert_eq!(quote(&spaced), "(1... c5 2. Nf3");
        assert_eq!(quote(&long), format!("{}…", "x".repeat(40)));
    }
}
