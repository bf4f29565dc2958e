//! `escaque adjudicate FILE… [--format text|json] [--jobs N]`: the arbiter's analysis
//! ([`crate::laws::arbiter`]) over whole PGN files.
//!
//! Files are streamed game by game (memory stays bounded whatever their size). With
//! `jobs > 1` a reader thread hands chunks of games over a bounded channel to the workers
//! and the results are written back in file order. A progress bar goes to standard error
//! only when it is a terminal (the caller decides, with `std::io::IsTerminal`).

use std::collections::{BTreeMap, HashMap};
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, sync_channel};
use std::sync::{Arc, Mutex};

use crate::lang::Lang;
use crate::laws::arbiter::{FindingKind, Review, ReviewOptions, review_owned, review_unreadable};
use crate::laws::pgn::{self, PgnError, PgnGame};

/// Games per unit of work handed to a worker.
const CHUNK: usize = 32;

/// How the results are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Format {
    /// One line per game for people, then a summary.
    #[default]
    Text,
    /// JSON Lines: one object per game, then `{"summary": …}`.
    Json,
}

/// What `adjudicate` does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub format: Format,
    /// Worker threads (1: everything on the calling thread).
    pub jobs: usize,
    /// The language of the findings' sentences and of the text output.
    pub lang: Lang,
    pub review: ReviewOptions,
    /// Draw a progress bar on the error stream (only when it is a terminal).
    pub progress: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            format: Format::Text,
            jobs: 1,
            lang: Lang::En,
            review: ReviewOptions::default(),
            progress: false,
        }
    }
}

/// What a run found: the figures of the summary.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub games: usize,
    /// Games whose `Result` tag and the Laws disagree.
    pub disagreements: usize,
    /// Findings by kind (JSON name), every kind present only when found.
    pub findings: BTreeMap<&'static str, usize>,
    /// Bytes of input read.
    pub bytes: u64,
}

impl Summary {
    fn add(&mut self, other: &Summary) {
        self.games += other.games;
        self.disagreements += other.disagreements;
        for (k, n) in &other.findings {
            *self.findings.entry(k).or_default() += n;
        }
    }

    fn count(&mut self, review: &Review) {
        self.games += 1;
        if !review.agrees {
            self.disagreements += 1;
        }
        for (kind, n) in review.counts() {
            *self.findings.entry(kind.name()).or_default() += n;
        }
    }

    /// The summary as the last line of the JSON output.
    pub fn json(&self) -> String {
        serde_json::json!({
            "summary": {
                "games": self.games,
                "disagreements": self.disagreements,
                "findings": self.findings,
            }
        })
        .to_string()
    }

    /// The summary in words.
    pub fn text(&self, lang: Lang) -> String {
        let kinds: Vec<String> = FindingKind::ALL
            .iter()
            .filter_map(|k| {
                self.findings
                    .get(k.name())
                    .map(|n| format!("{} {n}", k.label(lang)))
            })
            .collect();
        let kinds = if kinds.is_empty() {
            lang.pick("ninguno", "none").to_string()
        } else {
            kinds.join(", ")
        };
        let (n, d) = (self.games, self.disagreements);
        match lang {
            Lang::Es => format!(
                "{n} {}, {d} con resultado discrepante; hallazgos: {kinds}",
                if n == 1 { "partida" } else { "partidas" }
            ),
            Lang::En => format!(
                "{n} {}, {d} {} with {} result tag; findings: {kinds}",
                if n == 1 { "game" } else { "games" },
                if d == 1 { "disagrees" } else { "disagree" },
                if n == 1 { "its" } else { "their" }
            ),
        }
    }
}

