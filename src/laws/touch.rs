//! Touch-move, Art. 4 of the Laws: a strict mode for play.
//!
//! A [`TouchState`] follows the hand of the player to move over one position: the pieces
//! touched with the intention of moving or capturing them (4.3, 4.4), the piece in the hand,
//! where it is released (4.7), the piece a pawn becomes (4.4.4, 4.6), adjustments announced
//! with "j'adoube" (4.2) and claims against the opponent's violations (4.8). At every moment
//! [`TouchState::allowed_moves`] is the list of moves the Laws still allow; the play screen
//! offers only those, and every decision carries its article in a [`Binding`].
//!
//! The physical acts and how they map to calls:
//!
//! - [`TouchState::touch`]: the player to move deliberately touches a piece, own or the
//!   opponent's. An own piece is taken in the hand. [`TouchState::touch_together`] is for
//!   several pieces touched when the order cannot be told (4.3.3: own pieces first).
//! - [`TouchState::release`]: the piece in the hand is let go on a square. On its own square
//!   it is put back (still bound). On a legal square it stays there (4.7): the move is made,
//!   except for the king's part of castling (made when the rook is released, 4.7.2) and a
//!   pawn on the promotion square (made when the new piece is released, 4.7.3).
//! - [`TouchState::promote`]: the new piece touches the promotion square; the choice is final
//!   (4.4.4). It may be put there straight from the seventh rank (4.6.1).
//! - [`TouchState::adjust`]: "j'adoube". Binds nothing; only the player to move may adjust
//!   (4.2.1); the opponent doing it is a violation, recorded.
//! - [`TouchState::claim`]: a claim against the opponent's violations, lost once the
//!   claimant touches a piece to move it (4.8).
//! - [`TouchState::make_move`]: the whole move at once, for a screen where the player picks a
//!   move: it performs the touches and releases the move needs, if the move is allowed.
//!
//! A capture is made when the own piece is released on the captured piece's square: the
//! captured piece is taken off at the same moment (4.6.2 lets the two happen in any order).
//!
//! Everything that happens is a [`TouchEvent`]; the [`Game`](super::Game) will carry them in
//! its event stream (a `Touched` event is also the moment a pending draw offer lapses, 9.1.2.1,
//! and the player loses the right to claim a draw for this move, 9.4).

use std::fmt;

use crate::core::position::CastlePath;
use crate::core::{CastleSide, Color, Move, MoveKind, MoveList, Piece, Position, Role, Square};

use super::article::Article;

impl Article {
    /// Before anything is touched: Art. 4.3 decides what a touch binds.
    pub const TOUCH_MOVE: Article = Article("4.3");
    /// Only the player to move may adjust, after saying "j'adoube" (4.2.1).
    pub const TOUCH_ADJUST: Article = Article("4.2.1");
    /// Own pieces touched: move the first one that can move (4.3.1).
    pub const TOUCH_OWN: Article = Article("4.3.1");
    /// Opponent's pieces touched: capture the first one that can be captured (4.3.2).
    pub const TOUCH_OPPONENT: Article = Article("4.3.2");
    /// Pieces of both colours touched (4.3.3).
    pub const TOUCH_BOTH: Article = Article("4.3.3");
    /// King and rook touched: castle on that side if legal (4.4.1).
    pub const TOUCH_KING_ROOK: Article = Article("4.4.1");
    /// Rook then king: no castling on that side on this move (4.4.2).
    pub const TOUCH_ROOK_KING: Article = Article("4.4.2");
    /// Castling intended but illegal: another king move, else any move (4.4.3).
    pub const TOUCH_CASTLING_ILLEGAL: Article = Article("4.4.3");
    /// The promotion piece is final once it touches the square (4.4.4).
    pub const TOUCH_PROMOTION_CHOICE: Article = Article("4.4.4");
    /// None of the touched pieces can be moved or captured: any legal move (4.5).
    pub const TOUCH_NONE_MOVABLE: Article = Article("4.5");
    /// A piece released on a square cannot be moved to another square (4.7).
    pub const TOUCH_RELEASED: Article = Article("4.7");
    /// A capture is made when the captured piece is off and the own piece released (4.7.1).
    pub const TOUCH_MADE_CAPTURE: Article = Article("4.7.1");
    /// Castling is made when the rook is released; the released king binds castling (4.7.2).
    pub const TOUCH_MADE_CASTLING: Article = Article("4.7.2");
    /// Promotion is made when the new piece is released on the square (4.7.3).
    pub const TOUCH_MADE_PROMOTION: Article = Article("4.7.3");
    /// A claim against 4.1–4.7 is lost once the claimant touches a piece to move it (4.8).
    pub const TOUCH_CLAIM: Article = Article("4.8");
}

