//! Tests of the symmetries' canonical forms and arrangements (a child module of `symmetry`,
//! so it sees its private parts).

use super::*;

#[test]
fn arrangements_are_each_listed_once() {
    let mut v = vec![1, 1, 2];
    let mut n = 1;
    while next_permutation(&mut v) {
        n += 1;
    }
    assert_eq!(n, 3);
}

/// The canonical form and the class's size by tables are the ones found digit by digit, on boards of several
/// shapes, groups and numbers of values, with other digits below and above the board's.
#[test]
fn tables_give_the_least_image() {
    use crate::rules::VarKind;
    let mut seed = 5u64;
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        seed >> 1
    };
    let cases: [(u32, u32, u64, &[SymmetryKind]); 5] = [
        (
            4,
            4,
            3,
            &[SymmetryKind::Rotations, SymmetryKind::Reflections],
        ),
        (
            3,
            3,
            3,
            &[SymmetryKind::Rotations, SymmetryKind::Reflections],
        ),
        (4, 5, 3, &[SymmetryKind::Mirror]),
        (5, 6, 3, &[SymmetryKind::Mirror, SymmetryKind::Flip]),
        (2, 2, 9, &[SymmetryKind::Rotations]),
    ];
    for (rows, cols, size, kinds) in cases {
        let len = rows * cols;
        let perms = group(VarKind::Grid, len, cols, kinds, &[]).expect("a group");
        let below = 7u64;
        let radix: Vec<u64> = (0..len).map(|k| below * size.pow(k)).collect();
        let above = below * size.pow(len);
        let chunks = Chunks::new(&radix, size);
        let images = Images::new(perms.iter().map(|p| &p.src[..]), len as usize, size);
        assert!(chunks.is_some() && images.is_some(), "{rows} x {cols}");
        let part = Part {
            decl: 0,
            radix,
            size,
            kind: Kind::Perms(perms),
            proven: true,
            chunks,
            images,
        };
        let mut digits = Vec::new();
        for _ in 0..3000 {
            // Mostly boards with many empty cells, as play makes them.
            let mut code = next() % below + (next() % 3) * above;
            for k in 0..len {
                if next() % 3 == 0 {
                    code += (next() % size) * part.radix[k as usize];
                }
            }
            assert_eq!(
                part.canonical(code, &mut digits),
                part.canonical_plain(code, &mut digits),
                "{rows} x {cols}, code {code}"
            );
            // The class's size by the tables (the group's order over the permutations fixing
            // the position) is the number of distinct images listed one by one.
            let mut listed: Vec<Code> = part
                .images(code, &mut digits)
                .iter()
                .map(|i| i.code)
                .collect();
            listed.push(code);
            listed.sort_unstable();
            listed.dedup();
            assert_eq!(
                part.orbit_size(code, &mut digits),
                listed.len() as u64,
                "{rows} x {cols}, code {code}"
            );
        }
    }
}
