//! `pgn check`: per recorded game, whether its moves are legal and what the Laws say about
//! its final position and its result. The facts come from replaying the moves through a
//! [`Game`] (the one place that decides how a game ends) plus a walk over its positions for
//! the first ply at which each automatic or claimable draw held.

use serde::Serialize;

use crate::core::{Color, Move, Position, Role, dead};
use crate::json;

use super::pgn;

use super::article::Article;
use super::game::{
    GameResult, IllegalKind, Outcome, Termination, automatic_end, automatic_end_alive,
    fifty_move_claim_at, mating_side_by_race, occurrences, threefold_claim_at, unwinnable,
};

/// What `pgn check --json` prints for one game (one JSON object per line). Field names are
/// part of the interface.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckReport {
    /// The file the game comes from (set by the command line).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// 1-based index of the game in its file.
    pub game: usize,
    pub white: String,
    pub black: String,
    /// The `Result` tag as written.
    pub result: String,
    /// Plies played legally (the legal prefix when a move is illegal).
    pub plies: usize,
    pub moves_legal: bool,
    /// The 1-based ply of the first illegal move, if any.
    pub first_illegal_ply: Option<usize>,
    /// What is wrong with the first illegal move or the set-up, if anything (in English
    /// in the JSON report; `speech::batch::check_line` says it in the report's language).
    pub error: Option<CheckError>,
    /// The final position, with the en-passant square only when a capture is legal.
    pub final_fen: String,
    pub checkmate: bool,
    pub stalemate: bool,
    /// Neither side can mate (Art. 5.2.2), by the unwinnability analysis.
    pub dead_position: bool,
    /// The player to move at the end could claim a threefold repetition now (9.2.1, 9.2.2).
    pub threefold_claimable_at_end: bool,
    /// The final position stands for the fifth time (9.6.1).
    pub fivefold_at_end: bool,
    /// The player to move at the end could claim the fifty-move rule now (9.3.1, 9.3.2).
    pub fifty_move_claimable_at_end: bool,
    /// The final position is a 75-move draw (9.6.2).
    pub seventyfive_move_at_end: bool,
    /// Plies played when a position first stood for the third time.
    pub first_threefold_ply: Option<usize>,
    /// Plies played when a position first stood for the fifth time.
    pub first_fivefold_ply: Option<usize>,
    /// Plies played when the halfmove count first reached 150 without the last move mating.
    pub first_75move_ply: Option<usize>,
    /// The result the Laws give (`1-0`, `0-1`, `1/2-1/2`, or `*` when they cannot tell).
    pub result_by_laws: &'static str,
    /// The article behind `result_by_laws`, e.g. "5.1.1".
    pub article: Option<&'static str>,
}

/// What [`check_played`] needs to know of a recorded game besides its positions.
pub struct CheckInput<'a> {
    pub game: usize,
    pub tags: &'a [(String, String)],
    pub start: Position,
    /// Where the record's moves stop being checked, if before its end.
    pub illegal: Option<RecordStop>,
}

/// Why a game's moves stop being checked: data, worded by speech; written in English
/// (its `Display`) in the JSON report, whose values stay in one language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckError {
    /// The game could not be read, or a move of its main line is illegal or a null move.
    Record(pgn::PgnError),
    /// The game cannot be set up (its FEN or Variant tag).
    Start(pgn::StartError),
}

impl std::fmt::Display for CheckError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CheckError::Record(e) => e.fmt(f),
            CheckError::Start(e) => e.fmt(f),
        }
    }
}

