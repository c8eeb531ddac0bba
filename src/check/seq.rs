//! Sequential games: lays the state out in slots and compiles the setup; statements are compiled
//! in `stmts`, moves and end rules in `moves`.

use super::expr::{Cx, Mode, Ty};
use super::moves::{compile_end, compile_moves, contains_again};
use super::options::{self, SetArg};
use super::players::{const_player, first_mover};
use super::stmts::{stmts, Place};
use super::value::OptValue;
use crate::diag::{catalog, Diagnostics};
use crate::rules::*;
use crate::syntax::ast::*;

pub fn compile(file: &GameFile, sets: &[SetArg], d: &mut Diagnostics) -> Option<Rules> {
    let mut cx = Cx::new();
    cx.defs = super::types::Defs::new(&file.defs, super::expr::BUILTINS, d);
    // Before the options, whose defaults may be an enumeration's value.
    super::enums::register_enums(file, &mut cx, d);
    // Before the options too, whose defaults may say `players`.
    cx.players = super::solo::players_of(file, d);
    options::evaluate(file, sets, &mut cx, d);
    if cx.players == 1 {
        super::solo::refuse_setups(file, d);
    }
    if cx.players > 2 {
        for s in &file.setups {
            d.push(crate::diag::many::setup(s.span, cx.players));
        }
        // Every view of the game reads whose turn it is (`rules::view`).
        cx.uses_turn = true;
    }
    for pair in [
        (
            "about",
            file.about.iter().map(|a| a.span).collect::<Vec<_>>(),
        ),
        ("setup", file.setups.iter().map(|s| s.span).collect()),
    ] {
        if let [first, second, ..] = pair.1[..] {
            d.push(catalog::duplicate_declaration(second, first, pair.0));
        }
    }
    let (slot_ranges, init) = layout_state(file, &mut cx, d);
    for def in &cx.defs.decls {
        if let Some(first) = cx.declared(&def.name.name) {
            d.push(catalog::duplicate_name(
                def.name.span,
                first,
                &def.name.name,
            ));
        }
    }
    // A second setup is an error, but it is checked too (for its problems and what it reads).
    let setups: Vec<Option<CSetup>> = file
        .setups
        .iter()
        .map(|s| compile_setup(s, &mut cx, d))
        .collect();
    let setup = setups.into_iter().next().flatten();
    let first_mover = first_mover(file, setup.as_ref(), &mut cx, d);
    let mut moves = compile_moves(file, &mut cx, d);
    let ends: Vec<CEnd> = file
        .ends
        .iter()
        .filter_map(|e| compile_end(e, &mut cx, d))
        .collect();
    // One player keeps the turn after every move; positions need not record who moved last, as
    // no rule can tell (`mover` and `last mover` are both player 1).
    let has_again = cx.players == 2 && moves.iter().any(|m| contains_again(&m.body));
    if cx.players == 1 {
        super::solo::keep_turn(&mut moves);
    }
    // A puzzle's scores are refused where they are written (`solo::outcome`): one report.
    let scored = cx.players >= 2 && super::scores::scored(&file.ends, d);
    let symmetries = super::symmetry::compile(file, &cx, d);
    check_encoding_fits(file, &slot_ranges, (cx.uses_turn, has_again), &cx, d);
    cx.unused_defs(d);
    for (k, v) in cx.vars.iter().enumerate() {
        if !cx.read.get(k).copied().unwrap_or(false) {
            d.push(catalog::unused_variable(v.span, &v.name));
        }
    }
    if d.has_errors() {
        return None;
    }
    let (labels_checked, coordinates) = super::label::label_needs(&moves);
    let mut rules = Rules {
        name: file.name.value.clone(),
        about: file.about.first().map(|a| a.value.clone()),
        vars: cx.vars.clone(),
        slot_ranges,
        init,
        setup,
        moves,
        ends,
        turn_matters: cx.uses_turn,
        has_again,
        scored,
        locals: cx.max_locals,
        symmetries,
        first_mover,
        players: cx.players,
        view: None,
        labels_checked,
        coordinates,
    };
    super::symmetry::prove(&mut rules);
    Some(rules)
}

