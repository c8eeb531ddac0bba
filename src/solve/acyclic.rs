//! Depth-first solving without an explicit graph: children are generated from the rules on
//! demand, and a position is valued once all its children are. Each child's entry is read once
//! and folded into its parent's running aggregate. Finding a cycle hands over to the loopy solver.

use super::agg::{mex, Agg};
use super::packed::Spot;
use super::progress::Progress;
use super::store::{pack, tag, unpack, valued, Store, BUSY, DENSE_BYTES_PER_CODE, UNSEEN};
use super::{rel_value, Solution, SolveError};
use crate::engine::{memory, Child, Code, Engine, Expand, Rel, Scratch};

/// Upper estimate of the bytes one level of the stack costs, without its children.
const FRAME_BYTES: u64 = 64;
/// The bytes one pending child costs (its code and whether its move keeps the turn).
const CHILD_BYTES: u64 = std::mem::size_of::<Child>() as u64;

struct Frame {
    code: Code,
    /// Where the position's mark was written, to write its value there.
    spot: Spot,
    start: usize,
    next: usize,
    agg: Agg,
}

struct Dfs<'a, 'r> {
    engine: &'a Engine<'r>,
    store: Store,
    s: Solution,
    frames: Vec<Frame>,
    kids: Vec<Child>,
    scratch: Scratch,
    limit: u64,
    /// Whether `limit` comes from the available memory rather than `--max-positions`.
    memory_bound: bool,
    /// The bytes the stack may take (frames and the children they have yet to explore: a long
    /// line of play through positions with many moves holds many children) beside the table.
    stack_bytes: u64,
    impartial: bool,
}

/// `Ok(None)` when the game turns out to be loopy.
pub fn solve(
    engine: &Engine,
    roots: &[Code],
    limit: u64,
    impartial: bool,
) -> Result<Option<Solution>, SolveError> {
    let store = Store::for_space(engine.space, engine.hashed);
    let (limit, memory_bound) = match store {
        // A dense table is allocated up front, and bounded by its size.
        Store::Sparse(_) => memory::position_budget(limit, memory::SPARSE_BYTES_PER_POSITION),
        _ => (limit, false),
    };
    let table_bytes = match store {
        Store::Sparse(_) => limit.saturating_mul(memory::SPARSE_BYTES_PER_POSITION),
        _ => engine.space.saturating_mul(DENSE_BYTES_PER_CODE),
    };
    let mut d = Dfs {
        engine,
        store,
        s: Solution {
            store: Store::Dense(Vec::new()),
            positions: 0,
            counts: [0; 4],
            loopy: false,
            grundy: impartial,
            in_all: 0,
            in_all_reachable: true,
            symmetry: None,
            order: super::Order::DepthFirst,
        },
        frames: Vec::new(),
        kids: Vec::new(),
        scratch: Scratch::default(),
        limit,
        memory_bound,
        // What the table leaves, and at least a quarter of the budget when the table may fill it.
        stack_bytes: {
            let budget = memory::byte_budget();
            budget.saturating_sub(table_bytes).max(budget / 4)
        },
        impartial,
    };
    let progress = Progress::new();
    for &root in roots {
        if d.store.get(root) == UNSEEN {
            d.open(root)?;
            if !d.run(&progress)? {
                return Ok(None);
            }
        }
    }
    progress.finish();
    d.s.store = d.store;
    Ok(Some(d.s))
}

impl Dfs<'_, '_> {
    /// Works the stack down to empty; `false` if a cycle was found.
    fn run(&mut self, progress: &Progress) -> Result<bool, SolveError> {
        while let Some(top) = self.frames.last_mut() {
            if top.next < self.kids.len() {
                let child = self.kids[top.next];
                top.next += 1;
                let e = self.store.get(child.code);
                if e == UNSEEN {
                    if let Some(done) = self.open(child.code)? {
                        self.fold_into_top(done, child.kept);
                    }
                    progress.tick(self.s.positions);
                } else if tag(e) == BUSY {
                    return Ok(false);
                } else if valued(e) {
                    top.agg.fold(e, child.kept);
                }
                continue;
            }
            let Some(f) = self.frames.pop() else { break };
            let grundy = self
                .impartial
                .then(|| mex(&f.agg, &self.kids[f.start..], |c| self.store.get(c)));
            let entry = f.agg.entry(grundy);
            if let Some(e) = unpack(entry) {
                self.s.counts[e.value as usize] += 1;
            }
            self.store.rewrite(f.spot, f.code, entry)?;
            self.kids.truncate(f.start);
            if let Some(parent) = self.frames.last() {
                let kept = self.kids[parent.next - 1].kept;
                self.fold_into_top(entry, kept);
            }
        }
        Ok(true)
    }