/// What the touches so far oblige the player to do.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BindingKind {
    /// Nothing touched yet: any legal move.
    Nothing,
    /// The piece on `square` must move.
    MovePiece { square: Square },
    /// The opponent's piece on `square` must be captured.
    CapturePiece { square: Square },
    /// The opponent's piece on `target` must be captured by the piece on `piece`.
    CaptureWith { piece: Square, target: Square },
    /// Castling on `side` (4.4.1; after the king was released on its castling square, 4.7.2).
    Castle { side: CastleSide },
    /// A move with the king, castling on the other side included (4.4.3).
    KingMove,
    /// The pawn stands on its promotion square: that move, with any promotion piece.
    PawnTo { from: Square, to: Square },
    /// The new piece touched the promotion square: this move and no other (4.4.4).
    Fixed { mv: Move },
    /// None of the touched pieces can be moved or captured: any legal move (4.5, 4.4.3).
    AnyMove,
    /// The move is made (4.7).
    Made { mv: Move },
}

/// A decision of Art. 4 with its article.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Binding {
    pub kind: BindingKind,
    pub article: Article,
}

impl Binding {
    const NOTHING: Binding = Binding {
        kind: BindingKind::Nothing,
        article: Article::TOUCH_MOVE,
    };

    /// Whether the player is still free to make any legal move.
    pub fn is_free(self) -> bool {
        matches!(self.kind, BindingKind::Nothing | BindingKind::AnyMove)
    }
}

impl fmt::Display for Binding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            BindingKind::Nothing => write!(f, "nothing touched yet: any legal move"),
            BindingKind::MovePiece { square } => write!(f, "the piece on {square} must move"),
            BindingKind::CapturePiece { square } => {
                write!(f, "the piece on {square} must be captured")
            }
            BindingKind::CaptureWith { piece, target } => {
                write!(f, "the piece on {piece} must capture the piece on {target}")
            }
            BindingKind::Castle { side } => write!(f, "castling {} is the move", side_name(side)),
            BindingKind::KingMove => write!(f, "the king must move"),
            BindingKind::PawnTo { from, to } => write!(
                f,
                "the pawn from {from} stays on {to}: choose the piece it becomes"
            ),
            BindingKind::Fixed { mv } => write!(f, "the move {mv} is fixed"),
            BindingKind::AnyMove => {
                write!(
                    f,
                    "no touched piece can be moved or captured: any legal move"
                )
            }
            BindingKind::Made { mv } => write!(f, "the move {mv} is made"),
        }?;
        write!(f, " ({})", self.article)
    }
}

fn side_name(side: CastleSide) -> &'static str {
    match side {
        CastleSide::King => "king-side (0-0)",
        CastleSide::Queen => "queen-side (0-0-0)",
    }
}

/// A breach of Art. 4 that the program could not refuse because it happened on the other
/// side of the board: the opponent adjusting or touching during the player's move.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct TouchViolation {
    /// The player who broke the rule.
    pub by: Color,
    pub article: Article,
    pub text: String,
}

/// Everything that happens while the player to move handles the pieces.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum TouchEvent {
    /// The player to move touched a piece with the intention of moving or capturing it;
    /// `binds` is what the touches oblige from now on.
    Touched {
        square: Square,
        piece: Piece,
        binds: Binding,
    },
    /// "J'adoube": the player to move adjusted a piece; it binds nothing (4.2.1).
    Adjusted {
        by: Color,
        square: Square,
        piece: Piece,
    },
    /// The piece in the hand was put back on its own square: no move, the binding stays.
    PutBack { square: Square, piece: Piece },
    /// The king was released on its castling square: only castling on that side now, made
    /// when the rook is released (4.7.2).
    KingReleased { side: CastleSide },
    /// The pawn was released on its promotion square: its move is fixed (4.7).
    PawnReleased { from: Square, to: Square },
    /// The new piece touched the promotion square: the choice is final (4.4.4).
    PromotionPieceTouched { square: Square, role: Role },
    /// The move is made (4.7): the piece was released on a legal square (captures, 4.7.1;
    /// castling when the rook is released, 4.7.2; promotion when the new piece is, 4.7.3).
    Released { mv: Move },
    /// A rule of Art. 4 was broken by the player who was not to move.
    Violation {
        by: Color,
        article: Article,
        text: String,
    },
    /// A claim against the opponent's violations (4.8): `count` of them go to the arbiter.
    Claimed { by: Color, count: usize },
    /// The player touched a piece to move it while violations of the opponent were
    /// unclaimed: the right to claim them is lost (4.8).
    ClaimLapsed { by: Color, count: usize },
}

