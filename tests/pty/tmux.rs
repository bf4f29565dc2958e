//! A real terminal for the end-to-end tests: tmux as the PTY driver.
//!
//! Each test gets its own tmux server (`tmux -L <unique name>`), an 80 × 24 window with no
//! status bar, and a [`Sandbox`]: a fresh temporary directory with the data dir and the
//! config file, passed to escaque on its command line (`env ESCAQUE_DATA_DIR=…
//! ESCAQUE_CONFIG=… LANG=… TERM=…`), so nothing of the person running the tests is read or
//! written. How a program ended is reported by a shell around it (`echo $?`), not by tmux:
//! tmux 3.3a does not always fill in `#{pane_dead_signal}` for a killed pane.
//!
//! Waiting is polling: the screen (or a file) is read until the expected text is there or a
//! generous deadline passes. The deadline only stops a hung test; nothing is timed.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How long a wait may last before the test is declared hung.
pub const DEADLINE: Duration = Duration::from_secs(45);
/// How often the screen or a file is read while waiting.
const POLL: Duration = Duration::from_millis(25);

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A name unique to this process and call (sockets, directories).
fn unique(test: &str) -> String {
    format!(
        "escaque-pty-{test}-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::SeqCst)
    )
}

/// Whether the tests can run: `true` when tmux is installed. Without it, a failure when CI
/// asks for every test (`ESCAQUE_REQUIRE_SHARED=1`, or `CI` set), else a note and `false`.
pub fn tmux_available(test: &str) -> bool {
    let found = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if found {
        return true;
    }
    let required = std::env::var("ESCAQUE_REQUIRE_SHARED").as_deref() == Ok("1")
        || std::env::var("CI").is_ok_and(|v| !v.is_empty());
    if required {
        panic!(
            "{test}: tmux is not installed, and the PTY tests need it to drive a real terminal \
             (install it: apt-get install tmux; .ci/run does)"
        );
    }
    eprintln!("note: skipping {test}: tmux is not installed (apt-get install tmux)");
    false
}

/// Quotes `s` for `sh`.
pub fn sh_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// A fresh directory for one test: `data/` (ESCAQUE_DATA_DIR), `config.toml`
/// (ESCAQUE_CONFIG, absent unless written), the tmux configuration. Removed at the end,
/// kept (and named) when the test fails.
pub struct Sandbox {
    pub root: PathBuf,
}

impl Sandbox {
    pub fn new(test: &str) -> Sandbox {
        let root = std::env::temp_dir().join(unique(test));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("data")).expect("temp dir");
        Sandbox { root }
    }

    pub fn data_dir(&self) -> PathBuf {
        self.root.join("data")
    }

    pub fn config(&self) -> PathBuf {
        self.root.join("config.toml")
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.root.join(name)
    }

    pub fn write_config(&self, text: &str) {
        std::fs::write(self.config(), text).expect("write config");
    }

    /// `env …` that runs escaque with `args` in this sandbox, in the locale `lang`
    /// (`en_US.UTF-8`, `es_ES.UTF-8`), for a shell command line.
    pub fn escaque(&self, lang: &str, args: &str) -> String {
        format!(
            "env -u LC_ALL -u LC_CTYPE -u LC_MESSAGES -u NO_COLOR ESCAQUE_DATA_DIR={} ESCAQUE_CONFIG={} \
             LANG={lang} TERM=screen-256color {} {args}",
            sh_quote(&self.data_dir().to_string_lossy()),
            sh_quote(&self.config().to_string_lossy()),
            sh_quote(env!("CARGO_BIN_EXE_escaque")),
        )
    }

    /// The autosave file of this sandbox's data dir.
    pub fn autosave(&self) -> PathBuf {
        self.data_dir().join("autosave").join("current.pgn")
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("the test's files are kept in {}", self.root.display());
        } else {
            let _ = std::fs::remove_dir_all(&self.root);
        }
    }
}

/// One tmux server with one 80 × 24 pane running a shell command. The server (and what
/// runs in it) is killed when this is dropped.
pub struct Term {
    socket: String,
    /// The socket file, removed at the end (tmux leaves it behind).
    socket_path: Option<PathBuf>,
}

