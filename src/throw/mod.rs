//! Throw games (simultaneous moves): beats-graphs, matrix-game solving, N-player elimination.

pub mod cli;

use crate::check::SetArg;
use crate::diag::{Diag, Diagnostics};
use crate::syntax::ast::GameFile;

/// A checked throw game.
#[derive(Clone, Debug)]
pub struct ThrowGame {
    pub name: String,
}

/// Checks a throw game, collecting every problem.
pub fn check(file: &GameFile, _sets: &[SetArg], diags: &mut Diagnostics) -> Option<ThrowGame> {
    diags.push(
        Diag::error("gamec::unsupported", "throw games are not supported yet")
            .label(file.name.span, "a throw game")
            .help("Coming soon."),
    );
    None
}
