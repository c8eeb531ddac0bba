//! Runs of a grid's cells: `lines(board, k)`, `cells(board)`, `neighbours(board, r, c)` and
//! `orthogonal(board, r, c)`, ranged over by `count`/`any`/`all`/`first`/`last` (and `for`, for
//! lines), indexed (`line[j]`) and counted (`len(line)`); each game is also run by the reference
//! interpreter, which works the runs out on its own, and the two must agree everywhere.

use crate::common;
use crate::compare;

use common::*;
use compare::{compare, Case};

/// A game with a grid `board` of `w` x `h` cells numbered row by row (cell `k` holds `k`) whose
/// one move sets `t` to `expr`.
fn numbered(w: i64, h: i64, expr: &str) -> String {
    let n = w * h;
    let cells: Vec<String> = (0..n).map(|k| k.to_string()).collect();
    format!(
        "game \"g\" {{\n  state {{\n    board: grid {w} x {h} of 0..={n} = [{}]\n    \
         t: -1000..=1000 = -1000\n  }}\n  move m if t == -1000 {{ t = {expr} }}\n  \
         end if t > -1000: last mover wins\n}}\n",
        cells.join(", ")
    )
}

/// `expr` evaluated at the start of `numbered(w, h, expr)`: its value, or the kind of fault.
/// The reference interpreter must agree.
fn value(w: i64, h: i64, expr: &str) -> Result<i64, String> {
    let src = numbered(w, h, expr);
    let case = compare(&src, &[]).unwrap_or_else(|e| panic!("{expr}: {e}"));
    let rules = rules_of(&src, &[]);
    let engine = gamec::engine::Engine::new(&rules);
    let start = engine.starts().expect("starts")[0].code;
    match engine.moves_of(start) {
        Ok((_, moves)) => {
            assert!(matches!(case, Case::Solved { .. }), "{case:?}");
            Ok(*engine.decode(moves[0].1.code).slots.last().expect("t"))
        }
        Err(f) => Err(format!("{:?}", f.error.kind)),
    }
}

/// Compiles `src` and runs it both ways: they must agree, and the game must solve.
fn solves(src: &str) {
    match compare(src, &[]) {
        Ok(Case::Solved { .. }) => {}
        other => panic!("{src}\n{other:?}"),
    }
}

/// The first diagnostic's code and message for a file.
fn refused(src: &str) -> (String, String) {
    let (compiled, d) = gamec::compile(src, &[]);
    assert!(compiled.is_none(), "{src} compiles");
    let first = d.0.iter().find(|x| x.is_error()).expect("an error");
    (first.code.to_string(), first.message.clone())
}

#[test]
fn lines_are_every_straight_run_listed_by_direction_then_first_cell() {
    let count = |w, h, k| value(w, h, &format!("count(l in lines(board, {k}) where true)"));
    // 3 columns x 2 rows: 2 runs of 2 per row, 3 per column, 2 down-right, 2 down-left.
    assert_eq!(count(3, 2, 2), Ok(4 + 3 + 2 + 2));
    assert_eq!(count(3, 2, 3), Ok(2));
    // A run of one cell has no direction: each cell once.
    assert_eq!(count(3, 2, 1), Ok(6));
    // Longer than the grid: no line at all.
    assert_eq!(count(3, 2, 4), Ok(0));
    assert_eq!(count(3, 2, 1000000), Ok(0));
    assert_eq!(count(3, 3, 3), Ok(8));
    assert_eq!(count(1, 5, 3), Ok(3));
    // Cells 0 1 2 / 3 4 5. Runs of 2 ending in cell 4, in order: along the row (3, 4), down the
    // column (1, 4), down to the right (0, 4), down to the left (5 is not; 2, 4 is).
    let first_cell = |which: &str| {
        value(
            3,
            2,
            &format!("{which}(l in lines(board, 2) where l[1] == 4)[0]"),
        )
    };
    assert_eq!(first_cell("first"), Ok(3));
    assert_eq!(first_cell("last"), Ok(2));
    // Within a direction, by first cell row by row; a line's cells run away from its first.
    assert_eq!(
        value(3, 2, "last(l in lines(board, 2) where l[0] == 0)[1]"),
        Ok(4)
    );
    assert_eq!(
        value(3, 2, "first(l in lines(board, 2) where l[1] == 3)[0]"),
        Ok(0)
    );
    assert_eq!(
        value(3, 2, "len(first(l in lines(board, 2) where true))"),
        Ok(2)
    );
}

