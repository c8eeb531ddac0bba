//! A sweep on two threads: one finds the positions (down the numbers from the start, say),
//! setting a bit a position in a bitset, while the other values positions in the table from the
//! other end at the same time. Where finding has passed, the valuing thread values only the
//! positions found; before that, every code the compiled kernel values, not knowing yet which
//! are reached (its children are valued before it all the same). A code the kernel leaves to the
//! general step is never valued ahead of finding: the valuing thread waits until finding has
//! passed it, and values it only if it was found (a code never reached can take the general
//! step a million moves: fuzz seed 21's input 81640, a `0..=t1` parameter with `t1` up to 10^6,
//! ran for minutes where the reached positions take milliseconds). A position it cannot value
//! (a rule fails there) is set aside. At the end, entries of positions not reached are cleared,
//! the counts and whether Grundy values hold are read off the reached ones, and a position set
//! aside that turns out reached has its fault reported (finding would have reported it first).
//!
//! Finding publishes how far it has got with a release store after setting the bits of what it
//! passed, and valuing reads it with an acquire load: a code read as passed has its bit as
//! finding left it.

use super::super::progress::Progress;
use super::super::shared::atomic16;
use super::super::store::{remoteness_bits, unpack, Store, Value};
use super::super::SolveError;
use super::Found;
use crate::engine::{verifying, Child, Code, Engine, Expand, Scratch, SweepKernels};
use crate::jit::{Buffers, Status};
use std::sync::atomic::{
    AtomicBool, AtomicU64, Ordering::Acquire, Ordering::Relaxed, Ordering::Release,
};
use std::sync::OnceLock;
use std::time::Duration;

/// The shared state of the two threads.
pub(super) struct Pair<'e, 'r> {
    pub engine: &'e Engine<'r>,
    pub kernels: SweepKernels<'e>,
    pub down: bool,
    pub impartial: bool,
    pub limit: u64,
    pub range: (Code, Code),
    /// The codes a kernel's call sweeps through, at most (`chunk_size`).
    pub chunk: u64,
    /// One bit a code: found.
    pub bits: Vec<AtomicU64>,
    /// How far finding has got: down, every code from here up is settled (`u64::MAX`: none); up,
    /// every code below here.
    pub settled: AtomicU64,
    /// Finding has stopped (a fault, a limit, a move against the sweep): valuing stops too.
    pub stop: AtomicBool,
    /// Finding's stopping early where every code ahead is marked (`pair_unfound.rs`): whether it
    /// may, the codes it left, its steps, the steps valuing took in each chunk, and whether
    /// valuing met something out of the ordinary in those codes.
    pub may_skip: bool,
    pub unfound: OnceLock<(Code, Code)>,
    pub find_steps: AtomicU64,
    pub chunk_steps: Vec<AtomicU64>,
    pub again: AtomicBool,
}

impl Pair<'_, '_> {
    fn bit(&self, c: Code) -> bool {
        self.bits
            .get((c >> 6) as usize)
            .is_some_and(|w| w.load(Relaxed) >> (c & 63) & 1 == 1)
    }

    /// Sets `c`'s bit: whether it was clear.
    pub(super) fn set_bit(&self, c: Code) -> bool {
        match self.bits.get((c >> 6) as usize) {
            Some(w) => {
                let old = w.fetch_or(1 << (c & 63), Relaxed);
                old >> (c & 63) & 1 == 0
            }
            None => false,
        }
    }

    fn clear_bit(&self, c: Code) {
        if let Some(w) = self.bits.get((c >> 6) as usize) {
            w.fetch_and(!(1 << (c & 63)), Relaxed);
        }
    }

    /// Whether finding has passed every code of `a..=b`.
    fn settled(&self, (a, b): (Code, Code)) -> bool {
        let settled = self.settled.load(Acquire);
        match self.down {
            true => a >= settled,
            false => b < settled,
        }
    }

    /// Waits until finding has passed `c`: `false` if finding stopped first (valuing then stops
    /// too, its work unused).
    fn wait_for_finding(&self, c: Code) -> bool {
        let mut spins = 0u32;
        while !self.settled((c, c)) {
            if self.stop.load(Relaxed) {
                return false;
            }
            spins += 1;
            match spins < 64 {
                true => std::thread::yield_now(),
                false => std::thread::sleep(Duration::from_micros(100)),
            }
        }
        true
    }

