//! Keys → named actions. Every key the program reacts to goes through a [`Keymap`]: the
//! defaults below, changed per action by the `[keys]` table of the config file. The status
//! line's hints and the help screen are generated from the live keymap, so they always say
//! what the keys really do.
//!
//! **The move-typing rule.** Typing the first character of a move opens the command line with
//! that character in it, so that `e4` Enter plays e4. The characters a move can start with
//! ([`starts_move`]) are therefore never bound by default: the files `a`–`h`, the piece
//! letters `K Q R B N P` and the Spanish `R D T A C`, castling's `O`, `o` and `0`, and the
//! figurines. That is why the cursor moves with the arrows only (not `hjkl`: `h` is a file)
//! and why a draw is offered with `=`, the scoresheet's sign for it (not `d`, also a file).
//! A user may still bind such a character in the config; moves that begin with it are then
//! typed after `:`.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::str::FromStr;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

pub use crate::action::{Action, KeyParseError, KeyProblem, KeymapError};
use crate::lang::Lang;
use crate::speech::keys;

/// Can a typed move begin with `c`? Files `a`–`h`, piece letters in English (`K Q R B N P`)
/// and Spanish (`R D T A C P`), castling (`O`, `o`, `0`) and the figurines. These characters
/// open the command line, so no default binding uses them.
pub fn starts_move(c: char) -> bool {
    matches!(
        c,
        'a'..='h'
            | 'K'
            | 'Q'
            | 'R'
            | 'B'
            | 'N'
            | 'P'
            | 'D'
            | 'T'
            | 'A'
            | 'C'
            | 'O'
            | 'o'
            | '0'
            | '♔'..='♟'
    )
}

/// One key with its modifiers, as the config file writes it (`q`, `ctrl-c`, `f1`, `left`).
///
/// Characters keep their case (`q` and `Q` are different keys) and carry no Shift: a
/// terminal reports Shift-q as `Q`. With Ctrl, letters are lower case (`ctrl-c`), since
/// terminals cannot tell Ctrl-Shift-C from Ctrl-C.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct KeyBinding {
    pub code: KeyCode,
    pub modifiers: KeyModifiers,
}

impl KeyBinding {
    /// A key with no modifiers.
    pub const fn plain(code: KeyCode) -> KeyBinding {
        KeyBinding {
            code,
            modifiers: KeyModifiers::NONE,
        }
    }

    /// A character key with no modifiers.
    pub const fn char(c: char) -> KeyBinding {
        KeyBinding::plain(KeyCode::Char(c))
    }

    /// Ctrl and a character (`ctrl('c')`).
    pub const fn ctrl(c: char) -> KeyBinding {
        KeyBinding {
            code: KeyCode::Char(c),
            modifiers: KeyModifiers::CONTROL,
        }
    }

    /// The same key in the normal form the keymap compares: Shift folded into characters
    /// and Back-Tab, Ctrl letters lower case, modifiers other than Ctrl, Alt and Shift
    /// dropped.
    pub fn normalized(self) -> KeyBinding {
        let mut m =
            self.modifiers & (KeyModifiers::CONTROL | KeyModifiers::ALT | KeyModifiers::SHIFT);
        let mut code = self.code;
        match code {
            KeyCode::Char(c) => {
                if m.contains(KeyModifiers::SHIFT) {
                    m.remove(KeyModifiers::SHIFT);
                    if !m.contains(KeyModifiers::CONTROL) {
                        code = KeyCode::Char(upper(c));
                    }
                }
                if m.contains(KeyModifiers::CONTROL) {
                    code = KeyCode::Char(lower(c));
                }
            }
            KeyCode::BackTab => m.remove(KeyModifiers::SHIFT),
            KeyCode::Tab if m.contains(KeyModifiers::SHIFT) => {
                m.remove(KeyModifiers::SHIFT);
                code = KeyCode::BackTab;
            }
            _ => {}
        }
        KeyBinding { code, modifiers: m }
    }

