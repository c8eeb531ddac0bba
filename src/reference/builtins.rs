//! The built-in functions (`sum`, `min`, `max`, `len`, `abs`), `count`/`any`/`all`, and what a
//! parameter, comprehension or roll ranges over (`LO..=HI`, `LO..HI`, `indices(a)`, `players`).

use super::eval::{invalid, overflow, Ctx, Val};
use super::{Fault, FaultKind, Shape, MAX_RANGE, MAX_STEPS, R};
use crate::syntax::ast::{Comprehension, Domain, Expr, ExprKind, RangeKind};

impl Ctx<'_> {
    /// The values of a list or of a whole array.
    fn values_of(&self, v: &Val) -> R<Vec<i64>> {
        match v {
            Val::List(vs) => Ok(vs.clone()),
            Val::Whole(name) => self
                .pos
                .vars
                .get(name)
                .cloned()
                .ok_or_else(|| invalid(name.as_str())),
            other => Err(invalid(format!("{other:?} is not an array or list"))),
        }
    }

    pub(super) fn call(&mut self, func: &str, args: &[Expr]) -> R<Val> {
        if let Some(run) = self.run_call(func, args)? {
            return Ok(run);
        }
        match (func, args) {
            ("min" | "max", [one]) => match self.value(one)? {
                Val::Int(v) => Ok(Val::Int(v)),
                whole => {
                    let vs = self.values_of(&whole)?;
                    let m = if func == "min" {
                        vs.iter().min()
                    } else {
                        vs.iter().max()
                    };
                    m.map(|v| Val::Int(*v))
                        .ok_or_else(|| invalid(format!("{func} of nothing")))
                }
            },
            ("sum", [one]) => {
                let whole = self.value(one)?;
                let mut total: i64 = 0;
                for v in self.values_of(&whole)? {
                    total = total
                        .checked_add(v)
                        .ok_or_else(|| overflow(&format!("a sum ({total} + {v})")))?;
                }
                Ok(Val::Int(total))
            }
            ("len", [one]) => {
                let n = match self.value(one)? {
                    Val::Run { cells, .. } => cells.len(),
                    whole => self.values_of(&whole)?.len(),
                };
                Ok(Val::Int(n as i64))
            }
            ("abs", [one]) => {
                let v = self.int(one)?;
                v.checked_abs()
                    .map(Val::Int)
                    .ok_or_else(|| overflow(&format!("abs({v})")))
            }
            ("min" | "max", many) if many.len() >= 2 => {
                let mut vs = Vec::new();
                for a in many {
                    vs.push(self.int(a)?);
                }
                let m = if func == "min" {
                    vs.iter().min()
                } else {
                    vs.iter().max()
                };
                m.map(|v| Val::Int(*v)).ok_or_else(|| invalid(func))
            }
            _ => Err(invalid(format!("`{func}` with {} arguments", args.len()))),
        }
    }

    /// `count(x in D where C)`: how many values of D satisfy C; `any` and `all` stop at the
    /// first value that decides them.
    pub(super) fn comprehension(&mut self, func: &str, comp: &Comprehension) -> R<Val> {
        if let Some(values) = self.bound_values(&comp.domain)? {
            return self.fold_values(func, comp, values);
        }
        let (lo, hi) = self.domain(&comp.domain)?;
        let size = u64::try_from(i128::from(hi) - i128::from(lo) + 1).unwrap_or(0);
        let outer = self.scale;
        let steps = u128::from(outer) * u128::from(size);
        if steps > u128::from(MAX_STEPS) {
            return Err(Fault::new(
                FaultKind::TooWide,
                format!("{size} steps for each of {outer} values around"),
            ));
        }
        let mut count: i64 = 0;
        // `last` looks from the top of the range down: the first it finds is the last.
        let values: Box<dyn Iterator<Item = i64>> = if func == "last" {
            Box::new((lo..=hi).rev())
        } else {
            Box::new(lo..=hi)
        };
        for v in values {
            self.locals.push((comp.var.name.clone(), Val::Int(v)));
            self.scale = steps as u64;
            let holds = self.truth(&comp.cond);
            self.scale = outer;
            self.locals.pop();
            let holds = holds?;
            match func {
                "any" if holds => return Ok(Val::Bool(true)),
                "all" if !holds => return Ok(Val::Bool(false)),
                "first" | "last" if holds => return Ok(Val::Int(v)),
                _ => count += i64::from(holds),
            }
        }
        match func {
            "count" => Ok(Val::Int(count)),
            "any" => Ok(Val::Bool(false)),
            "all" => Ok(Val::Bool(true)),
            "first" | "last" => Err(Fault::new(
                FaultKind::NoValue,
                format!("no value meets the condition of `{func}`"),
            )),
            other => Err(invalid(format!("`{other}` is not count, any or all"))),
        }
    }

    /// `count`/`any`/`all`/`first`/`last` over listed values (runs, or a run's cells' values),
    /// bounded as over a range.
    fn fold_values(&mut self, func: &str, comp: &Comprehension, mut values: Vec<Val>) -> R<Val> {
        let size = values.len() as u64;
        let outer = self.scale;
        let steps = u128::from(outer) * u128::from(size);
        if steps > u128::from(MAX_STEPS) {
            return Err(Fault::new(
                FaultKind::TooWide,
                format!("{size} steps for each of {outer} values around"),
            ));
        }
        if func == "last" {
            values.reverse();
        }
        let mut count: i64 = 0;
        for v in values {
            self.locals.push((comp.var.name.clone(), v.clone()));
            self.scale = steps as u64;
            let holds = self.truth(&comp.cond);
            self.scale = outer;
            self.locals.pop();
            let holds = holds?;
            match func {
                "any" if holds => return Ok(Val::Bool(true)),
                "all" if !holds => return Ok(Val::Bool(false)),
                "first" | "last" if holds => return Ok(v),
                _ => count += i64::from(holds),
            }
        }
        match func {
            "count" => Ok(Val::Int(count)),
            "any" => Ok(Val::Bool(false)),
            "all" => Ok(Val::Bool(true)),
            "first" | "last" => Err(Fault::new(
                FaultKind::NoValue,
                format!("no value meets the condition of `{func}`"),
            )),
            other => Err(invalid(format!("`{other}` is not count, any or all"))),
        }
    }

    /// The inclusive bounds of what a domain ranges over (empty when `lo > hi`), refusing one of
    /// more than `MAX_RANGE` values.
    pub fn domain(&mut self, d: &Domain) -> R<(i64, i64)> {
        let (lo, hi) = match d {
            Domain::Range(r) => {
                let lo = self.int(&r.lo)?;
                let hi = self.int(&r.hi)?;
                let hi = match r.kind {
                    RangeKind::Inclusive => hi,
                    RangeKind::Exclusive => hi
                        .checked_sub(1)
                        .ok_or_else(|| overflow(&format!("{hi} - 1")))?,
                };
                (lo, hi)
            }
            // A parameter's enumeration: its values by position (bound by name, `expand`).
            Domain::Enum(values, _) => (0, values.len() as i64 - 1),
            Domain::Expr(e) => match &e.kind {
                ExprKind::Players => (1, i64::from(self.game.players)),
                ExprKind::Call { func, args }
                    if matches!(func.name.as_str(), "rows" | "cols") && args.len() == 1 =>
                {
                    let Val::Whole(name) = self.value(&args[0])? else {
                        return Err(invalid("rows/cols of something that is not a grid"));
                    };
                    let var = self.game.var(&name).ok_or_else(|| invalid(name.clone()))?;
                    let Shape::Grid { cols } = var.shape else {
                        return Err(invalid(format!("`{name}` is not a grid")));
                    };
                    let n = if func.name == "rows" {
                        var.init.len() / cols
                    } else {
                        cols
                    };
                    (0, n as i64 - 1)
                }
                ExprKind::Call { func, args } if func.name == "indices" && args.len() == 1 => {
                    let whole = self.value(&args[0])?;
                    (0, self.values_of(&whole)?.len() as i64 - 1)
                }
                _ => return Err(invalid("a domain that is not a range, indices or players")),
            },
        };
        let size = i128::from(hi) - i128::from(lo) + 1;
        if size > MAX_RANGE {
            return Err(Fault::new(
                FaultKind::TooWide,
                format!("{lo}..={hi} has {size} values"),
            ));
        }
        Ok((lo, hi))
    }
}
