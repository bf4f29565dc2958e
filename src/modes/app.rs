//! The full-screen play mode's state and its update: keys become actions through the live
//! keymap, actions become session commands, and the new game events become the status
//! line's announcement (the speech module's words). `App::screen` lends everything to the
//! widgets; nothing here draws.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::core::{Bitboard, Color, Move, Notation, Position, Role, Square};
use crate::keymap::{Action, Keymap};
use crate::lang::Lang;
use crate::laws::GameEvent;
use crate::speech::Speaker;
use crate::ui::{self, Glyphs};

use crate::table::session::{Command, Seat, Session, SessionError};

/// What the status line is asking.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Ask {
    /// Leave while a game runs? (`q`, Ctrl-C)
    Quit,
    /// Resign? (5.1.2)
    Resign,
    /// Take back by agreement? (casual games)
    Takeback,
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
    format!(
        "{} – {}{}",
        session.name(Color::White),
        session.name(Color::Black),
        session
            .setup()
            .time_control
            .as_ref()
            .map(|tc| format!("  ·  {tc}"))
            .unwrap_or_default()
    )
}

/// The full-screen play mode.
pub struct App {
    pub session: Session,
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
    /// Scoresheet scroll: `None` follows the end.
    scroll: Option<usize>,
    title: String,
    /// The command line is writing the sealed move (Guidelines I.1).
    sealing: bool,
    /// Where sealed envelopes are written (the data dir's `envelopes/`); `None`: no sealing.
    pub envelopes_dir: Option<std::path::PathBuf>,
    /// Arbiter training: an illegal move typed is handled as a completed illegal move
    /// (Art. 7.5: position restored, penalty, second one loses) instead of refused.
    pub arbiter_training: bool,
    /// Strict touch-move (Art. 4): picking a piece up with the cursor touches it, and the
    /// touches bind as the Laws say; `None` when the mode is off.
    touch: Option<crate::laws::touch::TouchState>,
}

impl App {
    pub fn new(
        session: Session,
        keymap: Keymap,
        speaker: Speaker,
        view: View,
        theme: ui::theme::Theme,
    ) -> App {
        let bottom = session.local_color();
        let title = title_of(&session);
        let mut app = App {
            session,
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
            scroll: None,
            title,
            sealing: false,
            envelopes_dir: None,
            arbiter_training: false,
            touch: None,
        };
        app.announcement = app.opening_words();
        app.session.skip_events();
        app
    }

    /// The first announcement: a new game, or a resumed one with its last move and turn.
    fn opening_words(&self) -> String {
        let lang = self.lang();
        let game = self.session.game();
        let turn = self.speaker.to_move(game.position().turn());
        if game.plies().is_empty() {
            return match lang {
                Lang::Es => {
                    format!("Partida nueva. {turn} Escriba una jugada o use las flechas y Enter.")
                }
                Lang::En => format!("New game. {turn} Type a move, or use the arrows and Enter."),
            };
        }
        let last = self.speaker.last_move(game);
        match lang {
            Lang::Es => format!("Partida reanudada. {last} {turn}"),
            Lang::En => format!("Game resumed. {last} {turn}"),
        }
    }

    /// Takes the game of the room this screen mirrors (a shared game) and announces what
    /// happened in it.
    pub fn sync(&mut self, owner: &Session) {
        self.session.sync_from(owner);
        self.title = title_of(&self.session);
        self.absorb_events();
    }

    /// Turns strict touch-move on or off (Art. 4).
    pub fn set_strict_touch(&mut self, on: bool) {
        self.touch =
            on.then(|| crate::laws::touch::TouchState::new(self.session.game().position()));
    }

    /// Keeps the touch state on the position on the board (a new one after every move).
    fn sync_touch(&mut self) {
        if let Some(t) = &self.touch {
            if t.position() != self.session.game().position() {
                self.touch = Some(crate::laws::touch::TouchState::new(
                    self.session.game().position(),
                ));
            }
        }
    }

    /// Records touch-move events into the game and says the binding.
    fn touched(&mut self, outcome: crate::laws::touch::TouchOutcome) {
        if let Err(e) = self.session.game_mut().record_touch(&outcome.events) {
            self.announcement = e.to_string();
            return;
        }
        self.absorb_events();
    }

