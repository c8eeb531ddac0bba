//! Symmetry declarations, as docs/language.md defines them: the positions alike to a position are
//! those reached from it by applying the declared transformations any number of times (a grid's
//! quarter turn, its reflections; an array reversed, turned one place round as a ring, or two
//! neighbouring elements swapped for `any order`; two values exchanged with the players for
//! `swap`). A declaration holds for a class of positions when every member ends the same
//! way, fails with the same kind of fault, or has as many moves into each class (keeping the turn
//! alike). Each reachable position whose class breaks this gets a `BrokenSymmetry` fault.

use super::expand::{expand, Node};
use super::{Fault, FaultKind, Game, Position, Shape};
use crate::syntax::ast::SymmetryKind;
use std::collections::{BTreeSet, HashMap};

/// One transformation: of one variable, whose value at index `k` (cells row by row) goes to
/// index `dest[k]`; or the colour swap (`swap A B`), which exchanges two values in each variable
/// that declares one, and exchanges the players: whose turn it is, who moved last and each `per
/// player` variable's two values.
#[derive(Clone, Debug)]
enum Map {
    Cells { var: String, dest: Vec<usize> },
    Swap { values: Vec<(String, i64, i64)> },
}

/// A class's signature: how it ends, fails or which classes its moves reach. With three or
/// more players an end is every player's result (`expand::results`): a position and its image
/// must end alike for each player, not only for the one to move.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Sig {
    End(super::Rel),
    Results(Vec<i64>),
    Fault(FaultKind),
    Moves(Vec<(Position, bool)>),
}

/// The generators of every declaration: the swaps of every declaration make one.
fn generators(game: &Game) -> Vec<Map> {
    let mut out = Vec::new();
    let mut swapped = Vec::new();
    for s in &game.symmetries {
        let Some(v) = game.var(&s.var.name) else {
            continue;
        };
        let n = v.init.len();
        for (kind, _) in &s.kinds {
            let maps: Vec<Vec<usize>> = match (v.shape, kind) {
                // Element k goes to the place listed k-th (on a grid too, cells row by row).
                (_, SymmetryKind::Permutation(k)) => {
                    vec![s.perms[*k as usize].iter().map(|&p| p as usize).collect()]
                }
                (_, SymmetryKind::Swap(k)) => {
                    let held = |text: &str| match &v.values {
                        Some(names) => names.iter().position(|n| n == text).map(|p| p as i64),
                        None => text.parse::<i64>().ok(),
                    };
                    let [a, b] = &s.swaps[*k as usize];
                    if let (Some(a), Some(b)) = (held(&a.0), held(&b.0)) {
                        swapped.push((v.name.clone(), a, b));
                    }
                    Vec::new()
                }
                (Shape::Grid { cols }, k) => grid_maps(n / cols, cols, *k),
                (_, SymmetryKind::Mirror) => vec![(0..n).map(|i| n - 1 - i).collect()],
                // A ring: each element one place on, the last to the first.
                (_, SymmetryKind::Rotations) => vec![(0..n).map(|i| (i + 1) % n).collect()],
                (_, SymmetryKind::AnyOrder) => (0..n.saturating_sub(1))
                    .map(|k| {
                        (0..n)
                            .map(|i| match i {
                                i if i == k => k + 1,
                                i if i == k + 1 => k,
                                i => i,
                            })
                            .collect()
                    })
                    .collect(),
                _ => Vec::new(),
            };
            out.extend(maps.into_iter().map(|dest| Map::Cells {
                var: v.name.clone(),
                dest,
            }));
        }
    }
    if !swapped.is_empty() {
        out.push(Map::Swap { values: swapped });
    }
    out
}

/// Where each cell goes, for the transformations a kind names (cells numbered row by row).
fn grid_maps(rows: usize, cols: usize, kind: SymmetryKind) -> Vec<Vec<usize>> {
    let cell = |f: &dyn Fn(usize, usize) -> (usize, usize)| -> Vec<usize> {
        (0..rows * cols)
            .map(|k| {
                let (r, c) = f(k / cols, k % cols);
                r * cols + c
            })
            .collect()
    };
    let (n, m) = (rows - 1, cols - 1);
    let mirror = cell(&|r, c| (r, m - c));
    let flip = cell(&|r, c| (n - r, c));
    match kind {
        SymmetryKind::Rotations if rows == cols => vec![cell(&|r, c| (c, n - r))],
        SymmetryKind::Reflections if rows == cols => vec![
            mirror,
            flip,
            cell(&|r, c| (c, r)),
            cell(&|r, c| (n - c, n - r)),
        ],
        SymmetryKind::Reflections => vec![mirror, flip],
        SymmetryKind::Mirror => vec![mirror],
        SymmetryKind::Flip => vec![flip],
        _ => Vec::new(),
    }
}

