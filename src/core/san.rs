//! Algebraic notation, App. C: standard algebraic (SAN) and long algebraic, with English
//! letters (K Q R B N), Spanish letters (R D T A C — in Spanish R is the king, *rey*, and T
//! the rook, *torre*), or figurines (♔♕♖♗♘ / ♚♛♜♝♞); each both read and written.
//!
//! Writing follows App. C: the piece letter and the arrival square (C.8), `x` for captures and
//! the departure file for pawn captures (C.9), disambiguation by departure file, then rank,
//! then both (C.10), the promotion piece after the square (C.11), castling `O-O`/`0-0` (C.13),
//! `+` for check and `#` for mate. Two forms: the PGN form (`O-O`, `e8=Q`) and the FIDE
//! scoresheet form (`0-0`, `e8Q`, `e8D` in Spanish).
//!
//! Reading is lenient, as a good PGN reader is: `O-O` and `0-0`; `e8=Q`, `e8Q`, `e8(Q)`,
//! `e8/Q`; `x` or `:` optional; long forms `Ng1-f3`, `Ng1f3`, `e2-e4`, `e2e4`; an `e.p.` or
//! `a.p.` suffix; trailing `+ # ! ?` ignored.

use std::fmt;

use super::bitboard::Bitboard;
use super::moves::{CastleSide, Move, MoveKind};
use super::piece::{Color, Role};
use super::position::Position;
use super::square::{File, Rank, Square};

/// The letters (or symbols) that name the pieces.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Letters {
    /// K Q R B N (App. C.2).
    English,
    /// R D T A C: Rey, Dama, Torre, Alfil, Caballo (App. C.3, national letters).
    Spanish,
    /// ♔♕♖♗♘ for White's moves, ♚♛♜♝♞ for Black's.
    Figurine,
}

impl Letters {
    /// The letter or symbol of a piece (pawns have none in algebraic notation).
    pub fn symbol(self, role: Role, color: Color) -> &'static str {
        match self {
            Letters::English | Letters::Spanish => {
                let i = role.index();
                &self.ascii_letters()[i..=i]
            }
            Letters::Figurine => match color {
                Color::White => ["♙", "♘", "♗", "♖", "♕", "♔"][role.index()],
                Color::Black => ["♟", "♞", "♝", "♜", "♛", "♚"][role.index()],
            },
        }
    }

    /// Reads a piece letter of this language (figurines are read in every language).
    fn role_of(self, c: char) -> Option<Role> {
        figurine_role(c).or_else(|| self.ascii_role(u8::try_from(c).ok()?))
    }

    /// The letters of the pieces in [`Role::index`] order: English (also read alongside
    /// figurines), or Spanish.
    const fn ascii_letters(self) -> &'static str {
        match self {
            Letters::English | Letters::Figurine => ENGLISH_LETTERS,
            Letters::Spanish => SPANISH_LETTERS,
        }
    }

    /// [`Letters::role_of`] for an ASCII byte, by one table look-up.
    #[inline]
    fn ascii_role(self, c: u8) -> Option<Role> {
        let table = match self {
            Letters::Spanish => &ASCII_ROLES[1],
            Letters::English | Letters::Figurine => &ASCII_ROLES[0],
        };
        table
            .get(usize::from(c.wrapping_sub(b'A')))
            .copied()
            .flatten()
    }
}

/// The piece letters, in [`Role::index`] order (pawn, knight, bishop, rook, queen, king):
/// English (App. C.2) and Spanish (Rey, Dama, Torre, Alfil, Caballo; App. C.3).
const ENGLISH_LETTERS: &str = "PNBRQK";
const SPANISH_LETTERS: &str = "PCATDR";

/// The roles of the upper-case ASCII letters, from `A`: English (and figurine) letters,
/// then Spanish ones, made from the letters above.
static ASCII_ROLES: [[Option<Role>; 26]; 2] = {
    let mut t = [[None; 26]; 2];
    let letters = [ENGLISH_LETTERS.as_bytes(), SPANISH_LETTERS.as_bytes()];
    let mut lang = 0;
    while lang < 2 {
        let mut i = 0;
        while i < 6 {
            t[lang][(letters[lang][i] - b'A') as usize] = Some(Role::ALL[i]);
            i += 1;
        }
        lang += 1;
    }
    t
};

fn figurine_role(c: char) -> Option<Role> {
    Some(match c {
        '♔' | '♚' => Role::King,
        '♕' | '♛' => Role::Queen,
        '♖' | '♜' => Role::Rook,
        '♗' | '♝' => Role::Bishop,
        '♘' | '♞' => Role::Knight,
        '♙' | '♟' => Role::Pawn,
        _ => return None,
    })
}

/// How moves are written.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Notation {
    pub letters: Letters,
    /// Long algebraic: the departure square always given (App. C.8: `Ng1f3`, `e2e4`).
    pub long: bool,
    /// In long algebraic, a hyphen between the squares of a move that captures nothing
    /// (`Ng1-f3`); without it `Ng1f3`.
    pub hyphen: bool,
    /// The FIDE scoresheet form (`0-0`, `e8Q`) instead of the PGN form (`O-O`, `e8=Q`).
    pub fide: bool,
}

