//! The speech module (issue 7, App. D): moves, events and answers in words in every name
//! profile, and moves read back from words. Transcripts are insta snapshots; the round trip
//! reads back every legal move of the perft suites and of real games.

mod common;

use std::collections::BTreeSet;

use escaque::core::{CastleSide, Letters};
use escaque::core::{Color, File, Move, Piece, Position, Rank, Role, Square};
use escaque::lang::Lang;
use escaque::laws::adjourn::{
    self, AdjournEvent, Adjournment, Decision, Ruling, SealDraft, SealedReading,
};
use escaque::laws::clock::{ClockEvent, ClockOptions, QuickplayGround, QuickplayRuling};
use escaque::laws::irregularity::{ArbiterAction, ArbiterPenalty, IllegalPosition};
use escaque::laws::pgn;
use escaque::laws::time_control::{Bonus, TimeControl};
use escaque::laws::touch::{Binding, BindingKind, TouchEvent, TouchState};
use escaque::laws::{Article, Discovery, Game, GameEvent, GameResult, IllegalKind, Supervision};
use escaque::speech::{
    Line, Profile, ReadProblem, Speaker, normalize, parse_line, parse_role, parse_square,
};

fn es() -> Speaker {
    Speaker::new(Profile::Es, Lang::Es)
}
fn en() -> Speaker {
    Speaker::new(Profile::En, Lang::En)
}
fn fide_es() -> Speaker {
    Speaker::new(Profile::Fide, Lang::Es)
}
fn fide_en() -> Speaker {
    Speaker::new(Profile::Fide, Lang::En)
}

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn uci(p: &Position, text: &str) -> Move {
    p.uci_to_move(text.parse().unwrap())
        .unwrap_or_else(|| panic!("{text} is not legal in {}", p.to_fen()))
}

/// Every event of a game in words, one line each, the silent ones left out.
fn transcript(speaker: &Speaker, game: &Game) -> String {
    game.events()
        .iter()
        .filter_map(|e| speaker.event(e, game))
        .collect::<Vec<_>>()
        .join("\n")
}

fn real_game(file: &str, index: usize) -> Option<(Position, Vec<Move>)> {
    let path = common::shared_data(&format!("pgn/real/{file}"))?;
    let text = common::read_text(&path);
    let game = pgn::read_str(&text)
        .nth(index)
        .expect("game in file")
        .expect("game reads");
    let replay = game.replay(Letters::English);
    assert!(replay.is_complete(), "{file} game {index} replays");
    Some((
        replay.start,
        replay
            .moves
            .iter()
            .map(|m| m.expect("no null move"))
            .collect(),
    ))
}

fn play_all(start: Position, moves: &[Move]) -> Game {
    let mut game = Game::new(start);
    for mv in moves {
        game.play(*mv).expect("legal");
    }
    game
}

// --- Names -----------------------------------------------------------------------------------

#[test]
fn app_d_2_1_profiles_name_files_ranks_pieces_castling() {
    let names = |p: Profile| -> String {
        let files: Vec<&str> = File::ALL.iter().map(|f| p.file(*f)).collect();
        let ranks: Vec<&str> = Rank::ALL.iter().map(|r| p.rank(*r)).collect();
        let roles: Vec<&str> = Role::ALL.iter().map(|r| p.role(*r)).collect();
        format!(
            "{} | {} | {} | {} / {}",
            files.join(" "),
            ranks.join(" "),
            roles.join(" "),
            p.castling(CastleSide::King),
            p.castling(CastleSide::Queen)
        )
    };
    assert_eq!(
        names(Profile::Es),
        "Ana Bella César David Eva Félix Gustavo Héctor | uno dos tres cuatro cinco seis siete ocho | peón Caballo Alfil Torre Dama Rey | enroque corto / enroque largo"
    );
    assert_eq!(
        names(Profile::En),
        "Anna Bella Cesar David Eva Felix Gustav Hector | one two three four five six seven eight | pawn Knight Bishop Rook Queen King | short castling / long castling"
    );
    assert_eq!(
        names(Profile::Fide),
        "Anna Bella Cesar David Eva Felix Gustav Hector | eins zwei drei vier fuenf sechs sieben acht | Bauer Springer Laeufer Turm Dame Koenig | Kurze Rochade / Lange Rochade"
    );
    for p in Profile::ALL {
        assert_eq!(p.to_string().parse::<Profile>(), Ok(p));
    }
    let err = "klingon".parse::<Profile>().unwrap_err();
    assert!(err.to_string().contains("\"klingon\""), "{err}");
}

/// The Spanish words are those of the 2005 Laws, appendix F (F2.1), word for word.
#[test]
fn app_f_2005_spanish_names_are_the_sources_words() {
    let Some(path) =
        common::shared_data("../sources/leyes-fide-2005-apendices-notacion-y-ciegos.txt")
    else {
        return;
    };
    let source = common::read_text(&path);
    for f in File::ALL {
        let name = Profile::Es.file(f);
        let line = format!("{}- {name}", f.char().to_ascii_uppercase());
        assert!(source.contains(&line), "{line} is not in the source");
    }
    for r in Rank::ALL {
        let line = format!("{}- {}", r.char(), Profile::Es.rank(r));
        assert!(source.contains(&line), "{line} is not in the source");
    }
    assert!(source.contains("\"enroque largo\" y \"enroque corto\""));
    assert!(source.contains("Rey, Dama, Torre, Alfil, Caballo, peón"));
    let roles: Vec<&str> = Role::ALL
        .iter()
        .rev()
        .map(|r| Profile::Es.role(*r))
        .collect();
    assert_eq!(roles.join(", "), "Rey, Dama, Torre, Alfil, Caballo, peón");
}

#[test]
fn app_d_parse_square_in_every_profile() {
    for sq in Square::ALL {
        for p in Profile::ALL {
            let said = p.square(sq);
            assert_eq!(parse_square(&said), Some(sq), "{said}");
            assert_eq!(parse_square(&normalize(&said)), Some(sq), "{said}");
            assert_eq!(parse_square(&said.to_uppercase()), Some(sq), "{said}");
        }
        assert_eq!(parse_square(&sq.to_string()), Some(sq));
    }
    assert_eq!(parse_square("Eva cuatro"), Some(Square::E4));
    assert_eq!(parse_square("hector acht"), Some(Square::H8));
    assert_eq!(parse_square("Eva"), None);
    assert_eq!(parse_square("i9"), None);
    assert_eq!(parse_square("Eva cuatro cinco"), None);
    assert_eq!(parse_line("Eva"), Some(Line::File(File::E)));
    assert_eq!(parse_line("cuatro"), Some(Line::Rank(Rank::Fourth)));
    assert_eq!(parse_line("e"), Some(Line::File(File::E)));
    assert_eq!(parse_line("4"), Some(Line::Rank(Rank::Fourth)));
    assert_eq!(parse_role("caballos"), Some(Role::Knight));
    assert_eq!(parse_role("Läufer"), Some(Role::Bishop));
    assert_eq!(parse_role("peon"), Some(Role::Pawn));
    let why = es().read_square("Zeta nueve").unwrap_err();
    assert!(why.contains("\"Zeta nueve\""), "{why}");
}

// --- Describing moves -------------------------------------------------------------------------

