//! End-to-end tests of `escaque serve` with the real OpenSSH client, on 127.0.0.1 only:
//! two players play to mate while a spectator watches (and cannot move), a key that is not
//! on the allowlist is refused, a taken seat cannot be taken by another key, a player who
//! drops gets the seat back on reconnecting (the clock ran meanwhile), and malformed or
//! oversized input neither crashes the server nor touches another room.
//!
//! OpenSSH's `ssh` and `ssh-keygen` are needed (Debian openssh-client; `.ci/run` installs
//! it). Without them these tests print a note and pass, except under CI
//! (`ESCAQUE_REQUIRE_SHARED=1` or `CI`), where they fail. Every wait polls for the expected
//! line; the deadline only stops a hung test.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

#[path = "pty/tmux.rs"]
#[allow(dead_code)]
mod tmux;

const DEADLINE: Duration = Duration::from_secs(20);

fn openssh_available() -> bool {
    let ok = ["ssh", "ssh-keygen"].iter().all(|p| {
        Command::new(p)
            .arg("-V")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok()
    });
    if !ok {
        let ci = std::env::var_os("ESCAQUE_REQUIRE_SHARED").is_some()
            || std::env::var_os("CI").is_some();
        assert!(!ci, "OpenSSH (ssh, ssh-keygen) is needed under CI");
        eprintln!("note: OpenSSH client not installed; the SSH tests are skipped");
    }
    ok
}

/// A server in a directory of its own, with keys for `names` (the last ones not on the
/// allowlist when `outsiders` > 0) and one arbiter key. The directory's guard is a field:
/// it is dropped after `Drop::drop` has killed and reaped the server.
struct Server {
    dir: common::TempDir,
    port: u16,
    child: Child,
}

impl Server {
    fn start(tag: &str, players: &[&str], outsiders: &[&str]) -> Server {
        let tmp = common::TempDir::new(&format!("ssh-{tag}"));
        let dir = tmp.path();
        std::fs::create_dir_all(dir.join("cfg")).unwrap();
        let mut allow = String::new();
        for name in players.iter().chain(outsiders) {
            let key = dir.join(name);
            let st = Command::new("ssh-keygen")
                .args(["-q", "-t", "ed25519", "-N", "", "-C", name, "-f"])
                .arg(&key)
                .status()
                .unwrap();
            assert!(st.success());
            if players.contains(name) {
                let public = std::fs::read_to_string(key.with_extension("pub")).unwrap();
                if *name == "arbiter" {
                    allow.push_str("arbiter ");
                }
                allow.push_str(&public);
            }
        }
        std::fs::write(dir.join("cfg/allowed_keys"), allow).unwrap();
        let (child, port) = Self::spawn(dir);
        Server {
            dir: tmp,
            port,
            child,
        }
    }

