//! Perft against published node counts: the move generator (Art. 3) checked leaf by leaf.
//!
//! Data-driven tests read the shared corpus (`../shared/data/perft`, see its README) in its
//! three formats, `.perft` blocks (`id` / `epd` / `perft D N`) and `.epd` lines
//! (`FEN ;D1 n ;D2 n ...`). Chess960 / X-FEN entries are skipped (and listed); every other
//! entry must parse and match. A limit on the expected count of each (position, depth) keeps
//! the suite under a minute in `cargo test --release` on two cores (about 13.4 billion nodes;
//! a fiftieth of the limit in a debug build); `ESCAQUE_PERFT_NODES=<n>` (or `all`) overrides
//! it.
//!
//! The `art_*` tests hold a few positions and counts of their own (published facts: Martin
//! Sedlak's collection, talkchess t=47318; CPW "Perft Results"; the python-chess and
//! scalachess tricky sets) so that they run on a fresh clone, each aimed at one Law.

mod common;

use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use escaque::core::{CastleSide, Color, FenField, FenProblem, Position, Role, Square, perft};

// --- The file formats ---------------------------------------------------------------------

/// (depth, expected node count) pairs.
type Counts = Vec<(u32, u64)>;

/// One position of a perft collection with its published counts.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    /// The block's `id`, or `file:line` for EPD lines.
    id: String,
    fen: String,
    /// In file order.
    counts: Counts,
}

/// Reads the `.perft` block format: `id NAME`, `epd FEN`, then `perft DEPTH COUNT` lines;
/// `#` starts a comment line. Anything else is an error in the file, not something to skip.
fn parse_perft(text: &str, source: &str) -> Vec<Entry> {
    let mut entries: Vec<Entry> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let at = || format!("{source}:{}", n + 1);
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match key {
            "id" => entries.push(Entry {
                id: rest.to_string(),
                fen: String::new(),
                counts: Vec::new(),
            }),
            "epd" => {
                let e = entries
                    .last_mut()
                    .unwrap_or_else(|| panic!("{}: epd before any id", at()));
                assert!(e.fen.is_empty(), "{}: second epd in block {}", at(), e.id);
                e.fen = rest.to_string();
            }
            "perft" => {
                let e = entries
                    .last_mut()
                    .unwrap_or_else(|| panic!("{}: perft before any id", at()));
                let mut it = rest.split_ascii_whitespace();
                let depth = it.next().and_then(|d| d.parse().ok());
                let count = it.next().and_then(|c| c.parse().ok());
                match (depth, count, it.next()) {
                    (Some(d), Some(c), None) => e.counts.push((d, c)),
                    _ => panic!("{}: bad perft line {line:?}", at()),
                }
            }
            _ => panic!("{}: unknown line {line:?}", at()),
        }
    }
    for e in &entries {
        assert!(!e.fen.is_empty(), "{source}: block {} has no epd", e.id);
        assert!(
            !e.counts.is_empty(),
            "{source}: block {} has no counts",
            e.id
        );
    }
    entries
}

/// Reads the EPD perft format: `FEN ;D1 n ;D2 n ...` (the FEN before the first `;`, spaces
/// around the parts ignored), `#` comment lines.
fn parse_epd(text: &str, source: &str) -> Vec<Entry> {
    let mut entries = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let id = format!("{source}:{}", n + 1);
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or("").trim().to_string();
        let mut counts = Vec::new();
        for part in parts {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            let parsed = part.strip_prefix('D').and_then(|p| {
                let (d, c) = p.split_once(char::is_whitespace)?;
                Some((d.parse().ok()?, c.trim().parse().ok()?))
            });
            counts.push(parsed.unwrap_or_else(|| panic!("{id}: bad count {part:?}")));
        }
        assert!(!counts.is_empty(), "{id}: no counts in {line:?}");
        entries.push(Entry { id, fen, counts });
    }
    entries
}

fn load(path: &Path) -> Vec<Entry> {
    let text = common::read_text(path);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if name.ends_with(".epd") {
        parse_epd(&text, &name)
    } else {
        parse_perft(&text, &name)
    }
}

// --- Turning entries into positions ---------------------------------------------------------

/// Entries whose castling rights the placement contradicts on purpose: `from_fen` must
/// refuse them with a castling-field error (Art. 3.8.2.1), and perft runs on the lenient
/// reading, which drops the impossible right.
const IMPOSSIBLE_CASTLING_IDS: &[&str] = &["asymmetrical-and-king-on-h"];

