//! The hub of `escaque serve` driven directly through its `Service` interface, with the time
//! injected: no sockets, exact clocks. Line-mode clients (no terminal) so every screen is
//! plain lines.

mod common;

use escaque::config::Config;
use escaque::modes::serve::{Hub, Limits};
use escaque::net::service::{ClientTerm, Peer, Service};

fn peer(name: &str, arbiter: bool) -> Peer {
    Peer {
        identity: format!("SHA256:{name}"),
        user: name.into(),
        name: Some(name.into()),
        arbiter,
    }
}

fn line_term() -> ClientTerm {
    ClientTerm {
        env: vec![("LANG".into(), "en_GB.UTF-8".into())],
        ..ClientTerm::default()
    }
}

struct Harness {
    hub: Hub,
    /// Everything each client has been sent, by client id.
    out: std::collections::BTreeMap<u64, String>,
}

impl Harness {
    fn new(limits: Limits) -> Harness {
        Harness {
            hub: Hub::new(Config::default(), limits, None, 42),
            out: Default::default(),
        }
    }

    /// A hub that saves its rooms in `dirs` (or keeps none), its room codes drawn from
    /// `seed`: a second one with the same folders is the server after a restart.
    fn saving(dirs: Option<escaque::modes::serve::ServeDirs>, seed: u64) -> Harness {
        Harness {
            hub: Hub::new(Config::default(), Limits::default(), dirs, seed),
            out: Default::default(),
        }
    }

    fn collect(&mut self) {
        for o in self.hub.take_output() {
            let client = o.client;
            self.out
                .entry(client)
                .or_default()
                .push_str(&String::from_utf8_lossy(&o.into_bytes()));
        }
    }

    fn connect(&mut self, name: &str, arbiter: bool, now: u64) -> u64 {
        let id = self
            .hub
            .connect(peer(name, arbiter), line_term(), now)
            .unwrap();
        self.collect();
        id
    }

    fn say(&mut self, id: u64, line: &str, now: u64) {
        self.hub.input(id, format!("{line}\n").as_bytes(), now);
        self.collect();
    }

    fn tick(&mut self, now: u64) {
        self.hub.tick(now);
        self.collect();
    }

    fn text(&self, id: u64) -> &str {
        self.out.get(&id).map_or("", String::as_str)
    }

    fn code(&self, id: u64) -> String {
        let t = self.text(id);
        t.split("Room ").nth(1).expect("a room line")[..4].to_string()
    }

    /// Ana makes a room with `control` and White's seat, Bea joins it: their ids and the
    /// room's code.
    fn seated(&mut self, control: &str) -> (u64, u64, String) {
        let ana = self.connect("Ana", false, 0);
        self.say(ana, &format!("new {control} white"), 0);
        let code = self.code(ana);
        let bea = self.connect("Bea", false, 0);
        self.say(bea, &format!("join {code}"), 0);
        (ana, bea, code)
    }
}

#[test]
fn art_6_9_a_flag_falls_while_its_player_is_disconnected() {
    let mut h = Harness::new(Limits::default());
    let ana = h.connect("Ana", false, 0);
    h.say(ana, "new 1+0 white", 10);
    let code = h.code(ana);
    let bea = h.connect("Bea", false, 20);
    h.say(bea, &format!("join {code}"), 1_000);
    h.say(ana, "e4", 2_000);
    assert!(h.text(bea).contains("move one, White: pawn Eva four"));
    // Black drops; the clock runs on and the flag falls at 1:00 of Black's time.
    h.hub.disconnect(bea, 2_500);
    h.tick(61_999);
    assert!(!h.text(ana).contains("flag"), "{}", h.text(ana));
    h.tick(62_100);
    let said = h.text(ana);
    assert!(said.contains("White wins"), "{said}");
    assert!(said.contains("six point nine"), "{said}");
}

#[test]
fn art_12_9_the_arbiter_seat_pauses_and_gives_time() {
    let mut h = Harness::new(Limits::default());
    let (ana, bea, code) = h.seated("5+0");
    // Not an arbiter's key: refused. An arbiter's key takes the seat.
    let eva = h.connect("Eva", false, 0);
    h.say(eva, &format!("arbiter {code}"), 0);
    assert!(
        h.text(eva)
            .contains("Your key is not an arbiter's: join CODE to play, or watch CODE.")
    );
    let arb = h.connect("Arbiter", true, 0);
    h.say(arb, &format!("arbiter {code}"), 0);
    assert!(h.text(arb).contains("you are the arbiter"));
    // A player stops the clocks (6.11.1); only the arbiter starts them again (6.11).
    h.say(ana, "pausa", 1_000);
    h.say(arb, "pause", 1_000);
    h.say(bea, "e5", 2_000);
    h.say(arb, "bonus black 120", 3_000);
    h.say(arb, "resume", 4_000);
    h.say(bea, "clock", 4_000);
    let said = h.text(bea).to_string();
    assert!(said.contains("It is not your move"), "{said}");
    // 12.9.2: two minutes to Black (White the offender): 5:00 + 2:00.
    assert!(said.contains("Black: seven minutes"), "{said}");
    // The arbiter cannot move; a player cannot give time.
    h.say(arb, "e4", 5_000);
    assert!(h.text(arb).contains("It is not your move"));
    let decisions = |h: &Harness| {
        let room = h.hub.rooms().iter().next().unwrap();
        room.session
            .game()
            .events()
            .iter()
            .filter(|e| matches!(e, escaque::laws::GameEvent::ArbiterDecision { .. }))
            .count()
    };
    let before = decisions(&h);
    assert_eq!(before, 1);
    h.say(ana, "bonus white 60", 5_000);
    assert_eq!(decisions(&h), before, "a player's 'bonus' decided nothing");
}

