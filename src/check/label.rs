//! Label templates (`as "column {c + 1}"`): braces hold an expression over the move's
//! parameters, the options and the state (a number, a condition or an enumeration's value), or
//! `square(r, c)`; braces that do not balance or hold nothing are `gamec::bad_label`. Also
//! whether the labels must be checked while exploring (`labels_checked`).

use super::expr::{Cx, Mode, Ty};
use super::label_lang::{disjoint, Lang};
use crate::diag::label as msg;
use crate::diag::{catalog, Diagnostics};
use crate::rules::{CExpr, CMove, LabelPart};
use crate::syntax::ast::{Expr, ExprKind, StrLit};
use crate::syntax::label::{parse_braced, span_in, split, BraceFault, Part};

/// Compiles an `as "..."` template, with the move's parameters in scope; `None` after reporting
/// its problems.
pub(super) fn compile_label(
    label: &StrLit,
    cx: &mut Cx,
    d: &mut Diagnostics,
) -> Option<Vec<LabelPart>> {
    let (parts, faults) = split(&label.value);
    let mut ok = faults.is_empty();
    for (start, end, fault) in faults {
        let span = span_in(label, start, end);
        d.push(match fault {
            BraceFault::Unclosed => msg::label_unclosed(span),
            BraceFault::Unopened => msg::label_unopened(span),
            BraceFault::Empty => msg::label_empty(span),
        });
    }
    let mut out = Vec::new();
    for part in parts {
        match part {
            Part::Text(t) => out.push(LabelPart::Text(t)),
            Part::Braced { start, inner, .. } => match parse_braced(label, start, &inner) {
                Ok(e) => match piece(&e, cx, d) {
                    Some(p) => out.push(p),
                    None => ok = false,
                },
                Err(diag) => {
                    d.push(diag);
                    ok = false;
                }
            },
        }
    }
    ok.then_some(out)
}

/// What one pair of braces shows.
fn piece(e: &Expr, cx: &mut Cx, d: &mut Diagnostics) -> Option<LabelPart> {
    if let ExprKind::Call { func, args } = &e.kind {
        if func.name == "square" {
            let [r, c] = &args[..] else {
                let wanted = "a row and a column, like `square(r, c)`";
                d.push(catalog::wrong_arguments(e.span, "square", wanted));
                return None;
            };
            let (row, col) = (cx.int(r, Mode::Rule, d), cx.int(c, Mode::Rule, d));
            return Some(LabelPart::Square {
                row: row?,
                col: col?,
                span: e.span,
            });
        }
    }
    let t = cx.expr(e, Mode::Rule, d)?;
    let (is_bool, shown) = match t.ty {
        Ty::Int => (false, None),
        Ty::Bool => (true, None),
        Ty::Enum(k) => (false, Some(cx.enums[k as usize].shown.clone().into())),
        other => {
            d.push(catalog::type_mismatch(
                e.span,
                "a number, a condition or a value of an enumeration",
                other.describe(),
                "A label shows single values: a number, true or false, an enumeration's value (by its display text) or `square(r, c)`.",
            ));
            return None;
        }
    };
    Some(LabelPart::Value {
        expr: t.c,
        is_bool,
        shown,
    })
}

/// Whether the labels must be checked while exploring (`labels_checked`), and whether some
/// label names squares (boards are then drawn with the squares' names).
pub(super) fn label_needs(moves: &[CMove]) -> (bool, bool) {
    let squares = moves
        .iter()
        .flat_map(|m| m.label.iter().flatten())
        .any(|p| matches!(p, LabelPart::Square { .. }));
    (labels_checked(moves), squares)
}

/// Whether the labels must be worked out while exploring, to find a label that fails or two
/// moves of a position with the same label: unless every family's labels are its parameters
/// written plainly (`{n}`, `square(r, c)` of parameters that are never negative), each followed
/// by the end or by a character no number or square name has, and no label of one family can
/// be one of another's (`label_lang::disjoint`: `left {r} {c}` and `right {r} {c}`, or
/// `{r} {c} left` and `right {r} {c}`). Then no label can fail and no two moves can share one.
fn labels_checked(moves: &[CMove]) -> bool {
    let langs: Option<Vec<Lang>> = moves.iter().map(language).collect();
    let Some(langs) = langs else {
        return true;
    };
    // Far more than the states of any pairs of families written by hand (a pair of labels of
    // thirty characters has under a thousand), and under a second's work.
    let mut budget = 1 << 24;
    langs
        .iter()
        .enumerate()
        .any(|(i, a)| langs[i + 1..].iter().any(|b| !disjoint(a, b, &mut budget)))
}

/// The labels a family can show, when they can neither fail nor repeat within the family.
fn language(m: &CMove) -> Option<Lang> {
    let never_negative = |k: usize| matches!(m.domains[k].lo, CExpr::Const(lo) if lo >= 0);
    let mut lang = Lang::default();
    let Some(parts) = &m.label else {
        // `take 1 2`: the name, then each parameter after a space.
        lang.text(&m.name);
        for k in 0..m.params.len() {
            lang.text(" ");
            lang.number(!never_negative(k));
        }
        return Some(lang);
    };
    let param = |e: &CExpr| match e {
        CExpr::Local(k) if (*k as usize) < m.params.len() => Some(*k as usize),
        _ => None,
    };
    let mut shown = vec![false; m.params.len()];
    for (k, p) in parts.iter().enumerate() {
        match p {
            LabelPart::Text(t) => {
                lang.text(t);
                continue;
            }
            LabelPart::Value {
                expr,
                is_bool: false,
                shown: None,
            } => {
                let n = param(expr)?;
                shown[n] = true;
                lang.number(!never_negative(n));
            }
            LabelPart::Square { row, col, .. } => {
                let (r, c) = (param(row)?, param(col)?);
                if !never_negative(r) || !never_negative(c) {
                    return None;
                }
                shown[r] = true;
                shown[c] = true;
                lang.square();
            }
            LabelPart::Value { .. } => return None,
        }
        // What follows a number or a square's name must tell where it ends, so that the
        // family's labels are its parameters' values one to one.
        let apart = match parts.get(k + 1) {
            None => true,
            Some(LabelPart::Text(t)) => t
                .chars()
                .next()
                .is_some_and(|ch| !ch.is_ascii_alphanumeric() && ch != '-'),
            Some(_) => false,
        };
        if !apart {
            return None;
        }
    }
    // A parameter the label does not show gives moves with one label.
    shown.iter().all(|s| *s).then_some(lang)
}