/// Entries whose file counts are those of the Chess960 reading: (id, the same position with
/// Shredder castling rights for that reading).
///
/// python-chess's `asymmetrical-and-king-on-h` (`r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq -`) is
/// counted as X-FEN: `q` is the a8 rook, and the king on h8 castles to c8 (rook to d8) once
/// the d8 rook has moved. In standard chess that right cannot exist and the lenient reading
/// drops it. The oracle (cozy-chess, a dev-dependency) decides both readings at test time:
/// in Chess960 mode it must reproduce the file's numbers, and in standard mode it gives the
/// counts escaque must match. Nothing is hard-coded.
const CHESS960_COUNTS: &[(&str, &str)] = &[(
    "asymmetrical-and-king-on-h",
    "r2r3k/p7/3p4/8/8/P6P/8/R3K2R b HAa - 0 1",
)];

/// Perft by the oracle, cozy-chess, with its bulk-counting idiom.
fn oracle_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        if depth == 1 {
            nodes += moves.len() as u64;
        } else {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += oracle_perft(&child, depth - 1);
            }
        }
        false
    });
    nodes
}

/// Whether an entry is Chess960 / X-FEN: its id says so, or its castling field uses
/// Shredder file letters (`HAha`, `Ff`).
fn is_chess960(e: &Entry) -> bool {
    let castling = e.fen.split_ascii_whitespace().nth(2).unwrap_or("");
    e.id.starts_with("xfen-") || castling.chars().any(|c| matches!(c, 'A'..='H' | 'a'..='h'))
}

/// What to do with one entry.
enum Plan {
    /// Run these (depth, expected) counts; `notes` says which the file's were replaced.
    Run {
        pos: Position,
        counts: Counts,
        notes: Vec<String>,
    },
    /// Chess960: skipped, with the parser's complaint.
    Skip(String),
    /// Something is wrong (reported as a failure).
    Fail(String),
}

/// The counts to check for an entry read leniently: the file's, with the Chess960 ones
/// replaced (or a failure when the file does not hold the value recorded above).
fn lenient_counts(e: &Entry) -> Result<(Counts, Vec<String>), String> {
    let mut counts = Vec::new();
    let mut notes = Vec::new();
    let chess960 = CHESS960_COUNTS.iter().find(|c| c.0 == e.id);
    let standard_board = match chess960 {
        Some(_) => {
            let cleaned = Position::from_fen_lenient(&e.fen).map_err(|err| err.to_string())?;
            Some(
                cozy_chess::Board::from_fen(&cleaned.to_fen(), false)
                    .map_err(|err| format!("{}: oracle: {err:?}", e.id))?,
            )
        }
        None => None,
    };
    for &(depth, in_file) in &e.counts {
        match (chess960, &standard_board) {
            (Some(&(_, shredder)), Some(board)) => {
                let x = cozy_chess::Board::from_fen(shredder, true)
                    .map_err(|err| format!("{}: oracle: {err:?}", e.id))?;
                let recorded = oracle_perft(&x, depth);
                if in_file != recorded {
                    return Err(format!(
                        "{}: depth {depth}: the file says {in_file}, the Chess960 reading gives \
                         {recorded}",
                        e.id
                    ));
                }
                let standard = oracle_perft(board, depth);
                if standard == in_file {
                    counts.push((depth, standard));
                    continue;
                }
                notes.push(format!(
                    "{} depth {depth}: file {in_file} (Chess960 reading) -> standard {standard} \
                     (oracle)",
                    e.id
                ));
                counts.push((depth, standard));
            }
            _ => counts.push((depth, in_file)),
        }
    }
    Ok((counts, notes))
}

fn plan(e: &Entry) -> Plan {
    if IMPOSSIBLE_CASTLING_IDS.contains(&e.id.as_str()) {
        return match Position::from_fen(&e.fen) {
            Ok(_) => Plan::Fail(format!(
                "{}: {} accepted although its castling rights are impossible",
                e.id, e.fen
            )),
            Err(err) if err.field != FenField::Castling => Plan::Fail(format!(
                "{}: expected a castling-field error, got {err}",
                e.id
            )),
            Err(_) => match (Position::from_fen_lenient(&e.fen), lenient_counts(e)) {
                (Ok(pos), Ok((counts, notes))) => Plan::Run { pos, counts, notes },
                (Err(err), _) => Plan::Fail(format!("{}: lenient reading failed: {err}", e.id)),
                (_, Err(why)) => Plan::Fail(why),
            },
        };
    }
    match Position::from_fen(&e.fen) {
        Ok(pos) => Plan::Run {
            pos,
            counts: e.counts.clone(),
            notes: Vec::new(),
        },
        Err(err) if err.field == FenField::Castling && is_chess960(e) => {
            Plan::Skip(format!("{} ({:?})", e.id, err.problem))
        }
        // Positions that cannot arise (Art. 3.10: impossible checks), in the collections on
        // purpose: the generator is tested on them all the same.
        Err(err) if err.field != FenField::Castling && err.problem.article() == Some("3.10") => {
            match Position::from_fen_unreachable(&e.fen) {
                Ok(pos) => Plan::Run {
                    pos,
                    counts: e.counts.clone(),
                    notes: vec![format!("{}: cannot arise, {err}", e.id)],
                },
                Err(_) => Plan::Fail(format!("{}: {err}", e.id)),
            }
        }
        Err(err) => Plan::Fail(format!("{}: {err}", e.id)),
    }
}

