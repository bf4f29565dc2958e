//! The words of the command line's help (`escaque --help`, every command's `--help`) and of
//! the manual page (`escaque man`), and of the command line's own errors (an unknown
//! option, a bad value).
//!
//! The English of each command and argument is its doc comment in `cli.rs`, which clap
//! reads: the one source of the English. The Spanish is here, by the command's path (`""`
//! for `escaque` itself, `"pgn check"`) and the argument's id (the field's name); `cli`
//! puts it into clap's command for a Spanish session. The words around them (headings,
//! `[por omisión: …]`, the manual page's own sections) are here in both languages.

use crate::lang::Lang;

/// A command's description in Spanish: the one line of the command lists, and the whole
/// text of its own help and of the manual page when it has more to say.
pub fn command_es(path: &str) -> Option<(&'static str, Option<&'static str>)> {
    let help = "Muestra este mensaje o la ayuda de las órdenes dadas";
    Some(match path {
        "" => (
            "Ajedrez en el terminal, según las Leyes del Ajedrez de la FIDE (2023)",
            Some(
                "escaque: un programa de ajedrez a pantalla completa en el terminal, con \
                 tablero, reloj de ajedrez y planilla, que sigue las Leyes del Ajedrez de la \
                 FIDE (edición de 2023).",
            ),
        ),
        "play" => (
            "Juega una partida (la orden por omisión): dos personas en este terminal, o \
             contra un motor UCI",
            None,
        ),
        "replay" => (
            "El repaso del árbitro de una partida registrada: el tablero, los relojes y la \
             planilla media jugada a media jugada, los hallazgos con sus artículos, las \
             decisiones del árbitro, el informe. Código de salida 2 si el fichero no se puede \
             leer o no tiene esa partida",
            None,
        ),
        "perft" => (
            "Cuenta las series de jugadas legales de PROFUNDIDAD medias jugadas (prueba el \
             generador de jugadas)",
            None,
        ),
        "pgn" => ("Lee, comprueba y convierte ficheros PGN", None),
        "pgn check" => (
            "Por partida: si las jugadas son legales, cómo queda la posición final y qué \
             resultado dan las Leyes, con el artículo. Código de salida 0 si todas las \
             partidas son legales, 1 si alguna no lo es, 2 si un fichero no se puede leer o \
             está dañado (tras las partidas anteriores al daño)",
            None,
        ),
        "pgn convert" => (
            "Reescribe las jugadas de ficheros PGN en otra notación, en la salida estándar",
            None,
        ),
        "tc" => (
            "Lee un control de tiempo y lo escribe en las dos sintaxis, y después su clase \
             (Ap. A.1, B.1): `15+10`, `90/40+30:30+30`, `3+2d` (demora), `none`, o la forma \
             de la etiqueta PGN `pgn:300+2`",
            None,
        ),
        "adjudicate" => (
            "El análisis del árbitro de cada partida de ficheros PGN: los hallazgos con sus \
             artículos, el resultado según las Leyes y si la etiqueta Result coincide; \
             después, un resumen por resultado, artículo y clase de hallazgo. Código de \
             salida 0 si todas las partidas coinciden con su etiqueta de resultado, 1 si \
             alguna no, 2 si un fichero no se puede leer o está dañado (tras las partidas \
             anteriores al daño)",
            None,
        ),
        "dead" => (
            "¿Puede cada bando dar mate todavía con alguna serie de jugadas legales? (Art. \
             5.1.2, 5.2.2, 6.9, 7.5.5): `winnable <mate ayudado>`, `unwinnable` o \
             `undetermined`",
            None,
        ),
        "serve" => (
            "Abre un servidor SSH donde las personas juegan entre sí (`ssh -p 2222 \
             NOMBRE@ANFITRIÓN`): un vestíbulo de salas, puestos para las blancas, las negras \
             y el árbitro, espectadores, reconexión. Las claves se cotejan con una lista \
             de acceso (con la sintaxis de authorized_keys; el comentario es el nombre \
             del jugador, la opción `arbiter` señala a un árbitro), o se acepta cualquiera \
             con `--open`",
            None,
        ),
        "completions" => (
            "Escribe en la salida estándar un guion de completado para INTÉRPRETE (p. ej. \
             `escaque completions bash > ~/.local/share/bash-completion/completions/escaque`)",
            None,
        ),
        "man" => (
            "Escribe la página de manual (roff) en la salida estándar (p. ej. `escaque man | \
             man -l -`)",
            None,
        ),
        // clap's own `help` command, and under it a copy of every command for completion.
        p if p.split(' ').next_back() == Some("help") => (help, None),
        p => {
            let words: Vec<&str> = p.split(' ').collect();
            let at = words.iter().position(|w| *w == "help")?;
            let copied = [&words[..at], &words[at + 1..]].concat().join(" ");
            return command_es(&copied);
        }
    })
}

