//! Art. 3.10: positions that cannot arise by legal moves are refused when a FEN is read
//! into a position, each with its reason; and none of the positions the program meets in
//! practice (the shared perft suites, every position of the real games) is refused.

mod common;

use escaque::core::san::play_move;
use escaque::core::{Color, FenField, FenProblem, Letters, Position, Square};

fn refused(fen: &str) -> (FenField, FenProblem) {
    let err = Position::from_fen(fen).expect_err(fen);
    assert_eq!(err.problem.article(), Some("3.10"), "{err}");
    let text = err.to_string();
    assert!(text.contains(fen), "{text}");
    assert!(text.contains("(Art. 3.10)"), "{text}");
    // Chess960 reading refuses it the same way.
    let err960 = Position::from_fen_960(fen).expect_err(fen);
    assert_eq!(err960.problem, err.problem);
    (err.field, err.problem)
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

#[test]
fn art_3_10_nine_pawns_of_one_side() {
    assert_eq!(
        refused("4k3/pppppppp/p7/8/8/8/PPPPPPPP/4K3 w - - 0 1"),
        (
            FenField::Placement,
            FenProblem::TooManyPawns(Color::Black, 9)
        )
    );
}

#[test]
fn art_3_10_seventeen_men_of_one_side() {
    assert_eq!(
        refused("rnbqkbnr/pppppppp/n7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        (
            FenField::Placement,
            FenProblem::TooManyMen(Color::Black, 17)
        )
    );
}

#[test]
fn art_3_10_triple_check() {
    assert_eq!(
        refused("4k3/8/3N4/1B6/8/8/8/K3R3 b - - 0 1"),
        (
            FenField::Placement,
            FenProblem::TripleCheck(Color::Black, 3)
        )
    );
}

#[test]
fn art_3_10_ten_queens() {
    // Ten queens and no pawn missing beyond eight: nine promotions from eight pawns.
    assert_eq!(
        refused("QQQQQQQQ/QQ2k3/8/8/8/8/8/4K3 b - - 0 1").1,
        FenProblem::TooManyPromoted {
            color: Color::White,
            promoted: 9,
            missing_pawns: 8
        }
    );
    // Nine queens are eight promotions: possible.
    assert!(Position::from_fen("QQQQQQQQ/Q7/8/8/2k5/8/8/4K3 b - - 0 1").is_ok());
}

#[test]
fn art_3_10_more_promoted_pieces_than_missing_pawns() {
    // Three knights and eight pawns.
    assert_eq!(
        refused("4k3/8/8/8/8/8/PPPPPPPP/NNNK4 w - - 0 1").1,
        FenProblem::TooManyPromoted {
            color: Color::White,
            promoted: 1,
            missing_pawns: 0
        }
    );
    // Three knights and seven pawns: one promotion.
    assert!(Position::from_fen("4k3/8/8/8/8/8/PPPPPPP1/NNNK4 w - - 0 1").is_ok());
}

#[test]
fn art_3_10_pawn_on_the_first_or_last_rank() {
    assert_eq!(
        refused("P3k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        (FenField::Placement, FenProblem::PawnOnBackRank(sq("a8")))
    );
    assert_eq!(
        refused("4k3/8/8/8/8/8/8/p3K3 w - - 0 1"),
        (FenField::Placement, FenProblem::PawnOnBackRank(sq("a1")))
    );
}

#[test]
fn art_3_10_double_check_no_move_gives() {
    // Two rooks on one file, on both sides of the king.
    assert_eq!(
        refused("4R3/8/8/4k3/8/8/8/3KR3 b - - 0 1").1,
        FenProblem::ImpossibleDoubleCheck(sq("e1"), sq("e8"))
    );
    // A knight and a pawn: neither check can have been uncovered.
    assert_eq!(
        refused("8/8/8/4k3/3P4/5N2/8/3K4 b - - 0 1").1,
        FenProblem::ImpossibleDoubleCheck(sq("f3"), sq("d4"))
    );
    // A bishop and a knight: the knight uncovered the bishop. Possible.
    assert!(Position::from_fen("8/8/8/4k3/8/2B2N2/8/3K4 b - - 0 1").is_ok());
}

#[test]
fn art_3_10_check_by_a_pawn_that_cannot_have_moved() {
    // A white pawn on its own second rank has never moved, so it cannot have just checked.
    assert_eq!(
        refused("8/8/8/8/8/3k4/4P3/K7 b - - 0 1").1,
        FenProblem::ImpossiblePawnCheck(sq("e2"))
    );
    // A pawn on e5 whose squares behind (e4, d4, f4) are all occupied.
    assert_eq!(
        refused("8/8/3k4/4P3/3PPP2/8/8/K7 b - - 0 1").1,
        FenProblem::ImpossiblePawnCheck(sq("e5"))
    );
    // With e4 empty it came from there.
    assert!(Position::from_fen("8/8/3k4/4P3/3P1P2/8/8/K7 b - - 0 1").is_ok());
}

#[test]
fn art_3_10_the_side_not_to_move_in_check() {
    assert_eq!(
        refused("4k3/8/8/8/8/8/8/K3R3 w - - 0 1"),
        (
            FenField::SideToMove,
            FenProblem::OppositeCheck(Color::Black)
        )
    );
}

#[test]
fn art_3_10_en_passant_square_without_its_double_step() {
    // No black pawn on d5 beyond d6.
    assert_eq!(
        refused("4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1"),
        (FenField::EnPassant, FenProblem::EnPassantNoPawn(sq("d6")))
    );
    // A piece on d7, the square the pawn came from.
    assert_eq!(
        refused("4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 1"),
        (FenField::EnPassant, FenProblem::EnPassantBlocked(sq("d6")))
    );
    // The double step cannot have given a check by a rook on the side.
    assert_eq!(
        refused("4k3/8/8/3pPK1r/8/8/8/8 w - d6 0 1"),
        (FenField::EnPassant, FenProblem::EnPassantCheck(sq("d6")))
    );
    // It can have given the pawn's own check.
    assert!(Position::from_fen("4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 1").is_ok());
    // Or uncovered a bishop's.
    assert!(Position::from_fen("4k3/1b6/8/3pP3/8/5K2/8/8 w - d6 0 1").is_ok());
}

#[test]
fn art_3_10_castling_rights_without_king_and_rook_at_home() {
    let err = Position::from_fen("4k3/8/8/8/8/8/8/3K3R w K - 0 1").unwrap_err();
    assert_eq!(err.problem, FenProblem::CastlingWithoutKing('K'));
    assert_eq!(err.problem.article(), Some("3.10"));
    let err = Position::from_fen("4k3/8/8/8/8/8/8/4K2N w K - 0 1").unwrap_err();
    assert_eq!(err.problem, FenProblem::CastlingWithoutRook('K'));
}

// --- Nothing real refused -------------------------------------------------------------------

/// The FENs of a perft file (`epd` lines of `.perft` blocks, the FEN part of EPD lines).
fn perft_fens(text: &str, epd: bool) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            if epd {
                l.split(';').next().map(|f| f.trim().to_string())
            } else {
                l.strip_prefix("epd ").map(|f| f.trim().to_string())
            }
        })
        .collect()
}

