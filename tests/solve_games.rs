//! The shipped sequential games' solutions, pinned against the known answers of public analyses.

use crate::common;
use common::*;
use gamec::engine::Engine;
use gamec::solve::{solve, Value};
use serde_json::Value as Json;

fn solve_json(args: &[&str]) -> Json {
    let mut all = vec!["solve"];
    all.extend_from_slice(args);
    all.push("--json");
    let o = gamec(&all);
    assert!(o.status.success(), "gamec {all:?} failed: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).expect("valid JSON")
}

#[test]
fn one_two_ten_is_a_win_in_7_by_adding_1() {
    let j = solve_json(&["games/one_two_ten.game"]);
    assert_eq!(j["game"], "1, 2, ..., 10");
    assert_eq!(j["start"]["value"], "win");
    assert_eq!(j["start"]["remoteness"], 7);
    assert_eq!(j["start"]["best_moves"], serde_json::json!(["add 1"]));
    assert_eq!(j["positions"], 11);
    assert_eq!(j["grundy"], 1);
}

#[test]
fn one_two_ten_losing_totals_are_1_4_7_10() {
    let r = shipped("one_two_ten.game", &[]);
    let e = Engine::new(&r);
    let start = e.starts().expect("starts")[0].code;
    let s = solve(&e, &[start], 1000).expect("solves");
    let losing: Vec<i64> = (0..=10)
        .filter(|p| {
            let code = e.parse_position(&format!("pile={p}")).expect("position");
            s.get(code).map(|x| x.value) == Some(Value::Lose)
        })
        .collect();
    assert_eq!(losing, vec![1, 4, 7, 10]);
}

#[test]
fn nim_345_is_a_win_in_11_taking_2_from_the_heap_of_3() {
    let j = solve_json(&["games/nim.game"]);
    assert_eq!(j["start"]["value"], "win");
    assert_eq!(j["start"]["remoteness"], 11);
    assert_eq!(
        j["start"]["best_moves"],
        serde_json::json!(["take 2 from heap 0"])
    );
    let winning: Vec<&Json> = j["start"]["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .filter(|m| m["value"] == "win")
        .collect();
    assert_eq!(winning.len(), 1, "only one winning move: {winning:?}");
    // 48 classes of heaps in any order, standing for the 120 positions play reaches.
    assert_eq!(j["positions"], 48);
    assert_eq!(j["symmetry"], serde_json::json!(["heap: any order"]));
    assert_eq!(j["grundy"], 2);
    let plain = solve_json(&["games/nim.game", "--no-symmetry"]);
    assert_eq!(plain["positions"], 120);
    assert_eq!(plain["start"], j["start"]);
}

#[test]
fn nim_123_is_a_loss_in_6() {
    let j = solve_json(&["games/nim.game", "--set", "piles=1,2,3"]);
    assert_eq!(j["start"]["value"], "lose");
    assert_eq!(j["start"]["remoteness"], 6);
    assert_eq!(j["grundy"], 0);
}

#[test]
fn misere_nim_345_is_a_win_in_10_with_the_same_move() {
    let j = solve_json(&["games/nim.game", "--set", "misere=true"]);
    assert_eq!(j["start"]["value"], "win");
    assert_eq!(j["start"]["remoteness"], 10);
    assert_eq!(
        j["start"]["best_moves"],
        serde_json::json!(["take 2 from heap 0"])
    );
    assert!(
        j.get("grundy").is_none(),
        "no Grundy values for misère play"
    );
}

#[test]
fn even_or_odd_is_a_first_player_win_only_by_taking_3() {
    let j = solve_json(&["games/even_or_odd.game"]);
    assert_eq!(j["start"]["value"], "win");
    let winning: Vec<&str> = j["start"]["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .filter(|m| m["value"] == "win")
        .filter_map(|m| m["move"].as_str())
        .collect();
    assert_eq!(winning, vec!["take 3"]);
    assert_eq!(j["turn_recorded"], true);
}

#[test]
fn one_die_second_player_wins_unless_a_4_is_rolled() {
    let j = solve_json(&["games/one_die.game"]);
    let chance = j["chance"].as_array().expect("chance table");
    let by_roll: Vec<(i64, &str)> = chance
        .iter()
        .map(|c| {
            (
                c["roll"]["top"].as_i64().unwrap_or(-1),
                c["value"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        by_roll,
        vec![
            (1, "win"),
            (2, "win"),
            (3, "win"),
            (4, "lose"),
            (5, "win"),
            (6, "win")
        ]
    );
    assert!(chance
        .iter()
        .all(|c| c["to_move"] == 2 && c["probability"] == "1/6"));
    assert_eq!(
        j["win_probability"],
        serde_json::json!({"1": "1/6", "2": "5/6"})
    );
    assert_eq!(j["start"]["value"], "chance");
}

#[test]
fn tug_of_war_is_a_draw_at_the_start() {
    let j = solve_json(&["games/tug_of_war.game"]);
    assert_eq!(j["loopy"], true);
    assert_eq!(j["start"]["value"], "draw");
    assert_eq!(j["start"]["remoteness"], Json::Null);
    assert_eq!(
        j["counts"],
        serde_json::json!({"win": 2, "lose": 2, "tie": 0, "draw": 3})
    );
    let at = solve_json(&["games/tug_of_war.game", "--at", "marker=-2"]);
    assert_eq!(at["at"]["value"], "win");
    assert_eq!(at["at"]["remoteness"], 1);
    assert_eq!(at["at"]["best_moves"], serde_json::json!(["pull -1"]));
}

#[test]
fn solve_text_for_one_two_ten_is_exact() {
    let o = gamec(&["solve", "games/one_two_ten.game"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
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
}

#[test]
fn solve_text_for_one_die_is_exact() {
    let o = gamec(&["solve", "games/one_die.game"]);
    assert_eq!(
        stdout(&o),
        "One Die Game
positions   182 (whose turn it is does not change any rule, so positions do not record it)
start       chance: player 1 rolls; then, for the player to move:
  top=1     1/6     player 2 to move: win in 13; best: turn to 3, turn to 4
  top=2     1/6     player 2 to move: win in 13; best: turn to 3
  top=3     1/6     player 2 to move: win in 11; best: turn to 5; also wins: turn to 1 (in 13)
  top=4     1/6     player 2 to move: lose in 12; best: turn to 1, turn to 2
  top=5     1/6     player 2 to move: win in 11; best: turn to 4
  top=6     1/6     player 2 to move: win in 11; best: turn to 2, turn to 3, turn to 4
probability player 1 wins 1/6, player 2 wins 5/6
by value    win 135, lose 47
order       depth-first from the start, one thread
"
    );
}

#[test]
fn options_change_the_game() {
    let j = solve_json(&["games/one_two_ten.game", "--set", "goal=25"]);
    assert_eq!(j["positions"], 26);
    // 25 ≡ 1 (mod 3): the first player must add 1 to reach 1, 4, 7, ... for the opponent.
    assert_eq!(j["start"]["best_moves"], serde_json::json!(["add 1"]));
    let j = solve_json(&["games/one_die.game", "--set", "goal=10"]);
    assert!(j["win_probability"]["1"].is_string());
}

#[test]
fn bad_set_and_bad_at_are_usage_errors() {
    let o = gamec(&["solve", "games/one_two_ten.game", "--set", "goal=0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("0 is outside the option's range 1..=100000"),
        "{}",
        stderr(&o)
    );
    let o = gamec(&["solve", "games/one_two_ten.game", "--set", "gaol=5"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("Did you mean `goal`?"),
        "{}",
        stderr(&o)
    );
    let o = gamec(&["solve", "games/one_two_ten.game", "--at", "pile=11"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "error: --at \"pile=11\": 11 is outside the range of `pile` (0..=10)\n"
    );
    let o = gamec(&["solve", "games/nim.game", "--at", "heap=[1,2]"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "error: --at \"heap=[1,2]\": `heap` has 3 values, not 2\n"
    );
    let o = gamec(&["solve", "games/no_such.game"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).starts_with("error: cannot read games/no_such.game"));
}

#[test]
fn check_accepts_every_shipped_game() {
    let games: Vec<String> = std::fs::read_dir(format!("{}/games", env!("CARGO_MANIFEST_DIR")))
        .expect("games/")
        .filter_map(|e| e.ok().map(|e| e.path().display().to_string()))
        .filter(|p| p.ends_with(".game"))
        .collect();
    assert!(games.len() >= 5);
    let mut args = vec!["check"];
    args.extend(games.iter().map(|s| s.as_str()));
    let o = gamec(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn long_games_keep_exact_remoteness() {
    // Table entries start at 16 bits (remoteness below 256) and widen to 32 bits (below 8192) and
    // then 64 bits as the game requires.
    let j = solve_json(&["games/one_two_ten.game", "--set", "goal=600"]);
    assert_eq!(
        (
            j["start"]["value"].as_str(),
            j["start"]["remoteness"].as_u64()
        ),
        (Some("lose"), Some(400))
    );
    let j = solve_json(&["games/one_two_ten.game", "--set", "goal=30000"]);
    assert_eq!(
        (
            j["start"]["value"].as_str(),
            j["start"]["remoteness"].as_u64()
        ),
        (Some("lose"), Some(20000))
    );
    let j = solve_json(&["games/one_two_ten.game", "--set", "goal=30001"]);
    assert_eq!(
        (
            j["start"]["value"].as_str(),
            j["start"]["remoteness"].as_u64()
        ),
        (Some("win"), Some(20001))
    );
}

#[test]
fn flags_for_the_other_family_are_usage_errors() {
    for (args, msg) in [
        (
            &["solve", "games/rps.game", "--at", "pile=1"][..],
            "error: --at is for sequential games, and this file is a throw game\n",
        ),
        (
            &["solve", "games/nim.game", "--players", "3"][..],
            "error: --players is for throw games, and this file is a sequential game\n",
        ),
        (
            &["play", "games/rps.game", "--hints"][..],
            "error: --hints is for sequential games, and this file is a throw game\n",
        ),
        (
            &["play", "games/nim.game", "--rounds", "3"][..],
            "error: --rounds is for throw games, and this file is a sequential game\n",
        ),
    ] {
        let o = gamec(args);
        assert_eq!(
            (o.status.code(), stderr(&o).as_str()),
            (Some(2), msg),
            "{args:?}"
        );
    }
}

#[test]
fn files_with_a_byte_order_mark_or_bad_encoding() {
    let dir = tempfile::tempdir().expect("temp dir");
    let bom = dir.path().join("bom.game");
    let text = std::fs::read_to_string(game_path("one_two_ten.game")).expect("shipped game");
    std::fs::write(&bom, format!("\u{feff}{text}")).expect("write");
    let o = gamec(&["solve", bom.to_str().expect("utf-8 path"), "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let bad = dir.path().join("bad.game");
    std::fs::write(&bad, b"game \"\xff\" {}").expect("write");
    let o = gamec(&["check", bad.to_str().expect("utf-8 path")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).ends_with("is not UTF-8 text (the byte at offset 6 is not valid UTF-8)\n"));
}

#[test]
fn a_rule_failing_below_an_unreachable_at_position_is_reported() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("bonus.game");
    std::fs::write(
        &path,
        r#"game "Bonus" {
  state {
    pile: 0..=10 = 0
    bonus: bool = false
  }
  move add(n in 1..=2) if pile + n <= 10 {
    pile += n
    if bonus { pile += 5 }
  }
  end if pile == 10: last mover wins
}"#,
    )
    .expect("write");
    let p = path.to_str().expect("utf-8 path");
    // From the start `bonus` never becomes true, so the game is fine...
    assert_eq!(gamec(&["check", p]).status.code(), Some(0));
    // ...but below this position the bonus overshoots the range: an error, not a silent blank.
    let o = gamec(&["solve", p, "--at", "pile=8, bonus=true"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert_eq!(stdout(&o), "");
    assert!(stderr(&o).contains("gamec::out_of_range"), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("`pile` would become 14, outside its range 0..=10"),
        "{}",
        stderr(&o)
    );
    // The route is from the --at position, which the start cannot reach (it is not "too many
    // positions to trace").
    assert!(
        stderr(&o).starts_with(
            "warning: --at \"pile=8, bonus=true\": the start cannot reach this position; it is \
             evaluated as if play began there\n"
        ),
        "{}",
        stderr(&o)
    );
    assert!(
        stderr(&o).contains(
            "help: Moves from --at pile=8, bonus=true (the start cannot reach it): none; then add 1.\n"
        ),
        "{}",
        stderr(&o)
    );
}

/// `games/toads_and_frogs_words.game`: T T . . F F is a win in 11 for whichever side begins
/// (tests/classic.rs checks every small start against a brute force); the moves are named by the
/// words the family ranges over.
#[test]
fn toads_and_frogs_with_words_is_a_win_in_11_for_either_side() {
    for (set, best) in [("first=toad", "slide 1"), ("first=frog", "slide 4")] {
        let j = solve_json(&["games/toads_and_frogs_words.game", "--set", set]);
        assert_eq!(j["positions"], 17, "{set}");
        assert_eq!(j["start"]["value"], "win", "{set}");
        assert_eq!(j["start"]["remoteness"], 11, "{set}");
        assert_eq!(j["start"]["best_moves"], serde_json::json!([best]), "{set}");
    }
    let at = "strip=[T, F, ., ., ., .], turn=1";
    let j = solve_json(&["games/toads_and_frogs_words.game", "--at", at]);
    assert_eq!(j["at"]["best_moves"], serde_json::json!(["jump 0"]));
    assert_eq!(j["at"]["remoteness"], 3);
}
