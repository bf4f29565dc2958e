//! Reading a TOML file (config, theme, keymap) into a typed value with an error that names
//! the file, the line, the key and what was expected — the one place that turns a
//! `toml::de::Error` into words a user can act on. The problems are data
//! ([`TomlProblem`]); `speech::files` words them in the interface language, and their
//! `Display` is English, for logs.

use std::fmt;
use std::path::Path;

use serde::de::DeserializeOwned;

use crate::action::{KeyParseError, KeymapError};

/// A TOML file that could not be read or does not say what its type expects.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TomlFileError {
    /// The file as the user knows it: a path, or a theme's name.
    pub file: FileName,
    /// 1-based line of the problem, when known.
    pub line: Option<u32>,
    /// 1-based column, when known.
    pub column: Option<u32>,
    /// The dotted key the problem is under (`theme.cursor`, `keys.quit`), when known.
    pub key: Option<String>,
    /// What is wrong and what was expected (boxed: errors that carry it stay small).
    pub problem: Box<TomlProblem>,
    /// The text of the offending line, quoted in the message.
    pub source_line: Option<String>,
}

impl fmt::Display for TomlFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(line) = self.line {
            write!(f, ", line {line}")?;
            if let Some(col) = self.column {
                write!(f, ", column {col}")?;
            }
        }
        if let Some(key) = &self.key {
            write!(f, ", key `{key}`")?;
        }
        write!(f, ": {}", self.problem)?;
        if let Some(src) = &self.source_line {
            write!(f, " (in `{}`)", src.trim())?;
        }
        Ok(())
    }
}

impl std::error::Error for TomlFileError {}

/// A TOML file as the user knows it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FileName {
    /// A file on disk.
    Path(String),
    /// A theme built into the program, by name.
    BuiltInTheme(String),
    /// A theme asked for by name that is neither built in nor a user file.
    Theme(String),
}

impl fmt::Display for FileName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileName::Path(p) => f.write_str(p),
            FileName::BuiltInTheme(n) => write!(f, "built-in theme \"{n}\""),
            FileName::Theme(n) => write!(f, "theme \"{n}\""),
        }
    }
}

impl From<&str> for FileName {
    fn from(path: &str) -> FileName {
        FileName::Path(path.to_string())
    }
}

/// What is wrong in a TOML file of escaque's: the config, a theme, the config's keys.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum TomlProblem {
    /// The file cannot be read.
    #[error("cannot read it: {0}")]
    Unreadable(crate::fsutil::SystemError),
    /// The toml library's own words (bad syntax, a value of the wrong type, an unknown key):
    /// English, as the library writes them.
    #[error("{}", .0.trim_end())]
    Toml(String),
    /// A key name of the `[keys]` table that cannot be read.
    #[error("{0}")]
    KeyName(KeyParseError),
    /// A key bound to two actions after the `[keys]` table.
    #[error("{0}")]
    Keymap(KeymapError),
    /// A value the config's types take but its checks refuse.
    #[error("{0}")]
    Config(ConfigProblem),
    /// A theme that cannot be found, or a theme file that does not say a theme.
    #[error("{0}")]
    Theme(ThemeProblem),
}

/// A config value refused by the config's checks.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ConfigProblem {
    #[error(
        "\"?\" (unknown) is only for PGN files: expected a time control such as \"15+10\", \
         \"90/40+30:30+30\", \"3+2d\" or \"none\""
    )]
    UnknownTimeControl,
    #[error("expected the name of a theme (such as \"classic\" or \"high-contrast\"), found {0:?}")]
    ThemeName(String),
    #[error("expected numbers of seconds greater than 0, found 0")]
    ZeroWarning,
    #[error(
        "expected the engine's program (a path or a name such as \"stockfish\"), found an \
         empty text"
    )]
    EmptyEnginePath,
    #[error("expected a Skill Level from 0 to 20, found {0}")]
    SkillLevel(u8),
    #[error("expected an Elo rating greater than 0, found 0")]
    ZeroElo,
    #[error("expected a number of milliseconds greater than 0, found 0")]
    ZeroMilliseconds,
}