/// The issue's own examples, word for word.
#[test]
fn app_d_2_1_moves_described_as_announced() {
    let start = Position::new();
    let nf3 = uci(&start, "g1f3");
    assert_eq!(es().describe_move(&start, nf3), "Caballo Félix tres");
    assert_eq!(
        es().with_origin(true).describe_move(&start, nf3),
        "Caballo Gustavo uno a Félix tres"
    );
    assert_eq!(en().describe_move(&start, nf3), "Knight Felix three");
    assert_eq!(fide_en().describe_move(&start, nf3), "Springer Felix drei");
    let e4 = uci(&start, "e2e4");
    assert_eq!(
        es().numbered_move(1, Color::White, &start, e4),
        "jugada uno, blancas: peón Eva cuatro"
    );
    assert_eq!(
        en().numbered_move(1, Color::White, &start, e4),
        "move one, White: pawn Eva four"
    );
    assert_eq!(
        fide_es().numbered_move(1, Color::White, &start, e4),
        "jugada uno, blancas: Bauer Eva vier"
    );
    let p = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
    assert_eq!(
        es().describe_move(&p, uci(&p, "e4d5")),
        "peón Eva toma peón David cinco"
    );
    assert_eq!(
        en().describe_move(&p, uci(&p, "e4d5")),
        "pawn Eva takes pawn David five"
    );
    let p = pos("k7/3P4/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        es().describe_move(&p, uci(&p, "d7d8q")),
        "peón David siete a David ocho, corona Dama, jaque"
    );
    assert_eq!(
        en().describe_move(&p, uci(&p, "d7d8q")),
        "pawn David seven to David eight, promotes to Queen, check"
    );
}

/// Art. 3.8.2 castling, 3.7.3.1 en passant, 3.7.3.3 promotion to each piece with and
/// without capture, 3.9 check, 5.1.1 mate, 5.2.1 stalemate, App. C.10 disambiguation by
/// file, rank and square: every special move in every profile.
#[test]
fn art_3_special_moves_in_every_profile() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "castling short (3.8.2)",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "e1g1",
        ),
        (
            "castling long (3.8.2)",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "e1c1",
        ),
        (
            "castling short, black",
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
            "e8g8",
        ),
        (
            "castling long with check",
            "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
            "e1c1",
        ),
        (
            "en passant (3.7.3.1)",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
            "e5d6",
        ),
        (
            "en passant, black",
            "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1",
            "d4e3",
        ),
        (
            "promotion to Queen",
            "8/1P5k/8/8/8/8/8/4K3 w - - 0 1",
            "b7b8q",
        ),
        (
            "promotion to Rook",
            "8/1P5k/8/8/8/8/8/4K3 w - - 0 1",
            "b7b8r",
        ),
        (
            "promotion to Bishop",
            "8/1P5k/8/8/8/8/8/4K3 w - - 0 1",
            "b7b8b",
        ),
        (
            "promotion to Knight",
            "8/1P5k/8/8/8/8/8/4K3 w - - 0 1",
            "b7b8n",
        ),
        (
            "promotion capturing, Queen",
            "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
            "b7a8q",
        ),
        (
            "promotion capturing, Rook",
            "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
            "b7a8r",
        ),
        (
            "promotion capturing, Bishop",
            "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
            "b7a8b",
        ),
        (
            "promotion capturing, Knight",
            "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
            "b7a8n",
        ),
        ("black promotes", "4k3/8/8/8/8/8/6p1/4K3 b - - 0 1", "g2g1q"),
        ("check (3.9)", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8"),
        (
            "checkmate (5.1.1)",
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            "a1a8",
        ),
        (
            "fool's mate",
            "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
            "d8h4",
        ),
        (
            "stalemate (5.2.1)",
            "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1",
            "g1g6",
        ),
        (
            "disambiguation by file",
            "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1",
            "b1d2",
        ),
        (
            "disambiguation by rank",
            "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1",
            "a1a3",
        ),
        (
            "disambiguation by square",
            "4k3/8/8/8/8/Q6Q/8/4K2Q w - - 0 1",
            "h3e3",
        ),
        (
            "capture by a piece",
            "4k3/8/8/8/8/5b2/8/4K1N1 w - - 0 1",
            "g1f3",
        ),
        ("king captures", "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1", "e1e2"),
    ];
    let speakers = [
        ("es", es()),
        ("en", en()),
        ("fide/es", fide_es()),
        ("fide/en", fide_en()),
        ("es, origin", es().with_origin(true)),
        ("en, origin", en().with_origin(true)),
    ];
    let mut out = String::new();
    for (name, fen, m) in cases {
        let p = pos(fen);
        let mv = uci(&p, m);
        out.push_str(&format!("## {name}: {m}\n"));
        for (label, s) in &speakers {
            let said = s.describe_move(&p, mv);
            assert!(
                !said
                    .chars()
                    .any(|c| c.is_ascii_digit() || "+#=()".contains(c)),
                "a digit or a symbol in {said:?}"
            );
            assert_eq!(s.read_move(&p, &said), Ok(mv), "{said}");
            out.push_str(&format!("{label}: {said}\n"));
        }
    }
    insta::assert_snapshot!("special_moves", out);
}

/// A complete real game, move by move, in each profile: App. D.2.1 announcements of a long
/// master game (Shirov–Carlsen, Bilbao 2010: castling, disambiguations, promotions none,
/// many checks) and of a lichess game that ends in mate.
#[test]
fn app_d_2_1_transcripts_of_real_games() {
    let Some((start, moves)) = real_game("bilbao_2010_shirov_carlsen.pgn", 0) else {
        return;
    };
    assert!(moves.len() > 140, "a long game: {} plies", moves.len());
    let game = play_all(start, &moves);
    for (name, s) in [("es", es()), ("en", en()), ("fide", fide_en())] {
        let text = transcript(&s, &game);
        assert_eq!(text.lines().count(), moves.len(), "one line per move");
        assert!(!text.chars().any(|c| c.is_ascii_digit()), "no digits");
        insta::assert_snapshot!(format!("transcript_shirov_carlsen_{name}"), text);
    }
}

/// The first game of the lichess file that ends in checkmate, said in full with its result.
#[test]
fn art_5_1_1_transcript_of_a_game_ending_in_mate() {
    let Some(path) = common::shared_data("pgn/real/lichess_db_2013-01_first32.pgn") else {
        return;
    };
    let text = common::read_text(&path);
    let game = pgn::read_str(&text)
        .filter_map(Result::ok)
        .map(|g| g.replay(Letters::English))
        .filter(|r| r.is_complete())
        .map(|r| {
            play_all(
                r.start,
                &r.moves.iter().map(|m| m.unwrap()).collect::<Vec<_>>(),
            )
        })
        .find(|g| g.position().is_checkmate())
        .expect("a mate in the file");
    for (name, s) in [("es", es()), ("en", en()), ("fide", fide_es())] {
        let t = transcript(&s, &game);
        let last = t.lines().last().unwrap();
        assert!(
            last.contains(s.lang.pick(
                "artículo cinco punto uno punto uno",
                "article five point one point one"
            )),
            "{last}"
        );
        insta::assert_snapshot!(format!("transcript_mate_{name}"), t);
    }
}

// --- Reading moves ---------------------------------------------------------------------------

