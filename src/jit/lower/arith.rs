//! Arithmetic and comparisons as the interpreter does them (`rules::arith`: checked, Euclidean
//! division), with the interval of each result; an overflow or a division by zero the intervals
//! cannot rule out is tested for, and gives up on the position.

use super::{Lower, E};
use crate::rules::{arith, ArithOp, CmpOp};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::InstBuilder;

/// The interval as i64 if it fits.
fn fits(lo: i128, hi: i128) -> Option<(i64, i64)> {
    Some((i64::try_from(lo).ok()?, i64::try_from(hi).ok()?))
}

fn clamp(x: i128) -> i64 {
    x.clamp(i64::MIN as i128, i64::MAX as i128) as i64
}

fn cc(op: CmpOp) -> IntCC {
    match op {
        CmpOp::Eq => IntCC::Equal,
        CmpOp::Ne => IntCC::NotEqual,
        CmpOp::Lt => IntCC::SignedLessThan,
        CmpOp::Le => IntCC::SignedLessThanOrEqual,
        CmpOp::Gt => IntCC::SignedGreaterThan,
        CmpOp::Ge => IntCC::SignedGreaterThanOrEqual,
    }
}

/// Whether `a OP b` holds for every pair from the two intervals (`Some(true)`), for none
/// (`Some(false)`), or depends on the values.
fn decided(op: CmpOp, (alo, ahi): (i64, i64), (blo, bhi): (i64, i64)) -> Option<bool> {
    let lt = ahi < blo; // always a < b
    let gt = alo > bhi;
    let le = ahi <= blo;
    let ge = alo >= bhi;
    let eq = alo == ahi && blo == bhi && alo == blo;
    match op {
        CmpOp::Lt if lt => Some(true),
        CmpOp::Lt if ge => Some(false),
        CmpOp::Le if le => Some(true),
        CmpOp::Le if gt => Some(false),
        CmpOp::Gt if gt => Some(true),
        CmpOp::Gt if le => Some(false),
        CmpOp::Ge if ge => Some(true),
        CmpOp::Ge if lt => Some(false),
        CmpOp::Eq if eq => Some(true),
        CmpOp::Eq if lt || gt => Some(false),
        CmpOp::Ne if eq => Some(false),
        CmpOp::Ne if lt || gt => Some(true),
        _ => None,
    }
}

impl Lower<'_, '_> {
    /// `a OP b`, checked as `rules::arith` checks it.
    pub(in crate::jit) fn arith(&mut self, op: ArithOp, a: E, b: E) -> E {
        if let (E::K(x), E::K(y)) = (a, b) {
            return match arith(op, x, y) {
                Ok(v) => E::K(v),
                Err(_) => self.bail_now(),
            };
        }
        match op {
            ArithOp::Add | ArithOp::Sub | ArithOp::Mul => self.ring(op, a, b),
            ArithOp::Div | ArithOp::Rem => self.division(op, a, b),
        }
    }

    fn ring(&mut self, op: ArithOp, a: E, b: E) -> E {
        let ((alo, ahi), (blo, bhi)) = (a.range(), b.range());
        let (alo, ahi, blo, bhi) = (alo as i128, ahi as i128, blo as i128, bhi as i128);
        // `a - b` where `b <= a` is known (`heap[i] - n` for `n in 1..=heap[i]`): not negative.
        let at_least = match (op, a, b) {
            (ArithOp::Sub, E::D { v: x, .. }, E::D { v: y, .. })
                if self.facts.contains(&(y, x)) =>
            {
                0
            }
            _ => i128::MIN,
        };
        let (lo, hi) = match op {
            ArithOp::Add => (alo + blo, ahi + bhi),
            ArithOp::Sub => ((alo - bhi).max(at_least), ahi - blo),
            _ => {
                let c = [alo * blo, alo * bhi, ahi * blo, ahi * bhi];
                (
                    c.into_iter().min().unwrap_or(0),
                    c.into_iter().max().unwrap_or(0),
                )
            }
        };
        let (x, y) = (self.val(a), self.val(b));
        if let Some((lo, hi)) = fits(lo, hi) {
            let v = match op {
                ArithOp::Add => self.b.ins().iadd(x, y),
                ArithOp::Sub => self.b.ins().isub(x, y),
                _ => self.b.ins().imul(x, y),
            };
            return self.dynamic(v, lo, hi);
        }
        let (v, over) = match op {
            ArithOp::Add => self.b.ins().sadd_overflow(x, y),
            ArithOp::Sub => self.b.ins().ssub_overflow(x, y),
            _ => self.b.ins().smul_overflow(x, y),
        };
        self.bail_if(over);
        self.dynamic(v, clamp(lo), clamp(hi))
    }

