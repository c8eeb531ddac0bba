//! The throw-game side of each command.

use super::ThrowGame;
use crate::cli::{CliResult, ComputerStyle, Exit, GraphFormat, Loaded};
use std::path::PathBuf;

pub fn solve(_l: &Loaded, _t: &ThrowGame, _json: bool, _players: Option<u32>) -> CliResult {
    Err(Exit(2))
}
pub fn play(
    _l: &Loaded,
    _t: &ThrowGame,
    _rounds: u32,
    _c: ComputerStyle,
    _seed: Option<u64>,
) -> CliResult {
    Err(Exit(2))
}
pub fn graph(_l: &Loaded, _t: &ThrowGame, _f: GraphFormat) -> CliResult {
    Err(Exit(2))
}
pub fn run(
    _l: &Loaded,
    _t: &ThrowGame,
    _players: &str,
    _throws: Option<String>,
    _file: Option<PathBuf>,
) -> CliResult {
    Err(Exit(2))
}
