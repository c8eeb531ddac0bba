//! Enumerations (`{empty ".", x "X", o "O"}`): values by name in the rules, display text on screen,
//! names or display text in `--at`, and the type errors that keep them apart from numbers.

use crate::common;
use common::*;

/// Tic-tac-toe on a flat board of an enumeration, with definitions.
const TTT: &str = r#"game "Tic-tac-toe (flat)" {
  option misere: bool = false
  state { board: [{empty ".", x "X", o "O"}; 9] = empty }
  def mark(p) = if p == 1 then x else o
  def line(a, b, c, p) = board[a] == mark(p) and board[b] == mark(p) and board[c] == mark(p)
  def three(p) = line(0, 1, 2, p) or line(3, 4, 5, p) or line(6, 7, 8, p) or line(0, 3, 6, p) or line(1, 4, 7, p) or line(2, 5, 8, p) or line(0, 4, 8, p) or line(2, 4, 6, p)
  move place(i in 0..=8) if board[i] == empty { board[i] = mark(mover) }
  end if three(last mover): if misere then last mover loses else last mover wins
  end if no moves: tie
}
"#;

#[test]
fn tic_tac_toe_is_a_tie_over_5478_positions() {
    let r = gamec_in(&["solve", "-"], TTT);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().take(4).collect();
    assert_eq!(
        lines,
        [
            "Tic-tac-toe (flat)",
            "positions   5478",
            "start       board=[., ., ., ., ., ., ., ., .], turn=1",
            "value       tie in 9 for the player to move",
        ]
    );
}

#[test]
fn at_takes_names_or_display_text_and_shows_display_text() {
    let r = gamec_in(
        &[
            "solve",
            "-",
            "--at",
            "board=[x, ., ., ., O, ., ., ., .], turn=1",
        ],
        TTT,
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout.lines().nth(2),
        Some("position    board=[X, ., ., ., O, ., ., ., .], turn=1")
    );
    let r = gamec_in(
        &[
            "solve",
            "-",
            "--at",
            "board=[x, ., ., ., Z, ., ., ., .], turn=1",
        ],
        TTT,
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("`Z` is not a value of `board` (its values are empty, x, o)"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_number_is_not_a_value_of_an_enumeration() {
    let src = "game \"e\" {\n  state { s: {up, down} = up }\n  move flip { s = 1 }\n  end if s == down: last mover wins\n}\n";
    let r = gamec_in(&["check", "-"], src);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stderr,
        "gamec::type_mismatch

  × expected one of up, down, found a number
   ╭─[<stdin>:3:19]
 2 │   state { s: {up, down} = up }
 3 │   move flip { s = 1 }
   ·                   ┬
   ·                   ╰── this is a number
 4 │   end if s == down: last mover wins
   ╰────
  help: The value must be one of the variable's values: up, down.
<stdin>: 1 error
"
    );
}

#[test]
fn enumerations_are_compared_for_equality_only_and_values_are_distinct() {
    let src = "game \"e\" {\n  state { s: {up, down} = up }\n  move flip if s < down { s = down }\n  end if s == down: last mover wins\n}\n";
    let r = gamec_in(&["check", "-"], src);
    assert_fails_with(
        &r,
        "gamec::type_mismatch\n\n  × expected a number, found a value of an enumeration",
    );
    let src = "game \"e\" {\n  state { s: {up \"U\", down \"U\"} = up }\n  move flip { s = down }\n  end if s == down: last mover wins\n}\n";
    let r = gamec_in(&["check", "-"], src);
    assert_fails_with(&r, "gamec::duplicate_name\n\n  × `U` is declared twice");
    let src = "game \"e\" {\n  state { s: {up, down} = up; t: {down, left} = left }\n  move flip { s = down; t = down }\n  end if s == down: last mover wins\n}\n";
    let r = gamec_in(&["check", "-"], src);
    assert_fails_with(&r, "gamec::duplicate_name\n\n  × `down` is declared twice");
}

#[test]
fn a_value_named_twice_in_one_enumeration_is_a_duplicate_not_a_crash() {
    // Found by the million-input fuzz run (seed 26, input 564967): the second `empty` looked
    // for the first in an enumeration not yet added, and `check` panicked.
    let src = "game \"g\" {\n  state { board: [{empty \".\", red \"R\", empty \"Y\"}; 2] = empty }\n  move m(i in indices(board)) if board[i] == empty { board[i] = red }\n  end if no moves: tie\n}\n";
    let r = gamec_in(&["check", "-"], src);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr.starts_with("gamec::duplicate_name\n"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("`empty` is declared twice"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("first declared here"), "{}", r.stderr);
}

/// A parameter over an enumeration written in place (`d in {up, down "DOWN"}`): its moves are
/// named by the values' display texts, with or without a template, in the order written.
const WORDS: &str = "game \"w\" {\n  state { x: 0..=3 = 1 }\n  move step(d in {up, down \"DOWN\"}) if (d == up and x < 3) or (d == down and x > 0) {\n    x += if d == up then 1 else -1\n  }\n  move jump(n in 2..=2, d in {left, right}) as \"jump {d} by {n}\" if x == 1 and d == right { x = 3 }\n  end if x == 3: last mover wins\n  end if x == 0: last mover loses\n}\n";

#[test]
fn a_parameter_over_words_names_its_moves_by_them() {
    let r = gamec_in(&["solve", "-"], WORDS);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().skip(2).take(3).collect();
    assert_eq!(
        lines,
        [
            "start       x=1, player 1 to move",
            "value       win in 1 for the player to move",
            "best moves  jump right by 2",
        ]
    );
    let r = gamec_in(&["solve", "-", "--at", "x=2"], WORDS);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout.lines().nth(4), Some("best moves  step up"));
    let r = gamec_in(&["solve", "-", "--at", "x=1", "--json"], WORDS);
    let j: serde_json::Value = serde_json::from_str(&r.stdout).expect("json");
    let moves: Vec<&str> = (j["at"]["moves"].as_array().expect("moves").iter())
        .map(|m| m["move"].as_str().expect("a name"))
        .collect();
    assert_eq!(moves, ["jump right by 2", "step up", "step DOWN"]);
}

#[test]
fn a_word_is_no_number_and_its_name_is_taken() {
    let src = WORDS.replace("x += if d == up then 1 else -1", "x += d");
    let r = gamec_in(&["check", "-"], &src);
    assert_fails_with(
        &r,
        "gamec::type_mismatch\n\n  × expected a number, found a value of an enumeration",
    );
    let src = WORDS.replace(
        "state { x: 0..=3 = 1 }",
        "state { x: 0..=3 = 1; s: {up, side} = side }",
    );
    let r = gamec_in(&["check", "-"], &src);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr
            .contains("gamec::duplicate_name\n\n  × `up` is declared twice"),
        "{}",
        r.stderr
    );
    let src = WORDS.replace("x == 1 and d == right", "x == 1 and d == up");
    let r = gamec_in(&["check", "-"], &src);
    assert_fails_with(
        &r,
        "gamec::type_mismatch\n\n  × expected a value of the same kind on both sides, found a value of an enumeration",
    );
}