/// An element's range, whether it is a condition, and its enumeration (registered before the
/// options, `register_enums`).
fn elem_range(
    t: &ElemType,
    cx: &mut Cx,
    d: &mut Diagnostics,
) -> Option<(i64, i64, bool, Option<u32>)> {
    match t {
        ElemType::Bool(_) => Some((0, 1, true, None)),
        ElemType::Int(r) => cx
            .const_range(r, Mode::Const, d)
            .map(|(lo, hi)| (lo, hi, false, None)),
        ElemType::Enum(values, span) => {
            let e = *cx.enum_at.get(&span.start)?;
            Some((0, values.len() as i64 - 1, false, Some(e)))
        }
    }
}

/// The initial values of an enumeration's variable (or a bool array started by a list): one value
/// for every element, or (arrays) a list with one per element. Without `= ...`, the first value.
fn listed_init(
    v: &VarDecl,
    want: Ty,
    len: usize,
    cx: &mut Cx,
    d: &mut Diagnostics,
) -> Option<Vec<i64>> {
    let Some(init) = v.init.as_ref() else {
        return Some(vec![0; len]);
    };
    let one = |x: &Expr, cx: &mut Cx, d: &mut Diagnostics| -> Option<i64> {
        let t = cx.expr(x, Mode::Const, d)?;
        let c = cx.want(t, want.clone(), x.span, d)?;
        cx.eval_const(&c, x.span, d)
    };
    match &init.kind {
        ExprKind::List(items) if v_is_array(v) => {
            if items.len() != len {
                d.push(catalog::type_mismatch(
                    init.span,
                    &format!("{len} values"),
                    &format!("a list of {} values", items.len()),
                    &format!("`{}` has {len} elements; give one value for each, or a single value for all.", v.name.name),
                ));
                return None;
            }
            items.iter().map(|x| one(x, cx, d)).collect()
        }
        _ => Some(vec![one(init, cx, d)?; len]),
    }
}

/// Gives each variable its slots, ranges and initial values.
fn layout_state(file: &GameFile, cx: &mut Cx, d: &mut Diagnostics) -> (Vec<(i64, i64)>, Vec<i64>) {
    let mut ranges = Vec::new();
    let mut init = Vec::new();
    for v in file.state.iter().flat_map(|s| &s.vars) {
        let since = d.0.len();
        layout_var(v, cx, d, &mut ranges, &mut init);
        options::blame_sets(cx, d, since, &var_exprs(v));
    }
    (ranges, init)
}

/// The constant expressions of a variable's declaration: range ends, length, initial value.
fn var_exprs(v: &VarDecl) -> Vec<&Expr> {
    let (elem, len) = match &v.ty {
        VarType::Scalar(t) | VarType::PerPlayer(t, _) => (t, None),
        VarType::Array(t, len, _) => (t, Some(len)),
        VarType::Grid(t, w, _, _) => (t, Some(w)),
    };
    let mut exprs: Vec<&Expr> = match elem {
        ElemType::Int(r) => vec![&r.lo, &r.hi],
        ElemType::Bool(_) | ElemType::Enum(..) => Vec::new(),
    };
    exprs.extend(len);
    if let VarType::Grid(_, _, h, _) = &v.ty {
        exprs.push(h);
    }
    exprs.extend(v.init.as_ref());
    exprs
}

