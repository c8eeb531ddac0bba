//! The interpreter for compiled expressions and statements: checked arithmetic, range-checked
//! assignments with an undo log, so move generation can apply a move in place and take it back.

use super::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RtKind {
    OutOfRange,
    DivisionByZero,
    Overflow,
    IndexOutOfBounds,
    NoWinner,
    AmbiguousWinner,
    NoMoves,
    BadPlayer,
    /// A range or a position's moves too large to enumerate.
    TooWide,
    /// A roll's weights do not fit its outcomes: a wrong count, a negative weight, or all 0.
    BadWeights,
    /// A roll over an empty range: nothing to roll.
    EmptyRoll,
    /// The setup's rolls combine into more outcomes than gamec enumerates.
    TooManyOutcomes,
    /// Exploring has used up its steps (`--max-steps`): candidate moves and `count`/`any`/`all`
    /// values, counted over every position, not one.
    TooManySteps,
}

/// The most values a parameter, `count`/`any`/`all` or roll may range over at run time.
pub const MAX_RANGE: i64 = 1_000_000;

/// The most steps a `count`/`any`/`all` may take: its range's size times the sizes of the
/// parameter and comprehension ranges around it.
pub const MAX_STEPS: u64 = 10_000_000;

/// The default for `--max-steps`: how many candidate moves and `count`/`any`/`all` values one
/// exploration may visit in all (about 20 s of the slowest steps on this project's machine).
pub const DEFAULT_MAX_STEPS: u64 = 1_000_000_000;

/// Checks a run-time range's size, so a typo like `1..=99999999999` is an error, not a hang.
pub fn check_range(lo: i64, hi: i64, span: Span) -> Result<(), Box<RtError>> {
    let size = (hi as i128) - (lo as i128) + 1;
    if size > MAX_RANGE as i128 {
        return Err(RtError::new(
            RtKind::TooWide,
            span,
            format!(
                "this ranges over {size} values ({lo}..={hi}); at most {MAX_RANGE} are allowed"
            ),
        ));
    }
    Ok(())
}

/// How many values `lo..=hi` holds (0 when it is empty; 2^64 - 1 for the whole of i64).
/// Loops count up to this rather than step `lo` to `hi`: a range may end at `i64::MAX`, and
/// `for v in lo..=hi` is measurably slower in the move generator's innermost loop.
#[inline]
pub fn range_size(lo: i64, hi: i64) -> u64 {
    if hi < lo {
        0
    } else {
        // The difference fits in 64 unsigned bits; only the whole of i64 (2^64 values) does not.
        (hi.wrapping_sub(lo) as u64).saturating_add(1)
    }
}

/// A problem that shows only while exploring the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RtError {
    pub kind: RtKind,
    pub span: Span,
    pub message: String,
}

impl RtError {
    pub fn new(kind: RtKind, span: Span, message: impl Into<String>) -> Box<RtError> {
        Box::new(RtError {
            kind,
            span,
            message: message.into(),
        })
    }
}

type R<T> = Result<T, Box<RtError>>;

/// Checked integer arithmetic shared by constant folding and the interpreter.
#[inline]
pub fn arith(op: ArithOp, a: i64, b: i64) -> Result<i64, RtKind> {
    let r = match op {
        ArithOp::Add => a.checked_add(b),
        ArithOp::Sub => a.checked_sub(b),
        ArithOp::Mul => a.checked_mul(b),
        ArithOp::Div | ArithOp::Rem if b == 0 => return Err(RtKind::DivisionByZero),
        ArithOp::Div => a.checked_div_euclid(b),
        ArithOp::Rem => a.checked_rem_euclid(b),
    };
    r.ok_or(RtKind::Overflow)
}

#[inline]
fn arith_at(op: ArithOp, a: i64, b: i64, span: Span) -> R<i64> {
    match arith(op, a, b) {
        Ok(v) => Ok(v),
        Err(kind) => Err(arith_error(op, a, b, kind, span)),
    }
}

#[cold]
fn arith_error(op: ArithOp, a: i64, b: i64, kind: RtKind, span: Span) -> Box<RtError> {
    {
        let msg = match kind {
            RtKind::DivisionByZero => format!("division by zero ({a} {} 0)", op_symbol(op)),
            _ => format!("arithmetic overflow in {a} {} {b}", op_symbol(op)),
        };
        RtError::new(kind, span, msg)
    }
}

#[cold]
fn list_index_error(i: i64, len: usize, span: Span) -> Box<RtError> {
    RtError::new(
        RtKind::IndexOutOfBounds,
        span,
        format!(
            "index {i} is outside this list of {len} values (its indices are 0..={})",
            len as i64 - 1
        ),
    )
}

