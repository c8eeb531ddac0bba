//! `symmetry VAR: KIND, ...`: the variable must be a grid or an array with that symmetry; the
//! declarations become `rules::CSymmetry`, with the proof for `any order` where the rules give one.

use super::expr::Cx;
use crate::diag::{catalog, did_you_mean, Diagnostics};
use crate::rules::{proves_any_order, CSymmetry, Rules, SymmetryKind, VarKind};
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

/// Proves `any order` where the rules allow it (after they are compiled).
pub fn prove(rules: &mut Rules) {
    let proofs: Vec<bool> = rules
        .symmetries
        .iter()
        .map(|s| {
            s.kinds.contains(&SymmetryKind::AnyOrder)
                && proves_any_order(rules, &rules.vars[s.var as usize])
        })
        .collect();
    for (s, p) in rules.symmetries.iter_mut().zip(proofs) {
        s.proven = p;
    }
}

fn one(s: &SymmetryDecl, var: u32, cx: &Cx, d: &mut Diagnostics) -> Option<CSymmetry> {
    let info = &cx.vars[var as usize];
    let name = &info.name;
    let mut ok = true;
    for &(kind, span) in &s.kinds {
        let why = match (info.kind, kind) {
            (VarKind::Scalar | VarKind::PerPlayer, _) => Some(format!(
                "`{name}` is {}; a symmetry rearranges the cells of a grid or the elements of an array",
                if info.kind == VarKind::Scalar { "one value" } else { "one value per player" }
            )),
            (
                VarKind::Array,
                SymmetryKind::Mirror | SymmetryKind::AnyOrder | SymmetryKind::Rotations,
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
    let words: Vec<&str> = s
        .kinds
        .iter()
        .map(|(k, _)| match k {
            SymmetryKind::Rotations => "rotations",
            SymmetryKind::Reflections => "reflections",
            SymmetryKind::Mirror => "mirror",
            SymmetryKind::Flip => "flip",
            SymmetryKind::AnyOrder => "any order",
        })
        .collect();
    ok.then(|| CSymmetry {
        var,
        kinds: s.kinds.iter().map(|(k, _)| *k).collect(),
        text: format!("{name}: {}", words.join(", ")),
        span: s.span,
        proven: false,
    })
}
