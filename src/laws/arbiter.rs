//! The arbiter's analysis of a recorded game: what the Laws say about it, ply by ply, each
//! finding with its article and what it says as data ([`Says`], worded in Spanish or English
//! by `speech::report`); the result the Laws give; and the arbiter's decisions, which become
//! part of the record (`speech::report` writes the text report and the decided PGN).
//!
//! ```
//! use escaque::core::Notation;
//! use escaque::lang::Lang;
//! use escaque::laws::arbiter::{FindingKind, review};
//! use escaque::laws::pgn;
//! use escaque::speech::report;
//!
//! let text = "[Result \"1-0\"]\n[Termination \"Time forfeit\"]\n\
//!             [FEN \"4k3/8/8/8/8/8/8/4K2q w - - 0 1\"]\n\n1. Kd2 Qh2+ 1-0\n";
//! let game = pgn::read_str(text).next().unwrap().unwrap();
//! let r = review(&game);
//! // Black's flag fell, but White has a bare king: a draw by 6.9, not 1-0.
//! assert_eq!(r.result_by_laws.map(|g| g.pgn()), Some("1/2-1/2"));
//! assert!(!r.agrees);
//! let flag = r.findings.iter().find(|f| f.kind == FindingKind::FlagFall).unwrap();
//! assert_eq!(flag.article.number(), "6.9");
//! assert!(report::detail(flag, Lang::Es, Notation::SPANISH).contains("no pueden dar mate"));
//! ```
//!
//! The facts of `pgn check` ([`CheckReport`]) come with every review: the arbiter replays
//! the moves through one [`Game`] and hands it to [`check_played`].

use std::borrow::Cow;
use std::fmt;

use serde::Serialize;

use crate::core::{Color, Letters, Move, Notation, Position, SanError, write_move};

use super::article::Article;
use super::check::{
    CheckError, CheckInput, CheckReport, RecordStop, Walk, check_played, says_on_time,
};
use super::clock::Clock;
use super::game::{
    GameResult, IllegalKind, Outcome, Termination, cannot_mate_at, fifty_move_claim_at,
    threefold_claim_at, verify_claim_at, written_third_move_among,
};
use super::irregularity::{ArbiterAction, ArbiterPenalty, proportional_reconstruction};
use super::pgn::{self, PgnError, PgnGame, StartError};
use super::time_control::{TimeClass, TimeControl, TimeControlError};

/// What a finding is about. [`FindingKind::name`] is its stable snake_case name (JSON).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum FindingKind {
    /// The start position cannot occur in a game (3.10), or `SetUp` without a `FEN`.
    IllegalSetup,
    /// A variant other than standard chess (Chess960 is Guidelines II): not adjudicated.
    UnsupportedVariant,
    /// The game could not be read (the record is not in algebraic notation, 8.1.1).
    UnreadableRecord,
    /// The `TimeControl` tag and the class it gives (A.1, B.1, Glossary).
    TimeControlClass,
    /// A move that is not legal (7.5.1), with the penalty it carries.
    IllegalMove,
    /// A null move (`--`): the clock pressed without a move (7.5.3).
    NullMove,
    /// Moves recorded after the game had ended.
    MovesAfterEnd,
    /// 5.1.1.
    Checkmate,
    /// 5.2.1.
    Stalemate,
    /// 5.2.2.
    DeadPosition,
    /// 9.2: the player to move could claim a threefold repetition (9.2.2 now, 9.2.1 by
    /// writing a move).
    ThreefoldClaimable,
    /// 9.3: the player to move could claim the fifty-move rule.
    FiftyMovesClaimable,
    /// 9.6.1.
    Fivefold,
    /// 9.6.2.
    SeventyFiveMoves,
    /// A flag fell (from the clock comments or the `Termination` tag), with the 6.9
    /// decision.
    FlagFall,
    /// A resignation that 5.1.2 makes a draw.
    ResignationDrawn,
    /// The `Result` tag and the Laws disagree.
    ResultDisagrees,
}

impl FindingKind {
    /// Every kind, in the order of this enum.
    pub const ALL: [FindingKind; 17] = [
        FindingKind::IllegalSetup,
        FindingKind::UnsupportedVariant,
        FindingKind::UnreadableRecord,
        FindingKind::TimeControlClass,
        FindingKind::IllegalMove,
        FindingKind::NullMove,
        FindingKind::MovesAfterEnd,
        FindingKind::Checkmate,
        FindingKind::Stalemate,
        FindingKind::DeadPosition,
        FindingKind::ThreefoldClaimable,
        FindingKind::FiftyMovesClaimable,
        FindingKind::Fivefold,
        FindingKind::SeventyFiveMoves,
        FindingKind::FlagFall,
        FindingKind::ResignationDrawn,
        FindingKind::ResultDisagrees,
    ];

    /// The stable snake_case name used in JSON.
    pub fn name(self) -> &'static str {
        match self {
            FindingKind::IllegalSetup => "illegal_setup",
            FindingKind::UnsupportedVariant => "unsupported_variant",
            FindingKind::UnreadableRecord => "unreadable_record",
            FindingKind::TimeControlClass => "time_control_class",
            FindingKind::IllegalMove => "illegal_move",
            FindingKind::NullMove => "null_move",
            FindingKind::MovesAfterEnd => "moves_after_end",
            FindingKind::Checkmate => "checkmate",
            FindingKind::Stalemate => "stalemate",
            FindingKind::DeadPosition => "dead_position",
            FindingKind::ThreefoldClaimable => "threefold_claimable",
            FindingKind::FiftyMovesClaimable => "fifty_moves_claimable",
            FindingKind::Fivefold => "fivefold",
            FindingKind::SeventyFiveMoves => "seventy_five_moves",
            FindingKind::FlagFall => "flag_fall",
            FindingKind::ResignationDrawn => "resignation_drawn",
            FindingKind::ResultDisagrees => "result_disagrees",
        }
    }
}

impl fmt::Display for FindingKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for FindingKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// One thing the Laws say about a recorded game, at a ply.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Finding {
    /// Plies played when it holds (0: before the first move). For a move (illegal, null,
    /// recorded after the end), the move's own ply, from 1.
    pub ply: usize,
    /// The move at that ply: to be written in the reader's notation, or (a move that could
    /// not be played) quoted as the record writes it. [`Finding::san`] is its English SAN.
    pub mv: Option<FindingMove>,
    pub article: Article,
    pub kind: FindingKind,
    /// What it says, as data: `speech::report` words it in the reader's language.
    pub says: Says,
}

impl Finding {
    fn new(
        ply: usize,
        mv: Option<FindingMove>,
        article: Article,
        kind: FindingKind,
        says: Says,
    ) -> Finding {
        Finding {
            ply,
            mv,
            article,
            kind,
            says,
        }
    }

