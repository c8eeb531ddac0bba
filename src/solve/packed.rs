//! The solution table for games whose numbering is too large for an array: a hash table of the
//! positions reached, by open addressing with linear probing over 8-byte slots. A slot holds the
//! position's code plus one (0 is an empty slot) in its high 48 bits and the entry's 16-bit form
//! below; an entry too wide for 16 bits, or a code of 48 bits or more, is kept in a general map
//! beside the slots instead. One slot is one cache line to read, and its place is known from the
//! code alone, so a solver can prefetch the slots of a position's children before it reads them
//! (a general hash map costs three times the bytes and two dependent reads).

use super::entry::{narrow16, widen16, UNSEEN};
use crate::engine::Code;
use rustc_hash::FxHashMap;

/// The largest code a slot holds (its code plus one must fit 48 bits).
const MAX_SLOT_CODE: Code = (1 << 48) - 2;
/// The 16-bit form of an entry that is in the general map: tag 7, which no entry has.
const ELSEWHERE: u16 = 7 << 13;
/// Fibonacci hashing: the code times 2^64 over the golden ratio, its top bits the home slot.
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;
/// Slots to start with (few, so that even small games test the doubling).
const FIRST_SLOTS: usize = 16;

/// The slot an entry was written to, while the slots have the size they had then.
#[derive(Clone, Copy, Debug)]
pub struct Spot {
    slot: usize,
    slots: usize,
}

impl Spot {
    /// No slot: the entry went to the general map (or the table is not a hash table).
    pub const NOWHERE: Spot = Spot { slot: 0, slots: 0 };
}

pub struct Packed {
    slots: Vec<u64>,
    /// 64 less the base-2 logarithm of the slot count.
    shift: u32,
    /// Slots in use.
    used: usize,
    /// Entries that do not fit a slot.
    elsewhere: FxHashMap<Code, u64>,
}

impl Default for Packed {
    fn default() -> Self {
        Packed {
            slots: vec![0; FIRST_SLOTS],
            shift: 64 - FIRST_SLOTS.trailing_zeros(),
            used: 0,
            elsewhere: FxHashMap::default(),
        }
    }
}

impl Packed {
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

    /// The entry of `c`, or `UNSEEN`.
    #[inline]
    pub fn get(&self, c: Code) -> u64 {
        if c > MAX_SLOT_CODE {
            return self.elsewhere.get(&c).copied().unwrap_or(UNSEEN);
        }
        let s = self.slots[self.find(c + 1)];
        match s as u16 {
            _ if s == 0 => UNSEEN,
            ELSEWHERE => self.elsewhere.get(&c).copied().unwrap_or(UNSEEN),
            x => widen16(x),
        }
    }

    pub fn set(&mut self, c: Code, e: u64) {
        self.put(c, e);
    }

    /// Writes `e` as `set` does, and says where: `rewrite` can then write `c` again without
    /// searching for it (and so without waiting for its slot to load: a store does not stall).
    pub fn put(&mut self, c: Code, e: u64) -> Spot {
        if c > MAX_SLOT_CODE {
            self.elsewhere.insert(c, e);
            return Spot::NOWHERE;
        }
        let key = c + 1;
        let mut i = self.find(key);
        let x = match narrow16(e) {
            Some(x) => {
                if self.slots[i] as u16 == ELSEWHERE && self.slots[i] != 0 {
                    self.elsewhere.remove(&c);
                }
                x
            }
            None => {
                self.elsewhere.insert(c, e);
                ELSEWHERE
            }
        };
        if self.slots[i] == 0 {
            if (self.used + 1) * 4 > self.slots.len() * 3 {
                self.grow();
                i = self.find(key);
            }
            self.used += 1;
        }
        self.slots[i] = key << 16 | x as u64;
        if x == ELSEWHERE {
            return Spot::NOWHERE;
        }
        Spot {
            slot: i,
            slots: self.slots.len(),
        }
    }

    /// Writes `e` for `c` where `put` last wrote it, if the slots have not moved since; else as
    /// `set`. `c` must not have been written in between (its slot would still be right, but an
    /// entry moved to the general map would be left there).
    #[inline]
    pub fn rewrite(&mut self, at: Spot, c: Code, e: u64) {
        match narrow16(e) {
            Some(x) if at.slots == self.slots.len() => {
                debug_assert_eq!(self.slots[at.slot] >> 16, c + 1);
                self.slots[at.slot] = (c + 1) << 16 | x as u64;
            }
            _ => self.set(c, e),
        }
    }

    fn grow(&mut self) {
        let twice = vec![0; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, twice);
        self.shift -= 1;
        for s in old.into_iter().filter(|&s| s != 0) {
            let i = self.find(s >> 16);
            self.slots[i] = s;
        }
    }

    /// Asks the CPU to start loading the slot where `c`'s search begins.
    #[inline]
    pub fn prefetch(&self, c: Code) {
        #[cfg(target_arch = "x86_64")]
        if c <= MAX_SLOT_CODE {
            let p = (&self.slots[self.home(c + 1)] as *const u64).cast::<i8>();
            // SAFETY: `_mm_prefetch` only hints the cache; the pointer is to a live slot, and a
            // prefetch never faults or changes memory.
            unsafe {
                use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                _mm_prefetch::<_MM_HINT_T0>(p);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = c;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::entry::{busy, pack, Value};

    #[test]
    fn entries_narrow_and_wide_and_codes_past_48_bits_read_back_as_written() {
        let mut p = Packed::default();
        let wide = pack(Value::Win, 300, 0);
        let big = MAX_SLOT_CODE + 1;
        for c in 0..20_000u64 {
            p.set(c * 7919, pack(Value::Lose, (c % 200) as u32, 0));
        }
        p.set(5, busy(3));
        p.set(5, wide);
        p.set(6, wide);
        p.set(6, pack(Value::Tie, 2, 1));
        p.set(big, pack(Value::Draw, 0, 0));
        p.set(MAX_SLOT_CODE, busy(9));
        for c in 0..20_000u64 {
            if c * 7919 != 5 && c * 7919 != 6 {
                assert_eq!(p.get(c * 7919), pack(Value::Lose, (c % 200) as u32, 0));
            }
        }
        assert_eq!(p.get(5), wide);
        assert_eq!(p.get(6), pack(Value::Tie, 2, 1));
        assert!(!p.elsewhere.contains_key(&6));
        assert_eq!(p.get(big), pack(Value::Draw, 0, 0));
        assert_eq!(p.get(MAX_SLOT_CODE), busy(9));
        assert_eq!(p.get(1), UNSEEN);
        assert_eq!(p.get(big + 1), UNSEEN);
        assert_eq!(p.used, 20_000 + 2 + 1);
        assert!(p.used * 4 <= p.slots.len() * 3);
    }

    #[test]
    fn a_rewrite_lands_where_the_entry_was_put_even_after_the_slots_double() {
        let mut p = Packed::default();
        let at = p.put(42, busy(0));
        p.rewrite(at, 42, pack(Value::Win, 3, 0));
        assert_eq!(p.get(42), pack(Value::Win, 3, 0));
        let at = p.put(43, busy(0));
        for c in 100..10_000 {
            p.set(c, busy(1));
        }
        p.rewrite(at, 43, pack(Value::Lose, 4, 0));
        assert_eq!(p.get(43), pack(Value::Lose, 4, 0));
        let at = p.put(44, busy(0));
        p.rewrite(at, 44, pack(Value::Tie, 999, 0));
        assert_eq!(p.get(44), pack(Value::Tie, 999, 0));
        assert_eq!(p.get(99), UNSEEN);
    }
}
