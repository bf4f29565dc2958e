//! The arbiter's words: each finding of a review said from its data ([`Says`]), the
//! decisions, the verdict, the text report, the JSON line of `adjudicate` and the decided
//! PGN, in Spanish or English. The laws find; this says.
//!
//! Moves are written in the reader's notation (the scoresheet's: `Tc2` with Spanish letters,
//! `♖c2`, `Ra1-c2`), given by the caller with the language; a move the record has that
//! could not be played is quoted as written. The JSON line keeps English SAN, its machine
//! format, whatever the language of its sentences.

use crate::core::{Color, Notation, Role, SanError, SanProblem};
use crate::json;
use crate::lang::Lang;
use crate::laws::arbiter::{
    Decision, Finding, FindingKind, FlagSource, FlagVerdict, MoveAt, Review, Says,
    TIME_CONTROLS_KEPT,
};
use crate::laws::irregularity::ArbiterPenalty;
use crate::laws::pgn::{self, MoveNode, PgnGame, StartError, format_clock};
use crate::laws::time_control::TimeClass;
use crate::laws::{Article, GameResult, Termination};

use super::{Speaker, setup};

fn side(color: Color, lang: Lang) -> &'static str {
    match (color, lang) {
        (Color::White, Lang::Es) => "blancas",
        (Color::Black, Lang::Es) => "negras",
        (Color::White, Lang::En) => "White",
        (Color::Black, Lang::En) => "Black",
    }
}

fn side_cap(color: Color, lang: Lang) -> &'static str {
    match (color, lang) {
        (Color::White, Lang::Es) => "Blancas",
        (Color::Black, Lang::Es) => "Negras",
        (c, Lang::En) => side(c, Lang::En),
    }
}

/// `art. 6.9` in Spanish, `Art. 6.9` in English.
pub fn art(a: Article, lang: Lang) -> String {
    match lang {
        Lang::Es => format!("art. {}", a.number()),
        Lang::En => a.to_string(),
    }
}

/// `third`, `fourth` … (the English ordinal of a repetition).
fn ordinal(n: usize) -> String {
    match n {
        3 => "third".into(),
        4 => "fourth".into(),
        5 => "fifth".into(),
        n => format!("{n}th"),
    }
}

/// A short label for a findings pane.
pub fn kind_label(kind: FindingKind, lang: Lang) -> &'static str {
    let (es, en) = match kind {
        FindingKind::IllegalSetup => ("posición inicial ilegal", "illegal set-up"),
        FindingKind::UnsupportedVariant => ("variante no admitida", "unsupported variant"),
        FindingKind::UnreadableRecord => ("partida ilegible", "unreadable record"),
        FindingKind::TimeControlClass => ("ritmo de juego", "time control"),
        FindingKind::IllegalMove => ("jugada ilegal", "illegal move"),
        FindingKind::NullMove => ("jugada nula", "null move"),
        FindingKind::MovesAfterEnd => ("jugadas tras el final", "moves after the end"),
        FindingKind::Checkmate => ("jaque mate", "checkmate"),
        FindingKind::Stalemate => ("ahogado", "stalemate"),
        FindingKind::DeadPosition => ("posición muerta", "dead position"),
        FindingKind::ThreefoldClaimable => (
            "triple repetición reclamable",
            "threefold repetition claimable",
        ),
        FindingKind::FiftyMovesClaimable => ("50 jugadas reclamable", "fifty moves claimable"),
        FindingKind::Fivefold => ("quíntuple repetición", "fivefold repetition"),
        FindingKind::SeventyFiveMoves => ("75 jugadas", "75 moves"),
        FindingKind::FlagFall => ("caída de bandera", "flag fall"),
        FindingKind::ResignationDrawn => ("abandono que es tablas", "resignation drawn"),
        FindingKind::ResultDisagrees => ("resultado discrepante", "result disagrees"),
    };
    lang.pick(es, en)
}

/// How a game ended, in a few words (the scoresheet's last line, the arbiter's report).
pub fn termination(t: Termination, lang: Lang) -> &'static str {
    if lang == Lang::En {
        return t.describe();
    }
    match t {
        Termination::Checkmate => "jaque mate",
        Termination::Resignation => "abandono",
        Termination::ResignationOpponentCannotMate => {
            "abandono, pero el rival no podía dar mate: tablas"
        }
        Termination::Stalemate => "rey ahogado",
        Termination::DeadPosition => "posición muerta",
        Termination::Agreement => "tablas de mutuo acuerdo",
        Termination::ThreefoldWritten | Termination::ThreefoldOccurred => {
            "triple repetición reclamada"
        }
        Termination::FiftyMovesWritten | Termination::FiftyMovesOccurred => {
            "regla de las cincuenta jugadas reclamada"
        }
        Termination::FivefoldRepetition => "quíntuple repetición",
        Termination::SeventyFiveMoves => "regla de las setenta y cinco jugadas",
        Termination::FlagFall => "pérdida por tiempo",
        Termination::FlagFallOpponentCannotMate => {
            "caída de bandera, pero el rival no podía dar mate: tablas"
        }
        Termination::IllegalMoves => "segunda jugada ilegal",
        Termination::IllegalMovesOpponentCannotMate => {
            "segunda jugada ilegal, pero el rival no podía dar mate: tablas"
        }
        Termination::BothFlagsLastPeriod => "ambas banderas caídas en el último periodo",
        Termination::ArbiterDecision => "declarada perdida por el árbitro",
        Termination::IllegalPositionDraw => {
            "posición ilegal aún en el tablero tras la jugada siguiente: tablas"
        }
        Termination::SettledBeforeResumption => "resultado acordado antes de la reanudación",
        Termination::SealedMoveDefective => "jugada secreta ambigua, confusa o ilegal",
        Termination::DefaultAtResumption => "incomparecencia a la reanudación",
    }
}

