//! Reading moves typed as spoken words, in any profile and either language, tolerant of
//! case and missing accents ("caballo felix tres", "Caballo Félix tres", "Knight Felix
//! three", "Springer Felix drei", "enroque corto", "kurze Rochade"), and the notations a
//! player may type instead: SAN with English or Spanish letters (`Nf3`, `Cf3`), UCI
//! (`g1f3`), `0-0` / `O-O-O`.

use std::fmt;

use crate::core::{
    CastleSide, File, Letters, Move, MoveList, Position, Rank, Role, SanProblem, Square, UciMove,
    parse_move,
};
use crate::lang::Lang;

use super::describe::captured_role;
use super::names::normalize;
use super::numbers::join_list;
use super::{Profile, Speaker};

/// Why a text was not one legal move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ReadProblem {
    /// Nothing was typed.
    Empty,
    /// A word that is no part of a move.
    NotUnderstood,
    /// The words make a move, but it is not legal here (Art. 3).
    Illegal,
    /// Several legal moves fit.
    Ambiguous,
    /// The pawn reaches the last rank and the piece it becomes was not said (3.7.3.3).
    PromotionMissing,
}

/// A text that is not one legal move: the text, what is wrong, the reason in words in the
/// interface language, and the legal moves that match it (for an ambiguous text) or come
/// nearest (for an illegal one).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ReadError {
    pub text: String,
    pub problem: ReadProblem,
    /// The reason, spoken, quoting the text: what to say to the player.
    pub reason: String,
    /// The legal moves that match (ambiguous), or the nearest ones (illegal).
    pub moves: Vec<Move>,
    /// The position the text was read against.
    pub position: Box<Position>,
}

impl ReadError {
    /// The matching legal moves in words, joined by "o" / "or" ("Caballo Bella a David dos o
    /// Caballo Félix a David dos"); empty when there are none.
    pub fn say_moves(&self, speaker: &Speaker) -> String {
        let said: Vec<String> = self
            .moves
            .iter()
            .map(|m| speaker.describe_move(&self.position, *m))
            .collect();
        join_or(&said, speaker.lang)
    }

    /// The reason followed by the moves: what the line mode says.
    pub fn say(&self, speaker: &Speaker) -> String {
        if self.moves.is_empty() {
            return self.reason.clone();
        }
        let lead = match self.problem {
            ReadProblem::Ambiguous | ReadProblem::PromotionMissing => {
                speaker.t("Puede ser", "It could be")
            }
            _ => speaker.t("Jugadas legales parecidas", "Similar legal moves"),
        };
        format!("{} {lead}: {}.", self.reason, self.say_moves(speaker))
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

impl std::error::Error for ReadError {}

fn join_or(parts: &[String], lang: Lang) -> String {
    let or = lang.pick(" o ", " or ");
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{}{or}{last}", rest.join(", ")),
    }
}

/// One word of a spoken move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Tok {
    Role(Role),
    File(File),
    Rank(Rank),
    Square(Square),
    Takes,
    Promotes,
    Castle(Option<CastleSide>),
    Side(CastleSide),
    Filler,
}

const TAKES: &[&str] = &[
    "toma", "tomo", "come", "captura", "por", "x", "takes", "take", "captures", "capture",
    "schlagt", "schlaegt", "nimmt", ":",
];
const PROMOTES: &[&str] = &[
    "corona",
    "corono",
    "promueve",
    "promociona",
    "promocion",
    "coronacion",
    "promotes",
    "promote",
    "promotion",
    "=",
    "umwandlung",
    "wandelt",
    "wird",
];
const CASTLE: &[&str] = &[
    "enroque", "enroca", "castling", "castles", "castle", "rochade", "roque",
];
const SHORT: &[&str] = &["corto", "short", "kurze", "kurz", "kingside"];
const LONG: &[&str] = &["largo", "long", "lange", "lang", "queenside"];
const FILLER: &[&str] = &[
    "a",
    "al",
    "hacia",
    "de",
    "desde",
    "en",
    "el",
    "la",
    "con",
    "y",
    "paso",
    "to",
    "from",
    "on",
    "the",
    "with",
    "and",
    "passant",
    "ep",
    "e.p.",
    "a.p.",
    "ap",
    "nach",
    "von",
    "auf",
    "zu",
    "mit",
    "und",
    "jaque",
    "mate",
    "check",
    "checkmate",
    "mates",
    "schach",
    "matt",
    "ahogado",
    "stalemate",
    "patt",
    "juega",
    "mueve",
    "moves",
    "plays",
    "zieht",
    "jugada",
    "move",
    "zug",
    "en-passant",
    "e.p",
    "a.p",
    "+",
    "#",
    "!",
    "?",
    "!!",
    "??",
    "!?",
    "?!",
];

