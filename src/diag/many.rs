//! Every diagnostic about games of three or more players (`players 3` and up), with its code and
//! wording: the constructs whose meaning needs exactly two players.

use super::Diag;
use crate::syntax::ast::Span;

/// Every code here with a fixture file in `tests/ui/err/`.
pub const CODES: &[&str] = &["gamec::many_players"];

/// A construct (`what`, as written) that needs exactly two players, in a game of `n`.
fn two_only(span: Span, what: &str, n: u8, label: &str, help: &str) -> Diag {
    Diag::error(
        "gamec::many_players",
        format!("{what} needs exactly two players, and this game has {n} (`players {n}`)"),
    )
    .label(span, label.to_string())
    .help(help.to_string())
}

/// `opponent` with three or more players: there are several.
pub fn opponent(span: Span, n: u8) -> Diag {
    two_only(
        span,
        "`opponent`",
        n,
        "which of the others?",
        "Name the player: `mover`, `last mover`, a number, or a `per player` index such as `(mover % players) + 1` for the next in turn.",
    )
}

/// A setup with three or more players.
pub fn setup(span: Span, n: u8) -> Diag {
    Diag::error(
        "gamec::many_players",
        format!("a `setup` is not supported yet in a game of {n} players"),
    )
    .label(span, "a roll before play")
    .help("Start from the state's initial values, and set a different start with an `option`.")
}

/// `swap A B` with three or more players: a swap exchanges two players.
pub fn swap(span: Span, n: u8) -> Diag {
    two_only(
        span,
        "`swap` (which exchanges the two players)",
        n,
        "exchanges two players",
        "Remove the `swap`; the other symmetries (rotations, reflections, any order, ...) work with any number of players.",
    )
}
