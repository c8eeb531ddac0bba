//! Shared by the sequential commands: the starts and the solution, or the diagnostic (with a trace
//! from the start) that explains why the game could not be explored.

use super::common::{print_diags, Exit, Loaded};
use crate::diag::{catalog, Diag, Diagnostics};
use crate::engine::{route, route_to_class, Branch, Code, Engine, Fault, Route, Scratch};
use crate::rules::RtKind;
use crate::solve::expect::ChanceSolution;
use crate::solve::interval::Bounds;
use crate::solve::{self, Solution, SolveError};
use std::time::Duration;

/// The diagnostic for a rule failing at `code`, with the shortest route there from the start.
pub fn fault_diag(engine: &Engine, fault: &Fault, code: Option<Code>, limit: u64) -> Diag {
    fault_diag_from(engine, fault, code, None, limit)
}

/// As `fault_diag`, the route starting from `from` (an `--at` position) when given.
fn fault_diag_from(
    engine: &Engine,
    fault: &Fault,
    code: Option<Code>,
    from: Option<Code>,
    limit: u64,
) -> Diag {
    if fault.error.kind == RtKind::TooManySteps {
        let at = code.map(|c| engine.describe(&engine.decode(c)));
        return catalog::too_many_steps(engine.max_steps, fault.error.span, at.as_deref());
    }
    let (way, code, fault) = match code {
        None => (None, None, fault.clone()),
        Some(c) => {
            let (way, real, f) = way_to(engine, fault, c, from, limit);
            (Some(way), Some(real), f)
        }
    };
    let route = match (code, way) {
        (Some(c), Some(way)) => {
            let at = engine.describe(&engine.decode(c));
            let path = match way {
                Route::TooMany => format!("(too many positions to trace them) → {at}"),
                Route::Unreached => format!("(none found) → {at}"),
                Route::Found(moves) if moves.is_empty() && from.is_some() => "none".to_string(),
                Route::Found(moves) if moves.is_empty() => format!("none (the start is {at})"),
                Route::Found(moves) => format!("{} → {at}", moves.join(", ")),
            };
            match &fault.during {
                Some((f, args)) => format!("{path}; then {}", engine.move_label(c, *f, args)),
                None => path,
            }
        }
        _ => "the setup, before any move".to_string(),
    };
    catalog::fault(
        fault.error.kind,
        fault.error.span,
        &fault.error.message,
        from.map(|c| engine.describe(&engine.decode(c))).as_deref(),
        &route,
    )
}

/// The moves to the position where `fault` happened. With symmetries, the solver met it at a
/// class's canonical position, which play may never reach: the way leads to the nearest position
/// of the class instead, and the fault is the one found there (of the same kind: the images of
/// a position fail alike, or the symmetry is broken there too).
fn way_to(
    engine: &Engine,
    fault: &Fault,
    code: Code,
    from: Option<Code>,
    limit: u64,
) -> (Route, Code, Fault) {
    if engine.symmetry.is_none() {
        return (route(engine, from, code, limit), code, fault.clone());
    }
    let (way, real) = route_to_class(engine, from, code, limit);
    let again = engine.expand_classes(real, &mut Scratch::default(), |_, _, _| {});
    match again {
        Err(f) if real != code => (way, real, f),
        _ => (way, real, fault.clone()),
    }
}

/// Explores and solves the game, or reports why not.
pub fn solve_game(engine: &Engine, limit: u64) -> Result<(Vec<Branch>, Solution), Diag> {
    let starts = engine
        .starts()
        .map_err(|f| fault_diag(engine, &f, None, limit))?;
    let roots: Vec<Code> = starts.iter().map(|b| b.code).collect();
    Ok((starts, solve_roots(engine, &roots, limit)?))
}

/// What the chance solve found: every value exactly, or (play can return to a position)
/// certified bounds.
pub enum Rolled {
    Exact(ChanceSolution),
    Bounds(Bounds),
}

/// Explores and solves a game that rolls during play (`solve::expect`; where play can return to
/// a position, `solve::interval` for at most `time`), or reports why not.
pub fn solve_chance(
    engine: &Engine,
    limit: u64,
    time: Duration,
) -> Result<(Vec<Branch>, Rolled), Diag> {
    let starts = engine
        .starts()
        .map_err(|f| fault_diag(engine, &f, None, limit))?;
    let roots: Vec<Code> = starts.iter().map(|b| b.code).collect();
    Ok((starts, solve_chance_from(engine, &roots, limit, time)?))
}

/// `solve_chance` from the positions `roots` (`--at`) rather than the setup's starts.
pub fn solve_chance_from(
    engine: &Engine,
    roots: &[Code],
    limit: u64,
    time: Duration,
) -> Result<Rolled, Diag> {
    let failed = |e: SolveError| match e {
        SolveError::Fault(f, c) => chance_fault(engine, &f, c),
        e => error_diag(engine, e, None, limit),
    };
    Ok(match solve::expect::solve(engine, roots, limit) {
        Ok(s) => Rolled::Exact(s),
        Err(SolveError::ChanceLoopy(_)) if !engine.rules.scored => {
            Rolled::Bounds(solve::interval::solve(engine, roots, limit, time).map_err(failed)?)
        }
        Err(e) => return Err(failed(e)),
    })
}

