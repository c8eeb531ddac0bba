//! Which table a solve keeps its values in. The depth-first and tier-order solvers start on a hash
//! table whenever the array over every position number is more than a small one, and move into
//! the array once the positions found crowd its pages; a game whose positions stay few to a page
//! (Connect Four 4 x 4: 161,029 positions among 86 million position numbers) keeps the hash table
//! to the end. Either way the values are the same as on a table chosen up front.

use crate::common;
use common::*;
use gamec::engine::{Engine, SolveOrder};
use gamec::rules::Rules;
use gamec::solve::{self, Order, Solution};

const LIMIT: u64 = 10_000_000;

/// Tokens are added to one of two piles of up to 1023 (a million position numbers, two megabytes
/// of array), one or two a move, until it holds 200: 201 positions. The first pile's number is
/// the low digit of the position's (its positions crowd one page of the array), the second's the
/// high one (its positions lie 1024 numbers apart, two to a page).
fn pile(slot: &str) -> Rules {
    let source = format!(
        r#"game "Piles" {{
  state {{ low: 0..=1023 = 0; high: 0..=1023 = 0 }}
  move add(n in 1..=2) if {slot} + n <= 200 {{ {slot} += n }}
  end if {slot} == 200: last mover wins
}}"#
    );
    rules_of(&source, &[])
}

/// Solved depth first and in tiers (one thread), each checked against a hash table chosen up
/// front at every position number below `below`; returns both.
fn both_orders(rules: &Rules, below: u64) -> [Solution; 2] {
    let new = || Engine::new(rules).with_symmetry(false);
    let roots = roots(&new());
    let dfs = new().with_order(SolveOrder::DepthFirst);
    let dfs = solve::solve(&dfs, &roots, LIMIT).expect("solved depth first");
    assert_eq!(dfs.order, Order::DepthFirst);
    let tiers = solve::solve_in_tiers(&new().with_threads(1), &roots, LIMIT);
    let tiers = tiers
        .expect("solved in tiers")
        .expect("a measure orders the tiers");
    let hashed = solve::solve(&new().with_hashed_table(true), &roots, LIMIT).expect("solved");
    for s in [&dfs, &tiers] {
        assert_eq!((s.positions, s.counts), (hashed.positions, hashed.counts));
        for code in 0..below.min(new().space) {
            assert_eq!(s.get(code), hashed.get(code), "position number {code}");
        }
    }
    [dfs, tiers]
}

#[test]
fn positions_crowding_the_arrays_pages_move_into_it_and_scattered_ones_stay_hashed() {
    let rules = pile("low");
    let space = Engine::new(&rules).space;
    assert!(space > 1_000_000, "{space} position numbers");
    for s in both_orders(&rules, 1000) {
        assert_eq!((s.positions, s.counts), (201, [134, 67, 0, 0]));
        assert!(!s.hashed(), "{:?}: 201 positions on one page", s.order);
    }
    for s in both_orders(&pile("high"), 201 * 1024) {
        assert_eq!((s.positions, s.counts), (201, [134, 67, 0, 0]));
        assert!(s.hashed(), "{:?}: two positions a page", s.order);
    }
}

#[test]
fn connect_four_4x4_keeps_its_positions_in_a_hash_table_and_small_games_in_an_array() {
    let rules = shipped("connect_four.game", &[]);
    let engine = Engine::new(&rules).with_symmetry(false);
    let s = solve::solve(&engine, &roots(&engine), LIMIT).expect("solved");
    assert_eq!(s.order, Order::DepthFirst);
    assert_eq!(
        (s.positions, s.counts),
        (161_029, [38_675, 32_234, 90_120, 0])
    );
    assert!(s.hashed());
    // Tic-tac-toe's array (39,366 position numbers, 77 KB) is used from the start.
    let rules = shipped("tic_tac_toe.game", &[]);
    let engine = Engine::new(&rules).with_symmetry(false);
    let s = solve::solve(&engine, &roots(&engine), LIMIT).expect("solved");
    assert_eq!(s.positions, 5478);
    assert!(!s.hashed());
}
