//! Diagnostics that misled a new user (issue 21): each states what is wrong where it is, with one
//! error for one mistake. Exact rendered output, as `gamec check -` prints it.

use crate::common;
use common::*;

/// Before: no suggestion, and told to declare `emty` in `state`.
#[test]
fn a_misspelt_enumeration_value_gets_a_suggestion() {
    let src = r#"game "D1" {
  state { board: [{empty, x}; 3] = empty }
  move put(i in indices(board)) if board[i] == emty { board[i] = x }
  end if no moves: mover loses
}
"#;
    let r = gamec_in(&["check", "-"], src);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stderr,
        r#"gamec::unknown_name

  × unknown name `emty`
   ╭─[<stdin>:3:48]
 2 │   state { board: [{empty, x}; 3] = empty }
 3 │   move put(i in indices(board)) if board[i] == emty { board[i] = x }
   ·                                                ──┬─
   ·                                                  ╰── not an option, state variable or parameter in scope
 4 │   end if no moves: mover loses
   ╰────
  help: Did you mean `empty`?
<stdin>: 1 error
"#
    );
}

/// Before: "unknown name `pile`", though `pile` is declared.
#[test]
fn an_option_that_reads_the_state_is_told_so() {
    let src = r#"game "D2" {
  state { pile: 0..=10 = 5 }
  option most: 1..=10 = pile
  move take(n in 1..=3) if n <= pile { pile -= n }
  end if no moves: mover loses
}
"#;
    let r = gamec_in(&["check", "-"], src);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stderr,
        r#"gamec::not_constant

  × `pile` is a state variable, and an option cannot read the state
   ╭─[<stdin>:3:25]
 2 │   state { pile: 0..=10 = 5 }
 3 │   option most: 1..=10 = pile
   ·                         ──┬─
   ·                           ╰── a state variable
 4 │   move take(n in 1..=3) if n <= pile { pile -= n }
   ╰────
  help: An option is fixed before the game starts (`--set` may change it): its default and range
        may use numbers and other options only. To start `pile` from an option, give the option a
        number and write `= OPTION` as `pile`'s initial value in `state { ... }`.
<stdin>: 1 error
"#
    );
}

/// Before: both were called "a parameter".
#[test]
fn a_let_name_or_loop_variable_is_not_called_a_parameter() {
    let src = r#"game "D3" {
  state { pile: 0..=10 = 5 }
  move take(n in 1..=3) if n <= pile { let k = n  k = 2  pile -= k  for i in 1..=2 { i = 3 } }
  end if no moves: mover loses
}
"#;
    let r = gamec_in(&["check", "-"], src);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stderr,
        r#"gamec::not_assignable

  × `k` is a `let` name and cannot be assigned
   ╭─[<stdin>:3:51]
 2 │   state { pile: 0..=10 = 5 }
 3 │   move take(n in 1..=3) if n <= pile { let k = n  k = 2  pile -= k  for i in 1..=2 { i = 3 } }
   ·                                                   ┬
   ·                                                   ╰── assigned here
 4 │   end if no moves: mover loses
   ╰────
  help: A `let` name keeps its value to the end of its block: give the new value a new name (`let
        k2 = ...`), or, if it must change from move to move, declare it in `state { ... }`.

gamec::not_assignable

  × `i` is a `for` loop's variable and cannot be assigned
   ╭─[<stdin>:3:86]
 2 │   state { pile: 0..=10 = 5 }
 3 │   move take(n in 1..=3) if n <= pile { let k = n  k = 2  pile -= k  for i in 1..=2 { i = 3 } }
   ·                                                                                      ┬
   ·                                                                                      ╰── assigned here
 4 │   end if no moves: mover loses
   ╰────
  help: The loop gives `i` each value of its range in turn: compute another value with `let`, or
        loop over the values you need.
<stdin>: 2 errors
"#
    );
}

/// Before: a bare "expected a name or `}`, found `last`".
#[test]
fn a_reserved_word_as_a_name_is_said_to_be_reserved() {
    let src = r#"game "D4" {
  state { last: 0..=10 = 5 }
  move take(n in 1..=3) if n <= last { last -= n }
  end if no moves: mover loses
}
"#;
    let r = gamec_in(&["check", "-"], src);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stderr,
        r#"gamec::syntax

  × `last` is a reserved word and cannot be used as a name
   ╭─[<stdin>:2:11]
 1 │ game "D4" {
 2 │   state { last: 0..=10 = 5 }
   ·           ──┬─
   ·             ╰── reserved word
 3 │   move take(n in 1..=3) if n <= last { last -= n }
   ╰────
  help: The language uses `last` itself (the reserved words are listed under "Grammar" in docs/
        language.md); choose another name, such as `last_`.
<stdin>: 1 error
"#
    );
}

/// Before: one error for the name, then one more for each call of `first`.
#[test]
fn a_definition_named_as_a_built_in_gives_one_error() {
    let src = r#"game "D5" {
  state { pile: 0..=10 = 5 }
  def first(n) = n + 1
  move take(n in 1..=3) if first(n) <= pile and first(1) < 5 and first(2) < 9 { pile -= n }
  end if no moves: mover loses
}
"#;
    let r = gamec_in(&["check", "-"], src);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stderr,
        r#"gamec::duplicate_name

  × `first` is a built-in function
   ╭─[<stdin>:3:7]
 2 │   state { pile: 0..=10 = 5 }
 3 │   def first(n) = n + 1
   ·       ──┬──
   ·         ╰── defined here
 4 │   move take(n in 1..=3) if first(n) <= pile and first(1) < 5 and first(2) < 9 { pile -= n }
   ╰────
  help: Give the definition another name.
<stdin>: 1 error
"#
    );
}