    /// The plain-text form, the one the config file uses and screen readers read well:
    /// `ctrl-c`, `left`, `enter`, `q`, `?`.
    pub fn ascii(&self) -> String {
        let mut s = String::new();
        for (flag, name) in [
            (KeyModifiers::CONTROL, "ctrl-"),
            (KeyModifiers::ALT, "alt-"),
            (KeyModifiers::SHIFT, "shift-"),
        ] {
            if self.modifiers.contains(flag) {
                s.push_str(name);
            }
        }
        match self.code {
            KeyCode::Char(' ') => s.push_str("space"),
            KeyCode::Char(c) => s.push(c),
            KeyCode::F(n) => s.push_str(&format!("f{n}")),
            code => s.push_str(
                NAMED
                    .iter()
                    .find(|(_, k)| *k == code)
                    .map_or("?", |(n, _)| n),
            ),
        }
        s
    }

    /// Does a key event from the terminal press this key?
    pub fn matches(&self, event: &KeyEvent) -> bool {
        KeyBinding::from_event(event).is_some_and(|k| k == self.normalized())
    }

    /// The key an event presses, normalized; `None` for key releases.
    pub fn from_event(event: &KeyEvent) -> Option<KeyBinding> {
        if event.kind == KeyEventKind::Release {
            return None;
        }
        Some(
            KeyBinding {
                code: event.code,
                modifiers: event.modifiers,
            }
            .normalized(),
        )
    }
}

fn upper(c: char) -> char {
    let mut u = c.to_uppercase();
    match (u.next(), u.next()) {
        (Some(x), None) => x,
        _ => c,
    }
}

fn lower(c: char) -> char {
    let mut l = c.to_lowercase();
    match (l.next(), l.next()) {
        (Some(x), None) => x,
        _ => c,
    }
}

/// Key names (the first of each is the one written back), in lower case.
const NAMED: &[(&str, KeyCode)] = &[
    ("enter", KeyCode::Enter),
    ("return", KeyCode::Enter),
    ("esc", KeyCode::Esc),
    ("escape", KeyCode::Esc),
    ("tab", KeyCode::Tab),
    ("backtab", KeyCode::BackTab),
    ("backspace", KeyCode::Backspace),
    ("delete", KeyCode::Delete),
    ("del", KeyCode::Delete),
    ("insert", KeyCode::Insert),
    ("ins", KeyCode::Insert),
    ("home", KeyCode::Home),
    ("end", KeyCode::End),
    ("pageup", KeyCode::PageUp),
    ("pgup", KeyCode::PageUp),
    ("pagedown", KeyCode::PageDown),
    ("pgdn", KeyCode::PageDown),
    ("up", KeyCode::Up),
    ("down", KeyCode::Down),
    ("left", KeyCode::Left),
    ("right", KeyCode::Right),
];

/// `Ctrl-C`, `←`, `Enter`, `q`, `Shift-Tab`, `F1`: the form shown on screen.
impl fmt::Display for KeyBinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ctrl = self.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl {
            f.write_str("Ctrl-")?;
        }
        if self.modifiers.contains(KeyModifiers::ALT) {
            f.write_str("Alt-")?;
        }
        if self.modifiers.contains(KeyModifiers::SHIFT) {
            f.write_str("Shift-")?;
        }
        match self.code {
            KeyCode::Char(' ') => f.write_str("Space"),
            KeyCode::Char(c) if ctrl => write!(f, "{}", upper(c)),
            KeyCode::Char(c) => write!(f, "{c}"),
            KeyCode::F(n) => write!(f, "F{n}"),
            KeyCode::Enter => f.write_str("Enter"),
            KeyCode::Esc => f.write_str("Esc"),
            KeyCode::Tab => f.write_str("Tab"),
            KeyCode::BackTab => f.write_str("Shift-Tab"),
            KeyCode::Backspace => f.write_str("Backspace"),
            KeyCode::Delete => f.write_str("Del"),
            KeyCode::Insert => f.write_str("Ins"),
            KeyCode::Home => f.write_str("Home"),
            KeyCode::End => f.write_str("End"),
            KeyCode::PageUp => f.write_str("PgUp"),
            KeyCode::PageDown => f.write_str("PgDn"),
            KeyCode::Up => f.write_str("↑"),
            KeyCode::Down => f.write_str("↓"),
            KeyCode::Left => f.write_str("←"),
            KeyCode::Right => f.write_str("→"),
            other => write!(f, "{other:?}"),
        }
    }
}

