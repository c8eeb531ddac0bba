//! The wording for label templates (`as "take {n} from heap {i}"`): `gamec::bad_label`.

use super::Diag;
use crate::syntax::ast::Span;

const HOLD: &str = "Braces in a label hold an expression, like `{n}`, `{n + 1}` or `{square(r, c)}`, which is replaced by its value when the move is shown; a label cannot show a brace itself.";

fn bad_label(span: Span, message: String, label: &str, help: &str) -> Diag {
    Diag::error("gamec::bad_label", message)
        .label(span, label.to_string())
        .help(help.to_string())
}

pub fn label_unclosed(span: Span) -> Diag {
    bad_label(
        span,
        "this `{` in the label is never closed".to_string(),
        "opened here",
        HOLD,
    )
}

pub fn label_unopened(span: Span) -> Diag {
    bad_label(
        span,
        "this `}` in the label closes no `{`".to_string(),
        "closes nothing",
        HOLD,
    )
}

pub fn label_empty(span: Span) -> Diag {
    bad_label(
        span,
        "`{}` in the label holds no expression".to_string(),
        "empty braces",
        "Put what the label shows between the braces: a parameter (`{n}`) or an expression over the parameters, options and state (`{n + 1}`).",
    )
}

/// What a pair of braces holds (`text`) does not read as an expression; `span` is where reading
/// stopped.
pub fn label_syntax(span: Span, text: &str) -> Diag {
    bad_label(
        span,
        format!("`{text}` in the label's braces is not an expression"),
        "the expression cannot go on from here",
        HOLD,
    )
}
