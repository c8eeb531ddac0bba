//! Loopy games solved tier by tier (`solve::tiers::loopy`): when no move takes a measure of the
//! position back, each tier is solved by retrograde analysis from the tiers after it. Every
//! position's entry (value and remoteness) must be the one the compact state graph gives
//! (`solve_explicit`) and the one the table over the position numbers gives (depth-first order),
//! on one thread and two, in an array and in a hash table.

use crate::common;
use common::*;
use gamec::engine::{Engine, SolveOrder};
use gamec::rules::{RtKind, Rules};
use gamec::solve::{self, Measure, Order, Solution, SolveError};

const LIMIT: u64 = 10_000_000;

/// Solves in tiers (one thread, two, and two in a hash table), on the table and on the compact
/// graph; every position number must have the same entry (or none) in each. Returns the
/// one-thread tiered solution.
fn same_everywhere(rules: &Rules, symmetry: bool, measure: Measure, up: bool) -> Solution {
    let new = || Engine::new(rules).with_symmetry(symmetry);
    let engine = new();
    let roots = roots(&engine);
    let tiered = solve::solve(&engine, &roots, LIMIT).expect("solved in tiers");
    let Order::Tiers {
        measure: m,
        up: u,
        threads: 1,
        loopy: true,
        ..
    } = tiered.order
    else {
        panic!("not solved in loopy tiers: {:?}", tiered.order);
    };
    assert_eq!((m, u), (measure, up));
    let depth_first = new().with_order(SolveOrder::DepthFirst);
    let table = solve::solve(&depth_first, &roots, LIMIT).expect("solved on the table");
    assert_eq!(table.order, Order::RetrogradeTable);
    let graph = solve::solve_explicit(&engine, &roots, LIMIT).expect("solved on the graph");
    let two = new().with_threads(2);
    let two = solve::solve(&two, &roots, LIMIT).expect("solved on two threads");
    let hashed = new().with_threads(2).with_hashed_table(true);
    let hashed = solve::solve(&hashed, &roots, LIMIT).expect("solved in a hash table");
    assert!(matches!(hashed.order, Order::Tiers { loopy: true, .. }));
    for code in 0..engine.space {
        let e = tiered.get(code);
        assert_eq!(e, graph.get(code), "position number {code}, compact graph");
        assert_eq!(e, table.get(code), "position number {code}, table");
        assert_eq!(e, two.get(code), "position number {code}, two threads");
        assert_eq!(e, hashed.get(code), "position number {code}, hash table");
    }
    let summary = |s: &Solution| (s.positions, s.counts, s.in_all, s.loopy, s.grundy);
    for other in [&table, &graph, &two, &hashed] {
        assert_eq!(summary(&tiered), summary(other));
    }
    tiered
}

fn quixo(set: &[(&str, &str)]) -> Rules {
    let path = format!("{}/benches/games/quixo.game", env!("CARGO_MANIFEST_DIR"));
    let src = std::fs::read_to_string(path).expect("the bench game is readable");
    rules_of(&src, set)
}

#[test]
fn quixo_3x3_by_pieces_with_its_symmetry_and_by_the_sum_without() {
    let s = same_everywhere(&quixo(&[]), true, Measure::Pieces, true);
    assert_eq!((s.positions, s.counts), (2219, [1385, 834, 0, 0]));
    let s = same_everywhere(&quixo(&[]), false, Measure::Sum, true);
    assert_eq!((s.positions, s.counts), (32027, [20247, 11780, 0, 0]));
}

/// Tokens shift between `a` and `b` and back (the sum stays: play loops within a tier) while
/// `h` only climbs (or, with `down`, only falls); a move back keeps the turn, one can wait, and
/// the ends give each value, so wins, losses, ties and draws cross tiers and stay within them.
fn tower(down: bool) -> String {
    let (start, climb, top) = match down {
        false => ("0", "if h < 3 { h = h + 1 }", "3"),
        true => ("3", "if h > 0 { h = h - 1 }", "0"),
    };
    format!(
        r#"game "Tower" {{
  players 2
  state {{ h: 0..=3 = {start}; a: 0..=3 = 3; b: 0..=3 = 0 }}
  move climb {climb}
  move shift if a > 0 {{ a = a - 1; b = b + 1 }}
  move back if b > 1 {{ b = b - 1; a = a + 1; again }}
  move wait if a == 2 {{ }}
  end if h == {top} and a == 3: tie
  end if h == {top} and b == 3: last mover wins
  end if h == 2 and a == 1: last mover loses
}}"#
    )
}

