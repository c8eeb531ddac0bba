//! `count`/`any`/`all`/`first`/`last(v in D where C)` and what `v` ranges over: numbers (a range,
//! `indices`, `rows`, `cols`, `players`), the runs of `lines(board, k)`, or the cells of one run
//! (a line, `cells(board)`, `neighbours(board, r, c)`), whose values `v` then holds.

use super::expr::{Cx, Mode, Ty, Typed};
use crate::diag::{catalog, Diagnostics};
use crate::rules::{CDomain, CExpr, CmpOp, Fold};
use crate::syntax::ast::{Comprehension, Domain, ExprKind, Ident, Span};

/// What a bound variable ranges over.
pub(super) enum Dom {
    /// The numbers `lo..=hi`; the variable is of kind `.1` (a number, or for `lines` a run).
    Range(CDomain, Ty),
    /// The cells of run `run` of the runs `id`: the variable holds each cell's value.
    Cells { id: u32, run: CExpr },
}

impl Cx {
    /// Where a bound variable ranges, with what it holds; `None` after reporting a problem.
    pub(super) fn domain_of(
        &mut self,
        dom: &Domain,
        mode: Mode,
        d: &mut Diagnostics,
    ) -> Option<Dom> {
        let Domain::Expr(e) = dom else {
            return self
                .range_domain(dom, mode, d)
                .map(|c| Dom::Range(c, Ty::Int));
        };
        match &e.kind {
            ExprKind::Call { func, args } if func.name == "lines" => {
                let (c, id) = self.lines(args, e.span, mode, d)?;
                Some(Dom::Range(c, Ty::Run(id)))
            }
            ExprKind::Players | ExprKind::Call { .. } if self.is_number_domain(e) => self
                .range_domain(dom, mode, d)
                .map(|c| Dom::Range(c, Ty::Int)),
            _ => {
                let t = self.expr(e, mode, d)?;
                match t.ty {
                    Ty::Run(id) => Some(Dom::Cells { id, run: t.c }),
                    _ => {
                        d.push(catalog::bad_domain(e.span));
                        None
                    }
                }
            }
        }
    }

    /// Whether a domain is one of the built-in ranges of numbers.
    fn is_number_domain(&self, e: &crate::syntax::ast::Expr) -> bool {
        match &e.kind {
            ExprKind::Players => true,
            ExprKind::Call { func, .. } => {
                matches!(func.name.as_str(), "indices" | "rows" | "cols")
            }
            _ => false,
        }
    }

    /// What a parameter or roll ranges over: numbers only.
    pub fn domain(&mut self, dom: &Domain, mode: Mode, d: &mut Diagnostics) -> Option<CDomain> {
        match self.domain_of(dom, mode, d)? {
            Dom::Range(c, Ty::Int) => Some(c),
            _ => {
                d.push(catalog::bad_domain_runs(
                    dom.span(),
                    "a parameter or a roll",
                ));
                None
            }
        }
    }

    /// What a `for` loop ranges over: numbers or the lines of `lines(board, k)`, and the kind of
    /// its variable.
    pub(super) fn loop_domain(
        &mut self,
        dom: &Domain,
        mode: Mode,
        d: &mut Diagnostics,
    ) -> Option<(CDomain, Ty)> {
        match self.domain_of(dom, mode, d)? {
            Dom::Range(c, ty) => Some((c, ty)),
            Dom::Cells { .. } => {
                d.push(catalog::bad_domain_runs(dom.span(), "a `for` loop"));
                None
            }
        }
    }

    /// `count`/`any`/`all`/`first`/`last(v in D where C)`.
    pub(super) fn comprehension(
        &mut self,
        func: &Ident,
        comp: &Comprehension,
        span: Span,
        mode: Mode,
        d: &mut Diagnostics,
    ) -> Option<Typed> {
        let fold = match func.name.as_str() {
            "count" => Fold::Count,
            "any" => Fold::Any,
            "all" => Fold::All,
            "first" => Fold::First,
            "last" => Fold::Last,
            other => {
                d.push(catalog::wrong_arguments(
                    span,
                    other,
                    "plain arguments (only count, any, all, first and last take `x in ... where ...`)",
                ));
                return None;
            }
        };
        let domain = self.domain_of(&comp.domain, mode, d);
        let held = match &domain {
            Some(Dom::Range(_, ty)) => ty.clone(),
            Some(Dom::Cells { id, .. }) => self.run_elem_ty(*id),
            None => Ty::Int,
        };
        let local = self.push_local_typed(&comp.var.name, held.clone());
        let cond = self.cond(&comp.cond, mode, d);
        self.pop_locals(1);
        let (domain, cond) = (domain?, cond?);
        let ty = match fold {
            Fold::Count => Ty::Int,
            Fold::Any | Fold::All => Ty::Bool,
            Fold::First | Fold::Last => held,
        };
        let c = match domain {
            Dom::Range(domain, _) => CExpr::Fold {
                fold,
                local,
                domain: Box::new(domain),
                cond: Box::new(cond),
                span,
            },
            Dom::Cells { id, run } => {
                let (cond, cmp) = split_cmp(cond, local);
                CExpr::RunFold {
                    fold,
                    local,
                    runs: self.runs[id as usize].table.clone(),
                    run: Box::new(run),
                    cond: Box::new(cond),
                    cmp,
                    span,
                }
            }
        };
        Some(Typed { c, ty })
    }
}

/// A condition `v OP X` (or `X OP v`) on a run's cell `v`, where X does not read `v` and takes no
/// steps, as (X, OP): X is then evaluated once per run rather than once per cell, which changes
/// nothing it computes or the steps counted (the common `all(v in line where v == mark(p))`).
fn split_cmp(cond: CExpr, local: u16) -> (CExpr, Option<CmpOp>) {
    let own = |e: &CExpr| matches!(e, CExpr::Local(l) if *l == local);
    let free = |e: &CExpr| !e.any_node(&|n| n.reads_local(local) || n.takes_steps());
    match cond {
        CExpr::Cmp(op, a, b) if own(&a) && free(&b) => (*b, Some(op)),
        CExpr::Cmp(op, a, b) if own(&b) && free(&a) => (*a, Some(op.flipped())),
        other => (other, None),
    }
}
