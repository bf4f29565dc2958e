//! The names of files, ranks, pieces and castling in each profile, and the text
//! normalisation the reader uses (case and accents do not matter).

use std::fmt;
use std::str::FromStr;

use crate::core::{CastleSide, Color, File, Rank, Role, Square};
use crate::lang::Lang;

use super::Speaker;

/// A naming scheme for squares, pieces and castling.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Profile {
    /// Spanish, 2005 Laws appendix F: Ana, Bella, César, David, Eva, Félix, Gustavo, Héctor;
    /// uno … ocho; Rey, Dama, Torre, Alfil, Caballo, peón; enroque corto / largo.
    Es,
    /// English: Anna, Bella, Cesar, David, Eva, Felix, Gustav, Hector; one … eight; King,
    /// Queen, Rook, Bishop, Knight, pawn; short castling / long castling.
    #[default]
    En,
    /// The official App. D.2.1 text: Anna … Hector; eins … acht; Koenig, Dame, Turm,
    /// Laeufer, Springer, Bauer; Kurze Rochade / Lange Rochade.
    Fide,
}

impl Profile {
    pub const ALL: [Profile; 3] = [Profile::Es, Profile::En, Profile::Fide];

    pub fn code(self) -> &'static str {
        match self {
            Profile::Es => "es",
            Profile::En => "en",
            Profile::Fide => "fide",
        }
    }

    /// The name of a file.
    pub fn file(self, file: File) -> &'static str {
        let i = file.index();
        match self {
            Profile::Es => FILES_ES[i],
            Profile::En | Profile::Fide => FILES_EN[i],
        }
    }

    /// The name of a rank.
    pub fn rank(self, rank: Rank) -> &'static str {
        let i = rank.index();
        match self {
            Profile::Es => RANKS_ES[i],
            Profile::En => RANKS_EN[i],
            Profile::Fide => RANKS_DE[i],
        }
    }

    /// The name of a piece.
    pub fn role(self, role: Role) -> &'static str {
        let i = role.index();
        match self {
            Profile::Es => ROLES_ES[i],
            Profile::En => ROLES_EN[i],
            Profile::Fide => ROLES_DE[i],
        }
    }

    /// The plural name of a piece.
    pub fn roles(self, role: Role) -> &'static str {
        let i = role.index();
        match self {
            Profile::Es => ["peones", "Caballos", "Alfiles", "Torres", "Damas", "Reyes"][i],
            Profile::En => ["pawns", "Knights", "Bishops", "Rooks", "Queens", "Kings"][i],
            Profile::Fide => [
                "Bauern", "Springer", "Laeufer", "Tuerme", "Damen", "Koenige",
            ][i],
        }
    }

    /// The name of castling on a side.
    pub fn castling(self, side: CastleSide) -> &'static str {
        match (self, side) {
            (Profile::Es, CastleSide::King) => "enroque corto",
            (Profile::Es, CastleSide::Queen) => "enroque largo",
            (Profile::En, CastleSide::King) => "short castling",
            (Profile::En, CastleSide::Queen) => "long castling",
            (Profile::Fide, CastleSide::King) => "Kurze Rochade",
            (Profile::Fide, CastleSide::Queen) => "Lange Rochade",
        }
    }

    /// The name of a square: file then rank ("Eva cuatro").
    pub fn square(self, sq: Square) -> String {
        format!("{} {}", self.file(sq.file()), self.rank(sq.rank()))
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A profile name that is none of `es`, `en`, `fide`.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error(
    "unknown name profile {0:?}: expected \"es\" (Ana, Bella, César…), \"en\" (Anna, Bella, Cesar…) or \"fide\" (App. D.2.1: Anna… with eins, zwei…)"
)]
pub struct ParseProfileError(pub String);

impl FromStr for Profile {
    type Err = ParseProfileError;

    fn from_str(s: &str) -> Result<Profile, ParseProfileError> {
        match normalize(s).trim() {
            "es" | "spanish" | "espanol" => Ok(Profile::Es),
            "en" | "english" | "ingles" => Ok(Profile::En),
            "fide" | "de" | "german" | "aleman" => Ok(Profile::Fide),
            _ => Err(ParseProfileError(s.to_string())),
        }
    }
}

const FILES_ES: [&str; 8] = [
    "Ana", "Bella", "César", "David", "Eva", "Félix", "Gustavo", "Héctor",
];
const FILES_EN: [&str; 8] = [
    "Anna", "Bella", "Cesar", "David", "Eva", "Felix", "Gustav", "Hector",
];
const RANKS_ES: [&str; 8] = [
    "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho",
];
const RANKS_EN: [&str; 8] = [
    "one", "two", "three", "four", "five", "six", "seven", "eight",
];
const RANKS_DE: [&str; 8] = [
    "eins", "zwei", "drei", "vier", "fuenf", "sechs", "sieben", "acht",
];
const ROLES_ES: [&str; 6] = ["peón", "Caballo", "Alfil", "Torre", "Dama", "Rey"];
const ROLES_EN: [&str; 6] = ["pawn", "Knight", "Bishop", "Rook", "Queen", "King"];
const ROLES_DE: [&str; 6] = ["Bauer", "Springer", "Laeufer", "Turm", "Dame", "Koenig"];

/// Lower case, accents and umlauts removed (`Félix` → `felix`, `Läufer` → `laufer`, `ñ` →
/// `n`), `ß` → `ss`: the form the reader compares.
pub fn normalize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        for l in c.to_lowercase() {
            match l {
                'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' => out.push('a'),
                'é' | 'è' | 'ê' | 'ë' => out.push('e'),
                'í' | 'ì' | 'î' | 'ï' => out.push('i'),
                'ó' | 'ò' | 'ô' | 'ö' | 'õ' => out.push('o'),
                'ú' | 'ù' | 'û' | 'ü' => out.push('u'),
                'ñ' => out.push('n'),
                'ç' => out.push('c'),
                'ß' => out.push_str("ss"),
                other => out.push(other),
            }
        }
    }
    out
}

impl Speaker {
    /// The name of a square in this speaker's profile ("Eva cuatro", "Eva four", "Eva vier").
    pub fn square(&self, sq: Square) -> String {
        self.profile.square(sq)
    }

    /// A piece with its colour, in the interface language's sentence ("Caballo blanco",
    /// "white Knight"); the piece name is the profile's.
    pub fn colored_piece(&self, color: Color, role: Role) -> String {
        let name = self.profile.role(role);
        match self.lang {
            Lang::Es => {
                let fem = self.profile == Profile::Es && matches!(role, Role::Queen | Role::Rook);
                let adj = match (color, fem) {
                    (Color::White, false) => "blanco",
                    (Color::White, true) => "blanca",
                    (Color::Black, false) => "negro",
                    (Color::Black, true) => "negra",
                };
                format!("{name} {adj}")
            }
            Lang::En => format!("{} {name}", color.fold("white", "black")),
        }
    }

    /// "blancas" / "White".
    pub fn side(&self, color: Color) -> &'static str {
        match self.lang {
            Lang::Es => color.fold("blancas", "negras"),
            Lang::En => color.fold("White", "Black"),
        }
    }

    /// "Blancas" / "White" at the start of a sentence.
    pub fn side_cap(&self, color: Color) -> &'static str {
        match self.lang {
            Lang::Es => color.fold("Blancas", "Negras"),
            Lang::En => color.fold("White", "Black"),
        }
    }
}