#[test]
fn cells_and_neighbourhoods_are_runs_row_by_row() {
    assert_eq!(
        value(3, 3, "count(v in cells(board) where v % 2 == 0)"),
        Ok(5)
    );
    assert_eq!(value(3, 3, "len(cells(board))"), Ok(9));
    assert_eq!(value(3, 3, "cells(board)[7]"), Ok(7));
    // Around the centre of 0 1 2 / 3 4 5 / 6 7 8: all 8, row by row.
    assert_eq!(value(3, 3, "len(neighbours(board, 1, 1))"), Ok(8));
    assert_eq!(value(3, 3, "neighbours(board, 1, 1)[3]"), Ok(3));
    assert_eq!(value(3, 3, "neighbours(board, 1, 1)[4]"), Ok(5));
    assert_eq!(value(3, 3, "len(neighbours(board, 0, 0))"), Ok(3));
    assert_eq!(value(3, 3, "neighbours(board, 0, 2)[2]"), Ok(5));
    assert_eq!(value(3, 3, "len(orthogonal(board, 1, 1))"), Ok(4));
    assert_eq!(value(3, 3, "orthogonal(board, 1, 1)[1]"), Ok(3));
    assert_eq!(value(3, 3, "len(orthogonal(board, 2, 0))"), Ok(2));
    assert_eq!(
        value(3, 3, "count(v in neighbours(board, 2, 1) where v > 4)"),
        Ok(3)
    );
    assert_eq!(value(1, 1, "len(neighbours(board, 0, 0))"), Ok(0));
    assert_eq!(
        value(
            1,
            1,
            "if all(v in neighbours(board, 0, 0) where false) then 1 else 0"
        ),
        Ok(1)
    );
    // `first`/`last` over a run give a cell's value; over none, no value.
    assert_eq!(
        value(3, 3, "last(v in orthogonal(board, 1, 1) where v < 5)"),
        Ok(3)
    );
    assert_eq!(
        value(3, 3, "first(v in cells(board) where v > 8)"),
        Err("NoValue".into())
    );
}

#[test]
fn a_cell_or_index_off_the_board_is_out_of_bounds_with_a_trace() {
    assert_eq!(
        value(3, 3, "len(neighbours(board, 3, 0))"),
        Err("IndexOutOfBounds".into())
    );
    assert_eq!(
        value(3, 3, "len(orthogonal(board, 0, -1))"),
        Err("IndexOutOfBounds".into())
    );
    assert_eq!(
        value(3, 3, "cells(board)[9]"),
        Err("IndexOutOfBounds".into())
    );
    let r = gamec_in(
        &["check", "-"],
        &numbered(3, 3, "len(neighbours(board, 1, 5))"),
    );
    assert_fails_with(
        &r,
        "gamec::index_out_of_bounds\n\n  × column 5 is outside `board` (its columns are 0..=2)",
    );
    assert!(r.stderr.contains("then m.\n"), "{}", r.stderr);
}

#[test]
fn board_games_read_as_their_rules() {
    // n in a row with lines, checked by defs taking a line; a for loop over lines.
    solves(
        r#"game "Three" {
  state { board: grid 3 x 3 of {empty ".", x "X", o "O"} = empty }
  def mark(p) = if p == 1 then x else o
  def full(l, p) = all(v in l where v == mark(p))
  move place(r in rows(board), c in cols(board)) if board[r, c] == empty { board[r, c] = mark(mover) }
  end if any(l in lines(board, 3) where full(l, last mover)): last mover wins
  end if no moves: tie
}"#,
    );
    solves(
        r#"game "Flood" {
  state {
    board: grid 3 x 2 of bool = false
    score: per player 0..=1000 = 0
  }
  move light(r in rows(board), c in cols(board)) if not board[r, c] {
    board[r, c] = true
    score[mover] += count(v in neighbours(board, r, c) where v) + count(v in orthogonal(board, r, c) where not v)
    for l in lines(board, 2) where l[0] and l[1] { score[mover] += len(l) }
  }
  end if all(v in cells(board) where v): winner is each p where score[p] > score[3 - p] or (score[p] == score[3 - p] and p == 2)
}"#,
    );
}

