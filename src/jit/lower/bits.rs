//! Reachability as a bitset, for a sweep on two threads: one thread finds the positions, setting
//! a bit a position in a bitset of its own, while the other values positions in the table; a
//! valuing call either values every code of its range (where finding has not got there yet) or
//! only those whose bit is set.

use super::{at, flags, Lower};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::types::I64;
use cranelift_codegen::ir::{InstBuilder, Value};

impl Lower<'_, '_> {
    /// The address of the word holding `code`'s bit, and the bit, after checking it lies in the
    /// bitset.
    fn bit_of(&mut self, code: Value) -> (Value, Value) {
        let (base, words) = self.bits;
        let w = self.b.ins().ushr_imm(code, 6);
        let out = self
            .b
            .ins()
            .icmp(IntCC::UnsignedGreaterThanOrEqual, w, words);
        self.bail_if(out);
        let off = self.b.ins().ishl_imm(w, 3);
        let addr = self.b.ins().iadd(base, off);
        let one = self.konst(1);
        let k = self.b.ins().band_imm(code, 63);
        (addr, self.b.ins().ishl(one, k))
    }

    /// Loads the bitset's address and length in words, once, at the start.
    pub(super) fn load_bits(&mut self) {
        self.bits = (self.field(at::BITS), self.field(at::BITS_LEN));
    }

    /// Whether `code`'s bit is set, as an i8 truth value.
    pub(super) fn bit_set(&mut self, code: Value) -> Value {
        let (addr, bit) = self.bit_of(code);
        let w = self.b.ins().load(I64, flags(), addr, 0);
        let v = self.b.ins().band(w, bit);
        self.b.ins().icmp_imm(IntCC::NotEqual, v, 0)
    }

    /// Finding into the bitset: the child is marked (its bit set) if unseen, and recorded; the
    /// highest and lowest children are kept as `emit_find` keeps them.
    pub(super) fn emit_find_bits(&mut self, child: Value) {
        self.keep_extremes(child);
        let (addr, bit) = self.bit_of(child);
        let w = self.b.ins().load(I64, flags(), addr, 0);
        let seen = self.b.ins().band(w, bit);
        let (fresh, after) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(seen, after, &[], fresh, &[]);
        self.b.switch_to_block(fresh);
        self.record_fresh(child, |me| {
            let w = me.b.ins().bor(w, bit);
            me.b.ins().store(flags(), w, addr, 0);
        });
        self.b.ins().jump(after, &[]);
        self.b.switch_to_block(after);
    }

    /// Clears `code`'s bit (a mark taken back).
    pub(super) fn clear_bit(&mut self, code: Value) {
        let (addr, bit) = self.bit_of(code);
        let w = self.b.ins().load(I64, flags(), addr, 0);
        let w = self.b.ins().band_not(w, bit);
        self.b.ins().store(flags(), w, addr, 0);
    }
}
