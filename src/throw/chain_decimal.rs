//! The elimination chain in floating point, for player counts whose exact fractions are too large
//! to compute in reasonable time (their digits grow with the square of the count). Everything is
//! kept as natural logarithms, so values far beyond f64's range (E ≈ 10^176 for 1,000 players of
//! Rock-Paper-Scissors) stay representable, and every sum of positive terms is a log-sum-exp.
//!
//! E[n]·P(n) = 1 + Σ_{m<n} P(n→m)·E[m], with P(n) the probability that a round from n players is
//! decisive. Only the counts whose terms matter are computed: 1/P(m) ≤ E[m] ≤ U[m] = Σ_{j≤m}
//! 1/P(j) (each count is visited at most once, for 1/P(j) rounds on average), so a term whose
//! upper bound is e^60 times smaller than the sum's lower bound is left out, changing the sum by
//! less than n·e^-60 of itself. For 10^6 players of Rock-Paper-Scissors no earlier count matters
//! at all; for a few hundred, a window of counts around 0.6·n does, and so on down.
//! The results are approximations (about 12 significant digits); the exact chain checks them where
//! both are computed (tests/chain.rs).

use super::log_counts::LogCounts;
use std::collections::{BTreeMap, HashMap};

/// The most players the decimal chain is computed for (it keeps three numbers per count).
pub const MAX_DECIMAL_PLAYERS: usize = 10_000_000;
/// The terms P(n→m) one decimal chain may evaluate (about two seconds here).
pub const MAX_DECIMAL_WORK: u64 = 250_000_000;
/// Terms below e^-CUT of the sum's lower bound are left out.
const CUT: f64 = 60.0;

/// Natural logs of the decimal chain's answers for one player count.
#[derive(Clone, Copy, Debug)]
pub struct LogRow {
    /// ln of the probability that a round eliminates someone (`-inf`: never).
    pub decisive: f64,
    /// ln of the expected rounds until one player is left; `None` if play may never end.
    pub expected: Option<f64>,
}

fn lse(a: f64, b: f64) -> f64 {
    if a == f64::NEG_INFINITY {
        return b;
    }
    if b == f64::NEG_INFINITY {
        return a;
    }
    let (hi, lo) = if a > b { (a, b) } else { (b, a) };
    hi + (lo - hi).exp().ln_1p()
}

/// The chain for each count in `counts`, from the counts of throw sets by (kept, knocked out).
/// `Err` when the count or the work would pass its limit.
pub fn chain(
    k: usize,
    classes: &BTreeMap<(usize, usize), u64>,
    counts: &[usize],
) -> Result<BTreeMap<usize, LogRow>, String> {
    chain_within(k, classes, counts, MAX_DECIMAL_WORK)
}

/// `chain` with at most `budget` terms evaluated.
pub fn chain_within(
    k: usize,
    classes: &BTreeMap<(usize, usize), u64>,
    counts: &[usize],
    budget: u64,
) -> Result<BTreeMap<usize, LogRow>, String> {
    let most = counts.iter().copied().max().unwrap_or(1);
    let widest = classes.keys().map(|&(a, b)| a + b).max().unwrap_or(0);
    if most > MAX_DECIMAL_PLAYERS {
        return Err(format!(
            "the elimination chain is computed for at most {MAX_DECIMAL_PLAYERS} players, not {most}"
        ));
    }
    let t = Tables::new(k, classes, most, widest);
    let mut ln_e: HashMap<usize, f64> = HashMap::from([(1, f64::NEG_INFINITY)]);
    let mut work = Work {
        done: 0,
        budget,
        asked: 0,
    };
    let mut out = BTreeMap::new();
    for &n in counts {
        work.asked = n;
        let expected = match t.never[n] {
            _ if n < 2 => Some(f64::NEG_INFINITY),
            true => None,
            false => Some(t.expected(n, &mut ln_e, &mut work)?),
        };
        out.insert(
            n,
            LogRow {
                decisive: t.ln_dec[n],
                expected,
            },
        );
    }
    Ok(out)
}

/// Terms evaluated so far, and how many may be.
struct Work {
    done: u64,
    budget: u64,
    asked: usize,
}

/// What every count's terms are built from.
struct Tables {
    /// (ln of the number of throw sets, kept, knocked out) for the decisive classes.
    decisive: Vec<(f64, usize, usize)>,
    logs: LogCounts,
    ln_k: f64,
    /// ln of the probability that a round from n players is decisive.
    ln_dec: Vec<f64>,
    /// From n players play may never end.
    never: Vec<bool>,
    /// ln of U[n] = Σ 1/P(j) over 2 ≤ j ≤ n with P(j) > 0: a bound on E[n] when it is finite.
    ln_bound: Vec<f64>,
}

