//! `escaque adjudicate FILE… [--format text|json] [--jobs N]`: the arbiter's analysis
//! ([`crate::laws::arbiter`]) over whole PGN files.
//!
//! Files are opened by [`crate::laws::pgn::archive`] (plain, zstd, gzip, bzip2, or standard
//! input) and streamed game by game (memory stays bounded whatever their size). With
//! `jobs > 1` a reader thread hands chunks of games over a bounded channel to the workers
//! and the results are written back in file order. A progress bar goes to standard error
//! only when it is a terminal (the caller decides, with `std::io::IsTerminal`). An input
//! damaged on the way stops the run after the games before the damage are written.

use std::collections::{BTreeMap, HashMap};
use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, sync_channel};
use std::sync::{Arc, Mutex};

use crate::core::Notation;
use crate::lang::Lang;
use crate::laws::arbiter::{FindingKind, Review, ReviewOptions, review_read};
use crate::laws::pgn::archive::{self, InputError, Source, Tracker};
use crate::laws::pgn::{self, PgnError, PgnGame};
use crate::speech::batch::{self, SummaryFigures};
use crate::speech::report;

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
    /// The notation of the moves in the text output (the command line's, else the
    /// language's: Spanish letters for `es`). JSON writes English SAN whatever it is.
    pub notation: Notation,
    pub review: ReviewOptions,
    /// Draw a progress bar on the error stream (only when it is a terminal).
    pub progress: bool,
}

/// The workers `--jobs` gives when not told: one per core (1 when the system does not say).
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(256))
}

impl Default for Options {
    /// One worker (the command line's default is [`default_jobs`]).
    fn default() -> Options {
        Options {
            format: Format::Text,
            jobs: 1,
            lang: Lang::En,
            notation: Notation::ENGLISH,
            review: ReviewOptions::default(),
            progress: false,
        }
    }
}

/// The results by the Laws, in the order the summary gives them (`*`: none, the game
/// unfinished or unreadable).
const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// What a run found: the figures of the summary.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub games: usize,
    /// Games whose `Result` tag and the Laws disagree.
    pub disagreements: usize,
    /// Games by their result by the Laws, in the order of `1-0`, `0-1`, `1/2-1/2`, `*`.
    pub results: [usize; 4],
    /// Games by the article of their result by the Laws (number), every article present
    /// only when it decided a game.
    pub articles: BTreeMap<&'static str, usize>,
    /// Findings by kind (JSON name), every kind present only when found.
    pub findings: BTreeMap<&'static str, usize>,
    /// Bytes of input read (compressed bytes, for a compressed file).
    pub bytes: u64,
}

/// Orders article numbers as the Laws do: `5.2.2` before `6.9` before `10.1`, the
/// appendices (`A.4`) after the articles.
fn article_order(a: &str, b: &str) -> std::cmp::Ordering {
    fn key(s: &str) -> Vec<(u8, u64, &str)> {
        s.split('.')
            .map(|p| p.parse::<u64>().map_or((1, 0, p), |n| (0, n, "")))
            .collect()
    }
    key(a).cmp(&key(b))
}

impl Summary {
    fn add(&mut self, other: &Summary) {
        self.games += other.games;
        self.disagreements += other.disagreements;
        for (mine, theirs) in self.results.iter_mut().zip(other.results) {
            *mine += theirs;
        }
        for (a, n) in &other.articles {
            *self.articles.entry(a).or_default() += n;
        }
        for (k, n) in &other.findings {
            *self.findings.entry(k).or_default() += n;
        }
    }

    fn count(&mut self, review: &Review) {
        self.games += 1;
        if !review.agrees {
            self.disagreements += 1;
        }
        let result = review.result_by_laws.map_or("*", |r| r.pgn());
        if let Some(i) = RESULTS.iter().position(|&r| r == result) {
            self.results[i] += 1;
        }
        if let (Some(_), Some(a)) = (review.result_by_laws, review.article) {
            *self.articles.entry(a.number()).or_default() += 1;
        }
        // Finding by finding: most games have none. (Counted kind by kind, every kind
        // looked for in every game's findings, it cost 1.7 M more instructions of the
        // 726 M of the real games.)
        for f in &review.findings {
            *self.findings.entry(f.kind.name()).or_default() += 1;
        }
    }

