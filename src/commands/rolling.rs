//! `gamec solve` (and `check`) for a game that rolls during play: the start's exact expected
//! value, each player's chance of winning, the expected number of moves to the end, and the best
//! move with every move's expected value, as text or JSON (`solve::expect` says how they are
//! chosen).

use super::common::{CliResult, Loaded};
use super::explore::{report, solve_chance, Rolled};
use super::io::out;
use super::rolling_report::Report;
use crate::engine::{Branch, Engine, Limits};
use crate::rules::Rules;
use crate::solve::interval::{decimal, Bounds};
use num_rational::BigRational;
use num_traits::Zero;
use serde_json::{json, Value as Json};
use std::time::Duration;

/// How long bounds are iterated for a game whose play can return to a position, by default
/// (`--bounds-time`).
pub const BOUNDS_TIME: Duration = Duration::from_secs(60);

/// Solves and prints (`json`: as JSON), tightening bounds for at most `time`. Games of three or
/// more players are refused.
pub fn run(
    loaded: &Loaded,
    rules: &Rules,
    limits: Limits,
    json: bool,
    (time, at): (Duration, Option<&str>),
) -> CliResult {
    let engine = limits.engine(rules);
    let (starts, s) = solve_or_exit(loaded, rules, &engine, (limits.positions, time), at)?;
    let s = match s {
        Rolled::Exact(s) => s,
        Rolled::Bounds(b) => {
            let text = match json {
                true => format!(
                    "{}\n",
                    serde_json::to_string_pretty(&bounds_json(&engine, rules, &starts, &b))
                        .unwrap_or_default()
                ),
                false => {
                    let t = bounds_text(&engine, rules, &starts, &b, time);
                    match at {
                        Some(_) => t.replacen("\nstart       ", "\nat          ", 1),
                        None => t,
                    }
                }
            };
            out(&text);
            return Ok(());
        }
    };
    let r = Report {
        engine: &engine,
        rules,
        starts: &starts,
        s: &s,
    };
    if json {
        let j = r.json();
        out(&format!(
            "{}\n",
            serde_json::to_string_pretty(&j).unwrap_or_default()
        ));
    } else {
        let t = r.text();
        out(&match at {
            Some(_) => t.replacen("\nstart       ", "\nat          ", 1),
            None => t,
        });
    }
    Ok(())
}

/// The solution from the setup's starts, or (`at`, `--at`) from that one position with nothing
/// rolled and its player to move, or the diagnostic printed and the exit code.
pub fn solve_or_exit(
    loaded: &Loaded,
    rules: &Rules,
    engine: &Engine,
    (limit, time): (u64, Duration),
    at: Option<&str>,
) -> Result<(Vec<Branch>, Rolled), super::common::Exit> {
    if rules.players > 2 {
        let span = rules.roll_in_play().unwrap_or_default();
        return Err(report(
            loaded,
            crate::diag::chance::players(span, rules.players),
        ));
    }
    let Some(text) = at else {
        return solve_chance(engine, limit, time).map_err(|d| report(loaded, d));
    };
    let code = super::at::parse(engine, text)?;
    let pos = engine.decode(code);
    let at = Branch {
        code,
        mover: pos.mover,
        pos,
        prob: BigRational::from_integer(1.into()),
        rolls: Vec::new(),
    };
    let s = super::explore::solve_chance_from(engine, &[code], limit, time)
        .map_err(|d| report(loaded, d))?;
    Ok((vec![at], s))
}

/// Player 1's bounds over the starts (each start's bounds weighted by its probability).
fn bounds_for_player_one(starts: &[Branch], b: &Bounds) -> Option<(BigRational, BigRational)> {
    let (mut lo, mut hi) = (BigRational::zero(), BigRational::zero());
    for s in starts {
        let (l, h) = b.of(s.code)?;
        let (l, h) = if s.mover == 1 { (l, h) } else { (-h, -l) };
        lo += &s.prob * l;
        hi += &s.prob * h;
    }
    Some((lo, hi))
}

const DIGITS: u32 = 10;

