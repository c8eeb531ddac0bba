//! Expressions: name resolution, types, and compilation to `CExpr`, with every problem collected.
//! Built-in functions and ranged domains are in `builtins`, constants in `consts`.

use super::types::EnumInfo;
pub use super::types::{elem_ty, Ty};
use super::value::OptValue;
use crate::diag::{catalog, did_you_mean, Diag, Diagnostics};
use crate::rules::{CExpr, VarInfo, VarKind};
use crate::syntax::ast::{Expr, ExprKind, Span, UnOp};
use rustc_hash::FxHashMap;

pub struct OptInfo {
    pub name: String,
    pub value: OptValue,
    pub span: Span,
    /// The `--set NAME=VALUE` arguments this value comes from (its own, or those of the options
    /// its default uses), to name them when the value breaks something downstream.
    pub blame: Vec<String>,
}

/// What an expression may read: `Const` (options only, fixed before play) or `Rule` (the state too).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Const,
    Rule,
}

pub struct Typed {
    pub c: CExpr,
    pub ty: Ty,
}

pub(super) const BUILTINS: &[&str] = &[
    "sum",
    "min",
    "max",
    "len",
    "abs",
    "count",
    "any",
    "all",
    "first",
    "last",
    "indices",
    "rows",
    "cols",
    "lines",
    "cells",
    "neighbours",
    "orthogonal",
    "square",
];

/// The checker's context: what names mean, and what the rules have been seen to depend on.
/// Options and variables are added with `add_option` and `add_var`, which index them by name, so
/// that resolving a name takes the same time however many there are.
pub struct Cx {
    pub options: Vec<OptInfo>,
    pub vars: Vec<VarInfo>,
    pub(super) globals: FxHashMap<String, Res>,
    /// Parameters and bound variables in scope, innermost last: name, local, kind of value.
    locals: Vec<(String, u16, Ty)>,
    /// The enumerations of the state's variables, numbered as `Ty::Enum` numbers them.
    pub enums: Vec<EnumInfo>,
    /// Each enumeration of the state by where its `{` stands (`register_enums`).
    pub enum_at: FxHashMap<usize, u32>,
    /// The kinds of runs of cells used so far, numbered as `Ty::Run` numbers them.
    pub runs: Vec<super::types::RunInfo>,
    /// The file's definitions (`def`).
    pub defs: super::types::Defs,
    next_local: u16,
    pub max_locals: u16,
    /// Set when a rule reads whose turn it is (directly or through a per-player variable).
    pub uses_turn: bool,
    /// The players of the game: 2, or 1 for a puzzle (`solo`).
    pub players: u8,
    /// Names whose declaration failed: their uses are not reported again as unknown.
    pub poisoned: Vec<String>,
    /// Locals bound by `let` (true) or `for` (false), for what assigning one says.
    pub(super) bound_by: Vec<(u16, bool)>,
    /// Which state variables some rule reads (by index into `vars`).
    pub read: Vec<bool>,
    /// Steps left for evaluating every constant of the file (`count`/`any`/`all` values): the
    /// same bound on total work that `--max-steps` puts on exploring.
    pub steps_left: std::cell::Cell<u64>,
    /// The budget `steps_left` started from.
    pub max_steps: u64,
    /// Whether running out of those steps has been reported (it is reported once).
    pub steps_reported: std::cell::Cell<bool>,
}

#[derive(Clone, Copy)]
pub(super) enum Res {
    Local(u16),
    /// A value of enumeration `.0`: its position `.1`.
    EnumValue(u32, u32),
    Var(u32),
    Opt(usize),
}

