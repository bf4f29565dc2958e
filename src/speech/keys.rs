//! The words of the keys: what each [`Action`] is called in the status line's hints and
//! what the help screen says it does; what is wrong in a key name or a binding. The keys
//! themselves are the keymap's; the actions and the errors are `crate::action`'s data.

use crate::action::{Action, KeyParseError, KeyProblem, KeymapError};
use crate::lang::Lang;

/// A word or two for the status line's hints ("draw", "tablas").
pub fn label(action: Action, lang: Lang) -> &'static str {
    let (es, en) = match action {
        Action::Quit => ("salir", "quit"),
        Action::Help => ("ayuda", "help"),
        Action::Up => ("arriba", "up"),
        Action::Down => ("abajo", "down"),
        Action::Left => ("izquierda", "left"),
        Action::Right => ("derecha", "right"),
        Action::Select => ("tomar/soltar", "pick/drop"),
        Action::Cancel => ("cancelar", "cancel"),
        Action::CommandLine => ("jugada", "move"),
        Action::OfferDraw => ("tablas", "draw"),
        Action::AcceptDraw => ("aceptar", "accept"),
        Action::DeclineDraw => ("rechazar", "decline"),
        Action::ClaimDraw => ("reclamar", "claim"),
        Action::Resign => ("abandonar", "resign"),
        Action::Flip => ("girar", "flip"),
        Action::Adjust => ("compongo", "j'adoube"),
        Action::Pause => ("pausa", "pause"),
        Action::Takeback => ("deshacer", "take back"),
        Action::Save => ("guardar", "save"),
        Action::Seal => ("sellar", "seal"),
        Action::NewGame => ("nueva", "new"),
        Action::ToggleClockReadings => ("tiempos", "times"),
        Action::RepeatAnnouncement => ("repetir", "repeat"),
        Action::EngineAnalysis => ("análisis", "analysis"),
        Action::ScrollUp => ("subir", "scroll up"),
        Action::ScrollDown => ("bajar", "scroll down"),
        Action::StepForward => ("adelante", "forward"),
        Action::StepBack => ("atrás", "back"),
        Action::FirstPly => ("inicio", "start"),
        Action::LastPly => ("final", "end"),
        Action::NextFinding => ("siguiente", "next"),
        Action::PrevFinding => ("anterior", "previous"),
        Action::JumpToPly => ("ir a", "go to"),
        Action::Decide => ("decidir", "decide"),
    };
    lang.pick(es, en)
}

/// A sentence for the help screen.
pub fn description(action: Action, lang: Lang) -> &'static str {
    let (es, en) = match action {
        Action::Quit => (
            "Salir (pregunta si hay una partida en curso)",
            "Quit (asks while a game is running)",
        ),
        Action::Help => ("Mostrar u ocultar esta ayuda", "Show or hide this help"),
        Action::Up => ("Mover el cursor hacia arriba", "Move the cursor up"),
        Action::Down => ("Mover el cursor hacia abajo", "Move the cursor down"),
        Action::Left => (
            "Mover el cursor a la izquierda",
            "Move the cursor to the left",
        ),
        Action::Right => (
            "Mover el cursor a la derecha",
            "Move the cursor to the right",
        ),
        Action::Select => (
            "Tomar la pieza del cursor o soltarla en la casilla del cursor",
            "Pick up the piece under the cursor, or drop it on the cursor's square",
        ),
        Action::Cancel => (
            "Devolver la pieza tomada, cerrar la línea de órdenes o una pregunta",
            "Put the held piece back, close the command line or a question",
        ),
        Action::CommandLine => (
            "Abrir la línea de órdenes para escribir una jugada (también al teclear su primera letra)",
            "Open the command line to type a move (typing its first letter also opens it)",
        ),
        Action::OfferDraw => (
            "Ofrecer tablas después de jugar (art. 9.1.2.1)",
            "Offer a draw after making a move (Art. 9.1.2.1)",
        ),
        Action::AcceptDraw => (
            "Aceptar la oferta de tablas del rival",
            "Accept the opponent's draw offer",
        ),
        Action::DeclineDraw => (
            "Rechazar la oferta de tablas del rival",
            "Decline the opponent's draw offer",
        ),
        Action::ClaimDraw => (
            "Reclamar tablas por triple repetición o por 50 jugadas (art. 9.2, 9.3)",
            "Claim a draw by threefold repetition or the fifty-move rule (Art. 9.2, 9.3)",
        ),
        Action::Resign => (
            "Abandonar la partida (pide confirmación)",
            "Resign the game (asks for confirmation)",
        ),
        Action::Flip => ("Girar el tablero", "Flip the board"),
        Action::Adjust => (
            "«Compongo»: ajustar una pieza sin obligación de moverla (art. 4.2)",
            "\"J'adoube\": adjust a piece without having to move it (Art. 4.2)",
        ),
        Action::Pause => (
            "Detener los relojes para llamar al árbitro (art. 6.11)",
            "Stop the clocks to call the arbiter (Art. 6.11)",
        ),
        Action::Takeback => (
            "Deshacer la última jugada, si el rival está de acuerdo (solo partidas amistosas)",
            "Take back the last move if the opponent agrees (casual games only)",
        ),
        Action::Save => ("Guardar la partida en PGN", "Save the game as PGN"),
        Action::Seal => (
            "Sellar una jugada para aplazar la partida (Directrices I)",
            "Seal a move to adjourn the game (Guidelines I)",
        ),
        Action::NewGame => ("Empezar una partida nueva", "Start a new game"),
        Action::ToggleClockReadings => (
            "Mostrar u ocultar los tiempos de cada jugada en la planilla",
            "Show or hide each move's clock reading on the scoresheet",
        ),
        Action::RepeatAnnouncement => ("Repetir el último anuncio", "Repeat the last announcement"),
        Action::EngineAnalysis => (
            "Mostrar u ocultar la evaluación y la variante principal del motor",
            "Show or hide the engine's evaluation and principal variation",
        ),
        Action::ScrollUp => ("Subir por la planilla", "Scroll the scoresheet up"),
        Action::ScrollDown => ("Bajar por la planilla", "Scroll the scoresheet down"),
        Action::StepForward => (
            "Avanzar una jugada (repaso)",
            "Step one ply forward (replay)",
        ),
        Action::StepBack => (
            "Retroceder una jugada (repaso)",
            "Step one ply back (replay)",
        ),
        Action::FirstPly => (
            "Ir a la posición inicial (repaso)",
            "Go to the starting position (replay)",
        ),
        Action::LastPly => (
            "Ir a la última jugada (repaso)",
            "Go to the last ply (replay)",
        ),
        Action::NextFinding => (
            "Ir a la siguiente irregularidad (repaso)",
            "Go to the next irregularity (replay)",
        ),
        Action::PrevFinding => (
            "Ir a la irregularidad anterior (repaso)",
            "Go to the previous irregularity (replay)",
        ),
        Action::JumpToPly => (
            "Ir a una jugada por su número (repaso)",
            "Jump to a move by its number (replay)",
        ),
        Action::Decide => (
            "Decisión del árbitro sobre el resultado (repaso)",
            "The arbiter's decision on the result (replay)",
        ),
    };
    lang.pick(es, en)
}