/// Every way the issue names of typing a move, in the position they fit.
#[test]
fn app_d_2_1_moves_read_from_words_and_notation() {
    let start = Position::new();
    let nf3 = uci(&start, "g1f3");
    for text in [
        "caballo felix tres",
        "Caballo Félix tres",
        "CABALLO FÉLIX TRES",
        "Knight Felix three",
        "springer felix drei",
        "Springer Felix drei",
        "caballo gustavo uno felix tres",
        "Caballo Gustavo uno a Félix tres",
        "knight from gustav one to felix three",
        "caballo f3",
        "Cf3",
        "Nf3",
        "nf3",
        "Nf3+",
        "Ng1f3",
        "Ng1-f3",
        "g1f3",
        "G1F3",
    ] {
        for s in [es(), en(), fide_es()] {
            assert_eq!(
                s.read_move(&start, text),
                Ok(nf3),
                "{text} ({:?})",
                s.profile
            );
        }
    }
    let e4 = uci(&start, "e2e4");
    for text in [
        "peon eva cuatro",
        "peón Eva cuatro",
        "pawn Eva four",
        "Bauer Eva vier",
        "e4",
        "eva cuatro",
        "e2e4",
        "e2-e4",
    ] {
        assert_eq!(es().read_move(&start, text), Ok(e4), "{text}");
    }
    let castle = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let short = uci(&castle, "e1g1");
    let long = uci(&castle, "e1c1");
    for text in [
        "enroque corto",
        "Enroque Corto",
        "short castling",
        "castles short",
        "Kurze Rochade",
        "kurze rochade",
        "0-0",
        "O-O",
        "o-o",
    ] {
        assert_eq!(en().read_move(&castle, text), Ok(short), "{text}");
    }
    for text in [
        "enroque largo",
        "long castling",
        "lange Rochade",
        "0-0-0",
        "O-O-O",
    ] {
        assert_eq!(es().read_move(&castle, text), Ok(long), "{text}");
    }
    let p = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
    let exd5 = uci(&p, "e4d5");
    for text in [
        "peón Eva toma peón David cinco",
        "peon eva toma david cinco",
        "pawn takes David five",
        "peón toma David cinco",
        "pawn Eva x David five",
        "exd5",
        "e4xd5",
        "e:d5",
        "e4d5",
    ] {
        assert_eq!(es().read_move(&p, text), Ok(exd5), "{text}");
    }
    let promo = pos("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    for (text, m) in [
        ("peón Bella siete a Bella ocho, corona Dama", "b7b8q"),
        ("peon bella ocho corona caballo", "b7b8n"),
        ("pawn Bella eight promotes to Rook", "b7b8r"),
        ("b8=Q", "b7b8q"),
        ("b8D", "b7b8q"),
        ("b8=N", "b7b8n"),
        ("bxa8=Q", "b7a8q"),
        ("peón toma Torre Ana ocho corona Alfil", "b7a8b"),
        ("b7a8r", "b7a8r"),
        ("Bauer Bella acht Dame", "b7b8q"),
    ] {
        assert_eq!(es().read_move(&promo, text), Ok(uci(&promo, m)), "{text}");
    }
}

/// Art. 3.7.3.3: the promotion piece must be said; ambiguous and illegal texts get a spoken
/// reason quoting them and the legal moves that match.
#[test]
fn art_3_7_3_3_read_errors_say_why_and_list_the_moves() {
    let promo = pos("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let e = es().read_move(&promo, "peón Bella ocho").unwrap_err();
    assert_eq!(e.problem, ReadProblem::PromotionMissing);
    assert_eq!(e.moves.len(), 4);
    assert!(e.reason.contains("\"peón Bella ocho\""), "{}", e.reason);
    assert!(e.say(&es()).contains("corona Caballo"), "{}", e.say(&es()));
    let e = en().read_move(&promo, "b8").unwrap_err();
    assert_eq!(e.problem, ReadProblem::PromotionMissing);

    let knights = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    let e = es().read_move(&knights, "caballo David dos").unwrap_err();
    assert_eq!(e.problem, ReadProblem::Ambiguous);
    assert_eq!(
        e.say(&es()),
        "\"caballo David dos\" es ambigua: la dicen dos jugadas legales; diga también la casilla de salida. Puede ser: Caballo Bella a David dos o Caballo Félix a David dos."
    );
    let e = en().read_move(&knights, "Nd2").unwrap_err();
    assert_eq!(e.problem, ReadProblem::Ambiguous);
    assert_eq!(
        e.say(&en()),
        "\"Nd2\" is ambiguous: two legal moves fit; say the square it leaves too. It could be: Knight Bella to David two or Knight Felix to David two."
    );
    assert_eq!(
        es().read_move(&knights, "caballo bella david dos"),
        Ok(uci(&knights, "b1d2"))
    );

    let start = Position::new();
    let e = es().read_move(&start, "caballo Eva cinco").unwrap_err();
    assert_eq!(e.problem, ReadProblem::Illegal);
    assert!(
        e.reason
            .starts_with("\"caballo Eva cinco\" no es una jugada legal"),
        "{}",
        e.reason
    );
    assert_eq!(e.moves.len(), 4, "the knights' moves: {:?}", e.moves);
    let e = en().read_move(&start, "Nf5").unwrap_err();
    assert_eq!(e.problem, ReadProblem::Illegal);
    let e = en().read_move(&start, "e5").unwrap_err();
    assert_eq!(e.problem, ReadProblem::Illegal);
    let e = es().read_move(&start, "caballo volador").unwrap_err();
    assert_eq!(e.problem, ReadProblem::NotUnderstood);
    assert!(e.reason.contains("\"volador\""), "{}", e.reason);
    let e = en().read_move(&start, "   ").unwrap_err();
    assert_eq!(e.problem, ReadProblem::Empty);
    let e = en().read_move(&start, "short castling").unwrap_err();
    assert_eq!(e.problem, ReadProblem::Illegal);
    // Bad input never panics.
    for text in [
        "x",
        "=",
        "a",
        "toma",
        "corona",
        "eva",
        "1",
        "e9",
        "zz99",
        "Dama Dama Dama",
        "toma toma",
        "ä",
        "💥",
        "e8=K",
        "0-0-0-0",
        "--",
    ] {
        let _ = es().read_move(&start, text);
        let _ = en().read_move(&promo, text);
    }
}

fn positions_of_suites() -> Vec<Position> {
    let mut out = Vec::new();
    let mut fens: Vec<String> = Vec::new();
    let tricky = common::read_text(&common::fixture("perft/tricky_scalachess.perft"));
    fens.extend(
        tricky
            .lines()
            .filter_map(|l| l.strip_prefix("epd "))
            .map(str::to_string),
    );
    for (file, take) in [
        ("perft/perftsuite_shared.epd", usize::MAX),
        ("perft/perftsuite2_sedlak.epd", usize::MAX),
        ("perft/random_shared.perft", 150),
    ] {
        let Some(path) = common::shared_data(file) else {
            continue;
        };
        let text = common::read_text(&path);
        let lines = text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| {
                if let Some(epd) = l.strip_prefix("epd ") {
                    Some(epd.to_string())
                } else if l.starts_with("id ") || l.starts_with("perft ") {
                    None
                } else {
                    Some(l.split(';').next().unwrap_or("").trim().to_string())
                }
            })
            .take(take);
        fens.extend(lines);
    }
    for fen in fens {
        if let Ok(p) = Position::from_fen_lenient(&fen) {
            out.push(p);
        }
    }
    out
}

