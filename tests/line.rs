//! The screen-reader line mode (App. D), driven by scripted input with the time given by the
//! test: exact transcripts, confirmations, low-time warnings, and a game against the fake
//! UCI engine (examples/fake_uci.rs).

mod common;

use std::io::Cursor;
use std::path::PathBuf;
use std::sync::OnceLock;

use escaque::config::Config;
use escaque::core::Color;
use escaque::lang::Lang;
use escaque::laws::Termination;
use escaque::laws::time_control::TimeControl;
use escaque::modes::event_loop::TimeSource;
use escaque::modes::line::{LineCompanion, LineEnd, LineMode, LineOptions, NoCompanion};
use escaque::modes::play::EngineSide;
use escaque::speech::{Profile, Speaker};
use escaque::table::session::{Seat, Session, Setup};

/// A clock stopped at one instant.
struct At(u64);

impl TimeSource for At {
    fn now_ms(&self) -> u64 {
        self.0
    }
}

fn options() -> LineOptions {
    LineOptions {
        warnings_ms: vec![],
        voice: None,
        prompt: false,
    }
}

/// Runs the line mode over `input` and returns what it printed and how it ended.
fn run(
    setup: Setup,
    speaker: Speaker,
    opts: LineOptions,
    input: &str,
    now: u64,
    companion: &mut dyn LineCompanion,
) -> (String, LineEnd, Session) {
    let mut out = Vec::new();
    let session = Session::new(setup, 0);
    let mut mode = LineMode::new(session, speaker, &mut out, opts);
    let end = mode
        .run(Cursor::new(input.as_bytes().to_vec()), &At(now), companion)
        .unwrap();
    let session = mode.session.clone();
    (String::from_utf8(out).unwrap(), end, session)
}

fn es() -> Speaker {
    Speaker::new(Profile::Es, Lang::Es)
}

fn en() -> Speaker {
    Speaker::new(Profile::En, Lang::En)
}

#[test]
fn app_d_piped_moves_in_spanish_end_cleanly() {
    let (out, end, s) = run(
        Setup::default(),
        es(),
        options(),
        "e4\ne5\n",
        0,
        &mut NoCompanion,
    );
    assert_eq!(end, LineEnd::EndOfInput);
    assert_eq!(s.game().plies().len(), 2);
    insta::assert_snapshot!("line_piped_es", out);
}

#[test]
fn app_d_moves_in_words_queries_and_a_declined_offer() {
    let input = "peon eva cuatro\n\
                 caballo gustavo ocho felix seis\n\
                 reloj\n\
                 jugadas\n\
                 piezas\n\
                 columna eva\n\
                 casilla eva cuatro\n\
                 legales gustavo uno\n\
                 tablas\n\
                 sí\n\
                 rechazo\n\
                 caballo felix tres\n\
                 cf3\n\
                 abandono\n\
                 no\n\
                 abandono\n\
                 si\n\
                 planilla\n";
    let setup = Setup {
        time_control: Some("15+10".parse::<TimeControl>().unwrap()),
        ..Setup::default()
    };
    let (out, end, s) = run(setup, es(), options(), input, 0, &mut NoCompanion);
    assert_eq!(end, LineEnd::EndOfInput);
    let o = s.game().outcome().unwrap();
    assert_eq!(o.termination, Termination::Resignation);
    // The draw offer went on the record and was declined (9.1.2).
    assert_eq!(s.game().offers().len(), 1);
    insta::assert_snapshot!("line_words_es", out);
}

#[test]
fn app_d_2_6_low_time_warning_said_once() {
    let mut setup = Setup {
        time_control: Some("1+0".parse::<TimeControl>().unwrap()),
        ..Setup::default()
    };
    // The line mode's thresholds replace the clock's own warning (as play mode sets it).
    setup.clock_options.low_time_ms = None;
    let opts = LineOptions {
        warnings_ms: vec![120_000, 59_000, 30_000],
        ..options()
    };
    // Two seconds into White's minute: under 59 s, over 30 s.
    let (out, _, _) = run(setup, en(), opts, "clock\n", 2_000, &mut NoCompanion);
    let warnings: Vec<&str> = out.lines().filter(|l| l.contains("left")).collect();
    assert_eq!(warnings, ["White has fifty-eight seconds left."], "{out}");
}

