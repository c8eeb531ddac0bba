//! `gamec solve` (and `check`) for a game that rolls during play: the start's exact expected
//! value, each player's chance of winning, the expected number of moves to the end, and the best
//! move with every move's expected value, as text or JSON (`solve::expect` says how they are
//! chosen).

use super::common::{CliResult, Loaded};
use super::explore::{report, solve_chance};
use super::fraction::fraction_text;
use super::io::out;
use crate::engine::{Branch, Engine, Limits};
use crate::rules::Rules;
use crate::solve::expect::{ChanceSolution, ChanceValue};
use num_rational::BigRational;
use num_traits::{One, Zero};
use serde_json::{json, Value as Json};

/// Solves and prints (`json`: as JSON). Games of three or more players are refused.
pub fn run(loaded: &Loaded, rules: &Rules, limits: Limits, json: bool) -> CliResult {
    let engine = limits.engine(rules);
    let (starts, s) = solve_or_exit(loaded, rules, &engine, limits.positions)?;
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

/// The solution, or the diagnostic printed and the exit code (also for `check`).
pub fn solve_or_exit(
    loaded: &Loaded,
    rules: &Rules,
    engine: &Engine,
    limit: u64,
) -> Result<(Vec<Branch>, ChanceSolution), super::common::Exit> {
    if rules.players > 2 {
        let span = rules.roll_in_play().unwrap_or_default();
        return Err(report(
            loaded,
            crate::diag::chance::players(span, rules.players),
        ));
    }
    solve_chance(engine, limit).map_err(|d| report(loaded, d))
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
