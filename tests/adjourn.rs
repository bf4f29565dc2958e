//! Adjourned games (Guidelines I; Art. 15–16 of the 1970s Laws): the sealed move, the
//! tamper-evident envelope file and the resumption.

mod common;

use escaque::core::{Color, Letters, Move, Position};
use escaque::laws::adjourn::{
    AdjournError, AdjournEvent, Adjournment, Envelope, EnvelopeProblem, LostEnvelope, Ruling,
    SealDraft, SealedReading, Settlement, open, resume_without_envelope,
};
use escaque::laws::{Article, Game, GameResult};
use sha2::{Digest, Sha256};

/// A fresh folder for this test's files, removed when the guard is dropped.
fn scratch(name: &str) -> common::TempDir {
    common::TempDir::new(&format!("adjourn-{name}"))
}

/// 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6, adjourned with White to move (move 4).
fn ruy_lopez() -> Adjournment {
    let mut game = Game::default();
    for m in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"] {
        game.play_san(m, Letters::English).unwrap();
    }
    Adjournment {
        white: "Ana Pérez".into(),
        black: "Bruno Díaz".into(),
        white_used_ms: 5_400_123,
        black_used_ms: 6_000_456,
        resumption_date: "2024-05-02".into(),
        resumption_time: "10:00".into(),
        resumption_place: "Sala 2, Casino de Madrid".into(),
        ..Adjournment::of_game(&game)
    }
}

fn from_fen(fen: &str) -> Adjournment {
    Adjournment {
        white: "W".into(),
        black: "B".into(),
        start_fen: fen.into(),
        fen: fen.into(),
        white_used_ms: 1000,
        black_used_ms: 2000,
        ..Adjournment::default()
    }
}

fn sealed(adj: Adjournment, text: &str) -> Envelope {
    let mut draft = SealDraft::new(adj).unwrap();
    draft.write(text, Letters::English).unwrap();
    draft.seal().unwrap()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn uci(pos: &Position, text: &str) -> Move {
    pos.uci_to_move(text.parse().unwrap()).unwrap()
}

#[test]
fn guidelines_i_seal_file_open_round_trip() {
    let tmp = scratch("round-trip");
    let dir = tmp.path();
    let adj = ruy_lopez();
    let before = Position::from_fen(&adj.fen).unwrap();
    let envelope = sealed(adj.clone(), "Ba4");
    assert_eq!(envelope.sealer(), Color::White);
    assert_eq!(envelope.move_number(), 4);
    assert_eq!(
        envelope.sealing_events(),
        vec![AdjournEvent::Sealed {
            sealer: Color::White,
            move_number: 4,
            reply: false
        }]
    );
    let path = dir.join("game-12.envelope.json");
    envelope.write_to(&path).unwrap();
    // Only the envelope is left in the folder: the temporary file was renamed.
    let names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        names,
        vec![std::ffi::OsString::from("game-12.envelope.json")]
    );

    let read = Envelope::read_from(&path).unwrap();
    assert_eq!(read.adjournment(), &adj);
    assert_eq!(read.sha256(), envelope.sha256());
    assert_eq!(read.to_file_text(), envelope.to_file_text());

    let opened = open(read, true).unwrap();
    assert_eq!(opened.before(), &before);
    assert_eq!(opened.used_ms(Color::White), 5_400_123);
    assert_eq!(opened.used_ms(Color::Black), 6_000_456);
    let ba4 = uci(&before, "b5a4");
    assert_eq!(opened.played(), Some((ba4, "Ba4")));
    assert_eq!(opened.position(), &before.after(ba4).unwrap());
    assert_eq!(opened.sealed_text(), "Ba4");
    assert_eq!(
        opened.scoresheet(),
        vec!["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"]
    );
    assert!(!opened.needs_decision());
    assert_eq!(
        opened.events(),
        &[
            AdjournEvent::ClocksSet {
                fen: adj.fen.clone(),
                white_used_ms: 5_400_123,
                black_used_ms: 6_000_456,
                article: Article("I.5"),
            },
            AdjournEvent::EnvelopeOpened {
                replier: Color::Black
            },
            AdjournEvent::SealedMovePlayed {
                mv: ba4,
                san: "Ba4".into()
            },
            AdjournEvent::ClockStarted {
                color: Color::Black,
                article: Article("I.9")
            },
        ]
    );
    // Writing again over the same file is refused: an envelope is never overwritten.
    let err = envelope.write_to(&path).unwrap_err();
    assert_eq!(err.problem, EnvelopeProblem::Exists);
    assert!(err.to_string().contains("never overwritten"), "{err}");
}

/// Replaces byte `i` by another byte.
fn flip(bytes: &[u8], i: usize) -> Vec<u8> {
    let mut v = bytes.to_vec();
    v[i] = match v[i] {
        b'0' => b'1',
        b'a' => b'b',
        b' ' => b'\t',
        b'\n' => b' ',
        _ => b'0',
    };
    v
}

#[test]
fn guidelines_i_envelope_altered_in_any_byte_is_rejected() {
    let envelope = sealed(ruy_lopez(), "Ba4");
    let text = envelope.to_file_text();
    let bytes = text.as_bytes();
    assert!(Envelope::from_file_bytes(bytes, "e.json").is_ok());
    for i in 0..bytes.len() {
        let altered = flip(bytes, i);
        let err = Envelope::from_file_bytes(&altered, "e.json")
            .err()
            .unwrap_or_else(|| panic!("byte {i} altered was accepted"));
        let msg = err.to_string();
        assert!(msg.starts_with("envelope \"e.json\" "), "{msg}");
        assert!(msg.contains("not opened"), "{msg}");
        assert!(
            !msg.contains("Ba4"),
            "byte {i}: the message shows the move: {msg}"
        );
    }
}

/// `text` with the first occurrence of `from` (after `after`) replaced by `to`.
fn edit(text: &str, after: &str, from: &str, to: &str) -> String {
    let start = text.find(after).unwrap();
    let at = start + text[start..].find(from).unwrap();
    format!("{}{}{}", &text[..at], to, &text[at + from.len()..])
}

