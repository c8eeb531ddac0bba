//! The solution table: one `u64` per position — value, remoteness and Grundy value packed — held
//! in a flat array indexed by position number when the numbering is small, else in a hash map.

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
    /// false) and the memory is granted, else a hash table.
    pub fn for_space(space: u64, hashed: bool) -> Store {
        let fits = !hashed
            && space.saturating_mul(DENSE_BYTES_PER_CODE) <= crate::engine::memory::byte_budget();
        match usize::try_from(space)
            .ok()
            .filter(|_| fits)
            .and_then(zeroed)
        {
            Some(v) => Store::Dense16(v),
            None => Store::Sparse(Packed::new(space)),
        }
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

    /// Writes `e` as `set` does, and says where, for `rewrite`.
    pub fn put(&mut self, c: Code, e: u64) -> Result<Spot, SolveError> {
        match self {
            Store::Sparse(m) => Ok(m.put(c, e)),
            _ => self.set(c, e).map(|()| Spot::NOWHERE),
        }
    }

    /// Writes `c` again where `put` wrote it (a hash table then need not search for it); `c`
    /// must not have been written in between.
    #[inline]
    pub fn rewrite(&mut self, at: Spot, c: Code, e: u64) -> Result<(), SolveError> {
        match self {
            Store::Sparse(m) => m.rewrite(at, c, e),
            _ => return self.set(c, e),
        }
        Ok(())
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
            Store::Sparse(m) => m.set(c, e),
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