fn positions_of_games() -> Vec<Position> {
    let mut out = Vec::new();
    for (file, index) in [
        ("bilbao_2010_shirov_carlsen.pgn", 0),
        ("kasparov-deep-blue-1997.pgn", 5),
        ("nepomniachtchi-liren-game1.pgn", 0),
    ] {
        if let Some((start, moves)) = real_game(file, index) {
            let mut p = start;
            out.push(p);
            for mv in moves {
                p.play(mv).unwrap();
                out.push(p);
            }
        }
    }
    let lichess = common::read_text(&common::fixture("pgn/lichess_db_2013-01_first32.pgn"));
    for g in pgn::read_str(&lichess).filter_map(Result::ok).take(8) {
        let r = g.replay(Letters::English);
        out.extend(r.positions);
    }
    out
}

/// Describing every legal move and reading it back gives the same move, in every profile,
/// with and without the origin, and again in lower case without accents.
fn round_trip(positions: &[Position]) -> usize {
    let speakers = [
        es(),
        en(),
        fide_es(),
        fide_en(),
        es().with_origin(true),
        fide_en().with_origin(true),
    ];
    let mut n = 0;
    for p in positions {
        for mv in p.legal_moves().iter() {
            for s in &speakers {
                let said = s.describe_move(p, *mv);
                assert_eq!(s.read_move(p, &said), Ok(*mv), "{said:?} in {}", p.to_fen());
                let plain = normalize(&said);
                assert_eq!(
                    s.read_move(p, &plain),
                    Ok(*mv),
                    "{plain:?} in {}",
                    p.to_fen()
                );
                n += 1;
            }
            // Read by a speaker of another profile: the reader knows every profile's words.
            let said = es().describe_move(p, *mv);
            assert_eq!(
                en().read_move(p, &said),
                Ok(*mv),
                "{said:?} in {}",
                p.to_fen()
            );
        }
    }
    n
}

#[test]
fn app_d_round_trip_every_move_of_the_perft_suites() {
    let positions = positions_of_suites();
    assert!(positions.len() >= 20);
    let n = round_trip(&positions);
    assert!(n > 1000, "{n} moves read back");
}

#[test]
fn app_d_round_trip_every_move_of_real_games() {
    let positions = positions_of_games();
    assert!(positions.len() > 200);
    round_trip(&positions);
}

// --- Game events -----------------------------------------------------------------------------

/// The name of an event's kind; no wildcard, so a new kind fails to compile here until the
/// test covers it.
fn kind(e: &GameEvent) -> &'static str {
    match e {
        GameEvent::MovePlayed { .. } => "MovePlayed",
        GameEvent::Check { .. } => "Check",
        GameEvent::DrawOffered { .. } => "DrawOffered",
        GameEvent::DrawAccepted { .. } => "DrawAccepted",
        GameEvent::DrawDeclined { .. } => "DrawDeclined",
        GameEvent::DrawLapsed { .. } => "DrawLapsed",
        GameEvent::ClaimMade { .. } => "ClaimMade",
        GameEvent::ClaimUpheld { .. } => "ClaimUpheld",
        GameEvent::ClaimRejected { .. } => "ClaimRejected",
        GameEvent::PenaltyApplied { .. } => "PenaltyApplied",
        GameEvent::IllegalMoveRecorded { .. } => "IllegalMoveRecorded",
        GameEvent::IllegalMoveStands { .. } => "IllegalMoveStands",
        GameEvent::FlagFell { .. } => "FlagFell",
        GameEvent::Clock(c) => match c {
            ClockEvent::Started { .. } => "Clock.Started",
            ClockEvent::Pressed { .. } => "Clock.Pressed",
            ClockEvent::PeriodChanged { .. } => "Clock.PeriodChanged",
            ClockEvent::FlagFell { .. } => "Clock.FlagFell",
            ClockEvent::LowTime { .. } => "Clock.LowTime",
            ClockEvent::Paused { .. } => "Clock.Paused",
            ClockEvent::Resumed { .. } => "Clock.Resumed",
            ClockEvent::Stopped { .. } => "Clock.Stopped",
            ClockEvent::Adjusted { .. } => "Clock.Adjusted",
            ClockEvent::BonusChanged { .. } => "Clock.BonusChanged",
            ClockEvent::IncrementRequested { .. } => "Clock.IncrementRequested",
            ClockEvent::IncrementDecided { .. } => "Clock.IncrementDecided",
            ClockEvent::QuickplayClaimed { .. } => "Clock.QuickplayClaimed",
            ClockEvent::QuickplayRuled { .. } => "Clock.QuickplayRuled",
        },
        GameEvent::BothFlagsContinue { .. } => "BothFlagsContinue",
        GameEvent::UnwinnabilityOpen { .. } => "UnwinnabilityOpen",
        GameEvent::Touch(t) => match t {
            TouchEvent::Touched { .. } => "Touch.Touched",
            TouchEvent::Adjusted { .. } => "Touch.Adjusted",
            TouchEvent::PutBack { .. } => "Touch.PutBack",
            TouchEvent::KingReleased { .. } => "Touch.KingReleased",
            TouchEvent::PawnReleased { .. } => "Touch.PawnReleased",
            TouchEvent::PromotionPieceTouched { .. } => "Touch.PromotionPieceTouched",
            TouchEvent::Released { .. } => "Touch.Released",
            TouchEvent::Violation { .. } => "Touch.Violation",
            TouchEvent::Claimed { .. } => "Touch.Claimed",
            TouchEvent::ClaimLapsed { .. } => "Touch.ClaimLapsed",
        },
        GameEvent::Adjourn(a) => match a {
            AdjournEvent::Sealed { .. } => "Adjourn.Sealed",
            AdjournEvent::ReplierAbsent { .. } => "Adjourn.ReplierAbsent",
            AdjournEvent::ClocksSet { .. } => "Adjourn.ClocksSet",
            AdjournEvent::EnvelopeOpened { .. } => "Adjourn.EnvelopeOpened",
            AdjournEvent::OfferPending { .. } => "Adjourn.OfferPending",
            AdjournEvent::SealedMovePlayed { .. } => "Adjourn.SealedMovePlayed",
            AdjournEvent::SealedMoveDefective { .. } => "Adjourn.SealedMoveDefective",
            AdjournEvent::ArbiterDecided { .. } => "Adjourn.ArbiterDecided",
            AdjournEvent::ClockStarted { .. } => "Adjourn.ClockStarted",
            AdjournEvent::GameEnded { .. } => "Adjourn.GameEnded",
            AdjournEvent::Annulled { .. } => "Adjourn.Annulled",
            AdjournEvent::SessionEnded { .. } => "Adjourn.SessionEnded",
            AdjournEvent::TimeCorrected { .. } => "Adjourn.TimeCorrected",
            AdjournEvent::TimeNotCorrected { .. } => "Adjourn.TimeNotCorrected",
        },
        GameEvent::IllegalPositionObserved { .. } => "IllegalPositionObserved",
        GameEvent::IllegalPositionCleared { .. } => "IllegalPositionCleared",
        GameEvent::ArbiterDecision { .. } => "ArbiterDecision",
        GameEvent::ClockReconstructionOffered { .. } => "ClockReconstructionOffered",
        GameEvent::GameEnded { .. } => "GameEnded",
    }
}

/// The events said silently: the check is part of the move's words, the press is the move,
/// the clock's record of a fall is said by `FlagFell`, the stop by the result, the release
/// by the move.
const SILENT: &[&str] = &[
    "Check",
    "Clock.Pressed",
    "Clock.FlagFell",
    "Clock.Stopped",
    "Touch.Released",
];