impl Serialize for CheckError {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Where the moves of a record stop being checked, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordStop {
    /// The 1-based ply of the move that stops them (1 for a game that could not be read or
    /// set up).
    pub ply: usize,
    /// The article behind the result by the Laws there: an illegal move (7.5.1) or a null
    /// move, the clock pressed without a move (7.5.3); none for a game that could not be
    /// read or set up.
    pub article: Option<Article>,
    /// What is wrong, and where.
    pub error: CheckError,
}

impl RecordStop {
    /// Where the replay of `game` stops: its first null move or its illegal move. `legal`
    /// is the replay's [`pgn::Replay::legal_prefix`], which the caller has.
    pub fn of_replay(
        replay: &pgn::Replay,
        game: &pgn::PgnGame,
        legal: usize,
    ) -> Option<RecordStop> {
        let error = replay.error_at(game, legal)?;
        let kind = match error.kind {
            pgn::PgnErrorKind::NullMove { .. } => IllegalKind::ClockWithoutMove,
            _ => IllegalKind::Move,
        };
        Some(RecordStop {
            ply: legal + 1,
            article: Some(kind.article()),
            error: CheckError::Record(error),
        })
    }
}

fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// What holds after each ply of a recorded line (index 0: the start position).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlyFacts {
    /// Plies played.
    pub ply: usize,
    /// The repetition key of the position (Art. 9.2.3).
    pub key: u64,
    /// How many times this position has stood so far, this time included (9.2, 9.6.1).
    pub repetitions: usize,
    /// Halfmoves without a capture or pawn move (9.3, 9.6.2).
    pub halfmoves: u32,
    pub checkmate: bool,
}

/// The facts after each ply of `moves` (legal moves) from `start`.
pub fn ply_facts(start: Position, moves: &[Move]) -> Vec<PlyFacts> {
    let positions = positions_of(start, moves);
    let walk = Walk::new(&positions, 0);
    (0..positions.len())
        .map(|ply| PlyFacts {
            ply,
            key: walk.keys[ply],
            repetitions: walk.repetitions[ply] as usize,
            halfmoves: positions[ply].halfmove_clock(),
            checkmate: ply > 0 && positions[ply].is_checkmate(),
        })
        .collect()
}

/// The positions of a legal line: `start`, then the one after each move.
fn positions_of(start: Position, moves: &[Move]) -> Vec<Position> {
    let mut positions = Vec::with_capacity(moves.len() + 1);
    let mut pos = start;
    positions.push(pos);
    for &mv in moves {
        pos.play_unchecked(mv);
        positions.push(pos);
    }
    positions
}

/// One walk over the positions of a legal line (`positions[0]` the start, then one per
/// ply): the repetition keys and counts of every position, and where the game ended by
/// itself ([`automatic_end`], the test the live game asks after every move). `pgn check`
/// and the arbiter's review both read a record through it, so its moves are played once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Walk {
    /// The repetition key of each position (Art. 9.2.3).
    pub keys: Vec<u64>,
    /// How many times each position has stood so far, itself included (9.2, 9.6.1),
    /// counted up to 255.
    pub repetitions: Vec<u8>,
    /// The first automatic end: the plies played and how.
    pub end: Option<(usize, Termination)>,
    /// The first ply (up to the end) after which the 5.2.2 search could not decide.
    pub open_at: Option<usize>,
    /// The first ply after which a position stood for the third time, and for the fifth
    /// (the start position not counted: no move made it).
    pub first_threefold: Option<usize>,
    pub first_fivefold: Option<usize>,
    /// The first ply after which the halfmove count stood at 150 without the last move
    /// mating (9.6.2).
    pub first_75_moves: Option<usize>,
    /// The first ply at which a position stood for the second time or more, or the halfmove
    /// count reached 99: no claim of 9.2 or 9.3 (made or by a written move) can be made
    /// before it.
    pub first_claim_ply: Option<usize>,
}

impl Walk {
    /// Walks `positions` with `dead_search` nodes of 5.2.2 search per ply (0: the quick
    /// test only, as in a live game).
    pub fn new(positions: &[Position], dead_search: u64) -> Walk {
        Walk::over(positions, dead_search, 0, false)
    }

    /// [`Walk::new`] over a record whose `Result` tag is `result`, which a report asks the
    /// full 5.2.2 search about its last position anyway ([`check_played`]): asked first,
    /// when that position is winnable for a side no position before it is dead, and the
    /// per-ply quick test (with `dead_search` 0) is not run on them. When it is not (a game
    /// that ended dead, or whose end the search left open), the longest prefix of positions
    /// known to be alive is found by [`alive_prefix`], and the quick test runs only after
    /// it. The same walk as [`Walk::new`] (the quick test is sound: it never calls a
    /// winnable position dead).
    pub fn of_record(positions: &[Position], dead_search: u64, result: &str) -> Walk {
        let (alive_before, end_alive) = match positions.last() {
            Some(end) if dead_search == 0 => match end_by_search(end, result) {
                EndSearch::Alive => (positions.len() - 1, true),
                _ => (alive_prefix(positions), false),
            },
            _ => (0, false),
        };
        Walk::over(positions, dead_search, alive_before, end_alive)
    }

