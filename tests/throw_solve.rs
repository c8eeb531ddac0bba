//! `gamec solve`, `gamec graph` and `gamec check` on the shipped throw games: exact answers pinned.

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

fn solve_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["solve"];
    all.extend_from_slice(args);
    all.push("--json");
    let (out, err, code) = gamec(&all);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).expect("valid JSON")
}

#[test]
fn every_shipped_throw_game_checks_clean() {
    for g in ["rps", "rpsls", "rps101", "multiplayer_rps"] {
        let (_, err, code) = gamec(&["check", &format!("games/{g}.game")]);
        assert_eq!((code, err), (0, format!("games/{g}.game: ok\n")), "{g}");
    }
}

#[test]
fn rps_solves_to_the_uniform_strategy_exactly() {
    let (out, _, code) = gamec(&["solve", "games/rps.game"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "Rock Paper Scissors: a throw game with 3 throws, for 2 players
Two players:
  payoff matrix (row player's gain):
               rock    paper scissors
  rock            0       -1        1
  paper           1        0       -1
  scissors       -1        1        0
  optimal strategy: uniform, each throw 1/3
  this is the only optimal strategy
  value: 0
  dominated throws: none
  balanced: yes, every throw beats 1 and is beaten by 1
"
    );
}

#[test]
fn rpsls_and_rps101_are_uniform_fair_balanced_and_unique() {
    for (game, n) in [("games/rpsls.game", 5), ("games/rps101.game", 101)] {
        let v = solve_json(&[game]);
        let two = &v["two_players"];
        let strategy = two["strategy"].as_object().expect("a strategy");
        assert_eq!(strategy.len(), n);
        let each = format!("1/{n}");
        assert!(
            strategy.values().all(|p| p == &each),
            "{game}: {strategy:?}"
        );
        assert_eq!(two["value"], "0");
        assert_eq!(two["unique"], true);
        assert_eq!(two["balanced"], true);
        assert_eq!(two["dominated"].as_array().map(Vec::len), Some(0));
    }
}

#[test]
fn a_dominated_throw_gets_probability_zero_and_is_named() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("well.game");
    std::fs::write(
        &path,
        "game \"RPS Well\" { throws rock, paper, scissors, well
         beats { rock crushes scissors; scissors cuts paper; paper covers rock
                 well swallows rock; well swallows scissors; paper covers well } }",
    )
    .expect("write");
    let v = solve_json(&[path.to_str().expect("utf-8 path")]);
    let two = &v["two_players"];
    assert_eq!(two["strategy"]["rock"], "0");
    assert_eq!(two["strategy"]["well"], "1/3");
    assert_eq!(two["value"], "0");
    assert_eq!(two["balanced"], false);
    assert_eq!(two["dominated"][0]["throw"], "rock");
    assert_eq!(two["dominated"][0]["by"], "well");
    assert_eq!(two["dominated"][0]["strictly"], false);
}

#[test]
fn a_duplicated_throw_makes_several_strategies_optimal() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("stone.game");
    std::fs::write(
        &path,
        "game \"RPS Stone\" { throws rock, stone, paper, scissors  ties allowed
         beats { rock crushes scissors; stone crushes scissors; scissors cuts paper
                 paper covers rock; paper covers stone } }",
    )
    .expect("write");
    let v = solve_json(&[path.to_str().expect("utf-8 path")]);
    assert_eq!(v["two_players"]["unique"], false);
    assert_eq!(v["two_players"]["value"], "0");
    let (out, _, _) = gamec(&["solve", path.to_str().expect("utf-8 path")]);
    assert!(out.contains("several strategies are optimal"), "{out}");
}

