//! `gamec tree` and `gamec graph` for games that roll during play or have simultaneous moves
//! (they were refused with `gamec::chance_in_play` and `gamec::together`): chance nodes with
//! each outcome's roll and exact probability, simultaneous choices marked, values exact or
//! certified bounds. docs/commands.md's examples (the dice race) are checked in `readme.rs`.

use crate::common;
use common::gamec_in;

fn json(args: &[&str]) -> serde_json::Value {
    let r = gamec_in(args, "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    serde_json::from_str(&r.stdout).expect("JSON")
}

/// Pig to 2, one move deep: the roll is a chance node; a 1 passes the turn (5/7 for player 2
/// then, as for player 1 now), anything else reaches a run of 2, a sure win. Without `--depth`
/// the tree is infinite and refused.
#[test]
fn pig_s_tree_has_a_chance_node_and_needs_a_depth() {
    let r = gamec_in(
        &["tree", "games/pig.game", "--set", "goal=2", "--depth", "1"],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "score=[0, 0], run=0, die=0, player 1 to move: expected 5/7
  roll: chance, expected 5/7
    die=1 (1/6) -> score=[0, 0], run=0, die=0, player 2 to move: expected 5/7
    die=2 or die=3 or die=4 or die=5 or die=6 (5/6) -> score=[0, 0], run=2, die=0, player 1 to move: expected 1

tree nodes  4 (positions and chance nodes)
positions   6 in the solved state graph
"
    );
    let r = gamec_in(&["tree", "games/pig.game", "--set", "goal=2"], "");
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: play in Pig can return to a position, so its game tree is infinite; print part of it with --depth N\n"
    );
}

/// Pig to 1 as a JSON graph: six positions; the start's value is exact, and its roll's outcomes
/// add up to 1.
#[test]
fn pig_s_graph_gives_every_outcome_and_exact_values() {
    let j = json(&[
        "graph",
        "games/pig.game",
        "--set",
        "goal=1",
        "--format",
        "json",
    ]);
    assert_eq!(j["chance"], true);
    let positions = j["positions"].as_array().expect("positions");
    assert_eq!(positions.len(), 6);
    let start = &positions[0];
    assert_eq!(start["expected"], "5/7");
    assert_eq!(start["end"], false);
    let roll = &start["moves"][0];
    assert_eq!(roll["move"], "roll");
    let outcomes: Vec<(&str, &str)> = roll["outcomes"]
        .as_array()
        .expect("outcomes")
        .iter()
        .map(|o| {
            (
                o["rolled"].as_str().expect("rolled"),
                o["probability"].as_str().expect("p"),
            )
        })
        .collect();
    assert_eq!(
        outcomes,
        [
            ("die=1", "1/6"),
            ("die=2 or die=3 or die=4 or die=5 or die=6", "5/6")
        ]
    );
}

/// Goofspiel with two cards: the start is a simultaneous choice of value 0, its four pairs of
/// choices the moves; in DOT it says so, with cut corners.
#[test]
fn a_simultaneous_choice_is_marked_in_tree_and_graph() {
    let r = gamec_in(&["tree", "games/goofspiel.game", "--set", "cards=2"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains(
            "player 1 to move: simultaneous choice, expected 0\n    1 against 1 -> hand1=[false, true]"
        ),
        "{}",
        r.stdout
    );
    let j = json(&[
        "graph",
        "games/goofspiel.game",
        "--set",
        "cards=2",
        "--format",
        "json",
    ]);
    let start = &j["positions"][0];
    assert_eq!(start["simultaneous"], true);
    assert_eq!(start["expected"], "0");
    let moves: Vec<&str> = start["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["move"].as_str().expect("move"))
        .collect();
    assert_eq!(
        moves,
        ["1 against 1", "1 against 2", "2 against 1", "2 against 2"]
    );
    let r = gamec_in(&["graph", "games/goofspiel.game", "--set", "cards=2"], "");
    assert!(
        r.stdout
            .contains("\\nboth choose at once\\nexpected 0\", fillcolor=\"#f3e08a\", style=\"rounded,filled,diagonals\"];"),
        "{}",
        r.stdout
    );
}

/// Oshi-Zumo without a round limit: only bounds are known, and the graph says so (white, no
/// exact value in JSON).
#[test]
fn bounds_that_stay_apart_are_drawn_as_bounds() {
    let args = [
        "graph",
        "games/oshi_zumo.game",
        "--set",
        "horizon=0",
        "--set",
        "coins=2",
    ];
    let r = gamec_in(&args, "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains(
            "n0 [label=\"wrestler=3, left=[2, 2], rounds=0, turn=1\\nboth choose at once\\nexpected -1.000000 to 1.000000\", fillcolor=\"#ffffff\", style=\"rounded,filled,diagonals\"];"
        ),
        "{}",
        r.stdout
    );
    let j = json(&[&args[..], &["--format", "json"]].concat());
    assert_eq!(j["positions"][0]["expected"], serde_json::Value::Null);
    assert_eq!(
        j["positions"][0]["expected_bounds"],
        serde_json::json!(["-1.0000000000", "1.0000000000"])
    );
}
