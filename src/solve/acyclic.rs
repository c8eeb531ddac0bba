//! Depth-first solving without an explicit graph: children are generated from the rules on
//! demand, and a position is valued once all its children are. Each child's entry is read once
//! and folded into its parent's running aggregate. Finding a cycle hands over to the loopy solver.
//!
//! Each position on the line of play holds a window of its children, not all of them: a heap of
//! 30,000 in Nim has 30,000 moves, and a line 30,000 deep holding every child of every position
//! on it took 7 GiB. When a window is used up the position is expanded again: the children
//! valued since are folded in at once, and the next ones not yet valued fill the window.

use super::agg::{mex, mex_of, Agg};
use super::densify::Densify;
use super::packed::Spot;
use super::progress::Progress;
use super::store::{pack, tag, unpack, valued, Store, BUSY, DENSE_BYTES_PER_CODE, UNSEEN};
use super::{rel_value, Solution, SolveError};
use crate::engine::{memory, Child, Code, Engine, Expand, Rel, Scratch};

/// Upper estimate of the bytes one level of the stack costs, without its children.
const FRAME_BYTES: u64 = 64;
/// The bytes one pending child costs (its code and whether its move keeps the turn).
const CHILD_BYTES: u64 = std::mem::size_of::<Child>() as u64;

/// The children a position holds at first: more than most games have moves, so most positions
/// are expanded once.
const WINDOW: usize = 64;
/// The children all positions on the line may hold beyond `WINDOW` each: a position whose
/// window ran out doubles it while the line holds fewer than this, so a position with many
/// moves not yet valued is expanded a few times, not once per `WINDOW` of them.
const SHARED: usize = 1 << 20;

struct Frame {
    code: Code,
    /// Where the position's mark was written, to write its value there.
    spot: Spot,
    start: usize,
    next: usize,
    agg: Agg,
    /// The index, in the order the rules give them, of the first child the window did not
    /// take (`None`: it took the last), and the window's size.
    rest: Option<usize>,
    window: usize,
    /// Whether the window ever left children out (the Grundy value then expands once more).
    windowed: bool,
}

struct Dfs<'a, 'r> {
    engine: &'a Engine<'r>,
    store: Store,
    /// Moves a hash table into an array once the positions found make it worth it.
    densify: Option<Densify>,
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
    let (store, densify) = Densify::begin(engine.space, engine.hashed)?;
    // An array is allocated up front, and bounded by its size; so is a hash table that moves
    // into one before it outgrows it.
    let hashed = Densify::hashed(&store, &densify);
    let (limit, memory_bound) = match hashed {
        true => memory::position_budget(limit, memory::SPARSE_BYTES_PER_POSITION),
        false => (limit, false),
    };
    let table_bytes = match hashed {
        true => limit.saturating_mul(memory::SPARSE_BYTES_PER_POSITION),
        false => engine.space.saturating_mul(DENSE_BYTES_PER_CODE),
    };
    let mut d = Dfs {
        engine,
        store,
        densify,
        s: Solution {
            store: Store::Dense(Vec::new()).into(),
            positions: 0,
            counts: [0; 4],
            loopy: false,
            grundy: impartial,
            in_all: 0,
            in_all_reachable: true,
            symmetry: None,
            order: super::Order::DepthFirst,
            margins: None,
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
            d.open(root, Spot::NOWHERE)?;
            if !d.run(&progress)? {
                return Ok(None);
            }
        }
    }
    progress.finish();
    d.s.store = d.store.into();
    Ok(Some(d.s))
}

