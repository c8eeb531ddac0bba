//! Rolls during play (a `roll` in a move's body), as docs/language.md defines them: a move's
//! body is run once for every combination of the values its rolls take (each roll's values and
//! weights worked out when it is reached), so a move has outcomes, each with its probability.
//! Games that roll during play are valued here by plain expectimax over exact fractions, by
//! recursion with a memo: the player to move takes the move of the highest expected count (a
//! win 1, a tie 0, a loss -1; the margin in a scored game), an opponent's count entering negated;
//! among equal ones, fewer expected moves to the end (more when the count is below 0), then the
//! first. Play that returns to a position is refused (`Error::RollsLoop`).

use super::eval::Ctx;
use super::expand::{expand, Node, Rel};
use super::{setup, Error, Fault, FaultKind, Game, Position, R};
use crate::syntax::ast::{Domain, LValue, Weights};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::collections::{HashMap, HashSet};

type Q = BigRational;

/// The values the rolls of one run of a body take: for each roll reached, the index of its value
/// among those of weight above 0, and how many there are; and the run's probability.
#[derive(Clone, Debug)]
pub struct Picks {
    chosen: Vec<(usize, usize)>,
    reached: usize,
    pub prob: Q,
}

impl Default for Picks {
    fn default() -> Picks {
        Picks {
            chosen: Vec::new(),
            reached: 0,
            prob: Q::one(),
        }
    }
}

impl Picks {
    /// The picks for the next run, `None` after the last combination.
    pub fn next(&self) -> Option<Picks> {
        let mut chosen = self.chosen[..self.reached].to_vec();
        while let Some((i, n)) = chosen.pop() {
            if i + 1 < n {
                chosen.push((i + 1, n));
                return Some(Picks {
                    chosen,
                    reached: 0,
                    prob: Q::one(),
                });
            }
        }
        None
    }
}

