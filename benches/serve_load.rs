//! The load test of `escaque serve` (issue 9): loopback only, bounded in count and time.
//!
//! It starts the `escaque` binary built beside this bench (`escaque serve --open` on
//! 127.0.0.1:0, in a temporary directory), opens two russh clients per room in the line
//! mode (`exec --screen-reader`), pairs them into rooms (`new none white`, `join CODE`) and
//! plays the same legal game in every room, ply by ply: the side to move sends its move
//! once both clients of the room have received the line announcing the previous one.
//!
//! Measured: the fan-out latency of each move (from the moment the mover sends its line to
//! the moment each of the two clients has received the line announcing it), the moves per
//! second, the server's CPU over the playing phase (utime + stime from `/proc/PID/stat`, as
//! a percentage of one core) and its peak RSS (`VmHWM`).
//!
//! ```text
//! cargo bench --bench serve_load -- --rooms 100 --plies 20
//! ```
//!
//! Run without `--bench` (as `cargo test --benches` does) and without options it is a
//! smoke test: 2 rooms, 6 plies, exit status 0 only if every move arrived.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use escaque::core::{Letters, Position, parse_move};
use escaque::lang::Lang;
use escaque::speech::{Profile, Speaker};
use russh::ChannelMsg;
use russh::client::{self, Handle, Msg};
use russh::keys::PrivateKeyWithHashAlg;
use russh::keys::ssh_key::private::{Ed25519Keypair, KeypairData};
use russh::keys::{PrivateKey, PublicKeyOrCertificate};
use tokio::sync::{Semaphore, mpsc};

/// The game every room plays (a Ruy Lopez, Breyer variation): legal, no check that ends
/// the game, no capture; checked against escaque's own move generator before the run.
const GAME: &[&str] = &[
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6",
    "c3", "O-O", "h3", "Nb8", "d4", "Nbd7", "Nbd2", "Bb7", "Bc2", "Re8", "Nf1", "Bf8", "Ng3", "g6",
    "a4", "c5", "d5", "c4", "Bg5", "h6", "Be3", "Nc5", "Qd2", "h5", "Bg5", "Be7",
];

/// What the clients ask the server for: the line mode, English words and square names.
const CLIENT_COMMAND: &str = "--screen-reader --lang en --names en";

struct Options {
    rooms: usize,
    plies: usize,
    timeout: Duration,
    think: Duration,
    parallel: usize,
    client_threads: usize,
    server: PathBuf,
    adversary: Adversary,
    /// (a): how many silent connections, and from how many source addresses.
    silent: usize,
    sources: usize,
    /// (b), (c), (d): how many attacking connections or loops.
    attackers: usize,
    /// (b): the attackers' terminal size (they alternate it with one a column and a row
    /// smaller).
    attacker_pty: (u32, u32),
}

/// What attacks the server while the honest rooms play (issue 25). Every attacker comes
/// from 127.0.0.2 and up; the honest clients from 127.0.0.1.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Adversary {
    None,
    /// (a) TCP connections that never send a byte, opened as fast as the server closes them.
    Silent,
    /// (b) full screens at 400 × 200 sending window changes without pause.
    Resize,
    /// (c) connect, key exchange (the costliest offered: mlkem768x25519), log in, leave.
    Handshake,
    /// (d) line-mode clients that flood `help` and never read their output.
    NoRead,
}

impl Adversary {
    fn name(self) -> &'static str {
        match self {
            Adversary::None => "none",
            Adversary::Silent => "silent",
            Adversary::Resize => "resize",
            Adversary::Handshake => "handshake",
            Adversary::NoRead => "noread",
        }
    }
}

const USAGE: &str = "usage: serve_load [--rooms N] [--plies N] [--timeout SECONDS] \
[--think-ms MS] [--parallel N] [--client-threads N] [--server PATH] \
[--adversary none|silent|resize|handshake|noread] [--silent N] [--sources N] [--attackers N] \
[--attacker-pty COLSxROWS]";

