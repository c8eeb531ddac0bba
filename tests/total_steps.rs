//! The whole exploration has a step budget (`--max-steps`): each candidate move and each value a
//! `count`/`any`/`all` visits is one step, counted over every position. Each position's own work
//! was already bounded, but 5,001 positions whose end rule looks through a million values took
//! five billion steps (96 s in `solve`; found by the fuzz harness as a hang).

use crate::common;

use common::{assert_fails_with, gamec_in};
use gamec::engine::Limits;

/// Four positions (pile 3, 2, 1, 0): three try 2 candidate moves each, and the first end rule
/// visits all 10 values in each of the four: 6 + 40 = 46 steps.
const EXACT: &str = "game \"exact steps\" {
  state { pile: 0..=3 = 3 }
  move take(n in 1..=2) if n <= pile { pile -= n }
  end if any(i in 0..=9 where i == pile + 100): mover wins
  end if pile == 0: last mover wins
}
";

const OUT_OF_STEPS: &str = "gamec::too_many_steps\n\n  × exploring the game took more than 45 steps (candidate moves and values of `count`, `any` and\n  │ `all`, over all positions), the limit\n";

#[test]
fn a_game_with_five_billion_steps_is_refused_at_the_budget() {
    let src = "game \"slow ends\" {
  state { pile: 0..=5000 = 5000 }
  move take(n in 1..=2) if n <= pile { pile -= n }
  end if any(i in 0..=999999 where i == pile - 1000000): mover wins
  end if pile == 0: last mover wins
}
";
    let r = gamec_in(&["solve", "-", "--max-steps", "3000000"], src);
    assert_fails_with(&r, "gamec::too_many_steps\n\n  × exploring the game took more than 3000000 steps (candidate moves and values of `count`, `any`\n  │ and `all`, over all positions), the limit\n");
    assert!(
        r.stderr
            .contains("help: They ran out in the position pile=4998.\n"),
        "{}",
        r.stderr
    );
}

#[test]
fn steps_are_counted_exactly_by_every_command() {
    let ok = gamec_in(&["solve", "-", "--max-steps", "46"], EXACT);
    assert_eq!(ok.code, 0, "{}", ok.stderr);
    assert!(
        ok.stdout.starts_with("exact steps\npositions   4 "),
        "{}",
        ok.stdout
    );
    for cmd in ["solve", "check", "tree", "graph"] {
        let r = gamec_in(&[cmd, "-", "--max-steps", "45"], EXACT);
        assert_fails_with(&r, OUT_OF_STEPS);
    }
    let ok = gamec_in(&["check", "-", "--max-steps", "46"], EXACT);
    assert_eq!((ok.code, ok.stderr.as_str()), (0, "<stdin>: ok\n"));
}

#[test]
fn the_setup_takes_steps_from_the_same_budget() {
    let src = "game \"setup steps\" {
  state { pile: 0..=3 = 3 }
  setup { roll pile in 2..=3 weights [count(i in 0..=9 where i > 4), 1] }
  move take(n in 1..=2) if n <= pile { pile -= n }
  end if pile == 0: last mover wins
}
";
    let r = gamec_in(&["solve", "-", "--max-steps", "9"], src);
    assert_fails_with(
        &r,
        "gamec::too_many_steps\n\n  × exploring the game took more than 9 steps",
    );
    assert!(
        r.stderr
            .contains("help: They ran out in the setup, before the first move.\n"),
        "{}",
        r.stderr
    );
    assert_eq!(gamec_in(&["solve", "-", "--max-steps", "10"], src).code, 0);
}

#[test]
fn the_default_budget_grows_with_the_positions_allowed() {
    // 100 steps a position: at the default 50,000,000 positions, games that fit in them (Order
    // and Chaos on 4 x 4: 42.6 million positions, more than 10^9 steps) are not stopped early.
    assert_eq!(Limits::new(50_000_000, None).steps, 5_000_000_000);
    assert_eq!(Limits::new(10, None).steps, 1_000_000_000);
    assert_eq!(Limits::new(10_000_000, None).steps, 1_000_000_000);
    // 1,000 a position above the default: `--max-positions 200000000` gave Quixo 4 x 4 (82
    // million positions of some 250 steps) 2 * 10^10 steps, and it ran out after 273 s.
    assert_eq!(Limits::new(50_000_001, None).steps, 50_000_001_000);
    assert_eq!(Limits::new(200_000_000, None).steps, 200_000_000_000);
    assert_eq!(Limits::new(u64::MAX, None).steps, u64::MAX);
    assert_eq!(Limits::new(10, Some(5)).steps, 5);
}
