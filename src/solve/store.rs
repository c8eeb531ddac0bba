//! The solution table: one `u64` per position — value, remoteness and Grundy value packed — held
//! in a flat array indexed by position number when the numbering is small, else in a hash map.
//! Every table is allocated, widened and grown fallibly: a refusal is `SolveError::Refused`.

use super::packed::{Packed, Spot};
use super::SolveError;
use crate::engine::alloc::{try_map, zeroed};
use crate::engine::Code;

pub(crate) use super::entry::{
    busy, pack, remoteness_bits, tag, tier_of, unpack, valued, BUSY, MAX_TIER, UNSEEN,
};
pub(super) use super::entry::{narrow, narrow16, widen, widen16};
pub use super::entry::{Entry, Value};

/// The bytes a dense table is reckoned to come to per code: 2 while its entries are 16 bits, and
/// 8 after widening, while the 2 it widens from are still held. A table is dense when that fits
/// in the memory budget (its pages are zeroed lazily: codes never reached cost nothing until a
/// widening copies them). Widening 32-bit entries to 64 holds 12 bytes a code for a moment,
/// within the quarter the budget keeps back; if the system refuses them all the same, the solve
/// stops with `SolveError::Refused`.
pub(crate) const DENSE_BYTES_PER_CODE: u64 = 10;

/// The table. Dense tables start with 16-bit entries (value, remoteness below 256, Grundy value
/// below 32), which keeps big tables near the size of the CPU's cache, and widen in place to 32
/// bits (remoteness below 8192, Grundy below 65536) and then 64 bits the first time an entry does
/// not fit.
pub enum Store {
    Dense16(Vec<u16>),
    Dense32(Vec<u32>),
    Dense(Vec<u64>),
    Sparse(Packed),
}

impl Store {
    /// The table for `space` codes: an array if it fits the memory budget (and `hashed` is
    /// false) and the memory is granted, else a hash table; `Err` if even the hash table's
    /// first slots are refused.
    pub fn for_space(space: u64, hashed: bool) -> Result<Store, SolveError> {
        let fits = !hashed
            && space.saturating_mul(DENSE_BYTES_PER_CODE) <= crate::engine::memory::byte_budget();
        match usize::try_from(space)
            .ok()
            .filter(|_| fits)
            .and_then(zeroed)
        {
            Some(v) => Ok(Store::Dense16(v)),
            None => Packed::new(space).map(Store::Sparse),
        }
    }
    /// The first code of `from..=to` (`to..=from` walked down when `descending`) whose entry is
    /// marked busy (found, not yet valued): a sweep's walk through its numbers, read straight off
    /// an array rather than an entry at a time.
    pub fn next_busy(&self, from: Code, to: Code, descending: bool) -> Option<Code> {
        let (lo, hi) = if descending { (to, from) } else { (from, to) };
        if lo > hi {
            return None;
        }
        fn first<T: Copy>(
            v: &[T],
            lo: Code,
            hi: Code,
            down: bool,
            busy: impl Fn(T) -> bool,
        ) -> Option<Code> {
            let s = v.get(lo as usize..=hi as usize)?;
            let at = match down {
                true => s.iter().rposition(|&x| busy(x)),
                false => s.iter().position(|&x| busy(x)),
            };
            at.map(|i| lo + i as Code)
        }
        match self {
            Store::Dense16(v) => first(v, lo, hi, descending, |x| u64::from(x >> 13) == BUSY),
            Store::Dense32(v) => first(v, lo, hi, descending, |x| u64::from(x >> 29) == BUSY),
            Store::Dense(v) => first(v, lo, hi, descending, |x| tag(x) == BUSY),
            Store::Sparse(_) => {
                let busy = |c: &Code| tag(self.get(*c)) == BUSY;
                match descending {
                    true => (lo..=hi).rev().find(busy),
                    false => (lo..=hi).find(busy),
                }
            }
        }
    }

    /// How many codes of `lo..=hi` are marked busy: a sweep's finding pass, which marks every
    /// position it finds, counts what it has marked behind it.
    pub fn count_busy(&self, lo: Code, hi: Code) -> u64 {
        fn count<T: Copy>(v: &[T], lo: Code, hi: Code, busy: impl Fn(T) -> bool) -> u64 {
            v.get(lo as usize..=hi as usize)
                .map_or(0, |s| s.iter().filter(|&&x| busy(x)).count() as u64)
        }
        match self {
            Store::Dense16(v) => count(v, lo, hi, |x| u64::from(x >> 13) == BUSY),
            Store::Dense32(v) => count(v, lo, hi, |x| u64::from(x >> 29) == BUSY),
            Store::Dense(v) => count(v, lo, hi, |x| tag(x) == BUSY),
            Store::Sparse(_) => (lo..=hi).filter(|&c| tag(self.get(c)) == BUSY).count() as u64,
        }
    }

    /// Clears the entries of `lo..=hi` (to `UNSEEN`): a sweep that starts again.
    pub fn clear(&mut self, lo: Code, hi: Code) -> Result<(), SolveError> {
        match self {
            Store::Dense16(v) => v[lo as usize..=hi as usize].fill(0),
            Store::Dense32(v) => v[lo as usize..=hi as usize].fill(0),
            Store::Dense(v) => v[lo as usize..=hi as usize].fill(0),
            Store::Sparse(_) => {
                for c in lo..=hi {
                    if self.get(c) != UNSEEN {
                        self.set(c, UNSEEN)?;
                    }
                }
            }
        }
        Ok(())
    }

    #[inline]
    pub fn get(&self, c: Code) -> u64 {
        match self {
            Store::Dense16(v) => widen16(v[c as usize]),
            Store::Dense32(v) => widen(v[c as usize]),
            Store::Dense(v) => v[c as usize],
            Store::Sparse(m) => m.get(c),
        }
    }

