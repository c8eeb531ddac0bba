//! The elimination chain under uniformly random throws, exact: E[n], the expected rounds until one
//! of n players is left, for every n up to the largest asked.
//!
//! With c(n→m) the number of the kⁿ throw combinations that leave m of n players and
//! f(n) = kⁿ − c(n→n), E[n]·f(n) = kⁿ + Σ_{m<n} c(n→m)·E[m]. Every E[m] is kept as the integer
//! T[m] = E[m]·D over one denominator D = Π f(j) fixed in advance, so no value is ever rescaled.
//! c(n→m) = C(n,m)·Σ_b b^(n−m)·w_b(m) (inclusion–exclusion over the throws of the knocked-out
//! players), and for each b the binomial sums Σ_m C(n,m)·b^(n−m)·w_b(m)·T[m] are the last entries
//! of a Pascal-like triangle whose next diagonal costs one addition (and one small multiplication
//! when b > 1) per entry: Θ(N²) additions of numbers of the size of D.

use super::elimination::judge;
use super::exact::Q;
use super::ThrowGame;
use num_bigint::BigInt;
use num_traits::{One, Zero};
use std::collections::BTreeMap;

/// The most throws the exact chain handles: it visits every subset of throws once.
pub const MAX_CHAIN_THROWS: usize = 20;

/// The chain's answers for one player count, exact.
#[derive(Clone, Debug)]
pub struct ChainRow {
    pub players: usize,
    /// Probability that a round eliminates nobody.
    pub stay: Q,
    /// Expected rounds until one player is left; `None` if play may never end.
    pub expected: Option<Q>,
}

/// The chain visits every subset of throws: more than `MAX_CHAIN_THROWS` is refused.
pub fn within_throw_limit(k: usize) -> Result<(), String> {
    if k > MAX_CHAIN_THROWS {
        return Err(format!(
            "the exact elimination chain handles at most {MAX_CHAIN_THROWS} throws, and this game has {k}"
        ));
    }
    Ok(())
}

/// Counts of non-empty throw sets by (throws kept, throws knocked out).
pub fn classes(g: &ThrowGame) -> BTreeMap<(usize, usize), u64> {
    let k = g.len();
    let mut out = BTreeMap::new();
    for mask in 1u32..(1u32 << k) {
        let shown: Vec<usize> = (0..k).filter(|i| mask & (1 << i) != 0).collect();
        let knocked = judge(g, &shown).out.len();
        *out.entry((shown.len() - knocked, knocked)).or_insert(0) += 1;
    }
    out
}

/// Pascal's triangle rows 0..=k.
fn binomials(k: usize) -> Vec<Vec<BigInt>> {
    let mut rows: Vec<Vec<BigInt>> = vec![vec![BigInt::one()]];
    for n in 1..=k {
        let prev = &rows[n - 1];
        let row = (0..=n)
            .map(|i| match i {
                0 => BigInt::one(),
                _ if i == n => BigInt::one(),
                _ => &prev[i - 1] + &prev[i],
            })
            .collect();
        rows.push(row);
    }
    rows
}

