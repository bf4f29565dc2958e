//! Themes: semantic styles (light_square, cursor, clock_running, flag …) read from TOML.
//!
//! Four themes are built in (`themes/*.toml`, embedded with `include_str!`): `classic`,
//! `high-contrast`, `monochrome` (no colours at all, only bold, reverse, underline: for
//! `NO_COLOR` and plain terminals) and `colour-blind` (the Okabe–Ito palette). A user file
//! `<dir>/<name>.toml` overrides the built-in theme of that name.
//!
//! A theme file:
//!
//! ```toml
//! description = "My theme"
//! base = "classic"            # optional: keys not given here come from this theme
//! light_square = { bg = "#f0d9b5" }
//! cursor = { bg = "indexed:75", fg = "black", modifiers = ["bold"] }
//! ```
//!
//! Colours: `"#rrggbb"`, a named colour (`black`, `red`, `green`, `yellow`, `blue`,
//! `magenta`, `cyan`, `gray`, `darkgray`, `lightred`, `lightgreen`, `lightyellow`,
//! `lightblue`, `lightmagenta`, `lightcyan`, `white`, `reset`) or `"indexed:N"` (0–255).
//! Modifiers: `bold`, `dim`, `italic`, `underlined`, `reversed`, `crossed_out`,
//! `slow_blink`, `rapid_blink`, `hidden`. Without `base`, every key must be given.

use std::collections::BTreeMap;
use std::path::Path;

use ratatui::style::{Color, Modifier, Style};
use serde::Deserialize;

use crate::toml_file::{self, FileName, ThemeProblem, TomlFileError, TomlProblem};

