//! The PGN module: reading real and malformed files, replay, writing, round trips,
//! conversion between notations, errors with their places, and robustness.

mod common;

use std::io::BufReader;
use std::path::{Path, PathBuf};

use escaque::core::{Letters, Notation, Position};
use escaque::laws::pgn::{
    self, Eval, MoveNode, MoveText, PgnError, PgnErrorKind, PgnGame, ReadOptions, Reader,
    StartError, WriteOptions, convert, read_str, write_game,
};

// ---------------------------------------------------------------------------------------
// Helpers

/// Every result of reading a file.
fn read_file(path: &Path) -> Vec<Result<PgnGame, PgnError>> {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Reader::new(BufReader::new(file)).collect()
}

fn games_of(path: &Path) -> Vec<PgnGame> {
    read_file(path)
        .into_iter()
        .map(|r| r.unwrap_or_else(|e| panic!("{}: {e}", path.display())))
        .collect()
}

fn read_all(text: &str) -> Vec<Result<PgnGame, PgnError>> {
    read_str(text).collect()
}

fn one(text: &str) -> PgnGame {
    let mut all = read_all(text);
    assert_eq!(all.len(), 1, "expected one game in {text:?}: {all:?}");
    all.remove(0).unwrap_or_else(|e| panic!("{e}"))
}

fn clear_places(line: &mut [MoveNode]) {
    for n in line {
        n.set_line_column(0, 0);
        for v in n.variations_mut() {
            clear_places(v);
        }
    }
}

/// A game's content, without where it stood in its file.
fn content(g: &PgnGame) -> PgnGame {
    let mut g = g.clone();
    g.index = 0;
    g.line = 0;
    clear_places(&mut g.moves);
    g
}

/// Read → write → read gives the same game: same moves, comments, NAGs, variations, clock
/// data and tags (the writer adds the missing Seven Tag Roster tags and may add the result
/// marker), and writing it again gives the same text.
fn assert_round_trip(g: &PgnGame, opts: &WriteOptions, what: &str) {
    let text = write_game(g, opts);
    let again = read_all(&text);
    assert_eq!(again.len(), 1, "{what}: game {} wrote\n{text}", g.index);
    let g2 = match &again[0] {
        Ok(g2) => g2,
        Err(e) => panic!(
            "{what}: game {} wrote text that reads as {e}:\n{text}",
            g.index
        ),
    };
    let (a, b) = (content(g), content(g2));
    assert_eq!(a.moves, b.moves, "{what}: game {} moves\n{text}", g.index);
    assert_eq!(
        a.comment_before, b.comment_before,
        "{what}: game {}",
        g.index
    );
    if a.result.is_some() {
        assert_eq!(a.result, b.result, "{what}: game {}", g.index);
    }
    for t in &a.tags {
        assert!(
            b.tags.contains(t),
            "{what}: game {} lost tag {t:?}",
            g.index
        );
    }
    assert_eq!(
        write_game(g2, opts),
        text,
        "{what}: game {} writes differently the second time",
        g.index
    );
}

fn all_pgn_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let p = entry.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "pgn") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The SAN tokens of a line and its variations, depth first.
fn tokens(line: &[MoveNode], out: &mut Vec<String>) {
    for n in line {
        out.push(n.san.to_string());
        for v in n.variations() {
            tokens(v, out);
        }
    }
}

fn all_tokens(games: &[PgnGame]) -> Vec<Vec<String>> {
    games
        .iter()
        .map(|g| {
            let mut t = Vec::new();
            tokens(&g.moves, &mut t);
            t
        })
        .collect()
}

/// Text with its whitespace collapsed (line breaks of the wrapping ignored).
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn sans(g: &PgnGame) -> Vec<&str> {
    g.moves.iter().map(|m| m.san.as_str()).collect()
}

// ---------------------------------------------------------------------------------------
// Reading: the self-contained basics

