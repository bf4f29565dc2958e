//! Every [`GameEvent`] in words, each said once: the move with its number (check and mate
//! are part of it, so the `Check` event says nothing more), offers, claims, penalties,
//! illegal moves, flags, clock events, touches, adjournment, the arbiter's decisions and the
//! result with its reason and article.

use crate::core::{Color, Move, Position};
use crate::lang::Lang;
use crate::laws::adjourn::{AdjournEvent, Ruling, SealedReading};
use crate::laws::clock::{ClockEvent, QuickplayGround, QuickplayRuling};
use crate::laws::irregularity::{ArbiterAction, ArbiterPenalty, IllegalPosition};
use crate::laws::time_control::{Bonus, BonusKind};
use crate::laws::touch::{Binding, BindingKind, TouchEvent};
use crate::laws::{Article, ClaimKind, Game, GameEvent, IllegalKind, LapseReason, OfferTiming};

use super::Speaker;
use super::numbers::{Gender, count, duration, number, ordinal};

impl Speaker {
    /// An event of `game`'s stream in words, or `None` for the events that add nothing to
    /// what was already said (the check that the move's words include, a clock press that
    /// is the move itself, the clock's own record of a flag that [`GameEvent::FlagFell`]
    /// says, the release that completes a move announced as played).
    pub fn event(&self, event: &GameEvent, game: &Game) -> Option<String> {
        let art = |a: Article| self.article(a);
        Some(match event {
            GameEvent::MovePlayed { ply, color, mv, .. } => {
                match game.position_at(ply.saturating_sub(1)) {
                    Some(pos) if pos.is_legal(*mv) => {
                        self.numbered_move(pos.fullmove_number(), *color, pos, *mv)
                    }
                    _ => format!("{}: {}", self.side_cap(*color), self.bare_move(*mv)),
                }
            }
            GameEvent::Check { .. } => return None,
            GameEvent::DrawOffered { offer } => {
                let when = match offer.timing {
                    OfferTiming::AfterOwnMove => "",
                    OfferTiming::Irregular => {
                        self.t(", fuera del momento previsto", ", not at the proper moment")
                    }
                    OfferTiming::Claim => self.t(
                        ": la reclamación cuenta como oferta",
                        ": the claim counts as an offer",
                    ),
                };
                let article = match offer.timing {
                    OfferTiming::Claim => Article::CLAIM_IS_OFFER,
                    _ => Article::DRAW_OFFER,
                };
                match self.lang {
                    Lang::Es => format!(
                        "{} ofrecen tablas{when}, {}.",
                        self.side_cap(offer.by),
                        art(article)
                    ),
                    Lang::En => format!(
                        "{} offers a draw{when}, {}.",
                        self.side_cap(offer.by),
                        art(article)
                    ),
                }
            }
            GameEvent::DrawAccepted { by } => match self.lang {
                Lang::Es => format!("{} aceptan las tablas.", self.side_cap(*by)),
                Lang::En => format!("{} accepts the draw.", self.side_cap(*by)),
            },
            GameEvent::DrawDeclined { by } => match self.lang {
                Lang::Es => format!("{} rechazan las tablas.", self.side_cap(*by)),
                Lang::En => format!("{} declines the draw.", self.side_cap(*by)),
            },
            GameEvent::DrawLapsed { offer, reason } => {
                let why = match reason {
                    LapseReason::PieceTouched => self.t(
                        "el rival tocó una pieza para jugar",
                        "the opponent touched a piece to move it",
                    ),
                    LapseReason::GameEnded => self.t(
                        "la partida terminó de otro modo",
                        "the game ended in another way",
                    ),
                };
                match self.lang {
                    Lang::Es => format!(
                        "La oferta de tablas de {} caduca: {why}, {}.",
                        self.side(offer.by),
                        art(Article::DRAW_OFFER)
                    ),
                    Lang::En => format!(
                        "{}'s draw offer lapses: {why}, {}.",
                        self.side_cap(offer.by),
                        art(Article::DRAW_OFFER)
                    ),
                }
            }
            GameEvent::ClaimMade { claim } => {
                let with = claim.intended.as_ref().map(|(mv, _)| {
                    let said = game
                        .position_at(claim.ply)
                        .filter(|p| p.is_legal(*mv))
                        .map(|p| self.describe_move(p, *mv))
                        .unwrap_or_else(|| self.bare_move(*mv));
                    format!(
                        "{} {said}",
                        self.t(", con la jugada escrita", ", writing the move")
                    )
                });
                match self.lang {
                    Lang::Es => format!(
                        "{} reclaman tablas{}.",
                        self.side_cap(claim.by),
                        with.unwrap_or_default()
                    ),
                    Lang::En => format!(
                        "{} claims a draw{}.",
                        self.side_cap(claim.by),
                        with.unwrap_or_default()
                    ),
                }
            }
            GameEvent::ClaimUpheld { by, kind, article } => {
                let what = match kind {
                    ClaimKind::Threefold => {
                        self.t("triple repetición de la posición", "threefold repetition")
                    }
                    ClaimKind::FiftyMoves => {
                        self.t("regla de las cincuenta jugadas", "fifty-move rule")
                    }
                };
                match self.lang {
                    Lang::Es => format!(
                        "Reclamación de {} correcta: {what}, {}.",
                        self.side(*by),
                        art(*article)
                    ),
                    Lang::En => format!(
                        "{}'s claim is correct: {what}, {}.",
                        self.side_cap(*by),
                        art(*article)
                    ),
                }
            }
            GameEvent::ClaimRejected { by, article } => match self.lang {
                Lang::Es => format!(
                    "Reclamación de {} incorrecta: la partida sigue, {}.",
                    self.side(*by),
                    art(*article)
                ),
                Lang::En => format!(
                    "{}'s claim is incorrect: the game goes on, {}.",
                    self.side_cap(*by),
                    art(*article)
                ),
            },
            GameEvent::PenaltyApplied { penalty } => {
                let time = duration(u64::from(penalty.seconds) * 1000, self.lang);
                match self.lang {
                    Lang::Es => format!(
                        "Penalización: {time} más para {}, {}.",
                        self.side(penalty.to),
                        art(penalty.article)
                    ),
                    Lang::En => format!(
                        "Penalty: {time} more for {}, {}.",
                        self.side_cap(penalty.to),
                        art(penalty.article)
                    ),
                }
            }
            GameEvent::IllegalMoveRecorded {
                by,
                kind,
                count,
                article,
            } => {
                let detail = match kind {
                    IllegalKind::Move => None,
                    IllegalKind::PromotionWithoutPiece(_) => Some(self.t(
                        "peón en la última fila sin pieza nueva; el peón se convierte en Dama",
                        "a pawn on the last rank without a new piece; the pawn becomes a Queen",
                    )),
                    IllegalKind::ClockWithoutMove => Some(self.t(
                        "reloj pulsado sin hacer jugada",
                        "clock pressed without a move",
                    )),
                    IllegalKind::TwoHands => Some(self.t(
                        "jugada hecha con las dos manos",
                        "a move made with both hands",
                    )),
                };
                let detail = detail.map(|d| format!(": {d}")).unwrap_or_default();
                let restored = match kind {
                    IllegalKind::PromotionWithoutPiece(_) => "",
                    _ => self.t(
                        "; se restablece la posición anterior",
                        "; the position before it is restored",
                    ),
                };
                match self.lang {
                    Lang::Es => format!(
                        "Jugada ilegal de {}, la {}{detail}{restored}, {}.",
                        self.side(*by),
                        ordinal(u64::from(*count), Lang::Es),
                        art(*article)
                    ),
                    Lang::En => format!(
                        "Illegal move by {}, the {}{detail}{restored}, {}.",
                        self.side_cap(*by),
                        ordinal(u64::from(*count), Lang::En),
                        art(*article)
                    ),
                }
            }
            GameEvent::IllegalMoveStands { by, article } => match self.lang {
                Lang::Es => format!(
                    "La jugada ilegal de {} no se reclamó antes de la siguiente jugada: se mantiene, {}.",
                    self.side(*by),
                    art(*article)
                ),
                Lang::En => format!(
                    "{}'s illegal move was not claimed before the next move: it stands, {}.",
                    self.side_cap(*by),
                    art(*article)
                ),
            },
            GameEvent::FlagFell { color } => match self.lang {
                Lang::Es => format!(
                    "Cae la bandera de {}, {}.",
                    self.side(*color),
                    art(Article::FLAG)
                ),
                Lang::En => format!(
                    "{}'s flag has fallen, {}.",
                    self.side_cap(*color),
                    art(Article::FLAG)
                ),
            },
            GameEvent::Clock(e) => return self.clock_event(e),
            GameEvent::BothFlagsContinue { article } => format!(
                "{}, {}.",
                self.t(
                    "Han caído las dos banderas y la partida sigue",
                    "Both flags have fallen and the game goes on"
                ),
                art(*article)
            ),
            GameEvent::UnwinnabilityOpen { side, .. } => match side {
                Some(c) => match self.lang {
                    Lang::Es => format!(
                        "No se pudo decidir si {} pueden dar mate: vale la regla general.",
                        self.side(*c)
                    ),
                    Lang::En => format!(
                        "Whether {} can still checkmate could not be decided: the general rule applies.",
                        self.side_cap(*c)
                    ),
                },
                None => format!(
                    "{}, {}.",
                    self.t(
                        "No se pudo decidir si la posición está muerta: la partida sigue",
                        "Whether the position is dead could not be decided: the game goes on"
                    ),
                    art(Article::DEAD_POSITION)
                ),
            },
            GameEvent::Touch(e) => return self.touch_event(e),
            GameEvent::Adjourn(e) => return Some(self.adjourn_event(e, game)),
            GameEvent::ArbiterDecision { action, article } => {
                format!(
                    "{} {}, {}.",
                    self.t("Árbitro:", "Arbiter:"),
                    self.action(*action),
                    art(*article)
                )
            }
            GameEvent::ClockReconstructionOffered {
                white_used_ms,
                black_used_ms,
            } => match self.lang {
                Lang::Es => format!(
                    "Tiempos proporcionales propuestos al árbitro: blancas han usado {}, negras {}, {}.",
                    duration(*white_used_ms, self.lang),
                    duration(*black_used_ms, self.lang),
                    art(Article("7.1"))
                ),
                Lang::En => format!(
                    "Proportional times offered to the arbiter: White has used {}, Black {}, {}.",
                    duration(*white_used_ms, self.lang),
                    duration(*black_used_ms, self.lang),
                    art(Article("7.1"))
                ),
            },
            GameEvent::GameEnded { outcome } => self.outcome(outcome),
            GameEvent::IllegalPositionObserved {
                conditions,
                after_next_move,
                article,
                ..
            } => {
                let what: Vec<String> = conditions
                    .iter()
                    .map(|c| match c {
                        IllegalPosition::BothKingsInCheck => self
                            .t("los dos reyes en jaque", "both kings in check")
                            .to_string(),
                        IllegalPosition::PawnOnLastRank { color, square } => match self.lang {
                            Lang::Es => format!(
                                "un peón de las {} sin coronar en {}",
                                self.side(*color),
                                self.square(*square)
                            ),
                            Lang::En => format!(
                                "an unpromoted {} pawn on {}",
                                self.side_cap(*color),
                                self.square(*square)
                            ),
                        },
                    })
                    .collect();
                let what = crate::speech::numbers::join_list(&what, self.lang);
                if *after_next_move {
                    format!(
                        "{} {what}, {}.",
                        self.t(
                            "Tras la jugada siguiente la posición sigue siendo ilegal:",
                            "After the next move the position is still illegal:"
                        ),
                        art(*article)
                    )
                } else {
                    format!(
                        "{} {what}. {} {}.",
                        self.t(
                            "Posición ilegal en el tablero:",
                            "Illegal position on the board:"
                        ),
                        self.t(
                            "Se espera a la jugada siguiente,",
                            "The arbiter waits for the next move,"
                        ),
                        art(*article)
                    )
                }
            }
            GameEvent::IllegalPositionCleared { article, .. } => format!(
                "{} {}.",
                self.t(
                    "Tras la jugada siguiente la posición ya es legal: la partida sigue,",
                    "After the next move the position is legal again: the game goes on,"
                ),
                art(*article)
            ),
        })
    }

