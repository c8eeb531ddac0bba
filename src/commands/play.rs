//! `gamec play` for sequential games: solve, then hand the terminal to the player loop, from the
//! start (rolling the setup) or from an `--at` position (rolling nothing).

use super::at;
use super::common::{usage, CliResult, Loaded};
use super::explore::solve_or_exit;
use crate::engine::{Branch, Code, Engine, Limits};
use crate::play::{end_rule_texts, play, Game, Options, Seat};
use crate::rules::Rules;
use num_rational::BigRational;
use num_traits::One;
use std::io::IsTerminal;

pub struct PlayArgs {
    /// Player 1's seat, then player 2's.
    pub seats: [Seat; 2],
    pub blunder: f64,
    pub seed: Option<u64>,
    pub hints: bool,
    /// The position to start from, as `solve --at` takes it.
    pub at: Option<String>,
}

/// Plays one game on stdin/stdout. Exit 0 when the game ends, also when input runs out first or
/// the human quits.
pub fn run(loaded: &Loaded, rules: &Rules, limits: Limits, args: PlayArgs) -> CliResult {
    let engine = limits.engine(rules);
    let at_code = args
        .at
        .as_deref()
        .map(|text| at::parse(&engine, text))
        .transpose()?;
    let (mut starts, solution) = solve_or_exit(loaded, &engine, limits.positions)?;
    let mut below = None;
    if let (Some(text), Some(code)) = (args.at.as_deref(), at_code) {
        below = at::solve_unreached(loaded, &engine, text, code, &solution, limits.positions)?;
        starts = vec![start_at(&engine, code)];
    }
    let g = Game {
        engine: &engine,
        solution: below.as_ref().unwrap_or(&solution),
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

/// The one start of a game played from `code`: no roll; the player to move is the position's
/// `turn` where positions record it, and player 1 where they do not.
fn start_at(engine: &Engine, code: Code) -> Branch {
    let pos = engine.decode(code);
    let mover = if engine.turn_matters() { pos.mover } else { 1 };
    Branch {
        code,
        pos,
        prob: BigRational::one(),
        mover,
        rolls: Vec::new(),
    }
}
