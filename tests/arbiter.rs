//! The arbiter's analysis (`escaque::laws::arbiter`): findings by article on hand-made games,
//! on every real file against its labels, on pgn-extract's and pychess's draw-rule games, on
//! lichess's drawn time forfeits and on the CHA unfair time-outs (Art. 6.9); decisions and
//! their export.

mod common;

use std::collections::HashMap;

use escaque::core::{Color, Notation, Position};
use escaque::lang::Lang;
use escaque::laws::arbiter::{Decision, FindingKind, Review, review};
use escaque::laws::irregularity::ArbiterPenalty;
use escaque::laws::pgn::{self, PgnGame};
use escaque::laws::{Article, GameResult, Termination};
use escaque::speech::report;

fn games(text: &str) -> Vec<PgnGame> {
    pgn::read_str(text).map(|g| g.unwrap()).collect()
}

fn one(text: &str) -> Review {
    review(&games(text)[0])
}

fn kinds(r: &Review) -> Vec<(usize, FindingKind, &'static str)> {
    r.findings
        .iter()
        .map(|f| (f.ply, f.kind, f.article.number()))
        .collect()
}

#[test]
fn art_6_9_flag_fall_from_the_termination_tag_is_a_draw_when_the_opponent_cannot_mate() {
    let r = one("[Result \"1-0\"]\n[Termination \"Time forfeit\"]\n\
                 [FEN \"4k3/8/8/8/8/8/8/4K2q w - - 0 1\"]\n\n1. Kd2 Qh2+ 1-0\n");
    assert_eq!(r.result_by_laws, Some(GameResult::Draw));
    assert_eq!(r.termination, Some(Termination::FlagFallOpponentCannotMate));
    assert_eq!(r.article, Some(Article::FLAG));
    assert!(!r.agrees);
    assert_eq!(
        kinds(&r),
        [
            (2, FindingKind::FlagFall, "6.9"),
            (2, FindingKind::ResultDisagrees, "6.9")
        ]
    );
    let flag = &r.findings[0];
    assert!(report::detail(flag, Lang::En, Notation::ENGLISH).contains("White cannot checkmate"));
    assert!(
        report::detail(flag, Lang::Es, Notation::SPANISH)
            .contains("las blancas no pueden dar mate")
    );
}

#[test]
fn art_6_9_flag_fall_read_from_a_clock_at_zero_ends_the_game_before_that_move() {
    let r = one("[Result \"*\"]\n[TimeControl \"180+0\"]\n\n\
                 1. e4 { [%clk 0:02:59] } e5 { [%clk 0:02:58] } 2. Nf3 { [%clk 0:00:00] } *\n");
    // White's flag fell before 2. Nf3 was completed: Black can mate, White loses.
    assert_eq!(r.result_by_laws, Some(GameResult::BlackWins));
    assert_eq!(r.termination, Some(Termination::FlagFall));
    assert_eq!(r.ended_at, Some(2));
    let k = kinds(&r);
    assert!(k.contains(&(2, FindingKind::FlagFall, "6.9")), "{k:?}");
    assert!(k.contains(&(3, FindingKind::MovesAfterEnd, "6.9")), "{k:?}");
    assert_eq!(r.clocks_at(1), [Some(179_000), Some(180_000)]);
    assert_eq!(r.clocks_at(3), [Some(0), Some(178_000)]);
    // Clocks written to the second: 0:00:00 in the middle of the game is a player with
    // less than a second who moved and played on, not a flag.
    let r = one("[Result \"*\"]\n[TimeControl \"180+0\"]\n\n\
                 1. e4 { [%clk 0:02:59] } e5 { [%clk 0:00:00] } 2. Nf3 { [%clk 0:02:50] } *\n");
    assert_eq!(r.termination, None);
    assert!(r.agrees);
    // A mate made with the clock at zero stands (5.1.1 before 6.9).
    let r = one("[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# { [%clk 0:00:00] } 0-1\n");
    assert_eq!(r.termination, Some(Termination::Checkmate));
}

/// Art. 6.9: a reading of 0:00:00 on the last move of the player the record names the
/// winner is not that player's flag: written to the second, 0.7 s left reads 0:00:00, and
/// the record says the other flag fell after the move. Read as a flag, it turned the result
/// of eight lichess games of `shared/data/pgn/real` round (or drew it). With a winner on
/// time the recorded result stands; the same reading on the loser's last move, or in a
/// record without a winner, is still that player's flag.
#[test]
fn art_6_9_zero_reading_on_the_recorded_winners_last_move_is_not_its_flag() {
    let moves = "1. e4 { [%clk 0:02:59] } e5 { [%clk 0:02:58] } 2. Nf3 { [%clk 0:02:55] } \
                 Nc6 { [%clk 0:00:00] }";
    let r = one(&format!(
        "[Result \"0-1\"]\n[Termination \"Time forfeit\"]\n[TimeControl \"180+0\"]\n\n{moves} 0-1\n"
    ));
    assert_eq!(r.result_by_laws, Some(GameResult::BlackWins));
    assert_eq!(r.termination, Some(Termination::FlagFall));
    assert_eq!(r.ended_at, Some(4));
    assert!(r.agrees, "{:?}", kinds(&r));
    assert_eq!(
        kinds(&r),
        [
            (0, FindingKind::TimeControlClass, "B.1"),
            (4, FindingKind::FlagFall, "6.9")
        ]
    );
    // Resigned after the move: the resignation stands.
    let r = one(&format!(
        "[Result \"0-1\"]\n[TimeControl \"180+0\"]\n\n{moves} 0-1\n"
    ));
    assert_eq!(r.termination, Some(Termination::Resignation));
    assert!(r.agrees);
    // The record says White won: Black's flag fell as it made its last move.
    let r = one(&format!(
        "[Result \"1-0\"]\n[TimeControl \"180+0\"]\n\n{moves} 1-0\n"
    ));
    assert_eq!(r.result_by_laws, Some(GameResult::WhiteWins));
    assert_eq!(r.termination, Some(Termination::FlagFall));
    assert_eq!(r.ended_at, Some(3));
    // No winner recorded: the reading is Black's flag, as before.
    let r = one(&format!(
        "[Result \"*\"]\n[TimeControl \"180+0\"]\n\n{moves} *\n"
    ));
    assert_eq!(r.result_by_laws, Some(GameResult::WhiteWins));
    assert_eq!(r.ended_at, Some(3));
}

