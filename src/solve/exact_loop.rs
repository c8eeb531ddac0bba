//! Exact values for a game that rolls during play and whose play can return to a position (Pig),
//! where the game is small enough: strategy iteration with exact linear solves, and a
//! certificate that the values found are the game's.
//!
//! The positions are taken in strongly connected components, the last first, so that every
//! position a component leads out to is already exact. In a component, each player's strategy
//! (from the certified bounds: the move of the best midpoint) is checked and valued on its own:
//!
//! 1. **It ends play.** No reply of the other player keeps play in the component for ever with
//!    probability 1 (the greatest set where the other can stay is empty). Then every reply ends
//!    play with probability 1, the equations of the other player's best reply have one solution,
//!    and policy iteration finds it.
//! 2. **What it guarantees.** The other player's best reply, by policy iteration (each
//!    evaluation an exact linear solve, `exact_chain`): the value that player 1's strategy
//!    guarantees is a lower bound of every position's value, player 2's an upper bound.
//!
//! Where the two meet at every position of the component, those are its exact values. Where not,
//! each strategy takes the best move against the other's best reply (Hoffman and Karp) and the
//! two are valued again, a bounded number of times. A strategy that stops ending play, a
//! component that does not settle, or the deadline, and no exact values are given (the bounds
//! stay, and say why). Simultaneous choices are not handled here (their strategies are mixed).

use super::exact_chain::{Chain, ChainError};
use super::exact_nodes::{expand, first_choices, Node, Out};
use crate::engine::{Code, Engine};
use num_rational::BigRational;
use num_traits::Zero;
use petgraph::graph::{DiGraph, NodeIndex};
use std::collections::HashMap;
use std::time::Instant;

/// Why the values are not exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotExact {
    /// The bounds did not close (their strategies are no good guess).
    Open,
    /// The game has simultaneous choices.
    Stages,
    /// A strategy lets the other player keep play going for ever.
    Endless,
    /// The strategies did not settle within the rounds allowed.
    Unsettled,
    /// The time ran out.
    Time,
    /// A rule failed when the positions were expanded again (they were not when explored).
    Fault,
    /// The exact graph would not fit in the memory available.
    Memory,
    /// A value found lies outside its certified bounds (a defect: neither is given as exact).
    Disagrees,
}

/// Rounds of improving both strategies in one component.
const ROUNDS: usize = 64;
/// Improvements of a best reply in one valuing.
const REPLIES: usize = 1000;

/// Every position's exact value from its mover's side, indexed as `codes`, or why not. `mid`
/// gives each position's bounds' midpoint (to choose the first strategies).
pub fn certify(
    engine: &Engine,
    codes: &[Code],
    mid: &[f64],
    deadline: Instant,
) -> Result<Vec<BigRational>, NotExact> {
    let (nodes, mut bytes) = expand(engine, codes)?;
    let budget = crate::engine::memory::byte_budget();
    let n = nodes.len();
    let mut value: Vec<Option<BigRational>> = nodes.iter().map(|x| x.end.clone()).collect();
    let mut choice = first_choices(&nodes, mid);
    let mut g: DiGraph<(), ()> = DiGraph::with_capacity(n, 0);
    for _ in 0..n {
        g.add_node(());
    }
    for (i, x) in nodes.iter().enumerate() {
        for (c, _, _) in x.moves.iter().flatten() {
            if nodes[*c].end.is_none() {
                g.update_edge(NodeIndex::new(i), NodeIndex::new(*c), ());
            }
        }
    }
    // Components come last first: every child outside one is valued before it. (Kosaraju's
    // algorithm in petgraph is iterative: a long chain of positions cannot use up the stack.)
    for comp in petgraph::algo::kosaraju_scc(&g) {
        let members: Vec<usize> = comp.iter().map(|x| x.index()).collect();
        if members.iter().all(|&i| nodes[i].end.is_some()) {
            continue;
        }
        let found = component(&nodes, &members, &value, &mut choice, deadline)?;
        for (&i, v) in members.iter().zip(found) {
            // The fractions grow with the game (390 digits at Pig to 50): counted as found.
            bytes += 64 + (v.numer().bits() + v.denom().bits()) / 8;
            value[i] = Some(v);
        }
        if bytes > budget {
            return Err(NotExact::Memory);
        }
    }
    Ok(value.into_iter().map(Option::unwrap_or_default).collect())
}

