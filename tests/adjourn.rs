//! Adjourned games (Guidelines I; Art. 15–16 of the 1970s Laws): the sealed move, the
//! tamper-evident envelope file and the resumption.

use std::path::PathBuf;

use escaque::core::{Color, Letters, Move, Position};
use escaque::laws::adjourn::{
    AdjournError, AdjournEvent, Adjournment, Envelope, EnvelopeProblem, LostEnvelope, Ruling,
    SealDraft, SealedReading, Settlement, open, resume_without_envelope,
};
use escaque::laws::{Article, Game, GameResult};
use sha2::{Digest, Sha256};

/// A fresh folder for this test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("escaque-adjourn-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
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
    let dir = scratch("round-trip");
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
    let names: Vec<_> = std::fs::read_dir(&dir)
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
    let _ = std::fs::remove_dir_all(&dir);
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
    let dir = scratch("reply");
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
    let _ = std::fs::remove_dir_all(&dir);
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
