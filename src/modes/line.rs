//! The screen-reader line mode: plain lines on standard output, no cursor addressing, no
//! boxes, no colour. One line per event, each said exactly once; a prompt that reads moves
//! (in words, SAN in English or Spanish, UCI) and commands, from a terminal or a pipe; the
//! same game, clocks and Laws as the full screen (a [`Session`]).
//!
//! Input is read on its own thread so that the clock keeps running while the player
//! thinks: low-time warnings and a falling flag are said when they happen, not at the next
//! line typed. At the end of the input the game is saved and the mode ends cleanly.

use std::collections::BTreeSet;
use std::io::{self, BufRead, Write};
use std::sync::mpsc;
use std::time::Duration;

use crate::core::{Color, Square};
use crate::lang::Lang;
use crate::laws::GameEvent;
use crate::speech::{self, Speaker};

use super::event_loop::TimeSource;
use crate::table::session::{Command, Session};

/// A program that says a line aloud (`--speak`), when installed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Voice {
    program: String,
}

impl Voice {
    /// `spd-say` (speech-dispatcher) or `espeak-ng`, the first found on `PATH`.
    pub fn find() -> Option<Voice> {
        let path = std::env::var_os("PATH")?;
        ["spd-say", "espeak-ng"].iter().find_map(|name| {
            std::env::split_paths(&path)
                .any(|dir| dir.join(name).is_file())
                .then(|| Voice {
                    program: name.to_string(),
                })
        })
    }

    fn say(&self, text: &str, lang: Lang) {
        let mut cmd = std::process::Command::new(&self.program);
        if self.program == "spd-say" {
            cmd.args(["-l", lang.code(), "--", text]);
        } else {
            cmd.args(["-v", lang.code(), "--", text]);
        }
        // Speech is a courtesy: a failure to start it must not stop the game.
        let _ = cmd
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn();
    }
}

/// Settings of the line mode.
#[derive(Clone, Debug)]
pub struct LineOptions {
    /// Low-time warnings, in milliseconds of main time left (e.g. 2 min, 1 min, 30 s, 10 s).
    pub warnings_ms: Vec<u64>,
    pub voice: Option<Voice>,
    /// Print a prompt before reading (only when the input is a terminal).
    pub prompt: bool,
}

impl Default for LineOptions {
    fn default() -> Self {
        LineOptions {
            warnings_ms: vec![120_000, 60_000, 30_000, 10_000],
            voice: None,
            prompt: false,
        }
    }
}

/// Something the line mode waits for an answer to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Pending {
    Resign,
    Offer,
    Accept,
    Claim(Option<crate::core::Move>),
    Quit,
}

/// How the mode ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LineEnd {
    /// The player asked to leave.
    Quit,
    /// The input ended.
    EndOfInput,
}

/// An engine or other work beside the player's lines (the engine's moves).
pub trait LineCompanion {
    /// Called on every turn of the loop; returns after doing what it can without blocking
    /// for long.
    fn step(&mut self, session: &mut Session, now: u64);
}

/// No companion.
pub struct NoCompanion;

impl LineCompanion for NoCompanion {
    fn step(&mut self, _session: &mut Session, _now: u64) {}
}

/// The line mode over one session.
pub struct LineMode<W: Write> {
    pub session: Session,
    speaker: Speaker,
    out: W,
    options: LineOptions,
    /// Warnings already given: (colour, period, threshold).
    warned: BTreeSet<(u8, usize, u64)>,
    pending: Option<Pending>,
    last: String,
    /// The prompt is on the screen since the last line said.
    prompted: bool,
}

impl<W: Write> LineMode<W> {
    pub fn new(session: Session, speaker: Speaker, out: W, options: LineOptions) -> Self {
        LineMode {
            session,
            speaker,
            out,
            options,
            warned: BTreeSet::new(),
            pending: None,
            last: String::new(),
            prompted: false,
        }
    }

    fn lang(&self) -> Lang {
        self.speaker.lang
    }

    /// The output (a remote screen's buffer).
    pub fn out_mut(&mut self) -> &mut W {
        &mut self.out
    }

    /// Says one line (and speaks it when asked).
    pub fn say(&mut self, text: &str) -> io::Result<()> {
        writeln!(self.out, "{text}")?;
        self.out.flush()?;
        if let Some(v) = &self.options.voice {
            v.say(text, self.lang());
        }
        self.last = text.to_string();
        self.prompted = false;
        Ok(())
    }