#[test]
fn limits_refuse_connections_and_rooms_beyond_their_bounds_and_idle_rooms_close() {
    let limits = Limits {
        max_connections: 2,
        max_rooms: 1,
        idle_room_ms: 60_000,
        ..Limits::default()
    };
    let mut h = Harness::new(limits);
    let ana = h.connect("Ana", false, 0);
    let bea = h.connect("Bea", false, 0);
    let refused = h.hub.connect(peer("Eva", false), line_term(), 0);
    assert_eq!(
        refused.unwrap_err(),
        "The server is full; try again later.\r\n"
    );
    h.say(ana, "new", 0);
    assert_eq!(h.hub.rooms().len(), 1);
    h.say(bea, "new", 0);
    assert!(h.text(bea).contains(
        "The server has as many rooms as it can take (1); join one of them, or try again later."
    ));
    // Ana leaves; the room stays while someone could come back, then closes.
    h.hub.disconnect(ana, 1_000);
    h.tick(30_000);
    assert_eq!(h.hub.rooms().len(), 1);
    h.tick(61_000);
    assert_eq!(h.hub.rooms().len(), 0);
}

#[test]
fn bad_lobby_input_gets_a_clear_error_and_rate_limits_drop_floods() {
    let limits = Limits {
        input_bytes_per_second: 100,
        input_burst: 200,
        ..Limits::default()
    };
    let mut h = Harness::new(limits);
    let ana = h.connect("Ana", false, 0);
    h.say(ana, "new 5+3 purple", 0);
    assert!(
        h.text(ana).contains("I do not understand \"purple\""),
        "{}",
        h.text(ana)
    );
    h.say(ana, "join ZZZZ", 0);
    assert!(
        h.text(ana)
            .contains("There is no room ZZZZ: type rooms for the list.")
    );
    h.say(ana, "dance", 0);
    assert!(
        h.text(ana)
            .contains("\"dance\": I do not know the command \"dance\". Type help for the list.")
    );
    // A flood: most is dropped, the client is told once, the hub goes on.
    h.hub.input(ana, &vec![b'x'; 100_000], 10);
    h.collect();
    assert!(h.text(ana).contains("Input too fast or too long"));
    h.hub.input(ana, b"\x03", 10_000);
    h.say(ana, "rooms", 10_000);
    assert!(h.text(ana).contains("There are no rooms yet."));
}

#[test]
fn the_open_mode_asks_for_a_name_before_anything_else() {
    let mut h = Harness::new(Limits::default());
    let anon = Peer {
        name: None,
        ..peer("k1", false)
    };
    let id = h.hub.connect(anon, line_term(), 0).unwrap();
    h.collect();
    assert!(
        h.text(id)
            .contains("What is your name? Type: name YOUR NAME")
    );
    h.say(id, "new", 0);
    assert_eq!(h.hub.rooms().len(), 0);
    h.say(id, "name", 0);
    assert!(
        h.text(id)
            .contains("a name has 1 to 24 characters: name YOUR NAME")
    );
    h.say(id, "name Ana María", 0);
    assert!(h.text(id).contains("Welcome, Ana María."));
    h.say(id, "new none black", 0);
    let room = h.hub.rooms().iter().next().unwrap();
    assert_eq!(
        room.seat(escaque::core::Color::Black).unwrap().name,
        "Ana María"
    );
}