    /// A warning that `color` has `remaining_ms` left: "Quedan dos minutos a blancas.",
    /// "White has ten seconds left." The line mode calls it at its thresholds.
    pub fn low_time(&self, color: Color, remaining_ms: u64) -> String {
        // A warning comes the instant the time goes under its mark (57.999 s for a 58 s
        // mark): said rounded up — to the second, to the tenth under ten seconds — it names
        // the mark, as a clock showing the time would.
        let unit = if remaining_ms < 10_000 { 100 } else { 1000 };
        let time = duration(remaining_ms.div_ceil(unit) * unit, self.lang);
        match self.lang {
            Lang::Es => {
                let single =
                    !time.contains(" y ") && (time.starts_with("un ") || time.starts_with("una "));
                let verb = if single { "Queda" } else { "Quedan" };
                format!("{verb} {time} a {}.", self.side(color))
            }
            Lang::En => format!("{} has {time} left.", self.side_cap(color)),
        }
    }

    fn bonus(&self, bonus: Bonus) -> String {
        let secs = count(
            u64::from(bonus.seconds),
            self.lang,
            ("segundo", "segundos", Gender::Masculine),
            ("second", "seconds"),
        );
        match (bonus.kind, self.lang) {
            (BonusKind::Increment, Lang::Es) => format!("incremento de {secs} por jugada"),
            (BonusKind::Increment, Lang::En) => format!("increment of {secs} a move"),
            (BonusKind::Delay, Lang::Es) => format!("demora de {secs} por jugada"),
            (BonusKind::Delay, Lang::En) => format!("delay of {secs} a move"),
            (BonusKind::Bronstein, Lang::Es) => format!("demora Bronstein de {secs}"),
            (BonusKind::Bronstein, Lang::En) => format!("Bronstein delay of {secs}"),
        }
    }

