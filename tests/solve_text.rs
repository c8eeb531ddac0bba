//! `gamec solve`'s text: `best moves` are the fastest wins, and the other winning moves are
//! listed too (`also wins`, and `winning_moves` in `--json`); exact fractions longer than a line
//! are shortened in text and given in full in `--json`.

use crate::common;
use common::*;
use num_bigint::BigInt;
use num_rational::BigRational;

#[test]
fn slower_winning_moves_are_listed_beside_the_best() {
    let o = gamec(&["solve", "games/one_die.game", "--at", "total=3, top=3"]);
    assert_eq!((o.status.code(), stderr(&o).as_str()), (Some(0), ""));
    assert_eq!(
        stdout(&o),
        "One Die Game
positions   182 (whose turn it is does not change any rule, so positions do not record it)
position    total=3, top=3
value       win in 11 for the player to move
best moves  turn to 5
also wins   turn to 1 (in 13)
by value    win 135, lose 47
order       depth-first from the start, one thread
"
    );
    let o = gamec(&[
        "solve",
        "games/one_die.game",
        "--at",
        "total=3, top=3",
        "--json",
    ]);
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(j["at"]["best_moves"], serde_json::json!(["turn to 5"]));
    assert_eq!(
        j["at"]["winning_moves"],
        serde_json::json!(["turn to 5", "turn to 1"])
    );
    // The other two moves lose: they are not winning moves.
    let lost: Vec<&str> = j["at"]["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .filter(|m| m["value"] == "lose")
        .map(|m| m["move"].as_str().expect("name"))
        .collect();
    assert_eq!(lost, ["turn to 2", "turn to 6"]);
    // A losing position has no winning moves.
    let o = gamec(&["solve", "games/nim.game", "--at", "heap=[1,2,3]", "--json"]);
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(j["at"]["value"], "lose");
    assert_eq!(j["at"]["winning_moves"], serde_json::json!([]));
}

const WEIGHTS: [i64; 4] = [
    99999999999999989,
    99999999999999997,
    99999999999999983,
    99999999999999961,
];

/// Four weighted coins, one token each on heads; players take one token at a time.
fn long_odds() -> String {
    let rolls: Vec<String> = ["a", "b", "c", "d"]
        .iter()
        .zip(WEIGHTS)
        .map(|(v, w)| format!("    roll {v} in 0..=1 weights [1, {w}]\n"))
        .collect();
    format!(
        "game \"Long odds\" {{
  state {{ a: 0..=1 = 0; b: 0..=1 = 0; c: 0..=1 = 0; d: 0..=1 = 0; pile: 0..=4 = 0 }}
  setup {{
{}    pile = a + b + c + d
  }}
  move take if pile > 0 {{ pile -= 1 }}
  end if pile == 0: last mover wins
}}",
        rolls.concat()
    )
}

#[test]
fn fractions_longer_than_a_line_are_shortened_in_text_and_full_in_json() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("odds.game");
    std::fs::write(&path, long_odds()).expect("write");
    let p = path.to_str().expect("utf-8 path");
    // Player 1 moves first after the rolls and wins exactly when the pile is odd:
    // P(odd) = (1 - prod(1 - 2 p_i)) / 2 with p_i = w_i / (w_i + 1).
    let one = BigRational::from_integer(BigInt::from(1));
    let mut prod = one.clone();
    for w in WEIGHTS {
        let p = BigRational::new(BigInt::from(w), BigInt::from(w + 1));
        prod *= &one - &p - &p;
    }
    let p1 = (&one - prod) / BigRational::from_integer(BigInt::from(2));
    let o = gamec(&["solve", p, "--json"]);
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(j["win_probability"]["1"], p1.to_string());
    assert_eq!(j["win_probability"]["2"], (&one - &p1).to_string());
    assert!(p1.to_string().len() > 80);
    let o = gamec(&["solve", p]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(
        text.contains(
            "\nprobability player 1 wins 73099415…73099415 (47 digits)/18274853…77777778 \
             (64 digits) ≈ 4.000000e-17, player 2 wins 18274853…04678363 (64 digits)/\
             18274853…77777778 (64 digits) ≈ 1.000000\n"
        ),
        "{text}"
    );
    // A row's probability of 70 characters fits a line and is shown in full; the columns widen.
    assert!(
        text.contains(
            "\n  a=0, b=0, c=0, d=0 1/99999999999999934000000000000012759999999999999162400000000000012160     player 1 to move: lose in 0\n  a=0, b=0, c=0, d=1 99999999999999961/99999999…00012160 (68 digits) ≈ 1.000000e-51             player 1 to move: win in 1; best: take\n"
        ),
        "{text}"
    );
}

/// A position with 100,000 equally good moves: text lists the first 50 and says how many more
/// (it printed all of them), and finding the slower wins compared every move's label with every
/// best move's (10^10 steps; with a million moves the fuzz harness saw it hang).
#[test]
fn a_hundred_thousand_best_moves_are_summarised() {
    let src = "game \"wide\" {\n  state { t: 0..=2 = 0 }\n  move m(n in 1..=100000) if t < 2 { t += 1 }\n  end if t == 2: last mover wins\n}\n";
    let r = common::gamec_in(&["solve", "-"], src);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let best = r
        .stdout
        .lines()
        .find(|l| l.starts_with("best moves"))
        .expect("a best moves line");
    let first: Vec<String> = (1..=50).map(|n| format!("m {n}")).collect();
    assert_eq!(
        best,
        format!(
            "best moves  {}, … and 99950 more (--json lists every one)",
            first.join(", ")
        )
    );
}
