//! The explicit state graph (petgraph): every reachable position once, every move an edge with
//! its name. Used for pictures and JSON (`gamec graph`); the solvers keep less (see
//! `solve::compact`).

use super::{Code, Engine, Expand, Fault, Rel, Scratch};
use petgraph::graph::{DiGraph, NodeIndex};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

#[derive(Clone, Debug)]
pub struct Node {
    pub code: Code,
    /// For an end position: its outcome for the player to move, and the end rule's index.
    pub end: Option<(Rel, usize)>,
}

#[derive(Clone, Debug)]
pub struct Edge {
    pub family: usize,
    pub args: Box<[i64]>,
    pub kept: bool,
}

pub struct StateGraph {
    pub graph: DiGraph<Node, Edge>,
    pub index: FxHashMap<Code, NodeIndex>,
}

/// Why building the graph stopped.
#[derive(Debug)]
pub enum BuildError {
    Fault(Fault, Code),
    Limit(u64),
    Memory(u64),
}

impl StateGraph {
    /// Breadth-first from the roots; positions are deduplicated by their code.
    pub fn build(engine: &Engine, roots: &[Code], limit: u64) -> Result<StateGraph, BuildError> {
        use super::memory::{byte_budget, GRAPH_BYTES_PER_EDGE, GRAPH_BYTES_PER_NODE};
        let budget = byte_budget();
        let mut graph = DiGraph::new();
        let mut index: FxHashMap<Code, NodeIndex> = FxHashMap::default();
        let mut queue = VecDeque::new();
        for &r in roots {
            let r = engine.canonical(r);
            if let std::collections::hash_map::Entry::Vacant(slot) = index.entry(r) {
                let n = graph.add_node(Node { code: r, end: None });
                slot.insert(n);
                queue.push_back(n);
            }
        }
        let mut scratch = Scratch::default();
        let mut kids = Vec::new();
        while let Some(n) = queue.pop_front() {
            let code = graph[n].code;
            kids.clear();
            let e = engine
                .expand_classes(code, &mut scratch, |f, args, c| {
                    kids.push((f, args.into(), c))
                })
                .map_err(|f| BuildError::Fault(f, code))?;
            if let Expand::End { rel, rule, .. } = e {
                graph[n].end = Some((rel, rule));
                continue;
            }
            for (f, args, c) in kids.drain(..) {
                let m = match index.get(&c.code) {
                    Some(&m) => m,
                    None => {
                        if index.len() as u64 >= limit {
                            return Err(BuildError::Limit(limit));
                        }
                        let m = graph.add_node(Node {
                            code: c.code,
                            end: None,
                        });
                        index.insert(c.code, m);
                        queue.push_back(m);
                        m
                    }
                };
                graph.add_edge(
                    n,
                    m,
                    Edge {
                        family: f,
                        args,
                        kept: c.kept,
                    },
                );
                let bytes = graph.node_count() as u64 * GRAPH_BYTES_PER_NODE
                    + graph.edge_count() as u64 * GRAPH_BYTES_PER_EDGE;
                if bytes > budget {
                    return Err(BuildError::Memory(graph.node_count() as u64));
                }
            }
        }
        Ok(StateGraph { graph, index })
    }
}