fn parse_args(args: &[String]) -> Result<Options, String> {
    let bench = args.iter().any(|a| a == "--bench");
    let explicit = args.iter().any(|a| a != "--bench");
    let smoke = !bench && !explicit;
    let mut o = Options {
        rooms: if smoke { 2 } else { 100 },
        plies: if smoke { 6 } else { 20 },
        timeout: Duration::from_secs(if smoke { 60 } else { 120 }),
        think: Duration::ZERO,
        parallel: 16,
        client_threads: 2,
        server: PathBuf::from(env!("CARGO_BIN_EXE_escaque")),
        adversary: Adversary::None,
        silent: 10_000,
        sources: 1,
        attackers: 4,
        attacker_pty: (400, 200),
    };
    let mut i = 0;
    while i < args.len() {
        let name = args[i].as_str();
        if name == "--bench" {
            i += 1;
            continue;
        }
        const KNOWN: &[&str] = &[
            "--rooms",
            "--plies",
            "--timeout",
            "--think-ms",
            "--parallel",
            "--client-threads",
            "--server",
            "--adversary",
            "--silent",
            "--sources",
            "--attackers",
            "--attacker-pty",
        ];
        if !KNOWN.contains(&name) {
            return Err(format!(
                "\"{name}\" (argument {}): unknown option; {USAGE}",
                i + 1
            ));
        }
        let Some(value) = args.get(i + 1) else {
            return Err(format!(
                "\"{name}\" (argument {}): a value is missing; {USAGE}",
                i + 1
            ));
        };
        let number = |min: usize, max: usize| -> Result<usize, String> {
            match value.parse::<usize>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n),
                _ => Err(format!(
                    "\"{name} {value}\" (argument {}): the value must be a whole number from {min} to {max}",
                    i + 2
                )),
            }
        };
        match name {
            "--rooms" => o.rooms = number(1, 250)?,
            "--plies" => o.plies = number(1, GAME.len())?,
            "--timeout" => o.timeout = Duration::from_secs(number(1, 3600)? as u64),
            "--think-ms" => o.think = Duration::from_millis(number(0, 60_000)? as u64),
            "--parallel" => o.parallel = number(1, 256)?,
            "--client-threads" => o.client_threads = number(1, 64)?,
            "--silent" => o.silent = number(1, 60_000)?,
            "--sources" => o.sources = number(1, 250)?,
            "--attackers" => o.attackers = number(1, 64)?,
            "--attacker-pty" => {
                o.attacker_pty = value
                    .split_once('x')
                    .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
                    .filter(|&(w, h): &(u32, u32)| w >= 2 && h >= 2)
                    .ok_or_else(|| {
                        format!(
                            "\"{name} {value}\" (argument {}): write COLUMNSxROWS, e.g. 400x200",
                            i + 2
                        )
                    })?
            }
            "--adversary" => {
                o.adversary = [
                    Adversary::None,
                    Adversary::Silent,
                    Adversary::Resize,
                    Adversary::Handshake,
                    Adversary::NoRead,
                ]
                .into_iter()
                .find(|a| a.name() == value)
                .ok_or_else(|| {
                    format!(
                        "\"{name} {value}\" (argument {}): no such adversary; {USAGE}",
                        i + 2
                    )
                })?
            }
            _ => o.server = PathBuf::from(value),
        }
        i += 2;
    }
    Ok(o)
}

/// The lines that announce the game's moves, as the line mode words them, after checking
/// that every move is legal and none ends the game.
fn expected_lines(plies: usize) -> Result<Vec<String>, String> {
    let speaker = Speaker::new(Profile::En, Lang::En);
    let mut pos = Position::new();
    let mut lines = Vec::with_capacity(plies);
    for (i, text) in GAME.iter().take(plies).enumerate() {
        let mv = parse_move(&pos, text, Letters::English)
            .map_err(|e| format!("ply {} \"{text}\" of the test game: {e}", i + 1))?;
        lines.push(speaker.numbered_move(pos.fullmove_number(), pos.turn(), &pos, mv));
        pos.play(mv)
            .map_err(|e| format!("ply {} \"{text}\" of the test game: {e}", i + 1))?;
        if pos.board_outcome().is_some() {
            return Err(format!("ply {} \"{text}\" of the test game ends it", i + 1));
        }
    }
    Ok(lines)
}

// ---------------------------------------------------------------------------------------
// The server process.

