//! Answers to what a player asks (App. D.2.10.4: "on request"; lichess's blind mode): the
//! clocks, the number of moves, the last move, where the pieces are, what stands on a
//! square, a file or a rank, the legal moves of a piece, the material, the scoresheet so
//! far, the whole position file by file.
//!
//! The questions about the game take `&Game` (and the time, `now_ms`, for the clocks); the
//! questions about the board take the `&Position` (`game.position()`, or a replay's).

use crate::core::{Color, File, Position, Rank, Role, Square};
use crate::lang::Lang;
use crate::laws::Game;

use super::numbers::{Gender, duration, join_list, number, spanish};
use super::parse::{Line, or_list};
use super::{Profile, Speaker};

/// The usual values of the pieces, for the material count.
const VALUES: [u32; 6] = [1, 3, 3, 5, 9, 0];

impl Speaker {
    /// Both clocks, whose turn it is and the moves to the next control: "Blancas: cinco
    /// minutos, faltan doce jugadas para el control. Negras: cuatro minutos y diez segundos.
    /// Juegan blancas."
    pub fn clocks(&self, game: &Game, now_ms: u64) -> String {
        let turn = self.turn(game);
        let Some(clock) = game.clock().filter(|c| c.time_control().is_timed()) else {
            return format!(
                "{} {turn}",
                self.t("Partida sin reloj.", "No clock in this game.")
            );
        };
        let mut parts = Vec::new();
        for color in Color::ALL {
            let mut s = format!("{}: ", self.side_cap(color));
            match clock.remaining(color, now_ms) {
                Some(r) => {
                    s.push_str(&duration(r.main_ms, self.lang));
                    if r.delay_ms > 0 {
                        s.push_str(&format!(
                            " {} {}",
                            self.t("más demora de", "plus a delay of"),
                            duration(r.delay_ms, self.lang)
                        ));
                    }
                }
                None => s.push_str(self.t("sin límite", "no limit")),
            }
            if let Some(n) = clock.moves_to_control(color) {
                let moves = super::numbers::count(
                    u64::from(n),
                    self.lang,
                    ("jugada", "jugadas", Gender::Feminine),
                    ("move", "moves"),
                );
                match self.lang {
                    Lang::Es => s.push_str(&format!(
                        ", {} {moves} para el control",
                        if n == 1 { "falta" } else { "faltan" }
                    )),
                    Lang::En => s.push_str(&format!(", {moves} to the time control")),
                }
            }
            s.push('.');
            parts.push(s);
        }
        format!("{} {turn}", parts.join(" "))
    }

    /// "Juegan blancas." / "White to move." / "La partida ha terminado: …".
    pub fn turn(&self, game: &Game) -> String {
        if let Some(outcome) = game.outcome() {
            return format!(
                "{} {}.",
                self.t("La partida ha terminado:", "The game is over:"),
                self.result(outcome.result)
            );
        }
        self.to_move(game.position().turn())
    }

    /// "Juegan blancas." / "White to move."
    pub fn to_move(&self, color: Color) -> String {
        match self.lang {
            Lang::Es => format!("Juegan {}.", self.side(color)),
            Lang::En => format!("{} to move.", self.side_cap(color)),
        }
    }

    /// The moves completed by each player and the number of the move being played (D.2.10.4).
    pub fn move_count(&self, game: &Game) -> String {
        let done = |c: Color| game.plies().iter().filter(|p| p.color == c).count() as u64;
        let (w, b) = (done(Color::White), done(Color::Black));
        let pos = game.position();
        let next = match self.lang {
            Lang::Es => format!(
                "Juegan {} su jugada {}.",
                self.side(pos.turn()),
                number(u64::from(pos.fullmove_number()), self.lang)
            ),
            Lang::En => format!(
                "{} to play move {}.",
                self.side_cap(pos.turn()),
                number(u64::from(pos.fullmove_number()), self.lang)
            ),
        };
        let next = if game.is_over() {
            self.turn(game)
        } else {
            next
        };
        match self.lang {
            Lang::Es => format!(
                "Jugadas completadas: blancas {}, negras {}. {next}",
                spanish(w, Gender::Feminine),
                spanish(b, Gender::Feminine)
            ),
            Lang::En => format!(
                "Moves completed: White {}, Black {}. {next}",
                number(w, self.lang),
                number(b, self.lang)
            ),
        }
    }

    /// The last move with its number: "Última jugada: jugada doce, negras: Alfil …".
    pub fn last_move(&self, game: &Game) -> String {
        let n = game.plies().len();
        let Some(ply) = game.plies().last() else {
            return self
                .t("Aún no se ha jugado nada.", "No move has been played yet.")
                .to_string();
        };
        let said = match game.position_at(n - 1) {
            Some(pos) if pos.is_legal(ply.mv) => {
                self.numbered_move(pos.fullmove_number(), ply.color, pos, ply.mv)
            }
            _ => self.bare_move(ply.mv),
        };
        format!("{} {said}.", self.t("Última jugada:", "Last move:"))
    }

