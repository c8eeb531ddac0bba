//! Runs of a grid's cells: `lines(board, k)` (every straight run of k cells), `cells(board)` (all
//! of them) and `neighbours`/`orthogonal(board, r, c)`. Their slots are worked out once, when the
//! file is checked, so evaluating a run is a walk over precomputed slot numbers: no geometry, no
//! bounds test per cell.

use super::fault::R;
use super::*;
use std::sync::Arc;

/// The runs of one grid of one kind, numbered from 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunTable {
    /// Run `i` is `len` cells from slot `runs[i].0`, `runs[i].1` slots apart: straight lines.
    Straight { len: u32, runs: Arc<[(u32, u32)]> },
    /// Run `i` is the slots `slots[offsets[i]..offsets[i + 1]]`: neighbourhoods.
    Listed {
        offsets: Arc<[u32]>,
        slots: Arc<[u32]>,
    },
}

/// The directions of lines, in the order `lines` lists them: along a row (left to right), down a
/// column, down to the right, down to the left.
const DIRECTIONS: [(i64, i64); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

impl RunTable {
    /// Every straight run of `k` cells of a grid of `rows` x `cols` cells from slot `base`: for
    /// each direction of `DIRECTIONS` in turn, the runs by their first cell, row by row. A run of
    /// one cell has no direction, so `k = 1` gives each cell once; `k` longer than the grid gives
    /// no run. (`k` is at least 1: the checker refuses less.)
    pub fn lines(base: u32, rows: u32, cols: u32, k: i64) -> RunTable {
        let (h, w) = (i64::from(rows), i64::from(cols));
        let mut runs = Vec::new();
        let directions: &[(i64, i64)] = if k == 1 {
            &DIRECTIONS[..1]
        } else {
            &DIRECTIONS
        };
        if k <= h.max(w) {
            for &(dr, dc) in directions {
                for r in 0..h {
                    for c in 0..w {
                        let (er, ec) = (r + (k - 1) * dr, c + (k - 1) * dc);
                        if (0..h).contains(&er) && (0..w).contains(&ec) {
                            let start = i64::from(base) + r * w + c;
                            runs.push((start as u32, (dr * w + dc) as u32));
                        }
                    }
                }
            }
        }
        RunTable::Straight {
            len: k.clamp(0, i64::from(u32::MAX)) as u32,
            runs: runs.into(),
        }
    }

    /// All the cells of a grid, row by row: one run.
    pub fn cells(base: u32, len: u32) -> RunTable {
        RunTable::Straight {
            len,
            runs: vec![(base, 1)].into(),
        }
    }

    /// For each cell (numbered row by row), the cells next to it, row by row: the 8 around it
    /// (`diagonal`) or the 4 sharing a side, fewer at the edges.
    pub fn neighbours(base: u32, rows: u32, cols: u32, diagonal: bool) -> RunTable {
        let (h, w) = (i64::from(rows), i64::from(cols));
        let mut offsets = vec![0u32];
        let mut slots = Vec::new();
        for r in 0..h {
            for c in 0..w {
                for dr in -1..=1i64 {
                    for dc in -1..=1i64 {
                        let skip = (dr, dc) == (0, 0) || (!diagonal && dr != 0 && dc != 0);
                        let (nr, nc) = (r + dr, c + dc);
                        if !skip && (0..h).contains(&nr) && (0..w).contains(&nc) {
                            slots.push((i64::from(base) + nr * w + nc) as u32);
                        }
                    }
                }
                offsets.push(slots.len() as u32);
            }
        }
        RunTable::Listed {
            offsets: offsets.into(),
            slots: slots.into(),
        }
    }

    /// How many runs there are.
    pub fn count(&self) -> usize {
        match self {
            RunTable::Straight { runs, .. } => runs.len(),
            RunTable::Listed { offsets, .. } => offsets.len().saturating_sub(1),
        }
    }
}

/// The slots of one run: from a first slot by a stride, or listed.
enum Run<'t> {
    Straight { start: u32, stride: u32, len: u32 },
    Listed(&'t [u32]),
}

impl Run<'_> {
    #[inline]
    fn len(&self) -> u32 {
        match self {
            Run::Straight { len, .. } => *len,
            Run::Listed(s) => s.len() as u32,
        }
    }

    #[inline]
    fn slot(&self, j: u32) -> usize {
        match self {
            Run::Straight { start, stride, .. } => (start + j * stride) as usize,
            Run::Listed(s) => s[j as usize] as usize,
        }
    }
}

/// Run `i` of a table. Run numbers come from the table's own domain or cell numbers checked
/// against the grid, so an unknown one is an error of the compiler, reported as out of bounds.
fn run_of(table: &RunTable, i: i64, span: Span) -> R<Run<'_>> {
    let found = usize::try_from(i).ok().and_then(|i| match table {
        RunTable::Straight { len, runs } => runs.get(i).map(|&(start, stride)| Run::Straight {
            start,
            stride,
            len: *len,
        }),
        RunTable::Listed { offsets, slots } => {
            let (a, b) = (*offsets.get(i)?, *offsets.get(i + 1)?);
            slots.get(a as usize..b as usize).map(Run::Listed)
        }
    });
    found.ok_or_else(|| {
        RtError::new(
            RtKind::IndexOutOfBounds,
            span,
            format!("there is no run of cells numbered {i} here"),
        )
    })
}

