//! The chance setup (rolls, with or without weights, `by player K`) and the end rules with every
//! form of outcome.

use super::scope::{Gen, Local, Shape, Var};
use rand::Rng;

impl<R: Rng> Gen<'_, R> {
    /// `setup [by player K] { ... }`: one or two rolls, perhaps an assignment or a condition.
    pub(super) fn setup(&mut self) -> String {
        let again = self.profile.again;
        self.profile.again = false;
        let by = match self.int_in(0, 2) {
            0 => String::new(),
            _ if self.first_mover => String::new(),
            k => format!(" by player {k}"),
        };
        let mut body = String::new();
        for _ in 0..self.int_in(1, 2) {
            let roll = self.roll();
            if !roll.is_empty() {
                body.push_str(&format!("    {roll}"));
            }
        }
        if self.chance(0.4) {
            self.top_lets = false;
            body.push_str(&self.block(1, 1, 4));
            self.top_lets = true;
        }
        self.profile.again = again;
        format!("  setup{by} {{\n{body}  }}\n")
    }

    /// `roll PLACE in LO..=HI [weights ...]` and a new line (the caller indents it), or nothing
    /// when no variable holds numbers.
    pub(super) fn roll(&mut self) -> String {
        let targets: Vec<Var> = self
            .vars
            .iter()
            .filter(|v| !v.clock && v.values.is_none())
            .cloned()
            .collect();
        let Some(v) = self.pick(&targets).cloned() else {
            return String::new();
        };
        let place = match &v.shape {
            Shape::Scalar => v.name.clone(),
            Shape::PerPlayer => {
                let k = self.int_in(1, i64::from(self.profile.players));
                format!("{}[{k}]", v.name)
            }
            Shape::Array(_) => format!("{}[{}]", v.name, self.int_in(0, 1)),
            Shape::Grid { .. } => format!("{}[0, 0]", v.name),
        };
        let (mut lo, mut hi) = (v.lo_v, v.hi_v);
        if self.cfg.extreme && self.chance(0.3) {
            let weights: Vec<String> = (0..self.int_in(1, 3)).map(|_| self.literal()).collect();
            let (a, b) = (self.literal(), self.literal());
            return format!(
                "roll {place} in {a}..={b} weights [{}]\n",
                weights.join(", ")
            );
        }
        if !self.cfg.extreme {
            lo = self.int_in(lo, hi);
            hi = self.int_in(lo, hi.min(lo + 3));
            if self.chance(0.04) {
                hi += 1;
            }
        }
        // Now and then weights worked out from the rolled value (`weights abs(x3 - 1) + 1`), which
        // may be negative or all 0.
        let weights = if self.chance(0.2) {
            let k = self.int_in(lo, hi.saturating_add(1).max(lo));
            let formula = match self.int_in(0, 5) {
                0 => format!("{place} - {k}"),
                1 => format!("{place} * {place} + {}", self.int_in(0, 1)),
                2 => format!("({place} - {lo}) % 2 + {}", self.int_in(0, 1)),
                _ => format!("abs({place} - {k}) + {}", self.int_in(0, 1)),
            };
            format!(" weights {formula}")
        } else if self.chance(0.5) {
            let n = (hi as i128 - lo as i128 + 1).clamp(0, 8) as usize;
            let mut ws: Vec<i64> = (0..n).map(|_| self.int_in(0, 3)).collect();
            if let Some(w) = ws.first_mut() {
                if !self.chance(0.03) {
                    *w = (*w).max(1);
                }
            }
            if self.chance(0.03) {
                ws.push(1);
            }
            let text: Vec<String> = ws.iter().map(|w| w.to_string()).collect();
            format!(" weights [{}]", text.join(", "))
        } else {
            String::new()
        };
        format!("roll {place} in {lo}..={hi}{weights}\n")
    }

    /// One to three end rules, and usually `end if no moves`. Some games are scored: every
    /// outcome gives scores (now and then, one does not, for `gamec::mixed_outcomes`).
    pub(super) fn ends(&mut self) -> String {
        // A scored puzzle is refused (`gamec::one_player`): now and then one, for that.
        let odds = match (self.profile.solo, self.profile.acyclic) {
            (true, _) => 0.03,
            (false, true) => 0.3,
            (false, false) => 0.1,
        };
        let scored = !self.profile.impartial && self.chance(odds);
        let mut rules = Vec::new();
        if let Some(c) = self.vars.iter().find(|v| v.clock).cloned() {
            let o = self.outcome(scored);
            rules.push(format!("  end if {} == {}: {o}\n", c.name, c.hi));
        }
        for _ in 0..self.int_in(usize::from(rules.is_empty()) as i64, 2) {
            let e = self.expr_depth().max(1);
            let c = self.cond(e);
            let o = self.outcome(scored);
            rules.push(format!("  end if {c}: {o}\n"));
        }
        if self.chance(0.85) {
            let at = self.int_in(0, rules.len() as i64) as usize;
            let o = self.outcome(scored);
            rules.insert(at, format!("  end if no moves: {o}\n"));
        }
        rules.concat()
    }

    /// An outcome; impartial games mostly end with the player to move losing (normal play).
    fn outcome(&mut self, scored: bool) -> String {
        let plain = |g: &mut Self| match scored && !g.chance(0.03) {
            true => g.score(),
            false => g.plain_outcome(),
        };
        if self.chance(0.12) {
            let c = self.cond(1);
            let (a, b) = (plain(self), plain(self));
            return format!("if {c} then {a} else {b}");
        }
        plain(self)
    }

    /// The `per player` variables in scope.
    fn per_player_vars(&mut self) -> Vec<Var> {
        self.indexed(false)
            .into_iter()
            .filter(|v| v.shape == Shape::PerPlayer)
            .collect()
    }

    /// `score each s = EXPR`: mostly a `per player` variable or a number read from `s`, now and
    /// then any number (which may overflow).
    fn score(&mut self) -> String {
        let s = self.fresh("s");
        let per_player = self.per_player_vars();
        let expr = match self.int_in(0, 3) {
            0 if !per_player.is_empty() => {
                let v = self.pick(&per_player).map(|v| v.name.clone());
                format!("{}[{s}]", v.unwrap_or_default())
            }
            1 => format!(
                "(if {s} == mover then {} else {})",
                self.int(1),
                self.int(1)
            ),
            _ => {
                self.locals.push(Local {
                    name: s.clone(),
                    indexes: None,
                    player: true,
                });
                let e = self.int(2);
                self.locals.pop();
                e
            }
        };
        format!("score each {s} = {expr}")
    }

    fn plain_outcome(&mut self) -> String {
        // With many players, an outcome naming only the loser means everyone else wins.
        let wl = |g: &mut Self| match g.chance(0.5) {
            true => "loses",
            false => "wins",
        };
        if self.profile.solo {
            // Now and then an outcome a one-player game refuses.
            return match self.int_in(0, 40) {
                0 => "tie".into(),
                1 | 2 => format!("player {} {}", self.player(1), wl(self)),
                k if k < 20 => format!("mover {}", wl(self)),
                _ => format!("last mover {}", wl(self)),
            };
        }
        if self.profile.impartial {
            return match self.int_in(0, 19) {
                0 => "tie".into(),
                1 => "mover wins".into(),
                2 => "last mover loses".into(),
                k if k < 11 => "last mover wins".into(),
                _ => "mover loses".into(),
            };
        }
        match self.int_in(0, 6) {
            0 => format!("last mover {}", wl(self)),
            1 => format!("mover {}", wl(self)),
            2 => format!("player {} {}", self.player(1), wl(self)),
            3 | 4 => self.each(),
            5 => "tie".into(),
            _ => format!("last mover {}", wl(self)),
        }
    }

    /// `winner is each w where COND`, mostly written so that exactly one player qualifies.
    fn each(&mut self) -> String {
        let w = self.fresh("w");
        let per_player = self.per_player_vars();
        let cond = match self.int_in(0, 4) {
            0 => format!("{w} == {}", self.player(1)),
            // With many players `3 - w` is no player for some: the best of the others instead.
            2 if self.many() && !per_player.is_empty() => {
                let v = self.pick(&per_player).map(|v| v.name.clone());
                let v = v.unwrap_or_default();
                format!(
                    "{v}[{w}] == max({v}) and {w} == first(q in players where {v}[q] == max({v}))"
                )
            }
            1 => format!("({w} == 1) == {}", self.cond(1)),
            2 if !per_player.is_empty() => {
                let v = self.pick(&per_player).map(|v| v.name.clone());
                let v = v.unwrap_or_default();
                format!(
                    "{v}[{w}] > {v}[3 - {w}] or ({v}[{w}] == {v}[3 - {w}] and {w} == last mover)"
                )
            }
            3 if self.many() && self.chance(0.8) => format!("{w} == last mover"),
            3 => format!("{w} != {}", self.player(1)),
            _ => {
                self.locals.push(Local {
                    name: w.clone(),
                    indexes: None,
                    player: true,
                });
                let c = self.cond(2);
                self.locals.pop();
                c
            }
        };
        format!("winner is each {w} where {cond}")
    }
}