impl Notation {
    /// Standard algebraic with English letters, PGN form: `Nf3`, `O-O`, `e8=Q+`.
    pub const ENGLISH: Notation = Notation {
        letters: Letters::English,
        long: false,
        hyphen: false,
        fide: false,
    };
    /// Standard algebraic with Spanish letters: `Cf3`, `O-O`, `e8=D+`.
    pub const SPANISH: Notation = Notation {
        letters: Letters::Spanish,
        ..Notation::ENGLISH
    };
    /// Standard algebraic with figurines: `♘f3`, `♞f6`.
    pub const FIGURINE: Notation = Notation {
        letters: Letters::Figurine,
        ..Notation::ENGLISH
    };
    /// Long algebraic with English letters: `Ng1-f3`, `e2-e4`, `e4xd5`.
    pub const LONG: Notation = Notation {
        long: true,
        hyphen: true,
        ..Notation::ENGLISH
    };

    /// The same notation in the FIDE scoresheet form (`0-0`, `e8D`).
    pub const fn fide(self) -> Notation {
        Notation { fide: true, ..self }
    }
}

/// A check or mate mark.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Suffix {
    Check,
    Mate,
}

impl Suffix {
    /// The mark a move deserves: `+` if it gives check, `#` if it mates.
    pub fn after(pos: &Position, mv: Move) -> Option<Suffix> {
        // Most moves give no check: that is told without playing the move.
        if pos.gives_check(mv) == Some(false) {
            return None;
        }
        let mut after = *pos;
        after.play_unchecked(mv);
        if !after.is_check() {
            None
        } else if after.has_legal_moves() {
            Some(Suffix::Check)
        } else {
            Some(Suffix::Mate)
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Suffix::Check => "+",
            Suffix::Mate => "#",
        }
    }
}

/// A move as algebraic notation describes it, before it is matched against a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum San {
    Castle {
        side: CastleSide,
        suffix: Option<Suffix>,
    },
    Normal {
        /// The piece letter written, if any. Without one the move is a pawn's, except in long
        /// notation with a whole departure square (`e1g1`, `g1-f3`): then the piece standing
        /// there moves.
        piece: Option<Role>,
        from_file: Option<File>,
        from_rank: Option<Rank>,
        capture: bool,
        to: Square,
        promotion: Option<Role>,
        suffix: Option<Suffix>,
    },
}

/// Why a text could not be read as a move, or matched to a legal move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SanProblem {
    /// Nothing to read.
    Empty,
    /// The text is not algebraic notation.
    Syntax,
    /// An unknown character.
    UnexpectedChar(char),
    /// Promotion to a king or a pawn (Art. 3.7.3.3 allows queen, rook, bishop, knight).
    BadPromotion(Role),
    /// No legal move matches.
    NoMatch,
    /// A pawn reaching the last rank without the piece it becomes (Art. 3.7.3.3).
    PromotionMissing,
    /// A promotion piece given for a move that is not a promotion.
    PromotionUnexpected,
    /// Several legal moves match: these.
    Ambiguous(Vec<Move>),
}

/// A move text that could not be read or played: the text, the position and the reason.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{}", self.describe())]
pub struct SanError {
    pub text: String,
    /// The FEN of the position it was read against (empty when none).
    pub fen: String,
    pub problem: SanProblem,
}

impl SanError {
    fn describe(&self) -> String {
        let at = if self.fen.is_empty() {
            String::new()
        } else {
            format!(" in {}", self.fen)
        };
        let t = &self.text;
        match &self.problem {
            SanProblem::Empty => "no move given".to_string(),
            SanProblem::Syntax => {
                format!("\"{t}\" is not a move: write it as Nf3, exd5, O-O, e8=Q or e2e4")
            }
            SanProblem::UnexpectedChar(c) => {
                format!("\"{t}\" is not a move: '{c}' is not part of algebraic notation")
            }
            SanProblem::BadPromotion(r)
                if *r == Role::King && t.trim_end_matches(['+', '#', ')']).ends_with('R') =>
            {
                format!(
                    "\"{t}\": in Spanish letters R is the king (rey), which no pawn becomes; it \
                 becomes D, T, A or C (dama, torre, alfil, caballo) (Art. 3.7.3.3)"
                )
            }
            SanProblem::BadPromotion(r) => format!(
                "\"{t}\": a pawn cannot become a {r}; it becomes a queen, rook, bishop or knight \
                 (Q, R, B, N; in Spanish D, T, A, C) (Art. 3.7.3.3)"
            ),
            SanProblem::NoMatch => format!("\"{t}\" is not a legal move{at}"),
            SanProblem::PromotionMissing => format!(
                "\"{t}\": the pawn reaches the last rank; say which piece it becomes, as in e8=Q \
                 (Art. 3.7.3.3)"
            ),
            SanProblem::PromotionUnexpected => {
                format!("\"{t}\" names a promotion piece but the move is not a promotion{at}")
            }
            SanProblem::Ambiguous(moves) => {
                let list: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
                format!(
                    "\"{t}\" is ambiguous{at}: it could be {}; give the departure file or rank",
                    list.join(" or ")
                )
            }
        }
    }
}

impl San {
    /// Reads a move in algebraic notation (short or long), leniently.
    pub fn parse(text: &str, letters: Letters) -> Result<San, SanError> {
        match San::parse_plain(text.as_bytes(), letters) {
            Some(san) => Ok(san),
            None => San::parse_lenient(text, letters),
        }
    }

