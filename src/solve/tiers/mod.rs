//! Solving in tier order, on every thread. When each move changes a measure of the position in
//! one direction (the pieces on the board: slots not at their lowest value; or the sum of the
//! state), positions with one value of the measure (a tier) cannot reach one another. Positions
//! are found tier by tier from the start, each tier's spread over the threads, then valued tier by
//! tier from the last, when every child's value is known. No stack, no cycle check: the first move
//! that does not change the measure as the first move did hands the game back to the depth-first
//! solver (which finds a cycle, if that is what it was).

mod fused;
mod loopy;
mod rounds;
mod sorted;
mod sums;
mod tasks;
mod value;
mod within;

use super::densify::Densify;
use super::progress::Progress;
use super::store::{busy, Store, DENSE_BYTES_PER_CODE, MAX_TIER, UNSEEN};
use super::{Order, Solution, SolveError};
use crate::engine::{memory, Code, Engine, Expand, Scratch};
use sums::Sums;
use tasks::{Find, Stop, Task};
use value::Value;

pub(super) use loopy::solve as solve_loopy;
pub(super) use sorted::Answers;

/// What a solve in tier order counts a position's tier by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// Slots not at their lowest value: the discs or stones on a board.
    Pieces,
    /// How far every slot is above its lowest value, added up: tokens left, a running total.
    Sum,
}

impl Measure {
    /// How `solve` names it.
    pub fn describe(self) -> &'static str {
        match self {
            Measure::Pieces => "the pieces on the board",
            Measure::Sum => "the sum of the state",
        }
    }
}

/// The measure and which way every move changes it.
#[derive(Clone, Copy)]
pub(super) struct Plan {
    pub(super) measure: Measure,
    up: bool,
    /// Its largest value.
    max: u64,
    /// Whether a move may also keep the measure (play can then loop within a tier).
    loopy: bool,
}

impl Plan {
    #[inline]
    fn tier(&self, engine: &Engine, code: Code) -> u64 {
        let (pieces, sum) = engine.measures(code);
        match self.measure {
            Measure::Pieces => pieces,
            Measure::Sum => sum,
        }
    }
    /// Whether a move from tier `from` to tier `to` keeps to the plan.
    #[inline]
    fn onward(&self, from: u64, to: u64) -> bool {
        if self.loopy && to == from {
            return true;
        }
        if self.up {
            to > from
        } else {
            to < from
        }
    }
    /// The tiers in the order positions are found (the reverse is the order they are valued in).
    fn order(&self) -> Vec<u64> {
        let all = 0..=self.max;
        if self.up {
            all.collect()
        } else {
            all.rev().collect()
        }
    }
}

/// The measures the first move from a root changes, whose values can mark positions
/// (`MAX_TIER`): the sum first (it also orders games where a move need not add a piece), then the
/// pieces. None sends the game to the depth-first solver, which also reports a rule's fault at a
/// root the same way as always.
fn plans(engine: &Engine, roots: &[Code], loopy: bool) -> Vec<Plan> {
    let (max_pieces, max_sum) = engine.max_measures();
    let mut scratch = Scratch::probe();
    for &root in roots {
        let mut first = None;
        let r = engine.expand_classes(root, &mut scratch, |_, _, c| {
            first.get_or_insert(c.code);
        });
        match (r, first) {
            (Ok(Expand::Moves), Some(child)) => {
                let (p0, s0) = engine.measures(root);
                let (p1, s1) = engine.measures(child);
                let mut plans = Vec::new();
                // The sum's tiers are worked out from each move's change to it, which a colour
                // swap's image does not keep (fuzz seed 27, input 252010: a tier past the last).
                let sum_kept = engine.symmetry.as_ref().is_none_or(|s| !s.swaps_values());
                if s0 != s1 && max_sum <= MAX_TIER && sum_kept {
                    plans.push(Plan {
                        measure: Measure::Sum,
                        up: s1 > s0,
                        max: max_sum,
                        loopy,
                    });
                }
                if p0 != p1 && max_pieces <= MAX_TIER {
                    plans.push(Plan {
                        measure: Measure::Pieces,
                        up: p1 > p0,
                        max: max_pieces,
                        loopy,
                    });
                }
                return plans;
            }
            (Ok(_), _) => continue,
            (Err(_), _) => return Vec::new(),
        }
    }
    Vec::new()
}

/// Solves in tier order with `engine.threads` threads; `Ok(None)` when the game has no measure
/// every move changes one way (or no thread pool could be made), for the depth-first solver.
pub(super) fn solve(
    engine: &Engine,
    roots: &[Code],
    limit: u64,
    impartial: bool,
) -> Result<Option<Solution>, SolveError> {
    // Past a dense table, a sorted table a tier (written to disk when memory is short) holds
    // fewer bytes a position than one hash table over every tier.
    let dense = !engine.hashed
        && engine.space.saturating_mul(DENSE_BYTES_PER_CODE) <= memory::byte_budget();
    each_plan(engine, roots, false, |plan| match dense {
        true => run(engine, roots, limit, impartial, plan),
        false => sorted::solve(engine, roots, limit, impartial, plan),
    })
}

