//! The record of a game and how it ends (Art. 5, 8.1.5, 9), through its event stream.

use escaque::core::{Color, Letters, Position, parse_move};
use escaque::laws::{
    Article, ClaimKind, Game, GameError, GameEvent, GameResult, LapseReason, OfferTiming,
    Termination,
};

fn game_after(moves: &[&str]) -> Game {
    let mut g = Game::default();
    for m in moves {
        g.play_san(m, Letters::English)
            .unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

fn from_fen(fen: &str) -> Game {
    Game::new(Position::from_fen(fen).unwrap())
}

fn ended(g: &Game) -> (GameResult, Termination, &'static str) {
    let o = g.outcome().expect("game over");
    (o.result, o.termination, o.article.number())
}

/// Knights out and back: each cycle repeats the start position once more.
const CYCLE: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];

#[test]
fn art_5_1_1_checkmate_ends_the_game_at_once() {
    let mut g = game_after(&["f3", "e5", "g4", "Qh4"]);
    assert_eq!(
        ended(&g),
        (GameResult::BlackWins, Termination::Checkmate, "5.1.1")
    );
    let last = g.events().last().unwrap();
    assert!(matches!(last, GameEvent::GameEnded { .. }));
    assert_eq!(last.article(), Some(Article::CHECKMATE));
    // Nothing after it changes the result.
    assert!(matches!(g.resign(Color::Black), Err(GameError::Over(_))));
    assert!(matches!(
        g.offer_draw(Color::White),
        Err(GameError::Over(_))
    ));
    assert_eq!(g.plies().last().unwrap().san, "Qh4#");
}

#[test]
fn art_5_1_2_resignation_loses() {
    let mut g = game_after(&["e4", "e5"]);
    g.resign(Color::White).unwrap();
    assert_eq!(
        ended(&g),
        (GameResult::BlackWins, Termination::Resignation, "5.1.2")
    );
}

#[test]
fn art_5_1_2_resignation_is_a_draw_when_the_opponent_cannot_mate() {
    // White resigns, but Black has a bare king.
    let mut g = from_fen("4k3/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1");
    g.resign(Color::White).unwrap();
    assert_eq!(
        ended(&g),
        (
            GameResult::Draw,
            Termination::ResignationOpponentCannotMate,
            "5.1.2"
        )
    );
}

#[test]
fn art_5_2_1_stalemate() {
    let mut g = from_fen("7k/4Q3/6K1/8/8/8/8/8 w - - 0 1");
    g.play_san("Qf7", Letters::English).unwrap();
    assert_eq!(
        ended(&g),
        (GameResult::Draw, Termination::Stalemate, "5.2.1")
    );
}

#[test]
fn art_5_2_2_dead_position_after_the_last_capture() {
    let mut g = from_fen("4k3/8/8/8/8/8/3r4/3QK3 w - - 0 1");
    g.play_san("Qxd2", Letters::English).unwrap();
    assert!(!g.is_over(), "K+Q v K is not dead");
    let mut g = from_fen("4k3/8/8/8/8/8/3r4/3NK3 w - - 0 1");
    g.play_san("Nb2", Letters::English).unwrap();
    g.play_san("Rxb2", Letters::English).unwrap();
    assert!(!g.is_over(), "K v K+R is not dead");
    let mut g = from_fen("4k3/8/8/8/8/8/3n4/3BK3 w - - 0 1");
    g.play_san("Kxd2", Letters::English).unwrap();
    assert_eq!(
        ended(&g),
        (GameResult::Draw, Termination::DeadPosition, "5.2.2")
    );
}

#[test]
fn art_5_2_3_agreement_only_after_both_players_have_moved() {
    let mut g = game_after(&["e4"]);
    g.offer_draw(Color::White).unwrap();
    assert_eq!(
        g.accept_draw(Color::Black),
        Err(GameError::TooEarlyForAgreement)
    );
    assert!(!g.is_over());
    let mut g = game_after(&["e4", "e5"]);
    g.offer_draw(Color::Black).unwrap();
    g.accept_draw(Color::White).unwrap();
    assert_eq!(
        ended(&g),
        (GameResult::Draw, Termination::Agreement, "5.2.3")
    );
}

#[test]
fn art_9_1_2_1_offer_after_own_move_is_proper_other_moments_noted() {
    let mut g = game_after(&["e4"]);
    let events = g.offer_draw(Color::White).unwrap().to_vec();
    assert!(matches!(
        events[0],
        GameEvent::DrawOffered { offer } if offer.timing == OfferTiming::AfterOwnMove && offer.ply == 1
    ));
    let mut g = game_after(&["e4"]);
    g.offer_draw(Color::Black).unwrap(); // Black offers before moving: valid, noted.
    assert_eq!(g.offers()[0].timing, OfferTiming::Irregular);
    assert_eq!(g.pending_offer().map(|o| o.by), Some(Color::Black));
}

#[test]
fn art_9_1_2_1_offer_lapses_on_touch_move_rejection_and_game_end() {
    // The opponent touches a piece to move it.
    let mut g = game_after(&["e4", "e5"]);
    g.offer_draw(Color::Black).unwrap();
    g.touch_piece().unwrap();
    assert!(g.pending_offer().is_none());
    assert!(matches!(
        g.events().last(),
        Some(GameEvent::DrawLapsed {
            reason: LapseReason::PieceTouched,
            ..
        })
    ));
    assert_eq!(g.accept_draw(Color::White), Err(GameError::NoOffer));
    // The opponent replies with a move.
    let mut g = game_after(&["e4", "e5"]);
    g.offer_draw(Color::Black).unwrap();
    g.play_san("Nf3", Letters::English).unwrap();
    assert!(g.pending_offer().is_none());
    // Oral rejection.
    let mut g = game_after(&["e4", "e5"]);
    g.offer_draw(Color::Black).unwrap();
    g.decline_draw(Color::White).unwrap();
    assert!(g.pending_offer().is_none());
    assert!(matches!(
        g.events().last(),
        Some(GameEvent::DrawDeclined { .. })
    ));
    // The game ends another way.
    let mut g = game_after(&["f3", "e5", "g4"]);
    g.offer_draw(Color::White).unwrap();
    g.play_san("Qh4", Letters::English).unwrap();
    assert!(g.events().iter().any(|e| matches!(
        e,
        GameEvent::DrawLapsed {
            reason: LapseReason::PieceTouched,
            ..
        } | GameEvent::DrawLapsed {
            reason: LapseReason::GameEnded,
            ..
        }
    )));
    // An offer stays on the record ("=" on both scoresheets, 8.1.5) after it lapses.
    assert_eq!(g.offers().len(), 1);
    assert_eq!(g.offers()[0].ply, 3);
}

#[test]
fn art_9_1_2_1_an_offer_cannot_be_withdrawn() {
    let mut g = game_after(&["e4", "e5", "Nf3"]);
    g.offer_draw(Color::White).unwrap();
    // There is no withdrawal: repeating it changes nothing, and it stays until answered.
    g.offer_draw(Color::White).unwrap();
    assert_eq!(g.offers().len(), 1);
    assert!(g.pending_offer().is_some());
    // A counter-offer is an acceptance.
    g.offer_draw(Color::Black).unwrap();
    assert_eq!(ended(&g).1, Termination::Agreement);
}

#[test]
fn art_9_2_2_threefold_claim_after_it_occurred() {
    let mut moves = CYCLE.to_vec();
    moves.extend(CYCLE);
    let mut g = game_after(&moves);
    assert_eq!(g.repetitions(), 3);
    assert!(!g.is_over(), "threefold is a claim, not automatic");
    g.claim_draw(Color::White, None).unwrap();
    assert_eq!(
        ended(&g),
        (GameResult::Draw, Termination::ThreefoldOccurred, "9.2.2")
    );
    assert_eq!(g.claims()[0].upheld, Some(ClaimKind::Threefold));
}

#[test]
fn art_9_2_1_threefold_claim_with_the_written_move() {
    let mut moves = CYCLE.to_vec();
    moves.extend(&CYCLE[..3]); // Black to play Ng8, which repeats the start a third time.
    let mut g = game_after(&moves);
    assert_eq!(g.repetitions(), 2);
    let ng8 = parse_move(g.position(), "Ng8", Letters::English).unwrap();
    assert_eq!(g.threefold_claim(), Some(Some(ng8)));
    g.claim_draw(Color::Black, Some(ng8)).unwrap();
    assert_eq!(
        ended(&g),
        (GameResult::Draw, Termination::ThreefoldWritten, "9.2.1")
    );
    assert_eq!(g.claims()[0].intended.as_ref().unwrap().1, "Ng8");
    // The written move is not played on the board when the claim is correct.
    assert_eq!(g.plies().len(), 7);
}

#[test]
fn art_9_2_3_same_position_needs_the_same_castling_rights() {
    // Rooks out and back: the position looks the same but castling rights were lost, so
    // the start position does not count as a repetition of the later ones.
    let mut g = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for m in ["Rh2", "Rh7", "Rh1", "Rh8"] {
        g.play_san(m, Letters::English).unwrap();
    }
    assert_eq!(g.repetitions(), 1);
    for m in ["Rh2", "Rh7", "Rh1", "Rh8", "Rh2", "Rh7", "Rh1", "Rh8"] {
        g.play_san(m, Letters::English).unwrap();
    }
    assert_eq!(g.repetitions(), 3);
}

#[test]
fn art_9_3_fifty_moves_claim_in_both_forms() {
    let mut g = from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    assert!(g.fifty_move_claim().is_some());
    let ra2 = parse_move(g.position(), "Ra2", Letters::English).unwrap();
    g.claim_draw(Color::White, Some(ra2)).unwrap();
    assert_eq!(
        ended(&g),
        (GameResult::Draw, Termination::FiftyMovesWritten, "9.3.1")
    );
    let mut g = from_fen("4k3/8/8/8/8/8/8/R3K3 b - - 100 80");
    g.claim_draw(Color::Black, None).unwrap();
    assert_eq!(
        ended(&g),
        (GameResult::Draw, Termination::FiftyMovesOccurred, "9.3.2")
    );
    // 99 halfmoves and no written move: not yet.
    let mut g = from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    g.claim_draw(Color::White, None).unwrap();
    assert!(!g.is_over());
}

#[test]
fn art_9_4_touching_a_piece_forfeits_the_claim_for_that_move() {
    let mut moves = CYCLE.to_vec();
    moves.extend(CYCLE);
    let mut g = game_after(&moves);
    g.touch_piece().unwrap();
    assert_eq!(
        g.claim_draw(Color::White, None),
        Err(GameError::ClaimForfeited(Color::White))
    );
    // The right returns on the next move (Arbiters' Manual).
    g.play_san("Nf3", Letters::English).unwrap();
    g.play_san("Nf6", Letters::English).unwrap();
    g.play_san("Ng1", Letters::English).unwrap();
    g.play_san("Ng8", Letters::English).unwrap();
    g.claim_draw(Color::White, None).unwrap();
    assert!(g.is_over());
}

#[test]
fn art_9_5_3_wrong_claim_gives_time_and_the_declared_move_is_played() {
    let mut g = game_after(&["e4", "e5"]);
    g.set_penalty_seconds(60); // rapid or blitz (A.3, B.3)
    let nf3 = parse_move(g.position(), "Nf3", Letters::English).unwrap();
    let events = g.claim_draw(Color::White, Some(nf3)).unwrap().to_vec();
    assert!(!g.is_over());
    assert!(events.iter().any(|e| matches!(
        e,
        GameEvent::ClaimRejected { by: Color::White, article } if article.number() == "9.5.3"
    )));
    let penalty = g.penalties()[0];
    assert_eq!((penalty.to, penalty.seconds), (Color::Black, 60));
    assert_eq!(
        g.plies().last().unwrap().san,
        "Nf3",
        "the declared move was played"
    );
    // The claim counts as a draw offer (9.1.2.3) that Black may accept.
    assert_eq!(
        g.pending_offer().map(|o| o.timing),
        Some(OfferTiming::Claim)
    );
    g.accept_draw(Color::Black).unwrap();
    assert_eq!(ended(&g).1, Termination::Agreement);
}

#[test]
fn art_9_2_only_the_player_to_move_claims() {
    let mut g = game_after(&["e4"]);
    assert_eq!(
        g.claim_draw(Color::White, None),
        Err(GameError::ClaimNotOnMove)
    );
}

#[test]
fn art_9_6_1_fivefold_repetition_is_automatic() {
    let mut g = Game::default();
    for i in 0..4 {
        for m in CYCLE {
            g.play_san(m, Letters::English).unwrap();
        }
        if i < 3 {
            assert!(!g.is_over());
        }
    }
    assert_eq!(g.repetitions(), 5);
    assert_eq!(
        ended(&g),
        (GameResult::Draw, Termination::FivefoldRepetition, "9.6.1")
    );
    assert_eq!(g.outcome().unwrap().ply, 16);
}

#[test]
fn art_9_6_2_seventy_five_moves_are_automatic_unless_the_last_move_mates() {
    let mut g = from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 149 100");
    g.play_san("Ra2", Letters::English).unwrap();
    assert_eq!(
        ended(&g),
        (GameResult::Draw, Termination::SeventyFiveMoves, "9.6.2")
    );
    // The 150th halfmove mates: checkmate takes precedence.
    let mut g = from_fen("6k1/R7/6K1/8/8/8/8/8 w - - 149 100");
    g.play_san("Ra8", Letters::English).unwrap();
    assert_eq!(ended(&g).1, Termination::Checkmate);
}

#[test]
fn every_change_is_an_event_in_order() {
    let mut g = Game::default();
    g.play_san("e4", Letters::English).unwrap();
    g.offer_draw(Color::White).unwrap();
    g.play_san("f5", Letters::English).unwrap();
    g.play_san("Qh5+", Letters::English).unwrap();
    let kinds: Vec<&str> = g
        .events()
        .iter()
        .map(|e| match e {
            GameEvent::MovePlayed { .. } => "move",
            GameEvent::Check { .. } => "check",
            GameEvent::DrawOffered { .. } => "offer",
            GameEvent::DrawLapsed { .. } => "lapsed",
            _ => "other",
        })
        .collect();
    assert_eq!(kinds, ["move", "offer", "lapsed", "move", "move", "check"]);
    assert_eq!(g.events_since(4).len(), 2);
    assert!(matches!(
        g.play_san("Ke3", Letters::English),
        Err(GameError::Notation(_))
    ));
}

#[test]
fn art_8_1_5_offers_claims_and_penalties_are_on_the_pgn_record() {
    use escaque::laws::export::to_pgn_text;
    use escaque::laws::pgn;
    let mut g = game_after(&["e4", "e5"]);
    g.offer_draw(Color::Black).unwrap();
    g.decline_draw(Color::White).unwrap();
    let nf3 = parse_move(g.position(), "Nf3", Letters::English).unwrap();
    g.claim_draw(Color::White, Some(nf3)).unwrap(); // wrong: Nf3 is played, Black +120 s
    g.decline_draw(Color::Black).unwrap();
    for m in ["Nc6", "Bc4"] {
        g.play_san(m, Letters::English).unwrap();
    }
    g.resign(Color::Black).unwrap();
    let tags = vec![
        ("Event".to_string(), "Test".to_string()),
        ("White".to_string(), "A".to_string()),
        ("Black".to_string(), "B".to_string()),
    ];
    let text = to_pgn_text(&g, &tags);
    assert!(text.starts_with("[Event \"Test\"]\n[Site \"?\"]"), "{text}");
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    assert!(text.contains("[Termination \"normal\"]"), "{text}");
    // The reason and its article in a comment after the last move.
    assert!(
        text.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .contains("{ resignation (Art. 5.1.2) } 1-0"),
        "{text}"
    );
    // Comments are wrapped at 80 columns: compare with the line breaks as spaces.
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("White claims a draw with the written move Nf3: incorrect (Art. 9.5.3)"),
        "{text}"
    );
    assert!(
        flat.contains("120 s added to Black's clock (Art. 9.5.3)"),
        "{text}"
    );
    let back = pgn::read_str(&text).next().unwrap().unwrap();
    assert!(
        back.moves[1].draw_offer,
        "Black's offer after 1... e5 is marked"
    );
    let replay = back.replay(Letters::English);
    assert!(replay.is_complete());
    let moves: Vec<_> = replay.moves.iter().map(|m| m.unwrap()).collect();
    let ours: Vec<_> = g.plies().iter().map(|p| p.mv).collect();
    assert_eq!(moves, ours);
    assert_eq!(back.result.as_deref(), Some("1-0"));
    // A set-up start is recorded with SetUp and FEN.
    let g = from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    let text = to_pgn_text(&g, &[]);
    assert!(
        text.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 99 80\"]"),
        "{text}"
    );
}

