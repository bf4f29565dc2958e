//! The SSH server (russh): public-key authentication through a [`Gate`], one session
//! channel per connection, its pty size and `TERM`, the environment the client sends
//! (`LANG`, `NO_COLOR`), the command after `--` as the client's options — and never a
//! shell: every byte goes to the [`Service`], and the service's bytes come back.
//!
//! The service sits behind one mutex; every call on it is short (no I/O: the bytes to send
//! are put in a bounded [`Backlog`] per connection that one writer task per connection
//! empties). A ticker calls [`Service::tick`] ten times a second.
//!
//! What a connection may cost (issue 25; see "Security" in docs/serve.md):
//! - the server runs its own accept loop: every socket is counted from `accept()` by the
//!   [`Gatekeeper`] (pre-login connections capped in total with OpenSSH's early random
//!   drop, and per source address); an `accept()` error (out of descriptors: EMFILE,
//!   ENFILE; a connection reset before it was taken: ECONNABORTED) is logged and retried
//!   after a growing pause, never the end of the server;
//! - a connection whose screen has not started after the login grace time is closed, at
//!   whatever stage it stands (even a client that never sent its version line, or one that
//!   stalls in the middle of the key exchange, where russh would not act on a disconnect);
//! - key exchange and signatures: curve25519 and its ML-KEM hybrid only (no finite-field
//!   Diffie-Hellman, 540 ms of CPU a handshake for group18), no SHA-1 `ssh-rsa`;
//! - a terminal is at most 400 × 200 ([`term::capped_size`]); window changes are applied
//!   at most once per [`Transport::resize_interval`], the latest size winning;
//! - a client's output waits in a [`Backlog`] of at most [`Transport::output_backlog`]
//!   bytes (the latest frame only, past it); a client that takes no output for
//!   [`Transport::output_stall`] is disconnected.

use std::collections::{HashMap, VecDeque};
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};
use std::time::Duration;

use russh::keys::{Algorithm, EcdsaCurve, HashAlg, PrivateKey, PublicKey};
use russh::server::{Auth, Handler, Msg, Session};
use russh::{Channel, ChannelId, MethodKind, MethodSet, Preferred, kex};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, watch};
use tracing::{debug, info, warn};

use super::limits::{Bucket, Gatekeeper, StartupLimits, Ticket};
use super::output::{Backlog, Pushed};
use super::service::{ClientTerm, Outgoing, Peer, Service, split_command};
use super::term;

/// Who may connect: a public key and the user name it was offered with become a [`Peer`],
/// or the connection is refused.
pub trait Gate: Send + Sync + 'static {
    fn admit(&self, key: &PublicKey, user: &str) -> Option<Peer>;
}

/// The time for the service, in milliseconds from any fixed origin.
pub type Clock = Arc<dyn Fn() -> u64 + Send + Sync>;

/// The key exchanges offered: Curve25519 (RFC 8731, ~1.5 ms of server CPU) and its hybrid
/// with ML-KEM-768 (post-quantum, OpenSSH 9.9's default), and the extension markers
/// (RFC 8308 `ext-info`, OpenSSH's strict key exchange against the Terrapin attack). No
/// finite-field Diffie-Hellman: group18 cost ~540 ms of CPU per handshake, and four
/// handshake loops took a seated player's round trip to 760 ms (issue 25). Every OpenSSH
/// since 6.5 (2014) speaks curve25519.
pub const KEX: &[kex::Name] = &[
    kex::MLKEM768X25519_SHA256,
    kex::CURVE25519,
    kex::CURVE25519_PRE_RFC_8731,
    kex::EXTENSION_SUPPORT_AS_CLIENT,
    kex::EXTENSION_SUPPORT_AS_SERVER,
    kex::EXTENSION_OPENSSH_STRICT_KEX_AS_CLIENT,
    kex::EXTENSION_OPENSSH_STRICT_KEX_AS_SERVER,
];