/// The server, killed when dropped.
struct Server {
    child: Child,
    port: u16,
    /// Its stderr after the first line (the last 20 lines).
    log: Arc<Mutex<VecDeque<String>>>,
    _dir: TempDir,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A directory removed when dropped.
struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn start_server(o: &Options) -> Result<Server, String> {
    let mut nonce = [0u8; 8];
    getrandom::fill(&mut nonce).map_err(|e| format!("no random source: {e}"))?;
    let dir = std::env::temp_dir().join(format!(
        "escaque-serve-load-{}-{:016x}",
        std::process::id(),
        u64::from_le_bytes(nonce)
    ));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let dir = TempDir(dir);
    let limit = (2 * o.rooms + 16 + 2 * o.attackers).to_string();
    let mut child = Command::new(&o.server)
        .args(["serve", "--listen", "127.0.0.1:0", "--open"])
        .args(["--max-connections", &limit, "--max-rooms", &limit])
        // Every honest client comes from 127.0.0.1: the load test stands for many
        // machines, not one address (a server older than these flags refuses them).
        .args([
            "--max-sessions-per-address",
            "0",
            "--max-rooms-per-address",
            "0",
        ])
        .env("ESCAQUE_CONFIG", dir.0.join("config.toml"))
        .env("ESCAQUE_DATA_DIR", &dir.0)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| {
            format!(
                "cannot start {} ({e}); build it with: cargo build --release --bin escaque",
                o.server.display()
            )
        })?;
    let stderr = child.stderr.take().expect("stderr is piped");
    let log = Arc::new(Mutex::new(VecDeque::new()));
    let (first_tx, first_rx) = std::sync::mpsc::channel::<String>();
    let log_w = log.clone();
    // Reads the server's stderr to its end (so it never blocks on a full pipe).
    std::thread::spawn(move || {
        let mut first = Some(first_tx);
        for line in BufReader::new(stderr).lines() {
            let Ok(line) = line else { break };
            match first.take() {
                Some(tx) => {
                    let _ = tx.send(line);
                }
                None => {
                    let mut l = log_w.lock().unwrap_or_else(|p| p.into_inner());
                    if l.len() == 20 {
                        l.pop_front();
                    }
                    l.push_back(line);
                }
            }
        }
    });
    let mut server = Server {
        child,
        port: 0,
        log,
        _dir: dir,
    };
    let line = first_rx
        .recv_timeout(Duration::from_secs(20))
        .map_err(|_| "the server printed nothing on stderr within 20 s".to_string())?;
    // "escaque serve: listening on 127.0.0.1:PORT (...)"
    let port = line
        .split_once("listening on 127.0.0.1:")
        .and_then(|(_, rest)| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|p| p.parse::<u16>().ok())
        .ok_or_else(|| format!("\"{line}\": the server's first line names no port"))?;
    server.port = port;
    Ok(server)
}

/// utime + stime of a process, in seconds.
fn cpu_seconds(pid: &str, ticks: f64) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name (which may hold spaces) in parentheses.
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = f.get(11)?.parse().ok()?;
    let stime: f64 = f.get(12)?.parse().ok()?;
    Some((utime + stime) / ticks)
}

fn status_field(pid: u32, field: &str) -> Option<String> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .map(|v| v.trim().to_string())
}

fn clock_ticks() -> f64 {
    Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(100.0)
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".to_string())
}

// ---------------------------------------------------------------------------------------
// The clients.

struct AnyHostKey;

impl client::Handler for AnyHostKey {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _key: &PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        // Loopback, a server this bench started a moment ago.
        Ok(true)
    }
}

/// One connection in the line mode: its lines arrive stamped with the moment their bytes
/// were received.
struct Client {
    name: String,
    _handle: Handle<AnyHostKey>,
    write: russh::ChannelWriteHalf<Msg>,
    lines: mpsc::UnboundedReceiver<(Instant, String)>,
    /// The last lines seen, for the report of a failure.
    seen: VecDeque<String>,
}

impl Client {
    async fn connect(port: u16, name: String) -> Result<Client, String> {
        let fail = |what: &str, e: &dyn std::fmt::Display| format!("{name}: {what}: {e}");
        let mut seed = [0u8; 32];
        getrandom::fill(&mut seed).map_err(|e| fail("random source", &e))?;
        let key = PrivateKey::new(
            KeypairData::from(Ed25519Keypair::from_seed(&seed)),
            name.as_str(),
        )
        .map_err(|e| fail("key", &e))?;
        let config = Arc::new(client::Config {
            nodelay: true,
            ..Default::default()
        });
        let mut handle = client::connect(config, ("127.0.0.1", port), AnyHostKey)
            .await
            .map_err(|e| fail("connect", &e))?;
        let auth = handle
            .authenticate_publickey(&name, PrivateKeyWithHashAlg::new(Arc::new(key), None))
            .await
            .map_err(|e| fail("authenticate", &e))?;
        if !auth.success() {
            return Err(format!("{name}: the server refused the key"));
        }
        let channel = handle
            .channel_open_session()
            .await
            .map_err(|e| fail("open a session channel", &e))?;
        channel
            .exec(true, CLIENT_COMMAND)
            .await
            .map_err(|e| fail("exec", &e))?;
        let (mut read, write) = channel.split();
        let (tx, lines) = mpsc::unbounded_channel();
        tokio::spawn(async move {
            let mut partial = Vec::new();
            while let Some(msg) = read.wait().await {
                let ChannelMsg::Data { data } = msg else {
                    continue;
                };
                let at = Instant::now();
                partial.extend_from_slice(&data);
                while let Some(end) = partial.iter().position(|&b| b == b'\n') {
                    let line: Vec<u8> = partial.drain(..=end).collect();
                    let text = String::from_utf8_lossy(&line).trim_end().to_string();
                    if tx.send((at, text)).is_err() {
                        return;
                    }
                }
            }
        });
        Ok(Client {
            name,
            _handle: handle,
            write,
            lines,
            seen: VecDeque::new(),
        })
    }

