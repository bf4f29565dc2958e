//! PGN replay with every end-of-game check on (legality, threefold/fivefold, 50/75 moves,
//! mate, stalemate, dead position by the static test): `pgn check` over real files.
//! Reports bytes/s (criterion) and prints games/s. Reads ../shared/data (skipped without it).

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use escaque::core::Letters;
use escaque::laws::arbiter::check_reader;

fn corpus(c: &mut Criterion) {
    let files = [
        ("lichess_999", "pgn/real/lichess_db_2021-10_first999.pgn"),
        (
            "carlsen_1782_classical",
            "pgn/real/carlsen_pgnmentor_2001-2015.pgn",
        ),
        (
            "seventyfive_long_games",
            "draw_rules/pgn-extract/test-seventyfive.pgn",
        ),
    ];
    let mut group = c.benchmark_group("pgn_check");
    group.sample_size(10);
    for (name, rel) in files {
        let Some(path) = common::shared_data(rel) else {
            continue;
        };
        let bytes = std::fs::read(&path).unwrap();
        let mut games = 0usize;
        let mut plies = 0usize;
        check_reader(&bytes[..], Letters::English, |r| {
            games += 1;
            plies += r.plies;
        });
        eprintln!(
            "{name}: {games} games, {plies} plies, {:.2} MB",
            bytes.len() as f64 / 1e6
        );
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut n = 0;
                check_reader(&bytes[..], Letters::English, |r| {
                    n += std::hint::black_box(r).plies;
                });
                n
            })
        });
    }
    group.finish();
}

criterion_group!(benches, corpus);
criterion_main!(benches);