/// The signature algorithms named to clients (`server-sig-algs`) and for the host key:
/// Ed25519, ECDSA (the allowlist takes ECDSA keys) and RSA with SHA-2 — never `ssh-rsa`,
/// whose signatures use SHA-1. A client that signs with `ssh-rsa` anyway is refused in
/// [`Connection::auth_publickey_offered`].
pub const SIGNATURES: &[Algorithm] = &[
    Algorithm::Ed25519,
    Algorithm::Ecdsa {
        curve: EcdsaCurve::NistP256,
    },
    Algorithm::Ecdsa {
        curve: EcdsaCurve::NistP384,
    },
    Algorithm::Ecdsa {
        curve: EcdsaCurve::NistP521,
    },
    Algorithm::Rsa {
        hash: Some(HashAlg::Sha512),
    },
    Algorithm::Rsa {
        hash: Some(HashAlg::Sha256),
    },
];

/// russh's algorithm lists with [`KEX`] and [`SIGNATURES`] (ciphers and MACs as russh's
/// defaults: ChaCha20-Poly1305, AES-GCM/CTR, SHA-2 MACs only).
pub fn preferred() -> Preferred {
    Preferred {
        kex: KEX.into(),
        key: SIGNATURES.into(),
        ..Preferred::DEFAULT
    }
}

/// The transport's limits (defaults as in docs/serve.md, "Security").
#[derive(Clone, Debug)]
pub struct Transport {
    /// A connection whose screen has not started after this long is closed
    /// (OpenSSH's `LoginGraceTime`).
    pub login_grace: Duration,
    pub startups: StartupLimits,
    /// Window changes of one client are applied at most once in this long.
    pub resize_interval: Duration,
    /// The most bytes that wait for one client (see [`Backlog`]).
    pub output_backlog: usize,
    /// A client that takes none of its waiting output for this long is disconnected.
    pub output_stall: Duration,
    /// Channel requests and data packets a client may send: per second, and at once.
    /// Past them it is disconnected.
    pub requests_per_second: u32,
    pub request_burst: u32,
}

impl Default for Transport {
    fn default() -> Self {
        Transport {
            login_grace: Duration::from_secs(30),
            startups: StartupLimits::default(),
            // A frame at 10 per second: the screen follows a dragged window edge, and a
            // flood of resizes costs a client at most 10 renders a second.
            resize_interval: Duration::from_millis(100),
            // Several full frames of a 400 × 200 screen.
            output_backlog: 512 * 1024,
            output_stall: Duration::from_secs(60),
            // A typist sends tens of packets a second, a dragged window edge ~60 window
            // changes, a paste a few 32 KiB packets. Four connections sent 53,000 window
            // changes a second: each costs russh its decryption and handling, whatever
            // the service does with it (honest moves went to p99 524 ms with the resizes
            // coalesced, before this limit).
            requests_per_second: 200,
            request_burst: 1000,
        }
    }
}

/// The longest pause between two resizes of one client that keeps resizing.
const MAX_RESIZE_PAUSE: Duration = Duration::from_secs(1);

/// The most bytes handed to russh at once: one SSH packet's worth, so that what russh
/// holds for a client that does not read (ten messages in its queue) stays small.
const CHUNK: usize = 32 * 1024;

/// What one connection's writer sends: its backlog, and a wake-up when it grows.
struct Outbox {
    backlog: Mutex<Backlog>,
    ready: Notify,
    /// The connection is gone: the writer stops.
    ended: AtomicBool,
    kill: Arc<KillSwitch>,
    addr: SocketAddr,
    /// What the service handed out for the client, in order, not yet drawn: queued under
    /// the service's lock (so the order is the service's), drawn after it.
    pending: Mutex<VecDeque<Outgoing>>,
    /// Held while the pending frames are drawn: one drawer at a time, in order.
    painting: Mutex<()>,
}

struct Shared<S: Service> {
    service: Mutex<S>,
    senders: Mutex<HashMap<u64, Arc<Outbox>>>,
    clock: Clock,
    gate: Box<dyn Gate>,
    transport: Transport,
}

