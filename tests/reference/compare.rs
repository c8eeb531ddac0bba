//! One differential case: a game's source through `gamec::compile`, the reference interpreter and
//! the engine (both solvers); any disagreement is described in words.

use gamec::check::SetArg;
use gamec::engine::{Engine, Pos};
use gamec::reference::{self as rf, FaultKind, Position};
use gamec::rules::{RtKind, Rules};
use gamec::solve::{self, Solution, SolveError, Value};
use num_rational::BigRational;
use std::collections::BTreeMap;

/// The most positions the reference explores before the case is skipped.
pub const LIMIT: usize = 20_000;

/// What a case turned out to be, when both sides agree.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Case {
    NotCompiled(String),
    BadSetAgreed,
    Skipped(String),
    BothFailed(String),
    Solved {
        loopy: bool,
        grundy: bool,
        chance: bool,
    },
}

/// The engine's kind for each of the reference's kinds (bad weights are out_of_range there).
fn engine_kind(k: FaultKind) -> Option<RtKind> {
    Some(match k {
        FaultKind::OutOfRange | FaultKind::BadRoll => RtKind::OutOfRange,
        FaultKind::DivisionByZero => RtKind::DivisionByZero,
        FaultKind::Overflow => RtKind::Overflow,
        FaultKind::IndexOutOfBounds => RtKind::IndexOutOfBounds,
        FaultKind::NoWinner => RtKind::NoWinner,
        FaultKind::AmbiguousWinner => RtKind::AmbiguousWinner,
        FaultKind::NoMoves => RtKind::NoMoves,
        FaultKind::BadPlayer => RtKind::BadPlayer,
        FaultKind::TooWide => RtKind::TooWide,
        FaultKind::Invalid => return None,
    })
}

fn value_of(v: rf::Value) -> Value {
    match v {
        rf::Value::Win => Value::Win,
        rf::Value::Lose => Value::Lose,
        rf::Value::Tie => Value::Tie,
        rf::Value::Draw => Value::Draw,
    }
}

/// The engine's number for a reference position, laid out by `rules.vars`.
pub fn code_of(engine: &Engine, rules: &Rules, p: &Position) -> Result<u64, String> {
    let mut slots = vec![0i64; rules.slot_ranges.len()];
    for v in &rules.vars {
        let values = p.vars.get(&v.name).ok_or(format!("no `{}`", v.name))?;
        if values.len() != v.len as usize {
            return Err(format!("`{}` has {} values", v.name, values.len()));
        }
        for (k, x) in values.iter().enumerate() {
            slots[v.base as usize + k] = *x;
        }
    }
    Ok(engine.encode(&Pos {
        slots,
        mover: p.mover,
        last_mover: p.last_mover,
    }))
}

/// Compiles and runs one game both ways.
pub fn compare(src: &str, sets: &[SetArg]) -> Result<Case, String> {
    let (compiled, diags) = gamec::compile(src, sets);
    let Some((ast, gamec::Compiled::Sequential(rules))) = compiled else {
        let codes: Vec<&str> = diags
            .0
            .iter()
            .filter(|d| d.is_error())
            .map(|d| d.code)
            .collect();
        if !codes.is_empty() && codes.iter().all(|c| *c == "gamec::bad_set") {
            let ast = gamec::syntax::parse(src).map_err(|_| "bad_set without a parse")?;
            return match rf::Game::new(&ast, sets) {
                Err(rf::Error::BadOption(_)) => Ok(Case::BadSetAgreed),
                other => Err(format!(
                    "gamec says bad_set, the reference {:?}",
                    other.err()
                )),
            };
        }
        return Ok(Case::NotCompiled(codes.join(",")));
    };
    let game = rf::Game::new(&ast, sets).map_err(|e| format!("reference refuses: {e:?}"))?;
    if (game.turn_matters, game.has_again) != (rules.turn_matters, rules.has_again) {
        return Err(format!(
            "turn matters / again: reference {:?}, checker {:?}",
            (game.turn_matters, game.has_again),
            (rules.turn_matters, rules.has_again)
        ));
    }
    let engine = Engine::new(&rules);
    let graph = match rf::explore(&game, LIMIT) {
        Err(rf::Error::TooManyPositions(_)) => return Ok(Case::Skipped("too many".into())),
        Err(rf::Error::Setup(f)) => {
            return match engine.starts() {
                Err(e) if Some(e.error.kind) == engine_kind(f.kind) => {
                    Ok(Case::BothFailed(format!("setup {:?}", f.kind)))
                }
                other => Err(format!("setup: reference {f:?}, engine {:?}", other.err())),
            }
        }
        Err(e) => return Err(format!("reference: {e:?}")),
        Ok(g) => g,
    };
    let starts = engine
        .starts()
        .map_err(|f| format!("engine setup fails ({f:?}), the reference's does not"))?;
    compare_starts(&engine, &rules, &graph, &starts)?;
    let roots: Vec<u64> = starts.iter().map(|b| b.code).collect();
    let limit = LIMIT as u64 + 1;
    let fast = solve::solve(&engine, &roots, limit);
    let slow = solve::solve_explicit(&engine, &roots, limit);
    let faults = graph.faults();
    let (fast, slow) = match (fast, slow) {
        (Ok(a), Ok(b)) if faults.is_empty() => (a, b),
        (a, b) => {
            let kinds = check_faults(&engine, &rules, &faults, a.err(), "solve")?;
            check_faults(&engine, &rules, &faults, b.err(), "solve_explicit")?;
            return Ok(Case::BothFailed(kinds));
        }
    };
    let solved = rf::solve(&game, &graph).map_err(|e| format!("reference solve: {e:?}"))?;
    compare_values(&engine, &rules, &graph, &solved, &fast, "solve")?;
    compare_values(&engine, &rules, &graph, &solved, &slow, "solve_explicit")?;
    if fast.grundy != solved.grundy.is_some() {
        return Err(format!(
            "Grundy values computed: engine {}, reference {}",
            fast.grundy,
            solved.grundy.is_some()
        ));
    }
    let ours = rf::probabilities(&graph, &solved);
    let theirs = solve::win_probabilities(&starts, &fast);
    let (a, b) = (
        [&ours.wins[0], &ours.wins[1], &ours.tie, &ours.draw],
        [&theirs.wins[0], &theirs.wins[1], &theirs.tie, &theirs.draw],
    );
    if a != b {
        return Err(format!("probabilities: reference {a:?}, engine {b:?}"));
    }
    Ok(Case::Solved {
        loopy: fast.loopy,
        grundy: fast.grundy,
        chance: graph.starts.len() > 1,
    })
}

