//! Retrograde analysis for games where play can loop, on the compact state graph: win/lose values
//! spread backwards from the ends in order of remoteness; then ties spread through what is left;
//! whatever is still unknown can be played forever: a draw.

use super::compact::{Compact, KEPT};
use super::progress::Progress;
use super::store::{pack, Store};
use super::{rel_value, Solution, SolveError, Value};
use crate::engine::{Code, Engine, Rel};

pub fn solve(engine: &Engine, roots: &[Code], limit: u64) -> Result<Solution, SolveError> {
    // A spinner with the time spent: this order counts nothing as it goes.
    let progress = Progress::new();
    progress.say("solving a loopy game on its state graph".to_string());
    let g = Compact::build(engine, roots, limit)?;
    let (values, rems) = retrograde(&g);
    let mut store = Store::for_space(engine.space, engine.hashed)?;
    let mut counts = [0u64; 4];
    let mut in_all = 0u64;
    for (k, &code) in g.codes.iter().enumerate() {
        in_all += engine.symmetry.as_ref().map_or(1, |s| s.orbit_size(code));
        let v = values[k].unwrap_or(Value::Draw);
        counts[v as usize] += 1;
        store.set(code, pack(v, rems[k], 0))?;
    }
    Ok(Solution {
        store: store.into(),
        positions: g.codes.len() as u64,
        counts,
        loopy: true,
        grundy: false,
        in_all,
        in_all_reachable: true,
        symmetry: None,
        order: super::Order::Retrograde,
        margins: None,
    })
}

/// Values and remoteness for every position of the graph (`None` = draw).
fn retrograde(g: &Compact) -> (Vec<Option<Value>>, Vec<u32>) {
    let n = g.codes.len();
    let mut value: Vec<Option<Value>> = vec![None; n];
    let mut rem = vec![0u32; n];
    let mut left = g.moves.clone();
    // A first-in, first-out queue of position numbers: each is queued at most once per phase.
    let mut queue: Vec<u32> = Vec::with_capacity(n);
    for (i, e) in g.end.iter().enumerate() {
        if let Some(rel) = e {
            if *rel != Rel::Tie {
                value[i] = Some(rel_value(*rel));
                queue.push(i as u32);
            }
        }
    }
    // Wins and losses, in order of remoteness.
    let mut head = 0;
    while head < queue.len() {
        let c = queue[head] as usize;
        head += 1;
        let cv = value[c].unwrap_or(Value::Draw);
        for &e in g.preds(c) {
            let p = (e & !KEPT) as usize;
            if value[p].is_some() || g.end[p].is_some() {
                continue;
            }
            let for_parent = if e & KEPT != 0 { cv } else { cv.flip() };
            if for_parent == Value::Win {
                value[p] = Some(Value::Win);
                rem[p] = rem[c] + 1;
                queue.push(p as u32);
            } else {
                left[p] -= 1;
                if left[p] == 0 {
                    value[p] = Some(Value::Lose);
                    rem[p] = rem[c] + 1;
                    queue.push(p as u32);
                }
            }
        }
    }
    // Ties: what neither side can win, but can steer to a tied end.
    queue.clear();
    for (i, e) in g.end.iter().enumerate() {
        if *e == Some(Rel::Tie) {
            value[i] = Some(Value::Tie);
            queue.push(i as u32);
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let c = queue[head] as usize;
        head += 1;
        for &e in g.preds(c) {
            let p = (e & !KEPT) as usize;
            if value[p].is_none() && g.end[p].is_none() {
                value[p] = Some(Value::Tie);
                rem[p] = rem[c] + 1;
                queue.push(p as u32);
            }
        }
    }
    (value, rem)
}
