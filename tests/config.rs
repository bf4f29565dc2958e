//! Settings: the config file (fixtures valid and invalid, with the exact error text), the
//! paths and their overrides, the embedded default file, the keymap, atomic writes, and the
//! generated completions and man page.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use escaque::config::{
    AsciiMode, Config, ConfigError, DEFAULT_CONFIG_TOML, NamesProfile, NotationChoice, Paths,
    Speak, write_atomic,
};
use escaque::core::Notation;
use escaque::keymap::{Action, KeyBinding, KeyList, KeyStyle, Keymap, default_keys, starts_move};
use escaque::lang::Lang;
use escaque::laws::time_control::TimeControl;

/// A fresh, empty directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("config-tests")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn fixture_config(name: &str) -> Result<Config, String> {
    let path = common::fixture(&format!("config/{name}"));
    let text = std::fs::read_to_string(&path).unwrap();
    Config::from_toml(name, &text).map_err(|e| e.to_string())
}

// ---------------------------------------------------------------- the config file

#[test]
fn valid_fixture_sets_every_field() {
    let c = fixture_config("valid.toml").unwrap();
    assert_eq!(c.lang, Some(Lang::Es));
    assert_eq!(c.notation, Some(NotationChoice::Figurine));
    assert_eq!(c.notation(Lang::En), Notation::FIGURINE);
    assert_eq!(c.names, Some(NamesProfile::Fide));
    assert_eq!(c.theme_with_no_color(Some("1")), "high-contrast");
    assert_eq!(c.ascii, AsciiMode::Always);
    assert_eq!(
        c.time_control,
        "90/40+30:30+30".parse::<TimeControl>().unwrap()
    );
    assert!(c.strict_touch_move);
    assert!(!c.autosave);
    assert!(c.casual_start);
    assert!(c.adequate_supervision);
    assert!(c.arbiter_training);
    assert_eq!(
        c.low_time_warnings,
        vec![300, 60, 10],
        "sorted, longest first, once each"
    );
    assert_eq!(c.speak, Speak::EspeakNg);
    assert!(c.clock_readings_on_scoresheet);
    assert_eq!(c.engine.path, PathBuf::from("/usr/games/stockfish"));
    assert_eq!(c.engine.skill_level, Some(5));
    assert_eq!(c.engine.elo, Some(1500));
    assert_eq!(c.engine.move_time_ms, Some(1500));
    assert_eq!(c.engine.max_move_time_ms, Some(20000));
    assert_eq!(c.engine.answer_timeout_ms, 3000);

    let keys = c.keymap().unwrap();
    assert_eq!(keys.keys(Action::Resign), &[KeyBinding::ctrl('r')]);
    assert_eq!(
        keys.keys(Action::Left),
        &[KeyBinding::plain(KeyCode::Left), KeyBinding::char('h')]
    );
    assert_eq!(
        keys.keys(Action::Quit),
        &[KeyBinding::char('Q')],
        "one key as a string"
    );
    assert!(keys.keys(Action::Flip).is_empty(), "[] unbinds");
    assert_eq!(
        keys.keys(Action::Help),
        default_keys(Action::Help).as_slice()
    );
    assert_eq!(keys.action_of(KeyBinding::char('r')), None);
    assert_eq!(
        keys.shadowed_move_starts(),
        vec![
            (KeyBinding::char('Q'), Action::Quit),
            (KeyBinding::char('h'), Action::Left)
        ],
        "Q (queen) and h (a file) no longer open the command line"
    );
}

