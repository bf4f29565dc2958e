//! The command line: `escaque perft`, help without a subcommand, and clear errors.

mod common;

use std::process::Command;

/// Runs escaque in English: the help's language does not follow the machine's locale or
/// config.
fn escaque(args: &[&str]) -> (i32, String, String) {
    escaque_locale(args, "C.UTF-8")
}

/// Runs escaque with the locale `lang` and no config file: its language is the locale's.
fn escaque_locale(args: &[&str], lang: &str) -> (i32, String, String) {
    common::output(
        Command::new(env!("CARGO_BIN_EXE_escaque"))
            .args(args)
            .env("ESCAQUE_CONFIG", "/nonexistent-escaque/config.toml")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("LANG", lang),
    )
}

#[test]
fn perft_prints_the_total_as_the_last_line() {
    let (code, out, _) = escaque(&["perft", "4"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("nodes 197281"));
    assert_eq!(out.lines().count(), 1);
}

#[test]
fn perft_divide_lists_each_first_move_and_sums_to_the_total() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let (code, out, _) = escaque(&["perft", "--fen", kiwipete, "3", "--divide"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.last(), Some(&"nodes 97862"));
    assert_eq!(
        lines.len(),
        48 + 1,
        "one line per legal move, then the total"
    );
    let sum: u64 = lines[..48]
        .iter()
        .map(|l| {
            let (mv, n) = l.split_once(": ").expect("move: count");
            assert!(mv.len() == 4 || mv.len() == 5, "{mv}");
            n.parse::<u64>().unwrap()
        })
        .sum();
    assert_eq!(sum, 97862);
    assert!(
        out.contains("e1g1: "),
        "castling is written as the king's move"
    );
}

#[test]
fn perft_rejects_a_bad_fen_quoting_it() {
    let (code, out, err) = escaque(&["perft", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "1"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("\"8/8/8/8/8/8/8/8 w - - 0 1\""), "{err}");
    assert!(err.contains("no White king"), "{err}");
    assert!(err.contains("Art. 3.10"), "{err}");
    let (code, _, err) = escaque(&["perft", "deep"]);
    assert_eq!(code, 2);
    assert!(err.contains("deep"), "{err}");
}

/// Runs escaque with `args` and its own data folder `data`, `input` piped to it (so it
/// is the line mode); its exit code and what it printed.
fn piped(args: &[&str], data: &std::path::Path, input: &[u8]) -> (Option<i32>, String) {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_escaque"))
        .args(args)
        .env("ESCAQUE_DATA_DIR", data)
        .env("ESCAQUE_CONFIG", data.join("config.toml"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("run escaque");
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    (out.status.code(), text)
}

#[test]
fn no_subcommand_opens_a_game_and_without_a_terminal_it_is_the_line_mode() {
    let tmp = common::TempDir::new("cli");
    let data = tmp.path();
    let (code, text) = piped(
        &["--tc", "none", "--lang", "en", "--names", "en"],
        data,
        b"e4\n",
    );
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("move one, White: pawn Eva four"), "{text}");
    assert!(text.trim_end().ends_with("End of input."), "{text}");
    // The unfinished game was autosaved for resuming.
    let saved = std::fs::read_to_string(data.join("autosave/current.pgn")).unwrap();
    assert!(saved.contains("1. e4"), "{saved}");
}

#[test]
fn help_lists_the_subcommands() {
    let (code, out, _) = escaque(&["--help"]);
    assert_eq!(code, 0);
    for word in ["perft", "play", "replay", "adjudicate", "Usage"] {
        assert!(out.contains(word), "{word}: {out}");
    }
}

#[test]
fn app_a_1_b_1_tc_prints_both_syntaxes_and_the_class_last() {
    for (spec, lines) in [
        ("3+2", vec!["3+2", "pgn:180+2", "blitz"]),
        ("15+10", vec!["15+10", "pgn:900+10", "rapid"]),
        ("pgn:300+2", vec!["5+2", "pgn:300+2", "blitz"]),
        (
            "90/40+30:30+30",
            vec!["90/40+30:30+30", "pgn:40/5400+30:1800+30", "standard"],
        ),
    ] {
        let (code, out, err) = escaque(&["tc", spec]);
        assert_eq!(code, 0, "{spec}: {err}");
        assert_eq!(out.lines().collect::<Vec<_>>(), lines, "{spec}");
    }
    let (code, out, err) = escaque(&["tc", "3+x"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("\"3+x\""), "{err}");
}

#[test]
fn art_5_2_2_dead_prints_one_line_per_side() {
    let (code, out, _) = escaque(&["dead", "4k3/8/8/8/8/8/8/4KB2 w - - 0 1"]);
    assert_eq!(code, 0);
    assert_eq!(out, "white: unwinnable\nblack: unwinnable\n");
    let (code, out, _) = escaque(&["dead", "--side", "black", "8/8/8/8/8/2b1k1b1/8/3RKR2 w - -"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("black: winnable"), "{out}");
    assert_eq!(out.lines().count(), 1);
    let (code, _, err) = escaque(&["dead", "not a fen"]);
    assert_eq!(code, 2);
    assert!(err.contains("\"not a fen\""), "{err}");
}

#[test]
fn art_8_1_play_and_replay_refuse_a_uci_scoresheet() {
    for args in [
        &["--notation", "uci"][..],
        &["replay", "no-such.pgn", "--notation", "uci"][..],
    ] {
        let (code, out, err) = escaque(args);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert_eq!(
            err.trim_end(),
            "escaque: --notation uci: a scoresheet is kept in algebraic notation (Art. 8.1, \
             App. C); use en, es, figurine or long"
        );
        // In the interface language.
        let (code, err) = escaque_in(args, "es_ES.UTF-8", None, "uci");
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(
            err.trim_end(),
            "escaque: --notation uci: la planilla se lleva en notación algebraica (art. 8.1, \
             apéndice C); usa en, es, figurine o long"
        );
    }
}

/// Guidelines II.1: `--chess960 N` outside 0-959 and `--chess960` with `--fen` are refused
/// in the interface language, quoting the input; `--chess960 N` plays from position N and
/// the autosave is Chess960 (Variant, SetUp, FEN).
#[test]
fn guidelines_ii_1_chess960_on_the_command_line() {
    let (code, _, err) = escaque(&["--chess960", "1000", "--lang", "en"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("'1000'") && err.contains("0 to 959"), "{err}");
    let (code, _, err) = escaque(&["--chess960", "abc", "--lang", "es"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("'abc'") && err.contains("de 0 a 959"), "{err}");
    let (code, _, err) = escaque(&["--chess960", "5", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--fen"), "{err}");
    let tmp = common::TempDir::new("cli-960");
    let data = tmp.path();
    let (code, text) = piped(
        &["--chess960", "192", "--tc", "none", "--lang", "en"],
        data,
        b"Nf3\nNf6\nO-O\n",
    );
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("short castling"), "{text}");
    let saved = std::fs::read_to_string(data.join("autosave/current.pgn")).unwrap();
    assert!(saved.contains("[Variant \"Chess960\"]"), "{saved}");
    assert!(saved.contains("[SetUp \"1\"]"), "{saved}");
    assert!(
        saved.contains("[FEN \"bbqnrknr/pppppppp/8/8/8/8/PPPPPPPP/BBQNRKNR w KQkq - 0 1\"]"),
        "{saved}"
    );
    assert!(saved.contains("2. O-O"), "{saved}");
}

#[test]
fn the_man_page_has_the_keys_files_environment_examples_and_every_argument() {
    let (code, page, err) = escaque(&["man"]);
    assert_eq!(code, 0, "{err}");
    assert!(page.contains("\n.TH escaque 1 "), "{}", &page[..200]);
    for section in [
        ".SH NAME",
        ".SH SYNOPSIS",
        ".SH OPTIONS",
        // roff quotes a heading of several words.
        ".SH \"COMMAND ARGUMENTS\"",
        ".SH KEYS",
        ".SH FILES",
        ".SH ENVIRONMENT",
        ".SH EXAMPLES",
    ] {
        assert!(page.contains(section), "no {section}");
    }
    // The keys come from the keymap: resign is r, the help ?.
    let keys = &page[page.find(".SH KEYS").unwrap()..page.find(".SH FILES").unwrap()];
    assert!(keys.contains("Resign"), "{keys}");
    for name in [
        "NO_COLOR",
        "ESCAQUE_CONFIG",
        "ESCAQUE_DATA_DIR",
        "TERM",
        "LANG",
    ] {
        assert!(page.contains(name), "no {name}");
    }
    for file in ["config.toml", "themes", "autosave/current.pgn", "games/"] {
        assert!(page.contains(file), "no {file}");
    }
    // adjudicate's files and every engine option, each with a help line after it.
    let args = &page[page.find(".SH \"COMMAND ARGUMENTS\"").unwrap()..];
    for (arg, help) in [
        ("escaque adjudicate", "PGN files, plain or compressed"),
        ("engine\\-elo", "Elo rating"),
        ("engine\\-skill", "Skill Level"),
        ("engine\\-movetime", "milliseconds a move"),
    ] {
        let at = args.find(arg).unwrap_or_else(|| panic!("no {arg}"));
        assert!(args[at..].contains(help), "no help for {arg}");
    }
}

#[test]
fn engine_strength_and_move_time_on_the_command_line() {
    let (code, _, err) = escaque(&["--engine-skill", "21"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("21"), "{err}");
    let (code, _, err) = escaque(&["--engine-elo", "1500", "--engine-skill", "3"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--engine-skill"), "{err}");
    let (code, _, err) = escaque(&["play", "--engine-movetime", "0"]);
    assert_eq!(code, 2, "{err}");
    let (code, out, _) = escaque(&["play", "--help"]);
    assert_eq!(code, 0);
    for flag in ["--engine-elo", "--engine-skill", "--engine-movetime"] {
        assert!(out.contains(flag), "{out}");
    }
}

/// Runs escaque with the locale and the config file given (in a directory of its own).
fn escaque_in(args: &[&str], lang: &str, config: Option<&str>, tag: &str) -> (i32, String) {
    let tmp = common::TempDir::new(&format!("cli-{tag}"));
    let dir = tmp.path();
    let file = dir.join("config.toml");
    if let Some(text) = config {
        std::fs::write(&file, text).unwrap();
    }
    let out = Command::new(env!("CARGO_BIN_EXE_escaque"))
        .args(args)
        .env("ESCAQUE_DATA_DIR", dir)
        .env("ESCAQUE_CONFIG", &file)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", lang)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("run escaque");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A bad `--tc` (and a bad `escaque tc`) is refused in the interface language: Spanish from
/// `LANG=es_ES.UTF-8` or from the config's `lang = "es"`, the input quoted with the column
/// and what was expected there; no English words in the Spanish sentence.
#[test]
fn app_a_1_a_bad_time_control_is_refused_in_the_interface_language() {
    let spanish = [
        escaque_in(&["--tc", "3+x"], "es_ES.UTF-8", None, "tc-env"),
        escaque_in(
            &["--tc", "3+x"],
            "C.UTF-8",
            Some("lang = \"es\"\n"),
            "tc-cfg",
        ),
        escaque_in(&["play", "--tc", "3+x"], "es_ES.UTF-8", None, "tc-play"),
        escaque_in(&["tc", "3+x"], "es_ES.UTF-8", None, "tc-cmd"),
    ];
    for (code, err) in spanish {
        assert_eq!(code, 2, "{err}");
        assert!(
            err.contains("\"3+x\": en la columna 3, se esperaba un número de segundos y hay 'x'"),
            "{err}"
        );
        for english in ["expected", "found", "at column", "invalid value"] {
            assert!(!err.contains(english), "{english}: {err}");
        }
    }
    let (code, err) = escaque_in(&["--tc", "90/40+30x"], "es_ES.UTF-8", None, "tc-next");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("se esperaba 'd' (demora), 'b' (Bronstein), ':' o el final y hay 'x'"),
        "{err}"
    );
    let (code, err) = escaque_in(&["--tc", "3+x"], "C.UTF-8", None, "tc-en");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("\"3+x\": at column 3, expected a number of seconds, found 'x'"),
        "{err}"
    );
    // The command line's language is over the environment's and the config's.
    let (_, err) = escaque_in(
        &["--tc", "3+x", "--lang", "en"],
        "es_ES.UTF-8",
        None,
        "tc-arg",
    );
    assert!(err.contains("at column 3"), "{err}");
}

/// The server's operator is told what is wrong with the allowlist in the interface
/// language, the file named.
#[test]
fn serve_refuses_a_missing_allowlist_in_the_interface_language() {
    let args = [
        "serve",
        "--listen",
        "127.0.0.1:0",
        "--allowlist",
        "/nonexistent-escaque/allowed_keys",
    ];
    let (code, err) = escaque_in(&args, "es_ES.UTF-8", None, "serve-es");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("la lista de acceso /nonexistent-escaque/allowed_keys no existe: "),
        "{err}"
    );
    assert!(!err.contains("does not exist"), "{err}");
    let (code, err) = escaque_in(&args, "C.UTF-8", None, "serve-en");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("the allowlist /nonexistent-escaque/allowed_keys does not exist: "),
        "{err}"
    );
}

/// The replay's file that cannot be read, and a game beyond its file, are said in the
/// interface language, the file named; English without a Spanish locale.
#[test]
fn replay_refuses_a_missing_file_and_a_missing_game_in_the_interface_language() {
    let missing = "/nonexistent-escaque/partidas.pgn";
    let (code, err) = escaque_in(&["replay", missing], "es_ES.UTF-8", None, "replay-es");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with(&format!("escaque: no se puede leer {missing}: ")),
        "{err}"
    );
    let (code, err) = escaque_in(&["replay", missing], "C.UTF-8", None, "replay-en");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with(&format!("escaque: cannot read {missing}: ")),
        "{err}"
    );
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pgn/replay_clocks_illegal.pgn"
    );
    let args = ["replay", fixture, "--game", "9", "--screen-reader"];
    let (code, err) = escaque_in(&args, "es_ES.UTF-8", None, "replay-game-es");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("tiene 2 partidas: no hay partida 9 (--game cuenta desde 1)"),
        "{err}"
    );
    // The command line's language over the environment's.
    let args = ["replay", fixture, "--game", "9", "--lang", "en"];
    let (_, err) = escaque_in(&args, "es_ES.UTF-8", None, "replay-game-en");
    assert!(err.contains("has 2 game(s): there is no game 9"), "{err}");
}

/// `pgn convert` on a file that cannot be opened says so in the environment's language.
#[test]
fn pgn_convert_refuses_a_missing_file_in_the_interface_language() {
    let missing = "/nonexistent-escaque/partidas.pgn";
    let args = ["pgn", "convert", "--notation", "es", missing];
    let (code, err) = escaque_in(&args, "es_ES.UTF-8", None, "convert-es");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with(&format!("escaque: no se puede leer {missing}: ")),
        "{err}"
    );
    let (_, err) = escaque_in(&args, "C.UTF-8", None, "convert-en");
    assert!(
        err.starts_with(&format!("escaque: cannot read {missing}: ")),
        "{err}"
    );
}

/// A config file that says something wrong is refused in the environment's language (its
/// own `lang` cannot be trusted when it cannot be read) or the command line's, with the
/// file, the line, the key and the bad text quoted.
#[test]
fn a_bad_config_key_is_refused_in_the_interface_language() {
    let config = "lang = \"es\"\n[keys]\nquit = \"ctrl-ctrl-x\"\n";
    let (code, err) = escaque_in(&["play"], "es_ES.UTF-8", Some(config), "keys-es");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(
            "config.toml, línea 3, columna 8, clave `keys.quit`: \"ctrl-ctrl-x\": en la columna \
             6, \"ctrl\" aparece dos veces (en `quit = \"ctrl-ctrl-x\"`)"
        ),
        "{err}"
    );
    for english in ["line", "key `", "at column", "given twice"] {
        assert!(!err.contains(english), "{english}: {err}");
    }
    // The config's `lang = "es"` is not read from a file that cannot be read: LANG says.
    let (code, err) = escaque_in(&["play"], "C.UTF-8", Some(config), "keys-en");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(
            "config.toml, line 3, column 8, key `keys.quit`: \"ctrl-ctrl-x\": at column 6, \
             \"ctrl\" is given twice"
        ),
        "{err}"
    );
    let args = ["play", "--lang", "es"];
    let (_, err) = escaque_in(&args, "C.UTF-8", Some(config), "keys-arg");
    assert!(err.contains("aparece dos veces"), "{err}");
    // A key bound twice, and a value the checks refuse.
    let config = "[keys]\nflip = \"q\"\n";
    let (_, err) = escaque_in(&["play"], "es_ES.UTF-8", Some(config), "keys-twice");
    assert!(
        err.contains("clave `keys.flip`: la tecla \"q\" está asignada a dos acciones"),
        "{err}"
    );
    let config = "[engine]\nskill_level = 30\n";
    let (_, err) = escaque_in(&["play"], "es_ES.UTF-8", Some(config), "skill");
    assert!(
        err.contains("clave `engine.skill_level`: se esperaba un Skill Level de 0 a 20 y hay 30"),
        "{err}"
    );
}

/// A theme that does not exist is refused in the interface language, with the choices.
#[test]
fn an_unknown_theme_is_refused_in_the_interface_language() {
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pgn/replay_clocks_illegal.pgn"
    );
    let args = ["replay", fixture, "--theme", "nada"];
    let (code, err) = escaque_in(&args, "es_ES.UTF-8", None, "theme-es");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("escaque: el tema \"nada\": no existe ese tema: se esperaba classic"),
        "{err}"
    );
    let (_, err) = escaque_in(&args, "C.UTF-8", None, "theme-en");
    assert!(
        err.contains("escaque: theme \"nada\": no such theme: expected one of classic"),
        "{err}"
    );
}