    /// The articles in the order of the Laws.
    fn articles_in_order(&self) -> Vec<(&'static str, usize)> {
        let mut v: Vec<_> = self.articles.iter().map(|(a, n)| (*a, *n)).collect();
        v.sort_by(|x, y| article_order(x.0, y.0));
        v
    }

    /// The summary as the last line of the JSON output.
    pub fn json(&self) -> String {
        let results: serde_json::Map<String, serde_json::Value> = RESULTS
            .iter()
            .zip(self.results)
            .map(|(r, n)| (r.to_string(), n.into()))
            .collect();
        serde_json::json!({
            "summary": {
                "games": self.games,
                "disagreements": self.disagreements,
                "results": results,
                "articles": self.articles,
                "findings": self.findings,
            }
        })
        .to_string()
    }

    /// The summary in words (two lines, without the last line break).
    pub fn text(&self, lang: Lang) -> String {
        let findings: Vec<(FindingKind, usize)> = FindingKind::ALL
            .iter()
            .filter_map(|k| self.findings.get(k.name()).map(|n| (*k, *n)))
            .collect();
        let results: Vec<(&str, usize)> = RESULTS.iter().copied().zip(self.results).collect();
        batch::summary(
            lang,
            &SummaryFigures {
                games: self.games,
                disagreements: self.disagreements,
                findings: &findings,
                results: &results,
                articles: &self.articles_in_order(),
            },
        )
    }
}

