//! Memory as the operating system limits it: under an address-space limit (`prlimit --as`) a
//! solve sizes its tables from the room left under the limit, and ends with a smaller table or
//! `gamec::out_of_memory`, never an aborted allocation. Both games below used to abort (SIGABRT,
//! "memory allocation of … bytes failed"): the 20,000,001-position chain under 600 MB (its table
//! widened to 64-bit entries past a 512 MiB stack reservation), and the game with 14 positions
//! among 1.3 billion codes under 600 MB and 3 GB (a 2.7 GB array reserved for them). The hash
//! table of a game numbered in 34 bits aborted too, under 100 MB, asking for its first 64 MiB of
//! slots: its slots are now allocated (and doubled) fallibly.

use std::path::Path;
use std::process::Command;

const PRLIMIT: &str = "/usr/bin/prlimit";

/// A 20,000,000-step chain: one variable, every move raises it.
const CHAIN: &str = r#"game "R4b" {
  state { x: 0..=20000000 = 0 }
  move step if x < 20000000 { x += 1 }
  end if x == 20000000: last mover wins
}
"#;

/// 14 positions reached in a numbering of 2^21 x 640 codes.
const WIDE: &str = r#"game "Wide" {
  state {
    x: 0..=2097151 = 0
    y: 0..=639 = 0
  }
  move step if x < 13 and y < 639 { x += 1 }
  move skip if x == 13 and y < 639 { y = 639 }
  end if x == 13: last mover wins
}
"#;

/// 9 million positions in a numbering of 34 bits (3001 x 3001 x 1000 codes): the hash table's
/// 4-byte slots, which start at 2^24 (64 MiB).
const HASHED: &str = r#"game "Q" {
  state { a: 0..=3000 = 0; b: 0..=3000 = 0; z: 0..=999 = 0 }
  move up if a < 3000 { a += 1 }
  move right if b < 3000 { b += 1 }
  end if a == 3000 and b == 3000 and z == 0: last mover wins
}
"#;

/// `gamec --color never solve -` on `game` with at most `bytes` of address space: stdout, stderr
/// and the exit code (-1 for a signal); `None` (with the reason printed) without prlimit.
fn solve_limited(game: &str, bytes: u64) -> Option<(String, String, i32)> {
    if !Path::new(PRLIMIT).exists() {
        println!("skipped: {PRLIMIT} (util-linux) is not installed");
        return None;
    }
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join("game.game");
    std::fs::write(&file, game).expect("the game is written");
    let out = Command::new(PRLIMIT)
        .arg(format!("--as={bytes}"))
        .arg(env!("CARGO_BIN_EXE_gamec"))
        .args(["--color", "never", "solve"])
        .arg(&file)
        .env_remove("GAMEC_MEMORY_AVAILABLE")
        .output()
        .expect("prlimit runs");
    Some((
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    ))
}

const CHAIN_SOLVED: &str = "\
R4b
positions   20000001 (whose turn it is does not change any rule, so positions do not record it)
start       x=0, player 1 to move
value       lose in 20000000 for the player to move
best moves  step
grundy      0
by value    win 10000000, lose 10000001
order       in the order of position numbers, which every move raises, one thread
";

const WIDE_SOLVED: &str = "\
Wide
positions   14 (whose turn it is does not change any rule, so positions do not record it)
start       x=0, y=0, player 1 to move
value       win in 13 for the player to move
best moves  step
grundy      1
by value    win 7, lose 7
order       depth-first from the start, one thread
";

fn assert_solved(game: &str, bytes: u64, want: &str) {
    let Some((out, err, code)) = solve_limited(game, bytes) else {
        return;
    };
    assert_eq!((code, err.as_str(), out.as_str()), (0, "", want));
}

#[test]
fn a_long_chain_is_solved_under_600_mb_of_address_space() {
    assert_solved(CHAIN, 600_000_000, CHAIN_SOLVED);
}

#[test]
fn a_long_chain_is_solved_under_3_gb_of_address_space() {
    assert_solved(CHAIN, 3_000_000_000, CHAIN_SOLVED);
}

#[test]
fn few_positions_in_a_wide_numbering_get_a_hash_table_under_600_mb() {
    assert_solved(WIDE, 600_000_000, WIDE_SOLVED);
}

#[test]
fn few_positions_in_a_wide_numbering_get_a_hash_table_under_3_gb() {
    assert_solved(WIDE, 3_000_000_000, WIDE_SOLVED);
}

/// The words of a diagnostic, its numbers (but those in `kept`) masked as `N`: they depend on
/// what the process holds, and so may change how its lines wrap.
fn masked(err: &str, kept: &[&str]) -> String {
    let words: Vec<String> = err
        .split_whitespace()
        .filter(|w| *w != "│")
        .map(|w| match w.trim_start_matches('(').parse::<u64>() {
            _ if kept.contains(&w) => w.to_string(),
            Ok(_) if w.starts_with('(') => "(N".to_string(),
            Ok(_) => "N".to_string(),
            Err(_) => w.to_string(),
        })
        .collect();
    words.join(" ")
}

/// Under 250 MB the chain's array does not fit (10 bytes a code as its entries widen): in the
/// hash table, depth first, its line of play outgrows the budget.
#[test]
fn a_long_chain_beyond_the_address_space_is_a_diagnostic() {
    let Some((out, err, code)) = solve_limited(CHAIN, 250_000_000) else {
        return;
    };
    let want = "gamec::out_of_memory × the line of play being explored needs more memory than is \
                available (N positions deep, N moves waiting to be explored along it) help: A long \
                line of play, or one through positions with very many moves, needs memory for each \
                position on it and each move not yet explored: choose smaller options with \
                `--set`, or free memory and try again.";
    assert_eq!(
        (code, out.as_str(), masked(&err, &[]).as_str()),
        (1, "", want),
        "{err}"
    );
}

/// Under 100 MB the hash table's first 2^24 slots (64 MiB) are refused: the solve stops with
/// `gamec::out_of_memory`, where it aborted with SIGABRT ("memory allocation of 67108864 bytes
/// failed").
#[test]
fn a_hash_table_refused_its_slots_is_a_diagnostic() {
    let Some((out, err, code)) = solve_limited(HASHED, 100_000_000) else {
        return;
    };
    let want =
        "gamec::out_of_memory × the system refused the memory for a table of 67108864 bytes \
                (the memory available: N bytes, left under the address-space limit, `ulimit -v`) \
                help: Raise the limit (`ulimit -v`, or the container's or cgroup's memory limit) \
                or free memory and try again, or choose smaller options with `--set` or narrow \
                the state's ranges so that fewer positions are numbered.";
    assert_eq!(
        (code, out.as_str(), masked(&err, &["67108864"]).as_str()),
        (1, "", want),
        "{err}"
    );
}