/// A decision in a sentence, for the report and the PGN comment.
pub fn decision(d: &Decision, lang: Lang) -> String {
    match *d {
        Decision::RestorePosition { ply } => match lang {
            Lang::Es => format!("se restablece la posición tras la jugada {ply}"),
            Lang::En => format!("the position after ply {ply} is reinstated"),
        },
        Decision::SetClocks { white_ms, black_ms } => match lang {
            Lang::Es => format!(
                "relojes puestos en {} (blancas) y {} (negras)",
                format_clock(white_ms),
                format_clock(black_ms)
            ),
            Lang::En => format!(
                "clocks set to {} (White) and {} (Black)",
                format_clock(white_ms),
                format_clock(black_ms)
            ),
        },
        Decision::Penalty { offender, penalty } => {
            let who = side(offender, lang);
            let what = match (penalty, lang) {
                (ArbiterPenalty::Warning, Lang::Es) => "amonestación".to_string(),
                (ArbiterPenalty::Warning, Lang::En) => "a warning".to_string(),
                (ArbiterPenalty::TimeToOpponent { seconds }, Lang::Es) => {
                    format!("{seconds} s más para el rival")
                }
                (ArbiterPenalty::TimeToOpponent { seconds }, Lang::En) => {
                    format!("{seconds} s added to the opponent's clock")
                }
                (ArbiterPenalty::TimeFromOffender { seconds }, Lang::Es) => {
                    format!("{seconds} s menos en su reloj")
                }
                (ArbiterPenalty::TimeFromOffender { seconds }, Lang::En) => {
                    format!("{seconds} s taken from the offender's clock")
                }
                (ArbiterPenalty::Loss, Lang::Es) => "partida perdida".to_string(),
                (ArbiterPenalty::Loss, Lang::En) => "the game declared lost".to_string(),
                (other, Lang::Es) => format!("sanción {other:?}"),
                (other, Lang::En) => format!("penalty {other:?}"),
            };
            match lang {
                Lang::Es => format!("sanción a {who}: {what}"),
                Lang::En => format!("penalty on {who}: {what}"),
            }
        }
        Decision::DeclareResult { result, .. } => match lang {
            Lang::Es => format!("resultado declarado: {result}"),
            Lang::En => format!("result declared: {result}"),
        },
    }
}

/// How a finding is given: written (the report, the screens, JSON) or spoken (the screen
/// reader: articles, numbers, results and clock readings in words, no FEN; docs/speech.md).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Voice {
    Written,
    Spoken,
}

/// How the moves of a finding are given: written in a notation (the report, the screens,
/// JSON in English SAN), or said by a speaker (the screen reader).
#[derive(Clone, Copy)]
enum Moves {
    Written(Notation),
    Spoken(Speaker),
}

/// A language, a voice and how moves are given: the parts of a sentence that are said
/// differently aloud, or written in another notation.
#[derive(Clone, Copy)]
struct W {
    lang: Lang,
    moves: Moves,
}

impl W {
    fn written(lang: Lang, notation: Notation) -> W {
        W {
            lang,
            moves: Moves::Written(notation),
        }
    }

    fn voice(self) -> Voice {
        match self.moves {
            Moves::Written(_) => Voice::Written,
            Moves::Spoken(_) => Voice::Spoken,
        }
    }

    fn es(self) -> bool {
        self.lang == Lang::Es
    }

    fn spoken(self) -> bool {
        self.voice() == Voice::Spoken
    }

    /// Articles in parentheses: `(7.5.5, B.3)`, or in words.
    fn arts(self, list: &[&'static str]) -> String {
        if !self.spoken() {
            // Put together in one string of its size: nearly every sentence of a report
            // has its articles, and a `format!` of a `join` cost some 700 instructions.
            let mut s = String::with_capacity(2 + list.iter().map(|a| a.len() + 2).sum::<usize>());
            s.push('(');
            for (i, a) in list.iter().enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                s.push_str(a);
            }
            s.push(')');
            return s;
        }
        let words: Vec<String> = list
            .iter()
            .map(|a| super::article_words(Article(a), self.lang))
            .collect();
        format!("({})", words.join(self.lang.pick(" y ", " and ")))
    }

    /// A number: digits written, words spoken.
    fn n(self, n: usize) -> String {
        if self.spoken() {
            super::numbers::number(n as u64, self.lang)
        } else {
            n.to_string()
        }
    }

    /// A clock reading: `0:00:23`, or "twenty-three seconds".
    fn clock(self, ms: u64) -> String {
        if self.spoken() {
            super::numbers::duration(ms, self.lang)
        } else {
            format_clock(ms)
        }
    }

    /// A result as written in PGN (`1-0`, `*`), or in words.
    fn result(self, text: &str) -> String {
        if !self.spoken() {
            return text.to_string();
        }
        super::result_words(GameResult::from_pgn(text), self.lang).into()
    }

    /// "for the third time": in Spanish written `3.ª`, spoken "tercera"; in English the
    /// ordinal word.
    fn times(self, n: usize) -> String {
        match (self.lang, self.voice()) {
            (Lang::Es, Voice::Written) => format!("{n}.ª"),
            (Lang::Es, Voice::Spoken) => super::numbers::ordinal(n as u64, self.lang),
            (Lang::En, _) => ordinal(n),
        }
    }

    /// A move with its number, `12... Nxe5`, written in the notation (`12... Cxe5` in Spanish
    /// letters); spoken as the speaker says moves, with its number in words and the side
    /// ("jugada doce, negras: caballo toma peón Eva cinco").
    fn label(self, m: &MoveAt) -> String {
        match self.moves {
            Moves::Written(notation) => m.label(notation),
            Moves::Spoken(speaker) => speaker.numbered_move(m.number(), m.color(), &m.before, m.mv),
        }
    }
}

/// The penalty an illegal move carries under the game's class (7.5.5, A.3, A.4/A.5.2,
/// B.2/B.3).
fn illegal_penalty(class: Option<TimeClass>, w: W) -> String {
    match class {
        None | Some(TimeClass::Standard) => {
            let (a, b) = (w.arts(&["7.5.1"]), w.arts(&["7.5.5"]));
            if w.es() {
                format!(
                    "se restablece la posición anterior {a} y, por ser la primera jugada \
                     ilegal, el rival recibe dos minutos {b}; una segunda pierde la partida \
                     salvo que el rival no pueda dar mate"
                )
            } else {
                format!(
                    "the position before it is reinstated {a} and, a first illegal move, the \
                     opponent gets two minutes {b}; a second one loses unless the opponent \
                     cannot mate"
                )
            }
        }
        Some(c) => {
            let (sup, unsup, pen) = if c == TimeClass::Blitz {
                ("B.2", "B.3", "B.3")
            } else {
                ("A.4", "A.5.2", "A.3")
            };
            let (sup, unsup, pen) = (w.arts(&[sup]), w.arts(&[unsup]), w.arts(&["7.5.5", pen]));
            if w.es() {
                format!(
                    "con supervisión adecuada {sup} se restablece la posición y el rival recibe \
                     un minuto {pen}; sin ella {unsup} solo si el árbitro la vio o el \
                     rival la reclamó antes de hacer su jugada: si no, la jugada es válida"
                )
            } else {
                format!(
                    "with adequate supervision {sup} the position is reinstated and the \
                     opponent gets one minute {pen}; without it {unsup} only if the \
                     arbiter saw it or the opponent claimed before making the next move: \
                     otherwise the move stands"
                )
            }
        }
    }
}

/// Why a recorded move could not be played (the core's [`SanError`] says it in English).
pub fn san_error(e: &SanError, lang: Lang) -> String {
    // The text is quoted as written: no move of this notation is written.
    san_error_in(e, W::written(lang, Notation::ENGLISH))
}