impl Ctx<'_> {
    /// `count`/`any`/`all`/`first`/`last` over the cells of a run, each cell's value in `local`;
    /// with `cmp`, the condition is `local OP value` where `value` does not depend on the cell
    /// and takes no steps, so it is evaluated once (at the first cell, as the condition would be).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn eval_run_fold(
        &mut self,
        fold: Fold,
        local: u16,
        table: &RunTable,
        run: &CExpr,
        cond: &CExpr,
        cmp: Option<CmpOp>,
        span: Span,
    ) -> R<i64> {
        let i = self.eval(run)?;
        let run = run_of(table, i, span)?;
        let size = u64::from(run.len());
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
        let r = self.run_steps(fold, local, &run, cond, cmp, span);
        self.scale = outer;
        r
    }

    #[allow(clippy::too_many_arguments)]
    fn run_steps(
        &mut self,
        fold: Fold,
        local: u16,
        run: &Run,
        cond: &CExpr,
        cmp: Option<CmpOp>,
        span: Span,
    ) -> R<i64> {
        let n = run.len();
        let mut count = 0;
        let mut against: Option<i64> = None;
        for j in 0..n {
            self.charge(1, span)?;
            let j = if fold == Fold::Last { n - 1 - j } else { j };
            let v = self.slots[run.slot(j)];
            let holds = match cmp {
                Some(op) => {
                    let x = match against {
                        Some(x) => x,
                        None => *against.insert(self.eval(cond)?),
                    };
                    compare(op, v, x)
                }
                None => {
                    self.locals[local as usize] = v;
                    self.eval(cond)? != 0
                }
            };
            if let Some(r) = fold.visit(holds, v, &mut count) {
                return Ok(r);
            }
        }
        fold.finish(count, span, "cell of the run")
    }

    /// `RUN[j]`: the value of the run's `j`-th cell.
    pub(super) fn run_elem(
        &mut self,
        table: &RunTable,
        run: &CExpr,
        index: &CExpr,
        span: Span,
    ) -> R<i64> {
        let i = self.eval(run)?;
        let j = self.eval(index)?;
        let run = run_of(table, i, span)?;
        match u32::try_from(j).ok().filter(|j| *j < run.len()) {
            Some(j) => Ok(self.slots[run.slot(j)]),
            None => Err(RtError::new(
                RtKind::IndexOutOfBounds,
                span,
                format!(
                    "index {j} is outside this run of {} cells (its indices are 0..={})",
                    run.len(),
                    i64::from(run.len()) - 1
                ),
            )),
        }
    }

    /// `len(RUN)`: how many cells the run has.
    pub(super) fn run_len(&mut self, table: &RunTable, run: &CExpr, span: Span) -> R<i64> {
        let i = self.eval(run)?;
        Ok(i64::from(run_of(table, i, span)?.len()))
    }
}

#[inline]
fn compare(op: CmpOp, a: i64, b: i64) -> bool {
    match op {
        CmpOp::Eq => a == b,
        CmpOp::Ne => a != b,
        CmpOp::Lt => a < b,
        CmpOp::Le => a <= b,
        CmpOp::Gt => a > b,
        CmpOp::Ge => a >= b,
    }
}

#[cfg(test)]
mod tests {
    use super::RunTable;

    /// The slots of every run, in order.
    fn runs(t: &RunTable) -> Vec<Vec<u32>> {
        match t {
            RunTable::Straight { len, runs } => runs
                .iter()
                .map(|&(s, d)| (0..*len).map(|j| s + j * d).collect())
                .collect(),
            RunTable::Listed { offsets, slots } => offsets
                .windows(2)
                .map(|w| slots[w[0] as usize..w[1] as usize].to_vec())
                .collect(),
        }
    }

    #[test]
    fn lines_go_by_direction_then_first_cell() {
        // 3 columns x 2 rows from slot 10: 10 11 12 / 13 14 15.
        let rows_cols_diagonals = vec![
            vec![10, 11],
            vec![11, 12],
            vec![13, 14],
            vec![14, 15],
            vec![10, 13],
            vec![11, 14],
            vec![12, 15],
            vec![10, 14],
            vec![11, 15],
            vec![11, 13],
            vec![12, 14],
        ];
        assert_eq!(runs(&RunTable::lines(10, 2, 3, 2)), rows_cols_diagonals);
        assert_eq!(runs(&RunTable::lines(0, 2, 3, 1)).len(), 6);
        assert!(runs(&RunTable::lines(0, 2, 3, 4)).is_empty());
        assert_eq!(runs(&RunTable::neighbours(0, 2, 3, true))[0], vec![1, 3, 4]);
        assert_eq!(
            runs(&RunTable::neighbours(0, 2, 3, false))[4],
            vec![1, 3, 5]
        );
    }
}
