//! Statements: an assignment writes one variable or element and is range-checked at the moment it
//! is written (the index first, then the value); `if` chooses a block; `let` names a value for
//! the rest of its block; `for` runs a block for each value of a range; `again` keeps the turn.

use super::eval::{arith, invalid, Ctx, Val};
use super::MAX_STEPS;
use super::{Fault, FaultKind, Shape, R};
use crate::syntax::ast::{AssignOp, BinOp, Block, Domain, Expr, LValue, Stmt};

impl Ctx<'_> {
    /// Runs a block's statements in order. The setup runs its own rolls; a roll in a move's body
    /// takes the value this run's picks say (`rolls.rs`).
    pub fn run(&mut self, block: &Block) -> R<()> {
        let depth = self.locals.len();
        let r = self.run_stmts(block);
        self.locals.truncate(depth);
        r
    }

    /// A block's statements; the names its `let`s bind stay until `run` drops them.
    fn run_stmts(&mut self, block: &Block) -> R<()> {
        for s in &block.stmts {
            match s {
                Stmt::Let { name, value, .. } => {
                    let v = self.value(value)?;
                    if !matches!(
                        v,
                        Val::Int(_) | Val::Bool(_) | Val::Sym(_) | Val::Run { .. }
                    ) {
                        return Err(invalid(format!("`let {}` given {v:?}", name.name)));
                    }
                    self.locals.push((name.name.clone(), v));
                }
                Stmt::For {
                    var,
                    domain,
                    cond,
                    body,
                    ..
                } => self.run_for(&var.name, domain, cond.as_ref(), body)?,
                Stmt::Assign {
                    target, op, value, ..
                } => self.assign(target, *op, value)?,
                Stmt::If {
                    cond,
                    then,
                    otherwise,
                    ..
                } => {
                    if self.truth(cond)? {
                        self.run(then)?;
                    } else if let Some(other) = otherwise {
                        self.run(other)?;
                    }
                }
                Stmt::Again(_) => {
                    self.again = true;
                    self.next = Some(self.pos.mover);
                }
                Stmt::NextMover { value, .. } => {
                    let k = self.int(value)?;
                    if !(1..=i64::from(self.game.players)).contains(&k) {
                        return Err(Fault::new(
                            FaultKind::BadPlayer,
                            format!("there is no player {k} to move next"),
                        ));
                    }
                    self.again = k == i64::from(self.pos.mover);
                    self.next = Some(k as u8);
                }
                Stmt::Roll {
                    target,
                    domain,
                    weights,
                    ..
                } => self.roll_in_body(target, domain, weights.as_ref())?,
            }
        }
        Ok(())
    }

    /// A `for` loop: the range once, then the body for each value meeting the condition; its
    /// size times the ranges around it is held to `MAX_STEPS`, like a comprehension's.
    fn run_for(&mut self, var: &str, domain: &Domain, cond: Option<&Expr>, body: &Block) -> R<()> {
        // The lines of `lines(...)` are listed; a range of numbers is counted from its low end.
        let (listed, lo, size) = match self.bound_values(domain)? {
            Some(values) => {
                let n = values.len() as u64;
                (Some(values), 0, n)
            }
            None => {
                let (lo, hi) = self.domain(domain)?;
                let size = u64::try_from(i128::from(hi) - i128::from(lo) + 1).unwrap_or(0);
                (None, lo, size)
            }
        };
        let outer = self.scale;
        let steps = u128::from(outer) * u128::from(size);
        if steps > u128::from(MAX_STEPS) {
            return Err(Fault::new(
                FaultKind::TooWide,
                format!("a loop of {size} steps for each of {outer} values around"),
            ));
        }
        self.scale = steps as u64;
        let mut r = Ok(());
        for j in 0..size {
            let v = match &listed {
                Some(values) => values[j as usize].clone(),
                None => Val::Int(lo + j as i64),
            };
            self.locals.push((var.to_string(), v));
            r = match cond.map_or(Ok(true), |c| self.truth(c)) {
                Ok(true) => self.run(body),
                Ok(false) => Ok(()),
                Err(e) => Err(e),
            };
            self.locals.pop();
            if r.is_err() {
                break;
            }
        }
        self.scale = outer;
        r
    }

    fn assign(&mut self, target: &LValue, op: AssignOp, value: &Expr) -> R<()> {
        let k = self.place(target)?;
        let new = match self.value(value)? {
            Val::Bool(b) if op == AssignOp::Set => i64::from(b),
            Val::Sym(s) if op == AssignOp::Set => {
                let names = self
                    .game
                    .var(&target.name.name)
                    .and_then(|v| v.values.as_ref());
                let at = names.and_then(|ns| ns.iter().position(|n| *n == s));
                at.map(|k| k as i64).ok_or_else(|| {
                    invalid(format!("`{s}` is not a value of `{}`", target.name.name))
                })?
            }
            Val::Int(v) => {
                let old = self.read(&target.name.name, k)?;
                match op {
                    AssignOp::Set => v,
                    AssignOp::Add => arith(BinOp::Add, old, v)?,
                    AssignOp::Sub => arith(BinOp::Sub, old, v)?,
                    AssignOp::Mul => arith(BinOp::Mul, old, v)?,
                }
            }
            other => return Err(invalid(format!("cannot assign {other:?}"))),
        };
        self.write(&target.name.name, k, new)
    }

    /// Which element of the target variable an assignment or roll writes (0 for a scalar).
    pub fn place(&mut self, target: &LValue) -> R<usize> {
        let name = &target.name.name;
        let var = self.game.var(name).ok_or_else(|| invalid(name.as_str()))?;
        let (shape, len) = (var.shape, var.init.len());
        let Some(ix) = &target.index else {
            return Ok(0);
        };
        if let Some(col) = &target.col {
            let r = self.int(ix)?;
            let c = self.int(col)?;
            return self.cell_of(name, r, c);
        }
        let i = self.int(ix)?;
        let first = if shape == Shape::PerPlayer { 1 } else { 0 };
        let at = i128::from(i) - first;
        match usize::try_from(at).ok().filter(|k| *k < len) {
            Some(k) => Ok(k),
            None => Err(Fault::new(
                FaultKind::IndexOutOfBounds,
                format!("index {i} is outside `{name}`"),
            )),
        }
    }

    fn read(&self, name: &str, k: usize) -> R<i64> {
        let values = self.pos.vars.get(name).ok_or_else(|| invalid(name))?;
        values.get(k).copied().ok_or_else(|| invalid(name))
    }

    /// Writes element `k` of `name`, if `value` lies in the variable's range.
    pub fn write(&mut self, name: &str, k: usize, value: i64) -> R<()> {
        let var = self.game.var(name).ok_or_else(|| invalid(name))?;
        if value < var.lo || value > var.hi {
            return Err(Fault::new(
                FaultKind::OutOfRange,
                format!(
                    "`{name}` would become {value}, outside {}..={}",
                    var.lo, var.hi
                ),
            ));
        }
        let slot = self
            .pos
            .vars
            .get_mut(name)
            .and_then(|vs| vs.get_mut(k))
            .ok_or_else(|| invalid(name))?;
        *slot = value;
        Ok(())
    }
}