fn sd(seconds: u32) -> TimeControl {
    TimeControl::sudden_death(seconds)
}

fn clocked(fen: &str, seconds: u32) -> Game {
    let mut g = Game::with_clock(pos(fen), sd(seconds), ClockOptions::default());
    g.start_clock(0).unwrap();
    g
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Games built with the laws layer, each showing some events.
fn scenario_games() -> Vec<(&'static str, Game)> {
    let mut out = Vec::new();

    // Offers (9.1.2), an illegal move with its penalty (7.5.5), an incorrect claim (9.5.3)
    // and low time.
    let mut g = clocked(START, 900);
    let e4 = uci(g.position(), "e2e4");
    g.play_at(e4, 5_000).unwrap();
    g.offer_draw(Color::White).unwrap();
    g.decline_draw(Color::Black).unwrap();
    let e5 = uci(g.position(), "e7e5");
    g.play_at(e5, 9_000).unwrap();
    g.illegal_move(Color::White, IllegalKind::Move, Discovery::BeforeNextMove)
        .unwrap();
    g.claim_draw(Color::White, None).unwrap();
    g.tick(860_000);
    let nf3 = uci(g.position(), "g1f3");
    g.play_at(nf3, 861_000).unwrap();
    g.offer_draw(Color::White).unwrap();
    let nc6 = uci(g.position(), "b8c6");
    g.play_at(nc6, 862_000).unwrap();
    out.push(("offers, illegal move, wrong claim, low time", g));

    // 6.9: the flag falls, but the opponent has a bare King: draw.
    let mut g = clocked("4k3/8/8/8/8/8/8/4KQ2 w - - 0 1", 60);
    g.tick(61_000);
    out.push(("flag fall drawn by 6.9", g));

    // 6.9: the flag falls and loses.
    let mut g = clocked(START, 60);
    let e4 = uci(g.position(), "e2e4");
    g.play_at(e4, 1_000).unwrap();
    g.tick(70_000);
    out.push(("flag fall loses", g));

    // 9.2.2: threefold repetition claimed and upheld.
    let mut g = Game::new(Position::new());
    for _ in 0..2 {
        for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            let mv = uci(g.position(), m);
            g.play(mv).unwrap();
        }
    }
    g.claim_draw(Color::White, None).unwrap();
    out.push(("threefold claim upheld", g));

    // 9.2.1: the claim with the written move.
    let mut g = Game::new(Position::new());
    for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        let mv = uci(g.position(), m);
        g.play(mv).unwrap();
    }
    let mv = uci(g.position(), "f6g8");
    g.claim_draw(Color::Black, Some(mv)).unwrap();
    out.push(("threefold claim with the written move", g));

    // 5.1.2 resignation, 5.2.3 agreement.
    let mut g = Game::new(Position::new());
    g.play(uci(&Position::new(), "e2e4")).unwrap();
    g.resign(Color::Black).unwrap();
    out.push(("resignation", g));
    let mut g = Game::new(Position::new());
    g.play(uci(&Position::new(), "e2e4")).unwrap();
    let e5 = uci(g.position(), "e7e5");
    g.play(e5).unwrap();
    g.offer_draw(Color::Black).unwrap();
    g.accept_draw(Color::White).unwrap();
    out.push(("agreement", g));

    // 7.5.5: the second illegal move loses.
    let mut g = Game::new(Position::new());
    g.illegal_move(
        Color::White,
        IllegalKind::ClockWithoutMove,
        Discovery::BeforeNextMove,
    )
    .unwrap();
    g.illegal_move(
        Color::White,
        IllegalKind::TwoHands,
        Discovery::BeforeNextMove,
    )
    .unwrap();
    out.push(("second illegal move", g));

    // A.5.2: unsupervised rapid, an illegal move seen too late stands.
    let mut g = clocked(START, 1_500);
    g.set_supervision(Supervision::Inadequate);
    g.illegal_move(Color::White, IllegalKind::Move, Discovery::Later)
        .unwrap();
    out.push(("illegal move stands", g));

    // 5.1.1 mate, 5.2.1 stalemate.
    let mut g = Game::new(Position::new());
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        let mv = uci(g.position(), m);
        g.play(mv).unwrap();
    }
    out.push(("checkmate", g));
    let mut g = Game::new(pos("7k/8/5K2/8/8/8/8/6Q1 w - - 0 1"));
    let mv = uci(g.position(), "g1g6");
    g.play(mv).unwrap();
    out.push(("stalemate", g));

    // 7.1 and 12.9: the arbiter.
    let mut g = clocked(START, 900);
    let e4 = uci(g.position(), "e2e4");
    g.play_at(e4, 3_000).unwrap();
    let e5 = uci(g.position(), "e7e5");
    g.play_at(e5, 8_000).unwrap();
    g.arbiter(ArbiterAction::Penalty {
        to: Color::Black,
        penalty: ArbiterPenalty::Warning,
    })
    .unwrap();
    g.arbiter(ArbiterAction::PositionRestored { ply: 1 })
        .unwrap();
    g.arbiter(ArbiterAction::Penalty {
        to: Color::White,
        penalty: ArbiterPenalty::Loss,
    })
    .unwrap();
    out.push(("arbiter", g));

    // Art. 4 through the touch-move state: the Knight touched, then moved.
    let mut g = Game::new(Position::new());
    let mut touch = TouchState::new(g.position());
    let touched = touch.touch(Square::G1).expect("touch");
    g.record_touch(&touched.events).unwrap();
    let released = touch.release(Square::F3).expect("release");
    g.record_touch(&released.events).unwrap();
    g.play(released.made.expect("made")).unwrap();
    out.push(("touch-move", g));

    // Guidelines I: the game adjourned, the move sealed, the envelope opened.
    let mut g = clocked(START, 7_200);
    for (m, at) in [("e2e4", 60_000), ("e7e5", 120_000)] {
        let mv = uci(g.position(), m);
        g.play_at(mv, at).unwrap();
    }
    let mut adjournment = Adjournment::of_game(&g);
    adjournment.white = "Ana".to_string();
    adjournment.black = "Bruno".to_string();
    let mut draft = SealDraft::new(adjournment).expect("draft");
    draft.write("Nf3", Letters::English).expect("written");
    let envelope = draft.seal().expect("sealed");
    g.record_adjournment(&envelope.sealing_events());
    let opened = adjourn::open(envelope, true).expect("opened");
    g.record_adjournment(opened.events());
    out.push(("adjournment", g));
    out
}

