//! A move's body: assignments checked as `Ctx::exec` checks them (index, arithmetic, the
//! variable's range), `if`, `let`, `for` and `again`, each write recorded (`undo.rs`) so that
//! the move can be taken back.

use super::{flags, Lower, NotCompiled, E};
use crate::rules::{ArithOp, CDomain, CExpr, COp, CStmt, CTarget};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::types::I64;
use cranelift_codegen::ir::InstBuilder;

type R<T> = Result<T, NotCompiled>;

impl Lower<'_, '_> {
    pub(in crate::jit) fn exec(&mut self, body: &[CStmt]) -> R<()> {
        for s in body {
            self.node()?;
            if let super::undo::Undo::Plain(_) = self.undo {
                self.before_plain(s);
            }
            match s {
                CStmt::Assign {
                    target, op, value, ..
                } => self.assign(target, *op, value)?,
                CStmt::If {
                    cond,
                    then,
                    otherwise,
                } => {
                    let c = self.expr(cond)?;
                    if let E::K(k) = c {
                        // Only the branch taken exists; the other's records are never marked done.
                        self.exec(if k != 0 { then } else { otherwise })?;
                        continue;
                    }
                    let t = self.truth(c);
                    let (yes, no, join) = (
                        self.b.create_block(),
                        self.b.create_block(),
                        self.b.create_block(),
                    );
                    self.b.ins().brif(t, yes, &[], no, &[]);
                    self.b.switch_to_block(yes);
                    self.exec(then)?;
                    self.b.ins().jump(join, &[]);
                    self.b.switch_to_block(no);
                    self.exec(otherwise)?;
                    self.b.ins().jump(join, &[]);
                    self.b.switch_to_block(join);
                }
                CStmt::Again => {
                    let one = self.konst(1);
                    self.b.def_var(self.again, one);
                }
                CStmt::Let { local, value } => {
                    let v = self.expr(value)?;
                    self.set_local(*local, v);
                }
                CStmt::For {
                    local,
                    domain,
                    cond,
                    body,
                    ..
                } => self.for_loop(*local, domain, cond, body)?,
                // A roll during play (only a chance solve runs those) is left to the interpreter.
                CStmt::Roll { .. } => {
                    return Err(NotCompiled(
                        "a roll during play is left to the interpreter".into(),
                    ))
                }
                CStmt::NextMover { value, players, .. } => {
                    // A number naming no player: the interpreter reports `bad_player`.
                    let k = self.expr(value)?;
                    let (lo, hi) = k.range();
                    let kv = self.val(k);
                    if lo < 1 || hi > i64::from(*players) {
                        let off = self.b.ins().iadd_imm(kv, -1);
                        let top = i64::from(*players) - 1;
                        let out = self.b.ins().icmp_imm(IntCC::UnsignedGreaterThan, off, top);
                        self.bail_if(out);
                    }
                    // The turn is kept when the player named is the mover.
                    let same = self.b.ins().icmp(IntCC::Equal, kv, self.mover);
                    let kept = self.b.ins().uextend(I64, same);
                    self.b.def_var(self.again, kept);
                }
            }
        }
        Ok(())
    }

    fn assign(&mut self, target: &CTarget, op: COp, value: &CExpr) -> R<()> {
        let slot = match &target.index {
            None => E::K(i64::from(target.base)),
            Some(ix) => {
                let i = self.expr(ix)?;
                match self.index(i, target.offset, target.len) {
                    // Out of bounds whatever the value: the rest of the body is unreachable.
                    None => return Ok(()),
                    Some(E::K(k)) => E::K(i64::from(target.base) + k),
                    Some(k) => {
                        let kv = self.val(k);
                        let s = self.b.ins().iadd_imm(kv, i64::from(target.base));
                        // A slot number: its interval is not used.
                        self.dynamic(s, 0, 0)
                    }
                }
            }
        };
        let v = self.expr(value)?;
        let old = match slot {
            E::K(s) => self.load_slot_raw(s as u32),
            E::D { v: s, .. } => self.load_slot_at(s, target.base, target.len),
        };
        let new = match op {
            COp::Set => v,
            COp::Add => self.arith(ArithOp::Add, old, v),
            COp::Sub => self.arith(ArithOp::Sub, old, v),
            COp::Mul => self.arith(ArithOp::Mul, old, v),
        };
        let (lo, hi) = match slot {
            E::K(s) => self.rules.slot_ranges[s as usize],
            E::D { .. } => self.union_range(target.base, target.len),
        };
        let uniform = match slot {
            E::K(_) => true,
            E::D { .. } => {
                let r = &self.rules.slot_ranges
                    [target.base as usize..(target.base + target.len) as usize];
                r.iter().all(|x| *x == (lo, hi))
            }
        };
        self.range_check(new, slot, (lo, hi), uniform, target);
        let nv = self.val(new);
        if let super::undo::Undo::Plain(_) = self.undo {
            self.plain_write(slot, old, nv);
            return Ok(());
        }
        self.record(target, slot, old);
        match slot {
            E::K(s) => {
                self.b.ins().store(flags(), nv, self.slots, (s as i32) * 8);
            }
            E::D { v: s, .. } => {
                let addr = self.slot_addr(s);
                self.b.ins().store(flags(), nv, addr, 0);
            }
        }
        Ok(())
    }

