//! Constants: what is fixed before play (option defaults, ranges, lengths, initial values).

use super::expr::{Cx, Mode, Ty};
use super::value::OptValue;
use crate::diag::{catalog, Diagnostics};
use crate::rules::{CExpr, Ctx};
use crate::syntax::ast::{Expr, Range, RangeKind, Span};

impl Cx {
    /// Evaluates a compiled constant expression, reporting arithmetic problems at `span`.
    pub fn eval_const(&self, c: &CExpr, span: Span, d: &mut Diagnostics) -> Option<i64> {
        let mut slots: [i64; 0] = [];
        let mut locals = vec![0i64; self.max_locals as usize + 1];
        let mut undo = Vec::new();
        let mut ctx = Ctx {
            vars: &self.vars,
            ranges: &[],
            slots: &mut slots,
            locals: &mut locals,
            mover: 1,
            last_mover: 2,
            undo: &mut undo,
            again: false,
            scale: 1,
        };
        match ctx.eval(c) {
            Ok(v) => Some(v),
            Err(e) => {
                d.push(catalog::constant_fault(e.kind, span, e.message));
                None
            }
        }
    }

    pub fn const_int(&mut self, e: &Expr, d: &mut Diagnostics) -> Option<i64> {
        let c = self.int(e, Mode::Const, d)?;
        self.eval_const(&c, e.span, d)
    }

    /// A constant of any kind: number, condition or list (for option defaults and initial values).
    pub fn const_value(&mut self, e: &Expr, d: &mut Diagnostics) -> Option<OptValue> {
        let t = self.expr(e, Mode::Const, d)?;
        match t.ty {
            Ty::Int => Some(OptValue::Int(self.eval_const(&t.c, e.span, d)?)),
            Ty::Bool => Some(OptValue::Bool(self.eval_const(&t.c, e.span, d)? != 0)),
            Ty::List(vs) => Some(OptValue::List(vs)),
            Ty::Array(_) => None,
        }
    }

    /// A range fixed before play, as inclusive bounds; reports an empty one.
    pub fn const_range(
        &mut self,
        r: &Range,
        mode: Mode,
        d: &mut Diagnostics,
    ) -> Option<(i64, i64)> {
        let _ = mode;
        let lo = self.const_int(&r.lo, d);
        let hi = self.const_int(&r.hi, d);
        let (lo, hi) = (lo?, hi?);
        let (last, dots) = match r.kind {
            RangeKind::Exclusive => (hi.checked_sub(1), ".."),
            _ => (Some(hi), "..="),
        };
        match last {
            Some(last) if lo <= last => Some((lo, last)),
            // `lo..-2^63` has no last element: it is empty like any other empty range.
            _ => {
                d.push(catalog::bad_range(r.span, &format!("{lo}{dots}{hi}")));
                None
            }
        }
    }
}
