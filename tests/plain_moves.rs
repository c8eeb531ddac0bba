//! Moves whose body is one plain assignment of the last parameter (`heap[i] -= n`, `x = n`)
//! take the engine's shortcut (`engine::simple_moves`): each candidate's child is one digit away,
//! worked out without the interpreter, and a candidate whose checks fail goes the general way.
//! Each game here takes the shortcut and is compared with the reference interpreter: values
//! where it solves, the same fault where a candidate fails.

use crate::compare;

use compare::{compare, Case};

fn case(src: &str) -> Case {
    match compare(src, &[]) {
        Ok(c) => c,
        Err(why) => panic!("{src}\n{why}"),
    }
}

fn solved(src: &str) {
    assert!(matches!(case(src), Case::Solved { .. }), "{src}");
}

fn fails(src: &str, kind: &str) {
    assert_eq!(case(src), Case::BothFailed(kind.to_string()), "{src}");
}

#[test]
fn subtracting_adding_setting_and_multiplying_agree() {
    solved("game \"Nim\" { state { h: [0..=4; 3] = [4, 2, 3] }\n  move take(i in indices(h), n in 1..=h[i]) { h[i] -= n }\n  end if sum(h) == 0: last mover wins }");
    solved("game \"Up\" { state { p: 0..=9 = 0; t: 0..=9 = 0 }\n  move add(n in 1..=2) { p += n }\n  move tick if p >= 8 { t += 1 }\n  end if p >= 8: mover loses }");
    solved("game \"Set\" { state { x: 0..=3 = 0; k: 0..=2 = 0 }\n  move put(n in 0..=3) { x = n }\n  move step if k < 2 { k += 1 }\n  end if k == 2: last mover wins\n  end if x == 3: tie }");
    solved("game \"Times\" { state { x: 1..=8 = 1 }\n  move times(n in 2..=2) { x *= n }\n  end if x == 8: last mover wins }");
    // The turn recorded (`mover`), with `again` elsewhere: the child still passes the turn.
    solved("game \"Turns\" { state { p: 0..=6 = 0; b: bool = false }\n  move add(n in 1..=2) { p += n }\n  move hold if not b and p < 6 { b = true; again }\n  end if p >= 5: player mover loses }");
}

#[test]
fn a_candidate_that_breaks_a_range_fails_as_it_does_the_general_way() {
    // `n` runs past what the heap holds: the candidate n = 3 leaves h[1] below 0.
    fails("game \"Over\" { state { h: [0..=3; 2] = [3, 2] }\n  move take(i in indices(h), n in 1..=3) { h[i] -= n }\n  end if sum(h) == 0: last mover wins }", "OutOfRange");
    // Past the top of i64 the addition itself overflows.
    fails("game \"Top\" { state { x: 9223372036854775806..=9223372036854775807 = 9223372036854775806 }\n  move add(n in 1..=2) { x += n }\n  end if x == 9223372036854775807: last mover wins }", "Overflow");
}

#[test]
fn an_index_out_of_bounds_fails_for_every_value() {
    fails("game \"Edge\" { state { h: [0..=3; 2] = [3, 3] }\n  move take(i in 0..=2, n in 1..=1) { h[i] -= n }\n  end if sum(h) == 0: last mover wins }", "IndexOutOfBounds");
}
