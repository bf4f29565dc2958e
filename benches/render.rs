//! Rendering cost of the full screen through the real crossterm backend, into a writer that
//! counts bytes instead of a terminal: the first frame, a frame after a key (the cursor moves)
//! and after a move (ratatui diffs against the previous buffer, so only changed cells are
//! written), and the bytes written per move, printed before the timings.
//!
//! Aims (issue 6): first frame ≤ 50 ms, key-to-frame ≤ 16 ms, ≤ 2 KB per move; (issue 22)
//! a full frame (every widget drawn into a buffer: piece figures, clock pane, scoresheet)
//! under 1 ms at 120×40 and 200×60. The bytes are printed from 40×15 (the compact layout)
//! to 200×60 (7×5 figures).

use std::cell::Cell;
use std::hint::black_box;
use std::io::{self, Write};
use std::rc::Rc;

use criterion::{BatchSize, Criterion, criterion_group};
use escaque::core::{Bitboard, Color, Letters, Notation, Position, Square, parse_move};
use escaque::lang::Lang;
use escaque::laws::Game;
use escaque::laws::clock::ClockOptions;
use escaque::ui::{
    BoardView, ClockView, Glyphs, ScoresheetView, Screen, StatusView, Theme, draw, render_screen,
};
use ratatui::backend::CrosstermBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};

/// A writer that only counts, into a counter the bench keeps a handle on.
#[derive(Default, Clone)]
struct Counting {
    bytes: Rc<Cell<usize>>,
}

impl Write for Counting {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.bytes.set(self.bytes.get() + buf.len());
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A terminal over a counting writer, and the count.
struct Term {
    terminal: Terminal<CrosstermBackend<Counting>>,
    bytes: Rc<Cell<usize>>,
}

fn terminal(w: u16, h: u16) -> Term {
    let writer = Counting::default();
    let bytes = writer.bytes.clone();
    let terminal = Terminal::with_options(
        CrosstermBackend::new(writer),
        TerminalOptions {
            viewport: Viewport::Fixed(Rect::new(0, 0, w, h)),
        },
    )
    .expect("a fixed viewport needs no terminal");
    Term { terminal, bytes }
}

/// A Ruy Lopez, Closed: 30 plies.
const MOVES: &[&str] = &[
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6",
    "c3", "O-O", "h3", "Na5", "Bc2", "c5", "d4", "Qc7", "Nbd2", "cxd4", "cxd4", "Nc6", "Nb3", "a5",
    "Be3", "a4",
];

/// What the play mode holds between frames.
struct State {
    game: Game,
    now: u64,
    cursor: Square,
    hints: Vec<(String, String)>,
    announcement: String,
}

impl State {
    fn new() -> State {
        let mut game = Game::with_clock(
            Position::new(),
            "90/40+30:30+30".parse().expect("time control"),
            ClockOptions::default(),
        );
        game.start_clock(0).expect("clock");
        State {
            game,
            now: 0,
            cursor: Square::E2,
            hints: [
                ("?", "help"),
                ("Enter", "pick/drop"),
                ("d", "draw"),
                ("q", "quit"),
            ]
            .iter()
            .map(|(k, l)| (k.to_string(), l.to_string()))
            .collect(),
            announcement: "The game begins. White to move.".into(),
        }
    }

    fn play(&mut self, i: usize) {
        self.now += 20_000;
        let mv = parse_move(self.game.position(), MOVES[i], Letters::English).expect("legal");
        self.game.play_at(mv, self.now).expect("legal");
        self.cursor = mv.to;
        self.announcement = format!("Played {}.", MOVES[i]);
    }

    fn draw(&self, term: &mut Term, theme: &Theme) {
        self.with_screen(|screen| {
            term.terminal
                .draw(|f| draw(f, screen, theme))
                .expect("draw");
        });
    }

    /// Every widget drawn into `buf`, with no terminal behind it.
    fn render(&self, buf: &mut Buffer, theme: &Theme) {
        self.with_screen(|screen| {
            black_box(render_screen(buf.area, buf, screen, theme));
        });
    }

