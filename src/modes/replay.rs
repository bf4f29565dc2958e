//! The arbiter's replay: a recorded game reviewed by the Laws (`laws::arbiter::Review`),
//! stepped ply by ply on the full screen (this file) or in the screen-reader line mode
//! (`replay_line.rs`). Both share [`Replay`]: the ply shown, the words said at it, the
//! arbiter's decision commands and the export of the report and the decided PGN.
//!
//! The full screen is [`ReplayApp`]: keys become actions through the live keymap, actions
//! change the ply or the review, and [`ReplayApp::draw`] lends everything to the widgets.
//! [`run_loop`] drives it from any ratatui backend and any [`Input`], so tests run it on a
//! `TestBackend` with scripted keys. Nothing here reads the time: a replay has no running
//! clock, only the readings the record gives at each ply.

use std::fs::File;
use std::io::{self, BufReader, IsTerminal};
use std::path::{Path, PathBuf};
use std::time::Duration;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::Backend;

use crate::config::{Config, Paths};
use crate::core::{Bitboard, Color, Letters, Notation, write_move};
use crate::keymap::{Action, KeyStyle, Keymap};
use crate::lang::Lang;
use crate::laws::arbiter::{Decision, Review, ReviewOptions, review_unreadable, review_with};
use crate::laws::clock::Clock;
use crate::laws::game::Game;
use crate::laws::irregularity::ArbiterPenalty;
use crate::laws::pgn;
use crate::speech::replay::{ReplaySay, say};
use crate::speech::report::Voice;
use crate::speech::{Profile, Speaker, report};
use crate::table::command::{CommandError, Context, DecisionWords, Expected, Grammar};
use crate::ui;

use super::app::View;
use super::event_loop::Input;

/// What the command line asked for (each `None` falls back to the config).
#[derive(Clone, Debug)]
pub struct ReplayOptions {
    pub file: PathBuf,
    /// The game's number in the file, from 1.
    pub game: usize,
    pub lang: Option<Lang>,
    pub names: Option<Profile>,
    pub notation: Option<Notation>,
    pub theme: Option<String>,
    pub ascii: bool,
    pub screen_reader: bool,
    /// The piece letters the file uses.
    pub letters: Letters,
}

impl Default for ReplayOptions {
    fn default() -> Self {
        ReplayOptions {
            file: PathBuf::new(),
            game: 1,
            lang: None,
            names: None,
            notation: None,
            theme: None,
            ascii: false,
            screen_reader: false,
            letters: Letters::English,
        }
    }
}

