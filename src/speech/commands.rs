//! What is wrong with a typed command, as data ([`CommandError`], read by the grammar of
//! `table::command`), and the sentence that says it in the interface language. Every
//! sentence quotes the line and says which word is wrong and what was wanted there.

use crate::lang::Lang;

use crate::core::Move;

use super::{ReadError, Speaker};

/// What is wrong with a line; the words are said by `speech` ([`Speaker::command_error`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum CommandError {
    /// The text is not one legal move (the reader's reason and nearest moves).
    Move(Box<ReadError>),
    /// A word where something else was needed: the whole line, which word (from 1), the
    /// word, what it should be.
    Word {
        text: String,
        index: usize,
        word: String,
        expected: Expected,
    },
    /// A word too many.
    TooMany {
        text: String,
        index: usize,
        word: String,
    },
    /// The replay's proportional clocks, on a record without clocks or time control.
    NoClocks { text: String },
    /// A word that starts no command of this context.
    Unknown { text: String, word: String },
    /// A time control that does not parse (its own error, which quotes it).
    TimeControl { text: String, error: String },
}

/// What a word should have been.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Expected {
    Color,
    /// Seconds, 1 to 3600.
    Seconds,
    /// A ply number.
    Ply,
    /// A ply before the decision (the position to reinstate).
    EarlierPly,
    /// A clock reading (`1:30:00`, `45:00`).
    ClockTime,
    /// `1-0`, `0-1` or `1/2`.
    Result,
    /// An article number (`6.9`, `12.9.6`, `A.5.2`).
    Article,
    Square,
    /// A file or a rank.
    Line,
    /// A room code.
    RoomCode,
    /// A password after `password`/`clave`.
    Password,
    /// A name of 1 to 24 characters, no control characters.
    Name,
    /// A decision (restore, penalty, clocks, result …).
    Decision,
    /// A colour, a password or a time control (`new`).
    RoomSetting,
    /// A Chess960 start position number, 0 to 959 (`new 5+3 960 N`).
    Chess960Number,
}

impl Expected {
    /// What was wanted, as the end of a sentence.
    fn words(self, lang: Lang) -> &'static str {
        let (es, en) = match self {
            Expected::Color => (
                "falta el color: blancas o negras",
                "say the colour: white or black",
            ),
            Expected::Seconds => (
                "deben ser segundos, de 1 a 3600",
                "must be seconds, 1 to 3600",
            ),
            Expected::Ply => (
                "debe ser un número de jugada (medio movimiento)",
                "must be a ply number",
            ),
            Expected::EarlierPly => (
                "la posición a restablecer debe ser anterior a la decisión",
                "the position to reinstate must come before the decision",
            ),
            Expected::ClockTime => (
                "debe ser un tiempo de reloj, como 1:30:00 o 45:00",
                "must be a clock time, such as 1:30:00 or 45:00",
            ),
            Expected::Result => (
                "el resultado es 1-0, 0-1 o 1/2",
                "the result is 1-0, 0-1 or 1/2",
            ),
            Expected::Article => (
                "debe ser el número del artículo en que se basa (6.9, 12.9.6, A.5.2)",
                "must be the number of the article it rests on (6.9, 12.9.6, A.5.2)",
            ),
            Expected::Square => (
                "debe ser una casilla: la columna y la fila, por ejemplo Eva cuatro o e4",
                "must be a square: the file and the rank, for example Eva four or e4",
            ),
            Expected::Line => (
                "debe ser una columna o una fila, por ejemplo columna Eva o fila cuatro",
                "must be a file or a rank, for example file Eva or rank four",
            ),
            Expected::RoomCode => ("falta el código de la sala", "the room's code is missing"),
            Expected::Password => (
                "falta la clave: clave PALABRA",
                "the password is missing: password WORD",
            ),
            Expected::Name => (
                "el nombre debe tener de 1 a 24 caracteres: nombre SU NOMBRE",
                "a name has 1 to 24 characters: name YOUR NAME",
            ),
            Expected::Decision => (
                "no es una decisión; use restablecer [JUGADA], sanción blancas|negras [SEGUNDOS], \
                 aviso, descontar, pierde, relojes [BLANCAS NEGRAS] o resultado 1-0|0-1|1/2 ARTÍCULO",
                "is not a decision; use restore [PLY], penalty white|black [SECONDS], warn, \
                 deduct, lose, clocks [WHITE BLACK] or result 1-0|0-1|1/2 ARTICLE",
            ),
            Expected::RoomSetting => (
                "ni color, ni clave, ni control de tiempo, ni 960",
                "not a colour, a password, a time control or 960",
            ),
            Expected::Chess960Number => (
                "el número de la posición inicial de Ajedrez960 va de 0 a 959 (518 es la normal)",
                "a Chess960 start position number is 0 to 959 (518 is the standard one)",
            ),
        };
        lang.pick(es, en)
    }
}