#[test]
fn art_6_9_flag_fall_read_from_the_time_spent_on_each_move() {
    // [%emt] and no [%clk]: the clock of the time control runs on the times spent. White has
    // 60 s + 1 s a move: 60 - 10 + 1 = 51, 51 - 30 + 1 = 22 before 3. Bc4.
    let game = |bc4: &str| {
        format!(
            "[Result \"0-1\"]\n[TimeControl \"60+1\"]\n\n\
             1. e4 {{[%emt 0:00:10]}} e5 {{[%emt 0:00:20]}} 2. Nf3 {{[%emt 0:00:30]}} \
             Nc6 {{[%emt 0:00:05]}} 3. Bc4 {{[%emt {bc4}]}} 0-1\n"
        )
    };
    let r = one(&game("0:00:23"));
    assert_eq!(r.termination, Some(Termination::FlagFall));
    assert_eq!(r.ended_at, Some(4));
    assert_eq!(
        kinds(&r),
        [
            (0, FindingKind::TimeControlClass, "B.1"),
            (4, FindingKind::FlagFall, "6.9"),
            (5, FindingKind::MovesAfterEnd, "6.9")
        ]
    );
    assert!(
        report::detail(&r.findings[1], Lang::En, Notation::ENGLISH)
            .contains("3. Bc4 took 0:00:23 ([%emt]) with 0:00:22 on the clock"),
        "{}",
        report::detail(&r.findings[1], Lang::En, Notation::ENGLISH)
    );
    // In Spanish letters: A, the bishop (alfil).
    assert!(
        report::detail(&r.findings[1], Lang::Es, Notation::SPANISH)
            .contains("3. Ac4 llevó 0:00:23 ([%emt]) con 0:00:22 en el reloj")
    );
    // The replay's clocks: both sides after each ply, the increment added.
    assert_eq!(r.clocks_at(2), [Some(51_000), Some(41_000)]);
    assert_eq!(r.clocks_at(4), [Some(22_000), Some(37_000)]);
    // With a second to spare the move was made in time: no flag, the game goes on to the
    // resignation the tag records.
    let r = one(&game("0:00:21"));
    assert_eq!(r.termination, Some(Termination::Resignation));
    assert!(r.agrees);
    assert_eq!(r.clocks_at(5)[0], Some(2_000));
    // A time control of periods: 2 moves in 60 s, then 60 s more. Black's 10 + 10 s leave
    // 40 s, and the second period adds 60: 3... Bc5 taking 1:40 used all of it.
    let r = one("[Result \"1-0\"]\n[TimeControl \"2/60:60\"]\n\n\
         1. e4 {[%emt 0:00:30]} e5 {[%emt 0:00:10]} 2. Nf3 {[%emt 0:00:29]} \
         Nc6 {[%emt 0:00:10]} 3. Bc4 {[%emt 0:00:59]} Bc5 {[%emt 0:01:40]} 1-0\n");
    assert_eq!(r.clocks_at(4), [Some(61_000), Some(100_000)]);
    assert_eq!(r.termination, Some(Termination::FlagFall));
    assert_eq!(r.ended_at, Some(5));
    assert!(r.agrees);
    // Readings win over times spent: a record with [%clk] is read from its readings.
    let r = one("[Result \"0-1\"]\n[TimeControl \"60+1\"]\n\n\
         1. e4 {[%clk 0:00:59] [%emt 0:01:30]} 0-1\n");
    assert_eq!(r.termination, Some(Termination::Resignation));
}

#[test]
fn art_5_1_2_a_resignation_is_a_draw_when_the_opponent_cannot_mate() {
    // White resigned; Black has a bare king.
    let r = one("[Result \"0-1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2Q w - - 0 1\"]\n\n1. Kd2 Kd7 0-1\n");
    assert_eq!(
        r.termination,
        Some(Termination::ResignationOpponentCannotMate)
    );
    assert_eq!(r.result_by_laws, Some(GameResult::Draw));
    assert!(
        kinds(&r).contains(&(2, FindingKind::ResignationDrawn, "5.1.2")),
        "{:?}",
        kinds(&r)
    );
    // A resignation the opponent could have forced stands.
    let r = one("[Result \"0-1\"]\n\n1. e4 e5 0-1\n");
    assert_eq!(r.termination, Some(Termination::Resignation));
    assert!(r.agrees);
}

