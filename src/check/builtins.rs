//! Built-in functions (`sum`, `min`, `count`, ...) and what parameters range over.

use super::expr::{Cx, Mode, Ty, Typed, BUILTINS};
use crate::diag::{catalog, did_you_mean, Diagnostics};
use crate::rules::{arith, ArithOp, CDomain, CExpr, VarKind};
use crate::syntax::ast::{Domain, Expr, ExprKind, RangeKind, Span};

impl Cx {
    pub(super) fn call(
        &mut self,
        func: &str,
        fspan: Span,
        args: &[Expr],
        span: Span,
        mode: Mode,
        d: &mut Diagnostics,
    ) -> Option<Typed> {
        if !BUILTINS.contains(&func) {
            let defs = self.defs.decls.iter().map(|f| f.name.name.as_str());
            d.push(catalog::unknown_function(
                fspan,
                func,
                did_you_mean(func, BUILTINS.iter().copied().chain(defs)),
            ));
            return None;
        }
        let int = |c| Some(Typed { c, ty: Ty::Int });
        match (func, args) {
            ("sum" | "min" | "max" | "len", [one]) => {
                let t = self.expr(one, mode, d)?;
                match t.ty {
                    Ty::Array(v) => {
                        let info = &self.vars[v as usize];
                        let (base, len) = (info.base, info.len);
                        int(match func {
                            "sum" => CExpr::Sum { base, len, span },
                            "min" => CExpr::MinOf { base, len },
                            "max" => CExpr::MaxOf { base, len },
                            _ => CExpr::Const(len as i64),
                        })
                    }
                    Ty::List(vs) if func == "sum" => {
                        // The interpreter's checked addition, so a constant sum means what a
                        // running one does.
                        let total = vs.iter().try_fold(0i64, |a, b| arith(ArithOp::Add, a, *b));
                        match total {
                            Ok(v) => int(CExpr::Const(v)),
                            Err(kind) => {
                                let why = "arithmetic overflow in the sum of this list";
                                d.push(catalog::constant_fault(kind, span, why));
                                None
                            }
                        }
                    }
                    Ty::List(vs) => {
                        let v = match func {
                            "min" => vs.iter().copied().min(),
                            "max" => vs.iter().copied().max(),
                            _ => Some(vs.len() as i64),
                        };
                        match v {
                            Some(v) => int(CExpr::Const(v)),
                            None => {
                                d.push(catalog::wrong_arguments(
                                    span,
                                    func,
                                    "a list that is not empty",
                                ));
                                None
                            }
                        }
                    }
                    Ty::Int if func == "min" || func == "max" => int(t.c),
                    Ty::Run(id) if func == "len" => Some(self.run_len(id, t.c, span)),
                    _ => {
                        d.push(catalog::wrong_arguments(
                            span,
                            func,
                            "one array or list, like `sum(heap)`",
                        ));
                        None
                    }
                }
            }
            ("min" | "max", many) if many.len() >= 2 => {
                let mut cs = Vec::new();
                for a in many {
                    cs.push(self.int(a, mode, d));
                }
                let cs: Option<Vec<CExpr>> = cs.into_iter().collect();
                int(if func == "min" {
                    CExpr::Min(cs?)
                } else {
                    CExpr::Max(cs?)
                })
            }
            ("abs", [one]) => int(CExpr::Abs(Box::new(self.int(one, mode, d)?), span)),
            ("indices" | "rows" | "cols" | "lines", _) => {
                d.push(catalog::misplaced_statement(
                    span,
                    &format!("{func}(...)"),
                    if func == "lines" {
                        "after `in`, as what `count(line in ...)` or a `for` loop ranges over"
                    } else {
                        "after `in`, as what a parameter or `count(i in ...)` ranges over"
                    },
                ));
                None
            }
            ("square", _) => {
                d.push(catalog::misplaced_statement(
                    span,
                    "square(...)",
                    "as all that a label's braces hold, like `as \"{square(r, c)}\"`",
                ));
                None
            }
            ("cells" | "neighbours" | "orthogonal", _) => self.run_call(func, args, span, mode, d),
            ("count" | "any" | "all" | "first" | "last", _) => {
                d.push(catalog::wrong_arguments(
                    span,
                    func,
                    "`x in RANGE where CONDITION`",
                ));
                None
            }
            _ => {
                let wanted = match func {
                    "abs" => "one number",
                    _ => "one array or list, or (min and max) two or more numbers",
                };
                d.push(catalog::wrong_arguments(span, func, wanted));
                None
            }
        }
    }