/// An argument's help in Spanish: `path` is the command's, `id` the argument's.
pub fn arg_es(path: &str, id: &str) -> Option<&'static str> {
    // `escaque` alone takes the options of `play`.
    let play = matches!(path, "" | "play");
    let view = matches!(path, "" | "play" | "replay");
    let batch = matches!(path, "adjudicate" | "pgn check" | "pgn convert");
    Some(match id {
        "help" => "Muestra la ayuda",
        "version" => "Muestra la versión",
        "tc" if play => {
            "Control de tiempo: `15+10`, `90/40+30:30+30`, `3+2d` (demora), `none`, o \
             `pgn:300+2` (por omisión: el de la configuración, 15+10)"
        }
        "white" if play => "Quién juega con las blancas",
        "black" if play => "Quién juega con las negras",
        "engine" if play => {
            "El programa del motor UCI (por omisión: el de la configuración, \
                              `stockfish`)"
        }
        "engine_elo" if play => {
            "La fuerza del motor como valoración Elo (`UCI_LimitStrength`, `UCI_Elo`; \
             Stockfish 15 admite de 1350 a 2850) (por omisión: `[engine] elo` de la \
             configuración)"
        }
        "engine_skill" if play => {
            "El `Skill Level` del motor, de 0 (el más débil) a 20 (toda su fuerza) (por \
             omisión: `[engine] skill_level` de la configuración)"
        }
        "engine_movetime" if play => {
            "El motor piensa MS milisegundos por jugada, también con reloj (nunca más del \
             tiempo que le queda) (por omisión: `[engine] move_time_ms` de la configuración; \
             si no, su propia gestión del tiempo del reloj)"
        }
        "fen" if play => "Empieza en esta posición (FEN, entre comillas)",
        "chess960" if play => {
            "Juega Chess960 desde la posición inicial N (0-959; la 518 es la posición \
             normal); sin N, una sorteada"
        }
        "resume" if play => {
            "Reanuda la partida guardada en este fichero PGN; sola, la partida sin terminar \
             del guardado automático"
        }
        "lang" if view => {
            "Idioma de la interfaz (por omisión: el de la configuración; si \
                           no, LANG)"
        }
        "names" if view => "Nombres de las casillas y las piezas en los anuncios",
        "notation" if view => "Notación de la planilla",
        "notation" if path == "adjudicate" => {
            "La notación de las jugadas en el texto (por omisión: la del idioma, letras \
             españolas para es); el JSON sigue en SAN inglesa"
        }
        "theme" if view => {
            "Tema: classic, high-contrast, monochrome, colour-blind, o un tema del usuario"
        }
        "ascii" if view => "Dibuja el tablero con letras ASCII",
        // The options of an SSH client after `--` (`modes::serve`'s ClientArgs, path "").
        "no_color" if path.is_empty() => "Sin colores (como NO_COLOR)",
        "screen_reader" if view => {
            "El modo de líneas para lectores de pantalla: líneas sencillas, sin dibujar la \
             pantalla"
        }
        "speak" if play => {
            "Dice los anuncios en voz alta con spd-say o espeak-ng (modo de \
                            líneas)"
        }
        "white_name" if play => "El nombre de las blancas en la planilla",
        "black_name" if play => "El nombre de las negras en la planilla",
        "file" if path == "replay" => "El fichero PGN",
        "game" if path == "replay" => "El número de la partida en el fichero, desde 1",
        "letters" if path == "replay" => "Las letras de las piezas que usa el fichero",
        "letters" if batch => "Las letras de las piezas que usan los ficheros",
        "files" if path == "pgn convert" => "Los ficheros PGN",
        "files" if batch => {
            "Ficheros PGN, sin comprimir o comprimidos como se publican (.pgn.zst, .pgn.gz, \
             .pgn.bz2: se reconocen por sus primeros bytes, sea cual sea el nombre), leídos \
             poco a poco; `-` para la entrada estándar"
        }
        "fen" if path == "perft" => {
            "Empieza en esta posición en lugar de la inicial (FEN, entre comillas; los \
             derechos de enroque X-FEN o Shredder-FEN como HAha se leen como Chess960)"
        }
        "chess960" if path == "perft" => {
            "Empieza en la posición inicial N de Chess960 (0-959; la 518 es la posición \
             normal)"
        }
        "depth" if path == "perft" => "Profundidad en medias jugadas",
        "divide" if path == "perft" => {
            "Escribe la cuenta bajo cada primera jugada legal antes del total"
        }
        "json" if path == "pgn check" => "Un objeto JSON por línea y por partida",
        "notation" if path == "pgn convert" => {
            "La notación que se escribe: SAN inglesa (la norma de PGN), SAN española, \
             figurines, algebraica larga o coordenadas UCI"
        }
        "spec" if path == "tc" => "El control de tiempo",
        "format" if path == "adjudicate" => {
            "`text` para las personas, `json` para las herramientas (JSON Lines, y después un \
             objeto de resumen)"
        }
        "jobs" if path == "adjudicate" => {
            "Hilos de trabajo (por omisión: uno por núcleo); la salida sigue el orden de los \
             ficheros, idéntica byte a byte sea cual sea el número"
        }
        "lang" if path == "adjudicate" => {
            "El idioma de los hallazgos (por omisión: el de LC_ALL / LC_MESSAGES / LANG)"
        }
        "fen" if path == "dead" => "La posición (FEN, entre comillas)",
        "side" if path == "dead" => "El bando por el que se pregunta",
        "quick" if path == "dead" => {
            "Solo la prueba rápida (reglas estáticas y una búsqueda \
                                      corta)"
        }
        "shell" if path == "completions" => "El intérprete de órdenes",
        id if path == "serve" => serve_arg_es(id)?,
        _ => return None,
    })
}

