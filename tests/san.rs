//! Algebraic notation (App. C) against the corpus: every game of `pgn/real` replayed from
//! its SAN and written back; the notation samples; Spanish, figurine and long algebraic.

mod common;

use escaque::core::{Letters, Move, Notation, Position, San, parse_move, write_move};

/// The token as our writer should produce it: annotation marks dropped, castling with `O`.
fn normalize(token: &str) -> String {
    let t = token.trim_end_matches(['!', '?']);
    if t.starts_with("0-0") {
        t.replace('0', "O")
    } else {
        t.to_string()
    }
}

fn without_marks(token: &str) -> String {
    normalize(token).trim_end_matches(['+', '#']).to_string()
}

/// The start position of a game, or `None` for games this test does not replay (variants).
fn start_position(game: &common::GameText) -> Option<Position> {
    if let Some(v) = game.tag("Variant") {
        let v = v.to_ascii_lowercase();
        if v != "standard" && v != "from position" {
            return None;
        }
    }
    match game.tag("FEN") {
        Some(fen) => Some(Position::from_fen(fen).unwrap_or_else(|e| panic!("{e}"))),
        None => Some(Position::new()),
    }
}

/// Whether `token` names the move `mv` with more departure coordinates than App. C.10
/// needs: the same piece letter and destination, and the same move once read.
fn is_redundant_disambiguation(pos: &Position, mv: Move, token: &str) -> bool {
    let ours = San::from_move(pos, mv);
    let Ok(theirs) = San::parse(token, Letters::English) else {
        return false;
    };
    match (ours, theirs) {
        (
            San::Normal {
                piece: p1,
                from_file: f1,
                from_rank: r1,
                to: t1,
                ..
            },
            San::Normal {
                piece: p2,
                from_file: f2,
                from_rank: r2,
                to: t2,
                ..
            },
        ) => {
            p1 == p2
                && t1 == t2
                && (f1.is_none() || f1 == f2)
                && (r1.is_none() || r1 == r2)
                && (f2, r2) != (f1, r1)
                && theirs.to_move(pos) == Ok(mv)
        }
        _ => false,
    }
}

struct Replay {
    games: usize,
    moves: usize,
    skipped: usize,
    mate_as_check: usize,
    redundant_disambiguation: usize,
    /// (game index, ply, token, problem)
    illegal: Vec<(usize, usize, String, String)>,
    rewritten_differently: Vec<(usize, usize, String, String)>,
}

fn replay_file(path: &std::path::Path) -> Replay {
    let text = common::read_text(path);
    let mut r = Replay {
        games: 0,
        moves: 0,
        skipped: 0,
        mate_as_check: 0,
        redundant_disambiguation: 0,
        illegal: vec![],
        rewritten_differently: vec![],
    };
    for (gi, game) in common::read_games(&text).iter().enumerate() {
        let Some(mut pos) = start_position(game) else {
            r.skipped += 1;
            continue;
        };
        r.games += 1;
        for (ply, token) in game.moves.iter().enumerate() {
            match parse_move(&pos, token, Letters::English) {
                Ok(mv) => {
                    let written = write_move(&pos, mv, Notation::ENGLISH);
                    let expected = normalize(token);
                    if written == expected {
                        // identical
                    } else if written.ends_with('#') && expected.ends_with('+') && {
                        written.trim_end_matches('#') == expected.trim_end_matches('+')
                    } {
                        // Some sources mark mate with `+`.
                        r.mate_as_check += 1;
                    } else if written.len() < expected.len()
                        && is_redundant_disambiguation(&pos, mv, &expected)
                    {
                        // Older sources name the departure square of a piece that could not
                        // legally reach the square (pinned) or give both coordinates where
                        // one suffices; App. C.10 disambiguates among legal moves only.
                        r.redundant_disambiguation += 1;
                    } else {
                        r.rewritten_differently
                            .push((gi + 1, ply + 1, token.clone(), written));
                    }
                    pos.play_unchecked(mv);
                    r.moves += 1;
                }
                Err(e) => {
                    r.illegal
                        .push((gi + 1, ply + 1, token.clone(), e.to_string()));
                    break;
                }
            }
        }
    }
    r
}