    /// A clock event in words (`None`: a press is the move itself; the flag is said by
    /// [`GameEvent::FlagFell`]; the stop by the result).
    pub fn clock_event(&self, event: &ClockEvent) -> Option<String> {
        let art = |a: Article| self.article(a);
        Some(match event {
            ClockEvent::Started { running, .. } => match running {
                Some(c) => match self.lang {
                    Lang::Es => format!(
                        "Reloj en marcha: corre el tiempo de {}, {}.",
                        self.side(*c),
                        art(Article("6.5"))
                    ),
                    Lang::En => format!(
                        "The clock is started: {}'s time runs, {}.",
                        self.side_cap(*c),
                        art(Article("6.5"))
                    ),
                },
                None => format!(
                    "{}, {}.",
                    self.t(
                        "Reloj en marcha: correrá tras la primera jugada de blancas",
                        "The clock is started: it runs after White's first move",
                    ),
                    art(Article("6.5"))
                ),
            },
            ClockEvent::Pressed { .. }
            | ClockEvent::FlagFell { .. }
            | ClockEvent::Stopped { .. } => {
                return None;
            }
            ClockEvent::PeriodChanged {
                color,
                period,
                added_ms,
            } => match self.lang {
                Lang::Es => format!(
                    "{} completan el control: periodo {}, se añaden {}, {}.",
                    self.side_cap(*color),
                    number(*period as u64, self.lang),
                    duration(*added_ms, self.lang),
                    art(Article("6.3"))
                ),
                Lang::En => format!(
                    "{} reaches the time control: period {}, {} added, {}.",
                    self.side_cap(*color),
                    number(*period as u64, self.lang),
                    duration(*added_ms, self.lang),
                    art(Article("6.3"))
                ),
            },
            ClockEvent::LowTime {
                color,
                remaining_ms,
                ..
            } => self.low_time(*color, *remaining_ms),
            ClockEvent::Paused { .. } => format!(
                "{}, {}.",
                self.t("Reloj detenido", "The clock is paused"),
                art(Article("6.11"))
            ),
            ClockEvent::Resumed { running, .. } => {
                let again = match (running, self.lang) {
                    (Some(c), Lang::Es) => format!(
                        "Reloj en marcha de nuevo: corre el tiempo de {}",
                        self.side(*c)
                    ),
                    (Some(c), Lang::En) => {
                        format!("The clock runs again: {}'s time", self.side_cap(*c))
                    }
                    (None, _) => self
                        .t("Reloj en marcha de nuevo", "The clock runs again")
                        .to_string(),
                };
                format!("{again}, {}.", art(Article("6.11")))
            }
            ClockEvent::Adjusted {
                color,
                remaining_ms,
                moves,
                ..
            } => match self.lang {
                Lang::Es => format!(
                    "Reloj de {} ajustado: le quedan {}, {}, {}.",
                    self.side(*color),
                    duration(*remaining_ms, self.lang),
                    count(
                        u64::from(*moves),
                        self.lang,
                        ("jugada hecha", "jugadas hechas", Gender::Feminine),
                        ("", "")
                    ),
                    art(Article("6.10"))
                ),
                Lang::En => format!(
                    "{}'s clock adjusted: {} left, {}, {}.",
                    self.side_cap(*color),
                    duration(*remaining_ms, self.lang),
                    count(
                        u64::from(*moves),
                        self.lang,
                        ("", "", Gender::Neuter),
                        ("move made", "moves made")
                    ),
                    art(Article("6.10"))
                ),
            },
            ClockEvent::BonusChanged { bonus, .. } => format!(
                "{} {}, {}.",
                self.t("Desde ahora, para ambos,", "From now on, for both players,"),
                self.bonus(*bonus),
                art(Article("III.4"))
            ),
            ClockEvent::IncrementRequested { by, .. } => match self.lang {
                Lang::Es => format!(
                    "{} piden un incremento de cinco segundos, que es también oferta de tablas, {}.",
                    self.side_cap(*by),
                    art(Article("III.4"))
                ),
                Lang::En => format!(
                    "{} asks for an increment of five seconds, which is also a draw offer, {}.",
                    self.side_cap(*by),
                    art(Article("III.4"))
                ),
            },
            ClockEvent::IncrementDecided { by, granted, .. } => {
                let verdict = if *granted {
                    self.t("concede", "grants")
                } else {
                    self.t("no concede", "refuses")
                };
                match self.lang {
                    Lang::Es => format!(
                        "El árbitro {verdict} el incremento pedido por {}, {}.",
                        self.side(*by),
                        art(Article("III.4"))
                    ),
                    Lang::En => format!(
                        "The arbiter {verdict} the increment {} asked for, {}.",
                        self.side_cap(*by),
                        art(Article("III.4"))
                    ),
                }
            }
            ClockEvent::QuickplayClaimed { by, ground, .. } => {
                let why = match ground {
                    QuickplayGround::CannotWinByNormalMeans => self.t(
                        "el rival no puede ganar por medios normales",
                        "the opponent cannot win by normal means",
                    ),
                    QuickplayGround::NoEffortToWin => self.t(
                        "el rival no intenta ganar por medios normales",
                        "the opponent is making no effort to win by normal means",
                    ),
                    QuickplayGround::Both => self.t(
                        "el rival no puede ganar ni lo intenta por medios normales",
                        "the opponent cannot win and is making no effort to win by normal means",
                    ),
                };
                match self.lang {
                    Lang::Es => format!(
                        "{} reclaman tablas al árbitro: {why}, {}.",
                        self.side_cap(*by),
                        art(Article("III.5"))
                    ),
                    Lang::En => format!(
                        "{} claims a draw from the arbiter: {why}, {}.",
                        self.side_cap(*by),
                        art(Article("III.5"))
                    ),
                }
            }
            ClockEvent::QuickplayRuled { by, ruling, .. } => {
                let what = match ruling {
                    QuickplayRuling::Grant => {
                        self.t("concede las tablas", "grants the draw").to_string()
                    }
                    QuickplayRuling::Postpone { opponent_award } => {
                        let mut s = self
                            .t("aplaza la decisión", "postpones the decision")
                            .to_string();
                        if *opponent_award {
                            s.push_str(self.t(
                                " y da dos minutos al rival",
                                " and gives the opponent two minutes",
                            ));
                        }
                        s
                    }
                    QuickplayRuling::Reject => self
                        .t(
                            "rechaza la reclamación y da dos minutos al rival",
                            "rejects the claim and gives the opponent two minutes",
                        )
                        .to_string(),
                };
                match self.lang {
                    Lang::Es => format!(
                        "Sobre la reclamación de {}, el árbitro {what}, {}.",
                        self.side(*by),
                        art(Article("III.5"))
                    ),
                    Lang::En => format!(
                        "On {}'s claim, the arbiter {what}, {}.",
                        self.side_cap(*by),
                        art(Article("III.5"))
                    ),
                }
            }
        })
    }

