//! The UCI engine client against a scripted fake engine (examples/fake_uci.rs), always, and
//! against Stockfish when it is installed. Every wait is bounded; nothing here measures
//! speed.

mod common;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use escaque::core::{Color, Letters, Move, Position, parse_move};
use escaque::engine::{
    Engine, EngineError, EngineEvent, EngineOptions, GoClock, OptionNote, Score, Strength, locate,
};
use escaque::lang::Lang;
use escaque::laws::clock::{Clock, ClockOptions};
use escaque::laws::time_control::TimeControl;
use escaque::laws::{Game, GameEvent};

const S: u64 = 1000;
const MIN: u64 = 60 * S;
/// The bound of every wait for an answer that should come at once.
const WAIT: Duration = Duration::from_secs(20);

/// The fake engine's binary.
///
/// Integration tests run from `target/<profile>/deps/<name>-<hash>`; cargo puts examples in
/// `target/<profile>/examples/`. A plain `cargo test` builds the examples, but
/// `cargo test --test engine` does not, and an example left from an earlier build may be
/// stale: so the first call runs `cargo build --example fake_uci` with the cargo that built
/// this test (`env!("CARGO")`), the same target directory and profile (a no-op when it is
/// fresh).
fn fake() -> PathBuf {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        let exe = std::env::current_exe().expect("the test binary's path");
        let mut profile_dir = exe.parent().expect("a directory").to_path_buf();
        if profile_dir.ends_with("deps") {
            profile_dir.pop();
        }
        let profile = profile_dir
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("debug")
            .to_string();
        let target_dir = profile_dir.parent().expect("the target directory");
        let mut cmd = std::process::Command::new(env!("CARGO"));
        cmd.args(["build", "--quiet", "--example", "fake_uci", "--target-dir"])
            .arg(target_dir)
            .current_dir(env!("CARGO_MANIFEST_DIR"));
        match profile.as_str() {
            "debug" => {}
            "release" => {
                cmd.arg("--release");
            }
            other => {
                cmd.args(["--profile", other]);
            }
        }
        let status = cmd.status().expect("cargo runs");
        assert!(status.success(), "building the fake engine failed");
        let bin = profile_dir
            .join("examples")
            .join(format!("fake_uci{}", std::env::consts::EXE_SUFFIX));
        assert!(bin.is_file(), "no fake engine at {}", bin.display());
        bin
    })
    .clone()
}

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// A log file for the fake, unique to the test, in a directory of the test's own: the
/// directory's guard is kept for as long as the log is read.
fn log_path(test: &str) -> (common::TempDir, PathBuf) {
    let dir = common::TempDir::new(&format!("engine-tests-{test}"));
    let p = dir.path().join(format!("{test}.log"));
    (dir, p)
}

fn received(log: &Path) -> Vec<String> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .map(str::to_string)
        .collect()
}

fn quick() -> EngineOptions {
    EngineOptions {
        handshake_timeout: WAIT,
        ..EngineOptions::default()
    }
}

fn spawn_fake(extra: &[&str], options: &EngineOptions) -> Result<Engine, EngineError> {
    Engine::spawn(&fake(), &args(extra), options)
}

fn mv(pos: &Position, san: &str) -> Move {
    parse_move(pos, san, Letters::English).unwrap()
}

/// Waits for the search's end: the bestmove or a failure (the infos are skipped).
fn outcome(e: &mut Engine) -> EngineEvent {
    loop {
        match e.wait_event(WAIT) {
            Some(EngineEvent::Info(_)) => {}
            Some(ev) => return ev,
            None => panic!("no answer from the engine within {WAIT:?}"),
        }
    }
}

fn pid_exists(pid: u32) -> bool {
    Path::new(&format!("/proc/{pid}")).exists()
}

// ------------------------------------------------------------------ handshake and options

