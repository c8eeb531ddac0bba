//! Expressions: each `CExpr` lowered as `Ctx::eval` evaluates it — the same order, the same
//! checks, only the chosen branch of a condition and the needed side of `and`/`or` — with a
//! check the intervals settle left out.

use super::{flags, Lower, NotCompiled, E};
use crate::rules::{ArithOp, CExpr};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::types::I64;
use cranelift_codegen::ir::InstBuilder;

type R<T> = Result<T, NotCompiled>;

impl Lower<'_, '_> {
    pub(in crate::jit) fn expr(&mut self, e: &CExpr) -> R<E> {
        self.node()?;
        Ok(match e {
            CExpr::Const(k) => E::K(*k),
            CExpr::Slot(s) => self.load_slot(*s),
            CExpr::Elem {
                base,
                len,
                offset,
                index,
                ..
            } => {
                let i = self.expr(index)?;
                self.elem(*base, *len, *offset, i)
            }
            CExpr::ElemLocal {
                base,
                len,
                offset,
                local,
                ..
            } => {
                let i = self.local(*local);
                self.elem(*base, *len, *offset, i)
            }
            CExpr::Local(l) => self.local(*l),
            CExpr::ListElem { values, index, .. } => {
                let i = self.expr(index)?;
                self.list_elem(values, i)
            }
            CExpr::Mover => self.dynamic(self.mover, 1, 2),
            CExpr::Opponent => {
                let three = self.konst(3);
                let v = self.b.ins().isub(three, self.mover);
                self.dynamic(v, 1, 2)
            }
            CExpr::LastMover => self.dynamic(self.last, 1, 2),
            CExpr::Neg(x, _) => {
                let x = self.expr(x)?;
                self.neg(x)
            }
            CExpr::Not(x) => {
                let x = self.expr(x)?;
                self.not(x)
            }
            CExpr::Arith(op, a, b, _) => {
                let a = self.expr(a)?;
                let b = self.expr(b)?;
                self.arith(*op, a, b)
            }
            CExpr::Cmp(op, a, b) => {
                let a = self.expr(a)?;
                let b = self.expr(b)?;
                self.compare(*op, a, b)
            }
            CExpr::And(a, b) => self.logic(a, b, true)?,
            CExpr::Or(a, b) => self.logic(a, b, false)?,
            CExpr::Sum { base, len, .. } => self.sum(*base, *len),
            CExpr::MinOf { base, len } => self.extreme_of(*base, *len, true),
            CExpr::MaxOf { base, len } => self.extreme_of(*base, *len, false),
            CExpr::Min(xs) => self.extreme(xs, true)?,
            CExpr::Max(xs) => self.extreme(xs, false)?,
            CExpr::Abs(x, _) => {
                let x = self.expr(x)?;
                self.abs(x)
            }
            CExpr::Fold {
                fold,
                local,
                domain,
                cond,
                ..
            } => self.fold(*fold, *local, domain, cond)?,
            CExpr::Cond(c, a, b) => self.choice(c, a, b)?,
            CExpr::GridIndex {
                rows,
                cols,
                row,
                col,
                ..
            } => {
                let r = self.expr(row)?;
                let c = self.expr(col)?;
                self.grid_index(*rows, *cols, r, c)
            }
            CExpr::Let { local, value, body } => {
                let v = self.expr(value)?;
                self.set_local(*local, v);
                self.expr(body)?
            }
            CExpr::RunFold {
                fold,
                local,
                runs,
                run,
                cond,
                cmp,
                ..
            } => {
                let i = self.expr(run)?;
                self.run_fold(*fold, *local, runs, i, cond, *cmp)?
            }
            CExpr::RunElem {
                runs, run, index, ..
            } => {
                let i = self.expr(run)?;
                let j = self.expr(index)?;
                self.run_elem(runs, i, j)
            }
            CExpr::RunLen { runs, run, .. } => {
                let i = self.expr(run)?;
                self.run_len(runs, i)
            }
        })
    }

