//! A body of plain statements (assignments, `let`, `again`: no `if`, no loop) runs straight
//! through, so its writes to slots known when compiling are kept in registers: a later read of
//! the slot takes the value written, and taking the move back only adds up what changed, with
//! no memory written at all. Before a statement that reads or writes a slot found at run time,
//! the pending values are stored, and logged to be restored like any other write.

use super::{flags, Lower, E};
use crate::rules::{CExpr, CStmt};
use cranelift_codegen::ir::types::I64;
use cranelift_codegen::ir::{InstBuilder, Value};

/// The writes of a plain body.
#[derive(Default)]
pub(in crate::jit) struct Plain {
    /// Slots written and not yet stored: (slot, value written, value in memory).
    pending: Vec<(u32, Value, Value)>,
    /// Writes to memory, oldest first: (slot, old value).
    stored: Vec<(Result<u32, Value>, Value)>,
}

/// Whether a body is plain.
pub(in crate::jit) fn is_plain(body: &[CStmt]) -> bool {
    body.iter()
        .all(|s| matches!(s, CStmt::Assign { .. } | CStmt::Let { .. } | CStmt::Again))
}

impl Plain {
    /// The value a slot was last given, if it is still pending.
    pub(in crate::jit) fn get(&self, s: u32) -> Option<Value> {
        self.pending.iter().find(|p| p.0 == s).map(|p| p.1)
    }
}

impl Lower<'_, '_> {
    /// Whether lowering `e` reads only slots known now (array indices constant, or locals
    /// whose value is known); runs are read at run time.
    fn reads_known(&self, e: &CExpr) -> bool {
        let known = |ix: &CExpr| match ix {
            CExpr::Const(_) => true,
            CExpr::Local(l) => self.known[*l as usize].is_some(),
            _ => false,
        };
        !e.any_node(&|n| match n {
            CExpr::Elem { index, .. } => !known(index),
            CExpr::ElemLocal { local, .. } => self.known[*local as usize].is_none(),
            CExpr::RunFold { .. } | CExpr::RunElem { .. } | CExpr::RunLen { .. } => true,
            _ => false,
        })
    }

    /// Before a statement of a plain body: if it reads or writes a slot found at run time, the
    /// pending writes go to memory first (here, where every path through the statement passes).
    pub(in crate::jit) fn before_plain(&mut self, s: &CStmt) {
        let known = match s {
            CStmt::Assign { target, value, .. } => {
                target.index.as_ref().is_none_or(|ix| {
                    self.reads_known(ix)
                        && matches!(ix, CExpr::Const(_) | CExpr::Local(_))
                        && match ix {
                            CExpr::Local(l) => self.known[*l as usize].is_some(),
                            _ => true,
                        }
                }) && self.reads_known(value)
            }
            CStmt::Let { value, .. } => self.reads_known(value),
            _ => true,
        };
        if !known {
            self.flush();
        }
    }

    /// Stores the pending writes, logging what memory held.
    fn flush(&mut self) {
        let super::undo::Undo::Plain(p) = &mut self.undo else {
            return;
        };
        let pending = std::mem::take(&mut p.pending);
        // Memory changes until the body is taken back.
        self.cache_on = false;
        for &(s, _, mem) in &pending {
            p.stored.push((Ok(s), mem));
        }
        for (s, new, _) in pending {
            self.b.ins().store(flags(), new, self.slots, (s as i32) * 8);
        }
    }

    /// A plain body's write of `new` to `slot`, whose value was `old`.
    pub(in crate::jit) fn plain_write(&mut self, slot: E, old: E, new: Value) {
        let ov = self.val(old);
        let super::undo::Undo::Plain(p) = &mut self.undo else {
            return;
        };
        match slot {
            E::K(s) => {
                let s = s as u32;
                match p.pending.iter_mut().find(|x| x.0 == s) {
                    Some(x) => x.1 = new,
                    None => p.pending.push((s, new, ov)),
                }
            }
            E::D { v, .. } => {
                // `before_plain` stored every pending write already.
                p.stored.push((Err(v), ov));
                self.cache_on = false;
                let addr = self.slot_addr(v);
                self.b.ins().store(flags(), new, addr, 0);
            }
        }
    }

    /// Takes a plain body back: the pending slots' changes added up, the stored ones restored
    /// newest first; the change of the code and of the digits' sum.
    pub(in crate::jit) fn plain_take_back(&mut self, p: Plain) -> (Value, Value) {
        let mut delta = self.konst(0);
        let mut digits = delta;
        for (s, new, mem) in p.pending {
            let diff = self.b.ins().isub(new, mem);
            let d = self
                .b
                .ins()
                .imul_imm(diff, self.num.radix[s as usize] as i64);
            delta = self.b.ins().iadd(delta, d);
            digits = self.b.ins().iadd(digits, diff);
        }
        for (slot, old) in p.stored.into_iter().rev() {
            let (addr, radix) = match slot {
                Ok(s) => {
                    let a = self.b.ins().iadd_imm(self.slots, i64::from(s) * 8);
                    (a, self.konst(self.num.radix[s as usize] as i64))
                }
                Err(v) => (self.slot_addr(v), self.radix_of(v)),
            };
            let cur = self.b.ins().load(I64, flags(), addr, 0);
            self.b.ins().store(flags(), old, addr, 0);
            let diff = self.b.ins().isub(cur, old);
            let d = self.b.ins().imul(diff, radix);
            delta = self.b.ins().iadd(delta, d);
            digits = self.b.ins().iadd(digits, diff);
        }
        (delta, digits)
    }
}