impl Cx {
    pub fn new() -> Cx {
        Cx {
            options: Vec::new(),
            vars: Vec::new(),
            globals: FxHashMap::default(),
            locals: Vec::new(),
            enums: Vec::new(),
            enum_at: FxHashMap::default(),
            runs: Vec::new(),
            defs: Default::default(),
            next_local: 0,
            max_locals: 0,
            uses_turn: false,
            players: 2,
            poisoned: Vec::new(),
            bound_by: Vec::new(),
            read: Vec::new(),
            steps_left: std::cell::Cell::new(crate::rules::DEFAULT_MAX_STEPS),
            steps_reported: std::cell::Cell::new(false),
            max_steps: crate::rules::DEFAULT_MAX_STEPS,
        }
    }

    /// Adds an option; its name must not be declared already (see `declared`).
    pub fn add_option(&mut self, info: OptInfo) {
        let res = Res::Opt(self.options.len());
        self.globals.entry(info.name.clone()).or_insert(res);
        self.options.push(info);
    }

    /// Adds a state variable; its name must not be declared already (see `declared`).
    pub fn add_var(&mut self, info: VarInfo) {
        let res = Res::Var(self.vars.len() as u32);
        self.globals.entry(info.name.clone()).or_insert(res);
        self.vars.push(info);
    }

    /// Where an option or variable of this name was declared, if one was.
    pub fn declared(&self, name: &str) -> Option<Span> {
        match self.globals.get(name)? {
            Res::Var(i) => Some(self.vars[*i as usize].span),
            Res::Opt(i) => Some(self.options[*i].span),
            Res::Local(_) => None,
            Res::EnumValue(e, i) => Some(self.enums[*e as usize].spans[*i as usize]),
        }
    }

    /// The index of the state variable of this name.
    pub fn var_index(&self, name: &str) -> Option<usize> {
        match self.globals.get(name)? {
            Res::Var(i) => Some(*i as usize),
            _ => None,
        }
    }

    /// Whether an option of this name is declared.
    pub fn is_option(&self, name: &str) -> bool {
        matches!(self.globals.get(name), Some(Res::Opt(_)))
    }

    pub fn push_local(&mut self, name: &str) -> u16 {
        self.push_local_typed(name, Ty::Int)
    }

    /// A new local holding a value of kind `ty` (a condition as 0 or 1, an enumeration's value
    /// as its position).
    pub fn push_local_typed(&mut self, name: &str, ty: Ty) -> u16 {
        let l = self.next_local;
        // A number used again is bound afresh (by a parameter unless the caller says else).
        self.bound_by.retain(|&(k, _)| k != l);
        self.locals.push((name.to_string(), l, ty));
        self.next_local += 1;
        self.max_locals = self.max_locals.max(self.next_local);
        l
    }

    /// Takes every name bound so far out of scope (their locals stay reserved) for a definition's
    /// body; `restore_locals` brings them back.
    pub(super) fn hide_locals(&mut self) -> Vec<(String, u16, Ty)> {
        std::mem::take(&mut self.locals)
    }

    pub(super) fn restore_locals(&mut self, hidden: Vec<(String, u16, Ty)>) {
        self.locals = hidden;
    }

    /// Names an already reserved local (a definition's parameter, in its body, where the
    /// locals were hidden: `pop_locals` is not for these).
    pub(super) fn bind_local(&mut self, name: &str, local: u16, ty: Ty) {
        self.locals.push((name.to_string(), local, ty));
    }

    /// How many locals are in use: the next one reserved gets this number.
    pub(super) fn locals_in_use(&self) -> u16 {
        self.next_local
    }

    pub fn pop_locals(&mut self, n: usize) {
        for _ in 0..n {
            self.locals.pop();
            self.next_local -= 1;
        }
    }

    pub fn local_names(&self) -> Vec<String> {
        let named = self.locals.iter().filter(|(n, _, _)| !n.is_empty());
        named.map(|(n, _, _)| n.clone()).collect()
    }

    /// The kind of value local `l` holds (a number unless a definition's parameter says else).
    fn local_ty(&self, l: u16) -> Ty {
        let found = self.locals.iter().rev().find(|(_, k, _)| *k == l);
        found.map_or(Ty::Int, |(_, _, t)| t.clone())
    }

