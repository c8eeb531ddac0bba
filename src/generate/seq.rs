//! A random sequential game: options, state (sized to the position budget), an optional chance
//! setup, move families and end rules with every kind of outcome.

use super::scope::{Gen, Shape, Var};
use super::Config;
use rand::Rng;

pub(super) fn game(rng: &mut impl Rng, cfg: &Config) -> String {
    if !cfg.extreme && cfg.players.is_none() && rng.gen_bool(0.05) {
        return long_game(rng);
    }
    if rng.gen_bool(if cfg.players.is_some() { 0.15 } else { 0.06 }) {
        let src = super::symmetry::symmetric_game(rng);
        return match cfg.players {
            Some(n) => super::symmetry::for_many_players(&src, n),
            None if rng.gen_bool(0.2) => {
                super::symmetry::for_many_players(&src, rng.gen_range(3..=4))
            }
            None => src,
        };
    }
    if !cfg.extreme && cfg.players.is_none() && rng.gen_bool(0.03) {
        return super::loopy_stage::loopy_stage(rng);
    }
    let solo = cfg.players.is_none() && rng.gen_bool(0.12);
    let many = cfg.players.is_some() || (!solo && rng.gen_bool(0.12));
    let mut g = Gen::new(rng, cfg);
    g.profile.solo = solo;
    if many {
        // Whose turn it is always matters with many players: there is no impartial game.
        g.profile.players = cfg.players.unwrap_or_else(|| g.int_in(3, 4) as u8);
        g.profile.impartial = false;
    }
    let mut out = format!("game \"Generated {}\" {{\n", g.int_in(1, 9999));
    if g.chance(0.2) {
        out.push_str("  about \"A game written by the generator.\"\n");
    }
    out.push_str(&g.options());
    if solo {
        out.push_str("  players 1\n");
    } else if many {
        out.push_str(&format!("  players {}\n", g.profile.players));
    } else if g.chance(0.3) {
        out.push_str("  players 2\n");
    }
    if g.chance(0.15) {
        out.push_str(&g.first_mover());
    }
    out.push_str(&g.state());
    // After the state, which declares their enumerations (options are read before the state
    // wherever they stand).
    for (name, values) in g.enum_opts.clone() {
        let v = g.pick(&values).cloned().unwrap_or_default();
        out.push_str(&format!("  option {name} = {v}\n"));
    }
    if g.chance(0.4) {
        out.push_str(&g.defs());
    }
    // A one-player game has no setup (now and then one, which the checker refuses).
    if g.chance(if solo || many { 0.02 } else { 0.35 }) {
        out.push_str(&g.setup());
    }
    // Rolls during play, in one game of eight of one or two players.
    g.profile.rolls = !many && g.chance(0.12);
    // A simultaneous move, in one game of twelve of two players: mostly the only move family
    // (beside others, positions where both are legal are `gamec::mixed_stage`); now and then
    // in a puzzle or a game of many players, which the checker refuses.
    let together = g.chance(if solo || many { 0.005 } else { 0.08 });
    let families = match together && g.chance(0.7) {
        true => 1,
        false => g.int_in(1, if cfg.extreme { 5 } else { 3 }),
    };
    // A chance turn, in one game of sixteen of one or two players, before or after the moves.
    let turn = g.chance(if many { 0.005 } else { 0.06 });
    let turn_first = g.chance(0.5);
    if turn && turn_first {
        out.push_str(&g.chance_decl());
    }
    for k in 0..families {
        g.profile.together = together && k == 0;
        let m = g.move_decl();
        out.push_str(&m);
    }
    g.profile.together = false;
    if turn && !turn_first {
        out.push_str(&g.chance_decl());
    }
    out.push_str(&g.ends());
    if g.chance(0.1) {
        out.push_str(&g.symmetry());
    }
    out.push_str("}\n");
    out
}

