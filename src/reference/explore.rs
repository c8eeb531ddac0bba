//! The whole reachable graph, breadth-first from the starting positions. A position whose
//! expansion fails is kept with its fault and has no children.

use super::expand::{expand, Node, Rel};
use super::{setup, Error, Fault, Game, Position};
use num_rational::BigRational;
use std::collections::{HashMap, VecDeque};

/// What one position of the graph is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The game is over: the outcome for the player to move, the end rule's index, and in a
    /// scored game the mover's margin.
    End(Rel, usize, Option<i64>),
    /// The moves: (family, arguments, child's index, whether the mover keeps the turn, label).
    Moves(Vec<(usize, Vec<i64>, usize, bool, String)>),
    Fault(Fault),
}

/// Every reachable position, numbered in the order found.
#[derive(Clone, Debug)]
pub struct Graph {
    pub positions: Vec<Position>,
    pub steps: Vec<Step>,
    /// The starting positions' indices with their probabilities (each position once).
    pub starts: Vec<(usize, BigRational)>,
    /// Positions whose class (by the declared symmetries) has members that play differently.
    pub broken: Vec<(usize, Fault)>,
}

impl Graph {
    /// Every position's fault, and every broken symmetry.
    pub fn faults(&self) -> Vec<(Position, Fault)> {
        self.positions
            .iter()
            .zip(&self.steps)
            .filter_map(|(p, s)| match s {
                Step::Fault(f) => Some((p.clone(), f.clone())),
                _ => None,
            })
            .chain(
                self.broken
                    .iter()
                    .map(|(i, f)| (self.positions[*i].clone(), f.clone())),
            )
            .collect()
    }
}

/// Explores every position reachable from the start, or fails when the setup fails or there are
/// more than `limit` positions.
pub fn explore(game: &Game, limit: usize) -> Result<Graph, Error> {
    let mut g = Graph {
        positions: Vec::new(),
        steps: Vec::new(),
        starts: Vec::new(),
        broken: Vec::new(),
    };
    let mut index: HashMap<Position, usize> = HashMap::new();
    let mut queue = VecDeque::new();
    for (pos, p) in setup::starts(game).map_err(Error::Setup)? {
        let i = number(&mut g, &mut index, &mut queue, pos, limit)?;
        match g.starts.iter_mut().find(|(j, _)| *j == i) {
            Some((_, q)) => *q += p,
            None => g.starts.push((i, p)),
        }
    }
    while let Some(i) = queue.pop_front() {
        let step = match expand(game, &g.positions[i]) {
            Err(f) => Step::Fault(f),
            Ok(Node::End { rel, rule, margin }) => Step::End(rel, rule, margin),
            Ok(Node::Moves(moves)) => {
                let mut edges = Vec::new();
                for m in moves {
                    let j = number(&mut g, &mut index, &mut queue, m.child, limit)?;
                    edges.push((m.family, m.args, j, m.kept, m.label));
                }
                Step::Moves(edges)
            }
        };
        g.steps[i] = step;
    }
    g.broken = super::symmetry::broken(game, &g.positions);
    Ok(g)
}

/// The position's number, giving it one (and queueing it) if it is new.
fn number(
    g: &mut Graph,
    index: &mut HashMap<Position, usize>,
    queue: &mut VecDeque<usize>,
    pos: Position,
    limit: usize,
) -> Result<usize, Error> {
    if let Some(&i) = index.get(&pos) {
        return Ok(i);
    }
    if g.positions.len() >= limit {
        return Err(Error::TooManyPositions(limit));
    }
    let i = g.positions.len();
    index.insert(pos.clone(), i);
    g.positions.push(pos);
    g.steps.push(Step::Moves(Vec::new()));
    queue.push_back(i);
    Ok(i)
}