    /// The walk; the positions before `alive_before` (which is less than their number, or
    /// 0) are known to be winnable for a side, and each has a next move. `end_alive`: the
    /// last position is known to be winnable for a side too (so not dead; it may have no
    /// legal move, being a checkmate).
    fn over(
        positions: &[Position],
        dead_search: u64,
        alive_before: usize,
        end_alive: bool,
    ) -> Walk {
        let n = positions.len();
        // The keys in a loop of their own, and every position counted once until one is
        // found standing again.
        let keys: Vec<u64> = positions.iter().map(Position::key).collect();
        let mut repetitions = vec![1u8; n];
        let mut walk = Walk::default();
        // The keys since the last capture or pawn move, as a filter of 1024 bits: a key whose
        // bit is not set stands for the first time (most positions), and only the others are
        // counted. (The halfmove clock grows by one a ply, so the positions `occurrences`
        // looks at all came after the last reset.)
        let mut seen = [0u64; 16];
        for (ply, pos) in positions.iter().enumerate() {
            let key = keys[ply];
            let hm = pos.halfmove_clock();
            if ply == 0 || hm == 0 {
                seen = [0; 16];
            }
            let (word, bit) = ((key as usize >> 6) & 15, 1u64 << (key & 63));
            let reps = if seen[word] & bit == 0 {
                seen[word] |= bit;
                1
            } else {
                let reps = occurrences(positions, &keys, ply, key);
                repetitions[ply] = reps.min(255) as u8;
                reps
            };
            // Most plies: a position standing for the first time, the halfmove count below
            // 99. Nothing to note there, and no automatic end but by a search (9.6 needs a
            // fifth occurrence or 150 halfmoves).
            let plain = reps == 1 && hm < 99;
            if !plain {
                walk.first_claim_ply.get_or_insert(ply);
                if ply > 0 {
                    if reps >= 3 {
                        walk.first_threefold.get_or_insert(ply);
                    }
                    if reps >= 5 {
                        walk.first_fivefold.get_or_insert(ply);
                    }
                    // 9.6.2 as `seventyfive_move_at_end` reads it: a checkmate takes
                    // precedence, and a stalemate (5.2.1) has already ended the game.
                    if walk.first_75_moves.is_none() && hm >= 150 && pos.has_legal_moves() {
                        walk.first_75_moves = Some(ply);
                    }
                }
            }
            if walk.end.is_none() {
                // Before a position known to be winnable for a side, each has a legal move
                // (the next one) and is not dead.
                let (end, open) = if ply < alive_before {
                    let end = if plain {
                        None
                    } else {
                        automatic_end_alive(pos, reps)
                    };
                    (end, false)
                } else if end_alive && ply + 1 == n {
                    // Winnable for a side: not dead (5.2.2), and a stalemate is not
                    // winnable (5.2.1), so without a legal move it is a checkmate.
                    let end = if pos.has_legal_moves() {
                        automatic_end_alive(pos, reps)
                    } else {
                        Some(Termination::Checkmate)
                    };
                    (end, false)
                } else {
                    automatic_end(pos, reps, dead_search, quiet_line(positions, ply))
                };
                if open && walk.open_at.is_none() {
                    walk.open_at = Some(ply);
                }
                walk.end = end.map(|t| (ply, t));
            }
        }
        walk.keys = keys;
        walk.repetitions = repetitions;
        walk
    }

    /// The automatic end as an outcome, given the positions walked.
    pub fn outcome(&self, positions: &[Position]) -> Option<Outcome> {
        self.end
            .map(|(ply, t)| Outcome::new(t.result_at(&positions[ply]), t, ply))
    }
}

/// What the full 5.2.2 search says of `end`, the last position of a record whose `Result`
/// tag is `result`. The side the tag names as the winner (White when it names none) is
/// asked first: when it can mate the other is not asked, and the arbiter's 5.1.2 or 6.9
/// question about that side, which comes next, is remembered ([`unwinnable`] keeps its
/// last answers) instead of searched again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EndSearch {
    /// Neither side can checkmate.
    Dead,
    /// A side can (a helpmate was found).
    Alive,
    /// The search could not decide.
    Open,
}

