//! The winners' searches `adjudicate` makes at the end of the decisive games, one by one,
//! for tuning `core::dead` (issue 23): in the last position of a game won by resignation or
//! on time, could the winner still mate (Art. 5.1.2, 6.9)? `adjudicate` asks
//! `dead::full` with `DEAD_SEARCH_BUDGET` nodes; on the real games of `shared/data` these
//! searches are about a quarter of its instructions.
//!
//!     cargo run --release --example end_queries -- FILE… [--each] [--shortest PLIES]
//!
//! Prints the queries (games won, their last position not a checkmate on the board counted
//! too), the nodes spent, the plies of the lines found and a hash of the verdicts: two
//! builds that give the same hash give the same verdicts. `--each`: a line per query
//! (nodes, verdict, plies, side, FEN). `--shortest D`: also the shortest helpmate of each
//! query within D plies, by a search of every legal move (at most 3,000,000 positions a
//! query), and for each length found how many queries have it and what the guided search
//! spent on them (nodes and plies on average): how much shorter the lines could be.
use std::collections::BTreeMap;

use escaque::core::{Color, Letters, Move, Position, dead};
use escaque::laws::game::{DEAD_SEARCH_BUDGET, GameResult};
use escaque::laws::pgn;

/// Positions a shortest-helpmate search may visit for one query.
const SHORTEST_NODES: u64 = 3_000_000;

fn main() {
    let mut files = Vec::new();
    let mut each = false;
    let mut shortest = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--each" => each = true,
            "--shortest" => {
                let d = args.next().unwrap_or_default();
                match d.parse::<u32>() {
                    Ok(d) => shortest = Some(d),
                    Err(_) => fail(&format!(
                        "--shortest takes a number of plies, not {d:?} (e.g. --shortest 4)"
                    )),
                }
            }
            _ => files.push(a),
        }
    }
    let (mut queries, mut nodes, mut plies, mut hash) = (0u64, 0u64, 0u64, 0u64);
    // Shortest length (None: none within the depth) → (queries, nodes, plies of escaque's).
    let mut by_length: BTreeMap<Option<u32>, (u64, u64, u64)> = BTreeMap::new();
    for file in &files {
        let text = std::fs::read(file)
            .unwrap_or_else(|e| fail(&format!("cannot read {file:?}: {e} (give PGN files)")));
        for game in pgn::Reader::new(&text[..]) {
            let Ok(game) = game else { continue };
            // The winner as the arbiter reads the `Result` tag.
            let Some(winner) = game
                .tag("Result")
                .and_then(GameResult::from_pgn)
                .and_then(GameResult::winner)
            else {
                continue;
            };
            // The last position of the record's legal prefix, as the arbiter's walk has it.
            let replay = game.replay(Letters::English);
            if replay.start_error.is_some() {
                continue;
            }
            let end = replay.positions[replay.legal_prefix()];
            let (verdict, spent) = dead::full_counted(&end, winner, DEAD_SEARCH_BUDGET);
            let line = verdict.line().map_or(0, <[Move]>::len) as u64;
            queries += 1;
            nodes += spent;
            plies += line;
            for b in verdict.word().bytes().chain([b'\n']) {
                hash = hash.wrapping_mul(31).wrapping_add(u64::from(b));
            }
            if each {
                println!(
                    "{spent}\t{}\t{line}\t{winner}\t{}",
                    verdict.word(),
                    end.to_fen()
                );
            }
            if let Some(depth) = shortest {
                let found = shortest_helpmate(&end, winner, depth);
                let e = by_length.entry(found).or_default();
                *e = (e.0 + 1, e.1 + spent, e.2 + line);
            }
        }
    }
    println!("queries {queries} nodes {nodes} line plies {plies} verdict hash {hash:x}");
    for (length, (n, spent, line)) in by_length {
        let length = length.map_or("none".to_string(), |d| d.to_string());
        println!(
            "shortest {length}: {n} queries, escaque {:.1} nodes and {:.1} plies each",
            spent as f64 / n as f64,
            line as f64 / n as f64
        );
    }
}

/// Says what is wrong with the command line and stops (exit code 2).
fn fail(message: &str) -> ! {
    eprintln!("end_queries: {message}");
    std::process::exit(2)
}

/// The length of the shortest helpmate of `side` from `pos` within `depth` plies (the last
/// one `side`'s; 0 when `side` has mated already), by iterative deepening over every legal
/// move.
fn shortest_helpmate(pos: &Position, side: Color, depth: u32) -> Option<u32> {
    if pos.turn() != side && pos.is_checkmate() {
        return Some(0);
    }
    let mut visited = 0;
    (1..=depth)
        .filter(|d| (pos.turn() == side) == (d % 2 == 1))
        .find(|&d| mates_within(pos, side, d, &mut visited))
}

/// Whether `side` mates from `pos` in exactly `d` plies of cooperating moves.
fn mates_within(pos: &Position, side: Color, d: u32, visited: &mut u64) -> bool {
    *visited += 1;
    if *visited > SHORTEST_NODES {
        return false;
    }
    pos.legal_moves().iter().any(|&mv| {
        let mut child = *pos;
        child.play_unchecked(mv);
        if d == 1 {
            pos.turn() == side && child.is_checkmate()
        } else {
            mates_within(&child, side, d - 1, visited)
        }
    })
}