impl TouchEvent {
    /// The article behind the event.
    pub fn article(&self) -> Article {
        match self {
            TouchEvent::Touched { binds, .. } => binds.article,
            TouchEvent::Adjusted { .. } => Article::TOUCH_ADJUST,
            TouchEvent::PutBack { .. } => Article::TOUCH_MOVE,
            TouchEvent::KingReleased { .. } => Article::TOUCH_MADE_CASTLING,
            TouchEvent::PawnReleased { .. } => Article::TOUCH_RELEASED,
            TouchEvent::PromotionPieceTouched { .. } => Article::TOUCH_PROMOTION_CHOICE,
            TouchEvent::Released { mv } => match mv.kind {
                MoveKind::Castle => Article::TOUCH_MADE_CASTLING,
                MoveKind::Promotion(_) => Article::TOUCH_MADE_PROMOTION,
                _ => Article::TOUCH_RELEASED,
            },
            TouchEvent::Violation { article, .. } => *article,
            TouchEvent::Claimed { .. } | TouchEvent::ClaimLapsed { .. } => Article::TOUCH_CLAIM,
        }
    }
}

/// What one action changed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TouchOutcome {
    /// What binds the player after the action.
    pub binding: Binding,
    /// The move, once it is made.
    pub made: Option<Move>,
    /// The events the action added.
    pub events: Vec<TouchEvent>,
}

/// Why an action was refused. Nothing changes when an action is refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum TouchError {
    #[error("there is no piece on {square} to {action}")]
    EmptySquare {
        square: Square,
        action: &'static str,
    },
    #[error("{color} has no legal move: the game is over (Art. 5), there is nothing to touch")]
    NoLegalMoves { color: Color },
    #[error(
        "the move {mv} is already made: a piece released on a square cannot be moved to \
         another square (Art. 4.7); {attempted} is refused"
    )]
    MoveMade { mv: Move, attempted: String },
    #[error("releasing on {to}: no piece is in the hand; touch the piece first")]
    NothingInHand { to: Square },
    #[error("the {piece} on {from} cannot go to {to}: it is not a legal move (Art. 3)")]
    Illegal {
        piece: Piece,
        from: Square,
        to: Square,
    },
    #[error("the {piece} on {from} may not go to {to}: {binding}; allowed now: {squares}")]
    NotAllowed {
        piece: Piece,
        from: Square,
        to: Square,
        binding: Binding,
        squares: String,
    },
    #[error(
        "a pawn cannot become a {role}: it becomes a queen, rook, bishop or knight (Art. 3.7.3.3)"
    )]
    BadPromotionPiece { role: Role },
    #[error("a new {role} on {square}: {problem}")]
    NoPromotion {
        role: Role,
        square: Square,
        problem: String,
    },
    #[error(
        "the {chosen} already touched {square}: the choice of the promotion piece is final \
         (Art. 4.4.4); a {asked} is refused"
    )]
    PromotionFinal {
        square: Square,
        chosen: Role,
        asked: Role,
    },
    #[error(
        "{by} touched a piece to move it after the opponent's violation: the right to claim \
         it is lost (Art. 4.8)"
    )]
    ClaimForfeited { by: Color },
    #[error("{by} has no violation of Art. 4 by the opponent to claim")]
    NothingToClaim { by: Color },
}

/// What the hand of the player to move holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Hand {
    Empty,
    /// The own piece standing on this square (lifted from it).
    Piece(Square),
}

/// How far the move has come.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    /// No piece released on a new square yet: the touches decide.
    Choosing,
    /// The king stands on its castling square; the rook is next (4.7.2).
    KingReleased(Move),
    /// The pawn stands on its promotion square; the new piece is next (4.7, 4.6).
    PawnReleased { from: Square, to: Square },
    /// The new piece touched the promotion square (4.4.4); releasing it makes the move.
    PromotionPiece(Move),
    /// The move is made (4.7).
    Made(Move),
}

/// The touch-move state of the player to move, over one position.
#[derive(Clone)]
pub struct TouchState {
    pos: Position,
    legal: MoveList,
    /// Pieces touched to move or capture them, in order, each square once.
    touches: Vec<(Square, Piece)>,
    hand: Hand,
    stage: Stage,
    binding: Binding,
    allowed: MoveList,
    /// The opponent's violations the player to move may still claim (4.8).
    claimable: Vec<TouchViolation>,
    /// Violations whose claim was lost by touching (4.8).
    lapsed: usize,
    events: Vec<TouchEvent>,
}

impl fmt::Debug for TouchState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TouchState")
            .field("fen", &self.pos.to_fen())
            .field("touches", &self.touches)
            .field("hand", &self.hand)
            .field("stage", &self.stage)
            .field("binding", &self.binding)
            .finish()
    }
}