#[test]
fn app_c_real_games_replay_and_rewrite_identically() {
    let Some(files) = common::real_pgn_files() else {
        return;
    };
    assert!(files.len() >= 15, "expected the 15 files of pgn/real");
    let mut failures = Vec::new();
    let mut total_games = 0;
    let mut total_moves = 0;
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let r = replay_file(path);
        total_games += r.games;
        total_moves += r.moves;
        eprintln!(
            "{name}: {} games, {} moves replayed, {} variant games skipped; \
             {} mates marked '+', {} redundant disambiguations",
            r.games, r.moves, r.skipped, r.mate_as_check, r.redundant_disambiguation
        );
        // The one deliberately corrupted game of the corpus: game 38 of the penguingim1
        // file plays the illegal 1... b4 (data README).
        let expected_illegal: &[(usize, usize)] = if name == "lichess_2025_penguingim1_100.pgn" {
            &[(38, 2)]
        } else {
            &[]
        };
        let illegal: Vec<(usize, usize)> = r.illegal.iter().map(|i| (i.0, i.1)).collect();
        if illegal != expected_illegal {
            failures.push(format!("{name}: illegal moves {:?}", r.illegal));
        }
        for (g, ply, token, written) in r.rewritten_differently.iter().take(10) {
            failures.push(format!(
                "{name} game {g} ply {ply}: read \"{token}\", wrote \"{written}\""
            ));
        }
    }
    eprintln!("total: {total_games} games, {total_moves} moves");
    assert!(total_games > 5000, "only {total_games} games replayed");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn app_c_valid_notation_samples() {
    let Some(path) = common::shared_data("notation/valid_notation_tests.json") else {
        return;
    };
    let text = common::read_text(&path);
    // A minimal reader of this file's flat objects of string fields.
    let mut count = 0;
    for object in text.split('{').skip(1) {
        let field = |name: &str| -> String {
            let key = format!("\"{name}\"");
            let at = object
                .find(&key)
                .unwrap_or_else(|| panic!("no {name} in {object}"));
            let rest = &object[at + key.len()..];
            let start = rest.find('"').unwrap() + 1;
            let end = start + rest[start..].find('"').unwrap();
            rest[start..end].to_string()
        };
        let pos1 = Position::from_fen(&field("pos1")).unwrap();
        let pos2 = field("pos2");
        let (alg, long, uci) = (field("algText"), field("longAlgText"), field("uciText"));
        let mv = parse_move(&pos1, &alg, Letters::English).unwrap();
        assert_eq!(
            mv,
            parse_move(&pos1, &long, Letters::English).unwrap(),
            "{long}"
        );
        let um: escaque::core::UciMove = uci.parse().unwrap();
        assert_eq!(Some(mv), pos1.uci_to_move(um), "{uci}");
        assert_eq!(mv.uci().to_string(), uci);
        // One sample omits the check mark of Qxd1+; compare the marks separately.
        let written = write_move(&pos1, mv, Notation::ENGLISH);
        assert_eq!(without_marks(&written), without_marks(&alg));
        let long_plain = Notation {
            hyphen: false,
            ..Notation::LONG
        };
        assert_eq!(
            without_marks(&write_move(&pos1, mv, long_plain)),
            without_marks(&long)
        );
        if alg.ends_with('+') || alg.ends_with('#') {
            assert_eq!(written, normalize(&alg));
        }
        assert_eq!(pos1.after(mv).unwrap().to_fen(), pos2, "{alg}");
        count += 1;
    }
    assert_eq!(count, 23);
}

