//! Work within one position is bounded the same way in the engine and in the reference: a
//! `count`/`any`/`all` takes at most 10,000,000 steps counting the ranges around it (two nested
//! counts over a million values each used to run 10^12 steps: a hang), and a position tries at
//! most 10,000,000 candidate moves counted once per complete set of parameters (the engine used
//! to add every level's range, refusing 10,000 × 1,000 parameters that the reference accepted),
//! and at most 1,000,000 of them legal.

use crate::common;
use crate::compare;

use common::{assert_fails_with, gamec_in};
use compare::{compare, Case};

fn agree(src: &str) -> Case {
    compare(src, &[]).unwrap_or_else(|why| panic!("{src}\n{why}"))
}

fn nested(outer: &str, inner: &str) -> String {
    format!(
        "game \"nested\" {{\n  state {{ x: 0..=1 = 0 }}\n  move m if x == 0 and count(i in 0..={outer} where count(j in 0..={inner} where i + j == 5) > 0) > 5 {{ x = 1 }}\n  end if x == 1: last mover wins\n  end if no moves: mover loses\n}}\n"
    )
}

#[test]
fn nested_comprehensions_are_bounded_by_their_product() {
    let r = gamec_in(&["solve", "-"], &nested("999999", "999999"));
    assert_fails_with(
        &r,
        "gamec::too_wide\n\n  × this takes 1000000 steps for each of 1000000 values of the ranges around it; at most 10000000\n  │ steps are allowed\n",
    );
    // 10,001 × 1,000 steps are refused by both; 1,000 × 1,000 are allowed by both.
    assert_eq!(
        agree(&nested("10000", "999")),
        Case::BothFailed("TooWide".into())
    );
    assert_eq!(
        agree(&nested("999", "999")),
        Case::Solved {
            loopy: false,
            grundy: true,
            chance: false,
            tiers: true,
            compiled: true,
            sweep: true,
            pair: true,
            early: false,
            scored: false,
            loopy_tiers: false,
            tier_tables: true,
        }
    );
}

#[test]
fn a_comprehension_in_a_guard_counts_the_parameters_around_it() {
    let src = |n: &str| {
        format!(
            "game \"guard\" {{\n  state {{ x: 0..=1 = 0 }}\n  move m(a in 0..={n}) if x == 0 and any(i in 0..=999 where i == a) {{ x = 1 }}\n  end if x == 1: last mover wins\n}}\n"
        )
    };
    // 10,001 × 1,000 steps: one too many.
    assert_eq!(agree(&src("10000")), Case::BothFailed("TooWide".into()));
    assert_eq!(
        agree(&src("9999")),
        Case::Solved {
            loopy: false,
            grundy: true,
            chance: false,
            tiers: true,
            compiled: true,
            sweep: true,
            pair: true,
            early: false,
            scored: false,
            loopy_tiers: false,
            tier_tables: true,
        }
    );
}

#[test]
fn candidate_moves_are_counted_once_per_set_of_parameters() {
    let src = |b: &str| {
        format!(
            "game \"params\" {{\n  state {{ x: 0..=1 = 0 }}\n  move m(a in 0..=9999, b in 0..={b}) if x == 0 and a + b == 10998 {{ x = 1 }}\n  end if x == 1: last mover wins\n}}\n"
        )
    };
    // Exactly 10,000,000 candidates: within the limit (the engine counted 10,010,000).
    let r = gamec_in(&["solve", "-"], &src("999"));
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("best moves  m 9999 999\n"),
        "{}",
        r.stdout
    );
    // 10,010,000: refused.
    let r = gamec_in(&["solve", "-"], &src("1000"));
    assert_fails_with(
        &r,
        "gamec::too_wide\n\n  × this position has more than 10000000 candidate moves to try\n",
    );
}

/// A constant ranging over too many values is `too_wide`, as while exploring (it was reported as
/// `gamec::overflow`).
#[test]
fn a_constant_over_too_many_values_is_too_wide() {
    let src = "game \"consts\" {
  option a = count(i in 0..=9999999 where i >= 0)
  state { pile: 0..=3 = 3 }
  move take(n in 1..=2) if n <= pile { pile -= n }
  end if pile == 0: last mover wins
}
";
    let r = gamec_in(&["check", "-"], src);
    assert_fails_with(
        &r,
        "gamec::too_wide\n\n  × this ranges over 10000000 values (0..=9999999); at most 1000000 are allowed\n",
    );
}

/// A position has at most 1,000,000 legal moves (`rules::MAX_MOVES`): its children are held and
/// its labels checked all at once, and a generated game with 9,000,003 legal moves in each of
/// its positions ran for minutes in 1.1 GB (fuzz seed 28, input 321561); it now stops at the
/// first position. The interpreter, the compiled rules in every order and the reference agree
/// on the limit.
#[test]
fn a_position_has_at_most_a_million_legal_moves() {
    let src = |b: &str| {
        format!(
            "game \"wide\" {{\n  state {{ x: 0..=1 = 0 }}\n  move m(a in 0..=999, b in 0..={b}) if x == 0 {{ x = 1 }}\n  end if x == 1: last mover wins\n}}\n"
        )
    };
    // 1,000 × 1,000 legal moves: allowed.
    let r = gamec_in(&["solve", "-"], &src("999"));
    assert!(
        r.stdout
            .contains("value       win in 1 for the player to move\n"),
        "{}",
        r.stdout
    );
    // 1,000 × 1,001: refused at the 1,000,001st (a = 999, b = 1), whichever order solves it,
    // and by the reference.
    assert_eq!(agree(&src("1000")), Case::BothFailed("TooWide".into()));
    for order in ["auto", "depth-first", "tiers"] {
        let r = gamec_in(&["solve", "-", "--order", order], &src("1000"));
        assert_fails_with(
            &r,
            "gamec::too_wide\n\n  × this position has more than 1000000 legal moves\n",
        );
        assert!(r.stderr.contains("then m 999 1."), "{}", r.stderr);
    }
    // The fuzz's game: 9,000,003 legal moves a position.
    let fuzz = "game \"fuzz\" {
  state { x: per player {v2, v3, v4} }
  move m24(n26 in 3..=1000001, n28 in 0..=2, w29 in {u30, u31, u32}) if x[mover] != v4 { x[mover] = v2 }
  end if no moves: last mover loses
}
";
    let r = gamec_in(&["solve", "-"], fuzz);
    assert_fails_with(
        &r,
        "gamec::too_wide\n\n  × this position has more than 1000000 legal moves\n",
    );
}