impl Speaker {
    /// Why a line was not read, in the interface language, quoting it.
    pub fn command_error(&self, e: &CommandError) -> String {
        let lang = self.lang;
        match e {
            CommandError::Move(read) => read.say(self),
            CommandError::Word {
                text,
                index,
                word,
                expected,
            } => match lang {
                Lang::Es => format!(
                    "«{text}»: palabra {index} «{word}»: {}.",
                    expected.words(lang)
                ),
                Lang::En => format!(
                    "\"{text}\": word {index} \"{word}\": {}.",
                    expected.words(lang)
                ),
            },
            CommandError::NoClocks { text } => match lang {
                Lang::Es => format!(
                    "«{text}»: el registro no tiene los relojes o el ritmo de juego para repartir el tiempo."
                ),
                Lang::En => format!(
                    "\"{text}\": the record lacks the clocks or the time control to share the time out."
                ),
            },
            CommandError::TooMany { text, index, word } => match lang {
                Lang::Es => format!("«{text}»: palabra {index} «{word}»: sobra esta palabra."),
                Lang::En => {
                    format!("\"{text}\": word {index} \"{word}\": this word is one too many.")
                }
            },
            CommandError::Unknown { text, word } => match lang {
                Lang::Es => {
                    format!("«{text}»: no conozco la orden «{word}». Escriba ayuda para la lista.")
                }
                Lang::En => {
                    format!(
                        "\"{text}\": I do not know the command \"{word}\". Type help for the list."
                    )
                }
            },
            CommandError::TimeControl { text, error } => match lang {
                Lang::Es => format!(
                    "No entiendo «{text}»: {} ({error}).",
                    Expected::RoomSetting.words(lang)
                ),
                Lang::En => format!(
                    "I do not understand \"{text}\": {} ({error}).",
                    Expected::RoomSetting.words(lang)
                ),
            },
        }
    }

    /// The same, short: a move's reason without the list of nearby moves (one status line).
    pub fn command_error_brief(&self, e: &CommandError) -> String {
        match e {
            CommandError::Move(read) => read.reason.clone(),
            _ => self.command_error(e),
        }
    }
}