/// Solves with a sorted table a tier (written to disk as memory requires), whatever the table
/// over the position numbers would be; `Ok(None)` when no measure orders the game.
pub(super) fn solve_in_tables(
    engine: &Engine,
    roots: &[Code],
    limit: u64,
    impartial: bool,
) -> Result<Option<Solution>, SolveError> {
    each_plan(engine, roots, false, |plan| {
        sorted::solve(engine, roots, limit, impartial, plan)
    })
}

/// Tries `solve` with each measure that may order the game (`loopy`: moves may also keep it) on
/// a pool of `engine.threads` threads, until one solves it; `Ok(None)` when none does (or no
/// pool could be made).
fn each_plan(
    engine: &Engine,
    roots: &[Code],
    loopy: bool,
    solve: impl Fn(Plan) -> Result<Option<Solution>, SolveError> + Sync,
) -> Result<Option<Solution>, SolveError> {
    let Ok(pool) = rayon::ThreadPoolBuilder::new()
        .num_threads(engine.threads)
        .build()
    else {
        return Ok(None);
    };
    for plan in plans(engine, roots, loopy) {
        if let Some(s) = pool.install(|| solve(plan))? {
            return Ok(Some(s));
        }
    }
    Ok(None)
}

/// The positions found so far.
struct Found {
    /// Each tier's positions, while keeping them costs no more than a dense table; `None` once it
    /// would (a tier's positions are then found by scanning the table for the tier's mark).
    lists: Option<Vec<Vec<Code>>>,
    /// How many positions each tier has.
    sizes: Vec<u64>,
    positions: u64,
    in_all: u64,
}

fn run(
    engine: &Engine,
    roots: &[Code],
    limit: u64,
    impartial: bool,
    plan: Plan,
) -> Result<Option<Solution>, SolveError> {
    let mut b = begin(engine, roots, limit, plan)?;
    // Tiers of the digits' sum list their codes directly once the lists are dropped.
    let sums = (plan.measure == Measure::Sum).then(|| Sums::new(engine));
    let progress = Progress::new();
    let table_bytes = engine.space.saturating_mul(DENSE_BYTES_PER_CODE);
    let mut steps = 0u64;
    for (done, t) in plan.order().into_iter().enumerate() {
        if b.found.sizes[t as usize] == 0 {
            continue;
        }
        progress.say(format!(
            "finding positions: {done} of {} tiers, {} positions so far",
            plan.max + 1,
            b.found.positions
        ));
        if let Some(lists) = &mut b.found.lists {
            lists[t as usize].sort_unstable();
        }
        let find = Find {
            engine,
            plan,
            tier: t,
            steps,
        };
        let outs = {
            let shared = b.store.shared();
            let tasks = Task::all(&b.found, t, engine.space, sums.as_ref());
            match find.run(&tasks, &shared) {
                Ok(outs) => outs,
                Err(Stop::Broken) => return Ok(None),
                Err(Stop::Fault(f, c)) => return Err(SolveError::Fault(f, c)),
            }
        };
        b.take(engine, outs, &mut steps)?;
        if steps > engine.max_steps {
            // The threads together took more steps than allowed: find the position where one
            // thread alone would have run out, for the same report as ever.
            let tasks = Task::all(&b.found, t, engine.space, sums.as_ref());
            if let Some((f, c)) = find.out_of_steps(&tasks, &mut b.store) {
                return Err(SolveError::Fault(f, c));
            }
        }
        let array = !matches!(b.store, Store::Sparse(_));
        if array && b.found.positions.saturating_mul(8) > table_bytes / 5 {
            b.found.lists = None;
        }
    }
    progress.bar(b.found.positions, "solving", "positions");
    let mut counts = [0u64; 4];
    let mut grundy = impartial;
    for t in plan.order().into_iter().rev() {
        if b.found.sizes[t as usize] == 0 {
            continue;
        }
        let value = Value {
            engine,
            tier: t,
            impartial,
        };
        let outs = {
            let shared = b.store.shared();
            let tasks = Task::all(&b.found, t, engine.space, sums.as_ref());
            value
                .run(&tasks, &shared)
                .map_err(|(f, c)| SolveError::Fault(f, c))?
        };
        for out in outs {
            for (k, n) in out.counts.iter().enumerate() {
                counts[k] += n;
            }
            grundy &= out.grundy;
            for (c, e) in out.later {
                b.store.set(c, e)?;
            }
        }
        if let Some(lists) = &mut b.found.lists {
            lists[t as usize] = Vec::new();
        }
        progress.advance(b.found.sizes[t as usize]);
    }
    progress.finish();
    Ok(Some(b.solution(engine, plan, counts, grundy, false)))
}

