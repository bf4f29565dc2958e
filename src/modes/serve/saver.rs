//! The writer of `escaque serve`: rooms' unfinished games autosaved, finished ones
//! written to the games folder, by a thread of its own (the hub's lock never waits for the
//! disk); and the rooms restored from the autosaves at start.
//!
//! A room's autosave is two files: `ROOM.journal`, every act of the game with its instant
//! ([`crate::table::journal`]), from which a restarted server rebuilds the session exactly
//! (offers, claims and their penalties, the arbiter's decisions, pauses, flag falls, the
//! clocks); and `ROOM.pgn`, the readable game with the room's own tags (its code, the
//! seats' keys, the password's hash), which also says how the game was set up. Both are
//! rewritten whole, atomically, the journal first: a PGN never stands beside an older
//! journal.

use super::*;
use crate::speech::operator;

/// A game to write.
pub(super) enum SaveJob {
    /// The unfinished game of a room, written over its autosave: the PGN, and the
    /// journal when the session has a whole one (a room restored from an older PGN alone
    /// has not; its old journal, if any, is removed).
    Autosave {
        room: String,
        text: String,
        journal: Option<String>,
    },
    /// A finished game: written to the games directory, the autosave (both files)
    /// removed.
    Finished { room: String, session: Box<Session> },
}

