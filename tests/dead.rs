//! Dead positions and "can this side still mate" (Art. 5.1.2, 5.2.2, 6.9, 7.5.5, A.5.3):
//! `escaque::core::dead` against the CHA labelled vectors, the lichess unfair time-outs, the
//! positions where the usual per-side material rule is unsound, and chasolver (MIT) as an
//! oracle.

mod common;

use std::time::Instant;

use escaque::core::dead::{self, Verdict};
use escaque::core::{Color, Position};

/// A CHA vector: label (`--`, `W-`, `-B`, `WB`) and position.
fn vectors() -> Option<Vec<(bool, bool, Position, String)>> {
    let path = common::shared_data("dead_positions/cha_test_vectors_shared.txt")?;
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (label, fen) = line.split_at(2);
        let mut fen = fen.trim().to_string();
        if fen.split_whitespace().count() == 2 {
            fen.push_str(" - -");
        }
        let pos = Position::from_fen_lenient(&fen).unwrap_or_else(|e| panic!("{e}"));
        let b = label.as_bytes();
        out.push((b[0] == b'W', b[1] == b'B', pos, fen));
    }
    Some(out)
}

#[test]
#[ignore]
fn explore_vectors() {
    let Some(vs) = vectors() else { return };
    let budget: u64 = std::env::var("BUDGET")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200_000);
    let mut undet = 0;
    let mut wrong = 0;
    let t = Instant::now();
    for (w, b, pos, fen) in &vs {
        for (color, expect) in [(Color::White, *w), (Color::Black, *b)] {
            let t0 = Instant::now();
            let v = dead::full(pos, color, budget);
            let ms = t0.elapsed().as_secs_f64() * 1e3;
            match &v {
                Verdict::Undetermined => {
                    undet += 1;
                    println!(
                        "UNDET {color} expect {} {fen} {ms:.1}ms",
                        if expect { "win" } else { "dead" }
                    );
                }
                Verdict::Winnable(line) => {
                    assert!(dead::verify_line(pos, color, line), "{fen}");
                    if !expect {
                        wrong += 1;
                        println!("WRONG win {color} {fen}");
                    }
                }
                Verdict::Unwinnable => {
                    if expect {
                        wrong += 1;
                        println!("WRONG dead {color} {fen}");
                    }
                }
            }
        }
    }
    println!(
        "{} positions, undetermined {undet}, wrong {wrong}, {:.1}s",
        vs.len(),
        t.elapsed().as_secs_f64()
    );
}
