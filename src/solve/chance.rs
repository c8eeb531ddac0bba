//! Chance: each player's exact probability of winning from the setup's rolls, under best play,
//! and in a scored game the expected margin.

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
    /// In a scored game, player 1's expected margin (their score less player 2's).
    pub margin: Option<BigRational>,
}

pub fn win_probabilities(branches: &[Branch], s: &Solution) -> Probabilities {
    let mut p = Probabilities {
        wins: [BigRational::zero(), BigRational::zero()],
        tie: BigRational::zero(),
        draw: BigRational::zero(),
        margin: s.scored().then(BigRational::zero),
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
        if let (Some(sum), Some(m)) = (&mut p.margin, e.margin) {
            let m = if mover == 0 { m } else { -m };
            *sum += &b.prob * BigRational::from_integer(m.into());
        }
    }
    p
}
