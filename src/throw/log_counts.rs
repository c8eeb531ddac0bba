//! Natural logarithms of the counts the decimal elimination chain is built from, accurate for
//! millions of players: ln n! and ln surj(x, t), the ways x players can throw so that exactly a
//! given t throws appear. Running sums would carry a rounding error per player (at 10^6 players,
//! a relative error of 5e-6 in the answer, visible in its sixth digit); instead, large arguments
//! use closed forms whose error does not grow with the count.

/// Up to this many players both are tabulated by exact recurrences.
const TABLED: usize = 1024;

pub struct LogCounts {
    /// `surj[x·w + t]` for x ≤ TABLED.
    surj: Vec<f64>,
    w: usize,
    /// ln n! for every count asked for.
    fact: Vec<f64>,
    /// C(t, i) for t < w.
    binom: Vec<Vec<f64>>,
    /// ln t and ln(1 − 1/t) for t < w.
    ln_t: Vec<f64>,
    ln_keep: Vec<f64>,
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

impl LogCounts {
    /// Counts for sets of up to `widest` throws and up to `most` players.
    pub fn new(widest: usize, most: usize) -> Self {
        let w = widest + 1;
        // surj(x, t) = t·(surj(x−1, t) + surj(x−1, t−1)): all positive terms.
        let mut surj = vec![f64::NEG_INFINITY; (TABLED + 1) * w];
        surj[0] = 0.0;
        for x in 1..=TABLED {
            for t in 1..w {
                surj[x * w + t] =
                    (t as f64).ln() + lse(surj[(x - 1) * w + t], surj[(x - 1) * w + t - 1]);
            }
        }
        let mut fact = vec![0.0f64; most.max(TABLED) + 1];
        for i in 1..=TABLED {
            fact[i] = fact[i - 1] + (i as f64).ln();
        }
        for (i, f) in fact.iter_mut().enumerate().skip(TABLED + 1) {
            *f = stirling(i as f64);
        }
        let mut binom = vec![vec![1.0f64]];
        for t in 1..w {
            let prev = &binom[t - 1];
            let row = (0..=t)
                .map(|i| match i {
                    0 => 1.0,
                    _ if i == t => 1.0,
                    _ => prev[i - 1] + prev[i],
                })
                .collect();
            binom.push(row);
        }
        let ln_t = (0..w).map(|t| (t as f64).ln()).collect();
        let ln_keep = (0..w).map(|t| (1.0 - 1.0 / t as f64).ln()).collect();
        LogCounts {
            surj,
            w,
            fact,
            binom,
            ln_t,
            ln_keep,
        }
    }

    /// ln n!, for n up to the most players asked for.
    pub fn fact(&self, n: usize) -> f64 {
        self.fact[n]
    }

    /// ln surj(x, t) for t ≤ the widest set: past the table, x·ln t plus the logarithm of
    /// Σ_i (−1)^i C(t,i) (1 − i/t)^x, whose terms after the first are all below t·e^(−x/t)
    /// there, so the sum loses nothing to cancellation.
    pub fn surj(&self, x: usize, t: usize) -> f64 {
        if x <= TABLED {
            return self.surj[x * self.w + t];
        }
        if t == 0 {
            return f64::NEG_INFINITY;
        }
        let tf = t as f64;
        // The largest later term, t·(1 − 1/t)^x: below e^-40 it cannot change an f64 sum (past
        // the table that holds for every set of up to 20 throws).
        let whole = x as f64 * self.ln_t[t];
        if x as f64 * self.ln_keep[t] + self.ln_t[t] < -40.0 {
            return whole;
        }
        let rest: f64 = (1..t)
            .map(|i| {
                let sign = if i % 2 == 1 { -1.0 } else { 1.0 };
                sign * self.binom[t][i] * (x as f64 * (1.0 - i as f64 / tf).ln()).exp()
            })
            .sum();
        whole + rest.ln_1p()
    }
}

/// ln n! by Stirling's series, for n past the table (its first omitted term is below 1e-18 there,
/// and each value is computed afresh, so no error accumulates).
fn stirling(x: f64) -> f64 {
    x * x.ln() - x + 0.5 * (std::f64::consts::TAU * x).ln() + 1.0 / (12.0 * x)
        - 1.0 / (360.0 * x * x * x)
}
