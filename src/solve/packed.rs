//! The solution table for games whose numbering is too large for an array: a hash table of the
//! positions reached, by open addressing with linear probing. Numberings of at most 34 bits get
//! 4-byte slots (`quotient.rs`), larger ones 8-byte slots (`wide.rs`); either keeps a 16-bit
//! entry beside what it keeps of the code. An entry too wide for 16 bits is kept in a general map
//! beside the slots, its slot marked; a code that has no slot (48 bits or more, or too far from
//! its home for a 4-byte slot to say) is kept in the map alone. One slot is one cache line to
//! read, and its place is known from the code alone, so a solver can prefetch the slots of a
//! position's children before it reads them (a general hash map costs three to six times the
//! bytes and two dependent reads).
//!
//! Every growth asks for its memory fallibly: a refusal (an address-space limit) ends the solve
//! with `SolveError::Refused`, never an aborted allocation.

use super::entry::{narrow16, widen16, UNSEEN};
use super::quotient::Quotient;
use super::wide::Wide;
use super::SolveError;
use crate::engine::alloc::{populate, zeroed, Zeroable};
use crate::engine::Code;
use rustc_hash::FxHashMap;

/// What a table of slots did with an entry: the slot and its bits above the entry, or the
/// entries (codes and 16-bit entries) that have no slot, which the caller keeps elsewhere.
pub(super) type Placed = Result<(usize, u64), Vec<(Code, u16)>>;

/// `n` empty slots, or `Err` with their bytes if the memory is refused.
pub(super) fn slots<T: Zeroable>(n: usize) -> Result<Vec<T>, SolveError> {
    let bytes = n.saturating_mul(std::mem::size_of::<T>()) as u64;
    zeroed(n).ok_or(SolveError::Refused(bytes))
}

/// Slots of at most this many bytes are mapped as soon as they are made (`alloc::populate`):
/// their pages are few, and a table read at random touches them all soon. Larger first slots
/// (a numbering of 30 bits or more starts with a megabyte or more) are left to fault in, as a
/// small game in a large numbering touches few of their pages.
const POPULATED_BYTES: usize = 1 << 20;

/// `n` empty slots as `slots` makes them, mapped at once if they are about to be written all
/// over (`filled`: a doubling, which moves every entry into them) or are few.
pub(super) fn mapped_slots<T: Zeroable>(n: usize, filled: bool) -> Result<Vec<T>, SolveError> {
    let mut v = slots(n)?;
    if filled || std::mem::size_of_val(v.as_slice()) <= POPULATED_BYTES {
        populate(&mut v);
    }
    Ok(v)
}

/// The 16-bit form of an entry that is in the general map: tag 7, which no entry has.
const ELSEWHERE: u16 = 7 << 13;

/// The slot an entry was written to, while the slots have the size they had then.
#[derive(Clone, Copy, Debug)]
pub struct Spot {
    slot: usize,
    slots: usize,
    /// The slot's bits above the entry.
    above: u64,
}

impl Spot {
    /// No slot: the entry went to the general map (or the table is not a hash table).
    pub const NOWHERE: Spot = Spot {
        slot: 0,
        slots: 0,
        above: 0,
    };
}

/// The slots of either width.
enum Slots {
    Narrow(Quotient),
    Wide(Wide),
}

macro_rules! either {
    ($slots:expr, $t:ident => $e:expr) => {
        match $slots {
            Slots::Narrow($t) => $e,
            Slots::Wide($t) => $e,
        }
    };
}

pub struct Packed {
    slots: Slots,
    /// Entries that do not fit a slot, and codes that have none.
    elsewhere: FxHashMap<Code, u64>,
    /// Codes kept in `elsewhere` alone.
    strays: usize,
}

impl Packed {
    /// The table for codes below `space`, or `Err` if the memory for its first slots is refused.
    pub fn new(space: u64) -> Result<Packed, SolveError> {
        let slots = match Quotient::new(space)? {
            Some(q) => Slots::Narrow(q),
            None => Slots::Wide(Wide::new()?),
        };
        Ok(Packed {
            slots,
            elsewhere: FxHashMap::default(),
            strays: 0,
        })
    }

    /// The 8-byte slots (for tests: what numberings past 34 bits get).
    #[cfg(test)]
    fn wide() -> Packed {
        Packed::new(u64::MAX).expect("the slots are granted")
    }

