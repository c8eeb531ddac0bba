//! `gamec graph`: DOT for 1, 2, ..., 10 pinned, JSON shape and counts, chance starts.

use crate::common;
use common::gamec_in;

const TEN: &str = "games/one_two_ten.game";

#[test]
fn one_two_ten_dot() {
    let r = gamec_in(&["graph", TEN], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    insta::assert_snapshot!("ten_dot", r.stdout);
}

fn json_of(args: &[&str]) -> serde_json::Value {
    let r = gamec_in(args, "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    serde_json::from_str(&r.stdout).expect("valid JSON")
}

#[test]
fn one_two_ten_json() {
    let j = json_of(&["graph", TEN, "--format", "json"]);
    assert_eq!(j["turn_recorded"], false);
    let nodes = j["nodes"].as_array().expect("nodes");
    let edges = j["edges"].as_array().expect("edges");
    assert_eq!((nodes.len(), edges.len()), (11, 19));
    assert_eq!(
        nodes[0],
        serde_json::json!({"id": 0, "position": "pile=0", "to_move": null,
                           "value": "win", "remoteness": 7, "end": null})
    );
    assert_eq!(nodes[10]["end"], "end if pile == goal: last mover wins");
    assert_eq!(
        edges[0],
        serde_json::json!({"from": 0, "to": 1, "move": "add 1"})
    );
    assert_eq!(j["starts"][0]["node"], 0);
}

#[test]
fn turn_recorded_and_chance_starts() {
    let j = json_of(&["graph", "games/even_or_odd.game", "--format", "json"]);
    assert_eq!(j["turn_recorded"], true);
    assert_eq!(j["nodes"][0]["to_move"], 1);
    assert_eq!(j["nodes"].as_array().map(Vec::len), Some(128));
    let j = json_of(&["graph", "games/one_die.game", "--format", "json"]);
    let starts = j["starts"].as_array().expect("starts");
    assert_eq!(starts.len(), 6);
    assert_eq!(starts[3]["roll"]["top"], 4);
    assert_eq!(starts[3]["probability"], "1/6");
    assert_eq!(j["nodes"].as_array().map(Vec::len), Some(182));
}

#[test]
fn dot_draws_chance_and_draws() {
    let r = gamec_in(&["graph", "games/one_die.game"], "");
    assert!(r.stdout.contains("digraph \"One Die Game\" {"));
    assert!(r
        .stdout
        .contains("  start -> n3 [label=\"top=4 (1/6)\"];\n"));
    let r = gamec_in(&["graph", "tests/games/standoff.game"], "");
    assert!(r
        .stdout
        .contains("[label=\"given_up=false\\ndraw\", fillcolor=\"#9ec5f5\"]"));
}

#[test]
fn bad_format_is_a_usage_error() {
    assert_eq!(gamec_in(&["graph", TEN, "--format", "svg"], "").code, 2);
}

#[test]
fn graphs_too_big_to_print_are_refused_with_the_count() {
    let r = gamec_in(
        &[
            "graph",
            "games/nim.game",
            "--set",
            "piles=7,7,7,7,7,7",
            "--no-symmetry",
        ],
        "",
    );
    assert_eq!(r.code, 2);
    assert_eq!(r.stdout, "");
    assert_eq!(
        r.stderr,
        "error: the state graph of Nim has 262144 positions, too many to print (the limit is 100000); `gamec solve` summarises it, and smaller options (--set) give a graph that fits\n"
    );
}
