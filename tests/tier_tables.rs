//! Games solved tier by tier with a sorted table a tier (`solve::tiers::sorted`), as `--order
//! tiers` solves a game whose numbering is too large for an array, and as the default order does
//! once one hash table over every position outgrows the memory: every position's entry (value,
//! remoteness, Grundy value) must be the depth-first solver's, on one thread and two, with and
//! without symmetries; tiers written to disk must give the same answers; a disk that fails is
//! `gamec::disk_failed`.

use crate::common;
use common::*;
use gamec::engine::{Engine, SolveOrder};
use gamec::rules::Rules;
use gamec::solve::{self, Measure, Order, Solution};

const LIMIT: u64 = 10_000_000;

/// Solves with a table a tier on one thread and two, and depth-first; every position number
/// must have the same entry (or none) in each. Returns the one-thread solution.
fn same_as_depth_first(rules: &Rules, symmetry: bool, measure: Measure) -> Solution {
    let new = |threads: usize| {
        Engine::new(rules)
            .with_symmetry(symmetry)
            .with_threads(threads)
            .with_order(SolveOrder::Tiers)
            .with_hashed_table(true)
    };
    let engine = new(1);
    let roots = roots(&engine);
    let one = solve::solve(&engine, &roots, LIMIT).expect("solved in tier tables");
    let Order::TierTables {
        measure: m,
        threads: 1,
        disk_bytes: 0,
        ..
    } = one.order
    else {
        panic!("not solved in tier tables: {:?}", one.order);
    };
    assert_eq!(m, measure);
    let two = solve::solve(&new(2), &roots, LIMIT).expect("solved on two threads");
    assert!(matches!(two.order, Order::TierTables { threads: 2, .. }));
    let depth_first = Engine::new(rules)
        .with_symmetry(symmetry)
        .with_order(SolveOrder::DepthFirst);
    let df = solve::solve(&depth_first, &roots, LIMIT).expect("solved depth-first");
    assert_eq!(df.order, Order::DepthFirst);
    for code in 0..engine.space {
        let e = one.get(code);
        assert_eq!(e, df.get(code), "position number {code}");
        assert_eq!(e, two.get(code), "position number {code}, two threads");
    }
    let summary = |s: &Solution| (s.positions, s.counts, s.in_all, s.loopy, s.grundy);
    assert_eq!(summary(&one), summary(&df));
    assert_eq!(summary(&two), summary(&df));
    one
}

#[test]
fn connect_four_4x3_every_position_as_depth_first() {
    let rules = shipped("connect_four.game", &[("height", "3")]);
    let s = same_as_depth_first(&rules, false, Measure::Sum);
    // As benches/ref/connect_four.c counts them (`connect_four 4 3 4`).
    assert_eq!((s.positions, s.counts), (12_031, [716, 412, 10_903, 0]));
}

#[test]
fn nim_with_its_grundy_values_and_its_symmetry() {
    let rules = shipped("nim.game", &[("piles", "2,3,4")]);
    let s = same_as_depth_first(&rules, false, Measure::Sum);
    assert!(s.grundy);
    // Lost: the twelve whose heaps' exclusive or is 0.
    assert_eq!((s.positions, s.counts), (60, [48, 12, 0, 0]));
    let s = same_as_depth_first(&rules, true, Measure::Sum);
    assert!(s.grundy);
    // The sorted triples (p, q, r) with p <= 2, q <= 3, r <= 4; each class counts every order of
    // its heaps, reached from the start or not.
    assert_eq!((s.positions, s.in_all), (28, 108));
}

#[test]
fn tic_tac_toe_by_its_classes() {
    let rules = shipped("tic_tac_toe.game", &[]);
    let s = same_as_depth_first(&rules, true, Measure::Sum);
    assert_eq!((s.positions, s.in_all), (765, 5478));
}

/// Moves reach two tiers (one token or two), and remoteness passes 255, past a 16-bit entry.
#[test]
fn children_in_two_tiers_and_entries_too_wide_for_sixteen_bits() {
    let rules = shipped("one_two_ten.game", &[("goal", "700")]);
    let s = same_as_depth_first(&rules, false, Measure::Sum);
    let start = s.get(0).expect("the start is solved");
    assert_eq!(start.remoteness, Some(467));
}

