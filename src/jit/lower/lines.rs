//! `any(l in RUNS where all(v in l where v OP x))` over straight runs of at most 64 cells (a
//! grid's `lines`: "some line is all mine"), lowered to bit masks instead of a branch a run:
//! one bit a cell that meets the condition, `m`, then for each stride `d` among the runs
//! `A_j = A_(j-1) & (m >> j*d)`, whose bit `p` says the cells `p, p+d, ..., p+j*d` all meet it.
//! A run starting at `p` is full if bit `p` of `A_(n-1)` is set.
//!
//! The steps are the interpreter's: a step for each run visited, and within it one a cell up to
//! the first that fails. When no run is full, every run is visited, and run `p`'s cells visited
//! are `1 + A_0[p] + ... + A_(n-2)[p]`: a count of bits for each mask and stride. When one is,
//! the runs are walked in order up to the first full one, in a loop over a table (taken seldom:
//! mostly at positions that have ended).

use super::folds::Size;
use super::{flags, Lower, NotCompiled, E};
use crate::rules::{CExpr, CmpOp, Fold, RunTable};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::types::I64;
use cranelift_codegen::ir::{InstBuilder, Value};
use std::collections::BTreeMap;

type R<T> = Result<T, NotCompiled>;

/// The runs of a fold this file lowers: each run's first cell and stride, as bit positions
/// (slot numbers less `base`), and the cells a run has.
struct Lines {
    base: u32,
    runs: Vec<(u32, u32)>,
    len: u32,
}

/// The runs `any(l in 0..count where all(v in RUNS[l] where v OP x))` reads, if it has the form
/// this file lowers: `count` runs (at least one) of at least one cell, no two alike, every cell
/// within 64 slots of the first.
fn lines_of(table: &RunTable, count: u64) -> Option<Lines> {
    let RunTable::Straight { len, runs } = table else {
        return None;
    };
    let runs = runs.get(..usize::try_from(count).ok()?)?;
    if runs.is_empty() || *len == 0 {
        return None;
    }
    let last = |&(s, d): &(u32, u32)| u64::from(s) + u64::from(len - 1) * u64::from(d);
    let base = runs.iter().map(|r| r.0).min()?;
    let top = runs.iter().map(last).max()?;
    let mut seen = runs.to_vec();
    seen.sort_unstable();
    seen.dedup();
    if top - u64::from(base) >= 64 || seen.len() != runs.len() {
        return None;
    }
    Some(Lines {
        base,
        runs: runs.iter().map(|&(s, d)| (s - base, d)).collect(),
        len: *len,
    })
}

impl Lower<'_, '_> {
    /// `fold(local in lo..=hi where cond)` as bit masks (see above), or `None` when it does not
    /// have the form lowered here. The scale is the fold's own, already multiplied by its size.
    pub(in crate::jit) fn line_fold(
        &mut self,
        fold: Fold,
        local: u16,
        lo: E,
        size: Size,
        cond: &CExpr,
    ) -> R<Option<E>> {
        let (Fold::Any, E::K(0), Size::K(count)) = (fold, lo, size) else {
            return Ok(None);
        };
        let CExpr::RunFold {
            fold: Fold::All,
            local: inner,
            runs,
            run,
            cond: x,
            cmp: Some(op),
            ..
        } = cond
        else {
            return Ok(None);
        };
        let reads = |l: u16| x.any_node(&|e| matches!(e, CExpr::Local(k) if *k == l));
        if !matches!(&**run, CExpr::Local(l) if *l == local)
            || reads(local)
            || reads(*inner)
            || self.pure(x).is_none()
        {
            return Ok(None);
        }
        let Some(lines) = lines_of(runs, count) else {
            return Ok(None);
        };
        // Each run's fold multiplies the scale by its size, as `run_fold` does.
        let outer = self.scale_by(Size::K(u64::from(lines.len)), true);
        self.restore_scale(outer);
        let x = self.expr(x)?;
        let m = self.cell_mask(&lines, *op, x)?;
        let (found, none) = (self.b.create_block(), self.b.create_block());
        let join = self.b.create_block();
        self.b.append_block_param(join, I64);
        let (full, counted) = self.by_stride(&lines, m);
        let any = self.b.ins().icmp_imm(IntCC::NotEqual, full, 0);
        self.b.ins().brif(any, found, &[], none, &[]);

        self.b.switch_to_block(none);
        let visits = self.b.ins().iadd_imm(counted, 2 * count as i64);
        self.charge(visits);
        let zero = self.konst(0);
        self.b.ins().jump(join, &[zero.into()]);

        self.b.switch_to_block(found);
        let walked = self.walk(&lines, m)?;
        self.charge(walked);
        let one = self.konst(1);
        self.b.ins().jump(join, &[one.into()]);

        self.b.switch_to_block(join);
        let v = self.b.block_params(join)[0];
        Ok(Some(self.dynamic(v, 0, 1)))
    }

    /// A bit for each cell of the runs, set where `cell OP x` holds.
    fn cell_mask(&mut self, lines: &Lines, op: CmpOp, x: E) -> R<Value> {
        let mut cells = 0u64;
        for &(s, d) in &lines.runs {
            for j in 0..lines.len {
                cells |= 1 << (s + j * d);
            }
        }
        let (mut known, mut m) = (0u64, None);
        for b in (0..64).filter(|b| cells >> b & 1 == 1) {
            self.node()?;
            let v = self.load_slot(lines.base + b);
            match self.compare_truth(op, v, x) {
                Ok(true) => known |= 1 << b,
                Ok(false) => {}
                Err(t) => {
                    let w = self.b.ins().uextend(I64, t);
                    let w = match b {
                        0 => w,
                        _ => self.b.ins().ishl_imm(w, i64::from(b)),
                    };
                    m = Some(match m {
                        Some(a) => self.b.ins().bor(a, w),
                        None => w,
                    });
                }
            }
        }
        Ok(match m {
            Some(m) if known == 0 => m,
            Some(m) => self.b.ins().bor_imm(m, known as i64),
            None => self.konst(known as i64),
        })
    }

