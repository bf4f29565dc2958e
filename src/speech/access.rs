//! The words of the SSH server's access: a host key or an allowlist that cannot be used,
//! and what is wrong with a line of the allowlist, in the interface language. The errors
//! are `net`'s data; their `Display` is English, for logs.

use crate::lang::Lang;
use crate::net::keys::{ACCEPTED_KEY_TYPES, KeyError, LineProblem, pub_file};

/// A host key or allowlist that cannot be used.
pub fn key_error(e: &KeyError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        KeyError::HostKeyRead { file, source } => {
            format!(
                "no se puede leer la clave de anfitrión {}: {source}",
                file.display()
            )
        }
        KeyError::HostKeyCorrupt { file, reason } => format!(
            "la clave de anfitrión {} no es una clave privada de OpenSSH ({reason}); se \
                 dejó como está: restáurela de una copia, o apártela y escaque hará otra (el \
                 ssh de los jugadores avisará entonces de que la clave del anfitrión cambió)",
            file.display()
        ),
        KeyError::HostKeyEncrypted { file } => format!(
            "la clave de anfitrión {} está protegida por una frase de paso, que el \
                 servidor no puede teclear: quítela con `ssh-keygen -p -N \"\" -f {}`",
            file.display(),
            file.display()
        ),
        KeyError::HostKeyNotEd25519 { file, algorithm } => format!(
            "la clave de anfitrión {} es una clave {algorithm}, pero la de escaque es \
                 Ed25519: ponga allí una clave Ed25519 (`ssh-keygen -t ed25519 -N \"\" -f {}`), \
                 o aparte el fichero y escaque hará una",
            file.display(),
            file.display()
        ),
        KeyError::Random { reason } => format!(
            "no se puede hacer una clave de anfitrión: falló la fuente de azar del sistema \
                 ({reason})"
        ),
        KeyError::HostKeyWrite { file, source } => format!(
            "no se puede escribir la clave de anfitrión {}: {source}",
            file.display()
        ),
        KeyError::AllowlistMissing { file } => format!(
            "la lista de acceso {} no existe: créela con una línea por jugador, la clave \
                 pública del jugador hecha con `ssh-keygen -t ed25519` (añada la línea de su \
                 ~/.ssh/id_ed25519.pub, p. ej. `cat id_ed25519.pub >> {}`; el comentario del \
                 final de la línea es el nombre que se ve en el tablero); o ejecute `escaque \
                 serve --open` para dejar entrar a cualquiera con el nombre que elija",
            file.display(),
            file.display()
        ),
        KeyError::AllowlistRead { file, source } => {
            format!(
                "no se puede leer la lista de acceso {}: {source}",
                file.display()
            )
        }
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

/// What is wrong with a line of the allowlist; it reads after the quoted line.
pub fn line_problem(p: &LineProblem, lang: Lang) -> String {
    use LineProblem::*;
    if lang == Lang::En {
        return p.to_string();
    }
    let accepted = ACCEPTED_KEY_TYPES.join(", ");
    match p {
        NotText => "no es texto UTF-8: guarde la lista en UTF-8".into(),
        NoKey => "no tiene clave tras las opciones: una línea es `[opciones] \
                 tipo base64 [nombre]`, las opciones seguidas de la línea del \
                 ~/.ssh/id_ed25519.pub del jugador"
            .into(),
        MissingKeyType => "son datos de una clave sin su tipo: una línea es \
                 `[opciones] tipo base64 [nombre]`; copie la línea entera del \
                 ~/.ssh/id_ed25519.pub del jugador, que empieza por ssh-ed25519"
            .into(),
        UnknownKeyType => format!(
            "no es un tipo de clave que el servidor pueda verificar (acepta {accepted}): \
                 una línea es `[opciones] tipo base64 [nombre]`; copie la línea entera del \
                 ~/.ssh/id_ed25519.pub del jugador (hecho con `ssh-keygen -t ed25519`)"
        ),
        DsaKey => "es una clave DSA, que el servidor no puede verificar \
                 (OpenSSH también la abandonó): pida al jugador una clave Ed25519 \
                 (`ssh-keygen -t ed25519`)"
            .into(),
        Certificate => "es un certificado de OpenSSH, que la lista no admite: \
                 ponga en su lugar la clave pública del jugador (~/.ssh/id_ed25519.pub)"
            .into(),
        NoKeyData { key_type } => format!(
            "no tiene los datos de la clave tras el tipo: copie la línea entera del {} \
                 del jugador",
            pub_file(key_type)
        ),
        Base64Character {
            key_type,
            ch,
            column,
        } => format!(
            "no es una clave pública válida: el carácter {ch:?} de la columna {column} no \
                 es base64; copie sin cambios la línea entera del {} del jugador",
            pub_file(key_type)
        ),
        CutShort { key_type } => format!(
            "no es una clave pública válida: los datos base64 están cortados; copie la \
                 línea entera del {} del jugador",
            pub_file(key_type)
        ),
        TrailingData { .. } => "no es una clave pública válida: los datos \
                 base64 siguen tras el final de la clave (¿dos claves juntas?); ponga cada \
                 clave en su propia línea"
            .into(),
        TypeMismatch { written, data } => format!(
            "no es una clave pública válida: la línea dice {written} pero los datos son \
                 de una clave {data}; copie sin cambios la línea entera del {} del jugador",
            pub_file(data)
        ),
        NotAKey { key_type, reason } => format!(
            "no es una clave pública válida: los datos de la clave no se pueden leer \
                 ({reason}); copie la línea entera del {} del jugador",
            pub_file(key_type)
        ),
        BadOptions { reason } => format!(
            "no es una sintaxis de opciones de OpenSSH válida: {reason}; las opciones van \
                 separadas por comas, sin espacios, con los valores entre comillas dobles, \
                 como en `arbiter,no-pty,command=\"…\" ssh-ed25519 AAAA… nombre`"
        ),
        UnknownOption { name } => format!(
            "tiene la opción {name:?}, que ni escaque ni OpenSSH conocen: la opción \
                 propia de escaque es `arbiter` (esa clave puede ocupar el puesto de árbitro \
                 de una sala); las de OpenSSH están en `man sshd`, AUTHORIZED_KEYS FILE FORMAT"
        ),
        Unenforceable { name } => format!(
            "tiene la opción {name}, que limita quién puede conectarse y que escaque no \
                 puede hacer cumplir: quite la opción de esta línea (la clave podrá \
                 conectarse siempre), o deje fuera al jugador"
        ),
        ControlCharacter { column } => format!(
            "no sirve como nombre: tiene un carácter de control en la columna {column}; \
                 escriba el nombre (el comentario tras la clave) en texto llano"
        ),
        Duplicate { first_line } => format!(
            "es la misma clave que la de la línea {first_line}: una clave se lista una \
                 sola vez (un nombre, una opción arbiter); quite una de las dos líneas"
        ),
    }
}
