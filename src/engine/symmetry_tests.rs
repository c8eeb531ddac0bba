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
        let images = Images::new(perms.iter().map(|p| &p.src[..]), len as usize, size, None);
        assert!(chunks.is_some() && images.is_some(), "{rows} x {cols}");
        let part = Part {
            decl: 0,
            first_div: StrengthReducedU64::new(radix[0]),
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

/// With a colour swap on the one tabled variable, the canonical form read once for the code and
/// its swap (`fused`) is the general one: the least of every part's image, digit by digit, of
/// the code and of its swap. Quixo (`swap x o`, a turn digit), a board whose swap exchanges the
/// blank (value 0, so the last group's missing digits must stay 0), and one with a `per player`
/// count exchanged with the players.
#[test]
fn the_fused_canonical_form_is_the_general_one() {
    let quixo = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/games/quixo.game"
    ))
    .expect("benches/games/quixo.game");
    let blank = "game \"B\" { state { b: grid 4 x 4 of {e \"-\", x \"X\", o \"O\"} = e
        n: per player 0..=3 = 0 }
      move put(r in rows(b), c in cols(b)) if b[r, c] == e { b[r, c] = x }
      end if no moves: last mover wins
      symmetry b: rotations, swap e x }";
    let counted = "game \"C\" { state { b: grid 3 x 5 of {e \"-\", x \"X\", o \"O\"} = e
        n: per player 0..=3 = 0 }
      move put(r in rows(b), c in cols(b)) if b[r, c] == e { b[r, c] = x }
      end if no moves: last mover wins
      symmetry b: mirror, flip, swap x o }";
    let mut seed = 3u64;
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        seed >> 1
    };
    for (name, src, sets) in [
        ("quixo 3", quixo.as_str(), vec![]),
        ("quixo 4", quixo.as_str(), vec![("size", "4")]),
        ("quixo 5", quixo.as_str(), vec![("size", "5")]),
        ("blank swapped", blank, vec![]),
        ("per player", counted, vec![]),
    ] {
        let sets: Vec<crate::check::SetArg> = sets
            .into_iter()
            .map(|(k, v)| crate::check::SetArg {
                name: k.into(),
                value: v.into(),
            })
            .collect();
        let rules = match crate::compile(src, &sets) {
            (Some((_, crate::Compiled::Sequential(r))), _) => r,
            (_, d) => panic!("{name}: {d:?}"),
        };
        let engine = crate::engine::Engine::new(&rules);
        let sym = engine.symmetry.as_ref().expect("declared");
        assert!(sym.fused, "{name}");
        let swap = sym.swap.as_ref().expect("a swap");
        let mut digits = Vec::new();
        let general = |code: Code, digits: &mut Vec<u64>| {
            let plain = |c: Code, d: &mut Vec<u64>| {
                sym.parts.iter().fold(c, |c, p| p.canonical_plain(c, d))
            };
            plain(code, digits).min(plain(swap.apply(code), digits))
        };
        for _ in 0..20_000 {
            let code = next() % engine.space;
            assert_eq!(
                sym.canonical(code, &mut digits),
                general(code, &mut digits),
                "{name}: code {code}"
            );
        }
    }
}