    /// The move at the finding's ply in English SAN with its check or mate mark (`--` for
    /// a null move), or as written for a move that could not be played: the `san` of
    /// `adjudicate --format json`.
    pub fn san(&self) -> Option<Cow<'_, str>> {
        self.mv.as_ref().map(FindingMove::english)
    }
}

/// A legal move with the position it is played from: all that writing it in any notation
/// (the reader's piece letters, figurines, long algebraic) or saying it in words needs. The
/// laws keep no move text of their own: `speech` writes it as the reader reads moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveAt {
    pub before: Position,
    pub mv: Move,
}

impl MoveAt {
    /// The move in `notation`, with its check or mate mark.
    pub fn san(&self, notation: Notation) -> String {
        write_move(&self.before, self.mv, notation)
    }

    /// The move numbered, `12... Nxe5`, in `notation` (as [`pgn::Replay`]'s errors label a
    /// move).
    pub fn label(&self, notation: Notation) -> String {
        pgn::label(&self.before, &self.san(notation))
    }

    /// The number of the move (`12` of `12... Nxe5`).
    pub fn number(&self) -> u32 {
        self.before.fullmove_number()
    }

    /// The side that makes it.
    pub fn color(&self) -> Color {
        self.before.turn()
    }
}

/// The move a finding is about.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FindingMove {
    /// A move played: written in the reader's notation.
    Legal(MoveAt),
    /// A null move (`--`, 7.5.3).
    Null,
    /// A move that could not be played, as the record writes it (never translated: it is
    /// the evidence, 7.5).
    AsWritten(String),
}

impl FindingMove {
    /// The move in `notation` (`--` for a null move), or the text as written.
    pub fn written(&self, notation: Notation) -> Cow<'_, str> {
        match self {
            FindingMove::Legal(m) => Cow::Owned(m.san(notation)),
            FindingMove::Null => Cow::Borrowed("--"),
            FindingMove::AsWritten(text) => Cow::Borrowed(text),
        }
    }

    /// English SAN (`--` for a null move), or the text as written.
    pub fn english(&self) -> Cow<'_, str> {
        self.written(Notation::ENGLISH)
    }
}

/// What a finding says, with everything its sentence needs (no words: `speech::report`
/// says it in Spanish or English).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Says {
    /// The `TimeControl` tag read: the control as written and as understood (its notation,
    /// `5+3`), its class, and T (the seconds for 60 moves that class it) when it is said.
    TimeControl {
        text: String,
        control: String,
        class: TimeClass,
        rating_seconds: Option<u64>,
    },
    /// The `TimeControl` tag cannot be read.
    TimeControlUnreadable {
        text: String,
        error: TimeControlError,
    },
    /// A variant escaque does not adjudicate.
    UnsupportedVariant { variant: String },
    /// The start position cannot occur in a game (3.10), or `SetUp` without a `FEN`.
    IllegalSetup(StartError),
    /// The game cannot be read: the reader's error (which game, where, what is wrong).
    Unreadable { error: PgnError },
    /// 5.1.1: `winner` mated.
    Checkmate { winner: Color },
    /// 5.2.1.
    Stalemate,
    /// 5.2.2.
    DeadPosition,
    /// 9.6.1.
    Fivefold,
    /// 9.6.2.
    SeventyFiveMoves,
    /// `count` moves recorded after the game ended at ply `ended_at`, by `why` (`None`: the
    /// flag had fallen).
    MovesAfterEnd {
        count: usize,
        ended_at: usize,
        why: Option<Termination>,
    },
    /// A null move by `by` (7.5.3).
    NullMove { by: Color },
    /// An illegal move by `by`, labelled `12... Nxe5` as the record writes it, why it cannot
    /// be played, and the class of the game (which sets the penalty: 7.5.5, A.3–A.5,
    /// B.2–B.3).
    IllegalMove {
        label: String,
        by: Color,
        error: SanError,
        class: Option<TimeClass>,
    },
    /// `loser`'s flag fell, known from `source`; what 6.9 makes of it.
    FlagFall {
        loser: Color,
        source: FlagSource,
        verdict: FlagVerdict,
    },
    /// `loser` resigned, but the opponent cannot mate (5.1.2).
    ResignationDrawn { loser: Color },
    /// 9.2.2: `who` (to move) can claim; the position stands for the `times`th time, after
    /// the plies `at`.
    ThreefoldOccurred {
        who: Color,
        times: u8,
        at: Vec<usize>,
    },
    /// 9.2.1: `who` can claim by writing the move `mv`; the position after it would stand
    /// for the `times`th time.
    ThreefoldWritten {
        who: Color,
        mv: MoveAt,
        times: usize,
    },
    /// 9.3.2: `who` (to move) can claim the fifty moves.
    FiftyOccurred { who: Color },
    /// 9.3.1: `who` can claim by writing `mv`, which completes the fifty moves.
    FiftyWritten { who: Color, mv: MoveAt },
    /// The `Result` tag says `tag`; the Laws say `laws` (`None`: `*`) by `article`.
    ResultDisagrees {
        tag: String,
        laws: Option<GameResult>,
        article: Option<Article>,
    },
}

/// How a fallen flag is known.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FlagSource {
    /// The move `mv` took `spent_ms` (`[%emt]`) with `left_ms` on the clock.
    Emt {
        mv: MoveAt,
        spent_ms: u64,
        left_ms: u64,
    },
    /// The clock read 0:00:00 after the move `mv`.
    ClockAtZero { mv: MoveAt },
    /// The `Termination` tag, as written.
    TerminationTag(String),
}

/// What 6.9 makes of a fallen flag.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FlagVerdict {
    /// The opponent cannot mate by any series of legal moves: a draw.
    Drawn,
    /// Whether the opponent can mate could not be decided: the default, a loss, applies.
    Open,
    /// The opponent can still mate: a loss.
    Loses,
}

/// One ply of the record, as the replay screen shows it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ReviewPly {
    /// From 1.
    pub ply: usize,
    pub color: Color,
    /// `None` for a null move.
    pub mv: Option<Move>,
    /// English SAN with its check or mate mark (`--` for a null move).
    pub san: String,
    /// The position after the move.
    pub position: Position,
    /// The mover's clock after the move (`[%clk]`), in milliseconds.
    pub clock_ms: Option<u64>,
    /// The time spent on the move (`[%emt]`), in milliseconds.
    pub emt_ms: Option<u64>,
    /// Both clocks after this ply (White, Black): the latest reading of each, or the one
    /// worked out from `[%emt]` and the time control.
    pub clocks: [Option<u64>; 2],
    /// The comments written after the move (commands taken out).
    pub comments: Vec<String>,
}

