//! One input through the whole pipeline, as a user would drive it: parse and check (rendering
//! every diagnostic), then for a sequential game the setup, both solvers with small limits
//! (which must agree with each other) and a short scripted game against the computer; for a
//! throw game the exact 2-player solution, the elimination chain for a few player counts and a
//! short scripted match; a sequential game of three or more players goes through each player's
//! view and max^n, checked against the reference interpreter (`many`). The compiled rules solve,
//! each of their expansions checked against the interpreter's (a difference is a panic); the
//! retrograde solver runs the interpreter alone. Panics are the caller's to catch.

use gamec::commands::explore::fault_diag;
use gamec::diag::{render, RenderStyle};
use gamec::engine::{Engine, Fault, SolveOrder};
use gamec::play::throw::{approximate, Match, Style};
use gamec::play::{self, Options, Seat};
use gamec::rules::RtKind;
use gamec::solve::{self, Solution, SolveError};
use gamec::throw::simplex::Budget;
use gamec::throw::{elimination, matrix, ThrowGame};
use gamec::Compiled;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::io::Cursor;

/// The most positions explored per input: enough to solve small games, few enough for speed.
pub const MAX_POSITIONS: u64 = 5_000;

/// The most steps (candidate moves and `count`/`any`/`all` values) each exploration may take:
/// about a second of the slowest steps, so that slow but finite inputs are refused, not timed out.
pub const MAX_STEPS: u64 = 20_000_000;

/// The most steps a game's solve may take for the scripted games to be played on it too: a
/// scripted game generates every move of each position it passes several times (the list, the
/// computer's choice, each name typed), so a game with millions of moves at a position, solved
/// within [`MAX_STEPS`], could spend the whole time budget being played (seed 1, input 493 of
/// the CI run: 4,000,000 moves a position, 29 s). Such games are solved and not played.
pub const PLAY_STEPS: u64 = 2_000_000;

/// The exact arithmetic each 2-player throw analysis may do: a tenth of what the command line
/// allows (about a tenth of a second), so that a refused analysis does not dominate the run.
pub const MAX_THROW_WORK: u64 = gamec::throw::simplex::MAX_WORK / 10;

/// What became of an input that did not panic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Solved (and played).
    Solved,
    /// Refused with a diagnostic: at checking, or while exploring.
    Refused,
}

/// Typed at the human's prompts: move numbers, nonsense, names of throws, the sequential
/// loop's commands (undo, hints, help) and `=` names, a quit.
const SCRIPT: &str =
    "1\n2\nfoo\nu\nh\n?\n=1\n=\n3\n1\n0\n-1\n99999999999999999999\nrock\npaper\n1\nu\n2\n1\nq\n";

pub fn run(src: &str, seed: u64) -> Result<Outcome, String> {
    gamec::engine::set_verify(true);
    formats(src)?;
    let (compiled, diags) = gamec::compile(src, &[]);
    for d in &diags.0 {
        let text = render(d, "fuzz.game", src, RenderStyle::plain());
        if !text.contains(d.code) {
            return Err(format!("the rendering of {} does not name it", d.code));
        }
    }
    match compiled {
        None if !diags.has_errors() => Err("no game and no error".into()),
        None => Ok(Outcome::Refused),
        // Rolls during play and simultaneous moves first: with three or more players they are
        // refused.
        Some((ast, Compiled::Sequential(rules))) if rules.staged().is_some() => {
            rolls(&ast, &rules, src)
        }
        Some((ast, Compiled::Sequential(rules))) if rules.players > 2 => {
            crate::many::run(&ast, &rules, src)
        }
        Some((_, Compiled::Sequential(rules))) => {
            let engine = Engine::new(&rules).with_max_steps(MAX_STEPS);
            sequential(&engine, src, seed)
        }
        Some((_, Compiled::Throw(t))) => throw(&t, seed),
    }
}

