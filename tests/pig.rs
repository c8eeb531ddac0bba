//! Pig and Piglet (Neller and Presser, "Optimal Play of the Dice Game Pig", 2004), whose play
//! can return to a position: `gamec solve`'s certified bounds against value iteration written
//! here, and its exact values (`solve::exact_loop`) against an exact solve written here (the
//! policy of that value iteration, its linear equations solved by Gauss-Jordan elimination in
//! fractions), Pig to 1 worked out by hand, and the text of Pig to 20.

use crate::common;
use common::many::json_of;
use common::{fraction, gamec_in, solve_source};
use num_rational::BigRational;
use num_traits::{One, Zero};

type Q = BigRational;

/// Where a move of the player to move with `mine`, `theirs` and the turn total `run` leads:
/// `(probability, Some((mine, theirs, run)) as seen by the player then to move, whether that is
/// the other player)`, or `None` for a win. `hold` banks the run; a roll of 1 passes the turn.
type Step = (f64, Option<(usize, usize, usize)>, bool);

/// A die: its faces, and whether every face but 1 scores one point (Piglet's coin: heads 1)
/// rather than its number (Pig).
#[derive(Clone, Copy)]
struct Die {
    faces: usize,
    flat: bool,
}

const fn die(faces: usize) -> Die {
    Die { faces, flat: false }
}

fn steps(goal: usize, die: Die, (i, j, k): (usize, usize, usize), hold: bool) -> Vec<Step> {
    if hold {
        let banked = (i + k).min(goal);
        return match banked >= goal {
            true => vec![(1.0, None, false)],
            false => vec![(1.0, Some((j, banked, 0)), true)],
        };
    }
    let mut out = vec![(1.0 / die.faces as f64, Some((j, i, 0)), true)];
    for face in 2..=die.faces {
        let points = if die.flat { 1 } else { face };
        out.push((
            1.0 / die.faces as f64,
            Some((i, j, (k + points).min(goal))),
            false,
        ));
    }
    out
}

/// Pig with a die of `sides` faces (a coin is Piglet: 2 faces, 1 loses the turn total) by plain
/// value iteration in floating point: the chance that the player to move wins at every
/// `(mine, theirs, run)` (index `(mine * (goal + 1) + theirs) * (goal + 1) + run`), to within
/// 1e-13, and whether the best move there is to hold.
fn pig_by_iteration(goal: usize, sides: Die) -> (Vec<f64>, Vec<bool>) {
    let n = goal + 1;
    let at = |(i, j, k): (usize, usize, usize)| (i * n + j) * n + k;
    let mut v = vec![0.5f64; n * n * n];
    let mut holds = vec![false; n * n * n];
    let value = |v: &Vec<f64>, s: &Step| match s.1 {
        None => s.0,
        Some(p) if s.2 => s.0 * (1.0 - v[at(p)]),
        Some(p) => s.0 * v[at(p)],
    };
    loop {
        let mut change = 0f64;
        for i in (0..goal).rev() {
            for j in (0..goal).rev() {
                for k in (0..=goal).rev() {
                    let roll: f64 = steps(goal, sides, (i, j, k), false)
                        .iter()
                        .map(|s| value(&v, s))
                        .sum();
                    let hold = (k > 0).then(|| value(&v, &steps(goal, sides, (i, j, k), true)[0]));
                    let best = roll.max(hold.unwrap_or(f64::MIN));
                    holds[at((i, j, k))] = hold.is_some_and(|h| h >= roll);
                    change = change.max((best - v[at((i, j, k))]).abs());
                    v[at((i, j, k))] = best;
                }
            }
        }
        if change < 1e-14 {
            return (v, holds);
        }
    }
}

/// The chance that the first player wins, exactly: both players follow the policy of
/// `pig_by_iteration`, and the linear equations of that policy (one per position with both
/// scores below the goal) are solved by Gauss-Jordan elimination in fractions.
fn pig_exact(goal: usize, sides: Die) -> Q {
    let n = goal + 1;
    let (_, holds) = pig_by_iteration(goal, sides);
    let var = |(i, j, k): (usize, usize, usize)| (i * goal + j) * n + k;
    let size = goal * goal * n;
    // (I - A) x = b
    let mut m = vec![vec![Q::zero(); size]; size];
    let mut b = vec![Q::zero(); size];
    for i in 0..goal {
        for j in 0..goal {
            for k in 0..=goal {
                let r = var((i, j, k));
                m[r][r] += Q::one();
                let hold = holds[(i * n + j) * n + k];
                for (p, to, passes) in steps(goal, sides, (i, j, k), hold) {
                    let p = if p == 1.0 {
                        Q::one()
                    } else {
                        Q::new(1.into(), (sides.faces as i64).into())
                    };
                    match (to, passes) {
                        (None, _) => b[r] += p,
                        // 1 - x: the other player's chance of winning.
                        (Some(t), true) => {
                            b[r] += &p;
                            m[r][var(t)] += p;
                        }
                        (Some(t), false) => m[r][var(t)] -= p,
                    }
                }
            }
        }
    }
    for col in 0..size {
        let piv = (col..size)
            .find(|&r| !m[r][col].is_zero())
            .expect("one solution");
        m.swap(col, piv);
        b.swap(col, piv);
        let inv = Q::one() / &m[col][col];
        let pivot = m[col].clone();
        for r in 0..size {
            if r == col || m[r][col].is_zero() {
                continue;
            }
            let f = &m[r][col] * &inv;
            for (c, x) in pivot.iter().enumerate().skip(col) {
                if !x.is_zero() {
                    m[r][c] -= &f * x;
                }
            }
            let t = &f * &b[col];
            b[r] -= t;
        }
    }
    &b[var((0, 0, 0))] / &m[var((0, 0, 0))][var((0, 0, 0))]
}

