//! Games that roll during play or have simultaneous moves, and whose play can return to a
//! position (Pig, Oshi-Zumo without a round limit): the values are the fixed point of the
//! expectimax (and, at a simultaneous choice, matrix-game: `interval_stage`) equations, which
//! backward induction cannot reach. They are
//! given as a **certified interval** at every position: a lower bound iterated up from -1 and an
//! upper bound iterated down from 1, each step rounded outward (numbers in fixed point with 50
//! bits after the point, probabilities bounded by dyadic fractions with 60), so that every bound
//! printed is a true bound of the exact value, whatever the number of steps.
//!
//! The operator is monotone (a matrix game's value too grows with its entries), so a lower bound stays below the value after any number
//! of steps, and an upper bound above it. Play that can go on for ever (a draw, counted 0) can
//! keep the upper bound from meeting the lower: the interval then stays open, and says so.
//! Scored games that loop are refused, as without chance.

use super::exact_loop::NotExact;
use super::progress::Progress;
use super::SolveError;
use crate::engine::{ChanceExpand, Code, Engine, Rel, Scratch};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// Fixed point: 1 is `ONE`.
const BITS: u32 = 50;
const ONE: i64 = 1 << BITS;
/// Probabilities: 1 is `1 << PBITS`.
const PBITS: u32 = 60;

/// One outcome: the child's index, whether the mover keeps the turn, and the probability's
/// dyadic bounds (`lo <= p * 2^60 <= hi`).
#[derive(Clone, Copy)]
struct Edge {
    child: u32,
    kept: bool,
    plo: i64,
    phi: i64,
}

/// Every position, flat: position `i`'s moves are `moves[i]..moves[i + 1]` (none at an end, whose
/// value is `end[i]`), and move `m`'s outcomes `edges[outs[m]..outs[m + 1]]`. A position whose
/// moves are a simultaneous choice has its columns and its pairs' moves (row by row, counted
/// from its first move) in `stages`.
struct Graph {
    end: Vec<Option<i64>>,
    moves: Vec<u32>,
    outs: Vec<u32>,
    edges: Vec<Edge>,
    stages: HashMap<u32, (usize, Vec<u32>)>,
}

/// The bounds found at every position, in fixed point.
pub struct Bounds {
    pub index: HashMap<Code, u32>,
    lo: Vec<i64>,
    hi: Vec<i64>,
    /// Sweeps made over every position.
    pub sweeps: u64,
    /// Whether the bounds at the starts came within `GAP` of each other.
    pub closed: bool,
    /// Whether some reachable end is a tie.
    pub ties: bool,
    /// Whether the sweeps stopped because none tightened any bound (not for lack of time).
    pub stalled: bool,
    /// Every position's exact value (`exact_loop`), indexed as the bounds, or why not.
    pub exact: Result<Vec<BigRational>, NotExact>,
}

/// A bound pair as exact fractions: `lo <= value <= hi`.
pub fn as_fractions(lo: i64, hi: i64) -> (BigRational, BigRational) {
    let d = BigInt::from(ONE);
    (
        BigRational::new(BigInt::from(lo), d.clone()),
        BigRational::new(BigInt::from(hi), d),
    )
}

impl Bounds {
    /// The bounds of the value at `code` for the player to move, as exact fractions.
    pub fn of(&self, code: Code) -> Option<(BigRational, BigRational)> {
        let &i = self.index.get(&code)?;
        if let Ok(exact) = &self.exact {
            let v = exact[i as usize].clone();
            return Some((v.clone(), v));
        }
        Some(as_fractions(self.lo[i as usize], self.hi[i as usize]))
    }
}

/// A stage's pairs' lower and upper bounds when it was last valued, and the bounds found then.
type SolvedStage = (Vec<i64>, Vec<i64>, (i64, i64));

/// The widest interval at the starts that counts as closed: 2^-30 (about 9.3e-10).
const GAP: i64 = 1 << (BITS - 30);

