//! Shared by the sequential commands: the starts and the solution, or the diagnostic (with a trace
//! from the start) that explains why the game could not be explored.

use super::common::{print_diags, Exit, Loaded};
use crate::diag::{catalog, Diag, Diagnostics};
use crate::engine::{trace_to, Branch, Code, Engine, Fault};
use crate::solve::{self, Solution, SolveError};

/// The diagnostic for a rule failing at `code`, with the shortest route there.
pub fn fault_diag(engine: &Engine, fault: &Fault, code: Option<Code>, limit: u64) -> Diag {
    let route = match code {
        None => "the setup, before any move".to_string(),
        Some(c) => {
            let at = engine.describe(&engine.decode(c));
            let path = match trace_to(engine, c, limit) {
                None => format!("(too many positions to trace them) → {at}"),
                Some(moves) if moves.is_empty() => format!("none (the start is {at})"),
                Some(moves) => format!("{} → {at}", moves.join(", ")),
            };
            match &fault.during {
                Some((f, args)) => format!("{path}; then {}", engine.move_label(*f, args)),
                None => path,
            }
        }
    };
    catalog::fault(
        fault.error.kind,
        fault.error.span,
        &fault.error.message,
        &route,
    )
}

/// Explores and solves the game, or reports why not.
pub fn solve_game(engine: &Engine, limit: u64) -> Result<(Vec<Branch>, Solution), Diag> {
    let starts = engine
        .starts()
        .map_err(|f| fault_diag(engine, &f, None, limit))?;
    let roots: Vec<Code> = starts.iter().map(|b| b.code).collect();
    Ok((starts, solve_roots(engine, &roots, limit)?))
}

/// Solves everything reachable from `roots`, or the diagnostic that says why not.
pub fn solve_roots(engine: &Engine, roots: &[Code], limit: u64) -> Result<Solution, Diag> {
    solve::solve(engine, roots, limit).map_err(|e| match e {
        SolveError::Fault(f, c) => fault_diag(engine, &f, Some(c), limit),
        SolveError::Limit(l) => catalog::too_many_positions(l),
        SolveError::Memory(l) => catalog::out_of_memory(l),
    })
}

/// Prints one diagnostic against the loaded file; the command then ends with exit code 1.
pub fn report(loaded: &Loaded, d: Diag) -> Exit {
    print_diags(
        &Diagnostics(vec![d]),
        &loaded.path,
        &loaded.source,
        loaded.style,
    );
    Exit(1)
}

/// As `solve_game`, printing the problem against the file and ending the command.
pub fn solve_or_exit(
    loaded: &Loaded,
    engine: &Engine,
    limit: u64,
) -> Result<(Vec<Branch>, Solution), Exit> {
    solve_game(engine, limit).map_err(|d| report(loaded, d))
}
