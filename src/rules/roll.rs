//! What makes a roll well formed, decided in one place for the checker (constant rolls, before
//! play) and the engine (rolls whose range or weights depend on the state).

use super::fault::{RtError, RtKind, R};
use super::{check_range, range_size, CDomain, CExpr, CStmt, CTarget, CWeights, Ctx};
use crate::syntax::ast::Span;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::One;

/// The problem with rolling over `lo..=hi` with weights `ws` (`None`: equally likely), if any:
/// an empty range, or weights that are not one non-negative number per value, not all 0.
pub fn roll_problem(lo: i64, hi: i64, ws: Option<&[i64]>) -> Option<(RtKind, String)> {
    // In 128 bits: the whole of i64 is 2^64 values.
    let n = i128::from(hi) - i128::from(lo) + 1;
    if n <= 0 {
        return Some((
            RtKind::EmptyRoll,
            format!("the roll's range {lo}..={hi} is empty: nothing to roll"),
        ));
    }
    let ws = ws?;
    let problem = if ws.len() as i128 != n {
        format!(
            "the roll has {n} outcomes ({lo}..={hi}) but {} weights",
            ws.len()
        )
    } else if let Some(w) = ws.iter().find(|w| **w < 0) {
        format!("the roll has a negative weight ({w})")
    } else if ws.iter().all(|w| *w == 0) {
        "every weight of the roll is 0: no outcome can happen".to_string()
    } else {
        return None;
    };
    Some((RtKind::BadWeights, problem))
}

/// The rolls of one run of a move's body during play (`roll` outside the setup): which value each
/// roll takes, so that running the body again and again visits every combination once. The
/// values a roll can take are worked out when it is reached, from the position and the rolls
/// before it, so a run is a pure function of the picks made so far (`Engine` runs a chance
/// move's body until `next` says every combination has been run).
#[derive(Debug)]
pub struct Script {
    /// For each roll reached in this run: the pick (among the values of weight above 0) and how
    /// many values there were.
    picks: Vec<(usize, usize)>,
    /// Rolls reached so far in this run.
    at: usize,
    /// This run's probability: the product of each pick's weight over its roll's total.
    pub prob: BigRational,
    /// Every outcome of the position's legal moves, in order: the number of the legal move it
    /// belongs to (from 0, in the order the moves are generated), its probability, the child's
    /// code and whether the mover keeps the turn.
    pub outcomes: Vec<(u32, BigRational, u64, bool)>,
    /// For each outcome, what its run rolled: each roll's variable (its index) and value.
    pub rolled: Vec<Vec<(u32, i64)>>,
    /// What this run has rolled so far.
    pub now: Vec<(u32, i64)>,
    /// Legal moves generated so far.
    pub moves: u32,
}

impl Default for Script {
    fn default() -> Script {
        Script {
            picks: Vec::new(),
            at: 0,
            prob: BigRational::one(),
            outcomes: Vec::new(),
            rolled: Vec::new(),
            now: Vec::new(),
            moves: 0,
        }
    }
}

impl Script {
    /// Ready for a position: no outcomes or moves yet.
    pub fn clear(&mut self) {
        self.picks.clear();
        self.outcomes.clear();
        self.rolled.clear();
        self.moves = 0;
    }

    /// Ready for the first run of a move's body.
    pub fn first_run(&mut self) {
        self.picks.clear();
        self.start();
    }

    fn start(&mut self) {
        self.at = 0;
        self.prob = BigRational::one();
        self.now.clear();
    }

    /// Ready for the next combination of picks; `false` once every one has been run.
    pub fn next_run(&mut self) -> bool {
        self.picks.truncate(self.at);
        while let Some((pick, n)) = self.picks.last_mut() {
            if *pick + 1 < *n {
                *pick += 1;
                self.start();
                return true;
            }
            self.picks.pop();
        }
        false
    }

    /// The pick for the roll reached now, among `n` values (0 for a roll reached the first time).
    fn pick(&mut self, n: usize) -> usize {
        if self.at == self.picks.len() {
            self.picks.push((0, n));
        }
        let pick = self.picks[self.at].0;
        self.at += 1;
        pick
    }
}

/// A roll needs a value to roll and one weight per value, none negative and not all 0: the
/// problem as a run-time error at the range (empty) or the roll (bad weights).
pub fn check_roll(lo: i64, hi: i64, ws: &[i64], range: Span, span: Span) -> R<()> {
    match roll_problem(lo, hi, Some(ws)) {
        Some((RtKind::EmptyRoll, p)) => Err(RtError::new(RtKind::EmptyRoll, range, p)),
        Some((kind, p)) => Err(RtError::new(kind, span, p)),
        None => Ok(()),
    }
}