/// Each invalid fixture and its whole error: file, line, column when toml knows it, key,
/// what is wrong, and the line quoted.
#[test]
fn invalid_fixtures_name_file_line_and_key() {
    let cases: &[(&str, &str)] = &[
        (
            "bad_type.toml",
            "bad_type.toml, line 2, column 12, key `autosave`: invalid type: string \"yes\", \
             expected a boolean (in `autosave = \"yes\"`)",
        ),
        (
            "unknown_key.toml",
            "unknown_key.toml, line 5, column 1, key `engine.threads`: unknown field `threads`, \
             expected one of `path`, `skill_level`, `elo`, `move_time_ms`, `max_move_time_ms`, \
             `answer_timeout_ms` (in `threads = 4`)",
        ),
        (
            "bad_time_control.toml",
            "bad_time_control.toml, line 2, column 16, key `time_control`: \"15+1O\": at column \
             5, expected 'd' (delay), 'b' (Bronstein), ':' or the end, found 'O' \
             (in `time_control = \"15+1O\"`)",
        ),
        (
            "unknown_time_control.toml",
            "unknown_time_control.toml, line 1, key `time_control`: \"?\" (unknown) is only for \
             PGN files: expected a time control such as \"15+10\", \"90/40+30:30+30\", \"3+2d\" \
             or \"none\" (in `time_control = \"?\"`)",
        ),
        (
            "bad_key_name.toml",
            "bad_key_name.toml, line 3, column 8, key `keys.quit`: \"ctrl-foo\": at column 6, \
             unknown key \"foo\" (expected one character such as q or ?, or a name: enter, esc, \
             space, tab, backtab, backspace, delete, insert, home, end, pageup, pagedown, up, \
             down, left, right, f1 to f12; with ctrl-, alt- or shift- before it) \
             (in `quit = [\"q\", \"ctrl-foo\"]`)",
        ),
        (
            "duplicate_binding.toml",
            "duplicate_binding.toml, line 3, key `keys.resign`: the key \"y\" is bound to two \
             actions, accept-draw and resign: give one of them other keys \
             (in `resign = [\"y\"]`)",
        ),
        (
            "syntax_error.toml",
            "syntax_error.toml, line 2, column 17, key `theme`: invalid basic string, expected \
             `\"` (in `theme = \"classic`)",
        ),
        (
            "bad_skill_level.toml",
            "bad_skill_level.toml, line 2, key `engine.skill_level`: expected a Skill Level \
             from 0 to 20, found 25 (in `skill_level = 25`)",
        ),
        (
            "bad_lang.toml",
            "bad_lang.toml, line 1, column 8, key `lang`: unknown variant `fr`, expected `es` \
             or `en` (in `lang = \"fr\"`)",
        ),
    ];
    for (file, expected) in cases {
        let got = fixture_config(file).expect_err(file);
        assert_eq!(got, *expected, "{file}");
    }
}

#[test]
fn unknown_action_in_keys_is_named_under_its_table() {
    let got = fixture_config("unknown_action.toml").unwrap_err();
    assert!(
        got.starts_with(
            "unknown_action.toml, line 2, column 1, key `keys.resing`: unknown variant \
             `resing`, expected one of `quit`, `help`,"
        ),
        "{got}"
    );
    assert!(got.ends_with("`decide` (in `resing = [\"r\"]`)"), "{got}");
}

#[test]
fn every_fixture_is_tested() {
    let mut names: Vec<String> = std::fs::read_dir(common::fixture("config"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".toml"))
        .collect();
    names.sort();
    for n in &names {
        // Every fixture either loads or fails with a located error: never a panic.
        match fixture_config(n) {
            Ok(_) => assert_eq!(n, "valid.toml"),
            Err(e) => assert!(e.starts_with(&format!("{n}, line ")), "{e}"),
        }
    }
    assert_eq!(names.len(), 11, "{names:?}");
}

#[test]
fn one_key_for_two_actions_in_the_overrides_is_refused() {
    let text = "[keys]\nquit = [\"x\"]\nresign = [\"ctrl-r\", \"x\"]\n";
    let e = Config::from_toml("k.toml", text).unwrap_err();
    assert_eq!(
        e.to_string(),
        "k.toml, line 3, key `keys.resign`: the key \"x\" is bound to two actions, quit and \
         resign: give one of them other keys (in `resign = [\"ctrl-r\", \"x\"]`)"
    );
    // The same key twice for one action is only one binding.
    let c = Config::from_toml("k.toml", "[keys]\nquit = [\"x\", \"x\"]\n").unwrap();
    assert_eq!(
        c.keymap().unwrap().keys(Action::Quit),
        &[KeyBinding::char('x')]
    );
}