#[test]
fn handshake_reads_the_name_and_options_and_sets_the_asked_ones() {
    let (_dir, log) = log_path("handshake");
    let options = EngineOptions {
        strength: Some(Strength::Skill(3)),
        threads: Some(2),
        hash_mb: Some(64),
        move_overhead_ms: Some(100),
        extra: vec![
            ("style".into(), "risky".into()),
            ("Clear Hash".into(), String::new()),
            ("Ponder".into(), "maybe".into()),
            ("Contempt".into(), "10".into()),
        ],
        ..quick()
    };
    let e = spawn_fake(
        &["--log", log.to_str().unwrap(), "--name", "Fake Engine 1.0"],
        &options,
    )
    .unwrap();
    assert_eq!(e.name(), Some("Fake Engine 1.0"));
    assert_eq!(e.label(), "Fake Engine 1.0");
    assert_eq!(e.author(), Some("the escaque tests"));
    assert_eq!(e.options().len(), 9);
    let skill = e.option("skill level").expect("offered");
    assert_eq!((skill.min, skill.max), (Some(0), Some(20)));
    assert_eq!(
        e.notes(),
        [
            OptionNote::BadValue {
                name: "Ponder".into(),
                value: "maybe".into()
            },
            OptionNote::NotOffered {
                name: "Contempt".into()
            },
        ]
    );
    assert_eq!(
        escaque::speech::errors::option_note(&e.notes()[1], Lang::Es),
        "el motor no ofrece la opción 'Contempt': se omite"
    );
    drop(e);
    // The engine's own spelling of each name; the handshake's order; quit at the end.
    assert_eq!(
        received(&log),
        [
            "uci",
            "setoption name Threads value 2",
            "setoption name Hash value 64",
            "setoption name Move Overhead value 100",
            "setoption name Skill Level value 3",
            "setoption name Style value Risky",
            "setoption name Clear Hash",
            "isready",
            "quit",
        ]
    );
}

#[test]
fn elo_strength_uses_limit_strength_and_is_clamped_to_the_offered_range() {
    let (_dir, log) = log_path("elo");
    let options = EngineOptions {
        strength: Some(Strength::Elo(1000)),
        ..quick()
    };
    let e = spawn_fake(&["--log", log.to_str().unwrap()], &options).unwrap();
    assert_eq!(
        e.notes(),
        [OptionNote::Clamped {
            name: "UCI_Elo".into(),
            asked: 1000,
            sent: 1350
        }]
    );
    drop(e);
    let got = received(&log);
    assert_eq!(
        got[1..3],
        [
            "setoption name UCI_LimitStrength value true",
            "setoption name UCI_Elo value 1350"
        ]
    );
}

#[test]
fn options_the_engine_does_not_offer_are_skipped_with_a_note() {
    let (_dir, log) = log_path("minimal");
    let options = EngineOptions {
        strength: Some(Strength::Elo(1500)),
        threads: Some(4),
        hash_mb: Some(32),
        ..quick()
    };
    let e = spawn_fake(
        &["--log", log.to_str().unwrap(), "--options", "minimal"],
        &options,
    )
    .unwrap();
    assert_eq!(
        e.notes(),
        [
            OptionNote::NotOffered {
                name: "UCI_LimitStrength".into()
            },
            OptionNote::NotOffered {
                name: "Threads".into()
            },
        ]
    );
    drop(e);
    assert_eq!(
        received(&log),
        ["uci", "setoption name Hash value 32", "isready", "quit"]
    );
}

#[test]
fn new_game_sends_ucinewgame_and_waits_until_ready() {
    let (_dir, log) = log_path("newgame");
    let mut e = spawn_fake(&["--log", log.to_str().unwrap()], &quick()).unwrap();
    e.new_game().unwrap();
    drop(e);
    assert_eq!(
        received(&log),
        ["uci", "isready", "ucinewgame", "isready", "quit"]
    );
}

// ------------------------------------------------------------------ the clock on `go`

/// A game with the clock `tc`, the given SAN moves each made `spent` ms after the previous.
fn clocked_game(tc: &str, sans: &[&str], spent: u64) -> (Game, u64) {
    let tc: TimeControl = tc.parse().unwrap();
    let mut g = Game::with_clock(Position::new(), tc, ClockOptions::default());
    g.start_clock(0).unwrap();
    let mut now = 0;
    for san in sans {
        now += spent;
        let m = mv(g.position(), san);
        g.play_at(m, now).unwrap();
    }
    (g, now)
}

/// The `go` command the fake received after the game's moves, at `now`.
fn go_line_for(test: &str, g: &Game, now: u64) -> String {
    let (_dir, log) = log_path(test);
    let mut e = spawn_fake(&["--log", log.to_str().unwrap()], &quick()).unwrap();
    let moves: Vec<Move> = g.plies().iter().map(|p| p.mv).collect();
    let clock = GoClock::from_clock(g.clock().unwrap(), now).unwrap();
    e.go(g.start(), &moves, clock, now).unwrap();
    assert!(matches!(outcome(&mut e), EngineEvent::BestMove(_)));
    drop(e);
    let got = received(&log);
    let i = got.iter().position(|l| l.starts_with("go ")).unwrap();
    let position = &got[i - 1];
    let expected_position = if moves.is_empty() {
        "position startpos".to_string()
    } else {
        format!(
            "position startpos moves {}",
            moves
                .iter()
                .map(|m| m.uci().to_string())
                .collect::<Vec<_>>()
                .join(" ")
        )
    };
    assert_eq!(position, &expected_position);
    got[i].clone()
}

