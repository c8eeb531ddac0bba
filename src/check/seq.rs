//! Sequential games: lays the state out in slots and compiles setup, moves and end rules.

use super::expr::{Cx, Mode, Ty};
use super::options::{self, OptValue, SetArg};
use crate::diag::{catalog, Diag, Diagnostics};
use crate::rules::*;
use crate::syntax::ast::*;

pub fn compile(file: &GameFile, sets: &[SetArg], d: &mut Diagnostics) -> Option<Rules> {
    let mut cx = Cx::new();
    options::evaluate(file, sets, &mut cx, d);
    check_players(file, d);
    for pair in [
        ("about", file.about.iter().map(|a| a.span).collect::<Vec<_>>()),
        ("setup", file.setups.iter().map(|s| s.span).collect()),
    ] {
        if let [first, second, ..] = pair.1[..] {
            d.push(catalog::duplicate_declaration(second, first, pair.0));
        }
    }
    let (slot_ranges, init) = layout_state(file, &mut cx, d);
    let setup = file.setups.first().and_then(|s| compile_setup(s, &mut cx, d));
    let moves = compile_moves(file, &mut cx, d);
    let ends: Vec<CEnd> = file.ends.iter().filter_map(|e| compile_end(e, &mut cx, d)).collect();
    let has_again = moves.iter().any(|m| contains_again(&m.body));
    check_encoding_fits(file, &slot_ranges, d);
    if d.has_errors() {
        return None;
    }
    Some(Rules {
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
        locals: cx.max_locals,
    })
}

fn check_players(file: &GameFile, d: &mut Diagnostics) {
    if let [first, second, ..] = &file.players[..] {
        d.push(catalog::duplicate_declaration(second.span, first.span, "players"));
    }
    if let Some(p) = file.players.first() {
        if p.min != 2 || p.max != Some(2) {
            let n = match p.max {
                Some(m) if m == p.min => m.to_string(),
                Some(m) => format!("{}..={m}", p.min),
                None => format!("{}..", p.min),
            };
            d.push(catalog::unsupported_players(p.span, &n));
        }
    }
}

fn elem_range(t: &ElemType, cx: &mut Cx, d: &mut Diagnostics) -> Option<(i64, i64, bool)> {
    match t {
        ElemType::Bool(_) => Some((0, 1, true)),
        ElemType::Int(r) => cx.const_range(r, Mode::Const, d).map(|(lo, hi)| (lo, hi, false)),
    }
}