    /// The chunks of the range, in finding order (`finding`) or valuing order: both threads cut
    /// the range at the same codes, so that the codes finding leaves are whole chunks of
    /// valuing's.
    fn chunks(&self, finding: bool) -> Vec<(Code, Code)> {
        let (lo, hi) = self.range;
        let n = self.chunk;
        let mut chunks: Vec<_> = (0..(hi - lo) / n + 1)
            .map(|k| (lo + k * n, (lo + (k + 1) * n - 1).min(hi)))
            .collect();
        if finding == self.down {
            chunks.reverse();
        }
        chunks
    }

    /// Finding, on its thread: whether the sweep held, and the number of positions found (the
    /// roots', `roots`, included); or why it stopped.
    pub(super) fn find(&self, roots: u64) -> Result<(Found, u64), SolveError> {
        let r = self.find_all(roots);
        if !matches!(r, Ok((Found::Done, _))) {
            self.stop.store(true, Relaxed);
        }
        r
    }

    fn find_all(&self, mut positions: u64) -> Result<(Found, u64), SolveError> {
        let (mut scratch, mut buf, mut kids) = (Scratch::default(), Buffers::default(), Vec::new());
        let flags = (u64::from(self.down) << 1) | (u64::from(self.down) << 3);
        let kernel = self.kernels.find;
        let mut behind = 0;
        for (a, b) in self.chunks(true) {
            let mut rest = Some((a, b));
            while let Some((a, b)) = rest {
                let budget = self.engine.max_steps.saturating_sub(scratch.steps());
                let status = kernel.sweep_range((a, b), budget, &mut buf, &[], &self.bits, flags);
                let (stop, news, _) = buf.stopped();
                scratch.set_steps(scratch.steps() + buf.steps());
                positions += news;
                if positions > self.limit {
                    return Err(SolveError::Limit(self.limit));
                }
                if !matches!(status, Status::Done | Status::Broken) {
                    for c in buf.marked(buf.kids_len() as usize, kernel.stride()) {
                        self.clear_bit(c);
                    }
                }
                rest = match status {
                    Status::Done => None,
                    Status::Broken => return Ok((Found::Broken, positions)),
                    Status::Room => {
                        buf.grow();
                        Some(if self.down { (a, stop) } else { (stop, b) })
                    }
                    _ => {
                        match self.find_one(stop, &mut scratch, &mut kids)? {
                            (Found::Broken, _) => return Ok((Found::Broken, positions)),
                            (Found::Done, n) => positions += n,
                        }
                        if positions > self.limit {
                            return Err(SolveError::Limit(self.limit));
                        }
                        match self.down {
                            true => (stop > a).then(|| (a, stop - 1)),
                            false => (stop < b).then(|| (stop + 1, b)),
                        }
                    }
                };
            }
            self.find_steps.store(scratch.steps(), Relaxed);
            if self.may_skip && self.all_found_after((a, b), positions, &mut behind) {
                // Every code is settled: those left are marked, and valuing checks their moves.
                let (lo, hi) = self.range;
                self.settled
                    .store(if self.down { lo } else { hi + 1 }, Release);
                return Ok((Found::Done, positions));
            }
            self.settled
                .store(if self.down { a } else { b + 1 }, Release);
        }
        Ok((Found::Done, positions))
    }

    /// The general step of finding, on one position: its children's bits set.
    fn find_one(
        &self,
        c: Code,
        scratch: &mut Scratch,
        kids: &mut Vec<Child>,
    ) -> Result<(Found, u64), SolveError> {
        kids.clear();
        let r = self
            .engine
            .expand_classes(c, scratch, |_, _, k| kids.push(k))
            .map_err(|f| SolveError::Fault(f, c))?;
        if r != Expand::Moves {
            return Ok((Found::Done, 0));
        }
        if super::against(self.down, c, kids) {
            return Ok((Found::Broken, 0));
        }
        let new = kids.iter().filter(|k| self.set_bit(k.code)).count() as u64;
        Ok((Found::Done, new))
    }

