//! Play mode: sets a game up from the command line and the config, then runs it on the full
//! screen or in the screen-reader line mode, with the engine (when one plays) and the
//! autosave as companions of the one loop.

use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::time::Duration;

use crate::config::{AsciiMode, Config, Paths, Speak};
use crate::core::{Color, Move, Position};
use crate::engine::{Engine, EngineEvent, EngineOptions, GoClock, Strength};
use crate::lang::Lang;
use crate::laws::Supervision;
use crate::laws::clock::{ClockOptions, StartMode};
use crate::laws::time_control::TimeControl;
use crate::speech::{Profile, Speaker};
use crate::ui::Glyphs;

use super::app::{App, Ask, Flow, View};
use super::event_loop::{self, Companion, SystemTime, TerminalInput, TimeSource};
use super::line::{LineCompanion, LineMode, LineOptions, Voice};
use super::persist;
use crate::speech::screens::Say;
use crate::table::session::{Seat, Session, Setup};

/// What the command line asked for (each `None` falls back to the config).
#[derive(Clone, Debug, Default)]
pub struct PlayOptions {
    pub time_control: Option<TimeControl>,
    pub white: Option<Seat>,
    pub black: Option<Seat>,
    pub engine: Option<PathBuf>,
    pub fen: Option<String>,
    /// Chess960 from this start position (0-959, Guidelines II.1).
    pub chess960: Option<u16>,
    /// A PGN file to resume (its last game).
    pub resume: Option<PathBuf>,
    pub lang: Option<Lang>,
    pub names: Option<Profile>,
    pub notation: Option<crate::core::Notation>,
    pub theme: Option<String>,
    pub ascii: bool,
    pub screen_reader: bool,
    pub speak: bool,
    pub white_name: Option<String>,
    pub black_name: Option<String>,
    /// The engine's strength as an Elo rating (`UCI_Elo`), over the config's.
    pub engine_elo: Option<u32>,
    /// The engine's `Skill Level` (0-20), over the config's.
    pub engine_skill: Option<u8>,
    /// The engine's time per move in milliseconds, over the config's `move_time_ms`.
    pub engine_movetime: Option<u64>,
}

