//! Roll weights worked out from the rolled value (`roll top in 1..=6 weights 7 - top`): exact
//! probabilities, the rest of the state readable, and `gamec::bad_weights` as the setup runs for a
//! negative weight or all 0; the engine and the reference interpreter agree.

use crate::common;
use common::*;
use gamec::reference as rf;
use num_rational::BigRational;

/// A die loaded towards low numbers (weights 6, 5, ..., 1), then a race to 0 taking 1 or 2.
const LOADED: &str = "game \"Loaded\" {
  state { top: 0..=6 = 0 }
  setup by player 1 { roll top in 1..=6 weights 7 - top }
  move down(n in 1..=2) if n <= top { top -= n }
  end if top == 0: last mover wins
}
";

#[test]
fn each_value_gets_the_weight_the_expression_has_for_it() {
    let r = gamec_in(&["solve", "-"], LOADED);
    assert_eq!(r.code, 0, "{}", r.stderr);
    // Player 2 moves first after the roll and loses from a multiple of 3 (3 and 6: 4/21 + 1/21).
    let lines: Vec<&str> = r.stdout.lines().skip(3).take(7).collect();
    assert_eq!(
        lines,
        [
            "  top=1     2/7     player 2 to move: win in 1; best: down 1",
            "  top=2     5/21    player 2 to move: win in 1; best: down 2",
            "  top=3     4/21    player 2 to move: lose in 2; best: down 1, down 2",
            "  top=4     1/7     player 2 to move: win in 3; best: down 1",
            "  top=5     2/21    player 2 to move: win in 3; best: down 2",
            "  top=6     1/21    player 2 to move: lose in 4; best: down 1, down 2",
            "probability player 1 wins 5/21, player 2 wins 16/21",
        ]
    );
}

#[test]
fn the_reference_rolls_the_same_weights() {
    let (ast, _) = gamec::compile(LOADED, &[]).0.expect("compiles");
    let game = rf::Game::new(&ast, &[]).expect("the reference accepts it");
    let graph = rf::explore(&game, 1000).expect("explores");
    let mut starts: Vec<(i64, BigRational)> = (graph.starts.iter())
        .map(|(i, p)| (graph.positions[*i].vars["top"][0], p.clone()))
        .collect();
    starts.sort();
    let want: Vec<(i64, BigRational)> = (1..=6)
        .map(|v| (v, BigRational::new((7 - v).into(), 21.into())))
        .collect();
    assert_eq!(starts, want);
}

#[test]
fn the_expression_reads_the_rest_of_the_state_and_a_zero_weight_is_not_rolled() {
    // After `bias = 3`, the weight of v is |v - 3|: 3 is never rolled, 1 and 5 twice as likely
    // as 2 and 4.
    let src = LOADED
        .replace(
            "state { top: 0..=6 = 0 }",
            "state { top: 0..=6 = 0; bias: 0..=6 = 0 }",
        )
        .replace(
            "{ roll top in 1..=6 weights 7 - top }",
            "{\n    bias = 3\n    roll top in 1..=5 weights abs(top - bias)\n  }",
        )
        .replace("if n <= top {", "if n <= top and bias == 3 {");
    let r = gamec_in(&["solve", "-"], &src);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let rolled: Vec<&str> = (r.stdout.lines())
        .filter(|l| l.starts_with("  top="))
        .map(|l| &l[..17])
        .collect();
    assert_eq!(
        rolled,
        [
            "  top=1     1/3  ",
            "  top=2     1/6  ",
            "  top=4     1/6  ",
            "  top=5     1/3  "
        ]
    );
}

#[test]
fn a_negative_weight_or_all_0_is_bad_weights_as_the_setup_runs() {
    let src = LOADED.replace("weights 7 - top", "weights 4 - top");
    let r = gamec_in(&["check", "-"], &src);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "gamec::bad_weights

  × the roll has a negative weight (-1)
   ╭─[<stdin>:3:23]
 2 │   state { top: 0..=6 = 0 }
 3 │   setup by player 1 { roll top in 1..=6 weights 4 - top }
   ·                       ────────────────┬────────────────
   ·                                       ╰── these weights
 4 │   move down(n in 1..=2) if n <= top { top -= n }
   ╰────
  help: Moves from the start: the setup, before any move.
        Give one weight per outcome of the roll, in order (`roll d in 1..=3 weights [1, 2, 1]`),
        or one expression of the rolled value (`weights 4 - d`); weights are whole numbers, none
        negative and not all 0.
<stdin>: 1 error
"
    );
    let src = LOADED.replace("weights 7 - top", "weights top / 7");
    let r = gamec_in(&["check", "-"], &src);
    assert_fails_with(
        &r,
        "gamec::bad_weights\n\n  × every weight of the roll is 0: no outcome can happen",
    );
}

#[test]
fn every_value_must_fit_the_rolled_variable() {
    // 0 has weight 0 but is still written into `top` to work its weight out.
    let src = LOADED.replace(
        "roll top in 1..=6 weights 7 - top",
        "roll top in 0..=7 weights top % 7",
    );
    let r = gamec_in(&["check", "-"], &src);
    assert_fails_with(&r, "gamec::out_of_range");
    let (ast, _) = gamec::compile(&src, &[])
        .0
        .expect("parses and checks before play");
    let game = rf::Game::new(&ast, &[]).expect("the reference accepts it");
    let err = rf::explore(&game, 1000).expect_err("the setup faults");
    assert!(format!("{err:?}").contains("OutOfRange"), "{err:?}");
}
