//! Play mode as a whole, headless: the app driven by keys as a person types them, drawn on a
//! ratatui `TestBackend` at 80×24 and 120×40, time given by the test. Each test names the
//! article it checks where a Law decides what the screen must show.

mod common;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use escaque::core::{Color, Notation, Position, Role, Square};
use escaque::keymap::Keymap;
use escaque::lang::Lang;
use escaque::laws::time_control::TimeControl;
use escaque::laws::{GameResult, Termination};
use escaque::modes::app::{App, Ask, Flow, View};
use escaque::modes::event_loop::{self, Alone, Input, TimeSource};
use escaque::speech::{Profile, Speaker};
use escaque::table::session::{Question, Seat, Session, Setup};
use escaque::ui::{Glyphs, Theme};

fn setup(fen: Option<&str>, tc: Option<&str>) -> Setup {
    Setup {
        start: fen.map_or_else(Position::new, |f| Position::from_fen(f).unwrap()),
        time_control: tc.map(|t| t.parse::<TimeControl>().unwrap()),
        ..Setup::default()
    }
}

fn app_with(setup: Setup, lang: Lang, theme: &str) -> App {
    let profile = match lang {
        Lang::Es => Profile::Es,
        Lang::En => Profile::En,
    };
    App::new(
        Session::new(setup, 0),
        Keymap::default(),
        Speaker::new(profile, lang),
        View {
            lang,
            notation: match lang {
                Lang::Es => Notation::SPANISH,
                Lang::En => Notation::ENGLISH,
            },
            glyphs: Glyphs::Unicode,
            clock_readings: false,
            low_time_ms: 60_000,
        },
        Theme::built_in(theme),
    )
}

fn app(fen: Option<&str>, tc: Option<&str>) -> App {
    app_with(setup(fen, tc), Lang::En, "classic")
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

/// Types `text` (`\n` is Enter) at `now`.
fn typed(app: &mut App, text: &str, now: u64) -> Flow {
    let mut flow = Flow::Continue;
    for c in text.chars() {
        let k = if c == '\n' {
            key(KeyCode::Enter)
        } else {
            key(KeyCode::Char(c))
        };
        flow = app.key(k, now);
        app.tick(now);
    }
    flow
}

fn press(app: &mut App, codes: &[KeyCode], now: u64) {
    for &c in codes {
        app.key(key(c), now);
    }
}

fn screen(app: &App, w: u16, h: u16, now: u64) -> Terminal<TestBackend> {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| app.draw(f, now)).unwrap();
    t
}

