//! Who the SSH server is and who may come in: the host key and the allowlist of `escaque
//! serve` (issue 9). Pure file handling and parsing, no network: the server
//! (`net::ssh`) calls [`load_or_create_host_key`] once at start and
//! [`Allowlist::get`] for every public key a client offers.
//!
//! - The **host key** is an Ed25519 key in OpenSSH's private key format, in
//!   `DIR/host_ed25519`. It is made on the first start from the system's random source and
//!   written atomically, readable by its owner only (mode 0600 on Unix). A file that is
//!   there but cannot be used is an error that names it: it is never replaced, since a new
//!   host key makes every player's `ssh` warn of a possible attack.
//! - The **allowlist** is a file in OpenSSH's `authorized_keys` syntax, one key per line:
//!   `[options] key-type base64 [comment]`. The comment is the player's name on the board.
//!   The option `arbiter` lets that key take a room's arbiter seat. Other OpenSSH options
//!   are accepted and ignored (no shell, forwarding or X11 is ever offered), except those
//!   that narrow who may connect (`from=`, `expiry-time=`, `cert-authority`,
//!   `verify-required`): the server cannot enforce them, so a line with one is an error
//!   rather than a wider door than its author meant.

use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};

use russh::keys::ssh_encoding::base64::{Base64, Encoding};
use russh::keys::ssh_key::LineEnding;
use russh::keys::ssh_key::private::{Ed25519Keypair, KeypairData};
use russh::keys::ssh_key::public::KeyData;
use russh::keys::{Algorithm, HashAlg, PrivateKey, PublicKey};

/// The name of the host key file in the server's data directory.
pub const HOST_KEY_FILE: &str = "host_ed25519";

/// The comment written into a host key made by escaque.
const HOST_KEY_COMMENT: &str = "escaque host key";

/// How many characters of the fingerprint (after `SHA256:`) name a player whose key has no
/// comment.
const DEFAULT_NAME_LEN: usize = 12;

/// The longest piece of a line quoted in an error (longer ones are cut with `…`).
const QUOTE_LEN: usize = 40;

/// The key types an allowlist may hold: those the server can verify a signature of (russh
/// with `ring` and `rsa`, through `ssh-key`).
pub const ACCEPTED_KEY_TYPES: &[&str] = &[
    "ssh-ed25519",
    "ecdsa-sha2-nistp256",
    "ecdsa-sha2-nistp384",
    "ecdsa-sha2-nistp521",
    "ssh-rsa",
    "sk-ssh-ed25519@openssh.com",
    "sk-ecdsa-sha2-nistp256@openssh.com",
];

/// OpenSSH options that take no value and may be ignored (they are about a shell,
/// forwarding or X11, which escaque never offers). Names are compared without case, as
/// sshd does.
const IGNORED_FLAGS: &[&str] = &[
    "agent-forwarding",
    "no-agent-forwarding",
    "port-forwarding",
    "no-port-forwarding",
    "pty",
    "no-pty",
    "user-rc",
    "no-user-rc",
    "x11-forwarding",
    "no-x11-forwarding",
    "restrict",
    "no-touch-required",
];

/// OpenSSH options with a quoted value that may be ignored.
const IGNORED_VALUED: &[&str] = &[
    "command",
    "environment",
    "permitopen",
    "permitlisten",
    "principals",
    "tunnel",
];

/// OpenSSH options that narrow who may connect: escaque cannot enforce them.
const UNENFORCEABLE: &[&str] = &["from", "expiry-time", "cert-authority", "verify-required"];

// ---------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------

/// A host key or allowlist that cannot be used: data only, said by
/// `speech::access::key_error` (in English for the log, else in the interface language).
#[derive(Debug)]
pub enum KeyError {
    /// The host key file exists but cannot be read (permissions, a directory in its place).
    HostKeyRead { file: PathBuf, source: io::Error },
    /// The host key file is not an OpenSSH private key.
    HostKeyCorrupt { file: PathBuf, reason: String },
    /// The host key is protected by a passphrase, which the server cannot type.
    HostKeyEncrypted { file: PathBuf },
    /// The host key is a key, but not Ed25519.
    HostKeyNotEd25519 { file: PathBuf, algorithm: String },
    /// The system's random source failed, so no host key could be made.
    Random { reason: String },
    /// The new host key (or its directory) could not be written.
    HostKeyWrite { file: PathBuf, source: io::Error },
    /// There is no allowlist file.
    AllowlistMissing { file: PathBuf },
    /// The allowlist exists but cannot be read.
    AllowlistRead { file: PathBuf, source: io::Error },
    /// A line of the allowlist is wrong: `origin:line: "text" problem`.
    Line {
        /// The file as the user knows it.
        origin: String,
        /// 1-based line number.
        line: usize,
        /// The offending part of the line, cut to a readable length.
        text: String,
        problem: LineProblem,
    },
}

/// What is wrong with a line of the allowlist. Said by `speech::access::line_problem`,
/// after the quoted text: `"…" is not a valid public key: …`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LineProblem {
    /// The line is not UTF-8 text.
    NotText,
    /// Options but no key type after them.
    NoKey,
    /// Key data (base64) with no key type before it.
    MissingKeyType,
    /// A key type the server cannot verify, or no key type at all.
    UnknownKeyType,
    /// `ssh-dss`: DSA keys cannot be verified (OpenSSH dropped them too).
    DsaKey,
    /// An OpenSSH certificate type (`…-cert-v01@openssh.com`).
    Certificate,
    /// A key type with nothing after it.
    NoKeyData { key_type: String },
    /// A character that is not base64 in the key data.
    Base64Character {
        key_type: String,
        ch: char,
        column: usize,
    },
    /// The key data ends too early.
    CutShort { key_type: String },
    /// The key data goes on after the end of the key.
    TrailingData { key_type: String },
    /// The key type written is not the type inside the key data.
    TypeMismatch { written: String, data: String },
    /// The key data does not decode as a key.
    NotAKey { key_type: String, reason: String },
    /// The options are not in OpenSSH's syntax.
    BadOptions { reason: String },
    /// An option neither escaque nor OpenSSH knows.
    UnknownOption { name: String },
    /// An option that narrows who may connect, which escaque cannot enforce.
    Unenforceable { name: String },
    /// The name (the comment) has a control character.
    ControlCharacter { column: usize },
    /// The same key is already on an earlier line.
    Duplicate { first_line: usize },
}

