//! The interface language: Spanish and English, both first-class. Chosen by the config,
//! the command line, or the environment (`LC_ALL`, `LC_MESSAGES`, `LANG`, in that order, as
//! POSIX has it); English when none of them names Spanish.

use std::fmt;
use std::str::FromStr;

/// The language of the interface's words (menus, messages, announcements).
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, Debug, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    Es,
    #[default]
    En,
}

impl Lang {
    /// The language the environment asks for: the first of `LC_ALL`, `LC_MESSAGES`, `LANG`
    /// that is set and not empty; Spanish when it starts with `es`, English otherwise.
    pub fn from_env() -> Lang {
        Lang::from_locale_vars(|name| std::env::var(name).ok())
    }

    /// [`Lang::from_env`] over any source of variables (tests pass their own).
    pub fn from_locale_vars(var: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|name| var(name))
            .find(|v| !v.is_empty())
            .map(|v| Lang::from_locale(&v))
            .unwrap_or_default()
    }

    /// `es_ES.UTF-8`, `es`, `es_AR` → Spanish; anything else → English.
    pub fn from_locale(locale: &str) -> Lang {
        let l = locale.trim().to_ascii_lowercase();
        if l == "es" || l.starts_with("es_") || l.starts_with("es-") || l.starts_with("es.") {
            Lang::Es
        } else {
            Lang::En
        }
    }

    /// Picks the text in this language.
    pub fn pick<'a>(self, es: &'a str, en: &'a str) -> &'a str {
        match self {
            Lang::Es => es,
            Lang::En => en,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Lang::Es => "es",
            Lang::En => "en",
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A language code that is neither `es` nor `en`.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown language {0:?}: expected \"es\" (español) or \"en\" (English)")]
pub struct ParseLangError(pub String);

impl FromStr for Lang {
    type Err = ParseLangError;

    fn from_str(s: &str) -> Result<Lang, ParseLangError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "es" | "spanish" | "español" | "espanol" => Ok(Lang::Es),
            "en" | "english" | "inglés" | "ingles" => Ok(Lang::En),
            _ => Err(ParseLangError(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locale_variables_in_posix_order() {
        let vars = |pairs: &'static [(&'static str, &'static str)]| {
            move |n: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == n)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(
            Lang::from_locale_vars(vars(&[("LANG", "es_ES.UTF-8")])),
            Lang::Es
        );
        assert_eq!(
            Lang::from_locale_vars(vars(&[("LANG", "es_ES.UTF-8"), ("LC_ALL", "en_GB")])),
            Lang::En
        );
        assert_eq!(
            Lang::from_locale_vars(vars(&[("LANG", "en_US"), ("LC_ALL", "")])),
            Lang::En
        );
        assert_eq!(Lang::from_locale_vars(vars(&[])), Lang::En);
        assert_eq!(Lang::from_locale("C.UTF-8"), Lang::En);
        assert_eq!(Lang::from_locale("es"), Lang::Es);
        assert_eq!("ES".parse::<Lang>(), Ok(Lang::Es));
        assert!(
            "fr".parse::<Lang>()
                .unwrap_err()
                .to_string()
                .contains("\"fr\"")
        );
    }
}
