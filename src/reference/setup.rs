//! The start: every variable at its initial value, then the `setup` statements in order. A
//! `roll` splits every branch into one per value of its range, with probability weight / total
//! (uniform without weights; `weights EXPR` is EXPR with the rolled variable holding the value);
//! values of weight 0 are not rolled. With `setup by player K` the
//! setup is player K's move (K is the mover while it runs) and player 3 − K moves first;
//! without it the first mover (`first mover`, or player 1) is the mover throughout.

use super::eval::{invalid, Ctx};
use super::{Fault, FaultKind, Game, Position, R};
use crate::syntax::ast::{Block, Domain, LValue, Stmt, Weights};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

/// The starting positions with their probabilities (a position reached by several rolls appears
/// once per roll).
pub fn starts(game: &Game) -> R<Vec<(Position, BigRational)>> {
    let mut first = game.initial();
    let Some(setup) = &game.setup else {
        return Ok(vec![(first, BigRational::one())]);
    };
    let by = match &setup.by_player {
        None => None,
        Some(e) => match Ctx::new(game, first.clone()).int(e)? {
            k @ (1 | 2) => Some(k as u8),
            k => return Err(invalid(format!("setup by player {k}"))),
        },
    };
    if let Some(k) = by {
        first.mover = k;
        first.last_mover = 3 - k;
    }
    let mut branches = vec![(first, BigRational::one())];
    for stmt in &setup.body.stmts {
        let mut next = Vec::new();
        for (pos, p) in branches {
            match stmt {
                Stmt::Roll {
                    target,
                    domain,
                    weights,
                    ..
                } => next.extend(roll(game, &pos, &p, target, domain, weights.as_ref())?),
                other => {
                    let mut cx = Ctx::new(game, pos);
                    let block = Block {
                        stmts: vec![other.clone()],
                        span: other.span(),
                    };
                    cx.run(&block)?;
                    next.push((cx.pos, p));
                }
            }
        }
        branches = next;
    }
    for (pos, _) in &mut branches {
        if let Some(k) = by {
            pos.last_mover = k;
            pos.mover = 3 - k;
        }
    }
    Ok(branches)
}

/// One branch rolled: a child branch per value of nonzero weight.
fn roll(
    game: &Game,
    pos: &Position,
    p: &BigRational,
    target: &LValue,
    domain: &Domain,
    weights: Option<&Weights>,
) -> R<Vec<(Position, BigRational)>> {
    let mut cx = Ctx::new(game, pos.clone());
    let (lo, hi) = cx.domain(domain)?;
    let values: Vec<i64> = (lo..=hi).collect();
    let ws: Vec<i64> = match weights {
        None => vec![1; values.len()],
        Some(Weights::List(ws)) => {
            let mut out = Vec::new();
            for w in ws {
                out.push(cx.int(w)?);
            }
            out
        }
        // Each value's weight, with the rolled variable holding the value.
        Some(Weights::Of(w)) => {
            let mut out = Vec::new();
            for v in &values {
                let mut cx = Ctx::new(game, pos.clone());
                let k = cx.place(target)?;
                cx.write(&target.name.name, k, *v)?;
                out.push(cx.int(w)?);
            }
            out
        }
    };
    if values.is_empty() {
        return Err(Fault::new(
            FaultKind::EmptyRoll,
            format!("nothing to roll in {lo}..={hi}"),
        ));
    }
    if ws.len() != values.len() || ws.iter().any(|w| *w < 0) || ws.iter().all(|w| *w == 0) {
        return Err(Fault::new(
            FaultKind::BadWeights,
            format!(
                "{} outcomes and weights {ws:?} (one weight per outcome, none negative, not all 0)",
                values.len()
            ),
        ));
    }
    let total: BigInt = ws.iter().map(|w| BigInt::from(*w)).sum();
    let mut out = Vec::new();
    for (v, w) in values.iter().zip(&ws) {
        if *w == 0 {
            continue;
        }
        let mut cx = Ctx::new(game, pos.clone());
        let k = cx.place(target)?;
        cx.write(&target.name.name, k, *v)?;
        let q = p * BigRational::new(BigInt::from(*w), total.clone());
        if !q.is_zero() {
            out.push((cx.pos, q));
        }
    }
    Ok(out)
}