use escaque::laws::{Discovery, IllegalKind, Supervision};

#[test]
fn art_7_5_5_first_illegal_move_gives_the_opponent_two_minutes_second_loses() {
    let mut g = game_after(&["e4", "e5"]);
    let events = g
        .illegal_move(Color::White, IllegalKind::Move, Discovery::BeforeNextMove)
        .unwrap()
        .to_vec();
    assert!(matches!(
        events[0],
        GameEvent::IllegalMoveRecorded { by: Color::White, count: 1, article, .. }
            if article.number() == "7.5.1"
    ));
    let p = g.penalties()[0];
    assert_eq!(
        (p.to, p.seconds, p.article.number()),
        (Color::Black, 120, "7.5.5")
    );
    assert!(!g.is_over());
    assert_eq!(
        g.plies().len(),
        2,
        "the position before the illegal move stands"
    );
    g.illegal_move(
        Color::White,
        IllegalKind::ClockWithoutMove,
        Discovery::BeforeNextMove,
    )
    .unwrap();
    assert_eq!(
        ended(&g),
        (GameResult::BlackWins, Termination::IllegalMoves, "7.5.5")
    );
}

#[test]
fn art_7_5_5_second_illegal_move_draws_when_the_opponent_cannot_mate() {
    let mut g = from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    g.set_penalty_seconds(60); // rapid (A.3)
    g.illegal_move(
        Color::White,
        IllegalKind::TwoHands,
        Discovery::BeforeNextMove,
    )
    .unwrap();
    assert_eq!(g.penalties()[0].seconds, 60);
    g.illegal_move(Color::White, IllegalKind::Move, Discovery::BeforeNextMove)
        .unwrap();
    assert_eq!(
        ended(&g),
        (
            GameResult::Draw,
            Termination::IllegalMovesOpponentCannotMate,
            "7.5.5"
        )
    );
}

