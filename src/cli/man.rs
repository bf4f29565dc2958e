//! The manual page (`escaque man`): clap_mangen's NAME, SYNOPSIS, DESCRIPTION, OPTIONS and
//! COMMANDS, then every command's own arguments, the keys of a game (from the default
//! keymap, so the page cannot disagree with the program), FILES, ENVIRONMENT and EXAMPLES.

use std::io::Write;

use clap_mangen::roff::{Roff, bold, italic, roman};

use crate::keymap::{Action, KeyStyle, Keymap};
use crate::lang::Lang;

/// Writes the whole page in roff to `out`.
pub fn render(cmd: clap::Command, out: &mut dyn Write) -> std::io::Result<()> {
    let mut cmd = cmd.disable_help_subcommand(true);
    cmd.build();
    let man = clap_mangen::Man::new(cmd.clone());
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    man.render_options_section(out)?;
    man.render_subcommands_section(out)?;
    let mut roff = Roff::default();
    commands(&mut roff, &cmd);
    keys(&mut roff);
    files(&mut roff);
    environment(&mut roff);
    examples(&mut roff);
    roff.to_writer(out)?;
    man.render_version_section(out)
}

/// One argument as the page shows it: `--engine-elo ELO`, `FILES…`.
fn arg_label(arg: &clap::Arg) -> Vec<clap_mangen::roff::Inline> {
    let values: Vec<String> = arg
        .get_value_names()
        .map(|v| v.iter().map(|s| s.to_string()).collect())
        .unwrap_or_else(|| vec![arg.get_id().as_str().to_uppercase()]);
    let takes_value = arg.get_num_args().is_some_and(|n| n.takes_values());
    let mut parts = Vec::new();
    if arg.is_positional() {
        let many = arg.get_num_args().is_some_and(|n| n.max_values() > 1);
        parts.push(italic(format!(
            "{}{}",
            values.join(" "),
            if many { "…" } else { "" }
        )));
        return parts;
    }
    let mut flags = Vec::new();
    if let Some(s) = arg.get_short() {
        flags.push(format!("-{s}"));
    }
    if let Some(l) = arg.get_long() {
        flags.push(format!("--{l}"));
    }
    parts.push(bold(flags.join(", ")));
    if takes_value {
        parts.push(roman(" "));
        parts.push(italic(values.join(" ")));
    }
    parts
}

/// Every command's arguments, each with its help line.
fn commands(roff: &mut Roff, cmd: &clap::Command) {
    roff.control("SH", ["COMMAND ARGUMENTS"]);
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let mut subs: Vec<(String, &clap::Command)> = vec![(sub.get_name().to_string(), sub)];
        subs.extend(
            sub.get_subcommands()
                .map(|s| (format!("{} {}", sub.get_name(), s.get_name()), s)),
        );
        for (name, c) in subs {
            let args: Vec<&clap::Arg> = c
                .get_arguments()
                .filter(|a| !a.is_hide_set() && a.get_id() != "help" && a.get_id() != "version")
                .collect();
            if args.is_empty() {
                continue;
            }
            roff.control("SS", [format!("escaque {name}").as_str()]);
            for arg in args {
                roff.control("TP", []);
                roff.text(arg_label(arg));
                let help = arg
                    .get_long_help()
                    .or_else(|| arg.get_help())
                    .map(|h| h.to_string())
                    .unwrap_or_default();
                let defaults: Vec<String> = arg
                    .get_default_values()
                    .iter()
                    .map(|v| v.to_string_lossy().into_owned())
                    .collect();
                let mut line = help;
                let takes_value = arg.get_num_args().is_some_and(|n| n.takes_values());
                let possible: Vec<String> = arg
                    .get_possible_values()
                    .iter()
                    .filter(|v| !v.is_hide_set())
                    .map(|v| v.get_name().to_string())
                    .collect();
                if takes_value && !possible.is_empty() && possible.len() <= 24 {
                    line.push_str(&format!(" [possible values: {}]", possible.join(", ")));
                }
                if takes_value && !defaults.is_empty() && !arg.is_positional() {
                    line.push_str(&format!(" [default: {}]", defaults.join(", ")));
                }
                roff.text([roman(line)]);
            }
        }
    }
}