/// The square of the piece a move captures, if it captures.
fn captured_square(pos: &Position, mv: Move) -> Option<Square> {
    let sq = if mv.is_en_passant() {
        Square::from_coords(mv.to.file(), mv.from.rank())
    } else if mv.is_castle() {
        return None;
    } else {
        mv.to
    };
    pos.piece_at(sq)
        .filter(|p| p.color != pos.turn())
        .map(|_| sq)
}

fn filtered(list: &MoveList, keep: impl Fn(&Move) -> bool) -> MoveList {
    let mut out = list.clone();
    out.retain(|m| keep(m));
    out
}

impl TouchState {
    /// The state at the start of the move of the player to move in `pos`.
    pub fn new(pos: &Position) -> TouchState {
        let legal = pos.legal_moves();
        TouchState {
            pos: *pos,
            allowed: legal.clone(),
            legal,
            touches: Vec::new(),
            hand: Hand::Empty,
            stage: Stage::Choosing,
            binding: Binding::NOTHING,
            claimable: Vec::new(),
            lapsed: 0,
            events: Vec::new(),
        }
    }

    // --- Reading the state -----------------------------------------------------------------

    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The player to move.
    pub fn turn(&self) -> Color {
        self.pos.turn()
    }

    /// What binds the player now, with its article.
    pub fn binding(&self) -> Binding {
        self.binding
    }

    /// The moves the Laws allow now: all legal moves until something binds; the bound ones
    /// after; none once the move is made.
    pub fn allowed_moves(&self) -> MoveList {
        self.allowed.clone()
    }

    /// Whether `mv` is allowed now.
    pub fn is_allowed(&self, mv: Move) -> bool {
        self.allowed.contains(&mv)
    }

    /// The move, once made (4.7).
    pub fn made(&self) -> Option<Move> {
        match self.stage {
            Stage::Made(mv) => Some(mv),
            _ => None,
        }
    }

    /// The pieces touched to move or capture them, in the order that counts.
    pub fn touched(&self) -> &[(Square, Piece)] {
        &self.touches
    }

    /// The square of the own piece in the hand, if any.
    pub fn in_hand(&self) -> Option<Square> {
        match self.hand {
            Hand::Piece(sq) => Some(sq),
            Hand::Empty => None,
        }
    }

    /// Every event, in order.
    pub fn events(&self) -> &[TouchEvent] {
        &self.events
    }

    /// The opponent's violations the player to move may still claim (4.8).
    pub fn claimable(&self) -> &[TouchViolation] {
        &self.claimable
    }

    // --- Acting ----------------------------------------------------------------------------

    fn refuse_if_made(&self, attempted: impl FnOnce() -> String) -> Result<(), TouchError> {
        match self.stage {
            Stage::Made(mv) => Err(TouchError::MoveMade {
                mv,
                attempted: attempted(),
            }),
            _ if self.legal.is_empty() => Err(TouchError::NoLegalMoves {
                color: self.pos.turn(),
            }),
            _ => Ok(()),
        }
    }

    fn outcome(&self, first: usize) -> TouchOutcome {
        TouchOutcome {
            binding: self.binding,
            made: self.made(),
            events: self.events[first..].to_vec(),
        }
    }

    /// The player to move deliberately touches the piece on `square` (own or the
    /// opponent's) with the intention of moving or capturing it (4.3). An own piece is taken
    /// in the hand. Touching a piece already touched changes nothing.
    pub fn touch(&mut self, square: Square) -> Result<TouchOutcome, TouchError> {
        self.refuse_if_made(|| format!("touching {square}"))?;
        let piece = self.pos.piece_at(square).ok_or(TouchError::EmptySquare {
            square,
            action: "touch",
        })?;
        let first = self.events.len();
        self.record_touch(square, piece);
        Ok(self.outcome(first))
    }

    /// Several pieces touched when it cannot be told which came first: the player's own
    /// pieces count as touched before the opponent's (4.3.3), and the own king before an own
    /// rook (touching king and rook together is castling, 4.4.1); otherwise in the order
    /// given. Refused as a whole if a square is empty.
    pub fn touch_together(&mut self, squares: &[Square]) -> Result<TouchOutcome, TouchError> {
        self.refuse_if_made(|| "touching pieces".to_string())?;
        let mut pieces = Vec::with_capacity(squares.len());
        for &square in squares {
            let piece = self.pos.piece_at(square).ok_or(TouchError::EmptySquare {
                square,
                action: "touch",
            })?;
            pieces.push((square, piece));
        }
        let us = self.pos.turn();
        let rank = |p: &Piece| match (p.color == us, p.role) {
            (true, Role::King) => 0,
            (true, _) => 1,
            (false, _) => 2,
        };
        pieces.sort_by_key(|(_, p)| rank(p));
        let first = self.events.len();
        for (square, piece) in pieces {
            self.record_touch(square, piece);
        }
        Ok(self.outcome(first))
    }

