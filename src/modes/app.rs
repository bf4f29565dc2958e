//! The full-screen play mode's state and its update: keys become actions through the live
//! keymap, actions become session commands, and the new game events become the status
//! line's announcement (the speech module's words). `App::screen` lends everything to the
//! widgets; nothing here draws.

use crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use crate::core::{Bitboard, Color, Move, Notation, Position, Role, Square, write_move};
use crate::keymap::{Action, Keymap};
use crate::lang::Lang;
use crate::laws::GameEvent;
use crate::speech::Speaker;
use crate::speech::screens::Say;
use crate::ui::{self, Glyphs};

use crate::laws::touch::TouchOutcome;
use crate::table::command::{Command, CommandError, Context, Grammar, Query};
use crate::table::session::{Chair, Hand, Reply, Role as SeatRole, Seat, Session, SessionError};

/// What the status line asks that is the screen's own (the session's questions —
/// resign, claim, offer, accept, takeback, quit — are [`Session::question`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Ask {
    /// Resume the unfinished game found at start?
    Resume,
    /// Which piece for this promotion? (3.7.3.3)
    Promotion { from: Square, to: Square },
}

/// The command line under the board.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct LineInput {
    pub text: String,
    /// Cursor position in characters.
    pub cursor: usize,
    pub error: Option<String>,
}

/// Edits a one-line text input with `key` (cursor in characters): Backspace, Delete, the
/// arrows, Home, End and typed characters (at most 80). Returns whether the key was one of
/// those. Shared by every command line of the full screen.
pub fn edit_text(text: &mut String, cursor: &mut usize, key: &KeyEvent) -> bool {
    let byte_at = |s: &str, n: usize| s.char_indices().nth(n).map_or(s.len(), |(i, _)| i);
    let len = text.chars().count();
    match key.code {
        KeyCode::Backspace if *cursor > 0 => {
            text.remove(byte_at(text, *cursor - 1));
            *cursor -= 1;
        }
        KeyCode::Backspace => {}
        KeyCode::Delete if *cursor < len => {
            text.remove(byte_at(text, *cursor));
        }
        KeyCode::Left => *cursor = cursor.saturating_sub(1),
        KeyCode::Right => *cursor = (*cursor + 1).min(len),
        KeyCode::Home => *cursor = 0,
        KeyCode::End => *cursor = len,
        KeyCode::Char(c) if !key.modifiers.contains(KeyModifiers::CONTROL) => {
            if len < 80 {
                text.insert(byte_at(text, *cursor), c);
                *cursor += 1;
            }
        }
        _ => return false,
    }
    true
}

/// What the caller should do after an update.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flow {
    Continue,
    Quit,
    /// Save the game now (PGN), the caller knows where.
    Save,
    /// Start a new game with the same settings.
    NewGame,
    /// The person accepted to resume the game found at start.
    Resume,
}

/// Settings the screen needs.
#[derive(Clone, Debug)]
pub struct View {
    pub lang: Lang,
    pub notation: Notation,
    pub glyphs: Glyphs,
    pub clock_readings: bool,
    pub low_time_ms: u64,
}

/// The title line: the players and the time control.
fn title_of(session: &Session) -> String {
    let setup = session.setup();
    // Guidelines II: a Chess960 game shows its start position's number.
    let variant = match (setup.is_chess960(), setup.chess960_number()) {
        (true, Some(n)) => format!("  ·  Chess960 #{n}"),
        (true, None) => "  ·  Chess960".to_string(),
        (false, _) => String::new(),
    };
    format!(
        "{} – {}{}{variant}",
        session.name(Color::White),
        session.name(Color::Black),
        setup
            .time_control
            .as_ref()
            .map(|tc| format!("  ·  {tc}"))
            .unwrap_or_default()
    )
}

/// The full-screen play mode at this terminal: the game (the table) and the screen that
/// shows it. The SSH hub holds only [`Screen`]s over its rooms' games.
pub struct App {
    pub session: Session,
    pub screen: Screen,
}

impl std::ops::Deref for App {
    type Target = Screen;
    fn deref(&self) -> &Screen {
        &self.screen
    }
}

impl std::ops::DerefMut for App {
    fn deref_mut(&mut self) -> &mut Screen {
        &mut self.screen
    }
}

impl App {
    pub fn new(
        session: Session,
        keymap: Keymap,
        speaker: Speaker,
        view: View,
        theme: ui::theme::Theme,
    ) -> App {
        let screen = Screen::new(&session, Chair::local(), keymap, speaker, view, theme);
        App { session, screen }
    }

    /// Turns strict touch-move on or off (Art. 4): picking a piece up with the cursor
    /// touches it (the session keeps what the touches bind).
    pub fn set_strict_touch(&mut self, on: bool, now: u64) {
        self.session.set_strict_touch(on, now);
    }

    /// Brings the game to `now` and announces what happened.
    pub fn tick(&mut self, now: u64) {
        self.screen.tick(&mut self.session, now);
    }

    /// Turns the new game events into the announcement.
    pub fn absorb_events(&mut self) -> Vec<GameEvent> {
        self.screen.absorb_events(&self.session)
    }

    /// One key at `now`.
    pub fn key(&mut self, key: KeyEvent, now: u64) -> Flow {
        self.screen.key(&mut self.session, key, now)
    }

