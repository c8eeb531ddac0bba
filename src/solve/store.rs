//! The solution table: one `u64` per position — value, remoteness and Grundy value packed — held
//! in a flat array indexed by position number when the numbering is small, else in a hash map.

use crate::engine::Code;
use rustc_hash::FxHashMap;

/// The most bytes a dense table may come to per code: 2 while its entries are 16 bits, and 8
/// after widening, while the 2 it widens from are still held. A table is dense when that fits in
/// the memory budget (its pages are zeroed lazily: codes never reached cost nothing until a
/// widening copies them).
pub(crate) const DENSE_BYTES_PER_CODE: u64 = 10;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Value {
    Win,
    Lose,
    Tie,
    Draw,
}

impl Value {
    pub fn name(self) -> &'static str {
        match self {
            Value::Win => "win",
            Value::Lose => "lose",
            Value::Tie => "tie",
            Value::Draw => "draw",
        }
    }
    /// The value seen from the other player's side.
    pub fn flip(self) -> Value {
        match self {
            Value::Win => Value::Lose,
            Value::Lose => Value::Win,
            v => v,
        }
    }
}

/// Tags in the top bits of an entry.
pub(crate) const UNSEEN: u64 = 0;
pub(crate) const BUSY: u64 = 1;
const TAG_SHIFT: u32 = 61;
const REM_MASK: u64 = (1 << 29) - 1;

pub(crate) fn pack(v: Value, remoteness: u32, grundy: u32) -> u64 {
    let tag = match v {
        Value::Win => 2,
        Value::Lose => 3,
        Value::Tie => 4,
        Value::Draw => 5,
    };
    (tag << TAG_SHIFT) | ((remoteness as u64 & REM_MASK) << 32) | grundy as u64
}

#[inline]
pub(crate) fn tag(e: u64) -> u64 {
    e >> TAG_SHIFT
}

/// Whether a packed entry holds a value (win, lose, tie or draw), not a mark.
#[inline]
pub(crate) fn valued(e: u64) -> bool {
    (2..=5).contains(&tag(e))
}

/// The remoteness bits of a packed entry (meaningless for a draw).
#[inline]
pub(crate) fn remoteness_bits(e: u64) -> u32 {
    ((e >> 32) & REM_MASK) as u32
}

/// The largest tier a position being solved in tier order can be marked with (the mark fits a
/// 16-bit entry: the tier's high bits where the remoteness goes, its low 5 where the Grundy value does).
pub(crate) const MAX_TIER: u64 = (1 << 13) - 1;

/// A position found but not yet valued, marked with its tier (at most `MAX_TIER`).
pub(crate) fn busy(tier: u64) -> u64 {
    (BUSY << TAG_SHIFT) | ((tier >> 5) << 32) | (tier & 31)
}

/// The tier a `busy` mark holds.
pub(crate) fn tier_of(e: u64) -> u64 {
    (((e >> 32) & REM_MASK) << 5) | (e & 31)
}

/// One position's solution, as read back from the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub value: Value,
    /// Moves to the end under best play; `None` for a draw.
    pub remoteness: Option<u32>,
    pub grundy: u32,
}

pub(crate) fn unpack(e: u64) -> Option<Entry> {
    let value = match tag(e) {
        2 => Value::Win,
        3 => Value::Lose,
        4 => Value::Tie,
        5 => Value::Draw,
        _ => return None,
    };
    Some(Entry {
        value,
        remoteness: (value != Value::Draw).then_some(((e >> 32) & REM_MASK) as u32),
        grundy: e as u32,
    })
}

/// The table. Dense tables start with 16-bit entries (value, remoteness below 256, Grundy value
/// below 32), which keeps big tables near the size of the CPU's cache, and widen in place to 32
/// bits (remoteness below 8192, Grundy below 65536) and then 64 bits the first time an entry does
/// not fit.
pub enum Store {
    Dense16(Vec<u16>),
    Dense32(Vec<u32>),
    Dense(Vec<u64>),
    Sparse(FxHashMap<Code, u64>),
}

/// The 32-bit form of an entry, if it fits: tag in bits 29..32, remoteness in 16..29, Grundy in 0..16.
#[inline]
pub(super) fn narrow(e: u64) -> Option<u32> {
    let (t, rem, g) = (tag(e), (e >> 32) & REM_MASK, e & 0xFFFF_FFFF);
    (rem < 1 << 13 && g < 1 << 16).then_some(((t as u32) << 29) | ((rem as u32) << 16) | g as u32)
}

/// The 16-bit form: tag in bits 13..16, remoteness in 5..13, Grundy in 0..5.
#[inline]
pub(super) fn narrow16(e: u64) -> Option<u16> {
    let (t, rem, g) = (tag(e), (e >> 32) & REM_MASK, e & 0xFFFF_FFFF);
    (rem < 1 << 8 && g < 1 << 5).then_some(((t as u16) << 13) | ((rem as u16) << 5) | g as u16)
}

#[inline]
pub(super) fn widen16(x: u16) -> u64 {
    (((x >> 13) as u64) << TAG_SHIFT) | ((((x >> 5) & 0xFF) as u64) << 32) | (x & 0x1F) as u64
}

#[inline]
pub(super) fn widen(x: u32) -> u64 {
    (((x >> 29) as u64) << TAG_SHIFT) | ((((x >> 16) & 0x1FFF) as u64) << 32) | (x & 0xFFFF) as u64
}

impl Store {
    pub fn for_space(space: u64) -> Store {
        let fits =
            space.saturating_mul(DENSE_BYTES_PER_CODE) <= crate::engine::memory::byte_budget();
        if fits && usize::try_from(space).is_ok() {
            Store::Dense16(vec![0u16; space as usize])
        } else {
            Store::Sparse(FxHashMap::default())
        }
    }
    #[inline]
    pub fn get(&self, c: Code) -> u64 {
        match self {
            Store::Dense16(v) => widen16(v[c as usize]),
            Store::Dense32(v) => widen(v[c as usize]),
            Store::Dense(v) => v[c as usize],
            Store::Sparse(m) => m.get(&c).copied().unwrap_or(UNSEEN),
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
                Store::Sparse(_) => None,
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
            Store::Sparse(m) => {
                m.insert(c, e);
            }
        }
    }
}
