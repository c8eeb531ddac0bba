//! Games of three or more players (`players 3` to 8), by the plainest methods, at every position
//! of the explored graph: each player's **security value** (the best that player can force
//! against all the others together) and the **max^n** outcome (each player picking the move best
//! for themselves) under each tie-break. Nothing here is shared with `rules::view` or
//! `solve::maxn`: the graph is the reference's own, whose positions say who is to move (1 to N).
//!
//! Security values resolve round by round, as `values` does for two players, but each round is
//! seen by one player `p` throughout: a position where `p` moves is a win for `p` once some move
//! leads to a win for `p`, and a loss once every move leads to a loss; where anyone else moves,
//! it is a loss for `p` once some move leads to one and a win once every move does. Ties then
//! spread the same way, and what is left is a draw. In a scored game `p`'s margin is backed up
//! instead: `p` takes the largest, the others the smallest (the others' margin, its negation, the
//! largest), each side preferring fewer moves to the end unless its own margin is below 0.
//!
//! Max^n backs every player's result up from the ends, once every move of a position leads to a
//! position already valued: the mover takes the move with the best result for themselves, then
//! by the tie-break, then the first in order. A graph with a cycle has no max^n outcome.

use super::expand::results;
use super::explore::{Graph, Step};
use super::values::Value;
use super::{Error, Game};

/// A player's security value at a position, for that player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Security {
    pub value: Value,
    /// Moves to the end (`None` for a draw).
    pub remoteness: Option<u32>,
    /// In a scored game, the player's margin: their score less the best of the others'.
    pub margin: Option<i64>,
}

/// How a player chooses among moves whose result is the same for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieBreak {
    /// The move that ends the game soonest.
    Fastest,
    /// The soonest end when the player's result is 0 or more, the latest when it is below 0.
    Delay,
    /// The move with the lowest sum of the others' results, then the soonest end.
    Paranoid,
}

impl TieBreak {
    pub const ALL: [TieBreak; 3] = [TieBreak::Fastest, TieBreak::Delay, TieBreak::Paranoid];

    /// The name `gamec solve --tie-break` and its JSON give it.
    pub fn name(self) -> &'static str {
        match self {
            TieBreak::Fastest => "fastest",
            TieBreak::Delay => "delay",
            TieBreak::Paranoid => "paranoid",
        }
    }
}

/// A max^n outcome: every player's result (from player 1) and the moves to the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Payoff {
    pub results: Vec<i64>,
    pub remoteness: u32,
}

/// A position's max^n outcome, and which of its moves (by index) the mover takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MaxnAt {
    pub payoff: Payoff,
    pub chosen: Option<usize>,
}

/// Every end position's results (players from 1), by index in the graph; fails as `values::solve`
/// does when some position fails.
pub fn end_results(game: &Game, g: &Graph) -> Result<Vec<Option<Vec<i64>>>, Error> {
    let faults = g.faults();
    if !faults.is_empty() {
        return Err(Error::Faults(faults));
    }
    let mut out = Vec::new();
    for (pos, step) in g.positions.iter().zip(&g.steps) {
        out.push(match step {
            Step::End(_, rule, _) => {
                Some(results(game, pos, *rule).map_err(|f| Error::Faults(vec![(pos.clone(), f)]))?)
            }
            _ => None,
        });
    }
    Ok(out)
}

/// Player `p`'s (from 1) security value at every position.
pub fn security(game: &Game, g: &Graph, p: u8) -> Result<Vec<Security>, Error> {
    let ends = end_results(game, g)?;
    let me = usize::from(p) - 1;
    if super::margins::scored(game) {
        return scored_security(g, &ends, p).ok_or(Error::ScoredLoopy);
    }
    let mut known: Vec<Option<(Value, u32)>> = ends
        .iter()
        .map(|e| {
            e.as_ref().map(|r| match r[me].signum() {
                1 => (Value::Win, 0),
                -1 => (Value::Lose, 0),
                _ => (Value::Tie, 0),
            })
        })
        .collect();
    for tie_round in [false, true] {
        for k in 1u32.. {
            let mut resolved = Vec::new();
            for (i, step) in g.steps.iter().enumerate() {
                let Step::Moves(moves) = step else { continue };
                if known[i].is_some() {
                    continue;
                }
                let seen: Vec<Option<Value>> = moves
                    .iter()
                    .map(|(_, _, c, _, _)| known[*c].map(|(v, _)| v))
                    .collect();
                let mine = g.positions[i].mover == p;
                let (good, bad) = match mine {
                    true => (Value::Win, Value::Lose),
                    false => (Value::Lose, Value::Win),
                };
                let v = if tie_round {
                    seen.contains(&Some(Value::Tie)).then_some(Value::Tie)
                } else if seen.contains(&Some(good)) {
                    Some(good)
                } else if seen.iter().all(|s| *s == Some(bad)) {
                    Some(bad)
                } else {
                    None
                };
                if let Some(v) = v {
                    resolved.push((i, v));
                }
            }
            if resolved.is_empty() {
                break;
            }
            for (i, v) in resolved {
                known[i] = Some((v, k));
            }
        }
    }
    Ok(known
        .into_iter()
        .map(|k| Security {
            value: k.map_or(Value::Draw, |(v, _)| v),
            remoteness: k.map(|(_, r)| r),
            margin: None,
        })
        .collect())
}

