//! Runs of a grid's cells in random games: `lines(G, k)` in comprehensions and `for` loops,
//! `cells(G)`, `neighbours(G, r, c)` and `orthogonal(G, r, c)`, a line or run indexed (`l[j]`)
//! and counted (`len(l)`), and definitions taking a run. Rows and columns are usually on the
//! board and lengths at least 1, now and then not.

use super::scope::{Gen, Local, Shape, Var};
use rand::Rng;

/// A name bound to a run (a line of `lines`, a `let`, a definition's parameter) and its grid.
#[derive(Clone, Debug)]
pub(super) struct RunLocal {
    pub name: String,
    pub grid: String,
}

/// A definition over a run of grid `grid`: `def NAME(l) = count/any/all(v in l where ...)`.
#[derive(Clone, Debug)]
pub(super) struct RunDef {
    pub name: String,
    pub grid: String,
    pub gives_bool: bool,
}

impl<R: Rng> Gen<'_, R> {
    pub(super) fn grids(&self) -> Vec<Var> {
        self.vars
            .iter()
            .filter(|v| matches!(v.shape, Shape::Grid { .. }))
            .cloned()
            .collect()
    }

    /// The length of `lines(G, k)`: usually 1 to 3 or an option, now and then 0 or huge.
    fn line_length(&mut self) -> String {
        if self.cfg.extreme && self.chance(0.3) {
            return self.literal();
        }
        let opts: Vec<String> = self.int_opts.iter().map(|(n, _)| n.clone()).collect();
        match self.int_in(0, 9) {
            0 if !opts.is_empty() => self.pick(&opts).cloned().unwrap_or_default(),
            1 if self.chance(0.1) => "0".into(),
            2 => "4".into(),
            k => (1 + k % 3).to_string(),
        }
    }

    /// A row or column of `g` (`rows` or `cols`): usually on the board.
    fn coordinate(&mut self, g: &Var, row: bool, d: u32) -> String {
        let Shape::Grid { cols, rows } = g.shape else {
            return "0".into();
        };
        let n = if row { rows } else { cols };
        let key = format!("{}#{}", g.name, if row { "rows" } else { "cols" });
        let over: Vec<String> = self
            .locals
            .iter()
            .filter(|l| l.indexes.as_deref() == Some(key.as_str()))
            .map(|l| l.name.clone())
            .collect();
        if !over.is_empty() && self.chance(0.6) {
            return self.pick(&over).cloned().unwrap_or_default();
        }
        if self.chance(0.05) || self.cfg.extreme {
            return self.int(d.min(1));
        }
        format!("({} % {n})", self.int(d.min(1)))
    }

    /// A run of grid `g`: all its cells, a cell's neighbours, or a run bound to a name.
    fn run_of(&mut self, g: &Var, d: u32) -> String {
        let bound: Vec<String> = self
            .run_locals
            .iter()
            .filter(|l| l.grid == g.name)
            .map(|l| l.name.clone())
            .collect();
        match self.int_in(0, 4) {
            0 | 1 if !bound.is_empty() => self.pick(&bound).cloned().unwrap_or_default(),
            2 => format!("cells({})", g.name),
            k => {
                let f = if k == 3 { "neighbours" } else { "orthogonal" };
                let r = self.coordinate(g, true, d);
                let c = self.coordinate(g, false, d);
                format!("{f}({}, {r}, {c})", g.name)
            }
        }
    }

    /// A condition on the value `v` of one of `g`'s cells: compared with one value (which the
    /// engine reads once per run) or something more.
    fn cell_cond(&mut self, g: &Var, v: &str, d: u32) -> String {
        let plain = if let Some(values) = g.values.clone() {
            let op = if self.chance(0.7) { "==" } else { "!=" };
            let x = self.enum_expr(&values, d.min(1));
            if self.chance(0.5) {
                format!("{v} {op} {x}")
            } else {
                format!("{x} {op} {v}")
            }
        } else if g.is_bool {
            match self.int_in(0, 2) {
                0 => v.to_string(),
                1 => format!("{v} == {}", self.cond(d.min(1))),
                _ => format!("not {v}"),
            }
        } else {
            let ops = ["==", "!=", "<", "<=", ">", ">="];
            let op = self.pick(&ops).copied().unwrap_or("==");
            format!("{v} {op} {}", self.int(d.min(1)))
        };
        if self.chance(0.2) {
            let c = self.cond(d.min(1));
            return format!("({plain}) and {c}");
        }
        plain
    }

    /// `FOLD(v in RUN where C)` over one run of `g`, where `v` is a fresh name.
    fn over_cells(&mut self, fold: &str, g: &Var, run: &str, d: u32) -> String {
        let v = self.fresh("c");
        let pushed = !g.is_bool && g.values.is_none();
        if pushed {
            self.locals.push(Local {
                name: v.clone(),
                indexes: None,
                player: false,
            });
        }
        let c = self.cell_cond(g, &v, d);
        if pushed {
            self.locals.pop();
        }
        format!("{fold}({v} in {run} where {c})")
    }

    /// A condition over runs, if the game has a grid.
    pub(super) fn run_cond(&mut self, d: u32) -> Option<String> {
        let g = self.pick(&self.grids()).cloned()?;
        let fold = if self.chance(0.5) { "any" } else { "all" };
        Some(match self.int_in(0, 4) {
            0 | 1 => {
                // n in a row: over the lines, a condition on each line's cells.
                let l = self.fresh("l");
                let k = self.line_length();
                self.run_locals.push(RunLocal {
                    name: l.clone(),
                    grid: g.name.clone(),
                });
                let inner = match self.int_in(0, 3) {
                    0 => self.indexed_cell(&g, &l, d),
                    _ => {
                        let f = if self.chance(0.7) { "all" } else { "any" };
                        self.over_cells(f, &g, &l, d)
                    }
                };
                self.run_locals.pop();
                format!("{fold}({l} in lines({}, {k}) where {inner})", g.name)
            }
            2 => self
                .run_call_def(&g, true, d)
                .unwrap_or_else(|| "true".into()),
            _ => {
                let run = self.run_of(&g, d);
                self.over_cells(fold, &g, &run, d)
            }
        })
    }

    /// A condition on one cell of a run, by its place: `l[0] == x`, `l[1]`, `l[0] < 3`.
    fn indexed_cell(&mut self, g: &Var, run: &str, d: u32) -> String {
        let j = if self.chance(0.7) {
            "0".to_string()
        } else {
            format!("({} % len({run}))", self.int(d.min(1)))
        };
        let cell = format!("{run}[{j}]");
        self.cell_cond(g, &cell, d)
    }

    /// A number from runs, if the game has a grid: a count, a length, a cell of a numbers grid.
    pub(super) fn run_int(&mut self, d: u32) -> Option<String> {
        let g = self.pick(&self.grids()).cloned()?;
        Some(match self.int_in(0, 4) {
            0 => {
                let run = self.run_of(&g, d);
                self.over_cells("count", &g, &run, d)
            }
            1 => format!("len({})", self.run_of(&g, d)),
            2 if !g.is_bool && g.values.is_none() => {
                let run = self.run_of(&g, d);
                let j = format!("({} % len({run}))", self.int(d.min(1)));
                format!("{run}[{j}]")
            }
            3 => self
                .run_call_def(&g, false, d)
                .unwrap_or_else(|| "0".into()),
            _ => {
                let l = self.fresh("l");
                let k = self.line_length();
                self.run_locals.push(RunLocal {
                    name: l.clone(),
                    grid: g.name.clone(),
                });
                let c = self.over_cells("any", &g, &l, d);
                self.run_locals.pop();
                format!("count({l} in lines({}, {k}) where {c})", g.name)
            }
        })
    }

    /// A call of a definition over a run of `g` giving a condition or a number, if one exists.
    fn run_call_def(&mut self, g: &Var, gives_bool: bool, d: u32) -> Option<String> {
        let fits: Vec<RunDef> = self
            .run_defs
            .iter()
            .filter(|f| f.grid == g.name && f.gives_bool == gives_bool)
            .cloned()
            .collect();
        let f = self.pick(&fits).cloned()?;
        let run = self.run_of(g, d);
        Some(format!("{}({run})", f.name))
    }

    /// Perhaps a definition over a run of one of the grids.
    pub(super) fn run_def(&mut self) -> Option<String> {
        let g = self.pick(&self.grids()).cloned()?;
        let name = self.fresh("f");
        let param = self.fresh("a");
        let gives_bool = self.chance(0.6);
        let fold = match (gives_bool, self.chance(0.5)) {
            (false, _) => "count",
            (true, true) => "all",
            (true, false) => "any",
        };
        self.run_locals.push(RunLocal {
            name: param.clone(),
            grid: g.name.clone(),
        });
        let body = self.over_cells(fold, &g, &param, 1);
        self.run_locals.pop();
        self.run_defs.push(RunDef {
            name: name.clone(),
            grid: g.name.clone(),
            gives_bool,
        });
        Some(format!("  def {name}({param}) = {body}\n"))
    }

    /// `for l in lines(G, k) [where C] { ... }`, if the game has a grid: `l` is a run in the body.
    pub(super) fn lines_loop(&mut self, depth: u32, indent: usize) -> Option<String> {
        let g = self.pick(&self.grids()).cloned()?;
        let pad = " ".repeat(indent);
        let l = self.fresh("l");
        let k = self.line_length();
        self.run_locals.push(RunLocal {
            name: l.clone(),
            grid: g.name.clone(),
        });
        let cond = match self.chance(0.6) {
            true => format!(" where {}", self.indexed_cell(&g, &l, 1)),
            false => String::new(),
        };
        let n = self.int_in(1, 2);
        let body = self.block(n as usize, depth, indent + 2);
        self.run_locals.pop();
        Some(format!(
            "{pad}for {l} in lines({}, {k}){cond} {{\n{body}{pad}}}\n",
            g.name
        ))
    }

    /// Perhaps `let NAME = RUN`: a run for the rest of the block.
    pub(super) fn run_let(&mut self, indent: usize) -> String {
        let Some(g) = self.pick(&self.grids()).cloned() else {
            return String::new();
        };
        let name = self.fresh("r");
        let run = self.run_of(&g, 1);
        self.run_locals.push(RunLocal {
            name: name.clone(),
            grid: g.name.clone(),
        });
        format!("{}let {name} = {run}\n", " ".repeat(indent))
    }
}
