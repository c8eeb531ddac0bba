//! `symmetry VAR: KIND, ...`: the variable must be a grid or an array with that symmetry; the
//! declarations become `rules::CSymmetry`, with the proof for `any order` where the rules give one.

use super::expr::Cx;
use crate::diag::{catalog, did_you_mean, Diagnostics};
use crate::rules::group::{group, MAX_GROUP};
use crate::rules::{
    proves_any_order, proves_grid, proves_swap, CSymmetry, Rules, SymmetryKind, VarInfo, VarKind,
};
use crate::syntax::ast::Span;
use crate::syntax::ast::{GameFile, SymmetryDecl};

/// Each declaration checked against its variable's shape; at most one per variable.
pub fn compile(file: &GameFile, cx: &Cx, d: &mut Diagnostics) -> Vec<CSymmetry> {
    let mut out: Vec<CSymmetry> = Vec::new();
    for (k, s) in file.symmetries.iter().enumerate() {
        let Some(var) = cx.var_index(&s.var.name) else {
            // A variable whose declaration failed has had its diagnostic: one cause, one report.
            let declared = file.state.iter().flat_map(|b| &b.vars);
            if declared.clone().any(|v| v.name.name == s.var.name) {
                continue;
            }
            let names = cx.vars.iter().map(|v| v.name.as_str());
            d.push(catalog::unknown_variable(
                s.var.span,
                &s.var.name,
                did_you_mean(&s.var.name, names),
            ));
            continue;
        };
        if let Some(first) = file.symmetries[..k]
            .iter()
            .find(|t| t.var.name == s.var.name)
        {
            d.push(catalog::duplicate_declaration(
                s.span,
                first.span,
                &format!("symmetry {}", s.var.name),
            ));
            continue;
        }
        if let Some(c) = one(s, var as u32, cx, d) {
            out.push(c);
        }
    }
    out
}

/// Proves `any order`, or a grid's turns and reflections, where the rules allow it (after they
/// are compiled).
pub fn prove(rules: &mut Rules) {
    let proofs: Vec<bool> = rules
        .symmetries
        .iter()
        .map(|s| {
            // A swap alone rearranges nothing: it is proven, or not, on its own (`swap_proven`).
            if s.kinds.iter().all(|k| matches!(k, SymmetryKind::Swap(_))) {
                true
            } else if s.kinds.contains(&SymmetryKind::AnyOrder) {
                proves_any_order(rules, &rules.vars[s.var as usize])
            } else {
                proves_grid(rules, s)
            }
        })
        .collect();
    let swap = proves_swap(rules);
    for (s, p) in rules.symmetries.iter_mut().zip(proofs) {
        s.proven = p;
        s.swap_proven = swap && s.swap.is_some();
    }
}