macro_rules! theme_keys {
    ($($(#[$doc:meta])* $field:ident => $variant:ident),* $(,)?) => {
        /// The semantic keys of a theme, one per thing the screen shows.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum ThemeKey { $($variant),* }

        impl ThemeKey {
            /// Every key, in the order of the theme files.
            pub const ALL: &'static [ThemeKey] = &[$(ThemeKey::$variant),*];

            /// The key's name in a theme file.
            pub fn name(self) -> &'static str {
                match self { $(ThemeKey::$variant => stringify!($field)),* }
            }

            pub fn from_name(name: &str) -> Option<ThemeKey> {
                match name { $(stringify!($field) => Some(ThemeKey::$variant),)* _ => None }
            }
        }

        /// A theme: one ratatui [`Style`] per semantic key.
        #[derive(Clone, PartialEq, Eq, Debug, Default)]
        pub struct Theme {
            /// The theme's name (`classic`, or the user file's stem).
            pub name: String,
            pub description: String,
            $($(#[$doc])* pub $field: Style,)*
        }

        impl Theme {
            /// The style of `key`.
            pub fn style(&self, key: ThemeKey) -> Style {
                match key { $(ThemeKey::$variant => self.$field),* }
            }

            fn style_mut(&mut self, key: ThemeKey) -> &mut Style {
                match key { $(ThemeKey::$variant => &mut self.$field),* }
            }
        }
    };
}

theme_keys! {
    /// Light squares of the board.
    light_square => LightSquare,
    /// Dark squares of the board.
    dark_square => DarkSquare,
    /// White's pieces (patched over the square).
    white_piece => WhitePiece,
    /// Black's pieces.
    black_piece => BlackPiece,
    /// The two squares of the last move (mark `*`).
    last_move => LastMove,
    /// The square of a king in check (mark `+`).
    check => Check,
    /// The keyboard cursor (brackets `[ ]`).
    cursor => Cursor,
    /// The selected piece (parentheses `( )`), and the highlighted ply in the scoresheet.
    selected => Selected,
    /// The legal targets of the selected piece (`·`, `×` on a capture).
    legal_target => LegalTarget,
    /// The file letters and rank numbers.
    coordinates => Coordinates,
    /// Pane borders.
    border => Border,
    /// Pane titles and the title line.
    title => Title,
    /// Ordinary text.
    text => Text,
    /// Secondary text (periods, clock readings, move numbers).
    dim => Dim,
    /// The clock that runs (marker `>`/`▶`).
    clock_running => ClockRunning,
    /// The clock that waits.
    clock_idle => ClockIdle,
    /// A clock under the low-time limit (mark `!`).
    low_time => LowTime,
    /// A fallen flag (the word FLAG).
    flag => Flag,
    /// The word "paused".
    paused => Paused,
    /// The status line (announcement and hints).
    status => Status,
    /// The prompt (command line, questions).
    prompt => Prompt,
    /// Error messages.
    error => Error,
    /// The arbiter's findings, claims and penalties in the scoresheet.
    finding => Finding,
}

/// The built-in themes: name and TOML text.
const BUILT_IN: &[(&str, &str)] = &[
    ("classic", include_str!("../../themes/classic.toml")),
    (
        "high-contrast",
        include_str!("../../themes/high-contrast.toml"),
    ),
    ("monochrome", include_str!("../../themes/monochrome.toml")),
    (
        "colour-blind",
        include_str!("../../themes/colour-blind.toml"),
    ),
];

/// The style of one key as written in a file.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
struct StyleSpec {
    fg: Option<String>,
    bg: Option<String>,
    #[serde(default)]
    modifiers: Vec<String>,
}

impl Theme {
    /// The names of the built-in themes.
    pub fn names() -> Vec<&'static str> {
        BUILT_IN.iter().map(|(n, _)| *n).collect()
    }

    /// The theme called `name`: the user's `<user_dir>/<name>.toml` when it exists, else the
    /// built-in one. An unknown name, or a file that does not say a theme, is an error that
    /// names the file, the line and the key.
    pub fn load(name: &str, user_dir: Option<&Path>) -> Result<Theme, TomlFileError> {
        Theme::load_with_depth(name, user_dir, 0)
    }

    fn load_with_depth(
        name: &str,
        user_dir: Option<&Path>,
        depth: usize,
    ) -> Result<Theme, TomlFileError> {
        if let Some(dir) = user_dir {
            let path = dir.join(format!("{name}.toml"));
            if path.is_file() {
                let file = path.display().to_string();
                let text = std::fs::read_to_string(&path).map_err(|e| {
                    TomlFileError::whole_file(&file, TomlProblem::Unreadable((&e).into()))
                })?;
                return Theme::parse_named(name, &FileName::Path(file), &text, user_dir, depth);
            }
        }
        match BUILT_IN.iter().find(|(n, _)| *n == name) {
            Some((n, text)) => {
                Theme::parse_named(n, &FileName::BuiltInTheme(n.to_string()), text, None, depth)
            }
            None => Err(TomlFileError::whole_file(
                FileName::Theme(name.to_string()),
                ThemeProblem::NoSuchTheme {
                    built_in: Theme::names().iter().map(|n| n.to_string()).collect(),
                    user_file: user_dir
                        .map(|d| d.join(format!("{name}.toml")).display().to_string()),
                },
            )),
        }
    }

    /// A built-in theme by name (`classic` when the name is unknown: the built-ins are tested
    /// to parse, so this never fails).
    pub fn built_in(name: &str) -> Theme {
        Theme::load(name, None)
            .or_else(|_| Theme::load("classic", None))
            .unwrap_or_default()
    }

    /// Reads a theme from the text of `file` (its name for errors). `base` themes are looked
    /// up among the built-ins.
    pub fn parse(name: &str, file: &str, text: &str) -> Result<Theme, TomlFileError> {
        Theme::parse_named(name, &FileName::Path(file.to_string()), text, None, 0)
    }

    fn parse_named(
        name: &str,
        file: &FileName,
        text: &str,
        user_dir: Option<&Path>,
        depth: usize,
    ) -> Result<Theme, TomlFileError> {
        let table: BTreeMap<String, toml::Value> = toml_file::parse(file, text)?;
        let mut theme = match table.get("base") {
            None => None,
            Some(toml::Value::String(base)) => {
                if depth > 4 || base == name && user_dir.is_none() {
                    return Err(TomlFileError::at_key(
                        file,
                        text,
                        "base",
                        ThemeProblem::OwnBase(base.clone()),
                    ));
                }
                // A user theme may extend the built-in of its own name.
                let dir = if base == name { None } else { user_dir };
                Some(Theme::load_with_depth(base, dir, depth + 1).map_err(|e| {
                    TomlFileError::at_key(file, text, "base", ThemeProblem::Base(Box::new(e)))
                })?)
            }
            Some(_) => {
                return Err(TomlFileError::at_key(
                    file,
                    text,
                    "base",
                    ThemeProblem::BaseNotName,
                ));
            }
        };
        let has_base = theme.is_some();
        let mut t = theme.take().unwrap_or_default();
        t.name = name.to_string();
        let mut given = Vec::new();
        for (key, value) in &table {
            match key.as_str() {
                "base" => {}
                "description" => match value {
                    toml::Value::String(s) => t.description = s.clone(),
                    _ => {
                        return Err(TomlFileError::at_key(
                            file,
                            text,
                            key,
                            ThemeProblem::DescriptionNotText,
                        ));
                    }
                },
                k => {
                    let Some(tk) = ThemeKey::from_name(k) else {
                        return Err(TomlFileError::at_key(
                            file,
                            text,
                            key,
                            ThemeProblem::UnknownKey(
                                ThemeKey::ALL.iter().map(|k| k.name().to_string()).collect(),
                            ),
                        ));
                    };
                    let spec = StyleSpec::deserialize(value.clone()).map_err(|e| {
                        TomlFileError::at_key(
                            file,
                            text,
                            key,
                            ThemeProblem::NotStyle(e.message().to_string()),
                        )
                    })?;
                    *t.style_mut(tk) =
                        spec_style(&spec).map_err(|m| TomlFileError::at_key(file, text, key, m))?;
                    given.push(tk);
                }
            }
        }
        if !has_base {
            if let Some(missing) = ThemeKey::ALL.iter().find(|k| !given.contains(k)) {
                let mut e = TomlFileError::whole_file(
                    file,
                    ThemeProblem::MissingKey(missing.name().to_string()),
                );
                e.key = Some(missing.name().to_string());
                return Err(e);
            }
        }
        Ok(t)
    }
}

fn spec_style(spec: &StyleSpec) -> Result<Style, ThemeProblem> {
    let mut style = Style::default();
    let colour = |side: &'static str, text: &str| {
        parse_colour(text).ok_or_else(|| ThemeProblem::Colour {
            side,
            text: text.to_string(),
            names: NAMED.iter().map(|(n, _)| n.to_string()).collect(),
        })
    };
    if let Some(fg) = &spec.fg {
        style = style.fg(colour("fg", fg)?);
    }
    if let Some(bg) = &spec.bg {
        style = style.bg(colour("bg", bg)?);
    }
    for m in &spec.modifiers {
        style = style.add_modifier(parse_modifier(m)?);
    }
    Ok(style)
}

/// Reads a colour: `#rrggbb`, a named colour, or `indexed:N`; `None` when it is none of
/// these (the caller says what is wrong, with the names: [`ThemeProblem::Colour`]).
pub fn parse_colour(text: &str) -> Option<Color> {
    let t = text.trim();
    if let Some(hex) = t.strip_prefix('#') {
        if hex.len() != 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
            return None;
        }
        let v = u32::from_str_radix(hex, 16).ok()?;
        return Some(Color::Rgb((v >> 16) as u8, (v >> 8) as u8, v as u8));
    }
    if let Some(n) = t.strip_prefix("indexed:") {
        return n.trim().parse::<u8>().ok().map(Color::Indexed);
    }
    let key = t.to_ascii_lowercase().replace(['-', '_', ' '], "");
    let key = key.replace("grey", "gray");
    NAMED.iter().find(|(n, _)| *n == key).map(|(_, c)| *c)
}

