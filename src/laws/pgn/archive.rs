//! PGN input as it is published: a plain file, one compressed with zstd (lichess's monthly
//! databases, `.pgn.zst`), gzip (`.pgn.gz`) or bzip2 (`.pgn.bz2`), or standard input (`-`),
//! each read as a stream. `adjudicate` and `pgn check` both open their inputs here.
//!
//! The compression is told by the first bytes (each format's signature), whatever the name:
//! a compressed file with a wrong name is still read. A name that promises a compression
//! the bytes do not start with is an error. Concatenated zstd frames, gzip members and bzip2
//! streams (as `pzstd`, `pigz`, `pbzip2` write them) are read one after the other.
//!
//! What was read, and what went wrong where, is kept in a [`Tracker`]: the compressed bytes
//! the decoder has taken (the progress bar's count, and the byte offset of damage) and the
//! first failure. [`Source::games`] reads the games and stops at the first failure, so the
//! games before the damage are reported and the caller then reports the damage
//! ([`Tracker::failure`]). Memory stays bounded: 64 KiB buffers, the decoder's own state (a
//! zstd window of at most 128 MiB, zstd's default limit, 8 MiB for files written by
//! `zstd -19`; 32 KiB for gzip; under 4 MiB for bzip2) and the PGN reader's per-game limit.
//!
//! Decoders: the crates `zstd` (the reference C library), `flate2` (its Rust back end,
//! miniz_oxide) and `bzip2` (its Rust back end, libbz2-rs-sys).

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::{PgnError, PgnErrorKind, PgnGame, Reader};

/// The name that means standard input.
pub const STDIN: &str = "-";

/// The size of the read buffers.
const BUF: usize = 1 << 16;

/// How many bytes the signatures need.
const HEAD: usize = 10;

/// How the bytes of an input are compressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Compression {
    Plain,
    Zstd,
    Gzip,
    Bzip2,
}

impl Compression {
    /// The format's usual name: `zstd`, `gzip`, `bzip2` (`plain` for none).
    pub fn name(self) -> &'static str {
        match self {
            Compression::Plain => "plain",
            Compression::Zstd => "zstd",
            Compression::Gzip => "gzip",
            Compression::Bzip2 => "bzip2",
        }
    }

    /// What a file's name says: `.zst`/`.zstd`, `.gz`/`.gzip`, `.bz2`/`.bzip2` (any case);
    /// plain otherwise.
    pub fn of_name(path: &Path) -> Compression {
        let ext = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase())
            .unwrap_or_default();
        match ext.as_str() {
            "zst" | "zstd" => Compression::Zstd,
            "gz" | "gzip" => Compression::Gzip,
            "bz2" | "bzip2" => Compression::Bzip2,
            _ => Compression::Plain,
        }
    }

    /// What the first bytes say (all of them when the input is shorter than 10 bytes):
    /// a zstd frame or skippable frame, a gzip member of deflate data, a bzip2 stream (its
    /// `BZh` and block size followed by a block's or the end's signature); plain otherwise.
    pub fn of_bytes(head: &[u8]) -> Compression {
        match head {
            [0x28, 0xb5, 0x2f, 0xfd, ..] => Compression::Zstd,
            [b, 0x2a, 0x4d, 0x18, ..] if b & 0xf0 == 0x50 => Compression::Zstd,
            [0x1f, 0x8b, 0x08, ..] => Compression::Gzip,
            [b'B', b'Z', b'h', b'1'..=b'9', rest @ ..]
                if rest.starts_with(&[0x31, 0x41, 0x59, 0x26, 0x53, 0x59])
                    || rest.starts_with(&[0x17, 0x72, 0x45, 0x38, 0x50, 0x90]) =>
            {
                Compression::Bzip2
            }
            _ => Compression::Plain,
        }
    }
}

/// What went wrong with an input.
#[derive(Debug)]
pub enum Problem {
    /// It cannot be opened (no such file, no permission …).
    Open(io::Error),
    /// It is a directory.
    Directory,
    /// Its name says this compression, and its bytes do not start with the signature.
    NotCompressed(Compression),
    /// The input ends inside a compressed stream: the file was cut short.
    Truncated,
    /// The decoder refused the data; its own words (English).
    Corrupt(String),
    /// The system could not read it.
    Read(io::Error),
}