/// Whether the record goes on from `positions[ply]` by [`dead::DEAD_DEPTH`] moves that take
/// nothing and push no pawn (the halfmove count grows by one a ply), the position after
/// them having a move too (the next one): the quick test's shallow search cannot prove
/// that position unwinnable (see [`dead::quick_both_unwinnable_on_record`]). On uniformly
/// random games, where the walk asks the quick test at most plies of the long endings,
/// `adjudicate` (callgrind, LTO) took 7.0 to 7.6 % fewer instructions (seed 1 459.61 M →
/// 424.74 M), the real games the same (776.37 M).
fn quiet_line(positions: &[Position], ply: usize) -> bool {
    let depth = dead::DEAD_DEPTH as usize;
    ply + depth + 1 < positions.len()
        && positions[ply + depth].halfmove_clock()
            == positions[ply].halfmove_clock() + dead::DEAD_DEPTH
}

fn end_by_search(end: &Position, result: &str) -> EndSearch {
    let winner = GameResult::from_pgn(result.trim()).and_then(GameResult::winner);
    // Without a winner to ask about, a short search of each side in turn finds most
    // helpmates for less than the full search of one side does (not in endings of minor
    // pieces only, whose helpmates are long: see `only_minor_pieces`).
    if winner.is_none() && !only_minor_pieces(end) && mating_side_by_race(end).is_some() {
        return EndSearch::Alive;
    }
    let first = winner.unwrap_or(Color::White);
    let answer = |a: Option<bool>| match a {
        Some(true) => EndSearch::Dead,
        Some(false) => EndSearch::Alive,
        None => EndSearch::Open,
    };
    match answer(unwinnable(end, first)) {
        EndSearch::Dead => answer(unwinnable(end, !first)),
        other => other,
    }
}

/// Nodes of one probe of [`alive_prefix`] (per side), and of all its probes of one record.
/// Small: a probe that runs out proves nothing and costs no correctness, only the quick
/// test at the plies it leaves, and most positions of a game have a short helpmate. (On
/// 1,000 uniformly random games, callgrind: 200 and 2,000 spent 947 M instructions in all,
/// 300 and 3,000 975 M, 1,000 and 10,000 1,335 M, 20,000 per probe without a total 1,444 M.)
///
/// 120 since the built lines (`core::dead`'s `heavy`, `kbn`, `shut`, `pawns`, `step_in`)
/// took the long helpmates of the commonest endings off the searches: a probe that runs out
/// now mostly faces an ending whose helpmate no budget of this size finds (a pawn and minor
/// pieces against a bare king or a lone minor piece; seed 2: 79 probes ran out, 15,800 of
/// the probes' 42,000 nodes), and of those that find one, 96 % do within 120 nodes.
/// `adjudicate` (callgrind, LTO) with 120 rather than 200, 600 uniformly random games of
/// seeds 2 to 5 and 1,000 of seed 1: −0.6 to −2.1 % (seed 1 378.25 M → 374.25 M), the real
/// games and `benches/adjudicate.sh`'s own corpus the same (+0.01 %, 0); the output the
/// same. Lower is worse on some corpora: at 60 seed 3 took 23 % more (the quick test
/// asked at every ply of long endings whose probes ran out), at 100 seed 5 gained nothing.
pub const PROBE_BUDGET: u64 = 120;
const PROBES_BUDGET: u64 = 2_000;

