//! Simultaneous moves (`together`), as docs/language.md defines them, valued independently of the
//! engine's simplex: a stage is the zero-sum matrix game over its pairs' values, and its value is
//! found by enumerating square supports (Shapley and Snow, 1950: every matrix game has an optimal
//! pair of strategies whose supports I and J have the same size and on which both players'
//! strategies equalise; each candidate pair is solved by exact Gaussian elimination and kept only
//! if it guarantees the value against every choice of the other player).

use super::expand::Move;
use super::{Fault, FaultKind, Game, R};
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

type Q = BigRational;

/// The most supports tried at one stage (the sum over k of C(rows, k) C(cols, k)).
const MAX_SUPPORTS: u128 = 2_000_000;

/// A position's moves as one stage: the rows (the mover's choices), the columns (the other's) and
/// the index of each pair's move, row by row; `Ok(None)` when no move is simultaneous.
pub fn stage(game: &Game, moves: &[Move]) -> R<Option<(usize, usize, Vec<usize>)>> {
    let Some(first) = moves
        .iter()
        .find(|m| game.moves[m.family].together.is_some())
    else {
        return Ok(None);
    };
    if moves.iter().any(|m| m.family != first.family) {
        return Err(Fault::new(
            FaultKind::MixedStage,
            "a simultaneous move beside other moves",
        ));
    }
    let mut rows: Vec<i64> = moves.iter().map(|m| m.args[0]).collect();
    let mut cols: Vec<i64> = moves.iter().map(|m| m.args[1]).collect();
    rows.sort_unstable();
    rows.dedup();
    cols.sort_unstable();
    cols.dedup();
    let mut cells = Vec::new();
    for r in &rows {
        for c in &cols {
            match moves
                .iter()
                .position(|m| m.args[0] == *r && m.args[1] == *c)
            {
                Some(k) => cells.push(k),
                None => {
                    return Err(Fault::new(
                        FaultKind::ChoicesDepend,
                        format!("the choices {r} and {c} are each legal but not together"),
                    ))
                }
            }
        }
    }
    Ok(Some((rows.len(), cols.len(), cells)))
}

/// The value of the zero-sum game `a` (the row player maximises) with an optimal strategy for
/// each player; `None` when the supports to try pass `MAX_SUPPORTS`.
pub fn solve(a: &[Vec<Q>]) -> Option<(Q, Vec<Q>, Vec<Q>)> {
    let (m, n) = (a.len(), a.first().map_or(0, Vec::len));
    if !supports_to_try(m, n) {
        return None;
    }
    for k in 1..=m.min(n) {
        for rows in subsets(m, k) {
            for cols in subsets(n, k) {
                if let Some(found) = try_support(a, &rows, &cols) {
                    return Some(found);
                }
            }
        }
    }
    None
}

/// Both players equalising on the support (`rows`, `cols`), if that gives optimal strategies.
fn try_support(a: &[Vec<Q>], rows: &[usize], cols: &[usize]) -> Option<(Q, Vec<Q>, Vec<Q>)> {
    let (m, n) = (a.len(), a[0].len());
    // The row player: Σ_i x_i a[i][j] = v for j in cols, Σ x_i = 1 (unknowns x and v); the
    // column player: Σ_j a[i][j] y_j = v for i in rows, Σ y_j = 1.
    let x_sys = equalising(cols, rows, |j, i| a[i][j].clone());
    let y_sys = equalising(rows, cols, |i, j| a[i][j].clone());
    let xs = gauss(x_sys)?;
    let ys = gauss(y_sys)?;
    let (v, w) = (xs[rows.len()].clone(), ys[cols.len()].clone());
    if v != w
        || xs
            .iter()
            .take(rows.len())
            .chain(ys.iter().take(cols.len()))
            .any(|p| p.is_negative())
    {
        return None;
    }
    let mut x = vec![Q::zero(); m];
    for (k, &i) in rows.iter().enumerate() {
        x[i] = xs[k].clone();
    }
    let mut y = vec![Q::zero(); n];
    for (k, &j) in cols.iter().enumerate() {
        y[j] = ys[k].clone();
    }
    let row_ok = (0..n).all(|j| (0..m).map(|i| &x[i] * &a[i][j]).sum::<Q>() >= v);
    let col_ok = (0..m).all(|i| (0..n).map(|j| &y[j] * &a[i][j]).sum::<Q>() <= v);
    (row_ok && col_ok).then_some((v, x, y))
}