/// The Spanish of `escaque serve`'s arguments.
fn serve_arg_es(id: &str) -> Option<&'static str> {
    Some(match id {
        "listen" => {
            "La dirección donde escuchar (puerto 0: cualquier puerto libre, que se dice al \
             empezar)"
        }
        "allowlist" => {
            "La lista de acceso (por omisión: `allowed_keys` junto al fichero de \
             configuración)"
        }
        "open" => "Acepta cualquier clave; el vestíbulo pide un nombre a cada jugador",
        "max_connections" => "Como mucho N conexiones",
        "max_rooms" => "Como mucho N salas",
        "max_spectators" => "Como mucho N espectadores por sala",
        "max_sessions_per_key" => "Conexiones que una clave puede tener a la vez",
        "max_rooms_per_key" => "Partidas sin terminar que una clave puede jugar a la vez",
        "max_sessions_per_address" => {
            "Conexiones que una dirección (un /64 de IPv6) puede tener a la vez, sean cuales \
             sean sus claves; 0: sin límite"
        }
        "max_rooms_per_address" => {
            "Partidas sin terminar que las claves de una dirección pueden jugar a la vez; 0: \
             sin límite"
        }
        "login_grace_time" => {
            "Cierra una conexión cuya pantalla no ha empezado al cabo de SEGUNDOS (el \
             LoginGraceTime de OpenSSH)"
        }
        "max_startups" => {
            "Conexiones que aún no han entrado: pasadas INICIO, rechaza el TASA% de las \
             nuevas, y todas al llegar a LLENO (el MaxStartups de OpenSSH); o un solo número, \
             un tope sin más"
        }
        "per_source_max_startups" => {
            "Conexiones que aún no han entrado desde una dirección (un /64 de IPv6); 0: sin \
             límite (el PerSourceMaxStartups de OpenSSH)"
        }
        "output_stall" => {
            "Desconecta a un cliente que no recoge nada de su salida pendiente durante \
             SEGUNDOS"
        }
        "log_level" => {
            "Lo que muestra el registro en la salida de errores: error, warn, info (por \
             omisión), debug, trace, o directivas como escaque=debug. Sin esta opción, se \
             lee RUST_LOG"
        }
        _ => return None,
    })
}

