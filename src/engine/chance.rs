//! Rolls during play: a move whose body rolls (`roll` outside the setup) has several outcomes,
//! each a child position with its exact probability. The body is run once for every combination
//! of the rolls' values (`rules::Script`), from the same position each time, and the outcomes of
//! one move that reach the same child with the same player to move are merged.

use super::{Child, Code, Engine, Fault, Rel, Scratch};
use crate::rules::{CMove, Ctx, RtError, RtKind, Script};
use num_rational::BigRational;
use num_traits::Zero;

/// The most outcomes one position's moves may have together.
pub const MAX_OUTCOMES: usize = 1_000_000;

/// One outcome of a move: the child, whether the mover keeps the turn, and its probability.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub code: Code,
    pub kept: bool,
    pub prob: BigRational,
}

/// A legal move (family, arguments) with its outcomes.
pub type ChanceMove = (usize, Vec<i64>, Vec<Outcome>);

/// A legal move (family, arguments) with each run of its rolls: the outcome and what the run
/// rolled (`die=4`), not merged.
pub type RunsOfMove = (usize, Vec<i64>, Vec<(Outcome, String)>);

/// A position with rolls during play: its end, or each legal move with its outcomes.
#[derive(Debug)]
pub enum ChanceExpand {
    End { rel: Rel, margin: Option<i64> },
    Moves(Vec<ChanceMove>),
}

