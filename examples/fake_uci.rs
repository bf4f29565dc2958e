//! A scripted fake UCI engine for the tests of `escaque::engine` (tests/engine.rs).
//!
//! It speaks enough UCI to play: `uci`, `setoption`, `isready`, `ucinewgame`, `position`,
//! `go`, `stop`, `quit`. Its move: the scripted one (`--moves`), else a mate in one, else the
//! capture of the most valuable piece, else the first legal move (a game against itself
//! ends soon). Misbehaviour on request:
//!
//! ```text
//! --log PATH         append every line received to PATH (the tests read it back)
//! --name NAME        the `id name` (default "Fake UCI")
//! --options SET      full (default): Threads, Hash, Move Overhead, Skill Level,
//!                    UCI_LimitStrength, UCI_Elo, Style (combo), Ponder, Clear Hash;
//!                    minimal: Hash only; chess960: Hash and UCI_Chess960; none
//! --moves A,B,…      the n-th `go` answers the n-th move, as written (legal or not)
//! --no-uciok         never answer `uci` with `uciok`
//! --no-readyok       never answer `isready`
//! --crash-after N    on the (N+1)-th `go`, write a last word to stderr and exit with 3
//! --sleep-ms MS      wait MS before answering `go` (a `stop` answers at once)
//! --hang             never answer `go`, not even after `stop`
//! --illegal          answer `go` with a move that is not legal in the position
//! --none             answer `go` with `bestmove (none)`
//! --garbage          print lines that are not UCI (and bytes that are not UTF-8)
//! --ignore-quit      ignore `quit` and the end of the input: only a kill stops it
//! ```
//!
//! Bad arguments: a message on stderr and exit status 2.

use std::io::{BufRead, Write};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use escaque::core::{Move, Position, Role, Square, UciMove};

#[derive(Default)]
struct Script {
    log: Option<String>,
    name: Option<String>,
    options: String,
    moves: Vec<String>,
    no_uciok: bool,
    no_readyok: bool,
    crash_after: Option<u32>,
    sleep_ms: u64,
    hang: bool,
    illegal: bool,
    none: bool,
    garbage: bool,
    ignore_quit: bool,
}

fn parse_args() -> Result<Script, String> {
    let mut s = Script {
        options: "full".into(),
        ..Script::default()
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |what: &str| {
            args.next()
                .ok_or_else(|| format!("fake_uci: {a} needs {what}"))
        };
        match a.as_str() {
            "--log" => s.log = Some(value("a path")?),
            "--name" => s.name = Some(value("a name")?),
            "--options" => s.options = value("full, minimal or none")?,
            "--moves" => {
                s.moves = value("a list of moves")?
                    .split(',')
                    .map(str::to_string)
                    .collect()
            }
            "--crash-after" => {
                let v = value("a number")?;
                s.crash_after = Some(
                    v.parse()
                        .map_err(|_| format!("fake_uci: --crash-after {v:?}: not a number"))?,
                );
            }
            "--sleep-ms" => {
                let v = value("milliseconds")?;
                s.sleep_ms = v
                    .parse()
                    .map_err(|_| format!("fake_uci: --sleep-ms {v:?}: not a number"))?;
            }
            "--no-uciok" => s.no_uciok = true,
            "--no-readyok" => s.no_readyok = true,
            "--hang" => s.hang = true,
            "--illegal" => s.illegal = true,
            "--none" => s.none = true,
            "--garbage" => s.garbage = true,
            "--ignore-quit" => s.ignore_quit = true,
            _ => return Err(format!("fake_uci: unknown argument {a:?}")),
        }
    }
    Ok(s)
}

fn main() {
    let script = match parse_args() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    // Lines come from a reader thread, so a pending answer can wait for its time or a stop.
    let (tx, rx) = mpsc::channel::<Option<String>>();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if tx.send(Some(line)).is_err() {
                return;
            }
        }
        let _ = tx.send(None);
    });
    let mut fake = Fake {
        script,
        pos: Position::new(),
        gos: 0,
        pending: None,
    };
    loop {
        let msg = match fake.pending {
            Some((deadline, _)) => {
                let left = deadline.saturating_duration_since(Instant::now());
                match rx.recv_timeout(left) {
                    Ok(m) => m,
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        fake.answer();
                        continue;
                    }
                    Err(mpsc::RecvTimeoutError::Disconnected) => None,
                }
            }
            None => rx.recv().unwrap_or(None),
        };
        match msg {
            Some(line) => {
                if !fake.command(&line) {
                    return;
                }
            }
            None if fake.script.ignore_quit => loop {
                std::thread::sleep(Duration::from_secs(60));
            },
            None => return,
        }
    }
}

struct Fake {
    script: Script,
    pos: Position,
    gos: u32,
    /// A bestmove waiting for its time: when, and the move text.
    pending: Option<(Instant, String)>,
}

impl Fake {
    fn say(&self, line: &str) {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }

    fn garbage(&self) {
        if self.script.garbage {
            self.say("this is not UCI at all");
            self.say("info depth banana score cp x pv zz99 e2e4");
            self.say("bestmovement e2e4");
            let mut out = std::io::stdout().lock();
            let _ = out.write_all(b"\xff\xfe not utf-8 \xc3\n");
            let _ = out.flush();
        }
    }

