//! A game's record as PGN (the PGN issue's writer does the text): the Seven Tag Roster with
//! the result, a `Termination` tag with the PGN standard's value (`normal`, `time forfeit`,
//! `rules infraction`, `abandoned`, `adjudication`) and the reason with its article in a
//! comment after the last move, `SetUp`/`FEN` for a set-up start, the clock after each move
//! as `[%clk]`, draw offers as `[%draw offer]` (docs/pgn.md), and claims and penalties as
//! comments on the ply they belong to.

use crate::core::{Color, Position};

use super::game::{ClaimKind, Game, Termination};
use super::pgn::{MoveNode, PgnGame, SanText, write_game};

/// The PGN standard's `Termination` value (PGN spec 9.8.1) of an end of the game.
pub fn pgn_termination(t: Termination) -> &'static str {
    match t {
        Termination::FlagFall
        | Termination::FlagFallOpponentCannotMate
        | Termination::BothFlagsLastPeriod => "time forfeit",
        Termination::IllegalMoves
        | Termination::IllegalMovesOpponentCannotMate
        | Termination::ArbiterDecision
        | Termination::IllegalPositionDraw
        | Termination::SealedMoveDefective => "rules infraction",
        // Guidelines I.10: the player did not come back to the adjourned game.
        Termination::DefaultAtResumption => "abandoned",
        Termination::Checkmate
        | Termination::Resignation
        | Termination::ResignationOpponentCannotMate
        | Termination::Stalemate
        | Termination::DeadPosition
        | Termination::Agreement
        | Termination::ThreefoldWritten
        | Termination::ThreefoldOccurred
        | Termination::FiftyMovesWritten
        | Termination::FiftyMovesOccurred
        | Termination::FivefoldRepetition
        | Termination::SeventyFiveMoves
        | Termination::SettledBeforeResumption => "normal",
    }
}

fn side(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The record of `game` as a PGN game. `tags` gives Event, Site, Date, Round, White, Black
/// and anything else; `Result`, `Termination`, `SetUp` and `FEN` come from the game.
pub fn to_pgn(game: &Game, tags: &[(String, String)]) -> PgnGame {
    let mut out = PgnGame {
        index: 1,
        line: 1,
        ..PgnGame::default()
    };
    let derived = ["Result", "Termination", "SetUp", "FEN"];
    out.tags = tags
        .iter()
        .filter(|(k, _)| !derived.contains(&k.as_str()))
        .cloned()
        .collect();
    let result = game.outcome().map_or("*", |o| o.result.pgn()).to_string();
    out.tags.push(("Result".into(), result.clone()));
    if let Some(o) = game.outcome() {
        out.tags
            .push(("Termination".into(), pgn_termination(o.termination).into()));
    }
    // A Chess960 game (Guidelines II) writes its start position even when it is number 518,
    // the standard one: the reader then knows the game was Chess960 from the start.
    let chess960 = tags
        .iter()
        .any(|(k, v)| k == "Variant" && super::pgn::is_chess960_name(v));
    if *game.start() != Position::new() || chess960 {
        // Castling rights off the standard files are Chess960's (Guidelines II): the FEN is
        // X-FEN, which a reader needs the Variant tag to take.
        if !game.start().castling_rights().is_standard()
            && !out.tags.iter().any(|(k, _)| k == "Variant")
        {
            out.tags.push(("Variant".into(), "Chess960".into()));
        }
        out.tags.push(("SetUp".into(), "1".into()));
        out.tags.push(("FEN".into(), game.start().to_fen()));
    }
    out.moves = game
        .plies()
        .iter()
        .map(|p| {
            let mut node = MoveNode::default();
            node.san = SanText::new(&p.san);
            node.set_clock_ms(p.clock_ms);
            node
        })
        .collect();
    // Notes attached after `ply` plies: on that move's node, or before the first move.
    let note = |out: &mut PgnGame, ply: usize, text: String| match ply {
        0 => out.comment_before.push(text),
        n => {
            if let Some(node) = out.moves.get_mut(n - 1) {
                node.push_comment(text);
            }
        }
    };
    for offer in game.offers() {
        let made_with_move = offer.ply > 0
            && game
                .plies()
                .get(offer.ply - 1)
                .is_some_and(|p| p.color == offer.by);
        match offer.timing {
            super::game::OfferTiming::AfterOwnMove if made_with_move => {
                out.moves[offer.ply - 1].draw_offer = true;
            }
            super::game::OfferTiming::Claim => {}
            _ => note(
                &mut out,
                offer.ply,
                format!(
                    "{} offers a draw (not after own move, Art. 9.1.2.1)",
                    side(offer.by)
                ),
            ),
        }
    }
    for claim in game.claims() {
        let kind = |k: ClaimKind| match k {
            ClaimKind::Threefold => "threefold repetition",
            ClaimKind::FiftyMoves => "fifty-move rule",
        };
        let written = claim
            .intended
            .as_ref()
            .map(|(_, san)| format!(" with the written move {san}"))
            .unwrap_or_default();
        let verdict = match claim.upheld {
            Some(k) => format!("correct, {} (Art. 9.5.2)", kind(k)),
            None => "incorrect (Art. 9.5.3)".to_string(),
        };
        note(
            &mut out,
            claim.ply,
            format!("{} claims a draw{written}: {verdict}", side(claim.by)),
        );
    }
    for p in game.penalties() {
        note(
            &mut out,
            p.ply,
            format!(
                "{} s added to {}'s clock ({})",
                p.seconds,
                side(p.to),
                p.article
            ),
        );
    }
    // The reason and its article, after the last move (before the moves when none).
    if let Some(o) = game.outcome() {
        let text = format!("{} ({})", o.termination.describe(), o.article);
        note(&mut out, game.plies().len(), text);
    }
    out.result = Some(result);
    out
}

/// The record of `game` as PGN text.
pub fn to_pgn_text(game: &Game, tags: &[(String, String)]) -> String {
    write_game(&to_pgn(game, tags), &Default::default())
}