#[test]
fn art_7_5_1_an_illegal_move_with_its_penalty_by_class() {
    let standard = one("[Result \"1-0\"]\n[TimeControl \"40/5400+30:1800+30\"]\n\n1. d4 b4 1-0\n");
    let f = standard
        .findings
        .iter()
        .find(|f| f.kind == FindingKind::IllegalMove)
        .unwrap();
    assert_eq!((f.ply, f.san().as_deref()), (2, Some("b4")));
    assert_eq!(f.article, Article("7.5.1"));
    assert!(report::detail(f, Lang::En, Notation::ENGLISH).contains("two minutes (7.5.5)"));
    // Why the move is illegal, in the language of the sentence.
    assert!(
        report::detail(f, Lang::En, Notation::ENGLISH)
            .contains("(\"b4\" is not a legal move in rnbqkbnr/"),
        "{}",
        report::detail(f, Lang::En, Notation::ENGLISH)
    );
    assert!(
        report::detail(f, Lang::Es, Notation::SPANISH).starts_with(
            "1... b4: jugada ilegal de las negras («b4» no es una jugada legal en rnbqkbnr/"
        ),
        "{}",
        report::detail(f, Lang::Es, Notation::SPANISH)
    );
    assert_eq!(standard.result_by_laws, None);
    assert_eq!(standard.penalty_seconds(), 120);
    let blitz = one("[Result \"1-0\"]\n[TimeControl \"180+2\"]\n\n1. d4 b4 1-0\n");
    let f = blitz
        .findings
        .iter()
        .find(|f| f.kind == FindingKind::IllegalMove)
        .unwrap();
    assert!(report::detail(f, Lang::En, Notation::ENGLISH).contains("one minute (7.5.5, B.3)"));
    assert!(report::detail(f, Lang::Es, Notation::SPANISH).contains("un minuto"));
    assert_eq!(blitz.penalty_seconds(), 60);
    assert!(
        kinds(&blitz).contains(&(0, FindingKind::TimeControlClass, "B.1")),
        "{:?}",
        kinds(&blitz)
    );
    let rapid = one("[TimeControl \"900+10\"]\n\n1. e4 *\n");
    assert_eq!(kinds(&rapid), [(0, FindingKind::TimeControlClass, "A.1")]);
}

#[test]
fn art_7_5_3_a_null_move_is_the_clock_pressed_without_a_move() {
    let text = "[Result \"*\"]\n\n1. e4 -- 2. d4 *\n";
    let r = one(text);
    assert!(kinds(&r).contains(&(2, FindingKind::NullMove, "7.5.3")));
    assert_eq!(r.article, Some(Article("7.5.3")));
    // `pgn check` says the same, and where the null move stands.
    let mut reports = Vec::new();
    escaque::laws::arbiter::check_reader(text.as_bytes(), escaque::core::Letters::English, |c| {
        reports.push(c)
    });
    let c = &reports[0];
    assert_eq!(c.article, Some("7.5.3"));
    assert_eq!(
        (c.moves_legal, c.first_illegal_ply, c.plies),
        (false, Some(2), 1)
    );
    let error = c
        .error
        .as_ref()
        .map(ToString::to_string)
        .unwrap_or_default();
    assert!(
        error.starts_with("game 1, line 3, column 7: 1... -- is a null move"),
        "{error}"
    );
    assert_eq!(r.check.error, c.error);
}

#[test]
fn art_3_10_an_illegal_set_up_position() {
    let r = one("[Result \"*\"]\n[FEN \"4k2P/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Kd2 *\n");
    assert_eq!(kinds(&r)[0], (0, FindingKind::IllegalSetup, "3.10"));
    let r = one("[Result \"*\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 *\n");
    assert_eq!(kinds(&r)[0].1, FindingKind::UnsupportedVariant);
    // Chess960 is Guidelines II of the Laws: adjudicated.
    let r = one("[Result \"*\"]\n[Variant \"Chess960\"]\n\n1. e4 *\n");
    assert!(
        kinds(&r)
            .iter()
            .all(|k| k.1 != FindingKind::UnsupportedVariant)
    );
}

#[test]
fn art_5_2_2_moves_recorded_after_a_dead_position() {
    let r = one(
        "[Result \"1-0\"]\n[FEN \"4k3/8/8/8/8/8/8/4Kr2 w - - 0 1\"]\n\n\
                 1. Kxf1 Kd7 2. Ke2 1-0\n",
    );
    assert_eq!(r.termination, Some(Termination::DeadPosition));
    assert_eq!(r.ended_at, Some(1));
    let k = kinds(&r);
    assert!(
        k.contains(&(1, FindingKind::DeadPosition, "5.2.2")),
        "{k:?}"
    );
    assert!(
        k.contains(&(2, FindingKind::MovesAfterEnd, "5.2.2")),
        "{k:?}"
    );
    let after = r
        .findings
        .iter()
        .find(|f| f.kind == FindingKind::MovesAfterEnd)
        .unwrap();
    assert!(
        report::detail(after, Lang::En, Notation::ENGLISH)
            .starts_with("2 move(s) recorded after the game had ended at ply 1")
    );
    assert!(!r.agrees);
}

