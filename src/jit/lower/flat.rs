//! Code without branches where the interpreter would branch, for expressions that are *pure*:
//! lowered, they emit no check that can give up, take no steps and write nothing, so they may be
//! evaluated where the interpreter does not evaluate them, and the result is the same. Such a
//! condition's two arms become a `select`, `and`/`or` a bitwise and/or, and `all`/`any` over a
//! short run of values known when compiling (a line's cells) one comparison a value, combined
//! without a branch, with the steps (one a value visited, up to the first that settles the fold)
//! counted from the same comparisons. A branch on the cells of a line goes whichever way the
//! position says, and is mispredicted often; the flat code has none, and a value it computes
//! (`disc(p)`, a cell compared with it) is the same value for every line, computed once.

use super::folds::Truth;
use super::{Lower, NotCompiled, E};
use crate::rules::{ArithOp, CExpr, Fold};
use cranelift_codegen::ir::types::I64;
use cranelift_codegen::ir::InstBuilder;

type R<T> = Result<T, NotCompiled>;

/// The most values a fold is lowered flat over: every value's condition is evaluated, where
/// branches stop at the first that settles the fold; a line has at most 7 cells.
const FLAT_VALUES: u64 = 8;

/// Whether a fold over `n` values known when compiling is lowered flat (its condition pure).
pub(in crate::jit) fn flat_size(n: u64) -> bool {
    n <= FLAT_VALUES
}

/// A local bound while an expression is looked at: its number, interval and known value.
type Bind = (u16, (i64, i64), Option<i64>);

impl Lower<'_, '_> {
    /// The interval of `e` if it is pure (see above), with the locals as lowering has them.
    pub(in crate::jit) fn pure(&self, e: &CExpr) -> Option<(i64, i64)> {
        self.pure_in(e, &mut Vec::new())
    }

    /// As `pure`, with `local` holding values in `range`.
    pub(in crate::jit) fn pure_with(
        &self,
        e: &CExpr,
        local: u16,
        range: (i64, i64),
    ) -> Option<(i64, i64)> {
        self.pure_in(e, &mut vec![(local, range, None)])
    }

    /// The interval of `e` if lowering it cannot emit a check: each case follows what `expr`
    /// lowers, with an interval never narrower than the one `expr` works with, so that an
    /// interval that rules a check out here rules it out there. A case it does not know is not
    /// pure.
    fn pure_in(&self, e: &CExpr, binds: &mut Vec<Bind>) -> Option<(i64, i64)> {
        let range = |k: i64| Some((k, k));
        match e {
            CExpr::Const(k) => range(*k),
            CExpr::Slot(s) => Some(self.rules.slot_ranges[*s as usize]),
            CExpr::Local(l) => Some(self.local_of(*l, binds).0),
            CExpr::Mover | CExpr::Opponent | CExpr::LastMover => Some((1, 2)),
            CExpr::Cmp(_, a, b) | CExpr::And(a, b) | CExpr::Or(a, b) => {
                self.pure_in(a, binds)?;
                self.pure_in(b, binds)?;
                Some((0, 1))
            }
            CExpr::Not(x) => self.pure_in(x, binds).map(|_| (0, 1)),
            CExpr::Cond(c, a, b) => {
                self.pure_in(c, binds)?;
                let (x, y) = (self.pure_in(a, binds)?, self.pure_in(b, binds)?);
                Some((x.0.min(y.0), x.1.max(y.1)))
            }
            CExpr::Let { local, value, body } => {
                let v = self.pure_in(value, binds)?;
                let known = (v.0 == v.1).then_some(v.0);
                binds.push((*local, v, known));
                let r = self.pure_in(body, binds);
                binds.pop();
                r
            }
            // `arith` checks an overflow only where the interval does not fit an i64.
            CExpr::Arith(op @ (ArithOp::Add | ArithOp::Sub | ArithOp::Mul), a, b, _) => {
                let (x, y) = (self.pure_in(a, binds)?, self.pure_in(b, binds)?);
                let (a0, a1, b0, b1) = (x.0 as i128, x.1 as i128, y.0 as i128, y.1 as i128);
                let (lo, hi) = match op {
                    ArithOp::Add => (a0 + b0, a1 + b1),
                    ArithOp::Sub => (a0 - b1, a1 - b0),
                    _ => {
                        let c = [a0 * b0, a0 * b1, a1 * b0, a1 * b1];
                        (c.into_iter().min()?, c.into_iter().max()?)
                    }
                };
                Some((i64::try_from(lo).ok()?, i64::try_from(hi).ok()?))
            }
            // An element whose index is always in bounds: `index` emits no check then.
            CExpr::Elem {
                base,
                len,
                offset,
                index,
                ..
            } => {
                let i = self.pure_in(index, binds)?;
                self.elem_range(*base, *len, *offset, i)
            }
            CExpr::ElemLocal {
                base,
                len,
                offset,
                local,
                ..
            } => {
                let (i, _) = self.local_of(*local, binds);
                self.elem_range(*base, *len, *offset, i)
            }
            _ => None,
        }
    }