/// Something the arbiter decided about the game (Art. 6.10, 7, 12.9, and the result).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Decision {
    /// 7.1, 7.5.1: the position after `ply` plies is reinstated.
    RestorePosition { ply: usize },
    /// 12.9 (and the time of 7.5.5, A.3, B.3): a penalty on `offender`.
    Penalty {
        offender: Color,
        penalty: ArbiterPenalty,
    },
    /// 6.10, 7.1: the clocks set to these remaining times.
    SetClocks { white_ms: u64, black_ms: u64 },
    /// The result the arbiter declares, with the article it rests on.
    DeclareResult {
        result: GameResult,
        article: Article,
    },
}

impl Decision {
    pub fn article(&self) -> Article {
        match *self {
            Decision::DeclareResult { article, .. } => article,
            _ => self.action().map_or(Article("12.9"), |a| a.article()),
        }
    }

    /// The same decision as an action on a live [`Game`] (`Game::arbiter`), when it is one.
    pub fn action(&self) -> Option<ArbiterAction> {
        match *self {
            Decision::RestorePosition { ply } => Some(ArbiterAction::PositionRestored { ply }),
            Decision::Penalty { offender, penalty } => Some(ArbiterAction::Penalty {
                to: offender,
                penalty,
            }),
            Decision::SetClocks { white_ms, black_ms } => {
                Some(ArbiterAction::ClocksSet { white_ms, black_ms })
            }
            Decision::DeclareResult { .. } => None,
        }
    }
}

/// A decision on the record, at the ply where the arbiter took it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RecordedDecision {
    pub at_ply: usize,
    pub decision: Decision,
}

/// Why a decision was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecisionError {
    #[error("ply {ply} is not in this game (it has {plies} plies)")]
    NoSuchPly { ply: usize, plies: usize },
    #[error(
        "the position to reinstate (after ply {restore}) must come before the decision (ply {at})"
    )]
    RestoreAfterDecision { restore: usize, at: usize },
}

/// What the analysis needs to know besides the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewOptions {
    /// The piece letters the moves are written with.
    pub letters: Letters,
    /// The node budget of the full dead-position search after each ply where the quick
    /// test cannot decide (0: the quick test only, as in a live game).
    pub dead_search_per_ply: u64,
    /// Keep the replay screen's record of every ply ([`Review::plies`]: positions, SAN,
    /// clocks, comments). `adjudicate` needs only the findings and the facts, and leaves
    /// it empty.
    pub plies: bool,
}

impl Default for ReviewOptions {
    fn default() -> ReviewOptions {
        ReviewOptions {
            letters: Letters::English,
            dead_search_per_ply: 0,
            plies: true,
        }
    }
}

/// One recorded game analysed for the arbiter.
#[derive(Clone, Debug)]
pub struct Review {
    /// The game's number in its file, from 1.
    pub index: usize,
    pub tags: Vec<(String, String)>,
    pub start: Position,
    /// The replayed main line (up to the first illegal move); empty when the review was
    /// made without it ([`ReviewOptions::plies`]).
    pub plies: Vec<ReviewPly>,
    /// Both clocks before the first move (the time control's first period), when known.
    pub start_clocks: [Option<u64>; 2],
    /// Sorted by ply.
    pub findings: Vec<Finding>,
    /// The time control from the `TimeControl` tag and its class.
    pub time_control: Option<TimeControl>,
    pub class: Option<TimeClass>,
    /// How the game ended by the Laws, and at which ply.
    pub termination: Option<Termination>,
    pub ended_at: Option<usize>,
    /// The result the Laws give (`None`: they cannot tell, `*`).
    pub result_by_laws: Option<GameResult>,
    /// The article behind `result_by_laws` (or behind its absence: 7.5.1).
    pub article: Option<Article>,
    /// The `Result` tag and the Laws agree.
    pub agrees: bool,
    /// Whether a side could still mate could not be decided: the Laws' default applied.
    pub unwinnability_open: bool,
    /// The facts of `pgn check` about this game (its `result_by_laws` and `article` are
    /// the arbiter's).
    pub check: CheckReport,
    /// The arbiter's decisions, in the order taken.
    pub decisions: Vec<RecordedDecision>,
    /// The moves recorded from the first illegal or null move on, as written and numbered
    /// (`12. Nxe5`, `12... Qh4`): not played, but kept, the record being evidence (7.5).
    pub unplayed: Vec<String>,
}

fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// Analyses one game read from PGN (English piece letters, quick dead-position test per
/// ply).
pub fn review(game: &PgnGame) -> Review {
    review_with(game, &ReviewOptions::default())
}

/// How many time controls (with their sentence, see `speech::report::detail`) are kept per
/// thread: the games of a file share a few, often in turns (a database of online games
/// from several pools). On the real games of `shared/data`, whose 2,907 `TimeControl` tags
/// change 1,056 times, the last one alone was read again 1,056 times, the last 16 only 232.
pub(crate) const TIME_CONTROLS_KEPT: usize = 16;