#[test]
fn misuse_is_named() {
    let grid = |rule: &str| {
        format!(
            "game \"g\" {{\n  option k = 0\n  state {{ board: grid 3 x 3 of bool\n  a: [0..=1; 3] }}\n  \
             move m(r in 0..=2) if {rule} {{ board[r, 0] = true }}\n  end if no moves: mover loses\n}}\n"
        )
    };
    let code = |rule: &str| refused(&grid(rule));
    assert_eq!(
        code("any(l in lines(board, k) where true)"),
        (
            "gamec::bad_range".into(),
            "a line of 0 cells is not allowed".into()
        )
    );
    assert_eq!(
        code("any(l in lines(board, r) where true)").0,
        "gamec::not_constant"
    );
    assert_eq!(
        code("any(l in lines(a, 2) where true)").0,
        "gamec::wrong_arguments"
    );
    assert_eq!(
        code("any(l in lines(board) where true)").0,
        "gamec::wrong_arguments"
    );
    assert_eq!(
        code("count(v in cells(a) where v) > 0").0,
        "gamec::wrong_arguments"
    );
    assert_eq!(
        code("count(l in lines(board, 2) where l) > 0").0,
        "gamec::type_mismatch"
    );
    assert_eq!(
        code("any(l in lines(board, 2) where l + 1 > 0)").0,
        "gamec::type_mismatch"
    );
    assert_eq!(
        code("len(lines(board, 2)) > 0").0,
        "gamec::misplaced_statement"
    );
    assert_eq!(code("any(v in r where true)").0, "gamec::bad_domain");
    assert_eq!(
        code("any(l in lines(board, 2) where any(v in l[0] where v))").0,
        "gamec::bad_domain"
    );
    assert_eq!(
        code("neighbours(board, r) == 0").0,
        "gamec::wrong_arguments"
    );
    let param = "game \"g\" {\n  state { board: grid 3 x 3 of bool }\n  \
                 move m(v in cells(board)) { board[0, 0] = true }\n  end if no moves: mover loses\n}\n";
    assert_eq!(
        refused(param),
        (
            "gamec::bad_domain".into(),
            "a parameter or a roll ranges over numbers, not runs of cells".into()
        )
    );
    let for_cells = "game \"g\" {\n  state { board: grid 3 x 3 of bool }\n  \
                 move m { for v in cells(board) { board[0, 0] = true } }\n  end if no moves: mover loses\n}\n";
    assert_eq!(refused(for_cells).0, "gamec::bad_domain");
}

/// The fewest `--max-steps` with which `src` solves.
fn fewest_steps(src: &str) -> u64 {
    let rules = rules_of(src, &[]);
    let solves = |n: u64| {
        let engine = gamec::engine::Engine::new(&rules).with_max_steps(n);
        let roots: Vec<u64> = engine
            .starts()
            .expect("starts")
            .iter()
            .map(|b| b.code)
            .collect();
        gamec::solve::solve(&engine, &roots, 1_000_000).is_ok()
    };
    let (mut lo, mut hi) = (0u64, 10_000_000u64);
    assert!(solves(hi));
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if solves(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}

#[test]
fn comparing_each_cell_with_one_value_takes_the_steps_it_always_did() {
    // `v == mark(p)` is compared against one value per run; written so that it cannot be, the
    // same test visits the same cells and takes the same steps.
    let game = |cond: &str| {
        format!(
            r#"game "Three" {{
  state {{ board: grid 3 x 3 of {{empty ".", x "X", o "O"}} = empty }}
  def mark(p) = if p == 1 then x else o
  move place(r in rows(board), c in cols(board)) if board[r, c] == empty {{ board[r, c] = mark(mover) }}
  end if any(l in lines(board, 3) where all(v in l where {cond})): last mover wins
  end if no moves: tie
}}"#
        )
    };
    let fast = fewest_steps(&game("v == mark(last mover)"));
    assert_eq!(fast, fewest_steps(&game("mark(last mover) == v")));
    assert_eq!(fast, fewest_steps(&game("(v == mark(last mover)) == true")));
    solves(&game("(v == mark(last mover)) == true"));
}