/// A move's value from the mover's side, with `local` the component's values so far.
fn q(
    outs: &[Out],
    value: &[Option<BigRational>],
    local: &HashMap<usize, usize>,
    x: &[BigRational],
) -> BigRational {
    let mut s = BigRational::zero();
    for (c, kept, p) in outs {
        let v = match local.get(c) {
            Some(&k) => &x[k],
            // Every child outside the component is valued before it (checked there).
            None => match &value[*c] {
                Some(v) => v,
                None => continue,
            },
        };
        if *kept {
            s += p * v;
        } else {
            s -= p * v;
        }
    }
    s
}

/// The exact values of one component's positions (from each mover's side), or why not.
fn component(
    nodes: &[Node],
    members: &[usize],
    value: &[Option<BigRational>],
    choice: &mut [usize],
    deadline: Instant,
) -> Result<Vec<BigRational>, NotExact> {
    let local: HashMap<usize, usize> = members.iter().enumerate().map(|(k, &i)| (i, k)).collect();
    // The components come last first, so every child outside this one has its value.
    let known = members.iter().all(|&i| {
        nodes[i]
            .moves
            .iter()
            .flatten()
            .all(|(c, _, _)| local.contains_key(c) || value[*c].is_some())
    });
    if !known {
        return Err(NotExact::Fault);
    }
    let looped = members.len() > 1
        || nodes[members[0]]
            .moves
            .iter()
            .flatten()
            .any(|(c, _, _)| *c == members[0]);
    if !looped {
        // No loop: the best move, as without one.
        let i = members[0];
        let x = &nodes[i];
        let mut best: Option<(usize, BigRational)> = None;
        for (m, outs) in x.moves.iter().enumerate() {
            let v = q(outs, value, &local, &[]);
            if best.as_ref().is_none_or(|(_, b)| v > *b) {
                best = Some((m, v));
            }
        }
        let (m, v) = best.ok_or(NotExact::Fault)?;
        choice[i] = m;
        return Ok(vec![v]);
    }
    // Most often the bounds' strategies are already optimal. Valued together once (`x`), where
    // neither player has a better move anywhere, `x` is what each strategy guarantees against
    // every reply: seen from that player, `x` can only grow in expectation along play, and so
    // tends to what play ends with, provided that where the other can keep play going for ever
    // (a draw, 0) the player's `x` is at most 0. Then the two meet: the values are exact.
    let profile: Vec<usize> = members.iter().map(|&i| choice[i]).collect();
    if let Ok(x) = evaluate(nodes, members, &local, value, &profile, deadline) {
        let stable = members.iter().all(|&i| {
            let now = q(&nodes[i].moves[choice[i]], value, &local, &x);
            better(&nodes[i], value, &local, &x, &now).is_none()
        });
        let mut draws_hold = true;
        for player in [1u8, 2] {
            let stay = stay_set(nodes, members, &local, choice, player, deadline)?;
            draws_hold &= members.iter().zip(&x).zip(stay).all(|((&i, v), stay)| {
                let mine = match nodes[i].mover == player {
                    true => v.clone(),
                    false => -v.clone(),
                };
                !stay || mine <= BigRational::zero()
            });
        }
        if stable && draws_hold {
            return Ok(x);
        }
    }
    for _ in 0..ROUNDS {
        // What each player's strategy guarantees against the other's best reply.
        let mut by: Vec<Vec<BigRational>> = Vec::with_capacity(2);
        for player in [1u8, 2] {
            by.push(guarantee(
                nodes, members, &local, value, choice, player, deadline,
            )?);
        }
        if by[0] == by[1] {
            return Ok(by.swap_remove(0));
        }
        // Each player's best move against the other's best reply to its strategy.
        let mut switched = false;
        for &i in members {
            let x = &nodes[i];
            let mine = &by[x.mover as usize - 1];
            let now = q(&x.moves[choice[i]], value, &local, mine);
            if let Some(m) = better(x, value, &local, mine, &now) {
                choice[i] = m;
                switched = true;
            }
        }
        if !switched {
            return Err(NotExact::Unsettled);
        }
    }
    Err(NotExact::Unsettled)
}