    fn record_touch(&mut self, square: Square, piece: Piece) {
        let us = self.pos.turn();
        if !self.claimable.is_empty() {
            // 4.8: touching a piece to move it ends the right to claim.
            let count = self.claimable.len();
            self.lapsed += count;
            self.claimable.clear();
            self.events.push(TouchEvent::ClaimLapsed { by: us, count });
        }
        if piece.color == us {
            self.hand = Hand::Piece(square);
        }
        if self.stage == Stage::Choosing && !self.touches.iter().any(|&(s, _)| s == square) {
            self.touches.push((square, piece));
            let (binding, allowed) = self.compute();
            self.binding = binding;
            self.allowed = allowed;
        }
        self.events.push(TouchEvent::Touched {
            square,
            piece,
            binds: self.binding,
        });
    }

    /// What the touches bind (4.3, 4.4, 4.5), and the moves that satisfy it.
    fn compute(&self) -> (Binding, MoveList) {
        let pos = &self.pos;
        let us = pos.turn();
        if self.touches.is_empty() {
            return (Binding::NOTHING, self.legal.clone());
        }
        let own: Vec<Square> = self
            .touches
            .iter()
            .filter(|(_, p)| p.color == us)
            .map(|&(s, _)| s)
            .collect();
        let enemy: Vec<Square> = self
            .touches
            .iter()
            .filter(|(_, p)| p.color != us)
            .map(|&(s, _)| s)
            .collect();

        // 4.4.2: a rook on its castling square touched before the king, with the king on its
        // own square: no castling on that side on this move.
        let king = pos.king(us);
        let king_at = self.touches.iter().position(|&(s, _)| s == king);
        let mut no_castle = [false; 2];
        for (i, side) in [CastleSide::King, CastleSide::Queen]
            .into_iter()
            .enumerate()
        {
            let path = CastlePath::of(us, side);
            let rook_at = self
                .touches
                .iter()
                .position(|&(s, p)| s == path.rook_from && p == Piece::new(us, Role::Rook));
            if let (true, Some(r), Some(k)) = (king == path.king_from, rook_at, king_at) {
                no_castle[i] = r < k;
            }
        }
        let castle_forbidden = |m: &Move| match m.castle_side() {
            Some(CastleSide::King) => no_castle[0],
            Some(CastleSide::Queen) => no_castle[1],
            None => false,
        };
        let legal = filtered(&self.legal, |m| !castle_forbidden(m));
        let rook_king = no_castle[0] || no_castle[1];
        let from = |sq: Square| filtered(&legal, |m| m.from == sq);
        let captures = |sq: Square| filtered(&legal, |m| captured_square(pos, *m) == Some(sq));
        let bind = |kind, article| Binding { kind, article };

        if enemy.is_empty() {
            // 4.4.1 / 4.4.3: the king, then a rook on its castling square.
            if let [k, r, ..] = own[..] {
                for side in [CastleSide::King, CastleSide::Queen] {
                    let path = CastlePath::of(us, side);
                    if k == king
                        && k == path.king_from
                        && r == path.rook_from
                        && pos.piece_at(r) == Some(Piece::new(us, Role::Rook))
                    {
                        let castle = filtered(&legal, |m| m.castle_side() == Some(side));
                        if !castle.is_empty() {
                            return (
                                bind(BindingKind::Castle { side }, Article::TOUCH_KING_ROOK),
                                castle,
                            );
                        }
                        let king_moves = from(king);
                        if !king_moves.is_empty() {
                            return (
                                bind(BindingKind::KingMove, Article::TOUCH_CASTLING_ILLEGAL),
                                king_moves,
                            );
                        }
                        return (
                            bind(BindingKind::AnyMove, Article::TOUCH_CASTLING_ILLEGAL),
                            legal,
                        );
                    }
                }
            }
            // 4.3.1: the first touched piece that can move.
            for &sq in &own {
                let moves = from(sq);
                if !moves.is_empty() {
                    let article = if rook_king {
                        Article::TOUCH_ROOK_KING
                    } else {
                        Article::TOUCH_OWN
                    };
                    return (bind(BindingKind::MovePiece { square: sq }, article), moves);
                }
            }
        } else if own.is_empty() {
            // 4.3.2: the first touched piece that can be captured.
            for &sq in &enemy {
                let moves = captures(sq);
                if !moves.is_empty() {
                    return (
                        bind(
                            BindingKind::CapturePiece { square: sq },
                            Article::TOUCH_OPPONENT,
                        ),
                        moves,
                    );
                }
            }
        } else {
            // 4.3.3: capture the first touched opponent's piece with the first touched own
            // piece; if that is illegal, the first touched piece that can be moved or captured.
            let (o, e) = (own[0], enemy[0]);
            let with = filtered(&legal, |m| {
                m.from == o && captured_square(pos, *m) == Some(e)
            });
            if !with.is_empty() {
                return (
                    bind(
                        BindingKind::CaptureWith {
                            piece: o,
                            target: e,
                        },
                        Article::TOUCH_BOTH,
                    ),
                    with,
                );
            }
            for &(sq, piece) in &self.touches {
                let (moves, kind) = if piece.color == us {
                    (from(sq), BindingKind::MovePiece { square: sq })
                } else {
                    (captures(sq), BindingKind::CapturePiece { square: sq })
                };
                if !moves.is_empty() {
                    return (bind(kind, Article::TOUCH_BOTH), moves);
                }
            }
        }
        // 4.5: none of the touched pieces can be moved or captured.
        (
            bind(BindingKind::AnyMove, Article::TOUCH_NONE_MOVABLE),
            legal,
        )
    }

