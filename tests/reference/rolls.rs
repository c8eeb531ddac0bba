//! A differential case for a game that rolls during play: `solve::expect` against the reference
//! interpreter's own expectimax (`reference::rolls`), over every start of the setup: player 1's
//! expected count, chance of winning, chance of a tie and expected moves to the end, and with one
//! start the best move; or the same refusal on both sides (a loop, a fault of the same kind).

use super::{engine_kind, Case, LIMIT};
use gamec::engine::Engine;
use gamec::reference::{self as rf, rolls::RollValue};
use gamec::rules::Rules;
use gamec::solve::expect::{self, ChanceValue};
use gamec::solve::SolveError;
use num_rational::BigRational;
use num_traits::{One, Zero};

type Q = BigRational;

/// Player 1's expected count, chance of winning, of a tie, and expected moves, over the starts.
fn for_player_one<'a>(starts: impl Iterator<Item = (Q, u8, Q, Q, Q, Q)> + 'a) -> [Q; 4] {
    let mut t = [Q::zero(), Q::zero(), Q::zero(), Q::zero()];
    for (p, mover, e, w, tie, moves) in starts {
        let (e, w) = if mover == 1 {
            (e, w)
        } else {
            (-e, Q::one() - &w - &tie)
        };
        t[0] += &p * e;
        t[1] += &p * w;
        t[2] += &p * tie;
        t[3] += &p * moves;
    }
    t
}

pub fn compare_rolls(game: &rf::Game, rules: &Rules) -> Result<Case, String> {
    let engine = Engine::new(rules);
    let theirs = rf::rolls::solve_rolls(game, LIMIT);
    let starts = match engine.starts() {
        Ok(s) => s,
        Err(e) => {
            return match theirs {
                Err(rf::Error::Setup(f)) if Some(e.error.kind) == engine_kind(f.kind) => {
                    Ok(Case::BothFailed(format!("setup {:?}", f.kind)))
                }
                other => Err(format!("setup: engine {e:?}, reference {:?}", other.err())),
            };
        }
    };
    let roots: Vec<u64> = starts.iter().map(|b| b.code).collect();
    let ours = expect::solve(&engine, &roots, LIMIT as u64 + 1);
    let (theirs, ours) = match (theirs, ours) {
        (Err(rf::Error::TooManyPositions(_)), _) | (_, Err(SolveError::Limit(_))) => {
            return Ok(Case::Skipped("too many".into()))
        }
        (Err(rf::Error::StageTooLarge), _) | (_, Err(SolveError::StageTooHard(_))) => {
            return Ok(Case::Skipped("a simultaneous choice too large".into()))
        }
        (Err(rf::Error::RollsLoop), Err(SolveError::ChanceLoopy(_))) if !rules.scored => {
            return loopy(game, &engine, &starts)
        }
        (Err(rf::Error::RollsLoop), Err(SolveError::ChanceLoopy(_))) => {
            return Ok(Case::BothFailed("rolls, scores and a loop".into()))
        }
        (Err(rf::Error::Faults(f)), Err(SolveError::Fault(e, _)))
            if f.first().and_then(|(_, f)| engine_kind(f.kind)) == Some(e.error.kind) =>
        {
            return Ok(Case::BothFailed(format!("rolls: {:?}", e.error.kind)))
        }
        (Ok(t), Ok(o)) => (t, o),
        (t, o) => {
            return Err(format!(
                "rolls during play: reference {:?}, engine {:?}",
                t.err(),
                o.err()
            ))
        }
    };
    let engine_values: Vec<&ChanceValue> = starts
        .iter()
        .map(|b| ours.values.get(&b.code).ok_or("a start without a value"))
        .collect::<Result<_, _>>()?;
    let a = for_player_one(starts.iter().zip(&engine_values).map(|(b, v)| {
        let (e, w, t, m) = (
            v.expected.clone(),
            v.win.clone(),
            v.tie.clone(),
            v.moves.clone(),
        );
        (b.prob.clone(), b.mover, e, w, t, m)
    }));
    let b = for_player_one(theirs.iter().map(|(p, mover, v): &(Q, u8, RollValue)| {
        let (e, w, t, m) = (
            v.expected.clone(),
            v.win.clone(),
            v.tie.clone(),
            v.moves.clone(),
        );
        (p.clone(), *mover, e, w, t, m)
    }));
    let together = rules.together().is_some();
    if together && a[0] != b[0] {
        return Err(format!(
            "simultaneous moves: engine {}, reference {} (the expected count for player 1)",
            a[0], b[0]
        ));
    }
    if !together && a != b {
        return Err(format!(
            "rolls during play: engine {a:?}, reference {b:?} (expected, win, tie, moves for player 1)"
        ));
    }
    if let (false, [one], [(_, _, v)]) = (together, &starts[..], &theirs[..]) {
        let best = engine_values[0].best.and_then(|k| {
            let moves = ours.moves.get(&one.code)?;
            let (f, args, _) = moves.get(k)?;
            Some(engine.move_label(one.code, *f, args))
        });
        if best != v.best {
            return Err(format!(
                "rolls during play: best move engine {best:?}, reference {:?}",
                v.best
            ));
        }
    }
    Ok(Case::Rolls {
        scored: rules.scored,
        setup: starts.len() > 1,
        together,
    })
}

