//! A simultaneous choice (`engine::Stage`) inside a game whose play can return to a position
//! (Oshi-Zumo without a round limit): `solve::interval` bounds each pair's value, and this bounds
//! the stage's. The value of a matrix game only grows with its entries, so the value of the
//! matrix of the pairs' lower bounds is a lower bound of the stage's value, and that of their
//! upper bounds an upper bound. Each is found exactly (a saddle point, else the exact simplex
//! with its certificate check) and rounded outward to the fixed point; where the simplex passes
//! its budget, the pure maximin and minimax (weaker, still true bounds) are used instead.

use crate::throw::matrix::equilibrium;
use crate::throw::simplex::Budget;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::ToPrimitive;

/// The stage's bounds from the mover's side, from the pairs' bounds (`lo`, `hi`, row by row,
/// `cols` to a row, in fixed point): (a lower bound of the value of `lo`, an upper bound of the
/// value of `hi`).
pub fn bounds(lo: &[i64], hi: &[i64], cols: usize) -> (i64, i64) {
    (
        lower(lo, cols),
        -lower(&transposed_negated(hi, cols), lo.len() / cols),
    )
}

/// A lower bound of the value of the matrix `a` (`cols` to a row) for the row player: exact
/// where a saddle point or the simplex gives it, rounded down.
fn lower(a: &[i64], cols: usize) -> i64 {
    let rows: Vec<&[i64]> = a.chunks(cols).collect();
    // The pure maximin: what the row player guarantees with one row.
    let maximin = rows
        .iter()
        .map(|r| r.iter().copied().min().unwrap_or(i64::MIN))
        .max()
        .unwrap_or(i64::MIN);
    // The pure minimax: what the column player holds the rows to with one column.
    let minimax = (0..cols)
        .map(|j| rows.iter().map(|r| r[j]).max().unwrap_or(i64::MAX))
        .min()
        .unwrap_or(i64::MAX);
    if maximin == minimax {
        return maximin;
    }
    let matrix: Vec<Vec<BigRational>> = rows
        .iter()
        .map(|r| {
            r.iter()
                .map(|&x| BigRational::from_integer(BigInt::from(x)))
                .collect()
        })
        .collect();
    match equilibrium(&matrix, &mut Budget::new()) {
        Ok(Some(eq)) => eq.value.floor().to_integer().to_i64().unwrap_or(maximin),
        _ => maximin,
    }
}

/// `-aᵀ`: the column player's matrix as a row player's (its value is minus `a`'s).
fn transposed_negated(a: &[i64], cols: usize) -> Vec<i64> {
    let rows = a.len() / cols;
    let mut t = Vec::with_capacity(a.len());
    for j in 0..cols {
        for i in 0..rows {
            t.push(-a[i * cols + j]);
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::bounds;

    #[test]
    fn a_saddle_point_is_exact_and_matching_pennies_is_its_mean() {
        // Rows: the mover's choices. A saddle point at (1, 0): 2.
        assert_eq!(bounds(&[1, 5, 2, 3], &[1, 5, 2, 3], 2), (2, 2));
        // Matching pennies with entries ±8: value 0; with the upper matrix shifted by 2: 2.
        assert_eq!(bounds(&[8, -8, -8, 8], &[10, -6, -6, 10], 2), (0, 2));
        // Value 1/5 ((ad - bc) / (a + d - b - c)), rounded outward.
        assert_eq!(bounds(&[1, -1, -1, 2], &[1, -1, -1, 2], 2), (0, 1));
    }
}
