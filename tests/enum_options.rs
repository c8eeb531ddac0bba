//! An option holding an enumeration's value (`option first = toad`): its enumeration is the one
//! that declares the default, `--set` takes a value's name or display text, and the option is read
//! wherever an option is (state starts, `first mover`, guards, labels, comparisons).

use crate::common;
use common::*;

/// A strip of two toads and two frogs; `first` says which kind moves first and fills the middle.
const STRIP: &str = r#"game "Strip" {
  option first = toad
  first mover if first == toad then 1 else 2
  state { strip: [{empty ".", toad "T", frog "F"}; 5] = [toad, empty, empty, empty, frog] }
  def mine(p) = if p == 1 then toad else frog
  def ahead(p) = if p == 1 then 1 else -1
  def free(i) = i >= 0 and i < len(strip) and strip[i] == empty
  move slide(i in indices(strip)) if strip[i] == mine(mover) and free(i + ahead(mover))
    as "{first} {i}" { strip[i + ahead(mover)] = mine(mover); strip[i] = empty }
  end if no moves: mover loses
}
"#;

/// The first three lines `solve` prints after the name and position count.
fn solved(set: &[&str]) -> (i32, Vec<String>, String) {
    let mut args = vec!["solve", "-"];
    for s in set {
        args.extend(["--set", s]);
    }
    let r = gamec_in(&args, STRIP);
    let lines = r.stdout.lines().skip(2).take(3).map(String::from).collect();
    (r.code, lines, r.stderr)
}

#[test]
fn the_default_and_a_set_by_name_or_display_text_decide_who_moves_first() {
    // No jumps: the side to move first slides, the other answers, the first slides again and
    // the other side is blocked (T . T F . . after toad, frog, toad): a win in 3 for the first.
    let (code, lines, err) = solved(&[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        lines,
        [
            "start       strip=[T, ., ., ., F], turn=1",
            "value       win in 3 for the player to move",
            "best moves  T 0",
        ]
    );
    for frog in ["first=frog", "first=F"] {
        let (code, lines, err) = solved(&[frog]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(
            lines,
            [
                "start       strip=[T, ., ., ., F], turn=2",
                "value       win in 3 for the player to move",
                "best moves  F 4",
            ]
        );
    }
}

#[test]
fn a_set_that_is_not_a_value_is_one_bad_set_with_the_values() {
    let r = gamec_in(&["check", "-", "--set", "first=frgo"], STRIP);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "gamec::bad_set

  × `--set first=frgo`: `frgo` is not a value of the option's enumeration
   ╭─[<stdin>:2:3]
 1 │ game \"Strip\" {
 2 │   option first = toad
   ·   ─────────┬─────────
   ·            ╰── the option is declared here
 3 │   first mover if first == toad then 1 else 2
   ╰────
  help: Did you mean `frog`? Give one of empty, toad, frog.
<stdin>: 1 error
"
    );
}

#[test]
fn an_enumeration_option_starts_a_variable_and_is_no_number() {
    let src = "game \"e\" {\n  option way = down\n  state { s: {up, down} = way }\n  move flip if s == way { s = down }\n  end if no moves: mover loses\n}\n";
    let r = gamec_in(&["solve", "-", "--set", "way=up"], src);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout.lines().nth(2),
        Some("start       s=up, player 1 to move")
    );
    assert_eq!(
        r.stdout.lines().nth(3),
        Some("value       win in 1 for the player to move")
    );
    let src = "game \"e\" {\n  option way = down\n  state { s: 0..=3 = way + 1; t: {up, down} = up }\n  move m if s > 0 and t == up { s -= 1 }\n  end if no moves: mover loses\n}\n";
    let r = gamec_in(&["check", "-"], src);
    assert_fails_with(
        &r,
        "gamec::type_mismatch\n\n  × expected a number, found a value of an enumeration",
    );
    let src = "game \"e\" {\n  option way: 1..=3 = down\n  state { s: {up, down} = up }\n  move m if s == up { s = down }\n  end if no moves: mover loses\n}\n";
    let r = gamec_in(&["check", "-"], src);
    assert_fails_with(
        &r,
        "gamec::type_mismatch\n\n  × expected a number, found a value of an enumeration",
    );
}
