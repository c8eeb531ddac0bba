//! The positions of a tier being found, as threads find them: an open-addressing hash set of keys
//! (`keys.rs`) that every thread inserts into with compare-and-swap, placed in proportion to the
//! key (keys are evenly spread, so any number of slots works) and probed linearly. It grows
//! between the parallel steps, by half: a key that finds the set too crowded is handed back to
//! the caller, who inserts it after growing. When the tier is complete, its slots are compacted
//! into the sorted list of its keys in place (placed in proportion, they are nearly in order).

use crate::engine::alloc::{huge_pages, zeroed};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Slots probed before an insertion gives up on a crowded set. Linear probing past half full
/// makes runs of a hundred slots common among millions of keys, so only a set far fuller than
/// `FULL` (which the steps between growths cannot make it) gives up.
const MAX_PROBE: usize = 1 << 14;
/// The set grows once more than this share (in 1/256ths) of its slots are used.
const FULL: u64 = 200;
/// How full (in 1/256ths) a set is made, or grown to, for the keys it is to hold.
const ROOMY: u64 = 150;

pub(super) struct Building {
    slots: Vec<u64>,
    /// Keys held (counted between the parallel steps).
    len: u64,
}

/// What inserting a key found.
pub(super) enum Insert {
    New,
    Seen,
    /// Too crowded: insert it again after `grow`.
    Full,
}

impl Building {
    /// An empty set with room for about `n` keys, or `None` if the memory is refused.
    pub(super) fn new(n: u64) -> Option<Building> {
        let slots = n.max(1024).saturating_mul(256) / ROOMY;
        let slots = zeroed(usize::try_from(slots).ok()?)?;
        huge_pages(&slots);
        Some(Building { slots, len: 0 })
    }

    pub(super) fn len(&self) -> u64 {
        self.len
    }

    /// The set as threads share it, to insert into, for as long as the view lives.
    pub(super) fn shared(&mut self) -> Shared<'_> {
        // SAFETY: an `AtomicU64` has the same size, alignment and representation as a `u64`, and
        // the `&mut` borrow excludes every other access while the view lives (what the standard
        // library's unstable `AtomicU64::from_mut_slice` does).
        let slots = unsafe { &*(self.slots.as_mut_slice() as *mut [u64] as *const [AtomicU64]) };
        Shared { slots }
    }

    /// Counts `n` more keys (the new ones a parallel step inserted); whether the set should grow.
    pub(super) fn added(&mut self, n: u64) -> bool {
        self.len += n;
        self.len.saturating_mul(256) > self.slots.len() as u64 * FULL
    }

    /// Grows the slots by half, or more if `room` more keys need it; `None` if refused.
    pub(super) fn grow(&mut self, room: u64) -> Option<()> {
        let more = (self.len / 2).max(room * 2);
        let mut bigger = Building::new(self.len.saturating_add(more))?;
        {
            let shared = bigger.shared();
            self.slots.par_chunks(1 << 16).for_each(|chunk| {
                for &k in chunk.iter().filter(|&&k| k != 0) {
                    // Roomy enough that an insertion will not find it crowded; if one does, the
                    // key goes in by the slower way.
                    if matches!(shared.insert(k), Insert::Full) {
                        shared.insert_anyway(k);
                    }
                }
            });
        }
        bigger.len = self.len;
        *self = bigger;
        Some(())
    }

    /// Inserts the keys a parallel step handed back (`Insert::Full`, or no set yet), growing the
    /// set when one finds it crowded; `None` if the memory is refused.
    pub(super) fn insert_rest(&mut self, keys: &[u64]) -> Option<()> {
        let mut rest = keys;
        while !rest.is_empty() {
            let s = self.shared();
            let (mut new, mut done, mut full) = (0, 0, false);
            for &k in rest {
                match s.insert(k) {
                    Insert::New => new += 1,
                    Insert::Seen => {}
                    Insert::Full => {
                        full = true;
                        break;
                    }
                }
                done += 1;
            }
            rest = &rest[done..];
            if self.added(new) || full {
                self.grow(rest.len() as u64)?;
            }
        }
        Some(())
    }

    /// The keys, sorted, in the memory of the slots.
    pub(super) fn into_sorted(self) -> Vec<u64> {
        let mut v = self.slots;
        let mut n = 0;
        for i in 0..v.len() {
            if v[i] != 0 {
                v[n] = v[i];
                n += 1;
            }
        }
        v.truncate(n);
        v.shrink_to_fit();
        // Placed in proportion to the key, each key is at most a few places from its place in
        // order, but for the few that wrapped from the last slot to the first.
        if !insertion_sort(&mut v, n.saturating_mul(64)) {
            v.par_sort_unstable();
        }
        v
    }
}

