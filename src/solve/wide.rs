//! The hash table's 8-byte slots, for numberings past 34 bits: open addressing with linear
//! probing, each slot the position's code plus one (0 is an empty slot) in its high 48 bits and a
//! 16-bit entry below. A code of 48 bits or more has no slot: the caller keeps it elsewhere.
//! Kept at most three quarters full.

use super::packed::{mapped_slots, Placed};
use super::quotient::GOLDEN;
use super::SolveError;
use crate::engine::Code;

/// The largest code a slot holds (its code plus one must fit 48 bits).
pub(super) const MAX_SLOT_CODE: Code = (1 << 48) - 2;
/// Slots to start with (few, so that even small games test the doubling).
const FIRST_SLOTS: usize = 16;

pub(super) struct Wide {
    slots: Vec<u64>,
    /// 64 less the base-2 logarithm of the slot count.
    shift: u32,
    /// Slots in use.
    used: usize,
}

impl Wide {
    /// The table, or `Err` if the memory for its first slots is refused.
    pub(super) fn new() -> Result<Wide, SolveError> {
        Ok(Wide {
            slots: mapped_slots(FIRST_SLOTS, false)?,
            shift: 64 - FIRST_SLOTS.trailing_zeros(),
            used: 0,
        })
    }

    #[inline]
    fn home(&self, key: u64) -> usize {
        (key.wrapping_mul(GOLDEN) >> self.shift) as usize
    }

    /// The slot holding `key`, or the empty slot where it would go.
    #[inline]
    fn find(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let s = self.slots[i];
            if s == 0 || s >> 16 == key {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// `c`'s 16-bit entry, or `None` if no slot holds it.
    #[inline]
    pub(super) fn get(&self, c: Code) -> Option<u16> {
        self.probe(c).0
    }

    /// As `get`, with the slot `find` stopped at and its bits above the entry (`None`: `c` has
    /// no slot), for `put_near`.
    #[inline]
    pub(super) fn probe(&self, c: Code) -> (Option<u16>, Option<(usize, u64)>) {
        if c > MAX_SLOT_CODE {
            return (None, None);
        }
        let i = self.find(c + 1);
        let s = self.slots[i];
        ((s != 0).then_some(s as u16), Some((i, (c + 1) << 16)))
    }

    /// Writes `x` for `c`; the slot and its bits above the entry, or `Err` with `c` when it has
    /// no slot. The outer `Err`: the memory to double the slots was refused, and nothing was
    /// written.
    ///
    /// `near`: what `probe` of `c` gave, at the current size (`None`: search; see `still`).
    pub(super) fn put_near(
        &mut self,
        c: Code,
        x: u16,
        near: Option<(usize, u64)>,
    ) -> Result<Placed, SolveError> {
        if c > MAX_SLOT_CODE {
            return Ok(Err(vec![(c, x)]));
        }
        let key = c + 1;
        let mut i = match near.and_then(|n| self.still(c, n)) {
            Some(i) => i,
            None => self.find(key),
        };
        debug_assert_eq!(i, self.find(key));
        if self.slots[i] == 0 {
            if self.full() {
                self.grow()?;
                i = self.find(key);
            }
            self.used += 1;
        }
        self.slots[i] = key << 16 | u64::from(x);
        Ok(Ok((i, key << 16)))
    }

    /// Writes `x` for `c` where `probe` of `c` found its slot (`near`, at the current size) if
    /// that takes no search and no doubling: the slot still empty, with room for one more
    /// entry, or still `c`'s. `false`: nothing written, and `put_near` is to write it.
    #[inline]
    pub(super) fn put_quick(&mut self, c: Code, near: (usize, u64), x: u16) -> bool {
        let Some(i) = self.still(c, near) else {
            return false;
        };
        if self.slots[i] == 0 {
            if self.full() {
                return false;
            }
            self.used += 1;
        }
        self.slots[i] = near.1 | u64::from(x);
        true
    }

    /// The slot `probe` of `c` found at `(i, above)` (with the slots at the size they had
    /// then), if it is still empty or `c`'s: no slot is emptied but by doubling, so it is
    /// where `find` stops. `None`: search.
    #[inline]
    fn still(&self, c: Code, (i, above): (usize, u64)) -> Option<usize> {
        let key = above >> 16;
        let s = *self.slots.get(i)?;
        (c <= MAX_SLOT_CODE && key == c + 1 && (s == 0 || s >> 16 == key)).then_some(i)
    }

    /// Whether one more entry would fill the slots past three quarters.
    #[inline]
    fn full(&self) -> bool {
        (self.used + 1) * 4 > self.slots.len() * 3
    }

    /// Writes `x` in slot `i` with the bits `above` it, where `put` wrote the same code.
    #[inline]
    pub(super) fn rewrite(&mut self, i: usize, above: u64, x: u16) {
        debug_assert_eq!(self.slots[i] >> 16, above >> 16);
        self.slots[i] = above | u64::from(x);
    }

    pub(super) fn slot_count(&self) -> usize {
        self.slots.len()
    }

    /// Slots in use.
    #[cfg(test)]
    pub(super) fn used(&self) -> usize {
        self.used
    }

    /// Doubles the slots, or `Err` (the table unchanged) if the memory for them is refused.
    fn grow(&mut self) -> Result<(), SolveError> {
        let twice = mapped_slots(self.slots.len() * 2, true)?;
        let old = std::mem::replace(&mut self.slots, twice);
        self.shift -= 1;
        for s in old.into_iter().filter(|&s| s != 0) {
            let i = self.find(s >> 16);
            self.slots[i] = s;
        }
        Ok(())
    }

    /// Every code in the table with its 16-bit entry, in the order of the slots.
    pub(super) fn each(&self, mut f: impl FnMut(Code, u16)) {
        for &x in self.slots.iter().filter(|&&x| x != 0) {
            f((x >> 16) - 1, x as u16);
        }
    }

    /// Where `c`'s search begins, to prefetch.
    #[inline]
    pub(super) fn home_ptr(&self, c: Code) -> *const i8 {
        let i = if c > MAX_SLOT_CODE {
            0
        } else {
            self.home(c + 1)
        };
        (&self.slots[i] as *const u64).cast()
    }
}
