//! The command line in the interface language. clap takes the English of every command and
//! argument from the doc comments; for Spanish, [`spanish`] walks the built command and puts
//! in the words of `speech::help`: the descriptions, the placeholders (`<CONTROL>`), the
//! headings, `Uso:`, the `[por omisión: …]` and `[valores: …]` that clap would write in
//! English (hidden and written from the argument's own values, so they cannot drift).

use clap::builder::PossibleValue;
use clap::{Arg, Command};

use crate::lang::Lang;
use crate::speech::help::{self, HelpWords};

/// `cmd` with every text in Spanish (built: clap's own `--help`, `--version` and `help`
/// are there to be worded too).
pub(crate) fn spanish(mut cmd: Command) -> Command {
    cmd.build();
    command(cmd, "")
}

/// One command and, below it, its commands; `path` is its place (`""`, `"pgn check"`).
fn command(mut cmd: Command, path: &str) -> Command {
    let words = help::help_words(Lang::Es);
    if let Some((about, long_about)) = help::command_es(path) {
        cmd = cmd.about(about).long_about(long_about);
    }
    cmd = cmd.mut_args(|arg| argument(arg, path, &words));
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in names {
        let below = format!("{path} {name}").trim_start().to_string();
        cmd = cmd.mut_subcommand(name, |sub| command(sub, &below));
    }
    if cmd.has_subcommands() {
        if let Some(name) = help::value_name_es("COMMAND") {
            cmd = cmd.subcommand_value_name(name);
        }
    }
    let usage = usage(&mut cmd, &words);
    let template = template(&cmd, &words);
    cmd.override_usage(usage).help_template(template)
}

/// One argument in Spanish: its help with the default and the values written out, its
/// placeholders; clap's `-h`/`--help` and `-V`/`--version` too.
fn argument(arg: Arg, path: &str, words: &HelpWords) -> Arg {
    let id = arg.get_id().as_str().to_string();
    if id == "help" && arg.get_long_help().is_some() {
        return arg.help(words.help_more).long_help(words.help_summary);
    }
    let Some(text) = help::arg_es(path, &id) else {
        return arg;
    };
    let takes_values = arg.get_num_args().is_some_and(|n| n.takes_values());
    let mut arg = arg;
    if takes_values {
        if let Some(names) = arg.get_value_names() {
            let names: Vec<&'static str> = names
                .iter()
                .map(|n| help::value_name_es(n.as_str()).unwrap_or(""))
                .collect();
            if names.iter().all(|n| !n.is_empty()) {
                arg = arg.value_names(names);
            }
        }
    }
    let defaults = default_values(&arg);
    let default = (takes_values && !defaults.is_empty() && !arg.is_hide_default_value_set())
        .then(|| help::default_values(Lang::Es, &defaults));
    let values = values(&arg, Lang::Es);
    let listed =
        (takes_values && !values.is_empty() && !arg.is_hide_possible_values_set()).then(|| {
            let names: Vec<String> = values.iter().map(|(n, _)| n.clone()).collect();
            help::possible_values(Lang::Es, &names)
        });
    // As clap: `[por omisión: …] [valores: …]` after the help; in the long help, when the
    // values say what they mean, one a line with it, then the default.
    let short = [Some(text.to_string()), default.clone(), listed]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    let long = values.iter().any(|(_, what)| what.is_some()).then(|| {
        let width = values
            .iter()
            .map(|(n, _)| n.chars().count())
            .max()
            .unwrap_or(0);
        let mut long = format!("{text}\n\n{}", words.values);
        for (name, what) in &values {
            let pad = " ".repeat(width - name.chars().count());
            long.push_str(&format!(
                "\n- {name}:{pad} {}",
                what.as_deref().unwrap_or("")
            ));
        }
        if let Some(default) = &default {
            long.push_str(&format!("\n\n{default}"));
        }
        long
    });
    let arg = arg
        .help(short)
        .hide_default_value(true)
        .hide_possible_values(true);
    match long {
        Some(long) => arg.long_help(long),
        None => arg,
    }
}

/// The argument's default values, as typed.
pub(crate) fn default_values(arg: &Arg) -> Vec<String> {
    arg.get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect()
}

/// The values an argument takes (when it names them), each with what it means in `lang`.
pub(crate) fn values(arg: &Arg, lang: Lang) -> Vec<(String, Option<String>)> {
    let id = arg.get_id().as_str();
    arg.get_possible_values()
        .iter()
        .filter(|v| !v.is_hide_set())
        .map(|v: &PossibleValue| {
            let what = match lang {
                Lang::En => v.get_help().map(|h| h.to_string()),
                Lang::Es => help::value_es(id, v.get_name())
                    .map(str::to_string)
                    .or_else(|| v.get_help().map(|h| h.to_string())),
            };
            (v.get_name().to_string(), what)
        })
        .collect()
}

