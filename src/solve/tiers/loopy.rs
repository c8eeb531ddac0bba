//! Solving a loopy game tier by tier, on every thread: when no move lowers a measure of the
//! position (or none raises it), and some change it, play can only loop within a tier. Positions
//! are found tier by tier from the start (a tier's positions in waves, each wave's spread over
//! the threads), then valued tier by tier from the last: each tier's moves are gathered on every
//! thread (`within.rs`), moves out of the tier reading the values of later tiers, and the tier is
//! solved by retrograde analysis (`rounds.rs`). Only the tier being valued holds its moves. A move
//! that lowers the measure after all hands the game on to the other loopy solvers.

use super::rounds::{self, KEPT};
use super::tasks::{Find, Stop, Task, LIST_TASK};
use super::within::{self, gather};
use super::{begin, each_plan, Plan};
use crate::engine::{memory, Code, Engine};
use crate::solve::densify::Densify;
use crate::solve::progress::Progress;
use crate::solve::store::{unpack, DENSE_BYTES_PER_CODE};
use crate::solve::{Solution, SolveError};

/// Solves with `engine.threads` threads; `Ok(None)` when the game has no measure that no move
/// lowers (or raises), or no thread pool could be made.
pub(in crate::solve) fn solve(
    engine: &Engine,
    roots: &[Code],
    limit: u64,
) -> Result<Option<Solution>, SolveError> {
    each_plan(engine, roots, true, |plan| run(engine, roots, limit, plan))
}

fn run(
    engine: &Engine,
    roots: &[Code],
    limit: u64,
    plan: Plan,
) -> Result<Option<Solution>, SolveError> {
    let mut b = begin(engine, roots, limit, plan)?;
    // Beside the table (reckoned as the other orders reckon it), each position found costs its
    // place in its tier's list, and the tier being solved its moves and positions' workings.
    let budget = memory::byte_budget();
    let fixed = match Densify::hashed(&b.store, &b.densify) {
        true => 0,
        false => engine.space.saturating_mul(DENSE_BYTES_PER_CODE),
    };
    let progress = Progress::new();
    let mut steps = 0u64;
    for (done, t) in plan.order().into_iter().enumerate() {
        // Each wave runs the moves of the tier's positions found by the wave before.
        let mut from = 0;
        loop {
            let Some(lists) = &b.found.lists else {
                return Ok(None);
            };
            let to = lists[t as usize].len();
            if from == to {
                // No move leads back into the tier from a later one: its list is complete, and
                // growing by doubling may have left up to half of it unused until it is valued.
                if let Some(lists) = &mut b.found.lists {
                    lists[t as usize].shrink_to_fit();
                }
                break;
            }
            progress.say(format!(
                "finding positions: {done} of {} tiers, {} positions so far",
                plan.max + 1,
                b.found.positions
            ));
            let find = Find {
                engine,
                plan,
                tier: t,
                steps,
            };
            let tasks: Vec<Task> = lists[t as usize][from..to]
                .chunks(LIST_TASK)
                .map(Task::Codes)
                .collect();
            let outs = match find.run(&tasks, &b.store.shared()) {
                Ok(outs) => outs,
                Err(Stop::Broken) => return Ok(None),
                Err(Stop::Fault(f, c)) => return Err(SolveError::Fault(f, c)),
            };
            if outs
                .iter()
                .map(|o| o.steps)
                .fold(steps, u64::saturating_add)
                > engine.max_steps
            {
                // One thread alone would have run out here: find where, for the usual report.
                if let Some((f, c)) = find.out_of_steps(&tasks, &mut b.store) {
                    return Err(SolveError::Fault(f, c));
                }
            }
            drop(tasks);
            from = to;
            b.take(engine, outs, &mut steps)?;
            if fixed.saturating_add(b.found.positions.saturating_mul(8)) > budget {
                return Ok(None);
            }
        }
    }
    progress.bar(b.found.positions, "solving", "positions");
    let Some(mut lists) = b.found.lists.take() else {
        return Ok(None);
    };
    let mut counts = [0u64; 4];
    for t in plan.order().into_iter().rev() {
        let mut codes = std::mem::take(&mut lists[t as usize]);
        if codes.is_empty() {
            continue;
        }
        if codes.len() as u64 >= u64::from(KEPT) {
            return Ok(None);
        }
        codes.sort_unstable();
        let held = fixed
            .saturating_add(b.found.positions.saturating_mul(8))
            .saturating_add((codes.len() as u64).saturating_mul(within::POSITION_BYTES));
        let Some(room) = budget.checked_sub(held) else {
            return Ok(None);
        };
        let mut tier = match gather(engine, &codes, &b.store.shared(), room) {
            Ok(tier) => tier,
            Err(within::Stop::Fault(f, c)) => return Err(SolveError::Fault(f, c)),
            Err(within::Stop::Lost) => return Ok(None),
            Err(within::Stop::Solve(e)) => return Err(e),
        };
        let entries = rounds::solve(&mut tier);
        drop(tier);
        for (&c, &e) in codes.iter().zip(&entries) {
            if let Some(v) = unpack(e) {
                counts[v.value as usize] += 1;
            }
            b.store.set(c, e)?;
        }
        progress.advance(codes.len() as u64);
    }
    progress.finish();
    Ok(Some(b.solution(engine, plan, counts, false, true)))
}