    async fn send(&self, line: &str) -> Result<Instant, String> {
        let text = format!("{line}\n");
        let at = Instant::now();
        self.write
            .data(text.as_bytes())
            .await
            .map_err(|e| format!("{}: sending \"{line}\": {e}", self.name))?;
        Ok(at)
    }

    /// Waits for a line that `want` accepts; other lines are passed over.
    async fn expect(
        &mut self,
        what: &str,
        want: impl Fn(&str) -> bool,
    ) -> Result<(Instant, String), String> {
        while let Some((at, line)) = self.lines.recv().await {
            if self.seen.len() == 6 {
                self.seen.pop_front();
            }
            self.seen.push_back(line.clone());
            if want(&line) {
                return Ok((at, line));
            }
        }
        Err(format!(
            "{}: the connection closed while waiting for {what}; last lines: {:?}",
            self.name, self.seen
        ))
    }

    /// The connection's first steps in the lobby: its name.
    async fn enter_lobby(&mut self) -> Result<(), String> {
        self.expect("the welcome", |l| l.contains("What is your name?"))
            .await?;
        let name = self.name.clone();
        self.send(&format!("name {name}")).await?;
        let welcome = format!("Welcome, {name}.");
        self.expect("the welcome with the name", |l| l.starts_with(&welcome))
            .await?;
        Ok(())
    }
}

/// Two clients seated in a room: White made it, Black joined it.
struct Room {
    white: Client,
    black: Client,
}

impl Room {
    async fn seat(mut white: Client, mut black: Client) -> Result<Room, String> {
        white.send("new none white").await?;
        let (_, line) = white
            .expect("the new room", |l| {
                l.starts_with("Room ") && l.contains(": you play white.")
            })
            .await?;
        let code = line["Room ".len()..]
            .split(':')
            .next()
            .unwrap_or_default()
            .to_string();
        black.send(&format!("join {code}")).await?;
        let seated = format!("Room {code}: you play black.");
        black
            .expect("the seat in the room", |l| l.starts_with(&seated))
            .await?;
        Ok(Room { white, black })
    }

    /// Plays the game; each move's latencies (the mover's, the opponent's) go to `samples`.
    async fn play(
        &mut self,
        lines: &[String],
        think: Duration,
        samples: &Mutex<Vec<Sample>>,
    ) -> Result<(), String> {
        for (ply, expected) in lines.iter().enumerate() {
            let (mover, other) = if ply % 2 == 0 {
                (&mut self.white, &mut self.black)
            } else {
                (&mut self.black, &mut self.white)
            };
            if !think.is_zero() {
                tokio::time::sleep(think).await;
            }
            let sent = mover.send(GAME[ply]).await?;
            let is_it = |l: &str| l.starts_with(expected.as_str());
            let (a, b) = tokio::join!(mover.expect(expected, is_it), other.expect(expected, is_it));
            let (at_mover, at_other) = (a?.0, b?.0);
            let mut s = samples.lock().unwrap_or_else(|p| p.into_inner());
            s.push(Sample {
                ms: (at_mover - sent).as_secs_f64() * 1000.0,
                mover: true,
            });
            s.push(Sample {
                ms: (at_other - sent).as_secs_f64() * 1000.0,
                mover: false,
            });
        }
        Ok(())
    }
}

#[derive(Clone, Copy)]
struct Sample {
    ms: f64,
    mover: bool,
}