/// The Spanish of the help of a value an argument takes (`--white human`); `id` is the
/// argument's.
pub fn value_es(id: &str, value: &str) -> Option<&'static str> {
    Some(match (id, value) {
        ("white" | "black", "human") => "Una persona en este terminal",
        ("white" | "black", "engine") => {
            "El motor UCI (`--engine RUTA`, o `[engine] path` en la configuración)"
        }
        ("names", "es") => "Ana, Bella, César … uno, dos … (español)",
        ("names", "en") => "Anna, Bella, Cesar … one, two … (inglés)",
        ("names", "fide") => "El texto oficial del Ap. D.2.1: Anna … Hector, eins, zwei …",
        ("letters", "en") => "K Q R B N (inglés)",
        ("letters", "es") => "R D T A C (español)",
        _ => return None,
    })
}

/// The Spanish of a value's placeholder (`--tc <CONTROL>`), by its English one; the same
/// where both languages write it alike.
pub fn value_name_es(name: &str) -> Option<&'static str> {
    Some(match name {
        "ELO" => "ELO",
        "MS" => "MS",
        "FEN" => "FEN",
        "N" | "MAX_CONNECTIONS" | "MAX_ROOMS" | "MAX_SPECTATORS" => "N",
        "SPEC" => "CONTROL",
        "WHO" => "QUIÉN",
        "PATH" => "RUTA",
        "LEVEL" => "NIVEL",
        "FILE" => "FICHERO",
        "FILES" => "FICHEROS",
        "LANG" => "IDIOMA",
        "NAMES" => "NOMBRES",
        "NAME" => "NOMBRE",
        "NOTATION" => "NOTACIÓN",
        "THEME" => "TEMA",
        "DEPTH" => "PROFUNDIDAD",
        "LETTERS" => "LETRAS",
        "FORMAT" => "FORMATO",
        "JOBS" => "HILOS",
        "SIDE" => "BANDO",
        "LISTEN" => "DIRECCIÓN",
        "SECONDS" => "SEGUNDOS",
        "START:RATE:FULL" => "INICIO:TASA:LLENO",
        "SHELL" => "INTÉRPRETE",
        "COMMAND" => "ORDEN",
        _ => return None,
    })
}

/// The words of the help screens around the commands' and arguments' own.
pub struct HelpWords {
    /// Before the usage line: `Uso:`.
    pub usage: &'static str,
    /// The headings of the lists of commands, arguments and options.
    pub commands: &'static str,
    pub arguments: &'static str,
    pub options: &'static str,
    /// The heading of the list of an argument's values in the long help.
    pub values: &'static str,
    /// `-h` when `--help` says more, and `--help` then.
    pub help_more: &'static str,
    pub help_summary: &'static str,
    /// The last line of an error of the command line.
    pub more_info: &'static str,
    /// A tip before a suggestion.
    pub tip: &'static str,
}

/// The help's own words (clap's in English, ours in Spanish).
pub fn help_words(lang: Lang) -> HelpWords {
    match lang {
        Lang::Es => HelpWords {
            usage: "Uso:",
            commands: "Órdenes",
            arguments: "Argumentos",
            options: "Opciones",
            values: "Valores:",
            help_more: "Muestra la ayuda (más con '--help')",
            help_summary: "Muestra la ayuda (un resumen con '-h')",
            more_info: "Para más información, pruebe '--help'.",
            tip: "consejo",
        },
        Lang::En => HelpWords {
            usage: "Usage:",
            commands: "Commands",
            arguments: "Arguments",
            options: "Options",
            values: "Possible values:",
            help_more: "Print help (see more with '--help')",
            help_summary: "Print help (see a summary with '-h')",
            more_info: "For more information, try '--help'.",
            tip: "tip",
        },
    }
}

/// `[default: 1]`, `[por omisión: 1]`.
pub fn default_values(lang: Lang, values: &[String]) -> String {
    let words = lang.pick("por omisión", "default");
    format!("[{words}: {}]", values.join(", "))
}