#[test]
fn other_values_are_checked_after_parsing() {
    let cases = [
        (
            "low_time_warnings = [60, 0]\n",
            "c.toml, line 1, key `low_time_warnings`: expected numbers of seconds greater than \
             0, found 0 (in `low_time_warnings = [60, 0]`)",
        ),
        (
            "theme = \"\"\n",
            "c.toml, line 1, key `theme`: expected the name of a theme (such as \"classic\" or \
             \"high-contrast\"), found \"\" (in `theme = \"\"`)",
        ),
        (
            "[engine]\npath = \"\"\n",
            "c.toml, line 2, key `engine.path`: expected the engine's program (a path or a \
             name such as \"stockfish\"), found an empty text (in `path = \"\"`)",
        ),
        (
            "[engine]\nelo = 0\n",
            "c.toml, line 2, key `engine.elo`: expected an Elo rating greater than 0, found 0 \
             (in `elo = 0`)",
        ),
        (
            "[engine]\nmove_time_ms = 0\n",
            "c.toml, line 2, key `engine.move_time_ms`: expected a number of milliseconds \
             greater than 0, found 0 (in `move_time_ms = 0`)",
        ),
        (
            "speak = \"festival\"\n",
            "c.toml, line 1, column 9, key `speak`: unknown variant `festival`, expected one \
             of `off`, `spd-say`, `espeak-ng` (in `speak = \"festival\"`)",
        ),
    ];
    for (text, expected) in cases {
        let e = Config::from_toml("c.toml", text).unwrap_err();
        assert_eq!(e.to_string(), expected, "{text}");
    }
}

#[test]
fn both_time_control_syntaxes_are_accepted() {
    let c = Config::from_toml("c.toml", "time_control = \"pgn:40/5400+30:1800+30\"\n").unwrap();
    assert_eq!(
        c.time_control,
        "90/40+30:30+30".parse::<TimeControl>().unwrap()
    );
    let c = Config::from_toml("c.toml", "time_control = \"3+2d\"\n").unwrap();
    assert!(c.time_control.has_delay());
    let c = Config::from_toml("c.toml", "time_control = \"none\"\n").unwrap();
    assert_eq!(c.time_control, TimeControl::Unlimited);
}

// ---------------------------------------------------------------- defaults

#[test]
fn default_config_file_parses_to_the_defaults() {
    let c = Config::from_toml("default-config.toml", DEFAULT_CONFIG_TOML).unwrap();
    assert_eq!(c, Config::default());
    // The embedded text is the file at the top of the repository.
    let on_disk =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("default-config.toml"))
            .unwrap();
    assert_eq!(on_disk, DEFAULT_CONFIG_TOML);
}

#[test]
fn documented_defaults_are_the_real_ones() {
    let d = Config::default();
    assert_eq!(d.time_control, "15+10".parse::<TimeControl>().unwrap());
    assert_eq!(d.low_time_warnings, vec![120, 60, 30, 10]);
    assert_eq!(d.engine.path, PathBuf::from("stockfish"));
    assert!(d.autosave);
    assert!(!d.strict_touch_move);
    assert_eq!(d.speak, Speak::Off);
    assert_eq!(d.ascii, AsciiMode::Auto);
    assert!(d.keys.is_empty());
    assert_eq!(d.keymap().unwrap(), Keymap::default());
}

/// The `[keys]` section of default-config.toml shows every action's default keys, commented
/// out: they must be the keymap's defaults, each action once.
#[test]
fn default_config_lists_the_default_keys() {
    let section = DEFAULT_CONFIG_TOML
        .split("\n[keys]\n")
        .nth(1)
        .expect("a [keys] section");
    let mut listed = BTreeMap::new();
    for line in section.lines() {
        let Some(entry) = line.strip_prefix("# ") else {
            continue;
        };
        let Some((name, _)) = entry.split_once(" = ") else {
            continue;
        };
        if name.starts_with(' ') || !name.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
            continue;
        }
        let table: BTreeMap<Action, KeyList> =
            toml::from_str(entry).unwrap_or_else(|e| panic!("{entry}: {e}"));
        for (action, keys) in table {
            assert_eq!(keys.0, default_keys(action), "{entry}");
            assert!(listed.insert(action, ()).is_none(), "{action} twice");
        }
    }
    assert_eq!(listed.len(), Action::ALL.len());
}