/// Sorts `v` by insertion unless that takes more than `budget` moves (then `false`, and `v`
/// is left in some order).
fn insertion_sort(v: &mut [u64], budget: usize) -> bool {
    let mut moves = 0;
    for i in 1..v.len() {
        let x = v[i];
        let mut j = i;
        while j > 0 && v[j - 1] > x {
            v[j] = v[j - 1];
            j -= 1;
        }
        v[j] = x;
        moves += i - j;
        if moves > budget {
            return false;
        }
    }
    true
}

/// A set's slots shared by threads.
pub(super) struct Shared<'a> {
    slots: &'a [AtomicU64],
}

impl Shared<'_> {
    /// Where `key` is placed first: in proportion to the key among the slots.
    #[inline]
    fn home(&self, key: u64) -> usize {
        ((u128::from(key) * self.slots.len() as u128) >> 64) as usize
    }

    /// Asks the CPU to start loading the slot `key` is placed in first.
    #[inline]
    pub(super) fn prefetch(&self, key: u64) {
        crate::engine::alloc::prefetch(&self.slots[self.home(key)]);
    }

    /// Inserts `key` (never 0) into a set with a free slot, however far.
    fn insert_anyway(&self, key: u64) {
        let n = self.slots.len();
        let mut i = self.home(key);
        for _ in 0..n {
            match self.slots[i].compare_exchange(0, key, Relaxed, Relaxed) {
                Ok(_) => return,
                Err(seen) if seen == key => return,
                Err(_) => {}
            }
            i = if i + 1 == n { 0 } else { i + 1 };
        }
    }

    /// Inserts `key` (never 0).
    #[inline]
    pub(super) fn insert(&self, key: u64) -> Insert {
        let n = self.slots.len();
        let mut i = self.home(key);
        for _ in 0..MAX_PROBE {
            let mut seen = self.slots[i].load(Relaxed);
            if seen == 0 {
                match self.slots[i].compare_exchange(0, key, Relaxed, Relaxed) {
                    Ok(_) => return Insert::New,
                    Err(now) => seen = now,
                }
            }
            if seen == key {
                return Insert::Seen;
            }
            i = if i + 1 == n { 0 } else { i + 1 };
        }
        Insert::Full
    }
}

#[cfg(test)]
mod tests {
    use super::super::keys::key;
    use super::*;

    #[test]
    fn keys_inserted_from_threads_come_out_sorted_once_each() {
        let mut set = Building::new(16).expect("a small set");
        let mut want: Vec<u64> = (0..50_000u64).map(|c| key(c % 20_000)).collect();
        for chunk in want.chunks(4096) {
            let (mut new, mut full) = (0u64, Vec::new());
            let s = set.shared();
            for &k in chunk {
                match s.insert(k) {
                    Insert::New => new += 1,
                    Insert::Seen => {}
                    Insert::Full => full.push(k),
                }
            }
            if set.added(new) {
                set.grow(0).expect("room");
            }
            set.insert_rest(&full).expect("room");
        }
        assert_eq!(set.len(), 20_000);
        want.sort_unstable();
        want.dedup();
        assert_eq!(set.into_sorted(), want);
    }
}