/// p-th quantile by nearest rank, of sorted values.
fn quantile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = (p * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn summary(values: impl Iterator<Item = f64>) -> String {
    let mut v: Vec<f64> = values.collect();
    v.sort_by(f64::total_cmp);
    format!(
        "n {:>5}  p50 {:>7.2}  p90 {:>7.2}  p99 {:>7.2}  max {:>7.2}",
        v.len(),
        quantile(&v, 0.50),
        quantile(&v, 0.90),
        quantile(&v, 0.99),
        v.last().copied().unwrap_or(f64::NAN)
    )
}

// ---------------------------------------------------------------------------------------
// The adversaries (issue 25).

/// What the adversary did, counted as it goes.
#[derive(Default)]
struct Attack {
    /// Connections opened (accepted by the kernel).
    opened: AtomicU64,
    /// Connections the server closed (refused, or ended by a limit).
    closed: AtomicU64,
    /// Connections that could not be opened (the bench's own limits, a refused connect).
    failed: AtomicU64,
    /// Handshakes completed, window changes sent, bytes of input sent.
    done: AtomicU64,
    /// The most silent connections held open at once.
    held_max: AtomicU64,
}

impl Attack {
    fn summary(&self, a: Adversary) -> String {
        let g = |x: &AtomicU64| x.load(Ordering::Relaxed);
        match a {
            Adversary::None => "none".to_string(),
            Adversary::Silent => format!(
                "silent: {} connections opened, {} closed by the server, {} held at most at once, {} failed to open",
                g(&self.opened),
                g(&self.closed),
                g(&self.held_max),
                g(&self.failed)
            ),
            Adversary::Resize => format!(
                "resize: {} window changes sent on {} connections (each cut off, it reconnects)",
                g(&self.done),
                g(&self.opened)
            ),
            Adversary::Handshake => format!(
                "handshake: {} handshakes with login completed, {} failed",
                g(&self.done),
                g(&self.failed)
            ),
            Adversary::NoRead => format!(
                "noread: {} connections, {} bytes of `help` sent, {} closed by the server",
                g(&self.opened),
                g(&self.done),
                g(&self.closed)
            ),
        }
    }
}

/// A socket from 127.0.0.`2 + source` to the server.
async fn attacker_socket(port: u16, source: usize) -> std::io::Result<tokio::net::TcpStream> {
    let sock = tokio::net::TcpSocket::new_v4()?;
    let ip = std::net::Ipv4Addr::new(127, 0, 0, 2 + (source % 250) as u8);
    sock.bind(std::net::SocketAddr::from((ip, 0)))?;
    sock.connect(std::net::SocketAddr::from(([127, 0, 0, 1], port)))
        .await
}

/// A logged-in russh client from an attacker's address.
async fn attacker_client(
    port: u16,
    source: usize,
    name: &str,
    config: client::Config,
) -> Result<Handle<AnyHostKey>, String> {
    let stream = attacker_socket(port, source)
        .await
        .map_err(|e| format!("{name}: connect: {e}"))?;
    let mut handle = client::connect_stream(Arc::new(config), stream, AnyHostKey)
        .await
        .map_err(|e| format!("{name}: handshake: {e}"))?;
    let mut seed = [0u8; 32];
    getrandom::fill(&mut seed).map_err(|e| e.to_string())?;
    let key = PrivateKey::new(KeypairData::from(Ed25519Keypair::from_seed(&seed)), name)
        .map_err(|e| e.to_string())?;
    let auth = handle
        .authenticate_publickey(name, PrivateKeyWithHashAlg::new(Arc::new(key), None))
        .await
        .map_err(|e| format!("{name}: authenticate: {e}"))?;
    if !auth.success() {
        return Err(format!("{name}: refused"));
    }
    Ok(handle)
}

/// Starts the adversary `o.adversary`; it stops when `stop` is set.
fn spawn_adversary(o: &Options, port: u16, stop: Arc<AtomicBool>, attack: Arc<Attack>) {
    match o.adversary {
        Adversary::None => {}
        Adversary::Silent => {
            let (n, sources) = (o.silent, o.sources);
            tokio::spawn(async move {
                // Open up to n at once; one the server closes is opened again, so the
                // pressure lasts the whole play.
                let held = Arc::new(AtomicU64::new(0));
                let gate = Arc::new(Semaphore::new(n));
                let mut i = 0usize;
                while !stop.load(Ordering::Relaxed) {
                    let Ok(permit) = gate.clone().acquire_owned().await else {
                        break;
                    };
                    i += 1;
                    let (stop, attack, held) = (stop.clone(), attack.clone(), held.clone());
                    tokio::spawn(async move {
                        let _permit = permit;
                        match attacker_socket(port, i % sources).await {
                            Ok(mut s) => {
                                attack.opened.fetch_add(1, Ordering::Relaxed);
                                let now = held.fetch_add(1, Ordering::Relaxed) + 1;
                                attack.held_max.fetch_max(now, Ordering::Relaxed);
                                let mut buf = [0u8; 256];
                                // Never a byte sent; read until the server closes.
                                loop {
                                    tokio::select! {
                                        r = tokio::io::AsyncReadExt::read(&mut s, &mut buf) => {
                                            if matches!(r, Ok(0) | Err(_)) {
                                                attack.closed.fetch_add(1, Ordering::Relaxed);
                                                break;
                                            }
                                        }
                                        () = tokio::time::sleep(Duration::from_millis(200)) => {
                                            if stop.load(Ordering::Relaxed) {
                                                break;
                                            }
                                        }
                                    }
                                }
                                held.fetch_sub(1, Ordering::Relaxed);
                            }
                            Err(_) => {
                                attack.failed.fetch_add(1, Ordering::Relaxed);
                                tokio::time::sleep(Duration::from_millis(10)).await;
                            }
                        }
                    });
                }
            });
        }
        Adversary::Resize => {
            let (pw, ph) = o.attacker_pty;
            for k in 0..o.attackers {
                let (stop, attack) = (stop.clone(), attack.clone());
                tokio::spawn(async move {
                    // Cut off, it comes back at once with a new key.
                    let mut round = 0;
                    while !stop.load(Ordering::Relaxed) {
                        round += 1;
                        let name = format!("R{k:02}x{round}");
                        let Ok(h) =
                            attacker_client(port, k, &name, client::Config::default()).await
                        else {
                            attack.failed.fetch_add(1, Ordering::Relaxed);
                            tokio::time::sleep(Duration::from_millis(10)).await;
                            continue;
                        };
                        let Ok(ch) = h.channel_open_session().await else {
                            continue;
                        };
                        let _ = ch
                            .request_pty(false, "xterm-256color", pw, ph, 0, 0, &[])
                            .await;
                        let _ = ch.request_shell(false).await;
                        attack.opened.fetch_add(1, Ordering::Relaxed);
                        let (mut read, write) = ch.split();
                        // The screens are read (this is not the slow reader).
                        tokio::spawn(async move { while read.wait().await.is_some() {} });
                        let mut n = 0u32;
                        while !stop.load(Ordering::Relaxed) && !h.is_closed() {
                            n += 1;
                            let (w, hgt) = if n % 2 == 0 {
                                (pw, ph)
                            } else {
                                (pw - 1, ph - 1)
                            };
                            if write.window_change(w, hgt, 0, 0).await.is_err() {
                                break;
                            }
                            attack.done.fetch_add(1, Ordering::Relaxed);
                            if n % 64 == 0 {
                                tokio::task::yield_now().await;
                            }
                        }
                        drop(h);
                    }
                });
            }
        }
        Adversary::Handshake => {
            for k in 0..o.attackers {
                let (stop, attack) = (stop.clone(), attack.clone());
                tokio::spawn(async move {
                    let mut n = 0;
                    while !stop.load(Ordering::Relaxed) {
                        n += 1;
                        let name = format!("H{k:02}x{n}");
                        match attacker_client(port, k, &name, client::Config::default()).await {
                            Ok(h) => {
                                attack.done.fetch_add(1, Ordering::Relaxed);
                                let _ =
                                    h.disconnect(russh::Disconnect::ByApplication, "", "").await;
                            }
                            Err(_) => {
                                attack.failed.fetch_add(1, Ordering::Relaxed);
                                tokio::time::sleep(Duration::from_millis(10)).await;
                            }
                        }
                    }
                });
            }
        }
        Adversary::NoRead => {
            for k in 0..o.attackers {
                let (stop, attack) = (stop.clone(), attack.clone());
                tokio::spawn(async move {
                    // A small window and a short queue: the client stops reading its socket
                    // as soon as four messages wait (see tests/serve_limits.rs).
                    let config = client::Config {
                        channel_buffer_size: 4,
                        window_size: 8192,
                        ..Default::default()
                    };
                    let name = format!("N{k:02}");
                    let Ok(h) = attacker_client(port, k, &name, config).await else {
                        attack.failed.fetch_add(1, Ordering::Relaxed);
                        return;
                    };
                    let Ok(ch) = h.channel_open_session().await else {
                        return;
                    };
                    let _ = ch.exec(false, CLIENT_COMMAND).await;
                    attack.opened.fetch_add(1, Ordering::Relaxed);
                    let (_read, write) = ch.split();
                    let flood = "help\n".repeat(3200);
                    if write.data(flood.as_bytes()).await.is_ok() {
                        attack.done.fetch_add(flood.len() as u64, Ordering::Relaxed);
                    }
                    while !stop.load(Ordering::Relaxed) {
                        if h.is_closed() {
                            attack.closed.fetch_add(1, Ordering::Relaxed);
                            break;
                        }
                        tokio::time::sleep(Duration::from_millis(100)).await;
                    }
                    drop(h);
                });
            }
        }
    }
}

/// Raises this process's descriptor limit to its hard limit (for the silent connections).
fn raise_own_descriptor_limit() -> u64 {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit read and write a struct on this stack.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) == 0 {
            lim.rlim_cur = lim.rlim_max;
            let _ = libc::setrlimit(libc::RLIMIT_NOFILE, &lim);
            let _ = libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim);
        }
    }
    // rlim_t is u64 here, u32 on 32-bit Linux.
    #[allow(clippy::unnecessary_cast)]
    let n = lim.rlim_cur as u64;
    n
}