/// A solve in tier order begun: the table with the roots marked, the positions found, and the
/// limit on positions (from the memory when the table is a hash map for good, which costs its
/// own bytes and a list entry a position) and whether the memory set it.
struct Begun {
    store: Store,
    /// Moves a hash table into an array once the positions found make it worth it.
    densify: Option<Densify>,
    found: Found,
    limit: u64,
    memory_bound: bool,
}

fn begin(engine: &Engine, roots: &[Code], limit: u64, plan: Plan) -> Result<Begun, SolveError> {
    let (store, densify) = Densify::begin(engine.space, engine.hashed)?;
    let (limit, memory_bound) = match Densify::hashed(&store, &densify) {
        true => memory::position_budget(limit, memory::SPARSE_BYTES_PER_POSITION + 8),
        false => (limit, false),
    };
    let tiers = plan.max as usize + 1;
    let found = Found {
        lists: Some(vec![Vec::new(); tiers]),
        sizes: vec![0; tiers],
        positions: 0,
        in_all: 0,
    };
    let mut b = Begun {
        store,
        densify,
        found,
        limit,
        memory_bound,
    };
    for &root in roots {
        if b.store.get(root) == UNSEEN {
            let t = plan.tier(engine, root);
            b.store.set(root, busy(t))?;
            b.found.add(t, root, orbit(engine, root))?;
            b.over()?;
            Densify::note(&mut b.densify, root);
        }
    }
    Densify::settle(&mut b.densify, &mut b.store)?;
    Ok(b)
}

/// How many positions the class of `c` stands for.
fn orbit(engine: &Engine, c: Code) -> u64 {
    engine.symmetry.as_ref().map_or(1, |s| s.orbit_size(c))
}

impl Begun {
    /// `Err` once more positions are found than the limit allows.
    fn over(&self) -> Result<(), SolveError> {
        match (self.found.positions > self.limit, self.memory_bound) {
            (false, _) => Ok(()),
            (true, true) => Err(SolveError::Memory(self.limit)),
            (true, false) => Err(SolveError::Limit(self.limit)),
        }
    }

    /// The solution, every position valued (`loopy`: tiers solved by retrograde analysis).
    fn solution(
        self,
        engine: &Engine,
        plan: Plan,
        counts: [u64; 4],
        grundy: bool,
        loopy: bool,
    ) -> Solution {
        let tiers = self.found.sizes.iter().filter(|&&n| n > 0).count() as u64;
        Solution {
            store: self.store.into(),
            positions: self.found.positions,
            counts,
            loopy,
            grundy,
            in_all: self.found.in_all,
            in_all_reachable: true,
            symmetry: None,
            order: Order::Tiers {
                measure: plan.measure,
                up: plan.up,
                tiers,
                threads: engine.threads,
                loopy,
            },
            margins: None,
        }
    }

    /// Takes in what the tasks of a step of finding found (`steps` adds up the steps taken).
    fn take(
        &mut self,
        engine: &Engine,
        outs: Vec<tasks::FindOut>,
        steps: &mut u64,
    ) -> Result<(), SolveError> {
        for out in outs {
            *steps = steps.saturating_add(out.steps);
            self.found.in_all = self.found.in_all.saturating_add(out.in_all);
            for (c, m) in out.new {
                self.found.add(m, c, 0)?;
            }
            for (c, m) in out.later {
                if self.store.get(c) == UNSEEN {
                    self.store.set(c, busy(m))?;
                    self.found.add(m, c, orbit(engine, c))?;
                    Densify::note(&mut self.densify, c);
                }
            }
            self.over()?;
        }
        // Between steps no thread holds the table: it may move into an array.
        Densify::settle(&mut self.densify, &mut self.store)
    }
}

impl Found {
    /// One more position, `code` in tier `t`, standing for `orbit` positions; `Err` if the
    /// memory for its tier's list to grow is refused.
    fn add(&mut self, t: u64, code: Code, orbit: u64) -> Result<(), SolveError> {
        if let Some(lists) = &mut self.lists {
            let list = &mut lists[t as usize];
            if list.try_reserve(1).is_err() {
                let bytes = list.capacity().max(4).saturating_mul(2 * 8);
                return Err(SolveError::Refused(bytes as u64));
            }
            list.push(code);
        }
        self.sizes[t as usize] += 1;
        self.positions += 1;
        self.in_all = self.in_all.saturating_add(orbit);
        Ok(())
    }
}
