//! Spans of pest's pairs that end at their last token: the end of every token of the text being
//! parsed is recorded once, so finding a pair's tight end is one binary search.

use super::ast::Span;
use super::Rule;
use pest::iterators::Pair;

/// Records every token's end, in order, so a pair's tight end is one binary search away (until
/// `clear_token_ends`).
pub(super) fn set_token_ends(pairs: &pest::iterators::Pairs<Rule>) {
    let ends: Vec<usize> = pairs
        .clone()
        .flatten()
        .filter(|p| p.clone().into_inner().next().is_none())
        .map(|p| p.as_span().end())
        .collect();
    TOKEN_ENDS.with(|t| *t.borrow_mut() = ends);
}

pub(super) fn clear_token_ends() {
    TOKEN_ENDS.with(|t| t.borrow_mut().clear());
}

thread_local! {
    /// The end of every token (a pair without inner pairs) of the file being parsed, ascending.
    static TOKEN_ENDS: std::cell::RefCell<Vec<usize>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A pair's span, ending at its last token: pest counts whitespace and comments skipped before an
/// optional trailing element as part of the rule, which would make labels overshoot.
pub(super) fn span(pair: &Pair<Rule>) -> Span {
    Span::new(pair.as_span().start(), tight_end(pair))
}

/// The end of the pair's last token: the last token end within the pair's text. (Walking down
/// to the last descendant instead took time proportional to the depth, for every pair: a chain
/// of 8,000 `if ... then ... else ... +` took 6 s to parse.)
fn tight_end(pair: &Pair<Rule>) -> usize {
    let (start, end) = (pair.as_span().start(), pair.as_span().end());
    TOKEN_ENDS.with(|t| {
        let t = t.borrow();
        let i = t.partition_point(|&e| e <= end);
        match i.checked_sub(1).map(|i| t[i]) {
            Some(e) if e > start => e,
            _ => end,
        }
    })
}
