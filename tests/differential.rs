//! Differential tests: random small sequential games (from `gamec::generate`) are run by the
//! reference interpreter (`gamec::reference`) and by the engine with both solvers, and must agree
//! on every run-time error, every position's value, remoteness and Grundy value, the starting
//! distribution, the exact win probabilities and the number of positions. A game of three or
//! more players is compared with what `gamec solve --json` prints for its start: every player's
//! security value and every tie-break's max^n outcome (`reference/many.rs`).
//!
//! The run is seeded, so it is the same every time; `PROPTEST_CASES=N` runs more cases. A failure
//! prints the game's source and `--set` values; keep it below as a regression case.

use crate::compare;
#[path = "reference/regressions.rs"]
mod regressions;

use compare::{compare, Case};
use gamec::check::SetArg;
use gamec::syntax::ast::OptionType;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::cell::RefCell;
use std::collections::BTreeMap;

/// Cases run by `cargo test` (in CI).
const CASES: u32 = 500;

/// Sometimes a `--set` for one of the game's options: usually a value of the right kind, now and
/// then one the option refuses.
fn random_sets(src: &str, rng: &mut ChaCha8Rng) -> Vec<SetArg> {
    let Ok(ast) = gamec::syntax::parse(src) else {
        return Vec::new();
    };
    if ast.options.is_empty() || !rng.gen_bool(0.3) {
        return Vec::new();
    }
    let o = &ast.options[rng.gen_range(0..ast.options.len())];
    let value = match (&o.ty, &o.default.kind) {
        (Some(OptionType::Bool(_)), _) => {
            ["true", "false", "yes", "0", "maybe"][rng.gen_range(0..5)].to_string()
        }
        (_, gamec::syntax::ast::ExprKind::List(items)) => {
            let n = if rng.gen_bool(0.9) {
                items.len()
            } else {
                rng.gen_range(0..4)
            };
            let vs: Vec<String> = (0..n).map(|_| rng.gen_range(-1..=4).to_string()).collect();
            if rng.gen_bool(0.5) {
                format!("[{}]", vs.join(","))
            } else {
                vs.join(", ")
            }
        }
        // An option holding an enumeration's value: another value, by name or display text.
        (_, gamec::syntax::ast::ExprKind::Name(n)) => {
            let values = enum_of(&ast, n);
            match values.get(rng.gen_range(0..values.len().max(1))) {
                Some(v) if rng.gen_bool(0.3) => v
                    .display
                    .as_ref()
                    .map_or(v.name.name.clone(), |d| d.value.clone()),
                Some(v) if rng.gen_bool(0.9) => v.name.name.clone(),
                _ => "nowhere".to_string(),
            }
        }
        _ => rng.gen_range(0..=4).to_string(),
    };
    vec![SetArg {
        name: o.name.name.clone(),
        value,
    }]
}

/// The values of the enumeration that declares the value `name` (none if none does).
fn enum_of(ast: &gamec::syntax::ast::GameFile, name: &str) -> Vec<gamec::syntax::ast::EnumValue> {
    use gamec::syntax::ast::{ElemType, VarType};
    ast.state
        .iter()
        .flat_map(|s| &s.vars)
        .find_map(|v| {
            let (VarType::Scalar(t)
            | VarType::PerPlayer(t, _)
            | VarType::Array(t, ..)
            | VarType::Grid(t, ..)) = &v.ty;
            match t {
                ElemType::Enum(vs, _) if vs.iter().any(|x| x.name.name == name) => Some(vs.clone()),
                _ => None,
            }
        })
        .unwrap_or_default()
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(CASES)
}

/// Solved games whose grid symmetry is proven from the rules (so the engine checks none of its
/// positions, and only the reference would see a wrong proof).
const PROVEN_GRID: &str = "a grid symmetry proven";
const PROVEN_SITES: &str = "a grid symmetry proven with dominoes";
/// Solved games whose colour swap is proven from the rules (`rules::proves_swap`).
const PROVEN_SWAP: &str = "a colour swap proven";

fn proven_grid(src: &str, sets: &[SetArg]) -> bool {
    match gamec::compile(src, sets) {
        (Some((_, gamec::Compiled::Sequential(r))), _) => r
            .symmetries
            .iter()
            .any(|s| s.proven && r.vars[s.var as usize].kind == gamec::rules::VarKind::Grid),
        _ => false,
    }
}

fn proven_swap(src: &str, sets: &[SetArg]) -> bool {
    match gamec::compile(src, sets) {
        (Some((_, gamec::Compiled::Sequential(r))), _) => {
            r.symmetries.iter().any(|s| s.swap_proven)
        }
        _ => false,
    }
}

