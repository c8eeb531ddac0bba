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
    let supports: u128 = (1..=m.min(n))
        .map(|k| binomial(m, k).saturating_mul(binomial(n, k)))
        .fold(0u128, u128::saturating_add);
    if m == 0 || n == 0 || supports > MAX_SUPPORTS {
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