/// Why a run stopped.
#[derive(Debug, thiserror::Error)]
pub enum AdjudicateError {
    /// An input could not be opened, or was damaged on the way (the games before the
    /// damage are written). The words are [`batch::input_error`]'s, in English here.
    #[error("{}", batch::input_error(Lang::En, .0))]
    Input(InputError),
    #[error("could not write the output: {0}")]
    Write(#[from] io::Error),
}

/// One game's lines of output, with their line break, at the end of `out`.
fn render_into(out: &mut Vec<u8>, review: &Review, file: &str, opts: &Options) {
    match opts.format {
        Format::Json => report::json_line_into(out, review, Some(file), opts.lang),
        Format::Text => {
            let entry = report::batch_entry(review, file, opts.lang, opts.notation);
            out.extend_from_slice(entry.as_bytes())
        }
    }
    out.push(b'\n');
}

/// Adjudicates every game of `paths` (`-`: standard input), in order, writing to `out` (and
/// the progress bar to `err`). Every input is opened first: one that cannot be opened stops
/// the run before any output. An input damaged on the way (a truncated or corrupt
/// compressed file, a read error) stops the run after the games before the damage.
pub fn adjudicate_files(
    paths: &[PathBuf],
    opts: &Options,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<Summary, AdjudicateError> {
    // Files are opened again in their turn (not all kept open); standard input, which can
    // be read once, is kept.
    let mut kept: Vec<Option<Source>> = Vec::with_capacity(paths.len());
    let mut total = Some(0u64);
    for path in paths {
        let source = archive::open(path).map_err(AdjudicateError::Input)?;
        total = total.zip(source.tracker().size()).map(|(t, s)| t + s);
        kept.push(source.is_stdin().then_some(source));
    }
    // The lines go out a chunk of games at a time (see `adjudicate_games`), not one system
    // call each.
    let mut out = io::BufWriter::with_capacity(1 << 16, out);
    let mut summary = Summary::default();
    let mut done = 0u64;
    for (path, kept) in paths.iter().zip(kept) {
        let source = match kept {
            Some(source) => source,
            None => archive::open(path).map_err(AdjudicateError::Input)?,
        };
        let tracker = source.tracker().clone();
        let mut bar = Progress {
            on: opts.progress,
            lang: opts.lang,
            total,
            done,
            tracker: tracker.clone(),
            last: u64::MAX,
        };
        let s = adjudicate_games(
            source.games(),
            tracker.path(),
            opts,
            &mut out,
            &mut |games| {
                bar.draw(err, games);
            },
        )?;
        done += tracker.bytes();
        summary.add(&s);
        summary.bytes = done;
        if let Some(e) = tracker.failure() {
            bar.clear(err);
            out.flush()?;
            return Err(AdjudicateError::Input(e));
        }
    }
    if opts.progress {
        let _ = write!(err, "\r{:70}\r", "");
    }
    match opts.format {
        Format::Json => writeln!(out, "{}", summary.json())?,
        Format::Text => writeln!(out, "{}", summary.text(opts.lang))?,
    }
    out.flush()?;
    Ok(summary)
}

/// The progress bar: the bytes of the files taken (compressed bytes, for compressed ones)
/// against their sizes; without a size (a pipe), the megabytes taken.
struct Progress {
    on: bool,
    lang: Lang,
    /// The bytes of all the inputs, when every size is known.
    total: Option<u64>,
    /// The bytes of the inputs before this one.
    done: u64,
    tracker: Tracker,
    /// What was last drawn (the percentage, or the megabytes).
    last: u64,
}

impl Progress {
    fn draw(&mut self, err: &mut dyn Write, games: usize) {
        if !self.on || self.total == Some(0) {
            return;
        }
        let read = self.done + self.tracker.bytes();
        let (shown, percent) = match self.total {
            Some(total) => {
                let pct = (read.saturating_mul(100) / total).min(100);
                (pct, Some(pct))
            }
            None => (read >> 20, None),
        };
        if shown == self.last {
            return;
        }
        self.last = shown;
        // A bar of 20 steps when the size is known; for a pipe, the count alone.
        let bar = percent.map_or(String::new(), |p| {
            let filled = (p / 5) as usize;
            format!("[{}{}] ", "#".repeat(filled), " ".repeat(20 - filled))
        });
        let _ = write!(
            err,
            "\r{bar}{}",
            batch::progress(self.lang, percent, games, read >> 20)
        );
        let _ = err.flush();
    }

    fn clear(&self, err: &mut dyn Write) {
        if self.on {
            let _ = write!(err, "\r{:70}\r", "");
            let _ = err.flush();
        }
    }
}

type Item = Result<PgnGame, PgnError>;

/// A numbered chunk of games, as the reader hands it to the workers.
type Chunk = (usize, Vec<Item>);

fn review_item(item: Item, opts: &Options) -> Review {
    // Only the findings and the facts are written, in one language: no per-ply record for
    // a screen.
    review_read(
        item,
        &ReviewOptions {
            plies: false,
            ..opts.review
        },
    )
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
    adjudicate_games(pgn::Reader::new(input), name, opts, out, tick)
}

/// [`adjudicate_reader`] over games already read (as [`archive::Source::games`] gives
/// them, up to the end or the damage of the input).
pub fn adjudicate_games(
    games: impl Iterator<Item = Item> + Send,
    name: &str,
    opts: &Options,
    out: &mut dyn Write,
    tick: &mut dyn FnMut(usize),
) -> Result<Summary, AdjudicateError> {
    let mut summary = Summary::default();
    let reader = games;
    if opts.jobs <= 1 {
        // One buffer for every line.
        let mut text = Vec::with_capacity(4096);
        for (i, item) in reader.enumerate() {
            let review = review_item(item, opts);
            summary.count(&review);
            text.clear();
            render_into(&mut text, &review, name, opts);
            // Its tags' texts serve the next game the reader reads on this thread.
            review.recycle();
            out.write_all(&text)?;
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
        let (done_tx, done_rx) = sync_channel::<(usize, Vec<u8>, Summary)>(in_flight);
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
                    let mut text = Vec::new();
                    let mut s = Summary::default();
                    for item in items {
                        let review = review_item(item, opts);
                        s.count(&review);
                        render_into(&mut text, &review, name, opts);
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
        let mut waiting: HashMap<usize, (Vec<u8>, Summary)> = HashMap::new();
        let mut next = 0;
        let mut failed = None;
        for (n, text, s) in done_rx {
            waiting.insert(n, (text, s));
            while let Some((text, s)) = waiting.remove(&next) {
                if failed.is_none() {
                    if let Err(e) = out.write_all(&text).and_then(|()| out.flush()) {
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
