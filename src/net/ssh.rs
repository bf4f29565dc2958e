//! The SSH server (russh): public-key authentication through a [`Gate`], one session
//! channel per connection, its pty size and `TERM`, the environment the client sends
//! (`LANG`, `NO_COLOR`), the command after `--` as the client's options — and never a
//! shell: every byte goes to the [`Service`], and the service's bytes come back.
//!
//! The service sits behind one mutex; every call on it is short (no I/O: the bytes to send
//! are handed to one writer task per connection through a channel). A ticker calls
//! [`Service::tick`] ten times a second.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use russh::keys::{PrivateKey, PublicKey};
use russh::server::{Auth, Handler, Msg, Server, Session};
use russh::{Channel, ChannelId, MethodKind, MethodSet};
use tokio::net::TcpListener;
use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};

use super::service::{ClientTerm, Outgoing, Peer, Service, split_command};

/// Who may connect: a public key and the user name it was offered with become a [`Peer`],
/// or the connection is refused.
pub trait Gate: Send + Sync + 'static {
    fn admit(&self, key: &PublicKey, user: &str) -> Option<Peer>;
}

/// The time for the service, in milliseconds from any fixed origin.
pub type Clock = Arc<dyn Fn() -> u64 + Send + Sync>;

enum Out {
    Data(Vec<u8>),
    Close,
}

struct Shared<S: Service> {
    service: Mutex<S>,
    senders: Mutex<HashMap<u64, UnboundedSender<Out>>>,
    clock: Clock,
    gate: Box<dyn Gate>,
}

impl<S: Service> Shared<S> {
    /// Runs `f` on the service at the current time, then hands out what it wrote.
    fn with<R>(&self, f: impl FnOnce(&mut S, u64) -> R) -> R {
        let now = (self.clock)();
        let (r, out) = {
            let mut s = self.service.lock().unwrap_or_else(|p| p.into_inner());
            let r = f(&mut s, now);
            (r, s.take_output())
        };
        self.dispatch(out);
        r
    }

    fn dispatch(&self, out: Vec<Outgoing>) {
        let mut senders = self.senders.lock().unwrap_or_else(|p| p.into_inner());
        for o in out {
            if let Some(tx) = senders.get(&o.client) {
                if !o.bytes.is_empty() {
                    let _ = tx.send(Out::Data(o.bytes));
                }
                if o.close {
                    let _ = tx.send(Out::Close);
                    senders.remove(&o.client);
                }
            }
        }
    }
}

/// The server's settings.
pub struct ServerOptions {
    pub host_key: PrivateKey,
    /// Connections idle (no byte from the client) for this long are closed.
    pub inactivity_timeout: Duration,
}

/// Runs the server on `listener` until the process ends.
pub async fn serve<S: Service>(
    listener: TcpListener,
    options: ServerOptions,
    gate: Box<dyn Gate>,
    service: S,
    clock: Clock,
) -> std::io::Result<()> {
    let mut methods = MethodSet::empty();
    methods.push(MethodKind::PublicKey);
    let config = russh::server::Config {
        methods,
        keys: vec![options.host_key],
        auth_rejection_time: Duration::from_millis(300),
        auth_rejection_time_initial: Some(Duration::ZERO),
        inactivity_timeout: Some(options.inactivity_timeout),
        keepalive_interval: Some(Duration::from_secs(30)),
        nodelay: true,
        ..Default::default()
    };
    let shared = Arc::new(Shared {
        service: Mutex::new(service),
        senders: Mutex::new(HashMap::new()),
        clock,
        gate,
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
    let mut server = Listener { shared };
    server
        .run_on_socket(Arc::new(config), &listener)
        .await
        .map_err(std::io::Error::other)
}

struct Listener<S: Service> {
    shared: Arc<Shared<S>>,
}

impl<S: Service> Server for Listener<S> {
    type Handler = Connection<S>;

    fn new_client(&mut self, _peer: Option<SocketAddr>) -> Connection<S> {
        Connection {
            shared: self.shared.clone(),
            peer: None,
            channel: None,
            term: ClientTerm::default(),
            client: None,
        }
    }
}

/// One connection.
pub struct Connection<S: Service> {
    shared: Arc<Shared<S>>,
    peer: Option<Peer>,
    channel: Option<ChannelId>,
    term: ClientTerm,
    client: Option<u64>,
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
        let handle = session.handle();
        let (tx, mut rx) = unbounded_channel::<Out>();
        // The writer: bytes to the client in order; a close ends the channel with status 0.
        tokio::spawn(async move {
            while let Some(o) = rx.recv().await {
                match o {
                    Out::Data(b) => {
                        if handle.data(channel, b).await.is_err() {
                            break;
                        }
                    }
                    Out::Close => {
                        let _ = handle.exit_status_request(channel, 0).await;
                        let _ = handle.eof(channel).await;
                        let _ = handle.close(channel).await;
                        break;
                    }
                }
            }
        });
        let shared = self.shared.clone();
        let now = (shared.clock)();
        let (result, out) = {
            let mut s = shared.service.lock().unwrap_or_else(|p| p.into_inner());
            let r = s.connect(peer, term, now);
            if let Ok(id) = r {
                shared
                    .senders
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .insert(id, tx);
            }
            (r, s.take_output())
        };
        match result {
            Ok(id) => {
                self.client = Some(id);
                shared.dispatch(out);
                Ok(())
            }
            Err(text) => refuse(session, text),
        }
    }

    fn gone(&mut self) {
        if let Some(id) = self.client.take() {
            self.shared.with(|s, now| s.disconnect(id, now));
            self.shared
                .senders
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .remove(&id);
        }
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
        Ok(match self.shared.gate.admit(offer.public_key, user) {
            Some(_) => Auth::Accept,
            None => Auth::reject(),
        })
    }

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: russh::server::VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        match self.shared.gate.admit(key.public_key, user) {
            Some(peer) => {
                self.peer = Some(peer);
                Ok(Auth::Accept)
            }
            None => Ok(Auth::reject()),
        }
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: russh::server::ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
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
        self.term.term = Some(term.chars().take(64).collect());
        self.term.width = col_width.clamp(1, 1000) as u16;
        self.term.height = row_height.clamp(1, 1000) as u16;
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
        self.start(channel, Ok(Vec::new()), session).await
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let text = String::from_utf8_lossy(&data[..data.len().min(1024)]).into_owned();
        self.start(channel, split_command(&text), session).await
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        _name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)?;
        Ok(())
    }

    async fn data(
        &mut self,
        _channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
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
        if let Some(id) = self.client {
            let (w, h) = (
                col_width.clamp(1, 1000) as u16,
                row_height.clamp(1, 1000) as u16,
            );
            self.shared.with(|s, now| s.resize(id, w, h, now));
        }
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        // The client's input ended (a pipe closed): the screen ends, the seat stays.
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
