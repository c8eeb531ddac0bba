//! `gamec play` for sequential games: solve, then hand the terminal to the player loop.

use super::common::{usage, CliResult, Loaded};
use super::explore::solve_or_exit;
use crate::engine::Engine;
use crate::engine::Limits;
use crate::play::{end_rule_texts, play, Game, Options, Seat};
use crate::rules::Rules;
use std::io::IsTerminal;

pub struct PlayArgs {
    /// Player 1's seat, then player 2's.
    pub seats: [Seat; 2],
    pub blunder: f64,
    pub seed: Option<u64>,
    pub hints: bool,
}

/// Plays one game on stdin/stdout. Exit 0 when the game ends, also when input runs out first.
pub fn run(loaded: &Loaded, rules: &Rules, limits: Limits, args: PlayArgs) -> CliResult {
    let engine = Engine::new(rules).with_max_steps(limits.steps);
    let (starts, solution) = solve_or_exit(loaded, &engine, limits.positions)?;
    let g = Game {
        engine: &engine,
        solution: &solution,
        starts: &starts,
        end_rules: end_rule_texts(rules, &loaded.source),
    };
    let stdin = std::io::stdin();
    let opts = Options {
        seats: args.seats,
        blunder: args.blunder,
        seed: args.seed.unwrap_or_else(rand::random),
        show_seed: args.seed.is_none(),
        hints: args.hints,
        echo: !stdin.is_terminal(),
    };
    let mut input = stdin.lock();
    let mut output = std::io::stdout().lock();
    match play(&g, &opts, &mut input, &mut output) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(usage(&format!("the game stopped: {e}"))),
    }
}