/// `[possible values: en, es]`, `[valores: en, es]`.
pub fn possible_values(lang: Lang, values: &[String]) -> String {
    let words = lang.pick("valores", "possible values");
    format!("[{words}: {}]", values.join(", "))
}

/// What is wrong on the command line, as clap finds it; each quotes what was typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UsageProblem {
    /// An option no command has; perhaps one like it.
    UnknownArgument {
        arg: String,
        similar: Option<String>,
    },
    /// A command that does not exist; perhaps one like it.
    UnknownCommand {
        name: String,
        similar: Option<String>,
    },
    /// An option that needs a value and has none.
    MissingValue { arg: String },
    /// A value that is not one of the option's values, or that its check refuses.
    InvalidValue {
        arg: String,
        value: String,
        valid: Vec<String>,
    },
    /// A number outside the option's bounds (`high`: none but the type's).
    OutOfRange {
        arg: String,
        value: String,
        low: u64,
        high: Option<u64>,
    },
    /// Two options that cannot go together.
    Conflict { arg: String, with: String },
    /// A command given with an option of the command above it.
    CommandConflict { name: String, with: String },
    /// A rarer refusal: clap's own description of it (English).
    Other { clap: String },
    /// Arguments the command cannot do without.
    MissingRequired { args: Vec<String> },
    /// A value where the option takes none, or one value too many.
    UnexpectedValue { arg: String, value: String },
}

/// The problem in words (the line after `error: `).
pub fn usage_problem(p: &UsageProblem, lang: Lang) -> String {
    let es = lang == Lang::Es;
    let similar = |s: &Option<String>| {
        s.as_ref()
            .map(|s| {
                let tip = help_words(lang).tip;
                if es {
                    format!("\n\n  {tip}: hay uno parecido: '{s}'")
                } else {
                    format!("\n\n  {tip}: a similar one exists: '{s}'")
                }
            })
            .unwrap_or_default()
    };
    match p {
        UsageProblem::UnknownArgument { arg, similar: s } if es => {
            format!("argumento inesperado '{arg}'{}", similar(s))
        }
        UsageProblem::UnknownArgument { arg, similar: s } => {
            format!("unexpected argument '{arg}' found{}", similar(s))
        }
        UsageProblem::UnknownCommand { name, similar: s } if es => {
            format!("orden desconocida '{name}'{}", similar(s))
        }
        UsageProblem::UnknownCommand { name, similar: s } => {
            format!("unrecognized subcommand '{name}'{}", similar(s))
        }
        UsageProblem::MissingValue { arg } if es => {
            format!("'{arg}' necesita un valor y no se dio ninguno")
        }
        UsageProblem::MissingValue { arg } => {
            format!("a value is required for '{arg}' but none was supplied")
        }
        UsageProblem::InvalidValue { arg, value, valid } => {
            let mut s = if es {
                format!("valor '{value}' no válido para '{arg}'")
            } else {
                format!("invalid value '{value}' for '{arg}'")
            };
            if !valid.is_empty() {
                s.push_str(&format!("\n  {}", possible_values(lang, valid)));
            }
            s
        }
        UsageProblem::OutOfRange {
            arg,
            value,
            low,
            high,
        } => {
            let bounds = match (high, es) {
                (Some(high), true) => format!("de {low} a {high}"),
                (Some(high), false) => format!("from {low} to {high}"),
                (None, true) => format!("de {low} en adelante"),
                (None, false) => format!("from {low} up"),
            };
            if es {
                format!("valor '{value}' no válido para '{arg}': se espera un número {bounds}")
            } else {
                format!("invalid value '{value}' for '{arg}': expected a number {bounds}")
            }
        }
        UsageProblem::Conflict { arg, with } if es => {
            format!("'{arg}' no se puede usar con '{with}'")
        }
        UsageProblem::Conflict { arg, with } => {
            format!("the argument '{arg}' cannot be used with '{with}'")
        }
        UsageProblem::CommandConflict { name, with } if es => {
            format!("la orden '{name}' no se puede usar con '{with}'")
        }
        UsageProblem::CommandConflict { name, with } => {
            format!("the subcommand '{name}' cannot be used with '{with}'")
        }
        UsageProblem::Other { clap } if es => {
            format!("la línea de órdenes no es válida (clap dice: «{clap}»)")
        }
        UsageProblem::Other { clap } => clap.clone(),
        UsageProblem::MissingRequired { args } if es => {
            format!("faltan argumentos necesarios: {}", args.join(", "))
        }
        UsageProblem::MissingRequired { args } => {
            format!(
                "the following required arguments were not provided: {}",
                args.join(", ")
            )
        }
        UsageProblem::UnexpectedValue { arg, value } if es => {
            format!("'{arg}' no admite el valor '{value}'")
        }
        UsageProblem::UnexpectedValue { arg, value } => {
            format!("unexpected value '{value}' for '{arg}' found")
        }
    }
}

