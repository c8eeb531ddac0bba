//! Chance: each player's exact probability of winning (and of a tie or a draw) under best play,
//! summed over the starting positions the setup's rolls lead to.

use super::explore::Graph;
use super::values::{Solved, Value};
use num_rational::BigRational;
use num_traits::Zero;

/// Exact probabilities of each result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chances {
    /// Player 1's and player 2's chance of winning.
    pub wins: [BigRational; 2],
    pub tie: BigRational,
    pub draw: BigRational,
}

pub fn probabilities(g: &Graph, s: &Solved) -> Chances {
    let mut c = Chances {
        wins: [BigRational::zero(), BigRational::zero()],
        tie: BigRational::zero(),
        draw: BigRational::zero(),
    };
    for (i, p) in &g.starts {
        let mover = usize::from(g.positions[*i].mover == 2);
        match s.value[*i] {
            Value::Win => c.wins[mover] += p,
            Value::Lose => c.wins[1 - mover] += p,
            Value::Tie => c.tie += p,
            Value::Draw => c.draw += p,
        }
    }
    c
}