fn apply(game: &Game, m: &Map, p: &Position) -> Position {
    let mut q = p.clone();
    match m {
        Map::Cells { var, dest } => {
            if let (Some(old), Some(new)) = (p.vars.get(var), q.vars.get_mut(var)) {
                for (k, v) in old.iter().enumerate() {
                    new[dest[k]] = *v;
                }
            }
        }
        Map::Swap { values } => {
            for (var, a, b) in values {
                for v in q.vars.get_mut(var).into_iter().flatten() {
                    *v = match *v {
                        x if x == *a => *b,
                        x if x == *b => *a,
                        x => x,
                    };
                }
            }
            for v in game.vars.iter().filter(|v| v.shape == Shape::PerPlayer) {
                if let Some(both) = q.vars.get_mut(&v.name) {
                    both.reverse();
                }
            }
            // With one player (a puzzle) there is no other player to exchange.
            let two = game.players == 2;
            let other = |m: u8| if two && (m == 1 || m == 2) { 3 - m } else { m };
            q.mover = other(p.mover);
            q.last_mover = other(p.last_mover);
        }
    }
    q
}

/// Every position alike to `p`, `p` included.
fn orbit(game: &Game, gens: &[Map], p: &Position) -> BTreeSet<Position> {
    let mut seen = BTreeSet::from([p.clone()]);
    let mut todo = vec![p.clone()];
    while let Some(q) = todo.pop() {
        for g in gens {
            let r = apply(game, g, &q);
            if seen.insert(r.clone()) {
                todo.push(r);
            }
        }
    }
    seen
}

struct Classes<'a> {
    game: &'a Game,
    gens: Vec<Map>,
    /// Each position's class, named by its least member.
    class: HashMap<Position, Position>,
}

impl Classes<'_> {
    fn of(&mut self, p: &Position) -> Position {
        if let Some(c) = self.class.get(p) {
            return c.clone();
        }
        let members = orbit(self.game, &self.gens, p);
        let least = members.first().cloned().unwrap_or_else(|| p.clone());
        for m in members {
            self.class.insert(m, least.clone());
        }
        least
    }

    fn sig(&mut self, p: &Position) -> Sig {
        match expand(self.game, p) {
            Err(f) => Sig::Fault(f.kind),
            Ok(Node::End { rule, .. }) if self.game.players >= 3 => {
                match super::expand::results(self.game, p, rule) {
                    Ok(r) => Sig::Results(r),
                    Err(f) => Sig::Fault(f.kind),
                }
            }
            Ok(Node::End { rel, .. }) => Sig::End(rel),
            Ok(Node::Moves(moves)) => {
                let mut kids: Vec<(Position, bool)> =
                    moves.iter().map(|m| (self.of(&m.child), m.kept)).collect();
                kids.sort();
                Sig::Moves(kids)
            }
        }
    }
}

/// A `BrokenSymmetry` fault for each of `positions` whose class has members that differ.
pub fn broken(game: &Game, positions: &[Position]) -> Vec<(usize, Fault)> {
    let mut c = Classes {
        game,
        gens: generators(game),
        class: HashMap::new(),
    };
    if c.gens.is_empty() {
        return Vec::new();
    }
    let mut verdict: HashMap<Position, Option<String>> = HashMap::new();
    let mut out = Vec::new();
    for (i, p) in positions.iter().enumerate() {
        let class = c.of(p);
        if !verdict.contains_key(&class) {
            let members = orbit(game, &c.gens, p);
            let sigs: Vec<(Position, Sig)> = members
                .into_iter()
                .map(|m| (m.clone(), c.sig(&m)))
                .collect();
            let odd = sigs.iter().find(|(_, s)| *s != sigs[0].1);
            let why = odd.map(|(m, _)| {
                format!(
                    "{:?} and {:?} are alike by symmetry but play differently",
                    sigs[0].0, m
                )
            });
            verdict.insert(class.clone(), why);
        }
        if let Some(Some(why)) = verdict.get(&class) {
            out.push((i, Fault::new(FaultKind::BrokenSymmetry, why.clone())));
        }
    }
    out
}