impl<S: Service> Shared<S> {
    /// Runs `f` on the service at the current time, then hands out what it wrote: the
    /// frames are drawn and encoded after the service's lock is released.
    fn with<R>(&self, f: impl FnOnce(&mut S, u64) -> R) -> R {
        let now = (self.clock)();
        let (r, touched) = {
            let mut s = self.service.lock().unwrap_or_else(|p| p.into_inner());
            let r = f(&mut s, now);
            let out = s.take_output();
            (r, self.queue(out))
        };
        let mut dropped = self.deliver(touched);
        // A client whose backlog overflowed gets one fresh frame (which goes into its
        // emptied backlog whole), or is disconnected. Twice at most: the second round only
        // meets a client that overflowed again with the fresh frame of another's round.
        for _ in 0..2 {
            if dropped.is_empty() {
                break;
            }
            let (gone, touched) = {
                let mut s = self.service.lock().unwrap_or_else(|p| p.into_inner());
                let gone: Vec<u64> = dropped
                    .iter()
                    .copied()
                    .filter(|&id| !s.output_dropped(id, now))
                    .collect();
                let out = s.take_output();
                (gone, self.queue(out))
            };
            for id in gone {
                let outbox = self
                    .senders
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .remove(&id);
                if let Some(o) = outbox {
                    warn!(addr = %o.addr, client = id, "output backlog overflowed and the screen cannot be redrawn: disconnecting");
                    o.kill.kill();
                }
            }
            dropped = self.deliver(touched);
        }
        r
    }

    /// Queues each client's output, in the service's order (called under its lock);
    /// returns the outboxes to deliver.
    fn queue(&self, out: Vec<Outgoing>) -> Vec<Arc<Outbox>> {
        let mut touched = Vec::new();
        let mut senders = self.senders.lock().unwrap_or_else(|p| p.into_inner());
        for o in out {
            let (id, close) = (o.client, o.close);
            if let Some(outbox) = senders.get(&id) {
                outbox
                    .pending
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .push_back(o);
                touched.push(outbox.clone());
                if close {
                    senders.remove(&id);
                }
            }
        }
        touched
    }

    /// Draws the queued frames and puts each client's bytes in its backlog (outside the
    /// service's lock); returns the clients whose backlog overflowed. A frame followed by
    /// another with nothing between is out of date and not drawn.
    fn deliver(&self, touched: Vec<Arc<Outbox>>) -> Vec<u64> {
        let mut dropped = Vec::new();
        for outbox in touched {
            let _drawing = outbox.painting.lock().unwrap_or_else(|p| p.into_inner());
            loop {
                let (next, stale) = {
                    let mut q = outbox.pending.lock().unwrap_or_else(|p| p.into_inner());
                    let next = q.pop_front();
                    let stale = q
                        .front()
                        .is_some_and(|n| n.bytes.is_empty() && n.paint.is_some());
                    (next, stale)
                };
                let Some(o) = next else {
                    break;
                };
                let mut bytes = o.bytes;
                if let Some(p) = o.paint {
                    if !stale {
                        bytes.extend(p.paint());
                    }
                }
                {
                    let mut b = outbox.backlog.lock().unwrap_or_else(|p| p.into_inner());
                    if !bytes.is_empty() {
                        if let Pushed::Dropped(n) = b.push(&bytes) {
                            info!(addr = %outbox.addr, client = o.client, bytes = n, "slow reader: output dropped, only the latest frame is kept");
                            dropped.push(o.client);
                        }
                    }
                    if o.close {
                        b.close = true;
                    }
                }
                outbox.ready.notify_one();
            }
        }
        dropped.dedup();
        dropped
    }
}

/// The server's settings.
pub struct ServerOptions {
    pub host_key: PrivateKey,
    /// Connections idle (no byte from the client) for this long are closed.
    pub inactivity_timeout: Duration,
    pub transport: Transport,
}

