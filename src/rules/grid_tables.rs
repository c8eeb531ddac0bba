//! The concrete half of the grid proof (`grid_proof`): whether a transformation of a grid's
//! cells keeps each table of runs the rules read as they read it (the lines as a set of sets,
//! one run as a set, the neighbourhoods cell by cell), which transformations move only whole
//! columns or whole rows, and whether the transformations proven generate the declared group.

use super::group::Perm;
use super::RunTable;
use std::collections::HashSet;
use std::sync::Arc;

/// How the rules read a table of runs of the grid; the transformation must keep it so.
#[derive(Clone, Debug)]
pub(super) enum Use {
    /// Every run, as a set of cells, one after another (`any(l in lines(board, k) where ...)`):
    /// the transformation must map the set of runs onto itself.
    Sets(Arc<RunTable>),
    /// Run `i` as a set of cells (`cells(board)`): kept as a set.
    Run(Arc<RunTable>, i64),
    /// The run of a cell (`neighbours(board, r, c)`): the run of a cell's image must be the
    /// image of its run.
    ByCell(Arc<RunTable>),
}

/// The cells (numbered from the grid's first slot `base`) of run `i` of `table`, sorted.
fn cells(table: &RunTable, i: usize, base: u32) -> Option<Vec<u32>> {
    let mut out: Vec<u32> = match table {
        RunTable::Straight { len, runs } => {
            let &(start, step) = runs.get(i)?;
            (0..*len)
                .map(|k| start.wrapping_add(step.wrapping_mul(k)).wrapping_sub(base))
                .collect()
        }
        RunTable::Listed { offsets, slots } => {
            let (a, b) = (*offsets.get(i)?, *offsets.get(i + 1)?);
            slots
                .get(a as usize..b as usize)?
                .iter()
                .map(|s| s.wrapping_sub(base))
                .collect()
        }
    };
    out.sort_unstable();
    Some(out)
}

/// The cells whose values the transformed position shows at `cells`: each cell `k` of the image
/// holds the value of cell `src[k]`.
fn image(src: &[u32], cells: &[u32]) -> Option<Vec<u32>> {
    let mut out = cells
        .iter()
        .map(|&k| src.get(k as usize).copied())
        .collect::<Option<Vec<u32>>>()?;
    out.sort_unstable();
    Some(out)
}

/// Whether permutation `p` of a grid's cells (first slot `base`) keeps `u`.
pub(super) fn keeps(u: &Use, p: &Perm, base: u32) -> bool {
    let src = &p.src[..];
    let ok = || -> Option<bool> {
        Some(match u {
            Use::Sets(t) => {
                let n = t.count();
                let mut runs = (0..n)
                    .map(|i| cells(t, i, base))
                    .collect::<Option<Vec<_>>>()?;
                let mut images = runs
                    .iter()
                    .map(|r| image(src, r))
                    .collect::<Option<Vec<_>>>()?;
                runs.sort_unstable();
                images.sort_unstable();
                runs == images
            }
            Use::Run(t, i) => {
                let run = cells(t, usize::try_from(*i).ok()?, base)?;
                image(src, &run)? == run
            }
            Use::ByCell(t) => {
                t.count() == src.len()
                    && (0..src.len()).all(|y| {
                        let here = cells(t, y, base).and_then(|r| image(src, &r));
                        let there = cells(t, src[y] as usize, base);
                        here.is_some() && here == there
                    })
            }
        })
    };
    ok().unwrap_or(false)
}

/// Whether `p` moves whole columns (every cell stays in its row, and every row's columns go
/// the same way) on a grid of `cols` columns.
pub(super) fn moves_columns(p: &Perm, cols: u32) -> bool {
    let c = cols.max(1);
    p.src
        .iter()
        .enumerate()
        .all(|(k, &s)| s / c == k as u32 / c && s % c == p.src[(k as u32 % c) as usize] % c)
}

/// Whether `p` moves whole rows (every cell stays in its column, and every column's rows go the
/// same way) on a grid of `cols` columns.
pub(super) fn moves_rows(p: &Perm, cols: u32) -> bool {
    let c = cols.max(1);
    p.src.iter().enumerate().all(|(k, &s)| {
        let (r, col) = (k as u32 / c, k as u32 % c);
        s % c == col && s / c == p.src[(r * c) as usize] / c
    })
}

/// Whether the permutations `proven` generate a group of `order` elements (the declared one,
/// identity included) on `len` cells.
pub(super) fn generates(proven: &[&Perm], order: usize, len: u32) -> bool {
    let id: Vec<u32> = (0..len).collect();
    let mut seen: HashSet<Vec<u32>> = HashSet::from([id.clone()]);
    let mut todo = vec![id];
    while let Some(a) = todo.pop() {
        for p in proven {
            let b: Vec<u32> = p.src.iter().map(|&k| a[k as usize]).collect();
            if seen.len() > order {
                return false;
            }
            if seen.insert(b.clone()) {
                todo.push(b);
            }
        }
    }
    seen.len() == order
}
