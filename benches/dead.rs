//! Dead-position benchmarks: the time of one query ("can this side still mate?") of
//! escaque's quick and full modes, against chasolver (MIT, by the author of the CHA paper)
//! fast (`is_unwinnable_fast`) and full (`winnability`) modes, measured in the same run on
//! the same positions, both sides of each.
//!
//! Two sets: real positions (the CHA lichess 30K file; every position, both sides) and the
//! hard labelled CHA vectors. The first part prints per-query medians and means and the
//! ratios (escaque / chasolver); the second runs criterion on batches for the record.
//!
//! Run with `cargo bench --bench dead`. `ESCAQUE_DEAD_BENCH_STEP=n` takes every n-th real
//! position (default 1); `ESCAQUE_DEAD_BENCH_BUDGET` sets the full search's node budget on
//! the vectors (default `dead::DEFAULT_BUDGET`, 2,000,000: every vector is decided within
//! it since 27 November).
//! A third part times the per-ply 5.2.2 walk over records of uniformly random games
//! (`ESCAQUE_DEAD_BENCH_GAMES`, default 300): the quick test at every ply against the walk
//! that skips the positions proven alive.

use std::hint::black_box;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group};
use escaque::core::dead;
use escaque::core::{Color, Position};

fn shared(rel: &str) -> Option<PathBuf> {
    let root = std::env::var_os("ESCAQUE_SHARED_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"));
    let p = root.join(rel);
    p.exists().then_some(p)
}