/// Why the table refused a command (the session of `table`), as data; the sentence is
/// [`Speaker::refusal`].
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum Refusal {
    #[error(transparent)]
    Game(#[from] crate::laws::GameError),
    #[error("it is not your move: the engine is thinking")]
    EngineToMove,
    #[error("there is no draw offer to answer")]
    NoOffer,
    /// The draw offer was made to the engine: it answers by playing on (9.1.2.1).
    #[error("the draw offer is the engine's to answer")]
    EngineAnswers,
    #[error("a takeback needs a game without a clock and at least one move of the person")]
    NoTakeback,
    #[error("it is not your move")]
    NotYourMove,
    #[error("spectators watch the game and cannot act on it")]
    Spectator,
    #[error("only the arbiter can do that")]
    NotArbiter,
    #[error("that cannot be done in a shared game")]
    NotShared,
    #[error("the game starts when both players are seated")]
    Waiting,
    #[error("there is no question to answer")]
    NoQuestion,
    #[error("the game is still on")]
    GameOn,
    #[error("the clocks are stopped")]
    Paused,
    #[error("that is not for this screen")]
    NotHere,
    /// 4.3–4.7: the move is not the one the touched pieces require (the binding).
    #[error("that move is not the one the touched pieces require ({0})")]
    Touched(String),
    /// A touch refused (the reason from the laws).
    #[error("{0}")]
    Touch(String),
}

impl Speaker {
    /// Why the table refused a command, in the interface language.
    pub fn refusal(&self, r: &Refusal) -> String {
        let t = |es: &str, en: &str| self.t(es, en).to_string();
        match r {
            Refusal::Game(g) => self.game_error(g),
            Refusal::EngineToMove => t(
                "Espere: el motor está pensando.",
                "Wait: the engine is thinking.",
            ),
            Refusal::NoOffer => t("No hay oferta de tablas.", "There is no draw offer."),
            Refusal::EngineAnswers => format!(
                "{} ({})",
                self.t(
                    "La oferta de tablas la contesta el motor: decae cuando juega",
                    "The draw offer is the engine's to answer: it lapses when the engine moves"
                ),
                self.article(crate::laws::Article("9.1.2.1"))
            ),
            Refusal::NoTakeback => t(
                "Sólo se puede devolver una jugada en partidas sin reloj.",
                "Moves can be taken back only in games without a clock.",
            ),
            Refusal::NotYourMove => t("No es su turno.", "It is not your move."),
            Refusal::Spectator => t(
                "Usted mira la partida: los espectadores no pueden actuar en ella.",
                "You are watching: spectators cannot act on the game.",
            ),
            Refusal::NotArbiter => t(
                "Sólo el árbitro puede hacerlo.",
                "Only the arbiter can do that.",
            ),
            Refusal::NotShared => t(
                "Eso no se puede hacer en una partida compartida.",
                "That cannot be done in a shared game.",
            ),
            Refusal::Waiting => t(
                "La partida empieza cuando los dos jugadores estén sentados.",
                "The game starts when both players are seated.",
            ),
            Refusal::NoQuestion => t(
                "No hay ninguna pregunta que contestar.",
                "There is no question to answer.",
            ),
            Refusal::GameOn => t(
                "La partida sigue: abandone u ofrezca tablas antes de empezar otra.",
                "The game is still on: resign or agree a draw before starting another.",
            ),
            Refusal::Paused => t(
                "Los relojes están parados: pulse la tecla de pausa para reanudar.",
                "The clocks are stopped: press the pause key to resume.",
            ),
            Refusal::Touched(binding) => format!(
                "{} ({binding})",
                self.t(
                    "Esa jugada no es la que obligan las piezas tocadas",
                    "That move is not the one the touched pieces require"
                )
            ),
            Refusal::Touch(why) => why.clone(),
            Refusal::NotHere => t(
                "Esa orden no sirve aquí.",
                "That command is not for this screen.",
            ),
        }
    }

    /// Why the laws refused an action on the game, in the interface language, with its
    /// article.
    pub fn game_error(&self, e: &crate::laws::GameError) -> String {
        use crate::laws::GameError as G;
        use crate::laws::clock::ClockError as C;
        let es = self.lang == Lang::Es;
        let pick = |a: String, b: String| if es { a } else { b };
        match e {
            G::Over(o) => pick(
                format!("La partida ha terminado: {}", self.outcome(o)),
                format!("The game is over: {}", self.outcome(o)),
            ),
            G::Illegal(m) => pick(
                format!("«{m}» no es una jugada legal aquí (art. 3)."),
                format!("\"{m}\" is not a legal move here (Art. 3)."),
            ),
            G::Notation(n) => pick(
                format!("«{}» no es una jugada que se pueda leer.", n.text),
                format!("\"{}\" cannot be read as a move.", n.text),
            ),
            G::NotYourMove(c) => pick(
                format!("No juegan {}.", self.side(*c)),
                format!("It is not {}'s move.", self.side_cap(*c)),
            ),
            G::NoOffer => self.refusal(&Refusal::NoOffer),
            G::NoSuchPly { ply, plies } => pick(
                format!("No hay una posición anterior tras la media jugada {ply} que restablecer: la partida tiene {plies} (art. 7.1)."),
                format!("There is no earlier position after ply {ply} to reinstate: the game has {plies} plies (Art. 7.1)."),
            ),
            G::TooEarlyForAgreement => pick(
                "Las tablas de común acuerdo exigen que los dos jugadores hayan hecho al menos una jugada (art. 5.2.3).".into(),
                "A draw by agreement needs both players to have made at least one move (Art. 5.2.3).".into(),
            ),
            G::ClaimForfeited(c) => pick(
                format!("{} tocaron una pieza para moverla y ya no pueden reclamar tablas en esta jugada (art. 9.4).", self.side_cap(*c)),
                format!("{} touched a piece to move it and can no longer claim a draw for this move (Art. 9.4).", self.side_cap(*c)),
            ),
            G::ClaimNotOnMove => pick(
                "Sólo el jugador que tiene el turno puede reclamar tablas (art. 9.2, 9.3).".into(),
                "Only the player to move can claim a draw (Art. 9.2, 9.3).".into(),
            ),
            G::Clock(C::Paused) => self.refusal(&Refusal::Paused),
            G::Clock(C::NotPaused) => pick("Los relojes no están parados.".into(), "The clocks are not stopped.".into()),
            G::Clock(C::Stopped) => pick(
                "El reloj está detenido: la partida ha terminado.".into(),
                "The clock is stopped: the game is over.".into(),
            ),
            G::Clock(C::NotStarted) => pick("El reloj no se ha puesto en marcha.".into(), "The clock has not been started.".into()),
            G::Clock(C::NotRunning(c)) => pick(
                format!("El reloj de {} no está en marcha (art. 6.2).", self.side(*c)),
                format!("{}'s clock is not running (Art. 6.2).", self.side_cap(*c)),
            ),
            G::Clock(other) => pick(format!("El reloj lo impide: {other}."), format!("The clock refused: {other}.")),
            G::NoClock => pick("Esta partida no tiene reloj.".into(), "This game has no clock.".into()),
            G::Supervised => pick(
                "El apéndice A.5.4 sólo se aplica a partidas rápidas y relámpago sin supervisión adecuada; con ella, una jugada ilegal se trata por el art. 7.5 (A.4, B.2).".into(),
                "App. A.5.4 applies only to rapid and blitz games without adequate supervision; with it, an illegal move is dealt with by Art. 7.5 (A.4, B.2).".into(),
            ),
            G::NoIllegalPosition(b) => pick(
                format!("El tablero «{b}» no muestra ni los dos reyes en jaque ni un peón en su última fila (ap. A.5.4)."),
                format!("The board \"{b}\" shows neither both kings in check nor a pawn on its farthest rank (App. A.5.4)."),
            ),
            G::NoIllegalPositionPending => pick(
                "No se ha observado ninguna posición ilegal: no hay nada que esperar (ap. A.5.4).".into(),
                "No illegal position has been observed: there is nothing to wait for (App. A.5.4).".into(),
            ),
            G::NoMoveCompleted(b) => pick(
                format!("El tablero «{b}» no sigue al observado por una jugada completada (debe tener el turno el otro jugador)."),
                format!("The board \"{b}\" does not follow one completed move from the board observed (the other player must be to move)."),
            ),
            G::NotResumed => pick(
                "Esta partida no se reanudó tras un aplazamiento (Directrices I.13).".into(),
                "This game was not resumed from an adjournment (Guidelines I.13).".into(),
            ),
            G::TooLateToCorrect(c) => pick(
                format!("{} ya han jugado desde la reanudación: los tiempos no se pueden corregir (Directrices I.13).", self.side_cap(*c)),
                format!("{} has already made a move since the resumption: the times can no longer be corrected (Guidelines I.13).", self.side_cap(*c)),
            ),
        }
    }
}

/// A question the session waits for a yes or a no to, before it acts: an act that cannot
/// be undone (5.1.2 resigning, 9.1 an offer that cannot be withdrawn, accepting it), one
/// that costs time when wrong (9.5.3: a wrong claim gives the opponent time) or one that
/// needs the other player (a takeback), and leaving a game that runs.
///
/// A question is answered only by `Command::Answer` of `table::command` (its own yes or no words or keys,
/// never Enter alone, never a key that starts a move); any other command withdraws it and
/// is carried out as itself.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Question {
    Resign,
    /// 9.2, 9.3, with the written move.
    Claim(Option<Move>),
    Offer,
    Accept,
    Takeback,
    Quit,
}

