//! What a position's children show, folded one at a time: the fastest win and tie through some
//! child, the slowest loss, and the children's Grundy values; then the position's entry. The
//! fold works on packed entries without a branch on the value, since the values of a
//! position's children are as good as random to the processor.

use super::store::{pack, remoteness_bits, tag, unpack, Value};
use crate::engine::{Child, Code};

/// No child gave this yet.
const NONE: u32 = u32::MAX;

#[derive(Clone, Copy)]
pub(super) struct Agg {
    /// Fastest win and tie through some child (`NONE`: none), slowest loss.
    win: u32,
    tie: u32,
    lose: u32,
    /// Grundy values 0..64 of children seen, and whether a larger one was seen.
    seen: u64,
    big: bool,
}

impl Default for Agg {
    fn default() -> Agg {
        Agg {
            win: NONE,
            tie: NONE,
            lose: 0,
            seen: 0,
            big: false,
        }
    }
}

impl Agg {
    /// Folds in a child's packed entry (a value: win, lose, tie or draw), seen through a move that
    /// passes the turn or keeps it.
    #[inline]
    pub(super) fn fold(&mut self, e: u64, kept: bool) {
        let t = tag(e);
        // A draw has no remoteness.
        let r = if t == 5 { 0 } else { remoteness_bits(e) };
        // The child's value for the player who moves into it: win (2) and lose (3) swap unless
        // the move keeps the turn.
        let v = if kept { t } else { t ^ ((t | 1) == 3) as u64 };
        self.win = self.win.min(if v == 2 { r } else { NONE });
        self.tie = self.tie.min(if v == 4 { r } else { NONE });
        self.lose = self.lose.max(if v == 2 || v == 4 { 0 } else { r });
        let g = e as u32;
        if g < 64 {
            self.seen |= 1 << g;
        } else {
            self.big = true;
        }
    }

    /// The entry: win if some move leaves the opponent lost (fastest), else tie (fastest), else
    /// lose (slowest). Grundy: the mex of the children's.
    pub(super) fn entry(&self, grundy: Option<u32>) -> u64 {
        let g = grundy.unwrap_or(0);
        if self.win != NONE {
            pack(Value::Win, self.win + 1, g)
        } else if self.tie != NONE {
            pack(Value::Tie, self.tie + 1, g)
        } else {
            pack(Value::Lose, self.lose + 1, g)
        }
    }

    /// The minimum excludant of the children's Grundy values when none is 64 or more.
    pub(super) fn small_mex(&self) -> u32 {
        (!self.seen).trailing_zeros().min(64)
    }

    /// Whether a child's Grundy value was 64 or more.
    pub(super) fn big(&self) -> bool {
        self.big
    }
}

/// The minimum excludant of the children's Grundy values (`get` reads a child's entry).
pub(super) fn mex(agg: &Agg, kids: &[Child], get: impl Fn(Code) -> u64) -> u32 {
    let small = agg.small_mex();
    if small < 64 || !agg.big {
        return small;
    }
    mex_of(
        kids.iter()
            .filter_map(|c| unpack(get(c.code)).map(|e| e.grundy))
            .filter(|g| *g >= 64)
            .collect(),
    )
}

/// The minimum excludant of Grundy values 0 to 63 and `big`, the values of 64 or more.
pub(super) fn mex_of(mut big: Vec<u32>) -> u32 {
    big.sort_unstable();
    let mut m = 64;
    for g in big {
        if g == m {
            m += 1;
        } else if g > m {
            break;
        }
    }
    m
}