/// Runs the server on `listener` until the process ends. Nothing a client does, and no
/// error of `accept()`, ends it.
pub async fn serve<S: Service>(
    listener: TcpListener,
    options: ServerOptions,
    gate: Box<dyn Gate>,
    service: S,
    clock: Clock,
) -> std::io::Result<()> {
    match super::limits::raise_descriptor_limit() {
        Ok((before, after)) if before != after => {
            info!(
                before,
                after, "descriptor limit (RLIMIT_NOFILE) raised to the hard limit"
            )
        }
        Ok((_, after)) => info!(limit = after, "descriptor limit (RLIMIT_NOFILE)"),
        Err(e) => warn!(error = %e, "the descriptor limit could not be raised"),
    }
    let mut methods = MethodSet::empty();
    methods.push(MethodKind::PublicKey);
    let config = Arc::new(russh::server::Config {
        methods,
        keys: vec![options.host_key],
        auth_rejection_time: Duration::from_millis(300),
        auth_rejection_time_initial: Some(Duration::ZERO),
        // OpenSSH's MaxAuthTries.
        max_auth_attempts: 6,
        inactivity_timeout: Some(options.inactivity_timeout),
        keepalive_interval: Some(Duration::from_secs(30)),
        nodelay: true,
        preferred: preferred(),
        ..Default::default()
    });
    let transport = options.transport;
    let gatekeeper = Gatekeeper::new(transport.startups);
    info!(
        login_grace_s = transport.login_grace.as_secs_f64(),
        max_startups = %transport.startups.max_startups,
        per_source = ?transport.startups.per_source,
        "transport limits"
    );
    let shared = Arc::new(Shared {
        service: Mutex::new(service),
        senders: Mutex::new(HashMap::new()),
        clock,
        gate,
        transport,
    });
    let ticker = shared.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_millis(100));
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        loop {
            every.tick().await;
            ticker.with(|s, now| s.tick(now));
        }
    });
    let mut pause = Duration::ZERO;
    let mut failures = 0u64;
    let mut refusals = Refusals::default();
    let mut refused_in_a_row = 0u64;
    loop {
        match listener.accept().await {
            Ok((stream, addr)) => {
                if failures > 0 {
                    info!(failures, "accept() works again");
                    failures = 0;
                }
                pause = Duration::ZERO;
                match gatekeeper.admit(addr.ip()) {
                    Ok(ticket) => {
                        refused_in_a_row = 0;
                        let c = gatekeeper.census();
                        info!(%addr, pre_login = c.pre_login, open = c.open, "connection accepted");
                        spawn_connection(shared.clone(), config.clone(), stream, addr, ticket);
                    }
                    Err(why) => {
                        // Closed with a reset (SO_LINGER 0, which does not block): no
                        // TIME_WAIT left on the server for each of a flood's connections.
                        #[allow(deprecated)]
                        let _ = stream.set_linger(Some(Duration::ZERO));
                        drop(stream);
                        refusals.note(addr, why, || gatekeeper.census());
                        // A run of refusals is a flood: refusing costs ~50 us each (the
                        // kernel's handshake included), and 14,500 a second took a core
                        // from the games. After 40 in a row, a 10 ms pause: at most
                        // ~4,000 refusals a second; the rest wait in the kernel's queue
                        // (and a full queue slows the flood's own connect()s).
                        refused_in_a_row += 1;
                        if refused_in_a_row % 40 == 0 {
                            tokio::time::sleep(Duration::from_millis(10)).await;
                        }
                    }
                }
            }
            Err(e) => {
                // The pending connection stays in the kernel's queue; accepting again at
                // once would spin (the listener stays readable). A pause that doubles up
                // to a second leaves time for descriptors to be freed (the login grace
                // time closes idle connections).
                failures += 1;
                pause = (pause * 2).clamp(Duration::from_millis(10), Duration::from_secs(1));
                if failures == 1 || failures.is_power_of_two() {
                    warn!(error = %e, failures, pause_ms = pause.as_millis() as u64, "accept() failed; retrying after a pause");
                }
                tokio::time::sleep(pause).await;
            }
        }
    }
}