#[test]
fn each_client_term_chooses_its_screen_pieces_and_colours() {
    let mut h = Harness::new(Limits::default());
    let term = |name: &str, env: &[(&str, &str)]| ClientTerm {
        term: Some(name.into()),
        width: 80,
        height: 24,
        env: env
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        args: vec![],
        source: None,
    };
    let utf8 = [("LANG", "en_GB.UTF-8")];
    let mut open = |name: &str, t: ClientTerm| -> String {
        let id = h.hub.connect(peer(name, false), t, 0).unwrap();
        h.say(id, "new none white", 0);
        h.text(id).to_string()
    };
    // xterm with a UTF-8 locale: the full screen, Unicode pieces, colours.
    let xterm = open("Ana", term("xterm-256color", &utf8));
    assert!(xterm.contains("\x1b[?1049h"), "alternate screen");
    assert!(xterm.contains('♔'));
    // The Linux console: ASCII pieces.
    let linux = open("Bea", term("linux", &utf8));
    assert!(linux.contains("\x1b[?1049h") && !linux.contains('♔'));
    // NO_COLOR: no colour at all.
    let plain = open(
        "Eva",
        term("xterm", &[("LANG", "C.UTF-8"), ("NO_COLOR", "1")]),
    );
    let colour = |s: &str| {
        s.split("\x1b[").skip(1).any(|seq| {
            seq.find('m').is_some_and(|end| {
                seq[..end].split(';').any(|p| {
                    matches!(
                        p.parse::<u32>(),
                        Ok(30..=38 | 40..=48 | 90..=97 | 100..=107)
                    )
                })
            })
        })
    };
    assert!(colour(&xterm) && !colour(&plain));
    // TERM=dumb: the line mode, no escape sequences.
    let dumb = open("Ida", term("dumb", &utf8));
    assert!(dumb.contains("Room ") && !dumb.contains('\x1b'), "{dumb:?}");
}

#[test]
fn a_bad_client_option_is_refused_with_a_message_that_quotes_it() {
    let mut h = Harness::new(Limits::default());
    let bad = ClientTerm {
        args: vec!["--screen-reader".into(), "--lang".into(), "fr".into()],
        ..line_term()
    };
    let e = h.hub.connect(peer("Ana", false), bad, 0).unwrap_err();
    assert!(e.contains("fr"), "{e}");
    assert!(e.contains("--lang"), "{e}");
    let bad = ClientTerm {
        args: vec!["--bogus".into()],
        ..line_term()
    };
    let e = h.hub.connect(peer("Ana", false), bad, 0).unwrap_err();
    assert!(e.contains("--bogus"), "{e}");
    assert_eq!(h.hub.connections(), 0);
}

/// A client's option is refused in the language it asked for (`--lang es` before the bad
/// option), else in its terminal's (LANG), like `escaque`'s own command line.
#[test]
fn a_bad_client_option_is_refused_in_the_client_s_language() {
    let mut h = Harness::new(Limits::default());
    let spanish = |args: &[&str]| ClientTerm {
        env: vec![("LANG".into(), "es_ES.UTF-8".into())],
        args: args.iter().map(|a| a.to_string()).collect(),
        ..line_term()
    };
    let e = h
        .hub
        .connect(peer("Ana", false), spanish(&["--bogus"]), 0)
        .unwrap_err();
    assert!(e.contains("argumento inesperado '--bogus'"), "{e}");
    assert!(!e.contains("unexpected"), "{e}");
    let e = h
        .hub
        .connect(peer("Ana", false), spanish(&["--names", "klingon"]), 0)
        .unwrap_err();
    assert!(e.contains("valor 'klingon' no válido para '--names"), "{e}");
    // `--lang en` given: English under a Spanish terminal; `--lang es`: Spanish under C.
    let e = h
        .hub
        .connect(peer("Ana", false), spanish(&["--lang", "en", "--bogus"]), 0)
        .unwrap_err();
    assert!(e.contains("unexpected argument '--bogus'"), "{e}");
    let c = ClientTerm {
        env: vec![("LANG".into(), "C.UTF-8".into())],
        args: vec!["--lang=es".into(), "--bogus".into()],
        ..line_term()
    };
    let e = h.hub.connect(peer("Ana", false), c, 0).unwrap_err();
    assert!(e.contains("argumento inesperado '--bogus'"), "{e}");
    // `--help` (which the refusals suggest) is the client's help, in Spanish.
    let help = h
        .hub
        .connect(peer("Ana", false), spanish(&["--help"]), 0)
        .unwrap_err();
    assert!(
        help.contains("Uso:") && help.contains("--screen-reader"),
        "{help}"
    );
    for english in ["Usage", "Options", "Print help", "No colour"] {
        assert!(!help.contains(english), "{english} in {help}");
    }
    assert!(help.contains("Sin colores (como NO_COLOR)"), "{help}");
    assert_eq!(h.hub.connections(), 0);
}

#[test]
fn room_passwords_cannot_be_guessed_quickly() {
    let mut h = Harness::new(Limits::default());
    let ana = h.connect("Ana", false, 0);
    h.say(ana, "new 5+0 password secreta", 0);
    let code = h.code(ana);
    // A guesser with many keys: three wrong passwords, then the room makes everyone wait,
    // twice as long after each further wrong one; a wait is no answer to a guess.
    let mut now = 1_000;
    for (i, guess) in ["uno", "dos", "tres"].iter().enumerate() {
        let id = h.connect(&format!("guesser{i}"), false, now);
        h.say(id, &format!("join {code} {guess}"), now);
        assert!(
            h.text(id).contains(&format!(
                "Room {code} needs a password: join {code} PASSWORD."
            )),
            "{}",
            h.text(id)
        );
    }
    let late = h.connect("guesser9", false, now + 500);
    h.say(late, &format!("join {code} secreta"), now + 500);
    assert!(
        h.text(late).contains(&format!(
            "Room {code} was given wrong passwords: wait 1 s before trying again."
        )),
        "{}",
        h.text(late)
    );
    now += 1_000;
    h.say(late, &format!("join {code} cuatro"), now);
    let wait = h.connect("guesser10", false, now + 1);
    h.say(wait, &format!("join {code} cinco"), now + 1);
    assert!(h.text(wait).contains("wait 2 s"), "{}", h.text(wait));
    // The right password, once the wait is over, seats the player and starts anew.
    h.say(wait, &format!("join {code} secreta"), now + 2_000);
    assert!(
        h.text(wait)
            .contains(&format!("Room {code}: you play white.")),
        "{}",
        h.text(wait)
    );
}