    fn binding(&self, binding: Binding) -> String {
        let p = self.profile;
        match binding.kind {
            BindingKind::Nothing | BindingKind::AnyMove => self
                .t(
                    "puede hacer cualquier jugada legal",
                    "any legal move may be made",
                )
                .to_string(),
            BindingKind::MovePiece { square } => match self.lang {
                Lang::Es => format!("debe mover la pieza de {}", p.square(square)),
                Lang::En => format!("the piece on {} must move", p.square(square)),
            },
            BindingKind::CapturePiece { square } => match self.lang {
                Lang::Es => format!("debe capturar la pieza de {}", p.square(square)),
                Lang::En => format!("the piece on {} must be captured", p.square(square)),
            },
            BindingKind::CaptureWith { piece, target } => match self.lang {
                Lang::Es => format!(
                    "la pieza de {} debe capturar la de {}",
                    p.square(piece),
                    p.square(target)
                ),
                Lang::En => format!(
                    "the piece on {} must capture the piece on {}",
                    p.square(piece),
                    p.square(target)
                ),
            },
            BindingKind::Castle { side } => match self.lang {
                Lang::Es => format!("debe hacer {}", p.castling(side)),
                Lang::En => format!("{} is the move", p.castling(side)),
            },
            BindingKind::KingMove => self
                .t("debe mover el Rey", "the King must move")
                .to_string(),
            BindingKind::PawnTo { to, .. } => match self.lang {
                Lang::Es => format!("el peón queda en {}: elija la pieza", p.square(to)),
                Lang::En => format!("the pawn stays on {}: choose the piece", p.square(to)),
            },
            BindingKind::Fixed { mv } | BindingKind::Made { mv } => match self.lang {
                Lang::Es => format!("la jugada es {}", self.bare_move(mv)),
                Lang::En => format!("the move is {}", self.bare_move(mv)),
            },
        }
    }

