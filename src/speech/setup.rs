//! Why a position set up from a FEN is refused, in the interface language: the typed
//! problems of `core::fen` (Art. 3.10 for a position that cannot arise by legal moves,
//! Guidelines II.3 for Chess960 castling rights) as sentences in English and Spanish. The
//! command line and the screens say these; the core's own `Display` is the English
//! wording used in error chains and logs.

use crate::core::{Color, FenError, FenField, FenProblem};
use crate::lang::Lang;

fn side(lang: Lang, color: Color) -> &'static str {
    match (lang, color) {
        (Lang::Es, Color::White) => "blancas",
        (Lang::Es, Color::Black) => "negras",
        (Lang::En, Color::White) => "White",
        (Lang::En, Color::Black) => "Black",
    }
}

fn field(lang: Lang, field: FenField) -> String {
    let (n, es, en) = match field {
        FenField::Whole => {
            return match lang {
                Lang::Es => "el FEN entero".into(),
                Lang::En => "the whole FEN".into(),
            };
        }
        FenField::Placement => (1, "posición de las piezas", "piece placement"),
        FenField::SideToMove => (2, "turno", "side to move"),
        FenField::Castling => (3, "enroques", "castling rights"),
        FenField::EnPassant => (4, "casilla al paso", "en-passant square"),
        FenField::HalfmoveClock => (5, "contador de medias jugadas", "halfmove clock"),
        FenField::FullmoveNumber => (6, "número de jugada", "fullmove number"),
    };
    match lang {
        Lang::Es => format!("campo {n} ({es})"),
        Lang::En => format!("field {n} ({en})"),
    }
}

