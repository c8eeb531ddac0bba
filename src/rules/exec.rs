//! Statements: assignments (range-checked, logged so a move can be taken back), `if`, `let`,
//! `for` (counted against the step limits like a comprehension) and `again`.

use super::fault::{arith_at, R};
use super::*;

impl Ctx<'_> {
    /// Runs statements (no rolls: those belong to the setup and are expanded by the engine).
    pub fn exec(&mut self, stmts: &[CStmt]) -> R<()> {
        for s in stmts {
            match s {
                CStmt::Assign {
                    target,
                    op,
                    value,
                    span,
                } => {
                    let slot = self.target_slot(target)?;
                    let v = self.eval(value)?;
                    let old = self.slots[slot];
                    let new = match op {
                        COp::Set => v,
                        COp::Add => arith_at(ArithOp::Add, old, v, *span)?,
                        COp::Sub => arith_at(ArithOp::Sub, old, v, *span)?,
                        COp::Mul => arith_at(ArithOp::Mul, old, v, *span)?,
                    };
                    self.write(slot, new, *span)?;
                }
                CStmt::If {
                    cond,
                    then,
                    otherwise,
                } => {
                    if self.eval(cond)? != 0 {
                        self.exec(then)?;
                    } else {
                        self.exec(otherwise)?;
                    }
                }
                CStmt::Again => self.again = true,
                CStmt::NextMover {
                    value,
                    players,
                    span,
                } => {
                    let k = self.eval(value)?;
                    if !(1..=i64::from(*players)).contains(&k) {
                        let who = match players {
                            1 => "the one player is 1".to_string(),
                            2 => "the players are 1 and 2".to_string(),
                            n => format!("the players are 1 to {n}"),
                        };
                        return Err(RtError::new(
                            RtKind::BadPlayer,
                            *span,
                            format!("the move names player {k} to move next, but {who}"),
                        ));
                    }
                    self.again = k == self.mover;
                }
                CStmt::Let { local, value } => {
                    let v = self.eval(value)?;
                    self.locals[*local as usize] = v;
                }
                CStmt::For {
                    local,
                    domain,
                    cond,
                    body,
                    span,
                } => self.exec_for(*local, domain, cond, body, *span)?,
                CStmt::Roll {
                    target,
                    domain,
                    weights,
                    span,
                } => self.roll_in_play(target, domain, weights.as_ref(), *span)?,
            }
        }
        Ok(())
    }

    /// A `for` loop: its range is evaluated once, and counted like a comprehension's (each value
    /// takes a step, and the ranges around it multiply its size against `MAX_STEPS`).
    fn exec_for(
        &mut self,
        local: u16,
        domain: &CDomain,
        cond: &CExpr,
        body: &[CStmt],
        span: Span,
    ) -> R<()> {
        let (lo, hi) = (self.eval(&domain.lo)?, self.eval(&domain.hi)?);
        check_range(lo, hi, span)?;
        let size = range_size(lo, hi);
        let outer = self.scale;
        let steps = outer.saturating_mul(size);
        if steps > MAX_STEPS {
            return Err(RtError::new(
                RtKind::TooWide,
                span,
                format!("this loop takes {size} steps for each of {outer} values of the ranges around it; at most {MAX_STEPS} steps are allowed"),
            ));
        }
        self.scale = steps;
        let mut r = Ok(());
        for j in 0..size {
            r = self.charge(1, span).and_then(|()| {
                self.locals[local as usize] = lo + j as i64;
                match self.eval(cond)? != 0 {
                    true => self.exec(body),
                    false => Ok(()),
                }
            });
            if r.is_err() {
                break;
            }
        }
        self.scale = outer;
        r
    }

    /// Takes back every write since the log had `mark` entries.
    pub fn rollback(&mut self, mark: usize) {
        while self.undo.len() > mark {
            if let Some((slot, old)) = self.undo.pop() {
                self.slots[slot as usize] = old;
            }
        }
    }
}