#[test]
fn art_6_3_go_with_increment_15_plus_10() {
    // White spends 5 s, Black 3 s, then White thinks 7 s: White's clock runs at
    // 15:00 - 5 + 10 - 7, Black has 15:00 - 3 + 10.
    let tc: TimeControl = "15+10".parse().unwrap();
    let mut g = Game::with_clock(Position::new(), tc, ClockOptions::default());
    g.start_clock(0).unwrap();
    let e4 = mv(g.position(), "e4");
    g.play_at(e4, 5 * S).unwrap();
    let e5 = mv(g.position(), "e5");
    g.play_at(e5, 8 * S).unwrap();
    let now = 15 * S;
    let clock = GoClock::from_clock(g.clock().unwrap(), now).unwrap();
    assert_eq!(
        clock,
        GoClock::Clock {
            wtime: 15 * MIN - 5 * S + 10 * S - 7 * S,
            btime: 15 * MIN - 3 * S + 10 * S,
            winc: 10 * S,
            binc: 10 * S,
            movestogo: None,
            movetime: None,
        }
    );
    assert_eq!(
        go_line_for("go_15_10", &g, now),
        "go wtime 898000 btime 907000 winc 10000 binc 10000"
    );
}

#[test]
fn art_6_3_go_with_two_periods_gives_movestogo_and_the_new_period() {
    // 40 moves in 90 min + 30 s, then 30 min + 30 s: after 3 moves each, 37 to the control.
    let sans = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"];
    let (g, now) = clocked_game("90/40+30:30+30", &sans, S);
    let clock = GoClock::from_clock(g.clock().unwrap(), now).unwrap();
    let each = 90 * MIN - 3 * S + 3 * 30 * S;
    assert_eq!(
        clock,
        GoClock::Clock {
            wtime: each,
            btime: each,
            winc: 30 * S,
            binc: 30 * S,
            movestogo: Some(37),
            movetime: None,
        }
    );
    assert_eq!(
        go_line_for("go_periods", &g, now),
        format!("go wtime {each} btime {each} winc 30000 binc 30000 movestogo 37")
    );
}

#[test]
fn art_6_3_go_in_the_second_period_has_no_movestogo_for_the_rest_of_the_game() {
    // 2 moves in 1 min, then 1 min for the rest: White's 3rd move is in period 2.
    let sans = ["e4", "e5", "Nf3", "Nc6"];
    let (g, now) = clocked_game("1/2+0:1+0", &sans, S);
    let c = g.clock().unwrap();
    assert_eq!(c.period(Color::White), 2);
    assert_eq!(
        GoClock::from_clock(c, now).unwrap(),
        GoClock::Clock {
            wtime: 2 * MIN - 2 * S,
            btime: 2 * MIN - 2 * S,
            winc: 0,
            binc: 0,
            movestogo: None,
            movetime: None,
        }
    );
}

#[test]
fn art_6_3_go_with_a_delay_gives_the_delay_as_increment() {
    // 3 min with a 2 s US delay: White spends 5 s (3 s of main time), Black 1 s (none).
    let tc: TimeControl = "3+2d".parse().unwrap();
    let mut g = Game::with_clock(Position::new(), tc, ClockOptions::default());
    g.start_clock(0).unwrap();
    let e4 = mv(g.position(), "e4");
    g.play_at(e4, 5 * S).unwrap();
    let e5 = mv(g.position(), "e5");
    g.play_at(e5, 6 * S).unwrap();
    // White thinks 1 s, inside the delay: the main time does not move.
    let now = 7 * S;
    let clock = GoClock::from_clock(g.clock().unwrap(), now).unwrap();
    assert_eq!(
        clock,
        GoClock::Clock {
            wtime: 3 * MIN - 3 * S,
            btime: 3 * MIN,
            winc: 2 * S,
            binc: 2 * S,
            movestogo: None,
            movetime: None,
        }
    );
    assert_eq!(
        go_line_for("go_delay", &g, now),
        "go wtime 177000 btime 180000 winc 2000 binc 2000"
    );
}

#[test]
fn untimed_games_have_no_clock_for_the_engine() {
    let clock = Clock::new(TimeControl::Unlimited);
    assert_eq!(GoClock::from_clock(&clock, 0), None);
    assert_eq!(GoClock::MoveTime(500).go_command(), "go movetime 500");
    assert_eq!(GoClock::Depth(3).go_command(), "go depth 3");
    assert_eq!(GoClock::Nodes(1000).go_command(), "go nodes 1000");
    assert_eq!(
        GoClock::MoveTime(500).answer_limit_ms(Color::White, 10_000),
        Some(10_500)
    );
    assert_eq!(
        GoClock::Depth(3).answer_limit_ms(Color::White, 10_000),
        None
    );
    let clock = GoClock::Clock {
        wtime: 60_000,
        btime: 30_000,
        winc: 2_000,
        binc: 1_000,
        movestogo: None,
        movetime: None,
    };
    assert_eq!(clock.answer_limit_ms(Color::Black, 10_000), Some(41_000));
}