#[test]
fn the_engine_agrees_with_the_reference_on_random_games() {
    let config = Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner =
        TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &[7; 32]));
    let tally: RefCell<BTreeMap<String, u32>> = RefCell::new(BTreeMap::new());
    // Solved games that use each of the later constructs (they must be compared, not only written).
    let uses: RefCell<BTreeMap<&str, u32>> = RefCell::new(BTreeMap::new());
    let result = runner.run(&any::<u64>(), |seed| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let src = gamec::generate::sequential_game(&mut rng, &gamec::generate::Config::small());
        let sets = random_sets(&src, &mut rng);
        match compare(&src, &sets) {
            Ok(case) => {
                let key = match case {
                    Case::NotCompiled(codes) => format!("not compiled: {codes}"),
                    other => format!("{other:?}"),
                };
                // Games with a chance turn, compared (exactly, or within closed bounds).
                if src.contains("  chance if ")
                    && (key.starts_with("Rolls {") || key.starts_with("RollsLoopy { closed: true"))
                {
                    *uses.borrow_mut().entry("  chance if ").or_default() += 1;
                }
                if key.starts_with("Solved") || key.starts_with("Many") {
                    if proven_swap(&src, &sets) {
                        *uses.borrow_mut().entry(PROVEN_SWAP).or_default() += 1;
                    }
                    if proven_grid(&src, &sets) {
                        *uses.borrow_mut().entry(PROVEN_GRID).or_default() += 1;
                        // Dominoes are proven by the cells each placing touches (grid_sites).
                        if src.contains("  move across(") {
                            *uses.borrow_mut().entry(PROVEN_SITES).or_default() += 1;
                        }
                    }
                    for c in CONSTRUCTS {
                        if src.contains(c) {
                            *uses.borrow_mut().entry(c).or_default() += 1;
                        }
                    }
                }
                *tally.borrow_mut().entry(key).or_default() += 1;
                Ok(())
            }
            Err(why) => Err(TestCaseError::fail(format!(
                "seed {seed}, sets {sets:?}\n{src}\n{why}"
            ))),
        }
    });
    let tally = tally.into_inner();
    for (k, n) in &tally {
        println!("{n:6}  {k}");
    }
    if let Err(e) = result {
        panic!("{e}");
    }
    let count = |f: &dyn Fn(&str) -> bool| {
        tally
            .iter()
            .filter(|(k, _)| f(k))
            .map(|(_, n)| n)
            .sum::<u32>()
    };
    let total = count(&|_| true);
    // The generator must keep producing games worth comparing, of every kind.
    assert!(count(&|k| k.starts_with("Solved")) * 2 > total, "{tally:?}");
    assert!(count(&|k| k.contains("loopy: true")) > 0, "{tally:?}");
    assert!(count(&|k| k.contains("grundy: true")) > 0, "{tally:?}");
    assert!(count(&|k| k.contains("tiers: true")) > 0, "{tally:?}");
    assert!(count(&|k| k.contains("sweep: true")) > 0, "{tally:?}");
    assert!(count(&|k| k.contains("pair: true")) > 0, "{tally:?}");
    assert!(count(&|k| k.contains("early: true")) > 0, "{tally:?}");
    assert!(count(&|k| k.contains("scored: true")) > 0, "{tally:?}");
    assert!(count(&|k| k.contains("loopy_tiers: true")) > 0, "{tally:?}");
    assert!(count(&|k| k.contains("tier_tables: true")) > 0, "{tally:?}");
    // The compiled rules are what solves by default: every solved game must have been compiled
    // (and each of its compiled expansions checked against the interpreter), except scored
    // games, which are interpreted.
    assert_eq!(
        count(&|k| k.contains("compiled: false") && !k.contains("scored: true")),
        0,
        "games left to the interpreter: {tally:?}"
    );
    assert!(count(&|k| k.contains("chance: true")) > 0, "{tally:?}");
    assert!(count(&|k| k.starts_with("BothFailed")) > 0, "{tally:?}");
    // Games that roll during play, compared with the reference's expectimax.
    assert!(count(&|k| k.starts_with("Rolls")) > 0, "{tally:?}");
    // Games with simultaneous moves, whose matrix games' values agree.
    assert!(count(&|k| k.contains("together: true")) > 0, "{tally:?}");
    // ... and, where play can return to a position, whose closed bounds hold the reference's.
    assert!(
        count(&|k| k == "RollsLoopy { closed: true, together: true, exact: false }") > 0,
        "{tally:?}"
    );
    // ... and, without simultaneous moves, whose exact values do.
    assert!(
        count(&|k| k == "RollsLoopy { closed: true, together: false, exact: true }") > 0,
        "{tally:?}"
    );
    // Games of three or more players, compared with `gamec solve --json`.
    assert!(count(&|k| k.starts_with("Many")) > 0, "{tally:?}");
    assert!(
        count(&|k| k.starts_with("Many { players: 4")) > 0,
        "{tally:?}"
    );
    let uses = uses.into_inner();
    println!("solved games using: {uses:?}");
    for c in CONSTRUCTS
        .iter()
        .chain(&["  chance if ", PROVEN_GRID, PROVEN_SITES, PROVEN_SWAP])
    {
        assert!(
            uses.get(c).copied().unwrap_or(0) > 0,
            "no solved game uses `{c}`: {uses:?}"
        );
    }
}

