//! Syntax errors: pest's "expected" rules turned into tokens a person recognises.

use super::ast::Span;
use super::{tokens, Rule};
use crate::diag::{catalog, names, Diag};

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
    // A reserved word where a name was expected, written as a name is (`state { last: ... }`,
    // `def first(...)`, `let for = ...`); a keyword that starts the next statement after a missing
    // bracket (`move add(...)`) is not followed by one of these.
    let named = source[end..].trim_start().starts_with([':', '=', '(']);
    if expected.contains(&"a name") && KEYWORDS.contains(&found.as_str()) && named {
        return names::reserved_word(Span::new(pos, end), &found);
    }
    // `chance { ... }`: a chance turn without its condition.
    if expected == ["`if`"] && source[..pos].trim_end().ends_with("chance") {
        return catalog::chance_without_condition(Span::new(pos, end), &found);
    }
    catalog::syntax(Span::new(pos, end), &expected, &found)
}

/// The reserved words: `keyword` in grammar/game.pest (a test keeps the two alike).
const KEYWORDS: &[&str] = &[
    "game", "about", "option", "players", "player", "state", "setup", "move", "end", "if", "then",
    "else", "def", "in", "and", "or", "not", "true", "false", "again", "roll", "where", "wins",
    "loses", "tie", "winner", "is", "each", "last", "mover", "opponent", "per", "bool", "by",
    "weights", "as", "throws", "beats", "round", "no", "moves", "let", "for", "together",
];

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

#[cfg(test)]
mod tests {
    #[test]
    fn the_reserved_words_are_the_grammars() {
        let grammar = include_str!("../../grammar/game.pest");
        let start = grammar.find("keyword = @{").unwrap();
        let body = &grammar[start..start + grammar[start..].find("~ !ident_char").unwrap()];
        let words: Vec<&str> = body.split('"').skip(1).step_by(2).collect();
        assert_eq!(words, super::KEYWORDS);
    }
}