    /// The squares of `color`'s pieces, of one kind or all (King first, pawns last):
    /// "Blancas: Rey Gustavo uno; Torres Ana uno y Félix uno; peones Ana dos, …".
    pub fn pieces(&self, pos: &Position, color: Color, role: Option<Role>) -> String {
        let roles: Vec<Role> = match role {
            Some(r) => vec![r],
            None => Role::ALL.iter().rev().copied().collect(),
        };
        let mut parts = Vec::new();
        for r in roles {
            // File by file, a to h, then rank by rank: the order of the whole-board reading.
            let mut on: Vec<Square> = pos.pieces(color, r).into_iter().collect();
            on.sort_by_key(|sq| (sq.file(), sq.rank()));
            let squares: Vec<String> = on.into_iter().map(|sq| self.square(sq)).collect();
            if squares.is_empty() {
                continue;
            }
            let name = if squares.len() == 1 {
                self.profile.role(r)
            } else {
                self.profile.roles(r)
            };
            parts.push(format!("{name} {}", join_list(&squares, self.lang)));
        }
        if parts.is_empty() {
            return match (role, self.lang) {
                (Some(r), Lang::Es) => format!(
                    "{} no tienen {}.",
                    self.side_cap(color),
                    self.profile.roles(r)
                ),
                (Some(r), Lang::En) => {
                    format!("{} has no {}.", self.side_cap(color), self.profile.roles(r))
                }
                (None, Lang::Es) => format!("{}: ninguna pieza.", self.side_cap(color)),
                (None, Lang::En) => format!("{}: no pieces.", self.side_cap(color)),
            };
        }
        format!("{}: {}.", self.side_cap(color), parts.join("; "))
    }

    /// What stands on a square: "Eva cuatro: peón blanco." / "Eva cuatro: vacía."
    pub fn square_contents(&self, pos: &Position, sq: Square) -> String {
        format!("{}: {}.", self.square(sq), self.contents(pos, sq))
    }

    fn contents(&self, pos: &Position, sq: Square) -> String {
        match pos.piece_at(sq) {
            Some(p) => self.colored_piece(p.color, p.role),
            None => self.t("vacía", "empty").to_string(),
        }
    }

    /// A file (from rank one up) or a rank (from Ana to Héctor): the pieces on it, square by
    /// square, "las demás vacías" / "the rest empty".
    pub fn scan(&self, pos: &Position, line: Line) -> String {
        let (name, squares): (String, Vec<Square>) = match line {
            Line::File(f) => (
                format!("{} {}", self.t("Columna", "File"), self.profile.file(f)),
                Rank::ALL
                    .iter()
                    .map(|r| Square::from_coords(f, *r))
                    .collect(),
            ),
            Line::Rank(r) => (
                format!("{} {}", self.t("Fila", "Rank"), self.profile.rank(r)),
                File::ALL
                    .iter()
                    .map(|f| Square::from_coords(*f, r))
                    .collect(),
            ),
        };
        let occupied: Vec<String> = squares
            .iter()
            .filter(|sq| pos.piece_at(**sq).is_some())
            .map(|sq| format!("{} {}", self.square(*sq), self.contents(pos, *sq)))
            .collect();
        if occupied.is_empty() {
            return format!("{name}: {}.", self.t("vacía", "empty"));
        }
        let rest = if occupied.len() < 8 {
            self.t("; las demás vacías", "; the rest empty")
        } else {
            ""
        };
        format!("{name}: {}{rest}.", occupied.join(", "))
    }

    /// The legal moves of the piece on a square.
    pub fn piece_moves(&self, pos: &Position, sq: Square) -> String {
        let Some(piece) = pos.piece_at(sq) else {
            return format!("{}: {}.", self.square(sq), self.t("vacía", "empty"));
        };
        let who = super::events::capitalize(&self.piece_on(piece.color, piece.role, sq));
        if piece.color != pos.turn() {
            return match self.lang {
                Lang::Es => format!("{who}: no es el turno de {}.", self.side(piece.color)),
                Lang::En => format!("{who}: it is not {}'s turn.", self.side_cap(piece.color)),
            };
        }
        let moves: Vec<String> = pos
            .legal_moves_from(sq)
            .iter()
            .map(|m| self.describe_move(pos, *m))
            .collect();
        if moves.is_empty() {
            return format!(
                "{who}: {}.",
                self.t("no tiene jugadas legales", "no legal moves")
            );
        }
        format!("{who}: {}.", or_list(&moves, self.lang))
    }

