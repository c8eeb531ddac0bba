//! Random expressions: numbers and conditions over what is in scope, every operator and built-in,
//! fully parenthesised. Indices and divisors are mostly safe (a parameter over the array's
//! indices, a remainder by the length, a nonzero divisor) and sometimes not, so that run-time
//! errors stay rare but do happen.

use super::scope::{Gen, Local, Shape, Var};
use rand::Rng;

/// How often an index or divisor is written without making it safe.
const RISKY: f64 = 0.04;

impl<R: Rng> Gen<'_, R> {
    /// A number-valued expression at most `depth` operators deep.
    pub fn int(&mut self, depth: u32) -> String {
        if depth == 0 || self.chance(0.3) {
            return self.int_atom();
        }
        let d = depth - 1;
        match self.int_in(0, 16) {
            0 | 1 => format!("({} + {})", self.int(d), self.int(d)),
            2 => format!("({} - {})", self.int(d), self.int(d)),
            3 => format!("({} * {})", self.int(d), self.int(d)),
            4 => format!("({} / {})", self.int(d), self.divisor(d)),
            5 => format!("({} % {})", self.int(d), self.divisor(d)),
            6 => format!("(-{})", self.int(d)),
            7 => format!("abs({})", self.int(d)),
            8 => {
                let f = if self.chance(0.5) { "min" } else { "max" };
                let n = self.int_in(2, 3);
                let args: Vec<String> = (0..n).map(|_| self.int(d)).collect();
                format!("{f}({})", args.join(", "))
            }
            9 => self.aggregate(),
            10 => {
                let (dom, local) = self.domain(d);
                self.locals.push(local);
                let c = self.cond(d);
                let name = self.locals.pop().map(|l| l.name).unwrap_or_default();
                format!("count({name} in {dom} where {c})")
            }
            11 => {
                let items: Vec<i64> = (0..self.int_in(1, 4)).map(|_| self.int_in(-2, 5)).collect();
                let text: Vec<String> = items.iter().map(|v| v.to_string()).collect();
                let i = self.index_into(items.len(), None, d);
                format!("[{}][{i}]", text.join(", "))
            }
            12 => format!(
                "(if {} then {} else {})",
                self.cond(d),
                self.int(d),
                self.int(d)
            ),
            13 => self.first_last(d),
            14 => self.call(false, d),
            15 => self.run_int(d).unwrap_or_else(|| self.int_atom()),
            _ => self.int_atom(),
        }
    }

    /// `first(...)` or `last(...)`: mostly where `any` over the same range has found a value.
    fn first_last(&mut self, d: u32) -> String {
        let f = if self.chance(0.5) { "first" } else { "last" };
        let (dom, local) = self.domain(d);
        self.locals.push(local);
        let c = self.cond(d);
        let name = self.locals.pop().map(|l| l.name).unwrap_or_default();
        let pick = format!("{f}({name} in {dom} where {c})");
        if self.chance(RISKY * 2.0) {
            return pick;
        }
        let default = self.int(0);
        format!("(if any({name} in {dom} where {c}) then {pick} else {default})")
    }

    /// A call of a definition giving a condition (`want_bool`) or a number, if one is written.
    pub fn call(&mut self, want_bool: bool, d: u32) -> String {
        let fits: Vec<super::scope::Def> = self
            .defs
            .iter()
            .filter(|f| f.gives_bool == want_bool)
            .cloned()
            .collect();
        let Some(f) = self.pick(&fits).cloned() else {
            return if want_bool {
                self.compare(d)
            } else {
                self.int_atom()
            };
        };
        let args: Vec<String> = f
            .params
            .iter()
            .map(|&b| if b { self.cond(d) } else { self.int(d) })
            .collect();
        format!("{}({})", f.name, args.join(", "))
    }

    /// A number without operators: a literal, a name, an element, a player number.
    fn int_atom(&mut self) -> String {
        loop {
            match self.int_in(0, 9) {
                0 | 1 => return self.literal(),
                2 => {
                    if let Some(v) = self.pick(&self.int_scalars()) {
                        return v.name.clone();
                    }
                }
                3 => {
                    let names: Vec<String> = self.locals.iter().map(|l| l.name.clone()).collect();
                    if let Some(n) = self.pick(&names) {
                        return n.clone();
                    }
                }
                4 => {
                    let opts = self.int_opts.clone();
                    if let Some((n, _)) = self.pick(&opts) {
                        return n.clone();
                    }
                }
                5 | 6 => {
                    if let Some(v) = self.pick(&self.indexed(false)) {
                        return self.element(v, 0);
                    }
                }
                7 => {
                    let lists = self.lists.clone();
                    if let Some((n, vs)) = self.pick(&lists) {
                        let i = self.index_into(vs.len(), Some(n), 0);
                        return format!("{n}[{i}]");
                    }
                }
                8 if self.turn() => {
                    let who: &[&str] = match self.profile.solo || !self.refused(0.01) {
                        true => &["mover", "last mover"],
                        false => &["mover", "opponent", "last mover"],
                    };
                    return self.pick(who).map_or("mover".into(), |s| s.to_string());
                }
                _ => return "players".to_string(),
            }
        }
    }

    /// `sum`, `min`, `max` or `len` of an array or a list.
    fn aggregate(&mut self) -> String {
        let f = ["sum", "min", "max", "len"];
        let f = self.pick(&f).copied().unwrap_or("sum");
        let mut names: Vec<String> = self.indexed(false).into_iter().map(|v| v.name).collect();
        names.extend(self.lists.iter().map(|(n, _)| n.clone()));
        match self.pick(&names) {
            Some(n) => format!("{f}({n})"),
            None => self.literal(),
        }
    }

    /// A divisor: mostly a nonzero constant, sometimes something that may be zero.
    fn divisor(&mut self, d: u32) -> String {
        if self.chance(RISKY) || self.cfg.extreme {
            return self.int(d);
        }
        let v = *self.pick(&[1, 2, 3, -2, 5]).unwrap_or(&2);
        if v < 0 {
            format!("({v})")
        } else {
            v.to_string()
        }
    }

    /// An element of an array or per-player variable, with an index that is usually valid.
    pub fn element(&mut self, v: &Var, d: u32) -> String {
        let i = match &v.shape {
            Shape::PerPlayer => self.player(d),
            Shape::Grid { cols, rows } => {
                let r = self.index_by_len(&rows.to_string(), Some(&format!("{}#rows", v.name)), d);
                let c = self.index_by_len(&cols.to_string(), Some(&format!("{}#cols", v.name)), d);
                format!("{r}, {c}")
            }
            _ => {
                let len = format!("len({})", v.name);
                self.index_by_len(&len, Some(&v.name), d)
            }
        };
        format!("{}[{i}]", v.name)
    }

    /// An index into a list or array of `len` values.
    fn index_into(&mut self, len: usize, of: Option<&String>, d: u32) -> String {
        if self.chance(0.3) && len > 0 {
            return self.int_in(0, len as i64 - 1).to_string();
        }
        self.index_by_len(&len.to_string(), of, d)
    }

    fn index_by_len(&mut self, len: &str, of: Option<&String>, d: u32) -> String {
        let over: Vec<String> = self
            .locals
            .iter()
            .filter(|l| l.indexes.is_some() && l.indexes.as_ref() == of)
            .map(|l| l.name.clone())
            .collect();
        if !over.is_empty() && self.chance(0.6) {
            return self.pick(&over).cloned().unwrap_or_default();
        }
        if self.chance(RISKY) || (self.cfg.extreme && self.chance(0.1)) {
            return self.int(d);
        }
        format!("({} % {len})", self.int(d))
    }

    /// A player number: usually one of the players (1 or 2, or with many players 1 to N).
    pub fn player(&mut self, d: u32) -> String {
        let players: Vec<String> = self
            .locals
            .iter()
            .filter(|l| l.player)
            .map(|l| l.name.clone())
            .collect();
        if !players.is_empty() && self.chance(0.5) {
            return self.pick(&players).cloned().unwrap_or_default();
        }
        if self.chance(RISKY) {
            return self.int(d);
        }
        match self.int_in(0, 5) {
            0 if self.turn() => "mover".into(),
            _ if self.profile.solo => "1".into(),
            1 if self.turn() && self.refused(0.01) => "opponent".into(),
            2 if self.turn() => "last mover".into(),
            3 => self.int_in(1, i64::from(self.profile.players)).to_string(),
            1 if self.many() => "(mover % players + 1)".into(),
            _ => format!("(1 + {} % {})", self.int(d), self.profile.players),
        }
    }

    /// A condition at most `depth` operators deep.
    pub fn cond(&mut self, depth: u32) -> String {
        if depth == 0 || self.chance(0.2) {
            return self.cond_atom(depth);
        }
        let d = depth - 1;
        match self.int_in(0, 11) {
            10 | 11 => match self.run_cond(d) {
                Some(c) => format!("({c})"),
                None => self.compare(d),
            },
            0 | 1 => format!("({} and {})", self.cond(d), self.cond(d)),
            2 | 3 => format!("({} or {})", self.cond(d), self.cond(d)),
            4 => format!("(not {})", self.cond(d)),
            5 => {
                let op = if self.chance(0.5) { "==" } else { "!=" };
                format!("({} {op} {})", self.cond(d), self.cond(d))
            }
            7 => format!(
                "(if {} then {} else {})",
                self.cond(d),
                self.cond(d),
                self.cond(d)
            ),
            8 => self.call(true, d),
            9 if !self.enum_vars().is_empty() => {
                let vars = self.enum_vars();
                let vs = self
                    .pick(&vars)
                    .and_then(|v| v.values.clone())
                    .unwrap_or_default();
                let op = if self.chance(0.5) { "==" } else { "!=" };
                format!(
                    "({} {op} {})",
                    self.enum_expr(&vs, d),
                    self.enum_expr(&vs, d)
                )
            }
            6 => {
                let f = if self.chance(0.5) { "any" } else { "all" };
                let (dom, local) = self.domain(d);
                self.locals.push(local);
                let c = self.cond(d);
                let name = self.locals.pop().map(|l| l.name).unwrap_or_default();
                format!("{f}({name} in {dom} where {c})")
            }
            _ => self.compare(d),
        }
    }

    /// A value of the enumeration whose values are `vs`: a value, an option, a variable or
    /// element holding one, or a conditional choice between two.
    pub fn enum_expr(&mut self, vs: &[String], depth: u32) -> String {
        let holders: Vec<Var> = self
            .enum_vars()
            .into_iter()
            .filter(|v| v.values.as_deref() == Some(vs))
            .collect();
        match self.int_in(0, 5) {
            0 | 1 if !holders.is_empty() => {
                let v = self.pick(&holders).cloned();
                match v {
                    Some(v) if v.shape == Shape::Scalar => v.name,
                    Some(v) => self.element(&v, depth.min(1)),
                    None => String::new(),
                }
            }
            2 if depth > 0 => {
                let c = self.cond(depth - 1);
                let (a, b) = (self.enum_expr(vs, depth - 1), self.enum_expr(vs, depth - 1));
                format!("(if {c} then {a} else {b})")
            }
            3 => match self.enum_option(vs) {
                Some(o) => o,
                None => self.pick(vs).cloned().unwrap_or_default(),
            },
            _ => self.pick(vs).cloned().unwrap_or_default(),
        }
    }

    /// A comparison of two numbers.
    pub fn compare(&mut self, d: u32) -> String {
        let ops = ["==", "!=", "<", "<=", ">", ">="];
        let op = self.pick(&ops).copied().unwrap_or("==");
        format!("({} {op} {})", self.int(d), self.int(d))
    }

    fn cond_atom(&mut self, depth: u32) -> String {
        if !self.cond_locals.is_empty() && self.chance(0.4) {
            let names = self.cond_locals.clone();
            return self.pick(&names).cloned().unwrap_or_default();
        }
        match self.int_in(0, 6) {
            0 => if self.chance(0.5) { "true" } else { "false" }.into(),
            1 | 2 => match self.pick(&self.bool_scalars()) {
                Some(v) => v.name.clone(),
                None => self.compare(depth.min(1)),
            },
            3 => match self.pick(&self.bool_opts.clone()) {
                Some(n) => n.clone(),
                None => self.compare(depth.min(1)),
            },
            4 => match self.pick(&self.indexed(true)) {
                Some(v) => self.element(v, depth.min(1)),
                None => self.compare(depth.min(1)),
            },
            _ => self.compare(depth.min(1)),
        }
    }

    /// What a comprehension or parameter ranges over, and the local it binds.
    pub fn domain(&mut self, d: u32) -> (String, Local) {
        let name = self.fresh("q");
        let mut local = Local {
            name,
            indexes: None,
            player: false,
        };
        let arrays: Vec<String> = self
            .vars
            .iter()
            .filter(|v| matches!(v.shape, Shape::Array(_)))
            .map(|v| v.name.clone())
            .chain(self.lists.iter().map(|(n, _)| n.clone()))
            .collect();
        let grids: Vec<String> = self
            .vars
            .iter()
            .filter(|v| matches!(v.shape, Shape::Grid { .. }))
            .map(|v| v.name.clone())
            .collect();
        let text = match self.int_in(0, 7) {
            7 if !grids.is_empty() => {
                let g = self.pick(&grids).cloned().unwrap_or_default();
                let f = if self.chance(0.5) { "rows" } else { "cols" };
                local.indexes = Some(format!("{g}#{f}"));
                format!("{f}({g})")
            }
            0 if !arrays.is_empty() => {
                let a = self.pick(&arrays).cloned().unwrap_or_default();
                local.indexes = Some(a.clone());
                format!("indices({a})")
            }
            1 => {
                local.player = true;
                "players".into()
            }
            2 if self.cfg.extreme => {
                // Near an end of 64 bits, where a loop's counter can overflow.
                let ends = ["9223372036854775807", "(-9223372036854775807 - 1)"];
                let end = self.pick(&ends).copied().unwrap_or("0");
                let k = self.int_in(0, 3);
                if end.starts_with('9') {
                    format!("({end} - {k})..={end}")
                } else {
                    format!("{end}..=({end} + {k})")
                }
            }
            3 if self.cfg.extreme => format!("{}..={}", self.literal(), self.literal()),
            4 => format!("{}..{}", self.int(d.min(1)), self.int(d.min(1))),
            _ => format!("{}..={}", self.int(d.min(1)), self.int(d.min(1))),
        };
        (text, local)
    }
}
