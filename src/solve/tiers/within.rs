//! The moves of one tier of a loopy game, gathered on every thread: each position's moves are
//! run, a move into a later tier (already valued) is folded into what the position has seen, and
//! a move inside the tier is listed under the position it leads into, for `rounds.rs` to spread
//! values back along.

use super::rounds::{Seen, Tier, KEPT};
use super::tasks::LIST_TASK;
use crate::engine::{Child, Code, Engine, Expand, Fault, Scratch};
use crate::solve::rel_value;
use crate::solve::shared::Shared;
use crate::solve::store::{unpack, valued};
use crate::solve::SolveError;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The bytes a move inside the tier costs while it is gathered and listed: the child a task
/// lists, then its entry in the lists by child.
pub(super) const MOVE_BYTES: u64 = 8;
/// The bytes a position of the tier costs while it is solved: its `Seen`, its list's start, its
/// value and remoteness in the analysis, and its share of the directory (`Index`).
pub(super) const POSITION_BYTES: u64 = std::mem::size_of::<Seen>() as u64 + 8 + 12 + 4;

/// Why gathering stopped.
pub(super) enum Stop {
    Fault(Fault, Code),
    /// A move into a position neither valued nor in the tier (never so when finding the positions
    /// kept to the plan), or more moves inside the tier than the memory left holds: the solve is
    /// handed on.
    Lost,
    Solve(SolveError),
}

/// What one task of the tier gathered: its positions' `Seen`, and the moves inside the tier as
/// the child's number with `KEPT`, position by position (`made` of them for each): the parent is
/// a move's place, so a move costs 4 bytes until the lists by child are made.
struct Part {
    seen: Vec<Seen>,
    moves: Vec<u32>,
    made: Vec<u32>,
}

/// Runs every move of the tier's positions (`codes`, sorted: a position's number in the tier is
/// its place there) on the thread pool; `Stop::Lost` once the moves inside the tier take more
/// than `room` bytes.
pub(super) fn gather(
    engine: &Engine,
    codes: &[Code],
    shared: &Shared,
    room: u64,
) -> Result<Tier, Stop> {
    let listed = AtomicU64::new(0);
    let index = Index::new(codes);
    let parts: Vec<Result<Part, Stop>> = codes
        .par_chunks(LIST_TASK)
        .map_init(
            || (Scratch::default(), Vec::<Child>::new()),
            |(scratch, kids), chunk| {
                let mut part = Part {
                    seen: Vec::with_capacity(chunk.len()),
                    moves: Vec::new(),
                    made: Vec::with_capacity(chunk.len()),
                };
                for &code in chunk {
                    let before = part.moves.len();
                    let seen = one(engine, &index, shared, code, scratch, kids, &mut part.moves)?;
                    part.seen.push(seen);
                    let added = part.moves.len() - before;
                    part.made
                        .push(u32::try_from(added).map_err(|_| Stop::Lost)?);
                    let all = listed
                        .fetch_add(added as u64, Relaxed)
                        .saturating_add(added as u64);
                    if all.saturating_mul(MOVE_BYTES) > room {
                        return Err(Stop::Lost);
                    }
                }
                // Growing by doubling left up to half of it unused, held until the lists by
                // child are made.
                part.moves.shrink_to_fit();
                Ok(part)
            },
        )
        .collect();
    let mut seen = Vec::new();
    seen.try_reserve_exact(codes.len())
        .map_err(|_| Stop::Solve(SolveError::Refused(codes.len() as u64 * 24)))?;
    // The moves into each position, by a counting sort on the child's number: `start[c]` counts
    // the moves into `c`, then where they end; filled from the last move back, each list is in
    // the order of its parents, and `start[c]` ends where `c`'s list starts.
    let mut start = Vec::with_capacity(codes.len() + 1);
    start.resize(codes.len(), 0usize);
    let mut all = Vec::with_capacity(parts.len());
    for p in parts {
        let p = p?;
        seen.extend_from_slice(&p.seen);
        for &c in &p.moves {
            start[(c & !KEPT) as usize] += 1;
        }
        all.push((p.moves, p.made));
    }
    for i in 1..start.len() {
        start[i] += start[i - 1];
    }
    let total = start.last().copied().unwrap_or(0);
    let mut preds = Vec::new();
    preds
        .try_reserve_exact(total)
        .map_err(|_| Stop::Solve(SolveError::Refused(total as u64 * 4)))?;
    preds.resize(total, 0u32);
    let mut parent = codes.len() as u32;
    for (moves, made) in all.into_iter().rev() {
        let mut moves = moves.into_iter().rev();
        for n in made.into_iter().rev() {
            parent -= 1;
            for c in moves.by_ref().take(n as usize) {
                let child = (c & !KEPT) as usize;
                start[child] -= 1;
                preds[start[child]] = parent | (c & KEPT);
            }
        }
    }
    start.push(total);
    Ok(Tier { seen, start, preds })
}