#[cfg(unix)]
#[test]
fn the_servers_autosaves_with_passwords_are_readable_by_its_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let tmp = common::TempDir::new("serve-modes");
    let dir = tmp.path();
    let autosave = dir.join("autosave");
    // A folder that existed with the usual 0755 is made private too.
    std::fs::create_dir_all(&autosave).unwrap();
    std::fs::set_permissions(&autosave, std::fs::Permissions::from_mode(0o755)).unwrap();
    let dirs = escaque::modes::serve::ServeDirs {
        autosave: autosave.clone(),
        games: dir.join("games"),
    };
    let mut h = Harness::saving(Some(dirs), 7);
    let ana = h.connect("Ana", false, 0);
    h.say(ana, "new 5+0 white password secreta", 0);
    let code = h.code(ana);
    let bea = h.connect("Bea", false, 0);
    h.say(bea, &format!("join {code} secreta"), 0);
    h.say(ana, "e4", 1_000);
    let file = autosave.join(format!("{code}.pgn"));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !file.exists() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let text = std::fs::read_to_string(&file).expect("the room's autosave");
    assert!(text.contains("EscaqueRoomPassword"), "{text}");
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&file), 0o600);
    // The journal beside it too (written before it).
    assert_eq!(mode(&file.with_extension("journal")), 0o600);
    assert_eq!(mode(&autosave), 0o700);
    drop(h);
}

/// Guidelines II over SSH: `new 5+3 960 N` makes a room whose game starts from Chess960
/// position N, the lobby's list says "960 #N", and castling (O-O, said "short castling")
/// is played by II.3.
#[test]
fn guidelines_ii_3_a_chess960_room_starts_from_its_number_and_castles() {
    let mut h = Harness::new(Limits::default());
    let ana = h.connect("Ana", false, 0);
    // Position 192: BBQNRKNR, the king on f1 between the knight g1 and the rook h1.
    let n = 192u16;
    h.say(ana, &format!("new 5+3 white 960 {n}"), 0);
    let code = h.code(ana);
    let start = escaque::core::chess960::start_position(n).unwrap();
    {
        let room = h.hub.rooms().get(&code).unwrap();
        assert_eq!(*room.session.game().start(), start);
        assert!(room.session.setup().is_chess960());
        assert_eq!(room.session.setup().chess960_number(), Some(n));
    }
    let bea = h.connect("Bea", false, 0);
    h.say(bea, "rooms", 0);
    assert!(
        h.text(bea).contains(&format!("960 #{n}")),
        "{}",
        h.text(bea)
    );
    h.say(bea, &format!("join {code}"), 0);
    h.say(ana, "Nf3", 1_000);
    h.say(bea, "Nf6", 2_000);
    h.say(ana, "O-O", 3_000);
    let room = h.hub.rooms().get(&code).unwrap();
    let game = room.session.game();
    assert_eq!(
        game.plies().last().map(|p| p.san.as_str()),
        Some("O-O"),
        "{}",
        h.text(ana)
    );
    // II.3: the king on g1 (it moved one square), the rook from h1 on f1.
    let pos = game.position();
    assert_eq!(
        pos.piece_at(escaque::core::Square::G1).map(|p| p.role),
        Some(escaque::core::Role::King)
    );
    assert_eq!(
        pos.piece_at(escaque::core::Square::F1).map(|p| p.role),
        Some(escaque::core::Role::Rook)
    );
    assert!(h.text(bea).contains("short castling"), "{}", h.text(bea));
}

#[test]
fn one_key_cannot_take_every_connection_or_every_room() {
    let limits = Limits {
        max_sessions_per_key: 2,
        max_rooms_per_key: 2,
        ..Limits::default()
    };
    let mut h = Harness::new(limits);
    let a = h.connect("Ana", false, 0);
    h.connect("Ana", false, 0);
    let third = h.hub.connect(peer("Ana", false), line_term(), 0);
    assert_eq!(
        third.unwrap_err(),
        "This key already has 2 connections open, as many as the server takes; close one.\r\n"
    );
    // Another key still gets in.
    h.connect("Bea", false, 0);
    h.say(a, "new", 0);
    h.say(a, "quit", 0);
    h.say(a, "new", 0);
    h.say(a, "quit", 0);
    h.say(a, "new", 0);
    assert_eq!(h.hub.rooms().len(), 2);
    assert!(
        h.text(a).contains(
            "You already play in 2 unfinished games, as many as the server takes: finish one, \
             or join someone else's."
        ),
        "{}",
        h.text(a)
    );
}

