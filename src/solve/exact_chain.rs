//! The exact values of a Markov chain that ends with probability 1: `x = A x + b` over a set of
//! positions, where `A` holds the probabilities (signed: a move that passes the turn enters the
//! child's value negated) and `b` what the outcomes outside the set bring. Solved by eliminating
//! one position at a time (state elimination), in exact fractions, on sparse rows.

use num_rational::BigRational;
use num_traits::{One, Zero};
use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

/// Why a chain was not solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChainError {
    /// Some position is never left (its loop has probability 1): the chain need not end.
    Singular,
    /// The deadline passed.
    Time,
}

/// One row: `x_i = sum(rows[i][j] * x_j) + consts[i]`.
pub struct Chain {
    pub rows: Vec<BTreeMap<usize, BigRational>>,
    pub consts: Vec<BigRational>,
    /// The rows changed by the last elimination.
    touched: Vec<usize>,
}

impl Chain {
    pub fn new(n: usize) -> Chain {
        Chain {
            rows: (0..n).map(|_| BTreeMap::new()).collect(),
            consts: vec![BigRational::zero(); n],
            touched: Vec::new(),
        }
    }

    /// Adds `c * x_j` to row `i`.
    pub fn add(&mut self, i: usize, j: usize, c: BigRational) {
        let e = self.rows[i].entry(j).or_insert_with(BigRational::zero);
        *e += c;
        if e.is_zero() {
            self.rows[i].remove(&j);
        }
    }

    /// Every `x_i`, eliminating the positions one by one, or why not.
    pub fn solve(mut self, deadline: Instant) -> Result<Vec<BigRational>, ChainError> {
        let n = self.rows.len();
        // users[j]: the rows not yet eliminated that hold x_j.
        let mut users: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); n];
        for (i, row) in self.rows.iter().enumerate() {
            for &j in row.keys() {
                users[j].insert(i);
            }
        }
        let mut done: Vec<(usize, BTreeMap<usize, BigRational>, BigRational)> = Vec::new();
        // The next position to eliminate: the one whose elimination touches the fewest entries
        // (its row's length times its users', Markowitz's rule), the last of equals.
        let cost = |rows: &[BTreeMap<usize, BigRational>], users: &[BTreeSet<usize>], k: usize| {
            rows[k].len() * users[k].len()
        };
        let mut queue: BTreeSet<(usize, usize)> =
            (0..n).map(|k| (cost(&self.rows, &users, k), k)).collect();
        let mut costs: Vec<usize> = (0..n).map(|k| cost(&self.rows, &users, k)).collect();
        let mut eliminated = vec![false; n];
        while let Some((_, k)) = queue.pop_first() {
            if Instant::now() > deadline {
                return Err(ChainError::Time);
            }
            eliminated[k] = true;
            let mut row = std::mem::take(&mut self.rows[k]);
            let mut b = std::mem::take(&mut self.consts[k]);
            users[k].remove(&k);
            if let Some(a) = row.remove(&k) {
                let d = BigRational::one() - a;
                if d.is_zero() {
                    return Err(ChainError::Singular);
                }
                for c in row.values_mut() {
                    *c /= &d;
                }
                b /= &d;
            }
            for &j in row.keys() {
                users[j].remove(&k);
            }
            // Substitute x_k in every row that still holds it.
            for i in std::mem::take(&mut users[k]) {
                let Some(a) = self.rows[i].remove(&k) else {
                    continue;
                };
                self.touched.push(i);
                for (&j, c) in &row {
                    let e = self.rows[i].entry(j).or_insert_with(BigRational::zero);
                    *e += &a * c;
                    if e.is_zero() {
                        self.rows[i].remove(&j);
                        users[j].remove(&i);
                    } else {
                        users[j].insert(i);
                    }
                }
                self.consts[i] += &a * &b;
            }
            // The rows and users changed: their positions' costs too.
            for j in row.keys().copied().chain(self.touched.drain(..)) {
                if eliminated[j] {
                    continue;
                }
                let c = cost(&self.rows, &users, j);
                if c != costs[j] {
                    queue.remove(&(costs[j], j));
                    costs[j] = c;
                    queue.insert((c, j));
                }
            }
            done.push((k, row, b));
        }
        let mut x: Vec<BigRational> = vec![BigRational::zero(); n];
        // Each row eliminated holds only positions eliminated after it.
        for (k, row, b) in done.into_iter().rev() {
            let mut v = b;
            for (j, c) in row {
                v += c * &x[j];
            }
            x[k] = v;
        }
        Ok(x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn r(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    #[test]
    fn a_two_position_loop() {
        // x0 = 1/2 x1 + 1/2 (win), x1 = -1/3 x0 + 0: x0 = 1/2 - x0/6, so x0 = 3/7, x1 = -1/7.
        let mut c = Chain::new(2);
        c.add(0, 1, r(1, 2));
        c.consts[0] = r(1, 2);
        c.add(1, 0, r(-1, 3));
        let x = c.solve(Instant::now() + Duration::from_secs(5)).unwrap();
        assert_eq!(x, vec![r(3, 7), r(-1, 7)]);
    }

    #[test]
    fn a_self_loop_and_a_chain_that_never_ends() {
        // x0 = 1/2 x0 + 1/4: x0 = 1/2.
        let mut c = Chain::new(1);
        c.add(0, 0, r(1, 2));
        c.consts[0] = r(1, 4);
        let x = c.solve(Instant::now() + Duration::from_secs(5)).unwrap();
        assert_eq!(x, vec![r(1, 2)]);
        // x0 = x1, x1 = x0: never left.
        let mut c = Chain::new(2);
        c.add(0, 1, r(1, 1));
        c.add(1, 0, r(1, 1));
        let e = c.solve(Instant::now() + Duration::from_secs(5));
        assert_eq!(e, Err(ChainError::Singular));
    }
}