/// The same starting positions with the same probabilities (summed per position).
fn compare_starts(
    engine: &Engine,
    rules: &Rules,
    graph: &rf::Graph,
    starts: &[gamec::engine::Branch],
) -> Result<(), String> {
    let mut ours: BTreeMap<u64, BigRational> = BTreeMap::new();
    for (i, p) in &graph.starts {
        let c = code_of(engine, rules, &graph.positions[*i])?;
        *ours.entry(c).or_default() += p;
    }
    let mut theirs: BTreeMap<u64, BigRational> = BTreeMap::new();
    for b in starts {
        *theirs.entry(b.code).or_default() += &b.prob;
    }
    if ours != theirs {
        return Err(format!("starts: reference {ours:?}, engine {theirs:?}"));
    }
    Ok(())
}

/// The engine failed at a position (or did not fail): the reference must have found a fault of
/// the same kind at that position (or none anywhere).
fn check_faults(
    engine: &Engine,
    rules: &Rules,
    faults: &[(Position, rf::Fault)],
    err: Option<SolveError>,
    which: &str,
) -> Result<String, String> {
    let (f, code) = match err {
        Some(SolveError::Fault(f, code)) => (f, code),
        None => {
            return Err(format!(
                "{which} succeeds; the reference finds faults: {faults:?}"
            ))
        }
        Some(other) => return Err(format!("{which}: {other:?}")),
    };
    for (p, rf_fault) in faults {
        if code_of(engine, rules, p)? == code && engine_kind(rf_fault.kind) == Some(f.error.kind) {
            return Ok(format!("{:?}", rf_fault.kind));
        }
    }
    let at = engine.describe(&engine.decode(code));
    Err(format!(
        "{which} fails with {:?} ({}) at {at}; the reference's faults there: {:?}",
        f.error.kind,
        f.error.message,
        faults
            .iter()
            .filter(|(p, _)| code_of(engine, rules, p).ok() == Some(code))
            .collect::<Vec<_>>()
    ))
}

/// Every reference position has the engine's value, remoteness and Grundy value; the engine has
/// exactly as many positions as the reference's map to.
fn compare_values(
    engine: &Engine,
    rules: &Rules,
    graph: &rf::Graph,
    solved: &rf::Solved,
    s: &Solution,
    which: &str,
) -> Result<(), String> {
    let mut codes = std::collections::BTreeSet::new();
    for (i, p) in graph.positions.iter().enumerate() {
        let code = code_of(engine, rules, p)?;
        codes.insert(code);
        let e = s
            .get(code)
            .ok_or_else(|| format!("{which} has no value for {p:?}"))?;
        let want = (value_of(solved.value[i]), solved.remoteness[i]);
        if (e.value, e.remoteness) != want {
            return Err(format!(
                "{which} at {p:?}: engine {:?} {:?}, reference {:?} {:?}",
                e.value, e.remoteness, want.0, want.1
            ));
        }
        if let (true, Some(g)) = (s.grundy, &solved.grundy) {
            if e.grundy != g[i] {
                return Err(format!(
                    "{which} Grundy at {p:?}: engine {}, reference {}",
                    e.grundy, g[i]
                ));
            }
        }
    }
    if s.positions != codes.len() as u64 {
        return Err(format!(
            "{which} counts {} positions; the reference's {} map to {} codes",
            s.positions,
            graph.positions.len(),
            codes.len()
        ));
    }
    Ok(())
}
