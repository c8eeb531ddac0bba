//! Solvers for sequential games: a depth-first solver for games without cycles, retrograde
//! analysis on a compact explicit state graph for loopy games, Grundy values, and chance.

mod acyclic;
mod chance;
mod compact;
mod loopy;
mod store;

pub use chance::{win_probabilities, Probabilities};
pub use store::{Entry, Value};

use crate::engine::symmetry::Symmetry;
use crate::engine::{Code, Engine, Fault, Rel};
use store::Store;

/// Why solving stopped.
#[derive(Debug)]
pub enum SolveError {
    /// A rule failed at this position.
    Fault(Fault, Code),
    /// More positions than the limit.
    Limit(u64),
    /// More positions than fit in the available memory.
    Memory(u64),
    /// A line of play (this many positions deep, with this many moves waiting to be explored
    /// along it) that does not fit in the available memory.
    Pending(u64, u64),
}

/// The value of every reachable position.
pub struct Solution {
    store: Store,
    pub positions: u64,
    /// Positions by value: win, lose, tie, draw.
    pub counts: [u64; 4],
    /// Whether play can return to an earlier position.
    pub loopy: bool,
    /// Whether Grundy values were computed (impartial, normal play, no cycles).
    pub grundy: bool,
    /// How many positions the solved ones stand for: with symmetries, each solved position is
    /// a class of positions the rules treat alike; without, `positions`. It counts every
    /// position of the classes, reached or not; so it is given (`reachable`) only when every
    /// root is its own image, and the positions play reaches are then exactly these.
    pub in_all: u64,
    pub in_all_reachable: bool,
    /// The symmetries positions were reduced by: a value is looked up by the position's class.
    symmetry: Option<Symmetry>,
}

impl Solution {
    pub fn get(&self, code: Code) -> Option<Entry> {
        let class = match &self.symmetry {
            Some(s) => s.canonical(code, &mut Vec::new()),
            None => code,
        };
        store::unpack(self.store.get(class))
    }

    /// Whether positions were reduced by declared symmetries.
    pub fn symmetric(&self) -> bool {
        self.symmetry.is_some()
    }
    pub fn count(&self, v: Value) -> u64 {
        self.counts[v as usize]
    }
}

pub(crate) fn rel_value(r: Rel) -> Value {
    match r {
        Rel::Win => Value::Win,
        Rel::Lose => Value::Lose,
        Rel::Tie => Value::Tie,
    }
}

/// Solves every position reachable from `roots`.
pub fn solve(engine: &Engine, roots: &[Code], limit: u64) -> Result<Solution, SolveError> {
    let impartial = !engine.turn_matters() && !engine.rules.has_again;
    let roots = classes(engine, roots);
    let s = match acyclic::solve(engine, &roots, limit, impartial)? {
        Some(s) => s,
        None => loopy::solve(engine, &roots, limit)?,
    };
    Ok(with_symmetry(engine, &roots, s))
}

/// The roots' canonical forms (the solvers see only those).
fn classes(engine: &Engine, roots: &[Code]) -> Vec<Code> {
    roots.iter().map(|&r| engine.canonical(r)).collect()
}

fn with_symmetry(engine: &Engine, roots: &[Code], s: Solution) -> Solution {
    let symmetry = engine.symmetry.clone();
    let fixed = symmetry
        .as_ref()
        .is_none_or(|sym| roots.iter().all(|&r| sym.fixes(r)));
    Solution {
        symmetry,
        in_all_reachable: fixed,
        ..s
    }
}

/// Solves on the explicit state graph by retrograde analysis, whether or not the game
/// loops (slower and hungrier than `solve` on big acyclic games; it is what `solve` falls back on).
pub fn solve_explicit(engine: &Engine, roots: &[Code], limit: u64) -> Result<Solution, SolveError> {
    let roots = classes(engine, roots);
    Ok(with_symmetry(
        engine,
        &roots,
        loopy::solve(engine, &roots, limit)?,
    ))
}

/// The value of a child position as seen by the player who moves into it.
pub fn seen_by_mover(child: Entry, kept: bool) -> Entry {
    if kept {
        child
    } else {
        Entry {
            value: child.value.flip(),
            ..child
        }
    }
}

/// Moves ranked best first for the player to move: wins fastest first, then ties, then draws, then
/// losses lasting longest first.
pub fn rank(e: &Entry) -> (u8, i64) {
    let r = e.remoteness.unwrap_or(0) as i64;
    match e.value {
        Value::Win => (0, r),
        Value::Tie => (1, r),
        Value::Draw => (2, 0),
        Value::Lose => (3, -r),
    }
}
