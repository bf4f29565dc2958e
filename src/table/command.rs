//! The one command grammar of escaque: every word a person types or says to a game — in
//! the full screen's command line, the line mode, an SSH screen, the arbiter's replay or the
//! lobby of `escaque serve` — is read here, into one [`Command`] type. Front ends map their
//! input to text or to a `Command` and never read words themselves, so the same words do
//! the same thing on every screen.
//!
//! Rules of reading:
//! - Command words are bilingual (English and Spanish), case and accents optional
//!   (`abandono`, `Abandonó`, `ABANDONO`).
//! - A move is read as typed: the piece letters of SAN carry meaning in their case (`Cxd5`
//!   is a knight in Spanish, `cxd5` a pawn; `Bxc6` a bishop, `bxc6` a pawn), so a written
//!   move — alone, after `claim`/`reclamo` (9.2, 9.3) or after `seal`/`sellar`
//!   (Guidelines I.1) — is handed to the move reader with its case, never lower-cased.
//! - A question (resign? claim? …) is answered only by its own yes or no words; the
//!   session that asked decides what any other line means ([`Command::Answer`]).
//! - The words of each context are listed in one table ([`WORDS`]); [`help_words`] reads
//!   the same table, so help and grammar cannot drift apart.

use crate::core::{Color, Move, Position, Role, Square};
use crate::lang::Lang;
use crate::laws::GameResult;
use crate::laws::article::Article;
use crate::laws::time_control::TimeControl;
pub use crate::speech::commands::{CommandError, Expected};
use crate::speech::{Line, Speaker, normalize, parse_line, parse_role};

/// Where words are typed: each context has its own vocabulary, read by this grammar.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Context {
    /// A game being played (full screen, line mode, an SSH room), by a player or the
    /// arbiter.
    Play,
    /// The arbiter's replay of a recorded game.
    Replay,
    /// The lobby of `escaque serve`.
    Lobby,
}

/// What a line asks for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    /// A move (Art. 3), read against the position on the board.
    Move(Move),
    /// 9.1.2: offer a draw.
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    /// 9.2, 9.3: claim a draw, with the written move that produces it (9.2.1, 9.3.1) or
    /// none.
    Claim(Option<Move>),
    /// 5.1.2.
    Resign,
    /// Take the last move back, by agreement (casual games).
    Takeback,
    /// 6.11.1: stop the clocks (to call the arbiter).
    Pause,
    /// 6.11: start them again.
    Resume,
    /// Guidelines I.1: seal this move (or, without one, ask for it).
    Seal(Option<Move>),
    /// The answer to the question waiting.
    Answer(bool),
    /// Something to be told; changes nothing.
    Query(Query),
    /// An arbiter's decision (live, or in the replay).
    Decide(DecisionWords),
    /// Moving through a recorded game (the replay).
    Go(Go),
    /// The lobby of `escaque serve`.
    Lobby(LobbyCommand),
    Flip,
    Save,
    /// Show or hide the clock readings on the scoresheet.
    ClockReadings,
    /// Show or hide the engine's evaluation and principal variation.
    EngineAnalysis,
    NewGame,
    Quit,
}

/// What a person may ask to be told.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Query {
    Help,
    /// The last sentence again.
    Repeat,
    /// App. D: the clocks.
    Clock,
    /// App. D: the number of moves played.
    MoveCount,
    LastMove,
    Turn,
    /// The pieces of one side (or both), of one kind or all.
    Pieces {
        whose: Whose,
        role: Option<Role>,
    },
    Square(Square),
    /// A file or a rank, scanned.
    Line(Line),
    /// The legal moves of the piece on a square.
    Legal(Square),
    Material,
    Scoresheet,
    Board,
    /// The replay: every finding.
    Findings,
    /// The replay: the report.
    Report,
}

/// Whose pieces.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Whose {
    Mine,
    Theirs,
    Both,
}

/// Moving through a recorded game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Go {
    Next,
    Back,
    First,
    Last,
    Ply(usize),
    NextFinding,
    PrevFinding,
}

/// An arbiter's decision as typed; what the words leave out (the ply shown, the penalty of
/// the time control, the proportional clocks) the replay or the room fills in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DecisionWords {
    /// 7.1, 7.5.1: the position after this ply reinstated (none: the one before the ply
    /// shown).
    Restore(Option<usize>),
    /// 12.9.1.
    Warn(Color),
    /// 12.9.2: time added to the opponent of `offender` (none: the time control's unit,
    /// 7.5.5, A.4.2, B.3).
    TimeToOpponent {
        offender: Color,
        seconds: Option<u32>,
    },
    /// 12.9.3: time taken from the offender.
    TimeFromOffender { offender: Color, seconds: u32 },
    /// 12.9.6: the game declared lost by `offender`.
    Lose(Color),
    /// 6.10: both clocks set (White's first); none: the proportional reconstruction.
    Clocks(Option<(u64, u64)>),
    /// The result declared, with the article it rests on.
    Result {
        result: GameResult,
        article: Article,
    },
}

/// The lobby's commands.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LobbyCommand {
    /// Make a room.
    New {
        /// `None`: the server's default; `Some(None)`: no clock.
        time_control: Option<Option<TimeControl>>,
        color: Option<Option<Color>>,
        password: Option<String>,
        /// Chess960 (Guidelines II): `None`, standard chess; `Some(None)`, a start position
        /// drawn at random; `Some(Some(n))`, start position `n` (0 to 959).
        chess960: Option<Option<u16>>,
    },
    /// A free seat, else watch.
    Join {
        code: String,
        password: Option<String>,
    },
    Watch {
        code: String,
        password: Option<String>,
    },
    /// The arbiter's seat.
    Arbiter {
        code: String,
        password: Option<String>,
    },
    Rooms,
    Name(String),
}