#[test]
fn tags_moves_comments_nags_variations_and_result() {
    let g = one(concat!(
        "[Event \"Casual \\\"blitz\\\"\"]\n",
        "[White \"Ana\"]\n[Black \"Bea\"]\n[Result \"1-0\"]\n\n",
        "{Before} 1. e4!? e5 2.Nf3 $1 {good} ; rest of line\n",
        "2...Nc6 (2... d6 {Philidor} 3. d4 (3. Bc4)) 3. Bb5 a6?! 1-0\n",
    ));
    assert_eq!(g.index, 1);
    assert_eq!(g.line, 1);
    assert_eq!(g.tag("Event"), Some("Casual \"blitz\""));
    assert_eq!((g.white(), g.black()), (Some("Ana"), Some("Bea")));
    assert_eq!(g.comment_before, ["Before"]);
    assert_eq!(sans(&g), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    assert_eq!(g.moves[0].nags(), [5]);
    assert_eq!(g.moves[2].nags(), [1]);
    assert_eq!(g.moves[2].comments(), ["good", "rest of line"]);
    assert_eq!(g.moves[5].nags(), [6]);
    let var = &g.moves[3].variations();
    assert_eq!(var.len(), 1);
    assert_eq!(var[0][0].san, "d6");
    assert_eq!(var[0][0].comments(), ["Philidor"]);
    assert_eq!(var[0][1].variations()[0][0].san, "Bc4");
    assert_eq!(g.result.as_deref(), Some("1-0"));
    // Places: "2.Nf3" is on line 6 at column 21, the move itself at 23.
    assert_eq!((g.moves[2].line(), g.moves[2].column()), (6, 23));
    assert_eq!((g.moves[3].line(), g.moves[3].column()), (7, 5));
}

#[test]
fn comment_commands_become_data() {
    let g = one(concat!(
        "1. e4 { [%eval 0.34] [%clk 1:23:45.6] } 1... e5 {[%emt 0:00:05] [%eval #-3] ok}\n",
        "2. Nf3 { [%draw offer] [%csl Gd4] } (=) *\n",
    ));
    let (e4, e5, nf3) = (&g.moves[0], &g.moves[1], &g.moves[2]);
    assert_eq!(e4.eval(), Some(Eval::Centipawns(34)));
    assert_eq!(e4.clock_ms(), Some(5_025_600));
    assert!(
        e4.comments().is_empty(),
        "a comment of commands only is not kept"
    );
    assert_eq!(e5.emt_ms(), Some(5_000));
    assert_eq!(e5.eval(), Some(Eval::Mate(-3)));
    assert_eq!(e5.comments(), ["ok"]);
    assert!(nf3.draw_offer);
    assert_eq!(
        nf3.comments(),
        ["[%csl Gd4]"],
        "unknown commands stay in the text"
    );

    let text = flat(&write_game(&g, &WriteOptions::default()));
    assert!(
        text.contains("1. e4 { [%eval 0.34] [%clk 1:23:45.6] } 1... e5"),
        "{text}"
    );
    assert!(text.contains("{ [%eval #-3] [%emt 0:00:05] ok }"), "{text}");
    assert!(
        text.contains("2. Nf3 { [%draw offer] [%csl Gd4] } *"),
        "{text}"
    );
    assert_round_trip(&g, &WriteOptions::default(), "commands");
}

#[test]
fn null_moves_are_kept_and_replayed() {
    let g = one("1. e4 -- 2. d4 Z0 3. c4 e5 *");
    assert_eq!(g.null_moves().len(), 2);
    assert!(g.moves[1].null && g.moves[3].null && !g.moves[0].null);
    let r = g.replay(Letters::English);
    assert!(r.is_complete(), "{:?}", r.illegal);
    assert_eq!(r.moves.len(), 6);
    assert_eq!(r.null_moves(), 2);
    assert_eq!(r.moves[1], None);
    // The legal prefix stops at the first null move.
    assert_eq!(r.legal_prefix(), 1);
    assert_eq!(r.positions.len(), 7);
    assert_eq!(
        r.end().to_fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/2PPP3/8/PP3PPP/RNBQKBNR w KQkq e6 0 4"
    );
    // A null move when in check cannot be played.
    let g = one("1. e4 f5 2. Qh5+ -- *");
    let r = g.replay(Letters::English);
    assert_eq!(r.legal_prefix(), 3);
    let bad = r.illegal.expect("a null move out of check");
    assert_eq!(
        (bad.ply, bad.san.as_str(), bad.label.as_str()),
        (4, "--", "2... --")
    );
    assert_eq!(r.moves.len(), 3);
}

#[test]
fn a_tag_after_movetext_starts_a_new_game() {
    let all = read_all(concat!(
        "[Event \"A\"]\n\n1. e4 e5 1-0\n[Event \"B\"]\n\n1. d4 d5 0-1\n",
        "[Event \"C\"]\n1. c4 [Event \"D\"] 1. Nf3 *\n",
    ));
    let events: Vec<_> = all
        .iter()
        .map(|r| r.as_ref().unwrap().tag("Event").unwrap().to_string())
        .collect();
    assert_eq!(events, ["A", "B", "C", "D"]);
    let c = all[2].as_ref().unwrap();
    assert_eq!(c.result, None);
    assert_eq!(sans(c), ["c4"]);
    assert_eq!(all[3].as_ref().unwrap().index, 4);
}

#[test]
fn encodings_bom_crlf_and_latin1() {
    let mut bytes = b"\xef\xbb\xbf[Event \"Dortmund\"]\r\n[White \"Van N".to_vec();
    bytes.push(0xfc); // ü in Latin-1
    bytes.extend_from_slice(b"ss\"]\r\n\r\n1. e4 {caf\xc3\xa9} e5 *\r\n");
    let all: Vec<_> = Reader::new(&bytes[..]).collect();
    assert_eq!(all.len(), 1);
    let g = all[0].as_ref().unwrap();
    assert_eq!(g.tags[0], ("Event".to_string(), "Dortmund".to_string()));
    assert_eq!(g.white(), Some("Van Nüss"));
    assert_eq!(g.moves[0].comments(), ["café"]);
    assert_eq!(g.result.as_deref(), Some("*"));
}

#[test]
fn set_up_positions_and_variants() {
    let g = one(concat!(
        "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\"]\n",
        "\n2... Nc6 3. Bb5 *\n",
    ));
    let r = g.replay(Letters::English);
    assert!(r.is_complete());
    assert_eq!(r.start.fullmove_number(), 2);
    let text = write_game(&g, &WriteOptions::default());
    assert!(text.contains("\n2... Nc6 3. Bb5 *\n"), "{text}");

    let bad = one("[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *");
    assert!(matches!(
        bad.replay(Letters::English).start_error,
        Some(StartError::BadFen(_))
    ));
    let missing = one("[SetUp \"1\"]\n\n1. e4 *");
    assert_eq!(
        missing.replay(Letters::English).start_error,
        Some(StartError::MissingFen)
    );
    let zh = one("[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. N@f6 *");
    let r = zh.replay(Letters::English);
    assert_eq!(
        r.start_error,
        Some(StartError::UnsupportedVariant("Crazyhouse".into()))
    );
    assert!(r.moves.is_empty());
    let e = &r.errors(&zh)[0];
    assert_eq!(
        e.to_string(),
        "game 1, line 1, column 1: unsupported variant \"Crazyhouse\": escaque follows the \
         rules of standard chess and Chess960 only"
    );
    for v in ["Standard", "From Position", "normal", ""] {
        let g = one(&format!("[Variant \"{v}\"]\n\n1. e4 *"));
        assert!(g.replay(Letters::English).is_complete(), "{v}");
    }
}

#[test]
fn variations_replay_best_effort() {
    let g = one("1. e4 e5 (1... Ke3 2. d4) (1... c5 2. Nf3) 2. Nf3 (2. Qh5 Nc6 3. Qxf7+ Kxf7??) *");
    let r = g.replay(Letters::English);
    assert!(
        r.is_complete(),
        "a bad variation does not stop the main line"
    );
    assert_eq!(r.moves.len(), 3);
    assert_eq!(r.variation_errors.len(), 1);
    let bad = &r.variation_errors[0];
    assert_eq!((bad.ply, bad.san.as_str()), (2, "Ke3"));
    assert_eq!((bad.line, bad.column), (1, 16));
}

#[test]
fn spanish_letters_and_long_and_uci_forms_replay() {
    for (text, letters) in [
        (
            "1. e4 e5 2. Cf3 Cc6 3. Ab5 a6 4. O-O Cf6 5. Te1 Ae7 6. Axc6 dxc6 *",
            Letters::Spanish,
        ),
        (
            "1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 3. Bf1-b5 *",
            Letters::English,
        ),
        (
            "1. e2e4 e7e5 2. g1f3 b8c6 3. f1c4 g8f6 4. e1g1 *",
            Letters::English,
        ),
        ("1. e4 e5 2. ♘f3 ♞c6 *", Letters::English),
    ] {
        let r = one(text).replay(letters);
        assert!(r.is_complete(), "{text}: {:?}", r.illegal);
    }
}

// ---------------------------------------------------------------------------------------
// Errors: where and what, and the reader goes on

fn err(r: &Result<PgnGame, PgnError>) -> &PgnError {
    match r {
        Err(e) => e,
        Ok(g) => panic!("expected an error, read {g:?}"),
    }
}

#[test]
fn unterminated_comment() {
    let all = read_all(concat!(
        "[Event \"One\"]\n\n1. e4 e5 *\n\n",
        "[Event \"Two\"]\n\n1. d4 {this comment\nnever ends\n\n",
        "[Event \"Three\"]\n\n1. c4 *\n",
    ));
    assert_eq!(all.len(), 3);
    let e = err(&all[1]);
    assert_eq!((e.game, e.line, e.column), (2, 7, 7));
    assert!(matches!(e.kind, PgnErrorKind::UnterminatedComment(_)));
    assert_eq!(
        e.to_string(),
        "game 2, line 7, column 7: unterminated comment: the '{' of \"{this comment never \
         ends\" is never closed by '}'"
    );
    let three = all[2].as_ref().unwrap();
    assert_eq!((three.index, three.tag("Event")), (3, Some("Three")));

    // At the end of the file too.
    let all = read_all("1. e4 *\n1. d4 { open");
    assert_eq!(err(&all[1]).to_string(), {
        "game 2, line 2, column 7: unterminated comment: the '{' of \"{ open\" is never \
         closed by '}'"
    });
}

#[test]
fn unterminated_tag_and_bad_tags() {
    let cases = [
        (
            "[Event \"x\"\n",
            1,
            "unterminated tag: the line ends before the ']'",
        ),
        ("[Event \"x\n", 1, "unterminated tag value"),
        (
            "[Event x]\n",
            8,
            "expected a tag value in quotes after the tag name, found \"x]\"",
        ),
        ("[ ]\n", 3, "expected a tag name after '['"),
        (
            "[Event \"x\" y]\n",
            12,
            "expected ']' after the tag value, found \"y]\"",
        ),
    ];
    for (bad, column, what) in cases {
        let text = format!("{bad}[Site \"s\"]\n\n1. e4 *\n\n[Event \"next\"]\n\n1. d4 *\n");
        let all = read_all(&text);
        assert_eq!(all.len(), 2, "{bad}: {all:?}");
        let e = err(&all[0]);
        assert_eq!((e.game, e.line, e.column), (1, 1, column), "{bad}: {e}");
        assert!(e.to_string().contains(what), "{bad}: {e}");
        let next = all[1].as_ref().unwrap();
        assert_eq!((next.index, next.tag("Event")), (2, Some("next")), "{bad}");
    }
}

#[test]
fn unbalanced_parentheses() {
    // A variation never closed: the next game's tags end it.
    let all = read_all("1. e4 e5 (1... c5 2. Nf3\n\n[Event \"B\"]\n\n1. d4 *\n");
    let e = err(&all[0]);
    assert_eq!((e.game, e.line, e.column), (1, 1, 10));
    assert_eq!(
        e.to_string(),
        "game 1, line 1, column 10: unbalanced parentheses: this '(' is never closed by ')' \
         (found \"(1... c5 2. Nf3\")"
    );
    assert_eq!(all[1].as_ref().unwrap().tag("Event"), Some("B"));

    // The quote of a long line: its runs of spaces made one, cut at 40 characters with an
    // ellipsis (the text is kept as the '(' opens and quoted only for the error).
    let all = read_all(
        "1. e4 e5 (1... c5     2. Nf3 d6   3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3\n\n\
         [Event \"B\"]\n\n1. d4 *\n",
    );
    assert_eq!(
        err(&all[0]).to_string(),
        "game 1, line 1, column 10: unbalanced parentheses: this '(' is never closed by ')' \
         (found \"(1... c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf…\")"
    );
    // A line longer than the reader keeps whole (its quote kept instead): the same words.
    let text = format!(
        "1. e4 e5 (1... c5{}2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3\n\n\
         [Event \"B\"]\n\n1. d4 *\n",
        " ".repeat(700)
    );
    let all = read_all(&text);
    assert_eq!(
        err(&all[0]).to_string(),
        "game 1, line 1, column 10: unbalanced parentheses: this '(' is never closed by ')' \
         (found \"(1... c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf…\")"
    );

    // A ')' without '('.
    let all = read_all("1. e4 e5 2. Nf3) Nc6 *\n\n[Event \"B\"]\n\n1. d4 *\n");
    let e = err(&all[0]);
    assert_eq!((e.game, e.line, e.column), (1, 1, 16));
    assert!(e.to_string().contains("')' without a '('"), "{e}");
    assert_eq!(all.len(), 2);
    assert_eq!(all[1].as_ref().unwrap().index, 2);

    // A variation before any move.
    let all = read_all("(1. d4) 1. e4 *\n");
    assert!(matches!(
        err(&all[0]).kind,
        PgnErrorKind::VariationWithoutMove(ref q) if q == "(1. d4) 1. e4 *"
    ));
}

#[test]
fn garbage_tokens_and_bad_nags() {
    let all = read_all(concat!(
        "[Event \"A\"]\n\n1. e4 e5\n2. Nf3 &%! Nc6 *\n\n",
        "[Event \"B\"]\n\n1. d4 $999 *\n\n",
        "[Event \"C\"]\n\n1. c4 } *\n\n",
        "[Event \"D\"]\n\n1. Nf3 *\n",
    ));
    assert_eq!(all.len(), 4);
    let a = err(&all[0]);
    assert_eq!((a.game, a.line, a.column), (1, 4, 8));
    assert_eq!(
        a.to_string(),
        "game 1, line 4, column 8: expected a move, a move number, a NAG, a comment, a \
         variation or a result, found \"&%!\""
    );
    let b = err(&all[1]);
    assert_eq!((b.game, b.line, b.column), (2, 8, 7));
    assert!(
        b.to_string()
            .ends_with("expected a NAG from $0 to $255, found \"$999\"")
    );
    let c = err(&all[2]);
    assert_eq!((c.game, c.line, c.column), (3, 12, 7));
    assert_eq!(all[3].as_ref().unwrap().tag("Event"), Some("D"));
}

#[test]
fn a_huge_line_or_game_is_an_error_and_skipped() {
    // With a small limit.
    let opts = ReadOptions {
        max_game_bytes: 1000,
        ..ReadOptions::default()
    };
    let long = format!(
        "[Event \"A\"]\n\n1. e4 {{{}}} e5 *\n\n[Event \"B\"]\n\n1. d4 *\n",
        "x".repeat(5000)
    );
    let all: Vec<_> = Reader::with_options(long.as_bytes(), opts).collect();
    assert_eq!(all.len(), 2, "{all:?}");
    let e = err(&all[0]);
    assert_eq!((e.game, e.line, e.column), (1, 3, 1));
    assert!(matches!(e.kind, PgnErrorKind::GameTooLong(1000)));
    assert_eq!(all[1].as_ref().unwrap().tag("Event"), Some("B"));

    // Many short lines adding up.
    let many = format!(
        "[Event \"A\"]\n\n1. e4 {{\n{}}} *\n[Event \"B\"]\n\n1. d4 *\n",
        "word word word\n".repeat(200)
    );
    let all: Vec<_> = Reader::with_options(many.as_bytes(), opts).collect();
    assert!(matches!(err(&all[0]).kind, PgnErrorKind::GameTooLong(_)));
    assert_eq!(all[1].as_ref().unwrap().tag("Event"), Some("B"));

    // With the default limit (8 MiB), one line of 9 MiB.
    let mut huge = b"[Event \"A\"]\n\n1. e4 ".to_vec();
    huge.extend(std::iter::repeat_n(b'e', 9 << 20));
    huge.extend_from_slice(b"\n\n[Event \"B\"]\n\n1. d4 *\n");
    let all: Vec<_> = Reader::new(&huge[..]).collect();
    assert_eq!(all.len(), 2);
    let e = err(&all[0]);
    assert_eq!((e.game, e.line), (1, 3));
    assert!(
        e.to_string()
            .contains("the game is longer than 8388608 bytes"),
        "{e}"
    );
    assert_eq!(all[1].as_ref().unwrap().tag("Event"), Some("B"));
}

#[test]
fn illegal_moves_are_reported_with_their_place() {
    let g = one("[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Bb5 Ke3 4. O-O *\n");
    let r = g.replay(Letters::English);
    let bad = r.illegal.clone().expect("Ke3 is illegal");
    assert_eq!((bad.ply, bad.line, bad.column), (6, 4, 8));
    assert_eq!(r.moves.len(), 5);
    assert_eq!(r.positions.len(), 6);
    assert_eq!(
        r.errors(&g)[0].to_string(),
        "game 1, line 4, column 8: 3... Ke3 is not playable: \"Ke3\" is not a legal move in \
         r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"
    );
}

// ---------------------------------------------------------------------------------------
// Writing

#[test]
fn writer_conventions() {
    let g = one(concat!(
        "[White \"W\"]\n[TimeControl \"300+2\"]\n[Black \"B\"]\n[Termination \"normal\"]\n\n",
        "{Start} 1. e4 {Best by test} e5 (1... c5 {Sicilian}) 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 ",
        "5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 ",
        "axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 16. Bh4 c5 17. dxe5 Nxe4 18. Bxe7 Qxe7 ",
        "19. exd6 Qf6 20. Nbd2 Nxd6 21. Nc4 Nxc4 22. Bxc4 Nb6 1/2-1/2\n",
    ));
    let text = write_game(&g, &WriteOptions::default());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        &lines[..10],
        [
            "[Event \"?\"]",
            "[Site \"?\"]",
            "[Date \"????.??.??\"]",
            "[Round \"?\"]",
            "[White \"W\"]",
            "[Black \"B\"]",
            "[Result \"1/2-1/2\"]",
            "[TimeControl \"300+2\"]",
            "[Termination \"normal\"]",
            "",
        ]
    );
    assert!(
        lines[10].starts_with("{ Start } 1. e4 { Best by test } 1... e5 (1... c5 { Sicilian })")
    );
    assert!(flat(&text).contains(" 2. Nf3 Nc6 3. Bb5 "), "{text}");
    assert!(text.ends_with("Nb6\n1/2-1/2\n"), "{text}");
    for l in &lines {
        assert!(l.chars().count() <= 80, "line longer than 80: {l}");
    }
    assert!(lines.len() > 12, "the movetext is wrapped");
}