/// An input that could not be read to its end: which, how compressed, where, after how
/// many games, and what is wrong. The sentences are `speech::batch`'s.
#[derive(Debug)]
pub struct InputError {
    /// As given (`-` for standard input).
    pub path: String,
    /// As the first bytes say (the name's when the bytes do not match it).
    pub compression: Compression,
    /// The bytes of the file (compressed, when it is) the decoder had taken when it found
    /// the problem: the damage is in the block it was decoding there (for gzip, whose
    /// checksum closes a member, anywhere in the member before it); a truncated file's
    /// size. `None` when the problem is in opening it.
    pub offset: Option<u64>,
    /// The games read whole before the problem (all of them reported).
    pub games: usize,
    pub problem: Problem,
}

#[derive(Debug)]
struct Shared {
    path: String,
    compression: Compression,
    size: Option<u64>,
    taken: AtomicU64,
    games: AtomicUsize,
    failure: Mutex<Option<(u64, Problem)>>,
}

/// What was read of an input and what went wrong, shared by the reading and whoever shows
/// the progress (clones see the same figures).
#[derive(Clone, Debug)]
pub struct Tracker(Arc<Shared>);

impl Tracker {
    fn new(path: String, compression: Compression, size: Option<u64>) -> Tracker {
        Tracker(Arc::new(Shared {
            path,
            compression,
            size,
            taken: AtomicU64::new(0),
            games: AtomicUsize::new(0),
            failure: Mutex::new(None),
        }))
    }

    /// The input's name, as given (`-` for standard input).
    pub fn path(&self) -> &str {
        &self.0.path
    }

    pub fn compression(&self) -> Compression {
        self.0.compression
    }

    /// The size of the file (compressed, when it is), when known: not for a pipe.
    pub fn size(&self) -> Option<u64> {
        self.0.size
    }

    /// The bytes of the file taken so far (compressed bytes the decoder has taken).
    pub fn bytes(&self) -> u64 {
        self.0.taken.load(Ordering::Relaxed)
    }

    /// The games read so far (each whole game, or each game the reader refused).
    pub fn games(&self) -> usize {
        self.0.games.load(Ordering::Relaxed)
    }

    fn add(&self, n: u64) {
        self.0.taken.fetch_add(n, Ordering::Relaxed);
    }

    fn failed(&self) -> bool {
        self.0.failure.lock().is_ok_and(|f| f.is_some())
    }

    /// Records a problem at the current offset, unless one is recorded already (the first
    /// is the cause: a read error below a decoder comes up through it again).
    fn fail(&self, problem: Problem) {
        let at = self.bytes();
        if let Ok(mut f) = self.0.failure.lock() {
            f.get_or_insert((at, problem));
        }
    }

    /// The problem that stopped the reading, if one did (taken: asked once).
    pub fn failure(&self) -> Option<InputError> {
        let (offset, problem) = self.0.failure.lock().ok()?.take()?;
        Some(InputError {
            path: self.0.path.clone(),
            compression: self.0.compression,
            offset: Some(offset),
            games: self.games(),
            problem,
        })
    }
}

/// A copy of a system error to keep while the original goes up the call chain.
fn copy(e: &io::Error) -> io::Error {
    match e.raw_os_error() {
        Some(code) => io::Error::from_raw_os_error(code),
        None => io::Error::new(e.kind(), e.to_string()),
    }
}

/// The bytes as the system gives them: read errors recorded; the bytes counted when the
/// input is plain (a decoder above counts what it takes instead).
struct Raw<R> {
    inner: R,
    tracker: Tracker,
    count: bool,
}

impl<R: Read> Read for Raw<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self.inner.read(buf) {
            Ok(n) => {
                if self.count {
                    self.tracker.add(n as u64);
                }
                Ok(n)
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => Err(e),
            Err(e) => {
                self.tracker.fail(Problem::Read(copy(&e)));
                Err(e)
            }
        }
    }
}

/// The compressed bytes as a decoder takes them: counted as it consumes them.
struct Taken<B> {
    inner: B,
    tracker: Tracker,
}

impl<B: BufRead> Read for Taken<B> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.fill_buf()?.read(buf)?;
        self.consume(n);
        Ok(n)
    }
}

impl<B: BufRead> BufRead for Taken<B> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, n: usize) {
        self.tracker.add(n as u64);
        self.inner.consume(n);
    }
}

