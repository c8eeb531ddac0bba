//! The hash table's 4-byte slots, for numberings of at most `MAX_BITS` bits: a code is spread
//! over its `k` bits by a bijection (times an odd number, modulo 2^k), whose top bits are the
//! code's home slot and whose other bits, the quotient, are all a slot keeps of the code, with
//! how far it lies past its home. A slot is the quotient and that distance in 16 bits, and a
//! 16-bit entry (never 0) below them; 0 is an empty slot. Half the bytes of a slot that keeps the
//! whole code, so twice the positions fit in the CPU's caches.
//!
//! The table starts with 2^(k - 10) slots (a quotient of at most 10 bits beside a distance of at
//! least 6), is kept at most three quarters full, and a code that would lie further from its home
//! than its distance can say is refused: the caller keeps it elsewhere. (Half full took twice the
//! bytes for a few more slots looked at, mostly in the same cache line: Connect Four 4 x 4's
//! 161,029 positions then took 2 MiB, twice this machine's L2 cache, and ran some 5% slower.)

use super::packed::{mapped_slots, Placed};
use super::SolveError;
use crate::engine::Code;

/// Fibonacci hashing: the code times 2^64 over the golden ratio, its top bits the home slot
/// (here and in the 8-byte slots of `packed.rs`).
pub(super) const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// The most bits a numbering may have for its codes to be kept in 4-byte slots (the table then
/// starts at 2^24 slots: 64 MiB, of which only the pages touched are ever allocated).
pub(super) const MAX_BITS: u32 = 34;
/// Bits of a code the slot count leaves at most to the quotient when the table is made.
const FIRST_QUOTIENT: u32 = 10;
/// The fewest slots.
const MIN_SLOT_BITS: u32 = 4;

/// The inverse of `GOLDEN` modulo 2^64 (Newton's iteration: each step doubles the bits that
/// are right).
const fn inverse(a: u64) -> u64 {
    let mut x = a;
    let mut i = 0;
    while i < 6 {
        x = x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)));
        i += 1;
    }
    x
}
pub(super) const GOLDEN_INVERSE: u64 = inverse(GOLDEN);

pub(super) struct Quotient {
    slots: Vec<u32>,
    /// Base-2 logarithm of the slot count.
    s: u32,
    /// Bits of a code.
    k: u32,
    used: usize,
}

impl Quotient {
    /// The table for codes below `space`, if they have at most `MAX_BITS` bits; `Err` if the
    /// memory for its first slots is refused.
    pub(super) fn new(space: u64) -> Result<Option<Quotient>, SolveError> {
        let k = (64 - space.saturating_sub(1).leading_zeros()).max(1);
        if k > MAX_BITS {
            return Ok(None);
        }
        let s = k.saturating_sub(FIRST_QUOTIENT).max(MIN_SLOT_BITS);
        Ok(Some(Quotient {
            slots: mapped_slots(1 << s, false)?,
            s,
            k,
            used: 0,
        }))
    }

    /// Bits of the quotient and of the distance from home, at the current size.
    #[inline]
    fn widths(&self) -> (u32, u32) {
        let r = self.k.saturating_sub(self.s);
        (r, 16 - r)
    }

    /// The code spread over its `k` bits, those bits at the top of the word.
    #[inline]
    fn spread(&self, c: Code) -> u64 {
        c.wrapping_mul(GOLDEN) << (64 - self.k)
    }

    /// Home slot and quotient of a spread code.
    #[inline]
    fn place(&self, hh: u64) -> (usize, u32) {
        let (r, _) = self.widths();
        let home = (hh >> (64 - self.s)) as usize;
        let q = if r == 0 {
            0
        } else {
            ((hh << self.s) >> (64 - r)) as u32
        };
        (home, q)
    }

    /// The slot's upper 16 bits for quotient `q` at distance `d`.
    #[inline]
    fn high(&self, q: u32, d: usize) -> u32 {
        let (_, dw) = self.widths();
        (q << dw) | d as u32
    }