/// Art. 5.1.1, 5.2.2: a checkmate or a dead position ends the game at once, so what the
/// record has after it is listed as not counting, and is no illegal or null move: no
/// penalty of 7.5 is told for it. Before the end, the same moves are irregularities.
#[test]
fn art_5_1_1_a_move_recorded_after_the_end_is_no_illegal_move() {
    let r = one("[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 3. Kf2 0-1\n");
    let k = kinds(&r);
    assert!(k.contains(&(4, FindingKind::Checkmate, "5.1.1")), "{k:?}");
    assert!(
        k.contains(&(5, FindingKind::MovesAfterEnd, "5.1.1")),
        "{k:?}"
    );
    assert!(k.iter().all(|f| f.1 != FindingKind::IllegalMove), "{k:?}");
    assert!(r.agrees, "{k:?}");
    // A null move recorded after a dead position (tests/data: 1. Kxd2, then `3. --`).
    let r = one(
        "[Result \"1/2-1/2\"]\n[FEN \"4k3/8/8/8/8/8/3p4/4KB2 w - - 0 1\"]\n\n\
         1. Kxd2 Ke7 2. Bc4 Kd6 3. -- Ke5 1/2-1/2\n",
    );
    let k = kinds(&r);
    assert!(
        k.contains(&(2, FindingKind::MovesAfterEnd, "5.2.2")),
        "{k:?}"
    );
    assert!(k.iter().all(|f| f.1 != FindingKind::NullMove), "{k:?}");
    // The same moves within the game are irregularities (7.5.1, 7.5.3).
    let r = one("[Result \"*\"]\n\n1. f3 e5 2. Kf3 *\n");
    assert!(kinds(&r).contains(&(3, FindingKind::IllegalMove, "7.5.1")));
    let r = one("[Result \"*\"]\n\n1. f3 e5 2. -- *\n");
    assert!(kinds(&r).iter().any(|f| f.1 == FindingKind::NullMove));
}

#[test]
fn art_9_2_threefold_claimable_by_writing_the_move_then_on_the_board() {
    let r = one("[Result \"*\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *\n");
    let claims: Vec<(usize, &str)> = r
        .findings
        .iter()
        .filter(|f| f.kind == FindingKind::ThreefoldClaimable)
        .map(|f| (f.ply, f.article.number()))
        .collect();
    // After 4. Ng1 (ply 7) Black can write 4... Ng8, which makes the start position stand
    // for the third time (9.2.1); once played, White can claim it (9.2.2). After 3... Nf6
    // no move gives a third occurrence yet.
    assert_eq!(claims, [(7, "9.2.1"), (8, "9.2.2")]);
    let written = r.findings.iter().find(|f| f.ply == 7).unwrap();
    assert!(
        report::detail(written, Lang::En, Notation::ENGLISH)
            .contains("Black can claim a draw by writing 4... Ng8")
    );
    assert_eq!(r.next_finding(0), Some(7));
    assert_eq!(r.next_finding(6), Some(7));
    assert_eq!(r.next_finding(8), None);
    assert_eq!(r.previous_finding(8), Some(7));
}

/// Art. 9.2.1: the finding of a claim by writing a move says how many times the position
/// after it would stand: here the start position, which stood three times already, would
/// stand for the fourth time after 6... Nb8, reached another way.
#[test]
fn art_9_2_1_written_claim_says_the_fourth_time() {
    let r =
        one("[Result \"*\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nc3 Nc6 6. Nb1 *\n");
    let written = r
        .findings
        .iter()
        .find(|f| f.ply == 11 && f.article.number() == "9.2.1")
        .unwrap_or_else(|| panic!("{:?}", r.findings));
    let en = report::detail(written, Lang::En, Notation::ENGLISH);
    assert!(
        en.contains("6... Nb8") && en.contains("for the fourth time"),
        "{en}"
    );
    let es = report::detail(written, Lang::Es, Notation::SPANISH);
    assert!(es.contains("4.ª vez"), "{es}");
}

