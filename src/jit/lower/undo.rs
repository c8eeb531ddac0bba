//! Taking a move back: every write of a body is recorded — in variables of its own for each
//! assignment of a body without loops, in the undo buffer for a body with one — and undone
//! newest first, adding up the change of the position's code from the digits that changed.

use super::plain::{is_plain, Plain};
use super::{flags, Lower, E};
use crate::rules::{CStmt, CTarget};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::types::I64;
use cranelift_codegen::ir::{InstBuilder, Value};
use cranelift_frontend::Variable;
use rustc_hash::FxHashMap;

/// Where one assignment's write is recorded in a body without loops.
#[derive(Clone, Copy)]
pub(in crate::jit) struct Rec {
    /// The slot written: known when compiling, or held in a variable.
    slot: Result<u32, Variable>,
    old: Variable,
    /// Whether the assignment ran (`None`: it always does).
    done: Option<Variable>,
}

/// How a body's writes are recorded: each assignment's own record (found by the address of its
/// target in the rules), or the log.
pub(in crate::jit) enum Undo {
    Recs(Vec<Rec>, FxHashMap<*const CTarget, usize>),
    Log,
    /// A plain body (`plain.rs`).
    Plain(Plain),
}

/// Whether a body has a `for` loop (then its writes are logged).
fn has_loop(body: &[CStmt]) -> bool {
    body.iter().any(|s| match s {
        CStmt::For { .. } => true,
        CStmt::If {
            then, otherwise, ..
        } => has_loop(then) || has_loop(otherwise),
        _ => false,
    })
}

/// Each assignment in order: its target, whether it sits under an `if`, and its slot if known.
fn assignments<'b>(
    body: &'b [CStmt],
    under_if: bool,
    out: &mut Vec<(&'b CTarget, bool, Option<u32>)>,
) {
    for s in body {
        match s {
            CStmt::Assign { target, .. } => out.push((
                target,
                under_if,
                target.index.is_none().then_some(target.base),
            )),
            CStmt::If {
                then, otherwise, ..
            } => {
                assignments(then, true, out);
                assignments(otherwise, true, out);
            }
            _ => {}
        }
    }
}

impl Lower<'_, '_> {
    /// Prepares the records of a body's writes.
    pub(in crate::jit) fn begin_body(&mut self, body: &[CStmt]) {
        // Until the body is taken back, slots read earlier may not be what memory holds (a plain
        // body turns this off when it first writes memory).
        self.cache_held = self.cache_on;
        if !is_plain(body) {
            self.cache_on = false;
        }
        if is_plain(body) {
            self.undo = Undo::Plain(Plain::default());
            return;
        }
        if has_loop(body) {
            let zero = self.konst(0);
            self.b.def_var(self.undo_len, zero);
            self.undo = Undo::Log;
            return;
        }
        let mut list = Vec::new();
        assignments(body, false, &mut list);
        let zero = self.konst(0);
        let at = list
            .iter()
            .enumerate()
            .map(|(k, (t, _, _))| (*t as *const CTarget, k))
            .collect();
        let recs = list
            .into_iter()
            .map(|(_, cond, known)| {
                let done = cond.then(|| {
                    let d = self.b.declare_var(I64);
                    self.b.def_var(d, zero);
                    d
                });
                Rec {
                    slot: known.ok_or_else(|| self.b.declare_var(I64)),
                    old: self.b.declare_var(I64),
                    done,
                }
            })
            .collect();
        self.undo = Undo::Recs(recs, at);
    }

    /// Records a write's slot and old value, so the move can be taken back.
    pub(super) fn record(&mut self, target: &CTarget, slot: E, old: E) {
        let ov = self.val(old);
        let sv = self.val(slot);
        match &mut self.undo {
            Undo::Plain(_) => {}
            Undo::Recs(recs, at) => {
                let Some(&k) = at.get(&(target as *const CTarget)) else {
                    return;
                };
                if let E::K(known) = slot {
                    // Known here (a loop around the move was unrolled): no variable needed.
                    recs[k].slot = Ok(known as u32);
                }
                let rec = recs[k];
                if let Err(var) = rec.slot {
                    self.b.def_var(var, sv);
                }
                self.b.def_var(rec.old, ov);
                if let Some(d) = rec.done {
                    let one = self.konst(1);
                    self.b.def_var(d, one);
                }
            }
            Undo::Log => {
                let n = self.b.use_var(self.undo_len);
                let full = self
                    .b
                    .ins()
                    .icmp(IntCC::UnsignedGreaterThanOrEqual, n, self.undo_cap);
                self.room_if(full);
                let off = self.b.ins().ishl_imm(n, 4);
                let addr = self.b.ins().iadd(self.undo_ptr, off);
                self.b.ins().store(flags(), sv, addr, 0);
                self.b.ins().store(flags(), ov, addr, 8);
                let n = self.b.ins().iadd_imm(n, 1);
                self.b.def_var(self.undo_len, n);
            }
        }
    }

