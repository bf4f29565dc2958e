//! FEN reading and writing: byte-identical round trips on a corpus of real positions, and a
//! typed error, naming the field and quoting the FEN, for every kind of bad FEN.

mod common;

use escaque::core::{
    CastleSide, Color, FenError, FenField, FenProblem, Position, Rank, STARTING_FEN, Setup, Square,
};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// Asserts that `fen` is refused with `field` and `problem`, by the strict and (for every
/// problem the lenient reading does not forgive) by the lenient reader, and that the
/// message quotes the whole FEN and names the field.
fn assert_fen_error(fen: &str, field: FenField, problem: FenProblem) -> FenError {
    let err = Position::from_fen(fen).expect_err(fen);
    assert_eq!((err.field, &err.problem), (field, &problem), "{fen}");
    assert_eq!(err.fen, fen);
    let msg = err.to_string();
    assert!(
        msg.contains(&format!("\"{fen}\"")),
        "the message does not quote the FEN: {msg}"
    );
    assert!(
        msg.contains(&field.to_string()),
        "the message does not name {field}: {msg}"
    );
    assert!(
        msg.contains(&problem.to_string()),
        "the message does not say what is wrong: {msg}"
    );
    let forgiven = matches!(
        problem,
        FenProblem::CastlingWithoutKing(_)
            | FenProblem::CastlingWithoutRook(_)
            | FenProblem::EnPassantRank(_)
            | FenProblem::EnPassantNoPawn(_)
            | FenProblem::EnPassantBlocked(_)
    );
    if !forgiven {
        assert_eq!(
            Position::from_fen_lenient(fen).as_ref(),
            Err(&err),
            "lenient {fen}"
        );
    }
    err
}

// --- Round trips ----------------------------------------------------------------------------

/// The 30,000 positions of CHA's lichess benchmark: each line is a six-field FEN and a
/// lichess game id. Reading and writing each FEN gives back the same bytes.
#[test]
fn fen_round_trip_lichess_30k() {
    let Some(path) = common::shared_data("dead_positions/cha_lichess_30K_positions.txt") else {
        return;
    };
    let text = common::read_text(&path);
    let mut total = 0;
    let mut with_ep = 0;
    let mut ep_capturable = 0;
    let mut failures = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        total += 1;
        let fields: Vec<&str> = line.split(' ').collect();
        assert_eq!(
            fields.len(),
            7,
            "line {}: FEN and game id expected: {line:?}",
            n + 1
        );
        let fen = fields[..6].join(" ");
        if fields[3] != "-" {
            with_ep += 1;
        }
        match Position::from_fen(&fen) {
            Ok(pos) if pos.to_fen() == fen => {
                assert_eq!(Setup::from_fen(&fen).unwrap().to_fen(), fen);
                if pos.legal_ep_square().is_some() {
                    ep_capturable += 1;
                }
            }
            Ok(pos) => failures.push(format!("line {}: {fen} -> {}", n + 1, pos.to_fen())),
            Err(e) => failures.push(format!("line {}: {e}", n + 1)),
        }
    }
    eprintln!(
        "{total} FENs read ({with_ep} with an en-passant square, {ep_capturable} of them with \
         a legal en-passant capture), {} failed",
        failures.len()
    );
    assert_eq!(total, 30_000);
    assert!(
        failures.is_empty(),
        "{} of {total} FENs do not round-trip:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn fen_round_trip_starting_position() {
    assert_eq!(Position::new().to_fen(), STARTING_FEN);
    let pos: Position = STARTING_FEN.parse().unwrap();
    assert_eq!(pos, Position::new());
    assert_eq!(pos.to_fen(), STARTING_FEN);
}

/// Some canonical six-field FENs with every field in use: castling subsets, an en-passant
/// square (with and without a pawn that could take), large counters.
#[test]
fn fen_round_trip_canonical_samples() {
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 17 42",
        "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq d6 0 2",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "3k4/8/8/K1Pp3r/8/8/8/8 w - d6 0 2",
        "8/8/8/8/8/8/8/K6k b - - 4294967295 4294967295",
    ] {
        assert_eq!(Position::from_fen(fen).unwrap().to_fen(), fen);
        assert_eq!(Setup::from_fen(fen).unwrap().to_string(), fen);
    }
}