#[test]
fn art_7_1_decisions_are_recorded_and_exported() {
    let mut r = one(
        "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[TimeControl \"5400+30\"]\n\n\
                     1. e4 { [%clk 1:29:00] } e5 { [%clk 1:28:00] } \
                     2. Nf3 { [%clk 1:20:30] } Nc6 { [%clk 1:10:30] } 1-0\n",
    );
    // Reinstating the position after ply 2 at ply 4: each side's time used so far (31 s
    // increments counted), shared in proportion to the moves (1970 rules, XIV-7).
    let clocks = r.proportional_clocks(4, 2).unwrap();
    // White: 5400 + 2·30 − 4830 = 630 s used in 2 moves → 315 s by move 1 → 5400+30−315;
    // Black: 5460 − 4230 = 1230 s → 615 s → 4815 s.
    assert_eq!(clocks, [5_115_000, 4_815_000]);
    assert!(r.proportional_clocks(2, 4).is_none());
    r.decide(4, Decision::RestorePosition { ply: 2 }).unwrap();
    r.decide(
        4,
        Decision::SetClocks {
            white_ms: clocks[0],
            black_ms: clocks[1],
        },
    )
    .unwrap();
    r.decide(
        4,
        Decision::Penalty {
            offender: Color::Black,
            penalty: ArbiterPenalty::TimeToOpponent { seconds: 120 },
        },
    )
    .unwrap();
    r.decide(
        4,
        Decision::DeclareResult {
            result: GameResult::Draw,
            article: Article("12.9"),
        },
    )
    .unwrap();
    assert!(r.decide(9, Decision::RestorePosition { ply: 0 }).is_err());
    assert!(r.decide(1, Decision::RestorePosition { ply: 3 }).is_err());
    assert_eq!(
        r.declared_result(),
        Some((GameResult::Draw, Article("12.9")))
    );
    let text = report::decided_pgn(&r, Lang::En);
    assert!(text.contains("[Result \"1/2-1/2\"]"), "{text}");
    assert!(text.contains("[RecordedResult \"1-0\"]"), "{text}");
    // The PGN standard's Termination value (9.8.1), the same one play writes; the article is
    // in the decision's tag and comment, in the interface language, never in this tag.
    assert!(text.contains("[Termination \"adjudication\"]"), "{text}");
    assert!(
        report::decided_pgn(&r, Lang::Es).contains("[Termination \"adjudication\"]"),
        "{text}"
    );
    assert!(
        text.contains(
            "[ArbiterDecision \"ply 4: the position after ply 2 is reinstated (Art. 7.1)"
        ),
        "{text}"
    );
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "2... Nc6 { [%clk 1:10:30] Arbiter: the position after ply 2 is reinstated (Art. \
             7.1) } { Arbiter: clocks set to 1:25:15 (White) and 1:20:15 (Black) (Art. 6.10) }"
        ),
        "{text}"
    );
    assert!(text.trim_end().ends_with("1/2-1/2"), "{text}");
    // The exported game reads back.
    let back = games(&text);
    assert_eq!(back[0].moves.len(), 4);
    let es = report::report(&r, Lang::Es, Notation::SPANISH);
    assert!(es.contains("Decisiones del árbitro"), "{es}");
    assert!(
        es.contains("sanción a negras: 120 s más para el rival (art. 12.9)"),
        "{es}"
    );
    let en = report::report(&r, Lang::En, Notation::ENGLISH);
    assert!(en.contains("Final result: 1/2-1/2 (Art. 12.9)"), "{en}");
}

// --- The shared corpus --------------------------------------------------------------------

fn read_reviews(path: &std::path::Path) -> Vec<Review> {
    let file = std::io::BufReader::new(std::fs::File::open(path).unwrap());
    pgn::Reader::new(file)
        .map(|g| match g {
            Ok(g) => review(&g),
            Err(e) => escaque::laws::arbiter::review_unreadable(&e),
        })
        .collect()
}

