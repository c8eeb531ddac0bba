//! Options: defaults, `--set NAME=VALUE` overrides and their declared ranges. A bad `--set` is one
//! `gamec::bad_set` and the option keeps its default, so nothing downstream cascades; an option
//! whose default fails is poisoned, so its uses are not reported again. When a `--set` value
//! breaks something downstream (an empty range, an initial value out of its range), the
//! diagnostic names the `--set`.

use super::expr::{Cx, Mode, OptInfo};
use super::types::EnumInfo;
use super::value::OptValue;
use crate::diag::set::{self as msg, Kind};
use crate::diag::{catalog, did_you_mean, names, Diagnostics};
use crate::syntax::ast::{Domain, Expr, ExprKind, GameFile, OptionDecl, OptionType, Span};
use std::num::IntErrorKind;

/// One `--set NAME=VALUE` from the command line, not yet matched to a declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetArg {
    pub name: String,
    pub value: String,
}

impl SetArg {
    /// As the user wrote it: `--set goal=0`.
    fn text(&self) -> String {
        format!("--set {}={}", self.name, self.value)
    }
}

/// Splits `NAME=VALUE`; used by clap as a value parser.
pub fn parse_set(s: &str) -> Result<SetArg, String> {
    match s.split_once('=') {
        Some((n, v)) if !n.trim().is_empty() => Ok(SetArg {
            name: n.trim().to_string(),
            value: v.trim().to_string(),
        }),
        _ => Err(format!(
            "expected NAME=VALUE (like goal=25 or piles=7,7,7), got `{s}`"
        )),
    }
}

/// Why a `--set` value was refused: the message and the help.
type Refusal = (String, String);

/// One whole number, within `range` when the option has one.
fn parse_int(text: &str, range: Option<(i64, i64)>) -> Result<i64, Refusal> {
    let t = text.trim();
    let x = match t.parse::<i64>() {
        Ok(x) => x,
        Err(e) => {
            return Err(match e.kind() {
                IntErrorKind::PosOverflow => msg::set_number_too_large(t, true, range),
                IntErrorKind::NegOverflow => msg::set_number_too_large(t, false, range),
                _ => (format!("`{t}` is not a whole number"), String::new()),
            })
        }
    };
    match range {
        Some((lo, hi)) if x < lo || x > hi => Err(msg::set_out_of_range(x, lo, hi)),
        _ => Ok(x),
    }
}