    /// A local's interval and known value: bound while looking, or as lowering has it.
    fn local_of(&self, l: u16, binds: &[Bind]) -> ((i64, i64), Option<i64>) {
        match binds.iter().rev().find(|b| b.0 == l) {
            Some(&(_, r, k)) => (r, k),
            None => match self.known[l as usize] {
                Some(k) => ((k, k), Some(k)),
                None => (self.local_range[l as usize], None),
            },
        }
    }

    /// The interval of element `i` (an index in `lo..=hi`) of an array, if every such index is
    /// in bounds.
    fn elem_range(
        &self,
        base: u32,
        len: u32,
        offset: i64,
        (lo, hi): (i64, i64),
    ) -> Option<(i64, i64)> {
        let (klo, khi) = (lo as i128 - offset as i128, hi as i128 - offset as i128);
        if klo < 0 || khi >= i128::from(len) {
            return None;
        }
        // The whole array's interval even for one index: never narrower than `elem`'s, so that
        // an interval that fits here fits there.
        Some(self.union_range(base, len))
    }

    /// Lowers pure code: `f` must emit no check and take no steps. Should it (the cases of
    /// `pure_in` not following `expr`), the rules are left to the interpreter, not run wrong.
    pub(in crate::jit) fn purely<T>(&mut self, f: impl FnOnce(&mut Self) -> R<T>) -> R<T> {
        self.pure_depth += 1;
        let r = f(self);
        self.pure_depth -= 1;
        if self.pure_depth == 0 && std::mem::take(&mut self.spoiled) {
            debug_assert!(false, "pure code emitted a check or took steps");
            return Err(NotCompiled(
                "a pure expression emitted a check (a compiler bug)".into(),
            ));
        }
        r
    }

    /// `all`/`any` over `n` values known when compiling, whose conditions (`holds(j)`, the
    /// value numbered `j` in the order the interpreter visits them) are pure: every condition
    /// evaluated and combined without a branch. The interpreter takes a step a value, up to and
    /// including the first that settles the fold (fails `all`, holds for `any`): value `j` is
    /// visited if every value before it went on, so the steps are the sum of those flags.
    pub(in crate::jit) fn flat_fold(
        &mut self,
        fold: Fold,
        n: u64,
        mut holds: impl FnMut(&mut Self, u64) -> R<Truth>,
    ) -> R<E> {
        // Whether every value so far went on (value `j` is visited), and the values visited.
        let mut on = E::K(1);
        let mut visited = E::K(0);
        for j in 0..n {
            if let E::K(0) = on {
                break;
            }
            visited = self.add01(visited, on);
            let h = self.purely(|me| holds(me, j))?;
            let goes_on = match (fold, h) {
                (Fold::All, Truth::K(b)) => E::K(b as i64),
                (_, Truth::K(b)) => E::K(!b as i64),
                (Fold::All, Truth::T(t)) => self.as_int(t),
                (_, Truth::T(t)) => {
                    let x = self.b.ins().uextend(I64, t);
                    let v = self.b.ins().bxor_imm(x, 1);
                    E::D { v, lo: 0, hi: 1 }
                }
            };
            on = self.and01(on, goes_on);
        }
        match visited {
            E::K(k) => self.charge_const(k),
            E::D { v, .. } => self.charge(v),
        }
        // `all` holds if every value went on; `any` if one stopped it.
        Ok(match (fold, on) {
            (Fold::All, _) => on,
            (_, E::K(k)) => E::K(1 - k),
            (_, E::D { v, .. }) => {
                let v = self.b.ins().bxor_imm(v, 1);
                E::D { v, lo: 0, hi: 1 }
            }
        })
    }

    /// `a & b` of two values 0 or 1.
    fn and01(&mut self, a: E, b: E) -> E {
        match (a, b) {
            (E::K(0), _) | (_, E::K(0)) => E::K(0),
            (E::K(_), x) | (x, E::K(_)) => x,
            (E::D { v: x, .. }, E::D { v: y, .. }) => {
                let v = self.b.ins().band(x, y);
                E::D { v, lo: 0, hi: 1 }
            }
        }
    }

    /// `a + b`, `a` a count of values visited (at most 64) and `b` 0 or 1.
    fn add01(&mut self, a: E, b: E) -> E {
        match (a, b) {
            (E::K(x), E::K(y)) => E::K(x + y),
            (x, E::K(0)) => x,
            _ => {
                let (lo, hi) = (a.range().0 + b.range().0, a.range().1 + b.range().1);
                let (x, y) = (self.val(a), self.val(b));
                let v = self.b.ins().iadd(x, y);
                E::D { v, lo, hi }
            }
        }
    }
}
