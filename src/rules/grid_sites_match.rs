//! Matching the instances of families proven by their sites (`grid_sites`) under one
//! transformation of the grid: each instance with the one whose sites are its sites' images and
//! whose outcome is the same on every value of the sites and every player to move.

use super::super::group::Perm;
use super::super::*;
use super::{context, Instance, MAX_TRIES};
use std::collections::HashMap;

/// What one instance does on one state: no move, a fault of some kind, or a move that leaves
/// these values at the sites (in the first instance's order of sites) and keeps the turn or not.
#[derive(Debug, PartialEq, Eq)]
enum Outcome {
    NoMove,
    Fault(RtKind),
    Moves(Vec<i64>, bool),
}

/// Whether permutation `p` of grid `var`'s cells maps `all` (every instance of the families
/// proven by their sites) one to one onto instances that do the same.
pub(in super::super) fn matched(rules: &Rules, var: u32, all: &[Instance], p: &Perm) -> bool {
    // Cell `j` of a position is cell `to[j]` of its image.
    let mut to = vec![0u32; p.src.len()];
    for (k, &j) in p.src.iter().enumerate() {
        to[j as usize] = k as u32;
    }
    let mut by_sites: HashMap<&[u32], Vec<usize>> = HashMap::new();
    for (i, x) in all.iter().enumerate() {
        by_sites.entry(&x.sites).or_default().push(i);
    }
    let mut used = vec![false; all.len()];
    for x in all {
        let mut image: Vec<u32> = x.sites.iter().map(|&s| to[s as usize]).collect();
        image.sort_unstable();
        let Some(ys) = by_sites.get(&image[..]) else {
            return false;
        };
        let Some(&y) = ys
            .iter()
            .find(|&&y| !used[y] && same(rules, var, x, &all[y], &to))
        else {
            return false;
        };
        used[y] = true;
    }
    true
}

/// Whether `y` on the image does what `x` does, on every value of `x`'s sites and every player.
fn same(rules: &Rules, var: u32, x: &Instance, y: &Instance, to: &[u32]) -> bool {
    let v = &rules.vars[var as usize];
    let size = u64::try_from(v.hi - v.lo + 1).unwrap_or(u64::MAX);
    let players = i64::from(rules.players.max(1));
    let Some(tries) = u32::try_from(x.sites.len())
        .ok()
        .and_then(|n| size.checked_pow(n))
        .and_then(|t| t.checked_mul(players as u64))
    else {
        return false;
    };
    if tries > MAX_TRIES {
        return false;
    }
    let base = v.base as usize;
    let mut values = vec![0i64; x.sites.len()];
    for t in 0..tries / players as u64 {
        let mut rest = t;
        for d in values.iter_mut() {
            *d = v.lo + (rest % size) as i64;
            rest /= size;
        }
        for mover in 1..=players {
            let at_x = |k: usize| base + x.sites[k] as usize;
            let at_y = |k: usize| base + to[x.sites[k] as usize] as usize;
            if run(rules, x, mover, &values, &at_x) != run(rules, y, mover, &values, &at_y) {
                return false;
            }
        }
    }
    true
}

/// Instance `i` on the start with `values` at the slots `at(0..)`, for player `mover`.
fn run(
    rules: &Rules,
    i: &Instance,
    mover: i64,
    values: &[i64],
    at: &dyn Fn(usize) -> usize,
) -> Outcome {
    let m = &rules.moves[i.family];
    let mut slots = rules.init.clone();
    for (k, &x) in values.iter().enumerate() {
        slots[at(k)] = x;
    }
    let mut locals = vec![0i64; usize::from(rules.locals).max(i.params.len())];
    locals[..i.params.len()].copy_from_slice(&i.params);
    let mut undo = Vec::new();
    let again = {
        let mut ctx = context(rules, &mut slots, &mut locals, &mut undo, mover);
        if let Some(g) = &m.guard {
            match ctx.eval(g) {
                Ok(0) => return Outcome::NoMove,
                Ok(_) => {}
                Err(e) => return Outcome::Fault(e.kind),
            }
        }
        ctx.again = false;
        if let Err(e) = ctx.exec(&m.body) {
            return Outcome::Fault(e.kind);
        }
        ctx.again
    };
    Outcome::Moves((0..values.len()).map(|k| slots[at(k)]).collect(), again)
}
