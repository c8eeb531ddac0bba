//! The compiled sequential game: variables laid out in integer slots, expressions and statements as
//! small trees over slot numbers and parameter locals. Nothing here holds a name lookup or the AST.

mod bounds;
mod eval;
mod exec;
mod fault;
mod grid_proof;
mod grid_sites;
mod grid_tables;
pub mod group;
mod label;
pub mod map;
mod roll;
mod runs;
mod simple;
mod swap_proof;
mod symmetry;
pub mod view;
mod walk;

pub use eval::Ctx;
pub use fault::{
    arith, check_range, range_size, RtError, RtKind, DEFAULT_MAX_STEPS, MAX_CANDIDATES, MAX_MOVES,
    MAX_RANGE, MAX_STEPS,
};
pub use grid_proof::proves_grid;
pub use label::{column_name, square_name, LabelPart};
pub use roll::{check_roll, roll_problem, Script, MAX_ROLL_VALUES};
pub use runs::RunTable;
pub use simple::{simplify, Operand, Simple};
pub use swap_proof::proves_swap;
pub use symmetry::{proves_any_order, CSymmetry, SymmetryKind};

use crate::syntax::ast::Span;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VarKind {
    Scalar,
    Array,
    /// Indexed by player number, 1-based.
    PerPlayer,
    /// Rows of `cols` cells, row 0 first: `board[r, c]` is element `r * cols + c`.
    Grid,
}

impl CExpr {
    /// Whether the expression reads nothing but constants: no state, parameter, local or turn.
    /// Such an expression has one value, which the checker computes with the same interpreter.
    pub fn is_constant(&self) -> bool {
        match self {
            CExpr::Const(_) => true,
            CExpr::Slot(_)
            | CExpr::Elem { .. }
            | CExpr::Local(_)
            | CExpr::ElemLocal { .. }
            | CExpr::Mover
            | CExpr::Opponent
            | CExpr::LastMover
            | CExpr::Sum { .. }
            | CExpr::MinOf { .. }
            | CExpr::MaxOf { .. }
            | CExpr::Fold { .. }
            | CExpr::Let { .. }
            | CExpr::GridIndex { .. }
            | CExpr::RunFold { .. }
            | CExpr::RunElem { .. }
            | CExpr::RunLen { .. } => false,
            CExpr::Cond(c, a, b) => c.is_constant() && a.is_constant() && b.is_constant(),
            CExpr::ListElem { index, .. } => index.is_constant(),
            CExpr::Neg(x, _) | CExpr::Not(x) | CExpr::Abs(x, _) => x.is_constant(),
            CExpr::Arith(_, a, b, _) | CExpr::Cmp(_, a, b) | CExpr::And(a, b) | CExpr::Or(a, b) => {
                a.is_constant() && b.is_constant()
            }
            CExpr::Min(xs) | CExpr::Max(xs) => xs.iter().all(CExpr::is_constant),
        }
    }
}

/// One declared state variable; it occupies `len` consecutive slots from `base`.
#[derive(Clone, Debug)]
pub struct VarInfo {
    pub name: String,
    pub kind: VarKind,
    pub is_bool: bool,
    /// For an enumeration: which one (the checker's number) and its values' names, in order (a
    /// value is held as its position).
    pub enum_id: Option<u32>,
    pub names: Option<std::sync::Arc<[String]>>,
    /// And their display texts (the name where none is given), for positions on screen.
    pub shown: Option<std::sync::Arc<[String]>>,
    pub base: u32,
    pub len: u32,
    /// A grid's columns (its rows are `len / cols`); 0 for other variables.
    pub cols: u32,
    pub lo: i64,
    pub hi: i64,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArithOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fold {
    Count,
    Any,
    All,
    /// The first value meeting the condition (`no_value` if none does).
    First,
    /// The last value meeting the condition.
    Last,
}

impl Fold {
    /// One value `v` visited, whose condition `holds`: the fold's result if this settles it,
    /// else `None` (with `count` kept for `count`).
    #[inline]
    pub fn visit(self, holds: bool, v: i64, count: &mut i64) -> Option<i64> {
        match self {
            Fold::Any if holds => Some(1),
            Fold::All if !holds => Some(0),
            Fold::First | Fold::Last if holds => Some(v),
            _ => {
                *count += holds as i64;
                None
            }
        }
    }