/// Events that the game layer makes only in situations long to set up, built directly so
/// that every kind has its words.
fn built_events() -> Vec<GameEvent> {
    let white_knight = Piece::new(Color::White, Role::Knight);
    let p = Position::new();
    let nf3 = uci(&p, "g1f3");
    let mut out = vec![
        GameEvent::BothFlagsContinue {
            article: Article("III.3.1"),
        },
        GameEvent::UnwinnabilityOpen {
            ply: 30,
            side: None,
        },
        GameEvent::UnwinnabilityOpen {
            ply: 31,
            side: Some(Color::Black),
        },
        GameEvent::ClockReconstructionOffered {
            white_used_ms: 3_723_000,
            black_used_ms: 61_000,
        },
        GameEvent::IllegalPositionObserved {
            conditions: vec![
                IllegalPosition::BothKingsInCheck,
                IllegalPosition::PawnOnLastRank {
                    color: Color::White,
                    square: Square::E8,
                },
            ],
            fen: "4P3/8/8/8/8/8/8/8 w - - 0 1".to_string(),
            after_next_move: false,
            article: Article("A.5.4"),
        },
        GameEvent::IllegalPositionObserved {
            conditions: vec![IllegalPosition::BothKingsInCheck],
            fen: String::new(),
            after_next_move: true,
            article: Article("A.5.4"),
        },
        GameEvent::IllegalPositionCleared {
            fen: String::new(),
            article: Article("A.5.4"),
        },
    ];
    let clock = [
        ClockEvent::Started {
            at: 0,
            running: None,
        },
        ClockEvent::PeriodChanged {
            color: Color::White,
            period: 2,
            added_ms: 30 * 60_000,
        },
        ClockEvent::LowTime {
            color: Color::Black,
            at: 5,
            remaining_ms: 59_900,
        },
        ClockEvent::Paused {
            at: 7,
            running: Some(Color::White),
        },
        ClockEvent::Resumed {
            at: 9,
            running: Some(Color::White),
        },
        ClockEvent::Resumed {
            at: 9,
            running: None,
        },
        ClockEvent::Adjusted {
            color: Color::Black,
            at: 10,
            remaining_ms: 300_000,
            moves: 20,
        },
        ClockEvent::BonusChanged {
            at: 11,
            bonus: Bonus::increment(5),
        },
        ClockEvent::BonusChanged {
            at: 11,
            bonus: Bonus::delay(5),
        },
        ClockEvent::IncrementRequested {
            by: Color::White,
            at: 12,
        },
        ClockEvent::IncrementDecided {
            by: Color::White,
            at: 13,
            granted: true,
        },
        ClockEvent::IncrementDecided {
            by: Color::Black,
            at: 13,
            granted: false,
        },
        ClockEvent::QuickplayClaimed {
            by: Color::Black,
            at: 14,
            ground: QuickplayGround::CannotWinByNormalMeans,
        },
        ClockEvent::QuickplayClaimed {
            by: Color::Black,
            at: 14,
            ground: QuickplayGround::NoEffortToWin,
        },
        ClockEvent::QuickplayClaimed {
            by: Color::White,
            at: 14,
            ground: QuickplayGround::Both,
        },
        ClockEvent::QuickplayRuled {
            by: Color::Black,
            at: 15,
            ruling: QuickplayRuling::Grant,
        },
        ClockEvent::QuickplayRuled {
            by: Color::Black,
            at: 15,
            ruling: QuickplayRuling::Postpone {
                opponent_award: true,
            },
        },
        ClockEvent::QuickplayRuled {
            by: Color::Black,
            at: 15,
            ruling: QuickplayRuling::Reject,
        },
        ClockEvent::Stopped { at: 16 },
    ];
    out.extend(clock.into_iter().map(GameEvent::Clock));
    let binds = |kind: BindingKind, article: Article| Binding { kind, article };
    let touch = vec![
        TouchEvent::Touched {
            square: Square::G1,
            piece: white_knight,
            binds: binds(
                BindingKind::MovePiece { square: Square::G1 },
                Article("4.3.1"),
            ),
        },
        TouchEvent::Touched {
            square: Square::E1,
            piece: Piece::new(Color::White, Role::King),
            binds: binds(BindingKind::KingMove, Article("4.4.3")),
        },
        TouchEvent::Touched {
            square: Square::D5,
            piece: Piece::new(Color::Black, Role::Pawn),
            binds: binds(
                BindingKind::CaptureWith {
                    piece: Square::E4,
                    target: Square::D5,
                },
                Article("4.3.3"),
            ),
        },
        TouchEvent::Touched {
            square: Square::H1,
            piece: Piece::new(Color::White, Role::Rook),
            binds: binds(
                BindingKind::Castle {
                    side: CastleSide::King,
                },
                Article("4.4.1"),
            ),
        },
        TouchEvent::Touched {
            square: Square::A8,
            piece: Piece::new(Color::Black, Role::Rook),
            binds: binds(
                BindingKind::CapturePiece { square: Square::A8 },
                Article("4.3.2"),
            ),
        },
        TouchEvent::Touched {
            square: Square::H5,
            piece: Piece::new(Color::White, Role::Queen),
            binds: binds(BindingKind::AnyMove, Article("4.5")),
        },
        TouchEvent::Adjusted {
            by: Color::White,
            square: Square::B1,
            piece: Piece::new(Color::White, Role::Knight),
        },
        TouchEvent::PutBack {
            square: Square::G1,
            piece: white_knight,
        },
        TouchEvent::KingReleased {
            side: CastleSide::Queen,
        },
        TouchEvent::PawnReleased {
            from: Square::D7,
            to: Square::D8,
        },
        TouchEvent::PromotionPieceTouched {
            square: Square::D8,
            role: Role::Knight,
        },
        TouchEvent::Released { mv: nf3 },
        TouchEvent::Violation {
            by: Color::Black,
            article: Article("4.2.1"),
            text: "adjusted without saying so".to_string(),
        },
        TouchEvent::Claimed {
            by: Color::White,
            count: 1,
        },
        TouchEvent::ClaimLapsed {
            by: Color::White,
            count: 2,
        },
    ];
    out.extend(touch.into_iter().map(GameEvent::Touch));
    let adjourn = vec![
        AdjournEvent::Sealed {
            sealer: Color::White,
            move_number: 41,
            reply: false,
        },
        AdjournEvent::Sealed {
            sealer: Color::Black,
            move_number: 41,
            reply: true,
        },
        AdjournEvent::ReplierAbsent {
            replier: Color::Black,
        },
        AdjournEvent::ClocksSet {
            fen: START.to_string(),
            white_used_ms: 2 * 3_600_000 + 5 * 60_000,
            black_used_ms: 3_600_000 + 59 * 60_000 + 1_000,
            article: Article("I.5"),
        },
        AdjournEvent::EnvelopeOpened {
            replier: Color::Black,
        },
        AdjournEvent::OfferPending { by: Color::White },
        AdjournEvent::SealedMovePlayed {
            mv: nf3,
            san: "Nf3".to_string(),
        },
        AdjournEvent::SealedMoveDefective {
            text: "Nd2".to_string(),
            reading: SealedReading::Ambiguous { candidates: vec![] },
        },
        AdjournEvent::SealedMoveDefective {
            text: "Kz9".to_string(),
            reading: SealedReading::Unclear {
                problem: "no square".to_string(),
            },
        },
        AdjournEvent::SealedMoveDefective {
            text: "Qh5".to_string(),
            reading: SealedReading::Illegal {
                problem: "not legal".to_string(),
            },
        },
        AdjournEvent::ArbiterDecided {
            decision: Decision {
                ruling: Ruling::IntentionEvident(nf3),
                played: Some(nf3),
                result: None,
                article: Article("I.8"),
                reason: String::new(),
            },
        },
        AdjournEvent::ArbiterDecided {
            decision: Decision {
                ruling: Ruling::Loses,
                played: None,
                result: Some(GameResult::BlackWins),
                article: Article("I.8"),
                reason: String::new(),
            },
        },
        AdjournEvent::ArbiterDecided {
            decision: Decision {
                ruling: Ruling::AlreadyDecided {
                    result: GameResult::Draw,
                    article: Article("6.9"),
                },
                played: None,
                result: Some(GameResult::Draw),
                article: Article("6.9"),
                reason: String::new(),
            },
        },
        AdjournEvent::ClockStarted {
            color: Color::Black,
            article: Article("I.9"),
        },
        AdjournEvent::GameEnded {
            result: GameResult::WhiteWins,
            article: Article("I.10"),
            reason: "absent".to_string(),
        },
        AdjournEvent::Annulled {
            reason: "lost".to_string(),
        },
        AdjournEvent::SessionEnded {
            at: 5 * 3_600_000,
            sealer: Color::Black,
        },
        AdjournEvent::TimeCorrected {
            by: Color::White,
            clock_of: Color::White,
            recorded_used_ms: 60_000,
            used_ms: 90_000,
        },
        AdjournEvent::TimeNotCorrected {
            by: Color::Black,
            clock_of: Color::White,
        },
    ];
    out.extend(adjourn.into_iter().map(GameEvent::Adjourn));
    let actions = [
        ArbiterAction::NewGameWrongInitialPosition,
        ArbiterAction::ContinueOnCorrectBoard,
        ArbiterAction::ColoursReversed { restart: true },
        ArbiterAction::ColoursReversed { restart: false },
        ArbiterAction::DisplacedPiecesRestored,
        ArbiterAction::ClocksSet {
            white_ms: 600_000,
            black_ms: 9_500,
        },
        ArbiterAction::Penalty {
            to: Color::Black,
            penalty: ArbiterPenalty::TimeToOpponent { seconds: 120 },
        },
        ArbiterAction::Penalty {
            to: Color::Black,
            penalty: ArbiterPenalty::TimeFromOffender { seconds: 60 },
        },
        ArbiterAction::Penalty {
            to: Color::White,
            penalty: ArbiterPenalty::OpponentScoreToMaximum,
        },
        ArbiterAction::Penalty {
            to: Color::White,
            penalty: ArbiterPenalty::OffenderScoreReduced,
        },
        ArbiterAction::Penalty {
            to: Color::White,
            penalty: ArbiterPenalty::Fine,
        },
        ArbiterAction::Penalty {
            to: Color::White,
            penalty: ArbiterPenalty::ExclusionFromRounds,
        },
        ArbiterAction::Penalty {
            to: Color::White,
            penalty: ArbiterPenalty::Expulsion,
        },
    ];
    out.extend(
        actions
            .into_iter()
            .map(|action| GameEvent::ArbiterDecision {
                action,
                article: action.article(),
            }),
    );
    out
}