/// The log of refused connections: the first at once, then at most one line a second
/// with the count. A flood of 14,500 connections a second cost the server more in log
/// lines than in refusing them.
#[derive(Default)]
struct Refusals {
    /// Refused since the last line.
    count: u64,
    last_line: Option<std::time::Instant>,
}

impl Refusals {
    fn note(
        &mut self,
        addr: SocketAddr,
        why: super::limits::Refusal,
        census: impl FnOnce() -> super::limits::Census,
    ) {
        self.count += 1;
        let due = self
            .last_line
            .is_none_or(|t| t.elapsed() >= Duration::from_secs(1));
        if due {
            let c = census();
            info!(%addr, reason = %why, refused = self.count, pre_login = c.pre_login, open = c.open, "connection refused (count: since the last such line)");
            self.count = 0;
            self.last_line = Some(std::time::Instant::now());
        }
    }
}

/// Runs one accepted connection: the SSH session, and the login grace timer that ends it
/// if its screen has not started in time.
fn spawn_connection<S: Service>(
    shared: Arc<Shared<S>>,
    config: Arc<russh::server::Config>,
    stream: TcpStream,
    addr: SocketAddr,
    ticket: Ticket,
) {
    let _ = stream.set_nodelay(true);
    let kill = Arc::new(KillSwitch::default());
    let started = ticket.started_flag();
    let grace = shared.transport.login_grace;
    let requests = Bucket::new(
        shared.transport.requests_per_second,
        shared.transport.request_burst,
    );
    let handler = Connection {
        shared,
        addr,
        ticket,
        kill: kill.clone(),
        identity: None,
        peer: None,
        channel: None,
        term: ClientTerm::default(),
        client: None,
        resize: None,
        outbox: None,
        requests,
    };
    let stream = Guarded {
        inner: stream,
        kill: kill.clone(),
    };
    tokio::spawn(async move {
        let run = async {
            match russh::server::run_stream(config, stream, handler).await {
                Ok(session) => session.await,
                Err(e) => Err(e),
            }
        };
        tokio::pin!(run);
        let result = tokio::select! {
            r = &mut run => r,
            () = tokio::time::sleep(grace) => {
                if !started.load(Ordering::SeqCst) {
                    info!(%addr, grace_s = grace.as_secs_f64(), "login grace time over: connection closed");
                    kill.kill();
                }
                run.await
            }
        };
        match result {
            Ok(()) => debug!(%addr, "connection closed"),
            Err(e) => debug!(%addr, error = %e, "connection ended"),
        }
    });
}

/// Ends a connection from outside its session: every read and write of its socket fails
/// from then on, so russh's session task ends (and drops the socket) whatever it waits
/// for — the client's version line, a key exchange message, window space.
#[derive(Default)]
struct KillSwitch {
    killed: AtomicBool,
    /// The tasks waiting on the socket (reading, writing).
    wakers: Mutex<[Option<Waker>; 2]>,
}

impl KillSwitch {
    fn kill(&self) {
        self.killed.store(true, Ordering::SeqCst);
        let wakers = std::mem::take(&mut *self.wakers.lock().unwrap_or_else(|p| p.into_inner()));
        for w in wakers.into_iter().flatten() {
            w.wake();
        }
    }

    /// Whether the connection was killed; if not, `cx` is woken when it is.
    fn check(&self, slot: usize, cx: &Context<'_>) -> std::io::Result<()> {
        if !self.killed.load(Ordering::SeqCst) {
            let mut w = self.wakers.lock().unwrap_or_else(|p| p.into_inner());
            match &w[slot] {
                Some(old) if old.will_wake(cx.waker()) => {}
                _ => w[slot] = Some(cx.waker().clone()),
            }
            drop(w);
            // Killed between the first look and the registration: seen here.
            if !self.killed.load(Ordering::SeqCst) {
                return Ok(());
            }
        }
        Err(std::io::Error::new(
            std::io::ErrorKind::ConnectionAborted,
            "connection closed by the server",
        ))
    }
}

