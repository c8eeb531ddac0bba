//! The proof that the rules treat a colour swap alike (`swap A B`: the two values exchanged in
//! the variables that declare it, together with the players), read off the compiled rules. Each
//! expression is given a class that says how its value in the swapped position relates to its
//! value in the position as it is, faults included:
//! - **fixed**: the same value (a constant, a parameter, a cell's index, `board[r, c] == empty`);
//! - **a value**: the same value swapped (`board[r, c]` of a swapped grid; `mark(mover)` written
//!   `if p == 1 then x else o`, since the player flips which branch is taken);
//! - **a player**: the other player (`mover`, `opponent`, `last mover`).
//!
//! A comparison of two values, or of two players, by `==` or `!=` is fixed, and so is one of a
//! value with a constant the swap leaves alone; arithmetic and order need fixed operands. The
//! swap is proven when every end's condition is fixed and its outcome names players only
//! relatively (or by a player expression), every move's domains and guard are fixed, and each
//! write to a swapped variable writes a value (or a constant the swap leaves alone), to another
//! variable something fixed, and to a `per player` variable at a player (the swap exchanges its
//! two values). Then each move of a position maps to the same move of its swap with the child
//! swapped, and each end to the same end: the position and its swap play alike.

use super::*;

/// How an expression's value in the swapped position relates to its value in the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Fixed,
    /// A value of a variable whose values `.0` and `.1` the swap exchanges.
    Value(i64, i64),
    Player,
    /// One of two constants, the other in the swapped position: a value of a swapped pair or a
    /// player (`1` and `2`), whichever it is used as (`.0 < .1`).
    Pair(i64, i64),
    /// Nothing known: the proof fails where this is needed.
    Other,
}

use Class::*;

/// Whether the rules treat every `swap` declared alike (two players and the turn recorded, no
/// scores, no labels worked out while exploring, no chance or simultaneous moves).
pub fn proves_swap(rules: &Rules) -> bool {
    let swaps: Vec<(u32, (i64, i64))> = rules
        .symmetries
        .iter()
        .filter_map(|s| s.swap.map(|(a, b)| (s.var, (a.min(b), a.max(b)))))
        .collect();
    // Without the turn recorded, the swap exchanges the values alone (`engine::swap`).
    if swaps.is_empty()
        || rules.players != 2
        || !rules.turn_matters
        || rules.scored
        || rules.labels_checked
    {
        return false;
    }
    let w = Walk { rules, swaps };
    let none = Env::default();
    let ends = rules.ends.iter().all(|e| {
        e.cond.as_ref().is_none_or(|c| w.expr(c, &none) == Fixed) && w.outcome(&e.outcome, &none)
    });
    ends && rules.moves.iter().all(|m| w.family(m))
}

/// The classes of the locals in scope (the latest binding of a local counts).
#[derive(Clone, Default)]
struct Env(Vec<(u16, Class)>);

impl Env {
    fn get(&self, l: u16) -> Class {
        self.0
            .iter()
            .rev()
            .find(|(x, _)| *x == l)
            .map_or(Other, |(_, c)| *c)
    }
    fn with(&self, l: u16, c: Class) -> Env {
        let mut e = self.clone();
        e.0.push((l, c));
        e
    }
}

struct Walk<'a> {
    rules: &'a Rules,
    /// Each swapped variable and the two values it exchanges.
    swaps: Vec<(u32, (i64, i64))>,
}

