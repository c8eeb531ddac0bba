//! The 2-player analysis of a throw game: payoff matrix, exact optimal strategy and value, whether
//! that strategy is the only optimal one, dominated throws, and whether the beats-graph is balanced.

use super::exact::Q;
use super::simplex::{self, Budget, TooHard};
use super::ThrowGame;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

/// Whether the optimal strategy found is the only one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Uniqueness {
    Unique,
    Several,
    /// The exact tests could not settle it (a degenerate case); the strategy shown is still optimal.
    Undetermined,
}

/// Throw `throw` is dominated by throw `by`: never better, and sometimes worse (`strictly`: always).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dominated {
    pub throw: usize,
    pub by: usize,
    pub strictly: bool,
}

#[derive(Clone, Debug)]
pub struct TwoPlayer {
    /// The row player's exact gain for each pair of throws.
    pub matrix: Vec<Vec<Q>>,
    pub strategy: Vec<Q>,
    pub value: Q,
    pub uniqueness: Uniqueness,
    pub dominated: Vec<Dominated>,
    pub balanced: bool,
}

/// The row player's gain: a win's score, minus the opponent's score for a loss, 0 for a tie.
pub fn payoff_matrix(g: &ThrowGame) -> Vec<Vec<Q>> {
    let n = g.len();
    (0..n)
        .map(|i| {
            (0..n)
                .map(|j| match (g.beat(i, j), g.beat(j, i)) {
                    (Some(b), _) => b.score.clone(),
                    (None, Some(b)) => -b.score.clone(),
                    (None, None) => Q::zero(),
                })
                .collect()
        })
        .collect()
}

/// The matrix times the least common multiple of its denominators: a game with the same optimal
/// strategies, in big integers, whose value is `scale` times the original's.
fn integral(matrix: &[Vec<Q>]) -> (Vec<Vec<BigInt>>, BigInt) {
    // Each distinct denominator once, and its gcd with the running multiple taken after a
    // remainder: a binary gcd of the (long) multiple with each of n² entries took seconds.
    let denoms: std::collections::BTreeSet<&BigInt> =
        matrix.iter().flatten().map(|q| q.denom()).collect();
    let scale = denoms.into_iter().fold(BigInt::one(), |l, d| {
        let g = (&l % d).gcd(d);
        l * (d / g)
    });
    let ints = matrix
        .iter()
        .map(|row| {
            row.iter()
                .map(|q| q.numer() * (&scale / q.denom()))
                .collect()
        })
        .collect();
    (ints, scale)
}

/// The exact optimal strategies and value of the zero-sum game with payoff `matrix` (rows: the
/// maximiser's choices), checked: each strategy guarantees the value against every choice of the
/// other. `None` for an empty matrix.
pub fn equilibrium(
    matrix: &[Vec<Q>],
    budget: &mut Budget,
) -> Result<Option<simplex::Equilibrium>, TooHard> {
    let (ints, scale) = integral(matrix);
    let Some(mut eq) = simplex::solve(&ints, budget)? else {
        return Ok(None);
    };
    eq.value /= Q::from_integer(scale);
    let guaranteed = |i: usize, j: usize, p: &Q| p * &matrix[i][j];
    let cols = matrix.first().map_or(0, Vec::len);
    let row_holds = (0..cols).all(|j| {
        let sum: Q = (0..matrix.len())
            .map(|i| guaranteed(i, j, &eq.row[i]))
            .sum();
        sum >= eq.value
    });
    let col_holds = (0..matrix.len()).all(|i| {
        let sum: Q = (0..cols).map(|j| guaranteed(i, j, &eq.col[j])).sum();
        sum <= eq.value
    });
    // The simplex's strategies are optimal by construction; a failed check is a defect, and the
    // answer is refused rather than printed.
    if !(row_holds && col_holds) {
        return Err(TooHard);
    }
    Ok(Some(eq))
}

/// Solves the 2-player game exactly. `None` only for a game with no throws; `TooHard` when the
/// exact arithmetic would pass `simplex::MAX_WORK`.
pub fn analyse(g: &ThrowGame) -> Result<Option<TwoPlayer>, TooHard> {
    analyse_within(g, Budget::new())
}

/// `analyse` with a budget other than `simplex::MAX_WORK` (the fuzz harness gives a tenth).
pub fn analyse_within(g: &ThrowGame, mut budget: Budget) -> Result<Option<TwoPlayer>, TooHard> {
    let matrix = payoff_matrix(g);
    let (ints, scale) = integral(&matrix);
    let Some(eq) = simplex::solve(&ints, &mut budget)? else {
        return Ok(None);
    };
    let uniqueness = uniqueness(&ints, &eq, &mut budget)?;
    Ok(Some(TwoPlayer {
        dominated: dominated(&ints),
        balanced: balanced(g),
        strategy: eq.row,
        value: eq.value / Q::from_integer(scale),
        uniqueness,
        matrix,
    }))
}

/// Every throw beats exactly as many throws as beat it.
pub fn balanced(g: &ThrowGame) -> bool {
    (0..g.len()).all(|i| wins_losses(g, i).0 == wins_losses(g, i).1)
}

/// How many throws `i` beats, and how many beat it.
pub fn wins_losses(g: &ThrowGame, i: usize) -> (usize, usize) {
    let n = g.len();
    let wins = (0..n).filter(|&j| g.beat(i, j).is_some()).count();
    let losses = (0..n).filter(|&j| g.beat(j, i).is_some()).count();
    (wins, losses)
}