/// Every profile's piece names, normalised (`normalize`), singular and plural, with the
/// spellings of the umlauts ("laufer" from "Läufer", "laeufer").
const ROLE_WORDS: &[(&str, Role)] = &[
    ("peon", Role::Pawn),
    ("peones", Role::Pawn),
    ("pawn", Role::Pawn),
    ("pawns", Role::Pawn),
    ("bauer", Role::Pawn),
    ("bauern", Role::Pawn),
    ("caballo", Role::Knight),
    ("caballos", Role::Knight),
    ("knight", Role::Knight),
    ("knights", Role::Knight),
    ("springer", Role::Knight),
    ("alfil", Role::Bishop),
    ("alfiles", Role::Bishop),
    ("bishop", Role::Bishop),
    ("bishops", Role::Bishop),
    ("laufer", Role::Bishop),
    ("laeufer", Role::Bishop),
    ("torre", Role::Rook),
    ("torres", Role::Rook),
    ("rook", Role::Rook),
    ("rooks", Role::Rook),
    ("turm", Role::Rook),
    ("turme", Role::Rook),
    ("tuerme", Role::Rook),
    ("dama", Role::Queen),
    ("damas", Role::Queen),
    ("reina", Role::Queen),
    ("queen", Role::Queen),
    ("queens", Role::Queen),
    ("dame", Role::Queen),
    ("damen", Role::Queen),
    ("rey", Role::King),
    ("reyes", Role::King),
    ("king", Role::King),
    ("kings", Role::King),
    ("konig", Role::King),
    ("koenig", Role::King),
    ("konige", Role::King),
    ("koenige", Role::King),
];

/// The files of the `es` and `en`/`fide` profiles, normalised.
const FILE_WORDS: &[(&str, File)] = &[
    ("ana", File::A),
    ("anna", File::A),
    ("bella", File::B),
    ("cesar", File::C),
    ("david", File::D),
    ("eva", File::E),
    ("felix", File::F),
    ("gustavo", File::G),
    ("gustav", File::G),
    ("hector", File::H),
];

/// The ranks of every profile, normalised, and the digits.
const RANK_WORDS: &[(&str, Rank)] = &[
    ("uno", Rank::First),
    ("one", Rank::First),
    ("eins", Rank::First),
    ("1", Rank::First),
    ("dos", Rank::Second),
    ("two", Rank::Second),
    ("zwei", Rank::Second),
    ("2", Rank::Second),
    ("tres", Rank::Third),
    ("three", Rank::Third),
    ("drei", Rank::Third),
    ("3", Rank::Third),
    ("cuatro", Rank::Fourth),
    ("four", Rank::Fourth),
    ("vier", Rank::Fourth),
    ("4", Rank::Fourth),
    ("cinco", Rank::Fifth),
    ("five", Rank::Fifth),
    ("funf", Rank::Fifth),
    ("fuenf", Rank::Fifth),
    ("5", Rank::Fifth),
    ("seis", Rank::Sixth),
    ("six", Rank::Sixth),
    ("sechs", Rank::Sixth),
    ("6", Rank::Sixth),
    ("siete", Rank::Seventh),
    ("seven", Rank::Seventh),
    ("sieben", Rank::Seventh),
    ("7", Rank::Seventh),
    ("ocho", Rank::Eighth),
    ("eight", Rank::Eighth),
    ("acht", Rank::Eighth),
    ("8", Rank::Eighth),
];