#[test]
fn guidelines_i_altered_envelope_names_what_failed() {
    let envelope = sealed(ruy_lopez(), "Ba4");
    let text = envelope.to_file_text();
    let reject = |t: &str| Envelope::from_file_text(t, "game.json").unwrap_err();

    // A field: a time used (one digit).
    let err = reject(&edit(&text, "\"white_used_ms\"", "5400123", "5400124"));
    assert!(
        matches!(&err.problem, EnvelopeProblem::FieldAltered { fields } if fields == &["white_used_ms"])
    );
    assert_eq!(
        err.to_string(),
        "envelope \"game.json\" was altered after sealing: field `white_used_ms` no longer \
         matches its SHA-256 seal; it is not opened (Guidelines I.3: the arbiter decides)"
    );
    // A name, the position, the sealed move.
    let err = reject(&edit(&text, "\"black\"", "Bruno", "Bruna"));
    assert!(err.to_string().contains("field `black`"), "{err}");
    let err = reject(&edit(&text, "\"fen\"", "w KQkq", "b KQkq"));
    assert!(err.to_string().contains("field `fen`"), "{err}");
    let sealed_at = text.find("\"sealed_move\": \"").unwrap() + "\"sealed_move\": \"".len();
    let c = &text[sealed_at..sealed_at + 1];
    let other = if c == "0" { "1" } else { "0" };
    let altered = format!("{}{}{}", &text[..sealed_at], other, &text[sealed_at + 1..]);
    let err = reject(&altered);
    assert!(err.to_string().contains("field `sealed_move`"), "{err}");
    // The envelope's hash.
    let hash_at = text.find("\"sha256\": \"").unwrap() + "\"sha256\": \"".len();
    let c = &text[hash_at..hash_at + 1];
    let other = if c == "0" { "1" } else { "0" };
    let altered = format!("{}{}{}", &text[..hash_at], other, &text[hash_at + 1..]);
    let err = reject(&altered);
    assert_eq!(err.problem, EnvelopeProblem::HashAltered);
    assert!(err.to_string().contains("`sha256`"), "{err}");
    // A field's seal.
    let seal_at = text.find("\"field_sha256\"").unwrap();
    let seal_at = seal_at + text[seal_at..].find("\"black\": \"").unwrap() + "\"black\": \"".len();
    let c = &text[seal_at..seal_at + 1];
    let other = if c == "0" { "1" } else { "0" };
    let altered = format!("{}{}{}", &text[..seal_at], other, &text[seal_at + 1..]);
    let err = reject(&altered);
    assert!(
        err.to_string().contains("the seal of field `black`"),
        "{err}"
    );
    // A seal that is no hash.
    let err = reject(&format!("{}X{}", &text[..hash_at], &text[hash_at + 1..]));
    assert!(
        err.to_string().contains("`sha256` is not a SHA-256 seal"),
        "{err}"
    );
    // A field renamed, a field removed, broken JSON.
    let err = reject(&edit(
        &text,
        "\"white_used_ms\"",
        "white_used_ms",
        "white_used_mz",
    ));
    assert!(
        err.to_string().contains("unknown field `white_used_mz`"),
        "{err}"
    );
    let err = reject(&text[..text.len() / 2]);
    assert!(
        err.to_string().contains("is not a readable envelope"),
        "{err}"
    );
    // The layout: the same JSON with one space more.
    let err = reject(&text.replacen("{\n", "{ \n", 1));
    assert!(
        matches!(
            err.problem,
            EnvelopeProblem::LayoutAltered {
                line: 1,
                column: 2,
                byte: 1
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("line 1, column 2"), "{err}");
    // Another format.
    let err = reject(&text.replace("escaque-envelope/1", "escaque-envelope/2"));
    assert!(err.to_string().contains("escaque-envelope/2"), "{err}");
}

/// The seals as docs/touch-and-adjournment.md describes them, recomputed by hand: an
/// envelope edited *and* resealed passes the seals but must still make sense.
#[test]
fn guidelines_i_resealed_but_inconsistent_envelope_is_rejected() {
    let envelope = sealed(ruy_lopez(), "Ba4");
    let mut file: serde_json::Value = serde_json::from_str(&envelope.to_file_text()).unwrap();
    let reseal = |file: &mut serde_json::Value| {
        let contents = file["contents"].as_object().unwrap().clone();
        let mut seals = serde_json::Map::new();
        let mut keys: Vec<_> = contents.keys().cloned().collect();
        keys.sort();
        let mut overall = Sha256::new();
        overall.update(b"escaque-envelope/1\n");
        for k in keys {
            let mut h = Sha256::new();
            h.update(b"escaque-envelope/1\0");
            h.update(k.as_bytes());
            h.update(b"\0");
            h.update(serde_json::to_string(&contents[&k]).unwrap().as_bytes());
            let seal = hex(&h.finalize());
            overall.update(format!("{k}={seal}\n").as_bytes());
            seals.insert(k, seal.into());
        }
        file["field_sha256"] = seals.into();
        file["sha256"] = hex(&overall.finalize()).into();
    };
    // Resealing without a change gives back the very same seals: the format is as documented.
    let original = file.clone();
    reseal(&mut file);
    assert_eq!(file, original);
    assert_eq!(file["sha256"], envelope.sha256());
    // Another sealer than the player to move, resealed in place (same layout).
    file["contents"]["sealer"] = "black".into();
    reseal(&mut file);
    let text = envelope
        .to_file_text()
        .replace("\"sealer\": \"white\"", "\"sealer\": \"black\"")
        .replace(
            original["field_sha256"]["sealer"].as_str().unwrap(),
            file["field_sha256"]["sealer"].as_str().unwrap(),
        )
        .replace(
            original["sha256"].as_str().unwrap(),
            file["sha256"].as_str().unwrap(),
        );
    let err = Envelope::from_file_text(&text, "x").unwrap_err();
    assert!(
        matches!(err.problem, EnvelopeProblem::Inconsistent(_)),
        "{err}"
    );
    assert!(
        err.to_string()
            .contains("the sealer is black but the position has white to move"),
        "{err}"
    );
}

#[test]
fn guidelines_i_7_opening_without_the_replier_present_is_refused() {
    let envelope = sealed(ruy_lopez(), "Ba4");
    let refused = open(envelope, false).unwrap_err();
    assert_eq!(refused.replier, Color::Black);
    assert_eq!(
        refused.to_string(),
        "the envelope is opened only when the player who replies to the sealed move (black, \
         Bruno Díaz) is present (Guidelines I.7); black's clock runs until they arrive (I.9)"
    );
    assert!(refused.events.contains(&AdjournEvent::ReplierAbsent {
        replier: Color::Black
    }));
    assert!(refused.events.contains(&AdjournEvent::ClockStarted {
        color: Color::Black,
        article: Article("I.9")
    }));
    // The envelope comes back shut; on arrival it is opened.
    let opened = open(refused.envelope, true).unwrap();
    assert!(opened.played().is_some());
}

#[test]
fn guidelines_i_sealed_move_cannot_be_read_before_opening() {
    // A move whose text appears nowhere else in the envelope.
    let envelope = sealed(ruy_lopez(), "Bxc6");
    // (Texts with an x and a capital: the hex of the seals cannot contain them by chance.)
    let hidden = ["Bxc6", "xc6"];
    let shown = [
        format!("{envelope:?}"),
        format!("{:?}", envelope.adjournment()),
        format!("{:?}", envelope.sealing_events()),
        envelope.to_file_text(),
    ];
    for text in &shown {
        for h in hidden {
            assert!(!text.contains(h), "{h} shown in {text}");
        }
    }
    let mut draft = SealDraft::new(ruy_lopez()).unwrap();
    draft.write("Bxc6", Letters::English).unwrap();
    assert!(!format!("{draft:?}").contains("Bxc6"));
    let refused = open(envelope, false).unwrap_err();
    assert!(!format!("{refused:?} {refused}").contains("Bxc6"));
    // Settling before resumption does not open it either.
    let settled = refused.envelope.clone().settle(Settlement::DrawAgreed);
    assert!(!format!("{settled:?}").contains("Bxc6"));
    // Opening shows it.
    let opened = open(refused.envelope, true).unwrap();
    assert_eq!(opened.sealed_text(), "Bxc6");
}

#[test]
fn guidelines_i_1_draft_can_be_changed_before_sealing_not_after() {
    let mut draft = SealDraft::new(ruy_lopez()).unwrap();
    assert_eq!(draft.sealer(), Color::White);
    assert_eq!(draft.written(), None);
    draft.write("Bxc6", Letters::English).unwrap();
    draft.write("Ac4", Letters::Spanish).unwrap();
    let ba4 = uci(draft.position(), "b5a4");
    draft.write_move(ba4).unwrap();
    assert_eq!(draft.written(), Some("Ba4"));
    // An empty move is not written.
    assert_eq!(
        draft.write("  ", Letters::English).unwrap_err(),
        AdjournError::NoMoveWritten
    );
    assert_eq!(draft.written(), Some("Ba4"));
    let envelope = draft.seal().unwrap();
    // After sealing, the only way to change the move is to edit the file, which is refused.
    let text = envelope.to_file_text();
    let mut other = SealDraft::new(ruy_lopez()).unwrap();
    other.write("Bxc6", Letters::English).unwrap();
    let other_text = other.seal().unwrap().to_file_text();
    let field = |t: &str| {
        let at = t.find("\"sealed_move\"").unwrap();
        t[at..at + t[at..].find('\n').unwrap()].to_string()
    };
    let swapped = text.replace(&field(&text), &field(&other_text));
    assert_ne!(swapped, text);
    let err = Envelope::from_file_text(&swapped, "x").unwrap_err();
    assert!(err.to_string().contains("field `sealed_move`"), "{err}");
    assert_eq!(open(envelope, true).unwrap().played().unwrap().1, "Ba4");
    // Sealing without a written move is refused.
    assert_eq!(
        SealDraft::new(ruy_lopez()).unwrap().seal().unwrap_err(),
        AdjournError::NoMoveWritten
    );
}

#[test]
fn guidelines_i_8_illegal_sealed_move_loses() {
    let envelope = sealed(ruy_lopez(), "Bxf7");
    let mut opened = open(envelope, true).unwrap();
    assert!(matches!(opened.reading(), SealedReading::Illegal { .. }));
    assert!(opened.needs_decision());
    assert!(opened.played().is_none());
    assert!(matches!(
        opened.events().last(),
        Some(AdjournEvent::SealedMoveDefective { text, .. }) if text == "Bxf7"
    ));
    assert!(
        !opened
            .events()
            .iter()
            .any(|e| matches!(e, AdjournEvent::ClockStarted { .. })),
        "no clock runs before the arbiter decides"
    );
    // An evident intention must be a legal move.
    let illegal = Move::normal("b5".parse().unwrap(), "f7".parse().unwrap());
    assert!(matches!(
        opened.decide(Ruling::IntentionEvident(illegal)),
        Err(AdjournError::BadRuling { .. })
    ));
    let decision = opened.decide(Ruling::Loses).unwrap().clone();
    assert_eq!(decision.result, Some(GameResult::BlackWins));
    assert_eq!(decision.article, Article("I.8"));
    assert_eq!(
        decision.reason,
        "the sealed move \"Bxf7\" is illegal: white loses (Guidelines I.8)"
    );
    assert_eq!(
        opened.result(),
        Some((GameResult::BlackWins, Article("I.8")))
    );
    assert!(matches!(
        opened.decide(Ruling::Loses),
        Err(AdjournError::AlreadyDecided(_))
    ));
}

#[test]
fn guidelines_i_8_ambiguous_sealed_move_with_evident_intention() {
    // Knights on b1 and f3 both reach d2.
    let fen = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    let pos = Position::from_fen(fen).unwrap();
    let mut opened = open(sealed(from_fen(fen), "Nd2"), true).unwrap();
    let b1d2 = uci(&pos, "b1d2");
    let f3d2 = uci(&pos, "f3d2");
    match opened.reading() {
        SealedReading::Ambiguous { candidates } => {
            assert!(candidates.contains(&b1d2) && candidates.contains(&f3d2));
        }
        other => panic!("{other:?}"),
    }
    // The arbiter's move must be one the text can mean.
    let err = opened
        .decide(Ruling::IntentionEvident(uci(&pos, "f3e5")))
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("is not one of the moves \"Nd2\" can mean"),
        "{err}"
    );
    let decision = opened.decide(Ruling::IntentionEvident(b1d2)).unwrap();
    assert_eq!(decision.played, Some(b1d2));
    assert_eq!(decision.result, None);
    assert!(
        decision.reason.contains("intention is evident"),
        "{}",
        decision.reason
    );
    assert_eq!(opened.played().map(|(m, _)| m), Some(b1d2));
    assert!(matches!(
        opened.events().last(),
        Some(AdjournEvent::ClockStarted {
            color: Color::Black,
            ..
        })
    ));
}

#[test]
fn guidelines_i_8_exceptions_of_articles_5_6_9_and_9_6() {
    // Unclear text; the arbiter finds the game was already decided on time (6.9).
    let mut opened = open(sealed(ruy_lopez(), "the bishop"), true).unwrap();
    assert!(matches!(opened.reading(), SealedReading::Unclear { .. }));
    let err = opened
        .decide(Ruling::AlreadyDecided {
            result: GameResult::WhiteWins,
            article: Article("7.5.5"),
        })
        .unwrap_err();
    assert_eq!(
        err,
        AdjournError::RulingArticle {
            article: Article("7.5.5")
        }
    );
    let d = opened
        .decide(Ruling::AlreadyDecided {
            result: GameResult::WhiteWins,
            article: Article("6.9"),
        })
        .unwrap();
    assert_eq!(d.result, Some(GameResult::WhiteWins));
    assert_eq!(d.article, Article("6.9"));
    // The sealed move would lose, but the replier (a bare king) cannot checkmate: a draw.
    let fen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
    let mut opened = open(sealed(from_fen(fen), "Qd9"), true).unwrap();
    let d = opened.decide(Ruling::Loses).unwrap();
    assert_eq!(d.result, Some(GameResult::Draw));
    assert_eq!(d.article, Article("6.9"));
    assert!(d.reason.contains("black cannot checkmate"), "{}", d.reason);
    // A clear move cannot be ruled on.
    let mut opened = open(sealed(ruy_lopez(), "Ba4"), true).unwrap();
    assert_eq!(
        opened.decide(Ruling::Loses).unwrap_err(),
        AdjournError::NoDecisionPending
    );
}

#[test]
fn guidelines_i_6_draw_or_resignation_before_resumption() {
    let s = sealed(ruy_lopez(), "Ba4").settle(Settlement::DrawAgreed);
    assert_eq!((s.result, s.article), (GameResult::Draw, Article("I.6")));
    let s = sealed(ruy_lopez(), "Ba4").settle(Settlement::Resigned(Color::Black));
    assert_eq!(
        (s.result, s.article),
        (GameResult::WhiteWins, Article("I.6"))
    );
    assert_eq!(s.reason, "black resigned before resumption");
    // Even with an illegal sealed move the resignation stands (interpretation of 1974).
    let s = sealed(ruy_lopez(), "Bxf7").settle(Settlement::Resigned(Color::Black));
    assert_eq!(s.result, GameResult::WhiteWins);
    // Resigning against a bare king is a draw (5.1.2).
    let fen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
    let s = sealed(from_fen(fen), "Qd7+").settle(Settlement::Resigned(Color::White));
    assert_eq!((s.result, s.article), (GameResult::Draw, Article("5.1.2")));
}

#[test]
fn guidelines_i_9_sealer_absent_replier_seals_the_reply() {
    let tmp = scratch("reply");
    let dir = tmp.path();
    let opened = open(sealed(ruy_lopez(), "Ba4"), true).unwrap();
    let mut reply = opened.reply_draft().unwrap();
    assert_eq!(reply.sealer(), Color::Black);
    assert_eq!(reply.adjournment().moves.len(), 7);
    reply.write("Nf6", Letters::English).unwrap();
    let envelope = reply.seal().unwrap();
    assert!(envelope.is_reply());
    assert_eq!(
        envelope.sealing_events(),
        vec![
            AdjournEvent::Sealed {
                sealer: Color::Black,
                move_number: 4,
                reply: true
            },
            AdjournEvent::ClockStarted {
                color: Color::White,
                article: Article("I.9")
            },
        ]
    );
    let path = dir.join("reply.json");
    envelope.write_to(&path).unwrap();
    let envelope = Envelope::read_from(&path).unwrap();
    assert!(envelope.is_reply());
    // Opened when the absent sealer (White, now the replier) arrives.
    assert!(open(envelope.clone(), false).is_err());
    let opened = open(envelope, true).unwrap();
    assert_eq!(opened.played().unwrap().1, "Nf6");
    assert_eq!(opened.scoresheet().len(), 8);
}

#[test]
fn guidelines_i_4_pending_offer_stays_open() {
    let adj = Adjournment {
        pending_offer: Some(Color::Black),
        ..ruy_lopez()
    };
    let envelope = sealed(adj, "Ba4");
    let read = Envelope::from_file_text(&envelope.to_file_text(), "x").unwrap();
    assert_eq!(read.adjournment().pending_offer, Some(Color::Black));
    let opened = open(read, true).unwrap();
    assert!(
        opened
            .events()
            .contains(&AdjournEvent::OfferPending { by: Color::Black })
    );
}

#[test]
fn guidelines_i_10_sealed_mate_stands_against_a_late_arrival() {
    // Scholar's mate sealed: Qxf7#.
    let mut game = Game::default();
    for m in ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"] {
        game.play_san(m, Letters::English).unwrap();
    }
    let adj = Adjournment {
        white: "W".into(),
        black: "B".into(),
        ..Adjournment::of_game(&game)
    };
    let opened = open(sealed(adj.clone(), "Qxf7#"), true).unwrap();
    assert_eq!(
        opened.result(),
        Some((GameResult::WhiteWins, Article("5.1.1")))
    );
    assert!(
        !opened
            .events()
            .iter()
            .any(|e| matches!(e, AdjournEvent::ClockStarted { .. }))
    );
    // The sealer arrives late: the mate stands.
    let s = sealed(adj.clone(), "Qxf7#").absent_after_default_time(Color::White);
    assert_eq!(
        (s.result, s.article),
        (GameResult::WhiteWins, Article("5.1.1"))
    );
    // Otherwise the late player loses.
    let s = sealed(adj, "Qxf6").absent_after_default_time(Color::Black);
    assert_eq!(
        (s.result, s.article),
        (GameResult::WhiteWins, Article("I.10"))
    );
}

