//! A sweep's chunks by the range kernels, which run through the codes and work on the 16-bit
//! table itself: one call a chunk. A position they do not decide (a fault, a limit, an entry too
//! wide for 16 bits) stops the call there: its marks are taken back, the general step does it,
//! and the kernel goes on from the next code. When verifying, every position of a chunk is checked
//! afterwards against the general step.

use super::super::shared::atomic16;
use super::super::store::{tag, widen16, Store, BUSY, UNSEEN};
use super::{Found, Sweep};
use crate::engine::{verifying, Code, Expand};
use crate::jit::{Buffers, Kernel, Status};

impl Sweep<'_, '_> {
    /// Does the chunk `a..=b` with the range kernel; `None` when there is none to use (the
    /// general step then does the chunk).
    pub(super) fn chunk_fused(
        &mut self,
        store: &mut Store,
        (a, b): (Code, Code),
        finding: bool,
        descending: bool,
    ) -> Result<Option<Found>, super::SolveError> {
        let Some(k) = &self.kernels else {
            return Ok(None);
        };
        let (find, value) = (k.find, k.value);
        if !matches!(store, Store::Dense16(_)) {
            return Ok(None);
        }
        let kernel = if finding { find } else { value };
        let found = self.kernel_chunk(kernel, store, (a, b), finding, descending)?;
        if verifying() && !matches!(found, Found::Broken) {
            self.check_chunk(store, (a, b), finding);
        }
        Ok(Some(found))
    }

    /// The chunk by the range kernel, the general step doing what the kernel does not.
    fn kernel_chunk(
        &mut self,
        kernel: &Kernel,
        store: &mut Store,
        (a, b): (Code, Code),
        finding: bool,
        descending: bool,
    ) -> Result<Found, super::SolveError> {
        let mut rest = Some((a, b));
        while let Some((a, b)) = rest {
            let (status, stop) = match self.call(kernel, store, (a, b), finding, descending)? {
                Some(r) => r,
                // The table widened: the general step does the rest.
                None => return self.chunk_general(store, (a, b), finding, descending),
            };
            rest = match status {
                Status::Done => None,
                Status::Broken => return Ok(Found::Broken),
                Status::Room => {
                    self.buf.grow();
                    Some(from_here((a, b), stop, descending))
                }
                _ => {
                    if let Found::Broken = self.one(store, stop, finding)? {
                        return Ok(Found::Broken);
                    }
                    after_here((a, b), stop, descending)
                }
            };
        }
        Ok(Found::Done)
    }

    /// One call on `a..=b`: its status and where it stopped, the positions it found counted, and
    /// the marks of the position it stopped at taken back; `None` if the table is not 16-bit.
    fn call(
        &mut self,
        kernel: &Kernel,
        store: &mut Store,
        range: (Code, Code),
        finding: bool,
        descending: bool,
    ) -> Result<Option<(Status, Code)>, super::SolveError> {
        let Store::Dense16(table) = store else {
            return Ok(None);
        };
        let flags =
            u64::from(self.impartial) | (u64::from(self.down) << 1) | (u64::from(descending) << 3);
        let counted = finding || self.counting;
        let budget = match counted {
            true => self.engine.max_steps.saturating_sub(self.scratch.steps()),
            false => u64::MAX,
        };
        let status = kernel.sweep_range(range, budget, &mut self.buf, atomic16(table), &[], flags);
        let (stop, news, endless) = self.buf.stopped();
        if !matches!(
            status,
            Status::Done | Status::Broken | Status::Moves | Status::End
        ) {
            unmark(&self.buf, self.buf.kids_len(), kernel.stride(), table);
        }
        if counted {
            self.scratch
                .set_steps(self.scratch.steps() + self.buf.steps());
        }
        if finding {
            // The kernels run only without symmetries: each position is its own class.
            self.in_all += news;
            self.found(news)?;
        } else if endless {
            self.grundy = false;
        }
        Ok(Some((status, stop)))
    }