#[test]
fn app_d_illegal_and_ambiguous_input_gets_a_spoken_reason() {
    let (out, _, s) = run(
        Setup {
            start: escaque::core::Position::from_fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1").unwrap(),
            ..Setup::default()
        },
        en(),
        options(),
        "rook david one\ne5\nbanana\n",
        0,
        &mut NoCompanion,
    );
    assert!(s.game().plies().is_empty());
    insta::assert_snapshot!("line_errors_en", out);
}

#[test]
fn quit_asks_while_a_game_runs() {
    let (out, end, _) = run(
        Setup::default(),
        en(),
        options(),
        "e4\nquit\nyes\ne5\n",
        0,
        &mut NoCompanion,
    );
    assert_eq!(end, LineEnd::Quit);
    assert!(
        out.contains("Quit? The game is saved and can be resumed. Answer yes or no."),
        "{out}"
    );
    assert!(
        !out.contains("Black: pawn"),
        "nothing after quitting: {out}"
    );
}

/// The fake engine's binary, built on demand (see tests/engine.rs for why).
fn fake() -> PathBuf {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        let exe = std::env::current_exe().unwrap();
        let mut dir = exe.parent().unwrap().to_path_buf();
        if dir.ends_with("deps") {
            dir.pop();
        }
        let profile = dir.file_name().unwrap().to_str().unwrap().to_string();
        let mut cmd = std::process::Command::new(env!("CARGO"));
        cmd.args(["build", "--quiet", "--example", "fake_uci", "--target-dir"])
            .arg(dir.parent().unwrap())
            .current_dir(env!("CARGO_MANIFEST_DIR"));
        if profile == "release" {
            cmd.arg("--release");
        }
        assert!(cmd.status().unwrap().success());
        dir.join("examples")
            .join(format!("fake_uci{}", std::env::consts::EXE_SUFFIX))
    })
    .clone()
}

fn engine_config(path: PathBuf) -> Config {
    let mut c = Config::default();
    c.engine.path = path;
    c.engine.move_time_ms = Some(50);
    c
}

#[test]
fn engine_plays_black_in_line_mode() {
    let setup = Setup {
        seats: [Seat::Human, Seat::Engine],
        ..Setup::default()
    };
    let config = engine_config(fake());
    let mut engine = EngineSide::start(&setup, &config, None, Lang::En);
    assert!(engine.message.is_none(), "{:?}", engine.message);
    let (out, _, s) = run(setup, en(), options(), "e4\nd4\n", 0, &mut engine);
    let plies = s.game().plies();
    assert_eq!(plies.len(), 4, "{out}");
    assert!(
        plies
            .iter()
            .skip(1)
            .step_by(2)
            .all(|p| p.color == Color::Black)
    );
    assert_eq!(
        out.lines().filter(|l| l.contains("Black:")).count(),
        2,
        "{out}"
    );
}

/// A game against an engine in which the person, White, has played 1. e4.
fn person_plays_e4(setup: Setup) -> Session {
    let mut session = Session::new(setup, 0);
    let e4 = escaque::core::parse_move(
        session.game().position(),
        "e4",
        escaque::core::Letters::English,
    )
    .unwrap();
    session
        .command(escaque::table::command::Command::Move(e4), 0)
        .unwrap();
    session
}

