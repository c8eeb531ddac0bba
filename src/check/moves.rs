//! Move families (parameters, guards, bodies, labels) and end rules with their outcomes.

use super::expr::{Cx, Mode, Ty};
use super::label::compile_label;
use super::stmts::{stmts, Place};
use crate::diag::{catalog, Diagnostics};
use crate::rules::*;
use crate::syntax::ast::*;
use rustc_hash::FxHashMap;

/// The most parameters a move may have.
pub const MAX_PARAMS: usize = 100;

pub(super) fn compile_moves(file: &GameFile, cx: &mut Cx, d: &mut Diagnostics) -> Vec<CMove> {
    let mut out = Vec::new();
    let mut seen: FxHashMap<&str, Span> = FxHashMap::default();
    for m in &file.moves {
        // Every chance turn is named `chance`: several are several turns, not a repeated name.
        let prev = m
            .chance
            .is_none()
            .then(|| seen.get(m.name.name.as_str()))
            .flatten();
        if let Some(&prev) = prev {
            d.push(catalog::duplicate_name(m.name.span, prev, &m.name.name));
            // Still checked, for its own problems and for what it reads (no false "unused").
            let _ = compile_move(m, cx, d);
            continue;
        }
        if m.chance.is_none() {
            seen.insert(&m.name.name, m.name.span);
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
    let mut pushed = 0;
    // Parameters are locals 0, 1, ... : no other scope is open while a move is compiled.
    debug_assert!(cx.local_names().is_empty());
    if let Some(p) = m.params.get(MAX_PARAMS) {
        // Each parameter is a loop nested in the one before; locals are numbered in 16 bits.
        d.push(catalog::too_deep(p.name.span, MAX_PARAMS, "parameters"));
        return None;
    }
    for (k, p) in m.params.iter().enumerate() {
        if let Some(prev) = m.params[..k].iter().find(|q| q.name.name == p.name.name) {
            d.push(catalog::duplicate_name(
                p.name.span,
                prev.name.span,
                &p.name.name,
            ));
            ok = false;
        }
        match cx.domain(&p.domain, Mode::Rule, d) {
            Some(dom) => domains.push(dom),
            None => ok = false,
        }
        match &p.domain {
            Domain::Enum(_, span) => match cx.enum_at.get(&span.start) {
                Some(&e) => cx.push_local_typed(&p.name.name, Ty::Enum(e)),
                None => cx.push_local(&p.name.name),
            },
            _ => cx.push_local(&p.name.name),
        };
        pushed += 1;
    }
    let guard = match &m.guard {
        Some(g) => cx.cond(g, Mode::Rule, d).map(Some),
        None => Some(None),
    };
    let place = if m.chance.is_some() {
        Place::Chance
    } else {
        Place::Move
    };
    let body = stmts(&m.body, cx, place, d);
    // A label sees the parameters (and the options and the state), as the guard does.
    let label = match &m.label {
        Some(l) => compile_label(l, cx, d).map(Some),
        None => Some(None),
    };
    cx.pop_locals(pushed);
    let (guard, body, label) = (guard?, body?, label?);
    if !ok {
        return None;
    }
    if let Some(t) = m.together {
        if m.params.len() != 2 {
            d.push(crate::diag::together::params(t, m.params.len()));
            return None;
        }
        if cx.players != 2 {
            d.push(crate::diag::together::players(t, cx.players));
            return None;
        }
    }
    let label = label.or_else(|| plain_label(m, cx));
    Some(CMove {
        name: m.name.name.clone(),
        params: m.params.iter().map(|p| p.name.name.clone()).collect(),
        label,
        label_span: m.label.as_ref().map_or(m.name.span, |l| l.span),
        domains,
        guard,
        // A simultaneous move's pairs go to the chance solve's stages, never to a fast path.
        simple: simplify(&body).filter(|_| m.together.is_none() && m.chance.is_none()),
        body,
        together: m.together.is_some(),
        chance: m.chance.is_some(),
        span: m.span,
    })
}

/// The plain name (`go jumps 3`) of a move without a template whose parameters include an
/// enumeration written in place: the same words as a plain name of numbers (`NAME ARG ARG`), with
/// the enumeration's values by their display text. `None` when every parameter is a number.
fn plain_label(m: &MoveDecl, cx: &Cx) -> Option<Vec<LabelPart>> {
    let shown = |p: &Param| match &p.domain {
        Domain::Enum(_, span) => (cx.enum_at.get(&span.start))
            .map(|&e| std::sync::Arc::from(cx.enums[e as usize].shown.clone())),
        _ => None,
    };
    if m.params.iter().all(|p| shown(p).is_none()) {
        return None;
    }
    let mut parts = vec![LabelPart::Text(m.name.name.clone())];
    for (k, p) in m.params.iter().enumerate() {
        parts.push(LabelPart::Text(" ".to_string()));
        parts.push(LabelPart::Value {
            expr: CExpr::Local(k as u16),
            is_bool: false,
            shown: shown(p),
        });
    }
    Some(parts)
}

pub(super) fn compile_end(e: &EndRule, cx: &mut Cx, d: &mut Diagnostics) -> Option<CEnd> {
    let cond = match &e.cond {
        EndCond::NoMoves(_) => Some(None),
        EndCond::Expr(x) => cx.cond(x, Mode::Rule, d).map(Some),
    };
    let outcome = compile_outcome(&e.outcome, cx, d);
    Some(CEnd {
        cond: cond?,
        outcome: outcome?,
        span: e.span,
        outcome_span: e.outcome.span,
    })
}

fn compile_outcome(o: &Outcome, cx: &mut Cx, d: &mut Diagnostics) -> Option<COutcome> {
    let c = compile_outcome_as_written(o, cx, d)?;
    match cx.players {
        1 => super::solo::outcome(c, o.span, cx, d),
        2 => Some(c),
        // With three or more players an outcome naming only the loser means every other
        // player wins (docs/language.md, "Three or more players").
        _ => Some(c),
    }
}

fn compile_outcome_as_written(o: &Outcome, cx: &mut Cx, d: &mut Diagnostics) -> Option<COutcome> {
    // With one player no outcome asks whose turn it is (`solo::outcome`).
    let two = cx.players >= 2;
    match &o.kind {
        OutcomeKind::If {
            cond,
            then,
            otherwise,
        } => {
            let c = cx.cond(cond, Mode::Rule, d);
            let a = compile_outcome(then, cx, d);
            let b = compile_outcome(otherwise, cx, d);
            Some(COutcome::If {
                cond: c?,
                then: Box::new((a?, then.span)),
                otherwise: Box::new((b?, otherwise.span)),
            })
        }
        OutcomeKind::LastMover { wins } => Some(COutcome::LastMover { wins: *wins }),
        OutcomeKind::Mover { wins } => Some(COutcome::Mover { wins: *wins }),
        OutcomeKind::Tie => Some(COutcome::Tie),
        OutcomeKind::Player { player, wins } => {
            cx.uses_turn |= two;
            cx.int(player, Mode::Rule, d)
                .map(|player| COutcome::Player {
                    player,
                    wins: *wins,
                })
        }
        // Both name each player in turn; a margin (the mover's score less the other's) depends on
        // whose turn it is, as a winner named by condition does.
        OutcomeKind::Each { var, cond } => each_player(cx, var, |cx| cx.cond(cond, Mode::Rule, d))
            .map(|(local, cond)| COutcome::Each { local, cond }),
        OutcomeKind::Score { var, expr } => each_player(cx, var, |cx| cx.int(expr, Mode::Rule, d))
            .map(|(local, expr)| COutcome::Score { local, expr }),
    }
}

/// Compiles an expression read once for each player, with `var` naming the player.
fn each_player(
    cx: &mut Cx,
    var: &Ident,
    compile: impl FnOnce(&mut Cx) -> Option<CExpr>,
) -> Option<(u16, CExpr)> {
    // With one player no outcome asks whose turn it is (`solo::outcome`).
    cx.uses_turn |= cx.players >= 2;
    let local = cx.push_local(&var.name);
    let e = compile(cx);
    cx.pop_locals(1);
    e.map(|e| (local, e))
}

pub(super) fn contains_again(stmts: &[CStmt]) -> bool {
    stmts.iter().any(|s| match s {
        CStmt::Again | CStmt::NextMover { .. } => true,
        CStmt::If {
            then, otherwise, ..
        } => contains_again(then) || contains_again(otherwise),
        CStmt::For { body, .. } => contains_again(body),
        _ => false,
    })
}