/// A game that rolls during play: the chance solve, whose start must agree with the reference
/// interpreter's expectimax (player 1's expected count), or the diagnostic it stops with,
/// rendered. A `play` of it must stop with `chance_in_play`, not panic.
fn rolls(
    ast: &gamec::syntax::ast::GameFile,
    rules: &gamec::rules::Rules,
    src: &str,
) -> Result<Outcome, String> {
    if rules.players > 2 {
        let (span, turn) = rules.chance_in_play().unwrap_or_default();
        let d = gamec::diag::chance::players(span, rules.players, turn);
        let _ = render(&d, "fuzz.game", src, RenderStyle::plain());
        return Ok(Outcome::Refused);
    }
    let engine = Engine::new(rules).with_max_steps(MAX_STEPS);
    let time = std::time::Duration::from_millis(200);
    let ours = gamec::commands::explore::solve_chance(&engine, MAX_POSITIONS, time);
    let (starts, s) = match ours {
        Err(d) => {
            let _ = render(&d, "fuzz.game", src, RenderStyle::plain());
            return Ok(Outcome::Refused);
        }
        // Where play loops: the reference's value iteration within the bounds.
        Ok((starts, gamec::commands::explore::Rolled::Bounds(b))) => {
            crate::loops::check(ast, &starts, &b, MAX_POSITIONS as usize)?;
            return Ok(Outcome::Solved);
        }
        Ok((starts, gamec::commands::explore::Rolled::Exact(s))) => (starts, s),
    };
    let game = gamec::reference::Game::new(ast, &[]).map_err(|e| format!("reference: {e:?}"))?;
    let theirs = match gamec::reference::rolls::solve_rolls(&game, MAX_POSITIONS as usize) {
        Ok(t) => t,
        Err(gamec::reference::Error::TooManyPositions(_))
        | Err(gamec::reference::Error::StageTooLarge) => return Ok(Outcome::Solved),
        Err(e) => return Err(format!("the engine solves it, the reference: {e:?}")),
    };
    let ours: num_rational::BigRational = starts
        .iter()
        .filter_map(|b| {
            let v = s.values.get(&b.code)?;
            Some(if b.mover == 1 {
                &b.prob * &v.expected
            } else {
                -(&b.prob * &v.expected)
            })
        })
        .sum();
    let theirs: num_rational::BigRational = theirs
        .iter()
        .map(|(p, mover, v)| {
            if *mover == 1 {
                p * &v.expected
            } else {
                -(p * &v.expected)
            }
        })
        .sum();
    if ours != theirs {
        return Err(format!(
            "player 1's expected count: engine {ours}, reference {theirs}"
        ));
    }
    Ok(Outcome::Solved)
}

fn sequential(engine: &Engine, src: &str, seed: u64) -> Result<Outcome, String> {
    let starts = match engine.starts() {
        Ok(s) => s,
        Err(f) => {
            let d = fault_diag(engine, &f, None, MAX_POSITIONS);
            let _ = render(&d, "fuzz.game", src, RenderStyle::plain());
            return Ok(Outcome::Refused);
        }
    };
    let roots: Vec<u64> = starts.iter().map(|b| b.code).collect();
    // Solved first within the steps a played game may take; a game that needs more is solved
    // again with the full budget, and not played.
    let small = Engine::new(engine.rules).with_max_steps(PLAY_STEPS);
    let (fast, playable) = match solve::solve(&small, &roots, MAX_POSITIONS) {
        Err(SolveError::Fault(f, _)) if f.error.kind == RtKind::TooManySteps => {
            (solve::solve(engine, &roots, MAX_POSITIONS), false)
        }
        r => (r, true),
    };
    let interpreted = Engine::new(engine.rules)
        .with_max_steps(MAX_STEPS)
        .with_compiled(false);
    let slow = solve::solve_explicit(&interpreted, &roots, MAX_POSITIONS);
    let solution = match (fast, slow) {
        (Ok(a), Ok(b)) => {
            agree(&a, &b, &roots)?;
            a
        }
        (Err(SolveError::Fault(f, c)), _) | (_, Err(SolveError::Fault(f, c))) => {
            symmetric_fails_alike(engine, &f, &roots)?;
            let d = fault_diag(engine, &f, Some(c), MAX_POSITIONS);
            let _ = render(&d, "fuzz.game", src, RenderStyle::plain());
            return Ok(Outcome::Refused);
        }
        _ => return Ok(Outcome::Refused),
    };
    symmetric_agrees(engine, &solution, &roots)?;
    tiers_agree(engine, &solution, &roots, playable)?;
    if !playable {
        return Ok(Outcome::Solved);
    }
    for b in &starts {
        let _ = engine.describe(&b.pos);
    }
    let game = play::Game {
        engine,
        solution: &solution,
        starts: &starts,
        end_rules: play::end_rule_texts(engine.rules, src),
        many: None,
    };
    for seats in [
        [Seat::Computer, Seat::Human],
        [Seat::Human, Seat::Computer],
        [Seat::Computer, Seat::Computer],
    ] {
        let opts = Options {
            seats: seats.to_vec(),
            blunder: 0.3,
            seed,
            show_seed: true,
            hints: true,
            echo: true,
        };
        let mut input = Cursor::new(SCRIPT.as_bytes());
        play::play(&game, &opts, &mut input, &mut std::io::sink())
            .map_err(|e| format!("play: {e}"))?;
    }
    Ok(Outcome::Solved)
}