/// A saved game that cannot be resumed is refused in the interface language, the file
/// named.
#[test]
fn a_game_that_cannot_be_resumed_is_refused_in_the_interface_language() {
    let tmp = common::TempDir::new("cli-resume");
    let dir = tmp.path();
    let empty = dir.join("vacia.pgn");
    std::fs::write(&empty, "").unwrap();
    let file = empty.to_str().unwrap();
    let (code, err) = escaque_in(&["--resume", file], "es_ES.UTF-8", None, "resume-es");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!(
            "escaque: {file}: el fichero no contiene ninguna partida"
        )),
        "{err}"
    );
    let (_, err) = escaque_in(&["--resume", file], "C.UTF-8", None, "resume-en");
    assert!(
        err.contains(&format!("escaque: {file}: the file holds no game")),
        "{err}"
    );
    let bad = dir.join("ilegal.pgn");
    std::fs::write(&bad, "[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n").unwrap();
    let file = bad.to_str().unwrap();
    let (code, err) = escaque_in(&["--resume", file], "es_ES.UTF-8", None, "resume-move");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!(
            "escaque: {file}: la media jugada 3 (Ke3) no se puede reproducir: «Ke3» no es una \
             jugada legal"
        )),
        "{err}"
    );
}

/// The server's log filter that cannot be read is refused in the operator's language.
#[test]
fn serve_refuses_a_bad_log_level_in_the_interface_language() {
    let args = [
        "serve",
        "--listen",
        "127.0.0.1:0",
        "--open",
        "--log-level",
        "escaque=ruidoso",
    ];
    let (code, err) = escaque_in(&args, "es_ES.UTF-8", None, "log-es");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--log-level \"escaque=ruidoso\": "), "{err}");
    assert!(err.contains("; escriba un nivel (error, warn"), "{err}");
    let (_, err) = escaque_in(&args, "C.UTF-8", None, "log-en");
    assert!(err.contains("; write a level (error, warn"), "{err}");
}