#[test]
fn writer_notations_and_uci() {
    let g = one(
        "[FEN \"r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQkq - 0 30\"]\n\n30. O-O-O gxh1=Q 31. bxa8=N O-O *",
    );
    let write = |moves| {
        let opts = WriteOptions {
            moves,
            ..WriteOptions::default()
        };
        let (text, errors) = pgn::write_game_report(&g, &opts);
        assert!(errors.is_empty(), "{errors:?}");
        text.lines().last().unwrap().to_string()
    };
    assert_eq!(
        write(MoveText::AsWritten),
        "30. O-O-O gxh1=Q 31. bxa8=N O-O *"
    );
    assert_eq!(
        write(MoveText::Notation(Notation::ENGLISH)),
        "30. O-O-O gxh1=Q 31. bxa8=N O-O *"
    );
    assert_eq!(
        write(MoveText::Notation(Notation::SPANISH)),
        "30. O-O-O gxh1=D 31. bxa8=C O-O *"
    );
    assert_eq!(
        write(MoveText::Notation(Notation::FIGURINE)),
        "30. O-O-O gxh1=♛ 31. bxa8=♘ O-O *"
    );
    assert_eq!(
        write(MoveText::Notation(Notation::LONG)),
        "30. O-O-O g2xh1=Q 31. b7xa8=N O-O *"
    );
    assert_eq!(
        write(MoveText::Notation(Notation::SPANISH.fide())),
        "30. 0-0-0 gxh1D 31. bxa8C 0-0 *"
    );
    assert_eq!(write(MoveText::Uci), "30. e1c1 g2h1q 31. b7a8n e8g8 *");
}

