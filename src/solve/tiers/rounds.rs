//! Retrograde analysis inside one tier of a loopy game, every later tier already valued: values
//! spread back from the tier's ends and from the positions of later tiers its moves reach, in
//! order of remoteness (a bucket for each), exactly as the compact graph's analysis spreads them
//! over the whole game. Wins and losses first: a position is won through the fastest move to a
//! position lost for its mover, lost when every move reaches one won for its mover (the slowest);
//! then ties through what is left; what is never decided is a draw.

use crate::solve::store::pack;
use crate::solve::Value;

/// No move gave this.
pub(super) const NONE: u32 = u32::MAX;
/// The bit of a move into a position (in `Tier::preds`) that says the move kept the turn.
pub(super) const KEPT: u32 = 1 << 31;

/// What one position of the tier shows before the analysis: its end, if it is one, and what the
/// moves leaving the tier give it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Seen {
    /// The end's value for the player to move, if the position is an end.
    pub end: Option<Value>,
    /// The fastest win, tie through a move leaving the tier (remoteness of the child), `NONE` if
    /// none.
    pub win: u32,
    pub tie: u32,
    /// One more than the slowest loss through a move leaving the tier (0: none).
    pub lose: u32,
    /// Moves not yet known to lose for the player to move: every move inside the tier and those
    /// leaving it that do not lose.
    pub left: u32,
    /// Whether the position has a move at all.
    pub moves: bool,
}

impl Default for Seen {
    fn default() -> Seen {
        Seen {
            end: None,
            win: NONE,
            tie: NONE,
            lose: 0,
            left: 0,
            moves: false,
        }
    }
}

impl Seen {
    /// Folds in a move leaving the tier into a position of value `v` (remoteness `r`), which
    /// keeps the turn or not.
    pub(super) fn fold(&mut self, v: Value, r: u32, kept: bool) {
        self.moves = true;
        match if kept { v } else { v.flip() } {
            Value::Win => {
                self.win = self.win.min(r);
                self.left += 1;
            }
            Value::Lose => self.lose = self.lose.max(r + 1),
            Value::Tie => {
                self.tie = self.tie.min(r);
                self.left += 1;
            }
            Value::Draw => self.left += 1,
        }
    }
}

/// A tier's positions (numbered 0..n) and the moves inside it, listed by the position they lead
/// into: the moves into position `i` are `preds[start[i]..start[i + 1]]`, each the parent's
/// number with `KEPT` set when the move kept the turn.
pub(super) struct Tier {
    pub seen: Vec<Seen>,
    pub start: Vec<usize>,
    pub preds: Vec<u32>,
}

/// Work waiting in the buckets: position `.0` takes value `.1` at the bucket's remoteness, then
/// its parents hear of it (an end only tells its parents).
type Bucket = Vec<(u32, Value)>;

fn put(buckets: &mut Vec<Bucket>, r: u32, item: (u32, Value)) {
    let r = r as usize;
    if buckets.len() <= r {
        buckets.resize_with(r + 1, Vec::new);
    }
    buckets[r].push(item);
}

/// The packed entry of every position of the tier.
pub(super) fn solve(tier: &mut Tier) -> Vec<u64> {
    let n = tier.seen.len();
    let mut value: Vec<Option<(Value, u32)>> = vec![None; n];
    // Wins and losses.
    let mut buckets: Vec<Bucket> = Vec::new();
    for (i, s) in tier.seen.iter().enumerate() {
        match s.end {
            Some(v @ (Value::Win | Value::Lose)) => {
                value[i] = Some((v, 0));
                put(&mut buckets, 0, (i as u32, v));
            }
            Some(v) => value[i] = Some((v, 0)),
            None if s.win != NONE => put(&mut buckets, s.win + 1, (i as u32, Value::Win)),
            None if s.moves && s.left == 0 => put(&mut buckets, s.lose, (i as u32, Value::Lose)),
            None => {}
        }
    }
    let mut r = 0;
    while r < buckets.len() {
        let items = std::mem::take(&mut buckets[r]);
        for (c, v) in items {
            let c = c as usize;
            if tier.seen[c].end.is_none() {
                if value[c].is_some() {
                    continue;
                }
                value[c] = Some((v, r as u32));
            }
            for &e in &tier.preds[tier.start[c]..tier.start[c + 1]] {
                let p = (e & !KEPT) as usize;
                if value[p].is_some() {
                    continue;
                }
                let for_parent = if e & KEPT != 0 { v } else { v.flip() };
                if for_parent == Value::Win {
                    put(&mut buckets, r as u32 + 1, (p as u32, Value::Win));
                } else {
                    let s = &mut tier.seen[p];
                    s.left -= 1;
                    if s.left == 0 {
                        let at = (r as u32 + 1).max(s.lose);
                        put(&mut buckets, at, (p as u32, Value::Lose));
                    }
                }
            }
        }
        r += 1;
    }
    // Ties: what neither side can win, but can steer to a tied end.
    let mut buckets: Vec<Bucket> = Vec::new();
    for (i, s) in tier.seen.iter().enumerate() {
        match s.end {
            Some(Value::Tie) => put(&mut buckets, 0, (i as u32, Value::Tie)),
            None if value[i].is_none() && s.tie != NONE => {
                put(&mut buckets, s.tie + 1, (i as u32, Value::Tie))
            }
            _ => {}
        }
    }
    let mut r = 0;
    while r < buckets.len() {
        let items = std::mem::take(&mut buckets[r]);
        for (c, _) in items {
            let c = c as usize;
            if tier.seen[c].end.is_none() {
                if value[c].is_some() {
                    continue;
                }
                value[c] = Some((Value::Tie, r as u32));
            }
            for &e in &tier.preds[tier.start[c]..tier.start[c + 1]] {
                let p = (e & !KEPT) as usize;
                if value[p].is_none() {
                    put(&mut buckets, r as u32 + 1, (p as u32, Value::Tie));
                }
            }
        }
        r += 1;
    }
    value
        .iter()
        .map(|v| match v {
            Some((v, r)) => pack(*v, *r, 0),
            None => pack(Value::Draw, 0, 0),
        })
        .collect()
}
