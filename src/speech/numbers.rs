//! Numbers and durations in words, Spanish and English: "cinco minutos y treinta segundos",
//! "one hour, two minutes". Speech engines misread digits ("1 e4"), so nothing spoken here
//! has any.

use crate::lang::Lang;

/// The grammatical gender of what a Spanish number counts: "un minuto", "una hora",
/// "veintiún segundos", "veintiuna horas"; `Neuter` is the number alone ("uno",
/// "veintiuno").
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Gender {
    Neuter,
    Masculine,
    Feminine,
}

const ES_UNITS: [&str; 30] = [
    "cero",
    "uno",
    "dos",
    "tres",
    "cuatro",
    "cinco",
    "seis",
    "siete",
    "ocho",
    "nueve",
    "diez",
    "once",
    "doce",
    "trece",
    "catorce",
    "quince",
    "dieciséis",
    "diecisiete",
    "dieciocho",
    "diecinueve",
    "veinte",
    "veintiuno",
    "veintidós",
    "veintitrés",
    "veinticuatro",
    "veinticinco",
    "veintiséis",
    "veintisiete",
    "veintiocho",
    "veintinueve",
];
const ES_TENS: [&str; 10] = [
    "",
    "",
    "",
    "treinta",
    "cuarenta",
    "cincuenta",
    "sesenta",
    "setenta",
    "ochenta",
    "noventa",
];
const ES_HUNDREDS: [&str; 10] = [
    "",
    "ciento",
    "doscientos",
    "trescientos",
    "cuatrocientos",
    "quinientos",
    "seiscientos",
    "setecientos",
    "ochocientos",
    "novecientos",
];

const EN_UNITS: [&str; 20] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
];
const EN_TENS: [&str; 10] = [
    "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
];

/// A number in words in the language ("veintitrés", "twenty-three").
pub fn number(n: u64, lang: Lang) -> String {
    match lang {
        Lang::Es => spanish(n, Gender::Neuter),
        Lang::En => english(n),
    }
}

/// A Spanish number agreeing with what it counts ("un minuto", "veintiuna horas").
pub fn spanish(n: u64, gender: Gender) -> String {
    if n >= 1_000_000 {
        let millions = n / 1_000_000;
        let rest = n % 1_000_000;
        let head = if millions == 1 {
            "un millón".to_string()
        } else {
            format!("{} millones", spanish(millions, Gender::Masculine))
        };
        return if rest == 0 {
            head
        } else {
            format!("{head} {}", spanish(rest, gender))
        };
    }
    if n >= 1000 {
        let thousands = n / 1000;
        let rest = n % 1000;
        let head = if thousands == 1 {
            "mil".to_string()
        } else {
            // "doscientas mil horas", "veintiún mil segundos"
            format!("{} mil", spanish(thousands, apocope(gender)))
        };
        return if rest == 0 {
            head
        } else {
            format!("{head} {}", spanish(rest, gender))
        };
    }
    if n >= 100 {
        if n == 100 {
            return "cien".to_string();
        }
        let mut head = ES_HUNDREDS[(n / 100) as usize].to_string();
        if gender == Gender::Feminine && n >= 200 {
            head = head.replace("ientos", "ientas");
        }
        let rest = n % 100;
        return if rest == 0 {
            head
        } else {
            format!("{head} {}", spanish(rest, gender))
        };
    }
    let word = if n < 30 {
        ES_UNITS[n as usize].to_string()
    } else {
        let unit = n % 10;
        let tens = ES_TENS[(n / 10) as usize];
        if unit == 0 {
            tens.to_string()
        } else {
            format!("{tens} y {}", ES_UNITS[unit as usize])
        }
    };
    match gender {
        Gender::Neuter => word,
        Gender::Masculine => {
            if word == "uno" {
                "un".to_string()
            } else if word == "veintiuno" {
                "veintiún".to_string()
            } else if let Some(stem) = word.strip_suffix(" y uno") {
                format!("{stem} y un")
            } else {
                word
            }
        }
        Gender::Feminine => {
            if word == "uno" {
                "una".to_string()
            } else if word == "veintiuno" {
                "veintiuna".to_string()
            } else if let Some(stem) = word.strip_suffix(" y uno") {
                format!("{stem} y una")
            } else {
                word
            }
        }
    }
}

fn apocope(gender: Gender) -> Gender {
    match gender {
        Gender::Feminine => Gender::Feminine,
        _ => Gender::Masculine,
    }
}

/// An English number ("one hundred and five", "twenty-three").
pub fn english(n: u64) -> String {
    if n >= 1_000_000 {
        let rest = n % 1_000_000;
        let head = format!("{} million", english(n / 1_000_000));
        return join_en(head, rest);
    }
    if n >= 1000 {
        let rest = n % 1000;
        let head = format!("{} thousand", english(n / 1000));
        return join_en(head, rest);
    }
    if n >= 100 {
        let rest = n % 100;
        let head = format!("{} hundred", EN_UNITS[(n / 100) as usize]);
        return if rest == 0 {
            head
        } else {
            format!("{head} and {}", english(rest))
        };
    }
    if n < 20 {
        return EN_UNITS[n as usize].to_string();
    }
    let unit = n % 10;
    let tens = EN_TENS[(n / 10) as usize];
    if unit == 0 {
        tens.to_string()
    } else {
        format!("{tens}-{}", EN_UNITS[unit as usize])
    }
}