#[test]
fn art_7_5_2_promotion_without_a_piece_counts_as_illegal_and_becomes_a_queen() {
    let mut g = from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    let rook = parse_move(g.position(), "e8=R", Letters::English).unwrap();
    g.illegal_move(
        Color::White,
        IllegalKind::PromotionWithoutPiece(rook),
        Discovery::BeforeNextMove,
    )
    .unwrap();
    assert_eq!(g.illegal_moves_of(Color::White), 1);
    assert_eq!(g.plies().last().unwrap().san, "e8=Q");
}

#[test]
fn art_a_5_2_unsupervised_rapid_illegal_move_stands_unless_claimed_before_the_next_move() {
    let mut g = game_after(&["e4", "e5"]);
    g.set_penalty_seconds(60);
    g.set_supervision(Supervision::Inadequate);
    g.illegal_move(Color::White, IllegalKind::Move, Discovery::Later)
        .unwrap();
    assert!(matches!(
        g.events().last(),
        Some(GameEvent::IllegalMoveStands { article, .. }) if article.number() == "A.5.2"
    ));
    assert_eq!(g.illegal_moves_of(Color::White), 0);
    assert!(g.penalties().is_empty());
    // Claimed in time, the penalty applies as in 7.5.5.
    g.illegal_move(Color::White, IllegalKind::Move, Discovery::BeforeNextMove)
        .unwrap();
    assert_eq!(g.penalties()[0].seconds, 60);
    // With adequate supervision, the arbiter acts whenever it comes to light.
    let mut g = game_after(&["e4", "e5"]);
    g.illegal_move(Color::White, IllegalKind::Move, Discovery::Later)
        .unwrap();
    assert_eq!(g.illegal_moves_of(Color::White), 1);
}

