//! Classic impartial games shipped in `games/`, checked against published results: Kayles and
//! Dawson's Kayles against their Grundy sequences in the OEIS, Wythoff's game against the known
//! losing positions.

mod common;
use common::*;

/// The `grundy` line of `gamec solve`.
fn grundy(game: &str, n: u32) -> u32 {
    let set = format!("n={n}");
    let o = gamec(&["solve", &game_path(game), "--set", &set]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let line = out
        .lines()
        .find(|l| l.starts_with("grundy"))
        .expect("a grundy line");
    line["grundy".len()..].trim().parse().expect("a number")
}

#[test]
fn kayles_has_the_grundy_values_of_oeis_a002186() {
    // A002186, from n = 0.
    const A002186: [u32; 17] = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1];
    for n in 1..=16 {
        assert_eq!(grundy("kayles.game", n), A002186[n as usize], "{n} pins");
    }
}

#[test]
fn dawsons_kayles_has_the_grundy_values_of_oeis_a002187() {
    // A002187 (Dawson's Chess), from n = 0; Dawson's Kayles with n pins has value a(n - 1).
    const A002187: [u32; 16] = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5];
    for n in 1..=16 {
        assert_eq!(
            grundy("dawsons_kayles.game", n),
            A002187[n as usize - 1],
            "{n} pins"
        );
    }
}

#[test]
fn wythoffs_losing_positions_are_the_beatty_pairs() {
    // The pairs (a_k, a_k + k), a_k the least number not in an earlier pair: (⌊kφ⌋, ⌊kφ²⌋).
    let mut used = std::collections::BTreeSet::new();
    let mut losing = std::collections::BTreeSet::new();
    for k in 0..20u32 {
        let a = (0..)
            .find(|x| !used.contains(x))
            .expect("some number is free");
        used.extend([a, a + k]);
        losing.extend([(a, a + k), (a + k, a)]);
    }
    for x in 0..=20u32 {
        for y in 0..=20u32 {
            let at = format!("x={x}, y={y}");
            let o = gamec(&[
                "solve",
                &game_path("wythoff.game"),
                "--set",
                "a=20",
                "--set",
                "b=20",
                "--at",
                &at,
            ]);
            assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
            let out = stdout(&o);
            let value = out
                .lines()
                .find(|l| l.starts_with("value"))
                .unwrap_or_default();
            let lost = value.contains(" lose") || value.contains("lose in");
            assert_eq!(lost, losing.contains(&(x, y)), "({x}, {y}): {value}");
        }
    }
}