/// The help of every command is the user's text, not the source's: no rustdoc link
/// (`` [`PlayArgs::options`] ``) or other note for programmers leaks into it from a doc
/// comment that clap reads.
#[test]
fn help_texts_carry_no_rustdoc_links() {
    for args in [
        &["--help"][..],
        &["play", "--help"],
        &["replay", "--help"],
        &["perft", "--help"],
        &["pgn", "check", "--help"],
        &["pgn", "convert", "--help"],
        &["tc", "--help"],
        &["adjudicate", "--help"],
        &["dead", "--help"],
        &["serve", "--help"],
        &["completions", "--help"],
        &["man", "--help"],
    ] {
        let (code, out, err) = escaque(args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(!out.is_empty(), "{args:?}");
        for line in out.lines() {
            assert!(
                !line.contains("[`") && !line.contains("`]"),
                "{args:?}: a rustdoc link in the help: {line}"
            );
        }
    }
}

/// The help in Spanish under a Spanish locale: clap's words too (`Uso:`, the headings,
/// `-h`), nothing of clap's English; `--lang en` over the locale.
#[test]
fn the_help_is_in_the_interface_language() {
    let (code, out, err) = escaque_locale(&["--help"], "es_ES.UTF-8");
    assert_eq!(code, 0, "{err}");
    for spanish in [
        "Uso: escaque [OPCIONES]",
        "Órdenes:",
        "Opciones:",
        "Muestra la ayuda",
    ] {
        assert!(out.contains(spanish), "{spanish}: {out}");
    }
    for english in [
        "Usage:",
        "Options:",
        "Commands:",
        "Print help",
        "Play a game",
    ] {
        assert!(!out.contains(english), "{english}: {out}");
    }
    assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
    let (code, out, _) = escaque_locale(&["--lang", "en", "--help"], "es_ES.UTF-8");
    assert_eq!(code, 0);
    assert!(out.contains("Usage: escaque [OPTIONS]"), "{out}");
    assert!(out.contains("Play a game"), "{out}");
    assert!(!out.contains("Uso:"), "{out}");
    // `play --help` names --tc with its Spanish sentence.
    let (code, out, _) = escaque_locale(&["play", "--help"], "es_ES.UTF-8");
    assert_eq!(code, 0);
    let tc = out
        .find("--tc <CONTROL>")
        .unwrap_or_else(|| panic!("{out}"));
    let after: Vec<&str> = out[tc..].split_whitespace().take(7).collect();
    assert_eq!(
        after.join(" "),
        "--tc <CONTROL> Control de tiempo: `15+10`, `90/40+30:30+30`,"
    );
}

/// A command line that clap refuses is refused in Spanish under a Spanish locale, the
/// input quoted; in English otherwise.
#[test]
fn a_bad_command_line_is_refused_in_the_interface_language() {
    let (code, _, err) = escaque_locale(&["--tcc", "3"], "es_ES.UTF-8");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with("error: argumento inesperado '--tcc'"),
        "{err}"
    );
    assert!(err.contains("Uso: escaque [OPCIONES]"), "{err}");
    assert!(!err.contains("unexpected"), "{err}");
    let (code, _, err) = escaque_locale(&["--tcc", "3"], "C.UTF-8");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("unexpected argument '--tcc' found"), "{err}");
}

