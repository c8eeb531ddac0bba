//! Whether a game's rules depend on whose turn it is, read from the rules as written: some
//! expression says `mover`, `opponent` or `last mover`, or names a `per player` variable, or an
//! outcome is `player N wins/loses` or `winner is each` (docs/language.md, "Semantics the solver
//! relies on"); and whether some move says `again`.

use super::label::Piece;
use super::{Game, Shape};
use crate::syntax::ast::{
    Block, Domain, EndCond, Expr, ExprKind, Outcome, OutcomeKind, Stmt, Weights,
};

pub(super) fn mentions_turn(game: &Game) -> bool {
    let mut w = Walk {
        game,
        bound: Vec::new(),
    };
    let setup = game.setup.as_ref().is_some_and(|s| w.block(&s.body));
    let moves = game.moves.iter().enumerate().any(|(k, m)| {
        let mut w = Walk {
            game,
            bound: Vec::new(),
        };
        let mut any = false;
        for p in &m.params {
            any |= w.domain(&p.domain);
            w.bound.push(p.name.name.clone());
        }
        // A label that shows whose turn it is depends on it too.
        let pieces = game.labels.get(k).into_iter().flatten().flatten();
        let label = pieces.fold(false, |acc, p| {
            acc | match p {
                Piece::Text(_) => false,
                Piece::Value(e) => w.expr(e),
                Piece::Square(r, c) => w.expr(r) | w.expr(c),
            }
        });
        any || label || m.guard.as_ref().is_some_and(|g| w.expr(g)) || w.block(&m.body)
    });
    let ends = game.ends.iter().any(|e| {
        let cond = match &e.cond {
            EndCond::NoMoves(_) => false,
            EndCond::Expr(x) => w.expr(x),
        };
        cond | outcome(&mut w, &e.outcome)
    });
    setup || moves || ends
}

/// Whether an outcome names a player by number or by condition (or chooses by a condition that
/// mentions the turn).
fn outcome(w: &mut Walk, o: &Outcome) -> bool {
    match &o.kind {
        OutcomeKind::Player { .. } | OutcomeKind::Each { .. } | OutcomeKind::Score { .. } => true,
        OutcomeKind::If {
            cond,
            then,
            otherwise,
        } => w.expr(cond) | outcome(w, then) | outcome(w, otherwise),
        _ => false,
    }
}

pub(super) fn has_again(game: &Game) -> bool {
    fn block(b: &Block) -> bool {
        b.stmts.iter().any(|s| match s {
            Stmt::Again(_) | Stmt::NextMover { .. } => true,
            Stmt::If {
                then, otherwise, ..
            } => block(then) || otherwise.as_ref().is_some_and(block),
            Stmt::For { body, .. } => block(body),
            _ => false,
        })
    }
    game.moves.iter().any(|m| block(&m.body))
}

/// A walk over rules, knowing which names parameters and comprehensions bind.
struct Walk<'g> {
    game: &'g Game,
    bound: Vec<String>,
}

impl Walk<'_> {
    fn per_player(&self, name: &str) -> bool {
        !self.bound.iter().any(|b| b == name)
            && self
                .game
                .var(name)
                .is_some_and(|v| v.shape == Shape::PerPlayer)
    }

    fn expr(&mut self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Mover | ExprKind::Opponent | ExprKind::LastMover => true,
            ExprKind::Name(n) => self.per_player(n),
            ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::Players => false,
            ExprKind::Call { func, args } if self.game.def(&func.name).is_some() => {
                let args = args.iter().fold(false, |acc, x| acc | self.expr(x));
                let game = self.game;
                let def = game.def(&func.name).map(|d| (&d.params, &d.body));
                let body = def.is_some_and(|(params, body)| {
                    let names = params.iter().map(|p| p.name.clone()).collect();
                    let caller = std::mem::replace(&mut self.bound, names);
                    let r = self.expr(body);
                    self.bound = caller;
                    r
                });
                args | body
            }
            ExprKind::List(xs) | ExprKind::Call { args: xs, .. } => xs.iter().any(|x| self.expr(x)),
            ExprKind::If(c, a, b) | ExprKind::Cell(c, a, b) => {
                self.expr(c) | self.expr(a) | self.expr(b)
            }
            ExprKind::Index(a, b) | ExprKind::Binary(_, a, b) => self.expr(a) | self.expr(b),
            ExprKind::Unary(_, a) => self.expr(a),
            ExprKind::Comprehension { comp, .. } => {
                let dom = self.domain(&comp.domain);
                self.bound.push(comp.var.name.clone());
                let cond = self.expr(&comp.cond);
                self.bound.pop();
                dom || cond
            }
        }
    }

    fn domain(&mut self, d: &Domain) -> bool {
        match d {
            Domain::Range(r) => self.expr(&r.lo) | self.expr(&r.hi),
            Domain::Expr(e) => self.expr(e),
            Domain::Enum(..) => false,
        }
    }

    fn block(&mut self, b: &Block) -> bool {
        let depth = self.bound.len();
        let r = b.stmts.iter().any(|s| match s {
            // Whether the named player is the mover decides whether the turn is kept.
            Stmt::NextMover { .. } => true,
            Stmt::Let { name, value, .. } => {
                let v = self.expr(value);
                self.bound.push(name.name.clone());
                v
            }
            Stmt::For {
                var,
                domain,
                cond,
                body,
                ..
            } => {
                let dom = self.domain(domain);
                self.bound.push(var.name.clone());
                let c = cond.as_ref().is_some_and(|c| self.expr(c));
                let b = self.block(body);
                self.bound.pop();
                dom | c | b
            }
            Stmt::Assign { target, value, .. } => {
                let index = target.index.as_ref().is_some_and(|i| self.expr(i))
                    | target.col.as_ref().is_some_and(|c| self.expr(c));
                self.game
                    .var(&target.name.name)
                    .is_some_and(|v| v.shape == Shape::PerPlayer)
                    | index
                    | self.expr(value)
            }
            Stmt::If {
                cond,
                then,
                otherwise,
                ..
            } => {
                self.expr(cond)
                    | self.block(then)
                    | otherwise.as_ref().is_some_and(|o| self.block(o))
            }
            Stmt::Again(_) => false,
            Stmt::Roll {
                target,
                domain,
                weights,
                ..
            } => {
                let index = target.index.as_ref().is_some_and(|i| self.expr(i))
                    | target.col.as_ref().is_some_and(|c| self.expr(c));
                let ws = weights
                    .iter()
                    .flat_map(Weights::exprs)
                    .any(|w| self.expr(w));
                self.game
                    .var(&target.name.name)
                    .is_some_and(|v| v.shape == Shape::PerPlayer)
                    | index
                    | self.domain(domain)
                    | ws
            }
        });
        self.bound.truncate(depth);
        r
    }
}
