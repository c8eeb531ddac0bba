//! The wording for names used where they cannot be: a reserved word where a name belongs, a state
//! variable read by an option, a `let` name or loop variable assigned.

use super::Diag;
use crate::syntax::ast::Span;

/// A reserved word (`last`, `mover`, ...) where the grammar expects a name.
pub fn reserved_word(span: Span, word: &str) -> Diag {
    Diag::error(
        "gamec::syntax",
        format!("`{word}` is a reserved word and cannot be used as a name"),
    )
    .label(span, "reserved word")
    .help(format!(
        "The language uses `{word}` itself (the reserved words are listed under \"Grammar\" in docs/language.md); choose another name, such as `{word}_`."
    ))
}

/// An option's default or range that reads the state variable `name`.
pub fn option_reads_state(span: Span, name: &str) -> Diag {
    Diag::error(
        "gamec::not_constant",
        format!("`{name}` is a state variable, and an option cannot read the state"),
    )
    .label(span, "a state variable")
    .help(format!(
        "An option is fixed before the game starts (`--set` may change it): its default and range may use numbers and other options only. To start `{name}` from an option, give the option a number and write `= OPTION` as `{name}`'s initial value in `state {{ ... }}`."
    ))
}

/// Assigning a name bound by `let` or `for`: `what` says which.
pub fn assigned_local(span: Span, name: &str, by_let: bool) -> Diag {
    let (what, help) = match by_let {
        true => (
            "a `let` name",
            format!("A `let` name keeps its value to the end of its block: give the new value a new name (`let {name}2 = ...`), or, if it must change from move to move, declare it in `state {{ ... }}`."),
        ),
        false => (
            "a `for` loop's variable",
            format!("The loop gives `{name}` each value of its range in turn: compute another value with `let`, or loop over the values you need."),
        ),
    };
    Diag::error(
        "gamec::not_assignable",
        format!("`{name}` is {what} and cannot be assigned"),
    )
    .label(span, "assigned here")
    .help(help)
}