/// A theme that cannot be found or read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ThemeProblem {
    /// No built-in theme and no user file of that name.
    #[error(
        "no such theme: expected one of {}{}",
        built_in.join(", "),
        user_file.as_ref().map_or_else(String::new, |f| format!(", or a file {f}"))
    )]
    NoSuchTheme {
        built_in: Vec<String>,
        /// The user theme's file that would be read, when there is a themes folder.
        user_file: Option<String>,
    },
    #[error("theme \"{0}\" cannot be its own base")]
    OwnBase(String),
    /// The base theme itself is wrong.
    #[error("base theme: {0}")]
    Base(Box<TomlFileError>),
    #[error("expected the name of a theme in quotes, e.g. base = \"classic\"")]
    BaseNotName,
    #[error("expected a string in quotes")]
    DescriptionNotText,
    #[error("unknown theme key: expected one of description, base, {}", .0.join(", "))]
    UnknownKey(Vec<String>),
    /// A style that is not a table of `fg`, `bg`, `modifiers` (toml's words).
    #[error(
        "{}; expected a table like {{ fg = \"white\", bg = \"#b58863\", modifiers = [\"bold\"] }}",
        .0.trim_end()
    )]
    NotStyle(String),
    /// `fg` or `bg` is not a colour.
    #[error(
        "{side}: {text:?} is not a colour: expected \"#rrggbb\", \"indexed:N\" (0-255) or one \
         of {}",
        names.join(", ")
    )]
    Colour {
        side: &'static str,
        text: String,
        names: Vec<String>,
    },
    #[error(
        "modifier {0:?} unknown: expected bold, dim, italic, underlined, reversed, \
         crossed_out, slow_blink, rapid_blink or hidden"
    )]
    Modifier(String),
    /// A theme without a base that leaves a key out.
    #[error(
        "the key `{0}` is missing: give every key, or `base = \"classic\"` to take the \
         others from a built-in theme"
    )]
    MissingKey(String),
}

impl TomlFileError {
    /// An error about a key found after parsing (an unknown theme colour, a bad key name),
    /// located by searching the text for that key's line.
    pub fn at_key(
        file: impl Into<FileName>,
        text: &str,
        key: &str,
        problem: impl Into<TomlProblem>,
    ) -> Self {
        let leaf = key.rsplit('.').next().unwrap_or(key);
        let found = text.lines().enumerate().find(|(_, l)| {
            let t = l.trim_start();
            t.strip_prefix(leaf)
                .or_else(|| t.strip_prefix(&format!("\"{leaf}\"")))
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        });
        TomlFileError {
            file: file.into(),
            line: found.map(|(i, _)| i as u32 + 1),
            column: None,
            key: Some(key.to_string()),
            problem: Box::new(problem.into()),
            source_line: found.map(|(_, l)| l.to_string()),
        }
    }

    /// An error with no position (the file could not be read at all).
    pub fn whole_file(file: impl Into<FileName>, problem: impl Into<TomlProblem>) -> Self {
        TomlFileError {
            file: file.into(),
            line: None,
            column: None,
            key: None,
            problem: Box::new(problem.into()),
            source_line: None,
        }
    }
}

/// Parses `text` (the contents of `file`) as a `T`.
pub fn parse<T: DeserializeOwned>(
    file: impl Into<FileName>,
    text: &str,
) -> Result<T, TomlFileError> {
    toml::from_str(text).map_err(|e| locate(file.into(), text, &e))
}

/// Reads and parses the file at `path`.
pub fn read<T: DeserializeOwned>(path: &Path) -> Result<T, TomlFileError> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| TomlFileError::whole_file(&file, TomlProblem::Unreadable((&e).into())))?;
    parse(file.as_str(), &text)
}