    /// `i - offset` checked to be an index of `len` elements: a value in `0..len` (the code goes
    /// on only if it is), or `None` when it never is (the code after is then unreachable).
    pub(in crate::jit) fn index(&mut self, i: E, offset: i64, len: u32) -> Option<E> {
        if len == 0 {
            // Nothing to index: every index is out of bounds.
            self.bail_now();
            return None;
        }
        let k = match i {
            E::K(x) => match x.checked_sub(offset) {
                Some(k) if k >= 0 && k < len as i64 => return Some(E::K(k)),
                _ => {
                    self.bail_now();
                    return None;
                }
            },
            E::D { .. } => i,
        };
        let (lo, hi) = k.range();
        // The interpreter's `i.checked_sub(offset)`: an overflow is simply out of bounds.
        let (klo, khi) = (lo as i128 - offset as i128, hi as i128 - offset as i128);
        let v = self.val(k);
        let shifted = if offset == 0 {
            v
        } else if klo >= i64::MIN as i128 && khi <= i64::MAX as i128 {
            self.b.ins().iadd_imm(v, offset.wrapping_neg())
        } else {
            let off = self.konst(offset);
            let (s, over) = self.b.ins().ssub_overflow(v, off);
            self.bail_if(over);
            s
        };
        if klo < 0 || khi >= len as i128 {
            // One unsigned comparison covers both ends.
            let out = self
                .b
                .ins()
                .icmp_imm(IntCC::UnsignedGreaterThanOrEqual, shifted, len as i64);
            self.bail_if(out);
        }
        let lo = klo.clamp(0, len as i128 - 1) as i64;
        let hi = khi.clamp(0, len as i128 - 1) as i64;
        Some(self.dynamic(shifted, lo, hi))
    }

    /// Element `i` of the array at slots `base..base + len` (indices from `offset`).
    pub(in crate::jit) fn elem(&mut self, base: u32, len: u32, offset: i64, i: E) -> E {
        match self.index(i, offset, len) {
            None => E::K(0),
            Some(E::K(k)) => self.load_slot(base + k as u32),
            Some(k @ E::D { .. }) => {
                let v = self.val(k);
                let slot = self.b.ins().iadd_imm(v, base as i64);
                self.load_slot_at(slot, base, len)
            }
        }
    }

    fn list_elem(&mut self, values: &std::sync::Arc<[i64]>, i: E) -> E {
        let len = values.len() as u32;
        match self.index(i, 0, len) {
            None => E::K(0),
            Some(E::K(k)) => E::K(values[k as usize]),
            Some(k @ E::D { .. }) => {
                let (lo, hi) = k.range();
                let seen = &values[lo as usize..=hi as usize];
                let (vlo, vhi) = (
                    seen.iter().copied().min().unwrap_or(0),
                    seen.iter().copied().max().unwrap_or(0),
                );
                let base = self.konst(values.as_ptr() as i64);
                self.keep.lists.push(values.clone());
                let v = self.val(k);
                let off = self.b.ins().ishl_imm(v, 3);
                let addr = self.b.ins().iadd(base, off);
                let x = self.b.ins().load(I64, flags(), addr, 0);
                self.dynamic(x, vlo, vhi)
            }
        }
    }

    /// `a and b` (`all`) or `a or b`: `b` only when `a` does not decide, or, `b` pure, always.
    fn logic(&mut self, a: &CExpr, b: &CExpr, all: bool) -> R<E> {
        let x = self.expr(a)?;
        match x {
            E::K(k) if (k != 0) != all => return Ok(E::K(!all as i64)),
            E::K(_) => {
                let y = self.expr(b)?;
                return Ok(self.not_zero(y));
            }
            E::D { .. } => {}
        }
        if self.pure(b).is_some() {
            // Both sides, combined bitwise: no branch on `a`.
            let y = self.purely(|me| me.expr(b))?;
            let (p, q) = (self.not_zero(x), self.not_zero(y));
            let (p, q) = (self.val(p), self.val(q));
            let v = match all {
                true => self.b.ins().band(p, q),
                false => self.b.ins().bor(p, q),
            };
            return Ok(self.dynamic(v, 0, 1));
        }
        let t = self.truth(x);
        let (decide, other, join) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        self.b.append_block_param(join, I64);
        if all {
            self.b.ins().brif(t, other, &[], decide, &[]);
        } else {
            self.b.ins().brif(t, decide, &[], other, &[]);
        }
        self.b.switch_to_block(decide);
        let settled = self.konst(!all as i64);
        self.b.ins().jump(join, &[settled.into()]);
        self.b.switch_to_block(other);
        let y = self.expr(b)?;
        let y = self.not_zero(y);
        let yv = self.val(y);
        self.b.ins().jump(join, &[yv.into()]);
        self.b.switch_to_block(join);
        let v = self.b.block_params(join)[0];
        Ok(self.dynamic(v, 0, 1))
    }