/// Why a run stopped.
#[derive(Debug, thiserror::Error)]
pub enum AdjudicateError {
    #[error("cannot read {path}: {error}")]
    Read { path: String, error: io::Error },
    #[error("could not write the output: {0}")]
    Write(#[from] io::Error),
}

/// One game's lines of output, ready to write.
fn render(review: &Review, file: &str, opts: &Options) -> String {
    match opts.format {
        Format::Json => review.json_line(Some(file), opts.lang),
        Format::Text => {
            let lang = opts.lang;
            let mut s = format!(
                "{file} {} {}: {} - {}, {} {}, {} {}",
                lang.pick("partida", "game"),
                review.index,
                review.tag("White").unwrap_or("?"),
                review.tag("Black").unwrap_or("?"),
                lang.pick("anotado", "tag"),
                review.result_tag(),
                lang.pick("según las Leyes", "by the Laws"),
                review.verdict(lang),
            );
            s.push_str(if review.agrees {
                ""
            } else {
                lang.pick(" — NO COINCIDE", " — DISAGREES")
            });
            for f in &review.findings {
                s.push_str("\n  ");
                s.push_str(&review.finding_line(f, lang));
            }
            s
        }
    }
}

/// A reader that counts the bytes it hands on (for the progress bar and MB/s).
struct Counting<R> {
    inner: R,
    count: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

fn open(path: &Path) -> Result<File, AdjudicateError> {
    File::open(path).map_err(|error| AdjudicateError::Read {
        path: path.display().to_string(),
        error,
    })
}

/// Adjudicates every game of `paths`, in order, writing to `out` (and the progress bar to
/// `err`). Every file is opened first: one that cannot be read stops the run before any
/// output.
pub fn adjudicate_files(
    paths: &[PathBuf],
    opts: &Options,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<Summary, AdjudicateError> {
    let mut sizes = Vec::with_capacity(paths.len());
    for path in paths {
        let file = open(path)?;
        let len = file.metadata().map(|m| m.len()).unwrap_or(0);
        if file.metadata().is_ok_and(|m| m.is_dir()) {
            return Err(AdjudicateError::Read {
                path: path.display().to_string(),
                error: io::Error::other("it is a directory, not a PGN file"),
            });
        }
        sizes.push(len);
    }
    let total: u64 = sizes.iter().sum();
    // The lines go out a chunk of games at a time (see `adjudicate_reader`), not one
    // system call each.
    let mut out = io::BufWriter::with_capacity(1 << 16, out);
    let mut summary = Summary::default();
    let mut done = 0u64;
    for path in paths {
        let count = Arc::new(AtomicU64::new(0));
        let input = BufReader::with_capacity(
            1 << 16,
            Counting {
                inner: open(path)?,
                count: count.clone(),
            },
        );
        let name = path.display().to_string();
        let mut bar = Progress {
            on: opts.progress,
            total,
            done,
            count: count.clone(),
            last: u64::MAX,
        };
        let s = adjudicate_reader(input, &name, opts, &mut out, &mut |games| {
            bar.draw(err, games);
        })?;
        done += count.load(Ordering::Relaxed);
        summary.add(&s);
        summary.bytes = done;
    }
    if opts.progress {
        let _ = write!(err, "\r{:60}\r", "");
    }
    match opts.format {
        Format::Json => writeln!(out, "{}", summary.json())?,
        Format::Text => writeln!(out, "{}", summary.text(opts.lang))?,
    }
    out.flush()?;
    Ok(summary)
}

struct Progress {
    on: bool,
    total: u64,
    done: u64,
    count: Arc<AtomicU64>,
    last: u64,
}

impl Progress {
    fn draw(&mut self, err: &mut dyn Write, games: usize) {
        if !self.on || self.total == 0 {
            return;
        }
        let read = self.done + self.count.load(Ordering::Relaxed);
        let pct = (read * 100 / self.total).min(100);
        if pct == self.last {
            return;
        }
        self.last = pct;
        let filled = (pct / 5) as usize;
        let _ = write!(
            err,
            "\r[{}{}] {pct:3}% {games} games",
            "#".repeat(filled),
            " ".repeat(20 - filled)
        );
        let _ = err.flush();
    }
}

type Item = Result<PgnGame, PgnError>;

/// A numbered chunk of games, as the reader hands it to the workers.
type Chunk = (usize, Vec<Item>);

fn review_item(item: Item, opts: &Options) -> Review {
    match item {
        // Only the findings and the facts are written, in one language: no per-ply record
        // for a screen.
        Ok(game) => review_owned(
            game,
            &ReviewOptions {
                plies: false,
                lang: Some(opts.lang),
                ..opts.review
            },
        ),
        Err(e) => review_unreadable(&e),
    }
}

/// Adjudicates the games of one input named `name`, writing one result per game in file
/// order; `tick` is called with the number of games done so far after each chunk. The
/// summary line is not written (see [`adjudicate_files`]).
pub fn adjudicate_reader(
    input: impl BufRead + Send,
    name: &str,
    opts: &Options,
    out: &mut dyn Write,
    tick: &mut dyn FnMut(usize),
) -> Result<Summary, AdjudicateError> {
    let mut summary = Summary::default();
    let reader = pgn::Reader::new(input);
    if opts.jobs <= 1 {
        for (i, item) in reader.enumerate() {
            let review = review_item(item, opts);
            summary.count(&review);
            let mut text = render(&review, name, opts);
            text.push('\n');
            out.write_all(text.as_bytes())?;
            if (i + 1) % CHUNK == 0 {
                out.flush()?;
                tick(i + 1);
            }
        }
        tick(summary.games);
        return Ok(summary);
    }
    let jobs = opts.jobs;
    std::thread::scope(|scope| -> Result<Summary, AdjudicateError> {
        // Bounded memory: the reader takes a permit for each chunk it reads and the writer
        // gives it back once the chunk is written, so at most `4 × jobs` chunks are read,
        // being worked on, or waiting for their turn to be written.
        let in_flight = 4 * jobs;
        let (permit_tx, permit_rx) = sync_channel::<()>(in_flight);
        for _ in 0..in_flight {
            let _ = permit_tx.send(());
        }
        let (work_tx, work_rx) = sync_channel::<Chunk>(in_flight);
        let (done_tx, done_rx) = sync_channel::<(usize, String, Summary)>(in_flight);
        let work_rx = Arc::new(Mutex::new(work_rx));
        scope.spawn(move || {
            let mut chunk = Vec::with_capacity(CHUNK);
            let mut n = 0;
            if permit_rx.recv().is_err() {
                return;
            }
            for item in reader {
                chunk.push(item);
                if chunk.len() == CHUNK {
                    if work_tx.send((n, std::mem::take(&mut chunk))).is_err() {
                        return;
                    }
                    n += 1;
                    // The permit for the next chunk.
                    if permit_rx.recv().is_err() {
                        return;
                    }
                }
            }
            if !chunk.is_empty() {
                let _ = work_tx.send((n, chunk));
            }
        });
        for _ in 0..jobs {
            let work_rx: Arc<Mutex<Receiver<Chunk>>> = work_rx.clone();
            let done_tx = done_tx.clone();
            scope.spawn(move || {
                loop {
                    let next = work_rx.lock().map(|rx| rx.recv());
                    let Ok(Ok((n, items))) = next else { return };
                    let mut text = String::new();
                    let mut s = Summary::default();
                    for item in items {
                        let review = review_item(item, opts);
                        s.count(&review);
                        text.push_str(&render(&review, name, opts));
                        text.push('\n');
                    }
                    if done_tx.send((n, text, s)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(done_tx);
        drop(work_rx);
        // Write in file order: chunks that arrive early wait (at most a few: the channels
        // are bounded).
        let mut waiting: HashMap<usize, (String, Summary)> = HashMap::new();
        let mut next = 0;
        let mut failed = None;
        for (n, text, s) in done_rx {
            waiting.insert(n, (text, s));
            while let Some((text, s)) = waiting.remove(&next) {
                if failed.is_none() {
                    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                        failed = Some(e);
                    }
                }
                summary.add(&s);
                next += 1;
                let _ = permit_tx.try_send(());
                tick(summary.games);
            }
            if failed.is_some() {
                // Stop the workers: dropping the receiver makes their sends fail.
                break;
            }
        }
        match failed {
            Some(e) => Err(e.into()),
            None => Ok(summary),
        }
    })
}