/// Reads `q`, `Q`, `?`, `ctrl-c`, `Ctrl+C`, `enter`, `esc`, `space`, `tab`, `left`, `f1`,
/// `alt-x`, `shift-left`. Single characters are case-sensitive; names and modifiers are not.
impl FromStr for KeyBinding {
    type Err = KeyParseError;

    fn from_str(text: &str) -> Result<KeyBinding, KeyParseError> {
        let err = |column: usize, problem| KeyParseError {
            text: text.to_string(),
            column,
            problem,
        };
        if text == " " {
            return Ok(KeyBinding::char(' '));
        }
        let lead = text.chars().take_while(|c| c.is_whitespace()).count();
        let mut rest = text.trim();
        let mut column = lead + 1;
        if rest.is_empty() {
            return Err(err(column, KeyProblem::Empty));
        }
        let mut modifiers = KeyModifiers::NONE;
        // Modifier prefixes, while something follows them ("ctrl--" is Ctrl and '-').
        while let Some(sep) = rest.find(['-', '+']) {
            if sep == 0 || sep + 1 >= rest.len() {
                break;
            }
            let word = &rest[..sep];
            let flag = match word.to_ascii_lowercase().as_str() {
                "ctrl" | "control" => KeyModifiers::CONTROL,
                "alt" | "meta" => KeyModifiers::ALT,
                "shift" => KeyModifiers::SHIFT,
                _ => break,
            };
            if modifiers.contains(flag) {
                return Err(err(column, KeyProblem::RepeatedModifier(word.to_string())));
            }
            modifiers |= flag;
            column += rest[..=sep].chars().count();
            rest = &rest[sep + 1..];
        }
        let mut chars = rest.chars();
        let code = match (chars.next(), chars.next()) {
            (Some(c), None) => KeyCode::Char(c),
            _ => {
                let name = rest.to_ascii_lowercase();
                if let Some((_, code)) = NAMED.iter().find(|(n, _)| *n == name) {
                    *code
                } else if name == "space" {
                    KeyCode::Char(' ')
                } else if let Some(n) = name
                    .strip_prefix('f')
                    .and_then(|d| d.parse::<u8>().ok())
                    .filter(|n| (1..=24).contains(n) && !name.starts_with("f0"))
                {
                    KeyCode::F(n)
                } else {
                    return Err(err(column, KeyProblem::Unknown(rest.to_string())));
                }
            }
        };
        Ok(KeyBinding { code, modifiers }.normalized())
    }
}

impl serde::Serialize for KeyBinding {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.ascii())
    }
}

