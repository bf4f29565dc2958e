//! The words of files that cannot be used: an input that cannot be opened, the config,
//! a theme or the config's keys that say something wrong (the file, the line, the column,
//! the key and what is wrong), a replay's game that is not in its file, the output that
//! cannot be written. In English and Spanish; the errors are data defined below `speech`
//! (`toml_file`, `action`), or their fields are passed one by one.

use crate::fsutil::SystemError;
use crate::lang::Lang;
use crate::toml_file::{ConfigProblem, FileName, ThemeProblem, TomlFileError, TomlProblem};

use super::keys;
use super::parse::or_list;

/// A failure of the system (a file, the terminal, the network) in `lang`: in English the
/// system's own words (`No such file or directory (os error 2)`); in Spanish a phrase for
/// the common kinds (`no existe (error 2 del sistema)`), a library's own words quoted after
/// it, and the system's words for the rare kinds.
pub fn io_error(error: &std::io::Error, lang: Lang) -> String {
    system_error(&error.into(), lang)
}

/// [`io_error`] of a failure kept as data.
pub fn system_error(e: &SystemError, lang: Lang) -> String {
    let phrase = match lang {
        Lang::En => None,
        Lang::Es => kind_es(e.kind),
    };
    match (phrase, e.code) {
        (None, _) => e.text.clone(),
        (Some(phrase), Some(code)) => format!("{phrase} (error {code} del sistema)"),
        // An error made from its kind alone says the kind's own words.
        (Some(phrase), None) if e.text == e.kind.to_string() => phrase.to_string(),
        (Some(phrase), None) => format!("{phrase} («{}»)", e.text),
    }
}

/// The Spanish of an error's kind, for the kinds a user meets.
fn kind_es(kind: std::io::ErrorKind) -> Option<&'static str> {
    use std::io::ErrorKind as K;
    Some(match kind {
        K::NotFound => "no existe",
        K::PermissionDenied => "permiso denegado",
        K::AlreadyExists => "ya existe",
        K::IsADirectory => "es una carpeta",
        K::NotADirectory => "una parte de la ruta no es una carpeta",
        K::DirectoryNotEmpty => "la carpeta no está vacía",
        K::ReadOnlyFilesystem => "el sistema de ficheros es de solo lectura",
        K::StorageFull => "no queda espacio en el disco",
        K::FileTooLarge => "el fichero es demasiado grande",
        K::ResourceBusy => "el recurso está ocupado",
        K::InvalidData => "los datos no son válidos",
        K::UnexpectedEof => "los datos se acaban antes de tiempo",
        K::Interrupted => "la operación se interrumpió",
        K::BrokenPipe => "la tubería se cerró (el otro extremo dejó de leer)",
        K::WriteZero => "no se pudo escribir nada",
        K::TimedOut => "se agotó el tiempo de espera",
        K::AddrInUse => "la dirección ya está en uso",
        K::AddrNotAvailable => "la dirección no está disponible en esta máquina",
        K::ConnectionRefused => "conexión rechazada",
        K::ConnectionReset => "el otro extremo cortó la conexión",
        K::ConnectionAborted => "la conexión se interrumpió",
        K::NotConnected => "no hay conexión",
        K::Unsupported => "no se admite en este sistema",
        K::OutOfMemory => "no queda memoria",
        _ => return None,
    })
}

/// `cannot read games.pgn: No such file or directory (os error 2)`, or in Spanish
/// `no se puede leer games.pgn: no existe (error 2 del sistema)`.
pub fn cannot_read(lang: Lang, path: &str, error: &std::io::Error) -> String {
    let error = io_error(error, lang);
    match lang {
        Lang::Es => format!("no se puede leer {path}: {error}"),
        Lang::En => format!("cannot read {path}: {error}"),
    }
}

/// The output (standard output, a pipe) could not be written.
pub fn cannot_write_output(lang: Lang, error: &std::io::Error) -> String {
    let error = io_error(error, lang);
    match lang {
        Lang::Es => format!("no se pudo escribir la salida: {error}"),
        Lang::En => format!("could not write the output: {error}"),
    }
}