/// How many positions at the start of `positions` (a legal line; its last position not
/// counted) are proven winnable for a side, hence not dead (Art. 5.2.2): a position from
/// which a winnable one was reached by legal moves is itself winnable (the moves played,
/// then the helpmate, are a series of legal moves that mates), so "some side can mate" holds
/// on a prefix of the line. The full search is asked about a few positions only, galloping
/// back from the end (where the boundary usually is: the capture that left too little
/// material) and then halving the interval, the side that mated last asked first (the
/// other first when it has more means to a short helpmate, a queen or a rook before a pawn:
/// see [`mating_means`]). A probe
/// that finds no helpmate within its budget (the position dead, or the helpmate long) only
/// makes the prefix shorter: the quick test is then asked at every ply after it, as
/// without this shortcut. Each helpmate found is followed along the record as far as the
/// record plays its moves.
fn alive_prefix(positions: &[Position]) -> usize {
    let n = positions.len();
    if n < 2 {
        return 0;
    }
    let last = n - 1;
    let mut first_side = Color::White;
    let mut left = PROBES_BUDGET;
    // The material and side of each probe that ran out of nodes: a later probe of the same
    // side in the same material is not made (the position is one of the same ending, whose
    // helpmate is as long; see `material_signature`).
    let mut ran_out: Vec<(u64, Color)> = Vec::new();
    // Whether a side can mate from `positions[j]`, and if so how far along the record its
    // line is followed (the first ply not known to be alive).
    let mut probe = |j: usize| -> Option<usize> {
        let pos = &positions[j];
        if only_minor_pieces(pos) {
            return None;
        }
        let sig = material_signature(pos);
        // The side that mated last first, unless the other has the likelier short helpmate.
        let order = if mating_means(pos, !first_side) > mating_means(pos, first_side) {
            [!first_side, first_side]
        } else {
            [first_side, !first_side]
        };
        for side in order {
            if left == 0 {
                return None;
            }
            // A side with only minor pieces is not probed (see `mating_means`).
            if ran_out.contains(&(sig, side)) || mating_means(pos, side) == 0 {
                continue;
            }
            let (v, spent) = dead::helpmate_counted(pos, side, left.min(PROBE_BUDGET));
            left = left.saturating_sub(spent.max(1));
            if v == dead::Verdict::Undetermined {
                ran_out.push((sig, side));
            }
            if let dead::Verdict::Winnable(line) = v {
                first_side = side;
                let mut k = j;
                let mut p = *pos;
                for mv in line {
                    if k + 1 >= last {
                        break;
                    }
                    p.play_unchecked(mv);
                    if p != positions[k + 1] {
                        break;
                    }
                    k += 1;
                }
                return Some(k + 1);
            }
        }
        None
    };
    // Gallop back from the end: `hi` is the earliest ply probed without a helpmate.
    let mut hi = last;
    let mut step = 1;
    let mut lo = loop {
        let j = last.saturating_sub(step);
        if let Some(alive) = probe(j) {
            break alive;
        }
        hi = j;
        if j == 0 {
            return 0;
        }
        step *= 2;
    };
    // Then halve: plies before `lo` are alive, `hi` was probed without a helpmate (once
    // the budget is spent, every probe says so at once).
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        match probe(mid) {
            Some(alive) => lo = alive.max(mid + 1),
            None => hi = mid,
        }
    }
    // Then forward from the last position known alive, as long as each next position can
    // come back to it (a probe proved nothing there, but the position before it is alive).
    while 0 < lo && lo < last && dead::comes_back(&positions[lo - 1], &positions[lo]) {
        lo += 1;
    }
    lo.min(last)
}

/// How readily `side` mates in `pos`, for the order of [`alive_prefix`]'s probes: 2 for a
/// queen or a rook, 1 more for a pawn (which may become one). The side with only minor
/// pieces mostly needs the loser's own pieces round its king, a long helpmate that a probe
/// of [`PROBE_BUDGET`] nodes does not find, while the other side's is short. Only the cost
/// changes (a probe proves only what it finds). `adjudicate` (callgrind, a build without
/// LTO) on 1,000 and 600 uniformly random games of seeds 1, 2 and 3: 574.9 M → 559.3 M,
/// 330.6 M → 317.1 M, 358.5 M → 346.7 M instructions; real games 847.0 M → 846.1 M; the
/// output the same.
///
/// A side with none (minor pieces only, or a bare king) is not probed at all: on uniform
/// seed 1 its 208 probes had found 37 helpmates for 2,909 nodes and run out 63 times for
/// 12,600 (the other side's pieces are rarely placed round its king within 200 nodes), and
/// the quick test at the plies a shorter prefix leaves costs less than that since the
/// record's quiet lines spare its shallow search. `adjudicate` (callgrind, LTO): uniform
/// seeds 1, 2, 3 −3.1, −3.5, −3.6 % (424.39 M → 411.25 M on seed 1), the real games the
/// same; the output the same.
fn mating_means(pos: &Position, side: Color) -> u32 {
    let pawns = pos.pieces(side, Role::Pawn);
    2 * u32::from(dead::has_heavy_piece(pos, side)) + u32::from(pawns.nonempty())
}