/// Why the replay could not start or go on. `Display` is English, for logs; the user reads
/// [`ReplayError::say`].
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("{}", crate::speech::files::cannot_read(Lang::En, .path, .error))]
    Read { path: String, error: io::Error },
    #[error("{}", crate::speech::files::no_such_game(Lang::En, .path, *.games, *.asked))]
    NoSuchGame {
        path: String,
        games: usize,
        asked: usize,
    },
    #[error(transparent)]
    Config(#[from] crate::config::ConfigError),
    #[error(transparent)]
    Toml(#[from] crate::toml_file::TomlFileError),
    #[error(transparent)]
    Keymap(#[from] crate::keymap::KeymapError),
    #[error("terminal: {0}")]
    Io(#[from] io::Error),
}

impl ReplayError {
    /// The error in words, in `lang`.
    pub fn say(&self, lang: Lang) -> String {
        use crate::speech::{files, keys};
        match self {
            ReplayError::Read { path, error } => files::cannot_read(lang, path, error),
            ReplayError::NoSuchGame { path, games, asked } => {
                files::no_such_game(lang, path, *games, *asked)
            }
            ReplayError::Config(e) => e.say(lang),
            ReplayError::Toml(e) => files::toml_file(e, lang),
            ReplayError::Keymap(e) => keys::keymap_error(e, lang),
            ReplayError::Io(e) => files::terminal(lang, e),
        }
    }
}

/// Reads game `number` (from 1) of the PGN file at `path` and reviews it. A game the reader
/// refuses is still reviewed (an unreadable record, 8.1.1).
pub fn load(path: &Path, number: usize, opts: &ReviewOptions) -> Result<Review, ReplayError> {
    let shown = path.display().to_string();
    let file = File::open(path).map_err(|error| ReplayError::Read {
        path: shown.clone(),
        error,
    })?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(ReplayError::Read {
            path: shown,
            error: io::Error::other("it is a directory"),
        });
    }
    let mut games = 0;
    for item in pgn::Reader::new(BufReader::new(file)) {
        games += 1;
        if games == number {
            return Ok(match item {
                Ok(g) => review_with(&g, opts),
                Err(e) => review_unreadable(&e),
            });
        }
    }
    Err(ReplayError::NoSuchGame {
        path: shown,
        games,
        asked: number,
    })
}

/// A decision command read from the arbiter's line: ready to record, or to confirm first
/// (the proportional clocks are shown before they are set).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proposal {
    Ready(Decision),
    Confirm {
        decision: Decision,
        question: String,
    },
}

/// A finding in the pane: its kind, then its sentence; the sentence alone when it already
/// starts with the kind ("Checkmate: White wins", not "Checkmate: Checkmate: White wins").
fn pane_sentence(label: &str, detail: &str) -> String {
    let head = detail.get(..label.len()).unwrap_or("");
    if head.eq_ignore_ascii_case(label) {
        detail.to_string()
    } else {
        format!("{}: {detail}", capitalize(label))
    }
}

/// The record under replay: the review, the ply shown and a [`Game`] replayed from the
/// review's plies for the scoresheet. Shared by the full screen and the line mode.
pub struct Replay {
    pub review: Review,
    pub speaker: Speaker,
    /// The notation of the moves in the written findings and the report: the scoresheet's.
    pub notation: Notation,
    /// The PGN file the game came from: the report and the decided PGN go beside it.
    pub source: Option<PathBuf>,
    game: Game,
    ply: usize,
    /// The decisions written by the last save (the first ones of `review.decisions`).
    saved: usize,
}

impl Replay {
    /// A replay of `review` at its start (ply 0), its written findings and report in
    /// `notation`.
    pub fn new(
        review: Review,
        speaker: Speaker,
        notation: Notation,
        source: Option<PathBuf>,
    ) -> Replay {
        let mut game = Game::new(review.start);
        // The scoresheet: the moves up to a null move or the end of the game on the board
        // (a `Game` takes no move after its end; the findings say what follows).
        for p in &review.plies {
            let Some(mv) = p.mv else { break };
            if game.play_with_clock(mv, p.clock_ms).is_err() {
                break;
            }
        }
        Replay {
            review,
            speaker,
            notation,
            source,
            game,
            ply: 0,
            saved: 0,
        }
    }

    /// The decisions recorded since the last save.
    pub fn unsaved(&self) -> usize {
        self.review.decisions.len().saturating_sub(self.saved)
    }

    /// What to ask before leaving with decisions not saved; `None` when all are saved.
    pub fn quit_question(&self) -> Option<String> {
        let n = self.unsaved();
        (n > 0).then(|| say(ReplaySay::QuitUnsavedScreen { n }, self.lang()))
    }

    /// When the input ends (a closed terminal, a dropped connection, the end of a script)
    /// with decisions not saved: saves them, and says where (or why it could not).
    pub fn save_at_end(&mut self) -> Option<String> {
        (self.unsaved() > 0).then(|| match self.save() {
            Ok(s) | Err(s) => s,
        })
    }

    pub fn lang(&self) -> Lang {
        self.speaker.lang
    }

    /// The ply shown: the position after that many plies (0: the start).
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// The last ply that can be shown: the last one recorded, or the ply of a finding
    /// about a move the record could not replay (an illegal move).
    pub fn last_ply(&self) -> usize {
        let found = self
            .review
            .findings
            .iter()
            .map(|f| f.ply)
            .max()
            .unwrap_or(0);
        self.review.plies.len().max(found)
    }

    /// The game replayed for the scoresheet.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The moves recorded after those the scoresheet's game holds (after the end of the
    /// game on the board, or from a null move on) in `notation`, with the mover's clock
    /// reading: the scoresheet lists them under the result.
    pub fn after_end(&self, notation: Notation) -> Vec<(String, Option<u64>)> {
        let held = self.game.plies().len();
        let plies = &self.review.plies;
        (held..plies.len())
            .map(|i| {
                let before = match i {
                    0 => &self.review.start,
                    _ => &plies[i - 1].position,
                };
                let text = match plies[i].mv {
                    Some(mv) => write_move(before, mv, notation),
                    None => "--".to_string(),
                };
                (text, plies[i].clock_ms)
            })
            .collect()
    }

    /// Shows `ply`; an error in words when the game has no such ply.
    pub fn go(&mut self, ply: usize) -> Result<(), String> {
        let last = self.last_ply();
        if ply > last {
            return Err(say(ReplaySay::NoSuchPly { ply, last }, self.lang()));
        }
        self.ply = ply;
        Ok(())
    }

    /// One ply forward (`true`) or back; `false` at either end.
    pub fn step(&mut self, forward: bool) -> bool {
        let to = if forward {
            (self.ply < self.last_ply()).then_some(self.ply + 1)
        } else {
            self.ply.checked_sub(1)
        };
        match to {
            Some(p) => {
                self.ply = p;
                true
            }
            None => false,
        }
    }

    /// To the next (`true`) or previous finding; `false` when there is none that way.
    pub fn to_finding(&mut self, forward: bool) -> bool {
        let to = if forward {
            self.review.next_finding(self.ply)
        } else {
            self.review.previous_finding(self.ply)
        };
        match to {
            Some(p) => {
                self.ply = p;
                true
            }
            None => false,
        }
    }

    /// The move that led to `ply`, in words: "move one, Black: pawn Bella four", or the
    /// start position for ply 0.
    pub fn move_words(&self, ply: usize) -> String {
        let lang = self.lang();
        let sp = &self.speaker;
        if ply == 0 {
            let turn = sp.to_move(self.review.start.turn());
            return say(ReplaySay::StartPosition { turn: &turn }, lang);
        }
        let before = self.review.position_at(ply - 1);
        let number = before.fullmove_number();
        let numbered = |what: &str| match sp.written {
            // The screen writes it as the scoresheet does: "1… b4".
            Some(_) => {
                let dots = match before.turn() {
                    crate::core::Color::White => ".",
                    crate::core::Color::Black => "…",
                };
                format!("{number}{dots} {what}")
            }
            None => {
                let side = sp.side(before.turn());
                say(ReplaySay::Numbered { number, side, what }, lang)
            }
        };
        let text = match self.review.plies.get(ply - 1) {
            Some(p) => match p.mv {
                Some(mv) => sp.numbered_move(number, p.color, before, mv),
                None => numbered(&say(ReplaySay::NullMove, lang)),
            },
            None => {
                // A move the record could not replay: as written.
                let san = self
                    .review
                    .findings_at(ply)
                    .find_map(|f| f.mv.as_ref())
                    .map_or_else(|| "?".into(), |m| m.written(self.notation).into_owned());
                numbered(&say(ReplaySay::AsRecorded { san: &san }, lang))
            }
        };
        capitalize(&text)
    }

    /// Each finding at `ply` in a sentence with its article: spoken (the line mode: the
    /// article and every number in words, no FEN) or written (the screen).
    pub fn finding_words(&self, ply: usize, voice: Voice) -> Vec<String> {
        let lang = self.lang();
        self.review
            .findings_at(ply)
            .map(|f| {
                let (text, article) = match voice {
                    Voice::Spoken => (
                        report::spoken(f, &self.speaker),
                        self.speaker.article(f.article),
                    ),
                    Voice::Written => (
                        report::detail(f, lang, self.notation),
                        report::art(f.article, lang),
                    ),
                };
                let said = capitalize(text.trim_end_matches('.'));
                let named = said.to_lowercase().contains(&article.to_lowercase())
                    || (voice == Voice::Written
                        && said.contains(&format!("({})", f.article.number())));
                match (named, voice) {
                    (true, _) => format!("{said}."),
                    (false, Voice::Spoken) => format!("{said}, {article}."),
                    (false, Voice::Written) => format!("{said} ({article})."),
                }
            })
            .collect()
    }

    /// What is said on arriving at the ply shown: the move and the findings there.
    pub fn words(&self, voice: Voice) -> String {
        self.words_at(self.ply, voice)
    }

    /// [`Replay::words`] of `ply`: its move, then its findings.
    fn words_at(&self, ply: usize, voice: Voice) -> String {
        let mut s = self.move_words(ply);
        if !s.ends_with('.') {
            s.push('.');
        }
        for f in self.finding_words(ply, voice) {
            s.push(' ');
            s.push_str(&f);
        }
        s
    }

    /// The clock at the ply shown, set from the record's readings (stopped: nothing runs
    /// in a replay); `None` without a time control.
    pub fn clock(&self) -> Option<Clock> {
        let tc = self.review.time_control.clone().filter(|t| t.is_timed())?;
        let readings = self.review.clocks_at(self.ply);
        let mut clock = Clock::new(tc);
        let pos = self.review.position_at(self.ply);
        let _ = clock.start_for(pos.turn(), 0);
        for color in Color::ALL {
            let moves = self.review.plies[..self.ply.min(self.review.plies.len())]
                .iter()
                .filter(|p| p.color == color)
                .count() as u32;
            let _ = clock.set_moves(color, moves, 0);
            if let Some(ms) = readings[color.index()] {
                let _ = clock.set_time(color, ms, 0);
            }
        }
        let _ = clock.stop(0);
        Some(clock)
    }

    /// Both clocks at the ply shown, in words.
    pub fn clock_words(&self) -> String {
        let lang = self.lang();
        let readings = self.review.clocks_at(self.ply);
        if readings.iter().all(Option::is_none) {
            return say(ReplaySay::NoClockReadings, lang);
        }
        let part = |c: Color| match readings[c.index()] {
            Some(ms) => format!(
                "{} {}",
                self.speaker.side(c),
                crate::speech::numbers::duration(ms, lang)
            ),
            None => format!(
                "{} {}",
                self.speaker.side(c),
                say(ReplaySay::ClockUnknown, lang)
            ),
        };
        let (white, black) = (part(Color::White), part(Color::Black));
        say(
            ReplaySay::Clocks {
                white: &white,
                black: &black,
            },
            lang,
        )
    }

    /// The findings as the line mode lists them: a line for each ply that has any, said as
    /// stepping to that ply says it (the move in words, then each finding with its article
    /// and numbers in words, no FEN): a screen reader is read no `art. 9.2.1` nor `(Da7)`.
    pub fn findings_lines(&self) -> Vec<String> {
        let lang = self.lang();
        if self.review.findings.is_empty() {
            return vec![say(ReplaySay::NoIrregularities, lang)];
        }
        let mut plies: Vec<usize> = self.review.findings.iter().map(|f| f.ply).collect();
        plies.sort_unstable();
        plies.dedup();
        plies
            .into_iter()
            .map(|ply| self.words_at(ply, Voice::Spoken))
            .collect()
    }

    /// The ply a decision taken now is recorded at: the ply shown, or the last recorded
    /// one when the ply shown is a move the record could not replay.
    pub fn decision_ply(&self) -> usize {
        self.ply.min(self.review.plies.len())
    }

    /// Reads a decision command with the table's grammar (the words of a live game's
    /// arbiter: `restore [PLY]`, `penalty white|black [SECONDS]`, `warn`, `deduct`, `lose`,
    /// `clocks` (the proportional reconstruction, asked before it is set), `clocks WHITE
    /// BLACK`, `result 1-0|0-1|1/2 ARTICLE`, and their Spanish words), and fills in what the
    /// words leave out from the ply shown. The error quotes the input and says what is
    /// wrong where.
    pub fn parse_decision(&self, text: &str) -> Result<Proposal, String> {
        let grammar = Grammar {
            context: Context::Replay,
            speaker: &self.speaker,
            position: None,
        };
        let words = grammar
            .read_decision(text)
            .map_err(|e| self.speaker.command_error(&e))?;
        self.propose(words, text)
            .map_err(|e| self.speaker.command_error(&e))
    }

    /// A decision already read (after `decide` on the line mode), made whole.
    pub fn propose_words(&self, words: DecisionWords, text: &str) -> Result<Proposal, String> {
        self.propose(words, text)
            .map_err(|e| self.speaker.command_error(&e))
    }

    /// A decision as typed, made whole from the ply shown.
    fn propose(&self, words: DecisionWords, text: &str) -> Result<Proposal, CommandError> {
        let at = self.decision_ply();
        let penalty = |offender, penalty| Proposal::Ready(Decision::Penalty { offender, penalty });
        Ok(match words {
            DecisionWords::Restore(ply) => {
                let ply = ply.unwrap_or_else(|| self.ply.saturating_sub(1).min(at));
                if ply > at {
                    return Err(CommandError::Word {
                        text: text.trim().to_string(),
                        index: 2,
                        word: ply.to_string(),
                        expected: Expected::EarlierPly,
                    });
                }
                Proposal::Ready(Decision::RestorePosition { ply })
            }
            DecisionWords::Warn(c) => penalty(c, ArbiterPenalty::Warning),
            DecisionWords::Lose(c) => penalty(c, ArbiterPenalty::Loss),
            DecisionWords::TimeToOpponent { offender, seconds } => penalty(
                offender,
                ArbiterPenalty::TimeToOpponent {
                    seconds: seconds.unwrap_or_else(|| self.review.penalty_seconds()),
                },
            ),
            DecisionWords::TimeFromOffender { offender, seconds } => {
                penalty(offender, ArbiterPenalty::TimeFromOffender { seconds })
            }
            DecisionWords::Clocks(Some((white_ms, black_ms))) => {
                Proposal::Ready(Decision::SetClocks { white_ms, black_ms })
            }
            DecisionWords::Result { result, article } => {
                Proposal::Ready(Decision::DeclareResult { result, article })
            }
            DecisionWords::Clocks(None) => {
                let restore_to = self
                    .review
                    .decisions
                    .iter()
                    .rev()
                    .find_map(|d| match d.decision {
                        Decision::RestorePosition { ply } => Some(ply),
                        _ => None,
                    })
                    .unwrap_or_else(|| self.ply.saturating_sub(1).min(at));
                let Some([white_ms, black_ms]) = self.review.proportional_clocks(at, restore_to)
                else {
                    return Err(CommandError::NoClocks {
                        text: text.trim().to_string(),
                    });
                };
                let decision = Decision::SetClocks { white_ms, black_ms };
                let question = self
                    .speaker
                    .proportional_clocks(restore_to, white_ms, black_ms);
                Proposal::Confirm { decision, question }
            }
        })
    }

    /// Records `decision` at [`Replay::decision_ply`]; the sentence that says so.
    pub fn decide(&mut self, decision: Decision) -> Result<String, String> {
        let lang = self.lang();
        let at = self.decision_ply();
        self.review
            .decide(at, decision)
            .map_err(|e| say(ReplaySay::DecisionRefused(&e), lang))?;
        Ok(say(
            ReplaySay::DecisionRecorded {
                at,
                decision: &decision,
            },
            lang,
        ))
    }

    /// Where [`Replay::save`] writes: `FILE.report.txt` and `FILE.decided.pgn` beside
    /// `FILE.pgn` (`FILE.game-N.…` for a game other than the first).
    pub fn save_paths(&self) -> Option<(PathBuf, PathBuf)> {
        let source = self.source.as_ref()?;
        let stem = source.file_stem()?.to_string_lossy().into_owned();
        let stem = if self.review.index > 1 {
            format!("{stem}.game-{}", self.review.index)
        } else {
            stem
        };
        let dir = source.parent().unwrap_or(Path::new(""));
        Some((
            dir.join(format!("{stem}.report.txt")),
            dir.join(format!("{stem}.decided.pgn")),
        ))
    }

    /// Writes the report (in the interface language) and the PGN with the decisions
    /// beside the input file, each atomically; the sentence that says where.
    pub fn save(&mut self) -> Result<String, String> {
        let lang = self.lang();
        let Some((report, decided)) = self.save_paths() else {
            return Err(say(ReplaySay::NothingToSaveBeside, lang));
        };
        let write = |path: &Path, text: String| {
            crate::fsutil::write_atomic(path, text.as_bytes()).map_err(|error| {
                say(
                    ReplaySay::CouldNotWrite {
                        path,
                        error: &error,
                    },
                    lang,
                )
            })
        };
        write(&report, report::report(&self.review, lang, self.notation))?;
        write(&decided, report::decided_pgn(&self.review, lang))?;
        self.saved = self.review.decisions.len();
        Ok(say(
            ReplaySay::Saved {
                report: &report,
                decided: &decided,
            },
            lang,
        ))
    }

    /// The title: players, event, time control, the game's number and the verdict.
    pub fn title(&self) -> String {
        crate::speech::replay::title(&self.review, self.lang())
    }
}

pub(super) fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// What the command line under the board is for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum LineKind {
    /// `m`: a ply number.
    Jump,
    /// `v`: a decision.
    Decide,
}

