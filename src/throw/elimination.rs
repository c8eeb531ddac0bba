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

/// The chain's answers, exact.
#[derive(Clone, Debug)]
pub struct Chain {
    /// `stay[n]`: probability that a round with n players eliminates nobody.
    pub stay: Vec<Q>,
    /// `expected[n]`: expected rounds until one player is left, from n players; `None` if play may
    /// never end (some reachable count can never shrink).
    pub expected: Vec<Option<Q>>,
}

/// Solves the chain for every player count up to `players`. `Err` names a limit that was exceeded.
pub fn chain(g: &ThrowGame, players: usize) -> Result<Chain, String> {
    let k = g.len();
    if k > MAX_CHAIN_THROWS {
        return Err(format!(
            "the exact elimination chain handles at most {MAX_CHAIN_THROWS} throws, and this game has {k}"
        ));
    }
    let classes = classes(g);
    let surj = surjections(players, k);
    let mut stay = vec![Q::zero(); players + 1];
    let mut expected: Vec<Option<Q>> = vec![Some(Q::zero()); players + 1];
    for n in 2..=players {
        let (p_stay, moves) = transitions(n, k, &classes, &surj);
        stay[n] = p_stay.clone();
        expected[n] = expected_rounds(&p_stay, &moves, &expected);
    }
    Ok(Chain { stay, expected })
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

/// From n players: the probability nobody is out, and the probability of each smaller count m.
fn transitions(
    n: usize,
    k: usize,
    classes: &BTreeMap<(usize, usize), u64>,
    surj: &[Vec<BigUint>],
) -> (Q, Vec<(usize, Q)>) {
    let total = BigInt::from(BigUint::from(k).pow(n as u32));
    let binom = binomials(n);
    let mut counts = vec![BigUint::zero(); n + 1];
    for (&(kept, knocked), &c) in classes {
        for m in 1..=n {
            let ways = &binom[m] * &surj[m][kept] * &surj[n - m][knocked];
            counts[m] += ways * BigUint::from(c);
        }
    }
    let p = |c: &BigUint| Q::new(BigInt::from(c.clone()), total.clone());
    let moves = (1..n)
        .filter(|&m| !counts[m].is_zero())
        .map(|m| (m, p(&counts[m])))
        .collect();
    (p(&counts[n]), moves)
}

fn binomials(n: usize) -> Vec<BigUint> {
    let mut row = vec![BigUint::one()];
    for m in 1..=n {
        let next = &row[m - 1] * BigUint::from(n + 1 - m) / BigUint::from(m);
        row.push(next);
    }
    row
}

/// E[n] = (1 + Σ P(n→m)·E[m]) / (1 − P(n→n)).
fn expected_rounds(stay: &Q, moves: &[(usize, Q)], known: &[Option<Q>]) -> Option<Q> {
    let leave = Q::one() - stay.clone();
    if leave.is_zero() {
        return None;
    }
    let mut sum = Q::one();
    for (m, p) in moves {
        sum += p.clone() * known[*m].clone()?;
    }
    Some(sum / leave)
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