fn text(app: &App, w: u16, h: u16, now: u64) -> String {
    let t = screen(app, w, h, now);
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

fn snap(name: &str, app: &App, now: u64) {
    insta::assert_snapshot!(format!("{name}_80x24"), text(app, 80, 24, now));
    insta::assert_snapshot!(format!("{name}_120x40"), text(app, 120, 40, now));
}

#[test]
fn start_screen() {
    let a = app(None, Some("15+10"));
    snap("app_start", &a, 0);
    assert!(a.announcement().starts_with("New game. White to move."));
}

#[test]
fn art_8_1_typed_moves_and_cursor_moves_reach_the_scoresheet() {
    let mut a = app(None, Some("15+10"));
    typed(&mut a, "e4\n", 1_000);
    typed(&mut a, "e5\n", 2_000);
    typed(&mut a, "Nf3\n", 3_000);
    // Black's knight b8–c6 with the cursor (it starts on e2; White at the bottom).
    press(
        &mut a,
        &[
            KeyCode::Up,
            KeyCode::Up,
            KeyCode::Up,
            KeyCode::Up,
            KeyCode::Up,
            KeyCode::Up,
            KeyCode::Left,
            KeyCode::Left,
            KeyCode::Left,
            KeyCode::Enter,
            KeyCode::Down,
            KeyCode::Down,
            KeyCode::Right,
            KeyCode::Enter,
        ],
        4_000,
    );
    a.tick(4_000);
    let sans: Vec<&str> = a
        .session
        .game()
        .plies()
        .iter()
        .map(|p| p.san.as_str())
        .collect();
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(a.announcement(), "move two, Black: Knight Cesar six");
    snap("app_after_moves", &a, 4_000);
}

#[test]
fn spanish_moves_and_words() {
    let mut a = app_with(setup(None, Some("3+2")), Lang::Es, "classic");
    typed(&mut a, "e4\n", 0);
    typed(&mut a, "Cf6\n", 0);
    assert_eq!(a.session.game().plies().len(), 2);
    assert_eq!(a.announcement(), "jugada uno, negras: Caballo Félix seis");
    snap("app_spanish", &a, 0);
}

#[test]
fn art_3_illegal_typed_move_is_refused_and_said() {
    let mut a = app(None, None);
    typed(&mut a, "e5\n", 0);
    assert!(a.session.game().plies().is_empty());
    let t = text(&a, 80, 24, 0);
    assert!(t.contains("e5"), "{t}");
    // The line stays open with the reason; Esc closes it.
    press(&mut a, &[KeyCode::Esc], 0);
    typed(&mut a, "e4\n", 0);
    assert_eq!(a.session.game().plies().len(), 1);
}

#[test]
fn art_3_9_check_is_shown() {
    let mut a = app(None, Some("5+0"));
    for m in ["e4\n", "f5\n", "Qh5\n"] {
        typed(&mut a, m, 0);
    }
    assert!(a.session.game().position().is_check());
    assert!(a.announcement().contains("check"), "{}", a.announcement());
    snap("app_check", &a, 0);
}

#[test]
fn art_3_7_3_3_promotion_asks_for_the_piece() {
    let mut a = app(Some("8/4P3/8/8/8/8/k7/4K3 w - - 0 1"), None);
    // Cursor from e2 to e7, pick up, to e8, drop: the promotion question.
    press(
        &mut a,
        &[
            KeyCode::Up,
            KeyCode::Up,
            KeyCode::Up,
            KeyCode::Up,
            KeyCode::Up,
            KeyCode::Enter,
            KeyCode::Up,
            KeyCode::Enter,
        ],
        0,
    );
    assert!(matches!(a.asking(), Some(Ask::Promotion { .. })));
    snap("app_promotion", &a, 0);
    press(&mut a, &[KeyCode::Char('n')], 0);
    let ply = &a.session.game().plies()[0];
    assert_eq!(ply.mv.promotion(), Some(Role::Knight));
    assert_eq!(ply.mv.to, Square::E8);
}

#[test]
fn art_9_1_2_draw_offer_shown_and_declined() {
    let mut a = app(None, Some("15+10"));
    typed(&mut a, "e4\n", 0);
    typed(&mut a, "=", 0);
    // 9.1: an offer cannot be withdrawn, so it is asked first; Enter alone is no answer.
    assert_eq!(a.chair().question(), Some(Question::Offer));
    typed(&mut a, "\n", 0);
    assert!(a.session.game().pending_offer().is_none());
    typed(&mut a, "y", 0);
    let offer = a.session.game().pending_offer().unwrap();
    assert_eq!(offer.by, Color::White);
    assert_eq!(
        a.announcement(),
        "White offers a draw, article nine point one point two point one."
    );
    snap("app_draw_offered", &a, 0);
    typed(&mut a, "n", 0);
    assert!(a.session.game().pending_offer().is_none());
}

#[test]
fn art_9_5_3_claim_rejected_with_its_penalty() {
    let mut a = app(None, Some("15+10"));
    typed(&mut a, "e4\n", 0);
    a.key(KeyEvent::new(KeyCode::Char('d'), KeyModifiers::CONTROL), 0);
    // The claim warns first (9.5.3), as in the line mode.
    assert_eq!(a.chair().question(), Some(Question::Claim(None)));
    // The keys first on the prompt line, where the screen's edge cannot cut them off.
    assert!(text(&a, 80, 24, 0).contains("[y/n] Claim a draw? If the claim is wrong"));
    assert!(a.session.game().claims().is_empty());
    typed(&mut a, "y", 0);
    a.tick(0);
    let g = a.session.game();
    assert_eq!(g.claims().len(), 1);
    assert_eq!(g.penalties().len(), 1);
    assert_eq!(g.penalties()[0].to, Color::White);
    assert!(!g.is_over());
    snap("app_claim_rejected", &a, 0);
}

#[test]
fn art_6_9_flag_fall_drawn_when_the_opponent_cannot_mate() {
    // White has a lone king; Black's flag falls: White cannot mate, so a draw.
    let mut a = app(Some("4k3/8/8/8/8/8/q7/4K3 b - - 0 1"), Some("1+0"));
    a.tick(61_000);
    let o = a.session.game().outcome().unwrap();
    assert_eq!(o.termination, Termination::FlagFallOpponentCannotMate);
    assert_eq!(o.result, GameResult::Draw);
    snap("app_flag_drawn", &a, 61_000);
}

#[test]
fn art_5_1_1_game_over_by_checkmate() {
    let mut a = app(None, Some("3+2"));
    for m in ["f3\n", "e5\n", "g4\n", "Qh4\n"] {
        typed(&mut a, m, 0);
    }
    let o = a.session.game().outcome().unwrap();
    assert_eq!(o.termination, Termination::Checkmate);
    assert!(
        a.announcement().contains("Checkmate"),
        "{}",
        a.announcement()
    );
    snap("app_checkmate", &a, 0);
    // After the game, `q` leaves without asking.
    assert_eq!(typed(&mut a, "q", 0), Flow::Quit);
}

/// Where the game was saved stays whole under a long end of the game at 80 columns, and a
/// later announcement is shown from its start (the kept sentence forgotten with it).
#[test]
fn the_saved_games_path_is_read_whole_at_80_columns() {
    let mut a = app_with(setup(None, Some("3+2")), Lang::Es, "classic");
    typed(&mut a, "e4\n", 0);
    let end = "Fin de la partida. Jaque mate: ganan negras, artículo cinco punto uno punto uno. \
               Las blancas no tenían ninguna jugada que lo evitara.";
    let saved = "Partida guardada en ~/.local/share/escaque/games/2026.11.29-Blancas-Negras-1.pgn";
    a.set_announcement(end);
    a.set_announcement_keeping(saved);
    let rows: Vec<String> = text(&a, 80, 24, 0).lines().map(str::to_string).collect();
    assert_eq!(rows[23].trim_end(), saved, "{rows:#?}");
    assert!(
        rows[22].starts_with("Fin de la partida.") && rows[22].ends_with('…'),
        "{rows:#?}"
    );
    // Said again (a mark in front, for a screen reader to read the changed line): the
    // sentence is still kept whole.
    typed(&mut a, "i", 0);
    assert!(
        a.announcement().starts_with("» Fin"),
        "{}",
        a.announcement()
    );
    let rows: Vec<String> = text(&a, 80, 24, 0).lines().map(str::to_string).collect();
    assert_eq!(rows[23].trim_end(), saved, "{rows:#?}");
    assert!(rows[22].starts_with("» Fin de la partida."), "{rows:#?}");
    // An announcement that replaces it (a question withdrawn) is shown from its start.
    typed(&mut a, "r", 0);
    press(&mut a, &[KeyCode::Esc], 0);
    let cancelled = a.announcement().to_string();
    assert!(!cancelled.contains("guardada"), "{cancelled}");
    let rows: Vec<String> = text(&a, 80, 24, 0).lines().map(str::to_string).collect();
    assert!(
        rows[22].starts_with(cancelled.as_str()),
        "{cancelled:?} {rows:#?}"
    );
}

#[test]
fn help_screen_from_the_keymap() {
    let mut a = app(None, None);
    typed(&mut a, "?", 0);
    snap("app_help", &a, 0);
    // Any key closes it.
    press(&mut a, &[KeyCode::Esc], 0);
    assert!(!text(&a, 80, 24, 0).contains("Show or hide this help"));
}

#[test]
fn art_5_1_2_resign_asks_first() {
    let mut a = app(None, None);
    typed(&mut a, "e4\n", 0);
    typed(&mut a, "r", 0);
    assert_eq!(a.chair().question(), Some(Question::Resign));
    typed(&mut a, "n", 0);
    assert!(!a.session.game().is_over());
    typed(&mut a, "r", 0);
    typed(&mut a, "y", 0);
    let o = a.session.game().outcome().unwrap();
    assert_eq!(o.termination, Termination::Resignation);
    assert_eq!(o.result.winner(), Some(Color::White));
}

#[test]
fn art_5_1_2_enter_never_resigns_and_re2_is_the_spanish_king_move() {
    let mut a = app_with(
        setup(Some("4k3/8/8/8/8/8/3P1P2/4K3 w - - 0 1"), None),
        Lang::Es,
        "classic",
    );
    // `r` asks; Enter alone answers nothing.
    typed(&mut a, "r\n", 0);
    assert_eq!(a.chair().question(), Some(Question::Resign));
    assert!(!a.session.game().is_over());
    press(&mut a, &[KeyCode::Esc], 0);
    assert_eq!(a.chair().question(), None);
    // `re2`, Enter: the `r` asks, the `e` goes on with the move: Re2, the King (Rey).
    typed(&mut a, "re2\n", 0);
    assert!(!a.session.game().is_over(), "{}", a.announcement());
    let ply = &a.session.game().plies()[0];
    assert_eq!(ply.mv.from, Square::E1);
    assert_eq!(ply.mv.to, Square::E2);
}

#[test]
fn takeback_question_is_not_answered_by_a_knight_letter() {
    let mut a = app(None, None);
    typed(&mut a, "e4\n", 0);
    typed(&mut a, "e5\n", 0);
    // `u` asks for a takeback; `N` starts a move: the question goes, Nf3 is played.
    typed(&mut a, "u", 0);
    assert_eq!(a.chair().question(), Some(Question::Takeback));
    typed(&mut a, "Nf3\n", 0);
    assert_eq!(a.chair().question(), None);
    assert_eq!(a.session.game().plies().len(), 3);
    assert_eq!(a.session.game().plies()[2].mv.to, Square::F3);
}

#[test]
fn quit_asks_while_a_game_runs_and_ctrl_c_too() {
    let mut a = app(None, None);
    assert_eq!(
        typed(&mut a, "q", 0),
        Flow::Quit,
        "nothing to lose before a move"
    );
    typed(&mut a, "e4\n", 0);
    assert_eq!(typed(&mut a, "q", 0), Flow::Continue);
    assert_eq!(a.chair().question(), Some(Question::Quit));
    assert_eq!(typed(&mut a, "n", 0), Flow::Continue);
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert_eq!(a.key(ctrl_c, 0), Flow::Continue);
    assert_eq!(a.chair().question(), Some(Question::Quit));
    assert_eq!(typed(&mut a, "y", 0), Flow::Quit);
}

#[test]
fn every_theme_and_ascii_draw_the_same_game() {
    for theme in Theme::names() {
        let mut a = app_with(setup(None, Some("5+3")), Lang::En, theme);
        typed(&mut a, "e4\n", 0);
        let t = text(&a, 80, 24, 0);
        assert!(t.contains("1. e4"), "{theme}: {t}");
    }
    let mut s = setup(None, Some("5+3"));
    s.names = ["Ana".into(), "Bea".into()];
    let mut a = app_with(s, Lang::En, "monochrome");
    a.view.glyphs = Glyphs::Ascii;
    typed(&mut a, "e4\n", 0);
    snap("app_ascii_monochrome", &a, 0);
}

#[test]
fn engine_side_refuses_typed_moves() {
    let s = Setup {
        seats: [Seat::Human, Seat::Engine],
        ..setup(None, None)
    };
    let mut a = app_with(s, Lang::En, "classic");
    typed(&mut a, "e4\n", 0);
    typed(&mut a, "e5\n", 0);
    assert_eq!(a.session.game().plies().len(), 1);
    assert_eq!(a.announcement(), "Wait: the engine is thinking.");
}

/// Art. 9.1.2.1: only the side offered a draw answers it. The person who offered a draw to
/// the engine is not shown "accept" and "decline", and cannot accept it for the engine;
/// at one board shared by two people the other player answers with those keys.
#[test]
fn art_9_1_2_1_only_the_side_offered_a_draw_answers_it() {
    let has_accept = |a: &App| a.hints().iter().any(|(_, what)| what == "accept");
    let s = Setup {
        seats: [Seat::Human, Seat::Engine],
        ..setup(None, Some("5+3"))
    };
    let mut a = app_with(s, Lang::En, "classic");
    typed(&mut a, "e4\n=y", 0);
    assert!(
        a.session.game().pending_offer().is_some(),
        "{}",
        a.announcement()
    );
    assert!(!has_accept(&a), "{:?}", a.hints());
    // Typed anyway: refused with the article, the offer still the engine's to answer.
    typed(&mut a, "yy", 0);
    assert!(!a.session.game().is_over(), "{}", a.announcement());
    assert!(a.session.game().pending_offer().is_some());
    assert_eq!(
        a.announcement(),
        "The draw offer is the engine's to answer: it lapses when the engine moves \
         (article nine point one point two point one)"
    );
    // Two people at one board: Black answers White's offer with these keys.
    let mut a = app(None, Some("5+3"));
    typed(&mut a, "e4\n=y", 0);
    assert!(
        a.session.game().pending_offer().is_some(),
        "{}",
        a.announcement()
    );
    assert!(has_accept(&a), "{:?}", a.hints());
    typed(&mut a, "e5\n", 0);
    typed(&mut a, "=y", 0);
    typed(&mut a, "yy", 0);
    assert!(a.session.game().is_over(), "{}", a.announcement());
}

/// Scripted input for the event loop: keys, then the end.
struct Script(Vec<Event>);

impl Input for Script {
    fn next(&mut self, _timeout: std::time::Duration) -> std::io::Result<Option<Event>> {
        if self.0.is_empty() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::UnexpectedEof,
                "script over",
            ));
        }
        Ok(Some(self.0.remove(0)))
    }
}