impl Engine<'_> {
    /// Expands `code`, following every roll its moves make (interpreted: the compiled rules do
    /// not roll).
    pub fn expand_chance(&self, code: Code, scratch: &mut Scratch) -> Result<ChanceExpand, Fault> {
        let (moves, script) = match self.runs(code, scratch)? {
            Ok(end) => return Ok(end),
            Err(runs) => runs,
        };
        let mut out: Vec<ChanceMove> = moves
            .into_iter()
            .map(|(f, args)| (f, args, Vec::new()))
            .collect();
        for (k, prob, child, kept) in script.outcomes.iter().cloned() {
            let Some((_, _, list)) = out.get_mut(k as usize) else {
                continue;
            };
            match list.iter_mut().find(|o| o.code == child && o.kept == kept) {
                Some(o) => o.prob += prob,
                None => list.push(Outcome {
                    code: child,
                    kept,
                    prob,
                }),
            }
        }
        for (_, _, list) in &mut out {
            list.retain(|o| !o.prob.is_zero());
        }
        scratch.chance = Some(script);
        Ok(ChanceExpand::Moves(out))
    }

    /// The first chance turn whose guard holds here, if any: then it is the only move.
    pub(super) fn chance_turn(&self, ctx: &mut Ctx) -> Result<Option<usize>, Fault> {
        if !self.chance_turns {
            return Ok(None);
        }
        for (f, m) in self
            .rules
            .moves
            .iter()
            .enumerate()
            .filter(|(_, m)| m.chance)
        {
            let holds = match &m.guard {
                Some(g) => ctx.eval(g).map_err(|error| Fault {
                    error,
                    during: Some((f, Vec::new())),
                })?,
                None => 1,
            };
            if holds != 0 {
                return Ok(Some(f));
            }
        }
        Ok(None)
    }

    /// Each legal move's runs, one per combination of its rolls' values, not merged: the
    /// outcome with what the run rolled (`die=4`), for `play` to announce. `None` at an end.
    pub fn runs_of(
        &self,
        code: Code,
        scratch: &mut Scratch,
    ) -> Result<Option<Vec<RunsOfMove>>, Fault> {
        let (moves, script) = match self.runs(code, scratch)? {
            Ok(_) => return Ok(None),
            Err(runs) => runs,
        };
        let mut out: Vec<RunsOfMove> = moves
            .into_iter()
            .map(|(f, args)| (f, args, Vec::new()))
            .collect();
        for ((k, prob, child, kept), rolled) in script.outcomes.iter().cloned().zip(&script.rolled)
        {
            let words: Vec<String> = rolled
                .iter()
                .map(|(var, v)| {
                    let name = self.rules.vars.get(*var as usize).map_or("?", |x| &x.name);
                    format!("{name}={v}")
                })
                .collect();
            if let Some((_, _, list)) = out.get_mut(k as usize) {
                let o = Outcome {
                    code: child,
                    kept,
                    prob,
                };
                list.push((o, words.join(", ")));
            }
        }
        scratch.chance = Some(script);
        Ok(Some(out))
    }

    /// The end, or each legal move (family, arguments) with the script holding every run's
    /// outcome and rolls.
    #[allow(clippy::type_complexity)]
    fn runs(
        &self,
        code: Code,
        scratch: &mut Scratch,
    ) -> Result<Result<ChanceExpand, (Vec<(usize, Vec<i64>)>, Box<Script>)>, Fault> {
        let mut script = scratch.chance.take().unwrap_or_default();
        script.clear();
        scratch.chance = Some(script);
        let mut moves: Vec<(usize, Vec<i64>)> = Vec::new();
        let e = self.expand_interpreted(code, scratch, |f, args, _| moves.push((f, args.to_vec())));
        let script = scratch.chance.take().unwrap_or_default();
        if let super::Expand::End { rel, margin, .. } = e? {
            scratch.chance = Some(script);
            return Ok(Ok(ChanceExpand::End { rel, margin }));
        }
        Ok(Err((moves, script)))
    }

    /// A legal move's body run for every combination of its rolls' values: each outcome goes to
    /// the script, and the move once to `sink` (with its first outcome), so counting and
    /// labelling the moves is as without chance.
    pub(super) fn apply_chance<F: FnMut(usize, &[i64], Child)>(
        &self,
        f: usize,
        m: &CMove,
        code: Code,
        ctx: &mut Ctx,
        sink: &mut F,
        count: &mut usize,
    ) -> Result<(), Fault> {
        let args = ctx.locals[..m.domains.len()].to_vec();
        let fault = |error: Box<RtError>| Fault {
            error,
            during: Some((f, args.clone())),
        };
        if let Some(s) = ctx.chance.as_deref_mut() {
            s.first_run();
        }
        let mut first: Option<Child> = None;
        loop {
            // A chance turn leaves the turn where it is, unless it says `next mover = P`.
            ctx.again = m.chance;
            let mark = ctx.undo.len();
            if let Err(error) = ctx.exec(&m.body) {
                ctx.rollback(mark);
                return Err(fault(error));
            }
            let (child, kept, digits) = self.child_of(code, ctx, mark, m.chance);
            ctx.rollback(mark);
            let Some(s) = ctx.chance.as_deref_mut() else {
                break;
            };
            if s.outcomes.len() >= MAX_OUTCOMES {
                return Err(fault(too_many(m)));
            }
            let prob = s.prob.clone();
            s.outcomes.push((s.moves, prob, child, kept));
            let rolled = std::mem::take(&mut s.now);
            s.rolled.push(rolled);
            first.get_or_insert(Child {
                code: child,
                kept,
                digits,
            });
            if !s.next_run() {
                s.moves += 1;
                break;
            }
        }
        super::move_limits::one_more(count, f, m, ctx)?;
        if let Some(c) = first {
            sink(f, &ctx.locals[..m.domains.len()], c);
        }
        Ok(())
    }
}

fn too_many(m: &CMove) -> Box<RtError> {
    RtError::new(
        RtKind::TooManyOutcomes,
        m.span,
        format!("this position's moves have more than {MAX_OUTCOMES} outcomes of their rolls"),
    )
}

/// A move's runs (`Engine::runs_of`) as outcomes: runs that reach the same position with the
/// same player to move are one, their probabilities added and what they rolled joined
/// (`d=2 or d=3`).
pub fn merge_runs(runs: &[(Outcome, String)]) -> Vec<(Outcome, String)> {
    let mut merged: Vec<(Outcome, Vec<&str>)> = Vec::new();
    for (o, rolled) in runs {
        match merged
            .iter_mut()
            .find(|(m, _)| m.code == o.code && m.kept == o.kept)
        {
            Some((m, words)) => {
                m.prob += &o.prob;
                words.push(rolled);
            }
            None => merged.push((o.clone(), vec![rolled])),
        }
    }
    merged
        .into_iter()
        .map(|(o, w)| (o, w.join(" or ")))
        .collect()
}
