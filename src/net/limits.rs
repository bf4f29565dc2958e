//! What a connection may cost before it has logged in (issue 25): every socket is counted
//! from the moment `accept()` returns it, until it closes.
//!
//! - **Pre-login cap with early random drop** (OpenSSH's `MaxStartups start:rate:full`): past
//!   `start` connections that have not yet started their screen, a new one is refused with
//!   probability `rate`%, rising linearly to 100% at `full`. An attacker who floods the port
//!   fills the pre-login slots, but honest clients still get through with a fair chance
//!   while the flood lasts, and every slot is freed by the login grace time.
//! - **Per source address** (OpenSSH's `PerSourceMaxStartups`): one address holds at most
//!   this many pre-login connections, so a single machine cannot take the slots of everyone
//!   else. IPv6 addresses are counted per /64, the block one machine is usually given.
//! - The **login grace time** is enforced by the SSH layer ([`super::ssh`]) with the
//!   [`Ticket`] of each connection: a connection whose screen has not started when it runs
//!   out is closed.
//!
//! "Pre-login" ends when the connection's screen starts (its shell or exec request was
//! accepted by the service), not at authentication: in the open mode any key authenticates,
//! and a connection that authenticated but never asks for its screen would otherwise be a
//! free slot for ever.
//!
//! [`raise_descriptor_limit`] lifts the soft limit on open files to the hard one at start.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// OpenSSH's `MaxStartups start:rate:full`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MaxStartups {
    pub start: usize,
    /// Percent, 0–100.
    pub rate: u8,
    pub full: usize,
}

impl Default for MaxStartups {
    /// 32:30:128 — OpenSSH's 10:30:100 scaled to a game server where a whole club may
    /// connect in the same second (the load test logs 16 clients in at once). An honest
    /// handshake takes milliseconds, so 32 slots are rarely all busy without an attacker.
    fn default() -> Self {
        MaxStartups {
            start: 32,
            rate: 30,
            full: 128,
        }
    }
}

impl std::fmt::Display for MaxStartups {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}", self.start, self.rate, self.full)
    }
}

impl std::str::FromStr for MaxStartups {
    type Err = String;

    /// `FULL` alone (no early drop), or `START:RATE:FULL` as in OpenSSH.
    fn from_str(text: &str) -> Result<Self, String> {
        let bad = |why: &str| {
            format!("\"{text}\": {why}; write START:RATE:FULL (e.g. 32:30:128) or a single number")
        };
        let numbers: Vec<&str> = text.split(':').collect();
        let number = |s: &str| s.trim().parse::<usize>().map_err(|_| bad("not a number"));
        let m = match numbers.as_slice() {
            [full] => {
                let full = number(full)?;
                MaxStartups {
                    start: full,
                    rate: 100,
                    full,
                }
            }
            [start, rate, full] => {
                let rate = number(rate)?;
                if rate > 100 {
                    return Err(bad("the rate is a percentage, at most 100"));
                }
                MaxStartups {
                    start: number(start)?,
                    rate: rate as u8,
                    full: number(full)?,
                }
            }
            _ => return Err(bad("one or three numbers")),
        };
        if m.full == 0 {
            return Err(bad("FULL must be at least 1"));
        }
        if m.start > m.full {
            return Err(bad("START cannot be more than FULL"));
        }
        Ok(m)
    }
}

/// Why a connection was refused at `accept()`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// `full` pre-login connections are open.
    Full,
    /// Past `start`: dropped at random.
    EarlyDrop,
    /// The address has its `PerSourceMaxStartups` open.
    PerSource,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Refusal::Full => "MaxStartups full",
            Refusal::EarlyDrop => "MaxStartups early drop",
            Refusal::PerSource => "PerSourceMaxStartups reached",
        })
    }
}

/// The pre-login limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartupLimits {
    pub max_startups: MaxStartups,
    /// `None`: no limit per address.
    pub per_source: Option<usize>,
}