/// The terminal failed (it could not be set up, read or drawn on).
pub fn terminal(lang: Lang, error: &std::io::Error) -> String {
    let error = io_error(error, lang);
    match lang {
        Lang::Es => format!("el terminal falló: {error}"),
        Lang::En => format!("terminal: {error}"),
    }
}

/// `--game N` beyond the games of the file.
pub fn no_such_game(lang: Lang, path: &str, games: usize, asked: usize) -> String {
    match lang {
        Lang::Es => format!(
            "{path} tiene {games} {}: no hay partida {asked} (--game cuenta desde 1)",
            if games == 1 { "partida" } else { "partidas" }
        ),
        Lang::En => {
            format!("{path} has {games} game(s): there is no game {asked} (--game counts from 1)")
        }
    }
}

/// No home directory for escaque's files, and `variable` not set either.
pub fn no_home(lang: Lang, variable: &str) -> String {
    match lang {
        Lang::Es => format!(
            "no se encuentra una carpeta personal para los ficheros de escaque: defina HOME, o \
             defina {variable} con la ruta que se ha de usar"
        ),
        Lang::En => format!(
            "cannot find a home directory for escaque's files: set HOME, or set {variable} to \
             the path to use"
        ),
    }
}

/// A file's name in a sentence: the path, or a theme's name.
pub fn file_name(lang: Lang, f: &FileName) -> String {
    match (f, lang) {
        (FileName::Path(p), _) => p.clone(),
        (FileName::BuiltInTheme(n), Lang::Es) => format!("el tema integrado \"{n}\""),
        (FileName::Theme(n), Lang::Es) => format!("el tema \"{n}\""),
        (f, Lang::En) => f.to_string(),
    }
}

/// `config.toml, line 3, column 8, key `keys.quit`: … (in `quit = "ctrl-ctrl-x"`)`, or in
/// Spanish `config.toml, línea 3, columna 8, clave `keys.quit`: … (en `…`)`.
pub fn toml_file(e: &TomlFileError, lang: Lang) -> String {
    let es = lang == Lang::Es;
    let mut s = file_name(lang, &e.file);
    if let Some(line) = e.line {
        s.push_str(&format!(", {} {line}", lang.pick("línea", "line")));
        if let Some(col) = e.column {
            s.push_str(&format!(", {} {col}", lang.pick("columna", "column")));
        }
    }
    if let Some(key) = &e.key {
        s.push_str(&format!(", {} `{key}`", lang.pick("clave", "key")));
    }
    s.push_str(&format!(": {}", toml_problem(&e.problem, lang)));
    if let Some(src) = &e.source_line {
        s.push_str(&format!(
            " ({} `{}`)",
            if es { "en" } else { "in" },
            src.trim()
        ));
    }
    s
}

/// What is wrong in a TOML file, without where.
pub fn toml_problem(p: &TomlProblem, lang: Lang) -> String {
    match (p, lang) {
        (TomlProblem::KeyName(e), _) => keys::key_parse_error(e, lang),
        (TomlProblem::Keymap(e), _) => keys::keymap_error(e, lang),
        (TomlProblem::Config(c), _) => config_problem(c, lang),
        (TomlProblem::Theme(t), _) => theme_problem(t, lang),
        (p, Lang::En) => p.to_string(),
        (TomlProblem::Unreadable(e), Lang::Es) => {
            format!("no se puede leer: {}", system_error(e, lang))
        }
        // The toml library's words are English only: quoted as it writes them.
        (TomlProblem::Toml(m), Lang::Es) => {
            format!(
                "no es TOML válido para escaque (la biblioteca toml dice: «{}»)",
                m.trim_end()
            )
        }
    }
}

