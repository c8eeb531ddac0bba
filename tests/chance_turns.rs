//! Chance turns (`chance if C { ... }`, a turn of nobody's): the One Die Game with its roll as a
//! chance turn against its setup form (each roll's value, the chance of winning, the expected
//! moves, which do not count the chance turn), who moved last after a chance turn, Pig with its
//! die on a chance turn against `games/pig.game`, what `play`, `tree` and JSON show, and what
//! is refused with its code.

use crate::common;
use common::many::json_of;
use common::{fraction, gamec_in, solve_source};
use num_rational::BigRational;
use num_traits::{One, Zero};

type Q = BigRational;

fn read(name: &str) -> String {
    std::fs::read_to_string(format!("{}/games/{name}", env!("CARGO_MANIFEST_DIR"))).expect(name)
}

#[test]
fn the_one_die_game_with_a_chance_turn_is_the_setup_form() {
    let turn_form = read("one_die_turn.game");
    let setup_form = read("one_die.game");
    for goal in [5, 10, 17, 31] {
        let set = format!("goal={goal}");
        let a = json_of(&turn_form, &["--set", &set]);
        let b = json_of(&setup_form, &["--set", &set]);
        let (mut p1_wins, mut moves) = (Q::zero(), Q::zero());
        let branches = b["chance"].as_array().expect("branches");
        let turn = a["start"]["chance_turn"]
            .as_array()
            .expect("the chance turn");
        assert_eq!(turn.len(), branches.len(), "goal {goal}");
        for (branch, outcome) in branches.iter().zip(turn) {
            let p = fraction(&branch["probability"]);
            assert_eq!(fraction(&outcome["probability"]), p, "goal {goal}");
            assert_eq!(outcome["to_move"], 2);
            assert_eq!(branch["to_move"], 2);
            // The value for player 2 to move after the roll: a win 1, a loss -1.
            let value = match branch["value"].as_str() {
                Some("win") => Q::one(),
                Some("lose") => -Q::one(),
                other => panic!("goal {goal}: {other:?}"),
            };
            assert_eq!(fraction(&outcome["expected"]), value, "goal {goal}");
            let at = branch["position"].as_str().unwrap_or("");
            let top = at.split("top=").nth(1).unwrap_or("?");
            assert_eq!(outcome["rolled"], format!("top={top}"), "goal {goal}");
            if value < Q::zero() {
                p1_wins += &p;
            }
            let r = branch["remoteness"].as_i64().expect("remoteness");
            moves += p * Q::from_integer(r.into());
        }
        let s = &a["start"];
        assert_eq!(s["to_move"], 2);
        assert_eq!(
            fraction(&s["win_probability_player_1"]),
            p1_wins,
            "goal {goal}"
        );
        // The chance turn is no move: the expected moves are the setup form's remoteness.
        assert_eq!(fraction(&s["expected_moves"]), moves, "goal {goal}");
        assert_eq!(s["best_move"], serde_json::Value::Null);
        assert_eq!(s["moves"], serde_json::json!([]));
    }
}

#[test]
fn the_one_die_game_to_31_gives_one_sixth() {
    let j = json_of(&read("one_die_turn.game"), &[]);
    assert_eq!(j["start"]["win_probability_player_1"], "1/6");
    assert_eq!(j["start"]["expected"], "2/3");
    assert_eq!(j["start"]["expected_moves"], "71/6");
}

/// Three moves, each followed by a chance turn that rolls nothing: the game ends after the
/// third, and `last mover` is still the one who made it (player 1), not the player to move at
/// the chance turn.
const LAST: &str = r#"game "Last" {
  state { n: 0..=3 = 0; due: bool = false }
  chance if due { due = false }
  move go { n += 1; due = true }
  end if n == 3 and not due: last mover wins
}
"#;

#[test]
fn who_moved_last_is_kept_across_a_chance_turn() {
    let j = json_of(LAST, &[]);
    assert_eq!(j["start"]["expected"], "1");
    assert_eq!(j["start"]["win_probability_player_1"], "1");
    // Three moves; the three chance turns are not counted.
    assert_eq!(j["start"]["expected_moves"], "3");
    // The player to move stays so unless the turn says otherwise: with `next mover = 2` at
    // each chance turn, player 2 makes the second and third moves and wins.
    let passed = LAST.replace("{ due = false }", "{ due = false  next mover = 2 }");
    let j = json_of(&passed, &[]);
    assert_eq!(j["start"]["win_probability_player_1"], "0");
}