    /// The result when every value was visited without settling it; `first`/`last` have none
    /// (`what` names what was visited: "value of the range", "cell of the run").
    pub fn finish(self, count: i64, span: Span, what: &str) -> Result<i64, Box<RtError>> {
        match self {
            Fold::Count => Ok(count),
            Fold::Any => Ok(0),
            Fold::All => Ok(1),
            Fold::First | Fold::Last => Err(RtError::new(
                RtKind::NoValue,
                span,
                format!(
                    "no {what} meets the condition of `{}`",
                    if self == Fold::First { "first" } else { "last" }
                ),
            )),
        }
    }
}

/// An inclusive integer range evaluated at run time (parameters may depend on earlier ones).
#[derive(Clone, Debug)]
pub struct CDomain {
    pub lo: CExpr,
    pub hi: CExpr,
    /// Where it is written, for a range too wide to enumerate.
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum CExpr {
    Const(i64),
    Slot(u32),
    /// An array element: slot `base + index - offset`, with a bounds check against `len`.
    Elem {
        var: u32,
        base: u32,
        len: u32,
        offset: i64,
        index: Box<CExpr>,
        span: Span,
    },
    Local(u16),
    /// An element of a constant list (a list option or literal), indexed at run time with a bounds
    /// check: `S[k]` where `k` is a parameter or depends on the state.
    ListElem {
        values: std::sync::Arc<[i64]>,
        index: Box<CExpr>,
        span: Span,
    },
    /// `Elem` whose index is a parameter: the common `heap[i]`, without a nested evaluation.
    ElemLocal {
        var: u32,
        base: u32,
        len: u32,
        offset: i64,
        local: u16,
        span: Span,
    },
    Mover,
    Opponent,
    LastMover,
    Neg(Box<CExpr>, Span),
    Not(Box<CExpr>),
    Arith(ArithOp, Box<CExpr>, Box<CExpr>, Span),
    Cmp(CmpOp, Box<CExpr>, Box<CExpr>),
    And(Box<CExpr>, Box<CExpr>),
    Or(Box<CExpr>, Box<CExpr>),
    Sum {
        base: u32,
        len: u32,
        span: Span,
    },
    MinOf {
        base: u32,
        len: u32,
    },
    MaxOf {
        base: u32,
        len: u32,
    },
    Min(Vec<CExpr>),
    Max(Vec<CExpr>),
    Abs(Box<CExpr>, Span),
    Fold {
        fold: Fold,
        local: u16,
        domain: Box<CDomain>,
        cond: Box<CExpr>,
        span: Span,
    },
    /// `if C then A else B`: only the branch chosen is evaluated.
    Cond(Box<CExpr>, Box<CExpr>, Box<CExpr>),
    /// The element number of a grid's cell `[row, col]`, each checked against the grid's size.
    GridIndex {
        var: u32,
        rows: u32,
        cols: u32,
        row: Box<CExpr>,
        col: Box<CExpr>,
        span: Span,
    },
    /// A definition's argument: `value` is stored in `local`, then `body` is evaluated (so every
    /// argument is evaluated once, before the definition's body, as `docs/language.md` says).
    Let {
        local: u16,
        value: Box<CExpr>,
        body: Box<CExpr>,
    },
    /// `count`/`any`/`all`/`first`/`last(v in RUN where C)` over the cells of run number `run`
    /// of `runs`, each cell's value in `local`. With `cmp`, the condition is `v OP cond` where
    /// `cond` neither reads `v` nor takes steps, so it is evaluated once per fold.
    RunFold {
        fold: Fold,
        local: u16,
        runs: std::sync::Arc<RunTable>,
        run: Box<CExpr>,
        cond: Box<CExpr>,
        cmp: Option<CmpOp>,
        span: Span,
    },
    /// `RUN[j]`: the value of the run's `j`-th cell.
    RunElem {
        runs: std::sync::Arc<RunTable>,
        run: Box<CExpr>,
        index: Box<CExpr>,
        span: Span,
    },
    /// `len(RUN)`: how many cells the run has.
    RunLen {
        runs: std::sync::Arc<RunTable>,
        run: Box<CExpr>,
        span: Span,
    },
}

/// Where an assignment or roll writes.
#[derive(Clone, Debug)]
pub struct CTarget {
    pub var: u32,
    /// Copied from the variable so a write needs no lookup: first slot, length, index offset.
    pub base: u32,
    pub len: u32,
    pub offset: i64,
    /// For arrays: the index expression.
    pub index: Option<CExpr>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum COp {
    Set,
    Add,
    Sub,
    Mul,
}

#[derive(Clone, Debug)]
pub enum CStmt {
    Assign {
        target: CTarget,
        op: COp,
        value: CExpr,
        span: Span,
    },
    If {
        cond: CExpr,
        then: Vec<CStmt>,
        otherwise: Vec<CStmt>,
    },
    Again,
    /// `next mover = EXPR`: the player `value` names (1 to `players`, else `bad_player`) moves
    /// next; in a two-player game the turn is kept when it is the mover.
    NextMover {
        value: CExpr,
        players: u8,
        span: Span,
    },
    /// `let`: local `local` holds the value for the rest of its block.
    Let {
        local: u16,
        value: CExpr,
    },
    /// `for`: the body once for each value of the domain (in local `local`) meeting `cond`.
    For {
        local: u16,
        domain: CDomain,
        cond: CExpr,
        body: Vec<CStmt>,
        span: Span,
    },
    Roll {
        target: CTarget,
        domain: CDomain,
        weights: Option<CWeights>,
        span: Span,
    },
}

/// A roll's weights: one per value, or one expression worked out with the rolled variable holding
/// each value in turn (`weights 7 - d`).
#[derive(Clone, Debug)]
pub enum CWeights {
    List(Vec<CExpr>),
    Of(CExpr),
}

/// One move family: `move take(i in indices(heap), n in 1..=heap[i]) if ... { ... }`. Parameter
/// `k` is local `k` (every move's locals are numbered from 0).
#[derive(Clone, Debug)]
pub struct CMove {
    pub name: String,
    /// Parameter names, in order (for labels like `take 2 from heap 0`).
    pub params: Vec<String>,
    /// The `as "..."` template compiled, if any, and where it is written.
    pub label: Option<Vec<LabelPart>>,
    pub label_span: Span,
    pub domains: Vec<CDomain>,
    pub guard: Option<CExpr>,
    pub body: Vec<CStmt>,
    /// The same body as plain assignments, when it is only that.
    pub simple: Option<Vec<Simple>>,
    /// A simultaneous move (`together`): its first parameter is chosen by the player to move,
    /// its second by the other player.
    pub together: bool,
    /// A chance turn (`chance if C { ... }`): nobody chooses; where its guard holds (and no end
    /// rule does) it is the position's only move, its body's rolls its outcomes, and the player
    /// to move stays to move (unless `next mover = P`) and who moved last stays so.
    pub chance: bool,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum COutcome {
    LastMover {
        wins: bool,
    },
    Mover {
        wins: bool,
    },
    Player {
        player: CExpr,
        wins: bool,
    },
    Each {
        local: u16,
        cond: CExpr,
    },
    Tie,
    /// `score each p = EXPR`: the game ends with each player's score (`local` is `p`).
    Score {
        local: u16,
        expr: CExpr,
    },
    /// `if C then A else B`, each branch with where it is written.
    If {
        cond: CExpr,
        then: Box<(COutcome, Span)>,
        otherwise: Box<(COutcome, Span)>,
    },
}

#[derive(Clone, Debug)]
pub struct CEnd {
    /// `None` is `end if no moves`.
    pub cond: Option<CExpr>,
    pub outcome: COutcome,
    pub span: Span,
    pub outcome_span: Span,
}

#[derive(Clone, Debug)]
pub struct CSetup {
    /// The roll counts as this player's move; the turn then passes on.
    pub by_player: Option<u8>,
    pub body: Vec<CStmt>,
    pub span: Span,
}

/// A checked, compiled sequential game.
#[derive(Clone, Debug)]
pub struct Rules {
    pub name: String,
    pub about: Option<String>,
    pub vars: Vec<VarInfo>,
    /// Per slot: (lo, hi).
    pub slot_ranges: Vec<(i64, i64)>,
    pub init: Vec<i64>,
    pub setup: Option<CSetup>,
    pub moves: Vec<CMove>,
    pub ends: Vec<CEnd>,
    /// Whether any rule depends on which player is to move; if not, positions omit the turn.
    pub turn_matters: bool,
    /// Whether some move can keep the turn (`again`); positions then record who moved last.
    pub has_again: bool,
    /// Whether the end rules give scores (`score each p = ...`) rather than a winner: the value
    /// of a position is then a margin.
    pub scored: bool,
    pub locals: u16,
    /// Declared symmetries, at most one per variable.
    pub symmetries: Vec<CSymmetry>,
    /// Whether labels must be worked out while exploring: some label may fail (`{n / k}`) or
    /// two moves of a position may share one (the checker cannot show they never do).
    pub labels_checked: bool,
    /// Whether some label names squares (`square(r, c)`): boards are then drawn with letters
    /// over the columns and row numbers from 1, as the labels name them.
    pub coordinates: bool,
    /// Who makes the first move of play, after the setup if there is one (`first mover K`, the
    /// player after `setup by player K`, or 1).
    pub first_mover: u8,
    /// The players: 2, or 1 for a puzzle, where every move keeps the turn (the compiled bodies
    /// end with `again`) and a win is a solution, or up to `MAX_PLAYERS`: such rules are solved
    /// through their views (`view::coalition`), two-player games of one player against the rest.
    pub players: u8,
    /// Which view of an N-player game these rules are, if they are one.
    pub view: Option<view::View>,
}

impl Rules {
    /// Rules the engine can expand and solve: these, or for a game of three or more players,
    /// player 1's view of it (which meets every position and fault the game has).
    pub fn expandable(&self) -> std::borrow::Cow<'_, Rules> {
        if self.players > 2 {
            std::borrow::Cow::Owned(view::coalition(self, 1))
        } else {
            std::borrow::Cow::Borrowed(self)
        }
    }
}

/// The most players a sequential game may have.
pub const MAX_PLAYERS: u8 = 8;
