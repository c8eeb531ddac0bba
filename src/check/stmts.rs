//! Statements: assignments (range-checked at run time), `if`, `let`, `for`, `again` and `roll`,
//! each allowed only where it makes sense.

use super::expr::{elem_ty, Cx, Mode, Res, Ty};
use crate::diag::{catalog, names, Diagnostics};
use crate::rules::*;
use crate::syntax::ast::*;

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    Setup,
    SetupNested,
    Move,
    /// The body of a chance turn (`chance if C { ... }`): a move's statements but `again`.
    Chance,
}

pub(super) fn stmts(
    b: &Block,
    cx: &mut Cx,
    place: Place,
    d: &mut Diagnostics,
) -> Option<Vec<CStmt>> {
    let mut out = Vec::new();
    let mut ok = true;
    let mut lets = 0;
    for s in &b.stmts {
        match s {
            Stmt::Let { name, value, span } => {
                if place == Place::Setup {
                    d.push(catalog::misplaced_statement(
                        *span,
                        "let",
                        "in a move's body, or inside an `if` or `for` of the setup (each roll starts a new branch of the setup)",
                    ));
                    ok = false;
                    continue;
                }
                // The value is read before the name is in scope: `let n = n + 1` reads the outer n.
                let v = cx.expr(value, Mode::Rule, d);
                match v {
                    Some(v) if matches!(v.ty, Ty::Int | Ty::Bool | Ty::Enum(_) | Ty::Run(_)) => {
                        let local = cx.push_local_typed(&name.name, v.ty);
                        cx.bound_by.push((local, true));
                        lets += 1;
                        out.push(CStmt::Let { local, value: v.c });
                    }
                    Some(_) => {
                        d.push(catalog::type_mismatch(
                            value.span,
                            "a number, a condition or a value",
                            "a whole array or list",
                            "`let` names one value; index the array, like `heap[i]`.",
                        ));
                        cx.poisoned.push(name.name.clone());
                        ok = false;
                    }
                    None => {
                        // Its value was reported; its uses are not unknown names as well.
                        cx.poisoned.push(name.name.clone());
                        ok = false;
                    }
                }
            }
            _ => match stmt(s, cx, place, d) {
                Some(c) => out.push(c),
                None => ok = false,
            },
        }
    }
    cx.pop_locals(lets);
    ok.then_some(out)
}

