//! The compiled rules lower pure expressions without branches (`jit::lower::flat`): `and`/`or`
//! with a pure right side as a bitwise and/or, `if` with pure arms as a select, `all`/`any`
//! over a few values known when compiling (a line's cells) one comparison a value, the steps
//! counted from the same comparisons. Each game here takes those paths, and the ones next to
//! them that must not be taken (a right side that could fail: an index out of bounds, an
//! overflow, a division by zero); every compiled expansion is compared with the interpreter's,
//! and the steps each position takes are checked to the step: the budget one short of them
//! gives up where the interpreter runs out of steps.

use crate::common::rules_of;
use crate::compare::{compare, Case};
use gamec::engine::{Engine, Scratch};
use gamec::jit::{Buffers, Status};
use gamec::rules::RtKind;
use std::collections::HashSet;

/// Tic-tac-toe whose end rules read each line's cells with a condition that is not a plain
/// comparison (`and`, `or`, `if`), and with one that is.
const LINES: &str = r#"game "Flat lines" {
  state { board: grid 3 x 3 of {empty ".", x "X", o "O"} = empty }
  def mark(p) = if p == 1 then x else o
  move place(r in rows(board), c in cols(board)) if board[r, c] == empty { board[r, c] = mark(mover) }
  end if any(l in lines(board, 3) where all(v in l where v != empty and v == mark(last mover))): last mover wins
  end if any(l in lines(board, 3) where all(v in l where v == mark(last mover) or (v == empty and false))): mover loses
  end if any(l in lines(board, 2) where all(v in l where if v == empty then false else v == mark(mover))) and false: tie
  end if no moves: tie
}"#;

/// Folds over constant ranges of an array whose conditions are pure, or guard a right side that
/// could fail (an index past the end, an overflow, a division by zero) where the left side
/// settles them.
const RANGES: &str = r#"game "Flat ranges" {
  state { a: [0..=2; 4] = [0, 0, 0, 0] }
  move set(i in 0..=3, v in 1..=2) if a[i] == 0 { a[i] = v }
  end if any(i in 0..=2 where a[i] == mover and a[i + 1] == mover): mover wins
  end if all(i in 0..=3 where a[i] != 0 and (a[i] == 2 or a[i] * 4611686018427387904 >= 0)): tie
  end if any(i in 0..=3 where a[i] == 1 and a[a[i]] == 2 and (a[i] == 0 or 2 / a[i] == 2)): last mover wins
  end if any(i in 0..=3 where a[i] == 0 and a[a[i] + 3] == 2): last mover loses
  end if all(i in 1..=3 where (if a[0] == 1 then a[i] else 3 - a[i]) == 2): mover loses
}"#;

/// The same right side unguarded: both implementations fail alike.
const FAILS: &str = r#"game "Flat fails" {
  state { a: [0..=2; 4] = [0, 0, 0, 0] }
  move set(i in 0..=3, v in 1..=2) if a[i] == 0 { a[i] = v }
  end if any(i in 0..=3 where a[i] == 2 and a[a[i] + 2] == 1): mover wins
  end if all(i in 0..=3 where a[i] != 0): tie
}"#;

/// Folds "some line is all `v OP x`" that the compiled rules lower to bit masks
/// (`jit::lower::lines`): comparisons other than `==` with a constant, lines of one cell, of two
/// and of three, on a grid wider than high; a line of 2s wins for the player who made it, one of
/// 1s for the player to move, and no cell is ever above 2.
const MASKS: &str = r#"game "Masks" {
  state { board: grid 4 x 3 of 0..=2 = 0 }
  move drop(c in cols(board)) if board[0, c] == 0 {
    board[last(r in rows(board) where board[r, c] == 0), c] = if mover == 1 then 1 else 2
  }
  end if any(l in lines(board, 1) where all(v in l where v > 2)): tie
  end if any(l in lines(board, 3) where all(v in l where v >= 2)): last mover wins
  end if any(l in lines(board, 3) where all(v in l where v == 1)): mover wins
  end if any(l in lines(board, 2) where all(v in l where v != 0)) and count(r in rows(board) where board[r, 0] == 0) == 0: tie
  end if no moves: tie
}"#;

