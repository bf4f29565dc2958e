//! The words of the batch commands (`adjudicate`, `pgn check`, `pgn convert`) around the
//! games: the summary at the end, the progress bar's count, `pgn check`'s line per game,
//! a game `pgn convert` cannot read, and why an input could not be read to its end (which
//! file, at which byte, what is wrong), in English and Spanish.

use super::files::io_error;
use super::report;
use crate::lang::Lang;
use crate::laws::arbiter::FindingKind;
use crate::laws::check::{CheckError, CheckReport};
use crate::laws::pgn::PgnError;
use crate::laws::pgn::archive::{Compression, InputError, Problem};

/// The figures of a summary, as `adjudicate` counted them.
pub struct SummaryFigures<'a> {
    pub games: usize,
    /// Games whose `Result` tag and the Laws disagree.
    pub disagreements: usize,
    /// Findings by kind, every kind with at least one.
    pub findings: &'a [(FindingKind, usize)],
    /// Games by result by the Laws: `1-0`, `0-1`, `1/2-1/2`, `*` (none: unfinished or
    /// unreadable), every one of the four.
    pub results: &'a [(&'a str, usize)],
    /// Games by the article of their result by the Laws, in the order of the Laws.
    pub articles: &'a [(&'a str, usize)],
}

fn plural<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}

/// The summary: two lines (without the last line break), the totals and findings by kind,
/// then the games by result and by article.
pub fn summary(lang: Lang, f: &SummaryFigures) -> String {
    let none = lang.pick("ninguno", "none");
    let list = |items: Vec<String>| {
        if items.is_empty() {
            none.to_string()
        } else {
            items.join(", ")
        }
    };
    let kinds = list(
        f.findings
            .iter()
            .map(|(k, n)| format!("{} {n}", report::kind_label(*k, lang)))
            .collect(),
    );
    let results = list(f.results.iter().map(|(r, n)| format!("{r} {n}")).collect());
    let articles = list(
        f.articles
            .iter()
            .map(|(a, n)| format!("{} {a} {n}", lang.pick("art.", "Art.")))
            .collect(),
    );
    let (n, d) = (f.games, f.disagreements);
    match lang {
        Lang::Es => format!(
            "{n} {}, {d} con resultado discrepante; hallazgos: {kinds}\n\
             según las Leyes: {results}; por artículo: {articles}",
            plural(n, "partida", "partidas")
        ),
        Lang::En => format!(
            "{n} {}, {d} {} with {} result tag; findings: {kinds}\n\
             by the Laws: {results}; by article: {articles}",
            plural(n, "game", "games"),
            plural(d, "disagrees", "disagree"),
            plural(n, "its", "their")
        ),
    }
}

/// `pgn check`'s line for one game: the players and the recorded result, the plies, whether
/// every move is legal (the reader's words for the first that is not), how the final
/// position stands, and the result by the Laws with its article. (The JSON form is
/// `CheckReport::json`, with no words.)
pub fn check_line(lang: Lang, r: &CheckReport) -> String {
    let es = lang == Lang::Es;
    let mut s = format!(
        "{} {} {}: {} - {}, {}, {} {}",
        r.file.as_deref().unwrap_or("-"),
        lang.pick("partida", "game"),
        r.game,
        r.white,
        r.black,
        r.result,
        r.plies,
        match (es, r.plies == 1) {
            (true, true) => "media jugada",
            (true, false) => "medias jugadas",
            (false, _) => "plies",
        }
    );
    match &r.error {
        Some(e) => {
            let e = match e {
                CheckError::Record(e) => super::errors::pgn(e, lang),
                CheckError::Start(e) => report::start_error(e, lang),
            };
            s.push_str(&format!(", {}: {e}", lang.pick("NO LEGAL", "NOT LEGAL")));
        }
        // The same word in both languages.
        None => s.push_str(", legal"),
    }
    let status: Vec<&str> = [
        (r.checkmate, "jaque mate", "checkmate"),
        (r.stalemate, "ahogado", "stalemate"),
        (r.dead_position, "posición muerta", "dead position"),
        (
            r.fivefold_at_end,
            "quíntuple repetición",
            "fivefold repetition",
        ),
        (r.seventyfive_move_at_end, "75 jugadas", "75 moves"),
        (
            r.threefold_claimable_at_end,
            "triple repetición reclamable",
            "threefold claimable",
        ),
        (
            r.fifty_move_claimable_at_end,
            "50 jugadas reclamable",
            "50 moves claimable",
        ),
    ]
    .into_iter()
    .filter(|(on, ..)| *on)
    .map(|(_, es, en)| lang.pick(es, en))
    .collect();
    if !status.is_empty() {
        s.push_str(&format!(
            "; {}: {}",
            lang.pick("posición final", "final position"),
            status.join(", ")
        ));
    }
    s.push_str(&format!(
        "; {} {}",
        lang.pick("según las Leyes", "by the Laws"),
        r.result_by_laws
    ));
    if let Some(a) = &r.article {
        s.push_str(&format!(" ({} {a})", lang.pick("art.", "Art.")));
    }
    s
}

