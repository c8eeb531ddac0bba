//! What a family proven by its sites (`grid_sites`) may read and write: the grid only at cells
//! whose row and column are worked out from the parameters (and definitions' arguments that are),
//! whose turn it is, and nothing else of the state; it writes only such cells.

use super::super::*;
use super::Walk;

impl Walk {
    /// Whether `e` is worked out from the locals `pure` alone (no state, no step).
    pub(super) fn pure(&self, e: &CExpr, pure: &[u16]) -> bool {
        from_locals(e, &|l| pure.contains(&l))
    }

    /// Whether `e` reads no state (only constants and locals).
    pub(super) fn stateless(&self, e: &CExpr) -> bool {
        from_locals(e, &|_| true)
    }

    /// Whether `e` reads the grid only at cells named by `pure` locals, and no other state but
    /// whose turn it is.
    pub(super) fn expr(&self, e: &CExpr, pure: &[u16]) -> bool {
        match e {
            CExpr::Const(_) | CExpr::Local(_) | CExpr::Mover | CExpr::Opponent => true,
            CExpr::Elem {
                var, offset, index, ..
            } if *var == self.var => *offset == 0 && self.cell(index, pure),
            CExpr::ListElem { index, .. } => self.expr(index, pure),
            CExpr::Neg(x, _) | CExpr::Not(x) | CExpr::Abs(x, _) => self.expr(x, pure),
            CExpr::Arith(_, a, b, _) | CExpr::Cmp(_, a, b) | CExpr::And(a, b) | CExpr::Or(a, b) => {
                self.expr(a, pure) && self.expr(b, pure)
            }
            CExpr::Min(xs) | CExpr::Max(xs) => xs.iter().all(|x| self.expr(x, pure)),
            CExpr::Cond(c, a, b) => [c, a, b].iter().all(|x| self.expr(x, pure)),
            CExpr::GridIndex { row, col, .. } => self.expr(row, pure) && self.expr(col, pure),
            CExpr::Let { local, value, body } => {
                self.expr(value, pure)
                    && self.expr(body, &with(pure, *local, self.pure(value, pure)))
            }
            // Other variables, who moved last, whole-array reads, folds and runs.
            _ => false,
        }
    }

    fn cell(&self, index: &CExpr, pure: &[u16]) -> bool {
        matches!(index, CExpr::GridIndex { var, row, col, .. }
            if *var == self.var && self.pure(row, pure) && self.pure(col, pure))
    }

    /// Whether statements read and write only as `expr` allows (a `let` there holds a value
    /// that names no cell; a loop's variable may; rolls are not followed).
    pub(super) fn block(&self, body: &[CStmt], pure: &[u16]) -> bool {
        let mut pure = pure.to_vec();
        for s in body {
            let ok = match s {
                CStmt::Assign { target, value, .. } => {
                    target.var == self.var
                        && target.offset == 0
                        && target.index.as_ref().is_some_and(|i| self.cell(i, &pure))
                        && self.expr(value, &pure)
                }
                CStmt::If {
                    cond,
                    then,
                    otherwise,
                } => {
                    self.expr(cond, &pure)
                        && self.block(then, &pure)
                        && self.block(otherwise, &pure)
                }
                CStmt::Again => true,
                CStmt::NextMover { value, .. } => self.expr(value, &pure),
                CStmt::Let { local, value } => {
                    let ok = self.expr(value, &pure);
                    pure = with(&pure, *local, false);
                    ok
                }
                // A loop over numbers worked out from the parameters: its variable may name cells.
                CStmt::For {
                    local,
                    domain,
                    cond,
                    body,
                    ..
                } => {
                    let inner = with(&pure, *local, true);
                    self.pure(&domain.lo, &pure)
                        && self.pure(&domain.hi, &pure)
                        && self.expr(cond, &inner)
                        && self.block(body, &inner)
                }
                CStmt::Roll { .. } => false,
            };
            if !ok {
                return false;
            }
        }
        true
    }
}

/// `pure` with `local` in it (`is`) or out of it.
fn with(pure: &[u16], local: u16, is: bool) -> Vec<u16> {
    let mut out: Vec<u16> = pure.iter().copied().filter(|&l| l != local).collect();
    if is {
        out.push(local);
    }
    out
}

/// Whether `e` is worked out from constants and the locals `ok` allows.
fn from_locals(e: &CExpr, ok: &dyn Fn(u16) -> bool) -> bool {
    let all = |xs: &[&CExpr]| xs.iter().all(|x| from_locals(x, ok));
    match e {
        CExpr::Const(_) => true,
        CExpr::Local(l) => ok(*l),
        CExpr::Neg(x, _) | CExpr::Abs(x, _) | CExpr::Not(x) => from_locals(x, ok),
        CExpr::Arith(_, a, b, _) | CExpr::Cmp(_, a, b) | CExpr::And(a, b) | CExpr::Or(a, b) => {
            all(&[a, b])
        }
        CExpr::Cond(c, a, b) => all(&[c, a, b]),
        CExpr::Min(xs) | CExpr::Max(xs) => xs.iter().all(|x| from_locals(x, ok)),
        _ => false,
    }
}
