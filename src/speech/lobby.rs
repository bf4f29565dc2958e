//! The words of `escaque serve`'s lobby and rooms: the list of rooms, the welcome, the
//! words said on taking a seat and on leaving, the server's own notices, and why a room
//! could not be joined or made. The hub (modes/serve) only chooses what to say.

use super::Speaker;
use crate::core::Color;
use crate::lang::Lang;

/// Why a room could not be joined or made: data of the table (`table::room` uses it),
/// said here ([`Speaker::room_error`]).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RoomError {
    #[error("there is no room {0}")]
    NoRoom(String),
    #[error("room {0} needs a password")]
    Password(String),
    #[error("room {0} takes no password for {1} s after wrong ones")]
    PasswordWait(String, u64),
    #[error("room {0} has as many spectators as it can take ({1})")]
    Full(String, usize),
    #[error("the server has as many rooms as it can take ({0})")]
    TooManyRooms(usize),
    #[error("the key is not an arbiter's")]
    NotArbiterKey,
    #[error("room {0} already has an arbiter")]
    ArbiterTaken(String),
}

/// Why a name was refused: data of the table (`table::room::normal_name` finds it), said
/// here with the name ([`Notice::BadName`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NameProblem {
    /// Empty once trimmed, or made of marks and spaces only.
    Empty,
    /// Wider than the widest name, in columns (`table::room::NAME_COLUMNS`).
    TooWide,
    /// A control, bidirectional, invisible (zero-width, format) character, or a combining
    /// mark with nothing to combine with.
    Invisible(char),
}

/// Who a person is in a room, as the words need it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Seat {
    Player(Color),
    Arbiter,
    Spectator,
}

