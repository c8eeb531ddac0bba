//! A game of three or more players through the pipeline, as `gamec solve` takes it: each player's
//! view of the game (`rules::view`) solved by the default solver and by the retrograde solver on
//! the interpreter (which must agree), and the max^n outcome from the start under every
//! tie-break. A game the reference interpreter explores within `REFERENCE_LIMIT` positions is
//! valued there too (`gamec::reference::many`): it must fail where gamec fails, and otherwise
//! give every player the same security value and every tie-break the same max^n outcome.

use crate::pipeline::{agree, Outcome, MAX_POSITIONS, MAX_STEPS};
use gamec::commands::explore::fault_diag;
use gamec::diag::{render, RenderStyle};
use gamec::engine::Engine;
use gamec::reference::{self as rf, many as rm};
use gamec::rules::{view, RtKind, Rules};
use gamec::solve::maxn::{MaxN, MaxnError, Payoff, TieBreak};
use gamec::solve::{self, seen_by_mover, Entry, SolveError};
use gamec::syntax::ast::GameFile;

/// The most positions the reference explores to check a game: it is slow, and the harness counts
/// an input past 30 s as a hang.
pub const REFERENCE_LIMIT: usize = 1_000;

/// The most steps (candidate moves and `count`/`any`/`all` values) a game may take in the engine
/// for the reference to check it.
pub const REFERENCE_STEPS: u64 = 200_000;

/// What gamec makes of the game at its start: each player's security value, and the max^n
/// outcome under each tie-break (`None`: play can return to a position).
struct Answer {
    security: Vec<Entry>,
    maxn: Vec<Option<Payoff>>,
}

pub fn run(ast: &GameFile, rules: &Rules, src: &str) -> Result<Outcome, String> {
    let views: Vec<Rules> = (1..=rules.players)
        .map(|p| view::coalition(rules, p))
        .collect();
    let engines: Vec<Engine> = views
        .iter()
        .map(|v| Engine::new(v).with_max_steps(MAX_STEPS))
        .collect();
    let answer = solved(&engines, src)?;
    if cheap(&views[0]) {
        reference(ast, rules, answer.as_ref().map_err(|f| *f))?;
    }
    Ok(match answer {
        Ok(_) => Outcome::Solved,
        Err(_) => Outcome::Refused,
    })
}

/// Whether player 1's view solves (or fails) within `REFERENCE_STEPS`: the reference takes far
/// longer a step than the engine.
fn cheap(view: &Rules) -> bool {
    let e = Engine::new(view).with_max_steps(REFERENCE_STEPS);
    let Ok(starts) = e.starts() else {
        return true;
    };
    let roots: Vec<u64> = starts.iter().map(|b| b.code).collect();
    !matches!(
        solve::solve(&e, &roots, REFERENCE_LIMIT as u64),
        Err(SolveError::Fault(f, _)) if f.error.kind == RtKind::TooManySteps
    )
}

/// Why gamec gave no answer: a rule failed (of this kind), or `None`: a limit was reached.
type Failed = Option<RtKind>;