impl<'de> serde::Deserialize<'de> for KeyBinding {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The keys of one action in the config file: a list (`["ctrl-r"]`, `[]` to unbind) or a
/// single key (`"ctrl-r"`).
#[derive(Clone, PartialEq, Eq, Debug, Default, serde::Serialize)]
#[serde(transparent)]
pub struct KeyList(pub Vec<KeyBinding>);

impl<'de> serde::Deserialize<'de> for KeyList {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = KeyList;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of keys such as [\"q\", \"ctrl-c\"], or one key")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<KeyList, E> {
                v.parse()
                    .map(|k| KeyList(vec![k]))
                    .map_err(serde::de::Error::custom)
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<KeyList, A::Error> {
                let mut keys = Vec::new();
                while let Some(k) = seq.next_element()? {
                    keys.push(k);
                }
                Ok(KeyList(keys))
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

/// How key names are written in hints and help.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum KeyStyle {
    /// `Ctrl-C`, `←` (the screen).
    Symbols,
    /// `ctrl-c`, `left` (screen readers, Braille displays).
    Ascii,
}

/// Which action each key performs, and which keys each action has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Keymap {
    /// The keys of each action, indexed like [`Action::ALL`].
    keys: Vec<Vec<KeyBinding>>,
    lookup: HashMap<KeyBinding, Action>,
}

impl Default for Keymap {
    fn default() -> Keymap {
        Keymap::from_table(Action::ALL.iter().map(|&a| (a, default_keys(a))))
            .expect("the default keys bind each key once (tested)")
    }
}

/// The default keys of an action.
pub fn default_keys(action: Action) -> Vec<KeyBinding> {
    use KeyBinding as K;
    use KeyCode as C;
    match action {
        Action::Quit => vec![K::char('q'), K::ctrl('c')],
        Action::Help => vec![K::char('?'), K::plain(C::F(1))],
        Action::Up => vec![K::plain(C::Up)],
        Action::Down => vec![K::plain(C::Down)],
        Action::Left => vec![K::plain(C::Left)],
        Action::Right => vec![K::plain(C::Right)],
        Action::Select => vec![K::plain(C::Enter), K::char(' ')],
        Action::Cancel => vec![K::plain(C::Esc)],
        Action::CommandLine => vec![K::char(':')],
        Action::OfferDraw => vec![K::char('=')],
        Action::AcceptDraw => vec![K::char('y')],
        Action::DeclineDraw => vec![K::char('n')],
        Action::ClaimDraw => vec![K::ctrl('d')],
        Action::Resign => vec![K::char('r')],
        Action::Flip => vec![K::char('F')],
        Action::Adjust => vec![K::char('J')],
        Action::Pause => vec![K::char('p')],
        Action::Takeback => vec![K::char('u')],
        Action::Save => vec![K::char('s')],
        Action::Seal => vec![K::ctrl('e')],
        Action::NewGame => vec![K::ctrl('n')],
        Action::ToggleClockReadings => vec![K::char('t')],
        Action::RepeatAnnouncement => vec![K::char('i')],
        Action::EngineAnalysis => vec![K::char('E')],
        Action::ScrollUp => vec![K::plain(C::PageUp)],
        Action::ScrollDown => vec![K::plain(C::PageDown)],
        Action::StepForward => vec![K::char('.')],
        Action::StepBack => vec![K::char(',')],
        Action::FirstPly => vec![K::plain(C::Home)],
        Action::LastPly => vec![K::plain(C::End)],
        Action::NextFinding => vec![K::plain(C::Tab)],
        Action::PrevFinding => vec![K::plain(C::BackTab)],
        Action::JumpToPly => vec![K::char('m')],
        Action::Decide => vec![K::char('v')],
    }
}

impl Keymap {
    /// A keymap from the keys of each action; actions not given have no keys.
    pub fn from_table(
        table: impl IntoIterator<Item = (Action, Vec<KeyBinding>)>,
    ) -> Result<Keymap, KeymapError> {
        let mut keys = vec![Vec::new(); Action::ALL.len()];
        for (action, list) in table {
            keys[index(action)] = list;
        }
        Keymap::build(keys)
    }

    /// The defaults with the config's `[keys]` overrides: each action named there gets
    /// exactly the keys given (an empty list unbinds it).
    pub fn with_overrides(overrides: &BTreeMap<Action, KeyList>) -> Result<Keymap, KeymapError> {
        Keymap::from_table(Action::ALL.iter().map(|&a| {
            let keys = match overrides.get(&a) {
                Some(list) => list.0.clone(),
                None => default_keys(a),
            };
            (a, keys)
        }))
    }

    fn build(mut keys: Vec<Vec<KeyBinding>>) -> Result<Keymap, KeymapError> {
        let mut lookup: HashMap<KeyBinding, Action> = HashMap::new();
        for (i, list) in keys.iter_mut().enumerate() {
            let action = Action::ALL[i];
            let mut seen = Vec::new();
            for k in list.iter().map(|k| k.normalized()) {
                if seen.contains(&k) {
                    continue;
                }
                seen.push(k);
                if let Some(&first) = lookup.get(&k) {
                    return Err(KeymapError {
                        key: k.ascii(),
                        first,
                        second: action,
                    });
                }
                lookup.insert(k, action);
            }
            *list = seen;
        }
        Ok(Keymap { keys, lookup })
    }

    /// The action of a key event (`None` for unbound keys and key releases).
    pub fn action(&self, event: &KeyEvent) -> Option<Action> {
        KeyBinding::from_event(event).and_then(|k| self.lookup.get(&k).copied())
    }

    /// The action bound to a key.
    pub fn action_of(&self, key: KeyBinding) -> Option<Action> {
        self.lookup.get(&key.normalized()).copied()
    }

