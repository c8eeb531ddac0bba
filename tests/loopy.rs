//! Loopy games as `solve` solves them, on the table over the position numbers, against the compact
//! state graph (`solve::solve_explicit`) on every position number: value and remoteness alike.
//! The counts and outputs pinned here are those the compact graph gave before the table existed.

use crate::common;
use common::*;
use gamec::engine::Engine;
use gamec::rules::Rules;
use gamec::solve::{self, Order, Solution, SolveError};

const LIMIT: u64 = 10_000_000;

fn cat_and_mouse(width: u32, height: u32) -> Rules {
    let path = format!(
        "{}/benches/games/cat_and_mouse.game",
        env!("CARGO_MANIFEST_DIR")
    );
    let src = std::fs::read_to_string(path).expect("the bench game is readable");
    let (w, h) = (width.to_string(), height.to_string());
    rules_of(&src, &[("width", &w), ("height", &h)])
}

/// Solves on the table and on the compact graph; every position number must have the same entry
/// (or none) in both. Returns the table's solution.
fn same_everywhere(rules: &Rules) -> Solution {
    let engine = Engine::new(rules);
    let roots: Vec<u64> = engine
        .starts()
        .expect("setup runs")
        .iter()
        .map(|b| b.code)
        .collect();
    let table = solve::solve(&engine, &roots, LIMIT).expect("solved on the table");
    let graph = solve::solve_explicit(&engine, &roots, LIMIT).expect("solved on the graph");
    assert_eq!(table.order, Order::RetrogradeTable);
    assert_eq!(graph.order, Order::Retrograde);
    for code in 0..engine.space {
        assert_eq!(table.get(code), graph.get(code), "position number {code}");
    }
    let summary = |s: &Solution| (s.positions, s.counts, s.in_all, s.loopy, s.grundy);
    assert_eq!(summary(&table), summary(&graph));
    table
}

#[test]
fn cat_and_mouse_6_by_5_prints_what_the_compact_graph_printed() {
    let o = gamec(&[
        "solve",
        "benches/games/cat_and_mouse.game",
        "--set",
        "width=6",
        "--set",
        "height=5",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "Cat and Mouse
positions   1740
start       mr=0, mc=0, cr=4, cc=5, turn=1
value       win in 5 for the player to move
best moves  mouse 1, mouse 3
also wins   wait (in 7)
by value    win 546, lose 332, draw 862
order       retrograde analysis over the table of position numbers (play can return to a position)
"
    );
}

#[test]
fn cat_and_mouse_agrees_with_the_compact_graph_on_every_position() {
    // (width, height) → (win, lose, draw), as the compact graph counted them.
    let cases = [
        ((3, 3), [60, 24, 60]),
        ((6, 5), [546, 332, 862]),
        ((10, 9), [4469, 3364, 8187]),
    ];
    for ((w, h), [win, lose, draw]) in cases {
        let s = same_everywhere(&cat_and_mouse(w, h));
        assert_eq!(s.counts, [win, lose, 0, draw], "{w} x {h}");
    }
}

#[test]
fn shipped_loopy_games_keep_their_values() {
    // Game, options, (win, lose, tie, draw) as the compact graph counted them.
    type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], [u64; 4]);
    let cases: [Case; 5] = [
        ("dodgem.game", &[], [1123, 840, 0, 0]),
        ("northcott.game", &[], [1464, 534, 0, 0]),
        ("tug_of_war.game", &[], [2, 2, 0, 3]),
        ("tug_of_war.game", &[("half", "2")], [2, 3, 0, 0]),
        ("tug_of_war.game", &[("half", "20")], [2, 2, 0, 37]),
    ];
    for (game, set, counts) in cases {
        let s = same_everywhere(&shipped(game, set));
        assert_eq!(s.counts, counts, "{game} {set:?}");
    }
}

#[test]
fn moves_that_keep_the_turn_and_every_kind_of_value() {
    let path = |g: &str| format!("{}/tests/games/{g}", env!("CARGO_MANIFEST_DIR"));
    let read = |g: &str| std::fs::read_to_string(path(g)).expect("test game readable");
    // Ring: `again` hops, tied ends, and waiting for ever; Stay: a move that keeps the turn for
    // ever; Standoff: waiting for ever.
    let cases = [
        ("ring.game", [3, 1, 3, 4]),
        ("stay.game", [1, 0, 0, 2]),
        ("standoff.game", [1, 0, 0, 1]),
    ];
    for (game, counts) in cases {
        let s = same_everywhere(&rules_of(&read(game), &[]));
        assert_eq!(s.counts, counts, "{game}");
    }
    let o = gamec(&["solve", &path("ring.game")]);
    assert!(
        stdout(&o).contains("\nvalue       draw for the player to move\n"),
        "{}",
        stdout(&o)
    );
}

/// A loopy game of 300 moves from each position, to x + k² modulo the prime 601 (300 different
/// children): about 600 different steps, more than the one-byte dictionary holds, and 300 moves
/// into each position, more bytes than a one-byte length.
const JUMPS: &str = r#"game "Jumps" {
  players 2
  state { x: 0..601 = 0 }
  move jump(k in 1..=300) { x = (x + k * k) % 601 }
  end if x == 1: last mover wins
}"#;

