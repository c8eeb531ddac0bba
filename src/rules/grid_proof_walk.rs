//! The grid proof's walk over statements, outcomes and expressions (see `grid_proof`): whether
//! each reads and writes the grid only in the mode's way, recording the runs it reads.

use super::super::bounds::Ranges;
use super::super::*;
use super::{address, Bound, Grid, Role, Use};
use std::cell::RefCell;
use std::sync::Arc;

impl Grid<'_> {
    pub(super) fn block(&self, body: &[CStmt], bound: &Bound) -> bool {
        let mut bound = bound.clone();
        for s in body {
            let ok = match s {
                CStmt::Assign { target, value, .. } => {
                    let index_ok = if target.var == self.var {
                        target.offset == 0
                            && target.index.as_ref().is_some_and(|i| self.cell(i, &bound))
                    } else {
                        target.index.as_ref().is_none_or(|i| self.expr(i, &bound))
                    };
                    index_ok && self.expr(value, &bound)
                }
                CStmt::If {
                    cond,
                    then,
                    otherwise,
                } => {
                    self.expr(cond, &bound)
                        && self.block(then, &bound)
                        && self.block(otherwise, &bound)
                }
                CStmt::Again => true,
                CStmt::NextMover { value, .. } => self.expr(value, &bound),
                CStmt::Let { local, value } => {
                    match self.alias(value, &bound) {
                        Some(r) => bound = bound.with(*local, r),
                        None if self.expr(value, &bound) => bound = bound.without(*local),
                        None => return false,
                    }
                    true
                }
                // A loop's variable is an ordinary number, taken in order.
                CStmt::For {
                    local,
                    domain,
                    cond,
                    body,
                    ..
                } => {
                    let inner = bound.without(*local);
                    self.expr(&domain.lo, &bound)
                        && self.expr(&domain.hi, &bound)
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

    pub(super) fn outcome(&self, o: &COutcome, bound: &Bound) -> bool {
        match o {
            COutcome::LastMover { .. } | COutcome::Mover { .. } | COutcome::Tie => true,
            COutcome::Player { player, .. } => self.expr(player, bound),
            COutcome::Each { local, cond } => self.expr(cond, &bound.without(*local)),
            COutcome::Score { local, expr } => self.expr(expr, &bound.without(*local)),
            COutcome::If {
                cond,
                then,
                otherwise,
            } => {
                self.expr(cond, bound)
                    && self.outcome(&then.0, bound)
                    && self.outcome(&otherwise.0, bound)
            }
        }
    }

    pub(super) fn expr(&self, e: &CExpr, bound: &Bound) -> bool {
        let all = |xs: &[&CExpr]| xs.iter().all(|x| self.expr(x, bound));
        match e {
            CExpr::Const(_) | CExpr::Mover | CExpr::Opponent | CExpr::LastMover => true,
            CExpr::Slot(s) => !self.owns(*s),
            CExpr::Local(l) => bound.role(*l).is_none(),
            CExpr::Elem {
                var, offset, index, ..
            } => {
                if *var == self.var {
                    *offset == 0 && self.cell(index, bound)
                } else {
                    self.expr(index, bound)
                }
            }
            CExpr::ElemLocal { var, local, .. } => *var != self.var && bound.role(*local).is_none(),
            CExpr::ListElem { index, .. } => self.expr(index, bound),
            CExpr::Neg(x, _) | CExpr::Not(x) | CExpr::Abs(x, _) => self.expr(x, bound),
            CExpr::Arith(_, a, b, _) | CExpr::Cmp(_, a, b) | CExpr::And(a, b) | CExpr::Or(a, b) => {
                all(&[a, b])
            }
            CExpr::Min(xs) | CExpr::Max(xs) => xs.iter().all(|x| self.expr(x, bound)),
            // The whole grid's sum does not see the order, but it may overflow part way in one
            // order and not in another.
            CExpr::Sum { base, .. } if *base == self.base => Ranges {
                slots: self.slots,
                indices: Vec::new(),
            }
            .of(e)
            .is_some(),
            CExpr::Sum { .. } | CExpr::MinOf { .. } | CExpr::MaxOf { .. } => true,
            CExpr::Cond(c, a, b) => all(&[c, a, b]),
            // A cell's number as a value (no bound local: those only index the grid).
            CExpr::GridIndex { row, col, .. } => all(&[row, col]),
            CExpr::Fold {
                fold,
                local,
                domain,
                cond,
                ..
            } => {
                let domain_ok = self.expr(&domain.lo, bound) && self.expr(&domain.hi, bound);
                domain_ok && self.fold(*fold, *local, domain, cond, bound)
            }
            CExpr::RunFold {
                fold,
                local,
                runs,
                run,
                cond,
                ..
            } => {
                let inner = bound.without(*local);
                if !self.reads(runs) {
                    return self.expr(run, bound) && self.expr(cond, &inner);
                }
                let stops = matches!(fold, Fold::Any | Fold::All);
                matches!(fold, Fold::Count | Fold::Any | Fold::All)
                    && self.run(runs, run, bound)
                    && self.expr(cond, &inner)
                    && (!stops || self.total(cond, &inner))
            }
            CExpr::RunElem {
                runs, run, index, ..
            } => !self.reads(runs) && all(&[run, index]),
            CExpr::RunLen { runs, run, .. } => {
                if self.reads(runs) {
                    self.run(runs, run, bound)
                } else {
                    self.expr(run, bound)
                }
            }
            CExpr::Let { local, value, body } => match self.alias(value, bound) {
                Some(role) => self.expr(body, &bound.with(*local, role)),
                None => self.expr(value, bound) && self.expr(body, &bound.without(*local)),
            },
        }
    }

    /// The role of a bound local that `value` merely copies (a definition's argument).
    fn alias(&self, value: &CExpr, bound: &Bound) -> Option<Role> {
        match value {
            CExpr::Local(l) => bound.role(*l),
            _ => None,
        }
    }

    /// `count`/`any`/`all`/`first`/`last(x in D where C)`: `x` is bound (to every run of one
    /// table of the grid's, or in the columns or rows mode to a column or a row) where the fold
    /// sees a set, else an ordinary number.
    fn fold(&self, fold: Fold, local: u16, domain: &CDomain, cond: &CExpr, bound: &Bound) -> bool {
        let plain = bound.without(local);
        let set = matches!(fold, Fold::Count | Fold::Any | Fold::All);
        let stops = matches!(fold, Fold::Any | Fold::All);
        let roles = self
            .run_role(local, domain, cond)
            .into_iter()
            .chain(self.role_over(domain));
        for role in roles.filter(|_| set) {
            let inner = plain.with(local, role);
            if self.attempt(|| {
                self.expr(cond, &inner) && (!stops || self.total(cond, &inner)) && {
                    if let Role::Run(_) = role {
                        if let Some(t) = self.table_read(local, cond) {
                            self.uses.borrow_mut().push(Use::Sets(t));
                        }
                    }
                    true
                }
            }) {
                return true;
            }
        }
        self.expr(cond, &plain)
    }

    /// The one table of the grid's whose runs `cond` reads by `local`, if `domain` numbers all
    /// of them.
    fn table_read(&self, local: u16, cond: &CExpr) -> Option<Arc<RunTable>> {
        let found: RefCell<Vec<Arc<RunTable>>> = RefCell::new(Vec::new());
        cond.any_node(&|n| {
            if let CExpr::RunFold { runs, run, .. }
            | CExpr::RunElem { runs, run, .. }
            | CExpr::RunLen { runs, run, .. } = n
            {
                if matches!(&**run, CExpr::Local(l) if *l == local) {
                    found.borrow_mut().push(runs.clone());
                }
            }
            false
        });
        let found = found.into_inner();
        let first = found.first()?.clone();
        (self.reads(&first) && found.iter().all(|t| Arc::ptr_eq(t, &first))).then_some(first)
    }

    fn run_role(&self, local: u16, domain: &CDomain, cond: &CExpr) -> Option<Role> {
        let t = self.table_read(local, cond)?;
        let n = u32::try_from(t.count()).ok()?;
        (n > 0 && self.domain_is(domain, n)).then(|| Role::Run(address(&t)))
    }

    /// Whether `run` picks a run of the grid's table `t` as the mode allows, recording how.
    fn run(&self, t: &Arc<RunTable>, run: &CExpr, bound: &Bound) -> bool {
        let u = match run {
            CExpr::Local(l) => return bound.role(*l) == Some(Role::Run(address(t))),
            CExpr::Const(i) => Use::Run(t.clone(), *i),
            index @ CExpr::GridIndex { .. } if self.cell(index, bound) => Use::ByCell(t.clone()),
            _ => return false,
        };
        self.uses.borrow_mut().push(u);
        true
    }

    /// Whether `e` cannot fail in any state (conservatively): what `any` and `all` over a set
    /// ask of their condition, since the element at which they stop depends on the order.
    fn total(&self, e: &CExpr, bound: &Bound) -> bool {
        let in_range = |x: &CExpr, role: Role, n: u32| {
            self.is(x, role, bound) || matches!(x, CExpr::Const(k) if (0..i64::from(n)).contains(k))
        };
        match e {
            CExpr::Const(_)
            | CExpr::Mover
            | CExpr::Opponent
            | CExpr::LastMover
            | CExpr::Local(_)
            | CExpr::Slot(_) => true,
            CExpr::Not(x) => self.total(x, bound),
            CExpr::Cmp(_, a, b) | CExpr::And(a, b) | CExpr::Or(a, b) => {
                self.total(a, bound) && self.total(b, bound)
            }
            CExpr::Cond(c, a, b) => [c, a, b].iter().all(|x| self.total(x, bound)),
            CExpr::Let { local, value, body } => {
                let inner = match self.alias(value, bound) {
                    Some(role) => bound.with(*local, role),
                    None => bound.without(*local),
                };
                self.total(value, bound) && self.total(body, &inner)
            }
            CExpr::Elem {
                var, offset, index, ..
            } if *var == self.var && *offset == 0 => match &**index {
                CExpr::GridIndex { row, col, .. } => {
                    in_range(row, Role::Row, self.rows) && in_range(col, Role::Col, self.cols)
                }
                _ => false,
            },
            // Every run of a straight table is as long, so the steps it takes are the same
            // whichever run it is; a run by a bound local or a fixed number is one of them.
            CExpr::RunFold {
                runs, run, cond, ..
            } => {
                let run_ok = match &**run {
                    CExpr::Local(l) => bound.role(*l) == Some(Role::Run(address(runs))),
                    CExpr::Const(k) => usize::try_from(*k).is_ok_and(|k| k < runs.count()),
                    _ => false,
                };
                matches!(&**runs, RunTable::Straight { .. }) && run_ok && self.total(cond, bound)
            }
            _ => Ranges {
                slots: self.slots,
                indices: Vec::new(),
            }
            .of(e)
            .is_some(),
        }
    }
}
