//! `gamec solve` for games of three or more players. Each player's **security value** (the best
//! result they can force against all the others together, unique and exact) is solved on that
//! player's view of the game (`rules::view`) by the two-player solvers; beside them, the **max^n**
//! outcome (each player picking the move best for themselves) under the tie-break asked for, and
//! a note when another tie-break would change who wins.

use super::common::{CliResult, Loaded};
use super::explore::{fault_diag, report, solve_below};
use super::io::out;
use super::many_text::{MaxnAt, Report, Solved};
use crate::engine::{Code, Engine, Limits};
use crate::rules::Rules;
use crate::solve::maxn::{MaxN, MaxnError, Payoff, TieBreak};
use crate::solve::{seen_by_mover, SolveError};

pub fn run(
    loaded: &Loaded,
    rules: &Rules,
    limits: Limits,
    json: bool,
    at: Option<&str>,
    tie: TieBreak,
) -> CliResult {
    let views = super::views::views(rules);
    let engines: Vec<Engine> = views.iter().map(|v| limits.engine(v)).collect();
    let (starts, solutions) = super::views::solve_all(loaded, &engines, limits.positions)?;
    let start = starts.first().map_or(0, |b| b.code);
    let at_code = at
        .map(|text| super::at::parse(&engines[0], text))
        .transpose()?;
    let solved = Solved {
        rules,
        engines: &engines,
        solutions,
        tie,
    };
    let start_report = solved.report(loaded, start, None, limits.positions)?;
    let at_report = match (at, at_code) {
        (Some(text), Some(code)) => {
            Some(solved.report(loaded, code, Some(text), limits.positions)?)
        }
        _ => None,
    };
    let shown = at_report.as_ref().unwrap_or(&start_report);
    let title = if at_report.is_some() {
        "position"
    } else {
        "start"
    };
    if json {
        let j = super::many_text::to_json(&solved, shown, at_report.is_some());
        out(&format!(
            "{}\n",
            serde_json::to_string_pretty(&j).unwrap_or_default()
        ));
    } else {
        out(&super::many_text::to_text(&solved, shown, title));
    }
    Ok(())
}

impl Solved<'_, '_> {
    /// The security values and max^n outcomes of `code` (a position of player 1's view); one the
    /// start does not reach (`--at`, named `text`) is solved on its own first.
    fn report(
        &self,
        loaded: &Loaded,
        code: Code,
        text: Option<&str>,
        limit: u64,
    ) -> Result<Report, super::common::Exit> {
        let to_move = self.engines[0].player_to_move(&self.engines[0].decode(code));
        let mut security = Vec::new();
        for (q, (engine, s)) in self.engines.iter().zip(&self.solutions).enumerate() {
            let c = crate::solve::maxn::in_view(self.engines, q as u8 + 1, code);
            let e = match s.get(c) {
                Some(e) => Some(e),
                None => {
                    if q == 0 {
                        super::io::warning(&format!(
                            "--at \"{}\": the start cannot reach this position; it is \
                             evaluated as if play began there",
                            text.unwrap_or_default()
                        ));
                    }
                    let below = solve_below(engine, c, limit).map_err(|d| report(loaded, d))?;
                    below.get(c)
                }
            };
            // The view's value is its side to move's: the others' when `q` is not to move.
            let mine = usize::from(to_move) == q + 1;
            security.push(e.map(|e| seen_by_mover(e, mine)));
        }
        let mut maxn = Vec::new();
        for tie in TieBreak::ALL {
            maxn.push((tie, self.maxn_at(loaded, code, tie, limit)?));
        }
        Ok(Report {
            code,
            to_move,
            security,
            maxn,
        })
    }

    /// The max^n outcome of `code` and of each move from it under `tie`; `None` when play can
    /// return to a position.
    fn maxn_at(
        &self,
        loaded: &Loaded,
        code: Code,
        tie: TieBreak,
        limit: u64,
    ) -> Result<Option<MaxnAt>, super::common::Exit> {
        let engine = &self.engines[0];
        let mut m = MaxN::new(self.engines, tie, limit);
        let fail = |e: SolveError| report(loaded, super::views::maxn_diag(engine, e, limit));
        let outcome = match m.solve(code) {
            Ok(p) => p,
            Err(MaxnError::Loopy) => return Ok(None),
            Err(MaxnError::Solve(e)) => return Err(fail(e)),
        };
        let (_, children) = engine
            .moves_of(code)
            .map_err(|f| report(loaded, fault_diag(engine, &f, Some(code), limit)))?;
        let mover = m.mover(code);
        let mut moves: Vec<(String, Payoff)> = Vec::new();
        for (label, child) in children {
            let p = match m.solve(child.code) {
                Ok(p) => p,
                Err(MaxnError::Loopy) => return Ok(None),
                Err(MaxnError::Solve(e)) => return Err(fail(e)),
            };
            moves.push((
                label,
                Payoff {
                    remoteness: p.remoteness + 1,
                    ..p
                },
            ));
        }
        let payoffs: Vec<Payoff> = moves.iter().map(|(_, p)| p.clone()).collect();
        let best = crate::play::many::maxn_pick(tie, mover, &payoffs).map(|k| moves[k].0.clone());
        Ok(Some(MaxnAt {
            outcome,
            moves,
            best,
        }))
    }
}
