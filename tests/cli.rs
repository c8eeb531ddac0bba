//! The command-line conventions shared by every command: `-` for standard input, usage errors,
//! the environment.

use crate::common;
use common::*;

fn shipped_source(name: &str) -> String {
    std::fs::read_to_string(game_path(name)).expect("shipped game readable")
}

#[test]
fn a_dash_reads_the_game_from_standard_input() {
    let r = gamec_in(&["solve", "-"], &shipped_source("one_two_ten.game"));
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    assert_eq!(
        r.stdout,
        "1, 2, ..., 10
positions   11 (whose turn it is does not change any rule, so positions do not record it)
start       pile=0, player 1 to move
value       win in 7 for the player to move
best moves  add 1
grundy      1
by value    win 7, lose 4
order       in the order of position numbers, which every move raises, one thread
"
    );
    let r = gamec_in(&["check", "-"], &shipped_source("rps.game"));
    assert_eq!((r.code, r.stderr.as_str()), (0, "<stdin>: ok\n"));
    let r = gamec_in(
        &["graph", "-", "--format", "json"],
        &shipped_source("nim.game"),
    );
    assert_eq!(r.code, 0);
    assert!(
        r.stdout.starts_with("{\n  \"game\": \"Nim\""),
        "{}",
        r.stdout
    );
}

#[test]
fn diagnostics_name_standard_input_stdin() {
    let bad = std::fs::read_to_string(format!(
        "{}/tests/ui/err/unknown_name.game",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("fixture");
    let r = gamec_in(&["check", "-"], &bad);
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("╭─[<stdin>:4:39]"), "{}", r.stderr);
    assert!(r.stderr.ends_with("<stdin>: 1 error\n"), "{}", r.stderr);
    let r = gamec_in(&["solve", "-"], "game \"x\" {\u{0}");
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("[<stdin>:1:"), "{}", r.stderr);
}

#[test]
fn play_and_a_second_dash_refuse_standard_input() {
    let r = gamec_in(&["play", "-"], &shipped_source("nim.game"));
    assert_eq!(
        (r.code, r.stdout.as_str(), r.stderr.as_str()),
        (
            2,
            "",
            "error: `gamec play` reads the moves from standard input, so the game cannot come \
             from it too (`-`); give the game as a file\n"
        )
    );
    let r = gamec_in(&["check", "-", "-"], &shipped_source("nim.game"));
    assert_eq!(
        (r.code, r.stderr.as_str()),
        (
            2,
            "error: `-` (standard input) can be checked only once in a command\n"
        )
    );
}

/// Runs `gamec --color never ARGS` with `GAMEC_MEMORY_AVAILABLE` set to `memory`.
fn with_memory(memory: &str, args: &[&str]) -> (Option<i32>, String, String) {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_gamec"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("GAMEC_MEMORY_AVAILABLE", memory)
        .args(["--color", "never"])
        .args(args)
        .output()
        .expect("gamec runs");
    (o.status.code(), stdout(&o), stderr(&o))
}

#[test]
fn a_memory_override_that_is_not_a_number_is_a_usage_error() {
    for bad in ["lots", "", "8GB", "-1", "99999999999999999999"] {
        assert_eq!(
            with_memory(bad, &["solve", "games/one_two_ten.game"]),
            (
                Some(2),
                String::new(),
                format!(
                    "error: GAMEC_MEMORY_AVAILABLE must be a whole number of bytes from 0 to \
                     18446744073709551615, like 8000000000; it is `{bad}`\n"
                )
            )
        );
    }
    // A number is a limit: 1000 bytes hold no game.
    let (code, _, err) = with_memory("1000", &["solve", "games/one_two_ten.game"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("gamec::out_of_memory"), "{err}");
    let (code, out, _) = with_memory("8000000000", &["solve", "games/one_two_ten.game"]);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("1, 2, ..., 10\n"));
}