/// The material of `pos`: how many pieces of each kind each side has, four bits each. A
/// probe of [`alive_prefix`] that ran out of nodes is not made again for the same side in
/// the same material within a record: the positions the walk probes near each other are
/// mostly one ending, and a helpmate too long for one probe is mostly too long for the
/// next. Only which plies are proven alive changes (the quick test runs at the others and
/// answers as before). `adjudicate` (callgrind, a build without LTO), 1,000 and 600
/// uniformly random games of seeds 1, 2 and 3: 659.0 M → 636.9 M, 349.3 M → 340.9 M,
/// 376.2 M → 370.2 M instructions; real games 871.8 M → 870.9 M; the output the same (with
/// LTO, docs/arbiter.md: 618.9 M → 599.1 M on seed 1). Keyed by the prober's
/// own material only, seeds 2 and 3 cost 16 % and 10 % more: with the other side's
/// material changed the helpmate often is short again.
fn material_signature(pos: &Position) -> u64 {
    let mut sig = 0u64;
    for color in Color::ALL {
        for role in Role::ALL {
            sig = (sig << 4) | u64::from(pos.pieces(color, role).count().min(15));
        }
    }
    sig
}

/// Whether the pieces on the board besides the kings are bishops and knights only (at least
/// one): the endings where a helpmate, when there is one, is long (K+B+N against K, two
/// knights, a minor piece on each side: 300 to 40,000 nodes of the guided search on the
/// positions of uniformly random games), so that a probe of [`PROBE_BUDGET`] nodes all but
/// never finds it. On the first 1,000 uniformly random games 1,299 probes of such positions
/// ran out (256,000 nodes) and 136 found a helpmate (11,000 nodes); they are not made, and
/// the quick test is asked at those plies instead, as it is wherever a probe finds nothing.
fn only_minor_pieces(pos: &Position) -> bool {
    let pieces = pos.occupied() & !pos.by_role(Role::King);
    pieces.nonempty()
        && (pieces & !(pos.by_role(Role::Bishop) | pos.by_role(Role::Knight))).is_empty()
}

/// Whether neither side can checkmate in `end` (see [`end_by_search`]).
fn dead_at_end(end: &Position, result: &str) -> bool {
    end_by_search(end, result) == EndSearch::Dead
}

/// The facts of a game the arbiter's review has played and walked (`positions` are
/// `input.start` and the position after each move of the legal prefix, `walk` covers them),
/// with the result the review gives it by the Laws and that result's article: the review
/// ([`crate::laws::arbiter`]) is the one place the recorded result is judged, for
/// `adjudicate` and `pgn check` alike.
pub fn check_played(
    input: &CheckInput<'_>,
    positions: &[Position],
    walk: &Walk,
    result_by_laws: &'static str,
    article: Option<&'static str>,
) -> CheckReport {
    // The record may go on past an automatic end: the facts cover all of it, the result by
    // the Laws is the first end reached.
    let plies = positions.len() - 1;
    let end = positions[plies];
    let end_count = walk.repetitions[plies];
    let has_moves = end.has_legal_moves();
    let threefold_claimable = has_moves && threefold_claim_at(positions, &walk.keys).is_some();
    let fifty_claimable = has_moves && fifty_move_claim_at(&end).is_some();

    let result_tag = tag(input.tags, "Result").unwrap_or("*").to_string();
    let dead_position = dead_at_end(&end, &result_tag);
    CheckReport {
        file: None,
        game: input.game,
        white: tag(input.tags, "White").unwrap_or("?").to_string(),
        black: tag(input.tags, "Black").unwrap_or("?").to_string(),
        result: result_tag,
        plies,
        moves_legal: input.illegal.is_none(),
        first_illegal_ply: input.illegal.as_ref().map(|stop| stop.ply),
        error: input.illegal.as_ref().map(|stop| stop.error.clone()),
        final_fen: end.to_fen_legal_ep(),
        checkmate: !has_moves && end.is_check(),
        stalemate: !has_moves && !end.is_check(),
        dead_position,
        threefold_claimable_at_end: threefold_claimable,
        fivefold_at_end: has_moves && end_count >= 5,
        fifty_move_claimable_at_end: fifty_claimable,
        seventyfive_move_at_end: has_moves && end.halfmove_clock() >= 150,
        first_threefold_ply: walk.first_threefold,
        first_fivefold_ply: walk.first_fivefold,
        first_75move_ply: walk.first_75_moves,
        result_by_laws,
        article,
    }
}