#[test]
fn scores_make_an_unbalanced_payoff_but_a_fair_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("scored.game");
    std::fs::write(
        &path,
        "game \"Scored RPS\" { throws rock, paper, scissors
         beats { rock crushes scissors scores 2; scissors cuts paper; paper covers rock } }",
    )
    .expect("write");
    let v = solve_json(&[path.to_str().expect("utf-8 path")]);
    let two = &v["two_players"];
    assert_eq!(two["matrix"][0], serde_json::json!(["0", "-1", "2"]));
    // x_r = 1/4, x_p = 1/2, x_s = 1/4 makes every column pay 0: the symmetric game's value.
    assert_eq!(two["strategy"]["rock"], "1/4");
    assert_eq!(two["strategy"]["paper"], "1/2");
    assert_eq!(two["strategy"]["scissors"], "1/4");
    assert_eq!(two["value"], "0");
}

#[test]
fn elimination_chain_matches_the_known_answers() {
    let v = solve_json(&["games/multiplayer_rps.game", "--players", "3"]);
    assert_eq!(v["elimination"][0]["expected_rounds"], "9/4");
    assert_eq!(v["elimination"][0]["decisive_round"], "2/3");
    let v = solve_json(&["games/multiplayer_rps.game", "--players", "4"]);
    assert_eq!(v["elimination"][0]["expected_rounds"], "45/14");
    assert_eq!(v["elimination"][0]["expected_rounds_decimal"], "3.214286");
    let v = solve_json(&["games/multiplayer_rps.game", "--players", "200"]);
    assert_eq!(v["elimination"][0]["expected_rounds_decimal"], "5.50973e34");
}

#[test]
fn solve_rejects_a_player_count_the_game_does_not_allow() {
    let (out, err, code) = gamec(&["solve", "games/rps.game", "--players", "3"]);
    assert_eq!((out.as_str(), code), ("", 2));
    assert_eq!(
        err,
        "error: `Rock Paper Scissors` is for 2 players, not 3\n"
    );
}

#[test]
fn graph_is_dot_with_the_verbs() {
    let (out, _, code) = gamec(&["graph", "games/rps.game"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "digraph \"Rock Paper Scissors\" {
  // an arrow points from the winner to the loser
  \"rock\" [label=\"rock\"];
  \"paper\" [label=\"paper\"];
  \"scissors\" [label=\"scissors\"];
  \"rock\" -> \"scissors\" [label=\"crushes\"];
  \"paper\" -> \"rock\" [label=\"covers\"];
  \"scissors\" -> \"paper\" [label=\"cuts\"];
}
"
    );
    let (out, _, _) = gamec(&["graph", "games/rpsls.game"]);
    assert!(
        out.contains("\"spock\" -> \"rock\" [label=\"vaporizes\"];"),
        "{out}"
    );
    assert_eq!(out.matches(" -> ").count(), 10);
}

#[test]
fn two_players_of_an_elimination_game_get_the_elimination_numbers_too() {
    let (out, _, code) = gamec(&["solve", "games/multiplayer_rps.game", "--players", "2"]);
    assert_eq!(code, 0);
    assert!(
        out.ends_with(
            "  balanced: yes, every throw beats 1 and is beaten by 1
Elimination, every throw uniformly random (round: if exactly 2 throws: eliminate losers; otherwise: rethrow):
  2 players: a round eliminates someone with probability 2/3 (0.666667)
  2 players: expected rounds until one is left: 3/2 (1.5)
"
        ),
        "{out}"
    );
    let v = solve_json(&["games/multiplayer_rps.game", "--players", "2"]);
    assert_eq!(v["two_players"]["value"], "0");
    assert_eq!(
        v["elimination"],
        serde_json::json!([{
            "players": 2,
            "exact": true,
            "decisive_round": "2/3",
            "decisive_round_decimal": "0.666667",
            "expected_rounds": "3/2",
            "expected_rounds_decimal": "1.5"
        }])
    );
    // Without --players, the chain starts at 2 as well; a game for exactly 2 players has none.
    let v = solve_json(&["games/multiplayer_rps.game"]);
    assert_eq!(v["elimination"][0]["players"], 2);
    assert_eq!(v["elimination"][4]["players"], 6);
    assert_eq!(
        solve_json(&["games/rps.game"])["elimination"],
        serde_json::Value::Null
    );
}
