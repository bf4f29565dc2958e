//! The UCI protocol as text: what an engine says (parsed into [`EngineLine`]) and what we say
//! to it (the `position`, `go` and `setoption` commands). Pure functions, no I/O: the process
//! handling is in `process.rs`.
//!
//! Reading is forgiving, as the UCI specification asks: an unknown or malformed line is
//! [`EngineLine::Other`] and an unknown token inside an `info` line is skipped, so an engine
//! that prints garbage never stops the client. Only the move of `bestmove` must be exact.

use std::fmt;

use crate::core::{Move, Position, UciMove};

/// The type of an option an engine offers (`option name … type …`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum OptionKind {
    Check,
    Spin,
    Combo,
    Button,
    String,
}

/// An option the engine offers, as announced during the handshake.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UciOption {
    /// The name as the engine spells it (names compare without case, as UCI says).
    pub name: String,
    pub kind: OptionKind,
    pub default: Option<String>,
    pub min: Option<i64>,
    pub max: Option<i64>,
    /// The values of a combo option.
    pub vars: Vec<String>,
}

impl UciOption {
    /// Whether this option is called `name` (without regard to case).
    pub fn is(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
    }

    /// A spin value brought within the option's bounds.
    pub fn clamp(&self, value: i64) -> i64 {
        let v = self.min.map_or(value, |m| value.max(m));
        self.max.map_or(v, |m| v.min(m))
    }
}

/// A score as an engine reports it, from the side to move's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (negative: the engine is mated).
    Mate(i32),
}

impl fmt::Display for Score {
    /// `+0.35`, `-1.20`, `#3`, `#-2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Cp(cp) => {
                let sign = if cp < 0 { "-" } else { "+" };
                let a = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", a / 100, a % 100)
            }
            Score::Mate(n) => write!(f, "#{n}"),
        }
    }
}

/// What an `info` line tells about the search (fields the engine did not give are `None`).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct SearchInfo {
    pub depth: Option<u32>,
    pub seldepth: Option<u32>,
    pub multipv: Option<u32>,
    pub score: Option<Score>,
    pub nodes: Option<u64>,
    pub nps: Option<u64>,
    pub time_ms: Option<u64>,
    /// The principal variation as text, as the engine sent it.
    pub pv_text: Vec<String>,
    /// The legal prefix of the principal variation, checked against the position searched
    /// (filled by the engine client; empty when parsing a bare line).
    pub pv: Vec<Move>,
    /// `info string …`.
    pub string: Option<String>,
}

impl SearchInfo {
    /// Whether the line says anything about the search itself (depth, score or a line of
    /// moves); `currmove` lines and bare strings do not.
    pub fn is_progress(&self) -> bool {
        self.depth.is_some() || self.score.is_some() || !self.pv_text.is_empty()
    }
}

/// One line from the engine.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum EngineLine {
    IdName(String),
    IdAuthor(String),
    Option(UciOption),
    UciOk,
    ReadyOk,
    Info(SearchInfo),
    /// `bestmove <move> [ponder <move>]`: the move text, not yet checked.
    BestMove {
        text: String,
        ponder: Option<String>,
    },
    /// Anything else (ignored, as UCI asks).
    Other(String),
}

/// Reads one line from the engine. Never fails: what it does not understand is `Other`.
pub fn parse_line(line: &str) -> EngineLine {
    let mut tokens = line.split_whitespace();
    let Some(first) = tokens.next() else {
        return EngineLine::Other(line.to_string());
    };
    let rest: Vec<&str> = tokens.collect();
    match first {
        "uciok" if rest.is_empty() => EngineLine::UciOk,
        "readyok" if rest.is_empty() => EngineLine::ReadyOk,
        "id" => match rest.split_first() {
            Some((&"name", name)) => EngineLine::IdName(name.join(" ")),
            Some((&"author", author)) => EngineLine::IdAuthor(author.join(" ")),
            _ => EngineLine::Other(line.to_string()),
        },
        "option" => match parse_option(&rest) {
            Some(o) => EngineLine::Option(o),
            None => EngineLine::Other(line.to_string()),
        },
        "info" => EngineLine::Info(parse_info(&rest)),
        "bestmove" => match rest.as_slice() {
            [mv] => EngineLine::BestMove {
                text: (*mv).to_string(),
                ponder: None,
            },
            [mv, "ponder", p, ..] => EngineLine::BestMove {
                text: (*mv).to_string(),
                ponder: Some((*p).to_string()),
            },
            [mv, ..] => EngineLine::BestMove {
                text: (*mv).to_string(),
                ponder: None,
            },
            [] => EngineLine::BestMove {
                text: String::new(),
                ponder: None,
            },
        },
        _ => EngineLine::Other(line.to_string()),
    }
}