/// One entry of the vocabulary: the words (English, then Spanish; accents and case do not
/// matter) and what they start.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub context: Context,
    pub en: &'static [&'static str],
    pub es: &'static [&'static str],
    pub word: Word,
}

/// What a command word starts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Word {
    Offer,
    Accept,
    Decline,
    Claim,
    Resign,
    Takeback,
    Pause,
    Resume,
    Seal,
    Flip,
    Save,
    ClockReadings,
    EngineAnalysis,
    NewGame,
    Quit,
    Help,
    Repeat,
    Clock,
    MoveCount,
    Last,
    Turn,
    Pieces,
    Square,
    Line,
    Legal,
    Material,
    Scoresheet,
    Board,
    // The arbiter's decisions (live and in the replay).
    Restore,
    Warn,
    Bonus,
    Penalty,
    Deduct,
    Lose,
    Clocks,
    Result,
    Decide,
    // The replay.
    Next,
    Back,
    First,
    Ply,
    NextFinding,
    PrevFinding,
    Findings,
    Report,
    Where,
    // The lobby.
    New,
    Join,
    Watch,
    ArbiterSeat,
    Rooms,
    Name,
}

use Context::{Lobby, Play, Replay};

/// The vocabulary, context by context. A word may appear in several contexts with the
/// same or another meaning (`last`: the last move in a game, the last ply in the replay).
pub const WORDS: &[Entry] = &[
    // A game.
    e(
        Play,
        &["draw", "offer"],
        &["tablas", "ofrezco", "ofrecer"],
        Word::Offer,
    ),
    e(Play, &["accept"], &["acepto", "aceptar"], Word::Accept),
    e(Play, &["decline"], &["rechazo", "rechazar"], Word::Decline),
    e(Play, &["claim"], &["reclamo", "reclamar"], Word::Claim),
    e(Play, &["resign"], &["abandono", "abandonar"], Word::Resign),
    e(
        Play,
        &["takeback", "undo"],
        &["devolver", "deshacer"],
        Word::Takeback,
    ),
    e(Play, &["pause", "stop"], &["pausa", "parar"], Word::Pause),
    e(
        Play,
        &["resume", "start"],
        &["reanudar", "seguir"],
        Word::Resume,
    ),
    e(Play, &["seal"], &["sellar", "sello"], Word::Seal),
    e(Play, &["flip"], &["girar"], Word::Flip),
    e(Play, &["save"], &["guardar"], Word::Save),
    e(Play, &["times"], &["tiempos"], Word::ClockReadings),
    e(
        Play,
        &["analysis", "engine"],
        &["análisis", "analisis", "motor"],
        Word::EngineAnalysis,
    ),
    e(Play, &["new"], &["nueva"], Word::NewGame),
    e(Play, &["quit", "exit", "q"], &["salir"], Word::Quit),
    e(Play, &["help", "?"], &["ayuda"], Word::Help),
    e(Play, &["repeat", "r"], &["repetir"], Word::Repeat),
    e(
        Play,
        &["clock", "time", "t"],
        &["reloj", "tiempo"],
        Word::Clock,
    ),
    e(
        Play,
        &["moves", "number", "m"],
        &["jugadas", "numero"],
        Word::MoveCount,
    ),
    e(Play, &["last", "l"], &["ultima"], Word::Last),
    e(Play, &["turn"], &["turno"], Word::Turn),
    e(Play, &["pieces", "p"], &["piezas"], Word::Pieces),
    e(Play, &["square", "s"], &["casilla", "que"], Word::Square),
    e(
        Play,
        &["file", "rank", "f"],
        &["columna", "fila"],
        Word::Line,
    ),
    e(Play, &["legal"], &["legales"], Word::Legal),
    e(Play, &["material"], &["material"], Word::Material),
    e(
        Play,
        &["scoresheet", "score"],
        &["planilla"],
        Word::Scoresheet,
    ),
    e(
        Play,
        &["board", "position", "b"],
        &["tablero", "posicion"],
        Word::Board,
    ),
    // The arbiter at a live game (the same words as in the replay).
    e(
        Play,
        &["restore", "reinstate"],
        &["restaurar", "restablecer"],
        Word::Restore,
    ),
    e(Play, &["warn", "warning"], &["aviso", "avisar"], Word::Warn),
    e(Play, &["bonus"], &["bonificar"], Word::Bonus),
    e(Play, &["penalty"], &["sancion", "penalizar"], Word::Penalty),
    e(Play, &["deduct"], &["descontar"], Word::Deduct),
    e(Play, &["lose"], &["pierde"], Word::Lose),
    e(Play, &["clocks"], &["relojes"], Word::Clocks),
    e(Play, &["result"], &["resultado"], Word::Result),
    e(Play, &["decide"], &["decidir", "decision"], Word::Decide),
    // The replay.
    e(Replay, &["next", "n"], &["siguiente"], Word::Next),
    e(Replay, &["back", "b"], &["atras", "anterior"], Word::Back),
    e(
        Replay,
        &["first", "start"],
        &["primera", "inicio"],
        Word::First,
    ),
    e(Replay, &["last", "end"], &["ultima", "final"], Word::Last),
    e(Replay, &["ply", "go"], &["jugada", "ir"], Word::Ply),
    e(Replay, &["finding"], &["hallazgo"], Word::NextFinding),
    e(
        Replay,
        &["previous"],
        &["hallazgo-anterior"],
        Word::PrevFinding,
    ),
    e(Replay, &["findings"], &["hallazgos"], Word::Findings),
    e(
        Replay,
        &["board", "position"],
        &["tablero", "posicion"],
        Word::Board,
    ),
    e(
        Replay,
        &["clock", "clocks"],
        &["reloj", "relojes"],
        Word::Clock,
    ),
    e(
        Replay,
        &["where", "repeat"],
        &["donde", "repetir"],
        Word::Where,
    ),
    e(Replay, &["decide"], &["decidir", "decision"], Word::Decide),
    e(Replay, &["report"], &["informe"], Word::Report),
    e(Replay, &["save"], &["guardar"], Word::Save),
    e(Replay, &["help", "?"], &["ayuda"], Word::Help),
    e(Replay, &["quit", "exit", "q"], &["salir"], Word::Quit),
    // The lobby.
    e(Lobby, &["new"], &["nueva", "nuevo"], Word::New),
    e(Lobby, &["join"], &["entrar", "unirse"], Word::Join),
    e(Lobby, &["watch"], &["mirar", "ver"], Word::Watch),
    e(Lobby, &["arbiter"], &["arbitro"], Word::ArbiterSeat),
    e(Lobby, &["rooms", "list", "l"], &["salas"], Word::Rooms),
    e(Lobby, &["name"], &["nombre"], Word::Name),
    e(Lobby, &["help", "?"], &["ayuda"], Word::Help),
    e(Lobby, &["quit", "exit", "q"], &["salir"], Word::Quit),
];