const NAMED: &[(&str, Color)] = &[
    ("black", Color::Black),
    ("red", Color::Red),
    ("green", Color::Green),
    ("yellow", Color::Yellow),
    ("blue", Color::Blue),
    ("magenta", Color::Magenta),
    ("cyan", Color::Cyan),
    ("gray", Color::Gray),
    ("darkgray", Color::DarkGray),
    ("lightred", Color::LightRed),
    ("lightgreen", Color::LightGreen),
    ("lightyellow", Color::LightYellow),
    ("lightblue", Color::LightBlue),
    ("lightmagenta", Color::LightMagenta),
    ("lightcyan", Color::LightCyan),
    ("white", Color::White),
    ("reset", Color::Reset),
];

fn parse_modifier(text: &str) -> Result<Modifier, ThemeProblem> {
    Ok(match text.trim().to_ascii_lowercase().as_str() {
        "bold" => Modifier::BOLD,
        "dim" => Modifier::DIM,
        "italic" => Modifier::ITALIC,
        "underlined" | "underline" => Modifier::UNDERLINED,
        "reversed" | "reverse" => Modifier::REVERSED,
        "crossed_out" => Modifier::CROSSED_OUT,
        "slow_blink" => Modifier::SLOW_BLINK,
        "rapid_blink" => Modifier::RAPID_BLINK,
        "hidden" => Modifier::HIDDEN,
        _ => {
            return Err(ThemeProblem::Modifier(text.to_string()));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_theme_parses_with_every_key() {
        for name in Theme::names() {
            let t = Theme::load(name, None).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(t.name, name);
            assert!(!t.description.is_empty(), "{name}");
        }
    }

    #[test]
    fn monochrome_has_no_colour() {
        let t = Theme::built_in("monochrome");
        for k in ThemeKey::ALL {
            let s = t.style(*k);
            assert_eq!((s.fg, s.bg), (None, None), "{}", k.name());
        }
    }

    #[test]
    fn colours() {
        assert_eq!(parse_colour("#f0d9b5"), Some(Color::Rgb(0xf0, 0xd9, 0xb5)));
        assert_eq!(parse_colour("indexed:123"), Some(Color::Indexed(123)));
        assert_eq!(parse_colour("Light-Blue"), Some(Color::LightBlue));
        assert_eq!(parse_colour("dark grey"), Some(Color::DarkGray));
        assert_eq!(parse_colour("#12345"), None);
        assert_eq!(parse_colour("indexed:256"), None);
    }
}
