//! Retrograde analysis on the explicit state graph, for games where play can loop. Win/lose values
//! spread backwards from the ends in order of remoteness; then ties spread through what is left;
//! whatever is still unknown can be played forever: a draw.

use super::store::{pack, Store};
use super::{rel_value, Solution, SolveError, Value};
use crate::engine::graph::{BuildError, StateGraph};
use crate::engine::{Code, Engine, Rel};
use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;
use petgraph::Direction::Incoming;
use std::collections::VecDeque;

pub fn solve(engine: &Engine, roots: &[Code], limit: u64) -> Result<Solution, SolveError> {
    let sg = StateGraph::build(engine, roots, limit).map_err(|e| match e {
        BuildError::Fault(f, c) => SolveError::Fault(f, c),
        BuildError::Limit(l) => SolveError::Limit(l),
        BuildError::Memory(l) => SolveError::Memory(l),
    })?;
    let (values, rems) = retrograde(&sg);
    let mut store = Store::for_space(engine.space);
    let mut counts = [0u64; 4];
    let mut in_all = 0u64;
    for n in sg.graph.node_indices() {
        let code = sg.graph[n].code;
        in_all += engine.symmetry.as_ref().map_or(1, |s| s.orbit_size(code));
        let v = values[n.index()].unwrap_or(Value::Draw);
        counts[v as usize] += 1;
        store.set(sg.graph[n].code, pack(v, rems[n.index()], 0));
    }
    Ok(Solution {
        store,
        positions: sg.graph.node_count() as u64,
        counts,
        loopy: true,
        grundy: false,
        in_all,
        in_all_reachable: true,
        symmetry: None,
    })
}

/// Values and remoteness for every node of the graph (`None` = draw).
pub fn retrograde(sg: &StateGraph) -> (Vec<Option<Value>>, Vec<u32>) {
    let g = &sg.graph;
    let n = g.node_count();
    let mut value: Vec<Option<Value>> = vec![None; n];
    let mut rem = vec![0u32; n];
    let mut left: Vec<usize> = g.node_indices().map(|i| g.edges(i).count()).collect();
    let mut queue: VecDeque<NodeIndex> = VecDeque::new();
    for i in g.node_indices() {
        if let Some((rel, _)) = g[i].end {
            if rel != Rel::Tie {
                value[i.index()] = Some(rel_value(rel));
                queue.push_back(i);
            }
        }
    }
    // Wins and losses, in order of remoteness.
    while let Some(c) = queue.pop_front() {
        let cv = value[c.index()].unwrap_or(Value::Draw);
        for e in g.edges_directed(c, Incoming) {
            let p = e.source();
            if value[p.index()].is_some() || g[p].end.is_some() {
                continue;
            }
            let for_parent = if e.weight().kept { cv } else { cv.flip() };
            if for_parent == Value::Win {
                value[p.index()] = Some(Value::Win);
                rem[p.index()] = rem[c.index()] + 1;
                queue.push_back(p);
            } else {
                left[p.index()] -= 1;
                if left[p.index()] == 0 {
                    value[p.index()] = Some(Value::Lose);
                    rem[p.index()] = rem[c.index()] + 1;
                    queue.push_back(p);
                }
            }
        }
    }
    // Ties: what neither side can win, but can steer to a tied end.
    for i in g.node_indices() {
        if matches!(g[i].end, Some((Rel::Tie, _))) {
            value[i.index()] = Some(Value::Tie);
            queue.push_back(i);
        }
    }
    while let Some(c) = queue.pop_front() {
        for e in g.edges_directed(c, Incoming) {
            let p = e.source();
            if value[p.index()].is_none() && g[p].end.is_none() {
                value[p.index()] = Some(Value::Tie);
                rem[p.index()] = rem[c.index()] + 1;
                queue.push_back(p);
            }
        }
    }
    (value, rem)
}