// --- Running ---------------------------------------------------------------------------------

/// One perft to run and its expected count.
struct Job {
    id: String,
    fen: String,
    pos: Position,
    depth: u32,
    expected: u64,
}

#[derive(Default)]
struct Report {
    positions: usize,
    jobs: usize,
    nodes: u64,
    over_limit: usize,
    skipped_960: Vec<String>,
    notes: Vec<String>,
    failures: Vec<String>,
}

/// The per-(position, depth) node limit: `ESCAQUE_PERFT_NODES` (a number or `all`), else
/// `default` in an optimised build and a small fraction of it in a debug build.
fn node_limit(default: u64) -> u64 {
    match std::env::var("ESCAQUE_PERFT_NODES") {
        Ok(v) if v == "all" => u64::MAX,
        Ok(v) => v
            .parse()
            .unwrap_or_else(|_| panic!("ESCAQUE_PERFT_NODES={v:?} is not a number or all")),
        Err(_) if cfg!(debug_assertions) => (default / 50).max(200_000),
        Err(_) => default,
    }
}

/// Runs every count of `entries` whose expected value is at most `limit`, on all cores
/// (largest jobs first), and collects the mismatches.
fn run_entries(entries: &[Entry], limit: u64) -> Report {
    let mut report = Report::default();
    let mut jobs = Vec::new();
    for e in entries {
        match plan(e) {
            Plan::Run { pos, counts, notes } => {
                report.positions += 1;
                report.notes.extend(notes);
                for (depth, expected) in counts {
                    if expected > limit {
                        report.over_limit += 1;
                        continue;
                    }
                    jobs.push(Job {
                        id: e.id.clone(),
                        fen: e.fen.clone(),
                        pos,
                        depth,
                        expected,
                    });
                }
            }
            Plan::Skip(why) => report.skipped_960.push(why),
            Plan::Fail(why) => report.failures.push(why),
        }
    }
    jobs.sort_by_key(|j| std::cmp::Reverse(j.expected));
    report.jobs = jobs.len();
    report.nodes = jobs.iter().map(|j| j.expected).sum();

    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .max(2);
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(job) = jobs.get(i) else { break };
                    let got = perft(&job.pos, job.depth);
                    if got != job.expected {
                        failures.lock().unwrap().push(format!(
                            "{}: {} depth {}: expected {}, got {got}",
                            job.id, job.fen, job.depth, job.expected
                        ));
                    }
                }
            });
        }
    });
    report.failures.extend(failures.into_inner().unwrap());
    report
}

/// Runs a collection and fails listing every mismatch.
fn check(name: &str, entries: &[Entry], limit: u64) -> Report {
    let start = Instant::now();
    let report = run_entries(entries, limit);
    eprintln!(
        "{name}: {} entries, {} positions run, {} counts checked ({} nodes) in {:.1?}; \
         {} counts above the limit of {} nodes not run",
        entries.len(),
        report.positions,
        report.jobs,
        report.nodes,
        start.elapsed(),
        report.over_limit,
        if limit == u64::MAX {
            "no".to_string()
        } else {
            limit.to_string()
        },
    );
    if !report.skipped_960.is_empty() {
        eprintln!(
            "{name}: skipped {} Chess960/X-FEN entries: {}",
            report.skipped_960.len(),
            report.skipped_960.join(", ")
        );
    }
    for note in &report.notes {
        eprintln!("{name}: note: {note}");
    }
    assert!(
        report.failures.is_empty(),
        "{name}: {} failures:\n{}",
        report.failures.len(),
        report.failures.join("\n")
    );
    report
}

fn shared_entries(rel: &str) -> Option<Vec<Entry>> {
    common::shared_data(rel).map(|p| load(&p))
}

/// The default node limit of the corpus tests in an optimised build.
const SUITE_LIMIT: u64 = 100_000_000;

// --- The corpus ---------------------------------------------------------------------------