/// Rows weakly dominated by another row (for each, the first dominating row; strict if one is).
pub fn dominated(a: &[Vec<BigInt>]) -> Vec<Dominated> {
    let mut out = Vec::new();
    for i in 0..a.len() {
        let mut found: Option<Dominated> = None;
        for k in (0..a.len()).filter(|&k| k != i) {
            let ge = a[k].iter().zip(&a[i]).all(|(x, y)| x >= y);
            let gt_some = a[k].iter().zip(&a[i]).any(|(x, y)| x > y);
            let gt_all = a[k].iter().zip(&a[i]).all(|(x, y)| x > y);
            if ge && gt_some && found.as_ref().is_none_or(|f| !f.strictly && gt_all) {
                found = Some(Dominated {
                    throw: i,
                    by: k,
                    strictly: gt_all,
                });
            }
        }
        out.extend(found);
    }
    out
}

/// Decides whether the row player's optimal strategy is unique (see docs/throw-games.md).
///
/// Every optimal `x` lives on the rows that are best replies to the opponent's optimal `y`, and makes
/// every column in `y`'s support pay exactly the value (complementary slackness). If those equations
/// pin `x` down, it is unique; otherwise a direction in their null space that keeps `x` optimal proves
/// that there are several.
fn uniqueness(
    a: &[Vec<BigInt>],
    eq: &simplex::Equilibrium,
    budget: &mut Budget,
) -> Result<Uniqueness, TooHard> {
    let m = a.len();
    let n = eq.col.len();
    let int = |x: &BigInt| Q::from_integer(x.clone());
    let row_pay = |i: usize| (0..n).fold(Q::zero(), |s, j| s + int(&a[i][j]) * &eq.col[j]);
    let col_pay = |d: &[Q], j: usize| (0..m).fold(Q::zero(), |s, i| s + int(&a[i][j]) * &d[i]);
    let rows: Vec<usize> = (0..m).filter(|&i| row_pay(i) == eq.value).collect();
    let support: Vec<usize> = (0..n).filter(|&j| eq.col[j].is_positive()).collect();
    let mut system: Vec<Vec<Q>> = vec![vec![Q::one(); rows.len()]];
    for &j in &support {
        system.push(rows.iter().map(|&i| int(&a[i][j])).collect());
    }
    let null = null_space(system, rows.len(), budget)?;
    if null.is_empty() {
        return Ok(Uniqueness::Unique);
    }
    for d in null {
        for sign in [1, -1] {
            let mut full = vec![Q::zero(); m];
            for (k, &i) in rows.iter().enumerate() {
                full[i] = d[k].clone() * Q::from_integer(sign.into());
            }
            let rows_ok = (0..m).all(|i| eq.row[i].is_positive() || !full[i].is_negative());
            let cols_ok = (0..n).all(|j| {
                support.contains(&j)
                    || col_pay(&eq.row, j) != eq.value
                    || !col_pay(&full, j).is_negative()
            });
            if rows_ok && cols_ok {
                return Ok(Uniqueness::Several);
            }
        }
    }
    Ok(Uniqueness::Undetermined)
}

/// A basis of {d : M·d = 0}, by integer Gauss–Jordan elimination (see `simplex::pivot`).
fn null_space(
    system: Vec<Vec<Q>>,
    cols: usize,
    budget: &mut Budget,
) -> Result<Vec<Vec<Q>>, TooHard> {
    // The system's entries are integers (ones and payoffs), so nothing is lost by taking numerators.
    let mut m: Vec<Vec<BigInt>> = system
        .iter()
        .map(|r| r.iter().map(|q| q.numer().clone()).collect())
        .collect();
    let mut denom = BigInt::one();
    let mut pivots: Vec<usize> = Vec::new();
    for c in 0..cols {
        let r = pivots.len();
        let Some(p) = (r..m.len()).find(|&i| !m[i][c].is_zero()) else {
            continue;
        };
        m.swap(r, p);
        if m[r][c].is_negative() {
            m[r].iter_mut().for_each(|x| *x = -x.clone());
        }
        simplex::pivot(&mut m, r, c, &mut denom, budget)?;
        pivots.push(c);
    }
    // Every pivot entry now equals `denom`, so row k reads denom·x[pivots[k]] + Σ m[k][f]·x[f] = 0.
    let free = (0..cols).filter(|c| !pivots.contains(c));
    Ok(free
        .map(|f| {
            let mut d = vec![Q::zero(); cols];
            d[f] = Q::from_integer(denom.clone());
            for (row, &pc) in pivots.iter().enumerate() {
                d[pc] = Q::from_integer(-m[row][f].clone());
            }
            d
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> Q {
        Q::new(n.into(), d.into())
    }

    #[test]
    fn integral_scales_by_the_least_common_multiple() {
        // Repeated and overlapping denominators: 4, 6, 4, 9 and 1 give 36, not their product.
        let m = vec![
            vec![q(1, 4), q(-5, 6)],
            vec![q(3, 4), q(2, 9)],
            vec![q(7, 1), q(0, 1)],
        ];
        let (ints, scale) = integral(&m);
        assert_eq!(scale, BigInt::from(36));
        let want: Vec<Vec<BigInt>> = [[9, -30], [27, 8], [252, 0]]
            .iter()
            .map(|r| r.iter().map(|&x| BigInt::from(x)).collect())
            .collect();
        assert_eq!(ints, want);
    }
}
