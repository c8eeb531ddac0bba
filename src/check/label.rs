//! Label templates (`as "take {n} from heap {i}"`): braces hold a parameter's name and nothing
//! else, and they balance. Anything else is `gamec::bad_label`, pointing at the braces.

use crate::diag::label as msg;
use crate::diag::{did_you_mean, Diagnostics};
use crate::syntax::ast::{MoveDecl, Span, StrLit};

/// What is wrong with one part of a template.
enum Fault<'t> {
    Unclosed,
    Unopened,
    Empty,
    Spaced(&'t str),
    NotParam(&'t str),
    Expression(&'t str),
}

/// The byte range of `value[start..end]` in the file, when the string was written without
/// escapes or folded line breaks (its text then maps byte for byte); else the whole string.
fn span_of(label: &StrLit, start: usize, end: usize) -> Span {
    if label.value.len() + 2 == label.span.len() {
        Span::new(label.span.start + 1 + start, label.span.start + 1 + end)
    } else {
        label.span
    }
}

fn is_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_')
}

/// Every problem in the template, with where it is: (start, end, fault).
fn faults<'t>(text: &'t str, params: &[&str]) -> Vec<(usize, usize, Fault<'t>)> {
    let mut out = Vec::new();
    let mut open: Option<usize> = None;
    for (i, ch) in text.char_indices() {
        match (ch, open) {
            ('{', Some(o)) => {
                out.push((o, o + 1, Fault::Unclosed));
                open = Some(i);
            }
            ('{', None) => open = Some(i),
            ('}', None) => out.push((i, i + 1, Fault::Unopened)),
            ('}', Some(o)) => {
                open = None;
                let inner = &text[o + 1..i];
                let fault = match inner.trim() {
                    "" => Some(Fault::Empty),
                    t if is_name(t) && t != inner => Some(Fault::Spaced(t)),
                    t if is_name(t) && !params.contains(&t) => Some(Fault::NotParam(t)),
                    t if is_name(t) => None,
                    t => Some(Fault::Expression(t)),
                };
                out.extend(fault.map(|f| (o, i + 1, f)));
            }
            _ => {}
        }
    }
    out.extend(open.map(|o| (o, o + 1, Fault::Unclosed)));
    out
}

/// Checks an `as "..."` template against the move's parameters; `false` if it has a problem.
pub(super) fn check_label(label: &StrLit, m: &MoveDecl, d: &mut Diagnostics) -> bool {
    let params: Vec<&str> = m.params.iter().map(|p| p.name.name.as_str()).collect();
    let found = faults(&label.value, &params);
    for (start, end, fault) in &found {
        let span = span_of(label, *start, *end);
        let diag = match fault {
            Fault::Unclosed => msg::label_unclosed(span, &params),
            Fault::Unopened => msg::label_unopened(span, &params),
            Fault::Empty => msg::label_empty(span, &params),
            Fault::Spaced(name) => msg::label_spaced(span, name),
            Fault::NotParam(name) => {
                let guess = did_you_mean(name, params.iter().copied());
                msg::label_not_param(span, name, &m.name.name, &params, guess)
            }
            Fault::Expression(text) => msg::label_expression(span, text, &params),
        };
        d.push(diag);
    }
    found.is_empty()
}

#[cfg(test)]
mod tests {
    use super::{faults, Fault};

    fn kinds(text: &str) -> Vec<(usize, usize, &'static str)> {
        faults(text, &["n", "i"])
            .into_iter()
            .map(|(s, e, f)| {
                let k = match f {
                    Fault::Unclosed => "unclosed",
                    Fault::Unopened => "unopened",
                    Fault::Empty => "empty",
                    Fault::Spaced(_) => "spaced",
                    Fault::NotParam(_) => "not a parameter",
                    Fault::Expression(_) => "expression",
                };
                (s, e, k)
            })
            .collect()
    }

    #[test]
    fn finds_each_problem_where_it_is() {
        assert_eq!(kinds("take {n} from heap {i}"), vec![]);
        assert_eq!(kinds("take {n + 1}"), vec![(5, 12, "expression")]);
        assert_eq!(kinds("take {n"), vec![(5, 6, "unclosed")]);
        assert_eq!(kinds("take n}"), vec![(6, 7, "unopened")]);
        assert_eq!(
            kinds("take {{n}}"),
            vec![(5, 6, "unclosed"), (9, 10, "unopened")]
        );
        assert_eq!(kinds("take {}"), vec![(5, 7, "empty")]);
        assert_eq!(kinds("take { n }"), vec![(5, 10, "spaced")]);
        assert_eq!(kinds("take {m}"), vec![(5, 8, "not a parameter")]);
    }
}