/// A clock the test moves: every call advances it a second.
struct Ticking(std::cell::Cell<u64>);

impl TimeSource for Ticking {
    fn now_ms(&self) -> u64 {
        let t = self.0.get();
        self.0.set(t + 1_000);
        t
    }
}

/// The key events of a typed text, `\n` as Enter.
fn events(text: &str) -> Vec<Event> {
    text.chars()
        .map(|c| {
            Event::Key(key(if c == '\n' {
                KeyCode::Enter
            } else {
                KeyCode::Char(c)
            }))
        })
        .collect()
}

/// Runs the event loop over `events` at 80 × 24, one second of the ticking clock per call.
fn run_events(a: &mut App, events: Vec<Event>) -> Flow {
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    event_loop::run(
        &mut t,
        a,
        &mut Script(events),
        &Ticking(std::cell::Cell::new(0)),
        &mut Alone,
    )
    .unwrap()
}

#[test]
fn art_6_event_loop_runs_headless_with_injected_time() {
    let mut a = app(None, Some("5+3"));
    let mut keys = events("e4\ne5\n");
    keys.push(Event::Resize(120, 40));
    keys.extend(events("qy"));
    let flow = run_events(&mut a, keys);
    assert_eq!(flow, Flow::Quit);
    let plies = a.session.game().plies();
    assert_eq!(plies.len(), 2);
    // One second per call of the time source: the first frame at 0, then one per event.
    // White's clock ran from the start (6.5) until e4 was entered at 3 s: 5 min − 3 s + 3 s.
    assert_eq!(plies[0].clock_ms, Some(300_000));
    // Black's ran from 3 s until e5 was entered at 6 s.
    assert_eq!(plies[1].clock_ms, Some(300_000));
    // The resize and the quit question took 7, 8 and 9 s: Black's clock shows none of
    // that, White's runs from 6 s.
    let white_now = a
        .session
        .game()
        .clock()
        .unwrap()
        .remaining(Color::White, 9_000)
        .unwrap()
        .main_ms;
    assert_eq!(white_now, 297_000);
}

