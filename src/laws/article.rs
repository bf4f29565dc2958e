//! Article numbers of the FIDE Laws of Chess (2023): every decision the program takes for the
//! Laws carries one, so the scoresheet, the announcements and the arbiter's report say why.

use std::fmt;

/// An article of the Laws, e.g. `Article("5.1.1")`, shown as "Art. 5.1.1".
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Article(pub &'static str);

impl Article {
    /// Checkmate ends the game (5.1.1).
    pub const CHECKMATE: Article = Article("5.1.1");
    /// Resignation, and its exception when the opponent cannot mate (5.1.2).
    pub const RESIGNATION: Article = Article("5.1.2");
    /// Stalemate (5.2.1).
    pub const STALEMATE: Article = Article("5.2.1");
    /// Dead position (5.2.2).
    pub const DEAD_POSITION: Article = Article("5.2.2");
    /// Draw by agreement, only after both players have moved (5.2.3).
    pub const AGREEMENT: Article = Article("5.2.3");
    /// Draw offers: when, how, lapse (9.1.2.1).
    pub const DRAW_OFFER: Article = Article("9.1.2.1");
    /// Both players mark an offer "=" (9.1.2.2, 8.1.5).
    pub const DRAW_OFFER_RECORD: Article = Article("9.1.2.2");
    /// A claim under 9.2 or 9.3 counts as a draw offer (9.1.2.3).
    pub const CLAIM_IS_OFFER: Article = Article("9.1.2.3");
    /// Threefold repetition claimed with the written move that produces it (9.2.1).
    pub const THREEFOLD_WRITTEN: Article = Article("9.2.1");
    /// Threefold repetition claimed after it occurred (9.2.2).
    pub const THREEFOLD_OCCURRED: Article = Article("9.2.2");
    /// "The same position" (9.2.3).
    pub const SAME_POSITION: Article = Article("9.2.3");
    /// Fifty moves claimed with the written move that completes them (9.3.1).
    pub const FIFTY_WRITTEN: Article = Article("9.3.1");
    /// Fifty moves claimed after they were completed (9.3.2).
    pub const FIFTY_OCCURRED: Article = Article("9.3.2");
    /// Touching a piece forfeits the claim for that move (9.4).
    pub const CLAIM_FORFEITED: Article = Article("9.4");
    /// A correct claim draws the game (9.5.2).
    pub const CLAIM_CORRECT: Article = Article("9.5.2");
    /// An incorrect claim: time to the opponent, and the declared move is played (9.5.3).
    pub const CLAIM_INCORRECT: Article = Article("9.5.3");
    /// Fivefold repetition: automatic draw (9.6.1).
    pub const FIVEFOLD: Article = Article("9.6.1");
    /// Seventy-five moves: automatic draw unless the last move mates (9.6.2).
    pub const SEVENTY_FIVE: Article = Article("9.6.2");
    /// Rapid: penalties of one minute (A.3).
    pub const RAPID_PENALTY: Article = Article("A.3");
    /// Blitz: the rapid penalty rules apply (B.3).
    pub const BLITZ_PENALTY: Article = Article("B.3");
    /// Illegal moves: the first gives the opponent time, the second loses (7.5.5).
    pub const ILLEGAL_MOVE_PENALTY: Article = Article("7.5.5");
    /// A flag fall loses unless the opponent cannot mate (6.9).
    pub const FLAG: Article = Article("6.9");

    /// The number alone, e.g. "5.1.1".
    pub fn number(self) -> &'static str {
        self.0
    }
}

impl fmt::Display for Article {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Art. {}", self.0)
    }
}
