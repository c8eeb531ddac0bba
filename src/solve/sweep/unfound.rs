//! Finding that stops early. Where every code left to the finding sweep is marked already (Nim:
//! once finding is below the codes with a full last heap, every code below is some position's
//! child), finding them would mark nothing new: the sweep stops there, and valuing, which reads
//! those codes first, takes over what finding would have done with them. It checks each one's
//! moves go the sweep's way (a child not valued yet is one that does not), and counts their steps
//! on top of finding's, against the same limit. Anything out of the ordinary there (a fault, a
//! limit, a move against the sweep) starts the sweep again, finding every position, so that it is
//! met and reported exactly where and as the full sweep meets it.

use super::super::store::Store;
use super::{Found, SolveError, Sweep};
use crate::engine::{Code, Scratch};
use std::cell::Cell;

thread_local! {
    /// Sweeps on this thread whose finding stopped early (`early_stops`).
    static EARLY: Cell<u64> = const { Cell::new(0) };
}

/// How many sweeps solved on this thread had their finding stop early, on one thread or two (for
/// the differential tests, which check that generated games take this way).
pub fn early_stops() -> u64 {
    EARLY.with(Cell::get)
}

/// Counts a sweep solved on this thread whose finding stopped early.
pub(super) fn stopped_early() {
    EARLY.with(|n| n.set(n.get() + 1));
}

impl Sweep<'_, '_> {
    /// After finding has done the chunk `a..=b` (adding its marks to `behind`, the marks of every
    /// chunk it has done): whether every code still ahead of it is marked, and then it stops,
    /// leaving them to valuing (`unfound`).
    pub(super) fn all_marked_after(
        &mut self,
        store: &Store,
        (lo, hi): (Code, Code),
        (a, b): (Code, Code),
        behind: &mut u64,
    ) -> bool {
        *behind += store.count_busy(a, b);
        let Some((x, y)) = super::ahead(self.down, (lo, hi), (a, b)) else {
            return false;
        };
        let n = y - x + 1;
        // The count says when to look; the marks themselves are what the sweep relies on.
        if self.positions.checked_sub(*behind) != Some(n) || store.count_busy(x, y) != n {
            return false;
        }
        self.unfound = Some((x, y));
        stopped_early();
        true
    }

    /// Whether finding left `c` to valuing.
    pub(super) fn left_by_finding(&self, c: Code) -> bool {
        self.unfound.is_some_and(|(x, y)| (x..=y).contains(&c))
    }

    /// Values the chunk `a..=b`; its part that finding left (the chunks valuing reads first)
    /// with the steps counted, and anything out of the ordinary there `Broken`.
    pub(super) fn value_chunk(
        &mut self,
        store: &mut Store,
        (a, b): (Code, Code),
        descending: bool,
    ) -> Result<Found, SolveError> {
        let Some((x, y)) = self.unfound else {
            return self.chunk(store, (a, b), false, descending);
        };
        // Finding left the codes valuing reaches first: the chunk's part in them comes first.
        if a.max(x) <= b.min(y) {
            self.counting = true;
            match self.chunk(store, (a.max(x), b.min(y)), false, descending) {
                Ok(Found::Done) => {}
                Ok(Found::Broken) | Err(_) => return Ok(Found::Broken),
            }
        }
        let outside = match (a < x, b > y) {
            (true, _) => (a, b.min(x - 1)),
            (_, true) => (a.max(y + 1), b),
            _ => return Ok(Found::Done),
        };
        if self.counting {
            // Past the codes finding left: the rest of valuing counts no steps, as before.
            self.counting = false;
            self.scratch.set_steps(0);
        }
        self.chunk(store, outside, false, descending)
    }

    /// Starts the sweep again from its roots, finding every position this time.
    pub(super) fn start_again(
        &mut self,
        store: &mut Store,
        (lo, hi): (Code, Code),
    ) -> Result<(), SolveError> {
        store.clear(lo, hi)?;
        self.positions = 0;
        self.in_all = 0;
        self.grundy = self.impartial;
        self.scratch = Scratch::default();
        self.may_skip = false;
        self.unfound = None;
        self.counting = false;
        Ok(())
    }
}