#[test]
fn steps_outside_the_dictionary_and_long_lists_read_back() {
    let s = same_everywhere(&rules_of(JUMPS, &[]));
    assert_eq!(s.positions, 601);
    assert_eq!(s.counts.iter().sum::<u64>(), 601);
}

/// The first move goes back, so the depth-first solver finds a loop before x = 3, whose `bad`
/// move divides by zero: the fault is met while the table's positions are found.
const FAULT: &str = r#"game "Fault loop" {
  state { x: 0..5 = 0 }
  move down if x > 0 { x = x - 1 }
  move up { x = (x + 1) % 5 }
  move bad if x == 3 { x = 10 / (x - 3) }
  end if x == 4: last mover wins
}"#;

#[test]
fn a_fault_in_a_loopy_game_is_reported_as_on_the_compact_graph() {
    let rules = rules_of(FAULT, &[]);
    let engine = Engine::new(&rules);
    let roots: Vec<u64> = engine
        .starts()
        .expect("setup runs")
        .iter()
        .map(|b| b.code)
        .collect();
    let at = |r: Result<Solution, SolveError>| match r {
        Err(SolveError::Fault(f, code)) => (f.error.kind, engine.describe(&engine.decode(code))),
        Err(e) => panic!("not a fault: {e:?}"),
        Ok(_) => panic!("solved"),
    };
    let table = at(solve::solve(&engine, &roots, LIMIT));
    assert_eq!(table, at(solve::solve_explicit(&engine, &roots, LIMIT)));
    assert_eq!(table.1, "x=3");
    let o = gamec_in(&["solve", "-"], FAULT);
    assert_eq!(o.code, 1);
    assert!(
        o.stderr
            .starts_with("gamec::division_by_zero\n\n  × division by zero (10 / 0)\n"),
        "{}",
        o.stderr
    );
    assert!(
        o.stderr
            .contains("help: Moves from the start: up, up, up → x=3; then bad."),
        "{}",
        o.stderr
    );
}

#[test]
fn the_position_limit_stops_a_loopy_game_as_before() {
    let args = |n: &str| {
        gamec(&[
            "solve",
            "benches/games/cat_and_mouse.game",
            "--set",
            "width=6",
            "--set",
            "height=5",
            "--max-positions",
            n,
        ])
    };
    let o = args("1739");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).starts_with(
            "gamec::too_many_positions\n\n  × the game has more than 1739 reachable positions, the limit\n"
        ),
        "{}",
        stderr(&o)
    );
    let o = args("1740");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("\npositions   1740\n"));
}

/// Runs `gamec solve ARGS` with `GAMEC_MEMORY_AVAILABLE` set to `bytes`.
fn solve_with_memory(bytes: &str, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_gamec"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("GAMEC_MEMORY_AVAILABLE", bytes)
        .args(["--color", "never", "solve"])
        .args(args)
        .output()
        .expect("gamec runs")
}

#[test]
fn memory_bounds_the_table_and_what_does_not_fit_is_a_diagnostic() {
    let args = [
        "benches/games/cat_and_mouse.game",
        "--set",
        "width=20",
        "--set",
        "height=20",
    ];
    // 8 MB hold the table of 320,000 position numbers and the moves into them (the compact graph
    // ran out at 63,800 positions).
    let o = solve_with_memory("8000000", &args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("\npositions   319200\n"), "{out}");
    assert!(out.ends_with("over the table of position numbers (play can return to a position)\n"));
    // 6 MB hold the table, but not the moves into every position.
    let o = solve_with_memory("6000000", &args);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).starts_with(
            "gamec::out_of_memory\n\n  × the game has more reachable positions than fit in the memory available ("
        ),
        "{}",
        stderr(&o)
    );
}

/// Tug of war with a second variable that never changes: 7 positions among 7 million numbers.
const WIDE: &str = r#"game "Wide tug" {
  players 2
  state {
    marker: -3..=3 = 0
    unused: 0..1000000 = 0
  }
  move pull(step in -1..=1) if step != 0 { marker += step }
  end if marker == 3 or marker == -3: last mover wins
}"#;

#[test]
fn a_table_too_big_for_memory_leaves_the_game_to_the_compact_graph() {
    let run = |bytes: &str| {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gamec"))
            .env("GAMEC_MEMORY_AVAILABLE", bytes)
            .args(["--color", "never", "solve", "-"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("gamec starts");
        if let Some(mut input) = child.stdin.take() {
            std::io::Write::write_all(&mut input, WIDE.as_bytes()).expect("stdin takes the game");
        }
        let o = child.wait_with_output().expect("gamec finishes");
        assert_eq!(o.status.code(), Some(0));
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    // The table needs 13 bytes for each of the 7 million numbers: 91 MB of the budget (three
    // quarters of the memory available).
    let (graph, table) = (run("100000000"), run("150000000"));
    let body = |s: &str| s.lines().take(6).collect::<Vec<_>>().join("\n");
    assert_eq!(body(&graph), body(&table));
    assert!(
        graph.contains("\nby value    win 2, lose 2, draw 3\n"),
        "{graph}"
    );
    assert!(
        graph.ends_with("retrograde analysis of the state graph (play can return to a position)\n")
    );
    assert!(table.ends_with("over the table of position numbers (play can return to a position)\n"));
}
