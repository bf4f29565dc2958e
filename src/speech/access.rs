//! The words of the SSH server's access: a host key or an allowlist that cannot be used,
//! and what is wrong with a line of the allowlist, in English and Spanish. The errors are
//! `net`'s data, without words of their own: the server's log says them with
//! [`Lang::En`], the operator reads them in the interface language.

use crate::lang::Lang;
use crate::net::keys::{ACCEPTED_KEY_TYPES, KeyError, LineProblem, pub_file};

use super::files::io_error;

/// A host key or allowlist that cannot be used.
pub fn key_error(e: &KeyError, lang: Lang) -> String {
    let es = lang == Lang::Es;
    match e {
        KeyError::HostKeyRead { file, source } => cannot(
            lang,
            ("leer la clave de anfitrión", "read the host key"),
            file,
            source,
        ),
        KeyError::HostKeyCorrupt { file, reason } => {
            let file = file.display();
            if es {
                format!(
                    "la clave de anfitrión {file} no es una clave privada de OpenSSH \
                     ({reason}); se dejó como está: restáurela de una copia, o apártela y \
                     escaque hará otra (el ssh de los jugadores avisará entonces de que la \
                     clave del anfitrión cambió)"
                )
            } else {
                format!(
                    "the host key {file} is not an OpenSSH private key ({reason}); it was left \
                     as it is: restore it from a backup, or move it aside and escaque makes a \
                     new one (players' ssh will then warn that the host key changed)"
                )
            }
        }
        KeyError::HostKeyEncrypted { file } => {
            let file = file.display();
            if es {
                format!(
                    "la clave de anfitrión {file} está protegida por una frase de paso, que el \
                     servidor no puede teclear: quítela con `ssh-keygen -p -N \"\" -f {file}`"
                )
            } else {
                format!(
                    "the host key {file} is protected by a passphrase, which the server cannot \
                     type: remove the passphrase with `ssh-keygen -p -N \"\" -f {file}`"
                )
            }
        }
        KeyError::HostKeyNotEd25519 { file, algorithm } => {
            let file = file.display();
            if es {
                format!(
                    "la clave de anfitrión {file} es una clave {algorithm}, pero la de escaque \
                     es Ed25519: ponga allí una clave Ed25519 (`ssh-keygen -t ed25519 -N \"\" \
                     -f {file}`), o aparte el fichero y escaque hará una"
                )
            } else {
                format!(
                    "the host key {file} is a {algorithm} key, but escaque's host key is \
                     Ed25519: put an Ed25519 key there (`ssh-keygen -t ed25519 -N \"\" -f \
                     {file}`), or move the file aside and escaque makes one"
                )
            }
        }
        KeyError::Random { reason } => {
            if es {
                format!(
                    "no se puede hacer una clave de anfitrión: falló la fuente de azar del \
                     sistema ({reason})"
                )
            } else {
                format!("cannot make a host key: the system's random source failed ({reason})")
            }
        }
        KeyError::HostKeyWrite { file, source } => cannot(
            lang,
            ("escribir la clave de anfitrión", "write the host key"),
            file,
            source,
        ),
        KeyError::AllowlistMissing { file } => {
            let file = file.display();
            if es {
                format!(
                    "la lista de acceso {file} no existe: créela con una línea por jugador, la \
                     clave pública del jugador hecha con `ssh-keygen -t ed25519` (añada la \
                     línea de su ~/.ssh/id_ed25519.pub, p. ej. `cat id_ed25519.pub >> \
                     {file}`; el comentario del final de la línea es el nombre que se ve en el \
                     tablero); o ejecute `escaque serve --open` para dejar entrar a cualquiera \
                     con el nombre que elija"
                )
            } else {
                format!(
                    "the allowlist {file} does not exist: create it with one line per player, \
                     the player's public key made with `ssh-keygen -t ed25519` (append the \
                     line of their ~/.ssh/id_ed25519.pub, e.g. `cat id_ed25519.pub >> {file}`; \
                     the comment at the end of the line is the name shown on the board); or \
                     run `escaque serve --open` to let anyone in under a name they choose"
                )
            }
        }
        KeyError::AllowlistRead { file, source } => cannot(
            lang,
            ("leer la lista de acceso", "read the allowlist"),
            file,
            source,
        ),
        KeyError::Line {
            origin,
            line,
            text,
            problem,
        } => format!(
            "{origin}:{line}: \"{text}\" {}",
            line_problem(problem, lang)
        ),
    }
}