/// Line, column, key and source line of a toml error.
fn locate(file: FileName, text: &str, e: &toml::de::Error) -> TomlFileError {
    let mut err = TomlFileError::whole_file(file, TomlProblem::Toml(e.message().to_string()));
    let Some(span) = e.span() else {
        return err;
    };
    let start = span.start.min(text.len());
    let before = &text[..start];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = text[line_start..start].chars().count() + 1;
    let line_text = text[line_start..].lines().next().unwrap_or("");
    err.line = Some(line as u32);
    err.column = Some(column as u32);
    err.source_line = Some(line_text.to_string());
    err.key = key_at(&text[..line_start], line_text);
    err
}

/// The dotted key of the line `line_text`, whose preceding lines are `above`: the last
/// `[table]` header above it, then the key left of `=` on the line.
fn key_at(above: &str, line_text: &str) -> Option<String> {
    let table = above
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| l.starts_with('['))
        .map(|l| l.trim_matches(|c| c == '[' || c == ']').trim().to_string());
    let key = line_text
        .split_once('=')
        .map(|(k, _)| k.trim().trim_matches('"').to_string())
        .filter(|k| !k.is_empty() && !k.starts_with('#'));
    match (table, key) {
        (Some(t), Some(k)) => Some(format!("{t}.{k}")),
        (None, Some(k)) => Some(k),
        (Some(t), None) if line_text.trim_start().starts_with('[') => None.or(Some(t)),
        _ => None,
    }
}

impl From<&String> for FileName {
    fn from(path: &String) -> FileName {
        FileName::Path(path.clone())
    }
}

impl From<&FileName> for FileName {
    fn from(file: &FileName) -> FileName {
        file.clone()
    }
}

impl From<ConfigProblem> for TomlProblem {
    fn from(p: ConfigProblem) -> TomlProblem {
        TomlProblem::Config(p)
    }
}

impl From<ThemeProblem> for TomlProblem {
    fn from(p: ThemeProblem) -> TomlProblem {
        TomlProblem::Theme(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Sample {
        name: String,
        board: Board,
    }

    #[derive(serde::Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Board {
        size: u32,
    }

    #[test]
    fn wrong_type_names_line_and_key() {
        let text = "name = \"x\"\n\n[board]\nsize = \"big\"\n";
        let e = parse::<Sample>("my.toml", text).unwrap_err();
        assert_eq!(e.line, Some(4));
        assert_eq!(e.key.as_deref(), Some("board.size"));
        let s = e.to_string();
        assert!(s.starts_with("my.toml, line 4"), "{s}");
        assert!(s.contains("board.size"), "{s}");
        assert!(s.contains("size = \"big\""), "{s}");
    }

    #[test]
    fn unknown_key_right_below_its_table_header_names_the_table() {
        let text = "name = \"x\"\n[board]\nsise = 3\n";
        let e = parse::<Sample>("f.toml", text).unwrap_err();
        assert_eq!(e.line, Some(3), "{e}");
        assert_eq!(e.key.as_deref(), Some("board.sise"), "{e}");
    }

    #[test]
    fn syntax_error_has_a_line() {
        let e = parse::<Sample>("f.toml", "name = \"x\nboard = 1\n").unwrap_err();
        assert!(e.line.is_some(), "{e}");
        assert!(e.to_string().starts_with("f.toml, line "), "{e}");
    }

    #[test]
    fn at_key_finds_the_line() {
        let text = "[colours]\ncursor = \"nope\"\n";
        let e = TomlFileError::at_key(
            "t.toml",
            text,
            "colours.cursor",
            ThemeProblem::Modifier("nope".into()),
        );
        assert_eq!(e.line, Some(2));
        assert!(
            e.to_string()
                .starts_with("t.toml, line 2, key `colours.cursor`: modifier \"nope\" unknown"),
            "{e}"
        );
        assert!(e.to_string().ends_with(" (in `cursor = \"nope\"`)"), "{e}");
    }
}
