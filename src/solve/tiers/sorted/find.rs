//! Finding the positions tier by tier: a tier's sorted keys are expanded in parallel steps, each
//! child inserted into the set of the tier it reaches; between the steps the sets grow and take
//! the children a crowded set handed back. A finished tier's list stays in memory while the lists
//! kept take at most a quarter of the budget, and is written to disk after that.

use super::super::super::progress::Progress;
use super::super::super::SolveError;
use super::super::Plan;
use super::disk::Spill;
use super::keys::{code, key};
use super::set::{Building, Insert, Shared};
use super::{building, Found, Tiers};
use crate::engine::{Child, Code, Engine, Expand, Fault, Scratch};
use rayon::prelude::*;

/// Positions one task expands.
const TASK: usize = 1 << 10;
/// Positions expanded before their children are inserted.
const GROUP: usize = 16;
/// Positions a parallel step expands, at most: the sets grow between steps.
const STEP: usize = 1 << 20;

/// Why finding stopped before the end.
enum Stop {
    /// A move that does not change the measure as planned.
    Broken,
    Fault(Fault, Code),
}

/// What one task found: new children by tier, children a crowded or missing set handed back,
/// the steps it took and the lowest and highest tier its children reach.
struct Out {
    new: Vec<(u64, u64)>,
    rest: Vec<(u64, u64)>,
    steps: u64,
    reach: (u64, u64),
}

/// Finds every position reachable from `roots`, tier by tier; `Ok(None)` when a move breaks the
/// plan.
pub(super) fn all(
    engine: &Engine,
    roots: &[Code],
    limit: u64,
    plan: Plan,
    spill: &mut Spill,
    budget: u64,
    progress: &Progress,
) -> Result<Option<Tiers>, SolveError> {
    let n = plan.max as usize + 1;
    let mut sets: Vec<Option<Building>> = (0..n).map(|_| None).collect();
    for &root in roots {
        let t = plan.tier(engine, root) as usize;
        let set = match &mut sets[t] {
            Some(s) => s,
            slot => slot.insert(building(1)?),
        };
        set.insert_rest(&[key(root)])
            .ok_or_else(|| super::refused(2048, 8))?;
    }
    let mut tiers = Tiers {
        found: (0..n).map(|_| Found::None).collect(),
        reach: vec![(u64::MAX, 0); n],
        positions: 0,
        in_all: 0,
        used: 0,
    };
    let (mut steps, mut kept, mut last) = (0u64, 0u64, 0u64);
    for (done, t) in plan.order().into_iter().enumerate() {
        let Some(set) = sets[t as usize].take() else {
            continue;
        };
        let list = set.into_sorted();
        let size = list.len() as u64;
        tiers.positions += size;
        tiers.used += 1;
        if tiers.positions > limit {
            return Err(SolveError::Limit(limit));
        }
        if u32::try_from(size).is_err() {
            return Ok(None);
        }
        progress.say(format!(
            "finding positions: tier {done} of {}, {} positions so far",
            plan.max + 1,
            tiers.positions
        ));
        tiers.in_all = tiers.in_all.saturating_add(in_all(engine, &list));
        // The next tier is expected to grow as this one did (by at most 8 times).
        let growth = match last {
            0 => 2.0,
            l => (size as f64 / l as f64).clamp(1.0, 8.0),
        };
        last = size;
        let f = Find {
            engine,
            plan,
            tier: t,
            expect: (size as f64 * growth) as u64,
        };
        // A first small step makes the sets of the tiers the children reach, so that the big
        // steps do not hand every child back for want of one.
        let (head, tail) = list.split_at(list.len().min(TASK));
        for step in std::iter::once(head).chain(tail.chunks(STEP)) {
            match f.step(step, &mut sets, &mut steps, &mut tiers.reach[t as usize])? {
                Ok(()) => {}
                Err(Stop::Broken) => return Ok(None),
                Err(Stop::Fault(f, c)) => return Err(SolveError::Fault(f, c)),
            }
        }
        tiers.found[t as usize] = if kept + size * 8 <= budget / 4 {
            kept += size * 8;
            Found::Memory(list)
        } else {
            spill.write(t, "keys", &list)?;
            Found::Disk(size)
        };
    }
    Ok(Some(tiers))
}

/// How many positions the keys stand for (more than one each with symmetries).
fn in_all(engine: &Engine, list: &[u64]) -> u64 {
    match &engine.symmetry {
        None => list.len() as u64,
        Some(s) => list
            .par_iter()
            .map(|&k| s.orbit_size(code(k)))
            .reduce(|| 0, u64::saturating_add),
    }
}

/// Finding the children of tier `tier`'s positions.
struct Find<'e, 'r> {
    engine: &'e Engine<'r>,
    plan: Plan,
    tier: u64,
    /// How many positions a tier its children reach is expected to hold.
    expect: u64,
}

