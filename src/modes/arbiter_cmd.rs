//! The arbiter's commands at a shared game's screen (`escaque serve`, the arbiter seat),
//! typed on the command line of the full screen or as a line of the line mode, in English
//! or Spanish:
//!
//! | command | Spanish | decision |
//! |---|---|---|
//! | `pause` | `pausa` | 6.11.1: stop the clocks |
//! | `resume` | `reanudar` | 6.12: start them again |
//! | `warn white` | `aviso blancas` | 12.9.1: a warning |
//! | `bonus white 120` | `bonificar blancas 120` | 12.9.2: seconds added to White's clock (Black is the offender) |
//! | `deduct black 60` | `descontar negras 60` | 12.9.3: seconds taken from Black's clock |
//! | `clocks 5:00 4:30` | `relojes 5:00 4:30` | 6.10: both clocks set (White's first) |
//! | `restore 12` | `restaurar 12` | 7.1: the position after ply 12 reinstated |
//! | `lose white` | `pierde blancas` | 12.9.6: the game declared lost by White |

use crate::core::Color;
use crate::lang::Lang;
use crate::laws::irregularity::{ArbiterAction, ArbiterPenalty};

use crate::table::session::Request;

/// The words that start an arbiter's command.
const WORDS: &[&str] = &[
    "pause",
    "pausa",
    "resume",
    "reanudar",
    "warn",
    "aviso",
    "bonus",
    "bonificar",
    "deduct",
    "descontar",
    "clocks",
    "relojes",
    "restore",
    "restaurar",
    "lose",
    "pierde",
];

/// The request an arbiter's line asks for; `None` when the line is not an arbiter's
/// command (a move, a query); an error that quotes the line and says what is wrong.
pub fn parse(text: &str, lang: Lang) -> Option<Result<Request, String>> {
    let lower = text.trim().trim_start_matches(':').to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let first = *words.first()?;
    if !WORDS.contains(&first) {
        return None;
    }
    let usage = |es: &str, en: &str| -> String {
        match lang {
            Lang::Es => format!("«{}»: {es}", text.trim()),
            Lang::En => format!("\"{}\": {en}", text.trim()),
        }
    };
    let color = |i: usize| -> Result<Color, String> {
        match words.get(i).copied() {
            Some("white" | "blancas" | "blanco" | "w") => Ok(Color::White),
            Some("black" | "negras" | "negro" | "n") => Ok(Color::Black),
            // "b": blancas in Spanish, black in English.
            Some("b") if lang == Lang::Es => Ok(Color::White),
            Some("b") => Ok(Color::Black),
            _ => Err(usage(
                "falta el color: blancas o negras",
                "the colour is missing: white or black",
            )),
        }
    };
    let seconds = |i: usize| -> Result<u32, String> {
        match words.get(i).map(|w| w.parse::<u32>()) {
            Some(Ok(s)) if (1..=3600).contains(&s) => Ok(s),
            _ => Err(usage(
                "faltan los segundos (de 1 a 3600)",
                "the seconds are missing (1 to 3600)",
            )),
        }
    };
    let penalty = |to: Color, penalty: ArbiterPenalty| {
        Request::Arbiter(ArbiterAction::Penalty { to, penalty })
    };
    Some((|| match first {
        "pause" | "pausa" => Ok(Request::Pause),
        "resume" | "reanudar" => Ok(Request::Resume),
        "warn" | "aviso" => Ok(penalty(color(1)?, ArbiterPenalty::Warning)),
        // 12.9.2 names the offender: the time goes to the other player.
        "bonus" | "bonificar" => {
            let to = color(1)?;
            Ok(penalty(
                !to,
                ArbiterPenalty::TimeToOpponent {
                    seconds: seconds(2)?,
                },
            ))
        }
        "deduct" | "descontar" => Ok(penalty(
            color(1)?,
            ArbiterPenalty::TimeFromOffender {
                seconds: seconds(2)?,
            },
        )),
        "lose" | "pierde" => Ok(penalty(color(1)?, ArbiterPenalty::Loss)),
        "restore" | "restaurar" => match words.get(1).map(|w| w.parse::<usize>()) {
            Some(Ok(ply)) => Ok(Request::Arbiter(ArbiterAction::PositionRestored { ply })),
            _ => Err(usage(
                "falta la jugada (medio movimiento) a restaurar",
                "the ply to restore is missing",
            )),
        },
        _ => {
            let time = |i: usize| -> Result<u64, String> {
                words.get(i).and_then(|w| parse_clock(w)).ok_or_else(|| {
                    usage(
                        "faltan los dos tiempos, como 5:00 4:30",
                        "both times are missing, as in 5:00 4:30",
                    )
                })
            };
            Ok(Request::Arbiter(ArbiterAction::ClocksSet {
                white_ms: time(1)?,
                black_ms: time(2)?,
            }))
        }
    })())
}

