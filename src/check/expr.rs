//! Expressions: name resolution, types, and compilation to `CExpr`, with every problem collected.

use super::options::OptValue;
use crate::diag::{catalog, did_you_mean, Diag, Diagnostics};
use crate::rules::{ArithOp, CDomain, CExpr, CmpOp, Ctx, Fold, RtKind, VarInfo, VarKind};
use crate::syntax::ast::{BinOp, Domain, Expr, ExprKind, Range, RangeKind, Span, UnOp};

pub struct OptInfo {
    pub name: String,
    pub value: OptValue,
    pub span: Span,
}

/// What an expression may read: `Const` (options only, fixed before play) or `Rule` (the state too).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Const,
    Rule,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Ty {
    Int,
    Bool,
    Array(u32),
    List(Vec<i64>),
}

impl Ty {
    fn describe(&self) -> &'static str {
        match self {
            Ty::Int => "a number",
            Ty::Bool => "a condition (true or false)",
            Ty::Array(_) => "a whole array",
            Ty::List(_) => "a list",
        }
    }
}

pub struct Typed {
    pub c: CExpr,
    pub ty: Ty,
}

const BUILTINS: &[&str] = &[
    "sum", "min", "max", "len", "abs", "count", "any", "all", "indices",
];

/// The checker's context: what names mean, and what the rules have been seen to depend on.
pub struct Cx {
    pub options: Vec<OptInfo>,
    pub vars: Vec<VarInfo>,
    locals: Vec<(String, u16)>,
    next_local: u16,
    pub max_locals: u16,
    /// Set when a rule reads whose turn it is (directly or through a per-player variable).
    pub uses_turn: bool,
    /// Names whose declaration failed: their uses are not reported again as unknown.
    pub poisoned: Vec<String>,
}

enum Res {
    Local(u16),
    Var(u32),
    Opt(usize),
}

impl Cx {
    pub fn new() -> Cx {
        Cx {
            options: Vec::new(),
            vars: Vec::new(),
            locals: Vec::new(),
            next_local: 0,
            max_locals: 0,
            uses_turn: false,
            poisoned: Vec::new(),
        }
    }

    pub fn push_local(&mut self, name: &str) -> u16 {
        let l = self.next_local;
        self.locals.push((name.to_string(), l));
        self.next_local += 1;
        self.max_locals = self.max_locals.max(self.next_local);
        l
    }

    pub fn pop_locals(&mut self, n: usize) {
        for _ in 0..n {
            self.locals.pop();
            self.next_local -= 1;
        }
    }

    pub fn local_names(&self) -> Vec<String> {
        self.locals.iter().map(|(n, _)| n.clone()).collect()
    }

    fn resolve(&self, name: &str) -> Option<Res> {
        if let Some((_, l)) = self.locals.iter().rev().find(|(n, _)| n == name) {
            return Some(Res::Local(*l));
        }
        if let Some(i) = self.vars.iter().position(|v| v.name == name) {
            return Some(Res::Var(i as u32));
        }
        self.options
            .iter()
            .position(|o| o.name == name)
            .map(Res::Opt)
    }

