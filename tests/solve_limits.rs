//! The depth-first solver keeps the moves it has yet to explore inside the memory budget. Each
//! position on the current line of play holds its unexplored children; Nim with one heap of
//! 30,000 holds 450 million of them (7 GB), which used to be counted nowhere: an abort on a
//! smaller machine. These run under a 1 GB address-space limit (`ulimit -v`), which the old
//! solver passed (the allocation failed: an abort, not a diagnostic).

use std::process::Command;

/// Runs `gamec --color never ARGS` with at most 1 GB of address space and the given memory
/// override; returns stderr and the exit code.
fn limited(args: &str, memory: Option<&str>) -> (String, i32) {
    let exe = env!("CARGO_BIN_EXE_gamec");
    let mut cmd = Command::new("sh");
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("-c")
        .arg(format!(
            "ulimit -v 1000000 && exec '{exe}' --color never {args}"
        ));
    if let Some(m) = memory {
        cmd.env("GAMEC_MEMORY_AVAILABLE", m);
    }
    let out = cmd.output().expect("sh runs");
    (
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn pending_moves_beyond_the_memory_budget_are_a_diagnostic() {
    let (err, code) = limited("solve games/nim.game --set piles=30000", Some("400000000"));
    assert_eq!(code, 1, "{err}");
    assert!(
        err.starts_with(
            "gamec::out_of_memory\n\n  × the line of play being explored needs more memory than is available ("
        ),
        "{err}"
    );
    assert!(
        err.ends_with(
            "  help: A long line of play, or one through positions with very many moves, needs memory for each\n        position on it and each move not yet explored: choose smaller options with `--set`, or\n        free memory and try again.\n"
        ),
        "{err}"
    );
}

#[test]
fn a_position_with_more_new_children_than_the_limit_allows_stops_at_once() {
    // The start has 1,000,007 children, all new: more than --max-positions 100 leaves room for.
    // The old solver went 100 positions deep holding a million children at each (1.5 GiB).
    let (err, code) = limited(
        "solve games/nim.game --set piles=3,4,1000000 --max-positions 100",
        None,
    );
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        err,
        "gamec::too_many_positions

  × the game has more than 100 reachable positions, the limit
  help: Raise the limit with `--max-positions N` (memory permitting) or choose smaller options
        with `--set`.
"
    );
}

#[test]
fn a_wide_game_within_the_limits_is_still_solved() {
    // One heap of 3,000: 4.5 million pending moves at the deepest point, well within 300 MB.
    let (err, code) = limited("solve games/nim.game --set piles=3000", Some("400000000"));
    assert_eq!(code, 0, "{err}");
}