#[test]
fn art_6_9_flag_fall_loses_unless_the_opponent_cannot_mate() {
    let mut g = game_after(&["e4", "e5"]);
    g.flag_fell(Color::Black).unwrap();
    assert_eq!(
        ended(&g),
        (GameResult::WhiteWins, Termination::FlagFall, "6.9")
    );
    // The opponent has a bare king: a draw.
    let mut g = from_fen("4k3/pppppppp/8/8/8/8/8/4K3 b - - 0 1");
    g.flag_fell(Color::Black).unwrap();
    assert_eq!(
        ended(&g),
        (
            GameResult::Draw,
            Termination::FlagFallOpponentCannotMate,
            "6.9"
        )
    );
    // A result reached before stands (5.1.1 before the flag).
    let mut g = game_after(&["f3", "e5", "g4", "Qh4"]);
    assert!(matches!(g.flag_fell(Color::Black), Err(GameError::Over(_))));
    assert_eq!(ended(&g).1, Termination::Checkmate);
}

#[test]
fn art_4_and_9_4_touch_events_join_the_record_lapse_offers_and_forfeit_claims() {
    use escaque::core::Square;
    use escaque::laws::touch::TouchState;
    let mut moves = CYCLE.to_vec();
    moves.extend(CYCLE);
    let mut g = game_after(&moves);
    g.offer_draw(Color::Black).unwrap(); // irregular moment, still valid
    let mut touch = TouchState::new(g.position());
    let outcome = touch.touch(Square::G1).unwrap();
    g.record_touch(&outcome.events).unwrap();
    assert!(g.events().iter().any(|e| matches!(e, GameEvent::Touch(_))));
    assert!(g.pending_offer().is_none(), "the offer lapsed (9.1.2.1)");
    assert_eq!(
        g.claim_draw(Color::White, None),
        Err(GameError::ClaimForfeited(Color::White)),
        "9.4"
    );
}

