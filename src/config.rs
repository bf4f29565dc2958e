//! Settings: where escaque keeps its files ([`Paths`]) and what the user chose ([`Config`]),
//! read from `config.toml` in the configuration directory. Every setting has a default (the
//! documented `default-config.toml`, embedded in the binary); a bad file is refused with an
//! error that names the file, the line, the key and what was expected — never a silent
//! fallback. See `docs/config.md`.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::core::Notation;
use crate::keymap::{Action, KeyList, Keymap};
use crate::lang::Lang;
use crate::laws::time_control::TimeControl;
use crate::toml_file::{self, ConfigProblem, TomlFileError, TomlProblem};

pub use crate::fsutil::write_atomic;

/// The documented default configuration, as shipped (`default-config.toml`).
pub const DEFAULT_CONFIG_TOML: &str = include_str!("../default-config.toml");

/// The environment variable naming the config file (instead of `<config dir>/config.toml`).
pub const ENV_CONFIG: &str = "ESCAQUE_CONFIG";
/// The environment variable naming the data directory (saved games, autosave, envelopes).
pub const ENV_DATA_DIR: &str = "ESCAQUE_DATA_DIR";

/// Where escaque's files are.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Paths {
    /// The settings file (`<config dir>/config.toml`, or `ESCAQUE_CONFIG`).
    pub config_file: PathBuf,
    /// User themes, `NAME.toml`, overriding built-in themes of the same name
    /// (`themes/` beside the config file).
    pub themes_dir: PathBuf,
    /// Saved games, the autosave and sealed envelopes (`ESCAQUE_DATA_DIR` overrides it).
    pub data_dir: PathBuf,
    /// State that is neither setting nor data (history of the command line, logs).
    pub state_dir: PathBuf,
}

impl Paths {
    /// The paths for this user: the platform's directories for "escaque"
    /// (`~/.config/escaque`, `~/.local/share/escaque`, `~/.local/state/escaque` on Linux),
    /// with the `ESCAQUE_CONFIG` and `ESCAQUE_DATA_DIR` overrides (empty values count as
    /// unset).
    pub fn from_env() -> Result<Paths, ConfigError> {
        let var = |name: &str| {
            std::env::var_os(name)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        Paths::resolve(var(ENV_CONFIG), var(ENV_DATA_DIR))
    }

    /// [`Paths::from_env`] with the overrides given (tests pass their own, so that they
    /// never change the process's environment).
    ///
    /// - `config_file`: the settings file; user themes are then in `themes/` beside it.
    /// - `data_dir`: the data directory; the state directory is then `state/` inside it, so
    ///   that a test writes nothing outside the directory it chose.
    pub fn resolve(
        config_file: Option<PathBuf>,
        data_dir: Option<PathBuf>,
    ) -> Result<Paths, ConfigError> {
        let dirs = directories::ProjectDirs::from("", "", "escaque");
        let config_file = match (config_file, &dirs) {
            (Some(f), _) => f,
            (None, Some(d)) => d.config_dir().join("config.toml"),
            (None, None) => {
                return Err(ConfigError::NoHome {
                    variable: ENV_CONFIG,
                });
            }
        };
        let (data_dir, state_dir) = match (data_dir, &dirs) {
            (Some(d), _) => (d.clone(), d.join("state")),
            (None, Some(p)) => (
                p.data_dir().to_path_buf(),
                p.state_dir()
                    .map(Path::to_path_buf)
                    .unwrap_or_else(|| p.data_local_dir().join("state")),
            ),
            (None, None) => {
                return Err(ConfigError::NoHome {
                    variable: ENV_DATA_DIR,
                });
            }
        };
        let themes_dir = config_file
            .parent()
            .map_or_else(|| PathBuf::from("themes"), |d| d.join("themes"));
        Ok(Paths {
            config_file,
            themes_dir,
            data_dir,
            state_dir,
        })
    }

    /// Paths inside explicit directories: `config_dir/config.toml`, `config_dir/themes`,
    /// `data_dir`, `state_dir`.
    pub fn in_dirs(config_dir: &Path, data_dir: &Path, state_dir: &Path) -> Paths {
        Paths {
            config_file: config_dir.join("config.toml"),
            themes_dir: config_dir.join("themes"),
            data_dir: data_dir.to_path_buf(),
            state_dir: state_dir.to_path_buf(),
        }
    }

    /// Games saved on request (`Save`): `<data dir>/games`.
    pub fn games_dir(&self) -> PathBuf {
        self.data_dir.join("games")
    }

    /// The autosave of the game in progress: `<data dir>/autosave`.
    pub fn autosave_dir(&self) -> PathBuf {
        self.data_dir.join("autosave")
    }

    /// Sealed-move envelopes of adjourned games: `<data dir>/envelopes`.
    pub fn envelopes_dir(&self) -> PathBuf {
        self.data_dir.join("envelopes")
    }

    /// The file of a user theme called `name`: `<themes dir>/NAME.toml`.
    pub fn user_theme(&self, name: &str) -> PathBuf {
        self.themes_dir.join(format!("{name}.toml"))
    }
}

/// The settings could not be found or read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file is unreadable or wrong: file, line, key and what was expected.
    #[error(transparent)]
    File(#[from] TomlFileError),
    /// No home directory to put escaque's files in.
    #[error(
        "cannot find a home directory for escaque's files: set HOME, or set {variable} to the \
         path to use"
    )]
    NoHome { variable: &'static str },
}