/// The decisions, read after `decide` or on the replay's decision line (the same words as
/// a live game's arbiter).
const DECISIONS: &[Word] = &[
    Word::Restore,
    Word::Warn,
    Word::Bonus,
    Word::Penalty,
    Word::Deduct,
    Word::Lose,
    Word::Clocks,
    Word::Result,
];

const fn e(
    context: Context,
    en: &'static [&'static str],
    es: &'static [&'static str],
    word: Word,
) -> Entry {
    Entry {
        context,
        en,
        es,
        word,
    }
}

/// The yes and no words of a question, in both languages (`s`/`y`, `sí`/`yes`, `n`/`no`).
pub fn answer(text: &str) -> Option<bool> {
    match normalize(text.trim()).as_str() {
        "s" | "si" | "y" | "yes" => Some(true),
        "n" | "no" => Some(false),
        _ => None,
    }
}

/// The word a normalised word starts in `context`.
fn lookup(context: Context, word: &str) -> Option<Word> {
    WORDS
        .iter()
        .find(|e| e.context == context && (e.en.contains(&word) || e.es.contains(&word)))
        .map(|e| e.word)
}

/// The words of `context` that start `word`, in `lang` first: what help lists.
pub fn help_words(context: Context, word: Word, lang: Lang) -> Vec<&'static str> {
    WORDS
        .iter()
        .filter(|e| e.context == context && e.word == word)
        .flat_map(|e| match lang {
            Lang::Es => e.es.iter().chain(e.en.iter()),
            Lang::En => e.en.iter().chain(e.es.iter()),
        })
        .copied()
        .collect()
}

/// Reads lines of one context for one person: their language and naming profile (the
/// move reader's), and the position moves are read against.
pub struct Grammar<'a> {
    pub context: Context,
    pub speaker: &'a Speaker,
    /// The position on the board (moves, squares); `None` in the lobby and the replay.
    pub position: Option<&'a Position>,
}

/// A line split into words: the words as typed (for moves, names, codes, passwords) and
/// normalised (for command words).
struct Words<'t> {
    text: &'t str,
    raw: Vec<&'t str>,
    norm: Vec<String>,
}

impl<'t> Words<'t> {
    fn new(text: &'t str) -> Words<'t> {
        let text = text.trim();
        // `:resign` as in a vi-style command line.
        let text = text.strip_prefix(':').unwrap_or(text).trim_start();
        let raw: Vec<&str> = text.split_whitespace().collect();
        let norm = raw.iter().map(|w| normalize(w)).collect();
        Words { text, raw, norm }
    }

    fn len(&self) -> usize {
        self.raw.len()
    }

    fn norm(&self, i: usize) -> Option<&str> {
        self.norm.get(i).map(String::as_str)
    }

    /// The text after the first `i` words, as typed.
    fn rest(&self, i: usize) -> &'t str {
        let mut at = self.text;
        for w in &self.raw[..i.min(self.raw.len())] {
            at = at.trim_start();
            at = &at[w.len()..];
        }
        at.trim()
    }

    /// Word `i` (from 0) is wrong, or missing (then quoted as `""`).
    fn word_error(&self, i: usize, expected: Expected) -> CommandError {
        CommandError::Word {
            text: self.text.to_string(),
            index: i + 1,
            word: self.raw.get(i).map_or(String::new(), |w| (*w).to_string()),
            expected,
        }
    }

    fn at_most(&self, n: usize) -> Result<(), CommandError> {
        match self.raw.get(n) {
            Some(w) => Err(CommandError::TooMany {
                text: self.text.to_string(),
                index: n + 1,
                word: (*w).to_string(),
            }),
            None => Ok(()),
        }
    }
}