/// `M:SS`, `H:MM:SS` or seconds, in milliseconds.
fn parse_clock(text: &str) -> Option<u64> {
    let mut total: u64 = 0;
    let parts: Vec<&str> = text.split(':').collect();
    if parts.len() > 3 {
        return None;
    }
    for (i, p) in parts.iter().enumerate() {
        let n: u64 = p.parse().ok()?;
        if i > 0 && n >= 60 {
            return None;
        }
        total = total.checked_mul(60)?.checked_add(n)?;
    }
    (total <= 24 * 3600).then_some(total * 1000)
}

/// The help line of the arbiter's commands.
pub fn help(lang: Lang) -> &'static str {
    lang.pick(
        "Árbitro: pausa; reanudar; aviso blancas; bonificar blancas 120; descontar negras 60; \
         relojes 5:00 4:30; restaurar 12; pierde negras.",
        "Arbiter: pause; resume; warn white; bonus white 120; deduct black 60; \
         clocks 5:00 4:30; restore 12; lose black.",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn art_12_9_arbiter_commands_in_both_languages() {
        let p = |s: &str| parse(s, Lang::En).unwrap().unwrap();
        assert_eq!(p("pause"), Request::Pause);
        assert_eq!(
            parse("reanudar", Lang::Es).unwrap().unwrap(),
            Request::Resume
        );
        assert_eq!(
            p("warn black"),
            Request::Arbiter(ArbiterAction::Penalty {
                to: Color::Black,
                penalty: ArbiterPenalty::Warning
            })
        );
        // 12.9.2: two minutes to White's clock, Black is the offender.
        assert_eq!(
            parse("bonificar blancas 120", Lang::Es).unwrap().unwrap(),
            Request::Arbiter(ArbiterAction::Penalty {
                to: Color::Black,
                penalty: ArbiterPenalty::TimeToOpponent { seconds: 120 }
            })
        );
        assert_eq!(
            p("clocks 5:00 1:02:03"),
            Request::Arbiter(ArbiterAction::ClocksSet {
                white_ms: 300_000,
                black_ms: 3_723_000
            })
        );
        assert_eq!(
            p("lose white"),
            Request::Arbiter(ArbiterAction::Penalty {
                to: Color::White,
                penalty: ArbiterPenalty::Loss
            })
        );
        assert!(parse("e4", Lang::En).is_none());
        assert!(parse("Nf3", Lang::En).is_none());
    }

    #[test]
    fn bad_arbiter_commands_quote_the_input() {
        let e = parse("bonus white lots", Lang::En).unwrap().unwrap_err();
        assert_eq!(
            e,
            "\"bonus white lots\": the seconds are missing (1 to 3600)"
        );
        let e = parse("aviso", Lang::Es).unwrap().unwrap_err();
        assert_eq!(e, "«aviso»: falta el color: blancas o negras");
        assert!(parse("clocks 5:99 1:00", Lang::En).unwrap().is_err());
    }
}