fn bounds_text(
    engine: &Engine,
    rules: &Rules,
    starts: &[Branch],
    b: &Bounds,
    time: Duration,
) -> String {
    let mut t = format!("{}\n", rules.name);
    let what = match (rules.together().is_some(), rules.roll_in_play().is_some()) {
        (true, true) => "rolls and simultaneous moves",
        (true, false) => "simultaneous moves",
        _ => "rolls during play",
    };
    t += &format!(
        "{:<12}{} ({what}; play can return to a position)\n",
        "positions",
        b.index.len()
    );
    let one = |f: &str| format!("{f} (a win counts 1, a tie or a draw 0, a loss -1)");
    let value = match starts {
        [s] => {
            t += &format!(
                "{:<12}{}, player {} to move\n",
                "start",
                engine.describe(&s.pos),
                s.mover
            );
            b.of(s.code)
                .map(|(l, h)| (l, h, one("for the player to move")))
        }
        _ => {
            t += &format!(
                "{:<12}chance: the setup rolls {} starts\n",
                "start",
                starts.len()
            );
            bounds_for_player_one(starts, b).map(|(l, h)| (l, h, one("for player 1")))
        }
    };
    if let Some((l, h, whom)) = value {
        t += &format!(
            "{:<12}expected between {} and {} {whom}\n",
            "value",
            decimal(&l, DIGITS, false),
            decimal(&h, DIGITS, true)
        );
    }
    let s = if b.sweeps == 1 { "" } else { "s" };
    let how = format!(
        "iterated up from -1 and down from 1, rounding outward, {} sweep{s}",
        b.sweeps
    );
    t += &format!("{:<12}certified ({how}); ", "bounds");
    t += &match (b.closed, b.stalled) {
        (true, _) => "closed to within 2^-30\n".to_string(),
        (false, true) => "no sweep tightens them further: play that can go on for ever (a draw, counted 0) keeps them apart\n".to_string(),
        (false, false) => format!(
            "still apart when the time ran out ({} s; a longer `--bounds-time` may close them)\n",
            time.as_secs()
        ),
    };
    if let (false, Some((l, h))) = (b.ties, bounds_for_player_one(starts, b)) {
        let half = BigRational::new(1.into(), 2.into());
        let win = |v: &BigRational| (BigRational::from_integer(1.into()) + v) * &half;
        t += &format!(
            "{:<12}if play ends (no draw), player 1 wins with probability between {} and {}\n",
            "chances",
            decimal(&win(&l), DIGITS, false),
            decimal(&win(&h), DIGITS, true)
        );
    }
    if rules.together().is_some() {
        t += &format!(
            "{:<12}not given: only bounds of the values are known where play can return\n",
            "strategies"
        );
    }
    if !rules.symmetries.is_empty() {
        t += &format!("{:<12}not used with rolls during play\n", "symmetry");
    }
    t += &format!(
        "{:<12}every reachable position, swept until the bounds close\n",
        "order"
    );
    t
}

fn bounds_json(engine: &Engine, rules: &Rules, starts: &[Branch], b: &Bounds) -> Json {
    let p1 = bounds_for_player_one(starts, b);
    let start = match starts {
        [s] => Some(s),
        _ => None,
    };
    let at = start.and_then(|s| b.of(s.code));
    json!({
        "game": rules.name,
        "players": rules.players,
        "positions": b.index.len(),
        "rolls_during_play": rules.roll_in_play().is_some(),
        "simultaneous": rules.together().is_some(),
        "scored": false,
        "loopy": true,
        "start": {
            "position": start.map(|s| engine.describe(&s.pos)),
            "to_move": start.map(|s| s.mover),
            "expected_bounds": at.map(|(l, h)| [decimal(&l, DIGITS, false), decimal(&h, DIGITS, true)]),
            "expected_bounds_for_player_1": p1.map(|(l, h)| [decimal(&l, DIGITS, false), decimal(&h, DIGITS, true)]),
            "closed": b.closed,
            "stalled": b.stalled,
            "sweeps": b.sweeps,
        },
    })
}
