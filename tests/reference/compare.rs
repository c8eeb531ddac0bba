//! One differential case: a game's source through `gamec::compile`, the reference interpreter and
//! the engine (both solvers); any disagreement is described in words.

#[path = "many.rs"]
mod many;
#[path = "rolls.rs"]
mod rolls;

use crate::checks::Mapped;
use gamec::check::SetArg;
use gamec::engine::{Engine, Pos};
use gamec::reference::{self as rf, FaultKind, Position};
use gamec::rules::{RtKind, Rules};
use gamec::solve::{self, SolveError, Value};

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
        /// Whether solving in tier order (on two threads) applied, and agreed.
        tiers: bool,
        /// Whether the rules were compiled to native code (then every compiled expansion was
        /// compared with the interpreter's as well).
        compiled: bool,
        /// Whether the default solve swept through the position numbers.
        sweep: bool,
        /// Whether the default solve on two threads found and valued at once, and agreed.
        pair: bool,
        /// Whether a sweep (on one thread or two) stopped finding early, where every code ahead
        /// was found already, and agreed.
        early: bool,
        /// Whether the game is scored (margins compared; its rules are interpreted).
        scored: bool,
        /// Whether the default solve took a loopy game tier by tier (`Order::Tiers { loopy }`).
        loopy_tiers: bool,
        /// Whether the solve in tiers in a hash table took a table a tier (`Order::TierTables`),
        /// and agreed.
        tier_tables: bool,
    },
    /// A game that rolls during play whose expected values agree (`rolls.rs`).
    Rolls {
        scored: bool,
        setup: bool,
        /// Whether the game has simultaneous moves (then only the expected count, the value of
        /// the matrix games, is compared: the probabilities follow the strategies chosen).
        together: bool,
    },
    /// A game that rolls during play and loops, whose certified bounds hold the reference's value
    /// iteration (when `closed`; bounds that did not close are not compared).
    RollsLoopy {
        closed: bool,
        /// Whether the game has simultaneous moves (matrix games inside the loop).
        together: bool,
        /// Whether the values were found exactly (`solve::exact_loop`): then the exact value
        /// is what lies within the reference's.
        exact: bool,
    },
    /// A game of three or more players whose security values and max^n outcomes agree.
    Many {
        players: u8,
        /// Whether play can return to a position (then there is no max^n outcome).
        loopy: bool,
        scored: bool,
        symmetry: bool,
    },
}

/// The engine's kind for each of the reference's kinds.
pub fn engine_kind(k: FaultKind) -> Option<RtKind> {
    Some(match k {
        FaultKind::OutOfRange => RtKind::OutOfRange,
        FaultKind::EmptyRoll => RtKind::EmptyRoll,
        FaultKind::BadWeights => RtKind::BadWeights,
        FaultKind::DivisionByZero => RtKind::DivisionByZero,
        FaultKind::Overflow => RtKind::Overflow,
        FaultKind::IndexOutOfBounds => RtKind::IndexOutOfBounds,
        FaultKind::NoWinner => RtKind::NoWinner,
        FaultKind::AmbiguousWinner => RtKind::AmbiguousWinner,
        FaultKind::NoMoves => RtKind::NoMoves,
        FaultKind::BadPlayer => RtKind::BadPlayer,
        FaultKind::NoValue => RtKind::NoValue,
        FaultKind::DuplicateLabel => RtKind::DuplicateLabel,
        FaultKind::MixedStage => RtKind::MixedStage,
        FaultKind::ChoicesDepend => RtKind::ChoicesDepend,
        FaultKind::TooWide => RtKind::TooWide,
        FaultKind::BrokenSymmetry => RtKind::BrokenSymmetry,
        FaultKind::Invalid => return None,
    })
}