fn solved_compiled(case: &Case) -> bool {
    matches!(case, Case::Solved { compiled: true, .. })
}

#[test]
fn pure_conditions_agree_with_the_reference() {
    for src in [LINES, RANGES, MASKS] {
        let case = compare(src, &[]).unwrap_or_else(|why| panic!("{src}\n{why}"));
        assert!(solved_compiled(&case), "{src}\n{case:?}");
    }
    let case = compare(FAILS, &[]).unwrap_or_else(|why| panic!("{FAILS}\n{why}"));
    assert_eq!(case, Case::BothFailed("IndexOutOfBounds".into()));
}

#[test]
fn shipped_line_games_agree_with_the_reference() {
    let c4 = std::fs::read_to_string(crate::common::game_path("connect_four.game")).unwrap();
    let sets = crate::common::sets(&[("width", "4"), ("height", "3"), ("connect", "3")]);
    let case = compare(&c4, &sets).unwrap_or_else(|why| panic!("{why}"));
    assert!(solved_compiled(&case), "{case:?}");
}

/// Every position reachable from the start (at most `limit`), by the interpreter.
fn reachable(engine: &Engine, limit: usize) -> Vec<u64> {
    let mut codes: Vec<u64> = engine.starts().unwrap().iter().map(|b| b.code).collect();
    let mut seen: HashSet<u64> = codes.iter().copied().collect();
    let mut i = 0;
    let mut scratch = Scratch::default();
    while i < codes.len() && codes.len() < limit {
        let mut kids = Vec::new();
        if engine
            .expand(codes[i], &mut scratch, |_, _, ch| kids.push(ch.code))
            .is_ok()
        {
            codes.extend(kids.into_iter().filter(|k| seen.insert(*k)));
        }
        i += 1;
    }
    codes
}

/// Whether the interpreter expands `code` within `steps` steps, or runs out of them (any other
/// fault is a failure of the test's game).
fn interpreted_within(rules: &gamec::rules::Rules, code: u64, steps: u64) -> bool {
    let engine = Engine::new(rules)
        .with_compiled(false)
        .with_max_steps(steps);
    match engine.expand(code, &mut Scratch::default(), |_, _, _| {}) {
        Ok(_) => true,
        Err(f) if f.error.kind == RtKind::TooManySteps => false,
        Err(f) => panic!("code {code}: {:?}", f.error.kind),
    }
}

/// At every position the kernel expands, it takes exactly the interpreter's steps: with one step
/// fewer the interpreter runs out, and the kernel gives up.
fn steps_are_exact(src: &str, set: &[(&str, &str)]) {
    let rules = rules_of(src, set);
    let interpreted = Engine::new(&rules).with_compiled(false);
    let engine = Engine::new(&rules);
    let kernel = engine.kernel().expect("the rules compile");
    let mut buf = Buffers::default();
    let mut checked = 0;
    for code in reachable(&interpreted, 3000) {
        let status = kernel.run(code, u64::MAX, &mut buf);
        if !matches!(status, Status::Moves | Status::End) {
            continue;
        }
        let steps = buf.steps();
        assert!(
            interpreted_within(&rules, code, steps),
            "code {code}: {steps} steps"
        );
        if steps > 0 {
            assert!(
                !interpreted_within(&rules, code, steps - 1),
                "code {code}: {steps} steps"
            );
            assert_eq!(
                kernel.run(code, steps - 1, &mut buf),
                Status::Bail,
                "code {code}"
            );
        }
        checked += 1;
    }
    assert!(
        checked > 50,
        "only {checked} positions expanded by the kernel"
    );
}

#[test]
fn flat_folds_take_the_interpreters_steps_to_the_step() {
    steps_are_exact(LINES, &[]);
    steps_are_exact(RANGES, &[]);
    steps_are_exact(MASKS, &[]);
    let c4 = std::fs::read_to_string(crate::common::game_path("connect_four.game")).unwrap();
    steps_are_exact(&c4, &[("width", "4"), ("height", "3"), ("connect", "3")]);
}