fn lookup<T: Copy>(table: &[(&str, T)], w: &str) -> Option<T> {
    table.iter().find(|(k, _)| *k == w).map(|(_, v)| *v)
}

fn role_word(w: &str) -> Option<Role> {
    lookup(ROLE_WORDS, w)
}

fn token(word: &str) -> Option<Tok> {
    let w = word;
    let within = |list: &[&str]| list.contains(&w);
    if within(TAKES) {
        return Some(Tok::Takes);
    }
    if within(PROMOTES) {
        return Some(Tok::Promotes);
    }
    if within(CASTLE) {
        return Some(Tok::Castle(None));
    }
    if within(SHORT) {
        return Some(Tok::Side(CastleSide::King));
    }
    if within(LONG) {
        return Some(Tok::Side(CastleSide::Queen));
    }
    if matches!(w, "o-o" | "0-0") {
        return Some(Tok::Castle(Some(CastleSide::King)));
    }
    if matches!(w, "o-o-o" | "0-0-0") {
        return Some(Tok::Castle(Some(CastleSide::Queen)));
    }
    if within(FILLER) {
        return Some(Tok::Filler);
    }
    if let Some(r) = role_word(w) {
        return Some(Tok::Role(r));
    }
    if let Some(f) = lookup(FILE_WORDS, w) {
        return Some(Tok::File(f));
    }
    if let Some(r) = lookup(RANK_WORDS, w) {
        return Some(Tok::Rank(r));
    }
    if w.len() == 2 {
        if let Ok(sq) = w.parse::<Square>() {
            return Some(Tok::Square(sq));
        }
    }
    None
}

/// Where a spoken coordinate points.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Coord {
    Square(Square),
    File(File),
    Rank(Rank),
}

/// The square a text names, in any profile: "Eva cuatro", "eva cuatro", "Eva four", "Eva
/// vier", "e4". `None` when it names none.
pub fn parse_square(text: &str) -> Option<Square> {
    let words = words(text);
    let toks: Vec<Tok> = words
        .iter()
        .filter_map(|w| token(w))
        .filter(|t| *t != Tok::Filler)
        .collect();
    if toks.len()
        != words
            .iter()
            .filter(|w| token(w) != Some(Tok::Filler))
            .count()
    {
        return None;
    }
    match toks.as_slice() {
        [Tok::Square(sq)] => Some(*sq),
        [Tok::File(f), Tok::Rank(r)] => Some(Square::from_coords(*f, *r)),
        _ => None,
    }
}

/// A file or a rank, for the scans.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Line {
    File(File),
    Rank(Rank),
}

/// The file or rank a text names, in any profile: "Eva", "e", "cuatro", "four", "4".
pub fn parse_line(text: &str) -> Option<Line> {
    let w = words(text);
    let w: Vec<&String> = w.iter().filter(|w| token(w) != Some(Tok::Filler)).collect();
    let [one] = w.as_slice() else {
        return None;
    };
    if one.len() == 1 {
        let c = one.chars().next()?;
        if let Some(f) = File::from_char(c) {
            return Some(Line::File(f));
        }
    }
    match token(one)? {
        Tok::File(f) => Some(Line::File(f)),
        Tok::Rank(r) => Some(Line::Rank(r)),
        _ => None,
    }
}

/// The piece name a text gives, in any profile and in the singular or plural.
pub fn parse_role(text: &str) -> Option<Role> {
    let w = words(text);
    let w: Vec<&String> = w.iter().filter(|w| token(w) != Some(Tok::Filler)).collect();
    let [one] = w.as_slice() else {
        return None;
    };
    role_word(one)
}

/// The promotions a pawn move written without its piece (`b8`, `bxa8`) could be: the legal
/// moves from its square to its square, one for each piece.
fn promotions(pos: &Position, stem: &str) -> Vec<Move> {
    let Ok(queen) = parse_move(pos, &format!("{stem}=Q"), Letters::English) else {
        return Vec::new();
    };
    legal(pos)
        .into_iter()
        .filter(|m| m.promotion().is_some() && m.from == queen.from && m.to == queen.to)
        .collect()
}

