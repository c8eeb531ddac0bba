//! The table of a solver that finds positions as it goes (depth first, or tier by tier): a hash
//! table first, moved into an array over every position number once the positions found say the
//! array is worth its pages.
//!
//! An array's pages are zeroed and mapped by the system when first touched (twice over when a
//! page is read before it is written: first the shared zero page, then a copy): Connect Four
//! 4 x 4, 161,029 positions among 86 million position numbers, took 18,100 page faults on its
//! 172 MB array against 2,400 on a hash table, and spent more than half its time in the kernel.
//! The hash table holds the same positions in a megabyte or two, but costs more than an array
//! for each position read. Which is cheaper depends on how the positions fall among the array's
//! pages, and the positions found so far tell: while they average fewer than `PER_PAGE` to each
//! page they touch, the hash table is kept; once they average more (or the hash table would
//! outgrow what the memory budget reckons beside the array), its entries move into the array,
//! once, in time linear in the positions. The array is allocated at the start, as it was when it
//! was used from the start (its pages cost nothing until written), so the move is never refused
//! for want of it.

use super::packed::Packed;
use super::store::{Store, DENSE_BYTES_PER_CODE};
use super::SolveError;
use crate::engine::alloc::zeroed;
use crate::engine::{memory, Code};

/// Codes on one page of a 16-bit array (4096 bytes).
const PAGE_CODES: u64 = 2048;
/// The positions a touched page must hold on average for the array to be worth it. Measured
/// here: Connect Four 4 x 4 averages about 20, and took 1.45 times as long moved into the array
/// (at 16) as kept on the hash table; Nim with seven heaps of 7 depth first (2 million positions
/// filling every page) took 5% less moved after its first 65,536 positions (at 64) than after
/// its first sixth (the memory bound alone).
const PER_PAGE: u64 = 64;
/// Arrays of at most this many bytes are used from the start: all their pages cost less than
/// a millisecond.
const SMALL_BYTES: u64 = 1 << 20;

/// What moves a hash table into an array: the array, granted and untouched, and the pages of it
/// that the positions found so far fall on.
pub(super) struct Densify {
    array: Vec<u16>,
    /// One bit per page of the array.
    pages: Vec<u64>,
    touched: u64,
    positions: u64,
}

impl Densify {
    /// The table to start with for `space` codes, and what moves it into an array when that is
    /// due: as `Store::for_space` has it (no `Densify`) when the array does not fit, is small,
    /// or `hashed` is asked for; else a hash table, holding the array for later.
    pub(super) fn begin(space: u64, hashed: bool) -> Result<(Store, Option<Densify>), SolveError> {
        let store = Store::for_space(space, hashed)?;
        let Store::Dense16(array) = store else {
            return Ok((store, None));
        };
        let pages = zeroed::<u64>(space.div_ceil(PAGE_CODES).div_ceil(64) as usize);
        let (Some(pages), false) = (pages, space.saturating_mul(2) <= SMALL_BYTES) else {
            return Ok((Store::Dense16(array), None));
        };
        // If even the hash table's first slots are refused, the array is used from the start.
        let Ok(table) = Packed::new(space) else {
            return Ok((Store::Dense16(array), None));
        };
        let densify = Densify {
            array,
            pages,
            touched: 0,
            positions: 0,
        };
        Ok((Store::Sparse(table), Some(densify)))
    }

    /// Counts a position found, and the page of the array it falls on (if the table is still to
    /// move); whether the move is due.
    #[inline]
    pub(super) fn note(densify: &mut Option<Densify>, code: Code) -> bool {
        let Some(d) = densify else {
            return false;
        };
        let page = code / PAGE_CODES;
        let (word, bit) = ((page / 64) as usize, 1u64 << (page % 64));
        if let Some(w) = d.pages.get_mut(word) {
            d.touched += u64::from(*w & bit == 0);
            *w |= bit;
        }
        d.positions += 1;
        d.due()
    }