impl Ctx<'_> {
    /// A roll's lowest value and one weight per value, worked out in this position (a weight
    /// formula with the rolled variable holding each value in turn), checked: an empty range or
    /// bad weights fail here.
    pub fn roll_weights(
        &mut self,
        target: &CTarget,
        domain: &CDomain,
        weights: Option<&CWeights>,
        span: Span,
        most: u64,
    ) -> R<(i64, Vec<i64>)> {
        let lo = self.eval(&domain.lo)?;
        let hi = self.eval(&domain.hi)?;
        check_range(lo, hi, domain.span)?;
        let n = range_size(lo, hi);
        if n > most {
            return Err(RtError::new(
                RtKind::TooManyOutcomes,
                span,
                format!("this roll has {n} values, more than the {most} allowed here"),
            ));
        }
        let ws: Vec<i64> = match weights {
            Some(CWeights::List(ws)) => ws.iter().map(|w| self.eval(w)).collect::<R<_>>()?,
            Some(CWeights::Of(w)) => self.weights_of(target, w, lo, n, span)?,
            None => vec![1; n as usize],
        };
        check_roll(lo, hi, &ws, domain.span, span)?;
        Ok((lo, ws))
    }

    /// The weight `w` has for each of the `n` values from `lo`, with the rolled variable holding
    /// the value (written as any assignment is, so a value outside the variable's range is
    /// `out_of_range`), for the setup's rolls and the moves' alike.
    pub fn weights_of(
        &mut self,
        target: &CTarget,
        w: &CExpr,
        lo: i64,
        n: u64,
        span: Span,
    ) -> R<Vec<i64>> {
        let slot = self.target_slot(target)?;
        let mut out = Vec::with_capacity(n as usize);
        for k in 0..n {
            let mark = self.undo.len();
            self.write(slot, lo + k as i64, span)?;
            let weight = self.eval(w);
            self.rollback(mark);
            out.push(weight?);
        }
        Ok(out)
    }

    /// A roll during play: the value the script picks, written into the target, its probability
    /// multiplied into the run's. Without a script (a command that does not follow chance) it is
    /// `chance_in_play`.
    pub(super) fn roll_in_play(
        &mut self,
        target: &CTarget,
        domain: &CDomain,
        weights: Option<&CWeights>,
        span: Span,
    ) -> R<()> {
        if self.chance.is_none() {
            return Err(RtError::new(
                RtKind::ChanceInPlay,
                span,
                "this command does not follow rolls made during play",
            ));
        }
        let (lo, ws) = self.roll_weights(target, domain, weights, span, MAX_ROLL_VALUES)?;
        let live: Vec<usize> = (0..ws.len()).filter(|&k| ws[k] > 0).collect();
        // Exact: weights near 2^63 may total more than 64 bits hold.
        let total: BigInt = ws.iter().map(|&w| BigInt::from(w)).sum();
        let Some(script) = self.chance.as_deref_mut() else {
            return Ok(());
        };
        let k = live[script.pick(live.len()) % live.len()];
        script.prob *= BigRational::new(BigInt::from(ws[k]), total);
        script.now.push((target.var, lo + k as i64));
        let slot = self.target_slot(target)?;
        self.write(slot, lo + k as i64, span)
    }
}

/// The most values one roll during play may have.
pub const MAX_ROLL_VALUES: u64 = 10_000;

impl super::Rules {
    /// Where a move first rolls during play (a `roll` in a move's body), if any does.
    pub fn roll_in_play(&self) -> Option<Span> {
        fn first(body: &[CStmt]) -> Option<Span> {
            body.iter().find_map(|s| match s {
                CStmt::Roll { span, .. } => Some(*span),
                CStmt::If {
                    then, otherwise, ..
                } => first(then).or_else(|| first(otherwise)),
                CStmt::For { body, .. } => first(body),
                _ => None,
            })
        }
        self.moves.iter().find_map(|m| first(&m.body))
    }

    /// Where the first simultaneous move (`together`) is declared, if any is.
    pub fn together(&self) -> Option<Span> {
        self.moves.iter().find(|m| m.together).map(|m| m.span)
    }

    /// Where the game first takes chance after the setup: a roll during play (`false`), or else
    /// a chance turn (`true`).
    pub fn chance_in_play(&self) -> Option<(Span, bool)> {
        match self.roll_in_play() {
            Some(s) => Some((s, false)),
            None => self.chance_turn().map(|s| (s, true)),
        }
    }

    /// Where the first chance turn (`chance if C { ... }`) is declared, if any is.
    pub fn chance_turn(&self) -> Option<Span> {
        self.moves.iter().find(|m| m.chance).map(|m| m.span)
    }

    /// Whether the chance solve takes this game: it rolls during play, has chance turns or has
    /// simultaneous moves.
    pub fn staged(&self) -> Option<Span> {
        self.roll_in_play()
            .or_else(|| self.chance_turn())
            .or_else(|| self.together())
    }
}