/// A move in notation followed, after a space, by the en-passant suffix (`exd6 e.p.`,
/// `exd6 ep`, Spanish `exd6 a.p.`), which C.9 allows and the notation reader takes.
fn spaced_en_passant(text: &str) -> bool {
    let mut w = text.split_whitespace();
    let (Some(_), Some(suffix), None) = (w.next(), w.next(), w.next()) else {
        return false;
    };
    let suffix = suffix
        .trim_end_matches(['+', '#', '!', '?'])
        .to_ascii_lowercase();
    matches!(suffix.as_str(), "e.p." | "e.p" | "ep" | "a.p." | "a.p")
}

/// Normalised words: lower case, no accents, commas and full stops as spaces ("=" and
/// "x" between a square and a letter are split off: "e8=Q" is not a word here).
fn words(text: &str) -> Vec<String> {
    let n = normalize(text);
    let mut spaced = String::with_capacity(n.len() + 8);
    for c in n.chars() {
        match c {
            ',' | ';' | '(' | ')' | '"' | '«' | '»' | '¡' | '¿' => spaced.push(' '),
            '=' => spaced.push_str(" = "),
            _ => spaced.push(c),
        }
    }
    spaced
        .split_whitespace()
        .map(|w| w.trim_end_matches(['.', '!', '?', '+', '#']).to_string())
        .filter(|w| !w.is_empty())
        .collect()
}

