//! Tier order for games too big for a table over every position number: each tier is a sorted
//! list of its positions' keys, and the tiers not in use are written to disk. Positions are found
//! tier by tier from the start (each tier's children go into a hash set of the tier they reach,
//! shared by the threads, and become that tier's sorted list when its turn comes), then valued
//! tier by tier from the last, each position's children looked up in the tables of the tiers they
//! reach, which are the only ones held. A tier in memory costs 8 bytes a position while finding
//! and about 12 (its key, its 16-bit entry, a directory) while valuing; a game whose tiers do not
//! all fit keeps a quarter of the memory for them and writes the rest to disk.

mod answers;
mod disk;
mod find;
mod group;
mod keys;
mod set;
mod table;
mod value;

pub(in crate::solve) use answers::Answers;

use super::super::progress::Progress;
use super::super::{Order, Solution, SolveError};
use super::Plan;
use crate::engine::{memory, Code, Engine};
use disk::Spill;
use set::Building;

/// A tier's positions once found: its keys in memory, or on disk (with how many there are).
enum Found {
    None,
    Memory(Vec<u64>),
    Disk(u64),
}

impl Found {
    fn len(&self) -> u64 {
        match self {
            Found::None => 0,
            Found::Memory(v) => v.len() as u64,
            Found::Disk(n) => *n,
        }
    }
}

/// What finding the positions gave: each tier's positions, the lowest and highest tier its
/// children reach, the positions in all and those they stand for.
struct Tiers {
    found: Vec<Found>,
    reach: Vec<(u64, u64)>,
    positions: u64,
    in_all: u64,
    /// Tiers that hold positions.
    used: u64,
}

/// Solves in tier order with a sorted table a tier; `Ok(None)` when a move breaks the plan (the
/// caller then tries another order).
pub(in crate::solve) fn solve(
    engine: &Engine,
    roots: &[Code],
    limit: u64,
    impartial: bool,
    plan: Plan,
) -> Result<Option<Solution>, SolveError> {
    let mut spill = Spill::default();
    let budget = memory::byte_budget();
    let progress = Progress::new();
    let Some(mut tiers) = find::all(engine, roots, limit, plan, &mut spill, budget, &progress)?
    else {
        return Ok(None);
    };
    progress.bar(tiers.positions, "solving", "positions");
    let valued = value::all(
        engine, &mut tiers, impartial, plan, &mut spill, budget, &progress,
    )?;
    progress.finish();
    let disk_bytes = spill.written;
    Ok(Some(Solution {
        store: super::super::Table::Tiers(Answers::new(engine, plan, valued.answers, spill)),
        positions: tiers.positions,
        counts: valued.counts,
        loopy: false,
        grundy: valued.grundy,
        in_all: tiers.in_all,
        in_all_reachable: true,
        symmetry: None,
        order: Order::TierTables {
            measure: plan.measure,
            up: plan.up,
            tiers: tiers.used,
            threads: engine.threads,
            disk_bytes,
        },
        margins: None,
    }))
}

/// A refusal of `n` items of `size` bytes.
fn refused(n: u64, size: u64) -> SolveError {
    SolveError::Refused(n.saturating_mul(size))
}

/// An empty set for a tier expected to hold about `n` positions.
fn building(n: u64) -> Result<Building, SolveError> {
    Building::new(n).ok_or_else(|| refused(n.saturating_mul(2), 8))
}