    /// The material of both sides, counted with the usual values (pawn one, Knight and
    /// Bishop three, Rook five, Queen nine), and the balance.
    pub fn material(&self, pos: &Position) -> String {
        let mut totals = [0u32; 2];
        let mut parts = Vec::new();
        for color in Color::ALL {
            let mut pieces = Vec::new();
            for role in Role::ALL.iter().rev() {
                let n = pos.pieces(color, *role).into_iter().count() as u64;
                totals[color.index()] += VALUES[role.index()] * n as u32;
                if n == 0 || *role == Role::King {
                    continue;
                }
                let name = if n == 1 {
                    self.profile.role(*role)
                } else {
                    self.profile.roles(*role)
                };
                let count = match self.lang {
                    Lang::Es => {
                        let gender = if self.profile == Profile::Es
                            && matches!(role, Role::Queen | Role::Rook)
                        {
                            Gender::Feminine
                        } else {
                            Gender::Masculine
                        };
                        spanish(n, gender)
                    }
                    Lang::En => number(n, self.lang),
                };
                pieces.push(format!("{count} {name}"));
            }
            let points = totals[color.index()] as u64;
            let pts = super::numbers::count(
                points,
                self.lang,
                ("punto", "puntos", Gender::Masculine),
                ("point", "points"),
            );
            let list = if pieces.is_empty() {
                self.t("solo el Rey", "the King alone").to_string()
            } else {
                join_list(&pieces, self.lang)
            };
            parts.push(format!("{} {pts}: {list}.", self.side_cap(color)));
        }
        let (w, b) = (totals[0] as u64, totals[1] as u64);
        let balance = if w == b {
            self.t("Material igualado.", "Material is level.")
                .to_string()
        } else {
            let (ahead, diff) = if w > b {
                (Color::White, w - b)
            } else {
                (Color::Black, b - w)
            };
            let pts = super::numbers::count(
                diff,
                self.lang,
                ("punto", "puntos", Gender::Masculine),
                ("point", "points"),
            );
            match self.lang {
                Lang::Es => format!("{} tienen {pts} más.", self.side_cap(ahead)),
                Lang::En => format!("{} is {pts} ahead.", self.side_cap(ahead)),
            }
        };
        format!("{} {balance}", parts.join(" "))
    }

    /// The scoresheet so far, move by move: "Jugada uno: blancas peón Eva cuatro; negras
    /// peón Eva cinco. Jugada dos: …"; a draw offer is said after the move it came with.
    pub fn scoresheet(&self, game: &Game) -> String {
        if game.plies().is_empty() {
            return self
                .t("La planilla está vacía.", "The scoresheet is empty.")
                .to_string();
        }
        let mut out: Vec<String> = Vec::new();
        let mut current: Option<(u32, Vec<String>)> = None;
        for (i, ply) in game.plies().iter().enumerate() {
            let Some(pos) = game.position_at(i) else {
                continue;
            };
            let mut said = if pos.is_legal(ply.mv) {
                self.describe_move(pos, ply.mv)
            } else {
                self.bare_move(ply.mv)
            };
            if game
                .offers()
                .iter()
                .any(|o| o.ply == i + 1 && o.by == ply.color)
            {
                said.push_str(self.t(", ofrece tablas", ", offers a draw"));
            }
            let n = pos.fullmove_number();
            let entry = format!("{} {said}", self.side(ply.color));
            match &mut current {
                Some((m, list)) if *m == n => list.push(entry),
                _ => {
                    if let Some((m, list)) = current.take() {
                        out.push(self.scoresheet_line(m, &list));
                    }
                    current = Some((n, vec![entry]));
                }
            }
        }
        if let Some((m, list)) = current {
            out.push(self.scoresheet_line(m, &list));
        }
        out.join(" ")
    }

    fn scoresheet_line(&self, n: u32, entries: &[String]) -> String {
        format!(
            "{} {}: {}.",
            self.t("Jugada", "Move"),
            number(u64::from(n), self.lang),
            entries.join("; ")
        )
    }

    /// The whole position in words, file by file from Ana to Héctor, each from rank one up,
    /// then who is to move: "Columna Ana: Ana uno Torre blanca, …. Columna César: vacía. …
    /// Juegan blancas."
    pub fn position_words(&self, pos: &Position) -> String {
        let mut parts: Vec<String> = File::ALL
            .iter()
            .map(|f| {
                self.scan(pos, Line::File(*f))
                    .replace("; las demás vacías", "")
                    .replace("; the rest empty", "")
            })
            .collect();
        parts.push(self.to_move(pos.turn()));
        parts.join(" ")
    }
}
