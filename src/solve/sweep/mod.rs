//! Solving in the order of position numbers: when every move lowers a position's number (Nim:
//! `heap[i] -= n` with n ≥ 1), or every move raises it, the positions are found by one sweep
//! through the numbers from the start's, and valued by one sweep back, every child before its
//! parent: no stack, no cycle check, and the table read in long runs rather than at random.
//! Where the rules are compiled, each sweep's step is one kernel call that works on the table
//! itself (`fused.rs`). The first move that breaks the order hands the game to the depth-first
//! solver. Finding stops where every code still ahead of it is marked already, leaving them to
//! valuing (`unfound.rs`): where every code is reached, as in Nim, it reads a fraction of them.
//!
//! With symmetries the sweep goes through the canonical positions only, one step at a time
//! (the kernels do not know symmetry): `Engine::expand_classes` gives each child by its class's
//! canonical code, and checks the symmetries it has not proven at each position found. The
//! order is checked on those codes, so it holds between the positions the table keeps: where
//! every move lowers the number, a child's canonical code (the least of its class) is lower
//! still; where moves raise it, a class whose canonical code lies below its parent's breaks the
//! sweep like any move against it.

mod fused;
mod pair;
mod pair_unfound;
mod probe;
mod two;
mod unfound;

pub use unfound::early_stops;

use probe::{count_values, direction};
use two::on_two_threads;

use super::agg::{mex, Agg};
use super::progress::Progress;
use super::store::{pack, valued, Store, BUSY, DENSE_BYTES_PER_CODE, UNSEEN};
use super::{rel_value, Order, Solution, SolveError};
use crate::engine::{memory, verifying, Child, Code, Engine, Expand, Rel, Scratch, SweepKernels};
use crate::jit::Buffers;

/// The most position numbers a sweep reads through (each twice, at about a nanosecond each).
const MAX_SWEPT: u64 = 1 << 28;

/// Upper estimate of the bytes a sweep needs beside the table: its buffers and the kernels.
const BUFFER_BYTES: u64 = 1 << 22;

/// Position numbers below which a sweep on one thread is not worth compiling kernels for.
const SHORT_SWEEP: u64 = 1 << 16;

/// Numbers a sweep may read for each position `--max-positions` allows.
const SPARSE: u64 = 64;

/// A sweep under way.
struct Sweep<'e, 'r> {
    engine: &'e Engine<'r>,
    /// The range kernels, if they are used.
    kernels: Option<SweepKernels<'e>>,
    /// Whether moves lower the position's number.
    down: bool,
    impartial: bool,
    limit: u64,
    positions: u64,
    /// The positions the classes found stand for (`positions` without symmetries).
    in_all: u64,
    counts: [u64; 4],
    grundy: bool,
    scratch: Scratch,
    kids: Vec<Child>,
    buf: Buffers,
    progress: Progress,
    /// Whether finding may stop where every code left to it is marked already (`unfound.rs`).
    may_skip: bool,
    /// The codes finding left so, each marked and none expanded: valuing checks their moves.
    unfound: Option<(Code, Code)>,
    /// Valuing is in `unfound`: its steps count, as finding's would have.
    counting: bool,
}

/// What finding a position's children came to.
enum Found {
    Done,
    /// A move goes against the sweep: the depth-first solver takes the game.
    Broken,
}