/// Explores every position reached from `roots` (at most `limit`) and bounds every value, for
/// at most `time` (then the bounds reached are given, still certified, with `closed` false).
pub fn solve(
    engine: &Engine,
    roots: &[Code],
    limit: u64,
    time: Duration,
) -> Result<Bounds, SolveError> {
    let progress = Progress::new();
    let found = explore(engine, roots, limit, &progress);
    let (index, nodes) = match found {
        Ok(x) => x,
        Err(e) => {
            progress.finish();
            return Err(e);
        }
    };
    let n = nodes.end.len();
    // Each position's (lower, upper) bound, side by side.
    let mut b: Vec<(i64, i64)> = nodes
        .end
        .iter()
        .map(|e| e.map_or((-ONE, ONE), |v| (v, v)))
        .collect();
    let ties = nodes.end.contains(&Some(0));
    let starts: Vec<usize> = roots
        .iter()
        .filter_map(|c| index.get(c).map(|&i| i as usize))
        .collect();
    let began = Instant::now();
    let mut sweeps = 0u64;
    let mut stalled = false;
    // A stage's pairs' bounds, row by row.
    let (mut pair_lo, mut pair_hi): (Vec<i64>, Vec<i64>) = (Vec::new(), Vec::new());
    // Each stage's pairs' bounds at its last valuing and the bounds found then: a stage whose
    // pairs have not moved is not solved again (the simplex is most of a sweep's time).
    let mut solved_stages: HashMap<u32, SolvedStage> = HashMap::new();
    let closed = loop {
        let mut changed = false;
        // Later positions first: values flow back towards the start sooner.
        for i in (0..n).rev() {
            let (first, last) = (nodes.moves[i] as usize, nodes.moves[i + 1] as usize);
            if first == last || b[i].0 == b[i].1 {
                continue;
            }
            let (mut best_lo, mut best_hi) = (i64::MIN, i64::MIN);
            let stage = nodes.stages.get(&(i as u32));
            if stage.is_some() {
                pair_lo.clear();
                pair_hi.clear();
            }
            for m in first..last {
                let (mut l, mut h) = (0i128, 0i128);
                let outcomes = &nodes.edges[nodes.outs[m] as usize..nodes.outs[m + 1] as usize];
                for e in outcomes {
                    let (cl, ch) = b[e.child as usize];
                    // The child's bounds from this mover's side.
                    let (x, y) = if e.kept { (cl, ch) } else { (-ch, -cl) };
                    let (x, y) = (i128::from(x), i128::from(y));
                    let (plo, phi) = (i128::from(e.plo), i128::from(e.phi));
                    l += if x >= 0 { plo * x } else { phi * x };
                    h += if y >= 0 { phi * y } else { plo * y };
                }
                let l = l.div_euclid(1 << PBITS);
                let h = -((-h).div_euclid(1 << PBITS));
                if stage.is_some() {
                    pair_lo.push(clamp(l));
                    pair_hi.push(clamp(h));
                }
                best_lo = best_lo.max(clamp(l));
                best_hi = best_hi.max(clamp(h));
            }
            if let Some((cols, cells)) = stage {
                let lo: Vec<i64> = cells.iter().map(|&k| pair_lo[k as usize]).collect();
                let hi: Vec<i64> = cells.iter().map(|&k| pair_hi[k as usize]).collect();
                (best_lo, best_hi) = match solved_stages.get(&(i as u32)) {
                    Some((l, h, found)) if *l == lo && *h == hi => *found,
                    _ => {
                        let found = super::interval_stage::bounds(&lo, &hi, *cols);
                        solved_stages.insert(i as u32, (lo, hi, found));
                        found
                    }
                };
            }
            // Never looser than before: each bound only tightens.
            let now = (best_lo.max(b[i].0), best_hi.min(b[i].1));
            if now != b[i] {
                changed = true;
                b[i] = now;
            }
        }
        sweeps += 1;
        if let Some(&s) = starts.first() {
            let (l, h) = as_fractions(b[s].0, b[s].1);
            progress.say(format!(
                "{n} positions, sweep {sweeps}: the start between {} and {}",
                decimal(&l, 10, false),
                decimal(&h, 10, true)
            ));
        }
        if starts.iter().all(|&s| b[s].1 - b[s].0 <= GAP) {
            break true;
        }
        if !changed {
            stalled = true;
            break false;
        }
        if began.elapsed() > time {
            break false;
        }
    };
    let exact = match (closed, nodes.stages.is_empty()) {
        (false, _) => Err(NotExact::Open),
        (true, false) => Err(NotExact::Stages),
        (true, true) => {
            progress.say(format!(
                "{n} positions: the exact values, by strategy iteration"
            ));
            let mut codes = vec![0; n];
            for (&c, &i) in &index {
                codes[i as usize] = c;
            }
            let mid: Vec<f64> = b
                .iter()
                .map(|&(l, h)| (l as f64 + h as f64) / 2.0 / ONE as f64)
                .collect();
            super::exact_loop::certify(engine, &codes, &mid, Instant::now() + time)
                .and_then(|v| within(v, &b))
        }
    };
    progress.finish();
    let (lo, hi) = b.into_iter().unzip();
    Ok(Bounds {
        exact,
        index,
        lo,
        hi,
        sweeps,
        closed,
        ties,
        stalled,
    })
}

/// The exact values, if each lies within its certified bounds (a check of the one against the
/// other: they are found by different means).
fn within(exact: Vec<BigRational>, b: &[(i64, i64)]) -> Result<Vec<BigRational>, NotExact> {
    let one = BigRational::from_integer(BigInt::from(ONE));
    for (v, &(lo, hi)) in exact.iter().zip(b) {
        let scaled = v * &one;
        if scaled < BigRational::from_integer(lo.into())
            || scaled > BigRational::from_integer(hi.into())
        {
            return Err(NotExact::Disagrees);
        }
    }
    Ok(exact)
}

