//! A sweep's kernel over a whole range of position numbers in one call: a loop over the codes
//! (down or up), each marked one expanded as a single call would expand it, its steps added to
//! those of the positions done before it. A position the kernel does not decide stops the call
//! where it is (the frame says which code, the steps of the positions done, and the marks this
//! position made), for the caller to do it and call again from the next code.
//! Valuing writes an end's entry itself, and notes an end other than a loss (Grundy values then do
//! not hold); finding counts the positions it marks and takes back the marks of a position that
//! turns out to end.

use super::fused::Mode;
use super::{at, flags, Lower};
use crate::jit::frame::{BROKEN, DONE, END, MOVES};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::types::{I16, I32, I64};
use cranelift_codegen::ir::{Block, InstBuilder, MemFlags};
use cranelift_frontend::Variable;

/// The mark of a position found and not yet valued (`store::BUSY` in 16 bits).
const MARK16: i64 = 1 << 13;

/// The loop's state.
#[derive(Clone, Copy)]
pub(in crate::jit) struct Range {
    /// The code now, and how many codes are left after it.
    code: Variable,
    left: Variable,
    /// Steps of the positions done; positions marked (finding); an end other than a loss met
    /// (valuing).
    steps_done: Variable,
    news: Variable,
    endless: Variable,
    /// The block that goes on to the next code, and the one after the last.
    next: Block,
    exit: Block,
    /// 1 going up, -1 going down.
    step: Variable,
    /// The loop's head: the mark of the code now is read there.
    head: Block,
    /// The code now's turn and "kept the turn" digits (its slots are in the slots' buffer).
    turn: Variable,
    kept: Variable,
}

impl Lower<'_, '_> {
    /// Starts the loop over the frame's codes `FROM..=TO` (down when flag bit 3 is set) and opens
    /// the first marked position: `self.code` is its code.
    pub(super) fn range_start(&mut self) {
        let v = |me: &mut Self| me.b.declare_var(I64);
        let r = Range {
            code: v(self),
            left: v(self),
            steps_done: v(self),
            news: v(self),
            endless: v(self),
            step: v(self),
            next: self.b.create_block(),
            exit: self.b.create_block(),
            head: self.b.create_block(),
            turn: v(self),
            kept: v(self),
        };
        let from = self.field(at::FROM);
        let to = self.field(at::TO);
        let down = self.b.ins().band_imm(self.sweep_flags, 8);
        let start = self.b.ins().select(down, to, from);
        let (one, minus) = (self.konst(1), self.konst(-1));
        let step = self.b.ins().select(down, minus, one);
        let n = self.b.ins().isub(to, from);
        let (t, f) = self.decode_code(start);
        self.b.def_var(r.turn, t);
        self.b.def_var(r.kept, f);
        let zero = self.konst(0);
        for (var, val) in [
            (r.code, start),
            (r.left, n),
            (r.steps_done, zero),
            (r.news, zero),
            (r.endless, zero),
            (r.step, step),
        ] {
            self.b.def_var(var, val);
        }
        self.range = Some(r);
        let (head, open) = (r.head, self.b.create_block());
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(head);
        let c = self.b.use_var(r.code);
        let marked = self.opens(c);
        self.b.ins().brif(marked, open, &[], r.next, &[]);
        self.b.switch_to_block(open);
        self.code = c;
        let (t, f) = (self.b.use_var(r.turn), self.b.use_var(r.kept));
        self.turn(t, f);
        let (zero, one) = (self.konst(0), self.konst(1));
        for var in [
            self.steps,
            self.candidates,
            self.nkids,
            self.again,
            self.nnew,
        ] {
            self.b.def_var(var, zero);
        }
        self.b.def_var(self.scale, one);
        self.scale_known = Some(1);
    }