    /// Says every new game event, once.
    pub fn announce(&mut self) -> io::Result<()> {
        let events = self.session.take_events();
        for e in &events {
            if let Some(words) = self.speaker.event(e, self.session.game()) {
                self.say(&words)?;
            }
            if matches!(e, GameEvent::GameEnded { .. }) {
                let bye = self
                    .lang()
                    .pick(
                        "Partida terminada. Escriba salir para terminar, o consulte la planilla.",
                        "Game over. Type quit to leave, or ask for the scoresheet.",
                    )
                    .to_string();
                self.say(&bye)?;
            }
        }
        Ok(())
    }

    /// Low-time warnings at the configured thresholds, once per period and player.
    fn warnings(&mut self, now: u64) -> io::Result<()> {
        let Some(clock) = self.session.game().clock() else {
            return Ok(());
        };
        if self.session.game().is_over() {
            return Ok(());
        }
        let mut say = Vec::new();
        for color in [Color::White, Color::Black] {
            let Some(rem) = clock.remaining(color, now) else {
                continue;
            };
            let period = clock.period(color);
            let main = rem.main_ms;
            if main == 0 {
                continue;
            }
            // A threshold at or above the period's own time says nothing new (a one-minute
            // game does not start with "one minute left").
            let period_ms = clock
                .time_control()
                .period(period.saturating_sub(1))
                .map_or(u64::MAX, |p| p.ms());
            // Only the smallest threshold crossed is said; larger ones are marked said.
            let crossed: Vec<u64> = self
                .options
                .warnings_ms
                .iter()
                .copied()
                .filter(|&t| t < period_ms && main <= t)
                .filter(|&t| !self.warned.contains(&(color as u8, period, t)))
                .collect();
            if !crossed.is_empty() {
                for t in &crossed {
                    self.warned.insert((color as u8, period, *t));
                }
                say.push(self.speaker.low_time(color, main));
            }
        }
        for s in say {
            self.say(&s)?;
        }
        Ok(())
    }