    /// Takes back every write of the body; returns the change of the position's code and of the
    /// sum of its digits.
    pub(in crate::jit) fn take_back(&mut self) -> (Value, Value) {
        // Memory holds what it held before the body again.
        self.cache_on = self.cache_held;
        let delta = self.b.declare_var(I64);
        let digits = self.b.declare_var(I64);
        let zero = self.konst(0);
        self.b.def_var(delta, zero);
        self.b.def_var(digits, zero);
        match std::mem::replace(&mut self.undo, Undo::Log) {
            Undo::Recs(recs, _) => {
                for rec in recs.iter().rev() {
                    self.undo_one(*rec, (delta, digits));
                }
            }
            Undo::Log => self.undo_log((delta, digits)),
            Undo::Plain(p) => return self.plain_take_back(p),
        }
        (self.b.use_var(delta), self.b.use_var(digits))
    }

    /// Adds one slot's change (`diff`, its place value `radix`) to the two sums.
    fn add_change(&mut self, diff: Value, radix: Value, (delta, digits): (Variable, Variable)) {
        let d = self.b.ins().imul(diff, radix);
        let acc = self.b.use_var(delta);
        let acc = self.b.ins().iadd(acc, d);
        self.b.def_var(delta, acc);
        let acc = self.b.use_var(digits);
        let acc = self.b.ins().iadd(acc, diff);
        self.b.def_var(digits, acc);
    }

    fn undo_one(&mut self, rec: Rec, sums: (Variable, Variable)) {
        let after = rec.done.map(|d| {
            let (on, after) = (self.b.create_block(), self.b.create_block());
            let dv = self.b.use_var(d);
            self.b.ins().brif(dv, on, &[], after, &[]);
            self.b.switch_to_block(on);
            after
        });
        let old = self.b.use_var(rec.old);
        let (cur, radix) = match rec.slot {
            Ok(s) => {
                let cur = self.b.ins().load(I64, flags(), self.slots, (s as i32) * 8);
                self.b.ins().store(flags(), old, self.slots, (s as i32) * 8);
                (cur, self.konst(self.num.radix[s as usize] as i64))
            }
            Err(var) => {
                let s = self.b.use_var(var);
                let addr = self.slot_addr(s);
                let cur = self.b.ins().load(I64, flags(), addr, 0);
                self.b.ins().store(flags(), old, addr, 0);
                let r = self.radix_of(s);
                (cur, r)
            }
        };
        let diff = self.b.ins().isub(cur, old);
        self.add_change(diff, radix, sums);
        if let Some(after) = after {
            self.b.ins().jump(after, &[]);
            self.b.switch_to_block(after);
        }
    }

    /// The place value of slot `s` (an i64 value), from the table of place values.
    pub(super) fn radix_of(&mut self, s: Value) -> Value {
        let base = self.konst(self.radix_table);
        let off = self.b.ins().ishl_imm(s, 3);
        let addr = self.b.ins().iadd(base, off);
        self.b.ins().load(I64, flags(), addr, 0)
    }

    /// Takes back the logged writes, newest first.
    fn undo_log(&mut self, sums: (Variable, Variable)) {
        let (head, inner, after) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(head);
        let n = self.b.use_var(self.undo_len);
        let more = self.b.ins().icmp_imm(IntCC::NotEqual, n, 0);
        self.b.ins().brif(more, inner, &[], after, &[]);
        self.b.switch_to_block(inner);
        let n = self.b.ins().iadd_imm(n, -1);
        self.b.def_var(self.undo_len, n);
        let off = self.b.ins().ishl_imm(n, 4);
        let addr = self.b.ins().iadd(self.undo_ptr, off);
        let s = self.b.ins().load(I64, flags(), addr, 0);
        let old = self.b.ins().load(I64, flags(), addr, 8);
        let sa = self.slot_addr(s);
        let cur = self.b.ins().load(I64, flags(), sa, 0);
        self.b.ins().store(flags(), old, sa, 0);
        let r = self.radix_of(s);
        let diff = self.b.ins().isub(cur, old);
        self.add_change(diff, r, sums);
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(after);
    }
}