/// What may be written as a key, in Spanish (the English is [`KeyProblem`]'s own).
const EXAMPLES_ES: &str = "se esperaba un carácter, como q o ?, o un nombre: enter, esc, space, \
                           tab, backtab, backspace, delete, insert, home, end, pageup, \
                           pagedown, up, down, left, right, f1 a f12; con ctrl-, alt- o shift- \
                           delante";

/// A key name that cannot be read, quoted with the column: `"ctrl-ctrl-x": at column 6,
/// "ctrl" is given twice`, or `"ctrl-ctrl-x": en la columna 6, "ctrl" aparece dos veces`.
pub fn key_parse_error(e: &KeyParseError, lang: Lang) -> String {
    match lang {
        Lang::En => e.to_string(),
        Lang::Es => format!(
            "{:?}: en la columna {}, {}",
            e.text,
            e.column,
            key_problem(&e.problem, lang)
        ),
    }
}

/// What is wrong in a key name, without the name.
pub fn key_problem(p: &KeyProblem, lang: Lang) -> String {
    match (p, lang) {
        (_, Lang::En) => p.to_string(),
        (KeyProblem::Empty, Lang::Es) => format!("no hay ninguna tecla ({EXAMPLES_ES})"),
        (KeyProblem::Unknown(k), Lang::Es) => format!("tecla desconocida {k:?} ({EXAMPLES_ES})"),
        (KeyProblem::RepeatedModifier(m), Lang::Es) => format!("{m:?} aparece dos veces"),
    }
}

/// A key bound to two actions (the actions by their names in the config file).
pub fn keymap_error(e: &KeymapError, lang: Lang) -> String {
    match lang {
        Lang::En => e.to_string(),
        Lang::Es => format!(
            "la tecla \"{}\" está asignada a dos acciones, {} y {}: dé otras teclas a una de \
             ellas",
            e.key, e.first, e.second
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_errors_quote_the_key_in_both_languages() {
        let e = KeyParseError {
            text: "ctrl-ctrl-x".into(),
            column: 6,
            problem: KeyProblem::RepeatedModifier("ctrl".into()),
        };
        assert_eq!(
            key_parse_error(&e, Lang::Es),
            "\"ctrl-ctrl-x\": en la columna 6, \"ctrl\" aparece dos veces"
        );
        assert_eq!(
            key_parse_error(&e, Lang::En),
            "\"ctrl-ctrl-x\": at column 6, \"ctrl\" is given twice"
        );
        let e = KeyProblem::Unknown("hyper".into());
        assert!(key_problem(&e, Lang::Es).starts_with("tecla desconocida \"hyper\" (se esperaba"));
        let e = KeymapError {
            key: "q".into(),
            first: Action::Quit,
            second: Action::Flip,
        };
        assert_eq!(
            keymap_error(&e, Lang::Es),
            "la tecla \"q\" está asignada a dos acciones, quit y flip: dé otras teclas a una de \
             ellas"
        );
        assert!(keymap_error(&e, Lang::En).starts_with("the key \"q\" is bound to two actions"));
    }
}
