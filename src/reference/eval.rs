//! Expressions, evaluated straight from the syntax tree. Names are looked up as the checker
//! resolves them: the innermost parameter or bound variable, then state variables, then options.
//! Arithmetic is checked; `/` and `%` are Euclidean; `and`/`or` short-circuit; operands are
//! evaluated left to right.

use super::{Fault, FaultKind, Game, OptVal, Position, Shape, Var, R};
use crate::syntax::ast::{BinOp, Expr, ExprKind, UnOp};

/// A value: a number, a condition, a list (option or literal), or a whole array or `per player`
/// variable (named), which only indexing and the built-ins can use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Val {
    Int(i64),
    Bool(bool),
    List(Vec<i64>),
    Whole(String),
    /// A value of an enumeration, by name.
    Sym(String),
    /// A run of a grid's cells: the grid's name and its cells' numbers (row by row), in order.
    Run {
        grid: String,
        cells: Vec<usize>,
    },
}

/// What an expression can see: the game, the position (changed in place by statements), the
/// names bound by parameters and comprehensions (innermost last), and whether `again` was said.
pub struct Ctx<'g> {
    pub game: &'g Game,
    pub pos: Position,
    pub locals: Vec<(String, Val)>,
    pub again: bool,
    /// Who moves next, as the last `again` (the mover) or `next mover = K` of a body says.
    pub next: Option<u8>,
    /// The product of the sizes of the parameter and comprehension ranges around the expression
    /// being evaluated (language.md: a comprehension takes at most `MAX_STEPS` steps, counting
    /// every value of the ranges around it).
    pub scale: u64,
    /// While a move's body runs: the values its rolls take in this run (`rolls.rs`).
    pub rolls: Option<super::rolls::Picks>,
}

/// The value named by an enumeration variable's stored position.
fn var_sym(names: &[String], v: i64) -> R<Val> {
    let name = usize::try_from(v).ok().and_then(|k| names.get(k));
    name.map(|n| Val::Sym(n.clone()))
        .ok_or_else(|| invalid(format!("no value {v} in {names:?}")))
}

pub(super) fn invalid(what: impl Into<String>) -> Fault {
    Fault::new(FaultKind::Invalid, what)
}

pub(super) fn overflow(what: &str) -> Fault {
    Fault::new(
        FaultKind::Overflow,
        format!("arithmetic overflow in {what}"),
    )
}

impl<'g> Ctx<'g> {
    pub fn new(game: &'g Game, pos: Position) -> Ctx<'g> {
        Ctx {
            game,
            pos,
            locals: Vec::new(),
            again: false,
            next: None,
            scale: 1,
            rolls: None,
        }
    }

    /// An expression that must be a number.
    pub fn int(&mut self, e: &Expr) -> R<i64> {
        match self.value(e)? {
            Val::Int(v) => Ok(v),
            other => Err(invalid(format!("expected a number, got {other:?}"))),
        }
    }

    /// An expression that must be a condition.
    pub fn truth(&mut self, e: &Expr) -> R<bool> {
        match self.value(e)? {
            Val::Bool(b) => Ok(b),
            other => Err(invalid(format!("expected a condition, got {other:?}"))),
        }
    }

    pub fn value(&mut self, e: &Expr) -> R<Val> {
        match &e.kind {
            ExprKind::Int(v) => Ok(Val::Int(*v)),
            ExprKind::Bool(b) => Ok(Val::Bool(*b)),
            ExprKind::Name(n) => self.name(n),
            ExprKind::Mover => Ok(Val::Int(i64::from(self.pos.mover))),
            ExprKind::Opponent => Ok(Val::Int(3 - i64::from(self.pos.mover))),
            ExprKind::LastMover => Ok(Val::Int(i64::from(self.pos.last_mover))),
            ExprKind::Players => Ok(Val::Int(i64::from(self.game.players))),
            ExprKind::List(items) => {
                let mut vs = Vec::new();
                for it in items {
                    vs.push(self.int(it)?);
                }
                Ok(Val::List(vs))
            }
            ExprKind::Index(base, index) => {
                let base = self.value(base)?;
                let i = self.int(index)?;
                let v = self.element(&base, i)?;
                self.typed(&base, v)
            }
            ExprKind::Cell(base, row, col) => {
                let base = self.value(base)?;
                let Val::Whole(name) = &base else {
                    return Err(invalid(format!("cannot index {base:?} by row and column")));
                };
                let (r, c) = (self.int(row)?, self.int(col)?);
                let k = self.cell_of(name, r, c)?;
                let v = self.element(&base, k as i64)?;
                self.typed(&base, v)
            }
            ExprKind::Unary(UnOp::Neg, x) => {
                let v = self.int(x)?;
                v.checked_neg()
                    .map(Val::Int)
                    .ok_or_else(|| overflow(&format!("-({v})")))
            }
            ExprKind::Unary(UnOp::Not, x) => Ok(Val::Bool(!self.truth(x)?)),
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b),
            ExprKind::Call { func, args } if self.game.def(&func.name).is_some() => {
                self.call_def(&func.name, args)
            }
            ExprKind::Call { func, args } => self.call(&func.name, args),
            ExprKind::If(c, a, b) => {
                if self.truth(c)? {
                    self.value(a)
                } else {
                    self.value(b)
                }
            }
            ExprKind::Comprehension { func, comp } => self.comprehension(&func.name, comp),
        }
    }