/// Runs position `code`'s moves, listing those inside the tier in `moves` (the child's number,
/// with `KEPT` if the move keeps the turn).
fn one(
    engine: &Engine,
    index: &Index,
    shared: &Shared,
    code: Code,
    scratch: &mut Scratch,
    kids: &mut Vec<Child>,
    moves: &mut Vec<u32>,
) -> Result<Seen, Stop> {
    kids.clear();
    // Finding the positions took these steps already, within the limit.
    scratch.set_steps(0);
    let r = engine
        .expand_classes(code, scratch, |_, _, c| kids.push(c))
        .map_err(|f| Stop::Fault(f, code))?;
    let mut seen = Seen::default();
    if let Expand::End { rel, .. } = r {
        seen.end = Some(rel_value(rel));
        return Ok(seen);
    }
    // The children's entries (a later tier's value, or none) and places in the tier are read
    // at random: their cache misses overlap.
    for k in kids.iter() {
        shared.prefetch(k.code);
        index.prefetch(k.code);
    }
    for k in kids.iter() {
        let e = shared.get(k.code);
        if valued(e) {
            let Some(entry) = unpack(e) else {
                return Err(Stop::Lost);
            };
            seen.fold(entry.value, entry.remoteness.unwrap_or(0), k.kept);
            continue;
        }
        let Some(child) = index.find(k.code) else {
            return Err(Stop::Lost);
        };
        seen.moves = true;
        seen.left += 1;
        moves.push(child as u32 | if k.kept { KEPT } else { 0 });
    }
    Ok(seen)
}

/// A tier's sorted codes with a directory over their top bits: bucket `b` holds the codes whose
/// offset from the least, shifted right by `shift`, is `b`, from `dir[b]` to `dir[b + 1]`; about
/// two codes a bucket where the codes are spread evenly. A child's place in the tier is then one
/// read of the directory and a search of its bucket, where a search of the whole tier missed the
/// cache at nearly every step.
struct Index<'c> {
    codes: &'c [Code],
    least: Code,
    shift: u32,
    dir: Vec<u32>,
}

impl<'c> Index<'c> {
    fn new(codes: &'c [Code]) -> Index<'c> {
        let least = codes.first().copied().unwrap_or(0);
        let span = codes.last().map_or(0, |&c| c - least);
        // Buckets: the power of two at or below half the codes (at least 1).
        let bits = (codes.len() / 2).max(1).ilog2();
        let shift = (64 - span.leading_zeros()).saturating_sub(bits);
        let buckets = (span >> shift) as usize + 1;
        let mut dir = Vec::with_capacity(buckets + 1);
        for (i, &c) in codes.iter().enumerate() {
            let b = ((c - least) >> shift) as usize;
            while dir.len() <= b {
                dir.push(i as u32);
            }
        }
        dir.resize(buckets + 1, codes.len() as u32);
        Index {
            codes,
            least,
            shift,
            dir,
        }
    }

    /// `code`'s place among the codes, if it is one of them.
    #[inline]
    fn find(&self, code: Code) -> Option<usize> {
        let b = (code.checked_sub(self.least)? >> self.shift) as usize;
        let (from, to) = (*self.dir.get(b)? as usize, *self.dir.get(b + 1)? as usize);
        let at = self.codes[from..to].binary_search(&code).ok()?;
        Some(from + at)
    }

    /// Asks the CPU to start loading what `find(code)` reads.
    #[inline]
    fn prefetch(&self, code: Code) {
        let Some(off) = code.checked_sub(self.least) else {
            return;
        };
        if let Some(at) = self.dir.get((off >> self.shift) as usize) {
            crate::engine::alloc::prefetch(at);
            if let Some(c) = self.codes.get(*at as usize) {
                crate::engine::alloc::prefetch(c);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Index;

    /// Every code is found at its place, and no code between, below or above them is, on
    /// tiers of several sizes and spreads (evenly, clustered, one code, none).
    #[test]
    fn the_directory_finds_each_code_at_its_place() {
        let mut seed = 9u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed >> 1
        };
        let mut tiers: Vec<Vec<u64>> = vec![vec![], vec![7], vec![0, u64::MAX >> 1]];
        for n in [2usize, 3, 10, 1000, 5000] {
            let mut v: Vec<u64> = (0..n).map(|_| next() % 1_000_000_000).collect();
            // Clustered: most codes in a narrow band, a few far away.
            let mut w: Vec<u64> = (0..n)
                .map(|i| match i % 50 {
                    0 => next() % (1 << 40),
                    _ => 5_000_000 + next() % 10_000,
                })
                .collect();
            for t in [&mut v, &mut w] {
                t.sort_unstable();
                t.dedup();
            }
            tiers.push(v);
            tiers.push(w);
        }
        for codes in &tiers {
            let index = Index::new(codes);
            for (i, &c) in codes.iter().enumerate() {
                assert_eq!(index.find(c), Some(i), "{c} in a tier of {}", codes.len());
                index.prefetch(c);
            }
            for _ in 0..2000 {
                let c = match codes.len() {
                    0 => next(),
                    n => codes[next() as usize % n]
                        .wrapping_add(next() % 5)
                        .wrapping_sub(2),
                };
                assert_eq!(index.find(c), codes.binary_search(&c).ok(), "{c}");
                index.prefetch(c);
            }
            assert_eq!(index.find(u64::MAX), codes.binary_search(&u64::MAX).ok());
        }
    }
}
