//! A test that needs a process of its own: whether the compiled rules are used yet depends on
//! `engine::verifying()`, which the differential tests turn on for the whole process (compiling
//! at once), so this runs in its own test binary, not in `tests/main.rs`'s.

mod common;
use common::*;

fn shipped_source(name: &str) -> String {
    std::fs::read_to_string(game_path(name)).unwrap()
}

#[test]
fn small_games_are_not_compiled_before_the_interpreter_has_warmed_up() {
    use gamec::engine::Engine;
    let solve = |name: &str, sets: &[(&str, &str)]| {
        let rules = rules_of(&shipped_source(name), sets);
        let engine = Engine::new(&rules).with_symmetry(false);
        let roots: Vec<u64> = engine.starts().unwrap().iter().map(|b| b.code).collect();
        let s = gamec::solve::solve(&engine, &roots, 10_000_000).unwrap();
        (s.positions, engine.compiled_yet())
    };
    // Nim's 3-4-5 start takes the interpreter fewer steps than the warm-up's 30,000: not
    // compiled.
    assert_eq!(solve("nim.game", &[]), (120, false));
    // Tic-tac-toe's 5,478 positions take it about 140,000 steps: compiled once it has taken
    // 30,000 (it was not when the warm-up counted 20,000 expansions, which kept Peg Solitaire's
    // 3,016 positions, about 680,000 steps, in the interpreter for 140 ms).
    assert_eq!(solve("tic_tac_toe.game", &[]), (5478, true));
    // Connect Four 4 x 4 (depth-first), numbered past 2^20 codes: compiled at once.
    assert_eq!(
        solve("connect_four.game", &[("width", "4"), ("height", "4")]),
        (161029, true)
    );
}