impl Default for StartupLimits {
    fn default() -> Self {
        StartupLimits {
            max_startups: MaxStartups::default(),
            per_source: Some(16),
        }
    }
}

#[derive(Default)]
struct Counts {
    /// Open connections whose screen has not started.
    pre_login: usize,
    /// Every open connection.
    open: usize,
    /// Pre-login connections per source (an IPv6 address cut to its /64).
    per_source: HashMap<IpAddr, usize>,
}

/// Counts the connections; hands a [`Ticket`] to each one it lets in.
pub struct Gatekeeper {
    limits: StartupLimits,
    counts: Mutex<Counts>,
    /// The random numbers of the early drop (xorshift64*, seeded from the OS).
    rng: Mutex<u64>,
}

/// The numbers at a moment, for the logs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Census {
    pub pre_login: usize,
    pub open: usize,
}

impl Gatekeeper {
    pub fn new(limits: StartupLimits) -> Arc<Gatekeeper> {
        let mut seed = [0u8; 8];
        // A fixed seed if the OS has no random source: the drop is still spread, only
        // predictable, which costs an attacker nothing he lacks without it.
        let _ = getrandom::fill(&mut seed);
        Arc::new(Gatekeeper {
            limits,
            counts: Mutex::new(Counts::default()),
            rng: Mutex::new(u64::from_le_bytes(seed) | 1),
        })
    }

    pub fn limits(&self) -> StartupLimits {
        self.limits
    }

    /// A number in 0..100.
    fn percent(&self) -> u64 {
        let mut x = self.rng.lock().unwrap_or_else(|p| p.into_inner());
        *x ^= *x >> 12;
        *x ^= *x << 25;
        *x ^= *x >> 27;
        (x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) % 100
    }

    /// A connection from `addr` was accepted: let it in (its ticket counts it until it is
    /// dropped) or say why not.
    pub fn admit(self: &Arc<Self>, addr: IpAddr) -> Result<Ticket, Refusal> {
        self.admit_with(addr, || self.percent())
    }

    fn admit_with(
        self: &Arc<Self>,
        addr: IpAddr,
        percent: impl FnOnce() -> u64,
    ) -> Result<Ticket, Refusal> {
        let source = source_of(addr);
        let m = self.limits.max_startups;
        let mut c = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        if c.pre_login >= m.full {
            return Err(Refusal::Full);
        }
        let from_source = c.per_source.get(&source).copied().unwrap_or(0);
        if self.limits.per_source.is_some_and(|max| from_source >= max) {
            return Err(Refusal::PerSource);
        }
        if c.pre_login >= m.start {
            // OpenSSH's formula: rate% at start, rising linearly to 100% at full.
            let span = (m.full - m.start).max(1) as u64;
            let past = (c.pre_login - m.start) as u64;
            let p = m.rate as u64 + (100 - m.rate as u64) * past / span;
            if percent() < p {
                return Err(Refusal::EarlyDrop);
            }
        }
        c.pre_login += 1;
        c.open += 1;
        *c.per_source.entry(source).or_insert(0) += 1;
        Ok(Ticket {
            gate: self.clone(),
            source,
            started: Arc::new(AtomicBool::new(false)),
        })
    }

    pub fn census(&self) -> Census {
        let c = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        Census {
            pre_login: c.pre_login,
            open: c.open,
        }
    }

    fn leave_pre_login(c: &mut Counts, source: IpAddr) {
        c.pre_login = c.pre_login.saturating_sub(1);
        if let Some(n) = c.per_source.get_mut(&source) {
            *n -= 1;
            if *n == 0 {
                c.per_source.remove(&source);
            }
        }
    }
}

