//! Shared helpers of the integration tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// A directory of its own for one test, `escaque-{name}-{pid}` under the system's temporary
/// one, made fresh (a leftover of an earlier run removed first) and removed when the guard
/// is dropped: at the end of the test, also when it fails (a panic unwinds through it).
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("escaque-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir)
            .unwrap_or_else(|e| panic!("cannot make {}: {e}", dir.display()));
        TempDir(dir)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs `command` (escaque, as the tests build it) to its end: the exit code (-1 when a
/// signal ended it), standard output and standard error.
pub fn output(command: &mut std::process::Command) -> (i32, String, String) {
    let out = command.output().expect("run escaque");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The shared test corpus (`../shared/data` beside the repository, or `ESCAQUE_SHARED_DATA`).
///
/// CI has it. On a fresh clone without it, corpus tests are skipped with a notice, unless
/// `ESCAQUE_REQUIRE_SHARED=1` (set by `.ci/run`), which makes its absence a failure.
pub fn shared_data(rel: &str) -> Option<PathBuf> {
    let root = std::env::var_os("ESCAQUE_SHARED_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"));
    let path = root.join(rel);
    if path.exists() {
        return Some(path);
    }
    if std::env::var("ESCAQUE_REQUIRE_SHARED").as_deref() == Ok("1") {
        panic!("shared test data {} is missing", path.display());
    }
    eprintln!(
        "note: skipping, shared test data {} is not here",
        path.display()
    );
    None
}

/// The real game files of the shared corpus (`pgn/real/*.pgn`), sorted by name; `None`
/// where [`shared_data`] skips.
pub fn real_pgn_files() -> Option<Vec<PathBuf>> {
    let dir = shared_data("pgn/real")?;
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    Some(files)
}

/// A fixture of this repository's `tests/data`.
pub fn fixture(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(rel)
}

/// Reads a file as text, decoding Latin-1 when it is not UTF-8 and dropping a BOM.
pub fn read_text(path: &std::path::Path) -> String {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let text = match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => e.into_bytes().iter().map(|&b| b as char).collect(),
    };
    text.strip_prefix('\u{feff}')
        .map(str::to_string)
        .unwrap_or(text)
}

/// A game as the minimal movetext reader of the tests sees it: its tags and the SAN tokens
/// of its main line. (The real PGN reader lives in the laws layer; this one only has to
/// replay the corpus.)
#[derive(Debug, Default, Clone)]
pub struct GameText {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
    /// Main-line comments: (number of moves before the comment, its text).
    pub comments: Vec<(usize, String)>,
}

impl GameText {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Splits PGN text into games: tags, and the main-line move tokens with comments, NAGs,
/// variations, move numbers and results removed. A tag line after movetext starts a new game
/// even without a blank line between them (the chess.com export does that).
pub fn read_games(text: &str) -> Vec<GameText> {
    let mut games = Vec::new();
    let mut game = GameText::default();
    let mut in_movetext = false;
    let mut depth = 0usize; // variation nesting
    let mut comment = 0usize; // brace-comment nesting
    let mut comment_text = String::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if comment == 0 && depth == 0 && trimmed.starts_with('[') {
            if in_movetext {
                games.push(std::mem::take(&mut game));
                in_movetext = false;
            }
            if let Some((k, v)) = trimmed
                .trim_start_matches('[')
                .trim_end_matches(']')
                .split_once(' ')
            {
                game.tags
                    .push((k.to_string(), v.trim().trim_matches('"').to_string()));
            }
            continue;
        }
        if comment == 0 && trimmed.starts_with('%') {
            continue;
        }
        let mut token = String::new();
        let chars = line.chars();
        let flush = |token: &mut String, game: &mut GameText, depth: usize| {
            let t = std::mem::take(token);
            if depth > 0 || t.is_empty() {
                return;
            }
            if matches!(t.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*" | "½-½") {
                return;
            }
            // Move numbers: "12." "12..." or glued "12.e4".
            let digits = t.bytes().take_while(u8::is_ascii_digit).count();
            let t = if digits > 0 && t[digits..].starts_with('.') {
                t[digits..].trim_start_matches('.')
            } else if digits == t.len() {
                ""
            } else {
                t.as_str()
            };
            if t.is_empty() || t.starts_with('$') {
                return;
            }
            game.moves.push(t.to_string());
        };
        for c in chars {
            if comment > 0 {
                match c {
                    '{' => comment += 1,
                    '}' => comment -= 1,
                    _ => {}
                }
                if comment > 0 {
                    comment_text.push(c);
                } else if depth == 0 {
                    let text = std::mem::take(&mut comment_text).trim().to_string();
                    game.comments.push((game.moves.len(), text));
                } else {
                    comment_text.clear();
                }
                continue;
            }
            match c {
                '{' => {
                    flush(&mut token, &mut game, depth);
                    comment = 1;
                }
                ';' => {
                    flush(&mut token, &mut game, depth);
                    break;
                }
                '(' => {
                    flush(&mut token, &mut game, depth);
                    depth += 1;
                }
                ')' => {
                    flush(&mut token, &mut game, depth);
                    depth = depth.saturating_sub(1);
                }
                c if c.is_whitespace() => flush(&mut token, &mut game, depth),
                c => {
                    token.push(c);
                    in_movetext = true;
                }
            }
        }
        flush(&mut token, &mut game, depth);
        if comment > 0 {
            comment_text.push(' ');
        }
    }
    if in_movetext || !game.tags.is_empty() {
        games.push(game);
    }
    games
}

/// The fields of one line of the corpus' labels CSV (quoted fields, `""` for a quote).
pub fn split_csv(line: &str) -> Vec<String> {
    let mut out = vec![];
    let mut cur = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                cur.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            ',' if !quoted => out.push(std::mem::take(&mut cur)),
            c => cur.push(c),
        }
    }
    out.push(cur);
    out
}

/// The CSV's way of writing a JSON value: booleans as 1/0, null as empty.
pub fn as_csv(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::Bool(b) => if *b { "1" } else { "0" }.to_string(),
        serde_json::Value::Null => String::new(),
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}