/// The public key file a player of this key type has, for the advice in messages.
pub fn pub_file(key_type: &str) -> &'static str {
    match key_type {
        "ssh-rsa" => "~/.ssh/id_rsa.pub",
        "sk-ssh-ed25519@openssh.com" => "~/.ssh/id_ed25519_sk.pub",
        "sk-ecdsa-sha2-nistp256@openssh.com" => "~/.ssh/id_ecdsa_sk.pub",
        t if t.starts_with("ecdsa-") => "~/.ssh/id_ecdsa.pub",
        _ => "~/.ssh/id_ed25519.pub",
    }
}

// ---------------------------------------------------------------------------------------
// Host key and fingerprints
// ---------------------------------------------------------------------------------------

/// The server's Ed25519 host key, from `dir/host_ed25519`; made and written there (the
/// directory created, the file atomically, mode 0600 on Unix) when there is none. The
/// `bool` is true when the key was made now (the server then tells its fingerprint, for
/// players to check on their first connection). A file that is there but unusable is an
/// error naming it, never replaced.
pub fn load_or_create_host_key(dir: &Path) -> Result<(PrivateKey, bool), KeyError> {
    let file = dir.join(HOST_KEY_FILE);
    match std::fs::read(&file) {
        Ok(bytes) => read_host_key(&file, &bytes).map(|key| (key, false)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            create_host_key(dir, &file).map(|key| (key, true))
        }
        Err(source) => Err(KeyError::HostKeyRead { file, source }),
    }
}

fn read_host_key(file: &Path, bytes: &[u8]) -> Result<PrivateKey, KeyError> {
    let corrupt = |reason: String| KeyError::HostKeyCorrupt {
        file: file.to_path_buf(),
        reason,
    };
    let text = std::str::from_utf8(bytes).map_err(|_| corrupt("it is not text".into()))?;
    let key = PrivateKey::from_openssh(text).map_err(|e| corrupt(e.to_string()))?;
    if key.is_encrypted() {
        return Err(KeyError::HostKeyEncrypted {
            file: file.to_path_buf(),
        });
    }
    if key.algorithm() != Algorithm::Ed25519 {
        return Err(KeyError::HostKeyNotEd25519 {
            file: file.to_path_buf(),
            algorithm: key.algorithm().as_str().to_string(),
        });
    }
    Ok(key)
}

fn create_host_key(dir: &Path, file: &Path) -> Result<PrivateKey, KeyError> {
    let mut seed = [0u8; 32];
    getrandom::fill(&mut seed).map_err(|e| KeyError::Random {
        reason: e.to_string(),
    })?;
    let keypair = Ed25519Keypair::from_seed(&seed);
    seed.fill(0);
    let write_error = |source: io::Error| KeyError::HostKeyWrite {
        file: file.to_path_buf(),
        source,
    };
    let key = PrivateKey::new(KeypairData::from(keypair), HOST_KEY_COMMENT)
        .map_err(|e| write_error(io::Error::other(e.to_string())))?;
    let text = key
        .to_openssh(LineEnding::LF)
        .map_err(|e| write_error(io::Error::other(e.to_string())))?;
    create_private_dir(dir).map_err(write_error)?;
    crate::fsutil::write_atomic_private(file, text.as_bytes()).map_err(write_error)?;
    Ok(key)
}

/// Creates `dir` (and its parents) if missing; the new directories are the owner's only
/// (mode 0700 on Unix). An existing directory is left as it is.
fn create_private_dir(dir: &Path) -> io::Result<()> {
    if dir.as_os_str().is_empty() || dir.is_dir() {
        return Ok(());
    }
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(dir)
}

/// The SHA-256 fingerprint of a public key as OpenSSH prints it (`ssh-keygen -l`, the
/// first-connection prompt): `SHA256:` and 43 characters of unpadded base64.
pub fn fingerprint(key: &PublicKey) -> String {
    key.fingerprint(HashAlg::Sha256).to_string()
}

// ---------------------------------------------------------------------------------------
// Allowlist
// ---------------------------------------------------------------------------------------

/// A player the allowlist lets in.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Allowed {
    /// The name shown on the board: the comment of the key's line (runs of blanks made one
    /// space), or the first 12 characters of the fingerprint's hash when there is none.
    pub name: String,
    /// The line has the option `arbiter`: this key may take a room's arbiter seat.
    pub arbiter: bool,
    /// The key's [`fingerprint`].
    pub fingerprint: String,
}

/// The players who may connect, each by a public key (the key itself decides; the name is
/// only what is shown).
#[derive(Clone, Debug, Default)]
pub struct Allowlist {
    /// In the order of the file.
    entries: Vec<Allowed>,
    /// The key of each entry, to its index in `entries`, and the line it came from.
    index: HashMap<KeyData, (usize, usize)>,
}

impl Allowlist {
    /// Reads the allowlist file at `path`. A missing file is
    /// [`KeyError::AllowlistMissing`], which says how to make one.
    pub fn load(path: &Path) -> Result<Allowlist, KeyError> {
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Err(KeyError::AllowlistMissing {
                    file: path.to_path_buf(),
                });
            }
            Err(source) => {
                return Err(KeyError::AllowlistRead {
                    file: path.to_path_buf(),
                    source,
                });
            }
        };
        let origin = path.display().to_string();
        match String::from_utf8(bytes) {
            Ok(text) => Allowlist::parse(&text, &origin),
            Err(e) => {
                let bytes = e.as_bytes();
                let at = e.utf8_error().valid_up_to();
                let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
                let start = bytes[..at]
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |p| p + 1);
                let end = bytes[at..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(bytes.len(), |p| at + p);
                Err(KeyError::Line {
                    origin,
                    line,
                    text: cut(String::from_utf8_lossy(&bytes[start..end]).trim()),
                    problem: LineProblem::NotText,
                })
            }
        }
    }

    /// Reads an allowlist from its text; `origin` names it in errors (the file's path).
    /// Blank lines and lines starting with `#` are skipped; the first wrong line is the
    /// error.
    pub fn parse(text: &str, origin: &str) -> Result<Allowlist, KeyError> {
        let mut list = Allowlist::default();
        for (i, raw) in text.lines().enumerate() {
            let line_no = i + 1;
            let line = raw.strip_suffix('\r').unwrap_or(raw);
            let trimmed = line.trim_start_matches([' ', '\t']);
            if trimmed.trim_end().is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let error = |(text, problem): (String, LineProblem)| KeyError::Line {
                origin: origin.to_string(),
                line: line_no,
                text,
                problem,
            };
            let entry = parse_line(line).map_err(error)?;
            if let Some(&(_, first_line)) = list.index.get(&entry.key) {
                return Err(error((
                    entry.quoted_key,
                    LineProblem::Duplicate { first_line },
                )));
            }
            list.index.insert(entry.key, (list.entries.len(), line_no));
            list.entries.push(entry.allowed);
        }
        Ok(list)
    }

    /// The player this key belongs to, if the key is on the list. Only the key is compared,
    /// never its comment.
    pub fn get(&self, key: &PublicKey) -> Option<&Allowed> {
        self.index
            .get(key.key_data())
            .map(|&(i, _)| &self.entries[i])
    }

    /// How many keys are on the list.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// No key is on the list: nobody can connect.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The players in the order of the file.
    pub fn iter(&self) -> impl Iterator<Item = &Allowed> {
        self.entries.iter()
    }
}

