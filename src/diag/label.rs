//! The wording for label templates (`as "take {n} from heap {i}"`): `gamec::bad_label`.

use super::Diag;
use crate::syntax::ast::Span;

/// The parameters as a label would name them: `{n}`, `{i}`.
fn braced(params: &[&str]) -> String {
    if params.is_empty() {
        return "this move has no parameters, so its label is plain text".to_string();
    }
    let named: Vec<String> = params.iter().map(|p| format!("`{{{p}}}`")).collect();
    format!("here {}", named.join(", "))
}

fn bad_label(span: Span, message: String, label: &str, help: String) -> Diag {
    Diag::error("gamec::bad_label", message)
        .label(span, label.to_string())
        .help(help)
}

pub fn label_expression(span: Span, text: &str, params: &[&str]) -> Diag {
    bad_label(
        span,
        format!("a label template shows parameters, not expressions like `{text}`"),
        "an expression in braces",
        format!(
            "Braces in a label hold one parameter's name ({}), which is replaced by its value. To show a computed value, make it a parameter of the move.",
            braced(params)
        ),
    )
}

pub fn label_not_param(
    span: Span,
    name: &str,
    move_name: &str,
    params: &[&str],
    guess: Option<String>,
) -> Diag {
    let first = match guess {
        Some(g) => format!("Did you mean `{{{g}}}`? "),
        None => String::new(),
    };
    bad_label(
        span,
        format!("`{name}` is not a parameter of `{move_name}`"),
        "not a parameter",
        format!(
            "{first}Braces in a label hold one of the move's parameters ({}); state variables and options cannot be shown.",
            braced(params)
        ),
    )
}

pub fn label_unclosed(span: Span, params: &[&str]) -> Diag {
    bad_label(
        span,
        "this `{` in the label is never closed".to_string(),
        "opened here",
        format!(
            "Braces in a label hold one parameter's name, like `{{n}}` ({}); a label cannot show a brace itself.",
            braced(params)
        ),
    )
}

pub fn label_unopened(span: Span, params: &[&str]) -> Diag {
    bad_label(
        span,
        "this `}` in the label closes no `{`".to_string(),
        "closes nothing",
        format!(
            "Braces in a label hold one parameter's name, like `{{n}}` ({}); a label cannot show a brace itself.",
            braced(params)
        ),
    )
}

pub fn label_empty(span: Span, params: &[&str]) -> Diag {
    bad_label(
        span,
        "`{}` in the label names no parameter".to_string(),
        "empty braces",
        format!(
            "Put a parameter's name between the braces ({}).",
            braced(params)
        ),
    )
}

pub fn label_spaced(span: Span, name: &str) -> Diag {
    bad_label(
        span,
        format!("write `{{{name}}}` without spaces inside the braces"),
        "spaces inside the braces",
        format!("A parameter in a label is written `{{{name}}}`."),
    )
}
