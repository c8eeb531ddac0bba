//! Generating moves as `engine::moves` does: each family's parameters in nested loops (a short
//! constant range unrolled), candidates and steps counted, the guard, the body, the child's code
//! from the digits the body changed, and one record per legal move in the buffer.

use super::cost::{body_cost, cost, looped, unrolls};
use super::folds::Size;
use super::fused::Mode;
use super::{flags, Lower, NotCompiled, E};
use crate::rules::{CMove, CStmt, MAX_CANDIDATES, MAX_MOVES};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::InstBuilder;

type R<T> = Result<T, NotCompiled>;

/// Whether a body can keep the turn.
fn says_again(body: &[CStmt]) -> bool {
    body.iter().any(|s| match s {
        CStmt::Again | CStmt::NextMover { .. } => true,
        CStmt::If {
            then, otherwise, ..
        } => says_again(then) || says_again(otherwise),
        CStmt::For { body, .. } => says_again(body),
        _ => false,
    })
}

impl Lower<'_, '_> {
    /// Every legal move of every family, in order, into the buffer.
    pub(in crate::jit) fn generate(&mut self) -> R<()> {
        for (f, m) in self.rules.moves.iter().enumerate() {
            self.params(f, m, 0)?;
        }
        Ok(())
    }

    fn add_candidates(&mut self, n: Size) {
        let c = self.b.use_var(self.candidates);
        let n = self.size_val(n);
        let c = self.b.ins().iadd(c, n);
        self.b.def_var(self.candidates, c);
    }

    fn params(&mut self, f: usize, m: &CMove, k: usize) -> R<()> {
        if m.domains.is_empty() {
            self.add_candidates(Size::K(1));
            let c = self.b.use_var(self.candidates);
            let over = self
                .b
                .ins()
                .icmp_imm(IntCC::UnsignedGreaterThan, c, MAX_CANDIDATES as i64);
            self.bail_if(over);
            self.charge_const(1);
            return self.apply(f, m);
        }
        let lo = self.expr(&m.domains[k].lo)?;
        let hi = self.expr(&m.domains[k].hi)?;
        // A range ending at a slot's value (`1..=heap[i]`): the body reads the same value.
        let mark = self.cache.len();
        if let (Some(s), E::D { v, .. }) = (self.direct_slot(&m.domains[k].hi), hi) {
            if self.cache_on {
                self.cache.push((s, v));
            }
        }
        let size = self.range_size(lo, hi);
        let last = k + 1 == m.domains.len();
        if last {
            // More candidates than allowed fail somewhere in this loop: the interpreter says where.
            let c = self.b.use_var(self.candidates);
            let n = self.size_val(size);
            let total = self.b.ins().iadd(c, n);
            let over =
                self.b
                    .ins()
                    .icmp_imm(IntCC::UnsignedGreaterThan, total, MAX_CANDIDATES as i64);
            self.bail_if(over);
            self.charge(n);
        }
        let outer = self.scale_by(size, false);
        let (vlo, vhi) = (lo.range().0, hi.range().1);
        let unroll = match (lo, size) {
            (E::K(first), Size::K(n)) if unrolls(n, self.rest_cost(m, k + 1)) => Some((first, n)),
            _ => None,
        };
        if let Some((first, n)) = unroll {
            for j in 0..n {
                self.set_local(k as u16, E::K(first + j as i64));
                self.inner(f, m, k, last)?;
            }
        } else {
            let lov = self.val(lo);
            self.counted(size, |me, j| {
                let v = me.b.ins().iadd(lov, j);
                // The parameter is at most the range's end.
                if let E::D { v: h, .. } = hi {
                    me.facts.push((v, h));
                }
                let v = me.dynamic(v, vlo, vhi);
                me.set_local(k as u16, v);
                me.inner(f, m, k, last)
            })?;
        }
        self.restore_scale(outer);
        if last {
            self.add_candidates(size);
        }
        self.cache.truncate(mark);
        Ok(())
    }

    /// The slot an expression reads directly (a slot, or an array's element at an index known
    /// now), if that is all it does.
    fn direct_slot(&self, e: &crate::rules::CExpr) -> Option<u32> {
        use crate::rules::CExpr;
        let at = |base: u32, len: u32, offset: i64, i: i64| {
            let k = i.checked_sub(offset)?;
            (0..i64::from(len)).contains(&k).then(|| base + k as u32)
        };
        match e {
            CExpr::Slot(s) => Some(*s),
            CExpr::ElemLocal {
                base,
                len,
                offset,
                local,
                ..
            } => at(*base, *len, *offset, self.known[*local as usize]?),
            CExpr::Elem {
                base,
                len,
                offset,
                index,
                ..
            } => match **index {
                CExpr::Const(i) => at(*base, *len, *offset, i),
                CExpr::Local(l) => at(*base, *len, *offset, self.known[l as usize]?),
                _ => None,
            },
            _ => None,
        }
    }

