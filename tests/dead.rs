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
    let only: Option<String> = std::env::var("ONLY")
        .ok()
        .map(|f| std::fs::read_to_string(f).unwrap());
    for (w, b, pos, fen) in &vs {
        for (color, expect) in [(Color::White, *w), (Color::Black, *b)] {
            if let Some(o) = &only {
                if !o.lines().any(|l| l == format!("{color} {fen}")) {
                    continue;
                }
            }
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

#[test]
#[ignore]
fn explore_region() {
    let Some(vs) = vectors() else { return };
    let (mut proven, mut dead, mut bad) = (0, 0, 0);
    let t = Instant::now();
    for (w, b, pos, fen) in &vs {
        for (color, expect) in [(Color::White, *w), (Color::Black, *b)] {
            let t1 = Instant::now();
            let st = dead::static_unwinnable(pos, color);
            if t1.elapsed().as_millis() > 5 {
                println!("slow static {:?} {fen}", t1.elapsed());
            }
            if st && expect {
                bad += 1;
                println!("UNSOUND static {color} {fen}");
            }
            let r = dead::region_unwinnable(pos, color);
            if !expect {
                dead += 1;
            }
            if r {
                if expect {
                    bad += 1;
                    println!("UNSOUND {color} {fen}");
                } else {
                    proven += 1;
                }
            }
        }
    }
    println!(
        "region: proven {proven} of {dead} dead sides, unsound {bad}, {:?}",
        t.elapsed()
    );
}

#[test]
#[ignore]
fn cha_lines() {
    use std::str::FromStr;
    let list = std::fs::read_to_string(std::env::var("ONLY").unwrap()).unwrap();
    for l in list.lines().take(60) {
        let (c, fen) = l.split_once(' ').unwrap();
        let board = chess::Board::from_str(fen).unwrap();
        let color = if c == "white" {
            chess::Color::White
        } else {
            chess::Color::Black
        };
        let t = Instant::now();
        let r = chasolver::winnability(&board, color);
        let desc = match r {
            Some(chasolver::Winnability::Winnable { helpmate }) => format!(
                "win {} plies: {}",
                helpmate.len(),
                helpmate
                    .iter()
                    .map(|m| m.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            Some(chasolver::Winnability::Unwinnable) => "dead".into(),
            None => "none".into(),
        };
        println!(
            "{c} {fen} | {:.1}ms {desc}",
            t.elapsed().as_secs_f64() * 1e3
        );
    }
}

#[test]
#[ignore]
fn explore_unfair() {
    let Some(path) = common::shared_data("dead_positions/cha_unfair_timeouts_shared.txt") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let step: usize = std::env::var("STEP")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let (mut n, mut q, mut f) = (0, 0, 0);
    let t = Instant::now();
    let mut tq = 0f64;
    for line in text.lines().step_by(step) {
        let fen: Vec<&str> = line.split_whitespace().take(6).collect();
        let pos = Position::from_fen_lenient(&fen.join(" ")).unwrap();
        let side = !pos.turn();
        n += 1;
        let t0 = Instant::now();
        let v = dead::quick(&pos, side);
        tq += t0.elapsed().as_secs_f64();
        if v.is_unwinnable() {
            q += 1;
            continue;
        }
        assert!(!v.is_winnable(), "{line}");
        let v = dead::full(&pos, side, 200_000);
        assert!(!v.is_winnable(), "{line}");
        if v.is_unwinnable() {
            f += 1;
        } else {
            println!("MISS {line}");
        }
    }
    println!(
        "unfair: {n} positions, quick {q} ({:.2}us avg), full +{f}, {:.1}s",
        tq / n as f64 * 1e6,
        t.elapsed().as_secs_f64()
    );
}

#[test]
#[ignore]
fn explore_lichess() {
    let Some(path) = common::shared_data("dead_positions/cha_lichess_30K_positions.txt") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let step: usize = std::env::var("STEP")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let full_too = std::env::var("FULL").is_ok();
    let mut tq = Vec::new();
    let mut tf = Vec::new();
    let mut nodes = Vec::new();
    let (mut qu, mut qw, mut fu, mut fw, mut fd) = (0, 0, 0, 0, 0);
    for line in text.lines().step_by(step) {
        let fen: Vec<&str> = line.split_whitespace().take(6).collect();
        let pos = Position::from_fen_lenient(&fen.join(" ")).unwrap();
        for side in [Color::White, Color::Black] {
            let t0 = Instant::now();
            let v = dead::quick(&pos, side);
            tq.push(t0.elapsed().as_nanos() as u64);
            match &v {
                Verdict::Unwinnable => qu += 1,
                Verdict::Winnable(l) => {
                    qw += 1;
                    assert!(dead::verify_line(&pos, side, l));
                }
                _ => {}
            }
            if full_too {
                let t0 = Instant::now();
                let (v, n) = dead::full_counted(&pos, side, 200_000);
                tf.push(t0.elapsed().as_nanos() as u64);
                nodes.push(n);
                match &v {
                    Verdict::Unwinnable => fu += 1,
                    Verdict::Winnable(l) => {
                        fw += 1;
                        assert!(dead::verify_line(&pos, side, l));
                    }
                    _ => {
                        fd += 1;
                        println!("UNDET {side} {line}");
                    }
                }
            }
        }
    }
    tq.sort();
    tf.sort();
    let med = |v: &Vec<u64>| if v.is_empty() { 0 } else { v[v.len() / 2] };
    let mean = |v: &Vec<u64>| {
        if v.is_empty() {
            0.0
        } else {
            v.iter().sum::<u64>() as f64 / v.len() as f64
        }
    };
    println!(
        "quick: n {} median {}ns mean {:.0}ns p99 {}ns; unwinnable {qu} winnable {qw}",
        tq.len(),
        med(&tq),
        mean(&tq),
        tq[tq.len() * 99 / 100]
    );
    if full_too {
        nodes.sort();
        println!(
            "full nodes: median {} mean {:.0}",
            med(&nodes),
            mean(&nodes)
        );
        println!(
            "full: median {}ns mean {:.0}ns max {}ns; unwinnable {fu} winnable {fw} undetermined {fd}",
            med(&tf),
            mean(&tf),
            tf.last().unwrap()
        );
    }
}

#[test]
#[ignore]
fn explore_lichess_cha() {
    use std::str::FromStr;
    let Some(path) = common::shared_data("dead_positions/cha_lichess_30K_positions.txt") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let step: usize = std::env::var("STEP")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let mut tq = Vec::new();
    let mut tf = Vec::new();
    for line in text.lines().step_by(step) {
        let fen: Vec<&str> = line.split_whitespace().take(6).collect();
        let board = chess::Board::from_str(&fen.join(" ")).unwrap();
        for side in [chess::Color::White, chess::Color::Black] {
            let t0 = Instant::now();
            std::hint::black_box(chasolver::is_unwinnable_fast(&board, side));
            tq.push(t0.elapsed().as_nanos() as u64);
            let t0 = Instant::now();
            std::hint::black_box(chasolver::winnability(&board, side));
            tf.push(t0.elapsed().as_nanos() as u64);
        }
    }
    tq.sort();
    tf.sort();
    let mean = |v: &Vec<u64>| v.iter().sum::<u64>() as f64 / v.len() as f64;
    println!(
        "cha fast: median {}ns mean {:.0}ns; full: median {}ns mean {:.0}ns max {}",
        tq[tq.len() / 2],
        mean(&tq),
        tf[tf.len() / 2],
        mean(&tf),
        tf.last().unwrap()
    );
}