impl Tables {
    fn new(k: usize, classes: &BTreeMap<(usize, usize), u64>, most: usize, widest: usize) -> Self {
        let logs = LogCounts::new(widest, most);
        let ln_k = (k as f64).ln();
        let decisive: Vec<(f64, usize, usize)> = classes
            .iter()
            .filter(|(&(_, b), _)| b > 0)
            .map(|(&(a, b), &n)| ((n as f64).ln(), a, b))
            .collect();
        // The probability of a decisive round is summed from its positive terms, not taken as
        // 1 − P(stay): for 1,000 players of Rock-Paper-Scissors it is 2.4e-176.
        let ln_dec: Vec<f64> = (0..=most)
            .map(|n| {
                decisive.iter().fold(f64::NEG_INFINITY, |acc, &(c, a, b)| {
                    lse(acc, c + logs.surj(n, a + b))
                }) - n as f64 * ln_k
            })
            .collect();
        // Play may never end if no round can eliminate anyone, or a count it can reach is stuck;
        // `before[m]` counts the stuck counts below m.
        let mut never = vec![false; most + 1];
        let mut before = vec![0usize; most + 2];
        for n in 2..=most {
            let reach = decisive
                .iter()
                .any(|&(_, a, b)| a + b <= n && before[n - b + 1] > before[a]);
            never[n] = ln_dec[n] == f64::NEG_INFINITY || reach;
            before[n + 1] = before[n] + usize::from(never[n]);
        }
        let mut ln_bound = vec![f64::NEG_INFINITY; most + 1];
        for n in 2..=most {
            ln_bound[n] = match ln_dec[n] == f64::NEG_INFINITY {
                true => ln_bound[n - 1],
                false => lse(ln_bound[n - 1], -ln_dec[n]),
            };
        }
        Tables {
            decisive,
            logs,
            ln_k,
            ln_dec,
            never,
            ln_bound,
        }
    }

    /// ln P(n→m), for 1 ≤ m < n.
    fn ln_step(&self, n: usize, m: usize) -> f64 {
        let l = &self.logs;
        let ln_c = l.fact(n) - l.fact(m) - l.fact(n - m);
        self.decisive
            .iter()
            .fold(f64::NEG_INFINITY, |acc, &(c, a, b)| {
                lse(acc, c + l.surj(m, a) + l.surj(n - m, b))
            })
            + ln_c
            - n as f64 * self.ln_k
    }

    /// The largest class's share of ln P(n→m), for 1 ≤ m < n, without logarithms or
    /// exponentials: ln P(n→m) lies between it and it plus ln(number of classes).
    fn ln_step_largest(&self, n: usize, m: usize) -> f64 {
        let l = &self.logs;
        let ln_c = l.fact(n) - l.fact(m) - l.fact(n - m);
        self.decisive
            .iter()
            .map(|&(c, a, b)| c + l.surj(m, a) + l.surj(n - m, b))
            .fold(f64::NEG_INFINITY, f64::max)
            + ln_c
            - n as f64 * self.ln_k
    }

    /// The terms of E[n]'s sum that matter: (m, ln P(n→m)).
    fn terms(&self, n: usize, work: &mut Work) -> Result<Vec<(usize, f64)>, String> {
        work.done += (n as u64) * self.decisive.len() as u64;
        if work.done > work.budget {
            return Err(format!(
                "the elimination chain of this game is not computed for {} players: it needs more than {} steps (it reached {n} players); fewer players are answered",
                work.asked, work.budget
            ));
        }
        let largest: Vec<f64> = (2..n).map(|m| self.ln_step_largest(n, m)).collect();
        // The sum is at least 1 and at least each term's lower bound P(n→m)/P(m).
        let floor = largest
            .iter()
            .zip(2..n)
            .map(|(&s, m)| s - self.ln_dec[m])
            .fold(0.0f64, f64::max);
        let spread = (self.decisive.len().max(1) as f64).ln();
        Ok(largest
            .into_iter()
            .zip(2..n)
            .filter(|&(s, m)| s > f64::NEG_INFINITY && s + spread + self.ln_bound[m] >= floor - CUT)
            .map(|(_, m)| (m, self.ln_step(n, m)))
            .collect())
    }

    /// ln E[n] for a count from which play ends, computing the counts it needs first (without
    /// recursion: a chain may step down one player at a time).
    fn expected(
        &self,
        n: usize,
        ln_e: &mut HashMap<usize, f64>,
        work: &mut Work,
    ) -> Result<f64, String> {
        let mut pending: HashMap<usize, Vec<(usize, f64)>> = HashMap::new();
        let mut stack = vec![n];
        while let Some(&x) = stack.last() {
            if ln_e.contains_key(&x) {
                stack.pop();
                continue;
            }
            if let std::collections::hash_map::Entry::Vacant(slot) = pending.entry(x) {
                slot.insert(self.terms(x, work)?);
            }
            let missing: Vec<usize> = pending[&x]
                .iter()
                .map(|&(m, _)| m)
                .filter(|m| !ln_e.contains_key(m))
                .collect();
            if missing.is_empty() {
                let sum = pending[&x]
                    .iter()
                    .fold(0.0, |acc, &(m, s)| lse(acc, s + ln_e[&m]));
                ln_e.insert(x, sum - self.ln_dec[x]);
                pending.remove(&x);
                stack.pop();
            } else {
                stack.extend(missing);
            }
        }
        Ok(ln_e[&n])
    }
}

/// `exp(x)` written as a decimal with 6 significant digits: `0.666667`, `1.5`, `4.11280e175`.
pub fn decimal_of_ln(x: f64) -> String {
    if x == f64::NEG_INFINITY {
        return "0".to_string();
    }
    let l10 = x / std::f64::consts::LN_10;
    let mut e = l10.floor();
    let mut m = 10f64.powf(l10 - e);
    if m >= 9.999995 {
        m /= 10.0;
        e += 1.0;
    }
    if (-4.0..6.0).contains(&e) {
        let v = m * 10f64.powf(e);
        let places = (5.0 - e).max(0.0) as usize;
        let s = format!("{v:.places$}");
        let s = if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s
        };
        return s;
    }
    format!("{m:.5}e{e}")
}
