//! A game played with a clock: presses, flags and penalties in the one event stream
//! (Art. 6, 7.5.5, 9.5.3), with injected time.

mod common;

use escaque::core::{Color, Letters, Position, parse_move};
use escaque::laws::clock::{ClockEvent, ClockOptions};
use escaque::laws::time_control::TimeControl;
use escaque::laws::{Game, GameError, GameEvent, GameResult, Termination};

const S: u64 = 1000;
const MIN: u64 = 60 * S;

fn clocked(fen: Option<&str>, tc: &str) -> Game {
    let start = fen.map_or_else(Position::new, |f| Position::from_fen(f).unwrap());
    let tc: TimeControl = tc.parse().unwrap();
    let mut g = Game::with_clock(start, tc, ClockOptions::default());
    g.start_clock(0).unwrap();
    g
}

fn play(g: &mut Game, san: &str, now: u64) -> Vec<GameEvent> {
    let mv = parse_move(g.position(), san, Letters::English).unwrap();
    g.play_at(mv, now).unwrap().to_vec()
}

fn main_ms(g: &Game, color: Color, now: u64) -> u64 {
    g.clock().unwrap().remaining(color, now).unwrap().main_ms
}

#[test]
fn art_6_2_1_the_press_completes_the_move_and_the_increment_is_added() {
    let mut g = clocked(None, "3+2");
    let events = play(&mut g, "e4", 5 * S);
    assert!(events.iter().any(|e| matches!(
        e,
        GameEvent::Clock(ClockEvent::Pressed { color: Color::White, used_ms, .. }) if *used_ms == 5 * S
    )));
    // 3:00 - 5 s + 2 s.
    assert_eq!(g.plies()[0].clock_ms, Some(3 * MIN - 3 * S));
    play(&mut g, "e5", 9 * S);
    assert_eq!(g.plies()[1].clock_ms, Some(3 * MIN - 2 * S));
    assert_eq!(main_ms(&g, Color::White, 9 * S), 3 * MIN - 3 * S);
}

#[test]
fn art_6_9_flag_at_the_exact_instant_loses() {
    let mut g = clocked(None, "1+0");
    play(&mut g, "e4", 10 * S);
    // Black's clock runs from 10 s; it reaches zero at 70 s.
    assert!(
        g.tick(70 * S - 1)
            .iter()
            .all(|e| !matches!(e, GameEvent::GameEnded { .. }))
    );
    assert!(!g.is_over());
    let events = g.tick(70 * S).to_vec();
    assert!(events.iter().any(|e| matches!(
        e,
        GameEvent::FlagFell {
            color: Color::Black
        }
    )));
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.result, o.termination, o.article.number()),
        (GameResult::WhiteWins, Termination::FlagFall, "6.9")
    );
    // A move after the fall is refused: the result stands.
    let mv = parse_move(g.position(), "e5", Letters::English).unwrap();
    assert!(matches!(g.play_at(mv, 71 * S), Err(GameError::Over(_))));
}

#[test]
fn art_6_9_a_flag_that_fell_before_the_move_is_seen_before_it() {
    let mut g = clocked(None, "1+0");
    play(&mut g, "e4", 10 * S);
    let mv = parse_move(g.position(), "e5", Letters::English).unwrap();
    // Black moves after the time ran out: the flag fell first.
    assert!(matches!(g.play_at(mv, 80 * S), Err(GameError::Over(_))));
    assert_eq!(g.outcome().unwrap().termination, Termination::FlagFall);
    assert_eq!(g.plies().len(), 1);
}

#[test]
fn art_5_1_1_mate_before_the_flag_stands() {
    let mut g = clocked(None, "1+0");
    play(&mut g, "f3", S);
    play(&mut g, "e5", 2 * S);
    play(&mut g, "g4", 3 * S);
    play(&mut g, "Qh4", 60 * S); // Black had until 62 s.
    assert_eq!(g.outcome().unwrap().termination, Termination::Checkmate);
    // The clock is stopped: a later tick changes nothing.
    let events = g.tick(10 * MIN).to_vec();
    assert!(
        events
            .iter()
            .all(|e| !matches!(e, GameEvent::GameEnded { .. }))
    );
    assert_eq!(g.outcome().unwrap().termination, Termination::Checkmate);
}

#[test]
fn art_6_9_flag_is_a_draw_when_the_opponent_cannot_mate() {
    // White has a bare king; Black's flag falls.
    let mut g = clocked(Some("4k3/pppppppp/8/8/8/8/8/4K3 w - - 0 1"), "1+0");
    play(&mut g, "Kd2", S);
    g.tick(62 * S);
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.result, o.termination),
        (GameResult::Draw, Termination::FlagFallOpponentCannotMate)
    );
}