impl Dfs<'_, '_> {
    /// Works the stack down to empty; `false` if a cycle was found.
    fn run(&mut self, progress: &Progress) -> Result<bool, SolveError> {
        while let Some(top) = self.frames.last_mut() {
            if top.next < self.kids.len() {
                let child = self.kids[top.next];
                top.next += 1;
                let (e, near) = self.store.probe(child.code);
                if e == UNSEEN {
                    if let Some(done) = self.open(child.code, near)? {
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
            if top.rest.is_some() {
                self.refill()?;
                continue;
            }
            let Some(f) = self.frames.pop() else { break };
            let grundy = match self.impartial {
                true => Some(self.grundy(&f)?),
                false => None,
            };
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
    /// the limit leaves room for, the game has too many positions; say so now rather than open
    /// them one by one, each expanded in full (a start with a million new children and
    /// `--max-positions 100`). Their codes are gathered for this one position only.
    fn check_fresh(&mut self, code: Code, n: usize) -> Result<(), SolveError> {
        if n < 1024 || self.s.positions + n as u64 <= self.limit {
            return Ok(());
        }
        let (store, mut fresh) = (&self.store, Vec::new());
        let steps = self.scratch.steps();
        self.scratch.set_steps(0);
        self.engine
            .expand_classes(code, &mut self.scratch, |_, _, c| {
                if c.code != code && store.get(c.code) == UNSEEN {
                    fresh.push(c.code);
                }
            })
            .map_err(|f| SolveError::Fault(f, code))?;
        self.scratch.set_steps(steps);
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
    /// becomes a frame. `near`: where the table's search for `code` stopped (`Store::probe`).
    fn open(&mut self, code: Code, near: Spot) -> Result<Option<u64>, SolveError> {
        self.s.positions += 1;
        if self.s.positions > self.limit {
            return Err(self.over_limit());
        }
        if Densify::note(&mut self.densify, code) {
            Densify::settle(&mut self.densify, &mut self.store)?;
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
        let mut n = 0;
        let r = self
            .engine
            .expand_children(code, &mut self.scratch, |c| {
                if n < WINDOW {
                    push_capped(kids, c, max_kids, &mut over);
                }
                n += 1;
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
                self.store.put_at(near, code, entry)?;
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
                if n > WINDOW {
                    self.check_fresh(code, n)?;
                }
                for c in &self.kids[start..] {
                    self.store.prefetch(c.code);
                }
                let spot = self.store.put_at(near, code, BUSY << 61)?;
                self.frames.push(Frame {
                    code,
                    spot,
                    start,
                    next: start,
                    agg: Agg::default(),
                    rest: (n > WINDOW).then_some(WINDOW),
                    window: WINDOW,
                    windowed: n > WINDOW,
                });
                Ok(None)
            }
        }
    }

    /// Fills the top position's used-up window with its next children not yet valued, folding
    /// in the valued ones passed on the way.
    fn refill(&mut self) -> Result<(), SolveError> {
        let Some(top) = self.frames.last_mut() else {
            return Ok(());
        };
        let (code, from) = (top.code, top.rest.unwrap_or(usize::MAX));
        self.kids.truncate(top.start);
        if self.kids.len() + 2 * top.window <= SHARED {
            top.window *= 2;
        }
        let (window, mut agg) = (top.window, top.agg);
        let (store, kids) = (&self.store, &mut self.kids);
        let (mut i, mut rest, mut taken) = (0, None, 0);
        // The steps were counted when the position was first expanded (and fitted then).
        let steps = self.scratch.steps();
        self.scratch.set_steps(0);
        self.engine
            .expand_classes(code, &mut self.scratch, |_, _, c| {
                if i >= from && rest.is_none() {
                    let e = store.get(c.code);
                    if valued(e) {
                        agg.fold(e, c.kept);
                    } else {
                        kids.push(c);
                        taken += 1;
                        if taken == window {
                            rest = Some(i + 1);
                        }
                    }
                }
                i += 1;
            })
            .map_err(|f| SolveError::Fault(f, code))?;
        self.scratch.set_steps(steps);
        // The last child may have filled the window.
        let rest = rest.filter(|&r| r < i);
        if let Some(top) = self.frames.last_mut() {
            top.agg = agg;
            top.rest = rest;
            top.next = top.start;
        }
        let bytes = (self.frames.capacity() as u64) * FRAME_BYTES
            + self.kids.capacity() as u64 * CHILD_BYTES;
        if bytes > self.stack_bytes {
            return Err(SolveError::Pending(
                self.frames.len() as u64,
                self.kids.len() as u64,
            ));
        }
        Ok(())
    }

    /// The Grundy value of a position whose children are all valued: from its window, or, if
    /// the window left some out and the small values do not settle it, from all of them again.
    fn grundy(&mut self, f: &Frame) -> Result<u32, SolveError> {
        if !f.windowed {
            return Ok(mex(&f.agg, &self.kids[f.start..], |c| self.store.get(c)));
        }
        let small = f.agg.small_mex();
        if small < 64 || !f.agg.big() {
            return Ok(small);
        }
        let (store, mut big) = (&self.store, Vec::new());
        let steps = self.scratch.steps();
        self.scratch.set_steps(0);
        self.engine
            .expand_classes(f.code, &mut self.scratch, |_, _, c| {
                if let Some(e) = unpack(store.get(c.code)) {
                    if e.grundy >= 64 {
                        big.push(e.grundy);
                    }
                }
            })
            .map_err(|e| SolveError::Fault(e, f.code))?;
        self.scratch.set_steps(steps);
        Ok(mex_of(big))
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

/// Makes room for more children within `max`; `false` when there is none, or the system
/// refuses the memory.
#[cold]
#[inline(never)]
fn grow(kids: &mut Vec<Child>, max: usize) -> bool {
    let room = max.saturating_sub(kids.len());
    room > 0
        && kids
            .try_reserve_exact(kids.capacity().max(64).min(room))
            .is_ok()
}
