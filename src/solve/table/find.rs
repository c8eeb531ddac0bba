//! The two passes over the rules: finding every position breadth-first (counting the bytes of the
//! moves into each), then running each position's moves again to write them into the lists.

use super::lists::{Lens, Lists};
use super::steps::Steps;
use super::{each_reached, Table, BYTES_PER_CODE};
use crate::engine::{memory, Child, Code, Expand, Scratch};
use crate::solve::store::{pack, tag, BUSY};
use crate::solve::{rel_value, SolveError};
use std::collections::VecDeque;

/// Every position reachable from `roots`, in the order the compact graph finds them (so the first
/// fault or the position past the limit is the same): ends valued, the others opened with their
/// number of moves. Returns the bytes of the moves into each position.
pub(super) fn find(
    t: &mut Table,
    roots: &[Code],
    limit: u64,
    steps: &mut Steps,
) -> Result<Lens, SolveError> {
    let budget = memory::byte_budget();
    let fixed = t.engine.space.saturating_mul(BYTES_PER_CODE);
    let mut lens = Lens::new(t.engine.space)?;
    let mut queue: VecDeque<Code> = roots.iter().copied().filter(|&r| t.reach(r)).collect();
    let (mut scratch, mut kids) = (Scratch::default(), Vec::<Child>::new());
    let (mut done, mut bytes) = (0u64, 0u64);
    while let Some(code) = queue.pop_front() {
        kids.clear();
        let e = t
            .engine
            .expand_classes(code, &mut scratch, |_, _, c| kids.push(c))
            .map_err(|f| SolveError::Fault(f, code))?;
        if let Expand::End { rel, .. } = e {
            t.set(code, pack(rel_value(rel), 0, 0));
        } else {
            t.open(code, kids.len() as u64);
            for c in &kids {
                let n = steps.len(code, c.code, c.kept);
                lens.add(c.code, n);
                bytes += n;
                if t.reach(c.code) {
                    if t.positions > limit {
                        return Err(SolveError::Limit(limit));
                    }
                    queue.push_back(c.code);
                }
            }
        }
        done += 1;
        if done % 4096 == 0 {
            let held = fixed + bytes + queue.capacity() as u64 * 8 + lens.extra_bytes();
            if held > budget {
                return Err(SolveError::Memory(t.positions));
            }
        }
    }
    Ok(lens)
}

/// Writes each move into the list of the position it leads to. The rules are run as in `find`
/// (each position's steps counted afresh: they were counted once there).
pub(super) fn fill(t: &Table, lists: &mut Lists, steps: &mut Steps) -> Result<(), SolveError> {
    let mut filled = Lens::new(t.engine.space)?;
    let (mut scratch, mut kids) = (Scratch::default(), Vec::<Child>::new());
    let mut fault = None;
    each_reached(&t.reached, |code| {
        if fault.is_some() || tag(t.store.get(code)) != BUSY {
            return;
        }
        kids.clear();
        scratch.set_steps(0);
        match t
            .engine
            .expand_classes(code, &mut scratch, |_, _, c| kids.push(c))
        {
            Ok(_) => {
                for c in &kids {
                    lists.write(steps, &mut filled, code, c.code, c.kept);
                }
            }
            Err(f) => fault = Some(SolveError::Fault(f, code)),
        }
    });
    fault.map_or(Ok(()), Err)
}