/// A config value that the config's checks refuse.
pub fn config_problem(p: &ConfigProblem, lang: Lang) -> String {
    if lang == Lang::En {
        return p.to_string();
    }
    match p {
        ConfigProblem::UnknownTimeControl => "\"?\" (desconocido) solo vale en ficheros PGN: se \
                                              esperaba un ritmo de juego como \"15+10\", \
                                              \"90/40+30:30+30\", \"3+2d\" o \"none\""
            .into(),
        ConfigProblem::ThemeName(t) => format!(
            "se esperaba el nombre de un tema (como \"classic\" o \"high-contrast\") y hay {t:?}"
        ),
        ConfigProblem::ZeroWarning => {
            "se esperaban números de segundos mayores que 0 y hay 0".into()
        }
        ConfigProblem::EmptyEnginePath => "se esperaba el programa del motor (una ruta o un \
                                           nombre como \"stockfish\") y el texto está vacío"
            .into(),
        ConfigProblem::SkillLevel(l) => {
            format!("se esperaba un Skill Level de 0 a 20 y hay {l}")
        }
        ConfigProblem::ZeroElo => "se esperaba un Elo mayor que 0 y hay 0".into(),
        ConfigProblem::ZeroMilliseconds => {
            "se esperaba un número de milisegundos mayor que 0 y hay 0".into()
        }
    }
}

/// A theme that cannot be found or read.
pub fn theme_problem(p: &ThemeProblem, lang: Lang) -> String {
    if let ThemeProblem::Base(e) = p {
        return format!(
            "{}: {}",
            lang.pick("tema base", "base theme"),
            toml_file(e, lang)
        );
    }
    if lang == Lang::En {
        return p.to_string();
    }
    match p {
        ThemeProblem::NoSuchTheme {
            built_in,
            user_file,
        } => {
            let mut choices = built_in.clone();
            if let Some(f) = user_file {
                choices.push(format!("un fichero {f}"));
            }
            format!(
                "no existe ese tema: se esperaba {}",
                or_list(&choices, lang)
            )
        }
        ThemeProblem::OwnBase(b) => format!("el tema \"{b}\" no puede ser su propia base"),
        ThemeProblem::BaseNotName => {
            "se esperaba el nombre de un tema entre comillas, como base = \"classic\"".into()
        }
        ThemeProblem::DescriptionNotText => "se esperaba un texto entre comillas".into(),
        ThemeProblem::UnknownKey(keys) => format!(
            "clave de tema desconocida: se esperaba una de description, base, {}",
            keys.join(", ")
        ),
        ThemeProblem::NotStyle(m) => format!(
            "la biblioteca toml dice «{}»; se esperaba una tabla como {{ fg = \"white\", bg = \
             \"#b58863\", modifiers = [\"bold\"] }}",
            m.trim_end()
        ),
        ThemeProblem::Colour { side, text, names } => format!(
            "{side}: {text:?} no es un color: se esperaba \"#rrggbb\", \"indexed:N\" (0-255) o \
             uno de {}",
            names.join(", ")
        ),
        ThemeProblem::Modifier(m) => format!(
            "modificador {m:?} desconocido: se esperaba bold, dim, italic, underlined, reversed, \
             crossed_out, slow_blink, rapid_blink o hidden"
        ),
        ThemeProblem::MissingKey(k) => format!(
            "falta la clave `{k}`: dé todas las claves, o `base = \"classic\"` para tomar las \
             demás de un tema integrado"
        ),
        ThemeProblem::Base(_) => unreachable!("said above"),
    }
}

/// A saved game's file that holds no game.
pub fn no_game(lang: Lang) -> String {
    lang.pick(
        "el fichero no contiene ninguna partida",
        "the file holds no game",
    )
    .to_string()
}

/// A saved game that the PGN reader refuses (`detail`: the reader's error, worded).
pub fn not_pgn(lang: Lang, detail: &str) -> String {
    match lang {
        Lang::Es => format!("no es una partida PGN: {detail}"),
        Lang::En => format!("not a PGN game: {detail}"),
    }
}

/// A saved move that cannot be replayed (`why`: worded).
pub fn move_not_replayed(lang: Lang, ply: usize, san: &str, why: &str) -> String {
    match lang {
        Lang::Es => format!("la media jugada {ply} ({san}) no se puede reproducir: {why}"),
        Lang::En => format!("move {ply} ({san}) cannot be replayed: {why}"),
    }
}