fn env_num(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// The positions of a file, as FEN (six fields; two-field lines of the vectors completed).
fn fens(rel: &str, step: usize) -> Vec<String> {
    let Some(path) = shared(rel) else {
        return Vec::new();
    };
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .step_by(step.max(1))
        .map(|l| {
            let l = if rel.contains("vectors") { &l[2..] } else { l };
            let mut f: Vec<&str> = l.split_whitespace().take(6).collect();
            if f.len() == 2 {
                f.extend(["-", "-"]);
            }
            f.join(" ")
        })
        .collect()
}

struct Query {
    pos: Position,
    board: chess::Board,
    side: Color,
    color: chess::Color,
}

fn queries(fens: &[String]) -> Vec<Query> {
    let mut out = Vec::new();
    for fen in fens {
        let Ok(pos) = Position::from_fen_lenient(fen) else {
            continue;
        };
        let Ok(board) = chess::Board::from_str(&pos.to_fen_legal_ep()) else {
            continue;
        };
        for (side, color) in [
            (Color::White, chess::Color::White),
            (Color::Black, chess::Color::Black),
        ] {
            out.push(Query {
                pos,
                board,
                side,
                color,
            });
        }
    }
    out
}

/// Per-query times (ns) of `f` over `qs`.
fn times(qs: &[Query], mut f: impl FnMut(&Query)) -> Vec<u64> {
    let mut t: Vec<u64> = qs
        .iter()
        .map(|q| {
            let t0 = Instant::now();
            f(q);
            t0.elapsed().as_nanos() as u64
        })
        .collect();
    t.sort_unstable();
    t
}

fn median(t: &[u64]) -> f64 {
    t.get(t.len() / 2).copied().unwrap_or(0) as f64
}

fn mean(t: &[u64]) -> f64 {
    t.iter().sum::<u64>() as f64 / t.len().max(1) as f64
}

fn us(ns: f64) -> String {
    format!("{:.2} µs", ns / 1000.0)
}

/// The medians and ratios table.
fn report(name: &str, qs: &[Query], budget: u64) {
    if qs.is_empty() {
        println!("{name}: shared data absent, skipped");
        return;
    }
    let mut decided = [0usize; 4];
    let eq = times(qs, |q| {
        if dead::quick(&q.pos, q.side) != dead::Verdict::Undetermined {
            decided[0] += 1;
        }
    });
    let cq = times(qs, |q| {
        if chasolver::is_unwinnable_fast(&q.board, q.color) {
            decided[1] += 1;
        }
    });
    let ef = times(qs, |q| {
        if dead::full(&q.pos, q.side, budget) != dead::Verdict::Undetermined {
            decided[2] += 1;
        }
    });
    let cf = times(qs, |q| {
        if black_box(chasolver::winnability(&q.board, q.color)).is_some() {
            decided[3] += 1;
        }
    });
    println!(
        "\n{name}: {} queries (positions × 2 sides); full budget {budget} nodes",
        qs.len()
    );
    println!(
        "{:<22}{:>14}{:>14}{:>14}{:>12}",
        "mode", "median", "mean", "worst", "decided"
    );
    for (label, t, d) in [
        ("escaque quick", &eq, decided[0]),
        ("chasolver fast", &cq, decided[1]),
        ("escaque full", &ef, decided[2]),
        ("chasolver full", &cf, decided[3]),
    ] {
        println!(
            "{label:<22}{:>14}{:>14}{:>14}{:>12}",
            us(median(t)),
            us(mean(t)),
            us(t.last().copied().unwrap_or(0) as f64),
            d
        );
    }
    println!(
        "ratio escaque/chasolver: quick/fast median {:.2}, mean {:.2}; full/full median {:.2}, mean {:.2}",
        median(&eq) / median(&cq).max(1.0),
        mean(&eq) / mean(&cq).max(1.0),
        median(&ef) / median(&cf).max(1.0),
        mean(&ef) / mean(&cf).max(1.0),
    );
    println!("(chasolver fast only ever proves unwinnable; escaque quick may also give a line)");
    println!(
        "escaque full undetermined: {} of {} queries",
        qs.len() - decided[2],
        qs.len()
    );
}

/// The positions of `n` games of uniformly random legal moves played to the Laws'
/// automatic end (a live game's judgement), seeded.
fn uniform_games(n: usize, mut seed: u64) -> Vec<Vec<Position>> {
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    (0..n)
        .map(|_| {
            let mut game = escaque::laws::Game::new(Position::new());
            let mut positions = vec![*game.position()];
            while !game.is_over() {
                let moves = game.position().legal_moves();
                let mv = moves[(next() % moves.len() as u64) as usize];
                game.play(mv).unwrap();
                positions.push(*game.position());
            }
            positions
        })
        .collect()
}

/// Art. 5.2.2 at every ply of a record: the walk that asks the quick test at every ply
/// (`Walk::new`) against the walk that skips the positions proven alive
/// (`Walk::of_record`, which also asks the full search about the last position), per
/// record and per ply, on uniformly random games played to their end.
fn report_walk(n: usize) {
    use escaque::laws::check::Walk;
    let games = uniform_games(n, 0x2545_F491_4F6C_DD1D);
    let plies: usize = games.iter().map(|g| g.len() - 1).sum();
    let per_record = |f: &dyn Fn(&[Position])| {
        let mut t: Vec<u64> = games
            .iter()
            .map(|g| {
                let t0 = Instant::now();
                f(g);
                t0.elapsed().as_nanos() as u64
            })
            .collect();
        t.sort_unstable();
        t
    };
    let every = per_record(&|g| {
        black_box(Walk::new(g, 0));
    });
    let skip = per_record(&|g| {
        black_box(Walk::of_record(g, 0, "1/2-1/2"));
    });
    println!("\nper-ply 5.2.2 on {n} uniformly random games ({plies} plies), per record:");
    println!(
        "{:<34}{:>14}{:>14}{:>14}{:>14}",
        "walk", "median", "mean", "worst", "per ply"
    );
    for (label, t) in [
        ("quick test at every ply", &every),
        ("alive prefix skipped (of_record)", &skip),
    ] {
        println!(
            "{label:<34}{:>14}{:>14}{:>14}{:>14}",
            us(median(t)),
            us(mean(t)),
            us(t.last().copied().unwrap_or(0) as f64),
            us(t.iter().sum::<u64>() as f64 / plies.max(1) as f64)
        );
    }
}

fn bench_batches(c: &mut Criterion) {
    let real = queries(&fens("dead_positions/cha_lichess_30K_positions.txt", 30));
    let hard = queries(&fens("dead_positions/cha_test_vectors_shared.txt", 10));
    if real.is_empty() {
        return;
    }
    let mut g = c.benchmark_group("dead_real_batch");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    g.bench_function("escaque_quick", |b| {
        b.iter(|| {
            real.iter()
                .filter(|q| dead::quick(&q.pos, q.side).is_unwinnable())
                .count()
        })
    });
    g.bench_function("chasolver_fast", |b| {
        b.iter(|| {
            real.iter()
                .filter(|q| chasolver::is_unwinnable_fast(&q.board, q.color))
                .count()
        })
    });
    g.bench_function("escaque_full", |b| {
        b.iter(|| {
            real.iter()
                .filter(|q| dead::full(&q.pos, q.side, dead::DEFAULT_BUDGET).is_unwinnable())
                .count()
        })
    });
    g.bench_function("chasolver_full", |b| {
        b.iter(|| {
            real.iter()
                .map(|q| std::hint::black_box(chasolver::winnability(&q.board, q.color)))
                .fold(0usize, |n, _| n + 1)
        })
    });
    g.finish();
    let mut g = c.benchmark_group("dead_hard_batch");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    g.bench_function("escaque_quick", |b| {
        b.iter(|| {
            hard.iter()
                .filter(|q| dead::quick(&q.pos, q.side).is_unwinnable())
                .count()
        })
    });
    g.bench_function("chasolver_fast", |b| {
        b.iter(|| {
            hard.iter()
                .filter(|q| chasolver::is_unwinnable_fast(&q.board, q.color))
                .count()
        })
    });
    g.finish();
}

criterion_group!(benches, bench_batches);

fn main() {
    let step = env_num("ESCAQUE_DEAD_BENCH_STEP", 1) as usize;
    let budget = env_num("ESCAQUE_DEAD_BENCH_BUDGET", dead::DEFAULT_BUDGET);
    let real = queries(&fens("dead_positions/cha_lichess_30K_positions.txt", step));
    report(
        "real positions (CHA lichess 30K)",
        &real,
        dead::DEFAULT_BUDGET,
    );
    let hard = queries(&fens("dead_positions/cha_test_vectors_shared.txt", 1));
    report("hard positions (CHA labelled vectors)", &hard, budget);
    report_walk(env_num("ESCAQUE_DEAD_BENCH_GAMES", 300) as usize);
    if std::env::var_os("ESCAQUE_DEAD_BENCH_NO_CRITERION").is_none() {
        benches();
        Criterion::default().configure_from_args().final_summary();
    }
}
