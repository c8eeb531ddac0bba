//! `rotations` on an array: the array read as a ring (Ring Kayles, `games/ring_kayles.game`).
//! Its classes are bracelets, and its values are Kayles' own, both from the literature.

use crate::common;
use common::*;

/// The line of `gamec solve games/ring_kayles.game ARGS` that starts with `key`, without it.
fn line(out: &str, key: &str) -> String {
    out.lines()
        .find_map(|l| l.strip_prefix(key))
        .unwrap_or_else(|| panic!("no `{key}` in\n{out}"))
        .trim()
        .to_string()
}

fn solve(n: u32, more: &[&str]) -> String {
    let set = format!("n={n}");
    let mut args = vec!["solve", "games/ring_kayles.game", "--set", &set];
    args.extend_from_slice(more);
    let o = gamec(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    stdout(&o)
}

#[test]
fn ring_kayles_has_kayles_values_and_one_position_per_bracelet() {
    // Kayles' Grundy values K(0..=11) (Guy and Smith 1956; OEIS A002186).
    let kayles = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6];
    // Bracelets of n beads of two colours (OEIS A000029), n = 2..=12: every set of standing
    // pins is reachable, so these are the classes solved.
    let bracelets = [3, 4, 6, 8, 13, 18, 30, 46, 78, 126, 224];
    for n in 2..=12u32 {
        let out = solve(n, &[]);
        let (a, b) = (kayles[n as usize - 1], kayles[n as usize - 2]);
        let mex = (0..).find(|g| *g != a && *g != b).unwrap();
        assert_eq!(line(&out, "grundy"), mex.to_string(), "n = {n}\n{out}");
        let classes = bracelets[n as usize - 2];
        assert_eq!(
            line(&out, "positions"),
            format!(
                "{classes} up to symmetry ({} in all) (whose turn it is does not change any rule, so positions do not record it)",
                1u32 << n
            )
        );
    }
}

#[test]
fn the_ring_solves_as_it_does_without_the_declaration() {
    for n in [5, 7, 9] {
        let with = solve(n, &[]);
        let plain = solve(n, &["--no-symmetry"]);
        for key in ["start", "value", "best moves", "grundy"] {
            assert_eq!(line(&with, key), line(&plain, key), "n = {n}");
        }
    }
    let out = solve(7, &[]);
    assert_eq!(
        line(&out, "symmetry"),
        "pin: rotations, mirror (checked at every position solved)"
    );
    assert_eq!(line(&out, "value"), "lose in 6 for the player to move");
}

#[test]
fn rotations_of_an_array_that_is_not_a_ring_are_broken_symmetry() {
    // Knocking two neighbours without wrapping round: a row, not a ring.
    let src = std::fs::read_to_string(game_path("ring_kayles.game"))
        .unwrap()
        .replace("move two(i in indices(pin)) if pin[i] and pin[(i + 1) % n] { pin[i] = false; pin[(i + 1) % n] = false }",
                 "move two(i in 0..n - 1) if pin[i] and pin[i + 1] { pin[i] = false; pin[i + 1] = false }");
    assert!(src.contains("0..n - 1"));
    let r = gamec_in(&["solve", "-"], &src);
    assert_fails_with(&r, "gamec::broken_symmetry\n");
    assert!(r.stderr.contains("turned round the ring"), "{}", r.stderr);
}

/// Ring Kayles with the turn and the mirror written out as where each pin goes.
fn listed(perms: &str) -> String {
    std::fs::read_to_string(game_path("ring_kayles.game"))
        .unwrap()
        .replace(
            "symmetry pin: rotations, mirror",
            &format!("symmetry pin: {perms}"),
        )
}

#[test]
fn listed_permutations_generate_the_same_classes_as_the_named_kinds() {
    let src = listed("permutation [1, 2, 3, 4, 5, 6, 0], permutation [6, 5, 4, 3, 2, 1, 0]");
    let r = gamec_in(&["solve", "-"], &src);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let named = solve(7, &[]);
    assert_eq!(line(&r.stdout, "positions"), line(&named, "positions"));
    assert_eq!(line(&r.stdout, "value"), "lose in 6 for the player to move");
    assert_eq!(
        line(&r.stdout, "symmetry"),
        "pin: permutation [1, 2, 3, 4, 5, 6, 0], permutation [6, 5, 4, 3, 2, 1, 0] (checked at every position solved)"
    );
    // The turn alone: necklaces, 20 of them for 7 beads (OEIS A000031).
    let r = gamec_in(
        &["solve", "-"],
        &listed("permutation [1, 2, 3, 4, 5, 6, 0]"),
    );
    assert!(
        r.stdout
            .contains("positions   20 up to symmetry (128 in all)"),
        "{}",
        r.stdout
    );
}

#[test]
fn a_permutation_must_send_each_element_to_one_place() {
    let cases = [
        ("permutation [1, 0]", "`pin` has 7 elements (cells, row by row, in a grid), and a permutation lists where each goes: 2 places are listed."),
        ("permutation [1, 1, 2, 3, 4, 5, 6]", "`pin` would have two elements sent to place 1 by this permutation; each place must be listed once."),
        ("permutation [0, 1, 2, 3, 4, 5, 7]", "`pin` has places 0..=6, and the permutation sends an element to 7."),
    ];
    for (perm, help) in cases {
        let r = gamec_in(&["check", "-"], &listed(perm));
        assert_fails_with(&r, "gamec::bad_symmetry\n");
        let joined: String = r.stderr.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(joined.contains(&format!("help: {help}")), "{}", r.stderr);
    }
}

#[test]
fn permutations_that_generate_too_many_arrangements_are_refused() {
    // A turn of 12 pins and a swap of two generate all 12! orders.
    let src = listed(
        "permutation [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0], permutation [1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]",
    )
    .replace("= 7", "= 12");
    let r = gamec_in(&["check", "-"], &src);
    assert_fails_with(&r, "gamec::bad_symmetry\n");
    let joined: String = r.stderr.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        joined.contains("rearrange it in more than 40320 ways"),
        "{}",
        r.stderr
    );
}