fn san_error_in(e: &SanError, w: W) -> String {
    let t = &e.text;
    // The position it was read against: a FEN is read, not said.
    let fen = if e.fen.is_empty() || w.spoken() {
        String::new()
    } else {
        format!(" {} {}", w.lang.pick("en", "in"), e.fen)
    };
    if !w.es() {
        if w.spoken() {
            let mut plain = e.clone();
            plain.fen.clear();
            return plain
                .to_string()
                .replace("(Art. 3.7.3.3)", &w.arts(&["3.7.3.3"]));
        }
        return e.to_string();
    }
    let promo = w.arts(&["3.7.3.3"]);
    let promo = if w.spoken() {
        promo
    } else {
        "(art. 3.7.3.3)".to_string()
    };
    match &e.problem {
        SanProblem::Empty => "no hay jugada".to_string(),
        SanProblem::Syntax => format!("«{t}» no es una jugada en notación algebraica"),
        SanProblem::UnexpectedChar(c) => {
            format!("«{t}» no es una jugada: «{c}» no es de la notación algebraica")
        }
        SanProblem::BadPromotion(r) => format!(
            "«{t}»: un peón no se convierte en {}; se convierte en dama, torre, alfil o caballo \
             (D, T, A, C) {promo}",
            if *r == Role::King { "rey" } else { "peón" }
        ),
        SanProblem::NoMatch => format!("«{t}» no es una jugada legal{fen}"),
        SanProblem::PromotionMissing => format!(
            "«{t}»: el peón llega a la última fila y no se dice en qué pieza se convierte \
             {promo}"
        ),
        SanProblem::PromotionUnexpected => {
            format!("«{t}» nombra una pieza de coronación pero la jugada no corona{fen}")
        }
        SanProblem::Ambiguous(moves) => {
            let list: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            format!("«{t}» es ambigua{fen}: puede ser {}", list.join(" o "))
        }
    }
}

/// Why a game's start position was refused (3.10, Guidelines II).
pub(crate) fn start_error(e: &StartError, lang: Lang) -> String {
    match (e, lang) {
        (_, Lang::En) => e.to_string(),
        (StartError::BadFen(fen), Lang::Es) => format!(
            "la etiqueta FEN no es una posición inicial válida: {}",
            setup::fen_error(lang, fen)
        ),
        (StartError::MissingFen, Lang::Es) => {
            "la partida tiene [SetUp \"1\"] pero ninguna etiqueta FEN de la que partir".into()
        }
        (StartError::UnsupportedVariant(v), Lang::Es) => format!(
            "variante no admitida \"{v}\": escaque sigue las reglas del ajedrez estándar y del \
             Ajedrez960 solamente"
        ),
    }
}

/// What a finding says, in one written sentence, its moves in `notation`.
pub fn detail(f: &Finding, lang: Lang, notation: Notation) -> String {
    with_detail(f, W::written(lang, notation), str::to_string)
}