/// Play can return to a position: the engine's certified bounds (`solve::interval`) must hold
/// the reference's value iteration at every start, wherever the bounds closed and the
/// iteration settled (with simultaneous moves too: each stage a matrix game on both sides).
fn loopy(
    game: &rf::Game,
    engine: &Engine,
    starts: &[gamec::engine::Branch],
) -> Result<Case, String> {
    let roots: Vec<u64> = starts.iter().map(|b| b.code).collect();
    let time = std::time::Duration::from_secs(2);
    let ours = gamec::solve::interval::solve(engine, &roots, LIMIT as u64 + 1, time);
    let theirs = rf::rolls::iterate_rolls(game, LIMIT, 100_000);
    let (bounds, theirs) = match (ours, theirs) {
        (Err(SolveError::Limit(_)), _) | (_, Err(rf::Error::TooManyPositions(_))) => {
            return Ok(Case::Skipped("too many".into()))
        }
        (_, Err(rf::Error::StageTooLarge)) => {
            return Ok(Case::Skipped("a simultaneous choice too large".into()))
        }
        // Both explore every position in the same order, so both meet the same fault first.
        (Err(SolveError::Fault(e, _)), Err(rf::Error::Faults(f)))
            if f.first().and_then(|(_, f)| engine_kind(f.kind)) == Some(e.error.kind) =>
        {
            return Ok(Case::BothFailed(format!("a loop: {:?}", e.error.kind)))
        }
        (Ok(b), Ok(t)) => (b, t),
        (o, t) => {
            return Err(format!(
                "the loop's bounds: engine {:?}, reference {:?}",
                o.err(),
                t.err()
            ))
        }
    };
    let together = engine.rules.together().is_some();
    if !bounds.closed {
        return Ok(Case::RollsLoopy {
            closed: false,
            together,
            exact: false,
        });
    }
    for (b, (_, mover, v)) in starts.iter().zip(&theirs) {
        let (Some(v), Some((lo, hi))) = (v, bounds.of(b.code)) else {
            continue;
        };
        if *mover != b.mover {
            return Err(format!(
                "first mover: engine {}, reference {mover}",
                b.mover
            ));
        }
        let (lo, hi) = (
            num_traits::ToPrimitive::to_f64(&lo).unwrap_or(f64::NAN),
            num_traits::ToPrimitive::to_f64(&hi).unwrap_or(f64::NAN),
        );
        if !(lo - 1e-9 <= *v && *v <= hi + 1e-9) {
            return Err(format!(
                "bounds [{lo}, {hi}] do not hold the reference's {v}"
            ));
        }
    }
    Ok(Case::RollsLoopy {
        closed: true,
        together,
        exact: bounds.exact.is_ok(),
    })
}