/// `name <words…> type <t> [default <words…>] [min n] [max n] [var <words…>]*`.
fn parse_option(tokens: &[&str]) -> Option<UciOption> {
    const KEYS: [&str; 6] = ["name", "type", "default", "min", "max", "var"];
    let mut fields: Vec<(&str, Vec<&str>)> = Vec::new();
    for &t in tokens {
        // A key word starts a field, except inside the name, where only `type` ends it
        // ("Skill Level" has no key words, but a name could say "max").
        let in_name = fields.last().is_some_and(|(k, _)| *k == "name");
        if KEYS.contains(&t) && (!in_name || t == "type") {
            fields.push((t, Vec::new()));
        } else if let Some((_, words)) = fields.last_mut() {
            words.push(t);
        } else {
            return None;
        }
    }
    let get = |key: &str| {
        fields
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, w)| w.join(" "))
    };
    let name = get("name").filter(|n| !n.is_empty())?;
    let kind = match get("type")?.as_str() {
        "check" => OptionKind::Check,
        "spin" => OptionKind::Spin,
        "combo" => OptionKind::Combo,
        "button" => OptionKind::Button,
        "string" => OptionKind::String,
        _ => return None,
    };
    Some(UciOption {
        name,
        kind,
        default: get("default"),
        min: get("min").and_then(|v| v.parse().ok()),
        max: get("max").and_then(|v| v.parse().ok()),
        vars: fields
            .iter()
            .filter(|(k, _)| *k == "var")
            .map(|(_, w)| w.join(" "))
            .collect(),
    })
}

/// The fields of an `info` line (after `info`). Unknown tokens and bad numbers are skipped.
pub fn parse_info(tokens: &[&str]) -> SearchInfo {
    let mut info = SearchInfo::default();
    let mut i = 0;
    let num = |i: usize| tokens.get(i + 1).and_then(|t| t.parse::<u64>().ok());
    while i < tokens.len() {
        match tokens[i] {
            "depth" => info.depth = num(i).and_then(|n| u32::try_from(n).ok()),
            "seldepth" => info.seldepth = num(i).and_then(|n| u32::try_from(n).ok()),
            "multipv" => info.multipv = num(i).and_then(|n| u32::try_from(n).ok()),
            "nodes" => info.nodes = num(i),
            "nps" => info.nps = num(i),
            "time" => info.time_ms = num(i),
            "score" => {
                let value = tokens.get(i + 2).and_then(|t| t.parse::<i32>().ok());
                info.score = match (tokens.get(i + 1), value) {
                    (Some(&"cp"), Some(v)) => Some(Score::Cp(v)),
                    (Some(&"mate"), Some(v)) => Some(Score::Mate(v)),
                    _ => info.score,
                };
                i += 2;
            }
            "pv" => {
                info.pv_text = tokens[i + 1..].iter().map(|t| t.to_string()).collect();
                break;
            }
            "string" => {
                info.string = Some(tokens[i + 1..].join(" "));
                break;
            }
            _ => {}
        }
        i += 1;
    }
    info
}

/// The legal prefix of a line of UCI moves from `pos`.
pub fn legal_prefix(pos: &Position, moves: &[String]) -> Vec<Move> {
    let mut pos = *pos;
    let mut out = Vec::new();
    for text in moves {
        let Some(mv) = text
            .parse::<UciMove>()
            .ok()
            .and_then(|u| pos.uci_to_move(u))
        else {
            break;
        };
        pos.play_unchecked(mv);
        out.push(mv);
    }
    out
}

/// `position startpos moves …` (or `position fen <fen> moves …` from a set-up position).
pub fn position_command(start: &Position, moves: &[Move]) -> String {
    position_command_960(start, moves, false)
}

