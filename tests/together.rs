//! Simultaneous moves (`together`): `gamec solve`'s exact values and optimal strategies against
//! published answers (OpenSpiel's tests of Goofspiel) and against gamec's own throw-game
//! analysis of the same matrix (RPS, RPSLS, RPS-101 written as one simultaneous stage).

use crate::common;
use common::{gamec, solve_source, stdout};
use serde_json::Value;

fn solve_json(args: &[&str]) -> Value {
    let o = gamec(&[&["solve", "--json"], args].concat());
    assert!(o.status.success(), "{}", common::stderr(&o));
    serde_json::from_str(&stdout(&o)).expect("JSON")
}

/// OpenSpiel's value_iteration test solves Goofspiel with 3 cards (random prize order, win/loss
/// returns) and expects value 0; it notes 4 cards fail there with one LAPACK version. gamec's
/// fractions: exactly 0 for 3 and 4 cards, in either prize order, as a win/loss and as a margin.
#[test]
fn goofspiel_with_three_and_four_cards_is_worth_exactly_zero() {
    for cards in ["3", "4"] {
        for random in ["false", "true"] {
            for margin in ["false", "true"] {
                let j = solve_json(&[
                    "games/goofspiel.game",
                    "--set",
                    &format!("cards={cards}"),
                    "--set",
                    &format!("random={random}"),
                    "--set",
                    &format!("margin={margin}"),
                ]);
                let what = format!("cards {cards}, random {random}, margin {margin}");
                assert_eq!(j["start"]["expected_for_player_1"], "0", "{what}");
                assert_eq!(j["simultaneous"], true, "{what}");
            }
        }
    }
}

/// With the prizes in descending order, after first bids N against 1 the game is worth 1/3 to
/// the first player for N = 3 and 0.1584 for N = 4 in OpenSpiel's point-difference scale (half
/// the margin, as the issue quotes OpenSpiel's expectations): margins 2/3 and 115/363
/// (0.31680...), and in win/loss terms 1/2 and 3/19.
#[test]
fn goofspiel_after_bids_n_against_one_matches_openspiel() {
    let pair = |cards: &str, margin: &str, label: &str| -> String {
        let j = solve_json(&[
            "games/goofspiel.game",
            "--set",
            &format!("cards={cards}"),
            "--set",
            &format!("margin={margin}"),
        ]);
        let moves = j["start"]["moves"].as_array().expect("moves").clone();
        let m = moves.iter().find(|m| m["move"] == label).expect(label);
        m["expected"].as_str().expect("a fraction").to_string()
    };
    assert_eq!(pair("3", "true", "3 against 1"), "2/3");
    assert_eq!(pair("4", "true", "4 against 1"), "115/363");
    assert_eq!(pair("3", "false", "3 against 1"), "1/2");
    assert_eq!(pair("4", "false", "4 against 1"), "3/19");
}

/// The text of a solve: the strategies at the start and each pair's value.
#[test]
fn goofspiel_text_shows_both_strategies_and_every_pair() {
    let o = gamec(&["solve", "games/goofspiel.game", "--set", "cards=3"]);
    assert!(o.status.success());
    let want = "\
Goofspiel
positions   48 (rolls weighted by their exact probabilities, simultaneous choices solved as matrix games, exactly)
start       hand1=[true, true, true], hand2=[true, true, true], left=[true, true, true], prize=3, lead=0, turn=1, player 1 to move
value       expected margin 0 for the player to move (the margin counts)
chances     player 1 ends ahead 0, player 2 ends ahead 0, level 1
length      3 moves expected to the end
player 1    a = 3 with 1 (an optimal mixed strategy)
player 2    b = 3 with 1 (an optimal mixed strategy)
pairs       1 against 1 0, 1 against 2 -1, 1 against 3 -1/2, 2 against 1 1, 2 against 2 0, 2 against 3 -1, 3 against 1 1/2, 3 against 2 1, 3 against 3 0 (expected margin for the player to move of each pair of choices)
order       depth-first from the start, one thread, in exact fractions
";
    assert_eq!(stdout(&o), want);
}