impl CheckReport {
    /// The report as a JSON object (`pgn check --json`), as serde_json writes it.
    pub fn json(&self) -> String {
        let mut out = Vec::with_capacity(512);
        let mut o = json::Object::begin(&mut out);
        self.json_fields(&mut o, None);
        o.end();
        String::from_utf8(out).unwrap_or_default()
    }

    /// The report's fields, in order, into an object being written; `file`, when given,
    /// stands for the report's own.
    pub(crate) fn json_fields(&self, o: &mut json::Object<'_>, file: Option<&str>) {
        if let Some(file) = file.or(self.file.as_deref()) {
            o.str("file", file);
        }
        o.uint("game", self.game)
            .str("white", &self.white)
            .str("black", &self.black)
            .str("result", &self.result)
            .uint("plies", self.plies)
            .bool("moves_legal", self.moves_legal)
            .opt_uint("first_illegal_ply", self.first_illegal_ply)
            .opt_str(
                "error",
                self.error.as_ref().map(ToString::to_string).as_deref(),
            )
            .plain("final_fen", &self.final_fen)
            .bool("checkmate", self.checkmate)
            .bool("stalemate", self.stalemate)
            .bool("dead_position", self.dead_position)
            .bool(
                "threefold_claimable_at_end",
                self.threefold_claimable_at_end,
            )
            .bool("fivefold_at_end", self.fivefold_at_end)
            .bool(
                "fifty_move_claimable_at_end",
                self.fifty_move_claimable_at_end,
            )
            .bool("seventyfive_move_at_end", self.seventyfive_move_at_end)
            .opt_uint("first_threefold_ply", self.first_threefold_ply)
            .opt_uint("first_fivefold_ply", self.first_fivefold_ply)
            .opt_uint("first_75move_ply", self.first_75move_ply)
            .plain("result_by_laws", self.result_by_laws)
            .opt_plain("article", self.article);
    }

    /// The report of a game that could not be read or set up: no moves, the error, and the
    /// facts of the start position (the standard one when none could be set up).
    pub fn unreadable(game: usize, tags: &[(String, String)], error: CheckError) -> CheckReport {
        let input = CheckInput {
            game,
            tags,
            start: Position::new(),
            illegal: Some(RecordStop {
                ply: 1,
                article: None,
                error,
            }),
        };
        let positions = [input.start];
        let walk = Walk::of_record(&positions, 0, tag(tags, "Result").unwrap_or("*"));
        check_played(&input, &positions, &walk, "*", None)
    }
}

