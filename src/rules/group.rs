//! The group a `symmetry` declaration generates, as permutations of the variable's elements (a
//! grid's cells row by row): a grid's turns and reflections, an array reversed or turned round as
//! a ring, and permutations listed in the file, closed under composition. The checker asks how
//! large it is (a group past `MAX_GROUP` is refused), the engine uses its elements.

use super::{SymmetryKind, VarKind};
use rustc_hash::FxHashSet;

/// The most arrangements a declaration's group may have: every position is compared with each
/// of its images.
pub const MAX_GROUP: usize = 40_320;

/// One element of the group: the image's element `k` is element `src[k]`; named for messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Perm {
    pub src: Vec<u32>,
    pub name: &'static str,
}

/// Every element but the identity of the group that `kinds` and the listed permutations `perms`
/// (each: where element k goes) generate on a variable of this shape; `None` if it has more than
/// `MAX_GROUP` elements. `any order` adds nothing here: the engine sorts instead.
pub fn group(
    kind: VarKind,
    len: u32,
    cols: u32,
    kinds: &[SymmetryKind],
    perms: &[Vec<u32>],
) -> Option<Vec<Perm>> {
    let listed: Vec<Perm> = perms
        .iter()
        .map(|places| {
            let mut src = vec![0u32; places.len()];
            for (k, &p) in places.iter().enumerate() {
                src[p as usize] = k as u32;
            }
            Perm {
                src,
                name: "rearranged by a listed permutation",
            }
        })
        .collect();
    if kind == VarKind::Grid {
        grid_group(len / cols.max(1), cols, kinds, &listed)
    } else {
        ring_group(len, kinds, &listed)
    }
}

fn reverse(len: u32) -> Perm {
    Perm {
        src: (0..len).rev().collect(),
        name: "reversed",
    }
}

/// The group an array's declaration generates: `mirror` reverses it; `rotations` reads it as a
/// ring, every element moved on by the same number of places (both: the symmetries of a polygon).
fn ring_group(len: u32, kinds: &[SymmetryKind], listed: &[Perm]) -> Option<Vec<Perm>> {
    let turn = Perm {
        src: (0..len).map(|k| (k + len - 1) % len.max(1)).collect(),
        name: "turned round the ring",
    };
    let mut gens: Vec<Perm> = kinds
        .iter()
        .filter_map(|k| match k {
            SymmetryKind::Mirror => Some(reverse(len)),
            SymmetryKind::Rotations => Some(turn.clone()),
            _ => None,
        })
        .collect();
    gens.extend_from_slice(listed);
    let mut group = closure(&gens, len)?;
    for p in &mut group {
        let shift = (0..len).find(|&s| {
            p.src
                .iter()
                .enumerate()
                .all(|(k, &x)| x == (k as u32 + s) % len)
        });
        // Two elements reversed are also turned one place: named as the declaration says.
        let (mirror, turns) = (
            kinds.contains(&SymmetryKind::Mirror),
            kinds.contains(&SymmetryKind::Rotations),
        );
        p.name = match shift {
            _ if mirror && p.src == reverse(len).src => "reversed",
            Some(_) if turns => "turned round the ring",
            _ if mirror && turns && listed.is_empty() => "reversed and turned round the ring",
            _ => p.name,
        };
    }
    Some(group)
}

/// The group a grid's declaration generates, every element named, the identity left out.
fn grid_group(rows: u32, cols: u32, kinds: &[SymmetryKind], listed: &[Perm]) -> Option<Vec<Perm>> {
    let square = rows == cols;
    // Where the cell at (r, c) goes, for each transformation the shape has.
    let map = |f: &dyn Fn(u32, u32) -> (u32, u32), name: &'static str| {
        let mut src = vec![0u32; (rows * cols) as usize];
        for r in 0..rows {
            for c in 0..cols {
                let (r2, c2) = f(r, c);
                src[(r2 * cols + c2) as usize] = r * cols + c;
            }
        }
        Perm { src, name }
    };
    let (n, m) = (rows - 1, cols - 1);
    let mirror = map(&|r, c| (r, m - c), "mirrored left to right");
    let flip = map(&|r, c| (n - r, c), "flipped top to bottom");
    let half = map(&|r, c| (n - r, m - c), "turned half way");
    let mut named = vec![mirror.clone(), flip.clone(), half];
    let mut gens = Vec::new();
    if square {
        let quarter = map(&|r, c| (c, n - r), "turned a quarter clockwise");
        let transpose = map(&|r, c| (c, r), "reflected in the diagonal");
        named.push(quarter.clone());
        named.push(map(&|r, c| (n - c, r), "turned a quarter anticlockwise"));
        named.push(transpose.clone());
        named.push(map(
            &|r, c| (n - c, n - r),
            "reflected in the other diagonal",
        ));
        for k in kinds {
            match k {
                SymmetryKind::Rotations => gens.push(quarter.clone()),
                SymmetryKind::Reflections => gens.extend([mirror.clone(), transpose.clone()]),
                SymmetryKind::Mirror => gens.push(mirror.clone()),
                SymmetryKind::Flip => gens.push(flip.clone()),
                SymmetryKind::AnyOrder | SymmetryKind::Permutation(_) | SymmetryKind::Swap(_) => {}
            }
        }
    } else {
        for k in kinds {
            match k {
                SymmetryKind::Reflections => gens.extend([mirror.clone(), flip.clone()]),
                SymmetryKind::Mirror => gens.push(mirror.clone()),
                SymmetryKind::Flip => gens.push(flip.clone()),
                _ => {}
            }
        }
    }
    gens.extend_from_slice(listed);
    let mut group = closure(&gens, rows * cols)?;
    for p in &mut group {
        if let Some(n) = named.iter().find(|q| q.src == p.src) {
            p.name = n.name;
        }
    }
    Some(group)
}

