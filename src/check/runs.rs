//! Runs of a grid's cells: `lines(board, k)` (a domain: every straight run of k cells),
//! `cells(board)`, `neighbours(board, r, c)` and `orthogonal(board, r, c)` (runs), `RUN[j]` and
//! `len(RUN)`. Each kind of run of each grid gets one table of slots, built here once; a run is
//! then a number into its table (a line's place in `lines`, a cell's number for a
//! neighbourhood), so the engine does no geometry while playing.

use super::expr::{elem_ty, Cx, Mode, Ty, Typed};
use super::types::RunInfo;
use crate::diag::{catalog, Diagnostics};
use crate::rules::{CDomain, CExpr, RunTable, VarKind};
use crate::syntax::ast::{Expr, Span};
use std::sync::Arc;

/// The kinds of runs, as `RunInfo::key` numbers them.
const LINES: u8 = 0;
const CELLS: u8 = 1;
const NEIGHBOURS: u8 = 2;
const ORTHOGONAL: u8 = 3;

impl Cx {
    /// The grid an argument names, or a `wrong_arguments` for `func` (wanting `wanted`).
    fn grid_arg(
        &mut self,
        e: &Expr,
        func: &str,
        wanted: &str,
        mode: Mode,
        d: &mut Diagnostics,
    ) -> Option<u32> {
        let t = self.expr(e, mode, d)?;
        match t.ty {
            Ty::Array(v) if self.vars[v as usize].kind == VarKind::Grid => Some(v),
            _ => {
                d.push(catalog::wrong_arguments(e.span, func, wanted));
                None
            }
        }
    }

    /// The number of the runs of grid `var` of kind `key`, building their table the first time.
    fn runs_of(&mut self, var: u32, key: (u8, i64)) -> u32 {
        if let Some(k) = self.runs.iter().position(|r| r.var == var && r.key == key) {
            return k as u32;
        }
        let v = &self.vars[var as usize];
        let (base, cols) = (v.base, v.cols.max(1));
        let rows = v.len / cols;
        let table = match key.0 {
            LINES => RunTable::lines(base, rows, cols, key.1),
            CELLS => RunTable::cells(base, v.len),
            kind => RunTable::neighbours(base, rows, cols, kind == NEIGHBOURS),
        };
        self.runs.push(RunInfo {
            table: Arc::new(table),
            var,
            key,
        });
        (self.runs.len() - 1) as u32
    }

    /// The kind of value a cell of runs `id` holds.
    pub(super) fn run_elem_ty(&self, id: u32) -> Ty {
        elem_ty(&self.vars[self.runs[id as usize].var as usize])
    }

    /// `lines(board, k)` after `in`: the numbers of its runs, and their kind.
    pub(super) fn lines(
        &mut self,
        args: &[Expr],
        span: Span,
        mode: Mode,
        d: &mut Diagnostics,
    ) -> Option<(CDomain, u32)> {
        let wanted = "a grid and a length, like `lines(board, 3)`";
        let [grid, k] = args else {
            d.push(catalog::wrong_arguments(span, "lines", wanted));
            return None;
        };
        let var = self.grid_arg(grid, "lines", wanted, mode, d);
        let k = self.run_length(k, d);
        let (var, k) = (var?, k?);
        let v = &self.vars[var as usize];
        // Longer than the grid is simply no line: every such length shares one (empty) table.
        let longest = i64::from((v.len / v.cols.max(1)).max(v.cols));
        let id = self.runs_of(var, (LINES, k.min(longest + 1)));
        let n = self.runs[id as usize].table.count() as i64;
        let c = CDomain {
            lo: CExpr::Const(0),
            hi: CExpr::Const(n - 1),
            span,
        };
        Some((c, id))
    }

    /// The length of `lines(board, k)`: a constant of at least 1.
    fn run_length(&mut self, k: &Expr, d: &mut Diagnostics) -> Option<i64> {
        // A name bound around the call (a parameter, a loop's variable) is not a constant,
        // though it reads no state: those are the locals numbered below `floor`.
        let floor = self.locals_in_use();
        let c = self.int(k, Mode::Const, d)?;
        if c.any_node(
            &|n| matches!(n, CExpr::Local(l) | CExpr::ElemLocal { local: l, .. } if *l < floor),
        ) {
            d.push(catalog::not_constant(
                k.span,
                "a parameter or bound variable",
            ));
            return None;
        }
        let n = self.eval_const(&c, k.span, d)?;
        if n < 1 {
            d.push(catalog::bad_line_length(k.span, n));
            return None;
        }
        Some(n)
    }

    /// `cells(board)`, `neighbours(board, r, c)` or `orthogonal(board, r, c)`: a run.
    pub(super) fn run_call(
        &mut self,
        func: &str,
        args: &[Expr],
        span: Span,
        mode: Mode,
        d: &mut Diagnostics,
    ) -> Option<Typed> {
        if func == "cells" {
            let wanted = "one grid, like `cells(board)`";
            let [grid] = args else {
                d.push(catalog::wrong_arguments(span, func, wanted));
                return None;
            };
            let var = self.grid_arg(grid, func, wanted, mode, d)?;
            let id = self.runs_of(var, (CELLS, 0));
            return Some(Typed {
                c: CExpr::Const(0),
                ty: Ty::Run(id),
            });
        }
        let wanted = format!("a grid, a row and a column, like `{func}(board, r, c)`");
        let [grid, r, c] = args else {
            d.push(catalog::wrong_arguments(span, func, &wanted));
            return None;
        };
        let var = self.grid_arg(grid, func, &wanted, mode, d);
        let (r, c) = (self.int(r, mode, d), self.int(c, mode, d));
        let (var, r, c) = (var?, r?, c?);
        // The run's number is its cell's: the row and column are checked as a cell's are.
        let cell = self.grid_index(var, r, c, span, d)?;
        let kind = if func == "neighbours" {
            NEIGHBOURS
        } else {
            ORTHOGONAL
        };
        let id = self.runs_of(var, (kind, 0));
        Some(Typed {
            c: cell,
            ty: Ty::Run(id),
        })
    }

    /// `RUN[j]`: the value of the run's `j`-th cell.
    pub(super) fn run_elem(&mut self, id: u32, run: CExpr, index: CExpr, span: Span) -> Typed {
        Typed {
            c: CExpr::RunElem {
                runs: self.runs[id as usize].table.clone(),
                run: Box::new(run),
                index: Box::new(index),
                span,
            },
            ty: self.run_elem_ty(id),
        }
    }

    /// `len(RUN)`: how many cells it has.
    pub(super) fn run_len(&mut self, id: u32, run: CExpr, span: Span) -> Typed {
        Typed {
            c: CExpr::RunLen {
                runs: self.runs[id as usize].table.clone(),
                run: Box::new(run),
                span,
            },
            ty: Ty::Int,
        }
    }
}