/// Every `GameEvent` kind (and every clock, touch and adjournment event inside them) has
/// its words in both languages, with its article in words and no digit; the silent ones are
/// only those already said another way.
#[test]
fn art_9_6_9_7_5_every_game_event_in_words() {
    let games = scenario_games();
    let built = built_events();
    let context = Game::new(Position::new());
    let mut seen: BTreeSet<&'static str> = BTreeSet::new();
    for (lang_name, s) in [("es", es()), ("en", en()), ("fide", fide_en())] {
        let mut out = String::new();
        for (name, game) in &games {
            out.push_str(&format!("## {name}\n"));
            for e in game.events() {
                seen.insert(kind(e));
                match s.event(e, game) {
                    Some(line) => {
                        assert!(!SILENT.contains(&kind(e)), "{} said: {line}", kind(e));
                        assert!(!line.chars().any(|c| c.is_ascii_digit()), "{line}");
                        out.push_str(&line);
                        out.push('\n');
                    }
                    None => assert!(SILENT.contains(&kind(e)), "{} is silent", kind(e)),
                }
            }
        }
        out.push_str("## built\n");
        for e in &built {
            seen.insert(kind(e));
            if let Some(line) = s.event(e, &context) {
                assert!(!line.chars().any(|c| c.is_ascii_digit()), "{line}");
                if let Some(a) = e.article() {
                    assert!(line.contains(&s.article(a)), "{line} lacks {a}");
                }
                out.push_str(&line);
                out.push('\n');
            } else {
                assert!(SILENT.contains(&kind(e)), "{} is silent", kind(e));
            }
        }
        insta::assert_snapshot!(format!("events_{lang_name}"), out);
    }
    // One of each kind.
    let all = [
        "MovePlayed",
        "Check",
        "DrawOffered",
        "DrawAccepted",
        "DrawDeclined",
        "DrawLapsed",
        "ClaimMade",
        "ClaimUpheld",
        "ClaimRejected",
        "PenaltyApplied",
        "IllegalMoveRecorded",
        "IllegalMoveStands",
        "FlagFell",
        "Clock.Started",
        "Clock.Pressed",
        "Clock.PeriodChanged",
        "Clock.FlagFell",
        "Clock.LowTime",
        "Clock.Paused",
        "Clock.Resumed",
        "Clock.Stopped",
        "Clock.Adjusted",
        "Clock.BonusChanged",
        "Clock.IncrementRequested",
        "Clock.IncrementDecided",
        "Clock.QuickplayClaimed",
        "Clock.QuickplayRuled",
        "BothFlagsContinue",
        "UnwinnabilityOpen",
        "Touch.Touched",
        "Touch.Adjusted",
        "Touch.PutBack",
        "Touch.KingReleased",
        "Touch.PawnReleased",
        "Touch.PromotionPieceTouched",
        "Touch.Released",
        "Touch.Violation",
        "Touch.Claimed",
        "Touch.ClaimLapsed",
        "Adjourn.Sealed",
        "Adjourn.ReplierAbsent",
        "Adjourn.ClocksSet",
        "Adjourn.EnvelopeOpened",
        "Adjourn.OfferPending",
        "Adjourn.SealedMovePlayed",
        "Adjourn.SealedMoveDefective",
        "Adjourn.ArbiterDecided",
        "Adjourn.ClockStarted",
        "Adjourn.GameEnded",
        "Adjourn.Annulled",
        "Adjourn.SessionEnded",
        "Adjourn.TimeCorrected",
        "Adjourn.TimeNotCorrected",
        "IllegalPositionObserved",
        "IllegalPositionCleared",
        "ArbiterDecision",
        "ClockReconstructionOffered",
        "GameEnded",
    ];
    let missing: Vec<&&str> = all.iter().filter(|k| !seen.contains(*k)).collect();
    assert!(missing.is_empty(), "kinds not shown: {missing:?}");
}

/// 6.9 with 5.2.2's test: the flag falls but the opponent cannot mate — the words say draw
/// and the article.
#[test]
fn art_6_9_flag_fall_drawn_said_with_article() {
    let mut g = clocked("4k3/8/8/8/8/8/8/4KQ2 w - - 0 1", 60);
    g.tick(61_000);
    let t = transcript(&es(), &g);
    assert!(
        t.contains("Cae la bandera de blancas, artículo seis punto nueve."),
        "{t}"
    );
    assert!(
        t.ends_with("Fin de la partida. Cayó la bandera, pero el rival no puede dar mate con ninguna serie de jugadas legales: tablas, artículo seis punto nueve."),
        "{t}"
    );
}

