//! The typed syntax tree of a `.game` file: plain data with byte spans, no meaning attached yet.
//! Declarations, statements and outcomes here; expressions in `expr`; a throw game's
//! declarations in `throws`.

mod expr;
mod throws;
pub use expr::*;
pub use throws::*;

/// A byte range in the source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }
    pub fn join(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
    pub fn len(self) -> usize {
        self.end - self.start
    }
    pub fn is_empty(self) -> bool {
        self.end == self.start
    }
}

impl From<Span> for miette::SourceSpan {
    fn from(s: Span) -> Self {
        (s.start, s.len()).into()
    }
}

/// A name as written, with where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct StrLit {
    pub value: String,
    pub span: Span,
}

/// One whole file: a game of either family. Which family is decided by the checker from the items.
#[derive(Clone, Debug, Default)]
pub struct GameFile {
    pub name: StrLit,
    pub span: Span,
    pub about: Vec<StrLit>,
    pub options: Vec<OptionDecl>,
    pub defs: Vec<DefDecl>,
    pub players: Vec<PlayersDecl>,
    pub first_movers: Vec<FirstMover>,
    pub state: Vec<StateBlock>,
    pub setups: Vec<Setup>,
    pub moves: Vec<MoveDecl>,
    pub ends: Vec<EndRule>,
    pub symmetries: Vec<SymmetryDecl>,
    pub throws: Vec<ThrowsDecl>,
    pub beats: Vec<BeatsDecl>,
    pub ties_allowed: Vec<Span>,
    pub rounds: Vec<RoundDecl>,
}

/// `symmetry VAR: KIND, KIND`: transformations of one variable the rules treat alike.
#[derive(Clone, Debug)]
pub struct SymmetryDecl {
    pub var: Ident,
    pub kinds: Vec<(SymmetryKind, Span)>,
    /// The permutations listed (`permutation [2, 0, 1]`): where element k goes, for each k.
    pub perms: Vec<Vec<u64>>,
    /// The pairs of values swapped (`swap x o`), each as written: a value's name or a number.
    pub swaps: Vec<[(String, Span); 2]>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SymmetryKind {
    /// Quarter turns of a square grid.
    Rotations,
    /// Every reflection the grid's shape has.
    Reflections,
    /// Left to right: a grid's columns or an array's elements in reverse order.
    Mirror,
    /// Top to bottom: a grid's rows in reverse order.
    Flip,
    /// An array's elements in any order.
    AnyOrder,
    /// `permutation [...]`: the declaration's listed permutation number k (in `perms`).
    Permutation(u32),
    /// `swap A B`: the declaration's swapped pair number k (in `swaps`), with the players.
    Swap(u32),
}

#[derive(Clone, Debug)]
pub struct OptionDecl {
    pub name: Ident,
    pub ty: Option<OptionType>,
    pub default: Expr,
    pub span: Span,
}

/// `def NAME(PARAMS) = BODY`: a named, pure definition.
#[derive(Clone, Debug)]
pub struct DefDecl {
    pub name: Ident,
    pub params: Vec<Ident>,
    pub body: Expr,
    pub span: Span,
}

// Syntax nodes are built once per file; their size does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum OptionType {
    Bool(Span),
    Range(Range),
}

#[derive(Clone, Debug)]
pub struct PlayersDecl {
    pub min: i64,
    /// `None` for an open range (`players 2..`).
    pub max: Option<i64>,
    pub span: Span,
}