/// What the lobby or a room tells a person.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Notice<'a> {
    /// The lobby screen's title.
    Title,
    /// No room yet.
    NoRooms,
    /// The number of rooms (the full screen's message; the list is on the screen).
    RoomCount(usize),
    /// The open mode asks for a name.
    AskName,
    /// Welcome, by name.
    Welcome(&'a str),
    /// Back after a dropped connection: the seat is given back.
    WelcomeBack,
    /// The seat taken in room `code`.
    Seated { seat: Seat, code: &'a str },
    /// How the arbiter types a decision on the full screen.
    ArbiterColon,
    /// The clocks wait for both players.
    StartsWhenSeated,
    /// Left room `code` (a player's seat is kept).
    Left { seat: Seat, code: &'a str },
    /// `s` in a room: the server keeps the game.
    ServerKeeps,
    /// The connection ends.
    Goodbye,
    /// No connection slot is free.
    Full,
    /// Input was cut by the rate limit or the line length.
    InputDropped,
    /// The key holds as many connections as one key may.
    KeySessions(usize),
    /// The key sits at as many unfinished games as one key may.
    KeyRooms(usize),
    /// The client's address holds as many connections as one address may.
    AddressSessions(usize),
    /// The keys connected from the client's address sit at as many unfinished games as
    /// one address may.
    AddressRooms(usize),
    /// The player of `Color` asked to start the clocks the absent arbiter stopped: the
    /// other player's agreement is awaited (6.11).
    ResumeAsked(Color),
    /// Why a room could not be joined or made.
    Room(&'a RoomError),
    /// A name refused, quoted with what is wrong with it (`columns`: the widest name).
    BadName {
        name: &'a str,
        problem: NameProblem,
        columns: usize,
    },
    /// Someone connected already has this name.
    NameTaken(&'a str),
    /// Another connection with the same key took the seat in room `code`: this one is
    /// back in the lobby.
    TakenOver(&'a str),
}

/// A word of a room's line in the lobby's list.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RoomWord {
    FreeSeat,
    NoClock,
    Finished,
    Playing,
    Waiting,
    Watching,
    WithArbiter,
    WithPassword,
}

impl Speaker {
    /// The lobby's commands, two lines.
    pub fn lobby_help(&self) -> [&'static str; 2] {
        [
            self.t(
                "nueva [5+3] [blancas|negras|azar] [960 [N]] [clave PALABRA] · entrar CÓDIGO [clave] · mirar CÓDIGO",
                "new [5+3] [white|black|random] [960 [N]] [password WORD] · join CODE [password] · watch CODE",
            ),
            self.t(
                "árbitro CÓDIGO · salas · nombre NOMBRE · ayuda · salir",
                "arbiter CODE · rooms · name NAME · help · quit",
            ),
        ]
    }

    /// A word of the lobby's list of rooms.
    pub fn room_word(&self, w: RoomWord) -> &'static str {
        match w {
            RoomWord::FreeSeat => self.t("(libre)", "(free)"),
            RoomWord::NoClock => self.t("sin reloj", "no clock"),
            RoomWord::Finished => self.t("terminada", "finished"),
            RoomWord::Playing => self.t("en juego", "playing"),
            RoomWord::Waiting => self.t("esperando", "waiting"),
            RoomWord::Watching => self.t("mirando", "watching"),
            RoomWord::WithArbiter => self.t("con árbitro", "with arbiter"),
            RoomWord::WithPassword => self.t("con clave", "password"),
        }
    }

    /// What the lobby or a room says.
    pub fn notice(&self, n: Notice) -> String {
        let es = self.lang == Lang::Es;
        match n {
            Notice::Title => self
                .t(
                    "escaque · vestíbulo: salas de juego",
                    "escaque · lobby: game rooms",
                )
                .into(),
            Notice::NoRooms => self
                .t("No hay salas todavía.", "There are no rooms yet.")
                .into(),
            Notice::RoomCount(n) if es => format!("{n} salas."),
            Notice::RoomCount(n) => format!("{n} rooms."),
            Notice::AskName => self
                .t(
                    "Bienvenido a escaque. ¿Cómo se llama? Escriba: nombre SU NOMBRE",
                    "Welcome to escaque. What is your name? Type: name YOUR NAME",
                )
                .into(),
            Notice::Welcome(name) if es => format!(
                "Bienvenido, {name}. Escriba nueva para crear una sala, o entrar CÓDIGO para unirse."
            ),
            Notice::Welcome(name) => {
                format!("Welcome, {name}. Type new to make a room, or join CODE to join one.")
            }
            Notice::WelcomeBack => self.t("Bienvenido de nuevo.", "Welcome back.").into(),
            Notice::Seated { seat, code } => match (seat, es) {
                (Seat::Player(c), true) => {
                    format!("Sala {code}: juega con {}.", self.side(c).to_lowercase())
                }
                (Seat::Player(c), false) => {
                    format!("Room {code}: you play {}.", self.side(c).to_lowercase())
                }
                (Seat::Arbiter, true) => {
                    format!("Sala {code}: es el árbitro. {}", self.arbiter_help())
                }
                (Seat::Arbiter, false) => {
                    format!("Room {code}: you are the arbiter. {}", self.arbiter_help())
                }
                (Seat::Spectator, true) => format!("Sala {code}: mira la partida."),
                (Seat::Spectator, false) => format!("Room {code}: you are watching."),
            },
            Notice::ArbiterColon => self
                .t("Escriba : y la orden.", "Type : and the command.")
                .into(),
            Notice::StartsWhenSeated => self
                .t(
                    "La partida empieza cuando los dos jugadores estén sentados.",
                    "The game starts when both players are seated.",
                )
                .into(),
            Notice::Left { seat, code } => match (seat, es) {
                (Seat::Spectator, true) => format!("Ha salido de la sala {code}."),
                (Seat::Spectator, false) => format!("You left room {code}."),
                (_, true) => {
                    format!("Ha salido de la sala {code}; su asiento le espera (entrar {code}).")
                }
                (_, false) => format!("You left room {code}; your seat is kept (join {code})."),
            },
            Notice::ServerKeeps => self
                .t(
                    "El servidor guarda la partida: se escribe en PGN cuando termina.",
                    "The server keeps the game: it is written as PGN when it ends.",
                )
                .into(),
            Notice::Goodbye => self.t("Adiós.", "Goodbye.").into(),
            Notice::Full => self
                .t(
                    "El servidor está lleno; inténtelo más tarde.",
                    "The server is full; try again later.",
                )
                .into(),
            Notice::InputDropped => self
                .t(
                    "Entrada demasiado rápida o larga: se ha descartado una parte.",
                    "Input too fast or too long: part of it was dropped.",
                )
                .into(),
            Notice::KeySessions(n) if es => format!(
                "Esta clave ya tiene {n} conexiones abiertas, las que admite el servidor; cierre una."
            ),
            Notice::KeySessions(n) => format!(
                "This key already has {n} connections open, as many as the server takes; close one."
            ),
            Notice::KeyRooms(n) if es => format!(
                "Ya juega en {n} partidas sin terminar, las que admite el servidor: termine una o entre en la de otro."
            ),
            Notice::KeyRooms(n) => format!(
                "You already play in {n} unfinished games, as many as the server takes: finish one, or join someone else's."
            ),
            Notice::Room(e) => self.room_error(e),
            Notice::ResumeAsked(c) if es => format!(
                "Las {} piden poner en marcha los relojes; el árbitro no está: si las {} escriben reanudar, los relojes arrancan (6.11).",
                self.side(c),
                self.side(!c)
            ),
            Notice::ResumeAsked(c) => format!(
                "{} asks to start the clocks; the arbiter is away: if {} types resume, they start (6.11).",
                self.side_cap(c),
                self.side(!c)
            ),
            Notice::AddressSessions(n) if es => format!(
                "Su dirección ya tiene {n} conexiones abiertas, las que admite el servidor; cierre una."
            ),
            Notice::AddressSessions(n) => format!(
                "Your address already has {n} connections open, as many as the server takes; close one."
            ),
            Notice::AddressRooms(n) if es => format!(
                "Desde su dirección ya se juegan {n} partidas sin terminar, las que admite el servidor: termine una o entre en la de otro."
            ),
            Notice::AddressRooms(n) => format!(
                "Your address already plays {n} unfinished games, as many as the server takes: finish one, or join someone else's."
            ),
            Notice::BadName {
                name,
                problem,
                columns,
            } => {
                let quoted = quote_name(name);
                match problem {
                    NameProblem::Empty => self
                        .t(
                            "Ese nombre no tiene nada que mostrar. Escriba: nombre SU NOMBRE",
                            "That name has nothing to show. Type: name YOUR NAME",
                        )
                        .into(),
                    NameProblem::TooWide => {
                        use unicode_width::UnicodeWidthStr;
                        let wide = name.width();
                        if es {
                            format!(
                                "El nombre {quoted} ocupa {wide} columnas; como mucho {columns}. Escriba: nombre SU NOMBRE"
                            )
                        } else {
                            format!(
                                "The name {quoted} is {wide} columns wide; {columns} at most. Type: name YOUR NAME"
                            )
                        }
                    }
                    NameProblem::Invisible(ch) => {
                        let code = format!("U+{:04X}", ch as u32);
                        if es {
                            format!(
                                "El nombre {quoted} lleva {code}, un carácter invisible, de control o de dirección del texto, o una marca sin letra delante. Escriba: nombre SU NOMBRE"
                            )
                        } else {
                            format!(
                                "The name {quoted} holds {code}, an invisible, control or text-direction character, or a mark with no letter before it. Type: name YOUR NAME"
                            )
                        }
                    }
                }
            }
            Notice::NameTaken(name) if es => {
                format!("Ya hay alguien conectado con el nombre {name}: elija otro (nombre OTRO).")
            }
            Notice::NameTaken(name) => {
                format!("Someone connected is already called {name}: choose another (name OTHER).")
            }
            Notice::TakenOver(code) if es => format!(
                "Otra conexión con su clave ha tomado su asiento en la sala {code}: está en el vestíbulo."
            ),
            Notice::TakenOver(code) => format!(
                "Another connection with your key took your seat in room {code}: you are in the lobby."
            ),
        }
    }

    /// Why a room could not be joined or made, in the interface language.
    pub fn room_error(&self, e: &RoomError) -> String {
        let es = self.lang == Lang::Es;
        match e {
            RoomError::NoRoom(c) if es => {
                format!("No hay ninguna sala {c}: escriba salas para ver la lista.")
            }
            RoomError::NoRoom(c) => format!("There is no room {c}: type rooms for the list."),
            RoomError::Password(c) if es => {
                format!("La sala {c} pide contraseña: entrar {c} CONTRASEÑA.")
            }
            RoomError::Password(c) => format!("Room {c} needs a password: join {c} PASSWORD."),
            RoomError::PasswordWait(c, s) if es => format!(
                "La sala {c} ha recibido contraseñas equivocadas: espere {s} s antes de intentarlo de nuevo."
            ),
            RoomError::PasswordWait(c, s) => {
                format!("Room {c} was given wrong passwords: wait {s} s before trying again.")
            }
            RoomError::Full(c, n) if es => {
                format!(
                    "La sala {c} ya tiene los espectadores que admite ({n}); inténtelo más tarde."
                )
            }
            RoomError::Full(c, n) => {
                format!("Room {c} has as many spectators as it can take ({n}); try again later.")
            }
            RoomError::TooManyRooms(n) if es => format!(
                "El servidor ya tiene las salas que admite ({n}); entre en una de ellas o inténtelo más tarde."
            ),
            RoomError::TooManyRooms(n) => format!(
                "The server has as many rooms as it can take ({n}); join one of them, or try again later."
            ),
            RoomError::NotArbiterKey if es => {
                "Su clave no es de árbitro: entrar CÓDIGO para jugar, o mirar CÓDIGO.".into()
            }
            RoomError::NotArbiterKey => {
                "Your key is not an arbiter's: join CODE to play, or watch CODE.".into()
            }
            RoomError::ArbiterTaken(c) if es => {
                format!("La sala {c} ya tiene árbitro: mirar {c} para seguir la partida.")
            }
            RoomError::ArbiterTaken(c) => {
                format!("Room {c} already has an arbiter: watch {c} to follow the game.")
            }
        }
    }
}

/// A refused name as it can be shown: in quotes, every invisible, control or
/// text-direction character, and every mark with no letter before it, written as its
/// escape (`\u{202e}`); cut after 40 characters.
fn quote_name(name: &str) -> String {
    use unicode_width::UnicodeWidthChar;
    const SHOWN: usize = 40;
    let mut out = String::from("\"");
    let mut after_base = false;
    for (i, ch) in name.chars().enumerate() {
        if i == SHOWN {
            out.push('…');
            break;
        }
        let zero_width = ch.width() == Some(0);
        let hidden = crate::table::room::is_invisible(ch) || zero_width && !after_base;
        if ch == '"' || ch == '\\' || hidden {
            out.extend(ch.escape_default());
        } else {
            out.push(ch);
        }
        after_base = !hidden && (zero_width && after_base || !zero_width && ch != ' ');
    }
    out.push('"');
    out
}
