//! Finding that stops early on two threads, as `unfound.rs` does on one: once every code ahead of
//! finding has its bit set, finding stops and settles them all. Valuing, which reads them first
//! and may have valued them already (not knowing yet which were reached), checks each one it
//! leaves to the general step for a move against the sweep (a child not valued yet: the kernel
//! leaves every such position to the general step), and counts the steps of every chunk. After
//! both threads, a fault, a move against the sweep or more steps than finding had left in those
//! codes starts the sweep again without stopping early, which meets it where it would have.

use super::chunk_size;
use super::pair::Pair;
use crate::engine::{Code, Engine, SweepKernels};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::OnceLock;

impl<'e, 'r> Pair<'e, 'r> {
    /// The shared state of a sweep on `range` with nothing found yet.
    pub(super) fn new(
        engine: &'e Engine<'r>,
        kernels: SweepKernels<'e>,
        (down, impartial, limit): (bool, bool, u64),
        range: (Code, Code),
        may_skip: bool,
    ) -> Self {
        let words = engine.space.div_ceil(64) as usize;
        let chunk = chunk_size();
        Pair {
            engine,
            kernels,
            down,
            impartial,
            limit,
            range,
            chunk,
            bits: (0..words).map(|_| AtomicU64::new(0)).collect(),
            settled: AtomicU64::new(if down { u64::MAX } else { 0 }),
            stop: AtomicBool::new(false),
            may_skip,
            unfound: OnceLock::new(),
            find_steps: AtomicU64::new(0),
            chunk_steps: (0..=(range.1 - range.0) / chunk)
                .map(|_| AtomicU64::new(0))
                .collect(),
            again: AtomicBool::new(false),
        }
    }

    /// How many codes of `a..=b` have their bit set.
    fn count_bits(&self, (a, b): (Code, Code)) -> u64 {
        let mut n = 0;
        let mut c = a;
        while c <= b {
            let Some(w) = self.bits.get((c >> 6) as usize) else {
                break;
            };
            let end = (c | 63).min(b);
            let width = end - c + 1;
            let mask = if width == 64 {
                u64::MAX
            } else {
                ((1u64 << width) - 1) << (c & 63)
            };
            n += u64::from((w.load(Relaxed) & mask).count_ones());
            c = end + 1;
        }
        n
    }

    /// After finding has done the chunk `a..=b`, with `positions` found so far (adding the
    /// chunk's to `behind`, those of the chunks done): whether every code still ahead of it has
    /// its bit set, and then it stops, leaving them (`unfound`).
    pub(super) fn all_found_after(
        &self,
        (a, b): (Code, Code),
        positions: u64,
        behind: &mut u64,
    ) -> bool {
        *behind += self.count_bits((a, b));
        let Some((x, y)) = super::ahead(self.down, self.range, (a, b)) else {
            return false;
        };
        let n = y - x + 1;
        // The count says when to look; the bits themselves are what valuing relies on.
        if positions.checked_sub(*behind) != Some(n) || self.count_bits((x, y)) != n {
            return false;
        }
        self.unfound.set((x, y)).is_ok()
    }

    /// Whether finding left `c` (read after finding has settled `c`).
    pub(super) fn left_by_finding(&self, c: Code) -> bool {
        self.unfound
            .get()
            .is_some_and(|&(x, y)| (x..=y).contains(&c))
    }

    /// Valuing took `steps` in the chunk of `c`.
    pub(super) fn took(&self, c: Code, steps: u64) {
        if let Some(s) = self
            .chunk_steps
            .get(((c - self.range.0) / self.chunk) as usize)
        {
            s.fetch_add(steps, Relaxed);
        }
    }

    /// After both threads: whether the codes finding left (if any) held nothing out of the
    /// ordinary, within the steps finding had left; else the sweep is to start again.
    pub(super) fn left_well(&self) -> bool {
        let Some(&(x, y)) = self.unfound.get() else {
            return true;
        };
        let lo = self.range.0;
        let steps = ((x - lo) / self.chunk) as usize..=((y - lo) / self.chunk) as usize;
        let taken = self.chunk_steps[steps]
            .iter()
            .fold(self.find_steps.load(Relaxed), |t, s| {
                t.saturating_add(s.load(Relaxed))
            });
        !self.again.load(Relaxed) && taken <= self.engine.max_steps
    }
}