pub fn op_symbol(op: ArithOp) -> &'static str {
    match op {
        ArithOp::Add => "+",
        ArithOp::Sub => "-",
        ArithOp::Mul => "*",
        ArithOp::Div => "/",
        ArithOp::Rem => "%",
    }
}

/// Everything an expression can read, and the log that lets statements be undone.
pub struct Ctx<'a> {
    pub vars: &'a [VarInfo],
    pub ranges: &'a [(i64, i64)],
    pub slots: &'a mut [i64],
    pub locals: &'a mut [i64],
    pub mover: i64,
    pub last_mover: i64,
    /// (slot, old value) for every write, oldest first.
    pub undo: &'a mut Vec<(u32, i64)>,
    /// Set by `again`.
    pub again: bool,
    /// The product of the sizes of the parameter and comprehension ranges being iterated around
    /// the expression now evaluated (1 at the top): a comprehension's steps are its size times
    /// this, at most `MAX_STEPS`, so nested comprehensions cannot multiply into a hang.
    pub scale: u64,
    /// Steps left for the whole exploration (`--max-steps`): each candidate move and each value a
    /// `count`/`any`/`all` visits takes one, so total work is bounded, not only each position's.
    pub budget: u64,
}

impl Ctx<'_> {
    /// Takes `n` steps from the budget, or fails with `too_many_steps` (the budget is then 0).
    #[inline]
    pub fn charge(&mut self, n: u64, span: Span) -> R<()> {
        match self.budget.checked_sub(n) {
            Some(left) => {
                self.budget = left;
                Ok(())
            }
            None => {
                self.budget = 0;
                Err(RtError::new(
                    RtKind::TooManySteps,
                    span,
                    "exploring the game ran out of steps here",
                ))
            }
        }
    }

    pub fn eval(&mut self, e: &CExpr) -> R<i64> {
        Ok(match e {
            CExpr::Const(v) => *v,
            CExpr::Slot(s) => self.slots[*s as usize],
            CExpr::Elem {
                var,
                base,
                len,
                offset,
                index,
                span,
            } => {
                let i = self.eval(index)?;
                let slot = self.elem_slot(*var, *base, *len, *offset, i, *span)?;
                self.slots[slot]
            }
            CExpr::Local(l) => self.locals[*l as usize],
            CExpr::ListElem {
                values,
                index,
                span,
            } => {
                let i = self.eval(index)?;
                match usize::try_from(i).ok().and_then(|k| values.get(k)) {
                    Some(v) => *v,
                    None => return Err(list_index_error(i, values.len(), *span)),
                }
            }
            CExpr::ElemLocal {
                var,
                base,
                len,
                offset,
                local,
                span,
            } => {
                let i = self.locals[*local as usize];
                let slot = self.elem_slot(*var, *base, *len, *offset, i, *span)?;
                self.slots[slot]
            }
            CExpr::Mover => self.mover,
            CExpr::Opponent => 3 - self.mover,
            CExpr::LastMover => self.last_mover,
            CExpr::Neg(x, span) => {
                let v = self.eval(x)?;
                arith_at(ArithOp::Sub, 0, v, *span)?
            }
            CExpr::Not(x) => (self.eval(x)? == 0) as i64,
            CExpr::Arith(op, a, b, span) => {
                let (a, b) = (self.eval(a)?, self.eval(b)?);
                arith_at(*op, a, b, *span)?
            }
            CExpr::Cmp(op, a, b) => {
                let (a, b) = (self.eval(a)?, self.eval(b)?);
                (match op {
                    CmpOp::Eq => a == b,
                    CmpOp::Ne => a != b,
                    CmpOp::Lt => a < b,
                    CmpOp::Le => a <= b,
                    CmpOp::Gt => a > b,
                    CmpOp::Ge => a >= b,
                }) as i64
            }
            CExpr::And(a, b) => (self.eval(a)? != 0 && self.eval(b)? != 0) as i64,
            CExpr::Or(a, b) => (self.eval(a)? != 0 || self.eval(b)? != 0) as i64,
            CExpr::Sum { base, len, span } => {
                let mut total: i64 = 0;
                for s in *base..*base + *len {
                    total = arith_at(ArithOp::Add, total, self.slots[s as usize], *span)?;
                }
                total
            }
            CExpr::MinOf { base, len } => self.slots[*base as usize..(*base + *len) as usize]
                .iter()
                .copied()
                .min()
                .unwrap_or(0),
            CExpr::MaxOf { base, len } => self.slots[*base as usize..(*base + *len) as usize]
                .iter()
                .copied()
                .max()
                .unwrap_or(0),
            CExpr::Min(xs) => self.fold_values(xs, i64::min)?,
            CExpr::Max(xs) => self.fold_values(xs, i64::max)?,
            CExpr::Abs(x, span) => {
                let v = self.eval(x)?;
                v.checked_abs().ok_or_else(|| {
                    RtError::new(
                        RtKind::Overflow,
                        *span,
                        format!("arithmetic overflow in abs({v})"),
                    )
                })?
            }
            CExpr::Fold {
                fold,
                local,
                domain,
                cond,
                span,
            } => self.eval_fold(*fold, *local, domain, cond, *span)?,
        })
    }

    fn fold_values(&mut self, xs: &[CExpr], f: fn(i64, i64) -> i64) -> R<i64> {
        let mut acc: Option<i64> = None;
        for x in xs {
            let v = self.eval(x)?;
            acc = Some(acc.map_or(v, |a| f(a, v)));
        }
        Ok(acc.unwrap_or(0))
    }

    fn eval_fold(
        &mut self,
        fold: Fold,
        local: u16,
        domain: &CDomain,
        cond: &CExpr,
        span: Span,
    ) -> R<i64> {
        let (lo, hi) = (self.eval(&domain.lo)?, self.eval(&domain.hi)?);
        check_range(lo, hi, span)?;
        let size = range_size(lo, hi);
        let outer = self.scale;
        let steps = outer.saturating_mul(size);
        if steps > MAX_STEPS {
            return Err(RtError::new(
                RtKind::TooWide,
                span,
                format!("this takes {size} steps for each of {outer} values of the ranges around it; at most {MAX_STEPS} steps are allowed"),
            ));
        }
        self.scale = steps;
        let r = self.fold_steps(fold, local, lo, size, cond, span);
        self.scale = outer;
        r
    }

    fn fold_steps(
        &mut self,
        fold: Fold,
        local: u16,
        lo: i64,
        size: u64,
        cond: &CExpr,
        span: Span,
    ) -> R<i64> {
        let mut count = 0;
        for j in 0..size {
            self.charge(1, span)?;
            self.locals[local as usize] = lo + j as i64;
            let holds = self.eval(cond)? != 0;
            match fold {
                Fold::Any if holds => return Ok(1),
                Fold::All if !holds => return Ok(0),
                _ => count += holds as i64,
            }
        }
        Ok(match fold {
            Fold::Count => count,
            Fold::Any => 0,
            Fold::All => 1,
        })
    }

    #[inline]
    fn elem_slot(
        &self,
        var: u32,
        base: u32,
        len: u32,
        offset: i64,
        i: i64,
        span: Span,
    ) -> R<usize> {
        // Checked: an index of -2^63 minus the offset is simply out of bounds.
        let k = i.checked_sub(offset).unwrap_or(-1);
        if k < 0 || k >= len as i64 {
            let v = &self.vars[var as usize];
            let valid = if v.kind == VarKind::PerPlayer {
                format!("players are 1..={len}")
            } else {
                format!("its indices are 0..={}", len as i64 - 1)
            };
            return Err(RtError::new(
                RtKind::IndexOutOfBounds,
                span,
                format!("index {i} is outside `{}` ({valid})", v.name),
            ));
        }
        Ok(base as usize + k as usize)
    }

    #[inline]
    pub fn target_slot(&mut self, t: &CTarget) -> R<usize> {
        match &t.index {
            None => Ok(t.base as usize),
            Some(ix) => {
                let i = self.eval(ix)?;
                self.elem_slot(t.var, t.base, t.len, t.offset, i, t.span)
            }
        }
    }

    /// Writes `value` to `slot`, checking the declared range and logging the old value.
    #[inline]
    pub fn write(&mut self, slot: usize, value: i64, span: Span) -> R<()> {
        let (lo, hi) = self.ranges[slot];
        if value < lo || value > hi {
            return Err(self.range_error(slot, value, lo, hi, span));
        }
        self.undo.push((slot as u32, self.slots[slot]));
        self.slots[slot] = value;
        Ok(())
    }

    #[cold]
    fn range_error(&self, slot: usize, value: i64, lo: i64, hi: i64, span: Span) -> Box<RtError> {
        {
            let var = self
                .vars
                .iter()
                .find(|v| (slot as u32) >= v.base && (slot as u32) < v.base + v.len);
            let name = match var {
                Some(v) if v.kind == VarKind::Scalar => format!("`{}`", v.name),
                Some(v) if v.kind == VarKind::PerPlayer => {
                    format!("`{}[{}]`", v.name, slot as u32 - v.base + 1)
                }
                Some(v) => format!("`{}[{}]`", v.name, slot as u32 - v.base),
                None => "a variable".into(),
            };
            let shown = if var.is_some_and(|v| v.is_bool) {
                "0..=1".to_string()
            } else {
                format!("{lo}..={hi}")
            };
            RtError::new(
                RtKind::OutOfRange,
                span,
                format!("{name} would become {value}, outside its range {shown}"),
            )
        }
    }

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
                CStmt::Roll { .. } => {}
            }
        }
        Ok(())
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
