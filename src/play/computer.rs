//! The computer's choices: a perfect move (fastest win, longest loss) except for an occasional
//! random blunder, and the chance setup's roll — all from one seeded ChaCha8 generator, so a seed
//! replays the same game on every platform.

use super::rated::{best_moves, rated_moves};
use crate::engine::{Branch, Child, Code, Engine};
use crate::solve::Solution;
use num_traits::ToPrimitive;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// The index of the computer's move among `moves` (which must not be empty).
pub fn choose(
    engine: &Engine,
    solution: &Solution,
    code: Code,
    moves: &[(String, Child)],
    blunder: f64,
    rng: &mut ChaCha8Rng,
) -> usize {
    let n = moves.len().max(1);
    // One draw decides a blunder, so the sequence of draws does not depend on the probability.
    if rng.gen::<f64>() < blunder {
        return rng.gen_range(0..n);
    }
    let best = best_moves(&rated_moves(engine, solution, code));
    if best.is_empty() {
        return rng.gen_range(0..n);
    }
    let pick = &best[rng.gen_range(0..best.len())];
    moves.iter().position(|(l, _)| l == pick).unwrap_or(0)
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