    /// A named action at `now`.
    pub fn action(&mut self, action: Action, now: u64) -> Flow {
        self.screen.action(&mut self.session, action, now)
    }

    /// A mouse event at `now`.
    pub fn mouse(&mut self, ev: MouseEvent, now: u64) -> Flow {
        self.screen.mouse(&mut self.session, ev, now)
    }

    pub fn hints(&self) -> Vec<(String, String)> {
        self.screen.hints(&self.session)
    }

    pub fn draw(&self, frame: &mut ratatui::Frame, now: u64) {
        self.screen.draw(&self.session, frame, now)
    }

    pub fn engine_to_move(&self) -> bool {
        self.session.engine_to_move()
    }

    pub fn seat(&self, color: Color) -> Seat {
        self.session.seat(color)
    }
}

/// One screen over a game: its chair (role, event cursor, question), the cursor on the
/// board, the command line, the announcement. It borrows the game for every key and every
/// frame and keeps none of it.
#[derive(Clone)]
pub struct Screen {
    chair: Chair,
    pub keymap: Keymap,
    pub speaker: Speaker,
    pub view: View,
    pub theme: ui::theme::Theme,
    cursor: Square,
    selected: Option<Square>,
    bottom: Color,
    input: Option<LineInput>,
    ask: Option<Ask>,
    help: bool,
    announcement: String,
    /// The announcement's last sentence, to be read whole (see
    /// [`Screen::set_announcement_keeping`]); kept only while the announcement ends with it
    /// (the announcement is replaced in many places).
    announcement_kept: Option<String>,
    /// Scoresheet scroll: `None` follows the end.
    scroll: Option<usize>,
    /// The command line is writing the sealed move (Guidelines I.1).
    sealing: bool,
    /// Where sealed envelopes are written (the data dir's `envelopes/`); `None`: no sealing.
    pub envelopes_dir: Option<std::path::PathBuf>,
    /// Arbiter training: an illegal move typed is handled as a completed illegal move
    /// (Art. 7.5: position restored, penalty, second one loses) instead of refused.
    pub arbiter_training: bool,
    /// The letter key that opened the session's waiting question (`r` for resign), kept
    /// so that a move typed after it (`re2`: the Spanish King to e2) is read as typed.
    asked_by: Option<char>,
    /// What the engine seat shows on the title line (it is thinking; its analysis when
    /// asked for), set by the play loop's engine companion.
    pub engine_line: Option<String>,
    /// The engine's evaluation and principal variation were asked for (`E`, `analysis`).
    pub show_analysis: bool,
    /// The mouse's state and where the last frame put the panes.
    pointer: Pointer,
}

/// Where the last frame put the panes, for the mouse and for paging the scoresheet.
#[derive(Clone, Copy, Debug)]
struct Drawn {
    areas: ui::Areas,
    /// The scoresheet's first line shown, and the first line that follows its end.
    sheet_top: usize,
    sheet_last_top: usize,
}

/// Where the last frame put the panes, written while drawing (from `&self`). A mutex, not a
/// `Cell`: the SSH hub shares screens with the threads that paint them.
#[derive(Debug, Default)]
struct DrawnCell(std::sync::Mutex<Option<Drawn>>);

impl DrawnCell {
    fn get(&self) -> Option<Drawn> {
        *self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn set(&self, drawn: Option<Drawn>) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = drawn;
    }
}

impl Clone for DrawnCell {
    fn clone(&self) -> DrawnCell {
        DrawnCell(std::sync::Mutex::new(self.get()))
    }
}

/// The mouse at the board and the scoresheet.
#[derive(Debug, Default, Clone)]
struct Pointer {
    drawn: DrawnCell,
    /// The square the left button went down on, and whether its piece was already picked
    /// up then (a click on it puts it down again; a drag carries it).
    press: Option<(Square, bool)>,
    /// A click on the scoresheet: the board shows the position after this ply (1-based)
    /// until a key or a click on the board brings the game back.
    peek: Option<usize>,
    /// The announcement the look back replaced, said again when the game comes back.
    before_peek: Option<String>,
}

impl Screen {
    pub fn new(
        table: &Session,
        mut chair: Chair,
        keymap: Keymap,
        speaker: Speaker,
        view: View,
        theme: ui::theme::Theme,
    ) -> Screen {
        let bottom = table.local_color(chair.role());
        table.skip_events(&mut chair);
        let mut screen = Screen {
            chair,
            keymap,
            speaker,
            view,
            theme,
            cursor: if bottom == Color::White {
                Square::E2
            } else {
                Square::E7
            },
            selected: None,
            bottom,
            input: None,
            ask: None,
            help: false,
            announcement: String::new(),
            announcement_kept: None,
            scroll: None,
            sealing: false,
            envelopes_dir: None,
            arbiter_training: false,
            asked_by: None,
            engine_line: None,
            show_analysis: false,
            pointer: Pointer::default(),
        };
        screen.announcement = screen.opening_words(table);
        screen
    }

    /// The first announcement: a new game, or a resumed one with its last move and turn.
    fn opening_words(&self, table: &Session) -> String {
        self.speaker.opening(table.game())
    }

    /// The chair this screen sits in.
    pub fn chair(&self) -> &Chair {
        &self.chair
    }

    /// A spectator who took a free seat.
    pub fn set_role(&mut self, role: SeatRole) {
        self.chair.set_role(role);
    }

