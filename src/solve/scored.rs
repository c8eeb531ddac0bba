//! Scored games (`score each p = ...`), depth first: a position's value is the best margin the
//! player to move can force (their score less the other's), and among moves of equal margin the
//! fastest when it is a win or a tie, the slowest when it is a loss, as for win, lose and tie. While
//! solving, each position reached has its packed entry and 64-bit margin in a hash table of its
//! own; the solution then holds the entries in the usual table and the margins beside it, so the
//! tables and solvers of other games are not touched. Play that returns to a
//! position stops the solve (`SolveError::ScoredLoopy`): margins with draws are not defined yet.
//! A rule that fails anywhere is reported before that, whichever the solve met first, as every
//! other order reports faults: a cycle sends the solve through every reachable position first.

use super::progress::Progress;
use super::store::{pack, remoteness_bits, tag, Store, BUSY};
use super::{Order, Solution, SolveError};
use crate::engine::{memory, Child, Code, Engine, Expand, Rel, Scratch};
use std::collections::HashMap;

/// Upper estimate of the bytes a position costs: in the hash table while solving (key, entry,
/// margin and the table's slack), then in the solution's table and margins.
const BYTES_PER_POSITION: u64 = 96;

/// A margin and its remoteness, for the player to move.
type Margin = (i64, u32);

struct Frame {
    code: Code,
    /// The position's children are `kids[start..]`; `next` is the first not yet folded in.
    start: usize,
    next: usize,
    best: Option<Margin>,
}

struct Dfs<'a, 'r> {
    engine: &'a Engine<'r>,
    table: HashMap<Code, (u64, i64)>,
    frames: Vec<Frame>,
    kids: Vec<Child>,
    scratch: Scratch,
    limit: u64,
    memory_bound: bool,
    /// The bytes the children waiting on the line of play may take (a quarter of the budget).
    stack_bytes: u64,
    counts: [u64; 4],
    in_all: u64,
}

/// Solves every position reachable from `roots` (canonical codes).
pub(super) fn solve(engine: &Engine, roots: &[Code], limit: u64) -> Result<Solution, SolveError> {
    let (limit, memory_bound) = memory::position_budget(limit, BYTES_PER_POSITION);
    let mut d = Dfs {
        engine,
        table: HashMap::new(),
        frames: Vec::new(),
        kids: Vec::new(),
        scratch: Scratch::default(),
        limit,
        memory_bound,
        stack_bytes: memory::byte_budget() / 4,
        counts: [0; 4],
        in_all: 0,
    };
    let progress = Progress::new();
    for &root in roots {
        if !d.table.contains_key(&root) {
            d.open(root)?;
            if let Err(e) = d.run(&progress) {
                progress.finish();
                return Err(match e {
                    SolveError::ScoredLoopy => every_position(engine, roots, limit)
                        .err()
                        .unwrap_or(SolveError::ScoredLoopy),
                    e => e,
                });
            }
        }
    }
    progress.finish();
    let mut store = Store::for_space(engine.space, engine.hashed)?;
    let mut margins = HashMap::new();
    if margins.try_reserve(d.table.len()).is_err() {
        return Err(SolveError::Refused(d.table.len() as u64 * 32));
    }
    for (&code, &(e, m)) in &d.table {
        store.set(code, e)?;
        margins.insert(code, m);
    }
    Ok(Solution {
        positions: d.table.len() as u64,
        store: store.into(),
        margins: Some(margins),
        counts: d.counts,
        loopy: false,
        grundy: false,
        in_all: d.in_all,
        in_all_reachable: true,
        symmetry: None,
        order: Order::DepthFirst,
    })
}

/// Expands every position reachable from `roots`, for the first rule that fails or the limit.
fn every_position(engine: &Engine, roots: &[Code], limit: u64) -> Result<(), SolveError> {
    let mut seen: std::collections::HashSet<Code> = roots.iter().copied().collect();
    let mut queue: Vec<Code> = seen.iter().copied().collect();
    let mut scratch = Scratch::default();
    while let Some(code) = queue.pop() {
        let mut kids = Vec::new();
        engine
            .expand_classes(code, &mut scratch, |_, _, c| kids.push(c.code))
            .map_err(|f| SolveError::Fault(f, code))?;
        for k in kids {
            if seen.insert(k) {
                if seen.len() as u64 > limit {
                    return Err(SolveError::Limit(limit));
                }
                queue.push(k);
            }
        }
    }
    Ok(())
}

