//! The solution table for games whose numbering is too large for an array: a hash table of the
//! positions reached, by open addressing with linear probing. Numberings of at most 34 bits get
//! 4-byte slots (`quotient.rs`); larger ones 8-byte slots, each the position's code plus one (0 is
//! an empty slot) in its high 48 bits and the entry's 16-bit form below. An entry too wide for 16
//! bits, a code of 48 bits or more, or one too far from its home for a 4-byte slot to say, is kept
//! in a general map beside the slots instead. One slot is one cache line to read, and its place is
//! known from the code alone, so a solver can prefetch the slots of a position's children before
//! it reads them (a general hash map costs three to six times the bytes and two dependent reads).

use super::entry::{narrow16, widen16, UNSEEN};
use super::quotient::{Quotient, GOLDEN};
use crate::engine::Code;
use rustc_hash::FxHashMap;

/// The largest code a slot holds (its code plus one must fit 48 bits).
const MAX_SLOT_CODE: Code = (1 << 48) - 2;
/// The 16-bit form of an entry that is in the general map: tag 7, which no entry has.
const ELSEWHERE: u16 = 7 << 13;
/// Slots to start with (few, so that even small games test the doubling).
const FIRST_SLOTS: usize = 16;

/// The slot an entry was written to, while the slots have the size they had then.
#[derive(Clone, Copy, Debug)]
pub struct Spot {
    slot: usize,
    slots: usize,
    /// A 4-byte slot's upper bits.
    high: u32,
}

impl Spot {
    /// No slot: the entry went to the general map (or the table is not a hash table).
    pub const NOWHERE: Spot = Spot {
        slot: 0,
        slots: 0,
        high: 0,
    };
}

pub struct Packed {
    /// The 4-byte slots, where the numbering is small enough; the 8-byte ones are then unused.
    narrow: Option<Quotient>,
    /// Codes kept only in `elsewhere`, out of reach of their 4-byte home slots.
    strays: usize,
    slots: Vec<u64>,
    /// 64 less the base-2 logarithm of the slot count.
    shift: u32,
    /// Slots in use.
    used: usize,
    /// Entries that do not fit a slot.
    elsewhere: FxHashMap<Code, u64>,
}

impl Packed {
    /// The table for codes below `space`.
    pub fn new(space: u64) -> Packed {
        let narrow = Quotient::new(space);
        let wide = if narrow.is_some() { 1 } else { FIRST_SLOTS };
        Packed {
            narrow,
            strays: 0,
            slots: vec![0; wide],
            shift: 64 - wide.trailing_zeros(),
            used: 0,
            elsewhere: FxHashMap::default(),
        }
    }

    /// The 8-byte slots (for tests: what numberings past 34 bits get).
    #[cfg(test)]
    fn wide() -> Packed {
        Packed::new(u64::MAX)
    }

    /// `get` in 4-byte slots.
    #[inline]
    fn get_narrow(&self, q: &Quotient, c: Code) -> u64 {
        match q.get(c) {
            Some(ELSEWHERE) => self.elsewhere.get(&c).copied().unwrap_or(UNSEEN),
            Some(x) => widen16(x),
            None if self.strays > 0 => self.elsewhere.get(&c).copied().unwrap_or(UNSEEN),
            None => UNSEEN,
        }
    }

    /// `put` in 4-byte slots.
    fn put_narrow(&mut self, c: Code, e: u64) -> Spot {
        let Some(q) = &mut self.narrow else {
            return Spot::NOWHERE;
        };
        let before = q.get(c);
        if before.is_none() && self.strays > 0 && self.elsewhere.contains_key(&c) {
            self.elsewhere.insert(c, e);
            return Spot::NOWHERE;
        }
        let x = match narrow16(e) {
            Some(x) if x != 0 => {
                if before == Some(ELSEWHERE) {
                    self.elsewhere.remove(&c);
                }
                x
            }
            _ => {
                self.elsewhere.insert(c, e);
                ELSEWHERE
            }
        };
        match q.put(c, x) {
            Ok((slot, high)) if x != ELSEWHERE => Spot {
                slot,
                slots: q.slot_count(),
                high,
            },
            Ok(_) => Spot::NOWHERE,
            Err(lost) => {
                for (code, y) in lost {
                    if y != ELSEWHERE {
                        self.elsewhere.insert(code, widen16(y));
                    }
                    self.strays += 1;
                }
                Spot::NOWHERE
            }
        }
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

    /// The entry of `c`, or `UNSEEN`.
    #[inline]
    pub fn get(&self, c: Code) -> u64 {
        if let Some(q) = &self.narrow {
            return self.get_narrow(q, c);
        }
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
        if self.narrow.is_some() {
            return self.put_narrow(c, e);
        }
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
            high: 0,
        }
    }

    /// Writes `e` for `c` where `put` last wrote it, if the slots have not moved since; else as
    /// `set`. `c` must not have been written in between (its slot would still be right, but an
    /// entry moved to the general map would be left there).
    #[inline]
    pub fn rewrite(&mut self, at: Spot, c: Code, e: u64) {
        if let Some(q) = &mut self.narrow {
            match narrow16(e) {
                Some(x) if x != 0 && at.slots == q.slot_count() => q.rewrite(at.slot, at.high, x),
                _ => self.set(c, e),
            }
            return;
        }
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
        if self.narrow.is_some() || c <= MAX_SLOT_CODE {
            let p = match &self.narrow {
                Some(q) => q.home_ptr(c).cast::<i8>(),
                None => (&self.slots[self.home(c + 1)] as *const u64).cast::<i8>(),
            };
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
        let mut p = Packed::wide();
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
        let mut p = Packed::wide();
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

    #[test]
    fn codes_crowding_one_home_past_a_4_byte_slots_reach_are_kept_beside_it() {
        use crate::solve::quotient::GOLDEN_INVERSE;
        // 30-bit codes: 2^20 slots, a 10-bit quotient and 6 bits of distance (reach 64). The
        // codes below all spread to home slot 5, so the last 36 of 100 find no slot in reach.
        let k = 30;
        let mut p = Packed::new(1 << k);
        assert!(p.narrow.is_some());
        let code = |q: u64| (5 << 10 | q).wrapping_mul(GOLDEN_INVERSE) & ((1 << k) - 1);
        let spots: Vec<Spot> = (0..100).map(|q| p.put(code(q), busy(q % 7))).collect();
        assert_eq!(p.strays, 36);
        assert_eq!(spots.iter().filter(|s| s.slots > 0).count(), 64);
        for q in 0..100 {
            assert_eq!(p.get(code(q)), busy(q % 7), "q {q}");
        }
        // Values over the marks: where `put` said, as `set`, wide ones, and back to narrow.
        for (q, at) in (0..100).zip(&spots) {
            p.rewrite(*at, code(q), pack(Value::Win, q as u32, 0));
        }
        p.set(code(3), pack(Value::Lose, 400, 0));
        p.set(code(90), pack(Value::Tie, 500, 40));
        p.set(code(91), pack(Value::Tie, 5, 0));
        p.set(code(4), UNSEEN);
        for q in 0..100 {
            let want = match q {
                3 => pack(Value::Lose, 400, 0),
                90 => pack(Value::Tie, 500, 40),
                91 => pack(Value::Tie, 5, 0),
                4 => UNSEEN,
                _ => pack(Value::Win, q as u32, 0),
            };
            assert_eq!(p.get(code(q)), want, "q {q}");
        }
        assert_eq!(p.strays, 36);
        assert_eq!(p.get(code(100)), UNSEEN);
        assert_eq!(p.get(code(1000)), UNSEEN);
    }
}