/// A game `pgn convert` could not read (the file, then where and what): it is left out.
pub fn convert_error(lang: Lang, path: &str, e: &PgnError) -> String {
    format!("{path}: {}", super::errors::pgn(e, lang))
}

/// The progress bar's words after the bar: the share read when the size is known, the
/// games done, and the megabytes read (of the compressed file, when it is).
pub fn progress(lang: Lang, percent: Option<u64>, games: usize, megabytes: u64) -> String {
    let games = format!("{games} {}", lang.pick("partidas", "games"));
    match percent {
        Some(p) => format!("{p:3}% {games}"),
        None => format!("{megabytes} MB, {games}"),
    }
}

/// The input's name in a sentence: the path, or standard input.
fn input_name(lang: Lang, path: &str) -> String {
    if path == crate::laws::pgn::archive::STDIN {
        lang.pick("la entrada estándar", "standard input")
            .to_string()
    } else {
        path.to_string()
    }
}

/// The compression's name in a sentence.
fn format_name(lang: Lang, c: Compression) -> &'static str {
    match c {
        Compression::Plain => lang.pick("sin comprimir", "uncompressed"),
        c => c.name(),
    }
}

/// Why an input could not be read to its end: the file, the byte offset (compressed, when
/// it is) and what is wrong, and how many games before it were reported.
pub fn input_error(lang: Lang, e: &InputError) -> String {
    let name = input_name(lang, &e.path);
    let es = lang == Lang::Es;
    let format = format_name(lang, e.compression);
    let at = e.offset.unwrap_or(0);
    let what = match &e.problem {
        Problem::Open(err) if es => {
            return format!("no se puede leer {name}: {}", io_error(err, lang));
        }
        Problem::Open(err) => return format!("cannot read {name}: {err}"),
        Problem::Directory if es => {
            return format!("no se puede leer {name}: es una carpeta, no un fichero PGN");
        }
        Problem::Directory => {
            return format!("cannot read {name}: it is a directory, not a PGN file");
        }
        Problem::NotCompressed(c) if es => {
            return format!(
                "no se puede leer {name}: su nombre dice {0}, pero no empieza por la firma de \
                 {0}; si es un PGN sin comprimir, quítele la extensión",
                c.name()
            );
        }
        Problem::NotCompressed(c) => {
            return format!(
                "cannot read {name}: its name says {0}, but it does not start with the {0} \
                 signature; if it is an uncompressed PGN file, rename it",
                c.name()
            );
        }
        Problem::Truncated if es => format!(
            "los datos {format} se acaban en el byte {at} a mitad de un bloque: el fichero está \
             truncado (incompleto)"
        ),
        Problem::Truncated => format!(
            "the {format} data ends at byte {at} in the middle of a block: the file is \
             truncated (cut short)"
        ),
        Problem::Corrupt(why) if es => format!(
            "los datos {format} están dañados: el descompresor se detuvo en el byte comprimido \
             {at} ({why})"
        ),
        Problem::Corrupt(why) => {
            format!(
                "the {format} data is damaged: the decoder stopped at compressed byte {at} ({why})"
            )
        }
        Problem::Read(err) if es => {
            format!("error de lectura en el byte {at}: {}", io_error(err, lang))
        }
        Problem::Read(err) => format!("read error at byte {at}: {err}"),
    };
    let games = e.games;
    let before = match lang {
        Lang::Es => format!(
            "{} {games} {}",
            plural(games, "se ha dado la", "se han dado las"),
            plural(games, "partida anterior", "partidas anteriores")
        ),
        Lang::En => format!(
            "the {games} {} before it {} been reported",
            plural(games, "game", "games"),
            plural(games, "has", "have")
        ),
    };
    format!("{name}: {what}; {before}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(problem: Problem, games: usize) -> InputError {
        InputError {
            path: "jan.pgn.zst".into(),
            compression: Compression::Zstd,
            offset: Some(1234),
            games,
            problem,
        }
    }

    #[test]
    fn input_errors_name_the_file_the_byte_and_the_damage_in_both_languages() {
        let e = error(Problem::Truncated, 2);
        assert_eq!(
            input_error(Lang::En, &e),
            "jan.pgn.zst: the zstd data ends at byte 1234 in the middle of a block: the file \
             is truncated (cut short); the 2 games before it have been reported"
        );
        assert_eq!(
            input_error(Lang::Es, &e),
            "jan.pgn.zst: los datos zstd se acaban en el byte 1234 a mitad de un bloque: el \
             fichero está truncado (incompleto); se han dado las 2 partidas anteriores"
        );
        let e = error(Problem::Corrupt("Data corruption detected".into()), 1);
        assert_eq!(
            input_error(Lang::En, &e),
            "jan.pgn.zst: the zstd data is damaged: the decoder stopped at compressed byte \
             1234 (Data corruption detected); the 1 game before it has been reported"
        );
        assert!(input_error(Lang::Es, &e).ends_with("se ha dado la 1 partida anterior"));
        let mut e = error(Problem::Read(std::io::Error::from_raw_os_error(9)), 0);
        e.path = "-".into();
        assert!(
            input_error(Lang::En, &e).starts_with("standard input: read error at byte 1234: "),
            "{}",
            input_error(Lang::En, &e)
        );
        assert!(input_error(Lang::Es, &e).starts_with("la entrada estándar: error de lectura"));
    }

    #[test]
    fn a_checked_game_is_one_line_in_both_languages() {
        let r = CheckReport {
            file: Some("a.pgn".into()),
            game: 2,
            white: "Ana".into(),
            black: "Bea".into(),
            result: "1-0".into(),
            plies: 4,
            moves_legal: true,
            first_illegal_ply: None,
            error: None,
            final_fen: String::new(),
            checkmate: true,
            stalemate: false,
            dead_position: false,
            threefold_claimable_at_end: false,
            fivefold_at_end: false,
            fifty_move_claimable_at_end: false,
            seventyfive_move_at_end: false,
            first_threefold_ply: None,
            first_fivefold_ply: None,
            first_75move_ply: None,
            result_by_laws: "0-1",
            article: Some("5.1.1"),
        };
        assert_eq!(
            check_line(Lang::En, &r),
            "a.pgn game 2: Ana - Bea, 1-0, 4 plies, legal; final position: checkmate; by the \
             Laws 0-1 (Art. 5.1.1)"
        );
        assert_eq!(
            check_line(Lang::Es, &r),
            "a.pgn partida 2: Ana - Bea, 1-0, 4 medias jugadas, legal; posición final: jaque \
             mate; según las Leyes 0-1 (art. 5.1.1)"
        );
    }

    #[test]
    fn the_summary_counts_results_and_articles_in_both_languages() {
        let f = SummaryFigures {
            games: 3,
            disagreements: 1,
            findings: &[(FindingKind::Checkmate, 1), (FindingKind::FlagFall, 1)],
            results: &[("1-0", 0), ("0-1", 1), ("1/2-1/2", 2), ("*", 0)],
            articles: &[("5.1.1", 1), ("6.9", 1)],
        };
        assert_eq!(
            summary(Lang::En, &f),
            "3 games, 1 disagrees with their result tag; findings: checkmate 1, flag fall 1\n\
             by the Laws: 1-0 0, 0-1 1, 1/2-1/2 2, * 0; by article: Art. 5.1.1 1, Art. 6.9 1"
        );
        assert_eq!(
            summary(Lang::Es, &f),
            "3 partidas, 1 con resultado discrepante; hallazgos: jaque mate 1, caída de \
             bandera 1\nsegún las Leyes: 1-0 0, 0-1 1, 1/2-1/2 2, * 0; por artículo: art. 5.1.1 \
             1, art. 6.9 1"
        );
    }
}