/// Art. 6.2.1 / 6.5: the time spent on the help screen is no one's thinking time — the
/// clock of the player to move stands while it is open, and runs again once it is closed.
#[test]
fn art_6_2_1_the_clock_stands_while_the_help_screen_is_open() {
    let mut a = app(None, Some("5+3"));
    // One second per event: e4 entered at 3 s; the help opened at 4 s; five seconds of
    // resizes with it open (5–9 s), closed with Esc at 10 s; e5 entered at 13 s.
    let mut keys = events("e4\n?");
    keys.extend((0..5).map(|_| Event::Resize(80, 24)));
    keys.push(Event::Key(key(KeyCode::Esc)));
    keys.extend(events("e5\n"));
    assert_eq!(run_events(&mut a, keys), Flow::Quit);
    let plies = a.session.game().plies();
    assert_eq!(plies.len(), 2, "{}", a.announcement());
    // Black thought from 3 s to 4 s and from 10 s to 13 s: 4 s, then the 3 s increment.
    // Had the clock run behind the help screen it would read 4:53.
    assert_eq!(plies[1].clock_ms, Some(300_000 - 4_000 + 3_000));
}

#[test]
fn art_6_11_pause_stops_both_clocks_and_moves_wait() {
    let mut a = app(None, Some("5+3"));
    typed(&mut a, "e4\n", 1_000);
    typed(&mut a, "p", 2_000);
    let black = |a: &App, now: u64| {
        a.session
            .game()
            .clock()
            .unwrap()
            .remaining(Color::Black, now)
            .unwrap()
            .main_ms
    };
    assert_eq!(
        black(&a, 60_000),
        black(&a, 2_000),
        "no clock runs while paused"
    );
    typed(&mut a, "e5\n", 3_000);
    assert_eq!(
        a.session.game().plies().len(),
        1,
        "a move waits for the clocks"
    );
    snap("app_paused", &a, 3_000);
    typed(&mut a, "p", 4_000);
    typed(&mut a, "e5\n", 5_000);
    assert_eq!(a.session.game().plies().len(), 2);
}