    /// The plain PGN forms, read byte by byte without allocating: `O-O`, `O-O-O` (or with
    /// zeros), and `[piece][file][rank][x]square[=piece]`, then at most one `+` or `#` and
    /// any `!` and `?`. `None` for anything else (other spellings, errors), which
    /// [`San::parse_lenient`] reads; where this one answers, that one gives the same `San`.
    fn parse_plain(b: &[u8], letters: Letters) -> Option<San> {
        let mut end = b.len();
        let mut suffix = None;
        while let Some(&c) = b[..end].last() {
            match c {
                b'!' | b'?' => {}
                b'+' | b'#' if suffix.is_some() => return None,
                b'+' => suffix = Some(Suffix::Check),
                b'#' => suffix = Some(Suffix::Mate),
                _ => break,
            }
            end -= 1;
        }
        let body = &b[..end];
        let side = match body {
            b"O-O" | b"0-0" => Some(CastleSide::King),
            b"O-O-O" | b"0-0-0" => Some(CastleSide::Queen),
            _ => None,
        };
        if let Some(side) = side {
            return Some(San::Castle { side, suffix });
        }
        let (piece, rest) = match body.first() {
            Some(&c) if c.is_ascii_uppercase() => (Some(letters.role_of(c as char)?), &body[1..]),
            _ => (None, body),
        };
        let mut squares = [0u8; 4];
        let mut n = 0;
        let mut capture = false;
        let mut promotion = None;
        let mut i = 0;
        while i < rest.len() {
            match rest[i] {
                c @ (b'a'..=b'h' | b'1'..=b'8') => {
                    *squares.get_mut(n)? = c;
                    n += 1;
                }
                b'x' => capture = true,
                b'=' => {
                    let [c] = rest[i + 1..] else { return None };
                    let role = letters.role_of(c.to_ascii_uppercase() as char)?;
                    if matches!(role, Role::King | Role::Pawn) {
                        return None;
                    }
                    promotion = Some(role);
                    break;
                }
                _ => return None,
            }
            i += 1;
        }
        // The lenient reader takes a last file letter for a promotion piece (`e7e8b`).
        if n < 2 || (promotion.is_none() && n >= 3 && squares[n - 1].is_ascii_lowercase()) {
            return None;
        }
        let to = Square::parse_prefix(&squares[n - 2..n])?;
        let (from_file, from_rank) = match squares[..n - 2] {
            [] => (None, None),
            [c] if c.is_ascii_digit() => (None, Some(Rank::from_char(c as char)?)),
            [c] => (Some(File::from_char(c as char)?), None),
            [f, r] if !f.is_ascii_digit() && r.is_ascii_digit() => (
                Some(File::from_char(f as char)?),
                Some(Rank::from_char(r as char)?),
            ),
            _ => return None,
        };
        Some(San::Normal {
            piece,
            from_file,
            from_rank,
            capture,
            to,
            promotion,
            suffix,
        })
    }