/// A parsed line of the allowlist.
struct Entry {
    key: KeyData,
    allowed: Allowed,
    /// `key-type base64`, cut, for an error about the key as a whole.
    quoted_key: String,
}

/// The text quoted in an error: at most [`QUOTE_LEN`] characters, `…` when cut.
fn cut(s: &str) -> String {
    if s.chars().count() <= QUOTE_LEN {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(QUOTE_LEN).collect();
        t.push('…');
        t
    }
}

/// The 1-based column (in characters) of byte offset `at` of `line`.
fn column(line: &str, at: usize) -> usize {
    line[..at].chars().count() + 1
}

/// Is `c` a blank that separates the fields of a line (as sshd has it)?
fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// Splits off the next field of `s` at byte offset `from`: its start and end offsets (after
/// skipping blanks), or `None` at the end of the line. A field ends at a blank, except
/// inside double quotes when `quoted` (the options field).
fn next_field(s: &str, from: usize, quoted: bool) -> Option<(usize, usize)> {
    let start = from + s[from..].find(|c: char| !is_blank(c))?;
    let mut in_quotes = false;
    let mut escaped = false;
    for (i, c) in s[start..].char_indices() {
        if in_quotes {
            match c {
                '\\' if !escaped => escaped = true,
                '"' if !escaped => in_quotes = false,
                _ => escaped = false,
            }
        } else if quoted && c == '"' {
            in_quotes = true;
        } else if is_blank(c) {
            return Some((start, start + i));
        }
    }
    Some((start, s.len()))
}

/// Is this word meant as a key type (accepted or not) rather than as options?
fn looks_like_key_type(word: &str) -> bool {
    ACCEPTED_KEY_TYPES.contains(&word)
        || word == "ssh-dss"
        || word.ends_with("-cert-v01@openssh.com")
        || ((word.starts_with("ssh-") || word.starts_with("ecdsa-") || word.starts_with("sk-"))
            && !word.contains(['=', '"', ',']))
}

fn parse_line(line: &str) -> Result<Entry, (String, LineProblem)> {
    // The first field is the key type, or options when it is not a key type (nor followed
    // by key data, which always starts with "AAAA": the length of the type name).
    let (s0, e0) = next_field(line, 0, false).unwrap_or((0, 0));
    let first = &line[s0..e0];
    if first.starts_with("AAAA") && !first.contains(['=', '"', ',']) {
        return Err((cut(first), LineProblem::MissingKeyType));
    }
    let second_is_data =
        next_field(line, e0, false).is_some_and(|(s, e)| line[s..e].starts_with("AAAA"));
    let (arbiter, type_from) =
        if looks_like_key_type(first) || (second_is_data && !first.contains(['=', '"', ','])) {
            (false, s0)
        } else {
            let (s, e) = next_field(line, 0, true).unwrap_or((0, 0));
            let options = &line[s..e];
            let arbiter = parse_options(options).map_err(|p| (cut(options), p))?;
            (arbiter, e)
        };

    let Some((ts, te)) = next_field(line, type_from, false) else {
        return Err((cut(line.trim()), LineProblem::NoKey));
    };
    let key_type = &line[ts..te];
    if !ACCEPTED_KEY_TYPES.contains(&key_type) {
        let problem = if key_type == "ssh-dss" {
            LineProblem::DsaKey
        } else if key_type.ends_with("-cert-v01@openssh.com") {
            LineProblem::Certificate
        } else {
            LineProblem::UnknownKeyType
        };
        return Err((cut(key_type), problem));
    }
    let Some((bs, be)) = next_field(line, te, false) else {
        return Err((
            cut(key_type),
            LineProblem::NoKeyData {
                key_type: key_type.to_string(),
            },
        ));
    };
    let quoted_key = cut(&line[ts..be]);
    let data = &line[bs..be];
    let key = decode_key(line, key_type, bs, data).map_err(|p| (quoted_key.clone(), p))?;

    let fingerprint = fingerprint(&PublicKey::from(key.clone()));
    let comment = &line[be..];
    if let Some((i, _)) = comment
        .char_indices()
        .find(|&(_, c)| c.is_control() && c != '\t')
    {
        return Err((
            cut(comment.trim()),
            LineProblem::ControlCharacter {
                column: column(line, be + i),
            },
        ));
    }
    let name = comment.split_whitespace().collect::<Vec<_>>().join(" ");
    let name = if name.is_empty() {
        let hash = fingerprint.strip_prefix("SHA256:").unwrap_or(&fingerprint);
        hash.chars().take(DEFAULT_NAME_LEN).collect()
    } else {
        name
    };
    Ok(Entry {
        key,
        allowed: Allowed {
            name,
            arbiter,
            fingerprint,
        },
        quoted_key,
    })
}

/// The key in the base64 `data` (at byte `at` of `line`) of a line that says `key_type`.
fn decode_key(line: &str, key_type: &str, at: usize, data: &str) -> Result<KeyData, LineProblem> {
    let owned = || key_type.to_string();
    let body = data.trim_end_matches('=');
    if let Some((i, ch)) = body
        .char_indices()
        .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '+' || c == '/'))
    {
        return Err(LineProblem::Base64Character {
            key_type: owned(),
            ch,
            column: column(line, at + i),
        });
    }
    if data.len() - body.len() > 2 || data.len() % 4 != 0 {
        return Err(LineProblem::CutShort { key_type: owned() });
    }
    let blob = Base64::decode_vec(data).map_err(|e| LineProblem::NotAKey {
        key_type: owned(),
        reason: e.to_string(),
    })?;
    let public = PublicKey::from_bytes(&blob).map_err(|e| {
        use russh::keys::ssh_encoding::Error as Enc;
        use russh::keys::ssh_key::Error as Key;
        match e {
            Key::Encoding(Enc::Length) => LineProblem::CutShort { key_type: owned() },
            Key::Encoding(Enc::TrailingData { .. }) => {
                LineProblem::TrailingData { key_type: owned() }
            }
            other => LineProblem::NotAKey {
                key_type: owned(),
                reason: other.to_string(),
            },
        }
    })?;
    let inside = public.algorithm();
    if inside.as_str() != key_type {
        return Err(LineProblem::TypeMismatch {
            written: owned(),
            data: inside.as_str().to_string(),
        });
    }
    Ok(public.key_data().clone())
}

