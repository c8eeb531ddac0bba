//! An exact simplex method that solves a zero-sum matrix game: both players' optimal mixed
//! strategies and the value, with no rounding anywhere. It pivots on integers (every entry is the
//! tableau's value times one common denominator), which avoids a gcd per operation and keeps
//! RPS-101's 101×101 game well under a second.

use super::exact::Q;
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

/// The arithmetic one exact analysis may do, in products of 64-bit words (a few seconds): the
/// entries grow with the number of throws and the digits of the scores' common denominator, and
/// a large game with fine fractional scores would otherwise run for hours.
pub const MAX_WORK: u64 = 3_000_000_000;

/// The analysis would take more arithmetic than `MAX_WORK`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooHard;

/// What is left of `MAX_WORK`.
#[derive(Clone, Copy, Debug)]
pub struct Budget(pub u64);

impl Budget {
    pub fn new() -> Budget {
        Budget(MAX_WORK)
    }
    pub fn spend(&mut self, work: u64) -> Result<(), TooHard> {
        self.0 = self.0.checked_sub(work).ok_or(TooHard)?;
        Ok(())
    }
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::new()
    }
}

/// 64-bit words in `x`.
fn words(x: &BigInt) -> u64 {
    x.bits() / 64 + 1
}

/// Optimal strategies of a zero-sum game (row player maximises) and its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Equilibrium {
    pub row: Vec<Q>,
    pub col: Vec<Q>,
    pub value: Q,
}

/// Integer pivoting: the rows hold `denom ×` a rational tableau; pivoting on (r, e) keeps every
/// entry an integer because each new entry is a subdeterminant (the divisions below are exact).
/// Refuses, changing nothing, when the pivot would cost more than `budget` has left.
pub fn pivot(
    rows: &mut [Vec<BigInt>],
    r: usize,
    e: usize,
    denom: &mut BigInt,
    budget: &mut Budget,
) -> Result<(), TooHard> {
    let p = rows[r][e].clone();
    // Each entry x·p − f·y, then divided by denom: bounded by the largest entry's size.
    let widest = rows.iter().flatten().map(words).max().unwrap_or(1);
    let updated = rows.iter().filter(|row| !row[e].is_zero()).count() as u64;
    let width = rows[r].len() as u64;
    // Plus a fixed cost per entry: small numbers cost an allocation and a call each.
    let per_entry = widest.saturating_mul(words(&p) + widest + words(denom)) + 48;
    let cost = updated.saturating_mul(width).saturating_mul(per_entry);
    budget.spend(cost)?;
    let pivot_row = std::mem::take(&mut rows[r]);
    for row in rows.iter_mut().filter(|row| !row.is_empty()) {
        let f = row[e].clone();
        for (x, y) in row.iter_mut().zip(&pivot_row) {
            if x.is_zero() && (y.is_zero() || f.is_zero()) {
                continue;
            }
            let v = &*x * &p - &f * y;
            *x = v / &*denom;
        }
    }
    rows[r] = pivot_row;
    *denom = p;
    Ok(())
}

/// Solves the game with payoff matrix `a` (rows: the maximiser's choices). `None` for an empty matrix.
/// Every entry is a big integer, so no payoff a file can write overflows anything here.
pub fn solve(a: &[Vec<BigInt>], budget: &mut Budget) -> Result<Option<Equilibrium>, TooHard> {
    let m = a.len();
    let Some(n) = a.first().map(Vec::len) else {
        return Ok(None);
    };
    if n == 0 || a.iter().any(|r| r.len() != n) {
        return Ok(None);
    }
    // Shift every payoff to at least 1, so the value is positive and the LP below is bounded.
    let Some(least) = a.iter().flatten().min() else {
        return Ok(None);
    };
    let shift = BigInt::one() - least.min(&BigInt::one());
    // maximise Σy subject to (A + shift)·y ≤ 1, y ≥ 0: one slack per row; the last row is the objective.
    let width = n + m + 1;
    let mut rows: Vec<Vec<BigInt>> = (0..m)
        .map(|i| {
            let mut r = vec![BigInt::zero(); width];
            for j in 0..n {
                r[j] = &a[i][j] + &shift;
            }
            r[n + i] = BigInt::one();
            r[width - 1] = BigInt::one();
            r
        })
        .collect();
    let mut obj = vec![BigInt::zero(); width];
    obj.iter_mut().take(n).for_each(|c| *c = -BigInt::one());
    rows.push(obj);
    let mut basis: Vec<usize> = (n..n + m).collect();
    let mut denom = BigInt::one();
    // Bland's rule: the first improving column, ties in the ratio test to the lowest basic variable.
    while let Some(enter) = (0..n + m).find(|&j| rows[m][j].is_negative()) {
        let Some(leave) = ratio_test(&rows[..m], &basis, enter) else {
            return Ok(None);
        };
        pivot(&mut rows, leave, enter, &mut denom, budget)?;
        basis[leave] = enter;
    }
    let z = rows[m][width - 1].clone(); // Σy × denom
    let mut col = vec![Q::zero(); n];
    for (i, &b) in basis.iter().enumerate() {
        if b < n {
            col[b] = Q::new(rows[i][width - 1].clone(), z.clone());
        }
    }
    let row = (0..m)
        .map(|i| Q::new(rows[m][n + i].clone(), z.clone()))
        .collect();
    let value = Q::new(denom, z) - Q::from_integer(shift);
    Ok(Some(Equilibrium { row, col, value }))
}