    /// A hand on the board (strict touch-move): the binding is said, or why not.
    fn hand(&mut self, table: &mut Session, hand: Hand, now: u64) -> Option<TouchOutcome> {
        match table.touch(hand, now) {
            Ok(o) => {
                self.absorb_events(table);
                Some(o)
            }
            Err(e) => {
                self.report(&e);
                None
            }
        }
    }

    pub fn lang(&self) -> Lang {
        self.view.lang
    }

    pub fn announcement(&self) -> &str {
        &self.announcement
    }

    pub fn set_announcement(&mut self, text: impl Into<String>) {
        self.announcement = text.into();
        self.announcement_kept = None;
    }

    /// The announcement followed by `last`, a sentence the screen shows whole when the
    /// status cannot hold both (where the game was saved: a path cut is of no use).
    pub fn set_announcement_keeping(&mut self, last: &str) {
        self.announcement = format!("{} {last}", self.announcement);
        self.announcement_kept = Some(last.to_string());
    }

    /// Whether the game's clock stands while this screen is shown: the help screen, or the
    /// question whether to resume the game found at start (the time spent reading them is
    /// no one's thinking time).
    pub fn holds_clock(&self) -> bool {
        self.help || self.ask == Some(Ask::Resume)
    }

    pub fn ask(&mut self, ask: Ask) {
        self.ask = Some(ask);
    }

    pub fn asking(&self) -> Option<&Ask> {
        self.ask.as_ref()
    }

    /// Brings the game to `now` and announces what happened.
    pub fn tick(&mut self, table: &mut Session, now: u64) {
        table.tick(now);
        self.absorb_events(table);
    }

    /// Turns the new game events into the announcement (the last one that has words).
    pub fn absorb_events(&mut self, table: &Session) -> Vec<GameEvent> {
        let events = table.take_events(&mut self.chair);
        let game = table.game();
        // The end of the game, when it comes, is what the one status line must say; the
        // line mode says every sentence.
        let ended = events
            .iter()
            .rev()
            .find(|e| matches!(e, GameEvent::GameEnded { .. }));
        let words: Vec<String> = match ended {
            Some(e) => self.speaker.event(e, game).into_iter().collect(),
            // The move first: what else it brought (a draw offer that lapses with it)
            // follows, so a long sentence never hides the move.
            None => {
                let (moves, rest): (Vec<&GameEvent>, Vec<&GameEvent>) = events
                    .iter()
                    .partition(|e| matches!(e, GameEvent::MovePlayed { .. }));
                moves
                    .into_iter()
                    .chain(rest)
                    .filter_map(|e| self.speaker.event(e, game))
                    .collect()
            }
        };
        if !words.is_empty() {
            self.announcement = words.join(" ");
        }
        if events
            .iter()
            .any(|e| matches!(e, GameEvent::MovePlayed { .. }))
        {
            self.selected = None;
        }
        events
    }