/// A take-away game long enough that remoteness passes 255 or Grundy values pass 31, so that
/// solution tables must widen their entries.
fn long_game(rng: &mut impl Rng) -> String {
    let top = rng.gen_range(390..=420);
    let take = [2, 2, 33, 45][rng.gen_range(0..4)];
    let outcome = ["last mover wins", "last mover loses", "mover loses"][rng.gen_range(0..3)];
    format!(
        "game \"Long\" {{
  option top: 1..=1000 = {top}
  state {{ c: 0..=top = top }}
  move take(n in 1..={take}) if n <= c {{ c -= n }}
  end if c == 0: {outcome}
}}
"
    )
}

impl<R: Rng> Gen<'_, R> {
    /// `first mover K`: a player's number, or an option holding one (now and then, one that is
    /// not a player). A setup then is nobody's move (`setup by player` would say it twice).
    fn first_mover(&mut self) -> String {
        self.first_mover = true;
        let players: Vec<String> = self
            .int_opts
            .iter()
            .filter(|(_, v)| (1..=i64::from(self.profile.players)).contains(v) || self.cfg.extreme)
            .map(|(n, _)| n.clone())
            .collect();
        let top = if self.profile.solo {
            1
        } else {
            self.profile.players
        };
        let who = match self.pick(&players) {
            Some(o) if self.chance(0.4) => o.clone(),
            _ if self.chance(0.03) || self.cfg.extreme => self.literal(),
            _ => self.int_in(1, i64::from(top)).to_string(),
        };
        format!("  first mover {who}\n")
    }

    /// One to three definitions; each body sees only its parameters (and the options, the state
    /// and earlier definitions).
    fn defs(&mut self) -> String {
        let mut out = String::new();
        for _ in 0..self.int_in(1, 3) {
            let name = self.fresh("f");
            let params: Vec<bool> = (0..self.int_in(0, 2)).map(|_| self.chance(0.3)).collect();
            let names: Vec<String> = params.iter().map(|_| self.fresh("a")).collect();
            let gives_bool = self.chance(0.4);
            let outer = std::mem::take(&mut self.locals);
            let outer_conds = std::mem::take(&mut self.cond_locals);
            for (n, &b) in names.iter().zip(&params) {
                if b {
                    self.cond_locals.push(n.clone());
                } else {
                    self.locals.push(super::scope::Local {
                        name: n.clone(),
                        indexes: None,
                        player: false,
                    });
                }
            }
            let body = if gives_bool {
                self.cond(2)
            } else {
                self.int(2)
            };
            self.locals = outer;
            self.cond_locals = outer_conds;
            out.push_str(&format!("  def {name}({}) = {body}\n", names.join(", ")));
            self.defs.push(super::scope::Def {
                name,
                params,
                gives_bool,
            });
            if self.chance(0.3) {
                out.push_str(&self.run_def().unwrap_or_default());
            }
        }
        out
    }

    fn options(&mut self) -> String {
        let mut out = String::new();
        for _ in 0..self.int_in(0, 4) {
            let name = self.fresh("k");
            let line = match self.int_in(0, 5) {
                0 | 1 => {
                    let v = self.int_in(1, 3);
                    self.int_opts.push((name.clone(), v));
                    format!("option {name}: 1..=3 = {v}")
                }
                2 => {
                    let earlier = self.int_opts.clone();
                    match self.pick(&earlier).cloned() {
                        Some((o, v)) => {
                            self.int_opts.push((name.clone(), v + 1));
                            format!("option {name} = {o} + 1")
                        }
                        None => {
                            self.int_opts.push((name.clone(), 2));
                            format!("option {name} = 2")
                        }
                    }
                }
                3 | 4 => {
                    let name = self.fresh("S");
                    let vs: Vec<i64> = (0..self.int_in(1, 4)).map(|_| self.int_in(-1, 4)).collect();
                    let text: Vec<String> = vs.iter().map(|v| v.to_string()).collect();
                    self.lists.push((name.clone(), vs));
                    format!("option {name} = [{}]", text.join(", "))
                }
                _ => {
                    let name = self.fresh("f");
                    let v = self.chance(0.5);
                    self.bool_opts.push(name.clone());
                    format!("option {name}: bool = {v}")
                }
            };
            out.push_str(&format!("  {line}\n"));
        }
        out
    }

    /// The state block: a step counter for acyclic games, then variables while the budget lasts.
    fn state(&mut self) -> String {
        let mut budget = self.cfg.max_positions.max(8) as f64 / 2.0;
        if self.profile.again {
            budget /= 2.0;
        }
        let mut lines = Vec::new();
        if self.profile.acyclic {
            let t = self.int_in(2, 5);
            budget /= (t + 1) as f64;
            let name = self.fresh("t");
            lines.push(format!("{name}: 0..={t} = 0"));
            self.vars.push(Var {
                name,
                shape: Shape::Scalar,
                is_bool: false,
                lo: "0".into(),
                hi: t.to_string(),
                lo_v: 0,
                hi_v: t,
                clock: true,
                values: None,
            });
        }
        for k in 0..4 {
            if budget < 2.0 || (k > 0 && self.chance(0.25)) {
                break;
            }
            if let Some((line, size)) = self.variable(budget) {
                budget /= size as f64;
                lines.push(line);
            }
        }
        let split = lines.len() > 1 && self.chance(0.2);
        let mut out = String::from("  state {\n");
        for (k, l) in lines.iter().enumerate() {
            if split && k == lines.len() / 2 {
                out.push_str("  }\n  state {\n");
            }
            out.push_str(&format!("    {l}\n"));
        }
        out.push_str("  }\n");
        out
    }

    /// One variable that fits in `budget` positions: its declaration and how many values it has.
    fn variable(&mut self, budget: f64) -> Option<(String, u64)> {
        let is_bool = self.chance(0.25);
        let values: Option<Vec<String>> = (!is_bool && self.chance(0.25))
            .then(|| (0..self.int_in(2, 4)).map(|_| self.fresh("v")).collect());
        let (elem, lo, hi, lo_v, hi_v) = if is_bool {
            ("bool".to_string(), "0".to_string(), "1".to_string(), 0, 1)
        } else if let Some(vs) = &values {
            let written: Vec<String> = vs
                .iter()
                .map(|v| match self.chance(0.3) {
                    true => format!("{v} \"{}\"", v.to_uppercase()),
                    false => v.clone(),
                })
                .collect();
            let top = vs.len() as i64 - 1;
            let elem = format!("{{{}}}", written.join(", "));
            (elem, "0".to_string(), top.to_string(), 0, top)
        } else {
            self.elem_range()
        };
        let size = (hi_v as i128 - lo_v as i128 + 1).clamp(1, u64::MAX as i128) as u64;
        let per_player = self.turn() && !self.profile.solo && self.chance(0.3);
        let (shape, ty, count) = if per_player {
            let n = usize::from(self.profile.players);
            (Shape::PerPlayer, format!("per player {elem}"), n)
        } else if self.chance(0.35) {
            let len = self.int_in(2, 3) as usize;
            let lists = self.lists.clone();
            let by_list = lists
                .iter()
                .find(|(_, vs)| vs.len() == len && self.cfg.extreme);
            let len_text = by_list.map_or(len.to_string(), |(n, _)| format!("len({n})"));
            (
                Shape::Array(len_text.clone()),
                format!("[{elem}; {len_text}]"),
                len,
            )
        } else if self.chance(0.3) {
            let (cols, rows) = (self.int_in(1, 3), self.int_in(1, 2));
            let ty = format!("grid {cols} x {rows} of {elem}");
            (Shape::Grid { cols, rows }, ty, (cols * rows) as usize)
        } else {
            (Shape::Scalar, elem, 1)
        };
        let total = size.saturating_pow(count as u32);
        if !self.cfg.extreme && total as f64 > budget {
            return None;
        }
        let name = self.fresh(if is_bool { "b" } else { "x" });
        if let Some(vs) = values.as_ref().filter(|_| self.chance(0.4)) {
            let o = self.fresh("e");
            self.enum_opts.push((o, vs.clone()));
        }
        let init = match &values {
            Some(vs) => self.enum_initial(vs, count, &shape),
            None => self.initial(is_bool, lo_v, hi_v, count, &shape),
        };
        self.vars.push(Var {
            name: name.clone(),
            shape,
            is_bool,
            lo,
            hi,
            lo_v,
            hi_v,
            clock: false,
            values,
        });
        Some((format!("{name}: {ty}{init}"), total))
    }

    /// An element range as written (`LO..=HI` or `LO..END`), its inclusive ends as written, and
    /// those ends with the options at their defaults.
    fn elem_range(&mut self) -> (String, String, String, i64, i64) {
        if self.cfg.extreme && self.chance(0.5) {
            let ends = [
                (-9223372036854775807, 9223372036854775807),
                (0, 4294967296),
                (9223372036854775800, 9223372036854775807),
                (-9223372036854775807, -9223372036854775800),
            ];
            let (a, b) = *self.pick(&ends).unwrap_or(&(0, 1));
            return (format!("{a}..={b}"), a.to_string(), b.to_string(), a, b);
        }
        let opts = self.int_opts.clone();
        if self.chance(0.25) {
            if let Some((o, v)) = self.pick(&opts).cloned() {
                return (format!("0..={o}"), "0".into(), o, 0, v);
            }
        }
        let lo = self.int_in(-2, 1);
        let hi = lo + self.int_in(1, 4);
        let text = if self.chance(0.2) {
            format!("{lo}..{}", hi + 1)
        } else {
            format!("{lo}..={hi}")
        };
        (text, lo.to_string(), hi.to_string(), lo, hi)
    }

    /// ` = VALUE` (or nothing): one value for all elements, a list, or an option.
    /// An enumeration variable's start: none (its first value), one value, or a list of them.
    fn enum_initial(&mut self, values: &[String], count: usize, shape: &Shape) -> String {
        if self.chance(0.3) {
            return String::new();
        }
        if *shape != Shape::Scalar && self.chance(0.5) {
            let vs: Vec<String> = (0..count)
                .map(|_| self.pick(values).cloned().unwrap_or_default())
                .collect();
            return format!(" = [{}]", vs.join(", "));
        }
        if let Some(o) = self.enum_option(values).filter(|_| self.chance(0.5)) {
            return format!(" = {o}");
        }
        format!(" = {}", self.pick(values).cloned().unwrap_or_default())
    }

    fn initial(&mut self, is_bool: bool, lo: i64, hi: i64, count: usize, shape: &Shape) -> String {
        if self.chance(0.25) {
            return String::new();
        }
        if is_bool && *shape != Shape::Scalar && self.chance(0.5) {
            let vs: Vec<String> = (0..count).map(|_| self.chance(0.5).to_string()).collect();
            return format!(" = [{}]", vs.join(", "));
        }
        if is_bool {
            return format!(" = {}", self.chance(0.5));
        }
        if *shape != Shape::Scalar && self.chance(0.5) {
            let vs: Vec<String> = (0..count)
                .map(|_| self.rng.gen_range(lo..=hi).to_string())
                .collect();
            return format!(" = [{}]", vs.join(", "));
        }
        let fitting: Vec<String> = self
            .int_opts
            .iter()
            .filter(|(_, v)| *v >= lo && *v <= hi)
            .map(|(n, _)| n.clone())
            .collect();
        if let Some(o) = self.pick(&fitting) {
            if self.chance(0.3) {
                return format!(" = {o}");
            }
        }
        format!(" = {}", self.rng.gen_range(lo..=hi))
    }
}
