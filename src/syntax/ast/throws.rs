//! The declarations of a throw game as written: `throws`, `beats` (with scores) and `round`.

use super::*;

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
