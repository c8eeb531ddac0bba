//! `gamec solve` (and `check`) for a game that rolls during play: the start's exact expected
//! value, each player's chance of winning, the expected number of moves to the end, and the best
//! move with every move's expected value, as text or JSON (`solve::expect` says how they are
//! chosen).

use super::common::{CliResult, Loaded};
use super::explore::{report, solve_chance, Rolled};
use super::fraction::{expected_words, fraction_text};
use super::io::out;
use super::rolling_report::Report;
use crate::engine::{Branch, ChanceExpand, Engine, Limits, Scratch};
use crate::rules::Rules;
use crate::solve::exact_loop::NotExact;
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
        let (span, turn) = rules.chance_in_play().unwrap_or_default();
        return Err(report(
            loaded,
            crate::diag::chance::players(span, rules.players, turn),
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
    let exact = b.exact.is_ok();
    if let Some((l, h, whom)) = value {
        t += &match exact {
            true => format!("{:<12}expected {} {whom}\n", "value", fraction_text(&l)),
            false => format!(
                "{:<12}expected between {} and {} {whom}\n",
                "value",
                decimal(&l, DIGITS, false),
                decimal(&h, DIGITS, true)
            ),
        };
    }
    let s = if b.sweeps == 1 { "" } else { "s" };
    if exact {
        t += &format!(
            "{:<12}yes: after the bounds closed ({} sweep{s}), each player's strategy valued in fractions and checked against every reply (strategy iteration)\n",
            "exact",
            b.sweeps
        );
    }
    let how = format!(
        "iterated up from -1 and down from 1, rounding outward, {} sweep{s}",
        b.sweeps
    );
    if !exact {
        t += &format!("{:<12}certified ({how}); ", "bounds");
    }
    t += &match (b.closed, b.stalled) {
        _ if exact => String::new(),
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
        t += &match exact {
            true => format!(
                "{:<12}if play ends (no draw), player 1 wins with probability {}\n",
                "chances",
                fraction_text(&win(&l))
            ),
            false => format!(
                "{:<12}if play ends (no draw), player 1 wins with probability between {} and {}\n",
                "chances",
                decimal(&win(&l), DIGITS, false),
                decimal(&win(&h), DIGITS, true)
            ),
        };
    }
    let turn = match starts {
        [s] => super::chance_turn::outcomes(engine, s.code, s.mover),
        _ => None,
    };
    if let Some(turn) = &turn {
        t += &super::chance_turn::text(turn, |o| expected_words(b.of(o.code), DIGITS));
    }
    match (&b.exact, starts) {
        (Ok(_), [start]) if turn.is_none() => t += &exact_moves(engine, start, b),
        (Err(why), _) => t += &not_exact(*why, time),
        _ => {}
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
        "{:<12}every reachable position, swept until the bounds close{}\n",
        "order",
        if exact {
            ", then component by component, the last first, in exact fractions"
        } else {
            ""
        }
    );
    t
}

/// Each legal move at the start with its exact value for the player to move there.
fn start_moves(engine: &Engine, start: &Branch, b: &Bounds) -> Vec<(String, BigRational)> {
    let Ok(ChanceExpand::Moves(moves)) = engine.expand_chance(start.code, &mut Scratch::default())
    else {
        return Vec::new();
    };
    moves
        .iter()
        .filter_map(|(f, args, outcomes)| {
            let (v, _) = b.move_bounds(outcomes)?;
            Some((engine.move_label(start.code, *f, args), v))
        })
        .collect()
}

/// The best moves at the start and every move's exact value.
fn exact_moves(engine: &Engine, start: &Branch, b: &Bounds) -> String {
    let each = start_moves(engine, start, b);
    let Some(top) = each.iter().map(|(_, v)| v).max() else {
        return String::new();
    };
    let best: Vec<&str> = each
        .iter()
        .filter(|(_, v)| v == top)
        .map(|(l, _)| l.as_str())
        .collect();
    let mut t = match best.len() {
        1 => format!("{:<12}{}\n", "best move", best[0]),
        _ => format!("{:<12}{} (equally good)\n", "best moves", best.join(", ")),
    };
    let list: Vec<String> = each
        .iter()
        .map(|(l, v)| format!("{l} {}", fraction_text(v)))
        .collect();
    t += &format!("{:<12}{} (expected of each)\n", "moves", list.join(", "));
    t
}

/// Why the values are bounds and not exact, where the bounds line does not say it.
fn not_exact(why: NotExact, time: Duration) -> String {
    let why = match why {
        NotExact::Open => return String::new(),
        NotExact::Stages => "not tried: the strategies at simultaneous choices are mixed, and only bounds are found where play can return",
        NotExact::Endless => "not found: the strategies the bounds suggest do not end play against every reply",
        NotExact::Unsettled => "not found: the strategies did not settle",
        NotExact::Fault => "not found: a rule failed when the positions were expanded again",
        NotExact::Memory => "not found: the positions with their exact probabilities and values would not fit in the memory available",
        NotExact::Disagrees => "not given: a value found lies outside its certified bounds (a defect in gamec: please report it)",
        NotExact::Time => {
            return format!(
                "{:<12}not found within {} s (`--bounds-time`): the bounds are certified\n",
                "exact",
                time.as_secs()
            )
        }
    };
    format!("{:<12}{why}\n", "exact")
}

fn bounds_json(engine: &Engine, rules: &Rules, starts: &[Branch], b: &Bounds) -> Json {
    let p1 = bounds_for_player_one(starts, b);
    let start = match starts {
        [s] => Some(s),
        _ => None,
    };
    let at = start.and_then(|s| b.of(s.code));
    let turn = start.and_then(|s| super::chance_turn::outcomes(engine, s.code, s.mover));
    let exact = b.exact.is_ok();
    let turn = turn.map(|turn| {
        super::chance_turn::json(&turn, |o| {
            let v = b.of(o.code);
            json!({
                "expected": v.clone().filter(|_| exact).map(|(v, _)| fraction_text(&v)),
                "expected_bounds": v.map(|(l, h)| [decimal(&l, DIGITS, false), decimal(&h, DIGITS, true)]),
            })
        })
    });
    // Where the values are exact, every move at the one start with its value.
    let moves: Option<Vec<Json>> = match (&b.exact, start) {
        (Ok(_), Some(s)) if turn.is_none() => Some(
            start_moves(engine, s, b)
                .iter()
                .map(|(l, v)| json!({"move": l, "expected": fraction_text(v)}))
                .collect(),
        ),
        _ => None,
    };
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
            "expected_bounds": at.clone().map(|(l, h)| [decimal(&l, DIGITS, false), decimal(&h, DIGITS, true)]),
            "expected_bounds_for_player_1": p1.clone().map(|(l, h)| [decimal(&l, DIGITS, false), decimal(&h, DIGITS, true)]),
            "expected": at.filter(|_| b.exact.is_ok()).map(|(v, _)| fraction_text(&v)),
            "expected_for_player_1": p1.as_ref().filter(|_| b.exact.is_ok()).map(|(v, _)| fraction_text(v)),
            "exact": b.exact.is_ok(),
            "moves": moves,
            "chance_turn": turn,
            "closed": b.closed,
            "stalled": b.stalled,
            "sweeps": b.sweeps,
        },
    })
}