#[test]
fn a_missing_engine_is_reported_in_words_and_the_game_is_kept() {
    let setup = Setup {
        seats: [Seat::Human, Seat::Engine],
        ..Setup::default()
    };
    let config = engine_config(PathBuf::from("/nonexistent/escaque-no-engine"));
    let mut engine = EngineSide::start(&setup, &config, None, Lang::Es);
    let msg = engine.message.clone().unwrap();
    assert!(msg.contains("/nonexistent/escaque-no-engine"), "{msg}");
    // The person's move stands and the game goes on, waiting for the engine's side.
    let mut session = person_plays_e4(setup);
    engine.step(&mut session, 1_000);
    assert_eq!(session.game().plies().len(), 1);
    assert!(!session.game().is_over());
}

#[test]
fn an_engine_that_crashes_is_reported_and_the_game_is_kept() {
    // A wrapper script that makes the fake crash at its first `go`.
    let tmp = common::TempDir::new("line");
    let script = tmp.path().join("crashing-engine");
    std::fs::write(
        &script,
        format!("#!/bin/sh\nexec '{}' --crash-after 0\n", fake().display()),
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let setup = Setup {
        seats: [Seat::Human, Seat::Engine],
        ..Setup::default()
    };
    let config = engine_config(script);
    // A test thread that forks while the script is still open for writing makes exec fail
    // with ETXTBSY for a moment (os error 26): try again until the file is free.
    let mut engine = EngineSide::start(&setup, &config, None, Lang::En);
    for _ in 0..100 {
        if !engine
            .message
            .as_deref()
            .is_some_and(|m| m.contains("os error 26"))
        {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
        engine = EngineSide::start(&setup, &config, None, Lang::En);
    }
    let mut session = person_plays_e4(setup);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while engine.message.is_none() && std::time::Instant::now() < deadline {
        engine.step(&mut session, 0);
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let msg = engine.message.unwrap();
    assert!(
        msg.contains("stopped") || msg.contains("died") || msg.contains("exit"),
        "{msg}"
    );
    assert_eq!(session.game().plies().len(), 1, "the game is kept");
    assert!(!session.game().is_over());
}

/// App. C.9: the en-passant suffix is optional and may stand apart, `exd6 e.p.` as typed in
/// the line mode (the notation reader took it, the line mode's word reader did not).
#[test]
fn app_c_9_en_passant_suffix_after_a_space_in_the_line_mode() {
    for (speaker, suffix) in [(en(), "e.p."), (en(), "ep"), (es(), "a.p."), (es(), "e.p.")] {
        let (out, _, s) = run(
            Setup::default(),
            speaker,
            options(),
            &format!("e4\na6\ne5\nd5\nexd6 {suffix}\n"),
            0,
            &mut NoCompanion,
        );
        let last = s.game().plies().last().map(|p| p.san.clone());
        assert_eq!(last.as_deref(), Some("exd6"), "{suffix}: {out}");
        assert_eq!(s.game().plies().len(), 5, "{suffix}: {out}");
    }
}

/// App. C.3 in the Spanish profile: R is the king (rey), so `bxa8=R` promotes to nothing:
/// the move is refused with the choices D, T, A, C, not played as a rook promotion.
#[test]
fn app_c_3_spanish_line_mode_refuses_a_promotion_to_r() {
    let start = escaque::core::Position::from_fen("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let setup = || Setup {
        start,
        ..Setup::default()
    };
    let (out, _, s) = run(setup(), es(), options(), "bxa8=R\n", 0, &mut NoCompanion);
    assert!(s.game().plies().is_empty(), "{out}");
    assert!(out.contains("R es el rey"), "{out}");
    assert!(out.contains("D, T, A o C"), "{out}");
    // The same in Spanish letters for a rook is played; in the English profile R is a rook.
    let (out, _, s) = run(setup(), es(), options(), "bxa8=T\n", 0, &mut NoCompanion);
    assert_eq!(s.game().plies().len(), 1, "{out}");
    let (out, _, s) = run(setup(), en(), options(), "bxa8=R\n", 0, &mut NoCompanion);
    assert_eq!(s.game().plies().len(), 1, "{out}");
    assert!(s.game().plies()[0].san.starts_with("bxa8=R"), "{out}");
}