/// Every view solved both ways, and max^n under each tie-break; or why not (a failing rule's
/// diagnostic is rendered).
fn solved(engines: &[Engine], src: &str) -> Result<Result<Answer, Failed>, String> {
    let mut security = Vec::new();
    let mut root = None;
    for (q, engine) in (1..).zip(engines) {
        let starts = match engine.starts() {
            Ok(s) => s,
            Err(f) => return Ok(Err(Some(f.error.kind))),
        };
        let roots: Vec<u64> = starts.iter().map(|b| b.code).collect();
        let interpreted = Engine::new(engine.rules)
            .with_max_steps(MAX_STEPS)
            .with_compiled(false);
        let fast = solve::solve(engine, &roots, MAX_POSITIONS);
        // Solved again only if it solved: a failing game can take seconds a solve (up to the
        // steps), and the views are as many as the players.
        let slow = match &fast {
            Ok(_) => solve::solve_explicit(&interpreted, &roots, MAX_POSITIONS),
            Err(_) => Err(SolveError::Limit(0)),
        };
        let s = match (fast, slow) {
            (Ok(a), Ok(b)) => {
                agree(&a, &b, &roots).map_err(|e| format!("player {q}'s view: {e}"))?;
                a
            }
            (Err(SolveError::Fault(f, c)), _) | (_, Err(SolveError::Fault(f, c))) => {
                let d = fault_diag(engine, &f, Some(c), MAX_POSITIONS);
                let _ = render(&d, "fuzz.game", src, RenderStyle::plain());
                return Ok(Err(Some(f.error.kind)));
            }
            _ => return Ok(Err(None)),
        };
        let &[start] = &roots[..] else {
            return Err(format!("player {q}'s view has starts {roots:?}"));
        };
        let e = s
            .get(start)
            .ok_or_else(|| format!("player {q}'s view has no value at its start"))?;
        // The view's start is valued for its side to move: the player's, or the others'.
        let first = engine.player_to_move(&engine.decode(start));
        security.push(seen_by_mover(e, first == q));
        if q == 1 {
            root = Some(start);
        }
    }
    let root = root.ok_or("no views")?;
    let mut maxn = Vec::new();
    for tie in TieBreak::ALL {
        let mut m = MaxN::new(engines, tie, MAX_POSITIONS);
        maxn.push(match m.solve(root) {
            Ok(p) => Some(p),
            Err(MaxnError::Loopy) => None,
            // Positions alike by symmetry are one class to the views, not to max^n.
            Err(MaxnError::Solve(SolveError::Limit(_))) => return Ok(Err(None)),
            Err(MaxnError::Solve(e)) => {
                return Err(format!(
                    "every view solves, but max^n ({}) fails: {e:?}",
                    tie.name()
                ))
            }
        });
    }
    Ok(Ok(Answer { security, maxn }))
}

/// The reference's values for a game it explores within `REFERENCE_LIMIT` positions, against
/// gamec's answer, or the kind of fault gamec stopped at (which the reference must find at some
/// position).
fn reference(ast: &GameFile, rules: &Rules, answer: Result<&Answer, Failed>) -> Result<(), String> {
    let game = rf::Game::new(ast, &[]).map_err(|e| format!("the reference refuses: {e:?}"))?;
    if game.players != rules.players {
        return Err(format!(
            "players: reference {}, gamec {}",
            game.players, rules.players
        ));
    }
    let graph = match rf::explore(&game, REFERENCE_LIMIT) {
        Ok(g) => g,
        Err(_) => return Ok(()),
    };
    let faults = graph.faults();
    let answer = match answer {
        Ok(a) => a,
        // Exploring has no budget of steps in the reference.
        Err(None | Some(RtKind::TooManySteps)) => return Ok(()),
        Err(Some(kind)) => {
            let name = format!("{kind:?}");
            return match faults.iter().any(|(_, f)| format!("{:?}", f.kind) == name) {
                true => Ok(()),
                false => Err(format!(
                    "gamec fails with {name}; the reference's faults: {faults:?}"
                )),
            };
        }
    };
    if !faults.is_empty() {
        return Err(format!(
            "gamec solves; the reference finds faults {faults:?}"
        ));
    }
    let [(start, _)] = graph.starts[..] else {
        return Err(format!("reference starts {:?}", graph.starts));
    };
    for (p, got) in (1..).zip(&answer.security) {
        let s = rm::security(&game, &graph, p)
            .map_err(|e| format!("gamec solves; the reference: {e:?}"))?[start];
        let want = (s.value, s.remoteness, s.margin);
        let got_v = match got.value {
            solve::Value::Win => rf::Value::Win,
            solve::Value::Lose => rf::Value::Lose,
            solve::Value::Tie => rf::Value::Tie,
            solve::Value::Draw => rf::Value::Draw,
        };
        if want != (got_v, got.remoteness, got.margin) {
            return Err(format!(
                "player {p}'s security value: reference {want:?}, gamec {got:?}"
            ));
        }
    }
    for (tie, got) in rm::TieBreak::ALL.into_iter().zip(&answer.maxn) {
        let want = rm::maxn(&game, &graph, tie)
            .map_err(|e| format!("max^n: the reference {e:?}"))?
            .map(|v| (v[start].payoff.results.clone(), v[start].payoff.remoteness));
        let got = got.as_ref().map(|p| (p.results.clone(), p.remoteness));
        if want != got {
            return Err(format!(
                "max^n ({}): reference {want:?}, gamec {got:?}",
                tie.name()
            ));
        }
    }
    Ok(())
}