/// A socket that a [`KillSwitch`] can close under its user.
struct Guarded {
    inner: TcpStream,
    kill: Arc<KillSwitch>,
}

impl AsyncRead for Guarded {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        if let Err(e) = self.kill.check(0, cx) {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl AsyncWrite for Guarded {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        if let Err(e) = self.kill.check(1, cx) {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        if let Err(e) = self.kill.check(1, cx) {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        if let Err(e) = self.kill.check(1, cx) {
            return Poll::Ready(Err(e));
        }
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// One connection.
pub struct Connection<S: Service> {
    shared: Arc<Shared<S>>,
    addr: SocketAddr,
    /// Counts the connection (pre-login until its screen starts) until it is dropped.
    ticket: Ticket,
    kill: Arc<KillSwitch>,
    /// The fingerprint of the key that authenticated, for the logs.
    identity: Option<String>,
    peer: Option<Peer>,
    channel: Option<ChannelId>,
    term: ClientTerm,
    client: Option<u64>,
    /// The latest window size, for the task that applies it (at most one per interval).
    resize: Option<watch::Sender<(u16, u16)>>,
    /// What the writer sends, once the screen started.
    outbox: Option<Arc<Outbox>>,
    /// The client's channel requests and data packets.
    requests: Bucket,
}

impl<S: Service> Connection<S> {
    /// The client asked for its shell or a command: its screen starts.
    async fn start(
        &mut self,
        channel: ChannelId,
        args: Result<Vec<String>, String>,
        session: &mut Session,
    ) -> Result<(), russh::Error> {
        session.channel_success(channel)?;
        if self.client.is_some() || self.channel != Some(channel) {
            return Ok(());
        }
        let Some(peer) = self.peer.clone() else {
            session.close(channel)?;
            return Ok(());
        };
        let refuse = |session: &mut Session, text: String| -> Result<(), russh::Error> {
            session.data(channel, text.into_bytes())?;
            session.exit_status_request(channel, 2)?;
            session.eof(channel)?;
            session.close(channel)
        };
        let args = match args {
            Ok(a) => a,
            Err(e) => return refuse(session, format!("{e}\r\n")),
        };
        let mut term = self.term.clone();
        term.args = args;
        term.source = Some(super::limits::source_of(self.addr.ip()));
        let size = (term.width, term.height);
        let handle = session.handle();
        let outbox = Arc::new(Outbox {
            backlog: Mutex::new(Backlog::new(self.shared.transport.output_backlog)),
            ready: Notify::new(),
            ended: AtomicBool::new(false),
            kill: self.kill.clone(),
            addr: self.addr,
            pending: Mutex::new(VecDeque::new()),
            painting: Mutex::new(()),
        });
        // The writer: the backlog to the client in order, a packet at a time; a close ends
        // the channel with status 0. A client that takes nothing for `stall` is cut off.
        let writer = outbox.clone();
        let stall = self.shared.transport.output_stall;
        let write = async move {
            loop {
                let ended = writer.ended.load(Ordering::SeqCst);
                let (chunk, close) = {
                    let mut b = writer.backlog.lock().unwrap_or_else(|p| p.into_inner());
                    (b.take(CHUNK), b.close)
                };
                if chunk.is_empty() {
                    // The connection went first: what was written is sent, the channel's
                    // end is the caller's.
                    if ended {
                        break;
                    }
                    if close {
                        let _ = handle.exit_status_request(channel, 0).await;
                        let _ = handle.eof(channel).await;
                        let _ = handle.close(channel).await;
                        break;
                    }
                    writer.ready.notified().await;
                    continue;
                }
                match tokio::time::timeout(stall, handle.data(channel, chunk)).await {
                    Ok(Ok(())) => {}
                    Ok(Err(_)) => break,
                    Err(_) => {
                        let waiting = writer
                            .backlog
                            .lock()
                            .unwrap_or_else(|p| p.into_inner())
                            .len();
                        warn!(addr = %writer.addr, stall_s = stall.as_secs_f64(), waiting, "the client took no output for too long: disconnecting");
                        writer.kill.kill();
                        break;
                    }
                }
            }
        };
        let shared = self.shared.clone();
        let now = (shared.clock)();
        let (result, touched) = {
            let mut s = shared.service.lock().unwrap_or_else(|p| p.into_inner());
            let r = s.connect(peer, term, now);
            if let Ok(id) = r {
                shared
                    .senders
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .insert(id, outbox.clone());
            }
            let out = s.take_output();
            (r, shared.queue(out))
        };
        match result {
            Ok(id) => {
                self.client = Some(id);
                self.outbox = Some(outbox);
                tokio::spawn(write);
                self.ticket.started();
                info!(addr = %self.addr, key = self.identity.as_deref().unwrap_or(""), client = id, "screen started");
                // Window changes: the latest size, applied at most once per interval.
                let (tx, mut rx) = watch::channel(size);
                rx.mark_unchanged();
                self.resize = Some(tx);
                let resizer = shared.clone();
                let interval = shared.transport.resize_interval;
                tokio::spawn(async move {
                    // A client still resizing when its pause ends waits twice as long the
                    // next time, up to a second; back to the interval once it stops. A
                    // window edge dragged for a second is followed at 100, 200, 400 ms;
                    // a flood of resizes costs one render a second (a 400 × 200 render
                    // with a full clear took ~10 ms of the hub's lock: four flooding
                    // connections at 10 a second took honest moves to p50 247 ms).
                    let mut pause = interval;
                    while rx.changed().await.is_ok() {
                        let (w, h) = *rx.borrow_and_update();
                        resizer.with(|s, now| s.resize(id, w, h, now));
                        tokio::time::sleep(pause).await;
                        pause = match rx.has_changed() {
                            Ok(true) => (pause * 2).min(MAX_RESIZE_PAUSE.max(interval)),
                            _ => interval,
                        };
                    }
                });
                shared.deliver(touched);
                Ok(())
            }
            Err(text) => {
                info!(addr = %self.addr, key = self.identity.as_deref().unwrap_or(""), "refused by the service (a limit reached)");
                refuse(session, text)
            }
        }
    }

