//! Writing files so that a crash, a `kill -9` or a full disk never leaves half a game: the
//! autosave, saved games and sealed envelopes all go through [`write_atomic`].

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Writes `bytes` to `path` atomically: into a temporary file in the same directory, which
/// is flushed to the disk (fsync) and then renamed over `path`. A reader sees either the old
/// file or the new one, never a part. The directory is created if missing; on any error the
/// temporary file is removed and `path` is left as it was.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_as(path, bytes, false)
}

/// `path` as the screen shows it: under the home directory, from `~/` (a saved game's path,
/// `~/.local/share/escaque/games/…`, then fits a row of 80 columns with the sentence that
/// gives it); elsewhere as it is.
pub fn shown_path(path: &Path) -> String {
    let home = directories::BaseDirs::new().map(|b| b.home_dir().to_path_buf());
    shown_path_from(path, home.as_deref())
}

fn shown_path_from(path: &Path, home: Option<&Path>) -> String {
    match home.and_then(|h| path.strip_prefix(h).ok()) {
        Some(rest) if !rest.as_os_str().is_empty() => format!("~/{}", rest.display()),
        _ => path.display().to_string(),
    }
}

/// [`write_atomic`] for a secret (the SSH server's host key): on Unix the file is readable
/// and writable by its owner only (mode 0600) from the moment its temporary file is
/// created, so no other user can read it even while it is being written.
pub fn write_atomic_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_as(path, bytes, true)
}

fn write_atomic_as(path: &Path, bytes: &[u8], private: bool) -> io::Result<()> {
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} does not name a file", path.display()),
        )
    })?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&dir)?;
    let (tmp, mut file) = create_temp(&dir, &name.to_string_lossy(), private)?;
    let result = (|| {
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        fs::rename(&tmp, path)?;
        sync_dir(&dir);
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Creates `dir` (and its parents) for files only its owner may read — the SSH server's
/// folder, which holds the host key and rooms' passwords — and on Unix makes it mode 0700,
/// also when it existed already with wider permissions (another user could list and read
/// what a 0755 folder holds).
pub fn private_dir(dir: &Path) -> io::Result<()> {
    fs::create_dir_all(dir)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(dir, fs::Permissions::from_mode(0o700))?;
    }
    Ok(())
}

/// Is this the name of one of [`write_atomic`]'s temporary files (left over by a crash
/// between the write and the rename)? Such files can be deleted.
pub fn is_temporary(name: &str) -> bool {
    name.starts_with('.') && name.contains(".tmp-")
}

/// A new file `.NAME.tmp-PID-N` in `dir`, created exclusively (mode 0600 on Unix when
/// `private`).
fn create_temp(dir: &Path, name: &str, private: bool) -> io::Result<(PathBuf, File)> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let tmp = dir.join(format!(".{name}.tmp-{}-{n}", std::process::id()));
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        if private {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        #[cfg(not(unix))]
        let _ = private;
        match options.open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// Makes the rename itself durable (on Unix a directory can be opened and synced; elsewhere
/// this does nothing). Failures are ignored: the data is already safe in the file.
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// A failure of the system, kept as data (an `io::Error` is neither `Clone` nor `Eq`): its
/// kind, the system's error number and its own words (`Display`); `speech::files` says it
/// in the interface language.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SystemError {
    pub kind: io::ErrorKind,
    pub code: Option<i32>,
    pub text: String,
}

impl From<&io::Error> for SystemError {
    fn from(e: &io::Error) -> SystemError {
        SystemError {
            kind: e.kind(),
            code: e.raw_os_error(),
            text: e.to_string(),
        }
    }
}

impl std::fmt::Display for SystemError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_under_home_is_shown_from_the_tilde() {
        let home = Path::new("/home/ana");
        let game = Path::new("/home/ana/.local/share/escaque/games/g.pgn");
        assert_eq!(
            shown_path_from(game, Some(home)),
            "~/.local/share/escaque/games/g.pgn"
        );
        // Elsewhere, a home that is only a prefix of a name, the home itself, no home.
        let other = Path::new("/tmp/g.pgn");
        assert_eq!(shown_path_from(other, Some(home)), "/tmp/g.pgn");
        let anabel = Path::new("/home/anabel/g.pgn");
        assert_eq!(shown_path_from(anabel, Some(home)), "/home/anabel/g.pgn");
        assert_eq!(shown_path_from(home, Some(home)), "/home/ana");
        assert_eq!(shown_path_from(game, None), game.display().to_string());
    }
}
