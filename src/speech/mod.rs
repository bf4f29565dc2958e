//! Words for everything (issue 7, App. D): squares, pieces, moves, game events, clock
//! readings and answers to a player's questions, in the naming schemes for blind players;
//! and the reverse, reading moves typed as spoken words ("caballo Félix tres").
//!
//! Two choices make a [`Speaker`]:
//!
//! - the **profile** ([`Profile`]): the names of files, ranks, pieces and castling —
//!   `es` (Spanish scheme of the 2005 Laws, appendix F: Ana, Bella, César … uno, dos …),
//!   `en` (Anna, Bella, Cesar … one, two …) or `fide` (the official App. D.2.1 text:
//!   Anna … Hector, eins, zwei …, Koenig, Dame, "Kurze Rochade");
//! - the **interface language** ([`Lang`]): the sentences around the names ("jugada uno,
//!   blancas", "White offers a draw").
//!
//! A move is said in one language: the profile's for `es` and `en` (its connecting words,
//! "a"/"toma"/"corona"/"jaque" or "to"/"takes"/"promotes to"/"check", go with the names),
//! and for `fide`, whose names are German, the interface language's connecting words.
//!
//! Nothing here writes a digit or a symbol: speech engines read "1 e4" as a number. No
//! terminal, no clock: the caller passes the time.

pub mod access;
pub mod batch;
pub mod commands;
mod describe;
pub mod errors;
mod events;
pub mod files;
pub mod help;
pub mod keys;
pub mod lobby;
mod names;
pub mod numbers;
pub mod operator;
pub mod panes;
mod parse;
mod play;
mod query;
pub mod replay;
pub mod report;
pub mod screens;
pub mod setup;
pub mod sheet;

pub use describe::{article_words, result_words};
pub use names::{ParseProfileError, Profile, normalize};
pub use parse::{Line, ReadError, ReadProblem, parse_line, parse_role, parse_square};

use crate::lang::Lang;

/// Who speaks, and how: the name profile, the interface language, and whether a move's
/// origin square is always said (otherwise only when needed to tell two pieces apart, and
/// for pawn captures and promotions).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Speaker {
    pub profile: Profile,
    pub lang: Lang,
    pub always_origin: bool,
    /// For sighted players (the full screen): moves in this notation (`2… Nc6`) and
    /// articles as numbers (`Art. 5.1.1`) instead of words. `None`: everything in words
    /// (the line mode, `--speak`).
    pub written: Option<crate::core::Notation>,
}

impl Speaker {
    pub fn new(profile: Profile, lang: Lang) -> Speaker {
        Speaker {
            profile,
            lang,
            always_origin: false,
            written: None,
        }
    }

    /// The same speaker, writing moves in `notation` and articles as numbers (the full
    /// screen's status line), or saying them in words (`None`).
    pub fn written(self, notation: Option<crate::core::Notation>) -> Speaker {
        Speaker {
            written: notation,
            ..self
        }
    }

    /// The same speaker, saying every move's origin square.
    pub fn with_origin(self, always_origin: bool) -> Speaker {
        Speaker {
            always_origin,
            ..self
        }
    }

    /// The language of a move's connecting words: the profile's, or for `fide` the interface
    /// language's.
    pub(crate) fn move_lang(self) -> Lang {
        match self.profile {
            Profile::Es => Lang::Es,
            Profile::En => Lang::En,
            Profile::Fide => self.lang,
        }
    }

    /// Picks the interface-language text.
    pub(crate) fn t<'a>(self, es: &'a str, en: &'a str) -> &'a str {
        self.lang.pick(es, en)
    }
}

impl Default for Speaker {
    fn default() -> Speaker {
        Speaker::new(Profile::En, Lang::En)
    }
}