    /// Keeps `e` for `c` in the general map, or `Err` if the memory for it to grow is refused.
    fn keep(&mut self, c: Code, e: u64) -> Result<(), SolveError> {
        if self.elsewhere.try_reserve(1).is_err() {
            // A map of (code, entry) pairs and a control byte each, doubling.
            let bytes = (self.elsewhere.capacity() as u64 + 1) * 2 * 17;
            return Err(SolveError::Refused(bytes));
        }
        self.elsewhere.insert(c, e);
        Ok(())
    }

    /// The entry of `c`, or `UNSEEN`.
    #[inline]
    pub fn get(&self, c: Code) -> u64 {
        self.probe(c).0
    }

    /// The entry of `c`, or `UNSEEN`, and where the search for it stopped: `put_at` with that
    /// spot writes `c` without searching again while the slots keep their size.
    #[inline(always)]
    pub fn probe(&self, c: Code) -> (u64, Spot) {
        let (x, near) = either!(&self.slots, t => t.probe(c));
        let e = match x {
            Some(ELSEWHERE) => self.elsewhere.get(&c).copied().unwrap_or(UNSEEN),
            Some(x) => widen16(x),
            None if self.strays > 0 => self.elsewhere.get(&c).copied().unwrap_or(UNSEEN),
            None => UNSEEN,
        };
        let at = match near {
            Some((slot, above)) => Spot {
                slot,
                slots: either!(&self.slots, t => t.slot_count()),
                above,
            },
            None => Spot::NOWHERE,
        };
        (e, at)
    }

    /// Writes `e` for `c`, or `Err` if the memory for the table to grow is refused.
    pub fn set(&mut self, c: Code, e: u64) -> Result<(), SolveError> {
        self.put(c, e).map(|_| ())
    }

    /// Writes `e` as `set` does, and says where: `rewrite` can then write `c` again without
    /// searching for it (and so without waiting for its slot to load: a store does not stall).
    pub fn put(&mut self, c: Code, e: u64) -> Result<Spot, SolveError> {
        self.put_at(Spot::NOWHERE, c, e)
    }

    /// As `put`, where `probe` of `c` gave `near` (and nothing has been written since, but
    /// for other codes): the slot is then found without searching.
    #[inline]
    pub fn put_at(&mut self, near: Spot, c: Code, e: u64) -> Result<Spot, SolveError> {
        // Most writes: nothing in the general map, an entry that fits a slot, and the slot
        // where the search stopped still there to write. Inlined where it is called (the
        // depth-first loop writes each position twice); the rest is not.
        if self.elsewhere.is_empty() && near.slots == either!(&self.slots, t => t.slot_count()) {
            if let Some(x) = narrow16(e).filter(|&x| x != 0) {
                if either!(&mut self.slots, t => t.put_quick(c, (near.slot, near.above), x)) {
                    return Ok(near);
                }
            }
        }
        self.put_searching(near, c, e)
    }

    /// `put_at` where the slot is to be searched for, or the general map consulted.
    #[inline(never)]
    fn put_searching(&mut self, near: Spot, c: Code, e: u64) -> Result<Spot, SolveError> {
        // What the slots held for `c` matters only when the general map holds something (a
        // stray, or the entry of a marked slot); most tables never use it, and are spared a
        // second search for every entry written.
        let before = match self.elsewhere.is_empty() {
            true => None,
            false => either!(&self.slots, t => t.get(c)),
        };
        if before.is_none() && self.strays > 0 && self.elsewhere.contains_key(&c) {
            self.elsewhere.insert(c, e);
            return Ok(Spot::NOWHERE);
        }
        let x = match narrow16(e) {
            Some(x) if x != 0 => x,
            _ => ELSEWHERE,
        };
        if x == ELSEWHERE {
            self.keep(c, e)?;
        }
        let slots = either!(&self.slots, t => t.slot_count());
        let near = (near.slots == slots).then_some((near.slot, near.above));
        let placed = match either!(&mut self.slots, t => t.put_near(c, x, near)) {
            Ok(placed) => placed,
            Err(refused) => {
                if x == ELSEWHERE && before != Some(ELSEWHERE) {
                    self.elsewhere.remove(&c);
                }
                return Err(refused);
            }
        };
        if x != ELSEWHERE && before == Some(ELSEWHERE) {
            self.elsewhere.remove(&c);
        }
        let at = match placed {
            Ok((slot, above)) if x != ELSEWHERE => Spot {
                slot,
                slots: either!(&self.slots, t => t.slot_count()),
                above,
            },
            Ok(_) => Spot::NOWHERE,
            Err(lost) => {
                self.strayed(lost)?;
                Spot::NOWHERE
            }
        };
        if self.strays > 0 && either!(&self.slots, t => t.slot_count()) != slots {
            self.rehome()?;
        }
        Ok(at)
    }

