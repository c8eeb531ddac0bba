//! Options: each default evaluated in order (a default may use earlier options), then the
//! `--set NAME=VALUE` overrides, each read as a value of the default's kind and checked against
//! the option's range.

use super::eval::Ctx;
use super::{Error, Game, Position};
use crate::check::SetArg;
use crate::syntax::ast::{Domain, ElemType, EnumValue, GameFile, OptionType, RangeKind, VarType};

/// An option's value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptVal {
    Int(i64),
    Bool(bool),
    List(Vec<i64>),
    /// An enumeration's value, by name.
    Sym(String),
}

/// Evaluates every option of `file` into `game.options`, in order.
pub(super) fn evaluate(game: &mut Game, file: &GameFile, sets: &[SetArg]) -> Result<(), Error> {
    if let Some(set) = sets
        .iter()
        .find(|s| !file.options.iter().any(|o| o.name.name == s.name))
    {
        return Err(Error::BadOption(format!("no option `{}`", set.name)));
    }
    for decl in &file.options {
        let name = &decl.name.name;
        let (default, range) = {
            let mut cx = Ctx::new(game, Position::default());
            let default = cx.value(&decl.default).map_err(Error::Declaration)?;
            let range = match &decl.ty {
                Some(OptionType::Range(r)) => {
                    let lo = cx.int(&r.lo).map_err(Error::Declaration)?;
                    let hi = cx.int(&r.hi).map_err(Error::Declaration)?;
                    let hi = match r.kind {
                        RangeKind::Inclusive => Some(hi),
                        RangeKind::Exclusive => hi.checked_sub(1),
                    };
                    Some((
                        lo,
                        hi.ok_or_else(|| Error::BadOption(format!("`{name}`'s range")))?,
                    ))
                }
                _ => None,
            };
            (default, range)
        };
        let mut value = match default {
            super::eval::Val::Int(v) => OptVal::Int(v),
            super::eval::Val::Bool(b) => OptVal::Bool(b),
            super::eval::Val::List(vs) => OptVal::List(vs),
            super::eval::Val::Whole(_) | super::eval::Val::Run { .. } => {
                return Err(Error::BadOption(format!("`{name}` is a whole array")))
            }
            super::eval::Val::Sym(s) => OptVal::Sym(s),
        };
        check_in_range(name, &value, range)?;
        for set in sets.iter().filter(|s| &s.name == name) {
            value = parse_like(&value, &set.value, file)
                .ok_or_else(|| Error::BadOption(format!("`{name}={}`", set.value)))?;
            check_in_range(name, &value, range)?;
        }
        game.options.push((name.clone(), value));
    }
    Ok(())
}

fn check_in_range(name: &str, value: &OptVal, range: Option<(i64, i64)>) -> Result<(), Error> {
    match (value, range) {
        (OptVal::Int(v), Some((lo, hi))) if *v < lo || *v > hi => Err(Error::BadOption(format!(
            "`{name}` = {v} is outside {lo}..={hi}"
        ))),
        (OptVal::Int(_), _) | (_, None) => Ok(()),
        _ => Err(Error::BadOption(format!(
            "`{name}` has a range but is not a number"
        ))),
    }
}

/// Reads `text` as a value of the same kind as `like`: a whole number, `true` or `false`, or
/// numbers separated by commas (at least one, no empty item), in a matching pair of brackets or
/// none, or a value of the default's enumeration. Anything else is refused (docs/language.md,
/// "Options").
fn parse_like(like: &OptVal, text: &str, file: &GameFile) -> Option<OptVal> {
    let text = text.trim();
    match like {
        OptVal::Int(_) => text.parse().ok().map(OptVal::Int),
        OptVal::Bool(_) => match text {
            "true" => Some(OptVal::Bool(true)),
            "false" => Some(OptVal::Bool(false)),
            _ => None,
        },
        OptVal::List(_) => {
            let inner = match (text.strip_prefix('['), text.ends_with(']')) {
                (Some(rest), true) => rest.strip_suffix(']')?,
                (None, false) => text,
                _ => return None,
            };
            if inner.trim().is_empty() || inner.contains(['[', ']']) {
                return None;
            }
            let items: Option<Vec<i64>> = inner.split(',').map(|p| p.trim().parse().ok()).collect();
            items.map(OptVal::List)
        }
        // A value of the same enumeration, by its name or its display text.
        OptVal::Sym(like) => {
            let values = file
                .state
                .iter()
                .flat_map(|s| &s.vars)
                .find_map(|v| match &v.ty {
                    VarType::Scalar(ElemType::Enum(vs, _))
                    | VarType::PerPlayer(ElemType::Enum(vs, _), _)
                    | VarType::Array(ElemType::Enum(vs, _), _, _)
                    | VarType::Grid(ElemType::Enum(vs, _), _, _, _)
                        if vs.iter().any(|x| &x.name.name == like) =>
                    {
                        Some(vs)
                    }
                    _ => None,
                })
                .or_else(|| {
                    let mut params = file.moves.iter().flat_map(|m| &m.params);
                    params.find_map(|p| match &p.domain {
                        Domain::Enum(vs, _) if vs.iter().any(|x| &x.name.name == like) => Some(vs),
                        _ => None,
                    })
                })?;
            let named = |x: &EnumValue| x.name.name == text;
            let shown = |x: &EnumValue| x.display.as_ref().is_some_and(|d| d.value == text);
            let found = values
                .iter()
                .find(|x| named(x))
                .or_else(|| values.iter().find(|x| shown(x)))?;
            Some(OptVal::Sym(found.name.name.clone()))
        }
    }
}