    /// A definition's call: the arguments are evaluated left to right, then the body with only
    /// the parameters bound (the caller's names are out of its sight).
    fn call_def(&mut self, name: &str, args: &[Expr]) -> R<Val> {
        let game = self.game;
        let def = game.def(name).ok_or_else(|| invalid(name))?;
        if def.params.len() != args.len() {
            return Err(invalid(format!("`{name}` with {} arguments", args.len())));
        }
        let mut bound = Vec::new();
        for (p, a) in def.params.iter().zip(args) {
            let v = self.value(a)?;
            if !matches!(
                v,
                Val::Int(_) | Val::Bool(_) | Val::Sym(_) | Val::Run { .. }
            ) {
                return Err(invalid(format!("`{name}` given {v:?}")));
            }
            bound.push((p.name.clone(), v));
        }
        let caller = std::mem::replace(&mut self.locals, bound);
        let r = self.value(&def.body);
        self.locals = caller;
        r
    }

    fn name(&self, n: &str) -> R<Val> {
        if let Some((_, v)) = self.locals.iter().rev().find(|(l, _)| l == n) {
            return Ok(v.clone());
        }
        if let Some(var) = self.game.var(n) {
            let values = self.pos.vars.get(n).ok_or_else(|| invalid(n))?;
            if let (Shape::Scalar, Some(names)) = (var.shape, &var.values) {
                let v = *values.first().ok_or_else(|| invalid(n))?;
                return var_sym(names, v);
            }
            return Ok(match (var.shape, var.is_bool) {
                (Shape::Scalar, true) => Val::Bool(values.first() == Some(&1)),
                (Shape::Scalar, false) => Val::Int(*values.first().ok_or_else(|| invalid(n))?),
                _ => Val::Whole(n.to_string()),
            });
        }
        match self.game.option(n) {
            Some(OptVal::Int(v)) => Ok(Val::Int(*v)),
            Some(OptVal::Bool(b)) => Ok(Val::Bool(*b)),
            Some(OptVal::List(vs)) => Ok(Val::List(vs.clone())),
            Some(OptVal::Sym(s)) => Ok(Val::Sym(s.clone())),
            None if self.game.is_enum_value(n) => Ok(Val::Sym(n.to_string())),
            None => Err(invalid(format!("unknown name `{n}`"))),
        }
    }

    /// Element `i` of a list, an array (indexed from 0) or a `per player` variable (from 1).
    /// An element's value as its variable holds it: a number, a condition or an enumeration's value.
    pub(super) fn typed(&self, base: &Val, v: i64) -> R<Val> {
        let var = match base {
            Val::Whole(name) | Val::Run { grid: name, .. } => self.game.var(name),
            _ => None,
        };
        match var {
            Some(var) if var.is_bool => Ok(Val::Bool(v == 1)),
            Some(Var {
                values: Some(names),
                ..
            }) => var_sym(names, v),
            _ => Ok(Val::Int(v)),
        }
    }