#[test]
fn a_position_from_fen_is_sent_as_fen() {
    let (_dir, log) = log_path("fen");
    let start = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
    let mut e = spawn_fake(&["--log", log.to_str().unwrap()], &quick()).unwrap();
    let m = mv(&start, "Kd2");
    e.go(&start, &[m], GoClock::Depth(1), 0).unwrap();
    let EngineEvent::BestMove(best) = outcome(&mut e) else {
        panic!("no move");
    };
    assert!(start.after(m).unwrap().is_legal(best));
    drop(e);
    assert!(
        received(&log).contains(&"position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e1d2".into())
    );
}

#[test]
fn infos_carry_the_score_and_the_legal_pv() {
    let mut e = spawn_fake(&[], &quick()).unwrap();
    e.go(&Position::new(), &[], GoClock::Depth(1), 0).unwrap();
    let Some(EngineEvent::Info(info)) = e.wait_event(WAIT) else {
        panic!("no info first");
    };
    assert_eq!(info.depth, Some(1));
    assert_eq!(info.score, Some(Score::Cp(0)));
    assert_eq!(info.pv.len(), 1);
    let Some(EngineEvent::BestMove(best)) = e.wait_event(WAIT) else {
        panic!("no bestmove");
    };
    assert_eq!(info.pv[0], best);
}

#[test]
fn scripted_moves_are_played_in_order_and_garbage_lines_are_ignored() {
    let mut e = spawn_fake(&["--moves", "e2e4,g8f6", "--garbage"], &quick()).unwrap();
    let start = Position::new();
    let m1 = e.best_move(&start, &[], GoClock::Depth(1), WAIT).unwrap();
    assert_eq!(m1, mv(&start, "e4"));
    let after = start.after(m1).unwrap();
    let m2 = e.best_move(&start, &[m1], GoClock::Depth(1), WAIT).unwrap();
    assert_eq!(m2, mv(&after, "Nf6"));
}

#[test]
fn a_new_search_drops_the_bestmove_of_the_one_it_replaces() {
    let (_dir, log) = log_path("replace");
    let mut e = spawn_fake(
        &[
            "--log",
            log.to_str().unwrap(),
            "--sleep-ms",
            "60000",
            "--moves",
            "e2e4,d2d4",
        ],
        &quick(),
    )
    .unwrap();
    let start = Position::new();
    e.go(&start, &[], GoClock::Depth(1), 0).unwrap();
    // Replacing it stops it; its move (e2e4) comes at once and is dropped.
    e.go(&start, &[], GoClock::Depth(1), 0).unwrap();
    e.stop();
    assert_eq!(outcome(&mut e), EngineEvent::BestMove(mv(&start, "d4")));
    assert!(!e.is_searching());
    drop(e);
    let got = received(&log);
    assert_eq!(got.iter().filter(|l| *l == "stop").count(), 2);
}

// ------------------------------------------------------------------ failures, in words

#[test]
fn a_missing_binary_is_not_found_in_words() {
    let path = Path::new("/nonexistent/escaque-no-such-engine");
    let err = Engine::spawn(path, &[], &quick()).err().expect("an error");
    assert!(matches!(err, EngineError::NotFound { .. }));
    let text = err.to_string();
    assert!(
        text.starts_with("the engine '/nonexistent/escaque-no-such-engine' was not found: "),
        "{text}"
    );
    assert!(
        escaque::speech::errors::engine(&err, Lang::Es)
            .starts_with("no se encontró el motor '/nonexistent/escaque-no-such-engine': "),
    );
    let bare = Engine::spawn(Path::new("escaque-no-such-engine"), &[], &quick());
    assert!(matches!(bare, Err(EngineError::NotFound { .. })));
    assert_eq!(locate("escaque-no-such-engine"), None);
}

#[test]
fn a_handshake_without_uciok_times_out_in_words() {
    let options = EngineOptions {
        handshake_timeout: Duration::from_millis(300),
        ..EngineOptions::default()
    };
    let err = spawn_fake(&["--no-uciok"], &options)
        .err()
        .expect("an error");
    assert_eq!(
        err.to_string(),
        format!(
            "the engine '{}' did not answer 'uci' with 'uciok' within 0.3 s",
            fake().display()
        )
    );
}