/// The pieces on the board order the game when the sum does not (a move keeps the sum).
#[test]
fn tiers_by_the_pieces_on_the_board() {
    let flip = r#"game "Place then flip" {
  state { a: 0..=2 = 0  b: 0..=2 = 0  c: 0..=2 = 0 }
  move place if a == 0 { a = 2 }
  move flip if a == 2 and b == 0 { a = 1  b = 1 }
  move more(n in 1..=2) if c == 0 { c = n }
  end if no moves: last mover wins
}"#;
    let s = same_as_depth_first(&rules_of(flip, &[]), false, Measure::Pieces);
    assert_eq!(s.positions, 9);
}

/// `solve --json` of Connect Four 5 x 3 with `args`, and the environment `env`.
fn connect_four(args: &[&str], env: &[(&str, &str)]) -> serde_json::Value {
    let source = std::fs::read_to_string(game_path("connect_four.game")).expect("shipped");
    let mut all = vec![
        "solve", "-", "--json", "--set", "width=5", "--set", "height=3",
    ];
    all.extend_from_slice(args);
    let r = gamec_with_env(&[], &all, &source, env);
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    serde_json::from_str(&r.stdout).expect("JSON")
}

#[test]
fn tiers_written_to_disk_give_the_same_answers() {
    let mut df = connect_four(&["--order", "depth-first"], &[]);
    // Three megabytes said to be available: a quarter of three quarters is kept in memory. The
    // files go to a folder of the test's own, and leave nothing there.
    let tmp = tempfile::tempdir().expect("a folder for temporary files");
    let dir = tmp.path().to_str().expect("a path in UTF-8");
    let small = [("GAMEC_MEMORY_AVAILABLE", "3000000"), ("TMPDIR", dir)];
    for args in [
        &["--order", "tiers"][..],
        &["--order", "tiers", "--threads", "2"],
        &[],
    ] {
        let mut tiers = connect_four(args, &small);
        let order = tiers["order"].take();
        assert_eq!(order["kind"], "tier-tables", "{args:?}");
        assert_eq!(order["measure"], "sum");
        let disk = order["disk_bytes"].as_u64().expect("a number");
        // Most tiers' keys (8 bytes a position) and entries (2) are written.
        assert!(disk > 10 * 100_000 && disk < 10 * 200_000, "{disk}");
        df["order"].take();
        assert_eq!(tiers, df, "{args:?}");
    }
    // The default order tried depth-first first, and ran out of memory: it says so nowhere
    // but in the order it gives.
    let at = [
        "--at",
        "board=[., ., ., ., . / ., ., ., ., . / ., R, Y, R, .], turn=2",
    ];
    let mut a = connect_four(&at, &small);
    let mut b = connect_four(&[&at[..], &["--order", "depth-first"]].concat(), &[]);
    assert_eq!(a["order"]["kind"], "tier-tables");
    a["order"].take();
    b["order"].take();
    assert_eq!(a, b);
    let left: Vec<_> = std::fs::read_dir(tmp.path()).expect("readable").collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn a_disk_that_fails_is_a_diagnostic() {
    let source = std::fs::read_to_string(game_path("connect_four.game")).expect("shipped");
    let r = gamec_with_env(
        &[],
        &[
            "solve", "-", "--set", "width=5", "--set", "height=3", "--order", "tiers",
        ],
        &source,
        &[
            ("GAMEC_MEMORY_AVAILABLE", "3000000"),
            ("TMPDIR", "/dev/null"),
        ],
    );
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stderr,
        "gamec::disk_failed

  × the tiers written to disk while solving could not be kept: cannot make a file in /dev/null:
  │ Not a directory (os error 20)
  help: A game too big for memory is solved with its tiers written under the folder for temporary
        files: set TMPDIR to a folder on a disk with room (its positions take 8 bytes each there,
        and 2 more once valued), or free memory so that fewer tiers are written.
"
    );
}