/// With `symmetry` declarations, solving every position as it is gives the starts the same values
/// (it may stop at the position limit, which the classes kept below; a fault is a finding, since
/// the classes were checked to play alike); and depth-first, the classes the default order (a
/// sweep where the moves allow) found, with the same counts.
fn symmetric_agrees(engine: &Engine, solution: &Solution, roots: &[u64]) -> Result<(), String> {
    if engine.symmetry.is_none() {
        return Ok(());
    }
    let dfs = Engine::new(engine.rules)
        .with_max_steps(MAX_STEPS)
        .with_order(SolveOrder::DepthFirst);
    match solve::solve(&dfs, roots, MAX_POSITIONS) {
        Err(SolveError::Fault(f, _)) if f.error.kind != RtKind::TooManySteps => {
            return Err(format!(
                "solved in {:?}, but depth-first: {}",
                solution.order, f.error.message
            ))
        }
        Err(_) => {}
        Ok(d) => {
            agree(solution, &d, roots)?;
            let (a, b) = (
                (d.positions, d.counts, d.grundy, d.in_all, d.loopy),
                (
                    solution.positions,
                    solution.counts,
                    solution.grundy,
                    solution.in_all,
                    solution.loopy,
                ),
            );
            if a != b {
                return Err(format!(
                    "depth-first {a:?}, {:?} {b:?} (positions, counts, Grundy, in all, loopy)",
                    solution.order
                ));
            }
        }
    }
    let plain = Engine::new(engine.rules)
        .with_max_steps(MAX_STEPS)
        .with_symmetry(false);
    match solve::solve(&plain, roots, MAX_POSITIONS) {
        Ok(p) => agree(solution, &p, roots),
        Err(SolveError::Fault(f, _)) if f.error.kind != RtKind::TooManySteps => Err(format!(
            "solved with symmetry, but without it: {}",
            f.error.message
        )),
        Err(_) => Ok(()),
    }
}

/// With `symmetry` declarations, a rule failing while solving by classes fails without them too
/// (only a broken declaration, or too many images to check, is the symmetry's own fault).
fn symmetric_fails_alike(engine: &Engine, f: &Fault, roots: &[u64]) -> Result<(), String> {
    let own = [
        RtKind::BrokenSymmetry,
        RtKind::TooWide,
        RtKind::TooManySteps,
    ];
    if engine.symmetry.is_none() || own.contains(&f.error.kind) {
        return Ok(());
    }
    let plain = Engine::new(engine.rules)
        .with_max_steps(MAX_STEPS)
        .with_symmetry(false);
    match solve::solve(&plain, roots, MAX_POSITIONS) {
        Ok(_) => Err(format!(
            "fails with symmetry ({}), but solves without it",
            f.error.message
        )),
        Err(_) => Ok(()),
    }
}

/// `gamec fmt` on a file that parses: a layout (never a refusal), stable under a second
/// formatting, that parses again.
fn formats(src: &str) -> Result<(), String> {
    if gamec::syntax::parse(src).is_err() {
        return Ok(());
    }
    let tidy = gamec::syntax::format::format(src).ok_or("fmt refuses a file that parses")?;
    if gamec::syntax::parse(&tidy).is_err() {
        return Err(format!("fmt's layout does not parse:\n{tidy}"));
    }
    match gamec::syntax::format::format(&tidy) {
        Some(again) if again == tidy => Ok(()),
        _ => Err(format!("fmt is not stable on its own layout:\n{tidy}")),
    }
}

