//! The diagnostics of simultaneous moves (`together NAME(a in A, b in B)`), with their codes and
//! wording: a `together` move written wrongly, and a position whose moves do not make one
//! simultaneous choice.

use super::Diag;
use crate::syntax::ast::Span;

/// Every code here with a fixture file in `tests/ui/err/`.
pub const CODES: &[&str] = &[
    "gamec::together",
    "gamec::mixed_stage",
    "gamec::choices_depend",
];

/// What the commands that follow simultaneous moves are.
pub const TOGETHER_HELP: &str = "Simultaneous moves are followed by `gamec solve`, `check`, `tree` and `graph` in two-player games, and by `gamec play` where play cannot return to a position.";

/// A `together` move with other than two parameters (`n`).
pub fn params(span: Span, n: usize) -> Diag {
    Diag::error(
        "gamec::together",
        format!("a `together` move has two parameters, the mover's choice and the other player's, and this one has {n}"),
    )
    .label(span, "a simultaneous move")
    .help("Write `together NAME(mine in A, theirs in B)`: the first parameter is chosen by the player to move and the second by the other player, each without seeing the other's; the body sees both.")
}

/// A `together` move in a game of `n` players.
pub fn players(span: Span, n: u8) -> Diag {
    Diag::error(
        "gamec::together",
        format!("a `together` move needs exactly two players, and this game has {n}"),
    )
    .label(span, "a simultaneous move")
    .help("Simultaneous moves are solved for two players (a zero-sum matrix game at each position); write the game for two players, or make the choices one after the other with `move`.")
}

/// Play can return to a position (`at`) in a scored game with simultaneous moves.
pub fn loopy(at: &str) -> Diag {
    Diag::error(
        "gamec::together",
        format!("play can return to a position ({at}) in this scored game with simultaneous moves, and scored games whose positions repeat are not solved yet"),
    )
    .help("Count wins, ties and losses instead of scores (then play that returns is bounded from below and above), or add a counter that every stage moves on (a round number with an upper bound), so that the game ends.")
}

/// `play` on a game with simultaneous moves whose play can return to a position: its values are
/// certified bounds, and the computer has no exact optimal strategy to draw its choices from.
pub fn play_loopy() -> Diag {
    Diag::error(
        "gamec::together",
        "play can return to a position in this game with simultaneous moves, so `solve` bounds its values and finds no exact strategy for the computer to play",
    )
    .help("`gamec solve` gives the value's bounds. To play it, add a counter that every stage moves on (a round number with an upper bound), so that the game ends and the strategies are exact.")
}

/// The exact arithmetic of the simultaneous choice at `at` passed its budget.
pub fn too_hard(at: &str) -> Diag {
    Diag::error(
        "gamec::together",
        format!("the simultaneous choice at {at} needs more exact arithmetic than gamec spends on one position"),
    )
    .help("Give the players fewer choices there, or make the values simpler (smaller scores, fewer rolls).")
}