    /// A range of numbers (`LO..=HI`, `players`, `rows`, `cols`, `indices`), as an inclusive
    /// run-time range.
    pub(super) fn range_domain(
        &mut self,
        dom: &Domain,
        mode: Mode,
        d: &mut Diagnostics,
    ) -> Option<CDomain> {
        match dom {
            Domain::Range(r) => {
                let (lo, hi) = (self.int(&r.lo, mode, d), self.int(&r.hi, mode, d));
                let (lo, hi) = (lo?, hi?);
                let hi = match r.kind {
                    RangeKind::Inclusive => hi,
                    RangeKind::Exclusive => CExpr::Arith(
                        ArithOp::Sub,
                        Box::new(hi),
                        Box::new(CExpr::Const(1)),
                        r.span,
                    ),
                };
                Some(CDomain {
                    lo,
                    hi,
                    span: r.span,
                })
            }
            // A parameter's enumeration (`register_enums`): its values by position.
            Domain::Enum(values, span) => {
                self.enum_at.get(&span.start)?;
                Some(CDomain {
                    lo: CExpr::Const(0),
                    hi: CExpr::Const(values.len() as i64 - 1),
                    span: *span,
                })
            }
            Domain::Expr(e) => match &e.kind {
                ExprKind::Players => Some(CDomain {
                    lo: CExpr::Const(1),
                    hi: super::solo::players_const(self),
                    span: e.span,
                }),
                ExprKind::Call { func, args }
                    if matches!(func.name.as_str(), "rows" | "cols") && args.len() == 1 =>
                {
                    let t = self.expr(&args[0], mode, d)?;
                    let grid = match t.ty {
                        Ty::Array(v) => Some(&self.vars[v as usize]),
                        _ => None,
                    };
                    let Some(g) = grid.filter(|g| g.kind == VarKind::Grid) else {
                        let wanted = "one grid, like `rows(board)`";
                        d.push(catalog::wrong_arguments(e.span, &func.name, wanted));
                        return None;
                    };
                    let n = if func.name == "rows" {
                        g.len / g.cols
                    } else {
                        g.cols
                    };
                    Some(CDomain {
                        lo: CExpr::Const(0),
                        hi: CExpr::Const(i64::from(n) - 1),
                        span: e.span,
                    })
                }
                ExprKind::Call { func, args } if func.name == "indices" && args.len() == 1 => {
                    let t = self.expr(&args[0], mode, d)?;
                    let len = match t.ty {
                        Ty::Array(v) if self.vars[v as usize].kind == VarKind::Grid => {
                            d.push(catalog::wrong_arguments(
                                e.span,
                                "indices",
                                "one array; a grid ranges over `rows(...)` and `cols(...)`",
                            ));
                            return None;
                        }
                        Ty::Array(v) => self.vars[v as usize].len as i64,
                        Ty::List(vs) => vs.len() as i64,
                        _ => {
                            d.push(catalog::wrong_arguments(
                                e.span,
                                "indices",
                                "one array, like `indices(heap)`",
                            ));
                            return None;
                        }
                    };
                    Some(CDomain {
                        lo: CExpr::Const(0),
                        hi: CExpr::Const(len - 1),
                        span: e.span,
                    })
                }
                _ => {
                    d.push(catalog::bad_domain(e.span));
                    None
                }
            },
        }
    }
}