    pub fn lang(&self) -> Lang {
        self.view.lang
    }

    pub fn announcement(&self) -> &str {
        &self.announcement
    }

    pub fn set_announcement(&mut self, text: impl Into<String>) {
        self.announcement = text.into();
    }

    pub fn ask(&mut self, ask: Ask) {
        self.ask = Some(ask);
    }

    pub fn asking(&self) -> Option<&Ask> {
        self.ask.as_ref()
    }

    /// Brings the game to `now` and announces what happened.
    pub fn tick(&mut self, now: u64) {
        self.session.tick(now);
        self.absorb_events();
    }

    /// Turns the new game events into the announcement (the last one that has words).
    pub fn absorb_events(&mut self) -> Vec<GameEvent> {
        let events = self.session.take_events();
        let game = self.session.game();
        // The end of the game, when it comes, is what the one status line must say; the
        // line mode says every sentence.
        let ended = events
            .iter()
            .rev()
            .find(|e| matches!(e, GameEvent::GameEnded { .. }));
        let words: Vec<String> = match ended {
            Some(e) => self.speaker.event(e, game).into_iter().collect(),
            None => events
                .iter()
                .filter_map(|e| self.speaker.event(e, game))
                .collect(),
        };
        if !words.is_empty() {
            self.announcement = words.join(" ");
        }
        if events
            .iter()
            .any(|e| matches!(e, GameEvent::MovePlayed { .. }))
        {
            self.selected = None;
            self.sync_touch();
        }
        events
    }

    /// One key at `now`.
    pub fn key(&mut self, key: KeyEvent, now: u64) -> Flow {
        if key.kind == KeyEventKind::Release {
            return Flow::Continue;
        }
        let ctrl_c =
            key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL);
        if self.help {
            self.help = false;
            return Flow::Continue;
        }
        if let Some(ask) = self.ask.clone() {
            return self.answer(ask, key, now);
        }
        if self.input.is_some() && !ctrl_c {
            return self.edit_line(key, now);
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
        match self.keymap.action(&key) {
            Some(action) => self.action(action, now),
            None => Flow::Continue,
        }
    }

    /// A named action at `now`.
    pub fn action(&mut self, action: Action, now: u64) -> Flow {
        let lang = self.lang();
        match action {
            Action::Quit => {
                if self.session.game().is_over() || self.session.game().plies().is_empty() {
                    return Flow::Quit;
                }
                self.ask = Some(Ask::Quit);
            }
            Action::Help => self.help = true,
            Action::Up => self.step_cursor(0, 1),
            Action::Down => self.step_cursor(0, -1),
            Action::Left => self.step_cursor(-1, 0),
            Action::Right => self.step_cursor(1, 0),
            Action::Select => self.select(now),
            Action::Cancel => {
                if let (Some(t), Some(from)) = (self.touch.as_mut(), self.selected) {
                    // Put back on its own square: the binding stays (4.3, 4.7).
                    match t.release(from) {
                        Ok(o) => self.touched(o),
                        Err(e) => self.announcement = e.to_string(),
                    }
                }
                self.selected = None;
                self.input = None;
            }
            Action::CommandLine => self.input = Some(LineInput::default()),
            Action::OfferDraw => self.command(Command::OfferDraw, now),
            Action::AcceptDraw => self.command(Command::AcceptDraw, now),
            Action::DeclineDraw => self.command(Command::DeclineDraw, now),
            Action::ClaimDraw => self.command(Command::ClaimDraw(None), now),
            Action::Resign => {
                if !self.session.game().is_over() {
                    self.ask = Some(Ask::Resign);
                }
            }
            Action::Flip => self.bottom = !self.bottom,
            Action::Takeback => self.ask = Some(Ask::Takeback),
            Action::Pause => self.pause(now),
            Action::Adjust => {
                let by = self.session.game().position().turn();
                let cursor = self.cursor;
                if let Some(t) = self.touch.as_mut() {
                    match t.adjust(by, cursor) {
                        Ok(o) => self.touched(o),
                        Err(e) => self.announcement = e.to_string(),
                    }
                }
            }
            Action::Seal => {
                if self.session.game().is_over() || self.envelopes_dir.is_none() {
                    return Flow::Continue;
                }
                if !self.session.human_to_move() {
                    self.announcement = self.error_words(&SessionError::EngineToMove);
                    return Flow::Continue;
                }
                self.sealing = true;
                self.input = Some(LineInput::default());
                self.announcement = lang
                    .pick(
                        "Aplazamiento: escriba la jugada secreta y Enter; no se jugará en el tablero (Directrices I.1).",
                        "Adjournment: write the sealed move and press Enter; it is not played on the board (Guidelines I.1).",
                    )
                    .into();
            }
            Action::Save => return Flow::Save,
            Action::NewGame => {
                if self.session.game().is_over() || self.session.game().plies().is_empty() {
                    return Flow::NewGame;
                }
                self.announcement = lang
                    .pick(
                        "La partida sigue: abandone u ofrezca tablas antes de empezar otra.",
                        "The game is still on: resign or agree a draw before starting another.",
                    )
                    .into();
            }
            Action::ToggleClockReadings => self.view.clock_readings = !self.view.clock_readings,
            Action::RepeatAnnouncement => {
                // The line must change for a screen reader watching the terminal to read it
                // again: a mark in front of it comes and goes with each repetition.
                self.announcement = match self.announcement.strip_prefix("» ") {
                    Some(rest) => rest.to_string(),
                    None => format!("» {}", self.announcement),
                };
            }
            Action::ScrollUp => {
                let end = self.session.game().plies().len().div_ceil(2);
                let at = self.scroll.unwrap_or(end);
                self.scroll = Some(at.saturating_sub(1));
            }
            Action::ScrollDown => {
                let end = self.session.game().plies().len().div_ceil(2);
                self.scroll = match self.scroll {
                    Some(n) if n + 1 < end => Some(n + 1),
                    _ => None,
                };
            }
            _ => {
                self.announcement = lang
                    .pick(
                        "Esa orden no sirve en una partida.",
                        "That command is not for play.",
                    )
                    .into();
            }
        }
        Flow::Continue
    }

