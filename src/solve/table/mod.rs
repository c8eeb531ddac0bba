//! Retrograde analysis for loopy games on a table over every position number, when one fits in
//! memory: no numbering of the positions and no forward moves are kept, only each position's
//! entry (its value, or while undecided how many of its moves are still open) and the moves into
//! it, one byte each for the steps the game repeats (`steps.rs`, `lists.rs`). The positions are
//! found breadth-first as the compact graph finds them (so the same limits and faults stop both),
//! the rules are run again to write the moves into each position, and values spread back from
//! the ends round by round exactly as on the compact graph (`spread.rs`).

mod find;
mod lists;
mod spread;
mod steps;

use super::progress::Progress;
use super::store::{busy, pack, tier_of, unpack, Store, DENSE_BYTES_PER_CODE, MAX_TIER};
use super::{Order, Solution, SolveError, Value};
use crate::engine::alloc::zeroed;
use crate::engine::{memory, Code, Engine};
use rustc_hash::FxHashMap;

/// Bytes each position number may cost beside its moves: the table (as it may widen), the
/// lengths of the lists and of what is written of them, the lists' block starts and a bit for
/// whether it was reached.
const BYTES_PER_CODE: u64 = DENSE_BYTES_PER_CODE + 3;

/// The table and what is known of the positions.
struct Table<'e, 'r> {
    engine: &'e Engine<'r>,
    /// Each position's entry: a value, or `busy(moves still open)` while undecided.
    store: Store,
    /// A bit for each number reached.
    reached: Vec<u64>,
    positions: u64,
    /// Moves still open, for positions with `MAX_TIER` or more (their entry says `MAX_TIER`).
    many: FxHashMap<Code, u64>,
    /// The bytes of a wider table the system refused, if it did: the solve then stops with
    /// `SolveError::Refused` when the phase under way ends (its later writes were lost).
    refused: Option<u64>,
}

impl Table<'_, '_> {
    /// Writes `c`'s entry, noting a refusal to widen the table.
    #[inline]
    fn set(&mut self, c: Code, e: u64) {
        if let Err(SolveError::Refused(bytes)) = self.store.set(c, e) {
            self.refused.get_or_insert(bytes);
        }
    }

    /// `Err` if the memory to widen the table was refused.
    fn granted(&self) -> Result<(), SolveError> {
        self.refused.map_or(Ok(()), |b| Err(SolveError::Refused(b)))
    }

    /// Marks `c` reached; whether it is new.
    #[inline]
    fn reach(&mut self, c: Code) -> bool {
        let (w, bit) = ((c / 64) as usize, 1u64 << (c % 64));
        let new = self.reached[w] & bit == 0;
        if new {
            self.reached[w] |= bit;
            self.positions += 1;
        }
        new
    }

    /// An undecided position with `n` moves open (a refusal of the memory for the map of
    /// many is noted, as `set` notes one).
    fn open(&mut self, c: Code, n: u64) {
        if n >= MAX_TIER {
            match self.many.try_reserve(1) {
                Ok(()) => {
                    self.many.insert(c, n);
                }
                // A map of (code, count) pairs and a control byte each, doubling.
                Err(_) => {
                    let bytes = (self.many.capacity() as u64 + 1) * 2 * 17;
                    self.refused.get_or_insert(bytes);
                }
            }
        }
        self.set(c, busy(n.min(MAX_TIER)));
    }

    /// One more of an undecided position's moves (entry `e`) is known to lose for its mover: how
    /// many are still open.
    #[inline]
    fn close_one(&mut self, c: Code, e: u64) -> u64 {
        let n = tier_of(e);
        if n < MAX_TIER {
            self.set(c, busy(n - 1));
            return n - 1;
        }
        match self.many.get_mut(&c) {
            Some(m) => {
                *m -= 1;
                *m
            }
            None => 0,
        }
    }
}

/// Calls `f` with every number whose bit is set, in order.
#[inline]
fn each_reached(reached: &[u64], mut f: impl FnMut(Code)) {
    for (w, &word) in reached.iter().enumerate() {
        let mut x = word;
        while x != 0 {
            f(w as Code * 64 + Code::from(x.trailing_zeros()));
            x &= x - 1;
        }
    }
}

/// Solves every position reachable from `roots`; `Ok(None)` when the table does not fit in the
/// available memory (the compact graph then takes the game).
pub(super) fn solve(
    engine: &Engine,
    roots: &[Code],
    limit: u64,
) -> Result<Option<Solution>, SolveError> {
    let space = engine.space;
    if space.saturating_mul(BYTES_PER_CODE) > memory::byte_budget()
        || usize::try_from(space.saturating_mul(2)).is_err()
    {
        return Ok(None);
    }
    let store = Store::for_space(space, engine.hashed)?;
    // Without the memory for an array and a bit per code, the compact graph takes the game.
    let reached = zeroed(space.div_ceil(64) as usize);
    let (Some(reached), false) = (reached, matches!(store, Store::Sparse(_))) else {
        return Ok(None);
    };
    let mut t = Table {
        engine,
        store,
        reached,
        positions: 0,
        many: FxHashMap::default(),
        refused: None,
    };
    // A spinner with the time spent: this order counts nothing as it goes.
    let progress = Progress::new();
    progress.say("solving a loopy game on the table of position numbers".to_string());
    let mut steps = steps::Steps::new();
    let lens = find::find(&mut t, roots, limit, &mut steps)?;
    t.granted()?;
    steps.close();
    let mut lists = lists::Lists::lay_out(lens, &t.reached)?;
    find::fill(&t, &mut lists, &mut steps)?;
    spread::spread(&mut t, &lists, &steps);
    drop(lists);
    t.granted()?;
    Ok(Some(finish(t)))
}

/// Every position still undecided is a draw; the counts.
fn finish(mut t: Table) -> Solution {
    let mut counts = [0u64; 4];
    let mut in_all = 0u64;
    let (store, engine) = (&mut t.store, t.engine);
    each_reached(&t.reached, |c| {
        in_all += engine.symmetry.as_ref().map_or(1, |s| s.orbit_size(c));
        let v = match unpack(store.get(c)) {
            Some(e) => e.value,
            None => {
                // A draw's entry fits every width: the table does not widen for it.
                let _ = store.set(c, pack(Value::Draw, 0, 0));
                Value::Draw
            }
        };
        counts[v as usize] += 1;
    });
    Solution {
        store: t.store.into(),
        positions: t.positions,
        counts,
        loopy: true,
        grundy: false,
        in_all,
        in_all_reachable: true,
        symmetry: None,
        order: Order::RetrogradeTable,
        margins: None,
    }
}