    /// Handles one command; `false` to exit.
    fn command(&mut self, line: &str) -> bool {
        if let Some(path) = &self.script.log {
            if let Ok(mut f) = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
            {
                let _ = writeln!(f, "{line}");
            }
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => {
                self.garbage();
                self.say(&format!(
                    "id name {}",
                    self.script.name.as_deref().unwrap_or("Fake UCI")
                ));
                self.say("id author the escaque tests");
                for o in self.options() {
                    self.say(o);
                }
                if !self.script.no_uciok {
                    self.say("uciok");
                }
            }
            Some("isready") if !self.script.no_readyok => self.say("readyok"),
            Some("ucinewgame") => self.pos = Position::new(),
            Some("position") => {
                if let Some(p) = position(&words[1..]) {
                    self.pos = p;
                } else {
                    eprintln!("fake_uci: bad position command: {line}");
                }
            }
            Some("go") => self.go(),
            Some("stop") if !self.script.hang => {
                if let Some(p) = &mut self.pending {
                    p.0 = Instant::now();
                }
                if self.pending.is_some() {
                    self.answer();
                }
            }
            Some("quit") if !self.script.ignore_quit => return false,
            _ => {}
        }
        true
    }

    fn options(&self) -> &'static [&'static str] {
        match self.script.options.as_str() {
            "none" => &[],
            "minimal" => &["option name Hash type spin default 16 min 1 max 1024"],
            "chess960" => &[
                "option name Hash type spin default 16 min 1 max 1024",
                "option name UCI_Chess960 type check default false",
            ],
            _ => &[
                "option name Threads type spin default 1 min 1 max 8",
                "option name Hash type spin default 16 min 1 max 1024",
                "option name Clear Hash type button",
                "option name Ponder type check default false",
                "option name Move Overhead type spin default 10 min 0 max 5000",
                "option name Skill Level type spin default 20 min 0 max 20",
                "option name UCI_LimitStrength type check default false",
                "option name UCI_Elo type spin default 1350 min 1350 max 2850",
                "option name Style type combo default Normal var Solid var Normal var Risky",
            ],
        }
    }

    fn go(&mut self) {
        self.gos += 1;
        if self.script.crash_after.is_some_and(|n| self.gos > n) {
            eprintln!("fake_uci: crashing on purpose after {} moves", self.gos - 1);
            std::process::exit(3);
        }
        if self.script.hang {
            return;
        }
        let text = if self.script.none {
            "(none)".to_string()
        } else if self.script.illegal {
            illegal_move(&self.pos)
        } else if let Some(m) = self.script.moves.get(self.gos as usize - 1) {
            m.clone()
        } else {
            match choose(&self.pos) {
                Some(mv) => mv.uci().to_string(),
                None => "(none)".to_string(),
            }
        };
        self.garbage();
        self.say(&format!("info depth 1 score cp 0 nodes 1 time 0 pv {text}"));
        self.pending = Some((
            Instant::now() + Duration::from_millis(self.script.sleep_ms),
            text,
        ));
        if self.script.sleep_ms == 0 {
            self.answer();
        }
    }

    fn answer(&mut self) {
        if let Some((_, text)) = self.pending.take() {
            self.say(&format!("bestmove {text}"));
        }
    }
}

/// `startpos|fen <6 fields> [moves …]`.
fn position(words: &[&str]) -> Option<Position> {
    let (mut pos, rest) = match *words.first()? {
        "startpos" => (Position::new(), &words[1..]),
        "fen" => {
            let fen = words.get(1..7)?.join(" ");
            let pos = Position::from_fen(&fen)
                .or_else(|_| Position::from_fen_960(&fen))
                .ok()?;
            (pos, &words[7..])
        }
        _ => return None,
    };
    if let Some((&"moves", moves)) = rest.split_first() {
        for m in moves {
            let mv = pos.uci_to_move(m.parse::<UciMove>().ok()?)?;
            pos.play_unchecked(mv);
        }
    }
    Some(pos)
}

/// Mate in one, else the capture of the most valuable piece, else the first legal move.
fn choose(pos: &Position) -> Option<Move> {
    let moves = pos.legal_moves();
    let mate = moves.iter().copied().find(|&mv| {
        pos.after(mv)
            .is_ok_and(|p| p.is_check() && !p.has_legal_moves())
    });
    let value = |r: Role| match r {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    };
    let capture = moves
        .iter()
        .copied()
        .filter_map(|mv| pos.role_at(mv.to).map(|r| (value(r), mv)))
        .max_by_key(|&(v, _)| v)
        .map(|(_, mv)| mv);
    mate.or(capture).or_else(|| moves.iter().copied().next())
}

/// Move text that is well formed but not legal here.
fn illegal_move(pos: &Position) -> String {
    for from in Square::ALL {
        for to in Square::ALL {
            let u = UciMove {
                from,
                to,
                promotion: None,
            };
            if from != to && pos.uci_to_move(u).is_none() {
                return u.to_string();
            }
        }
    }
    "a1a1".to_string()
}
