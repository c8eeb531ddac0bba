//! Properties of the solver on generated games: the depth-first solver agrees with retrograde
//! analysis on the petgraph state graph; every value obeys its definition; Nim's Grundy values
//! are the xor of its heaps.

use crate::common;
use common::*;
use gamec::engine::{Engine, Expand};
use gamec::solve::{seen_by_mover, solve, solve_explicit, Value};
use proptest::prelude::*;

fn take_away(goal: u8, max_take: u8, misere: bool) -> String {
    let outcome = if misere { "loses" } else { "wins" };
    format!(
        "game \"T\" {{ state {{ pile: 0..={goal} = {goal} }}
           move take(n in 1..={max_take}) if n <= pile {{ pile -= n }}
           end if pile == 0: last mover {outcome} }}"
    )
}

fn loopy_walk(half: u8, back: bool, tie_at: Option<i8>) -> String {
    let lo = if back { -1 } else { 0 };
    let tie = tie_at.map_or(String::new(), |t| format!("end if m == {t}: tie"));
    format!(
        "game \"W\" {{ state {{ m: -{half}..={half} = 0 }}
           move step(s in {lo}..=2) if s != 0 and m + s <= {half} {{ m += s }}
           end if m == {half}: last mover wins
           end if m == -{half}: last mover loses
           {tie} }}"
    )
}