/// Why play mode could not start or go on.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    #[error(transparent)]
    Config(#[from] crate::config::ConfigError),
    #[error(transparent)]
    Toml(#[from] crate::toml_file::TomlFileError),
    #[error(transparent)]
    Keymap(#[from] crate::keymap::KeymapError),
    #[error(transparent)]
    Fen(#[from] crate::core::FenError),
    #[error(transparent)]
    Resume(#[from] persist::ResumeError),
    #[error("terminal: {0}")]
    Io(#[from] io::Error),
}

impl PlayError {
    /// The error in words, in `lang`.
    pub fn say(&self, lang: Lang) -> String {
        use crate::speech::{files, keys, setup};
        match self {
            PlayError::Config(e) => e.say(lang),
            PlayError::Toml(e) => files::toml_file(e, lang),
            PlayError::Keymap(e) => keys::keymap_error(e, lang),
            PlayError::Fen(e) => setup::fen_error(lang, e),
            PlayError::Resume(e) => e.say(lang),
            PlayError::Io(e) => files::terminal(lang, e),
        }
    }
}

/// Everything resolved: config + command line.
struct Resolved {
    config: Config,
    paths: Paths,
    lang: Lang,
    speaker: Speaker,
    setup: Setup,
    view: View,
    theme_name: String,
}

fn resolve(opts: &PlayOptions) -> Result<Resolved, PlayError> {
    let paths = Paths::from_env()?;
    let mut config = Config::load(&paths)?;
    // The command line's engine settings over the config's; one strength, the one given.
    if let Some(elo) = opts.engine_elo {
        config.engine.elo = Some(elo);
        config.engine.skill_level = None;
    }
    if let Some(skill) = opts.engine_skill {
        config.engine.skill_level = Some(skill);
        config.engine.elo = None;
    }
    if let Some(ms) = opts.engine_movetime {
        config.engine.move_time_ms = Some(ms);
    }
    let (lang, speaker) = speaker(opts.lang, opts.names, &config);
    let tc = opts
        .time_control
        .clone()
        .unwrap_or_else(|| config.time_control.clone());
    let start = match &opts.fen {
        Some(f) => Position::from_fen(f)?,
        None => Position::new(),
    };
    let seats = [
        opts.white.unwrap_or(Seat::Human),
        opts.black.unwrap_or(Seat::Human),
    ];
    let engine_name = || {
        opts.engine
            .as_ref()
            .unwrap_or(&config.engine.path)
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "engine".into())
    };
    let name = |color: Color, given: &Option<String>| match (given, seats[color.index()]) {
        (Some(n), _) => n.clone(),
        (None, Seat::Engine) => engine_name(),
        (None, Seat::Human) => match (lang, color) {
            (Lang::Es, Color::White) => "Blancas".into(),
            (Lang::Es, Color::Black) => "Negras".into(),
            (Lang::En, Color::White) => "White".into(),
            (Lang::En, Color::Black) => "Black".into(),
        },
    };
    let low_time_ms = config.low_time_mark_ms();
    let mut setup = Setup {
        start,
        time_control: Some(tc).filter(TimeControl::is_timed),
        clock_options: ClockOptions {
            start: if config.casual_start {
                StartMode::Casual
            } else {
                StartMode::Fide
            },
            // The line mode says its own warnings at every threshold; the clock's single
            // one would say the last of them twice.
            low_time_ms: (!line_mode(opts)).then_some(low_time_ms),
            guidelines_iii: false,
        },
        seats,
        names: [
            name(Color::White, &opts.white_name),
            name(Color::Black, &opts.black_name),
        ],
        supervision: if config.adequate_supervision {
            Supervision::Adequate
        } else {
            Supervision::Inadequate
        },
        tags: vec![
            ("Event".into(), "escaque".into()),
            ("Site".into(), "?".into()),
            ("Date".into(), crate::table::today()),
            ("Round".into(), "-".into()),
        ],
    };
    if let Some(n) = opts.chess960 {
        setup.set_chess960(n);
    }
    let (view, theme_name) = screen_settings(
        opts.ascii,
        opts.theme.as_deref(),
        opts.notation,
        &config,
        lang,
    );
    Ok(Resolved {
        config,
        paths,
        lang,
        speaker,
        setup,
        view,
        theme_name,
    })
}

/// The interface language and the announcer: the command line's choice, else the
/// config's (the language from the environment, the names following the language).
pub(super) fn speaker(
    lang: Option<Lang>,
    names: Option<Profile>,
    config: &Config,
) -> (Lang, Speaker) {
    let lang = lang.unwrap_or_else(|| config.lang());
    let names = names.unwrap_or_else(|| config.names(lang).code().parse().unwrap_or(Profile::En));
    (lang, Speaker::new(names, lang))
}

/// The screen's settings — glyphs, notation, clock readings, low-time mark — and the theme's
/// name, from the command line's choices and the config (play and replay share them). The
/// theme is `monochrome` when `NO_COLOR` is set and none was chosen (no-color.org).
pub(super) fn screen_settings(
    ascii: bool,
    theme: Option<&str>,
    notation: Option<crate::core::Notation>,
    config: &Config,
    lang: Lang,
) -> (View, String) {
    let glyphs = if ascii || config.ascii == AsciiMode::Always {
        Glyphs::Ascii
    } else if config.ascii == AsciiMode::Never {
        Glyphs::Unicode
    } else {
        Glyphs::detect()
    };
    let no_color = std::env::var("NO_COLOR").ok();
    let theme_name = theme
        .map(str::to_string)
        .unwrap_or_else(|| config.theme_with_no_color(no_color.as_deref()).to_string());
    let view = View {
        lang,
        notation: notation.unwrap_or_else(|| config.notation(lang)),
        glyphs,
        clock_readings: config.clock_readings_on_scoresheet,
        low_time_ms: config.low_time_mark_ms(),
    };
    (view, theme_name)
}

/// The engine seat: spawned when a side is played by an engine, asked for a move when it is
/// its turn, its failures told in words (the game is kept).
pub struct EngineSide {
    engine: Option<Engine>,
    thinking: bool,
    failed: bool,
    /// The config's (or the command line's) move time and maximum (`GoClock::with_settings`).
    move_time_ms: Option<u64>,
    max_move_time_ms: Option<u64>,
    answer_timeout_ms: u64,
    /// How long the search asked for may take before the engine is said not to answer.
    limit_ms: Option<u64>,
    /// The last progress of the search (depth, score, principal variation), and the
    /// position it is about.
    info: Option<(crate::engine::SearchInfo, Position)>,
    lang: Lang,
    /// A message for the person (engine failures).
    pub message: Option<String>,
}

impl EngineSide {
    /// Starts the engine of `config` (or `path`) if a side is an engine's.
    pub fn start(setup: &Setup, config: &Config, path: Option<&PathBuf>, lang: Lang) -> EngineSide {
        let mut side = EngineSide {
            engine: None,
            thinking: false,
            failed: false,
            move_time_ms: config.engine.move_time_ms,
            max_move_time_ms: config.engine.max_move_time_ms,
            answer_timeout_ms: config.engine.answer_timeout_ms,
            limit_ms: None,
            info: None,
            lang,
            message: None,
        };
        if !setup.seats.contains(&Seat::Engine) {
            return side;
        }
        let path = path.unwrap_or(&config.engine.path);
        let options = EngineOptions {
            strength: match (config.engine.elo, config.engine.skill_level) {
                (Some(elo), _) => Some(Strength::Elo(elo)),
                (None, Some(s)) => Some(Strength::Skill(s)),
                _ => None,
            },
            handshake_timeout: Duration::from_millis(config.engine.answer_timeout_ms),
            chess960: setup.is_chess960(),
            ..EngineOptions::default()
        };
        match Engine::spawn(path, &[], &options) {
            Ok(e) => side.engine = Some(e),
            Err(e) => {
                side.failed = true;
                side.message = Some(crate::speech::errors::engine(&e, lang));
            }
        }
        side
    }

    /// The engine's own name (its `id name`, "Stockfish 15.1"), once it has started.
    pub fn name(&self) -> Option<&str> {
        self.engine.as_ref().and_then(Engine::name)
    }

    /// Whether the engine is searching for its move now.
    pub fn is_thinking(&self) -> bool {
        self.thinking
    }

    /// The engine's last evaluation and principal variation, in `notation` from the
    /// position it searched ("+0.35 d12 e4 e5 Nf3"), with the score from White's side.
    pub fn analysis(&self, notation: crate::core::Notation) -> Option<String> {
        let (info, pos) = self.info.as_ref()?;
        let mut out = Vec::new();
        if let Some(score) = info.score {
            let white = match (score, pos.turn()) {
                (s, Color::White) => s,
                (crate::engine::Score::Cp(cp), Color::Black) => crate::engine::Score::Cp(-cp),
                (crate::engine::Score::Mate(m), Color::Black) => crate::engine::Score::Mate(-m),
            };
            out.push(white.to_string());
        }
        if let Some(d) = info.depth {
            out.push(format!("d{d}"));
        }
        let mut at = *pos;
        for (i, &mv) in info.pv.iter().enumerate() {
            let text = crate::core::write_move(&at, mv, notation);
            out.push(match (i, at.turn()) {
                (0, Color::Black) => format!("{}… {text}", at.fullmove_number()),
                (_, Color::White) => format!("{}. {text}", at.fullmove_number()),
                _ => text,
            });
            at.play_unchecked(mv);
        }
        (!out.is_empty()).then(|| out.join(" "))
    }

    /// Asks for a move when it is the engine's turn and plays the answer.
    pub fn step(&mut self, session: &mut Session, now: u64) {
        let Some(engine) = self.engine.as_mut() else {
            return;
        };
        if self.failed {
            return;
        }
        if !session.engine_to_move() {
            if self.thinking {
                engine.cancel();
                self.thinking = false;
            }
            return;
        }
        if !self.thinking {
            let game = session.game();
            let moves: Vec<Move> = game.plies().iter().map(|p| p.mv).collect();
            let turn = game.position().turn();
            // The configured move time and maximum hold with a clock too: 500 ms a move
            // in a 5+3 game is 500 ms, not what the engine's own time management takes.
            let go = GoClock::with_settings(
                game.clock().and_then(|c| GoClock::from_clock(c, now)),
                turn,
                self.move_time_ms,
                self.max_move_time_ms,
            );
            if let Err(e) = engine.go(game.start(), &moves, go, now) {
                self.failed = true;
                self.message = Some(crate::speech::errors::engine(&e, self.lang));
                return;
            }
            self.limit_ms = go.answer_limit_ms(turn, self.answer_timeout_ms);
            self.thinking = true;
        }
        while let Some(event) = engine.poll() {
            match event {
                EngineEvent::BestMove(mv) => {
                    self.thinking = false;
                    if let Err(e) = session.engine_move(mv, now) {
                        let speaker = Speaker::new(Profile::En, self.lang);
                        self.message = Some(speaker.refusal(&e));
                    }
                    return;
                }
                EngineEvent::Info(info) => {
                    if !info.pv.is_empty() || info.score.is_some() {
                        self.info = Some((info, *session.game().position()));
                    }
                }
                EngineEvent::Failed(e) => {
                    self.failed = true;
                    self.thinking = false;
                    self.message = Some(crate::speech::errors::engine(&e, self.lang));
                    return;
                }
            }
        }
        if let Some(EngineEvent::Failed(e)) = self.limit_ms.and_then(|l| engine.overdue(now, l)) {
            self.message = Some(crate::speech::errors::engine(&e, self.lang));
        }
    }

    /// Blocks briefly for the engine's answer (line mode, where nothing else is drawn).
    pub fn settle(&mut self) {
        if self.thinking {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl LineCompanion for EngineSide {
    fn step(&mut self, session: &mut Session, now: u64) {
        EngineSide::step(self, session, now);
        self.settle();
    }
}

/// The companions of the full screen: the engine and the autosave.
struct Companions {
    engine: EngineSide,
    autosave: Option<persist::Autosaver>,
    /// Where `s` saves a game (the games folder).
    games: PathBuf,
    lang: Lang,
    /// The text of the game last written to the games folder and its file: `s` on a game
    /// already written as it is (by the autosave at its end, or by an earlier `s`) writes
    /// no second identical file but says where it is.
    last_saved: Option<(String, PathBuf)>,
}

impl Companions {
    /// Where a game was saved, or why it could not be.
    fn saved_words(&self, saved: &io::Result<PathBuf>) -> String {
        let speaker = crate::speech::Speaker::new(crate::speech::Profile::En, self.lang);
        match saved {
            Ok(p) => speaker.screen(Say::GameSaved(&crate::fsutil::shown_path(p))),
            Err(e) => speaker.screen(Say::SaveFailed(&e.into())),
        }
    }

    fn save_if_changed(&mut self, session: &Session) -> Option<String> {
        match self.autosave.as_mut()?.save(session)? {
            Ok(_) if !session.game().is_over() => None,
            saved => {
                if let Ok(path) = &saved {
                    self.last_saved = Some((persist::pgn_text(session), path.clone()));
                }
                Some(self.saved_words(&saved))
            }
        }
    }

    /// The engine seat on the title line: thinking, and its analysis when asked for; in a
    /// game no engine plays, the request is answered and dropped.
    fn engine_line(&mut self, app: &mut App) {
        let Some(name) = self.engine.name().map(str::to_string) else {
            if app.show_analysis {
                app.show_analysis = false;
                let words = app.speaker.no_engine();
                app.set_announcement(words);
            }
            return;
        };
        let mut parts = Vec::new();
        if self.engine.is_thinking() {
            parts.push(app.speaker.engine_thinking(&name));
        }
        if app.show_analysis {
            let analysis = self.engine.analysis(app.view.notation);
            parts.push(app.speaker.engine_analysis(&name, analysis.as_deref()));
        }
        app.engine_line = (!parts.is_empty()).then(|| parts.join("  ·  "));
    }

    /// `s`: the game into the games folder, unless that very text is there already.
    fn save_now(&mut self, session: &Session) -> String {
        let text = persist::pgn_text(session);
        let saved = match &self.last_saved {
            Some((last, path)) if *last == text && path.is_file() => Ok(path.clone()),
            _ => persist::save_game(session, &self.games),
        };
        if let Ok(path) = &saved {
            self.last_saved = Some((text, path.clone()));
        }
        self.saved_words(&saved)
    }
}

impl Companion for Companions {
    fn step(&mut self, app: &mut App, now: u64) -> bool {
        self.engine.step(&mut app.session, now);
        self.engine_line(app);
        app.absorb_events();
        if let Some(m) = self.engine.message.take() {
            app.set_announcement(m);
        }
        if let Some(m) = self.save_if_changed(&app.session) {
            app.set_announcement_keeping(&m);
        }
        true
    }

    fn handle(&mut self, app: &mut App, flow: Flow, _now: u64) -> Flow {
        if flow == Flow::Save {
            let msg = self.save_now(&app.session);
            app.set_announcement(msg);
            return Flow::Continue;
        }
        flow
    }
}

impl LineCompanion for Companions {
    fn step(&mut self, session: &mut Session, now: u64) {
        self.engine.step(session, now);
        self.engine.settle();
        let _ = self.save_if_changed(session);
    }
}

/// A time source that continues a resumed game's time line.
struct Offset {
    base: SystemTime,
    offset: u64,
}

impl TimeSource for Offset {
    fn now_ms(&self) -> u64 {
        self.base.now_ms() + self.offset
    }
}

/// Whether the game runs in the line mode: asked for, or no terminal to draw on.
fn line_mode(opts: &PlayOptions) -> bool {
    opts.screen_reader || !io::stdout().is_terminal() || !io::stdin().is_terminal()
}

/// Runs play mode as the options and the config say.
pub fn run(opts: PlayOptions) -> Result<(), PlayError> {
    let r = resolve(&opts)?;
    let autosave_dir = r.paths.autosave_dir();
    let games_dir = r.paths.games_dir();
    // A file to resume: given (`--resume FILE`), the autosave (`--resume` alone), or found.
    let resume_file = opts.resume.as_ref().map(|p| {
        if p.as_os_str().is_empty() {
            persist::autosave_path(&autosave_dir)
        } else {
            p.clone()
        }
    });
    let (mut session, offset) = if let Some(path) = &resume_file {
        persist::resume(path, r.setup.clone())?
    } else {
        (Session::new(r.setup.clone(), 0), 0)
    };
    let mut found = if resume_file.is_none() && r.config.autosave {
        persist::unfinished(&autosave_dir)
    } else {
        None
    };
    // Never resumed silently: without a screen to ask on (the line mode), or when the
    // command line asked for another game (`--tc`, `--fen`), the unfinished game is kept
    // in the games folder and the player told how to go on with it.
    let mut notice = None;
    // Another game asked for: a time control or a start position other than the saved
    // game's (the same command line again, after a crash, still asks to resume).
    let other_game = found.as_ref().is_some_and(|path| {
        persist::saved_setup(path, r.setup.clone()).is_none_or(|saved| {
            (opts.time_control.is_some() && saved.time_control != r.setup.time_control)
                || ((opts.fen.is_some() || opts.chess960.is_some())
                    && (saved.start != r.setup.start
                        || saved.is_chess960() != r.setup.is_chess960()))
        })
    });
    if found.is_some() && (line_mode(&opts) || other_game) {
        found = None;
        notice = Some(match persist::keep_unfinished(&autosave_dir, &games_dir) {
            Ok(p) => r.speaker.unfinished_kept(&p.display().to_string()),
            Err(e) => return Err(e.into()),
        });
    }
    // Without a terminal (a pipe, a script) the full screen cannot be drawn: the line mode
    // plays the same game in plain lines.
    if line_mode(&opts) {
        return run_line(&r, &opts, session, offset, notice);
    }
    let keymap = r.config.keymap()?;
    let theme = crate::ui::theme::Theme::load(&r.theme_name, Some(&r.paths.themes_dir))?;
    let mut companions = Companions {
        engine: EngineSide::start(session.setup(), &r.config, opts.engine.as_ref(), r.lang),
        autosave: r
            .config
            .autosave
            .then(|| persist::Autosaver::new(autosave_dir.clone(), games_dir.clone(), &session)),
        games: games_dir.clone(),
        lang: r.lang,
        last_saved: None,
    };
    let mut r = r;
    if let Some(name) = companions.engine.name() {
        // The engine's own name ("Stockfish 15.1") on the screen and the scoresheet, for
        // the sides it plays that were given no name.
        for color in [Color::White, Color::Black] {
            let given = match color {
                Color::White => &opts.white_name,
                Color::Black => &opts.black_name,
            };
            if given.is_none() && r.setup.seats[color.index()] == Seat::Engine {
                r.setup.names[color.index()] = name.to_string();
                if session.seat(color) == Seat::Engine && session.game().plies().is_empty() {
                    session.set_name(color, name);
                }
            }
        }
    }
    // The screen writes moves and articles for the eye (`2… Nc6`, `Art. 5.1.1`); words stay
    // for the line mode and `--speak`.
    let screen_speaker = r.speaker.written((!opts.speak).then_some(r.view.notation));
    // The mouse moves pieces and steps through the scoresheet (the guard turns it off
    // again however the program ends).
    let guard = crate::terminal::TerminalGuard::enter(true)?;
    let backend = ratatui::backend::CrosstermBackend::new(io::stdout());
    let mut terminal = ratatui::Terminal::new(backend)?;
    terminal.clear()?;
    let mut offset = offset;
    if found.is_some() {
        // Ask first, on a fresh game's screen.
        session = Session::new(r.setup.clone(), 0);
    }
    let mut pending_resume = found;
    loop {
        let time = Offset {
            base: SystemTime::new(),
            offset,
        };
        let mut app = App::new(
            session,
            keymap.clone(),
            screen_speaker,
            r.view.clone(),
            theme.clone(),
        );
        app.envelopes_dir = Some(r.paths.envelopes_dir());
        app.arbiter_training = r.config.arbiter_training;
        app.set_strict_touch(r.config.strict_touch_move, time.now_ms());
        if let Some(m) = companions.engine.message.take() {
            app.set_announcement(m);
        }
        if let Some(m) = notice.take() {
            app.set_announcement(m);
        }
        if pending_resume.is_some() {
            app.ask(Ask::Resume);
        }
        if let Some(a) = companions.autosave.as_mut() {
            // The autosave's cursor starts at this game as it is: nothing is written until
            // it changes (the game found stays as it is until the question is answered),
            // then the whole journal once, then appends.
            a.restart(&app.session);
        }
        let flow = event_loop::run(
            &mut terminal,
            &mut app,
            &mut TerminalInput,
            &time,
            &mut companions,
        )?;
        match flow {
            Flow::Resume => {
                // Asked only when a file was found; without one there is nothing to resume.
                let Some(path) = pending_resume.take() else {
                    session = Session::new(r.setup.clone(), 0);
                    continue;
                };
                match persist::resume(&path, r.setup.clone()) {
                    Ok((s, now)) => {
                        session = s;
                        offset = now;
                    }
                    Err(e) => {
                        drop(guard);
                        return Err(e.into());
                    }
                }
            }
            Flow::NewGame => {
                // "No" to resuming: the unfinished game is kept, not thrown away.
                if pending_resume.take().is_some() {
                    notice = Some(match persist::keep_unfinished(&autosave_dir, &games_dir) {
                        Ok(p) => r.speaker.unfinished_kept(&p.display().to_string()),
                        Err(e) => e.to_string(),
                    });
                }
                session = Session::new(r.setup.clone(), 0);
                offset = 0;
            }
            _ => break,
        }
    }
    drop(terminal);
    drop(guard);
    Ok(())
}

fn run_line(
    r: &Resolved,
    opts: &PlayOptions,
    session: Session,
    offset: u64,
    notice: Option<String>,
) -> Result<(), PlayError> {
    let mut out = io::stdout().lock();
    if let Some(notice) = notice {
        use std::io::Write;
        writeln!(out, "{notice}")?;
    }
    let voice = if opts.speak || r.config.speak != Speak::Off {
        Voice::find()
    } else {
        None
    };
    let warnings_ms = r.config.low_time_warnings_ms();
    let mut companions = Companions {
        engine: EngineSide::start(session.setup(), &r.config, opts.engine.as_ref(), r.lang),
        autosave: r.config.autosave.then(|| {
            persist::Autosaver::new(r.paths.autosave_dir(), r.paths.games_dir(), &session)
        }),
        games: r.paths.games_dir(),
        lang: r.lang,
        last_saved: None,
    };
    if let Some(m) = companions.engine.message.take() {
        use std::io::Write;
        writeln!(out, "{m}")?;
    }
    let options = LineOptions {
        warnings_ms,
        voice,
        prompt: io::stdin().is_terminal(),
    };
    let time = Offset {
        base: SystemTime::new(),
        offset,
    };
    let mut mode = LineMode::new(session, r.speaker, &mut out, options);
    let stdin = io::BufReader::new(io::stdin());
    // Both ends (the player quit, the input ended) leave the game saved by the autosave.
    mode.run(stdin, &time, &mut companions)?;
    Ok(())
}
