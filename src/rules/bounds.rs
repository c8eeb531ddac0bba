//! Whether an expression can fail, read off its operands' ranges: the interval each expression's
//! values lie in, worked out from the state's ranges and the constants, with `None` for an
//! expression that may fail (a division by a range holding 0, arithmetic that may overflow, an
//! index that may fall outside its array). The `any order` proof asks it of every condition that
//! `any` or `all` may stop before evaluating: whether such a fault happens must not depend on
//! the order of the elements.

use super::*;

/// A closed interval of values, wide enough that no operation on two `i64` ranges overflows it.
pub type Interval = (i128, i128);

const FULL: Interval = (i64::MIN as i128, i64::MAX as i128);

/// The ranges the analysis knows: every slot's, and locals known to hold an index of an array
/// (with the array's slots, whose elements they may read without a bounds fault).
pub struct Ranges<'a> {
    pub slots: &'a [(i64, i64)],
    /// (local, first slot of the array, its length): a local holding one of its indices.
    pub indices: Vec<(u16, u32, u32)>,
}

impl Ranges<'_> {
    /// The values `e` can take, or `None` if evaluating it may fail for some state in range.
    pub fn of(&self, e: &CExpr) -> Option<Interval> {
        match e {
            CExpr::Const(c) => Some((*c as i128, *c as i128)),
            CExpr::Slot(s) => self.slot(*s),
            CExpr::Local(l) => Some(match self.index_of(*l) {
                Some((_, len)) => (0, len as i128 - 1),
                None => FULL,
            }),
            CExpr::ElemLocal {
                base,
                len,
                offset,
                local,
                ..
            } => self.elem(*base, *len, *offset, *local),
            CExpr::Elem {
                base,
                len,
                offset,
                index,
                ..
            } => match &**index {
                CExpr::Local(l) => self.elem(*base, *len, *offset, *l),
                _ => None,
            },
            CExpr::Mover | CExpr::Opponent | CExpr::LastMover => Some((0, u8::MAX as i128)),
            CExpr::Neg(x, _) => {
                let (lo, hi) = self.of(x)?;
                fits((-hi, -lo))
            }
            CExpr::Abs(x, _) => {
                let (lo, hi) = self.of(x)?;
                let top = lo.abs().max(hi.abs());
                let bottom = if lo <= 0 && hi >= 0 {
                    0
                } else {
                    lo.abs().min(hi.abs())
                };
                fits((bottom, top))
            }
            CExpr::Not(x) => self.of(x).map(|_| (0, 1)),
            CExpr::Cmp(_, a, b) | CExpr::And(a, b) | CExpr::Or(a, b) => {
                self.of(a)?;
                self.of(b)?;
                Some((0, 1))
            }
            CExpr::Arith(op, a, b, _) => arith(*op, self.of(a)?, self.of(b)?),
            // Every partial sum, in any order of the slots, lies between the sum of the lows
            // below 0 and the sum of the highs above 0.
            CExpr::Sum { base, len, .. } => {
                let (mut lo, mut hi, mut low, mut high) = (0i128, 0i128, 0i128, 0i128);
                for s in *base..*base + *len {
                    let (a, b) = self.slot(s)?;
                    (lo, hi) = (lo + a, hi + b);
                    (low, high) = fits((low + a.min(0), high + b.max(0)))?;
                }
                Some((lo, hi))
            }
            CExpr::MinOf { base, len } | CExpr::MaxOf { base, len } => {
                let mut out: Option<Interval> = None;
                for s in *base..*base + *len {
                    let (a, b) = self.slot(s)?;
                    out = Some(out.map_or((a, b), |(lo, hi)| (lo.min(a), hi.max(b))));
                }
                Some(out.unwrap_or((0, 0)))
            }
            CExpr::Min(xs) | CExpr::Max(xs) => {
                let mut out: Option<Interval> = None;
                for x in xs {
                    let (a, b) = self.of(x)?;
                    out = Some(out.map_or((a, b), |(lo, hi)| (lo.min(a), hi.max(b))));
                }
                out
            }
            CExpr::Cond(c, a, b) => {
                self.of(c)?;
                let (a, b) = (self.of(a)?, self.of(b)?);
                Some((a.0.min(b.0), a.1.max(b.1)))
            }
            // Folds count steps and may be too wide; a list or a grid's cell may be indexed out
            // of bounds; runs and definitions' arguments are not followed: all may fail.
            CExpr::Fold { .. }
            | CExpr::ListElem { .. }
            | CExpr::GridIndex { .. }
            | CExpr::RunFold { .. }
            | CExpr::RunElem { .. }
            | CExpr::RunLen { .. }
            | CExpr::Let { .. } => None,
        }
    }

    fn slot(&self, s: u32) -> Option<Interval> {
        let &(lo, hi) = self.slots.get(s as usize)?;
        Some((lo as i128, hi as i128))
    }

    fn index_of(&self, l: u16) -> Option<(u32, u32)> {
        self.indices
            .iter()
            .find(|(x, _, _)| *x == l)
            .map(|&(_, base, len)| (base, len))
    }

    /// `A[l]` where `l` holds an index of `A` (and no offset shifts it): the range of `A`'s slots.
    fn elem(&self, base: u32, len: u32, offset: i64, local: u16) -> Option<Interval> {
        if offset != 0 || self.index_of(local) != Some((base, len)) {
            return None;
        }
        let mut out: Option<Interval> = None;
        for s in base..base + len {
            let (a, b) = self.slot(s)?;
            out = Some(out.map_or((a, b), |(lo, hi)| (lo.min(a), hi.max(b))));
        }
        out
    }
}