    /// The element of grid `name` at row `r`, column `c` (the row checked first).
    pub fn cell_of(&self, name: &str, r: i64, c: i64) -> R<usize> {
        let var = self.game.var(name).ok_or_else(|| invalid(name))?;
        let Shape::Grid { cols } = var.shape else {
            return Err(invalid(format!("`{name}` is not a grid")));
        };
        let rows = var.init.len() / cols;
        let fits = |x: i64, n: usize| usize::try_from(x).ok().filter(|x| *x < n);
        let Some(r) = fits(r, rows) else {
            return Err(Fault::new(
                FaultKind::IndexOutOfBounds,
                format!("row {r} is outside `{name}`"),
            ));
        };
        let Some(c) = fits(c, cols) else {
            return Err(Fault::new(
                FaultKind::IndexOutOfBounds,
                format!("column {c} is outside `{name}`"),
            ));
        };
        Ok(r * cols + c)
    }

    pub fn element(&self, base: &Val, i: i64) -> R<i64> {
        if let Val::Run { grid, cells } = base {
            let values = self
                .pos
                .vars
                .get(grid)
                .ok_or_else(|| invalid(grid.as_str()))?;
            let cell = usize::try_from(i).ok().and_then(|j| cells.get(j));
            return match cell.and_then(|k| values.get(*k)) {
                Some(v) => Ok(*v),
                None => Err(Fault::new(
                    FaultKind::IndexOutOfBounds,
                    format!("index {i} is outside a run of {} cells", cells.len()),
                )),
            };
        }
        let (values, first, what) = match base {
            Val::List(vs) => (vs.clone(), 0, "this list".to_string()),
            Val::Whole(name) => {
                let var = self.game.var(name).ok_or_else(|| invalid(name.as_str()))?;
                let first = if var.shape == Shape::PerPlayer { 1 } else { 0 };
                let values = self.pos.vars.get(name).cloned().unwrap_or_default();
                (values, first, format!("`{name}`"))
            }
            other => return Err(invalid(format!("cannot index {other:?}"))),
        };
        let at = i128::from(i) - i128::from(first);
        match usize::try_from(at).ok().and_then(|k| values.get(k)) {
            Some(v) => Ok(*v),
            None => Err(Fault::new(
                FaultKind::IndexOutOfBounds,
                format!("index {i} is outside {what}"),
            )),
        }
    }

    fn binary(&mut self, op: BinOp, a: &Expr, b: &Expr) -> R<Val> {
        match op {
            BinOp::And => Ok(Val::Bool(self.truth(a)? && self.truth(b)?)),
            BinOp::Or => Ok(Val::Bool(self.truth(a)? || self.truth(b)?)),
            BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Rem => {
                let x = self.int(a)?;
                let y = self.int(b)?;
                arith(op, x, y).map(Val::Int)
            }
            _ => {
                let x = self.value(a)?;
                let y = self.value(b)?;
                let ordering = match (&x, &y) {
                    (Val::Int(p), Val::Int(q)) => p.cmp(q),
                    (Val::Bool(p), Val::Bool(q)) if matches!(op, BinOp::Eq | BinOp::Ne) => p.cmp(q),
                    (Val::Sym(p), Val::Sym(q)) if matches!(op, BinOp::Eq | BinOp::Ne) => p.cmp(q),
                    _ => return Err(invalid(format!("cannot compare {x:?} and {y:?}"))),
                };
                Ok(Val::Bool(match op {
                    BinOp::Eq => ordering.is_eq(),
                    BinOp::Ne => ordering.is_ne(),
                    BinOp::Lt => ordering.is_lt(),
                    BinOp::Le => ordering.is_le(),
                    BinOp::Gt => ordering.is_gt(),
                    _ => ordering.is_ge(),
                }))
            }
        }
    }
}

/// Checked arithmetic; `/` and `%` are Euclidean (the remainder is never negative).
pub fn arith(op: BinOp, x: i64, y: i64) -> R<i64> {
    if matches!(op, BinOp::Div | BinOp::Rem) && y == 0 {
        return Err(Fault::new(
            FaultKind::DivisionByZero,
            format!("division by zero ({x} {} 0)", op.symbol()),
        ));
    }
    let r = match op {
        BinOp::Add => x.checked_add(y),
        BinOp::Sub => x.checked_sub(y),
        BinOp::Mul => x.checked_mul(y),
        BinOp::Div => x.checked_div_euclid(y),
        BinOp::Rem => x.checked_rem_euclid(y),
        _ => return Err(invalid(format!("`{}` is not arithmetic", op.symbol()))),
    };
    r.ok_or_else(|| overflow(&format!("{x} {} {y}", op.symbol())))
}
