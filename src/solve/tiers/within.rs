//! The moves of one tier of a loopy game, gathered on every thread: each position's moves are
//! run, a move into a later tier (already valued) is folded into what the position has seen, and
//! a move inside the tier is listed under the position it leads into, for `rounds.rs` to spread
//! values back along.

use super::rounds::{Seen, Tier, KEPT};
use super::tasks::LIST_TASK;
use crate::engine::{Child, Code, Engine, Expand, Fault, Scratch};
use crate::solve::rel_value;
use crate::solve::shared::Shared;
use crate::solve::store::{unpack, valued};
use crate::solve::SolveError;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The bytes a move inside the tier costs while it is gathered and listed: the pair a task lists,
/// then its entry in the lists by child.
pub(super) const MOVE_BYTES: u64 = 12;
/// The bytes a position of the tier costs while it is solved: its `Seen`, its list's start, and
/// its value and remoteness in the analysis.
pub(super) const POSITION_BYTES: u64 = std::mem::size_of::<Seen>() as u64 + 8 + 12;

/// Why gathering stopped.
pub(super) enum Stop {
    Fault(Fault, Code),
    /// A move into a position neither valued nor in the tier (never so when finding the positions
    /// kept to the plan), or more moves inside the tier than the memory left holds: the solve is
    /// handed on.
    Lost,
    Solve(SolveError),
}

/// What one task of the tier gathered: its positions' `Seen` and the moves inside the tier as
/// (child's number, parent's number with `KEPT`).
struct Part {
    seen: Vec<Seen>,
    moves: Vec<(u32, u32)>,
}

/// Runs every move of the tier's positions (`codes`, sorted: a position's number in the tier is
/// its place there) on the thread pool; `Stop::Lost` once the moves inside the tier take more
/// than `room` bytes.
pub(super) fn gather(
    engine: &Engine,
    codes: &[Code],
    shared: &Shared,
    room: u64,
) -> Result<Tier, Stop> {
    let listed = AtomicU64::new(0);
    let parts: Vec<Result<Part, Stop>> = codes
        .par_chunks(LIST_TASK)
        .enumerate()
        .map_init(
            || (Scratch::default(), Vec::<Child>::new()),
            |(scratch, kids), (k, chunk)| {
                let base = k * LIST_TASK;
                let mut part = Part {
                    seen: Vec::with_capacity(chunk.len()),
                    moves: Vec::new(),
                };
                for (j, &code) in chunk.iter().enumerate() {
                    let parent = (base + j) as u32;
                    let before = part.moves.len();
                    let seen = one(
                        engine,
                        codes,
                        shared,
                        code,
                        parent,
                        scratch,
                        kids,
                        &mut part.moves,
                    )?;
                    part.seen.push(seen);
                    let added = (part.moves.len() - before) as u64;
                    let all = listed.fetch_add(added, Relaxed).saturating_add(added);
                    if all.saturating_mul(MOVE_BYTES) > room {
                        return Err(Stop::Lost);
                    }
                }
                Ok(part)
            },
        )
        .collect();
    let mut seen = Vec::new();
    seen.try_reserve_exact(codes.len())
        .map_err(|_| Stop::Solve(SolveError::Refused(codes.len() as u64 * 24)))?;
    let mut counts = vec![0usize; codes.len() + 1];
    let mut all = Vec::with_capacity(parts.len());
    for p in parts {
        let p = p?;
        seen.extend_from_slice(&p.seen);
        for &(c, _) in &p.moves {
            counts[c as usize + 1] += 1;
        }
        all.push(p.moves);
    }
    // The moves into each position, by a counting sort on the child's number.
    for i in 1..counts.len() {
        counts[i] += counts[i - 1];
    }
    let total = counts[codes.len()];
    let mut preds = Vec::new();
    preds
        .try_reserve_exact(total)
        .map_err(|_| Stop::Solve(SolveError::Refused(total as u64 * 4)))?;
    preds.resize(total, 0u32);
    let start = counts.clone();
    for moves in all {
        for (c, p) in moves {
            preds[counts[c as usize]] = p;
            counts[c as usize] += 1;
        }
    }
    Ok(Tier { seen, start, preds })
}

/// Runs position `code`'s moves (its number in the tier `parent`).
#[allow(clippy::too_many_arguments)]
fn one(
    engine: &Engine,
    codes: &[Code],
    shared: &Shared,
    code: Code,
    parent: u32,
    scratch: &mut Scratch,
    kids: &mut Vec<Child>,
    moves: &mut Vec<(u32, u32)>,
) -> Result<Seen, Stop> {
    kids.clear();
    // Finding the positions took these steps already, within the limit.
    scratch.set_steps(0);
    let r = engine
        .expand_classes(code, scratch, |_, _, c| kids.push(c))
        .map_err(|f| Stop::Fault(f, code))?;
    let mut seen = Seen::default();
    if let Expand::End { rel, .. } = r {
        seen.end = Some(rel_value(rel));
        return Ok(seen);
    }
    for k in kids.iter() {
        let e = shared.get(k.code);
        if valued(e) {
            let Some(entry) = unpack(e) else {
                return Err(Stop::Lost);
            };
            seen.fold(entry.value, entry.remoteness.unwrap_or(0), k.kept);
            continue;
        }
        let Ok(child) = codes.binary_search(&k.code) else {
            return Err(Stop::Lost);
        };
        seen.moves = true;
        seen.left += 1;
        moves.push((child as u32, parent | if k.kept { KEPT } else { 0 }));
    }
    Ok(seen)
}