/// Solves every position reachable from `roots` in the order of their numbers, if the rules
/// allow it and the table is an array; `Ok(None)` otherwise.
pub(super) fn solve(
    engine: &Engine,
    roots: &[Code],
    limit: u64,
    impartial: bool,
) -> Result<Option<Solution>, SolveError> {
    // Read before the table is allocated: under an address-space limit the table's reservation
    // would otherwise be counted twice.
    let budget = memory::byte_budget();
    if roots.is_empty() {
        return Ok(None);
    }
    let Some(down) = direction(engine, roots) else {
        return Ok(None);
    };
    // Both sweeps read the table from the roots to the end the moves go towards: past
    // `MAX_SWEPT` codes, finding a few positions in a vast numbering is the depth-first
    // solver's work.
    let (lo, hi) = match down {
        true => (0, roots.iter().copied().max().unwrap_or(0)),
        false => (roots.iter().copied().min().unwrap_or(0), engine.space - 1),
    };
    // A sweep reads every number from the roots to the end; where the positions allowed are
    // far fewer than those numbers, the reachable ones are sparse among them (a two-position
    // test game numbered over 235 million codes took minutes of a debug build's sweep).
    if hi - lo >= MAX_SWEPT || (hi - lo) / SPARSE > limit {
        return Ok(None);
    }
    let mut store = Store::for_space(engine.space, engine.hashed)?;
    if matches!(store, Store::Sparse(_)) {
        return Ok(None);
    }
    // The table is allocated now; the sweep needs its buffers beside it, within the memory
    // the depth-first solver would be given (which reports what does not fit).
    let table = engine.space.saturating_mul(DENSE_BYTES_PER_CODE);
    if table.saturating_add(BUFFER_BYTES) > budget {
        return Ok(None);
    }
    // Two threads need the kernels: a short sweep is not worth compiling them (unless verifying),
    // and runs on one thread.
    let short = hi - lo < SHORT_SWEEP && !verifying();
    if engine.threads >= 2 && !short {
        if let (Some(kernels), Store::Dense16(_)) = (engine.sweep_kernels(2), &store) {
            return on_two_threads(
                engine,
                kernels,
                (roots, limit, impartial),
                store,
                (lo, hi),
                down,
            );
        }
    }
    // A short sweep is done by the general step: compiling would take longer (unless verifying).
    let kernels = match short {
        false => engine.sweep_kernels(1),
        true => None,
    };
    let mut s = Sweep {
        engine,
        kernels,
        down,
        impartial,
        limit,
        positions: 0,
        in_all: 0,
        counts: [0; 4],
        grundy: impartial,
        scratch: Scratch::default(),
        kids: Vec::new(),
        buf: Buffers::default(),
        progress: Progress::new(),
        may_skip: true,
        unfound: None,
        counting: false,
    };
    // Both sweeps read every number of the range once: the work is known from the start.
    s.progress
        .bar(2 * (hi - lo + 1), "solving", "position numbers (twice)");
    loop {
        for &r in roots {
            if store.get(r) == UNSEEN {
                store.set(r, BUSY << 61)?;
                s.positions += 1;
                s.in_all += s.orbit(r);
            }
        }
        if let Found::Broken = s.pass(&mut store, (lo, hi), true)? {
            s.progress.finish();
            return Ok(None);
        }
        // The finding sweep took the steps already, within the limit; those of codes it left
        // are counted as valuing takes them.
        if s.unfound.is_none() {
            s.scratch.set_steps(0);
        }
        match s.pass(&mut store, (lo, hi), false)? {
            Found::Done => break,
            // Something in the codes finding left (a fault, a limit, a move against the sweep):
            // the sweep starts again, finding every position, to meet it where it would have.
            Found::Broken if s.may_skip => s.start_again(&mut store, (lo, hi))?,
            // Valuing meets a move against the sweep only in codes finding left: not again.
            Found::Broken => {
                s.progress.finish();
                return Ok(None);
            }
        }
    }
    s.counts = count_values(&store, (lo, hi));
    s.progress.finish();
    Ok(Some(Solution {
        store: store.into(),
        positions: s.positions,
        counts: s.counts,
        loopy: false,
        grundy: s.grundy,
        in_all: s.in_all,
        in_all_reachable: true,
        symmetry: None,
        order: Order::Sweep { down, threads: 1 },
        margins: None,
    }))
}

/// How many codes a kernel's call sweeps through, at most: progress is shown between calls, and
/// finding may stop early between them (`unfound.rs`). When verifying, chunks are short, so that
/// small generated games reach finding's stopping early too.
fn chunk_size() -> u64 {
    match verifying() {
        true => 64,
        false => 1 << 16,
    }
}

impl Sweep<'_, '_> {
    /// One sweep (`finding`, or valuing) through `lo..=hi`, a chunk of codes at a time.
    fn pass(
        &mut self,
        store: &mut Store,
        (lo, hi): (Code, Code),
        finding: bool,
    ) -> Result<Found, SolveError> {
        // Finding goes the way the moves go; valuing comes back.
        let descending = finding == self.down;
        let chunk = chunk_size();
        let chunks = (hi - lo) / chunk + 1;
        let mut behind = 0;
        for k in 0..chunks {
            let (a, b) = match descending {
                true => (
                    hi.saturating_sub((k + 1) * chunk - 1).max(lo),
                    hi - k * chunk,
                ),
                false => (lo + k * chunk, (lo + (k + 1) * chunk - 1).min(hi)),
            };
            let done = match finding {
                true => self.chunk(store, (a, b), true, descending)?,
                false => self.value_chunk(store, (a, b), descending)?,
            };
            if let Found::Broken = done {
                return Ok(Found::Broken);
            }
            self.progress.advance(b - a + 1);
            if finding
                && self.may_skip
                && self.all_marked_after(store, (lo, hi), (a, b), &mut behind)
            {
                // Valuing reads every number of the range all the same.
                return Ok(Found::Done);
            }
        }
        Ok(Found::Done)
    }