    fn set(&mut self, stage: Stage, binding: Binding, allowed: MoveList) {
        self.stage = stage;
        self.binding = binding;
        self.allowed = allowed;
    }

    /// The piece in the hand is let go on `to` (4.7).
    ///
    /// On its own square: put back, no move, the binding stays. On a square where it makes
    /// an allowed move: it stays there, and the move is made — except the king's part of
    /// castling (then only that castling; made when the rook is released, 4.7.2) and a pawn
    /// on its promotion square (made when the new piece is released, 4.7.3). On any other
    /// square the release is refused and the piece stays in the hand.
    pub fn release(&mut self, to: Square) -> Result<TouchOutcome, TouchError> {
        self.refuse_if_made(|| format!("releasing on {to}"))?;
        let first = self.events.len();
        match self.stage {
            Stage::Made(mv) => {
                return Err(TouchError::MoveMade {
                    mv,
                    attempted: format!("releasing on {to}"),
                });
            }
            Stage::PawnReleased { from, to: on } => {
                return Err(TouchError::NoPromotion {
                    role: Role::Pawn,
                    square: to,
                    problem: format!(
                        "the pawn from {from} already stands on {on} (Art. 4.7); put the piece \
                         it becomes on {on} first"
                    ),
                });
            }
            Stage::PromotionPiece(mv) => {
                let role = mv.promotion().unwrap_or(Role::Queen);
                if to != mv.to {
                    return Err(TouchError::NoPromotion {
                        role,
                        square: to,
                        problem: format!(
                            "the new piece touched {} and is final there (Art. 4.4.4, 4.7.3)",
                            mv.to
                        ),
                    });
                }
                self.finish(mv);
                return Ok(self.outcome(first));
            }
            Stage::KingReleased(mv) => {
                let side = mv.castle_side().unwrap_or(CastleSide::King);
                let path = CastlePath::of(self.pos.turn(), side);
                let from = match self.hand {
                    Hand::Piece(sq) => sq,
                    Hand::Empty => return Err(TouchError::NothingInHand { to }),
                };
                if from == path.rook_from && to == path.rook_to {
                    self.finish(mv);
                    return Ok(self.outcome(first));
                }
                let piece = self
                    .pos
                    .piece_at(from)
                    .unwrap_or(Piece::new(self.pos.turn(), Role::King));
                if from == path.rook_from && to == from {
                    self.hand = Hand::Empty;
                    self.events.push(TouchEvent::PutBack {
                        square: from,
                        piece,
                    });
                    return Ok(self.outcome(first));
                }
                return Err(TouchError::NotAllowed {
                    piece,
                    from,
                    to,
                    binding: self.binding,
                    squares: format!("the rook from {} to {}", path.rook_from, path.rook_to),
                });
            }
            Stage::Choosing => {}
        }
        let from = match self.hand {
            Hand::Piece(sq) => sq,
            Hand::Empty => return Err(TouchError::NothingInHand { to }),
        };
        let Some(piece) = self.pos.piece_at(from) else {
            return Err(TouchError::NothingInHand { to });
        };
        if to == from {
            self.hand = Hand::Empty;
            self.events.push(TouchEvent::PutBack {
                square: from,
                piece,
            });
            return Ok(self.outcome(first));
        }
        let candidates = filtered(&self.allowed, |m| m.from == from && m.to == to);
        let Some(&mv) = candidates.first() else {
            return Err(self.refusal(piece, from, to));
        };
        self.hand = Hand::Empty;
        match mv.kind {
            MoveKind::Castle => {
                let side = mv.castle_side().unwrap_or(CastleSide::King);
                let mut only = MoveList::new();
                only.push(mv);
                self.set(
                    Stage::KingReleased(mv),
                    Binding {
                        kind: BindingKind::Castle { side },
                        article: Article::TOUCH_MADE_CASTLING,
                    },
                    only,
                );
                self.events.push(TouchEvent::KingReleased { side });
            }
            MoveKind::Promotion(_) => {
                self.set(
                    Stage::PawnReleased { from, to },
                    Binding {
                        kind: BindingKind::PawnTo { from, to },
                        article: Article::TOUCH_RELEASED,
                    },
                    candidates,
                );
                self.events.push(TouchEvent::PawnReleased { from, to });
            }
            MoveKind::Normal | MoveKind::EnPassant => self.finish(mv),
        }
        Ok(self.outcome(first))
    }