#[test]
fn an_engine_that_is_never_ready_times_out_in_words() {
    let options = EngineOptions {
        handshake_timeout: Duration::from_secs(1),
        ..EngineOptions::default()
    };
    let err = spawn_fake(&["--no-readyok"], &options)
        .err()
        .expect("an error");
    assert_eq!(
        escaque::speech::errors::engine(&err, Lang::Es),
        "el motor 'Fake UCI' no contestó a 'isready' con 'readyok' en 1 s"
    );
}

#[test]
fn a_crash_is_reported_with_its_status_and_last_words_and_the_game_is_kept() {
    let mut e = spawn_fake(&["--crash-after", "1"], &quick()).unwrap();
    let mut g = Game::new(Position::new());
    let first = e
        .best_move(g.position(), &[], GoClock::Depth(1), WAIT)
        .unwrap();
    g.play(first).unwrap();
    let moves: Vec<Move> = g.plies().iter().map(|p| p.mv).collect();
    e.go(g.start(), &moves, GoClock::Depth(1), 0).unwrap();
    let EngineEvent::Failed(err) = outcome(&mut e) else {
        panic!("no failure");
    };
    assert_eq!(
        err.to_string(),
        "the engine 'Fake UCI' stopped (exit status: 3); its last words: \"fake_uci: crashing \
         on purpose after 1 moves\""
    );
    assert!(
        escaque::speech::errors::engine(&err, Lang::Es)
            .starts_with("el motor 'Fake UCI' se detuvo (exit status: 3)")
    );
    assert!(!e.is_alive());
    // Later requests fail the same way, without a panic; the game is as it was.
    let again = e.go(g.start(), &moves, GoClock::Depth(1), 0);
    assert!(matches!(again, Err(EngineError::Died { .. })));
    assert!(matches!(e.new_game(), Err(EngineError::Died { .. })));
    assert_eq!(e.poll(), None);
    assert_eq!(g.plies().len(), 1);
    assert!(!g.is_over());
}

#[test]
fn an_illegal_bestmove_is_an_error_event_in_words() {
    let mut e = spawn_fake(&["--illegal"], &quick()).unwrap();
    let start = Position::new();
    e.go(&start, &[], GoClock::Depth(1), 0).unwrap();
    let EngineEvent::Failed(err) = outcome(&mut e) else {
        panic!("no failure");
    };
    let EngineError::IllegalBestMove { text, .. } = &err else {
        panic!("{err}");
    };
    assert_eq!(
        err.to_string(),
        format!(
            "the engine 'Fake UCI' answered with the move '{text}', which is not legal in the \
             position {}",
            start.to_fen()
        )
    );
    // The engine is still usable.
    assert!(e.is_alive());
}

#[test]
fn a_scripted_illegal_move_and_no_move_are_errors() {
    let mut e = spawn_fake(&["--moves", "e2e5"], &quick()).unwrap();
    let err = e
        .best_move(&Position::new(), &[], GoClock::Depth(1), WAIT)
        .unwrap_err();
    assert!(matches!(err, EngineError::IllegalBestMove { ref text, .. } if text == "e2e5"));
    let mut e = spawn_fake(&["--none"], &quick()).unwrap();
    let err = e
        .best_move(&Position::new(), &[], GoClock::Depth(1), WAIT)
        .unwrap_err();
    assert!(
        err.to_string().contains("gave no move ('bestmove (none)')"),
        "{err}"
    );
}

#[test]
fn illegal_moves_given_to_the_engine_are_refused_before_sending() {
    let (_dir, log) = log_path("given");
    let mut e = spawn_fake(&["--log", log.to_str().unwrap()], &quick()).unwrap();
    let start = Position::new();
    let e4 = mv(&start, "e4");
    // e4 twice: the second is not legal (it is Black's turn, and the square is taken).
    let err = e.go(&start, &[e4, e4], GoClock::Depth(1), 0).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "move 2 ('e2e4') given to the engine is not legal in the position {}: the engine \
             was not asked",
            start.after(e4).unwrap().to_fen()
        )
    );
    drop(e);
    assert!(!received(&log).iter().any(|l| l.starts_with("go")));
}

