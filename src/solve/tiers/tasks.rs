//! The parallel steps of a tier-order solve: a tier's positions cut into tasks (slices of its
//! list, or ranges of the table to scan for its mark), and what one task does to find the
//! positions the next tiers hold (valuing them is `value.rs`).

use super::super::shared::{Mark, Shared};
use super::super::store::{busy, tier_of, Store, UNSEEN};
use super::sums::Sums;
use super::{Found, Measure, Plan};
use crate::engine::{memory, Child, Code, Engine, Expand, Fault, Scratch};
use crate::jit::Buffers;
use rayon::prelude::*;

/// Positions of a list given to one task: enough that handing them out costs little.
pub(super) const LIST_TASK: usize = 1 << 10;
/// Codes of the table one task scans.
const SCAN_TASK: u64 = 1 << 16;

/// A share of one tier's positions.
pub(super) enum Task<'a> {
    Codes(&'a [Code]),
    /// The codes from `.0` to `.1` (not included) whose entry is the tier's mark.
    Range(u64, u64),
    /// The codes listed from a base with the digits' sum left (`Sums`) whose entry is the tier's
    /// mark.
    Sum(&'a Sums, Code, u64),
}

impl<'a> Task<'a> {
    /// Tier `t`'s positions, cut into tasks: its list, else the codes of its digits' sum (tiers
    /// by the sum), else the whole table.
    pub(super) fn all(
        found: &'a Found,
        t: u64,
        space: u64,
        sums: Option<&'a Sums>,
    ) -> Vec<Task<'a>> {
        match (&found.lists, sums) {
            (Some(lists), _) => lists[t as usize]
                .chunks(LIST_TASK)
                .map(Task::Codes)
                .collect(),
            (None, Some(s)) => s
                .tasks(t)
                .into_iter()
                .map(|(base, rem)| Task::Sum(s, base, rem))
                .collect(),
            (None, None) => (0..space.div_ceil(SCAN_TASK))
                .map(|k| Task::Range(k * SCAN_TASK, ((k + 1) * SCAN_TASK).min(space)))
                .collect(),
        }
    }

    /// Calls `f` on each of the task's positions of tier `t`, in order, until it fails.
    pub(super) fn each<E>(
        &self,
        shared: &Shared,
        t: u64,
        mut f: impl FnMut(Code) -> Result<(), E>,
    ) -> Result<(), E> {
        match self {
            Task::Codes(codes) => codes.iter().try_for_each(|&c| f(c)),
            Task::Range(from, to) => {
                let mark = busy(t);
                (*from..*to)
                    .filter(|&c| shared.get(c) == mark)
                    .try_for_each(f)
            }
            Task::Sum(sums, base, rem) => {
                let mark = busy(t);
                sums.each(*base, *rem, &mut |c| match shared.get(c) == mark {
                    true => f(c),
                    false => Ok(()),
                })
            }
        }
    }
}

/// Why finding positions stopped.
pub(super) enum Stop {
    /// A move that does not change the measure as planned (or a position with more moves than
    /// one thread may hold): the depth-first solver takes the game.
    Broken,
    Fault(Fault, Code),
}

/// Finding the positions tier `tier`'s moves reach.
pub(super) struct Find<'e, 'r> {
    pub engine: &'e Engine<'r>,
    pub plan: Plan,
    pub tier: u64,
    /// Steps taken before this tier.
    pub steps: u64,
}

/// What one task found: positions it marked (with their tiers), positions a hash map table must
/// mark after the parallel step, the steps it took and how many positions its new ones stand for.
#[derive(Default)]
pub(super) struct FindOut {
    pub new: Vec<(Code, u64)>,
    pub later: Vec<(Code, u64)>,
    pub steps: u64,
    pub in_all: u64,
}

impl Find<'_, '_> {
    /// Runs every task on the thread pool; a broken measure anywhere outranks a fault (the
    /// depth-first solver then decides what to report), else the first task's fault is given.
    pub(super) fn run(&self, tasks: &[Task], shared: &Shared) -> Result<Vec<FindOut>, Stop> {
        let max_kids = memory::byte_budget()
            / 4
            / std::mem::size_of::<Child>() as u64
            / rayon::current_num_threads() as u64;
        let outs: Vec<Result<FindOut, Stop>> = tasks
            .par_iter()
            .map_init(
                || (Scratch::default(), Vec::new(), Buffers::default()),
                |(scratch, kids, buf), task| {
                    let mut out = FindOut::default();
                    scratch.set_steps(self.steps);
                    task.each(shared, self.tier, |code| {
                        if self.fused(code, shared, scratch, buf, &mut out)? {
                            return Ok(());
                        }
                        self.one(code, shared, scratch, kids, max_kids as usize, &mut out)
                    })?;
                    out.steps = scratch.steps() - self.steps;
                    Ok(out)
                },
            )
            .collect();
        if outs.iter().any(|o| matches!(o, Err(Stop::Broken))) {
            return Err(Stop::Broken);
        }
        outs.into_iter().collect()
    }

    fn one(
        &self,
        code: Code,
        shared: &Shared,
        scratch: &mut Scratch,
        kids: &mut Vec<Child>,
        max_kids: usize,
        out: &mut FindOut,
    ) -> Result<(), Stop> {
        kids.clear();
        let mut full = false;
        let r = self
            .engine
            .expand_classes(code, scratch, |_, _, c| {
                if kids.len() < max_kids {
                    kids.push(c);
                } else {
                    full = true;
                }
            })
            .map_err(|f| Stop::Fault(f, code))?;
        if full {
            return Err(Stop::Broken);
        }
        if r != Expand::Moves {
            return Ok(());
        }
        for k in kids.iter() {
            let e = shared.get(k.code);
            let m = match self.plan.measure {
                // The move says how it changed the sum: no decoding of the child.
                Measure::Sum => match self.tier.checked_add_signed(i64::from(k.digits)) {
                    Some(m) => m,
                    None => return Err(Stop::Broken),
                },
                Measure::Pieces if e == UNSEEN => self.plan.tier(self.engine, k.code),
                Measure::Pieces => tier_of(e),
            };
            if !self.plan.onward(self.tier, m) {
                return Err(Stop::Broken);
            }
            if e == UNSEEN {
                match shared.mark(k.code, busy(m)) {
                    Mark::New => {
                        out.new.push((k.code, m));
                        let orbit = self.engine.symmetry.as_ref();
                        out.in_all = out
                            .in_all
                            .saturating_add(orbit.map_or(1, |s| s.orbit_size(k.code)));
                    }
                    Mark::Seen => {}
                    Mark::Later => out.later.push((k.code, m)),
                }
            }
        }
        Ok(())
    }

    /// The fault of the position where the tier's expansions, made one after another, run out of
    /// steps (`None` if they do not).
    pub(super) fn out_of_steps(&self, tasks: &[Task], store: &mut Store) -> Option<(Fault, Code)> {
        let shared = store.shared();
        let mut scratch = Scratch::default();
        scratch.set_steps(self.steps);
        let mut kids = Vec::new();
        for task in tasks {
            let r = task.each(&shared, self.tier, |code| {
                kids.clear();
                self.engine
                    .expand_classes(code, &mut scratch, |_, _, c| kids.push(c))
                    .map(|_| ())
                    .map_err(|f| (f, code))
            });
            if let Err(e) = r {
                return Some(e);
            }
        }
        None
    }
}