/// The usage line as clap makes it, its `[OPTIONS]` and heading in Spanish.
fn usage(cmd: &mut Command, words: &HelpWords) -> String {
    let style = *cmd.get_styles().get_usage();
    let clap_heading = format!("{}Usage:{} ", style.render(), style.render_reset());
    let rendered = cmd.render_usage().ansi().to_string();
    let usage = rendered.strip_prefix(&clap_heading).unwrap_or(&rendered);
    // The second form is aligned under the first, after the heading.
    let (from, to) = (
        format!("\n{}", " ".repeat("Usage: ".len())),
        format!("\n{}", " ".repeat(words.usage.chars().count() + 1)),
    );
    usage
        .replace("[OPTIONS]", &format!("[{}]", words.options.to_uppercase()))
        .replace(&from, &to)
}

/// clap's help layout with the Spanish headings: the commands, the arguments and the
/// options, each when there are some.
fn template(cmd: &Command, words: &HelpWords) -> String {
    let styles = cmd.get_styles();
    let (header, usage) = (styles.get_header(), styles.get_usage());
    let heading = |text: &str| format!("{}{text}:{}", header.render(), header.render_reset());
    let mut sections = Vec::new();
    if cmd.get_subcommands().any(|s| !s.is_hide_set()) {
        sections.push(format!("{}\n{{subcommands}}", heading(words.commands)));
    }
    if cmd.get_positionals().any(|a| !a.is_hide_set()) {
        sections.push(format!("{}\n{{positionals}}", heading(words.arguments)));
    }
    if cmd.get_opts().any(|a| !a.is_hide_set())
        || cmd
            .get_arguments()
            .any(|a| !a.is_positional() && !a.is_hide_set())
    {
        sections.push(format!("{}\n{{options}}", heading(words.options)));
    }
    let mut template = format!(
        "{{before-help}}{{about-with-newline}}\n{}{}{} {{usage}}",
        usage.render(),
        words.usage,
        usage.render_reset()
    );
    if !sections.is_empty() {
        template.push_str("\n\n");
        template.push_str(&sections.join("\n\n"));
    }
    template.push_str("{after-help}");
    template
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::usage::spanish_refusal as usage_error;
    use std::collections::HashMap;

    fn built(lang: Lang) -> Command {
        let mut cmd = crate::cli::command(lang);
        cmd.build();
        cmd
    }

    /// Every visible command and argument, with its path and its text, in `lang`.
    fn texts(cmd: &Command, path: &str, out: &mut Vec<(String, String)>) {
        let about = cmd.get_about().map(|a| a.to_string()).unwrap_or_default();
        out.push((format!("command [{path}]"), about));
        if let Some(long) = cmd.get_long_about() {
            out.push((format!("command [{path}] long"), long.to_string()));
        }
        for arg in cmd.get_arguments().filter(|a| !a.is_hide_set()) {
            let help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
            out.push((format!("[{path}] {}", arg.get_id()), help));
            if let Some(names) = arg.get_value_names() {
                if arg.get_num_args().is_some_and(|n| n.takes_values()) {
                    let names: Vec<&str> = names.iter().map(|n| n.as_str()).collect();
                    out.push((format!("[{path}] {} value", arg.get_id()), names.join(" ")));
                }
            }
            for (value, what) in values(arg, Lang::Es) {
                if let Some(what) = what {
                    out.push((format!("[{path}] {} = {value}", arg.get_id()), what));
                }
            }
        }
        for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
            let below = format!("{path} {}", sub.get_name())
                .trim_start()
                .to_string();
            texts(sub, &below, out);
        }
    }

    /// Placeholders written alike in both languages.
    const SAME_PLACEHOLDERS: &[&str] = &["ELO", "MS", "FEN", "N"];

    /// A new command, option or value without its Spanish fails here: every text of the
    /// Spanish command differs from the English one (the values' help is compared with
    /// clap's English of the same value).
    #[test]
    fn every_command_and_argument_has_its_spanish() {
        let (mut es, mut en) = (Vec::new(), Vec::new());
        texts(&built(Lang::Es), "", &mut es);
        texts(&built(Lang::En), "", &mut en);
        let english: HashMap<String, String> = en.into_iter().collect();
        let mut missing = Vec::new();
        let mut spanish_of = HashMap::new();
        for (what, text) in &es {
            let english_text = if what.contains(" = ") {
                // `values` gives the Spanish; the English is the value's own help.
                let (at, value) = what.split_once(" = ").unwrap();
                let cmd = built(Lang::En);
                let path = at[1..at.find(']').unwrap()].to_string();
                let id = at[at.find(']').unwrap() + 2..].to_string();
                let sub = path
                    .split_whitespace()
                    .fold(&cmd, |c, name| c.find_subcommand(name).unwrap());
                let arg = sub
                    .get_arguments()
                    .find(|a| a.get_id() == id.as_str())
                    .unwrap();
                values(arg, Lang::En)
                    .into_iter()
                    .find(|(v, _)| v == value)
                    .and_then(|(_, h)| h)
                    .unwrap_or_default()
            } else {
                english.get(what).cloned().unwrap_or_default()
            };
            let same_placeholder =
                what.ends_with(" value") && text.split(' ').all(|p| SAME_PLACEHOLDERS.contains(&p));
            if text.is_empty() || (text == &english_text && !same_placeholder) {
                missing.push(format!("{what}: {text:?}"));
            }
            // One Spanish for one English: a text shared by several commands means the
            // same in each.
            if let Some(other) = spanish_of.insert(text.clone(), english_text.clone()) {
                if other != english_text && !what.ends_with(" value") {
                    missing.push(format!(
                        "{what}: {text:?} says both {other:?} and {english_text:?}"
                    ));
                }
            }
        }
        assert!(
            missing.is_empty(),
            "without Spanish:\n{}",
            missing.join("\n")
        );
        assert!(es.len() > 100, "{}", es.len());
    }

    #[test]
    fn the_spanish_help_has_spanish_headings_and_notes_and_no_english_ones() {
        let mut cmd = built(Lang::Es);
        let play = cmd.find_subcommand_mut("replay").unwrap();
        let short = play.render_help().to_string();
        let long = play.render_long_help().to_string();
        for help in [&short, &long] {
            for spanish in [
                "Uso: escaque replay [OPCIONES] <FICHERO>",
                "Argumentos:",
                "Opciones:",
            ] {
                assert!(help.contains(spanish), "{spanish}: {help}");
            }
            for english in [
                "Usage",
                "Options",
                "Arguments",
                "default",
                "possible values",
                "Print",
            ] {
                assert!(!help.contains(english), "{english}: {help}");
            }
            assert!(help.lines().all(|l| l.chars().count() <= 80), "{help}");
        }
        // Wrapped at 80 columns: compared word by word.
        let short = short.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(short.contains("desde 1 [por omisión: 1]"), "{short}");
        assert!(
            short.contains("[por omisión: en] [valores: en, es]"),
            "{short}"
        );
        assert!(long.contains("Valores:\n"), "{long}");
        assert!(long.contains("- es: R D T A C (español)"), "{long}");
    }

    #[test]
    fn clap_errors_are_said_in_spanish_quoting_the_input() {
        let error = |args: &[&str]| {
            let e = built(Lang::Es)
                .try_get_matches_from(std::iter::once("escaque").chain(args.iter().copied()))
                .unwrap_err();
            usage_error(&e).unwrap_or_else(|| panic!("{args:?}: {e}"))
        };
        let said = error(&["--tcc", "3"]);
        assert!(
            said.starts_with("error: argumento inesperado '--tcc'"),
            "{said}"
        );
        assert!(said.contains("hay uno parecido: '--tc'"), "{said}");
        assert!(
            said.contains("\nUso: escaque [OPCIONES]\n     escaque <ORDEN>\n"),
            "{said}"
        );
        assert!(
            said.ends_with("Para más información, pruebe '--help'.\n"),
            "{said}"
        );
        let said = error(&["play", "--white", "robot"]);
        assert!(
            said.contains(
                "valor 'robot' no válido para '--white <QUIÉN>'\n  [valores: human, engine]"
            ),
            "{said}"
        );
        let said = error(&["--engine-skill", "21"]);
        assert!(
            said.contains(
                "valor '21' no válido para '--engine-skill <NIVEL>': se espera un número de 0 a \
                 20"
            ),
            "{said}"
        );
        let said = error(&["replay", "a.pgn", "--game", "0"]);
        assert!(
            said.contains("se espera un número de 1 en adelante"),
            "{said}"
        );
        let said = error(&["perft", "--chess960", "960", "1"]);
        assert!(said.contains("de 0 a 959"), "{said}");
        let said = error(&["--lang", "fr"]);
        assert!(
            said.contains("valor 'fr' no válido para '--lang <IDIOMA>'\n  [valores: es, en]"),
            "{said}"
        );
        let said = error(&["--tc"]);
        assert!(
            said.contains("'--tc <CONTROL>' necesita un valor"),
            "{said}"
        );
        let said = error(&["perft"]);
        assert!(
            said.contains("faltan argumentos necesarios: <PROFUNDIDAD>"),
            "{said}"
        );
        let said = error(&["--engine-elo", "9", "--engine-skill", "3"]);
        assert!(said.contains("no se puede usar con"), "{said}");
        let said = error(&["--lang", "es", "tc", "5+3"]);
        assert!(
            said.starts_with("error: la orden 'tc' no se puede usar con '--lang <IDIOMA>'"),
            "{said}"
        );
        let said = error(&["juega"]);
        assert!(
            said.starts_with("error: orden desconocida 'juega'"),
            "{said}"
        );
        let help = built(Lang::Es)
            .try_get_matches_from(["escaque", "--help"])
            .unwrap_err();
        assert_eq!(usage_error(&help), None, "the help is not an error");
    }
}