#[test]
fn writer_keeps_odd_comments_readable() {
    // A ';' comment with an unbalanced brace cannot go between braces: it stays a ';'
    // comment. Tag values with quotes and backslashes are escaped.
    let g = one("[Site \"C:\\\\games \\\"x\\\"\"]\n\n1. e4 ; see {here\ne5 *");
    assert_eq!(g.tag("Site"), Some("C:\\games \"x\""));
    assert_eq!(g.moves[0].comments(), ["see {here"]);
    let text = write_game(&g, &WriteOptions::default());
    assert!(text.contains("[Site \"C:\\\\games \\\"x\\\"\"]"), "{text}");
    assert!(text.contains("1. e4 ; see {here\n1... e5 *"), "{text}");
    assert_round_trip(&g, &WriteOptions::default(), "odd comments");
}

#[test]
fn draw_offers_in_and_out() {
    let mut g = one("1. e4 e5 2. Nf3 (=) Nc6 *");
    assert!(g.moves[2].draw_offer);
    g.moves[3].draw_offer = true;
    let text = write_game(&g, &WriteOptions::default());
    assert!(
        text.contains("2. Nf3 { [%draw offer] } 2... Nc6 { [%draw offer] } *"),
        "{text}"
    );
    let back = one(&text);
    assert!(back.moves[2].draw_offer && back.moves[3].draw_offer);
    assert!(back.moves[2].comments().is_empty());
}