/// The writer's end of the hub: its queue, and its thread, which the hub waits for when
/// it goes (dropped): every job given to it is written before the server's process ends,
/// and nothing is written after the hub is gone (a new server on the same folders, a test's
/// folder removed).
pub(super) struct Saver {
    tx: Option<std::sync::mpsc::Sender<SaveJob>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Saver {
    fn send(&self, job: SaveJob) {
        if let Some(tx) = &self.tx {
            let _ = tx.send(job);
        }
    }
}

impl Drop for Saver {
    fn drop(&mut self) {
        // The queue closed, the thread writes what is left in it and ends.
        drop(self.tx.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Starts the writer of `dirs`: it writes jobs in order, and of several autosaves of one
/// room waiting together only the last (the others are already out of date).
pub(super) fn start_saver(dirs: ServeDirs) -> Saver {
    let (tx, rx) = std::sync::mpsc::channel::<SaveJob>();
    let thread = std::thread::spawn(move || {
        while let Ok(first) = rx.recv() {
            let mut jobs = vec![first];
            jobs.extend(rx.try_iter());
            let last_autosave: BTreeMap<&str, usize> = jobs
                .iter()
                .enumerate()
                .filter_map(|(i, j)| match j {
                    SaveJob::Autosave { room, .. } => Some((room.as_str(), i)),
                    SaveJob::Finished { .. } => None,
                })
                .collect();
            let keep: Vec<bool> = jobs
                .iter()
                .enumerate()
                .map(|(i, j)| match j {
                    SaveJob::Autosave { room, .. } => last_autosave.get(room.as_str()) == Some(&i),
                    SaveJob::Finished { .. } => true,
                })
                .collect();
            for (job, keep) in jobs.into_iter().zip(keep) {
                if !keep {
                    continue;
                }
                // A failed write cannot stop the games; the next move writes again.
                match job {
                    SaveJob::Autosave {
                        room,
                        text,
                        journal,
                    } => {
                        let path = dirs.autosave.join(format!("{room}.pgn"));
                        let journal_path = crate::modes::persist::journal_path(&path);
                        // Mode 0600 in a 0700 folder: a room's password is in its tags.
                        let _ = crate::fsutil::private_dir(&dirs.autosave)
                            .and_then(|_| match &journal {
                                Some(j) => {
                                    crate::fsutil::write_atomic_private(&journal_path, j.as_bytes())
                                }
                                None => match std::fs::remove_file(&journal_path) {
                                    Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
                                    _ => Ok(()),
                                },
                            })
                            .and_then(|_| {
                                crate::fsutil::write_atomic_private(&path, text.as_bytes())
                            });
                    }
                    SaveJob::Finished { room, session } => {
                        if crate::modes::persist::save_game(&session, &dirs.games).is_ok() {
                            let path = dirs.autosave.join(format!("{room}.pgn"));
                            let _ =
                                std::fs::remove_file(crate::modes::persist::journal_path(&path));
                            let _ = std::fs::remove_file(path);
                        }
                    }
                }
            }
        }
    });
    Saver {
        tx: Some(tx),
        thread: Some(thread),
    }
}

impl Hub {
    /// Autosave of an unfinished game (atomic), the PGN of a finished one.
    pub(super) fn save(&mut self, code: &str) {
        let Some(saver) = &self.saver else {
            return;
        };
        let Ok(room) = self.rooms.get_mut(code) else {
            return;
        };
        // From its creation on: a room with no move yet (its seats, its settings) comes
        // back after a restart too. Saved when anything it keeps changed.
        let version = room.version();
        if room.archived || room.saved_version == Some(version) {
            return;
        }
        room.saved_version = Some(version);
        let job = if room.session.game().is_over() {
            room.archived = true;
            SaveJob::Finished {
                room: room.code.clone(),
                session: Box::new((*room.session).clone()),
            }
        } else {
            let mut tags = crate::modes::persist::tags(&room.session);
            tags.extend(room.restore_tags());
            SaveJob::Autosave {
                room: room.code.clone(),
                text: crate::laws::export::to_pgn_text(room.session.game(), &tags),
                journal: room
                    .session
                    .journal_is_whole()
                    .then(|| crate::table::journal::text(room.session.journal())),
            }
        };
        saver.send(job);
    }
}

impl Hub {
    /// Restores the rooms whose unfinished games were autosaved in `dir` by an earlier run
    /// (after a restart or a crash): the seats go back to their keys, the clocks stay
    /// stopped until both players are back. Returns a line per file, said at start; a file
    /// that cannot be read is left where it is.
    pub fn restore(&mut self, dir: &std::path::Path, now: u64) -> Vec<String> {
        // Said to the operator in the server's language: the config's, else LANG's.
        let lang = self.config.lang();
        let mut said = Vec::new();
        let Ok(entries) = std::fs::read_dir(dir) else {
            return said;
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
            .collect();
        paths.sort();
        for path in paths {
            let salt = self.rooms.salt();
            match restore_room(&path, now, salt, lang) {
                Ok((room, journal)) => {
                    use crate::modes::persist::JournalUse;
                    use crate::speech::operator::JournalUse as Said;
                    let why;
                    let how = match &journal {
                        JournalUse::Replayed => Said::Replayed,
                        JournalUse::Absent => Said::Absent,
                        JournalUse::Unread(path, problem) => {
                            why = problem.say(path, lang);
                            Said::Unread(&why)
                        }
                    };
                    said.push(operator::room_restored(
                        lang,
                        &room.code,
                        [
                            room.session.name(Color::White),
                            room.session.name(Color::Black),
                        ],
                        room.session.game().plies().len(),
                        &path.display().to_string(),
                        how,
                    ));
                    self.rooms.insert(room);
                }
                Err(e) => said.push(operator::not_restored(lang, &e)),
            }
        }
        said
    }
}

/// One room from its autosave: the session replayed from its journal, or from the PGN
/// alone when there is none or it does not read (how, said with the room).
fn restore_room(
    path: &std::path::Path,
    now: u64,
    salt: [u8; 16],
    lang: crate::lang::Lang,
) -> Result<(crate::table::room::Room, crate::modes::persist::JournalUse), String> {
    use crate::table::room::{Holder, Room};
    let (session, game_now, journal) =
        crate::modes::persist::resume_or_pgn(path, crate::table::session::Setup::default())
            .map_err(|e| e.say(lang))?;
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{shown}: {}", crate::speech::files::io_error(&e, lang)))?;
    let pgn = crate::laws::pgn::read_str(&text)
        .next()
        .and_then(Result::ok)
        .ok_or_else(|| format!("{shown}: {}", crate::speech::files::no_game(lang)))?;
    let tag = |k: &str| pgn.tag(k).map(str::to_string);
    let code = tag("EscaqueRoom")
        .filter(|c| c.len() == 4 && c.chars().all(|ch| ch.is_ascii_alphanumeric()))
        .ok_or_else(|| operator::not_a_room(lang, &shown))?;
    let holder = |key: &str, name: String| tag(key).map(|identity| Holder { identity, name });
    let seats = [
        holder("EscaqueWhiteKey", session.name(Color::White).to_string()),
        holder("EscaqueBlackKey", session.name(Color::Black).to_string()),
    ];
    let arbiter = holder(
        "EscaqueArbiterKey",
        tag("EscaqueArbiterName").unwrap_or_default(),
    );
    let settings = RoomSettings {
        time_control: session.setup().time_control.clone(),
        color: if tag("EscaqueRoomColor").as_deref() == Some("black") {
            ColorChoice::Black
        } else {
            ColorChoice::White
        },
        // Hashed; an autosave of an older server kept it in plain text: hashed now, and
        // the next save writes the hash.
        password: tag("EscaqueRoomPassword").map(|p| {
            crate::table::room::RoomPassword::from_tag(&p)
                .unwrap_or_else(|| crate::table::room::RoomPassword::new(&p, salt))
        }),
    };
    // The restore tags are the server's own: they are not the game's.
    let mut session = session;
    session.retain_tags(|k| {
        !k.starts_with("EscaqueRoom") && !k.ends_with("Key") && k != "EscaqueArbiterName"
    });
    Ok((
        Room::restored(code, settings, session, seats, arbiter, game_now, now),
        journal,
    ))
}