    /// Euclidean division and remainder, as `i64::checked_div_euclid` and `checked_rem_euclid`.
    fn division(&mut self, op: ArithOp, a: E, b: E) -> E {
        let ((alo, ahi), (blo, bhi)) = (a.range(), b.range());
        let (x, y) = (self.val(a), self.val(b));
        if blo <= 0 && bhi >= 0 {
            let zero = self.b.ins().icmp_imm(IntCC::Equal, y, 0);
            self.bail_if(zero);
        }
        if alo == i64::MIN && blo <= -1 && bhi >= -1 {
            let m = self.b.ins().icmp_imm(IntCC::Equal, x, i64::MIN);
            let n = self.b.ins().icmp_imm(IntCC::Equal, y, -1);
            let both = self.b.ins().band(m, n);
            self.bail_if(both);
        }
        // The largest size of either side, for the result's interval.
        let big = |lo: i64, hi: i64| (lo as i128).abs().max((hi as i128).abs());
        if alo >= 0 && blo > 0 {
            // Both non-negative: truncating division is Euclidean, and unsigned is cheaper.
            return match op {
                ArithOp::Div => {
                    let v = self.b.ins().udiv(x, y);
                    self.dynamic(v, alo / bhi, ahi / blo)
                }
                _ => {
                    let v = self.b.ins().urem(x, y);
                    self.dynamic(v, 0, ahi.min(bhi - 1))
                }
            };
        }
        let q = self.b.ins().sdiv(x, y);
        let r = self.b.ins().srem(x, y);
        let neg = self.b.ins().icmp_imm(IntCC::SignedLessThan, r, 0);
        match op {
            ArithOp::Div => {
                let pos = self.b.ins().icmp_imm(IntCC::SignedGreaterThan, y, 0);
                let (down, up) = (self.konst(-1), self.konst(1));
                let step = self.b.ins().select(pos, down, up);
                let adjusted = self.b.ins().iadd(q, step);
                let v = self.b.ins().select(neg, adjusted, q);
                let m = big(alo, ahi) + 1;
                self.dynamic(v, clamp(-m), clamp(m))
            }
            _ => {
                let negb = self.b.ins().ineg(y);
                let bneg = self.b.ins().icmp_imm(IntCC::SignedLessThan, y, 0);
                let absb = self.b.ins().select(bneg, negb, y);
                let adjusted = self.b.ins().iadd(r, absb);
                let v = self.b.ins().select(neg, adjusted, r);
                self.dynamic(v, 0, clamp(big(blo, bhi) - 1))
            }
        }
    }

    /// `a OP b` as 0 or 1.
    pub(in crate::jit) fn compare(&mut self, op: CmpOp, a: E, b: E) -> E {
        if let Some(d) = decided(op, a.range(), b.range()) {
            return E::K(d as i64);
        }
        let (x, y) = (self.val(a), self.val(b));
        let t = match b {
            E::K(k) => self.b.ins().icmp_imm(cc(op), x, k),
            E::D { .. } => self.b.ins().icmp(cc(op), x, y),
        };
        self.as_int(t)
    }

    /// `a OP b` as an i8 truth value, for a branch.
    pub(in crate::jit) fn compare_truth(&mut self, op: CmpOp, a: E, b: E) -> Result<bool, Value> {
        if let Some(d) = decided(op, a.range(), b.range()) {
            return Ok(d);
        }
        let (x, y) = (self.val(a), self.val(b));
        Err(match b {
            E::K(k) => self.b.ins().icmp_imm(cc(op), x, k),
            E::D { .. } => self.b.ins().icmp(cc(op), x, y),
        })
    }

    /// `-x`, checked as `0 - x`.
    pub(in crate::jit) fn neg(&mut self, x: E) -> E {
        self.arith(ArithOp::Sub, E::K(0), x)
    }

    /// `abs(x)`, which overflows only for the smallest i64.
    pub(in crate::jit) fn abs(&mut self, x: E) -> E {
        if let E::K(k) = x {
            return match k.checked_abs() {
                Some(v) => E::K(v),
                None => self.bail_now(),
            };
        }
        let (lo, hi) = x.range();
        let v = self.val(x);
        if lo == i64::MIN {
            let m = self.b.ins().icmp_imm(IntCC::Equal, v, i64::MIN);
            self.bail_if(m);
        }
        let a = self.b.ins().iabs(v);
        let (l, h) = (lo as i128, hi as i128);
        let top = l.abs().max(h.abs());
        let bottom = if l <= 0 && h >= 0 {
            0
        } else {
            l.abs().min(h.abs())
        };
        self.dynamic(a, clamp(bottom), clamp(top))
    }

    /// `not x`: 1 if `x` is 0, else 0.
    pub(in crate::jit) fn not(&mut self, x: E) -> E {
        self.compare(CmpOp::Eq, x, E::K(0))
    }
}

use cranelift_codegen::ir::Value;