/// What is wrong, in `lang`; `None` for a syntax problem in English, which the core's
/// message words (quoting the character, the field count) as this would. (The syntax
/// problems' arms below are Spanish only: English has returned before them.)
pub fn problem(lang: Lang, p: &FenProblem) -> Option<String> {
    use FenProblem::*;
    let es = lang == Lang::Es;
    if !es && p.is_syntax() {
        return None;
    }
    Some(match p {
        FieldCount(n) => format!(
            "{n} campos; un FEN tiene seis separados por espacios (posición, turno, enroques, \
             casilla al paso, contador de medias jugadas, número de jugada), o los cuatro \
             primeros"
        ),
        RankCount(n) => {
            format!("{n} filas; la posición tiene ocho, separadas por '/'")
        }
        RankLength { rank, squares } => format!(
            "la fila {} describe {squares} casillas en vez de 8",
            rank.char()
        ),
        PieceChar(c) => format!(
            "'{c}' no es una pieza; use K Q R B N P para las blancas, k q r b n p para las \
             negras (letras inglesas, como en todo FEN) y 1–8 para casillas vacías"
        ),
        SideToMove(t) => format!("\"{t}\" no es un bando; use w (blancas) o b (negras)"),
        CastlingChar(c) if ('a'..='h').contains(&c.to_ascii_lowercase()) => format!(
            "'{c}' es un enroque de Ajedrez960 (la columna de una torre, Shredder-FEN); en el \
             ajedrez normal use K, Q, k, q o -"
        ),
        CastlingChar(c) => format!(
            "'{c}' no es un enroque; use K, Q, k, q, la columna de una torre A–H o a–h \
             (Ajedrez960), o -"
        ),
        CastlingRepeated(c) => {
            format!("'{c}' aparece más de una vez o junto a otros enroques")
        }
        EnPassantSyntax(t) => format!("\"{t}\" no es una casilla ni -"),
        Number(t) => format!("\"{t}\" no es un número válido"),
        TooManyPawns(c, n) if es => format!(
            "{n} peones de las {}; cada bando tiene ocho como mucho",
            side(lang, *c)
        ),
        TooManyPawns(c, n) => format!("{n} {} pawns; a side has eight at most", side(lang, *c)),
        TooManyMen(c, n) if es => format!(
            "{n} trebejos de las {}; cada bando tiene dieciséis como mucho",
            side(lang, *c)
        ),
        TooManyMen(c, n) => format!("{n} {} men; a side has sixteen at most", side(lang, *c)),
        TooManyPromoted {
            color,
            promoted,
            missing_pawns,
        } if es => format!(
            "las {} tienen {promoted} piezas más que al empezar, pero solo les faltan \
             {missing_pawns} peones que hayan podido coronar",
            side(lang, *color)
        ),
        TooManyPromoted {
            color,
            promoted,
            missing_pawns,
        } => format!(
            "{} has {promoted} pieces beyond the starting ones but only {missing_pawns} pawns \
             missing that could have been promoted",
            side(lang, *color)
        ),
        TripleCheck(c, n) if es => format!(
            "el rey de las {} recibe jaque de {n} piezas; ninguna jugada da más de dos",
            side(lang, *c)
        ),
        TripleCheck(c, n) => format!(
            "the {} king is checked by {n} pieces; no move gives more than two",
            side(lang, *c)
        ),
        ImpossibleDoubleCheck(a, b) if es => {
            format!("los jaques desde {a} y {b} no pueden venir de una misma jugada")
        }
        ImpossibleDoubleCheck(a, b) => {
            format!("the checks from {a} and {b} cannot both come from one move")
        }
        ImpossiblePawnCheck(sq) if es => {
            format!("el peón de {sq} da jaque pero no ha podido llegar ahí")
        }
        ImpossiblePawnCheck(sq) => {
            format!("the pawn on {sq} gives check but cannot have moved there")
        }
        EnPassantCheck(sq) if es => format!(
            "{sq} dice que un peón acaba de avanzar dos casillas, y ese avance no puede haber \
             dado este jaque"
        ),
        EnPassantCheck(sq) => format!(
            "{sq} says a pawn has just made its double step, which cannot have given this check"
        ),
        EnPassantNoPawn(sq) if es => {
            format!(
                "{sq} está indicada pero no hay detrás el peón que acaba de avanzar dos casillas"
            )
        }
        EnPassantNoPawn(sq) => {
            format!("{sq} is given but no pawn that just made a double step stands beyond it")
        }
        EnPassantBlocked(sq) if es => {
            format!(
                "{sq} está indicada pero ella o la casilla de la que salió el peón están ocupadas"
            )
        }
        EnPassantBlocked(sq) => {
            format!("{sq} is given but it or the square the pawn came from is occupied")
        }
        EnPassantRank(sq) if es => {
            format!("{sq} no está en la fila que cruza un peón del bando que acaba de jugar")
        }
        EnPassantRank(sq) => {
            format!("{sq} is not on the rank a pawn of the side that just moved passes over")
        }
        PawnOnBackRank(sq) if es => format!("hay un peón en {sq}, en la primera o la última fila"),
        PawnOnBackRank(sq) => format!("a pawn stands on {sq}, on the first or last rank"),
        OppositeCheck(c) if es => format!(
            "el rey de las {0} está en jaque y no les toca jugar a las {0}",
            side(lang, *c)
        ),
        OppositeCheck(c) => format!(
            "the {0} king is in check although it is not {0}'s move",
            side(lang, *c)
        ),
        MissingKing(c) if es => format!("no hay rey de las {}", side(lang, *c)),
        MissingKing(c) => format!("there is no {} king", side(lang, *c)),
        TooManyKings(c, n) if es => format!(
            "hay {n} reyes de las {}; cada bando tiene uno",
            side(lang, *c)
        ),
        TooManyKings(c, n) => format!("there are {n} {} kings; each side has one", side(lang, *c)),
        CastlingWithoutKing(l) if es => {
            format!("enroque '{l}' pero el rey no está en su casilla original")
        }
        CastlingWithoutKing(l) => format!("right '{l}' but the king is not on its original square"),
        CastlingWithoutRook(l) if es => {
            format!("enroque '{l}' pero la torre no está en su casilla original")
        }
        CastlingWithoutRook(l) => format!("right '{l}' but the rook is not on its original square"),
        CastlingNotChess960(l) if es => format!(
            "enroque '{l}': la torre no está en la primera fila a ese lado del rey \
             (Directrices II.3)"
        ),
        CastlingNotChess960(l) => format!(
            "right '{l}' names a rook that is not on that side of the king on the back rank \
             (Guidelines II.3)"
        ),
    })
}

/// A refused FEN as one sentence in `lang`: the FEN quoted, the field, what is wrong, and
/// the article (Art. 3.10 for a position that cannot arise).
pub fn fen_error(lang: Lang, e: &FenError) -> String {
    let Some(what) = problem(lang, &e.problem) else {
        return e.to_string();
    };
    let article = e
        .problem
        .article()
        .map(|a| match lang {
            Lang::Es => format!(" (art. {a}: no puede darse en una partida)"),
            Lang::En => format!(" (Art. {a}: cannot arise in a game)"),
        })
        .unwrap_or_default();
    match lang {
        Lang::Es => format!(
            "FEN no válido \"{}\": {}: {what}{article}",
            e.fen,
            field(lang, e.field)
        ),
        Lang::En => format!(
            "invalid FEN \"{}\": {}: {what}{article}",
            e.fen,
            field(lang, e.field)
        ),
    }
}