    fn unknown(&self, span: Span, name: &str) -> Diag {
        let mut names: Vec<String> = self.local_names();
        names.extend(self.vars.iter().map(|v| v.name.clone()));
        names.extend(self.options.iter().map(|o| o.name.clone()));
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
                self.uses_turn = true;
                int(match e.kind {
                    ExprKind::Mover => CExpr::Mover,
                    ExprKind::Opponent => CExpr::Opponent,
                    _ => CExpr::LastMover,
                })
            }
            ExprKind::Players => int(CExpr::Const(2)),
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
            ExprKind::Unary(UnOp::Neg, x) => {
                int(CExpr::Neg(Box::new(self.int(x, mode, d)?), e.span))
            }
            ExprKind::Unary(UnOp::Not, x) => boolean(CExpr::Not(Box::new(self.cond(x, mode, d)?))),
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, e.span, mode, d),
            ExprKind::Call { func, args } => {
                self.call(&func.name, func.span, args, e.span, mode, d)
            }
            ExprKind::Comprehension { func, comp } => {
                let fold = match func.name.as_str() {
                    "count" => Fold::Count,
                    "any" => Fold::Any,
                    "all" => Fold::All,
                    other => {
                        d.push(catalog::wrong_arguments(
                            e.span,
                            other,
                            "plain arguments (only count, any and all take `x in ... where ...`)",
                        ));
                        return None;
                    }
                };
                let domain = self.domain(&comp.domain, mode, d);
                let local = self.push_local(&comp.var.name);
                let cond = self.cond(&comp.cond, mode, d);
                self.pop_locals(1);
                let c = CExpr::Fold {
                    fold,
                    local,
                    domain: Box::new(domain?),
                    cond: Box::new(cond?),
                    span: e.span,
                };
                if fold == Fold::Count {
                    int(c)
                } else {
                    boolean(c)
                }
            }
        }
    }

    fn name(&mut self, n: &str, span: Span, mode: Mode, d: &mut Diagnostics) -> Option<Typed> {
        match self.resolve(n) {
            None => {
                if !self.poisoned.iter().any(|p| p == n) {
                    d.push(self.unknown(span, n));
                }
                None
            }
            Some(Res::Local(l)) => Some(Typed {
                c: CExpr::Local(l),
                ty: Ty::Int,
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
            }),
            Some(Res::Var(v)) => {
                if mode == Mode::Const {
                    d.push(catalog::not_constant(span, n));
                    return None;
                }
                let info = &self.vars[v as usize];
                if info.kind == VarKind::PerPlayer {
                    self.uses_turn = true;
                }
                Some(match info.kind {
                    VarKind::Scalar => Typed {
                        c: CExpr::Slot(info.base),
                        ty: if info.is_bool { Ty::Bool } else { Ty::Int },
                    },
                    _ => Typed {
                        c: CExpr::Const(0),
                        ty: Ty::Array(v),
                    },
                })
            }
        }
    }

    fn index(
        &mut self,
        base: &Expr,
        index: &Expr,
        span: Span,
        mode: Mode,
        d: &mut Diagnostics,
    ) -> Option<Typed> {
        let b = self.expr(base, mode, d)?;
        let i = self.int(index, mode, d)?;
        match b.ty {
            Ty::Array(v) => {
                let info = &self.vars[v as usize];
                let offset = if info.kind == VarKind::PerPlayer {
                    1
                } else {
                    0
                };
                let c = match i {
                    CExpr::Local(local) => CExpr::ElemLocal {
                        var: v,
                        base: info.base,
                        len: info.len,
                        offset,
                        local,
                        span,
                    },
                    i => CExpr::Elem {
                        var: v,
                        base: info.base,
                        len: info.len,
                        offset,
                        index: Box::new(i),
                        span,
                    },
                };
                Some(Typed {
                    c,
                    ty: if info.is_bool { Ty::Bool } else { Ty::Int },
                })
            }
            Ty::List(vs) => {
                let k = self.eval_const(&i, index.span, d)?;
                match vs.get(k as usize).filter(|_| k >= 0) {
                    Some(v) => Some(Typed {
                        c: CExpr::Const(*v),
                        ty: Ty::Int,
                    }),
                    None => {
                        d.push(
                            Diag::error(
                                "gamec::index_out_of_bounds",
                                format!("index {k} is outside this list of {} values", vs.len()),
                            )
                            .label(index.span, "out of bounds")
                            .help(format!(
                                "Indices of this list are 0..={}.",
                                vs.len() as i64 - 1
                            )),
                        );
                        None
                    }
                }
            }
            other => {
                d.push(catalog::type_mismatch(
                    base.span,
                    "an array",
                    other.describe(),
                    "Only arrays (`[LO..=HI; LEN]`), `per player` variables and list options can be indexed.",
                ));
                None
            }
        }
    }

    fn binary(
        &mut self,
        op: BinOp,
        a: &Expr,
        b: &Expr,
        span: Span,
        mode: Mode,
        d: &mut Diagnostics,
    ) -> Option<Typed> {
        let arith = |o| Some(o);
        let aop = match op {
            BinOp::Add => arith(ArithOp::Add),
            BinOp::Sub => arith(ArithOp::Sub),
            BinOp::Mul => arith(ArithOp::Mul),
            BinOp::Div => arith(ArithOp::Div),
            BinOp::Rem => arith(ArithOp::Rem),
            _ => None,
        };
        if let Some(aop) = aop {
            let (x, y) = (self.int(a, mode, d), self.int(b, mode, d));
            return Some(Typed {
                c: CExpr::Arith(aop, Box::new(x?), Box::new(y?), span),
                ty: Ty::Int,
            });
        }
        if matches!(op, BinOp::And | BinOp::Or) {
            let (x, y) = (self.cond(a, mode, d), self.cond(b, mode, d));
            let (x, y) = (Box::new(x?), Box::new(y?));
            return Some(Typed {
                c: if op == BinOp::And {
                    CExpr::And(x, y)
                } else {
                    CExpr::Or(x, y)
                },
                ty: Ty::Bool,
            });
        }
        let cop = match op {
            BinOp::Eq => CmpOp::Eq,
            BinOp::Ne => CmpOp::Ne,
            BinOp::Lt => CmpOp::Lt,
            BinOp::Le => CmpOp::Le,
            BinOp::Gt => CmpOp::Gt,
            _ => CmpOp::Ge,
        };
        let (x, y) = (self.expr(a, mode, d), self.expr(b, mode, d));
        let (x, y) = (x?, y?);
        let ordered = !matches!(cop, CmpOp::Eq | CmpOp::Ne);
        let ok = match (&x.ty, &y.ty) {
            (Ty::Int, Ty::Int) => true,
            (Ty::Bool, Ty::Bool) => !ordered,
            _ => false,
        };
        if !ok {
            let bad = if x.ty != Ty::Int && (ordered || x.ty != Ty::Bool) {
                (a, &x.ty)
            } else {
                (b, &y.ty)
            };
            d.push(catalog::type_mismatch(
                bad.0.span,
                if ordered {
                    "a number"
                } else {
                    "a value of the same kind on both sides"
                },
                bad.1.describe(),
                &format!(
                    "`{}` compares two numbers (or, for == and !=, two conditions).",
                    op.symbol()
                ),
            ));
            return None;
        }
        Some(Typed {
            c: CExpr::Cmp(cop, Box::new(x.c), Box::new(y.c)),
            ty: Ty::Bool,
        })
    }

    fn call(
        &mut self,
        func: &str,
        fspan: Span,
        args: &[Expr],
        span: Span,
        mode: Mode,
        d: &mut Diagnostics,
    ) -> Option<Typed> {
        if !BUILTINS.contains(&func) {
            d.push(catalog::unknown_function(
                fspan,
                func,
                did_you_mean(func, BUILTINS.iter().copied()),
            ));
            return None;
        }
        let int = |c| Some(Typed { c, ty: Ty::Int });
        match (func, args) {
            ("sum" | "min" | "max" | "len", [one]) => {
                let t = self.expr(one, mode, d)?;
                match t.ty {
                    Ty::Array(v) => {
                        let info = &self.vars[v as usize];
                        let (base, len) = (info.base, info.len);
                        int(match func {
                            "sum" => CExpr::Sum { base, len, span },
                            "min" => CExpr::MinOf { base, len },
                            "max" => CExpr::MaxOf { base, len },
                            _ => CExpr::Const(len as i64),
                        })
                    }
                    Ty::List(vs) => {
                        let v = match func {
                            "sum" => vs.iter().try_fold(0i64, |a, b| a.checked_add(*b)),
                            "min" => vs.iter().copied().min(),
                            "max" => vs.iter().copied().max(),
                            _ => Some(vs.len() as i64),
                        };
                        match v {
                            Some(v) => int(CExpr::Const(v)),
                            None => {
                                d.push(catalog::wrong_arguments(
                                    span,
                                    func,
                                    "a list that is not empty",
                                ));
                                None
                            }
                        }
                    }
                    Ty::Int if func == "min" || func == "max" => int(t.c),
                    _ => {
                        d.push(catalog::wrong_arguments(
                            span,
                            func,
                            "one array or list, like `sum(heap)`",
                        ));
                        None
                    }
                }
            }
            ("min" | "max", many) if many.len() >= 2 => {
                let mut cs = Vec::new();
                for a in many {
                    cs.push(self.int(a, mode, d));
                }
                let cs: Option<Vec<CExpr>> = cs.into_iter().collect();
                int(if func == "min" {
                    CExpr::Min(cs?)
                } else {
                    CExpr::Max(cs?)
                })
            }
            ("abs", [one]) => int(CExpr::Abs(Box::new(self.int(one, mode, d)?), span)),
            ("indices", _) => {
                d.push(catalog::misplaced_statement(
                    span,
                    "indices(...)",
                    "after `in`, as what a parameter or `count(i in ...)` ranges over",
                ));
                None
            }
            ("count" | "any" | "all", _) => {
                d.push(catalog::wrong_arguments(
                    span,
                    func,
                    "`x in RANGE where CONDITION`",
                ));
                None
            }
            _ => {
                let wanted = match func {
                    "abs" => "one number",
                    _ => "one array or list, or (min and max) two or more numbers",
                };
                d.push(catalog::wrong_arguments(span, func, wanted));
                None
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

    fn want(&self, t: Typed, want: Ty, span: Span, d: &mut Diagnostics) -> Option<CExpr> {
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
            _ => "Use a single number or condition here.".to_string(),
        };
        d.push(catalog::type_mismatch(
            span,
            want.describe(),
            t.ty.describe(),
            &help,
        ));
        None
    }

    /// Evaluates a compiled constant expression, reporting arithmetic problems at `span`.
    pub fn eval_const(&self, c: &CExpr, span: Span, d: &mut Diagnostics) -> Option<i64> {
        let mut slots: [i64; 0] = [];
        let mut locals = vec![0i64; self.max_locals as usize + 1];
        let mut undo = Vec::new();
        let mut ctx = Ctx {
            vars: &self.vars,
            ranges: &[],
            slots: &mut slots,
            locals: &mut locals,
            mover: 1,
            last_mover: 2,
            undo: &mut undo,
            again: false,
        };
        match ctx.eval(c) {
            Ok(v) => Some(v),
            Err(e) => {
                let code = match e.kind {
                    RtKind::DivisionByZero => "gamec::division_by_zero",
                    _ => "gamec::overflow",
                };
                d.push(Diag::error(code, e.message).label(span, "in this constant").help(
                    "Constants are computed before play; change the expression or the options.",
                ));
                None
            }
        }
    }

    pub fn const_int(&mut self, e: &Expr, d: &mut Diagnostics) -> Option<i64> {
        let c = self.int(e, Mode::Const, d)?;
        self.eval_const(&c, e.span, d)
    }

    /// A constant of any kind: number, condition or list (for option defaults and initial values).
    pub fn const_value(&mut self, e: &Expr, d: &mut Diagnostics) -> Option<OptValue> {
        let t = self.expr(e, Mode::Const, d)?;
        match t.ty {
            Ty::Int => Some(OptValue::Int(self.eval_const(&t.c, e.span, d)?)),
            Ty::Bool => Some(OptValue::Bool(self.eval_const(&t.c, e.span, d)? != 0)),
            Ty::List(vs) => Some(OptValue::List(vs)),
            Ty::Array(_) => None,
        }
    }

    /// A range fixed before play, as inclusive bounds; reports an empty one.
    pub fn const_range(
        &mut self,
        r: &Range,
        mode: Mode,
        d: &mut Diagnostics,
    ) -> Option<(i64, i64)> {
        let _ = mode;
        let lo = self.const_int(&r.lo, d);
        let hi = self.const_int(&r.hi, d);
        let (lo, mut hi) = (lo?, hi?);
        if r.kind == RangeKind::Exclusive {
            hi = hi.checked_sub(1)?;
        }
        if lo > hi {
            d.push(catalog::bad_range(r.span, lo, hi));
            return None;
        }
        Some((lo, hi))
    }

    /// What a parameter, roll or comprehension ranges over, as an inclusive run-time range.
    pub fn domain(&mut self, dom: &Domain, mode: Mode, d: &mut Diagnostics) -> Option<CDomain> {
        match dom {
            Domain::Range(r) => {
                let (lo, hi) = (self.int(&r.lo, mode, d), self.int(&r.hi, mode, d));
                let (lo, hi) = (lo?, hi?);
                let hi = match r.kind {
                    RangeKind::Inclusive => hi,
                    RangeKind::Exclusive => CExpr::Arith(
                        ArithOp::Sub,
                        Box::new(hi),
                        Box::new(CExpr::Const(1)),
                        r.span,
                    ),
                };
                Some(CDomain {
                    lo,
                    hi,
                    span: r.span,
                })
            }
            Domain::Expr(e) => match &e.kind {
                ExprKind::Players => Some(CDomain {
                    lo: CExpr::Const(1),
                    hi: CExpr::Const(2),
                    span: e.span,
                }),
                ExprKind::Call { func, args } if func.name == "indices" && args.len() == 1 => {
                    let t = self.expr(&args[0], mode, d)?;
                    let len = match t.ty {
                        Ty::Array(v) => self.vars[v as usize].len as i64,
                        Ty::List(vs) => vs.len() as i64,
                        _ => {
                            d.push(catalog::wrong_arguments(
                                e.span,
                                "indices",
                                "one array, like `indices(heap)`",
                            ));
                            return None;
                        }
                    };
                    Some(CDomain {
                        lo: CExpr::Const(0),
                        hi: CExpr::Const(len - 1),
                        span: e.span,
                    })
                }
                _ => {
                    d.push(catalog::bad_domain(e.span));
                    None
                }
            },
        }
    }
}