/// Replays a file's games and returns, per game, the moves.
fn moves_of(path: &std::path::Path, letters: Letters) -> Vec<Vec<(Position, Move, String)>> {
    let text = common::read_text(path);
    common::read_games(&text)
        .iter()
        .map(|game| {
            let mut pos = start_position(game).unwrap();
            game.moves
                .iter()
                .map(|tok| {
                    let mv = parse_move(&pos, tok, letters)
                        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                    let before = pos;
                    pos.play_unchecked(mv);
                    (before, mv, tok.clone())
                })
                .collect()
        })
        .collect()
}

#[test]
fn app_c_3_spanish_letters_read_and_written_against_english_twins() {
    let Some(dir) = common::shared_data("notation/spanish") else {
        return;
    };
    let mut compared = 0;
    for stem in [
        "barnes-horton-1994",
        "carlsen-selected",
        "kasparov-deep-blue-1997",
    ] {
        let es = moves_of(
            &dir.join(format!("{stem}_spanish_san.pgn")),
            Letters::Spanish,
        );
        let en = moves_of(
            &dir.join(format!("{stem}_english_san.pgn")),
            Letters::English,
        );
        let long = moves_of(
            &dir.join(format!("{stem}_fide_long_xlalg.pgn")),
            Letters::English,
        );
        assert_eq!(es.len(), en.len(), "{stem}: game count");
        assert_eq!(long.len(), en.len(), "{stem}: game count");
        for ((g_es, g_en), g_long) in es.iter().zip(&en).zip(&long) {
            assert_eq!(g_es.len(), g_en.len());
            for ((es_ply, en_ply), long_ply) in g_es.iter().zip(g_en).zip(g_long) {
                let (pos, mv, es_tok) = es_ply;
                assert_eq!(*mv, en_ply.1, "{stem}: {es_tok} vs {}", en_ply.2);
                assert_eq!(*mv, long_ply.1, "{stem}: {es_tok} vs {}", long_ply.2);
                assert_eq!(write_move(pos, *mv, Notation::SPANISH), normalize(es_tok));
                assert_eq!(
                    write_move(pos, *mv, Notation::ENGLISH),
                    normalize(&en_ply.2)
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 2000, "{compared}");
}

#[test]
fn app_c_figurine_and_long_algebraic_round_trip() {
    let Some(path) = common::shared_data("pgn/real/twic_01_232games.pgn") else {
        return;
    };
    let forms = [
        Notation::FIGURINE,
        Notation::LONG,
        Notation {
            hyphen: false,
            ..Notation::LONG
        },
        Notation::SPANISH.fide(),
        Notation::ENGLISH.fide(),
        Notation::LONG.fide(),
    ];
    let mut n = 0;
    for game in moves_of(&path, Letters::English) {
        for (pos, mv, _) in game {
            for form in forms {
                let text = write_move(&pos, mv, form);
                let back = parse_move(&pos, &text, form.letters)
                    .unwrap_or_else(|e| panic!("{form:?} {text}: {e}"));
                assert_eq!(back, mv, "{form:?}: {text}");
            }
            // UCI text too.
            let uci = mv.uci().to_string();
            assert_eq!(pos.uci_to_move(uci.parse().unwrap()), Some(mv));
            n += 1;
        }
    }
    assert!(n > 10_000);
}

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

fn san(p: &Position, text: &str) -> String {
    let mv = parse_move(p, text, Letters::English).unwrap_or_else(|e| panic!("{e}"));
    write_move(p, mv, Notation::ENGLISH)
}

#[test]
fn app_c_10_disambiguation_file_then_rank_then_both() {
    // Knights on b1 and f3... two knights on the same rank: by file.
    let p = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    assert_eq!(san(&p, "Nbd2"), "Nbd2");
    assert_eq!(san(&p, "Nfd2"), "Nfd2");
    // Same file: by rank.
    let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(san(&p, "Ra4"), "Ra4");
    let p = pos("4k3/8/R7/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(san(&p, "R1a3"), "R1a3");
    assert_eq!(san(&p, "R6a3"), "R6a3");
    // Three queens: rank for one, file for another.
    let p = pos("6k1/8/8/8/Q6Q/8/8/K6Q w - - 0 1");
    assert_eq!(san(&p, "Qh4e1"), "Q4e1");
    assert_eq!(san(&p, "Qa4e4"), "Qae4");
    assert_eq!(san(&p, "Qh1e4"), "Q1e4");
    // Four queens around d4: both file and rank are needed.
    let p = pos("7K/8/1Q3Q2/7k/8/8/1Q3Q2/8 w - - 0 1");
    assert_eq!(san(&p, "Qb2d4"), "Qb2d4");
    assert_eq!(san(&p, "Qf6d4"), "Qf6d4");
    // A pinned piece does not count as a rival (only legal moves do).
    let p = pos("4k3/8/8/8/8/8/2N1N3/4K3 w - - 0 1");
    assert_eq!(san(&p, "Ncd4"), "Ncd4");
    let p = pos("4k3/4r3/8/8/8/8/2N1N3/4K3 w - - 0 1");
    assert_eq!(san(&p, "Nd4"), "Nd4");
}

#[test]
fn app_c_11_to_13_promotion_castling_check_and_mate_marks() {
    let p = pos("8/1P2k3/8/8/8/8/8/4K3 w - - 0 1");
    for (input, english, fide_es) in [
        ("b8=Q", "b8=Q", "b8D"),
        ("b8Q", "b8=Q", "b8D"),
        ("b8(Q)", "b8=Q", "b8D"),
        ("b7b8q", "b8=Q", "b8D"),
        ("b8=N", "b8=N", "b8C"),
        ("b8=R", "b8=R", "b8T"),
        ("b8=B", "b8=B", "b8A"),
    ] {
        let mv = parse_move(&p, input, Letters::English).unwrap();
        assert_eq!(write_move(&p, mv, Notation::ENGLISH), english);
        assert_eq!(write_move(&p, mv, Notation::SPANISH.fide()), fide_es);
    }
    let e = parse_move(&p, "b8", Letters::English).unwrap_err();
    assert_eq!(e.problem, escaque::core::SanProblem::PromotionMissing);
    let e = parse_move(&p, "b8=K", Letters::English).unwrap_err();
    assert!(e.to_string().contains("3.7.3.3"), "{e}");

    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for (input, out) in [
        ("O-O", "O-O"),
        ("0-0", "O-O"),
        ("O-O-O", "O-O-O"),
        ("0-0-0", "O-O-O"),
        ("e1g1", "O-O"),
        ("e1-c1", "O-O-O"),
        ("Ke1g1", "O-O"),
    ] {
        assert_eq!(san(&p, input), out, "{input}");
    }
    let mv = parse_move(&p, "O-O", Letters::English).unwrap();
    assert_eq!(write_move(&p, mv, Notation::ENGLISH.fide()), "0-0");
    // Check, and mate with `#` (also read `++`).
    let p = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(san(&p, "Ra8"), "Ra8#");
    assert_eq!(san(&p, "Ra8++"), "Ra8#");
    let p = pos("6k1/5pp1/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(san(&p, "Ra8"), "Ra8+");
}

#[test]
fn app_c_9_en_passant_and_lenient_reading() {
    let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    for input in [
        "exd6",
        "exd6 e.p.",
        "exd6e.p.",
        "ed6",
        "e5xd6",
        "e5d6",
        "exd6!?",
        "e:d6",
    ] {
        assert_eq!(san(&p, input), "exd6", "{input}");
    }
    let mv = parse_move(&p, "exd6", Letters::English).unwrap();
    assert!(mv.is_en_passant());
    // Spanish letters: R is the king, T the rook, D the queen, A the bishop, C the knight.
    let p = pos("4k3/8/8/8/8/8/8/R2QK1NB w - - 0 1");
    let cases = [
        ("Rf2", "Kf2"),
        ("Tb1", "Rb1"),
        ("Dd4", "Qd4"),
        ("Ag2", "Bg2"),
        ("Cf3", "Nf3"),
    ];
    for (es, en) in cases {
        let mv = parse_move(&p, es, Letters::Spanish).unwrap();
        assert_eq!(write_move(&p, mv, Notation::ENGLISH), en);
        assert_eq!(write_move(&p, mv, Notation::SPANISH), es);
    }
    // Figurines of either colour are read in any language.
    assert_eq!(san(&p, "♘f3"), "Nf3");
    assert_eq!(san(&p, "♞f3"), "Nf3");
    let mv = parse_move(&p, "Nf3", Letters::English).unwrap();
    assert_eq!(write_move(&p, mv, Notation::FIGURINE), "♘f3");
}

#[test]
fn app_c_errors_quote_the_text_and_say_why() {
    let p = Position::new();
    let e = parse_move(&p, "e5", Letters::English).unwrap_err();
    assert!(e.to_string().contains("\"e5\""), "{e}");
    assert!(e.to_string().contains("not a legal move"), "{e}");
    let e = parse_move(&p, "Zf3", Letters::English).unwrap_err();
    assert!(e.to_string().contains("'Z'"), "{e}");
    let p = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    let e = parse_move(&p, "Nd2", Letters::English).unwrap_err();
    assert!(matches!(e.problem, escaque::core::SanProblem::Ambiguous(ref m) if m.len() == 2));
    assert!(e.to_string().contains("ambiguous"), "{e}");
    for junk in [
        "", "-", "x", "e", "e9", "Nf", "O-O-O-O", "e2e4e5", "=Q", "♔",
    ] {
        assert!(
            parse_move(&Position::new(), junk, Letters::English).is_err(),
            "{junk}"
        );
    }
    // Parsing alone never panics on arbitrary text.
    for junk in ["ñ", "🙂", "e8=", "e8=QQ", "(((", "1-0", "..."] {
        let _ = San::parse(junk, Letters::Spanish);
    }
}

/// App. C.8 (any clear form on a scoresheet) and C.11: a promotion piece in parentheses,
/// `e8(Q)`, as docs/pgn.md says the reader takes it; also through the PGN reader.
#[test]
fn app_c_8_promotion_in_parentheses() {
    let p = pos("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1");
    let queen = parse_move(&p, "e8=Q", Letters::English).unwrap();
    for text in ["e8(Q)", "e8(Q)+", "e8/Q", "e8Q"] {
        assert_eq!(parse_move(&p, text, Letters::English), Ok(queen), "{text}");
    }
    let game = escaque::laws::pgn::read_str(
        "[FEN \"8/4P1k1/8/8/8/8/8/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. e8(Q) Kf6 *\n",
    )
    .next()
    .unwrap()
    .unwrap();
    assert!(game.replay(Letters::English).is_complete());
}

/// App. C.9: the en-passant mark is optional and may stand after a space: `exd6 e.p.`,
/// `exd6 ep`, `exd6e.p.` all read as the capture.
#[test]
fn app_c_9_en_passant_mark_after_a_space() {
    let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    let mv = parse_move(&p, "exd6", Letters::English).unwrap();
    assert!(mv.is_en_passant());
    for text in [
        "exd6 e.p.",
        "exd6 ep",
        "exd6e.p.",
        "exd6 e.p.+",
        "exd6 a.p.",
        "exd6ep",
    ] {
        assert_eq!(parse_move(&p, text, Letters::English), Ok(mv), "{text}");
    }
}

/// App. C.3 in Spanish: R is the king (rey), so `b8=R` is no promotion: the error names the
/// pieces a pawn may become, D T A C.
#[test]
fn app_c_3_spanish_promotion_to_r_names_the_choices() {
    let p = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let err = parse_move(&p, "b8=R", Letters::Spanish).unwrap_err();
    let text = err.to_string();
    assert!(text.contains("D, T, A") && text.contains("C"), "{text}");
    assert!(parse_move(&p, "b8=T", Letters::Spanish).is_ok());
    // In English R is a rook.
    assert!(parse_move(&p, "b8=R", Letters::English).is_ok());
}