/// The equations of one player's strategy over `mine` making every choice in `theirs` give the
/// same value v: one row per choice of theirs (`entry(theirs, mine)`, then -1 for v, then the
/// right-hand side 0), and the probabilities summing to one.
fn equalising(theirs: &[usize], mine: &[usize], entry: impl Fn(usize, usize) -> Q) -> Vec<Vec<Q>> {
    theirs
        .iter()
        .map(|&t| {
            let mut r: Vec<Q> = mine.iter().map(|&m| entry(t, m)).collect();
            r.push(-Q::one());
            r.push(Q::zero());
            r
        })
        .chain(std::iter::once(ones(mine.len())))
        .collect()
}

/// `1, 1, ..., 1, 0` equal to 1: the probabilities sum to one (the value's coefficient 0).
fn ones(k: usize) -> Vec<Q> {
    let mut r = vec![Q::one(); k];
    r.push(Q::zero());
    r.push(Q::one());
    r
}

/// Solves the square system whose rows are coefficients followed by the right-hand side; `None`
/// when it is singular.
fn gauss(mut s: Vec<Vec<Q>>) -> Option<Vec<Q>> {
    let n = s.len();
    for c in 0..n {
        let p = (c..n).find(|&r| !s[r][c].is_zero())?;
        s.swap(c, p);
        let pivot = s[c][c].clone();
        for x in s[c].iter_mut() {
            *x /= &pivot;
        }
        for r in 0..n {
            if r != c && !s[r][c].is_zero() {
                let f = s[r][c].clone();
                let row = s[c].clone();
                for (x, y) in s[r].iter_mut().zip(&row) {
                    *x -= &f * y;
                }
            }
        }
    }
    Some(s.into_iter().map(|r| r[n].clone()).collect())
}

/// The value of the zero-sum game `a` in floating point (for value iteration, where the exact
/// `solve` on floats written as fractions is far too slow), by the same enumeration of square
/// supports: each pair's equalising systems solved by Gaussian elimination with partial
/// pivoting, and kept only if its strategies are probabilities and guarantee the value against
/// every choice of the other player, each to within 1e-12 (so the value returned is within
/// 1e-12 of the game's, up to rounding). `None` past `MAX_SUPPORTS`, or when no pair passes.
pub fn value_f64(a: &[Vec<f64>]) -> Option<f64> {
    const EPS: f64 = 1e-12;
    let (m, n) = (a.len(), a.first().map_or(0, Vec::len));
    if !supports_to_try(m, n) {
        return None;
    }
    // One player's strategy over `mine` equalising every choice in `theirs`, then its value.
    let solve = |theirs: &[usize], mine: &[usize], entry: &dyn Fn(usize, usize) -> f64| {
        let k = mine.len();
        let mut s: Vec<Vec<f64>> = theirs
            .iter()
            .map(|&t| {
                let mut r: Vec<f64> = mine.iter().map(|&i| entry(t, i)).collect();
                r.extend([-1.0, 0.0]);
                r
            })
            .collect();
        let mut last = vec![1.0; k];
        last.extend([0.0, 1.0]);
        s.push(last);
        gauss_f64(s)
    };
    for k in 1..=m.min(n) {
        for rows in subsets(m, k) {
            for cols in subsets(n, k) {
                let Some(xs) = solve(&cols, &rows, &|j, i| a[i][j]) else {
                    continue;
                };
                let Some(ys) = solve(&rows, &cols, &|i, j| a[i][j]) else {
                    continue;
                };
                let (v, w) = (xs[k], ys[k]);
                if (v - w).abs() > EPS || xs[..k].iter().chain(&ys[..k]).any(|&p| p < -EPS) {
                    continue;
                }
                let guarantees_row = (0..n).all(|j| {
                    let got: f64 = rows.iter().zip(&xs).map(|(&i, x)| x * a[i][j]).sum();
                    got >= v - EPS
                });
                let guarantees_col = (0..m).all(|i| {
                    let got: f64 = cols.iter().zip(&ys).map(|(&j, y)| y * a[i][j]).sum();
                    got <= v + EPS
                });
                if guarantees_row && guarantees_col {
                    return Some(v);
                }
            }
        }
    }
    None
}