    /// The general step on the chunk's marked positions.
    fn chunk_general(
        &mut self,
        store: &mut Store,
        (a, b): (Code, Code),
        finding: bool,
        descending: bool,
    ) -> Result<Found, super::SolveError> {
        let codes: Box<dyn Iterator<Item = Code>> = match descending {
            true => Box::new((a..=b).rev()),
            false => Box::new(a..=b),
        };
        for c in codes {
            if tag(store.get(c)) == BUSY {
                if let Found::Broken = self.one(store, c, finding)? {
                    return Ok(Found::Broken);
                }
            }
        }
        Ok(Found::Done)
    }

    /// The general step on one position.
    fn one(
        &mut self,
        store: &mut Store,
        c: Code,
        finding: bool,
    ) -> Result<Found, super::SolveError> {
        match finding {
            true => self.find(store, c),
            false => self.value(store, c),
        }
    }

    /// Verifying, after a chunk: every position the kernel valued has the entry the general
    /// step gives it; every position it found from has its children in the table, each going the
    /// sweep's way. (The number of positions is compared with the reference's by the tests.)
    fn check_chunk(&mut self, store: &Store, (a, b): (Code, Code), finding: bool) {
        for c in a..=b {
            let e = store.get(c);
            if finding {
                if tag(e) != BUSY {
                    continue;
                }
                let (broken, _) = self.expected_find(store, c);
                let mut scratch = crate::engine::Scratch::default();
                let mut kids = Vec::new();
                let r = self
                    .engine
                    .expand_classes(c, &mut scratch, |_, _, k| kids.push(k));
                let lost = kids.iter().any(|k| store.get(k.code) == UNSEEN);
                if r == Ok(Expand::Moves) && (broken || lost) {
                    panic!("the sweep's finding kernel left {c} with a child unmarked or astray");
                }
            } else if super::super::store::valued(e) {
                // Checking takes no steps of the solve's: with them, a game whose steps the
                // kernel stays within ran out of steps here (fuzz seed 26, input 57699).
                let steps = self.scratch.steps();
                let got = self.entry_of(store, c);
                self.scratch.set_steps(steps);
                match got {
                    Ok(want) if want == e => {}
                    other => panic!("the sweep's valuing kernel gave {c} {e:#x}, not {other:?}"),
                }
            }
        }
    }

    /// What the general step finds at `c` (without marking): whether the sweep breaks, and the
    /// positions it would mark, in order.
    fn expected_find(&mut self, store: &Store, c: Code) -> (bool, Vec<Code>) {
        let mut scratch = crate::engine::Scratch::default();
        let mut kids = Vec::new();
        let r = self
            .engine
            .expand_classes(c, &mut scratch, |_, _, k| kids.push(k));
        let mut new: Vec<Code> = Vec::new();
        if r != Ok(Expand::Moves) {
            return (false, new);
        }
        let broken = super::against(self.down, c, &kids);
        if !broken {
            for k in &kids {
                if store.get(k.code) == UNSEEN && !new.contains(&k.code) {
                    new.push(k.code);
                }
            }
        }
        (broken, new)
    }
}

/// The rest of `a..=b` from `stop` on, `stop` included.
fn from_here((a, b): (Code, Code), stop: Code, descending: bool) -> (Code, Code) {
    match descending {
        true => (a, stop),
        false => (stop, b),
    }
}

/// The rest of `a..=b` after `stop`, if any.
fn after_here((a, b): (Code, Code), stop: Code, descending: bool) -> Option<(Code, Code)> {
    match descending {
        true => (stop > a).then(|| (a, stop - 1)),
        false => (stop < b).then(|| (stop + 1, b)),
    }
}

/// Takes back the marks of the `n` positions the finding kernel marked.
fn unmark(buf: &Buffers, n: u64, stride: usize, table: &mut [u16]) {
    for code in buf.marked(n as usize, stride) {
        if let Some(e) = table.get_mut(code as usize) {
            if tag(widen16(*e)) == BUSY {
                *e = 0;
            }
        }
    }
}
