//! SAN throughput: reading algebraic notation and playing it (what a PGN reader does), and
//! writing it (what a scoresheet does), over 32 real games.

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use escaque::core::{Letters, Notation, Position, parse_move, write_move};

fn games() -> Vec<Vec<String>> {
    let text = common::read_text(&common::fixture("pgn/lichess_db_2013-01_first32.pgn"));
    common::read_games(&text)
        .into_iter()
        .map(|g| g.moves)
        .collect()
}

fn san(c: &mut Criterion) {
    let games = games();
    let plies: usize = games.iter().map(Vec::len).sum();
    let moves: Vec<Vec<(Position, escaque::core::Move)>> = games
        .iter()
        .map(|g| {
            let mut pos = Position::new();
            g.iter()
                .map(|t| {
                    let mv = parse_move(&pos, t, Letters::English).expect("legal corpus");
                    let before = pos;
                    pos.play_unchecked(mv);
                    (before, mv)
                })
                .collect()
        })
        .collect();

    let mut group = c.benchmark_group("san");
    group.throughput(Throughput::Elements(plies as u64));
    group.bench_function("parse_and_play", |b| {
        b.iter(|| {
            for g in &games {
                let mut pos = Position::new();
                for t in g {
                    let mv = parse_move(&pos, t, Letters::English).unwrap();
                    pos.play_unchecked(mv);
                }
                std::hint::black_box(&pos);
            }
        })
    });
    group.bench_function("write", |b| {
        b.iter(|| {
            for g in &moves {
                for (pos, mv) in g {
                    std::hint::black_box(write_move(pos, *mv, Notation::ENGLISH));
                }
            }
        })
    });
    group.finish();
}

criterion_group!(benches, san);
criterion_main!(benches);