/// What is wrong with a line of a game's journal (`table::journal`), as data; the
/// sentence is [`journal_error`]. The `Display` is English, for logs.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum JournalFault {
    #[error("the instant (milliseconds) is missing")]
    NoInstant,
    #[error("the colour (w or b) is missing")]
    NoColour,
    #[error("the move (UCI) is missing")]
    NoMove,
    #[error("the move is not legal in the position it was played from")]
    IllegalMove,
    #[error("a number is missing")]
    NoNumber,
    #[error("the square is missing")]
    NoSquare,
    #[error("not a player's act")]
    NotPlayersAct,
    #[error("a penalty the journal cannot replay")]
    UnknownPenalty,
    #[error("a decision the journal cannot replay")]
    UnknownDecision,
    #[error("not an act of the journal")]
    UnknownAct,
    /// The first act is not the start of the session.
    #[error("a journal starts with the start of the session")]
    NoStart,
    #[error("the journal is empty")]
    Empty,
    /// The session refused the act when it was replayed.
    #[error("refused on replay: {0}")]
    Refused(super::commands::Refusal),
}

/// A journal line that cannot be replayed, the line quoted, and what is wrong with it.
pub fn journal_error(lang: Lang, line: usize, text: &str, what: &JournalFault) -> String {
    let what = journal_fault(lang, what);
    match lang {
        Lang::Es => format!("línea {line} del diario: \"{text}\": {what}"),
        Lang::En => format!("journal line {line}: \"{text}\": {what}"),
    }
}

/// What is wrong with a journal line, in `lang`.
fn journal_fault(lang: Lang, what: &JournalFault) -> String {
    use JournalFault as F;
    let (es, en) = match what {
        F::NoInstant => (
            "falta el instante (milisegundos)",
            "the instant (milliseconds) is missing",
        ),
        F::NoColour => ("falta el color (w o b)", "the colour (w or b) is missing"),
        F::NoMove => ("falta la jugada (UCI)", "the move (UCI) is missing"),
        F::IllegalMove => (
            "la jugada no es legal en la posición en que se hizo",
            "the move is not legal in the position it was played from",
        ),
        F::NoNumber => ("falta un número", "a number is missing"),
        F::NoSquare => ("falta la casilla", "the square is missing"),
        F::NotPlayersAct => ("no es un acto de un jugador", "not a player's act"),
        F::UnknownPenalty => (
            "una sanción que el diario no sabe repetir",
            "a penalty the journal cannot replay",
        ),
        F::UnknownDecision => (
            "una decisión que el diario no sabe repetir",
            "a decision the journal cannot replay",
        ),
        F::UnknownAct => ("no es un acto del diario", "not an act of the journal"),
        F::NoStart => (
            "un diario empieza por el comienzo de la sesión",
            "a journal starts with the start of the session",
        ),
        F::Empty => ("el diario está vacío", "the journal is empty"),
        F::Refused(r) => {
            let profile = match lang {
                Lang::Es => super::Profile::Es,
                Lang::En => super::Profile::En,
            };
            let why = super::Speaker::new(profile, lang).refusal(r);
            return match lang {
                Lang::Es => format!("rechazado al repetirlo: {why}"),
                Lang::En => format!("refused on replay: {why}"),
            };
        }
    };
    lang.pick(es, en).to_string()
}

/// A journal that holds fewer plies than the game saved beside it.
pub fn journal_short(lang: Lang, plies: usize, game_plies: usize) -> String {
    match lang {
        Lang::Es => format!(
            "{plies} medias jugadas, menos que las {game_plies} de la partida que lo acompaña"
        ),
        Lang::En => format!("{plies} plies, fewer than the {game_plies} of the game beside it"),
    }
}