#[test]
fn missing_file_gives_the_defaults_and_a_bad_one_names_its_path() {
    let dir = scratch("load");
    let paths = Paths::in_dirs(&dir.join("cfg"), &dir.join("data"), &dir.join("state"));
    assert_eq!(Config::load(&paths).unwrap(), Config::default());

    std::fs::create_dir_all(dir.join("cfg")).unwrap();
    std::fs::write(&paths.config_file, "autosave = 1\n").unwrap();
    let e = Config::load(&paths).unwrap_err().to_string();
    assert_eq!(
        e,
        format!(
            "{}, line 1, column 12, key `autosave`: invalid type: integer `1`, expected a \
             boolean (in `autosave = 1`)",
            paths.config_file.display()
        )
    );

    // A directory where the file should be: an error, not the defaults.
    std::fs::remove_file(&paths.config_file).unwrap();
    std::fs::create_dir(&paths.config_file).unwrap();
    let e = Config::load(&paths).unwrap_err().to_string();
    assert!(
        e.starts_with(&format!(
            "{}: cannot read it: ",
            paths.config_file.display()
        )),
        "{e}"
    );
}

// ---------------------------------------------------------------- paths and environment

#[test]
fn overrides_place_every_file() {
    let p = Paths::resolve(
        Some(PathBuf::from("/tmp/x/my.toml")),
        Some(PathBuf::from("/tmp/d")),
    )
    .unwrap();
    assert_eq!(p.config_file, PathBuf::from("/tmp/x/my.toml"));
    assert_eq!(p.themes_dir, PathBuf::from("/tmp/x/themes"));
    assert_eq!(p.user_theme("sea"), PathBuf::from("/tmp/x/themes/sea.toml"));
    assert_eq!(p.data_dir, PathBuf::from("/tmp/d"));
    assert_eq!(p.state_dir, PathBuf::from("/tmp/d/state"));
    assert_eq!(p.autosave_dir(), PathBuf::from("/tmp/d/autosave"));
    assert_eq!(p.games_dir(), PathBuf::from("/tmp/d/games"));
    assert_eq!(p.envelopes_dir(), PathBuf::from("/tmp/d/envelopes"));
}

#[test]
fn without_overrides_the_platform_directories_are_used() {
    match Paths::resolve(None, None) {
        Ok(p) => {
            assert!(p.config_file.ends_with("config.toml"), "{p:?}");
            assert!(p.config_file.to_string_lossy().contains("escaque"), "{p:?}");
            assert!(p.data_dir.to_string_lossy().contains("escaque"), "{p:?}");
            assert!(p.state_dir.to_string_lossy().contains("escaque"), "{p:?}");
        }
        Err(e) => assert!(matches!(e, ConfigError::NoHome { .. }), "{e}"),
    }
    let only_config = Paths::resolve(Some(PathBuf::from("c.toml")), None);
    if let Ok(p) = only_config {
        assert_eq!(p.config_file, PathBuf::from("c.toml"));
        assert_eq!(p.themes_dir, PathBuf::from("themes"));
    }
}