/// Whether margin `a` is better than `b` for the player choosing: a larger margin, or the same
/// one sooner (a win or a tie) or later (a loss).
fn better(a: Margin, b: Margin) -> bool {
    a.0 > b.0 || (a.0 == b.0 && if a.0 < 0 { a.1 > b.1 } else { a.1 < b.1 })
}

impl Dfs<'_, '_> {
    /// Works the stack down to empty.
    fn run(&mut self, progress: &Progress) -> Result<(), SolveError> {
        while let Some(top) = self.frames.last_mut() {
            if top.next < self.kids.len() {
                let child = self.kids[top.next];
                top.next += 1;
                match self.table.get(&child.code) {
                    None => {
                        if let Some(done) = self.open(child.code)? {
                            self.fold_into_top(done, child.kept);
                        }
                        progress.tick(self.table.len() as u64);
                    }
                    Some(&(e, _)) if tag(e) == BUSY => return Err(SolveError::ScoredLoopy),
                    Some(&(e, m)) => {
                        let done = (m, remoteness_bits(e));
                        self.fold_into_top(done, child.kept);
                    }
                }
                continue;
            }
            let Some(f) = self.frames.pop() else { break };
            // Every position on the stack has a move, so it has a best one.
            let (m, r) = f.best.unwrap_or((0, 0));
            let done = (m, r + 1);
            self.record(f.code, done);
            self.kids.truncate(f.start);
            if let Some(parent) = self.frames.last() {
                let kept = self.kids[parent.next - 1].kept;
                self.fold_into_top(done, kept);
            }
        }
        Ok(())
    }

    /// Writes a valued position.
    fn record(&mut self, code: Code, (m, r): Margin) {
        let value = super::rel_value(Rel::of_margin(m));
        // `open` reserved the room for it.
        self.counts[value as usize] += 1;
        self.table.insert(code, (pack(value, r, 0), m));
    }

    /// Folds a child's margin, seen through a move that keeps the turn or passes it, into the
    /// position on top of the stack.
    fn fold_into_top(&mut self, (m, r): Margin, kept: bool) {
        // A margin is never `i64::MIN` (engine::margin), so its negation fits.
        let seen = (if kept { m } else { -m }, r);
        if let Some(top) = self.frames.last_mut() {
            if top.best.is_none_or(|b| better(seen, b)) {
                top.best = Some(seen);
            }
        }
    }

    /// Expands a newly seen position: an end is valued at once (and returned); otherwise it
    /// becomes a frame.
    fn open(&mut self, code: Code) -> Result<Option<Margin>, SolveError> {
        if self.table.len() as u64 >= self.limit {
            return Err(match self.memory_bound {
                true => SolveError::Memory(self.limit),
                false => SolveError::Limit(self.limit),
            });
        }
        if self.table.try_reserve(1).is_err() {
            // A map of (code, entry, margin) triples and a control byte each, doubling.
            let bytes = (self.table.capacity() as u64 + 1) * 2 * 25;
            return Err(SolveError::Refused(bytes));
        }
        self.in_all += self
            .engine
            .symmetry
            .as_ref()
            .map_or(1, |s| s.orbit_size(code));
        let start = self.kids.len();
        let kids = &mut self.kids;
        let r = self
            .engine
            .expand_classes(code, &mut self.scratch, |_, _, c| kids.push(c))
            .map_err(|f| SolveError::Fault(f, code))?;
        match r {
            Expand::End { margin, .. } => {
                self.kids.truncate(start);
                // Every outcome of a scored game gives scores (the checker sees to it).
                let done = (margin.unwrap_or(0), 0);
                self.record(code, done);
                Ok(Some(done))
            }
            Expand::Moves => {
                let bytes = self.kids.capacity() as u64 * std::mem::size_of::<Child>() as u64;
                if bytes > self.stack_bytes {
                    let depth = self.frames.len() as u64 + 1;
                    return Err(SolveError::Pending(depth, self.kids.len() as u64));
                }
                self.table.insert(code, (BUSY << 61, 0));
                self.frames.push(Frame {
                    code,
                    start,
                    next: start,
                    best: None,
                });
                Ok(None)
            }
        }
    }
}