/// [`position_command`], with castling written as Chess960 UCI (the king taking its own
/// rook, `e1h1`) when `chess960` is set (the engine's `UCI_Chess960` option).
pub fn position_command_960(start: &Position, moves: &[Move], chess960: bool) -> String {
    let mut cmd = if *start == Position::new() {
        "position startpos".to_string()
    } else {
        format!("position fen {}", start.to_fen())
    };
    if !moves.is_empty() {
        cmd.push_str(" moves");
        let mut pos = *start;
        for &mv in moves {
            cmd.push(' ');
            cmd.push_str(&pos.uci(mv, chess960).to_string());
            pos.play_unchecked(mv);
        }
    }
    cmd
}

/// `setoption name <name> [value <value>]` (no value for a button).
pub fn setoption_command(name: &str, value: Option<&str>) -> String {
    match value {
        Some(v) => format!("setoption name {name} value {v}"),
        None => format!("setoption name {name}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_lines() {
        let EngineLine::Option(o) =
            parse_line("option name Skill Level type spin default 20 min 0 max 20")
        else {
            panic!("not an option");
        };
        assert_eq!(o.name, "Skill Level");
        assert_eq!(o.kind, OptionKind::Spin);
        assert_eq!(
            (o.min, o.max, o.default.as_deref()),
            (Some(0), Some(20), Some("20"))
        );
        assert_eq!(o.clamp(25), 20);
        let EngineLine::Option(o) = parse_line(
            "option name Style type combo default Normal var Solid var Normal var Risky",
        ) else {
            panic!("not an option");
        };
        assert_eq!(o.vars, ["Solid", "Normal", "Risky"]);
        let EngineLine::Option(o) =
            parse_line("option name SyzygyPath type string default <empty>")
        else {
            panic!("not an option");
        };
        assert_eq!(o.kind, OptionKind::String);
        assert!(matches!(
            parse_line("option name X type bogus"),
            EngineLine::Other(_)
        ));
        assert!(matches!(
            parse_line("option type spin"),
            EngineLine::Other(_)
        ));
    }

    #[test]
    fn info_lines() {
        let EngineLine::Info(i) = parse_line(
            "info depth 12 seldepth 15 multipv 1 score cp -35 upperbound nodes 12345 nps 100 \
             time 7 pv e2e4 e7e5 g1f3",
        ) else {
            panic!("not info");
        };
        assert_eq!(i.depth, Some(12));
        assert_eq!(i.score, Some(Score::Cp(-35)));
        assert_eq!(i.nodes, Some(12345));
        assert_eq!(i.time_ms, Some(7));
        assert_eq!(i.pv_text, ["e2e4", "e7e5", "g1f3"]);
        assert_eq!(legal_prefix(&Position::new(), &i.pv_text).len(), 3);
        let EngineLine::Info(i) = parse_line("info depth x score mate -3 pv e2e4 e2e4") else {
            panic!("not info");
        };
        assert_eq!(i.depth, None);
        assert_eq!(i.score, Some(Score::Mate(-3)));
        assert_eq!(legal_prefix(&Position::new(), &i.pv_text).len(), 1);
        assert_eq!(Score::Cp(-120).to_string(), "-1.20");
        assert_eq!(Score::Cp(5).to_string(), "+0.05");
    }

    #[test]
    fn other_lines() {
        assert_eq!(parse_line("uciok"), EngineLine::UciOk);
        assert_eq!(parse_line("  readyok "), EngineLine::ReadyOk);
        assert_eq!(
            parse_line("id name Stockfish 15.1"),
            EngineLine::IdName("Stockfish 15.1".into())
        );
        assert!(matches!(parse_line(""), EngineLine::Other(_)));
        assert!(matches!(parse_line("uciok now"), EngineLine::Other(_)));
        assert_eq!(
            parse_line("bestmove e2e4 ponder e7e5"),
            EngineLine::BestMove {
                text: "e2e4".into(),
                ponder: Some("e7e5".into())
            }
        );
    }

    #[test]
    fn commands() {
        let start = Position::new();
        assert_eq!(position_command(&start, &[]), "position startpos");
        let e4 = start
            .uci_to_move("e2e4".parse().unwrap())
            .expect("e2e4 is legal");
        assert_eq!(
            position_command(&start, &[e4]),
            "position startpos moves e2e4"
        );
        let after = start.after(e4).unwrap();
        assert_eq!(
            position_command(&after, &[]),
            format!("position fen {}", after.to_fen())
        );
        assert_eq!(
            setoption_command("Skill Level", Some("3")),
            "setoption name Skill Level value 3"
        );
        assert_eq!(
            setoption_command("Clear Hash", None),
            "setoption name Clear Hash"
        );
    }
}