pub fn value_of(v: rf::Value) -> Value {
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
    // Every expansion by the compiled rules is checked against the interpreter's as well.
    gamec::engine::set_verify(true);
    let (compiled, diags) = gamec::compile(src, sets);
    let Some((ast, gamec::Compiled::Sequential(rules))) = compiled else {
        return not_compiled(src, sets, &diags);
    };
    let game = rf::Game::new(&ast, sets).map_err(|e| format!("reference refuses: {e:?}"))?;
    if (game.turn_matters, game.has_again) != (rules.turn_matters, rules.has_again) {
        return Err(format!(
            "turn matters / again: reference {:?}, checker {:?}",
            (game.turn_matters, game.has_again),
            (rules.turn_matters, rules.has_again)
        ));
    }
    match (rules.staged().is_some(), rules.players > 2) {
        (true, true) => return Ok(Case::Skipped("rolls during play, many players".into())),
        (true, false) => return rolls::compare_rolls(&game, &rules),
        (false, true) => return many::compare_many(&game, &rules, src, sets),
        (false, false) => {}
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
    let m = Mapped::new(&engine, &rules, &graph)?;
    m.starts(&starts)?;
    m.steps()?;
    solved(&game, &m, &starts)
}

/// A file `gamec::compile` refuses: if only for a bad `--set`, the reference must refuse it too.
fn not_compiled(
    src: &str,
    sets: &[SetArg],
    diags: &gamec::diag::Diagnostics,
) -> Result<Case, String> {
    let codes: Vec<&str> = diags
        .0
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.code)
        .collect();
    if codes.is_empty() || codes.iter().any(|c| *c != "gamec::bad_set") {
        return Ok(Case::NotCompiled(codes.join(",")));
    }
    let ast = gamec::syntax::parse(src).map_err(|_| "bad_set without a parse")?;
    match rf::Game::new(&ast, sets) {
        Err(rf::Error::BadOption(_)) => Ok(Case::BadSetAgreed),
        other => Err(format!(
            "gamec says bad_set, the reference {:?}",
            other.err()
        )),
    }
}