/// EPD-style input with four fields gets the counters `0 1`.
#[test]
fn fen_four_fields_get_zero_one() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq -";
    let setup = Setup::from_fen(fen).unwrap();
    assert_eq!((setup.halfmoves, setup.fullmoves), (0, 1));
    let pos = Position::from_fen(fen).unwrap();
    assert_eq!(pos.halfmove_clock(), 0);
    assert_eq!(pos.fullmove_number(), 1);
    assert_eq!(pos.to_fen(), format!("{fen} 0 1"));
    // An en-passant square in a four-field FEN.
    let ep = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3";
    assert_eq!(
        Position::from_fen(ep).unwrap().to_fen(),
        format!("{ep} 0 1")
    );
}

/// Runs of spaces and surrounding whitespace are accepted; the FEN written is canonical.
#[test]
fn fen_whitespace_is_normalised() {
    let pos = Position::from_fen("  4k3/8/8/8/8/8/8/4K3   w  -  -  3  9 \n").unwrap();
    assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/4K3 w - - 3 9");
}

// --- Syntax errors --------------------------------------------------------------------------

#[test]
fn fen_syntax_field_count() {
    for (fen, n) in [
        ("", 0),
        ("8/8/8/8/8/8/8/K6k", 1),
        ("8/8/8/8/8/8/8/K6k w -", 3),
        ("8/8/8/8/8/8/8/K6k w - - 0", 5),
        ("8/8/8/8/8/8/8/K6k w - - 0 1 extra", 7),
    ] {
        assert_fen_error(fen, FenField::Whole, FenProblem::FieldCount(n));
    }
    let err = Position::from_fen("8/8/8/8/8/8/8/K6k w -").unwrap_err();
    assert!(err.to_string().contains("the whole FEN"), "{err}");
}

#[test]
fn fen_syntax_rank_count() {
    assert_fen_error(
        "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        FenField::Placement,
        FenProblem::RankCount(7),
    );
    assert_fen_error(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1",
        FenField::Placement,
        FenProblem::RankCount(9),
    );
}

#[test]
fn fen_syntax_rank_length() {
    let err = assert_fen_error(
        "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        FenField::Placement,
        FenProblem::RankLength {
            rank: Rank::Seventh,
            squares: 7,
        },
    );
    assert!(
        err.to_string().contains("field 1 (piece placement)"),
        "{err}"
    );
    assert_fen_error(
        "rnbqkbnr/pppppppp/8/8/8/4P4/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        FenField::Placement,
        FenProblem::RankLength {
            rank: Rank::Third,
            squares: 9,
        },
    );
}

#[test]
fn fen_syntax_bad_piece_letter() {
    assert_fen_error(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        FenField::Placement,
        FenProblem::PieceChar('X'),
    );
    // Digits outside 1–8 are not empty-square counts.
    assert_fen_error(
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        FenField::Placement,
        FenProblem::PieceChar('9'),
    );
    assert_fen_error(
        "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        FenField::Placement,
        FenProblem::PieceChar('0'),
    );
}

#[test]
fn fen_syntax_side_to_move() {
    for side in ["W", "white", "-"] {
        let fen = format!("4k3/8/8/8/8/8/8/4K3 {side} - - 0 1");
        let err = assert_fen_error(
            &fen,
            FenField::SideToMove,
            FenProblem::SideToMove(side.into()),
        );
        assert!(err.to_string().contains("field 2 (side to move)"), "{err}");
    }
}

#[test]
fn fen_syntax_castling_letter() {
    let err = assert_fen_error(
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkx - 0 1",
        FenField::Castling,
        FenProblem::CastlingChar('x'),
    );
    assert!(
        err.to_string().contains("field 3 (castling rights)"),
        "{err}"
    );
}