    /// The keys of an action, in the order given (possibly none).
    pub fn keys(&self, action: Action) -> &[KeyBinding] {
        &self.keys[index(action)]
    }

    /// The keys of an action as one text: `q/Ctrl-C`.
    pub fn keys_text(&self, action: Action, style: KeyStyle) -> String {
        self.keys(action)
            .iter()
            .map(|k| match style {
                KeyStyle::Symbols => k.to_string(),
                KeyStyle::Ascii => k.ascii(),
            })
            .collect::<Vec<_>>()
            .join("/")
    }

    /// Status-line hints for these actions: (keys, label), e.g. `("=", "draw")`. Actions with
    /// no key are left out.
    pub fn hints(&self, actions: &[Action], lang: Lang) -> Vec<(String, String)> {
        self.hints_in(actions, lang, KeyStyle::Symbols)
    }

    /// [`Keymap::hints`] with the key names in the given style.
    pub fn hints_in(
        &self,
        actions: &[Action],
        lang: Lang,
        style: KeyStyle,
    ) -> Vec<(String, String)> {
        self.entries(actions, style, |a| keys::label(a, lang))
    }

    /// (keys, words) of each bound action of `actions`, in their order.
    fn entries(
        &self,
        actions: &[Action],
        style: KeyStyle,
        words: impl Fn(Action) -> &'static str,
    ) -> Vec<(String, String)> {
        actions
            .iter()
            .filter(|a| !self.keys(**a).is_empty())
            .map(|&a| (self.keys_text(a, style), words(a).to_string()))
            .collect()
    }

    /// The help screen: (keys, description) for every bound action, in [`Action::ALL`] order.
    pub fn help(&self, lang: Lang) -> Vec<(String, String)> {
        self.help_in(lang, KeyStyle::Symbols)
    }

    /// [`Keymap::help`] with the key names in the given style.
    pub fn help_in(&self, lang: Lang, style: KeyStyle) -> Vec<(String, String)> {
        self.help_for(&Action::ALL, lang, style)
    }

    /// The help entries of some actions only (a mode's own), in their order: the bound ones,
    /// with their keys and descriptions.
    pub fn help_for(
        &self,
        actions: &[Action],
        lang: Lang,
        style: KeyStyle,
    ) -> Vec<(String, String)> {
        self.entries(actions, style, |a| keys::description(a, lang))
    }

    /// The bound keys that a typed move could begin with (see [`starts_move`]): empty for
    /// the defaults; the play mode may warn about the others.
    pub fn shadowed_move_starts(&self) -> Vec<(KeyBinding, Action)> {
        let mut v: Vec<(KeyBinding, Action)> = self
            .lookup
            .iter()
            .filter(|(k, _)| {
                k.modifiers.is_empty() && matches!(k.code, KeyCode::Char(c) if starts_move(c))
            })
            .map(|(k, a)| (*k, *a))
            .collect();
        v.sort_by_key(|(k, a)| (*a, k.ascii()));
        v
    }
}

/// The place of an action in [`Action::ALL`] (its declaration order, tested).
fn index(action: Action) -> usize {
    action as usize
}

#[cfg(test)]
mod tests {
    #[test]
    fn play_actions_are_all_but_the_replays_own() {
        let replay_only = [
            Action::StepForward,
            Action::StepBack,
            Action::FirstPly,
            Action::LastPly,
            Action::NextFinding,
            Action::PrevFinding,
            Action::JumpToPly,
            Action::Decide,
        ];
        assert_eq!(Action::PLAY.len() + replay_only.len(), Action::ALL.len());
        assert!(Action::PLAY.iter().all(|a| !replay_only.contains(a)));
        assert!(Action::PLAY.contains(&Action::Quit) && Action::PLAY.contains(&Action::Seal));
    }

    use super::*;

    #[test]
    fn all_lists_every_action_once_in_declaration_order() {
        for (i, a) in Action::ALL.iter().enumerate() {
            assert_eq!(*a as usize, i, "{a}");
        }
    }

    #[test]
    fn names_are_the_serde_names() {
        for a in Action::ALL {
            let v = serde_json::to_value(a).unwrap();
            assert_eq!(v.as_str(), Some(a.name()));
        }
    }
}