    /// Valuing, on its thread: the positions it could not value, to be looked at afterwards;
    /// `Err` if the memory to widen the table is refused.
    pub(super) fn value(
        &self,
        store: &mut Store,
        progress: &Progress,
    ) -> Result<Vec<Code>, SolveError> {
        let mut aside = Vec::new();
        let (mut scratch, mut buf, mut kids) = (Scratch::default(), Buffers::default(), Vec::new());
        let descending = !self.down;
        for (a, b) in self.chunks(false) {
            if self.stop.load(Relaxed) {
                break;
            }
            progress.advance(b - a + 1);
            let mut rest = Some((a, b));
            while let Some((a, b)) = rest {
                // Read again as the chunk goes: finding may pass it meanwhile.
                let known = self.settled((a, b));
                let stop = match store {
                    Store::Dense16(table) => {
                        let flags = u64::from(self.impartial)
                            | (u64::from(descending) << 3)
                            | if known { 16 } else { 32 };
                        let kernel = self.kernels.value;
                        let t = atomic16(table);
                        let status =
                            kernel.sweep_range((a, b), u64::MAX, &mut buf, t, &self.bits, flags);
                        match status {
                            Status::Done => {
                                self.took(a, buf.steps());
                                None
                            }
                            Status::Room => {
                                buf.grow();
                                continue;
                            }
                            _ => {
                                self.took(a, buf.steps());
                                Some(buf.stopped().0)
                            }
                        }
                    }
                    // Wider entries: the general step for every code of the chunk.
                    _ => Some(if descending { b } else { a }),
                };
                let Some(stop) = stop else { break };
                if !self.wait_for_finding(stop) {
                    return Ok(aside);
                }
                if !self.bit(stop) {
                    // Not reached.
                } else if let Err(c) = self.value_one(store, stop, &mut scratch, &mut kids)? {
                    aside.push(c);
                }
                rest = match descending {
                    true => (stop > a).then(|| (a, stop - 1)),
                    false => (stop < b).then(|| (stop + 1, b)),
                };
            }
        }
        Ok(aside)
    }

    /// The general step of valuing, on one position: `Err` inside if a rule fails there, outside
    /// if the memory to widen the table is refused.
    fn value_one(
        &self,
        store: &mut Store,
        c: Code,
        scratch: &mut Scratch,
        kids: &mut Vec<Child>,
    ) -> Result<Result<(), Code>, SolveError> {
        let got = self.entry_of(store, c, scratch, kids);
        self.took(c, scratch.steps());
        if self.left_by_finding(c) && (got.is_err() || super::against(self.down, c, kids)) {
            self.again.store(true, Relaxed);
        }
        match got {
            Ok(entry) => store.set(c, entry).map(Ok),
            Err(c) => Ok(Err(c)),
        }
    }

    /// `c`'s entry from its children's in the table (and its children in `kids`, none for an
    /// end): `Err` if a rule fails there.
    fn entry_of(
        &self,
        store: &Store,
        c: Code,
        scratch: &mut Scratch,
        kids: &mut Vec<Child>,
    ) -> Result<u64, Code> {
        scratch.set_steps(0);
        super::general_entry((self.engine, self.impartial), store, c, scratch, kids)
            .map(|(entry, _)| entry)
            .map_err(|_| c)
    }

    /// Verifying, after both threads: every position reached has the entry the general step
    /// gives it and its children all found.
    fn check(&self, store: &Store) {
        let (mut scratch, mut kids) = (Scratch::default(), Vec::new());
        for c in self.range.0..=self.range.1 {
            if !self.bit(c) {
                continue;
            }
            let e = store.get(c);
            match self.entry_of(store, c, &mut scratch, &mut kids) {
                Ok(want) if want == e => {}
                other => panic!("the two-thread sweep gave {c} {e:#x}, not {other:?}"),
            }
            if let Some(k) = kids.iter().find(|k| !self.bit(k.code)) {
                panic!(
                    "the two-thread sweep did not find {}, a child of {c}",
                    k.code
                );
            }
        }
    }

    /// After both threads: the first position set aside that was reached has its fault
    /// reported; entries of codes not reached are cleared; the counts, and whether an end other
    /// than a loss was reached (then Grundy values do not hold).
    pub(super) fn settle(
        &self,
        store: &mut Store,
        aside: &[Code],
    ) -> Result<([u64; 4], bool), SolveError> {
        let mut scratch = Scratch::default();
        for &c in aside.iter().filter(|&&c| self.bit(c)) {
            scratch.set_steps(0);
            if let Err(f) = self.engine.expand_classes(c, &mut scratch, |_, _, _| {}) {
                return Err(SolveError::Fault(f, c));
            }
        }
        let (lo, hi) = self.range;
        if verifying() {
            self.check(store);
        }
        let mut counts = [0u64; 4];
        let mut open_end = false;
        for c in lo..=hi {
            let e = store.get(c);
            if !self.bit(c) {
                if e != 0 {
                    store.set(c, 0)?;
                }
                continue;
            }
            if let Some(x) = unpack(e) {
                counts[x.value as usize] += 1;
                // Ends have remoteness 0; positions with moves at least 1.
                open_end |= remoteness_bits(e) == 0 && x.value != Value::Lose;
            }
        }
        Ok((counts, open_end))
    }
}
