//! `let` and `for` in move bodies: Chomp (a move clears a rectangle, a loop inside a loop) against
//! an independent brute force, the scope of a `let`, and the problems a file can have with them.

use crate::common;
use common::*;
use std::collections::HashMap;

/// Chomp on row lengths (non-increasing, row 0 holding the poison): whether the player to move
/// wins, memoised; `seen` collects every position reached.
fn chomp_wins(rows: &[usize], memo: &mut HashMap<Vec<usize>, bool>) -> bool {
    if let Some(&w) = memo.get(rows) {
        return w;
    }
    let mut win = false;
    for r in 0..rows.len() {
        for c in 0..rows[r] {
            if r == 0 && c == 0 {
                continue;
            }
            let next: Vec<usize> = rows
                .iter()
                .enumerate()
                .map(|(i, &l)| if i >= r { l.min(c) } else { l })
                .collect();
            if !chomp_wins(&next, memo) {
                win = true;
            }
        }
    }
    memo.insert(rows.to_vec(), win);
    win
}

#[test]
fn chomp_matches_a_brute_force_on_every_bar_up_to_5_by_4() {
    for w in 1..=5usize {
        for h in 1..=4usize {
            let mut memo = HashMap::new();
            let win = chomp_wins(&vec![w; h], &mut memo);
            // Gale: every bar larger than 1 x 1 is a first-player win.
            assert_eq!(win, w * h > 1, "{w} x {h}");
            let o = gamec(&[
                "solve",
                &game_path("chomp.game"),
                "--set",
                &format!("width={w}"),
                "--set",
                &format!("height={h}"),
            ]);
            assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
            let out = stdout(&o);
            let value = out.lines().find(|l| l.starts_with("value")).expect("value");
            assert!(
                value.contains(if win { "win in" } else { "lose in" }),
                "{w} x {h}: {value}"
            );
            let positions = format!("positions   {} (", memo.len());
            assert!(
                out.starts_with(&format!("Chomp\n{positions}")),
                "{w} x {h}: {out}"
            );
        }
    }
}

#[test]
fn chomp_default_is_a_win_by_taking_the_square_at_row_1_column_2() {
    let o = gamec(&["solve", &game_path("chomp.game")]);
    let out = stdout(&o);
    assert!(
        out.contains("\nvalue       win in 7 for the player to move\nbest moves  chomp 1 2\n"),
        "{out}"
    );
}

fn check(src: &str) -> Run {
    gamec_in(&["check", "-"], src)
}

#[test]
fn a_let_names_a_value_for_the_rest_of_its_block_only() {
    let ok = "game \"g\" {\n  state { pile: 0..=9 = 9; b: bool }\n  move take(k in 1..=2) if k <= pile {\n    let left = pile - k\n    pile = left\n    if left > 3 { let half = left / 2\n b = half > 2 }\n  }\n  end if pile == 0: if b then last mover wins else last mover loses\n}\n";
    let r = check(ok);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let out = check(&ok.replace("b = half > 2 }", "b = true }\n    b = half > 2"));
    assert_fails_with(&out, "gamec::unknown_name\n");
    assert!(out.stderr.contains("unknown name `half`"), "{}", out.stderr);
}

#[test]
fn a_let_value_that_fails_is_reported_once_not_at_every_use() {
    let src = "game \"g\" {\n  state { pile: 0..=9 = 9 }\n  move take if pile > 0 {\n    let k = [1, 2][5]\n    pile -= k\n    pile += k\n  }\n  end if pile == 0: last mover wins\n}\n";
    let r = check(src);
    assert_fails_with(&r, "gamec::index_out_of_bounds\n");
    assert!(!r.stderr.contains("unknown"), "{}", r.stderr);
}

#[test]
fn a_let_that_repeats_a_state_variable_cannot_be_assigned() {
    let src = "game \"g\" {\n  state { pile: 0..=9 = 9 }\n  move take if pile > 0 {\n    let pile = 3\n    pile -= 1\n  }\n  end if pile == 0: last mover wins\n}\n";
    let r = check(src);
    assert_fails_with(&r, "gamec::not_assignable\n");
    assert!(
        r.stderr
            .contains("`pile` is a parameter or `let`/`for` name here (hiding the state variable"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_let_directly_in_the_setup_is_misplaced() {
    let src = "game \"g\" {\n  state { pile: 0..=9 = 0 }\n  setup {\n    roll pile in 1..=3\n    let two = pile * 2\n  }\n  move take if pile > 0 { pile -= 1 }\n  end if pile == 0: last mover wins\n}\n";
    let r = check(src);
    assert_fails_with(&r, "gamec::misplaced_statement\n");
    assert!(
        r.stderr.contains("`let` is not allowed here"),
        "{}",
        r.stderr
    );
    // Inside a `for` of the setup it is fine.
    let ok = src.replace(
        "    let two = pile * 2\n",
        "    for i in 1..=2 { let two = i * 2\n pile = pile }\n",
    );
    let r = check(&ok);
    assert_eq!(r.code, 0, "{}", r.stderr);
}

#[test]
fn a_loop_too_long_to_run_is_refused_while_exploring() {
    let src = "game \"g\" {\n  state { pile: 0..=9 = 9 }\n  move take if pile > 0 {\n    for i in 0..=100000000 { pile = pile }\n    pile -= 1\n  }\n  end if pile == 0: last mover wins\n}\n";
    let r = gamec_in(&["solve", "-"], src);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(r.stderr.starts_with("gamec::too_wide\n"), "{}", r.stderr);
    assert!(
        r.stderr.contains(
            "this ranges over 100000001 values (0..=100000000); at most 1000000 are allowed"
        ),
        "{}",
        r.stderr
    );
    // Nested loops multiply: 10,000 x 10,000 steps is past the limit of 10,000,000.
    let nested = src.replace(
        "for i in 0..=100000000 { pile = pile }",
        "for i in 1..=10000 { for j in 1..=10000 { pile = pile } }",
    );
    let r = gamec_in(&["solve", "-"], &nested);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stderr
            .contains("this loop takes 10000 steps for each of 10000 values of the ranges around"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_loop_with_a_condition_visits_only_the_values_meeting_it() {
    // Each move removes the odd values of 1..=k from the pile: take(3) removes 1 + 3.
    let src = "game \"g\" {\n  state { pile: 0..=20 = 20 }\n  move take(k in 1..=3) if k * k <= pile as \"take {k}\" {\n    for i in 1..=k where i % 2 == 1 { pile -= i }\n  }\n  end if no moves: mover loses\n}\n";
    let r = gamec_in(&["tree", "-", "--depth", "1"], src);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("take 1 -> pile=19"), "{}", r.stdout);
    assert!(r.stdout.contains("take 2 -> pile=19"), "{}", r.stdout);
    assert!(r.stdout.contains("take 3 -> pile=16"), "{}", r.stdout);
}