/// `first mover EXPR`: the player who makes the first move.
#[derive(Clone, Debug)]
pub struct FirstMover {
    pub player: Expr,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct StateBlock {
    pub vars: Vec<VarDecl>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct VarDecl {
    pub name: Ident,
    pub ty: VarType,
    pub init: Option<Expr>,
    pub span: Span,
}

#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum ElemType {
    Bool(Span),
    Int(Range),
    /// An enumeration: its values in order, each with its display text if given.
    Enum(Vec<EnumValue>, Span),
}

/// One value of an enumeration: `x "X"`.
#[derive(Clone, Debug)]
pub struct EnumValue {
    pub name: Ident,
    pub display: Option<StrLit>,
}

#[derive(Clone, Debug)]
pub enum VarType {
    Scalar(ElemType),
    PerPlayer(ElemType, Span),
    Array(ElemType, Expr, Span),
    /// `grid WIDTH x HEIGHT of ELEM`: the width (columns) first, then the height (rows).
    Grid(ElemType, Expr, Expr, Span),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RangeKind {
    Inclusive,
    Exclusive,
}

#[derive(Clone, Debug)]
pub struct Range {
    pub lo: Expr,
    pub hi: Expr,
    pub kind: RangeKind,
    pub span: Span,
}

/// What a parameter, roll or comprehension ranges over.
#[derive(Clone, Debug)]
pub enum Domain {
    Range(Range),
    /// `indices(a)`, `players`, or anything else: the checker decides.
    Expr(Expr),
    /// An enumeration written in place (`how in {slide, jump "jumps"}`): a parameter's only.
    Enum(Vec<EnumValue>, Span),
}

impl Domain {
    pub fn span(&self) -> Span {
        match self {
            Domain::Range(r) => r.span,
            Domain::Expr(e) => e.span,
            Domain::Enum(_, s) => *s,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Setup {
    pub by_player: Option<Expr>,
    pub body: Block,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Param {
    pub name: Ident,
    pub domain: Domain,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct MoveDecl {
    /// `together NAME(...)`: a simultaneous move (where the word `together` is written).
    pub together: Option<Span>,
    /// `chance if COND { BODY }`: a turn of nobody's (where the word `chance` is written); its
    /// name is `chance`, with no parameters and no label.
    pub chance: Option<Span>,
    pub name: Ident,
    pub params: Vec<Param>,
    pub label: Option<StrLit>,
    pub guard: Option<Expr>,
    pub body: Block,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AssignOp {
    Set,
    Add,
    Sub,
    Mul,
}

#[derive(Clone, Debug)]
pub struct LValue {
    pub name: Ident,
    pub index: Option<Expr>,
    /// The column of a grid's cell, `board[row, col]` (`index` is the row).
    pub col: Option<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum Stmt {
    Assign {
        target: LValue,
        op: AssignOp,
        value: Expr,
        span: Span,
    },
    If {
        cond: Expr,
        then: Block,
        otherwise: Option<Block>,
        span: Span,
    },
    Again(Span),
    /// `next mover = EXPR`: the player who moves next (the last of it and `again` in a body
    /// decides).
    NextMover {
        value: Expr,
        span: Span,
    },
    /// `let v = e`: names a value for the rest of the block.
    Let {
        name: Ident,
        value: Expr,
        span: Span,
    },
    /// `for v in D where C { ... }`: the block once for each value of D meeting C, in order.
    For {
        var: Ident,
        domain: Domain,
        cond: Option<Expr>,
        body: Block,
        span: Span,
    },
    Roll {
        target: LValue,
        domain: Domain,
        weights: Option<Weights>,
        span: Span,
    },
}

/// A roll's weights: one per value (`weights [1, 2, 3]`), or an expression worked out for each
/// value with the rolled variable holding it (`weights 7 - d`).
#[derive(Clone, Debug)]
pub enum Weights {
    List(Vec<Expr>),
    Of(Expr),
}

impl Weights {
    /// Every expression the weights are written with.
    pub fn exprs(&self) -> &[Expr] {
        match self {
            Weights::List(ws) => ws,
            Weights::Of(e) => std::slice::from_ref(e),
        }
    }
}

impl Stmt {
    pub fn span(&self) -> Span {
        match self {
            Stmt::Assign { span, .. }
            | Stmt::If { span, .. }
            | Stmt::Roll { span, .. }
            | Stmt::NextMover { span, .. }
            | Stmt::Let { span, .. }
            | Stmt::For { span, .. }
            | Stmt::Again(span) => *span,
        }
    }
}

#[derive(Clone, Debug)]
pub enum EndCond {
    NoMoves(Span),
    Expr(Expr),
}

#[derive(Clone, Debug)]
pub struct EndRule {
    pub cond: EndCond,
    pub outcome: Outcome,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum OutcomeKind {
    LastMover {
        wins: bool,
    },
    Mover {
        wins: bool,
    },
    Player {
        player: Expr,
        wins: bool,
    },
    Each {
        var: Ident,
        cond: Expr,
    },
    Tie,
    /// `score each p = EXPR`: each player's score, read with `p` bound to them.
    Score {
        var: Ident,
        expr: Expr,
    },
    /// `if C then A else B`, choosing an outcome.
    If {
        cond: Expr,
        then: Box<Outcome>,
        otherwise: Box<Outcome>,
    },
}

#[derive(Clone, Debug)]
pub struct Outcome {
    pub kind: OutcomeKind,
    pub span: Span,
}
