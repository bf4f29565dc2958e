//! The actions keys are bound to, and what can go wrong in binding them: data only, below
//! `speech` (which words them: `speech::keys`) and `keymap` (which binds keys to them and
//! reads the config's key names). Kept apart so that `speech` does not need `keymap`.

use std::fmt;

/// Something the user asks the program to do. Names in the config file are kebab-case
/// (`offer-draw`, `toggle-clock-readings`).
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    Quit,
    Help,
    Up,
    Down,
    Left,
    Right,
    /// Enter: pick up the piece under the cursor, or drop the held one.
    Select,
    /// Esc: put the held piece back, close a prompt or the command line.
    Cancel,
    /// Open the command line for a move or a command.
    CommandLine,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    ClaimDraw,
    Resign,
    Flip,
    /// "J'adoube": adjust a piece without touching it for a move (Art. 4.2).
    Adjust,
    /// Pause the clocks to call the arbiter (Art. 6.11).
    Pause,
    /// Take back a move, by agreement, in casual games only.
    Takeback,
    Save,
    /// Seal a move for adjournment (Guidelines I).
    Seal,
    NewGame,
    ToggleClockReadings,
    RepeatAnnouncement,
    /// Show or hide the engine's evaluation and principal variation (a game against it).
    EngineAnalysis,
    ScrollUp,
    ScrollDown,
    StepForward,
    StepBack,
    FirstPly,
    LastPly,
    NextFinding,
    PrevFinding,
    JumpToPly,
    /// The arbiter's decision in replay mode.
    Decide,
}

impl Action {
    /// Every action, in the order of the help screen.
    pub const ALL: [Action; 34] = [
        Action::Quit,
        Action::Help,
        Action::Up,
        Action::Down,
        Action::Left,
        Action::Right,
        Action::Select,
        Action::Cancel,
        Action::CommandLine,
        Action::OfferDraw,
        Action::AcceptDraw,
        Action::DeclineDraw,
        Action::ClaimDraw,
        Action::Resign,
        Action::Flip,
        Action::Adjust,
        Action::Pause,
        Action::Takeback,
        Action::Save,
        Action::Seal,
        Action::NewGame,
        Action::ToggleClockReadings,
        Action::RepeatAnnouncement,
        Action::EngineAnalysis,
        Action::ScrollUp,
        Action::ScrollDown,
        Action::StepForward,
        Action::StepBack,
        Action::FirstPly,
        Action::LastPly,
        Action::NextFinding,
        Action::PrevFinding,
        Action::JumpToPly,
        Action::Decide,
    ];

    /// The actions of play mode, in the order of its help: [`Action::ALL`] up to the first
    /// of the replay's own actions, which come last.
    pub const PLAY: &'static [Action] = Action::ALL.split_at(26).0;

    /// The name used in the config file's `[keys]` table (`offer-draw`).
    pub fn name(self) -> &'static str {
        match self {
            Action::Quit => "quit",
            Action::Help => "help",
            Action::Up => "up",
            Action::Down => "down",
            Action::Left => "left",
            Action::Right => "right",
            Action::Select => "select",
            Action::Cancel => "cancel",
            Action::CommandLine => "command-line",
            Action::OfferDraw => "offer-draw",
            Action::AcceptDraw => "accept-draw",
            Action::DeclineDraw => "decline-draw",
            Action::ClaimDraw => "claim-draw",
            Action::Resign => "resign",
            Action::Flip => "flip",
            Action::Adjust => "adjust",
            Action::Pause => "pause",
            Action::Takeback => "takeback",
            Action::Save => "save",
            Action::Seal => "seal",
            Action::NewGame => "new-game",
            Action::ToggleClockReadings => "toggle-clock-readings",
            Action::RepeatAnnouncement => "repeat-announcement",
            Action::EngineAnalysis => "engine-analysis",
            Action::ScrollUp => "scroll-up",
            Action::ScrollDown => "scroll-down",
            Action::StepForward => "step-forward",
            Action::StepBack => "step-back",
            Action::FirstPly => "first-ply",
            Action::LastPly => "last-ply",
            Action::NextFinding => "next-finding",
            Action::PrevFinding => "prev-finding",
            Action::JumpToPly => "jump-to-ply",
            Action::Decide => "decide",
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A key name that could not be read: the text, the 1-based column of the problem, and
/// what is wrong.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{text:?}: at column {column}, {problem}")]
pub struct KeyParseError {
    pub text: String,
    pub column: usize,
    pub problem: KeyProblem,
}

/// What is wrong in a key name.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum KeyProblem {
    #[error("expected a key, found nothing ({EXAMPLES})")]
    Empty,
    #[error("unknown key {0:?} ({EXAMPLES})")]
    Unknown(String),
    #[error("{0:?} is given twice")]
    RepeatedModifier(String),
}

const EXAMPLES: &str = "expected one character such as q or ?, or a name: enter, esc, space, \
                        tab, backtab, backspace, delete, insert, home, end, pageup, pagedown, \
                        up, down, left, right, f1 to f12; with ctrl-, alt- or shift- before it";

/// A key bound to two actions after the config's overrides.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error(
    "the key \"{key}\" is bound to two actions, {first} and {second}: give one of them other keys"
)]
pub struct KeymapError {
    pub key: String,
    pub first: Action,
    pub second: Action,
}