    fn with_screen(&self, f: impl FnOnce(&Screen)) {
        let screen = Screen {
            title: "Anna Ramos – Bruno Díaz · 90/40+30:30+30",
            lang: Lang::En,
            board: BoardView {
                position: self.game.position(),
                bottom: Color::White,
                last_move: self.game.plies().last().map(|p| p.mv),
                cursor: Some(self.cursor),
                selected: None,
                targets: Bitboard::EMPTY,
                glyphs: Glyphs::Unicode,
                coordinates: true,
            },
            clock: ClockView {
                clock: self.game.clock(),
                now_ms: self.now,
                names: ["Anna Ramos", "Bruno Díaz"],
                lang: Lang::En,
                low_time_ms: 60_000,
                glyphs: Glyphs::Unicode,
            },
            scoresheet: ScoresheetView {
                game: &self.game,
                notation: Notation::ENGLISH,
                clock_readings: true,
                scroll: None,
                highlight_ply: None,
                after_end: &[],
                lang: Lang::En,
            },
            status: StatusView {
                announcement: &self.announcement,
                kept_from: None,
                hints: &self.hints,
                prompt: None,
            },
            findings: None,
            overlay: None,
        };
        f(&screen);
    }
}

fn written(term: &mut Term) -> usize {
    term.bytes.get()
}

/// Prints the bytes of the first frame and per move, from 40×15 to 200×60.
fn report_bytes() {
    let theme = Theme::load("classic", None).expect("classic");
    for (w, h) in [(40, 15), (80, 24), (100, 30), (120, 40), (200, 60)] {
        let mut term = terminal(w, h);
        let mut state = State::new();
        state.draw(&mut term, &theme);
        let first = written(&mut term);
        let mut per_move = Vec::new();
        for i in 0..MOVES.len() {
            let before = written(&mut term);
            state.play(i);
            state.draw(&mut term, &theme);
            per_move.push(written(&mut term) - before);
        }
        let mean = per_move.iter().sum::<usize>() as f64 / per_move.len() as f64;
        let max = per_move.iter().max().copied().unwrap_or(0);
        let before = written(&mut term);
        state.cursor = Square::D4;
        state.draw(&mut term, &theme);
        let key = written(&mut term) - before;
        println!(
            "render {w}x{h}: first frame {first} bytes; per move mean {mean:.0} bytes, max {max} bytes over {} moves; cursor key {key} bytes",
            per_move.len()
        );
    }
}

fn bench_render(c: &mut Criterion) {
    let mut g = c.benchmark_group("render");
    for (w, h) in [(120u16, 40u16), (200, 60)] {
        let theme = Theme::load("classic", None).expect("classic");
        let mut state = State::new();
        for i in 0..20 {
            state.play(i);
        }
        g.bench_function(format!("full_frame_{w}x{h}"), |b| {
            b.iter_batched_ref(
                || Buffer::empty(Rect::new(0, 0, w, h)),
                |buf| state.render(buf, &theme),
                BatchSize::SmallInput,
            )
        });
    }
    for (w, h) in [(80u16, 24u16), (120, 40)] {
        g.bench_function(format!("first_frame_{w}x{h}"), |b| {
            b.iter(|| {
                let theme = Theme::load("classic", None).expect("classic");
                let mut term = terminal(w, h);
                State::new().draw(&mut term, &theme);
                black_box(written(&mut term))
            })
        });
        let theme = Theme::load("classic", None).expect("classic");
        g.bench_function(format!("key_to_frame_cursor_{w}x{h}"), |b| {
            b.iter_batched(
                || {
                    let mut term = terminal(w, h);
                    let mut state = State::new();
                    for i in 0..10 {
                        state.play(i);
                    }
                    state.draw(&mut term, &theme);
                    (term, state)
                },
                |(mut term, mut state)| {
                    state.cursor = Square::D4;
                    state.draw(&mut term, &theme);
                    black_box(written(&mut term))
                },
                BatchSize::SmallInput,
            )
        });
        g.bench_function(format!("frame_after_move_{w}x{h}"), |b| {
            b.iter_batched(
                || {
                    let mut term = terminal(w, h);
                    let mut state = State::new();
                    for i in 0..10 {
                        state.play(i);
                    }
                    state.draw(&mut term, &theme);
                    (term, state)
                },
                |(mut term, mut state)| {
                    state.play(10);
                    state.draw(&mut term, &theme);
                    black_box(written(&mut term))
                },
                BatchSize::SmallInput,
            )
        });
    }
    g.finish();
}

criterion_group!(benches, bench_render);

fn main() {
    report_bytes();
    benches();
    Criterion::default().configure_from_args().final_summary();
}