/// The positions of the suites that cannot arise (python-chess's and scalachess's tricky
/// sets and one of the perftsuite, which test the move generator on them on purpose):
/// double checks by two pieces on one line through the king, and checks that the double
/// step the en-passant square records cannot have given. `from_fen` refuses them (Art.
/// 3.10); perft reads them with `from_fen_unreachable`.
const UNREACHABLE: &[&str] = &[
    "3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - -",
    "2Nq4/2K5/1b6/8/7R/3k4/7P/8 w - -",
    "5R2/2P5/8/4k3/8/3rK2r/8/8 w - -",
    "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3",
    "1b1k4/8/8/1rPpK3/8/8/8/8 w - d6",
    "rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w KQkq c6",
    "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1",
];

/// Art. 3.10: no position of the shared perft suites is refused (standard FEN, or X-FEN
/// and Shredder-FEN for the Chess960 ones).
#[test]
fn art_3_10_no_refusal_on_the_shared_perft_suites() {
    let Some(dir) = common::shared_data("perft") else {
        return;
    };
    let mut read = 0;
    let mut unreachable = 0;
    let mut failures = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = common::read_text(&path);
        for fen in perft_fens(&text, name.ends_with(".epd")) {
            let standard = Position::from_fen(&fen);
            let result = match &standard {
                Err(e) if e.field == FenField::Castling => Position::from_fen_960(&fen),
                _ => standard.clone(),
            };
            match result {
                Ok(_) => read += 1,
                Err(e) if UNREACHABLE.contains(&fen.as_str()) => {
                    assert_eq!(e.problem.article(), Some("3.10"));
                    assert!(Position::from_fen_unreachable(&fen).is_ok(), "{fen}");
                    unreachable += 1;
                }
                Err(e) => failures.push(format!("{name}: {e}")),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(read > 4000, "{read}");
    // Each listed position met (some are in two files).
    assert!(unreachable >= UNREACHABLE.len(), "{unreachable}");
}

/// Art. 3.10: every position of every real game of the shared corpus, written as FEN and
/// read back, is accepted (the games end at their first illegal move).
#[test]
fn art_3_10_no_refusal_on_the_real_games() {
    let Some(dir) = common::shared_data("pgn/real") else {
        return;
    };
    let (mut games, mut positions) = (0, 0);
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "pgn") {
            continue;
        }
        for game in common::read_games(&common::read_text(&path)) {
            let chess960 = game
                .tag("Variant")
                .is_some_and(|v| v.to_ascii_lowercase().contains("960"));
            let read = |fen: &str| {
                if chess960 {
                    Position::from_fen_960(fen)
                } else {
                    Position::from_fen(fen)
                }
            };
            let mut pos = match game.tag("FEN") {
                Some(fen) => read(fen).unwrap(),
                None => Position::new(),
            };
            games += 1;
            for text in &game.moves {
                if play_move(&mut pos, text, Letters::English).is_err() {
                    break;
                }
                let fen = pos.to_fen();
                if let Err(e) = read(&fen) {
                    panic!("{}: {e}", path.display());
                }
                positions += 1;
            }
        }
    }
    assert!(games > 5000 && positions > 400_000, "{games} {positions}");
}
