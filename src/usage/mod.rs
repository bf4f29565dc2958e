//! clap's refusals of a command line in Spanish, for every reader of one: `escaque`'s own
//! (`cli`) and the options an SSH client gives after `--` (`modes::serve`). clap says its
//! refusals in English; this maps each to `speech::help`'s [`UsageProblem`], whose words
//! are in speech. Also the `--lang` a command line gives, found before it is understood,
//! and ([`help`]) a clap command with every text in Spanish.

pub mod help;

use crate::lang::Lang;
use crate::speech::help::{UsageProblem, help_words, usage_problem};

/// The language a command line asks for with `--lang L` or `--lang=L` (before a `--`),
/// if any: its words, `None` for a word that is not text.
pub fn lang_in_args<'a>(words: impl IntoIterator<Item = Option<&'a str>>) -> Option<Lang> {
    let mut words = words.into_iter();
    while let Some(word) = words.next() {
        let value = match word {
            Some("--") => return None,
            Some("--lang") => words.next().flatten(),
            Some(w) => w.strip_prefix("--lang="),
            None => None,
        };
        if let Some(lang) = value.and_then(|v| v.parse().ok()) {
            return Some(lang);
        }
    }
    None
}

/// clap's refusal of a Spanish command line, in Spanish: `error: …`, the usage and where to
/// read more, as clap lays it out (the rarer refusals quote clap's English description).
/// `None` for the help and the version, which are not errors.
pub fn spanish_refusal(e: &clap::Error) -> Option<String> {
    use UsageProblem as P;
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let strings = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => vec![s.clone()],
        Some(ContextValue::Strings(v)) => v.clone(),
        _ => Vec::new(),
    };
    let string = |kind| strings(kind).into_iter().next();
    let arg = string(ContextKind::InvalidArg);
    let problem = match e.kind() {
        ErrorKind::UnknownArgument => P::UnknownArgument {
            arg: arg?,
            similar: string(ContextKind::SuggestedArg),
        },
        ErrorKind::InvalidSubcommand => P::UnknownCommand {
            name: string(ContextKind::InvalidSubcommand)?,
            similar: string(ContextKind::SuggestedSubcommand),
        },
        ErrorKind::InvalidValue => match string(ContextKind::InvalidValue)? {
            value if value.is_empty() => P::MissingValue { arg: arg? },
            value => P::InvalidValue {
                arg: arg?,
                value,
                valid: strings(ContextKind::ValidValue),
            },
        },
        ErrorKind::ValueValidation => match range(e) {
            Some((low, high)) => P::OutOfRange {
                arg: arg?,
                value: string(ContextKind::InvalidValue)?,
                low,
                high,
            },
            None => P::InvalidValue {
                arg: arg?,
                value: string(ContextKind::InvalidValue)?,
                valid: Vec::new(),
            },
        },
        ErrorKind::ArgumentConflict => match (arg, string(ContextKind::InvalidSubcommand)) {
            (Some(arg), _) => P::Conflict {
                arg,
                with: strings(ContextKind::PriorArg).join(", "),
            },
            (None, name) => P::CommandConflict {
                name: name?,
                with: strings(ContextKind::PriorArg).join(", "),
            },
        },
        ErrorKind::MissingRequiredArgument => P::MissingRequired {
            args: strings(ContextKind::InvalidArg),
        },
        ErrorKind::NoEquals | ErrorKind::TooManyValues => P::UnexpectedValue {
            arg: arg?,
            value: string(ContextKind::InvalidValue)?,
        },
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => return None,
        kind => P::Other {
            clap: kind.as_str().unwrap_or("?").to_string(),
        },
    };
    let words = help_words(Lang::Es);
    let mut said = format!("error: {}\n", usage_problem(&problem, Lang::Es));
    if let Some(ContextValue::StyledStr(usage)) = e.get(ContextKind::Usage) {
        let usage = usage.to_string();
        let usage = usage.strip_prefix("Usage: ").unwrap_or(&usage);
        said.push_str(&format!("\n{} {usage}\n", words.usage));
    }
    said.push_str(&format!("\n{}\n", words.more_info));
    Some(said)
}

/// The bounds of clap's range check (`21 is not in 0..=20`, `0 is not in 1..=4294967295`):
/// the top one `None` when it is only the type's limit.
fn range(e: &clap::Error) -> Option<(u64, Option<u64>)> {
    let text = std::error::Error::source(e)?.to_string();
    let (_, range) = text.split_once(" is not in ")?;
    let (low, high) = range.split_once("..")?;
    let high: u64 = match high.strip_prefix('=') {
        Some(high) => high.parse().ok()?,
        None => high.parse::<u64>().ok()?.checked_sub(1)?,
    };
    let limits = [u8::MAX.into(), u16::MAX.into(), u32::MAX.into(), u64::MAX];
    Some((low.parse().ok()?, (!limits.contains(&high)).then_some(high)))
}
