//! Arbitrary bytes into the PGN reader, the replay and the writer.
//!
//! Besides "never panics", it checks the writer's promise: every game the reader accepts,
//! written and read again, gives the same game (moves, comments, NAGs, variations, clock
//! data; the tags read are all kept) and writes to the same text a second time.

#![no_main]

use escaque::core::{Letters, Notation};
use escaque::laws::pgn::{MoveNode, MoveText, PgnGame, ReadOptions, Reader, WriteOptions};
use escaque::laws::pgn::{read_str, write_game, write_game_report};
use libfuzzer_sys::fuzz_target;

fn clear_places(line: &mut [MoveNode]) {
    for n in line {
        n.line = 0;
        n.column = 0;
        for v in &mut n.variations {
            clear_places(v);
        }
    }
}

fn content(g: &PgnGame) -> PgnGame {
    let mut g = g.clone();
    g.index = 0;
    g.line = 0;
    clear_places(&mut g.moves);
    g
}

fuzz_target!(|data: &[u8]| {
    let opts = ReadOptions {
        max_game_bytes: 1 << 16,
        max_depth: 32,
    };
    let write = WriteOptions::default();
    for item in Reader::with_options(data, opts) {
        let Ok(game) = item else { continue };
        let replay = game.replay(Letters::English);
        assert_eq!(replay.positions.len(), replay.moves.len() + 1);
        let _ = game.replay(Letters::Spanish);

        let text = write_game(&game, &write);
        let again: Vec<_> = read_str(&text).collect();
        assert_eq!(
            again.len(),
            1,
            "one game written, read back as {again:?}:\n{text}"
        );
        let back = match &again[0] {
            Ok(g) => g,
            Err(e) => panic!("the written game reads as an error: {e}\n{text}"),
        };
        let (a, b) = (content(&game), content(back));
        assert_eq!(a.moves, b.moves, "moves differ after a round trip:\n{text}");
        assert_eq!(a.comment_before, b.comment_before, "{text}");
        if a.result.is_some() {
            assert_eq!(a.result, b.result, "{text}");
        }
        for t in &a.tags {
            assert!(b.tags.contains(t), "tag {t:?} lost:\n{text}");
        }
        assert_eq!(write_game(back, &write), text, "written twice differently");

        for moves in [
            MoveText::Notation(Notation::SPANISH),
            MoveText::Notation(Notation::LONG),
            MoveText::Uci,
        ] {
            let (converted, _errors) = write_game_report(
                &game,
                &WriteOptions {
                    moves,
                    ..WriteOptions::default()
                },
            );
            // A converted game still reads as one game, without error.
            let read: Vec<_> = read_str(&converted).collect();
            assert!(read.len() == 1 && read[0].is_ok(), "{read:?}\n{converted}");
        }
    }
});
