//! The start: every variable at its initial value, then the `setup` statements in order. A
//! `roll` splits every branch into one per value of its range, with probability weight / total
//! (uniform without weights; `weights EXPR` is EXPR with the rolled variable holding the value);
//! values of weight 0 are not rolled. With `setup by player K` the
//! setup is player K's move (K is the mover while it runs) and player 3 − K moves first;
//! without it the first mover (`first mover`, or player 1) is the mover throughout.

use super::eval::{invalid, Ctx};
use super::{Game, Position, R};
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
    let (live, total) = cx.roll_values(target, domain, weights)?;
    let mut out = Vec::new();
    for (v, w) in live {
        let mut cx = Ctx::new(game, pos.clone());
        let k = cx.place(target)?;
        cx.write(&target.name.name, k, v)?;
        let q = p * BigRational::new(BigInt::from(w), total.clone());
        if !q.is_zero() {
            out.push((cx.pos, q));
        }
    }
    Ok(out)
}