impl Walk<'_> {
    fn swapped(&self, var: u32) -> Option<(i64, i64)> {
        self.swaps.iter().find(|(v, _)| *v == var).map(|(_, p)| *p)
    }

    fn var_of(&self, slot: u32) -> Option<u32> {
        self.rules
            .vars
            .iter()
            .position(|v| slot >= v.base && slot < v.base + v.len)
            .map(|k| k as u32)
    }

    /// What an element of variable `var` read at an index of class `index` is.
    fn elem(&self, var: u32, index: Class) -> Class {
        let per_player = self.rules.vars[var as usize].kind == VarKind::PerPlayer;
        match (self.swapped(var), per_player, index) {
            (Some((a, b)), _, Fixed) => Value(a, b),
            // The swap exchanges the two values: the other player's is this one's.
            (None, true, i) if i.player() => Fixed,
            (None, false, Fixed) => Fixed,
            _ => Other,
        }
    }

    /// What the cells of a table of runs hold: one swapped variable's values, or fixed values.
    fn cells(&self, t: &RunTable) -> Class {
        let slots: Vec<u32> = match t {
            RunTable::Straight { len, runs } => runs
                .iter()
                .flat_map(|&(s, step)| (0..*len).map(move |k| s + k * step))
                .collect(),
            RunTable::Listed { slots, .. } => slots.to_vec(),
        };
        let mut classes = slots.iter().map(|&s| match self.var_of(s) {
            Some(v) => self.elem(v, Fixed),
            None => Other,
        });
        let first = classes.next().unwrap_or(Fixed);
        match classes.all(|c| c == first) {
            true => first,
            false => Other,
        }
    }

    fn fixed(&self, es: &[&CExpr], env: &Env) -> Class {
        match es.iter().all(|e| self.expr(e, env) == Fixed) {
            true => Fixed,
            false => Other,
        }
    }

    fn expr(&self, e: &CExpr, env: &Env) -> Class {
        match e {
            CExpr::Const(_) => Fixed,
            CExpr::Slot(s) => match self.var_of(*s) {
                Some(v) if self.rules.vars[v as usize].kind != VarKind::PerPlayer => {
                    self.elem(v, Fixed)
                }
                _ => Other,
            },
            CExpr::Elem { var, index, .. } => self.elem(*var, self.expr(index, env)),
            CExpr::ElemLocal { var, local, .. } => self.elem(*var, env.get(*local)),
            CExpr::Local(l) => env.get(*l),
            CExpr::ListElem { index, .. } => self.fixed(&[index], env),
            CExpr::Mover | CExpr::Opponent | CExpr::LastMover => Player,
            CExpr::Neg(a, _) | CExpr::Not(a) | CExpr::Abs(a, _) => self.fixed(&[a], env),
            CExpr::Arith(_, a, b, _) | CExpr::And(a, b) | CExpr::Or(a, b) => {
                self.fixed(&[a, b], env)
            }
            CExpr::GridIndex { row, col, .. } => self.fixed(&[row, col], env),
            CExpr::RunLen { run, .. } => self.fixed(&[run], env),
            CExpr::Min(xs) | CExpr::Max(xs) => self.fixed(&xs.iter().collect::<Vec<_>>(), env),
            CExpr::Sum { base, len, .. }
            | CExpr::MinOf { base, len }
            | CExpr::MaxOf { base, len } => {
                let fixed = (*base..base + len).all(|s| self.expr(&CExpr::Slot(s), env) == Fixed);
                if fixed {
                    Fixed
                } else {
                    Other
                }
            }
            CExpr::Cmp(op, a, b) => self.cmp(*op, a, b, env),
            CExpr::Fold {
                local,
                domain,
                cond,
                ..
            } => {
                let inner = env.with(*local, Fixed);
                match self.fixed(&[&domain.lo, &domain.hi], env) == Fixed
                    && self.expr(cond, &inner) == Fixed
                {
                    true => Fixed,
                    false => Other,
                }
            }
            CExpr::Cond(c, a, b) => self.cond(c, a, b, env),
            CExpr::Let { local, value, body } => {
                self.expr(body, &env.with(*local, self.expr(value, env)))
            }
            CExpr::RunFold {
                fold,
                local,
                runs,
                run,
                cond,
                cmp,
                ..
            } => {
                let cell = self.cells(runs);
                let decided = match cmp {
                    Some(op) => self.compare(*op, cell, self.expr(cond, env), None, Some(cond)),
                    None => self.expr(cond, &env.with(*local, cell)),
                };
                // `first` and `last` give a cell's value: fixed only if the cells are.
                let value = match fold {
                    Fold::First | Fold::Last => cell,
                    Fold::Count | Fold::Any | Fold::All => Fixed,
                };
                match self.expr(run, env) == Fixed && decided == Fixed && value == Fixed {
                    true => Fixed,
                    false => Other,
                }
            }
            CExpr::RunElem {
                runs, run, index, ..
            } => match self.fixed(&[run, index], env) {
                Fixed => self.cells(runs),
                _ => Other,
            },
        }
    }

    fn cmp(&self, op: CmpOp, a: &CExpr, b: &CExpr, env: &Env) -> Class {
        let (ca, cb) = (self.expr(a, env), self.expr(b, env));
        self.compare(op, ca, cb, Some(a), Some(b))
    }

    /// A comparison of operands of classes `ca` and `cb` (the expressions, where known, for
    /// constants the swap leaves alone).
    fn compare(
        &self,
        op: CmpOp,
        ca: Class,
        cb: Class,
        a: Option<&CExpr>,
        b: Option<&CExpr>,
    ) -> Class {
        if ca == Fixed && cb == Fixed {
            return Fixed;
        }
        if !matches!(op, CmpOp::Eq | CmpOp::Ne) {
            return Other;
        }
        match (ca, cb) {
            (Value(x, y) | Pair(x, y), _) if cb.value_of((x, y)) => Fixed,
            (_, Value(x, y) | Pair(x, y)) if ca.value_of((x, y)) => Fixed,
            (Player, Player) => Fixed,
            (Value(x, y) | Pair(x, y), Fixed) if b.is_some_and(|b| kept(b, (x, y))) => Fixed,
            (Fixed, Value(x, y) | Pair(x, y)) if a.is_some_and(|a| kept(a, (x, y))) => Fixed,
            _ => Other,
        }
    }

    /// `if c then a else b`.
    fn cond(&self, c: &CExpr, a: &CExpr, b: &CExpr, env: &Env) -> Class {
        if self.expr(c, env) == Fixed {
            let (ca, cb) = (self.expr(a, env), self.expr(b, env));
            return match (ca, cb) {
                (Value(x, y) | Pair(x, y), Fixed) if kept(b, (x, y)) => ca,
                (Fixed, Value(x, y) | Pair(x, y)) if kept(a, (x, y)) => cb,
                _ => ca.join(cb),
            };
        }
        // `if p == 1 then x else o` with `p` a player: the swap takes the other branch, so the
        // result is swapped when the branches are the two values (or the two players).
        let flips = match c {
            CExpr::Cmp(CmpOp::Eq | CmpOp::Ne, l, r) => {
                // A player, always 1 or 2 (not a value that may be neither).
                let player_one_of = |p: &CExpr, k: &CExpr| {
                    matches!(self.expr(p, env), Player | Pair(1, 2))
                        && matches!(k, CExpr::Const(1 | 2))
                };
                player_one_of(l, r) || player_one_of(r, l)
            }
            _ => false,
        };
        let (CExpr::Const(x), CExpr::Const(y), true) = (a, b, flips) else {
            return Other;
        };
        match (*x, *y) {
            (x, y) if x == y => Fixed,
            (x, y) => Pair(x.min(y), x.max(y)),
        }
    }

    fn outcome(&self, o: &COutcome, env: &Env) -> bool {
        match o {
            COutcome::LastMover { .. } | COutcome::Mover { .. } | COutcome::Tie => true,
            COutcome::Player { player, .. } => self.expr(player, env).player(),
            COutcome::Each { local, cond } => self.expr(cond, &env.with(*local, Player)) == Fixed,
            COutcome::Score { .. } => false,
            COutcome::If {
                cond,
                then,
                otherwise,
            } => {
                self.expr(cond, env) == Fixed
                    && self.outcome(&then.0, env)
                    && self.outcome(&otherwise.0, env)
            }
        }
    }

    fn family(&self, m: &CMove) -> bool {
        if m.chance || m.together {
            return false;
        }
        // A move's instance is the same move in the swapped position: its parameters are fixed.
        let mut env = Env::default();
        for (k, d) in m.domains.iter().enumerate() {
            if self.fixed(&[&d.lo, &d.hi], &env) != Fixed {
                return false;
            }
            env = env.with(k as u16, Fixed);
        }
        m.guard.as_ref().is_none_or(|g| self.expr(g, &env) == Fixed) && self.block(&m.body, env)
    }

    fn block(&self, stmts: &[CStmt], mut env: Env) -> bool {
        for s in stmts {
            let ok = match s {
                CStmt::Assign {
                    target, op, value, ..
                } => self.assign(target, *op, value, &env),
                CStmt::If {
                    cond,
                    then,
                    otherwise,
                } => {
                    self.expr(cond, &env) == Fixed
                        && self.block(then, env.clone())
                        && self.block(otherwise, env.clone())
                }
                CStmt::Again => true,
                CStmt::NextMover { value, .. } => self.expr(value, &env).player(),
                CStmt::Let { local, value } => {
                    env = env.with(*local, self.expr(value, &env));
                    true
                }
                CStmt::For {
                    local,
                    domain,
                    cond,
                    body,
                    ..
                } => {
                    let inner = env.with(*local, Fixed);
                    self.fixed(&[&domain.lo, &domain.hi], &env) == Fixed
                        && self.expr(cond, &inner) == Fixed
                        && self.block(body, inner)
                }
                CStmt::Roll { .. } => false,
            };
            if !ok {
                return false;
            }
        }
        true
    }

    /// A write: a swapped variable takes a value (or a constant the swap leaves alone), a `per
    /// player` variable something fixed at a player, any other something fixed.
    fn assign(&self, t: &CTarget, op: COp, value: &CExpr, env: &Env) -> bool {
        let index = t.index.as_ref().map_or(Fixed, |i| self.expr(i, env));
        let per_player = self.rules.vars[t.var as usize].kind == VarKind::PerPlayer;
        let v = self.expr(value, env);
        match (self.swapped(t.var), per_player) {
            (Some(p), _) => {
                op == COp::Set
                    && index == Fixed
                    && (v.value_of(p) || (v == Fixed && kept(value, p)))
            }
            (None, true) => index.player() && v == Fixed,
            (None, false) => index == Fixed && v == Fixed,
        }
    }
}

