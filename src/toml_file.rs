//! Reading a TOML file (config, theme, keymap) into a typed value with an error that names
//! the file, the line, the key and what was expected — the one place that turns a
//! `toml::de::Error` into words a user can act on.

use std::fmt;
use std::path::Path;

use serde::de::DeserializeOwned;

/// A TOML file that could not be read or does not say what its type expects.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TomlFileError {
    /// The file as the user knows it (a path, or `built-in theme "classic"`).
    pub file: String,
    /// 1-based line of the problem, when known.
    pub line: Option<u32>,
    /// 1-based column, when known.
    pub column: Option<u32>,
    /// The dotted key the problem is under (`theme.cursor`, `keys.quit`), when known.
    pub key: Option<String>,
    /// What is wrong and what was expected, in toml's or the type's words.
    pub message: String,
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
        write!(f, ": {}", self.message.trim_end())?;
        if let Some(src) = &self.source_line {
            write!(f, " (in `{}`)", src.trim())?;
        }
        Ok(())
    }
}

impl std::error::Error for TomlFileError {}

impl TomlFileError {
    /// An error about a key found after parsing (an unknown theme colour, a bad key name),
    /// located by searching the text for that key's line.
    pub fn at_key(file: &str, text: &str, key: &str, message: impl Into<String>) -> Self {
        let leaf = key.rsplit('.').next().unwrap_or(key);
        let found = text.lines().enumerate().find(|(_, l)| {
            let t = l.trim_start();
            t.strip_prefix(leaf)
                .or_else(|| t.strip_prefix(&format!("\"{leaf}\"")))
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        });
        TomlFileError {
            file: file.to_string(),
            line: found.map(|(i, _)| i as u32 + 1),
            column: None,
            key: Some(key.to_string()),
            message: message.into(),
            source_line: found.map(|(_, l)| l.to_string()),
        }
    }

    /// An error with no position (the file could not be read at all).
    pub fn whole_file(file: &str, message: impl Into<String>) -> Self {
        TomlFileError {
            file: file.to_string(),
            line: None,
            column: None,
            key: None,
            message: message.into(),
            source_line: None,
        }
    }
}

/// Parses `text` (the contents of `file`) as a `T`.
pub fn parse<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, TomlFileError> {
    toml::from_str(text).map_err(|e| locate(file, text, &e))
}

/// Reads and parses the file at `path`.
pub fn read<T: DeserializeOwned>(path: &Path) -> Result<T, TomlFileError> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| TomlFileError::whole_file(&file, format!("cannot read it: {e}")))?;
    parse(&file, &text)
}

/// Line, column, key and source line of a toml error.
fn locate(file: &str, text: &str, e: &toml::de::Error) -> TomlFileError {
    let mut err = TomlFileError::whole_file(file, e.message());
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
        let e = TomlFileError::at_key("t.toml", text, "colours.cursor", "not a colour");
        assert_eq!(e.line, Some(2));
        assert_eq!(
            e.to_string(),
            "t.toml, line 2, key `colours.cursor`: not a colour (in `cursor = \"nope\"`)"
        );
    }
}
