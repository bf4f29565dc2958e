//! The full screen, headless: `TestBackend` + insta snapshots of the whole screen at 80×24
//! and 120×40 in the states a game goes through, exact styles where colour carries meaning,
//! and the same information as characters in the monochrome theme. Themes from files, valid
//! and invalid, with the exact error text.

mod common;

use escaque::core::{Bitboard, Color, Letters, Move, Notation, Position, Square, parse_move};
use escaque::lang::Lang;
use escaque::laws::Game;
use escaque::laws::clock::ClockOptions;
use escaque::laws::time_control::TimeControl;
use escaque::ui::{
    BoardView, ClockView, FindingsView, Glyphs, HelpView, Overlay, Prompt, ScoresheetView, Screen,
    StatusView, Theme, draw,
};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color as Rgb, Modifier, Style};

const S: u64 = 1000;

/// A game and what the play mode would show about it.
struct Scene {
    game: Game,
    now: u64,
    lang: Lang,
    notation: Notation,
    glyphs: Glyphs,
    bottom: Color,
    cursor: Option<Square>,
    selected: Option<Square>,
    clock_readings: bool,
    announcement: String,
    hints: Vec<(String, String)>,
    prompt: Option<PromptKind>,
    overlay: Option<OverlayKind>,
    findings: Option<Vec<(usize, String, String)>>,
    highlight_ply: Option<usize>,
}

enum PromptKind {
    Command(String, Option<String>),
    Confirm(String),
    Promotion,
}

enum OverlayKind {
    Help,
    Promotion(Color),
    Message(String, String),
}

fn hints() -> Vec<(String, String)> {
    [
        ("?", "help"),
        ("Enter", "pick/drop"),
        ("d", "offer draw"),
        ("c", "claim"),
        ("f", "flip"),
        ("q", "quit"),
    ]
    .iter()
    .map(|(k, l)| (k.to_string(), l.to_string()))
    .collect()
}

fn help_entries() -> Vec<(String, String)> {
    [
        ("←↓↑→ hjkl", "move the cursor"),
        ("Enter", "pick up / put down a piece"),
        ("a-h, K Q R B N, O", "type a move"),
        ("d", "offer a draw (after your move)"),
        ("c", "claim a draw (9.2, 9.3)"),
        ("r", "resign"),
        ("f", "flip the board"),
        ("t", "clock readings on the scoresheet"),
        ("p", "pause for the arbiter"),
        ("s", "save as PGN"),
        ("?", "this help"),
        ("q, Ctrl-C", "quit"),
    ]
    .iter()
    .map(|(k, l)| (k.to_string(), l.to_string()))
    .collect()
}

fn promotion_options() -> Vec<(String, String)> {
    [
        ("q", "queen"),
        ("r", "rook"),
        ("b", "bishop"),
        ("n", "knight"),
    ]
    .iter()
    .map(|(k, l)| (k.to_string(), l.to_string()))
    .collect()
}

impl Scene {
    fn new(game: Game, now: u64) -> Scene {
        Scene {
            game,
            now,
            lang: Lang::En,
            notation: Notation::ENGLISH,
            glyphs: Glyphs::Unicode,
            bottom: Color::White,
            cursor: None,
            selected: None,
            clock_readings: false,
            announcement: String::new(),
            hints: hints(),
            prompt: None,
            overlay: None,
            findings: None,
            highlight_ply: None,
        }
    }

    fn last_move(&self) -> Option<Move> {
        self.game.plies().last().map(|p| p.mv)
    }

    fn render(&self, w: u16, h: u16, theme: &Theme) -> Buffer {
        let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
        let targets = self
            .selected
            .map(|s| BoardView::targets_of(self.game.position(), s))
            .unwrap_or(Bitboard::EMPTY);
        let options = promotion_options();
        let help = help_entries();
        let prompt = self.prompt.as_ref().map(|p| match p {
            PromptKind::Command(input, error) => Prompt::CommandLine {
                input,
                cursor: input.chars().count(),
                error: error.as_deref(),
            },
            PromptKind::Confirm(q) => Prompt::Confirm { question: q },
            PromptKind::Promotion => Prompt::Promotion {
                question: "Promote to:",
                options: &options,
            },
        });
        let overlay = self.overlay.as_ref().map(|o| match o {
            OverlayKind::Help => Overlay::Help(HelpView {
                title: "Keys",
                entries: &help,
            }),
            OverlayKind::Promotion(color) => Overlay::Promotion {
                color: *color,
                options: &options,
                selected: Some(0),
            },
            OverlayKind::Message(t, x) => Overlay::Message { title: t, text: x },
        });
        let title = "Anna Ramos – Bruno Díaz · Club Escaque, round 3 · 90/40+30:30+30";
        let screen = Screen {
            title,
            lang: self.lang,
            board: BoardView {
                position: self.game.position(),
                bottom: self.bottom,
                last_move: self.last_move(),
                cursor: self.cursor,
                selected: self.selected,
                targets,
                glyphs: self.glyphs,
                coordinates: true,
            },
            clock: ClockView {
                clock: self.game.clock(),
                now_ms: self.now,
                names: ["Anna Ramos", "Bruno Díaz"],
                lang: self.lang,
                low_time_ms: 60 * S,
                glyphs: self.glyphs,
            },
            scoresheet: ScoresheetView {
                game: &self.game,
                notation: self.notation,
                clock_readings: self.clock_readings,
                scroll: None,
                highlight_ply: self.highlight_ply,
                after_end: &[],
                lang: self.lang,
            },
            status: StatusView {
                announcement: &self.announcement,
                kept_from: None,
                hints: &self.hints,
                prompt,
            },
            findings: self.findings.as_ref().map(|items| FindingsView {
                items,
                selected: Some(0),
                lang: self.lang,
            }),
            overlay,
        };
        terminal.draw(|f| draw(f, &screen, theme)).unwrap();
        terminal.backend().buffer().clone()
    }
}

