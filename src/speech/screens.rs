//! The words of the play screens themselves (the full screen, the line mode, play mode's
//! saving): the opening line, prompts, what a saved file is called. The game's own events
//! are said by `events`; refusals and questions by `commands`.

use super::Speaker;
use crate::laws::Game;

/// What a play screen says of itself.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Say<'a> {
    /// A key that is not a command of a game being played.
    NotForPlay,
    /// The piece picked up has no legal move.
    NoLegalMove,
    /// The sealed move's envelope was written to this file.
    EnvelopeSaved(&'a str),
    /// The game was written to this file.
    GameSaved(&'a str),
    /// The game could not be written: the reason.
    SaveFailed(&'a crate::fsutil::SystemError),
    /// The unfinished game found at start: resume it?
    ResumeQuestion,
    /// The promotion's choices.
    PromotionPrompt,
    /// The help screen's title.
    HelpTitle,
    /// The line mode's input ended.
    EndOfInput,
    /// The line mode after the end of the game.
    GameOverLine,
    /// The full screen shows the position after this move (a click on the scoresheet).
    LookingBack(&'a str),
}

impl Speaker {
    /// What a play screen says of itself.
    pub fn screen(&self, s: Say) -> String {
        match s {
            Say::NotForPlay => self
                .t(
                    "Esa orden no sirve en una partida.",
                    "That command is not for play.",
                )
                .into(),
            Say::NoLegalMove => self
                .t(
                    "Esa pieza no tiene jugadas legales.",
                    "That piece has no legal move.",
                )
                .into(),
            Say::EnvelopeSaved(p) => {
                format!("{} {p}", self.t("Sobre guardado en", "Envelope saved in"))
            }
            Say::GameSaved(p) => format!("{} {p}", self.t("Partida guardada en", "Game saved in")),
            Say::SaveFailed(e) => format!(
                "{}: {}",
                self.t(
                    "No se pudo guardar la partida",
                    "The game could not be saved"
                ),
                super::files::system_error(e, self.lang)
            ),
            Say::ResumeQuestion => self
                .t(
                    "Hay una partida sin terminar. ¿Reanudarla? (s/n)",
                    "An unfinished game was found. Resume it? (y/n)",
                )
                .into(),
            Say::PromotionPrompt => self
                .t(
                    "Coronar: D dama, T torre, A alfil, C caballo (Enter: dama)",
                    "Promote to: Q queen, R rook, B bishop, N knight (Enter: queen)",
                )
                .into(),
            Say::HelpTitle => self.t("Ayuda", "Help").into(),
            Say::EndOfInput => self.t("Fin de la entrada.", "End of input.").into(),
            Say::GameOverLine => self
                .t(
                    "Partida terminada. Escriba salir para terminar, o consulte la planilla.",
                    "Game over. Type quit to leave, or ask for the scoresheet.",
                )
                .into(),
            Say::LookingBack(mv) => format!(
                "{} {mv}. {}",
                self.t("Posición tras", "Position after"),
                self.t(
                    "Esc o un clic en el tablero vuelve a la partida.",
                    "Esc or a click on the board goes back to the game."
                )
            ),
        }
    }

    /// The full screen's first announcement: a new game, or a resumed one with its last
    /// move and turn.
    pub fn opening(&self, game: &Game) -> String {
        let turn = self.to_move(game.position().turn());
        if game.plies().is_empty() {
            return format!(
                "{} {turn} {}",
                self.t("Partida nueva.", "New game."),
                self.t(
                    "Escriba una jugada o use las flechas y Enter.",
                    "Type a move, or use the arrows and Enter."
                )
            );
        }
        let last = self.last_move(game);
        format!(
            "{} {last} {turn}",
            self.t("Partida reanudada.", "Game resumed.")
        )
    }

    /// The line mode's first line: what it is, how to ask for help, the move count of a
    /// resumed game and whose turn it is.
    pub fn line_intro(&self, game: &Game) -> String {
        let mut s = self
            .t(
                "escaque, modo de lectura. Escriba ayuda para la lista de órdenes.",
                "escaque, screen reader mode. Type help for the list of commands.",
            )
            .to_string();
        if !game.plies().is_empty() {
            s.push(' ');
            s.push_str(&self.move_count(game));
        }
        s.push(' ');
        s.push_str(&self.turn(game));
        s
    }

    /// The line mode's list of commands.
    pub fn line_help(&self) -> String {
        self.t(
            "Órdenes: una jugada, en palabras (caballo Félix tres) o en notación (Cf3); \
             reloj; jugadas; última; turno; piezas (mías, suyas, o un tipo); casilla Eva cuatro; \
             columna Eva; fila cuatro; legales Gustavo uno; material; planilla; tablero; \
             tablas; acepto; rechazo; reclamo (con la jugada que lo produce); abandono; \
             repetir; salir.",
            "Commands: a move, in words (knight Felix three) or notation (Nf3); clock; \
             moves; last; turn; pieces (mine, theirs, or one type); square Eva four; file Eva; \
             rank four; legal Gustav one; material; scoresheet; board; draw; accept; decline; \
             claim (with the move that produces it); resign; repeat; quit.",
        )
        .into()
    }
}
