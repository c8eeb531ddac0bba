//! Runs of a grid's cells (`lines`, `cells`, neighbourhoods): a run whose number is known when
//! compiling is a list of slots, read with no table and, for a short run, no loop; otherwise the
//! run's first slot and stride (or its listed slots) are read from the table, as `rules::runs`
//! does, after the same bounds check.

use super::cost::{cost, unrolls};
use super::flat::flat_size;
use super::folds::{Size, Truth};
use super::{flags, Lower, NotCompiled, E};
use crate::rules::{CExpr, CmpOp, Fold, RunTable};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::types::I64;
use cranelift_codegen::ir::{InstBuilder, Value};
use std::sync::Arc;

type R<T> = Result<T, NotCompiled>;

/// A run: its slots known when compiling, or found at run time.
enum At {
    Known(Vec<u32>),
    Straight {
        start: Value,
        stride: Value,
        len: u32,
    },
    Listed {
        from: Value,
        to: Value,
        slots: Value,
    },
}

impl At {
    fn size(&self, me: &mut Lower) -> Size {
        match self {
            At::Known(s) => Size::K(s.len() as u64),
            At::Straight { len, .. } => Size::K(u64::from(*len)),
            At::Listed { from, to, .. } => {
                Size::D(me.b.ins().isub(*to, *from), u64::from(u32::MAX))
            }
        }
    }
}

/// The slots of run `i`, if there is one.
fn known_run(table: &RunTable, i: i64) -> Option<Vec<u32>> {
    let i = usize::try_from(i).ok()?;
    match table {
        RunTable::Straight { len, runs } => {
            let &(start, stride) = runs.get(i)?;
            Some((0..*len).map(|j| start + j * stride).collect())
        }
        RunTable::Listed { offsets, slots } => {
            let (a, b) = (*offsets.get(i)?, *offsets.get(i + 1)?);
            slots.get(a as usize..b as usize).map(<[u32]>::to_vec)
        }
    }
}

/// Every slot a table's runs read.
fn all_slots(table: &RunTable) -> Vec<u32> {
    match table {
        RunTable::Straight { len, runs } => runs
            .iter()
            .flat_map(|&(s, d)| (0..*len).map(move |j| s + j * d))
            .collect(),
        RunTable::Listed { slots, .. } => slots.to_vec(),
    }
}

impl Lower<'_, '_> {
    /// Run `i` of `table`; no such run gives up, as `run_of` fails.
    fn run_at(&mut self, table: &Arc<RunTable>, i: E) -> At {
        if let E::K(k) = i {
            return match known_run(table, k) {
                Some(slots) => At::Known(slots),
                None => {
                    self.bail_now();
                    At::Known(Vec::new())
                }
            };
        }
        let count = table.count() as u32;
        let Some(k) = self.index(i, 0, count) else {
            return At::Known(Vec::new());
        };
        let k = self.val(k);
        self.keep.runs.push(table.clone());
        match &**table {
            RunTable::Straight { len, runs } => {
                let base = self.konst(runs.as_ptr() as i64);
                let off = self.b.ins().ishl_imm(k, 3);
                let addr = self.b.ins().iadd(base, off);
                let start = self.b.ins().uload32(flags(), addr, 0);
                let stride = self.b.ins().uload32(flags(), addr, 4);
                At::Straight {
                    start,
                    stride,
                    len: *len,
                }
            }
            RunTable::Listed { offsets, slots } => {
                let base = self.konst(offsets.as_ptr() as i64);
                let off = self.b.ins().ishl_imm(k, 2);
                let addr = self.b.ins().iadd(base, off);
                let from = self.b.ins().uload32(flags(), addr, 0);
                let to = self.b.ins().uload32(flags(), addr, 4);
                let slots = self.konst(slots.as_ptr() as i64);
                At::Listed { from, to, slots }
            }
        }
    }

    /// Cell `j` (a run-time value below the run's size) of a run found at run time.
    fn cell(&mut self, run: &At, j: Value, table: &RunTable) -> E {
        let slot = match run {
            // A known run's cells are read by slot, not through here.
            At::Known(_) => return self.bail_now(),
            At::Straight { start, stride, .. } => {
                let d = self.b.ins().imul(j, *stride);
                self.b.ins().iadd(*start, d)
            }
            At::Listed { from, slots, .. } => {
                let k = self.b.ins().iadd(*from, j);
                let off = self.b.ins().ishl_imm(k, 2);
                let addr = self.b.ins().iadd(*slots, off);
                self.b.ins().uload32(flags(), addr, 0)
            }
        };
        let addr = self.slot_addr(slot);
        let v = self.b.ins().load(I64, flags(), addr, 0);
        let slots = all_slots(table);
        let r = &self.rules.slot_ranges;
        let lo = slots.iter().map(|&s| r[s as usize].0).min().unwrap_or(0);
        let hi = slots.iter().map(|&s| r[s as usize].1).max().unwrap_or(0);
        self.dynamic(v, lo, hi)
    }

