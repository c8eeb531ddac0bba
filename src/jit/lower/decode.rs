//! Decoding a position's code into its slots. Digit `k` is `(code / P_k) % size_k`, `P_k` the
//! product of the sizes before it. Dividing the quotient by each size in turn is one long chain
//! (each division waits for the one before: some 5 cycles a digit, 125 for Connect Four 5 x 5's
//! 25 cells); instead every quotient `code / P_k` is computed from the code itself, by a multiply
//! by a constant and a shift, and digit `k` is `q_k - size_k * q_(k+1)`: independent
//! multiplications, which the processor overlaps. The multiplier is exact for codes below a
//! bound; a code past it (none the engine makes) is left to the interpreter.

use super::{flags, Lower};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{InstBuilder, Value};

/// How `n / d` is computed for every `n < 2^bits`: a shift, or the high word of `n * m` shifted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Div {
    Shift(u32),
    Mul { m: u64, shift: u32 },
}

/// The division by `d` (at least 1) of numbers below `2^bits`, as Granlund and Montgomery's
/// "Division by invariant integers using multiplication" (1994), theorem 4.2: with
/// `s = bits + l`, `d <= 2^l` and `m = floor(2^s / d) + 1`, `2^s < m * d <= 2^s + 2^l`, so
/// `floor(n * m / 2^s) = floor(n / d)` for every `n < 2^bits`. `l` is raised until `s >= 64`,
/// so that the quotient is the product's high word shifted right; `None` if `m` needs more than
/// 64 bits.
fn divider(d: u64, bits: u32) -> Option<Div> {
    if d.is_power_of_two() {
        return Some(Div::Shift(d.trailing_zeros()));
    }
    let l = (64 - (d - 1).leading_zeros()).max(64u32.saturating_sub(bits));
    let s = bits + l;
    if s >= 128 {
        return None;
    }
    let m = (1u128 << s) / u128::from(d) + 1;
    Some(Div::Mul {
        m: u64::try_from(m).ok()?,
        shift: s - 64,
    })
}

/// `n / d` by `divider`, in plain arithmetic (for the tests).
#[cfg(test)]
fn divide(n: u64, div: Div) -> u64 {
    match div {
        Div::Shift(k) => n >> k,
        Div::Mul { m, shift } => ((u128::from(n) * u128::from(m)) >> 64) as u64 >> shift,
    }
}

impl Lower<'_, '_> {
    /// Decodes `code` into the slots; returns its turn digit and its "kept the turn" digit (0
    /// where positions do not record them). A code past the numbering gives up, where it can be
    /// represented at all.
    pub(super) fn decode_apart(&mut self, code: Value) -> (Value, Value) {
        let sizes: Vec<u64> = self
            .rules
            .slot_ranges
            .iter()
            // The checker keeps the product of the sizes within u64, so each size fits.
            .map(|&(lo, hi)| (hi.wrapping_sub(lo) as u64).wrapping_add(1))
            .collect();
        let two = |on: bool| if on { 2 } else { 1 };
        let space = sizes.iter().fold(1u128, |p, &s| p * u128::from(s))
            * two(self.num.turn_radix != 0)
            * two(self.num.again_radix != 0);
        // The bits of the largest code.
        let bits = 128 - (space.max(2) - 1).leading_zeros();
        // Each place value below the space, and its divider; otherwise the chain.
        let mut places = Vec::with_capacity(sizes.len() + 1);
        let mut p: u64 = 1;
        for &s in &sizes {
            places.push(p);
            p = p.wrapping_mul(s);
        }
        places.push(p);
        let divs: Option<Vec<Div>> = match bits <= 64 {
            true => places.iter().map(|&p| divider(p, bits)).collect(),
            false => None,
        };
        let Some(divs) = divs else {
            return self.decode_code(code);
        };
        if bits < 64 {
            let past = self.b.ins().icmp_imm(
                IntCC::UnsignedGreaterThanOrEqual,
                code,
                (1u64 << bits) as i64,
            );
            self.bail_if(past);
        }
        // Quotients by place value, each computed once (a one-valued slot repeats its place).
        let mut quotients: Vec<(u64, Value)> = Vec::new();
        let mut quotient = |me: &mut Self, k: usize| -> Value {
            if let Some(&(_, q)) = quotients.iter().find(|q| q.0 == places[k]) {
                return q;
            }
            let q = me.divide(code, divs[k]);
            quotients.push((places[k], q));
            q
        };
        for (k, &(lo, _)) in self.rules.slot_ranges.iter().enumerate() {
            let v = if sizes[k] == 1 {
                self.konst(lo)
            } else {
                let (q, next) = (quotient(self, k), quotient(self, k + 1));
                let whole = self.times(next, sizes[k]);
                let d = self.b.ins().isub(q, whole);
                self.b.ins().iadd_imm(d, lo)
            };
            self.b.ins().store(flags(), v, self.slots, (k as i32) * 8);
        }
        let q = quotient(self, sizes.len());
        self.turn_digits(q)
    }