    /// Keeps in the general map the entries that the slots could not keep (codes and 16-bit
    /// entries; a marked one's entry is there already).
    fn strayed(&mut self, lost: Vec<(Code, u16)>) -> Result<(), SolveError> {
        for (code, y) in lost {
            if y != ELSEWHERE {
                self.keep(code, widen16(y))?;
            }
            self.strays += 1;
        }
        Ok(())
    }

    /// After the slots doubled: the codes kept in the general map for want of a slot within
    /// reach of their homes may reach one now (the reach doubles with the slots, and they are
    /// half as full), and each that does moves back into the slots (an entry too wide for one
    /// gets a marked slot). While any code is kept in the map alone, every code the slots do
    /// not hold must be looked for there too, and every write takes the long way: Connect Four
    /// 4 x 4 left 32 codes there when its first slots filled, and so looked in the map for each
    /// new position after that.
    fn rehome(&mut self) -> Result<(), SolveError> {
        let slots = &self.slots;
        let strays: Vec<(Code, u64)> = self
            .elsewhere
            .iter()
            .filter(|(&c, _)| either!(slots, t => t.get(c)).is_none())
            .map(|(&c, &e)| (c, e))
            .collect();
        for (c, e) in strays {
            let x = match narrow16(e) {
                Some(x) if x != 0 => x,
                _ => ELSEWHERE,
            };
            match either!(&mut self.slots, t => t.put_near(c, x, None))? {
                Ok(_) => {
                    self.strays -= 1;
                    if x != ELSEWHERE {
                        self.elsewhere.remove(&c);
                    }
                }
                // `c` is still a stray; any other code lost (the slots doubled again) is one now.
                Err(lost) => self.strayed(lost.into_iter().filter(|&(d, _)| d != c).collect())?,
            }
        }
        Ok(())
    }

    /// Writes `e` for `c` where `put` last wrote it, if the slots have not moved since; else as
    /// `set`. `c` must not have been written in between (its slot would still be right, but an
    /// entry moved to the general map would be left there).
    #[inline]
    pub fn rewrite(&mut self, at: Spot, c: Code, e: u64) -> Result<(), SolveError> {
        match narrow16(e) {
            Some(x) if x != 0 && at.slots == either!(&self.slots, t => t.slot_count()) => {
                either!(&mut self.slots, t => t.rewrite(at.slot, at.above, x));
                Ok(())
            }
            _ => self.set(c, e),
        }
    }

    /// Every code in the table with its entry, once each, in no particular order.
    pub fn each(&self, mut f: impl FnMut(Code, u64)) {
        either!(&self.slots, t => t.each(|c, x| {
            // A marked slot's entry is in the general map, read below with the codes that have no
            // slot.
            if x != ELSEWHERE {
                f(c, widen16(x));
            }
        }));
        for (&c, &e) in &self.elsewhere {
            f(c, e);
        }
    }

    /// The slots, for tests.
    #[cfg(test)]
    fn slots_len(&self) -> usize {
        either!(&self.slots, t => t.slot_count())
    }

    /// Asks the CPU to start loading the slot where `c`'s search begins.
    #[inline]
    pub fn prefetch(&self, c: Code) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = either!(&self.slots, t => t.home_ptr(c));
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
    use super::super::wide::MAX_SLOT_CODE;
    use super::*;
    use crate::solve::entry::{busy, pack, Value};

    /// Every entry `each` gives, checked to be given once and to be what `get` reads.
    fn every(p: &Packed) -> std::collections::HashMap<Code, u64> {
        let mut all = std::collections::HashMap::new();
        p.each(|c, e| assert!(all.insert(c, e).is_none(), "code {c} given twice"));
        for (&c, &e) in &all {
            assert_eq!(p.get(c), e, "code {c}");
        }
        all
    }

