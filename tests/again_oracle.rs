//! `again` (the mover keeps the turn) checked against an independent brute-force solver: a take-away
//! game where taking 2 tokens earns another move, so who "last moved" at the end depends on the
//! path — which is why positions record whether the last move kept the turn.

use crate::common;
use common::*;
use gamec::engine::Engine;
use gamec::solve::{solve, Value};
use std::collections::HashMap;

const GAME: &str = r#"game "Take two, go again" {
  option start: 1..=60 = 20
  state { pile: 0..=start = start }
  move take(n in 1..=2) if n <= pile {
    pile -= n
    if n == 2 { again }
  }
  end if pile == 0: last mover wins
}"#;

/// (value for the player to move, remoteness) by plain recursion over (pile, last move kept turn).
fn oracle(pile: i64, kept: bool, memo: &mut HashMap<(i64, bool), (Value, u32)>) -> (Value, u32) {
    if pile == 0 {
        // The player who took the last token wins; if that move kept the turn, it is the mover.
        return (if kept { Value::Win } else { Value::Lose }, 0);
    }
    if let Some(v) = memo.get(&(pile, kept)) {
        return *v;
    }
    let mut outcomes = Vec::new();
    for n in 1..=2 {
        if n <= pile {
            let again = n == 2;
            let (v, r) = oracle(pile - n, again, memo);
            let mine = if again { v } else { v.flip() };
            outcomes.push((mine, r + 1));
        }
    }
    let best = if let Some(r) = outcomes
        .iter()
        .filter(|o| o.0 == Value::Win)
        .map(|o| o.1)
        .min()
    {
        (Value::Win, r)
    } else {
        (Value::Lose, outcomes.iter().map(|o| o.1).max().unwrap_or(0))
    };
    memo.insert((pile, kept), best);
    best
}

#[test]
fn again_matches_brute_force_for_every_position() {
    for start in [1, 2, 3, 7, 20, 41] {
        let r = rules_of(GAME, &[("start", &start.to_string())]);
        assert!(r.has_again);
        let e = Engine::new(&r);
        let root = e.starts().expect("starts")[0].code;
        let s = solve(&e, &[root], 100_000).expect("solves");
        let mut memo = HashMap::new();
        let mut compared = 0;
        for pile in 0..=start {
            for kept in [false, true] {
                let code = e.encode(&gamec::engine::Pos {
                    slots: vec![pile],
                    mover: 1,
                    last_mover: if kept { 1 } else { 2 },
                });
                let Some(got) = s.get(code) else { continue };
                let want = oracle(pile, kept, &mut memo);
                compared += 1;
                assert_eq!(
                    (got.value, got.remoteness),
                    (want.0, Some(want.1)),
                    "start {start}, pile {pile}, kept {kept}"
                );
            }
        }
        // Every pile is reached, and both ways of reaching it from pile 3 on.
        assert!(
            compared > start as usize,
            "only {compared} positions compared"
        );
        let start_entry = s.get(root).expect("start solved");
        let want = oracle(start, false, &mut memo);
        assert_eq!(
            (start_entry.value, start_entry.remoteness),
            (want.0, Some(want.1))
        );
    }
}
