//! Moves, results and articles in words.

use crate::core::{CastleSide, Color, Move, MoveKind, Position, Role, San, Square};
use crate::lang::Lang;
use crate::laws::{Article, GameResult, Outcome, Termination};

use super::Speaker;
use super::numbers::number;

/// The connecting words of a move in one language.
pub(crate) struct Connectors {
    pub to: &'static str,
    pub takes: &'static str,
    pub promotes: &'static str,
    pub en_passant: &'static str,
    pub check: &'static str,
    pub mate: &'static str,
    pub stalemate: &'static str,
}

pub(crate) const CONNECTORS_ES: Connectors = Connectors {
    to: "a",
    takes: "toma",
    promotes: "corona",
    en_passant: "al paso",
    check: "jaque",
    mate: "jaque mate",
    stalemate: "ahogado",
};

pub(crate) const CONNECTORS_EN: Connectors = Connectors {
    to: "to",
    takes: "takes",
    promotes: "promotes to",
    en_passant: "en passant",
    check: "check",
    mate: "checkmate",
    stalemate: "stalemate",
};

pub(crate) fn connectors(lang: Lang) -> &'static Connectors {
    match lang {
        Lang::Es => &CONNECTORS_ES,
        Lang::En => &CONNECTORS_EN,
    }
}

/// A result said aloud: "ganan blancas", "tablas", "White wins", "draw"; `None` (a game
/// the record or the Laws leave without one, `*`): "sin resultado", "no result".
pub fn result_words(result: Option<GameResult>, lang: Lang) -> &'static str {
    match result {
        Some(GameResult::WhiteWins) => lang.pick("ganan blancas", "White wins"),
        Some(GameResult::BlackWins) => lang.pick("ganan negras", "Black wins"),
        Some(GameResult::Draw) => lang.pick("tablas", "draw"),
        None => lang.pick("sin resultado", "no result"),
    }
}

/// An article in words: "artículo nueve punto dos", "article six point nine"; the appendices
/// ("apéndice A, artículo tres") and the Guidelines ("directrices tres, artículo cinco") too.
pub fn article_words(article: Article, lang: Lang) -> String {
    let text = article.number();
    let mut parts = text.split('.');
    let head = parts.next().unwrap_or("");
    let rest: Vec<&str> = parts.collect();
    let digits = |parts: &[&str]| -> String {
        parts
            .iter()
            .map(|p| match p.parse::<u64>() {
                Ok(n) => number(n, lang),
                Err(_) => spell(p, lang),
            })
            .collect::<Vec<_>>()
            .join(lang.pick(" punto ", " point "))
    };
    if head.chars().all(|c| c.is_ascii_digit()) && !head.is_empty() {
        let all: Vec<&str> = text.split('.').collect();
        return format!("{} {}", lang.pick("artículo", "article"), digits(&all));
    }
    let (kind, name) = match head {
        // The classes of time control are defined in the Glossary, not in an article.
        "Glossary" => return lang.pick("el glosario", "the Glossary").to_string(),
        "I" => (lang.pick("directrices", "guidelines"), number(1, lang)),
        "II" => (lang.pick("directrices", "guidelines"), number(2, lang)),
        "III" => (lang.pick("directrices", "guidelines"), number(3, lang)),
        "IV" => (lang.pick("directrices", "guidelines"), number(4, lang)),
        letter => (lang.pick("apéndice", "appendix"), spell(letter, lang)),
    };
    if rest.is_empty() {
        format!("{kind} {name}")
    } else {
        format!(
            "{kind} {name}, {} {}",
            lang.pick("artículo", "article"),
            digits(&rest)
        )
    }
}

/// The letters of an appendix, spaced so that an engine spells them ("A", "B").
fn spell(letters: &str, _lang: Lang) -> String {
    letters
        .chars()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a move did on the board, for its description.
pub(crate) fn captured_role(pos: &Position, mv: Move) -> Option<Role> {
    match mv.kind {
        MoveKind::EnPassant => Some(Role::Pawn),
        MoveKind::Castle => None,
        _ => pos.role_at(mv.to),
    }
}

/// The state the move leaves: check, mate, stalemate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum After {
    Nothing,
    Check,
    Mate,
    Stalemate,
}

pub(crate) fn after_move(pos: &Position, mv: Move) -> After {
    let mut next = *pos;
    next.play_unchecked(mv);
    let check = next.is_check();
    let moves = next.has_legal_moves();
    match (check, moves) {
        (true, true) => After::Check,
        (true, false) => After::Mate,
        (false, false) => After::Stalemate,
        (false, true) => After::Nothing,
    }
}