/// Every composition of the generators, each once, the identity left out; `None` past
/// `MAX_GROUP` elements.
fn closure(gens: &[Perm], len: u32) -> Option<Vec<Perm>> {
    let id: Vec<u32> = (0..len).collect();
    let mut found: Vec<Vec<u32>> = vec![id.clone()];
    let mut seen: FxHashSet<Vec<u32>> = FxHashSet::default();
    seen.insert(id.clone());
    let mut names: Vec<&'static str> = vec![""];
    let mut k = 0;
    while k < found.len() {
        for g in gens {
            // First `found[k]`, then `g`.
            let src: Vec<u32> = g.src.iter().map(|&s| found[k][s as usize]).collect();
            if seen.insert(src.clone()) {
                if found.len() >= MAX_GROUP {
                    return None;
                }
                names.push(g.name);
                found.push(src);
            }
        }
        k += 1;
    }
    Some(
        found
            .into_iter()
            .zip(names)
            .filter(|(src, _)| *src != id)
            .map(|(src, name)| Perm { src, name })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_has_eight_symmetries_and_a_rectangle_four() {
        let all = [SymmetryKind::Rotations, SymmetryKind::Reflections];
        assert_eq!(grid_group(3, 3, &all, &[]).unwrap().len(), 7);
        assert_eq!(
            grid_group(3, 3, &[SymmetryKind::Rotations], &[])
                .unwrap()
                .len(),
            3
        );
        assert_eq!(
            grid_group(3, 3, &[SymmetryKind::Mirror], &[])
                .unwrap()
                .len(),
            1
        );
        assert_eq!(
            grid_group(4, 5, &[SymmetryKind::Reflections], &[])
                .unwrap()
                .len(),
            3
        );
        let names: Vec<&str> = grid_group(3, 3, &all, &[])
            .unwrap()
            .iter()
            .map(|p| p.name)
            .collect();
        assert!(
            names.contains(&"reflected in the other diagonal"),
            "{names:?}"
        );
    }

    #[test]
    fn a_ring_of_five_has_five_turns_and_ten_symmetries_with_its_mirror() {
        assert_eq!(
            ring_group(5, &[SymmetryKind::Rotations], &[])
                .unwrap()
                .len(),
            4
        );
        let both = ring_group(5, &[SymmetryKind::Rotations, SymmetryKind::Mirror], &[]).unwrap();
        assert_eq!(both.len(), 9);
        assert_eq!(
            ring_group(5, &[SymmetryKind::Mirror], &[]).unwrap().len(),
            1
        );
        let turns = both
            .iter()
            .filter(|p| p.name == "turned round the ring")
            .count();
        assert_eq!(turns, 4);
        // Two elements mirrored are named as declared, though the swap is also a turn.
        let two = ring_group(2, &[SymmetryKind::Mirror], &[]).unwrap();
        assert_eq!(two[0].name, "reversed");
        let two = ring_group(2, &[SymmetryKind::Rotations], &[]).unwrap();
        assert_eq!(two[0].name, "turned round the ring");
    }

    #[test]
    fn listed_permutations_generate_their_group_and_a_huge_one_is_refused() {
        // Where each of 5 elements goes: a turn round the ring, and a swap of the first two.
        let turn = vec![1, 2, 3, 4, 0];
        let g = group(VarKind::Array, 5, 5, &[], std::slice::from_ref(&turn)).unwrap();
        assert_eq!(g.len(), 4);
        // The turn and the mirror listed as permutations are `rotations, mirror`.
        let mirror = vec![4, 3, 2, 1, 0];
        let both = group(VarKind::Array, 5, 5, &[], &[turn.clone(), mirror]).unwrap();
        assert_eq!(both.len(), 9);
        // A turn of 9 and a swap generate every order of 9 elements: 362,880 > 40,320.
        let turn9: Vec<u32> = (0..9).map(|k| (k + 1) % 9).collect();
        let swap: Vec<u32> = [1, 0, 2, 3, 4, 5, 6, 7, 8].to_vec();
        assert!(group(VarKind::Array, 9, 9, &[], &[turn9.clone(), swap.clone()]).is_none());
        // Eight elements: 40,320 arrangements, the most allowed.
        let turn8: Vec<u32> = (0..8).map(|k| (k + 1) % 8).collect();
        let swap8: Vec<u32> = [1, 0, 2, 3, 4, 5, 6, 7].to_vec();
        assert_eq!(
            group(VarKind::Array, 8, 8, &[], &[turn8, swap8])
                .unwrap()
                .len(),
            40_319
        );
    }
}