/// `gauss` in floating point, with partial pivoting; `None` when a pivot is below 1e-12.
fn gauss_f64(mut s: Vec<Vec<f64>>) -> Option<Vec<f64>> {
    let n = s.len();
    for c in 0..n {
        let p = (c..n).max_by(|&x, &y| s[x][c].abs().total_cmp(&s[y][c].abs()))?;
        if s[p][c].abs() < 1e-12 {
            return None;
        }
        s.swap(c, p);
        let pivot = s[c][c];
        for x in s[c].iter_mut() {
            *x /= pivot;
        }
        let row = s[c].clone();
        for (r, line) in s.iter_mut().enumerate() {
            if r != c && line[c] != 0.0 {
                let f = line[c];
                for (x, y) in line.iter_mut().zip(&row) {
                    *x -= f * y;
                }
            }
        }
    }
    Some(s.into_iter().map(|r| r[n]).collect())
}

/// Whether an `m` x `n` game has choices on both sides and at most `MAX_SUPPORTS` square
/// supports (the sum over k of C(m, k) C(n, k)).
fn supports_to_try(m: usize, n: usize) -> bool {
    let supports: u128 = (1..=m.min(n))
        .map(|k| binomial(m, k).saturating_mul(binomial(n, k)))
        .fold(0u128, u128::saturating_add);
    m > 0 && n > 0 && supports <= MAX_SUPPORTS
}

fn binomial(n: usize, k: usize) -> u128 {
    (0..k).fold(1u128, |acc, i| {
        acc.saturating_mul((n - i) as u128) / (i as u128 + 1)
    })
}

/// Every `k`-element subset of `0..n`, in order.
fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut cur: Vec<usize> = (0..k).collect();
    loop {
        out.push(cur.clone());
        let Some(i) = (0..k).rev().find(|&i| cur[i] < n - k + i) else {
            return out;
        };
        cur[i] += 1;
        for j in i + 1..k {
            cur[j] = cur[j - 1] + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::ToPrimitive;

    /// The float value is the exact one's, on small matrices of small whole numbers (many
    /// degenerate: equal entries, dominated rows) and on rock-paper-scissors.
    #[test]
    fn the_float_value_is_the_exact_value() {
        let mut seed = 7u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % 5
        };
        for _ in 0..400 {
            let (m, n) = (1 + next() as usize % 4, 1 + next() as usize % 4);
            let a: Vec<Vec<i64>> = (0..m)
                .map(|_| (0..n).map(|_| next() as i64 - 2).collect())
                .collect();
            let q: Vec<Vec<Q>> = (a.iter())
                .map(|r| r.iter().map(|&x| Q::from_integer(x.into())).collect())
                .collect();
            let f: Vec<Vec<f64>> = (a.iter())
                .map(|r| r.iter().map(|&x| x as f64).collect())
                .collect();
            let exact = solve(&q).map(|(v, _, _)| v.to_f64().unwrap_or(f64::NAN));
            let float = value_f64(&f);
            let (Some(e), Some(x)) = (exact, float) else {
                panic!("{a:?}: exact {exact:?}, float {float:?}");
            };
            assert!((e - x).abs() < 1e-12, "{a:?}: exact {e}, float {x}");
        }
        let rps = vec![
            vec![0.0, -1.0, 1.0],
            vec![1.0, 0.0, -1.0],
            vec![-1.0, 1.0, 0.0],
        ];
        assert_eq!(value_f64(&rps).map(|v| v.abs() < 1e-15), Some(true));
    }
}