impl Grammar<'_> {
    fn lang(&self) -> Lang {
        self.speaker.lang
    }

    /// Reads one line. `Ok(None)`: an empty line in a context where it means nothing.
    pub fn read(&self, text: &str) -> Result<Option<Command>, CommandError> {
        let w = Words::new(text);
        let Some(first) = w.norm(0) else {
            return Ok(match self.context {
                // An empty line steps on, as a player presses a key to see the next move.
                Replay => Some(Command::Go(Go::Next)),
                _ => None,
            });
        };
        match lookup(self.context, first) {
            Some(word) => self.command(word, &w).map(Some),
            None if self.context == Play => self.read_move(w.text).map(|m| Some(Command::Move(m))),
            None => Err(CommandError::Unknown {
                text: w.text.to_string(),
                word: w.raw[0].to_string(),
            }),
        }
    }

    /// Reads a move as typed (the case of its letters kept).
    pub fn read_move(&self, text: &str) -> Result<Move, CommandError> {
        let Some(pos) = self.position else {
            return Err(CommandError::Unknown {
                text: text.trim().to_string(),
                word: text.split_whitespace().next().unwrap_or("").to_string(),
            });
        };
        self.speaker
            .read_move(pos, text)
            .map_err(|e| CommandError::Move(Box::new(e)))
    }

    /// Reads a decision alone (the replay's decision line, or what follows `decide`).
    pub fn read_decision(&self, text: &str) -> Result<DecisionWords, CommandError> {
        let w = Words::new(text);
        let word = w
            .norm(0)
            .and_then(|f| {
                WORDS.iter().find(|e| {
                    DECISIONS.contains(&e.word) && (e.en.contains(&f) || e.es.contains(&f))
                })
            })
            .map(|e| e.word);
        match word {
            Some(word) => self.decision(word, &w, 0),
            None => Err(w.word_error(0, Expected::Decision)),
        }
    }

    fn command(&self, word: Word, w: &Words) -> Result<Command, CommandError> {
        let only = |c: Command| -> Result<Command, CommandError> {
            w.at_most(1)?;
            Ok(c)
        };
        let query = |q: Query| only(Command::Query(q));
        match word {
            Word::Offer => only(Command::OfferDraw),
            Word::Accept => only(Command::AcceptDraw),
            Word::Decline => only(Command::DeclineDraw),
            Word::Claim => {
                let rest = w.rest(1);
                if rest.is_empty() {
                    Ok(Command::Claim(None))
                } else {
                    self.read_move(rest).map(|m| Command::Claim(Some(m)))
                }
            }
            Word::Seal => {
                let rest = w.rest(1);
                if rest.is_empty() {
                    Ok(Command::Seal(None))
                } else {
                    self.read_move(rest).map(|m| Command::Seal(Some(m)))
                }
            }
            Word::Resign => only(Command::Resign),
            Word::Takeback => only(Command::Takeback),
            Word::Pause => only(Command::Pause),
            Word::Resume => only(Command::Resume),
            Word::Flip => only(Command::Flip),
            Word::Save => only(Command::Save),
            Word::ClockReadings => only(Command::ClockReadings),
            Word::EngineAnalysis => only(Command::EngineAnalysis),
            Word::NewGame => only(Command::NewGame),
            Word::Quit => only(Command::Quit),
            Word::Help => query(Query::Help),
            Word::Repeat => query(Query::Repeat),
            Word::Clock => query(Query::Clock),
            Word::MoveCount => query(Query::MoveCount),
            Word::Last if self.context == Replay => only(Command::Go(Go::Last)),
            Word::Last => query(Query::LastMove),
            Word::Turn => query(Query::Turn),
            Word::Material => query(Query::Material),
            Word::Scoresheet => query(Query::Scoresheet),
            Word::Board => query(Query::Board),
            Word::Findings => query(Query::Findings),
            Word::Report => query(Query::Report),
            Word::Where => query(Query::Repeat),
            Word::Pieces => {
                let words = &w.norm[1..];
                let theirs = words.iter().any(|x| {
                    matches!(
                        x.as_str(),
                        "theirs" | "opponent" | "their" | "suyas" | "rival" | "contrarias" | "del"
                    )
                });
                let both = words
                    .iter()
                    .any(|x| matches!(x.as_str(), "all" | "todas" | "both" | "ambos" | "todo"));
                let whose = match (both, theirs) {
                    (true, _) => Whose::Both,
                    (false, true) => Whose::Theirs,
                    _ => Whose::Mine,
                };
                Ok(Command::Query(Query::Pieces {
                    whose,
                    role: parse_role(w.rest(1)),
                }))
            }
            Word::Square | Word::Legal => {
                let rest = w.rest(1);
                let sq = crate::speech::parse_square(rest)
                    .ok_or_else(|| w.word_error(1, Expected::Square))?;
                Ok(Command::Query(if word == Word::Square {
                    Query::Square(sq)
                } else {
                    Query::Legal(sq)
                }))
            }
            Word::Line => {
                let line = parse_line(w.rest(1)).ok_or_else(|| w.word_error(1, Expected::Line))?;
                Ok(Command::Query(Query::Line(line)))
            }
            // `clocks` alone asks for the clocks; with two times it sets them (6.10).
            Word::Clocks if self.context == Play && w.len() == 1 => query(Query::Clock),
            Word::Decide => {
                let sub = Words::new(w.rest(1));
                self.read_decision(sub.text).map(Command::Decide)
            }
            Word::Restore
            | Word::Warn
            | Word::Bonus
            | Word::Penalty
            | Word::Deduct
            | Word::Lose
            | Word::Clocks
            | Word::Result => self.decision(word, w, 0).map(Command::Decide),
            Word::Next => only(Command::Go(Go::Next)),
            Word::Back => only(Command::Go(Go::Back)),
            Word::First => only(Command::Go(Go::First)),
            Word::NextFinding => only(Command::Go(Go::NextFinding)),
            Word::PrevFinding => only(Command::Go(Go::PrevFinding)),
            Word::Ply => {
                w.at_most(2)?;
                let n = w
                    .norm(1)
                    .and_then(|x| x.parse::<usize>().ok())
                    .ok_or_else(|| w.word_error(1, Expected::Ply))?;
                Ok(Command::Go(Go::Ply(n)))
            }
            Word::New | Word::Join | Word::Watch | Word::ArbiterSeat | Word::Rooms | Word::Name => {
                self.lobby(word, w).map(Command::Lobby)
            }
        }
    }

    /// A colour word: `white`/`blancas`/`w`, `black`/`negras`/`n`; `b` is White in Spanish
    /// (blancas) and Black in English.
    fn color(&self, w: &Words, i: usize) -> Result<Color, CommandError> {
        match w.norm(i) {
            Some("white" | "blancas" | "blanco" | "blanca" | "w") => Ok(Color::White),
            Some("black" | "negras" | "negro" | "negra" | "n") => Ok(Color::Black),
            Some("b") if self.lang() == Lang::Es => Ok(Color::White),
            Some("b") => Ok(Color::Black),
            _ => Err(w.word_error(i, Expected::Color)),
        }
    }

    fn seconds(w: &Words, i: usize) -> Result<Option<u32>, CommandError> {
        match w.norm(i) {
            None => Ok(None),
            Some(x) => match x.parse::<u32>() {
                Ok(s) if (1..=3600).contains(&s) => Ok(Some(s)),
                _ => Err(w.word_error(i, Expected::Seconds)),
            },
        }
    }

    /// A decision whose word is word `at` of `w`.
    fn decision(&self, word: Word, w: &Words, at: usize) -> Result<DecisionWords, CommandError> {
        let i = at + 1;
        match word {
            Word::Restore => {
                w.at_most(i + 1)?;
                match w.norm(i) {
                    None => Ok(DecisionWords::Restore(None)),
                    Some(x) => x
                        .parse::<usize>()
                        .map(|n| DecisionWords::Restore(Some(n)))
                        .map_err(|_| w.word_error(i, Expected::Ply)),
                }
            }
            Word::Warn => {
                w.at_most(i + 1)?;
                Ok(DecisionWords::Warn(self.color(w, i)?))
            }
            Word::Lose => {
                w.at_most(i + 1)?;
                Ok(DecisionWords::Lose(self.color(w, i)?))
            }
            // 12.9.2 names the offender in `penalty`, the player who gets the time in
            // `bonus`.
            Word::Penalty | Word::Bonus => {
                w.at_most(i + 2)?;
                let c = self.color(w, i)?;
                let offender = if word == Word::Bonus { !c } else { c };
                let seconds = Self::seconds(w, i + 1)?;
                if word == Word::Bonus && seconds.is_none() {
                    return Err(w.word_error(i + 1, Expected::Seconds));
                }
                Ok(DecisionWords::TimeToOpponent { offender, seconds })
            }
            Word::Deduct => {
                w.at_most(i + 2)?;
                let offender = self.color(w, i)?;
                let seconds = Self::seconds(w, i + 1)?
                    .ok_or_else(|| w.word_error(i + 1, Expected::Seconds))?;
                Ok(DecisionWords::TimeFromOffender { offender, seconds })
            }
            Word::Clocks => {
                if w.len() == i {
                    return Ok(DecisionWords::Clocks(None));
                }
                w.at_most(i + 2)?;
                let time = |j: usize| {
                    w.norm(j)
                        .and_then(crate::laws::pgn::parse_clock)
                        .filter(|&ms| ms <= 24 * 3_600_000)
                        .ok_or_else(|| w.word_error(j, Expected::ClockTime))
                };
                Ok(DecisionWords::Clocks(Some((time(i)?, time(i + 1)?))))
            }
            Word::Result => {
                w.at_most(i + 2)?;
                let result = match w.norm(i) {
                    Some("1-0") => GameResult::WhiteWins,
                    Some("0-1") => GameResult::BlackWins,
                    Some("1/2" | "1/2-1/2" | "½" | "½-½" | "tablas" | "draw") => {
                        GameResult::Draw
                    }
                    _ => return Err(w.word_error(i, Expected::Result)),
                };
                let raw = w
                    .norm(i + 1)
                    .ok_or_else(|| w.word_error(i + 1, Expected::Article))?;
                // The article as typed, upper case for the appendices (a.5.2 → A.5.2).
                let raw = raw.trim_start_matches("art.").to_ascii_uppercase();
                let article =
                    parse_article(&raw).ok_or_else(|| w.word_error(i + 1, Expected::Article))?;
                Ok(DecisionWords::Result { result, article })
            }
            _ => Err(w.word_error(at, Expected::Decision)),
        }
    }

    fn lobby(&self, word: Word, w: &Words) -> Result<LobbyCommand, CommandError> {
        let code_and_password = |w: &Words| -> Result<(String, Option<String>), CommandError> {
            w.at_most(4)?;
            let code = w
                .raw
                .get(1)
                .map(|c| c.to_ascii_uppercase())
                .ok_or_else(|| w.word_error(1, Expected::RoomCode))?;
            // `join CODE password WORD`, or `join CODE WORD`.
            let keyword = matches!(w.norm(2), Some("password" | "clave" | "contrasena"));
            let password = if keyword {
                let p = w
                    .raw
                    .get(3)
                    .ok_or_else(|| w.word_error(3, Expected::Password))?;
                Some(p.to_string())
            } else {
                w.at_most(3)?;
                w.raw.get(2).map(|p| p.to_string())
            };
            Ok((code, password))
        };
        match word {
            Word::Rooms => {
                w.at_most(1)?;
                Ok(LobbyCommand::Rooms)
            }
            Word::Name => {
                let name = w.rest(1).to_string();
                let ok = (1..=24).contains(&name.chars().count())
                    && name.chars().all(|ch| !ch.is_control());
                if !ok {
                    return Err(w.word_error(1, Expected::Name));
                }
                Ok(LobbyCommand::Name(name))
            }
            Word::Join => {
                let (code, password) = code_and_password(w)?;
                Ok(LobbyCommand::Join { code, password })
            }
            Word::Watch => {
                let (code, password) = code_and_password(w)?;
                Ok(LobbyCommand::Watch { code, password })
            }
            Word::ArbiterSeat => {
                let (code, password) = code_and_password(w)?;
                Ok(LobbyCommand::Arbiter { code, password })
            }
            _ => {
                let mut time_control = None;
                let mut color = None;
                let mut password = None;
                let mut chess960 = None;
                let mut i = 1;
                while i < w.len() {
                    match w.norm(i).unwrap_or("") {
                        // `960`, `960 N`: a Chess960 room, at random or from position N.
                        "960" | "chess960" | "ajedrez960" | "fischerandom" => {
                            chess960 = Some(None);
                            if let Some(n) = w.norm(i + 1).and_then(|t| {
                                t.trim_start_matches('#')
                                    .chars()
                                    .all(|c| c.is_ascii_digit())
                                    .then_some(t.trim_start_matches('#'))
                                    .filter(|t| !t.is_empty())
                            }) {
                                i += 1;
                                match n.parse::<u16>() {
                                    Ok(n) if n < crate::core::chess960::COUNT => {
                                        chess960 = Some(Some(n))
                                    }
                                    _ => return Err(w.word_error(i, Expected::Chess960Number)),
                                }
                            }
                        }
                        "white" | "blancas" | "blanco" => color = Some(Some(Color::White)),
                        "black" | "negras" | "negro" => color = Some(Some(Color::Black)),
                        "random" | "azar" => color = Some(None),
                        "none" | "sin" | "-" => time_control = Some(None),
                        "password" | "clave" | "contrasena" => {
                            i += 1;
                            let p = w
                                .raw
                                .get(i)
                                .ok_or_else(|| w.word_error(i, Expected::Password))?;
                            password = Some(p.to_string());
                        }
                        x => match x.parse::<TimeControl>() {
                            Ok(tc) => time_control = Some(tc.is_timed().then_some(tc)),
                            Err(e) => {
                                return Err(CommandError::TimeControl {
                                    text: w.raw[i].to_string(),
                                    error: e.to_string(),
                                });
                            }
                        },
                    }
                    i += 1;
                }
                Ok(LobbyCommand::New {
                    time_control,
                    color,
                    password,
                    chess960,
                })
            }
        }
    }
}