    /// A touch event in words (`None` for the release that completes a move: the move is
    /// announced when it is played).
    pub fn touch_event(&self, event: &TouchEvent) -> Option<String> {
        let art = |a: Article| self.article(a);
        Some(match event {
            TouchEvent::Touched {
                square,
                piece,
                binds,
            } => format!(
                "{} {}: {}, {}.",
                self.t("Pieza tocada:", "Piece touched:"),
                self.piece_on(piece.color, piece.role, *square),
                self.binding(*binds),
                art(binds.article)
            ),
            TouchEvent::Adjusted { by, square, piece } => match self.lang {
                Lang::Es => format!(
                    "{} dicen compongo y ajustan {}, {}.",
                    self.side_cap(*by),
                    self.piece_on(piece.color, piece.role, *square),
                    art(Article::TOUCH_ADJUST)
                ),
                Lang::En => format!(
                    "{} says I adjust and adjusts the {}, {}.",
                    self.side_cap(*by),
                    self.piece_on(piece.color, piece.role, *square),
                    art(Article::TOUCH_ADJUST)
                ),
            },
            TouchEvent::PutBack { square, piece } => match self.lang {
                Lang::Es => format!(
                    "{} vuelve a su casilla; la obligación sigue, {}.",
                    self.piece_on(piece.color, piece.role, *square),
                    art(Article::TOUCH_MOVE)
                ),
                Lang::En => format!(
                    "The {} is put back; the obligation stays, {}.",
                    self.piece_on(piece.color, piece.role, *square),
                    art(Article::TOUCH_MOVE)
                ),
            },
            TouchEvent::KingReleased { side } => match self.lang {
                Lang::Es => format!(
                    "Rey soltado en su casilla de enroque: solo queda {}, {}.",
                    self.castling(*side),
                    art(Article::TOUCH_MADE_CASTLING)
                ),
                Lang::En => format!(
                    "The King was released on its castling square: only {} remains, {}.",
                    self.castling(*side),
                    art(Article::TOUCH_MADE_CASTLING)
                ),
            },
            TouchEvent::PawnReleased { to, .. } => match self.lang {
                Lang::Es => format!(
                    "Peón soltado en {}: elija la pieza nueva, {}.",
                    self.square(*to),
                    art(Article::TOUCH_RELEASED)
                ),
                Lang::En => format!(
                    "The pawn was released on {}: choose the new piece, {}.",
                    self.square(*to),
                    art(Article::TOUCH_RELEASED)
                ),
            },
            TouchEvent::PromotionPieceTouched { square, role } => match self.lang {
                Lang::Es => format!(
                    "Pieza elegida para {}: {}; la elección es definitiva, {}.",
                    self.square(*square),
                    self.role(*role),
                    art(Article::TOUCH_PROMOTION_CHOICE)
                ),
                Lang::En => format!(
                    "Piece chosen for {}: {}; the choice is final, {}.",
                    self.square(*square),
                    self.role(*role),
                    art(Article::TOUCH_PROMOTION_CHOICE)
                ),
            },
            TouchEvent::Released { .. } => return None,
            TouchEvent::Violation { by, article, .. } => match self.lang {
                Lang::Es => format!(
                    "Infracción de {} contra la regla de pieza tocada, {}; se puede reclamar al árbitro.",
                    self.side(*by),
                    art(*article)
                ),
                Lang::En => format!(
                    "{} broke the touch-move rule, {}; it may be claimed to the arbiter.",
                    self.side_cap(*by),
                    art(*article)
                ),
            },
            TouchEvent::Claimed { by, count } => match self.lang {
                Lang::Es => format!(
                    "{} reclaman {} al árbitro, {}.",
                    self.side_cap(*by),
                    super::numbers::count(
                        *count as u64,
                        Lang::Es,
                        ("infracción", "infracciones", Gender::Feminine),
                        ("", "")
                    ),
                    art(Article::TOUCH_CLAIM)
                ),
                Lang::En => format!(
                    "{} claims {} to the arbiter, {}.",
                    self.side_cap(*by),
                    super::numbers::count(
                        *count as u64,
                        Lang::En,
                        ("", "", Gender::Neuter),
                        ("violation", "violations")
                    ),
                    art(Article::TOUCH_CLAIM)
                ),
            },
            TouchEvent::ClaimLapsed { by, count } => match self.lang {
                Lang::Es => format!(
                    "{} tocaron una pieza sin reclamar: pierden el derecho a reclamar {}, {}.",
                    self.side_cap(*by),
                    super::numbers::count(
                        *count as u64,
                        Lang::Es,
                        ("infracción", "infracciones", Gender::Feminine),
                        ("", "")
                    ),
                    art(Article::TOUCH_CLAIM)
                ),
                Lang::En => format!(
                    "{} touched a piece without claiming: the right to claim {} is lost, {}.",
                    self.side_cap(*by),
                    super::numbers::count(
                        *count as u64,
                        Lang::En,
                        ("", "", Gender::Neuter),
                        ("violation", "violations")
                    ),
                    art(Article::TOUCH_CLAIM)
                ),
            },
        })
    }