    /// Every spelling [`San::parse`] accepts, and the errors.
    fn parse_lenient(text: &str, letters: Letters) -> Result<San, SanError> {
        let err = |problem| SanError {
            text: text.to_string(),
            fen: String::new(),
            problem,
        };
        // Annotations and the e.p. mark carry nothing the position does not say.
        let mut s: Vec<char> = text
            .trim()
            .chars()
            .filter(|c| !matches!(c, '\u{fe0e}' | '\u{fe0f}'))
            .collect();
        let mut suffix = None;
        loop {
            let tail: String = s.iter().rev().take(4).rev().collect();
            let tail_lower = tail.to_ascii_lowercase();
            if let Some(last) = s.last().copied() {
                match last {
                    '!' | '?' | '‼' | '⁇' | '⁈' | '⁉' | ' ' => {
                        s.pop();
                        continue;
                    }
                    '+' => {
                        s.pop();
                        if suffix.is_none() {
                            suffix = Some(Suffix::Check);
                        }
                        continue;
                    }
                    '#' | '‡' => {
                        s.pop();
                        suffix = Some(Suffix::Mate);
                        continue;
                    }
                    _ => {}
                }
            }
            if tail_lower.ends_with("e.p.") || tail_lower.ends_with("a.p.") {
                s.truncate(s.len() - 4);
                continue;
            }
            // `ep` without points, after the square or a space (App. C.9: `exd6 ep`).
            if (tail_lower.ends_with("ep") || tail_lower.ends_with("ap"))
                && s.len() > 2
                && (s[s.len() - 3] == ' ' || s[s.len() - 3].is_ascii_digit())
            {
                s.truncate(s.len() - 2);
                continue;
            }
            break;
        }
        if s.is_empty() {
            return Err(err(SanProblem::Empty));
        }

        // Castling, with letter O or digit zero (App. C.13).
        let castle: String = s
            .iter()
            .map(|c| match c {
                'O' | 'o' | '0' => '0',
                c => *c,
            })
            .collect();
        match castle.as_str() {
            "0-0" | "00" => {
                return Ok(San::Castle {
                    side: CastleSide::King,
                    suffix,
                });
            }
            "0-0-0" | "000" => {
                return Ok(San::Castle {
                    side: CastleSide::Queen,
                    suffix,
                });
            }
            _ => {}
        }

        // Piece letter (upper case, so that `b` stays a file).
        let mut i = 0;
        let mut role = Role::Pawn;
        let mut explicit_role = false;
        if let Some(r) = s.first().and_then(|&c| {
            if c.is_ascii_lowercase() {
                None
            } else {
                letters.role_of(c)
            }
        }) {
            role = r;
            explicit_role = true;
            i = 1;
        }

        // The rest: [file][rank][-x:][file rank] [promotion].
        let mut squares: Vec<char> = Vec::new();
        let mut capture = false;
        let mut promo_chars: Vec<char> = Vec::new();
        let mut in_promo = false;
        for &c in &s[i..] {
            if in_promo {
                promo_chars.push(c);
                continue;
            }
            match c {
                'a'..='h' | '1'..='8' => squares.push(c),
                'x' | 'X' | ':' | '×' => capture = true,
                '-' | '–' => {}
                '=' | '(' | '/' => in_promo = true,
                _ => {
                    // A promotion letter straight after the destination (e8Q, e8D, e7e8q).
                    if squares.len() >= 2 && squares.last().is_some_and(|c| c.is_ascii_digit()) {
                        in_promo = true;
                        promo_chars.push(c);
                    } else {
                        return Err(err(SanProblem::UnexpectedChar(c)));
                    }
                }
            }
        }
        // A lower-case promotion letter that is also a file (e7e8b) ends up among the squares.
        if promo_chars.is_empty()
            && squares.len() >= 3
            && squares.last().is_some_and(|c| c.is_ascii_lowercase())
        {
            if let Some(c) = squares.pop() {
                promo_chars.push(c);
            }
        }
        let promotion = {
            let p: Vec<char> = promo_chars.into_iter().filter(|c| *c != ')').collect();
            match p.as_slice() {
                [] => None,
                [c] => {
                    let r = letters
                        .role_of(c.to_ascii_uppercase())
                        .or_else(|| figurine_role(*c))
                        .ok_or_else(|| err(SanProblem::UnexpectedChar(*c)))?;
                    if matches!(r, Role::King | Role::Pawn) {
                        return Err(err(SanProblem::BadPromotion(r)));
                    }
                    Some(r)
                }
                [c, ..] => return Err(err(SanProblem::UnexpectedChar(*c))),
            }
        };

        let n = squares.len();
        if n < 2 {
            return Err(err(SanProblem::Syntax));
        }
        let to = Square::parse_prefix(&[squares[n - 2] as u8, squares[n - 1] as u8])
            .ok_or_else(|| err(SanProblem::Syntax))?;
        let (from_file, from_rank) = match &squares[..n - 2] {
            [] => (None, None),
            [c] if c.is_ascii_digit() => (None, Rank::from_char(*c)),
            [c] => (File::from_char(*c), None),
            [f, r] if !f.is_ascii_digit() && r.is_ascii_digit() => {
                (File::from_char(*f), Rank::from_char(*r))
            }
            _ => return Err(err(SanProblem::Syntax)),
        };
        Ok(San::Normal {
            piece: explicit_role.then_some(role),
            from_file,
            from_rank,
            capture,
            to,
            promotion,
            suffix,
        })
    }

    /// The legal move this notation describes in `pos`.
    pub fn to_move(&self, pos: &Position) -> Result<Move, SanError> {
        match self.resolve_fast(pos) {
            Some(mv) => Ok(mv),
            None => self.resolve(pos),
        }
    }

    /// The common case of [`San::to_move`] without generating every move: the piece's
    /// origins are found by looking back from the target square along its lines
    /// ([`Position::legal_origins`], each one tested for the king's safety), then narrowed by
    /// the disambiguation written. `Some` only when exactly one legal move fits and its
    /// promotion piece is the one written; every other case (castling, en passant, long
    /// notation without a piece letter, no move or several, a promotion problem) is left
    /// to [`San::resolve`], which finds the same move or the same error.
    fn resolve_fast(&self, pos: &Position) -> Option<Move> {
        let San::Normal {
            piece,
            from_file,
            from_rank,
            to,
            promotion,
            ..
        } = *self
        else {
            return None;
        };
        if piece.is_none() && from_file.is_some() && from_rank.is_some() {
            return None;
        }
        let role = piece.unwrap_or(Role::Pawn);
        let mut origins = pos.legal_origins(role, to)?;
        if let Some(f) = from_file {
            origins &= Bitboard::file(f);
        }
        if let Some(r) = from_rank {
            origins &= Bitboard::rank(r);
        }
        the_move(origins, role, to, promotion)
    }

