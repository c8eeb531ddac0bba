//! The reference interpreter: a second, deliberately plain implementation of the sequential-game
//! semantics of `docs/language.md`, used by tests to check the engine and solvers.
//!
//! It reads the checked syntax tree directly (it is only run on files `gamec::compile` accepts)
//! and shares nothing with `rules`, `engine` or `solve`: a position is a map from variable names
//! to values plus whose turn it is and who moved last; options, ranges and initial values are
//! evaluated here again; moves are found by trying every parameter value; values are computed by
//! building the whole reachable graph and resolving it round by round. Speed does not matter;
//! every loop is bounded by the limits the language documents, and exploration by a position limit.
//! A game of three or more players is valued by `many`: each player's security value and the
//! max^n outcomes.

mod builtins;
mod chance;
mod eval;
mod exec;
mod expand;
mod explore;
mod game;
mod label;
pub mod many;
mod margins;
mod options;
pub mod rolls;
mod runs;
mod setup;
mod stage;
mod symmetry;
mod turn;
mod values;

pub use chance::{probabilities, Chances};
pub use expand::{expand, results, Move, Node, Rel};
pub use explore::{explore, Graph, Step};
pub use game::{Game, Shape, Var};
pub use options::OptVal;
pub use setup::starts;
pub use values::{solve, Solved, Value};

use std::collections::BTreeMap;

/// A position: every state variable's values (booleans as 0 and 1; a scalar has one value, a
/// `per player` variable one per player, from player 1), who is to move and who moved last.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    pub vars: BTreeMap<String, Vec<i64>>,
    pub mover: u8,
    pub last_mover: u8,
}

/// The kinds of run-time error the language defines (docs/language.md, "Errors found while
/// exploring"), including a roll over an empty range (`EmptyRoll`) and weights that do not fit a
/// roll's outcomes (`BadWeights`), plus `Invalid` (the file is not one the checker accepts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FaultKind {
    OutOfRange,
    DivisionByZero,
    Overflow,
    IndexOutOfBounds,
    NoWinner,
    AmbiguousWinner,
    NoMoves,
    BadPlayer,
    TooWide,
    EmptyRoll,
    BadWeights,
    /// `first(...)` or `last(...)` found no value meeting its condition.
    NoValue,
    /// Positions a `symmetry` declaration makes alike end, fail or move differently.
    BrokenSymmetry,
    /// Two legal moves of a position have the same label.
    DuplicateLabel,
    /// A simultaneous move legal beside moves of another family.
    MixedStage,
    /// A simultaneous choice whose legal pairs are not every row with every column.
    ChoicesDepend,
    Invalid,
}

/// A run-time error: its kind and what happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub kind: FaultKind,
    pub message: String,
}

impl Fault {
    pub fn new(kind: FaultKind, message: impl Into<String>) -> Fault {
        Fault {
            kind,
            message: message.into(),
        }
    }
}

/// Why the reference could not give a solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// An option's default or a `--set` value is not acceptable.
    BadOption(String),
    /// A declaration does not evaluate (the checker should have refused the file).
    Declaration(Fault),
    /// The setup failed.
    Setup(Fault),
    /// More reachable positions than the limit.
    TooManyPositions(usize),
    /// Some reachable positions fail: each with its fault (the engine stops at its first).
    Faults(Vec<(Position, Fault)>),
    /// A scored game in which play can go on for ever: its margins are not defined.
    ScoredLoopy,
    /// A game that rolls during play in which play can return to a position (not solved).
    RollsLoop,
    /// A simultaneous choice with more supports than the reference enumerates.
    StageTooLarge,
}

/// The most values a parameter, `count`/`any`/`all` or roll may range over (docs/language.md,
/// `gamec::too_wide`).
pub const MAX_RANGE: i128 = 1_000_000;

/// The most candidate moves tried in one position (docs/language.md, `gamec::too_wide`).
pub const MAX_CANDIDATES: u64 = 10_000_000;
/// The most legal moves one position may have (docs/language.md, `gamec::too_wide`).
pub const MAX_MOVES: usize = 1_000_000;
/// The most steps one `count`/`any`/`all` may take, counting every value of the parameter and
/// comprehension ranges around it.
pub const MAX_STEPS: u64 = 10_000_000;

type R<T> = Result<T, Fault>;