    /// An adjournment event in words.
    pub fn adjourn_event(&self, event: &AdjournEvent, game: &Game) -> String {
        let art = |a: Article| self.article(a);
        match event {
            AdjournEvent::Sealed {
                sealer,
                move_number,
                reply,
            } => {
                let n = number(u64::from(*move_number), self.lang);
                match (self.lang, reply) {
                    (Lang::Es, false) => format!(
                        "Partida aplazada: {} sellan su jugada {n} en el sobre y se detiene el reloj, {}.",
                        self.side(*sealer),
                        art(event.article())
                    ),
                    (Lang::Es, true) => format!(
                        "{} sellan su respuesta, jugada {n}, {}.",
                        self.side_cap(*sealer),
                        art(event.article())
                    ),
                    (Lang::En, false) => format!(
                        "Game adjourned: {} seals move {n} in the envelope and the clock is stopped, {}.",
                        self.side_cap(*sealer),
                        art(event.article())
                    ),
                    (Lang::En, true) => format!(
                        "{} seals the reply, move {n}, {}.",
                        self.side_cap(*sealer),
                        art(event.article())
                    ),
                }
            }
            AdjournEvent::ReplierAbsent { replier } => match self.lang {
                Lang::Es => format!(
                    "{} no están presentes: el sobre sigue cerrado y corre su reloj, {}.",
                    self.side_cap(*replier),
                    art(event.article())
                ),
                Lang::En => format!(
                    "{} is absent: the envelope stays shut and that clock runs, {}.",
                    self.side_cap(*replier),
                    art(event.article())
                ),
            },
            AdjournEvent::ClocksSet {
                white_used_ms,
                black_used_ms,
                article,
                ..
            } => match self.lang {
                Lang::Es => format!(
                    "Posición del aplazamiento en el tablero; tiempo usado: blancas {}, negras {}, {}.",
                    duration(*white_used_ms, self.lang),
                    duration(*black_used_ms, self.lang),
                    art(*article)
                ),
                Lang::En => format!(
                    "The adjourned position is set up; time used: White {}, Black {}, {}.",
                    duration(*white_used_ms, self.lang),
                    duration(*black_used_ms, self.lang),
                    art(*article)
                ),
            },
            AdjournEvent::EnvelopeOpened { replier } => match self.lang {
                Lang::Es => format!(
                    "Se abre el sobre ante {}, {}.",
                    self.side(*replier),
                    art(event.article())
                ),
                Lang::En => format!(
                    "The envelope is opened with {} present, {}.",
                    self.side_cap(*replier),
                    art(event.article())
                ),
            },
            AdjournEvent::OfferPending { by } => match self.lang {
                Lang::Es => format!(
                    "Sigue en pie la oferta de tablas de {}, {}.",
                    self.side(*by),
                    art(event.article())
                ),
                Lang::En => format!(
                    "{}'s draw offer still stands, {}.",
                    self.side_cap(*by),
                    art(event.article())
                ),
            },
            AdjournEvent::SealedMovePlayed { mv, .. } => {
                let said = self.move_in_game(game, *mv);
                format!(
                    "{}: {said}, {}.",
                    self.t("Jugada sellada", "Sealed move"),
                    art(event.article())
                )
            }
            AdjournEvent::SealedMoveDefective { reading, .. } => {
                let what = match reading {
                    SealedReading::Clear { .. } => self.t("clara", "clear"),
                    SealedReading::Ambiguous { .. } => self.t("ambigua", "ambiguous"),
                    SealedReading::Unclear { .. } => self.t("confusa", "unclear"),
                    SealedReading::Illegal { .. } => self.t("ilegal", "illegal"),
                };
                match self.lang {
                    Lang::Es => format!(
                        "La jugada sellada es {what}: decide el árbitro, {}.",
                        art(event.article())
                    ),
                    Lang::En => format!(
                        "The sealed move is {what}: the arbiter decides, {}.",
                        art(event.article())
                    ),
                }
            }
            AdjournEvent::ArbiterDecided { decision } => {
                let what = match decision.ruling {
                    Ruling::IntentionEvident(mv) => match self.lang {
                        Lang::Es => format!(
                            "la intención es evidente, se juega {}",
                            self.move_in_game(game, mv)
                        ),
                        Lang::En => format!(
                            "the intention is evident, {} is played",
                            self.move_in_game(game, mv)
                        ),
                    },
                    Ruling::AlreadyDecided { result, .. } => format!(
                        "{}: {}",
                        self.t("la partida ya estaba decidida", "the game was already decided"),
                        self.result(result)
                    ),
                    Ruling::Loses => match self.lang {
                        Lang::Es => "la jugada sellada pierde la partida".to_string(),
                        Lang::En => "the sealed move loses the game".to_string(),
                    },
                };
                format!(
                    "{} {what}, {}.",
                    self.t("El árbitro decide:", "The arbiter decides:"),
                    art(decision.article)
                )
            }
            AdjournEvent::ClockStarted { color, article } => match self.lang {
                Lang::Es => format!(
                    "Se pone en marcha el reloj de {}, {}.",
                    self.side(*color),
                    art(*article)
                ),
                Lang::En => format!(
                    "{}'s clock is started, {}.",
                    self.side_cap(*color),
                    art(*article)
                ),
            },
            AdjournEvent::GameEnded {
                result, article, ..
            } => format!(
                "{} {}, {}.",
                self.t("Fin de la partida aplazada:", "The adjourned game is over:"),
                self.result(*result),
                art(*article)
            ),
            AdjournEvent::SessionEnded { sealer, .. } => match self.lang {
                Lang::Es => format!(
                    "Fin de la sesión de juego: {} deben sellar su jugada, {}.",
                    self.side(*sealer),
                    art(event.article())
                ),
                Lang::En => format!(
                    "The playing session is over: {} must seal the next move, {}.",
                    self.side_cap(*sealer),
                    art(event.article())
                ),
            },
            AdjournEvent::TimeCorrected {
                clock_of, used_ms, ..
            } => match self.lang {
                Lang::Es => format!(
                    "Tiempo corregido: el reloj de {} marca ahora {} usados, {}.",
                    self.side(*clock_of),
                    duration(*used_ms, self.lang),
                    art(event.article())
                ),
                Lang::En => format!(
                    "Time corrected: {}'s clock now shows {} used, {}.",
                    self.side_cap(*clock_of),
                    duration(*used_ms, self.lang),
                    art(event.article())
                ),
            },
            AdjournEvent::TimeNotCorrected { clock_of, .. } => match self.lang {
                Lang::Es => format!(
                    "El tiempo usado por {} no se pudo establecer y queda como estaba, {}.",
                    self.side(*clock_of),
                    art(event.article())
                ),
                Lang::En => format!(
                    "The time used by {} could not be established and stays as it was, {}.",
                    self.side(*clock_of),
                    art(event.article())
                ),
            },
            AdjournEvent::Annulled { .. } => format!(
                "{}, {}.",
                self.t(
                    "Sobre perdido y sin posición para reanudar: la partida se anula y se juega de nuevo",
                    "Envelope lost and no position to resume from: the game is annulled and replayed"
                ),
                art(event.article())
            ),
        }
    }