/// The time control a `TimeControl` tag gives (when it can be read) and its finding. The
/// games of a file nearly always share a few: the last [`TIME_CONTROLS_KEPT`] answers are
/// kept per thread, the one used last first, and a game with one of those tags gets a
/// copy of its answer instead of reading and describing the tag again.
fn time_control_read(text: &str) -> (Option<TimeControl>, Option<Finding>) {
    type Answer = (String, Option<TimeControl>, Option<Finding>);
    thread_local! {
        static KEPT: std::cell::RefCell<Vec<Answer>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    KEPT.with_borrow_mut(|kept| {
        if let Some(i) = kept.iter().position(|(t, ..)| t == text) {
            kept[..=i].rotate_right(1);
            let (_, tc, f) = &kept[0];
            return (tc.clone(), f.clone());
        }
        let tc = TimeControl::from_pgn(text);
        let finding = time_control_finding(text, &tc);
        let tc = tc.ok();
        kept.truncate(TIME_CONTROLS_KEPT - 1);
        kept.insert(0, (text.to_string(), tc.clone(), finding.clone()));
        (tc, finding)
    })
}

/// The finding for the time control and its class (A.1, B.1, Glossary).
fn time_control_finding(text: &str, tc: &Result<TimeControl, TimeControlError>) -> Option<Finding> {
    match tc {
        Ok(tc) => {
            let class = tc.class()?;
            // T is said for a control of one period (with move counts a standard game's
            // finding stays as it was; a short one now says its class, blitz or rapid).
            let rating_seconds = tc
                .rating_seconds()
                .filter(|_| !tc.has_move_counts() || class != TimeClass::Standard);
            let says = Says::TimeControl {
                text: text.to_string(),
                control: tc.to_string(),
                class,
                rating_seconds,
            };
            Some(Finding::new(
                0,
                None,
                class.article(),
                FindingKind::TimeControlClass,
                says,
            ))
        }
        Err(e) => Some(Finding::new(
            0,
            None,
            Article("6.3"),
            FindingKind::TimeControlClass,
            Says::TimeControlUnreadable {
                text: text.to_string(),
                error: e.clone(),
            },
        )),
    }
}

/// `pgn check`: one report per game, in file order, games that cannot be read or set up
/// included: the facts of each game ([`CheckReport`]) and the result the Laws give it, as
/// [`review_owned`] judges it for `adjudicate` (the clocks read from the comments, 6.9 and
/// 5.1.2 through `Termination`, a draw's claim checked and named by its article). Both
/// commands give one result for one game. (When `pgn check` judged the recorded result on
/// its own, without the clocks, 20 results of the real games of `shared/data` differed from
/// `adjudicate`'s, and 267 drawn games had `9.2` or `9.3` where the review names the claim,
/// `9.2.1`, `9.2.2`, `9.3.2`.)
pub fn check_games(
    games: impl Iterator<Item = Result<PgnGame, PgnError>>,
    letters: Letters,
    mut each: impl FnMut(CheckReport),
) {
    let opts = ReviewOptions {
        letters,
        dead_search_per_ply: 0,
        plies: false,
    };
    for item in games {
        each(review_read(item, &opts).check);
    }
}

/// The review of a game as the reader gives it: [`review_owned`], or [`review_unreadable`]
/// when it could not be read (`adjudicate` and `pgn check` alike).
pub fn review_read(item: Result<PgnGame, PgnError>, opts: &ReviewOptions) -> Review {
    match item {
        Ok(game) => review_owned(game, opts),
        Err(e) => review_unreadable(&e),
    }
}

/// [`check_games`] of the PGN read from `input`.
pub fn check_reader(input: impl std::io::BufRead, letters: Letters, each: impl FnMut(CheckReport)) {
    check_games(pgn::Reader::new(input), letters, each);
}

/// Analyses one game read from PGN.
pub fn review_with(game: &PgnGame, opts: &ReviewOptions) -> Review {
    let mut review = review_tags_apart(game, &game.replay(opts.letters), opts);
    review.tags = game.tags.clone();
    review
}

/// [`review_with`] of a game the caller has no more use for: its tags move into the
/// review instead of being copied (a batch reviews every game of its files once), and its
/// move list and the replay's lists go back to this thread's pools for the next game (see
/// [`pgn::take_move_list`]).
pub fn review_owned(mut game: PgnGame, opts: &ReviewOptions) -> Review {
    let replay = game.replay(opts.letters);
    let mut review = review_tags_apart(&game, &replay, opts);
    review.tags = std::mem::take(&mut game.tags);
    replay.recycle();
    game.recycle();
    review
}

/// [`review_with`] of `game` replayed as `replay`, all but the review's own copy of the
/// tags, left empty.
fn review_tags_apart(game: &PgnGame, replay: &pgn::Replay, opts: &ReviewOptions) -> Review {
    let tags = &game.tags;
    let (time_control, tc_finding) = match tag(tags, "TimeControl").map(str::trim) {
        Some(text) => time_control_read(text),
        None => (None, None),
    };
    let mut findings = Vec::from_iter(tc_finding);
    let class = time_control.as_ref().and_then(TimeControl::class);

    if let Some(e) = &replay.start_error {
        let (kind, article) = match e {
            StartError::UnsupportedVariant(_) => (FindingKind::UnsupportedVariant, Article("II")),
            _ => (FindingKind::IllegalSetup, Article("3.10")),
        };
        let says = match e {
            StartError::UnsupportedVariant(v) => Says::UnsupportedVariant { variant: v.clone() },
            other => Says::IllegalSetup(other.clone()),
        };
        findings.push(Finding::new(0, None, article, kind, says));
        let check = CheckReport::unreadable(game.index, tags, CheckError::Start(e.clone()));
        return finish(Review {
            index: game.index,
            start: replay.start,
            plies: Vec::new(),
            start_clocks: [None, None],
            findings,
            time_control,
            class,
            termination: None,
            ended_at: None,
            result_by_laws: None,
            article: None,
            agrees: false,
            unwinnability_open: false,
            check,
            decisions: Vec::new(),
            tags: Vec::new(),
            unplayed: Vec::new(),
        });
    }

    let start = replay.start;
    // The legal prefix: up to the first null move (not a move of chess) or illegal move.
    let legal = replay.legal_prefix();
    let null_at = (legal < replay.moves.len()).then_some(legal + 1);
    let recorded_plies = replay.moves.len();

    // A record that gives the time spent on each move and no readings: the clocks run on it.
    let emt = time_control
        .as_ref()
        .and_then(|tc| EmtClocks::run(game, replay, tc));
    // A reading of zero on the last move recorded (or, from [%emt], the last move taking all
    // the time left): the flag fell as it was being made. (Only there: clocks are often
    // written to the second, and a player with 0.7 s left who moves shows 0:00:00 and plays
    // on.)
    // The result the record gives (its `Result` tag), read once for the whole review.
    let result_tag = tag(tags, "Result").unwrap_or("*").trim();
    let recorded = GameResult::from_pgn(result_tag);
    let emt_flag = emt
        .as_ref()
        .and_then(|e| e.plies.get(recorded_plies.checked_sub(1)?))
        .filter(|p| p.fell);
    // Not when the record names that move's player the winner: a reading to the second
    // cannot tell 0.7 s left from none, and the record's result says the other flag fell
    // after the move (on the real games of `shared/data` eight lichess games lost on time
    // by the player who did not move last were turned round or drawn).
    let last_mover_won = recorded_plies
        .checked_sub(1)
        .and_then(|p| replay.positions.get(p))
        .is_some_and(|before| recorded.and_then(GameResult::winner) == Some(before.turn()));
    let mut clock_flag = (replay.illegal.is_none()
        && !last_mover_won
        && replay.moves.last().is_some_and(Option::is_some)
        && (game.moves[recorded_plies - 1].clock_ms() == Some(0) || emt_flag.is_some()))
    .then_some(recorded_plies);

    // The record from where it stops being played, numbered from the position there.
    let unplayed: Vec<String> = match replay.positions.get(legal) {
        Some(at) if legal < game.moves.len() => {
            let (mut number, mut white) = (at.fullmove_number(), at.turn() == Color::White);
            game.moves[legal..]
                .iter()
                .map(|node| {
                    let text = if white {
                        format!("{number}. {}", node.san)
                    } else {
                        format!("{number}... {}", node.san)
                    };
                    if !white {
                        number += 1;
                    }
                    white = !white;
                    text
                })
                .collect()
        }
        _ => Vec::new(),
    };
    let start_clocks = start_clocks(time_control.as_ref());
    let plies = if opts.plies {
        review_plies(game, replay, start_clocks, emt.as_ref())
    } else {
        Vec::new()
    };

    // The game by the Laws: one walk over the legal prefix's positions, up to the first
    // end (or to the move recorded with the clock at zero: the flag fell before it was
    // completed).
    let positions = &replay.positions[..=legal];
    let walk = Walk::of_record(positions, opts.dead_search_per_ply, result_tag);
    let stop = clock_flag.map_or(legal, |p| p - 1).min(legal);
    let mut board_end = walk.end.filter(|&(ply, _)| ply <= stop);
    if let Some(p) = clock_flag {
        // A move that ends the game on the board (mate, stalemate, dead position …) stands:
        // a reading to the second cannot show that the flag fell before it was completed.
        if board_end.is_none() && walk.end.is_some_and(|(ply, _)| ply == p) {
            board_end = walk.end;
            clock_flag = None;
        }
    }
    let played = board_end.map_or(stop, |(ply, _)| ply);
    let mut outcome = board_end.and(walk.outcome(positions));
    let mut open = walk.open_at.is_some_and(|ply| ply <= played);
    claims(
        replay,
        &positions[..=played],
        &walk,
        board_end.is_some(),
        &mut findings,
    );

    let illegal = RecordStop::of_replay(replay, game, legal);
    // The article of the result by the Laws when the record stops at a null or illegal move.
    let stop_article = illegal.as_ref().and_then(|stop| stop.article);

    let board_end = outcome;
    if let Some(o) = board_end {
        let (kind, says) = match o.termination {
            Termination::Checkmate => (
                FindingKind::Checkmate,
                Says::Checkmate {
                    winner: !positions[played].turn(),
                },
            ),
            Termination::Stalemate => (FindingKind::Stalemate, Says::Stalemate),
            Termination::DeadPosition => (FindingKind::DeadPosition, Says::DeadPosition),
            Termination::FivefoldRepetition => (FindingKind::Fivefold, Says::Fivefold),
            _ => (FindingKind::SeventyFiveMoves, Says::SeventyFiveMoves),
        };
        let mv = (o.ply > 0).then(|| move_of(replay, o.ply));
        findings.push(Finding::new(o.ply, mv, o.article, kind, says));
    }

    // Moves on the record after the end on the board (or after a flag at zero).
    let end_ply = board_end.map(|o| o.ply).or(clock_flag.map(|p| p - 1));
    if let Some(e) = end_ply {
        let recorded = replay.moves.len() + usize::from(replay.illegal.is_some());
        if recorded > e {
            let first = if e < recorded_plies {
                Some(move_of(replay, e + 1))
            } else {
                replay
                    .illegal
                    .as_ref()
                    .map(|i| FindingMove::AsWritten(i.san.clone()))
            };
            let article = board_end.map_or(Article::FLAG, |o| o.article);
            let says = Says::MovesAfterEnd {
                count: recorded - e,
                ended_at: e,
                why: board_end.map(|o| o.termination),
            };
            findings.push(Finding::new(
                e + 1,
                first,
                article,
                FindingKind::MovesAfterEnd,
                says,
            ));
        }
    }

    // Irregular moves of the record, within the game: what is recorded after its end
    // (5.1.1, 5.2.2 …: the game ended at once) does not count (the finding above), so a
    // null or illegal move there is no irregularity and carries no penalty (7.5).
    let in_game = |ply: usize| end_ply.is_none_or(|e| ply <= e);
    if let Some(p) = null_at.filter(|&p| in_game(p)) {
        findings.push(Finding::new(
            p,
            Some(FindingMove::Null),
            IllegalKind::ClockWithoutMove.article(),
            FindingKind::NullMove,
            Says::NullMove {
                by: replay.positions[p - 1].turn(),
            },
        ));
    } else if let Some(at) = replay.illegal.as_ref().filter(|at| in_game(at.ply)) {
        let before = &replay.positions[at.ply - 1];
        findings.push(Finding::new(
            at.ply,
            Some(FindingMove::AsWritten(at.san.clone())),
            IllegalKind::Move.article(),
            FindingKind::IllegalMove,
            Says::IllegalMove {
                label: at.label.clone(),
                by: before.turn(),
                error: at.error.clone(),
                class,
            },
        ));
    }

    // The end the record gives, when the board did not end the game.
    let on_time = says_on_time(tag(tags, "Termination").unwrap_or(""));
    let mut agreement = false;
    if board_end.is_none() && clock_flag.is_none() && stop_article.is_some() {
        // 7.5.1, 7.5.3: the position before the illegal or null move is reinstated and the
        // game goes on; the record cannot say how.
    } else if board_end.is_none() {
        let end = &positions[played];
        let turn = end.turn();
        let flagged = match (clock_flag, recorded) {
            (Some(_), _) => Some((turn, true)),
            (None, Some(r)) if on_time => Some((r.winner().map_or(turn, |w| !w), false)),
            _ => None,
        };
        if let Some((color, from_clock)) = flagged {
            let (cannot, open_now) = cannot_mate_at(end, !color);
            open |= open_now;
            let t = Termination::on_flag_fall(cannot);
            outcome = Some(Outcome::new(t.result_for_loser(color), t, played));
            let drawn = cannot;
            // The move the clock read zero after (a move played: the flag is read from the
            // clock only after one).
            let at_zero = clock_flag
                .filter(|_| from_clock)
                .and_then(|p| Some((p, move_at(replay, p)?)));
            let source = match at_zero {
                Some((p, mv)) => match emt_flag {
                    Some(e) if game.moves[p - 1].clock_ms().is_none() => FlagSource::Emt {
                        mv,
                        spent_ms: e.spent_ms,
                        left_ms: e.left_ms,
                    },
                    _ => FlagSource::ClockAtZero { mv },
                },
                None => {
                    FlagSource::TerminationTag(tag(tags, "Termination").unwrap_or("").to_string())
                }
            };
            let verdict = if drawn {
                FlagVerdict::Drawn
            } else if open_now {
                FlagVerdict::Open
            } else {
                FlagVerdict::Loses
            };
            findings.push(Finding::new(
                played,
                None,
                Article::FLAG,
                FindingKind::FlagFall,
                Says::FlagFall {
                    loser: color,
                    source,
                    verdict,
                },
            ));
        } else {
            match recorded {
                Some(GameResult::Draw) => {
                    // A draw claim the position supports (9.2, 9.3), else an agreement.
                    let (ps, keys) = (&positions[..=played], &walk.keys[..=played]);
                    let upheld = threefold_claim_at(ps, keys)
                        .or_else(|| fifty_move_claim_at(end))
                        .and_then(|written| verify_claim_at(ps, keys, written));
                    match upheld {
                        Some((_, t)) => outcome = Some(Outcome::new(GameResult::Draw, t, played)),
                        None => agreement = true,
                    }
                }
                Some(r) => {
                    let loser = r.winner().map_or(turn, |w| !w);
                    let (cannot, open_now) = cannot_mate_at(end, !loser);
                    open |= open_now;
                    let t = Termination::on_resignation(cannot);
                    outcome = Some(Outcome::new(t.result_for_loser(loser), t, played));
                    if cannot {
                        findings.push(Finding::new(
                            played,
                            None,
                            Article::RESIGNATION,
                            FindingKind::ResignationDrawn,
                            Says::ResignationDrawn { loser },
                        ));
                    }
                }
                None => {}
            }
        }
    }
    let unwinnability_open = open;

    let (termination, ended_at, result_by_laws, article) = match outcome {
        Some(o) => (
            Some(o.termination),
            Some(o.ply),
            Some(o.result),
            Some(o.article),
        ),
        None if stop_article.is_some() => (None, None, None, stop_article),
        None if agreement => (
            Some(Termination::Agreement),
            Some(played),
            Some(GameResult::Draw),
            Some(Article::AGREEMENT),
        ),
        None => (None, None, None, None),
    };
    // The facts of `pgn check`, with this result: the one judgment of both commands.
    let check = check_played(
        &CheckInput {
            game: game.index,
            tags,
            start,
            illegal,
        },
        positions,
        &walk,
        result_by_laws.map_or("*", GameResult::pgn),
        article.map(|a| a.number()),
    );
    let agrees = recorded == result_by_laws;
    if !agrees {
        findings.push(Finding::new(
            recorded_plies,
            None,
            article.unwrap_or(Article("10.1")),
            FindingKind::ResultDisagrees,
            Says::ResultDisagrees {
                tag: result_tag.to_string(),
                laws: result_by_laws,
                article,
            },
        ));
    }

    finish(Review {
        index: game.index,
        tags: Vec::new(),
        start,
        plies,
        start_clocks,
        findings,
        time_control,
        class,
        termination,
        ended_at,
        result_by_laws,
        article,
        agrees,
        unwinnability_open,
        check,
        decisions: Vec::new(),
        unplayed,
    })
}

/// The English SAN of ply `ply` (from 1) of a replayed record, with its check or mate mark
/// (`--` for a null move).
fn san_of(replay: &pgn::Replay, ply: usize) -> String {
    move_of(replay, ply).english().into_owned()
}

/// Ply `ply` (from 1) of a replayed record with the position it was played from (`None`
/// for a null move).
fn move_at(replay: &pgn::Replay, ply: usize) -> Option<MoveAt> {
    replay.moves[ply - 1].map(|mv| MoveAt {
        before: replay.positions[ply - 1],
        mv,
    })
}

/// The move of ply `ply` (from 1) of a replayed record, for a finding.
fn move_of(replay: &pgn::Replay, ply: usize) -> FindingMove {
    move_at(replay, ply).map_or(FindingMove::Null, FindingMove::Legal)
}

/// Both clocks before the first move: the time control's first period, when known.
fn start_clocks(time_control: Option<&TimeControl>) -> [Option<u64>; 2] {
    let start_ms = time_control.map(TimeControl::start_ms).filter(|&ms| ms > 0);
    [start_ms, start_ms]
}

/// A record's clocks run on the time spent on each move (`[%emt]`), for a record that
/// gives no readings (`[%clk]`): a [`Clock`] of the game's time control, pressed after each
/// move at the sum of the times spent so far, so that periods, increments and delays count
/// as the clock counts them (6.3, 6.4).
struct EmtClocks {
    /// One per ply from the first, up to the first move without `[%emt]`.
    plies: Vec<EmtPly>,
}

struct EmtPly {
    /// Both main times after the move, White's first.
    after: [u64; 2],
    /// The mover's time before the move, and the time the move took.
    left_ms: u64,
    spent_ms: u64,
    /// The mover's flag fell during the move: it took all the time left (6.1, 6.9).
    fell: bool,
}

impl EmtClocks {
    /// `None` unless the main line has `[%emt]` and no `[%clk]`, under a timed control.
    fn run(game: &PgnGame, replay: &pgn::Replay, tc: &TimeControl) -> Option<EmtClocks> {
        let moves = &game.moves[..replay.moves.len()];
        if !tc.is_timed() {
            return None;
        }
        // One pass over the moves for both questions (every game of a batch asks them).
        let (clk, emt) = moves.iter().fold((false, false), |(clk, emt), m| {
            (clk | m.clock_ms().is_some(), emt | m.emt_ms().is_some())
        });
        if clk || !emt {
            return None;
        }
        let mut clock = Clock::new(tc.clone());
        clock.start_for(replay.start.turn(), 0).ok()?;
        let mut now = 0u64;
        let mut plies = Vec::with_capacity(moves.len());
        for (i, node) in moves.iter().enumerate() {
            let Some(spent_ms) = node.emt_ms() else { break };
            let color = replay.positions[i].turn();
            let main = |clock: &Clock, c: Color, now: u64| {
                clock.remaining(c, now).map_or(0, |r| r.main_ms)
            };
            let left_ms = main(&clock, color, now);
            now = now.saturating_add(spent_ms);
            let fell = clock.flag(color, now).is_some();
            if clock.press(color, now).is_err() {
                break;
            }
            plies.push(EmtPly {
                after: [
                    main(&clock, Color::White, now),
                    main(&clock, Color::Black, now),
                ],
                left_ms,
                spent_ms,
                fell,
            });
        }
        Some(EmtClocks { plies })
    }
}

/// The replay screen's record: each ply replayed, with its SAN, position, clocks (both
/// sides' latest reading after each ply, or the one the clock gives on the `[%emt]` times)
/// and comments.
fn review_plies(
    game: &PgnGame,
    replay: &pgn::Replay,
    start_clocks: [Option<u64>; 2],
    emt: Option<&EmtClocks>,
) -> Vec<ReviewPly> {
    let mut clocks = start_clocks;
    let mut plies = Vec::with_capacity(replay.moves.len());
    for (i, mv) in replay.moves.iter().enumerate() {
        let node = &game.moves[i];
        let color = replay.positions[i].turn();
        let c = color.index();
        match (node.clock_ms(), emt.and_then(|e| e.plies.get(i))) {
            (Some(ms), _) => clocks[c] = Some(ms),
            // The clock run on the times spent gives both sides (a sandglass moves both).
            (None, Some(p)) => clocks = p.after.map(Some),
            (None, None) => {}
        }
        plies.push(ReviewPly {
            ply: i + 1,
            color,
            mv: *mv,
            san: san_of(replay, i + 1),
            position: replay.positions[i + 1],
            clock_ms: node.clock_ms(),
            emt_ms: node.emt_ms(),
            clocks,
            comments: node.comments().to_vec(),
        });
    }
    plies
}

fn finish(mut r: Review) -> Review {
    r.findings.sort_by_key(|f| f.ply);
    r
}

/// The draw claims open to the player to move at each position of the game before its end
/// (9.2.1, 9.2.2, 9.3.1, 9.3.2): `positions` (with their repetition `keys`) are those the
/// game went through, with their repetition `keys` and how many times each had stood
/// (`repetitions`, as the walk counted them); `over` says the last one ended it.
fn claims(
    replay: &pgn::Replay,
    positions: &[Position],
    walk: &Walk,
    over: bool,
    findings: &mut Vec<Finding>,
) {
    let last = positions.len() - 1;
    let (keys, repetitions) = (&walk.keys[..=last], &walk.repetitions[..=last]);
    // Before the first ply at which a position stood twice or the halfmove count reached
    // 99 (the walk noted it), every ply is passed over below without changing the counts:
    // the loop starts there, with them as they were.
    let Some(first) = walk.first_claim_ply.filter(|&p| p <= last) else {
        return;
    };
    // How many positions since the last capture or pawn move stand at least twice (only
    // then can a written move make a third).
    let mut doubles = 0usize;
    // The plies since then whose position had stood at least twice (only those can stand
    // a third time after a written move: `written_third_move_among`).
    let mut twice: Vec<usize> = Vec::new();
    let mut fifty_now = false;
    let mut fifty_written = false;
    for i in first..=last {
        let pos = &positions[i];
        let hm = pos.halfmove_clock();
        if i == 0 || hm == 0 {
            doubles = 0;
            twice.clear();
            fifty_now = false;
            fifty_written = false;
        }
        let key = keys[i];
        let reps = repetitions[i];
        if reps == 2 {
            doubles += 1;
        }
        if reps >= 2 {
            twice.push(i);
        }
        if over && i == last {
            break;
        }
        // Most plies: no repetition to claim or to make, the fifty moves not near.
        if reps < 3 && doubles == 0 && hm < 99 {
            continue;
        }
        let who = pos.turn();
        let move_here = |ply: usize| (ply > 0).then(|| move_of(replay, ply));
        if reps >= 3 {
            // The plies since the last capture or pawn move (the halfmove clock grows by one
            // a ply) at which the position stood.
            let since = i - (hm as usize).min(i);
            let at: Vec<usize> = (since..=i).filter(|&p| keys[p] == key).collect();
            findings.push(Finding::new(
                i,
                move_here(i),
                Article::THREEFOLD_OCCURRED,
                FindingKind::ThreefoldClaimable,
                Says::ThreefoldOccurred {
                    who,
                    times: reps,
                    at,
                },
            ));
        } else if doubles > 0 {
            if let Some(Some(mv)) = written_third_move_among(&positions[..=i], &keys[..=i], &twice)
            {
                // The third time or more: the position may have stood three or four times.
                let mut after = *pos;
                after.play_unchecked(mv);
                let times = super::game::occurrences_after_move(
                    &positions[..=i],
                    &keys[..=i],
                    i,
                    after.key(),
                ) + 1;
                findings.push(Finding::new(
                    i,
                    move_here(i),
                    Article::THREEFOLD_WRITTEN,
                    FindingKind::ThreefoldClaimable,
                    Says::ThreefoldWritten {
                        who,
                        mv: MoveAt { before: *pos, mv },
                        times,
                    },
                ));
            }
        }
        if hm >= 100 && !fifty_now {
            fifty_now = true;
            findings.push(Finding::new(
                i,
                move_here(i),
                Article::FIFTY_OCCURRED,
                FindingKind::FiftyMovesClaimable,
                Says::FiftyOccurred { who },
            ));
        } else if hm == 99 && !fifty_written {
            // 9.3.1: the move that completes the fifty, as the claim itself is decided.
            if let Some(Some(mv)) = fifty_move_claim_at(pos) {
                fifty_written = true;
                findings.push(Finding::new(
                    i,
                    move_here(i),
                    Article::FIFTY_WRITTEN,
                    FindingKind::FiftyMovesClaimable,
                    Says::FiftyWritten {
                        who,
                        mv: MoveAt { before: *pos, mv },
                    },
                ));
            }
        }
    }
}

/// A game the reader could not read: one finding, no moves.
pub fn review_unreadable(error: &PgnError) -> Review {
    let check = CheckReport::unreadable(error.game.max(1), &[], CheckError::Record(error.clone()));
    Review {
        index: error.game.max(1),
        tags: Vec::new(),
        start: Position::new(),
        plies: Vec::new(),
        start_clocks: [None, None],
        findings: vec![Finding::new(
            0,
            None,
            Article("8.1.1"),
            FindingKind::UnreadableRecord,
            Says::Unreadable {
                error: error.clone(),
            },
        )],
        time_control: None,
        class: None,
        termination: None,
        ended_at: None,
        result_by_laws: None,
        article: None,
        agrees: false,
        unwinnability_open: false,
        check,
        decisions: Vec::new(),
        unplayed: Vec::new(),
    }
}

impl Review {
    /// Drops the review, its tag pairs kept for the tags of the next game read on this
    /// thread (see [`pgn::recycle_tags`]).
    pub(crate) fn recycle(mut self) {
        pgn::recycle_tags(std::mem::take(&mut self.tags));
    }

    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag(&self.tags, name)
    }

    /// The `Result` tag as written (`*` when there is none).
    pub fn result_tag(&self) -> &str {
        self.tag("Result").unwrap_or("*")
    }

    /// The position after `ply` plies (0: the start; past the end: the last one).
    pub fn position_at(&self, ply: usize) -> &Position {
        match ply.checked_sub(1).and_then(|i| self.plies.get(i)) {
            Some(p) => &p.position,
            None if ply == 0 || self.plies.is_empty() => &self.start,
            None => &self.plies[self.plies.len() - 1].position,
        }
    }

    /// Both clocks (White, Black) after `ply` plies, when the record has them.
    pub fn clocks_at(&self, ply: usize) -> [Option<u64>; 2] {
        match ply.checked_sub(1) {
            None => self.start_clocks,
            Some(i) => self
                .plies
                .get(i)
                .or(self.plies.last())
                .map_or(self.start_clocks, |p| p.clocks),
        }
    }

    /// The findings at exactly `ply`.
    pub fn findings_at(&self, ply: usize) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(move |f| f.ply == ply)
    }

    /// The ply of the first finding after `after_ply`, if any.
    pub fn next_finding(&self, after_ply: usize) -> Option<usize> {
        self.findings.iter().map(|f| f.ply).find(|&p| p > after_ply)
    }

    /// The ply of the last finding before `before_ply`, if any.
    pub fn previous_finding(&self, before_ply: usize) -> Option<usize> {
        self.findings
            .iter()
            .rev()
            .map(|f| f.ply)
            .find(|&p| p < before_ply)
    }

    /// The penalty time a first illegal move gives the opponent under this game's class
    /// (7.5.5, A.3, B.3): 120 s standard (or unknown), 60 s rapid and blitz.
    pub fn penalty_seconds(&self) -> u32 {
        self.class.unwrap_or(TimeClass::Standard).penalty_seconds()
    }

    /// The remaining times (White, Black) to set when the position after `restore_to`
    /// plies is reinstated at ply `at_ply`: each player's time used at `at_ply` (from the
    /// clock comments and the time control) is shared out in proportion to the moves made
    /// (the 1970 rules, Art. XIV-7: [`proportional_reconstruction`]). `None` when the record
    /// does not have the clocks or the time control.
    pub fn proportional_clocks(&self, at_ply: usize, restore_to: usize) -> Option<[u64; 2]> {
        let tc = self.time_control.as_ref()?;
        let start = tc.start_ms();
        if start == 0 || restore_to > at_ply {
            return None;
        }
        let bonus = tc
            .periods()
            .first()
            .and_then(|p| p.bonus)
            .map_or(0, |b| b.ms());
        let now = self.clocks_at(at_ply);
        let moves = |ply: usize, c: Color| {
            self.plies[..ply.min(self.plies.len())]
                .iter()
                .filter(|p| p.color == c)
                .count() as u64
        };
        let mut out = [0; 2];
        for c in [Color::White, Color::Black] {
            let (made_now, made_then) = (moves(at_ply, c), moves(restore_to, c));
            let used = (start + bonus * made_now).saturating_sub(now[c.index()]?);
            let used_then =
                proportional_reconstruction([used, 0], made_now as u32, made_then as u32)[0];
            out[c.index()] = (start + bonus * made_then).saturating_sub(used_then);
        }
        Some(out)
    }

    /// Records an arbiter's decision, taken at `at_ply`.
    pub fn decide(&mut self, at_ply: usize, decision: Decision) -> Result<(), DecisionError> {
        let plies = self.plies.len();
        if at_ply > plies {
            return Err(DecisionError::NoSuchPly { ply: at_ply, plies });
        }
        if let Decision::RestorePosition { ply } = decision {
            if ply > at_ply {
                return Err(DecisionError::RestoreAfterDecision {
                    restore: ply,
                    at: at_ply,
                });
            }
        }
        self.decisions.push(RecordedDecision { at_ply, decision });
        Ok(())
    }

    /// The result the arbiter declared last, if any.
    pub fn declared_result(&self) -> Option<(GameResult, Article)> {
        self.decisions.iter().rev().find_map(|d| match d.decision {
            Decision::DeclareResult { result, article } => Some((result, article)),
            _ => None,
        })
    }

    /// The final result: the arbiter's when declared, else the Laws'.
    pub fn final_result(&self) -> Option<(GameResult, Option<Article>)> {
        match self.declared_result() {
            Some((r, a)) => Some((r, Some(a))),
            None => self.result_by_laws.map(|r| (r, self.article)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::testing::quiet_game;

    /// A replay of a seeded random game of at most 300 plies of mostly quiet moves
    /// ([`quiet_game`]: many repetitions, fifty moves without a capture or a pawn move).
    fn quiet_replay(seed: &mut u64) -> pgn::Replay {
        let (moves, positions) = quiet_game(300, seed);
        pgn::Replay {
            start: positions[0],
            start_error: None,
            moves: moves.into_iter().map(Some).collect(),
            positions,
            illegal: None,
            variation_errors: Vec::new(),
        }
    }

    /// Art. 9.2 and 9.3: the claims found from the first ply the walk marks
    /// (`Walk::first_claim_ply`) are those found by going over every ply from the start, on
    /// random games of mostly quiet moves (many repetitions, and fifty moves without a pawn
    /// move or a capture).
    #[test]
    fn art_9_2_and_9_3_claims_found_from_the_walks_first_claim_ply_as_from_the_start() {
        let mut seed = 0x2545_f491_4f6c_dd1d;
        let (mut threefold, mut fifty) = (0, 0);
        for _ in 0..60 {
            let replay = quiet_replay(&mut seed);
            let walk = Walk::new(&replay.positions, 0);
            for over in [false, true] {
                let claims_from = |first| {
                    let mut findings = Vec::new();
                    let walk = Walk {
                        first_claim_ply: first,
                        ..walk.clone()
                    };
                    claims(&replay, &replay.positions, &walk, over, &mut findings);
                    findings
                };
                let from_start = claims_from(Some(0));
                for f in &from_start {
                    match f.kind {
                        FindingKind::ThreefoldClaimable => threefold += 1,
                        FindingKind::FiftyMovesClaimable => fifty += 1,
                        other => panic!("not a claim: {other:?}"),
                    }
                }
                assert_eq!(claims_from(walk.first_claim_ply), from_start);
            }
        }
        // Claims of both rules were found.
        assert!(threefold > 5 && fifty > 5, "{threefold} {fifty}");
    }

    /// Art. 9.2.1: the claims by a written move that a record's claims find (from the list
    /// of positions that stood twice, kept as they go) are those found at each ply by
    /// looking at every position since the last capture or pawn move, on random games of
    /// mostly quiet moves; the game over or not.
    #[test]
    fn art_9_2_1_written_claims_of_a_record_as_from_every_position_since_the_last_reset() {
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        let mut written = 0;
        for _ in 0..300 {
            let replay = quiet_replay(&mut seed);
            let positions = &replay.positions;
            let walk = Walk::new(positions, 0);
            let last = positions.len() - 1;
            for over in [false, true] {
                let mut findings = Vec::new();
                claims(&replay, positions, &walk, over, &mut findings);
                let found: Vec<(usize, MoveAt)> = findings
                    .iter()
                    .filter_map(|f| match &f.says {
                        Says::ThreefoldWritten { mv, .. } => Some((f.ply, *mv)),
                        _ => None,
                    })
                    .collect();
                let end = if over { last } else { last + 1 };
                let expected: Vec<(usize, MoveAt)> = (0..end)
                    .filter(|&i| walk.repetitions[i] < 3)
                    .filter_map(|i| {
                        let (p, k) = (&positions[..=i], &walk.keys[..=i]);
                        let mv = super::super::game::written_third_move(p, k)??;
                        Some((
                            i,
                            MoveAt {
                                before: positions[i],
                                mv,
                            },
                        ))
                    })
                    .collect();
                assert_eq!(found, expected);
                written += found.len();
            }
        }
        assert!(written > 10, "{written}");
    }
}
