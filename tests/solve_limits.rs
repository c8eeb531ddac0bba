//! The depth-first solver keeps the moves it has yet to explore inside the memory budget. Each
//! position on the current line of play used to hold all its unexplored children; Nim with one
//! heap of 30,000 held 450 million of them (7 GB), which were counted nowhere: an abort on a
//! smaller machine, later `gamec::out_of_memory`. Each position now holds a window of them, and
//! a game reduced by symmetry is swept through its position numbers where the moves allow. These
//! run under a 1 GB address-space limit (`ulimit -v`).

use std::process::Command;

/// Runs `gamec --color never ARGS` with at most 1 GB of address space and the given memory
/// override; returns stdout, stderr and the exit code.
fn run_limited(args: &str, memory: Option<&str>) -> (String, String, i32) {
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
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// As `run_limited`, for a run that fails: stderr and the exit code.
fn limited(args: &str, memory: Option<&str>) -> (String, i32) {
    let (_, err, code) = run_limited(args, memory);
    (err, code)
}

/// What `solve games/nim.game --set piles=3000` prints, in the given order.
fn one_heap_of_3000(order: &str) -> String {
    format!(
        "Nim
positions   3001 up to symmetry (3001 in all) (whose turn it is does not change any rule, so positions do not record it)
symmetry    heap: any order (proven from the rules)
start       heap=[3000], player 1 to move
value       win in 1 for the player to move
best moves  take 3000 from heap 0
grundy      3000
by value    win 3000, lose 1
order       {order}
"
    )
}

#[test]
fn a_heap_with_thousands_of_moves_is_swept_with_its_symmetry() {
    // Reduced by symmetry, Nim used to be solved depth-first: holding every move of every
    // position on a line 3,000 deep (4.5 million, 72 MB) went past a 30 MB budget (40 MB
    // available), and one heap of 30,000 took 7 GiB. Every move lowers the number, so it is
    // swept now: no line of play is held at all.
    let (out, err, code) = run_limited("solve games/nim.game --set piles=3000", Some("40000000"));
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        one_heap_of_3000("in the order of position numbers, which every move lowers, one thread")
    );
}

#[test]
fn depth_first_holds_a_window_of_each_positions_moves() {
    // The same game depth-first, within the same budget: each position on the line holds 64 of
    // its moves (more while they fit), and is expanded again for the next ones. The Grundy
    // value of 3,000 needs every child's, read in a last expansion.
    let (out, err, code) = run_limited(
        "solve games/nim.game --set piles=3000 --order depth-first",
        Some("40000000"),
    );
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        one_heap_of_3000("depth-first from the start, one thread")
    );
}

#[test]
fn a_false_symmetry_on_a_long_line_is_found_near_the_start() {
    // Depth-first, the solver went down the line of `step`s to its end before it came back to a
    // `flip`: with 200 MB available, out of memory 524,290 positions deep; with all of it, 44 s
    // and 637 MB to report the symmetry broken at x=1999997. Swept (every move raises the
    // number), the classes are checked in the order of their numbers: x=17 is reached at once.
    let (out, err, code) = run_limited("solve tests/games/false_mirror.game", Some("200000000"));
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(
        err,
        "gamec::broken_symmetry

  × the rules do not treat a=[0, 1], x=17 and its image reversed (a=[1, 0], x=17) alike: the first
  │ has 2 moves, the second 1
    ╭─[tests/games/false_mirror.game:9:3]
  8 │   end if x == 2000000: last mover wins
  9 │   symmetry a: mirror
    ·   ─────────┬────────
    ·            ╰── the rules do not treat these positions alike
 10 │ }
    ╰────
  help: Moves from the start: step, step, step, step, step, step, step, flip, step, step, step,
        step, step, step, step, step, step → a=[0, 1], x=17.
        A symmetry must map every position's moves, ends and problems to those of its image.
        Remove the declaration (or the transformation the rules do not have), or make the rules
        treat every image alike.
"
    );
}

#[test]
fn a_line_of_play_beyond_the_memory_budget_is_a_diagnostic() {
    // A million moves deep depth-first: each position on the line costs its frame and its
    // window, past a 30 MB budget.
    let (err, code) = limited(
        "solve benches/games/one_two_ten.game --set goal=1000000 --order depth-first",
        Some("40000000"),
    );
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        err,
        "gamec::out_of_memory

  × the line of play being explored needs more memory than is available (131074 positions deep,
  │ 262148 moves waiting to be explored along it)
  help: A long line of play, or one through positions with very many moves, needs memory for each
        position on it and each move not yet explored: choose smaller options with `--set`, or
        free memory and try again.
"
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
