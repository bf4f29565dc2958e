//! The words of play mode's engine seat on the full screen: the engine thinking, its
//! analysis on request, and the request when no engine plays.

use super::Speaker;

impl Speaker {
    /// The title line while the engine searches: "Stockfish 15.1 is thinking…".
    pub fn engine_thinking(&self, name: &str) -> String {
        match self.lang {
            crate::lang::Lang::Es => format!("{name} está pensando…"),
            crate::lang::Lang::En => format!("{name} is thinking…"),
        }
    }

    /// The engine's analysis on request: "Stockfish 15.1: +0.35 d12 2… Nc6 3. Bb5", or
    /// that it has none yet.
    pub fn engine_analysis(&self, name: &str, analysis: Option<&str>) -> String {
        match analysis {
            Some(a) => format!("{name}: {a}"),
            None => format!("{name}: {}", self.t("aún sin análisis", "no analysis yet")),
        }
    }

    /// The analysis asked for in a game no engine plays (two people never see one).
    pub fn no_engine(&self) -> String {
        self.t(
            "En esta partida no juega ningún motor: no hay análisis.",
            "No engine plays in this game: there is no analysis.",
        )
        .to_string()
    }
}
