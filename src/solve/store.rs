//! The solution table: one `u64` per position — value, remoteness and Grundy value packed — held
//! in a flat array indexed by position number when the numbering is small, else in a hash map.

use super::packed::{Packed, Spot};
use crate::engine::Code;

pub(crate) use super::entry::{
    busy, pack, remoteness_bits, tag, tier_of, unpack, valued, BUSY, MAX_TIER, UNSEEN,
};
pub(super) use super::entry::{narrow, narrow16, widen, widen16};
pub use super::entry::{Entry, Value};

/// The most bytes a dense table may come to per code: 2 while its entries are 16 bits, and 8
/// after widening, while the 2 it widens from are still held. A table is dense when that fits in
/// the memory budget (its pages are zeroed lazily: codes never reached cost nothing until a
/// widening copies them).
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
    /// false), else a hash table.
    pub fn for_space(space: u64, hashed: bool) -> Store {
        let fits = !hashed
            && space.saturating_mul(DENSE_BYTES_PER_CODE) <= crate::engine::memory::byte_budget();
        if fits && usize::try_from(space).is_ok() {
            Store::Dense16(vec![0u16; space as usize])
        } else {
            Store::Sparse(Packed::new(space))
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
    /// Turns a 64-bit dense table into a 32-bit one if every entry fits.
    fn narrow_to_32(&mut self) {
        if let Store::Dense(v) = self {
            if let Some(n) = v.iter().map(|e| narrow(*e)).collect::<Option<Vec<u32>>>() {
                *self = Store::Dense32(n);
            }
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
    pub fn put(&mut self, c: Code, e: u64) -> Spot {
        match self {
            Store::Sparse(m) => m.put(c, e),
            _ => {
                self.set(c, e);
                Spot::NOWHERE
            }
        }
    }

    /// Writes `c` again where `put` wrote it (a hash table then need not search for it); `c`
    /// must not have been written in between.
    #[inline]
    pub fn rewrite(&mut self, at: Spot, c: Code, e: u64) {
        match self {
            Store::Sparse(m) => m.rewrite(at, c, e),
            _ => self.set(c, e),
        }
    }

    #[inline]
    pub fn set(&mut self, c: Code, e: u64) {
        match self {
            Store::Dense16(v) => match narrow16(e) {
                Some(x) => v[c as usize] = x,
                None => {
                    // Widen to the 32-bit tier (or straight to 64 bits if even that is too narrow).
                    let wide: Vec<u64> = v.iter().map(|x| widen16(*x)).collect();
                    *self = Store::Dense(wide);
                    self.narrow_to_32();
                    self.set(c, e);
                }
            },
            Store::Dense32(v) => match narrow(e) {
                Some(x) => v[c as usize] = x,
                None => {
                    let mut wide: Vec<u64> = v.iter().map(|x| widen(*x)).collect();
                    wide[c as usize] = e;
                    *self = Store::Dense(wide);
                }
            },
            Store::Dense(v) => v[c as usize] = e,
            Store::Sparse(m) => m.set(c, e),
        }
    }
}