    /// Whether the loop opens code `c` (an i8 truth value): finding in the bitset, if its bit is
    /// set; valuing with flag bit 5, always (finding has not got there: its reach is not known);
    /// with flag bit 4, if its bit is set; else if the table marks it.
    fn opens(&mut self, c: cranelift_codegen::ir::Value) -> cranelift_codegen::ir::Value {
        if self.mode == Mode::FindBits {
            return self.bit_set(c);
        }
        let off = self.b.ins().ishl_imm(c, 1);
        let addr = self.b.ins().iadd(self.table.0, off);
        let e = self.b.ins().uload16(I64, MemFlags::trusted(), addr, 0);
        let marked = self.b.ins().icmp_imm(IntCC::Equal, e, MARK16);
        if self.mode != Mode::Value {
            return marked;
        }
        let (by_bits, all) = (self.b.create_block(), self.b.create_block());
        let join = self.b.create_block();
        self.b
            .append_block_param(join, cranelift_codegen::ir::types::I8);
        let guided = self.b.ins().band_imm(self.sweep_flags, 16);
        let every = self.b.ins().band_imm(self.sweep_flags, 32);
        self.b.ins().brif(every, all, &[], by_bits, &[]);
        self.b.switch_to_block(all);
        let yes = self.b.ins().iconst(cranelift_codegen::ir::types::I8, 1);
        self.b.ins().jump(join, &[yes.into()]);
        self.b.switch_to_block(by_bits);
        let (bits, table) = (self.b.create_block(), self.b.create_block());
        self.b.ins().brif(guided, bits, &[], table, &[]);
        self.b.switch_to_block(table);
        self.b.ins().jump(join, &[marked.into()]);
        self.b.switch_to_block(bits);
        let set = self.bit_set(c);
        self.b.ins().jump(join, &[set.into()]);
        self.b.switch_to_block(join);
        self.b.block_params(join)[0]
    }

    /// The position is done with `status`: its steps counted (past the budget, the kernel gives
    /// up on it), its end's entry written (valuing) or its marks taken back (finding, an end);
    /// on to the next code. A move against the sweep returns `BROKEN` at once.
    pub(super) fn range_finish(&mut self, status: i64, rel: Option<cranelift_codegen::ir::Value>) {
        let Some(r) = self.range else { return };
        if status == BROKEN {
            self.stop(r, BROKEN);
            return;
        }
        let steps = self.b.use_var(self.steps);
        let done = self.b.use_var(r.steps_done);
        let total = self.b.ins().iadd(done, steps);
        let budget = self.field(at::BUDGET);
        let over = self.b.ins().icmp(IntCC::UnsignedGreaterThan, total, budget);
        self.bail_if(over);
        self.b.def_var(r.steps_done, total);
        match (self.mode, status, rel) {
            (Mode::Find | Mode::FindBits, MOVES, _) => {
                let n = self.b.use_var(self.nnew);
                let news = self.b.use_var(r.news);
                let news = self.b.ins().iadd(news, n);
                self.b.def_var(r.news, news);
            }
            (Mode::Find | Mode::FindBits, END, _) => self.unmark_all(),
            (Mode::Value, END, Some(rel)) => {
                // Win, lose, tie: tags 2, 3, 4 in the top bits; remoteness and Grundy 0.
                let tags = self.konst(0x432);
                let shift = self.b.ins().ishl_imm(rel, 2);
                let tag = self.b.ins().ushr(tags, shift);
                let tag = self.b.ins().band_imm(tag, 0xF);
                let e = self.b.ins().ishl_imm(tag, 13);
                let e = self.b.ins().ireduce(I16, e);
                let off = self.b.ins().ishl_imm(self.code, 1);
                let addr = self.b.ins().iadd(self.table.0, off);
                self.b.ins().store(MemFlags::trusted(), e, addr, 0);
                let lost = self.b.ins().icmp_imm(IntCC::Equal, rel, 1);
                let endless = self.b.use_var(r.endless);
                let one = self.konst(1);
                let endless2 = self.b.ins().select(lost, endless, one);
                self.b.def_var(r.endless, endless2);
            }
            _ => {}
        }
        self.b.ins().jump(r.next, &[]);
        self.fresh();
    }