/// A Chess960 start position number that is not one (`--chess960 1000`): the input
/// quoted, the range said (Guidelines II.1: the 960 positions, 518 the standard one).
pub fn chess960_number_error(lang: Lang, input: &str) -> String {
    match lang {
        Lang::Es => format!(
            "--chess960 '{input}': el número de la posición inicial de Ajedrez960 va de 0 a \
             959 (518 es la posición normal); sin número se sortea una"
        ),
        Lang::En => format!(
            "--chess960 '{input}': a Chess960 start position number is 0 to 959 (518 is the \
             standard position); without a number one is drawn at random"
        ),
    }
}

/// `--chess960` together with `--fen`: one start position only.
pub fn chess960_with_fen(lang: Lang) -> String {
    match lang {
        Lang::Es => "--chess960 y --fen no van juntos: la partida empieza en una sola posición; \
                     usa --chess960 N para una posición de Ajedrez960 o --fen para otra"
            .into(),
        Lang::En => "--chess960 and --fen do not go together: a game starts from one position; \
                     use --chess960 N for a Chess960 position or --fen for any other"
            .into(),
    }
}

/// `--notation uci` refused where a scoresheet is kept (play, replay).
pub fn uci_is_no_scoresheet(lang: Lang) -> String {
    match lang {
        Lang::Es => "--notation uci: la planilla se lleva en notación algebraica (art. 8.1, \
                     apéndice C); usa en, es, figurine o long"
            .into(),
        Lang::En => "--notation uci: a scoresheet is kept in algebraic notation (Art. 8.1, \
                     App. C); use en, es, figurine or long"
            .into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Position;

    /// A FEN that is not written as one is refused in Spanish too, the input quoted and
    /// the field named; in English in the core's words.
    #[test]
    fn a_fen_written_wrong_is_refused_in_both_languages() {
        for (fen, es, en) in [
            (
                "k7/8/8/8/8/8/8/K7 w - - 0",
                "5 campos; un FEN tiene seis",
                "5 fields",
            ),
            ("k7/8/8/8/8/8/K7 w - - 0 1", "7 filas", "7 ranks"),
            (
                "k8/8/8/8/8/8/8/K7 w - - 0 1",
                "la fila 8 describe 9 casillas",
                "rank 8 describes 9",
            ),
            (
                "k6X/8/8/8/8/8/8/K7 w - - 0 1",
                "'X' no es una pieza",
                "'X' is not a piece",
            ),
            (
                "k7/8/8/8/8/8/8/K7 x - - 0 1",
                "\"x\" no es un bando",
                "\"x\" is not a side",
            ),
            (
                "k7/8/8/8/8/8/8/K7 w Z - 0 1",
                "'Z' no es un enroque",
                "'Z' is not a castling",
            ),
            (
                "k7/8/8/8/8/8/8/K7 w KK - 0 1",
                "'K' aparece más de una vez",
                "'K' appears",
            ),
            (
                "k7/8/8/8/8/8/8/K7 w - e9 0 1",
                "\"e9\" no es una casilla",
                "\"e9\" is not a square",
            ),
            (
                "k7/8/8/8/8/8/8/K7 w - - x 1",
                "\"x\" no es un número",
                "\"x\" is not a valid",
            ),
        ] {
            let e = Position::from_fen(fen).unwrap_err();
            let s = fen_error(Lang::Es, &e);
            assert!(
                s.starts_with(&format!("FEN no válido \"{fen}\": ")) && s.contains(es),
                "{s}"
            );
            assert!(!s.contains(" is ") && !s.contains("field"), "{s}");
            let s = fen_error(Lang::En, &e);
            assert!(s.contains(en) && s.contains(fen), "{s}");
            assert_eq!(s, e.to_string());
        }
    }

    /// Art. 3.10: each refusal said in both languages, with the FEN, the field and the
    /// article.
    #[test]
    fn art_3_10_refusals_in_english_and_spanish() {
        for (fen, es, en) in [
            (
                "4k3/pppppppp/p7/8/8/8/PPPPPPPP/4K3 w - - 0 1",
                "9 peones de las negras",
                "9 Black pawns",
            ),
            (
                "rnbqkbnr/pppppppp/n7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "17 trebejos de las negras",
                "17 Black men",
            ),
            (
                "4k3/8/3N4/1B6/8/8/8/K3R3 b - - 0 1",
                "recibe jaque de 3 piezas",
                "checked by 3 pieces",
            ),
            (
                "QQQQQQQQ/QQ2k3/8/8/8/8/8/4K3 b - - 0 1",
                "9 piezas más que al empezar",
                "9 pieces beyond the starting ones",
            ),
        ] {
            let e = Position::from_fen(fen).unwrap_err();
            let s = fen_error(Lang::Es, &e);
            assert!(
                s.contains(es) && s.contains(fen) && s.contains("art. 3.10"),
                "{s}"
            );
            let s = fen_error(Lang::En, &e);
            assert!(
                s.contains(en) && s.contains(fen) && s.contains("Art. 3.10"),
                "{s}"
            );
        }
    }
}
