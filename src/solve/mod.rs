//! Solvers for sequential games: a depth-first solver for games without cycles, retrograde
//! analysis on a compact explicit state graph for loopy games, Grundy values, and chance.

mod acyclic;
mod agg;
mod chance;
mod compact;
mod densify;
mod entry;
mod exact_chain;
pub mod exact_loop;
mod exact_nodes;
pub mod expect;
pub mod interval;
mod interval_stage;
mod loopy;
pub mod maxn;
mod packed;
mod progress;
mod quotient;
mod scored;
mod shared;
mod solution_line;
pub mod stage;
mod store;
mod sweep;
mod table;
mod tiers;
mod wide;

pub use chance::{win_probabilities, Probabilities};
pub use solution_line::shortest_solution;
pub use store::{Entry, Value};
pub use sweep::early_stops as sweep_early_stops;
pub use tiers::Measure;

use crate::engine::symmetry::Symmetry;
use crate::engine::{Code, Engine, Fault, Rel, SolveOrder};
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
    /// A table of this many bytes that the system refused to allocate.
    Refused(u64),
    /// A scored game in which play returns to a position (its margins are not solved).
    ScoredLoopy,
    /// A game that rolls during play in which play returns to this position (not solved yet).
    ChanceLoopy(Code),
    /// The exact arithmetic of the simultaneous choice at this position passed its budget.
    StageTooHard(Code),
    /// Writing or reading a tier on disk failed (what, where and why).
    Spill(String),
}

/// The order positions were solved in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Depth-first from the start, one thread.
    DepthFirst,
    /// Tier by tier of a measure every move changes one way (`up`: increases), over `threads`
    /// threads; `tiers` of them hold positions. `loopy`: a move may also keep the measure, and
    /// each tier was solved by retrograde analysis.
    Tiers {
        measure: Measure,
        up: bool,
        tiers: u64,
        threads: usize,
        loopy: bool,
    },
    /// Retrograde analysis on the explicit state graph (a loopy game).
    Retrograde,
    /// Retrograde analysis on a table over every position number, holding the moves into each
    /// position but no numbering (a loopy game whose table fits in memory).
    RetrogradeTable,
    /// In the order of position numbers, which every move lowers (`down`) or raises: found in
    /// one sweep, valued in one sweep back.
    Sweep { down: bool, threads: usize },
    /// Tier by tier as `Tiers` (never loopy), with a sorted table a tier instead of one table
    /// over every position number; `disk_bytes` of tiers were written to disk.
    TierTables {
        measure: Measure,
        up: bool,
        tiers: u64,
        threads: usize,
        disk_bytes: u64,
    },
}

/// Where a solution's entries are: one table over the position numbers, or a table a tier.
pub(super) enum Table {
    Store(Store),
    Tiers(tiers::Answers),
}

impl From<Store> for Table {
    fn from(s: Store) -> Table {
        Table::Store(s)
    }
}

impl Table {
    fn get(&self, c: Code) -> u64 {
        match self {
            Table::Store(s) => s.get(c),
            Table::Tiers(t) => t.get(c),
        }
    }
}

/// The value of every reachable position.
pub struct Solution {
    store: Table,
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
    symmetry: Option<std::sync::Arc<Symmetry>>,
    pub order: Order,
    /// A scored game's margins, by position (class): `None` for other games.
    margins: Option<std::collections::HashMap<Code, i64>>,
}

impl Solution {
    pub fn get(&self, code: Code) -> Option<Entry> {
        let class = match &self.symmetry {
            Some(s) => s.canonical(code, &mut Vec::new()),
            None => code,
        };
        let margin = self.margins.as_ref().and_then(|m| m.get(&class).copied());
        store::unpack(self.store.get(class)).map(|e| Entry { margin, ..e })
    }

    /// Whether the values are held in a hash table of the positions rather than an array over
    /// every position number (which a solver finding positions as it goes moves them to once they
    /// crowd its pages: `densify.rs`).
    pub fn hashed(&self) -> bool {
        matches!(self.store, Table::Store(Store::Sparse(_)))
    }