#[test]
fn art_7_5_5_a_5_b_3_illegal_moves_in_every_class_and_supervision() {
    // (penalty unit, supervision, discovery) → (first: penalty seconds or "stands").
    for (unit, class) in [(120, "standard"), (60, "rapid"), (60, "blitz")] {
        for supervision in [Supervision::Adequate, Supervision::Inadequate] {
            if class == "standard" && supervision == Supervision::Inadequate {
                continue; // standard games are always supervised
            }
            for discovery in [Discovery::BeforeNextMove, Discovery::Later] {
                let mut g = game_after(&["e4", "e5"]);
                g.set_penalty_seconds(unit);
                g.set_supervision(supervision);
                g.illegal_move(Color::White, IllegalKind::Move, discovery)
                    .unwrap();
                let stands =
                    supervision == Supervision::Inadequate && discovery == Discovery::Later;
                let what = format!("{class} {supervision:?} {discovery:?}");
                if stands {
                    assert!(g.penalties().is_empty(), "{what}");
                    assert_eq!(g.illegal_moves_of(Color::White), 0, "{what}");
                } else {
                    assert_eq!(g.penalties()[0].seconds, unit, "{what}");
                    // The second one loses.
                    g.illegal_move(Color::White, IllegalKind::Move, discovery)
                        .unwrap();
                    assert_eq!(ended(&g).1, Termination::IllegalMoves, "{what}");
                }
            }
        }
    }
}