/// Player `p`'s margins, backed up round by round; `None` if play can go on for ever.
fn scored_security(g: &Graph, ends: &[Option<Vec<i64>>], p: u8) -> Option<Vec<Security>> {
    let me = usize::from(p) - 1;
    let mut known: Vec<Option<(i64, u32)>> = ends
        .iter()
        .map(|e| e.as_ref().map(|r| (r[me], 0)))
        .collect();
    loop {
        let mut found = Vec::new();
        for (i, step) in g.steps.iter().enumerate() {
            let Step::Moves(moves) = step else { continue };
            if known[i].is_some() {
                continue;
            }
            let kids: Option<Vec<(i64, u32)>> =
                moves.iter().map(|(_, _, c, _, _)| known[*c]).collect();
            let Some(kids) = kids else { continue };
            // The side to move's own margin: `p`'s, or the others' (its negation).
            let sign = if g.positions[i].mover == p { 1 } else { -1 };
            let mut best: Option<(i64, u32)> = None;
            for (m, r) in kids {
                let own = sign * m;
                let better = match best {
                    None => true,
                    Some((b, _)) if own != sign * b => own > sign * b,
                    Some((_, br)) if own < 0 => r > br,
                    Some((_, br)) => r < br,
                };
                if better {
                    best = Some((m, r));
                }
            }
            if let Some((m, r)) = best {
                found.push((i, (m, r + 1)));
            }
        }
        if found.is_empty() {
            break;
        }
        for (i, v) in found {
            known[i] = Some(v);
        }
    }
    known
        .into_iter()
        .map(|k| {
            k.map(|(m, r)| Security {
                value: match m.signum() {
                    1 => Value::Win,
                    -1 => Value::Lose,
                    _ => Value::Tie,
                },
                remoteness: Some(r),
                margin: Some(m),
            })
        })
        .collect()
}

/// Every position's max^n outcome under `tie`; `Ok(None)` when the graph has a cycle.
pub fn maxn(game: &Game, g: &Graph, tie: TieBreak) -> Result<Option<Vec<MaxnAt>>, Error> {
    let ends = end_results(game, g)?;
    let mut known: Vec<Option<MaxnAt>> = ends
        .into_iter()
        .map(|e| {
            e.map(|results| MaxnAt {
                payoff: Payoff {
                    results,
                    remoteness: 0,
                },
                chosen: None,
            })
        })
        .collect();
    loop {
        let mut found = Vec::new();
        for (i, step) in g.steps.iter().enumerate() {
            let Step::Moves(moves) = step else { continue };
            if known[i].is_some() {
                continue;
            }
            let kids: Option<Vec<&Payoff>> = moves
                .iter()
                .map(|(_, _, c, _, _)| known[*c].as_ref().map(|k| &k.payoff))
                .collect();
            let Some(kids) = kids else { continue };
            let mover = usize::from(g.positions[i].mover) - 1;
            let mut best: Option<(usize, &Payoff)> = None;
            for (k, kid) in kids.into_iter().enumerate() {
                if best.is_none_or(|(_, b)| better(tie, mover, kid, b)) {
                    best = Some((k, kid));
                }
            }
            if let Some((k, b)) = best {
                let payoff = Payoff {
                    results: b.results.clone(),
                    remoteness: b.remoteness + 1,
                };
                found.push((
                    i,
                    MaxnAt {
                        payoff,
                        chosen: Some(k),
                    },
                ));
            }
        }
        if found.is_empty() {
            break;
        }
        for (i, v) in found {
            known[i] = Some(v);
        }
    }
    Ok(known.into_iter().collect())
}

/// Whether the mover (from 0) prefers `a` to `b`, both one move further than they say (which
/// changes no comparison): their own result first, then the tie-break.
fn better(tie: TieBreak, mover: usize, a: &Payoff, b: &Payoff) -> bool {
    let (own_a, own_b) = (a.results[mover], b.results[mover]);
    if own_a != own_b {
        return own_a > own_b;
    }
    let sooner = a.remoteness < b.remoteness;
    match tie {
        TieBreak::Fastest => sooner,
        TieBreak::Delay if own_a < 0 => a.remoteness > b.remoteness,
        TieBreak::Delay => sooner,
        TieBreak::Paranoid => {
            let others = |x: &Payoff| -> i128 {
                let all: i128 = x.results.iter().map(|&r| i128::from(r)).sum();
                all - i128::from(x.results[mover])
            };
            let (oa, ob) = (others(a), others(b));
            oa < ob || (oa == ob && sooner)
        }
    }
}
