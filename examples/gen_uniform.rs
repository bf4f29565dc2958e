//! Seeded games of uniformly random legal moves, for the `adjudicate` benchmark
//! (benches/adjudicate.sh, issue 23):
//!
//! ```sh
//! cargo run --release --example gen_uniform -- SEED N > games.pgn
//! ```
//!
//! Each move is drawn uniformly from the legal moves of the position (no preference of any
//! kind), and a game goes on until the Laws end it by themselves, as a live [`Game`] judges
//! after every move: checkmate, stalemate, dead position (the per-ply 5.2.2 test), fivefold
//! repetition or seventy-five moves. There is no length limit. The same seed always gives
//! the same file.

use std::io::{BufWriter, Write};

use escaque::core::{Color, Position};
use escaque::laws::Game;

/// SplitMix64: small, seeded, good enough for choosing moves.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (rejection sampling, no modulo bias), `n > 0`.
    fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next();
            if x < zone {
                return x % n;
            }
        }
    }
}

fn usage() -> ! {
    eprintln!("usage: gen_uniform SEED N   (writes N uniformly random legal games to stdout)");
    std::process::exit(2);
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [seed, n] = args.as_slice() else { usage() };
    let (Ok(seed), Ok(n)) = (seed.parse::<u64>(), n.parse::<usize>()) else {
        usage()
    };
    let mut rng = Rng(seed);
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for i in 0..n {
        let mut game = Game::new(Position::new());
        let mut text = String::new();
        let mut line_len = 0;
        let mut push = |text: &mut String, token: &str| {
            if line_len + token.len() + 1 > 80 {
                text.push('\n');
                line_len = 0;
            } else if line_len > 0 {
                text.push(' ');
                line_len += 1;
            }
            text.push_str(token);
            line_len += token.len();
        };
        while !game.is_over() {
            let pos = *game.position();
            let moves = pos.legal_moves();
            let all: Vec<_> = moves.iter().copied().collect();
            let mv = all[rng.below(all.len() as u64) as usize];
            if game.play(mv).is_err() {
                break;
            }
            let san = game
                .plies()
                .last()
                .map(|p| p.san.clone())
                .unwrap_or_default();
            let token = match pos.turn() {
                Color::White => format!("{}. {san}", pos.fullmove_number()),
                Color::Black => san,
            };
            push(&mut text, &token);
        }
        let result = game.outcome().map_or("*", |o| o.result.pgn());
        push(&mut text, result);
        writeln!(
            out,
            "[Event \"escaque uniform random games (seed {seed})\"]"
        )?;
        writeln!(out, "[Site \"gen_uniform\"]")?;
        writeln!(out, "[Date \"2025.01.01\"]")?;
        writeln!(out, "[Round \"{}\"]", i + 1)?;
        writeln!(out, "[White \"Uniform\"]")?;
        writeln!(out, "[Black \"Uniform\"]")?;
        writeln!(out, "[Result \"{result}\"]")?;
        writeln!(out)?;
        writeln!(out, "{text}")?;
        writeln!(out)?;
    }
    out.flush()
}