    /// The turn digit and the "kept the turn" digit of `q`, the code past its slots' digits (0
    /// where positions do not record them).
    fn turn_digits(&mut self, mut q: Value) -> (Value, Value) {
        let zero = self.konst(0);
        let t = if self.num.turn_radix != 0 {
            let t = self.b.ins().band_imm(q, 1);
            q = self.b.ins().ushr_imm(q, 1);
            t
        } else {
            zero
        };
        let f = if self.num.again_radix != 0 {
            self.b.ins().band_imm(q, 1)
        } else {
            zero
        };
        (t, f)
    }

    fn divide(&mut self, n: Value, div: Div) -> Value {
        match div {
            Div::Shift(0) => n,
            Div::Shift(k) => self.b.ins().ushr_imm(n, i64::from(k)),
            Div::Mul { m, shift } => {
                let m = self.konst(m as i64);
                let h = self.b.ins().umulhi(n, m);
                match shift {
                    0 => h,
                    s => self.b.ins().ushr_imm(h, i64::from(s)),
                }
            }
        }
    }

    /// `q * size`: a shift and an add for the small sizes, which `lea` does in one.
    fn times(&mut self, q: Value, size: u64) -> Value {
        match size {
            2 => self.b.ins().iadd(q, q),
            3 => {
                let d = self.b.ins().ishl_imm(q, 1);
                self.b.ins().iadd(d, q)
            }
            _ => self.b.ins().imul_imm(q, size as i64),
        }
    }

    /// Decodes `code` into the slots a digit after the other (each a division of the quotient
    /// before): as `decode_apart`, for any code.
    pub(super) fn decode_code(&mut self, code: Value) -> (Value, Value) {
        let mut q = code;
        for (k, &(lo, hi)) in self.rules.slot_ranges.iter().enumerate() {
            // The checker keeps the product of the sizes within u64, so each size fits.
            let size = (hi.wrapping_sub(lo) as u64).wrapping_add(1);
            let v = if size == 1 {
                self.konst(lo)
            } else {
                let d = self.b.ins().urem_imm(q, size as i64);
                q = self.b.ins().udiv_imm(q, size as i64);
                self.b.ins().iadd_imm(d, lo)
            };
            self.b.ins().store(flags(), v, self.slots, (k as i32) * 8);
        }
        self.turn_digits(q)
    }
}

#[cfg(test)]
mod tests {
    use super::{divide, divider, Div};

    /// Numbers a division must get right below `2^bits`: the ends, the multiples of `d` and
    /// their neighbours near them, and a spread between.
    fn probes(d: u64, bits: u32) -> Vec<u64> {
        let top = if bits == 64 {
            u64::MAX
        } else {
            (1 << bits) - 1
        };
        let mut v = vec![0, 1, top, top - 1, top / 2];
        for q in [1, 2, 3, top / d / 2, (top / d).saturating_sub(1), top / d] {
            for x in [q.wrapping_mul(d), q.wrapping_mul(d).wrapping_sub(1)] {
                if x <= top {
                    v.push(x);
                }
            }
        }
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            v.push(if bits == 64 { x } else { x & top });
        }
        v
    }

    #[test]
    fn dividers_are_exact_below_their_bound() {
        let mut divisors: Vec<u64> = (1..=40).collect();
        for base in [3u64, 5, 7, 10] {
            let mut p = 1u64;
            while let Some(q) = p.checked_mul(base) {
                // A power, and twice the power before it (a two-valued digit below).
                divisors.extend([q, p * 2]);
                p = q;
            }
        }
        for d in divisors {
            for bits in [1, 2, 10, 32, 41, 48, 60, 62, 63, 64] {
                let Some(div) = divider(d, bits) else {
                    continue;
                };
                for n in probes(d, bits) {
                    assert_eq!(divide(n, div), n / d, "{n} / {d} below 2^{bits}");
                }
            }
        }
    }

    #[test]
    fn connect_four_s_places_have_dividers() {
        // 5 x 5 and 7 x 6: 3^k below 2 x 3^25 and 4 x 3^42 (which needs more than 64 bits).
        let bits = 64 - (2 * 3u64.pow(25) - 1).leading_zeros();
        for k in 0..=25 {
            assert!(matches!(
                divider(3u64.pow(k), bits),
                Some(Div::Mul { .. } | Div::Shift(0))
            ));
        }
        assert_eq!(divider(1, 41), Some(Div::Shift(0)));
        assert_eq!(divider(8, 41), Some(Div::Shift(3)));
    }
}