/// Shredder-FEN (Chess960) castling letters are not standard chess.
#[test]
fn fen_syntax_chess960_castling_letters_rejected() {
    assert_fen_error(
        "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1",
        FenField::Castling,
        FenProblem::CastlingChar('H'),
    );
}

#[test]
fn fen_syntax_castling_repeated() {
    assert_fen_error(
        "r3k2r/8/8/8/8/8/8/R3K2R w KKq - 0 1",
        FenField::Castling,
        FenProblem::CastlingRepeated('K'),
    );
    assert_fen_error(
        "r3k2r/8/8/8/8/8/8/R3K2R w K- - 0 1",
        FenField::Castling,
        FenProblem::CastlingRepeated('-'),
    );
    assert_fen_error(
        "r3k2r/8/8/8/8/8/8/R3K2R w -- - 0 1",
        FenField::Castling,
        FenProblem::CastlingRepeated('-'),
    );
}

#[test]
fn fen_syntax_en_passant_square() {
    for ep in ["e9", "e", "i3", "e3e4", "-e3", "0", "E3"] {
        let fen = format!("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq {ep} 0 1");
        let err = assert_fen_error(
            &fen,
            FenField::EnPassant,
            FenProblem::EnPassantSyntax(ep.into()),
        );
        assert!(
            err.to_string().contains("field 4 (en-passant square)"),
            "{err}"
        );
    }
}

#[test]
fn fen_syntax_halfmove_clock() {
    for n in ["-1", "x", "+3", "1.5", "99999999999"] {
        let fen = format!("4k3/8/8/8/8/8/8/4K3 w - - {n} 1");
        let err = assert_fen_error(&fen, FenField::HalfmoveClock, FenProblem::Number(n.into()));
        assert!(
            err.to_string().contains("field 5 (halfmove clock)"),
            "{err}"
        );
    }
}

#[test]
fn fen_syntax_fullmove_number() {
    for n in ["0", "-2", "one"] {
        let fen = format!("4k3/8/8/8/8/8/8/4K3 w - - 0 {n}");
        let err = assert_fen_error(&fen, FenField::FullmoveNumber, FenProblem::Number(n.into()));
        assert!(
            err.to_string().contains("field 6 (fullmove number)"),
            "{err}"
        );
    }
}

// --- Positions that cannot arise (Laws) ------------------------------------------------------

/// Art. 2.2: each side has exactly one king.
#[test]
fn art_2_2_missing_king() {
    assert_fen_error(
        "8/8/8/8/8/8/8/4K3 w - - 0 1",
        FenField::Placement,
        FenProblem::MissingKing(Color::Black),
    );
    assert_fen_error(
        "4k3/8/8/8/8/8/8/8 b - - 0 1",
        FenField::Placement,
        FenProblem::MissingKing(Color::White),
    );
}

#[test]
fn art_2_2_too_many_kings() {
    assert_fen_error(
        "4k3/8/8/8/8/8/8/K3K3 w - - 0 1",
        FenField::Placement,
        FenProblem::TooManyKings(Color::White, 2),
    );
    assert_fen_error(
        "k1k1k3/8/8/8/8/8/8/4K3 w - - 0 1",
        FenField::Placement,
        FenProblem::TooManyKings(Color::Black, 3),
    );
}

/// Art. 3.7.3 (and the compulsory promotion of 3.7.3.3): no pawn stands on the first or last
/// rank.
#[test]
fn art_3_7_3_no_pawn_on_back_rank() {
    assert_fen_error(
        "P3k3/8/8/8/8/8/8/4K3 b - - 0 1",
        FenField::Placement,
        FenProblem::PawnOnBackRank(sq("a8")),
    );
    assert_fen_error(
        "4k3/8/8/8/8/8/8/4K2p w - - 0 1",
        FenField::Placement,
        FenProblem::PawnOnBackRank(sq("h1")),
    );
    // A White pawn on its own first rank is impossible too.
    assert_fen_error(
        "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
        FenField::Placement,
        FenProblem::PawnOnBackRank(sq("a1")),
    );
}

