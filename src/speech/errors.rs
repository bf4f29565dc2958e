//! The errors of the laws and of the engine, said in the session's language: a time control
//! that cannot be read (the command line's `--tc`, a `TimeControl` tag), a PGN game that
//! cannot be read, an engine that fails. The errors are data (the input quoted, where, what
//! is wrong); their `Display` is English, for logs.

use crate::engine::{EngineError, OptionNote};
use crate::lang::Lang;
use crate::laws::pgn::{PgnError, PgnErrorKind};
use crate::laws::time_control::{Expect, Next, TimeControlError, TimeControlProblem, list_or};

use super::files::io_error;
use super::report;

/// `"3+x": at column 3, expected a number of seconds, found 'x'`, or in Spanish
/// `"3+x": en la columna 3, se esperaba un número de segundos y hay 'x'`.
pub fn time_control(e: &TimeControlError, lang: Lang) -> String {
    match lang {
        Lang::En => e.to_string(),
        Lang::Es => format!(
            "\"{}\": en la columna {}, {}",
            e.input,
            e.column,
            time_control_problem(&e.problem, lang)
        ),
    }
}

/// What is wrong in a time control's text, without the text.
pub fn time_control_problem(p: &TimeControlProblem, lang: Lang) -> String {
    if lang == Lang::En {
        return p.to_string();
    }
    match p {
        TimeControlProblem::Empty => "se esperaba un ritmo de juego y no hay nada (ejemplos: \
                                      15+10, 90/40+30:30+30, 3+2d, none, pgn:300+2)"
            .into(),
        TimeControlProblem::Expected { expected, found } => {
            let expected: String = match expected {
                Expect::Minutes => {
                    "un número de minutos (o de segundos con 's', como en 30s)".into()
                }
                Expect::Moves => "un número de jugadas".into(),
                Expect::Seconds => "un número de segundos".into(),
                Expect::PgnField => "un número de segundos (o jugadas/segundos)".into(),
                Expect::MinuteDigits => "las cifras de los minutos tras el '.'".into(),
                Expect::EndAfterSandclock => "el final tras el tiempo de un reloj de arena".into(),
                Expect::EndAfterSandclockSeconds => {
                    "el final tras los segundos de un reloj de arena".into()
                }
                Expect::OneOf(next) => {
                    let items: Vec<String> = next.iter().map(|n| next_words(*n)).collect();
                    list_or(&items, "o")
                }
            };
            match found {
                Some(c) => format!("se esperaba {expected} y hay '{c}'"),
                None => format!("se esperaba {expected} y el texto se acaba"),
            }
        }
        TimeControlProblem::TooLarge => "el número es demasiado grande".into(),
        TimeControlProblem::NotWholeSeconds(m) => {
            format!("{m} minutos no son un número entero de segundos")
        }
        TimeControlProblem::ZeroMoves => "un periodo necesita al menos una jugada".into(),
        TimeControlProblem::RestOfGameNotLast => "solo el último periodo puede ser para el \
                                                  resto de la partida: dé a este periodo un \
                                                  número de jugadas (como en 90/40:30)"
            .into(),
        TimeControlProblem::TwoBonuses => "un periodo tiene una sola bonificación por jugada: \
                                           un incremento o una demora, no las dos"
            .into(),
        TimeControlProblem::NoTime => "el primer periodo no da ningún tiempo".into(),
        TimeControlProblem::Unclassifiable => "un ritmo desconocido (?) no tiene modalidad".into(),
    }
}

/// What may come next in a time control, in Spanish: `'d' (demora)`, `el final`.
fn next_words(n: Next) -> String {
    match n {
        Next::Char(c) => format!("'{c}'"),
        Next::Delay(c) => format!("'{c}' (demora)"),
        Next::Bronstein(c) => format!("'{c}' (Bronstein)"),
        Next::End => "el final".into(),
    }
}

/// `game 3, line 120, column 14: unterminated comment: …`, or in Spanish
/// `partida 3, línea 120, columna 14: comentario sin cerrar: …`.
pub fn pgn(e: &PgnError, lang: Lang) -> String {
    match lang {
        Lang::En => e.to_string(),
        Lang::Es => format!(
            "partida {}, línea {}, columna {}: {}",
            e.game,
            e.line,
            e.column,
            pgn_problem(&e.kind, lang)
        ),
    }
}