    /// `count`/`any`/`all`/`first`/`last(v in RUN where cond)`; with `cmp`, the condition is
    /// `v OP cond`, `cond` evaluated once, before the first cell (it takes no steps).
    pub(in crate::jit) fn run_fold(
        &mut self,
        fold: Fold,
        local: u16,
        table: &Arc<RunTable>,
        i: E,
        cond: &CExpr,
        cmp: Option<CmpOp>,
    ) -> R<E> {
        let run = self.run_at(table, i);
        let size = run.size(self);
        let outer = self.scale_by(size, true);
        let against = match (cmp, size) {
            (None, _) | (_, Size::K(0)) => None,
            (Some(_), Size::K(_)) => Some(self.expr(cond)?),
            (Some(_), Size::D(n, _)) => Some(self.when_some(n, cond)?),
        };
        if let Some(v) = self.flat_run(fold, local, &run, table, cond, cmp, against)? {
            self.restore_scale(outer);
            return Ok(v);
        }
        let exits = self.exits();
        let one = |me: &mut Self, v: E| -> R<()> {
            me.charge_const(1);
            let holds = me.cell_truth(v, (local, cond), cmp.zip(against))?;
            me.settle(fold, holds, v, exits);
            Ok(())
        };
        match &run {
            At::Known(slots)
                if unrolls(
                    slots.len() as u64,
                    if cmp.is_some() { 2 } else { cost(cond) + 2 },
                ) =>
            {
                let order: Vec<u32> = match fold {
                    Fold::Last => slots.iter().rev().copied().collect(),
                    _ => slots.clone(),
                };
                for s in order {
                    let v = self.load_slot(s);
                    one(self, v)?;
                }
            }
            At::Known(slots) => {
                let words = slots.iter().map(|&s| i64::from(s)).collect();
                let base = self.words(words);
                let n = slots.len() as i64;
                let r = &self.rules.slot_ranges;
                let lo = slots.iter().map(|&s| r[s as usize].0).min().unwrap_or(0);
                let hi = slots.iter().map(|&s| r[s as usize].1).max().unwrap_or(0);
                self.counted(size, |me, j| {
                    let j = me.reversed(fold, j, n);
                    let off = me.b.ins().ishl_imm(j, 3);
                    let addr = me.b.ins().iadd(base, off);
                    let slot = me.b.ins().load(I64, flags(), addr, 0);
                    let v = me.load_slot_at_raw(slot, lo, hi);
                    one(me, v)
                })?;
            }
            _ => {
                let n = self.size_val(size);
                self.counted(size, |me, j| {
                    let j = if fold == Fold::Last {
                        let top = me.b.ins().iadd_imm(n, -1);
                        me.b.ins().isub(top, j)
                    } else {
                        j
                    };
                    let v = me.cell(&run, j, table);
                    one(me, v)
                })?;
            }
        }
        let v = self.unsettled(fold, exits);
        self.restore_scale(outer);
        let (vlo, vhi) = self.table_range(table);
        Ok(match fold {
            Fold::Count => self.dynamic(v, 0, i64::from(u32::MAX)),
            Fold::Any | Fold::All => self.dynamic(v, 0, 1),
            Fold::First | Fold::Last => self.dynamic(v, vlo, vhi),
        })
    }

    /// `all`/`any` over a run known when compiling, short, whose condition is pure (or a
    /// comparison with a value already evaluated): lowered flat (`flat_fold`), or `None`.
    #[allow(clippy::too_many_arguments)]
    fn flat_run(
        &mut self,
        fold: Fold,
        local: u16,
        run: &At,
        table: &RunTable,
        cond: &CExpr,
        cmp: Option<CmpOp>,
        against: Option<E>,
    ) -> R<Option<E>> {
        let At::Known(slots) = run else {
            return Ok(None);
        };
        let n = slots.len() as u64;
        let pure = match cmp {
            Some(_) => true,
            None => self
                .pure_with(cond, local, self.table_range(table))
                .is_some(),
        };
        if !matches!(fold, Fold::Any | Fold::All) || !pure || !flat_size(n) {
            return Ok(None);
        }
        let v = self.flat_fold(fold, n, |me, j| {
            let v = me.load_slot(slots[j as usize]);
            me.cell_truth(v, (local, cond), cmp.zip(against))
        })?;
        Ok(Some(v))
    }

