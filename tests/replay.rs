//! The arbiter's replay (`escaque replay`): the full screen headless on a `TestBackend`
//! driven by keys, the decisions and their export, the screen-reader line mode's
//! transcript, and the exit codes. Each test names the article whose finding or decision it
//! checks.

mod common;

use std::collections::VecDeque;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use escaque::config::NotationChoice;
use escaque::core::Notation;
use escaque::keymap::Keymap;
use escaque::lang::Lang;
use escaque::laws::arbiter::{Decision, FindingKind, ReviewOptions};
use escaque::laws::irregularity::ArbiterPenalty;
use escaque::laws::{Article, GameResult};
use escaque::modes::app::View;
use escaque::modes::event_loop::Input;
use escaque::modes::replay::{self, Proposal, Replay, ReplayApp, ReplayError, ReplayFlow};
use escaque::modes::replay_line::{ReplayLine, ReplayLineEnd};
use escaque::speech::{Profile, Speaker};
use escaque::ui::{Glyphs, Theme};

const GAME38: &str = "pgn/lichess_penguingim1_game38_illegal.pgn";
const CLOCKS: &str = "pgn/replay_clocks_illegal.pgn";

fn speaker(lang: Lang) -> Speaker {
    Speaker::new(
        match lang {
            Lang::Es => Profile::Es,
            Lang::En => Profile::En,
        },
        lang,
    )
}

/// The scoresheet's notation of a session in `lang` without a choice in the config.
fn notation(lang: Lang) -> Notation {
    NotationChoice::for_lang(lang).notation()
}

fn replay_of(path: &Path, game: usize, lang: Lang) -> Replay {
    let review = replay::load(path, game, &ReviewOptions::default()).unwrap();
    Replay::new(
        review,
        speaker(lang),
        notation(lang),
        Some(path.to_path_buf()),
    )
}

