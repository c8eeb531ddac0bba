//! The start: the initial values, then the `setup` block, whose rolls branch into several starting
//! positions, each with its exact probability.
//!
//! The branches are merged after every statement: two that hold the same values and show the same
//! rolls are one outcome whose probability is the sum of theirs (twelve rolls into one die stay six
//! outcomes, not 6^12). Both the number of outcomes and the work of one statement are bounded, so a
//! setup that multiplies out too far is `gamec::too_many_outcomes` within a second, not an abort.

use super::{Code, Engine, Fault, Pos};
use crate::rules::{CStmt, CTarget, CWeights, Ctx, RtError, RtKind};
use crate::syntax::ast::Span;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use rustc_hash::FxHashMap;

/// The most distinct outcomes the setup may have after any statement.
pub const MAX_SETUP_OUTCOMES: usize = 100_000;
/// The most slots the outcomes may hold together (160 MB), for games with large arrays.
const MAX_SETUP_SLOTS: usize = 20_000_000;
/// The most outcomes one statement may produce before they are merged (outcomes so far × values
/// of the roll).
pub const MAX_SETUP_STEPS: u64 = 10_000_000;

/// One starting position after the chance setup.
#[derive(Clone, Debug)]
pub struct Branch {
    pub code: Code,
    pub pos: Pos,
    pub prob: BigRational,
    /// Who moves first after the setup (1 or 2), whether or not positions record the turn.
    pub mover: u8,
    /// What was rolled, as `(target, value)`, in the order first rolled; a target rolled again
    /// shows its last value.
    pub rolls: Vec<(String, i64)>,
}

/// An outcome while the setup runs: the slots and what was rolled (target names interned).
type Key = (Vec<i64>, Vec<(u32, i64)>);

/// The outcomes after some statements, in the order first reached, merged by `Key`.
struct Outcomes {
    limit: usize,
    keys: Vec<Key>,
    probs: Vec<BigRational>,
    index: FxHashMap<Key, usize>,
}

impl Outcomes {
    fn new(slots: usize) -> Outcomes {
        Outcomes {
            limit: MAX_SETUP_OUTCOMES.min(MAX_SETUP_SLOTS / slots.max(1)),
            keys: Vec::new(),
            probs: Vec::new(),
            index: FxHashMap::default(),
        }
    }

    fn add(&mut self, key: Key, prob: BigRational, span: Span) -> Result<(), Box<RtError>> {
        if let Some(&i) = self.index.get(&key) {
            self.probs[i] += prob;
            return Ok(());
        }
        if self.keys.len() >= self.limit {
            return Err(too_many(span, self.limit));
        }
        self.index.insert(key.clone(), self.keys.len());
        self.keys.push(key);
        self.probs.push(prob);
        Ok(())
    }
}

fn too_many(span: Span, limit: usize) -> Box<RtError> {
    RtError::new(
        RtKind::TooManyOutcomes,
        span,
        format!("the setup's rolls have more than {limit} different outcomes by here, the limit"),
    )
}