/// The address a limit per source counts: an IPv4 address, or an IPv6 one cut to its /64
/// (an IPv4-mapped IPv6 address is its IPv4 address).
pub fn source_of(addr: IpAddr) -> IpAddr {
    match addr {
        IpAddr::V4(_) => addr,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

/// One admitted connection, counted until it is dropped.
pub struct Ticket {
    gate: Arc<Gatekeeper>,
    source: IpAddr,
    started: Arc<AtomicBool>,
}

impl Ticket {
    /// The connection's screen started: it is no longer pre-login (its slot and its
    /// address's slot are freed; the login grace time no longer applies).
    pub fn started(&self) {
        if !self.started.swap(true, Ordering::SeqCst) {
            let mut c = self.gate.counts.lock().unwrap_or_else(|p| p.into_inner());
            Gatekeeper::leave_pre_login(&mut c, self.source);
        }
    }

    /// A flag that tells, from elsewhere (the grace timer), whether the screen started.
    pub fn started_flag(&self) -> Arc<AtomicBool> {
        self.started.clone()
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut c = self.gate.counts.lock().unwrap_or_else(|p| p.into_inner());
        if !self.started.load(Ordering::SeqCst) {
            Gatekeeper::leave_pre_login(&mut c, self.source);
        }
        c.open = c.open.saturating_sub(1);
    }
}

/// A token bucket: `rate` a second, `burst` at once. Time is given.
#[derive(Clone, Debug)]
pub struct Bucket {
    tokens: f64,
    rate: f64,
    burst: f64,
    last: Option<std::time::Instant>,
}

impl Bucket {
    pub fn new(rate: u32, burst: u32) -> Self {
        Bucket {
            tokens: burst as f64,
            rate: rate as f64,
            burst: burst as f64,
            last: None,
        }
    }

    /// Takes one token at `now`; false when there is none.
    pub fn take(&mut self, now: std::time::Instant) -> bool {
        if let Some(last) = self.last {
            let elapsed = now.saturating_duration_since(last).as_secs_f64();
            self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        }
        self.last = Some(now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Raises the soft limit on open descriptors (`RLIMIT_NOFILE`) to the hard limit, so the
/// server's real bound is the one the administrator set, not the shell's default of 1,024
/// that 1,100 idle sockets once exhausted (issue 25). Returns (before, after), or why not.
pub fn raise_descriptor_limit() -> Result<(u64, u64), std::io::Error> {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes into the struct it is given, which lives on this stack.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    let before = lim.rlim_cur;
    if lim.rlim_cur < lim.rlim_max {
        lim.rlim_cur = lim.rlim_max;
        // SAFETY: setrlimit only reads the struct.
        if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &lim) } != 0 {
            return Err(std::io::Error::last_os_error());
        }
    }
    // rlim_t is u64 here, u32 on 32-bit Linux.
    #[allow(clippy::unnecessary_cast)]
    Ok((before as u64, lim.rlim_cur as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn max_startups_reads_as_openssh_writes_it() {
        assert_eq!(
            "10:30:100".parse::<MaxStartups>().unwrap(),
            MaxStartups {
                start: 10,
                rate: 30,
                full: 100
            }
        );
        assert_eq!(
            "7".parse::<MaxStartups>().unwrap(),
            MaxStartups {
                start: 7,
                rate: 100,
                full: 7
            }
        );
        assert!("10:130:100".parse::<MaxStartups>().is_err());
        assert!("100:30:10".parse::<MaxStartups>().is_err());
        assert!("0".parse::<MaxStartups>().is_err());
        assert!("a:b".parse::<MaxStartups>().is_err());
        assert_eq!(MaxStartups::default().to_string(), "32:30:128");
    }

    #[test]
    fn pre_login_connections_are_capped_in_total_and_freed_by_start_or_close() {
        let g = Gatekeeper::new(StartupLimits {
            max_startups: "3".parse().unwrap(),
            per_source: None,
        });
        let a = g.admit(ip("10.0.0.1")).unwrap();
        let b = g.admit(ip("10.0.0.2")).unwrap();
        let c = g.admit(ip("10.0.0.3")).unwrap();
        assert_eq!(g.admit(ip("10.0.0.4")).err(), Some(Refusal::Full));
        // A started screen frees its pre-login slot but stays open.
        a.started();
        a.started();
        assert_eq!(
            g.census(),
            Census {
                pre_login: 2,
                open: 3
            }
        );
        let d = g.admit(ip("10.0.0.4")).unwrap();
        drop(b);
        drop(a);
        assert_eq!(
            g.census(),
            Census {
                pre_login: 2,
                open: 2
            }
        );
        drop((c, d));
        assert_eq!(
            g.census(),
            Census {
                pre_login: 0,
                open: 0
            }
        );
    }

    #[test]
    fn one_address_holds_at_most_its_share() {
        let g = Gatekeeper::new(StartupLimits {
            max_startups: "100".parse().unwrap(),
            per_source: Some(2),
        });
        let _a = g.admit(ip("192.0.2.7")).unwrap();
        let b = g.admit(ip("192.0.2.7")).unwrap();
        assert_eq!(g.admit(ip("192.0.2.7")).err(), Some(Refusal::PerSource));
        // Another address is not affected; one /64 is one source.
        let _c = g.admit(ip("192.0.2.8")).unwrap();
        let _d = g.admit(ip("2001:db8::1")).unwrap();
        let _e = g.admit(ip("2001:db8::ffff:2")).unwrap();
        assert_eq!(g.admit(ip("2001:db8::3")).err(), Some(Refusal::PerSource));
        assert!(g.admit(ip("2001:db8:0:1::1")).is_ok());
        // An IPv4-mapped address is its IPv4 address.
        assert_eq!(
            g.admit(ip("::ffff:192.0.2.7")).err(),
            Some(Refusal::PerSource)
        );
        b.started();
        assert!(g.admit(ip("192.0.2.7")).is_ok());
    }

    #[test]
    fn past_start_connections_are_dropped_at_a_rising_rate() {
        let g = Gatekeeper::new(StartupLimits {
            max_startups: "2:50:4".parse().unwrap(),
            per_source: None,
        });
        let _a = g.admit_with(ip("10.0.0.1"), || 0).unwrap();
        let _b = g.admit_with(ip("10.0.0.1"), || 0).unwrap();
        // 2 open: p = 50%. A draw of 49 is dropped, 50 is let in.
        assert_eq!(
            g.admit_with(ip("10.0.0.1"), || 49).err(),
            Some(Refusal::EarlyDrop)
        );
        let _c = g.admit_with(ip("10.0.0.1"), || 50).unwrap();
        // 3 open: p = 50 + 50 × 1/2 = 75%.
        assert!(g.admit_with(ip("10.0.0.1"), || 74).is_err());
        let _d = g.admit_with(ip("10.0.0.1"), || 75).unwrap();
        assert_eq!(
            g.admit_with(ip("10.0.0.1"), || 99).err(),
            Some(Refusal::Full)
        );
        // The real generator drops about p of the attempts.
        let g = Gatekeeper::new(StartupLimits {
            max_startups: "0:30:1000".parse().unwrap(),
            per_source: None,
        });
        let dropped = (0..10_000).filter(|_| g.percent() < 30).count();
        assert!((2_700..3_300).contains(&dropped), "{dropped}");
    }

    #[test]
    fn a_bucket_lets_a_burst_through_then_its_rate() {
        let t0 = std::time::Instant::now();
        let mut b = Bucket::new(10, 5);
        assert!((0..5).all(|_| b.take(t0)));
        assert!(!b.take(t0));
        // A tenth of a second: one more.
        let t1 = t0 + std::time::Duration::from_millis(100);
        assert!(b.take(t1));
        assert!(!b.take(t1));
        // A long pause refills to the burst, not beyond.
        let t2 = t1 + std::time::Duration::from_secs(60);
        assert_eq!((0..100).filter(|_| b.take(t2)).count(), 5);
    }

    #[test]
    fn the_descriptor_limit_is_raised_to_the_hard_limit() {
        let (before, after) = raise_descriptor_limit().unwrap();
        assert!(after >= before);
        let mut lim = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        assert_eq!(unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) }, 0);
        assert_eq!(lim.rlim_cur, lim.rlim_max);
    }
}