    /// Whether `store` is a hash table for good (it never moves into an array, and memory bounds
    /// its positions).
    pub(super) fn hashed(store: &Store, densify: &Option<Densify>) -> bool {
        matches!(store, Store::Sparse(_)) && densify.is_none()
    }

    /// Whether the table should move into the array now: the positions fill the pages they
    /// touch, or the hash table would soon take more than the budget leaves beside the array.
    #[inline]
    fn due(&self) -> bool {
        let space = self.array.len() as u64;
        self.positions >= PER_PAGE.saturating_mul(self.touched)
            || self
                .positions
                .saturating_mul(memory::SPARSE_BYTES_PER_POSITION)
                >= space.saturating_mul(DENSE_BYTES_PER_CODE - 2)
    }

    /// Moves the hash table's entries into the array (and leaves `densify` empty) if that is
    /// due. Every `Spot` the hash table handed out is then stale, which `Store::rewrite` allows:
    /// on an array it writes where the code says. `Err` only if an entry too wide for 16 bits
    /// needs the array widened and that memory is refused.
    pub(super) fn settle(
        densify: &mut Option<Densify>,
        store: &mut Store,
    ) -> Result<(), SolveError> {
        if !densify.as_ref().is_some_and(Densify::due) {
            return Ok(());
        }
        let (Some(d), Store::Sparse(table)) = (densify.take(), &*store) else {
            return Ok(());
        };
        let mut array = Store::Dense16(d.array);
        let mut result = Ok(());
        table.each(|c, e| {
            if result.is_ok() {
                result = array.set(c, e);
            }
        });
        result?;
        *store = array;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::packed::Spot;
    use crate::solve::store::{busy, pack, Value, UNSEEN};

    #[test]
    fn small_arrays_and_asked_for_hash_tables_start_as_they_are() {
        let (store, d) = Densify::begin(SMALL_BYTES / 2, false).expect("granted");
        assert!(matches!(store, Store::Dense16(_)) && d.is_none());
        let (store, d) = Densify::begin(1 << 24, true).expect("granted");
        assert!(matches!(store, Store::Sparse(_)) && d.is_none());
        let (store, d) = Densify::begin(1 << 24, false).expect("granted");
        assert!(matches!(store, Store::Sparse(_)) && d.is_some());
    }

    #[test]
    fn positions_spread_over_pages_stay_hashed_and_crowded_ones_move_with_every_entry() {
        let space = 1 << 22;
        let (mut store, mut d) = Densify::begin(space, false).expect("granted");
        // One position a page: never due.
        for page in 0..(space / PAGE_CODES) {
            let c = page * PAGE_CODES + 7;
            store.set(c, pack(Value::Win, 3, 0)).expect("granted");
            Densify::note(&mut d, c);
            Densify::settle(&mut d, &mut store).expect("granted");
        }
        assert!(matches!(store, Store::Sparse(_)) && d.is_some());
        // Crowd the first page: due once it holds `PER_PAGE` times the pages touched.
        let wide = pack(Value::Lose, 300, 0);
        let (mut c, at) = (
            0,
            store
                .put_at(Spot::NOWHERE, space - 1, busy(2))
                .expect("granted"),
        );
        while d.is_some() {
            store.set(c, wide).expect("granted");
            Densify::note(&mut d, c);
            Densify::settle(&mut d, &mut store).expect("granted");
            c += 1;
        }
        assert_eq!(c, PER_PAGE * (space / PAGE_CODES) - space / PAGE_CODES);
        assert!(
            matches!(store, Store::Dense32(_)),
            "widened for the wide entries"
        );
        assert_eq!(store.get(2), wide);
        assert_eq!(store.get(space - PAGE_CODES + 7), pack(Value::Win, 3, 0));
        assert_eq!(store.get(c), UNSEEN);
        assert_eq!(store.get(space - 1), busy(2));
        // A spot from the hash table writes where its code says.
        let tie = pack(Value::Tie, 5, 0);
        store.rewrite(at, space - 1, tie).expect("granted");
        assert_eq!(store.get(space - 1), tie);
    }
}
