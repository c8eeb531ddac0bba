//! gamec: describe a game's rules in a `.game` file, check them, solve the game and play it.
//!
//! The pipeline is one call per stage: `syntax::parse` → `check` → `engine` → `solve`.

pub mod check;
pub mod cli;
pub mod commands;
pub mod diag;
pub mod engine;
pub mod generate;
pub mod jit;
pub mod lsp;
pub mod play;
pub mod reference;
pub mod rules;
pub mod solve;
pub mod syntax;
pub mod throw;

use check::{Family, SetArg};
use diag::Diagnostics;

/// A checked game of either family.
pub enum Compiled {
    Sequential(rules::Rules),
    Throw(throw::ThrowGame),
}

/// The whole front end: parse, decide the family, check and compile. Warnings come back with the
/// game; any error means no game.
pub fn compile(
    source: &str,
    sets: &[SetArg],
) -> (Option<(syntax::ast::GameFile, Compiled)>, Diagnostics) {
    let mut diags = Diagnostics::default();
    let ast = match syntax::parse(source) {
        Ok(a) => a,
        Err(d) => {
            diags.push(d);
            return (None, diags);
        }
    };
    let compiled = match check::family(&ast, &mut diags) {
        Some(Family::Sequential) => {
            check::check_sequential(&ast, sets, &mut diags).map(Compiled::Sequential)
        }
        Some(Family::Throw) => throw::check(&ast, sets, &mut diags).map(Compiled::Throw),
        None => None,
    };
    diags.sort();
    if diags.has_errors() {
        return (None, diags);
    }
    (compiled.map(|c| (ast, c)), diags)
}