/// The sections of the manual page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ManSection {
    Name,
    Synopsis,
    Description,
    Options,
    Commands,
    CommandArguments,
    Keys,
    Files,
    Environment,
    Examples,
    Version,
}

/// A section's heading.
pub fn man_heading(section: ManSection, lang: Lang) -> &'static str {
    let (es, en) = match section {
        ManSection::Name => ("NOMBRE", "NAME"),
        ManSection::Synopsis => ("SINOPSIS", "SYNOPSIS"),
        ManSection::Description => ("DESCRIPCIÓN", "DESCRIPTION"),
        ManSection::Options => ("OPCIONES", "OPTIONS"),
        ManSection::Commands => ("ÓRDENES", "SUBCOMMANDS"),
        ManSection::CommandArguments => ("ARGUMENTOS DE LAS ÓRDENES", "COMMAND ARGUMENTS"),
        ManSection::Keys => ("TECLAS", "KEYS"),
        ManSection::Files => ("FICHEROS", "FILES"),
        ManSection::Environment => ("ENTORNO", "ENVIRONMENT"),
        ManSection::Examples => ("EJEMPLOS", "EXAMPLES"),
        ManSection::Version => ("VERSIÓN", "VERSION"),
    };
    lang.pick(es, en)
}

/// The paragraph before the keys of a game.
pub fn man_keys(lang: Lang) -> &'static str {
    lang.pick(
        "En una partida a pantalla completa (las teclas por omisión; la tabla [keys] del \
         fichero de configuración las cambia). Una letra con la que empieza una jugada (de la a \
         a la h, las letras de las piezas, O para el enroque) abre la línea de órdenes con la \
         jugada tal como se tecleó; la línea de órdenes también lee órdenes en palabras \
         (abandono, tablas, reclamo, ayuda).",
        "In a game on the full screen (the defaults; the [keys] table of the config file \
         changes them). A letter that starts a move (a to h, the piece letters, O for \
         castling) opens the command line with the move as typed; the command line also \
         reads commands in words (resign, draw, claim, help).",
    )
}

/// The files escaque reads and writes, each with what it is.
pub fn man_files(lang: Lang) -> Vec<(&'static str, &'static str)> {
    let es = lang == Lang::Es;
    let entry = |file, es_text, en_text| (file, if es { es_text } else { en_text });
    vec![
        entry(
            "~/.config/escaque/config.toml",
            "La configuración: idioma, notación, tema, control de tiempo, el motor ([engine] \
             path, elo, skill_level, move_time_ms, max_move_time_ms, answer_timeout_ms), \
             teclas. ESCAQUE_CONFIG nombra otro fichero.",
            "The settings: language, notation, theme, time control, the engine ([engine] \
             path, elo, skill_level, move_time_ms, max_move_time_ms, answer_timeout_ms), \
             keys. ESCAQUE_CONFIG names another file.",
        ),
        entry(
            lang.pick(
                "~/.config/escaque/themes/NOMBRE.toml",
                "~/.config/escaque/themes/NAME.toml",
            ),
            "Los temas del usuario (junto al fichero de configuración), que se eligen con \
             --theme NOMBRE; un tema del usuario sustituye al integrado del mismo nombre.",
            "User themes (beside the config file), chosen with --theme NAME; a user theme \
             overrides a built-in one of the same name.",
        ),
        entry(
            "~/.local/share/escaque/",
            "La carpeta de datos (ESCAQUE_DATA_DIR nombra otra).",
            "The data directory (ESCAQUE_DATA_DIR names another).",
        ),
        entry(
            "~/.local/share/escaque/games/",
            "Las partidas guardadas con s y las partidas sin terminar que se conservan, en PGN.",
            "Games saved with s and kept unfinished games, as PGN.",
        ),
        entry(
            "~/.local/share/escaque/autosave/current.pgn",
            "El guardado automático de la partida en juego, escrito tras cada jugada; escaque \
             ofrece reanudarla al arrancar la vez siguiente (--resume solo la reanuda).",
            "The autosave of the game being played, written after every move; escaque \
             offers to resume it at the next start (--resume alone resumes it).",
        ),
        entry(
            "~/.local/share/escaque/envelopes/",
            "Las jugadas secretas de las partidas aplazadas (Directrices I).",
            "Sealed moves of adjourned games (Guidelines I).",
        ),
    ]
}