    /// The slot holding `c`, or the first empty one within reach of its home (with the upper
    /// bits a slot for `c` there has), or `None` when neither is within reach.
    #[inline]
    fn find(&self, c: Code) -> Option<(usize, u32)> {
        let (home, q) = self.place(self.spread(c));
        let reach = 1usize << self.widths().1;
        let mask = self.slots.len() - 1;
        // The upper bits a slot for `c` has at distance `d`: `high(q, d)`, one more a slot on.
        let mut high = self.high(q, 0);
        #[allow(clippy::explicit_counter_loop)] // the form that compiles to the fewest instructions
        for d in 0..reach.min(self.slots.len()) {
            let i = (home + d) & mask;
            let s = self.slots[i];
            if s == 0 || s >> 16 == high {
                return Some((i, high));
            }
            high += 1;
        }
        None
    }

    /// `c`'s 16-bit entry, or `None` if no slot holds it.
    #[inline]
    pub(super) fn get(&self, c: Code) -> Option<u16> {
        self.probe(c).0
    }

    /// As `get`, with the slot `find` stopped at and its bits above the entry (`None`: no slot
    /// within reach): where `put` writes `c` while the slot is still empty or `c`'s, which
    /// `put_near` then need not search for again.
    #[inline]
    pub(super) fn probe(&self, c: Code) -> (Option<u16>, Option<(usize, u64)>) {
        let Some((i, high)) = self.find(c) else {
            return (None, None);
        };
        let s = self.slots[i];
        (
            (s != 0).then_some(s as u16),
            Some((i, u64::from(high) << 16)),
        )
    }

    /// What `find` gives for the code that `probe` found at `(i, above)` (with the slots at the
    /// size they had then), without searching: the slot is still the code's if it is still
    /// empty or the code's, as no slot is ever emptied but by doubling. `None`: search.
    #[inline]
    fn still(&self, (i, above): (usize, u64)) -> Option<(usize, u32)> {
        let high = (above >> 16) as u32;
        let s = *self.slots.get(i)?;
        (s == 0 || s >> 16 == high).then_some((i, high))
    }

    /// Writes `x` (not 0) for `c`; the slot and its bits above the entry, or `Err` with the
    /// entries that are out of reach of their homes (`c` among them if it is; codes and entries):
    /// those the caller keeps elsewhere. The outer `Err`: the memory to double the slots was
    /// refused, and nothing was written.
    ///
    /// `near`: what `probe` of `c` gave, at the current size (`None`: search for the slot).
    pub(super) fn put_near(
        &mut self,
        c: Code,
        x: u16,
        near: Option<(usize, u64)>,
    ) -> Result<Placed, SolveError> {
        debug_assert!(x != 0);
        let mut lost = Vec::new();
        let mut at = near.and_then(|n| self.still(n)).or_else(|| self.find(c));
        debug_assert_eq!(at, self.find(c));
        if self.full() && at.is_some_and(|(i, _)| self.slots[i] == 0) {
            lost = self.grow()?;
            at = self.find(c);
        }
        Ok(match at {
            Some((i, high)) => {
                if self.slots[i] == 0 {
                    self.used += 1;
                }
                self.slots[i] = high << 16 | u32::from(x);
                if lost.is_empty() {
                    Ok((i, u64::from(high) << 16))
                } else {
                    Err(lost)
                }
            }
            None => {
                lost.push((c, x));
                Err(lost)
            }
        })
    }

    /// Writes `x` (not 0) for `c` where `probe` of `c` found its slot (`near`, at the current
    /// size) if that takes no search and no doubling: the slot still empty, with room for one
    /// more entry, or still `c`'s. `false`: nothing written, and `put_near` is to write it.
    #[inline]
    pub(super) fn put_quick(&mut self, c: Code, near: (usize, u64), x: u16) -> bool {
        let Some((i, high)) = self.still(near) else {
            return false;
        };
        debug_assert_eq!(self.find(c), Some((i, high)));
        if self.slots[i] == 0 {
            if self.full() {
                return false;
            }
            self.used += 1;
        }
        self.slots[i] = high << 16 | u32::from(x);
        true
    }