impl Speaker {
    /// A question, as the status line or the line mode asks it (`pos`: the position a
    /// claim's written move is played from); `line`: the line mode's "Answer yes or no."
    /// instead of the keys "(y/n)".
    pub fn question(
        &self,
        q: &Question,
        pos: Option<&crate::core::Position>,
        line: bool,
    ) -> String {
        let head = match q {
            Question::Quit => self.t(
                "¿Salir? La partida queda guardada y podrá reanudarla.",
                "Quit? The game is saved and can be resumed.",
            ),
            Question::Resign => self.t("¿Abandona la partida?", "Resign the game?"),
            Question::Takeback => self.t(
                "¿Devolver la última jugada? Los dos jugadores deben estar de acuerdo.",
                "Take back the last move? Both players must agree.",
            ),
            Question::Offer => self.t(
                "¿Ofrece tablas? Una oferta no se puede retirar",
                "Offer a draw? An offer cannot be withdrawn",
            ),
            Question::Accept => self.t("¿Acepta las tablas?", "Accept the draw?"),
            Question::Claim(_) => self.t(
                "¿Reclama tablas? Si la reclamación es incorrecta, el rival recibe tiempo",
                "Claim a draw? If the claim is wrong, your opponent gets extra time",
            ),
        };
        // The written move is said as it was read (9.2.1, 9.3.1: it will be played if
        // the claim fails), so that a misread letter is heard before it counts.
        let head = match (q, pos) {
            (Question::Claim(Some(mv)), Some(pos)) => {
                let said = self.describe_move(pos, *mv);
                match self.lang {
                    Lang::Es => format!(
                        "¿Reclama tablas con la jugada escrita {said}? Si la reclamación es incorrecta, se juega y el rival recibe tiempo"
                    ),
                    Lang::En => format!(
                        "Claim a draw with the written move {said}? If the claim is wrong, it is played and your opponent gets extra time"
                    ),
                }
            }
            _ => head.to_string(),
        };
        // The article behind the warning: in words in the line mode (App. D: nothing read
        // out as digits), as a number on the screen.
        let article = match q {
            Question::Offer => Some(crate::laws::Article("9.1")),
            Question::Claim(_) => Some(crate::laws::Article("9.5.3")),
            _ => None,
        };
        let head = match (article, line) {
            (Some(a), true) => format!("{head}, {}.", self.article(a)),
            (Some(a), false) => format!("{head} ({} {}).", self.t("art.", "Art."), a.number()),
            (None, _) => head,
        };
        // The line mode says how to answer after the question; the status line shows the
        // keys first, where a line cut at the screen's edge still shows them.
        if line {
            format!(
                "{head} {}",
                self.t("Conteste sí o no.", "Answer yes or no.")
            )
        } else {
            format!("[{}] {head}", self.t("s/n", "y/n"))
        }
    }

