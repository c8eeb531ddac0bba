//! Finding a tier's children with the compiled finding kernel (`jit::Mode::FindTiers`), where the
//! tiers are sums of the digits and the table has 16-bit entries: one call a position marks its
//! unseen children with their tiers on the table itself. Whatever the kernel does not decide goes
//! to the general step (nothing is marked then). Verifying, the call is checked against the
//! children the general expansion gives.

use super::super::shared::Shared;
use super::super::store::{tier_of, UNSEEN};
use super::tasks::{Find, FindOut, Stop};
use super::Measure;
use crate::engine::{verifying, Code, Expand, Scratch};
use crate::jit::{Buffers, Status};

impl Find<'_, '_> {
    /// Finds `code`'s children with the kernel; `Ok(false)` when the general step must.
    pub(super) fn fused(
        &self,
        code: Code,
        shared: &Shared,
        scratch: &mut Scratch,
        buf: &mut Buffers,
        out: &mut FindOut,
    ) -> Result<bool, Stop> {
        // The kernel takes a move that keeps the tier for a broken plan.
        if self.plan.measure != Measure::Sum || self.plan.loopy {
            return Ok(false);
        }
        let (Some((kernel, _)), Shared::A16(table)) = (self.engine.tier_kernels(), shared) else {
            return Ok(false);
        };
        let flags = (u64::from(!self.plan.up) << 1) | (self.tier << 16);
        let budget = self.engine.max_steps.saturating_sub(scratch.steps());
        let status = loop {
            // Nothing is marked before the position is known to have moves: a full buffer can
            // simply be grown and the call made again.
            match kernel.sweep(code, budget, buf, table, flags) {
                Status::Room => buf.grow(),
                s => break s,
            }
        };
        match status {
            Status::Moves | Status::End => {}
            Status::Broken => return Err(Stop::Broken),
            _ => return Ok(false),
        }
        scratch.set_steps(scratch.steps() + buf.steps());
        let marked: Vec<Code> = buf
            .marked(buf.kids_len() as usize, kernel.stride())
            .collect();
        if verifying() {
            self.check(code, shared, status, buf.steps(), &marked);
        }
        for c in marked {
            out.new.push((c, tier_of(shared.get(c))));
            out.in_all = out.in_all.saturating_add(1);
        }
        Ok(true)
    }

    /// Stops the program if the kernel's call differs from the general expansion: the same end
    /// or moves and steps, every child now in the table, and each code marked a child in its tier.
    fn check(&self, code: Code, shared: &Shared, status: Status, steps: u64, marked: &[Code]) {
        let mut scratch = Scratch::default();
        let mut kids = Vec::new();
        let r = self
            .engine
            .expand_classes(code, &mut scratch, |_, _, k| kids.push(k));
        let moves = r == Ok(Expand::Moves);
        let wrong = |why: &str| -> ! {
            panic!("the tier-finding kernel differs at {code}: {why}");
        };
        if moves != (status == Status::Moves) || scratch.steps() != steps {
            wrong(&format!(
                "{r:?} in {} steps, the kernel {status:?} in {steps}",
                scratch.steps()
            ));
        }
        for k in kids.iter().filter(|_| moves) {
            if shared.get(k.code) == UNSEEN {
                wrong(&format!("child {} is not marked", k.code));
            }
        }
        for &c in marked {
            let k = kids.iter().find(|k| k.code == c);
            let tier = k.and_then(|k| self.tier.checked_add_signed(i64::from(k.digits)));
            if tier != Some(tier_of(shared.get(c))) {
                wrong(&format!("{c} is marked in tier {}", tier_of(shared.get(c))));
            }
        }
    }
}
