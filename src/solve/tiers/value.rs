//! Valuing one tier's positions in parallel, every child's value known: by the compiled valuing
//! kernel where the table has 16-bit entries (one call a position, on the table itself), else by
//! expanding the position and folding its children's entries.

use super::super::agg::{mex, Agg};
use super::super::rel_value;
use super::super::shared::Shared;
use super::super::store::{pack, unpack, valued, widen16};
use super::tasks::Task;
use crate::engine::{verifying, Child, Code, Engine, Expand, Fault, Rel, Scratch};
use crate::jit::{Buffers, Status};
use rayon::prelude::*;

/// Valuing tier `tier`'s positions, whose children are all valued.
pub(super) struct Value<'e, 'r> {
    pub engine: &'e Engine<'r>,
    pub tier: u64,
    pub impartial: bool,
}

/// What one task valued: positions by value, whether Grundy values still hold (no end other than a
/// loss), and values too wide for the table, to be written after the parallel step.
#[derive(Clone)]
pub(super) struct ValueOut {
    pub counts: [u64; 4],
    pub grundy: bool,
    pub later: Vec<(Code, u64)>,
}

impl Value<'_, '_> {
    pub(super) fn run(
        &self,
        tasks: &[Task],
        shared: &Shared,
    ) -> Result<Vec<ValueOut>, (Fault, Code)> {
        tasks
            .par_iter()
            .map_init(
                || (Scratch::default(), Vec::new(), Buffers::default()),
                |(scratch, kids, buf), task| {
                    let mut out = ValueOut {
                        counts: [0; 4],
                        grundy: true,
                        later: Vec::new(),
                    };
                    task.each(shared, self.tier, |code| {
                        if let Some(entry) =
                            self.fused(code, shared, scratch, kids, buf, &mut out)?
                        {
                            count(&mut out, entry);
                            return Ok(());
                        }
                        self.one(code, shared, scratch, kids, &mut out)
                    })?;
                    Ok(out)
                },
            )
            .collect()
    }

    fn one(
        &self,
        code: Code,
        shared: &Shared,
        scratch: &mut Scratch,
        kids: &mut Vec<Child>,
        out: &mut ValueOut,
    ) -> Result<(), (Fault, Code)> {
        let entry = self.entry_of(code, shared, scratch, kids, out)?;
        count(out, entry);
        if !shared.try_set(code, entry) {
            out.later.push((code, entry));
        }
        Ok(())
    }

    /// The entry of `code` from its children's, read from the table (an end: its outcome).
    fn entry_of(
        &self,
        code: Code,
        shared: &Shared,
        scratch: &mut Scratch,
        kids: &mut Vec<Child>,
        out: &mut ValueOut,
    ) -> Result<u64, (Fault, Code)> {
        kids.clear();
        // Finding the positions took these steps already, within the limit.
        scratch.set_steps(0);
        let r = self
            .engine
            .expand_classes(code, scratch, |_, _, c| kids.push(c))
            .map_err(|f| (f, code))?;
        let entry = match r {
            Expand::End { rel, .. } => {
                if rel != Rel::Lose {
                    out.grundy = false;
                }
                pack(rel_value(rel), 0, 0)
            }
            Expand::Moves => {
                let mut agg = Agg::default();
                for k in kids.iter() {
                    let e = shared.get(k.code);
                    if valued(e) {
                        agg.fold(e, k.kept);
                    }
                }
                let grundy = self.impartial.then(|| mex(&agg, kids, |c| shared.get(c)));
                agg.entry(grundy)
            }
        };
        Ok(entry)
    }

    /// Values `code` with the compiled valuing kernel on the 16-bit table; `None` when the kernel
    /// is not there or does not decide (the general step then does). Verifying, the general
    /// step's entry is worked out first and must be the kernel's.
    fn fused(
        &self,
        code: Code,
        shared: &Shared,
        scratch: &mut Scratch,
        kids: &mut Vec<Child>,
        buf: &mut Buffers,
        out: &mut ValueOut,
    ) -> Result<Option<u64>, (Fault, Code)> {
        let (Some((_, kernel)), Shared::A16(table)) = (self.engine.tier_kernels(), shared) else {
            return Ok(None);
        };
        let expected = match verifying() {
            true => Some(self.entry_of(code, shared, scratch, kids, &mut out.clone())?),
            false => None,
        };
        let entry = match kernel.sweep(code, u64::MAX, buf, table, u64::from(self.impartial)) {
            Status::Moves => widen16(buf.entry() as u16),
            Status::End => {
                let rel = match buf.end().1 {
                    0 => Rel::Win,
                    1 => Rel::Lose,
                    _ => Rel::Tie,
                };
                if rel != Rel::Lose {
                    out.grundy = false;
                }
                let e = pack(rel_value(rel), 0, 0);
                if !shared.try_set(code, e) {
                    out.later.push((code, e));
                }
                e
            }
            _ => return Ok(None),
        };
        if let Some(exp) = expected {
            if exp != entry {
                panic!("the valuing kernel differs at {code}: expected {exp:#x}, got {entry:#x}");
            }
        }
        Ok(Some(entry))
    }
}

/// Counts a valued position by its value.
fn count(out: &mut ValueOut, entry: u64) {
    if let Some(e) = unpack(entry) {
        out.counts[e.value as usize] += 1;
    }
}
