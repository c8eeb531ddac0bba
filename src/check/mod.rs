//! The checker: resolves names, types and ranges, collecting every problem, and compiles a sequential
//! game into `rules::Rules`. Throw games are checked in `crate::throw`.

mod builtins;
mod consts;
mod defs;
mod enums;
mod expr;
mod folds;
mod label;
mod label_lang;
mod moves;
mod operators;
mod options;
mod players;
mod roll;
mod runs;
mod scores;
mod seq;
mod solo;
mod stmts;
mod symmetry;
mod types;
mod value;

pub use options::{parse_set, SetArg};
pub use value::OptValue;

use crate::diag::{catalog, Diagnostics};
use crate::rules::Rules;
use crate::syntax::ast::{GameFile, Span};

/// Which family a file belongs to, decided by the items it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    Sequential,
    Throw,
}

/// Decides the family, or reports a file that mixes both or has neither.
pub fn family(file: &GameFile, diags: &mut Diagnostics) -> Option<Family> {
    let seq_span: Option<Span> = file
        .state
        .iter()
        .map(|s| s.span)
        .chain(file.moves.iter().map(|m| m.span))
        .chain(file.ends.iter().map(|e| e.span))
        .chain(file.setups.iter().map(|s| s.span))
        .chain(file.symmetries.iter().map(|s| s.span))
        .chain(file.first_movers.iter().map(|f| f.span))
        .next();
    let throw_span: Option<Span> = file
        .throws
        .iter()
        .map(|t| t.span)
        .chain(file.beats.iter().map(|b| match b {
            crate::syntax::ast::BeatsDecl::Edges { span, .. } => *span,
            crate::syntax::ast::BeatsDecl::OddStepsAhead(s) => *s,
        }))
        .chain(file.rounds.iter().map(|r| r.span))
        .next();
    match (seq_span, throw_span) {
        (Some(a), Some(b)) => {
            diags.push(catalog::mixed_families(a, b));
            None
        }
        (Some(_), None) => Some(Family::Sequential),
        (None, Some(_)) => Some(Family::Throw),
        (None, None) => {
            diags.push(catalog::empty_game(file.name.span));
            None
        }
    }
}

/// Checks and compiles a sequential game with the given `--set` overrides.
pub fn check_sequential(
    file: &GameFile,
    sets: &[SetArg],
    diags: &mut Diagnostics,
) -> Option<Rules> {
    seq::compile(file, sets, diags)
}

/// Evaluates the options (defaults and overrides) of any game, for the throw checker too.
pub fn evaluate_options(
    file: &GameFile,
    sets: &[SetArg],
    diags: &mut Diagnostics,
) -> Vec<(String, OptValue)> {
    let mut cx = expr::Cx::new();
    enums::register_enums(file, &mut cx, diags);
    options::evaluate(file, sets, &mut cx, diags);
    cx.options
        .iter()
        .map(|o| (o.name.clone(), o.value.clone()))
        .collect()
}