fn pig_source(sides: u32) -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/games/pig.game"))
        .expect("pig.game")
        .replace("die: 0..=6", &format!("die: 0..={sides}"))
        .replace("roll die in 1..=6", &format!("roll die in 1..={sides}"))
}

#[test]
fn piglet_and_pig_bounds_hold_the_value_iterated_independently() {
    for (sides, goals) in [(2u32, 1..=8usize), (6, 1..=12)] {
        let source = pig_source(sides);
        for goal in goals {
            let j = json_of(&source, &["--set", &format!("goal={goal}")]);
            let s = &j["start"];
            assert_eq!(s["closed"], true, "{sides} sides, goal {goal}");
            let [lo, hi] = [0, 1].map(|k| {
                s["expected_bounds"][k]
                    .as_str()
                    .and_then(|x| x.parse::<f64>().ok())
                    .expect("a bound")
            });
            let (v, _) = pig_by_iteration(goal, die(sides as usize));
            let expected = 2.0 * v[0] - 1.0;
            // The printed bounds are rounded outward to 10 digits.
            assert!(
                lo - 1e-12 <= expected && expected <= hi + 1e-12,
                "{sides} sides, goal {goal}: {expected} outside [{lo}, {hi}]"
            );
            assert!(hi - lo < 2e-9, "{sides} sides, goal {goal}: [{lo}, {hi}]");
        }
    }
}

/// gamec's exact values are the exact solve's written here.
#[test]
fn piglet_and_pig_exact_values_agree_with_an_exact_solve_written_here() {
    for (sides, goals) in [(2u32, 1..=5usize), (6, 1..=4)] {
        let source = pig_source(sides);
        for goal in goals {
            let j = json_of(&source, &["--set", &format!("goal={goal}")]);
            let s = &j["start"];
            assert_eq!(s["exact"], true, "{sides} sides, goal {goal}");
            let win = pig_exact(goal, die(sides as usize));
            let two = Q::from_integer(2.into());
            assert_eq!(
                fraction(&s["expected"]),
                two * win - Q::one(),
                "{sides} sides, goal {goal}"
            );
            // At the start only `roll` is legal (nothing to hold): its value is the start's.
            assert_eq!(
                s["moves"],
                serde_json::json!([{"move": "roll", "expected": s["expected"]}])
            );
        }
    }
}