/// [`detail`]'s sentence, handed to `use_it`: a sentence kept is not copied (the JSON line
/// escapes it into its buffer from where it is kept).
fn with_detail<T>(f: &Finding, w: W, use_it: impl FnOnce(&str) -> T) -> T {
    let lang = w.lang;
    if let Says::TimeControl { .. } = &f.says {
        // The games of a file nearly always share a few time controls: their sentences (with
        // a fraction of minutes to format) are made once per thread and kept, as many as
        // the arbiter keeps of the controls read (the one said last first). They name no
        // move: the language alone tells them apart.
        type Said = (Says, Lang, String);
        thread_local! {
            static KEPT: std::cell::RefCell<Vec<Said>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        return KEPT.with_borrow_mut(|kept| {
            match kept
                .iter()
                .position(|(said, l, _)| *said == f.says && *l == lang)
            {
                Some(i) => kept[..=i].rotate_right(1),
                None => {
                    kept.truncate(TIME_CONTROLS_KEPT - 1);
                    kept.insert(0, (f.says.clone(), lang, says(&f.says, w)));
                }
            }
            use_it(&kept[0].2)
        });
    }
    use_it(&says(&f.says, w))
}

/// What a finding says, in one sentence for the ear: in the speaker's language, its moves
/// as the speaker says them.
pub fn spoken(f: &Finding, speaker: &Speaker) -> String {
    says(
        &f.says,
        W {
            lang: speaker.lang,
            moves: Moves::Spoken(*speaker),
        },
    )
}

/// The sentence of a finding's data.
fn says(s: &Says, w: W) -> String {
    let (es, lang) = (w.es(), w.lang);
    match s {
        Says::TimeControl {
            text,
            control,
            class,
            rating_seconds,
        } => {
            let t = rating_seconds
                .map(|s| {
                    if w.spoken() {
                        // T, the time for 60 moves that classes the game (A.1, B.1).
                        let t = super::numbers::duration(s * 1000, lang);
                        lang.pick(" de {t} para sesenta jugadas", " of {t} for sixty moves")
                            .replace("{t}", &t)
                    } else {
                        format!(" (T = {} min)", s as f64 / 60.0)
                    }
                })
                .unwrap_or_default();
            let (name_es, name_en) = match class {
                TimeClass::Blitz => ("relámpago (blitz)", "blitz"),
                TimeClass::Rapid => ("rápida", "rapid"),
                TimeClass::Standard => ("estándar", "standard"),
            };
            // Spoken: the class and T; the control's figures are on the screen.
            let control = if w.spoken() {
                String::new()
            } else {
                format!(" {text} ({control})")
            };
            if es {
                format!("Ritmo{control}{t}: partida {name_es}")
            } else {
                format!("Time control{control}{t}: a {name_en} game")
            }
        }
        Says::TimeControlUnreadable { text, error } => {
            let error = super::errors::time_control(error, lang);
            if es {
                format!("La etiqueta TimeControl \"{text}\" no se puede leer: {error}")
            } else {
                format!("The TimeControl tag \"{text}\" cannot be read: {error}")
            }
        }
        Says::UnsupportedVariant { variant } => {
            if es {
                format!(
                    "Variante \"{variant}\": escaque solo arbitra ajedrez estándar y Ajedrez960 \
                     (Directrices II)"
                )
            } else {
                format!(
                    "Variant \"{variant}\": escaque adjudicates standard chess and Chess960 only \
                     (Guidelines II)"
                )
            }
        }
        Says::IllegalSetup(e) => {
            let why = start_error(e, lang);
            let a = w.arts(&["3.10"]);
            if es {
                format!("La posición inicial no puede darse en una partida {a}: {why}")
            } else {
                format!("The start position cannot occur in a game {a}: {why}")
            }
        }
        Says::Unreadable { error } => {
            let error = super::errors::pgn(error, lang);
            if es {
                format!("La partida no se puede leer: {error}")
            } else {
                format!("The game cannot be read: {error}")
            }
        }
        // Put together without formatting (a game in eight ends in a checkmate).
        Says::Checkmate { winner } => {
            let side = side(*winner, lang);
            if es {
                ["Jaque mate: ganan las ", side].concat()
            } else {
                ["Checkmate: ", side, " wins"].concat()
            }
        }
        Says::Stalemate => lang.pick("Ahogado: tablas", "Stalemate: a draw").into(),
        Says::DeadPosition => lang
            .pick(
                "Posición muerta: ningún bando puede dar mate con ninguna serie de jugadas \
                 legales; la partida es tablas",
                "Dead position: neither side can checkmate by any series of legal moves; \
                 the game is drawn",
            )
            .into(),
        Says::Fivefold => lang
            .pick(
                "La misma posición por quinta vez: tablas automáticas",
                "The same position for the fifth time: an automatic draw",
            )
            .into(),
        Says::SeventyFiveMoves => lang
            .pick(
                "Setenta y cinco jugadas de cada bando sin mover un peón ni capturar: tablas \
                 automáticas",
                "Seventy-five moves by each player without a pawn move or a capture: an \
                 automatic draw",
            )
            .into(),
        Says::MovesAfterEnd {
            count,
            ended_at,
            why,
        } => {
            let why = match why {
                Some(t) => termination(*t, lang),
                None => lang.pick("había caído la bandera", "the flag had fallen"),
            };
            let (n, e) = (w.n(*count), w.n(*ended_at));
            if es {
                format!(
                    "{n} jugada(s) anotada(s) después del final de la partida en la jugada \
                     {e} ({why}): no cuentan"
                )
            } else {
                format!(
                    "{n} move(s) recorded after the game had ended at ply {e} ({why}): \
                     they do not count"
                )
            }
        }
        Says::NullMove { by } => {
            let a = w.arts(&["7.5.3"]);
            if es {
                format!(
                    "Jugada nula de las {}: pulsar el reloj sin jugar cuenta como jugada ilegal \
                     {a}; la partida no puede seguirse desde aquí",
                    side(*by, lang)
                )
            } else {
                format!(
                    "A null move by {}: pressing the clock without a move counts as an illegal \
                     move {a}; the game cannot be followed from here",
                    side(*by, lang)
                )
            }
        }
        Says::IllegalMove {
            label,
            by,
            error,
            class,
        } => {
            let penalty = illegal_penalty(*class, w);
            let why = san_error_in(error, w);
            // Spoken, the move has just been said (the replay says each move on arriving).
            let label = if w.spoken() {
                String::new()
            } else {
                format!("{label}: ")
            };
            if es {
                format!(
                    "{label}jugada ilegal de las {} ({why}); {penalty}",
                    side(*by, lang)
                )
            } else {
                format!(
                    "{label}an illegal move by {} ({why}); {penalty}",
                    side(*by, lang)
                )
            }
        }
        Says::FlagFall {
            loser,
            source,
            verdict,
        } => flag_fall(*loser, source, *verdict, w),
        Says::ResignationDrawn { loser } => {
            let a = w.arts(&["5.1.2"]);
            if es {
                format!(
                    "Las {} abandonan, pero las {} no pueden dar mate con ninguna serie de \
                     jugadas legales: tablas {a}",
                    side(*loser, lang),
                    side(!*loser, lang)
                )
            } else {
                format!(
                    "{} resigned, but {} cannot checkmate by any series of legal moves: a \
                     draw {a}",
                    side_cap(*loser, lang),
                    side(!*loser, lang)
                )
            }
        }
        Says::ThreefoldOccurred { who, times, at } => {
            let at: Vec<String> = at.iter().map(|&p| w.n(p)).collect();
            let at = at.join(", ");
            let (a, times) = (w.arts(&["9.2.2"]), w.times(*times as usize));
            if es {
                format!(
                    "Las {} (al turno) pueden reclamar tablas: la posición se da por {times} \
                     vez (tras las jugadas {at}) {a}",
                    side(*who, lang)
                )
            } else {
                format!(
                    "{} (to move) can claim a draw: the position stands for the {times} time \
                     (after plies {at}) {a}",
                    side_cap(*who, lang),
                )
            }
        }
        Says::ThreefoldWritten { who, mv, times } => {
            let (label, a, times) = (w.label(mv), w.arts(&["9.2.1"]), w.times(*times));
            if es {
                format!(
                    "Las {} pueden reclamar tablas escribiendo {label} sin jugarla: la \
                     posición resultante se daría por {times} vez {a}",
                    side(*who, lang)
                )
            } else {
                format!(
                    "{} can claim a draw by writing {label} without playing it: the \
                     position after it would stand for the {times} time {a}",
                    side_cap(*who, lang),
                )
            }
        }
        Says::FiftyOccurred { who } => {
            let a = w.arts(&["9.3.2"]);
            if es {
                format!(
                    "Las {} (al turno) pueden reclamar tablas: cincuenta jugadas de cada bando \
                     sin mover un peón ni capturar {a}",
                    side(*who, lang)
                )
            } else {
                format!(
                    "{} (to move) can claim a draw: fifty moves by each player without a \
                     pawn move or a capture {a}",
                    side_cap(*who, lang)
                )
            }
        }
        Says::FiftyWritten { who, mv } => {
            let (label, a) = (w.label(mv), w.arts(&["9.3.1"]));
            if es {
                format!(
                    "Las {} pueden reclamar tablas escribiendo {label} sin jugarla: completa \
                     cincuenta jugadas de cada bando sin peón ni captura {a}",
                    side(*who, lang)
                )
            } else {
                format!(
                    "{} can claim a draw by writing {label} without playing it: it completes \
                     fifty moves by each player without a pawn move or capture {a}",
                    side_cap(*who, lang)
                )
            }
        }
        Says::ResultDisagrees { tag, laws, article } => {
            let laws = w.result(laws.map_or("*", GameResult::pgn));
            let tag = w.result(tag);
            let art = article.map_or(String::new(), |a| {
                if w.spoken() {
                    format!(" ({})", super::article_words(a, lang))
                } else {
                    format!(" ({})", self::art(a, lang))
                }
            });
            if es {
                format!("La etiqueta Result dice {tag}; según las Leyes, {laws}{art}")
            } else {
                format!("The Result tag says {tag}; by the Laws, {laws}{art}")
            }
        }
    }
}

/// 6.9's sentence for a fallen flag.
fn flag_fall(color: Color, source: &FlagSource, verdict: FlagVerdict, w: W) -> String {
    let lang = w.lang;
    let src = match source {
        FlagSource::Emt {
            mv,
            spent_ms,
            left_ms,
        } => {
            let (spent, left, label) = (w.clock(*spent_ms), w.clock(*left_ms), w.label(mv));
            // `[%emt]` is the record's notation for the time a move took: not said.
            let emt = if w.spoken() { "" } else { " ([%emt])" };
            match lang {
                Lang::Es => format!("{label} llevó {spent}{emt} con {left} en el reloj"),
                Lang::En => format!("{label} took {spent}{emt} with {left} on the clock"),
            }
        }
        FlagSource::ClockAtZero { mv } => {
            let (zero, label) = (w.clock(0), w.label(mv));
            match lang {
                Lang::Es => format!("el reloj marcaba {zero} tras {label}"),
                Lang::En => format!("the clock read {zero} after {label}"),
            }
        }
        FlagSource::TerminationTag(t) => match lang {
            Lang::Es => format!("etiqueta Termination \"{t}\""),
            Lang::En => format!("Termination tag \"{t}\""),
        },
    };
    let (loser, other) = (side(color, lang), side(!color, lang));
    let cap = side_cap(color, lang);
    let a = w.arts(&["6.9"]);
    match (verdict, lang) {
        (FlagVerdict::Drawn, Lang::Es) => format!(
            "Cayó la bandera de las {loser} ({src}), pero las {other} no pueden dar mate \
             con ninguna serie de jugadas legales: tablas {a}"
        ),
        (FlagVerdict::Drawn, Lang::En) => format!(
            "{cap}'s flag fell ({src}), but {other} cannot checkmate by any series of \
             legal moves: a draw {a}"
        ),
        (FlagVerdict::Open, Lang::Es) => format!(
            "Cayó la bandera de las {loser} ({src}); no se pudo decidir si las {other} \
             pueden dar mate: la cuestión queda abierta y se aplica la regla general, \
             pierden las {loser} {a}"
        ),
        (FlagVerdict::Open, Lang::En) => format!(
            "{cap}'s flag fell ({src}); whether {other} can still checkmate could not be \
             decided: the question is open and the Laws' default applies, {loser} loses \
             {a}"
        ),
        (FlagVerdict::Loses, Lang::Es) => format!(
            "Cayó la bandera de las {loser} ({src}); las {other} aún pueden dar mate: \
             pierden las {loser} {a}"
        ),
        (FlagVerdict::Loses, Lang::En) => {
            format!("{cap}'s flag fell ({src}); {other} can still checkmate: {loser} loses {a}")
        }
    }
}

/// One JSON object (a line of `adjudicate --format json`), with the file's name: the
/// fields of `pgn check --json` (the file's name first, as there), then the arbiter's
/// (see [`crate::json`]; the same as serde_json would write the report's fields and then
/// the arbiter's fields, which the tests hold it to). Moves, in `san` and in the sentences
/// of `detail`, are English SAN whatever `lang`: the machine format.
pub fn json_line(r: &Review, file: Option<&str>, lang: Lang) -> String {
    let mut out = Vec::with_capacity(1024);
    json_line_into(&mut out, r, file, lang);
    String::from_utf8(out).unwrap_or_default()
}

/// [`json_line`] written at the end of `out` (UTF-8, as every text it takes is): a caller
/// writing many lines keeps one buffer for all and writes its bytes as they are, with no
/// `String` made and checked for each line.
pub fn json_line_into(out: &mut Vec<u8>, r: &Review, file: Option<&str>, lang: Lang) {
    let mut o = json::Object::begin(out);
    r.check.json_fields(&mut o, file);
    o.opt_plain("termination", r.termination.map(Termination::name))
        .bool("agrees", r.agrees);
    let list = o.raw("findings");
    list.push(b'[');
    for (i, f) in r.findings.iter().enumerate() {
        if i > 0 {
            list.push(b',');
        }
        let mut fo = json::Object::begin(list);
        let san = f.san();
        fo.uint("ply", f.ply)
            .opt_str("san", san.as_deref())
            .plain("article", f.article.number())
            .plain("kind", f.kind.name());
        with_detail(f, W::written(lang, Notation::ENGLISH), |d| {
            fo.str("detail", d);
        });
        fo.end();
    }
    list.push(b']');
    o.end();
}

/// The result by the Laws in words: `1/2-1/2 (Art. 6.9, flag fall, but …)`.
pub fn verdict(r: &Review, lang: Lang) -> String {
    let mut s = r.result_by_laws.map_or("*", GameResult::pgn).to_string();
    let mut why = Vec::new();
    if let Some(a) = r.article {
        why.push(art(a, lang));
    }
    if let Some(t) = r.termination {
        why.push(termination(t, lang).to_string());
    }
    if !why.is_empty() {
        s.push_str(&format!(" ({})", why.join(", ")));
    }
    s
}

/// A game's entry in `adjudicate`'s text output: the file, the game, the players, the
/// recorded result and the Laws', then one line per finding (moves in `notation`).
pub fn batch_entry(r: &Review, file: &str, lang: Lang, notation: Notation) -> String {
    let mut s = format!(
        "{file} {} {}: {} - {}, {} {}, {} {}",
        lang.pick("partida", "game"),
        r.index,
        r.tag("White").unwrap_or("?"),
        r.tag("Black").unwrap_or("?"),
        lang.pick("anotado", "tag"),
        r.result_tag(),
        lang.pick("según las Leyes", "by the Laws"),
        verdict(r, lang),
    );
    s.push_str(if r.agrees {
        ""
    } else {
        lang.pick(" — NO COINCIDE", " — DISAGREES")
    });
    for f in &r.findings {
        s.push_str("\n  ");
        s.push_str(&finding_line(f, lang, notation));
    }
    s
}

/// The arbiter's report in text, its moves in `notation`.
pub fn report(r: &Review, lang: Lang, notation: Notation) -> String {
    let mut out = String::new();
    let white = r.tag("White").unwrap_or("?");
    let black = r.tag("Black").unwrap_or("?");
    let t = |es: &'static str, en: &'static str| lang.pick(es, en);
    out.push_str(&format!(
        "{} {}: {white} - {black}\n",
        t("Partida", "Game"),
        r.index
    ));
    for name in ["Event", "Site", "Date", "Round", "TimeControl"] {
        if let Some(v) = r.tag(name) {
            out.push_str(&format!("  {name}: {v}\n"));
        }
    }
    out.push_str(&format!(
        "  {}: {}\n  {}: {}\n  {}\n",
        t("Resultado anotado", "Recorded result"),
        r.result_tag(),
        t("Según las Leyes", "By the Laws"),
        verdict(r, lang),
        if r.agrees {
            t("Coinciden.", "They agree.")
        } else {
            t("NO coinciden.", "They DO NOT agree.")
        }
    ));
    if r.unwinnability_open {
        out.push_str(t(
            "  Aviso: no se pudo decidir si un bando podía dar mate; se aplicó la regla general.\n",
            "  Note: whether a side could still mate could not be decided; the Laws' default applied.\n",
        ));
    }
    out.push_str(&format!("{}:\n", t("Hallazgos", "Findings")));
    if r.findings.is_empty() {
        out.push_str(t("  ninguno\n", "  none\n"));
    }
    for f in &r.findings {
        out.push_str(&format!("  {}\n", finding_line(f, lang, notation)));
    }
    if !r.decisions.is_empty() {
        out.push_str(&format!(
            "{}:\n",
            t("Decisiones del árbitro", "Arbiter's decisions")
        ));
        for d in &r.decisions {
            out.push_str(&format!(
                "  {} {}: {} ({})\n",
                t("jugada", "ply"),
                d.at_ply,
                decision(&d.decision, lang),
                art(d.decision.article(), lang)
            ));
        }
        if let Some((result, a)) = r.declared_result() {
            out.push_str(&format!(
                "{}: {result} ({})\n",
                t("Resultado final", "Final result"),
                art(a, lang)
            ));
        }
    }
    out
}

/// A finding in one line: `ply 38 (1... b4) illegal move, Art. 7.5.1: …`, its moves in
/// `notation` (an illegal move as written).
pub fn finding_line(f: &Finding, lang: Lang, notation: Notation) -> String {
    let mut s = format!("{} {}", lang.pick("jugada", "ply"), f.ply);
    if let Some(m) = &f.mv {
        s.push_str(&format!(" ({})", m.written(notation)));
    }
    s.push_str(&format!(
        " {}, {}: {}",
        kind_label(f.kind, lang),
        art(f.article, lang),
        detail(f, lang, notation)
    ));
    s
}

/// The game in PGN with the arbiter's verdict and decisions: the tags `ResultByLaws`,
/// `ResultArticle`, `ArbiterDecision` (and `Result`/`RecordedResult` when a result was
/// declared), each decision as a comment on its ply, and the moves recorded after an
/// illegal or null move kept as a comment (the record is evidence, 7.5).
pub fn decided_pgn(r: &Review, lang: Lang) -> String {
    let mut game = PgnGame {
        index: r.index,
        line: 0,
        tags: r.tags.clone(),
        comment_before: Vec::new(),
        moves: r
            .plies
            .iter()
            .map(|p| {
                let mut node = MoveNode::new(&p.san);
                node.set_clock_ms(p.clock_ms);
                node.set_emt_ms(p.emt_ms);
                node.set_comments(p.comments.clone());
                node
            })
            .collect(),
        result: None,
    };
    game.set_tag(
        "ResultByLaws",
        r.result_by_laws.map_or("*", GameResult::pgn),
    );
    if let Some(a) = r.article {
        game.set_tag("ResultArticle", a.number());
    }
    if !r.decisions.is_empty() {
        let all: Vec<String> = r
            .decisions
            .iter()
            .map(|d| {
                format!(
                    "ply {}: {} ({})",
                    d.at_ply,
                    decision(&d.decision, lang),
                    art(d.decision.article(), lang)
                )
            })
            .collect();
        game.set_tag("ArbiterDecision", &all.join("; "));
    }
    for d in &r.decisions {
        let text = format!(
            "{}: {} ({})",
            lang.pick("Árbitro", "Arbiter"),
            decision(&d.decision, lang),
            art(d.decision.article(), lang)
        );
        match d.at_ply.checked_sub(1).and_then(|i| game.moves.get_mut(i)) {
            Some(node) => node.push_comment(text),
            None => game.comment_before.push(text),
        }
    }
    let result = match r.declared_result() {
        Some((result, _)) => {
            let recorded = r.result_tag().to_string();
            game.set_tag("RecordedResult", &recorded);
            game.set_tag("Result", result.pgn());
            // The PGN standard's value (9.8.1), as play writes it; the decision and its
            // article are in `ArbiterDecision` and in the comment at its ply.
            game.set_tag("Termination", "adjudication");
            result.pgn().to_string()
        }
        None => r.result_tag().to_string(),
    };
    if !r.unplayed.is_empty() {
        let text = format!(
            "{}: {}",
            lang.pick(
                "Jugadas anotadas después, no jugadas (7.5)",
                "Moves recorded after it, not played (7.5)"
            ),
            r.unplayed.join(" ")
        );
        match game.moves.last_mut() {
            Some(node) => node.push_comment(text),
            None => game.comment_before.push(text),
        }
    }
    game.result = Some(result);
    pgn::write_game(&game, &pgn::WriteOptions::default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::laws::arbiter::{review, review_unreadable};
    use crate::laws::check::CheckReport;

    /// One finding as JSON (`{"ply", "san", "article", "kind", "detail"}`).
    #[derive(serde::Serialize)]
    struct FindingJson<'a> {
        ply: usize,
        san: Option<std::borrow::Cow<'a, str>>,
        article: &'static str,
        kind: FindingKind,
        detail: String,
    }

    /// The arbiter's fields of a game's JSON object, after those of `pgn check --json`.
    #[derive(serde::Serialize)]
    struct ReviewJson<'a> {
        termination: Option<&'static str>,
        agrees: bool,
        findings: Vec<FindingJson<'a>>,
    }

    /// A review's JSON line as serde_json writes the report, then the arbiter's fields
    /// (the form `json_line` keeps to).
    fn serde_line(r: &Review, file: Option<&str>, lang: Lang) -> String {
        let mut out = Vec::new();
        match file {
            Some(file) => {
                out.extend_from_slice(b"{\"file\":");
                serde_json::to_writer(&mut out, file).unwrap();
                out.push(b',');
                let at = out.len();
                let check = CheckReport {
                    file: None,
                    ..r.check.clone()
                };
                serde_json::to_writer(&mut out, &check).unwrap();
                out.remove(at);
            }
            None => serde_json::to_writer(&mut out, &r.check).unwrap(),
        }
        // `…}` and `{…}` joined into `…,…`.
        out.pop();
        let from = out.len();
        let rest = ReviewJson {
            termination: r.termination.map(Termination::name),
            agrees: r.agrees,
            findings: r
                .findings
                .iter()
                .map(|f| FindingJson {
                    ply: f.ply,
                    san: f.san(),
                    article: f.article.number(),
                    kind: f.kind,
                    detail: detail(f, lang, Notation::ENGLISH),
                })
                .collect(),
        };
        serde_json::to_writer(&mut out, &rest).unwrap();
        out[from] = b',';
        String::from_utf8(out).unwrap()
    }

    /// The JSON lines of `adjudicate` (and of `pgn check --json`) are serde_json's, byte
    /// for byte, on every game of the test files in both languages, with and without a
    /// file's name (names with characters to escape).
    #[test]
    fn json_lines_written_as_serde_json_writes_them() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn");
        let mut games = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "pgn") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for item in pgn::read_str(&text) {
                let r = match item {
                    Ok(game) => review(&game),
                    Err(e) => review_unreadable(&e),
                };
                games += 1;
                for lang in [Lang::Es, Lang::En] {
                    for file in [None, Some("dir/\"a\\b\"\t.pgn"), Some("partidas ñ.pgn")] {
                        assert_eq!(json_line(&r, file, lang), serde_line(&r, file, lang));
                    }
                }
                assert_eq!(r.check.json(), serde_json::to_string(&r.check).unwrap());
            }
        }
        assert!(games > 30, "{games}");
    }

    /// Art. 3.10: a refused start position is said wholly in the reader's language (the
    /// reason came in English inside the Spanish sentence before).
    #[test]
    fn art_3_10_refused_set_up_said_in_spanish_in_a_spanish_report() {
        let text = "[SetUp \"1\"]\n[FEN \"4k3/pppppppp/p7/8/8/8/PPPPPPPP/4K3 w - - 0 1\"]\n\n\
                    1. e4 *\n";
        let game = pgn::read_str(text).next().unwrap().unwrap();
        let r = review(&game);
        let f = r
            .findings
            .iter()
            .find(|f| f.kind == FindingKind::IllegalSetup)
            .expect("a 3.10 finding");
        let es = detail(f, Lang::Es, Notation::SPANISH);
        assert!(es.starts_with("La posición inicial no puede darse"), "{es}");
        assert!(es.contains("FEN no válido"), "{es}");
        assert!(
            !es.contains("invalid") && !es.contains("the FEN tag"),
            "{es}"
        );
        let en = detail(f, Lang::En, Notation::ENGLISH);
        assert!(en.starts_with("The start position cannot occur"), "{en}");
        let missing = pgn::read_str("[SetUp \"1\"]\n\n1. e4 *\n")
            .next()
            .unwrap()
            .unwrap();
        let r = review(&missing);
        let es = detail(&r.findings[0], Lang::Es, Notation::SPANISH);
        assert!(es.contains("ninguna etiqueta FEN"), "{es}");
    }

    use crate::speech::Profile;

    /// The first game of `text`, reviewed.
    fn reviewed(text: &str) -> Review {
        review(&pgn::read_str(text).next().unwrap().unwrap())
    }

    /// The finding of `kind` at `ply`.
    fn found(r: &Review, ply: usize, kind: FindingKind) -> &Finding {
        r.findings
            .iter()
            .find(|f| f.ply == ply && f.kind == kind)
            .unwrap_or_else(|| panic!("no {kind:?} at ply {ply}: {:?}", r.findings))
    }

    /// Rooks and kings that go back and forth: after 4. Ra1 (ply 7) Black can claim by
    /// writing 4... Ra8 (the start position a third time); the kings, after 4. Ke1, by
    /// writing 4... Ke8; the knights, after 4. Ng1, by writing 4... Ng8.
    const ROOKS: &str = "[SetUp \"1\"]\n[FEN \"r3k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n\
                         1. Ra2 Ra7 2. Ra1 Ra8 3. Ra2 Ra7 4. Ra1 *\n";
    const KINGS: &str = "[SetUp \"1\"]\n[FEN \"r3k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n\
                         1. Kd1 Kd8 2. Ke1 Ke8 3. Kd1 Kd8 4. Ke1 *\n";
    const KNIGHTS: &str = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 *\n";

    /// Art. 9.2.1: a Spanish report writes the move to be written in Spanish letters (T for
    /// the rook, R for the king, C for the knight), and the move of the finding's ply too;
    /// English keeps its letters.
    #[test]
    fn art_9_2_1_spanish_report_writes_the_claim_in_spanish_letters() {
        for (text, en, es, ply_en, ply_es) in [
            (ROOKS, "4... Ra8", "4... Ta8", "(Ra1)", "(Ta1)"),
            (KINGS, "4... Ke8", "4... Re8", "(Ke1)", "(Re1)"),
            (KNIGHTS, "4... Ng8", "4... Cg8", "(Ng1)", "(Cg1)"),
        ] {
            let r = reviewed(text);
            let f = found(&r, 7, FindingKind::ThreefoldClaimable);
            let line = finding_line(f, Lang::Es, Notation::SPANISH);
            assert_eq!(
                line,
                format!(
                    "jugada 7 {ply_es} triple repetición reclamable, art. 9.2.1: Las negras \
                     pueden reclamar tablas escribiendo {es} sin jugarla: la posición \
                     resultante se daría por 3.ª vez (9.2.1)"
                )
            );
            assert_eq!(
                finding_line(f, Lang::En, Notation::ENGLISH),
                format!(
                    "ply 7 {ply_en} threefold repetition claimable, Art. 9.2.1: Black can \
                     claim a draw by writing {en} without playing it: the position after it \
                     would stand for the third time (9.2.1)"
                )
            );
            // The whole report, in both.
            assert!(
                report(&r, Lang::Es, Notation::SPANISH).contains(&line),
                "{line}"
            );
            let en_line = finding_line(f, Lang::En, Notation::ENGLISH);
            assert!(
                report(&r, Lang::En, Notation::ENGLISH).contains(&en_line),
                "{en_line}"
            );
        }
    }

    /// Art. 9.2.1: the move to be written in every notation the scoresheet offers: the
    /// figurines of its side, long algebraic, and Spanish letters with English words.
    #[test]
    fn art_9_2_1_the_claim_written_in_figurines_and_long_algebraic() {
        let r = reviewed(ROOKS);
        let f = found(&r, 7, FindingKind::ThreefoldClaimable);
        let es = |n| detail(f, Lang::Es, n);
        assert!(es(Notation::FIGURINE).contains("escribiendo 4... ♜a8 sin"));
        assert!(es(Notation::LONG).contains("escribiendo 4... Ra7-a8 sin"));
        assert!(finding_line(f, Lang::Es, Notation::FIGURINE).starts_with("jugada 7 (♖a1) "));
        assert!(finding_line(f, Lang::Es, Notation::LONG).starts_with("jugada 7 (Ra2-a1) "));
        assert!(detail(f, Lang::En, Notation::SPANISH).contains("by writing 4... Ta8 without"));
    }

    /// Art. 9.3.1: the move that completes the fifty moves, written in Spanish letters.
    #[test]
    fn art_9_3_1_spanish_report_writes_the_fifty_move_claim_in_spanish_letters() {
        // 98 half-moves without a capture or a pawn move; after 80. Ng3 Black's bare king
        // completes the fifty by any move.
        let r = reviewed("[SetUp \"1\"]\n[FEN \"7k/8/8/8/8/8/8/K5RN w - - 98 80\"]\n\n80. Ng3 *\n");
        let f = r
            .findings
            .iter()
            .find(|f| f.kind == FindingKind::FiftyMovesClaimable)
            .unwrap_or_else(|| panic!("{:?}", r.findings));
        let Says::FiftyWritten { mv, .. } = &f.says else {
            panic!("{:?}", f.says)
        };
        let (en, es) = (mv.san(Notation::ENGLISH), mv.san(Notation::SPANISH));
        // Black's king: K in English, R (rey) in Spanish.
        assert!(en.starts_with('K') && es.starts_with('R'), "{en} {es}");
        let line = finding_line(f, Lang::Es, Notation::SPANISH);
        assert!(
            line.starts_with("jugada 1 (Cg3) 50 jugadas reclamable"),
            "{line}"
        );
        assert!(
            line.contains(&format!("escribiendo 80... {es} sin jugarla")),
            "{line}"
        );
        let line = finding_line(f, Lang::En, Notation::ENGLISH);
        assert!(
            line.starts_with("ply 1 (Ng3) fifty moves claimable"),
            "{line}"
        );
        assert!(
            line.contains(&format!("by writing 80... {en} without")),
            "{line}"
        );
    }

    /// Art. 5.1.1: the mating move of the finding in the reader's letters: the rook's T,
    /// the queen's D, the promotion piece after `=`, castling as `O-O`, figurines of the
    /// mover's colour.
    #[test]
    fn art_5_1_1_the_mating_move_written_in_the_readers_notation() {
        let mate = |text: &str, n: Notation| {
            let r = reviewed(text);
            let f = r
                .findings
                .iter()
                .find(|f| f.kind == FindingKind::Checkmate)
                .unwrap_or_else(|| panic!("{:?}", r.findings));
            finding_line(f, Lang::Es, n)
        };
        let rook = "[SetUp \"1\"]\n[FEN \"6k1/5ppp/8/8/8/8/8/3RK3 w - - 0 1\"]\n\n1. Rd8# 1-0\n";
        let promotion = "[SetUp \"1\"]\n[FEN \"k7/2P5/1K6/8/8/8/8/8 w - - 0 1\"]\n\n1. c8=Q# 1-0\n";
        let castling =
            "[SetUp \"1\"]\n[FEN \"4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O# 1-0\n";
        let fool = "1. f3 e5 2. g4 Qh4# 0-1\n";
        let bishop = "[SetUp \"1\"]\n[FEN \"kb6/p7/8/8/8/8/8/K2B4 w - - 0 1\"]\n\n1. Bf3# 1-0\n";
        for (text, notation, written) in [
            (rook, Notation::SPANISH, "(Td8#) jaque mate"),
            (rook, Notation::FIGURINE, "(♖d8#) jaque mate"),
            (rook, Notation::ENGLISH, "(Rd8#) jaque mate"),
            (promotion, Notation::SPANISH, "(c8=D#) jaque mate"),
            (promotion, Notation::SPANISH.fide(), "(c8D#) jaque mate"),
            (promotion, Notation::FIGURINE, "(c8=♕#) jaque mate"),
            (castling, Notation::SPANISH, "(O-O#) jaque mate"),
            (castling, Notation::SPANISH.fide(), "(0-0#) jaque mate"),
            (bishop, Notation::SPANISH, "(Af3#) jaque mate"),
            (bishop, Notation::FIGURINE, "(♗f3#) jaque mate"),
            (fool, Notation::SPANISH, "(Dh4#) jaque mate"),
            (fool, Notation::FIGURINE, "(♛h4#) jaque mate"),
        ] {
            let line = mate(text, notation);
            assert!(line.contains(written), "{written}: {line}");
        }
    }

    /// Art. 7.5.1: an illegal move is quoted as the record writes it, in every notation: a
    /// `K` that is not the Spanish king stays a `K`; and the moves after a mate as the
    /// record has them once they cannot be played.
    #[test]
    fn art_7_5_1_illegal_move_quoted_as_written_in_a_spanish_report() {
        let r = reviewed("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ke3 *\n");
        let f = found(&r, 7, FindingKind::IllegalMove);
        for n in [Notation::SPANISH, Notation::FIGURINE, Notation::LONG] {
            let line = finding_line(f, Lang::Es, n);
            assert!(
                line.starts_with(
                    "jugada 7 (Ke3) jugada ilegal, art. 7.5.1: 4. Ke3: jugada ilegal de las \
                     blancas («Ke3» no es una jugada legal en "
                ),
                "{line}"
            );
        }
        // Read with Spanish letters, the record's `Re3` (a king move in Spanish) is quoted
        // as it stands, not turned into English.
        let game = pgn::read_str("1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. Re3 *\n")
            .next()
            .unwrap()
            .unwrap();
        let opts = crate::laws::arbiter::ReviewOptions {
            letters: crate::core::Letters::Spanish,
            ..Default::default()
        };
        let r = crate::laws::arbiter::review_with(&game, &opts);
        let f = found(&r, 7, FindingKind::IllegalMove);
        assert_eq!(f.san().as_deref(), Some("Re3"));
        let line = finding_line(f, Lang::Es, Notation::SPANISH);
        assert!(line.starts_with("jugada 7 (Re3) jugada ilegal"), "{line}");
        assert!(line.contains(": 4. Re3: jugada ilegal"), "{line}");
        // After the mate, the record's `Kf2` cannot be played: quoted as it stands.
        let r = reviewed("1. f3 e5 2. g4 Qh4# 3. Kf2 0-1\n");
        let f = found(&r, 5, FindingKind::MovesAfterEnd);
        let line = finding_line(f, Lang::Es, Notation::SPANISH);
        assert!(
            line.starts_with("jugada 5 (Kf2) jugadas tras el final"),
            "{line}"
        );
    }

    /// The JSON line keeps English SAN, in `san` and in the sentences, whatever the
    /// language: its machine format.
    #[test]
    fn json_line_keeps_english_san_in_spanish() {
        let r = reviewed(ROOKS);
        let line = json_line(&r, None, Lang::Es);
        assert!(line.contains("\"san\":\"Ra1\""), "{line}");
        assert!(line.contains("escribiendo 4... Ra8 sin jugarla"), "{line}");
        assert!(!line.contains("Ta8") && !line.contains("Ta1"), "{line}");
    }

    /// Art. 9.2.1 for the ear: the move to be written is said as the speaker says moves, in
    /// words and in the speaker's language, never in English letters.
    #[test]
    fn art_9_2_1_spoken_claim_says_the_move_in_words() {
        let r = reviewed(ROOKS);
        let f = found(&r, 7, FindingKind::ThreefoldClaimable);
        let es = spoken(f, &Speaker::new(Profile::Es, Lang::Es));
        assert!(
            es.contains("escribiendo jugada cuatro, negras: Torre Ana ocho sin"),
            "{es}"
        );
        assert!(!es.contains("Ra8"), "{es}");
        let en = spoken(f, &Speaker::new(Profile::En, Lang::En));
        assert!(
            en.contains("by writing move four, Black: Rook Anna eight without"),
            "{en}"
        );
    }
}
