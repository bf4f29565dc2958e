//! `escaque pgn check --json` and `escaque pgn convert` from the command line, against the
//! python-chess labels of every real game file (columns shared with the CSV must match game
//! by game), and the exit codes.

mod common;

use std::process::Command;

fn escaque(args: &[&str]) -> (i32, String, String) {
    common::output(Command::new(env!("CARGO_BIN_EXE_escaque")).args(args))
}

#[test]
fn art_5_and_9_pgn_check_agrees_with_the_labels_of_every_real_file() {
    let Some(files) = common::real_pgn_files() else {
        return;
    };
    let mut mismatches = Vec::new();
    let mut compared = 0;
    for path in files {
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let csv_path = common::shared_data(&format!("labels/{stem}.csv")).unwrap();
        let csv = common::read_text(&csv_path);
        let mut lines = csv.lines();
        let header = common::split_csv(lines.next().unwrap());
        let rows: Vec<Vec<String>> = lines.map(common::split_csv).collect();
        let (code, out, err) = escaque(&["pgn", "check", "--json", path.to_str().unwrap()]);
        let reports: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
            .collect();
        assert_eq!(
            reports.len(),
            rows.len(),
            "{stem}: one report per game; {err}"
        );
        let all_legal = reports.iter().all(|r| r["moves_legal"] == true);
        assert_eq!(code, if all_legal { 0 } else { 1 }, "{stem}: exit code");
        for (report, row) in reports.iter().zip(&rows) {
            // Chess960 games are not standard chess: escaque refuses their start.
            let setup = &row[header.iter().position(|h| h == "setup_fen").unwrap()];
            if !setup.is_empty() && report["error"].as_str().is_some_and(|e| e.contains("960")) {
                continue;
            }
            for (i, column) in header.iter().enumerate() {
                // python-chess's error wording is its own.
                if column == "error" {
                    continue;
                }
                if let Some(ours) = report.get(column.as_str()) {
                    compared += 1;
                    if common::as_csv(ours) != row[i] {
                        mismatches.push(format!(
                            "{stem} game {}: {column}: ours {:?}, labels {:?}",
                            report["game"],
                            common::as_csv(ours),
                            row[i]
                        ));
                    }
                }
            }
        }
        if stem == "chesscom_cancer0707_1667" {
            assert_eq!(reports.len(), 1667);
            // Split correctly, every game is legal, the five Chess960 games (Guidelines II)
            // too.
            assert!(reports.iter().all(|r| r["moves_legal"] == true));
            let setup = header.iter().position(|h| h == "setup_fen").unwrap();
            let chess960 = rows
                .iter()
                .filter(|r| r[setup].contains("HDhd") || r[setup].contains("DAda"))
                .count();
            assert!(chess960 >= 2, "{chess960}");
        }
        if stem == "lichess_2025_penguingim1_100" {
            let illegal: Vec<u64> = reports
                .iter()
                .filter(|r| r["moves_legal"] == false)
                .map(|r| r["game"].as_u64().unwrap())
                .collect();
            assert_eq!(illegal, [38]);
            assert_eq!(reports[37]["first_illegal_ply"], 2);
            assert_eq!(reports[37]["article"], "7.5.1");
        }
    }
    assert!(compared > 90_000, "{compared} values compared");
    assert!(
        mismatches.is_empty(),
        "{} mismatches:\n{}",
        mismatches.len(),
        mismatches
            .iter()
            .take(30)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn art_6_9_and_5_1_2_result_by_the_laws_for_time_forfeits_and_resignations() {
    let tmp = common::TempDir::new("check");
    let dir = tmp.path();
    let path = dir.join("t.pgn");
    // Black's flag fell, but White has a bare king: a draw by 6.9. Then a resignation when
    // the opponent has mating material: it stands (5.1.2). Then a mate recorded as a draw.
    std::fs::write(
        &path,
        "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[Termination \"Time forfeit\"]\n\
         [FEN \"4k3/8/8/8/8/8/8/4K2q w - - 0 1\"]\n\n1. Kd2 Qh2+ 1-0\n\n\
         [White \"C\"]\n[Black \"D\"]\n[Result \"0-1\"]\n\n1. e4 e5 0-1\n\n\
         [White \"E\"]\n[Black \"F\"]\n[Result \"1/2-1/2\"]\n\n1. f3 e5 2. g4 Qh4# 1/2-1/2\n",
    )
    .unwrap();
    let (code, out, _) = escaque(&["pgn", "check", "--json", path.to_str().unwrap()]);
    assert_eq!(code, 0);
    let r: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        (r[0]["result_by_laws"].as_str(), r[0]["article"].as_str()),
        (Some("1/2-1/2"), Some("6.9"))
    );
    assert_eq!(
        (r[1]["result_by_laws"].as_str(), r[1]["article"].as_str()),
        (Some("0-1"), Some("5.1.2"))
    );
    assert_eq!(
        (r[2]["result_by_laws"].as_str(), r[2]["article"].as_str()),
        (Some("0-1"), Some("5.1.1"))
    );
    // The text form names the article too.
    let (_, text, _) = escaque(&["pgn", "check", path.to_str().unwrap()]);
    assert!(
        text.lines()
            .next()
            .unwrap()
            .contains("by the Laws 1/2-1/2 (Art. 6.9)"),
        "{text}"
    );
    // A file that cannot be read: exit code 2 and a message naming it.
    let missing = dir.join("missing.pgn");
    let (code, _, err) = escaque(&["pgn", "check", missing.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("missing.pgn"), "{err}");
}

#[test]
fn app_c_3_pgn_convert_english_to_spanish_and_back() {
    let Some(dir) = common::shared_data("notation/spanish") else {
        return;
    };
    for stem in [
        "barnes-horton-1994",
        "kasparov-deep-blue-1997",
        "carlsen-selected",
    ] {
        let en = dir.join(format!("{stem}_english_san.pgn"));
        let es = dir.join(format!("{stem}_spanish_san.pgn"));
        let moves = |text: &str| -> Vec<Vec<String>> {
            common::read_games(text)
                .into_iter()
                .map(|g| g.moves)
                .collect()
        };
        let (code, out, err) =
            escaque(&["pgn", "convert", "--notation", "es", en.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(
            moves(&out),
            moves(&common::read_text(&es)),
            "{stem}: en -> es"
        );
        let (code, out, err) = escaque(&[
            "pgn",
            "convert",
            "--notation",
            "en",
            "--letters",
            "es",
            es.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(
            moves(&out),
            moves(&common::read_text(&en)),
            "{stem}: es -> en"
        );
    }
}

#[test]
fn pgn_convert_to_uci_long_and_figurine() {
    let path = common::fixture("pgn/lichess_db_2013-01_first32.pgn");
    for (notation, probe) in [("uci", "e2e4"), ("long", "-"), ("figurine", "♘")] {
        let (code, out, err) = escaque(&[
            "pgn",
            "convert",
            "--notation",
            notation,
            path.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{notation}: {err}");
        assert!(out.contains(probe), "{notation}");
        assert_eq!(out.matches("[Event ").count(), 32);
    }
}

/// Art. 9.6.2 and 5.2.1: a 150th half-move that stalemates ends the game by stalemate:
/// `first_75move_ply` is empty, as `seventyfive_move_at_end` is false; one that leaves a
/// move gives both.
#[test]
fn art_9_6_2_first_75move_ply_agrees_with_the_end() {
    let tmp = common::TempDir::new("75");
    let dir = tmp.path();
    let path = dir.join("t.pgn");
    std::fs::write(
        &path,
        "[Result \"1/2-1/2\"]\n[SetUp \"1\"]\n[FEN \"7k/4Q3/6K1/8/8/8/8/8 w - - 149 80\"]\n\n\
         80. Qf7 1/2-1/2\n\n\
         [Result \"1/2-1/2\"]\n[SetUp \"1\"]\n[FEN \"7k/4Q3/6K1/8/8/8/8/8 w - - 149 80\"]\n\n\
         80. Kf6 1/2-1/2\n",
    )
    .unwrap();
    let (_, out, err) = escaque(&["pgn", "check", "--json", path.to_str().unwrap()]);
    let reports: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(reports.len(), 2, "{err}");
    assert_eq!(reports[0]["stalemate"], true);
    assert_eq!(reports[0]["seventyfive_move_at_end"], false);
    assert_eq!(reports[0]["first_75move_ply"], serde_json::Value::Null);
    assert_eq!(reports[1]["seventyfive_move_at_end"], true);
    assert_eq!(reports[1]["first_75move_ply"], 1);
}

/// Art. 6.9: a game whose last move shows its player's clock at zero (`[%clk 0:00:00]`) and
/// has no Termination tag: `pgn check` and `adjudicate` give the same result and article.
#[test]
fn art_6_9_clock_at_zero_without_termination_same_article_in_both_commands() {
    let tmp = common::TempDir::new("clk0");
    let dir = tmp.path();
    let path = dir.join("t.pgn");
    std::fs::write(
        &path,
        "[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n[TimeControl \"180+0\"]\n\n\
         1. e4 { [%clk 0:02:55] } e5 { [%clk 0:02:50] } 2. Nf3 { [%clk 0:00:00] } 0-1\n",
    )
    .unwrap();
    let p = path.to_str().unwrap();
    let (_, check, _) = escaque(&["pgn", "check", "--json", p]);
    let (_, adj, _) = escaque(&["adjudicate", "--format", "json", p]);
    let check: serde_json::Value = serde_json::from_str(check.lines().next().unwrap()).unwrap();
    let adj: serde_json::Value = serde_json::from_str(adj.lines().next().unwrap()).unwrap();
    assert_eq!(check["article"], "6.9", "{check}");
    assert_eq!(adj["article"], check["article"], "{adj}");
    assert_eq!(adj["result_by_laws"], check["result_by_laws"]);
}

/// Art. 5.1.2, 6.9, 9.2, 9.3: `pgn check` and `adjudicate` give every game of the real
/// files one result by the Laws and one article. The arbiter's review judges the recorded
/// result for both commands; when `pgn check` judged it on its own (without the clocks of
/// the comments), 20 results and 267 articles of these games differed.
#[test]
fn art_5_1_2_6_9_9_2_pgn_check_and_adjudicate_give_one_result() {
    let Some(files) = common::real_pgn_files() else {
        return;
    };
    let games = |out: &str| -> Vec<serde_json::Value> {
        out.lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .filter(|v| v["game"].is_u64())
            .collect()
    };
    let mut compared = 0;
    for path in files {
        let p = path.to_str().unwrap();
        let (_, check, _) = escaque(&["pgn", "check", "--json", p]);
        let (_, adj, _) = escaque(&["adjudicate", "--format", "json", "--jobs", "1", p]);
        let (check, adj) = (games(&check), games(&adj));
        assert_eq!(check.len(), adj.len(), "{p}");
        for (c, a) in check.iter().zip(&adj) {
            assert_eq!(c["game"], a["game"], "{p}");
            for key in ["result_by_laws", "article"] {
                assert_eq!(c[key], a[key], "{p} game {}: {key}", c["game"]);
            }
            compared += 1;
        }
    }
    assert!(compared > 5_000, "{compared}");
}

/// Runs escaque with `LANG` set (and no other locale variable).
fn escaque_lang(args: &[&str], lang: &str) -> (i32, String, String) {
    common::output(
        Command::new(env!("CARGO_BIN_EXE_escaque"))
            .args(args)
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("LANG", lang),
    )
}

/// `pgn check`'s text lines and `pgn convert`'s errors are in the environment's language;
/// the JSON lines have the same keys and values in any.
#[test]
fn check_and_convert_speak_the_interface_language_and_json_none() {
    let tmp = common::TempDir::new("pgn-lang");
    let dir = tmp.path();
    let path = dir.join("mate.pgn");
    std::fs::write(
        &path,
        "[White \"Ana\"]\n[Black \"Bea\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
         [White \"Eva\"]\n[Black \"Ida\"]\n[Result \"*\"]\n\n1. e4 {sin cerrar *\n",
    )
    .unwrap();
    let file = path.to_str().unwrap();
    let (_, es, _) = escaque_lang(&["pgn", "check", file], "es_ES.UTF-8");
    let first = es.lines().next().unwrap();
    assert!(
        first.ends_with(
            "partida 1: Ana - Bea, 0-1, 4 medias jugadas, legal; posición final: jaque mate; \
             según las Leyes 0-1 (art. 5.1.1)"
        ),
        "{es}"
    );
    let (_, en, _) = escaque_lang(&["pgn", "check", file], "C.UTF-8");
    assert!(
        en.lines().next().unwrap().ends_with(
            "game 1: Ana - Bea, 0-1, 4 plies, legal; final position: checkmate; by the Laws \
             0-1 (Art. 5.1.1)"
        ),
        "{en}"
    );
    // The reason a game is not legal, too: no English inside a Spanish line.
    let second = es.lines().nth(1).unwrap();
    assert!(
        second.contains("NO LEGAL: partida 2, línea 11, columna 7: comentario sin cerrar"),
        "{es}"
    );
    assert!(
        en.lines()
            .nth(1)
            .unwrap()
            .contains("NOT LEGAL: game 2, line 11, column 7: unterminated comment"),
        "{en}"
    );
    let (_, json_es, _) = escaque_lang(&["pgn", "check", "--json", file], "es_ES.UTF-8");
    let (_, json_en, _) = escaque_lang(&["pgn", "check", "--json", file], "C.UTF-8");
    assert_eq!(json_es, json_en);
    let (_, _, err) = escaque_lang(&["pgn", "convert", "--notation", "es", file], "es_ES.UTF-8");
    assert!(
        err.contains(&format!("escaque: {file}: partida 2, línea ")),
        "{err}"
    );
    assert!(err.contains("comentario sin cerrar"), "{err}");
    let (_, _, err) = escaque_lang(&["pgn", "convert", "--notation", "es", file], "C.UTF-8");
    assert!(
        err.contains(&format!("escaque: {file}: game 2, line ")),
        "{err}"
    );
}