impl Class {
    /// Whether it is a value of the swapped pair `p` (a player is one of the pair 1 and 2: the
    /// swap exchanges those values as it exchanges the players).
    fn value_of(self, p: (i64, i64)) -> bool {
        self == Value(p.0, p.1) || self == Pair(p.0, p.1) || (self == Player && p == (1, 2))
    }
    /// Whether it is a player (a value of the pair 1 and 2 that is not a player's number is
    /// refused alike in both positions).
    fn player(self) -> bool {
        self.value_of((1, 2))
    }
    /// The class of an expression that is one of `self` and `other`, as `if` chooses.
    fn join(self, other: Class) -> Class {
        match (self, other) {
            _ if self == other => self,
            (Value(a, b), Pair(c, d)) | (Pair(c, d), Value(a, b)) if (a, b) == (c, d) => {
                Value(a, b)
            }
            (Player, Pair(1, 2)) | (Pair(1, 2), Player) => Player,
            (Player, Value(1, 2)) | (Value(1, 2), Player) => Value(1, 2),
            _ => Other,
        }
    }
}

/// Whether `e` is a constant the swap of `p` leaves alone.
fn kept(e: &CExpr, p: (i64, i64)) -> bool {
    matches!(e, CExpr::Const(c) if *c != p.0 && *c != p.1)
}
