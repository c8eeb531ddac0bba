//! `count`/`any`/`all`/`first`/`last` over a range, and the loops they share with `for` and a
//! move's parameters: the range's size checked as `check_range` checks it, the sizes of the
//! ranges around it multiplied as `Ctx::scale` is, and a step per value.

use super::cost::{cost, unrolls};
use super::flat::flat_size;
use super::{Lower, NotCompiled, E};
use crate::rules::{CDomain, CExpr, Fold, MAX_RANGE, MAX_STEPS};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::types::I64;
use cranelift_codegen::ir::{Block, InstBuilder, Value};
use cranelift_frontend::Variable;

type R<T> = Result<T, NotCompiled>;

/// A range's size: known when compiling, or a run-time u64 at most `max`.
#[derive(Clone, Copy)]
pub(in crate::jit) enum Size {
    K(u64),
    D(Value, u64),
}

impl Lower<'_, '_> {
    /// The size of `lo..=hi`; a range of more than `MAX_RANGE` values gives up (`too_wide`).
    pub(in crate::jit) fn range_size(&mut self, lo: E, hi: E) -> Size {
        if let (E::K(a), E::K(b)) = (lo, hi) {
            let size = crate::rules::range_size(a, b);
            if (b as i128) - (a as i128) + 1 > MAX_RANGE as i128 {
                self.bail_now();
            }
            return Size::K(size);
        }
        let ((llo, lhi), (hlo, hhi)) = (lo.range(), hi.range());
        let (l, h) = (self.val(lo), self.val(hi));
        let d = self.b.ins().isub(h, l);
        let widest = (hhi as i128) - (llo as i128);
        if widest >= MAX_RANGE as i128 {
            let empty = self.b.ins().icmp(IntCC::SignedLessThan, h, l);
            let big = self
                .b
                .ins()
                .icmp_imm(IntCC::UnsignedGreaterThanOrEqual, d, MAX_RANGE);
            let bad = self.b.ins().band_not(big, empty);
            self.bail_if(bad);
        }
        let max = (widest.clamp(-1, MAX_RANGE as i128 - 1) + 1) as u64;
        let n = self.b.ins().iadd_imm(d, 1);
        if hlo >= lhi {
            return Size::D(n, max);
        }
        let empty = self.b.ins().icmp(IntCC::SignedLessThan, h, l);
        let zero = self.konst(0);
        Size::D(self.b.ins().select(empty, zero, n), max)
    }

    /// Multiplies the scale by `size` for a loop; a product over `MAX_STEPS` gives up (`check`,
    /// as for a comprehension or `for`) or saturates (a move's parameters). Returns the outer
    /// scale to restore after the loop (`restore_scale`). A scale and size both known when
    /// compiling multiply then: no multiplication, and no check, in the code.
    pub(in crate::jit) fn scale_by(&mut self, size: Size, check: bool) -> Outer {
        let outer = Outer(self.b.use_var(self.scale), self.scale_known);
        if let (Some(o), Size::K(n)) = (self.scale_known, size) {
            // The interpreter's `outer.saturating_mul(size)`, refused past `MAX_STEPS`.
            let p = o.saturating_mul(n);
            if check && p > MAX_STEPS {
                self.bail_now();
            }
            let v = self.konst(p as i64);
            self.b.def_var(self.scale, v);
            self.scale_known = Some(p);
            return outer;
        }
        self.scale_known = None;
        let n = self.size_val(size);
        let lo = self.b.ins().imul(outer.0, n);
        let hi = self.b.ins().umulhi(outer.0, n);
        let wrapped = self.b.ins().icmp_imm(IntCC::NotEqual, hi, 0);
        if check {
            let big = self
                .b
                .ins()
                .icmp_imm(IntCC::UnsignedGreaterThan, lo, MAX_STEPS as i64);
            let bad = self.b.ins().bor(wrapped, big);
            self.bail_if(bad);
            self.b.def_var(self.scale, lo);
        } else {
            let all = self.konst(-1);
            let v = self.b.ins().select(wrapped, all, lo);
            self.b.def_var(self.scale, v);
        }
        outer
    }

