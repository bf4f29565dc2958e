//! What the SSH server serves: a [`Service`] is told of connections, their bytes, their
//! terminal sizes and the passing of time, and hands back the bytes each connection must be
//! sent. The SSH layer knows nothing of chess; the service (escaque's hub of rooms) knows
//! nothing of SSH. Tests drive a service directly, without sockets.

/// Who connected, as authentication established it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Peer {
    /// The identity a seat belongs to: the key's `SHA256:` fingerprint.
    pub identity: String,
    /// The user name the client gave (`ssh NAME@host`).
    pub user: String,
    /// The name the allowlist gives the key; `None` in the open mode (the lobby asks).
    pub name: Option<String>,
    /// The allowlist marks the key as an arbiter's.
    pub arbiter: bool,
}

/// The client's terminal, from its channel requests.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct ClientTerm {
    /// `TERM` from the pty request; `None` when the client asked for no terminal
    /// (`ssh -T`, a pipe): the line mode, no echo.
    pub term: Option<String>,
    pub width: u16,
    pub height: u16,
    /// Environment variables the client sent (`LANG`, `LC_*`, `NO_COLOR`).
    pub env: Vec<(String, String)>,
    /// The words of the command the client asked to run (`ssh host -- --screen-reader`).
    pub args: Vec<String>,
    /// Where the connection comes from, as the limits per address count it (an IPv6
    /// address cut to its /64); `None` when not over the network (tests).
    pub source: Option<std::net::IpAddr>,
}

impl ClientTerm {
    /// A variable the client sent.
    pub fn var(&self, name: &str) -> Option<&str> {
        self.env
            .iter()
            .rev()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A frame of a client's screen, taken under the service's lock (what it shows, lent or
/// copied) and drawn and encoded after the lock is released: a slow render never stalls
/// the other connections.
pub trait Paint: Send {
    /// Draws the frame; returns its bytes.
    fn paint(self: Box<Self>) -> Vec<u8>;
}

/// Bytes for one connection, then a frame to draw, and whether to close it after them.
pub struct Outgoing {
    pub client: u64,
    pub bytes: Vec<u8>,
    /// Drawn outside the service's lock, after `bytes`.
    pub paint: Option<Box<dyn Paint>>,
    pub close: bool,
}

impl Outgoing {
    /// Everything to send, the frame drawn now (for callers that hold no lock: tests).
    pub fn into_bytes(self) -> Vec<u8> {
        let mut bytes = self.bytes;
        if let Some(p) = self.paint {
            bytes.extend(p.paint());
        }
        bytes
    }
}

impl std::fmt::Debug for Outgoing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Outgoing")
            .field("client", &self.client)
            .field("bytes", &self.bytes.len())
            .field("paint", &self.paint.is_some())
            .field("close", &self.close)
            .finish()
    }
}

/// The service behind the SSH server. Every call gets the time (`now`, milliseconds from
/// the server's start): time is injected, never read inside.
pub trait Service: Send + 'static {
    /// A new connection; `Err` with the words to send before closing it (a limit reached).
    fn connect(&mut self, peer: Peer, term: ClientTerm, now: u64) -> Result<u64, String>;
    /// Bytes typed at the client.
    fn input(&mut self, client: u64, bytes: &[u8], now: u64);
    /// The client's terminal changed size.
    fn resize(&mut self, client: u64, width: u16, height: u16, now: u64);
    /// The connection is gone.
    fn disconnect(&mut self, client: u64, now: u64);
    /// Time passed (called about ten times a second).
    fn tick(&mut self, now: u64);
    /// The bytes to send since the last call.
    fn take_output(&mut self) -> Vec<Outgoing>;
    /// The client did not read its output fast enough: what waited for it was thrown away
    /// (see [`super::output`]). Returns whether the service will send the client's whole
    /// screen anew (a full frame that does not depend on what was lost); `false` ends the
    /// connection. The default cannot redraw.
    fn output_dropped(&mut self, client: u64, now: u64) -> bool {
        let _ = (client, now);
        false
    }
}

/// Splits the command a client asked to run into words (single and double quotes group;
/// a backslash escapes the next character). An unterminated quote is an error that quotes
/// the command.
pub fn split_command(command: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') | (None, '\\') => {
                if let Some(n) = chars.next() {
                    cur.push(n);
                }
                in_word = true;
            }
            (Some(_), c) => cur.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            (None, c) => {
                cur.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err(format!("\"{command}\": a quote is not closed"));
    }
    if in_word {
        words.push(cur);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_like_a_shell() {
        assert_eq!(
            split_command("--screen-reader --lang 'es'  x\\ y \"a b\"").unwrap(),
            vec!["--screen-reader", "--lang", "es", "x y", "a b"]
        );
        assert_eq!(split_command("").unwrap(), Vec::<String>::new());
        assert_eq!(
            split_command("--lang 'es").unwrap_err(),
            "\"--lang 'es\": a quote is not closed"
        );
    }
}