    /// A slot's value as stored (a single-valued range is still read, for the undo record).
    fn load_slot_raw(&mut self, s: u32) -> E {
        let (lo, hi) = self.rules.slot_ranges[s as usize];
        if let Some(v) = self.pending(s) {
            return self.dynamic(v, lo, hi);
        }
        if let Some(v) = self.cached(s) {
            return self.dynamic(v, lo, hi);
        }
        let v = self.b.ins().load(I64, flags(), self.slots, (s as i32) * 8);
        self.dynamic(v, lo, hi)
    }

    /// The written value must lie in the slot's declared range (`Ctx::write`).
    fn range_check(&mut self, new: E, slot: E, (lo, hi): (i64, i64), uniform: bool, t: &CTarget) {
        let (nlo, nhi) = new.range();
        if uniform && nlo >= lo && nhi <= hi {
            return;
        }
        let nv = self.val(new);
        if uniform {
            // One unsigned comparison: new - lo is above hi - lo, or below 0 (wrapping round).
            let width = hi.wrapping_sub(lo);
            let off = self.b.ins().iadd_imm(nv, lo.wrapping_neg());
            let out = self
                .b
                .ins()
                .icmp_imm(IntCC::UnsignedGreaterThan, off, width);
            self.bail_if(out);
            return;
        }
        // Per-slot ranges, read from tables of the variable's lows and highs.
        let r = &self.rules.slot_ranges[t.base as usize..(t.base + t.len) as usize];
        let lows: Vec<i64> = r.iter().map(|x| x.0).collect();
        let highs: Vec<i64> = r.iter().map(|x| x.1).collect();
        let (lt, ht) = (self.words(lows), self.words(highs));
        let s = self.val(slot);
        let k = self.b.ins().iadd_imm(s, -i64::from(t.base));
        let off = self.b.ins().ishl_imm(k, 3);
        let la = self.b.ins().iadd(lt, off);
        let ha = self.b.ins().iadd(ht, off);
        let lo_v = self.b.ins().load(I64, flags(), la, 0);
        let hi_v = self.b.ins().load(I64, flags(), ha, 0);
        let below = self.b.ins().icmp(IntCC::SignedLessThan, nv, lo_v);
        let above = self.b.ins().icmp(IntCC::SignedGreaterThan, nv, hi_v);
        let out = self.b.ins().bor(below, above);
        self.bail_if(out);
    }

    /// `for v in lo..=hi where cond { body }`: its range checked and counted like a
    /// comprehension's, a step per value.
    fn for_loop(&mut self, local: u16, domain: &CDomain, cond: &CExpr, body: &[CStmt]) -> R<()> {
        let lo = self.expr(&domain.lo)?;
        let hi = self.expr(&domain.hi)?;
        let size = self.range_size(lo, hi);
        let outer = self.scale_by(size, true);
        let (vlo, vhi) = (lo.range().0, hi.range().1);
        let lov = self.val(lo);
        self.counted(size, |me, j| {
            me.charge_const(1);
            let v = me.b.ins().iadd(lov, j);
            let v = me.dynamic(v, vlo, vhi);
            me.set_local(local, v);
            let c = me.expr(cond)?;
            match c {
                E::K(0) => Ok(()),
                E::K(_) => me.exec(body),
                E::D { .. } => {
                    let t = me.truth(c);
                    let (yes, join) = (me.b.create_block(), me.b.create_block());
                    me.b.ins().brif(t, yes, &[], join, &[]);
                    me.b.switch_to_block(yes);
                    me.exec(body)?;
                    me.b.ins().jump(join, &[]);
                    me.b.switch_to_block(join);
                    Ok(())
                }
            }
        })?;
        self.restore_scale(outer);
        Ok(())
    }
}
