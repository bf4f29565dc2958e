//! `escaque adjudicate` from the command line: exit codes, the JSON Lines shape (the fields
//! of `pgn check --json` plus the arbiter's), the order of the output with `--jobs 2`, and
//! an unreadable file.

mod common;

use std::path::PathBuf;
use std::process::Command;

fn escaque(args: &[&str]) -> (i32, String, String) {
    common::output(
        Command::new(env!("CARGO_BIN_EXE_escaque"))
            .args(args)
            .env("LANG", "C")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES"),
    )
}

/// `escaque adjudicate OPTIONS` on every real game of `shared/data` (standard output and
/// error); `None` when the corpus is not there.
fn on_real_games(options: &[&str]) -> Option<(String, String)> {
    let files = common::real_pgn_files()?;
    let names: Vec<String> = files.iter().map(|p| p.display().to_string()).collect();
    let mut args = vec!["adjudicate"];
    args.extend(options);
    args.extend(names.iter().map(String::as_str));
    let (_, out, err) = escaque(&args);
    Some((out, err))
}

/// Writes `text` to the file `name` in the test's directory `dir`.
fn temp(dir: &common::TempDir, name: &str, text: &str) -> PathBuf {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path
}

const AGREE: &str = "[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
                     [White \"C\"]\n[Black \"D\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 1/2-1/2\n";
const DISAGREE: &str = "[White \"E\"]\n[Black \"F\"]\n[Result \"1-0\"]\n[Termination \"Time forfeit\"]\n\
                        [FEN \"4k3/8/8/8/8/8/8/4K2q w - - 0 1\"]\n\n1. Kd2 Qh2+ 1-0\n";

#[test]
fn art_10_exit_codes_0_agree_1_disagree_2_unreadable() {
    let tmp = common::TempDir::new("adjudicate-codes");
    let agree = temp(&tmp, "agree.pgn", AGREE);
    let disagree = temp(&tmp, "disagree.pgn", DISAGREE);
    let (code, out, err) = escaque(&["adjudicate", agree.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    // The summary: the totals and the findings by kind, then the games by result and by
    // the article of the result.
    assert!(
        out.ends_with(
            "2 games, 0 disagree with their result tag; findings: checkmate 1\n\
             by the Laws: 1-0 0, 0-1 1, 1/2-1/2 1, * 0; by article: Art. 5.1.1 1, Art. 5.2.3 1\n"
        ),
        "{out}"
    );
    let (code, out, _) = escaque(&[
        "adjudicate",
        agree.to_str().unwrap(),
        disagree.to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert!(out.contains("by the Laws 1/2-1/2 (Art. 6.9, flag fall, but the opponent could not checkmate: draw) — DISAGREES"), "{out}");
    // Spanish.
    let (_, out, _) = escaque(&["adjudicate", "--lang", "es", disagree.to_str().unwrap()]);
    assert!(out.contains("las blancas no pueden dar mate"), "{out}");
    // The summary names the kinds in words, in the interface language.
    assert!(
        out.ends_with(
            "1 partida, 1 con resultado discrepante; hallazgos: caída de bandera 1, resultado \
             discrepante 1\nsegún las Leyes: 1-0 0, 0-1 0, 1/2-1/2 1, * 0; por artículo: \
             art. 6.9 1\n"
        ),
        "{out}"
    );
    // A file that cannot be read: exit code 2, its path quoted, nothing on standard output.
    let missing = agree.with_file_name("no-such-file.pgn");
    let (code, out, err) = escaque(&[
        "adjudicate",
        agree.to_str().unwrap(),
        missing.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains(&format!("cannot read {}", missing.display())),
        "{err}"
    );
    assert!(out.is_empty(), "{out}");
    // A directory is not a PGN file.
    let (code, _, err) = escaque(&["adjudicate", agree.parent().unwrap().to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("directory"), "{err}");
    // Piped: no progress bar on standard error.
    let (_, _, err) = escaque(&["adjudicate", agree.to_str().unwrap()]);
    assert!(err.is_empty(), "{err}");
}

#[test]
fn art_8_json_lines_carry_the_pgn_check_fields_and_the_findings() {
    let tmp = common::TempDir::new("adjudicate-json");
    let path = temp(&tmp, "json.pgn", &format!("{AGREE}\n{DISAGREE}"));
    let (code, out, _) = escaque(&["adjudicate", "--format", "json", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    let (_, check, _) = escaque(&["pgn", "check", "--json", path.to_str().unwrap()]);
    let checks: Vec<serde_json::Value> = check
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for (ours, theirs) in lines.iter().zip(&checks) {
        let ours = ours.as_object().unwrap();
        // Every field of pgn check, with the same value (the result by the Laws and its
        // article are the arbiter's: more precise where it knows more).
        for (k, v) in theirs.as_object().unwrap() {
            assert!(ours.contains_key(k), "{k}");
            if k != "result_by_laws" && k != "article" {
                assert_eq!(&ours[k], v, "{k}");
            }
        }
        for k in [
            "termination",
            "result_by_laws",
            "article",
            "agrees",
            "findings",
        ] {
            assert!(ours.contains_key(k), "{k}");
        }
        for f in ours["findings"].as_array().unwrap() {
            let keys: Vec<&str> = f.as_object().unwrap().keys().map(String::as_str).collect();
            assert_eq!(keys.len(), 5);
            for k in ["ply", "san", "article", "kind", "detail"] {
                assert!(keys.contains(&k), "{k}");
            }
        }
    }
    assert_eq!(lines[0]["termination"], "checkmate");
    assert_eq!(lines[0]["findings"][0]["kind"], "checkmate");
    assert_eq!(lines[0]["findings"][0]["san"], "Qh4#");
    assert_eq!(lines[0]["findings"][0]["ply"], 4);
    assert_eq!(lines[1]["termination"], "agreement");
    assert_eq!(lines[1]["article"], "5.2.3");
    assert_eq!(lines[2]["agrees"], false);
    assert_eq!(lines[2]["result_by_laws"], "1/2-1/2");
    assert_eq!(lines[2]["termination"], "flag_fall_opponent_cannot_mate");
    let kinds: Vec<&str> = lines[2]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["flag_fall", "result_disagrees"]);
    assert_eq!(
        lines[3],
        serde_json::json!({"summary": {"games": 3, "disagreements": 1,
            "results": {"1-0": 0, "0-1": 1, "1/2-1/2": 2, "*": 0},
            "articles": {"5.1.1": 1, "5.2.3": 1, "6.9": 1},
            "findings": {"checkmate": 1, "flag_fall": 1, "result_disagrees": 1}}})
    );
}

#[test]
fn jobs_2_writes_the_games_in_file_order() {
    // 5 × 32 games: several chunks of work, whatever the shared data.
    let text = common::read_text(&common::fixture("pgn/lichess_db_2013-01_first32.pgn"));
    let tmp = common::TempDir::new("adjudicate-order");
    let path = temp(&tmp, "order.pgn", &text.repeat(5));
    for format in ["json", "text"] {
        let (c1, one, _) = escaque(&[
            "adjudicate",
            "--format",
            format,
            "--jobs",
            "1",
            path.to_str().unwrap(),
        ]);
        let (c2, two, _) = escaque(&[
            "adjudicate",
            "--format",
            format,
            "--jobs",
            "2",
            path.to_str().unwrap(),
        ]);
        assert_eq!(c1, c2);
        assert_eq!(one, two, "{format}");
    }
    let (_, out, _) = escaque(&[
        "adjudicate",
        "--format",
        "json",
        "--jobs",
        "2",
        path.to_str().unwrap(),
    ]);
    let games: Vec<u64> = out
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["game"].as_u64())
        .collect();
    assert_eq!(games, (1..=160).collect::<Vec<u64>>());
    let (code, _, err) = escaque(&["adjudicate", "--jobs", "0", path.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn art_7_5_1_adjudicate_penguingim1_flags_game_38_with_jobs_2() {
    let Some(path) = common::shared_data("pgn/real/lichess_2025_penguingim1_100.pgn") else {
        return;
    };
    let (code, out, _) = escaque(&[
        "adjudicate",
        "--format",
        "json",
        "--jobs",
        "2",
        path.to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let disagree: Vec<u64> = lines
        .iter()
        .filter(|l| l["agrees"] == false)
        .map(|l| l["game"].as_u64().unwrap())
        .collect();
    assert_eq!(disagree, [38]);
    assert_eq!(lines[100]["summary"]["findings"]["illegal_move"], 1);
}

/// Art. 9.2.1, 9.3.1 (claims that recur in a game) and the summary: on the real games, the
/// summary counts every finding of every game, kind by kind, and every game by its result
/// and article by the Laws, as the game lines give them; among them are games with two
/// findings of one kind (a claim by a written move open at several plies).
#[test]
fn summary_counts_every_finding_of_every_game() {
    let Some((out, err)) = on_real_games(&["--format", "json", "--jobs", "1"]) else {
        return;
    };
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (summary, games) = lines.split_last().expect("a summary line");
    let summary = &summary["summary"];
    let mut findings = std::collections::BTreeMap::<String, u64>::new();
    let mut articles = std::collections::BTreeMap::<String, u64>::new();
    let mut twice = 0;
    for g in games {
        let mut kinds = std::collections::BTreeMap::<String, u64>::new();
        for f in g["findings"].as_array().unwrap() {
            *kinds
                .entry(f["kind"].as_str().unwrap().to_string())
                .or_default() += 1;
        }
        twice += usize::from(kinds.values().any(|&n| n > 1));
        for (k, n) in kinds {
            *findings.entry(k).or_default() += n;
        }
        if let (Some(a), true) = (g["article"].as_str(), g["result_by_laws"] != "*") {
            *articles.entry(a.to_string()).or_default() += 1;
        }
    }
    assert!(
        twice > 10,
        "{twice} games with a kind of finding twice; {err}"
    );
    assert_eq!(summary["games"], games.len());
    assert_eq!(summary["findings"], serde_json::json!(findings));
    assert_eq!(summary["articles"], serde_json::json!(articles));
}

/// Rooks that go back and forth (after 4. Ra1 Black can claim by writing 4... Ra8, the start
/// position a third time), then a game with an illegal king's move.
const ROOKS_AND_ILLEGAL: &str = "[White \"G\"]\n[Black \"H\"]\n[Result \"*\"]\n[SetUp \"1\"]\n\
                                 [FEN \"r3k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n\
                                 1. Ra2 Ra7 2. Ra1 Ra8 3. Ra2 Ra7 4. Ra1 *\n\n\
                                 [White \"I\"]\n[Black \"J\"]\n[Result \"*\"]\n\n\
                                 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ke3 *\n";

/// Art. 9.2.1 in `adjudicate`'s Spanish text: the move to be written and the move of the
/// finding's ply are in Spanish letters (T, the rook: `R` would be the king), as `LANG`
/// alone gives them too; an illegal move is quoted as written; `--notation` writes another
/// notation. The English text and the JSON keep English SAN.
#[test]
fn art_9_2_1_adjudicate_spanish_text_writes_the_claim_in_spanish_letters() {
    let tmp = common::TempDir::new("adjudicate-letters");
    let file = temp(&tmp, "claims.pgn", ROOKS_AND_ILLEGAL);
    let file = file.to_str().unwrap();
    let claim_es = "  jugada 7 (Ta1) triple repetición reclamable, art. 9.2.1: Las negras pueden \
                    reclamar tablas escribiendo 4... Ta8 sin jugarla: la posición resultante \
                    se daría por 3.ª vez (9.2.1)\n";
    let illegal_es = "  jugada 7 (Ke3) jugada ilegal, art. 7.5.1: 4. Ke3: jugada ilegal de las \
                      blancas («Ke3» no es una jugada legal en ";
    let (_, es, _) = escaque(&["adjudicate", "--lang", "es", file]);
    assert!(es.contains(claim_es), "{es}");
    assert!(es.contains(illegal_es), "{es}");
    // The language from the environment gives the same.
    let (_, from_env, _) = common::output(
        Command::new(env!("CARGO_BIN_EXE_escaque"))
            .args(["adjudicate", file])
            .env("LANG", "es_ES.UTF-8")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES"),
    );
    assert_eq!(from_env, es);
    // Another notation when asked for: figurines of the mover's colour.
    let (_, figurine, _) = escaque(&["adjudicate", "--lang", "es", "--notation", "figurine", file]);
    assert!(
        figurine.contains("jugada 7 (♖a1) triple repetición reclamable")
            && figurine.contains("escribiendo 4... ♜a8 sin jugarla")
            && figurine.contains(illegal_es),
        "{figurine}"
    );
    let (code, _, err) = escaque(&["adjudicate", "--notation", "uci", file]);
    assert_eq!(code, 2, "{err}");
    // English: as it was.
    let (_, en, _) = escaque(&["adjudicate", file]);
    assert!(
        en.contains(
            "  ply 7 (Ra1) threefold repetition claimable, Art. 9.2.1: Black can claim a draw \
             by writing 4... Ra8 without playing it: the position after it would stand for the \
             third time (9.2.1)\n"
        ),
        "{en}"
    );
    assert!(
        en.contains(
            "  ply 7 (Ke3) illegal move, Art. 7.5.1: 4. Ke3: an illegal move by White (\"Ke3\" \
             is not a legal move in "
        ),
        "{en}"
    );
    // JSON: English SAN, in `san` and in the sentences, whatever the language.
    let (_, json, _) = escaque(&["adjudicate", "--lang", "es", "--format", "json", file]);
    let first: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    let claim = &first["findings"][0];
    assert_eq!(claim["san"], "Ra1", "{json}");
    assert!(
        claim["detail"]
            .as_str()
            .unwrap()
            .contains("escribiendo 4... Ra8 sin jugarla"),
        "{json}"
    );
}

/// Art. 9.2.1, 9.3.1 on real games: a Spanish report writes the moves to be written in
/// Spanish letters (the example that misled an arbiter: "escribiendo 48. Rc2", a king's
/// move to a Spanish reader, for the rook's 48. Rc2 of Sorensen–Carlsen); no claim in any
/// real game's Spanish text names a piece by a letter that is not Spanish.
#[test]
fn art_9_2_1_spanish_report_of_real_games_writes_claims_in_spanish_letters() {
    let Some((out, _)) = on_real_games(&["--lang", "es", "--jobs", "2"]) else {
        return;
    };
    // In English: 47... Bb5 (ply 94) and 48. Rc2 to write (carlsen_pgnmentor, game 8);
    // 38... Rd1# (game 10); 70. Qa7 and 70... Ne6, 110. Kg1 and 110... Bf5 (Bilbao 2010).
    for expected in [
        "  jugada 94 (Ab5) triple repetición reclamable, art. 9.2.1: Las blancas pueden \
         reclamar tablas escribiendo 48. Tc2 sin jugarla",
        "  jugada 76 (Td1#) jaque mate, art. 5.1.1: Jaque mate: ganan las negras",
        "  jugada 139 (Da7) triple repetición reclamable, art. 9.2.1: Las negras pueden \
         reclamar tablas escribiendo 70... Ce6 sin jugarla",
        "  jugada 219 (Rg1) triple repetición reclamable, art. 9.2.1: Las negras pueden \
         reclamar tablas escribiendo 110... Af5 sin jugarla",
    ] {
        assert!(out.contains(expected), "{expected}");
    }
    let mut claims = 0;
    for line in out.lines() {
        let Some((_, after)) = line.split_once(" escribiendo ") else {
            continue;
        };
        // `48. Tc2`, `70... Ce6`: the move after the number.
        let san = after.split_whitespace().nth(1).unwrap_or("");
        let first = san.chars().next().unwrap_or(' ');
        assert!(
            "RDTAC".contains(first) || ('a'..='h').contains(&first) || san.starts_with("O-O"),
            "{line}"
        );
        claims += 1;
    }
    assert!(claims > 10, "{claims} claims by a written move");
}
