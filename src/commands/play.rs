//! `gamec play` for sequential games.
use crate::cli::{CliResult, Exit, GameArgs, Loaded, Side};
use crate::rules::Rules;

pub struct PlayArgs {
    pub sides: [Side; 2],
    pub blunder: f64,
    pub seed: Option<u64>,
    pub hints: bool,
}

pub fn run(_l: &Loaded, _r: &Rules, _g: &GameArgs, _a: PlayArgs) -> CliResult {
    eprintln!("error: not implemented yet");
    Err(Exit(2))
}
