//! An exact simplex method over big rationals that solves a zero-sum matrix game: both players'
//! optimal mixed strategies and the value, with no rounding anywhere.

use super::exact::{int, Q};
use num_traits::{Signed, Zero};

/// Optimal strategies of a zero-sum game (row player maximises) and its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Equilibrium {
    pub row: Vec<Q>,
    pub col: Vec<Q>,
    pub value: Q,
}

struct Tableau {
    /// Constraint rows, each with `cols + 1` entries (the last is the right-hand side).
    rows: Vec<Vec<Q>>,
    /// The objective row (reduced costs) in the same layout.
    obj: Vec<Q>,
    basis: Vec<usize>,
}

/// Solves the game with payoff matrix `a` (rows: the maximiser's choices). `None` for an empty matrix.
pub fn solve(a: &[Vec<i64>]) -> Option<Equilibrium> {
    let m = a.len();
    let n = a.first()?.len();
    if n == 0 || a.iter().any(|r| r.len() != n) {
        return None;
    }
    // Shift every payoff to at least 1, so the value is positive and the LP below is bounded.
    let lowest = a.iter().flatten().copied().min()?;
    let shift = 1 - lowest.min(1);
    let mut t = Tableau::new(a, shift, m, n);
    t.run(n + m)?;
    let z = t.obj[n + m].clone();
    let mut col = vec![Q::zero(); n];
    for (i, &b) in t.basis.iter().enumerate() {
        if b < n {
            col[b] = t.rows[i][n + m].clone() / z.clone();
        }
    }
    let row = (0..m).map(|i| t.obj[n + i].clone() / z.clone()).collect();
    let value = Q::from_integer(1.into()) / z - int(shift);
    Some(Equilibrium { row, col, value })
}

impl Tableau {
    /// maximise Σy subject to (A + shift)·y ≤ 1, y ≥ 0, with one slack per row.
    fn new(a: &[Vec<i64>], shift: i64, m: usize, n: usize) -> Tableau {
        let width = n + m + 1;
        let rows = (0..m)
            .map(|i| {
                let mut r = vec![Q::zero(); width];
                for j in 0..n {
                    r[j] = int(a[i][j] + shift);
                }
                r[n + i] = int(1);
                r[width - 1] = int(1);
                r
            })
            .collect();
        let mut obj = vec![Q::zero(); width];
        for c in obj.iter_mut().take(n) {
            *c = int(-1);
        }
        Tableau {
            rows,
            obj,
            basis: (n..n + m).collect(),
        }
    }

    /// Pivots until optimal (Bland's rule, so it never cycles); `None` if unbounded.
    fn run(&mut self, vars: usize) -> Option<()> {
        loop {
            let Some(enter) = (0..vars).find(|&j| self.obj[j].is_negative()) else {
                return Some(());
            };
            let leave = self.ratio_test(enter, vars)?;
            self.pivot(leave, enter);
        }
    }

    fn ratio_test(&self, enter: usize, vars: usize) -> Option<usize> {
        let mut best: Option<(usize, Q)> = None;
        for (i, r) in self.rows.iter().enumerate() {
            if !r[enter].is_positive() {
                continue;
            }
            let ratio = r[vars].clone() / r[enter].clone();
            let better = match &best {
                None => true,
                Some((b, q)) => ratio < *q || (ratio == *q && self.basis[i] < self.basis[*b]),
            };
            if better {
                best = Some((i, ratio));
            }
        }
        best.map(|(i, _)| i)
    }

    fn pivot(&mut self, r: usize, e: usize) {
        let p = self.rows[r][e].clone();
        for x in self.rows[r].iter_mut() {
            if !x.is_zero() {
                *x = x.clone() / p.clone();
            }
        }
        let pivot_row = std::mem::take(&mut self.rows[r]);
        let nonzero: Vec<usize> = (0..pivot_row.len())
            .filter(|&j| !pivot_row[j].is_zero())
            .collect();
        let eliminate = |row: &mut Vec<Q>| {
            let f = row[e].clone();
            if f.is_zero() {
                return;
            }
            for &j in &nonzero {
                row[j] = row[j].clone() - f.clone() * pivot_row[j].clone();
            }
        };
        for row in self.rows.iter_mut() {
            if !row.is_empty() {
                eliminate(row);
            }
        }
        eliminate(&mut self.obj);
        self.rows[r] = pivot_row;
        self.basis[r] = e;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> Q {
        Q::new(n.into(), d.into())
    }

    #[test]
    fn rock_paper_scissors_is_uniform_and_fair() {
        let a = vec![vec![0, -1, 1], vec![1, 0, -1], vec![-1, 1, 0]];
        let e = solve(&a).unwrap();
        assert_eq!(e.value, q(0, 1));
        assert_eq!(e.row, vec![q(1, 3); 3]);
        assert_eq!(e.col, vec![q(1, 3); 3]);
    }

    #[test]
    fn an_unfair_game_has_its_value() {
        // Worked by hand: the row player mixes 1/3, 2/3 so that 4p − 1 = 1 − 2p; value 1/3.
        let a = vec![vec![3, -1], vec![-1, 1]];
        let e = solve(&a).unwrap();
        assert_eq!(e.value, q(1, 3));
        assert_eq!(e.row, vec![q(1, 3), q(2, 3)]);
        assert_eq!(e.col, vec![q(1, 3), q(2, 3)]);
    }
}
