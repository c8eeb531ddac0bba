//! The fuzz inputs: each is a pure function of the run's seed and its index, so a finding is
//! reproduced by its number alone. Four sources: grammar-aware mutations of the shipped games and
//! the diagnostic fixtures, random bytes, and generated games (both families, ordinary and with
//! numbers near ±2^63).

use gamec::generate::{self, Config};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Where an input came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Mutated,
    Bytes,
    Generated,
    Extreme,
    Throw,
}

pub const SOURCES: [Source; 5] = [
    Source::Mutated,
    Source::Bytes,
    Source::Generated,
    Source::Extreme,
    Source::Throw,
];

impl Source {
    pub fn name(self) -> &'static str {
        match self {
            Source::Mutated => "mutated",
            Source::Bytes => "bytes",
            Source::Generated => "generated",
            Source::Extreme => "extreme",
            Source::Throw => "throw",
        }
    }
}

/// Numbers that sit on the edges: of 64 bits, of the documented limits, of signs.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "7",
    "999999",
    "1000000",
    "1000001",
    "10000000",
    "4611686018427387904",
    "9223372036854775806",
    "9223372036854775807",
    "-9223372036854775807",
    "(-9223372036854775807 - 1)",
    "99999999999999999999",
];

/// Tokens of the language, to insert where they may make a near-valid file.
const PIECES: &[&str] = &[
    "game",
    "state",
    "move",
    "end",
    "if",
    "then",
    "else",
    "def",
    "def f(x) = ",
    "f(",
    "first(",
    "last(",
    "setup",
    "roll",
    "weights",
    "option",
    "players",
    "first mover",
    "again",
    "as",
    "where",
    "in",
    "and",
    "or",
    "not",
    "true",
    "false",
    "mover",
    "opponent",
    "last mover",
    "wins",
    "loses",
    "tie",
    "no moves",
    "count(",
    "any(",
    "all(",
    "sum(",
    "min(",
    "max(",
    "len(",
    "abs(",
    "indices(",
    "lines(board, 3)",
    "cells(",
    "neighbours(",
    "orthogonal(",
    "square(",
    " as \"{square(r, c)}\"",
    " as \"x {n + 1}\"",
    "per player",
    "throws",
    "beats",
    "round",
    "rethrow",
    "eliminate losers",
    "scores",
    "..=",
    "..",
    "+",
    "-",
    "*",
    "/",
    "%",
    "==",
    "!=",
    "<=",
    ">=",
    "=",
    "+=",
    "-=",
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    ",",
    ";",
    ":",
    "\"",
    "{n}",
    "\n",
    "#",
];

/// The seed corpus: every shipped game, test game and diagnostic fixture under 64 KiB.
pub fn corpus() -> Vec<String> {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut files = Vec::new();
    for dir in ["games", "tests/games", "tests/ui/err"] {
        let Ok(entries) = std::fs::read_dir(format!("{root}/{dir}")) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            let small = e.metadata().is_ok_and(|m| m.len() < 64 * 1024);
            if small && p.extension().is_some_and(|x| x == "game") {
                files.push(p);
            }
        }
    }
    files.sort();
    files
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect()
}

/// Which source input number `index` comes from.
pub fn source_of(index: u64) -> Source {
    // Mixed, not `index % 10`: workers take every `jobs`-th input, and with 2 workers one of them
    // was given every throw game (the slowest source) and ran 4 times as long as the other.
    match (index.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) % 10 {
        0..=4 => Source::Mutated,
        5 => Source::Bytes,
        6 | 7 => Source::Generated,
        8 => Source::Extreme,
        _ => Source::Throw,
    }
}

/// Input number `index` of the run seeded `seed`.
pub fn input(seed: u64, index: u64, corpus: &[String]) -> (Source, String) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let source = source_of(index);
    let text = match source {
        Source::Mutated => {
            let base = &corpus[rng.gen_range(0..corpus.len())];
            mutate(base, corpus, &mut rng)
        }
        Source::Bytes => bytes(&mut rng),
        Source::Generated => {
            let g = generate::sequential_game(&mut rng, &Config::small());
            // Half are mutated too: near-valid files reach deeper than random ones.
            if rng.gen_bool(0.5) {
                mutate(&g, corpus, &mut rng)
            } else {
                g
            }
        }
        Source::Extreme => generate::sequential_game(&mut rng, &Config::extreme()),
        Source::Throw => {
            let cfg = if rng.gen_bool(0.5) {
                Config::small()
            } else {
                Config::extreme()
            };
            let g = generate::throw_game(&mut rng, &cfg);
            if rng.gen_bool(0.3) {
                mutate(&g, corpus, &mut rng)
            } else {
                g
            }
        }
    };
    (source, text)
}

fn bytes(rng: &mut ChaCha8Rng) -> String {
    let n = rng.gen_range(0..=200);
    if rng.gen_bool(0.5) {
        let alphabet = b"game{}()[]=;:,.<>+-*/% \n\"#0123456789abcdefghijklmnopqrstuvwxyz_";
        (0..n)
            .map(|_| alphabet[rng.gen_range(0..alphabet.len())] as char)
            .collect()
    } else {
        let raw: Vec<u8> = (0..n).map(|_| rng.gen()).collect();
        String::from_utf8_lossy(&raw).into_owned()
    }
}

/// Splits text into tokens: runs of word characters, runs of spaces, single other characters.
fn tokens(s: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let class = |c: char| {
        if c.is_alphanumeric() || c == '_' {
            0
        } else if c == ' ' || c == '\t' {
            1
        } else {
            2
        }
    };
    for c in s.chars() {
        match out.last_mut() {
            Some(t) if class(c) != 2 && t.chars().next().map(class) == Some(class(c)) => t.push(c),
            _ => out.push(c.to_string()),
        }
    }
    out
}

/// One to four edits at the level of tokens and lines.
pub fn mutate(src: &str, corpus: &[String], rng: &mut ChaCha8Rng) -> String {
    let mut toks = tokens(src);
    for _ in 0..rng.gen_range(1..=4) {
        if toks.is_empty() {
            toks.push(PIECES[rng.gen_range(0..PIECES.len())].to_string());
            continue;
        }
        let i = rng.gen_range(0..toks.len());
        match rng.gen_range(0..7) {
            0 | 1 => {
                let numbers: Vec<usize> = (0..toks.len())
                    .filter(|&k| toks[k].chars().all(|c| c.is_ascii_digit()))
                    .collect();
                let k = if numbers.is_empty() {
                    i
                } else {
                    numbers[rng.gen_range(0..numbers.len())]
                };
                toks[k] = NUMBERS[rng.gen_range(0..NUMBERS.len())].to_string();
            }
            2 => {
                toks.remove(i);
            }
            3 => {
                let t = toks[i].clone();
                toks.insert(i, t);
            }
            4 => toks.insert(i, PIECES[rng.gen_range(0..PIECES.len())].to_string()),
            5 => {
                let j = rng.gen_range(0..toks.len());
                toks.swap(i, j);
            }
            _ => {
                // A line from another file, spliced in at a line break.
                let other = &corpus[rng.gen_range(0..corpus.len())];
                let lines: Vec<&str> = other.lines().collect();
                if let Some(line) = lines.get(rng.gen_range(0..lines.len().max(1))) {
                    toks.insert(i, format!("\n{line}\n"));
                }
            }
        }
    }
    toks.concat()
}