// ---------------------------------------------------------------------------------------
// The run.

#[derive(Default)]
struct Report {
    ticks: f64,
    connect_s: f64,
    seat_s: f64,
    /// The playing phase: its start, and the CPU times then.
    play_start: Option<Instant>,
    server_before: Option<f64>,
    bench_before: Option<f64>,
    /// Filled when the phase ends (or the time limit stops it).
    play_s: f64,
    moves_done: usize,
    server_cpu_s: Option<f64>,
    bench_cpu_s: Option<f64>,
    /// The server's resident memory before the attack (rooms seated) and at the end.
    rss_before: Option<String>,
    rss_after: Option<String>,
    attack: String,
}

impl Report {
    /// Ends the playing phase's measures (if it started).
    fn finish(&mut self, server_pid: u32, samples: usize) {
        let Some(start) = self.play_start else {
            return;
        };
        self.play_s = start.elapsed().as_secs_f64();
        self.moves_done = samples / 2;
        let server_after = cpu_seconds(&server_pid.to_string(), self.ticks);
        let bench_after = cpu_seconds("self", self.ticks);
        self.server_cpu_s = self.server_before.zip(server_after).map(|(a, b)| b - a);
        self.rss_after = status_field(server_pid, "VmRSS:");
        self.bench_cpu_s = self.bench_before.zip(bench_after).map(|(a, b)| b - a);
    }
}