/// A rule failing at `code` in a game that rolls during play: the position and the move, without
/// a route from the start (the route finder does not follow rolls).
fn chance_fault(engine: &Engine, fault: &Fault, code: Code) -> Diag {
    let at = engine.describe(&engine.decode(code));
    let why = match engine.rules.together() {
        Some(_) => "not traced in a game with simultaneous moves",
        None => "not traced in a game that rolls during play",
    };
    let path = format!("({why}) → {at}");
    let route = match &fault.during {
        Some((f, args)) => format!("{path}; then {}", engine.move_label(code, *f, args)),
        None => path,
    };
    catalog::fault(
        fault.error.kind,
        fault.error.span,
        &fault.error.message,
        None,
        &route,
    )
}

/// Solves everything reachable from `roots`, or the diagnostic that says why not.
pub fn solve_roots(engine: &Engine, roots: &[Code], limit: u64) -> Result<Solution, Diag> {
    solve_traced(engine, roots, None, limit)
}

/// Solves everything reachable from a position the start cannot reach (`solve --at`); a rule
/// failing below it is traced from it.
pub fn solve_below(engine: &Engine, at: Code, limit: u64) -> Result<Solution, Diag> {
    solve_traced(engine, &[at], Some(at), limit)
}

fn solve_traced(
    engine: &Engine,
    roots: &[Code],
    from: Option<Code>,
    limit: u64,
) -> Result<Solution, Diag> {
    match solve::solve(engine, roots, limit) {
        Ok(s) => Ok(s),
        Err(SolveError::Fault(f, c)) if engine.symmetry.is_some() => {
            Err(fault_without_symmetry(engine, roots, from, limit, &f, c))
        }
        Err(e) => Err(error_diag(engine, e, from, limit)),
    }
}

fn error_diag(engine: &Engine, e: SolveError, from: Option<Code>, limit: u64) -> Diag {
    match e {
        SolveError::Fault(f, c) => fault_diag_from(engine, &f, Some(c), from, limit),
        SolveError::Limit(l) => catalog::too_many_positions(l),
        SolveError::Memory(l) => catalog::out_of_memory(l),
        SolveError::Pending(depth, moves) => catalog::out_of_memory_line(depth, moves),
        SolveError::Refused(bytes) => {
            let known = crate::engine::memory::available_bound();
            let bound = known.map_or("", |(_, b)| b.describe());
            catalog::out_of_memory_table(bytes, known.map(|(b, _)| b), bound)
        }
        SolveError::ChanceLoopy(c) if engine.rules.together().is_some() => {
            crate::diag::together::loopy(&engine.describe(&engine.decode(c)))
        }
        SolveError::ChanceLoopy(c) => {
            crate::diag::chance::loopy(&engine.describe(&engine.decode(c)))
        }
        SolveError::StageTooHard(c) => {
            crate::diag::together::too_hard(&engine.describe(&engine.decode(c)))
        }
        SolveError::Spill(what) => catalog::disk_failed(&what),
        SolveError::ScoredLoopy => {
            let scores = engine.rules.ends.first().map(|e| e.outcome_span);
            crate::diag::scores::scored_loopy(scores.unwrap_or_default())
        }
    }
}

/// A rule failed, or a declared symmetry was found broken, while solving one position per class.
/// A declaration may make a solve faster but never change what it reports, so the game is solved
/// again without it, in the same order: a rule that fails there is the fault reported, exactly as
/// `--no-symmetry` reports it (whichever order or symmetry met a fault first). Only when every
/// position plays without a fault is the symmetry's own fault reported (`broken_symmetry`: the
/// declaration is wrong, though no rule fails). Running out of steps is a limit, not a fault of
/// the rules, and is reported as it is (checking images takes steps of its own).
fn fault_without_symmetry(
    engine: &Engine,
    roots: &[Code],
    from: Option<Code>,
    limit: u64,
    fault: &Fault,
    code: Code,
) -> Diag {
    if fault.error.kind == RtKind::TooManySteps {
        return fault_diag_from(engine, fault, Some(code), from, limit);
    }
    let plain = engine.without_symmetry();
    match solve::solve(&plain, roots, limit) {
        Err(SolveError::Fault(f, c)) if f.error.kind != RtKind::TooManySteps => {
            fault_diag_from(&plain, &f, Some(c), from, limit)
        }
        _ => fault_diag_from(engine, fault, Some(code), from, limit),
    }
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
    let (starts, s) = solve_game(engine, limit).map_err(|d| report(loaded, d))?;
    if let Some(why) = super::order::fallback(engine, s.order) {
        super::io::warning(&why);
    }
    Ok((starts, s))
}
