//! Moves whose body is plain assignments (`heap[i] -= n`, `pile += n`, `board[r, c] = x`): the
//! child is worked out from the digits that change, without the general interpreter, and a
//! candidate whose checks fail goes through the general path, which reports it exactly.

use super::{Child, Code, Engine, Fault};
use crate::rules::{CMove, COp, Ctx, Operand, Simple};

impl Engine<'_> {
    /// The move's one plain assignment when parameter `k` (the last) is its value and not its
    /// index, and no guard: `heap[i] -= n`, `pile += n`. Then the slot and its old value are the
    /// same for every value of `k`, and each candidate's child is one subtraction away.
    #[inline]
    pub(super) fn counting_step<'m>(&self, m: &'m CMove, k: usize) -> Option<&'m Simple> {
        match (&m.guard, m.simple.as_deref()) {
            (None, Some([one]))
                if one.value == Operand::Local(k as u16) && one.index != Some(k as u16) =>
            {
                Some(one)
            }
            _ => None,
        }
    }

    /// The last parameter's candidates for a `counting_step` move: the slot is found once, and each
    /// candidate's new value is checked as `simple_step` checks it; a candidate that fails a check
    /// goes through `apply`, which reports the fault exactly as for any move.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn last_by_step<F: FnMut(usize, &[i64], Child)>(
        &self,
        f: usize,
        m: &CMove,
        one: &Simple,
        (lo, tried): (i64, u64),
        code: Code,
        ctx: &mut Ctx,
        sink: &mut F,
        count: &mut usize,
    ) -> Result<(), Fault> {
        let k = m.domains.len() - 1;
        let Some(slot) = self.step_slot(one, ctx) else {
            // The index is out of bounds whatever the value: the general path reports it.
            for j in 0..tried {
                ctx.locals[k] = lo + j as i64;
                self.apply(f, m, code, ctx, sink, count)?;
            }
            return Ok(());
        };
        let old = ctx.slots[slot];
        let (min, max) = ctx.ranges[slot];
        for j in 0..tried {
            let v = lo + j as i64;
            ctx.locals[k] = v;
            let new = match one.op {
                COp::Set => Some(v),
                COp::Add => old.checked_add(v),
                COp::Sub => old.checked_sub(v),
                COp::Mul => old.checked_mul(v),
            };
            match new {
                Some(new) if new >= min && new <= max => {
                    let delta = self.slot_delta(slot, old, new);
                    let child = self.after_move((code as i64 + delta) as u64, false);
                    *count += 1;
                    sink(
                        f,
                        &ctx.locals[..=k],
                        Child {
                            code: child,
                            kept: false,
                            digits: new.wrapping_sub(old) as i32,
                        },
                    );
                }
                _ => self.apply(f, m, code, ctx, sink, count)?,
            }
        }
        Ok(())
    }

    /// Runs a body of plain assignments: the child's code and the change of the digits' sum;
    /// `None` if any index, arithmetic or range check fails (the slots are then as before).
    #[inline]
    pub(super) fn apply_simple(
        &self,
        simple: &[Simple],
        code: Code,
        ctx: &mut Ctx,
    ) -> Option<(Code, i32)> {
        if let [one] = simple {
            // One assignment: the child differs in one digit; nothing needs writing back.
            let (slot, old, new) = self.simple_step(one, ctx)?;
            let delta = self.slot_delta(slot, old, new);
            let child = self.after_move((code as i64 + delta) as u64, false);
            return Some((child, new.wrapping_sub(old) as i32));
        }
        let mark = ctx.undo.len();
        let mut ok = true;
        for s in simple {
            match self.simple_step(s, ctx) {
                Some((slot, old, new)) => {
                    ctx.undo.push((slot as u32, old));
                    ctx.slots[slot] = new;
                }
                None => {
                    ok = false;
                    break;
                }
            }
        }
        let (mut delta, mut digits): (i64, i32) = (0, 0);
        for (i, &(slot, old)) in ctx.undo[mark..].iter().enumerate() {
            if ctx.undo[mark..mark + i].iter().all(|(s, _)| *s != slot) {
                let new = ctx.slots[slot as usize];
                delta += self.slot_delta(slot as usize, old, new);
                digits = digits.wrapping_add(new.wrapping_sub(old) as i32);
            }
        }
        ctx.rollback(mark);
        ok.then(|| (self.after_move((code as i64 + delta) as u64, false), digits))
    }

    /// The slot a plain assignment writes, if its index is within bounds.
    #[inline]
    fn step_slot(&self, s: &Simple, ctx: &Ctx) -> Option<usize> {
        match s.index {
            None => Some(s.base as usize),
            Some(l) => {
                let i = ctx.locals[l as usize].checked_sub(s.offset)?;
                if i < 0 || i >= s.len as i64 {
                    return None;
                }
                Some(s.base as usize + i as usize)
            }
        }
    }

    /// One plain assignment's slot, old value and new value, if every check passes.
    #[inline]
    fn simple_step(&self, s: &Simple, ctx: &Ctx) -> Option<(usize, i64, i64)> {
        let slot = self.step_slot(s, ctx)?;
        let v = match s.value {
            Operand::Const(c) => c,
            Operand::Local(l) => ctx.locals[l as usize],
            Operand::Slot(x) => ctx.slots[x as usize],
        };
        let old = ctx.slots[slot];
        let new = match s.op {
            COp::Set => Some(v),
            COp::Add => old.checked_add(v),
            COp::Sub => old.checked_sub(v),
            COp::Mul => old.checked_mul(v),
        }?;
        let (lo, hi) = ctx.ranges[slot];
        (new >= lo && new <= hi).then_some((slot, old, new))
    }
}
