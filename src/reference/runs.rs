//! Runs of a grid's cells, as docs/language.md defines them, worked out from the grid's shape
//! each time they are asked for: `lines(board, k)` (for each direction in turn — along a row,
//! down a column, down to the right, down to the left — every run of k cells inside the grid,
//! by its first cell, row by row; a single cell once when k is 1), `cells(board)` (row by row),
//! `neighbours(board, r, c)` (the up to 8 cells around, row by row) and `orthogonal` (the up to
//! 4 sharing a side). A run is the grid's name and its cells' numbers; its values are read from
//! the position when it is ranged over or indexed.

use super::eval::{invalid, Ctx, Val};
use super::{Shape, R};
use crate::syntax::ast::{Domain, Expr, ExprKind};

impl Ctx<'_> {
    /// The grid named by an expression: its name, rows and columns.
    fn grid(&mut self, e: &Expr) -> R<(String, i64, i64)> {
        let Val::Whole(name) = self.value(e)? else {
            return Err(invalid("a run of something that is not a grid"));
        };
        let var = self.game.var(&name).ok_or_else(|| invalid(name.clone()))?;
        let Shape::Grid { cols } = var.shape else {
            return Err(invalid(format!("`{name}` is not a grid")));
        };
        let rows = var.init.len() / cols;
        Ok((name, rows as i64, cols as i64))
    }

    /// `lines(board, k)`: every straight run of k cells.
    fn lines(&mut self, args: &[Expr]) -> R<Vec<Val>> {
        let [grid, k] = args else {
            return Err(invalid("lines without a grid and a length"));
        };
        let (grid, rows, cols) = self.grid(grid)?;
        let k = self.int(k)?;
        if k < 1 {
            return Err(invalid(format!("lines of {k} cells")));
        }
        let directions: &[(i64, i64)] = if k == 1 {
            &[(0, 1)]
        } else {
            &[(0, 1), (1, 0), (1, 1), (1, -1)]
        };
        let inside = |r: i64, c: i64| (0..rows).contains(&r) && (0..cols).contains(&c);
        let mut out = Vec::new();
        for &(dr, dc) in directions {
            for r in 0..rows {
                for c in 0..cols {
                    // Stops at the first cell outside, however long k is.
                    let cells: Option<Vec<usize>> = (0..k)
                        .map(|j| {
                            let (y, x) = (r + j * dr, c + j * dc);
                            inside(y, x).then(|| (y * cols + x) as usize)
                        })
                        .collect();
                    if let Some(cells) = cells {
                        out.push(Val::Run {
                            grid: grid.clone(),
                            cells,
                        });
                    }
                }
            }
        }
        Ok(out)
    }

    /// `cells(board)`, `neighbours(board, r, c)` or `orthogonal(board, r, c)`, if `func` is one.
    pub(super) fn run_call(&mut self, func: &str, args: &[Expr]) -> R<Option<Val>> {
        match (func, args) {
            ("cells", [g]) => {
                let (grid, rows, cols) = self.grid(g)?;
                let cells = (0..(rows * cols) as usize).collect();
                Ok(Some(Val::Run { grid, cells }))
            }
            ("neighbours" | "orthogonal", [g, r, c]) => {
                let (grid, rows, cols) = self.grid(g)?;
                let (r, c) = (self.int(r)?, self.int(c)?);
                // The cell itself must be on the board (its row first, as for `board[r, c]`).
                self.cell_of(&grid, r, c)?;
                let mut cells = Vec::new();
                for dr in [-1, 0, 1] {
                    for dc in [-1, 0, 1] {
                        let diagonal = dr != 0 && dc != 0;
                        if (dr, dc) == (0, 0) || (func == "orthogonal" && diagonal) {
                            continue;
                        }
                        let (y, x) = (r + dr, c + dc);
                        if (0..rows).contains(&y) && (0..cols).contains(&x) {
                            cells.push((y * cols + x) as usize);
                        }
                    }
                }
                Ok(Some(Val::Run { grid, cells }))
            }
            _ => Ok(None),
        }
    }

    /// The values a bound variable takes when they are not numbers of a range: the runs of
    /// `lines(...)`, or each cell's value of a run. `None` for the ranges of numbers.
    pub(super) fn bound_values(&mut self, d: &Domain) -> R<Option<Vec<Val>>> {
        let Domain::Expr(e) = d else {
            return Ok(None);
        };
        match &e.kind {
            ExprKind::Players => Ok(None),
            ExprKind::Call { func, .. }
                if matches!(func.name.as_str(), "rows" | "cols" | "indices") =>
            {
                Ok(None)
            }
            ExprKind::Call { func, args } if func.name == "lines" => self.lines(args).map(Some),
            _ => match self.value(e)? {
                Val::Run { grid, cells } => {
                    let base = Val::Whole(grid);
                    let mut out = Vec::new();
                    for k in cells {
                        let v = self.element(&base, k as i64)?;
                        out.push(self.typed(&base, v)?);
                    }
                    Ok(Some(out))
                }
                other => Err(invalid(format!("cannot range over {other:?}"))),
            },
        }
    }
}
