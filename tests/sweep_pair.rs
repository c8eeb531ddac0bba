//! The two-thread sweep never values ahead of finding what only the general step can value: a
//! code never reached can cost that step far more than every reached position together. Fuzz
//! seed 21's input 81640 (`move m16(n17 in 0..=t1) if t1 < 2`, `t1: 0..=1000000`) ran for
//! minutes with `--threads 2`, valuing codes with `t1` near 10^6 (a million moves each) before
//! finding reached them or found a move against the sweep; on one thread it takes 0.09 s. Each
//! solve below is given a deadline, so that it fails rather than hangs.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Far more than the solves take (well under a second, debug build included).
const DEADLINE: Duration = Duration::from_secs(60);

/// `gamec --color never solve - ARGS` on `game`: stdout, stderr and the exit code; panics if it
/// runs past `DEADLINE` (after stopping it).
fn solve_within_deadline(game: &str, args: &[&str]) -> (String, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamec"))
        .args(["--color", "never", "solve", "-"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gamec starts");
    child
        .stdin
        .take()
        .expect("a pipe")
        .write_all(game.as_bytes())
        .expect("the game is written");
    let started = Instant::now();
    while child.try_wait().expect("gamec is waited for").is_none() {
        if started.elapsed() > DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`solve {args:?}` ran past {DEADLINE:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("its output");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// Every move raises the numbers, 3 positions are reached, and the 1,000,001 codes above them
/// would cost the general step up to a million moves each.
const RAISES: &str = r#"game "H" {
  state { t: 0..=1000000 = 0 }
  move m(n in 0..=t) if t < 2 { t += 1 }
  end if t == 2: last mover wins
}
"#;

/// Input 81640 reduced: the same move, and an effect that lowers the numbers (the sweep hands
/// the game to depth-first once finding meets it).
const AGAINST: &str = r#"game "G" {
  state { t: 0..=1000000 = 0; x: per player -2..=-1 = -1 }
  move m(n in 0..=t) if t < 2 and n != x[opponent] {
    t += 1
    if -2 <= x[opponent] * mover { x[opponent] *= mover }
  }
  end if t == 2: last mover wins
}
"#;

#[test]
fn codes_never_reached_are_not_valued_ahead_of_finding() {
    let got = solve_within_deadline(RAISES, &["--threads", "2"]);
    let want = "\
H
positions   3 (whose turn it is does not change any rule, so positions do not record it)
start       t=0, player 1 to move
value       lose in 2 for the player to move
best moves  m 0
grundy      0
by value    win 1, lose 2
order       in the order of position numbers, which every move raises, 2 threads (finding and valuing at once)
";
    assert_eq!(got, (want.to_string(), String::new(), 0));
}

#[test]
fn a_move_against_the_sweep_stops_valuing_at_once() {
    let got = solve_within_deadline(AGAINST, &["--threads", "2"]);
    let why = "--threads 2 is not used: the positions cannot be taken in the order of their \
               numbers, and depth-first order runs on one thread";
    let want = format!(
        "\
G
positions   3
start       t=0, x=[-1, -1], turn=1
value       lose in 2 for the player to move
best moves  m 0
by value    win 1, lose 2
order       depth-first from the start, one thread; {why}
"
    );
    assert_eq!(got, (want, format!("warning: {why}\n"), 0));
}