/// Whether a `Termination` tag says the game was lost on time (`time forfeit`, `Time`):
/// it holds "time" in any case. Looked for in place, with no lowercase copy made of every
/// game's tag.
pub(crate) fn says_on_time(termination: &str) -> bool {
    termination
        .as_bytes()
        .windows(4)
        .any(|w| w.eq_ignore_ascii_case(b"time"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::testing::{quiet_game, random_line};
    use crate::laws::game::occurrences;

    /// Art. 5.2.2, per ply, differential: on random games of endings (uniformly drawn moves,
    /// few pieces; two start where only the quick test's shallow search proves the position
    /// dead), the walk's answer with the record's quiet lines ([`quiet_line`]) is the quick
    /// test's at every ply. Many plies must have a quiet line and many be dead, or the test
    /// proves nothing.
    #[test]
    fn art_5_2_2_quiet_line_of_the_record_keeps_the_quick_answer() {
        let starts = [
            "8/8/3k4/8/1N6/5p2/4K3/8 w - - 0 1",
            "8/8/3k4/3b4/8/2N5/4K3/8 b - - 0 1",
            "8/8/2k5/8/3R4/5b2/4K3/8 w - - 0 1",
            "8/2p5/3k4/8/8/2B5/4K1P1/8 w - - 0 1",
            "8/8/3k4/2n5/8/4Q3/4K3/6b1 b - - 0 1",
            // Dead by the shallow search alone (the queen must be taken), at the end of
            // uniformly random games of seeds 1 and 2.
            "8/8/8/8/3q4/3K4/1B6/3k4 w - - 12 216",
            "8/2k5/8/Kq6/8/8/8/5B2 w - - 40 132",
        ];
        let mut seed = 0x0dd_ba11_u64;
        let (mut asked, mut quiet, mut dead) = (0, 0, 0);
        for fen in starts {
            for _ in 0..8 {
                let positions = random_line(Position::from_fen(fen).unwrap(), 80, &mut seed);
                for (ply, pos) in positions.iter().enumerate() {
                    let five = dead::at_least_five_moves(pos);
                    if !five && !pos.has_legal_moves() {
                        continue;
                    }
                    let q = quiet_line(&positions, ply);
                    let plain = dead::quick_both_unwinnable(pos, five);
                    let walked = dead::quick_both_unwinnable_on_record(pos, five, q);
                    assert_eq!(walked, plain, "{} (quiet line: {q})", pos.to_fen());
                    asked += 1;
                    quiet += usize::from(q);
                    dead += usize::from(plain);
                }
            }
        }
        assert!(
            quiet > 600 && dead > 50 && dead < asked,
            "{asked} plies, {quiet} with a quiet line, {dead} dead"
        );
    }

    /// Art. 5.2.2: a position from which a winnable one was reached by legal moves is not
    /// dead, and one that has a next move is neither mate nor stalemate: the walk that skips
    /// those tests before a winnable last position gives what the full walk gives, whatever
    /// the result tag (which only orders the searches), on long random games that end in
    /// every way (mate, stalemate, dead position, fivefold, 75 moves, cut off).
    #[test]
    fn art_5_2_2_no_position_before_a_winnable_one_is_dead() {
        let mut seed = 0x2545_f491_4f6c_dd1d;
        let (mut alive, mut other, mut ended) = (0, 0, 0);
        for game in 0..60 {
            let positions = random_line(Position::new(), 100 + 10 * game, &mut seed);
            let full = Walk::new(&positions, 0);
            ended += usize::from(full.end.is_some());
            let end = positions.last().unwrap();
            for result in ["1-0", "0-1", "1/2-1/2", "*"] {
                if end_by_search(end, result) == EndSearch::Alive {
                    alive += 1;
                } else {
                    other += 1;
                }
                assert_eq!(Walk::of_record(&positions, 0, result), full, "game {game}");
            }
        }
        assert!(
            alive > 0 && other > 0 && ended > 0,
            "{alive} {other} {ended}"
        );
    }

    /// Art. 9.2.2: the walk's count of each position's occurrences (through its filter of
    /// the keys since the last capture or pawn move) is the count by scanning back, on
    /// random games of mostly quiet piece moves, which repeat positions often.
    #[test]
    fn art_9_2_2_occurrences_counted_through_the_filter_as_by_scanning() {
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        let mut repeated = 0;
        for _ in 0..40 {
            let (_, positions) = quiet_game(400, &mut seed);
            let walk = Walk::new(&positions, 0);
            for ply in 0..positions.len() {
                let scanned = occurrences(&positions, &walk.keys, ply, walk.keys[ply]);
                assert_eq!(
                    walk.repetitions[ply] as usize,
                    scanned.min(255),
                    "ply {ply}"
                );
                repeated += usize::from(scanned > 1);
            }
            // The first ply from which a claim can arise (see `Walk::first_claim_ply`).
            let first = (0..positions.len()).find(|&ply| {
                let scanned = occurrences(&positions, &walk.keys, ply, walk.keys[ply]);
                scanned >= 2 || positions[ply].halfmove_clock() >= 99
            });
            assert_eq!(walk.first_claim_ply, first);
        }
        assert!(repeated > 20, "{repeated}");
    }
}
