//! How much code an expression or a body comes to once lowered, counting each unrolled loop's
//! copies: what decides whether a loop over a constant range is unrolled, so that nested loops
//! (Othello's `any(r) any(c) any(d) first(k)`) do not multiply into megabytes of code.

use crate::rules::{CExpr, CStmt, RunTable};

/// The most values a loop with a constant range is unrolled over.
pub(super) const UNROLL_VALUES: u64 = 64;
/// The most lowered nodes one unrolled loop's copies may come to.
pub(super) const UNROLL_NODES: u64 = 2048;

/// What a loop of `n` values over a body costing `body` costs: unrolled if small enough.
pub(super) fn looped(n: u64, body: u64) -> u64 {
    if unrolls(n, body) {
        n * body
    } else {
        body + 8
    }
}

/// Whether a loop of `n` known values over a body costing `body` is unrolled.
pub(super) fn unrolls(n: u64, body: u64) -> bool {
    n <= UNROLL_VALUES && n.saturating_mul(body) <= UNROLL_NODES
}

/// The size of a constant range, if both ends are constants.
fn constant_size(lo: &CExpr, hi: &CExpr) -> Option<u64> {
    match (lo, hi) {
        (CExpr::Const(a), CExpr::Const(b)) => Some(crate::rules::range_size(*a, *b)),
        _ => None,
    }
}

/// The longest run of a table.
fn longest(t: &RunTable) -> u64 {
    match t {
        RunTable::Straight { len, .. } => u64::from(*len),
        RunTable::Listed { offsets, .. } => offsets
            .windows(2)
            .map(|w| u64::from(w[1].saturating_sub(w[0])))
            .max()
            .unwrap_or(0),
    }
}

/// The nodes an expression comes to, lowered.
pub(super) fn cost(e: &CExpr) -> u64 {
    match e {
        CExpr::Const(_)
        | CExpr::Slot(_)
        | CExpr::Local(_)
        | CExpr::ElemLocal { .. }
        | CExpr::Mover
        | CExpr::Opponent
        | CExpr::LastMover => 1,
        CExpr::Sum { len, .. } | CExpr::MinOf { len, .. } | CExpr::MaxOf { len, .. } => {
            1 + u64::from(*len)
        }
        CExpr::Elem { index, .. } | CExpr::ListElem { index, .. } => 1 + cost(index),
        CExpr::Neg(x, _) | CExpr::Not(x) | CExpr::Abs(x, _) => 1 + cost(x),
        CExpr::Arith(_, a, b, _) | CExpr::Cmp(_, a, b) | CExpr::And(a, b) | CExpr::Or(a, b) => {
            1 + cost(a) + cost(b)
        }
        CExpr::Min(xs) | CExpr::Max(xs) => 1 + xs.iter().map(cost).sum::<u64>(),
        CExpr::Fold { domain, cond, .. } => {
            let body = cost(cond) + 2;
            let ends = cost(&domain.lo) + cost(&domain.hi);
            match constant_size(&domain.lo, &domain.hi) {
                Some(n) => ends + looped(n, body),
                None => ends + body + 8,
            }
        }
        CExpr::Cond(c, a, b) => 1 + cost(c) + cost(a) + cost(b),
        CExpr::GridIndex { row, col, .. } => 1 + cost(row) + cost(col),
        CExpr::Let { value, body, .. } => 1 + cost(value) + cost(body),
        CExpr::RunFold {
            runs,
            run,
            cond,
            cmp,
            ..
        } => {
            let body = if cmp.is_some() { 2 } else { cost(cond) + 2 };
            1 + cost(run) + cost(cond) + looped(longest(runs), body)
        }
        CExpr::RunElem { run, index, .. } => 1 + cost(run) + cost(index),
        CExpr::RunLen { run, .. } => 1 + cost(run),
    }
}

/// The nodes a body comes to, lowered.
pub(super) fn body_cost(b: &[CStmt]) -> u64 {
    b.iter()
        .map(|s| match s {
            CStmt::Assign { value, target, .. } => {
                4 + cost(value) + target.index.as_ref().map_or(0, cost)
            }
            CStmt::If {
                cond,
                then,
                otherwise,
            } => 1 + cost(cond) + body_cost(then) + body_cost(otherwise),
            CStmt::Let { value, .. } => 1 + cost(value),
            CStmt::For {
                domain, cond, body, ..
            } => 8 + cost(&domain.lo) + cost(&domain.hi) + cost(cond) + body_cost(body),
            _ => 1,
        })
        .sum()
}
