//! `rotations` on an array: the array read as a ring (Ring Kayles, `games/ring_kayles.game`).
//! Its classes are bracelets, and its values are Kayles' own, both from the literature.

mod common;
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