/// A throw game's payoff matrix written as one simultaneous stage (the row's gain as player 1's
/// score): the stage's value and player 1's optimal strategy are the throw game's.
fn one_stage(game: &str) {
    let t = solve_json(&[game]);
    let matrix = t["two_players"]["matrix"].as_array().expect("matrix");
    let n = matrix.len();
    let flat: Vec<String> = (matrix.iter())
        .flat_map(|row| row.as_array().expect("row").iter())
        .map(|q| q.as_str().expect("an integer").to_string())
        .collect();
    let src = format!(
        "game \"Stage\" {{
  option gain = [{}]
  state {{ r: 0..={top} = 0; c: 0..={top} = 0; done: bool = false }}
  together throw(a in 0..={top}, b in 0..={top}) if not done {{ r = a  c = b  done = true }}
  end if done: score each p = if p == 1 then gain[r * {n} + c] else 0
}}
",
        flat.join(", "),
        top = n - 1
    );
    let r = solve_source(&src, &["--json"]);
    assert!(r.stderr.is_empty(), "{game}: {}", r.stderr);
    let j: Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert_eq!(j["start"]["expected"], t["two_players"]["value"], "{game}");
    let ours = j["start"]["strategies"][0]["choices"]
        .as_array()
        .expect("player 1's choices");
    let throws = t["throws"].as_array().expect("throws");
    let strategy = &t["two_players"]["strategy"];
    let shown: Vec<(String, String)> = (throws.iter().enumerate())
        .map(|(i, name)| (i, strategy[name.as_str().expect("a name")].as_str()))
        .filter(|(_, p)| *p != Some("0"))
        .map(|(i, p)| (format!("a = {i}"), p.expect("a fraction").to_string()))
        .collect();
    let got: Vec<(String, String)> = ours
        .iter()
        .map(|c| {
            (
                c["choice"].as_str().unwrap_or("").to_string(),
                c["probability"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    assert_eq!(got, shown, "{game}");
}

#[test]
fn rps_rpsls_and_rps_101_as_one_stage_give_the_throw_games_answers() {
    for game in ["games/rps.game", "games/rpsls.game", "games/rps101.game"] {
        one_stage(game);
    }
}

/// Throws named in place: the strategy shows each choice by its name.
#[test]
fn choices_over_an_enumeration_are_shown_by_name() {
    let src = "game \"RPS\" {
  state { w: 0..=2 = 0; done: bool = false }
  together throw(a in {rock, paper, scissors}, b in 0..=2) if not done {
    let r = if a == rock then 0 else if a == paper then 1 else 2
    w = (r - b + 3) % 3
    done = true
  }
  end if done: score each p = if w == 0 then 0 else if (w == 1) == (p == 1) then 1 else 0
}
";
    let r = solve_source(src, &[]);
    assert!(r.stderr.is_empty(), "{}", r.stderr);
    assert!(
        r.stdout.contains("player 1    a = rock with 1/3, a = paper with 1/3, a = scissors with 1/3 (an optimal mixed strategy)\n"),
        "{}",
        r.stdout
    );
}

/// `tree` follows simultaneous moves (it was refused with `gamec::together`): each stage says
/// so (more in tests/chance_views.rs).
#[test]
fn tree_shows_each_simultaneous_choice() {
    let o = gamec(&[
        "tree",
        "games/goofspiel.game",
        "--set",
        "cards=3",
        "--depth",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", common::stderr(&o));
    let out = common::stdout(&o);
    assert!(
        out.contains("player 1 to move: simultaneous choice, expected 0\n"),
        "{out}"
    );
    assert_eq!(out.matches(" against ").count(), 9, "{out}");
}

/// The certified bounds of a game with simultaneous moves whose play can return to a position
/// (`solve::interval` with each stage a matrix game on the pairs' bounds): "<lo> and <hi>" of
/// its `value` line, as numbers.
fn value_bounds(stdout: &str) -> (f64, f64) {
    let line = stdout
        .lines()
        .find(|l| l.starts_with("value       expected between "))
        .unwrap_or_else(|| panic!("{stdout}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    (words[3].parse().unwrap(), words[5].parse().unwrap())
}

/// Matching pennies until three matches (a mismatch changes nothing): player 1 matches with
/// probability 1/2 each round whatever player 2 does, so player 1 wins with probability 1. It
/// was refused (`gamec::together`, a loop); the bounds now close on 1. `play` refuses it: it has
/// no exact strategy for the computer.
#[test]
fn a_loop_of_simultaneous_moves_is_bounded_and_closes() {
    let pennies = "game \"Pennies for ever\" {
  state { heads: 0..=3 = 0 }
  together show(a in 0..=1, b in 0..=1) { if a == b { heads += 1 } }
  end if heads == 3: player 1 wins
}
";
    let r = solve_source(pennies, &[]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.starts_with(
            "Pennies for ever\npositions   8 (simultaneous moves; play can return to a position)\n"
        ),
        "{}",
        r.stdout
    );
    let (lo, hi) = value_bounds(&r.stdout);
    assert!(lo <= 1.0 && 1.0 - lo < 1e-9 && hi == 1.0, "{}", r.stdout);
    assert!(
        r.stdout.contains("; closed to within 2^-30\n"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains(
            "strategies  not given: only bounds of the values are known where play can return\n"
        ),
        "{}",
        r.stdout
    );
    let j = solve_source(pennies, &["--json"]);
    let j: Value = serde_json::from_str(&j.stdout).expect("JSON");
    assert_eq!(
        (
            &j["rolls_during_play"],
            &j["simultaneous"],
            &j["loopy"],
            &j["start"]["closed"]
        ),
        (
            &Value::Bool(false),
            &Value::Bool(true),
            &Value::Bool(true),
            &Value::Bool(true)
        ),
        "{j}"
    );
    assert_eq!(j["start"]["expected_bounds"][1], "1.0000000000", "{j}");
    let path = std::env::temp_dir().join(format!("pennies-{}.game", std::process::id()));
    std::fs::write(&path, pennies).unwrap();
    let p = common::gamec_in(&["play", path.to_str().unwrap()], "");
    std::fs::remove_file(&path).ok();
    assert_eq!(p.code, 1, "{}", p.stderr);
    assert!(
        p.stderr.starts_with("gamec::together\n\n  × play can return to a position in this game with simultaneous moves"),
        "{}",
        p.stderr
    );
}

/// A penalty kick taken again after every save: the kicker (player 1) scores when the two
/// choices differ; a save gives the keeper the game with probability 1/3 and otherwise the kick
/// is retaken. With v the kicker's value, a save is worth m = -1/3 + 2v/3, the stage
/// [[m, 1], [1, m]] is worth (m + 1) / 2, so v = 1/3 + v/3: v = 1/2, and the kicker wins with
/// probability 3/4. The certified bounds hold both.
#[test]
fn a_loop_with_rolls_and_simultaneous_moves_closes_on_its_exact_value() {
    let penalty = "game \"Penalty\" {
  state { over: 0..=2 = 0; r: 0..=3 = 0 }
  together kick(a in 0..=1, b in 0..=1) {
    if a != b { over = 1 } else { roll r in 1..=3; if r == 1 { over = 2 }; r = 0 }
    again
  }
  end if over == 1: player 1 wins
  end if over == 2: player 2 wins
}
";
    let r = solve_source(penalty, &[]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains(
            "positions   4 (rolls and simultaneous moves; play can return to a position)\n"
        ),
        "{}",
        r.stdout
    );
    let (lo, hi) = value_bounds(&r.stdout);
    assert!(lo <= 0.5 && 0.5 <= hi && hi - lo < 1e-9, "{}", r.stdout);
    let chances = r
        .stdout
        .lines()
        .find(|l| {
            l.starts_with(
                "chances     if play ends (no draw), player 1 wins with probability between ",
            )
        })
        .unwrap_or_else(|| panic!("{}", r.stdout));
    let w: Vec<f64> = chances
        .split_whitespace()
        .filter(|x| x.contains('.'))
        .filter_map(|x| x.parse().ok())
        .collect();
    assert!(
        w[0] <= 0.75 && 0.75 <= w[1] && w[1] - w[0] < 1e-9,
        "{chances}"
    );
}

/// Oshi-Zumo without a round limit: bids of 0 can go on for ever (a draw), so the bounds from -1
/// and from 1 stop short of each other, and `solve` says so rather than print a value.
#[test]
fn oshi_zumo_without_a_round_limit_says_its_bounds_stay_apart() {
    let o = gamec(&["solve", "games/oshi_zumo.game", "--set", "horizon=0"]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("positions   141 (simultaneous moves; play can return to a position)\n"),
        "{out}"
    );
    assert!(
        out.contains("expected between -1.0000000000 and 1.0000000000 for the player to move"),
        "{out}"
    );
    assert!(out.contains("no sweep tightens them further: play that can go on for ever (a draw, counted 0) keeps them apart\n"), "{out}");
}

/// `--at` the position after the first bids 4 against 1 (descending prizes, margins): the value
/// OpenSpiel's test expects (0.1584, half of 115/363) with both players' mixed strategies, each
/// guaranteeing it against every choice of the other (checked here from the printed pairs).
#[test]
fn goofspiel_at_a_position_gives_the_mixed_strategies() {
    let at = "hand1=[true, true, true, false], hand2=[false, true, true, true], \
              left=[true, true, true, false], prize=3, lead=4, turn=1";
    let o = gamec(&[
        "solve",
        "games/goofspiel.game",
        "--set",
        "cards=4",
        "--set",
        "margin=true",
        "--at",
        at,
    ]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let text = stdout(&o);
    let want = [
        "at          hand1=[true, true, true, false], hand2=[false, true, true, true], left=[true, true, true, false], prize=3, lead=4, turn=1, player 1 to move",
        "value       expected margin 115/363 for the player to move (the margin counts)",
        "player 1    a = 1 with 7/11, a = 2 with 15/121, a = 3 with 29/121 (an optimal mixed strategy)",
        "player 2    b = 2 with 29/121, b = 3 with 15/121, b = 4 with 7/11 (an optimal mixed strategy)",
        "pairs       1 against 2 -4/3, 1 against 3 0, 1 against 4 1, 2 against 2 5/3, 2 against 3 -2/3, 2 against 4 0, 3 against 2 4, 3 against 3 5/3, 3 against 4 -4/3 (expected margin for the player to move of each pair of choices)",
    ];
    for line in want {
        assert!(text.lines().any(|l| l == line), "{line}\n{text}");
    }
    // x·M ≥ v for every column and M·y ≤ v for every row, in exact fractions.
    use num_rational::BigRational as Q;
    let q = |a: i64, b: i64| Q::new(a.into(), b.into());
    let m = [
        [q(-4, 3), q(0, 1), q(1, 1)],
        [q(5, 3), q(-2, 3), q(0, 1)],
        [q(4, 1), q(5, 3), q(-4, 3)],
    ];
    let x = [q(7, 11), q(15, 121), q(29, 121)];
    let y = [q(29, 121), q(15, 121), q(7, 11)];
    let v = q(115, 363);
    for j in 0..3 {
        let col: Q = x.iter().zip(&m).map(|(p, row)| p * &row[j]).sum();
        assert!(col >= v, "column {j}: {col}");
    }
    for (i, row) in m.iter().enumerate() {
        let sum: Q = y.iter().zip(row).map(|(p, a)| p * a).sum();
        assert!(sum <= v, "row {i}: {sum}");
    }
}

/// `play`: the human types a choice, the computer draws its own from its optimal mixed strategy
/// (seeded), both are shown together. Bidding 1 for the first prize leads to the position of
/// the test above, mirrored (player 1 now behind by 4): its strategy is player 2's there.
#[test]
fn play_draws_the_computers_choice_from_its_mixed_strategy() {
    let r = common::gamec_in(
        &[
            "play",
            "games/goofspiel.game",
            "--set",
            "margin=true",
            "--seed",
            "3",
            "--hints",
        ],
        "1\n1\n1\n1\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let want = r#"Goofspiel
Bid a card for each prize, both at once; the higher card takes the prize.
Player 1: human. Player 2: computer.
Type a move's number or name, or a command: q quit, h hints on/off, ? help. Rolls are drawn with their exact probabilities.

hand1=[true, true, true, true], hand2=[true, true, true, true], left=[true, true, true, true], prize=4, lead=0, player 1 to move
Your choices, each with the probability an optimal strategy gives it (the other player chooses at the same time):
  1  a = 1  0
  2  a = 2  0
  3  a = 3  0
  4  a = 4  1
Player 1, your choice: 1
At the same time, player 1 chose a = 1 and player 2 chose b = 4.
Player 1 plays 1 against 4.

hand1=[false, true, true, true], hand2=[true, true, true, false], left=[true, true, true, false], prize=3, lead=-4, player 1 to move
Your choices, each with the probability an optimal strategy gives it (the other player chooses at the same time):
  1  a = 2  29/121
  2  a = 3  15/121
  3  a = 4  7/11
Player 1, your choice: 1
At the same time, player 1 chose a = 2 and player 2 chose b = 1.
Player 1 plays 2 against 1.

hand1=[false, false, true, true], hand2=[false, true, true, false], left=[true, true, false, false], prize=2, lead=-1, player 1 to move
Your choices, each with the probability an optimal strategy gives it (the other player chooses at the same time):
  1  a = 3  1/3
  2  a = 4  2/3
Player 1, your choice: 1
At the same time, player 1 chose a = 3 and player 2 chose b = 2.
Player 1 plays 3 against 2.

hand1=[false, false, false, true], hand2=[false, false, true, false], left=[true, false, false, false], prize=1, lead=1, player 1 to move
Your choices, each with the probability an optimal strategy gives it (the other player chooses at the same time):
  1  a = 4  1
Player 1, your choice: 1
At the same time, player 1 chose a = 4 and player 2 chose b = 3.
Player 1 plays 4 against 3.

hand1=[false, false, false, false], hand2=[false, false, false, false], left=[false, false, false, false], prize=0, lead=2, player 1 to move
Game over: player 1 wins by 2.
You win!
"#;
    assert_eq!(r.stdout, want);
}

/// Oshi-Zumo with 5 coins and a field of size 2 (OpenSpiel's value_iteration test: value 0,
/// also with a minimum bid of 1); here with a round limit of 10 (the file's default is 100).
#[test]
fn oshi_zumo_is_worth_zero() {
    for min_bid in ["0", "1"] {
        let j = solve_json(&[
            "games/oshi_zumo.game",
            "--set",
            "horizon=10",
            "--set",
            &format!("min_bid={min_bid}"),
        ]);
        assert_eq!(j["start"]["expected"], "0", "min_bid {min_bid}");
        assert_eq!(j["simultaneous"], true);
    }
}
