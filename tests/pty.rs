//! End-to-end tests of play mode in a real terminal (a PTY driven by tmux): the full screen
//! played with typed moves and with the arrow keys, the terminal given back as it was, a
//! game killed with `kill -9` and resumed from its autosave, the screen-reader line mode in
//! a terminal (moves in words, queries, a draw offer declined, a low-time warning,
//! resignation), and the line mode fed by a pipe.
//!
//! tmux is needed (`apt-get install tmux`; `.ci/run` installs it). Without it these tests
//! print a note and pass, except under CI (`ESCAQUE_REQUIRE_SHARED=1` or `CI`), where they
//! fail. Every wait polls the screen or a file until the expected text is there; the
//! deadline only stops a hung test.

#[path = "pty/tmux.rs"]
mod tmux;

use std::io::Write;
use std::process::{Command, Stdio};

use tmux::{Sandbox, Term, has_line, sh_quote, tmux_available, transcript, wait_until};

/// The rows of the scoresheet pane (the rightmost box under "Scoresheet"), trailing blanks
/// trimmed, empty rows dropped; on a row of moves, the clock readings (shown whenever they
/// fit) are left out and the words joined by one space: `1. e4 e5`.
fn scoresheet(screen: &str) -> Vec<String> {
    let rows: Vec<&str> = screen.lines().collect();
    let Some(head) = rows.iter().position(|r| r.contains("┌ Scoresheet")) else {
        panic!("no scoresheet on the screen:\n{screen}");
    };
    let mut out = Vec::new();
    for row in &rows[head + 1..] {
        let row = row.trim_end();
        if row.ends_with('┘') {
            break;
        }
        let inner = row.strip_suffix('│').unwrap_or(row);
        let cell = inner.rsplit('│').next().unwrap_or("").trim_end();
        if cell.starts_with(|c: char| c.is_ascii_digit() || c == ' ')
            && cell.trim_start().starts_with(|c: char| c.is_ascii_digit())
        {
            let words: Vec<&str> = cell
                .split_whitespace()
                .filter(|w| {
                    !(w.contains(':')
                        && w.chars()
                            .all(|c| c.is_ascii_digit() || c == ':' || c == '.'))
                })
                .collect();
            out.push(words.join(" "));
        } else if !cell.is_empty() {
            out.push(cell.to_string());
        }
    }
    out
}