    /// The scale as it was outside a loop, after it.
    pub(in crate::jit) fn restore_scale(&mut self, outer: Outer) {
        self.b.def_var(self.scale, outer.0);
        self.scale_known = outer.1;
    }

    pub(in crate::jit) fn size_val(&mut self, s: Size) -> Value {
        match s {
            Size::K(k) => self.konst(k as i64),
            Size::D(v, _) => v,
        }
    }

    /// Builds `for j in 0..size { body(j) }` (`j` an i64 value); the body may leave the loop by
    /// jumping elsewhere. Ends in the block after the loop.
    pub(in crate::jit) fn counted(
        &mut self,
        size: Size,
        mut body: impl FnMut(&mut Self, Value) -> R<()>,
    ) -> R<()> {
        let j = self.b.declare_var(I64);
        let zero = self.konst(0);
        self.b.def_var(j, zero);
        let n = self.size_val(size);
        let (head, inner, after) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(head);
        let jv = self.b.use_var(j);
        let more = self.b.ins().icmp(IntCC::UnsignedLessThan, jv, n);
        self.b.ins().brif(more, inner, &[], after, &[]);
        self.b.switch_to_block(inner);
        body(self, jv)?;
        let next = self.b.ins().iadd_imm(jv, 1);
        self.b.def_var(j, next);
        self.b.ins().jump(head, &[]);
        self.b.switch_to_block(after);
        Ok(())
    }

    /// `count`/`any`/`all`/`first`/`last(v in lo..=hi where cond)`.
    pub(in crate::jit) fn fold(
        &mut self,
        fold: Fold,
        local: u16,
        domain: &CDomain,
        cond: &CExpr,
    ) -> R<E> {
        let lo = self.expr(&domain.lo)?;
        let hi = self.expr(&domain.hi)?;
        let size = self.range_size(lo, hi);
        let outer = self.scale_by(size, true);
        if let Some(v) = self.line_fold(fold, local, lo, size, cond)? {
            self.restore_scale(outer);
            return Ok(v);
        }
        let (vlo, vhi) = (lo.range().0, hi.range().1);
        let unroll = match (lo, size) {
            (E::K(first), Size::K(n)) if unrolls(n, cost(cond) + 2) => Some((first, n)),
            _ => None,
        };
        if let Some((first, n)) = unroll {
            // The last value (`hi`, or `first` for an empty range): no overflow.
            let last = first + n.saturating_sub(1) as i64;
            if matches!(fold, Fold::Any | Fold::All)
                && flat_size(n)
                && self.pure_with(cond, local, (first, last)).is_some()
            {
                let v = self.flat_fold(fold, n, |me, j| {
                    me.set_local(local, E::K(first + j as i64));
                    let h = me.expr(cond)?;
                    Ok(me.truth_of(h))
                })?;
                self.restore_scale(outer);
                return Ok(v);
            }
        }
        let exits = self.exits();
        if let Some((first, n)) = unroll {
            for j in 0..n {
                let v = match fold {
                    Fold::Last => first + (n - 1 - j) as i64,
                    _ => first + j as i64,
                };
                self.visit(fold, local, E::K(v), cond, exits)?;
            }
        } else {
            let lov = self.val(lo);
            let n = self.size_val(size);
            self.counted(size, |me, j| {
                let v = match fold {
                    Fold::Last => {
                        let top = me.b.ins().iadd(lov, n);
                        let top = me.b.ins().iadd_imm(top, -1);
                        me.b.ins().isub(top, j)
                    }
                    _ => me.b.ins().iadd(lov, j),
                };
                let v = me.dynamic(v, vlo, vhi);
                me.visit(fold, local, v, cond, exits)
            })?;
        }
        let v = self.unsettled(fold, exits);
        self.restore_scale(outer);
        let max = match size {
            Size::K(n) => n,
            Size::D(_, m) => m,
        };
        Ok(match fold {
            Fold::Count => self.dynamic(v, 0, max as i64),
            Fold::Any | Fold::All => self.dynamic(v, 0, 1),
            Fold::First | Fold::Last => self.dynamic(v, vlo, vhi),
        })
    }

