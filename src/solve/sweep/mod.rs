//! Solving in the order of position numbers: when every move lowers a position's number (Nim:
//! `heap[i] -= n` with n ≥ 1), or every move raises it, the positions are found by one sweep
//! through the numbers from the start's, and valued by one sweep back, every child before its
//! parent: no stack, no cycle check, and the table read in long runs rather than at random.
//! Where the rules are compiled, each sweep's step is one kernel call that works on the table
//! itself (`fused.rs`). The first move that breaks the order hands the game to the depth-first
//! solver.
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

use super::agg::{mex, Agg};
use super::progress::Progress;
use super::store::{pack, unpack, valued, Store, BUSY, DENSE_BYTES_PER_CODE, UNSEEN};
use super::{rel_value, Order, Solution, SolveError};
use crate::engine::{memory, verifying, Child, Code, Engine, Expand, Rel, Scratch, SweepKernels};
use crate::jit::Buffers;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

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
    };
    for &r in roots {
        if store.get(r) == UNSEEN {
            store.set(r, BUSY << 61)?;
            s.positions += 1;
            s.in_all += s.orbit(r);
        }
    }
    // Both sweeps read every number of the range once: the work is known from the start.
    s.progress
        .bar(2 * (hi - lo + 1), "solving", "position numbers (twice)");
    if let Found::Broken = s.pass(&mut store, (lo, hi), true)? {
        s.progress.finish();
        return Ok(None);
    }
    // The finding sweep took the steps already, within the limit.
    s.scratch.set_steps(0);
    s.pass(&mut store, (lo, hi), false)?;
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

/// How many codes a kernel's call sweeps through, at most: progress is shown between calls.
const CHUNK: u64 = 1 << 16;

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
        let chunks = (hi - lo) / CHUNK + 1;
        for k in 0..chunks {
            let (a, b) = match descending {
                true => (
                    hi.saturating_sub((k + 1) * CHUNK - 1).max(lo),
                    hi - k * CHUNK,
                ),
                false => (lo + k * CHUNK, (lo + (k + 1) * CHUNK - 1).min(hi)),
            };
            if let Found::Broken = self.chunk(store, (a, b), finding, descending)? {
                return Ok(Found::Broken);
            }
            self.progress.advance(b - a + 1);
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
                false => self.value(store, c)?,
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
        for i in 0..self.kids.len() {
            let k = self.kids[i];
            if (k.code < c) != self.down || k.code == c {
                return Ok(Found::Broken);
            }
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

    /// Values `c`, whose children are all valued.
    pub(super) fn value(&mut self, store: &mut Store, c: Code) -> Result<(), SolveError> {
        let e = self.entry_of(store, c)?;
        store.set(c, e)?;
        Ok(())
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

/// The sweep with finding and valuing on two threads at once (`pair.rs`).
fn on_two_threads(
    engine: &Engine,
    kernels: SweepKernels,
    (roots, limit, impartial): (&[Code], u64, bool),
    mut store: Store,
    range: (Code, Code),
    down: bool,
) -> Result<Option<Solution>, SolveError> {
    let words = engine.space.div_ceil(64) as usize;
    let pair = pair::Pair {
        engine,
        kernels,
        down,
        impartial,
        limit,
        range,
        bits: (0..words).map(|_| AtomicU64::new(0)).collect(),
        settled: AtomicU64::new(if down { u64::MAX } else { 0 }),
        stop: AtomicBool::new(false),
    };
    let mut first = 0u64;
    for &r in roots {
        if let Some(w) = pair.bits.get((r >> 6) as usize) {
            if w.fetch_or(1 << (r & 63), Relaxed) >> (r & 63) & 1 == 0 {
                first += 1;
            }
        }
    }
    // Valuing reads every number of the range once, and finishes last.
    let progress = Progress::new();
    progress.bar(range.1 - range.0 + 1, "solving", "position numbers");
    let (found, aside) = std::thread::scope(|scope| {
        let finder = scope.spawn(|| pair.find(first));
        let aside = pair.value(&mut store, &progress);
        let found = finder
            .join()
            .unwrap_or_else(|p| std::panic::resume_unwind(p));
        (found, aside)
    });
    let positions = match found? {
        (Found::Broken, _) => return Ok(None),
        (Found::Done, n) => n,
    };
    let (counts, open_end) = pair.settle(&mut store, &aside?)?;
    Ok(Some(Solution {
        store: store.into(),
        positions,
        counts,
        loopy: false,
        grundy: impartial && !open_end,
        in_all: positions,
        in_all_reachable: true,
        symmetry: None,
        order: Order::Sweep { down, threads: 2 },
        margins: None,
    }))
}

/// The positions of `lo..=hi` by value (win, lose, tie, draw).
fn count_values(store: &Store, (lo, hi): (Code, Code)) -> [u64; 4] {
    let mut counts = [0u64; 4];
    for c in lo..=hi {
        if let Some(e) = unpack(store.get(c)) {
            counts[e.value as usize] += 1;
        }
    }
    counts
}

/// Plies of the line of play `direction` looks along from each root.
const PROBE_PLIES: usize = 8;

/// Which way every move takes the position's number (`Some(true)`: down), as far as a short look
/// shows: every move of each position on a line of play from each root (its first move, up to
/// `PROBE_PLIES` deep). A move the other way (a game whose turn alternates goes up on one ply and
/// down on the next) rules the sweep out before its kernels are compiled, which took a small
/// game several times its solve (Othello 4 x 4, Connect Four 4 x 4); the sweep still checks
/// every move it meets.
fn direction(engine: &Engine, roots: &[Code]) -> Option<bool> {
    let mut scratch = Scratch::probe();
    let mut down = None;
    let mut kids = Vec::new();
    for &root in roots {
        let mut at = root;
        for _ in 0..PROBE_PLIES {
            kids.clear();
            match engine.expand_classes(at, &mut scratch, |_, _, c| kids.push(c.code)) {
                Ok(Expand::Moves) => {}
                Ok(Expand::End { .. }) => break,
                Err(_) => return None,
            }
            for &k in &kids {
                let d = match k.cmp(&at) {
                    std::cmp::Ordering::Less => true,
                    std::cmp::Ordering::Greater => false,
                    std::cmp::Ordering::Equal => return None,
                };
                if *down.get_or_insert(d) != d {
                    return None;
                }
            }
            match kids.first() {
                Some(&k) => at = k,
                None => break,
            }
        }
    }
    down
}