impl Engine<'_> {
    /// The starting positions: one without a setup, one per distinct outcome of the rolls with one.
    pub fn starts(&self) -> Result<Vec<Branch>, Fault> {
        let first = self.rules.first_mover;
        let mut init = Pos {
            slots: self.rules.init.clone(),
            mover: first,
            last_mover: 3 - first,
        };
        let Some(setup) = &self.rules.setup else {
            return Ok(vec![self.branch(
                init,
                BigRational::one(),
                first,
                Vec::new(),
            )]);
        };
        // `setup by player K` is player K's move: K is the mover while it runs.
        if let Some(k) = setup.by_player {
            init.mover = k;
            init.last_mover = 3 - k;
        }
        let mut names: Vec<String> = Vec::new();
        let slots = init.slots.len();
        let mut now = Outcomes::new(slots);
        now.add(
            (init.slots.clone(), Vec::new()),
            BigRational::one(),
            Span::default(),
        )?;
        let mut locals = vec![0i64; self.rules.locals as usize + 1];
        let mut budget = self.max_steps;
        for stmt in &setup.body {
            let mut next = Outcomes::new(slots);
            let mut work: u64 = 0;
            for (key, prob) in now.keys.into_iter().zip(now.probs) {
                let (mut slots, rolls) = key;
                let mut undo = Vec::new();
                let mut ctx = Ctx {
                    vars: &self.rules.vars,
                    ranges: &self.rules.slot_ranges,
                    slots: &mut slots,
                    locals: &mut locals,
                    mover: init.mover as i64,
                    last_mover: init.last_mover as i64,
                    undo: &mut undo,
                    again: false,
                    scale: 1,
                    budget,
                    chance: None,
                };
                let CStmt::Roll {
                    target,
                    domain,
                    weights,
                    span,
                } = stmt
                else {
                    ctx.exec(std::slice::from_ref(stmt))?;
                    budget = ctx.budget;
                    next.add((ctx.slots.to_vec(), rolls), prob, Span::default())?;
                    continue;
                };
                let lo = ctx.eval(&domain.lo)?;
                let hi = ctx.eval(&domain.hi)?;
                crate::rules::check_range(lo, hi, domain.span)?;
                let n = crate::rules::range_size(lo, hi);
                let too_many = || {
                    RtError::new(
                        RtKind::TooManyOutcomes,
                        *span,
                        format!("the setup's rolls would try more than {MAX_SETUP_STEPS} outcomes by here, the limit"),
                    )
                };
                let ws: Vec<i64> = match weights {
                    Some(CWeights::List(ws)) => {
                        ws.iter().map(|w| ctx.eval(w)).collect::<Result<_, _>>()?
                    }
                    // Worked out once per value, so bounded before, like the outcomes.
                    Some(CWeights::Of(_)) if work.saturating_add(n) > MAX_SETUP_STEPS => {
                        return Err(too_many().into())
                    }
                    Some(CWeights::Of(w)) => ctx.weights_of(target, w, lo, n, *span)?,
                    None => vec![1; n as usize],
                };
                crate::rules::check_roll(lo, hi, &ws, domain.span, *span)?;
                work = work.saturating_add(n);
                if work > MAX_SETUP_STEPS {
                    return Err(too_many().into());
                }
                // Exact: weights near 2^63 may total more than 64 bits hold.
                let total: BigInt = ws.iter().map(|w| BigInt::from(*w)).sum();
                let name = intern(&mut names, roll_name(self, target, &mut ctx)?);
                let slot = ctx.target_slot(target)?;
                budget = ctx.budget;
                for (k, w) in ws.iter().enumerate() {
                    if *w == 0 {
                        continue;
                    }
                    let v = lo + k as i64;
                    let mark = ctx.undo.len();
                    ctx.write(slot, v, *span)?;
                    let mut rolled = rolls.clone();
                    match rolled.iter_mut().find(|(t, _)| *t == name) {
                        Some(r) => r.1 = v,
                        None => rolled.push((name, v)),
                    }
                    let p = &prob * BigRational::new(BigInt::from(*w), total.clone());
                    next.add((ctx.slots.to_vec(), rolled), p, *span)?;
                    ctx.rollback(mark);
                }
            }
            now = next;
        }
        let mover = first;
        Ok(now
            .keys
            .into_iter()
            .zip(now.probs)
            .filter(|(_, p)| !p.is_zero())
            .map(|((slots, rolls), prob)| {
                let rolls = rolls
                    .into_iter()
                    .map(|(t, v)| (names[t as usize].clone(), v))
                    .collect();
                let pos = Pos {
                    slots,
                    mover,
                    last_mover: 3 - mover,
                };
                self.branch(pos, prob, mover, rolls)
            })
            .collect())
    }

    /// A start, numbered; positions that do not record the turn all say player 1 is to move.
    fn branch(
        &self,
        mut pos: Pos,
        prob: BigRational,
        mover: u8,
        rolls: Vec<(String, i64)>,
    ) -> Branch {
        if !self.turn_matters() {
            pos.mover = 1;
            pos.last_mover = 2;
        }
        Branch {
            code: self.encode(&pos),
            pos,
            prob,
            mover,
            rolls,
        }
    }
}

fn intern(names: &mut Vec<String>, name: String) -> u32 {
    match names.iter().position(|n| *n == name) {
        Some(i) => i as u32,
        None => {
            names.push(name);
            (names.len() - 1) as u32
        }
    }
}

fn roll_name(e: &Engine, target: &CTarget, ctx: &mut Ctx) -> Result<String, Box<RtError>> {
    let v = &e.rules.vars[target.var as usize];
    Ok(match &target.index {
        None => v.name.clone(),
        Some(ix) => format!("{}[{}]", v.name, ctx.eval(ix)?),
    })
}
