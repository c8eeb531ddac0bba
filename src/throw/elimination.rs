//! N-player elimination: what one round does, the exact Markov chain on the number of players left
//! under uniformly random throws, and the fixed-strategy game where every throw is decided in advance.

use super::exact::Q;
use super::{Action, ThrowGame, When};
use num_bigint::{BigInt, BigUint};
use num_traits::{One, Zero};
use std::collections::BTreeMap;

/// The most throws the exact chain handles: it visits every subset of throws once.
pub const MAX_CHAIN_THROWS: usize = 20;

/// What a round did: the clause that applied and the throws knocked out (empty: a stalemate).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub when: Option<When>,
    pub action: Action,
    pub out: Vec<usize>,
}

/// Applies the round rule to the distinct throws shown (in any order).
pub fn judge(g: &ThrowGame, shown: &[usize]) -> Verdict {
    let (action, when) = g.round.action(shown.len());
    let out = match action {
        Action::Rethrow => Vec::new(),
        Action::EliminateLosers | Action::EliminateBeaten => {
            let beaten: Vec<usize> = shown
                .iter()
                .copied()
                .filter(|&j| shown.iter().any(|&i| g.beat(i, j).is_some()))
                .collect();
            // Nobody is out when every throw shown is beaten: someone must be left to play on.
            if beaten.len() == shown.len() {
                Vec::new()
            } else {
                beaten
            }
        }
    };
    Verdict { when, action, out }
}

/// The most players whose chain is computed exactly (about a second for Rock-Paper-Scissors: the
/// fractions' digits grow with the square of the count).
pub const MAX_EXACT_PLAYERS: usize = 300;

/// The chain's answers for one player count: exact up to `MAX_EXACT_PLAYERS`, and as natural
/// logarithms of decimals for every count.
#[derive(Clone, Debug)]
pub struct ChainRow {
    pub players: usize,
    pub exact: Option<ExactRow>,
    /// ln of the probability that a round eliminates someone.
    pub decisive_ln: f64,
    /// ln of the expected rounds until one player is left; `None` if play may never end.
    pub expected_ln: Option<f64>,
}

#[derive(Clone, Debug)]
pub struct ExactRow {
    /// Probability that a round eliminates nobody.
    pub stay: Q,
    /// Expected rounds until one player is left; `None` if play may never end.
    pub expected: Option<Q>,
}

/// Solves the chain for each requested player count. `Err` names a limit that was exceeded.
pub fn chain(g: &ThrowGame, counts: &[usize]) -> Result<Vec<ChainRow>, String> {
    let k = g.len();
    if k > MAX_CHAIN_THROWS {
        return Err(format!(
            "the exact elimination chain handles at most {MAX_CHAIN_THROWS} throws, and this game has {k}"
        ));
    }
    let most = counts.iter().copied().max().unwrap_or(1);
    let classes = classes(g);
    let logs = super::chain_decimal::chain(k, &classes, most)?;
    let exact_most = counts
        .iter()
        .copied()
        .filter(|&n| n <= MAX_EXACT_PLAYERS)
        .max()
        .unwrap_or(1);
    let exact = exact_chain(k, &classes, exact_most);
    let mut sorted: Vec<usize> = counts.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    Ok(sorted
        .into_iter()
        .filter(|&n| n >= 2)
        .map(|n| ChainRow {
            players: n,
            exact: exact.get(n).cloned().flatten(),
            decisive_ln: logs[n].decisive,
            expected_ln: logs[n].expected,
        })
        .collect())
}

/// The exact chain for 2 to `most` players (index n; `None` below 2).
///
/// With c(n→m) the number of the kⁿ throw combinations that leave m of n players,
/// E[n]·(kⁿ − c(n→n)) = kⁿ + Σ_{m<n} c(n→m)·E[m]. Every E[m] is kept over one common denominator
/// (the product of the factors kʲ − c(j→j) so far), so the recursion needs no gcd until the end.
fn exact_chain(
    k: usize,
    classes: &BTreeMap<(usize, usize), u64>,
    most: usize,
) -> Vec<Option<ExactRow>> {
    let surj = surjections(most, k);
    let mut den = BigInt::one();
    let mut scaled: Vec<BigInt> = vec![BigInt::zero(); most + 1];
    let mut never = vec![false; most + 1];
    let mut rows = vec![None; most.max(1) + 1];
    for n in 2..=most {
        let ways = transitions(n, classes, &surj);
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
        rows[n] = Some(ExactRow {
            stay: Q::new(stay, total),
            expected: (!never[n]).then(|| Q::new(scaled[n].clone(), den.clone())),
        });
    }
    rows
}

/// Counts of non-empty throw sets by (throws kept, throws knocked out).
fn classes(g: &ThrowGame) -> BTreeMap<(usize, usize), u64> {
    let k = g.len();
    let mut out = BTreeMap::new();
    for mask in 1u32..(1u32 << k) {
        let shown: Vec<usize> = (0..k).filter(|i| mask & (1 << i) != 0).collect();
        let knocked = judge(g, &shown).out.len();
        *out.entry((shown.len() - knocked, knocked)).or_insert(0) += 1;
    }
    out
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

/// One round of the fixed-strategy game.
#[derive(Clone, Debug)]
pub struct RoundLog {
    /// (player, throw) for every player still in.
    pub throws: Vec<(usize, usize)>,
    pub verdict: Verdict,
    /// The players knocked out this round.
    pub out: Vec<usize>,
}

/// Why the fixed-strategy game stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    OneLeft,
    /// These players still in had no throw left for the next round.
    UsedUp(Vec<usize>),
}

#[derive(Clone, Debug)]
pub struct RunLog {
    pub rounds: Vec<RoundLog>,
    pub survivors: Vec<usize>,
    pub stop: Stop,
}

/// Plays the fixed-strategy game: player p throws `lists[p][r]` in round r while still in.
pub fn run(g: &ThrowGame, lists: &[Vec<usize>]) -> RunLog {
    let mut alive: Vec<usize> = (0..lists.len()).collect();
    let mut rounds = Vec::new();
    for r in 0.. {
        if alive.len() <= 1 {
            break;
        }
        let used_up: Vec<usize> = alive
            .iter()
            .copied()
            .filter(|&p| lists[p].len() <= r)
            .collect();
        if !used_up.is_empty() {
            return RunLog {
                rounds,
                survivors: alive,
                stop: Stop::UsedUp(used_up),
            };
        }
        let throws: Vec<(usize, usize)> = alive.iter().map(|&p| (p, lists[p][r])).collect();
        let mut shown: Vec<usize> = throws.iter().map(|&(_, t)| t).collect();
        shown.sort_unstable();
        shown.dedup();
        let verdict = judge(g, &shown);
        let out: Vec<usize> = throws
            .iter()
            .filter(|(_, t)| verdict.out.contains(t))
            .map(|&(p, _)| p)
            .collect();
        alive.retain(|p| !out.contains(p));
        rounds.push(RoundLog {
            throws,
            verdict,
            out,
        });
    }
    RunLog {
        rounds,
        survivors: alive,
        stop: Stop::OneLeft,
    }
}
