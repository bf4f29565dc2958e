//! Chess960, Guidelines II of the 2023 Laws: castling by the II.3 rule through the move
//! generator (perft against the published counts of the shared corpus, and move by move
//! against cozy-chess, a dev-dependency oracle that plays Chess960), X-FEN and Shredder-FEN
//! read and written, the start positions by number, the repetition key (9.2.3.2), and the
//! castling corner cases of II.3.
//!
//! `ESCAQUE_PERFT960_DEPTH=<d>` sets the depth of the shared 480-position suite (5 by default
//! in an optimised build, about 5 billion nodes; 3 in a debug build). Depth 6 (150 billion
//! nodes) was run by hand; see docs/core.md.

mod common;

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use escaque::core::chess960;
use escaque::core::{CastleSide, Color, FenProblem, Move, Position, Square, perft};

// --- The corpus -----------------------------------------------------------------------------

struct Entry {
    id: String,
    fen: String,
    counts: Vec<(u32, u64)>,
}

/// `.perft` blocks (`id`, `epd`, `perft D N`) or EPD lines (`FEN ;D1 n ;D2 n`).
fn load(path: &Path) -> Vec<Entry> {
    let text = common::read_text(path);
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let mut out: Vec<Entry> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if name.ends_with(".epd") {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .filter(|p| !p.trim().is_empty())
                .map(|p| {
                    let (d, c) = p.trim()[1..].split_once(' ').unwrap();
                    (d.parse().unwrap(), c.trim().parse().unwrap())
                })
                .collect();
            out.push(Entry {
                id: format!("{name}:{}", n + 1),
                fen,
                counts,
            });
        } else if let Some(id) = line.strip_prefix("id ") {
            out.push(Entry {
                id: id.trim().to_string(),
                fen: String::new(),
                counts: Vec::new(),
            });
        } else if let Some(fen) = line.strip_prefix("epd ") {
            out.last_mut().unwrap().fen = fen.trim().to_string();
        } else if let Some(count) = line.strip_prefix("perft ") {
            let (d, c) = count.trim().split_once(' ').unwrap();
            out.last_mut()
                .unwrap()
                .counts
                .push((d.parse().unwrap(), c.trim().parse().unwrap()));
        } else {
            panic!("{name}:{}: unknown line {line:?}", n + 1);
        }
    }
    out
}

/// Runs the perfts `(id, fen, depth, expected)` on two threads; returns the failures.
fn run(jobs: Vec<(String, String, u32, u64)>) -> Vec<String> {
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some((id, fen, depth, expected)) = jobs.get(i) else {
                        break;
                    };
                    let result = Position::from_fen_960(fen)
                        .map_err(|e| e.to_string())
                        .map(|pos| perft(&pos, *depth));
                    match result {
                        Ok(n) if n == *expected => {}
                        Ok(n) => failures.lock().unwrap().push(format!(
                            "{id} ({fen}) depth {depth}: {n}, expected {expected}"
                        )),
                        Err(e) => failures.lock().unwrap().push(format!("{id}: {e}")),
                    }
                }
            });
        }
    });
    failures.into_inner().unwrap()
}

fn depth_limit() -> u32 {
    match std::env::var("ESCAQUE_PERFT960_DEPTH") {
        Ok(v) => v.parse().expect("ESCAQUE_PERFT960_DEPTH is a number"),
        Err(_) if cfg!(debug_assertions) => 3,
        Err(_) => 5,
    }
}