/// The interval if it lies within `i64`, else `None` (the operation may overflow).
fn fits(i: Interval) -> Option<Interval> {
    (i.0 >= FULL.0 && i.1 <= FULL.1).then_some(i)
}

/// `a OP b` over intervals, as the evaluator's checked arithmetic does it (Euclidean `/` and `%`).
fn arith(op: ArithOp, a: Interval, b: Interval) -> Option<Interval> {
    match op {
        ArithOp::Add => fits((a.0 + b.0, a.1 + b.1)),
        ArithOp::Sub => fits((a.0 - b.1, a.1 - b.0)),
        ArithOp::Mul => {
            let p = [a.0 * b.0, a.0 * b.1, a.1 * b.0, a.1 * b.1];
            fits((*p.iter().min()?, *p.iter().max()?))
        }
        ArithOp::Div | ArithOp::Rem => {
            if b.0 <= 0 && b.1 >= 0 {
                return None;
            }
            // i64::MIN / -1 overflows; otherwise |a / b| <= |a| and 0 <= a % b < |b|.
            if a.0 == FULL.0 && b.0 <= -1 && b.1 >= -1 {
                return None;
            }
            let top = a.0.abs().max(a.1.abs());
            Some(match op {
                ArithOp::Div => (-top, top),
                _ => (0, b.0.abs().max(b.1.abs()) - 1),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ranges(slots: &[(i64, i64)]) -> Ranges<'_> {
        Ranges {
            slots,
            indices: vec![(0, 0, 2)],
        }
    }

    fn c(v: i64) -> Box<CExpr> {
        Box::new(CExpr::Const(v))
    }

    fn elem() -> Box<CExpr> {
        Box::new(CExpr::ElemLocal {
            var: 0,
            base: 0,
            len: 2,
            offset: 0,
            local: 0,
            span: Span::default(),
        })
    }

    #[test]
    fn a_division_by_a_range_holding_zero_may_fail() {
        let slots = [(0, 3), (0, 3)];
        let div = CExpr::Arith(ArithOp::Div, c(6), elem(), Span::default());
        assert_eq!(ranges(&slots).of(&div), None);
        let shifted = CExpr::Arith(
            ArithOp::Div,
            c(6),
            Box::new(CExpr::Arith(ArithOp::Add, elem(), c(1), Span::default())),
            Span::default(),
        );
        assert_eq!(ranges(&slots).of(&shifted), Some((-6, 6)));
    }

    #[test]
    fn overflow_and_unknown_indices_may_fail() {
        let slots = [(0, 3), (0, 3)];
        let big = CExpr::Arith(ArithOp::Mul, elem(), c(i64::MAX), Span::default());
        assert_eq!(ranges(&slots).of(&big), None);
        let small = CExpr::Arith(ArithOp::Mul, elem(), c(1 << 40), Span::default());
        assert_eq!(ranges(&slots).of(&small), Some((0, 3 << 40)));
        // A local that is not known to hold an index of the array may be out of bounds.
        let other = CExpr::ElemLocal {
            var: 0,
            base: 0,
            len: 2,
            offset: 0,
            local: 1,
            span: Span::default(),
        };
        assert_eq!(ranges(&slots).of(&other), None);
    }

    #[test]
    fn sums_that_may_overflow_may_fail() {
        let slots = [(0, i64::MAX), (0, 1)];
        let sum = CExpr::Sum {
            base: 0,
            len: 2,
            span: Span::default(),
        };
        assert_eq!(ranges(&slots).of(&sum), None);
        let slots = [(-5, 3), (0, 1)];
        assert_eq!(ranges(&slots).of(&sum), Some((-5, 4)));
    }
}