    /// Whether values are margins (a scored game).
    pub fn scored(&self) -> bool {
        self.margins.is_some()
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

/// Solves every position reachable from `roots`: in tier order on `engine.threads` threads when
/// that order is asked for and the game has a measure every move changes one way; by sweeps
/// through the position numbers (`--order auto`, the default) when every move lowers them or
/// every move raises them; otherwise depth-first, and by retrograde analysis if the game turns
/// out to be loopy (on a table over the position numbers when it fits, else on the compact graph).
pub fn solve(engine: &Engine, roots: &[Code], limit: u64) -> Result<Solution, SolveError> {
    let impartial = impartial(engine);
    let roots = classes(engine, roots);
    if engine.rules.scored {
        let s = scored::solve(engine, &roots, limit)?;
        return Ok(with_symmetry(engine, &roots, s));
    }
    let tiered = match engine.order {
        SolveOrder::Tiers => tiers::solve(engine, &roots, limit, impartial)?,
        SolveOrder::Auto => sweep::solve(engine, &roots, limit, impartial)?,
        SolveOrder::DepthFirst => None,
    };
    let s = match tiered {
        Some(s) => s,
        None => match acyclic::solve(engine, &roots, limit, impartial) {
            Ok(Some(s)) => s,
            Ok(None) => loopy_solve(engine, &roots, limit)?,
            // Too many positions for one hash table in memory: a table a tier, written to disk
            // as memory requires, where a measure orders the game.
            Err(SolveError::Memory(m)) => {
                match tiers::solve_in_tables(engine, &roots, limit, impartial)? {
                    Some(s) => s,
                    None => return Err(SolveError::Memory(m)),
                }
            }
            Err(e) => return Err(e),
        },
    };
    Ok(with_symmetry(engine, &roots, s))
}

/// Solves a game in which play can return to a position: tier by tier on every thread when a
/// measure of the position never moves the other way (not with `--order depth-first`), else on a
/// table over the position numbers when it fits, else on the compact graph.
fn loopy_solve(engine: &Engine, roots: &[Code], limit: u64) -> Result<Solution, SolveError> {
    if engine.order != SolveOrder::DepthFirst {
        if let Some(s) = tiers::solve_loopy(engine, roots, limit)? {
            return Ok(s);
        }
        // The attempt's table was freed on a worker thread, whose allocator keeps the pages: the
        // table solver's own would come on top (Cat and Mouse 5 MB more at its peak).
        crate::engine::alloc::give_back();
    }
    match table::solve(engine, roots, limit)? {
        Some(s) => Ok(s),
        None => loopy::solve(engine, roots, limit),
    }
}

/// Solves in tier order with `engine.threads` threads (one included), whatever order the engine
/// asks for; `Ok(None)` when the game has no measure every move changes one way. For comparing
/// the orders in tests.
pub fn solve_in_tiers(
    engine: &Engine,
    roots: &[Code],
    limit: u64,
) -> Result<Option<Solution>, SolveError> {
    let roots = classes(engine, roots);
    if engine.rules.scored {
        return Ok(None);
    }
    let s = tiers::solve(engine, &roots, limit, impartial(engine))?;
    Ok(s.map(|s| with_symmetry(engine, &roots, s)))
}

/// Whether Grundy values may be computed: the turn changes nothing and no move keeps it (with one
/// player every move does).
fn impartial(engine: &Engine) -> bool {
    !engine.turn_matters() && !engine.rules.has_again && engine.rules.players == 2
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
    if engine.rules.scored {
        let s = scored::solve(engine, &roots, limit)?;
        return Ok(with_symmetry(engine, &roots, s));
    }
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
            // Never `i64::MIN` (engine::margin), so the negation fits.
            margin: child.margin.map(|m| -m),
            ..child
        }
    }
}

/// Moves ranked best first for the player to move: wins fastest first, then ties, then draws, then
/// losses lasting longest first; in a scored game, wins by the most first and losses by the
/// least first, each by remoteness as before among equal margins.
pub fn rank(e: &Entry) -> (u8, i64, i64) {
    let r = e.remoteness.unwrap_or(0) as i64;
    let m = e.margin.unwrap_or(0);
    match e.value {
        Value::Win => (0, -m, r),
        Value::Tie => (1, 0, r),
        Value::Draw => (2, 0, 0),
        Value::Lose => (3, -m, -r),
    }
}
