//! Constants: what is fixed before play (option defaults, ranges, lengths, initial values).

use super::expr::{Cx, Mode, Ty};
use super::value::OptValue;
use crate::diag::{catalog, Diagnostics};
use crate::rules::{CExpr, Ctx, RtKind};
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
            budget: self.steps_left.get(),
            chance: None,
        };
        let r = ctx.eval(c);
        self.steps_left.set(ctx.budget);
        match r {
            Ok(v) => Some(v),
            // One diagnostic for the whole file: later constants fail for the same reason.
            Err(e) if e.kind == RtKind::TooManySteps => {
                if !self.steps_reported.replace(true) {
                    d.push(catalog::constant_fault(
                        e.kind,
                        span,
                        format!("computing the file's constants took more than {} steps (values of `count`, `any` and `all`), the limit", self.max_steps),
                    ));
                }
                None
            }
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

    /// A constant of any kind: number, condition, list or an enumeration's value (for option
    /// defaults and initial values).
    pub fn const_value(&mut self, e: &Expr, d: &mut Diagnostics) -> Option<OptValue> {
        let t = self.expr(e, Mode::Const, d)?;
        match t.ty {
            Ty::Int => Some(OptValue::Int(self.eval_const(&t.c, e.span, d)?)),
            Ty::Bool => Some(OptValue::Bool(self.eval_const(&t.c, e.span, d)? != 0)),
            Ty::List(vs) => Some(OptValue::List(vs)),
            Ty::Array(_) | Ty::Run(_) => None,
            Ty::Enum(id) => {
                let index = self.eval_const(&t.c, e.span, d)?;
                let name = self.enums[id as usize].names.get(index as usize)?.clone();
                Some(OptValue::Enum {
                    id,
                    index: index as u32,
                    name,
                })
            }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every constant of a file shares one step budget, and running out is reported once: 1,000
    /// constants of 10,000,000 steps each took minutes in `check` before.
    #[test]
    fn constants_share_one_step_budget_reported_once() {
        let src = "game \"g\" {
  option a = count(i in 0..=9 where i > 4)
  option b = count(i in 0..=9 where i > 4)
  option c = count(i in 0..=9 where i > 4)
  state { x: 0..=1 = 0 }
  move m if x == 0 { x = 1 }
  end if x == 1: last mover wins
}
";
        let file = crate::syntax::parse(src).expect("parses");
        let mut cx = Cx::new();
        cx.max_steps = 15;
        cx.steps_left.set(15);
        let mut d = Diagnostics::default();
        super::super::options::evaluate(&file, &[], &mut cx, &mut d);
        let found: Vec<(String, String)> =
            d.0.iter()
                .map(|x| (x.code.to_string(), x.message.clone()))
                .collect();
        assert_eq!(
            found,
            [(
                "gamec::too_many_steps".to_string(),
                "computing the file's constants took more than 15 steps (values of `count`, `any` and `all`), the limit".to_string()
            )]
        );
        assert_eq!(
            d.0[0].labels[0].span.start,
            src.find("count(i in 0..=9 where i > 4)\n  option c")
                .unwrap()
        );
    }
}