#[test]
fn language_comes_from_the_config_else_the_locale() {
    let es = |name: &str| (name == "LANG").then(|| "es_AR.UTF-8".to_string());
    let d = Config::default();
    assert_eq!(d.lang_from_vars(es), Lang::Es);
    assert_eq!(d.lang_from_vars(|_| None), Lang::En);
    let en = Config::from_toml("c.toml", "lang = \"en\"\n").unwrap();
    assert_eq!(en.lang_from_vars(es), Lang::En);
    // Notation and names follow the language unless set.
    assert_eq!(d.notation(Lang::Es), Notation::SPANISH);
    assert_eq!(d.notation(Lang::En), Notation::ENGLISH);
    assert_eq!(d.names(Lang::Es), NamesProfile::Es);
    let long = Config::from_toml("c.toml", "notation = \"long\"\nnames = \"en\"\n").unwrap();
    assert_eq!(long.notation(Lang::Es), Notation::LONG);
    assert_eq!(long.names(Lang::Es), NamesProfile::En);
}

#[test]
fn no_color_chooses_monochrome_unless_a_theme_is_set() {
    let d = Config::default();
    assert_eq!(d.theme_with_no_color(None), "classic");
    assert_eq!(
        d.theme_with_no_color(Some("")),
        "classic",
        "empty counts as unset"
    );
    assert_eq!(d.theme_with_no_color(Some("1")), "monochrome");
    let set = Config::from_toml("c.toml", "theme = \"colour-blind\"\n").unwrap();
    assert_eq!(set.theme_with_no_color(Some("1")), "colour-blind");
}

// ---------------------------------------------------------------- atomic writes

fn entries(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn write_atomic_creates_replaces_and_leaves_no_temporary_file() {
    let dir = scratch("atomic");
    let path = dir.join("sub/game.pgn");
    write_atomic(&path, b"1. e4 *\n").unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"1. e4 *\n");

    // A second name for the old file keeps the old contents: the new file was renamed over
    // the path, never written into the old one in place.
    let old = dir.join("old-link.pgn");
    std::fs::hard_link(&path, &old).unwrap();
    write_atomic(&path, b"1. e4 e5 *\n").unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"1. e4 e5 *\n");
    assert_eq!(std::fs::read(&old).unwrap(), b"1. e4 *\n");

    assert_eq!(entries(&dir.join("sub")), vec!["game.pgn"]);
    assert!(escaque::fsutil::is_temporary(".game.pgn.tmp-4242-0"));
    assert!(!escaque::fsutil::is_temporary("game.pgn"));
}

#[test]
fn write_atomic_failure_keeps_the_old_state() {
    let dir = scratch("atomic-fail");
    // The target is a non-empty directory: the rename fails.
    let target = dir.join("occupied");
    std::fs::create_dir(&target).unwrap();
    std::fs::write(target.join("inside"), b"x").unwrap();
    assert!(write_atomic(&target, b"data").is_err());
    assert!(target.is_dir());
    assert_eq!(entries(&dir), vec!["occupied"], "no temporary file left");
    // No file name at all.
    assert!(write_atomic(Path::new("/"), b"x").is_err());
}

// ---------------------------------------------------------------- keymap

#[test]
fn no_default_key_is_a_character_a_move_can_start_with() {
    let keymap = Keymap::default();
    for c in "abcdefghKQRBNPDTACOo0♘♞".chars() {
        assert!(starts_move(c), "{c}");
        assert_eq!(keymap.action_of(KeyBinding::char(c)), None, "{c} is bound");
    }
    for action in Action::ALL {
        for k in default_keys(action) {
            if let KeyCode::Char(c) = k.code {
                assert!(
                    !(k.modifiers.is_empty() && starts_move(c)),
                    "{action} has {k}, which a move can start with"
                );
            }
        }
    }
    assert!(keymap.shadowed_move_starts().is_empty());
    for c in "qy?=:rnFJptsumvi.,".chars() {
        assert!(!starts_move(c), "{c}");
    }
}

#[test]
fn every_action_has_default_keys_and_words_in_both_languages() {
    let keymap = Keymap::default();
    for action in Action::ALL {
        assert!(!keymap.keys(action).is_empty(), "{action}");
        for lang in [Lang::Es, Lang::En] {
            assert!(!escaque::speech::keys::label(action, lang).is_empty());
            assert!(!escaque::speech::keys::description(action, lang).is_empty());
        }
        assert_ne!(
            escaque::speech::keys::description(action, Lang::Es),
            escaque::speech::keys::description(action, Lang::En),
            "{action}"
        );
    }
}

