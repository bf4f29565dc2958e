//! Touch-move in strict mode (Art. 4), named by article. Each test quotes the case of the
//! Spanish list "Condiciones para pieza tocada, pieza jugada" (Wikipedia, Leyes del ajedrez,
//! ../shared/sources/leyes-del-ajedrez-wikipedia-2023.txt) that it covers.

use escaque::core::{CastleSide, Color, Move, Piece, Position, Role, Square};
use escaque::laws::Article;
use escaque::laws::touch::{BindingKind, TouchError, TouchEvent, TouchState};

fn state(fen: &str) -> TouchState {
    TouchState::new(&Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")))
}

fn sq(s: &str) -> Square {
    s.parse().unwrap_or_else(|_| panic!("not a square: {s}"))
}

/// The allowed moves as sorted UCI text.
fn allowed(t: &TouchState) -> Vec<String> {
    let mut v: Vec<String> = t.allowed_moves().iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

fn uci(t: &TouchState, text: &str) -> Move {
    t.position()
        .uci_to_move(text.parse().unwrap())
        .unwrap_or_else(|| panic!("{text} is not legal here"))
}

fn strs(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const CASTLES: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

// «Todo jugador, cuando está en su turno de juego, ha de mover la primera pieza que toca. Si
// uno de los jugadores observa que las piezas en el tablero no están bien centradas sobre sus
// escaques, el jugador al que le toca jugar —y solo al que le toca jugar— puede ajustar una o
// más piezas en sus escaques, siempre que previamente exprese su intención de hacerlo —por
// ejemplo, diciendo «compongo»—. El jugador que no está en turno no puede tocar las piezas.»
#[test]
fn art_4_2_only_the_player_to_move_may_adjust() {
    let mut t = state(START);
    // Black adjusts during White's move: recorded as a violation of 4.2.1.
    let out = t.adjust(Color::Black, sq("e7")).unwrap();
    assert!(matches!(
        &out.events[..],
        [TouchEvent::Violation { by: Color::Black, article, text }]
            if *article == Article("4.2.1") && text.contains("e7") && text.contains("4.2.1")
    ));
    assert_eq!(t.claimable().len(), 1);
    // It binds White to nothing.
    assert!(t.binding().is_free());
    assert_eq!(t.allowed_moves().len(), 20);
}

// Same case, the other half: «el jugador al que le toca jugar … puede ajustar una o más
// piezas en sus escaques, siempre que previamente exprese su intención de hacerlo».
#[test]
fn art_4_2_adjusting_binds_nothing() {
    let mut t = state(START);
    let out = t.adjust(Color::White, sq("g1")).unwrap();
    assert_eq!(
        out.events,
        vec![TouchEvent::Adjusted {
            by: Color::White,
            square: sq("g1"),
            piece: Piece::new(Color::White, Role::Knight),
        }]
    );
    assert_eq!(out.events[0].article(), Article("4.2.1"));
    assert!(t.binding().is_free());
    assert_eq!(t.allowed_moves().len(), 20);
    assert!(t.claimable().is_empty());
    // Adjusting an empty square is refused and says so.
    let err = t.adjust(Color::White, sq("e4")).unwrap_err();
    assert_eq!(err.to_string(), "there is no piece on e4 to adjust");
}

// «A no ser que al jugador que le toca jugar haya expresado la intención de «componer» la
// posición, debe jugar la pieza que toca, si lo hace deliberadamente.» (Knocking pieces over,
// the rest of the case, is Art. 7.4, not touch-move.)
#[test]
fn art_4_3_own_piece_touched_must_move() {
    let mut t = state(START);
    let out = t.touch(sq("g1")).unwrap();
    assert_eq!(
        out.binding.kind,
        BindingKind::MovePiece { square: sq("g1") }
    );
    assert_eq!(out.binding.article, Article("4.3.1"));
    assert_eq!(allowed(&t), strs(&["g1f3", "g1h3"]));
    assert_eq!(t.in_hand(), Some(sq("g1")));
    // Another piece cannot be played instead.
    t.touch(sq("e2")).unwrap();
    let err = t.release(sq("e4")).unwrap_err();
    assert!(matches!(err, TouchError::NotAllowed { .. }));
    let text = err.to_string();
    assert!(text.contains("e2") && text.contains("e4"), "{text}");
    assert!(text.contains("g1") && text.contains("Art. 4.3.1"), "{text}");
    assert!(text.contains("g1-f3") && text.contains("g1-h3"), "{text}");
    // The knight can.
    t.touch(sq("g1")).unwrap();
    let out = t.release(sq("f3")).unwrap();
    assert_eq!(out.made, Some(uci(&t, "g1f3")));
}

// «Si toca una o más piezas propias, debe mover la primera pieza tocada. Si la primera pieza
// tocada no se puede mover, debe mover la siguiente pieza tocada si es posible y así
// sucesivamente caso de que no sea posible.»
#[test]
fn art_4_3_1_first_own_piece_that_can_move() {
    // The rook on a1 has no move; the knight on b1, touched next, must move.
    let mut t = state(START);
    let out = t.touch(sq("a1")).unwrap();
    assert_eq!(out.binding.kind, BindingKind::AnyMove);
    assert_eq!(out.binding.article, Article("4.5"));
    let out = t.touch(sq("b1")).unwrap();
    assert_eq!(
        out.binding.kind,
        BindingKind::MovePiece { square: sq("b1") }
    );
    assert_eq!(allowed(&t), strs(&["b1a3", "b1c3"]));
    // A third piece touched later changes nothing: the first movable one binds.
    let out = t.touch(sq("g1")).unwrap();
    assert_eq!(
        out.binding.kind,
        BindingKind::MovePiece { square: sq("b1") }
    );

    // A pinned knight cannot move; the king touched after it must.
    let mut t = state("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    assert_eq!(
        t.touch(sq("e2")).unwrap().binding.kind,
        BindingKind::AnyMove
    );
    let out = t.touch(sq("e1")).unwrap();
    assert_eq!(
        out.binding.kind,
        BindingKind::MovePiece { square: sq("e1") }
    );
    assert_eq!(out.binding.article, Article("4.3.1"));
    assert_eq!(allowed(&t), strs(&["e1d1", "e1d2", "e1f1", "e1f2"]));
}

// «Si la pieza que se mueve se deja sobre el tablero, la pieza deberá dejarse en esa casilla
// si es un movimiento legal.»
#[test]
fn art_4_7_released_piece_stays() {
    let mut t = state(START);
    t.touch(sq("e2")).unwrap();
    // Released on an illegal square: not a move; the pawn stays in the hand.
    let err = t.release(sq("e5")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the white pawn on e2 cannot go to e5: it is not a legal move (Art. 3)"
    );
    assert_eq!(t.in_hand(), Some(sq("e2")));
    // Released on a legal square: it stays there, the move is made.
    let out = t.release(sq("e3")).unwrap();
    assert_eq!(out.made, Some(uci(&t, "e2e3")));
    assert_eq!(
        out.binding.kind,
        BindingKind::Made {
            mv: uci(&t, "e2e3")
        }
    );
    assert_eq!(out.binding.article, Article("4.7"));
    assert!(matches!(out.events[..], [TouchEvent::Released { .. }]));
    assert!(t.allowed_moves().is_empty());
    // It cannot be moved on to e4, and nothing else can be touched.
    let err = t.touch(sq("e2")).unwrap_err();
    assert!(matches!(err, TouchError::MoveMade { .. }));
    assert!(err.to_string().contains("Art. 4.7"), "{err}");
    assert!(matches!(
        t.release(sq("e4")),
        Err(TouchError::MoveMade { .. })
    ));
    assert!(matches!(
        t.make_move(uci(&t, "e2e4")),
        Err(TouchError::MoveMade { .. })
    ));
}

// «Si toca una o más piezas del adversario, debe capturar la primera pieza tocada que pueda
// ser capturada.»
#[test]
fn art_4_3_2_first_capturable_opponent_piece() {
    // After 1.e4 d5: the pawn on h7 cannot be captured, the pawn on d5 can.
    let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
    let mut t = state(fen);
    let out = t.touch(sq("h7")).unwrap();
    assert_eq!(out.binding.kind, BindingKind::AnyMove);
    assert_eq!(
        t.in_hand(),
        None,
        "an opponent's piece is not taken in the hand"
    );
    let out = t.touch(sq("d5")).unwrap();
    assert_eq!(
        out.binding.kind,
        BindingKind::CapturePiece { square: sq("d5") }
    );
    assert_eq!(out.binding.article, Article("4.3.2"));
    assert_eq!(allowed(&t), strs(&["e4d5"]));
    // The capture is made when the own piece is released on the captured piece's square.
    let out = t.make_move(uci(&t, "e4d5")).unwrap();
    assert_eq!(out.binding.article, Article("4.7.1"));

    // Touching a pawn that can be taken en passant binds that capture.
    let mut t = state("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    let out = t.touch(sq("d5")).unwrap();
    assert_eq!(
        out.binding.kind,
        BindingKind::CapturePiece { square: sq("d5") }
    );
    assert_eq!(allowed(&t), strs(&["e5d6"]));
    assert!(t.allowed_moves()[0].is_en_passant());
}

// «Si toca una pieza de cada color, debe capturar la pieza del adversario con la suya o, si
// ello es ilegal, mover o capturar la pieza tocada con otra pieza propia. Si ello no es
// posible, deberá moverse la pieza propia tocada.»
//
// The 2023 text (4.3.3) orders the fallback by touch: "if this is illegal, move or capture
// the first piece touched which can be moved or captured". The Spanish list puts the capture
// with another piece first, whatever the order. escaque follows the 2023 text.
#[test]
fn art_4_3_3_capture_with_the_touched_piece() {
    let fen = "4k3/8/8/3p4/4P3/2N5/8/4K3 w - - 0 1";
    let mut t = state(fen);
    t.touch(sq("c3")).unwrap();
    let out = t.touch(sq("d5")).unwrap();
    assert_eq!(
        out.binding.kind,
        BindingKind::CaptureWith {
            piece: sq("c3"),
            target: sq("d5")
        }
    );
    assert_eq!(out.binding.article, Article("4.3.3"));
    assert_eq!(allowed(&t), strs(&["c3d5"]));
    // Capturing with the pawn instead is refused.
    let err = t.make_move(uci(&t, "e4d5")).unwrap_err();
    assert!(err.to_string().contains("Art. 4.3.3"), "{err}");
}

// The same case, when the capture with the touched piece is illegal.
#[test]
fn art_4_3_3_capture_illegal_first_touched_piece_binds() {
    // The bishop on f1 cannot take d5 (the pawn on e4 can).
    let fen = "4k3/8/8/3p4/4P3/8/8/4KB2 w - - 0 1";
    // Own piece first: the bishop, which can move, must move (2023 text).
    let mut t = state(fen);
    t.touch(sq("f1")).unwrap();
    let out = t.touch(sq("d5")).unwrap();
    assert_eq!(
        out.binding.kind,
        BindingKind::MovePiece { square: sq("f1") }
    );
    assert_eq!(out.binding.article, Article("4.3.3"));
    assert!(allowed(&t).iter().all(|m| m.starts_with("f1")));
    // Opponent's piece first: it can be captured (by the pawn), so it must be.
    let mut t = state(fen);
    t.touch(sq("d5")).unwrap();
    let out = t.touch(sq("f1")).unwrap();
    assert_eq!(
        out.binding.kind,
        BindingKind::CapturePiece { square: sq("d5") }
    );
    assert_eq!(out.binding.article, Article("4.3.3"));
    assert_eq!(allowed(&t), strs(&["e4d5"]));
    // Neither can: a pinned knight and a pawn nothing can reach (4.5).
    let mut t = state("4k3/4r3/p7/8/8/8/4N3/4K3 w - - 0 1");
    t.touch(sq("e2")).unwrap();
    let out = t.touch(sq("a6")).unwrap();
    assert_eq!(out.binding.kind, BindingKind::AnyMove);
    assert_eq!(out.binding.article, Article("4.5"));
}

// «Si resulta imposible establecer qué pieza se tocó en primer lugar, será la pieza propia la
// que se considere como pieza tocada.»
#[test]
fn art_4_3_3_order_unclear_own_piece_first() {
    let fen = "4k3/8/8/3p4/4P3/8/8/4KB2 w - - 0 1";
    let mut t = state(fen);
    // Given in the opponent-first order, but touched together: the bishop counts first.
    let out = t.touch_together(&[sq("d5"), sq("f1")]).unwrap();
    assert_eq!(
        out.binding.kind,
        BindingKind::MovePiece { square: sq("f1") }
    );
    assert_eq!(
        t.touched().iter().map(|(s, _)| *s).collect::<Vec<_>>(),
        vec![sq("f1"), sq("d5")]
    );
    // An empty square refuses the whole touch and changes nothing.
    let mut t = state(fen);
    let err = t.touch_together(&[sq("d5"), sq("a4")]).unwrap_err();
    assert_eq!(err.to_string(), "there is no piece on a4 to touch");
    assert!(t.touched().is_empty());
}

// «Si un jugador toca deliberadamente su rey y torre, debe enrocar por ese lado si fuera legal
// hacerlo.»
#[test]
fn art_4_4_king_then_rook_binds_castling() {
    let mut t = state(CASTLES);
    t.touch(sq("e1")).unwrap();
    let out = t.touch(sq("h1")).unwrap();
    assert_eq!(
        out.binding.kind,
        BindingKind::Castle {
            side: CastleSide::King
        }
    );
    assert_eq!(out.binding.article, Article("4.4.1"));
    assert_eq!(allowed(&t), strs(&["e1g1"]));
    // Queen-side with the a1 rook; and the two touched together count as king then rook.
    let mut t = state(CASTLES);
    t.touch(sq("e1")).unwrap();
    t.touch(sq("a1")).unwrap();
    assert_eq!(allowed(&t), strs(&["e1c1"]));
    let mut t = state(CASTLES);
    let out = t.touch_together(&[sq("h1"), sq("e1")]).unwrap();
    assert_eq!(out.binding.article, Article("4.4.1"));
    assert_eq!(allowed(&t), strs(&["e1g1"]));
}

// 4.7.2 (the Wikipedia text above the list: «Para el enroque, el rey debe ser la primera
// pieza que se juegue … Si el jugador completa el movimiento de dos escaques con el Rey sin
// tocar la torre, el jugador debe mover la torre correcta para el enroque»): the king
// released on its castling square binds castling; the move is made when the rook is released.
#[test]
fn art_4_7_castling_made_when_the_rook_is_released() {
    let mut t = state(CASTLES);
    t.touch(sq("e1")).unwrap();
    t.touch(sq("h1")).unwrap();
    // The rook first is refused: the king moves first.
    let err = t.release(sq("f1")).unwrap_err();
    assert!(matches!(err, TouchError::NotAllowed { .. }), "{err}");
    // Only the king was touched: released on g1, only castling king-side is left.
    let mut t = state(CASTLES);
    t.touch(sq("e1")).unwrap();
    assert_eq!(allowed(&t).len(), 7, "five king steps and both castlings");
    let out = t.release(sq("g1")).unwrap();
    assert_eq!(out.made, None, "not made before the rook is released");
    assert_eq!(out.binding.article, Article("4.7.2"));
    assert_eq!(
        out.events,
        vec![TouchEvent::KingReleased {
            side: CastleSide::King
        }]
    );
    assert_eq!(allowed(&t), strs(&["e1g1"]));
    t.touch(sq("h1")).unwrap();
    assert!(matches!(
        t.release(sq("g1")),
        Err(TouchError::NotAllowed { .. })
    ));
    let out = t.release(sq("f1")).unwrap();
    let castle = uci(&t, "e1g1");
    assert_eq!(out.made, Some(castle));
    assert_eq!(out.events, vec![TouchEvent::Released { mv: castle }]);
    assert_eq!(out.events[0].article(), Article("4.7.2"));
}

// «Si un jugador, con la intención de enrocar, toca el rey o rey y torre a la vez, y fuera
// ilegal el enroque por ese lado, el jugador debe hacer otra jugada legal con su rey, incluido
// el enroque por el otro lado. Si el rey no tiene ningún movimiento legal, el jugador es libre
// de realizar cualquier jugada legal.»
#[test]
fn art_4_4_castling_illegal_another_king_move() {
    // The rook on f8 covers f1: 0-0 is illegal; 0-0-0 is legal.
    let mut t = state("r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1");
    let out = t.touch_together(&[sq("e1"), sq("h1")]).unwrap();
    assert_eq!(out.binding.kind, BindingKind::KingMove);
    assert_eq!(out.binding.article, Article("4.4.3"));
    assert_eq!(allowed(&t), strs(&["e1c1", "e1d1", "e1d2", "e1e2"]));
    // The rook that was touched may not move instead.
    assert!(t.make_move(uci(&t, "h1h5")).is_err());
    assert!(t.make_move(uci(&t, "e1c1")).is_ok());
}

#[test]
fn art_4_4_castling_illegal_king_cannot_move_any_move() {
    // The bishop on f1 blocks 0-0; the king has no square.
    let mut t = state("4k3/8/8/8/8/8/3PPP2/R2QKB1R w K - 0 1");
    t.touch(sq("e1")).unwrap();
    let out = t.touch(sq("h1")).unwrap();
    assert_eq!(out.binding.kind, BindingKind::AnyMove);
    assert_eq!(out.binding.article, Article("4.4.3"));
    assert_eq!(
        t.allowed_moves().len(),
        t.position().legal_moves().len(),
        "free to make any legal move"
    );
}

// «Si un jugador toca deliberadamente una torre y luego su rey, no podrá enrocar por ese lado
// en esa jugada, y deberá mover la torre por ser la primera pieza tocada.»
#[test]
fn art_4_4_rook_then_king_forbids_castling() {
    let mut t = state(CASTLES);
    t.touch(sq("h1")).unwrap();
    let out = t.touch(sq("e1")).unwrap();
    assert_eq!(
        out.binding.kind,
        BindingKind::MovePiece { square: sq("h1") }
    );
    assert_eq!(out.binding.article, Article("4.4.2"));
    assert!(allowed(&t).iter().all(|m| m.starts_with("h1")));
    assert!(!t.is_allowed(uci(&t, "e1g1")));
    // When the rook cannot move, the king must, but not castling on that side.
    let mut t = state("4k3/8/8/8/8/8/7P/4K1NR w K - 0 1");
    t.touch(sq("h1")).unwrap();
    let out = t.touch(sq("e1")).unwrap();
    assert_eq!(
        out.binding.kind,
        BindingKind::MovePiece { square: sq("e1") }
    );
    assert_eq!(out.binding.article, Article("4.4.2"));
    assert_eq!(allowed(&t), strs(&["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]));
    // Castling on the other side stays possible when the king must move.
    let mut t = state(CASTLES);
    t.touch(sq("h1")).unwrap();
    t.touch(sq("e1")).unwrap();
    t.touch(sq("a1")).unwrap();
    assert_eq!(
        t.binding().kind,
        BindingKind::MovePiece { square: sq("h1") },
        "the rook touched first still binds"
    );
}

// The promotion piece (4.4.4, 4.6, 4.7.3; Wikipedia: «Cuando un peón se mueve a su octava
// fila, una vez que el jugador ha dejado de tocar el peón, ya no puede ser sustituido por un
// movimiento diferente del peón. Sin embargo, el movimiento no está completo hasta que la
// pieza promocionada se coloque en ese escaque.»)
#[test]
fn art_4_4_promotion_choice_final_once_on_the_square() {
    let fen = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    let mut t = state(fen);
    t.touch(sq("a7")).unwrap();
    let out = t.release(sq("a8")).unwrap();
    assert_eq!(out.made, None);
    assert_eq!(
        out.binding.kind,
        BindingKind::PawnTo {
            from: sq("a7"),
            to: sq("a8")
        }
    );
    assert_eq!(allowed(&t), strs(&["a7a8b", "a7a8n", "a7a8q", "a7a8r"]));
    // The capture on b8 is no longer possible: the pawn was released on a8 (4.7).
    assert!(t.make_move(uci(&t, "a7b8q")).is_err());
    // A king is not a promotion piece.
    assert_eq!(
        t.promote(sq("a8"), Role::King).unwrap_err(),
        TouchError::BadPromotionPiece { role: Role::King }
    );
    let out = t.promote(sq("a8"), Role::Knight).unwrap();
    assert_eq!(out.binding.article, Article("4.4.4"));
    assert_eq!(allowed(&t), strs(&["a7a8n"]));
    let err = t.promote(sq("a8"), Role::Queen).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the knight already touched a8: the choice of the promotion piece is final \
         (Art. 4.4.4); a queen is refused"
    );
    assert!(matches!(
        t.make_move(uci(&t, "a7a8q")),
        Err(TouchError::PromotionFinal { .. })
    ));
    let out = t.release(sq("a8")).unwrap();
    assert_eq!(out.made, Some(uci(&t, "a7a8n")));
    assert_eq!(out.binding.article, Article("4.7.3"));

    // 4.6.1: the pawn need not be put on the square; the new piece goes there from the hand.
    let mut t = state(fen);
    t.touch(sq("a7")).unwrap();
    t.promote(sq("b8"), Role::Queen).unwrap();
    assert_eq!(allowed(&t), strs(&["a7b8q"]));
    assert_eq!(t.release(sq("b8")).unwrap().made, Some(uci(&t, "a7b8q")));
}

// «Si ninguna de las piezas tocadas puede ser movida o capturada, el jugador puede realizar
// cualquier jugada legal.»
#[test]
fn art_4_5_no_touched_piece_movable_any_move() {
    let mut t = state(START);
    t.touch(sq("a1")).unwrap();
    t.touch(sq("d1")).unwrap();
    t.touch(sq("e8")).unwrap();
    assert_eq!(t.binding().kind, BindingKind::AnyMove);
    assert_eq!(t.binding().article, Article("4.5"));
    assert_eq!(t.allowed_moves().len(), 20);
    assert!(t.make_move(uci(&t, "e2e4")).is_ok());
}

// «Quien ha de reclamar que se juegue la pieza tocada es el adversario, pero ha de hacerlo
// antes de tocar él una pieza, en caso contrario pierde el derecho a la reclamación.»
#[test]
fn art_4_8_claim_lost_once_the_claimant_touches() {
    // Claimed in time.
    let mut t = state(START);
    t.adjust(Color::Black, sq("d7")).unwrap();
    let claimed = t.claim(Color::White).unwrap();
    assert_eq!(claimed.len(), 1);
    assert_eq!(claimed[0].by, Color::Black);
    assert_eq!(claimed[0].article, Article("4.2.1"));
    assert!(matches!(
        t.events().last(),
        Some(TouchEvent::Claimed {
            by: Color::White,
            count: 1
        })
    ));
    // Claimed after touching a piece to move it: lost.
    let mut t = state(START);
    t.adjust(Color::Black, sq("d7")).unwrap();
    let out = t.touch(sq("e2")).unwrap();
    assert!(matches!(
        out.events[0],
        TouchEvent::ClaimLapsed {
            by: Color::White,
            count: 1
        }
    ));
    assert_eq!(out.events[0].article(), Article("4.8"));
    let err = t.claim(Color::White).unwrap_err();
    assert_eq!(err, TouchError::ClaimForfeited { by: Color::White });
    assert!(err.to_string().contains("Art. 4.8"), "{err}");
    // Adjusting (j'adoube) is not a touch to move: the claim survives it.
    let mut t = state(START);
    t.adjust(Color::Black, sq("d7")).unwrap();
    t.adjust(Color::White, sq("d2")).unwrap();
    assert_eq!(t.claim(Color::White).unwrap().len(), 1);
    // Nothing to claim.
    assert_eq!(
        t.claim(Color::Black).unwrap_err(),
        TouchError::NothingToClaim { by: Color::Black }
    );
}

// «Una pieza tocada puede ser jugada a cualquier escaque legal. El escaque elegido solo se
// establece cuando se suelta la pieza o toca el tablero. Una vez soltada la pieza no se puede
// retirar. Es en este momento cuando se considera hecha la jugada.»
#[test]
fn art_4_7_touched_piece_any_legal_square_until_released() {
    let mut t = state(START);
    t.touch(sq("b1")).unwrap();
    // Put back on its own square: no move, still bound.
    let out = t.release(sq("b1")).unwrap();
    assert!(matches!(out.events[..], [TouchEvent::PutBack { .. }]));
    assert_eq!(out.made, None);
    assert_eq!(
        out.binding.kind,
        BindingKind::MovePiece { square: sq("b1") }
    );
    // Releasing with an empty hand says what to do.
    assert_eq!(
        t.release(sq("c3")).unwrap_err().to_string(),
        "releasing on c3: no piece is in the hand; touch the piece first"
    );
    // Either legal square; the one where it is released is the move.
    t.touch(sq("b1")).unwrap();
    let out = t.release(sq("a3")).unwrap();
    assert_eq!(out.made, Some(uci(&t, "b1a3")));
    assert_eq!(t.made(), Some(uci(&t, "b1a3")));
}

// Every event and decision carries its article; the whole stream of a move, in order.
#[test]
fn art_4_every_event_names_its_article() {
    let mut t = state(CASTLES);
    t.adjust(Color::White, sq("a1")).unwrap();
    t.touch(sq("e1")).unwrap();
    t.touch(sq("h1")).unwrap();
    t.make_move(uci(&t, "e1g1")).unwrap();
    let articles: Vec<&str> = t.events().iter().map(|e| e.article().number()).collect();
    assert_eq!(
        articles,
        vec![
            "4.2.1", "4.3.1", "4.4.1", "4.4.1", "4.7.2", "4.7.2", "4.7.2"
        ]
    );
}

// A position with no legal move: nothing can be touched.
#[test]
fn art_5_nothing_to_touch_when_the_game_is_over() {
    // Fool's mate.
    let mut t = state("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert!(t.allowed_moves().is_empty());
    let err = t.touch(sq("e1")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "white has no legal move: the game is over (Art. 5), there is nothing to touch"
    );
}

/// A small deterministic generator for the no-panic test.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

// No input panics, and the allowed moves are always legal moves; a made move was allowed.
#[test]
fn art_4_random_actions_never_panic() {
    let fens = [
        START,
        CASTLES,
        "r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1",
        "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    ];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let roles = Role::ALL;
    for fen in fens {
        let pos = Position::from_fen(fen).unwrap();
        let legal = pos.legal_moves();
        for _ in 0..300 {
            let mut t = TouchState::new(&pos);
            for _ in 0..12 {
                let before = t.allowed_moves();
                let made_before = t.made();
                let s = Square::new(rng.below(64) as u32);
                let result = match rng.below(8) {
                    0 | 1 => t.touch(s),
                    2 | 3 => t.release(s),
                    4 => t.promote(s, roles[rng.below(6) as usize]),
                    5 => {
                        let by = if rng.below(2) == 0 {
                            Color::White
                        } else {
                            Color::Black
                        };
                        if rng.below(3) == 0 {
                            let _ = t.claim(by);
                            continue;
                        }
                        t.adjust(by, s)
                    }
                    6 => {
                        let list = [s, Square::new(rng.below(64) as u32)];
                        t.touch_together(&list)
                    }
                    _ => {
                        if legal.is_empty() {
                            continue;
                        }
                        let mv = legal[rng.below(legal.len() as u64) as usize];
                        t.make_move(mv)
                    }
                };
                match result {
                    Ok(out) => {
                        if let (Some(mv), None) = (out.made, made_before) {
                            assert!(
                                before.contains(&mv),
                                "{fen}: {mv} made but not allowed: {t:?}"
                            );
                            assert!(legal.contains(&mv));
                        }
                    }
                    Err(e) => assert!(!e.to_string().is_empty()),
                }
                for mv in t.allowed_moves().iter() {
                    assert!(legal.contains(mv), "{fen}: {mv} allowed but illegal");
                }
                for e in t.events() {
                    assert!(!e.article().number().is_empty());
                }
            }
        }
    }
}