#[test]
fn guidelines_i_1_sealing_writes_a_tamper_evident_envelope() {
    let tmp = common::TempDir::new("app-seal");
    let dir = tmp.path();
    let mut a = app(None, Some("90/40+30:30+30"));
    a.envelopes_dir = Some(dir.to_path_buf());
    typed(&mut a, "e4\n", 1_000);
    typed(&mut a, "e5\n", 2_000);
    a.key(
        KeyEvent::new(KeyCode::Char('e'), KeyModifiers::CONTROL),
        3_000,
    );
    typed(&mut a, "Nf3\n", 4_000);
    // The sealed move is not played; the clock stops.
    assert_eq!(a.session.game().plies().len(), 2);
    let files: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().collect();
    assert_eq!(files.len(), 1);
    let envelope = escaque::laws::adjourn::Envelope::read_from(&files[0].path()).unwrap();
    assert_eq!(envelope.sealer(), Color::White);
    assert!(
        a.announcement().contains("Envelope saved in"),
        "{}",
        a.announcement()
    );
}

#[test]
fn art_7_5_arbiter_training_handles_illegal_moves_by_the_laws() {
    let mut a = app(None, Some("15+10"));
    a.arbiter_training = true;
    typed(&mut a, "e5\n", 1_000);
    let g = a.session.game();
    assert!(
        g.plies().is_empty(),
        "the position before it stands (7.5.1)"
    );
    assert_eq!(g.illegal_moves_of(Color::White), 1);
    assert_eq!(
        g.penalties()[0].to,
        Color::Black,
        "the opponent gets the time (7.5.5)"
    );
    typed(&mut a, "e4\n", 2_000);
    typed(&mut a, "e5\n", 3_000);
    assert!(a.session.game().outcome().is_none());
    // White's second completed illegal move loses (7.5.5): Black can mate.
    typed(&mut a, "Ke3\n", 4_000);
    let o = a.session.game().outcome().unwrap();
    assert_eq!(o.termination, Termination::IllegalMoves);
    assert_eq!(o.result.winner(), Some(Color::Black));
}