#[test]
fn a_go_not_answered_in_the_callers_limit_is_unresponsive_by_injected_time() {
    let mut e = spawn_fake(&["--hang"], &quick()).unwrap();
    let start = Position::new();
    e.go(&start, &[], GoClock::MoveTime(1000), 50_000).unwrap();
    // The caller's clock: 9.999 s after the go, nothing; 10 s: unresponsive, once.
    assert_eq!(e.overdue(59_999, 10_000), None);
    let Some(EngineEvent::Failed(err)) = e.overdue(60_000, 10_000) else {
        panic!("not overdue");
    };
    assert_eq!(
        err.to_string(),
        "the engine 'Fake UCI' stopped answering after 10 s"
    );
    assert_eq!(
        escaque::speech::errors::engine(&err, Lang::Es),
        "el motor 'Fake UCI' dejó de contestar tras 10 s"
    );
    assert_eq!(e.overdue(70_000, 10_000), None);
    assert!(e.is_searching());
    assert_eq!(e.poll(), None);
}

#[test]
fn best_move_gives_up_after_its_limit_and_drop_kills_an_engine_that_ignores_quit() {
    let mut e = spawn_fake(&["--hang", "--ignore-quit"], &quick()).unwrap();
    let pid = e.pid();
    let err = e
        .best_move(
            &Position::new(),
            &[],
            GoClock::MoveTime(10),
            Duration::from_millis(200),
        )
        .unwrap_err();
    assert_eq!(
        err,
        EngineError::Unresponsive {
            program: "Fake UCI".into(),
            waited_ms: 200
        }
    );
    assert!(!e.is_searching());
    assert!(pid_exists(pid));
    drop(e);
    // Killed and reaped: no process, not even a zombie.
    assert!(!pid_exists(pid), "process {pid} is still there");
}

#[test]
fn drop_quits_and_reaps_the_engine() {
    let e = spawn_fake(&[], &quick()).unwrap();
    let pid = e.pid();
    assert!(pid_exists(pid));
    drop(e);
    assert!(!pid_exists(pid), "process {pid} is still there");
}

// ------------------------------------------------------------------ whole games

#[test]
fn art_5_the_fake_engine_plays_a_whole_game_against_itself_to_a_result() {
    let mut white = spawn_fake(&[], &quick()).unwrap();
    let mut black = spawn_fake(&[], &quick()).unwrap();
    let tc: TimeControl = "5+3".parse().unwrap();
    let mut g = Game::with_clock(Position::new(), tc, ClockOptions::default());
    g.start_clock(0).unwrap();
    let mut now = 0;
    white.new_game().unwrap();
    black.new_game().unwrap();
    // The fake mates, captures or plays its first move: the game ends by the Laws
    // (checkmate, dead position, repetition or 75 moves) well within 1000 plies.
    for _ in 0..1000 {
        if g.is_over() {
            break;
        }
        let moves: Vec<Move> = g.plies().iter().map(|p| p.mv).collect();
        let clock = GoClock::from_clock(g.clock().unwrap(), now).unwrap();
        let engine = match g.position().turn() {
            Color::White => &mut white,
            Color::Black => &mut black,
        };
        engine.go(g.start(), &moves, clock, now).unwrap();
        let EngineEvent::BestMove(best) = outcome(engine) else {
            panic!("the engine did not move");
        };
        // One second a move: 5 minutes + 3 s increments never run out.
        now += S;
        g.play_at(best, now).unwrap();
    }
    let outcome = g.outcome().expect("the game ended");
    assert!(
        g.events()
            .iter()
            .any(|e| matches!(e, GameEvent::GameEnded { .. })),
        "the end is in the event stream"
    );
    eprintln!(
        "fake self-play: {} plies, {} by {}",
        g.plies().len(),
        outcome.result,
        outcome.article
    );
}

#[test]
fn stockfish_at_low_skill_plays_legal_moves_with_the_real_clock() {
    let Some(path) = locate("stockfish") else {
        // CI installs it and sets ESCAQUE_REQUIRE_STOCKFISH=1: there, a missing engine fails.
        assert!(
            std::env::var_os("ESCAQUE_REQUIRE_STOCKFISH").is_none(),
            "stockfish is required (ESCAQUE_REQUIRE_STOCKFISH) but not installed"
        );
        eprintln!("note: skipping, stockfish is not installed (apt-get install stockfish)");
        return;
    };
    let options = EngineOptions {
        strength: Some(Strength::Skill(1)),
        threads: Some(1),
        hash_mb: Some(16),
        ..quick()
    };
    let mut sf = Engine::spawn(&path, &[], &options).unwrap();
    assert!(sf.name().is_some_and(|n| n.starts_with("Stockfish")));
    assert!(sf.notes().is_empty(), "{:?}", sf.notes());
    sf.new_game().unwrap();
    // A 10-second game: the engine budgets a fraction of it per move.
    let tc: TimeControl = "10s+0".parse().unwrap();
    let mut g = Game::with_clock(Position::new(), tc, ClockOptions::default());
    g.start_clock(0).unwrap();
    let mut now = 0;
    for _ in 0..12 {
        if g.is_over() {
            break;
        }
        let moves: Vec<Move> = g.plies().iter().map(|p| p.mv).collect();
        let clock = GoClock::from_clock(g.clock().unwrap(), now).unwrap();
        sf.go(g.start(), &moves, clock, now).unwrap();
        let mut infos = 0;
        let best = loop {
            match sf.wait_event(WAIT) {
                Some(EngineEvent::Info(i)) => {
                    infos += 1;
                    // Every pv move Stockfish sends is legal in sequence.
                    assert_eq!(i.pv.len(), i.pv_text.len(), "{:?}", i.pv_text);
                }
                Some(EngineEvent::BestMove(m)) => break m,
                other => panic!("unexpected {other:?}"),
            }
        };
        assert!(infos > 0);
        assert!(g.position().is_legal(best));
        now += 100;
        g.play_at(best, now).unwrap();
    }
    assert!(g.plies().len() >= 6);
}

