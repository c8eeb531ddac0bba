//! The size of a game tree for `gamec tree`: nodes per depth and the distinct (position, player
//! to move) pairs, counted level by level with the number of move sequences reaching each, so the
//! counts are exact even for trees far too large to walk; and the error for a tree too big to
//! print.

use super::common::{usage, Exit};
use crate::engine::{Branch, Child, Code, Engine, Expand, Scratch};
use crate::rules::Rules;
use rustc_hash::{FxHashMap, FxHashSet};

/// The most nodes `gamec tree` prints.
pub const PRINT_LIMIT: u128 = 2000;

/// A node of the tree: a position and the player to move there (tracked, not always recorded).
pub(super) type Node = (Code, u8);

/// Positions expanded while counting before the count stops (and becomes a lower bound).
const COUNT_WORK: usize = 1_000_000;

/// The tree's size: nodes per depth (saturating) and the distinct positions met.
pub(super) struct Counts {
    pub(super) levels: Vec<u128>,
    pub(super) distinct: usize,
    /// Whether the walk stopped at the depth limit with nodes still below it.
    pub(super) cut: bool,
    /// Whether counting stopped early (too much work) or a count overflowed 128 bits: the
    /// numbers are then lower bounds.
    pub(super) partial: bool,
}

impl Counts {
    /// The total as words: exact, or a lower bound said as one.
    pub(super) fn total_text(&self) -> String {
        let t = self.total();
        if t == u128::MAX {
            "more than 10^38".to_string()
        } else if self.partial {
            format!("at least {t}")
        } else {
            t.to_string()
        }
    }
    pub(super) fn total(&self) -> u128 {
        self.levels.iter().fold(0u128, |a, n| a.saturating_add(*n))
    }
    pub(super) fn upto(&self, depth: usize) -> u128 {
        self.levels
            .iter()
            .take(depth + 1)
            .fold(0u128, |a, n| a.saturating_add(*n))
    }
    /// The deepest `--depth` whose tree fits the print limit.
    pub(super) fn fitting_depth(&self) -> usize {
        (0..self.levels.len())
            .take_while(|&d| self.upto(d) <= PRINT_LIMIT)
            .last()
            .unwrap_or(0)
    }
}

/// Where the tree starts: one position, or a chance node whose children are the rolls.
pub(super) struct Roots<'a> {
    pub(super) starts: &'a [Branch],
    pub(super) chance: bool,
}

impl Roots<'_> {
    /// The first level of real positions and its depth (1 below a chance node).
    pub(super) fn first_level(&self) -> (usize, FxHashMap<Node, u128>) {
        let mut level = FxHashMap::default();
        for b in self.starts {
            *level.entry((b.code, b.mover)).or_insert(0u128) += 1;
        }
        (usize::from(self.chance), level)
    }
}

pub(super) fn children(
    engine: &Engine,
    scratch: &mut Scratch,
    code: Code,
) -> Vec<(usize, Vec<i64>, Child)> {
    let mut kids = Vec::new();
    match engine.expand(code, scratch, |f, a, c| kids.push((f, a.to_vec(), c))) {
        Ok(Expand::Moves) => kids,
        _ => Vec::new(),
    }
}

/// The children of a position, into a reused buffer (empty at an end).
pub(super) fn child_codes(
    engine: &Engine,
    scratch: &mut Scratch,
    code: Code,
    kids: &mut Vec<Child>,
) {
    kids.clear();
    if !matches!(
        engine.expand(code, scratch, |_, _, c| kids.push(c)),
        Ok(Expand::Moves)
    ) {
        kids.clear();
    }
}

/// The player to move after the move to `c`: in a view of an N-player game, the position's.
pub(super) fn next_player(engine: &Engine, to_move: u8, c: &Child) -> u8 {
    if engine.rules.view.is_some() {
        engine.player_to_move(&engine.decode(c.code))
    } else if c.kept {
        to_move
    } else {
        3 - to_move
    }
}

/// Walks the tree level by level down to `max_depth` (all of it when `None`).
pub(super) fn count(engine: &Engine, roots: &Roots, max_depth: Option<usize>) -> Counts {
    let (first, mut level) = roots.first_level();
    let mut levels = vec![1u128; first];
    let mut seen: FxHashSet<Node> = FxHashSet::default();
    let mut scratch = Scratch::default();
    let mut cut = false;
    let mut partial = false;
    let mut depth = first;
    let mut work = 0usize;
    let mut kids = Vec::new();
    while !level.is_empty() {
        let here = level.values().try_fold(0u128, |a, n| a.checked_add(*n));
        partial |= here.is_none();
        levels.push(here.unwrap_or(u128::MAX));
        seen.extend(level.keys().copied());
        work += level.len();
        if work > COUNT_WORK {
            partial = true;
            break;
        }
        let mut next: FxHashMap<Node, u128> = FxHashMap::default();
        for (&(code, to_move), &n) in &level {
            child_codes(engine, &mut scratch, code, &mut kids);
            for c in &kids {
                let e = next
                    .entry((c.code, next_player(engine, to_move, c)))
                    .or_insert(0);
                *e = e.checked_add(n).unwrap_or(u128::MAX);
                partial |= *e == u128::MAX;
            }
        }
        if max_depth.is_some_and(|m| depth >= m) {
            cut = !next.is_empty();
            break;
        }
        level = next;
        depth += 1;
    }
    Counts {
        levels,
        distinct: seen.len(),
        cut,
        partial,
    }
}

/// The usage error for a tree too big to print, with the deepest `--depth` that fits.
pub(super) fn refuse(rules: &Rules, counts: &Counts, shown: u128) -> Exit {
    let size = if counts.cut {
        format!("{shown} nodes to that depth")
    } else if counts.partial {
        format!("{} nodes", counts.total_text())
    } else {
        format!(
            "{} nodes ({} distinct positions)",
            counts.total(),
            counts.distinct
        )
    };
    let d = counts.fitting_depth();
    usage(&format!(
        "the game tree of {} has {size}, too many to print (the limit is {PRINT_LIMIT}); \
         --depth {d} prints {} nodes, and `gamec graph` shows every position once",
        rules.name,
        counts.upto(d)
    ))
}

#[cfg(test)]
mod tests {
    use super::Counts;

    fn counts(levels: Vec<u128>, partial: bool) -> Counts {
        Counts {
            levels,
            distinct: 3,
            cut: false,
            partial,
        }
    }

    #[test]
    fn sizes_are_exact_or_said_to_be_lower_bounds() {
        assert_eq!(counts(vec![1, 2, 4], false).total_text(), "7");
        assert_eq!(counts(vec![1, 2, 4], true).total_text(), "at least 7");
        assert_eq!(
            counts(vec![1, u128::MAX], true).total_text(),
            "more than 10^38"
        );
    }
}