    fn command(&mut self, cmd: Command, now: u64) {
        match self.session.command(cmd, now) {
            Ok(()) => {
                self.absorb_events();
            }
            Err(e) => self.announcement = self.error_words(&e),
        }
    }

    /// Says why a command was refused (by this screen, or by the room of a shared game).
    pub fn report(&mut self, e: &SessionError) {
        self.announcement = self.error_words(e);
    }

    fn error_words(&self, e: &SessionError) -> String {
        e.words(self.lang())
    }

    fn answer(&mut self, ask: Ask, key: KeyEvent, now: u64) -> Flow {
        let yes = matches!(
            key.code,
            KeyCode::Char('y' | 'Y' | 's' | 'S') | KeyCode::Enter
        );
        let no = matches!(key.code, KeyCode::Char('n' | 'N') | KeyCode::Esc);
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
                    Move::new(from, to, crate::core::MoveKind::Promotion(role)),
                    now,
                );
            }
            return Flow::Continue;
        }
        if !yes && !no {
            return Flow::Continue;
        }
        self.ask = None;
        if no {
            if ask == Ask::Resume {
                return Flow::NewGame;
            }
            return Flow::Continue;
        }
        match ask {
            Ask::Quit => Flow::Quit,
            Ask::Resume => Flow::Resume,
            Ask::Resign => {
                self.command(Command::Resign, now);
                Flow::Continue
            }
            Ask::Takeback => {
                match self.session.takeback() {
                    Ok(()) => {
                        self.announcement = self
                            .lang()
                            .pick(
                                "Jugada devuelta de común acuerdo.",
                                "Move taken back by agreement.",
                            )
                            .into();
                    }
                    Err(e) => self.announcement = self.error_words(&e),
                }
                Flow::Continue
            }
            Ask::Promotion { .. } => Flow::Continue,
        }
    }

    fn edit_line(&mut self, key: KeyEvent, now: u64) -> Flow {
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
                return self.run_line(&text, now);
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

    /// Runs the command line's text: a word command, or a move in any notation.
    fn run_line(&mut self, text: &str, now: u64) -> Flow {
        if self.sealing {
            self.seal(text, now);
            return Flow::Continue;
        }
        if self.session.role() == Some(crate::table::session::Role::Arbiter) {
            if let Some(parsed) = super::arbiter_cmd::parse(text, self.lang()) {
                match parsed {
                    Ok(request) => {
                        self.input = None;
                        if let Err(e) = self.session.request(request) {
                            self.report(&e);
                        }
                    }
                    Err(e) => {
                        if let Some(input) = self.input.as_mut() {
                            input.error = Some(e);
                        }
                    }
                }
                return Flow::Continue;
            }
        }
        let lower = text.to_lowercase();
        let mut words = lower.split_whitespace();
        let first = words.next().unwrap_or("");
        let rest: Vec<&str> = words.collect();
        let flow = match first {
            "" => {
                self.input = None;
                return Flow::Continue;
            }
            "draw" | "tablas" | "offer" | "ofrezco" => Some(Action::OfferDraw),
            "accept" | "acepto" | "aceptar" => Some(Action::AcceptDraw),
            "decline" | "rechazo" | "rechazar" => Some(Action::DeclineDraw),
            "resign" | "abandono" | "abandonar" => Some(Action::Resign),
            "flip" | "girar" => Some(Action::Flip),
            "save" | "guardar" => Some(Action::Save),
            "help" | "ayuda" => Some(Action::Help),
            "quit" | "salir" => Some(Action::Quit),
            "takeback" | "devolver" => Some(Action::Takeback),
            "claim" | "reclamo" | "reclamar" => {
                let intended = if rest.is_empty() {
                    None
                } else {
                    let pos = *self.session.game().position();
                    match self.speaker.read_move(&pos, &rest.join(" ")) {
                        Ok(mv) => Some(mv),
                        Err(e) => {
                            if let Some(input) = self.input.as_mut() {
                                input.error = Some(e.to_string());
                            }
                            return Flow::Continue;
                        }
                    }
                };
                self.input = None;
                self.command(Command::ClaimDraw(intended), now);
                return Flow::Continue;
            }
            _ => None,
        };
        if let Some(action) = flow {
            self.input = None;
            return self.action(action, now);
        }
        if self.session.engine_to_move() {
            self.input = None;
            self.announcement = self.error_words(&SessionError::EngineToMove);
            return Flow::Continue;
        }
        if let Err(e) = self.session.may_move() {
            self.input = None;
            self.report(&e);
            return Flow::Continue;
        }
        let pos = *self.session.game().position();
        match self.speaker.read_move(&pos, text) {
            Ok(mv) => {
                self.input = None;
                self.play(mv, now);
            }
            Err(e) if self.arbiter_training && e.problem == crate::speech::ReadProblem::Illegal => {
                // 7.5.1: the move was completed; the position before it stands (the record
                // never held the illegal one) and the penalty of 7.5.5 follows.
                self.input = None;
                let by = pos.turn();
                let result = self.session.game_mut().illegal_move(
                    by,
                    crate::laws::IllegalKind::Move,
                    crate::laws::Discovery::BeforeNextMove,
                );
                match result {
                    Ok(_) => {
                        self.absorb_events();
                    }
                    Err(e) => self.announcement = e.to_string(),
                }
            }
            Err(e) => {
                if let Some(input) = self.input.as_mut() {
                    input.error = Some(e.to_string());
                }
            }
        }
        Flow::Continue
    }

    fn play(&mut self, mv: Move, now: u64) {
        self.selected = None;
        if self.paused() {
            self.announcement = self
                .lang()
                .pick(
                    "Los relojes están parados: pulse la tecla de pausa para reanudar.",
                    "The clocks are stopped: press the pause key to resume.",
                )
                .into();
            return;
        }
        if let Some(t) = &self.touch {
            if !t.is_allowed(mv) {
                self.announcement = format!(
                    "{} ({})",
                    self.lang().pick(
                        "Esa jugada no es la que obligan las piezas tocadas",
                        "That move is not the one the touched pieces require"
                    ),
                    t.binding()
                );
                return;
            }
        }
        self.command(Command::Move(mv), now);
    }

    fn paused(&self) -> bool {
        self.session
            .game()
            .clock()
            .is_some_and(|c| c.phase() == crate::laws::clock::Phase::Paused)
    }

    /// 6.11–6.12: stop the clocks (to call the arbiter), or start them again.
    fn pause(&mut self, now: u64) {
        let resume = self.paused();
        match self.session.pause(resume, now) {
            Ok(()) => {
                self.absorb_events();
            }
            Err(e) => self.announcement = self.error_words(&e),
        }
    }

    /// Guidelines I.1: the player to move seals `text`; the envelope is written to the
    /// data directory and the clock stops.
    fn seal(&mut self, text: &str, now: u64) {
        use crate::laws::adjourn::{Adjournment, SealDraft};
        let lang = self.lang();
        let Some(dir) = self.envelopes_dir.clone() else {
            return;
        };
        let pos = *self.session.game().position();
        let mv = match self.speaker.read_move(&pos, text) {
            Ok(mv) => mv,
            Err(e) => {
                if let Some(input) = self.input.as_mut() {
                    input.error = Some(e.to_string());
                }
                return;
            }
        };
        self.session.tick(now);
        let mut adj = Adjournment::of_game_at(self.session.game(), now);
        adj.white = self.session.name(Color::White).to_string();
        adj.black = self.session.name(Color::Black).to_string();
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
            self.session
                .name(Color::White)
                .replace(|c: char| !c.is_alphanumeric(), "_"),
            self.session
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
        if let Err(e) = self.session.game_mut().record_seal(&envelope, now) {
            self.announcement = e.to_string();
            return;
        }
        self.absorb_events();
        let where_ = format!(
            "{} {}",
            lang.pick("Sobre guardado en", "Envelope saved in"),
            path.display()
        );
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
    fn select(&mut self, now: u64) {
        if self.touch.is_some() && self.session.human_to_move() {
            return self.select_strict(now);
        }
        let pos = *self.session.game().position();
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
                [mv] => return self.play(*mv, now),
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
            Some(p) if p.color == pos.turn() && self.session.human_to_move() => {
                if pos.legal_moves_from(self.cursor).is_empty() {
                    self.announcement = self
                        .lang()
                        .pick(
                            "Esa pieza no tiene jugadas legales.",
                            "That piece has no legal move.",
                        )
                        .into();
                } else {
                    self.selected = Some(self.cursor);
                }
            }
            _ => self.selected = None,
        }
    }

    /// Enter on the board in strict touch-move: touching and releasing as on a real board.
    fn select_strict(&mut self, now: u64) {
        self.sync_touch();
        let cursor = self.cursor;
        let Some(t) = self.touch.as_mut() else {
            return;
        };
        let result = match self.selected {
            // A piece in the hand: let it go on the cursor's square.
            Some(_) => t.release(cursor),
            None => t.touch(cursor),
        };
        match result {
            Ok(o) => {
                let made = o.made;
                let in_hand = t.in_hand();
                self.touched(o);
                self.selected = in_hand;
                if let Some(mv) = made {
                    self.selected = None;
                    self.command(Command::Move(mv), now);
                } else if let Some(crate::laws::touch::BindingKind::PawnTo { from, to }) =
                    self.touch.as_ref().map(|t| t.binding().kind)
                {
                    self.ask = Some(Ask::Promotion { from, to });
                }
            }
            Err(e) => self.announcement = e.to_string(),
        }
    }

    fn targets(&self) -> Bitboard {
        let Some(from) = self.selected else {
            return Bitboard::EMPTY;
        };
        if let Some(t) = &self.touch {
            return t
                .allowed_moves()
                .iter()
                .filter(|m| m.from == from)
                .fold(Bitboard::EMPTY, |b, m| b | Bitboard::from_square(m.to));
        }
        let pos: &Position = self.session.game().position();
        pos.legal_moves_from(from)
            .iter()
            .fold(Bitboard::EMPTY, |b, m| b | Bitboard::from_square(m.to))
    }

    /// The hints of the status line, from the live keymap.
    pub fn hints(&self) -> Vec<(String, String)> {
        let game = self.session.game();
        let mut actions = vec![Action::Help];
        // A shared game's arbiter or spectator: nothing of a player's.
        if let Some(
            role @ (crate::table::session::Role::Arbiter | crate::table::session::Role::Spectator),
        ) = self.session.role()
        {
            if role == crate::table::session::Role::Arbiter && game.clock().is_some() {
                actions.push(Action::Pause);
            }
            actions.extend([Action::Flip, Action::Quit]);
            return self.keymap.hints(&actions, self.lang());
        }
        if game.is_over() {
            actions.extend([Action::NewGame, Action::Save, Action::Quit]);
        } else if game.pending_offer().is_some() {
            actions.extend([Action::AcceptDraw, Action::DeclineDraw, Action::Quit]);
        } else if self.paused() {
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
    pub fn draw(&self, frame: &mut ratatui::Frame, now: u64) {
        let lang = self.lang();
        let game = self.session.game();
        let last_move = game.plies().last().map(|p| p.mv);
        let hints = self.hints();
        let help_entries = if self.help {
            self.keymap
                .help_for(Action::PLAY, lang, crate::keymap::KeyStyle::Symbols)
        } else {
            Vec::new()
        };
        let question = self.ask.as_ref().map(|a| self.question(a));
        let promotion_options: Vec<(String, String)> = match lang {
            Lang::Es => [
                ("D", "Dama"),
                ("T", "Torre"),
                ("A", "Alfil"),
                ("C", "Caballo"),
            ],
            Lang::En => [
                ("Q", "Queen"),
                ("R", "Rook"),
                ("B", "Bishop"),
                ("N", "Knight"),
            ],
        }
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        let prompt = match (&self.ask, &self.input) {
            (Some(Ask::Promotion { .. }), _) => Some(ui::Prompt::Promotion {
                question: question.as_deref().unwrap_or(""),
                options: &promotion_options,
            }),
            (Some(_), _) => Some(ui::Prompt::Confirm {
                question: question.as_deref().unwrap_or(""),
            }),
            (None, Some(input)) => Some(ui::Prompt::CommandLine {
                input: &input.text,
                cursor: input.cursor,
                error: input.error.as_deref(),
            }),
            _ => None,
        };
        let names = [
            self.session.name(Color::White),
            self.session.name(Color::Black),
        ];
        let screen = ui::Screen {
            title: &self.title,
            lang,
            board: ui::BoardView {
                position: game.position(),
                bottom: self.bottom,
                last_move,
                cursor: Some(self.cursor),
                selected: self.selected,
                targets: self.targets(),
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
            scoresheet: ui::ScoresheetView {
                game,
                notation: self.view.notation,
                clock_readings: self.view.clock_readings,
                scroll: self.scroll,
                highlight_ply: None,
                after_end: &[],
                lang,
            },
            status: ui::StatusView {
                announcement: &self.announcement,
                hints: &hints,
                prompt,
            },
            findings: None,
            overlay: self.help.then(|| {
                ui::Overlay::Help(ui::HelpView {
                    title: lang.pick("Ayuda", "Help"),
                    entries: &help_entries,
                })
            }),
        };
        ui::draw(frame, &screen, &self.theme);
    }

    fn question(&self, ask: &Ask) -> String {
        let lang = self.lang();
        match ask {
            Ask::Quit => lang
                .pick(
                    "¿Salir? La partida queda guardada y podrá reanudarla. (s/n)",
                    "Quit? The game is saved and can be resumed. (y/n)",
                )
                .into(),
            Ask::Resign => lang
                .pick("¿Abandona la partida? (s/n)", "Resign the game? (y/n)")
                .into(),
            Ask::Takeback => lang
                .pick(
                    "¿Devolver la última jugada? Los dos jugadores deben estar de acuerdo. (s/n)",
                    "Take back the last move? Both players must agree. (y/n)",
                )
                .into(),
            Ask::Resume => lang
                .pick(
                    "Hay una partida sin terminar. ¿Reanudarla? (s/n)",
                    "An unfinished game was found. Resume it? (y/n)",
                )
                .into(),
            Ask::Promotion { .. } => lang
                .pick(
                    "Coronar: D dama, T torre, A alfil, C caballo (Enter: dama)",
                    "Promote to: Q queen, R rook, B bishop, N knight (Enter: queen)",
                )
                .into(),
        }
    }

    /// Whether the engine should be asked for a move now.
    pub fn engine_to_move(&self) -> bool {
        self.session.engine_to_move()
    }

    pub fn seat(&self, color: Color) -> Seat {
        self.session.seat(color)
    }
}