impl Ctx<'_> {
    /// A roll's values of weight above 0 with their weights, and the weights' total, worked
    /// out here (a weight formula with the rolled variable holding each value in turn, put
    /// back after), checked as docs/language.md says: a value to roll, one weight per value,
    /// none negative, not all 0.
    pub(super) fn roll_values(
        &mut self,
        target: &LValue,
        domain: &Domain,
        weights: Option<&Weights>,
    ) -> R<(Vec<(i64, i64)>, BigInt)> {
        let (lo, hi) = self.domain(domain)?;
        let values: Vec<i64> = (lo..=hi).collect();
        let ws: Vec<i64> = match weights {
            None => vec![1; values.len()],
            Some(Weights::List(ws)) => ws.iter().map(|w| self.int(w)).collect::<R<_>>()?,
            Some(Weights::Of(w)) => {
                let mut out = Vec::new();
                for v in &values {
                    let k = self.place(target)?;
                    let old = self.pos.vars[&target.name.name][k];
                    self.write(&target.name.name, k, *v)?;
                    let weight = self.int(w);
                    self.write(&target.name.name, k, old)?;
                    out.push(weight?);
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
        let live = values.into_iter().zip(ws).filter(|(_, w)| *w > 0).collect();
        Ok((live, total))
    }

    /// A roll in a move's body: its range and weights here (as the setup works them out), then
    /// the value this run picks, written into the target.
    pub(super) fn roll_in_body(
        &mut self,
        target: &LValue,
        domain: &Domain,
        weights: Option<&Weights>,
    ) -> R<()> {
        let Some(mut picks) = self.rolls.take() else {
            return Err(super::eval::invalid(
                "a roll outside the setup and the moves",
            ));
        };
        let (live, total) = self.roll_values(target, domain, weights)?;
        if picks.reached == picks.chosen.len() {
            picks.chosen.push((0, live.len()));
        }
        let (v, w) = live[picks.chosen[picks.reached].0];
        picks.reached += 1;
        picks.prob *= Q::new(BigInt::from(w), total);
        self.rolls = Some(picks);
        let k = self.place(target)?;
        self.write(&target.name.name, k, v)
    }
}

/// A position's value for the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollValue {
    pub expected: Q,
    pub win: Q,
    pub tie: Q,
    pub moves: Q,
    /// The best move's label (`None` at an end).
    pub best: Option<String>,
}

/// Every start (its probability and who moves first) with its value, or why there is none.
pub fn solve_rolls(game: &Game, limit: usize) -> Result<Vec<(Q, u8, RollValue)>, Error> {
    let mut memo: HashMap<Position, RollValue> = HashMap::new();
    let mut path: HashSet<Position> = HashSet::new();
    let mut out = Vec::new();
    for (pos, p) in setup::starts(game).map_err(Error::Setup)? {
        let mover = pos.mover;
        let v = value(game, &pos, &mut memo, &mut path, limit)?;
        out.push((p, mover, v));
    }
    Ok(out)
}

fn value(
    game: &Game,
    pos: &Position,
    memo: &mut HashMap<Position, RollValue>,
    path: &mut HashSet<Position>,
    limit: usize,
) -> Result<RollValue, Error> {
    if let Some(v) = memo.get(pos) {
        return Ok(v.clone());
    }
    if !path.insert(pos.clone()) {
        return Err(Error::RollsLoop);
    }
    if memo.len() >= limit {
        return Err(Error::TooManyPositions(limit));
    }
    let node = expand(game, pos).map_err(|f| Error::Faults(vec![(pos.clone(), f)]))?;
    let v = match node {
        Node::End { rel, margin, .. } => {
            let (e, w, t) = match (margin, rel) {
                (Some(m), _) => (m, i64::from(m > 0), i64::from(m == 0)),
                (None, Rel::Win) => (1, 1, 0),
                (None, Rel::Tie) => (0, 0, 1),
                (None, Rel::Lose) => (-1, 0, 0),
            };
            RollValue {
                expected: Q::from_integer(e.into()),
                win: Q::from_integer(w.into()),
                tie: Q::from_integer(t.into()),
                moves: Q::zero(),
                best: None,
            }
        }
        Node::Moves(moves) => {
            let staged = super::stage::stage(game, &moves)
                .map_err(|f| Error::Faults(vec![(pos.clone(), f)]))?;
            let mut each = Vec::with_capacity(moves.len());
            for m in &moves {
                let mut v = RollValue {
                    expected: Q::zero(),
                    win: Q::zero(),
                    tie: Q::zero(),
                    // A chance turn is no player's move.
                    moves: match game.moves[m.family].chance {
                        Some(_) => Q::zero(),
                        None => Q::one(),
                    },
                    best: Some(m.label.clone()),
                };
                for (p, child, kept) in &m.outcomes {
                    let c = value(game, child, memo, path, limit)?;
                    let (e, w) = if *kept {
                        (c.expected, c.win)
                    } else {
                        (-c.expected, Q::one() - &c.win - &c.tie)
                    };
                    v.expected += p * e;
                    v.win += p * w;
                    v.tie += p * c.tie;
                    v.moves += p * c.moves;
                }
                each.push(v);
            }
            match staged {
                Some((_, cols, cells)) => stage_value(&each, cols, &cells)?,
                None => best_of(each).ok_or_else(|| {
                    Error::Faults(vec![(
                        pos.clone(),
                        Fault::new(FaultKind::NoMoves, "no move"),
                    )])
                })?,
            }
        }
    };
    path.remove(pos);
    memo.insert(pos.clone(), v.clone());
    Ok(v)
}

/// The best of a position's moves' values, as the module's documentation orders them.
fn best_of(each: Vec<RollValue>) -> Option<RollValue> {
    let mut top: Option<RollValue> = None;
    for v in each {
        let better = match &top {
            None => true,
            Some(t) if v.expected != t.expected => v.expected > t.expected,
            Some(t) if v.expected < Q::zero() => v.moves > t.moves,
            Some(t) => v.moves < t.moves,
        };
        if better {
            top = Some(v);
        }
    }
    top
}

/// A simultaneous choice's value: the matrix game over its pairs' expected counts (`cells`: the
/// pairs' moves row by row, `cols` to a row), with the probabilities and the expected moves of
/// the optimal strategies found (which may differ from the engine's where several are optimal).
fn stage_value(each: &[RollValue], cols: usize, cells: &[usize]) -> Result<RollValue, Error> {
    let matrix: Vec<Vec<Q>> = cells
        .chunks(cols)
        .map(|row| row.iter().map(|&k| each[k].expected.clone()).collect())
        .collect();
    let (v, x, y) = super::stage::solve(&matrix).ok_or(Error::StageTooLarge)?;
    let mut out = RollValue {
        expected: v,
        win: Q::zero(),
        tie: Q::zero(),
        moves: Q::zero(),
        best: None,
    };
    for (i, p) in x.iter().enumerate() {
        for (j, q) in y.iter().enumerate() {
            let c = &each[cells[i * cols + j]];
            let pq = p * q;
            out.win += &pq * &c.win;
            out.tie += &pq * &c.tie;
            out.moves += &pq * &c.moves;
        }
    }
    Ok(out)
}

/// A simultaneous choice's value in floating point: the matrix game over its pairs' values
/// (`stage::value_f64`).
fn stage_float(each: &[f64], cols: usize, cells: &[usize]) -> Result<f64, Error> {
    let matrix: Vec<Vec<f64>> = cells
        .chunks(cols)
        .map(|row| row.iter().map(|&k| each[k]).collect())
        .collect();
    super::stage::value_f64(&matrix).ok_or(Error::StageTooLarge)
}

/// A game that rolls during play or has simultaneous moves, and loops, valued approximately by
/// plain value iteration in floating point (from 0, every position in turn, until no value moves by 1e-13, at most
/// `sweeps` times): each start's probability, first mover and value for that mover, or `None`
/// for a start whose iteration did not settle. Only for checking the engine's certified bounds.
#[allow(clippy::type_complexity)]
pub fn iterate_rolls(
    game: &Game,
    limit: usize,
    sweeps: u32,
) -> Result<Vec<(Q, u8, Option<f64>)>, Error> {
    use num_traits::ToPrimitive;
    let starts = setup::starts(game).map_err(Error::Setup)?;
    let mut index: HashMap<Position, usize> = HashMap::new();
    let mut positions: Vec<Position> = Vec::new();
    for (p, _) in &starts {
        if !index.contains_key(p) {
            index.insert(p.clone(), positions.len());
            positions.push(p.clone());
        }
    }
    // Each position: its end value, or its moves' outcomes (probability, child, kept).
    let mut nodes: Vec<Result<f64, Vec<Vec<(f64, usize, bool)>>>> = Vec::new();
    // A simultaneous choice's columns and pairs' moves, row by row, by position.
    let mut stages: HashMap<usize, (usize, Vec<usize>)> = HashMap::new();
    let mut k = 0;
    while k < positions.len() {
        let pos = positions[k].clone();
        k += 1;
        let node = expand(game, &pos).map_err(|f| Error::Faults(vec![(pos.clone(), f)]))?;
        nodes.push(match node {
            Node::End { rel, margin, .. } => Ok(match (margin, rel) {
                (Some(m), _) => m as f64,
                (None, Rel::Win) => 1.0,
                (None, Rel::Tie) => 0.0,
                (None, Rel::Lose) => -1.0,
            }),
            Node::Moves(moves) => {
                let staged = super::stage::stage(game, &moves)
                    .map_err(|f| Error::Faults(vec![(pos.clone(), f)]))?;
                if let Some((_, cols, cells)) = staged {
                    stages.insert(k - 1, (cols, cells));
                }
                let mut out = Vec::new();
                for m in moves {
                    let mut os = Vec::new();
                    for (p, child, kept) in m.outcomes {
                        let c = match index.get(&child) {
                            Some(&c) => c,
                            None => {
                                if positions.len() >= limit {
                                    return Err(Error::TooManyPositions(limit));
                                }
                                index.insert(child.clone(), positions.len());
                                positions.push(child);
                                positions.len() - 1
                            }
                        };
                        os.push((p.to_f64().unwrap_or(0.0), c, kept));
                    }
                    out.push(os);
                }
                Err(out)
            }
        });
    }
    let mut v: Vec<f64> = nodes.iter().map(|n| *n.as_ref().unwrap_or(&0.0)).collect();
    let mut settled = false;
    for _ in 0..sweeps {
        let mut change = 0f64;
        for i in (0..nodes.len()).rev() {
            let Err(moves) = &nodes[i] else { continue };
            let each = moves.iter().map(|os| {
                os.iter()
                    .map(|&(p, c, kept)| p * if kept { v[c] } else { -v[c] })
                    .sum::<f64>()
            });
            let best = match stages.get(&i) {
                Some((cols, cells)) => stage_float(&each.collect::<Vec<_>>(), *cols, cells)?,
                None => each.fold(f64::NEG_INFINITY, f64::max),
            };
            change = change.max((best - v[i]).abs());
            v[i] = best;
        }
        if change < 1e-13 {
            settled = true;
            break;
        }
    }
    Ok(starts
        .iter()
        .map(|(p, q)| (q.clone(), p.mover, settled.then(|| v[index[p]])))
        .collect())
}
