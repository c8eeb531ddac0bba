//! The exact answer of a game that rolls during play or has simultaneous moves, as `solve` prints
//! it (text or JSON): the start's expected value, each player's chance of winning, the expected
//! number of moves to the end, the best move with every move's expected value, and at a
//! simultaneous choice both players' optimal mixed strategies.

use super::chance_turn::TurnOutcome;
use super::fraction::fraction_text;
use crate::engine::Stage;
use crate::engine::{Branch, Code, Engine};
use crate::rules::Rules;
use crate::solve::expect::{ChanceSolution, ChanceValue};
use crate::solve::stage::Mixed;
use num_rational::BigRational;
use num_traits::{One, Zero};
use serde_json::{json, Value as Json};

pub struct Report<'a> {
    pub engine: &'a Engine<'a>,
    pub rules: &'a Rules,
    pub starts: &'a [Branch],
    pub s: &'a ChanceSolution,
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

    /// The chance turn at the one start, if it is one.
    fn start_turn(&self) -> Option<Vec<TurnOutcome>> {
        let (b, _) = self.start()?;
        super::chance_turn::outcomes(self.engine, b.code, b.mover)
    }

    /// What a chance turn's outcome is worth for its player to move, and their best move there.
    fn outcome_worth(&self, code: Code) -> String {
        let Some(v) = self.s.values.get(&code) else {
            return "unknown".to_string();
        };
        let best = (v.best)
            .and_then(|k| self.s.moves.get(&code)?.get(k))
            .filter(|(f, _, _)| !self.rules.moves[*f].chance)
            .map(|(f, args, _)| format!("; best: {}", self.engine.move_label(code, *f, args)));
        let end = if self.s.moves.contains_key(&code) {
            ""
        } else {
            "the game ends, "
        };
        format!(
            "{end}expected {}{}",
            fraction_text(&v.expected),
            best.unwrap_or_default()
        )
    }

    /// Each legal move at the one start with its value for the player to move there (none at a
    /// chance turn).
    fn start_moves(&self) -> Vec<(String, ChanceValue)> {
        let Some((b, _)) = self.start() else {
            return Vec::new();
        };
        if self.start_turn().is_some() {
            return Vec::new();
        }
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

    pub fn text(&self) -> String {
        let f = fraction_text;
        let mut t = format!("{}\n", self.rules.name);
        t += &format!(
            "{:<12}{} ({})\n",
            "positions",
            self.s.values.len(),
            self.kind()
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
        if let Some(turn) = self.start_turn() {
            t += &super::chance_turn::text(&turn, |o| self.outcome_worth(o.code));
        }
        let moves = self.start_moves();
        if let Some((_, v)) = self.start() {
            if let Some((label, _)) = v.best.and_then(|k| moves.get(k)) {
                t += &format!("{:<12}{label}\n", "best move");
            }
        }
        t += &self.strategies_text();
        if !moves.is_empty() {
            let each: Vec<String> = moves
                .iter()
                .map(|(l, v)| format!("{l} {}", f(&v.expected)))
                .collect();
            let (heading, of) = match self.start_stage() {
                Some(_) => ("pairs", "for the player to move of each pair of choices"),
                None => ("moves", "of each"),
            };
            t += &format!("{heading:<12}{} ({what} {of})\n", each.join(", "));
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

    pub fn json(&self) -> Json {
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
            "rolls_during_play": self.rules.roll_in_play().is_some(),
            "simultaneous": self.rules.together().is_some(),
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
                "chance_turn": self.start_turn().map(|turn| super::chance_turn::json(&turn, |o| {
                    let v = self.s.values.get(&o.code);
                    json!({"expected": v.map(|v| f(&v.expected))})
                })),
                "strategies": self.strategies_json(),
            },
        })
    }

    /// What the positions line says the values are.
    fn kind(&self) -> &'static str {
        match (self.rules.roll_in_play(), self.rules.together()) {
            (Some(_), Some(_)) => "rolls weighted by their exact probabilities, simultaneous choices solved as matrix games, exactly",
            (None, Some(_)) => "simultaneous choices: each a zero-sum matrix game, solved exactly",
            _ => "rolls during play: each outcome weighted by its exact probability",
        }
    }

    /// The one start's simultaneous choice, with both players' optimal strategies there.
    fn start_stage(&self) -> Option<(&Branch, &Stage, &Mixed)> {
        let (b, _) = self.start()?;
        Some((b, self.s.stages.get(&b.code)?, self.s.mixed.get(&b.code)?))
    }

    /// Each player's choices at the start with their probabilities (those of probability 0 left
    /// out): `(player, [(choice, probability)])`, the mover first.
    fn strategies(&self) -> Vec<(u8, Vec<(String, BigRational)>)> {
        let Some((b, stage, mixed)) = self.start_stage() else {
            return Vec::new();
        };
        let sides = [
            (b.mover, 0, &stage.rows, &mixed.rows),
            (3 - b.mover, 1, &stage.cols, &mixed.cols),
        ];
        sides
            .into_iter()
            .map(|(player, k, values, probs)| {
                let each = values
                    .iter()
                    .zip(probs)
                    .filter(|(_, p)| !p.is_zero())
                    .map(|(&v, p)| (self.rules.choice_text(stage.family, k, v), p.clone()))
                    .collect();
                (player, each)
            })
            .collect()
    }

    fn strategies_text(&self) -> String {
        let mut t = String::new();
        for (player, each) in self.strategies() {
            let list: Vec<String> = each
                .iter()
                .map(|(c, p)| format!("{c} with {}", fraction_text(p)))
                .collect();
            t += &format!(
                "{:<12}{} (an optimal mixed strategy)\n",
                format!("player {player}"),
                list.join(", ")
            );
        }
        t
    }

    fn strategies_json(&self) -> Json {
        let sides: Vec<Json> = self
            .strategies()
            .into_iter()
            .map(|(player, each)| {
                let choices: Vec<Json> = each
                    .iter()
                    .map(|(c, p)| json!({"choice": c, "probability": fraction_text(p)}))
                    .collect();
                json!({"player": player, "choices": choices})
            })
            .collect();
        match sides.is_empty() {
            true => Json::Null,
            false => Json::Array(sides),
        }
    }
}