/// What is wrong in a PGN game, without where.
pub fn pgn_problem(k: &PgnErrorKind, lang: Lang) -> String {
    if lang == Lang::En {
        return k.to_string();
    }
    match k {
        PgnErrorKind::UnterminatedComment(q) => {
            format!("comentario sin cerrar: la '{{' de \"{q}\" no se cierra con '}}'")
        }
        PgnErrorKind::UnterminatedTag(q) => {
            format!("etiqueta sin cerrar: la línea se acaba antes del ']' que cierra \"{q}\"")
        }
        PgnErrorKind::ExpectedTagName(q) => format!(
            "se esperaba el nombre de una etiqueta tras '[', como en [Event \"…\"], y hay \
             \"{q}\""
        ),
        PgnErrorKind::ExpectedTagValue(q) => format!(
            "se esperaba el valor de la etiqueta entre comillas tras su nombre, y hay \"{q}\""
        ),
        PgnErrorKind::UnterminatedTagValue(q) => format!(
            "valor de etiqueta sin cerrar: la línea se acaba antes de la '\"' que lo cierra en \
             \"{q}\""
        ),
        PgnErrorKind::ExpectedTagEnd(q) => {
            format!("se esperaba ']' tras el valor de la etiqueta, y hay \"{q}\"")
        }
        PgnErrorKind::UnclosedVariation(q) => {
            format!("paréntesis desparejados: este '(' no se cierra con ningún ')' (hay \"{q}\")")
        }
        PgnErrorKind::UnexpectedClose(q) => {
            format!("paréntesis desparejados: ')' sin un '(' antes (hay \"{q}\")")
        }
        PgnErrorKind::VariationWithoutMove(q) => format!(
            "una variante '(' debe seguir a la jugada de la que es alternativa (hay \"{q}\")"
        ),
        PgnErrorKind::TooDeep(n) => format!("variantes anidadas a más de {n} niveles"),
        PgnErrorKind::UnexpectedToken(q) => format!(
            "se esperaba una jugada, un número de jugada, un NAG, un comentario, una variante \
             o un resultado, y hay \"{q}\""
        ),
        PgnErrorKind::BadNag(q) => format!("se esperaba un NAG de $0 a $255, y hay \"{q}\""),
        PgnErrorKind::GameTooLong(n) => format!(
            "la partida ocupa más de {n} bytes (¿un comentario o una variante sin cerrar?); \
             se omite"
        ),
        PgnErrorKind::Io(e) => format!("error de lectura: {e}"),
        PgnErrorKind::IllegalMove { label, error, .. } => format!(
            "{label} no se puede jugar: {}",
            report::san_error(error, lang)
        ),
        PgnErrorKind::NullMove { label, .. } => format!(
            "{label} es una jugada nula, no una jugada de ajedrez: las jugadas que la siguen \
             no se comprueban"
        ),
        PgnErrorKind::Start(e) => report::start_error(e, lang),
        // A kind added later: its English words rather than none.
        #[allow(unreachable_patterns)]
        other => other.to_string(),
    }
}

/// An engine's failure, for the status line.
pub fn engine(e: &EngineError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        EngineError::NotFound { program, source } => {
            format!(
                "no se encontró el motor '{program}': {}",
                io_error(source, lang)
            )
        }
        EngineError::Spawn { program, source } => {
            format!(
                "no se pudo arrancar el motor '{program}': {}",
                io_error(source, lang)
            )
        }
        EngineError::Handshake {
            program,
            command,
            expected,
            waited_ms,
        } => format!(
            "el motor '{program}' no contestó a '{command}' con '{expected}' en {}",
            seconds(*waited_ms)
        ),
        EngineError::Died {
            program,
            status,
            last_stderr,
        } => {
            let mut s = format!("el motor '{program}' se detuvo");
            if let Some(st) = status {
                s.push_str(&format!(" ({st})"));
            }
            if let Some(e) = last_stderr {
                s.push_str(&format!("; sus últimas palabras: \"{e}\""));
            }
            s
        }
        EngineError::Unresponsive { program, waited_ms } => format!(
            "el motor '{program}' dejó de contestar tras {}",
            seconds(*waited_ms)
        ),
        EngineError::IllegalBestMove { program, text, fen } => format!(
            "el motor '{program}' contestó con la jugada '{text}', que no es legal en la \
             posición {fen}"
        ),
        EngineError::NoMove { program, text, fen } => format!(
            "el motor '{program}' no dio ninguna jugada ('bestmove {text}') en la posición {fen}"
        ),
        EngineError::NoChess960 { program } => format!(
            "el motor '{program}' no juega Ajedrez960 (no ofrece la opción UCI_Chess960): \
             juega esta partida sin él, o con un motor que lo juegue, como Stockfish"
        ),
        EngineError::IllegalMoveGiven { number, text, fen } => format!(
            "la jugada {number} ('{text}') dada al motor no es legal en la posición {fen}: no \
             se consultó al motor"
        ),
    }
}

/// `2 s`, `1.5 s` (`1,5 s` in Spanish).
fn seconds(ms: u64) -> String {
    if ms % 1000 == 0 {
        format!("{} s", ms / 1000)
    } else {
        format!("{:.1} s", ms as f64 / 1000.0).replace('.', ",")
    }
}

/// A note on the engine's options: what was skipped or adjusted.
pub fn option_note(n: &OptionNote, lang: Lang) -> String {
    match (n, lang) {
        (_, Lang::En) => n.to_string(),
        (OptionNote::NotOffered { name }, Lang::Es) => {
            format!("el motor no ofrece la opción '{name}': se omite")
        }
        (OptionNote::Clamped { name, asked, sent }, Lang::Es) => {
            format!("opción '{name}': {asked} está fuera de rango, se puso {sent}")
        }
        (OptionNote::BadValue { name, value }, Lang::Es) => {
            format!("opción '{name}': el valor '{value}' no le corresponde: se omite")
        }
    }
}