#[test]
fn art_6_3_period_change_at_move_40_through_the_game() {
    // A real game of at least 80 plies, one move a second.
    let text = common::read_text(&common::fixture("pgn/lichess_db_2013-01_first32.pgn"));
    let game = common::read_games(&text)
        .into_iter()
        .find(|g| g.moves.len() >= 80)
        .expect("a long game in the fixture");
    let mut g = clocked(None, "90/40+30:30+30");
    for (i, san) in game.moves[..80].iter().enumerate() {
        let events = play(&mut g, san, (i as u64 + 1) * S);
        let changed = events.iter().find_map(|e| match e {
            GameEvent::Clock(ClockEvent::PeriodChanged {
                color,
                period,
                added_ms,
            }) => Some((*color, *period, *added_ms)),
            _ => None,
        });
        match i + 1 {
            79 => assert_eq!(
                changed,
                Some((Color::White, 2, 30 * MIN)),
                "White's 40th move"
            ),
            80 => assert_eq!(
                changed,
                Some((Color::Black, 2, 30 * MIN)),
                "Black's 40th move"
            ),
            _ => assert_eq!(changed, None, "ply {}", i + 1),
        }
    }
    // Each side used 1 s a move and got 30 s a move; the saved time carries over (6.3).
    let expected = 90 * MIN - 40 * S + 40 * 30 * S + 30 * MIN;
    assert_eq!(g.plies()[78].clock_ms, Some(expected));
    assert_eq!(g.plies()[79].clock_ms, Some(expected));
}

#[test]
fn art_9_5_3_a_wrong_claim_puts_the_penalty_on_the_clock() {
    let mut g = clocked(None, "15+10"); // rapid: one minute (A.3)
    assert_eq!(g.penalty_seconds(), 60);
    play(&mut g, "e4", 10 * S);
    play(&mut g, "e5", 20 * S);
    g.tick(30 * S);
    let before = main_ms(&g, Color::Black, 30 * S);
    g.claim_draw(Color::White, None).unwrap();
    assert_eq!(main_ms(&g, Color::Black, 30 * S), before + MIN);
    // Standard play: two minutes.
    let g = clocked(None, "90+30");
    assert_eq!(g.penalty_seconds(), 120);
}

use escaque::laws::irregularity::{ArbiterAction, ArbiterPenalty};

#[test]
fn art_7_1_reinstating_a_position_offers_the_proportional_clock_times() {
    let mut g = clocked(None, "90+0");
    play(&mut g, "e4", 10 * S);
    play(&mut g, "e5", 20 * S);
    play(&mut g, "Nf3", 30 * S);
    play(&mut g, "Nc6", 40 * S);
    g.tick(40 * S);
    let events = g
        .arbiter(ArbiterAction::PositionRestored { ply: 2 })
        .unwrap()
        .to_vec();
    assert_eq!(g.plies().len(), 2);
    assert_eq!(
        g.position().to_fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
    );
    // Each used 20 s for 2 moves; at the reinstated position each had made 1: 10 s.
    assert!(events.iter().any(|e| matches!(
        e,
        GameEvent::ClockReconstructionOffered {
            white_used_ms: 10_000,
            black_used_ms: 10_000
        }
    )));
    g.arbiter(ArbiterAction::ClocksSet {
        white_ms: 90 * MIN - 10 * S,
        black_ms: 90 * MIN - 10 * S,
    })
    .unwrap();
    assert_eq!(main_ms(&g, Color::Black, 40 * S), 90 * MIN - 10 * S);
}

#[test]
fn art_12_9_time_penalties_change_the_clock_and_a_loss_ends_the_game() {
    let mut g = clocked(None, "90+30");
    play(&mut g, "e4", 10 * S);
    let before = main_ms(&g, Color::White, 10 * S);
    g.arbiter(ArbiterAction::Penalty {
        to: Color::Black,
        penalty: ArbiterPenalty::TimeToOpponent { seconds: 120 },
    })
    .unwrap();
    assert_eq!(main_ms(&g, Color::White, 10 * S), before + 2 * MIN);
    g.arbiter(ArbiterAction::Penalty {
        to: Color::Black,
        penalty: ArbiterPenalty::Loss,
    })
    .unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.result, o.article.number()),
        (GameResult::WhiteWins, "12.9.6")
    );
}

/// 6.5 for a set-up position with Black to move: the clock of the player who moves first
/// starts, and only that one runs.
#[test]
fn art_6_5_black_to_move_starts_blacks_clock() {
    let pos = escaque::core::Position::from_fen("4k3/8/8/8/8/8/q7/4K3 b - - 0 1").unwrap();
    let tc: escaque::laws::time_control::TimeControl = "1+0".parse().unwrap();
    let mut g = escaque::laws::Game::with_clock(pos, tc, Default::default());
    g.start_clock(0).unwrap();
    let clock = g.clock().unwrap();
    assert_eq!(clock.running(), Some(escaque::core::Color::Black));
    assert_eq!(
        clock
            .remaining(escaque::core::Color::White, 30_000)
            .unwrap()
            .main_ms,
        60_000
    );
}
