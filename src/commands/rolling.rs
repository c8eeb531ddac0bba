//! `gamec solve` (and `check`) for a game that rolls during play: the start's exact expected
//! value, each player's chance of winning, the expected number of moves to the end, and the best
//! move with every move's expected value, as text or JSON (`solve::expect` says how they are
//! chosen).

use super::common::{CliResult, Loaded};
use super::explore::{report, solve_chance, Rolled};
use super::fraction::fraction_text;
use super::io::out;
use crate::engine::{Branch, Engine, Limits};
use crate::rules::Rules;
use crate::solve::expect::{ChanceSolution, ChanceValue};
use crate::solve::interval::{decimal, Bounds};
use num_rational::BigRational;
use num_traits::{One, Zero};
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
    time: Duration,
) -> CliResult {
    let engine = limits.engine(rules);
    let (starts, s) = solve_or_exit(loaded, rules, &engine, limits.positions, time)?;
    let s = match s {
        Rolled::Exact(s) => s,
        Rolled::Bounds(b) => {
            let text = match json {
                true => format!(
                    "{}\n",
                    serde_json::to_string_pretty(&bounds_json(&engine, rules, &starts, &b))
                        .unwrap_or_default()
                ),
                false => bounds_text(&engine, rules, &starts, &b, time),
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
        out(&r.text());
    }
    Ok(())
}

/// The solution, or the diagnostic printed and the exit code.
pub fn solve_or_exit(
    loaded: &Loaded,
    rules: &Rules,
    engine: &Engine,
    limit: u64,
    time: Duration,
) -> Result<(Vec<Branch>, Rolled), super::common::Exit> {
    if rules.players > 2 {
        let span = rules.roll_in_play().unwrap_or_default();
        return Err(report(
            loaded,
            crate::diag::chance::players(span, rules.players),
        ));
    }
    solve_chance(engine, limit, time).map_err(|d| report(loaded, d))
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
    t += &format!(
        "{:<12}{} (rolls during play; play can return to a position)\n",
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
        "rolls_during_play": true,
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

struct Report<'a> {
    engine: &'a Engine<'a>,
    rules: &'a Rules,
    starts: &'a [Branch],
    s: &'a ChanceSolution,
}

impl Report<'_> {
    /// The start's value for player 1 (`None` with no start valued), over the setup's starts.
    fn for_player_one(&self) -> Option<ChanceValue> {
        let mut total = ChanceValue {
            expected: BigRational::zero(),
            win: BigRational::zero(),
            tie: BigRational::zero(),
            moves: BigRational::zero(),
            best: None,
        };
        for b in self.starts {
            let v = self.s.values.get(&b.code)?;
            let win = if b.mover == 1 {
                v.win.clone()
            } else {
                v.lose()
            };
            let sign = if b.mover == 1 { 1 } else { -1 };
            total.expected += &b.prob * &v.expected * BigRational::from_integer(sign.into());
            total.win += &b.prob * win;
            total.tie += &b.prob * &v.tie;
            total.moves += &b.prob * &v.moves;
        }
        Some(total)
    }

    /// The one start, when the setup does not roll.
    fn start(&self) -> Option<(&Branch, &ChanceValue)> {
        match self.starts {
            [b] => Some((b, self.s.values.get(&b.code)?)),
            _ => None,
        }
    }

    /// Each legal move at the one start with its value for the player to move there.
    fn start_moves(&self) -> Vec<(String, ChanceValue)> {
        let Some((b, _)) = self.start() else {
            return Vec::new();
        };
        let Some(moves) = self.s.moves.get(&b.code) else {
            return Vec::new();
        };
        moves
            .iter()
            .filter_map(|(f, args, outcomes)| {
                let v = self.s.move_value(outcomes)?;
                Some((self.engine.move_label(b.code, *f, args), v))
            })
            .collect()
    }

    fn counts_as(&self) -> &'static str {
        match (self.rules.scored, self.rules.players) {
            (true, _) => "the margin counts",
            (false, 1) => "solving counts 1, failing -1",
            (false, _) => "a win counts 1, a tie 0, a loss -1",
        }
    }

    fn chances(&self, p1: &ChanceValue) -> String {
        let f = fraction_text;
        let lose = BigRational::one() - &p1.win - &p1.tie;
        let (ahead, level) = if self.rules.scored {
            ("ends ahead", "level")
        } else {
            ("wins", "a tie")
        };
        if self.rules.players == 1 {
            return format!("solved with probability {}", f(&p1.win));
        }
        let mut t = format!(
            "player 1 {ahead} {}, player 2 {ahead} {}",
            f(&p1.win),
            f(&lose)
        );
        if !p1.tie.is_zero() {
            t += &format!(", {level} {}", f(&p1.tie));
        }
        t
    }

    fn text(&self) -> String {
        let f = fraction_text;
        let mut t = format!("{}\n", self.rules.name);
        t += &format!(
            "{:<12}{} (rolls during play: each outcome weighted by its exact probability)\n",
            "positions",
            self.s.values.len()
        );
        let what = if self.rules.scored {
            "expected margin"
        } else {
            "expected"
        };
        match self.start() {
            Some((b, v)) => {
                let at = self.engine.describe(&b.pos);
                t += &format!("{:<12}{at}, player {} to move\n", "start", b.mover);
                t += &format!(
                    "{:<12}{what} {} for the player to move ({})\n",
                    "value",
                    f(&v.expected),
                    self.counts_as()
                );
            }
            None => {
                t += &format!(
                    "{:<12}chance: the setup rolls {} starts\n",
                    "start",
                    self.starts.len()
                );
                if let Some(p1) = self.for_player_one() {
                    t += &format!(
                        "{:<12}{what} {} for player 1 ({})\n",
                        "value",
                        f(&p1.expected),
                        self.counts_as()
                    );
                }
            }
        }
        if let Some(p1) = self.for_player_one() {
            t += &format!("{:<12}{}\n", "chances", self.chances(&p1));
            t += &format!(
                "{:<12}{} moves expected to the end\n",
                "length",
                f(&p1.moves)
            );
        }
        let moves = self.start_moves();
        if let Some((_, v)) = self.start() {
            if let Some((label, _)) = v.best.and_then(|k| moves.get(k)) {
                t += &format!("{:<12}{label}\n", "best move");
            }
        }
        if !moves.is_empty() {
            let each: Vec<String> = moves
                .iter()
                .map(|(l, v)| format!("{l} {}", f(&v.expected)))
                .collect();
            t += &format!("{:<12}{} ({what} of each)\n", "moves", each.join(", "));
        }
        if !self.rules.symmetries.is_empty() {
            t += &format!("{:<12}not used with rolls during play\n", "symmetry");
        }
        t += &format!(
            "{:<12}depth-first from the start, one thread, in exact fractions\n",
            "order"
        );
        t
    }

    fn json(&self) -> Json {
        let f = |r: &BigRational| fraction_text(r);
        let p1 = self.for_player_one();
        let start = self.start();
        let moves: Vec<Json> = self
            .start_moves()
            .iter()
            .map(|(l, v)| json!({"move": l, "expected": f(&v.expected), "expected_moves": f(&v.moves)}))
            .collect();
        json!({
            "game": self.rules.name,
            "players": self.rules.players,
            "positions": self.s.values.len(),
            "rolls_during_play": true,
            "scored": self.rules.scored,
            "start": {
                "position": start.map(|(b, _)| self.engine.describe(&b.pos)),
                "to_move": start.map(|(b, _)| b.mover),
                "expected": start.map(|(_, v)| f(&v.expected)),
                "expected_for_player_1": p1.as_ref().map(|v| f(&v.expected)),
                "win_probability_player_1": p1.as_ref().map(|v| f(&v.win)),
                "tie_probability": p1.as_ref().map(|v| f(&v.tie)),
                "expected_moves": p1.as_ref().map(|v| f(&v.moves)),
                "best_move": start.and_then(|(_, v)| v.best).and_then(|k| moves.get(k)).map(|m| m["move"].clone()),
                "moves": moves,
            },
        })
    }
}
