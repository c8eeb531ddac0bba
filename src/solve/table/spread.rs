//! Values spread back from the ends, as the compact graph's retrograde analysis spreads them: in
//! rounds, round r deciding the positions of remoteness r from those of remoteness r - 1 (a
//! first-in, first-out queue takes them in that order too). Wins and losses first: a position is
//! won when a move reaches a position lost for its mover (the fastest such), lost when every move
//! reaches one won for its mover (the slowest); then ties, through what is left; what is never
//! decided is a draw.

use super::lists::Lists;
use super::steps::Steps;
use super::{each_reached, Table};
use crate::engine::Code;
use crate::solve::store::{pack, tag, unpack, BUSY};
use crate::solve::Value;

pub(super) fn spread(t: &mut Table, lists: &Lists, steps: &Steps) {
    let ends = |t: &Table, want: &[Value]| {
        let mut out = Vec::new();
        each_reached(&t.reached, |c| {
            if unpack(t.store.get(c)).is_some_and(|e| want.contains(&e.value)) {
                out.push(c);
            }
        });
        out
    };
    let won_or_lost = ends(t, &[Value::Win, Value::Lose]);
    rounds(t, lists, steps, won_or_lost, win_or_lose);
    // Every tie is an end still: no round above decides one.
    let tied = ends(t, &[Value::Tie]);
    rounds(t, lists, steps, tied, |_, _, _, _| Some(Value::Tie));
}

/// What an undecided parent (entry `e`) becomes through a move (`kept` the turn or not) into a
/// position of value `v`: won, lost (its last open move), or nothing yet.
#[inline]
fn win_or_lose(t: &mut Table, p: Code, e: u64, (v, kept): (Value, bool)) -> Option<Value> {
    let for_parent = if kept { v } else { v.flip() };
    if for_parent == Value::Win {
        return Some(Value::Win);
    }
    (t.close_one(p, e) == 0).then_some(Value::Lose)
}

/// Round after round from `frontier` (remoteness 0): each undecided parent of a position decided
/// in the round before is given `decide`'s value, if any, with the round's remoteness.
fn rounds(
    t: &mut Table,
    lists: &Lists,
    steps: &Steps,
    mut frontier: Vec<Code>,
    decide: impl Fn(&mut Table, Code, u64, (Value, bool)) -> Option<Value>,
) {
    let mut next = Vec::new();
    let mut r = 0u32;
    while !frontier.is_empty() {
        r += 1;
        for &c in &frontier {
            let Some(v) = unpack(t.store.get(c)).map(|e| e.value) else {
                continue;
            };
            steps.each(c, lists.list(c), |p, kept| {
                let e = t.store.get(p);
                if tag(e) != BUSY {
                    return;
                }
                if let Some(pv) = decide(t, p, e, (v, kept)) {
                    t.set(p, pack(pv, r, 0));
                    next.push(p);
                }
            });
        }
        std::mem::swap(&mut frontier, &mut next);
        next.clear();
    }
}