fn clamp(v: i128) -> i64 {
    v.clamp(i128::from(-ONE), i128::from(ONE)) as i64
}

/// Every reachable position, numbered breadth-first, with its end value or its moves.
fn explore(
    engine: &Engine,
    roots: &[Code],
    limit: u64,
    progress: &Progress,
) -> Result<(HashMap<Code, u32>, Graph), SolveError> {
    let mut index: HashMap<Code, u32> = HashMap::new();
    let mut codes: Vec<Code> = Vec::new();
    for &r in roots {
        if let std::collections::hash_map::Entry::Vacant(e) = index.entry(r) {
            e.insert(codes.len() as u32);
            codes.push(r);
        }
    }
    let mut g = Graph {
        end: Vec::new(),
        moves: vec![0],
        outs: vec![0],
        edges: Vec::new(),
        stages: HashMap::new(),
    };
    let mut scratch = Scratch::default();
    let budget = crate::engine::memory::byte_budget();
    let mut k = 0;
    while k < codes.len() {
        let code = codes[k];
        k += 1;
        progress.tick(k as u64);
        // What the graph holds so far, over-estimated: a position's index entry, code, end,
        // move range and bounds; an outcome; a move's range.
        let bytes = codes.len() as u64 * 96 + g.edges.len() as u64 * 24 + g.outs.len() as u64 * 4;
        if k % 4096 == 0 && bytes > budget {
            return Err(SolveError::Memory(codes.len() as u64));
        }
        match engine
            .expand_chance(code, &mut scratch)
            .map_err(|f| SolveError::Fault(f, code))?
        {
            ChanceExpand::End { rel, margin } => {
                if margin.is_some() {
                    return Err(SolveError::ScoredLoopy);
                }
                g.end.push(Some(match rel {
                    Rel::Win => ONE,
                    Rel::Tie => 0,
                    Rel::Lose => -ONE,
                }));
            }
            ChanceExpand::Moves(moves) => {
                g.end.push(None);
                let stage = engine.stage_of(&moves);
                if let Some(s) = stage.map_err(|f| SolveError::Fault(f, code))? {
                    let cells = s.cells.iter().map(|&k| k as u32).collect();
                    g.stages.insert(k as u32 - 1, (s.cols.len(), cells));
                }
                for (_, _, outcomes) in moves {
                    for o in outcomes {
                        let child = match index.get(&o.code) {
                            Some(&c) => c,
                            None => {
                                if codes.len() as u64 >= limit {
                                    return Err(SolveError::Limit(limit));
                                }
                                let c = codes.len() as u32;
                                index.insert(o.code, c);
                                codes.push(o.code);
                                c
                            }
                        };
                        let (plo, phi) = dyadic(&o.prob);
                        g.edges.push(Edge {
                            child,
                            kept: o.kept,
                            plo,
                            phi,
                        });
                    }
                    g.outs.push(g.edges.len() as u32);
                }
            }
        }
        g.moves.push((g.outs.len() - 1) as u32);
    }
    Ok((index, g))
}

/// `p` between two dyadic fractions with 60 bits: (floor, ceil) of `p * 2^60`.
fn dyadic(p: &BigRational) -> (i64, i64) {
    let scaled = p * BigRational::from_integer(BigInt::from(1u64 << PBITS));
    let lo = scaled.floor().to_integer();
    let hi = scaled.ceil().to_integer();
    let get = |x: BigInt| {
        x.to_i64()
            .unwrap_or(if x.is_negative() { 0 } else { 1 << PBITS })
    };
    (get(lo), get(hi))
}

/// `v` (in [-1, 1]) as a decimal with `digits` digits after the point, rounded down (`up`:
/// rounded up), so a printed bound is still a bound.
pub fn decimal(v: &BigRational, digits: u32, up: bool) -> String {
    let scale = BigInt::from(10u32).pow(digits);
    let scaled = v * BigRational::from_integer(scale.clone());
    let n = if up { scaled.ceil() } else { scaled.floor() }.to_integer();
    let neg = n.is_negative();
    let abs = if neg { -n } else { n };
    let whole = &abs / &scale;
    let frac = &abs % &scale;
    format!(
        "{}{whole}.{:0width$}",
        if neg { "-" } else { "" },
        frac,
        width = digits as usize
    )
}

impl Bounds {
    /// Bounds of a move's value for the player to move, from its outcomes' bounds (exact
    /// fractions of certified bounds, so certified too). `None` if an outcome is unknown.
    pub fn move_bounds(
        &self,
        outcomes: &[crate::engine::Outcome],
    ) -> Option<(BigRational, BigRational)> {
        let (mut lo, mut hi) = (BigRational::zero(), BigRational::zero());
        for o in outcomes {
            let (l, h) = self.of(o.code)?;
            let (l, h) = if o.kept { (l, h) } else { (-h, -l) };
            lo += &o.prob * l;
            hi += &o.prob * h;
        }
        Some((lo, hi))
    }
}