/// The decoded bytes: a decoder's error recorded as damage (an end inside a stream as a
/// truncated file), unless a read error below caused it.
struct Decoded<R> {
    inner: R,
    tracker: Tracker,
}

impl<R: Read> Read for Decoded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self.inner.read(buf) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => Err(e),
            Err(e) => {
                self.tracker.fail(match e.kind() {
                    io::ErrorKind::UnexpectedEof => Problem::Truncated,
                    _ => Problem::Corrupt(e.to_string()),
                });
                Err(e)
            }
            ok => ok,
        }
    }
}

/// An opened input: its decoded text and its [`Tracker`].
pub struct Source {
    reader: Box<dyn BufRead + Send>,
    tracker: Tracker,
}

impl std::fmt::Debug for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Source")
            .field("tracker", &self.tracker)
            .finish_non_exhaustive()
    }
}

impl Source {
    pub fn tracker(&self) -> &Tracker {
        &self.tracker
    }

    /// Whether this is standard input (which can be opened only once).
    pub fn is_stdin(&self) -> bool {
        self.tracker.path() == STDIN
    }

    /// The decoded text (its failures still recorded in the tracker).
    pub fn into_reader(self) -> (Box<dyn BufRead + Send>, Tracker) {
        (self.reader, self.tracker)
    }

    /// The games, read as [`Reader`] reads them, up to the end of the input or to its first
    /// failure (which ends the games quietly: ask [`Tracker::failure`] afterwards).
    pub fn games(self) -> Games {
        Games {
            reader: Reader::new(self.reader),
            tracker: self.tracker,
            done: false,
        }
    }
}

/// The games of a [`Source`]; see [`Source::games`].
pub struct Games {
    reader: Reader<Box<dyn BufRead + Send>>,
    tracker: Tracker,
    done: bool,
}

impl Games {
    pub fn tracker(&self) -> &Tracker {
        &self.tracker
    }
}

impl Iterator for Games {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.reader.next() {
            // The reader turns an input error into its last item: the end of the games here,
            // the input's problem for the caller. The game it was reading is incomplete.
            Some(Err(PgnError {
                kind: PgnErrorKind::Io(message),
                ..
            })) => {
                self.done = true;
                if !self.tracker.failed() {
                    self.tracker.fail(Problem::Read(io::Error::other(message)));
                }
                None
            }
            None => {
                self.done = true;
                None
            }
            Some(item) => {
                self.tracker.0.games.fetch_add(1, Ordering::Relaxed);
                Some(item)
            }
        }
    }
}

/// Opens a file, or standard input for `-`, and tells its compression from its first bytes.
pub fn open(path: &Path) -> Result<Source, InputError> {
    let name = path.display().to_string();
    let fail = |problem, offset| InputError {
        path: name.clone(),
        compression: Compression::of_name(path),
        offset,
        games: 0,
        problem,
    };
    if name == STDIN {
        let (input, size) = stdin().map_err(|e| fail(Problem::Read(e), Some(0)))?;
        return open_reader(STDIN, size, Compression::Plain, input);
    }
    let file = File::open(path).map_err(|e| fail(Problem::Open(e), None))?;
    let meta = file.metadata().map_err(|e| fail(Problem::Open(e), None))?;
    if meta.is_dir() {
        return Err(fail(Problem::Directory, None));
    }
    let size = meta.is_file().then_some(meta.len());
    open_reader(&name, size, Compression::of_name(path), Box::new(file))
}

/// Standard input as a file of its own (a duplicate of descriptor 0), and its size when it
/// is a regular file (`escaque adjudicate - < file`).
#[cfg(unix)]
fn stdin() -> io::Result<(Box<dyn Read + Send>, Option<u64>)> {
    use std::os::fd::AsFd;
    let file = File::from(io::stdin().as_fd().try_clone_to_owned()?);
    let size = file
        .metadata()
        .ok()
        .filter(|m| m.is_file())
        .map(|m| m.len());
    Ok((Box::new(file), size))
}

#[cfg(not(unix))]
fn stdin() -> io::Result<(Box<dyn Read + Send>, Option<u64>)> {
    Ok((Box::new(io::stdin()), None))
}

