//! The words of the full screen's panes, for sighted readers (digits and signs allowed):
//! the block titles, whose move it is above the board, the clock pane's labels and time
//! control, the findings pane, the scoresheet's notes, the promotion box, and what is said
//! when the terminal is too small. The widgets in `ui` choose which; the words are here.

use crate::core::Color;
use crate::lang::Lang;
use crate::laws::time_control::{BonusKind, TimeClass};

/// A fixed word or two of a pane.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Word {
    /// The clock pane's block title.
    ClockTitle,
    /// The scoresheet's block title.
    ScoresheetTitle,
    /// The findings pane's block title (replay).
    FindingsTitle,
    /// The board's title once the game is over.
    GameOver,
    /// The promotion box's title.
    PromoteTo,
    /// The clock pane of a game without a clock.
    NoClock,
    /// The clocks are paused (Art. 6.11).
    Paused,
    /// The clocks have not been started.
    NotStarted,
    /// The clocks are stopped (the game is over).
    Stopped,
    /// A fallen flag (Art. 6.9).
    Flag,
    /// Under the low-time warning's threshold.
    LowTime,
    /// A control without a limit: the clock counts the time used.
    TimeUsed,
    /// The time control of a game without a limit.
    NoTimeLimit,
    /// The findings pane when there is none.
    NoIrregularities,
    /// The findings pane's "when" of a finding at the start position.
    AtStart,
    /// The scoresheet of a game with no move yet.
    NoMovesYet,
    /// Above the moves recorded after the end of the game.
    RecordedAfterEnd,
    /// Above the moves recorded from a null move on.
    RecordedFromNullMove,
}

/// The words of `w`.
pub fn word(w: Word, lang: Lang) -> &'static str {
    let (es, en) = match w {
        Word::ClockTitle => ("Reloj", "Clock"),
        Word::ScoresheetTitle => ("Planilla", "Scoresheet"),
        Word::FindingsTitle => ("Irregularidades", "Findings"),
        Word::GameOver => ("partida terminada", "game over"),
        Word::PromoteTo => ("Coronar", "Promote to"),
        Word::NoClock => ("sin reloj", "no clock"),
        Word::Paused => ("EN PAUSA", "PAUSED"),
        Word::NotStarted => ("sin empezar", "not started"),
        Word::Stopped => ("parado", "stopped"),
        Word::Flag => ("BANDERA", "FLAG"),
        Word::LowTime => ("! poco tiempo", "! low time"),
        Word::TimeUsed => ("tiempo usado", "time used"),
        Word::NoTimeLimit => ("sin límite de tiempo", "no time limit"),
        Word::NoIrregularities => ("ninguna irregularidad", "no irregularities"),
        Word::AtStart => ("inicio", "start"),
        Word::NoMovesYet => ("sin jugadas", "no moves yet"),
        Word::RecordedAfterEnd => ("anotadas tras el final:", "recorded after the end:"),
        Word::RecordedFromNullMove => (
            "anotadas desde la jugada nula:",
            "recorded from the null move on:",
        ),
    };
    lang.pick(es, en)
}

/// The board's title while the game goes on: "juegan las blancas", "White to move".
pub fn to_move(turn: Color, lang: Lang) -> &'static str {
    match (turn, lang) {
        (Color::White, Lang::Es) => "juegan las blancas",
        (Color::Black, Lang::Es) => "juegan las negras",
        (Color::White, Lang::En) => "White to move",
        (Color::Black, Lang::En) => "Black to move",
    }
}

/// The letter for a side where the board's figurines are not drawn (ASCII): `B`/`N` in
/// Spanish (blancas, negras), `W`/`B` in English.
pub fn side_letter(color: Color, lang: Lang) -> &'static str {
    match (color, lang) {
        (Color::White, Lang::Es) => "B",
        (Color::Black, Lang::Es) => "N",
        (Color::White, Lang::En) => "W",
        (Color::Black, Lang::En) => "B",
    }
}

/// `periodo 2`, `period 2`.
pub fn period(n: usize, lang: Lang) -> String {
    format!("{} {n}", lang.pick("periodo", "period"))
}

/// `12 jugadas al control`, `12 moves to control`.
pub fn moves_to_control(n: u32, lang: Lang) -> String {
    match lang {
        Lang::Es => format!("{n} jugadas al control"),
        Lang::En => format!("{n} moves to control"),
    }
}

/// The per-move bonus of `s` seconds: `+30 s por jugada`, `+30s increment`, `demora 5 s` …
pub fn bonus(kind: BonusKind, s: u32, lang: Lang) -> String {
    match (kind, lang) {
        (BonusKind::Increment, Lang::Es) => format!("+{s} s por jugada"),
        (BonusKind::Increment, Lang::En) => format!("+{s}s increment"),
        (BonusKind::Delay, Lang::Es) => format!("demora {s} s"),
        (BonusKind::Delay, Lang::En) => format!("{s}s delay"),
        (BonusKind::Bronstein, Lang::Es) => format!("Bronstein {s} s"),
        (BonusKind::Bronstein, Lang::En) => format!("{s}s Bronstein delay"),
    }
}

/// Tenths of a second as a countdown shows them: `4,2 s`, `4.2s`.
pub fn tenths(tenths: u64, lang: Lang) -> String {
    match lang {
        Lang::Es => format!("{},{} s", tenths / 10, tenths % 10),
        Lang::En => format!("{}.{}s", tenths / 10, tenths % 10),
    }
}

/// The class of a time control (blitz, rapid, standard: App. A, B, Glossary).
pub fn time_class(class: TimeClass, lang: Lang) -> &'static str {
    match (class, lang) {
        (TimeClass::Blitz, _) => "blitz",
        (TimeClass::Rapid, Lang::Es) => "rápidas",
        (TimeClass::Rapid, Lang::En) => "rapid",
        (TimeClass::Standard, Lang::Es) => "estándar",
        (TimeClass::Standard, Lang::En) => "standard",
    }
}

/// When a finding is: "tras 6." (after White's sixth move), "tras 6..." (after Black's),
/// "inicio" at the start.
pub fn after_ply(ply: usize, lang: Lang) -> String {
    if ply == 0 {
        return word(Word::AtStart, lang).to_string();
    }
    let n = ply.div_ceil(2);
    let dots = if ply % 2 == 1 { "." } else { "..." };
    format!("{} {n}{dots}", lang.pick("tras", "after"))
}

/// The terminal is `width`×`height`, and the screen needs `min_width`×`min_height`.
pub fn too_small(width: u16, height: u16, min_width: u16, min_height: u16, lang: Lang) -> String {
    match lang {
        Lang::Es => format!(
            "La terminal mide {width}×{height}: escaque necesita al menos \
             {min_width}×{min_height}. Agrande la ventana o reduzca la letra."
        ),
        Lang::En => format!(
            "The terminal is {width}×{height}: escaque needs at least \
             {min_width}×{min_height}. Enlarge the window or make the font smaller."
        ),
    }
}