    /// [`San::to_move`] by the move generator: every legal move is compared with the
    /// notation, which also says what is wrong when none or several fit.
    fn resolve(&self, pos: &Position) -> Result<Move, SanError> {
        let err = |problem| SanError {
            text: self.to_string(),
            fen: pos.to_fen(),
            problem,
        };
        match *self {
            San::Castle { side, .. } => {
                let mut found = None;
                pos.generate_moves(|pm| {
                    if pm.role == Role::King {
                        found = pm
                            .into_iter()
                            .find(|m| m.is_castle() && m.castle_side() == Some(side));
                    }
                    found.is_some()
                });
                found.ok_or_else(|| err(SanProblem::NoMatch))
            }
            San::Normal {
                piece,
                from_file,
                from_rank,
                to,
                promotion,
                ..
            } => {
                let any_role = piece.is_none() && from_file.is_some() && from_rank.is_some();
                let role = piece.unwrap_or(Role::Pawn);
                let mut matches: [Option<Move>; 8] = [None; 8];
                let mut count = 0;
                let mut promo_issue = None;
                pos.generate_moves(|pm| {
                    // Chess960 castling is written O-O or O-O-O, never as a king move.
                    if pm.castling
                        || !pm.to.contains(to)
                        || (pm.role != role && !any_role)
                        || from_file.is_some_and(|f| pm.from.file() != f)
                        || from_rank.is_some_and(|r| pm.from.rank() != r)
                    {
                        return false;
                    }
                    for mv in pm {
                        if mv.to != to {
                            continue;
                        }
                        match (mv.promotion(), promotion) {
                            (Some(a), Some(b)) if a != b => continue,
                            (Some(_), None) => {
                                promo_issue = Some(SanProblem::PromotionMissing);
                                continue;
                            }
                            (None, Some(_)) => {
                                promo_issue = Some(SanProblem::PromotionUnexpected);
                                continue;
                            }
                            _ => {}
                        }
                        if count < matches.len() {
                            matches[count] = Some(mv);
                        }
                        count += 1;
                    }
                    false
                });
                match count {
                    0 => Err(err(promo_issue.unwrap_or(SanProblem::NoMatch))),
                    1 => matches[0].ok_or_else(|| err(SanProblem::NoMatch)),
                    _ => Err(err(SanProblem::Ambiguous(
                        matches.iter().flatten().copied().collect(),
                    ))),
                }
            }
        }
    }

    /// The standard algebraic notation of a legal move (short form, minimal disambiguation
    /// per App. C.10, with its check or mate mark).
    pub fn from_move(pos: &Position, mv: Move) -> San {
        let suffix = Suffix::after(pos, mv);
        if let Some(side) = mv.castle_side() {
            return San::Castle { side, suffix };
        }
        let role = pos.role_at(mv.from).unwrap_or(Role::Pawn);
        let capture = mv.is_en_passant() || pos.occupied().contains(mv.to);
        let (from_file, from_rank) = if role == Role::Pawn {
            (capture.then(|| mv.from.file()), None)
        } else if role == Role::King {
            (None, None)
        } else {
            // C.10: other pieces of the same kind that can legally reach the same square.
            let others = pos
                .legal_origins(role, mv.to)
                .unwrap_or(Bitboard::EMPTY)
                .without(mv.from);
            let same_file = (others & Bitboard::file(mv.from.file())).nonempty();
            let same_rank = (others & Bitboard::rank(mv.from.rank())).nonempty();
            if others.is_empty() {
                (None, None)
            } else if !same_file {
                (Some(mv.from.file()), None)
            } else if !same_rank {
                (None, Some(mv.from.rank()))
            } else {
                (Some(mv.from.file()), Some(mv.from.rank()))
            }
        };
        San::Normal {
            piece: (role != Role::Pawn).then_some(role),
            from_file,
            from_rank,
            capture,
            to: mv.to,
            promotion: mv.promotion(),
            suffix,
        }
    }

    /// Writes the notation. `color` picks the figurine set; long notation needs the whole
    /// departure square, so it is written by [`write_move`] instead.
    pub fn write(&self, notation: Notation, color: Color) -> String {
        let mut out = String::with_capacity(8);
        match *self {
            San::Castle { side, suffix } => {
                let o = if notation.fide { '0' } else { 'O' };
                out.push(o);
                out.push('-');
                out.push(o);
                if side == CastleSide::Queen {
                    out.push('-');
                    out.push(o);
                }
                if let Some(s) = suffix {
                    out.push_str(s.as_str());
                }
            }
            San::Normal {
                piece,
                from_file,
                from_rank,
                capture,
                to,
                promotion,
                suffix,
            } => {
                if let Some(role) = piece.filter(|r| *r != Role::Pawn) {
                    out.push_str(notation.letters.symbol(role, color));
                }
                if let Some(f) = from_file {
                    out.push(f.char());
                }
                if let Some(r) = from_rank {
                    out.push(r.char());
                }
                if capture {
                    out.push('x');
                }
                out.push(to.file().char());
                out.push(to.rank().char());
                if let Some(p) = promotion {
                    if !notation.fide {
                        out.push('=');
                    }
                    out.push_str(notation.letters.symbol(p, color));
                }
                if let Some(s) = suffix {
                    out.push_str(s.as_str());
                }
            }
        }
        out
    }
}

impl fmt::Display for San {
    /// English PGN form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.write(Notation::ENGLISH, Color::White))
    }
}

/// Writes a legal move of `pos` in `notation`.
pub fn write_move(pos: &Position, mv: Move, notation: Notation) -> String {
    let san = San::from_move(pos, mv);
    let color = pos.turn();
    if !notation.long || mv.is_castle() {
        return san.write(notation, color);
    }
    let San::Normal {
        piece,
        capture,
        promotion,
        suffix,
        ..
    } = san
    else {
        return san.write(notation, color);
    };
    let mut out = String::with_capacity(10);
    if let Some(role) = piece {
        out.push_str(notation.letters.symbol(role, color));
    }
    out.push(mv.from.file().char());
    out.push(mv.from.rank().char());
    if capture {
        out.push('x');
    } else if notation.hyphen {
        out.push('-');
    }
    out.push(mv.to.file().char());
    out.push(mv.to.rank().char());
    if let Some(p) = promotion {
        if !notation.fide {
            out.push('=');
        }
        out.push_str(notation.letters.symbol(p, color));
    }
    if let Some(s) = suffix {
        out.push_str(s.as_str());
    }
    out
}