    /// `x != 0` as 0 or 1 (a condition already 0 or 1 stays as it is).
    pub(in crate::jit) fn not_zero(&mut self, x: E) -> E {
        match x {
            E::K(k) => E::K((k != 0) as i64),
            E::D { lo, hi, .. } if lo >= 0 && hi <= 1 => x,
            E::D { .. } => {
                let t = self.truth(x);
                self.as_int(t)
            }
        }
    }

    /// `if c then a else b`: only the branch chosen is evaluated, or, both pure, both.
    fn choice(&mut self, c: &CExpr, a: &CExpr, b: &CExpr) -> R<E> {
        let cv = self.expr(c)?;
        if let E::K(k) = cv {
            return self.expr(if k != 0 { a } else { b });
        }
        let t = self.truth(cv);
        if self.pure(a).is_some() && self.pure(b).is_some() {
            // Both arms, and a `select`: no branch, and `disc(p)` is one value for every line.
            let (x, y) = self.purely(|me| Ok((me.expr(a)?, me.expr(b)?)))?;
            let (xv, yv) = (self.val(x), self.val(y));
            let v = self.b.ins().select(t, xv, yv);
            let ((xl, xh), (yl, yh)) = (x.range(), y.range());
            return Ok(self.dynamic(v, xl.min(yl), xh.max(yh)));
        }
        let (yes, no, join) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        self.b.append_block_param(join, I64);
        self.b.ins().brif(t, yes, &[], no, &[]);
        self.b.switch_to_block(yes);
        let x = self.expr(a)?;
        let xv = self.val(x);
        self.b.ins().jump(join, &[xv.into()]);
        self.b.switch_to_block(no);
        let y = self.expr(b)?;
        let yv = self.val(y);
        self.b.ins().jump(join, &[yv.into()]);
        self.b.switch_to_block(join);
        let v = self.b.block_params(join)[0];
        let ((xl, xh), (yl, yh)) = (x.range(), y.range());
        Ok(self.dynamic(v, xl.min(yl), xh.max(yh)))
    }

    /// `sum(a)`: added in order, each partial sum checked unless its interval fits.
    fn sum(&mut self, base: u32, len: u32) -> E {
        let mut total = E::K(0);
        for s in base..base + len {
            let x = self.load_slot(s);
            total = self.arith(ArithOp::Add, total, x);
        }
        total
    }

    /// `min(a)` / `max(a)` of an array's slots (0 for none).
    fn extreme_of(&mut self, base: u32, len: u32, min: bool) -> E {
        let xs: Vec<E> = (base..base + len).map(|s| self.load_slot(s)).collect();
        self.combine(xs, min)
    }

    /// `min(x, y, ...)` / `max(...)`: each evaluated in order (0 for none).
    fn extreme(&mut self, xs: &[CExpr], min: bool) -> R<E> {
        let mut vals = Vec::with_capacity(xs.len());
        for x in xs {
            vals.push(self.expr(x)?);
        }
        Ok(self.combine(vals, min))
    }

    fn combine(&mut self, xs: Vec<E>, min: bool) -> E {
        let mut acc: Option<E> = None;
        for x in xs {
            acc = Some(match acc {
                None => x,
                Some(a) => {
                    let ((al, ah), (xl, xh)) = (a.range(), x.range());
                    if let (E::K(p), E::K(q)) = (a, x) {
                        E::K(if min { p.min(q) } else { p.max(q) })
                    } else {
                        let (p, q) = (self.val(a), self.val(x));
                        if min {
                            let v = self.b.ins().smin(p, q);
                            self.dynamic(v, al.min(xl), ah.min(xh))
                        } else {
                            let v = self.b.ins().smax(p, q);
                            self.dynamic(v, al.max(xl), ah.max(xh))
                        }
                    }
                }
            });
        }
        acc.unwrap_or(E::K(0))
    }

    /// The element number of a grid's cell, each coordinate checked against the grid's size.
    fn grid_index(&mut self, rows: u32, cols: u32, r: E, c: E) -> E {
        let (Some(r), Some(c)) = (self.index(r, 0, rows), self.index(c, 0, cols)) else {
            return E::K(0);
        };
        let cols_k = cols as i64;
        let first = match r {
            E::K(k) => E::K(k * cols_k),
            E::D { .. } => self.arith(ArithOp::Mul, r, E::K(cols_k)),
        };
        self.arith(ArithOp::Add, first, c)
    }
}
