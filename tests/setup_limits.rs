//! The setup's rolls are bounded: outcomes that end alike are merged after every statement, and a
//! setup that multiplies out too far is `gamec::too_many_outcomes` at once. Before, the setup
//! multiplied out every roll before any limit applied: twelve rolls of one die made 6^12 branches
//! (an abort even with `--max-positions 10`).

use crate::common;
use common::*;

fn rolls(n: usize, target: impl Fn(usize) -> String) -> String {
    (0..n)
        .map(|i| format!("roll {} in 1..=6", target(i)))
        .collect::<Vec<_>>()
        .join("; ")
}

#[test]
fn twelve_rolls_of_one_die_leave_six_outcomes() {
    let src = format!(
        "game \"rep\" {{\n  setup {{ {} }}\n  state {{ a: 0..=6 = 0 }}\n  move m if a > 0 {{ a -= 1 }}\n  end if a == 0: last mover wins\n}}\n",
        rolls(12, |_| "a".into())
    );
    let r = gamec_in(&["solve", "-", "--max-positions", "10"], &src);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "rep
positions   7 (whose turn it is does not change any rule, so positions do not record it)
start       chance: the setup rolls; then, for the player to move:
  a=1       1/6     player 1 to move: win in 1; best: m
  a=2       1/6     player 1 to move: lose in 2; best: m
  a=3       1/6     player 1 to move: win in 3; best: m
  a=4       1/6     player 1 to move: lose in 4; best: m
  a=5       1/6     player 1 to move: win in 5; best: m
  a=6       1/6     player 1 to move: lose in 6; best: m
probability player 1 wins 1/2, player 2 wins 1/2
by value    win 3, lose 4
order       in the order of position numbers, which every move lowers, one thread
"
    );
}

#[test]
fn merged_rolls_add_their_probabilities() {
    // a = 1 only if both rolls give 1: 1/2 * 1/4; a = 2 otherwise. The second roll overwrites the
    // first, so the outcomes merge by the last value rolled.
    let src = "game \"twice\" {\n  setup { roll a in 1..=2; roll a in 1..=2 weights [1, 3] }\n  state { a: 0..=2 = 0 }\n  move m if a > 0 { a -= 1 }\n  end if a == 0: last mover wins\n}\n";
    let r = gamec_in(&["solve", "-"], src);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("  a=1       1/4 "), "{}", r.stdout);
    assert!(r.stdout.contains("  a=2       3/4 "), "{}", r.stdout);
}

#[test]
fn twelve_dice_in_twelve_variables_are_too_many_outcomes() {
    let src = format!(
        "game \"dice\" {{\n  setup {{ {} }}\n  state {{ d: [0..=6; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] }}\n  move m(i in indices(d)) if d[i] > 0 {{ d[i] -= 1 }}\n  end if sum(d) == 0: last mover wins\n}}\n",
        rolls(12, |i| format!("d[{i}]"))
    );
    let r = gamec_in(&["solve", "-", "--max-positions", "10"], &src);
    assert_fails_with(
        &r,
        "gamec::too_many_outcomes\n\n  × the setup's rolls have more than 100000 different outcomes by here, the limit\n",
    );
    // The roll at fault is pointed at: the seventh (six dice are 46,656 outcomes, under the
    // limit; seven are 279,936).
    assert!(
        r.stderr.contains("╰── too many outcomes from here"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_roll_over_most_of_64_bits_is_counted_exactly() {
    // The count of a constant roll's values overflowed 64 bits while it was checked (a panic
    // with overflow checks on; found by the fuzz harness).
    let src = |range: &str| {
        format!(
            "game \"wide\" {{\n  state {{ x: 0..=3 = 0 }}\n  setup {{ roll x in {range} weights [1, 2] }}\n  move m if x < 3 {{ x += 1 }}\n  end if x == 3: last mover wins\n}}\n"
        )
    };
    for (range, n) in [
        ("-9223372036854775807..=3037000500", "9223372039891776308"),
        (
            "(-9223372036854775807 - 1)..=9223372036854775807",
            "18446744073709551616",
        ),
    ] {
        let r = gamec_in(&["check", "-"], &src(range));
        assert_fails_with(
            &r,
            &format!("gamec::bad_weights\n\n  × the roll has {n} outcomes ("),
        );
    }
}
