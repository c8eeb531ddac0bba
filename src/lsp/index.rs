//! The names of a parsed file: every declaration (with where it is visible and what hover shows
//! for it) and every use resolved to its declaration. Built from the syntax tree by `walk`;
//! hover, go to definition and completion read it.

use crate::syntax::ast::Span;

/// What a name declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Option,
    StateVar,
    EnumValue,
    Def,
    DefParam,
    Move,
    MoveParam,
    Let,
    ForVar,
    CompVar,
    EachVar,
    Throw,
}

impl Kind {
    /// A few words for the kind, as completion shows them.
    pub fn describe(self) -> &'static str {
        match self {
            Kind::Option => "option",
            Kind::StateVar => "state variable",
            Kind::EnumValue => "enumeration value",
            Kind::Def => "definition",
            Kind::DefParam => "parameter of a definition",
            Kind::Move => "move",
            Kind::MoveParam => "parameter of a move",
            Kind::Let => "local name (let)",
            Kind::ForVar => "loop variable",
            Kind::CompVar => "bound variable",
            Kind::EachVar => "player variable",
            Kind::Throw => "throw",
        }
    }
}

/// One declaration.
#[derive(Clone, Debug)]
pub struct Decl {
    pub name: String,
    pub kind: Kind,
    /// The name where it is declared.
    pub span: Span,
    /// Where the name can be used: `None` for the whole file.
    pub scope: Option<Span>,
    /// What hover shows (Markdown).
    pub hover: String,
}

/// One use of a name, resolved.
#[derive(Clone, Copy, Debug)]
pub struct Use {
    pub span: Span,
    pub decl: usize,
}

#[derive(Clone, Debug, Default)]
pub struct Index {
    pub decls: Vec<Decl>,
    pub uses: Vec<Use>,
}

impl Index {
    /// The index of a parsed file (`source` is its text, for the hover texts).
    pub fn of(file: &crate::syntax::ast::GameFile, source: &str) -> Index {
        super::walk::index(file, source)
    }

    /// The name at byte `offset` (a declaration or a use, the cursor touching it from either
    /// end): its span and the declaration it means.
    pub fn at(&self, offset: usize) -> Option<(Span, usize)> {
        let touches = |s: Span| s.start <= offset && offset <= s.end;
        let decls = self
            .decls
            .iter()
            .enumerate()
            .filter(|(_, d)| touches(d.span))
            .map(|(i, d)| (d.span, i));
        let uses = self
            .uses
            .iter()
            .filter(|u| touches(u.span))
            .map(|u| (u.span, u.decl));
        // A span the cursor is inside wins over one it only touches at the end (`a+b` at `+`).
        let all: Vec<(Span, usize)> = decls.chain(uses).collect();
        all.iter()
            .find(|(s, _)| offset < s.end)
            .or_else(|| all.first())
            .copied()
    }

    /// The declarations whose names can be used at `offset`: everything declared for the whole
    /// file (but moves, which no rule names) and the local names whose scope holds `offset`,
    /// declared before it. A name declared twice is given once (the innermost).
    pub fn in_scope(&self, offset: usize) -> Vec<&Decl> {
        let mut out: Vec<&Decl> = Vec::new();
        for d in self.decls.iter().rev() {
            let visible = match d.scope {
                None => d.kind != Kind::Move,
                Some(s) => s.start <= offset && offset <= s.end && d.span.end <= offset,
            };
            if visible && !out.iter().any(|o| o.name == d.name) {
                out.push(d);
            }
        }
        out.reverse();
        out
    }
}
