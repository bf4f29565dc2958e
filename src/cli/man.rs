//! The manual page (`escaque man`): clap_mangen's NAME, SYNOPSIS, DESCRIPTION, OPTIONS and
//! COMMANDS, then every command's own arguments, the keys of a game (from the default
//! keymap, so the page cannot disagree with the program), FILES, ENVIRONMENT and EXAMPLES.

use std::io::Write;

use clap_mangen::roff::{Roff, bold, italic, roman};

use crate::keymap::{Action, KeyStyle, Keymap};
use crate::lang::Lang;
use crate::speech::help::{self, ManSection};

/// Writes the whole page in roff to `out`, in `lang` (`cmd` is `cli::command(lang)`).
pub fn render(cmd: clap::Command, lang: Lang, out: &mut dyn Write) -> std::io::Result<()> {
    // The synopsis lists the options (clap_mangen's), rather than the help's usage line.
    let mut cmd = cmd.override_usage(Option::<&'static str>::None);
    cmd.build();
    let man = clap_mangen::Man::new(cmd.clone());
    man.render_title(out)?;
    if lang == Lang::Es {
        // groff's hyphenation patterns are English ones: Spanish words are not broken.
        let mut roff = Roff::default();
        roff.control("nh", []);
        roff.to_writer(out)?;
    }
    // clap_mangen's sections, under the headings in `lang`.
    let sections: [(ManSection, Section); 4] = [
        (ManSection::Name, clap_mangen::Man::render_name_section),
        (
            ManSection::Synopsis,
            clap_mangen::Man::render_synopsis_section,
        ),
        (
            ManSection::Description,
            clap_mangen::Man::render_description_section,
        ),
        (
            ManSection::Commands,
            clap_mangen::Man::render_subcommands_section,
        ),
    ];
    for (section, render) in sections {
        let mut text = Vec::new();
        render(&man, &mut text)?;
        out.write_all(retitled(&String::from_utf8_lossy(&text), section, lang).as_bytes())?;
        if section == ManSection::Description {
            let mut roff = Roff::default();
            options(&mut roff, &cmd, lang);
            roff.to_writer(out)?;
        }
    }
    let mut roff = Roff::default();
    commands(&mut roff, &cmd, lang);
    keys(&mut roff, lang);
    tagged(
        &mut roff,
        ManSection::Files,
        lang,
        &help::man_files(lang),
        italic,
    );
    let environment =
        help::man_environment(lang, crate::config::ENV_CONFIG, crate::config::ENV_DATA_DIR);
    tagged(&mut roff, ManSection::Environment, lang, &environment, bold);
    tagged(
        &mut roff,
        ManSection::Examples,
        lang,
        &help::man_examples(lang),
        bold,
    );
    roff.to_writer(out)?;
    let mut text = Vec::new();
    man.render_version_section(&mut text)?;
    out.write_all(retitled(&String::from_utf8_lossy(&text), ManSection::Version, lang).as_bytes())
}

/// One of clap_mangen's sections.
type Section = fn(&clap_mangen::Man, &mut dyn Write) -> std::io::Result<()>;

/// A section of clap_mangen's with its heading (its first `.SH` line) in `lang`.
fn retitled(roff: &str, section: ManSection, lang: Lang) -> String {
    let heading = heading(section, lang).to_roff();
    roff.lines()
        .map(|line| {
            if line.starts_with(".SH ") {
                heading.trim_end().to_string()
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// A section's heading line.
fn heading(section: ManSection, lang: Lang) -> Roff {
    let mut roff = Roff::default();
    roff.control("SH", [help::man_heading(section, lang)]);
    roff
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
        let optional = arg.get_num_args().is_some_and(|n| n.min_values() == 0);
        if optional {
            parts.extend([roman("["), italic(values.join(" ")), roman("]")]);
        } else {
            parts.push(italic(values.join(" ")));
        }
    }
    parts
}

/// The options of `escaque` itself (those of `play`).
fn options(roff: &mut Roff, cmd: &clap::Command, lang: Lang) {
    roff.control("SH", [help::man_heading(ManSection::Options, lang)]);
    for arg in cmd.get_arguments().filter(|a| !a.is_hide_set()) {
        argument(roff, arg, lang);
    }
}

/// Every command's arguments, each with its help line.
fn commands(roff: &mut Roff, cmd: &clap::Command, lang: Lang) {
    roff.control(
        "SH",
        [help::man_heading(ManSection::CommandArguments, lang)],
    );
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
                argument(roff, arg, lang);
            }
        }
    }
}

/// One argument: its name and value, its help with the default and the values, and the
/// values one by one when they say what they mean.
fn argument(roff: &mut Roff, arg: &clap::Arg, lang: Lang) {
    roff.control("TP", []);
    roff.text(arg_label(arg));
    let mut line = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
    let takes_value = arg.get_num_args().is_some_and(|n| n.takes_values());
    let defaults = crate::usage::help::default_values(arg);
    if takes_value && !defaults.is_empty() && !arg.is_hide_default_value_set() {
        line.push_str(&format!(" {}", help::default_values(lang, &defaults)));
    }
    let values = crate::usage::help::values(arg, lang);
    if takes_value && !values.is_empty() && !arg.is_hide_possible_values_set() {
        let names: Vec<String> = values.iter().map(|(n, _)| n.clone()).collect();
        line.push_str(&format!(" {}", help::possible_values(lang, &names)));
    }
    roff.text([roman(line)]);
    if values.iter().any(|(_, what)| what.is_some()) {
        roff.control("RS", []);
        for (name, what) in values {
            roff.control("IP", ["\\(bu", "2"]);
            roff.text([bold(name), roman(format!(": {}", what.unwrap_or_default()))]);
        }
        roff.control("RE", []);
    }
}

/// The keys of a game, from the default keymap.
fn keys(roff: &mut Roff, lang: Lang) {
    roff.control("SH", [help::man_heading(ManSection::Keys, lang)]);
    roff.text([roman(help::man_keys(lang))]);
    let keymap = Keymap::default();
    for (keys, what) in keymap.help_for(Action::PLAY, lang, KeyStyle::Ascii) {
        roff.control("TP", []);
        roff.text([bold(keys)]);
        roff.text([roman(what)]);
    }
}

/// A section of tagged paragraphs: each tag in its style, its text under it.
fn tagged(
    roff: &mut Roff,
    section: ManSection,
    lang: Lang,
    entries: &[(&str, &str)],
    style: fn(String) -> clap_mangen::roff::Inline,
) {
    roff.control("SH", [help::man_heading(section, lang)]);
    for (tag, what) in entries {
        roff.control("TP", []);
        roff.text([style(tag.to_string())]);
        roff.text([roman(*what)]);
    }
}
