//! One table for every screen: the same scripted lines run through every front end — the
//! full screen (keys on a `TestBackend` app), the line mode, an SSH room through the
//! hub's `Service` interface (two players' line screens) — must leave the same game record
//! and the same kinds of events. Each case is one of the bugs the screens had when each
//! read its own words (a claim's written move lower-cased, Enter answering yes, a knight
//! letter answering the takeback question), named by its article.

mod common;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use escaque::config::Config;
use escaque::core::{Color, Notation, write_move};
use escaque::keymap::Keymap;
use escaque::lang::Lang;
use escaque::laws::{Game, GameEvent};
use escaque::modes::app::{App, View};
use escaque::modes::line::{LineMode, LineOptions};
use escaque::modes::serve::{Hub, Limits};
use escaque::net::service::{ClientTerm, Peer, Service};
use escaque::speech::{Profile, Speaker};
use escaque::table::session::{Session, Setup};
use escaque::ui::{Glyphs, Theme};

/// One line of a script: who types it (in a game at one terminal, the one keyboard).
type Script<'a> = &'a [(Color, &'a str)];

fn speaker(lang: Lang) -> Speaker {
    match lang {
        Lang::Es => Speaker::new(Profile::Es, lang),
        Lang::En => Speaker::new(Profile::En, lang),
    }
}

/// What a front end left: the moves in SAN, the result, the kinds of the events.
#[derive(Debug, PartialEq, Eq)]
struct Record {
    moves: Vec<String>,
    result: Option<String>,
    claims: usize,
    events: Vec<String>,
}

fn record(game: &Game) -> Record {
    let mut pos = *game.start();
    let mut moves = Vec::new();
    for p in game.plies() {
        moves.push(write_move(&pos, p.mv, Notation::ENGLISH));
        pos.play(p.mv).unwrap();
    }
    let events = game
        .events()
        .iter()
        .map(|e: &GameEvent| {
            let d = format!("{e:?}");
            d.split(['(', ' ', '{']).next().unwrap_or("").to_string()
        })
        .collect();
    Record {
        moves,
        result: game
            .outcome()
            .map(|o| format!("{} {}", o.result, o.article)),
        claims: game.claims().len(),
        events,
    }
}

/// The full screen: a line that answers a question is its key; any other line is typed
/// on the command line (`:` opens it), then Enter.
fn full_screen(lang: Lang, script: Script) -> Record {
    let mut app = App::new(
        Session::new(Setup::default(), 0),
        Keymap::default(),
        speaker(lang),
        View {
            lang,
            notation: Notation::ENGLISH,
            glyphs: Glyphs::Unicode,
            clock_readings: false,
            low_time_ms: 60_000,
        },
        Theme::built_in("classic"),
    );
    let key = |c| KeyEvent::new(c, KeyModifiers::NONE);
    for (_, line) in script {
        if escaque::table::command::answer(line).is_some() && app.chair().question().is_some() {
            let c = line.chars().next().unwrap().to_ascii_lowercase();
            app.key(key(KeyCode::Char(c)), 0);
            continue;
        }
        app.key(key(KeyCode::Char(':')), 0);
        for c in line.chars() {
            app.key(key(KeyCode::Char(c)), 0);
        }
        app.key(key(KeyCode::Enter), 0);
        app.tick(0);
    }
    record(app.session.game())
}

fn line_mode(lang: Lang, script: Script) -> Record {
    let mut out = Vec::new();
    let mut mode = LineMode::new(
        Session::new(Setup::default(), 0),
        speaker(lang),
        &mut out,
        LineOptions::default(),
    );
    mode.start().unwrap();
    for (_, line) in script {
        mode.input_line(line, 0).unwrap();
    }
    record(mode.session.game())
}

/// An SSH room: White and Black on line screens of the hub; each line is typed by its
/// player.
fn ssh(lang: Lang, script: Script) -> Record {
    let mut hub = Hub::new(Config::default(), Limits::default(), None, 7);
    let term = ClientTerm {
        env: vec![(
            "LANG".into(),
            match lang {
                Lang::Es => "es_ES.UTF-8",
                Lang::En => "en_GB.UTF-8",
            }
            .into(),
        )],
        ..ClientTerm::default()
    };
    let peer = |name: &str| Peer {
        identity: format!("SHA256:{name}"),
        user: name.into(),
        name: Some(name.into()),
        arbiter: false,
    };
    let white = hub.connect(peer("Ana"), term.clone(), 0).unwrap();
    let black = hub.connect(peer("Bea"), term, 0).unwrap();
    let (new, join) = match lang {
        Lang::Es => ("nueva sin blancas\n", "entrar"),
        Lang::En => ("new none white\n", "join"),
    };
    hub.input(white, new.as_bytes(), 0);
    let code = hub.rooms().iter().next().unwrap().code.clone();
    hub.input(black, format!("{join} {code}\n").as_bytes(), 0);
    hub.take_output();
    for (who, line) in script {
        let id = if *who == Color::White { white } else { black };
        hub.input(id, format!("{line}\n").as_bytes(), 0);
        hub.tick(0);
        hub.take_output();
    }
    record(hub.rooms().get(&code).unwrap().session.game())
}

/// Runs `script` through every front end and checks that all agree; returns the record.
fn everywhere(lang: Lang, script: Script) -> Record {
    let full = full_screen(lang, script);
    assert_eq!(line_mode(lang, script), full, "line mode and full screen");
    assert_eq!(ssh(lang, script), full, "SSH room and full screen");
    full
}

use Color::{Black, White};

/// After Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1, Black may claim with the written move Ng8, whose
/// position stands for the third time (9.2.1).
const KNIGHTS_ES: &[(Color, &str)] = &[
    (White, "Cf3"),
    (Black, "Cf6"),
    (White, "Cg1"),
    (Black, "Cg8"),
    (White, "Cf3"),
    (Black, "Cf6"),
    (White, "Cg1"),
];

#[test]
fn art_9_2_1_claim_with_the_written_move_cg8_in_spanish() {
    let mut script = KNIGHTS_ES.to_vec();
    script.extend([(Black, "reclamo Cg8"), (Black, "sí")]);
    let r = everywhere(Lang::Es, &script);
    assert_eq!(r.result.as_deref(), Some("1/2-1/2 Art. 9.2.1"), "{r:?}");
    assert_eq!(r.claims, 1);
    // The written move is not played when the claim is correct (9.2.1).
    assert_eq!(r.moves.len(), 7);
}

#[test]
fn art_9_2_1_claim_with_the_written_move_ng8_in_english() {
    let mut script: Vec<(Color, String)> = KNIGHTS_ES
        .iter()
        .map(|&(c, m)| (c, m.replacen('C', "N", 1)))
        .collect();
    script.extend([(Black, "claim Ng8".into()), (Black, "yes".into())]);
    let script: Vec<(Color, &str)> = script.iter().map(|(c, m)| (*c, m.as_str())).collect();
    let r = everywhere(Lang::En, &script);
    assert_eq!(r.result.as_deref(), Some("1/2-1/2 Art. 9.2.1"), "{r:?}");
}

#[test]
fn art_9_5_3_a_wrong_claim_plays_the_written_bishop_move_not_a_pawn_move() {
    // 1. e4 e5 2. Bb5 Nc6 3. a3 a6: White's claim with Bxc6 is wrong; the written move is
    // played (9.5.3): the bishop takes on c6, not the b-pawn (there is none on b5).
    let opening = [
        (White, "e4"),
        (Black, "e5"),
        (White, "Bb5"),
        (Black, "Nc6"),
        (White, "a3"),
        (Black, "a6"),
    ];
    let mut en = opening.to_vec();
    en.extend([(White, "claim Bxc6"), (White, "y")]);
    let r = everywhere(Lang::En, &en);
    assert_eq!(r.moves.last().map(String::as_str), Some("Bxc6"), "{r:?}");
    assert_eq!(r.claims, 1);
    assert!(r.result.is_none());
    // The same in Spanish: A is the bishop (Alfil).
    let es: Vec<(Color, &str)> = [
        (White, "e4"),
        (Black, "e5"),
        (White, "Ab5"),
        (Black, "Cc6"),
        (White, "a3"),
        (Black, "a6"),
        (White, "reclamo Axc6"),
        (White, "s"),
    ]
    .to_vec();
    assert_eq!(everywhere(Lang::Es, &es).moves, r.moves);
}

#[test]
fn art_9_5_3_a_wrong_claim_with_the_queen_d_plays_the_queen_and_mates() {
    // Scholar's mate written in a claim: D is the Spanish queen (Dama).
    let script = [
        (White, "e4"),
        (Black, "e5"),
        (White, "Dh5"),
        (Black, "Cc6"),
        (White, "Ac4"),
        (Black, "Cf6"),
        (White, "reclamo Dxf7"),
        (White, "sí"),
    ];
    let r = everywhere(Lang::Es, &script);
    assert_eq!(r.moves.last().map(String::as_str), Some("Qxf7#"), "{r:?}");
    assert_eq!(r.result.as_deref(), Some("1-0 Art. 5.1.1"));
}

#[test]
fn art_5_1_2_resign_needs_its_own_yes() {
    // Resigning is by the player to move at one terminal, by the one who types it in a room.
    let script = [
        (White, "e4"),
        (Black, "resign"),
        (Black, "no"),
        (Black, "resign"),
        // Not an answer: a move withdraws the question and is read as a move.
        (Black, "Nf6"),
        (White, "resign"),
        (White, "yes"),
    ];
    let r = everywhere(Lang::En, &script);
    assert_eq!(r.moves, ["e4", "Nf6"]);
    assert!(
        r.result.as_deref().is_some_and(|x| x.starts_with("0-1")),
        "{r:?}"
    );
}

#[test]
fn art_9_1_2_1_an_offer_asks_first_and_is_accepted_by_the_other() {
    let script = [
        (White, "e4"),
        (Black, "e5"),
        (Black, "tablas"),
        (Black, "sí"),
        (White, "acepto"),
        (White, "sí"),
    ];
    let r = everywhere(Lang::Es, &script);
    assert!(
        r.result
            .as_deref()
            .is_some_and(|x| x.starts_with("1/2-1/2")),
        "{r:?}"
    );
}

#[test]
fn takeback_is_asked_and_a_knight_move_does_not_answer_it() {
    // The full screen and the line mode (a takeback is for a game at one terminal).
    let script = [
        (White, "e4"),
        (Black, "e5"),
        (White, "takeback"),
        (White, "Nf3"),
        (Black, "takeback"),
        (Black, "y"),
    ];
    let full = full_screen(Lang::En, &script);
    assert_eq!(line_mode(Lang::En, &script), full);
    // Nf3 withdrew the first question and was played; the second took it back.
    assert_eq!(full.moves, ["e4", "e5"], "{full:?}");
}

#[test]
fn every_line_of_the_grammar_reaches_the_same_game_on_every_screen() {
    // A longer game with queries, a declined offer and words in between.
    let script = [
        (White, "e4"),
        (White, "clock"),
        (Black, "pawn Eva five"),
        (White, "knight Felix three"),
        (White, "draw"),
        (White, "yes"),
        (Black, "decline"),
        (Black, "Nc6"),
        (White, "board"),
        (White, "Bb5"),
    ];
    let r = everywhere(Lang::En, &script);
    assert_eq!(r.moves, ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    assert!(r.events.iter().any(|e| e == "DrawOffered"), "{r:?}");
    assert!(r.events.iter().any(|e| e == "DrawDeclined"), "{r:?}");
}

#[test]
fn art_9_5_3_resume_after_kill_keeps_the_penalty_time_and_the_claims() {
    use escaque::laws::irregularity::{ArbiterAction, ArbiterPenalty};
    use escaque::modes::persist;
    use escaque::table::command::Command;
    use escaque::table::session::Hand;
    // A clocked game in strict touch-move: a wrong claim gives the opponent time (9.5.3),
    // an offer is declined, a piece is adjusted (4.2) and one touched and moved (4.3), the
    // arbiter warns, the clocks run; the autosave follows the session after each act, as
    // play mode does (the journal appended); then the process dies (nothing more is
    // written) and the game is resumed from the files.
    let tmp = common::TempDir::new("resume");
    let dir = tmp.path();
    let (autosave, games) = (dir.join("autosave"), dir.join("games"));
    let setup = Setup {
        time_control: Some("5+3".parse().unwrap()),
        ..Setup::default()
    };
    let mut s = Session::new(setup.clone(), 0);
    let mut saver = persist::Autosaver::new(autosave.clone(), games.clone(), &s);
    s.set_strict_touch(true, 1_000);
    let mv = |s: &Session, san: &str| {
        escaque::core::parse_move(s.game().position(), san, escaque::core::Letters::English)
            .unwrap()
    };
    let sq = |name: &str| name.parse::<escaque::core::Square>().unwrap();
    let steps: Vec<(u64, &str)> = vec![
        (4_000, "e4"),
        (9_000, "e5"),
        (15_000, "claim"),
        (18_000, "adjust f1"),
        (20_000, "touch g1"),
        (21_000, "Nf3"),
        (22_000, "offer"),
        (30_000, "decline"),
        (30_500, "warn"),
        (31_000, "Nc6"),
    ];
    for (at, step) in steps {
        let result = match step.split_once(' ') {
            Some(("adjust", square)) => s
                .touch(Hand::Adjust(s.game().position().turn(), sq(square)), at)
                .map(|_| ()),
            Some(("touch", square)) => s.touch(Hand::Touch(sq(square)), at).map(|_| ()),
            _ if step == "warn" => s.arbiter(
                ArbiterAction::Penalty {
                    to: Color::White,
                    penalty: ArbiterPenalty::Warning,
                },
                at,
            ),
            _ => {
                let cmd = match step {
                    "claim" => Command::Claim(None),
                    "offer" => Command::OfferDraw,
                    "decline" => Command::DeclineDraw,
                    san => Command::Move(mv(&s, san)),
                };
                s.command(cmd, at)
            }
        };
        // Only the wrong claim is refused by the laws (with its penalty).
        assert!(result.is_ok() || step == "claim", "{step}: {result:?}");
        saver.save(&s).expect("changed").unwrap();
    }
    assert_eq!(s.game().claims().len(), 1);
    assert_eq!(s.game().penalties().len(), 1);
    let path = persist::autosave_path(&autosave);
    let journal = std::fs::read_to_string(persist::journal_path(&path)).unwrap();
    assert!(journal.contains(" touch g1\n"), "{journal}");
    assert!(journal.contains(" adjust w f1\n"), "{journal}");
    let (back, now) = persist::resume(&path, Setup::default()).unwrap();
    assert_eq!(now, 31_000);
    assert_eq!(back.game().events(), s.game().events());
    assert_eq!(back.game().claims(), s.game().claims());
    assert_eq!(back.game().penalties(), s.game().penalties());
    assert_eq!(back.journal(), s.journal());
    for c in [Color::White, Color::Black] {
        for at in [now, now + 7_000] {
            assert_eq!(
                back.game().clock().unwrap().remaining(c, at),
                s.game().clock().unwrap().remaining(c, at),
                "{c:?} at {at}"
            );
        }
    }
    // A crash in the middle of an append leaves a line without its newline: it is left
    // out, and everything before it stands.
    let mut torn = journal.clone();
    torn.push_str("31500 w mo");
    std::fs::write(persist::journal_path(&path), &torn).unwrap();
    let (back, _) = persist::resume(&path, Setup::default()).unwrap();
    assert_eq!(back.game().events(), s.game().events());
    // Without the journal the PGN alone gives the moves and their clock readings only:
    // the penalty time after the last move was lost (the bug this journal fixes).
    std::fs::remove_file(persist::journal_path(&path)).unwrap();
    let (pgn_only, _) = persist::resume(&path, Setup::default()).unwrap();
    assert_ne!(pgn_only.game().events(), s.game().events());
}

#[test]
fn an_unfinished_game_said_no_to_is_kept_in_the_games_folder() {
    use escaque::modes::persist;
    let tmp = common::TempDir::new("keep");
    let dir = tmp.path();
    let (autosave, games) = (dir.join("autosave"), dir.join("games"));
    let mut s = Session::new(Setup::default(), 0);
    let e4 = escaque::core::parse_move(s.game().position(), "e4", escaque::core::Letters::English)
        .unwrap();
    s.command(escaque::table::command::Command::Move(e4), 0)
        .unwrap();
    let mut saver = persist::Autosaver::new(autosave.clone(), games.clone(), &s);
    s.command(escaque::table::command::Command::OfferDraw, 0)
        .unwrap();
    saver.save(&s).expect("changed").unwrap();
    assert!(persist::unfinished(&autosave).is_some());
    let kept = persist::keep_unfinished(&autosave, &games).unwrap();
    assert!(persist::unfinished(&autosave).is_none());
    assert!(kept.starts_with(&games));
    let (back, _) = persist::resume(&kept, Setup::default()).unwrap();
    assert_eq!(back.game().events(), s.game().events());
}

/// Guidelines II: the autosave of a Chess960 game writes `[Variant "Chess960"]`,
/// `[SetUp "1"]` and the start's `[FEN]` (also for number 518, the standard array), and
/// resumes as Chess960 from the same start, with its castling (II.3) replayed, from the
/// journal and from the PGN alone.
#[test]
fn guidelines_ii_a_chess960_autosave_resumes_as_chess960() {
    use escaque::modes::persist;
    use escaque::table::command::Command;
    for n in [192u16, 518] {
        let tmp = common::TempDir::new(&format!("960-{n}"));
        let dir = tmp.path();
        let (autosave, games) = (dir.join("autosave"), dir.join("games"));
        let mut setup = Setup {
            time_control: Some("5+3".parse().unwrap()),
            ..Setup::default()
        };
        setup.set_chess960(n).unwrap();
        let mut s = Session::new(setup, 0);
        let mut saver = persist::Autosaver::new(autosave.clone(), games.clone(), &s);
        let line: &[&str] = if n == 192 {
            &["Nf3", "Nf6", "O-O"]
        } else {
            &["Nf3", "Nf6", "g3", "g6", "Bg2", "Bg7", "O-O"]
        };
        for (i, san) in line.iter().enumerate() {
            let mv = escaque::core::parse_move(
                s.game().position(),
                san,
                escaque::core::Letters::English,
            )
            .unwrap();
            s.command(Command::Move(mv), 1_000 * (i as u64 + 1))
                .unwrap();
            saver.save(&s).expect("changed").unwrap();
        }
        assert_eq!(s.game().plies().last().unwrap().san, "O-O");
        let path = persist::autosave_path(&autosave);
        let pgn = std::fs::read_to_string(&path).unwrap();
        let start = escaque::core::chess960::start_position(n).unwrap();
        assert!(pgn.contains("[Variant \"Chess960\"]"), "{pgn}");
        assert!(pgn.contains("[SetUp \"1\"]"), "{pgn}");
        assert!(
            pgn.contains(&format!("[FEN \"{}\"]", start.to_fen())),
            "{pgn}"
        );
        let saved = persist::saved_setup(&path, Setup::default()).unwrap();
        assert!(saved.is_chess960());
        assert_eq!(saved.chess960_number(), Some(n));
        let (back, _) = persist::resume(&path, Setup::default()).unwrap();
        assert!(back.setup().is_chess960());
        assert_eq!(back.setup().chess960_number(), Some(n));
        assert_eq!(*back.game().start(), start);
        assert_eq!(back.game().events(), s.game().events());
        std::fs::remove_file(persist::journal_path(&path)).unwrap();
        let (pgn_only, _) = persist::resume(&path, Setup::default()).unwrap();
        assert_eq!(pgn_only.game().position(), s.game().position());
        assert!(pgn_only.setup().is_chess960());
    }
}