/// Both solvers against the reference's faults or values, then the win probabilities.
fn solved(game: &rf::Game, m: &Mapped, starts: &[gamec::engine::Branch]) -> Result<Case, String> {
    let roots: Vec<u64> = starts.iter().map(|b| b.code).collect();
    let limit = LIMIT as u64 + 1;
    let early_before = solve::sweep_early_stops();
    let fast = solve::solve(m.engine, &roots, limit);
    // The explicit solver runs the rules with the interpreter, the others compiled.
    let interpreted = Engine::new(m.engine.rules)
        .with_max_steps(m.engine.max_steps)
        .with_compiled(false);
    let slow = solve::solve_explicit(&interpreted, &roots, limit);
    let two = Engine::new(m.engine.rules)
        .with_max_steps(m.engine.max_steps)
        .with_threads(2);
    let tiered = solve::solve_in_tiers(&two, &roots, limit).transpose();
    // The default solve on two threads: a sweep finds and values at once where it applies.
    let paired = solve::solve(&two, &roots, limit);
    let early = solve::sweep_early_stops() > early_before;
    // The table large numberings get (a hash table), depth-first (or retrograde) and in tiers.
    let hashed = Engine::new(m.engine.rules)
        .with_max_steps(m.engine.max_steps)
        .with_threads(2)
        .with_hashed_table(true);
    let hashed_tiers = solve::solve_in_tiers(&hashed, &roots, limit).transpose();
    let hashed = solve::solve(&hashed, &roots, limit);
    let faults = m.graph.faults();
    let loopy = |r: &Result<_, SolveError>| matches!(r, Err(SolveError::ScoredLoopy));
    if faults.is_empty() && (loopy(&fast) || loopy(&slow)) {
        return match rf::solve(game, m.graph) {
            Err(rf::Error::ScoredLoopy) if loopy(&fast) && loopy(&slow) => {
                Ok(Case::BothFailed("scored and loopy".into()))
            }
            other => Err(format!(
                "solve {:?}, solve_explicit {:?}, the reference {:?}",
                fast.err(),
                slow.err(),
                other.err()
            )),
        };
    }
    let (fast, slow) = match (fast, slow) {
        (Ok(a), Ok(b)) if faults.is_empty() => (a, b),
        (a, b) => {
            let kinds = m.faults(&faults, a.err(), "solve")?;
            m.faults(&faults, b.err(), "solve_explicit")?;
            if let Some(t) = tiered {
                m.faults(&faults, t.err(), "solve in tiers")?;
            }
            m.faults(&faults, paired.err(), "solve on two threads")?;
            m.faults(&faults, hashed.err(), "solve in a hash table")?;
            if let Some(t) = hashed_tiers {
                m.faults(&faults, t.err(), "solve in tiers in a hash table")?;
            }
            return Ok(Case::BothFailed(kinds));
        }
    };
    let solved = rf::solve(game, m.graph).map_err(|e| format!("reference solve: {e:?}"))?;
    m.values(&solved, &fast, "solve")?;
    m.values(&solved, &slow, "solve_explicit")?;
    let tiers = tiered.is_some();
    if let Some(t) = tiered {
        let t = t.map_err(|e| format!("solve in tiers: {e:?}"))?;
        m.values(&solved, &t, "solve in tiers")?;
        let (a, b) = (
            (t.positions, t.counts, t.grundy, t.in_all),
            (fast.positions, fast.counts, fast.grundy, fast.in_all),
        );
        if a != b {
            return Err(format!(
                "positions, counts, Grundy, in all: in tiers {a:?}, depth-first {b:?}"
            ));
        }
    }
    if m.engine.symmetry.is_some() {
        // Reduced by symmetry, the default order sweeps where the moves allow: depth-first
        // finds the same classes, counts and values.
        let dfs = Engine::new(m.engine.rules)
            .with_max_steps(m.engine.max_steps)
            .with_order(gamec::engine::SolveOrder::DepthFirst);
        let dfs =
            solve::solve(&dfs, &roots, limit).map_err(|e| format!("solve depth-first: {e:?}"))?;
        m.values(&solved, &dfs, "solve depth-first")?;
        let (a, b) = (
            (dfs.positions, dfs.counts, dfs.grundy, dfs.in_all, dfs.loopy),
            (
                fast.positions,
                fast.counts,
                fast.grundy,
                fast.in_all,
                fast.loopy,
            ),
        );
        if a != b {
            return Err(format!(
                "positions, counts, Grundy, in all, loopy: depth-first {a:?}, {:?} {b:?}",
                fast.order
            ));
        }
    }
    let paired = paired.map_err(|e| format!("solve on two threads: {e:?}"))?;
    m.values(&solved, &paired, "solve on two threads")?;
    let (a, b) = (
        (
            paired.positions,
            paired.counts,
            paired.grundy,
            paired.in_all,
        ),
        (fast.positions, fast.counts, fast.grundy, fast.in_all),
    );
    if a != b {
        return Err(format!(
            "positions, counts, Grundy, in all: on two threads {a:?}, on one {b:?}"
        ));
    }
    let hashed = hashed.map_err(|e| format!("solve in a hash table: {e:?}"))?;
    m.values(&solved, &hashed, "solve in a hash table")?;
    let mut others = vec![("in a hash table", hashed)];
    let mut tier_tables = false;
    if let Some(t) = hashed_tiers {
        let t = t.map_err(|e| format!("solve in tiers in a hash table: {e:?}"))?;
        m.values(&solved, &t, "solve in tiers in a hash table")?;
        tier_tables = matches!(t.order, solve::Order::TierTables { .. });
        others.push(("in tiers in a hash table", t));
    }
    for (how, o) in &others {
        let (a, b) = (
            (o.positions, o.counts, o.grundy, o.in_all, o.loopy),
            (
                fast.positions,
                fast.counts,
                fast.grundy,
                fast.in_all,
                fast.loopy,
            ),
        );
        if a != b {
            return Err(format!(
                "positions, counts, Grundy, in all, loopy: {how} {a:?}, with an array {b:?}"
            ));
        }
    }
    if fast.grundy != solved.grundy.is_some() {
        return Err(format!(
            "Grundy values computed: engine {}, reference {}",
            fast.grundy,
            solved.grundy.is_some()
        ));
    }
    let ours = rf::probabilities(m.graph, &solved);
    let theirs = solve::win_probabilities(starts, &fast);
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
        chance: m.graph.starts.len() > 1,
        tiers,
        compiled: m.engine.kernel().is_some(),
        sweep: matches!(fast.order, solve::Order::Sweep { .. }),
        pair: matches!(paired.order, solve::Order::Sweep { threads: 2, .. }),
        early,
        scored: m.engine.rules.scored,
        loopy_tiers: matches!(fast.order, solve::Order::Tiers { loopy: true, .. }),
        tier_tables,
    })
}