/// Pig to 1: any roll but a 1 wins (the run reaches the goal, and holding banks it), a 1 passes
/// the same position to the other player. So the first player wins with p = 5/6 + (1 - p)/6,
/// p = 6/7, and the expected count is 2p - 1 = 5/7.
#[test]
fn pig_to_one_is_five_sevenths_by_hand() {
    let r = gamec_in(&["solve", "games/pig.game", "--set", "goal=1"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "Pig
positions   6 (rolls during play; play can return to a position)
start       score=[0, 0], run=0, die=0, turn=1, player 1 to move
value       expected 5/7 for the player to move (a win counts 1, a tie or a draw 0, a loss -1)
exact       yes: after the bounds closed (6 sweeps), each player's strategy valued in fractions and checked against every reply (strategy iteration)
chances     if play ends (no draw), player 1 wins with probability 6/7
best move   roll
moves       roll 5/7 (expected of each)
order       every reachable position, swept until the bounds close, then component by component, the last first, in exact fractions
"
    );
}

#[test]
fn pig_to_20_as_text() {
    let r = gamec_in(&["solve", "games/pig.game"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "Pig
positions   14478 (rolls during play; play can return to a position)
start       score=[0, 0], run=0, die=0, turn=1, player 1 to move
value       expected 5675645/24557443 for the player to move (a win counts 1, a tie or a draw 0, a loss -1)
exact       yes: after the bounds closed (41 sweeps), each player's strategy valued in fractions and checked against every reply (strategy iteration)
chances     if play ends (no draw), player 1 wins with probability 15116544/24557443
best move   roll
moves       roll 5675645/24557443 (expected of each)
order       every reachable position, swept until the bounds close, then component by component, the last first, in exact fractions
"
    );
}

/// A move the bounds cannot tell from the best, but that can go round for ever (`wait` flips
/// `s` and moves again), is not the strategy valued: the first strategy was `wait` at both
/// positions, which never ends, and no exact value was given.
#[test]
fn a_move_as_good_that_can_wait_for_ever_is_not_chosen() {
    let src = r#"game "Dawdle" {
  state { done: 0..=1 = 0; d: 0..=1 = 0; s: 0..=1 = 0 }
  move wait { s = 1 - s  again }
  move finish { roll d in 0..=1  done = 1  d = 0 }
  end if done == 1: last mover wins
}
"#;
    let r = solve_source(src, &[]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(
        lines[3],
        "value       expected 1 for the player to move (a win counts 1, a tie or a draw 0, a loss -1)",
        "{}",
        r.stdout
    );
    assert!(lines[4].starts_with("exact       yes: "), "{}", r.stdout);
    assert_eq!(lines[6], "best moves  wait, finish (equally good)");
}

/// The exact values need every outcome's fraction in memory: where that would not fit, the
/// bounds stay, and say so.
/// Pig to 10: with 1,000,000 bytes the positions do not fit; with 1,750,000 they do (about
/// 1.2 MB of the budget of 3/4 of it) but not with their values as well.
#[test]
fn exact_values_that_would_not_fit_are_not_tried() {
    for bytes in ["1000000", "1750000"] {
        let env = [("GAMEC_MEMORY_AVAILABLE", bytes)];
        let r = common::gamec_with_env(
            &["--color", "never"],
            &["solve", "games/pig.game", "--set", "goal=10"],
            "",
            &env,
        );
        assert_eq!(r.code, 0, "{}", r.stderr);
        let lines: Vec<&str> = r.stdout.lines().collect();
        assert_eq!(
        lines[3],
        "value       expected between 0.4188486449 and 0.4188486455 for the player to move (a win counts 1, a tie or a draw 0, a loss -1)"
    );
        assert_eq!(
        lines[6],
        "exact       not found: the positions with their exact probabilities and values would not fit in the memory available"
    );
    }
}

/// Pig to 10 from player 1 at 5 against 3 with a run of 2: rolling on is worth 183629/256121,
/// holding (7 against 3, player 2 to move) -18511/43625; both are the value iteration's to
/// within 1e-12 (player 2 at 3 against 7 wins with about 0.712: to bank anything a player must
/// roll first, so the leader's 3 points are not safe).
#[test]
fn pig_at_a_position_values_each_move_exactly() {
    let r = gamec_in(
        &[
            "solve",
            "games/pig.game",
            "--set",
            "goal=10",
            "--at",
            "score=[5, 3], run=2, die=0, turn=1",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let line = r
        .stdout
        .lines()
        .find(|l| l.starts_with("moves"))
        .unwrap_or_default();
    assert_eq!(
        line, "moves       roll 183629/256121, hold -18511/43625 (expected of each)",
        "{}",
        r.stdout
    );
    let (v, _) = pig_by_iteration(10, die(6));
    let at = |i: usize, j: usize, k: usize| v[(i * 11 + j) * 11 + k];
    assert!((2.0 * at(5, 3, 2) - 1.0 - 183629.0 / 256121.0).abs() < 1e-12);
    assert!((2.0 * (1.0 - at(3, 7, 0)) - 1.0 + 18511.0 / 43625.0).abs() < 1e-12);
}

/// `games/piglet.game` (heads scores 1, the coin flipped on a chance turn) against the exact
/// solve written here for goals 1 to 5, and at the paper's goal of 10 against value iteration
/// (to 1e-12), its exact value pinned.
#[test]
fn the_shipped_piglet_is_the_papers_piglet() {
    let source = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/games/piglet.game"))
        .expect("piglet.game");
    let coin = Die {
        faces: 2,
        flat: true,
    };
    let two = Q::from_integer(2.into());
    for goal in 1..=5 {
        let j = json_of(&source, &["--set", &format!("goal={goal}")]);
        assert_eq!(j["start"]["exact"], true, "goal {goal}");
        let win = pig_exact(goal, coin);
        assert_eq!(
            fraction(&j["start"]["expected"]),
            &two * win - Q::one(),
            "goal {goal}"
        );
    }
    let j = json_of(&source, &[]);
    let (v, _) = pig_by_iteration(10, coin);
    let expected = fraction(&j["start"]["expected"]);
    let float = expected
        .numer()
        .to_string()
        .parse::<f64>()
        .unwrap_or(f64::NAN)
        / expected
            .denom()
            .to_string()
            .parse::<f64>()
            .unwrap_or(f64::NAN);
    assert!(
        (float - (2.0 * v[0] - 1.0)).abs() < 1e-12,
        "{float} against {}",
        2.0 * v[0] - 1.0
    );
    assert_eq!(
        j["start"]["expected"],
        "478108627912803893/10634368774326171875"
    );
}