/// The article numbers typed by the arbiter, kept for the life of the program (an
/// [`Article`] holds a `&'static str`); each distinct number is stored once.
static TYPED_ARTICLES: std::sync::Mutex<Vec<&'static str>> = std::sync::Mutex::new(Vec::new());

/// An article number as the Laws write them: `6.9`, `12.9.6`, `A.5.2`, `III.4`.
pub fn parse_article(text: &str) -> Option<Article> {
    let parts: Vec<&str> = text.split('.').collect();
    let head_ok = |h: &str| {
        !h.is_empty()
            && (h.chars().all(|c| c.is_ascii_digit())
                || matches!(h, "A" | "B" | "C" | "D" | "I" | "II" | "III" | "IV"))
    };
    let rest_ok = parts[1..]
        .iter()
        .all(|p| !p.is_empty() && p.len() <= 3 && p.chars().all(|c| c.is_ascii_digit()));
    if text.len() > 16 || !head_ok(parts[0]) || !rest_ok || (parts.len() == 1 && parts[0].len() > 2)
    {
        return None;
    }
    let mut known = TYPED_ARTICLES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&s) = known.iter().find(|&&s| s == text) {
        return Some(Article(s));
    }
    let s: &'static str = Box::leak(text.to_string().into_boxed_str());
    known.push(s);
    Some(Article(s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Letters;
    use crate::core::san::parse_move;
    use crate::laws::irregularity::{ArbiterAction, ArbiterPenalty};
    use crate::speech::Profile;
    use crate::table::session::live_action;

    fn speaker(lang: Lang) -> Speaker {
        match lang {
            Lang::Es => Speaker::new(Profile::Es, Lang::Es),
            Lang::En => Speaker::new(Profile::En, Lang::En),
        }
    }

    fn read(lang: Lang, fen: &str, text: &str) -> Result<Option<Command>, CommandError> {
        let pos = Position::from_fen(fen).unwrap();
        let sp = speaker(lang);
        Grammar {
            context: Context::Play,
            speaker: &sp,
            position: Some(&pos),
        }
        .read(text)
    }

    fn san(fen: &str, text: &str) -> Move {
        parse_move(&Position::from_fen(fen).unwrap(), text, Letters::English).unwrap()
    }

    /// Knights on g1 and b… and a pawn on c4 that can take on d5 too; a bishop and a pawn
    /// that can both take on c6.
    const KNIGHT_OR_PAWN: &str = "4k3/8/8/3p4/2P5/4N3/8/4K3 w - - 0 1";
    const BISHOP_OR_PAWN: &str = "4k3/8/2n5/1P6/8/8/8/4KB2 w - - 0 1";

    #[test]
    fn art_9_2_1_claim_with_a_written_move_keeps_its_piece_letter() {
        // Spanish: C is the knight (Caballo), not the c-pawn.
        assert_eq!(
            read(Lang::Es, KNIGHT_OR_PAWN, "reclamo Cxd5"),
            Ok(Some(Command::Claim(Some(san(KNIGHT_OR_PAWN, "Nxd5")))))
        );
        assert_eq!(
            read(Lang::Es, KNIGHT_OR_PAWN, "RECLAMO cxd5"),
            Ok(Some(Command::Claim(Some(san(KNIGHT_OR_PAWN, "cxd5")))))
        );
        // A is the bishop (Alfil); B in English.
        assert_eq!(
            read(Lang::Es, BISHOP_OR_PAWN, "reclamo Axc6"),
            Err(CommandError::Move(Box::new(
                speaker(Lang::Es)
                    .read_move(&Position::from_fen(BISHOP_OR_PAWN).unwrap(), "Axc6")
                    .unwrap_err()
            )))
        );
        assert_eq!(
            read(Lang::En, BISHOP_OR_PAWN, "claim bxc6"),
            Ok(Some(Command::Claim(Some(san(BISHOP_OR_PAWN, "bxc6")))))
        );
        // Cg8 … in Spanish: a knight move, read as typed.
        let fen = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1";
        assert_eq!(
            read(Lang::Es, fen, "reclamo Ch3"),
            Ok(Some(Command::Claim(Some(san(fen, "Nh3")))))
        );
        assert_eq!(read(Lang::En, fen, "claim"), Ok(Some(Command::Claim(None))));
    }

    #[test]
    fn art_9_3_1_claim_with_a_bishop_move_in_english_is_a_bishop_move() {
        let fen = "4k3/8/2n5/1P6/4B3/8/8/4K3 w - - 0 1";
        assert_eq!(
            read(Lang::En, fen, "claim Bxc6"),
            Ok(Some(Command::Claim(Some(san(fen, "Bxc6")))))
        );
        assert_eq!(
            read(Lang::Es, fen, "reclamo Axc6"),
            Ok(Some(Command::Claim(Some(san(fen, "Bxc6")))))
        );
        assert_eq!(
            read(Lang::En, fen, "claim bxc6"),
            Ok(Some(Command::Claim(Some(san(fen, "bxc6")))))
        );
    }

    #[test]
    fn art_5_1_2_command_words_in_both_languages_with_or_without_accents() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        for (lang, text, cmd) in [
            (Lang::Es, "abandono", Command::Resign),
            (Lang::Es, "Abandonó", Command::Resign),
            (Lang::En, "RESIGN", Command::Resign),
            (Lang::Es, "tablas", Command::OfferDraw),
            (Lang::Es, "acepto", Command::AcceptDraw),
            (Lang::En, "decline", Command::DeclineDraw),
            (Lang::Es, "devolver", Command::Takeback),
            (Lang::Es, "pausa", Command::Pause),
            (Lang::Es, "reanudar", Command::Resume),
            (Lang::En, ":quit", Command::Quit),
            (Lang::Es, "reloj", Command::Query(Query::Clock)),
            (Lang::Es, "última", Command::Query(Query::LastMove)),
            (Lang::En, "relojes", Command::Query(Query::Clock)),
        ] {
            assert_eq!(read(lang, start, text), Ok(Some(cmd)), "{text}");
        }
        // A move, read as typed: Spanish and English letters, UCI, words.
        let nf3 = san(start, "Nf3");
        for text in ["Cf3", "Nf3", "g1f3", "caballo Félix tres"] {
            assert_eq!(
                read(Lang::Es, start, text),
                Ok(Some(Command::Move(nf3))),
                "{text}"
            );
        }
        assert!(matches!(
            read(Lang::En, start, "resign now"),
            Err(CommandError::TooMany { index: 2, .. })
        ));
    }

    #[test]
    fn questions_are_answered_only_by_yes_and_no_words() {
        for yes in ["s", "sí", "SI", "y", "yes"] {
            assert_eq!(answer(yes), Some(true), "{yes}");
        }
        for no in ["n", "no", "NO"] {
            assert_eq!(answer(no), Some(false), "{no}");
        }
        for other in ["", "Nf3", "re2", "ok", "sure"] {
            assert_eq!(answer(other), None, "{other}");
        }
    }

    fn arbiter(lang: Lang, text: &str) -> Result<ArbiterAction, String> {
        match read(lang, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", text) {
            Ok(Some(Command::Decide(d))) => live_action(d).map_err(|e| e.to_string()),
            other => Err(format!("{other:?}")),
        }
    }

    #[test]
    fn art_12_9_arbiter_decisions_in_both_languages() {
        assert_eq!(
            arbiter(Lang::En, "warn black"),
            Ok(ArbiterAction::Penalty {
                to: Color::Black,
                penalty: ArbiterPenalty::Warning
            })
        );
        // 12.9.2: two minutes to White's clock, Black is the offender, said either way.
        let black_offends = Ok(ArbiterAction::Penalty {
            to: Color::Black,
            penalty: ArbiterPenalty::TimeToOpponent { seconds: 120 },
        });
        assert_eq!(arbiter(Lang::Es, "bonificar blancas 120"), black_offends);
        assert_eq!(arbiter(Lang::Es, "sanción negras 120"), black_offends);
        assert_eq!(arbiter(Lang::En, "penalty black 120"), black_offends);
        assert_eq!(
            arbiter(Lang::En, "clocks 5:00 1:02:03"),
            Ok(ArbiterAction::ClocksSet {
                white_ms: 300_000,
                black_ms: 3_723_000
            })
        );
        // Both Spanish words of 7.1 restore, live as in the replay.
        for text in ["restaurar 12", "restablecer 12", "decidir restablecer 12"] {
            assert_eq!(
                arbiter(Lang::Es, text),
                Ok(ArbiterAction::PositionRestored { ply: 12 }),
                "{text}"
            );
        }
        assert_eq!(
            arbiter(Lang::En, "lose white"),
            Ok(ArbiterAction::Penalty {
                to: Color::White,
                penalty: ArbiterPenalty::Loss
            })
        );
        // "b": blancas in Spanish, black in English.
        assert!(matches!(
            arbiter(Lang::Es, "aviso b"),
            Ok(ArbiterAction::Penalty {
                to: Color::White,
                ..
            })
        ));
        assert!(matches!(
            arbiter(Lang::En, "warn b"),
            Ok(ArbiterAction::Penalty {
                to: Color::Black,
                ..
            })
        ));
    }

    #[test]
    fn bad_arbiter_commands_quote_the_input_and_the_word() {
        let sp = speaker(Lang::En);
        let e = read(
            Lang::En,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "bonus white lots",
        )
        .unwrap_err();
        assert_eq!(
            sp.command_error(&e),
            "\"bonus white lots\": word 3 \"lots\": must be seconds, 1 to 3600."
        );
        let sp = speaker(Lang::Es);
        let e = read(Lang::Es, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "aviso").unwrap_err();
        assert_eq!(
            sp.command_error(&e),
            "«aviso»: palabra 2 «»: falta el color: blancas o negras."
        );
    }

    #[test]
    fn lobby_words_keep_codes_names_and_passwords_as_typed() {
        let sp = speaker(Lang::Es);
        let g = Grammar {
            context: Context::Lobby,
            speaker: &sp,
            position: None,
        };
        assert_eq!(
            g.read("entrar abcd clave Secreto"),
            Ok(Some(Command::Lobby(LobbyCommand::Join {
                code: "ABCD".into(),
                password: Some("Secreto".into())
            })))
        );
        assert_eq!(
            g.read("Nombre Ana García"),
            Ok(Some(Command::Lobby(LobbyCommand::Name(
                "Ana García".into()
            ))))
        );
        assert_eq!(
            g.read("nueva 5+3 negras"),
            Ok(Some(Command::Lobby(LobbyCommand::New {
                time_control: Some(Some("5+3".parse().unwrap())),
                color: Some(Some(Color::Black)),
                password: None,
                chess960: None,
            })))
        );
        assert!(matches!(
            g.read("nueva 5+x"),
            Err(CommandError::TimeControl { .. })
        ));
    }

    /// Guidelines II.1: `new 5+3 960` (a Chess960 room at random) and `nueva 5+3 960 N`
    /// (from start position N); a number past 959 is refused, quoted.
    #[test]
    fn guidelines_ii_1_lobby_new_reads_960_and_its_number() {
        for lang in [Lang::Es, Lang::En] {
            let sp = speaker(lang);
            let g = Grammar {
                context: Context::Lobby,
                speaker: &sp,
                position: None,
            };
            let new = |chess960| {
                Ok(Some(Command::Lobby(LobbyCommand::New {
                    time_control: Some(Some("5+3".parse().unwrap())),
                    color: None,
                    password: None,
                    chess960,
                })))
            };
            assert_eq!(g.read("new 5+3 960"), new(Some(None)));
            assert_eq!(g.read("nueva 5+3 960 123"), new(Some(Some(123))));
            assert_eq!(g.read("nueva 960 #7 5+3"), new(Some(Some(7))));
            assert_eq!(g.read("new 5+3 chess960 0"), new(Some(Some(0))));
            assert_eq!(g.read("new 5+3"), new(None));
            let e = g.read("nueva 5+3 960 1000").unwrap_err();
            assert!(
                matches!(e, CommandError::Word { index: 4, ref word, .. } if word == "1000"),
                "{e:?}"
            );
            let said = sp.command_error(&e);
            assert!(said.contains("1000") && said.contains("959"), "{said}");
        }
    }

    #[test]
    fn help_lists_the_words_the_grammar_reads() {
        let words = help_words(Context::Play, Word::Resign, Lang::Es);
        assert_eq!(words[0], "abandono");
        for w in words {
            assert_eq!(lookup(Context::Play, &normalize(w)), Some(Word::Resign));
        }
    }
}