    /// The replay's proportional clocks (6.10.2, 7.5), asked before they are set.
    pub fn proportional_clocks(&self, restore_to: usize, white_ms: u64, black_ms: u64) -> String {
        use crate::laws::pgn::format_clock;
        match self.lang {
            Lang::Es => format!(
                "Relojes proporcionales al restablecer la jugada {restore_to}: blancas {}, negras {}. ¿Ponerlos? (s/n)",
                format_clock(white_ms),
                format_clock(black_ms)
            ),
            Lang::En => format!(
                "Proportional clocks for the position after ply {restore_to}: White {}, Black {}. Set them? (y/n)",
                format_clock(white_ms),
                format_clock(black_ms)
            ),
        }
    }

    /// The arbiter's commands at a live game, in one line.
    pub fn arbiter_help(&self) -> &'static str {
        self.t(
            "Árbitro: pausa; reanudar; aviso blancas; sanción negras 120 (el tiempo va al rival); \
             bonificar blancas 120; descontar negras 60; relojes 5:00 4:30; restaurar 12; \
             pierde negras.",
            "Arbiter: pause; resume; warn white; penalty black 120 (the time goes to the \
             opponent); bonus white 120; deduct black 60; clocks 5:00 4:30; restore 12; lose black.",
        )
    }

    /// How a question is answered, when Enter alone was pressed.
    pub fn answer_hint(&self) -> String {
        self.t(
            "Conteste con s (sí) o n (no); Esc cancela.",
            "Answer with y (yes) or n (no); Esc cancels.",
        )
        .to_string()
    }

    /// The full screen's prompt for a sealed move.
    pub fn seal_prompt(&self) -> String {
        self.t(
            "Aplazamiento: escriba la jugada secreta y Enter; no se jugará en el tablero (Directrices I.1).",
            "Adjournment: write the sealed move and press Enter; it is not played on the board (Guidelines I.1).",
        )
        .to_string()
    }

    /// An unfinished game found at start and kept, not resumed.
    pub fn unfinished_kept(&self, path: &str) -> String {
        match self.lang {
            Lang::Es => format!(
                "Había una partida sin terminar: se guarda en {path}; escaque --resume {path} la continúa."
            ),
            Lang::En => format!(
                "An unfinished game was found and kept in {path}; escaque --resume {path} goes on with it."
            ),
        }
    }

    /// A takeback done.
    pub fn taken_back(&self) -> String {
        self.t(
            "Jugada devuelta de común acuerdo.",
            "Move taken back by agreement.",
        )
        .to_string()
    }

    /// A question answered no, or withdrawn by another command.
    pub fn cancelled(&self) -> String {
        self.t("Cancelado.", "Cancelled.").to_string()
    }
}