    /// Starts the server on `dir`; returns it and the port it listens on.
    fn spawn(dir: &std::path::Path) -> (Child, u16) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_escaque"))
            .args(["serve", "--listen", "127.0.0.1:0"])
            .env("ESCAQUE_CONFIG", dir.join("cfg/config.toml"))
            .env("ESCAQUE_DATA_DIR", dir.join("data"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stderr.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        let port = first
            .split("127.0.0.1:")
            .nth(1)
            .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no port in the server's first line: {first:?}"));
        (child, port)
    }

    /// Kills the server (`kill -9`: a crash) and starts it again on the same directory.
    fn crash_and_restart(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let (child, port) = Self::spawn(self.dir.path());
        self.child = child;
        self.port = port;
    }

    fn ssh(&self, key: &str) -> Command {
        let mut c = Command::new("ssh");
        c.args(["-p", &self.port.to_string(), "-i"])
            .arg(self.dir.path().join(key))
            .args([
                "-o",
                "StrictHostKeyChecking=no",
                "-o",
                "UserKnownHostsFile=/dev/null",
                "-o",
                "BatchMode=yes",
                "-o",
                "IdentitiesOnly=yes",
                "-o",
                "LogLevel=ERROR",
                "-F",
                "/dev/null",
            ]);
        c.arg(format!("{key}@127.0.0.1"));
        c
    }

    /// A client in the line mode (`ssh -T … -- --screen-reader`).
    fn client(&self, key: &str) -> Client {
        let mut child = self
            .ssh(key)
            .arg("-T")
            .args(["--", "--screen-reader"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let (tx, rx) = channel();
        let out = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Client {
            name: key.to_string(),
            child,
            lines: rx,
            seen: Vec::new(),
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct Client {
    name: String,
    child: Child,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Client {
    fn send(&mut self, line: &str) {
        let stdin = self.child.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// Waits for a line containing `text`; returns it.
    fn expect(&mut self, text: &str) -> String {
        let end = Instant::now() + DEADLINE;
        if let Some(l) = self.seen.iter().find(|l| l.contains(text)) {
            let l = l.clone();
            self.seen.retain(|s| *s != l);
            return l;
        }
        while Instant::now() < end {
            if let Ok(line) = self.lines.recv_timeout(Duration::from_millis(50)) {
                if line.contains(text) {
                    return line;
                }
                self.seen.push(line);
            }
        }
        panic!(
            "{} never got a line with {text:?}; it got:\n{}",
            self.name,
            self.seen.join("\n")
        );
    }

    /// The room code from the line `Room CODE: …`.
    fn room_code(&mut self) -> String {
        let line = self.expect("Room ");
        line.split("Room ").nth(1).unwrap()[..4].to_string()
    }

    fn hang_up(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Ana makes a room with the lobby's `new ARGS` (she plays White) and Bea joins as Black.
fn seated_pair(server: &Server, args: &str) -> (Client, Client, String) {
    let mut ana = server.client("ana");
    ana.expect("Welcome, ana.");
    ana.send(&format!("new {args} white"));
    let code = ana.room_code();
    let mut bea = server.client("bea");
    bea.send(&format!("join {code}"));
    bea.expect("you play black");
    (ana, bea, code)
}

fn fools_mate(white: &mut Client, black: &mut Client, watchers: &mut [&mut Client]) {
    let moves = [
        ("f3", "move one, White: pawn Felix three"),
        ("e5", "move one, Black: pawn Eva five"),
        ("g4", "move two, White: pawn Gustav four"),
        ("Qh4", "move two, Black: Queen Hector four, checkmate"),
    ];
    for (i, (mv, said)) in moves.iter().enumerate() {
        if i % 2 == 0 {
            white.send(mv);
        } else {
            black.send(mv);
        }
        white.expect(said);
        black.expect(said);
        for w in watchers.iter_mut() {
            w.expect(said);
        }
    }
}

#[test]
fn art_5_1_1_two_players_play_to_mate_and_a_spectator_sees_every_move() {
    if !openssh_available() {
        return;
    }
    let server = Server::start("mate", &["ana", "bea", "eva"], &[]);
    let mut ana = server.client("ana");
    ana.expect("Welcome, ana.");
    ana.send("new none white");
    let code = ana.room_code();
    let mut bea = server.client("bea");
    bea.expect(&code); // the lobby lists the room
    bea.send(&format!("join {code}"));
    bea.expect("you play black");
    let mut eva = server.client("eva");
    eva.send(&format!("watch {code}"));
    eva.expect("you are watching");
    // A spectator cannot act on the game; a player cannot move for the other side.
    eva.send("e4");
    eva.expect("spectators cannot act on the game");
    bea.send("e5");
    bea.expect("It is not your move");
    fools_mate(&mut ana, &mut bea, &mut [&mut eva]);
    for c in [&mut ana, &mut bea, &mut eva] {
        c.expect("Checkmate: Black wins, article five point one point one");
    }
    // The finished game is written as PGN.
    let games = server.dir.path().join("data/games");
    let end = Instant::now() + DEADLINE;
    let pgn = loop {
        let found = std::fs::read_dir(&games)
            .ok()
            .and_then(|mut d| d.next())
            .and_then(|e| e.ok())
            .map(|e| std::fs::read_to_string(e.path()).unwrap());
        if let Some(text) = found {
            break text;
        }
        assert!(Instant::now() < end, "no PGN written in {games:?}");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(pgn.contains("[White \"ana\"]") && pgn.contains("[Black \"bea\"]"));
    // The PGN standard's Termination; the article in the comment on the last move.
    assert!(pgn.contains("[Termination \"normal\"]"), "{pgn}");
    assert!(
        pgn.contains("1. f3 e5 2. g4 Qh4# { checkmate (Art. 5.1.1) } 0-1"),
        "{pgn}"
    );
    for c in [ana, bea, eva] {
        c.hang_up();
    }
}

#[test]
fn a_key_not_on_the_allowlist_is_refused() {
    if !openssh_available() {
        return;
    }
    let server = Server::start("refused", &["ana"], &["mallory"]);
    let out = server
        .ssh("mallory")
        .args(["-T", "--", "--screen-reader"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(255), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("Permission denied"), "{err}");
    // The allowed key still gets in.
    let mut ana = server.client("ana");
    ana.expect("Welcome, ana.");
    ana.hang_up();
}

#[test]
fn art_6_1_a_seat_belongs_to_its_key_and_its_clock_runs_while_the_player_is_away() {
    if !openssh_available() {
        return;
    }
    let server = Server::start("seat", &["ana", "bea", "eva"], &[]);
    let (mut ana, mut bea, code) = seated_pair(&server, "5+0");
    // A third key asking to join a full room only watches, and cannot move.
    let mut eva = server.client("eva");
    eva.send(&format!("join {code}"));
    eva.expect("you are watching");
    ana.send("e4");
    eva.expect("move one, White: pawn Eva four");
    eva.send("e5");
    eva.expect("spectators cannot act on the game");
    // Black drops; the clock runs on (6.1: the time is the player's).
    bea.expect("move one, White: pawn Eva four");
    bea.hang_up();
    std::thread::sleep(Duration::from_millis(1200));
    let mut bea = server.client("bea");
    let back = bea.expect("Welcome back.");
    assert!(back.contains("you play black"), "{back}");
    bea.send("clock");
    let clock = bea.expect("Black");
    assert!(
        !clock.contains("five minutes"),
        "Black's clock did not run: {clock}"
    );
    bea.send("e5");
    ana.expect("move one, Black: pawn Eva five");
    eva.expect("move one, Black: pawn Eva five");
    for c in [ana, bea, eva] {
        c.hang_up();
    }
}

#[test]
fn malformed_and_oversized_input_does_not_crash_the_server_or_touch_other_rooms() {
    if !openssh_available() {
        return;
    }
    let server = Server::start("garbage", &["ana", "bea", "eva"], &[]);
    let (mut ana, mut bea, _) = seated_pair(&server, "none");
    // Eva, in her own room, sends escape sequences cut short, invalid UTF-8, a line far
    // over the limit and a megabyte of noise.
    let mut eva = server.client("eva");
    eva.send("new none black");
    eva.room_code();
    let mut stdin = eva.child.stdin.take().unwrap();
    let mut noise: Vec<u8> = b"\x1b[\x1b[200~\xff\xfe\xc3\x1b]0;x\x07\x1bO".to_vec();
    noise.extend(std::iter::repeat_n(b'x', 10_000));
    noise.push(b'\n');
    let mut x: u32 = 12345;
    noise.extend((0..1_000_000).map(|_| {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x as u8
    }));
    // On its own thread: the server reads it at its own pace (the rate limit drops most).
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&noise);
        let _ = stdin.flush();
        stdin
    });
    // The other room plays on.
    fools_mate(&mut ana, &mut bea, &mut []);
    ana.expect("Checkmate");
    // And the server still takes new connections.
    let mut ana2 = server.client("ana");
    ana2.expect("Welcome, ana.");
    for c in [ana, bea, eva, ana2] {
        c.hang_up();
    }
    drop(writer);
}

/// Whether an SGR sequence on the screen sets a colour (30–37, 38, 40–47, 48, 90–97,
/// 100–107).
fn has_colour(screen: &str) -> bool {
    screen.split("\x1b[").skip(1).any(|seq| {
        let Some(end) = seq.find('m') else {
            return false;
        };
        seq[..end].split(';').any(|p| {
            matches!(
                p.parse::<u32>(),
                Ok(30..=38 | 40..=48 | 90..=97 | 100..=107)
            )
        })
    })
}

#[test]
fn the_full_screen_over_ssh_follows_the_room_resizes_and_honours_no_color() {
    if !openssh_available() || !tmux::tmux_available("ssh full screen") {
        return;
    }
    let server = Server::start("screen", &["ana", "bea", "eva"], &[]);
    let sandbox = tmux::Sandbox::new("ssh-screen");
    let ssh_line = |key: &str, extra: &str| {
        let mut parts = vec![format!("TERM=xterm-256color ssh -tt {extra}")];
        let cmd = server.ssh(key);
        parts.extend(cmd.get_args().map(|a| tmux::sh_quote(&a.to_string_lossy())));
        parts.join(" ")
    };
    let ana = tmux::Term::start(&sandbox, "ssh-ana", &ssh_line("ana", ""));
    ana.wait_text("lobby");
    ana.type_line("new none white");
    let screen = ana.wait_text("you play white");
    let code = screen
        .split("Room ")
        .nth(1)
        .map(|r| r[..4].to_string())
        .unwrap();
    let mut bea = server.client("bea");
    bea.send(&format!("join {code}"));
    bea.expect("you play black");
    ana.type_line("e4");
    bea.expect("move one, White: pawn Eva four");
    bea.send("e5");
    let both = |s: &str| s.lines().any(|l| l.contains("1. e4") && l.contains("e5"));
    ana.wait_screen("1. e4 e5 on the scoresheet", both);
    // The full screen's status line writes the move as the scoresheet does (issue 22);
    // words are the line mode's (bea's, above).
    let status = ana.wait_screen("the status line with 1… e5", |s| {
        s.lines().any(|l| l.trim_start().starts_with("1… e5"))
    });
    assert!(!status.contains("pawn Eva five"), "{status}");
    // Colours on a terminal that has them.
    assert!(has_colour(&ana.screen_with_escapes()));
    // A resized terminal gets the screen drawn again at its new size.
    ana.resize(110, 34);
    ana.wait_screen("a screen wider than 80 columns", |s| {
        s.lines().any(|l| l.chars().count() > 90)
    });
    // Another client asks for no colour (NO_COLOR sent with SetEnv): same game, no colour.
    let eva = tmux::Term::start(
        &sandbox,
        "ssh-eva",
        &ssh_line("eva", "-o SetEnv=NO_COLOR=1"),
    );
    eva.wait_text("lobby");
    eva.type_line(&format!("watch {code}"));
    eva.wait_screen("1. e4 e5 on the scoresheet", both);
    assert!(
        !has_colour(&eva.screen_with_escapes()),
        "{}",
        eva.screen_with_escapes()
    );
    bea.hang_up();
}

#[test]
fn art_6_11_a_crashed_server_restores_its_rooms_with_the_seats_and_stopped_clocks() {
    if !openssh_available() {
        return;
    }
    let mut server = Server::start("restart", &["ana", "bea"], &[]);
    let (mut ana, mut bea, code) = seated_pair(&server, "5+0");
    ana.send("e4");
    bea.expect("move one, White: pawn Eva four");
    // The autosave is written by its own thread: wait for it before the crash.
    let autosave = server
        .dir
        .path()
        .join(format!("data/server/autosave/{code}.pgn"));
    let end = Instant::now() + DEADLINE;
    while !std::fs::read_to_string(&autosave).is_ok_and(|t| t.contains("1. e4")) {
        assert!(Instant::now() < end, "no autosave at {autosave:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
    server.crash_and_restart();
    ana.hang_up();
    bea.hang_up();
    // Both come back to their seats; the clocks start again when both are there (6.11).
    let mut bea = server.client("bea");
    let back = bea.expect("Welcome back.");
    assert!(
        back.contains(&format!("Room {code}: you play black")),
        "{back}"
    );
    let mut ana = server.client("ana");
    ana.expect("Welcome back.");
    bea.expect("The clock runs again");
    bea.send("e5");
    ana.expect("move one, Black: pawn Eva five");
    for c in [ana, bea] {
        c.hang_up();
    }
}

/// Waits for the file `path` (its final name: a file is written under another one first);
/// returns its text.
fn wait_for_file(path: &std::path::Path) -> String {
    let end = Instant::now() + DEADLINE;
    loop {
        if let Some(text) = std::fs::read_to_string(path).ok().filter(|t| !t.is_empty()) {
            return text;
        }
        assert!(Instant::now() < end, "{path:?} was never written");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Waits for a file in `dir`; returns its text.
fn wait_for_file_in(dir: &std::path::Path) -> String {
    let end = Instant::now() + DEADLINE;
    loop {
        let found = std::fs::read_dir(dir)
            .ok()
            .and_then(|mut d| d.next())
            .and_then(|e| e.ok())
            .and_then(|e| std::fs::read_to_string(e.path()).ok());
        if let Some(text) = found.filter(|t| !t.is_empty()) {
            return text;
        }
        assert!(Instant::now() < end, "nothing written in {dir:?}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn guidelines_ii_a_chess960_room_over_ssh_survives_a_crash_before_its_first_move_and_castles() {
    if !openssh_available() {
        return;
    }
    let mut server = Server::start("960", &["ana", "bea"], &[]);
    let mut ana = server.client("ana");
    ana.expect("Welcome, ana.");
    // Position 192: BBQNRKNR, the king on f1 between its knight's and its rooks' files.
    ana.send("new 5+3 white 960 192");
    let code = ana.room_code();
    // No move yet: the room is saved all the same, and a crash does not lose it.
    let saved = wait_for_file(
        &server
            .dir
            .path()
            .join(format!("data/server/autosave/{code}.pgn")),
    );
    assert!(
        saved.contains(&format!("[EscaqueRoom \"{code}\"]")),
        "{saved}"
    );
    assert!(saved.contains("BBQNRKNR"), "{saved}");
    ana.hang_up();
    server.crash_and_restart();
    let mut ana = server.client("ana");
    let back = ana.expect("Welcome back.");
    assert!(
        back.contains(&code) && back.contains("you play white"),
        "{back}"
    );
    let mut bea = server.client("bea");
    bea.expect(&format!("{code}  ana – (free)  5+3  960 #192"));
    bea.send(&format!("join {code}"));
    bea.expect("you play black");
    // Each side's knight out, then castling king's side: in Chess960 the king goes to g1
    // (here one square), the rook from h1 to f1 (Guidelines II.3.2).
    let plies = [
        ("Nf3", "move one, White"),
        ("Nf6", "move one, Black"),
        ("O-O", "move two, White"),
        ("O-O", "move two, Black"),
    ];
    for (i, (mv, said)) in plies.iter().enumerate() {
        if i % 2 == 0 {
            ana.send(mv);
        } else {
            bea.send(mv);
        }
        ana.expect(said);
        bea.expect(said);
    }
    ana.send("resign");
    ana.send("yes");
    bea.expect("Black wins");
    let pgn = wait_for_file_in(&server.dir.path().join("data/games"));
    assert!(pgn.contains("[Variant \"Chess960\"]"), "{pgn}");
    assert!(pgn.contains("[SetUp \"1\"]"), "{pgn}");
    assert!(pgn.contains("BBQNRKNR w"), "{pgn}");
    // The moves, without the clock readings' comments.
    let mut moves = String::new();
    let mut depth = 0;
    for ch in pgn.chars() {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => moves.push(ch),
            _ => {}
        }
    }
    let moves = moves
        .split_whitespace()
        .filter(|w| !w.ends_with("..."))
        .collect::<Vec<_>>()
        .join(" ");
    assert!(moves.contains("1. Nf3 Nf6 2. O-O O-O"), "{pgn}");
    assert!(pgn.contains("0-1"), "{pgn}");
    // The room's own tags (code, keys, password) stay in the autosave.
    assert!(
        !pgn.contains("EscaqueRoom") && !pgn.contains("Key \""),
        "{pgn}"
    );
    for c in [ana, bea] {
        c.hang_up();
    }
}
