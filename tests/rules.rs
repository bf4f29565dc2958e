//! The rules of the moves (Art. 1–3), the end of the game the board decides (Art. 5), and
//! the repetition key (Art. 9.2.3), each test named by its article.

mod common;

use escaque::core::{
    BoardOutcome, CastleSide, Color, Letters, Move, MoveKind, Position, Role, Square, parse_move,
};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{e}"))
}

fn mv(p: &Position, text: &str) -> Move {
    parse_move(p, text, Letters::English).unwrap_or_else(|e| panic!("{e}"))
}

fn legal(p: &Position, text: &str) -> bool {
    parse_move(p, text, Letters::English).is_ok()
}

fn uci_legal(p: &Position, from: Square, to: Square) -> bool {
    p.legal_moves().iter().any(|m| m.from == from && m.to == to)
}

// --- Art. 3.8.2: castling -------------------------------------------------------------------

#[test]
fn art_3_8_2_castling_both_sides_when_free() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(legal(&p, "O-O"));
    assert!(legal(&p, "O-O-O"));
    let after = p.after(mv(&p, "O-O")).unwrap();
    assert_eq!(after.piece_at(Square::G1).map(|p| p.role), Some(Role::King));
    assert_eq!(after.piece_at(Square::F1).map(|p| p.role), Some(Role::Rook));
    assert!(after.piece_at(Square::H1).is_none());
    let after = p.after(mv(&p, "O-O-O")).unwrap();
    assert_eq!(after.piece_at(Square::C1).map(|p| p.role), Some(Role::King));
    assert_eq!(after.piece_at(Square::D1).map(|p| p.role), Some(Role::Rook));
    assert!(!after.castling_rights().any_for(Color::White));
}

#[test]
fn art_3_8_2_2_no_castling_out_of_check() {
    let p = pos("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1");
    assert!(p.is_check());
    assert!(!legal(&p, "O-O"));
    assert!(!legal(&p, "O-O-O"));
}

