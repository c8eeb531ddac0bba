//! The codes of one tier of the digits' sum, listed without reading the table: every way of
//! choosing the slots' digits so that they add up to the tier (the turn's digit, which the sum
//! leaves out, takes either value), in increasing order within each task. A task fixes the
//! highest digits; each lists the rest, pruning whatever cannot reach the sum. Each code is
//! listed once over all the tiers, so a solve reads the tiers' positions in one pass over the
//! numbering instead of one scan of the table a tier.

use crate::engine::{Code, Engine};

/// The digits of the numbering, lowest first.
pub(super) struct Sums {
    /// Each slot's place value and number of values.
    radix: Vec<u64>,
    sizes: Vec<u64>,
    /// The largest sum of the digits below each slot: `caps[i]` for slots `0..i`.
    caps: Vec<u64>,
    /// Place values of the digits the sum leaves out (the turn, the kept turn), each 0 or 1.
    free: Vec<u64>,
    /// How many of the highest slots a task fixes.
    split: usize,
}

/// Tasks are cut so that a tier has about this many (enough to spread over the threads).
const TASKS: u64 = 256;

impl Sums {
    pub(super) fn new(engine: &Engine) -> Sums {
        let (digits, free) = engine.digits();
        let radix: Vec<u64> = digits.iter().map(|d| d.0).collect();
        let sizes: Vec<u64> = digits.iter().map(|d| d.1).collect();
        let mut caps = vec![0u64];
        for s in &sizes {
            let last = caps.last().copied().unwrap_or(0);
            caps.push(last.saturating_add(s.saturating_sub(1)));
        }
        let mut split = 0;
        let mut n = 1u64 << free.len();
        while split < sizes.len() && n < TASKS {
            n = n.saturating_mul(sizes[sizes.len() - 1 - split]);
            split += 1;
        }
        Sums {
            radix,
            sizes,
            caps,
            free,
            split,
        }
    }

    /// The tasks of tier `t`: a base code (the fixed digits) and the sum left for the others.
    pub(super) fn tasks(&self, t: u64) -> Vec<(Code, u64)> {
        let k = self.sizes.len();
        let mut out = Vec::new();
        let low = k - self.split;
        // Every value of the fixed slots, then of the free digits.
        let mut fixed = vec![0u64; self.split];
        loop {
            let (mut base, mut sum) = (0u64, 0u64);
            for (j, &v) in fixed.iter().enumerate() {
                base += v * self.radix[k - 1 - j];
                sum += v;
            }
            if sum <= t && t - sum <= self.caps[low] {
                for f in 0..1u64 << self.free.len() {
                    let extra: u64 = (0..self.free.len())
                        .filter(|b| f >> b & 1 == 1)
                        .map(|b| self.free[b])
                        .sum();
                    out.push((base + extra, t - sum));
                }
            }
            // The next value of the fixed digits, the last one fastest.
            let mut j = self.split;
            loop {
                if j == 0 {
                    return out;
                }
                j -= 1;
                fixed[j] += 1;
                if fixed[j] < self.sizes[k - 1 - j] {
                    break;
                }
                fixed[j] = 0;
            }
        }
    }

    /// Calls `f` on every code `base` plus lower slots' digits adding up to `rem`, in order.
    pub(super) fn each<E>(
        &self,
        base: Code,
        rem: u64,
        f: &mut impl FnMut(Code) -> Result<(), E>,
    ) -> Result<(), E> {
        self.below(self.sizes.len() - self.split, base, rem, f)
    }

    /// The digits of slots `0..i` adding up to `rem`.
    fn below<E>(
        &self,
        i: usize,
        base: Code,
        rem: u64,
        f: &mut impl FnMut(Code) -> Result<(), E>,
    ) -> Result<(), E> {
        if i == 0 {
            return if rem == 0 { f(base) } else { Ok(()) };
        }
        let d = i - 1;
        if d == 0 {
            return match rem < self.sizes[0] {
                true => f(base + rem * self.radix[0]),
                false => Ok(()),
            };
        }
        // This digit takes what the lower ones cannot, at least.
        let least = rem.saturating_sub(self.caps[d]);
        let most = rem.min(self.sizes[d] - 1);
        for v in least..=most {
            self.below(d, base + v * self.radix[d], rem - v, f)?;
        }
        Ok(())
    }
}