/// Art. 3.9 (and 1.4): the side that has just moved cannot have left its king in check.
#[test]
fn art_3_9_side_not_to_move_in_check() {
    let err = assert_fen_error(
        "4k3/8/8/8/8/8/8/4RK2 w - - 0 1",
        FenField::SideToMove,
        FenProblem::OppositeCheck(Color::Black),
    );
    assert!(err.to_string().contains("field 2 (side to move)"), "{err}");
    // The same placement with Black to move is a check, which is fine.
    assert!(
        Position::from_fen("4k3/8/8/8/8/8/8/4RK2 b - - 0 1")
            .unwrap()
            .is_check()
    );
    assert_fen_error(
        "4k3/8/8/8/8/8/3p4/4K3 b - - 0 1",
        FenField::SideToMove,
        FenProblem::OppositeCheck(Color::White),
    );
}

/// Art. 3.8.2.1: a castling right needs the king on its original square.
#[test]
fn art_3_8_2_1_castling_right_needs_king() {
    let err = assert_fen_error(
        "r3k2r/8/8/8/8/8/8/R4K1R w K - 0 1",
        FenField::Castling,
        FenProblem::CastlingWithoutKing('K'),
    );
    assert!(
        err.to_string().contains("field 3 (castling rights)"),
        "{err}"
    );
    assert_fen_error(
        "r2k3r/8/8/8/8/8/8/R3K2R w KQq - 0 1",
        FenField::Castling,
        FenProblem::CastlingWithoutKing('q'),
    );
}

/// Art. 3.8.2.1: a castling right needs that rook on its original square.
#[test]
fn art_3_8_2_1_castling_right_needs_rook() {
    assert_fen_error(
        "r3k2r/8/8/8/8/8/8/1R2K2R w Q - 0 1",
        FenField::Castling,
        FenProblem::CastlingWithoutRook('Q'),
    );
    assert_fen_error(
        "r3k1r1/8/8/8/8/8/8/R3K2R b KQk - 0 1",
        FenField::Castling,
        FenProblem::CastlingWithoutRook('k'),
    );
    // A rook of the other colour in the corner does not count.
    assert_fen_error(
        "r3k2R/8/8/8/8/8/8/R3K3 b k - 0 1",
        FenField::Castling,
        FenProblem::CastlingWithoutRook('k'),
    );
}

/// Art. 3.7.3.1: the en-passant square is on the rank passed over by a double step of the
/// side that has just moved (3rd rank when Black is to move, 6th when White is).
#[test]
fn art_3_7_3_1_en_passant_square_on_the_passed_rank() {
    assert_fen_error(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1",
        FenField::EnPassant,
        FenProblem::EnPassantRank(sq("e3")),
    );
    assert_fen_error(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1",
        FenField::EnPassant,
        FenProblem::EnPassantRank(sq("e4")),
    );
}

/// Art. 3.7.3.1: the en-passant square must match the last move: a pawn of the side that
/// has just moved stands just beyond it.
#[test]
fn art_3_7_3_1_en_passant_square_consistent_with_last_move() {
    let err = assert_fen_error(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
        FenField::EnPassant,
        FenProblem::EnPassantNoPawn(sq("e3")),
    );
    assert!(
        err.to_string().contains("field 4 (en-passant square)"),
        "{err}"
    );
    // A Black pawn on d4 does not make d3 a White double step.
    assert_fen_error(
        "4k3/8/8/8/3p4/8/8/4K3 b - d3 0 1",
        FenField::EnPassant,
        FenProblem::EnPassantNoPawn(sq("d3")),
    );
}