    fn gone(&mut self) {
        self.resize = None;
        if let Some(o) = self.outbox.take() {
            // The writer stops; the channel's end is the caller's.
            o.ended.store(true, Ordering::SeqCst);
            o.ready.notify_one();
        }
        if let Some(id) = self.client.take() {
            self.shared.with(|s, now| s.disconnect(id, now));
            self.shared
                .senders
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .remove(&id);
            info!(addr = %self.addr, client = id, "screen ended");
        }
    }

    /// Counts one channel request or data packet; past the client's allowance the
    /// connection ends (every packet costs russh its decryption and handling, whatever
    /// the service does with it).
    fn spend(&mut self) -> Result<(), russh::Error> {
        if self.requests.take(std::time::Instant::now()) {
            return Ok(());
        }
        warn!(addr = %self.addr, key = self.identity.as_deref().unwrap_or(""), per_second = self.shared.transport.requests_per_second, "too many requests and packets: disconnecting");
        self.kill.kill();
        Err(russh::Error::Disconnect)
    }

    /// Whether a key offered or signed with `algorithm` may log in: `ssh-rsa` (RSA with
    /// SHA-1) may not.
    fn refuse_algorithm(&self, user: &str, key: &PublicKey, algorithm: &Algorithm) -> bool {
        let sha1 = matches!(algorithm, Algorithm::Rsa { hash: None });
        if sha1 {
            info!(addr = %self.addr, user, key = %super::keys::fingerprint(key), "key refused: ssh-rsa (SHA-1) signatures are not accepted; use rsa-sha2-256/512");
        }
        sha1
    }
}

impl<S: Service> Drop for Connection<S> {
    fn drop(&mut self) {
        self.gone();
    }
}

impl<S: Service> Handler for Connection<S> {
    type Error = russh::Error;