/// The characters of a buffer, one line per row, trailing spaces cut.
fn text(buf: &Buffer) -> String {
    let mut out = String::new();
    for y in 0..buf.area.height {
        let mut line = String::new();
        for x in 0..buf.area.width {
            line.push_str(buf[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn classic() -> Theme {
    Theme::load("classic", None).unwrap()
}

fn mono() -> Theme {
    Theme::load("monochrome", None).unwrap()
}

fn clocked(fen: Option<&str>, tc: &str) -> Game {
    let start = fen.map_or_else(Position::new, |f| Position::from_fen(f).unwrap());
    let tc: TimeControl = tc.parse().unwrap();
    let mut g = Game::with_clock(start, tc, ClockOptions::default());
    g.start_clock(0).unwrap();
    g
}

/// Plays `moves` (English SAN), one every `step` ms from `t`; returns the time after.
fn play(g: &mut Game, moves: &[&str], mut t: u64, step: u64) -> u64 {
    for san in moves {
        t += step;
        let mv = parse_move(g.position(), san, Letters::English).unwrap();
        g.play_at(mv, t).unwrap();
    }
    t
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// Snapshots the scene at 80×24 and 120×40 in `theme`.
fn snap_both(name: &str, scene: &Scene, theme: &Theme) {
    for (w, h) in [(80, 24), (120, 40)] {
        let buf = scene.render(w, h, theme);
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), text(&buf));
    }
}

// ------------------------------------------------------------------ the screens

fn start_scene() -> Scene {
    let mut s = Scene::new(clocked(None, "90/40+30:30+30"), 0);
    s.cursor = Some(sq("e2"));
    s.announcement = "The game begins. White to move.".into();
    s
}

#[test]
fn start_position() {
    snap_both("start", &start_scene(), &classic());
}

fn ruy_lopez() -> Scene {
    let mut g = clocked(None, "90/40+30:30+30");
    let t = play(&mut g, &["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"], 0, 65 * S);
    let mut s = Scene::new(g, t + 12 * S);
    s.cursor = Some(sq("b5"));
    s.selected = Some(sq("b5"));
    s.clock_readings = true;
    s.announcement = "Black: pawn a6.".into();
    s
}

#[test]
fn after_a_few_moves_with_selection_targets_and_clock_readings() {
    snap_both("after_moves", &ruy_lopez(), &classic());
}

fn check_scene() -> Scene {
    let mut g = clocked(None, "15+10");
    let t = play(&mut g, &["e4", "f5", "Qh5+"], 0, 20 * S);
    let mut s = Scene::new(g, t + 3 * S);
    s.cursor = Some(sq("g7"));
    s.announcement = "White: queen Hector five, check.".into();
    s
}

#[test]
fn art_3_9_check_is_marked_beside_the_king() {
    snap_both("check", &check_scene(), &classic());
}

fn promotion_scene() -> Scene {
    let g = clocked(Some("8/1P4k1/8/8/8/8/6K1/8 w - - 0 50"), "3+2");
    let mut s = Scene::new(g, 30 * S);
    s.cursor = Some(sq("b8"));
    s.selected = Some(sq("b7"));
    s.prompt = Some(PromptKind::Promotion);
    s.overlay = Some(OverlayKind::Promotion(Color::White));
    s.announcement = "Pawn to Bella eight: choose the new piece.".into();
    s
}

#[test]
fn art_3_7_3_3_promotion_prompt() {
    snap_both("promotion", &promotion_scene(), &classic());
}

fn draw_offer_scene() -> Scene {
    let mut g = clocked(None, "90/40+30:30+30");
    let t = play(&mut g, &["d4", "d5", "c4"], 0, 40 * S);
    g.offer_draw(Color::White).unwrap();
    let mut s = Scene::new(g, t + 5 * S);
    s.announcement = "White offers a draw (Art. 9.1.2.1).".into();
    s
}

#[test]
fn art_9_1_2_2_draw_offer_marked_with_equals() {
    let s = draw_offer_scene();
    let buf = s.render(80, 24, &classic());
    assert!(text(&buf).contains("c4 ="), "{}", text(&buf));
    snap_both("draw_offered", &s, &classic());
}

fn rejected_claim_scene() -> Scene {
    let mut g = clocked(None, "90/40+30:30+30");
    let t = play(&mut g, &["Nf3", "Nf6", "Ng1", "Ng8"], 0, 10 * S);
    let nf3 = parse_move(g.position(), "Nf3", Letters::English).unwrap();
    g.tick(t + 5 * S);
    g.claim_draw(Color::White, Some(nf3)).unwrap();
    let mut s = Scene::new(g, t + 9 * S);
    s.announcement =
        "White's claim is incorrect: two minutes to Black, and Nf3 stands (Art. 9.5.3).".into();
    s
}

#[test]
fn art_9_5_3_rejected_claim_and_its_penalty() {
    let s = rejected_claim_scene();
    let t = text(&s.render(120, 40, &classic()));
    assert!(t.contains("White claims a draw with Nf3: rejected"), "{t}");
    assert!(t.contains("+2 min to Black (Art. 9.5.3)"), "{t}");
    // The claim counts as an offer (9.1.2.3) and the declared move was played.
    assert!(t.contains("3. Nf3 ="), "{t}");
    snap_both("claim_rejected", &s, &classic());
}

fn flag_scene() -> Scene {
    let mut g = clocked(Some("8/8/4k3/8/8/8/3QK3/8 w - - 0 60"), "1+0");
    play(&mut g, &["Kf2"], 0, 10 * S);
    play(&mut g, &["Kf5"], 10 * S, 2 * S);
    g.tick(70 * S);
    let mut s = Scene::new(g, 70 * S);
    s.announcement = "White's flag fell; Black cannot checkmate: draw (Art. 6.9).".into();
    s
}

#[test]
fn art_6_9_flag_fall_drawn_when_the_opponent_cannot_mate() {
    let s = flag_scene();
    let t = text(&s.render(120, 40, &classic()));
    assert!(t.contains("FLAG"), "{t}");
    assert!(
        t.contains("1/2-1/2 Draw: flag fall, but the opponent"),
        "{t}"
    );
    assert!(t.contains("(Art. 6.9)"), "{t}");
    snap_both("flag_fall_draw", &s, &classic());
}

fn mate_scene(lang: Lang) -> Scene {
    let mut g = clocked(None, "15+10");
    let t = play(
        &mut g,
        &["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"],
        0,
        7 * S,
    );
    let mut s = Scene::new(g, t + S);
    s.lang = lang;
    s.announcement = match lang {
        Lang::En => "Checkmate. White wins (Art. 5.1.1).".into(),
        Lang::Es => "Jaque mate. Ganan las blancas (Art. 5.1.1).".into(),
    };
    if lang == Lang::Es {
        s.notation = Notation::SPANISH;
    }
    s
}

#[test]
fn art_5_1_1_game_over_with_the_result_and_its_article() {
    let s = mate_scene(Lang::En);
    let t = text(&s.render(120, 40, &classic()));
    assert!(t.contains("1-0 White wins: checkmate (Art. 5.1.1)"), "{t}");
    assert!(t.contains("game over"), "{t}");
    snap_both("game_over", &s, &classic());
}

/// Art. 5.1.1: in replay, a finished game is over on the board only at its last ply: at an
/// earlier ply (and at the start) the board's title says whose move it is.
#[test]
fn art_5_1_1_replay_before_the_mate_is_not_game_over() {
    let mut s = mate_scene(Lang::En);
    s.highlight_ply = Some(7);
    assert!(text(&s.render(120, 40, &classic())).contains("game over"));
    for ply in [0, 3, 6] {
        s.highlight_ply = Some(ply);
        let t = text(&s.render(120, 40, &classic()));
        assert!(!t.contains("game over"), "ply {ply}\n{t}");
        assert!(t.contains(" to move "), "ply {ply}\n{t}");
    }
}

#[test]
fn art_5_1_1_game_over_in_spanish_with_spanish_letters() {
    let s = mate_scene(Lang::Es);
    let t = text(&s.render(120, 40, &classic()));
    assert!(
        t.contains("1-0 Ganan las blancas: jaque mate (Art. 5.1.1)"),
        "{t}"
    );
    assert!(t.contains("Dxf7#"), "{t}");
    assert!(t.contains("Planilla"), "{t}");
    snap_both("game_over_es", &s, &classic());
}

#[test]
fn help_screen() {
    let mut s = start_scene();
    s.overlay = Some(OverlayKind::Help);
    let t = text(&s.render(80, 24, &classic()));
    for (k, l) in help_entries() {
        assert!(t.contains(&k) && t.contains(&l), "{k} {l}\n{t}");
    }
    snap_both("help", &s, &classic());
}

#[test]
fn command_line_with_an_error_and_a_confirmation() {
    let mut s = ruy_lopez();
    s.prompt = Some(PromptKind::Command(
        "Bxa7".into(),
        Some("Bxa7 is not a legal move here (Art. 3)".into()),
    ));
    snap_both("command_line", &s, &classic());
    s.prompt = Some(PromptKind::Confirm("Resign the game? [y/n]".into()));
    let t = text(&s.render(80, 24, &classic()));
    assert!(
        t.lines()
            .nth(23)
            .unwrap()
            .starts_with("Resign the game? [y/n]"),
        "{t}"
    );
}

#[test]
fn replay_with_findings_and_highlighted_ply() {
    let mut s = rejected_claim_scene();
    s.highlight_ply = Some(4);
    s.findings = Some(vec![
        (
            4,
            "Art. 9.5.3".into(),
            "White claimed threefold repetition with Nf3; the position would occur only twice."
                .into(),
        ),
        (
            4,
            "Art. 9.1.2.3".into(),
            "The claim stands as a draw offer.".into(),
        ),
    ]);
    let t = text(&s.render(120, 40, &classic()));
    assert!(t.contains(">Ng8"), "{t}");
    assert!(t.contains("> after 2...  Art. 9.5.3"), "{t}");
    snap_both("replay_findings", &s, &classic());
}

#[test]
fn below_20x12_the_screen_asks_to_be_enlarged() {
    let s = start_scene();
    let t = text(&s.render(30, 11, &classic()));
    let words = t.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("The terminal is 30×11: escaque needs at least 20×12."),
        "{t}"
    );
    let mut s = start_scene();
    s.lang = Lang::Es;
    let t = text(&s.render(60, 10, &classic()));
    assert!(t.contains("La terminal mide 60×10"), "{t}");
}

// ------------------------------------------------------------------ every size, three themes

/// The Fried Liver: 7.Qf3+ Ke6, White to move, a knight down for two pawns (Black is two
/// points ahead); White's b1 knight picked up, the cursor on c3, clock readings on.
fn fried_liver() -> Scene {
    let mut g = clocked(None, "15+10");
    let moves = [
        "e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "Ng5", "d5", "exd5", "Nxd5", "Nxf7", "Kxf7",
        "Qf3+", "Ke6",
    ];
    let t = play(&mut g, &moves, 0, 20 * S);
    let mut s = Scene::new(g, t + 4 * S);
    s.cursor = Some(sq("c3"));
    s.selected = Some(sq("b1"));
    s.clock_readings = true;
    s.announcement = "Black: king e6.".into();
    s
}

const SIZES: [(u16, u16); 4] = [(40, 15), (80, 24), (120, 40), (200, 60)];
const THEMES: [&str; 3] = ["classic", "monochrome", "high-contrast"];

#[test]
fn every_size_in_three_themes_with_the_pieces_drawn() {
    let s = fried_liver();
    for name in THEMES {
        let theme = Theme::load(name, None).unwrap();
        for (w, h) in SIZES {
            let buf = s.render(w, h, &theme);
            insta::assert_snapshot!(format!("sizes_{name}_{w}x{h}"), format!("{buf:?}"));
        }
    }
}

#[test]
fn pieces_are_figures_from_six_by_three_squares_and_glyphs_below() {
    let s = fried_liver();
    let t = |w, h| text(&s.render(w, h, &mono()));
    // 40×15 and 80×24: one glyph a square, outline White, solid Black.
    for (w, h) in [(40, 15), (80, 24)] {
        let t = t(w, h);
        assert!(t.contains('♙') && t.contains('♜'), "{w}×{h}\n{t}");
        assert!(!t.contains("╶┴─┴╴"), "{w}×{h}\n{t}");
    }
    // 100×30 and 120×40: 5×3 figures; 200×60: 7×5 figures. White's are lines, Black's
    // are blocks: the two sides differ in shape with no colour at all.
    for (w, h) in [(100, 30), (120, 40)] {
        let t = t(w, h);
        assert!(t.contains("╶┴─┴╴") && t.contains("▗███▖"), "{w}×{h}\n{t}");
        assert!(!t.contains('♙') && !t.contains('♜'), "{w}×{h}\n{t}");
    }
    let t = t(200, 60);
    assert!(t.contains("╭┴─┴╮") && t.contains("▟███▙"), "{t}");
    // The king's cross and the queen's crown, on the rows of their figures.
    assert!(t.contains("─┼─") && t.contains("▀█▀"), "{t}");
}

#[test]
fn ascii_draws_letters_at_every_size() {
    let mut s = fried_liver();
    s.glyphs = Glyphs::Ascii;
    for (w, h) in SIZES {
        let t = text(&s.render(w, h, &mono()));
        // No figure, glyph or line: the title's names are the only letters beyond ASCII.
        let drawn = |c: char| matches!(c, '\u{2500}'..='\u{259f}' | '\u{2654}'..='\u{265f}');
        assert!(!t.chars().any(drawn), "{w}×{h}\n{t}");
        assert!(t.contains('K') && t.contains('k'), "{w}×{h}\n{t}");
    }
}

#[test]
fn compact_layout_has_the_board_the_clock_line_and_the_last_move() {
    let s = fried_liver();
    let t = text(&s.render(40, 15, &classic()));
    let rows: Vec<&str> = t.lines().collect();
    // The clock line: Black (top of the board) then White, the running marker on White's,
    // the material (Black a knight for a pawn up, two points), the last move.
    assert!(rows[0].contains(" ♚ 0:13:50 ♘ +2"), "{t}");
    assert!(rows[0].contains("▶♔ 0:13:46 ♟"), "{t}");
    assert!(rows[0].ends_with("7… Ke6"), "{t}");
    // The board with its coordinates and no border; the scoresheet beside it.
    assert!(rows[1].starts_with("8 ♜"), "{t}");
    assert!(rows[9].starts_with("  a b c d e f g h"), "{t}");
    assert!(!t.contains('│') && !t.contains('┌'), "{t}");
    assert!(t.contains("7. Qf3+"), "{t}");
    // Below 80×24 and above 40×15 too.
    for (w, h) in [(79, 23), (60, 20), (50, 16)] {
        let t = text(&s.render(w, h, &classic()));
        assert!(t.lines().next().unwrap().contains("7… Ke6"), "{w}×{h}\n{t}");
    }
}

#[test]
fn the_clock_pane_swaps_when_the_board_is_flipped() {
    let mut s = fried_liver();
    let row_of = |t: &str, name: &str| t.lines().position(|l| l.contains(name)).unwrap();
    let t = text(&s.render(120, 40, &classic()));
    assert!(
        row_of(&t, "♚ Bruno Díaz") < row_of(&t, "♔ Anna Ramos"),
        "{t}"
    );
    s.bottom = Color::Black;
    let t = text(&s.render(120, 40, &classic()));
    assert!(
        row_of(&t, "♔ Anna Ramos") < row_of(&t, "♚ Bruno Díaz"),
        "{t}"
    );
}

#[test]
fn material_and_captured_pieces_under_each_clock() {
    let s = fried_liver();
    let t = text(&s.render(120, 40, &classic()));
    // White has taken two pawns for a pawn and a knight: a pawn more, two points less.
    let under = |name: &str| {
        let row = t.lines().position(|l| l.contains(name)).unwrap();
        t.lines().nth(row + 1).unwrap().to_string()
    };
    assert!(
        under("♔ Anna Ramos").contains("│    ♟ · +10s increment"),
        "{t}"
    );
    assert!(
        under("♚ Bruno Díaz").contains("│    ♘ +2 · +10s increment"),
        "{t}"
    );
}

#[test]
fn art_6_3_delay_counts_down_while_the_clock_runs() {
    // 5 minutes with a 5-second US delay: 2 s into White's move, 3 s of delay are left.
    let g = clocked(None, "5+5d");
    let s = Scene::new(g, 2 * S);
    let t = text(&s.render(120, 40, &classic()));
    assert!(t.contains("▕███░░▏ 3.0s"), "{t}");
    let g = clocked(None, "5+5b");
    let s = Scene::new(g, 4_500);
    let t = text(&s.render(120, 40, &mono()));
    assert!(t.contains("▕█░░░░▏ 0.5s"), "{t}");
}

#[test]
fn clock_readings_shown_when_they_fit() {
    let mut s = fried_liver();
    s.clock_readings = true;
    let t = text(&s.render(120, 40, &classic()));
    assert!(t.contains("1. e4   0:14:50 e5   0:14:50"), "{t}");
    let t = text(&s.render(40, 15, &classic()));
    assert!(!t.contains("0:14:50"), "{t}");
}

#[test]
fn art_9_5_3_each_penalty_follows_its_own_claim() {
    let mut g = clocked(None, "15+10");
    let t = play(&mut g, &["Nf3", "Nf6"], 0, 5 * S);
    // White claims twice without grounds before moving: +1 min to Black after each claim.
    g.claim_draw(Color::White, None).unwrap();
    g.claim_draw(Color::White, None).unwrap();
    let _ = t;
    let s = Scene::new(g, 20 * S);
    let t = text(&s.render(120, 40, &classic()));
    let notes: Vec<&str> = t
        .lines()
        .filter_map(|l| l.find("! ").map(|i| &l[i..]))
        .collect();
    assert!(notes.len() >= 4, "{t}");
    assert!(notes[0].starts_with("! White claims a draw"), "{t}");
    assert!(notes[1].starts_with("! +1 min to Black"), "{t}");
    assert!(notes[2].starts_with("! White claims a draw"), "{t}");
    assert!(notes[3].starts_with("! +1 min to Black"), "{t}");
}

#[test]
fn no_size_panics_or_draws_garbage() {
    let scenes = [ruy_lopez(), promotion_scene(), flag_scene()];
    for s in &scenes {
        for w in (1..140).step_by(9) {
            for h in (1..50).step_by(7) {
                let buf = s.render(w, h, &classic());
                assert_eq!(buf.area, Rect::new(0, 0, w, h));
            }
        }
    }
}

// ------------------------------------------------------------------ board sizes, themes, ASCII

#[test]
fn squares_grow_with_the_screen() {
    let s = start_scene();
    let areas = |w, h| {
        let g = &s.game;
        let screen = Screen {
            title: "",
            lang: Lang::En,
            board: BoardView::new(g.position()),
            clock: ClockView {
                clock: g.clock(),
                now_ms: 0,
                names: ["a", "b"],
                lang: Lang::En,
                low_time_ms: 0,
                glyphs: Glyphs::Unicode,
            },
            scoresheet: ScoresheetView::new(g, Lang::En),
            status: StatusView {
                announcement: "",
                kept_from: None,
                hints: &[],
                prompt: None,
            },
            findings: None,
            overlay: None,
        };
        escaque::ui::areas(Rect::new(0, 0, w, h), &screen).map(|a| a.square)
    };
    assert_eq!(areas(40, 15), Some((2, 1)));
    assert_eq!(areas(80, 24), Some((4, 2)));
    assert_eq!(areas(100, 30), Some((6, 3)));
    assert_eq!(areas(120, 40), Some((8, 4)));
    assert_eq!(areas(200, 60), Some((12, 6)));
    assert_eq!(areas(79, 40), Some((8, 4)));
    assert_eq!(areas(19, 40), None);
}

/// The board alone with every highlight: last move, check, cursor, selection, targets.
fn highlight_board(theme: &Theme, glyphs: Glyphs) -> Buffer {
    // 1.e4 e5 2.Qh5 Nc6 3.Bc4 d6?? — White's queen can take f7 with mate; show Black in
    // check after 1.e4 f5 2.Qh5+ instead, with Black's g-pawn selected.
    let mut g = Game::new(Position::new());
    for m in ["e4", "f5", "Qh5+"] {
        g.play_san(m, Letters::English).unwrap();
    }
    let pos = g.position();
    let view = BoardView {
        position: pos,
        bottom: Color::White,
        last_move: g.plies().last().map(|p| p.mv),
        cursor: Some(sq("g6")),
        selected: Some(sq("g7")),
        targets: BoardView::targets_of(pos, sq("g7")),
        glyphs,
        coordinates: true,
    };
    let mut buf = Buffer::empty(Rect::new(0, 0, 34, 17));
    view.render(buf.area, &mut buf, theme);
    buf
}

#[test]
fn board_in_each_theme() {
    for name in Theme::names() {
        let theme = Theme::load(name, None).unwrap();
        let buf = highlight_board(&theme, Glyphs::Unicode);
        insta::assert_snapshot!(format!("board_theme_{name}"), format!("{buf:?}"));
    }
}

#[test]
fn board_in_ascii() {
    let buf = highlight_board(&classic(), Glyphs::Ascii);
    let t = text(&buf);
    assert!(t.is_ascii(), "{t}");
    insta::assert_snapshot!("board_ascii", t);
    let mut s = ruy_lopez();
    s.glyphs = Glyphs::Ascii;
    let whole = text(&s.render(80, 24, &mono()));
    insta::assert_snapshot!("ascii_monochrome_80x24", whole);
}

#[test]
fn flipped_board_has_black_at_the_bottom() {
    let mut s = start_scene();
    s.bottom = Color::Black;
    let t = text(&s.render(80, 24, &classic()));
    let rows: Vec<&str> = t.lines().collect();
    // Rank 1 at the top, files h..a below.
    assert!(rows[2].starts_with("│1  ♖   ♘   ♗   ♔   ♕"), "{t}");
    assert!(rows[18].contains("h   g   f   e   d   c   b   a"), "{t}");
}

// ------------------------------------------------------------------ styles where colour means

/// The colours and modifiers of a cell, as a style.
fn cell_style(buf: &Buffer, x: u16, y: u16) -> Style {
    let c = &buf[(x, y)];
    Style::default().fg(c.fg).bg(c.bg).add_modifier(c.modifier)
}

/// The screen column and row of the piece cell of `s` on the 4×2 board at 80×24 (White at
/// the bottom): the board block starts at (0, 1), its inside at (1, 2), the squares after
/// the two columns of rank numbers.
fn piece_cell(s: Square) -> (u16, u16) {
    let f = s.file().index() as u16;
    let r = 7 - s.rank().index() as u16;
    (3 + f * 4 + 1, 2 + r * 2)
}

#[test]
fn classic_cursor_and_check_styles_are_exact() {
    let s = check_scene();
    let buf = s.render(80, 24, &classic());
    let (x, y) = piece_cell(sq("g7"));
    let cursor = Style::default()
        .bg(Rgb::Rgb(0x6f, 0xa8, 0xdc))
        .fg(Rgb::Rgb(0, 0, 0))
        .add_modifier(Modifier::BOLD);
    assert_eq!(buf[(x - 1, y)].symbol(), "[");
    assert_eq!(cell_style(&buf, x - 1, y), cursor);
    assert_eq!(buf[(x, y)].symbol(), "♟");
    assert_eq!(buf[(x, y)].bg, Rgb::Rgb(0x6f, 0xa8, 0xdc));
    // The king in check: red square, `+` beside it.
    let (kx, ky) = piece_cell(sq("e8"));
    assert_eq!(buf[(kx, ky)].symbol(), "♚");
    assert_eq!(buf[(kx + 1, ky)].symbol(), " ");
    assert_eq!(buf[(kx + 2, ky)].symbol(), "+");
    let check = Style::default()
        .bg(Rgb::Rgb(0xe8, 0x48, 0x3f))
        .fg(Rgb::Rgb(0, 0, 0))
        .add_modifier(Modifier::BOLD);
    assert_eq!(cell_style(&buf, kx + 2, ky), check);
    // The last move (Qd1-h5): `*` in the bottom-left corner, last-move background.
    let (hx, hy) = piece_cell(sq("h5"));
    assert_eq!(buf[(hx - 1, hy + 1)].symbol(), "*");
    assert_eq!(buf[(hx - 1, hy + 1)].bg, Rgb::Rgb(0xcd, 0xd2, 0x6a));
}

#[test]
fn monochrome_shows_the_same_highlights_as_characters() {
    let s = check_scene();
    let buf = s.render(80, 24, &mono());
    for y in 0..24 {
        for x in 0..80 {
            let c = &buf[(x, y)];
            assert_eq!((c.fg, c.bg), (Rgb::Reset, Rgb::Reset), "colour at {x},{y}");
        }
    }
    let (x, y) = piece_cell(sq("g7"));
    assert_eq!(
        [buf[(x - 1, y)].symbol(), buf[(x + 1, y)].symbol()],
        ["[", "]"]
    );
    let (kx, ky) = piece_cell(sq("e8"));
    assert_eq!(buf[(kx + 2, ky)].symbol(), "+");
    let (hx, hy) = piece_cell(sq("h5"));
    assert_eq!(buf[(hx - 1, hy + 1)].symbol(), "*");
    assert_eq!(buf[(hx - 1, 2 + 2 * 2)].symbol(), " ");
    // Dark squares are reverse video: a checkerboard without colour.
    let (ax, ay) = piece_cell(sq("a1"));
    assert!(buf[(ax, ay)].modifier.contains(Modifier::REVERSED));
    let (bx, by) = piece_cell(sq("b1"));
    assert!(!buf[(bx, by)].modifier.contains(Modifier::REVERSED));
    // Selection and targets: parentheses, dots and capture marks.
    let b = highlight_board(&mono(), Glyphs::Unicode);
    let t = text(&b);
    assert!(t.contains("(♟)"), "{t}");
    assert!(t.contains("[·]"), "{t}");
}

#[test]
fn selected_piece_and_legal_targets_are_marked() {
    let s = ruy_lopez();
    let buf = s.render(80, 24, &mono());
    let (x, y) = piece_cell(sq("b5"));
    // Cursor and selection on the same square: braces.
    assert_eq!(
        [
            buf[(x - 1, y)].symbol(),
            buf[(x, y)].symbol(),
            buf[(x + 1, y)].symbol()
        ],
        ["{", "♗", "}"]
    );
    // Empty targets get a dot, captures a cross beside the piece.
    let (ax, ay) = piece_cell(sq("a4"));
    assert_eq!(buf[(ax, ay)].symbol(), "·");
    let (cx, cy) = piece_cell(sq("c6"));
    assert_eq!(buf[(cx + 2, cy)].symbol(), "×");
    let (ex, ey) = piece_cell(sq("e2"));
    assert_eq!(buf[(ex, ey)].symbol(), "·");
    // Not a target: d7 (own pawn in the way? no: the bishop cannot reach it through c6).
    let (dx, dy) = piece_cell(sq("d7"));
    assert_eq!(buf[(dx + 2, dy)].symbol(), " ");
}

fn low_time_scene() -> Scene {
    let mut g = clocked(None, "1+0");
    let t = play(&mut g, &["e4", "e5"], 0, 3 * S);
    // White thinks until 8.5 s are left.
    let now = t + 60 * S - 3 * S - 8_500;
    Scene::new(g, now)
}

#[test]
fn art_6_3_low_time_and_tenths_under_ten_seconds() {
    let s = low_time_scene();
    let buf = s.render(80, 24, &classic());
    let t = text(&buf);
    assert!(t.contains("0:00:08.5"), "{t}");
    assert!(t.contains("! low time"), "{t}");
    let row = t.lines().position(|l| l.contains("0:00:08.5")).unwrap() as u16;
    let col = t
        .lines()
        .nth(row as usize)
        .unwrap()
        .chars()
        .position(|c| c == '8')
        .unwrap();
    let x = (col - 6) as u16; // the first character of "0:00:08.5"
    let low = Style::default()
        .fg(Rgb::Rgb(0xff, 0xff, 0xff))
        .bg(Rgb::Rgb(0xb0, 0x30, 0x30))
        .add_modifier(Modifier::BOLD);
    assert_eq!(buf[(x, row)].symbol(), "0");
    assert_eq!(cell_style(&buf, x, row), low);
    // The running marker is a character too.
    assert!(
        t.lines()
            .nth(row as usize)
            .unwrap()
            .contains("▶ ♔ Anna Ramos"),
        "{t}"
    );
    // Monochrome: the same words, no colour.
    let m = text(&s.render(80, 24, &mono()));
    assert!(
        m.contains("! low time") && m.contains("▶ ♔ Anna Ramos"),
        "{m}"
    );
}

#[test]
fn art_6_3_delay_controls_show_tenths_under_twenty_seconds() {
    let mut g = clocked(None, "0.25+5d");
    play(&mut g, &["e4"], 0, 0);
    let s = Scene::new(g, 0);
    let t = text(&s.render(80, 24, &classic()));
    assert!(t.contains("0:00:15.0"), "{t}");
    assert!(t.contains("5s delay"), "{t}");
}

#[test]
fn paused_and_no_clock_in_both_languages() {
    let mut s = Scene::new(Game::new(Position::new()), 0);
    assert!(text(&s.render(80, 24, &classic())).contains("no clock"));
    s.lang = Lang::Es;
    assert!(text(&s.render(80, 24, &classic())).contains("sin reloj"));
}

#[test]
fn message_overlay() {
    let mut s = start_scene();
    s.overlay = Some(OverlayKind::Message(
        "Engine".into(),
        "The engine stockfish did not answer within 10 s; the game is kept.".into(),
    ));
    let t = text(&s.render(80, 24, &classic()));
    assert!(t.contains(" Engine "), "{t}");
    assert!(t.contains("the game is") && t.contains("kept."), "{t}");
}

// ------------------------------------------------------------------ themes from files

#[test]
fn a_user_theme_overrides_the_built_in_of_its_name() {
    let tmp = common::TempDir::new("ui-override");
    let dir = tmp.path();
    std::fs::write(
        dir.join("classic.toml"),
        "description = \"mine\"\nbase = \"classic\"\ncursor = { bg = \"indexed:201\" }\n",
    )
    .unwrap();
    let t = Theme::load("classic", Some(dir)).unwrap();
    assert_eq!(t.description, "mine");
    assert_eq!(t.cursor, Style::default().bg(Rgb::Indexed(201)));
    assert_eq!(t.light_square, classic().light_square);
    // Another built-in is untouched; a new name is found in the directory.
    assert_eq!(Theme::load("monochrome", Some(dir)).unwrap(), mono());
    std::fs::write(
        dir.join("night.toml"),
        "base = \"high-contrast\"\ncheck = { fg = \"lightred\", modifiers = [\"bold\", \"reversed\"] }\n",
    )
    .unwrap();
    let n = Theme::load("night", Some(dir)).unwrap();
    assert_eq!(n.name, "night");
    assert_eq!(
        n.check,
        Style::default()
            .fg(Rgb::LightRed)
            .add_modifier(Modifier::BOLD | Modifier::REVERSED)
    );
}

fn theme_error(name: &str, body: &str) -> (String, String) {
    let tmp = common::TempDir::new(&format!("ui-{name}"));
    let dir = tmp.path();
    let path = dir.join(format!("{name}.toml"));
    std::fs::write(&path, body).unwrap();
    let e = Theme::load(name, Some(dir)).unwrap_err();
    (e.to_string(), path.display().to_string())
}

#[test]
fn a_bad_colour_names_file_line_and_key() {
    let (e, p) = theme_error(
        "badcolour",
        "base = \"classic\"\n\ncursor = { fg = \"#12\" }\n",
    );
    assert_eq!(
        e,
        format!(
            "{p}, line 3, key `cursor`: fg: \"#12\" is not a colour: expected \"#rrggbb\", \"indexed:N\" (0-255) or one of black, red, green, yellow, blue, magenta, cyan, gray, darkgray, lightred, lightgreen, lightyellow, lightblue, lightmagenta, lightcyan, white, reset (in `cursor = {{ fg = \"#12\" }}`)"
        )
    );
}

#[test]
fn an_unknown_key_a_bad_modifier_and_a_missing_key() {
    let (e, p) = theme_error(
        "unknownkey",
        "base = \"classic\"\ncursur = { fg = \"red\" }\n",
    );
    assert!(
        e.starts_with(&format!(
            "{p}, line 2, key `cursur`: unknown theme key: expected one of description, base, light_square, dark_square,"
        )),
        "{e}"
    );
    let (e, p) = theme_error(
        "badmod",
        "base = \"classic\"\ncheck = { modifiers = [\"blinking\"] }\n",
    );
    assert_eq!(
        e,
        format!(
            "{p}, line 2, key `check`: modifier \"blinking\" unknown: expected bold, dim, italic, underlined, reversed, crossed_out, slow_blink, rapid_blink or hidden (in `check = {{ modifiers = [\"blinking\"] }}`)"
        )
    );
    let (e, p) = theme_error("missing", "light_square = { bg = \"white\" }\n");
    assert_eq!(
        e,
        format!(
            "{p}, key `dark_square`: the key `dark_square` is missing: give every key, or `base = \"classic\"` to take the others from a built-in theme"
        )
    );
    let (e, p) = theme_error(
        "badfield",
        "base = \"classic\"\ntext = { colour = \"red\" }\n",
    );
    assert!(
        e.starts_with(&format!("{p}, line 2, key `text`: unknown field `colour`")),
        "{e}"
    );
}

#[test]
fn a_toml_syntax_error_and_an_unknown_theme() {
    let (e, p) = theme_error("syntax", "base = \"classic\"\ncursor = { fg = \"red\"\n");
    assert!(e.starts_with(&format!("{p}, line 2, column")), "{e}");
    let e = Theme::load("solarised", None).unwrap_err().to_string();
    assert_eq!(
        e,
        "theme \"solarised\": no such theme: expected one of classic, high-contrast, monochrome, colour-blind"
    );
    let (e, p) = theme_error("badbase", "base = \"nope\"\n");
    assert!(
        e.starts_with(&format!(
            "{p}, line 1, key `base`: base theme: theme \"nope\": no such theme"
        )),
        "{e}"
    );
}

// ------------------------------------------------------------------ the scoresheet alone

fn sheet_text(view: &ScoresheetView, w: u16, h: u16) -> String {
    let mut buf = Buffer::empty(Rect::new(0, 0, w, h));
    view.render(buf.area, &mut buf, &classic());
    text(&buf)
}

#[test]
fn art_8_1_1_a_game_from_a_position_with_black_to_move_starts_with_dots() {
    let mut g = Game::new(Position::from_fen("8/8/4k3/8/8/8/3QK3/8 b - - 0 12").unwrap());
    for m in ["Kf5", "Qd5+", "Kg4"] {
        g.play_san(m, Letters::English).unwrap();
    }
    let view = ScoresheetView::new(&g, Lang::En);
    assert_eq!(
        sheet_text(&view, 30, 3),
        "12. ...    Kf5\n13. Qd5+   Kg4\n\n"
    );
    // Long algebraic and figurines, through the chosen notation.
    let view = ScoresheetView {
        notation: Notation::FIGURINE,
        ..view
    };
    assert!(sheet_text(&view, 30, 3).contains("♕d5+"));
}

#[test]
fn the_scoresheet_follows_the_end_and_scrolls() {
    let mut g = Game::new(Position::new());
    let moves = [
        "Nf3", "Nf6", "Ng1", "Ng8", "Nc3", "Nc6", "Nb1", "Nb8", "e4", "e5", "d4", "d5",
    ];
    for m in moves {
        g.play_san(m, Letters::English).unwrap();
    }
    let follow = ScoresheetView::new(&g, Lang::En);
    let t = sheet_text(&follow, 24, 2);
    assert!(t.starts_with("5. e4") && t.contains("6. d4"), "{t}");
    let top = ScoresheetView {
        scroll: Some(0),
        ..follow
    };
    assert!(sheet_text(&top, 24, 2).starts_with("1. Nf3"));
    // A scroll past the end shows the last page.
    let past = ScoresheetView {
        scroll: Some(99),
        ..follow
    };
    assert_eq!(sheet_text(&past, 24, 2), t);
    // In replay the highlighted ply is kept in view and marked.
    let replay = ScoresheetView {
        highlight_ply: Some(3),
        ..follow
    };
    let r = sheet_text(&replay, 24, 2);
    assert!(r.contains(">Ng1"), "{r}");
}

#[test]
fn art_9_1_2_1_an_offer_before_moving_is_marked_on_the_offerers_next_move() {
    let mut g = Game::new(Position::new());
    g.play_san("e4", Letters::English).unwrap();
    // Black offers before moving (irregular, still valid): noted until Black moves.
    g.offer_draw(Color::Black).unwrap();
    let view = ScoresheetView::new(&g, Lang::Es);
    let t = sheet_text(&view, 40, 3);
    assert!(t.contains("= Las negras ofrecen tablas"), "{t}");
    g.play_san("e5", Letters::English).unwrap();
    let view = ScoresheetView::new(&g, Lang::Es);
    assert_eq!(sheet_text(&view, 40, 1), "1. e4     e5 =\n");
}

// ------------------------------------------------------------------ widgets alone

#[test]
fn art_6_11_a_paused_clock_says_so_in_words() {
    use escaque::laws::clock::Clock;
    let mut clock = Clock::new("15+10".parse().unwrap());
    clock.start(0).unwrap();
    clock.press(Color::White, 4 * S).unwrap();
    clock.pause(9 * S).unwrap();
    for (lang, word) in [(Lang::En, "‖ PAUSED"), (Lang::Es, "‖ EN PAUSA")] {
        let view = ClockView {
            clock: Some(&clock),
            now_ms: 60 * S,
            names: ["Anna", "Bruno"],
            lang,
            low_time_ms: 60 * S,
            glyphs: Glyphs::Unicode,
        };
        let mut buf = Buffer::empty(Rect::new(0, 0, 40, view.height(40)));
        view.render(buf.area, &mut buf, &mono());
        let t = text(&buf);
        assert!(t.contains(word), "{t}");
        // Black is on move and the clock stands: `‖` before the name, the time as paused.
        assert!(t.contains("‖ ♚ Bruno") && t.contains("0:14:55"), "{t}");
        assert!(!t.contains('▶'), "{t}");
    }
}

#[test]
fn small_squares_keep_one_mark() {
    let mut g = Game::new(Position::new());
    for m in ["e4", "f5", "Qh5+"] {
        g.play_san(m, Letters::English).unwrap();
    }
    let mut view = BoardView::new(g.position());
    view.cursor = Some(sq("a8"));
    view.last_move = g.plies().last().map(|p| p.mv);
    let mut buf = Buffer::empty(Rect::new(0, 0, 18, 9));
    assert_eq!(view.square_for(18, 9), Some((2, 1)));
    view.render(buf.area, &mut buf, &mono());
    let t = text(&buf);
    let rows: Vec<&str> = t.lines().collect();
    assert_eq!(rows[0], "8 ♜<♞ ♝ ♛ ♚+♝ ♞ ♜", "{t}");
    assert_eq!(rows[3], "5           ♟   ♕*", "{t}");
    assert_eq!(rows[7], "1 ♖ ♘ ♗  *♔ ♗ ♘ ♖", "{t}");
    assert_eq!(rows[8], "  a b c d e f g h", "{t}");
}

#[test]
fn every_glyph_is_one_column_wide_and_squares_map_back() {
    use escaque::core::{Piece, Role};
    use unicode_width::UnicodeWidthStr;
    for color in Color::ALL {
        for role in Role::ALL {
            for glyphs in [Glyphs::Unicode, Glyphs::Ascii] {
                let g = BoardView::piece_glyph(Piece::new(color, role), glyphs);
                assert_eq!(g.width(), 1, "{g}");
            }
        }
    }
    for mark in ["·", "×", "▶", "‖", "⚑", "…"] {
        assert_eq!(mark.width(), 1, "{mark}");
    }
    let pos = Position::new();
    let mut view = BoardView::new(&pos);
    assert_eq!(view.square_at_grid(0, 0), Some(sq("a8")));
    assert_eq!(view.square_at_grid(4, 6), Some(sq("e2")));
    view.bottom = Color::Black;
    assert_eq!(view.square_at_grid(0, 0), Some(sq("h1")));
    assert_eq!(view.square_at_grid(8, 0), None);
}

/// The words of a clock pane, one line each.
fn pane_text(clock: &ClockView, width: u16) -> String {
    clock
        .lines(width, &classic())
        .iter()
        .map(|line| line.iter().map(|(t, _)| t.as_str()).collect::<String>() + "\n")
        .collect()
}

/// Art. 6.3, App. A.1/B.1: a Spanish session's clock pane is in Spanish throughout: the
/// time control's class, the period, the moves to the control, the increment, a delay and
/// its countdown (with a decimal comma), a pause; and the board's title says whose move it
/// is in Spanish.
#[test]
fn art_6_3_the_spanish_clock_pane_has_no_english_words() {
    let mut g = clocked(None, "90/40+30:30+30");
    let now = play(&mut g, &["e4", "e5"], 0, 10 * S);
    let mut s = Scene::new(g, now + 5 * S);
    s.lang = Lang::Es;
    s.notation = Notation::SPANISH;
    let clock = |g: &Game, now: u64, glyphs: Glyphs| {
        pane_text(
            &ClockView {
                clock: g.clock(),
                now_ms: now,
                names: ["Ana", "Bruno"],
                lang: Lang::Es,
                low_time_ms: 60 * S,
                glyphs,
            },
            60,
        )
    };
    let pane = clock(&s.game, s.now, Glyphs::Ascii);
    let mut all = pane.clone();
    for spanish in [
        "estándar",
        "periodo 1",
        "jugadas al control",
        "+30 s por jugada",
        "B Ana",
        "N Bruno",
    ] {
        assert!(pane.contains(spanish), "{spanish}: {pane}");
    }
    let board = text(&s.render(120, 40, &classic()));
    assert!(board.contains("juegan las blancas"), "{board}");
    assert!(
        board.contains(" Reloj ") && board.contains(" Planilla "),
        "{board}"
    );

    let delay = clocked(None, "5+5d");
    let pane =
        clock(&delay, 2 * S, Glyphs::Unicode) + &clock(&clocked(None, "15+10"), 0, Glyphs::Unicode);
    all.push_str(&pane);
    for spanish in ["demora 5 s", "3,0 s", "blitz", "rápidas"] {
        assert!(pane.contains(spanish), "{spanish}: {pane}");
    }
    let mut paused = clocked(None, "15+10");
    paused.pause_clock(S).unwrap();
    let pane = clock(&paused, 2 * S, Glyphs::Unicode)
        + &clock(&Game::new(Position::new()), 0, Glyphs::Unicode);
    assert!(
        pane.contains("EN PAUSA") && pane.contains("sin reloj"),
        "{pane}"
    );
    all.push_str(&pane);
    let unlimited = clock(&clocked(None, "none"), 0, Glyphs::Unicode);
    assert!(unlimited.contains("sin límite de tiempo"), "{unlimited}");
    all.push_str(&unlimited);
    for english in [
        "standard",
        "rapid ",
        "period ",
        "moves to control",
        "increment",
        "delay",
        "PAUSED",
        "no clock",
        "no time limit",
        "time used",
        "W ",
    ] {
        assert!(!all.contains(english), "{english}: {all}");
    }
}
