//! Random statements and move families. Assignments are mostly written so they stay in range
//! (a remainder into the range, or an `if` that checks the new value first) and sometimes plainly,
//! so that an out-of-range write is a possible run-time error, not the usual one.

use super::scope::{Gen, Local, Shape, Var};
use rand::Rng;

impl<R: Rng> Gen<'_, R> {
    /// A block's statements, indented.
    /// Some statements are preceded by a `let`, whose name the rest of the block may use.
    pub fn block(&mut self, n: usize, depth: u32, indent: usize) -> String {
        let mut out = String::new();
        let before = self.locals.len();
        let runs_before = self.run_locals.len();
        for _ in 0..n {
            if (indent > 4 || self.top_lets) && self.chance(0.05) {
                out.push_str(&self.run_let(indent));
            }
            if (indent > 4 || self.top_lets) && self.chance(0.15) {
                let name = self.fresh("v");
                let e = self.expr_depth();
                let value = self.int(e);
                out.push_str(&format!("{}let {name} = {value}\n", " ".repeat(indent)));
                self.locals.push(Local {
                    name,
                    indexes: None,
                    player: false,
                });
            }
            let s = self.stmt(depth, indent);
            out.push_str(&s);
        }
        self.locals.truncate(before);
        self.run_locals.truncate(runs_before);
        out
    }

    fn stmt(&mut self, depth: u32, indent: usize) -> String {
        let pad = " ".repeat(indent);
        let e = self.expr_depth();
        match self.int_in(0, 9) {
            0 | 1 if depth > 0 => {
                let c = self.cond(e);
                let n = self.int_in(1, 2);
                let then = self.block(n as usize, depth - 1, indent + 2);
                let mut s = format!("{pad}if {c} {{\n{then}{pad}}}");
                if self.chance(0.5) {
                    if self.chance(0.3) {
                        let c2 = self.cond(e);
                        let b = self.block(1, depth - 1, indent + 2);
                        s.push_str(&format!(" else if {c2} {{\n{b}{pad}}}"));
                    }
                    let other = self.block(1, depth - 1, indent + 2);
                    s.push_str(&format!(" else {{\n{other}{pad}}}"));
                }
                s.push('\n');
                s
            }
            // `next mover = K` names who moves next (now and then no player: a fault).
            2 if self.profile.again && self.chance(0.3) => {
                format!("{pad}next mover = {}\n", self.player(e))
            }
            2 if self.profile.again => format!("{pad}again\n"),
            // A roll during play (an empty line when no variable holds numbers).
            6 if self.profile.rolls && self.chance(0.5) => match self.roll() {
                r if r.is_empty() => r,
                r => format!("{pad}{r}"),
            },
            5 if depth > 0 && self.chance(0.5) => {
                if self.chance(0.3) {
                    if let Some(s) = self.lines_loop(depth - 1, indent) {
                        return s;
                    }
                }
                let (dom, local) = self.domain(e);
                let name = local.name.clone();
                self.locals.push(local);
                let cond = match self.chance(0.5) {
                    true => format!(" where {}", self.cond(e)),
                    false => String::new(),
                };
                let n = self.int_in(1, 2);
                let body = self.block(n as usize, depth - 1, indent + 2);
                self.locals.pop();
                format!("{pad}for {name} in {dom}{cond} {{\n{body}{pad}}}\n")
            }
            // Statements may end with `;` and be followed by a comment.
            k @ (3 | 4) => {
                let a = self.assignment(&pad, e);
                match (a.trim_end(), k) {
                    ("", _) => a,
                    (a, 3) => format!("{a};\n"),
                    (a, _) => format!("{a}  // a comment\n"),
                }
            }
            _ => self.assignment(&pad, e),
        }
    }

    /// An assignment to some variable (never the step counter).
    fn assignment(&mut self, pad: &str, e: u32) -> String {
        let targets: Vec<Var> = self.vars.iter().filter(|v| !v.clock).cloned().collect();
        let Some(v) = self.pick(&targets).cloned() else {
            return String::new();
        };
        let place = match v.shape {
            Shape::Scalar => v.name.clone(),
            _ => self.element(&v, 1),
        };
        if v.is_bool {
            let c = self.cond(e);
            return format!("{pad}{place} = {c}\n");
        }
        if let Some(vs) = &v.values {
            let value = self.enum_expr(vs, e);
            return format!("{pad}{place} = {value}\n");
        }
        let value = self.int(e);
        let (lo, hi) = (v.lo.clone(), v.hi.clone());
        let ops = ["+=", "-=", "*=", "="];
        let op = self.pick(&ops).copied().unwrap_or("=");
        if self.chance(0.05) || self.cfg.extreme {
            return format!("{pad}{place} {op} {value}\n");
        }
        if self.chance(0.5) {
            // A remainder lands in the range whatever the value (Euclidean `%` is never negative).
            return format!("{pad}{place} = ({value} % (({hi}) - ({lo}) + 1)) + ({lo})\n");
        }
        let new = match op {
            "+=" => format!("{place} + {value}"),
            "-=" => format!("{place} - {value}"),
            "*=" => format!("{place} * {value}"),
            _ => value.clone(),
        };
        let otherwise = if self.chance(0.5) {
            format!(" else {{ {place} = {lo} }}")
        } else {
            String::new()
        };
        format!(
            "{pad}if ({lo}) <= ({new}) and ({new}) <= ({hi}) {{ {place} {op} {value} }}{otherwise}\n"
        )
    }

    /// How deep expressions go.
    pub fn expr_depth(&mut self) -> u32 {
        if self.cfg.extreme {
            self.int_in(0, 7) as u32
        } else {
            self.int_in(0, 2) as u32
        }
    }

    /// A move family: parameters (later ones may depend on earlier ones), guard, label, body.
    pub fn move_decl(&mut self) -> String {
        let name = self.fresh("m");
        let mut params = Vec::new();
        // A simultaneous move has two parameters (now and then another count, which the checker
        // refuses); the second mostly does not range over the first (else `choices_depend`).
        let together = self.profile.together;
        let count = match together {
            true if self.chance(0.03) => self.int_in(0, 3),
            true => 2,
            false => self.int_in(0, 2),
        };
        for k in 0..count {
            let k = if together && self.chance(0.9) { 0 } else { k };
            let (dom, mut local) = self.param_domain(k);
            local.name = self.fresh("n");
            params.push(format!("{} in {dom}", local.name));
            self.locals.push(local);
        }
        // Now and then a parameter over an enumeration written in place, shown by its label.
        let word = (!together && self.chance(0.15)).then(|| {
            let w = self.fresh("w");
            let values: Vec<String> = (0..self.int_in(1, 3)).map(|_| self.fresh("u")).collect();
            let written: Vec<String> = (values.iter())
                .map(|v| match self.chance(0.4) {
                    true => format!("{v} \"{}\"", v.to_uppercase()),
                    false => v.clone(),
                })
                .collect();
            params.push(format!("{w} in {{{}}}", written.join(", ")));
            (w, values)
        });
        let mut guard = Vec::new();
        if let Some((w, values)) = &word {
            if self.chance(0.5) {
                let op = if self.chance(0.5) { "==" } else { "!=" };
                let v = self.pick(values).cloned().unwrap_or_default();
                guard.push(format!("{w} {op} {v}"));
            }
        }
        let clock = self.vars.iter().find(|v| v.clock).cloned();
        if let Some(c) = &clock {
            guard.push(format!("{} < {}", c.name, c.hi));
        }
        if self.chance(0.6) {
            let e = self.expr_depth();
            guard.push(self.cond(e));
        }
        let mut body = String::new();
        if let Some(c) = &clock {
            body.push_str(&format!("    {} += 1\n", c.name));
        }
        if self.chance(0.3) {
            body.push_str(&self.plain_body(&mut guard));
        } else {
            let n = self.int_in(1, 3);
            let depth = if self.cfg.extreme { 4 } else { 2 };
            body.push_str(&self.block(n as usize, depth, 4));
        }
        let mut label = match self.chance(0.4) {
            true => Some(self.label(&name)),
            false => None,
        };
        if let (Some(l), Some((w, _))) = (&mut label, &word) {
            if self.chance(0.9) {
                l.insert_str(l.len() - 1, &format!(" {{{w}}}"));
            }
        }
        self.locals.clear();
        let keyword = if together { "together" } else { "move" };
        let mut head = format!("  {keyword} {name}");
        if !params.is_empty() || together || self.chance(0.2) {
            head.push_str(&format!("({})", params.join(", ")));
        }
        let guard = (!guard.is_empty()).then(|| format!(" if {}", guard.join(" and ")));
        let (first, second) = if self.chance(0.5) {
            (label, guard)
        } else {
            (guard, label)
        };
        format!(
            "{head}{}{} {{\n{body}  }}\n",
            first.unwrap_or_default(),
            second.unwrap_or_default()
        )
    }

    /// ` as "..."`: the move's name and its parameters, each mostly as itself, sometimes as an
    /// expression (which may fail, or give two moves one label), with now and then a square's
    /// name or a value of the state.
    fn label(&mut self, name: &str) -> String {
        let names: Vec<String> = self.locals.iter().map(|l| l.name.clone()).collect();
        let mut parts = Vec::new();
        for n in &names {
            parts.push(match self.int_in(0, 19) {
                0..=13 => format!("{{{n}}}"),
                14 | 15 => format!("{{{n} + {}}}", self.int_in(1, 3)),
                16 => format!("{{{n} % 2}}"),
                17 => format!("{{{n} == {}}}", self.int(1)),
                _ => format!("{{{}}}", self.int(1)),
            });
        }
        if let [a, b] = &names[..] {
            if self.chance(0.15) {
                parts = vec![format!("{{square({a}, {b})}}")];
            }
        }
        if self.chance(0.1) {
            let e = if self.chance(0.5) {
                self.int(1)
            } else {
                self.cond(1)
            };
            parts.push(format!("{{{e}}}"));
        }
        if let Some(vs) = self.enum_vars().first().and_then(|v| v.values.clone()) {
            if self.chance(0.1) {
                parts.push(format!("{{{}}}", self.enum_expr(&vs, 1)));
            }
        }
        let sep = if self.chance(0.05) { "" } else { " and " };
        format!(" as \"{name} {}\"", parts.join(sep))
    }

    /// The `k`-th parameter's range: fixed, over indices or players, or depending on the state
    /// and the parameters before it.
    fn param_domain(&mut self, k: i64) -> (String, Local) {
        let earlier: Vec<Local> = self.locals.clone();
        if k > 0 && self.chance(0.5) {
            if let Some(p) = self.pick(&earlier).cloned() {
                let local = Local {
                    name: String::new(),
                    indexes: None,
                    player: false,
                };
                let arrays = self.indexed(false);
                let hi = match p.indexes.as_ref().and_then(|a| {
                    arrays
                        .iter()
                        .find(|v| &v.name == a && v.shape != Shape::PerPlayer)
                }) {
                    Some(v) => format!("{}[{}]", v.name, p.name),
                    None => p.name.clone(),
                };
                let text = if self.chance(0.5) {
                    format!("1..={hi}")
                } else {
                    format!("{}..{hi}", self.int_in(-1, 1))
                };
                return (text, local);
            }
        }
        if self.chance(0.2) {
            if let Some(v) = self.pick(&self.int_scalars()) {
                let local = Local {
                    name: String::new(),
                    indexes: None,
                    player: false,
                };
                return (format!("{}..={}", v.lo, v.name), local);
            }
        }
        if self.cfg.extreme && self.chance(0.3) {
            let (d, l) = self.domain(3);
            return (d, l);
        }
        self.domain(0)
    }

    /// One or two plain assignments (`x op= v`, `a[i] op= v` with `i` a parameter, `v` a number,
    /// a parameter or a variable): the bodies the engine runs by a faster path. The guard checks
    /// that each new value is in range, except now and then.
    fn plain_body(&mut self, guard: &mut Vec<String>) -> String {
        let mut targets: Vec<(String, Var)> = Vec::new();
        for v in self.vars.iter().filter(|v| !v.clock) {
            match &v.shape {
                Shape::Scalar => targets.push((v.name.clone(), v.clone())),
                Shape::Array(_) => {
                    let over = self
                        .locals
                        .iter()
                        .find(|l| l.indexes.as_ref() == Some(&v.name));
                    if let Some(l) = over {
                        targets.push((format!("{}[{}]", v.name, l.name), v.clone()));
                    }
                }
                Shape::PerPlayer | Shape::Grid { .. } => {}
            }
        }
        let mut body = String::new();
        for _ in 0..self.int_in(1, 2) {
            if targets.is_empty() {
                break;
            }
            let (place, v) = targets.remove(self.rng.gen_range(0..targets.len()));
            let (op, value) = self.plain_value(&v);
            if !v.is_bool && v.values.is_none() && !self.chance(0.05) {
                let new = match op {
                    "=" => value.clone(),
                    _ => format!("{place} {} {value}", &op[..1]),
                };
                guard.push(format!("{} <= {new} and {new} <= {}", v.lo, v.hi));
            }
            body.push_str(&format!("    {place} {op} {value}\n"));
        }
        body
    }

    /// An operator and a plain value for a target: a literal, a parameter or a scalar variable.
    fn plain_value(&mut self, v: &Var) -> (&'static str, String) {
        if let Some(vs) = &v.values {
            return ("=", self.pick(vs).cloned().unwrap_or_default());
        }
        if v.is_bool {
            let bools: Vec<String> = self.bool_scalars().into_iter().map(|b| b.name).collect();
            return match self.pick(&bools) {
                Some(b) if self.chance(0.5) => ("=", b.clone()),
                _ => ("=", self.chance(0.5).to_string()),
            };
        }
        let op = *self.pick(&["=", "+=", "-=", "*="]).unwrap_or(&"=");
        let locals: Vec<String> = self.locals.iter().map(|l| l.name.clone()).collect();
        let ints: Vec<String> = self.int_scalars().into_iter().map(|v| v.name).collect();
        let value = match self.int_in(0, 2) {
            0 if !locals.is_empty() => self.pick(&locals).cloned().unwrap_or_default(),
            1 if !ints.is_empty() => self.pick(&ints).cloned().unwrap_or_default(),
            _ => self.int_in(0, 3).to_string(),
        };
        (op, value)
    }
}
