//! A bool array's or a bool grid's start given as a list, one value per element
//! (`s: [bool; 2] = [false, true]`), as for numbers and enumerations: solved, shown by `play`,
//! read back by `--at`.

use crate::common;
use common::*;

const GAME: &str = r#"game "Bool starts" {
  state {
    s: [bool; 2] = [false, true]
    g: grid 2 x 2 of bool = [true, false, false, true]
  }
  move flip(i in indices(s)) if not s[i] { s[i] = true }
  move set(r in rows(g), c in cols(g)) if not g[r, c] { g[r, c] = true }
  end if no moves: mover loses
}
"#;

#[test]
fn a_list_start_of_bools_is_solved_from_those_values() {
    let r = gamec_in(&["solve", "-"], GAME);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "Bool starts
positions   8 (whose turn it is does not change any rule, so positions do not record it)
start       s=[false, true], player 1 to move
              0     1
            0 true  false
            1 false true
value       win in 3 for the player to move
best moves  flip 0, set 0 1, set 1 0
grundy      1
by value    win 4, lose 4
order       in the order of position numbers, which every move raises, one thread
"
    );
}

#[test]
fn at_reads_a_position_of_such_a_game() {
    let at = "s=[true, false], g=[true, true / false, true]";
    let r = gamec_in(&["solve", "-", "--at", at], GAME);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().skip(2).take(5).collect();
    assert_eq!(
        lines,
        [
            "position    s=[true, false], player 1 to move",
            "              0     1",
            "            0 true  true",
            "            1 false true",
            "value       lose in 2 for the player to move",
        ]
    );
}

#[test]
fn play_shows_the_listed_start() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("bools.game");
    std::fs::write(&path, GAME).expect("write");
    let file = path.to_string_lossy();
    let r = gamec_in(
        &["play", &file, "--seed", "1", "--blunder", "0"],
        "set 0 1\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let shown: Vec<&str> = r.stdout.lines().skip(4).take(8).collect();
    assert_eq!(
        shown,
        [
            "s=[false, true], player 1 to move",
            "    0     1",
            "  0 true  false",
            "  1 false true",
            "Moves:",
            "  1  flip 0",
            "  2  set 0 1",
            "  3  set 1 0",
        ]
    );
}

#[test]
fn a_list_of_the_wrong_kind_or_length_is_refused() {
    let r = gamec_in(
        &["check", "-"],
        "game \"B\" {\n  state { s: [bool; 2] = [false, 1] }\n  move m(i in indices(s)) if not s[i] { s[i] = true }\n  end if no moves: mover loses\n}\n",
    );
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr.starts_with(
            "gamec::type_mismatch\n\n  × expected a condition (true or false), found a number"
        ),
        "{}",
        r.stderr
    );
    let r = gamec_in(
        &["check", "-"],
        "game \"B\" {\n  state { s: [bool; 2] = [false, true, true] }\n  move m(i in indices(s)) if not s[i] { s[i] = true }\n  end if no moves: mover loses\n}\n",
    );
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr
            .starts_with("gamec::type_mismatch\n\n  × expected 2 values, found a list of 3 values"),
        "{}",
        r.stderr
    );
}