/// Reads `input`, named `name` (whose name says `named`), of `size` bytes when known: its
/// first bytes tell the compression; a name that says one when the bytes have none is an
/// error (an empty file so named is a truncated one).
pub fn open_reader(
    name: &str,
    size: Option<u64>,
    named: Compression,
    mut input: Box<dyn Read + Send>,
) -> Result<Source, InputError> {
    let fail = |problem, compression| InputError {
        path: name.to_string(),
        compression,
        offset: Some(0),
        games: 0,
        problem,
    };
    let mut head = Vec::with_capacity(HEAD);
    while head.len() < HEAD {
        let mut byte = [0u8; HEAD];
        match input.read(&mut byte[..HEAD - head.len()]) {
            Ok(0) => break,
            Ok(n) => head.extend_from_slice(&byte[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(fail(Problem::Read(e), named)),
        }
    }
    let compression = Compression::of_bytes(&head);
    // Bytes of another compression than the name says are read as what they are.
    if named != Compression::Plain && compression == Compression::Plain {
        let problem = if head.is_empty() {
            Problem::Truncated
        } else {
            Problem::NotCompressed(named)
        };
        return Err(fail(problem, named));
    }
    let tracker = Tracker::new(name.to_string(), compression, size);
    let raw = Raw {
        inner: io::Cursor::new(head).chain(input),
        tracker: tracker.clone(),
        count: compression == Compression::Plain,
    };
    let taken = |raw| Taken {
        inner: BufReader::with_capacity(BUF, raw),
        tracker: tracker.clone(),
    };
    let decoded = |inner: Box<dyn Read + Send>| -> Box<dyn BufRead + Send> {
        Box::new(BufReader::with_capacity(
            BUF,
            Decoded {
                inner,
                tracker: tracker.clone(),
            },
        ))
    };
    let reader: Box<dyn BufRead + Send> = match compression {
        Compression::Plain => Box::new(BufReader::with_capacity(BUF, raw)),
        Compression::Zstd => {
            let decoder = zstd::stream::read::Decoder::with_buffer(taken(raw))
                .map_err(|e| fail(Problem::Read(e), compression))?;
            decoded(Box::new(decoder))
        }
        Compression::Gzip => decoded(Box::new(flate2::bufread::MultiGzDecoder::new(taken(raw)))),
        Compression::Bzip2 => decoded(Box::new(bzip2::bufread::MultiBzDecoder::new(taken(raw)))),
    };
    Ok(Source { reader, tracker })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    const PGN: &str =
        "[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n";

    fn text(n: usize) -> Vec<u8> {
        PGN.repeat(n).into_bytes()
    }

    fn compress(c: Compression, plain: &[u8]) -> Vec<u8> {
        match c {
            Compression::Plain => plain.to_vec(),
            Compression::Zstd => zstd::encode_all(plain, 3).unwrap(),
            Compression::Gzip => {
                let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
                e.write_all(plain).unwrap();
                e.finish().unwrap()
            }
            Compression::Bzip2 => {
                let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
                e.write_all(plain).unwrap();
                e.finish().unwrap()
            }
        }
    }

    fn source(c: Compression, bytes: Vec<u8>) -> Result<Source, InputError> {
        let size = Some(bytes.len() as u64);
        open_reader("x", size, c, Box::new(io::Cursor::new(bytes)))
    }

    const ALL: [Compression; 4] = [
        Compression::Plain,
        Compression::Zstd,
        Compression::Gzip,
        Compression::Bzip2,
    ];

    #[test]
    fn names_and_signatures() {
        assert_eq!(
            Compression::of_name(Path::new("a/lichess.pgn.zst")),
            Compression::Zstd
        );
        assert_eq!(
            Compression::of_name(Path::new("a.PGN.GZ")),
            Compression::Gzip
        );
        assert_eq!(Compression::of_name(Path::new("a.bz2")), Compression::Bzip2);
        assert_eq!(Compression::of_name(Path::new("a.pgn")), Compression::Plain);
        assert_eq!(Compression::of_name(Path::new("-")), Compression::Plain);
        for c in ALL {
            assert_eq!(Compression::of_bytes(&compress(c, &text(3))), c, "{c:?}");
            // Empty input compresses to a stream too.
            assert_eq!(Compression::of_bytes(&compress(c, b"")), c, "{c:?}");
        }
        // Text that starts like a signature is text.
        assert_eq!(
            Compression::of_bytes(b"BZh9 is a move?"),
            Compression::Plain
        );
        assert_eq!(Compression::of_bytes(b""), Compression::Plain);
    }

    #[test]
    fn every_compression_reads_the_same_games_whatever_the_name() {
        let plain = text(500);
        for c in ALL {
            for named in [c, Compression::Plain] {
                let src = source(named, compress(c, &plain)).unwrap();
                let tracker = src.tracker().clone();
                assert_eq!(tracker.compression(), c);
                let mut reader = src.into_reader().0;
                let mut out = Vec::new();
                reader.read_to_end(&mut out).unwrap();
                assert!(out == plain, "{c:?} named {named:?}");
                assert_eq!(Some(tracker.bytes()), tracker.size(), "{c:?}");
                assert!(tracker.failure().is_none());
            }
        }
    }

    #[test]
    fn concatenated_streams_are_read_one_after_the_other() {
        for c in ALL {
            let mut bytes = compress(c, &text(2));
            bytes.extend(compress(c, &text(3)));
            let games = source(c, bytes).unwrap().games();
            assert_eq!(games.filter(Result::is_ok).count(), 5, "{c:?}");
        }
    }

    #[test]
    fn a_name_that_promises_a_compression_the_bytes_lack_is_refused() {
        let e = source(Compression::Zstd, text(1)).unwrap_err();
        assert!(matches!(
            e.problem,
            Problem::NotCompressed(Compression::Zstd)
        ));
        assert_eq!(e.offset, Some(0));
        let e = source(Compression::Gzip, Vec::new()).unwrap_err();
        assert!(matches!(e.problem, Problem::Truncated));
    }

    #[test]
    fn a_cut_file_stops_the_games_and_tells_where() {
        let plain = text(20_000);
        for c in [Compression::Zstd, Compression::Gzip, Compression::Bzip2] {
            let mut bytes = compress(c, &plain);
            let cut = bytes.len() * 2 / 3;
            bytes.truncate(cut);
            let games = source(c, bytes).unwrap().games();
            let tracker = games.tracker().clone();
            let read = games.count();
            let e = tracker.failure().unwrap();
            assert!(matches!(e.problem, Problem::Truncated), "{c:?}: {e:?}");
            assert_eq!(e.offset, Some(cut as u64), "{c:?}");
            assert_eq!(e.games, read);
            assert!(read > 0 && read < 20_000, "{c:?}: {read}");
        }
    }

    #[test]
    fn damaged_data_stops_the_games_and_tells_where() {
        let plain = text(20_000);
        for c in [Compression::Zstd, Compression::Gzip, Compression::Bzip2] {
            let mut bytes = compress(c, &plain);
            let len = bytes.len() as u64;
            let at = bytes.len() / 2;
            for b in &mut bytes[at..at + 16] {
                *b ^= 0x55;
            }
            let games = source(c, bytes).unwrap().games();
            let tracker = games.tracker().clone();
            let read = games.count();
            let e = tracker
                .failure()
                .unwrap_or_else(|| panic!("{c:?}: no failure"));
            assert!(
                matches!(e.problem, Problem::Corrupt(_) | Problem::Truncated),
                "{c:?}: {e:?}"
            );
            // Where the decoder stood: in the damaged block, or past it at a checksum.
            assert!(e.offset.unwrap() <= len, "{c:?}: {e:?}");
            // (Text decoded wrong before the decoder saw the damage may read as games.)
            assert_eq!(e.games, read);
        }
    }

    /// A reader that fails after some bytes, as a disk or a pipe can.
    struct Failing(io::Cursor<Vec<u8>>);

    impl Read for Failing {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match self.0.read(buf)? {
                0 => Err(io::Error::from_raw_os_error(5)),
                n => Ok(n),
            }
        }
    }

    #[test]
    fn a_read_error_is_the_cause_even_under_a_decoder() {
        for c in ALL {
            let mut bytes = compress(c, &text(5_000));
            bytes.truncate(bytes.len() / 2);
            let len = bytes.len() as u64;
            let src = open_reader("x", None, c, Box::new(Failing(io::Cursor::new(bytes)))).unwrap();
            let games = src.games();
            let tracker = games.tracker().clone();
            let _ = games.count();
            let e = tracker.failure().unwrap();
            match e.problem {
                Problem::Read(err) => assert_eq!(err.raw_os_error(), Some(5), "{c:?}"),
                p => panic!("{c:?}: {p:?}"),
            }
            assert!(e.offset.unwrap() <= len, "{c:?}");
        }
    }
}