fn parse_value(
    kind: &OptValue,
    text: &str,
    range: Option<(i64, i64)>,
    enums: &[EnumInfo],
) -> Result<OptValue, Refusal> {
    if text.trim().is_empty() {
        return Err(msg::set_empty(matches!(kind, OptValue::List(_))));
    }
    match kind {
        OptValue::Int(_) => parse_int(text, range).map(OptValue::Int),
        OptValue::Bool(_) => match text {
            "true" => Ok(OptValue::Bool(true)),
            "false" => Ok(OptValue::Bool(false)),
            _ => Err((format!("`{text}` is not true or false"), String::new())),
        },
        OptValue::List(_) => {
            let bracketed = text.strip_prefix('[').and_then(|r| r.strip_suffix(']'));
            let inner = bracketed.unwrap_or(text);
            if inner.contains(['[', ']']) {
                return Err(msg::set_list_brackets());
            }
            if inner.trim().is_empty() {
                return Err(msg::set_empty(true));
            }
            let values = inner
                .split(',')
                .map(|p| match p.trim() {
                    "" => Err(msg::set_list_gap()),
                    p => parse_int(p, None)
                        .map_err(|(why, help)| (format!("{why} (in the list)"), help)),
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(OptValue::List(values))
        }
        OptValue::Enum { id, .. } => parse_enum(*id, text.trim(), &enums[*id as usize]),
    }
}

/// One value of enumeration `id`, by its name or its display text (as `--at` takes it).
fn parse_enum(id: u32, text: &str, info: &EnumInfo) -> Result<OptValue, Refusal> {
    let found = (info.names.iter().position(|n| n == text))
        .or_else(|| info.shown.iter().position(|s| s == text));
    match found {
        Some(index) => Ok(OptValue::Enum {
            id,
            index: index as u32,
            name: info.names[index].clone(),
        }),
        None => Err(msg::set_not_a_value(text, &info.names)),
    }
}

/// Evaluates every option in order (a default may use earlier options), applying overrides.
pub fn evaluate(file: &GameFile, sets: &[SetArg], cx: &mut Cx, diags: &mut Diagnostics) {
    unknown_or_repeated(file, sets, diags);
    for decl in &file.options {
        if let Some(prev) = cx.declared(&decl.name.name) {
            diags.push(catalog::duplicate_name(
                decl.name.span,
                prev,
                &decl.name.name,
            ));
            continue;
        }
        if let Some((name, span)) = reads_state(file, decl) {
            diags.push(names::option_reads_state(span, name));
            cx.poisoned.push(decl.name.name.clone());
            continue;
        }
        match default_value(decl, cx, diags) {
            Some((value, range)) => {
                let info = apply_set(decl, value, range, sets, cx, diags);
                cx.add_option(info);
            }
            // Its uses are not reported again as unknown names.
            None => cx.poisoned.push(decl.name.name.clone()),
        }
    }
}

/// `--set` for options the game does not declare, or for one option twice.
fn unknown_or_repeated(file: &GameFile, sets: &[SetArg], diags: &mut Diagnostics) {
    for (k, set) in sets.iter().enumerate() {
        let earlier = sets[..k].iter().filter(|s| s.name == set.name).count();
        if earlier == 1 {
            diags.push(msg::set_twice(&set.name));
        }
        if earlier > 0 {
            continue;
        }
        if file.options.iter().any(|o| o.name.name == set.name) {
            continue;
        }
        let names: Vec<&str> = file.options.iter().map(|o| o.name.name.as_str()).collect();
        let help = match did_you_mean(&set.name, names.iter().copied()) {
            Some(s) => format!("Did you mean `{s}`?"),
            None if names.is_empty() => "This game declares no options.".to_string(),
            None => format!("This game's options are: {}.", names.join(", ")),
        };
        diags.push(catalog::bad_set(
            None,
            format!(
                "`--set {}`: the game has no option `{}`",
                set.name, set.name
            ),
            help,
        ));
    }
}

/// The option's default and declared range, or `None` (reported) when the default fails.
fn default_value(
    decl: &OptionDecl,
    cx: &mut Cx,
    diags: &mut Diagnostics,
) -> Option<(OptValue, Option<(i64, i64)>)> {
    let since = diags.0.len();
    let value = cx.const_value(&decl.default, diags)?;
    let range = match &decl.ty {
        Some(OptionType::Range(r)) => cx.const_range(r, Mode::Const, diags),
        _ => None,
    };
    if let Some(OptionType::Bool(_)) = decl.ty {
        if !matches!(value, OptValue::Bool(_)) {
            diags.push(catalog::type_mismatch(
                decl.default.span,
                "true or false",
                value_kind(&value),
                "A `bool` option's default is `true` or `false`.",
            ));
            return None;
        }
    }
    if let Some((lo, hi)) = range {
        match value {
            OptValue::Int(v) if v < lo || v > hi => {
                diags.push(catalog::init_out_of_range(
                    decl.default.span,
                    &decl.name.name,
                    v,
                    lo,
                    hi,
                ));
            }
            OptValue::Int(_) => {}
            _ => diags.push(catalog::type_mismatch(
                decl.default.span,
                "a number",
                value_kind(&value),
                "An option with a range like `1..=100` has a number as its default.",
            )),
        }
    }
    let mut exprs = vec![&decl.default];
    if let Some(OptionType::Range(r)) = &decl.ty {
        exprs.extend([&r.lo, &r.hi]);
    }
    blame_sets(cx, diags, since, &exprs);
    Some((value, range))
}

/// What kind of value `v` is, for a type mismatch.
fn value_kind(v: &OptValue) -> &'static str {
    match v {
        OptValue::Int(_) => "a number",
        OptValue::Bool(_) => "a condition",
        OptValue::List(_) => "a list",
        OptValue::Enum { .. } => "a value of an enumeration",
    }
}

/// The option with its `--set` applied; a bad one is reported and the default kept.
fn apply_set(
    decl: &OptionDecl,
    default: OptValue,
    range: Option<(i64, i64)>,
    sets: &[SetArg],
    cx: &Cx,
    diags: &mut Diagnostics,
) -> OptInfo {
    let mut info = OptInfo {
        name: decl.name.name.clone(),
        blame: blame_of(cx, &[&decl.default]),
        value: default,
        span: decl.name.span,
    };
    // A repeated `--set` is refused (see `unknown_or_repeated`): only the first counts.
    if let Some(set) = sets.iter().find(|s| s.name == decl.name.name) {
        match parse_value(&info.value, &set.value, range, &cx.enums) {
            Ok(v) => {
                info.value = v;
                info.blame = vec![set.text()];
            }
            Err((why, help)) => {
                let kind = match info.value {
                    OptValue::Int(_) => Kind::Number,
                    OptValue::Bool(_) => Kind::Bool,
                    OptValue::List(_) => Kind::List,
                    OptValue::Enum { .. } => Kind::Enum,
                };
                let help = if help.is_empty() {
                    msg::set_same_kind(&info.value.to_string(), kind)
                } else {
                    help
                };
                diags.push(catalog::bad_set(
                    Some(decl.span),
                    format!("`{}`: {why}", set.text()),
                    help,
                ));
            }
        }
    }
    info
}

/// The first state variable the option's default or range names, with where (an option cannot
/// read the state, and is checked before the state is declared).
fn reads_state<'f>(file: &'f GameFile, decl: &'f OptionDecl) -> Option<(&'f str, Span)> {
    let mut names = Vec::new();
    names_in(&decl.default, &mut names);
    if let Some(OptionType::Range(r)) = &decl.ty {
        names_in(&r.lo, &mut names);
        names_in(&r.hi, &mut names);
    }
    let state = || file.state.iter().flat_map(|b| &b.vars);
    let option = |n: &str| file.options.iter().any(|o| o.name.name == n);
    names
        .into_iter()
        .find(|(n, _)| !option(n) && state().any(|v| v.name.name == *n))
}

