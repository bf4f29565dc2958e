//! Perft benchmarks: escaque's move generator against cozy-chess (MIT), a fast bitboard
//! generator, on the same trees.
//!
//! Both sides are measured the same way: copy-make (each child is a copy of its parent with
//! the move played on it) and bulk counting (at depth 1 the legal moves are counted, not
//! made). The cozy-chess perft is the `perft_bulk` of its own `examples/perft.rs`.
//!
//! Run with `cargo bench --bench perft`; `cargo bench --bench perft -- perft_startpos` runs
//! only the start-position group, `-- perft_quiet` the quiet endings and closed positions.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use escaque::core::{Position, perft};

/// cozy-chess perft with bulk counting, as in its `examples/perft.rs`.
fn cozy_perft(board: &cozy_chess::Board, depth: u8) -> u64 {
    match depth {
        0 => 1,
        1 => {
            let mut nodes = 0;
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
            nodes
        }
        _ => {
            let mut nodes = 0;
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += cozy_perft(&child, depth - 1);
                }
                false
            });
            nodes
        }
    }
}

/// A test position of the Chess Programming Wiki "Perft Results" page, with the depth
/// benchmarked and its published leaf count.
struct Case {
    name: &'static str,
    fen: &'static str,
    depth: u8,
    nodes: u64,
}

const CPW: [Case; 6] = [
    Case {
        name: "pos1_initial_d5",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        depth: 5,
        nodes: 4_865_609,
    },
    Case {
        name: "pos2_kiwipete_d4",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        depth: 4,
        nodes: 4_085_603,
    },
    Case {
        name: "pos3_d6",
        fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        depth: 6,
        nodes: 11_030_083,
    },
    Case {
        name: "pos4_d5",
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        depth: 5,
        nodes: 15_833_292,
    },
    Case {
        name: "pos5_d5",
        fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        depth: 5,
        nodes: 89_941_194,
    },
    Case {
        name: "pos6_d4",
        fen: "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        depth: 4,
        nodes: 3_894_594,
    },
];

const STARTPOS_D6: u64 = 119_060_324;

fn perft_startpos(c: &mut Criterion) {
    let ours = Position::new();
    let theirs = cozy_chess::Board::default();
    assert_eq!(perft(&ours, 6), STARTPOS_D6, "escaque perft(6)");
    assert_eq!(cozy_perft(&theirs, 6), STARTPOS_D6, "cozy-chess perft(6)");

    let mut group = c.benchmark_group("perft_startpos");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .measurement_time(Duration::from_secs(15))
        .throughput(Throughput::Elements(STARTPOS_D6));
    group.bench_function("escaque_d6", |b| {
        b.iter(|| perft(black_box(&ours), black_box(6)))
    });
    group.bench_function("cozy-chess_d6", |b| {
        b.iter(|| cozy_perft(black_box(&theirs), black_box(6)))
    });
    group.finish();
}

fn perft_cpw(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft_cpw");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .measurement_time(Duration::from_secs(5));
    for case in &CPW {
        let ours = Position::from_fen(case.fen).expect("escaque reads the FEN");
        let theirs: cozy_chess::Board = case.fen.parse().expect("cozy-chess reads the FEN");
        assert_eq!(
            perft(&ours, u32::from(case.depth)),
            case.nodes,
            "escaque {}",
            case.name
        );
        assert_eq!(
            cozy_perft(&theirs, case.depth),
            case.nodes,
            "cozy-chess {}",
            case.name
        );

        group.throughput(Throughput::Elements(case.nodes));
        let depth = case.depth;
        group.bench_function(format!("escaque/{}", case.name), |b| {
            b.iter(|| perft(black_box(&ours), black_box(u32::from(depth))))
        });
        group.bench_function(format!("cozy-chess/{}", case.name), |b| {
            b.iter(|| cozy_perft(black_box(&theirs), black_box(depth)))
        });
    }
    group.finish();
}

/// Quiet positions (few captures, no checks to speak of): the endings where the dead-position
/// search spends its time, as opposed to the tactical CPW positions. The leaf counts are
/// cozy-chess's, checked against escaque's before timing.
const QUIET: [(&str, &str, u8); 3] = [
    // K+B+N+P against K+P, blocked rook pawns (issue 23's slow per-ply 5.2.2 example).
    (
        "minor_ending_d6",
        "8/8/8/8/2k4p/5N1P/8/1K1B4 b - - 7 124",
        6,
    ),
    // A blocked pawn chain with bishops on both sides (a CHA fortress vector).
    (
        "bishops_fortress_d5",
        "8/b1b5/k6p/2b2p1P/1b3p2/5PpK/6P1/8 w - - 0 1",
        5,
    ),
    // A closed middlegame: locked centre, pieces behind it.
    (
        "closed_middlegame_d4",
        "r1bq1rk1/pp1nbppp/2p1p3/3pP3/3P4/2PB1N2/PP3PPP/R1BQ1RK1 w - - 0 10",
        4,
    ),
];

fn perft_quiet(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft_quiet");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .measurement_time(Duration::from_secs(5));
    for (name, fen, depth) in QUIET {
        let ours = Position::from_fen(fen).expect("escaque reads the FEN");
        let theirs: cozy_chess::Board = fen.parse().expect("cozy-chess reads the FEN");
        let nodes = cozy_perft(&theirs, depth);
        assert_eq!(perft(&ours, u32::from(depth)), nodes, "escaque {name}");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("escaque/{name}"), |b| {
            b.iter(|| perft(black_box(&ours), black_box(u32::from(depth))))
        });
        group.bench_function(format!("cozy-chess/{name}"), |b| {
            b.iter(|| cozy_perft(black_box(&theirs), black_box(depth)))
        });
    }
    group.finish();
}

criterion_group!(benches, perft_startpos, perft_cpw, perft_quiet);
criterion_main!(benches);