/// The board's row of `rank` (`│6  ·   …`) up to the board's right border, without it.
fn board_row(screen: &str, rank: char) -> String {
    let prefix = format!("│{rank}  ");
    let row = screen
        .lines()
        .find(|r| r.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no board row {rank} on the screen:\n{screen}"));
    let inner = &row['│'.len_utf8()..];
    let end = inner.find('│').unwrap_or(inner.len());
    format!("│{}", &inner[..end])
}

/// A clock face of the clock pane: (running marker shown, the reading `h:mm:ss`).
fn clock_face(screen: &str, who: &str) -> (bool, String) {
    let row = screen
        .lines()
        .find(|r| r.contains(who) && r.contains("││"))
        .unwrap_or_else(|| panic!("no clock of {who:?} on the screen:\n{screen}"));
    let cell = row.trim_end().strip_suffix('│').unwrap_or(row);
    let cell = cell.rsplit('│').next().unwrap_or("").trim();
    let running = cell.starts_with('▶');
    let reading = cell.split_whitespace().last().unwrap_or("").to_string();
    (running, reading)
}

/// `0:05:01.287` (a PGN `[%clk]`) in milliseconds.
fn clk_ms(text: &str) -> u64 {
    let (hms, frac) = text.split_once('.').unwrap_or((text, "0"));
    let parts: Vec<u64> = hms
        .split(':')
        .map(|p| p.parse().unwrap_or_else(|_| panic!("bad clock {text:?}")))
        .collect();
    let [h, m, s] = parts[..] else {
        panic!("bad clock {text:?}")
    };
    let frac_ms: u64 = format!("{frac:0<3}")[..3].parse().expect("digits");
    ((h * 60 + m) * 60 + s) * 1000 + frac_ms
}

/// The `[%clk]` readings of a PGN text, in order of the moves.
fn clk_readings(pgn: &str) -> Vec<u64> {
    pgn.split("[%clk ")
        .skip(1)
        .map(|rest| clk_ms(rest.split(']').next().unwrap_or("")))
        .collect()
}

/// `h:mm:ss` of whole seconds, as a clock face shows times of 10 s and more.
fn face(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

#[test]
fn full_screen_typed_and_arrow_moves_then_quit_restores_the_terminal() {
    if !tmux_available("full_screen") {
        return;
    }
    let sandbox = Sandbox::new("full");
    // The shell around escaque waits for Enter (so that the recording of the bytes the
    // pane receives starts first), reports escaque's exit status and whether the
    // terminal's modes (raw mode off, echo, …) are back to what they were, then keeps the
    // pane alive so that tmux can still be asked about the screen and the cursor.
    let command = format!(
        "read go; before=$(stty -g); {}; status=$?; \
         if [ \"$(stty -g)\" = \"$before\" ]; then modes=restored; else modes=changed; fi; \
         echo \"[escaque exited with status $status; terminal modes $modes]\"; exec sleep 600",
        sandbox.escaque("en_US.UTF-8", "--tc 5+3")
    );
    let term = Term::start(&sandbox, "full", &command);
    let bytes = sandbox.path("bytes");
    term.record(&bytes);
    term.keys(&["Enter"]);
    let screen =
        term.wait_line("New game. White to move. Type a move, or use the arrows and Enter.");
    assert!(screen.starts_with(" White – Black  ·  5+3\n"), "{screen}");
    assert_eq!(
        term.display("#{alternate_on} #{cursor_flag}"),
        "1 0",
        "the full screen is on the alternate screen with the cursor hidden"
    );
    assert_eq!(scoresheet(&screen), ["  no moves yet"], "{screen}");

    // Typed moves: a file or piece letter opens the command line, Enter plays.
    term.keys(&["e", "4", "Enter"]);
    term.wait_line("1. e4");
    term.keys(&["e", "5", "Enter"]);
    term.wait_line("1… e5");
    term.keys(&["N", "f", "3", "Enter"]);
    let screen = term.wait_line("2. Nf3");
    assert!(screen.contains("┌ Black to move ─"), "{screen}");

    // Black's knight with the arrows: the cursor starts on e2 (White at the bottom) and
    // stays there; six up and three left is b8, Enter picks the knight up.
    term.keys(&[
        "Up", "Up", "Up", "Up", "Up", "Up", "Left", "Left", "Left", "Enter",
    ]);
    let screen = term.wait_screen("the knight on b8 picked up", |s| s.contains("{♞}"));
    assert_eq!(
        board_row(&screen, '8'),
        "│8  ♜  {♞}  ♝   ♛   ♚   ♝   ♞   ♜   "
    );
    // Its legal targets a6 and c6 are marked.
    assert_eq!(
        board_row(&screen, '6'),
        "│6  ·       ·                       "
    );
    // Two down and one right is c6: Enter drops it there.
    term.keys(&["Down", "Down", "Right", "Enter"]);
    let screen = term.wait_line("2… Nc6");
    assert_eq!(scoresheet(&screen), ["1. e4 e5", "2. Nf3 Nc6"], "{screen}");
    assert!(screen.contains("┌ White to move ─"), "{screen}");
    assert_eq!(
        board_row(&screen, '6'),
        "│6         [♞]                      ",
        "the knight is on c6, under the cursor"
    );
    assert_eq!(
        board_row(&screen, '8'),
        "│8  ♜       ♝   ♛   ♚   ♝   ♞   ♜   "
    );

    // q asks while a game runs; y leaves.
    term.keys(&["q"]);
    term.wait_line("[y/n] Quit? The game is saved and can be resumed.");
    term.keys(&["y"]);
    let screen = term.wait_text("[escaque exited");
    assert!(
        has_line(
            &screen,
            "[escaque exited with status 0; terminal modes restored]"
        ),
        "{screen}"
    );
    assert!(
        !screen.contains("Scoresheet"),
        "the main screen is back, without the game on it:\n{screen}"
    );
    assert_eq!(
        term.display("#{alternate_on} #{cursor_flag}"),
        "0 1",
        "the alternate screen is left and the cursor shown again"
    );
    // tmux shows the cursor again on leaving the alternate screen by itself, other
    // terminals do not: escaque must say so. After the last switch back to the main
    // screen come "show the cursor" and "bracketed paste off".
    wait_until("the recording of the exit line", || {
        std::fs::read(&bytes).is_ok_and(|b| b.windows(15).any(|w| w == b"[escaque exited"))
    });
    let sent = std::fs::read(&bytes).expect("recorded bytes");
    let find = |needle: &[u8], from: usize| {
        sent[from..]
            .windows(needle.len())
            .position(|w| w == needle)
            .map(|i| i + from)
    };
    let entered = find(b"\x1b[?1049h", 0).expect("escaque entered the alternate screen");
    let left = find(b"\x1b[?1049l", entered).expect("escaque left the alternate screen");
    assert!(find(b"\x1b[?1049h", left).is_none(), "entered it again");
    assert!(
        find(b"\x1b[?25h", left).is_some(),
        "the cursor is shown after leaving the alternate screen"
    );
    assert!(
        find(b"\x1b[?2004l", entered).is_some(),
        "bracketed paste is turned off"
    );
    // Quitting a running game keeps it for the next start.
    let saved = std::fs::read_to_string(sandbox.autosave()).expect("the autosave");
    assert!(saved.contains("1. e4 "), "{saved}");
    assert!(saved.contains("2... Nc6 "), "{saved}");
}

#[test]
fn full_screen_killed_mid_game_resumes_every_move_and_the_clocks() {
    if !tmux_available("kill_resume") {
        return;
    }
    let sandbox = Sandbox::new("kill");
    let escaque = sandbox.escaque("en_US.UTF-8", "--tc 5+3");
    // The first run: a shell notes escaque's process id, and reports how it ended (tmux's
    // own #{pane_dead_signal} is not always filled in for a killed pane).
    let pid_file = sandbox.path("pid");
    let first = format!(
        "sh -c 'echo $$ > \"$0\"; exec \"$@\"' {} {escaque}; \
         echo \"[escaque exited with status $?]\"; exec sleep 600",
        sh_quote(&pid_file.to_string_lossy())
    );
    let saved;
    {
        let term = Term::start(&sandbox, "kill", &first);
        term.wait_line("New game. White to move. Type a move, or use the arrows and Enter.");
        for (keys, said) in [
            (&["e", "4", "Enter"][..], "1. e4"),
            (&["e", "5", "Enter"], "1… e5"),
            (&["N", "f", "3", "Enter"], "2. Nf3"),
            (&["N", "c", "6", "Enter"], "2… Nc6"),
            (&["B", "b", "5", "Enter"], "3. Bb5"),
        ] {
            term.keys(keys);
            term.wait_line(said);
        }
        // Black claims a draw that is not there (9.5.3): asked first, then White's clock
        // gets a minute.
        term.keys(&["c", "l", "a", "i", "m", "Enter"]);
        term.wait_screen("the claim's question", |s| {
            s.contains("[y/n] Claim a draw?")
        });
        term.keys(&["y"]);
        // The autosave is written before the screen shows the act; read what it holds.
        wait_until("the autosave of the claim after 3. Bb5", || {
            std::fs::read_to_string(sandbox.autosave())
                .is_ok_and(|t| t.contains("3. Bb5") && t.contains("claims a draw"))
        });
        saved = std::fs::read_to_string(sandbox.autosave()).expect("autosave");
        let screen = term.wait_screen("White's minute on the clock", |s| {
            let readings = clk_readings(&saved);
            readings.len() == 5 && clock_face(s, "♔ White").1 == face(readings[4] + 60_000)
        });
        assert!(!clock_face(&screen, "♔ White").0, "{screen}");
        let pid = std::fs::read_to_string(&pid_file).expect("the pid file");
        let pid = pid.trim();
        let comm = std::fs::read_to_string(format!("/proc/{pid}/comm")).unwrap_or_default();
        assert!(
            comm.is_empty() || comm.trim() == "escaque",
            "the process {pid} is escaque, not {comm:?}"
        );
        let killed = Command::new("kill")
            .args(["-9", pid])
            .status()
            .expect("kill runs");
        assert!(killed.success());
        // 128 + 9: killed by SIGKILL. It could not give the terminal back: the shell's
        // line lands on the alternate screen. The next start gets a new terminal, as after
        // a lost connection.
        term.wait_screen("the shell's line after the kill", |s| {
            // The terminal is still raw: the line may wrap anywhere.
            s.replace('\n', "")
                .contains("[escaque exited with status 137]")
        });
        assert_eq!(term.display("#{alternate_on}"), "1");
    }
    let readings = clk_readings(&saved);
    assert_eq!(readings.len(), 5, "a clock reading per move in {saved}");

    let term = Term::start(&sandbox, "kill2", &format!("exec {escaque}"));
    term.wait_line("An unfinished game was found. Resume it? (y/n)");
    term.keys(&["y"]);
    let screen = term.wait_line("Game resumed. Last move: 3. Bb5. Black to move.");
    let sheet = scoresheet(&screen);
    assert_eq!(sheet[..3], ["1. e4 e5", "2. Nf3 Nc6", "3. Bb5"], "{screen}");
    // The claim (a claim is also an offer, 9.1.2.3) and its penalty, restored.
    assert!(
        sheet.contains(&"  = Black offers a draw".to_string())
            && sheet.contains(&"  ! +1 min to White (Art. 9.5.3)".to_string()),
        "{screen}"
    );
    assert!(screen.contains("┌ Black to move ─"), "{screen}");
    assert_eq!(
        board_row(&screen, '5'),
        "│5      ♗           ♟               "
    );
    // White's clock is stopped at the reading saved after 3. Bb5 and the minute of the
    // wrong claim (9.5.3, kept by the journal); Black's runs on from the reading saved
    // after 2... Nc6 (the time between that save and the kill is lost).
    let (white_running, white) = clock_face(&screen, "♔ White");
    let (black_running, black) = clock_face(&screen, "♚ Black");
    assert!(!white_running && black_running, "{screen}");
    assert_eq!(white, face(readings[4] + 60_000), "{screen}\n{saved}");
    let black_ms = clk_ms(&format!("{black}.999"));
    assert!(
        black_ms <= readings[3] + 999 && black_ms + 60_000 > readings[3],
        "Black's clock {black} goes on from {} ({saved})",
        face(readings[3])
    );
    assert!(saved.contains("[EscaqueTimeControl \"5+3\"]"), "{saved}");
}

/// The Spanish words the line mode uses for 40 to 59 seconds.
fn segundos(n: u64) -> String {
    let tens = if n >= 50 { "cincuenta" } else { "cuarenta" };
    let units = [
        "", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve",
    ];
    let u = n % 10;
    if u == 0 {
        format!("{tens} segundos")
    } else if u == 1 {
        format!("{tens} y un segundos")
    } else {
        format!("{tens} y {} segundos", units[u as usize])
    }
}

/// A clock reading in words, "<n> segundos" with 40 ≤ n < 60; its n.
fn seconds_in_words(words: &str) -> Option<u64> {
    (40..60).find(|&n| words == segundos(n))
}

/// The line mode in a terminal: one short game of 1+0 played by two people through the
/// screen-reader mode, in Spanish (from LANG), with a low-time warning at 50 s.
struct LineGame {
    sandbox: Sandbox,
    term: Term,
    out: std::path::PathBuf,
}

impl LineGame {
    fn start(tag: &str) -> LineGame {
        let sandbox = Sandbox::new(tag);
        sandbox.write_config("time_control = \"1+0\"\nlow_time_warnings = [50]\n");
        let out = sandbox.path("out.txt");
        let status = sandbox.path("status");
        // stdout is also written to a file: the transcript the test reads.
        let command = format!(
            "{{ {}; echo $? > {}; }} | tee {}; exec sleep 600",
            sandbox.escaque("es_ES.UTF-8", "--screen-reader"),
            sh_quote(&status.to_string_lossy()),
            sh_quote(&out.to_string_lossy()),
        );
        let term = Term::start(&sandbox, tag, &command);
        let game = LineGame { sandbox, term, out };
        game.wait_lines(1);
        game
    }

    fn lines(&self) -> Vec<String> {
        transcript(&self.out)
    }

    fn wait_lines(&self, n: usize) -> Vec<String> {
        wait_until(&format!("{n} lines of the line mode"), || {
            self.lines().len() >= n
        });
        self.lines()
    }

    /// Types `line` and waits for `answers` more lines.
    fn say(&self, line: &str, answers: usize) -> Vec<String> {
        let before = self.lines().len();
        self.term.type_line(line);
        let after = self.wait_lines(before + answers);
        after[before..].to_vec()
    }

    fn status(&self) -> Option<String> {
        std::fs::read_to_string(self.sandbox.path("status"))
            .ok()
            .map(|s| s.trim().to_string())
    }
}

const WARNING_PREFIX: &str = "Quedan ";

/// Plays the game up to the low-time warning and the answer to one more line after it;
/// returns the transcript.
fn line_game_to_warning(game: &LineGame) -> Vec<String> {
    assert_eq!(
        game.lines(),
        ["escaque, modo de lectura. Escriba ayuda para la lista de órdenes. Juegan blancas."]
    );
    // Moves in words, accents optional.
    game.say("peon eva cuatro", 1);
    game.say("peón eva cinco", 1);
    game.say("caballo felix tres", 1);
    // White has just moved: the offer is White's (9.1.2.1), made on Black's time.
    game.say("tablas", 1);
    game.say("sí", 1);
    game.say("rechazo", 1);
    game.say("caballo cesar seis", 1);
    game.say("reloj", 1);
    game.say("jugadas", 1);
    game.say("piezas", 1);
    game.say("columna eva", 1);
    // White thinks: the warning comes when its main time reaches 50 s.
    wait_until("the low-time warning", || {
        game.lines().iter().any(|l| l.starts_with(WARNING_PREFIX))
    });
    game.term.type_line("abandono");
    wait_until("the question to resign", || {
        game.lines()
            .iter()
            .any(|l| l == "¿Abandona la partida? Conteste sí o no.")
    });
    game.lines()
}

#[test]
fn app_d_line_mode_in_a_terminal_words_queries_offer_warning_resign() {
    if !tmux_available("line_mode") {
        return;
    }
    let game = LineGame::start("line");
    line_game_to_warning(&game);
    game.say("si", 2);
    game.say("salir", 0);
    wait_until("the line mode to end", || {
        game.status().is_some_and(|s| !s.is_empty())
    });
    assert_eq!(game.status().as_deref(), Some("0"), "exit status");

    // In a terminal the mode prompts before each line it reads.
    let raw = std::fs::read_to_string(&game.out).expect("transcript");
    assert!(
        raw.starts_with(
            "escaque, modo de lectura. Escriba ayuda para la lista de órdenes. Juegan blancas.\n\
             > jugada uno, blancas: peón Eva cuatro\n> "
        ),
        "{raw}"
    );
    let mut lines = game.lines();
    // The clock is told in words; its readings depend on how fast the test ran: checked
    // for their form and range, then replaced for the exact comparison.
    let clock = &lines[8];
    let (white, black) = clock
        .strip_prefix("Blancas: ")
        .and_then(|r| r.strip_suffix(". Juegan blancas."))
        .and_then(|r| r.split_once(". Negras: "))
        .unwrap_or_else(|| panic!("the clock line: {clock:?}"));
    let white = seconds_in_words(white).unwrap_or_else(|| panic!("White's clock: {clock:?}"));
    let black = seconds_in_words(black).unwrap_or_else(|| panic!("Black's clock: {clock:?}"));
    assert!(
        white >= 50 && black >= 50,
        "no warning is due yet: {clock:?}"
    );
    lines[8] = "<clock>".into();
    // The warning: at 50 s, read down to the second (floored: the clock is under 50 s when
    // it is said). How often it is said is checked by the test below.
    let warnings: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with(WARNING_PREFIX))
        .collect();
    assert!(!warnings.is_empty(), "{lines:#?}");
    assert_eq!(
        warnings[0], 12,
        "the warning comes after the queries: {lines:#?}"
    );
    for &i in &warnings {
        let said = &lines[i];
        let ok = [48, 49, 50]
            .iter()
            .any(|&n| *said == format!("Quedan {} a blancas.", segundos(n)));
        assert!(ok, "the warning: {said:?}");
    }
    for i in warnings.iter().rev() {
        lines.remove(*i);
    }
    lines.insert(12, "<warning>".into());
    assert_eq!(
        lines,
        [
            "escaque, modo de lectura. Escriba ayuda para la lista de órdenes. Juegan blancas.",
            "jugada uno, blancas: peón Eva cuatro",
            "jugada uno, negras: peón Eva cinco",
            "jugada dos, blancas: Caballo Félix tres",
            "¿Ofrece tablas? Una oferta no se puede retirar, artículo nueve punto uno. Conteste sí o no.",
            "Blancas ofrecen tablas, artículo nueve punto uno punto dos punto uno.",
            "Negras rechazan las tablas.",
            "jugada dos, negras: Caballo César seis",
            "<clock>",
            "Jugadas completadas: blancas dos, negras dos. Juegan blancas su jugada tres.",
            "Blancas: Rey Eva uno; Dama David uno; Torres Ana uno y Héctor uno; Alfiles César \
             uno y Félix uno; Caballos Bella uno y Félix tres; peones Ana dos, Bella dos, César \
             dos, David dos, Eva cuatro, Félix dos, Gustavo dos y Héctor dos.",
            "Columna Eva: Eva uno Rey blanco, Eva cuatro peón blanco, Eva cinco peón negro, Eva \
             ocho Rey negro; las demás vacías.",
            "<warning>",
            "¿Abandona la partida? Conteste sí o no.",
            "Fin de la partida. Abandonan blancas: ganan negras, artículo cinco punto uno punto \
             dos.",
            "Partida terminada. Escriba salir para terminar, o consulte la planilla.",
        ],
        "the transcript before the exact comparison was {:#?}",
        lines
    );
    // The finished game is filed, with the offer (=) and the resignation.
    let games: Vec<_> = std::fs::read_dir(game.sandbox.data_dir().join("games"))
        .expect("games dir")
        .collect();
    assert_eq!(games.len(), 1);
    assert!(!game.sandbox.autosave().exists());
}

/// The line mode says a low-time warning once: its own thresholds replace the clock's
/// `LowTime` event (which once said the last threshold a second time).
#[test]
fn app_d_line_mode_says_the_low_time_warning_once() {
    if !tmux_available("line_warning_once") {
        return;
    }
    let game = LineGame::start("once");
    let lines = line_game_to_warning(&game);
    let warnings = lines
        .iter()
        .filter(|l| l.starts_with(WARNING_PREFIX))
        .count();
    assert_eq!(warnings, 1, "{lines:#?}");
}

#[test]
fn line_mode_from_a_pipe_plays_and_ends_cleanly() {
    let sandbox = Sandbox::new("pipe");
    let mut child = Command::new(env!("CARGO_BIN_EXE_escaque"))
        .args([
            "--screen-reader",
            "--names",
            "es",
            "--lang",
            "es",
            "--tc",
            "none",
        ])
        .env_remove("LC_ALL")
        .env_remove("LC_CTYPE")
        .env_remove("LC_MESSAGES")
        // The options say Spanish; the locale says English.
        .env("LANG", "en_US.UTF-8")
        .env("ESCAQUE_DATA_DIR", sandbox.data_dir())
        .env("ESCAQUE_CONFIG", sandbox.config())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("escaque starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"e4\ne5\n")
        .expect("write the moves");
    let out = child.wait_with_output().expect("escaque ends");
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "stderr: {stderr}");
    assert_eq!(stderr, "");
    // No prompt: the input is not a terminal.
    assert_eq!(
        stdout.lines().collect::<Vec<_>>(),
        [
            "escaque, modo de lectura. Escriba ayuda para la lista de órdenes. Juegan blancas.",
            "jugada uno, blancas: peón Eva cuatro",
            "jugada uno, negras: peón Eva cinco",
            "Fin de la entrada.",
        ]
    );
    // The unfinished game is kept for the next start.
    let saved = std::fs::read_to_string(sandbox.autosave()).expect("the autosave");
    assert!(saved.contains("\n1. e4 e5 *"), "{saved}");
    assert!(saved.contains("[White \"Blancas\"]"), "{saved}");
}

/// Art. 5.1.2: resigning on the full screen needs an explicit `y`: `r` asks, Enter alone
/// answers nothing, `n` withdraws the question; `r` then `y` ends the game, said in
/// notation (`Art. 5.1.2`), and the record has the PGN standard's `Termination`.
#[test]
fn art_5_1_2_full_screen_resign_needs_an_explicit_y() {
    if !tmux_available("resign_y") {
        return;
    }
    let sandbox = Sandbox::new("resign");
    let command = format!(
        "{}; echo \"[escaque exited with status $?]\"; exec sleep 600",
        sandbox.escaque("en_US.UTF-8", "--tc 5+3")
    );
    let term = Term::start(&sandbox, "resign", &command);
    term.wait_line("New game. White to move. Type a move, or use the arrows and Enter.");
    term.keys(&["e", "4", "Enter"]);
    term.wait_line("1. e4");
    term.keys(&["r"]);
    term.wait_screen("the resign question", |s| s.contains("Resign the game?"));
    // Enter is no answer: the question stays and the game goes on.
    term.keys(&["Enter"]);
    let screen = term.wait_line("Answer with y (yes) or n (no); Esc cancels.");
    assert!(screen.contains("Resign the game?"), "{screen}");
    term.keys(&["n"]);
    let screen = term.wait_screen("the question withdrawn", |s| {
        !s.contains("Resign the game?")
    });
    assert!(!screen.contains("resigns"), "{screen}");
    // Black's move is still Black's to make.
    term.keys(&["e", "5", "Enter"]);
    term.wait_line("1… e5");
    term.keys(&["r"]);
    term.wait_screen("the resign question again", |s| {
        s.contains("Resign the game?")
    });
    term.keys(&["y"]);
    let screen = term.wait_screen("the end of the game", |s| s.contains("White resigns"));
    assert!(screen.contains("Art. 5.1.2"), "{screen}");
    assert!(!screen.contains("article five"), "{screen}");
    // The autosave put the finished game in the games folder.
    let games = sandbox.data_dir().join("games");
    wait_until("the finished game saved", || {
        std::fs::read_dir(&games).is_ok_and(|d| d.count() == 1)
    });
    let file = std::fs::read_dir(&games)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let pgn = std::fs::read_to_string(&file).unwrap();
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \"normal\"]"), "{pgn}");
    // The comment may be wrapped at 80 columns: compare with the line breaks as spaces.
    let flat = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("resignation (Art. 5.1.2) } 0-1"), "{pgn}");
    assert_eq!(
        clk_readings(&pgn).len(),
        2,
        "a [%clk] after every move: {pgn}"
    );
    // `s` on the game the autosave wrote writes no second file.
    term.keys(&["s"]);
    term.wait_screen("where the game is, said again by s", |s| {
        s.contains("Game saved in") && !s.contains("Game over")
    });
    assert_eq!(std::fs::read_dir(&games).unwrap().count(), 1);
    term.keys(&["q"]);
    term.wait_text("[escaque exited with status 0]");
}