#[test]
fn art_4_3_strict_touch_move_binds_the_touched_piece() {
    let mut a = app(None, Some("15+10"));
    a.set_strict_touch(true, 0);
    // The cursor starts on e2: touch the pawn (Enter), put it back (Esc).
    press(&mut a, &[KeyCode::Enter, KeyCode::Esc], 0);
    // 4.3.1: the touched piece must be moved; the knight may not.
    typed(&mut a, "Nf3\n", 0);
    assert!(a.session.game().plies().is_empty(), "{}", a.announcement());
    assert!(
        a.announcement()
            .contains("not the one the touched pieces require"),
        "{}",
        a.announcement()
    );
    // With the cursor: pick it up again and release it on e4 (4.7).
    press(
        &mut a,
        &[KeyCode::Enter, KeyCode::Up, KeyCode::Up, KeyCode::Enter],
        0,
    );
    let sans: Vec<&str> = a
        .session
        .game()
        .plies()
        .iter()
        .map(|p| p.san.as_str())
        .collect();
    assert_eq!(sans, ["e4"]);
    // The touch is on the record.
    assert!(
        a.session
            .game()
            .events()
            .iter()
            .any(|e| matches!(e, escaque::laws::GameEvent::Touch(_)))
    );
    // A new position frees the next player: Black touches nothing yet, any move.
    typed(&mut a, "Nf6\n", 0);
    assert_eq!(a.session.game().plies().len(), 2);
}

#[test]
fn app_d_repeat_key_changes_the_status_line_so_it_is_read_again() {
    let mut a = app(None, None);
    typed(&mut a, "e4\n", 0);
    let said = a.announcement().to_string();
    typed(&mut a, "i", 0);
    assert_eq!(a.announcement(), format!("» {said}"));
    typed(&mut a, "i", 0);
    assert_eq!(a.announcement(), said);
}

#[test]
fn art_12_shared_game_screens_offer_each_role_only_its_own_actions() {
    use escaque::table::session::{Role, Shared};
    let mut owner = Session::new(setup(None, Some("5+0")), 0);
    owner.share(Shared {
        started: true,
        arbiter_seated: false,
        arbiter_present: false,
    });
    let seated = |role: Role| {
        let mut a = app(None, Some("5+0"));
        a.session = owner.clone();
        a.set_role(role);
        a
    };
    let hints = |role: Role| -> Vec<String> {
        seated(role)
            .hints()
            .into_iter()
            .map(|(_, label)| label)
            .collect()
    };
    let player = hints(Role::Player(Color::White));
    assert!(player.iter().any(|l| l == "resign"), "{player:?}");
    let arbiter = hints(Role::Arbiter);
    assert!(arbiter.iter().any(|l| l == "pause"), "{arbiter:?}");
    assert!(
        !arbiter.iter().any(|l| l == "resign" || l == "draw"),
        "{arbiter:?}"
    );
    let spectator = hints(Role::Spectator);
    assert!(
        !spectator.iter().any(|l| l == "pause" || l == "resign"),
        "{spectator:?}"
    );
    // A spectator's typed move is refused in words and the game is as it was.
    let mut a = seated(Role::Spectator);
    typed(&mut a, "e4\n", 10);
    assert_eq!(
        a.announcement(),
        "You are watching: spectators cannot act on the game."
    );
    assert!(a.session.game().plies().is_empty());
    // Black cannot move for White.
    let mut a = seated(Role::Player(Color::Black));
    typed(&mut a, "e4\n", 10);
    assert!(a.session.game().plies().is_empty());
    assert_eq!(a.announcement(), "It is not your move.");
    // White's move is played in the one game, as White's.
    let mut a = seated(Role::Player(Color::White));
    typed(&mut a, "e4\n", 10);
    assert_eq!(a.session.game().plies().len(), 1);
    assert_eq!(a.session.game().plies()[0].color, Color::White);
}