impl Term {
    /// Starts `command` (run by `/bin/sh -c`) in a new detached session.
    pub fn start(sandbox: &Sandbox, test: &str, command: &str) -> Term {
        let socket = unique(test);
        let conf = sandbox.path(&format!("{socket}.conf"));
        std::fs::write(&conf, "set -g default-shell /bin/sh\nset -g status off\n")
            .expect("write tmux.conf");
        let mut term = Term {
            socket,
            socket_path: None,
        };
        let conf = conf.to_string_lossy().into_owned();
        let out = term.run_raw(&[
            "-f",
            &conf,
            "new-session",
            "-d",
            "-x",
            "80",
            "-y",
            "24",
            "-s",
            "t",
            command,
        ]);
        assert!(
            out.status.success(),
            "tmux new-session failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        term.socket_path = Some(PathBuf::from(term.display("#{socket_path}")));
        term
    }

    fn run_raw(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .args(["-u", "-L", &self.socket])
            .args(args)
            .env("LANG", "C.UTF-8")
            .env_remove("TMUX")
            .output()
            .expect("tmux runs")
    }

    fn run(&self, args: &[&str]) -> String {
        let out = self.run_raw(args);
        assert!(
            out.status.success(),
            "tmux {args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Copies everything the pane's program writes, as bytes, to `file` (`pipe-pane`).
    pub fn record(&self, file: &Path) {
        let cat = format!("cat > {}", sh_quote(&file.to_string_lossy()));
        self.run(&["pipe-pane", "-t", "t", &cat]);
    }

    /// Key names as tmux knows them (`Enter`, `Up`, `q`).
    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "t"];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    /// Literal text, as if typed.
    pub fn type_text(&self, text: &str) {
        self.run(&["send-keys", "-t", "t", "-l", text]);
    }

    /// A line typed and Enter.
    pub fn type_line(&self, text: &str) {
        self.type_text(text);
        self.keys(&["Enter"]);
    }

    /// The screen as text, one line per row, trailing blanks trimmed.
    pub fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "t"])
    }

    /// The screen with its attributes as escape sequences (`capture-pane -e`).
    pub fn screen_with_escapes(&self) -> String {
        self.run(&["capture-pane", "-p", "-e", "-t", "t"])
    }

    /// Changes the window's size (the program gets SIGWINCH).
    pub fn resize(&self, width: u16, height: u16) {
        let (w, h) = (width.to_string(), height.to_string());
        self.run(&["resize-window", "-t", "t", "-x", &w, "-y", &h]);
    }

    /// A tmux format about the pane (`#{alternate_on}`, `#{cursor_flag}`, `#{pane_pid}`).
    pub fn display(&self, format: &str) -> String {
        self.run(&["display-message", "-p", "-t", "t", format])
            .trim_end()
            .to_string()
    }

    /// Reads the screen until `pred` holds; the screen that satisfied it.
    pub fn wait_screen(&self, what: &str, pred: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if pred(&screen) {
                return screen;
            }
            if start.elapsed() > DEADLINE {
                panic!("waited {DEADLINE:?} for {what}; the screen is:\n{screen}");
            }
            std::thread::sleep(POLL);
        }
    }

    /// Reads the screen until a row is exactly `line` (trailing blanks aside).
    pub fn wait_line(&self, line: &str) -> String {
        self.wait_screen(&format!("the line {line:?}"), |s| has_line(s, line))
    }

    /// Reads the screen until it contains `text`.
    pub fn wait_text(&self, text: &str) -> String {
        self.wait_screen(&format!("the text {text:?}"), |s| s.contains(text))
    }
}

impl Drop for Term {
    fn drop(&mut self) {
        let _ = self.run_raw(&["kill-server"]);
        if let Some(path) = &self.socket_path {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// Whether a row of `screen` is exactly `line` (trailing blanks aside).
pub fn has_line(screen: &str, line: &str) -> bool {
    screen.lines().any(|l| l.trim_end() == line)
}

/// Polls `pred` until it holds or the deadline passes.
pub fn wait_until(what: &str, mut pred: impl FnMut() -> bool) {
    let start = Instant::now();
    while !pred() {
        if start.elapsed() > DEADLINE {
            panic!("waited {DEADLINE:?} for {what}");
        }
        std::thread::sleep(POLL);
    }
}

/// The lines of a transcript file written by the line mode, the prompts (`> `) taken off;
/// empty until the file exists.
pub fn transcript(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .map(|l| {
            let mut l = l;
            while let Some(rest) = l.strip_prefix("> ") {
                l = rest;
            }
            l.to_string()
        })
        .filter(|l| !l.is_empty() && l != ">")
        .collect()
}