    /// One value of a fold: a step, the value in `local`, the condition, and the jump to `done`
    /// with the result when it settles the fold.
    pub(in crate::jit) fn visit(
        &mut self,
        fold: Fold,
        local: u16,
        v: E,
        cond: &CExpr,
        exits: Exits,
    ) -> R<()> {
        self.charge_const(1);
        self.set_local(local, v);
        let holds = self.expr(cond)?;
        let holds = self.truth_of(holds);
        self.settle(fold, holds, v, exits);
        Ok(())
    }

    /// A value as a truth known when compiling, or an i8 truth value.
    pub(in crate::jit) fn truth_of(&mut self, e: E) -> Truth {
        match e {
            E::K(k) => Truth::K(k != 0),
            E::D { .. } => Truth::T(self.truth(e)),
        }
    }

    /// What a visited value whose condition is `holds` does to a fold (`Fold::visit`).
    pub(in crate::jit) fn settle(&mut self, fold: Fold, holds: Truth, v: E, exits: Exits) {
        let (result, count, done) = exits;
        let value = match fold {
            Fold::Count => {
                let h = match holds {
                    Truth::K(b) => self.konst(b as i64),
                    Truth::T(t) => self.b.ins().uextend(I64, t),
                };
                let c = self.b.use_var(count);
                let c = self.b.ins().iadd(c, h);
                self.b.def_var(count, c);
                return;
            }
            Fold::Any => E::K(1),
            Fold::All => E::K(0),
            Fold::First | Fold::Last => v,
        };
        // `all` settles on a value that fails, the others on one that holds.
        let when = fold != Fold::All;
        match holds {
            Truth::K(b) if b != when => {}
            Truth::K(_) => {
                let x = self.val(value);
                self.b.def_var(result, x);
                self.b.ins().jump(done, &[]);
                self.fresh();
            }
            Truth::T(t) => {
                let (out, on) = (self.b.create_block(), self.b.create_block());
                if when {
                    self.b.ins().brif(t, out, &[], on, &[]);
                } else {
                    self.b.ins().brif(t, on, &[], out, &[]);
                }
                self.b.switch_to_block(out);
                let x = self.val(value);
                self.b.def_var(result, x);
                self.b.ins().jump(done, &[]);
                self.b.switch_to_block(on);
            }
        }
    }

    /// The end of a fold whose values were all visited without settling it, and the block
    /// after it, where its result is.
    pub(in crate::jit) fn unsettled(&mut self, fold: Fold, exits: Exits) -> Value {
        let (result, count, done) = exits;
        match fold {
            Fold::Count => {
                let c = self.b.use_var(count);
                self.b.def_var(result, c);
            }
            Fold::Any | Fold::All => {
                let r = self.konst((fold == Fold::All) as i64);
                self.b.def_var(result, r);
            }
            // `first`/`last` with no value meeting the condition: `no_value`.
            Fold::First | Fold::Last => {
                self.bail_now();
            }
        }
        self.b.ins().jump(done, &[]);
        self.b.switch_to_block(done);
        self.b.use_var(result)
    }

    /// The variables and block a fold's values settle it through.
    pub(in crate::jit) fn exits(&mut self) -> Exits {
        let result = self.b.declare_var(I64);
        let count = self.b.declare_var(I64);
        let zero = self.konst(0);
        self.b.def_var(count, zero);
        self.b.def_var(result, zero);
        (result, count, self.b.create_block())
    }
}

/// A condition known when compiling, or an i8 truth value.
#[derive(Clone, Copy)]
pub(in crate::jit) enum Truth {
    K(bool),
    T(Value),
}

/// The scale outside a loop: its value, and the value when known when compiling.
#[derive(Clone, Copy)]
pub(in crate::jit) struct Outer(Value, Option<u64>);

/// A fold's result and count variables and the block it ends in.
pub(in crate::jit) type Exits = (Variable, Variable, Block);
