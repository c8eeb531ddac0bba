//! The elimination chain as first written (every step rescales all earlier expectations to one
//! common denominator, Θ(N⁵)), kept as a test oracle for the fast chain in `chain`.

use super::chain::{chain as fast, classes, ChainRow, MAX_CHAIN_THROWS};
use super::ThrowGame;
use crate::throw::exact::Q;
use num_bigint::{BigInt, BigUint};
use num_traits::{One, Zero};
use std::collections::BTreeMap;

/// Solves the chain for each requested player count. `Err` names a limit that was exceeded.
///
/// With c(n→m) the number of the kⁿ throw combinations that leave m of n players,
/// E[n]·(kⁿ − c(n→n)) = kⁿ + Σ_{m<n} c(n→m)·E[m]. Every E[m] is kept over one common denominator
/// (the product of the factors kʲ − c(j→j) so far), so the recursion needs no gcd until the end.
pub fn slow_chain(g: &ThrowGame, counts: &[usize]) -> Result<Vec<ChainRow>, String> {
    let k = g.len();
    if k > MAX_CHAIN_THROWS {
        return Err(format!(
            "the exact elimination chain handles at most {MAX_CHAIN_THROWS} throws, and this game has {k}"
        ));
    }
    let most = counts.iter().copied().max().unwrap_or(1);
    let classes = classes(g);
    let surj = surjections(most, k);
    let mut den = BigInt::one();
    let mut scaled: Vec<BigInt> = vec![BigInt::zero(); most + 1];
    let mut never = vec![false; most + 1];
    let mut rows = Vec::new();
    for n in 2..=most {
        let ways = transitions(n, &classes, &surj);
        let total = BigInt::from(BigUint::from(k).pow(n as u32));
        let stay = BigInt::from(ways[n].clone());
        let mut num = &total * &den;
        for (m, c) in ways
            .iter()
            .enumerate()
            .take(n)
            .skip(1)
            .filter(|(_, c)| !c.is_zero())
        {
            never[n] |= never[m];
            num += BigInt::from(c.clone()) * &scaled[m];
        }
        let factor = &total - &stay;
        never[n] |= factor.is_zero();
        let factor = if factor.is_zero() {
            BigInt::one()
        } else {
            factor
        };
        scaled.iter_mut().take(n).for_each(|x| *x *= &factor);
        den *= &factor;
        scaled[n] = num;
        if counts.contains(&n) {
            let expected = (!never[n]).then(|| Q::new(scaled[n].clone(), den.clone()));
            rows.push(ChainRow {
                players: n,
                stay: Q::new(stay, total),
                expected,
            });
        }
    }
    Ok(rows)
}

/// `surj[n][s]`: the ways n players can throw so that exactly a given s throws all appear.
fn surjections(players: usize, k: usize) -> Vec<Vec<BigUint>> {
    let mut s = vec![vec![BigUint::zero(); k + 1]; players + 1];
    s[0][0] = BigUint::one();
    for n in 1..=players {
        for t in 1..=k {
            s[n][t] = (&s[n - 1][t] + &s[n - 1][t - 1]) * BigUint::from(t);
        }
    }
    s
}

/// From n players: how many of the kⁿ throw combinations leave each number m of players.
fn transitions(
    n: usize,
    classes: &BTreeMap<(usize, usize), u64>,
    surj: &[Vec<BigUint>],
) -> Vec<BigUint> {
    let binom = binomials(n);
    let mut counts = vec![BigUint::zero(); n + 1];
    for (&(kept, knocked), &c) in classes {
        for m in 1..=n {
            let ways = &binom[m] * &surj[m][kept] * &surj[n - m][knocked];
            counts[m] += ways * BigUint::from(c);
        }
    }
    counts
}

fn binomials(n: usize) -> Vec<BigUint> {
    let mut row = vec![BigUint::one()];
    for m in 1..=n {
        let next = &row[m - 1] * BigUint::from(n + 1 - m) / BigUint::from(m);
        row.push(next);
    }
    row
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(src: &str) -> ThrowGame {
        match crate::compile(src, &[]).0 {
            Some((_, crate::Compiled::Throw(t))) => t,
            _ => panic!("not a throw game"),
        }
    }

    fn same(src: &str, most: usize) {
        let g = game(src);
        let counts: Vec<usize> = (2..=most).collect();
        let a = fast(&g, &counts).unwrap();
        let b = slow_chain(&g, &counts).unwrap();
        assert_eq!(a.len(), b.len());
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(x.players, y.players);
            assert_eq!(x.stay, y.stay, "stay, {} players", x.players);
            assert_eq!(x.expected, y.expected, "expected, {} players", x.players);
        }
    }

    #[test]
    fn the_fast_chain_agrees_with_the_first_one() {
        same(
            "game \"m\" { throws r, p, s\n beats { p covers r; s cuts p; r crushes s }\n players 2..\n round { if exactly 2 throws: eliminate losers; otherwise: rethrow } }",
            60,
        );
        // RPSLS under the default rule: several throws may go at once.
        same(
            "game \"l\" { throws a, b, c, d, e\n beats odd-steps ahead\n players 2.. }",
            40,
        );
        // Seven throws, a round of 3 or 4 throws eliminating, otherwise rethrow.
        same(
            "game \"s\" { throws a, b, c, d, e, f, g\n beats odd-steps ahead\n players 2..\n round { if exactly 3 throws: eliminate beaten unless all beaten; if exactly 4 throws: eliminate beaten unless all beaten; otherwise: rethrow } }",
            30,
        );
        // A throw that beats everything, one that beats nothing: some counts never finish.
        same(
            "game \"t\" { throws a, b, c\n beats { a > b; a > c }\n ties allowed\n players 2..\n round { if exactly 3 throws: eliminate losers; otherwise: rethrow } }",
            20,
        );
    }

    #[test]
    fn small_counts_exactly() {
        let g = game("game \"m\" { throws r, p, s\n beats { p covers r; s cuts p; r crushes s }\n players 2..\n round { if exactly 2 throws: eliminate losers; otherwise: rethrow } }");
        let rows = fast(&g, &[2, 3, 4]).unwrap();
        let q = |n: i64, d: i64| Some(Q::new(n.into(), d.into()));
        assert_eq!(rows[0].expected, q(3, 2));
        assert_eq!(rows[0].stay, Q::new(1.into(), 3.into()));
        assert_eq!(rows[1].expected, q(9, 4));
        assert_eq!(rows[1].stay, Q::new(1.into(), 3.into()));
        assert_eq!(rows[2].expected, q(45, 14));
        assert_eq!(rows[2].stay, Q::new(13.into(), 27.into()));
    }
}
