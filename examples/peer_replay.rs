//! The replay peer of `benches/adjudicate.sh`: shakmaty + pgn-reader replaying PGN files
//! given as arguments, tracking what an arbiter's replay must track at every ply and no more:
//! repetitions (a count per position key, castling rights and the en-passant square included,
//! cleared at each capture or pawn move, since no earlier position can come back), the 50- and
//! 75-move counts (the halfmove clock), and insufficient material; mate or stalemate at the
//! end of each game. It prints one line per file (games, plies, illegal moves, threefold and
//! fivefold repetitions met, 75-move ends, dead material, mates, stalemates), so its work
//! cannot be optimised away.
//!
//!   cargo build --release --example peer_replay
//!   target/release/examples/peer_replay FILE.pgn...

use std::{collections::HashMap, env, fs::File, io, process};

use pgn_reader::{BufferedReader, RawHeader, SanPlus, Skip, Visitor};
use shakmaty::{
    CastlingMode, Chess, EnPassantMode, Position,
    fen::Fen,
    zobrist::{Zobrist64, ZobristHash},
};

#[derive(Default)]
struct Counts {
    games: u64,
    plies: u64,
    illegal: u64,
    threefold: u64,
    fivefold: u64,
    seventy_five: u64,
    insufficient: u64,
    mates: u64,
    stalemates: u64,
}

struct Replay {
    pos: Chess,
    ok: bool,
    seen: HashMap<u64, u8>,
    counts: Counts,
}

impl Replay {
    fn key(&self) -> u64 {
        self.pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
    }

    /// Counts the present position once more and reports 3- and 5-fold repetitions.
    fn record(&mut self) {
        let key = self.key();
        let n = self.seen.entry(key).or_insert(0);
        *n += 1;
        match *n {
            3 => self.counts.threefold += 1,
            5 => self.counts.fivefold += 1,
            _ => {}
        }
    }
}

impl Visitor for Replay {
    type Result = ();

    fn begin_game(&mut self) {
        self.counts.games += 1;
        self.pos = Chess::default();
        self.ok = true;
        self.seen.clear();
    }

    fn header(&mut self, key: &[u8], value: RawHeader<'_>) {
        if key == b"FEN" {
            match Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|fen| fen.into_position(CastlingMode::Chess960).ok())
            {
                Some(pos) => self.pos = pos,
                None => self.ok = false,
            }
        }
    }

    fn end_headers(&mut self) -> Skip {
        if self.ok {
            self.record();
        }
        Skip(!self.ok)
    }

    fn begin_variation(&mut self) -> Skip {
        Skip(true)
    }

    fn san(&mut self, san_plus: SanPlus) {
        if !self.ok {
            return;
        }
        match san_plus.san.to_move(&self.pos) {
            Ok(m) => {
                let irreversible = m.is_zeroing();
                self.pos.play_unchecked(&m);
                self.counts.plies += 1;
                if irreversible {
                    self.seen.clear();
                }
                self.record();
                if self.pos.halfmoves() == 150 {
                    self.counts.seventy_five += 1;
                }
                if self.pos.is_insufficient_material() {
                    self.counts.insufficient += 1;
                }
            }
            Err(_) => {
                self.counts.illegal += 1;
                self.ok = false;
            }
        }
    }

    fn end_game(&mut self) {
        if self.ok {
            if self.pos.is_checkmate() {
                self.counts.mates += 1;
            } else if self.pos.is_stalemate() {
                self.counts.stalemates += 1;
            }
        }
    }
}

fn main() -> io::Result<()> {
    let files: Vec<String> = env::args().skip(1).collect();
    if files.is_empty() {
        eprintln!("usage: peer_replay FILE.pgn...");
        process::exit(2);
    }
    for path in files {
        let mut replay = Replay {
            pos: Chess::default(),
            ok: true,
            seen: HashMap::new(),
            counts: Counts::default(),
        };
        let mut reader = BufferedReader::new(File::open(&path)?);
        reader.read_all(&mut replay)?;
        let c = &replay.counts;
        println!(
            "{path}: {} games, {} plies, {} illegal, {} threefold, {} fivefold, {} 75-move, {} insufficient, {} mates, {} stalemates",
            c.games,
            c.plies,
            c.illegal,
            c.threefold,
            c.fivefold,
            c.seventy_five,
            c.insufficient,
            c.mates,
            c.stalemates
        );
    }
    Ok(())
}