    /// Every marked position of `a..=b`: by the range kernel where it can, else one at a time.
    fn chunk(
        &mut self,
        store: &mut Store,
        (a, b): (Code, Code),
        finding: bool,
        descending: bool,
    ) -> Result<Found, SolveError> {
        if let Some(found) = self.chunk_fused(store, (a, b), finding, descending)? {
            return Ok(found);
        }
        // The busy positions in order, each looked for after the one before is done (finding
        // marks positions further on in the same chunk).
        let (mut from, to) = if descending { (b, a) } else { (a, b) };
        while let Some(c) = store.next_busy(from, to, descending) {
            match finding {
                true => {
                    if let Found::Broken = self.find(store, c)? {
                        return Ok(Found::Broken);
                    }
                }
                false => {
                    if let Found::Broken = self.value(store, c)? {
                        return Ok(Found::Broken);
                    }
                }
            }
            if c == to {
                break;
            }
            from = if descending { c - 1 } else { c + 1 };
        }
        Ok(Found::Done)
    }

    /// Marks the positions `c`'s moves reach.
    pub(super) fn find(&mut self, store: &mut Store, c: Code) -> Result<Found, SolveError> {
        self.kids.clear();
        let kids = &mut self.kids;
        let r = self
            .engine
            .expand_classes(c, &mut self.scratch, |_, _, k| kids.push(k))
            .map_err(|f| SolveError::Fault(f, c))?;
        if r != Expand::Moves {
            return Ok(Found::Done);
        }
        // The children's entries are read at random (canonical codes): their misses overlap.
        for k in self.kids.iter() {
            store.prefetch(k.code);
        }
        if against(self.down, c, &self.kids) {
            return Ok(Found::Broken);
        }
        for i in 0..self.kids.len() {
            let k = self.kids[i];
            if store.get(k.code) == UNSEEN {
                store.set(k.code, BUSY << 61)?;
                self.in_all += self.orbit(k.code);
                self.found(1)?;
            }
        }
        Ok(Found::Done)
    }

    /// How many positions the class of canonical `c` holds (1 without symmetries).
    fn orbit(&self, c: Code) -> u64 {
        self.engine.symmetry.as_ref().map_or(1, |s| s.orbit_size(c))
    }

    /// Counts `n` positions found, against the limit.
    pub(super) fn found(&mut self, n: u64) -> Result<(), SolveError> {
        self.positions += n;
        if self.positions > self.limit {
            return Err(SolveError::Limit(self.limit));
        }
        self.progress.tick(self.positions);
        Ok(())
    }

    /// Values `c`, whose children are all valued; `Broken` if finding left `c` and one of its
    /// moves goes against the sweep (its child is not valued yet).
    pub(super) fn value(&mut self, store: &mut Store, c: Code) -> Result<Found, SolveError> {
        let e = self.entry_of(store, c)?;
        if self.left_by_finding(c) && against(self.down, c, &self.kids) {
            return Ok(Found::Broken);
        }
        store.set(c, e)?;
        Ok(Found::Done)
    }

    /// `c`'s entry from its children's, read from the table.
    pub(super) fn entry_of(&mut self, store: &Store, c: Code) -> Result<u64, SolveError> {
        let (entry, end) = general_entry(
            (self.engine, self.impartial),
            store,
            c,
            &mut self.scratch,
            &mut self.kids,
        )
        .map_err(|f| SolveError::Fault(f, c))?;
        if end.is_some_and(|rel| rel != Rel::Lose) {
            self.grundy = false;
        }
        Ok(entry)
    }
}

/// Whether some child of `c` goes against the sweep: not below `c` where moves lower the
/// number (`down`), not above it where they raise it.
fn against(down: bool, c: Code, kids: &[Child]) -> bool {
    kids.iter().any(|k| (k.code < c) != down || k.code == c)
}

/// The codes still ahead of finding once it has done the chunk `a..=b` of `lo..=hi` (below the
/// chunk going down, above it going up), if any.
fn ahead(down: bool, (lo, hi): (Code, Code), (a, b): (Code, Code)) -> Option<(Code, Code)> {
    match down {
        true => (a > lo).then(|| (lo, a - 1)),
        false => (b < hi).then(|| (b + 1, hi)),
    }
}

/// `c`'s entry by the general step, from its children's in the table (its children left in
/// `kids`, none for an end), and the end's outcome if it is one.
fn general_entry(
    (engine, impartial): (&Engine, bool),
    store: &Store,
    c: Code,
    scratch: &mut Scratch,
    kids: &mut Vec<Child>,
) -> Result<(u64, Option<Rel>), crate::engine::Fault> {
    kids.clear();
    let r = engine.expand_classes(c, scratch, |_, _, k| kids.push(k))?;
    Ok(match r {
        Expand::End { rel, .. } => {
            // Moves made before an end rule applied are not moves.
            kids.clear();
            (pack(rel_value(rel), 0, 0), Some(rel))
        }
        Expand::Moves => {
            for k in kids.iter() {
                store.prefetch(k.code);
            }
            let mut agg = Agg::default();
            for k in kids.iter() {
                let e = store.get(k.code);
                if valued(e) {
                    agg.fold(e, k.kept);
                }
            }
            let g = impartial.then(|| mex(&agg, kids, |c| store.get(c)));
            (agg.entry(g), None)
        }
    })
}
