//! A roll whose range and weights are fixed before play is checked before play: an empty range
//! is `bad_range`, weights that do not fit are `bad_weights`, by the rule the engine applies to
//! rolls that depend on the state (`rules::roll_problem`).

use super::expr::Cx;
use crate::diag::{catalog, Diagnostics};
use crate::rules::{roll_problem, ArithOp, CDomain, CExpr, CWeights, RtKind};
use crate::syntax::ast::Span;

impl Cx {
    /// Reports a constant roll that cannot be made; returns whether the roll is fine so far.
    pub fn check_roll(
        &self,
        dom: &CDomain,
        weights: Option<&CWeights>,
        span: Span,
        d: &mut Diagnostics,
    ) -> bool {
        if !(dom.lo.is_constant() && dom.hi.is_constant()) {
            return true;
        }
        let mut quiet = Diagnostics::default();
        let Some(lo) = self.eval_const(&dom.lo, dom.span, &mut quiet) else {
            return true;
        };
        // `lo..-2^63`: its last value, one less than -2^63, overflows; the range is empty.
        if let CExpr::Arith(ArithOp::Sub, end, one, _) = &dom.hi {
            let end = self.eval_const(end, dom.span, &mut quiet);
            if matches!(**one, CExpr::Const(1)) && end == Some(i64::MIN) {
                d.push(catalog::bad_range(dom.span, &format!("{lo}..{}", i64::MIN)));
                return false;
            }
        }
        let Some(hi) = self.eval_const(&dom.hi, dom.span, &mut quiet) else {
            return true;
        };
        let constant: Option<Vec<i64>> = match weights {
            Some(CWeights::List(ws)) if ws.iter().all(CExpr::is_constant) => ws
                .iter()
                .map(|w| self.eval_const(w, span, &mut quiet))
                .collect(),
            _ => None,
        };
        // Weights that depend on the state can still be counted; weights worked out for each
        // value are found while the setup runs (they read the rolled variable).
        let count_only: Option<Vec<i64>> = match weights {
            Some(CWeights::List(ws)) => Some(vec![1; ws.len()]),
            _ => None,
        };
        let ws = constant.or(count_only);
        match roll_problem(lo, hi, ws.as_deref()) {
            None => true,
            Some((RtKind::EmptyRoll, _)) => {
                d.push(catalog::bad_range(dom.span, &format!("{lo}..={hi}")));
                false
            }
            Some((_, problem)) => {
                d.push(catalog::bad_weights(span, problem));
                false
            }
        }
    }
}