#[derive(Clone, Debug)]
struct LineInput {
    kind: LineKind,
    text: String,
    cursor: usize,
    error: Option<String>,
}

/// What the caller should do after a key.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ReplayFlow {
    Continue,
    Quit,
}

/// The actions the replay screen answers to, in the order of its help and hints.
pub const REPLAY_ACTIONS: [Action; 14] = [
    Action::StepForward,
    Action::StepBack,
    Action::FirstPly,
    Action::LastPly,
    Action::NextFinding,
    Action::PrevFinding,
    Action::JumpToPly,
    Action::Decide,
    Action::Save,
    Action::Flip,
    Action::ToggleClockReadings,
    Action::Cancel,
    Action::Help,
    Action::Quit,
];

/// The full-screen replay.
pub struct ReplayApp {
    pub replay: Replay,
    pub keymap: Keymap,
    pub view: View,
    pub theme: ui::theme::Theme,
    bottom: Color,
    input: Option<LineInput>,
    /// A decision waiting for yes or no.
    pending: Option<(Decision, String)>,
    /// Asked whether to save the decisions before leaving.
    quitting: bool,
    help: bool,
    announcement: String,
    title: String,
    items: Vec<(usize, String, String)>,
    clock: Option<Clock>,
}

impl ReplayApp {
    pub fn new(
        mut replay: Replay,
        keymap: Keymap,
        view: View,
        theme: ui::theme::Theme,
    ) -> ReplayApp {
        // The screen writes moves in the scoresheet's notation (`1… Nc6`), not in words:
        // words are the screen reader's (the line mode keeps its speaker as it is). The
        // findings and the report write them as the scoresheet beside them.
        replay.speaker = replay.speaker.written(Some(view.notation));
        replay.notation = view.notation;
        let (lang, notation) = (replay.lang(), replay.notation);
        let items = replay
            .review
            .findings
            .iter()
            .map(|f| {
                (
                    f.ply,
                    report::art(f.article, lang),
                    pane_sentence(
                        report::kind_label(f.kind, lang),
                        &report::detail(f, lang, notation),
                    ),
                )
            })
            .collect();
        let title = replay.title();
        let mut app = ReplayApp {
            replay,
            keymap,
            view,
            theme,
            bottom: Color::White,
            input: None,
            pending: None,
            quitting: false,
            help: false,
            announcement: String::new(),
            title,
            items,
            clock: None,
        };
        app.arrived();
        let n = app.replay.review.findings.len();
        let intro = say(
            ReplaySay::ScreenIntro {
                findings: n,
                then: &app.announcement,
            },
            lang,
        );
        app.announcement = intro;
        app
    }