    /// Whether one more entry would fill the slots past three quarters.
    #[inline]
    fn full(&self) -> bool {
        (self.used + 1) * 4 > self.slots.len() * 3
    }

    /// Writes `x` in slot `i` with the bits `above` it, where `put` wrote the same code.
    #[inline]
    pub(super) fn rewrite(&mut self, i: usize, above: u64, x: u16) {
        self.slots[i] = above as u32 | u32::from(x);
    }

    pub(super) fn slot_count(&self) -> usize {
        self.slots.len()
    }

    /// Doubles the slots; returns the entries that no longer reach a slot, or `Err` (the table
    /// unchanged) if the memory for the new slots is refused.
    fn grow(&mut self) -> Result<Vec<(Code, u16)>, SolveError> {
        let old = std::mem::replace(&mut self.slots, mapped_slots(2 << self.s, true)?);
        let (k, bits) = (self.k, self.s);
        self.s += 1;
        self.used = 0;
        let mut lost = Vec::new();
        for (i, s) in old.into_iter().enumerate().filter(|&(_, s)| s != 0) {
            let c = code_at(k, bits, i, s);
            match self.find(c) {
                Some((j, high)) => {
                    self.slots[j] = high << 16 | (s & 0xFFFF);
                    self.used += 1;
                }
                None => lost.push((c, s as u16)),
            }
        }
        Ok(lost)
    }

    /// Every code in the table with its 16-bit entry, in the order of the slots.
    pub(super) fn each(&self, mut f: impl FnMut(Code, u16)) {
        for (i, &x) in self.slots.iter().enumerate().filter(|&(_, &x)| x != 0) {
            f(code_at(self.k, self.s, i, x), x as u16);
        }
    }

    /// `c`'s home slot, to prefetch.
    #[inline]
    pub(super) fn home_ptr(&self, c: Code) -> *const i8 {
        let (home, _) = self.place(self.spread(c));
        (&self.slots[home] as *const u32).cast()
    }
}

/// The code that slot `i` of 2^`s` holds (a slot `x`, not 0) in a table of `k`-bit codes: its home
/// (`i` less the distance) and quotient are the spread code's bits, which the inverse unspreads.
fn code_at(k: u32, s: u32, i: usize, x: u32) -> Code {
    let (r, dw) = (k.saturating_sub(s), 16 - k.saturating_sub(s));
    let high = x >> 16;
    let d = (high & ((1 << dw) - 1)) as usize;
    let q = u64::from(high >> dw);
    let home = (i.wrapping_sub(d) & ((1usize << s) - 1)) as u64;
    let mut hh = home << (64 - s);
    if r > 0 {
        hh |= q << (64 - s - r);
    }
    (hh >> (64 - k)).wrapping_mul(GOLDEN_INVERSE) & (u64::MAX >> (64 - k))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_inverse_undoes_the_spreading() {
        assert_eq!(GOLDEN.wrapping_mul(GOLDEN_INVERSE), 1);
    }

    #[test]
    fn every_code_reads_back_through_doublings_for_small_and_large_numberings() {
        for space in [1u64, 2, 5, 1000, 1 << 20, 3u64.pow(20) * 2, 1 << 34] {
            let mut t = Quotient::new(space)
                .expect("the slots are granted")
                .expect("at most 34 bits");
            let n = space.min(30_000);
            let step = (space / n).max(1);
            let mut kept = std::collections::HashMap::new();
            for j in 0..n {
                let c = j * step;
                let x = (j % 60_000 + 1) as u16;
                match t.put_near(c, x, None).expect("the slots are granted") {
                    Ok(_) => {}
                    Err(lost) => kept.extend(lost),
                }
            }
            for j in 0..n {
                let c = j * step;
                let want = (j % 60_000 + 1) as u16;
                let got = t.get(c).or_else(|| kept.get(&c).copied());
                assert_eq!(got, Some(want), "space {space}, code {c}");
            }
            if space > n {
                assert_eq!(t.get(space - 1), None, "space {space}");
            }
            assert!(t.used * 4 <= t.slots.len() * 3);
        }
        assert!(matches!(Quotient::new((1 << 34) + 1), Ok(None)));
    }
}
