//! Each player's score where a scored game ends, for `play` to show beside the margin.

use super::{Code, Engine, Scratch};
use crate::rules::{COutcome, Ctx};

impl Engine<'_> {
    /// Player 1's and player 2's scores at `code`, where end rule `rule` holds; `None` when that
    /// rule gives no scores or a rule fails (solving has reported it already).
    pub fn end_scores(&self, code: Code, rule: usize) -> Option<[i64; 2]> {
        let end = self.rules.ends.get(rule)?;
        let mut scratch = Scratch::default();
        let mut ctx = self.context(code, &mut scratch);
        scores(&end.outcome, &mut ctx)
    }
}

/// The scores an outcome gives, following `if ... then ... else ...` to the branch that holds.
fn scores(o: &COutcome, ctx: &mut Ctx) -> Option<[i64; 2]> {
    match o {
        COutcome::If {
            cond,
            then,
            otherwise,
        } => {
            let branch = if ctx.eval(cond).ok()? != 0 {
                then
            } else {
                otherwise
            };
            scores(&branch.0, ctx)
        }
        COutcome::Score { local, expr } => {
            let mut score = [0; 2];
            for (p, s) in (1..=2).zip(&mut score) {
                ctx.locals[*local as usize] = p;
                *s = ctx.eval(expr).ok()?;
            }
            Some(score)
        }
        _ => None,
    }
}