#[test]
fn art_5_6_7_9_every_real_file_against_its_labels() {
    let Some(files) = common::real_pgn_files() else {
        return;
    };
    let mut mismatches = Vec::new();
    let mut compared = 0;
    for path in files {
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let csv = common::read_text(&common::shared_data(&format!("labels/{stem}.csv")).unwrap());
        let mut lines = csv.lines();
        let header = common::split_csv(lines.next().unwrap());
        let col = |name: &str| header.iter().position(|h| h == name).unwrap();
        let rows: Vec<Vec<String>> = lines.map(common::split_csv).collect();
        let reviews = read_reviews(&path);
        assert_eq!(reviews.len(), rows.len(), "{stem}: one review per game");
        for (r, row) in reviews.iter().zip(&rows) {
            let who = format!("{stem} game {}", r.index);
            let mut differ = |what: &str, ours: String, theirs: &str| {
                compared += 1;
                if ours != theirs {
                    mismatches.push(format!("{who}: {what}: ours {ours:?}, labels {theirs:?}"));
                }
            };
            let refused = r.findings.iter().any(|f| {
                matches!(
                    f.kind,
                    FindingKind::UnsupportedVariant | FindingKind::IllegalSetup
                )
            });
            if refused && !row[col("setup_fen")].is_empty() {
                continue; // Chess960: not standard chess.
            }
            // The facts of pgn check, column by column.
            let check = serde_json::to_value(&r.check).unwrap();
            for (i, column) in header.iter().enumerate() {
                if column == "error" {
                    continue;
                }
                if let Some(ours) = check.get(column.as_str()) {
                    differ(column, common::as_csv(ours), &row[i]);
                }
            }
            // Illegal moves (7.5.1): a finding exactly where the labels put the error.
            let illegal: Vec<usize> = r
                .findings
                .iter()
                .filter(|f| f.kind == FindingKind::IllegalMove)
                .map(|f| f.ply)
                .collect();
            let expected: Vec<usize> = if row[col("moves_legal")] == "1" {
                vec![]
            } else {
                vec![row[col("plies")].parse::<usize>().unwrap() + 1]
            };
            differ(
                "illegal_move plies",
                format!("{illegal:?}"),
                &format!("{expected:?}"),
            );
            // Checkmate and stalemate at the end end the game there.
            for (column, t) in [
                ("checkmate", Termination::Checkmate),
                ("stalemate", Termination::Stalemate),
            ] {
                if row[col(column)] == "1" {
                    differ(
                        column,
                        format!("{:?}", r.termination),
                        &format!("{:?}", Some(t)),
                    );
                }
            }
            // The first fivefold and 75-move plies (9.6): the game ends there, unless it
            // had ended before.
            for (column, kind) in [
                ("first_fivefold_ply", FindingKind::Fivefold),
                ("first_75move_ply", FindingKind::SeventyFiveMoves),
            ] {
                if let Ok(p) = row[col(column)].parse::<usize>() {
                    let ours = r.findings.iter().find(|f| f.kind == kind).map(|f| f.ply);
                    if r.ended_at.is_none_or(|e| e >= p) {
                        differ(column, format!("{ours:?}"), &format!("{:?}", Some(p)));
                    }
                }
            }
            // The first position that stands three times: a 9.2.2 claim there.
            if let Ok(p) = row[col("first_threefold_ply")].parse::<usize>() {
                if r.ended_at.is_none_or(|e| e > p) {
                    let ours = r
                        .findings
                        .iter()
                        .find(|f| f.article == Article::THREEFOLD_OCCURRED)
                        .map(|f| f.ply);
                    differ(
                        "first_threefold_ply",
                        format!("{ours:?}"),
                        &format!("{:?}", Some(p)),
                    );
                }
            }
            // A decisive time forfeit where the winner had insufficient material: a draw by
            // 6.9 (the dead-position analysis proves at least what python-chess's material
            // rule does).
            if row[col("timeout_winner_has_insufficient_material")] == "1" {
                differ(
                    "6.9 draw",
                    format!("{:?} {:?}", r.result_by_laws, r.article),
                    &format!("{:?} {:?}", Some(GameResult::Draw), Some(Article::FLAG)),
                );
            }
            // Clock comments are read for the replay.
            let clk: usize = row[col("clk_comments")].parse().unwrap_or(0);
            let ours = r.plies.iter().filter(|p| p.clock_ms.is_some()).count();
            if r.findings
                .iter()
                .all(|f| f.kind != FindingKind::IllegalMove)
            {
                differ("clk_comments", ours.to_string(), &clk.to_string());
            }
        }
    }
    assert!(compared > 100_000, "{compared} values compared");
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
fn art_7_5_1_penguingim1_flags_exactly_game_38() {
    let Some(path) = common::shared_data("pgn/real/lichess_2025_penguingim1_100.pgn") else {
        return;
    };
    let reviews = read_reviews(&path);
    assert_eq!(reviews.len(), 100);
    let illegal: Vec<usize> = reviews
        .iter()
        .filter(|r| {
            r.findings
                .iter()
                .any(|f| f.kind == FindingKind::IllegalMove)
        })
        .map(|r| r.index)
        .collect();
    assert_eq!(illegal, [38]);
    let disagree: Vec<usize> = reviews
        .iter()
        .filter(|r| !r.agrees)
        .map(|r| r.index)
        .collect();
    assert_eq!(disagree, [38]);
    let f = reviews[37]
        .findings
        .iter()
        .find(|f| f.kind == FindingKind::IllegalMove)
        .unwrap();
    assert_eq!((f.ply, f.san().as_deref()), (2, Some("b4")));
    assert!(
        report::detail(f, Lang::En, Notation::ENGLISH)
            .starts_with("1... b4: an illegal move by Black")
    );
}

#[test]
fn art_6_9_lichess_drawn_time_forfeits_are_drawn_by_6_9() {
    let mut seen = 0;
    for rel in [
        "pgn/real/lichess_db_2021-10_first999.pgn",
        "pgn/real/lichess_mliebelt_2024-01-03.pgn",
    ] {
        let Some(path) = common::shared_data(rel) else {
            return;
        };
        for r in read_reviews(&path) {
            if r.tag("Termination") == Some("Time forfeit") && r.result_tag() == "1/2-1/2" {
                seen += 1;
                assert_eq!(
                    (r.result_by_laws, r.termination, r.article),
                    (
                        Some(GameResult::Draw),
                        Some(Termination::FlagFallOpponentCannotMate),
                        Some(Article::FLAG)
                    ),
                    "{rel} game {}",
                    r.index
                );
                assert!(r.agrees);
                assert!(r.findings.iter().any(|f| f.kind == FindingKind::FlagFall));
            }
        }
    }
    assert_eq!(seen, 12);
}

#[test]
fn art_6_9_cha_unfair_timeouts_as_one_move_games_with_a_flag_fall_are_draws() {
    let Some(path) = common::shared_data("dead_positions/cha_unfair_timeouts_shared.txt") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let (mut n, mut draws, mut open) = (0, 0, 0);
    for line in text.lines().step_by(150) {
        let fen: Vec<&str> = line.split_whitespace().take(6).collect();
        let fen = fen.join(" ");
        let Ok(pos) = Position::from_fen(&fen) else {
            continue;
        };
        // The side to move lets its clock run out on its move: the flag fell before the
        // move was completed; lichess scored it as a win for the other side.
        // A move that does not itself end the game (a mate by the flagging side, say).
        let Some(mv) = pos.legal_moves().iter().copied().find(|&m| {
            let after = pos.after(m).unwrap();
            after.has_legal_moves()
        }) else {
            continue;
        };
        let san = escaque::core::write_move(&pos, mv, escaque::core::Notation::ENGLISH);
        let number = pos.fullmove_number();
        let (dots, winner) = match pos.turn() {
            Color::White => (".", "0-1"),
            Color::Black => ("...", "1-0"),
        };
        let game = format!(
            "[Result \"{winner}\"]\n[Termination \"Time forfeit\"]\n[FEN \"{fen}\"]\n\n\
             {number}{dots} {san} {{ [%clk 0:00:00] }} {winner}\n"
        );
        let r = one(&game);
        n += 1;
        // When the move itself ends the game on the board (it leaves a dead position), that
        // end stands; otherwise the flag decides.
        let board_end = matches!(
            r.termination,
            Some(Termination::DeadPosition | Termination::Stalemate | Termination::Checkmate)
        );
        if !board_end {
            let flag = r
                .findings
                .iter()
                .find(|f| f.kind == FindingKind::FlagFall)
                .unwrap_or_else(|| panic!("{line}: {:?}", kinds(&r)));
            assert_eq!(flag.ply, 0, "{line}");
        }
        if board_end {
            // The position was dead already (5.2.2 ended the game before the flag).
            assert_eq!(r.termination, Some(Termination::DeadPosition), "{line}");
            assert_eq!(r.ended_at, Some(0), "{line}");
        }
        if r.result_by_laws == Some(GameResult::Draw) {
            draws += 1;
            if !board_end {
                assert_eq!(r.article, Some(Article::FLAG));
            }
            assert!(!r.agrees);
        } else {
            // Never a proven win: only an open question falls back on the default.
            assert!(r.unwinnability_open, "{line}: {:?}", r.result_by_laws);
            open += 1;
        }
    }
    assert!(n > 400, "{n}");
    assert!(open * 100 <= n, "{open} of {n} open");
    eprintln!("CHA unfair time-outs: {n} games, {draws} draws by 6.9, {open} open");
}

/// Plies of each game of an expected-output file marked with `{ MARK }`, by roster.
fn marks(rel: &str, mark: &str) -> Option<HashMap<Vec<String>, Vec<usize>>> {
    let path = common::shared_data(rel)?;
    let text = common::read_text(&path);
    Some(
        games(&text)
            .into_iter()
            .map(|g| {
                let who = roster(&g.tags);
                let plies = g
                    .moves
                    .iter()
                    .enumerate()
                    .filter(|(_, m)| m.comments().iter().any(|c| c == mark))
                    .map(|(i, _)| i + 1)
                    .collect();
                (who, plies)
            })
            .collect(),
    )
}

fn roster(tags: &[(String, String)]) -> Vec<String> {
    ["Event", "Site", "Date", "Round", "White", "Black"]
        .iter()
        .map(|t| {
            tags.iter()
                .find(|(k, _)| k == t)
                .map_or(String::new(), |(_, v)| v.clone())
        })
        .collect()
}

fn shared_reviews(rel: &str) -> Option<Vec<Review>> {
    Some(read_reviews(&common::shared_data(rel)?))
}

#[test]
fn art_9_2_2_threefold_claims_match_pgn_extract_repeat_marks() {
    let (Some(reviews), Some(marks)) = (
        shared_reviews("draw_rules/pgn-extract/test-repetition.pgn"),
        marks(
            "draw_rules/pgn-extract/expected/test-repetition-out.pgn",
            "REPEAT",
        ),
    ) else {
        return;
    };
    let mut selected = 0;
    for r in &reviews {
        let ours: Vec<usize> = r
            .findings
            .iter()
            .filter(|f| f.article == Article::THREEFOLD_OCCURRED)
            .map(|f| f.ply)
            .collect();
        match marks.get(&roster(&r.tags)) {
            Some(theirs) => {
                selected += 1;
                assert_eq!(&ours, theirs, "game {}", r.index);
            }
            None => assert!(ours.is_empty(), "game {}: {ours:?}", r.index),
        }
    }
    assert_eq!(selected, 9);
}

#[test]
fn art_9_3_and_9_6_2_fifty_and_seventy_five_moves_match_pgn_extract() {
    for (input, expected, mark, article) in [
        (
            "draw_rules/pgn-extract/test-fifty.pgn",
            "draw_rules/pgn-extract/expected/test-fifty-out.pgn",
            "FIFTY",
            Article::FIFTY_OCCURRED,
        ),
        (
            "draw_rules/pgn-extract/test-seventyfive.pgn",
            "draw_rules/pgn-extract/expected/test-seventyfive-out.pgn",
            "SEVENTYFIVE",
            Article::SEVENTY_FIVE,
        ),
    ] {
        let (Some(reviews), Some(marks)) = (shared_reviews(input), marks(expected, mark)) else {
            return;
        };
        let mut selected = 0;
        for r in &reviews {
            let ours = r
                .findings
                .iter()
                .find(|f| f.article == article)
                .map(|f| f.ply);
            match marks.get(&roster(&r.tags)) {
                Some(theirs) => {
                    selected += 1;
                    assert_eq!(ours, theirs.first().copied(), "{input} game {}", r.index);
                }
                None => assert_eq!(ours, None, "{input} game {}", r.index),
            }
        }
        assert_eq!(selected, marks.len(), "{input}");
        if article == Article::SEVENTY_FIVE {
            assert!(
                reviews
                    .iter()
                    .all(|r| r.termination == Some(Termination::SeventyFiveMoves))
            );
        }
    }
}

#[test]
fn art_5_1_1_and_5_2_1_pgn_extract_checkmate_and_stalemate_games() {
    for (rel, mates, stalemates) in [
        ("draw_rules/pgn-extract/test-checkmate.pgn", 1, 0),
        ("draw_rules/pgn-extract/test-stalemate.pgn", 1, 1),
    ] {
        let Some(reviews) = shared_reviews(rel) else {
            return;
        };
        let count = |t: Termination| reviews.iter().filter(|r| r.termination == Some(t)).count();
        assert_eq!(count(Termination::Checkmate), mates, "{rel}");
        assert_eq!(count(Termination::Stalemate), stalemates, "{rel}");
    }
}

#[test]
fn art_9_2_9_3_5_2_2_pychess_draw_games() {
    let Some(r) = shared_reviews("draw_rules/pychess/3fold.pgn") else {
        return;
    };
    let first: Vec<Option<usize>> = r
        .iter()
        .map(|r| {
            r.findings
                .iter()
                .find(|f| f.article == Article::THREEFOLD_OCCURRED)
                .map(|f| f.ply)
        })
        .collect();
    assert_eq!(first, [Some(8), Some(12)]);
    let r = shared_reviews("draw_rules/pychess/50.pgn").unwrap();
    assert!(
        r[0].findings
            .iter()
            .any(|f| f.article == Article::FIFTY_OCCURRED)
    );
    // Twenty-five moves each is not fifty.
    let r = shared_reviews("draw_rules/pychess/50halfmoves.pgn").unwrap();
    assert!(
        r[0].findings
            .iter()
            .all(|f| f.kind != FindingKind::FiftyMovesClaimable)
    );
    let r = shared_reviews("draw_rules/pychess/insufficient_material.pgn").unwrap();
    assert_eq!(r[0].termination, Some(Termination::DeadPosition));
    assert_eq!(r[0].ended_at, Some(r[0].plies.len()));
    assert!(r[0].agrees);
}

/// Art. 7.5 (the record is evidence): the decided PGN of a game with an illegal move keeps
/// the moves recorded after it, as a comment after the last move played.
#[test]
fn art_7_5_1_decided_pgn_keeps_the_moves_recorded_after_an_illegal_move() {
    let r = one("[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 Nc6 3. Bc4 Nf6 1-0\n");
    assert_eq!(r.unplayed, ["2. Ke3", "2... Nc6", "3. Bc4", "3... Nf6"]);
    // The writer wraps lines: compared with single spaces.
    let pgn = report::decided_pgn(&r, Lang::En)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        pgn.contains("Moves recorded after it, not played (7.5): 2. Ke3 2... Nc6 3. Bc4 3... Nf6"),
        "{pgn}"
    );
    let es = report::decided_pgn(&r, Lang::Es);
    assert!(es.contains("no jugadas (7.5): 2. Ke3"), "{es}");
    // A complete game keeps nothing aside.
    assert!(one("[Result \"*\"]\n\n1. e4 e5 *\n").unplayed.is_empty());
}

