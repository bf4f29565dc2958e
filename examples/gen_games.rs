//! Seeded random long legal games, for the `adjudicate` benchmark (benches/adjudicate.sh):
//!
//! ```sh
//! cargo run --release --example gen_games -- SEED N > games.pgn
//! ```
//!
//! Each game plays random legal moves (three times in four a quiet one when there is one,
//! so that games run long) through a `Game`, which ends it as the Laws do (mate, stalemate,
//! dead position, fivefold, 75 moves); games still going after their length limit get a
//! recorded result, some of them on time. A quarter of the games carry `[%clk]` comments.
//! The same seed always gives the same file.

use std::io::{BufWriter, Write};

use escaque::core::Position;
use escaque::laws::Game;
use escaque::laws::pgn::format_clock;

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

    fn below(&mut self, n: u64) -> u64 {
        if n == 0 { 0 } else { self.next() % n }
    }
}

const CONTROLS: [(&str, u64, u64); 4] = [
    ("180+2", 180, 2),
    ("600+5", 600, 5),
    ("900+10", 900, 10),
    ("5400+30", 5400, 30),
];

fn usage() -> ! {
    eprintln!("usage: gen_games SEED N   (writes N random legal games in PGN to standard output)");
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
        let limit = 120 + rng.below(220) as usize;
        let (tc, base, inc) = CONTROLS[rng.below(CONTROLS.len() as u64) as usize];
        let clocks = rng.below(4) == 0;
        let mut remaining = [base * 1000; 2];
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
        while game.plies().len() < limit && !game.is_over() {
            let pos = *game.position();
            let moves = pos.legal_moves();
            let quiet: Vec<_> = moves
                .iter()
                .copied()
                .filter(|&m| pos.role_at(m.to).is_none())
                .collect();
            let mv = if !quiet.is_empty() && rng.below(4) != 0 {
                quiet[rng.below(quiet.len() as u64) as usize]
            } else {
                let all: Vec<_> = moves.iter().copied().collect();
                all[rng.below(all.len() as u64) as usize]
            };
            let color = pos.turn();
            if game.play(mv).is_err() {
                break;
            }
            let san = game
                .plies()
                .last()
                .map(|p| p.san.clone())
                .unwrap_or_default();
            let token = match color {
                escaque::core::Color::White => format!("{}. {san}", pos.fullmove_number()),
                escaque::core::Color::Black if game.plies().len() == 1 => {
                    format!("{}... {san}", pos.fullmove_number())
                }
                escaque::core::Color::Black => san,
            };
            push(&mut text, &token);
            if clocks {
                let c = color.index();
                let spend = rng.below(remaining[c] / 30 + 1_000);
                remaining[c] = remaining[c].saturating_sub(spend).max(1_000) + inc * 1000;
                push(
                    &mut text,
                    &format!("{{ [%clk {}] }}", format_clock(remaining[c] / 1000 * 1000)),
                );
            }
        }
        let (result, termination) = match game.outcome() {
            Some(o) => (o.result.pgn(), "Normal"),
            None => match rng.below(6) {
                0 => ("1-0", "Time forfeit"),
                1 => ("0-1", "Time forfeit"),
                2 => ("1-0", "Normal"),
                3 => ("0-1", "Normal"),
                _ => ("1/2-1/2", "Normal"),
            },
        };
        push(&mut text, result);
        writeln!(out, "[Event \"escaque random games (seed {seed})\"]")?;
        writeln!(out, "[Site \"gen_games\"]")?;
        writeln!(out, "[Date \"2025.01.01\"]")?;
        writeln!(out, "[Round \"{}\"]", i + 1)?;
        writeln!(out, "[White \"Random {}\"]", rng.below(1000))?;
        writeln!(out, "[Black \"Random {}\"]", rng.below(1000))?;
        writeln!(out, "[Result \"{result}\"]")?;
        writeln!(out, "[TimeControl \"{tc}\"]")?;
        writeln!(out, "[Termination \"{termination}\"]")?;
        writeln!(out)?;
        writeln!(out, "{text}")?;
        writeln!(out)?;
    }
    out.flush()
}