/// Art. 3.7.3.1: the pawn passed over the en-passant square from the square behind it, so
/// both are empty.
#[test]
fn art_3_7_3_1_en_passant_squares_passed_over_are_empty() {
    // The origin e2 is occupied.
    assert_fen_error(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPPPPP/RNBQKBN1 b Qkq e3 0 1",
        FenField::EnPassant,
        FenProblem::EnPassantBlocked(sq("e3")),
    );
    // The square passed over, d6, is occupied.
    assert_fen_error(
        "4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 2",
        FenField::EnPassant,
        FenProblem::EnPassantBlocked(sq("d6")),
    );
}

/// The precedence of checks: syntax before legality, and within legality the placement
/// first.
#[test]
fn fen_first_problem_is_reported() {
    // Both a bad side to move and a bad castling letter: the earlier field.
    assert_fen_error(
        "4k3/8/8/8/8/8/8/4K3 x X - 0 1",
        FenField::SideToMove,
        FenProblem::SideToMove("x".into()),
    );
    // No black king and an impossible castling right: the placement.
    assert_fen_error(
        "8/8/8/8/8/8/8/4K3 w q - 0 1",
        FenField::Placement,
        FenProblem::MissingKing(Color::Black),
    );
}

// --- Setup::cleaned and the lenient reading --------------------------------------------------

/// `Setup::cleaned` drops the castling rights and the en-passant square the placement
/// contradicts, and nothing else.
#[test]
fn setup_cleaned_drops_contradicted_rights_and_en_passant() {
    let setup = Setup::from_fen("r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq - 3 20").unwrap();
    let cleaned = setup.cleaned();
    assert!(cleaned.castling.has(Color::White, CastleSide::King));
    assert!(cleaned.castling.has(Color::White, CastleSide::Queen));
    assert!(!cleaned.castling.any_for(Color::Black));
    assert_eq!(cleaned.to_fen(), "r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQ - 3 20");
    // Everything else is as it was.
    assert_eq!(cleaned.board, setup.board);
    assert_eq!(
        (cleaned.turn, cleaned.halfmoves, cleaned.fullmoves),
        (setup.turn, setup.halfmoves, setup.fullmoves)
    );

    let bare = Setup::from_fen("4k3/8/8/8/8/8/8/4K3 w KQkq e6 0 1").unwrap();
    assert_eq!(bare.cleaned().to_fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");

    // A valid set-up is left unchanged (and cleaning is idempotent).
    for fen in [
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
    ] {
        let s = Setup::from_fen(fen).unwrap();
        assert_eq!(s.cleaned(), s);
        assert_eq!(s.cleaned().cleaned(), s.cleaned());
    }

    // An en-passant square on the wrong rank, without its pawn, or blocked, is dropped.
    for fen in [
        "4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 2",
        "4k3/8/8/4P3/8/8/8/4K3 w - d6 0 2",
        "4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 2",
    ] {
        assert_eq!(
            Setup::from_fen(fen).unwrap().cleaned().ep_square,
            None,
            "{fen}"
        );
    }
}

/// `Position::from_fen_lenient` is `cleaned` then the usual checks: the other errors stand.
#[test]
fn from_fen_lenient_keeps_the_other_errors() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w KQkq e6 0 1";
    assert_eq!(
        Position::from_fen(fen).unwrap_err().problem,
        FenProblem::CastlingWithoutRook('K')
    );
    assert_eq!(
        Position::from_fen_lenient(fen).unwrap().to_fen(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    );
    // The lenient error quotes the FEN as given, too.
    let bad = "P3k3/8/8/8/8/8/8/4K3 b KQkq - 0 1";
    let err = Position::from_fen_lenient(bad).unwrap_err();
    assert_eq!(err.field, FenField::Placement);
    assert_eq!(err.problem, FenProblem::PawnOnBackRank(sq("a8")));
    assert_eq!(err.fen, bad);
    assert!(err.to_string().contains(&format!("\"{bad}\"")));
    // Syntax errors are never forgiven.
    assert_eq!(
        Position::from_fen_lenient("4k3/8/8/8/8/8/8/4K3 w KX - 0 1")
            .unwrap_err()
            .problem,
        FenProblem::CastlingChar('X')
    );
}