/// The keys of a game, from the default keymap.
fn keys(roff: &mut Roff) {
    roff.control("SH", ["KEYS"]);
    roff.text([roman(
        "In a game on the full screen (the defaults; the [keys] table of the config file \
         changes them). A letter that starts a move (a to h, the piece letters, O for \
         castling) opens the command line with the move as typed; the command line also \
         reads commands in words (resign, draw, claim, help).",
    )]);
    let keymap = Keymap::default();
    for (keys, what) in keymap.help_for(Action::PLAY, Lang::En, KeyStyle::Ascii) {
        roff.control("TP", []);
        roff.text([bold(keys)]);
        roff.text([roman(what)]);
    }
}

fn files(roff: &mut Roff) {
    roff.control("SH", ["FILES"]);
    let entries = [
        (
            "~/.config/escaque/config.toml",
            "The settings: language, notation, theme, time control, the engine ([engine] \
             path, elo, skill_level, move_time_ms, max_move_time_ms, answer_timeout_ms), \
             keys. ESCAQUE_CONFIG names another file.",
        ),
        (
            "~/.config/escaque/themes/NAME.toml",
            "User themes (beside the config file), chosen with --theme NAME; a user theme \
             overrides a built-in one of the same name.",
        ),
        (
            "~/.local/share/escaque/",
            "The data directory (ESCAQUE_DATA_DIR names another).",
        ),
        (
            "~/.local/share/escaque/games/",
            "Games saved with s and kept unfinished games, as PGN.",
        ),
        (
            "~/.local/share/escaque/autosave/current.pgn",
            "The autosave of the game being played, written after every move; escaque \
             offers to resume it at the next start (--resume alone resumes it).",
        ),
        (
            "~/.local/share/escaque/envelopes/",
            "Sealed moves of adjourned games (Guidelines I).",
        ),
    ];
    tagged(roff, &entries, italic);
}

fn environment(roff: &mut Roff) {
    roff.control("SH", ["ENVIRONMENT"]);
    let entries = [
        (
            "NO_COLOR",
            "When set and not empty, the monochrome theme is used unless --theme or the \
             config chooses one (no-color.org).",
        ),
        (
            crate::config::ENV_CONFIG,
            "The settings file to read instead of ~/.config/escaque/config.toml.",
        ),
        (
            crate::config::ENV_DATA_DIR,
            "The data directory (saved games, autosave, envelopes) instead of \
             ~/.local/share/escaque.",
        ),
        (
            "TERM",
            "The terminal's type: the board is drawn with ASCII letters when it cannot \
             show chess pieces (linux, vt100, dumb), as with --ascii.",
        ),
        (
            "LANG, LC_ALL, LC_MESSAGES",
            "The interface language when neither --lang nor the config gives one: Spanish \
             for es_*, English otherwise. A locale (LC_ALL, LC_CTYPE, LANG) that is not \
             UTF-8 draws the board with ASCII letters.",
        ),
    ];
    tagged(roff, &entries, bold);
}

fn examples(roff: &mut Roff) {
    roff.control("SH", ["EXAMPLES"]);
    let entries = [
        (
            "escaque",
            "A game between two people at this terminal, 15+10.",
        ),
        (
            "escaque --tc 5+3 --black engine --engine-elo 1500",
            "Play White against Stockfish limited to 1500 Elo, five minutes and three \
             seconds a move.",
        ),
        (
            "escaque --white engine --engine-skill 3 --engine-movetime 500",
            "Play Black against Stockfish at skill level 3, thinking half a second a move.",
        ),
        (
            "escaque --screen-reader --lang es --names es",
            "The line mode for screen readers, in Spanish, with the Spanish square names.",
        ),
        (
            "escaque --resume",
            "Go on with the unfinished game of the autosave.",
        ),
        (
            "escaque replay game.pgn --game 3",
            "The arbiter's replay of the third game of game.pgn.",
        ),
        (
            "escaque adjudicate --format json games.pgn.zst",
            "Judge every game of a published archive by the Laws, one JSON line each.",
        ),
        (
            "escaque pgn convert --notation es games.pgn",
            "The games of games.pgn with Spanish piece letters.",
        ),
        ("escaque man | man -l -", "Read this page."),
    ];
    tagged(roff, &entries, bold);
}

/// A list of tagged paragraphs: each tag in its style, its text under it.
fn tagged(
    roff: &mut Roff,
    entries: &[(&str, &str)],
    style: fn(String) -> clap_mangen::roff::Inline,
) {
    for (tag, what) in entries {
        roff.control("TP", []);
        roff.text([style(tag.to_string())]);
        roff.text([roman(*what)]);
    }
}