    /// What the parameters from `k` on, the guard and the body come to for one value of the
    /// parameter before them.
    fn rest_cost(&self, m: &CMove, k: usize) -> u64 {
        let leaf = 8 + m.guard.as_ref().map_or(0, cost) + body_cost(&m.body);
        m.domains[k..].iter().rev().fold(leaf, |inner, d| {
            let ends = cost(&d.lo) + cost(&d.hi);
            match (&d.lo, &d.hi) {
                (crate::rules::CExpr::Const(a), crate::rules::CExpr::Const(b)) => {
                    ends + looped(crate::rules::range_size(*a, *b), inner)
                }
                _ => ends + inner + 8,
            }
        })
    }

    fn inner(&mut self, f: usize, m: &CMove, k: usize, last: bool) -> R<()> {
        if last {
            self.apply(f, m)
        } else {
            self.params(f, m, k + 1)
        }
    }

    /// One candidate: its guard, then its body, its child written and the body taken back.
    fn apply(&mut self, f: usize, m: &CMove) -> R<()> {
        let skip = self.b.create_block();
        if let Some(g) = &m.guard {
            let gv = self.expr(g)?;
            match gv {
                E::K(0) => {
                    self.b.ins().jump(skip, &[]);
                    self.b.switch_to_block(skip);
                    return Ok(());
                }
                E::K(_) => {}
                E::D { .. } => {
                    let t = self.truth(gv);
                    let go = self.b.create_block();
                    self.b.ins().brif(t, go, &[], skip, &[]);
                    self.b.switch_to_block(go);
                }
            }
        }
        let again = says_again(&m.body);
        if again {
            let zero = self.konst(0);
            self.b.def_var(self.again, zero);
        }
        self.begin_body(&m.body);
        self.exec(&m.body)?;
        let (delta, digits) = self.take_back();
        let mut child = self.b.ins().iadd(self.code, delta);
        let kept = if again {
            Some(self.b.use_var(self.again))
        } else {
            None
        };
        if self.num.turn_radix != 0 {
            let passed = self.b.ins().iadd(child, self.turn_step);
            child = match kept {
                Some(kv) => self.b.ins().select(kv, child, passed),
                None => passed,
            };
        }
        if self.num.again_radix != 0 {
            // The flag digit becomes `kept`: it changes by kept - the parent's flag.
            let k = match kept {
                Some(kv) => kv,
                None => self.konst(0),
            };
            let d = self.b.ins().isub(k, self.parent_flag);
            let d = self.b.ins().imul_imm(d, self.num.again_radix as i64);
            child = self.b.ins().iadd(child, d);
        }
        self.emit(f, m, (child, digits), kept);
        self.b.ins().jump(skip, &[]);
        self.b.switch_to_block(skip);
        Ok(())
    }

    /// Writes a child's record: its code, `digits << 32 | family << 1 | kept`, the move's
    /// parameters.
    fn emit(
        &mut self,
        f: usize,
        m: &CMove,
        (child, digits): (cranelift_codegen::ir::Value, cranelift_codegen::ir::Value),
        kept: Option<cranelift_codegen::ir::Value>,
    ) {
        // One move more than `MAX_MOVES`: the interpreter reports `too_wide` at this move.
        let n = self.b.use_var(self.nkids);
        let over = self
            .b
            .ins()
            .icmp_imm(IntCC::UnsignedGreaterThanOrEqual, n, MAX_MOVES as i64);
        self.bail_if(over);
        match self.mode {
            Mode::Expand => {}
            Mode::Find => {
                self.emit_find(child);
                return self.count_move();
            }
            Mode::FindBits => {
                self.emit_find_bits(child);
                return self.count_move();
            }
            Mode::FindTiers => {
                self.emit_tiered(child, digits);
                return self.count_move();
            }
            Mode::Value => {
                self.emit_value(child, kept);
                return self.count_move();
            }
        }
        let n = self.b.use_var(self.nkids);
        let full = self
            .b
            .ins()
            .icmp(IntCC::UnsignedGreaterThanOrEqual, n, self.kid_cap);
        self.room_if(full);
        let at = self.b.ins().imul_imm(n, (self.stride * 8) as i64);
        let at = self.b.ins().iadd(self.kids, at);
        self.b.ins().store(flags(), child, at, 0);
        let meta = match kept {
            Some(kv) => self.b.ins().iadd_imm(kv, (f as i64) << 1),
            None => self.konst((f as i64) << 1),
        };
        let high = self.b.ins().ishl_imm(digits, 32);
        let meta = self.b.ins().bor(meta, high);
        self.b.ins().store(flags(), meta, at, 8);
        for p in 0..m.domains.len() {
            let v = self.local(p as u16);
            let v = self.val(v);
            self.b.ins().store(flags(), v, at, 16 + 8 * p as i32);
        }
        let n = self.b.ins().iadd_imm(n, 1);
        self.b.def_var(self.nkids, n);
    }

    /// One more legal move (for `no moves`), when no record is written.
    fn count_move(&mut self) {
        let n = self.b.use_var(self.nkids);
        let n = self.b.ins().iadd_imm(n, 1);
        self.b.def_var(self.nkids, n);
    }
}