/// A toml error under `[keys]` whose cause is a key name that cannot be read: the key
/// name's own error (data, said in the interface language), found by reading the names of
/// the action the error is under. Any other error as it is.
fn key_name_error(mut e: TomlFileError, text: &str) -> TomlFileError {
    let Some(action) = e.key.as_deref().and_then(|k| k.strip_prefix("keys.")) else {
        return e;
    };
    let Ok(table) = toml::from_str::<toml::Table>(text) else {
        return e;
    };
    let names: Vec<&str> = match table.get("keys").and_then(|k| k.get(action)) {
        Some(toml::Value::String(s)) => vec![s.as_str()],
        Some(toml::Value::Array(a)) => a.iter().filter_map(toml::Value::as_str).collect(),
        _ => return e,
    };
    if let Some(bad) = names
        .iter()
        .find_map(|n| n.parse::<crate::keymap::KeyBinding>().err())
    {
        e.problem = Box::new(TomlProblem::KeyName(bad));
    }
    e
}

impl ConfigError {
    /// The error in words, in `lang` (`speech::files`). The config's own language is not
    /// known when it cannot be read: the caller passes the command line's, else the
    /// environment's (`cli::session_lang` does).
    pub fn say(&self, lang: Lang) -> String {
        match self {
            ConfigError::File(e) => crate::speech::files::toml_file(e, lang),
            ConfigError::NoHome { variable } => crate::speech::files::no_home(lang, variable),
        }
    }
}

/// How moves are written on the scoresheet and read in the command line (App. C).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum NotationChoice {
    /// English letters K Q R B N: `Nf3`.
    En,
    /// Spanish letters R D T A C: `Cf3`.
    Es,
    /// Figurines: `♘f3`.
    Figurine,
    /// Long algebraic: `Ng1-f3`.
    Long,
}

impl NotationChoice {
    pub fn notation(self) -> Notation {
        match self {
            NotationChoice::En => Notation::ENGLISH,
            NotationChoice::Es => Notation::SPANISH,
            NotationChoice::Figurine => Notation::FIGURINE,
            NotationChoice::Long => Notation::LONG,
        }
    }

    /// The notation that goes with an interface language: `es` → Spanish letters.
    pub fn for_lang(lang: Lang) -> NotationChoice {
        match lang {
            Lang::Es => NotationChoice::Es,
            Lang::En => NotationChoice::En,
        }
    }
}

/// The names the speech module uses for squares and pieces (App. D): Spanish (Ana, Bella,
/// César …), English (Anna, Bella, Cesar …), or the official FIDE profile.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum NamesProfile {
    Es,
    En,
    Fide,
}

impl NamesProfile {
    pub fn code(self) -> &'static str {
        match self {
            NamesProfile::Es => "es",
            NamesProfile::En => "en",
            NamesProfile::Fide => "fide",
        }
    }

    /// The profile that goes with an interface language.
    pub fn for_lang(lang: Lang) -> NamesProfile {
        match lang {
            Lang::Es => NamesProfile::Es,
            Lang::En => NamesProfile::En,
        }
    }
}

/// Unicode pieces and box lines, or plain ASCII.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AsciiMode {
    /// ASCII where the terminal cannot show the glyphs (`TERM=linux`, a non-UTF-8 locale).
    #[default]
    Auto,
    Always,
    Never,
}

/// Speaking the announcements aloud.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Speak {
    #[default]
    Off,
    /// speech-dispatcher's `spd-say` (works with the screen reader's own voice).
    SpdSay,
    /// `espeak-ng`.
    EspeakNg,
}