    pub fn lang(&self) -> Lang {
        self.view.lang
    }

    pub fn announcement(&self) -> &str {
        &self.announcement
    }

    /// The ply shown.
    pub fn ply(&self) -> usize {
        self.replay.ply()
    }

    /// After the ply changed: the clock at it, and its words.
    fn arrived(&mut self) {
        self.clock = self.replay.clock();
        self.announcement = self.replay.words(Voice::Written);
    }

    fn say(&mut self, s: ReplaySay) {
        self.announcement = say(s, self.lang());
    }

    /// One key.
    pub fn key(&mut self, key: KeyEvent) -> ReplayFlow {
        if key.kind == KeyEventKind::Release {
            return ReplayFlow::Continue;
        }
        if self.help {
            self.help = false;
            return ReplayFlow::Continue;
        }
        if self.quitting {
            return self.answer_quit(key);
        }
        if let Some((decision, _)) = self.pending.clone() {
            match key.code {
                KeyCode::Char('y' | 'Y' | 's' | 'S') | KeyCode::Enter => {
                    self.pending = None;
                    self.record(decision);
                }
                KeyCode::Char('n' | 'N') | KeyCode::Esc => {
                    self.pending = None;
                    self.say(ReplaySay::Cancelled);
                }
                _ => {}
            }
            return ReplayFlow::Continue;
        }
        let ctrl_c =
            key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL);
        if self.input.is_some() && !ctrl_c {
            self.edit_line(key);
            return ReplayFlow::Continue;
        }
        match self.keymap.action(&key) {
            Some(a) => self.action(a),
            None => ReplayFlow::Continue,
        }
    }

    /// A named action.
    pub fn action(&mut self, action: Action) -> ReplayFlow {
        match action {
            Action::Quit => match self.replay.quit_question() {
                // The arbiter's decisions are not lost by a key: asked first.
                // The prompt line asks (Replay::quit_question).
                Some(_) => self.quitting = true,
                None => return ReplayFlow::Quit,
            },
            Action::Help => self.help = true,
            Action::StepForward => {
                if self.replay.step(true) {
                    self.arrived();
                } else {
                    self.say(ReplaySay::LastPly);
                }
            }
            Action::StepBack => {
                if self.replay.step(false) {
                    self.arrived();
                } else {
                    self.say(ReplaySay::AtStart);
                }
            }
            Action::FirstPly => {
                let _ = self.replay.go(0);
                self.arrived();
            }
            Action::LastPly => {
                let last = self.replay.last_ply();
                let _ = self.replay.go(last);
                self.arrived();
            }
            Action::NextFinding | Action::PrevFinding => {
                if self.replay.to_finding(action == Action::NextFinding) {
                    self.arrived();
                } else {
                    self.say(ReplaySay::NoFindingThatWay {
                        forward: action == Action::NextFinding,
                    });
                }
            }
            Action::JumpToPly => self.open(LineKind::Jump),
            Action::Decide | Action::CommandLine => self.open(LineKind::Decide),
            Action::Save => match self.replay.save() {
                Ok(s) | Err(s) => self.announcement = s,
            },
            Action::Flip => self.bottom = !self.bottom,
            Action::ToggleClockReadings => self.view.clock_readings = !self.view.clock_readings,
            Action::Cancel => self.input = None,
            _ => self.say(ReplaySay::NotForReplay),
        }
        ReplayFlow::Continue
    }

    /// The answer to [`Replay::quit_question`]: save and quit, quit, or stay.
    fn answer_quit(&mut self, key: KeyEvent) -> ReplayFlow {
        match key.code {
            KeyCode::Char('y' | 'Y' | 's' | 'S') | KeyCode::Enter => {
                self.quitting = false;
                match self.replay.save() {
                    Ok(_) => return ReplayFlow::Quit,
                    // Not written: the arbiter stays, and is told why.
                    Err(e) => self.announcement = e,
                }
            }
            KeyCode::Char('n' | 'N') => return ReplayFlow::Quit,
            KeyCode::Esc => {
                self.quitting = false;
                self.say(ReplaySay::BackToReplay);
            }
            _ => {}
        }
        ReplayFlow::Continue
    }

    fn open(&mut self, kind: LineKind) {
        self.input = Some(LineInput {
            kind,
            text: String::new(),
            cursor: 0,
            error: None,
        });
    }

    fn edit_line(&mut self, key: KeyEvent) {
        let Some(input) = self.input.as_mut() else {
            return;
        };
        match key.code {
            KeyCode::Esc => self.input = None,
            KeyCode::Enter => {
                let text = input.text.trim().to_string();
                let kind = input.kind;
                self.run_line(kind, &text);
            }
            _ => {
                if super::app::edit_text(&mut input.text, &mut input.cursor, &key) {
                    input.error = None;
                }
            }
        }
    }

    fn fail(&mut self, error: String) {
        if let Some(input) = self.input.as_mut() {
            input.error = Some(error);
        }
    }

    fn run_line(&mut self, kind: LineKind, text: &str) {
        if text.is_empty() {
            self.input = None;
            return;
        }
        let lang = self.lang();
        match kind {
            LineKind::Jump => {
                let ply = match text.parse::<usize>() {
                    Ok(p) => p,
                    Err(_) => {
                        return self.fail(say(ReplaySay::TypePlyNumber { text }, lang));
                    }
                };
                match self.replay.go(ply) {
                    Ok(()) => {
                        self.input = None;
                        self.arrived();
                    }
                    Err(e) => self.fail(e),
                }
            }
            LineKind::Decide => match self.replay.parse_decision(text) {
                Ok(Proposal::Ready(d)) => {
                    self.input = None;
                    self.record(d);
                }
                Ok(Proposal::Confirm { decision, question }) => {
                    self.input = None;
                    self.pending = Some((decision, question));
                }
                Err(e) => self.fail(e),
            },
        }
    }

    fn record(&mut self, decision: Decision) {
        match self.replay.decide(decision) {
            Ok(s) | Err(s) => self.announcement = s,
        }
    }

    /// The hints of the status line, from the live keymap.
    pub fn hints(&self) -> Vec<(String, String)> {
        self.keymap.hints(
            &[
                Action::Help,
                Action::StepForward,
                Action::StepBack,
                Action::NextFinding,
                Action::JumpToPly,
                Action::Decide,
                Action::Save,
                Action::Quit,
            ],
            self.lang(),
        )
    }

    /// The help screen's entries: the replay's actions and their keys.
    pub fn help_entries(&self) -> Vec<(String, String)> {
        self.keymap
            .help_for(&REPLAY_ACTIONS, self.lang(), KeyStyle::Symbols)
    }

    /// Everything the widgets need, borrowed.
    pub fn draw(&self, frame: &mut ratatui::Frame) {
        let lang = self.lang();
        let review = &self.replay.review;
        let ply = self.replay.ply();
        let hints = self.hints();
        let after_end = self.replay.after_end(self.view.notation);
        let help_title = say(ReplaySay::HelpTitle, lang);
        let help_entries = if self.help {
            self.help_entries()
        } else {
            Vec::new()
        };
        let line_text = self.input.as_ref().map(|i| {
            let label = say(
                ReplaySay::LinePrompt {
                    decision: i.kind == LineKind::Decide,
                },
                lang,
            );
            (
                format!("{label}{}", i.text),
                label.chars().count() + i.cursor,
            )
        });
        let quit_question = self.quitting.then(|| self.replay.quit_question()).flatten();
        let prompt = match (&self.pending, &self.input, &line_text) {
            _ if quit_question.is_some() => quit_question
                .as_deref()
                .map(|question| ui::Prompt::Confirm { question }),
            (Some((_, q)), _, _) => Some(ui::Prompt::Confirm { question: q }),
            (None, Some(i), Some((text, cursor))) => Some(ui::Prompt::CommandLine {
                input: text,
                cursor: *cursor,
                error: i.error.as_deref(),
            }),
            _ => None,
        };
        let names = [
            review.tag("White").unwrap_or("?"),
            review.tag("Black").unwrap_or("?"),
        ];
        let last_move = ply
            .checked_sub(1)
            .and_then(|i| review.plies.get(i))
            .and_then(|p| p.mv);
        let selected = self.items.iter().position(|(p, _, _)| *p == ply);
        // The start (0) too: the scoresheet is shown from its top there, not from its end.
        let highlight = (ply <= review.plies.len()).then_some(ply);
        let screen = ui::Screen {
            title: &self.title,
            lang,
            board: ui::BoardView {
                position: review.position_at(ply),
                bottom: self.bottom,
                last_move,
                cursor: None,
                selected: None,
                targets: Bitboard::EMPTY,
                glyphs: self.view.glyphs,
                coordinates: true,
            },
            clock: ui::ClockView {
                clock: self.clock.as_ref(),
                now_ms: 0,
                names,
                lang,
                low_time_ms: self.view.low_time_ms,
                glyphs: self.view.glyphs,
            },
            scoresheet: ui::ScoresheetView {
                game: self.replay.game(),
                notation: self.view.notation,
                clock_readings: self.view.clock_readings,
                scroll: None,
                highlight_ply: highlight,
                lang,
                after_end: &after_end,
            },
            status: ui::StatusView {
                announcement: &self.announcement,
                kept_from: None,
                hints: &hints,
                prompt,
            },
            findings: Some(ui::FindingsView {
                items: &self.items,
                selected,
                lang,
            }),
            overlay: self.help.then(|| {
                ui::Overlay::Help(ui::HelpView {
                    title: &help_title,
                    entries: &help_entries,
                })
            }),
        };
        ui::draw(frame, &screen, &self.theme);
    }
}

