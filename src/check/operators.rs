//! Indexing and binary operators: arrays, `per player` variables and lists indexed at run time,
//! arithmetic, logic and comparisons, with their type rules.

use super::expr::{Cx, Mode, Ty, Typed};
use crate::diag::{catalog, Diagnostics};
use crate::rules::{ArithOp, CExpr, CmpOp, VarKind};
use crate::syntax::ast::{BinOp, Expr, Span};

impl Cx {
    pub(super) fn index(
        &mut self,
        base: &Expr,
        index: &Expr,
        span: Span,
        mode: Mode,
        d: &mut Diagnostics,
    ) -> Option<Typed> {
        let b = self.expr(base, mode, d)?;
        let i = self.int(index, mode, d)?;
        match b.ty {
            Ty::Run(id) => Some(self.run_elem(id, b.c, i, span)),
            Ty::Array(v) if self.vars[v as usize].kind == VarKind::Grid => {
                let name = &self.vars[v as usize].name;
                d.push(catalog::type_mismatch(
                    span,
                    "a row and a column",
                    "one index",
                    &format!(
                        "`{name}` is a grid: name a cell by row and column, like `{name}[r, c]`."
                    ),
                ));
                None
            }
            Ty::Array(v) => {
                let info = &self.vars[v as usize];
                let offset = if info.kind == VarKind::PerPlayer {
                    1
                } else {
                    0
                };
                let c = match i {
                    CExpr::Local(local) => CExpr::ElemLocal {
                        var: v,
                        base: info.base,
                        len: info.len,
                        offset,
                        local,
                        span,
                    },
                    i => CExpr::Elem {
                        var: v,
                        base: info.base,
                        len: info.len,
                        offset,
                        index: Box::new(i),
                        span,
                    },
                };
                Some(Typed {
                    c,
                    ty: super::expr::elem_ty(info),
                })
            }
            Ty::List(vs) => {
                let c = CExpr::ListElem {
                    values: vs.into(),
                    index: Box::new(i),
                    span: index.span,
                };
                // A constant index is read now, by the same interpreter, so a mistake is reported
                // where it is written; any other index is read at run time.
                let c = if c.is_constant() {
                    CExpr::Const(self.eval_const(&c, index.span, d)?)
                } else {
                    c
                };
                Some(Typed { c, ty: Ty::Int })
            }
            other => {
                d.push(catalog::type_mismatch(
                    base.span,
                    "an array",
                    other.describe(),
                    "Only arrays (`[LO..=HI; LEN]`), `per player` variables and list options can be indexed.",
                ));
                None
            }
        }
    }

    pub(super) fn binary(
        &mut self,
        op: BinOp,
        a: &Expr,
        b: &Expr,
        span: Span,
        mode: Mode,
        d: &mut Diagnostics,
    ) -> Option<Typed> {
        let arith = |o| Some(o);
        let aop = match op {
            BinOp::Add => arith(ArithOp::Add),
            BinOp::Sub => arith(ArithOp::Sub),
            BinOp::Mul => arith(ArithOp::Mul),
            BinOp::Div => arith(ArithOp::Div),
            BinOp::Rem => arith(ArithOp::Rem),
            _ => None,
        };
        if let Some(aop) = aop {
            let (x, y) = (self.int(a, mode, d), self.int(b, mode, d));
            return Some(Typed {
                c: CExpr::Arith(aop, Box::new(x?), Box::new(y?), span),
                ty: Ty::Int,
            });
        }
        if matches!(op, BinOp::And | BinOp::Or) {
            let (x, y) = (self.cond(a, mode, d), self.cond(b, mode, d));
            let (x, y) = (Box::new(x?), Box::new(y?));
            return Some(Typed {
                c: if op == BinOp::And {
                    CExpr::And(x, y)
                } else {
                    CExpr::Or(x, y)
                },
                ty: Ty::Bool,
            });
        }
        let cop = match op {
            BinOp::Eq => CmpOp::Eq,
            BinOp::Ne => CmpOp::Ne,
            BinOp::Lt => CmpOp::Lt,
            BinOp::Le => CmpOp::Le,
            BinOp::Gt => CmpOp::Gt,
            _ => CmpOp::Ge,
        };
        let (x, y) = (self.expr(a, mode, d), self.expr(b, mode, d));
        let (x, y) = (x?, y?);
        let ordered = !matches!(cop, CmpOp::Eq | CmpOp::Ne);
        let ok = match (&x.ty, &y.ty) {
            (Ty::Int, Ty::Int) => true,
            (Ty::Bool, Ty::Bool) => !ordered,
            (Ty::Enum(a), Ty::Enum(b)) => !ordered && a == b,
            _ => false,
        };
        if !ok {
            let bad = if x.ty != Ty::Int && (ordered || x.ty != Ty::Bool) {
                (a, &x.ty)
            } else {
                (b, &y.ty)
            };
            d.push(catalog::type_mismatch(
                bad.0.span,
                if ordered {
                    "a number"
                } else {
                    "a value of the same kind on both sides"
                },
                bad.1.describe(),
                &format!(
                    "`{}` compares two numbers (or, for == and !=, two conditions).",
                    op.symbol()
                ),
            ));
            return None;
        }
        Some(Typed {
            c: CExpr::Cmp(cop, Box::new(x.c), Box::new(y.c)),
            ty: Ty::Bool,
        })
    }

    /// `board[row, col]`: a cell of a grid.
    pub(super) fn cell(
        &mut self,
        base: &Expr,
        row: &Expr,
        col: &Expr,
        span: Span,
        mode: Mode,
        d: &mut Diagnostics,
    ) -> Option<Typed> {
        let b = self.expr(base, mode, d)?;
        let (r, c) = (self.int(row, mode, d), self.int(col, mode, d));
        let (r, c) = (r?, c?);
        let Ty::Array(v) = b.ty else {
            d.push(catalog::type_mismatch(
                base.span,
                "a grid",
                b.ty.describe(),
                "Only a grid (`grid W x H of ...`) has cells `[row, col]`.",
            ));
            return None;
        };
        let index = self.grid_index(v, r, c, span, d)?;
        let info = &self.vars[v as usize];
        Some(Typed {
            c: CExpr::Elem {
                var: v,
                base: info.base,
                len: info.len,
                offset: 0,
                index: Box::new(index),
                span,
            },
            ty: super::expr::elem_ty(info),
        })
    }

    /// The element number of cell `[r, c]` of variable `v`, which must be a grid.
    pub(super) fn grid_index(
        &mut self,
        v: u32,
        r: CExpr,
        c: CExpr,
        span: Span,
        d: &mut Diagnostics,
    ) -> Option<CExpr> {
        let info = &self.vars[v as usize];
        if info.kind != VarKind::Grid {
            d.push(catalog::type_mismatch(
                span,
                "one index",
                "a row and a column",
                &format!(
                    "`{}` is not a grid: index it with one number, like `{}[i]`.",
                    info.name, info.name
                ),
            ));
            return None;
        }
        Some(CExpr::GridIndex {
            var: v,
            rows: info.len / info.cols,
            cols: info.cols,
            row: Box::new(r),
            col: Box::new(c),
            span,
        })
    }
}