#[test]
fn a_second_connection_with_the_same_key_takes_the_seat_and_the_first_goes_to_the_lobby() {
    let mut h = Harness::new(Limits::default());
    let (ana, bea, code) = h.seated("none");
    // Ana's key again, from elsewhere: the seat is given to the new connection.
    let ana2 = h.connect("Ana", false, 1_000);
    assert!(h.text(ana2).contains("Welcome back."), "{}", h.text(ana2));
    assert!(h.text(ana2).contains("you play white"), "{}", h.text(ana2));
    assert!(
        h.text(ana).contains(&format!(
            "Another connection with your key took your seat in room {code}: you are in the lobby."
        )),
        "{}",
        h.text(ana)
    );
    // The first is in the lobby: a move there is not a lobby command, and no move is made.
    h.say(ana, "e4", 2_000);
    let room = h.hub.rooms().get(&code).unwrap();
    assert!(room.session.game().plies().is_empty());
    // The new connection plays the seat.
    h.say(ana2, "e4", 3_000);
    assert!(h.text(bea).contains("move one, White: pawn Eva four"));
    // Taking it back from the first connection works the same way.
    h.say(ana, &format!("join {code}"), 4_000);
    assert!(
        h.text(ana2)
            .contains(&format!("took your seat in room {code}"))
    );
    h.say(bea, "e5", 5_000);
    assert!(h.text(ana).contains("move one, Black: pawn Eva five"));
}

#[test]
fn open_mode_names_are_normalised_width_limited_and_unique() {
    let mut h = Harness::new(Limits::default());
    let anon = |key: &str| Peer {
        name: None,
        ..peer(key, false)
    };
    let a = h.hub.connect(anon("k1"), line_term(), 0).unwrap();
    let b = h.hub.connect(anon("k2"), line_term(), 0).unwrap();
    h.collect();
    // Spaces trimmed and made one.
    h.say(a, "name   Ana    Gil ", 0);
    assert!(h.text(a).contains("Welcome, Ana Gil."), "{}", h.text(a));
    // A right-to-left override, a zero-width space, a lone combining mark: refused, the
    // name quoted with the character written as its escape and its code point.
    for (bad, said) in [
        (
            "name Ana\u{202E}liG",
            r#"The name "Ana\u{202e}liG" holds U+202E, an invisible, control or text-direction character"#,
        ),
        (
            "name Ana\u{200B}Gil",
            r#"The name "Ana\u{200b}Gil" holds U+200B"#,
        ),
        (
            "name \u{301}\u{301}",
            r#"The name "\u{301}\u{301}" holds U+0301"#,
        ),
    ] {
        h.say(b, bad, 0);
        assert!(h.text(b).contains(said), "{bad:?}: {}", h.text(b));
        // Nothing invisible reaches the screen.
        assert!(!h.text(b).contains('\u{202E}'), "{bad:?}: {}", h.text(b));
    }
    // Twelve wide characters are 24 columns: refused at thirteen (the grammar counts 24
    // characters at most; the width is the screen's), with the name and its width.
    let wide = "龙".repeat(13);
    h.say(b, &format!("name {wide}"), 0);
    assert!(
        h.text(b).contains(&format!(
            "The name \"{wide}\" is 26 columns wide; 24 at most."
        )),
        "{}",
        h.text(b)
    );
    // Someone connected has the name (whatever the case): refused.
    h.say(b, "name ana gil", 0);
    assert!(
        h.text(b)
            .contains("Someone connected is already called ana gil: choose another"),
        "{}",
        h.text(b)
    );
    h.say(b, "new", 0);
    assert_eq!(h.hub.rooms().len(), 0, "no room before a name is taken");
    h.say(b, "name José", 0);
    assert!(h.text(b).contains("Welcome, José."));
    // Once Ana is gone, her name is free.
    h.hub.disconnect(a, 1_000);
    let c = h.hub.connect(anon("k3"), line_term(), 1_000).unwrap();
    h.collect();
    h.say(c, "name Ana Gil", 1_000);
    assert!(h.text(c).contains("Welcome, Ana Gil."));
}

