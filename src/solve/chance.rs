//! Chance: each player's exact probability of winning from the setup's rolls, under best play.

use super::{Solution, Value};
use crate::engine::Branch;
use num_rational::BigRational;
use num_traits::Zero;

/// Exact probabilities of each result over the starting branches.
#[derive(Clone, Debug, PartialEq)]
pub struct Probabilities {
    /// Index 0 is player 1.
    pub wins: [BigRational; 2],
    pub tie: BigRational,
    pub draw: BigRational,
}

pub fn win_probabilities(branches: &[Branch], s: &Solution) -> Probabilities {
    let mut p = Probabilities {
        wins: [BigRational::zero(), BigRational::zero()],
        tie: BigRational::zero(),
        draw: BigRational::zero(),
    };
    for b in branches {
        let Some(e) = s.get(b.code) else { continue };
        let mover = b.mover as usize - 1;
        match e.value {
            Value::Win => p.wins[mover] += &b.prob,
            Value::Lose => p.wins[1 - mover] += &b.prob,
            Value::Tie => p.tie += &b.prob,
            Value::Draw => p.draw += &b.prob,
        }
    }
    p
}