/// Every name an expression mentions (options among them), with where.
fn names_in<'e>(e: &'e Expr, out: &mut Vec<(&'e str, Span)>) {
    match &e.kind {
        ExprKind::Name(n) => out.push((n, e.span)),
        ExprKind::List(xs) => xs.iter().for_each(|x| names_in(x, out)),
        ExprKind::Index(a, b) | ExprKind::Binary(_, a, b) => {
            names_in(a, out);
            names_in(b, out);
        }
        ExprKind::Unary(_, x) => names_in(x, out),
        ExprKind::Call { args, .. } => args.iter().for_each(|x| names_in(x, out)),
        ExprKind::Comprehension { comp, .. } => {
            match &*comp.domain {
                Domain::Range(r) => {
                    names_in(&r.lo, out);
                    names_in(&r.hi, out);
                }
                Domain::Expr(x) => names_in(x, out),
                Domain::Enum(..) => {}
            }
            names_in(&comp.cond, out);
        }
        _ => {}
    }
}

/// The options `exprs` use that a `--set` decided, each once: (name, value, the `--set`s).
fn set_options<'c>(cx: &'c Cx, exprs: &[&Expr]) -> Vec<&'c OptInfo> {
    let mut names = Vec::new();
    for e in exprs {
        names_in(e, &mut names);
    }
    let mut found: Vec<&OptInfo> = Vec::new();
    for (n, _) in names {
        if let Some(o) = cx
            .options
            .iter()
            .find(|o| o.name == n && !o.blame.is_empty())
        {
            if !found.iter().any(|f| f.name == o.name) {
                found.push(o);
            }
        }
    }
    found
}

/// The `--set` arguments behind the options `exprs` use.
fn blame_of(cx: &Cx, exprs: &[&Expr]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for o in set_options(cx, exprs) {
        for b in &o.blame {
            if !out.contains(b) {
                out.push(b.clone());
            }
        }
    }
    out
}

/// Adds, to each error pushed since `since` that a value can cause (an empty range, a value out
/// of range, a list of the wrong length, an overflow), which `--set` decided the options that
/// `exprs` use.
pub fn blame_sets(cx: &Cx, diags: &mut Diagnostics, since: usize, exprs: &[&Expr]) {
    let culprits = set_options(cx, exprs);
    if culprits.is_empty() {
        return;
    }
    let notes: Vec<(String, String, Vec<String>)> = culprits
        .iter()
        .map(|o| (o.name.clone(), o.value.to_string(), o.blame.clone()))
        .collect();
    for d in diags.0.iter_mut().skip(since) {
        if d.is_error() && msg::VALUE_CODES.contains(&d.code) {
            *d = msg::blamed_on_sets(d.clone(), &notes);
        }
    }
}
