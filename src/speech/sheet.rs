//! The scoresheet's notes under a move, as the full screen writes them: a draw offer
//! (`=`), a claim and what became of it (`!`, 9.2, 9.3, 9.5.3), a penalty's time, and the
//! result line with its article. Written for sighted readers, in notation and digits.

use crate::core::Color;
use crate::lang::Lang;
use crate::laws::{Article, ClaimKind, GameResult, Outcome};

use super::report;

/// "White"/"Black" (`subject`) or "White"/"Black" as an object; in Spanish "las blancas".
fn side(color: Color, lang: Lang, subject: bool) -> &'static str {
    match (lang, color, subject) {
        (Lang::En, Color::White, _) => "White",
        (Lang::En, Color::Black, _) => "Black",
        (Lang::Es, Color::White, true) => "Las blancas",
        (Lang::Es, Color::Black, true) => "Las negras",
        (Lang::Es, Color::White, false) => "las blancas",
        (Lang::Es, Color::Black, false) => "las negras",
    }
}

/// `= White offers a draw`.
pub fn offer(by: Color, lang: Lang) -> String {
    match lang {
        Lang::Es => format!("= {} ofrecen tablas", side(by, lang, true)),
        Lang::En => format!("= {} offers a draw", side(by, lang, true)),
    }
}

/// `! White claims a draw with Nf3: upheld, threefold repetition`, or rejected (9.5.3).
/// `with` is the written move of the claim (9.2.1, 9.3.1), in the screen's notation.
pub fn claim(by: Color, with: Option<&str>, upheld: Option<ClaimKind>, lang: Lang) -> String {
    let who = side(by, lang, true);
    let with = with
        .map(|text| format!(" {} {text}", lang.pick("con", "with")))
        .unwrap_or_default();
    let verdict = match upheld {
        Some(kind) => format!(
            "{}, {}",
            lang.pick("correcta", "upheld"),
            match (kind, lang) {
                (ClaimKind::Threefold, Lang::Es) => "triple repetición",
                (ClaimKind::Threefold, Lang::En) => "threefold repetition",
                (ClaimKind::FiftyMoves, Lang::Es) => "cincuenta jugadas",
                (ClaimKind::FiftyMoves, Lang::En) => "fifty moves",
            }
        ),
        None => format!("{} (Art. 9.5.3)", lang.pick("incorrecta", "rejected")),
    };
    match lang {
        Lang::Es => format!("! {who} reclaman tablas{with}: {verdict}"),
        Lang::En => format!("! {who} claims a draw{with}: {verdict}"),
    }
}

/// `! +1 min to Black (Art. 9.5.3)`: time added to `to`'s clock by a penalty.
pub fn penalty(seconds: u32, to: Color, article: Article, lang: Lang) -> String {
    let time = if seconds % 60 == 0 {
        format!("{} min", seconds / 60)
    } else {
        format!("{seconds} s")
    };
    match lang {
        Lang::Es => format!("! +{time} a {} ({article})", side(to, lang, false)),
        Lang::En => format!("! +{time} to {} ({article})", side(to, lang, false)),
    }
}

/// The result in words with its article: `1-0 White wins: checkmate (Art. 5.1.1)`,
/// `1/2-1/2 Tablas: cae la bandera, pero el rival no puede dar mate (Art. 6.9)`.
pub fn result(outcome: Outcome, lang: Lang) -> String {
    let who = match (outcome.result, lang) {
        (GameResult::WhiteWins, Lang::En) => "White wins",
        (GameResult::BlackWins, Lang::En) => "Black wins",
        (GameResult::Draw, Lang::En) => "Draw",
        (GameResult::WhiteWins, Lang::Es) => "Ganan las blancas",
        (GameResult::BlackWins, Lang::Es) => "Ganan las negras",
        (GameResult::Draw, Lang::Es) => "Tablas",
    };
    format!(
        "{} {who}: {} ({})",
        outcome.result.pgn(),
        report::termination(outcome.termination, lang),
        outcome.article
    )
}