    /// The first cells of the runs that are full, for each stride (non-zero if any is), and
    /// the cells visited beyond the first of each run when none is.
    fn by_stride(&mut self, lines: &Lines, m: Value) -> (Value, Value) {
        let mut starts: BTreeMap<u32, u64> = BTreeMap::new();
        for &(s, d) in &lines.runs {
            *starts.entry(d).or_default() |= 1 << s;
        }
        let (mut full, mut counted) = (None, None);
        for (d, s) in starts {
            // `a` is `A_(j-1)`: the runs whose first `j` cells meet the condition visit cell `j`.
            let mut a = m;
            for j in 1..lines.len {
                let at = self.b.ins().band_imm(a, s as i64);
                let c = self.b.ins().popcnt(at);
                counted = Some(match counted {
                    Some(n) => self.b.ins().iadd(n, c),
                    None => c,
                });
                let next = self.b.ins().ushr_imm(m, i64::from(j * d));
                a = self.b.ins().band(a, next);
            }
            let at = self.b.ins().band_imm(a, s as i64);
            full = Some(match full {
                Some(f) => self.b.ins().bor(f, at),
                None => at,
            });
        }
        let zero = self.konst(0);
        (full.unwrap_or(zero), counted.unwrap_or(zero))
    }

    /// The steps of the runs in order up to the first full one (there is one): a loop over a
    /// table of their first cells and strides.
    fn walk(&mut self, lines: &Lines, m: Value) -> R<Value> {
        let table = lines
            .runs
            .iter()
            .flat_map(|&(s, d)| [i64::from(s), i64::from(d)])
            .collect();
        let table = self.words(table);
        let (head, next) = (self.b.create_block(), self.b.create_block());
        let done = self.b.create_block();
        self.b.append_block_param(head, I64);
        self.b.append_block_param(head, I64);
        self.b.append_block_param(done, I64);
        let zero = self.konst(0);
        self.b.ins().jump(head, &[zero.into(), zero.into()]);

        self.b.switch_to_block(head);
        let (k, steps) = (self.b.block_params(head)[0], self.b.block_params(head)[1]);
        let off = self.b.ins().ishl_imm(k, 4);
        let addr = self.b.ins().iadd(table, off);
        let mut p = self.b.ins().load(I64, flags(), addr, 0);
        let d = self.b.ins().load(I64, flags(), addr, 8);
        // A step for the run, one for its first cell, one more for each cell after a cell that
        // met the condition.
        let mut visited = self.b.ins().iadd_imm(steps, 2);
        let first = self.b.ins().ushr(m, p);
        let mut on = self.b.ins().band_imm(first, 1);
        for _ in 1..lines.len {
            self.node()?;
            visited = self.b.ins().iadd(visited, on);
            p = self.b.ins().iadd(p, d);
            let cell = self.b.ins().ushr(m, p);
            on = self.b.ins().band(on, cell);
        }
        self.b.ins().brif(on, done, &[visited.into()], next, &[]);

        self.b.switch_to_block(next);
        let k1 = self.b.ins().iadd_imm(k, 1);
        // Defensive: a full run exists, so the walk stops before the table's end.
        let past = self.b.ins().icmp_imm(
            IntCC::UnsignedGreaterThanOrEqual,
            k1,
            lines.runs.len() as i64,
        );
        self.bail_if(past);
        self.b.ins().jump(head, &[k1.into(), visited.into()]);

        self.b.switch_to_block(done);
        Ok(self.b.block_params(done)[0])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn straight(len: u32, runs: &[(u32, u32)]) -> RunTable {
        RunTable::Straight {
            len,
            runs: runs.into(),
        }
    }

    #[test]
    fn runs_within_64_cells_are_numbered_from_the_first() {
        let t = straight(3, &[(10, 1), (10, 8), (12, 7)]);
        let l = lines_of(&t, 3).expect("lowered");
        assert_eq!((l.base, l.len), (10, 3));
        assert_eq!(l.runs, vec![(0, 1), (0, 8), (2, 7)]);
        // The fold's range may number fewer runs than the table has.
        assert_eq!(lines_of(&t, 1).expect("lowered").runs, vec![(0, 1)]);
    }

    #[test]
    fn runs_past_64_cells_alike_or_empty_are_left_to_the_branches() {
        // The last cell of the second run is slot 63 + 1 past the first run's first.
        assert!(lines_of(&straight(2, &[(0, 1), (0, 64)]), 2).is_none());
        assert!(lines_of(&straight(2, &[(0, 1), (0, 63)]), 2).is_some());
        assert!(lines_of(&straight(2, &[(0, 1), (0, 1)]), 2).is_none());
        assert!(lines_of(&straight(0, &[(0, 1)]), 1).is_none());
        assert!(lines_of(&straight(2, &[(0, 1)]), 0).is_none());
        assert!(lines_of(&straight(2, &[(0, 1)]), 2).is_none());
        let listed = RunTable::Listed {
            offsets: vec![0, 1].into(),
            slots: vec![0].into(),
        };
        assert!(lines_of(&listed, 1).is_none());
    }
}