    /// A move of the game in words: from the position it was played in, found in the record
    /// (the last ply with that move), or from the current position; the bare squares
    /// otherwise.
    fn move_in_game(&self, game: &Game, mv: Move) -> String {
        let pos: Option<&Position> = game
            .plies()
            .iter()
            .rposition(|p| p.mv == mv)
            .and_then(|i| game.position_at(i))
            .or_else(|| Some(game.position()).filter(|p| p.is_legal(mv)));
        match pos {
            Some(p) if p.is_legal(mv) => self.describe_move(p, mv),
            _ => self.bare_move(mv),
        }
    }

    fn action(&self, action: ArbiterAction) -> String {
        match action {
            ArbiterAction::NewGameWrongInitialPosition => self
                .t(
                    "la posición inicial era incorrecta: se anula la partida y se juega otra",
                    "the initial position was wrong: the game is cancelled and a new one played",
                )
                .to_string(),
            ArbiterAction::ContinueOnCorrectBoard => self
                .t(
                    "el tablero estaba mal colocado: se sigue en un tablero bien colocado",
                    "the board was placed wrongly: play goes on on a correctly placed board",
                )
                .to_string(),
            ArbiterAction::ColoursReversed { restart } => if restart {
                self.t(
                    "colores cambiados: se juega una partida nueva con los colores correctos",
                    "colours reversed: a new game is played with the right colours",
                )
            } else {
                self.t(
                    "colores cambiados: la partida sigue",
                    "colours reversed: the game goes on",
                )
            }
            .to_string(),
            ArbiterAction::DisplacedPiecesRestored => self
                .t(
                    "las piezas desplazadas vuelven a su sitio",
                    "the displaced pieces are put back",
                )
                .to_string(),
            ArbiterAction::PositionRestored { ply } => match self.lang {
                Lang::Es => format!(
                    "se restablece la posición tras la media jugada {}",
                    number(ply as u64, self.lang)
                ),
                Lang::En => format!(
                    "the position after half-move {} is reinstated",
                    number(ply as u64, self.lang)
                ),
            },
            ArbiterAction::ClocksSet { white_ms, black_ms } => match self.lang {
                Lang::Es => format!(
                    "relojes ajustados: blancas {}, negras {}",
                    duration(white_ms, self.lang),
                    duration(black_ms, self.lang)
                ),
                Lang::En => format!(
                    "clocks set: White {}, Black {}",
                    duration(white_ms, self.lang),
                    duration(black_ms, self.lang)
                ),
            },
            ArbiterAction::Penalty { to, penalty } => {
                let who = self.side(to);
                match (penalty, self.lang) {
                    (ArbiterPenalty::Warning, Lang::Es) => format!("amonestación a {who}"),
                    (ArbiterPenalty::Warning, Lang::En) => format!("a warning to {who}"),
                    (ArbiterPenalty::TimeToOpponent { seconds }, Lang::Es) => format!(
                        "{} más para el rival de {who}",
                        duration(u64::from(seconds) * 1000, self.lang)
                    ),
                    (ArbiterPenalty::TimeToOpponent { seconds }, Lang::En) => format!(
                        "{} more for {who}'s opponent",
                        duration(u64::from(seconds) * 1000, self.lang)
                    ),
                    (ArbiterPenalty::TimeFromOffender { seconds }, Lang::Es) => format!(
                        "{} menos en el reloj de {who}",
                        duration(u64::from(seconds) * 1000, self.lang)
                    ),
                    (ArbiterPenalty::TimeFromOffender { seconds }, Lang::En) => format!(
                        "{} taken from {who}'s clock",
                        duration(u64::from(seconds) * 1000, self.lang)
                    ),
                    (ArbiterPenalty::OpponentScoreToMaximum, Lang::Es) => {
                        format!("el rival de {who} recibe la puntuación máxima")
                    }
                    (ArbiterPenalty::OpponentScoreToMaximum, Lang::En) => {
                        format!("{who}'s opponent gets the maximum score")
                    }
                    (ArbiterPenalty::OffenderScoreReduced, Lang::Es) => {
                        format!("se reduce la puntuación de {who}")
                    }
                    (ArbiterPenalty::OffenderScoreReduced, Lang::En) => {
                        format!("{who}'s score is reduced")
                    }
                    (ArbiterPenalty::Loss, Lang::Es) => {
                        format!("la partida se da por perdida a {who}")
                    }
                    (ArbiterPenalty::Loss, Lang::En) => {
                        format!("the game is declared lost by {who}")
                    }
                    (ArbiterPenalty::Fine, Lang::Es) => format!("multa a {who}"),
                    (ArbiterPenalty::Fine, Lang::En) => format!("a fine for {who}"),
                    (ArbiterPenalty::ExclusionFromRounds, Lang::Es) => {
                        format!("{who} quedan excluidas de una o más rondas")
                    }
                    (ArbiterPenalty::ExclusionFromRounds, Lang::En) => {
                        format!("{who} is excluded from one or more rounds")
                    }
                    (ArbiterPenalty::Expulsion, Lang::Es) => {
                        format!("{who} quedan expulsadas de la competición")
                    }
                    (ArbiterPenalty::Expulsion, Lang::En) => {
                        format!("{who} is expelled from the competition")
                    }
                }
            }
        }
    }
}

pub(crate) fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