/// Guidelines II.3: the 480 Chess960 positions of the shared suite (Shredder-FEN), every
/// published count up to the depth limit exact.
#[test]
fn guidelines_ii_3_chess960_shared_perft() {
    let Some(path) = common::shared_data("perft/chess960_shared.perft") else {
        return;
    };
    let entries = load(&path);
    assert_eq!(entries.len(), 480);
    let limit = depth_limit();
    let mut jobs = Vec::new();
    for e in &entries {
        for &(d, n) in &e.counts {
            if d <= limit {
                jobs.push((e.id.clone(), e.fen.clone(), d, n));
            }
        }
    }
    assert!(jobs.len() >= 480 * limit.min(6) as usize);
    let failures = run(jobs);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Guidelines II.3: `frc_perftsuite.epd` (Shredder-FEN, promotions among the castling
/// pieces) and the `xfen-*` entries of scalachess's tricky set (X-FEN `KQkq` with the king
/// off e1), every count of at most 100 million nodes.
#[test]
fn guidelines_ii_3_frc_and_xfen_perft() {
    let mut jobs = Vec::new();
    let limit = if cfg!(debug_assertions) {
        2_000_000
    } else {
        100_000_000
    };
    for (file, xfen_only) in [
        ("perft/frc_perftsuite.epd", false),
        ("perft/tricky_scalachess.perft", true),
    ] {
        let Some(path) = common::shared_data(file) else {
            return;
        };
        for e in load(&path) {
            if xfen_only && !e.id.starts_with("xfen-") {
                continue;
            }
            for &(d, n) in &e.counts {
                if n <= limit {
                    jobs.push((e.id.clone(), e.fen.clone(), d, n));
                }
            }
        }
    }
    assert!(jobs.len() > 40, "{}", jobs.len());
    let failures = run(jobs);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// --- Move by move against the oracle --------------------------------------------------------

/// The legal moves as UCI text in Chess960 form (castling as the king taking its rook).
fn ours(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves()
        .iter()
        .map(|&m| pos.uci(m, true).to_string())
        .collect()
}

fn oracle(board: &cozy_chess::Board) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    board.generate_moves(|moves| {
        for mv in moves {
            out.insert(mv.to_string());
        }
        false
    });
    out
}

fn xorshift(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// Guidelines II.1, II.3: from every one of the 960 start positions, a seeded random game
/// whose legal moves equal the oracle's at every ply; each move is also played by its
/// Chess960 UCI text, taken back (`make`/`undo`), and the position's key kept along the
/// moves is the one the position computes.
#[test]
fn guidelines_ii_3_random_games_from_every_start_match_the_oracle() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut plies = 0;
    let mut castles = 0;
    for n in 0..chess960::COUNT {
        let mut pos = chess960::start_position(n).unwrap();
        let shredder = pos.to_shredder_fen();
        let mut board = cozy_chess::Board::from_fen(&shredder, true).unwrap();
        assert_eq!(
            cozy_chess::Board::chess960_startpos(u32::from(n)),
            board,
            "start position {n}"
        );
        for _ in 0..120 {
            let moves = pos.legal_moves();
            assert_eq!(ours(&pos), oracle(&board), "{n}: {}", pos.to_fen());
            if moves.is_empty() {
                break;
            }
            // Castling twice as often as its share, to see it played.
            let castle: Vec<Move> = moves.iter().copied().filter(|m| m.is_castle()).collect();
            let mv = if !castle.is_empty() && xorshift(&mut seed) % 3 == 0 {
                castle[(xorshift(&mut seed) % castle.len() as u64) as usize]
            } else {
                moves[(xorshift(&mut seed) % moves.len() as u64) as usize]
            };
            castles += usize::from(mv.is_castle());
            let text = pos.uci(mv, true);
            assert_eq!(
                pos.uci_to_move(text),
                Some(mv),
                "{text} in {}",
                pos.to_fen()
            );
            let before = pos;
            let undo = pos.make(mv);
            let mut back = pos;
            back.undo(mv, undo);
            assert_eq!(back, before, "{text} undone");
            board.play_unchecked(text.to_string().parse().unwrap());
            assert_eq!(
                Position::from_fen_960(&pos.to_fen()).unwrap().key(),
                pos.key(),
                "{}",
                pos.to_fen()
            );
            plies += 1;
        }
    }
    assert!(plies > 50_000 && castles > 500, "{plies} {castles}");
}

/// Guidelines II.1: start position 518 is the standard one, 0 is BBQNNRKR, and every
/// number's rights are the outermost rooks (`KQkq` in X-FEN).
#[test]
fn guidelines_ii_1_start_positions_by_number() {
    let std = chess960::start_position(chess960::STANDARD).unwrap();
    assert_eq!(std, Position::new());
    assert_eq!(
        chess960::start_position(0).unwrap().to_fen(),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
    );
    assert_eq!(
        chess960::start_position(0).unwrap().to_shredder_fen(),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"
    );
    assert_eq!(
        chess960::start_position(959).unwrap().to_fen(),
        "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1"
    );
    assert!(chess960::start_position(960).is_none());
    assert!((0..=u64::from(u16::MAX)).all(|r| chess960::number_from_random(r) < 960));
}

// --- X-FEN and Shredder-FEN -----------------------------------------------------------------

/// Guidelines II: every position of the Chess960 suites read, written as X-FEN and as
/// Shredder-FEN, and read again is the same position with the same key.
#[test]
fn guidelines_ii_x_fen_and_shredder_fen_round_trip() {
    let mut checked = 0;
    for file in [
        "perft/chess960_shared.perft",
        "perft/frc_perftsuite.epd",
        "perft/tricky_scalachess.perft",
    ] {
        let Some(path) = common::shared_data(file) else {
            return;
        };
        for e in load(&path) {
            // The tricky sets hold positions that cannot arise (Art. 3.10) on purpose: read as
            // the move generator's test positions they are.
            let pos = escaque::core::Setup::from_fen_960(&e.fen)
                .unwrap()
                .to_position_unreachable()
                .unwrap_or_else(|p| panic!("{}: {p:?}", e.id));
            let xfen = pos.to_fen();
            let shredder = pos.to_shredder_fen();
            for text in [&xfen, &shredder] {
                let again = escaque::core::Setup::from_fen_960(text)
                    .unwrap()
                    .to_position_unreachable()
                    .unwrap();
                assert_eq!(again, pos, "{} {text}", e.id);
                assert_eq!(again.key(), pos.key());
                assert_eq!(&again.to_fen(), &xfen);
                assert_eq!(&again.to_shredder_fen(), &shredder);
            }
            // The oracle reads our Shredder-FEN as the same position (it refuses some of
            // those that cannot arise).
            if let Ok(board) = cozy_chess::Board::from_fen(&shredder, true) {
                assert_eq!(oracle(&board), ours(&pos), "{}", e.id);
            }
            checked += 1;
        }
    }
    assert!(checked > 500, "{checked}");
}

/// X-FEN: `K`/`Q` name the outermost rook on that side; an inner rook is named by its file.
#[test]
fn guidelines_ii_x_fen_inner_rook_is_written_by_file() {
    // King e1, rooks f1 and h1 on the king's side; the right is the f1 rook's.
    let pos = Position::from_fen_960("4k3/8/8/8/8/8/8/4KR1R w F - 0 1").unwrap();
    assert_eq!(
        pos.castling_rights().rook(Color::White, CastleSide::King),
        Some(Square::F1)
    );
    assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/4KR1R w F - 0 1");
    // `K` is the h1 rook: standard files, written KQkq-style.
    let pos = Position::from_fen_960("4k3/8/8/8/8/8/8/4KR1R w K - 0 1").unwrap();
    assert_eq!(
        pos.castling_rights().rook(Color::White, CastleSide::King),
        Some(Square::H1)
    );
    assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/4KR1R w K - 0 1");
    assert_eq!(pos.to_shredder_fen(), "4k3/8/8/8/8/8/8/4KR1R w H - 0 1");
    // Standard chess refuses Chess960 rights, and says which reading would take them.
    let err = Position::from_fen("4k3/8/8/8/8/8/8/4KR1R w F - 0 1").unwrap_err();
    assert_eq!(err.problem, FenProblem::CastlingChar('F'));
    assert!(err.to_string().contains("Chess960"), "{err}");
    let err =
        Position::from_fen("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1").unwrap_err();
    assert_eq!(err.problem, FenProblem::CastlingWithoutKing('K'));
    // A right whose rook is on the wrong side of the king.
    let err = Position::from_fen_960("4k3/8/8/8/8/8/8/R3K3 w A - 0 1");
    assert!(err.is_ok(), "A is the queen's side: {err:?}");
}

// --- Repetition -----------------------------------------------------------------------------

/// Art. 9.2.3.2 in Chess960: the same pieces on the same squares with a castling right
/// that belongs to another rook are not the same position; the same right written as
/// X-FEN or Shredder-FEN is.
#[test]
fn art_9_2_3_2_chess960_rights_are_part_of_the_key() {
    let g = Position::from_fen_960("4k3/8/8/8/8/8/8/4K1RR w G - 0 1").unwrap();
    let h = Position::from_fen_960("4k3/8/8/8/8/8/8/4K1RR w H - 0 1").unwrap();
    let k = Position::from_fen_960("4k3/8/8/8/8/8/8/4K1RR w K - 0 1").unwrap();
    let none = Position::from_fen_960("4k3/8/8/8/8/8/8/4K1RR w - - 0 1").unwrap();
    assert_ne!(g.key(), h.key());
    assert_eq!(h.key(), k.key());
    assert_ne!(g.key(), none.key());
    assert_ne!(h.key(), none.key());
    // And the standard position's key does not depend on the reading.
    assert_eq!(
        Position::from_fen_960(escaque::core::STARTING_FEN)
            .unwrap()
            .key(),
        Position::new().key()
    );
}

// --- The corner cases of II.3 ---------------------------------------------------------------

/// The castling move towards `side`, by the position's SAN reader.
fn castle(pos: &Position, side: CastleSide) -> Option<Move> {
    pos.legal_moves()
        .iter()
        .copied()
        .find(|m| m.castle_side() == Some(side))
}

/// Plays castling and checks where king and rook stand, the SAN, the Chess960 UCI text
/// and the oracle's agreement on the moves before and after.
fn check_castle(fen: &str, side: CastleSide, uci: &str, king: Square, rook: Square) {
    let pos = Position::from_fen_960(fen).unwrap();
    let board = cozy_chess::Board::from_fen(&pos.to_shredder_fen(), true).unwrap();
    assert_eq!(ours(&pos), oracle(&board), "{fen}");
    let mv = castle(&pos, side).unwrap_or_else(|| panic!("no castling in {fen}"));
    assert_eq!(pos.uci(mv, true).to_string(), uci);
    let san = escaque::core::San::from_move(&pos, mv).to_string();
    assert!(san.starts_with(match side {
        CastleSide::King => "O-O",
        CastleSide::Queen => "O-O-O",
    }));
    assert_eq!(
        escaque::core::parse_move(&pos, &san, escaque::core::Letters::English),
        Ok(mv)
    );
    assert_eq!(pos.uci_to_move(uci.parse().unwrap()), Some(mv));
    let after = pos.after(mv).unwrap();
    let us = pos.turn();
    assert_eq!(after.king(us), king, "{fen}");
    assert!(
        after.pieces(us, escaque::core::Role::Rook).contains(rook),
        "{fen}: {}",
        after.to_fen()
    );
    assert!(!after.castling_rights().any_for(us));
    let mut board = board;
    board.play_unchecked(uci.parse().unwrap());
    assert_eq!(ours(&after), oracle(&board), "{fen} after {uci}");
}

/// Guidelines II.3: the king already on g1 castles short: it stays, the rook comes to f1.
#[test]
fn guidelines_ii_3_king_already_on_g1() {
    check_castle(
        "1k6/8/8/8/8/8/8/R5KR w KQ - 0 1",
        CastleSide::King,
        "g1h1",
        Square::G1,
        Square::F1,
    );
}

/// Guidelines II.3: the rook already on f1: only the king moves, over the rook's square.
#[test]
fn guidelines_ii_3_rook_already_on_f1() {
    check_castle(
        "1k6/8/8/8/8/8/8/3K1R2 w K - 0 1",
        CastleSide::King,
        "d1f1",
        Square::G1,
        Square::F1,
    );
    // With the king on g1 and the rook on f1 there is nothing to castle: the right stands
    // for a move that changes nothing, which is no move.
}

/// Guidelines II.3: king and rook swap squares, short (f1 and g1) and long (d1 and c1).
#[test]
fn guidelines_ii_3_king_and_rook_swap_squares() {
    check_castle(
        "1k6/8/8/8/8/8/8/5KR1 w K - 0 1",
        CastleSide::King,
        "f1g1",
        Square::G1,
        Square::F1,
    );
    check_castle(
        "6k1/8/8/8/8/8/8/2RK4 w Q - 0 1",
        CastleSide::Queen,
        "d1c1",
        Square::C1,
        Square::D1,
    );
    // Black's too.
    check_castle(
        "2rk4/8/8/8/8/8/8/6K1 b q - 0 1",
        CastleSide::Queen,
        "d8c8",
        Square::C8,
        Square::D8,
    );
}

/// Guidelines II.3: the other rook stands on a square the king or rook must cross or
/// reach: that castling is blocked (only the two castling pieces may stand there), the
/// other one is not.
#[test]
fn guidelines_ii_3_castling_through_the_other_rook_s_square() {
    // King b1, rooks a1 and c1: long castling needs c1 (the king's end) and d1 free, and
    // c1 holds the other rook; short castling takes the c1 rook to f1.
    let fen = "6k1/8/8/8/8/8/8/RKR5 w KQ - 0 1";
    let pos = Position::from_fen_960(fen).unwrap();
    assert_eq!(castle(&pos, CastleSide::Queen), None);
    check_castle(fen, CastleSide::King, "b1c1", Square::G1, Square::F1);
    // King f1, rooks b1 and g1: long castling over e1, d1, c1 (the other rook is not in the
    // way), short castling swaps king and rook.
    let fen = "k7/8/8/8/8/8/8/1R3KR1 w KQ - 0 1";
    check_castle(fen, CastleSide::Queen, "f1b1", Square::C1, Square::D1);
    check_castle(fen, CastleSide::King, "f1g1", Square::G1, Square::F1);
}

/// Guidelines II.3 and Art. 3.9: the king's end square is judged with the rook gone from
/// its square: a rook of the opponent behind the castling rook makes long castling illegal.
#[test]
fn guidelines_ii_3_the_castling_rook_does_not_shield_the_king_s_end_square() {
    let fen = "6k1/8/8/8/8/8/8/rR3K2 w Q - 0 1";
    let pos = Position::from_fen_960(fen).unwrap();
    assert_eq!(castle(&pos, CastleSide::Queen), None);
    let board = cozy_chess::Board::from_fen(&pos.to_shredder_fen(), true).unwrap();
    assert_eq!(ours(&pos), oracle(&board));
    // And the squares the king passes must not be attacked (Art. 3.8.2.2).
    let fen = "5rk1/8/8/8/8/8/8/1R1K4 w Q - 0 1";
    let pos = Position::from_fen_960(fen).unwrap();
    assert!(castle(&pos, CastleSide::Queen).is_some());
    let fen = "2r3k1/8/8/8/8/8/8/1R1K4 w Q - 0 1";
    let pos = Position::from_fen_960(fen).unwrap();
    assert_eq!(castle(&pos, CastleSide::Queen), None, "c1 attacked");
}

/// Guidelines II.3: in Chess960 UCI text the castling king takes its own rook; in standard
/// UCI it moves to g1 or c1, and both texts are read. Where g1 is also a plain king move
/// (king on f1), `f1g1` is that move.
#[test]
fn guidelines_ii_3_uci_text_of_castling() {
    let pos = Position::new()
        .after(Move::normal(Square::G1, Square::F3))
        .unwrap();
    let _ = pos;
    let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let short = castle(&pos, CastleSide::King).unwrap();
    assert_eq!(pos.uci(short, false).to_string(), "e1g1");
    assert_eq!(pos.uci(short, true).to_string(), "e1h1");
    assert_eq!(pos.uci_to_move("e1g1".parse().unwrap()), Some(short));
    assert_eq!(pos.uci_to_move("e1h1".parse().unwrap()), Some(short));
    let pos = Position::from_fen_960("1k6/8/8/8/8/8/8/5K1R w K - 0 1").unwrap();
    let plain = pos.uci_to_move("f1g1".parse().unwrap()).unwrap();
    assert!(!plain.is_castle());
    let c = pos.uci_to_move("f1h1".parse().unwrap()).unwrap();
    assert!(c.is_castle());
    assert_eq!(pos.uci(c, true).to_string(), "f1h1");
    // "Kg1" is the plain move, O-O the castling.
    let letters = escaque::core::Letters::English;
    assert_eq!(escaque::core::parse_move(&pos, "Kg1", letters), Ok(plain));
    assert_eq!(escaque::core::parse_move(&pos, "O-O", letters), Ok(c));
}

// --- PGN ------------------------------------------------------------------------------------

/// Guidelines II and the PGN standard's `Variant`, `SetUp` and `FEN` tags: a Chess960 game
/// (seeded random moves from start positions with castling on both sides, ending in mate
/// where the random walk finds one) written as PGN, read, replayed move for move, written
/// again by the PGN writer, read again, and adjudicated by the arbiter's review with the
/// same result; the variant's spellings are all read.
#[test]
fn guidelines_ii_chess960_game_through_pgn_and_the_arbiter() {
    use escaque::core::{Letters, San};
    use escaque::laws::arbiter::review;
    use escaque::laws::pgn::{WriteOptions, read_str, write_game};

    let mut seed = 0x243f_6a88_85a3_08d3u64;
    let mut castled = 0;
    let mut mates = 0;
    for (i, n) in [0u16, 1, 105, 314, 518, 700, 959].into_iter().enumerate() {
        let start = chess960::start_position(n).unwrap();
        let mut pos = start;
        let mut text = String::new();
        let mut sans = Vec::new();
        for ply in 0..160 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let castle: Vec<Move> = moves.iter().copied().filter(|m| m.is_castle()).collect();
            let mv = if !castle.is_empty() {
                castle[(xorshift(&mut seed) % castle.len() as u64) as usize]
            } else {
                moves[(xorshift(&mut seed) % moves.len() as u64) as usize]
            };
            castled += usize::from(mv.is_castle());
            let san = San::from_move(&pos, mv).to_string();
            if ply % 2 == 0 {
                text.push_str(&format!("{}. ", pos.fullmove_number()));
            }
            text.push_str(&san);
            text.push(' ');
            sans.push(san);
            pos.play(mv).unwrap();
        }
        let mate = pos.is_check() && !pos.has_legal_moves();
        mates += usize::from(mate);
        let result = match (mate, pos.turn()) {
            (true, Color::White) => "0-1",
            (true, Color::Black) => "1-0",
            _ => "*",
        };
        let variant = ["Chess960", "fischerandom", "chess 960", "Fischer Random"][i % 4];
        let pgn = format!(
            "[Event \"t\"]\n[Result \"{result}\"]\n[Variant \"{variant}\"]\n[SetUp \"1\"]\n\
             [FEN \"{}\"]\n\n{text}{result}\n",
            start.to_fen()
        );
        let game = read_str(&pgn).next().unwrap().unwrap();
        assert!(game.is_chess960(), "{variant}");
        let replay = game.replay(Letters::English);
        assert!(replay.is_complete(), "{n}: {:?}", replay.errors(&game));
        assert_eq!(replay.start, start);
        assert_eq!(*replay.end(), pos, "{n}");
        // Written again (its moves rewritten from the replay) and read again.
        let written = write_game(&game, &WriteOptions::default());
        assert!(
            written.contains(&format!("[Variant \"{variant}\"]")),
            "{written}"
        );
        let again = read_str(&written).next().unwrap().unwrap();
        let replay2 = again.replay(Letters::English);
        assert!(replay2.is_complete());
        assert_eq!(replay2.positions, replay.positions);
        // The arbiter adjudicates it: mate by Art. 5.1.1, the tag agreeing.
        let r = review(&again);
        assert_eq!(r.start, start);
        assert!(r.agrees || result == "*", "{n}: {:?}", r.findings);
        if mate {
            assert_eq!(r.article.map(|a| a.number()), Some("5.1.1"));
        }
    }
    assert!(castled >= 7, "{castled}");
    let _ = mates;
}

/// Guidelines II: the shared corpus's Chess960 games (cutechess's "fischerandom", chess.com's
/// "Chess960") replay completely and the arbiter agrees with their results.
#[test]
fn guidelines_ii_recorded_chess960_games_are_adjudicated() {
    use escaque::core::Letters;
    use escaque::laws::arbiter::review;
    use escaque::laws::pgn::read_str;
    let mut seen = 0;
    for file in [
        "pgn/edge_cases/python-chess/cutechess-fischerrandom.pgn",
        "pgn/real/chesscom_cancer0707_1667.pgn",
    ] {
        let Some(path) = common::shared_data(file) else {
            return;
        };
        let text = common::read_text(&path);
        for game in read_str(&text).flatten().filter(|g| g.is_chess960()) {
            let replay = game.replay(Letters::English);
            assert!(replay.is_complete(), "{file} game {}", game.index);
            let r = review(&game);
            assert!(r.agrees, "{file} game {}: {:?}", game.index, r.findings);
            seen += 1;
        }
    }
    assert_eq!(seen, 4 + 5);
}

/// Guidelines II.3 and App. D: a Chess960 castle is said as in standard chess, "enroque
/// corto / largo" (never as a king's move onto its own rook), and those words read back as
/// the castling move, also where the king and rook swap squares.
#[test]
fn guidelines_ii_3_castling_is_said_enroque_corto_and_largo() {
    use escaque::lang::Lang;
    use escaque::speech::{Profile, Speaker};
    let es = Speaker::new(Profile::Es, Lang::Es);
    let en = Speaker::new(Profile::En, Lang::En);
    let swap = Position::from_fen_960("1k6/8/8/8/8/8/8/5KR1 w K - 0 1").unwrap();
    let short = castle(&swap, CastleSide::King).unwrap();
    assert_eq!(es.describe_move(&swap, short), "enroque corto");
    assert_eq!(en.describe_move(&swap, short), "short castling");
    assert_eq!(es.read_move(&swap, "enroque corto"), Ok(short));
    let pos =
        Position::from_fen_960("1r2k2r/pppppppp/8/8/8/8/PPPPPPPP/1R2K2R w HBhb - 0 1").unwrap();
    let long = castle(&pos, CastleSide::Queen).unwrap();
    assert_eq!(es.describe_move(&pos, long), "enroque largo");
    assert_eq!(en.describe_move(&pos, long), "long castling");
    assert_eq!(es.read_move(&pos, "enroque largo"), Ok(long));
    assert_eq!(en.read_move(&pos, "O-O-O"), Ok(long));
    // The Chess960 UCI text, the king taking its own rook, is castling too.
    assert_eq!(en.read_move(&pos, "e1b1"), Ok(long));
}