/// Every position's value must follow from its children's: the definition of win/lose/tie/draw.
fn assert_consistent(source: &str) {
    let r = rules_of(source, &[]);
    let e = Engine::new(&r);
    let start = e.starts().expect("starts")[0].code;
    let fast = solve(&e, &[start], 100_000).expect("solves");
    let slow = solve_explicit(&e, &[start], 100_000).expect("solves on the graph");
    assert_eq!(fast.positions, slow.positions);
    assert_eq!(fast.counts, slow.counts);
    let graph = gamec::engine::graph::StateGraph::build(&e, &[start], 100_000).expect("graph");
    for n in graph.graph.node_indices() {
        let code = graph.graph[n].code;
        let (a, b) = (
            fast.get(code).expect("solved"),
            slow.get(code).expect("solved"),
        );
        assert_eq!(
            (a.value, a.remoteness),
            (b.value, b.remoteness),
            "at {}",
            e.describe(&e.decode(code))
        );
        let (kind, moves) = e.moves_of(code).expect("expands");
        if let Expand::End { .. } = kind {
            continue;
        }
        let kids: Vec<_> = moves
            .iter()
            .map(|(_, c)| seen_by_mover(fast.get(c.code).expect("child solved"), c.kept))
            .collect();
        let expected = if kids.iter().any(|k| k.value == Value::Win) {
            Value::Win
        } else if kids.iter().any(|k| k.value == Value::Tie) {
            Value::Tie
        } else if kids.iter().any(|k| k.value == Value::Draw) {
            Value::Draw
        } else {
            Value::Lose
        };
        assert_eq!(a.value, expected, "at {}", e.describe(&e.decode(code)));
        if a.value == Value::Win {
            let best = kids
                .iter()
                .filter(|k| k.value == Value::Win)
                .filter_map(|k| k.remoteness)
                .min();
            assert_eq!(a.remoteness, best.map(|r| r + 1));
        }
        if a.value == Value::Tie {
            let fastest = kids
                .iter()
                .filter(|k| k.value == Value::Tie)
                .filter_map(|k| k.remoteness)
                .min();
            assert_eq!(a.remoteness, fastest.map(|r| r + 1));
        }
        if a.value == Value::Lose {
            let longest = kids.iter().filter_map(|k| k.remoteness).max();
            assert_eq!(a.remoteness, longest.map(|r| r + 1));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn take_away_games_solve_consistently(goal in 1u8..40, max_take in 1u8..6, misere: bool) {
        assert_consistent(&take_away(goal, max_take, misere));
    }

    #[test]
    fn loopy_walks_solve_consistently(half in 1u8..8, back: bool, tie in proptest::option::of(-7i8..8)) {
        let tie = tie.filter(|t| t.unsigned_abs() < half && *t != 0);
        assert_consistent(&loopy_walk(half, back, tie));
    }

    #[test]
    fn nim_grundy_is_the_xor_of_the_heaps(piles in proptest::collection::vec(0u8..6, 1..4)) {
        let list = piles.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(",");
        let r = shipped("nim.game", &[("piles", &list)]);
        let e = Engine::new(&r);
        let start = e.starts().expect("starts")[0].code;
        let s = solve(&e, &[start], 1_000_000).expect("solves");
        prop_assert!(s.grundy);
        let graph = gamec::engine::graph::StateGraph::build(&e, &[start], 1_000_000).expect("graph");
        for n in graph.graph.node_indices() {
            let code = graph.graph[n].code;
            let pos = e.decode(code);
            let xor = pos.slots.iter().fold(0i64, |a, b| a ^ b) as u32;
            let entry = s.get(code).expect("solved");
            prop_assert_eq!(entry.grundy, xor);
            prop_assert_eq!(entry.value == Value::Win, xor != 0);
        }
    }
}

#[test]
fn the_misere_and_normal_start_positions_differ_only_in_remoteness_for_345() {
    for (misere, rem) in [("false", 11), ("true", 10)] {
        let r = shipped("nim.game", &[("misere", misere)]);
        let e = Engine::new(&r);
        let start = e.starts().expect("starts")[0].code;
        let s = solve(&e, &[start], 10_000).expect("solves");
        let entry = s.get(start).expect("solved");
        assert_eq!((entry.value, entry.remoteness), (Value::Win, Some(rem)));
    }
}

/// Every position's entry, value counts and Grundy values alike whether the solution table is an
/// array or the hash table large numberings get: depth-first (or retrograde, for the loopy
/// games), and in tiers on two threads. The long take-away game has remoteness past 255 and
/// Grundy values past 31, which a hash table's 8-byte slot does not hold (they are kept beside
/// it). A game found loopy in one table and not the other would be a table that lost a mark.
#[test]
fn a_hash_table_holds_what_an_array_holds() {
    let long = rules_of(
        "game \"Long\" { state { pile: 0..=700 = 700 }
           move take(n in 1..=40) if n <= pile { pile -= n }
           end if pile == 0: last mover wins }",
        &[],
    );
    let mut games = vec![(long, "long take-away")];
    for name in [
        "one_two_ten",
        "nim",
        "chomp",
        "dodgem",
        "kayles",
        "northcott",
        "tic_tac_toe",
        "toads_and_frogs",
        "tug_of_war",
        "wythoff",
    ] {
        games.push((shipped(&format!("{name}.game"), &[]), name));
    }
    let mut wide = false;
    for (rules, name) in &games {
        let array = Engine::new(rules).with_symmetry(false);
        let hashed = Engine::new(rules)
            .with_symmetry(false)
            .with_hashed_table(true)
            .with_threads(2);
        let roots: Vec<u64> = array
            .starts()
            .expect("setup runs")
            .iter()
            .map(|b| b.code)
            .collect();
        let a = solve(&array, &roots, 10_000_000).expect("solved with an array");
        let mut others = vec![solve(&hashed, &roots, 10_000_000).expect("solved hashed")];
        let tiers = gamec::solve::solve_in_tiers(&hashed, &roots, 10_000_000);
        others.extend(tiers.expect("solved in tiers, hashed"));
        for h in &others {
            assert_eq!(
                (h.positions, h.counts, h.grundy, h.in_all, h.loopy),
                (a.positions, a.counts, a.grundy, a.in_all, a.loopy),
                "{name}"
            );
            for code in 0..array.space.min(1 << 20) {
                let e = a.get(code);
                wide |= e.is_some_and(|e| e.remoteness > Some(255) || e.grundy > 31);
                assert_eq!(h.get(code), e, "{name}: position number {code}");
            }
        }
    }
    assert!(wide, "some entry is too wide for a slot");
}
