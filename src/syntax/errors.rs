//! Syntax errors: pest's "expected" rules turned into tokens a person recognises.

use super::ast::Span;
use super::{tokens, Rule};
use crate::diag::{catalog, Diag};

pub(super) fn syntax_error(source: &str, err: pest::error::Error<Rule>) -> Diag {
    use pest::error::{ErrorVariant, InputLocation};
    let pos = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((a, _)) => a,
    };
    let positives = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => positives.clone(),
        ErrorVariant::CustomError { .. } => Vec::new(),
    };
    let mut expected: Vec<&'static str> = Vec::new();
    let mut item_starts = false;
    for r in positives {
        if tokens::is_item_start(r) {
            item_starts = true;
        } else if let Some(d) = tokens::describe(r) {
            if !expected.contains(&d) {
                expected.push(d);
            }
        }
    }
    if item_starts {
        expected.insert(
            0,
            "a declaration (`state`, `move`, `end if`, `option`, `throws`, ...)",
        );
    }
    let found = found_token(source, pos);
    let end = (pos + found.len().max(1)).min(source.len()).max(pos);
    catalog::syntax(Span::new(pos, end), &expected, &found)
}

/// The word or character at `pos`, as the user would see it.
fn found_token(source: &str, pos: usize) -> String {
    let rest = &source[pos.min(source.len())..];
    let word: String = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    if !word.is_empty() {
        return word;
    }
    rest.chars()
        .next()
        .map(|c| c.to_string())
        .unwrap_or_default()
}