impl Find<'_, '_> {
    /// One parallel step over `keys`, then the sets grown and the children handed back inserted.
    /// `Err` for a refused table; `Ok(Err)` when the plan broke or a rule failed.
    fn step(
        &self,
        keys: &[u64],
        sets: &mut [Option<Building>],
        steps: &mut u64,
        reach: &mut (u64, u64),
    ) -> Result<Result<(), Stop>, SolveError> {
        let before = *steps;
        let outs: Vec<Result<Out, Stop>> = {
            let views: Vec<Option<Shared>> = sets
                .iter_mut()
                .map(|s| s.as_mut().map(Building::shared))
                .collect();
            keys.par_chunks(TASK)
                .map_init(
                    || (Scratch::default(), Vec::new(), Vec::new()),
                    |(scratch, kids, pending), part| {
                        self.task(part, &views, before, scratch, (kids, pending))
                    },
                )
                .collect()
        };
        if outs.iter().any(|o| matches!(o, Err(Stop::Broken))) {
            return Ok(Err(Stop::Broken));
        }
        let mut rest = Vec::new();
        for out in outs {
            let out = match out {
                Ok(out) => out,
                Err(stop) => return Ok(Err(stop)),
            };
            *steps = steps.saturating_add(out.steps);
            reach.0 = reach.0.min(out.reach.0);
            reach.1 = reach.1.max(out.reach.1);
            for (u, n) in out.new {
                if let Some(set) = &mut sets[u as usize] {
                    if set.added(n) {
                        set.grow(0)
                            .ok_or_else(|| super::refused(set.len() * 4, 8))?;
                    }
                }
            }
            rest.extend(out.rest);
        }
        if *steps > self.engine.max_steps {
            // The threads together took more steps than allowed: the position where one thread
            // alone would have run out, for the same report as ever.
            if let Some((f, c)) = self.out_of_steps(keys, before) {
                return Ok(Err(Stop::Fault(f, c)));
            }
        }
        rest.sort_unstable();
        for run in rest.chunk_by(|a, b| a.0 == b.0) {
            let u = run[0].0 as usize;
            let set = match &mut sets[u] {
                Some(s) => s,
                slot => slot.insert(super::building(self.expect)?),
            };
            let keys: Vec<u64> = run.iter().map(|&(_, k)| k).collect();
            set.insert_rest(&keys)
                .ok_or_else(|| super::refused(set.len() * 4, 8))?;
        }
        Ok(Ok(()))
    }

    /// Expands the positions of `part`, inserting their children.
    fn task(
        &self,
        part: &[u64],
        views: &[Option<Shared>],
        before: u64,
        scratch: &mut Scratch,
        (kids, pending): (&mut Vec<Child>, &mut Vec<(u64, u64)>),
    ) -> Result<Out, Stop> {
        let mut out = Out {
            new: Vec::new(),
            rest: Vec::new(),
            steps: 0,
            reach: (u64::MAX, 0),
        };
        scratch.set_steps(before);
        let mut last: Option<(u64, u64)> = None;
        // A group of positions expanded before their children are inserted, so that the cache
        // misses of many insertions overlap.
        for group in part.chunks(GROUP) {
            pending.clear();
            for &k in group {
                let c = code(k);
                kids.clear();
                let r = self
                    .engine
                    .expand_classes(c, scratch, |_, _, ch| kids.push(ch))
                    .map_err(|f| Stop::Fault(f, c))?;
                if r != Expand::Moves {
                    continue;
                }
                // Each child's tier and key, its home slot loading meanwhile.
                for ch in kids.iter() {
                    let (u, ck) = (self.child_tier(ch)?, key(ch.code));
                    if let Some(v) = views.get(u as usize).and_then(Option::as_ref) {
                        v.prefetch(ck);
                    }
                    pending.push((u, ck));
                }
            }
            for &(u, ck) in pending.iter() {
                out.reach = (out.reach.0.min(u), out.reach.1.max(u));
                let inserted = match views.get(u as usize).and_then(Option::as_ref) {
                    Some(v) => v.insert(ck),
                    None => Insert::Full,
                };
                match inserted {
                    Insert::New => match &mut last {
                        Some((t, n)) if *t == u => *n += 1,
                        _ => {
                            if let Some(l) = last.take() {
                                out.new.push(l);
                            }
                            last = Some((u, 1));
                        }
                    },
                    Insert::Seen => {}
                    Insert::Full => out.rest.push((u, ck)),
                }
            }
        }
        out.new.extend(last);
        out.steps = scratch.steps() - before;
        Ok(out)
    }

    /// The tier of a child, if the move keeps to the plan.
    #[inline]
    fn child_tier(&self, ch: &Child) -> Result<u64, Stop> {
        let u = match self.plan.measure {
            // The move says how it changed the sum: no decoding of the child.
            super::super::Measure::Sum => self
                .tier
                .checked_add_signed(i64::from(ch.digits))
                .ok_or(Stop::Broken)?,
            super::super::Measure::Pieces => self.plan.tier(self.engine, ch.code),
        };
        match self.plan.onward(self.tier, u) && u <= self.plan.max {
            true => Ok(u),
            false => Err(Stop::Broken),
        }
    }

    /// The fault of the position where the step's expansions, made one after another, run out
    /// of steps (`None` if they do not).
    fn out_of_steps(&self, keys: &[u64], before: u64) -> Option<(Fault, Code)> {
        let mut scratch = Scratch::default();
        scratch.set_steps(before);
        for &k in keys {
            let c = code(k);
            if let Err(f) = self.engine.expand_classes(c, &mut scratch, |_, _, _| {}) {
                return Some((f, c));
            }
        }
        None
    }
}