/// Guidelines II.1: the title line of a Chess960 game shows its start position's number,
/// and the board its pieces.
#[test]
fn guidelines_ii_1_the_title_shows_the_chess960_number() {
    let mut s = setup(None, Some("5+3"));
    s.set_chess960(192).unwrap();
    let a = app_with(s, Lang::En, "classic");
    let t = text(&a, 120, 40, 0);
    assert!(t.contains("Chess960 #192"), "{t}");
    let plain = text(&app(None, Some("5+3")), 120, 40, 0);
    assert!(!plain.contains("Chess960"), "{plain}");
}

// ------------------------------------------------------------------ the mouse

use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};

fn mouse(app: &mut App, kind: MouseEventKind, (x, y): (u16, u16), now: u64) {
    app.mouse(
        MouseEvent {
            kind,
            column: x,
            row: y,
            modifiers: KeyModifiers::NONE,
        },
        now,
    );
    app.tick(now);
}

/// The middle cell of `s` on the board of a `w`×`h` screen (White at the bottom), after
/// drawing a frame of that size (the app keeps where the frame put the board).
fn cell_of(app: &App, s: &str, w: u16, h: u16, now: u64) -> (u16, u16) {
    let _ = screen(app, w, h, now);
    let sq: Square = s.parse().unwrap();
    // (square columns, rows, first column of the a-file, first row of the 8th rank)
    let (sw, sh, left, top) = match (w, h) {
        (80, 24) => (4, 2, 3, 2),
        (120, 40) => (8, 4, 3, 2),
        (40, 15) => (2, 1, 2, 1),
        _ => panic!("no layout known for {w}×{h}"),
    };
    let f = sq.file().index() as u16;
    let r = 7 - sq.rank().index() as u16;
    (left + f * sw + sw / 2, top + r * sh + sh / 2)
}

fn sans(app: &App) -> Vec<String> {
    app.session
        .game()
        .plies()
        .iter()
        .map(|p| p.san.clone())
        .collect()
}

fn click(app: &mut App, at: (u16, u16), now: u64) {
    mouse(app, MouseEventKind::Down(MouseButton::Left), at, now);
    mouse(app, MouseEventKind::Up(MouseButton::Left), at, now);
}

#[test]
fn mouse_click_a_piece_then_its_square_at_every_layout() {
    for (w, h) in [(80, 24), (120, 40), (40, 15)] {
        let mut a = app(None, Some("15+10"));
        let e2 = cell_of(&a, "e2", w, h, 0);
        click(&mut a, e2, 1_000);
        let e4 = cell_of(&a, "e4", w, h, 1_000);
        click(&mut a, e4, 1_500);
        assert_eq!(sans(&a), ["e4"], "{w}×{h}");
    }
}

#[test]
fn mouse_drag_and_drop_moves_and_a_click_puts_the_piece_down() {
    let mut a = app(None, Some("15+10"));
    let (g1, f3) = (cell_of(&a, "g1", 120, 40, 0), cell_of(&a, "f3", 120, 40, 0));
    mouse(&mut a, MouseEventKind::Down(MouseButton::Left), g1, 1_000);
    mouse(&mut a, MouseEventKind::Drag(MouseButton::Left), f3, 1_100);
    mouse(&mut a, MouseEventKind::Up(MouseButton::Left), f3, 1_200);
    assert_eq!(sans(&a), ["Nf3"]);
    // Black picks up the b8 knight, and puts it down again with a second click.
    let b8 = cell_of(&a, "b8", 120, 40, 1_200);
    click(&mut a, b8, 2_000);
    let t = text(&a, 120, 40, 2_000);
    // The cursor is on it too: braces.
    assert!(t.contains("{ ▝▀▐█▌}"), "the knight is held:\n{t}");
    click(&mut a, b8, 2_100);
    let t = text(&a, 120, 40, 2_100);
    assert!(t.contains("[ ▝▀▐█▌]"), "put down again:\n{t}");
    // A click on an illegal target plays nothing.
    click(&mut a, b8, 2_200);
    let b4 = cell_of(&a, "b4", 120, 40, 2_200);
    click(&mut a, b4, 2_300);
    assert_eq!(sans(&a), ["Nf3"]);
}