    pub(super) fn resolve(&self, name: &str) -> Option<Res> {
        if let Some((_, l, _)) = self.locals.iter().rev().find(|(n, _, _)| n == name) {
            return Some(Res::Local(*l));
        }
        self.globals.get(name).copied()
    }

    pub(super) fn unknown(&self, span: Span, name: &str) -> Diag {
        let mut names: Vec<String> = self.local_names();
        names.extend(self.vars.iter().map(|v| v.name.clone()));
        names.extend(self.options.iter().map(|o| o.name.clone()));
        // Enumeration values too (`emty` for `empty`), in a fixed order.
        let mut values: Vec<String> = (self.globals.iter())
            .filter(|(_, r)| matches!(r, Res::EnumValue(..)))
            .map(|(n, _)| n.clone())
            .collect();
        values.sort();
        names.append(&mut values);
        let mut kw = vec![
            "mover".to_string(),
            "opponent".to_string(),
            "players".to_string(),
        ];
        names.append(&mut kw);
        catalog::unknown_name(
            span,
            name,
            did_you_mean(name, names.iter().map(|s| s.as_str())),
        )
    }

    /// Compiles an expression of any type.
    pub fn expr(&mut self, e: &Expr, mode: Mode, d: &mut Diagnostics) -> Option<Typed> {
        let int = |c| Some(Typed { c, ty: Ty::Int });
        let boolean = |c| Some(Typed { c, ty: Ty::Bool });
        match &e.kind {
            ExprKind::Int(v) => int(CExpr::Const(*v)),
            ExprKind::Bool(b) => boolean(CExpr::Const(*b as i64)),
            ExprKind::Name(n) => self.name(n, e.span, mode, d),
            ExprKind::Mover | ExprKind::Opponent | ExprKind::LastMover => {
                if mode == Mode::Const {
                    d.push(catalog::not_constant(e.span, "whose turn it is"));
                    return None;
                }
                if self.players == 1 {
                    let opp = matches!(e.kind, ExprKind::Opponent);
                    return int(super::solo::turn_expr(e.span, opp, d)?);
                }
                if self.players > 2 && matches!(e.kind, ExprKind::Opponent) {
                    d.push(crate::diag::many::opponent(e.span, self.players));
                    return None;
                }
                self.uses_turn = true;
                int(match e.kind {
                    ExprKind::Mover => CExpr::Mover,
                    ExprKind::Opponent => CExpr::Opponent,
                    _ => CExpr::LastMover,
                })
            }
            ExprKind::Players => int(super::solo::players_const(self)),
            ExprKind::List(items) => {
                let mut vals = Vec::new();
                for it in items {
                    vals.push(self.const_int(it, d)?);
                }
                Some(Typed {
                    c: CExpr::Const(0),
                    ty: Ty::List(vals),
                })
            }
            ExprKind::Index(base, index) => self.index(base, index, e.span, mode, d),
            ExprKind::Cell(base, row, col) => self.cell(base, row, col, e.span, mode, d),
            ExprKind::Unary(UnOp::Neg, x) => {
                int(CExpr::Neg(Box::new(self.int(x, mode, d)?), e.span))
            }
            ExprKind::Unary(UnOp::Not, x) => boolean(CExpr::Not(Box::new(self.cond(x, mode, d)?))),
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, e.span, mode, d),
            // A definition refused for a built-in's name: its calls are not the built-in's.
            ExprKind::Call { func, .. } if self.defs.refused.contains(&func.name) => None,
            ExprKind::Call { func, args } if self.is_def(&func.name) => {
                self.call_def(&func.name, func.span, args, e.span, mode, d)
            }
            ExprKind::Call { func, args } => {
                self.call(&func.name, func.span, args, e.span, mode, d)
            }
            ExprKind::If(c, a, b) => self.if_expr(c, a, b, mode, d),
            ExprKind::Comprehension { func, comp } => {
                self.comprehension(func, comp, e.span, mode, d)
            }
        }
    }

    pub(super) fn name(
        &mut self,
        n: &str,
        span: Span,
        mode: Mode,
        d: &mut Diagnostics,
    ) -> Option<Typed> {
        match self.resolve(n) {
            None => {
                if !self.poisoned.iter().any(|p| p == n) {
                    d.push(self.unknown(span, n));
                }
                None
            }
            Some(Res::Local(l)) => Some(Typed {
                c: CExpr::Local(l),
                ty: self.local_ty(l),
            }),
            Some(Res::EnumValue(e, i)) => Some(Typed {
                c: CExpr::Const(i64::from(i)),
                ty: Ty::Enum(e),
            }),
            Some(Res::Opt(i)) => Some(match &self.options[i].value {
                OptValue::Int(v) => Typed {
                    c: CExpr::Const(*v),
                    ty: Ty::Int,
                },
                OptValue::Bool(b) => Typed {
                    c: CExpr::Const(*b as i64),
                    ty: Ty::Bool,
                },
                OptValue::List(vs) => Typed {
                    c: CExpr::Const(0),
                    ty: Ty::List(vs.clone()),
                },
                OptValue::Enum { id, index, .. } => Typed {
                    c: CExpr::Const(i64::from(*index)),
                    ty: Ty::Enum(*id),
                },
            }),
            Some(Res::Var(v)) => {
                if mode == Mode::Const {
                    d.push(catalog::not_constant(span, n));
                    return None;
                }
                if self.read.len() < self.vars.len() {
                    self.read.resize(self.vars.len(), false);
                }
                self.read[v as usize] = true;
                let info = &self.vars[v as usize];
                if info.kind == VarKind::PerPlayer {
                    self.uses_turn = true;
                }
                Some(match info.kind {
                    VarKind::Scalar => Typed {
                        c: CExpr::Slot(info.base),
                        ty: elem_ty(info),
                    },
                    _ => Typed {
                        c: CExpr::Const(0),
                        ty: Ty::Array(v),
                    },
                })
            }
        }
    }

    /// Compiles an expression that must be a number.
    pub fn int(&mut self, e: &Expr, mode: Mode, d: &mut Diagnostics) -> Option<CExpr> {
        let t = self.expr(e, mode, d)?;
        self.want(t, Ty::Int, e.span, d)
    }

    /// Compiles an expression that must be a condition.
    pub fn cond(&mut self, e: &Expr, mode: Mode, d: &mut Diagnostics) -> Option<CExpr> {
        let t = self.expr(e, mode, d)?;
        self.want(t, Ty::Bool, e.span, d)
    }

    pub(super) fn want(
        &self,
        t: Typed,
        want: Ty,
        span: Span,
        d: &mut Diagnostics,
    ) -> Option<CExpr> {
        if t.ty == want {
            return Some(t.c);
        }
        let help = match (&want, &t.ty) {
            (Ty::Bool, Ty::Int) => {
                "A condition compares values, like `pile == 0` or `n <= pile`.".to_string()
            }
            (Ty::Int, Ty::Bool) => {
                "Use a number here; a condition is only true or false.".to_string()
            }
            (_, Ty::Array(v)) => format!(
                "`{}` is an array: index it (`{}[i]`) or use `sum`, `min`, `max` or `len`.",
                self.vars[*v as usize].name, self.vars[*v as usize].name
            ),
            (_, Ty::Run(_)) => "This is a run of cells: range over its cells (`all(v in line where v == x)`), take one (`line[0]`) or count them (`len(line)`).".to_string(),
            (Ty::Enum(e), _) => format!(
                "Use one of its values: {}.",
                self.enums[*e as usize].names.join(", ")
            ),
            _ => "Use a single number or condition here.".to_string(),
        };
        let expected = match &want {
            Ty::Enum(e) => format!("one of {}", self.enums[*e as usize].names.join(", ")),
            other => other.describe().to_string(),
        };
        d.push(catalog::type_mismatch(
            span,
            &expected,
            t.ty.describe(),
            &help,
        ));
        None
    }
}