fn one(s: &SymmetryDecl, var: u32, cx: &Cx, d: &mut Diagnostics) -> Option<CSymmetry> {
    let info = &cx.vars[var as usize];
    let name = &info.name;
    let mut ok = true;
    for &(kind, span) in &s.kinds {
        if matches!(kind, SymmetryKind::Swap(_)) && cx.players > 2 {
            d.push(crate::diag::many::swap(span, cx.players));
            ok = false;
            continue;
        }
        let why = match (info.kind, kind) {
            (VarKind::PerPlayer, SymmetryKind::Swap(_)) => Some(format!(
                "`{name}` has one value per player, and `swap` already exchanges them with the players; declare the swap on the variable whose values are exchanged"
            )),
            (VarKind::Scalar | VarKind::Array | VarKind::Grid, SymmetryKind::Swap(k)) => {
                swap_values(&s.swaps[k as usize], info).err()
            }
            (VarKind::Scalar, _) => Some(format!(
                "`{name}` is one value; a symmetry rearranges the cells of a grid or the elements of an array (one value can only have two of its values swapped with the players: `swap A B`)"
            )),
            (VarKind::PerPlayer, _) => Some(format!(
                "`{name}` is one value per player; a symmetry rearranges the cells of a grid or the elements of an array"
            )),
            (
                VarKind::Array,
                SymmetryKind::Mirror
                | SymmetryKind::AnyOrder
                | SymmetryKind::Rotations
                | SymmetryKind::Permutation(_),
            ) => None,
            (VarKind::Array, _) => Some(format!(
                "`{name}` is an array; an array has `mirror` (its elements in reverse order), `rotations` (read as a ring: every element moved on by the same number of places, round the end) and `any order`"
            )),
            (VarKind::Grid, SymmetryKind::AnyOrder) => Some(format!(
                "`{name}` is a grid; its cells have places, so `any order` does not apply (grids have `rotations`, `reflections`, `mirror` and `flip`)"
            )),
            (VarKind::Grid, SymmetryKind::Rotations) if info.len / info.cols != info.cols => {
                Some(format!(
                    "`{name}` is a grid of {} columns and {} rows; only a square board has quarter turns (`reflections` gives its half turn, `mirror` and `flip`)",
                    info.cols,
                    info.len / info.cols
                ))
            }
            (VarKind::Grid, _) => None,
        };
        if let Some(why) = why {
            d.push(catalog::bad_symmetry(span, &why));
            ok = false;
        }
    }
    let kinds: Vec<SymmetryKind> = s.kinds.iter().map(|(k, _)| *k).collect();
    let mut perms = Vec::new();
    for &(kind, span) in &s.kinds {
        if let SymmetryKind::Permutation(k) = kind {
            match permutation(&s.perms[k as usize], info.len) {
                Ok(p) => perms.push(p),
                Err(why) => {
                    d.push(catalog::bad_symmetry(span, &format!("`{name}` {why}")));
                    ok = false;
                }
            }
        }
    }
    if ok && !perms.is_empty() && group(info.kind, info.len, info.cols, &kinds, &perms).is_none() {
        d.push(catalog::bad_symmetry(
            s.span,
            &format!(
                "these permutations of `{name}` rearrange it in more than {MAX_GROUP} ways, more than gamec checks one by one; list fewer, or declare `any order` if every order plays alike"
            ),
        ));
        ok = false;
    }
    let words: Vec<String> = s
        .kinds
        .iter()
        .map(|(k, _)| match k {
            SymmetryKind::Rotations => "rotations".to_string(),
            SymmetryKind::Reflections => "reflections".to_string(),
            SymmetryKind::Mirror => "mirror".to_string(),
            SymmetryKind::Flip => "flip".to_string(),
            SymmetryKind::AnyOrder => "any order".to_string(),
            SymmetryKind::Permutation(k) => {
                let places: Vec<String> =
                    s.perms[*k as usize].iter().map(|p| p.to_string()).collect();
                format!("permutation [{}]", places.join(", "))
            }
            SymmetryKind::Swap(k) => {
                let [a, b] = &s.swaps[*k as usize];
                format!("swap {} {}", a.0, b.0)
            }
        })
        .collect();
    let swaps: Vec<&(SymmetryKind, Span)> = s
        .kinds
        .iter()
        .filter(|(k, _)| matches!(k, SymmetryKind::Swap(_)))
        .collect();
    if let [_, again, ..] = swaps[..] {
        d.push(catalog::bad_symmetry(
            again.1,
            &format!("`{name}` has one `swap` already; a declaration exchanges one pair of values (with the players)"),
        ));
        ok = false;
    }
    let swap = swaps.first().and_then(|entry| match entry.0 {
        SymmetryKind::Swap(k) => swap_values(&s.swaps[k as usize], info).ok(),
        _ => None,
    });
    ok.then(|| CSymmetry {
        var,
        kinds,
        text: format!("{name}: {}", words.join(", ")),
        span: s.span,
        proven: false,
        perms,
        swap,
        swap_proven: false,
    })
}

/// The two values `swap A B` exchanges, as the variable holds them, or what is wrong with them:
/// names of the variable's enumeration, or numbers in its range.
fn swap_values(pair: &[(String, Span); 2], info: &VarInfo) -> Result<(i64, i64), String> {
    let name = &info.name;
    let value = |text: &str| -> Result<i64, String> {
        if info.is_bool {
            return Err(format!(
                "`{name}` holds true or false; `swap` exchanges two values of an enumeration or two numbers"
            ));
        }
        match &info.names {
            Some(names) => names
                .iter()
                .position(|n| n == text)
                .map(|k| info.lo + k as i64)
                .ok_or_else(|| {
                    let hint = did_you_mean(text, names.iter().map(|n| n.as_str()))
                        .map_or(String::new(), |m| format!(" (did you mean `{m}`?)"));
                    format!(
                        "`{text}` is not a value of `{name}`{hint}; its values are {}",
                        names.join(", ")
                    )
                }),
            None => text
                .parse::<i64>()
                .ok()
                .filter(|v| (info.lo..=info.hi).contains(v))
                .ok_or_else(|| {
                    format!(
                        "`{name}` holds numbers in {}..={}, and `{text}` is not one of them",
                        info.lo, info.hi
                    )
                }),
        }
    };
    let (a, b) = (value(&pair[0].0)?, value(&pair[1].0)?);
    if a == b {
        return Err(format!(
            "`swap {} {}` names one value twice; it exchanges two different values",
            pair[0].0, pair[1].0
        ));
    }
    Ok((a, b))
}

/// A listed permutation of a variable of `len` elements (or cells), or what is wrong with it.
fn permutation(places: &[u64], len: u32) -> Result<Vec<u32>, String> {
    if places.len() != len as usize {
        return Err(format!(
            "has {len} elements (cells, row by row, in a grid), and a permutation lists where each goes: {} places are listed",
            places.len()
        ));
    }
    let mut seen = vec![false; len as usize];
    for &p in places {
        match seen.get_mut(p as usize) {
            None => {
                return Err(format!(
                    "has places 0..={}, and the permutation sends an element to {p}",
                    len - 1
                ))
            }
            Some(true) => {
                return Err(format!(
                    "would have two elements sent to place {p} by this permutation; each place must be listed once"
                ))
            }
            Some(s) => *s = true,
        }
    }
    Ok(places.iter().map(|&p| p as u32).collect())
}