/// SIGTERM (a closing window manager, `kill`) gives the terminal back as it was: the
/// alternate screen left, the cursor shown, the modes restored; the game stays in the
/// autosave; the process ends by the signal (128 + 15).
#[test]
fn sigterm_restores_the_terminal_and_keeps_the_game() {
    if !tmux_available("sigterm") {
        return;
    }
    let sandbox = Sandbox::new("sigterm");
    let pid_file = sandbox.path("pid");
    let command = format!(
        "before=$(stty -g); sh -c 'echo $$ > \"$0\"; exec \"$@\"' {} {}; status=$?; \
         if [ \"$(stty -g)\" = \"$before\" ]; then modes=restored; else modes=changed; fi; \
         echo \"[escaque exited with status $status; terminal modes $modes]\"; exec sleep 600",
        sh_quote(&pid_file.to_string_lossy()),
        sandbox.escaque("en_US.UTF-8", "--tc 5+3")
    );
    let term = Term::start(&sandbox, "sigterm", &command);
    term.wait_line("New game. White to move. Type a move, or use the arrows and Enter.");
    assert_eq!(term.display("#{alternate_on} #{cursor_flag}"), "1 0");
    term.keys(&["e", "4", "Enter"]);
    term.wait_line("1. e4");
    wait_until("the autosave of 1. e4", || {
        std::fs::read_to_string(sandbox.autosave()).is_ok_and(|t| t.contains("1. e4"))
    });
    let pid = std::fs::read_to_string(&pid_file).expect("the pid file");
    let killed = Command::new("kill")
        .args(["-TERM", pid.trim()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let screen = term.wait_text("[escaque exited");
    assert!(
        has_line(
            &screen,
            "[escaque exited with status 143; terminal modes restored]"
        ),
        "{screen}"
    );
    assert_eq!(
        term.display("#{alternate_on} #{cursor_flag}"),
        "0 1",
        "the alternate screen is left and the cursor shown again"
    );
    let saved = std::fs::read_to_string(sandbox.autosave()).expect("the autosave");
    assert!(saved.contains("1. e4"), "{saved}");
}

/// Whether process `pid` has ended (gone, or a zombie nobody reaped yet).
fn ended(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        // pid (comm) STATE …: the state follows the last ')'.
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with(['Z', 'X'])),
    }
}