#[test]
fn key_names_read_and_write() {
    // text, ascii form, screen form
    let cases = [
        ("q", "q", "q"),
        ("Q", "Q", "Q"),
        ("?", "?", "?"),
        ("ctrl-c", "ctrl-c", "Ctrl-C"),
        ("Ctrl+C", "ctrl-c", "Ctrl-C"),
        ("CONTROL-x", "ctrl-x", "Ctrl-X"),
        ("enter", "enter", "Enter"),
        ("Return", "enter", "Enter"),
        ("esc", "esc", "Esc"),
        ("space", "space", "Space"),
        (" ", "space", "Space"),
        ("tab", "tab", "Tab"),
        ("shift-tab", "backtab", "Shift-Tab"),
        ("backspace", "backspace", "Backspace"),
        ("left", "left", "←"),
        ("right", "right", "→"),
        ("up", "up", "↑"),
        ("down", "down", "↓"),
        ("pgup", "pageup", "PgUp"),
        ("f1", "f1", "F1"),
        ("F12", "f12", "F12"),
        ("alt-x", "alt-x", "Alt-x"),
        ("shift-a", "A", "A"),
        ("shift-left", "shift-left", "Shift-←"),
        ("-", "-", "-"),
        ("ctrl--", "ctrl--", "Ctrl--"),
        ("+", "+", "+"),
    ];
    for (text, ascii, shown) in cases {
        let k: KeyBinding = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(k.ascii(), ascii, "{text}");
        assert_eq!(k.to_string(), shown, "{text}");
        assert_eq!(ascii.parse::<KeyBinding>(), Ok(k), "round trip of {ascii}");
    }
}

#[test]
fn bad_key_names_are_quoted_with_a_column() {
    let cases = [
        ("", "\"\": at column 1, expected a key, found nothing"),
        ("ctrl-foo", "\"ctrl-foo\": at column 6, unknown key \"foo\""),
        ("f0", "\"f0\": at column 1, unknown key \"f0\""),
        ("f25", "\"f25\": at column 1, unknown key \"f25\""),
        (
            "hyper-x",
            "\"hyper-x\": at column 1, unknown key \"hyper-x\"",
        ),
        (
            "ctrl-alt-ctrl-x",
            "\"ctrl-alt-ctrl-x\": at column 10, \"ctrl\" is given twice",
        ),
    ];
    for (text, expected) in cases {
        let e = text.parse::<KeyBinding>().unwrap_err().to_string();
        assert!(e.starts_with(expected), "{text}: {e}");
    }
}

fn press(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
    KeyEvent::new(code, modifiers)
}

#[test]
fn key_events_map_to_actions() {
    let k = Keymap::default();
    assert_eq!(
        k.action(&press(KeyCode::Char('c'), KeyModifiers::CONTROL)),
        Some(Action::Quit)
    );
    assert_eq!(
        k.action(&press(KeyCode::Char('q'), KeyModifiers::NONE)),
        Some(Action::Quit)
    );
    // Shift-q is the queen's letter: it opens the command line, so no action.
    assert_eq!(
        k.action(&press(KeyCode::Char('Q'), KeyModifiers::SHIFT)),
        None
    );
    assert_eq!(
        k.action(&press(KeyCode::Char('F'), KeyModifiers::SHIFT)),
        Some(Action::Flip)
    );
    assert_eq!(
        k.action(&press(KeyCode::BackTab, KeyModifiers::SHIFT)),
        Some(Action::PrevFinding)
    );
    assert_eq!(
        k.action(&press(KeyCode::Enter, KeyModifiers::NONE)),
        Some(Action::Select)
    );
    assert_eq!(
        k.action(&press(KeyCode::Char('='), KeyModifiers::NONE)),
        Some(Action::OfferDraw)
    );
    assert_eq!(
        k.action(&press(KeyCode::Char('e'), KeyModifiers::NONE)),
        None
    );
    let mut release = press(KeyCode::Char('q'), KeyModifiers::NONE);
    release.kind = KeyEventKind::Release;
    assert_eq!(k.action(&release), None, "releases do nothing");
    let mut repeat = press(KeyCode::Down, KeyModifiers::NONE);
    repeat.kind = KeyEventKind::Repeat;
    assert_eq!(k.action(&repeat), Some(Action::Down), "held arrows repeat");

    // Overrides replace the action's keys; the old key is free again.
    let mut o = BTreeMap::new();
    o.insert(Action::Resign, KeyList(vec![KeyBinding::ctrl('r')]));
    let k = Keymap::with_overrides(&o).unwrap();
    assert_eq!(
        k.action(&press(KeyCode::Char('r'), KeyModifiers::CONTROL)),
        Some(Action::Resign)
    );
    assert_eq!(
        k.action(&press(KeyCode::Char('r'), KeyModifiers::NONE)),
        None
    );
}

