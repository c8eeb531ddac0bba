//! The diagnostics of games that roll during play (`roll` in a move's body), with their code
//! and wording: what the chance solve does not take yet.

use super::runtime::CHANCE_IN_PLAY_HELP;
use super::Diag;
use crate::syntax::ast::Span;

/// Every code here with a fixture file in `tests/ui/err/`.
pub const CODES: &[&str] = &["gamec::chance_in_play"];

/// Play can return to position `at` in a scored game that rolls during play.
pub fn loopy(at: &str) -> Diag {
    Diag::error(
        "gamec::chance_in_play",
        format!(
            "play can return to a position ({at}) in this scored game that rolls during play, \
             and scored games whose positions repeat are not solved yet"
        ),
    )
    .help(CHANCE_IN_PLAY_HELP.to_string())
}

/// A game of `n` players that rolls during play (`roll` at `span`) or has a chance turn
/// (declared at `span`, when `turn`).
pub fn players(span: Span, n: u8, turn: bool) -> Diag {
    let (does, label) = match turn {
        true => ("has chance turns", "a chance turn"),
        false => ("rolls during play", "a roll during play"),
    };
    Diag::error(
        "gamec::chance_in_play",
        format!("this game of {n} players {does}, and such games are solved for one or two players so far"),
    )
    .label(span, label)
    .help(CHANCE_IN_PLAY_HELP.to_string())
}
