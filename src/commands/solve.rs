//! `gamec solve` for sequential games.
use crate::cli::{CliResult, Exit, GameArgs, Loaded};
use crate::rules::Rules;

pub fn run(_l: &Loaded, _r: &Rules, _g: &GameArgs, _json: bool, _at: Option<&str>) -> CliResult {
    eprintln!("error: not implemented yet");
    Err(Exit(2))
}