/// `escaque man` in Spanish: the sections, the keys and the arguments in Spanish.
#[test]
fn the_man_page_is_in_the_interface_language() {
    let (code, page, err) = escaque_locale(&["man"], "es_ES.UTF-8");
    assert_eq!(code, 0, "{err}");
    for section in [
        ".SH NOMBRE",
        ".SH SINOPSIS",
        ".SH OPCIONES",
        ".SH \"ARGUMENTOS DE LAS ÓRDENES\"",
        ".SH TECLAS",
        ".SH FICHEROS",
        ".SH ENTORNO",
        ".SH EJEMPLOS",
    ] {
        assert!(page.contains(section), "no {section}");
    }
    for english in [
        ".SH NAME",
        ".SH FILES",
        "Resign",
        "possible values",
        "[default",
        "Print",
    ] {
        assert!(!page.contains(english), "{english}");
    }
    assert!(page.contains("Abandonar la partida"), "the keys in Spanish");
    assert!(page.contains("Control de tiempo"), "--tc in Spanish");
}

/// The system's words for a missing file are said in Spanish too: "no existe", not the
/// system's English.
#[test]
fn a_missing_file_is_said_not_to_exist_in_spanish() {
    let missing = "/nonexistent-escaque/partidas.pgn";
    for args in [
        &["replay", missing][..],
        &["pgn", "convert", "--notation", "es", missing],
    ] {
        let (code, _, err) = escaque_locale(args, "es_ES.UTF-8");
        assert_eq!(code, 2, "{err}");
        assert!(
            err.contains(&format!("no se puede leer {missing}: no existe")),
            "{err}"
        );
        assert!(!err.contains("No such file"), "{err}");
        let (_, _, err) = escaque_locale(args, "C.UTF-8");
        assert!(err.contains("No such file or directory"), "{err}");
    }
}