/// The terminal goes away under a game (the window closed, the SSH connection dropped):
/// the program ends on its own, with the game kept in the autosave to resume. Once with
/// the SIGHUP a closing terminal sends, once with SIGHUP ignored (`nohup`), where only the
/// end of input tells. (crossterm's reader spun on a core for ever on a hung-up terminal,
/// deaf to SIGHUP and SIGTERM.)
#[test]
fn a_game_whose_terminal_disappears_ends_and_keeps_the_game() {
    if !tmux_available("terminal gone") {
        return;
    }
    for (case, trap) in [("hup", ""), ("nohup", "trap '' HUP; ")] {
        let sandbox = Sandbox::new(&format!("gone-{case}"));
        let pid_file = sandbox.path("pid");
        let command = format!(
            "{trap}sh -c 'echo $$ > \"$0\"; exec \"$@\"' {} {}",
            sh_quote(&pid_file.to_string_lossy()),
            sandbox.escaque("en_US.UTF-8", "--tc 5+3")
        );
        let term = Term::start(&sandbox, &format!("gone-{case}"), &command);
        term.wait_line("New game. White to move. Type a move, or use the arrows and Enter.");
        term.keys(&["e", "4", "Enter"]);
        term.wait_line("1. e4");
        wait_until("the autosave of 1. e4", || {
            std::fs::read_to_string(sandbox.autosave()).is_ok_and(|t| t.contains("1. e4"))
        });
        let pid = std::fs::read_to_string(&pid_file).expect("the pid file");
        let pid = pid.trim().to_string();
        assert!(
            !ended(&pid),
            "{case}: escaque runs before its terminal goes"
        );
        // The terminal goes: the tmux server and its pty with it.
        drop(term);
        wait_until(&format!("{case}: escaque {pid} to end"), || ended(&pid));
        let saved = std::fs::read_to_string(sandbox.autosave()).expect("the autosave");
        assert!(saved.contains("1. e4"), "{case}: {saved}");
        assert!(
            saved.contains("[Result \"*\"]"),
            "{case}: unfinished, to resume: {saved}"
        );
    }
}

