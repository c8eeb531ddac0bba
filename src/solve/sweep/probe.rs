//! Before a sweep: which way the moves take the position's number, from a short look along a
//! line of play; after it, the positions by value.

use super::super::store::{unpack, Store};
use crate::engine::{Code, Engine, Expand, Scratch};

/// The positions of `lo..=hi` by value (win, lose, tie, draw).
pub(super) fn count_values(store: &Store, (lo, hi): (Code, Code)) -> [u64; 4] {
    let mut counts = [0u64; 4];
    for c in lo..=hi {
        if let Some(e) = unpack(store.get(c)) {
            counts[e.value as usize] += 1;
        }
    }
    counts
}

/// Plies of the line of play `direction` looks along from each root.
const PROBE_PLIES: usize = 8;

/// Which way every move takes the position's number (`Some(true)`: down), as far as a short look
/// shows: every move of each position on a line of play from each root (its first move, up to
/// `PROBE_PLIES` deep). A move the other way (a game whose turn alternates goes up on one ply and
/// down on the next) rules the sweep out before its kernels are compiled, which took a small
/// game several times its solve (Othello 4 x 4, Connect Four 4 x 4); the sweep still checks
/// every move it meets.
pub(super) fn direction(engine: &Engine, roots: &[Code]) -> Option<bool> {
    let mut scratch = Scratch::probe();
    let mut down = None;
    let mut kids = Vec::new();
    for &root in roots {
        let mut at = root;
        for _ in 0..PROBE_PLIES {
            kids.clear();
            match engine.expand_classes(at, &mut scratch, |_, _, c| kids.push(c.code)) {
                Ok(Expand::Moves) => {}
                Ok(Expand::End { .. }) => break,
                Err(_) => return None,
            }
            for &k in &kids {
                let d = match k.cmp(&at) {
                    std::cmp::Ordering::Less => true,
                    std::cmp::Ordering::Greater => false,
                    std::cmp::Ordering::Equal => return None,
                };
                if *down.get_or_insert(d) != d {
                    return None;
                }
            }
            match kids.first() {
                Some(&k) => at = k,
                None => break,
            }
        }
    }
    down
}
