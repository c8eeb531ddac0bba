//! The state graph as the loopy solver keeps it: positions numbered in the order a breadth-first
//! search finds them, and each move stored once, as its source's number in the list of moves
//! into its child (compressed rows, 4 bytes a move). No move's name or arguments are kept: the
//! solver needs only who can move where. (`engine::graph` keeps the full petgraph graph, with
//! every move's name, for `gamec graph`.)

use super::SolveError;
use crate::engine::alloc::filled;
use crate::engine::memory::byte_budget;
use crate::engine::{Code, Engine, Expand, Rel, Scratch};
use rustc_hash::FxHashMap;

/// The top bit of a move's entry: the move kept the turn (`again`).
pub(super) const KEPT: u32 = 1 << 31;

/// Bytes a position costs while the graph is built and solved (its code, end, move count, the
/// start of its predecessors, its value, remoteness and place in the queue), beside its index.
const NODE_BYTES: u64 = 8 + 1 + 4 + 8 + 1 + 4 + 4;
/// Bytes a move costs: once forward while exploring, once backward, both held while turning.
const EDGE_BYTES: u64 = 8;

pub(super) struct Compact {
    pub codes: Vec<Code>,
    /// Each position's end: `None` while play goes on.
    pub end: Vec<Option<Rel>>,
    /// How many moves each position has.
    pub moves: Vec<u32>,
    /// The moves into position `i`: `preds[pred_start[i]..pred_start[i + 1]]`, each the number
    /// of the position it comes from, with `KEPT` set when it kept the turn.
    pub pred_start: Vec<u64>,
    pub preds: Vec<u32>,
}

/// Position numbers by code: a table over every code when the numbering is small enough, else a
/// hash map of the positions seen.
enum Index {
    Dense(Vec<u32>),
    Sparse(FxHashMap<Code, u32>),
}

impl Index {
    fn new(space: u64, budget: u64) -> Index {
        match usize::try_from(space) {
            // A hash map if the budget or the system refuses the array.
            Ok(n) if space.saturating_mul(4) <= budget / 4 => filled(n, u32::MAX)
                .map_or_else(|| Index::Sparse(FxHashMap::default()), Index::Dense),
            _ => Index::Sparse(FxHashMap::default()),
        }
    }

    /// The number of `code`, giving it `next` if it has none; whether it was new.
    #[inline]
    fn number(&mut self, code: Code, next: u32) -> (u32, bool) {
        match self {
            Index::Dense(v) => {
                let slot = &mut v[code as usize];
                if *slot == u32::MAX {
                    *slot = next;
                    (next, true)
                } else {
                    (*slot, false)
                }
            }
            Index::Sparse(m) => match m.entry(code) {
                std::collections::hash_map::Entry::Occupied(e) => (*e.get(), false),
                std::collections::hash_map::Entry::Vacant(e) => {
                    e.insert(next);
                    (next, true)
                }
            },
        }
    }

    fn bytes(&self) -> u64 {
        match self {
            Index::Dense(v) => v.len() as u64 * 4,
            Index::Sparse(m) => m.capacity() as u64 * 24,
        }
    }
}

impl Compact {
    /// Every position reachable from `roots` (canonical codes), breadth-first.
    pub fn build(engine: &Engine, roots: &[Code], limit: u64) -> Result<Compact, SolveError> {
        let budget = byte_budget();
        // Positions are numbered below KEPT; the limit can be no higher.
        let limit = limit.min(u64::from(KEPT - 1));
        let mut index = Index::new(engine.space, budget);
        let mut codes: Vec<Code> = Vec::new();
        for &r in roots {
            if index.number(r, codes.len() as u32).1 {
                codes.push(r);
            }
        }
        let mut end = Vec::new();
        let (mut fwd_start, mut fwd) = (vec![0u64], Vec::<u32>::new());
        let mut scratch = Scratch::default();
        let mut kids = Vec::new();
        let mut i = 0;
        while i < codes.len() {
            let code = codes[i];
            kids.clear();
            let e = engine
                .expand_classes(code, &mut scratch, |_, _, c| kids.push(c))
                .map_err(|f| SolveError::Fault(f, code))?;
            end.push(match e {
                Expand::End { rel, .. } => Some(rel),
                Expand::Moves => None,
            });
            if end[i].is_none() {
                for c in &kids {
                    let (j, new) = index.number(c.code, codes.len() as u32);
                    if new {
                        if codes.len() as u64 >= limit {
                            return Err(SolveError::Limit(limit));
                        }
                        codes.push(c.code);
                    }
                    fwd.push(j | if c.kept { KEPT } else { 0 });
                }
            }
            fwd_start.push(fwd.len() as u64);
            i += 1;
            if i % 4096 == 0 {
                let bytes = codes.len() as u64 * NODE_BYTES
                    + fwd.capacity() as u64 * EDGE_BYTES
                    + index.bytes();
                if bytes > budget {
                    return Err(SolveError::Memory(codes.len() as u64));
                }
            }
        }
        drop(index);
        let moves: Vec<u32> = fwd_start.windows(2).map(|w| (w[1] - w[0]) as u32).collect();
        let (pred_start, preds) = reverse(&fwd_start, &fwd, codes.len());
        Ok(Compact {
            codes,
            end,
            moves,
            pred_start,
            preds,
        })
    }

    /// The moves into position `i`.
    #[inline]
    pub fn preds(&self, i: usize) -> &[u32] {
        &self.preds[self.pred_start[i] as usize..self.pred_start[i + 1] as usize]
    }
}

/// The moves by child instead of by source: a counting sort of the forward moves.
fn reverse(fwd_start: &[u64], fwd: &[u32], n: usize) -> (Vec<u64>, Vec<u32>) {
    let mut start = vec![0u64; n + 1];
    for &e in fwd {
        start[(e & !KEPT) as usize + 1] += 1;
    }
    for k in 0..n {
        start[k + 1] += start[k];
    }
    let mut next: Vec<u64> = start[..n].to_vec();
    let mut preds = vec![0u32; fwd.len()];
    for s in 0..n {
        for &e in &fwd[fwd_start[s] as usize..fwd_start[s + 1] as usize] {
            let t = (e & !KEPT) as usize;
            preds[next[t] as usize] = s as u32 | (e & KEPT);
            next[t] += 1;
        }
    }
    (start, preds)
}