impl Speaker {
    /// Reads a move of `pos` from what the player typed: spoken words in any profile (case
    /// and accents do not matter; the origin only when needed; "toma"/"takes"/"x";
    /// "corona Dama"/"promotes to Queen"), SAN with English or Spanish letters (the
    /// profile's first), UCI, `0-0`/`O-O-O`.
    pub fn read_move(&self, pos: &Position, text: &str) -> Result<Move, ReadError> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(self.error(
                pos,
                text,
                ReadProblem::Empty,
                self.t("No ha escrito ninguna jugada.", "No move was given.")
                    .to_string(),
                Vec::new(),
            ));
        }
        let mut notation_error = None;
        // `exd6 e.p.` (C.9: the suffix is optional, and may stand apart) is notation too.
        if !trimmed.contains(char::is_whitespace) || spaced_en_passant(trimmed) {
            match self.read_notation(pos, trimmed) {
                Notation::Read(result) => return result,
                Notation::NoMove => {
                    notation_error =
                        Some(self.pick(pos, text, Vec::new(), || nearest_to(pos, trimmed)));
                }
                Notation::Words => {}
            }
        }
        match (self.read_words(pos, text), notation_error) {
            (Ok(mv), _) => Ok(mv),
            (Err(e), Some(Err(notation))) if e.problem == ReadProblem::NotUnderstood => {
                Err(notation)
            }
            (Err(e), _) => Err(e),
        }
    }

    /// UCI and SAN.
    fn read_notation(&self, pos: &Position, text: &str) -> Notation {
        let lower = text.to_ascii_lowercase();
        if let Ok(uci) = lower.parse::<UciMove>() {
            if let Some(mv) = pos.uci_to_move(uci) {
                return Notation::Read(Ok(mv));
            }
        }
        let order = match self.profile {
            Profile::Es => [Letters::Spanish, Letters::English],
            _ => [Letters::English, Letters::Spanish],
        };
        // Typed in lower case: "nf3", "qd1" (b is a file, so a lower-case bishop is not read).
        let upper_first = match text.chars().next() {
            Some(c) if "nqkrt".contains(c) => Some(c.to_ascii_uppercase().to_string() + &text[1..]),
            _ => None,
        };
        // In Spanish letters R is the king: `b8=R` is no promotion to a rook (App. C.3),
        // whatever English would make of it.
        if self.profile == Profile::Es {
            if let Err(e) = parse_move(pos, text, Letters::Spanish) {
                if e.problem == SanProblem::BadPromotion(Role::King) {
                    return Notation::Read(Err(self.promotion_to_king(pos, text)));
                }
            }
        }
        let mut first_problem = None;
        let texts = std::iter::once(text.to_string()).chain(upper_first);
        for (text, letters) in texts.flat_map(|t| order.map(|l| (t.clone(), l))) {
            match parse_move(pos, &text, letters) {
                Ok(mv) => return Notation::Read(Ok(mv)),
                Err(e) => {
                    if first_problem.is_none()
                        && !matches!(
                            e.problem,
                            SanProblem::Syntax | SanProblem::UnexpectedChar(_)
                        )
                    {
                        first_problem = Some(e.problem);
                    }
                }
            }
        }
        let Some(problem) = first_problem else {
            return Notation::Words;
        };
        match problem {
            SanProblem::Ambiguous(moves) => Notation::Read(Err(self.ambiguous(pos, text, moves))),
            SanProblem::PromotionMissing => {
                let moves = promotions(pos, text);
                Notation::Read(Err(self.promotion_missing(pos, text, moves)))
            }
            SanProblem::NoMatch | SanProblem::PromotionUnexpected | SanProblem::BadPromotion(_) => {
                Notation::NoMove
            }
            _ => Notation::Words,
        }
    }

    fn read_words(&self, pos: &Position, text: &str) -> Result<Move, ReadError> {
        let mut toks = Vec::new();
        for w in words(text) {
            match token(&w) {
                Some(Tok::Filler) => {}
                Some(t) => toks.push(t),
                None => {
                    let reason = match self.lang {
                        Lang::Es => format!(
                            "No entiendo \"{text}\": \"{w}\" no es parte de una jugada. Diga, por ejemplo, caballo Félix tres, peón Eva cuatro o enroque corto."
                        ),
                        Lang::En => format!(
                            "I do not understand \"{text}\": \"{w}\" is no part of a move. Say, for example, Knight Felix three, pawn Eva four or short castling."
                        ),
                    };
                    return Err(self.error(
                        pos,
                        text,
                        ReadProblem::NotUnderstood,
                        reason,
                        Vec::new(),
                    ));
                }
            }
        }
        // Castling.
        let castle = toks.iter().find_map(|t| match t {
            Tok::Castle(side) => Some(*side),
            _ => None,
        });
        if let Some(side) = castle {
            let side = side.or_else(|| {
                toks.iter().find_map(|t| match t {
                    Tok::Side(s) => Some(*s),
                    _ => None,
                })
            });
            let moves: Vec<Move> = legal(pos)
                .into_iter()
                .filter(|m| m.is_castle() && side.is_none_or(|s| m.castle_side() == Some(s)))
                .collect();
            return self.pick(pos, text, moves, || {
                legal(pos).into_iter().filter(|m| m.is_castle()).collect()
            });
        }
        let mut mover = None;
        let mut victim = None;
        let mut promotion = None;
        let mut takes = false;
        let mut promoting = false;
        let mut coords: Vec<Coord> = Vec::new();
        let mut i = 0;
        while i < toks.len() {
            match toks[i] {
                Tok::Role(r) => {
                    if promoting {
                        promotion = Some(r);
                    } else if takes && victim.is_none() && !no_coords_after(&toks, i) {
                        victim = Some(r);
                    } else if mover.is_none() && coords.is_empty() && !takes {
                        mover = Some(r);
                    } else if !coords.is_empty() && promotion.is_none() {
                        promotion = Some(r);
                    } else {
                        return Err(self.not_understood(pos, text));
                    }
                }
                Tok::File(f) => {
                    if let Some(Tok::Rank(r)) = toks.get(i + 1) {
                        coords.push(Coord::Square(Square::from_coords(f, *r)));
                        i += 1;
                    } else {
                        coords.push(Coord::File(f));
                    }
                }
                Tok::Rank(r) => coords.push(Coord::Rank(r)),
                Tok::Square(sq) => coords.push(Coord::Square(sq)),
                Tok::Takes => takes = true,
                Tok::Promotes => promoting = true,
                Tok::Side(_) | Tok::Castle(_) | Tok::Filler => {
                    return Err(self.not_understood(pos, text));
                }
            }
            i += 1;
        }
        let Some((&dest, origin)) = coords.split_last() else {
            return Err(self.not_understood(pos, text));
        };
        if matches!(dest, Coord::Rank(_)) {
            return Err(self.not_understood(pos, text));
        }
        let mut from_file = None;
        let mut from_rank = None;
        for c in origin {
            match *c {
                Coord::Square(sq) => {
                    from_file = Some(sq.file());
                    from_rank = Some(sq.rank());
                }
                Coord::File(f) => from_file = Some(f),
                Coord::Rank(r) => from_rank = Some(r),
            }
        }
        let from_square = from_file.is_some() && from_rank.is_some();
        let all = legal(pos);
        let fits = |m: &Move, check_promotion: bool| -> bool {
            let to_ok = match dest {
                Coord::Square(sq) => m.to == sq,
                Coord::File(f) => m.to.file() == f,
                Coord::Rank(_) => false,
            };
            let role = pos.role_at(m.from);
            let role_ok = match mover {
                Some(r) => role == Some(r),
                None => from_square || role == Some(Role::Pawn),
            };
            let captured = captured_role(pos, *m);
            to_ok
                && role_ok
                && from_file.is_none_or(|f| m.from.file() == f)
                && from_rank.is_none_or(|r| m.from.rank() == r)
                && (!takes || captured.is_some())
                && victim.is_none_or(|v| captured == Some(v))
                && (!check_promotion || promotion.is_none_or(|p| m.promotion() == Some(p)))
                && (promotion.is_none() || m.promotion().is_some())
        };
        let moves: Vec<Move> = all.iter().copied().filter(|m| fits(m, true)).collect();
        if moves.len() > 1 && promotion.is_none() && moves.iter().all(|m| m.promotion().is_some()) {
            let first = moves[0];
            if moves
                .iter()
                .all(|m| m.from == first.from && m.to == first.to)
            {
                return Err(self.promotion_missing(pos, text, moves));
            }
        }
        self.pick(pos, text, moves, || {
            // The nearest: the moves to that square, else the moves of that piece.
            let to_dest: Vec<Move> = all
                .iter()
                .copied()
                .filter(|m| match dest {
                    Coord::Square(sq) => m.to == sq,
                    Coord::File(f) => m.to.file() == f,
                    Coord::Rank(_) => false,
                })
                .collect();
            if !to_dest.is_empty() {
                return to_dest;
            }
            let role = mover.unwrap_or(Role::Pawn);
            all.iter()
                .copied()
                .filter(|m| pos.role_at(m.from) == Some(role))
                .collect()
        })
    }

    fn pick(
        &self,
        pos: &Position,
        text: &str,
        moves: Vec<Move>,
        nearest: impl FnOnce() -> Vec<Move>,
    ) -> Result<Move, ReadError> {
        match moves.as_slice() {
            [one] => Ok(*one),
            [] => {
                let near = nearest();
                let reason = match self.lang {
                    Lang::Es => format!("\"{text}\" no es una jugada legal aquí."),
                    Lang::En => format!("\"{text}\" is not a legal move here."),
                };
                Err(self.error(pos, text, ReadProblem::Illegal, reason, near))
            }
            _ => Err(self.ambiguous(pos, text, moves)),
        }
    }

    fn ambiguous(&self, pos: &Position, text: &str, moves: Vec<Move>) -> ReadError {
        let reason = match self.lang {
            Lang::Es => format!(
                "\"{text}\" es ambigua: la dicen {} jugadas legales; diga también la casilla de salida.",
                super::numbers::spanish(moves.len() as u64, super::numbers::Gender::Feminine)
            ),
            Lang::En => format!(
                "\"{text}\" is ambiguous: {} legal moves fit; say the square it leaves too.",
                super::numbers::english(moves.len() as u64)
            ),
        };
        self.error(pos, text, ReadProblem::Ambiguous, reason, moves)
    }

    fn promotion_missing(&self, pos: &Position, text: &str, moves: Vec<Move>) -> ReadError {
        // "article three point seven …" spoken, "Art. 3.7.3.3" on a screen.
        let art = self.article(crate::laws::Article("3.7.3.3"));
        let reason = match self.lang {
            Lang::Es => format!(
                "\"{text}\": el peón llega a la última fila; diga la pieza que corona, {art}."
            ),
            Lang::En => format!(
                "\"{text}\": the pawn reaches the last rank; say the piece it becomes, {art}."
            ),
        };
        self.error(pos, text, ReadProblem::PromotionMissing, reason, moves)
    }

    /// `b8=R` in Spanish letters: R is the king (rey), which no pawn becomes; the moves it
    /// could be are the same pawn's promotions.
    fn promotion_to_king(&self, pos: &Position, text: &str) -> ReadError {
        let bare = text.trim_end_matches(['+', '#', '!', '?']);
        let moves = promotions(
            pos,
            bare.rsplit_once('=').map_or(bare, |(before, _)| before),
        );
        let art = self.article(crate::laws::Article("3.7.3.3"));
        let reason = match self.lang {
            Lang::Es => format!(
                "\"{text}\": en las letras españolas R es el rey, y ningún peón se convierte en rey; corona en D, T, A o C (dama, torre, alfil o caballo), {art}."
            ),
            Lang::En => format!(
                "\"{text}\": in Spanish letters R is the king, which no pawn becomes; it becomes D, T, A or C (queen, rook, bishop or knight), {art}."
            ),
        };
        self.error(pos, text, ReadProblem::PromotionMissing, reason, moves)
    }

    fn not_understood(&self, pos: &Position, text: &str) -> ReadError {
        let reason = match self.lang {
            Lang::Es => format!(
                "No entiendo \"{text}\" como jugada. Diga la pieza y la casilla de llegada, por ejemplo caballo Félix tres, o enroque corto."
            ),
            Lang::En => format!(
                "I cannot read \"{text}\" as a move. Say the piece and the square it goes to, for example Knight Felix three, or short castling."
            ),
        };
        self.error(pos, text, ReadProblem::NotUnderstood, reason, Vec::new())
    }

    fn error(
        &self,
        pos: &Position,
        text: &str,
        problem: ReadProblem,
        reason: String,
        moves: Vec<Move>,
    ) -> ReadError {
        ReadError {
            text: text.to_string(),
            problem,
            reason,
            moves,
            position: Box::new(*pos),
        }
    }

    /// The square a text names, or a spoken reason quoting it.
    pub fn read_square(&self, text: &str) -> Result<Square, String> {
        parse_square(text).ok_or_else(|| match self.lang {
            Lang::Es => format!(
                "\"{text}\" no es una casilla: diga la columna y la fila, por ejemplo Eva cuatro."
            ),
            Lang::En => format!(
                "\"{text}\" is not a square: say the file and the rank, for example Eva four."
            ),
        })
    }
}