    /// Runs the mode: the opening lines, then lines from `input` until the player quits or
    /// the input ends.
    pub fn run<R: BufRead + Send + 'static>(
        &mut self,
        input: R,
        time: &dyn TimeSource,
        companion: &mut dyn LineCompanion,
    ) -> io::Result<LineEnd> {
        let (tx, rx) = mpsc::channel::<Option<String>>();
        std::thread::spawn(move || {
            for line in input.lines() {
                match line {
                    Ok(l) => {
                        if tx.send(Some(l)).is_err() {
                            return;
                        }
                    }
                    Err(_) => break,
                }
            }
            let _ = tx.send(None);
        });
        self.start()?;
        loop {
            let now = time.now_ms();
            self.session.tick(now);
            companion.step(&mut self.session, now);
            self.poll(now)?;
            if self.session.engine_to_move() {
                // The engine's turn: lines wait until it has moved.
                std::thread::sleep(Duration::from_millis(10));
                continue;
            }
            if self.options.prompt && !self.prompted {
                write!(self.out, "> ")?;
                self.out.flush()?;
                self.prompted = true;
            }
            match rx.recv_timeout(Duration::from_millis(100)) {
                Ok(Some(line)) => {
                    let now = time.now_ms();
                    self.session.tick(now);
                    if self.input_line(&line, now)? == Some(LineEnd::Quit) {
                        return Ok(LineEnd::Quit);
                    }
                }
                Ok(None) | Err(mpsc::RecvTimeoutError::Disconnected) => {
                    let bye = self
                        .lang()
                        .pick("Fin de la entrada.", "End of input.")
                        .to_string();
                    self.say(&bye)?;
                    return Ok(LineEnd::EndOfInput);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
            }
        }
    }

    /// The opening line; every event so far counts as said.
    pub fn start(&mut self) -> io::Result<()> {
        let intro = self.intro();
        self.say(&intro)?;
        self.session.skip_events();
        Ok(())
    }

    /// Says what happened since the last call: new events and low-time warnings.
    pub fn poll(&mut self, now: u64) -> io::Result<()> {
        self.announce()?;
        self.warnings(now)
    }

    /// One line typed by the player at `now`.
    pub fn input_line(&mut self, line: &str, now: u64) -> io::Result<Option<LineEnd>> {
        self.prompted = false;
        self.announce()?;
        self.line(line.trim(), now)
    }

    /// Takes the game of the room this mode mirrors (a shared game) and says what
    /// happened in it.
    pub fn sync(&mut self, owner: &Session, now: u64) -> io::Result<()> {
        self.session.sync_from(owner);
        self.poll(now)
    }

    /// Whether a prompt is on the screen since the last line said.
    pub fn prompted(&self) -> bool {
        self.prompted
    }

    /// Notes that a prompt was written after the last line.
    pub fn set_prompted(&mut self) {
        self.prompted = true;
    }

    fn intro(&self) -> String {
        let lang = self.lang();
        let game = self.session.game();
        let mut s = lang
            .pick(
                "escaque, modo de lectura. Escriba ayuda para la lista de órdenes.",
                "escaque, screen reader mode. Type help for the list of commands.",
            )
            .to_string();
        if !game.plies().is_empty() {
            s.push(' ');
            s.push_str(&self.speaker.move_count(game));
        }
        s.push(' ');
        s.push_str(&self.speaker.turn(self.session.game()));
        s
    }

    /// The answer to a query word (`first`) with its argument, or `None` when `first` is
    /// not a query.
    fn query(&self, first: &str, rest: &str, now: u64) -> Option<String> {
        let sp = &self.speaker;
        let game = self.session.game();
        let pos = game.position();
        let lang = self.lang();
        let need_square = |rest: &str, f: &dyn Fn(Square) -> String| match sp.read_square(rest) {
            Ok(sq) => f(sq),
            Err(e) => e,
        };
        Some(match first {
            "help" | "ayuda" | "?" => help(lang),
            "repeat" | "repetir" | "r" => self.last.clone(),
            "clock" | "reloj" | "time" | "tiempo" | "t" => sp.clocks(game, now),
            "moves" | "jugadas" | "number" | "numero" | "m" => sp.move_count(game),
            "last" | "ultima" | "l" => sp.last_move(game),
            "turn" | "turno" => self.speaker.turn(self.session.game()),
            "pieces" | "piezas" | "p" => {
                let words: Vec<&str> = rest.split_whitespace().collect();
                let mine = self.session.local_color_or_turn();
                let theirs = words.iter().any(|w| {
                    matches!(
                        *w,
                        "theirs" | "opponent" | "their" | "suyas" | "rival" | "contrarias" | "del"
                    )
                });
                let both = words
                    .iter()
                    .any(|w| matches!(*w, "all" | "todas" | "both" | "ambos" | "todo"));
                let role = speech::parse_role(rest);
                if both {
                    format!(
                        "{} {}",
                        sp.pieces(pos, Color::White, role),
                        sp.pieces(pos, Color::Black, role)
                    )
                } else {
                    sp.pieces(pos, if theirs { !mine } else { mine }, role)
                }
            }
            "square" | "casilla" | "s" | "que" => {
                need_square(rest, &|sq| sp.square_contents(pos, sq))
            }
            "file" | "columna" | "f" | "rank" | "fila" => match speech::parse_line(rest) {
                Some(line) => sp.scan(pos, line),
                None => match lang {
                    Lang::Es => format!("No entiendo qué columna o fila es «{rest}»."),
                    Lang::En => format!("I do not understand which file or rank \"{rest}\" is."),
                },
            },
            "legal" | "legales" => need_square(rest, &|sq| sp.piece_moves(pos, sq)),
            "material" => sp.material(pos),
            "scoresheet" | "planilla" | "score" => sp.scoresheet(game),
            "board" | "tablero" | "position" | "posicion" | "b" => sp.position_words(pos),
            _ => return None,
        })
    }

    /// One line of input at `now`.
    fn line(&mut self, text: &str, now: u64) -> io::Result<Option<LineEnd>> {
        if text.is_empty() {
            return Ok(None);
        }
        let lang = self.lang();
        if let Some(p) = self.pending.take() {
            let t = speech::normalize(text);
            let yes = matches!(t.as_str(), "s" | "si" | "y" | "yes" | "sí");
            let no = matches!(t.as_str(), "n" | "no");
            if yes {
                return self.confirmed(p, now);
            }
            if !no {
                // Anything else cancels the question and is read as a new line.
                let s = lang.pick("Cancelado.", "Cancelled.").to_string();
                self.say(&s)?;
                return self.line(text, now);
            }
            let s = lang.pick("Cancelado.", "Cancelled.").to_string();
            self.say(&s)?;
            return Ok(None);
        }
        if self.session.role() == Some(crate::table::session::Role::Arbiter) {
            if let Some(parsed) = super::arbiter_cmd::parse(text, lang) {
                let said = match parsed.map(|r| self.session.request(r)) {
                    Ok(Ok(())) => return Ok(None),
                    Ok(Err(e)) => e.words(lang),
                    Err(e) => e,
                };
                self.say(&said)?;
                return Ok(None);
            }
        }
        let norm = speech::normalize(text);
        let mut words = norm.split_whitespace();
        let first = words.next().unwrap_or("");
        let rest: Vec<&str> = words.collect();
        let rest_text = rest.join(" ");
        let answer = self.query(first, &rest_text, now);
        if let Some(a) = answer {
            self.say(&a)?;
            return Ok(None);
        }
        let question = |es: &str, en: &str| lang.pick(es, en).to_string();
        match first {
            "quit" | "salir" | "exit" | "q" => {
                if self.session.game().is_over() || self.session.game().plies().is_empty() {
                    return Ok(Some(LineEnd::Quit));
                }
                self.pending = Some(Pending::Quit);
                let q = question(
                    "¿Salir? La partida queda guardada. Conteste sí o no.",
                    "Quit? The game is saved. Answer yes or no.",
                );
                self.say(&q)?;
            }
            "resign" | "abandono" | "abandonar" => {
                self.pending = Some(Pending::Resign);
                let q = question("¿Abandona? Conteste sí o no.", "Resign? Answer yes or no.");
                self.say(&q)?;
            }
            "draw" | "tablas" | "offer" | "ofrezco" => {
                self.pending = Some(Pending::Offer);
                let q = question(
                    "¿Ofrece tablas? Conteste sí o no.",
                    "Offer a draw? Answer yes or no.",
                );
                self.say(&q)?;
            }
            "accept" | "acepto" | "aceptar" => {
                self.pending = Some(Pending::Accept);
                let q = question(
                    "¿Acepta las tablas? Conteste sí o no.",
                    "Accept the draw? Answer yes or no.",
                );
                self.say(&q)?;
            }
            "decline" | "rechazo" | "rechazar" => {
                self.command(Command::DeclineDraw, now)?;
            }
            "claim" | "reclamo" | "reclamar" => {
                let intended = if rest.is_empty() {
                    None
                } else {
                    match self
                        .speaker
                        .read_move(self.session.game().position(), &rest_text)
                    {
                        Ok(mv) => Some(mv),
                        Err(e) => {
                            let s = e.say(&self.speaker);
                            self.say(&s)?;
                            return Ok(None);
                        }
                    }
                };
                self.pending = Some(Pending::Claim(intended));
                let q = question(
                    "¿Reclama tablas? Si la reclamación es incorrecta, el rival recibe tiempo. Conteste sí o no.",
                    "Claim a draw? If the claim is wrong, your opponent gets extra time. Answer yes or no.",
                );
                self.say(&q)?;
            }
            _ => {
                if self.session.game().is_over() {
                    let s = question(
                        "La partida ha terminado: no se pueden hacer más jugadas.",
                        "The game is over: no more moves can be made.",
                    );
                    self.say(&s)?;
                    return Ok(None);
                }
                if let Err(e) = self.session.may_move() {
                    let s = e.words(lang);
                    self.say(&s)?;
                    return Ok(None);
                }
                match self.speaker.read_move(self.session.game().position(), text) {
                    Ok(mv) => self.command(Command::Move(mv), now)?,
                    Err(e) => {
                        let s = e.say(&self.speaker);
                        self.say(&s)?;
                    }
                }
            }
        }
        Ok(None)
    }

    fn confirmed(&mut self, p: Pending, now: u64) -> io::Result<Option<LineEnd>> {
        match p {
            Pending::Quit => return Ok(Some(LineEnd::Quit)),
            Pending::Resign => self.command(Command::Resign, now)?,
            Pending::Offer => self.command(Command::OfferDraw, now)?,
            Pending::Accept => self.command(Command::AcceptDraw, now)?,
            Pending::Claim(mv) => self.command(Command::ClaimDraw(mv), now)?,
        }
        Ok(None)
    }

    fn command(&mut self, cmd: Command, now: u64) -> io::Result<()> {
        match self.session.command(cmd, now) {
            Ok(()) => self.announce(),
            Err(e) => {
                let s = e.words(self.lang());
                self.say(&s)
            }
        }
    }
}

/// The list of commands, both languages' words.
pub fn help(lang: Lang) -> String {
    match lang {
        Lang::Es => "Órdenes: una jugada, en palabras (caballo Félix tres) o en notación (Cf3); \
            reloj; jugadas; última; turno; piezas (mías, suyas, o un tipo); casilla Eva cuatro; \
            columna Eva; fila cuatro; legales Gustavo uno; material; planilla; tablero; \
            tablas; acepto; rechazo; reclamo (con la jugada que lo produce); abandono; \
            repetir; salir."
            .into(),
        Lang::En => "Commands: a move, in words (knight Felix three) or notation (Nf3); clock; \
            moves; last; turn; pieces (mine, theirs, or one type); square Eva four; file Eva; \
            rank four; legal Gustav one; material; scoresheet; board; draw; accept; decline; \
            claim (with the move that produces it); resign; repeat; quit."
            .into(),
    }
}