/// Solving on two threads, in tier order where it applies and by default (a sweep then finds
/// and values at once), and in the hash table large numberings get, finds the positions, values
/// and counts the one-thread solve found, within the same steps. A game that is not `cheap`
/// (solved within the steps of a played game) is solved again in tiers only: each solve of one
/// can take seconds (seed 1's input 493, 4,000,000 moves a position, takes 5 s a solve), and the
/// harness counts a case past 30 s as a hang.
fn tiers_agree(engine: &Engine, s: &Solution, roots: &[u64], cheap: bool) -> Result<(), String> {
    let two = Engine::new(engine.rules)
        .with_max_steps(MAX_STEPS)
        .with_threads(2);
    let hashed = Engine::new(engine.rules)
        .with_max_steps(MAX_STEPS)
        .with_threads(2)
        .with_hashed_table(true);
    let engines = [("on two threads", &two), ("in a hash table", &hashed)];
    for (how, e) in &engines[..if cheap { 2 } else { 0 }] {
        match solve::solve(e, roots, MAX_POSITIONS) {
            Ok(t) => {
                agree(s, &t, roots)?;
                let (a, b) = (
                    (t.positions, t.counts, t.grundy, t.in_all, t.loopy),
                    (s.positions, s.counts, s.grundy, s.in_all, s.loopy),
                );
                if a != b {
                    return Err(format!(
                        "{how} {a:?}, on one thread {b:?} (positions, counts, Grundy, in all, loopy)"
                    ));
                }
            }
            Err(SolveError::Memory(_)) => {}
            Err(e) => return Err(format!("one thread solves it; {how}: {e:?}")),
        }
    }
    match solve::solve_in_tiers(&two, roots, MAX_POSITIONS) {
        Ok(None) | Err(SolveError::Memory(_)) => Ok(()),
        Ok(Some(t)) => {
            agree(s, &t, roots)?;
            let (a, b) = (
                (t.positions, t.counts, t.grundy, t.in_all),
                (s.positions, s.counts, s.grundy, s.in_all),
            );
            match a == b {
                true => Ok(()),
                false => Err(format!(
                    "in tiers {a:?}, depth-first {b:?} (positions, counts, Grundy, in all)"
                )),
            }
        }
        Err(e) => Err(format!("depth-first solves it; in tiers: {e:?}")),
    }
}

/// The depth-first and the retrograde solver give every start the same value.
pub fn agree(a: &Solution, b: &Solution, roots: &[u64]) -> Result<(), String> {
    for &r in roots {
        let (x, y) = (a.get(r), b.get(r));
        let same = match (x, y) {
            (Some(x), Some(y)) => x.value == y.value && x.remoteness == y.remoteness,
            (None, None) => true,
            _ => false,
        };
        if !same {
            return Err(format!("the solvers disagree at {r}: {x:?} and {y:?}"));
        }
    }
    Ok(())
}

fn throw(t: &ThrowGame, seed: u64) -> Result<Outcome, String> {
    let counts: Vec<usize> = (2..=5).filter(|&n| t.players.allows(n as u32)).collect();
    if t.players.max != Some(2) && !counts.is_empty() {
        // An error here is a refusal the command line reports as a usage error.
        let _ = elimination::chain(t, &counts);
    }
    // `solve` and `play` analyse the 2-player game only where 2 may play.
    if !t.players.allows(2) {
        return Ok(Outcome::Solved);
    }
    let Ok(Some(analysis)) = matrix::analyse_within(t, Budget(MAX_THROW_WORK)) else {
        return Ok(Outcome::Refused);
    };
    for style in [Style::Optimal(analysis.strategy.clone()), Style::Adaptive] {
        let mut m = Match {
            game: t,
            matrix: approximate(&analysis.matrix),
            style,
            rounds: 3,
            rng: ChaCha8Rng::seed_from_u64(seed),
            echo: true,
        };
        let mut input = Cursor::new(SCRIPT.as_bytes());
        m.play(&mut input, &mut std::io::sink())
            .map_err(|e| format!("play: {e}"))?;
    }
    Ok(Outcome::Solved)
}
