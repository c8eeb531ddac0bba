//! The diagnostics of scored games (`score each p = ...`), with their codes and wording.

use super::Diag;
use crate::syntax::ast::Span;

/// Every scored-game code with a fixture file in `tests/ui/err/`.
pub const CODES: &[&str] = &["gamec::mixed_outcomes", "gamec::scored_loopy"];

/// An end rule giving a winner (or a tie) in a game whose other end rules give scores.
pub fn mixed_outcomes(winner: Span, scores: Span) -> Diag {
    Diag::error(
        "gamec::mixed_outcomes",
        "this game ends with scores elsewhere, but this outcome names a winner or a tie",
    )
    .label(winner, "a winner or a tie, not scores")
    .label(scores, "scores here")
    .help(
        "In a scored game every outcome gives scores, so that every end has a margin: write \
         this one as scores too (a tie is `score each p = 0`; a win for the mover by 1 is \
         `score each p = if p == mover then 1 else 0`).",
    )
}

/// A scored game in which play can return to a position: its margins are not solved yet.
pub fn scored_loopy(scores: Span) -> Diag {
    Diag::error(
        "gamec::scored_loopy",
        "play can return to a position in this scored game, and scored games whose positions \
         repeat are not solved yet",
    )
    .label(scores, "scores here")
    .help(
        "Make every move lead towards an end (a count of moves made, kept in the state, bounds \
         play), or end the game with a winner or a tie instead of scores: loopy games with \
         winners are solved, with draws.",
    )
}