fn app_of(path: &Path, game: usize, lang: Lang) -> ReplayApp {
    ReplayApp::new(
        replay_of(path, game, lang),
        Keymap::default(),
        View {
            lang,
            notation: notation(lang),
            glyphs: Glyphs::Unicode,
            clock_readings: false,
            low_time_ms: 60_000,
        },
        Theme::built_in("classic"),
    )
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

/// Types `text` (`\n` is Enter).
fn typed(app: &mut ReplayApp, text: &str) {
    for c in text.chars() {
        let k = if c == '\n' {
            key(KeyCode::Enter)
        } else {
            key(KeyCode::Char(c))
        };
        app.key(k);
    }
}

fn text(app: &ReplayApp, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| app.draw(f)).unwrap();
    let buf = t.backend().buffer();
    let mut out = String::new();
    for y in 0..h {
        for x in 0..w {
            out.push_str(buf[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

/// A fresh directory under the system's temporary one, with a copy of a fixture: the
/// directory's guard (removing it when dropped) and the copy's path.
fn scratch(name: &str, fixture: &str) -> (common::TempDir, PathBuf) {
    let dir = common::TempDir::new(&format!("replay-{name}"));
    let to = dir.path().join("games.pgn");
    std::fs::copy(common::fixture(fixture), &to).unwrap();
    (dir, to)
}

/// Scripted keys for the loop; the input ends after the last one.
struct Script(VecDeque<Event>);

impl Input for Script {
    fn next(&mut self, _timeout: Duration) -> io::Result<Option<Event>> {
        match self.0.pop_front() {
            Some(e) => Ok(Some(e)),
            None => Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "end of script",
            )),
        }
    }
}

#[test]
fn art_7_5_1_replay_screen_at_the_illegal_move_game_38() {
    let mut a = app_of(&common::fixture(GAME38), 1, Lang::En);
    // Tab: the class of the control at the start is ply 0, so the next finding is the
    // Result tag at ply 1, then the illegal 1... b4 at ply 2.
    a.key(key(KeyCode::Tab));
    a.key(key(KeyCode::Tab));
    assert_eq!(a.ply(), 2);
    assert!(
        a.announcement()
            .starts_with("1… b4, as recorded. 1... b4: an illegal move by Black"),
        "{}",
        a.announcement()
    );
    assert!(
        a.announcement().ends_with(" (Art. 7.5.1)."),
        "{}",
        a.announcement()
    );
    let small = text(&a, 80, 24);
    assert!(small.contains("> after 1...  Art. 7.5.1"), "{small}");
    // The title's first words are the game, the recorded result and the Laws' verdict with
    // its article: a narrow screen cuts the players' names (the clock pane has them).
    let title = small.lines().next().unwrap_or_default();
    assert!(
        title.starts_with(" Game 1  ·  1-0 recorded, by the Laws * (Art. 7.5.1)  ·  penguingim1"),
        "{title}"
    );
    insta::assert_snapshot!("replay_illegal_move_game38_80x24", small);
    insta::assert_snapshot!("replay_illegal_move_game38_120x40", text(&a, 120, 40));
}

#[test]
fn art_7_5_1_replay_screen_in_spanish_with_clocks_from_the_record() {
    let mut a = app_of(&common::fixture(CLOCKS), 1, Lang::Es);
    typed(&mut a, "m6\n");
    assert_eq!(a.ply(), 6);
    let screen = text(&a, 120, 40);
    // Both clocks at ply 6 from [%clk]: White 4:20 after 3. Bb5, Black 4:10 after 3... a6.
    assert!(
        screen.contains("0:04:20") && screen.contains("0:04:10"),
        "{screen}"
    );
    assert!(screen.contains("> tras 3...  art. 7.5.1"), "{screen}");
    insta::assert_snapshot!("replay_clocks_es_120x40", screen);
}

#[test]
fn art_7_5_1_stepping_and_finding_keys_land_on_the_right_ply() {
    let mut a = app_of(&common::fixture(CLOCKS), 1, Lang::En);
    assert_eq!(a.ply(), 0);
    typed(&mut a, "...");
    assert_eq!(a.ply(), 3);
    // The screen writes the move as the scoresheet does (issue 22): words are the screen
    // reader's.
    assert_eq!(a.announcement(), "2. Nf3.");
    typed(&mut a, ",");
    assert_eq!(a.ply(), 2);
    a.key(key(KeyCode::End));
    // The last ply is the illegal 4. Ke3 (ply 7), past the six replayed plies.
    assert_eq!(a.ply(), 7);
    a.key(key(KeyCode::Home));
    assert_eq!(a.ply(), 0);
    a.key(key(KeyCode::Tab));
    assert_eq!(
        a.ply(),
        6,
        "the Result tag's finding sits on the last legal ply"
    );
    a.key(key(KeyCode::Tab));
    assert_eq!(a.ply(), 7);
    assert!(
        a.announcement()
            .contains("4. Ke3: an illegal move by White")
    );
    a.key(key(KeyCode::Tab));
    assert_eq!(a.ply(), 7);
    assert_eq!(
        a.announcement(),
        "There are no more findings after this ply."
    );
    a.key(key(KeyCode::BackTab));
    assert_eq!(a.ply(), 6);
    a.key(key(KeyCode::BackTab));
    assert_eq!(a.ply(), 0);
    // A jump past the end is refused in words, on the command line, and the ply stays.
    typed(&mut a, "m42\n");
    assert_eq!(a.ply(), 0);
    assert!(text(&a, 80, 24).contains("There is no ply 42: the game has 7 plies."));
    a.key(key(KeyCode::Esc));
    typed(&mut a, "mx\n");
    assert!(text(&a, 80, 24).contains("\"x\": type a ply number"));
    a.key(key(KeyCode::Esc));
    typed(&mut a, "m4\n");
    assert_eq!(a.ply(), 4);
    assert_eq!(a.key(key(KeyCode::Char('q'))), ReplayFlow::Quit);
}

#[test]
fn art_7_5_5_decisions_recorded_and_exported_beside_the_file() {
    let (_dir, file) = scratch("decide", CLOCKS);
    let mut a = app_of(&file, 1, Lang::En);
    a.key(key(KeyCode::End));
    assert_eq!(a.ply(), 7);
    // At the illegal move: reinstate the position before it (after ply 6).
    typed(&mut a, "vrestore\n");
    assert_eq!(
        a.announcement(),
        "Decision recorded at ply 6: the position after ply 6 is reinstated (Art. 7.1)."
    );
    // 300+0 is blitz: the opponent of the offender gets one minute by default (B.3).
    typed(&mut a, "vpenalty white\n");
    assert!(
        a.announcement()
            .contains("penalty on White: 60 s added to the opponent's clock")
    );
    // The proportional clocks are shown and must be confirmed.
    typed(&mut a, "vclocks\n");
    let shown = text(&a, 120, 40);
    assert!(
        shown.contains(
            "Proportional clocks for the position after ply 6: White 0:04:20, Black 0:04:10"
        ),
        "{shown}"
    );
    a.key(key(KeyCode::Char('y')));
    assert!(
        a.announcement()
            .contains("clocks set to 0:04:20 (White) and 0:04:10 (Black)")
    );
    // A bad decision is refused with the input quoted; nothing is recorded.
    typed(&mut a, "vresult 2-0 6.9\n");
    assert!(
        text(&a, 120, 40)
            .contains("\"result 2-0 6.9\": word 2 \"2-0\": the result is 1-0, 0-1 or 1/2")
    );
    a.key(key(KeyCode::Esc));
    typed(&mut a, "vresult 0-1 7.5.5\n");
    assert_eq!(a.replay.review.decisions.len(), 4);
    assert_eq!(
        a.replay.review.declared_result(),
        Some((GameResult::BlackWins, Article("7.5.5")))
    );
    a.key(key(KeyCode::Char('s')));
    let dir = file.parent().unwrap();
    let report = dir.join("games.report.txt");
    let decided = dir.join("games.decided.pgn");
    assert_eq!(
        a.announcement(),
        format!(
            "Report saved in {} and the game with the decisions in {}.",
            report.display(),
            decided.display()
        )
    );
    let report = std::fs::read_to_string(report).unwrap();
    assert!(
        report.contains("the position after ply 6 is reinstated"),
        "{report}"
    );
    assert!(
        report.contains("penalty on White: 60 s added to the opponent's clock"),
        "{report}"
    );
    assert!(
        report.contains("clocks set to 0:04:20 (White) and 0:04:10 (Black)"),
        "{report}"
    );
    assert!(report.contains("result declared: 0-1"), "{report}");
    let pgn = std::fs::read_to_string(decided).unwrap();
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    assert!(pgn.contains("[RecordedResult \"1-0\"]"), "{pgn}");
    assert!(
        pgn.contains("[ArbiterDecision \"ply 6: the position after ply 6 is reinstated"),
        "{pgn}"
    );
    assert!(pgn.contains("Art. 7.5.5"), "{pgn}");
    // The decided PGN reads back: its tags carry the decisions.
    let back = escaque::laws::pgn::read_str(&pgn).next().unwrap().unwrap();
    assert_eq!(back.tag("Result"), Some("0-1"));
}

#[test]
fn art_7_5_5_decision_commands_are_read_or_refused_with_the_input_quoted() {
    let mut r = replay_of(&common::fixture(CLOCKS), 1, Lang::En);
    r.go(7).unwrap();
    assert_eq!(r.decision_ply(), 6);
    assert_eq!(
        r.parse_decision("penalty black 120"),
        Ok(Proposal::Ready(Decision::Penalty {
            offender: escaque::core::Color::Black,
            penalty: ArbiterPenalty::TimeToOpponent { seconds: 120 }
        }))
    );
    assert_eq!(
        r.parse_decision("result 1/2 a.5.2"),
        Ok(Proposal::Ready(Decision::DeclareResult {
            result: GameResult::Draw,
            article: Article("A.5.2")
        }))
    );
    // 6.10.2: the clocks the arbiter sets, typed as a clock shows them.
    assert_eq!(
        r.parse_decision("clocks 1:10:00 58:30.5"),
        Ok(Proposal::Ready(Decision::SetClocks {
            white_ms: 4_200_000,
            black_ms: 3_510_500
        }))
    );
    for (bad, says) in [
        ("", "word 1 \"\": is not a decision"),
        (
            "clocks 1:10:00",
            "word 3 \"\": must be a clock time, such as 1:30:00 or 45:00",
        ),
        (
            "clocks 1:10:00 soon",
            "word 3 \"soon\": must be a clock time",
        ),
        ("clocks 70 0:50", "word 2 \"70\": must be a clock time"),
        (
            "clocks 1:00 2:00 3:00",
            "word 4 \"3:00\": this word is one too many",
        ),
        (
            "restore 9",
            "word 2 \"9\": the position to reinstate must come before",
        ),
        ("restore x", "word 2 \"x\": must be a ply number"),
        ("penalty purple", "word 2 \"purple\": say the colour"),
        ("penalty white 0", "word 3 \"0\": must be seconds"),
        (
            "result 1-0",
            "word 3 \"\": must be the number of the article it rests on",
        ),
        (
            "result 1-0 banana",
            "word 3 \"banana\": must be the number of the article",
        ),
        ("restore 1 2", "word 3 \"2\": this word is one too many"),
        ("dance", "\"dance\": word 1 \"dance\": is not a decision"),
    ] {
        let e = r.parse_decision(bad).unwrap_err();
        assert!(e.contains(says), "{bad:?}: {e}");
    }
    // Spanish words and messages.
    let r = replay_of(&common::fixture(CLOCKS), 1, Lang::Es);
    assert!(matches!(
        r.parse_decision("sanción negras"),
        Ok(Proposal::Ready(Decision::Penalty { .. }))
    ));
    assert!(matches!(
        r.parse_decision("relojes 0:04:00 0:03:30"),
        Ok(Proposal::Ready(Decision::SetClocks {
            white_ms: 240_000,
            black_ms: 210_000
        }))
    ));
    let e = r.parse_decision("relojes 4:00 pronto").unwrap_err();
    assert!(
        e.contains("palabra 3 «pronto»: debe ser un tiempo de reloj"),
        "{e}"
    );
    let e = r.parse_decision("resultado 3-0 6.9").unwrap_err();
    assert!(e.starts_with("«resultado 3-0 6.9»: palabra 2 «3-0»"), "{e}");
}

#[test]
fn art_7_5_1_the_loop_runs_on_scripted_keys_and_ends_with_the_input() {
    let mut a = app_of(&common::fixture(GAME38), 1, Lang::En);
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    let keys = [KeyCode::Char('.'), KeyCode::Char('.'), KeyCode::Char('?')];
    let mut script = Script(keys.iter().map(|&k| Event::Key(key(k))).collect());
    replay::run_loop(&mut t, &mut a, &mut script).unwrap();
    assert_eq!(a.ply(), 2);
    let buf = t.backend().buffer();
    let mut screen = String::new();
    for y in 0..24 {
        for x in 0..80 {
            screen.push_str(buf[(x, y)].symbol());
        }
    }
    // The help is the replay's, from the keymap.
    assert!(screen.contains("Replay help"), "{screen}");
    assert!(screen.contains("Tab"), "{screen}");
    // q ends the loop before the input does.
    let mut script = Script(
        [KeyCode::Char('q'), KeyCode::Char('.')]
            .iter()
            .map(|&k| Event::Key(key(k)))
            .collect(),
    );
    let mut a = app_of(&common::fixture(GAME38), 1, Lang::En);
    replay::run_loop(&mut t, &mut a, &mut script).unwrap();
    assert_eq!(a.ply(), 0);
}

fn transcript(path: &Path, lang: Lang, input: &str) -> (String, ReplayLineEnd) {
    let mut out = Vec::new();
    let end = {
        let mut line = ReplayLine::new(replay_of(path, 1, lang), &mut out, false);
        line.run(io::Cursor::new(input.to_string())).unwrap()
    };
    (String::from_utf8(out).unwrap(), end)
}

/// Art. 7.5.1, 7.5.5, B.3 as the screen reader says them: the line mode speaks every finding
/// with its articles, results, counts and clock readings in words, and reads no FEN
/// (docs/speech.md: no digits or symbols spoken).
#[test]
fn art_7_5_5_the_screen_reader_says_findings_without_fen_results_or_article_digits() {
    let (_dir, file) = scratch("spoken", CLOCKS);
    for (lang, input) in [
        (Lang::En, "next\nnext\nnext\nnext\nnext\nnext\nnext\nnext\n"),
        (
            Lang::Es,
            "siguiente\nsiguiente\nsiguiente\nsiguiente\nsiguiente\nsiguiente\n\
                    siguiente\nsiguiente\n",
        ),
    ] {
        let (said, _) = transcript(&file, lang, input);
        // The illegal move's finding is said, without the position it was read against.
        let illegal = lang.pick("jugada ilegal de las blancas", "illegal move by White");
        assert!(
            said.to_lowercase().contains(&illegal.to_lowercase()),
            "{said}"
        );
        assert!(!said.contains(" w KQkq") && !said.contains("/8/"), "{said}");
        for written in ["1-0", " * ", "(7.5.5", "B.3)", "(B.2)", "T = ", "300+0"] {
            assert!(!said.contains(written), "{written:?} said aloud:\n{said}");
        }
        let words = lang.pick(
            "artículo siete punto cinco punto cinco y apéndice B, artículo tres",
            "article seven point five point five and appendix B, article three",
        );
        assert!(said.contains(words), "{said}");
    }
}

/// The line mode's list of findings is said as stepping says them: the moves and the
/// articles in words, never a FEN, an article's digits or a move's letters.
#[test]
fn art_7_5_5_the_screen_readers_list_of_findings_is_said_in_words() {
    let (_dir, file) = scratch("listed", CLOCKS);
    for (lang, input, words) in [
        (
            Lang::Es,
            "hallazgos\n",
            "artículo siete punto cinco punto uno",
        ),
        (Lang::En, "findings\n", "article seven point five point one"),
    ] {
        let (said, _) = transcript(&file, lang, input);
        let listed = said
            .split_once(lang.pick("Juegan blancas.", "White to move."))
            .map_or(said.as_str(), |(_, rest)| rest);
        assert!(listed.contains(words), "{listed}");
        // (The illegal move is quoted as the record writes it: `Ke3`, as recorded.)
        for written in ["art. 7", "Art. 7", "(7.5", " w KQkq", "ply 7", "jugada 7 ("] {
            assert!(
                !listed.contains(written),
                "{written:?} said aloud:\n{listed}"
            );
        }
    }
}

#[test]
fn art_7_5_1_line_mode_transcript_of_the_replay() {
    let (_dir, file) = scratch("line", CLOCKS);
    let input = "next\n\nback\nply 5\nfinding\nfinding\nfinding\nfindings\nclock\nboard\n\
                 decide restore\ndecide clocks\nyes\ndecide clocks 0:04:05 0:03:55\n\
                 decide penalty black 30\nply x\nfrobnicate\nfirst\nlast\nhelp\nquit\nsave\nquit\n\
                 next\n";
    let (en, end) = transcript(&file, Lang::En, input);
    assert_eq!(end, ReplayLineEnd::Quit);
    let dir = file.parent().unwrap().display().to_string();
    insta::assert_snapshot!("replay_line_en", en.replace(&dir, "DIR"));
    let es_input = "siguiente\natras\njugada 7\nhallazgos\nreloj\ntablero\n\
                    decidir restablecer\ndecidir relojes\nno\ninforme\nayuda\n";
    let (es, end) = transcript(&file, Lang::Es, es_input);
    assert_eq!(end, ReplayLineEnd::EndOfInput);
    // The input ended with a decision not saved: it was saved, and the arbiter told.
    assert!(
        es.ends_with(&format!(
            "Informe guardado en {dir}/games.report.txt y partida con las decisiones en \
             {dir}/games.decided.pgn.\nFin de la entrada.\n"
        )),
        "{es}"
    );
    insta::assert_snapshot!("replay_line_es", es.replace(&dir, "DIR"));
}

#[test]
fn art_5_1_1_every_ply_is_said_with_its_move_and_the_mate_with_its_finding() {
    // The second game of the fixture: a fool's mate.
    let review = replay::load(&common::fixture(CLOCKS), 2, &ReviewOptions::default()).unwrap();
    assert!(
        review
            .findings
            .iter()
            .any(|f| f.kind == FindingKind::Checkmate)
    );
    let mut out = Vec::new();
    ReplayLine::new(
        Replay::new(review, speaker(Lang::En), Notation::ENGLISH, None),
        &mut out,
        false,
    )
    .run(io::Cursor::new("\n\n\n\n\nsave\n"))
    .unwrap();
    let out = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[2].starts_with("Move one, White: pawn Felix three"),
        "{out}"
    );
    assert!(
        lines[5].starts_with("Move two, Black: Queen Hector four"),
        "{out}"
    );
    assert!(
        lines[5].contains("Checkmate: Black wins, article five point one point one."),
        "{out}"
    );
    assert_eq!(lines[6], "This is the last ply of the game.");
    assert_eq!(lines[7], "There is no input file to save beside.");
}

#[test]
fn load_refuses_a_missing_file_and_a_game_beyond_the_file() {
    let missing = Path::new("/nonexistent/escaque/games.pgn");
    match replay::load(missing, 1, &ReviewOptions::default()) {
        Err(e @ ReplayError::Read { .. }) => {
            assert!(
                e.to_string()
                    .starts_with("cannot read /nonexistent/escaque/games.pgn:")
            )
        }
        other => panic!("{:?}", other.map(|r| r.index)),
    }
    match replay::load(&common::fixture(CLOCKS), 3, &ReviewOptions::default()) {
        Err(e @ ReplayError::NoSuchGame { .. }) => {
            assert!(
                e.to_string().contains("has 2 game(s): there is no game 3"),
                "{e}"
            )
        }
        other => panic!("{:?}", other.map(|r| r.index)),
    }
}

fn escaque(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_escaque"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn exit_codes_of_escaque_replay() {
    let (code, err) = escaque(&["replay", "/nonexistent/escaque/games.pgn"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("cannot read /nonexistent/escaque/games.pgn"),
        "{err}"
    );
    let fixture = common::fixture(CLOCKS);
    let f = fixture.to_str().unwrap();
    let (code, err) = escaque(&["replay", f, "--game", "9", "--screen-reader"]);
    assert_eq!(code, 2);
    assert!(err.contains("has 2 game(s): there is no game 9"), "{err}");
    let (code, _) = escaque(&["replay", f, "--game", "0"]);
    assert_eq!(code, 2, "--game counts from 1");
    // The line mode on an empty input: the opening lines, then the end, exit 0.
    let out = Command::new(env!("CARGO_BIN_EXE_escaque"))
        .args(["replay", f, "--screen-reader", "--lang", "en"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("escaque, arbiter's replay. Game one: Alba against Bruno."));
    assert!(text.ends_with("End of input.\n"));
}

#[test]
fn art_7_5_1_game_38_of_the_shared_lichess_file_is_the_fixture() {
    // The fixture is a copy of game 38 of the shared file: both give the same review.
    let Some(shared) = common::shared_data("pgn/real/lichess_2025_penguingim1_100.pgn") else {
        return;
    };
    let a = replay::load(&shared, 38, &ReviewOptions::default()).unwrap();
    let b = replay::load(&common::fixture(GAME38), 1, &ReviewOptions::default()).unwrap();
    assert_eq!(a.tags, b.tags);
    assert_eq!(a.findings, b.findings);
    assert!(
        a.findings
            .iter()
            .any(|f| f.kind == FindingKind::IllegalMove && f.ply == 2)
    );
}

#[test]
fn art_5_2_2_moves_recorded_after_the_end_are_listed_under_the_result() {
    const AFTER_DEAD: &str = "pgn/replay_after_dead.pgn";
    let mut a = app_of(&common::fixture(AFTER_DEAD), 1, Lang::En);
    a.key(key(KeyCode::End));
    assert_eq!(a.ply(), 6);
    let shown = text(&a, 100, 30);
    // The game ended with 1. Kxd2 (5.2.2); what the players wrote after it follows the
    // result, numbered on, the ply shown marked.
    let sheet: Vec<&str> = shown
        .lines()
        .filter_map(|l| l.split('│').nth(3))
        .map(str::trim)
        .collect();
    let from = sheet.iter().position(|l| l.starts_with("1. Kxd2")).unwrap();
    assert_eq!(
        sheet[from..from + 6],
        [
            "1. Kxd2",
            "1/2-1/2 Draw: dead position (Art. 5.2.2)",
            "recorded after the end:",
            "1. ...    Ke7",
            "2. Bc4    Kd6",
            "3. --    >Ke5",
        ],
        "{shown}"
    );
    // With the clock readings, in Spanish letters and words.
    let mut a = app_of(&common::fixture(AFTER_DEAD), 1, Lang::Es);
    a.key(key(KeyCode::Char('t')));
    a.key(key(KeyCode::End));
    a.key(key(KeyCode::Char(',')));
    let shown = text(&a, 100, 30);
    assert!(shown.contains("anotadas tras el final:"), "{shown}");
    assert!(shown.contains("1. ...          Re7  0:01:00"), "{shown}");
    assert!(shown.contains("3.>--           Re5"), "{shown}");
}

#[test]
fn the_arbiters_decisions_are_not_lost_on_leaving() {
    // The full screen: q with a decision not saved asks; Esc stays, n leaves without saving.
    let (_dir, file) = scratch("quit", CLOCKS);
    let report = file.parent().unwrap().join("games.report.txt");
    let mut a = app_of(&file, 1, Lang::En);
    a.key(key(KeyCode::End));
    typed(&mut a, "vrestore\n");
    assert_eq!(a.replay.unsaved(), 1);
    assert_eq!(a.key(key(KeyCode::Char('q'))), ReplayFlow::Continue);
    let shown = text(&a, 80, 24);
    assert!(
        shown.contains("1 decision(s) not saved: y save and quit, n quit without saving, Esc stay"),
        "{shown}"
    );
    assert_eq!(a.key(key(KeyCode::Esc)), ReplayFlow::Continue);
    assert_eq!(a.announcement(), "Back to the replay.");
    assert_eq!(a.key(key(KeyCode::Char('q'))), ReplayFlow::Continue);
    assert_eq!(a.key(key(KeyCode::Char('n'))), ReplayFlow::Quit);
    assert!(!report.exists());
    // y saves, then leaves.
    let mut a = app_of(&file, 1, Lang::Es);
    a.key(key(KeyCode::End));
    typed(&mut a, "vrestablecer\n");
    a.key(key(KeyCode::Char('q')));
    let shown = text(&a, 80, 24);
    assert!(
        shown
            .contains("1 decisión(es) sin guardar: s guarda y sale, n sale sin guardar, Esc sigue"),
        "{shown}"
    );
    assert_eq!(a.key(key(KeyCode::Char('s'))), ReplayFlow::Quit);
    assert!(
        std::fs::read_to_string(&report)
            .unwrap()
            .contains("restablece")
    );
    assert_eq!(a.replay.unsaved(), 0);
    std::fs::remove_file(&report).unwrap();
    // The terminal gone with a decision not saved (the keys end): saved.
    let mut a = app_of(&file, 1, Lang::En);
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    let keys = "vpenalty white\n".chars().map(|c| match c {
        '\n' => Event::Key(key(KeyCode::Enter)),
        c => Event::Key(key(KeyCode::Char(c))),
    });
    let mut script = Script(keys.collect());
    replay::run_loop(&mut t, &mut a, &mut script).unwrap();
    assert!(
        std::fs::read_to_string(&report)
            .unwrap()
            .contains("penalty on White")
    );
    // With nothing to save, q leaves at once.
    let mut a = app_of(&file, 1, Lang::En);
    assert_eq!(a.key(key(KeyCode::Char('q'))), ReplayFlow::Quit);
    // The line mode: quit warns once; quit again leaves without saving.
    let (out, end) = transcript(&file, Lang::En, "last\ndecide restore\nquit\nquit\n");
    assert_eq!(end, ReplayLineEnd::Quit);
    assert!(
        out.contains("1 decision(s) not saved: type save, or quit again to leave without them."),
        "{out}"
    );
}

/// Art. 8.1.1 in a Spanish replay: a game the reader refuses is still replayed, and its
/// finding says the reader's error in Spanish, on the screen and in the line mode; a
/// `TimeControl` tag that cannot be read (6.3) too. No English in the Spanish sentences.
#[test]
fn art_8_1_1_a_pgn_error_is_said_in_spanish_in_a_spanish_replay() {
    let tmp = common::TempDir::new("replay-pgnerr");
    let file = tmp.path().join("games.pgn");
    std::fs::write(
        &file,
        "[Event \"a\"]\n[White \"Ana\"]\n[Black \"Bruno\"]\n[Result \"*\"]\n\
         [TimeControl \"40/x\"]\n\n1. e4 e5 *\n\n\
         [Event \"b\"]\n[White \"Ana\"]\n[Black \"Bruno\"]\n[Result \"*\"]\n\n\
         1. e4 {sin cerrar e5 *\n",
    )
    .unwrap();
    let english = [
        "unterminated",
        "never closed",
        "expected",
        "found",
        "at column",
        ", line ",
    ];
    for (game, spanish) in [
        (1, "en la columna 4, se esperaba un número de segundos"),
        (2, "comentario sin cerrar"),
    ] {
        let mut out = Vec::new();
        {
            let mut line = ReplayLine::new(replay_of(&file, game, Lang::Es), &mut out, false);
            line.run(io::Cursor::new("hallazgos\ninforme\n".to_string()))
                .unwrap();
        }
        let said = String::from_utf8(out).unwrap();
        assert!(said.contains(spanish), "{spanish}: {said}");
        for word in english {
            assert!(!said.contains(word), "{word}: {said}");
        }
        let app = app_of(&file, game, Lang::Es);
        let screen = text(&app, 160, 50);
        for word in english {
            assert!(!screen.contains(word), "{word}: {screen}");
        }
    }
}

/// Rooks that go back and forth: after 4. Ra1 (ply 7) Black can claim by writing 4... Ra8,
/// the start position a third time (9.2.1).
const ROOKS: &str = "[White \"G\"]\n[Black \"H\"]\n[Result \"*\"]\n[SetUp \"1\"]\n\
                     [FEN \"r3k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n\
                     1. Ra2 Ra7 2. Ra1 Ra8 3. Ra2 Ra7 4. Ra1 *\n";

/// Art. 9.2.1 in a Spanish replay: the move to be written is in the scoresheet's Spanish
/// letters (T, the rook) on the screen and in the line mode's list of findings and report;
/// the screen reader says it in words, as it says every move.
#[test]
fn art_9_2_1_spanish_replay_writes_the_claim_in_spanish_letters() {
    let dir = common::TempDir::new("replay-letters");
    let file = dir.path().join("rooks.pgn");
    std::fs::write(&file, ROOKS).unwrap();
    let mut a = app_of(&file, 1, Lang::Es);
    a.key(key(KeyCode::Tab));
    assert_eq!(a.ply(), 7);
    let said = a.announcement().to_string();
    assert!(
        said.starts_with(
            "4. Ta1. Las negras pueden reclamar tablas escribiendo 4... Ta8 sin jugarla"
        ),
        "{said}"
    );
    let screen = text(&a, 120, 40);
    assert!(screen.contains("escribiendo 4... Ta8"), "{screen}");
    assert!(
        !screen.contains("Ra8") && !screen.contains("Ra1"),
        "{screen}"
    );
    let (lines, _) = transcript(&file, Lang::Es, "hallazgo\nhallazgos\ninforme\n");
    assert!(
        lines.contains(
            "Jugada cuatro, blancas: Torre Ana uno. Las negras pueden reclamar tablas \
             escribiendo jugada cuatro, negras: Torre Ana ocho sin jugarla"
        ),
        "{lines}"
    );
    let line = "jugada 7 (Ta1) triple repetición reclamable, art. 9.2.1: Las negras pueden \
                reclamar tablas escribiendo 4... Ta8 sin jugarla";
    // Said at the finding and in the list of findings, written in the report.
    let spoken = "Jugada cuatro, blancas: Torre Ana uno. Las negras pueden reclamar tablas \
                  escribiendo jugada cuatro, negras: Torre Ana ocho sin jugarla";
    assert_eq!(lines.matches(spoken).count(), 2, "{lines}");
    assert_eq!(lines.matches(line).count(), 1, "{lines}");
    assert!(!lines.contains("Ra8"), "{lines}");
}
