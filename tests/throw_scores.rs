//! Scores on the beats-graph: any score a file can write gives the exact 2-player answer.

use std::process::Command;

fn gamec(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_gamec"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["--color", "never"])
        .args(args)
        .output()
        .expect("gamec runs");
    let s = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (
        s(&out.stdout),
        s(&out.stderr),
        out.status.code().unwrap_or(-1),
    )
}

/// Writes `game "Scored" { throws rock, paper, scissors beats { EDGES } }` and solves it.
fn solve(edges: &str, json: bool) -> (String, String, i32) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("scored.game");
    let src = format!(
        "game \"Scored\" {{\n  throws rock, paper, scissors\n  beats {{\n{edges}\n  }}\n}}\n"
    );
    std::fs::write(&path, src).expect("write");
    let p = path.to_str().expect("utf-8 path");
    let mut args = vec!["solve", p];
    if json {
        args.push("--json");
    }
    gamec(&args)
}

fn solve_json(edges: &str) -> serde_json::Value {
    let (out, err, code) = solve(edges, true);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).expect("valid JSON")
}

#[test]
fn scores_of_two_to_the_62_keep_the_symmetric_game_fair() {
    let (out, err, code) = solve(
        "    rock crushes scissors scores 4611686018427387904
    scissors cuts paper scores 4611686018427387904
    paper covers rock scores 4611686018427387904",
        false,
    );
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "Scored: a throw game with 3 throws, for 2 players
Two players:
  payoff matrix (row player's gain):
                           rock                paper             scissors
  rock                        0 -4611686018427387904  4611686018427387904
  paper     4611686018427387904                    0 -4611686018427387904
  scissors -4611686018427387904  4611686018427387904                    0
  optimal strategy: uniform, each throw 1/3
  this is the only optimal strategy
  value: 0
  dominated throws: none
  balanced: yes, every throw beats 1 and is beaten by 1
"
    );
}

#[test]
fn the_largest_score_a_file_can_write_still_has_its_exact_answer() {
    // With M = 2^63 − 1 on one edge every column pays 0 when x_r = x_s = 1/(M + 2), x_p = M/(M + 2).
    let v = solve_json(
        "    rock crushes scissors scores 9223372036854775807
    scissors cuts paper
    paper covers rock",
    );
    let two = &v["two_players"];
    assert_eq!(two["strategy"]["rock"], "1/9223372036854775809");
    assert_eq!(
        two["strategy"]["paper"],
        "9223372036854775807/9223372036854775809"
    );
    assert_eq!(two["strategy"]["scissors"], "1/9223372036854775809");
    assert_eq!(two["value"], "0");
    assert_eq!(two["unique"], true);
}

#[test]
fn fractional_and_decimal_scores_are_exact() {
    let edges = "    rock crushes scissors scores 1/4
    scissors cuts paper scores 0.5
    paper covers rock";
    let (out, err, code) = solve(edges, false);
    assert_eq!((code, err.as_str()), (0, ""));
    // Every column pays 0 (the game is symmetric): x_p = x_s/4, x_r = x_s/2, so (2, 1, 4)/7.
    assert_eq!(
        out,
        "Scored: a throw game with 3 throws, for 2 players
Two players:
  payoff matrix (row player's gain):
               rock    paper scissors
  rock            0       -1      1/4
  paper           1        0     -1/2
  scissors     -1/4      1/2        0
  optimal strategy:
    rock      2/7
    paper     1/7
    scissors  4/7
  this is the only optimal strategy
  value: 0
  dominated throws: none
  balanced: yes, every throw beats 1 and is beaten by 1
"
    );
    let v = solve_json(edges);
    assert_eq!(
        v["two_players"]["matrix"],
        serde_json::json!([["0", "-1", "1/4"], ["1", "0", "-1/2"], ["-1/4", "1/2", "0"]])
    );
    // 0.25 is exactly 1/4, and a fraction of decimals is exact too.
    let same = solve_json(
        "    rock crushes scissors scores 0.25
    scissors cuts paper scores 1.5/3
    paper covers rock",
    );
    assert_eq!(same, v);
}

#[test]
fn a_throw_that_never_loses_is_the_whole_strategy_whatever_its_scores() {
    // Rock beats paper (1/3) and scissors (3/2); paper beats scissors. Rows: rock (0, 1/3, 3/2),
    // paper (-1/3, 0, 1), scissors (-3/2, -1, 0): rock strictly dominates both, and the value of a
    // game whose matrix is skew-symmetric is 0.
    let v = solve_json(
        "    rock smothers paper scores 1/3
    rock crushes scissors scores 3/2
    paper covers scissors",
    );
    let two = &v["two_players"];
    assert_eq!(two["strategy"]["rock"], "1");
    assert_eq!(two["value"], "0");
    assert_eq!(
        two["dominated"],
        serde_json::json!([
            {"throw": "paper", "by": "rock", "strictly": true},
            {"throw": "scissors", "by": "rock", "strictly": true}
        ])
    );
}

#[test]
fn graph_shows_fractional_scores_exactly() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("g.game");
    std::fs::write(
        &path,
        "game \"G\" { throws rock, paper, scissors
         beats { rock crushes scissors scores 0.25; scissors cuts paper; paper covers rock scores 3 } }",
    )
    .expect("write");
    let p = path.to_str().expect("utf-8 path");
    let (out, _, code) = gamec(&["graph", p]);
    assert_eq!(code, 0);
    assert!(
        out.contains("\"rock\" -> \"scissors\" [label=\"crushes (scores 1/4)\"];\n"),
        "{out}"
    );
    assert!(
        out.contains("\"paper\" -> \"rock\" [label=\"covers (scores 3)\"];\n"),
        "{out}"
    );
    let (out, _, _) = gamec(&["graph", p, "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(
        v["edges"][0],
        serde_json::json!({"winner": "rock", "loser": "scissors", "verb": "crushes", "score": "1/4"})
    );
}

#[test]
fn the_symmetric_game_at_the_largest_score_is_fair_and_keeps_its_two_player_section() {
    // Every edge scores 2^63 − 1: the matrix entries reach ±(2^63 − 1) and the simplex shift must not
    // wrap (it once gave a nonzero value, or no two-player section at all).
    let v = solve_json(
        "    rock crushes scissors scores 9223372036854775807
    scissors cuts paper scores 9223372036854775807
    paper covers rock scores 9223372036854775807",
    );
    let two = &v["two_players"];
    assert_eq!(two["value"], "0");
    for t in ["rock", "paper", "scissors"] {
        assert_eq!(two["strategy"][t], "1/3");
    }
    assert_eq!(two["unique"], true);
    assert_eq!(two["matrix"][0][1], "-9223372036854775807");
    assert_eq!(two["matrix"][0][2], "9223372036854775807");
}
