//! The server's log: `tracing` events written as lines to standard error, where a server
//! started in a console shows them (standard output is left alone).
//!
//! What is logged is chosen by `--log-level` (a level, `info` by default, or any `RUST_LOG`
//! directive such as `escaque=debug`); without `--log-level`, by `RUST_LOG`.
//!
//! The lines are written to descriptor 2 directly, not through `std::io::stderr()`:
//! `main` holds the lock of `stderr()` for the whole run of a command (it hands
//! `stderr.lock()` to `cli::run`), and a worker thread that wrote through it would wait
//! for ever.

use std::io::{self, Write};

use tracing_subscriber::EnvFilter;

/// Standard error, written with `write(2)` and no lock of the standard library's.
#[derive(Clone, Copy, Debug, Default)]
pub struct RawStderr;

impl Write for RawStderr {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        loop {
            // SAFETY: write(2) reads `buf.len()` bytes from a live slice; descriptor 2 is
            // never closed by this program.
            let n = unsafe { libc::write(2, buf.as_ptr().cast(), buf.len()) };
            if n >= 0 {
                return Ok(n as usize);
            }
            // A log nobody reads (standard error closed: a pipe whose reader went, as
            // the tests that read only the first line) is dropped, not an error:
            // tracing-subscriber reports a failed write with `eprintln!`, which panics
            // on a closed standard error and would end the server.
            if io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
                return Ok(buf.len());
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Where a log filter came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FilterSource {
    /// `--log-level`.
    Option,
    /// `RUST_LOG`.
    Env,
    /// `info`, when neither says.
    Default,
}

/// A log level or directive that cannot be read: where it came from, the text, and
/// `tracing`'s words for what is wrong. `speech::operator::log_filter` words it; `Display`
/// is English.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{} \"{text}\": {detail}; write a level (error, warn, info, debug, trace) or directives \
     such as escaque=debug",
    match .from {
        FilterSource::Option => "--log-level",
        FilterSource::Env => "RUST_LOG",
        FilterSource::Default => "the default",
    }
)]
pub struct FilterError {
    pub from: FilterSource,
    pub text: String,
    pub detail: String,
}

/// The filter: `level` when given (a level or directives), else `RUST_LOG`, else `info`.
/// A directive that cannot be read is an error that quotes it.
pub fn filter(level: Option<&str>) -> Result<EnvFilter, FilterError> {
    let from_env = std::env::var("RUST_LOG")
        .ok()
        .filter(|s| !s.trim().is_empty());
    let (text, source) = match (level, from_env) {
        (Some(l), _) => (l.to_string(), FilterSource::Option),
        (None, Some(e)) => (e, FilterSource::Env),
        (None, None) => ("info".to_string(), FilterSource::Default),
    };
    EnvFilter::try_new(&text).map_err(|e| FilterError {
        from: source,
        text: text.clone(),
        detail: e.to_string(),
    })
}

/// Sends this process's `tracing` events to standard error. Called once, when the server
/// starts; a second call (tests running servers in one process) keeps the first.
pub fn init(level: Option<&str>) -> Result<(), FilterError> {
    let filter = filter(level)?;
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(|| RawStderr)
        .with_ansi(false)
        .try_init();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_level_is_an_error_that_quotes_it() {
        assert!(filter(Some("debug")).is_ok());
        assert!(filter(Some("escaque::net=trace,warn")).is_ok());
        let e = filter(Some("escaque=loud")).unwrap_err().to_string();
        assert!(e.starts_with("--log-level \"escaque=loud\""), "{e}");
    }
}