    #[test]
    fn entries_narrow_and_wide_and_codes_past_48_bits_read_back_as_written() {
        let mut p = Packed::wide();
        let wide = pack(Value::Win, 300, 0);
        let big = MAX_SLOT_CODE + 1;
        for c in 0..20_000u64 {
            p.set(c * 7919, pack(Value::Lose, (c % 200) as u32, 0))
                .expect("granted");
        }
        p.set(5, busy(3)).expect("granted");
        p.set(5, wide).expect("granted");
        p.set(6, wide).expect("granted");
        p.set(6, pack(Value::Tie, 2, 1)).expect("granted");
        p.set(big, pack(Value::Draw, 0, 0)).expect("granted");
        p.set(MAX_SLOT_CODE, busy(9)).expect("granted");
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
        assert_eq!(every(&p).len(), 20_000 + 4);
        let Slots::Wide(w) = &p.slots else {
            panic!("8-byte slots")
        };
        assert_eq!(w.used(), 20_000 + 2 + 1);
        assert!(w.used() * 4 <= w.slot_count() * 3);
    }

    #[test]
    fn a_rewrite_lands_where_the_entry_was_put_even_after_the_slots_double() {
        let mut p = Packed::wide();
        let at = p.put(42, busy(0)).expect("granted");
        p.rewrite(at, 42, pack(Value::Win, 3, 0)).expect("granted");
        assert_eq!(p.get(42), pack(Value::Win, 3, 0));
        let at = p.put(43, busy(0)).expect("granted");
        for c in 100..10_000 {
            p.set(c, busy(1)).expect("granted");
        }
        p.rewrite(at, 43, pack(Value::Lose, 4, 0)).expect("granted");
        assert_eq!(p.get(43), pack(Value::Lose, 4, 0));
        let at = p.put(44, busy(0)).expect("granted");
        p.rewrite(at, 44, pack(Value::Tie, 999, 0))
            .expect("granted");
        assert_eq!(p.get(44), pack(Value::Tie, 999, 0));
        assert_eq!(p.get(99), UNSEEN);
    }

    #[test]
    fn a_spot_from_probe_is_searched_again_once_another_code_took_its_slot_or_the_slots_doubled() {
        use crate::solve::quotient::GOLDEN_INVERSE;
        // 30-bit codes spreading to home slot 5 (as below): each probe of a new one stops at the
        // first empty slot from 5 on, which the next code put there takes.
        let k = 30;
        let code = |q: u64| (5 << 10 | q).wrapping_mul(GOLDEN_INVERSE) & ((1 << k) - 1);
        let mut p = Packed::new(1 << k).expect("granted");
        let (e0, near0) = p.probe(code(0));
        let (e1, near1) = p.probe(code(1));
        assert_eq!((e0, e1), (UNSEEN, UNSEEN));
        assert_eq!((near0.slot, near1.slot), (5, 5));
        p.put_at(near1, code(1), busy(1)).expect("granted");
        // Slot 5 is code 1's now: code 0 must go on to slot 6, not over code 1.
        let at0 = p.put_at(near0, code(0), busy(2)).expect("granted");
        assert_eq!(at0.slot, 6);
        assert_eq!(p.get(code(1)), busy(1));
        assert_eq!(p.get(code(0)), busy(2));
        // A spot of code 0's own slot writes there.
        let (_, again) = p.probe(code(0));
        assert_eq!(again.slot, 6);
        p.put_at(again, code(0), pack(Value::Win, 1, 0))
            .expect("granted");
        assert_eq!(p.get(code(0)), pack(Value::Win, 1, 0));
        // A spot from before the slots doubled is searched again.
        let (_, stale) = p.probe(code(2));
        let mut c = 0;
        while p.slots_len() == stale.slots {
            c += 1;
            p.set(c * 7919 + 3, busy(3)).expect("granted");
        }
        p.put_at(stale, code(2), busy(4)).expect("granted");
        assert_eq!(p.get(code(2)), busy(4));
        assert_eq!(p.get(code(1)), busy(1));
        assert_eq!(p.get(code(0)), pack(Value::Win, 1, 0));
        assert_eq!(every(&p).len(), 3 + c as usize);
        // The same for 8-byte slots.
        let mut w = Packed::wide();
        let (_, n0) = w.probe(100);
        let mut other = 101;
        while w.probe(other).1.slot != n0.slot {
            other += 1;
        }
        w.put_at(w.probe(other).1, other, busy(5)).expect("granted");
        let at = w.put_at(n0, 100, busy(6)).expect("granted");
        assert_ne!(at.slot, n0.slot);
        assert_eq!((w.get(100), w.get(other)), (busy(6), busy(5)));
    }