/// Reads a move in algebraic notation (any form) and finds it among the legal moves.
#[inline]
pub fn parse_move(pos: &Position, text: &str, letters: Letters) -> Result<Move, SanError> {
    match plain_move(pos, text.as_bytes(), letters) {
        Some((mv, _)) => Ok(mv),
        None => parse_move_general(pos, text, letters),
    }
}

/// Reads a move in algebraic notation (any form), as [`parse_move`] does, and plays it on
/// `pos`, which an error leaves as it was. A plain move of a piece is played knowing the
/// piece ([`Position::play_piece`]): a replay reads and plays every move of a game, and
/// this is its whole cost per ply (inlined there: called, it costs a tenth more).
#[inline(always)]
pub fn play_move(pos: &mut Position, text: &str, letters: Letters) -> Result<Move, SanError> {
    let mv = match plain_move(pos, text.as_bytes(), letters) {
        Some((mv, role)) if !mv.is_castle() => {
            pos.play_piece(role, mv.from, mv.to, mv.promotion());
            return Ok(mv);
        }
        Some((mv, _)) => mv,
        None => parse_move_general(pos, text, letters)?,
    };
    pos.play_unchecked(mv);
    Ok(mv)
}

/// The move of a plain PGN move text, read and found in one pass over its bytes, with no
/// [`San`] and no error built: every recorded game's moves go through here, so this is the
/// whole cost of replaying one. The forms are `O-O` and `O-O-O` (or with zeros), and
/// `[piece][file][rank][x|-]file rank[=piece]` in ASCII (the promotion piece also written
/// straight after the rank, `e8Q`, `e7e8q`), then any of `+ # ! ?`; they are read from the
/// end, where the arrival square stands. The piece's origins are looked back for from the
/// arrival square ([`Position::origins`]), narrowed by the disambiguation written before
/// the king's safety is asked ([`Position::legal_among`]). `None` for anything else (other
/// spellings, en passant, a king's long move that may be castling, no legal move or
/// several, a promotion problem): [`parse_move_general`] reads those, and gives the same
/// move where this one answers. The move comes with the kind of piece that makes it (the
/// king for castling).
#[inline(always)]
fn plain_move(pos: &Position, b: &[u8], letters: Letters) -> Option<(Move, Role)> {
    let mut end = b.len();
    while end > 0 && matches!(b[end - 1], b'+' | b'#' | b'!' | b'?') {
        end -= 1;
    }
    let mut body = &b[..end];
    if let [b'O' | b'0', ..] = body {
        let side = match body {
            b"O-O" | b"0-0" => CastleSide::King,
            b"O-O-O" | b"0-0-0" => CastleSide::Queen,
            _ => return None,
        };
        return Some((pos.castle_move(side)?, Role::King));
    }
    // The promotion piece: the last letter, after `=` or straight after the rank.
    let mut promotion = None;
    if let [head @ .., before, last] = body {
        if last.is_ascii_alphabetic() && matches!(before, b'=' | b'1'..=b'8') {
            let role = letters.ascii_role(last.to_ascii_uppercase())?;
            if matches!(role, Role::King | Role::Pawn) {
                return None;
            }
            promotion = Some(role);
            body = if *before == b'=' {
                head
            } else {
                &body[..body.len() - 1]
            };
        }
    }
    let [ref head @ .., f @ b'a'..=b'h', r @ b'1'..=b'8'] = *body else {
        return None;
    };
    let to = Square::new(u32::from(r - b'1') * 8 + u32::from(f - b'a'));
    // `x` and `-` say nothing the position does not.
    let head = match head {
        [head @ .., b'x' | b'-'] => head,
        _ => head,
    };
    let (piece, disambiguation) = match *head {
        [c, ref rest @ ..] if c.is_ascii_uppercase() => (Some(letters.ascii_role(c)?), rest),
        _ => (None, head),
    };
    let file = |c: u8| Bitboard::file(File::new(u32::from(c - b'a')));
    let rank = |c: u8| Bitboard::rank(Rank::new(u32::from(c - b'1')));
    let (within, long) = match *disambiguation {
        [] => (Bitboard::FULL, false),
        [c @ b'a'..=b'h'] => (file(c), false),
        [c @ b'1'..=b'8'] => (rank(c), false),
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => (file(f) & rank(r), true),
        _ => return None,
    };
    let role = match piece {
        Some(role) => role,
        // Long notation without a letter: the piece on the departure square moves (not
        // the king, whose two-square move is castling).
        None if long => {
            let from = within.lsb();
            if !pos.by_color(pos.turn()).contains(from) {
                return None;
            }
            pos.role_at(from).filter(|&r| r != Role::King)?
        }
        None => Role::Pawn,
    };
    let origins = pos.legal_among(pos.origins(role, to)? & within, role, to);
    Some((the_move(origins, role, to, promotion)?, role))
}