#[test]
fn art_6_9_and_5_1_2_the_search_decides_who_can_still_mate() {
    // Only White can still mate (a CHA test vector, label W-): Black's pieces are locked.
    let fen = "Bb1k1b2/bKp1p1p1/1pP1P1P1/pP6/6P1/P7/8/8 w - - 0 1";
    let mut g = Game::new(Position::from_fen_lenient(fen).unwrap());
    assert!(!g.is_over(), "White can still mate: not a dead position");
    g.flag_fell(Color::White).unwrap();
    assert_eq!(
        ended(&g),
        (
            GameResult::Draw,
            Termination::FlagFallOpponentCannotMate,
            "6.9"
        )
    );
    let mut g = Game::new(Position::from_fen_lenient(fen).unwrap());
    g.resign(Color::White).unwrap();
    assert_eq!(ended(&g).1, Termination::ResignationOpponentCannotMate);
    // Black resigning loses: White can mate.
    let mut g = Game::new(Position::from_fen_lenient(fen).unwrap());
    g.resign(Color::Black).unwrap();
    assert_eq!(ended(&g).0, GameResult::WhiteWins);
}

#[test]
fn art_5_2_2_a_locked_position_is_dead_by_search() {
    // Label "--" in the CHA vectors: pawn chains locked, bishops that can never reach.
    let fen = "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1";
    let g = Game::new(Position::from_fen(fen).unwrap());
    assert_eq!(
        ended(&g),
        (GameResult::Draw, Termination::DeadPosition, "5.2.2")
    );
}

mod a_5_4 {
    use super::*;
    use escaque::core::{Setup, Square};
    use escaque::laws::irregularity::{IllegalPosition, illegal_position_conditions};

    fn board(fen: &str) -> Setup {
        Setup::from_fen(fen).unwrap()
    }

    fn unsupervised(moves: &[&str]) -> Game {
        let mut g = game_after(moves);
        g.set_penalty_seconds(60);
        g.set_supervision(Supervision::Inadequate);
        g
    }

