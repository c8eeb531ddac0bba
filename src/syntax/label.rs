//! Label templates (`as "column {c + 1}"`): text, with an expression in each pair of braces.
//! Splitting a template and parsing what its braces hold are done here, for the checker and the
//! reference interpreter alike; the expressions' spans point into the file.

use super::ast::*;
use super::parse::{clear_token_ends, set_token_ends};
use super::{GameParser, Rule};
use crate::diag::{catalog, Diag};
use pest::Parser;

/// One part of a template: text shown as it is, or what a pair of braces holds (with the
/// braces' byte offsets in the template's text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    Text(String),
    Braced {
        start: usize,
        end: usize,
        inner: String,
    },
}

/// What is wrong with a template's braces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BraceFault {
    /// A `{` never closed (or opened again before it is closed).
    Unclosed,
    /// A `}` that closes nothing.
    Unopened,
    /// `{}` or braces holding only spaces.
    Empty,
}

/// The parts of a template, and each fault of its braces with where it is (start, end).
pub fn split(text: &str) -> (Vec<Part>, Vec<(usize, usize, BraceFault)>) {
    let (mut parts, mut faults) = (Vec::new(), Vec::new());
    let mut open: Option<usize> = None;
    let mut since = 0;
    for (i, ch) in text.char_indices() {
        match (ch, open) {
            ('{', Some(o)) => {
                faults.push((o, o + 1, BraceFault::Unclosed));
                open = Some(i);
            }
            ('{', None) => {
                if i > since {
                    parts.push(Part::Text(text[since..i].to_string()));
                }
                open = Some(i);
            }
            ('}', None) => faults.push((i, i + 1, BraceFault::Unopened)),
            ('}', Some(o)) => {
                open = None;
                since = i + 1;
                let inner = &text[o + 1..i];
                if inner.trim().is_empty() {
                    faults.push((o, i + 1, BraceFault::Empty));
                } else {
                    parts.push(Part::Braced {
                        start: o,
                        end: i + 1,
                        inner: inner.to_string(),
                    });
                }
            }
            _ => {}
        }
    }
    match open {
        Some(o) => faults.push((o, o + 1, BraceFault::Unclosed)),
        None if since < text.len() => parts.push(Part::Text(text[since..].to_string())),
        None => {}
    }
    (parts, faults)
}

/// The span in the file of `label.value[start..end]` when the string was written without escapes
/// or folded line breaks (its text then maps byte for byte), else the whole string's.
pub fn span_in(label: &StrLit, start: usize, end: usize) -> Span {
    if label.value.len() + 2 == label.span.len() {
        Span::new(label.span.start + 1 + start, label.span.start + 1 + end)
    } else {
        label.span
    }
}

/// Parses what a pair of braces of `label` holds (`inner`, which starts at byte `start + 1` of
/// the template): an expression whose spans point into the file, or a `gamec::bad_label`.
pub fn parse_braced(label: &StrLit, start: usize, inner: &str) -> Result<Expr, Diag> {
    let at = span_in(label, start + 1, start + 1 + inner.len());
    let exact = label.value.len() + 2 == label.span.len();
    let place = |s: Span| {
        if exact {
            Span::new(at.start + s.start, at.start + s.end)
        } else {
            label.span
        }
    };
    let pairs = GameParser::parse(Rule::label_expr, inner).map_err(|e| {
        // Where reading stopped (pest's list of what it expected there names grammar rules
        // that mean little inside a label).
        let d = super::errors::syntax_error(inner, e);
        let stop = d.labels.first().map_or(label.span, |l| place(l.span));
        // At the end of the braces, the closing brace.
        let stop = match stop.is_empty() {
            true => Span::new(stop.start, stop.start + 1),
            false => stop,
        };
        crate::diag::label::label_syntax(stop, inner.trim())
    })?;
    set_token_ends(&pairs);
    let expr = pairs
        .into_iter()
        .next()
        .and_then(|p| p.into_inner().find(|p| p.as_rule() == Rule::expr))
        .ok_or_else(|| catalog::syntax_internal(at))
        .and_then(super::expr::parse_expr);
    clear_token_ends();
    let mut expr = expr?;
    shift(&mut expr, &place);
    Ok(expr)
}

/// Every span of an expression moved by `place`.
fn shift(e: &mut Expr, place: &dyn Fn(Span) -> Span) {
    e.span = place(e.span);
    match &mut e.kind {
        ExprKind::Index(a, b) | ExprKind::Binary(_, a, b) => {
            shift(a, place);
            shift(b, place);
        }
        ExprKind::Cell(a, b, c) | ExprKind::If(a, b, c) => {
            shift(a, place);
            shift(b, place);
            shift(c, place);
        }
        ExprKind::Unary(_, a) => shift(a, place),
        ExprKind::List(xs) => xs.iter_mut().for_each(|x| shift(x, place)),
        ExprKind::Call { func, args } => {
            func.span = place(func.span);
            args.iter_mut().for_each(|x| shift(x, place));
        }
        ExprKind::Comprehension { func, comp } => {
            func.span = place(func.span);
            comp.var.span = place(comp.var.span);
            match &mut *comp.domain {
                Domain::Range(r) => {
                    r.span = place(r.span);
                    shift(&mut r.lo, place);
                    shift(&mut r.hi, place);
                }
                Domain::Expr(x) => shift(x, place),
                Domain::Enum(..) => {}
            }
            shift(&mut comp.cond, place);
        }
        ExprKind::Int(_)
        | ExprKind::Bool(_)
        | ExprKind::Name(_)
        | ExprKind::Mover
        | ExprKind::Opponent
        | ExprKind::LastMover
        | ExprKind::Players => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_split_into_text_and_braces() {
        let (parts, faults) = split("take {n + 1} from {i}");
        assert!(faults.is_empty());
        assert_eq!(parts.len(), 4);
        assert_eq!(
            parts[1],
            Part::Braced {
                start: 5,
                end: 12,
                inner: "n + 1".into()
            }
        );
        let kinds = |t: &str| split(t).1;
        assert_eq!(kinds("take {n"), vec![(5, 6, BraceFault::Unclosed)]);
        assert_eq!(kinds("take n}"), vec![(6, 7, BraceFault::Unopened)]);
        assert_eq!(
            kinds("take {{n}}"),
            vec![(5, 6, BraceFault::Unclosed), (9, 10, BraceFault::Unopened)]
        );
        assert_eq!(kinds("take { }"), vec![(5, 8, BraceFault::Empty)]);
    }

    #[test]
    fn braced_expressions_point_into_the_file() {
        let src = "as \"col {c + 1}\"";
        let label = StrLit {
            value: "col {c + 1}".into(),
            span: Span::new(3, src.len()),
        };
        let e = parse_braced(&label, 4, "c + 1").expect("parses");
        assert_eq!(&src[e.span.start..e.span.end], "c + 1");
        let d = parse_braced(&label, 4, "c +").expect_err("refused");
        assert_eq!(d.code, "gamec::bad_label");
    }
}
