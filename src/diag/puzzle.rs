//! Every diagnostic about one-player games (puzzles, `players 1`), with its code and wording.

use super::Diag;
use crate::syntax::ast::Span;

/// Every puzzle code with a fixture file in `tests/ui/err/`.
pub const CODES: &[&str] = &["gamec::one_player"];

/// What a puzzle's end rules may say, for every help below.
const ENDS: &str = "A one-player game ends solved (`mover wins` or `last mover wins`) or failed \
                    (`mover loses` or `last mover loses`).";

/// A construct that needs a second player (`what`, as written) in a one-player game.
pub fn one_player(span: Span, what: &str, help: &str) -> Diag {
    Diag::error(
        "gamec::one_player",
        format!("{what} needs a second player, and this game has one (`players 1`)"),
    )
    .label(span, "with one player there is no other")
    .help(help.to_string())
}

/// `opponent` in a one-player game.
pub fn opponent(span: Span) -> Diag {
    one_player(
        span,
        "`opponent`",
        "The one player is `mover` (and `last mover`), always player 1; write `players 2` for a game against someone.",
    )
}

/// A `per player` variable in a one-player game.
pub fn per_player(span: Span) -> Diag {
    one_player(
        span,
        "a `per player` variable",
        "Declare a plain variable (`x: LO..=HI = INIT`): the one player is player 1.",
    )
}

/// `player EXPR wins` naming (or possibly naming) another player than 1.
pub fn other_player(span: Span) -> Diag {
    one_player(span, "an outcome naming a player other than 1", ENDS)
}

/// `winner is each p where ...` in a one-player game.
pub fn winner_is_each(span: Span) -> Diag {
    one_player(span, "`winner is each p where ...`", ENDS)
}

/// `tie` in a one-player game: there is nobody to be level with.
pub fn tie(span: Span) -> Diag {
    one_player(span, "a tie", ENDS)
}

/// `score each` in a one-player game: a puzzle is solved for its shortest solution.
pub fn score(span: Span) -> Diag {
    Diag::error(
        "gamec::one_player",
        "a score in a one-player game is not solved yet: a puzzle is solved for its shortest solution",
    )
    .label(span, "a score")
    .help(format!(
        "{ENDS} Scores give a margin between two players (`players 2`)."
    ))
}

/// A setup in a one-player game (a roll before the first move is not supported there yet).
pub fn setup(span: Span) -> Diag {
    one_player(
        span,
        "a `setup` (a roll by a player, or a chance turn before play)",
        "One-player games start from the state's initial values; set a different start with an `option`.",
    )
}
