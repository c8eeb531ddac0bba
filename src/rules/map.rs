//! Rewriting compiled rules in place: every expression of a move, an end rule or an outcome
//! visited bottom-up, so a pass can replace one kind of node (the turn, in `view`) everywhere.

use super::{CDomain, CExpr, CMove, COutcome, CStmt, CTarget, CWeights, LabelPart};

/// A rewrite of one expression node: `Some` replaces it (its replacement is not visited again).
pub type Rewrite<'a> = &'a dyn Fn(&CExpr) -> Option<CExpr>;

/// Rewrites `e` and every node below it.
pub fn expr(e: &mut CExpr, f: Rewrite) {
    if let Some(new) = f(e) {
        *e = new;
        return;
    }
    match e {
        CExpr::Const(_)
        | CExpr::Slot(_)
        | CExpr::Local(_)
        | CExpr::ElemLocal { .. }
        | CExpr::Mover
        | CExpr::Opponent
        | CExpr::LastMover
        | CExpr::Sum { .. }
        | CExpr::MinOf { .. }
        | CExpr::MaxOf { .. } => {}
        CExpr::Elem { index, .. } | CExpr::ListElem { index, .. } => expr(index, f),
        CExpr::Neg(x, _) | CExpr::Not(x) | CExpr::Abs(x, _) => expr(x, f),
        CExpr::Arith(_, a, b, _) | CExpr::Cmp(_, a, b) | CExpr::And(a, b) | CExpr::Or(a, b) => {
            expr(a, f);
            expr(b, f);
        }
        CExpr::Min(xs) | CExpr::Max(xs) => xs.iter_mut().for_each(|x| expr(x, f)),
        CExpr::Fold { domain, cond, .. } => {
            self::domain(domain, f);
            expr(cond, f);
        }
        CExpr::Cond(c, a, b) => {
            expr(c, f);
            expr(a, f);
            expr(b, f);
        }
        CExpr::GridIndex { row, col, .. } => {
            expr(row, f);
            expr(col, f);
        }
        CExpr::Let { value, body, .. } => {
            expr(value, f);
            expr(body, f);
        }
        CExpr::RunFold { run, cond, .. } => {
            expr(run, f);
            expr(cond, f);
        }
        CExpr::RunElem { run, index, .. } => {
            expr(run, f);
            expr(index, f);
        }
        CExpr::RunLen { run, .. } => expr(run, f),
    }
}

pub fn domain(d: &mut CDomain, f: Rewrite) {
    expr(&mut d.lo, f);
    expr(&mut d.hi, f);
}

fn target(t: &mut CTarget, f: Rewrite) {
    if let Some(i) = &mut t.index {
        expr(i, f);
    }
}

/// Rewrites every expression of a block of statements.
pub fn block(stmts: &mut [CStmt], f: Rewrite) {
    for s in stmts {
        match s {
            CStmt::Assign {
                target: t, value, ..
            } => {
                target(t, f);
                expr(value, f);
            }
            CStmt::If {
                cond,
                then,
                otherwise,
            } => {
                expr(cond, f);
                block(then, f);
                block(otherwise, f);
            }
            CStmt::Again => {}
            CStmt::NextMover { value, .. } => expr(value, f),
            CStmt::Let { value, .. } => expr(value, f),
            CStmt::For {
                domain: d,
                cond,
                body,
                ..
            } => {
                domain(d, f);
                expr(cond, f);
                block(body, f);
            }
            CStmt::Roll {
                target: t,
                domain: d,
                weights,
                ..
            } => {
                target(t, f);
                domain(d, f);
                match weights {
                    Some(CWeights::List(ws)) => ws.iter_mut().for_each(|w| expr(w, f)),
                    Some(CWeights::Of(w)) => expr(w, f),
                    None => {}
                }
            }
        }
    }
}

/// Rewrites a move's domains, guard and label (not its body: `block` does that).
pub fn move_head(m: &mut CMove, f: Rewrite) {
    m.domains.iter_mut().for_each(|d| domain(d, f));
    if let Some(g) = &mut m.guard {
        expr(g, f);
    }
    for part in m.label.iter_mut().flatten() {
        match part {
            LabelPart::Text(_) => {}
            LabelPart::Value { expr: e, .. } => expr(e, f),
            LabelPart::Square { row, col, .. } => {
                expr(row, f);
                expr(col, f);
            }
        }
    }
}

/// Rewrites every expression an outcome reads (not the outcome's form: `view` does that).
pub fn outcome(o: &mut COutcome, f: Rewrite) {
    match o {
        COutcome::LastMover { .. } | COutcome::Mover { .. } | COutcome::Tie => {}
        COutcome::Player { player, .. } => expr(player, f),
        COutcome::Each { cond, .. } => expr(cond, f),
        COutcome::Score { expr: e, .. } => expr(e, f),
        COutcome::If {
            cond,
            then,
            otherwise,
        } => {
            expr(cond, f);
            outcome(&mut then.0, f);
            outcome(&mut otherwise.0, f);
        }
    }
}