/// How long the loop waits for a key before looking again (nothing runs in a replay).
const WAIT: Duration = Duration::from_millis(250);

/// Runs the replay screen until the arbiter quits or the input ends.
pub fn run_loop<B: Backend>(
    terminal: &mut Terminal<B>,
    app: &mut ReplayApp,
    input: &mut dyn Input,
) -> io::Result<()>
where
    B::Error: std::error::Error + Send + Sync + 'static,
{
    let draw = |terminal: &mut Terminal<B>, app: &ReplayApp| -> io::Result<()> {
        terminal
            .draw(|f| app.draw(f))
            .map(|_| ())
            .map_err(io::Error::other)
    };
    draw(terminal, app)?;
    loop {
        let event = match input.next(WAIT) {
            Ok(e) => e,
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => {
                // The terminal is gone: the decisions not saved are saved.
                let _ = app.replay.save_at_end();
                return Ok(());
            }
            Err(e) => return Err(e),
        };
        match event {
            Some(Event::Key(key)) => {
                let flow = app.key(key);
                if flow == ReplayFlow::Quit {
                    return Ok(());
                }
            }
            Some(Event::Resize(..)) => terminal.autoresize().map_err(io::Error::other)?,
            Some(Event::Paste(text)) => {
                for c in text.chars().filter(|c| !c.is_control()) {
                    app.key(KeyEvent::from(KeyCode::Char(c)));
                }
            }
            None => continue,
            _ => {}
        }
        draw(terminal, app)?;
    }
}

