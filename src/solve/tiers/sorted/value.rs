//! Valuing the positions tier by tier from the last: each tier's keys (from memory or disk) are
//! valued in parallel, every child's entry looked up in the table of the tier it reaches; then the
//! tier becomes a table, and each table no tier left to value reaches is retired into the answers
//! (kept in memory while they take at most a quarter of the budget, else written to disk).

use super::super::super::progress::Progress;
use super::super::super::store::unpack;
use super::super::super::SolveError;
use super::super::Plan;
use super::answers::Answer;
use super::disk::Spill;
use super::group::{Buffers, GROUP};
use super::keys::code;
use super::table::{narrow_or_wide, Table, WIDE};
use super::{Found, Tiers};
use crate::engine::alloc::{huge_pages, zeroed};
use crate::engine::{Code, Engine, Fault};
use rayon::prelude::*;
use rustc_hash::FxHashMap;

/// Positions one task values.
const TASK: usize = 1 << 10;

/// The answers, positions by value, and whether Grundy values hold.
pub(super) struct Valued {
    pub(super) answers: Vec<Answer>,
    pub(super) counts: [u64; 4],
    pub(super) grundy: bool,
}

/// What one task valued.
struct Out {
    counts: [u64; 4],
    grundy: bool,
    wide: Vec<(u32, u64)>,
}

/// Values every position found.
pub(super) fn all(
    engine: &Engine,
    tiers: &mut Tiers,
    impartial: bool,
    plan: Plan,
    spill: &mut Spill,
    budget: u64,
    progress: &Progress,
) -> Result<Valued, SolveError> {
    let n = tiers.found.len();
    let sizes: Vec<u64> = tiers.found.iter().map(Found::len).collect();
    let disk: Vec<bool> = tiers
        .found
        .iter()
        .map(|f| matches!(f, Found::Disk(_)))
        .collect();
    let mut held: Vec<Option<Table>> = (0..n).map(|_| None).collect();
    let mut valued = Valued {
        answers: (0..n).map(|_| Answer::None).collect(),
        counts: [0; 4],
        grundy: impartial,
    };
    let mut kept = 0u64;
    let order: Vec<u64> = plan.order().into_iter().rev().collect();
    for (i, &t) in order.iter().enumerate() {
        let size = sizes[t as usize];
        if size == 0 {
            continue;
        }
        let keys = match std::mem::replace(&mut tiers.found[t as usize], Found::None) {
            Found::Memory(v) => v,
            Found::Disk(_) => spill.read(t, "keys")?,
            Found::None => Vec::new(),
        };
        let v = Value {
            engine,
            plan,
            tier: t,
            impartial,
            held: &held,
        };
        let (values, wide) = v.tier(&keys, &mut valued)?;
        let table = Table::new(keys, values, wide).ok_or_else(|| super::refused(size, 12))?;
        held[t as usize] = Some(table);
        progress.advance(size);
        // Retire the tables no tier still to value reaches.
        let rest = &order[i + 1..];
        for u in 0..n {
            let needed = rest.iter().any(|&r| {
                let (lo, hi) = tiers.reach[r as usize];
                sizes[r as usize] > 0 && lo <= u as u64 && u as u64 <= hi
            });
            if needed {
                continue;
            }
            if let Some(table) = held[u].take() {
                valued.answers[u] = retire(u as u64, table, disk[u], &mut kept, budget, spill)?;
            }
        }
    }
    Ok(valued)
}

/// A table no longer needed for valuing, kept in memory within a quarter of the budget, else
/// written to disk (its keys already are when `keys_on_disk`).
fn retire(
    t: u64,
    table: Table,
    keys_on_disk: bool,
    kept: &mut u64,
    budget: u64,
    spill: &mut Spill,
) -> Result<Answer, SolveError> {
    if *kept + table.bytes() <= budget / 4 {
        *kept += table.bytes();
        spill.forget(t);
        return Ok(Answer::Memory(table));
    }
    if !keys_on_disk {
        spill.write(t, "keys", &table.keys)?;
    }
    spill.write(t, "values", &table.values)?;
    Ok(Answer::Disk(spill.open(t, table.wide)?))
}

/// Valuing tier `tier`'s positions, every child's table held.
pub(super) struct Value<'a, 'e, 'r> {
    pub(super) engine: &'e Engine<'r>,
    pub(super) plan: Plan,
    pub(super) tier: u64,
    pub(super) impartial: bool,
    pub(super) held: &'a [Option<Table>],
}

impl Value<'_, '_, '_> {
    /// The entries of the tier's positions (16 bits each; the wider ones aside by index), and the
    /// counts and Grundy flag added to `valued`.
    fn tier(
        &self,
        keys: &[u64],
        valued: &mut Valued,
    ) -> Result<(Vec<u16>, FxHashMap<u32, u64>), SolveError> {
        let n = keys.len();
        let mut values: Vec<u16> = zeroed(n).ok_or_else(|| super::refused(n as u64, 2))?;
        huge_pages(&values);
        let outs: Vec<Result<Out, (Fault, Code)>> = keys
            .par_chunks(TASK)
            .zip(values.par_chunks_mut(TASK))
            .enumerate()
            .map_init(
                || (Buffers::default(), Vec::new()),
                |b, (k, (part, slots))| self.task(k * TASK, part, slots, b),
            )
            .collect();
        let mut wide = FxHashMap::default();
        for out in outs {
            let out = out.map_err(|(f, c)| SolveError::Fault(f, c))?;
            for (c, x) in valued.counts.iter_mut().zip(out.counts) {
                *c += x;
            }
            valued.grundy &= out.grundy;
            wide.extend(out.wide);
        }
        Ok((values, wide))
    }

    fn task(
        &self,
        first: usize,
        part: &[u64],
        slots: &mut [u16],
        b: &mut (Buffers, Vec<u64>),
    ) -> Result<Out, (Fault, Code)> {
        let mut out = Out {
            counts: [0; 4],
            grundy: true,
            wide: Vec::new(),
        };
        let (bufs, entries) = b;
        for (g, (keys, slots)) in part.chunks(GROUP).zip(slots.chunks_mut(GROUP)).enumerate() {
            self.group(
                keys.iter().map(|&k| code(k)),
                bufs,
                entries,
                &mut out.grundy,
            )?;
            for (j, (&e, slot)) in entries.iter().zip(slots.iter_mut()).enumerate() {
                if let Some(entry) = unpack(e) {
                    out.counts[entry.value as usize] += 1;
                }
                *slot = narrow_or_wide(e);
                if *slot == WIDE {
                    out.wide.push(((first + g * GROUP + j) as u32, e));
                }
            }
        }
        Ok(out)
    }
}
