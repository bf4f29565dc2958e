//! The tournament table where a game is played, shared by every front end (DESIGN.md,
//! "table"): the one command grammar ([`command`]), the one [`session::Session`] that owns
//! a game with its clock, seats and the questions waiting for a yes or a no, and the rooms
//! of `escaque serve` ([`room`]). Front ends map their input (keys, lines, SSH bytes) to a
//! [`command::Command`] and draw or say the events; none reads command words itself.

pub mod command;
pub mod journal;
pub mod room;
pub mod session;

/// Today's date as PGN writes it (`YYYY.MM.DD`), from the system clock (UTC).
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = (secs / 86_400) as i64;
    // Civil from days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = if m <= 2 { y + 1 } else { y };
    format!("{y:04}.{m:02}.{d:02}")
}