/// The UCI engine to play against.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct EngineConfig {
    /// The program: a path, or a name looked up in `PATH`.
    pub path: PathBuf,
    /// UCI `Skill Level`, 0 (weakest) to 20 (full strength); absent: not sent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skill_level: Option<u8>,
    /// Playing strength as an Elo rating (`UCI_LimitStrength` and `UCI_Elo`); absent: full
    /// strength.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elo: Option<u32>,
    /// Think this many milliseconds per move (`go movetime`, never beyond the time left)
    /// instead of managing the real clock; absent: the engine gets the clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub move_time_ms: Option<u64>,
    /// Never think longer than this per move, whatever the clock allows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_move_time_ms: Option<u64>,
    /// How long to wait for the engine to start (`uciok`, `readyok`) or to answer beyond its
    /// thinking time, before reporting it as not answering.
    pub answer_timeout_ms: u64,
}

impl Default for EngineConfig {
    fn default() -> EngineConfig {
        EngineConfig {
            path: PathBuf::from("stockfish"),
            skill_level: None,
            elo: None,
            move_time_ms: None,
            max_move_time_ms: None,
            answer_timeout_ms: 10_000,
        }
    }
}

/// What the user chose. Built from `config.toml`; every field not given keeps its default.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// Interface language; absent: from the environment (`LC_ALL`, `LC_MESSAGES`, `LANG`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lang: Option<Lang>,
    /// Notation of the scoresheet; absent: the language's (`es` → `es`, else `en`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notation: Option<NotationChoice>,
    /// Names profile for spoken announcements; absent: the language's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub names: Option<NamesProfile>,
    /// Theme name; absent: "classic", or "monochrome" when `NO_COLOR` is set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub theme: Option<String>,
    /// Unicode or ASCII board.
    pub ascii: AsciiMode,
    /// Default time control (both syntaxes of docs/clock.md).
    pub time_control: TimeControl,
    /// Refuse to let go of a touched piece (Art. 4.3); offers "j'adoube" (4.2).
    pub strict_touch_move: bool,
    /// Save the game after every move, for resuming after a crash.
    pub autosave: bool,
    /// The clock starts after White's first move (casual games), not at the start.
    pub casual_start: bool,
    /// An arbiter supervises adequately (App. A.4, B.2): the main Laws for illegal moves and
    /// flags; without it, the rapid and blitz appendices' rules.
    pub adequate_supervision: bool,
    /// Arbiter training: an illegal move is accepted and handled per Art. 7.5 (penalty,
    /// position restored) instead of being refused.
    pub arbiter_training: bool,
    /// Seconds left at which the clock warns (announced once each).
    pub low_time_warnings: Vec<u32>,
    /// Speak the announcements aloud.
    pub speak: Speak,
    /// Show each move's clock reading on the scoresheet from the start.
    pub clock_readings_on_scoresheet: bool,
    /// The engine.
    pub engine: EngineConfig,
    /// Keys per action, replacing the defaults of the actions named.
    pub keys: BTreeMap<Action, KeyList>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            lang: None,
            notation: None,
            names: None,
            theme: None,
            ascii: AsciiMode::Auto,
            time_control: TimeControl::with_bonus(
                15 * 60,
                crate::laws::time_control::Bonus::increment(10),
            ),
            strict_touch_move: false,
            autosave: true,
            casual_start: false,
            adequate_supervision: false,
            arbiter_training: false,
            low_time_warnings: vec![120, 60, 30, 10],
            speak: Speak::Off,
            clock_readings_on_scoresheet: true,
            engine: EngineConfig::default(),
            keys: BTreeMap::new(),
        }
    }
}

/// The theme used when none is chosen.
pub const DEFAULT_THEME: &str = "classic";
/// The theme used when none is chosen and `NO_COLOR` is set.
pub const NO_COLOR_THEME: &str = "monochrome";

