//! A sweep's steps by the finding and valuing kernels, which work on the 16-bit table itself:
//! one call a position, no list of children. Whatever they cannot decide (a fault, a limit, an
//! entry too wide for 16 bits) goes to the general step, after their marks are taken back. When
//! verifying, each call is compared with the general step's result first.

use super::super::rel_value;
use super::super::store::{pack, tag, widen16, Store, BUSY, UNSEEN};
use super::{Found, Sweep};
use crate::engine::{verifying, Code, Expand, Rel};
use crate::jit::Status;

impl Sweep<'_, '_> {
    /// The kernels' flags: Grundy values, and the sweep's direction.
    fn flags(&self) -> u64 {
        u64::from(self.impartial) | (u64::from(self.down) << 1)
    }

    /// Finding by the kernel; `None` when the general step must do it.
    pub(super) fn find_fused(
        &mut self,
        store: &mut Store,
        c: Code,
    ) -> Result<Option<Found>, super::SolveError> {
        let Some((find, _)) = self.engine.sweep_kernels() else {
            return Ok(None);
        };
        let expected = match verifying() {
            true => Some(self.expected_find(store, c)),
            false => None,
        };
        let Store::Dense16(table) = store else {
            return Ok(None);
        };
        let budget = self.engine.max_steps.saturating_sub(self.scratch.steps());
        let flags = self.flags();
        let status = loop {
            let status = find.sweep(c, budget, &mut self.buf, table, flags);
            if status != Status::Room {
                break status;
            }
            unmark(&self.buf, self.buf.kids_len(), find.stride(), table);
            self.buf.grow();
        };
        let (kids_len, steps) = (self.buf.kids_len(), self.buf.steps());
        let marked: Vec<Code> = match expected {
            Some(_) => self.buf.marked(kids_len as usize, find.stride()).collect(),
            None => Vec::new(),
        };
        let result = match status {
            Status::Moves => Some((Found::Done, kids_len)),
            Status::Broken => Some((Found::Broken, 0)),
            Status::End => Some((Found::Done, 0)),
            _ => None,
        };
        if let (Some(exp), Some((found, n))) = (&expected, &result) {
            let got = (
                matches!(found, Found::Broken),
                &marked[..*n as usize],
                steps,
            );
            if (exp.0, &exp.1[..], exp.2) != got {
                panic!("the finding kernel differs at {c}: expected {exp:?}, got {got:?}");
            }
        }
        match result {
            Some((Found::Done, n)) => {
                if n == 0 {
                    unmark(&self.buf, kids_len, find.stride(), table);
                }
                self.scratch.set_steps(self.scratch.steps() + steps);
                for _ in 0..n {
                    self.one_more()?;
                }
                Ok(Some(Found::Done))
            }
            Some((Found::Broken, _)) => Ok(Some(Found::Broken)),
            None => {
                unmark(&self.buf, kids_len, find.stride(), table);
                Ok(None)
            }
        }
    }

    /// What the general step finds at `c` (without marking): whether the sweep breaks, the
    /// positions it would mark, in order, and the steps.
    fn expected_find(&mut self, store: &Store, c: Code) -> (bool, Vec<Code>, u64) {
        let mut scratch = crate::engine::Scratch::default();
        let mut kids = Vec::new();
        let r = self
            .engine
            .expand_classes(c, &mut scratch, |_, _, k| kids.push(k));
        let mut new: Vec<Code> = Vec::new();
        if r != Ok(Expand::Moves) {
            return (false, new, scratch.steps());
        }
        let broken = kids
            .iter()
            .any(|k| (k.code < c) != self.down || k.code == c);
        if !broken {
            for k in &kids {
                if store.get(k.code) == UNSEEN && !new.contains(&k.code) {
                    new.push(k.code);
                }
            }
        }
        (broken, new, scratch.steps())
    }

    /// Valuing by the kernel: the entry it wrote; `None` when the general step must do it.
    pub(super) fn value_fused(
        &mut self,
        store: &mut Store,
        c: Code,
    ) -> Result<Option<u64>, super::SolveError> {
        let Some((_, value)) = self.engine.sweep_kernels() else {
            return Ok(None);
        };
        let expected = match verifying() {
            true => Some(self.entry_of(store, c)?),
            false => None,
        };
        let Store::Dense16(table) = store else {
            return Ok(None);
        };
        let flags = self.flags();
        let status = value.sweep(c, u64::MAX, &mut self.buf, table, flags);
        let entry = match status {
            Status::Moves => widen16(self.buf.entry() as u16),
            Status::End => {
                let rel = match self.buf.end().1 {
                    0 => Rel::Win,
                    1 => Rel::Lose,
                    _ => Rel::Tie,
                };
                if rel != Rel::Lose {
                    self.grundy = false;
                }
                let e = pack(rel_value(rel), 0, 0);
                store.set(c, e);
                e
            }
            _ => return Ok(None),
        };
        if let Some(exp) = expected {
            if exp != entry {
                panic!("the valuing kernel differs at {c}: expected {exp:#x}, got {entry:#x}");
            }
        }
        Ok(Some(entry))
    }
}

/// Takes back the marks of the `n` positions the finding kernel marked.
fn unmark(buf: &crate::jit::Buffers, n: u64, stride: usize, table: &mut [u16]) {
    for code in buf.marked(n as usize, stride) {
        if let Some(e) = table.get_mut(code as usize) {
            if tag(widen16(*e)) == BUSY {
                *e = 0;
            }
        }
    }
}