/// The move a notation names once its legal origins are known: `None` unless exactly one
/// piece can make it, and unless the promotion is written exactly when a pawn reaches the
/// last rank (Art. 3.7.5).
#[inline]
fn the_move(origins: Bitboard, role: Role, to: Square, promotion: Option<Role>) -> Option<Move> {
    if origins.more_than_one() {
        return None;
    }
    let from = origins.first()?;
    let promotes = role == Role::Pawn && Bitboard::BACK_RANKS.contains(to);
    let kind = match (promotes, promotion) {
        (true, Some(r)) => MoveKind::Promotion(r),
        (false, None) => MoveKind::Normal,
        _ => return None,
    };
    Some(Move::new(from, to, kind))
}

/// [`parse_move`] for every form and every error: the notation is read into a [`San`]
/// ([`San::parse`]), then matched against the legal moves ([`San::to_move`]).
#[cold]
#[inline(never)]
fn parse_move_general(pos: &Position, text: &str, letters: Letters) -> Result<Move, SanError> {
    San::parse(text, letters)
        .map_err(|mut e| {
            e.fen = pos.to_fen();
            e
        })?
        .to_move(pos)
        .map_err(|mut e| {
            e.text = text.to_string();
            e
        })
}

impl Move {
    /// The move in standard algebraic notation, English PGN form (`Nf3`, `O-O`, `e8=Q#`).
    pub fn san(self, pos: &Position) -> String {
        write_move(pos, self, Notation::ENGLISH)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The positions of seeded random games.
    fn positions() -> Vec<Position> {
        crate::core::testing::random_positions(30, 250, 0x9e37_79b9_7f4a_7c15)
    }

    /// The disambiguation of App. C.10 by the move generator (the way `from_move` did it
    /// before it looked back from the target square).
    fn others_by_generator(pos: &Position, mv: Move, role: Role) -> Bitboard {
        let mut others = Bitboard::EMPTY;
        pos.generate_moves(|pm| {
            if pm.role == role && pm.from != mv.from && pm.to.contains(mv.to) {
                others |= pm.from;
            }
            false
        });
        others
    }

    /// App. C.8–C.13: the fast reading and writing give what the generator-based ones
    /// give, for every legal move of thousands of positions, in every set of letters and
    /// also without the disambiguation (which makes some moves ambiguous).
    #[test]
    fn app_c_fast_paths_agree_with_the_move_generator() {
        let mut fast = 0;
        for pos in positions() {
            for &mv in pos.legal_moves().iter() {
                if let Some(role) = pos
                    .role_at(mv.from)
                    .filter(|r| !matches!(r, Role::Pawn | Role::King))
                {
                    let others = pos.legal_origins(role, mv.to).map(|b| b.without(mv.from));
                    assert_eq!(others, Some(others_by_generator(&pos, mv, role)));
                }
                let san = San::from_move(&pos, mv);
                let mut bare = san;
                if let San::Normal {
                    from_file,
                    from_rank,
                    ..
                } = &mut bare
                {
                    *from_file = None;
                    *from_rank = None;
                }
                for s in [san, bare] {
                    if let Some(m) = s.resolve_fast(&pos) {
                        fast += 1;
                        assert_eq!(Ok(m), s.resolve(&pos), "{s} in {}", pos.to_fen());
                    }
                }
                assert_eq!(san.to_move(&pos), Ok(mv));
                for notation in [Notation::ENGLISH, Notation::SPANISH, Notation::FIGURINE] {
                    let text = write_move(&pos, mv, notation);
                    let lenient = San::parse_lenient(&text, notation.letters);
                    if let Some(plain) = San::parse_plain(text.as_bytes(), notation.letters) {
                        assert_eq!(Ok(plain), lenient, "{text}");
                    }
                    assert_eq!(parse_move(&pos, &text, notation.letters), Ok(mv), "{text}");
                }
            }
        }
        assert!(fast > 10_000, "{fast}");
    }

    /// App. C: the one-pass reading of plain move texts ([`plain_move`]) answers only with
    /// the move the general reading finds, for the notation of every legal move of
    /// thousands of positions in every set of letters and form, without its
    /// disambiguation, with a wrong one, with another piece letter, with every promotion
    /// spelling and piece, with marks after it, and for a list of odd texts; and it answers
    /// for the plain PGN forms.
    #[test]
    fn app_c_one_pass_reading_is_the_general_reading() {
        let odd = [
            "",
            "+",
            "O-O",
            "0-0",
            "O-O-O",
            "0-0-0",
            "O-O+",
            "OO",
            "o-o",
            "O-O-O-O",
            "Kg1",
            "Kc1",
            "Ke1g1",
            "e1g1",
            "e1c1",
            "e8=K",
            "e8=P",
            "e8=",
            "=Q",
            "e8Qx",
            "e4x",
            "xe4",
            "-e4",
            "Nx",
            "N1b",
            "Nf3b",
            "a1b2c3",
            "1e4",
            "e4=Q",
            "Pe4",
            "Xe4",
            "E4",
            "nf3",
            "Bxb",
            "exd6e.p.",
            "exd6 e.p.",
            " e4",
            "e4 ",
            "♘f3",
            "e7e8b",
            "h7h8n",
            "b7b8=R",
            "a2a1q#",
            "Qh4xe1",
            "R1a3",
            "Raa1",
            "Tf1",
            "Dd1",
            "Ab5",
            "Cc3",
            "Rd2",
        ];
        let (mut answered, mut texts) = (0, 0);
        for pos in positions().into_iter().step_by(3) {
            let mut all: Vec<String> = odd.iter().map(|t| t.to_string()).collect();
            for &mv in pos.legal_moves().iter() {
                let uci = mv.to_string();
                all.push(uci.clone());
                all.push(format!("{}-{}", &uci[..2], &uci[2..]));
                for notation in [
                    Notation::ENGLISH,
                    Notation::SPANISH,
                    Notation::LONG,
                    Notation::ENGLISH.fide(),
                    Notation::SPANISH.fide(),
                    Notation {
                        hyphen: false,
                        ..Notation::LONG
                    },
                ] {
                    let text = write_move(&pos, mv, notation);
                    for promo in ["=Q", "=N", "=q", "=D", "=K", "Q", "q", "b", "R", ""] {
                        if let Some(stem) = text.strip_suffix(promo).filter(|_| !promo.is_empty()) {
                            for other in ["=Q", "=B", "=r", "=C", "=P", "N", "n", "a", ""] {
                                all.push(format!("{stem}{other}"));
                            }
                        }
                    }
                    for marks in ["", "+", "#", "!?", "+!", "#+"] {
                        all.push(format!("{text}{marks}"));
                    }
                    let body = text.trim_end_matches(['+', '#']);
                    let to = mv.to.to_string();
                    if let Some(i) = body.find(&to) {
                        let (head, tail) = body.split_at(i);
                        let letter: String =
                            head.chars().take_while(char::is_ascii_uppercase).collect();
                        // Without the disambiguation, with a wrong one, with other letters.
                        all.push(format!("{letter}{tail}"));
                        for d in ["a", "h", "1", "8", "a1", "h8", "x"] {
                            all.push(format!("{letter}{d}{tail}"));
                        }
                        for other in ["K", "Q", "R", "B", "N", "P", "T", "D", "A", "C"] {
                            all.push(format!("{other}{}", &head[letter.len()..]) + tail);
                        }
                    }
                }
            }
            for text in &all {
                for letters in [Letters::English, Letters::Spanish, Letters::Figurine] {
                    texts += 1;
                    if let Some((mv, role)) = plain_move(&pos, text.as_bytes(), letters) {
                        answered += 1;
                        assert_eq!(
                            Ok(mv),
                            parse_move_general(&pos, text, letters),
                            "{text} {letters:?} in {}",
                            pos.to_fen()
                        );
                        assert_eq!(pos.role_at(mv.from), Some(role), "{text} {pos:?}");
                        // Played knowing the piece, it is the move played plainly.
                        let (mut read, mut plain) = (pos, pos);
                        assert_eq!(play_move(&mut read, text, letters), Ok(mv));
                        plain.play_unchecked(mv);
                        assert_eq!(read, plain, "{text} {letters:?} in {}", pos.to_fen());
                    }
                }
            }
            // The forms a PGN file holds are all read in one pass (en passant aside).
            for &mv in pos.legal_moves().iter().filter(|m| !m.is_en_passant()) {
                let text = write_move(&pos, mv, Notation::ENGLISH);
                assert_eq!(
                    plain_move(&pos, text.as_bytes(), Letters::English).map(|(mv, _)| mv),
                    Some(mv),
                    "{text} in {}",
                    pos.to_fen()
                );
            }
        }
        assert!(
            answered > 100_000 && texts > 1_000_000,
            "{answered} {texts}"
        );
    }

    /// App. C: the plain reader answers only where the lenient one gives the same move.
    #[test]
    fn app_c_plain_reading_is_the_lenient_reading() {
        let texts = [
            "e4",
            "e4+",
            "e4#",
            "e4+#",
            "e4#+",
            "e4++",
            "e4!?",
            "e4?!+",
            "e4+!",
            "Nbd7",
            "N1f3",
            "Ng1f3",
            "Ng1-f3",
            "e2e4",
            "e2-e4",
            "e7e8q",
            "e7e8b",
            "e7e8=Q",
            "e8=q",
            "e8Q",
            "e8(Q)",
            "e8/Q",
            "exd6e.p.",
            "exd6 e.p.",
            "O-O",
            "0-0-0+",
            "o-o",
            "OO",
            "000",
            "O-O-O-O",
            "Ke1",
            "Pe4",
            "Bb5",
            "bxc8=N#",
            "K",
            "",
            " ",
            "e9",
            "i4",
            "Qh4xe1",
            "R1a3",
            "Raa1",
            "xe5",
            "ex",
            "=Q",
            "e8=",
            "e8=K",
            "e8=P",
            "e8=QQ",
            "e8=X",
            " e4",
            "e4 ",
            "Ä",
            "♘f3",
            "Cf3",
            "Rxe2",
            "Te1",
            "Dh5",
            "Ae3",
            "1e4",
            "a1b2c3",
            "abc4",
            "h8=D",
            "Nx",
            "exd5x",
            "e4=Q",
            "a1a2",
            "X",
            "Bxb",
            "b1=N",
        ];
        for letters in [Letters::English, Letters::Spanish, Letters::Figurine] {
            for text in texts {
                if let Some(plain) = San::parse_plain(text.as_bytes(), letters) {
                    assert_eq!(
                        Ok(plain),
                        San::parse_lenient(text, letters),
                        "{text} {letters:?}"
                    );
                }
            }
        }
        assert!(San::parse_plain(b"Nbd7+", Letters::English).is_some());
        assert!(San::parse_plain(b"O-O-O#", Letters::English).is_some());
    }
}