    /// One key at `now`.
    pub fn key(&mut self, table: &mut Session, key: KeyEvent, now: u64) -> Flow {
        if key.kind == KeyEventKind::Release {
            return Flow::Continue;
        }
        if self.end_peek() && key.code == KeyCode::Esc {
            return Flow::Continue;
        }
        let ctrl_c =
            key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL);
        if self.help {
            self.help = false;
            return Flow::Continue;
        }
        if let Some(ask) = self.ask.clone() {
            return self.answer(table, ask, key, now);
        }
        if self.chair.question().is_some() && !ctrl_c {
            if let Some(flow) = self.answer_question(table, key, now) {
                return flow;
            }
        }
        if self.input.is_some() && !ctrl_c {
            return self.edit_line(table, key, now);
        }
        if let KeyCode::Char(c) = key.code {
            let plain = !key
                .modifiers
                .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
            if plain && crate::keymap::starts_move(c) && self.keymap.action(&key).is_none() {
                self.input = Some(LineInput {
                    text: c.to_string(),
                    cursor: 1,
                    error: None,
                });
                return Flow::Continue;
            }
        }
        let flow = match self.keymap.action(&key) {
            Some(action) => self.action(table, action, now),
            None => Flow::Continue,
        };
        if self.chair.question().is_some() {
            self.asked_by = match key.code {
                KeyCode::Char(c) if c.is_alphabetic() => Some(c),
                _ => None,
            };
        }
        flow
    }

    /// A key while the session's question waits: `y`/`s` yes, `n`/Esc no. Enter alone
    /// answers nothing; a key that starts a move withdraws the question and opens the
    /// command line with the move as typed (with the letter that opened the question, if
    /// it was one: `r` `e` `2` is `re2`). `None`: the key is not about the question (it
    /// withdraws it and does what it does).
    fn answer_question(&mut self, table: &mut Session, key: KeyEvent, now: u64) -> Option<Flow> {
        let answer = match key.code {
            KeyCode::Char('y' | 'Y' | 's' | 'S') => Some(true),
            KeyCode::Char('n') | KeyCode::Esc => Some(false),
            _ => None,
        };
        if let Some(yes) = answer {
            return Some(self.apply(table, Command::Answer(yes), now));
        }
        match key.code {
            KeyCode::Enter => {
                self.announcement = self.speaker.answer_hint();
                Some(Flow::Continue)
            }
            KeyCode::Char(c)
                if crate::keymap::starts_move(c)
                    && !key
                        .modifiers
                        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
            {
                self.chair.withdraw_question();
                // The key that asked was a piece letter and this one goes on with a square
                // (`r` `e`: the Spanish `re2`, King to e2): the move is typed as a whole.
                let piece_letter = |k: char| "kqrbndtac".contains(k.to_ascii_lowercase());
                let prefix = self
                    .asked_by
                    .take()
                    .filter(|&k| piece_letter(k) && matches!(c, 'a'..='h' | 'x'));
                let text: String = prefix.into_iter().chain([c]).collect();
                self.announcement = self.speaker.cancelled();
                self.input = Some(LineInput {
                    cursor: text.chars().count(),
                    text,
                    error: None,
                });
                Some(Flow::Continue)
            }
            _ => {
                if self.chair.withdraw_question().is_some() {
                    self.announcement = self.speaker.cancelled();
                }
                None
            }
        }
    }

    /// A named action at `now`.
    pub fn action(&mut self, table: &mut Session, action: Action, now: u64) -> Flow {
        match action {
            Action::Quit => return self.apply(table, Command::Quit, now),
            Action::Help => self.help = true,
            Action::Up => self.step_cursor(0, 1),
            Action::Down => self.step_cursor(0, -1),
            Action::Left => self.step_cursor(-1, 0),
            Action::Right => self.step_cursor(1, 0),
            Action::Select => self.select(table, now),
            Action::Cancel => {
                if let (true, Some(from)) = (table.touch_state().is_some(), self.selected) {
                    // Put back on its own square: the binding stays (4.3, 4.7).
                    self.hand(table, Hand::Release(from), now);
                }
                self.selected = None;
                self.input = None;
            }
            Action::CommandLine => self.input = Some(LineInput::default()),
            Action::OfferDraw => return self.apply(table, Command::OfferDraw, now),
            Action::AcceptDraw => return self.apply(table, Command::AcceptDraw, now),
            Action::DeclineDraw => return self.apply(table, Command::DeclineDraw, now),
            Action::ClaimDraw => return self.apply(table, Command::Claim(None), now),
            Action::Resign => return self.apply(table, Command::Resign, now),
            Action::Flip => self.bottom = !self.bottom,
            Action::Takeback => return self.apply(table, Command::Takeback, now),
            Action::Pause => {
                let cmd = if self.paused(table) {
                    Command::Resume
                } else {
                    Command::Pause
                };
                return self.apply(table, cmd, now);
            }
            Action::Adjust => {
                let by = table.game().position().turn();
                if table.touch_state().is_some() {
                    self.hand(table, Hand::Adjust(by, self.cursor), now);
                }
            }
            Action::Seal => return self.front(table, Command::Seal(None), now),
            Action::Save => return Flow::Save,
            Action::NewGame => return self.apply(table, Command::NewGame, now),
            Action::ToggleClockReadings => self.view.clock_readings = !self.view.clock_readings,
            Action::EngineAnalysis => self.show_analysis = !self.show_analysis,
            Action::RepeatAnnouncement => {
                // The line must change for a screen reader watching the terminal to read it
                // again: a mark in front of it comes and goes with each repetition.
                self.announcement = match self.announcement.strip_prefix("» ") {
                    Some(rest) => rest.to_string(),
                    None => format!("» {}", self.announcement),
                };
            }
            Action::ScrollUp => self.scroll_sheet(table, -1),
            Action::ScrollDown => self.scroll_sheet(table, 1),
            _ => {
                self.announcement = self.speaker.screen(Say::NotForPlay);
            }
        }
        Flow::Continue
    }

    /// Hands a command to the session and shows what it came to.
    fn apply(&mut self, table: &mut Session, cmd: Command, now: u64) -> Flow {
        self.asked_by = None;
        let outcome = match table.apply(&mut self.chair, cmd, now) {
            Ok(o) => o,
            Err(e) => {
                self.report(&e);
                return Flow::Continue;
            }
        };
        if outcome.withdrawn.is_some() {
            self.announcement = self.speaker.cancelled();
        }
        match outcome.reply {
            Reply::Done => {
                self.absorb_events(table);
            }
            // The prompt line shows the question (App::question).
            Reply::Asked(_) => {}
            Reply::Cancelled(_) => self.announcement = self.speaker.cancelled(),
            Reply::Leave => return Flow::Quit,
            Reply::NewGame => return Flow::NewGame,
            Reply::TakenBack => self.announcement = self.speaker.taken_back(),
            Reply::Front(cmd) => return self.front(table, cmd, now),
        }
        Flow::Continue
    }

    /// The commands that are the screen's own.
    fn front(&mut self, table: &mut Session, cmd: Command, now: u64) -> Flow {
        match cmd {
            Command::Flip => self.bottom = !self.bottom,
            Command::Save => return Flow::Save,
            Command::ClockReadings => self.view.clock_readings = !self.view.clock_readings,
            Command::EngineAnalysis => self.show_analysis = !self.show_analysis,
            Command::Query(Query::Help) => self.help = true,
            Command::Query(Query::Repeat) => {
                return self.action(table, Action::RepeatAnnouncement, now);
            }
            Command::Query(q) => {
                self.announcement = table.answer(self.chair.role(), q, &self.speaker, now)
            }
            Command::Seal(mv) => {
                if table.game().is_over() || self.envelopes_dir.is_none() {
                    return Flow::Continue;
                }
                if !table.human_to_move(self.chair.role()) {
                    self.report(&SessionError::EngineToMove);
                    return Flow::Continue;
                }
                match mv {
                    Some(mv) => self.seal(table, mv, now),
                    None => {
                        self.sealing = true;
                        self.input = Some(LineInput::default());
                        self.announcement = self.speaker.seal_prompt();
                    }
                }
            }
            _ => self.report(&SessionError::NotHere),
        }
        Flow::Continue
    }

    /// Says why a command was refused (by this screen, or by the room of a shared game).
    pub fn report(&mut self, e: &SessionError) {
        self.announcement = self.error_words(e);
    }

    fn error_words(&self, e: &SessionError) -> String {
        self.speaker.refusal(e)
    }

    /// A key while the screen's own question waits (a promotion's piece; resuming the
    /// game found at start: `y`/`s` or `n`/Esc, never Enter alone).
    fn answer(&mut self, table: &mut Session, ask: Ask, key: KeyEvent, now: u64) -> Flow {
        if let Ask::Promotion { from, to } = ask {
            let role = match key.code {
                KeyCode::Enter | KeyCode::Char('q' | 'Q' | 'd' | 'D') => Some(Role::Queen),
                KeyCode::Char('r' | 'R' | 't' | 'T') => Some(Role::Rook),
                KeyCode::Char('b' | 'B' | 'a' | 'A') => Some(Role::Bishop),
                KeyCode::Char('n' | 'N' | 'c' | 'C') => Some(Role::Knight),
                KeyCode::Esc => {
                    self.ask = None;
                    return Flow::Continue;
                }
                _ => None,
            };
            if let Some(role) = role {
                self.ask = None;
                self.play(
                    table,
                    Move::new(from, to, crate::core::MoveKind::Promotion(role)),
                    now,
                );
            }
            return Flow::Continue;
        }
        match key.code {
            KeyCode::Char('y' | 'Y' | 's' | 'S') => {
                self.ask = None;
                Flow::Resume
            }
            KeyCode::Char('n' | 'N') | KeyCode::Esc => {
                self.ask = None;
                Flow::NewGame
            }
            _ => {
                self.announcement = self.speaker.answer_hint();
                Flow::Continue
            }
        }
    }

    fn edit_line(&mut self, table: &mut Session, key: KeyEvent, now: u64) -> Flow {
        let Some(input) = self.input.as_mut() else {
            return Flow::Continue;
        };
        match key.code {
            KeyCode::Esc => {
                self.input = None;
                self.sealing = false;
            }
            KeyCode::Enter => {
                let text = input.text.trim().to_string();
                return self.run_line(table, &text, now);
            }
            KeyCode::Backspace => {
                edit_text(&mut input.text, &mut input.cursor, &key);
                input.error = None;
                if input.text.is_empty() {
                    self.input = None;
                }
            }
            _ => {
                if edit_text(&mut input.text, &mut input.cursor, &key) {
                    input.error = None;
                }
            }
        }
        Flow::Continue
    }

    /// Runs the command line's text, read by the table's grammar: a command, or a move
    /// in any notation (its letters read as typed).
    fn run_line(&mut self, table: &mut Session, text: &str, now: u64) -> Flow {
        let pos = *table.game().position();
        let grammar = Grammar {
            context: Context::Play,
            speaker: &self.speaker,
            position: Some(&pos),
        };
        if self.sealing {
            match grammar.read_move(text) {
                Ok(mv) => self.seal(table, mv, now),
                Err(e) => self.line_error(&e),
            }
            return Flow::Continue;
        }
        let read = grammar.read(text);
        match read {
            Ok(None) => {
                self.input = None;
                Flow::Continue
            }
            Ok(Some(Command::Move(mv))) => {
                self.input = None;
                self.play(table, mv, now);
                Flow::Continue
            }
            Ok(Some(cmd)) => {
                self.input = None;
                self.apply(table, cmd, now)
            }
            Err(CommandError::Move(e))
                if self.arbiter_training
                    && e.problem == crate::speech::ReadProblem::Illegal
                    && table.may_move(self.chair.role()).is_ok()
                    && !table.engine_to_move() =>
            {
                // 7.5.1: the move was completed; the position before it stands (the record
                // never held the illegal one) and the penalty of 7.5.5 follows.
                self.input = None;
                match table.illegal_move(pos.turn(), now) {
                    Ok(()) => {
                        self.absorb_events(table);
                    }
                    Err(e) => self.report(&e),
                }
                Flow::Continue
            }
            Err(e) => {
                match (&e, table.move_refusal(self.chair.role())) {
                    (CommandError::Move(_), Some(r)) => {
                        self.input = None;
                        self.report(&r);
                    }
                    _ => self.line_error(&e),
                }
                Flow::Continue
            }
        }
    }

    /// Shows why the command line's text was not read, under it.
    fn line_error(&mut self, e: &CommandError) {
        let words = self.speaker.command_error_brief(e);
        if let Some(input) = self.input.as_mut() {
            input.error = Some(words);
        }
    }

    fn play(&mut self, table: &mut Session, mv: Move, now: u64) {
        self.selected = None;
        if self.paused(table) {
            self.report(&SessionError::Paused);
            return;
        }
        self.apply(table, Command::Move(mv), now);
    }

    fn paused(&self, table: &Session) -> bool {
        table
            .game()
            .clock()
            .is_some_and(|c| c.phase() == crate::laws::clock::Phase::Paused)
    }

    /// Guidelines I.1: the player to move seals `mv`; the envelope is written to the
    /// data directory and the clock stops.
    fn seal(&mut self, table: &mut Session, mv: Move, now: u64) {
        use crate::laws::adjourn::{Adjournment, SealDraft};
        let Some(dir) = self.envelopes_dir.clone() else {
            return;
        };
        let pos = *table.game().position();
        table.tick(now);
        let mut adj = Adjournment::of_game_at(table.game(), now);
        adj.white = table.name(Color::White).to_string();
        adj.black = table.name(Color::Black).to_string();
        let sealed = SealDraft::new(adj).and_then(|mut d| {
            d.write_move(mv)?;
            d.seal()
        });
        let envelope = match sealed {
            Ok(e) => e,
            Err(e) => {
                self.announcement = e.to_string();
                return;
            }
        };
        let path = dir.join(format!(
            "{}-{}-move{}.envelope",
            table
                .name(Color::White)
                .replace(|c: char| !c.is_alphanumeric(), "_"),
            table
                .name(Color::Black)
                .replace(|c: char| !c.is_alphanumeric(), "_"),
            pos.fullmove_number()
        ));
        let written = std::fs::create_dir_all(&dir)
            .map_err(|e| e.to_string())
            .and_then(|_| envelope.write_to(&path).map_err(|e| e.to_string()));
        if let Err(e) = written {
            self.announcement = e;
            return;
        }
        self.input = None;
        self.sealing = false;
        if let Err(e) = table.seal(&envelope, now) {
            self.report(&e);
            return;
        }
        self.absorb_events(table);
        let where_ = self
            .speaker
            .screen(Say::EnvelopeSaved(&path.display().to_string()));
        self.announcement = format!("{} {where_}", self.announcement);
    }

    fn step_cursor(&mut self, df: i32, dr: i32) {
        let (df, dr) = if self.bottom == Color::White {
            (df, dr)
        } else {
            (-df, -dr)
        };
        if let Some(sq) = self.cursor.offset(df, dr) {
            self.cursor = sq;
        }
    }

    /// Enter on the board: pick up one's own piece, or drop the picked one on a target.
    fn select(&mut self, table: &mut Session, now: u64) {
        if table.touch_state().is_some() && table.human_to_move(self.chair.role()) {
            return self.select_strict(table, now);
        }
        let pos = *table.game().position();
        if let Some(from) = self.selected {
            if from == self.cursor {
                self.selected = None;
                return;
            }
            let moves: Vec<Move> = pos
                .legal_moves_from(from)
                .iter()
                .copied()
                .filter(|m| m.to == self.cursor)
                .collect();
            match moves.as_slice() {
                [] => {}
                [mv] => return self.play(table, *mv, now),
                [first, ..] => {
                    if first.promotion().is_some() {
                        self.ask = Some(Ask::Promotion {
                            from,
                            to: self.cursor,
                        });
                    }
                    return;
                }
            }
        }
        match pos.piece_at(self.cursor) {
            Some(p) if p.color == pos.turn() && table.human_to_move(self.chair.role()) => {
                if pos.legal_moves_from(self.cursor).is_empty() {
                    self.announcement = self.speaker.screen(Say::NoLegalMove);
                } else {
                    self.selected = Some(self.cursor);
                }
            }
            _ => self.selected = None,
        }
    }

    /// Enter on the board in strict touch-move: touching and releasing as on a real board.
    fn select_strict(&mut self, table: &mut Session, now: u64) {
        let hand = match self.selected {
            // A piece in the hand: let it go on the cursor's square.
            Some(_) => Hand::Release(self.cursor),
            None => Hand::Touch(self.cursor),
        };
        let Some(o) = self.hand(table, hand, now) else {
            return;
        };
        self.selected = table.touch_state().and_then(|t| t.in_hand());
        if let Some(mv) = o.made {
            self.selected = None;
            self.apply(table, Command::Move(mv), now);
        } else if let Some(crate::laws::touch::BindingKind::PawnTo { from, to }) =
            table.touch_state().map(|t| t.binding().kind)
        {
            self.ask = Some(Ask::Promotion { from, to });
        }
    }

    fn targets(&self, table: &Session) -> Bitboard {
        let Some(from) = self.selected else {
            return Bitboard::EMPTY;
        };
        if let Some(t) = table.touch_state() {
            return t
                .allowed_moves()
                .iter()
                .filter(|m| m.from == from)
                .fold(Bitboard::EMPTY, |b, m| b | Bitboard::from_square(m.to));
        }
        let pos: &Position = table.game().position();
        pos.legal_moves_from(from)
            .iter()
            .fold(Bitboard::EMPTY, |b, m| b | Bitboard::from_square(m.to))
    }

    /// The hints of the status line, from the live keymap.
    pub fn hints(&self, table: &Session) -> Vec<(String, String)> {
        let game = table.game();
        let mut actions = vec![Action::Help];
        // A shared game's arbiter or spectator: nothing of a player's.
        if let Some(role @ (SeatRole::Arbiter | SeatRole::Spectator)) = self.chair.role() {
            if role == SeatRole::Arbiter && game.clock().is_some() {
                actions.push(Action::Pause);
            }
            actions.extend([Action::Flip, Action::Quit]);
            return self.keymap.hints(&actions, self.lang());
        }
        if game.is_over() {
            actions.extend([Action::NewGame, Action::Save, Action::Quit]);
        } else if table.offer_answerer(self.chair.role()).is_ok() {
            // Only the side offered the draw answers it (9.1.2.1): the session says who.
            actions.extend([Action::AcceptDraw, Action::DeclineDraw, Action::Quit]);
        } else if self.paused(table) {
            actions.extend([Action::Pause, Action::Quit]);
        } else {
            actions.extend([
                Action::OfferDraw,
                Action::ClaimDraw,
                Action::Resign,
                Action::Flip,
            ]);
            if game.clock().is_some() {
                actions.push(Action::Pause);
            }
            actions.push(Action::Quit);
        }
        self.keymap.hints(&actions, self.lang())
    }

    /// Everything the widgets need, borrowed, at `now`.
    pub fn draw(&self, table: &Session, frame: &mut ratatui::Frame, now: u64) {
        let lang = self.lang();
        let game = table.game();
        let last_move = game.plies().last().map(|p| p.mv);
        let hints = self.hints(table);
        let help_title = self.speaker.screen(Say::HelpTitle);
        let help_entries = if self.help {
            self.help_entries(frame.area())
        } else {
            Vec::new()
        };
        let question = self.question(table);
        let prompt = match (&self.ask, &self.input) {
            // The question names the pieces and their keys: listed once.
            (Some(Ask::Promotion { .. }), _) => Some(ui::Prompt::Promotion {
                question: question.as_deref().unwrap_or(""),
                options: &[],
            }),
            (Some(_), _) | (None, None) if question.is_some() => Some(ui::Prompt::Confirm {
                question: question.as_deref().unwrap_or(""),
            }),
            (None, Some(input)) => Some(ui::Prompt::CommandLine {
                input: &input.text,
                cursor: input.cursor,
                error: input.error.as_deref(),
            }),
            _ => None,
        };
        let names = [table.name(Color::White), table.name(Color::Black)];
        let mut title = title_of(table);
        if let Some(line) = &self.engine_line {
            title.push_str("  ·  ");
            title.push_str(line);
        }
        let (position, last_move) = self
            .shown_position(game)
            .unwrap_or((game.position(), last_move));
        let screen = ui::Screen {
            title: &title,
            lang,
            board: ui::BoardView {
                position,
                bottom: self.bottom,
                last_move,
                cursor: Some(self.cursor),
                selected: self.selected,
                targets: self.targets(table),
                glyphs: self.view.glyphs,
                coordinates: true,
            },
            clock: ui::ClockView {
                clock: game.clock(),
                now_ms: now,
                names,
                lang,
                low_time_ms: self.view.low_time_ms,
                glyphs: self.view.glyphs,
            },
            scoresheet: self.sheet_view(game),
            status: ui::StatusView {
                announcement: &self.announcement,
                kept_from: self
                    .announcement_kept
                    .as_deref()
                    .filter(|last| self.announcement.ends_with(last))
                    .map(|last| self.announcement.len() - last.len()),
                hints: &hints,
                prompt,
            },
            findings: None,
            overlay: self.help.then(|| {
                ui::Overlay::Help(ui::HelpView {
                    title: &help_title,
                    entries: &help_entries,
                })
            }),
        };
        self.remember(frame.area(), &screen);
        ui::draw(frame, &screen, &self.theme);
    }

    /// The help's entries: each key's sentence when they all fit on the screen, else the
    /// word or two of the status line's hints (at 80×24 the sentences take more rows than
    /// there are).
    fn help_entries(&self, area: ratatui::layout::Rect) -> Vec<(String, String)> {
        let lang = self.lang();
        let long = self
            .keymap
            .help_for(Action::PLAY, lang, crate::keymap::KeyStyle::Symbols);
        let (w, h) = ui::HelpView::room(area);
        let view = ui::HelpView {
            title: "",
            entries: &long,
        };
        if view.fits(w, h) {
            long
        } else {
            self.keymap.hints(Action::PLAY, lang)
        }
    }

    /// The scoresheet as this screen shows it (the ply looked at by a click marked).
    fn sheet_view<'a>(&self, game: &'a crate::laws::Game) -> ui::ScoresheetView<'a> {
        ui::ScoresheetView {
            game,
            notation: self.view.notation,
            clock_readings: self.view.clock_readings,
            scroll: self.scroll,
            highlight_ply: self.pointer.peek,
            after_end: &[],
            lang: self.lang(),
        }
    }

    /// The position a click on the scoresheet asked to see, and the move that led to it.
    fn shown_position<'a>(
        &self,
        game: &'a crate::laws::Game,
    ) -> Option<(&'a Position, Option<Move>)> {
        let ply = self.pointer.peek?;
        let pos = game.position_at(ply)?;
        Some((pos, ply.checked_sub(1).map(|i| game.plies()[i].mv)))
    }

    /// Keeps where the frame put the panes, for the mouse and for paging.
    fn remember(&self, area: ratatui::layout::Rect, screen: &ui::Screen) {
        let drawn = ui::areas(area, screen).map(|areas| {
            let (sheet_top, sheet_last_top) = areas
                .scoresheet_inner()
                .map(|r| screen.scoresheet.scroll_span(r))
                .unwrap_or((0, 0));
            Drawn {
                areas,
                sheet_top,
                sheet_last_top,
            }
        });
        self.pointer.drawn.set(drawn);
    }

    /// Pages the scoresheet up (`dir` < 0) or down by its height less a line, from the
    /// line shown at the top of the last frame; down to the end it follows the end again.
    fn scroll_sheet(&mut self, table: &Session, dir: i32) {
        let Some(d) = self.pointer.drawn.get() else {
            // Nothing drawn yet: a line at a time from the end.
            let end = table.game().plies().len().div_ceil(2);
            let at = self.scroll.unwrap_or(end);
            self.scroll = match dir {
                ..0 => Some(at.saturating_sub(1)),
                _ => None,
            };
            return;
        };
        let page = d
            .areas
            .scoresheet_inner()
            .map_or(1, |r| (r.height as usize).saturating_sub(1).max(1));
        self.scroll_lines(d, dir.signum() as isize * page as isize);
    }

    /// Moves the scoresheet's top by `lines` (negative: up).
    fn scroll_lines(&mut self, d: Drawn, lines: isize) {
        let top = d.sheet_top.saturating_add_signed(lines);
        self.scroll = if top >= d.sheet_last_top {
            None
        } else {
            Some(top)
        };
        if lines < 0 && d.sheet_top == 0 {
            self.scroll = Some(0);
        }
    }

    /// The mouse: the left button on the board picks a piece up and puts it down (a click
    /// on the piece, then on its square; or a drag), through the same steps as Enter, so
    /// touch-move binds as with the keys; on the scoresheet it shows the position after
    /// the move clicked (a key or a click on the board brings the game back); the wheel
    /// scrolls the scoresheet. Any click closes the help.
    pub fn mouse(&mut self, table: &mut Session, ev: MouseEvent, now: u64) -> Flow {
        let Some(d) = self.pointer.drawn.get() else {
            return Flow::Continue;
        };
        let (x, y) = (ev.column, ev.row);
        let mut board = ui::BoardView::new(table.game().position());
        board.bottom = self.bottom;
        let on_board = || {
            d.areas
                .board
                .contains(ratatui::layout::Position::new(x, y))
                .then(|| d.areas.square_at(x, y, &board))
                .flatten()
        };
        match ev.kind {
            MouseEventKind::ScrollUp => self.scroll_lines(d, -3),
            MouseEventKind::ScrollDown => self.scroll_lines(d, 3),
            MouseEventKind::Down(MouseButton::Left) => {
                if self.help {
                    self.help = false;
                    return Flow::Continue;
                }
                if self.ask.is_some() || self.input.is_some() {
                    return Flow::Continue;
                }
                if let Some(sq) = on_board() {
                    if self.end_peek() {
                        return Flow::Continue;
                    }
                    let held = self.selected == Some(sq);
                    self.pointer.press = Some((sq, held));
                    self.cursor = sq;
                    if !held {
                        self.select(table, now);
                    }
                    return Flow::Continue;
                }
                let sheet = self.sheet_view(table.game());
                let ply = d
                    .areas
                    .scoresheet_inner()
                    .and_then(|r| sheet.ply_at(r, x, y));
                if let Some(ply) = ply {
                    self.peek(table, ply);
                }
            }
            MouseEventKind::Drag(MouseButton::Left) => {
                if let (Some(_), Some(sq)) = (self.pointer.press, on_board()) {
                    self.cursor = sq;
                }
            }
            MouseEventKind::Up(MouseButton::Left) => {
                let Some((from, held)) = self.pointer.press.take() else {
                    return Flow::Continue;
                };
                let Some(to) = on_board() else {
                    return Flow::Continue;
                };
                self.cursor = to;
                // A click on the piece in hand puts it down; a drag from it drops it on
                // the square the button comes up on.
                if (to == from && held) || (to != from && self.selected == Some(from)) {
                    self.select(table, now);
                }
            }
            _ => {}
        }
        Flow::Continue
    }

    /// Shows the position after `ply` (the last one: the game itself) and says so.
    fn peek(&mut self, table: &Session, ply: usize) {
        let game = table.game();
        if ply >= game.plies().len() {
            self.end_peek();
            return;
        }
        let Some(before) = game.position_at(ply - 1) else {
            return;
        };
        let text = write_move(before, game.plies()[ply - 1].mv, self.view.notation);
        let number = before.fullmove_number();
        let mv = match before.turn() {
            Color::White => format!("{number}. {text}"),
            Color::Black => format!("{number}… {text}"),
        };
        if self.pointer.peek.is_none() {
            self.pointer.before_peek = Some(self.announcement.clone());
        }
        self.pointer.peek = Some(ply);
        self.selected = None;
        self.announcement = self.speaker.screen(Say::LookingBack(&mv));
    }

    /// Brings the game back after a look at an earlier position; `false` if none was shown.
    fn end_peek(&mut self) -> bool {
        if self.pointer.peek.take().is_none() {
            return false;
        }
        if let Some(a) = self.pointer.before_peek.take() {
            self.announcement = a;
        }
        true
    }

    /// The question on the status line: the screen's own, or the session's.
    fn question(&self, table: &Session) -> Option<String> {
        match &self.ask {
            Some(Ask::Resume) => Some(self.speaker.screen(Say::ResumeQuestion)),
            Some(Ask::Promotion { .. }) => Some(self.speaker.screen(Say::PromotionPrompt)),
            None => self.chair.question().map(|q| {
                self.speaker
                    .question(&q, Some(table.game().position()), false)
            }),
        }
    }
}