#[test]
fn convert_text() {
    let input = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 *\n\n[Event \"b\"\n\n[Event \"c\"]\n\n1. d4 Ke7 2. c4 *\n";
    let (out, errors) = convert(
        input,
        MoveText::Notation(Notation::SPANISH),
        Letters::English,
    );
    let games: Vec<PgnGame> = read_str(&out).map(Result::unwrap).collect();
    assert_eq!(games.len(), 2);
    assert_eq!(sans(&games[0]), ["e4", "e5", "Cf3"]);
    // The illegal move and what follows stay as written.
    assert_eq!(sans(&games[1]), ["d4", "Ke7", "c4"]);
    let msgs: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert_eq!(msgs.len(), 2, "{msgs:?}");
    assert!(
        msgs[0].starts_with("game 2, line 5, column 1: unterminated tag"),
        "{msgs:?}"
    );
    assert!(
        msgs[1].starts_with("game 3, line 9, column 7: 1... Ke7 is not playable"),
        "{msgs:?}"
    );
}

// ---------------------------------------------------------------------------------------
// Robustness: arbitrary bytes never panic; what reads, writes and reads back the same.

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Reads, replays, writes and reads back; the round trip must hold for every game read.
fn exercise(bytes: &[u8]) {
    let opts = ReadOptions {
        max_game_bytes: 4096,
        max_depth: 8,
    };
    for item in Reader::with_options(bytes, opts) {
        let Ok(g) = item else { continue };
        let r = g.replay(Letters::English);
        assert_eq!(r.positions.len(), r.moves.len() + 1);
        assert_round_trip(&g, &WriteOptions::default(), "mutated input");
        let _ = pgn::write_game_report(
            &g,
            &WriteOptions {
                moves: MoveText::Notation(Notation::FIGURINE),
                ..WriteOptions::default()
            },
        );
    }
}

#[test]
fn arbitrary_bytes_never_panic() {
    let seed_text = std::fs::read(common::fixture("pgn/notnil_0014_study_fen.pgn")).unwrap();
    let mut seeds: Vec<Vec<u8>> = vec![
        seed_text,
        std::fs::read(common::fixture("pgn/notnil_0004_eval_clk.pgn")).unwrap(),
        b"[Event \"x\"]\n\n1. e4 {a {b} c} e5 (1... c5 $1 (1... e6 {x}) 2. Nf3) 2. Nf3 -- ; c\n%esc\n*\n"
            .to_vec(),
        b"1. e4!? Z0 2. d4 (=) {[%clk 0:00:01.5] [%eval #-2]} 1/2-1/2 [A \"b\"] c4 *".to_vec(),
    ];
    let specials: &[u8] = b"{}()[]\";%$*!?-=+#.\n\r\t 0123456789abcdefghKQRBNOxZ\\";
    // PGN_FUZZ_ROUNDS and PGN_FUZZ_SEED run it longer or elsewhere.
    let env = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
    let mut rng = Rng(env("PGN_FUZZ_SEED").unwrap_or(0x5eed_1234_abcd_0001) | 1);
    let default_rounds = if cfg!(debug_assertions) { 1500 } else { 6000 };
    let rounds = env("PGN_FUZZ_ROUNDS").unwrap_or(default_rounds);
    for round in 0..rounds {
        let base = &seeds[rng.below(seeds.len())];
        let start = rng.below(base.len());
        let len = 1 + rng.below(600);
        let mut s: Vec<u8> = base[start..(start + len).min(base.len())].to_vec();
        for _ in 0..1 + rng.below(8) {
            let at = rng.below(s.len() + 1);
            match rng.below(6) {
                0 => s.insert(at, specials[rng.below(specials.len())]),
                1 => s.insert(at, rng.next() as u8),
                2 if at < s.len() => {
                    s.remove(at);
                }
                3 if at < s.len() => s[at] = specials[rng.below(specials.len())],
                4 => {
                    let from = rng.below(s.len() + 1);
                    let to = (from + rng.below(40)).min(s.len());
                    let piece = s[from..to].to_vec();
                    s.splice(at..at, piece);
                }
                _ => {
                    let utf8 = ["é", "♘", "\u{feff}", "½-½", "…", "‼", "\u{85}", "\u{2028}"];
                    let t = utf8[rng.below(utf8.len())].as_bytes();
                    s.splice(at..at, t.iter().copied());
                }
            }
        }
        let outcome = std::panic::catch_unwind(|| exercise(&s));
        if let Err(e) = outcome {
            panic!(
                "round {round}: panic on input {:?}: {:?}",
                String::from_utf8_lossy(&s),
                e.downcast_ref::<String>()
            );
        }
        if round % 500 == 0 {
            seeds.push(s);
        }
    }
    // Pure noise.
    for _ in 0..300 {
        let len = rng.below(400);
        let noise: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        exercise(&noise);
    }
}

// ---------------------------------------------------------------------------------------
// The fixtures of this repository (always present)

#[test]
fn fixture_eval_and_clock_game() {
    let games = games_of(&common::fixture("pgn/notnil_0004_eval_clk.pgn"));
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert!(
        g.moves
            .iter()
            .all(|m| m.clock_ms().is_some() && m.eval().is_some())
    );
    assert_eq!(g.moves[0].clock_ms(), Some(30_000));
    assert_eq!(g.moves[0].eval(), Some(Eval::Centipawns(17)));
    assert!(g.moves.iter().any(|m| m.nags() == [2]), "'?' read as $2");
    assert!(g.replay(Letters::English).is_complete());
    assert_round_trip(g, &WriteOptions::default(), "notnil 0004");
}

#[test]
fn fixture_study_chapters_from_fen() {
    let games = games_of(&common::fixture("pgn/notnil_0014_study_fen.pgn"));
    assert_eq!(games.len(), 5);
    for g in &games {
        let r = g.replay(Letters::English);
        assert!(r.is_complete(), "game {}: {:?}", g.index, r.illegal);
        assert!(r.variation_errors.is_empty());
        assert_round_trip(g, &WriteOptions::default(), "notnil 0014");
    }
    let second = &games[1];
    assert_eq!(second.start_fen().map(|f| f.contains(" b ")), Some(true));
    assert!(write_game(second, &WriteOptions::default()).contains("\n3... dxe4 4. fxe4 e5"));
}

#[test]
fn fixture_lichess_2013_round_trip_and_uci_conversion() {
    let path = common::fixture("pgn/lichess_db_2013-01_first32.pgn");
    let games = games_of(&path);
    assert_eq!(games.len(), 32);
    let text = std::fs::read_to_string(&path).unwrap();
    let (uci, errors) = convert(&text, MoveText::Uci, Letters::English);
    assert!(errors.is_empty(), "{errors:?}");
    let back: Vec<PgnGame> = read_str(&uci).map(Result::unwrap).collect();
    assert_eq!(back.len(), 32);
    for (g, b) in games.iter().zip(&back) {
        assert_round_trip(g, &WriteOptions::default(), "lichess 2013");
        let (r1, r2) = (g.replay(Letters::English), b.replay(Letters::English));
        assert!(r1.is_complete() && r2.is_complete());
        assert_eq!(r1.moves, r2.moves, "game {}", g.index);
        assert!(b.moves.iter().all(|m| m.san.len() >= 4 && m.san.is_ascii()));
    }
}

// ---------------------------------------------------------------------------------------
// The shared corpus

/// Expected facts about each edge-case file (from the README of the shared data).
#[test]
fn edge_cases_read_as_documented() {
    let Some(dir) = common::shared_data("pgn/edge_cases") else {
        return;
    };
    let files = all_pgn_files(&dir);
    assert!(files.len() >= 50, "{} files", files.len());
    let mut checked = 0;
    for path in &files {
        let rel = path
            .strip_prefix(&dir)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let results = std::panic::catch_unwind(|| read_file(path))
            .unwrap_or_else(|_| panic!("{rel}: the reader panicked"));
        let games: Vec<&PgnGame> = results.iter().filter_map(|r| r.as_ref().ok()).collect();
        let errors: Vec<&PgnError> = results.iter().filter_map(|r| r.as_ref().err()).collect();
        let replays: Vec<_> = games
            .iter()
            .map(|g| {
                std::panic::catch_unwind(|| g.replay(Letters::English))
                    .unwrap_or_else(|_| panic!("{rel}: replay panicked"))
            })
            .collect();
        for g in &games {
            assert_round_trip(g, &WriteOptions::default(), &rel);
        }
        // Every game that is standard chess or Chess960 replays completely.
        for (g, r) in games.iter().zip(&replays) {
            if g.is_standard() || g.is_chess960() {
                assert!(
                    r.is_complete(),
                    "{rel}: game {}: {:?}",
                    g.index,
                    r.errors(g)
                );
                assert!(r.variation_errors.is_empty(), "{rel}: game {}", g.index);
            } else {
                assert!(
                    matches!(r.start_error, Some(StartError::UnsupportedVariant(_))),
                    "{rel}: game {} is a variant game",
                    g.index
                );
            }
        }
        let count = |n: usize| {
            assert_eq!(games.len(), n, "{rel}: games");
            assert!(errors.is_empty(), "{rel}: {errors:?}");
        };
        let variants = || games.iter().filter(|g| !g.is_standard()).count();
        checked += 1;
        match rel.as_str() {
            "notnil-chess/0001.pgn"
            | "notnil-chess/0003.pgn"
            | "notnil-chess/0005.pgn"
            | "notnil-chess/0011.pgn" => count(1),
            "notnil-chess/0002.pgn" => {
                count(1);
                let g = games[0];
                assert!(g.moves.iter().any(|m| m.nags() == [6]), "?! is $6");
                assert!(g.moves.iter().any(|m| m.nags() == [4]), "?? is $4");
                assert_eq!(
                    g.moves
                        .iter()
                        .filter(|m| !m.variations().is_empty())
                        .count(),
                    3
                );
                assert!(g.moves.last().unwrap().comments()[0].contains("Black resigns"));
            }
            "notnil-chess/0004.pgn" => {
                count(1);
                assert!(games[0].moves.iter().all(|m| m.clock_ms().is_some()));
            }
            "notnil-chess/0006.pgn" | "notnil-chess/0007.pgn" | "notnil-chess/0014.pgn" => count(5),
            "notnil-chess/0008.pgn" => {
                count(1);
                assert_eq!(sans(games[0]), ["e4", "e6", "d4", "d5"]);
                assert_eq!(games[0].result, None);
            }
            "notnil-chess/0009.pgn" | "notnil-chess/0010.pgn" => {
                count(1);
                assert_eq!(games[0].moves.last().unwrap().comments().len(), 1);
                assert_eq!(games[0].result, None);
            }
            "notnil-chess/0012.pgn" => {
                count(1);
                assert!(games[0].moves.is_empty());
                assert_eq!(games[0].result.as_deref(), Some("*"));
            }
            "notnil-chess/0013.pgn" => count(3),
            "notnil-chess/0015.pgn" => {
                count(1);
                assert_eq!(sans(games[0]), ["g1f3", "e7e5"]);
            }
            "pgn-extract/expected/odds-out.pgn" => count(28),
            "pgn-extract/expected/test-nobadresults-out.pgn" => count(3),
            "pgn-extract/expected/test-promotion-out.pgn" => count(8),
            "pgn-extract/expected/test-underpromotion-out.pgn" => count(6),
            "pgn-extract/expected/test-fixresulttags-out.pgn"
            | "pgn-extract/test-fixresulttags-in.pgn" => count(5),
            "pgn-extract/fischer.pgn" => count(34),
            "pgn-extract/fools-mate.pgn" => {
                count(1);
                assert!(replays[0].end().is_check());
                assert!(!replays[0].end().has_legal_moves());
            }
            "pgn-extract/nested-comment.pgn" => {
                count(1);
                assert_eq!(
                    games[0].moves[0].comments(),
                    [
                        "This game contains { a nested comment } which should be handled ok \
                         with the --nestedcomment option."
                    ]
                );
                assert_eq!(games[0].result.as_deref(), Some("*"));
            }
            "pgn-extract/odds.pgn" => {
                count(32);
                assert!(games.iter().all(|g| g.start_fen().is_some()));
            }
            "pgn-extract/petrosian.pgn" => count(35),
            "pgn-extract/test-allownullmoves.pgn" => {
                count(2);
                assert!(games[0].moves[1].null);
                assert_eq!(replays[0].null_moves(), 1);
                assert!(replays[0].end().is_check(), "33. Rxh7# after the null move");
                assert_eq!(games[1].null_moves().len(), 1);
                assert_eq!(games[1].moves[1].variations().len(), 2);
            }
            "pgn-extract/test-fuzzydepth.pgn" => {
                // A termination marker ends a game: 4 games (as pgn-extract reads it).
                count(4);
                assert_eq!(sans(games[1]), ["Nf3", "Nc6", "e4", "e5", "Bc4"]);
            }
            "pgn-extract/test-long-line.pgn" => {
                count(1);
                assert!(games[0].moves[2].comments()[0].len() > 130);
            }
            "pgn-extract/test-nagcomments.pgn" => {
                count(1);
                assert_eq!(games[0].moves[0].nags(), [1, 2]);
                assert_eq!(games[0].moves[0].comments().len(), 3);
            }
            "pgn-extract/test-nobadresults.pgn" => {
                // A tag after a termination marker on the same line starts a game: 9 games.
                count(9);
                let pairs: Vec<(&str, &str)> = games
                    .iter()
                    .map(|g| (g.tag("Result").unwrap(), g.result.as_deref().unwrap()))
                    .collect();
                assert_eq!(pairs[3], ("1-0", "0-1"));
                assert_eq!(pairs[8], ("*", "1/2-1/2"));
            }
            "pgn-extract/test-promotion-in.pgn" => {
                count(8);
                assert!(replays.iter().all(|r| {
                    r.moves
                        .first()
                        .and_then(|m| m.unwrap().promotion())
                        .is_some()
                }));
            }
            "pgn-extract/test-setup-in.pgn" => count(2),
            "pgn-extract/test-splitvariants.pgn" => {
                count(1);
                let e5 = &games[0].moves[1];
                assert_eq!(e5.comments(), ["comment2", "comment5"]);
                let v = &e5.variations()[0];
                assert_eq!(v[0].comment_before(), ["comment3"]);
                assert_eq!(v[0].variations()[0][0].san, "d6");
                assert_eq!(v[1].comments(), ["comment4"]);
            }
            "pychess/a.pgn" | "pychess/e.pgn" | "pychess/promotion.pgn" | "pychess/draw.pgn" => {
                count(1);
                assert_eq!(games[0].result, None, "{rel}: no termination marker");
            }
            "pychess/annotated.pgn" => {
                count(1);
                let g = games[0];
                assert_eq!(g.comment_before, ["Initial main line comment"]);
                assert_eq!(g.moves[0].nags(), [1, 24]);
                assert_eq!(g.moves[1].nags(), [1]);
                assert_eq!(g.moves[2].variations()[0][0].comment_before().len(), 1);
                assert_eq!(g.moves[3].variations().len(), 2);
            }
            "pychess/badpgn.pgn" => {
                assert!(games.is_empty(), "{rel}: garbage is rejected");
                assert_eq!(errors.len(), 1);
                assert_eq!(
                    errors[0].to_string(),
                    "game 1, line 1, column 18: expected ']' after the tag value, found \"yl]\""
                );
            }
            "pychess/fenSetup.pgn" => {
                count(1);
                assert_eq!(replays[0].start.turn(), escaque::core::Color::Black);
            }
            "pychess/mate.pgn" => {
                count(1);
                assert!(!replays[0].end().has_legal_moves());
            }
            "pychess/material.pgn" => {
                count(1);
                assert_eq!(replays[0].end().occupied().count(), 2, "bare kings");
            }
            "python-chess/anastasian-lewis.pgn" => {
                count(1);
                let z0 = &games[0].moves[81];
                assert!(z0.null && z0.san == "Z0", "41... Z0");
                assert_eq!(replays[0].null_moves(), 1);
            }
            "python-chess/antichess-programfox.pgn" => {
                count(2);
                assert_eq!(variants(), 2);
            }
            "python-chess/cutechess-fischerrandom.pgn" => {
                count(4);
                assert_eq!(variants(), 4);
            }
            "python-chess/knightvuillaume-jannlee-zh-lichess.pgn"
            | "python-chess/saturs-jannlee-zh-lichess.pgn" => {
                count(1);
                assert_eq!(variants(), 1);
            }
            "python-chess/chessbase-empty-line.pgn"
            | "python-chess/stockfish-learning.pgn"
            | "python-chess/uci-moves.pgn" => count(1),
            "python-chess/utf8-bom.pgn" => {
                count(2);
                assert_eq!(games[0].tags[0], ("Event".into(), "A".into()));
                assert_eq!(games[1].tag("Event"), Some("B"));
            }
            "scalachess/pgn_render_fixtures.pgn" => {
                count(15);
                // Crazyhouse and Chess960 (Fischerandom) flagged; Horde set-up from FEN and
                // "normal" read as standard chess.
                assert_eq!(variants(), 2);
            }
            _ => {
                checked -= 1;
                eprintln!("note: {rel} has no documented expectation; read without panic");
            }
        }
    }
    assert!(checked >= 50, "{checked} files checked");
}

/// (file, games) for every file of pgn/real, per the shared README.
const REAL: [(&str, usize); 15] = [
    ("bilbao_2010_shirov_carlsen.pgn", 1),
    ("carlsen_pgnmentor_2001-2015.pgn", 1782),
    ("chesscom_cancer0707_1667.pgn", 1667),
    ("dortmund_vanreek_latin1.pgn", 347),
    ("kasparov-deep-blue-1997.pgn", 6),
    ("lichess_2025_german11_100.pgn", 100),
    ("lichess_2025_penguingim1_100.pgn", 100),
    ("lichess_db_2013-01_first32.pgn", 32),
    ("lichess_db_2021-10_first999.pgn", 999),
    ("lichess_mliebelt_2024-01-03.pgn", 8),
    ("molinari-bordais-1979.pgn", 1),
    ("nepomniachtchi-liren-game1.pgn", 1),
    ("twic_01_232games.pgn", 232),
    ("wcc2023_navara_annotated.pgn", 3),
    ("world_matches_vanreek.pgn", 580),
];

#[test]
fn real_files_game_counts_and_legality() {
    let Some(dir) = common::shared_data("pgn/real") else {
        return;
    };
    let on_disk = all_pgn_files(&dir).len();
    assert_eq!(
        on_disk,
        REAL.len(),
        "a file of pgn/real is not in the table"
    );
    for (name, expected) in REAL {
        let games = games_of(&dir.join(name));
        assert_eq!(games.len(), expected, "{name}");
        for (i, g) in games.iter().enumerate() {
            assert_eq!(g.index, i + 1);
            let r = g.replay(Letters::English);
            let known_bad = name == "lichess_2025_penguingim1_100.pgn" && g.index == 38;
            if !g.is_standard() {
                // The chess.com file holds five Chess960 games.
                assert_eq!(name, "chesscom_cancer0707_1667.pgn", "game {}", g.index);
                assert_eq!(g.variant(), Some("Chess960"));
                continue;
            }
            assert_eq!(
                r.is_complete(),
                !known_bad,
                "{name} game {}: {:?}",
                g.index,
                r.errors(g)
            );
            assert!(r.variation_errors.is_empty(), "{name} game {}", g.index);
        }
    }
}

#[test]
fn chesscom_without_blank_lines() {
    let Some(path) = common::shared_data("pgn/real/chesscom_cancer0707_1667.pgn") else {
        return;
    };
    let games = games_of(&path);
    assert_eq!(games.len(), 1667);
    assert_eq!(games.iter().filter(|g| !g.is_standard()).count(), 5);
    // No tag section was swallowed as movetext: every game has its own Event and Result.
    assert!(
        games
            .iter()
            .all(|g| g.tag("Event").is_some() && g.result.is_some())
    );
    // Clocks with tenths.
    let clocks = games
        .iter()
        .flat_map(|g| &g.moves)
        .filter(|m| m.clock_ms().is_some_and(|ms| ms % 1000 != 0))
        .count();
    assert!(clocks > 1000, "{clocks}");
}

#[test]
fn penguingim1_game_38_is_the_only_illegal_one() {
    let Some(path) = common::shared_data("pgn/real/lichess_2025_penguingim1_100.pgn") else {
        return;
    };
    let games = games_of(&path);
    let illegal: Vec<_> = games
        .iter()
        .filter_map(|g| g.replay(Letters::English).illegal.map(|at| (g.index, at)))
        .collect();
    assert_eq!(illegal.len(), 1);
    let (index, at) = &illegal[0];
    assert_eq!((*index, at.ply, at.san.as_str()), (38, 2, "b4"));
    assert_eq!(at.label, "1... b4");
}

#[test]
fn latin1_file_reads_accents() {
    let Some(path) = common::shared_data("pgn/real/dortmund_vanreek_latin1.pgn") else {
        return;
    };
    let games = games_of(&path);
    let names: Vec<&str> = games
        .iter()
        .flat_map(|g| [g.white(), g.black()])
        .flatten()
        .collect();
    assert!(
        names.iter().any(|n| n.contains("Nüss")),
        "Latin-1 ü decoded"
    );
    assert!(
        games
            .iter()
            .all(|g| !g.tags.iter().any(|(_, v)| v.contains('\u{fffd}')))
    );
}

fn round_trip_file(rel: &str) {
    let Some(path) = common::shared_data(rel) else {
        return;
    };
    let games = games_of(&path);
    assert!(!games.is_empty());
    for g in &games {
        assert_round_trip(g, &WriteOptions::default(), rel);
    }
}

#[test]
fn round_trip_navara_annotated() {
    round_trip_file("pgn/real/wcc2023_navara_annotated.pgn");
    let Some(path) = common::shared_data("pgn/real/wcc2023_navara_annotated.pgn") else {
        return;
    };
    let games = games_of(&path);
    fn depth(line: &[MoveNode]) -> usize {
        line.iter()
            .flat_map(|n| n.variations().iter().map(|v| 1 + depth(v)))
            .max()
            .unwrap_or(0)
    }
    assert!(games.iter().map(|g| depth(&g.moves)).max().unwrap() >= 3);
    assert!(
        games
            .iter()
            .any(|g| g.moves.iter().any(|m| m.nags().contains(&14)))
    );
}

#[test]
fn round_trip_world_matches_vanreek() {
    round_trip_file("pgn/real/world_matches_vanreek.pgn");
}

#[test]
fn round_trip_lichess_2021_with_clocks() {
    round_trip_file("pgn/real/lichess_db_2021-10_first999.pgn");
    let Some(path) = common::shared_data("pgn/real/lichess_db_2021-10_first999.pgn") else {
        return;
    };
    let games = games_of(&path);
    let with_clk = games
        .iter()
        .filter(|g| g.moves.iter().any(|m| m.clock_ms().is_some()))
        .count();
    assert_eq!(with_clk, 986, "per the README");
    assert!(
        games
            .iter()
            .any(|g| g.moves.iter().any(|m| m.eval().is_some()))
    );
}

#[test]
fn round_trip_other_lichess_files() {
    for f in [
        "lichess_2025_german11_100.pgn",
        "lichess_2025_penguingim1_100.pgn",
        "lichess_db_2013-01_first32.pgn",
        "lichess_mliebelt_2024-01-03.pgn",
    ] {
        round_trip_file(&format!("pgn/real/{f}"));
    }
}

#[test]
fn round_trip_chesscom_and_dortmund() {
    round_trip_file("pgn/real/chesscom_cancer0707_1667.pgn");
    round_trip_file("pgn/real/dortmund_vanreek_latin1.pgn");
}

#[test]
fn spanish_conversion_matches_the_twins() {
    for name in [
        "barnes-horton-1994",
        "carlsen-selected",
        "kasparov-deep-blue-1997",
    ] {
        let (Some(en_path), Some(es_path)) = (
            common::shared_data(&format!("notation/spanish/{name}_english_san.pgn")),
            common::shared_data(&format!("notation/spanish/{name}_spanish_san.pgn")),
        ) else {
            return;
        };
        let en_text = common::read_text(&en_path);
        let es_text = common::read_text(&es_path);
        let en = games_of(&en_path);
        let es = games_of(&es_path);

        // English → Spanish gives the Spanish twin's tokens.
        let (out, errors) = convert(
            &en_text,
            MoveText::Notation(Notation::SPANISH),
            Letters::English,
        );
        assert!(errors.is_empty(), "{name}: {errors:?}");
        let converted: Vec<PgnGame> = read_str(&out).map(Result::unwrap).collect();
        assert_eq!(
            all_tokens(&converted),
            all_tokens(&es),
            "{name}: English → Spanish"
        );

        // And back.
        let (out, errors) = convert(
            &es_text,
            MoveText::Notation(Notation::ENGLISH),
            Letters::Spanish,
        );
        assert!(errors.is_empty(), "{name}: {errors:?}");
        let back: Vec<PgnGame> = read_str(&out).map(Result::unwrap).collect();
        assert_eq!(
            all_tokens(&back),
            all_tokens(&en),
            "{name}: Spanish → English"
        );

        // Comments, NAGs and tags survive the conversion.
        for (a, b) in en.iter().zip(&back) {
            assert_eq!(a.tags, b.tags);
            assert_eq!(a.comment_before, b.comment_before);
        }
    }
}

#[test]
fn long_promotions_convert_as_pgn_extract_writes_them() {
    let (Some(input), Some(expected)) = (
        common::shared_data("pgn/edge_cases/pgn-extract/test-promotion-in.pgn"),
        common::shared_data("pgn/edge_cases/pgn-extract/expected/test-promotion-out.pgn"),
    ) else {
        return;
    };
    let (out, errors) = convert(
        &common::read_text(&input),
        MoveText::Notation(Notation::ENGLISH),
        Letters::English,
    );
    assert!(errors.is_empty(), "{errors:?}");
    let movetext = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| !l.starts_with('[') && !l.trim().is_empty())
            .map(str::to_string)
            .collect()
    };
    let want = movetext(&common::read_text(&expected));
    assert_eq!(want.len(), 8);
    assert_eq!(movetext(&out), want);
}