/// The standard-chess part of scalachess's tricky.perft (MIT), kept in this repository so a
/// fresh clone always checks a perft collection.
#[test]
fn perft_fixture_tricky_scalachess() {
    let entries = load(&common::fixture("perft/tricky_scalachess.perft"));
    assert_eq!(entries.len(), 12, "standard entries of the fixture");
    let report = check(
        "tests/data tricky_scalachess",
        &entries,
        node_limit(SUITE_LIMIT),
    );
    assert!(report.skipped_960.is_empty());
    assert_eq!(report.positions, 12);
}

#[test]
fn perft_shared_tricky_scalachess() {
    let Some(entries) = shared_entries("perft/tricky_scalachess.perft") else {
        return;
    };
    let report = check("tricky_scalachess.perft", &entries, node_limit(SUITE_LIMIT));
    // xfen-00..04 and hside-rook-blocks-aside-castling: 6 of 18.
    assert_eq!(report.skipped_960.len(), 6, "{:?}", report.skipped_960);
    assert_eq!(report.positions, 12);
}

#[test]
fn perft_shared_tricky_python_chess() {
    let Some(entries) = shared_entries("perft/tricky_python-chess.perft") else {
        return;
    };
    let report = check(
        "tricky_python-chess.perft",
        &entries,
        node_limit(SUITE_LIMIT),
    );
    // xfen-00..04.
    assert_eq!(report.skipped_960.len(), 5, "{:?}", report.skipped_960);
    assert_eq!(report.positions, entries.len() - 5);
}

#[test]
fn perft_shared_perftsuite() {
    let Some(entries) = shared_entries("perft/perftsuite_shared.epd") else {
        return;
    };
    let report = check("perftsuite_shared.epd", &entries, node_limit(SUITE_LIMIT));
    assert!(report.skipped_960.is_empty());
    assert_eq!(report.positions, 66);
}

#[test]
fn perft_shared_sedlak() {
    let Some(entries) = shared_entries("perft/perftsuite2_sedlak.epd") else {
        return;
    };
    let report = check("perftsuite2_sedlak.epd", &entries, node_limit(SUITE_LIMIT));
    assert!(report.skipped_960.is_empty());
    assert_eq!(report.positions, 32);
}

/// Every 8th position of van Kervinck's random set (428 of 3,419).
#[test]
fn perft_shared_random_every_8th() {
    let Some(entries) = shared_entries("perft/random_shared.perft") else {
        return;
    };
    assert_eq!(entries.len(), 3419);
    let sample: Vec<Entry> = entries.iter().step_by(8).cloned().collect();
    let report = check(
        "random_shared.perft (every 8th)",
        &sample,
        node_limit(SUITE_LIMIT),
    );
    assert!(report.skipped_960.is_empty());
    assert_eq!(report.positions, sample.len());
}

/// The whole random set, to a larger limit: run with
/// `cargo test --release --test perft -- --ignored --nocapture`.
#[test]
#[ignore = "long: the whole random_shared.perft file"]
fn perft_random_whole_file() {
    let Some(entries) = shared_entries("perft/random_shared.perft") else {
        return;
    };
    let limit = match std::env::var("ESCAQUE_PERFT_NODES") {
        Ok(_) => node_limit(0),
        Err(_) => 200_000_000,
    };
    let report = check("random_shared.perft (whole)", &entries, limit);
    assert_eq!(report.positions, 3419);
}

// --- The parsers ---------------------------------------------------------------------------

#[test]
fn parse_perft_blocks_and_comments() {
    let text = "# comment\n\nid a\nepd 8/8/8/8/8/8/8/K6k w - -\nperft 1 3\n  perft 2 9  \n\
                # between\nid b-2\nepd k7/8/8/8/8/8/8/7K b - -\nperft 32 1\n";
    let entries = parse_perft(text, "t");
    assert_eq!(
        entries,
        vec![
            Entry {
                id: "a".into(),
                fen: "8/8/8/8/8/8/8/K6k w - -".into(),
                counts: vec![(1, 3), (2, 9)],
            },
            Entry {
                id: "b-2".into(),
                fen: "k7/8/8/8/8/8/8/7K b - -".into(),
                counts: vec![(32, 1)],
            },
        ]
    );
}

#[test]
fn parse_epd_lines_with_trailing_spaces() {
    let text = "# group\n8/5k2/8/5N2/5Q2/2K5/8/8 w - - 0 1         ;D4 23527 \n\
                4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 ;D2 25\n";
    let entries = parse_epd(text, "x.epd");
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[0].id, "x.epd:2");
    assert_eq!(entries[0].fen, "8/5k2/8/5N2/5Q2/2K5/8/8 w - - 0 1");
    assert_eq!(entries[0].counts, vec![(4, 23527)]);
    assert_eq!(entries[1].counts, vec![(1, 5), (2, 25)]);
}