/// Waits (at most 10 s) for the writer thread to have written `path` with `text` in it.
fn wait_for_file(path: &std::path::Path, text: &str) -> String {
    let end = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        if let Ok(s) = std::fs::read_to_string(path) {
            if s.contains(text) {
                return s;
            }
        }
        assert!(
            std::time::Instant::now() < end,
            "{path:?} never held {text:?}"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn a_room_is_saved_from_its_creation_its_password_hashed_and_comes_back_after_a_restart() {
    let (_tmp, dirs) = serve_dirs("save");
    let code = {
        let mut h = Harness::saving(Some(dirs.clone()), 7);
        let ana = h.connect("Ana", false, 0);
        h.say(ana, "new 5+3 black password sesamo", 0);
        let code = h.code(ana);
        // No move yet: the room is on disk all the same, its password only as a hash.
        let saved = wait_for_file(
            &dirs.autosave.join(format!("{code}.pgn")),
            "EscaqueBlackKey",
        );
        assert!(!saved.contains("sesamo"), "{saved}");
        assert!(saved.contains("[EscaqueRoomPassword \"sha256$"), "{saved}");
        code
    };
    // The server stops; a new one restores the room with its seat, settings and password.
    let mut h = Harness::saving(Some(dirs.clone()), 8);
    let said = h.hub.restore(&dirs.autosave, 0);
    assert_eq!(said.len(), 1, "{said:?}");
    let room = h.hub.rooms().get(&code).expect("the room is back");
    assert_eq!(room.seat(escaque::core::Color::Black).unwrap().name, "Ana");
    assert!(room.seat(escaque::core::Color::White).is_none());
    assert!(room.session.game().plies().is_empty());
    let bea = h.connect("Bea", false, 1_000);
    h.say(bea, &format!("join {code} abrete"), 1_000);
    assert!(
        h.text(bea)
            .contains(&format!("Room {code} needs a password"))
    );
    h.say(bea, &format!("join {code} sesamo"), 1_500);
    assert!(h.text(bea).contains("you play white"), "{}", h.text(bea));
    let ana = h.connect("Ana", false, 2_000);
    assert!(h.text(ana).contains("Welcome back."), "{}", h.text(ana));
    h.say(bea, "d4", 3_000);
    assert!(h.text(ana).contains("move one, White: pawn David four"));
    drop(h);
}

#[test]
fn one_address_cannot_take_every_connection_or_every_room_whatever_its_keys() {
    let limits = Limits {
        max_sessions_per_address: 3,
        max_rooms_per_address: 2,
        ..Limits::default()
    };
    let mut h = Harness::new(limits);
    let from = |ip: &str| ClientTerm {
        source: Some(ip.parse().unwrap()),
        ..line_term()
    };
    let mut ids = Vec::new();
    for key in ["k1", "k2", "k3"] {
        ids.push(
            h.hub
                .connect(peer(key, false), from("192.0.2.7"), 0)
                .unwrap(),
        );
    }
    h.collect();
    let fourth = h.hub.connect(peer("k4", false), from("192.0.2.7"), 0);
    assert_eq!(
        fourth.unwrap_err(),
        "Your address already has 3 connections open, as many as the server takes; close one.\r\n"
    );
    // Another address gets in.
    let other = h
        .hub
        .connect(peer("k5", false), from("198.51.100.1"), 0)
        .unwrap();
    h.collect();
    // Two games made from the address, by two keys; a third key of the address is refused.
    h.say(ids[0], "new", 0);
    h.say(ids[1], "new", 0);
    h.say(ids[2], "new", 0);
    assert_eq!(h.hub.rooms().len(), 2);
    assert!(
        h.text(ids[2])
            .contains("Your address already plays 2 unfinished games, as many as the server takes"),
        "{}",
        h.text(ids[2])
    );
    h.say(other, "new", 0);
    assert_eq!(h.hub.rooms().len(), 3);
    // A connection that leaves frees its place.
    h.hub.disconnect(ids[2], 10);
    assert!(
        h.hub
            .connect(peer("k4", false), from("192.0.2.7"), 10)
            .is_ok()
    );
}

#[test]
fn art_6_11_with_the_arbiter_away_both_players_start_the_clocks_again_and_it_is_recorded() {
    use escaque::core::Color;
    let mut h = Harness::new(Limits::default());
    let (ana, bea, code) = h.seated("5+0");
    let arb = h.connect("Arbiter", true, 0);
    h.say(arb, &format!("arbiter {code}"), 0);
    h.say(ana, "e4", 1_000);
    // The arbiter stops the clocks, then goes.
    h.say(arb, "pause", 2_000);
    let running = |h: &Harness| {
        let room = h.hub.rooms().get(&code).unwrap();
        room.session.game().clock().unwrap().running()
    };
    assert_eq!(running(&h), None);
    // While the arbiter is here, a player cannot start them (6.11).
    h.say(bea, "resume", 2_500);
    assert_eq!(running(&h), None);
    h.hub.disconnect(arb, 3_000);
    // Away: one player's request is not enough; the room is told what is awaited.
    h.say(bea, "resume", 4_000);
    assert_eq!(running(&h), None);
    let asked = "Black asks to start the clocks; the arbiter is away: if White types resume, they start (6.11).";
    assert!(h.text(ana).contains(asked), "{}", h.text(ana));
    assert!(h.text(bea).contains(asked), "{}", h.text(bea));
    // Asking again changes nothing; the other's agreement starts them.
    h.say(bea, "resume", 4_500);
    assert_eq!(running(&h), None);
    h.say(ana, "resume", 5_000);
    assert_eq!(running(&h), Some(Color::Black));
    // On the record: the stop and the start (6.11) in the game's events.
    let room = h.hub.rooms().get(&code).unwrap();
    let clock_events = room
        .session
        .game()
        .events()
        .iter()
        .filter(|e| format!("{e:?}").contains("Resumed"))
        .count();
    assert_eq!(clock_events, 1, "{:?}", room.session.game().events());
    // The arbiter back, the rule of 6.11 again: a player's request does nothing.
    let arb = h.connect("Arbiter", true, 6_000);
    assert!(h.text(arb).contains("Welcome back."));
    h.say(arb, "pause", 6_500);
    h.say(ana, "resume", 7_000);
    h.say(bea, "resume", 7_000);
    assert_eq!(running(&h), None);
}

/// Waits (at most 10 s) for `path` to hold `text`; `None` if it never does.
fn file_with(path: &std::path::Path, text: &str) -> Option<String> {
    let end = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        if let Ok(s) = std::fs::read_to_string(path) {
            if s.contains(text) {
                return Some(s);
            }
        }
        if std::time::Instant::now() >= end {
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// A server's folders under the temporary directory, empty, with the guard that removes
/// them (kept by the test until its end).
fn serve_dirs(tag: &str) -> (common::TempDir, escaque::modes::serve::ServeDirs) {
    let dir = common::TempDir::new(&format!("serve-{tag}"));
    let dirs = escaque::modes::serve::ServeDirs {
        autosave: dir.path().join("autosave"),
        games: dir.path().join("games"),
    };
    std::fs::create_dir_all(&dirs.autosave).unwrap();
    (dir, dirs)
}

/// 9.5.3, 12.9, 6.11 across a crash: a wrong claim with a written move (the opponent's
/// penalty time, the claim standing as a draw offer), the arbiter's time bonus and a pause
/// are all in the room's journal, and a restarted server rebuilds the same game from it:
/// the same events, the same clock readings, the same offer pending. Then the game goes
/// on, ends by agreement, and leaves the autosave folder empty.
#[test]
fn art_9_5_3_a_restored_room_keeps_the_wrong_claims_penalty_and_the_clocks() {
    use escaque::core::Color;
    let (_dir, dirs) = serve_dirs("journal");
    let (code, events, clocks, pgn) = {
        let mut h = Harness::saving(Some(dirs.clone()), 7);
        let (ana, bea, code) = h.seated("5+0");
        let arb = h.connect("Arbiter", true, 0);
        h.say(arb, &format!("arbiter {code}"), 0);
        h.say(ana, "e4", 1_000);
        h.say(bea, "e5", 2_000);
        // A draw claimed with Nf3 written, where there is none: wrong (9.5.3).
        h.say(ana, "claim Nf3", 3_000);
        h.say(ana, "yes", 3_000);
        h.say(arb, "pause", 4_000);
        h.say(arb, "resume", 4_500);
        h.say(arb, "bonus white 45", 5_000);
        // Black calls the arbiter: the clocks stop (6.11.1); the server crashes.
        h.say(bea, "pause", 7_000);
        let room = h.hub.rooms().get(&code).unwrap();
        let game = room.session.game();
        assert!(
            game.events()
                .iter()
                .any(|e| matches!(e, escaque::laws::GameEvent::PenaltyApplied { .. })),
            "{:?}",
            game.events()
        );
        assert_eq!(game.pending_offer().map(|o| o.by), Some(Color::White));
        let clock = game.clock().unwrap();
        let clocks = [Color::White, Color::Black].map(|c| clock.remaining(c, 9_000));
        let events = format!("{:#?}", game.events());
        let pgn = escaque::laws::export::to_pgn_text(game, &[]);
        let autosave = dirs.autosave.join(format!("{code}.pgn"));
        wait_for_file(&autosave, "Nf3");
        // The journal is written before the PGN (none on a server that keeps none).
        let _ = file_with(&autosave.with_extension("journal"), "7000 pause");
        (code, events, clocks, pgn)
    };
    let mut h = Harness::saving(Some(dirs.clone()), 8);
    let said = h.hub.restore(&dirs.autosave, 0);
    assert_eq!(said.len(), 1, "{said:?}");
    let room = h.hub.rooms().get(&code).expect("the room is back");
    let game = room.session.game();
    let clock = game.clock().unwrap();
    // Stopped by the player before the crash: it stays stopped at the same readings.
    assert_eq!(
        [Color::White, Color::Black].map(|c| clock.remaining(c, 50_000)),
        clocks
    );
    assert_eq!(game.pending_offer().map(|o| o.by), Some(Color::White));
    assert_eq!(escaque::laws::export::to_pgn_text(game, &[]), pgn);
    // Nothing lost, nothing added.
    assert_eq!(format!("{:#?}", game.events()), events);
    assert!(said[0].contains("with its journal"), "{said:?}");
    // The game goes on: the arbiter starts the clocks; Black accepts the standing offer.
    let ana = h.connect("Ana", false, 1_000);
    let bea = h.connect("Bea", false, 1_000);
    let arb = h.connect("Arbiter", true, 1_000);
    assert!(h.text(ana).contains("Welcome back."), "{}", h.text(ana));
    h.say(arb, "resume", 2_000);
    h.say(bea, "accept", 3_000);
    h.say(bea, "yes", 3_000);
    assert!(h.text(ana).contains("draw"), "{}", h.text(ana));
    // Finished: in the games folder; neither autosave file is left.
    let end = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while std::fs::read_dir(&dirs.autosave).unwrap().next().is_some()
        || std::fs::read_dir(&dirs.games).map_or(true, |mut d| d.next().is_none())
    {
        assert!(
            std::time::Instant::now() < end,
            "autosave {:?}",
            std::fs::read_dir(&dirs.autosave)
                .unwrap()
                .map(|e| e.unwrap().path())
                .collect::<Vec<_>>()
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// An autosave without a journal (an older server's) still restores from its PGN, and a
/// journal that does not read is said, with its line, and the PGN serves instead.
#[test]
fn a_room_without_a_journal_or_with_a_bad_one_is_restored_from_its_pgn_and_the_log_says_so() {
    let (_dir, dirs) = serve_dirs("badjournal");
    let code = {
        let mut h = Harness::saving(Some(dirs.clone()), 7);
        let (ana, bea, code) = h.seated("5+0");
        h.say(ana, "e4", 1_000);
        h.say(bea, "e5", 2_000);
        let autosave = dirs.autosave.join(format!("{code}.pgn"));
        wait_for_file(&autosave, "e5");
        code
    };
    let pgn = dirs.autosave.join(format!("{code}.pgn"));
    let journal = pgn.with_extension("journal");
    let text = wait_for_file(&journal, "b move e7e5");
    let restore = |seed: u64| {
        let mut h = Harness::saving(None, seed);
        let said = h.hub.restore(&dirs.autosave, 0);
        let plies = h
            .hub
            .rooms()
            .get(&code)
            .map(|r| r.session.game().plies().len());
        (said, plies)
    };
    let (said, plies) = restore(8);
    assert!(said[0].contains("with its journal"), "{said:?}");
    assert_eq!(plies, Some(2));
    // A move the position does not allow: the line is quoted, the PGN serves.
    std::fs::write(&journal, text.replace("e7e5", "e7e4")).unwrap();
    let (said, plies) = restore(9);
    assert!(said[0].contains("from the PGN alone"), "{said:?}");
    assert!(said[0].contains("journal line 5: \""), "{said:?}");
    assert!(said[0].contains("b move e7e4"), "{said:?}");
    assert_eq!(plies, Some(2));
    // No journal at all (an older server's autosave).
    std::fs::remove_file(&journal).unwrap();
    let (said, plies) = restore(10);
    assert!(said[0].contains("without a journal"), "{said:?}");
    assert_eq!(plies, Some(2));
}

/// 6.11.1 across two crashes: a room restored with its clocks stopped, saved again while
/// only one player is back, and crashed again, still starts its clocks when both players
/// are back (its journal says the stop was the restart's, not a player's).
#[test]
fn art_6_11_1_a_room_restored_twice_starts_its_clocks_when_both_players_are_back() {
    use escaque::core::Color;
    let (_tmp, dirs) = serve_dirs("twice");
    let journal = |code: &str| dirs.autosave.join(format!("{code}.journal"));
    let hub = |seed: u64| Harness::saving(Some(dirs.clone()), seed);
    let code = {
        let mut h = hub(7);
        let (ana, _bea, code) = h.seated("5+0");
        h.say(ana, "e4", 1_000);
        wait_for_file(&journal(&code), "w move e2e4");
        code
    };
    {
        let mut h = hub(8);
        h.hub.restore(&dirs.autosave, 0);
        // Ana alone comes back: the room is saved (stopped by the restart), and crashes.
        let ana = h.connect("Ana", false, 1_000);
        h.say(ana, "draw", 1_000);
        h.say(ana, "yes", 1_000);
        wait_for_file(&journal(&code), "w offer");
        assert!(
            std::fs::read_to_string(journal(&code))
                .unwrap()
                .contains("1000 restart"),
        );
    }
    let mut h = hub(9);
    let said = h.hub.restore(&dirs.autosave, 0);
    assert!(said[0].contains("with its journal"), "{said:?}");
    let running = |h: &Harness| {
        let room = h.hub.rooms().get(&code).unwrap();
        room.session.game().clock().unwrap().running()
    };
    assert_eq!(running(&h), None);
    h.connect("Bea", false, 1_000);
    h.connect("Ana", false, 2_000);
    assert_eq!(running(&h), Some(Color::Black));
    drop(h);
}