#[test]
fn art_3_8_2_2_no_castling_through_attacked_square() {
    // f1 attacked by the rook on f8: no short castling; long castling still allowed.
    let p = pos("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!legal(&p, "O-O"));
    assert!(legal(&p, "O-O-O"));
    // d1 attacked: no long castling.
    let p = pos("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!legal(&p, "O-O-O"));
    assert!(legal(&p, "O-O"));
}

#[test]
fn art_3_8_2_2_no_castling_into_check() {
    let p = pos("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!legal(&p, "O-O"));
    let p = pos("2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!legal(&p, "O-O-O"));
}

#[test]
fn art_3_8_2_2_b_file_square_may_be_attacked_in_long_castling() {
    let p = pos("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(legal(&p, "O-O-O"));
    // ... but it must be empty.
    let p = pos("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1");
    assert!(!legal(&p, "O-O-O"));
}

#[test]
fn art_3_8_2_2_no_castling_with_a_piece_between() {
    let p = pos("4k3/8/8/8/8/8/8/R3KB1R w KQ - 0 1");
    assert!(!legal(&p, "O-O"));
    let p = pos("4k3/8/8/8/8/8/8/R3K1NR w KQ - 0 1");
    assert!(!legal(&p, "O-O"));
}

#[test]
fn art_3_8_2_1_rights_lost_for_good_when_king_or_rook_moves() {
    let mut p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    p.play(mv(&p, "Kf1")).unwrap();
    p.play(mv(&p, "Rh7")).unwrap();
    p.play(mv(&p, "Ke1")).unwrap();
    p.play(mv(&p, "Rh8")).unwrap();
    // King and rook are back on their squares, but the rights are gone.
    assert_eq!(p.castling_rights().fen(), "q");
    assert!(!legal(&p, "O-O"));
    assert!(!legal(&p, "O-O-O"));
    p.play(mv(&p, "Kf1")).unwrap();
    assert!(!legal(&p, "O-O"));
    assert!(legal(&p, "O-O-O"));
}

#[test]
fn art_3_8_2_1_rights_lost_when_rook_is_captured() {
    let mut p = pos("r3k2r/8/8/8/8/8/6B1/R3K2R w KQkq - 0 1");
    p.play(mv(&p, "Bxa8")).unwrap();
    assert_eq!(p.castling_rights().fen(), "KQk");
    let p = pos("r3k2r/1b6/8/8/8/8/8/R3K2R b KQkq - 0 1");
    let after = p.after(mv(&p, "Bxh1")).unwrap();
    assert_eq!(after.castling_rights().fen(), "Qkq");
}

// --- Art. 3.7: pawns, en passant, promotion ---------------------------------------------------

#[test]
fn art_3_7_3_1_en_passant_only_on_the_move_right_after_the_double_step() {
    let mut p = pos("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    p.play(mv(&p, "d5")).unwrap();
    assert!(legal(&p, "exd6"));
    let capture = mv(&p, "exd6");
    assert_eq!(capture.kind, MoveKind::EnPassant);
    let after = p.after(capture).unwrap();
    assert!(
        after.piece_at(Square::D5).is_none(),
        "the captured pawn is removed"
    );
    // One move later the right is gone.
    p.play(mv(&p, "Kd2")).unwrap();
    p.play(mv(&p, "Ke7")).unwrap();
    assert!(!legal(&p, "exd6"));
}

#[test]
fn art_3_7_3_1_en_passant_illegal_when_it_exposes_the_king_along_the_rank() {
    // Both pawns leave the fifth rank: the rook on h5 would check the king on a5.
    let p = pos("8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1");
    assert!(!legal(&p, "exd6"));
    // Without the rook the capture is legal.
    let p = pos("8/8/8/K2pP3/8/8/8/4k3 w - d6 0 1");
    assert!(legal(&p, "exd6"));
}

#[test]
fn art_3_7_3_1_en_passant_pinned_diagonally_and_out_of_check() {
    // The e5 pawn is pinned on the c3-g7 diagonal: taking en passant leaves it.
    let p = pos("k7/6b1/8/3pP3/8/2K5/8/8 w - d6 0 1");
    assert!(!legal(&p, "exd6"));
    // Pinned on the b8-g3 diagonal, the capture lands on d6, still on the line: legal.
    let p = pos("1K5k/8/8/3pP3/8/6b1/8/8 w - d6 0 1");
    assert!(legal(&p, "exd6"));
    // The double-stepped pawn gives check: capturing it en passant answers the check.
    let p = pos("8/8/8/3pP3/4K3/8/8/k7 w - d6 0 1");
    assert!(p.is_check());
    assert!(legal(&p, "exd6"));
}

#[test]
fn art_3_7_3_3_promotion_only_to_queen_rook_bishop_or_knight() {
    let p = pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    let promos: Vec<Role> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from == Square::E7)
        .filter_map(|m| m.promotion())
        .collect();
    assert_eq!(promos.len(), 4);
    for r in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
        assert!(promos.contains(&r));
    }
    // No move to the last rank without promotion, and no promotion elsewhere.
    assert!(
        p.legal_moves()
            .iter()
            .all(|m| (m.from == Square::E7) == m.promotion().is_some())
    );
    assert!(!legal(&p, "e8=K"));
    assert!(!legal(&p, "e8"));
}

#[test]
fn art_3_7_pawn_steps_and_captures() {
    let p = pos("4k3/8/8/8/8/3p1p2/4P3/4K3 w - - 0 1");
    let from_e2: Vec<Square> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from == Square::E2)
        .map(|m| m.to)
        .collect();
    assert_eq!(from_e2.len(), 4, "e3, e4, xd3, xf3: {from_e2:?}");
    // A blocked pawn cannot step, nor jump two.
    let p = pos("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1");
    assert!(!uci_legal(&p, Square::E2, Square::E3));
    assert!(!uci_legal(&p, Square::E2, Square::E4));
}

// --- Art. 3.9 and 1.4 ----------------------------------------------------------------------

#[test]
fn art_3_9_no_move_may_leave_the_king_in_check() {
    // The knight on e2 is pinned by the rook on e8.
    let p = pos("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1");
    assert!(p.legal_moves().iter().all(|m| m.from != Square::E2));
    // In check, only moves that answer it.
    let p = pos("4k3/8/8/8/8/8/3r4/R3K3 w - - 0 1");
    for m in p.legal_moves().iter() {
        assert!(
            !p.after(*m)
                .unwrap()
                .is_attacked(p.after(*m).unwrap().king(Color::White), Color::Black)
        );
    }
    // Double check: only the king moves.
    let p = pos("4k3/8/8/8/8/5n2/8/R3K2r w - - 0 1");
    assert!(p.checkers().more_than_one());
    assert!(p.legal_moves().iter().all(|m| m.from == Square::E1));
}

#[test]
fn art_1_4_kings_are_never_captured_and_play_refuses_illegal_moves() {
    let mut p = Position::new();
    let err = p.play(Move::normal(Square::E2, Square::E5)).unwrap_err();
    assert!(err.to_string().contains("e2e5"), "{err}");
    assert_eq!(p, Position::new(), "a refused move changes nothing");
    // Random games: no generated move ever lands on a king, every move keeps the own king
    // safe, and make/undo restores the position exactly.
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..200 {
        let mut p = Position::new();
        for _ in 0..200 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            for m in moves.iter() {
                assert!(p.piece_at(m.to).is_none_or(|pc| pc.role != Role::King));
                let mut q = p;
                let undo = q.make(*m);
                assert!(
                    !q.is_attacked(q.king(!q.turn()), q.turn()),
                    "{m} leaves the king en prise"
                );
                q.undo(*m, undo);
                assert_eq!(q, p, "undo of {m}");
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let m = moves[(seed % moves.len() as u64) as usize];
            p.play(m).unwrap();
        }
    }
}

// --- Art. 9.2.3: the repetition key --------------------------------------------------------

#[test]
fn art_9_2_3_en_passant_counts_only_if_legal() {
    // After 1.e4 no black pawn can take en passant: same position as without the e.p. square.
    let a = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    let b = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(a.key(), b.key());
    // A capture that is possible makes the positions differ.
    let a = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    let b = pos("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2");
    assert_ne!(a.key(), b.key());
    // A capture that would be illegal (the king exposed on the rank) does not.
    let a = pos("8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1");
    let b = pos("8/8/8/K2pP2r/8/8/8/4k3 w - - 0 1");
    assert_eq!(a.key(), b.key());
    assert_eq!(a.legal_ep_square(), None);
}

#[test]
fn art_9_2_3_side_to_move_and_castling_rights_distinguish_positions() {
    let w = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let b = pos("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    assert_ne!(w.key(), b.key());
    let fewer = pos("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1");
    assert_ne!(w.key(), fewer.key());
    // The counters do not count (same position at different moves).
    let later = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 7 30");
    assert_eq!(w.key(), later.key());
    // Knights out and back: the same position again, same key.
    let mut p = Position::new();
    let start = p.key();
    for m in ["Nf3", "Nf6", "Ng1", "Ng8"] {
        p.play(mv(&p, m)).unwrap();
    }
    assert_eq!(p.key(), start);
}

#[test]
fn art_9_2_3_incremental_key_equals_key_computed_afresh() {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..100 {
        let mut p = Position::new();
        for _ in 0..150 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            p.play(moves[(seed % moves.len() as u64) as usize]).unwrap();
            let fresh = Position::from_fen(&p.to_fen()).unwrap();
            assert_eq!(p.key(), fresh.key(), "{}", p.to_fen());
        }
    }
}

// --- Art. 5: what the board decides --------------------------------------------------------

#[test]
fn art_5_1_1_checkmate() {
    let mut p = Position::new();
    for m in ["f3", "e5", "g4", "Qh4"] {
        p.play(mv(&p, m)).unwrap();
    }
    assert!(p.is_checkmate());
    assert_eq!(
        p.board_outcome(),
        Some(BoardOutcome::Checkmate {
            winner: Color::Black
        })
    );
}

#[test]
fn art_5_2_1_stalemate() {
    let p = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(p.is_stalemate());
    assert!(!p.is_checkmate());
    assert_eq!(p.board_outcome(), Some(BoardOutcome::Stalemate));
    assert_eq!(Position::new().board_outcome(), None);
}

#[test]
fn art_5_2_2_static_test_finds_the_plain_dead_positions() {
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",       // K v K
        "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",      // K+B v K
        "4k3/8/8/8/8/8/8/4KN2 b - - 0 1",      // K+N v K
        "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1",    // bishops on one colour
        "2b1kb2/8/8/8/8/8/8/2B1KB2 w - - 0 1", // four bishops, all... see below
    ] {
        let p = pos(fen);
        let same_colour = fen.starts_with("2b1kb2");
        // c8 and f8 are of different colours: the last one is not dead.
        assert_eq!(p.is_insufficient_material(), !same_colour, "{fen}");
    }
}

#[test]
fn art_5_1_2_static_test_is_sound_with_self_blocking_kings() {
    // Black can mate: White's own rooks box their king in (the example).
    let p = pos("8/8/8/8/8/2b1k1b1/8/3RKR2 w - - 0 1");
    assert!(!p.cannot_mate_static(Color::Black));
    assert!(!p.is_insufficient_material());
    // The other two positions where the common per-side rule is unsound: the side with the
    // bishops can mate.
    let p = pos("8/8/8/8/8/1k6/b1b5/RKR5 w - - 0 1");
    assert!(!p.cannot_mate_static(Color::Black));
    let p = Position::from_fen("5B2/7r/5K1k/7r/8/4B3/8/8 b - - 0 1").unwrap();
    assert!(!p.cannot_mate_static(Color::White));
    // A lone knight can mate a king hemmed in by its own pieces: not shown impossible.
    let p = pos("7k/6pp/8/8/8/8/8/K5N1 w - - 0 1");
    assert!(!p.cannot_mate_static(Color::White));
    // Opposite-coloured bishops: mate is possible (a helpmate in the corner).
    let p = pos("4kb2/8/8/8/8/8/8/3BK3 w - - 0 1");
    assert!(!p.is_insufficient_material());
    // A bare king can never mate, whatever the opponent has.
    let p = pos("4k3/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1");
    assert!(p.cannot_mate_static(Color::Black));
    assert!(!p.cannot_mate_static(Color::White));
}

#[test]
fn art_5_2_2_static_test_never_contradicts_the_cha_labels() {
    // Soundness against the Chess Unwinnability Analyzer's labelled vectors: wherever a side
    // can still mate (label W or B), the static test must not say it cannot.
    let Some(path) = common::shared_data("dead_positions/cha_test_vectors_shared.txt") else {
        return;
    };
    let text = common::read_text(&path);
    let (mut checked, mut found_dead) = (0, 0);
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (label, fen) = line.split_at(2);
        // One line of the file gives only placement and side to move.
        let mut fen = fen.trim().to_string();
        if fen.split_whitespace().count() == 2 {
            fen.push_str(" - -");
        }
        let p = Position::from_fen_lenient(&fen).unwrap_or_else(|e| panic!("{e}"));
        let white_can = label.as_bytes()[0] == b'W';
        let black_can = label.as_bytes()[1] == b'B';
        if white_can {
            assert!(
                !p.cannot_mate_static(Color::White),
                "unsound for White: {line}"
            );
        }
        if black_can {
            assert!(
                !p.cannot_mate_static(Color::Black),
                "unsound for Black: {line}"
            );
        }
        if p.is_insufficient_material() {
            assert_eq!(label, "--", "{line}");
            found_dead += 1;
        }
        checked += 1;
    }
    eprintln!("{checked} labelled positions; the static test finds {found_dead} dead");
    assert!(checked > 1000);
}

#[test]
fn art_3_8_2_castle_side_of_moves() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(mv(&p, "O-O").castle_side(), Some(CastleSide::King));
    assert_eq!(mv(&p, "O-O-O").castle_side(), Some(CastleSide::Queen));
    assert_eq!(mv(&p, "Kd1").castle_side(), None);
}