/// The environment variables escaque reads, each with what it does; `config` and `data`
/// name the variables of the config file and the data directory.
pub fn man_environment(
    lang: Lang,
    config: &'static str,
    data: &'static str,
) -> Vec<(&'static str, &'static str)> {
    let es = lang == Lang::Es;
    let entry = |name, es_text, en_text| (name, if es { es_text } else { en_text });
    vec![
        entry(
            "NO_COLOR",
            "Si tiene valor y no está vacía, se usa el tema monocromo salvo que --theme o la \
             configuración elijan uno (no-color.org).",
            "When set and not empty, the monochrome theme is used unless --theme or the \
             config chooses one (no-color.org).",
        ),
        entry(
            config,
            "El fichero de configuración que se lee en lugar de ~/.config/escaque/config.toml.",
            "The settings file to read instead of ~/.config/escaque/config.toml.",
        ),
        entry(
            data,
            "La carpeta de datos (partidas guardadas, guardado automático, sobres) en lugar \
             de ~/.local/share/escaque.",
            "The data directory (saved games, autosave, envelopes) instead of \
             ~/.local/share/escaque.",
        ),
        entry(
            "TERM",
            "El tipo del terminal: el tablero se dibuja con letras ASCII cuando no puede \
             mostrar piezas de ajedrez (linux, vt100, dumb), como con --ascii.",
            "The terminal's type: the board is drawn with ASCII letters when it cannot \
             show chess pieces (linux, vt100, dumb), as with --ascii.",
        ),
        entry(
            "LANG, LC_ALL, LC_MESSAGES",
            "El idioma de la interfaz cuando ni --lang ni la configuración lo dan: español \
             para es_*, inglés en otro caso. Una configuración regional (LC_ALL, LC_CTYPE, \
             LANG) que no es UTF-8 dibuja el tablero con letras ASCII.",
            "The interface language when neither --lang nor the config gives one: Spanish \
             for es_*, English otherwise. A locale (LC_ALL, LC_CTYPE, LANG) that is not \
             UTF-8 draws the board with ASCII letters.",
        ),
    ]
}