fn target(t: &LValue, cx: &mut Cx, d: &mut Diagnostics) -> Option<(CTarget, Ty)> {
    if cx.local_names().contains(&t.name.name) && cx.var_index(&t.name.name).is_some() {
        // A `let`, loop or parameter name hides the state variable it repeats.
        d.push(catalog::not_assignable(
            t.span,
            &t.name.name,
            "a parameter or `let`/`for` name here (hiding the state variable of that name)",
        ));
        return None;
    }
    let Some(vi) = cx.var_index(&t.name.name) else {
        let what = if cx.local_names().contains(&t.name.name) {
            Some("a parameter")
        } else if cx.is_option(&t.name.name) {
            Some("an option")
        } else {
            None
        };
        let bound = match cx.resolve(&t.name.name) {
            Some(Res::Local(l)) => cx.bound_by.iter().rev().find(|b| b.0 == l).map(|b| b.1),
            _ => None,
        };
        match (what, bound) {
            (Some(_), Some(by_let)) => d.push(names::assigned_local(t.span, &t.name.name, by_let)),
            (Some(w), None) => d.push(catalog::not_assignable(t.span, &t.name.name, w)),
            (None, _) => {
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
        (Some(ix), _) if t.col.is_some() || info.kind == VarKind::Grid => {
            let r = cx.int(ix, Mode::Rule, d);
            let c = match &t.col {
                Some(col) => cx.int(col, Mode::Rule, d),
                None => {
                    let name = &info.name;
                    d.push(catalog::type_mismatch(
                        t.span,
                        "a row and a column",
                        "one index",
                        &format!("`{name}` is a grid: name a cell by row and column, like `{name}[r, c] = ...`."),
                    ));
                    None
                }
            };
            Some(cx.grid_index(vi as u32, r?, c?, t.span, d)?)
        }
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
        (Some(_), _) => {
            d.push(catalog::type_mismatch(
                t.span,
                "an array",
                "a single value",
                &format!(
                    "`{}` is not an array; assign to it without `[...]`.",
                    info.name
                ),
            ));
            return None;
        }
    };
    Some((
        CTarget {
            var: vi as u32,
            base: info.base,
            len: info.len,
            offset: if info.kind == VarKind::PerPlayer {
                1
            } else {
                0
            },
            index,
            span: t.span,
        },
        elem_ty(&info),
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
            let ((tg, want), v) = (tg?, v?);
            let arith = *op != AssignOp::Set;
            if v.ty != want || (want != Ty::Int && arith) {
                let help = match &want {
                    Ty::Bool if arith => "A `bool` variable is set with `=`, not changed with `+=`, `-=` or `*=`.".to_string(),
                    Ty::Enum(_) if arith => "A variable of an enumeration is set with `=`, not changed with `+=`, `-=` or `*=`.".to_string(),
                    Ty::Enum(e) => format!(
                        "The value must be one of the variable's values: {}.",
                        cx.enums[*e as usize].names.join(", ")
                    ),
                    _ => "The value must be of the variable's kind: a number, or true/false for `bool`.".to_string(),
                };
                let expected = match &want {
                    Ty::Bool => "true or false".to_string(),
                    Ty::Enum(e) => format!("one of {}", cx.enums[*e as usize].names.join(", ")),
                    _ => "a number".to_string(),
                };
                d.push(catalog::type_mismatch(
                    value.span,
                    &expected,
                    match v.ty {
                        Ty::Bool => "a condition",
                        Ty::Enum(_) => "a value of an enumeration",
                        Ty::Int => "a number",
                        Ty::Run(_) => "a run of cells",
                        _ => "a whole array or list",
                    },
                    &help,
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
            let inner = match place {
                Place::Move | Place::Chance => place,
                _ => Place::SetupNested,
            };
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
        Stmt::For {
            var,
            domain,
            cond,
            body,
            span,
        } => {
            let inner = match place {
                Place::Move | Place::Chance => place,
                _ => Place::SetupNested,
            };
            let dom = cx.loop_domain(domain, Mode::Rule, d);
            let held = dom.as_ref().map_or(Ty::Int, |(_, ty)| ty.clone());
            let local = cx.push_local_typed(&var.name, held);
            cx.bound_by.push((local, false));
            let c = match cond {
                Some(c) => cx.cond(c, Mode::Rule, d),
                None => Some(CExpr::Const(1)),
            };
            let b = stmts(body, cx, inner, d);
            cx.pop_locals(1);
            Some(CStmt::For {
                local,
                domain: dom?.0,
                cond: c?,
                body: b?,
                span: *span,
            })
        }
        // Handled by `stmts`, which keeps the name in scope for the rest of the block.
        Stmt::Let { .. } => None,
        Stmt::Again(span) => {
            if place != Place::Move {
                let where_ = if place == Place::Chance {
                    "in a move's body, to keep the turn; a chance turn is nobody's, and the player to move stays to move after it (or `next mover = P`)"
                } else {
                    "in a move's body, to keep the turn"
                };
                d.push(catalog::misplaced_statement(*span, "again", where_));
                return None;
            }
            Some(CStmt::Again)
        }
        Stmt::NextMover { value, span } => {
            if !matches!(place, Place::Move | Place::Chance) {
                d.push(catalog::misplaced_statement(
                    *span,
                    "next mover",
                    "in a move's body, to say who moves next",
                ));
                return None;
            }
            let value = cx.int(value, Mode::Rule, d)?;
            // Whether the turn is kept depends on who is to move (with one player it always is).
            cx.uses_turn |= cx.players >= 2;
            Some(CStmt::NextMover {
                value,
                players: cx.players,
                span: *span,
            })
        }
        Stmt::Roll {
            target: t,
            domain,
            weights,
            span,
        } => {
            if place == Place::SetupNested {
                d.push(catalog::misplaced_statement(
                    *span,
                    "roll",
                    "directly inside `setup { ... }`, or anywhere in a move's body (a roll during play)",
                ));
                return None;
            }
            let tg = target(t, cx, d);
            if let Some((_, Ty::Enum(_))) = &tg {
                d.push(catalog::type_mismatch(
                    t.span,
                    "a variable holding numbers",
                    "a variable of an enumeration",
                    "A roll gives whole numbers; roll into a number variable and choose the value with `if ... then ... else`.",
                ));
                return None;
            }
            let dom = cx.domain(domain, Mode::Rule, d);
            let ws = match weights {
                None => Some(None),
                Some(Weights::List(ws)) => ws
                    .iter()
                    .map(|w| cx.int(w, Mode::Rule, d))
                    .collect::<Option<Vec<_>>>()
                    .map(|ws| Some(CWeights::List(ws))),
                Some(Weights::Of(w)) => cx.int(w, Mode::Rule, d).map(|w| Some(CWeights::Of(w))),
            };
            let (dom, ws) = (dom?, ws?);
            if !cx.check_roll(&dom, ws.as_ref(), *span, d) {
                return None;
            }
            Some(CStmt::Roll {
                target: tg?.0,
                domain: dom,
                weights: ws,
                span: *span,
            })
        }
    }
}
