//! The interpreter for compiled expressions and statements: checked arithmetic, range-checked
//! assignments with an undo log, so move generation can apply a move in place and take it back.

use super::fault::{arith_at, list_index_error, R};
use super::*;
/// Everything an expression can read, and the log that lets statements be undone.
pub struct Ctx<'a> {
    pub vars: &'a [VarInfo],
    pub ranges: &'a [(i64, i64)],
    pub slots: &'a mut [i64],
    pub locals: &'a mut [i64],
    pub mover: i64,
    pub last_mover: i64,
    /// (slot, old value) for every write, oldest first.
    pub undo: &'a mut Vec<(u32, i64)>,
    /// Set by `again`.
    pub again: bool,
    /// The product of the sizes of the parameter and comprehension ranges being iterated around
    /// the expression now evaluated (1 at the top): a comprehension's steps are its size times
    /// this, at most `MAX_STEPS`, so nested comprehensions cannot multiply into a hang.
    pub scale: u64,
    /// Steps left for the whole exploration (`--max-steps`): each candidate move and each value a
    /// `count`/`any`/`all` visits takes one, so total work is bounded, not only each position's.
    pub budget: u64,
    /// The picks of a move's rolls during play, when the command follows chance.
    pub chance: Option<&'a mut super::roll::Script>,
}

