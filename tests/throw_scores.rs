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
