//! The arbiter's replay, screen and line mode: what it says about where it is, the clocks,
//! the decisions taken and the files saved. The findings themselves are
//! [`super::report`]'s.

use std::path::Path;

use crate::lang::Lang;
use crate::laws::arbiter::{Decision, DecisionError, Review};

use super::files::io_error;
use super::numbers;
use super::report;

/// One thing the replay says.
#[derive(Clone, Copy, Debug)]
pub enum ReplaySay<'a> {
    /// `n` decisions not saved, on the full screen's quit prompt (short: 80 columns).
    QuitUnsavedScreen { n: usize },
    /// `n` decisions not saved, in the line mode (save, or quit again).
    QuitUnsavedLine { n: usize },
    /// The game has no ply `ply`; it has `last`.
    NoSuchPly { ply: usize, last: usize },
    /// The start position, then whose move it is (`turn`, already said).
    StartPosition { turn: &'a str },
    /// The start of a move said in words: "move twelve, Black: {what}".
    Numbered {
        number: u32,
        side: &'a str,
        what: &'a str,
    },
    /// What a null move is called.
    NullMove,
    /// A move that could not be played, as the record has it.
    AsRecorded { san: &'a str },
    /// No clock readings at this ply.
    NoClockReadings,
    /// A clock the record does not give.
    ClockUnknown,
    /// Both clocks, each already said ("White five minutes").
    Clocks { white: &'a str, black: &'a str },
    /// The findings list when there is none.
    NoIrregularities,
    /// A decision recorded at ply `at`.
    DecisionRecorded { at: usize, decision: &'a Decision },
    /// A decision refused.
    DecisionRefused(&'a DecisionError),
    /// No input file to save beside.
    NothingToSaveBeside,
    /// A file could not be written.
    CouldNotWrite {
        path: &'a Path,
        error: &'a std::io::Error,
    },
    /// The report and the decided game saved.
    Saved { report: &'a Path, decided: &'a Path },
    /// The screen's opening line: `findings` findings, then what is said at the start.
    ScreenIntro { findings: usize, then: &'a str },
    /// A jump that is not a number.
    TypePlyNumber { text: &'a str },
    /// The help overlay's title.
    HelpTitle,
    /// Stepping past the last ply.
    LastPly,
    /// Stepping back from the start.
    AtStart,
    /// No finding after (`true`) or before the ply shown.
    NoFindingThatWay { forward: bool },
    /// The decision asked for was not recorded.
    Cancelled,
    /// The quit question was put away.
    BackToReplay,
    /// A key that is not a command of the replay.
    NotForReplay,
    /// The line mode read a line that is not UTF-8.
    NotUtf8,
    /// The line mode's input ended.
    EndOfInput,
    /// The screen's command line, before what is typed: a decision, or a ply to go to.
    LinePrompt { decision: bool },
}

/// The sentence of `s` in `lang`.
pub fn say(s: ReplaySay, lang: Lang) -> String {
    let es = lang == Lang::Es;
    match s {
        ReplaySay::QuitUnsavedScreen { n } => {
            if es {
                format!(
                    "{n} decisión(es) sin guardar: s guarda y sale, n sale sin guardar, Esc sigue"
                )
            } else {
                format!(
                    "{n} decision(s) not saved: y save and quit, n quit without saving, Esc stay"
                )
            }
        }
        ReplaySay::QuitUnsavedLine { n } => {
            if es {
                format!(
                    "{n} decisión(es) sin guardar: escriba guardar, o salir otra vez para salir \
                     sin guardarlas."
                )
            } else {
                format!(
                    "{n} decision(s) not saved: type save, or quit again to leave without them."
                )
            }
        }
        ReplaySay::NoSuchPly { ply, last } => {
            if es {
                format!("No hay jugada {ply}: la partida tiene {last} jugadas.")
            } else {
                format!("There is no ply {ply}: the game has {last} plies.")
            }
        }
        ReplaySay::StartPosition { turn } => {
            if es {
                format!("Posición inicial. {turn}")
            } else {
                format!("The start position. {turn}")
            }
        }
        ReplaySay::Numbered { number, side, what } => format!(
            "{} {}, {side}: {what}",
            lang.pick("jugada", "move"),
            numbers::number(number as u64, lang)
        ),
        ReplaySay::NullMove => lang.pick("jugada nula", "null move").into(),
        ReplaySay::AsRecorded { san } => {
            if es {
                format!("{san}, tal como está anotada")
            } else {
                format!("{san}, as recorded")
            }
        }
        ReplaySay::NoClockReadings => lang
            .pick(
                "El registro no tiene los relojes en esta jugada.",
                "The record has no clock readings at this ply.",
            )
            .into(),
        ReplaySay::ClockUnknown => lang.pick("sin dato", "unknown").into(),
        ReplaySay::Clocks { white, black } => {
            if es {
                format!("Relojes: {white}; {black}.")
            } else {
                format!("Clocks: {white}; {black}.")
            }
        }
        ReplaySay::NoIrregularities => lang
            .pick("Ninguna irregularidad.", "No irregularities.")
            .into(),
        ReplaySay::DecisionRecorded { at, decision } => {
            let what = report::decision(decision, lang);
            let art = report::art(decision.article(), lang);
            if es {
                format!("Decisión anotada en la jugada {at}: {what} ({art}).")
            } else {
                format!("Decision recorded at ply {at}: {what} ({art}).")
            }
        }
        ReplaySay::DecisionRefused(e) => match (e, lang) {
            (DecisionError::NoSuchPly { ply, plies }, Lang::Es) => {
                format!("la jugada {ply} no está en esta partida (tiene {plies} jugadas)")
            }
            (DecisionError::RestoreAfterDecision { restore, at }, Lang::Es) => format!(
                "la posición que se restablece (tras la jugada {restore}) tiene que ser anterior \
                 a la decisión (jugada {at})"
            ),
            (e, Lang::En) => e.to_string(),
        },
        ReplaySay::NothingToSaveBeside => lang
            .pick(
                "No hay fichero de entrada junto al que guardar.",
                "There is no input file to save beside.",
            )
            .into(),
        ReplaySay::CouldNotWrite { path, error } => {
            if es {
                format!(
                    "No se pudo escribir {}: {}",
                    path.display(),
                    io_error(error, lang)
                )
            } else {
                format!("Could not write {}: {error}", path.display())
            }
        }
        ReplaySay::Saved { report, decided } => {
            if es {
                format!(
                    "Informe guardado en {} y partida con las decisiones en {}.",
                    report.display(),
                    decided.display()
                )
            } else {
                format!(
                    "Report saved in {} and the game with the decisions in {}.",
                    report.display(),
                    decided.display()
                )
            }
        }
        ReplaySay::ScreenIntro { findings, then } => {
            if es {
                format!("Repaso del árbitro: {findings} hallazgos. Tab lleva al siguiente. {then}")
            } else {
                format!("Arbiter's replay: {findings} findings. Tab goes to the next. {then}")
            }
        }
        ReplaySay::TypePlyNumber { text } => {
            if es {
                format!("«{text}»: escriba un número de jugada")
            } else {
                format!("\"{text}\": type a ply number")
            }
        }
        ReplaySay::HelpTitle => lang.pick("Ayuda del repaso", "Replay help").into(),
        ReplaySay::LastPly => lang
            .pick(
                "Es la última jugada de la partida.",
                "This is the last ply of the game.",
            )
            .into(),
        ReplaySay::AtStart => lang
            .pick("Es la posición inicial.", "This is the start position.")
            .into(),
        ReplaySay::NoFindingThatWay { forward: true } => lang
            .pick(
                "No hay más hallazgos después de esta jugada.",
                "There are no more findings after this ply.",
            )
            .into(),
        ReplaySay::NoFindingThatWay { forward: false } => lang
            .pick(
                "No hay hallazgos antes de esta jugada.",
                "There are no findings before this ply.",
            )
            .into(),
        ReplaySay::Cancelled => lang.pick("Cancelado.", "Cancelled.").into(),
        ReplaySay::BackToReplay => lang.pick("Sigue el repaso.", "Back to the replay.").into(),
        ReplaySay::NotForReplay => lang
            .pick(
                "Esa orden no sirve en el repaso.",
                "That command is not for the replay.",
            )
            .into(),
        ReplaySay::NotUtf8 => lang
            .pick(
                "Esa línea no es texto UTF-8; se ignora.",
                "That line is not UTF-8 text; it is ignored.",
            )
            .into(),
        // The same words as the play line mode's.
        ReplaySay::EndOfInput => {
            super::Speaker::new(super::Profile::En, lang).screen(super::screens::Say::EndOfInput)
        }
        ReplaySay::LinePrompt { decision: true } => lang.pick("Decisión: ", "Decision: ").into(),
        ReplaySay::LinePrompt { decision: false } => {
            lang.pick("Ir a la jugada: ", "Go to ply: ").into()
        }
    }
}

/// The replay screen's title: the game's number, the recorded result and the Laws'
/// verdict, then the players and the time control. The verdict comes before the players
/// because a narrow screen cuts the title's end: at 80 columns the players' names (which
/// the clock pane shows too) took the row and left "por las L…" of the verdict.
pub fn title(r: &Review, lang: Lang) -> String {
    let mut s = format!(
        "{} {}  ·  {} {}, {} {}  ·  {} – {}",
        lang.pick("Partida", "Game"),
        r.index,
        r.result_tag(),
        lang.pick("anotado", "recorded"),
        lang.pick("por las Leyes", "by the Laws"),
        report::verdict(r, lang),
        r.tag("White").unwrap_or("?"),
        r.tag("Black").unwrap_or("?")
    );
    if let Some(tc) = &r.time_control {
        s.push_str(&format!("  ·  {tc}"));
    }
    s
}

/// The line mode's opening sentence: the game, the players, the recorded result and the
/// Laws' (`verdict`, already said in words), how many findings.
pub fn line_intro(r: &Review, lang: Lang, recorded: &str, verdict: &str) -> String {
    let game = numbers::number(r.index as u64, lang);
    let findings = numbers::count(
        r.findings.len() as u64,
        lang,
        ("hallazgo", "hallazgos", numbers::Gender::Masculine),
        ("finding", "findings"),
    );
    let mut c = findings.chars();
    let findings: String = match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    };
    let (white, black) = (r.tag("White").unwrap_or("?"), r.tag("Black").unwrap_or("?"));
    if lang == Lang::Es {
        format!(
            "escaque, repaso del árbitro. Partida {game}: {white} contra {black}. Resultado \
             anotado: {recorded}; por las Leyes: {verdict}. {findings}. Escriba ayuda para la \
             lista de órdenes."
        )
    } else {
        format!(
            "escaque, arbiter's replay. Game {game}: {white} against {black}. Recorded result: \
             {recorded}; by the Laws: {verdict}. {findings}. Type help for the list of \
             commands."
        )
    }
}

/// The list of commands of the replay line mode.
pub fn line_help(lang: Lang) -> String {
    match lang {
        Lang::Es => "Órdenes: siguiente (o línea vacía); atrás; primera; última; jugada N; \
            hallazgo (el siguiente); hallazgos (todos); tablero; reloj; dónde; \
            decidir restablecer [JUGADA]; decidir sanción blancas|negras [SEGUNDOS]; \
            decidir relojes [BLANCAS NEGRAS]; decidir resultado 1-0|0-1|1/2 ARTÍCULO; \
            informe; guardar; salir."
            .into(),
        Lang::En => "Commands: next (or an empty line); back; first; last; ply N; finding \
            (the next one); findings (all); board; clock; where; decide restore [PLY]; \
            decide penalty white|black [SECONDS]; decide clocks [WHITE BLACK]; decide \
            result 1-0|0-1|1/2 ARTICLE; report; save; quit."
            .into(),
    }
}
