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