impl Config {
    /// The settings of `paths.config_file`: the defaults when it does not exist, an error
    /// naming the file, line and key when it cannot be read or says something wrong.
    pub fn load(paths: &Paths) -> Result<Config, ConfigError> {
        let path = &paths.config_file;
        let file = path.display().to_string();
        match std::fs::read_to_string(path) {
            Ok(text) => Ok(Config::from_toml(&file, &text)?),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Config::default()),
            Err(e) => {
                Err(TomlFileError::whole_file(&file, TomlProblem::Unreadable((&e).into())).into())
            }
        }
    }

    /// Reads the text of a config file called `file` (for errors) and checks every value.
    pub fn from_toml(file: &str, text: &str) -> Result<Config, TomlFileError> {
        let mut config: Config =
            toml_file::parse(file, text).map_err(|e| key_name_error(e, text))?;
        config.check(file, text)?;
        config.low_time_warnings.sort_unstable_by(|a, b| b.cmp(a));
        config.low_time_warnings.dedup();
        Ok(config)
    }

    /// The checks that the types alone do not make.
    fn check(&self, file: &str, text: &str) -> Result<(), TomlFileError> {
        let at =
            |key: &str, problem: TomlProblem| Err(TomlFileError::at_key(file, text, key, problem));
        let config = |key: &str, problem: ConfigProblem| at(key, problem.into());
        if self.time_control == TimeControl::Unknown {
            return config("time_control", ConfigProblem::UnknownTimeControl);
        }
        if let Some(theme) = &self.theme {
            if theme.trim().is_empty() || theme.contains(['/', '\\']) {
                return config("theme", ConfigProblem::ThemeName(theme.clone()));
            }
        }
        if self.low_time_warnings.contains(&0) {
            return config("low_time_warnings", ConfigProblem::ZeroWarning);
        }
        let engine = &self.engine;
        if engine.path.as_os_str().is_empty() {
            return config("engine.path", ConfigProblem::EmptyEnginePath);
        }
        if let Some(level) = engine.skill_level.filter(|&l| l > 20) {
            return config("engine.skill_level", ConfigProblem::SkillLevel(level));
        }
        if engine.elo == Some(0) {
            return config("engine.elo", ConfigProblem::ZeroElo);
        }
        for (key, value) in [
            ("engine.move_time_ms", engine.move_time_ms),
            ("engine.max_move_time_ms", engine.max_move_time_ms),
            ("engine.answer_timeout_ms", Some(engine.answer_timeout_ms)),
        ] {
            if value == Some(0) {
                return config(key, ConfigProblem::ZeroMilliseconds);
            }
        }
        if let Err(e) = Keymap::with_overrides(&self.keys) {
            // Point at the action the file names (the other may be a default).
            let culprit = if self.keys.contains_key(&e.second) {
                e.second
            } else {
                e.first
            };
            return at(&format!("keys.{}", culprit.name()), TomlProblem::Keymap(e));
        }
        Ok(())
    }

    /// The low-time warnings in milliseconds, largest first (the line mode says each).
    pub fn low_time_warnings_ms(&self) -> Vec<u64> {
        self.low_time_warnings
            .iter()
            .map(|s| *s as u64 * 1000)
            .collect()
    }

    /// Where the clock pane marks a clock as low on time: the smallest warning (one minute
    /// without any).
    pub fn low_time_mark_ms(&self) -> u64 {
        self.low_time_warnings
            .iter()
            .min()
            .map_or(60_000, |s| *s as u64 * 1000)
    }

    /// The interface language: the config's, else the environment's.
    pub fn lang(&self) -> Lang {
        self.lang.unwrap_or_else(Lang::from_env)
    }

    /// [`Config::lang`] with the locale variables given.
    pub fn lang_from_vars(&self, var: impl Fn(&str) -> Option<String>) -> Lang {
        self.lang.unwrap_or_else(|| Lang::from_locale_vars(var))
    }

    /// The notation of the scoresheet for the interface language `lang`.
    pub fn notation(&self, lang: Lang) -> Notation {
        self.notation
            .unwrap_or_else(|| NotationChoice::for_lang(lang))
            .notation()
    }

    /// The names profile for the interface language `lang`.
    pub fn names(&self, lang: Lang) -> NamesProfile {
        self.names.unwrap_or_else(|| NamesProfile::for_lang(lang))
    }

    /// The theme's name, with `NO_COLOR` read from the environment.
    pub fn theme(&self) -> &str {
        self.theme_with_no_color(std::env::var("NO_COLOR").ok().as_deref())
    }

    /// The theme's name given the value of `NO_COLOR`: the one the user chose; else
    /// "monochrome" when `NO_COLOR` is set and not empty (no-color.org), else "classic".
    pub fn theme_with_no_color(&self, no_color: Option<&str>) -> &str {
        match &self.theme {
            Some(t) => t,
            None if no_color.is_some_and(|v| !v.is_empty()) => NO_COLOR_THEME,
            None => DEFAULT_THEME,
        }
    }

    /// The keymap: the defaults with the `[keys]` overrides. Always `Ok` for a config that
    /// [`Config::load`] returned (it checks this).
    pub fn keymap(&self) -> Result<Keymap, crate::keymap::KeymapError> {
        Keymap::with_overrides(&self.keys)
    }
}