/// What the notation reader made of a text.
enum Notation {
    Read(Result<Move, ReadError>),
    /// Notation, but no legal move.
    NoMove,
    Words,
}

/// The legal moves to the square a notation text ends with (`Nf5` → the moves to f5).
fn nearest_to(pos: &Position, text: &str) -> Vec<Move> {
    let b = text.as_bytes();
    let dest = (0..b.len().saturating_sub(1))
        .rev()
        .find_map(|i| Square::parse_prefix(&b[i..]));
    match dest {
        Some(sq) => legal(pos).into_iter().filter(|m| m.to == sq).collect(),
        None => Vec::new(),
    }
}

/// After "toma", a piece word followed by coordinates is the captured piece ("toma Alfil
/// Félix tres"); one with no coordinates after it cannot be the captured piece either.
fn no_coords_after(toks: &[Tok], i: usize) -> bool {
    !toks[i + 1..]
        .iter()
        .any(|t| matches!(t, Tok::File(_) | Tok::Rank(_) | Tok::Square(_)))
}

fn legal(pos: &Position) -> Vec<Move> {
    let list: MoveList = pos.legal_moves();
    list.iter().copied().collect()
}

pub(crate) fn or_list(parts: &[String], lang: Lang) -> String {
    join_or(parts, lang)
}

#[allow(dead_code)]
pub(crate) fn and_list(parts: &[String], lang: Lang) -> String {
    join_list(parts, lang)
}
