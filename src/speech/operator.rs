//! The words for the operator of `escaque serve`, in the console where it was started: where
//! it listens and who may connect, how to play, the rooms restored from their autosaves,
//! and a log filter that cannot be read. In the server's interface language (the command
//! line's, else the config's, else the environment's). The `tracing` log lines of the SSH
//! transport are not here: they are records with fields, for grepping, kept in English.

use crate::lang::Lang;
use crate::net::log::{FilterError, FilterSource};

/// The address cannot be listened on (in use, not this machine's, a port below 1024).
pub fn cannot_listen(lang: Lang, addr: &str, error: &std::io::Error) -> String {
    let error = super::files::io_error(error, lang);
    match lang {
        Lang::Es => format!("no se puede escuchar en {addr}: {error}"),
        Lang::En => format!("cannot listen on {addr}: {error}"),
    }
}

/// The server stopped on a failure of the system.
pub fn stopped(lang: Lang, error: &std::io::Error) -> String {
    let error = super::files::io_error(error, lang);
    match lang {
        Lang::Es => format!("el servidor se detuvo: {error}"),
        Lang::En => format!("the server stopped: {error}"),
    }
}

/// Who may connect: anyone (`None`) or the keys of the allowlist.
pub fn listening(
    lang: Lang,
    addr: &str,
    allowed: Option<usize>,
    host_key: &str,
    new: bool,
) -> String {
    let who = match (allowed, lang) {
        (None, Lang::Es) => "abierto: cualquier clave, el vestíbulo pide un nombre".to_string(),
        (None, Lang::En) => "open: any key, the lobby asks for a name".to_string(),
        (Some(1), Lang::Es) => "1 clave admitida".to_string(),
        (Some(n), Lang::Es) => format!("{n} claves admitidas"),
        (Some(n), Lang::En) => format!("{n} keys allowed"),
    };
    let new = if new {
        lang.pick(" (nueva)", " (new)")
    } else {
        ""
    };
    match lang {
        Lang::Es => format!("escuchando en {addr} ({who}); clave de anfitrión {host_key}{new}"),
        Lang::En => format!("listening on {addr} ({who}); host key {host_key}{new}"),
    }
}

/// How a player connects.
pub fn play_with(lang: Lang, port: u16, ip: &str) -> String {
    match lang {
        Lang::Es => format!("para jugar: ssh -p {port} NOMBRE@{ip}"),
        Lang::En => format!("play with: ssh -p {port} NAME@{ip}"),
    }
}

/// How a restored room's journal served.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JournalUse<'a> {
    Replayed,
    Absent,
    /// Not read: why, worded.
    Unread(&'a str),
}

/// A room restored from its autosave.
pub fn room_restored(
    lang: Lang,
    code: &str,
    names: [&str; 2],
    plies: usize,
    path: &str,
    journal: JournalUse,
) -> String {
    let [white, black] = names;
    let how = match (journal, lang) {
        (JournalUse::Replayed, Lang::Es) => "con su diario".to_string(),
        (JournalUse::Replayed, Lang::En) => "with its journal".to_string(),
        (JournalUse::Absent, Lang::Es) => "sin diario: solo desde el PGN".to_string(),
        (JournalUse::Absent, Lang::En) => "without a journal: from the PGN alone".to_string(),
        (JournalUse::Unread(why), Lang::Es) => {
            format!("solo desde el PGN: el diario no se leyó ({why})")
        }
        (JournalUse::Unread(why), Lang::En) => {
            format!("from the PGN alone: the journal was not read ({why})")
        }
    };
    match lang {
        Lang::Es => format!(
            "sala {code} restaurada ({white} – {black}, {plies} medias jugadas) desde {path}, \
             {how}"
        ),
        Lang::En => {
            format!("restored room {code} ({white} – {black}, {plies} plies) from {path}, {how}")
        }
    }
}

/// An autosave that could not be restored (`why`: worded); it is left where it is.
pub fn not_restored(lang: Lang, why: &str) -> String {
    match lang {
        Lang::Es => format!("no restaurada: {why}"),
        Lang::En => format!("not restored: {why}"),
    }
}

/// An autosave without its room's tag, or without a game.
pub fn not_a_room(lang: Lang, path: &str) -> String {
    match lang {
        Lang::Es => format!("{path}: no tiene la etiqueta EscaqueRoom de una sala"),
        Lang::En => format!("{path}: no EscaqueRoom tag"),
    }
}

/// A log level or directive that cannot be read.
pub fn log_filter(e: &FilterError, lang: Lang) -> String {
    let source = match (e.from, lang) {
        (FilterSource::Option, _) => "--log-level",
        (FilterSource::Env, _) => "RUST_LOG",
        (FilterSource::Default, Lang::Es) => "el nivel por omisión",
        (FilterSource::Default, Lang::En) => "the default",
    };
    match lang {
        Lang::Es => format!(
            "{source} \"{}\": {}; escriba un nivel (error, warn, info, debug, trace) o \
             directivas como escaque=debug",
            e.text, e.detail
        ),
        Lang::En => format!(
            "{source} \"{}\": {}; write a level (error, warn, info, debug, trace) or directives \
             such as escaque=debug",
            e.text, e.detail
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_operator_lines_in_both_languages() {
        assert_eq!(
            listening(Lang::En, "127.0.0.1:2222", Some(3), "SHA256:x", true),
            "listening on 127.0.0.1:2222 (3 keys allowed); host key SHA256:x (new)"
        );
        assert_eq!(
            listening(Lang::Es, "127.0.0.1:2222", None, "SHA256:x", false),
            "escuchando en 127.0.0.1:2222 (abierto: cualquier clave, el vestíbulo pide un \
             nombre); clave de anfitrión SHA256:x"
        );
        assert_eq!(
            room_restored(
                Lang::Es,
                "AB12",
                ["Ana", "Bea"],
                2,
                "a.pgn",
                JournalUse::Replayed
            ),
            "sala AB12 restaurada (Ana – Bea, 2 medias jugadas) desde a.pgn, con su diario"
        );
        let e = FilterError {
            from: FilterSource::Option,
            text: "escaque=loud".into(),
            detail: "invalid".into(),
        };
        assert!(
            log_filter(&e, Lang::Es).starts_with("--log-level \"escaque=loud\": invalid; escriba")
        );
        assert_eq!(log_filter(&e, Lang::En), e.to_string());
    }
}