    /// Why the piece on `from` may not be released on `to`.
    fn refusal(&self, piece: Piece, from: Square, to: Square) -> TouchError {
        let legal_there = self.legal.iter().any(|m| m.from == from && m.to == to);
        if !legal_there {
            return TouchError::Illegal { piece, from, to };
        }
        let mut squares: Vec<String> = Vec::new();
        for m in self.allowed.iter() {
            let text = format!("{}-{}", m.from, m.to);
            if !squares.contains(&text) {
                squares.push(text);
            }
        }
        TouchError::NotAllowed {
            piece,
            from,
            to,
            binding: self.binding,
            squares: squares.join(", "),
        }
    }

    fn finish(&mut self, mv: Move) {
        self.hand = Hand::Empty;
        let article = match mv.kind {
            MoveKind::Castle => Article::TOUCH_MADE_CASTLING,
            MoveKind::Promotion(_) => Article::TOUCH_MADE_PROMOTION,
            _ if captured_square(&self.pos, mv).is_some() => Article::TOUCH_MADE_CAPTURE,
            _ => Article::TOUCH_RELEASED,
        };
        self.set(
            Stage::Made(mv),
            Binding {
                kind: BindingKind::Made { mv },
                article,
            },
            MoveList::new(),
        );
        self.events.push(TouchEvent::Released { mv });
    }

    /// The new piece `role` touches the promotion square `to` (4.4.4: the choice is final).
    /// The pawn either already stands on `to`, or is in the hand (4.6.1: it need not be put
    /// on the square first). Releasing the new piece on `to` then makes the move (4.7.3).
    pub fn promote(&mut self, to: Square, role: Role) -> Result<TouchOutcome, TouchError> {
        self.refuse_if_made(|| format!("a new {role} on {to}"))?;
        if !Role::PROMOTIONS.contains(&role) {
            return Err(TouchError::BadPromotionPiece { role });
        }
        let first = self.events.len();
        let from = match self.stage {
            Stage::PromotionPiece(mv) => {
                let chosen = mv.promotion().unwrap_or(Role::Queen);
                if chosen == role && mv.to == to {
                    return Ok(self.outcome(first));
                }
                return Err(TouchError::PromotionFinal {
                    square: mv.to,
                    chosen,
                    asked: role,
                });
            }
            Stage::PawnReleased { from, to: on } => {
                if on != to {
                    return Err(TouchError::NoPromotion {
                        role,
                        square: to,
                        problem: format!(
                            "the pawn from {from} was released on {on} and stays there (Art. 4.7)"
                        ),
                    });
                }
                from
            }
            Stage::Choosing => match self.hand {
                Hand::Piece(sq) if self.pos.role_at(sq) == Some(Role::Pawn) => sq,
                _ => {
                    return Err(TouchError::NoPromotion {
                        role,
                        square: to,
                        problem: "no pawn is in the hand or on a promotion square".to_string(),
                    });
                }
            },
            Stage::KingReleased(_) | Stage::Made(_) => {
                return Err(TouchError::NoPromotion {
                    role,
                    square: to,
                    problem: "this move is not a promotion".to_string(),
                });
            }
        };
        let mv = Move::new(from, to, MoveKind::Promotion(role));
        if !self.allowed.contains(&mv) {
            let piece = self
                .pos
                .piece_at(from)
                .unwrap_or(Piece::new(self.pos.turn(), Role::Pawn));
            return Err(self.refusal(piece, from, to));
        }
        let mut only = MoveList::new();
        only.push(mv);
        self.hand = Hand::Empty;
        self.set(
            Stage::PromotionPiece(mv),
            Binding {
                kind: BindingKind::Fixed { mv },
                article: Article::TOUCH_PROMOTION_CHOICE,
            },
            only,
        );
        self.events
            .push(TouchEvent::PromotionPieceTouched { square: to, role });
        Ok(self.outcome(first))
    }

