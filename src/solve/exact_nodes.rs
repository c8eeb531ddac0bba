//! The positions of a loop with rolls as `exact_loop` values them: each expanded again with its
//! moves' outcomes in exact fractions, and each player's first strategy, from the certified
//! bounds.

use super::exact_loop::NotExact;
use crate::engine::{ChanceExpand, Code, Engine, Rel, Scratch};
use num_rational::BigRational;
use num_traits::ToPrimitive;
use std::collections::HashMap;

/// One outcome: the child's index, whether the mover keeps the turn, the probability.
pub(super) type Out = (usize, bool, BigRational);

pub(super) struct Node {
    pub(super) mover: u8,
    /// The value at an end, from the mover's side.
    pub(super) end: Option<BigRational>,
    pub(super) moves: Vec<Vec<Out>>,
}

/// Each position's first move: the best by the bounds' midpoints (`mid`). Of the moves as good
/// (to within 1e-9), the one nearest the end: a move the bounds cannot tell from the best but
/// that can wait for ever is no way to end play. Nearness counts the moves, each as good, from
/// the position to an end with some probability (breadth-first back from the ends).
pub(super) fn first_choices(nodes: &[Node], mid: &[f64]) -> Vec<usize> {
    let good: Vec<Vec<bool>> = nodes
        .iter()
        .map(|x| {
            let q: Vec<f64> = x
                .moves
                .iter()
                .map(|m| {
                    m.iter()
                        .map(|(c, kept, p)| {
                            let v = if *kept { mid[*c] } else { -mid[*c] };
                            p.to_f64().unwrap_or(0.0) * v
                        })
                        .sum()
                })
                .collect();
            let best = q.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            q.iter().map(|&v| v >= best - 1e-9).collect()
        })
        .collect();
    let mut choice: Vec<usize> = good
        .iter()
        .map(|g| g.iter().position(|&b| b).unwrap_or(0))
        .collect();
    // The good moves that reach each position.
    let mut preds: Vec<Vec<(usize, usize)>> = vec![Vec::new(); nodes.len()];
    for (i, x) in nodes.iter().enumerate() {
        for (m, outs) in x.moves.iter().enumerate() {
            if good[i][m] {
                for (c, _, _) in outs {
                    preds[*c].push((i, m));
                }
            }
        }
    }
    let mut near: Vec<bool> = nodes.iter().map(|x| x.end.is_some()).collect();
    let mut wave: std::collections::VecDeque<usize> =
        (0..nodes.len()).filter(|&i| near[i]).collect();
    while let Some(c) = wave.pop_front() {
        for &(i, m) in &preds[c] {
            if !near[i] {
                near[i] = true;
                choice[i] = m;
                wave.push_back(i);
            }
        }
    }
    choice
}

/// Each position expanded again, with exact probabilities, and the bytes they take (an
/// over-estimate), or `Memory` past the budget.
pub(super) fn expand(engine: &Engine, codes: &[Code]) -> Result<(Vec<Node>, u64), NotExact> {
    let index: HashMap<Code, usize> = codes.iter().enumerate().map(|(i, &c)| (c, i)).collect();
    let mut scratch = Scratch::default();
    let mut nodes = Vec::with_capacity(codes.len());
    // What the exact graph holds, over-estimated: a position with its values and moves, and an
    // outcome with its fraction (more as the fractions grow: checked again as they are found).
    let budget = crate::engine::memory::byte_budget();
    let mut bytes = 0u64;
    for &code in codes {
        bytes += 256;
        if bytes > budget {
            return Err(NotExact::Memory);
        }
        let mover = engine.decode(code).mover;
        let node = match engine.expand_chance(code, &mut scratch) {
            Err(_) => return Err(NotExact::Fault),
            Ok(ChanceExpand::End { rel, .. }) => Node {
                mover,
                end: Some(BigRational::from_integer(
                    match rel {
                        Rel::Win => 1,
                        Rel::Tie => 0,
                        Rel::Lose => -1,
                    }
                    .into(),
                )),
                moves: Vec::new(),
            },
            Ok(ChanceExpand::Moves(moves)) => {
                let mut outs = Vec::with_capacity(moves.len());
                for (_, _, outcomes) in moves {
                    let mut o = Vec::with_capacity(outcomes.len());
                    for x in outcomes {
                        bytes += 96;
                        let &c = index.get(&x.code).ok_or(NotExact::Fault)?;
                        o.push((c, x.kept, x.prob));
                    }
                    outs.push(o);
                }
                Node {
                    mover,
                    end: None,
                    moves: outs,
                }
            }
        };
        nodes.push(node);
    }
    Ok((nodes, bytes))
}