/// The SGR mouse report of the left button at the 0-based cell (`x`, `y`): `M` for a press
/// (`drag`: a motion with the button down), `m` for the release.
fn sgr(x: u16, y: u16, press: bool, drag: bool) -> String {
    let button = if drag { 32 } else { 0 };
    let end = if press { 'M' } else { 'm' };
    format!("\x1b[<{button};{};{}{end}", x + 1, y + 1)
}

/// The middle cell of `square` on the 80×24 screen, White at the bottom: the board's
/// inside starts at column 1, row 2, squares of 4×2 after two columns of rank numbers.
fn square_cell(square: &str) -> (u16, u16) {
    let b = square.as_bytes();
    let file = (b[0] - b'a') as u16;
    let rank = (b[1] - b'1') as u16;
    (3 + file * 4 + 2, 2 + (7 - rank) * 2)
}

#[test]
fn full_screen_game_played_with_the_mouse() {
    if !tmux_available("mouse") {
        return;
    }
    let sandbox = Sandbox::new("mouse");
    let command = format!(
        "read go; {}; echo \"[escaque exited with status $?]\"; exec sleep 600",
        sandbox.escaque("en_US.UTF-8", "--tc 5+3")
    );
    let term = Term::start(&sandbox, "mouse", &command);
    let bytes = sandbox.path("bytes");
    term.record(&bytes);
    term.keys(&["Enter"]);
    term.wait_line("New game. White to move. Type a move, or use the arrows and Enter.");
    let click = |sq: &str| {
        let (x, y) = square_cell(sq);
        term.type_text(&sgr(x, y, true, false));
        term.type_text(&sgr(x, y, false, false));
    };
    // White: a click on the e2 pawn picks it up, a click on e4 puts it down there.
    click("e2");
    let screen = term.wait_screen("the e2 pawn picked up", |s| s.contains("{♙}"));
    assert!(
        board_row(&screen, '4').contains('·'),
        "e4 is a target:\n{screen}"
    );
    click("e4");
    let sheet = |want: &'static [&'static str]| {
        move |s: &str| s.contains("┌ Scoresheet") && scoresheet(s) == want
    };
    term.wait_screen("1. e4 on the scoresheet", sheet(&["1. e4"]));
    // Black: the g8 knight dragged to f6.
    let (gx, gy) = square_cell("g8");
    let (fx, fy) = square_cell("f6");
    term.type_text(&sgr(gx, gy, true, false));
    term.type_text(&sgr(gx - 2, gy + 2, true, true));
    term.type_text(&sgr(fx, fy, true, true));
    term.type_text(&sgr(fx, fy, false, false));
    term.wait_screen("1... Nf6 on the scoresheet", sheet(&["1. e4 Nf6"]));
    // White: d2-d4 by drag and drop too.
    let (dx, dy) = square_cell("d2");
    let (tx, ty) = square_cell("d4");
    term.type_text(&sgr(dx, dy, true, false));
    term.type_text(&sgr(tx, ty, true, true));
    term.type_text(&sgr(tx, ty, false, false));
    let screen = term.wait_screen("2. d4 on the scoresheet", sheet(&["1. e4 Nf6", "2. d4"]));
    // A click on 1. e4 in the scoresheet shows the position after it; Esc comes back.
    let (row, line) = screen
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("1. e4"))
        .expect("1. e4 on the scoresheet");
    let col = line[..line.find("1. e4").unwrap()].chars().count() as u16 + 3;
    term.type_text(&sgr(col, row as u16, true, false));
    term.type_text(&sgr(col, row as u16, false, false));
    let screen = term.wait_text("Position after 1. e4.");
    assert!(
        !board_row(&screen, '6').contains('♞'),
        "not yet on f6:\n{screen}"
    );
    assert!(board_row(&screen, '8').contains("♝   ♞   ♜"), "{screen}");
    term.keys(&["Escape"]);
    let screen = term.wait_screen("the game back", |s| !s.contains("Position after"));
    assert!(board_row(&screen, '6').contains('♞'), "{screen}");
    // The wheel over the scoresheet changes nothing in the game.
    term.type_text("\x1b[<64;60;12M");
    term.keys(&["q"]);
    term.wait_line("[y/n] Quit? The game is saved and can be resumed.");
    term.keys(&["y"]);
    term.wait_text("[escaque exited with status 0]");
    // Mouse reporting was turned on and is turned off again on leaving.
    wait_until("the recording of the exit line", || {
        std::fs::read(&bytes).is_ok_and(|b| b.windows(15).any(|w| w == b"[escaque exited"))
    });
    let sent = std::fs::read(&bytes).expect("recorded bytes");
    let find = |needle: &[u8]| sent.windows(needle.len()).rposition(|w| w == needle);
    let on = find(b"\x1b[?1000h").expect("mouse reporting turned on");
    let off = find(b"\x1b[?1000l").expect("mouse reporting turned off");
    assert!(off > on, "turned off after it was turned on");
    let saved = std::fs::read_to_string(sandbox.autosave()).expect("the autosave");
    assert!(saved.contains("1. e4 "), "{saved}");
    assert!(
        saved.contains("1... Nf6 ") && saved.contains("2. d4"),
        "{saved}"
    );
}
