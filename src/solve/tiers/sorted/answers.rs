//! The solution of a game solved with a table a tier: each tier's table in memory or on disk,
//! and how to tell a position's tier from its code (the measure, digit by digit), so that a
//! position's entry is read from the one tier that can hold it.

use super::super::{Measure, Plan};
use super::disk::{OnDisk, Spill};
use super::keys::key;
use super::table::Table;
use crate::engine::{Code, Engine};

/// A tier's answers.
pub(super) enum Answer {
    None,
    Memory(Table),
    Disk(OnDisk),
}

pub(crate) struct Answers {
    tiers: Vec<Answer>,
    /// Each slot's place value and number of values, to work out a code's measure.
    digits: Vec<(u64, u64)>,
    measure: Measure,
    /// Keeps the tier files until the answers are dropped.
    _spill: Spill,
}

impl Answers {
    pub(super) fn new(engine: &Engine, plan: Plan, tiers: Vec<Answer>, spill: Spill) -> Answers {
        Answers {
            tiers,
            digits: engine.digits().0,
            measure: plan.measure,
            _spill: spill,
        }
    }

    /// The entry of `code` (0, unseen, if no tier has it).
    pub(in crate::solve) fn get(&self, code: Code) -> u64 {
        let (mut pieces, mut sum) = (0u64, 0u64);
        for &(place, size) in &self.digits {
            let d = (code / place) % size;
            pieces += u64::from(d != 0);
            sum += d;
        }
        let t = match self.measure {
            Measure::Pieces => pieces,
            Measure::Sum => sum,
        };
        let k = key(code);
        let e = match usize::try_from(t).ok().and_then(|t| self.tiers.get(t)) {
            Some(Answer::Memory(table)) => table.get(k),
            Some(Answer::Disk(d)) => d.get(k),
            _ => None,
        };
        e.unwrap_or(0)
    }
}