#[test]
fn hints_and_help_come_from_the_live_keymap() {
    let k = Keymap::default();
    let hints = k.hints(&[Action::Quit, Action::OfferDraw, Action::Help], Lang::En);
    let expect = |v: &[(&str, &str)]| -> Vec<(String, String)> {
        v.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    };
    assert_eq!(
        hints,
        expect(&[("q/Ctrl-C", "quit"), ("=", "draw"), ("?/F1", "help")])
    );
    assert_eq!(
        k.hints(&[Action::Quit, Action::OfferDraw], Lang::Es),
        expect(&[("q/Ctrl-C", "salir"), ("=", "tablas")])
    );
    assert_eq!(
        k.hints_in(&[Action::Quit, Action::Left], Lang::En, KeyStyle::Ascii),
        expect(&[("q/ctrl-c", "quit"), ("left", "left")])
    );

    let help = k.help(Lang::Es);
    assert_eq!(help.len(), Action::ALL.len());
    assert_eq!(
        help[0],
        (
            "q/Ctrl-C".to_string(),
            "Salir (pregunta si hay una partida en curso)".to_string()
        )
    );

    let c = fixture_config("valid.toml").unwrap();
    let k = c.keymap().unwrap();
    assert_eq!(
        k.hints(&[Action::Resign, Action::Flip, Action::Quit], Lang::En),
        expect(&[("Ctrl-R", "resign"), ("Q", "quit")]),
        "unbound actions give no hint"
    );
    let help = k.help_in(Lang::En, KeyStyle::Ascii);
    assert_eq!(help.len(), Action::ALL.len() - 1, "flip is unbound");
    assert!(help.contains(&(
        "ctrl-r".to_string(),
        "Resign the game (asks for confirmation)".to_string()
    )));
    assert!(help.contains(&(
        "left/h".to_string(),
        "Move the cursor to the left".to_string()
    )));
}

// ---------------------------------------------------------------- completions and man page

fn escaque(args: &[&str]) -> (i32, String, String) {
    common::output(Command::new(env!("CARGO_BIN_EXE_escaque")).args(args))
}

#[test]
fn completions_are_generated_for_each_shell() {
    for (shell, marker) in [
        ("bash", "_escaque()"),
        ("zsh", "#compdef escaque"),
        ("fish", "complete -c escaque"),
        ("elvish", "edit:completion:arg-completer[escaque]"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let (code, out, err) = escaque(&["completions", shell]);
        assert_eq!(code, 0, "{shell}: {err}");
        assert!(out.contains(marker), "{shell}");
        assert!(
            out.contains("perft") && out.contains("completions"),
            "{shell}"
        );
    }
    let (code, out, err) = escaque(&["completions", "tcsh"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("invalid value 'tcsh'"), "{err}");
}

#[test]
fn man_page_is_generated() {
    let (code, out, err) = escaque(&["man"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(".TH escaque 1"), "{out}");
    assert!(out.contains(".SH NAME"));
    assert!(out.contains("FIDE Laws of Chess"));
    for sub in ["perft", "pgn", "completions", "man"] {
        assert!(out.contains(sub), "{sub}");
    }
}