/// Games of three and four players only (a fifth as many cases as above): every one that solves
/// agrees with the reference, at the start as `gamec solve --json` prints it and at every
/// position in each player's view; and some of them loop, give scores, name only the loser or
/// declare a symmetry.
#[test]
fn games_of_many_players_agree_with_the_reference() {
    let mut tally: BTreeMap<String, u32> = BTreeMap::new();
    let mut lone_loser = 0;
    for seed in 0..u64::from(cases() / 5) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x6d61_6e79);
        let cfg = gamec::generate::Config::many(3 + (seed % 2) as u8);
        let src = gamec::generate::sequential_game(&mut rng, &cfg);
        let sets = random_sets(&src, &mut rng);
        match compare(&src, &sets) {
            Ok(Case::NotCompiled(codes)) => {
                *tally.entry(format!("not compiled: {codes}")).or_default() += 1
            }
            Ok(case) => {
                // An outcome naming only the loser: every other player wins.
                if matches!(case, Case::Many { .. }) && src.contains(" loses") {
                    lone_loser += 1;
                }
                *tally.entry(format!("{case:?}")).or_default() += 1
            }
            Err(why) => panic!("seed {seed}, sets {sets:?}\n{src}\n{why}"),
        }
    }
    for (k, n) in &tally {
        println!("{n:6}  {k}");
    }
    let count = |f: &dyn Fn(&str) -> bool| -> u32 {
        tally.iter().filter(|(k, _)| f(k)).map(|(_, n)| n).sum()
    };
    let total = count(&|_| true);
    assert!(count(&|k| k.starts_with("Many")) * 3 > total, "{tally:?}");
    for what in [
        "loopy: true",
        "scored: true",
        "symmetry: true",
        "players: 3",
        "players: 4",
    ] {
        assert!(
            count(&|k| k.starts_with("Many") && k.contains(what)) > 0,
            "{what}: {tally:?}"
        );
    }
    assert!(count(&|k| k.starts_with("BothFailed")) > 0, "{tally:?}");
    println!("{lone_loser:6}  of them name only the loser");
    assert!(lone_loser > 0, "{tally:?}");
}

/// Text that shows a game uses a construct added after the first differential tests.
const CONSTRUCTS: [&str; 25] = [
    "  def ",
    " then ",
    ": if ",
    "first(",
    "last(",
    "{v",
    "grid ",
    "rows(",
    "let ",
    "for ",
    "symmetry ",
    "row: rotations",
    "row: permutation [",
    "first mover ",
    "lines(",
    "cells(",
    "neighbours(",
    "orthogonal(",
    "{square(",
    " % 2}",
    "players 1",
    "score each ",
    "players 3",
    "players 4",
    "next mover = ",
];

// ---------------------------------------------------------------- regressions found by the above

/// Runs one game both ways and fails with the reason if they disagree.
fn agree(src: &str, sets: &[(&str, &str)]) -> Case {
    let sets: Vec<SetArg> = sets
        .iter()
        .map(|(n, v)| SetArg {
            name: n.to_string(),
            value: v.to_string(),
        })
        .collect();
    match compare(src, &sets) {
        Ok(case) => case,
        Err(why) => panic!("{src}\n{why}"),
    }
}

/// The start the engine computes, described.
fn engine_starts(src: &str) -> Vec<String> {
    let Some((_, gamec::Compiled::Sequential(rules))) = gamec::compile(src, &[]).0 else {
        panic!("does not compile: {src}");
    };
    let engine = gamec::engine::Engine::new(&rules);
    let starts = engine.starts().expect("the setup runs");
    starts.iter().map(|b| engine.describe(&b.pos)).collect()
}