/// Lays out one variable: its slots, ranges and initial values.
fn layout_var(
    v: &VarDecl,
    cx: &mut Cx,
    d: &mut Diagnostics,
    ranges: &mut Vec<(i64, i64)>,
    init: &mut Vec<i64>,
) {
    if let Some(first) = cx.declared(&v.name.name) {
        d.push(catalog::duplicate_name(v.name.span, first, &v.name.name));
        return;
    }
    let mut grid_cols = 0;
    let (elem, kind, len) = match &v.ty {
        VarType::Scalar(t) => (t, VarKind::Scalar, Some(1)),
        VarType::PerPlayer(_, span) if cx.players == 1 => {
            d.push(crate::diag::puzzle::per_player(*span));
            cx.poisoned.push(v.name.name.clone());
            return;
        }
        VarType::PerPlayer(t, _) => (t, VarKind::PerPlayer, Some(i64::from(cx.players))),
        VarType::Array(t, len_expr, _) => {
            let len = cx.const_int(len_expr, d);
            if let Some(n) = len.filter(|n| *n < 1 || *n > 1_000) {
                d.push(catalog::bad_array_length(len_expr.span, n));
                // Its uses are not reported again as unknown names.
                cx.poisoned.push(v.name.name.clone());
                return;
            }
            (t, VarKind::Array, len)
        }
        VarType::Grid(t, w, h, span) => {
            let (cols, rows) = (cx.const_int(w, d), cx.const_int(h, d));
            let (Some(cols), Some(rows)) = (cols, rows) else {
                cx.poisoned.push(v.name.name.clone());
                return;
            };
            let cells = cols.checked_mul(rows).filter(|_| cols >= 1 && rows >= 1);
            if cells.is_none_or(|n| n > 1_000) {
                d.push(catalog::bad_grid_size(*span, cols, rows));
                cx.poisoned.push(v.name.name.clone());
                return;
            }
            grid_cols = cols as u32;
            (t, VarKind::Grid, cells)
        }
    };
    let (Some((lo, hi, is_bool, enum_id)), Some(len)) = (elem_range(elem, cx, d), len) else {
        cx.poisoned.push(v.name.name.clone());
        return;
    };
    let listed = |v: &VarDecl| matches!(v.init.as_ref().map(|e| &e.kind), Some(ExprKind::List(_)));
    let values = match enum_id {
        Some(e) => listed_init(v, Ty::Enum(e), len as usize, cx, d),
        // A list of conditions is no option value, so a bool array's list start is read element
        // by element, as an enumeration's is.
        None if is_bool && v_is_array(v) && listed(v) => {
            listed_init(v, Ty::Bool, len as usize, cx, d)
        }
        None => initial_values(v, lo, hi, is_bool, len as usize, cx, d),
    };
    let names = enum_id.map(|e| cx.enums[e as usize].names.clone().into());
    let shown = enum_id.map(|e| cx.enums[e as usize].shown.clone().into());
    let base = ranges.len() as u32;
    for k in 0..len as usize {
        ranges.push((lo, hi));
        init.push(values.as_ref().map_or(lo, |vs| vs[k]));
    }
    cx.add_var(VarInfo {
        name: v.name.name.clone(),
        kind,
        is_bool,
        enum_id,
        names,
        shown,
        base,
        len: len as u32,
        cols: grid_cols,
        lo,
        hi,
        span: v.name.span,
    });
}

fn initial_values(
    v: &VarDecl,
    lo: i64,
    hi: i64,
    is_bool: bool,
    len: usize,
    cx: &mut Cx,
    d: &mut Diagnostics,
) -> Option<Vec<i64>> {
    let e = v.init.as_ref()?;
    let value = cx.const_value(e, d)?;
    let values = match value {
        OptValue::Int(x) if !is_bool => vec![x; len],
        OptValue::Bool(b) if is_bool => vec![b as i64; len],
        OptValue::List(xs) if !is_bool && v_is_array(v) => {
            if xs.len() != len {
                d.push(catalog::type_mismatch(
                    e.span,
                    &format!("{len} values"),
                    &format!("a list of {} values", xs.len()),
                    &format!("`{}` has {len} elements; give one value for each, or a single value for all.", v.name.name),
                ));
                return None;
            }
            xs
        }
        other => {
            let found = match other {
                OptValue::Int(_) => "a number",
                OptValue::Bool(_) => "a condition",
                OptValue::List(_) => "a list",
                OptValue::Enum { .. } => "a value of an enumeration",
            };
            let want = if is_bool { "true or false" } else { "a number" };
            d.push(catalog::type_mismatch(
                e.span,
                want,
                found,
                &format!(
                    "`{}` starts with a value of its declared kind.",
                    v.name.name
                ),
            ));
            return None;
        }
    };
    for x in &values {
        if *x < lo || *x > hi {
            d.push(catalog::init_out_of_range(e.span, &v.name.name, *x, lo, hi));
            return None;
        }
    }
    Some(values)
}