/// Solves the chain for each requested player count. `Err` names a limit that was exceeded.
pub fn chain(g: &ThrowGame, counts: &[usize]) -> Result<Vec<ChainRow>, String> {
    let k = g.len();
    within_throw_limit(k)?;
    let most = counts.iter().copied().max().unwrap_or(1);
    let classes = classes(g);
    let binom = binomials(k);
    let most_knocked = classes.keys().map(|&(_, t)| t).max().unwrap_or(0);
    // surj(n, s) = Σ_i (−1)^i C(s,i) (s−i)^n, from the powers a^n for a ≤ k.
    let mut pow: Vec<BigInt> = vec![BigInt::one(); k + 1];
    pow[0] = BigInt::zero();
    let surj = |pow: &[BigInt], s: usize| -> BigInt {
        let mut x = BigInt::zero();
        for i in 0..=s {
            let term = &binom[s][i] * &pow[s - i];
            if i % 2 == 0 {
                x += term;
            } else {
                x -= term;
            }
        }
        x
    };
    // Per n ≥ 1: kⁿ, the staying count, and w_b(n) for 1 ≤ b ≤ most_knocked.
    let mut total = Vec::with_capacity(most + 1);
    let mut stay = Vec::with_capacity(most + 1);
    let mut weight: Vec<Vec<BigInt>> = Vec::with_capacity(most + 1);
    total.push(BigInt::one());
    stay.push(BigInt::zero());
    weight.push(vec![BigInt::zero(); most_knocked + 1]);
    for _ in 1..=most {
        for (a, p) in pow.iter_mut().enumerate() {
            *p *= a as u32;
        }
        let sj: Vec<BigInt> = (0..=k).map(|s| surj(&pow, s)).collect();
        let mut st = BigInt::zero();
        let mut w = vec![BigInt::zero(); most_knocked + 1];
        for (&(s, t), &c) in &classes {
            if t == 0 {
                st += &sj[s] * c;
                continue;
            }
            for (b, wb) in w.iter_mut().enumerate().skip(1).take(t) {
                let term = &sj[s] * c * &binom[t][b];
                if (t - b) % 2 == 0 {
                    *wb += term;
                } else {
                    *wb -= term;
                }
            }
        }
        total.push(pow[k].clone());
        stay.push(st);
        weight.push(w);
    }
    // Which counts can never finish: no way out, or a way into a count that never finishes.
    let mut never = vec![false; most + 1];
    let mut factor = vec![BigInt::one(); most + 1];
    for n in 2..=most {
        let f = &total[n] - &stay[n];
        never[n] = f.is_zero()
            || (1..n).any(|m| {
                never[m]
                    && classes
                        .iter()
                        .any(|(&(s, t), &c)| t > 0 && c > 0 && s <= m && t <= n - m)
            });
        if !f.is_zero() {
            factor[n] = f;
        }
    }
    let den = product(&factor[2..]);
    let scaled = scaled_expectations(most, most_knocked, &den, &total, &factor, &weight);
    let mut rows = Vec::new();
    for n in 2..=most {
        if counts.contains(&n) {
            let expected = (!never[n]).then(|| Q::new(scaled[n].clone(), den.clone()));
            rows.push(ChainRow {
                players: n,
                stay: Q::new(stay[n].clone(), total[n].clone()),
                expected,
            });
        }
    }
    Ok(rows)
}

/// T[n] = E[n]·den for n ≤ most (0 where E[n] is infinite: such values are never reported, and
/// every count that can reach them is infinite too).
fn scaled_expectations(
    most: usize,
    most_knocked: usize,
    den: &BigInt,
    total: &[BigInt],
    factor: &[BigInt],
    weight: &[Vec<BigInt>],
) -> Vec<BigInt> {
    let mut scaled = vec![BigInt::zero(); most + 1];
    // diag[b][i] = Σ_l C(i,l)·b^(i−l)·w_b(j+l)·T[j+l] with i + j = n, the triangle's diagonal n.
    let mut diag: Vec<Vec<BigInt>> = vec![vec![BigInt::zero()]; most_knocked + 1];
    for n in 1..=most {
        let mut sum = BigInt::zero();
        for (b, d) in diag.iter_mut().enumerate().skip(1) {
            next_diagonal(d, b as u32);
            sum += &d[n];
        }
        let t = if n >= 2 {
            let num = &total[n] * den + sum;
            num / &factor[n]
        } else {
            BigInt::zero()
        };
        if !t.is_zero() {
            for (b, d) in diag.iter_mut().enumerate().skip(1) {
                let x = &t * &weight[n][b];
                d.iter_mut().for_each(|e| *e += &x);
            }
        }
        scaled[n] = t;
    }
    scaled
}

/// Diagonal n from diagonal n − 1 (length n): new[0] = 0 (T[n] is not known yet),
/// new[i] = b·old[i−1] + new[i−1].
fn next_diagonal(d: &mut Vec<BigInt>, b: u32) {
    d.push(BigInt::zero());
    let mut carry = std::mem::take(&mut d[0]);
    for i in 1..d.len() {
        let next = std::mem::take(&mut d[i]);
        if b != 1 {
            carry *= b;
        }
        carry += &d[i - 1];
        d[i] = carry;
        carry = next;
    }
}

/// The product of the numbers, as a balanced tree.
fn product(xs: &[BigInt]) -> BigInt {
    match xs.len() {
        0 => BigInt::one(),
        1 => xs[0].clone(),
        n => product(&xs[..n / 2]) * product(&xs[n / 2..]),
    }
}