/// A journal whose first line is not the header.
pub fn journal_header(lang: Lang, first: &str, header: &str) -> String {
    match lang {
        Lang::Es => format!("línea 1: \"{first}\": no es \"{header}\""),
        Lang::En => format!("line 1: \"{first}\": not \"{header}\""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::{KeyParseError, KeyProblem};

    #[test]
    fn a_config_error_names_the_file_line_and_key_in_both_languages() {
        let text = "[keys]\nquit = \"ctrl-ctrl-x\"\n";
        let e = TomlFileError::at_key(
            "config.toml",
            text,
            "keys.quit",
            TomlProblem::KeyName(KeyParseError {
                text: "ctrl-ctrl-x".into(),
                column: 6,
                problem: KeyProblem::RepeatedModifier("ctrl".into()),
            }),
        );
        assert_eq!(
            toml_file(&e, Lang::Es),
            "config.toml, línea 2, clave `keys.quit`: \"ctrl-ctrl-x\": en la columna 6, \"ctrl\" \
             aparece dos veces (en `quit = \"ctrl-ctrl-x\"`)"
        );
        assert_eq!(toml_file(&e, Lang::En), e.to_string());
        let e = TomlFileError::whole_file(
            FileName::Theme("nada".into()),
            ThemeProblem::NoSuchTheme {
                built_in: vec!["classic".into(), "monochrome".into()],
                user_file: Some("/t/nada.toml".into()),
            },
        );
        assert_eq!(
            toml_file(&e, Lang::Es),
            "el tema \"nada\": no existe ese tema: se esperaba classic, monochrome o un fichero \
             /t/nada.toml"
        );
        assert_eq!(
            toml_file(&e, Lang::En),
            "theme \"nada\": no such theme: expected one of classic, monochrome, or a file \
             /t/nada.toml"
        );
    }

    #[test]
    fn a_missing_file_and_a_game_beyond_the_file_in_both_languages() {
        let e = std::io::Error::from(std::io::ErrorKind::NotFound);
        assert_eq!(
            cannot_read(Lang::Es, "a.pgn", &e),
            "no se puede leer a.pgn: no existe"
        );
        assert_eq!(
            cannot_read(Lang::En, "a.pgn", &e),
            "cannot read a.pgn: entity not found"
        );
        assert_eq!(
            no_such_game(Lang::Es, "a.pgn", 2, 9),
            "a.pgn tiene 2 partidas: no hay partida 9 (--game cuenta desde 1)"
        );
        assert_eq!(
            no_such_game(Lang::En, "a.pgn", 2, 9),
            "a.pgn has 2 game(s): there is no game 9 (--game counts from 1)"
        );
    }

    /// The system's errors in Spanish: a phrase for the kind, the system's number after it;
    /// a library's words quoted; the system's words for a kind without a phrase. English is
    /// the system's own text.
    #[test]
    fn system_errors_are_said_in_the_language() {
        use std::io::{Error, ErrorKind};
        // ENOENT, EACCES, EISDIR, ENOSPC on Linux.
        for (code, es) in [
            (2, "no existe (error 2 del sistema)"),
            (13, "permiso denegado (error 13 del sistema)"),
            (21, "es una carpeta (error 21 del sistema)"),
            (28, "no queda espacio en el disco (error 28 del sistema)"),
        ] {
            let e = Error::from_raw_os_error(code);
            assert_eq!(io_error(&e, Lang::Es), es);
            assert_eq!(io_error(&e, Lang::En), e.to_string());
            assert!(io_error(&e, Lang::En).ends_with(&format!("(os error {code})")));
        }
        let e = Error::from(ErrorKind::AlreadyExists);
        assert_eq!(io_error(&e, Lang::Es), "ya existe");
        let e = Error::new(ErrorKind::InvalidData, "stream did not contain valid UTF-8");
        assert_eq!(
            io_error(&e, Lang::Es),
            "los datos no son válidos («stream did not contain valid UTF-8»)"
        );
        let e = Error::other("zstd: unknown frame descriptor");
        assert_eq!(io_error(&e, Lang::Es), "zstd: unknown frame descriptor");
        // Kept as data (a config file that cannot be read), said alike.
        let e = Error::from_raw_os_error(13);
        let kept = crate::fsutil::SystemError::from(&e);
        assert_eq!(system_error(&kept, Lang::Es), io_error(&e, Lang::Es));
        assert_eq!(kept.to_string(), e.to_string());
    }
}