    /// Whether the fold's condition holds at cell value `v`: `v OP x` where the condition is a
    /// comparison with a value already evaluated, else `cond` with `local` bound to `v`.
    fn cell_truth(
        &mut self,
        v: E,
        (local, cond): (u16, &CExpr),
        cmp: Option<(CmpOp, E)>,
    ) -> R<Truth> {
        Ok(match cmp {
            Some((op, x)) => match self.compare_truth(op, v, x) {
                Ok(b) => Truth::K(b),
                Err(t) => Truth::T(t),
            },
            None => {
                self.set_local(local, v);
                let h = self.expr(cond)?;
                self.truth_of(h)
            }
        })
    }

    /// `cond` evaluated only when `n` (a run's size) is not 0, as the interpreter evaluates it at
    /// the first cell; 0 otherwise, and then never used.
    fn when_some(&mut self, n: Value, cond: &CExpr) -> R<E> {
        let (yes, join) = (self.b.create_block(), self.b.create_block());
        self.b.append_block_param(join, I64);
        let zero = self.konst(0);
        let empty = self.b.ins().icmp_imm(IntCC::Equal, n, 0);
        self.b.ins().brif(empty, join, &[zero.into()], yes, &[]);
        self.b.switch_to_block(yes);
        let x = self.expr(cond)?;
        let xv = self.val(x);
        self.b.ins().jump(join, &[xv.into()]);
        self.b.switch_to_block(join);
        let v = self.b.block_params(join)[0];
        let (lo, hi) = x.range();
        Ok(self.dynamic(v, lo.min(0), hi.max(0)))
    }

    /// `j` counted from the end for `last`.
    fn reversed(&mut self, fold: Fold, j: Value, n: i64) -> Value {
        if fold != Fold::Last {
            return j;
        }
        let top = self.konst(n - 1);
        self.b.ins().isub(top, j)
    }

    /// The value of slot number `slot` (an i64 value of a valid slot) in `lo..=hi`.
    fn load_slot_at_raw(&mut self, slot: Value, lo: i64, hi: i64) -> E {
        let addr = self.slot_addr(slot);
        let v = self.b.ins().load(I64, flags(), addr, 0);
        self.dynamic(v, lo, hi)
    }

    /// The smallest interval holding every cell a table's runs read.
    fn table_range(&self, table: &RunTable) -> (i64, i64) {
        let slots = all_slots(table);
        let r = &self.rules.slot_ranges;
        let lo = slots.iter().map(|&s| r[s as usize].0).min().unwrap_or(0);
        let hi = slots.iter().map(|&s| r[s as usize].1).max().unwrap_or(0);
        (lo, hi)
    }

    /// `RUN[j]`: the run's `j`-th cell.
    pub(in crate::jit) fn run_elem(&mut self, table: &Arc<RunTable>, i: E, j: E) -> E {
        let run = self.run_at(table, i);
        match run {
            At::Known(slots) => match self.index(j, 0, slots.len() as u32) {
                None => E::K(0),
                Some(E::K(k)) => self.load_slot(slots[k as usize]),
                Some(k) => {
                    let words = slots.iter().map(|&s| i64::from(s)).collect();
                    let base = self.words(words);
                    let kv = self.val(k);
                    let off = self.b.ins().ishl_imm(kv, 3);
                    let addr = self.b.ins().iadd(base, off);
                    let slot = self.b.ins().load(I64, flags(), addr, 0);
                    let (lo, hi) = self.table_range(table);
                    self.load_slot_at_raw(slot, lo, hi)
                }
            },
            At::Straight { len, .. } => {
                let Some(k) = self.index(j, 0, len) else {
                    return E::K(0);
                };
                let kv = self.val(k);
                self.cell(&run, kv, table)
            }
            At::Listed { from, to, .. } => {
                let jv = self.val(j);
                let n = self.b.ins().isub(to, from);
                let out = self.b.ins().icmp(IntCC::UnsignedGreaterThanOrEqual, jv, n);
                self.bail_if(out);
                self.cell(&run, jv, table)
            }
        }
    }

    /// `len(RUN)`.
    pub(in crate::jit) fn run_len(&mut self, table: &Arc<RunTable>, i: E) -> E {
        match self.run_at(table, i) {
            At::Known(slots) => E::K(slots.len() as i64),
            At::Straight { len, .. } => E::K(i64::from(len)),
            At::Listed { from, to, .. } => {
                let n = self.b.ins().isub(to, from);
                self.dynamic(n, 0, i64::from(u32::MAX))
            }
        }
    }
}
