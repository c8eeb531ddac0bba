//! The solution table as the threads of a tier-order solve share it: every read and write is an
//! atomic operation on the table's own memory (relaxed, which on x86 is a plain load or store), so
//! positions of one tier are marked and valued in parallel without locks. A position is written
//! by one thread only: marks go through compare-and-swap, and values are written by the thread
//! that solves the position while no thread reads it (a tier never reaches itself).

use super::packed::Packed;
use super::store::{narrow, narrow16, widen, widen16, Store, UNSEEN};
use crate::engine::Code;
use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, Ordering::Relaxed};

/// A shared view of a `Store`.
pub(super) enum Shared<'a> {
    A16(&'a [AtomicU16]),
    A32(&'a [AtomicU32]),
    A64(&'a [AtomicU64]),
    /// A hash map is only read in parallel; it is written between the parallel steps.
    Sparse(&'a Packed),
}

/// What marking a position found.
pub(super) enum Mark {
    /// This call marked it.
    New,
    /// It was already in the table.
    Seen,
    /// The table cannot be written in parallel (a hash map): the caller marks it later.
    Later,
}

/// A 16-bit table as atomics (for the compiled kernels, which read and write it by address).
pub(super) fn atomic16(v: &mut [u16]) -> &[AtomicU16] {
    // SAFETY: as in `Store::shared`: same size, alignment and representation, and the `&mut`
    // borrow excludes every other access while the view lives.
    unsafe { &*(v as *mut [u16] as *const [AtomicU16]) }
}

impl Store {
    /// The table as threads share it, for as long as the view lives.
    pub(super) fn shared(&mut self) -> Shared<'_> {
        // SAFETY (all three): an atomic integer has the same size, alignment and representation
        // as the plain one (documented for AtomicU16/32/64), and the `&mut` borrow guarantees no
        // other access to the table while the shared view lives: this is what the standard
        // library's unstable `from_mut_slice` does.
        match self {
            Store::Dense16(v) => {
                Shared::A16(unsafe { &*(v.as_mut_slice() as *mut [u16] as *const [AtomicU16]) })
            }
            Store::Dense32(v) => {
                Shared::A32(unsafe { &*(v.as_mut_slice() as *mut [u32] as *const [AtomicU32]) })
            }
            Store::Dense(v) => {
                Shared::A64(unsafe { &*(v.as_mut_slice() as *mut [u64] as *const [AtomicU64]) })
            }
            Store::Sparse(m) => Shared::Sparse(m),
        }
    }
}

impl Shared<'_> {
    #[inline]
    pub(super) fn get(&self, c: Code) -> u64 {
        match self {
            Shared::A16(v) => widen16(v[c as usize].load(Relaxed)),
            Shared::A32(v) => widen(v[c as usize].load(Relaxed)),
            Shared::A64(v) => v[c as usize].load(Relaxed),
            Shared::Sparse(m) => m.get(c),
        }
    }

    /// Asks the CPU to start loading `c`'s entry, to be read soon.
    #[inline]
    pub(super) fn prefetch(&self, c: Code) {
        let c = c as usize;
        match self {
            Shared::A16(v) => v.get(c).map(crate::engine::alloc::prefetch),
            Shared::A32(v) => v.get(c).map(crate::engine::alloc::prefetch),
            Shared::A64(v) => v.get(c).map(crate::engine::alloc::prefetch),
            Shared::Sparse(m) => {
                m.prefetch(c as Code);
                None
            }
        };
    }

    /// Writes `e` if it fits the table's entries; `false` when it must wait for the serial step
    /// (the table widens, or is a hash map).
    #[inline]
    pub(super) fn try_set(&self, c: Code, e: u64) -> bool {
        match self {
            Shared::A16(v) => narrow16(e)
                .map(|x| v[c as usize].store(x, Relaxed))
                .is_some(),
            Shared::A32(v) => narrow(e).map(|x| v[c as usize].store(x, Relaxed)).is_some(),
            Shared::A64(v) => {
                v[c as usize].store(e, Relaxed);
                true
            }
            Shared::Sparse(_) => false,
        }
    }

    /// Marks an unseen position with `e` (which fits every width).
    #[inline]
    pub(super) fn mark(&self, c: Code, e: u64) -> Mark {
        let won = match self {
            Shared::A16(v) => narrow16(e).map(|x| {
                v[c as usize]
                    .compare_exchange(0, x, Relaxed, Relaxed)
                    .map(|_| ())
                    .map_err(widen16)
            }),
            Shared::A32(v) => narrow(e).map(|x| {
                v[c as usize]
                    .compare_exchange(0, x, Relaxed, Relaxed)
                    .map(|_| ())
                    .map_err(widen)
            }),
            Shared::A64(v) => Some(
                v[c as usize]
                    .compare_exchange(0, e, Relaxed, Relaxed)
                    .map(|_| ()),
            ),
            Shared::Sparse(m) => Some(m.get(c)).filter(|&e| e != UNSEEN).map(Err),
        };
        match won {
            Some(Ok(_)) => Mark::New,
            Some(Err(_)) => Mark::Seen,
            None => Mark::Later,
        }
    }
}