impl Speaker {
    /// A legal move of `pos` in words: the piece, its origin when needed (or always, by the
    /// setting), what it captures, where it goes, en passant, castling, the promotion piece,
    /// check, checkmate, stalemate. "Caballo Gustavo uno a Félix tres", "peón Eva toma peón
    /// David cinco", "enroque corto", "peón David siete a David ocho, corona Dama, jaque".
    pub fn describe_move(&self, pos: &Position, mv: Move) -> String {
        if let Some(notation) = self.written {
            return crate::core::write_move(pos, mv, notation);
        }
        let c = connectors(self.move_lang());
        let p = self.profile;
        let mut out = String::with_capacity(48);
        if let Some(side) = mv.castle_side() {
            out.push_str(p.castling(side));
        } else {
            let role = pos.role_at(mv.from).unwrap_or(Role::Pawn);
            let captured = captured_role(pos, mv);
            out.push_str(p.role(role));
            // The origin: the whole square when asked for and for promotions; otherwise what
            // SAN gives (the file of a capturing pawn, the file, rank or square that tells two
            // pieces apart).
            let origin = if self.always_origin || mv.promotion().is_some() {
                Some(p.square(mv.from))
            } else {
                match San::from_move(pos, mv) {
                    San::Normal {
                        from_file,
                        from_rank,
                        ..
                    } => match (from_file, from_rank) {
                        (Some(f), Some(r)) => Some(format!("{} {}", p.file(f), p.rank(r))),
                        (Some(f), None) => Some(p.file(f).to_string()),
                        (None, Some(r)) => Some(p.rank(r).to_string()),
                        (None, None) => None,
                    },
                    San::Castle { .. } => None,
                }
            };
            if let Some(o) = &origin {
                out.push(' ');
                out.push_str(o);
            }
            match captured {
                Some(victim) => {
                    out.push(' ');
                    out.push_str(c.takes);
                    out.push(' ');
                    out.push_str(p.role(victim));
                }
                None if origin.is_some() => {
                    out.push(' ');
                    out.push_str(c.to);
                }
                None => {}
            }
            out.push(' ');
            out.push_str(&p.square(mv.to));
            if mv.is_en_passant() {
                out.push(' ');
                out.push_str(c.en_passant);
            }
            if let Some(promo) = mv.promotion() {
                out.push_str(", ");
                out.push_str(c.promotes);
                out.push(' ');
                out.push_str(p.role(promo));
            }
        }
        match after_move(pos, mv) {
            After::Nothing => {}
            After::Check => {
                out.push_str(", ");
                out.push_str(c.check);
            }
            After::Mate => {
                out.push_str(", ");
                out.push_str(c.mate);
            }
            After::Stalemate => {
                out.push_str(", ");
                out.push_str(c.stalemate);
            }
        }
        out
    }

    /// A move with its number and side: "jugada uno, blancas: peón Eva cuatro", "move one,
    /// Black: pawn Eva five". `number` is the move number (the position's full-move number,
    /// [`Position::fullmove_number`], for the move about to be played from `pos`).
    pub fn numbered_move(&self, number: u32, color: Color, pos: &Position, mv: Move) -> String {
        if self.written.is_some() {
            // As a scoresheet writes it: "2. e4", "2… Nc6".
            let dots = match color {
                Color::White => ".",
                Color::Black => "…",
            };
            return format!("{number}{dots} {}", self.describe_move(pos, mv));
        }
        format!(
            "{} {}, {}: {}",
            self.t("jugada", "move"),
            super::numbers::number(number as u64, self.lang),
            self.side(color),
            self.describe_move(pos, mv)
        )
    }

    /// A move given by its squares alone, when the position before it is not at hand.
    pub(crate) fn bare_move(&self, mv: Move) -> String {
        if self.written.is_some() {
            return mv.uci().to_string();
        }
        let c = connectors(self.move_lang());
        let mut s = format!("{} {} {}", self.square(mv.from), c.to, self.square(mv.to));
        if let Some(promo) = mv.promotion() {
            s.push_str(&format!(", {} {}", c.promotes, self.profile.role(promo)));
        }
        s
    }

    /// An article in the interface language.
    pub fn article(&self, article: Article) -> String {
        if self.written.is_some() {
            // "Art. 5.1.1": the same abbreviation in both languages.
            return article.to_string();
        }
        article_words(article, self.lang)
    }

    /// A result: "ganan blancas", "tablas", "White wins", "draw".
    pub fn result(&self, result: GameResult) -> String {
        result_words(Some(result), self.lang).to_string()
    }