/// Art. 8.1.1: a game the reader refuses is a finding, and the Spanish report says the
/// reader's error in Spanish (which game, line and column, the input quoted): no English
/// inside the Spanish sentence. A `TimeControl` tag that cannot be read (6.3) likewise.
#[test]
fn art_8_1_1_an_unreadable_record_is_said_in_the_reports_language() {
    let text = "[Event \"t\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n\
                1. e4 {sin cerrar e5 *\n";
    let e = pgn::read_str(text).next().unwrap().unwrap_err();
    let unreadable = escaque::laws::arbiter::review_unreadable(&e);
    let finding = &unreadable.findings[0];
    assert_eq!(finding.kind, FindingKind::UnreadableRecord);
    let es = report::detail(finding, Lang::Es, Notation::SPANISH);
    assert!(
        es.starts_with("La partida no se puede leer: partida 1, línea 6, columna 7: comentario sin cerrar: la '{' de \"{sin cerrar e5 *"),
        "{es}"
    );
    let en = report::detail(finding, Lang::En, Notation::ENGLISH);
    assert!(
        en.starts_with("The game cannot be read: game 1, line 6, column 7: unterminated comment"),
        "{en}"
    );
    let whole = report::report(&unreadable, Lang::Es, Notation::SPANISH);
    for english in [
        "unterminated",
        "game 1",
        "line 6",
        "at column",
        "is never closed",
    ] {
        assert!(!whole.contains(english), "{english}: {whole}");
    }

    let game = pgn::read_str("[TimeControl \"40/x\"]\n\n1. e4 *\n")
        .next()
        .unwrap()
        .unwrap();
    let reviewed = review(&game);
    let finding = reviewed
        .findings
        .iter()
        .find(|f| f.kind == FindingKind::TimeControlClass)
        .unwrap();
    assert_eq!(
        report::detail(finding, Lang::Es, Notation::SPANISH),
        "La etiqueta TimeControl \"40/x\" no se puede leer: \"40/x\": en la columna 4, se \
         esperaba un número de segundos y hay 'x'"
    );
    assert_eq!(
        report::detail(finding, Lang::En, Notation::ENGLISH),
        "The TimeControl tag \"40/x\" cannot be read: \"40/x\": at column 4, expected a number \
         of seconds, found 'x'"
    );
}