/// `cannot read the allowlist FILE: why`: what could not be done (Spanish, English) to the
/// file, and the system's reason.
fn cannot(
    lang: Lang,
    (es, en): (&str, &str),
    file: &std::path::Path,
    source: &std::io::Error,
) -> String {
    let (file, source) = (file.display(), io_error(source, lang));
    match lang {
        Lang::Es => format!("no se puede {es} {file}: {source}"),
        Lang::En => format!("cannot {en} {file}: {source}"),
    }
}

/// What is wrong with a line of the allowlist; it reads after the quoted line.
pub fn line_problem(p: &LineProblem, lang: Lang) -> String {
    use LineProblem::*;
    let es = lang == Lang::Es;
    let accepted = ACCEPTED_KEY_TYPES.join(", ");
    match p {
        NotText => lang
            .pick(
                "no es texto UTF-8: guarde la lista en UTF-8",
                "is not UTF-8 text: save the allowlist as UTF-8",
            )
            .into(),
        NoKey => lang
            .pick(
                "no tiene clave tras las opciones: una línea es `[opciones] tipo base64 \
                 [nombre]`, las opciones seguidas de la línea del ~/.ssh/id_ed25519.pub del \
                 jugador",
                "has no key after the options: a line is `[options] key-type base64 [name]`, \
                 the options followed by the line of the player's ~/.ssh/id_ed25519.pub",
            )
            .into(),
        MissingKeyType => lang
            .pick(
                "son datos de una clave sin su tipo: una línea es `[opciones] tipo base64 \
                 [nombre]`; copie la línea entera del ~/.ssh/id_ed25519.pub del jugador, que \
                 empieza por ssh-ed25519",
                "is key data without its key type: a line is `[options] key-type base64 \
                 [name]`; copy the whole line of the player's ~/.ssh/id_ed25519.pub, starting \
                 with ssh-ed25519",
            )
            .into(),
        UnknownKeyType if es => format!(
            "no es un tipo de clave que el servidor pueda verificar (acepta {accepted}): una \
             línea es `[opciones] tipo base64 [nombre]`; copie la línea entera del \
             ~/.ssh/id_ed25519.pub del jugador (hecho con `ssh-keygen -t ed25519`)"
        ),
        UnknownKeyType => format!(
            "is not a key type the server can verify (it accepts {accepted}): a line is \
             `[options] key-type base64 [name]`; copy the whole line of the player's \
             ~/.ssh/id_ed25519.pub (made with `ssh-keygen -t ed25519`)"
        ),
        DsaKey => lang
            .pick(
                "es una clave DSA, que el servidor no puede verificar (OpenSSH también la \
                 abandonó): pida al jugador una clave Ed25519 (`ssh-keygen -t ed25519`)",
                "is a DSA key, which the server cannot verify (OpenSSH dropped DSA too): ask \
                 the player for an Ed25519 key (`ssh-keygen -t ed25519`)",
            )
            .into(),
        Certificate => lang
            .pick(
                "es un certificado de OpenSSH, que la lista no admite: ponga en su lugar la \
                 clave pública del jugador (~/.ssh/id_ed25519.pub)",
                "is an OpenSSH certificate, which the allowlist does not take: put the \
                 player's plain public key (~/.ssh/id_ed25519.pub) instead",
            )
            .into(),
        NoKeyData { key_type } if es => format!(
            "no tiene los datos de la clave tras el tipo: copie la línea entera del {} del \
             jugador",
            pub_file(key_type)
        ),
        NoKeyData { key_type } => format!(
            "has no key data after the key type: copy the whole line of the player's {}",
            pub_file(key_type)
        ),
        Base64Character {
            key_type,
            ch,
            column,
        } if es => format!(
            "no es una clave pública válida: el carácter {ch:?} de la columna {column} no es \
             base64; copie sin cambios la línea entera del {} del jugador",
            pub_file(key_type)
        ),
        Base64Character {
            key_type,
            ch,
            column,
        } => format!(
            "is not a valid public key: the character {ch:?} at column {column} is not \
             base64; copy the whole line of the player's {} unchanged",
            pub_file(key_type)
        ),
        CutShort { key_type } if es => format!(
            "no es una clave pública válida: los datos base64 están cortados; copie la línea \
             entera del {} del jugador",
            pub_file(key_type)
        ),
        CutShort { key_type } => format!(
            "is not a valid public key: the base64 data is cut short; copy the whole line of \
             the player's {}",
            pub_file(key_type)
        ),
        TrailingData { .. } => lang
            .pick(
                "no es una clave pública válida: los datos base64 siguen tras el final de la \
                 clave (¿dos claves juntas?); ponga cada clave en su propia línea",
                "is not a valid public key: the base64 data goes on after the end of the key \
                 (two keys run together?); put each key on a line of its own",
            )
            .into(),
        TypeMismatch { written, data } if es => format!(
            "no es una clave pública válida: la línea dice {written} pero los datos son de \
             una clave {data}; copie sin cambios la línea entera del {} del jugador",
            pub_file(data)
        ),
        TypeMismatch { written, data } => format!(
            "is not a valid public key: the line says {written} but the key data is {data}; \
             copy the whole line of the player's {} unchanged",
            pub_file(data)
        ),
        NotAKey { key_type, reason } if es => format!(
            "no es una clave pública válida: los datos de la clave no se pueden leer \
             ({reason}); copie la línea entera del {} del jugador",
            pub_file(key_type)
        ),
        NotAKey { key_type, reason } => format!(
            "is not a valid public key: the key data does not decode ({reason}); copy the \
             whole line of the player's {}",
            pub_file(key_type)
        ),
        BadOptions { reason } if es => format!(
            "no es una sintaxis de opciones de OpenSSH válida: {reason}; las opciones van \
             separadas por comas, sin espacios, con los valores entre comillas dobles, como en \
             `arbiter,no-pty,command=\"…\" ssh-ed25519 AAAA… nombre`"
        ),
        BadOptions { reason } => format!(
            "is not valid OpenSSH options syntax: {reason}; options are separated by commas, \
             without spaces, values in double quotes, as in `arbiter,no-pty,command=\"…\" \
             ssh-ed25519 AAAA… name`"
        ),
        UnknownOption { name } if es => format!(
            "tiene la opción {name:?}, que ni escaque ni OpenSSH conocen: la opción propia de \
             escaque es `arbiter` (esa clave puede ocupar el puesto de árbitro de una sala); \
             las de OpenSSH están en `man sshd`, AUTHORIZED_KEYS FILE FORMAT"
        ),
        UnknownOption { name } => format!(
            "has the option {name:?}, which neither escaque nor OpenSSH knows: escaque's own \
             option is `arbiter` (that key may take a room's arbiter seat); for OpenSSH's see \
             `man sshd`, AUTHORIZED_KEYS FILE FORMAT"
        ),
        Unenforceable { name } if es => format!(
            "tiene la opción {name}, que limita quién puede conectarse y que escaque no puede \
             hacer cumplir: quite la opción de esta línea (la clave podrá conectarse siempre), \
             o deje fuera al jugador"
        ),
        Unenforceable { name } => format!(
            "has the option {name}, which narrows who may connect and which escaque cannot \
             enforce: remove the option from this line (the key may then always connect), or \
             leave the player out"
        ),
        ControlCharacter { column } if es => format!(
            "no sirve como nombre: tiene un carácter de control en la columna {column}; \
             escriba el nombre (el comentario tras la clave) en texto llano"
        ),
        ControlCharacter { column } => format!(
            "is not a usable name: it has a control character at column {column}; write the \
             name (the comment after the key) in plain text"
        ),
        Duplicate { first_line } if es => format!(
            "es la misma clave que la de la línea {first_line}: una clave se lista una sola \
             vez (un nombre, una opción arbiter); quite una de las dos líneas"
        ),
        Duplicate { first_line } => format!(
            "is the same key as line {first_line}: a key may be listed once (one name, one \
             arbiter option); remove one of the two lines"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    /// One of each problem of a line. The match has no catch-all: a new problem does not
    /// compile until it is here, and so said in both languages.
    fn problems() -> Vec<LineProblem> {
        use LineProblem::*;
        let key_type = || "ssh-ed25519".to_string();
        let all = vec![
            NotText,
            NoKey,
            MissingKeyType,
            UnknownKeyType,
            DsaKey,
            Certificate,
            NoKeyData {
                key_type: key_type(),
            },
            Base64Character {
                key_type: key_type(),
                ch: '!',
                column: 14,
            },
            CutShort {
                key_type: key_type(),
            },
            TrailingData {
                key_type: key_type(),
            },
            TypeMismatch {
                written: "ssh-rsa".into(),
                data: key_type(),
            },
            NotAKey {
                key_type: key_type(),
                reason: "bad point".into(),
            },
            BadOptions {
                reason: "unclosed quote".into(),
            },
            UnknownOption {
                name: "juez".into(),
            },
            Unenforceable {
                name: "from".into(),
            },
            ControlCharacter { column: 9 },
            Duplicate { first_line: 2 },
        ];
        for p in &all {
            match p {
                NotText
                | NoKey
                | MissingKeyType
                | UnknownKeyType
                | DsaKey
                | Certificate
                | NoKeyData { .. }
                | Base64Character { .. }
                | CutShort { .. }
                | TrailingData { .. }
                | TypeMismatch { .. }
                | NotAKey { .. }
                | BadOptions { .. }
                | UnknownOption { .. }
                | Unenforceable { .. }
                | ControlCharacter { .. }
                | Duplicate { .. } => {}
            }
        }
        all
    }

    /// One of each error (a line's error once per problem), with the file or line each
    /// must quote. Exhaustive as [`problems`].
    fn errors() -> Vec<(KeyError, String)> {
        let file = || PathBuf::from("/srv/escaque/host_ed25519");
        let list = || PathBuf::from("/srv/escaque/allowed_keys");
        let io = || std::io::Error::from(std::io::ErrorKind::PermissionDenied);
        let mut all = vec![
            KeyError::HostKeyRead {
                file: file(),
                source: io(),
            },
            KeyError::HostKeyCorrupt {
                file: file(),
                reason: "bad header".into(),
            },
            KeyError::HostKeyEncrypted { file: file() },
            KeyError::HostKeyNotEd25519 {
                file: file(),
                algorithm: "ssh-rsa".into(),
            },
            KeyError::Random {
                reason: "no entropy".into(),
            },
            KeyError::HostKeyWrite {
                file: file(),
                source: io(),
            },
            KeyError::AllowlistMissing { file: list() },
            KeyError::AllowlistRead {
                file: list(),
                source: io(),
            },
        ];
        all.extend(problems().into_iter().map(|problem| KeyError::Line {
            origin: "allowed_keys".into(),
            line: 7,
            text: "ssh-ed25519 AAAA Ana".into(),
            problem,
        }));
        all.into_iter()
            .map(|e| {
                let quoted = match &e {
                    KeyError::HostKeyRead { file, .. }
                    | KeyError::HostKeyCorrupt { file, .. }
                    | KeyError::HostKeyEncrypted { file }
                    | KeyError::HostKeyNotEd25519 { file, .. }
                    | KeyError::HostKeyWrite { file, .. }
                    | KeyError::AllowlistMissing { file }
                    | KeyError::AllowlistRead { file, .. } => file.display().to_string(),
                    KeyError::Random { reason } => format!("({reason})"),
                    KeyError::Line {
                        origin, line, text, ..
                    } => format!("{origin}:{line}: \"{text}\" "),
                };
                (e, quoted)
            })
            .collect()
    }

    #[test]
    fn every_access_error_has_its_own_sentence_in_each_language_quoting_what_it_is_about() {
        let mut seen = std::collections::HashSet::new();
        for (e, quoted) in errors() {
            let es = key_error(&e, Lang::Es);
            let en = key_error(&e, Lang::En);
            for said in [&es, &en] {
                assert!(said.contains(&quoted), "{quoted} not in {said}");
                assert!(said.len() > quoted.len() + 10, "{said}");
                assert!(seen.insert(said.clone()), "said twice: {said}");
            }
            assert_ne!(es, en);
        }
        for p in problems() {
            let (es, en) = (line_problem(&p, Lang::Es), line_problem(&p, Lang::En));
            assert!(!es.is_empty() && !en.is_empty() && es != en, "{p:?}");
        }
    }
}