/// Command lines to copy, each with what it does.
pub fn man_examples(lang: Lang) -> Vec<(&'static str, &'static str)> {
    let es = lang == Lang::Es;
    let entry = |line, es_text, en_text| (line, if es { es_text } else { en_text });
    vec![
        entry(
            "escaque",
            "Una partida entre dos personas en este terminal, a 15+10.",
            "A game between two people at this terminal, 15+10.",
        ),
        entry(
            "escaque --tc 5+3 --black engine --engine-elo 1500",
            "Una partida con las blancas contra Stockfish limitado a 1500 Elo, a cinco \
             minutos y tres segundos por jugada.",
            "Play White against Stockfish limited to 1500 Elo, five minutes and three \
             seconds a move.",
        ),
        entry(
            "escaque --white engine --engine-skill 3 --engine-movetime 500",
            "Una partida con las negras contra Stockfish en el nivel 3, que piensa medio \
             segundo por jugada.",
            "Play Black against Stockfish at skill level 3, thinking half a second a move.",
        ),
        entry(
            "escaque --screen-reader --lang es --names es",
            "El modo de líneas para lectores de pantalla, en español, con los nombres \
             españoles de las casillas.",
            "The line mode for screen readers, in Spanish, with the Spanish square names.",
        ),
        entry(
            "escaque --resume",
            "Continúa la partida sin terminar del guardado automático.",
            "Go on with the unfinished game of the autosave.",
        ),
        entry(
            "escaque replay game.pgn --game 3",
            "El repaso del árbitro de la tercera partida de game.pgn.",
            "The arbiter's replay of the third game of game.pgn.",
        ),
        entry(
            "escaque adjudicate --format json games.pgn.zst",
            "Juzga según las Leyes cada partida de un archivo publicado, una línea JSON por \
             partida.",
            "Judge every game of a published archive by the Laws, one JSON line each.",
        ),
        entry(
            "escaque pgn convert --notation es games.pgn",
            "Las partidas de games.pgn con las letras españolas de las piezas.",
            "The games of games.pgn with Spanish piece letters.",
        ),
        entry(
            "escaque man | man -l -",
            "Muestra esta página.",
            "Read this page.",
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_usage_problem_quotes_the_input_in_each_language() {
        let problems = [
            UsageProblem::UnknownArgument {
                arg: "--tcc".into(),
                similar: Some("--tc".into()),
            },
            UsageProblem::UnknownCommand {
                name: "juega".into(),
                similar: None,
            },
            UsageProblem::MissingValue { arg: "--tc".into() },
            UsageProblem::InvalidValue {
                arg: "--white".into(),
                value: "robot".into(),
                valid: vec!["human".into(), "engine".into()],
            },
            UsageProblem::OutOfRange {
                arg: "--engine-skill".into(),
                value: "21".into(),
                low: 0,
                high: Some(20),
            },
            UsageProblem::Conflict {
                arg: "--open".into(),
                with: "--allowlist".into(),
            },
            UsageProblem::MissingRequired {
                args: vec!["<DEPTH>".into()],
            },
            UsageProblem::CommandConflict {
                name: "tc".into(),
                with: "--lang".into(),
            },
            UsageProblem::Other {
                clap: "Argument requires more values".into(),
            },
            UsageProblem::UnexpectedValue {
                arg: "--ascii".into(),
                value: "3".into(),
            },
        ];
        for p in &problems {
            let (es, en) = (usage_problem(p, Lang::Es), usage_problem(p, Lang::En));
            assert_ne!(es, en);
            let quoted = match p {
                UsageProblem::UnknownCommand { name, .. } => name,
                UsageProblem::MissingRequired { args } => &args[0],
                UsageProblem::CommandConflict { name, .. } => name,
                UsageProblem::Other { clap } => clap,
                UsageProblem::UnknownArgument { arg, .. }
                | UsageProblem::MissingValue { arg }
                | UsageProblem::InvalidValue { arg, .. }
                | UsageProblem::OutOfRange { arg, .. }
                | UsageProblem::Conflict { arg, .. }
                | UsageProblem::UnexpectedValue { arg, .. } => arg,
            };
            assert!(
                es.contains(quoted.as_str()) && en.contains(quoted.as_str()),
                "{es} / {en}"
            );
        }
        assert_eq!(
            usage_problem(&problems[3], Lang::Es),
            "valor 'robot' no válido para '--white'\n  [valores: human, engine]"
        );
    }

    /// The manual page's own sections: each entry in both languages, the same tags (but
    /// the one placeholder), different words.
    #[test]
    fn the_manual_pages_sections_are_in_both_languages() {
        let pairs = [
            (man_files(Lang::Es), man_files(Lang::En)),
            (
                man_environment(Lang::Es, "C", "D"),
                man_environment(Lang::En, "C", "D"),
            ),
            (man_examples(Lang::Es), man_examples(Lang::En)),
        ];
        for (es, en) in pairs {
            assert_eq!(es.len(), en.len());
            for ((tag_es, es), (tag_en, en)) in es.iter().zip(&en) {
                assert_eq!(tag_es.replace("NOMBRE", "NAME"), *tag_en);
                assert!(!es.is_empty() && es != en, "{tag_en}: {es}");
            }
        }
        assert_ne!(man_keys(Lang::Es), man_keys(Lang::En));
        for section in [
            ManSection::Name,
            ManSection::CommandArguments,
            ManSection::Version,
        ] {
            assert_ne!(
                man_heading(section, Lang::Es),
                man_heading(section, Lang::En)
            );
        }
    }
}