    /// `by` adjusts the piece on `square` after saying "j'adoube" (4.2.1). For the player to
    /// move it binds nothing. The opponent may not: the act is recorded as a violation that
    /// the player to move may claim (until touching a piece to move it, 4.8).
    pub fn adjust(&mut self, by: Color, square: Square) -> Result<TouchOutcome, TouchError> {
        let piece = self.pos.piece_at(square).ok_or(TouchError::EmptySquare {
            square,
            action: "adjust",
        })?;
        let first = self.events.len();
        if by == self.pos.turn() {
            self.events.push(TouchEvent::Adjusted { by, square, piece });
        } else {
            let violation = TouchViolation {
                by,
                article: Article::TOUCH_ADJUST,
                text: format!(
                    "{by} adjusted the {piece} on {square} while it was {}'s move: only the \
                     player to move may adjust pieces (Art. 4.2.1)",
                    self.pos.turn()
                ),
            };
            self.events.push(TouchEvent::Violation {
                by,
                article: violation.article,
                text: violation.text.clone(),
            });
            self.claimable.push(violation);
        }
        Ok(self.outcome(first))
    }

    /// `by` claims against the opponent's violations of Art. 4 (the arbiter decides what
    /// follows, 12.9). Lost once the claimant has touched a piece to move it (4.8).
    pub fn claim(&mut self, by: Color) -> Result<Vec<TouchViolation>, TouchError> {
        if by != self.pos.turn() || self.claimable.is_empty() {
            if by == self.pos.turn() && self.lapsed > 0 {
                return Err(TouchError::ClaimForfeited { by });
            }
            return Err(TouchError::NothingToClaim { by });
        }
        let claimed = std::mem::take(&mut self.claimable);
        self.events.push(TouchEvent::Claimed {
            by,
            count: claimed.len(),
        });
        Ok(claimed)
    }

    /// Makes `mv` at once, as a screen where the player picks a whole move does: the touches
    /// and releases the move needs (the piece, its square, the rook for castling, the new
    /// piece for a promotion). Refused, with nothing changed, unless `mv` is allowed now.
    pub fn make_move(&mut self, mv: Move) -> Result<TouchOutcome, TouchError> {
        self.refuse_if_made(|| format!("the move {mv}"))?;
        if !self.allowed.contains(&mv) {
            let piece = self.pos.piece_at(mv.from);
            return Err(match piece {
                None => TouchError::EmptySquare {
                    square: mv.from,
                    action: "move",
                },
                Some(piece) => {
                    // A promotion to a piece other than the one already on the square.
                    if let (Stage::PromotionPiece(fixed), Some(asked)) =
                        (self.stage, mv.promotion())
                    {
                        TouchError::PromotionFinal {
                            square: fixed.to,
                            chosen: fixed.promotion().unwrap_or(Role::Queen),
                            asked,
                        }
                    } else if self.legal.contains(&mv) {
                        self.refusal(piece, mv.from, mv.to)
                    } else {
                        TouchError::Illegal {
                            piece,
                            from: mv.from,
                            to: mv.to,
                        }
                    }
                }
            });
        }
        let first = self.events.len();
        let mut backup = self.clone();
        let result = self.make_steps(mv);
        if let Err(e) = result {
            // Not expected for an allowed move; leave the state as it was.
            std::mem::swap(self, &mut backup);
            return Err(e);
        }
        Ok(self.outcome(first))
    }

    fn make_steps(&mut self, mv: Move) -> Result<(), TouchError> {
        if self.stage == Stage::Choosing {
            if self.hand != Hand::Piece(mv.from) {
                self.touch(mv.from)?;
            }
            match mv.kind {
                MoveKind::Promotion(role) => {
                    self.promote(mv.to, role)?;
                }
                _ => {
                    self.release(mv.to)?;
                }
            }
        }
        if let Stage::KingReleased(_) = self.stage {
            let side = mv.castle_side().unwrap_or(CastleSide::King);
            let path = CastlePath::of(self.pos.turn(), side);
            if self.hand != Hand::Piece(path.rook_from) {
                self.touch(path.rook_from)?;
            }
            self.release(path.rook_to)?;
        }
        if let (Stage::PawnReleased { .. }, Some(role)) = (self.stage, mv.promotion()) {
            self.promote(mv.to, role)?;
        }
        if let Stage::PromotionPiece(_) = self.stage {
            self.release(mv.to)?;
        }
        Ok(())
    }
}