    #[test]
    fn art_a_5_4_the_conditions_are_read_from_the_board() {
        // Only Black's king in check (the rook on e1): not the A.5.4 case.
        let one = board("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1");
        assert!(illegal_position_conditions(&one).is_empty());
        // The queen on f2 checks g1 as well: both kings in check.
        let both = board("4k3/8/8/8/8/8/5q2/4R1K1 w - - 0 1");
        assert_eq!(
            illegal_position_conditions(&both),
            vec![IllegalPosition::BothKingsInCheck]
        );
        // A knight on e7 blocks the rook: only White is in check.
        let blocked = board("4k3/4n3/8/8/8/8/5q2/4R1K1 w - - 0 1");
        assert!(illegal_position_conditions(&blocked).is_empty());
        // An unpromoted pawn on its farthest rank, for either colour.
        let pawns = board("P3k3/8/8/8/8/8/8/4K2p b - - 0 1");
        assert_eq!(
            illegal_position_conditions(&pawns),
            vec![
                IllegalPosition::PawnOnLastRank {
                    color: Color::Black,
                    square: Square::H1
                },
                IllegalPosition::PawnOnLastRank {
                    color: Color::White,
                    square: Square::A8
                },
            ]
        );
        // A pawn on its own first rank is not the A.5.4 case.
        assert!(illegal_position_conditions(&board("4k3/8/8/8/8/8/8/P3K3 w - - 0 1")).is_empty());
    }

    #[test]
    fn art_a_5_4_both_kings_in_check_still_after_the_next_move_is_a_draw() {
        let mut g = unsupervised(&["e4", "e5"]);
        // An illegal move stood (A.5.2): both kings are in check, Black to move.
        g.illegal_move(Color::White, IllegalKind::Move, Discovery::Later)
            .unwrap();
        let seen = board("4k3/8/8/8/8/8/8/4R1Kq b - - 0 1");
        g.observe_illegal_position(&seen).unwrap();
        assert!(matches!(
            g.events().last(),
            Some(GameEvent::IllegalPositionObserved { after_next_move: false, article, .. })
                if article.number() == "A.5.4"
        ));
        assert!(
            !g.is_over(),
            "the arbiter waits for the next completed move"
        );
        assert_eq!(g.pending_illegal_position(), Some(&seen));
        // Black moves the king out of check; White's king is still in check.
        g.illegal_position_after_next_move(&board("3k4/8/8/8/8/8/8/4R1Kq w - - 1 2"))
            .unwrap();
        assert!(
            !g.is_over(),
            "only one king in check now: not an A.5.4 position"
        );
        assert!(matches!(
            g.events().last(),
            Some(GameEvent::IllegalPositionCleared { .. })
        ));
        // Observed again and still there after the next move: draw.
        let mut g = unsupervised(&["e4", "e5"]);
        g.observe_illegal_position(&seen).unwrap();
        g.illegal_position_after_next_move(&board("4k3/8/8/8/8/8/7q/4R1K1 w - - 1 2"))
            .unwrap();
        assert_eq!(
            ended(&g),
            (GameResult::Draw, Termination::IllegalPositionDraw, "A.5.4")
        );
        assert!(g.events().iter().any(|e| matches!(
            e,
            GameEvent::IllegalPositionObserved {
                after_next_move: true,
                ..
            }
        )));
    }

    #[test]
    fn art_a_5_4_b_3_pawn_on_the_last_rank_in_blitz() {
        // Blitz without adequate supervision (B.3 applies A.5).
        let mut g = unsupervised(&["e4", "d5", "exd5", "c6", "dxc6", "Qb6", "cxb7", "Qc6"]);
        // 7.5.2 unclaimed: bxa8 played with the pawn left a pawn, and it stood.
        g.illegal_move(Color::White, IllegalKind::Move, Discovery::Later)
            .unwrap();
        let seen = board("Pnb1kbnr/p3pppp/2q5/8/8/8/PPPP1PPP/RNBQKBNR b KQk - 0 5");
        g.observe_illegal_position(&seen).unwrap();
        // Black does not capture it: still there after the next move, draw.
        let mut drawn = g.clone();
        drawn
            .illegal_position_after_next_move(&board(
                "Pnb1kbnr/p3pppp/8/8/8/8/PPPP1qPP/RNBQKBNR w KQk - 0 6",
            ))
            .unwrap();
        assert_eq!(ended(&drawn).1, Termination::IllegalPositionDraw);
        // Black captures the pawn: the game goes on.
        g.illegal_position_after_next_move(&board(
            "qnb1kbnr/p3pppp/8/8/8/8/PPPP1PPP/RNBQKBNR w KQk - 0 6",
        ))
        .unwrap();
        assert!(!g.is_over());
        assert_eq!(g.pending_illegal_position(), None);
    }