fn v_is_array(v: &VarDecl) -> bool {
    !matches!(v.ty, VarType::Scalar(_))
}

/// The positions must be numbered in 64 bits, their slots' combinations in 63; when they cannot,
/// the `--set`s that widened the ranges are named. A position records whose turn it is only when a rule reads the turn
/// (`turn_matters`), and whether the last move kept it only when a move says `again`
/// (`has_again`), as `engine::Engine::new` numbers them.
fn check_encoding_fits(
    file: &GameFile,
    ranges: &[(i64, i64)],
    recorded: (bool, bool),
    cx: &Cx,
    d: &mut Diagnostics,
) {
    let since = d.0.len();
    let (turn, again) = recorded;
    let mut combos = Count {
        exact: Some(1),
        log2: 0.0,
    };
    for (lo, hi) in ranges {
        combos.times(hi.abs_diff(*lo) as u128 + 1);
    }
    let mut total = combos;
    total.times(if turn { 2 } else { 1 } * if again { 2 } else { 1 });
    // A view of an N-player game records who is to move and who moved last (`rules::view`).
    if cx.players > 2 {
        total.times(u128::from(cx.players).pow(2));
    }
    // A slot's digit, a move's change to the number and the child's number are worked out in
    // i64, so every position's number, flags included, must fit in 63 bits (a number past it
    // overflowed `code as i64 + delta`: fuzz seed 21, inputs 68863 and 86465).
    let too_many = combos.exact.is_none_or(|n| n > i64::MAX as u128);
    if too_many || total.exact.is_none_or(|n| n > i64::MAX as u128) {
        let span = file.state.first().map(|s| s.span).unwrap_or(file.span);
        let (combos, total) = (combos.to_string(), total.to_string());
        let flags = (turn && !too_many, again && !too_many);
        d.push(catalog::state_too_large(span, &combos, &total, flags));
        let exprs: Vec<&Expr> = file
            .state
            .iter()
            .flat_map(|s| &s.vars)
            .flat_map(var_exprs)
            .collect();
        options::blame_sets(cx, d, since, &exprs);
    }
}

/// A number of combinations: exact while it fits in 128 bits, and its base-2 logarithm.
#[derive(Clone, Copy)]
struct Count {
    exact: Option<u128>,
    log2: f64,
}

impl Count {
    fn times(&mut self, n: u128) {
        self.exact = self.exact.and_then(|e| e.checked_mul(n));
        self.log2 += (n as f64).log2();
    }
}

impl std::fmt::Display for Count {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.exact {
            Some(n) if n.is_power_of_two() => write!(f, "{n} (2^{})", n.trailing_zeros()),
            Some(n) => write!(f, "{n} (about 2^{:.1})", self.log2),
            None => write!(f, "about 2^{:.1}", self.log2),
        }
    }
}

fn compile_setup(s: &Setup, cx: &mut Cx, d: &mut Diagnostics) -> Option<CSetup> {
    let by_player = match &s.by_player {
        None => None,
        Some(e) => Some(const_player(e, cx, d)?),
    };
    let body = stmts(&s.body, cx, Place::Setup, d)?;
    Some(CSetup {
        by_player,
        body,
        span: s.span,
    })
}