/// Checks an OpenSSH options field (`opt,opt="value",…`); true when it has `arbiter`.
fn parse_options(field: &str) -> Result<bool, LineProblem> {
    let bad = |reason: String| LineProblem::BadOptions { reason };
    let mut arbiter = false;
    let mut rest = field;
    loop {
        let name_len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
            .unwrap_or(rest.len());
        let (name, after) = rest.split_at(name_len);
        if name.is_empty() {
            return Err(bad(match after.chars().next() {
                Some(',') | None => {
                    "an option is empty (two commas together, or a comma at the start or end)"
                        .into()
                }
                Some(c) => format!("{c:?} cannot start an option name"),
            }));
        }
        let lower = name.to_ascii_lowercase();
        let (has_value, after) = match after.strip_prefix('=') {
            Some(v) => {
                let Some(quoted) = v.strip_prefix('"') else {
                    return Err(bad(format!(
                        "the value of {name} must be in double quotes: {name}=\"…\""
                    )));
                };
                let mut escaped = false;
                let mut end = None;
                for (i, c) in quoted.char_indices() {
                    match c {
                        '\\' if !escaped => escaped = true,
                        '"' if !escaped => {
                            end = Some(i);
                            break;
                        }
                        _ => escaped = false,
                    }
                }
                let Some(end) = end else {
                    return Err(bad(format!("the quoted value of {name} is not closed")));
                };
                (true, &quoted[end + 1..])
            }
            None => (false, after),
        };
        if UNENFORCEABLE.contains(&lower.as_str()) {
            return Err(LineProblem::Unenforceable { name: lower });
        }
        let valued = IGNORED_VALUED.contains(&lower.as_str());
        let flag = lower == "arbiter" || IGNORED_FLAGS.contains(&lower.as_str());
        if !valued && !flag {
            return Err(LineProblem::UnknownOption {
                name: name.to_string(),
            });
        }
        if valued && !has_value {
            return Err(bad(format!(
                "the option {name} needs a value: {name}=\"…\""
            )));
        }
        if flag && has_value {
            return Err(bad(format!("the option {name} takes no value")));
        }
        arbiter |= lower == "arbiter";
        match after.chars().next() {
            None => return Ok(arbiter),
            Some(',') => rest = &after[1..],
            Some(c) => {
                return Err(bad(format!(
                    "{c:?} after the option {name}: options are separated by commas"
                )));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;
    use russh::keys::ssh_key::public::{Ed25519PublicKey, SkEd25519};
    use std::process::Command;

    /// A real Ed25519 public key (the example of the `ssh-key` crate's documentation).
    const KEY: &str =
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILM+rvN+ot98qgEN796jTiQfZfG1KaT0PtFDJ/XFSqti";
    /// The same key's base64 data.
    const DATA: &str = "AAAAC3NzaC1lZDI1NTE5AAAAILM+rvN+ot98qgEN796jTiQfZfG1KaT0PtFDJ/XFSqti";
    /// The message of a mistake on line 1 of `allowed_keys`.
    /// The error as the server's log says it.
    fn english(e: &KeyError) -> String {
        crate::speech::access::key_error(e, Lang::En)
    }

    fn err1(line: &str) -> String {
        match Allowlist::parse(line, "allowed_keys") {
            Ok(_) => panic!("{line:?} was accepted"),
            Err(e) => english(&e),
        }
    }

    /// A fresh, empty directory for one test, `escaque-keys-{name}-{pid}`, removed when
    /// the guard is dropped: at the end of the test, also when it fails or returns early.
    struct TempDir(PathBuf);

    impl TempDir {
        fn new(name: &str) -> TempDir {
            let d =
                std::env::temp_dir().join(format!("escaque-keys-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&d);
            std::fs::create_dir_all(&d).unwrap();
            TempDir(d)
        }

        fn path(&self) -> &Path {
            &self.0
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// Runs OpenSSH's `ssh-keygen` with `args`; `None` (with a notice) when it is not
    /// installed, unless `ESCAQUE_REQUIRE_SHARED=1`, which makes that a failure.
    fn ssh_keygen(args: &[&str]) -> Option<String> {
        match Command::new("ssh-keygen").args(args).output() {
            Ok(out) => {
                assert!(
                    out.status.success(),
                    "ssh-keygen {args:?}: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
                Some(String::from_utf8(out.stdout).unwrap())
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                if std::env::var("ESCAQUE_REQUIRE_SHARED").as_deref() == Ok("1") {
                    panic!("ssh-keygen (OpenSSH) is required but not installed");
                }
                eprintln!("note: ssh-keygen (OpenSSH) is not installed: test skipped");
                None
            }
            Err(e) => panic!("ssh-keygen: {e}"),
        }
    }

    /// Makes a key pair with ssh-keygen at `dir/name` (no passphrase) and returns its
    /// public key (`dir/name.pub`).
    fn keygen(dir: &Path, name: &str, kind: &[&str], comment: &str) -> Option<PublicKey> {
        let f = dir.join(name);
        let f = f.to_str().unwrap();
        let mut args = vec!["-q", "-N", "", "-C", comment, "-f", f];
        args.extend_from_slice(kind);
        ssh_keygen(&args)?;
        Some(PublicKey::read_openssh_file(dir.join(format!("{name}.pub"))).unwrap())
    }

    fn mode(path: &Path) -> u32 {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    // --- host key -------------------------------------------------------------------

    #[test]
    fn host_key_is_made_once_then_loaded() {
        let tmp = TempDir::new("made-once");
        let dir = tmp.path().join("data").join("escaque");
        let (key, created) = load_or_create_host_key(&dir).unwrap();
        assert!(created);
        assert_eq!(key.algorithm(), Algorithm::Ed25519);
        assert!(!key.is_encrypted());
        let file = dir.join(HOST_KEY_FILE);
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(
            text.starts_with("-----BEGIN OPENSSH PRIVATE KEY-----\n"),
            "{text}"
        );
        #[cfg(unix)]
        {
            assert_eq!(mode(&file), 0o600, "the host key is the owner's only");
            assert_eq!(
                mode(&dir),
                0o700,
                "a directory made for it is the owner's only"
            );
        }
        for _ in 0..2 {
            let (again, created) = load_or_create_host_key(&dir).unwrap();
            assert!(!created);
            assert_eq!(again.public_key().key_data(), key.public_key().key_data());
            assert_eq!(
                std::fs::read_to_string(&file).unwrap(),
                text,
                "not rewritten"
            );
        }
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(
            names,
            vec![std::ffi::OsString::from(HOST_KEY_FILE)],
            "no temporary left"
        );
    }

    #[test]
    fn host_keys_made_in_two_places_differ() {
        let (a, b) = (TempDir::new("differ-a"), TempDir::new("differ-b"));
        let (ka, _) = load_or_create_host_key(a.path()).unwrap();
        let (kb, _) = load_or_create_host_key(b.path()).unwrap();
        assert_ne!(ka.public_key().key_data(), kb.public_key().key_data());
    }

    #[test]
    fn host_key_made_here_is_read_by_openssh() {
        let tmp = TempDir::new("openssh-reads");
        let dir = tmp.path();
        let (key, _) = load_or_create_host_key(dir).unwrap();
        let file = dir.join(HOST_KEY_FILE);
        let Some(public) = ssh_keygen(&["-y", "-f", file.to_str().unwrap()]) else {
            return;
        };
        let public = PublicKey::from_openssh(public.trim()).unwrap();
        assert_eq!(public.key_data(), key.public_key().key_data());
        let listed = ssh_keygen(&["-l", "-E", "sha256", "-f", file.to_str().unwrap()]).unwrap();
        assert_eq!(
            listed.split_whitespace().nth(1),
            Some(fingerprint(key.public_key()).as_str()),
            "{listed}"
        );
    }

    #[test]
    fn host_key_made_by_openssh_is_used() {
        let tmp = TempDir::new("openssh-made");
        let dir = tmp.path();
        let Some(public) = keygen(dir, HOST_KEY_FILE, &["-t", "ed25519"], "admin") else {
            return;
        };
        let (key, created) = load_or_create_host_key(dir).unwrap();
        assert!(!created);
        assert_eq!(key.public_key().key_data(), public.key_data());
    }

    #[test]
    fn corrupt_host_key_is_an_error_and_left_alone() {
        let tmp = TempDir::new("corrupt");
        let dir = tmp.path();
        let file = dir.join(HOST_KEY_FILE);
        for bytes in [&b"not a key\n"[..], &b"\xff\xfe\x00binary"[..], &b""[..]] {
            std::fs::write(&file, bytes).unwrap();
            let e = load_or_create_host_key(dir).unwrap_err();
            assert!(matches!(e, KeyError::HostKeyCorrupt { .. }), "{e:?}");
            let m = english(&e);
            assert!(
                m.starts_with(&format!(
                    "the host key {} is not an OpenSSH private key (",
                    file.display()
                )),
                "{m}"
            );
            assert!(m.ends_with("; it was left as it is: restore it from a backup, or move it aside and escaque makes a new one (players' ssh will then warn that the host key changed)"), "{m}");
            assert_eq!(std::fs::read(&file).unwrap(), bytes, "never replaced");
        }
        // A key cut short (a bad copy) too.
        let src = TempDir::new("corrupt-src");
        load_or_create_host_key(src.path()).unwrap();
        let good = std::fs::read_to_string(src.path().join(HOST_KEY_FILE)).unwrap();
        std::fs::write(&file, &good[..good.len() / 2]).unwrap();
        let e = load_or_create_host_key(dir).unwrap_err();
        assert!(matches!(e, KeyError::HostKeyCorrupt { .. }), "{e:?}");
    }

    #[test]
    fn host_key_with_a_passphrase_is_an_error() {
        let tmp = TempDir::new("passphrase");
        let dir = tmp.path();
        let file = dir.join(HOST_KEY_FILE);
        let f = file.to_str().unwrap();
        if ssh_keygen(&["-q", "-t", "ed25519", "-N", "secret", "-f", f]).is_none() {
            return;
        }
        let e = load_or_create_host_key(dir).unwrap_err();
        assert_eq!(
            english(&e),
            format!(
                "the host key {f} is protected by a passphrase, which the server cannot type: remove the passphrase with `ssh-keygen -p -N \"\" -f {f}`"
            )
        );
    }

    #[test]
    fn host_key_of_another_type_is_an_error() {
        let tmp = TempDir::new("ecdsa-host");
        let dir = tmp.path();
        if keygen(dir, HOST_KEY_FILE, &["-t", "ecdsa"], "x").is_none() {
            return;
        }
        let f = dir.join(HOST_KEY_FILE);
        let f = f.display();
        let e = load_or_create_host_key(dir).unwrap_err();
        assert_eq!(
            english(&e),
            format!(
                "the host key {f} is a ecdsa-sha2-nistp256 key, but escaque's host key is Ed25519: put an Ed25519 key there (`ssh-keygen -t ed25519 -N \"\" -f {f}`), or move the file aside and escaque makes one"
            )
        );
    }

    #[test]
    fn unreadable_host_key_is_an_error_naming_it() {
        let tmp = TempDir::new("unreadable");
        let dir = tmp.path();
        std::fs::create_dir(dir.join(HOST_KEY_FILE)).unwrap();
        let e = load_or_create_host_key(dir).unwrap_err();
        assert!(matches!(e, KeyError::HostKeyRead { .. }), "{e:?}");
        let file = dir.join(HOST_KEY_FILE);
        assert!(english(&e).starts_with(&format!("cannot read the host key {}: ", file.display())));
    }

    // --- fingerprints -----------------------------------------------------------------

    #[test]
    fn fingerprint_is_what_openssh_prints() {
        let tmp = TempDir::new("fingerprints");
        let dir = tmp.path();
        let kinds: [&[&str]; 5] = [
            &["-t", "ed25519"],
            &["-t", "rsa", "-b", "2048"],
            &["-t", "ecdsa", "-b", "256"],
            &["-t", "ecdsa", "-b", "384"],
            &["-t", "ecdsa", "-b", "521"],
        ];
        for (i, kind) in kinds.iter().enumerate() {
            let name = format!("k{i}");
            let Some(public) = keygen(dir, &name, kind, "x") else {
                return;
            };
            let pubfile = dir.join(format!("{name}.pub"));
            let listed =
                ssh_keygen(&["-l", "-E", "sha256", "-f", pubfile.to_str().unwrap()]).unwrap();
            let fp = fingerprint(&public);
            assert_eq!(
                listed.split_whitespace().nth(1),
                Some(fp.as_str()),
                "{kind:?}: {listed}"
            );
            assert_eq!(fp.len(), "SHA256:".len() + 43);
        }
    }

    #[test]
    fn fingerprint_of_a_known_key() {
        let key = PublicKey::from_openssh(KEY).unwrap();
        // As `ssh-keygen -lf` prints it for this key.
        assert_eq!(
            fingerprint(&key),
            "SHA256:UCUiLr7Pjs9wFFJMDByLgc3NrtdU344OgUM45wZPcIQ"
        );
    }

    // --- allowlist: good lines ------------------------------------------------------------

    #[test]
    fn real_openssh_keys_of_every_accepted_type_are_let_in() {
        let tmp = TempDir::new("allow-real");
        let dir = tmp.path();
        let specs: [(&[&str], &str); 5] = [
            (&["-t", "ed25519"], "Ana"),
            (&["-t", "rsa", "-b", "2048"], "Bella Cesar"),
            (&["-t", "ecdsa", "-b", "256"], "david@casa"),
            (&["-t", "ecdsa", "-b", "384"], "Eva"),
            (&["-t", "ecdsa", "-b", "521"], "Félix"),
        ];
        let mut keys = Vec::new();
        let mut text = String::from("# players of the club\n\n");
        for (i, (kind, comment)) in specs.iter().enumerate() {
            let name = format!("k{i}");
            let Some(public) = keygen(dir, &name, kind, comment) else {
                return;
            };
            let line = std::fs::read_to_string(dir.join(format!("{name}.pub"))).unwrap();
            if i == 1 {
                text.push_str("arbiter ");
            }
            if i == 3 {
                text.push_str("  no-pty,command=\"echo \\\"hi, there\\\"\" ");
            }
            text.push_str(line.trim_end());
            text.push_str(if i == 2 { "\r\n" } else { "\n" });
            keys.push((public, *comment));
        }
        let path = dir.join("allowed_keys");
        std::fs::write(&path, &text).unwrap();
        let list = Allowlist::load(&path).unwrap();
        assert_eq!(list.len(), 5);
        assert!(!list.is_empty());
        for (i, (public, comment)) in keys.iter().enumerate() {
            let got = list
                .get(public)
                .unwrap_or_else(|| panic!("key {i} refused"));
            assert_eq!(got.name, *comment);
            assert_eq!(got.arbiter, i == 1);
            assert_eq!(got.fingerprint, fingerprint(public));
        }
        let names: Vec<&str> = list.iter().map(|a| a.name.as_str()).collect();
        assert_eq!(names, ["Ana", "Bella Cesar", "david@casa", "Eva", "Félix"]);
        // A key made by OpenSSH but not listed stays out.
        let Some(other) = keygen(dir, "other", &["-t", "ed25519"], "Ana") else {
            return;
        };
        assert_eq!(list.get(&other), None, "the comment does not let a key in");
    }

    #[test]
    fn keys_made_in_process_are_let_in_by_the_key_not_the_comment() {
        let dirs = [
            TempDir::new("inproc-a"),
            TempDir::new("inproc-b"),
            TempDir::new("inproc-c"),
        ];
        let keys: Vec<PublicKey> = dirs
            .iter()
            .map(|d| {
                load_or_create_host_key(d.path())
                    .unwrap()
                    .0
                    .public_key()
                    .clone()
            })
            .collect();
        let text = format!(
            "{} Gustav\narbiter {} Hector the arbiter\n",
            keys[0]
                .to_openssh()
                .unwrap()
                .trim_end_matches(HOST_KEY_COMMENT)
                .trim(),
            keys[1]
                .to_openssh()
                .unwrap()
                .trim_end_matches(HOST_KEY_COMMENT)
                .trim(),
        );
        let list = Allowlist::parse(&text, "allowed_keys").unwrap();
        assert_eq!(list.len(), 2);
        let g = list.get(&keys[0]).unwrap();
        assert_eq!((g.name.as_str(), g.arbiter), ("Gustav", false));
        let h = list.get(&keys[1]).unwrap();
        assert_eq!((h.name.as_str(), h.arbiter), ("Hector the arbiter", true));
        // The same key with another comment is the same player.
        let mut renamed = keys[0].clone();
        renamed.set_comment("Mallory");
        assert_eq!(list.get(&renamed).unwrap().name, "Gustav");
        // Another key with a listed name is nobody.
        let mut impostor = keys[2].clone();
        impostor.set_comment("Gustav");
        assert_eq!(list.get(&impostor), None);
    }

    #[test]
    fn a_key_without_comment_is_named_by_its_fingerprint() {
        let list = Allowlist::parse(&format!("{KEY}\n"), "allowed_keys").unwrap();
        let key = PublicKey::from_openssh(KEY).unwrap();
        let a = list.get(&key).unwrap();
        assert_eq!(a.name, "UCUiLr7Pjs9w");
        assert_eq!(
            a.fingerprint,
            "SHA256:UCUiLr7Pjs9wFFJMDByLgc3NrtdU344OgUM45wZPcIQ"
        );
    }

    #[test]
    fn names_are_the_comment_with_blanks_made_one_space() {
        let list = Allowlist::parse(&format!("\t {KEY} \t Ana   María\tPérez  \r\n"), "f").unwrap();
        let key = PublicKey::from_openssh(KEY).unwrap();
        assert_eq!(list.get(&key).unwrap().name, "Ana María Pérez");
    }

    #[test]
    fn openssh_options_are_accepted_and_arbiter_is_read() {
        let key = PublicKey::from_openssh(KEY).unwrap();
        for (options, arbiter) in [
            ("arbiter", true),
            ("ARBITER", true),
            ("restrict", false),
            (
                "no-pty,no-port-forwarding,no-agent-forwarding,no-X11-forwarding",
                false,
            ),
            (
                "command=\"echo \\\"a, b\\\" c\",arbiter,environment=\"X=1\"",
                true,
            ),
            (
                "permitopen=\"host:22\",tunnel=\"1\",principals=\"a,b\",arbiter",
                true,
            ),
        ] {
            let list = Allowlist::parse(&format!("{options} {KEY} Ana"), "f")
                .unwrap_or_else(|e| panic!("{options}: {}", english(&e)));
            let a = list.get(&key).unwrap();
            assert_eq!((a.arbiter, a.name.as_str()), (arbiter, "Ana"), "{options}");
        }
    }

    #[test]
    fn security_key_types_are_accepted() {
        let ed = SkEd25519::new(Ed25519PublicKey([9; 32]), "ssh:");
        let key = PublicKey::new(KeyData::SkEd25519(ed), "");
        let line = format!("{} Ana", key.to_openssh().unwrap().trim());
        assert!(
            line.starts_with("sk-ssh-ed25519@openssh.com AAAA"),
            "{line}"
        );
        let list = Allowlist::parse(&line, "f").unwrap();
        assert_eq!(list.get(&key).unwrap().name, "Ana");
    }

    #[test]
    fn blank_and_comment_lines_only_make_an_empty_list() {
        let list = Allowlist::parse("\n# nobody yet\n   \n\t# indented comment\r\n", "f").unwrap();
        assert!(list.is_empty());
        assert_eq!(list.len(), 0);
        assert_eq!(list.get(&PublicKey::from_openssh(KEY).unwrap()), None);
    }

    // --- allowlist: errors, each with its exact words ----------------------------------

    #[test]
    fn missing_allowlist_says_how_to_make_one() {
        let tmp = TempDir::new("missing");
        let dir = tmp.path();
        let path = dir.join("allowed_keys");
        let e = Allowlist::load(&path).unwrap_err();
        let p = path.display();
        assert_eq!(
            english(&e),
            format!(
                "the allowlist {p} does not exist: create it with one line per player, the player's public key made with `ssh-keygen -t ed25519` (append the line of their ~/.ssh/id_ed25519.pub, e.g. `cat id_ed25519.pub >> {p}`; the comment at the end of the line is the name shown on the board); or run `escaque serve --open` to let anyone in under a name they choose"
            )
        );
        assert!(
            crate::speech::access::key_error(&e, Lang::Es)
                .starts_with(&format!("la lista de acceso {p} no existe: "))
        );
    }

    #[test]
    fn cut_short_key_names_file_line_and_text() {
        let text = format!("# club\n{KEY} Ana\nssh-ed25519 AAAAC3Nza Bella\n");
        let e = Allowlist::parse(&text, "allowed_keys").unwrap_err();
        assert_eq!(
            english(&e),
            "allowed_keys:3: \"ssh-ed25519 AAAAC3Nza\" is not a valid public key: the base64 data is cut short; copy the whole line of the player's ~/.ssh/id_ed25519.pub"
        );
        assert_eq!(
            crate::speech::access::key_error(&e, Lang::Es),
            "allowed_keys:3: \"ssh-ed25519 AAAAC3Nza\" no es una clave pública válida: los datos base64 están cortados; copie la línea entera del ~/.ssh/id_ed25519.pub del jugador"
        );
        // Cut on a multiple of four characters: the base64 decodes, the key inside is short.
        assert_eq!(
            err1("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILM+rvN+"),
            "allowed_keys:1: \"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILM+…\" is not a valid public key: the base64 data is cut short; copy the whole line of the player's ~/.ssh/id_ed25519.pub"
        );
    }

    #[test]
    fn every_malformed_line_has_its_message() {
        let cases: Vec<(String, &str)> = vec![
            (
                format!("ssh-ed25519 {}!{} Ana", &DATA[..30], &DATA[31..]),
                "allowed_keys:1: \"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILM+…\" is not a valid public key: the character '!' at column 43 is not base64; copy the whole line of the player's ~/.ssh/id_ed25519.pub unchanged",
            ),
            (
                format!("ssh-foo {DATA} Ana"),
                "allowed_keys:1: \"ssh-foo\" is not a key type the server can verify (it accepts ssh-ed25519, ecdsa-sha2-nistp256, ecdsa-sha2-nistp384, ecdsa-sha2-nistp521, ssh-rsa, sk-ssh-ed25519@openssh.com, sk-ecdsa-sha2-nistp256@openssh.com): a line is `[options] key-type base64 [name]`; copy the whole line of the player's ~/.ssh/id_ed25519.pub (made with `ssh-keygen -t ed25519`)",
            ),
            (
                format!("{DATA} Ana"),
                "allowed_keys:1: \"AAAAC3NzaC1lZDI1NTE5AAAAILM+rvN+ot98qgEN…\" is key data without its key type: a line is `[options] key-type base64 [name]`; copy the whole line of the player's ~/.ssh/id_ed25519.pub, starting with ssh-ed25519",
            ),
            (
                "ssh-dss AAAAB3NzaC1kc3MAAACBAP Ana".to_string(),
                "allowed_keys:1: \"ssh-dss\" is a DSA key, which the server cannot verify (OpenSSH dropped DSA too): ask the player for an Ed25519 key (`ssh-keygen -t ed25519`)",
            ),
            (
                format!("ssh-ed25519-cert-v01@openssh.com {DATA} Ana"),
                "allowed_keys:1: \"ssh-ed25519-cert-v01@openssh.com\" is an OpenSSH certificate, which the allowlist does not take: put the player's plain public key (~/.ssh/id_ed25519.pub) instead",
            ),
            (
                "ssh-rsa".to_string(),
                "allowed_keys:1: \"ssh-rsa\" has no key data after the key type: copy the whole line of the player's ~/.ssh/id_rsa.pub",
            ),
            (
                "arbiter".to_string(),
                "allowed_keys:1: \"arbiter\" has no key after the options: a line is `[options] key-type base64 [name]`, the options followed by the line of the player's ~/.ssh/id_ed25519.pub",
            ),
            (
                format!("ssh-rsa {DATA} Ana"),
                "allowed_keys:1: \"ssh-rsa AAAAC3NzaC1lZDI1NTE5AAAAILM+rvN+…\" is not a valid public key: the line says ssh-rsa but the key data is ssh-ed25519; copy the whole line of the player's ~/.ssh/id_ed25519.pub unchanged",
            ),
            (
                format!("ecdsa-sha2-nistp256 {DATA}"),
                "allowed_keys:1: \"ecdsa-sha2-nistp256 AAAAC3NzaC1lZDI1NTE5…\" is not a valid public key: the line says ecdsa-sha2-nistp256 but the key data is ssh-ed25519; copy the whole line of the player's ~/.ssh/id_ed25519.pub unchanged",
            ),
            (
                format!("command=\"ls {KEY} Ana"),
                "allowed_keys:1: \"command=\"ls ssh-ed25519 AAAAC3NzaC1lZDI1…\" is not valid OpenSSH options syntax: the quoted value of command is not closed; options are separated by commas, without spaces, values in double quotes, as in `arbiter,no-pty,command=\"…\" ssh-ed25519 AAAA… name`",
            ),
            (
                format!("command=ls {KEY} Ana"),
                "allowed_keys:1: \"command=ls\" is not valid OpenSSH options syntax: the value of command must be in double quotes: command=\"…\"; options are separated by commas, without spaces, values in double quotes, as in `arbiter,no-pty,command=\"…\" ssh-ed25519 AAAA… name`",
            ),
            (
                format!("arbiter,,no-pty {KEY} Ana"),
                "allowed_keys:1: \"arbiter,,no-pty\" is not valid OpenSSH options syntax: an option is empty (two commas together, or a comma at the start or end); options are separated by commas, without spaces, values in double quotes, as in `arbiter,no-pty,command=\"…\" ssh-ed25519 AAAA… name`",
            ),
            (
                format!("arbiter, no-pty {KEY} Ana"),
                "allowed_keys:1: \"arbiter,\" is not valid OpenSSH options syntax: an option is empty (two commas together, or a comma at the start or end); options are separated by commas, without spaces, values in double quotes, as in `arbiter,no-pty,command=\"…\" ssh-ed25519 AAAA… name`",
            ),
            (
                format!("arbiter=\"yes\" {KEY} Ana"),
                "allowed_keys:1: \"arbiter=\"yes\"\" is not valid OpenSSH options syntax: the option arbiter takes no value; options are separated by commas, without spaces, values in double quotes, as in `arbiter,no-pty,command=\"…\" ssh-ed25519 AAAA… name`",
            ),
            (
                format!("no-pty,command {KEY} Ana"),
                "allowed_keys:1: \"no-pty,command\" is not valid OpenSSH options syntax: the option command needs a value: command=\"…\"; options are separated by commas, without spaces, values in double quotes, as in `arbiter,no-pty,command=\"…\" ssh-ed25519 AAAA… name`",
            ),
            (
                format!("command=\"a\"x {KEY} Ana"),
                "allowed_keys:1: \"command=\"a\"x\" is not valid OpenSSH options syntax: 'x' after the option command: options are separated by commas; options are separated by commas, without spaces, values in double quotes, as in `arbiter,no-pty,command=\"…\" ssh-ed25519 AAAA… name`",
            ),
            (
                format!("árbitro {KEY} Ana"),
                "allowed_keys:1: \"árbitro\" is not valid OpenSSH options syntax: 'á' cannot start an option name; options are separated by commas, without spaces, values in double quotes, as in `arbiter,no-pty,command=\"…\" ssh-ed25519 AAAA… name`",
            ),
            (
                format!("arbitro {KEY} Ana"),
                "allowed_keys:1: \"arbitro\" has the option \"arbitro\", which neither escaque nor OpenSSH knows: escaque's own option is `arbiter` (that key may take a room's arbiter seat); for OpenSSH's see `man sshd`, AUTHORIZED_KEYS FILE FORMAT",
            ),
            (
                format!("from=\"10.0.0.*\",arbiter {KEY} Ana"),
                "allowed_keys:1: \"from=\"10.0.0.*\",arbiter\" has the option from, which narrows who may connect and which escaque cannot enforce: remove the option from this line (the key may then always connect), or leave the player out",
            ),
            (
                format!("Cert-Authority {KEY} Ana"),
                "allowed_keys:1: \"Cert-Authority\" has the option cert-authority, which narrows who may connect and which escaque cannot enforce: remove the option from this line (the key may then always connect), or leave the player out",
            ),
            (
                format!("{KEY} Ana\u{1b}[31m"),
                "allowed_keys:1: \"Ana\u{1b}[31m\" is not a usable name: it has a control character at column 85; write the name (the comment after the key) in plain text",
            ),
        ];
        let wrong: Vec<String> = cases
            .iter()
            .filter(|(line, expected)| err1(line) != *expected)
            .map(|(line, expected)| format!("{line:?}\n  got: {}\n want: {expected}", err1(line)))
            .collect();
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    #[test]
    fn key_data_that_is_not_a_key_has_its_message() {
        // Base64 of an ECDSA blob whose point is not a point of the curve's encoding.
        let mut blob = Vec::new();
        for field in [&b"ecdsa-sha2-nistp256"[..], b"nistp256", &[7; 65]] {
            blob.extend_from_slice(&(field.len() as u32).to_be_bytes());
            blob.extend_from_slice(field);
        }
        let line = format!("ecdsa-sha2-nistp256 {}", Base64::encode_string(&blob));
        let e = Allowlist::parse(&line, "allowed_keys").unwrap_err();
        assert!(
            matches!(
                &e,
                KeyError::Line {
                    line: 1,
                    problem: LineProblem::NotAKey { .. },
                    ..
                }
            ),
            "{e:?}"
        );
        assert_eq!(
            english(&e),
            "allowed_keys:1: \"ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTIt…\" is not a valid public key: the key data does not decode (ECDSA encoding error: elliptic curve point encoding error); copy the whole line of the player's ~/.ssh/id_ecdsa.pub"
        );
        // A whole key with more bytes after it.
        let mut blob = Base64::decode_vec(DATA).unwrap();
        blob.extend_from_slice(&[0, 0, 0, 0]);
        let line = format!("ssh-ed25519 {} Ana", Base64::encode_string(&blob));
        assert_eq!(
            err1(&line),
            "allowed_keys:1: \"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILM+…\" is not a valid public key: the base64 data goes on after the end of the key (two keys run together?); put each key on a line of its own"
        );
    }

    #[test]
    fn the_same_key_twice_is_an_error_naming_both_lines() {
        let text = format!("{KEY} Ana\n\n# again\narbiter {KEY} Bella\n");
        let e = Allowlist::parse(&text, "allowed_keys").unwrap_err();
        assert_eq!(
            english(&e),
            "allowed_keys:4: \"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILM+…\" is the same key as line 1: a key may be listed once (one name, one arbiter option); remove one of the two lines"
        );
    }

    #[test]
    fn allowlist_that_is_not_utf8_names_the_line() {
        let tmp = TempDir::new("not-utf8");
        let dir = tmp.path();
        let path = dir.join("allowed_keys");
        std::fs::write(
            &path,
            [
                format!("{KEY} Ana\n").as_bytes(),
                b"ssh-ed25519 AAAA Jos\xe9\n",
            ]
            .concat(),
        )
        .unwrap();
        let e = Allowlist::load(&path).unwrap_err();
        assert_eq!(
            english(&e),
            format!(
                "{}:2: \"ssh-ed25519 AAAA Jos\u{fffd}\" is not UTF-8 text: save the allowlist as UTF-8",
                path.display()
            )
        );
    }

    #[test]
    fn no_mangled_line_makes_the_parser_panic() {
        let text = format!(
            "# c\narbiter,command=\"a \\\"b\\\", c\" {KEY} Ana María\nfrom=\"x\" {KEY}\nssh-rsa {DATA}\n"
        );
        let inserts = [
            '"', ',', '=', ' ', '\\', 'é', '\t', '#', 'A', '/', '\u{1b}', '\r',
        ];
        let mut tried = 0;
        for (at, _) in text.char_indices() {
            let _ = Allowlist::parse(&text[..at], "f");
            for c in inserts {
                let mut t = text.clone();
                t.insert(at, c);
                let _ = Allowlist::parse(&t, "f");
                let mut t = text.clone();
                let len = t[at..].chars().next().unwrap().len_utf8();
                t.replace_range(at..at + len, c.encode_utf8(&mut [0; 4]));
                let _ = Allowlist::parse(&t, "f");
                tried += 2;
            }
        }
        assert!(tried > 1000);
    }
}