    /// How a game ended, with the reason and the article: "Fin de la partida. Jaque mate:
    /// ganan negras, artículo cinco punto uno punto uno."
    pub fn outcome(&self, outcome: &Outcome) -> String {
        let loser = outcome.result.winner().map(|w| self.side(!w));
        let loser_cap = outcome.result.winner().map(|w| self.side_cap(!w));
        let cannot = self.t(
            "el rival no puede dar mate con ninguna serie de jugadas legales",
            "the opponent cannot checkmate by any series of legal moves",
        );
        let reason = match outcome.termination {
            Termination::Checkmate => self.t("Jaque mate", "Checkmate").to_string(),
            Termination::Resignation => match self.lang {
                Lang::Es => format!("Abandonan {}", loser.unwrap_or("")),
                Lang::En => format!("{} resigns", loser_cap.unwrap_or("")),
            },
            Termination::ResignationOpponentCannotMate => {
                format!("{}, {cannot}", self.t("Abandono, pero", "Resignation, but"))
            }
            Termination::Stalemate => self.t("Rey ahogado", "Stalemate").to_string(),
            Termination::DeadPosition => self
                .t(
                    "Posición muerta: ningún jugador puede dar mate",
                    "Dead position: neither player can checkmate",
                )
                .to_string(),
            Termination::Agreement => self.t("Acuerdo mutuo", "Agreement").to_string(),
            Termination::ThreefoldWritten | Termination::ThreefoldOccurred => self
                .t(
                    "Triple repetición de la posición, reclamada",
                    "Threefold repetition, claimed",
                )
                .to_string(),
            Termination::FiftyMovesWritten | Termination::FiftyMovesOccurred => self
                .t(
                    "Regla de las cincuenta jugadas, reclamada",
                    "Fifty-move rule, claimed",
                )
                .to_string(),
            Termination::FivefoldRepetition => self
                .t(
                    "Quíntuple repetición de la posición",
                    "Fivefold repetition of the position",
                )
                .to_string(),
            Termination::SeventyFiveMoves => self
                .t(
                    "Setenta y cinco jugadas de cada jugador sin mover peón ni capturar",
                    "Seventy-five moves by each player without a pawn move or a capture",
                )
                .to_string(),
            Termination::FlagFall => match self.lang {
                Lang::Es => format!("Cayó la bandera de {}", loser.unwrap_or("")),
                Lang::En => format!("{}'s flag fell", loser_cap.unwrap_or("")),
            },
            Termination::FlagFallOpponentCannotMate => {
                format!(
                    "{} {cannot}",
                    self.t("Cayó la bandera, pero", "The flag fell, but")
                )
            }
            Termination::IllegalMoves => match self.lang {
                Lang::Es => format!("Segunda jugada ilegal de {}", loser.unwrap_or("")),
                Lang::En => format!("Second illegal move by {}", loser_cap.unwrap_or("")),
            },
            Termination::IllegalMovesOpponentCannotMate => format!(
                "{} {cannot}",
                self.t("Segunda jugada ilegal, pero", "Second illegal move, but")
            ),
            Termination::BothFlagsLastPeriod => self
                .t(
                    "Cayeron las dos banderas en el último periodo",
                    "Both flags fell in the last period",
                )
                .to_string(),
            Termination::IllegalPositionDraw => self
                .t(
                    "La posición ilegal seguía en el tablero tras la jugada siguiente",
                    "The illegal position was still on the board after the next move",
                )
                .to_string(),
            Termination::SettledBeforeResumption => self
                .t(
                    "Resultado acordado antes de la reanudación",
                    "Settled before the resumption",
                )
                .to_string(),
            Termination::SealedMoveDefective => self
                .t(
                    "La jugada secreta era ambigua, confusa o ilegal",
                    "The sealed move was ambiguous, unclear or illegal",
                )
                .to_string(),
            Termination::DefaultAtResumption => match self.lang {
                Lang::Es => format!(
                    "Incomparecencia de {} a la reanudación",
                    loser.unwrap_or("")
                ),
                Lang::En => format!("{} absent at the resumption", loser_cap.unwrap_or("")),
            },
            Termination::ArbiterDecision => match self.lang {
                Lang::Es => format!(
                    "El árbitro da la partida por perdida a {}",
                    loser.unwrap_or("")
                ),
                Lang::En => format!(
                    "The arbiter declares the game lost by {}",
                    loser_cap.unwrap_or("")
                ),
            },
        };
        format!(
            "{} {reason}: {}, {}.",
            self.t("Fin de la partida.", "Game over."),
            self.result(outcome.result),
            self.article(outcome.article)
        )
    }

    /// The name of castling on a side in this profile.
    pub fn castling(&self, side: CastleSide) -> &'static str {
        self.profile.castling(side)
    }

    /// "Caballo", "Knight", "Springer".
    pub fn role(&self, role: Role) -> &'static str {
        self.profile.role(role)
    }

    /// A piece on a square: "Caballo blanco en Félix tres" / "white Knight on Felix three".
    pub fn piece_on(&self, color: Color, role: Role, sq: Square) -> String {
        format!(
            "{} {} {}",
            self.colored_piece(color, role),
            self.t("en", "on"),
            self.square(sq)
        )
    }
}