/// Gives each variable its slots, ranges and initial values.
fn layout_state(file: &GameFile, cx: &mut Cx, d: &mut Diagnostics) -> (Vec<(i64, i64)>, Vec<i64>) {
    let mut ranges = Vec::new();
    let mut init = Vec::new();
    for v in file.state.iter().flat_map(|s| &s.vars) {
        let prev = cx
            .vars
            .iter()
            .map(|x| (x.name.as_str(), x.span))
            .chain(cx.options.iter().map(|o| (o.name.as_str(), o.span)))
            .find(|(n, _)| *n == v.name.name);
        if let Some((_, first)) = prev {
            d.push(catalog::duplicate_name(v.name.span, first, &v.name.name));
            continue;
        }
        let (elem, kind, len) = match &v.ty {
            VarType::Scalar(t) => (t, VarKind::Scalar, Some(1)),
            VarType::PerPlayer(t, _) => (t, VarKind::PerPlayer, Some(2)),
            VarType::Array(t, len_expr, _) => {
                let len = cx.const_int(len_expr, d);
                if let Some(n) = len.filter(|n| *n < 1 || *n > 1_000) {
                    d.push(
                        Diag::error("gamec::bad_range", format!("an array of length {n} is not allowed"))
                            .label(len_expr.span, "length")
                            .help("An array has from 1 to 1000 elements."),
                    );
                    continue;
                }
                (t, VarKind::Array, len)
            }
        };
        let (Some((lo, hi, is_bool)), Some(len)) = (elem_range(elem, cx, d), len) else {
            continue;
        };
        let values = initial_values(v, lo, hi, is_bool, len as usize, cx, d);
        let base = ranges.len() as u32;
        for k in 0..len as usize {
            ranges.push((lo, hi));
            init.push(values.as_ref().map_or(lo, |vs| vs[k]));
        }
        cx.vars.push(VarInfo {
            name: v.name.name.clone(),
            kind,
            is_bool,
            base,
            len: len as u32,
            lo,
            hi,
            span: v.name.span,
        });
    }
    (ranges, init)
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
            let (want, found) = match (is_bool, other) {
                (true, _) => ("true or false", "a number or list"),
                (false, OptValue::Bool(_)) => ("a number", "a condition"),
                _ => ("a number", "a list"),
            };
            d.push(catalog::type_mismatch(
                e.span,
                want,
                found,
                &format!("`{}` starts with a value of its declared kind.", v.name.name),
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

fn check_encoding_fits(file: &GameFile, ranges: &[(i64, i64)], d: &mut Diagnostics) {
    let mut total: u128 = 4; // turn and last-mover flag
    for (lo, hi) in ranges {
        total = total.saturating_mul((*hi as i128 - *lo as i128 + 1) as u128);
    }
    if total > u64::MAX as u128 {
        let span = file.state.first().map(|s| s.span).unwrap_or(file.span);
        d.push(catalog::state_too_large(span));
    }
}

fn compile_setup(s: &Setup, cx: &mut Cx, d: &mut Diagnostics) -> Option<CSetup> {
    let by_player = match &s.by_player {
        None => None,
        Some(e) => match cx.const_int(e, d)? {
            p @ 1..=2 => Some(p as u8),
            p => {
                d.push(
                    Diag::error("gamec::bad_player", format!("there is no player {p}"))
                        .label(e.span, "not a player")
                        .help("Players are numbered 1 and 2."),
                );
                return None;
            }
        },
    };
    let body = stmts(&s.body, cx, Place::Setup, d)?;
    Some(CSetup {
        by_player,
        body,
        span: s.span,
    })
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Setup,
    SetupNested,
    Move,
}

fn stmts(b: &Block, cx: &mut Cx, place: Place, d: &mut Diagnostics) -> Option<Vec<CStmt>> {
    let mut out = Vec::new();
    let mut ok = true;
    for s in &b.stmts {
        match stmt(s, cx, place, d) {
            Some(c) => out.push(c),
            None => ok = false,
        }
    }
    ok.then_some(out)
}

fn target(t: &LValue, cx: &mut Cx, d: &mut Diagnostics) -> Option<(CTarget, bool)> {
    let Some(vi) = cx.vars.iter().position(|v| v.name == t.name.name) else {
        let what = if cx.local_names().contains(&t.name.name) {
            Some("a parameter")
        } else if cx.options.iter().any(|o| o.name == t.name.name) {
            Some("an option")
        } else {
            None
        };
        match what {
            Some(w) => d.push(catalog::not_assignable(t.span, &t.name.name, w)),
            None => {
                // Resolving it as an expression reports the unknown name with a suggestion.
                let e = Expr {
                    kind: ExprKind::Name(t.name.name.clone()),
                    span: t.name.span,
                };
                cx.expr(&e, Mode::Rule, d);
            }
        }
        return None;
    };
    let info = cx.vars[vi].clone();
    if info.kind == VarKind::PerPlayer {
        cx.uses_turn = true;
    }
    let index = match (&t.index, info.kind) {
        (None, VarKind::Scalar) => None,
        (Some(ix), VarKind::Array | VarKind::PerPlayer) => Some(cx.int(ix, Mode::Rule, d)?),
        (None, _) => {
            d.push(catalog::type_mismatch(
                t.span,
                "one element",
                "a whole array",
                &format!("Assign to one element, like `{}[i] = ...`.", info.name),
            ));
            return None;
        }
        (Some(_), VarKind::Scalar) => {
            d.push(catalog::type_mismatch(
                t.span,
                "an array",
                "a single value",
                &format!("`{}` is not an array; assign to it without `[...]`.", info.name),
            ));
            return None;
        }
    };
    Some((
        CTarget {
            var: vi as u32,
            index,
            span: t.span,
        },
        info.is_bool,
    ))
}

fn stmt(s: &Stmt, cx: &mut Cx, place: Place, d: &mut Diagnostics) -> Option<CStmt> {
    match s {
        Stmt::Assign {
            target: t,
            op,
            value,
            span,
        } => {
            let tg = target(t, cx, d);
            let v = cx.expr(value, Mode::Rule, d);
            let ((tg, is_bool), v) = (tg?, v?);
            let want = if is_bool { Ty::Bool } else { Ty::Int };
            if v.ty != want || (is_bool && *op != AssignOp::Set) {
                let help = if is_bool && *op != AssignOp::Set {
                    "A `bool` variable is set with `=`, not changed with `+=`, `-=` or `*=`."
                } else {
                    "The value must be of the variable's kind: a number, or true/false for `bool`."
                };
                d.push(catalog::type_mismatch(
                    value.span,
                    if is_bool { "true or false" } else { "a number" },
                    if v.ty == Ty::Bool { "a condition" } else { "a number or array" },
                    help,
                ));
                return None;
            }
            let op = match op {
                AssignOp::Set => COp::Set,
                AssignOp::Add => COp::Add,
                AssignOp::Sub => COp::Sub,
                AssignOp::Mul => COp::Mul,
            };
            Some(CStmt::Assign {
                target: tg,
                op,
                value: v.c,
                span: *span,
            })
        }
        Stmt::If {
            cond,
            then,
            otherwise,
            ..
        } => {
            let inner = if place == Place::Move { Place::Move } else { Place::SetupNested };
            let c = cx.cond(cond, Mode::Rule, d);
            let t = stmts(then, cx, inner, d);
            let o = match otherwise {
                Some(b) => stmts(b, cx, inner, d),
                None => Some(Vec::new()),
            };
            Some(CStmt::If {
                cond: c?,
                then: t?,
                otherwise: o?,
            })
        }
        Stmt::Again(span) => {
            if place != Place::Move {
                d.push(catalog::misplaced_statement(*span, "again", "in a move's body, to keep the turn"));
                return None;
            }
            Some(CStmt::Again)
        }
        Stmt::Roll {
            target: t,
            domain,
            weights,
            span,
        } => {
            if place != Place::Setup {
                d.push(catalog::misplaced_statement(
                    *span,
                    "roll",
                    "directly inside `setup { ... }` (chance happens before the first move)",
                ));
                return None;
            }
            let tg = target(t, cx, d);
            let dom = cx.domain(domain, Mode::Rule, d);
            let ws = match weights {
                None => Some(None),
                Some(ws) => ws
                    .iter()
                    .map(|w| cx.int(w, Mode::Rule, d))
                    .collect::<Option<Vec<_>>>()
                    .map(Some),
            };
            Some(CStmt::Roll {
                target: tg?.0,
                domain: dom?,
                weights: ws?,
                span: *span,
            })
        }
    }
}

fn compile_moves(file: &GameFile, cx: &mut Cx, d: &mut Diagnostics) -> Vec<CMove> {
    let mut out = Vec::new();
    for (k, m) in file.moves.iter().enumerate() {
        if let Some(prev) = file.moves[..k].iter().find(|p| p.name.name == m.name.name) {
            d.push(catalog::duplicate_name(m.name.span, prev.name.span, &m.name.name));
            continue;
        }
        if let Some(c) = compile_move(m, cx, d) {
            out.push(c);
        }
    }
    out
}

fn compile_move(m: &MoveDecl, cx: &mut Cx, d: &mut Diagnostics) -> Option<CMove> {
    let mut domains = Vec::new();
    let mut ok = true;
    let first_local = cx.max_locals.max(0);
    let mut pushed = 0;
    let base_locals = cx.local_names().len();
    debug_assert_eq!(base_locals, 0);
    for (k, p) in m.params.iter().enumerate() {
        if let Some(prev) = m.params[..k].iter().find(|q| q.name.name == p.name.name) {
            d.push(catalog::duplicate_name(p.name.span, prev.name.span, &p.name.name));
            ok = false;
        }
        match cx.domain(&p.domain, Mode::Rule, d) {
            Some(dom) => domains.push(dom),
            None => ok = false,
        }
        cx.push_local(&p.name.name);
        pushed += 1;
    }
    let guard = match &m.guard {
        Some(g) => cx.cond(g, Mode::Rule, d).map(Some),
        None => Some(None),
    };
    let body = stmts(&m.body, cx, Place::Move, d);
    cx.pop_locals(pushed);
    if let Some(label) = &m.label {
        ok &= check_label(label, m, d);
    }
    let (guard, body) = (guard?, body?);
    if !ok {
        return None;
    }
    // Locals are numbered from 0 within every move (the scope stack restarts), so the move's first
    // parameter is local 0.
    let _ = first_local;
    Some(CMove {
        name: m.name.name.clone(),
        params: m.params.iter().map(|p| p.name.name.clone()).collect(),
        label: m.label.as_ref().map(|l| l.value.clone()),
        first_local: 0,
        domains,
        guard,
        body,
        span: m.span,
    })
}

/// Every `{name}` in an `as "..."` label must be a parameter of the move.
fn check_label(label: &StrLit, m: &MoveDecl, d: &mut Diagnostics) -> bool {
    let mut ok = true;
    let mut rest = label.value.as_str();
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        let name = &after[..close];
        if !m.params.iter().any(|p| p.name.name == name) {
            let names: Vec<&str> = m.params.iter().map(|p| p.name.name.as_str()).collect();
            d.push(catalog::unknown_name(
                label.span,
                name,
                crate::diag::did_you_mean(name, names.iter().copied()),
            ));
            ok = false;
        }
        rest = &after[close + 1..];
    }
    ok
}

fn compile_end(e: &EndRule, cx: &mut Cx, d: &mut Diagnostics) -> Option<CEnd> {
    let cond = match &e.cond {
        EndCond::NoMoves(_) => Some(None),
        EndCond::Expr(x) => cx.cond(x, Mode::Rule, d).map(Some),
    };
    let outcome = match &e.outcome.kind {
        OutcomeKind::LastMover { wins } => Some(COutcome::LastMover { wins: *wins }),
        OutcomeKind::Mover { wins } => Some(COutcome::Mover { wins: *wins }),
        OutcomeKind::Tie => Some(COutcome::Tie),
        OutcomeKind::Player { player, wins } => {
            cx.uses_turn = true;
            cx.int(player, Mode::Rule, d)
                .map(|player| COutcome::Player { player, wins: *wins })
        }
        OutcomeKind::Each { var, cond } => {
            cx.uses_turn = true;
            let local = cx.push_local(&var.name);
            let c = cx.cond(cond, Mode::Rule, d);
            cx.pop_locals(1);
            c.map(|cond| COutcome::Each { local, cond })
        }
    };
    Some(CEnd {
        cond: cond?,
        outcome: outcome?,
        span: e.span,
        outcome_span: e.outcome.span,
    })
}

fn contains_again(stmts: &[CStmt]) -> bool {
    stmts.iter().any(|s| match s {
        CStmt::Again => true,
        CStmt::If { then, otherwise, .. } => contains_again(then) || contains_again(otherwise),
        _ => false,
    })
}