#[test]
fn a_tower_climbing_or_falling_gives_every_value_across_and_within_tiers() {
    for down in [false, true] {
        let s = same_everywhere(&rules_of(&tower(down), &[]), true, Measure::Sum, !down);
        assert!(s.counts.iter().all(|&n| n > 0), "{down}: {:?}", s.counts);
    }
}

/// A fault inside a tier (x = 3 divides by zero), met while the tiers' positions are found.
const FAULT: &str = r#"game "Fault tiers" {
  state { x: 0..5 = 0; a: 0..=1 = 1; b: 0..=1 = 0 }
  move up if x < 4 { x = x + 1 }
  move flip { a = 1 - a; b = 1 - b }
  move bad if x == 3 { x = 10 / (x - 3) }
  end if x == 4: last mover wins
}"#;

#[test]
fn a_fault_in_a_tier_is_reported_and_the_limit_stops_as_before() {
    // Without the faulty move, the game is solved in tiers.
    let fine = FAULT.replace("move bad", "// move bad");
    same_everywhere(&rules_of(&fine, &[]), true, Measure::Sum, true);
    let rules = rules_of(FAULT, &[]);
    let engine = Engine::new(&rules);
    let roots = roots(&engine);
    match solve::solve(&engine, &roots, LIMIT) {
        Err(SolveError::Fault(f, code)) => {
            assert_eq!(f.error.kind, RtKind::DivisionByZero);
            assert_eq!(engine.describe(&engine.decode(code)), "x=3, a=1, b=0");
        }
        Err(e) => panic!("not a fault: {e:?}"),
        Ok(s) => panic!("solved in {:?}", s.order),
    }
    let o = gamec(&[
        "solve",
        "benches/games/quixo.game",
        "--max-positions",
        "2218",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).starts_with(
            "gamec::too_many_positions\n\n  × the game has more than 2218 reachable positions, the limit\n"
        ),
        "{}",
        stderr(&o)
    );
}

#[test]
fn solve_says_the_order_in_text_and_json() {
    let o = gamec(&["solve", "benches/games/quixo.game", "--threads", "2"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).ends_with(
            "\norder       tier by tier of the pieces on the board, which no move lowers, each tier \
             by retrograde analysis (play can return to a position within a tier): 10 tiers, 2 \
             threads\n"
        ),
        "{}",
        stdout(&o)
    );
    let o = gamec(&["solve", "benches/games/quixo.game", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(
        v["order"],
        serde_json::json!({"kind": "loopy-tiers", "measure": "pieces", "direction": "up", "tiers": 10, "threads": 1})
    );
    // Depth-first order keeps to the table.
    let o = gamec(&[
        "solve",
        "benches/games/quixo.game",
        "--order",
        "depth-first",
    ]);
    assert!(
        stdout(&o).ends_with(
            "\norder       retrograde analysis over the table of position numbers (play can \
             return to a position)\n"
        ),
        "{}",
        stdout(&o)
    );
}

#[test]
fn memory_decides_between_tiers_in_a_hash_table_the_graph_and_a_diagnostic() {
    // GAMEC_MEMORY_AVAILABLE in bytes, and the order line's start (or the error's).
    let cases = [
        // The array (39,366 numbers at 10 bytes) does not fit three quarters of 200,000 bytes:
        // the tiers are solved in a hash table.
        (
            "200000",
            "order       tier by tier of the pieces on the board",
        ),
        // It fits three quarters of 550,000, but not with the tiers' lists beside it; the table
        // does not fit either, and the compact graph does.
        (
            "550000",
            "order       retrograde analysis of the state graph",
        ),
        (
            "1000000",
            "order       tier by tier of the pieces on the board",
        ),
        (
            "100000",
            "gamec::out_of_memory\n\n  × the game has more reachable positions than fit in the \
             memory available (1339 positions)",
        ),
    ];
    for (bytes, start) in cases {
        let r = gamec_with_env(
            &[],
            &["solve", "benches/games/quixo.game"],
            "",
            &[("GAMEC_MEMORY_AVAILABLE", bytes)],
        );
        let out = format!("{}{}", r.stdout, r.stderr);
        assert!(out.contains(start), "{bytes}: {out}");
        if r.code == 0 {
            assert!(
                out.contains("\nvalue       win in 7 for the player to move\n"),
                "{out}"
            );
            assert!(out.contains("\nby value    win 1385, lose 834\n"), "{out}");
        } else {
            assert_eq!(r.code, 1, "{out}");
        }
    }
}
