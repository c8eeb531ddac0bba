//! The elimination chain in floating point, for player counts whose exact fractions are too large
//! to compute in reasonable time (their digits grow with the square of the count). Everything is
//! kept as natural logarithms, so values far beyond f64's range (E ≈ 10^176 for 1,000 players of
//! Rock-Paper-Scissors) stay representable, and every sum of positive terms is a log-sum-exp.
//! The results are approximations (about 12 significant digits for thousands of players); the
//! exact chain checks them where both are computed (tests/throw_props.rs).

use std::collections::BTreeMap;

/// The work allowed for one decimal chain: (largest count)² × classes of throw sets (about a
/// second here).
pub const MAX_DECIMAL_WORK: u64 = 150_000_000;

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

/// `ls[x][t]`: ln of the ways x players can throw so that exactly a given t throws all appear
/// (all positive terms: surj(x, t) = t·(surj(x−1, t) + surj(x−1, t−1))).
fn log_surjections(players: usize, k: usize) -> Vec<Vec<f64>> {
    let mut s = vec![vec![f64::NEG_INFINITY; k + 1]; players + 1];
    s[0][0] = 0.0;
    for x in 1..=players {
        for t in 1..=k {
            s[x][t] = (t as f64).ln() + lse(s[x - 1][t], s[x - 1][t - 1]);
        }
    }
    s
}

/// The chain for every count up to `most`, from the counts of throw sets by (kept, knocked out).
/// `Err` when the work would pass `MAX_DECIMAL_WORK`.
pub fn chain(
    k: usize,
    classes: &BTreeMap<(usize, usize), u64>,
    most: usize,
) -> Result<Vec<LogRow>, String> {
    let work = (most as u64)
        .saturating_mul(most as u64)
        .saturating_mul(classes.len().max(1) as u64);
    if work > MAX_DECIMAL_WORK {
        let limit = ((MAX_DECIMAL_WORK / classes.len().max(1) as u64) as f64).sqrt() as u64;
        return Err(format!(
            "the elimination chain is computed for at most {limit} players of this game (its cost grows with the square of the count), not {most}"
        ));
    }
    let ls = log_surjections(most, k);
    let mut ln_fact = vec![0.0f64; most + 1];
    for i in 1..=most {
        ln_fact[i] = ln_fact[i - 1] + (i as f64).ln();
    }
    let ln_k = (k as f64).ln();
    let classes: Vec<((usize, usize), f64)> = classes
        .iter()
        .map(|(&c, &n)| (c, (n as f64).ln()))
        .collect();
    // `never[n]`: from n players play may never end; `never_before[m]` counts such m < m.
    let mut never = vec![false; most + 1];
    let mut never_before = vec![0usize; most + 2];
    let mut ln_e = vec![f64::NEG_INFINITY; most + 1];
    let mut rows = vec![LogRow {
        decisive: f64::NEG_INFINITY,
        expected: Some(f64::NEG_INFINITY),
    }];
    rows.push(rows[0]);
    never_before[2] = 0;
    for n in 2..=most {
        let ln_p = |m: usize| {
            let ln_c = ln_fact[n] - ln_fact[m] - ln_fact[n - m];
            classes
                .iter()
                .fold(f64::NEG_INFINITY, |acc, &((a, b), ln_cnt)| {
                    lse(acc, ln_cnt + ln_c + ls[m][a] + ls[n - m][b])
                })
                - n as f64 * ln_k
        };
        // The probability of a decisive round is summed from its positive terms, not taken as
        // 1 − P(stay): for 1,000 players of Rock-Paper-Scissors it is 2.4e-176.
        let (mut decisive, mut sum) = (f64::NEG_INFINITY, f64::NEG_INFINITY);
        for (m, e) in ln_e.iter().enumerate().take(n).skip(1) {
            let lp = ln_p(m);
            decisive = lse(decisive, lp);
            if m >= 2 {
                sum = lse(sum, lp + e);
            }
        }
        // Play may never end if no round can eliminate anyone, or a count it can reach is stuck.
        let reach = classes
            .iter()
            .filter(|((_, b), _)| *b > 0)
            .any(|((a, b), _)| a + b <= n && never_before[n - b + 1] > never_before[*a]);
        never[n] = decisive == f64::NEG_INFINITY || reach;
        never_before[n + 1] = never_before[n] + usize::from(never[n]);
        ln_e[n] = lse(0.0, sum) - decisive;
        rows.push(LogRow {
            decisive,
            expected: (!never[n]).then_some(ln_e[n]),
        });
    }
    Ok(rows)
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
