//! The expressions of the syntax tree: operators, comprehensions and the expression itself.

use super::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Or => "or",
            BinOp::And => "and",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Not,
}

#[derive(Clone, Debug)]
pub struct Comprehension {
    pub var: Ident,
    pub domain: Box<Domain>,
    pub cond: Box<Expr>,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Int(i64),
    Bool(bool),
    Name(String),
    Mover,
    Opponent,
    LastMover,
    Players,
    List(Vec<Expr>),
    Index(Box<Expr>, Box<Expr>),
    /// `board[row, col]`: a cell of a grid.
    Cell(Box<Expr>, Box<Expr>, Box<Expr>),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Call {
        func: Ident,
        args: Vec<Expr>,
    },
    Comprehension {
        func: Ident,
        comp: Comprehension,
    },
    /// `if C then A else B`: only the branch chosen is evaluated.
    If(Box<Expr>, Box<Expr>, Box<Expr>),
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

// ---------------------------------------------------------------- throw games

#[derive(Clone, Debug)]
pub struct ThrowsDecl {
    pub throws: Vec<ThrowDecl>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct ThrowDecl {
    pub name: Ident,
    pub display: Option<StrLit>,
}

#[derive(Clone, Debug)]
pub enum BeatsDecl {
    Edges { edges: Vec<Edge>, span: Span },
    OddStepsAhead(Span),
}

/// One line of `beats` as written: its words (WINNER VERB LOSER when well formed; the checker reads
/// them, so that a line with a word too many or too few is one problem) and its score.
#[derive(Clone, Debug)]
pub struct Edge {
    pub words: Vec<Ident>,
    pub score: Option<Score>,
    pub span: Span,
}

/// `scores N`, `scores 0.25` or `scores 1/4`, exactly as written: `numer / denom` (a denominator of
/// zero is the checker's to report).
#[derive(Clone, Debug)]
pub struct Score {
    pub numer: num_rational::BigRational,
    pub denom: num_rational::BigRational,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct RoundDecl {
    pub clauses: Vec<RoundClause>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundAction {
    EliminateLosers,
    EliminateBeatenUnlessAllBeaten,
    Rethrow,
}

#[derive(Clone, Debug)]
pub enum RoundCondition {
    ExactlyThrows(i64),
    Otherwise,
    Always,
}

#[derive(Clone, Debug)]
pub struct RoundClause {
    pub condition: RoundCondition,
    pub action: RoundAction,
    pub span: Span,
}
