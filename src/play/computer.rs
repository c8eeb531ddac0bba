//! The computer's choices: a perfect move (fastest win, longest loss) except for an occasional
//! random blunder, and the chance setup's roll — all from one seeded ChaCha8 generator, so a seed
//! replays the same game on every platform.

use super::rated::move_value;
use crate::engine::{Branch, Child};
use crate::solve::{rank, Solution};
use num_traits::ToPrimitive;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// The index of the computer's move among `moves` (which must not be empty): rated from the
/// list the turn already has, so a turn generates its moves once however many there are.
pub fn choose(
    solution: &Solution,
    moves: &[(String, Child)],
    blunder: f64,
    rng: &mut ChaCha8Rng,
) -> usize {
    let n = moves.len().max(1);
    // One draw decides a blunder, so the sequence of draws does not depend on the probability.
    if rng.gen::<f64>() < blunder {
        return rng.gen_range(0..n);
    }
    // Each move's rank for its mover (as `rated_moves` ranks them), in the list's order.
    let ranks: Vec<(usize, _)> = moves
        .iter()
        .enumerate()
        .filter_map(|(k, (_, c))| Some((k, rank(&move_value(solution, *c)?))))
        .collect();
    let Some(top) = ranks.iter().map(|(_, r)| *r).min() else {
        return rng.gen_range(0..n);
    };
    let best: Vec<usize> = ranks
        .into_iter()
        .filter(|(_, r)| *r == top)
        .map(|(k, _)| k)
        .collect();
    best[rng.gen_range(0..best.len())]
}

/// One starting branch, drawn with the setup's probabilities (`None` only if there are none).
pub fn roll<'b>(starts: &'b [Branch], rng: &mut ChaCha8Rng) -> Option<&'b Branch> {
    if starts.len() <= 1 {
        return starts.first();
    }
    let x: f64 = rng.gen();
    let mut acc = 0.0;
    for b in starts {
        acc += b.prob.to_f64().unwrap_or(0.0);
        if x < acc {
            return Some(b);
        }
    }
    starts.last()
}
