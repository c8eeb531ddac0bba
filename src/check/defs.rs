//! Definitions (`def NAME(PARAMS) = EXPR`) and conditional expressions (`if C then A else B`).
//!
//! A call is compiled where it is written: each argument is compiled in the caller's scope and
//! stored in a fresh local (`CExpr::Let`, so it is evaluated once, before the body), then the body
//! is compiled with only the parameters in scope (the caller's parameters and bound variables are
//! hidden), the parameters typed as their arguments are. So a definition costs nothing at run
//! time beyond its arguments, and the engine never walks the syntax tree.

use super::expr::{Cx, Mode, Ty, Typed};
use super::types::MAX_EXPANDED_NODES;
use crate::diag::{catalog, Diagnostics};
use crate::rules::CExpr;
use crate::syntax::ast::{Expr, ExprKind, Span};

/// How many nodes an expression tree has (without recursion).
fn size(e: &Expr) -> u64 {
    let mut stack = vec![e];
    let mut n = 0u64;
    while let Some(x) = stack.pop() {
        n += 1;
        match &x.kind {
            ExprKind::Index(a, b) | ExprKind::Binary(_, a, b) => stack.extend([&**a, &**b]),
            ExprKind::Unary(_, a) => stack.push(a),
            ExprKind::If(c, a, b) => stack.extend([&**c, &**a, &**b]),
            ExprKind::List(xs) | ExprKind::Call { args: xs, .. } => stack.extend(xs),
            ExprKind::Comprehension { comp, .. } => stack.push(&comp.cond),
            _ => {}
        }
    }
    n
}

impl Cx {
    /// Whether `name` is a definition of this file.
    pub(super) fn is_def(&self, name: &str) -> bool {
        self.defs.by_name.contains_key(name)
    }

    /// `NAME(ARGS)` where NAME is a definition.
    pub(super) fn call_def(
        &mut self,
        name: &str,
        fspan: Span,
        args: &[Expr],
        span: Span,
        mode: Mode,
        d: &mut Diagnostics,
    ) -> Option<Typed> {
        let k = *self.defs.by_name.get(name)?;
        self.defs.used[k] = true;
        let def = self.defs.decls[k].clone();
        if let Some(at) = self.defs.stack.iter().position(|&s| s == k) {
            if !self.defs.failed[k] {
                self.defs.failed[k] = true;
                let mut chain: Vec<&str> = self.defs.stack[at..]
                    .iter()
                    .map(|&s| self.defs.decls[s].name.name.as_str())
                    .collect();
                chain.push(name);
                d.push(catalog::recursive_def(fspan, def.name.span, &chain));
            }
            return None;
        }
        if args.len() != def.params.len() {
            let wanted = match def.params.len() {
                1 => "1 argument".to_string(),
                n => format!("{n} arguments"),
            };
            d.push(catalog::wrong_arguments(span, name, &wanted));
            return None;
        }
        let cost = size(&def.body);
        if cost > self.defs.nodes_left {
            if !self.defs.too_large_reported {
                self.defs.too_large_reported = true;
                d.push(catalog::def_too_large(span, MAX_EXPANDED_NODES));
            }
            return None;
        }
        self.defs.nodes_left -= cost;
        // The parameters' locals come first, unnamed, so that what the arguments bind (a
        // `count` in an argument) is numbered above them and cannot overwrite an argument
        // already stored.
        let reserved: Vec<u16> = def.params.iter().map(|_| self.push_local("")).collect();
        // The arguments, in the caller's scope, each into a local of its own.
        let mut bound = Vec::new();
        let mut ok = true;
        for (a, p) in args.iter().zip(&def.params) {
            match self.expr(a, mode, d) {
                Some(Typed {
                    c,
                    ty: ty @ (Ty::Int | Ty::Bool | Ty::Enum(_) | Ty::Run(_)),
                }) => bound.push((p.name.clone(), c, ty)),
                Some(t) => {
                    d.push(catalog::type_mismatch(
                        a.span,
                        "a single value",
                        t.ty.describe(),
                        "A definition's arguments are single numbers, conditions, values of an enumeration or runs of cells.",
                    ));
                    ok = false;
                }
                None => ok = false,
            }
        }
        if !ok {
            self.pop_locals(reserved.len());
            return None;
        }
        // The body sees its parameters, not the caller's.
        let hidden = self.hide_locals();
        for ((p, _, ty), &l) in bound.iter().zip(&reserved) {
            self.bind_local(p, l, ty.clone());
        }
        self.defs.stack.push(k);
        let (before, already) = (d.0.len(), self.defs.failed[k]);
        let body = self.expr(&def.body, mode, d);
        self.defs.stack.pop();
        self.restore_locals(hidden);
        self.pop_locals(reserved.len());
        // A body's problems are reported at its first failing call, not at every call.
        if d.0.len() > before {
            if already {
                d.0.truncate(before);
            }
            self.defs.failed[k] = true;
        }
        let body = body?;
        let c =
            bound
                .into_iter()
                .zip(reserved)
                .rev()
                .fold(body.c, |acc, ((_, value, _), local)| CExpr::Let {
                    local,
                    value: Box::new(value),
                    body: Box::new(acc),
                });
        Some(Typed { c, ty: body.ty })
    }

    /// `if C then A else B`: both branches of the same kind.
    pub(super) fn if_expr(
        &mut self,
        c: &Expr,
        a: &Expr,
        b: &Expr,
        mode: Mode,
        d: &mut Diagnostics,
    ) -> Option<Typed> {
        let cond = self.cond(c, mode, d);
        let (x, y) = (self.expr(a, mode, d), self.expr(b, mode, d));
        let (cond, x, y) = (cond?, x?, y?);
        let scalar = |t: &Ty| matches!(t, Ty::Int | Ty::Bool | Ty::Enum(_));
        if !scalar(&x.ty) || x.ty != y.ty {
            let (bad, t) = if !scalar(&x.ty) {
                (a, &x.ty)
            } else {
                (b, &y.ty)
            };
            d.push(catalog::type_mismatch(
                bad.span,
                if scalar(&x.ty) {
                    x.ty.describe()
                } else {
                    "a number or a condition"
                },
                t.describe(),
                "Both branches of `if ... then ... else ...` give a number, or both a condition.",
            ));
            return None;
        }
        Some(Typed {
            c: CExpr::Cond(Box::new(cond), Box::new(x.c), Box::new(y.c)),
            ty: x.ty,
        })
    }

    /// Warnings for definitions no rule calls (their bodies were never checked).
    pub fn unused_defs(&self, d: &mut Diagnostics) {
        for (k, def) in self.defs.decls.iter().enumerate() {
            if !self.defs.used[k] {
                d.push(catalog::unused_def(def.name.span, &def.name.name));
            }
        }
    }
}