/// The row leaving the basis: smallest rhs / entry over positive entries (compared exactly).
fn ratio_test(rows: &[Vec<BigInt>], basis: &[usize], enter: usize) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (i, r) in rows.iter().enumerate() {
        if !r[enter].is_positive() {
            continue;
        }
        let better = match best {
            None => true,
            Some(b) => {
                let rhs = |k: usize| rows[k].last().cloned().unwrap_or_default();
                let lhs = rhs(i) * &rows[b][enter];
                let rhs_b = rhs(b) * &r[enter];
                lhs < rhs_b || (lhs == rhs_b && basis[i] < basis[b])
            }
        };
        if better {
            best = Some(i);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> Q {
        Q::new(n.into(), d.into())
    }

    fn big(rows: &[&[i64]]) -> Vec<Vec<BigInt>> {
        rows.iter()
            .map(|r| r.iter().map(|&x| BigInt::from(x)).collect())
            .collect()
    }

    #[test]
    fn rock_paper_scissors_is_uniform_and_fair() {
        let a = big(&[&[0, -1, 1], &[1, 0, -1], &[-1, 1, 0]]);
        let e = solve(&a, &mut Budget::new()).unwrap().unwrap();
        assert_eq!(e.value, q(0, 1));
        assert_eq!(e.row, vec![q(1, 3); 3]);
        assert_eq!(e.col, vec![q(1, 3); 3]);
    }

    #[test]
    fn an_unfair_game_has_its_value() {
        // Worked by hand: the row player mixes 1/3, 2/3 so that 4p − 1 = 1 − 2p; value 1/3.
        let a = big(&[&[3, -1], &[-1, 1]]);
        let e = solve(&a, &mut Budget::new()).unwrap().unwrap();
        assert_eq!(e.value, q(1, 3));
        assert_eq!(e.row, vec![q(1, 3), q(2, 3)]);
        assert_eq!(e.col, vec![q(1, 3), q(2, 3)]);
    }

    #[test]
    fn a_rectangular_game_with_a_pure_saddle_point() {
        // Row 1 dominates: the row player always plays it; the column player answers with column 0.
        let a = big(&[&[1, 4, 2], &[3, 5, 4]]);
        let e = solve(&a, &mut Budget::new()).unwrap().unwrap();
        assert_eq!(e.value, q(3, 1));
        assert_eq!(e.row, vec![q(0, 1), q(1, 1)]);
        assert_eq!(e.col, vec![q(1, 1), q(0, 1), q(0, 1)]);
    }

    #[test]
    fn entries_far_beyond_64_bits_are_exact() {
        let x = BigInt::from(2).pow(100u32);
        let z = BigInt::zero();
        let a = vec![
            vec![z.clone(), -x.clone(), x.clone()],
            vec![x.clone(), z.clone(), -x.clone()],
            vec![-x.clone(), x.clone(), z],
        ];
        let e = solve(&a, &mut Budget::new()).unwrap().unwrap();
        assert_eq!(e.value, q(0, 1));
        assert_eq!(e.row, vec![q(1, 3); 3]);
    }
}