    async fn auth_publickey_offered(
        &mut self,
        user: &str,
        offer: russh::server::PublicKeyOffer<'_>,
    ) -> Result<Auth, Self::Error> {
        if self.refuse_algorithm(user, offer.public_key, offer.algorithm) {
            return Ok(Auth::reject());
        }
        Ok(match self.shared.gate.admit(offer.public_key, user) {
            Some(_) => Auth::Accept,
            None => {
                info!(addr = %self.addr, user, key = %super::keys::fingerprint(offer.public_key), "key refused: not allowed");
                Auth::reject()
            }
        })
    }

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: russh::server::VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        if self.refuse_algorithm(user, key.public_key, key.algorithm) {
            return Ok(Auth::reject());
        }
        match self.shared.gate.admit(key.public_key, user) {
            Some(peer) => {
                info!(addr = %self.addr, user, key = %peer.identity, name = peer.name.as_deref().unwrap_or(""), "login: key accepted");
                self.identity = Some(peer.identity.clone());
                self.peer = Some(peer);
                Ok(Auth::Accept)
            }
            None => {
                info!(addr = %self.addr, user, key = %super::keys::fingerprint(key.public_key), "key refused: not allowed");
                Ok(Auth::reject())
            }
        }
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: russh::server::ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.spend()?;
        // One screen per connection.
        if self.channel.is_some() {
            reply
                .reject(russh::ChannelOpenFailure::AdministrativelyProhibited)
                .await;
            return Ok(());
        }
        self.channel = Some(channel.id());
        reply.accept().await;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        col_width: u32,
        row_height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(russh::Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.spend()?;
        self.term.term = Some(term.chars().take(64).collect());
        (self.term.width, self.term.height) = term::capped_size(col_width, row_height);
        session.channel_success(channel)?;
        Ok(())
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        value: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.spend()?;
        let wanted = matches!(
            name,
            "LANG" | "LC_ALL" | "LC_MESSAGES" | "LC_CTYPE" | "NO_COLOR"
        );
        if wanted && self.term.env.len() < 16 && value.len() <= 64 {
            self.term.env.push((name.to_string(), value.to_string()));
            session.channel_success(channel)?;
        } else {
            session.channel_failure(channel)?;
        }
        Ok(())
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.spend()?;
        self.start(channel, Ok(Vec::new()), session).await
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.spend()?;
        let text = String::from_utf8_lossy(&data[..data.len().min(1024)]).into_owned();
        self.start(channel, split_command(&text), session).await
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        _name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.spend()?;
        session.channel_failure(channel)?;
        Ok(())
    }

    async fn data(
        &mut self,
        _channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.spend()?;
        if let Some(id) = self.client {
            self.shared.with(|s, now| s.input(id, data, now));
        }
        Ok(())
    }

    async fn window_change_request(
        &mut self,
        _channel: ChannelId,
        col_width: u32,
        row_height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.spend()?;
        // Not a render per request (500 resizes from four connections froze every game for
        // 6.8 s, issue 25): the latest size is left for the resize task.
        let size = term::capped_size(col_width, row_height);
        match &self.resize {
            Some(tx) => {
                tx.send_if_modified(|s| std::mem::replace(s, size) != size);
            }
            None => (self.term.width, self.term.height) = size,
        }
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        // The client's input ended (a pipe closed): the screen ends, the seat stays. What
        // waits for the client goes out first, here, before the channel's end: the writer
        // task might only run after it (`echo help | ssh -T host` got nothing).
        if let Some(o) = &self.outbox {
            let rest = o
                .backlog
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .take(usize::MAX);
            if !rest.is_empty() {
                session.data(channel, rest)?;
            }
        }
        self.gone();
        session.exit_status_request(channel, 0)?;
        session.close(channel)?;
        Ok(())
    }

    async fn channel_close(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.gone();
        Ok(())
    }
}
