//! Options: defaults, `--set NAME=VALUE` overrides, and their declared ranges.

use super::expr::{Cx, Mode, OptInfo};
use crate::diag::{catalog, did_you_mean, Diagnostics};
use crate::syntax::ast::{GameFile, OptionType};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptValue {
    Int(i64),
    Bool(bool),
    List(Vec<i64>),
}

impl std::fmt::Display for OptValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptValue::Int(v) => write!(f, "{v}"),
            OptValue::Bool(b) => write!(f, "{b}"),
            OptValue::List(vs) => {
                let parts: Vec<String> = vs.iter().map(|v| v.to_string()).collect();
                write!(f, "[{}]", parts.join(", "))
            }
        }
    }
}

/// One `--set NAME=VALUE` from the command line, not yet matched to a declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetArg {
    pub name: String,
    pub value: String,
}

/// Splits `NAME=VALUE`; used by clap as a value parser.
pub fn parse_set(s: &str) -> Result<SetArg, String> {
    match s.split_once('=') {
        Some((n, v)) if !n.trim().is_empty() => Ok(SetArg {
            name: n.trim().to_string(),
            value: v.trim().to_string(),
        }),
        _ => Err(format!("expected NAME=VALUE (like goal=25 or piles=7,7,7), got `{s}`")),
    }
}

fn parse_value(kind: &OptValue, text: &str) -> Result<OptValue, String> {
    match kind {
        OptValue::Int(_) => text
            .parse::<i64>()
            .map(OptValue::Int)
            .map_err(|_| format!("`{text}` is not a whole number")),
        OptValue::Bool(_) => match text {
            "true" | "yes" | "on" | "1" => Ok(OptValue::Bool(true)),
            "false" | "no" | "off" | "0" => Ok(OptValue::Bool(false)),
            _ => Err(format!("`{text}` is not true or false")),
        },
        OptValue::List(_) => {
            let inner = text.trim_start_matches('[').trim_end_matches(']');
            if inner.trim().is_empty() {
                return Ok(OptValue::List(Vec::new()));
            }
            inner
                .split(',')
                .map(|p| {
                    p.trim()
                        .parse::<i64>()
                        .map_err(|_| format!("`{}` in `{text}` is not a whole number", p.trim()))
                })
                .collect::<Result<Vec<_>, _>>()
                .map(OptValue::List)
        }
    }
}

/// Evaluates every option in order (a default may use earlier options), applying overrides.
pub fn evaluate(file: &GameFile, sets: &[SetArg], cx: &mut Cx, diags: &mut Diagnostics) {
    for set in sets {
        if !file.options.iter().any(|o| o.name.name == set.name) {
            let names: Vec<&str> = file.options.iter().map(|o| o.name.name.as_str()).collect();
            let help = match did_you_mean(&set.name, names.iter().copied()) {
                Some(s) => format!("Did you mean `{s}`?"),
                None if names.is_empty() => "This game declares no options.".to_string(),
                None => format!("This game's options are: {}.", names.join(", ")),
            };
            diags.push(catalog::bad_set(
                None,
                format!("`--set {}`: the game has no option `{}`", set.name, set.name),
                help,
            ));
        }
    }
    for decl in &file.options {
        if let Some(prev) = cx.options.iter().find(|o| o.name == decl.name.name) {
            diags.push(catalog::duplicate_name(decl.name.span, prev.span, &decl.name.name));
            continue;
        }
        let Some(mut value) = cx.const_value(&decl.default, diags) else {
            continue;
        };
        let range = match &decl.ty {
            Some(OptionType::Range(r)) => cx.const_range(r, Mode::Const, diags),
            _ => None,
        };
        if let Some(OptionType::Bool(_)) = decl.ty {
            if !matches!(value, OptValue::Bool(_)) {
                diags.push(catalog::type_mismatch(
                    decl.default.span,
                    "true or false",
                    "a number",
                    "A `bool` option's default is `true` or `false`.",
                ));
                continue;
            }
        }
        if let Some((lo, hi)) = range {
            match value {
                OptValue::Int(v) if v < lo || v > hi => {
                    diags.push(catalog::init_out_of_range(decl.default.span, &decl.name.name, v, lo, hi));
                }
                OptValue::Int(_) => {}
                _ => diags.push(catalog::type_mismatch(
                    decl.default.span,
                    "a number",
                    "something else",
                    "An option with a range like `1..=100` has a number as its default.",
                )),
            }
        }
        for set in sets.iter().filter(|s| s.name == decl.name.name) {
            match parse_value(&value, &set.value) {
                Ok(OptValue::Int(v)) if range.is_some_and(|(lo, hi)| v < lo || v > hi) => {
                    let (lo, hi) = range.unwrap_or((v, v));
                    diags.push(catalog::bad_set(
                        Some(decl.span),
                        format!("`--set {}={}`: {v} is outside the option's range {lo}..={hi}", set.name, set.value),
                        format!("Choose a value from {lo} to {hi}."),
                    ));
                }
                Ok(v) => value = v,
                Err(why) => diags.push(catalog::bad_set(
                    Some(decl.span),
                    format!("`--set {}={}`: {why}", set.name, set.value),
                    format!("The default is `{value}`; give a value of the same kind."),
                )),
            }
        }
        cx.options.push(OptInfo {
            name: decl.name.name.clone(),
            value,
            span: decl.name.span,
        });
    }
}