/// The move better than `now` for the mover (the best one, the first of equals), if any.
fn better(
    x: &Node,
    value: &[Option<BigRational>],
    local: &HashMap<usize, usize>,
    vals: &[BigRational],
    now: &BigRational,
) -> Option<usize> {
    let mut best: Option<(usize, BigRational)> = None;
    for (m, outs) in x.moves.iter().enumerate() {
        let v = q(outs, value, local, vals);
        let top = best.as_ref().map_or(now, |(_, b)| b);
        if v > *top {
            best = Some((m, v));
        }
    }
    best.map(|(m, _)| m)
}

/// The values (from each mover's side) when `player` keeps to `choice` and the other replies as
/// well as possible: the other's policy iteration, after checking that the strategy ends play.
fn guarantee(
    nodes: &[Node],
    members: &[usize],
    local: &HashMap<usize, usize>,
    value: &[Option<BigRational>],
    choice: &[usize],
    player: u8,
    deadline: Instant,
) -> Result<Vec<BigRational>, NotExact> {
    if stay_set(nodes, members, local, choice, player, deadline)?.contains(&true) {
        return Err(NotExact::Endless);
    }
    let mut reply: Vec<usize> = members.iter().map(|&i| choice[i]).collect();
    for _ in 0..REPLIES {
        let x = evaluate(nodes, members, local, value, &reply, deadline)?;
        let mut improved = false;
        for (k, &i) in members.iter().enumerate() {
            let node = &nodes[i];
            if node.mover == player {
                continue;
            }
            let now = q(&node.moves[reply[k]], value, local, &x);
            if let Some(m) = better(node, value, local, &x, &now) {
                reply[k] = m;
                improved = true;
            }
        }
        if !improved {
            return Ok(x);
        }
    }
    Err(NotExact::Unsettled)
}

/// The values of the component's positions (from each mover's side) when each takes the move
/// `profile` gives (indexed as `members`): an exact linear solve.
fn evaluate(
    nodes: &[Node],
    members: &[usize],
    local: &HashMap<usize, usize>,
    value: &[Option<BigRational>],
    profile: &[usize],
    deadline: Instant,
) -> Result<Vec<BigRational>, NotExact> {
    let mut chain = Chain::new(members.len());
    for (k, &i) in members.iter().enumerate() {
        for (c, kept, p) in &nodes[i].moves[profile[k]] {
            let p = if *kept { p.clone() } else { -p.clone() };
            match local.get(c) {
                Some(&j) => chain.add(k, j, p),
                None => {
                    if let Some(v) = &value[*c] {
                        chain.consts[k] += p * v;
                    }
                }
            }
        }
    }
    chain.solve(deadline).map_err(|e| match e {
        ChainError::Time => NotExact::Time,
        ChainError::Singular => NotExact::Endless,
    })
}

/// Where the other player can keep play in the component for ever, with probability 1, against
/// `player`'s `choice`: the greatest set of its positions from which a move of the strategy (at
/// `player`'s positions) or some move (at the other's) stays in the set whatever is rolled.
/// Empty: every reply leaves the component (or ends play) with probability 1.
fn stay_set(
    nodes: &[Node],
    members: &[usize],
    local: &HashMap<usize, usize>,
    choice: &[usize],
    player: u8,
    deadline: Instant,
) -> Result<Vec<bool>, NotExact> {
    // The moves each position may take: the strategy's, or every move of the other player.
    let allowed = |k: usize| -> Vec<usize> {
        let i = members[k];
        match nodes[i].mover == player {
            true => vec![choice[i]],
            false => (0..nodes[i].moves.len()).collect(),
        }
    };
    let mut stay = vec![true; members.len()];
    loop {
        if Instant::now() > deadline {
            return Err(NotExact::Time);
        }
        let mut changed = false;
        for k in 0..members.len() {
            if !stay[k] {
                continue;
            }
            let i = members[k];
            let can = allowed(k).into_iter().any(|m| {
                nodes[i].moves[m]
                    .iter()
                    .all(|(c, _, _)| local.get(c).is_some_and(|&j| stay[j]))
            });
            if !can {
                stay[k] = false;
                changed = true;
            }
        }
        if !changed {
            return Ok(stay);
        }
    }
}
