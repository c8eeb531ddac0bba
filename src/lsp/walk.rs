//! Builds the `Index` of a file: declares the names every rule can use (`declare`), then walks
//! every rule with a stack of the local names in scope (parameters, `let`, loop and bound
//! variables), resolving each name used.

use super::declare::hover;
use super::index::{Decl, Index, Kind, Use};
use crate::syntax::ast::*;
use crate::syntax::label;
use std::collections::HashMap;

/// The index of `file`, whose text is `source`.
pub fn index(file: &GameFile, source: &str) -> Index {
    let mut w = Walker {
        src: source,
        ix: Index::default(),
        globals: HashMap::new(),
        locals: Vec::new(),
    };
    w.declare_globals(file);
    w.walk_rules(file);
    w.ix
}

pub(super) struct Walker<'a> {
    pub(super) src: &'a str,
    pub(super) ix: Index,
    pub(super) globals: HashMap<String, usize>,
    pub(super) locals: Vec<(String, usize)>,
}

impl<'a> Walker<'a> {
    pub(super) fn text(&self, s: Span) -> &'a str {
        self.src.get(s.start..s.end).unwrap_or("")
    }

    pub(super) fn add(
        &mut self,
        name: &Ident,
        kind: Kind,
        scope: Option<Span>,
        hover: String,
    ) -> usize {
        let i = self.ix.decls.len();
        self.ix.decls.push(Decl {
            name: name.name.clone(),
            kind,
            span: name.span,
            scope,
            hover,
        });
        if scope.is_none() {
            self.globals.entry(name.name.clone()).or_insert(i);
        }
        i
    }

    fn local(&mut self, name: &Ident, kind: Kind, scope: Span, hover: String) {
        let i = self.add(name, kind, Some(scope), hover);
        self.locals.push((name.name.clone(), i));
    }

    fn walk_rules(&mut self, file: &GameFile) {
        for o in &file.options {
            if let Some(OptionType::Range(r)) = &o.ty {
                self.range(r);
            }
            self.expr(&o.default);
        }
        for v in file.state.iter().flat_map(|b| &b.vars) {
            match &v.ty {
                VarType::Scalar(e) | VarType::PerPlayer(e, _) => self.elem(e),
                VarType::Array(e, len, _) => {
                    self.elem(e);
                    self.expr(len);
                }
                VarType::Grid(e, w, h, _) => {
                    self.elem(e);
                    self.expr(w);
                    self.expr(h);
                }
            }
            if let Some(init) = &v.init {
                self.expr(init);
            }
        }
        for d in &file.defs {
            let mark = self.locals.len();
            for p in &d.params {
                let h = hover(&p.name, &format!("parameter of `{}`", d.name.name));
                self.local(p, Kind::DefParam, d.span, h);
            }
            self.expr(&d.body);
            self.locals.truncate(mark);
        }
        for f in &file.first_movers {
            self.expr(&f.player);
        }
        for s in &file.setups {
            if let Some(p) = &s.by_player {
                self.expr(p);
            }
            self.block(&s.body);
        }
        for m in &file.moves {
            self.walk_move(m);
        }
        for e in &file.ends {
            if let EndCond::Expr(c) = &e.cond {
                self.expr(c);
            }
            self.outcome(&e.outcome);
        }
        for s in &file.symmetries {
            self.name(&s.var.name, s.var.span);
        }
        self.walk_beats(file);
    }

    fn walk_move(&mut self, m: &MoveDecl) {
        let mark = self.locals.len();
        for p in &m.params {
            self.domain(&p.domain);
            let code = format!("{} in {}", p.name.name, self.text(p.domain.span()));
            let h = hover(&code, &format!("parameter of move `{}`", m.name.name));
            self.local(&p.name, Kind::MoveParam, m.span, h);
        }
        if let Some(g) = &m.guard {
            self.expr(g);
        }
        if let Some(label) = &m.label {
            self.label(label);
        }
        self.block(&m.body);
        self.locals.truncate(mark);
    }

    /// The expressions in a label template's braces (`as "take {n} from heap {i}"`).
    fn label(&mut self, label: &StrLit) {
        for part in label::split(&label.value).0 {
            if let label::Part::Braced { start, inner, .. } = part {
                if let Ok(e) = label::parse_braced(label, start, &inner) {
                    self.expr(&e);
                }
            }
        }
    }

    /// The words of `beats` lines that name throws (the verb of a three-word line never does).
    fn walk_beats(&mut self, file: &GameFile) {
        for b in &file.beats {
            let BeatsDecl::Edges { edges, .. } = b else {
                continue;
            };
            for e in edges {
                for (k, w) in e.words.iter().enumerate() {
                    if e.words.len() == 3 && k == 1 {
                        continue;
                    }
                    if let Some(&d) = self.globals.get(&w.name) {
                        if self.ix.decls[d].kind == Kind::Throw {
                            self.ix.uses.push(Use {
                                span: w.span,
                                decl: d,
                            });
                        }
                    }
                }
            }
        }
    }

    fn elem(&mut self, e: &ElemType) {
        if let ElemType::Int(r) = e {
            self.range(r);
        }
    }

    fn range(&mut self, r: &Range) {
        self.expr(&r.lo);
        self.expr(&r.hi);
    }

    fn domain(&mut self, d: &Domain) {
        match d {
            Domain::Range(r) => self.range(r),
            Domain::Expr(e) => self.expr(e),
            Domain::Enum(..) => {}
        }
    }

    /// A use of `name` at `span`, if it names something.
    fn name(&mut self, name: &str, span: Span) {
        let local = self.locals.iter().rev().find(|(n, _)| n == name);
        let decl = local
            .map(|(_, i)| *i)
            .or_else(|| self.globals.get(name).copied());
        if let Some(decl) = decl {
            self.ix.uses.push(Use { span, decl });
        }
    }

    fn block(&mut self, b: &Block) {
        let mark = self.locals.len();
        for s in &b.stmts {
            self.stmt(s, b.span);
        }
        self.locals.truncate(mark);
    }

    fn lvalue(&mut self, l: &LValue) {
        self.name(&l.name.name, l.name.span);
        for e in l.index.iter().chain(&l.col) {
            self.expr(e);
        }
    }

    fn stmt(&mut self, s: &Stmt, block: Span) {
        match s {
            Stmt::Assign { target, value, .. } => {
                self.lvalue(target);
                self.expr(value);
            }
            Stmt::If {
                cond,
                then,
                otherwise,
                ..
            } => {
                self.expr(cond);
                self.block(then);
                if let Some(b) = otherwise {
                    self.block(b);
                }
            }
            Stmt::Again(_) => {}
            Stmt::NextMover { value, .. } => self.expr(value),
            Stmt::Let { name, value, span } => {
                self.expr(value);
                let h = hover(self.text(*span), "local name (`let`)");
                self.local(name, Kind::Let, Span::new(span.start, block.end), h);
            }
            Stmt::For {
                var,
                domain,
                cond,
                body,
                span,
            } => {
                self.domain(domain);
                let mark = self.locals.len();
                let code = format!("for {} in {}", var.name, self.text(domain.span()));
                self.local(var, Kind::ForVar, *span, hover(&code, "loop variable"));
                if let Some(c) = cond {
                    self.expr(c);
                }
                self.block(body);
                self.locals.truncate(mark);
            }
            Stmt::Roll {
                target,
                domain,
                weights,
                ..
            } => {
                self.lvalue(target);
                self.domain(domain);
                for w in weights.iter().flat_map(Weights::exprs) {
                    self.expr(w);
                }
            }
        }
    }

    /// `winner is each p where COND` or `score each p = EXPR`: `p` names each player in `e`.
    fn each_player(&mut self, words: &str, var: &Ident, at: Span, e: &Expr) {
        let mark = self.locals.len();
        let code = format!("{words} {}", var.name);
        self.local(var, Kind::EachVar, at, hover(&code, "player (1 or 2)"));
        self.expr(e);
        self.locals.truncate(mark);
    }

    fn outcome(&mut self, o: &Outcome) {
        match &o.kind {
            OutcomeKind::Player { player, .. } => self.expr(player),
            OutcomeKind::Each { var, cond } => {
                self.each_player("winner is each", var, o.span, cond)
            }
            OutcomeKind::Score { var, expr } => self.each_player("score each", var, o.span, expr),
            OutcomeKind::If {
                cond,
                then,
                otherwise,
            } => {
                self.expr(cond);
                self.outcome(then);
                self.outcome(otherwise);
            }
            OutcomeKind::LastMover { .. } | OutcomeKind::Mover { .. } | OutcomeKind::Tie => {}
        }
    }

    fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Name(n) => self.name(n, e.span),
            ExprKind::List(items) => items.iter().for_each(|i| self.expr(i)),
            ExprKind::Index(a, b) | ExprKind::Binary(_, a, b) => {
                self.expr(a);
                self.expr(b);
            }
            ExprKind::Cell(a, b, c) | ExprKind::If(a, b, c) => {
                self.expr(a);
                self.expr(b);
                self.expr(c);
            }
            ExprKind::Unary(_, a) => self.expr(a),
            ExprKind::Call { func, args } => {
                if let Some(&d) = self.globals.get(&func.name) {
                    if self.ix.decls[d].kind == Kind::Def {
                        self.ix.uses.push(Use {
                            span: func.span,
                            decl: d,
                        });
                    }
                }
                args.iter().for_each(|a| self.expr(a));
            }
            ExprKind::Comprehension { func, comp } => {
                self.domain(&comp.domain);
                let mark = self.locals.len();
                let code = format!("{} in {}", comp.var.name, self.text(comp.domain.span()));
                let h = hover(&code, &format!("bound by `{}`", func.name));
                self.local(&comp.var, Kind::CompVar, e.span, h);
                self.expr(&comp.cond);
                self.locals.truncate(mark);
            }
            ExprKind::Int(_)
            | ExprKind::Bool(_)
            | ExprKind::Mover
            | ExprKind::Opponent
            | ExprKind::LastMover
            | ExprKind::Players => {}
        }
    }
}