#[test]
fn a_program_that_exits_at_once_is_reported_with_its_words() {
    let err = spawn_fake(&["--no-such-argument"], &quick())
        .err()
        .expect("an error");
    assert_eq!(
        err.to_string(),
        format!(
            "the engine '{}' stopped (exit status: 2); its last words: \"fake_uci: unknown \
             argument \"--no-such-argument\"\"",
            fake().display()
        )
    );
}

#[test]
fn the_ui_loop_polls_without_blocking_until_the_move_comes() {
    let mut e = spawn_fake(&["--sleep-ms", "50"], &quick()).unwrap();
    let start = Position::new();
    e.go(&start, &[], GoClock::MoveTime(50), 0).unwrap();
    // The loop of a UI: poll, draw, sleep a frame; bounded to 20 s of frames.
    let mut best = None;
    for _ in 0..2000 {
        match e.poll() {
            Some(EngineEvent::BestMove(m)) => {
                best = Some(m);
                break;
            }
            Some(EngineEvent::Failed(err)) => panic!("{err}"),
            Some(EngineEvent::Info(_)) => continue,
            None => std::thread::sleep(Duration::from_millis(10)),
        }
    }
    assert!(start.is_legal(best.expect("a move within the bound")));
}

// ------------------------------------------------------------------ Chess960

/// A Chess960 position (Guidelines II): White's rooks on b1 and h1, the king on e1.
const FEN_960: &str = "1r2k2r/pppppppp/8/8/8/8/PPPPPPPP/1R2K2R w HBhb - 0 1";

/// Guidelines II.3 and UCI_Chess960: the option is set, the engine's `e1h1` (the king
/// taking its own rook) is castling short, played as O-O, and is written back the same way
/// in the next `position` command.
#[test]
fn guidelines_ii_3_a_chess960_engine_gets_uci_chess960_and_castles_king_takes_rook() {
    let (_dir, log) = log_path("chess960");
    let options = EngineOptions {
        chess960: true,
        ..quick()
    };
    let mut e = spawn_fake(
        &[
            "--log",
            log.to_str().unwrap(),
            "--options",
            "chess960",
            "--moves",
            "e1h1,a7a6",
        ],
        &options,
    )
    .unwrap();
    let start = Position::from_fen_960(FEN_960).unwrap();
    let mut g = Game::new(start);
    let first = e.best_move(&start, &[], GoClock::Depth(1), WAIT).unwrap();
    g.play(first).unwrap();
    assert_eq!(g.plies()[0].san, "O-O");
    assert_eq!(
        g.position().to_fen(),
        "1r2k2r/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b kq - 1 1"
    );
    let moves: Vec<Move> = g.plies().iter().map(|p| p.mv).collect();
    let reply = e
        .best_move(&start, &moves, GoClock::Depth(1), WAIT)
        .unwrap();
    g.play(reply).unwrap();
    drop(e);
    let lines = received(&log);
    assert!(
        lines.contains(&"setoption name UCI_Chess960 value true".to_string()),
        "{lines:?}"
    );
    assert!(
        lines.contains(&format!("position fen {} moves e1h1", start.to_fen())),
        "{lines:?}"
    );
}

/// An engine that offers no UCI_Chess960 is refused for a Chess960 game, in words.
#[test]
fn guidelines_ii_an_engine_without_uci_chess960_is_refused_in_words() {
    let options = EngineOptions {
        chess960: true,
        ..quick()
    };
    let err = spawn_fake(&["--options", "minimal"], &options)
        .err()
        .expect("an error");
    assert!(matches!(err, EngineError::NoChess960 { .. }));
    assert!(err.to_string().contains("does not play Chess960"), "{err}");
    assert!(
        escaque::speech::errors::engine(&err, Lang::Es).contains("no juega Ajedrez960"),
        "{}",
        escaque::speech::errors::engine(&err, Lang::Es)
    );
}

