//! The slowest full dead-position queries of a file of FENs (both sides of each), for
//! tuning `core::dead` (issue 23).
//!
//!     cargo run --release --example slowest_dead -- FILE [BUDGET] [N]
//!
//! FILE: one FEN a line (the CHA lichess and unfair time-out files), or the CHA vectors,
//! whose label (`W-`, `-B`, `WB`, `--`) is then checked: a verdict against it prints
//! `WRONG`. Prints the total time and nodes, the undetermined count, and the N slowest.
use std::time::Instant;

use escaque::core::{Color, Position, dead};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let budget: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(200_000);
    let top: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20);
    let text = std::fs::read_to_string(&args[0]).expect("a readable file");
    let mut rows = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        // The CHA vectors start with their label: `W-`, `-B`, `WB`, `--`.
        let (label, rest) = match line.split_once(' ') {
            Some((l, r)) if l.len() == 2 && l.chars().all(|c| "WB-".contains(c)) => (Some(l), r),
            _ => (None, line),
        };
        let mut fen: Vec<&str> = rest.split_whitespace().take(6).collect();
        if fen.len() == 2 {
            fen.extend(["-", "-"]);
        }
        let fen = fen.join(" ");
        // Some CHA vectors carry castling rights their placement contradicts.
        let Ok(pos) = Position::from_fen_lenient(&fen) else {
            println!("unread: {fen}");
            continue;
        };
        for side in [Color::White, Color::Black] {
            let can = label.map(|l| l.contains(if side == Color::White { 'W' } else { 'B' }));
            let t = Instant::now();
            let (v, spent) = dead::full_counted(&pos, side, budget);
            let s = t.elapsed().as_secs_f64();
            let tag = match v {
                dead::Verdict::Winnable(l) => format!("winnable {}", l.len()),
                dead::Verdict::Unwinnable => "unwinnable".into(),
                dead::Verdict::Undetermined => "UNDETERMINED".into(),
            };
            if let Some(can) = can {
                let wrong = (can && tag == "unwinnable") || (!can && tag.starts_with("winnable"));
                if wrong {
                    println!(
                        "WRONG: {side:?} {tag} against the label {}: {fen}",
                        label.unwrap_or("")
                    );
                }
            }
            rows.push((s, spent, tag, side, fen.clone()));
        }
    }
    rows.sort_by(|a, b| b.0.total_cmp(&a.0));
    let total: f64 = rows.iter().map(|r| r.0).sum();
    let nodes: u64 = rows.iter().map(|r| r.1).sum();
    let open = rows.iter().filter(|r| r.2 == "UNDETERMINED").count();
    println!(
        "{} queries, {:.3} s, {nodes} nodes, {open} undetermined",
        rows.len(),
        total
    );
    for (s, spent, tag, side, fen) in rows.iter().take(top) {
        println!("{:8.2} ms {spent:>8} {side:?} {tag:<14} {fen}", s * 1e3);
    }
}