fn join_en(head: String, rest: u64) -> String {
    if rest == 0 {
        head
    } else if rest < 100 {
        format!("{head} and {}", english(rest))
    } else {
        format!("{head} {}", english(rest))
    }
}

/// An ordinal for counts of illegal moves, periods and the like ("primera", "second").
/// Spanish ordinals are feminine here (jugada, infracción); past the tenth, "número N".
pub fn ordinal(n: u64, lang: Lang) -> String {
    match lang {
        Lang::Es => match n {
            1..=10 => [
                "primera", "segunda", "tercera", "cuarta", "quinta", "sexta", "séptima", "octava",
                "novena", "décima",
            ][(n - 1) as usize]
                .to_string(),
            _ => format!("número {}", spanish(n, Gender::Neuter)),
        },
        Lang::En => match n {
            1..=10 => [
                "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
                "ninth", "tenth",
            ][(n - 1) as usize]
                .to_string(),
            _ => format!("number {}", english(n)),
        },
    }
}

/// A count with its noun ("un minuto", "treinta segundos", "one hour", "two minutes").
pub fn count(n: u64, lang: Lang, es: (&str, &str, Gender), en: (&str, &str)) -> String {
    match lang {
        Lang::Es => {
            let noun = if n == 1 { es.0 } else { es.1 };
            format!("{} {noun}", spanish(n, es.2))
        }
        Lang::En => {
            let noun = if n == 1 { en.0 } else { en.1 };
            format!("{} {noun}", english(n))
        }
    }
}

fn hours(n: u64, lang: Lang) -> String {
    count(
        n,
        lang,
        ("hora", "horas", Gender::Feminine),
        ("hour", "hours"),
    )
}

fn minutes(n: u64, lang: Lang) -> String {
    count(
        n,
        lang,
        ("minuto", "minutos", Gender::Masculine),
        ("minute", "minutes"),
    )
}

fn seconds(n: u64, lang: Lang) -> String {
    count(
        n,
        lang,
        ("segundo", "segundos", Gender::Masculine),
        ("second", "seconds"),
    )
}

/// A time in words: hours, minutes and seconds, the parts that are not zero, the last one
/// joined by "y" / "and" ("una hora, dos minutos y cinco segundos", "one hour, two minutes
/// and five seconds"); under ten seconds, tenths too ("nueve coma cuatro segundos", "nine
/// point four seconds"), as a clock shows them (6.x); zero is "cero segundos" / "zero
/// seconds".
pub fn duration(ms: u64, lang: Lang) -> String {
    if ms < 10_000 {
        let s = ms / 1000;
        let tenths = (ms % 1000) / 100;
        if tenths == 0 {
            return seconds(s, lang);
        }
        return match lang {
            Lang::Es => format!(
                "{} coma {} segundos",
                spanish(s, Gender::Neuter),
                spanish(tenths, Gender::Neuter)
            ),
            Lang::En => format!("{} point {} seconds", english(s), english(tenths)),
        };
    }
    let total = ms / 1000;
    let (h, m, s) = (total / 3600, (total / 60) % 60, total % 60);
    let mut parts = Vec::new();
    if h > 0 {
        parts.push(hours(h, lang));
    }
    if m > 0 {
        parts.push(minutes(m, lang));
    }
    if s > 0 {
        parts.push(seconds(s, lang));
    }
    join_list(&parts, lang)
}

/// "a, b y c" / "a, b and c".
pub fn join_list(parts: &[String], lang: Lang) -> String {
    let and = lang.pick(" y ", " and ");
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{}{and}{last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spanish_numbers_agree() {
        assert_eq!(spanish(1, Gender::Neuter), "uno");
        assert_eq!(spanish(21, Gender::Masculine), "veintiún");
        assert_eq!(spanish(31, Gender::Feminine), "treinta y una");
        assert_eq!(spanish(100, Gender::Neuter), "cien");
        assert_eq!(spanish(101, Gender::Neuter), "ciento uno");
        assert_eq!(spanish(200, Gender::Feminine), "doscientas");
        assert_eq!(
            spanish(1999, Gender::Neuter),
            "mil novecientos noventa y nueve"
        );
        assert_eq!(spanish(21_000, Gender::Neuter), "veintiún mil");
    }

    #[test]
    fn english_numbers() {
        assert_eq!(english(0), "zero");
        assert_eq!(english(42), "forty-two");
        assert_eq!(english(105), "one hundred and five");
        assert_eq!(english(1200), "one thousand two hundred");
        assert_eq!(english(1005), "one thousand and five");
    }

    #[test]
    fn durations_in_words() {
        assert_eq!(
            duration(330_000, Lang::Es),
            "cinco minutos y treinta segundos"
        );
        assert_eq!(duration(3_720_000, Lang::En), "one hour and two minutes");
        assert_eq!(
            duration(3_721_000, Lang::En),
            "one hour, two minutes and one second"
        );
        assert_eq!(duration(3_660_000, Lang::Es), "una hora y un minuto");
        assert_eq!(duration(9_400, Lang::Es), "nueve coma cuatro segundos");
        assert_eq!(duration(0, Lang::En), "zero seconds");
        assert_eq!(duration(21 * 60_000, Lang::Es), "veintiún minutos");
    }
}