    fn over_limit(&self) -> SolveError {
        if self.memory_bound {
            SolveError::Memory(self.limit)
        } else {
            SolveError::Limit(self.limit)
        }
    }

    /// A position with many moves near the limit: if its children not yet seen are more than
    /// the limit leaves room for, the game has too many positions; say so now rather than hold
    /// every child of every position on the way there.
    fn check_fresh(&self, code: Code, start: usize) -> Result<(), SolveError> {
        let n = (self.kids.len() - start) as u64;
        if n < 1024 || self.s.positions + n <= self.limit {
            return Ok(());
        }
        let mut fresh: Vec<Code> = self.kids[start..]
            .iter()
            .map(|c| c.code)
            .filter(|&c| c != code && self.store.get(c) == UNSEEN)
            .collect();
        fresh.sort_unstable();
        fresh.dedup();
        if self.s.positions + fresh.len() as u64 > self.limit {
            return Err(self.over_limit());
        }
        Ok(())
    }

    fn fold_into_top(&mut self, e: u64, kept: bool) {
        if let Some(top) = self.frames.last_mut() {
            top.agg.fold(e, kept);
        }
    }

    /// Expands a newly seen position: an end is valued at once (and returned); otherwise it
    /// becomes a frame.
    fn open(&mut self, code: Code) -> Result<Option<u64>, SolveError> {
        self.s.positions += 1;
        if self.s.positions > self.limit {
            return Err(self.over_limit());
        }
        self.s.in_all += self
            .engine
            .symmetry
            .as_ref()
            .map_or(1, |s| s.orbit_size(code));
        let start = self.kids.len();
        let kids = &mut self.kids;
        let frames = (self.frames.capacity().max(self.frames.len() + 1) as u64) * FRAME_BYTES;
        let max_kids = (self.stack_bytes.saturating_sub(frames) / CHILD_BYTES) as usize;
        let mut over = false;
        let r = self
            .engine
            .expand_classes(code, &mut self.scratch, |_, _, c| {
                push_capped(kids, c, max_kids, &mut over)
            })
            .map_err(|f| SolveError::Fault(f, code))?;
        match r {
            Expand::End { rel, .. } => {
                self.kids.truncate(start);
                if self.impartial && rel != Rel::Lose {
                    self.s.grundy = false;
                }
                let v = rel_value(rel);
                self.s.counts[v as usize] += 1;
                let entry = pack(v, 0, 0);
                self.store.set(code, entry)?;
                Ok(Some(entry))
            }
            Expand::Moves => {
                let bytes = frames + self.kids.capacity() as u64 * CHILD_BYTES;
                if over || bytes > self.stack_bytes {
                    return Err(SolveError::Pending(
                        self.frames.len() as u64 + 1,
                        self.kids.len() as u64,
                    ));
                }
                self.check_fresh(code, start)?;
                for c in &self.kids[start..] {
                    self.store.prefetch(c.code);
                }
                let spot = self.store.put(code, BUSY << 61)?;
                self.frames.push(Frame {
                    code,
                    spot,
                    start,
                    next: start,
                    agg: Agg::default(),
                });
                Ok(None)
            }
        }
    }
}

/// Pushes a child, growing the list no further than `max` children (the memory budget); sets
/// `over` instead when the list is full.
#[inline(always)]
fn push_capped(kids: &mut Vec<Child>, c: Child, max: usize, over: &mut bool) {
    if kids.len() == kids.capacity() && !grow(kids, max) {
        *over = true;
        return;
    }
    kids.push(c);
}

/// Makes room for more children within `max`; `false` when there is none.
#[cold]
#[inline(never)]
fn grow(kids: &mut Vec<Child>, max: usize) -> bool {
    let room = max.saturating_sub(kids.len());
    if room == 0 {
        return false;
    }
    kids.reserve_exact(kids.capacity().max(64).min(room));
    true
}
