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
    // Tic-tac-toe's 5,478 positions take less than compiling would.
    assert_eq!(solve("tic_tac_toe.game", &[]), (5478, false));
    // Connect Four 4 x 4 (depth-first): compiled after the first 20,000 expansions.
    assert_eq!(
        solve("connect_four.game", &[("width", "4"), ("height", "4")]),
        (161029, true)
    );
}
