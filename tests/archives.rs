//! Archives as published (issue 23): `adjudicate` and `pgn check` read `.pgn.zst`, `.pgn.gz`,
//! `.pgn.bz2` and standard input exactly as the plain file; a truncated or corrupt file
//! stops with exit code 2 and an error that names the file, the byte and the damage, after
//! the games before it; the memory of a run does not grow with the size of the archive.
//!
//! The compressed fixtures are made here from the plain PGN files of `tests/data/pgn`.

mod common;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Runs escaque with `stdin` on standard input (none: empty) in an English locale.
fn run(args: &[&str], stdin: Option<Stdio>, lang: &str) -> (i32, String, String) {
    common::output(
        Command::new(env!("CARGO_BIN_EXE_escaque"))
            .args(args)
            .env("LANG", lang)
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .stdin(stdin.unwrap_or_else(Stdio::null)),
    )
}

fn escaque(args: &[&str]) -> (i32, String, String) {
    run(args, None, "C")
}

/// Runs escaque with the file at `path` as its standard input.
fn escaque_stdin(args: &[&str], path: &Path) -> (i32, String, String) {
    run(args, Some(std::fs::File::open(path).unwrap().into()), "C")
}

/// Writes `bytes` to the file `name` in the test's directory `dir`.
fn write(dir: &common::TempDir, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// Every PGN fixture of `tests/data/pgn` one after the other: 41 games, one of them with an
/// illegal move (so one disagrees), clocks, evaluations, set-up positions, variations.
fn corpus() -> Vec<u8> {
    let mut names: Vec<PathBuf> = std::fs::read_dir(common::fixture("pgn"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    names.sort();
    let mut text = Vec::new();
    for name in names {
        text.extend(std::fs::read(name).unwrap());
        text.extend(b"\n\n");
    }
    text
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Zstd,
    Gzip,
    Bzip2,
}

const KINDS: [Kind; 3] = [Kind::Zstd, Kind::Gzip, Kind::Bzip2];

impl Kind {
    fn ext(self) -> &'static str {
        match self {
            Kind::Zstd => "zst",
            Kind::Gzip => "gz",
            Kind::Bzip2 => "bz2",
        }
    }

    /// Compressed as the usual tools write it: zstd with its checksum (as the `zstd`
    /// program, which lichess uses), gzip, bzip2 with 100 kB blocks.
    fn compress(self, plain: &[u8]) -> Vec<u8> {
        self.compress_with(plain, None)
    }

    /// The same; for zstd with a window of 2^`window_log` bytes (at least 10). A small
    /// window keeps the copies of a repeated text from compressing to nothing, so that the
    /// compressed bytes follow the text evenly, as in a real archive.
    fn compress_with(self, plain: &[u8], window_log: Option<u32>) -> Vec<u8> {
        match self {
            Kind::Zstd => {
                let mut e = zstd::stream::write::Encoder::new(Vec::new(), 3).unwrap();
                e.include_checksum(true).unwrap();
                if let Some(log) = window_log {
                    e.window_log(log).unwrap();
                }
                e.write_all(plain).unwrap();
                e.finish().unwrap()
            }
            Kind::Gzip => {
                let mut e =
                    flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
                e.write_all(plain).unwrap();
                e.finish().unwrap()
            }
            Kind::Bzip2 => {
                let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
                e.write_all(plain).unwrap();
                e.finish().unwrap()
            }
        }
    }
}

/// The output of a run on `name`, with that name (at the start of a text line, or as the
/// JSON `file`) written `FILE`, so that runs on differently named inputs compare.
fn unnamed(out: &str, name: &str) -> String {
    let json = format!("\"file\":{}", serde_json::to_string(name).unwrap());
    let text = format!("{name} ");
    out.lines()
        .map(|l| {
            let l = l.replace(&json, "\"file\":\"FILE\"");
            match l.strip_prefix(&text) {
                Some(rest) => format!("FILE {rest}"),
                None => l,
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The commands compared: `adjudicate` in text and JSON (single-threaded and with the
/// default workers), `pgn check` in text and JSON.
const COMMANDS: [&[&str]; 6] = [
    &["adjudicate"],
    &["adjudicate", "--jobs", "1"],
    &["adjudicate", "--format", "json"],
    &["adjudicate", "--format", "json", "--jobs", "1"],
    &["pgn", "check"],
    &["pgn", "check", "--json"],
];

fn with(cmd: &[&str], file: &str) -> Vec<String> {
    let mut v: Vec<String> = cmd.iter().map(|s| s.to_string()).collect();
    v.push(file.to_string());
    v
}

fn args(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[test]
fn compressed_files_and_stdin_read_as_the_plain_file() {
    let tmp = common::TempDir::new("archives-stdin");
    let plain = corpus();
    let plain_path = write(&tmp, "corpus.pgn", &plain);
    let plain_name = plain_path.to_str().unwrap();
    for cmd in COMMANDS {
        let (code, out, err) = escaque(&args(&with(cmd, plain_name)));
        assert!(code == 1 && err.is_empty(), "{cmd:?}: {code} {err}");
        let reference = unnamed(&out, plain_name);
        assert!(reference.lines().count() > 41, "{cmd:?}");
        let mut inputs = vec![];
        for kind in KINDS {
            let bytes = kind.compress(&plain);
            let path = write(&tmp, &format!("corpus.pgn.{}", kind.ext()), &bytes);
            inputs.push((format!("{kind:?}"), path.clone(), false));
            inputs.push((format!("{kind:?} on standard input"), path, true));
        }
        inputs.push(("plain on standard input".into(), plain_path.clone(), true));
        for (what, path, stdin) in inputs {
            let name = path.to_str().unwrap();
            let (c, out, err) = if stdin {
                escaque_stdin(&args(&with(cmd, "-")), &path)
            } else {
                escaque(&args(&with(cmd, name)))
            };
            assert_eq!((c, err.as_str()), (code, ""), "{cmd:?} {what}");
            let out = unnamed(&out, if stdin { "-" } else { name });
            assert!(out == reference, "{cmd:?} {what}:\n{out}\n---\n{reference}");
        }
    }
}

#[test]
fn a_compressed_file_with_a_wrong_name_is_read_by_its_signature() {
    let tmp = common::TempDir::new("archives-misnamed");
    let plain = corpus();
    let plain_path = write(&tmp, "named.pgn", &plain);
    let (_, reference, _) = escaque(&[
        "adjudicate",
        "--format",
        "json",
        plain_path.to_str().unwrap(),
    ]);
    let reference = unnamed(&reference, plain_path.to_str().unwrap());
    for (kind, wrong) in [
        (Kind::Zstd, "pgn"),
        (Kind::Gzip, "pgn.bz2"),
        (Kind::Bzip2, "txt"),
    ] {
        let path = write(
            &tmp,
            &format!("misnamed-{}.{wrong}", kind.ext()),
            &kind.compress(&plain),
        );
        let name = path.to_str().unwrap();
        let (code, out, err) = escaque(&["adjudicate", "--format", "json", name]);
        assert_eq!(code, 1, "{kind:?}: {err}");
        assert!(unnamed(&out, name) == reference, "{kind:?} as .{wrong}");
    }
    // A plain file whose name promises a compression: refused before any output, saying so.
    let path = write(&tmp, "plain-named.pgn.zst", &plain);
    for cmd in [&["adjudicate"][..], &["pgn", "check"]] {
        let (code, out, err) = escaque(&args(&with(cmd, path.to_str().unwrap())));
        assert_eq!(code, 2, "{cmd:?}");
        assert!(out.is_empty(), "{out}");
        assert_eq!(
            err.trim_end(),
            format!(
                "escaque: cannot read {}: its name says zstd, but it does not start with the \
                 zstd signature; if it is an uncompressed PGN file, rename it",
                path.display()
            )
        );
    }
}

/// The lines of `out` are the first lines of `reference` (the output of the whole file),
/// at least `min` of them.
fn assert_prefix(out: &str, reference: &str, min: usize, what: &str) {
    let lines: Vec<&str> = out.lines().collect();
    let all: Vec<&str> = reference.lines().collect();
    assert!(lines.len() >= min, "{what}: only {} lines", lines.len());
    assert!(lines.len() < all.len(), "{what}: the whole output");
    assert!(all.starts_with(&lines), "{what}: not the same first lines");
}

/// The commands of the damage tests, one worker and the default.
const DAMAGED: [&[&str]; 4] = [
    &["adjudicate", "--jobs", "1"],
    &["adjudicate", "--format", "json"],
    &["pgn", "check"],
    &["pgn", "check", "--json"],
];

#[test]
fn a_truncated_file_stops_with_exit_2_after_the_games_before_the_cut() {
    let tmp = common::TempDir::new("archives-truncated");
    // About 1.4 MB: many zstd and gzip blocks, many 100 kB bzip2 blocks.
    let plain = corpus().repeat(50);
    let plain_path = write(&tmp, "long.pgn", &plain);
    for kind in KINDS {
        let mut bytes = kind.compress_with(&plain, Some(10));
        let cut = bytes.len() * 2 / 3;
        bytes.truncate(cut);
        let path = write(&tmp, &format!("cut.pgn.{}", kind.ext()), &bytes);
        let name = path.to_str().unwrap();
        for cmd in DAMAGED {
            let (_, reference, _) = escaque(&args(&with(cmd, plain_path.to_str().unwrap())));
            let reference = unnamed(&reference, plain_path.to_str().unwrap());
            let what = format!("{cmd:?} {kind:?}");
            let (code, out, err) = escaque(&args(&with(cmd, name)));
            assert_eq!(code, 2, "{what}: {err}");
            assert!(!err.contains("panicked"), "{what}: {err}");
            // Every game before the cut, the same as from the plain file.
            let out = unnamed(&out, name);
            assert_prefix(&out, &reference, 500, &what);
            let games = out
                .lines()
                .filter(|l| l.starts_with("FILE ") || l.starts_with("{\"file\""))
                .count();
            assert_eq!(
                err,
                format!(
                    "escaque: {name}: the {} data ends at byte {cut} in the middle of a block: \
                     the file is truncated (cut short); the {games} games before it have been \
                     reported\n",
                    format!("{kind:?}").to_lowercase()
                ),
                "{what}"
            );
        }
        // On standard input too, and in Spanish.
        let (code, out, err) = run(
            &["adjudicate", "-"],
            Some(std::fs::File::open(&path).unwrap().into()),
            "es_ES.UTF-8",
        );
        assert_eq!(code, 2, "{err}");
        assert!(out.lines().count() > 500);
        assert!(
            err.starts_with(&format!(
                "escaque: la entrada estándar: los datos {} se acaban en el byte {cut}",
                format!("{kind:?}").to_lowercase()
            )),
            "{err}"
        );
        assert!(err.contains("el fichero está truncado"), "{err}");
    }
}

/// What the crate's decoder gives of `bytes` before it stops (at the end, or at an error).
fn decode(kind: Kind, bytes: &[u8]) -> Vec<u8> {
    let mut decoder: Box<dyn Read> = match kind {
        Kind::Zstd => Box::new(zstd::stream::read::Decoder::new(bytes).unwrap()),
        Kind::Gzip => Box::new(flate2::read::MultiGzDecoder::new(bytes)),
        Kind::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(bytes)),
    };
    let mut out = Vec::new();
    let mut buf = vec![0u8; 4096];
    while let Ok(n) = decoder.read(&mut buf) {
        if n == 0 {
            break;
        }
        out.extend_from_slice(&buf[..n]);
    }
    out
}

/// The lines of output, without the summary (`adjudicate`'s last lines).
fn games_lines(out: &str) -> Vec<&str> {
    let summary = |l: &&str| {
        l.starts_with("{\"summary\"")
            || l.contains(" result tag; findings: ")
            || l.starts_with("by the Laws: ")
    };
    out.lines().filter(|l| !summary(l)).collect()
}

#[test]
fn a_corrupt_file_stops_with_exit_2_after_the_games_before_the_damage() {
    let tmp = common::TempDir::new("archives-corrupt");
    let plain = corpus().repeat(50);
    for kind in KINDS {
        let mut bytes = kind.compress_with(&plain, Some(10));
        let at = bytes.len() * 3 / 4;
        for b in &mut bytes[at..at + 8] {
            *b ^= 0xa5;
        }
        let path = write(&tmp, &format!("corrupt.pgn.{}", kind.ext()), &bytes);
        let name = path.to_str().unwrap();
        // The games wholly in the text decoded right, before the first wrong byte, less
        // the last 64 KiB (one read of the decoder, which it does not give when it finds
        // the damage in it): as a plain file of their own.
        let decoded = decode(kind, &bytes);
        let good = decoded
            .iter()
            .zip(&plain)
            .take_while(|(a, b)| a == b)
            .count();
        let sure = good.saturating_sub(64 << 10);
        let whole = plain[..sure]
            .windows(9)
            .rposition(|w| w == b"\n\n[Event ")
            .unwrap()
            + 2;
        let before = write(&tmp, &format!("before-{}.pgn", kind.ext()), &plain[..whole]);
        let before_name = before.to_str().unwrap();
        for cmd in DAMAGED {
            let what = format!("{cmd:?} {kind:?}");
            let (_, reference, _) = escaque(&args(&with(cmd, before_name)));
            let reference = unnamed(&reference, before_name);
            let reference = games_lines(&reference);
            assert!(reference.len() >= 50, "{what}: {} lines", reference.len());
            let (code, out, err) = escaque(&args(&with(cmd, name)));
            assert_eq!(code, 2, "{what}: {err}");
            assert!(!err.contains("panicked"), "{what}: {err}");
            // The games before the damage, the same as from the plain file. (Those decoded
            // wrong before the decoder saw the damage are reported too: gzip, for one, sees
            // it only at the checksum at the end of its member.)
            let out = unnamed(&out, name);
            let lines: Vec<&str> = out.lines().collect();
            let same = lines
                .iter()
                .zip(&reference)
                .take_while(|(a, b)| a == b)
                .count();
            assert!(same == reference.len(), "{what}: line {} differs", same + 1);
            let prefix = format!(
                "escaque: {name}: the {} data is damaged: the decoder stopped at compressed \
                 byte ",
                format!("{kind:?}").to_lowercase()
            );
            let rest = err
                .strip_prefix(&prefix)
                .unwrap_or_else(|| panic!("{what}: {err}"));
            let offset: u64 = rest.split(' ').next().unwrap().parse().unwrap();
            // Where the decoder stood: in the damaged block, or at a checksum past it.
            assert!(offset > 0 && offset <= bytes.len() as u64, "{what}: {err}");
            let games = lines
                .iter()
                .filter(|l| l.starts_with("FILE ") || l.starts_with("{\"file\""))
                .count();
            assert!(
                err.ends_with(&format!(
                    "; the {games} games before it have been reported\n"
                )),
                "{what}: {err}"
            );
        }
    }
}

#[test]
fn damage_anywhere_gives_exit_2_never_a_panic() {
    let tmp = common::TempDir::new("archives-damage");
    let plain = corpus();
    for kind in KINDS {
        let good = kind.compress(&plain);
        let step = (good.len() / 23).max(1);
        for at in (0..good.len())
            .step_by(step)
            .chain([1, 2, 3, good.len() - 1])
        {
            let mut bytes = good.clone();
            bytes[at] ^= 0xff;
            let path = write(&tmp, &format!("flip-{at}.pgn.{}", kind.ext()), &bytes);
            let (code, _, err) = escaque(&["adjudicate", "--jobs", "1", path.to_str().unwrap()]);
            // A flipped first byte leaves no signature: the name's promise is then refused.
            assert_eq!(code, 2, "{kind:?} byte {at}: {err}");
            assert!(
                err.starts_with("escaque: ") && !err.contains("panicked"),
                "{err}"
            );
            assert!(err.contains(path.to_str().unwrap()), "{err}");
        }
        // Cut anywhere, down to nothing.
        for cut in [0, 1, 5, good.len() / 3, good.len() - 1] {
            let path = write(&tmp, &format!("cut-{cut}.pgn.{}", kind.ext()), &good[..cut]);
            let (code, _, err) = escaque(&["pgn", "check", path.to_str().unwrap()]);
            assert_eq!(code, 2, "{kind:?} cut at {cut}: {err}");
            assert!(
                err.contains("truncated") || err.contains("signature"),
                "{err}"
            );
        }
    }
}

#[test]
fn unreadable_standard_input_exits_2_and_says_so() {
    let tmp = common::TempDir::new("archives-unreadable");
    // A descriptor open for writing only: every read fails.
    let path = write(&tmp, "write-only", b"");
    let file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    for cmd in [&["adjudicate", "-"][..], &["pgn", "check", "-"]] {
        let (code, out, err) = run(cmd, Some(file.try_clone().unwrap().into()), "C");
        assert_eq!(code, 2, "{cmd:?}");
        assert!(out.is_empty(), "{out}");
        assert!(
            err.starts_with("escaque: standard input: read error at byte 0: Bad file descriptor"),
            "{err}"
        );
    }
    // Empty standard input: no games.
    let (code, out, _) = escaque(&["adjudicate", "-"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("0 games"), "{out}");
}

#[test]
fn the_summary_counts_games_by_result_article_and_finding() {
    let tmp = common::TempDir::new("archives-summary");
    let path = write(&tmp, "summary.pgn", &corpus());
    let (_, out, _) = escaque(&["adjudicate", "--format", "json", path.to_str().unwrap()]);
    let last: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    let s = &last["summary"];
    let games = s["games"].as_u64().unwrap();
    let results: u64 = s["results"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(results, games);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .filter(|l| l.starts_with("{\"file\""))
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len() as u64, games);
    for r in ["1-0", "0-1", "1/2-1/2", "*"] {
        let n = lines
            .iter()
            .filter(|l| l["result_by_laws"].as_str().unwrap_or("*") == r)
            .count() as u64;
        assert_eq!(s["results"][r], n, "{r}");
    }
    let articles = s["articles"].as_object().unwrap();
    for (a, n) in articles {
        let count = lines.iter().filter(|l| l["article"] == a.as_str()).count() as u64;
        assert_eq!(n.as_u64().unwrap(), count, "{a}");
    }
    assert!(articles.contains_key("5.1.1"), "{articles:?}");
    // In words.
    let (_, text, _) = escaque(&["adjudicate", path.to_str().unwrap()]);
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("by the Laws: 1-0 "), "{last}");
    assert!(last.contains("; by article: Art. 5.1.1 "), "{last}");
}

/// The peak resident memory (kB) of a run of escaque on `args`, and the number of lines it
/// wrote; `wait4` gives the child's own peak, whatever else the tests run.
// The child is reaped by `wait4`, not by `Child::wait`.
#[allow(clippy::zombie_processes)]
fn peak_kb(args: &[&str]) -> (i64, usize) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_escaque"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .stdin(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut lines = 0;
        let mut buf = vec![0u8; 1 << 16];
        loop {
            match stdout.read(&mut buf) {
                Ok(0) | Err(_) => return lines,
                Ok(n) => lines += buf[..n].iter().filter(|&&b| b == b'\n').count(),
            }
        }
    });
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value, filled by wait4.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: waits for our own child, whose pid this is, and writes only into our values.
    let pid = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage) };
    assert_eq!(pid, child.id() as libc::pid_t);
    assert!(libc::WIFEXITED(status), "{status}");
    (usage.ru_maxrss, reader.join().unwrap())
}

/// Writes `games` games (the 32 lichess games of the fixtures again and again) streamed
/// through the zstd encoder: the plain text is never in memory whole.
fn big_zst(dir: &common::TempDir, name: &str, games: usize) -> (PathBuf, u64) {
    let chunk = std::fs::read(common::fixture("pgn/lichess_db_2013-01_first32.pgn")).unwrap();
    let path = dir.path().join(name);
    let file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    let mut e = zstd::stream::write::Encoder::new(file, 1).unwrap();
    let mut plain = 0;
    for _ in 0..games / 32 {
        e.write_all(&chunk).unwrap();
        e.write_all(b"\n").unwrap();
        plain += chunk.len() as u64 + 1;
    }
    e.finish().unwrap().flush().unwrap();
    (path, plain)
}

/// The bound stated in docs/arbiter.md: a run's memory does not grow with the archive. A
/// file of 200,000 games (150 MB of PGN) takes at most 16 MiB more at its peak than one of
/// 2,000, and never more than 96 MiB in all, with two workers.
#[test]
fn memory_stays_bounded_whatever_the_size_of_the_archive() {
    let tmp = common::TempDir::new("archives-memory");
    // Fewer games in a debug build, which is slower by an order of magnitude.
    let games = if cfg!(debug_assertions) {
        32_000
    } else {
        200_000
    };
    let (small, _) = big_zst(&tmp, "small.pgn.zst", 2_016);
    let (big, plain) = big_zst(&tmp, "big.pgn.zst", games);
    assert!(plain > 20 << 20, "{plain}");
    let args = |p: &Path| {
        vec![
            "adjudicate".to_string(),
            "--format".into(),
            "json".into(),
            "--jobs".into(),
            "2".into(),
            p.to_str().unwrap().to_string(),
        ]
    };
    let (small_kb, small_lines) = peak_kb(&self::args(&args(&small)));
    let (big_kb, big_lines) = peak_kb(&self::args(&args(&big)));
    assert_eq!(small_lines, 2_016 + 1);
    assert_eq!(big_lines, games / 32 * 32 + 1);
    eprintln!(
        "peak resident memory: {small_kb} kB for 2,016 games, {big_kb} kB for {games} games \
         ({} MB of PGN)",
        plain >> 20
    );
    let _ = std::fs::remove_file(&small);
    let _ = std::fs::remove_file(&big);
    assert!(big_kb - small_kb < 16 << 10, "{small_kb} kB → {big_kb} kB");
    assert!(big_kb < 96 << 10, "{big_kb} kB");
}