    /// Finding, the position ended: the marks it made are taken back.
    fn unmark_all(&mut self) {
        let n = self.b.use_var(self.nnew);
        let stride = (self.stride * 8) as i64;
        let j = self.b.declare_var(I64);
        let zero = self.konst(0);
        self.b.def_var(j, zero);
        let (head, body, after) = (
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
        let rec = self.b.ins().imul_imm(jv, stride);
        let rec = self.b.ins().iadd(self.kids, rec);
        let child = self.b.ins().load(I64, flags(), rec, 0);
        if self.mode == Mode::FindBits {
            self.clear_bit(child);
        } else {
            let off = self.b.ins().ishl_imm(child, 1);
            let addr = self.b.ins().iadd(self.table.0, off);
            let none = self.b.ins().iconst(I16, 0);
            self.b.ins().store(MemFlags::trusted(), none, addr, 0);
        }
        let jv = self.b.ins().iadd_imm(jv, 1);
        self.b.def_var(j, jv);
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(after);
    }

    /// Closes the loop: the next code, or the end of the range (`DONE`).
    pub(super) fn range_end(&mut self) {
        let Some(r) = self.range else { return };
        self.b.switch_to_block(r.next);
        let left = self.b.use_var(r.left);
        let go = self.b.create_block();
        let any = self.b.ins().icmp_imm(IntCC::NotEqual, left, 0);
        self.b.ins().brif(any, go, &[], r.exit, &[]);
        self.b.switch_to_block(go);
        let left = self.b.ins().iadd_imm(left, -1);
        self.b.def_var(r.left, left);
        let c = self.b.use_var(r.code);
        let step = self.b.use_var(r.step);
        let c = self.b.ins().iadd(c, step);
        self.b.def_var(r.code, c);
        self.count_on(r);
        self.b.ins().jump(r.head, &[]);
        self.b.switch_to_block(r.exit);
        self.stop(r, DONE);
    }

    /// Moves the digits (the slots' buffer, the turn and kept digits) on to the next code: up by
    /// one, carrying, or down by one, borrowing, as the loop goes.
    fn count_on(&mut self, r: Range) {
        let done = self.b.create_block();
        let up = self.b.create_block();
        let down = self.b.create_block();
        let step = self.b.use_var(r.step);
        let rising = self.b.ins().icmp_imm(IntCC::SignedGreaterThan, step, 0);
        self.b.ins().brif(rising, up, &[], down, &[]);
        for (block, rising) in [(up, true), (down, false)] {
            self.b.switch_to_block(block);
            for (k, &(lo, hi)) in self.rules.slot_ranges.iter().enumerate() {
                if lo == hi {
                    continue;
                }
                let at = (k as i32) * 8;
                let v = self.b.ins().load(I64, flags(), self.slots, at);
                let (edge, wrap, d) = if rising { (hi, lo, 1) } else { (lo, hi, -1) };
                let (inside, carry) = (self.b.create_block(), self.b.create_block());
                let last = self.b.ins().icmp_imm(IntCC::Equal, v, edge);
                self.b.ins().brif(last, carry, &[], inside, &[]);
                self.b.switch_to_block(inside);
                let v = self.b.ins().iadd_imm(v, d);
                self.b.ins().store(flags(), v, self.slots, at);
                self.b.ins().jump(done, &[]);
                self.b.switch_to_block(carry);
                let w = self.konst(wrap);
                self.b.ins().store(flags(), w, self.slots, at);
            }
            // The two-valued digits after the slots: the turn, then the kept turn.
            for (var, on) in [
                (r.turn, self.num.turn_radix != 0),
                (r.kept, self.num.again_radix != 0),
            ] {
                if !on {
                    continue;
                }
                let x = self.b.use_var(var);
                let flipped = self.b.ins().bxor_imm(x, 1);
                self.b.def_var(var, flipped);
                // Rising, 0 becomes 1 and stops; falling, 1 becomes 0 and stops.
                let stops = self
                    .b
                    .ins()
                    .icmp_imm(IntCC::Equal, x, if rising { 0 } else { 1 });
                let next = self.b.create_block();
                self.b.ins().brif(stops, done, &[], next, &[]);
                self.b.switch_to_block(next);
            }
            // Past the last code: the loop ends before it is used.
            self.b.ins().jump(done, &[]);
        }
        self.b.switch_to_block(done);
    }

    /// Returns `status`, with the code now, the steps and positions counted so far, and whether
    /// an end other than a loss was met.
    fn stop(&mut self, r: Range, status: i64) {
        self.store_range(r);
        let s = self.b.ins().iconst(I32, status);
        self.b.ins().return_(&[s]);
        self.fresh();
    }

    /// Stores the loop's state in the frame (before any return).
    pub(super) fn store_range(&mut self, r: Range) {
        let c = self.b.use_var(r.code);
        self.b.ins().store(flags(), c, self.frame, at::CODE);
        let s = self.b.use_var(r.steps_done);
        self.b.ins().store(flags(), s, self.frame, at::STEPS);
        let n = self.b.use_var(r.news);
        self.b.ins().store(flags(), n, self.frame, at::ENTRY);
        let e = self.b.use_var(r.endless);
        self.b.ins().store(flags(), e, self.frame, at::REL);
    }
}