/// Pig to 10 with its die on a chance turn: a 1 hands the turn over with `next mover`.
const PIG: &str = r#"game "Pig, chance turn" {
  option goal: 1..=100 = 10
  state { score: per player 0..=goal = 0; run: 0..=goal = 0; due: bool = false; d: 0..=6 = 0 }
  chance if due {
    roll d in 1..=6
    due = false
    if d == 1 { run = 0  next mover = opponent } else { run = min(goal, run + d) }
    d = 0
  }
  move throw as "roll" { due = true  again }
  move hold if run > 0 { score[mover] = min(goal, score[mover] + run)  run = 0 }
  end if score[last mover] == goal: last mover wins
}
"#;

#[test]
fn pig_with_a_chance_turn_is_pig() {
    for goal in ["3", "5"] {
        let set = format!("goal={goal}");
        let ours = json_of(PIG, &["--set", &set]);
        let shipped = json_of(&read("pig.game"), &["--set", &set]);
        assert_eq!(ours["start"]["exact"], true, "{ours}");
        assert_eq!(
            ours["start"]["expected"], shipped["start"]["expected"],
            "goal {goal}"
        );
    }
    // At a chance turn, each face with its value for the player to move after it.
    let r = solve_source(PIG, &["--at", "score=[5, 3], run=2, due=true, d=0, turn=1"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let tail: Vec<&str> = (r.stdout.lines())
        .skip_while(|l| !l.starts_with("chance turn"))
        .collect();
    assert_eq!(
        tail.join("\n"),
        "chance turn nobody chooses: each outcome, then for the player to move:
  d=1       1/6     player 2 to move: expected 116695/256121
  d=2       1/6     player 1 to move: expected 193985/256121
  d=3       1/6     player 1 to move: expected 1
  d=4       1/6     player 1 to move: expected 1
  d=5       1/6     player 1 to move: expected 1
  d=6       1/6     player 1 to move: expected 1
order       every reachable position, swept until the bounds close, then component by component, the last first, in exact fractions"
    );
    // The value there is the shipped Pig's value of rolling (tests/pig.rs).
    assert!(r
        .stdout
        .contains("value       expected 183629/256121 for the player to move"));
}

#[test]
fn play_takes_a_chance_turn_at_once() {
    let path = format!("{}/games/one_die_turn.game", env!("CARGO_MANIFEST_DIR"));
    let r = gamec_in(
        &[
            "play",
            &path,
            "--set",
            "goal=8",
            "--seed",
            "5",
            "--player1",
            "computer",
            "--player2",
            "computer",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    let k = (lines.iter())
        .position(|l| *l == "total=0, top=0, player 2 to move")
        .expect("the start");
    assert!(
        lines[k + 1].starts_with("A chance turn: rolled top="),
        "{}",
        r.stdout
    );
    assert!(!r.stdout.contains("plays chance"), "{}", r.stdout);
}

#[test]
fn tree_shows_a_chance_turn_as_a_chance_node() {
    let path = format!("{}/games/one_die_turn.game", env!("CARGO_MANIFEST_DIR"));
    let r = gamec_in(&["tree", &path, "--set", "goal=3", "--depth", "1"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        // After a 1 or a 2 player 2 tips to 3 and wins; a 3 reaches the goal as player 1's (as
        // after `setup by player 1`); 4 to 6 go over it.
        "total=0, top=0, player 2 to move: expected 2/3
  chance turn: nobody chooses, expected 2/3
    top=1 (1/6) -> total=1, top=1, player 2 to move: expected 1
    top=2 (1/6) -> total=2, top=2, player 2 to move: expected 1
    top=3 (1/6) -> total=3, top=3, player 2 to move: end, expected -1
    top=4 (1/6) -> total=4, top=4, player 2 to move: end, expected 1
    top=5 (1/6) -> total=5, top=5, player 2 to move: end, expected 1
    top=6 (1/6) -> total=6, top=6, player 2 to move: end, expected 1

tree nodes  8 (positions and chance nodes)
positions   15 in the solved state graph
"
    );
}

#[test]
fn what_is_refused_is_coded() {
    // `again` in a chance turn: nobody's turn to keep.
    let again = LAST.replace("{ due = false }", "{ due = false  again }");
    let r = solve_source(&again, &[]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.contains("gamec::misplaced_statement"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("a chance turn is nobody's"),
        "{}",
        r.stderr
    );
    // Three players.
    let three = LAST.replace("game \"Last\" {", "game \"Last\" {\n  players 3");
    let r = solve_source(&three, &[]);
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("gamec::chance_in_play"), "{}", r.stderr);
    assert!(
        r.stderr.contains("this game of 3 players has chance turns"),
        "{}",
        r.stderr
    );
    // A chance turn without a condition.
    let bare = LAST.replace("chance if due {", "chance {");
    let r = solve_source(&bare, &[]);
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("gamec::syntax"), "{}", r.stderr);
    assert!(
        r.stderr
            .contains("expected `if`, found `{`: a chance turn needs a condition"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("Write `chance if COND { ... }`"),
        "{}",
        r.stderr
    );
}