// ---------------------------------------------------------------- the play mode's settings

/// A program that runs the fake engine with a log (play mode starts the engine without
/// arguments, as the config names it).
fn fake_with_log(test: &str, log: &Path) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let script = log.with_file_name(format!("{test}.sh"));
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nexec '{}' --log '{}' \"$@\"\n",
            fake().display(),
            log.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    script
}

/// Plays White's 1.e4 in a 5+3 game against the engine of `config` (Black) through play
/// mode's engine seat, waits for its answer, and returns the `go` line the engine received.
fn go_sent_in_a_clocked_game(test: &str, config: &mut escaque::config::Config) -> String {
    use escaque::modes::play::EngineSide;
    use escaque::table::command::Command;
    use escaque::table::session::{Seat, Session, Setup};
    let (_dir, log) = log_path(test);
    config.engine.path = fake_with_log(test, &log);
    let setup = Setup {
        time_control: Some("5+3".parse::<TimeControl>().unwrap()),
        seats: [Seat::Human, Seat::Engine],
        ..Setup::default()
    };
    let mut side = EngineSide::start(&setup, config, None, Lang::En);
    assert_eq!(side.message, None);
    assert_eq!(side.name(), Some("Fake UCI"));
    let mut session = Session::new(setup, 0);
    let e4 = parse_move(session.game().position(), "e4", Letters::English).unwrap();
    session
        .command_by(Color::White, Command::Move(e4), 2 * S)
        .unwrap();
    let began = std::time::Instant::now();
    while session.game().plies().len() < 2 {
        side.step(&mut session, 3 * S);
        assert_eq!(side.message, None);
        assert!(began.elapsed() < WAIT, "the engine did not answer");
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(!side.is_thinking());
    drop(side);
    received(&log)
        .into_iter()
        .find(|l| l.starts_with("go"))
        .expect("a go command")
}

#[test]
fn the_configured_move_time_is_sent_in_a_clocked_game() {
    let mut config = escaque::config::Config::default();
    config.engine.move_time_ms = Some(500);
    assert_eq!(
        go_sent_in_a_clocked_game("movetime-clocked", &mut config),
        "go movetime 500"
    );
}

#[test]
fn the_configured_maximum_bounds_the_clock_in_a_clocked_game() {
    let mut config = escaque::config::Config::default();
    config.engine.max_move_time_ms = Some(700);
    // 5+3 after 1.e4 in 2 s, Black thinking 1 s: the game clock, and the bound beside it.
    assert_eq!(
        go_sent_in_a_clocked_game("maxtime-clocked", &mut config),
        "go wtime 301000 btime 299000 winc 3000 binc 3000 movetime 700"
    );
}

#[test]
fn without_settings_the_engine_gets_the_clock_alone() {
    let mut config = escaque::config::Config::default();
    assert_eq!(
        go_sent_in_a_clocked_game("clock-only", &mut config),
        "go wtime 301000 btime 299000 winc 3000 binc 3000"
    );
}

#[test]
fn move_times_never_exceed_the_time_left_or_the_maximum() {
    let clock = GoClock::Clock {
        wtime: 2_000,
        btime: 60_000,
        winc: 0,
        binc: 1_000,
        movestogo: None,
        movetime: None,
    };
    let w = |mt, max| GoClock::with_settings(Some(clock), Color::White, mt, max);
    // Nine tenths of White's 2 s.
    assert_eq!(w(Some(5_000), None), GoClock::MoveTime(1_800));
    assert_eq!(w(Some(500), Some(300)), GoClock::MoveTime(300));
    assert_eq!(
        GoClock::with_settings(Some(clock), Color::Black, Some(500), None),
        GoClock::MoveTime(500)
    );
    assert_eq!(w(None, None), clock);
    assert_eq!(
        w(None, Some(10_000)).go_command(),
        "go wtime 2000 btime 60000 winc 0 binc 1000 movetime 1800"
    );
    // Untimed: the move time, 1 s when none is set, never beyond the maximum.
    assert_eq!(
        GoClock::with_settings(None, Color::White, None, None),
        GoClock::MoveTime(1_000)
    );
    assert_eq!(
        GoClock::with_settings(None, Color::White, Some(800), Some(600)),
        GoClock::MoveTime(600)
    );
    assert_eq!(
        w(None, Some(10_000)).answer_limit_ms(Color::White, 100),
        Some(1_900)
    );
}