#[test]
fn guidelines_i_12_lost_envelope() {
    let adj = ruy_lopez();
    match resume_without_envelope(Some(adj.clone()), "Ba4", Letters::English).unwrap() {
        LostEnvelope::Resumed(opened) => {
            assert_eq!(opened.played().unwrap().1, "Ba4");
            assert_eq!(opened.used_ms(Color::Black), 6_000_456);
            assert_eq!(opened.events()[0].article(), Article("I.12"));
        }
        other => panic!("{other:?}"),
    }
    // The move the sealer states must be a legal move.
    let err = resume_without_envelope(Some(adj), "Bxf7", Letters::English).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("the move \"Bxf7\" stated as sealed"),
        "{err}"
    );
    // No position: annulled.
    match resume_without_envelope(None, "Ba4", Letters::English).unwrap() {
        LostEnvelope::Annulled { events } => {
            assert_eq!(events[0].article(), Article("I.12"));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn guidelines_i_2_a_draft_needs_a_sound_adjournment() {
    let bad = |adj: Adjournment| SealDraft::new(adj).unwrap_err().to_string();
    assert_eq!(
        bad(Adjournment {
            black: " ".into(),
            ..ruy_lopez()
        }),
        "the envelope needs the black player's name (Guidelines I.2)"
    );
    let msg = bad(Adjournment {
        fen: "nonsense".into(),
        ..ruy_lopez()
    });
    assert!(
        msg.starts_with("the envelope's fen is not a valid position: "),
        "{msg}"
    );
    assert!(msg.contains("nonsense"), "{msg}");
    let mut moves = ruy_lopez().moves;
    moves[2] = "Nf4".into();
    let msg = bad(Adjournment {
        moves,
        ..ruy_lopez()
    });
    assert!(
        msg.starts_with("move 3 of the scoresheet, \"Nf4\": "),
        "{msg}"
    );
    let mut moves = ruy_lopez().moves;
    moves.pop();
    let msg = bad(Adjournment {
        moves,
        ..ruy_lopez()
    });
    assert!(
        msg.starts_with("the scoresheet does not lead to the adjourned position"),
        "{msg}"
    );
    // A finished game has nothing to seal.
    let msg = bad(from_fen(
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    ));
    assert_eq!(
        msg,
        "the game is already over by checkmate (Art. 5.1.1): there is nothing to seal or resume"
    );
    // Writing refuses what is no move at all.
    let mut draft = SealDraft::new(ruy_lopez()).unwrap();
    let err = draft.write(&"x".repeat(100), Letters::English).unwrap_err();
    assert!(err.to_string().contains("64 characters"), "{err}");
    let err = draft.write("Ba4\u{7}", Letters::English).unwrap_err();
    assert!(err.to_string().contains("control characters"), "{err}");
}

#[test]
fn guidelines_i_every_event_names_its_article() {
    let opened = open(sealed(ruy_lopez(), "Ba4"), true).unwrap();
    let articles: Vec<&str> = opened
        .events()
        .iter()
        .map(|e| e.article().number())
        .collect();
    assert_eq!(articles, vec!["I.5", "I.7", "I.9", "I.9"]);
}

#[test]
fn guidelines_i_garbage_never_panics() {
    let envelope = sealed(ruy_lopez(), "Ba4");
    let text = envelope.to_file_text();
    let inputs = [
        String::new(),
        "{}".to_string(),
        "null".to_string(),
        "[1,2,3]".to_string(),
        text.replace("\"moves\": [", "\"moves\": [1,"),
        text.replace("5400123", "-1"),
        text.replace("5400123", "99999999999999999999999"),
        text.replace("\"white\"", "\"white\": 1, \"x\""),
        text.repeat(2),
    ];
    for input in inputs {
        assert!(Envelope::from_file_text(&input, "g").is_err());
    }
    assert!(Envelope::from_file_bytes(&[0xff, 0xfe, 0x00], "g").is_err());
    assert!(Envelope::read_from(std::path::Path::new("/nonexistent/e.json")).is_err());
}

// --- Resumption into a game with its clock ---------------------------------------------------

mod into_game {
    use super::*;
    use escaque::laws::adjourn::{Resume, SealedClock};
    use escaque::laws::clock::ClockOptions;
    use escaque::laws::time_control::TimeControl;
    use escaque::laws::{GameError, GameEvent, Termination};

    /// 15+10 from 0: 1.e4 (10 s) e5 (15 s) 2.Nf3 (20 s) Nc6 (5 s), White thinking 30 s on
    /// move 3 when the session ends at 80 s: White used 60 s and shows 14:20, Black used
    /// 20 s and shows 15:00.
    fn played() -> Game {
        let tc: TimeControl = "15+10".parse().unwrap();
        let mut g = Game::with_clock(Position::new(), tc, ClockOptions::default());
        g.start_clock(0).unwrap();
        for (m, at) in [
            ("e4", 10_000),
            ("e5", 25_000),
            ("Nf3", 45_000),
            ("Nc6", 50_000),
        ] {
            let mv = escaque::core::parse_move(g.position(), m, Letters::English).unwrap();
            g.play_at(mv, at).unwrap();
        }
        g
    }

    fn adjourned(g: &Game, now: u64) -> Adjournment {
        Adjournment {
            white: "Ana".into(),
            black: "Bruno".into(),
            ..Adjournment::of_game_at(g, now)
        }
    }

    fn remaining(g: &Game, c: Color, now: u64) -> u64 {
        g.clock().unwrap().remaining(c, now).unwrap().main_ms
    }

    fn ended(g: &Game) -> (GameResult, Termination, &'static str) {
        let o = g.outcome().expect("the game is over");
        (o.result, o.termination, o.article.number())
    }

    #[test]
    fn guidelines_i_5_i_9_seal_file_open_game_play_on() {
        let tmp = scratch("into-game");
        let dir = tmp.path();
        let mut g = played();
        let adj = adjourned(&g, 80_000);
        assert_eq!((adj.white_used_ms, adj.black_used_ms), (60_000, 20_000));
        assert_eq!(
            adj.clock,
            Some(SealedClock {
                time_control: "15+10".parse().unwrap(),
                remaining_ms: [860_000, 900_000],
                moves: [2, 2],
            })
        );
        let mut draft = SealDraft::new(adj).unwrap();
        draft.write("Bb5", Letters::English).unwrap();
        let envelope = draft.seal().unwrap();
        g.record_seal(&envelope, 80_000).unwrap();
        assert!(
            g.events()
                .iter()
                .any(|e| matches!(e, GameEvent::Adjourn(AdjournEvent::Sealed { .. })))
        );
        // The clock stopped at the seal.
        assert_eq!(remaining(&g, Color::White, 500_000), 860_000);
        let path = dir.join("game.envelope");
        envelope.write_to(&path).unwrap();

        // The next day, by the same time source: the session starts at 1 000 s.
        let envelope = Envelope::read_from(&path).unwrap();
        let opened = open(envelope, true).unwrap();
        let mut g = opened.into_game(&Resume::at(1_000_000)).unwrap();
        assert_eq!(g.plies().len(), 5);
        assert_eq!(g.plies()[4].san, "Bb5");
        assert_eq!(g.position().turn(), Color::Black);
        // The sealed move counts as White's third move and gets its increment.
        assert_eq!(g.plies()[4].clock_ms, Some(870_000));
        let clock = g.clock().unwrap();
        assert_eq!(clock.moves(Color::White), 3);
        assert_eq!(clock.running(), Some(Color::Black));
        assert_eq!(clock.used(Color::White, 1_000_000), 60_000);
        assert_eq!(remaining(&g, Color::Black, 1_030_000), 870_000);
        for kind in ["EnvelopeOpened", "SealedMovePlayed", "ClocksSet"] {
            assert!(
                g.events().iter().any(
                    |e| matches!(e, GameEvent::Adjourn(a) if format!("{a:?}").starts_with(kind))
                ),
                "{kind}"
            );
        }
        // Play on.
        let a6 = escaque::core::parse_move(g.position(), "a6", Letters::English).unwrap();
        g.play_at(a6, 1_030_000).unwrap();
        assert_eq!(g.plies()[5].clock_ms, Some(880_000));
        let ba4 = escaque::core::parse_move(g.position(), "Ba4", Letters::English).unwrap();
        g.play_at(ba4, 1_040_000).unwrap();
        assert_eq!(g.plies()[6].clock_ms, Some(870_000));
        assert!(!g.is_over());
    }

    #[test]
    fn guidelines_i_5_clocks_set_from_the_times_used_when_the_envelope_has_no_clocks() {
        let g = played();
        let adj = Adjournment {
            clock: None,
            ..adjourned(&g, 80_000)
        };
        let opened = open(sealed(adj, "Bb5"), true).unwrap();
        let resume = Resume {
            time_control: Some("15+10".parse().unwrap()),
            ..Resume::at(7_000)
        };
        let g = opened.into_game(&resume).unwrap();
        // 15 min + 2 increments − 60 s used, then the sealed move's increment.
        assert_eq!(g.plies()[4].clock_ms, Some(870_000));
        // Black: 15 min + 2 increments − 20 s.
        assert_eq!(remaining(&g, Color::Black, 7_000), 900_000);
        // A 40/90 control: the period is found from the move count.
        let tc: TimeControl = "90/40:30".parse().unwrap();
        let mut base = Game::default();
        for m in ["e4", "e5"] {
            base.play_san(m, Letters::English).unwrap();
        }
        let adj = Adjournment {
            white: "W".into(),
            black: "B".into(),
            white_used_ms: 600_000,
            black_used_ms: 1_200_000,
            ..Adjournment::of_game(&base)
        };
        let resume = Resume {
            time_control: Some(tc),
            ..Resume::at(0)
        };
        let g = open(sealed(adj, "Nf3"), true)
            .unwrap()
            .into_game(&resume)
            .unwrap();
        assert_eq!(g.plies()[2].clock_ms, Some(5_400_000 - 600_000));
        assert_eq!(remaining(&g, Color::Black, 0), 5_400_000 - 1_200_000);
    }

    #[test]
    fn guidelines_i_9_b_absent_replier_clock_runs_until_arrival() {
        let g = played();
        let envelope = sealed(adjourned(&g, 80_000), "Bb5");
        let shut = open(envelope, false).unwrap_err();
        assert!(shut.events.contains(&AdjournEvent::ReplierAbsent {
            replier: Color::Black
        }));
        // Black arrives ten minutes after the start; the envelope is opened then.
        let resume = Resume {
            start: 1_000_000,
            opened: 1_600_000,
            ..Resume::default()
        };
        let g = open(shut.envelope, true)
            .unwrap()
            .into_game(&resume)
            .unwrap();
        assert_eq!(remaining(&g, Color::Black, 1_600_000), 300_000);
        assert!(g.events().iter().any(|e| matches!(
            e,
            GameEvent::Adjourn(AdjournEvent::ReplierAbsent {
                replier: Color::Black
            })
        )));
        // Arriving after the whole of the time: the flag fell while away (6.9).
        let resume = Resume {
            start: 1_000_000,
            opened: 2_000_000,
            ..Resume::default()
        };
        let envelope = sealed(adjourned(&played(), 80_000), "Bb5");
        let g = open(envelope, true).unwrap().into_game(&resume).unwrap();
        assert_eq!(
            ended(&g),
            (GameResult::WhiteWins, Termination::FlagFall, "6.9")
        );
    }

    #[test]
    fn guidelines_i_11_neither_present_the_replier_loses_the_time_until_arrival() {
        // A default time that is not zero; both players late. The sealer's clock does not
        // run: the replier's runs from the start of the session until they arrive.
        let envelope = sealed(adjourned(&played(), 80_000), "Bb5");
        let resume = Resume {
            start: 1_000_000,
            opened: 1_300_000,
            ..Resume::default()
        };
        let g = open(envelope, true).unwrap().into_game(&resume).unwrap();
        assert_eq!(remaining(&g, Color::Black, 1_300_000), 600_000);
        assert_eq!(
            g.plies()[4].clock_ms,
            Some(870_000),
            "the sealer lost nothing"
        );
        assert_eq!(g.clock().unwrap().used(Color::Black, 1_300_000), 320_000);
    }

    #[test]
    fn guidelines_i_9_c_sealer_absent_reply_sealed_and_opened_into_a_game() {
        let tmp = scratch("reply-game");
        let dir = tmp.path();
        let envelope = sealed(adjourned(&played(), 80_000), "Bb5");
        // White, the sealer, is absent: Black opens, thinks 40 s and seals the reply.
        let mut g = open(envelope, true)
            .unwrap()
            .into_game(&Resume::at(1_000_000))
            .unwrap();
        let mut draft = SealDraft::new(adjourned(&g, 1_040_000)).unwrap().as_reply();
        draft.write("a6", Letters::English).unwrap();
        let reply = draft.seal().unwrap();
        assert!(reply.is_reply());
        g.record_seal(&reply, 1_040_000).unwrap();
        let path = dir.join("reply.envelope");
        reply.write_to(&path).unwrap();
        // White's clock started when the reply was sealed; White arrives 100 s later.
        let reply = Envelope::read_from(&path).unwrap();
        assert_eq!(reply.replier(), Color::White);
        let resume = Resume {
            start: 1_040_000,
            opened: 1_140_000,
            ..Resume::default()
        };
        let g = open(reply, true).unwrap().into_game(&resume).unwrap();
        assert_eq!(g.plies().len(), 6);
        assert_eq!(g.plies()[5].san, "a6");
        // Black: 900 s − 40 s + 10 s increment.
        assert_eq!(g.plies()[5].clock_ms, Some(870_000));
        assert_eq!(remaining(&g, Color::White, 1_140_000), 770_000);
        assert_eq!(g.clock().unwrap().running(), Some(Color::White));
    }

    #[test]
    fn guidelines_i_6_draw_or_resignation_before_resumption_ends_the_game() {
        let envelope = sealed(adjourned(&played(), 80_000), "Bb5");
        let g = envelope
            .clone()
            .settle_into_game(Settlement::DrawAgreed, &Resume::at(900_000))
            .unwrap();
        assert_eq!(
            ended(&g),
            (
                GameResult::Draw,
                Termination::SettledBeforeResumption,
                "I.6"
            )
        );
        assert_eq!(g.plies().len(), 4, "the envelope is never opened");
        let g = envelope
            .settle_into_game(Settlement::Resigned(Color::Black), &Resume::at(900_000))
            .unwrap();
        assert_eq!(
            ended(&g),
            (
                GameResult::WhiteWins,
                Termination::SettledBeforeResumption,
                "I.6"
            )
        );
        // A resignation when the opponent cannot mate is a draw (5.1.2).
        let envelope = sealed(from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), "e4");
        let g = envelope
            .settle_into_game(Settlement::Resigned(Color::White), &Resume::at(0))
            .unwrap();
        assert_eq!(ended(&g).1, Termination::ResignationOpponentCannotMate);
    }

    #[test]
    fn guidelines_i_8_a_game_waits_for_the_arbiter_then_follows_the_ruling() {
        let envelope = sealed(adjourned(&played(), 80_000), "Qh8");
        let mut opened = open(envelope, true).unwrap();
        assert!(matches!(
            opened.clone().into_game(&Resume::at(0)),
            Err(AdjournError::DecisionPending)
        ));
        opened.decide(Ruling::Loses).unwrap();
        let g = opened.into_game(&Resume::at(0)).unwrap();
        assert_eq!(
            ended(&g),
            (
                GameResult::BlackWins,
                Termination::SealedMoveDefective,
                "I.8"
            )
        );
        assert!(matches!(
            g.events().last(),
            Some(GameEvent::GameEnded { .. })
        ));
    }

    #[test]
    fn guidelines_i_10_late_arrival_into_a_game() {
        let envelope = sealed(adjourned(&played(), 80_000), "Bb5");
        let g = envelope
            .default_into_game(Color::Black, &Resume::at(4_000_000))
            .unwrap();
        assert_eq!(
            ended(&g),
            (
                GameResult::WhiteWins,
                Termination::DefaultAtResumption,
                "I.10"
            )
        );
        // The sealed move mates: that stands against the late arrival.
        let mut fool = Game::default();
        for m in ["f3", "e5", "g4"] {
            fool.play_san(m, Letters::English).unwrap();
        }
        let adj = Adjournment {
            white: "W".into(),
            black: "B".into(),
            ..Adjournment::of_game(&fool)
        };
        let g = sealed(adj, "Qh4")
            .default_into_game(Color::White, &Resume::at(0))
            .unwrap();
        assert_eq!(
            ended(&g),
            (GameResult::BlackWins, Termination::Checkmate, "5.1.1")
        );
    }

    #[test]
    fn guidelines_i_12_lost_envelope_resumes_into_a_game() {
        let adj = adjourned(&played(), 80_000);
        let LostEnvelope::Resumed(opened) =
            resume_without_envelope(Some(adj), "Bb5", Letters::English).unwrap()
        else {
            panic!("the position is known: the game resumes");
        };
        let g = opened.into_game(&Resume::at(2_000_000)).unwrap();
        assert_eq!(g.plies()[4].san, "Bb5");
        assert_eq!(g.plies()[4].clock_ms, Some(870_000));
        assert!(g.events().iter().any(|e| matches!(
            e,
            GameEvent::Adjourn(AdjournEvent::ClocksSet { article, .. }) if article.number() == "I.12"
        )));
    }

    #[test]
    fn guidelines_i_4_pending_offer_carried_into_the_game() {
        let mut g = played();
        g.offer_draw(Color::Black).unwrap();
        let envelope = sealed(adjourned(&g, 80_000), "Bb5");
        let mut g = open(envelope, true)
            .unwrap()
            .into_game(&Resume::at(1_000_000))
            .unwrap();
        assert_eq!(g.pending_offer().map(|o| o.by), Some(Color::Black));
        g.accept_draw(Color::White).unwrap();
        assert_eq!(ended(&g).1, Termination::Agreement);
    }

    #[test]
    fn guidelines_i_13_wrong_time_corrected_before_the_first_move_only() {
        let resumed = || {
            open(sealed(adjourned(&played(), 80_000), "Bb5"), true)
                .unwrap()
                .into_game(&Resume::at(1_000_000))
                .unwrap()
        };
        // White had really used 90 s, not 60 s: Black points it out before moving.
        let mut g = resumed();
        assert_eq!(g.resumed_from_adjournment(), Some([60_000, 20_000]));
        g.correct_resumed_time(Color::Black, Color::White, Some(90_000))
            .unwrap();
        assert_eq!(remaining(&g, Color::White, 1_000_000), 840_000);
        assert!(g.events().iter().any(|e| matches!(
            e,
            GameEvent::Adjourn(AdjournEvent::TimeCorrected {
                used_ms: 90_000,
                ..
            })
        )));
        // Black's own time was shown too high: corrected the other way.
        g.correct_resumed_time(Color::Black, Color::Black, Some(10_000))
            .unwrap();
        assert_eq!(remaining(&g, Color::Black, 1_000_000), 910_000);
        // Not established: no correction.
        let mut g = resumed();
        g.correct_resumed_time(Color::White, Color::Black, None)
            .unwrap();
        assert_eq!(remaining(&g, Color::Black, 1_000_000), 900_000);
        assert!(matches!(
            g.events().last(),
            Some(GameEvent::Adjourn(AdjournEvent::TimeNotCorrected { .. }))
        ));
        // After one's first move it is too late.
        let mut g = resumed();
        let a6 = escaque::core::parse_move(g.position(), "a6", Letters::English).unwrap();
        g.play_at(a6, 1_010_000).unwrap();
        assert_eq!(
            g.correct_resumed_time(Color::Black, Color::White, Some(90_000)),
            Err(GameError::TooLateToCorrect(Color::Black))
        );
        // White has not moved since the resumption (the sealed move was before it).
        assert!(
            g.correct_resumed_time(Color::White, Color::White, Some(90_000))
                .is_ok()
        );
        // A game that was not resumed.
        let mut g = played();
        assert_eq!(
            g.correct_resumed_time(Color::White, Color::White, None),
            Err(GameError::NotResumed)
        );
    }

    #[test]
    fn guidelines_i_14_the_session_ends_by_the_wall_clock() {
        let mut g = open(sealed(adjourned(&played(), 80_000), "Bb5"), true)
            .unwrap()
            .into_game(&Resume::at(1_000_000))
            .unwrap();
        // Announced in advance; kept by the wall clock (the instants given to the game),
        // whatever the chess clocks show in total (FIDE interpretation of 1974 to Art. 15.1).
        let told = |g: &Game| {
            g.events()
                .iter()
                .filter(|e| matches!(e, GameEvent::Adjourn(AdjournEvent::SessionEnded { .. })))
                .count()
        };
        g.set_session_end(1_000_000 + 600_000);
        assert_eq!(g.session_end(), Some(1_600_000));
        g.tick(1_599_999);
        assert_eq!(told(&g), 0);
        g.tick(1_600_000);
        assert!(g.events().iter().any(|e| matches!(
            e,
            GameEvent::Adjourn(AdjournEvent::SessionEnded {
                sealer: Color::Black,
                ..
            })
        )));
        // An untimed game: told once.
        let mut g = Game::default();
        g.set_session_end(5_000);
        g.tick(4_999);
        assert_eq!(told(&g), 0);
        g.tick(5_000);
        g.tick(9_000);
        assert_eq!(told(&g), 1, "told once");
        assert!(g.events().iter().any(|e| matches!(
            e,
            GameEvent::Adjourn(AdjournEvent::SessionEnded {
                at: 5_000,
                sealer: Color::White
            })
        )));
        assert_eq!(
            AdjournEvent::SessionEnded {
                at: 0,
                sealer: Color::White
            }
            .article()
            .number(),
            "I.14"
        );
    }

    #[test]
    fn guidelines_i_envelope_without_clocks_has_no_clock_field() {
        let text = sealed(from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), "e4").to_file_text();
        assert!(!text.contains("\"clock\""));
        let text = sealed(adjourned(&played(), 80_000), "Bb5").to_file_text();
        assert!(text.contains("\"time_control\": \"900+10\""));
        // The clocks are sealed like every field.
        let altered = text.replace(
            "\"white_remaining_ms\": 860000",
            "\"white_remaining_ms\": 960000",
        );
        assert_ne!(altered, text);
        let err = Envelope::from_file_text(&altered, "x").unwrap_err();
        assert!(
            matches!(err.problem, EnvelopeProblem::FieldAltered { ref fields } if fields == &["clock".to_string()])
        );
    }
}