    /// Asks the CPU to start loading an entry that will be read soon, so that the cache misses of
    /// a position's children overlap instead of stalling one after another.
    #[inline]
    pub fn prefetch(&self, c: Code) {
        #[cfg(target_arch = "x86_64")]
        {
            let ptr = match self {
                Store::Dense16(v) => v.get(c as usize).map(|x| (x as *const u16).cast::<i8>()),
                Store::Dense32(v) => v.get(c as usize).map(|x| (x as *const u32).cast::<i8>()),
                Store::Dense(v) => v.get(c as usize).map(|x| (x as *const u64).cast::<i8>()),
                Store::Sparse(m) => {
                    m.prefetch(c);
                    None
                }
            };
            if let Some(p) = ptr {
                // SAFETY: `_mm_prefetch` only hints the cache; the pointer is to a live element of
                // the table, and a prefetch never faults or changes memory.
                unsafe {
                    use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                    _mm_prefetch::<_MM_HINT_T0>(p);
                }
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = c;
    }

    /// The entry of `c` as `get` reads it, and where a hash table's search for it stopped, for
    /// `put_at`.
    #[inline]
    pub fn probe(&self, c: Code) -> (u64, Spot) {
        match self {
            Store::Sparse(m) => m.probe(c),
            _ => (self.get(c), Spot::NOWHERE),
        }
    }

    /// Writes `e` as `set` does, and says where, for `rewrite`. Where `probe` of `c` gave
    /// `near`, it writes to a hash table without searching again if `c`'s slot is where the search stopped then (entries written since for other
    /// codes, or the table grown, and it searches).
    #[inline]
    pub fn put_at(&mut self, near: Spot, c: Code, e: u64) -> Result<Spot, SolveError> {
        match self {
            Store::Sparse(m) => m.put_at(near, c, e),
            _ => self.set(c, e).map(|()| Spot::NOWHERE),
        }
    }

    /// Writes `c` again where `put` wrote it (a hash table then need not search for it); `c`
    /// must not have been written in between.
    #[inline]
    pub fn rewrite(&mut self, at: Spot, c: Code, e: u64) -> Result<(), SolveError> {
        match self {
            Store::Sparse(m) => m.rewrite(at, c, e),
            _ => self.set(c, e),
        }
    }

    /// Writes entry `e` of code `c`, widening a dense table whose entries are too narrow for
    /// it: refused if the wider table's memory is refused.
    #[inline]
    pub fn set(&mut self, c: Code, e: u64) -> Result<(), SolveError> {
        match self {
            Store::Dense16(v) => match narrow16(e) {
                Some(x) => v[c as usize] = x,
                None => return self.widen(c, e),
            },
            Store::Dense32(v) => match narrow(e) {
                Some(x) => v[c as usize] = x,
                None => return self.widen(c, e),
            },
            Store::Dense(v) => v[c as usize] = e,
            Store::Sparse(m) => return m.set(c, e),
        }
        Ok(())
    }

    /// Widens a dense table to 32-bit entries or, if `e` needs more, 64-bit ones, and writes
    /// `e`. The narrow table is held until the wide one is written (`DENSE_BYTES_PER_CODE`).
    #[cold]
    fn widen(&mut self, c: Code, e: u64) -> Result<(), SolveError> {
        let refused = |n: usize, width: usize| SolveError::Refused((n * width) as u64);
        let wide = match (&*self, narrow(e)) {
            (Store::Dense16(v), Some(_)) => Store::Dense32(
                try_map(v, |x| narrow(widen16(x)).unwrap_or(0)).ok_or(refused(v.len(), 4))?,
            ),
            (Store::Dense16(v), None) => {
                Store::Dense(try_map(v, widen16).ok_or(refused(v.len(), 8))?)
            }
            (Store::Dense32(v), _) => Store::Dense(try_map(v, widen).ok_or(refused(v.len(), 8))?),
            _ => unreachable!("only a 16- or 32-bit dense table widens"),
        };
        *self = wide;
        self.set(c, e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `next_busy` finds what a walk reading every entry finds, up and down, on every kind of
    /// table, with busy marks at the ends of the range, next to each other and nowhere.
    #[test]
    fn next_busy_finds_what_a_walk_finds() {
        let n = 300u64;
        let busy: Vec<Code> = vec![0, 1, 7, 64, 65, 130, 298, 299];
        let valued_at = [3u64, 66, 200];
        let tables = [
            Store::Dense16(vec![0; n as usize]),
            Store::Dense32(vec![0; n as usize]),
            Store::Dense(vec![0; n as usize]),
            Store::Sparse(Packed::new(n).expect("a table")),
        ];
        for mut store in tables {
            for &c in &busy {
                store.set(c, BUSY << 61).expect("set");
            }
            for &c in &valued_at {
                store.set(c, pack(Value::Win, 3, 0)).expect("set");
            }
            for (from, to) in [(0, n - 1), (5, 5), (7, 7), (2, 63), (66, 129), (131, 297)] {
                let walk: Vec<Code> = (from..=to).filter(|c| busy.contains(c)).collect();
                assert_eq!(
                    store.next_busy(from, to, false),
                    walk.first().copied(),
                    "{from}..={to} up"
                );
                assert_eq!(
                    store.next_busy(to, from, true),
                    walk.last().copied(),
                    "{to} down to {from}"
                );
            }
            // An empty range finds nothing.
            assert_eq!(store.next_busy(9, 8, false), None);
            assert_eq!(store.next_busy(8, 9, true), None);
        }
    }
}
