//! `--at POSITION`, shared by `solve` and `play`: the engine reads the position, a bad one is a
//! usage error naming what is wrong, and a position the start cannot reach is solved on its own
//! after a warning.

use super::common::{usage, Exit, Loaded};
use super::explore::{report, solve_below};
use super::io::warning;
use crate::engine::{Code, Engine};
use crate::solve::Solution;

/// The position `text` names, or a usage error (exit 2) saying why it names none.
pub fn parse(engine: &Engine, text: &str) -> Result<Code, Exit> {
    engine
        .parse_position(text)
        .map_err(|why| usage(&format!("--at \"{text}\": {why}")))
}

/// `None` when the start's solution `s` already values `code`; otherwise, after a warning, the
/// solution of everything below `code` (a rule failing there is reported, exit 1).
pub fn solve_unreached(
    loaded: &Loaded,
    engine: &Engine,
    text: &str,
    code: Code,
    s: &Solution,
    limit: u64,
) -> Result<Option<Solution>, Exit> {
    if s.get(code).is_some() {
        return Ok(None);
    }
    warning(&format!(
        "--at \"{text}\": the start cannot reach this position; it is evaluated as if play began \
         there"
    ));
    solve_below(engine, code, limit)
        .map(Some)
        .map_err(|d| report(loaded, d))
}
