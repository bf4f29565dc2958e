//! The draw rules against pgn-extract's and pychess's marked games (Art. 9.2, 9.3, 9.6).

mod common;

use escaque::core::{Letters, Move, Position, parse_move};
use escaque::laws::check::{PlyFacts, ply_facts};

struct Loaded {
    game: common::GameText,
    moves: Vec<Move>,
    facts: Vec<PlyFacts>,
}

fn load(rel: &str) -> Option<Vec<Loaded>> {
    let path = common::shared_data(rel)?;
    let text = common::read_text(&path);
    Some(
        common::read_games(&text)
            .into_iter()
            .map(|game| {
                let start = game
                    .tag("FEN")
                    .map(|f| Position::from_fen(f).unwrap())
                    .unwrap_or_default();
                let mut pos = start;
                let moves: Vec<Move> = game
                    .moves
                    .iter()
                    .map(|t| {
                        let mv = parse_move(&pos, t, Letters::English)
                            .unwrap_or_else(|e| panic!("{rel}: {e}"));
                        pos.play_unchecked(mv);
                        mv
                    })
                    .collect();
                let facts = ply_facts(start, &moves);
                Loaded { game, moves, facts }
            })
            .collect(),
    )
}

/// What tells games apart: the roster tags.
fn identity(game: &common::GameText) -> Vec<String> {
    ["Event", "Site", "Date", "Round", "White", "Black"]
        .iter()
        .map(|t| game.tag(t).unwrap_or("").to_string())
        .collect()
}

/// The plies pgn-extract marks with `{ MARK }` in an expected-output file, per game, with
/// the game's roster tags to find it in the input.
fn marked(rel: &str, mark: &str) -> Option<Vec<(Vec<String>, Vec<usize>)>> {
    Some(
        load(rel)?
            .into_iter()
            .map(|l| {
                let who = identity(&l.game);
                let plies = l
                    .game
                    .comments
                    .iter()
                    .filter(|(_, c)| c == mark)
                    .map(|(n, _)| *n)
                    .collect();
                (who, plies)
            })
            .collect(),
    )
}

/// Our plies where `holds` is true, for every game of `input` that pgn-extract selected.
fn compare(input: &str, expected: &str, mark: &str, holds: impl Fn(&PlyFacts) -> bool) {
    let (Some(games), Some(marks)) = (load(input), marked(expected, mark)) else {
        return;
    };
    let mut selected = 0;
    for l in &games {
        let who = identity(&l.game);
        let ours: Vec<usize> = l.facts.iter().filter(|f| holds(f)).map(|f| f.ply).collect();
        match marks.iter().find(|(w, _)| *w == who) {
            Some((_, theirs)) => {
                assert_eq!(&ours, theirs, "{input}: {who:?}");
                selected += 1;
            }
            None => assert!(
                ours.is_empty(),
                "{input}: {who:?} not selected, ours {ours:?}"
            ),
        }
    }
    assert_eq!(selected, marks.len(), "{input}: every marked game found");
    assert!(selected > 0);
}

#[test]
fn art_9_3_fifty_move_plies_match_pgn_extract() {
    compare(
        "draw_rules/pgn-extract/test-fifty.pgn",
        "draw_rules/pgn-extract/expected/test-fifty-out.pgn",
        "FIFTY",
        |f| f.halfmoves >= 100,
    );
}

#[test]
fn art_9_6_2_seventy_five_move_plies_match_pgn_extract() {
    compare(
        "draw_rules/pgn-extract/test-seventyfive.pgn",
        "draw_rules/pgn-extract/expected/test-seventyfive-out.pgn",
        "SEVENTYFIVE",
        |f| f.halfmoves >= 150,
    );
}

#[test]
fn art_9_2_repetition_plies_match_pgn_extract() {
    compare(
        "draw_rules/pgn-extract/test-repetition.pgn",
        "draw_rules/pgn-extract/expected/test-repetition-out.pgn",
        "REPEAT",
        |f| f.repetitions >= 3,
    );
}

#[test]
fn art_9_2_pychess_threefold_games() {
    let Some(games) = load("draw_rules/pychess/3fold.pgn") else {
        return;
    };
    let first: Vec<Option<usize>> = games
        .iter()
        .map(|l| l.facts.iter().find(|f| f.repetitions >= 3).map(|f| f.ply))
        .collect();
    assert_eq!(first, [Some(8), Some(12)]);
    let Some(games) = load("draw_rules/pychess/threefold.pgn") else {
        return;
    };
    assert!(games[0].facts.iter().any(|f| f.repetitions >= 3));
}

#[test]
fn art_9_3_pychess_fifty_moves_and_the_fifty_halfmoves_trap() {
    let Some(games) = load("draw_rules/pychess/50.pgn") else {
        return;
    };
    let last = games[0].facts.last().unwrap();
    assert_eq!(games[0].moves.len(), 110);
    assert_eq!(last.halfmoves, 108);
    assert!(last.halfmoves >= 100 && last.halfmoves < 150);
    // Twenty-five moves each is not fifty moves each: no claim (9.3 counts moves by each
    // player, 100 halfmoves).
    let Some(games) = load("draw_rules/pychess/50halfmoves.pgn") else {
        return;
    };
    let last = games[0].facts.last().unwrap();
    assert_eq!(last.halfmoves, 50);
    assert!(games[0].facts.iter().all(|f| f.halfmoves < 100));
}