    #[test]
    fn art_a_5_4_needs_inadequate_supervision_an_illegal_board_and_a_move() {
        let seen = board("4k3/8/8/8/8/8/8/4R1Kq b - - 0 1");
        // A.4 / B.2: adequately supervised, 7.5 applies instead.
        let mut g = game_after(&["e4", "e5"]);
        assert_eq!(
            g.observe_illegal_position(&seen),
            Err(GameError::Supervised)
        );
        let mut g = unsupervised(&["e4", "e5"]);
        let legal = board("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        match g.observe_illegal_position(&legal) {
            Err(GameError::NoIllegalPosition(fen)) => assert!(fen.starts_with("4k3/")),
            other => panic!("{other:?}"),
        }
        assert_eq!(
            g.illegal_position_after_next_move(&seen),
            Err(GameError::NoIllegalPositionPending)
        );
        g.observe_illegal_position(&seen).unwrap();
        // The same side to move: no move was completed.
        assert!(matches!(
            g.illegal_position_after_next_move(&seen),
            Err(GameError::NoMoveCompleted(_))
        ));
        assert!(!g.is_over());
    }
}

/// 7.1: reinstating an earlier position gives the move, and the running clock, to the side
/// to move in it; a ply the game has not reached is refused and changes nothing.
#[test]
fn art_7_1_restoring_a_position_gives_the_clock_to_its_side_to_move() {
    use escaque::laws::clock::ClockOptions;
    use escaque::laws::irregularity::ArbiterAction;
    let mut g = Game::with_clock(
        Position::new(),
        "5+0".parse().unwrap(),
        ClockOptions::default(),
    );
    g.start_clock(0).unwrap();
    for (at, san) in [(1_000, "e4"), (2_000, "e5"), (3_000, "Nf3")] {
        let pos = *g.position();
        let mv = parse_move(&pos, san, Letters::English).unwrap();
        g.play_at(mv, at).unwrap();
    }
    assert_eq!(g.clock().unwrap().running(), Some(Color::Black));
    let before = g.events().len();
    assert_eq!(
        g.arbiter(ArbiterAction::PositionRestored { ply: 99 })
            .unwrap_err(),
        GameError::NoSuchPly { ply: 99, plies: 3 }
    );
    assert_eq!(g.events().len(), before);
    assert_eq!(g.plies().len(), 3);
    g.tick(4_000);
    g.arbiter(ArbiterAction::PositionRestored { ply: 2 })
        .unwrap();
    assert_eq!(g.plies().len(), 2);
    assert_eq!(g.position().turn(), Color::White);
    let clock = g.clock().unwrap();
    assert_eq!(clock.running(), Some(Color::White));
    // Black's second of thought (3 s to 4 s) is on Black's clock; White's runs from now.
    let black = clock.remaining(Color::Black, 10_000).unwrap().main_ms;
    let white_now = clock.remaining(Color::White, 4_000).unwrap().main_ms;
    let white_later = clock.remaining(Color::White, 10_000).unwrap().main_ms;
    assert_eq!(black, 300_000 - 1_000 - 1_000);
    assert_eq!(white_now - white_later, 6_000);
}

/// 5.1.1, 8.1.5: the record of a clocked game has the clock reading after every move, the
/// mating move too (the clock stops with it, no press), and the PGN standard's
/// `Termination` value with the reason and its article in a comment.
#[test]
fn art_5_1_1_the_mating_move_has_its_clock_reading_on_the_record() {
    use escaque::laws::clock::ClockOptions;
    use escaque::laws::export::to_pgn_text;
    let mut g = Game::with_clock(
        Position::new(),
        "5+3".parse().unwrap(),
        ClockOptions::default(),
    );
    g.start_clock(0).unwrap();
    for (at, san) in [(1_000, "f3"), (3_000, "e5"), (4_000, "g4"), (9_000, "Qh4#")] {
        let pos = *g.position();
        let mv = parse_move(&pos, san, Letters::English).unwrap();
        g.play_at(mv, at).unwrap();
    }
    assert_eq!(g.outcome().unwrap().termination, Termination::Checkmate);
    let readings: Vec<Option<u64>> = g.plies().iter().map(|p| p.clock_ms).collect();
    // Black: 5:00 − 2 s + 3 s, then − 5 s and no increment for the mate.
    assert_eq!(
        readings,
        [Some(302_000), Some(301_000), Some(304_000), Some(296_000)]
    );
    let text = to_pgn_text(&g, &[]);
    assert_eq!(text.matches("[%clk ").count(), 4, "{text}");
    assert!(text.contains("[Termination \"normal\"]"), "{text}");
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.ends_with("2... Qh4# { [%clk 0:04:56] checkmate (Art. 5.1.1) } 0-1"),
        "{text}"
    );
}