#[test]
fn every_notation_reads_back_to_the_same_moves() {
    let Some(path) = common::shared_data("notation/spanish/carlsen-selected_english_san.pgn")
    else {
        return;
    };
    let text = common::read_text(&path);
    let original: Vec<Vec<Option<escaque::core::Move>>> = games_of(&path)
        .iter()
        .map(|g| g.replay(Letters::English).moves)
        .collect();
    for (to, letters) in [
        (MoveText::Notation(Notation::FIGURINE), Letters::English),
        (MoveText::Notation(Notation::LONG), Letters::English),
        (
            MoveText::Notation(Notation::SPANISH.fide()),
            Letters::Spanish,
        ),
        (MoveText::Uci, Letters::English),
    ] {
        let (out, errors) = convert(&text, to, Letters::English);
        assert!(errors.is_empty(), "{to:?}: {errors:?}");
        let moves: Vec<_> = read_str(&out)
            .map(|g| {
                let r = g.unwrap().replay(letters);
                assert!(r.is_complete(), "{to:?}: {:?}", r.illegal);
                r.moves
            })
            .collect();
        assert_eq!(moves, original, "{to:?}");
    }
}

#[test]
fn start_position_default_is_the_standard_one() {
    let g = one("1. e4 *");
    assert_eq!(g.replay(Letters::English).start, Position::new());
}