#[test]
#[should_panic(expected = "unknown line")]
fn parse_perft_rejects_unknown_lines() {
    parse_perft("id a\nepd 8/8/8/8/8/8/8/K6k w - -\nperf 1 3\n", "t");
}

#[test]
fn chess960_entries_are_recognised_and_nothing_else() {
    let entry = |id: &str, fen: &str| Entry {
        id: id.into(),
        fen: fen.into(),
        counts: vec![(1, 1)],
    };
    let shredder = entry(
        "hside-rook-blocks-aside-castling",
        "4rrk1/pbbp2p1/1ppnp3/3n1pqp/3N1PQP/1PPNP3/PBBP2P1/4RRK1 w Ff -",
    );
    assert!(matches!(plan(&shredder), Plan::Skip(_)));
    let xfen = entry(
        "xfen-00",
        "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq -",
    );
    assert!(matches!(plan(&xfen), Plan::Skip(_)));
    // The same impossible rights without an X-FEN id are a failure, not a skip.
    let plain = entry(
        "pos-x",
        "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq -",
    );
    assert!(matches!(plan(&plain), Plan::Fail(_)));
    // An X-FEN id with another error is a failure too.
    let broken = entry(
        "xfen-99",
        "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q x KQkq -",
    );
    assert!(matches!(plan(&broken), Plan::Fail(_)));
    // The impossible right of python-chess's entry: strict refusal, lenient run, with the
    // Chess960 counts replaced.
    let mut asym = entry(
        "asymmetrical-and-king-on-h",
        "r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq -",
    );
    asym.counts = vec![(2, 206), (3, 3672)];
    match plan(&asym) {
        Plan::Run { pos, counts, notes } => {
            assert_eq!(pos.to_fen(), "r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQ - 0 1");
            assert_eq!(counts, vec![(2, 206), (3, 3660)]);
            assert_eq!(notes.len(), 1);
        }
        _ => panic!("asymmetrical-and-king-on-h must run leniently"),
    }
    asym.counts = vec![(3, 3661)];
    assert!(matches!(plan(&asym), Plan::Fail(_)));
}

/// A wrong count is reported with id, FEN, depth, expected and got; a FEN that does not
/// parse is a failure, not a skip.
#[test]
fn mismatches_and_bad_fens_are_reported() {
    let entries = vec![
        Entry {
            id: "wrong".into(),
            fen: "4k3/8/8/8/8/8/8/4K3 w - -".into(),
            counts: vec![(1, 5), (2, 26)],
        },
        Entry {
            id: "broken".into(),
            fen: "4k3/8/8/8/8/8/8/4K3 w - - 0".into(),
            counts: vec![(1, 5)],
        },
    ];
    let report = run_entries(&entries, u64::MAX);
    assert_eq!(report.jobs, 2);
    assert_eq!(report.failures.len(), 2, "{:?}", report.failures);
    assert!(
        report
            .failures
            .contains(&"wrong: 4k3/8/8/8/8/8/8/4K3 w - - depth 2: expected 26, got 25".to_string())
    );
    assert!(
        report
            .failures
            .iter()
            .any(|f| f.starts_with("broken: invalid FEN"))
    );
}

// --- Positions by article -----------------------------------------------------------------