    #[test]
    fn codes_kept_beside_the_slots_move_back_into_them_when_the_slots_double() {
        use crate::solve::quotient::GOLDEN_INVERSE;
        // 20-bit codes: 1024 slots, a 10-bit quotient and 6 bits of distance (reach 64). 70
        // codes spreading to home slot 5 leave 6 beside the slots; once the slots double
        // (reach 128), they fit.
        let k = 20;
        let mask = (1u64 << k) - 1;
        let code = |q: u64| (5 << 10 | q).wrapping_mul(GOLDEN_INVERSE) & mask;
        let mut p = Packed::new(1 << k).expect("granted");
        for q in 0..70 {
            p.set(code(q), busy(q % 7)).expect("granted");
        }
        // One wide entry among them: it is kept in the map, and gets a marked slot.
        p.set(code(69), pack(Value::Win, 1000, 0)).expect("granted");
        assert_eq!((p.strays, p.slots_len()), (6, 1024));
        let crowd: std::collections::HashSet<Code> = (0..70).map(code).collect();
        let others: Vec<Code> = (0..mask)
            .map(|j| j.wrapping_mul(7919) & mask)
            .filter(|c| !crowd.contains(c))
            .take(800)
            .collect();
        let mut doubled = false;
        for &c in &others {
            let before = p.slots_len();
            p.set(c, busy(1)).expect("granted");
            if p.slots_len() != before {
                assert_eq!(p.strays, 0, "just after the doubling");
                doubled = true;
            }
        }
        assert!(doubled);
        assert_eq!((p.strays, p.slots_len(), p.elsewhere.len()), (0, 2048, 1));
        for q in 0..69 {
            assert_eq!(p.get(code(q)), busy(q % 7), "q {q}");
        }
        assert_eq!(p.get(code(69)), pack(Value::Win, 1000, 0));
        for &c in &others {
            assert_eq!(p.get(c), busy(1));
        }
        assert_eq!(every(&p).len(), 870);
    }

    #[test]
    fn codes_crowding_one_home_past_a_4_byte_slots_reach_are_kept_beside_it() {
        use crate::solve::quotient::GOLDEN_INVERSE;
        // 30-bit codes: 2^20 slots, a 10-bit quotient and 6 bits of distance (reach 64). The
        // codes below all spread to home slot 5, so the last 36 of 100 find no slot in reach.
        let k = 30;
        let mut p = Packed::new(1 << k).expect("granted");
        assert!(matches!(p.slots, Slots::Narrow(_)));
        let code = |q: u64| (5 << 10 | q).wrapping_mul(GOLDEN_INVERSE) & ((1 << k) - 1);
        let spots: Vec<Spot> = (0..100)
            .map(|q| p.put(code(q), busy(q % 7)).expect("granted"))
            .collect();
        assert_eq!(p.strays, 36);
        assert_eq!(spots.iter().filter(|s| s.slots > 0).count(), 64);
        for q in 0..100 {
            assert_eq!(p.get(code(q)), busy(q % 7), "q {q}");
        }
        // Values over the marks: where `put` said, as `set`, wide ones, and back to narrow.
        for (q, at) in (0..100).zip(&spots) {
            p.rewrite(*at, code(q), pack(Value::Win, q as u32, 0))
                .expect("granted");
        }
        p.set(code(3), pack(Value::Lose, 400, 0)).expect("granted");
        p.set(code(90), pack(Value::Tie, 500, 40)).expect("granted");
        p.set(code(91), pack(Value::Tie, 5, 0)).expect("granted");
        p.set(code(4), UNSEEN).expect("granted");
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
        assert_eq!(every(&p).len(), 100);
        assert_eq!(p.get(code(100)), UNSEEN);
        assert_eq!(p.get(code(1000)), UNSEEN);
    }
}
