//! Generates the attack tables of the rules core at build time, so that the move generator
//! reads plain `static` arrays with no lazy initialisation in its hot path.
//!
//! Bishops use "fancy" magic bitboards: for every square a mask of the relevant blockers, a
//! magic multiplier and a shift map each blocker subset to a slot of one shared table (41 KB).
//! Rooks do not: their magic table took 800 KB, and `src/core/attacks.rs` reads their ranks
//! and files from two small tables of its own instead. The magics are searched here with a
//! fixed-seed generator, so the build is deterministic; every magic is checked against every
//! blocker subset before it is accepted, so a wrong table cannot be produced.

use std::fmt::Write as _;
use std::path::PathBuf;

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn on_board(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

fn bit(f: i32, r: i32) -> u64 {
    1u64 << (r * 8 + f)
}

/// Attacks of a slider on `sq` given the occupancy `occ`, by walking the rays.
fn slide(sq: usize, occ: u64, dirs: &[(i32, i32); 4]) -> u64 {
    let (f0, r0) = ((sq % 8) as i32, (sq / 8) as i32);
    let mut att = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while on_board(f, r) {
            att |= bit(f, r);
            if occ & bit(f, r) != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    att
}

/// The blockers that matter for a slider on `sq`: the rays without their last square.
fn relevant_mask(sq: usize, dirs: &[(i32, i32); 4]) -> u64 {
    let (f0, r0) = ((sq % 8) as i32, (sq / 8) as i32);
    let mut mask = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while on_board(f + df, r + dr) {
            mask |= bit(f, r);
            f += df;
            r += dr;
        }
    }
    mask
}

fn leaper(sq: usize, deltas: &[(i32, i32)]) -> u64 {
    let (f0, r0) = ((sq % 8) as i32, (sq / 8) as i32);
    deltas
        .iter()
        .filter(|&&(df, dr)| on_board(f0 + df, r0 + dr))
        .fold(0, |acc, &(df, dr)| acc | bit(f0 + df, r0 + dr))
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

/// Finds a magic for every square and fills the shared table.
fn build_magics(dirs: &[(i32, i32); 4], rng: &mut Rng, table: &mut Vec<u64>) -> Vec<Magic> {
    let mut magics = Vec::with_capacity(64);
    for sq in 0..64 {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let size = 1usize << bits;
        // Enumerate all subsets of the mask (Carry-Rippler).
        let mut subsets = Vec::with_capacity(size);
        let mut sub = 0u64;
        loop {
            subsets.push((sub, slide(sq, sub, dirs)));
            sub = sub.wrapping_sub(mask) & mask;
            if sub == 0 {
                break;
            }
        }
        let shift = 64 - bits;
        let mut slots = vec![0u64; size];
        let mut used = vec![0u32; size];
        let mut epoch = 0u32;
        let magic = loop {
            let magic = rng.sparse();
            if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
                continue;
            }
            epoch += 1;
            let ok = subsets.iter().all(|&(occ, att)| {
                let idx = (occ.wrapping_mul(magic) >> shift) as usize;
                if used[idx] != epoch {
                    used[idx] = epoch;
                    slots[idx] = att;
                    true
                } else {
                    slots[idx] == att
                }
            });
            if ok {
                break magic;
            }
        };
        let offset = table.len();
        table.extend_from_slice(&slots);
        magics.push(Magic {
            mask,
            magic,
            shift,
            offset,
        });
    }
    magics
}

fn write_array(out: &mut String, name: &str, ty: &str, values: &[u64]) {
    writeln!(
        out,
        "pub(crate) static {name}: [{ty}; {}] = [",
        values.len()
    )
    .unwrap();
    for chunk in values.chunks(8) {
        out.push_str("   ");
        for v in chunk {
            write!(out, " 0x{v:016x},").unwrap();
        }
        out.push('\n');
    }
    out.push_str("];\n");
}

fn write_magics(out: &mut String, name: &str, magics: &[Magic]) {
    writeln!(out, "pub(crate) static {name}: [Magic; 64] = [").unwrap();
    for m in magics {
        writeln!(
            out,
            "    Magic {{ mask: 0x{:016x}, magic: 0x{:016x}, shift: {}, offset: {} }},",
            m.mask, m.magic, m.shift, m.offset
        )
        .unwrap();
    }
    out.push_str("];\n");
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let mut out = String::new();
    out.push_str("// Generated by build.rs: attack tables for the rules core. Do not edit.\n\n");

    let knight: Vec<u64> = (0..64)
        .map(|sq| {
            leaper(
                sq,
                &[
                    (1, 2),
                    (2, 1),
                    (2, -1),
                    (1, -2),
                    (-1, -2),
                    (-2, -1),
                    (-2, 1),
                    (-1, 2),
                ],
            )
        })
        .collect();
    let king: Vec<u64> = (0..64)
        .map(|sq| {
            leaper(
                sq,
                &[
                    (1, 0),
                    (1, 1),
                    (0, 1),
                    (-1, 1),
                    (-1, 0),
                    (-1, -1),
                    (0, -1),
                    (1, -1),
                ],
            )
        })
        .collect();
    let mut pawn: Vec<u64> = (0..64).map(|sq| leaper(sq, &[(1, 1), (-1, 1)])).collect();
    pawn.extend((0..64).map(|sq| leaper(sq, &[(1, -1), (-1, -1)])));
    write_array(&mut out, "KNIGHT", "u64", &knight);
    write_array(&mut out, "KING", "u64", &king);
    write_array(&mut out, "PAWN", "u64", &pawn);

    // BETWEEN[a][b]: the squares strictly between a and b on a common line, else 0.
    // LINE[a][b]: the whole line through a and b (edge to edge), else 0.
    let mut between = vec![0u64; 64 * 64];
    let mut line = vec![0u64; 64 * 64];
    for a in 0..64usize {
        for dirs in [&ROOK_DIRS, &BISHOP_DIRS] {
            for &(df, dr) in dirs.iter() {
                let (fa, ra) = ((a % 8) as i32, (a / 8) as i32);
                let full = slide(a, 0, &[(df, dr); 4]) | slide(a, 0, &[(-df, -dr); 4]) | (1 << a);
                let (mut f, mut r) = (fa + df, ra + dr);
                let mut path = 0u64;
                while on_board(f, r) {
                    let b = (r * 8 + f) as usize;
                    between[a * 64 + b] = path;
                    line[a * 64 + b] = full;
                    path |= bit(f, r);
                    f += df;
                    r += dr;
                }
            }
        }
    }
    write_array(&mut out, "BETWEEN", "u64", &between);
    write_array(&mut out, "LINE", "u64", &line);

    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut slider = Vec::new();
    let bishop = build_magics(&BISHOP_DIRS, &mut rng, &mut slider);
    write_magics(&mut out, "BISHOP_MAGICS", &bishop);
    write_array(&mut out, "SLIDER", "u64", &slider);

    let path = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR")).join("attacks.rs");
    std::fs::write(path, out).expect("write attack tables");
}