async fn run(
    o: &Options,
    server: &Server,
    lines: Arc<Vec<String>>,
    samples: Arc<Mutex<Vec<Sample>>>,
    report: Arc<Mutex<Report>>,
) -> Result<(), String> {
    let t0 = Instant::now();
    let gate = Arc::new(Semaphore::new(o.parallel));
    let mut connecting = Vec::new();
    for i in 0..2 * o.rooms {
        let gate = gate.clone();
        let port = server.port;
        connecting.push(tokio::spawn(async move {
            let _permit = gate.acquire_owned().await.map_err(|e| e.to_string())?;
            let mut c = Client::connect(port, format!("P{i:03}")).await?;
            c.enter_lobby().await?;
            Ok::<Client, String>(c)
        }));
    }
    let mut clients = Vec::new();
    for c in connecting {
        clients.push(c.await.map_err(|e| e.to_string())??);
    }
    let connect_s = t0.elapsed().as_secs_f64();
    report.lock().unwrap_or_else(|p| p.into_inner()).connect_s = connect_s;
    eprintln!(
        "serve_load: {} clients connected in {connect_s:.2} s",
        clients.len()
    );

    let t1 = Instant::now();
    let mut seating = Vec::new();
    let mut it = clients.into_iter();
    while let (Some(w), Some(b)) = (it.next(), it.next()) {
        seating.push(tokio::spawn(Room::seat(w, b)));
    }
    let mut rooms = Vec::new();
    for s in seating {
        rooms.push(s.await.map_err(|e| e.to_string())??);
    }
    report.lock().unwrap_or_else(|p| p.into_inner()).seat_s = t1.elapsed().as_secs_f64();

    // The adversary starts once the honest rooms are seated, and has a second to get
    // going before the play (and its measures) start.
    let stop = Arc::new(AtomicBool::new(false));
    let attack = Arc::new(Attack::default());
    report.lock().unwrap_or_else(|p| p.into_inner()).rss_before =
        status_field(server.child.id(), "VmRSS:");
    if o.adversary != Adversary::None {
        spawn_adversary(o, server.port, stop.clone(), attack.clone());
        tokio::time::sleep(Duration::from_secs(1)).await;
        eprintln!("serve_load: {}", attack.summary(o.adversary));
    }
    {
        let pid = server.child.id().to_string();
        let mut r = report.lock().unwrap_or_else(|p| p.into_inner());
        r.server_before = cpu_seconds(&pid, r.ticks);
        r.bench_before = cpu_seconds("self", r.ticks);
        r.play_start = Some(Instant::now());
    }
    let mut playing = Vec::new();
    for mut room in rooms {
        let (lines, samples, think) = (lines.clone(), samples.clone(), o.think);
        playing.push(tokio::spawn(async move {
            room.play(&lines, think, &samples).await?;
            Ok::<Room, String>(room)
        }));
    }
    let mut first_error = None;
    let mut finished = Vec::new();
    for p in playing {
        match p.await.map_err(|e| e.to_string()).and_then(|r| r) {
            Ok(room) => finished.push(room),
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    {
        let samples = samples.lock().unwrap_or_else(|p| p.into_inner()).len();
        let mut r = report.lock().unwrap_or_else(|p| p.into_inner());
        r.finish(server.child.id(), samples);
        r.attack = attack.summary(o.adversary);
    }
    stop.store(true, Ordering::Relaxed);
    match first_error {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

fn print_report(o: &Options, server: &Server, samples: &[Sample], r: &Report, load_before: &str) {
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    println!(
        "escaque serve load test: {} rooms x {} plies, {} russh clients on loopback ({} client threads, think {} ms), adversary {}",
        o.rooms,
        o.plies,
        2 * o.rooms,
        o.client_threads,
        o.think.as_millis(),
        o.adversary.name()
    );
    println!(
        "machine: {cores} cores; load average before {load_before}, after {}",
        load_average()
    );
    println!(
        "setup: clients connected and named in {:.2} s, rooms seated in {:.2} s",
        r.connect_s, r.seat_s
    );
    let expected = o.rooms * o.plies;
    let rate = if r.play_s > 0.0 {
        r.moves_done as f64 / r.play_s
    } else {
        f64::NAN
    };
    println!(
        "play: {} of {expected} moves in {:.2} s = {rate:.0} moves/s",
        r.moves_done, r.play_s
    );
    println!("fan-out latency (ms), send to line received:");
    println!("  all receivers  {}", summary(samples.iter().map(|s| s.ms)));
    println!(
        "  mover's echo   {}",
        summary(samples.iter().filter(|s| s.mover).map(|s| s.ms))
    );
    println!(
        "  opponent       {}",
        summary(samples.iter().filter(|s| !s.mover).map(|s| s.ms))
    );
    let pct = |cpu: Option<f64>| match cpu {
        Some(c) if r.play_s > 0.0 => format!("{c:.2} s = {:.0}% of one core", 100.0 * c / r.play_s),
        _ => "unknown".to_string(),
    };
    println!("server CPU over the play: {}", pct(r.server_cpu_s));
    if let Some(c) = r.server_cpu_s.filter(|_| r.moves_done > 0) {
        println!(
            "server CPU per move (its fan-out and the ticker included): {:.0} us",
            c * 1e6 / r.moves_done as f64
        );
    }
    let unknown = || "unknown".to_string();
    println!(
        "server RSS: {} with the rooms seated, {} after the play, peak (VmHWM) {}",
        r.rss_before.clone().unwrap_or_else(unknown),
        r.rss_after.clone().unwrap_or_else(unknown),
        status_field(server.child.id(), "VmHWM:").unwrap_or_else(unknown)
    );
    println!("adversary: {}", r.attack);
    let alive = std::fs::metadata(format!("/proc/{}", server.child.id())).is_ok();
    println!("server still running: {}", if alive { "yes" } else { "NO" });
    println!("bench (clients) CPU over the play: {}", pct(r.bench_cpu_s));
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let o = match parse_args(&args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("serve_load: {e}");
            return ExitCode::from(2);
        }
    };
    let lines = match expected_lines(o.plies) {
        Ok(l) => Arc::new(l),
        Err(e) => {
            eprintln!("serve_load: {e}");
            return ExitCode::FAILURE;
        }
    };
    let load_before = load_average();
    if o.adversary == Adversary::Silent {
        let limit = raise_own_descriptor_limit();
        eprintln!("serve_load: the bench may hold {limit} descriptors");
    }
    let server = match start_server(&o) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("serve_load: {e}");
            return ExitCode::FAILURE;
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(o.client_threads)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("serve_load: no tokio runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let samples = Arc::new(Mutex::new(Vec::new()));
    let report = Arc::new(Mutex::new(Report {
        ticks: clock_ticks(),
        ..Report::default()
    }));
    let outcome = runtime.block_on(async {
        tokio::time::timeout(
            o.timeout,
            run(&o, &server, lines, samples.clone(), report.clone()),
        )
        .await
    });
    let samples = samples.lock().unwrap_or_else(|p| p.into_inner()).clone();
    let mut report = report.lock().unwrap_or_else(|p| p.into_inner());
    if report.play_s == 0.0 {
        report.finish(server.child.id(), samples.len());
    }
    print_report(&o, &server, &samples, &report, &load_before);
    let status = match outcome {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(e)) => {
            eprintln!("serve_load: failed: {e}");
            ExitCode::FAILURE
        }
        Err(_) => {
            eprintln!(
                "serve_load: stopped after the time limit of {} s ({} of {} moves done)",
                o.timeout.as_secs(),
                report.moves_done,
                o.rooms * o.plies
            );
            ExitCode::FAILURE
        }
    };
    if status != ExitCode::SUCCESS {
        let log = server.log.lock().unwrap_or_else(|p| p.into_inner());
        for l in log.iter() {
            eprintln!("server: {l}");
        }
    }
    // The clients end with the runtime, the server with its guard.
    runtime.shutdown_timeout(Duration::from_secs(1));
    drop(server);
    status
}