/// Runs `escaque replay`: the full screen, or the line mode with `--screen-reader`.
pub fn run_replay(opts: ReplayOptions) -> Result<(), ReplayError> {
    let review = load(
        &opts.file,
        opts.game,
        &ReviewOptions {
            letters: opts.letters,
            ..ReviewOptions::default()
        },
    )?;
    let paths = Paths::from_env()?;
    let config = Config::load(&paths)?;
    let (lang, speaker) = super::play::speaker(opts.lang, opts.names, &config);
    // The scoresheet's notation (the command line's, else the config's for the language):
    // the findings and the report write moves in it, in the line mode too.
    let notation = opts.notation.unwrap_or_else(|| config.notation(lang));
    if opts.screen_reader {
        let replay = Replay::new(review, speaker, notation, Some(opts.file.clone()));
        let stdin = io::stdin();
        let prompt = stdin.is_terminal();
        let mut out = io::stdout().lock();
        let mut line = super::replay_line::ReplayLine::new(replay, &mut out, prompt);
        line.run(stdin.lock())?;
        return Ok(());
    }
    let (view, theme_name) = super::play::screen_settings(
        opts.ascii,
        opts.theme.as_deref(),
        Some(notation),
        &config,
        lang,
    );
    let theme = ui::theme::Theme::load(&theme_name, Some(&paths.themes_dir))?;
    let replay = Replay::new(review, speaker, notation, Some(opts.file.clone()));
    let mut app = ReplayApp::new(replay, config.keymap()?, view, theme);
    let guard = crate::terminal::TerminalGuard::enter(false)?;
    let backend = ratatui::backend::CrosstermBackend::new(io::stdout());
    let mut terminal = Terminal::new(backend)?;
    terminal.clear()?;
    let result = run_loop(
        &mut terminal,
        &mut app,
        &mut super::event_loop::TerminalInput,
    );
    drop(terminal);
    drop(guard);
    result.map_err(ReplayError::Io)
}