/// Asserts perft counts of a FEN (read strictly; a few of these positions cannot arise by
/// legal moves, which `from_fen` refuses under Art. 3.10, and are read as the move
/// generator's test positions they are).
fn assert_perft(fen: &str, counts: &[(u32, u64)]) {
    let pos = match Position::from_fen(fen) {
        Ok(pos) => pos,
        Err(e) if e.problem.article() == Some("3.10") => {
            Position::from_fen_unreachable(fen).unwrap_or_else(|e| panic!("{e}"))
        }
        Err(e) => panic!("{e}"),
    };
    for &(depth, expected) in counts {
        assert_eq!(perft(&pos, depth), expected, "{fen} depth {depth}");
    }
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// Whether the legal moves include one from `from` to `to`.
fn has_move(pos: &Position, from: &str, to: &str) -> bool {
    pos.legal_moves()
        .iter()
        .any(|m| m.from == sq(from) && m.to == sq(to))
}

/// Plays a move given as UCI text, which must be legal.
fn play(pos: &mut Position, uci: &str) {
    let mv = pos
        .uci_to_move(uci.parse().unwrap())
        .unwrap_or_else(|| panic!("{uci} is not legal in {}", pos.to_fen()));
    pos.play(mv).unwrap();
}

/// Art. 3.7.3.1 with Art. 3.9: the capturing and the captured pawn leave the king's rank
/// together, so the en-passant capture would expose the king to the rook (Sedlak, "avoid
/// illegal ep", mirrored pair).
#[test]
fn art_3_7_3_1_en_passant_pin_along_rank() {
    assert_perft("3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", &[(6, 1_134_888)]);
    assert_perft("8/8/8/8/k1p4R/8/3P4/3K4 w - - 0 1", &[(6, 1_134_888)]);

    let mut pos = Position::from_fen("3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1").unwrap();
    play(&mut pos, "d7d5");
    assert_eq!(pos.to_fen(), "3k4/8/8/K1Pp3r/8/8/8/8 w - d6 0 2");
    assert!(
        !has_move(&pos, "c5", "d6"),
        "c5xd6 e.p. exposes the king on a5"
    );
    // Without the rook the same capture is legal.
    let free = Position::from_fen("3k4/8/8/K1Pp4/8/8/8/8 w - d6 0 2").unwrap();
    assert!(has_move(&free, "c5", "d6"));
}

/// Art. 3.7.3.1 with Art. 3.9: the capturing pawn is pinned along a diagonal (Sedlak, "avoid
/// illegal ep #2") and the scalachess/python-chess variants.
#[test]
fn art_3_7_3_1_en_passant_pin_along_diagonal() {
    assert_perft("8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", &[(6, 1_015_133)]);
    assert_perft("8/b2p2k1/8/2P5/8/4K3/8/8 b - - 0 1", &[(6, 1_015_133)]);
    // python-chess "align-ep-pinned".
    assert_perft(
        "1b1k4/8/8/1rPpK3/8/8/8/8 w - d6",
        &[(1, 5), (2, 100), (3, 555)],
    );

    let mut pos = Position::from_fen("8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1").unwrap();
    play(&mut pos, "d2d4");
    assert!(!has_move(&pos, "c4", "d3"), "c4xd3 e.p. opens a2-e6");
}

/// Art. 3.7.3.1: the en-passant capture that gives check (Sedlak), and the one that removes
/// a checking pawn (scalachess "ep-evasion").
#[test]
fn art_3_7_3_1_en_passant_capture_gives_check_or_evades_it() {
    assert_perft("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", &[(6, 1_440_467)]);
    assert_perft("8/5k2/8/2Pp4/2B5/1K6/8/8 w - d6 0 1", &[(6, 1_440_467)]);
    assert_perft(
        "8/8/8/5k2/3p4/8/4P3/4K3 w - -",
        &[(1, 6), (2, 54), (3, 343), (4, 2810), (5, 19228)],
    );
    let mut pos = Position::from_fen("8/8/8/5k2/3p4/8/4P3/4K3 w - - 0 1").unwrap();
    play(&mut pos, "e2e4");
    assert!(pos.is_check());
    assert!(
        has_move(&pos, "d4", "e3"),
        "d4xe3 e.p. captures the checking pawn"
    );
}

/// Art. 3.7.3.1 with Art. 3.9: an en-passant square while in check from a piece the capture
/// does not touch (python-chess "ep-unrelated-check"), and an impossible checker alignment
/// with an en-passant square (python-chess "align-ep").
#[test]
fn art_3_7_3_1_en_passant_with_unrelated_check() {
    assert_perft(
        "rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w KQkq c6",
        &[(1, 2), (2, 92), (3, 2528)],
    );
    assert_perft(
        "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3",
        &[(1, 6), (2, 121), (3, 711)],
    );
}

/// Art. 3.8.2: castling that gives check with the rook (Sedlak, mirrored pairs).
#[test]
fn art_3_8_2_castling_gives_check() {
    assert_perft("5k2/8/8/8/8/8/8/4K2R w K - 0 1", &[(6, 661_072)]);
    assert_perft("4k2r/8/8/8/8/8/8/5K2 b k - 0 1", &[(6, 661_072)]);
    assert_perft("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", &[(6, 803_711)]);
    assert_perft("r3k3/8/8/8/8/8/8/3K4 b q - 0 1", &[(6, 803_711)]);
    let pos = Position::from_fen("5k2/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    let castle = pos.legal_moves().iter().copied().find(|m| m.is_castle());
    let after = pos.after(castle.expect("O-O is legal")).unwrap();
    assert_eq!(after.to_fen(), "5k2/8/8/8/8/8/8/5RK1 b - - 1 1");
    assert!(after.is_check());
}

/// Art. 3.8.2.1: a right is lost for good when that rook is captured (Sedlak "castling
/// (including losing cr due to rook capture)").
#[test]
fn art_3_8_2_castling_rights_lost_by_rook_capture() {
    assert_perft(
        "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1",
        &[(4, 1_274_206)],
    );
    assert_perft(
        "r3k2r/7b/8/8/8/8/1B4BQ/R3K2R b KQkq - 0 1",
        &[(4, 1_274_206)],
    );

    let mut pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    play(&mut pos, "a1a8");
    let rights = pos.castling_rights();
    assert!(
        !rights.has(Color::White, CastleSide::Queen),
        "the a1 rook moved"
    );
    assert!(
        !rights.has(Color::Black, CastleSide::Queen),
        "the a8 rook was captured"
    );
    assert!(rights.has(Color::White, CastleSide::King));
    assert!(rights.has(Color::Black, CastleSide::King));
    assert_eq!(pos.to_fen(), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
}

/// Art. 3.8.2.1: the right is lost when the rook leaves its square, even if another rook
/// (or the same one) later stands there (Volker Annuss's positions in Sedlak's file).
#[test]
fn art_3_8_2_1_castling_lost_although_a_rook_is_in_the_corner() {
    assert_perft("1k6/1b6/8/8/7R/8/8/4K2R b K - 0 1", &[(5, 1_063_513)]);
    assert_perft("4k2r/8/8/7r/8/8/1B6/1K6 w k - 0 1", &[(5, 1_063_513)]);
    assert_perft("1k6/8/8/8/R7/1n6/8/R3K3 b Q - 0 1", &[(5, 346_695)]);
    assert_perft("r3k3/8/1N6/r7/8/8/8/1K6 w q - 0 1", &[(5, 346_695)]);

    // The rook leaves h1 and comes back: the right does not.
    let mut pos = Position::from_fen("1k6/8/8/8/7R/8/8/4K2R w K - 0 1").unwrap();
    for uci in ["h1g1", "b8a8", "g1h1", "a8b8"] {
        play(&mut pos, uci);
    }
    assert_eq!(pos.to_fen(), "1k6/8/8/8/7R/8/8/4K2R w - - 4 3");
    assert!(!has_move(&pos, "e1", "g1"));
}

/// Art. 3.8.2.1: a castling right the placement contradicts is refused by the strict reader
/// and dropped by the lenient one (python-chess "asymmetrical-and-king-on-h"). The counts are
/// the standard-chess ones, from the oracle (python-chess's file holds the Chess960 reading's
/// from depth 3; see `CHESS960_COUNTS`).
#[test]
fn art_3_8_2_1_impossible_castling_right_rejected_then_lenient() {
    let fen = "r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq -";
    let err = Position::from_fen(fen).unwrap_err();
    assert_eq!(err.field, FenField::Castling);
    assert_eq!(err.problem, FenProblem::CastlingWithoutKing('q'));
    let pos = Position::from_fen_lenient(fen).unwrap();
    assert_eq!(pos.to_fen(), "r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQ - 0 1");
    // Black's king is not on e8: no black castling at any depth.
    assert!(!pos.castling_rights().any_for(Color::Black));
    // The standard counts come from the oracle (cozy-chess in standard mode).
    let oracle = cozy_chess::Board::from_fen(&pos.to_fen(), false).unwrap();
    for depth in 1..=5 {
        assert_eq!(
            perft(&pos, depth),
            oracle_perft(&oracle, depth),
            "depth {depth}"
        );
    }
}

/// Art. 3.8.2.2: castling prevented for the moment by attacked squares (Sedlak).
#[test]
fn art_3_8_2_2_castling_prevented() {
    assert_perft(
        "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1",
        &[(4, 1_720_476)],
    );
    assert_perft(
        "r3k2r/8/5Q2/8/8/3q4/8/R3K2R w KQkq - 0 1",
        &[(4, 1_720_476)],
    );

    // The queen on d6 covers d8 and f8 (squares the black king crosses), not b8.
    let pos = Position::from_fen("r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1").unwrap();
    assert!(!has_move(&pos, "e8", "g8"));
    assert!(!has_move(&pos, "e8", "c8"));
    // Only b8 attacked: long castling stays legal (the rook crosses b8, the king does not).
    let b8 = Position::from_fen("r3k3/8/8/8/8/8/8/1R2K3 b q - 0 1").unwrap();
    assert!(has_move(&b8, "e8", "c8"));
}

/// Art. 3.7.3.3: promotion, including out of check and to give check (Sedlak).
#[test]
fn art_3_7_3_3_promotion_out_of_and_into_check() {
    assert_perft("2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", &[(6, 3_821_001)]);
    assert_perft("3K4/8/8/8/8/8/4p3/2k2R2 b - - 0 1", &[(6, 3_821_001)]);
    assert_perft("4k3/1P6/8/8/8/8/K7/8 w - - 0 1", &[(6, 217_342)]);
    assert_perft("8/k7/8/8/8/8/1p6/4K3 b - - 0 1", &[(6, 217_342)]);

    // Out of check: e7xf8 with each of the four pieces (and the king's moves).
    let pos = Position::from_fen("2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1").unwrap();
    let promotions: Vec<Role> = pos
        .legal_moves()
        .iter()
        .filter_map(|m| m.promotion().filter(|_| m.to == sq("f8")))
        .collect();
    assert_eq!(promotions.len(), 4);
}

/// Art. 3.7.3.3: under-promotion that gives check (Sedlak).
#[test]
fn art_3_7_3_3_underpromotion_gives_check() {
    assert_perft("8/P1k5/K7/8/8/8/8/8 w - - 0 1", &[(6, 92_683)]);
    assert_perft("8/8/8/8/8/k7/p1K5/8 b - - 0 1", &[(6, 92_683)]);
    let pos = Position::from_fen("8/P1k5/K7/8/8/8/8/8 w - - 0 1").unwrap();
    let knight = pos
        .legal_moves()
        .iter()
        .copied()
        .find(|m| m.promotion() == Some(Role::Knight))
        .unwrap();
    assert!(
        pos.after(knight).unwrap().is_check(),
        "a8=N+ checks the king on c7"
    );
}

/// Art. 3.9: discovered check and double check; in double check only the king moves.
#[test]
fn art_3_9_discovered_and_double_check() {
    assert_perft("8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", &[(5, 1_004_658)]);
    assert_perft("5K2/8/1Q6/2N5/8/1p2k3/8/8 w - - 0 1", &[(5, 1_004_658)]);
    assert_perft("8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", &[(4, 23527)]);
    assert_perft("8/5k2/8/5N2/5Q2/2K5/8/8 w - - 0 1", &[(4, 23527)]);

    let mut pos = Position::from_fen("8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1").unwrap();
    play(&mut pos, "f4d3");
    assert_eq!(
        pos.checkers().count(),
        2,
        "knight and queen both give check"
    );
    let moves = pos.legal_moves();
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| m.from == pos.king(Color::White)));
}

/// Art. 3.9: checker alignments that cannot arise in a game but must still be handled
/// (python-chess / scalachess "align-*").
#[test]
fn art_3_9_impossible_checker_alignment() {
    assert_perft(
        "3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - -",
        &[(1, 4), (2, 125), (3, 2854)],
    );
    assert_perft(
        "2Nq4/2K5/1b6/8/7R/3k4/7P/8 w - -",
        &[(1, 3), (2, 81), (3, 1217)],
    );
    assert_perft(
        "5R2/2P5/8/4k3/8/3rK2r/8/8 w - -",
        &[(1, 2), (2, 56), (3, 1030)],
    );
}

/// Art. 5.2.1: stalemate ends the game: self-stalemate and stalemate/checkmate trees
/// (Sedlak).
#[test]
fn art_5_2_1_stalemate_and_checkmate_leaves() {
    assert_perft("K1k5/8/P7/8/8/8/8/8 w - - 0 1", &[(6, 2217)]);
    assert_perft("8/8/8/8/8/p7/8/k1K5 b - - 0 1", &[(6, 2217)]);
    assert_perft("8/k1P5/8/1K6/8/8/8/8 w - - 0 1", &[(7, 567_584)]);
    assert_perft("8/8/8/8/1k6/8/K1p5/8 b - - 0 1", &[(7, 567_584)]);
    // White's king is walled in by its own pawn and the black king: stalemate, no leaves.
    let stalemate = Position::from_fen("K1k5/P7/8/8/8/8/8/8 w - - 0 1").unwrap();
    assert!(!stalemate.is_check());
    assert_eq!(perft(&stalemate, 1), 0);
}

/// The scalachess "prison": one legal move at every ply, 32 plies deep.
#[test]
fn perft_prison_32_plies() {
    let pos = Position::from_fen("2b5/kpPp4/1p1P4/1P6/6p1/4p1P1/4PpPK/5B2 w - -").unwrap();
    for depth in [1, 2, 32] {
        assert_eq!(perft(&pos, depth), 1, "depth {depth}");
    }
}

/// Art. 2.3: the starting position (CPW), to the depth the node limit allows.
#[test]
fn art_2_3_starting_position() {
    let counts = [
        (1, 20),
        (2, 400),
        (3, 8902),
        (4, 197_281),
        (5, 4_865_609),
        (6, 119_060_324),
    ];
    let limit = node_limit(SUITE_LIMIT);
    let pos = Position::new();
    for (depth, expected) in counts.into_iter().filter(|c| c.1 <= limit) {
        assert_eq!(perft(&pos, depth), expected, "depth {depth}");
    }
}
