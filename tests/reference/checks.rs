//! The differential checks, position by position: a reference position is mapped to the engine's
//! number for it, and everything the two know about it must agree.

use crate::compare::{code_of, engine_kind, value_of};
use gamec::engine::{Branch, Engine, Expand, Rel};
use gamec::reference::{self as rf, Position};
use gamec::rules::Rules;
use gamec::solve::{Solution, SolveError};
use num_rational::BigRational;
use std::collections::BTreeMap;

/// The reference's graph with every position's engine number.
pub struct Mapped<'a> {
    pub engine: &'a Engine<'a>,
    pub graph: &'a rf::Graph,
    pub codes: Vec<u64>,
}

impl<'a> Mapped<'a> {
    pub fn new(
        engine: &'a Engine<'a>,
        rules: &Rules,
        graph: &'a rf::Graph,
    ) -> Result<Self, String> {
        let codes = graph
            .positions
            .iter()
            .map(|p| code_of(engine, rules, p))
            .collect::<Result<_, _>>()?;
        Ok(Mapped {
            engine,
            graph,
            codes,
        })
    }

    fn describe(&self, i: usize) -> String {
        format!("{:?}", self.graph.positions[i])
    }

    /// The same starting positions with the same probabilities (summed per position).
    pub fn starts(&self, starts: &[Branch]) -> Result<(), String> {
        let mut ours: BTreeMap<u64, BigRational> = BTreeMap::new();
        for (i, p) in &self.graph.starts {
            *ours.entry(self.codes[*i]).or_default() += p;
        }
        let mut theirs: BTreeMap<u64, BigRational> = BTreeMap::new();
        for b in starts {
            *theirs.entry(b.code).or_default() += &b.prob;
        }
        if ours != theirs {
            return Err(format!("starts: reference {ours:?}, engine {theirs:?}"));
        }
        Ok(())
    }

    /// Every position fails with the same kind of fault as in the engine, or ends by the same
    /// rule with the same outcome, or has the same moves (labels, children, `again`) in order.
    pub fn steps(&self) -> Result<(), String> {
        for (i, step) in self.graph.steps.iter().enumerate() {
            let same = match (step, self.engine.moves_of(self.codes[i])) {
                (rf::Step::Fault(x), Err(f)) => engine_kind(x.kind) == Some(f.error.kind),
                (rf::Step::End(r, k, m), Ok((Expand::End { rel, rule, margin }, _))) => {
                    rule == *k && rel == rel_of(*r) && margin == *m
                }
                (rf::Step::Moves(ours), Ok((Expand::Moves, moves))) => {
                    let ours: Vec<(String, u64, bool)> = ours
                        .iter()
                        .map(|(_, _, c, kept, label)| (label.clone(), self.codes[*c], *kept))
                        .collect();
                    let theirs: Vec<(String, u64, bool)> = moves
                        .into_iter()
                        .map(|(l, c)| (l, c.code, c.kept))
                        .collect();
                    ours == theirs
                }
                _ => false,
            };
            if !same {
                let theirs = self.engine.moves_of(self.codes[i]);
                return Err(format!(
                    "at {}: the reference has {step:?}, the engine {theirs:?}",
                    self.describe(i)
                ));
            }
        }
        Ok(())
    }

    /// The engine failed at a position (or did not fail): the reference must have found a fault
    /// of the same kind at that position (or none anywhere).
    pub fn faults(
        &self,
        faults: &[(Position, rf::Fault)],
        err: Option<SolveError>,
        which: &str,
    ) -> Result<String, String> {
        let (f, code) = match err {
            Some(SolveError::Fault(f, code)) => (f, code),
            None => {
                return Err(format!(
                    "{which} succeeds; the reference finds faults: {faults:?}"
                ))
            }
            Some(other) => return Err(format!("{which}: {other:?}")),
        };
        // With symmetries the engine meets a fault at its class's canonical position: the
        // reference must have one of the same kind somewhere in the class.
        let class = self.engine.canonical(code);
        let alike = |i: &usize| self.engine.canonical(self.codes[*i]) == class;
        let here: Vec<&rf::Fault> = (0..self.codes.len())
            .filter(alike)
            .filter_map(|i| match &self.graph.steps[i] {
                rf::Step::Fault(x) => Some(x),
                _ => None,
            })
            .chain(
                self.graph
                    .broken
                    .iter()
                    .filter(|(i, _)| alike(i))
                    .map(|(_, f)| f),
            )
            .collect();
        match here
            .iter()
            .find(|x| engine_kind(x.kind) == Some(f.error.kind))
        {
            Some(x) => Ok(format!("{:?}", x.kind)),
            None => Err(format!(
                "{which} fails with {:?} ({}) at {}; the reference's faults there: {here:?}",
                f.error.kind,
                f.error.message,
                self.engine.describe(&self.engine.decode(code)),
            )),
        }
    }

    /// Every reference position has the engine's value, remoteness and Grundy value; positions
    /// the engine merges (whose turn it is, when no rule asks) have equal values in the
    /// reference; the engine has exactly as many positions as the reference's map to.
    pub fn values(&self, solved: &rf::Solved, s: &Solution, which: &str) -> Result<(), String> {
        let mut seen: BTreeMap<u64, usize> = BTreeMap::new();
        for (i, &code) in self.codes.iter().enumerate() {
            // Positions alike by symmetry are one position to the engine.
            let class = self.engine.canonical(code);
            let margin = |i: usize| solved.margin.as_ref().map(|m| m[i]);
            let want = (value_of(solved.value[i]), solved.remoteness[i]);
            if let Some(&j) = seen.get(&class) {
                let other = (value_of(solved.value[j]), solved.remoteness[j]);
                if margin(i) != margin(j) {
                    return Err(format!(
                        "the engine merges {} (margin {:?}) and {} (margin {:?})",
                        self.describe(i),
                        margin(i),
                        self.describe(j),
                        margin(j)
                    ));
                }
                if other != want {
                    return Err(format!(
                        "the engine merges {} ({want:?}) and {} ({other:?})",
                        self.describe(i),
                        self.describe(j)
                    ));
                }
            }
            seen.insert(class, i);
            let e = s
                .get(code)
                .ok_or_else(|| format!("{which} has no value for {}", self.describe(i)))?;
            if (e.value, e.remoteness) != want {
                return Err(format!(
                    "{which} at {}: engine {:?} {:?}, reference {want:?}",
                    self.describe(i),
                    e.value,
                    e.remoteness
                ));
            }
            if e.margin != margin(i) {
                return Err(format!(
                    "{which} margin at {}: engine {:?}, reference {:?}",
                    self.describe(i),
                    e.margin,
                    margin(i)
                ));
            }
            if let (true, Some(g)) = (s.grundy, &solved.grundy) {
                if e.grundy != g[i] {
                    let at = self.describe(i);
                    return Err(format!(
                        "{which} Grundy at {at}: engine {}, reference {}",
                        e.grundy, g[i]
                    ));
                }
            }
        }
        if s.positions != seen.len() as u64 {
            return Err(format!(
                "{which} counts {} positions; the reference's {} map to {} codes",
                s.positions,
                self.codes.len(),
                seen.len()
            ));
        }
        Ok(())
    }
}

fn rel_of(r: rf::Rel) -> Rel {
    match r {
        rf::Rel::Win => Rel::Win,
        rf::Rel::Lose => Rel::Lose,
        rf::Rel::Tie => Rel::Tie,
    }
}
