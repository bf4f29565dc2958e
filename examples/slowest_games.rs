//! Where `adjudicate` spends its time: reviews every game of the PGN files given, as
//! `adjudicate` does, and prints the slowest ones with their last position.
//!
//!     cargo run --release --example slowest_games -- FILE… [N]
use std::time::Instant;

use escaque::laws::arbiter::{ReviewOptions, review_with};
use escaque::laws::pgn;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let top = match args.last().and_then(|a| a.parse::<usize>().ok()) {
        Some(n) => {
            args.pop();
            n
        }
        None => 20,
    };
    let opts = ReviewOptions {
        plies: false,
        ..ReviewOptions::default()
    };
    let mut times = Vec::new();
    let mut total = 0.0;
    for file in &args {
        let text = std::fs::read(file).expect("a readable file");
        for (i, game) in pgn::Reader::new(&text[..]).enumerate() {
            let Ok(game) = game else { continue };
            let start = Instant::now();
            let r = review_with(&game, &opts);
            let s = start.elapsed().as_secs_f64();
            total += s;
            let _ = r;
            let fen = game
                .replay(escaque::core::Letters::English)
                .positions
                .last()
                .map_or(String::new(), |p| p.to_fen());
            times.push((s, file.clone(), i + 1, fen));
        }
    }
    times.sort_by(|a, b| b.0.total_cmp(&a.0));
    println!("{} games, {:.3} s", times.len(), total);
    let mut acc = 0.0;
    for (s, file, i, fen) in times.iter().take(top) {
        acc += s;
        println!(
            "{:8.2} ms  {:5.1} %  {file}#{i}  {fen}",
            s * 1e3,
            acc / total * 100.0
        );
    }
}