/// App. D.2.6: low-time warnings in words at the line mode's thresholds.
#[test]
fn app_d_2_6_low_time_warnings() {
    let cases = [
        (
            120_000,
            "Quedan dos minutos a blancas.",
            "White has two minutes left.",
        ),
        (
            60_000,
            "Queda un minuto a blancas.",
            "White has one minute left.",
        ),
        (
            30_000,
            "Quedan treinta segundos a blancas.",
            "White has thirty seconds left.",
        ),
        (
            10_000,
            "Quedan diez segundos a blancas.",
            "White has ten seconds left.",
        ),
        (
            9_500,
            "Quedan nueve coma cinco segundos a blancas.",
            "White has nine point five seconds left.",
        ),
        (
            1_000,
            "Queda un segundo a blancas.",
            "White has one second left.",
        ),
        (
            3_600_000,
            "Queda una hora a blancas.",
            "White has one hour left.",
        ),
        (
            61_000,
            "Quedan un minuto y un segundo a blancas.",
            "White has one minute and one second left.",
        ),
    ];
    for (ms, want_es, want_en) in cases {
        assert_eq!(es().low_time(Color::White, ms), want_es);
        assert_eq!(en().low_time(Color::White, ms), want_en);
    }
}

#[test]
fn art_articles_in_words() {
    use escaque::speech::article_words;
    let cases = [
        ("9.2", "artículo nueve punto dos", "article nine point two"),
        (
            "5.1.1",
            "artículo cinco punto uno punto uno",
            "article five point one point one",
        ),
        (
            "12.9.6",
            "artículo doce punto nueve punto seis",
            "article twelve point nine point six",
        ),
        (
            "A.5.2",
            "apéndice A, artículo cinco punto dos",
            "appendix A, article five point two",
        ),
        (
            "III.4",
            "directrices tres, artículo cuatro",
            "guidelines three, article four",
        ),
        (
            "I.8",
            "directrices uno, artículo ocho",
            "guidelines one, article eight",
        ),
        ("Glossary", "el glosario", "the Glossary"),
    ];
    for (a, want_es, want_en) in cases {
        assert_eq!(article_words(Article(a), Lang::Es), want_es);
        assert_eq!(article_words(Article(a), Lang::En), want_en);
    }
}

// --- Queries ---------------------------------------------------------------------------------

/// App. D.2.10.4 ("on request": the moves completed and the time used) and lichess's blind
/// mode: every question, in both languages, on a clocked game in its middle.
#[test]
fn app_d_2_10_4_queries_answered_in_words() {
    let tc = TimeControl::from_pgn("40/5400:1800").expect("40/90 + 30");
    let mut g = Game::with_clock(Position::new(), tc, ClockOptions::default());
    g.start_clock(0).unwrap();
    let mut now = 0;
    for m in [
        "e2e4", "c7c5", "g1f3", "d7d6", "d2d4", "c5d4", "f3d4", "g8f6", "b1c3", "a7a6", "c1e3",
        "e7e5", "d4b3", "c8e6", "f2f3", "f8e7", "d1d2", "e8g8",
    ] {
        now += 37_000;
        let mv = uci(g.position(), m);
        g.play_at(mv, now).unwrap();
    }
    g.offer_draw(Color::Black).unwrap();
    g.decline_draw(Color::White).unwrap();
    now += 1_500;
    let p = *g.position();
    let mut out = String::new();
    for (name, s) in [("es", es()), ("en", en()), ("fide", fide_es())] {
        out.push_str(&format!("## {name}\n"));
        let lines = [
            s.clocks(&g, now),
            s.move_count(&g),
            s.last_move(&g),
            s.pieces(&p, Color::White, None),
            s.pieces(&p, Color::Black, None),
            s.pieces(&p, Color::White, Some(Role::Knight)),
            s.pieces(&p, Color::Black, Some(Role::Queen)),
            s.pieces(&p, Color::White, Some(Role::Pawn)),
            s.square_contents(&p, Square::E4),
            s.square_contents(&p, Square::D4),
            s.square_contents(&p, Square::G8),
            s.scan(&p, Line::File(File::E)),
            s.scan(&p, Line::Rank(Rank::Third)),
            s.scan(&p, Line::File(File::H)),
            s.piece_moves(&p, Square::G1),
            s.piece_moves(&p, Square::E1),
            s.piece_moves(&p, Square::F3),
            s.piece_moves(&p, Square::D5),
            s.piece_moves(&p, Square::E6),
            s.material(&p),
            s.scoresheet(&g),
            s.position_words(&p),
        ];
        for l in lines {
            assert!(!l.chars().any(|c| c.is_ascii_digit()), "{l}");
            out.push_str(&l);
            out.push('\n');
        }
    }
    insta::assert_snapshot!("queries", out);
}

#[test]
fn app_d_2_10_4_clock_and_count_exact() {
    let mut g = clocked(START, 300);
    let e4 = uci(g.position(), "e2e4");
    g.play_at(e4, 30_000).unwrap();
    assert_eq!(
        es().clocks(&g, 40_000),
        "Blancas: cuatro minutos y treinta segundos. Negras: cuatro minutos y cincuenta segundos. Juegan negras."
    );
    assert_eq!(
        en().clocks(&g, 40_000),
        "White: four minutes and thirty seconds. Black: four minutes and fifty seconds. Black to move."
    );
    assert_eq!(
        es().move_count(&g),
        "Jugadas completadas: blancas una, negras cero. Juegan negras su jugada uno."
    );
    assert_eq!(
        en().last_move(&g),
        "Last move: move one, White: pawn Eva four."
    );
    let untimed = Game::new(Position::new());
    assert_eq!(
        es().clocks(&untimed, 0),
        "Partida sin reloj. Juegan blancas."
    );
    assert_eq!(en().last_move(&untimed), "No move has been played yet.");
    // Material after winning a Knight for a pawn.
    let p = pos("4k3/8/8/8/8/8/4P3/4K1N1 w - - 0 1");
    assert_eq!(
        es().material(&p),
        "Blancas cuatro puntos: un Caballo y un peón. Negras cero puntos: solo el Rey. Blancas tienen cuatro puntos más."
    );
}

/// App. D.2.6: a warning fires the instant the time goes under its mark; it names the mark
/// (rounded up to the second, to the tenth under ten seconds), not a second less.
#[test]
fn app_d_2_6_low_time_said_rounded_up_to_the_mark() {
    let en = Speaker::new(Profile::En, Lang::En);
    assert_eq!(
        en.low_time(Color::White, 57_999),
        "White has fifty-eight seconds left."
    );
    assert_eq!(
        en.low_time(Color::Black, 59_999),
        "Black has one minute left."
    );
    assert_eq!(
        en.low_time(Color::White, 9_999),
        "White has ten seconds left."
    );
    assert_eq!(
        en.low_time(Color::White, 4_201),
        "White has four point three seconds left."
    );
}

/// Art. 3.7.3.3 on a screen and in speech: a promotion without its piece is refused with
/// the article written `Art. 3.7.3.3` on the full screen (a written speaker) and said in
/// words in the line mode.
#[test]
fn art_3_7_3_3_promotion_without_a_piece_written_on_screen_spoken_in_the_line_mode() {
    let pos = Position::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let spoken = Speaker::new(Profile::En, Lang::En);
    let e = spoken.read_move(&pos, "b8").unwrap_err();
    assert!(
        e.reason
            .contains("article three point seven point three point three"),
        "{}",
        e.reason
    );
    let written = spoken.written(Some(escaque::core::Notation::ENGLISH));
    let e = written.read_move(&pos, "b8").unwrap_err();
    assert!(e.reason.contains("Art. 3.7.3.3"), "{}", e.reason);
    assert!(!e.reason.contains("point"), "{}", e.reason);
}
