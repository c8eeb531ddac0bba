//! The finding kernel of a solve in tier order by the sum of the digits, where threads share the
//! table: each child is recorded with how it changes the sum, and only when the position turns
//! out to have moves (no fault, no end) are the children marked, each unseen one with its tier
//! (`store::busy` in 16 bits) by compare-and-swap, so that two threads never both count one.
//! The codes this call marked are moved to the front of the buffer for the caller.

use super::{flags, Lower};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::types::{I16, I64};
use cranelift_codegen::ir::{InstBuilder, MemFlags, Value};

/// The mark of a position found in tier `t`: `store::busy(t)` in 16 bits.
const BUSY16: i64 = 1 << 13;

impl Lower<'_, '_> {
    /// Records a child and its change of the digits' sum; keeps the largest and smallest
    /// change, to check the direction at the end. The child's entry is checked to lie in the
    /// table now, so that marking cannot fail later.
    pub(super) fn emit_tiered(&mut self, child: Value, digits: Value) {
        let (_, len) = self.table;
        let out = self
            .b
            .ins()
            .icmp(IntCC::UnsignedGreaterThanOrEqual, child, len);
        self.bail_if(out);
        let high = self.b.use_var(self.broken);
        let high = self.b.ins().smax(high, digits);
        self.b.def_var(self.broken, high);
        let low = self.b.use_var(self.agg[0]);
        let low = self.b.ins().smin(low, digits);
        self.b.def_var(self.agg[0], low);
        let n = self.b.use_var(self.nkids);
        let full = self
            .b
            .ins()
            .icmp(IntCC::UnsignedGreaterThanOrEqual, n, self.kid_cap);
        self.room_if(full);
        let at = self.b.ins().imul_imm(n, (self.stride * 8) as i64);
        let at = self.b.ins().iadd(self.kids, at);
        self.b.ins().store(flags(), child, at, 0);
        self.b.ins().store(flags(), digits, at, 8);
    }

    /// No child yet: the largest change below all, the smallest above all.
    pub(super) fn start_tiered(&mut self) {
        let (min, max) = (self.konst(i64::MIN), self.konst(i64::MAX));
        self.b.def_var(self.broken, min);
        self.b.def_var(self.agg[0], max);
    }

    /// Whether some move did not change the sum the tiers' way (down: every change below 0; up:
    /// above 0), as an i8 truth value.
    pub(super) fn against_tiers(&mut self) -> Value {
        let high = self.b.use_var(self.broken);
        let low = self.b.use_var(self.agg[0]);
        let not_down = self
            .b
            .ins()
            .icmp_imm(IntCC::SignedGreaterThanOrEqual, high, 0);
        let not_up = self.b.ins().icmp_imm(IntCC::SignedLessThanOrEqual, low, 0);
        let down = self.b.ins().band_imm(self.sweep_flags, 2);
        self.b.ins().select(down, not_down, not_up)
    }

    /// Marks every recorded child that is unseen with its tier (the parent's, in bits 16.. of the
    /// flags, plus the change), by compare-and-swap; the codes marked here go to the front of
    /// the buffer, and their count is returned.
    pub(super) fn mark_found(&mut self) -> Value {
        let tier = self.b.ins().ushr_imm(self.sweep_flags, 16);
        let n = self.b.use_var(self.nkids);
        let (j, new) = (self.b.declare_var(I64), self.b.declare_var(I64));
        let zero = self.konst(0);
        self.b.def_var(j, zero);
        self.b.def_var(new, zero);
        let (head, body, fresh, won, next, after) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(head);
        let jv = self.b.use_var(j);
        let more = self.b.ins().icmp(IntCC::UnsignedLessThan, jv, n);
        self.b.ins().brif(more, body, &[], after, &[]);
        self.b.switch_to_block(body);
        let rec = self.b.ins().imul_imm(jv, (self.stride * 8) as i64);
        let rec = self.b.ins().iadd(self.kids, rec);
        let child = self.b.ins().load(I64, flags(), rec, 0);
        let digits = self.b.ins().load(I64, flags(), rec, 8);
        let off = self.b.ins().ishl_imm(child, 1);
        let addr = self.b.ins().iadd(self.table.0, off);
        let e = self.b.ins().atomic_load(I16, MemFlags::trusted(), addr);
        let unseen = self.b.ins().icmp_imm(IntCC::Equal, e, 0);
        self.b.ins().brif(unseen, fresh, &[], next, &[]);
        self.b.switch_to_block(fresh);
        let t = self.b.ins().iadd(tier, digits);
        let mark = self.b.ins().bor_imm(t, BUSY16);
        let mark = self.b.ins().ireduce(I16, mark);
        let none = self.b.ins().iconst(I16, 0);
        let old = self
            .b
            .ins()
            .atomic_cas(MemFlags::trusted(), addr, none, mark);
        let ours = self.b.ins().icmp_imm(IntCC::Equal, old, 0);
        self.b.ins().brif(ours, won, &[], next, &[]);
        self.b.switch_to_block(won);
        let k = self.b.use_var(new);
        let to = self.b.ins().imul_imm(k, (self.stride * 8) as i64);
        let to = self.b.ins().iadd(self.kids, to);
        self.b.ins().store(flags(), child, to, 0);
        let k = self.b.ins().iadd_imm(k, 1);
        self.b.def_var(new, k);
        self.b.ins().jump(next, &[]);
        self.b.switch_to_block(next);
        let jv = self.b.ins().iadd_imm(jv, 1);
        self.b.def_var(j, jv);
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(after);
        self.b.use_var(new)
    }
}