#[test]
fn art_4_3_mouse_touch_binds_as_the_keys_do() {
    let mut a = app(None, Some("15+10"));
    a.set_strict_touch(true, 0);
    // White touches the g1 knight with the mouse and must move it (4.3.1): a click on a
    // pawn afterwards does not pick up the pawn.
    let g1 = cell_of(&a, "g1", 80, 24, 0);
    click(&mut a, g1, 1_000);
    click(&mut a, g1, 1_100);
    let e2 = cell_of(&a, "e2", 80, 24, 1_100);
    click(&mut a, e2, 1_200);
    let e4 = cell_of(&a, "e4", 80, 24, 1_200);
    click(&mut a, e4, 1_300);
    assert_eq!(sans(&a), Vec::<String>::new(), "{}", a.announcement());
    assert!(
        a.announcement().contains("(Art. 4.3.1)"),
        "{}",
        a.announcement()
    );
    // The pawn is still in the hand: a click on its square puts it back, then the knight
    // goes to f3.
    click(&mut a, e2, 1_400);
    let f3 = cell_of(&a, "f3", 80, 24, 1_400);
    click(&mut a, g1, 1_500);
    click(&mut a, f3, 1_600);
    assert_eq!(sans(&a), ["Nf3"]);
}

/// A long game (70 plies, played by Stockfish at a low level), typed on the command line.
fn long_game() -> App {
    let mut a = app(None, None);
    let moves = "e2e4 c7c5 g1f3 g8f6 e4e5 f6e4 d1e2 d7d5 c2c4 c8g4 b1c3 e4c3 b2c3 d5d4 e2e4 \
                 g4f3 e4f3 d8d7 f1e2 b8c6 f3d5 d7f5 f2f4 g7g5 e1g1 f8g7 g2g4 f5e6 d5e6 f7e6 \
                 c1b2 a8d8 g1g2 d4c3 b2c3 e8g8 f4g5 g7e5 c3e5 c6e5 f1f8 g8f8 d2d3 e5d3 e2d3 \
                 d8d3 a1b1 d3c3 h2h3 c3c2 g2f3 a7a5 b1b7 c2h2 h3h4 h2h3 f3g2 h3h4 g2g3 h4h1 \
                 a2a4 h1a1 b7b5 a1a3 g3f2 a3c3 b5a5 c3a3 a5a7 f8e8";
    for (i, mv) in moves.split_whitespace().enumerate() {
        typed(&mut a, &format!(":{mv}\n"), 1_000 * (i as u64 + 1));
    }
    assert_eq!(sans(&a).len(), 70, "{}", a.announcement());
    a
}

#[test]
fn mouse_click_on_the_scoresheet_shows_that_position_and_esc_comes_back() {
    let mut a = long_game();
    let now = 100_000;
    let t = text(&a, 120, 40, now);
    // The scoresheet shows the end; find the row of move 28 and click White's move in it.
    let (y, line) = t
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("30. "))
        .expect("move 30 on the scoresheet");
    let col = line.find("30.").map(|b| line[..b].chars().count()).unwrap() as u16 + 5;
    click(&mut a, (col, y as u16), now);
    assert!(
        a.announcement().starts_with("Position after 30. "),
        "{}",
        a.announcement()
    );
    let t = text(&a, 120, 40, now);
    assert!(t.contains("30.>"), "the move is marked:\n{t}");
    a.key(key(KeyCode::Esc), now);
    let t = text(&a, 120, 40, now);
    assert!(!t.contains("30.>"), "back to the game:\n{t}");
    assert_eq!(sans(&a).len(), 70);
}

#[test]
fn pgup_scrolls_from_the_first_press_and_pgdn_comes_back_to_the_end() {
    let mut a = long_game();
    let now = 100_000;
    // The first move row of the scoresheet (the right column).
    let first_row = |t: &str| -> String {
        t.lines()
            .map(|l| l.chars().skip(40).collect::<String>())
            .find(|l| l.contains(". "))
            .unwrap_or_default()
    };
    let end = text(&a, 80, 24, now);
    a.key(key(KeyCode::PageUp), now);
    let up = text(&a, 80, 24, now);
    assert_ne!(
        first_row(&end),
        first_row(&up),
        "the first PgUp scrolls:\n{up}"
    );
    for _ in 0..20 {
        a.key(key(KeyCode::PageUp), now);
        let _ = text(&a, 80, 24, now);
    }
    assert!(text(&a, 80, 24, now).contains(" 1. e4"));
    for _ in 0..20 {
        a.key(key(KeyCode::PageDown), now);
        let _ = text(&a, 80, 24, now);
    }
    assert_eq!(first_row(&text(&a, 80, 24, now)), first_row(&end));
    // The wheel scrolls too.
    mouse(&mut a, MouseEventKind::ScrollUp, (60, 12), now);
    assert_ne!(first_row(&text(&a, 80, 24, now)), first_row(&end));
}