impl Ctx<'_> {
    /// Takes `n` steps from the budget, or fails with `too_many_steps` (the budget is then 0).
    #[inline]
    pub fn charge(&mut self, n: u64, span: Span) -> R<()> {
        match self.budget.checked_sub(n) {
            Some(left) => {
                self.budget = left;
                Ok(())
            }
            None => self.out_of_steps(span),
        }
    }

    #[cold]
    #[inline(never)]
    fn out_of_steps(&mut self, span: Span) -> R<()> {
        self.budget = 0;
        Err(RtError::new(
            RtKind::TooManySteps,
            span,
            "exploring the game ran out of steps here",
        ))
    }

    pub fn eval(&mut self, e: &CExpr) -> R<i64> {
        Ok(match e {
            CExpr::Const(v) => *v,
            CExpr::Slot(s) => self.slots[*s as usize],
            CExpr::Elem {
                var,
                base,
                len,
                offset,
                index,
                span,
            } => {
                let i = self.eval(index)?;
                let slot = self.elem_slot(*var, *base, *len, *offset, i, *span)?;
                self.slots[slot]
            }
            CExpr::Local(l) => self.locals[*l as usize],
            CExpr::ListElem {
                values,
                index,
                span,
            } => {
                let i = self.eval(index)?;
                match usize::try_from(i).ok().and_then(|k| values.get(k)) {
                    Some(v) => *v,
                    None => return Err(list_index_error(i, values.len(), *span)),
                }
            }
            CExpr::ElemLocal {
                var,
                base,
                len,
                offset,
                local,
                span,
            } => {
                let i = self.locals[*local as usize];
                let slot = self.elem_slot(*var, *base, *len, *offset, i, *span)?;
                self.slots[slot]
            }
            CExpr::Mover => self.mover,
            CExpr::Opponent => 3 - self.mover,
            CExpr::LastMover => self.last_mover,
            CExpr::Neg(x, span) => {
                let v = self.eval(x)?;
                arith_at(ArithOp::Sub, 0, v, *span)?
            }
            CExpr::Not(x) => (self.eval(x)? == 0) as i64,
            CExpr::Arith(op, a, b, span) => {
                let (a, b) = (self.eval(a)?, self.eval(b)?);
                arith_at(*op, a, b, *span)?
            }
            CExpr::Cmp(op, a, b) => {
                let (a, b) = (self.eval(a)?, self.eval(b)?);
                (match op {
                    CmpOp::Eq => a == b,
                    CmpOp::Ne => a != b,
                    CmpOp::Lt => a < b,
                    CmpOp::Le => a <= b,
                    CmpOp::Gt => a > b,
                    CmpOp::Ge => a >= b,
                }) as i64
            }
            CExpr::And(a, b) => (self.eval(a)? != 0 && self.eval(b)? != 0) as i64,
            CExpr::Or(a, b) => (self.eval(a)? != 0 || self.eval(b)? != 0) as i64,
            CExpr::Sum { base, len, span } => {
                let mut total: i64 = 0;
                for s in *base..*base + *len {
                    total = arith_at(ArithOp::Add, total, self.slots[s as usize], *span)?;
                }
                total
            }
            CExpr::MinOf { base, len } => self.slots[*base as usize..(*base + *len) as usize]
                .iter()
                .copied()
                .min()
                .unwrap_or(0),
            CExpr::MaxOf { base, len } => self.slots[*base as usize..(*base + *len) as usize]
                .iter()
                .copied()
                .max()
                .unwrap_or(0),
            CExpr::Min(xs) => self.fold_values(xs, i64::min)?,
            CExpr::Max(xs) => self.fold_values(xs, i64::max)?,
            CExpr::Abs(x, span) => {
                let v = self.eval(x)?;
                v.checked_abs().ok_or_else(|| {
                    RtError::new(
                        RtKind::Overflow,
                        *span,
                        format!("arithmetic overflow in abs({v})"),
                    )
                })?
            }
            CExpr::Fold {
                fold,
                local,
                domain,
                cond,
                span,
            } => self.eval_fold(*fold, *local, domain, cond, *span)?,
            CExpr::Cond(c, a, b) => {
                if self.eval(c)? != 0 {
                    self.eval(a)?
                } else {
                    self.eval(b)?
                }
            }
            CExpr::GridIndex {
                var,
                rows,
                cols,
                row,
                col,
                span,
            } => {
                let (r, c) = (self.eval(row)?, self.eval(col)?);
                let name = |s: &Self| s.vars[*var as usize].name.clone();
                if r < 0 || r >= i64::from(*rows) {
                    return Err(RtError::new(
                        RtKind::IndexOutOfBounds,
                        *span,
                        format!(
                            "row {r} is outside `{}` (its rows are 0..={})",
                            name(self),
                            rows - 1
                        ),
                    ));
                }
                if c < 0 || c >= i64::from(*cols) {
                    return Err(RtError::new(
                        RtKind::IndexOutOfBounds,
                        *span,
                        format!(
                            "column {c} is outside `{}` (its columns are 0..={})",
                            name(self),
                            cols - 1
                        ),
                    ));
                }
                r * i64::from(*cols) + c
            }
            CExpr::Let { local, value, body } => {
                self.locals[*local as usize] = self.eval(value)?;
                self.eval(body)?
            }
            CExpr::RunFold {
                fold,
                local,
                runs,
                run,
                cond,
                cmp,
                span,
            } => self.eval_run_fold(*fold, *local, runs, run, cond, *cmp, *span)?,
            CExpr::RunElem {
                runs,
                run,
                index,
                span,
            } => self.run_elem(runs, run, index, *span)?,
            CExpr::RunLen { runs, run, span } => self.run_len(runs, run, *span)?,
        })
    }

    fn fold_values(&mut self, xs: &[CExpr], f: fn(i64, i64) -> i64) -> R<i64> {
        let mut acc: Option<i64> = None;
        for x in xs {
            let v = self.eval(x)?;
            acc = Some(acc.map_or(v, |a| f(a, v)));
        }
        Ok(acc.unwrap_or(0))
    }

    fn eval_fold(
        &mut self,
        fold: Fold,
        local: u16,
        domain: &CDomain,
        cond: &CExpr,
        span: Span,
    ) -> R<i64> {
        let (lo, hi) = (self.eval(&domain.lo)?, self.eval(&domain.hi)?);
        check_range(lo, hi, span)?;
        let size = range_size(lo, hi);
        let outer = self.scale;
        let steps = outer.saturating_mul(size);
        if steps > MAX_STEPS {
            return Err(RtError::new(
                RtKind::TooWide,
                span,
                format!("this takes {size} steps for each of {outer} values of the ranges around it; at most {MAX_STEPS} steps are allowed"),
            ));
        }
        self.scale = steps;
        let r = self.fold_steps(fold, local, lo, size, cond, span);
        self.scale = outer;
        r
    }

    fn fold_steps(
        &mut self,
        fold: Fold,
        local: u16,
        lo: i64,
        size: u64,
        cond: &CExpr,
        span: Span,
    ) -> R<i64> {
        let mut count = 0;
        for j in 0..size {
            self.charge(1, span)?;
            // `last` visits the range from its top (`size` ≤ MAX_RANGE, so `j` fits).
            let v = match fold {
                Fold::Last => lo + (size - 1 - j) as i64,
                _ => lo + j as i64,
            };
            self.locals[local as usize] = v;
            let holds = self.eval(cond)? != 0;
            if let Some(r) = fold.visit(holds, v, &mut count) {
                return Ok(r);
            }
        }
        fold.finish(count, span, "value of the range")
    }

    #[inline]
    fn elem_slot(
        &self,
        var: u32,
        base: u32,
        len: u32,
        offset: i64,
        i: i64,
        span: Span,
    ) -> R<usize> {
        // Checked: an index of -2^63 minus the offset is simply out of bounds.
        let k = i.checked_sub(offset).unwrap_or(-1);
        if k < 0 || k >= len as i64 {
            let v = &self.vars[var as usize];
            let valid = if v.kind == VarKind::PerPlayer {
                format!("players are 1..={len}")
            } else {
                format!("its indices are 0..={}", len as i64 - 1)
            };
            return Err(RtError::new(
                RtKind::IndexOutOfBounds,
                span,
                format!("index {i} is outside `{}` ({valid})", v.name),
            ));
        }
        Ok(base as usize + k as usize)
    }

    #[inline]
    pub fn target_slot(&mut self, t: &CTarget) -> R<usize> {
        match &t.index {
            None => Ok(t.base as usize),
            Some(ix) => {
                let i = self.eval(ix)?;
                self.elem_slot(t.var, t.base, t.len, t.offset, i, t.span)
            }
        }
    }

    /// Writes `value` to `slot`, checking the declared range and logging the old value.
    #[inline]
    pub fn write(&mut self, slot: usize, value: i64, span: Span) -> R<()> {
        let (lo, hi) = self.ranges[slot];
        if value < lo || value > hi {
            return Err(self.range_error(slot, value, lo, hi, span));
        }
        self.undo.push((slot as u32, self.slots[slot]));
        self.slots[slot] = value;
        Ok(())
    }

    #[cold]
    fn range_error(&self, slot: usize, value: i64, lo: i64, hi: i64, span: Span) -> Box<RtError> {
        {
            let var = self
                .vars
                .iter()
                .find(|v| (slot as u32) >= v.base && (slot as u32) < v.base + v.len);
            let name = match var {
                Some(v) if v.kind == VarKind::Scalar => format!("`{}`", v.name),
                Some(v) if v.kind == VarKind::PerPlayer => {
                    format!("`{}[{}]`", v.name, slot as u32 - v.base + 1)
                }
                Some(v) if v.kind == VarKind::Grid && v.cols > 0 => {
                    let k = slot as u32 - v.base;
                    format!("`{}[{}, {}]`", v.name, k / v.cols, k % v.cols)
                }
                Some(v) => format!("`{}[{}]`", v.name, slot as u32 - v.base),
                None => "a variable".into(),
            };
            let shown = if var.is_some_and(|v| v.is_bool) {
                "0..=1".to_string()
            } else {
                format!("{lo}..={hi}")
            };
            RtError::new(
                RtKind::OutOfRange,
                span,
                format!("{name} would become {value}, outside its range {shown}"),
            )
        }
    }
}
