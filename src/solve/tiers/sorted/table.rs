//! A solved tier in memory: its keys sorted, a directory by the keys' top bits (a key is found by
//! reading its bucket's bounds and the few keys between them), and each position's 16-bit entry
//! beside its key; entries too wide for 16 bits are kept aside by index.

use super::super::super::store::{narrow16, widen16};
use crate::engine::alloc::{huge_pages, prefetch, zeroed};
use rustc_hash::FxHashMap;

/// A 16-bit entry meaning "the entry is kept aside" (tag 7, which no entry has).
pub(super) const WIDE: u16 = 0xE000;

pub(super) struct Table {
    pub(super) keys: Vec<u64>,
    /// `dir[b]` is the index of the first key whose top bits are `b` or more.
    dir: Vec<u32>,
    /// `64 - log2(dir.len() - 1)`.
    shift: u32,
    pub(super) values: Vec<u16>,
    pub(super) wide: FxHashMap<u32, u64>,
}

impl Table {
    /// The table of sorted `keys` (fewer than 2^32) and their entries; `None` if the memory for
    /// the directory is refused.
    pub(super) fn new(
        keys: Vec<u64>,
        values: Vec<u16>,
        wide: FxHashMap<u32, u64>,
    ) -> Option<Table> {
        // About two keys a bucket.
        let bits = (keys.len() as u64 / 2).max(1).ilog2().min(40);
        let buckets = 1usize << bits;
        let mut dir: Vec<u32> = zeroed(buckets + 1)?;
        huge_pages(&dir);
        let shift = 64 - bits;
        let mut i = 0usize;
        for (b, d) in dir.iter_mut().enumerate().take(buckets) {
            while i < keys.len() && top(keys[i], shift) < b as u64 {
                i += 1;
            }
            *d = i as u32;
        }
        dir[buckets] = keys.len() as u32;
        Some(Table {
            keys,
            dir,
            shift,
            values,
            wide,
        })
    }

    /// Bytes the table takes.
    pub(super) fn bytes(&self) -> u64 {
        (self.keys.len() * 10 + self.dir.len() * 4 + self.wide.len() * 24) as u64
    }

    /// Asks the CPU to start loading `key`'s bucket bounds.
    #[inline]
    pub(super) fn prefetch(&self, key: u64) {
        if let Some(p) = self.dir.get(top(key, self.shift) as usize) {
            prefetch(p);
        }
    }

    /// Where `key` is, if the tier has it.
    #[inline]
    pub(super) fn find(&self, key: u64) -> Option<usize> {
        self.find_in(key, self.bounds(key))
    }

    /// The bounds of `key`'s bucket: where the keys with its top bits start and end.
    #[inline]
    pub(super) fn bounds(&self, key: u64) -> (u32, u32) {
        let b = top(key, self.shift) as usize;
        (self.dir[b], self.dir[b + 1])
    }

    /// Where `key` is in its bucket (`bounds`), if the tier has it.
    #[inline]
    pub(super) fn find_in(&self, key: u64, (lo, hi): (u32, u32)) -> Option<usize> {
        let (lo, hi) = (lo as usize, hi as usize);
        let run = &self.keys[lo..hi];
        if run.len() <= 16 {
            run.iter().position(|&k| k == key).map(|i| lo + i)
        } else {
            run.binary_search(&key).ok().map(|i| lo + i)
        }
    }

    /// The entry of the position at `i`.
    #[inline]
    pub(super) fn entry_at(&self, i: usize) -> u64 {
        match self.values[i] {
            WIDE => self.wide.get(&(i as u32)).copied().unwrap_or(0),
            x => widen16(x),
        }
    }

    /// The entry of `key`, if the tier has it.
    #[inline]
    pub(super) fn get(&self, key: u64) -> Option<u64> {
        self.find(key).map(|i| self.entry_at(i))
    }
}

/// A key's top bits (none when `shift` is 64).
#[inline]
fn top(key: u64, shift: u32) -> u64 {
    key.checked_shr(shift).unwrap_or(0)
}

/// The 16-bit form of `e`, or `WIDE` when it does not fit (the caller keeps it aside).
#[inline]
pub(super) fn narrow_or_wide(e: u64) -> u16 {
    narrow16(e).filter(|&x| x != WIDE).unwrap_or(WIDE)
}

#[cfg(test)]
mod tests {
    use super::super::keys::key;
    use super::*;

    #[test]
    fn every_key_is_found_at_its_place_and_no_other() {
        for n in [0u64, 1, 2, 3, 100, 5000] {
            let mut keys: Vec<u64> = (0..n).map(|c| key(c * 7)).collect();
            keys.sort_unstable();
            let values = (0..n).map(|i| i as u16).collect();
            let t = Table::new(keys.clone(), values, FxHashMap::default()).expect("room");
            for (i, &k) in keys.iter().enumerate() {
                assert_eq!(t.find(k), Some(i));
            }
            for c in 0..n {
                assert_eq!(t.find(key(c * 7 + 1)), None);
            }
        }
        // Clustered keys (as unmixed codes would be) are still found.
        let keys: Vec<u64> = (0..1000u64).map(|i| (1 << 63) + i).collect();
        let t = Table::new(keys.clone(), vec![0; 1000], FxHashMap::default()).expect("room");
        assert_eq!(t.find((1 << 63) + 999), Some(999));
        assert_eq!(t.find(5), None);
    }
}
