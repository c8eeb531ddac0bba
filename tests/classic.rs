//! Classic impartial games shipped in `games/`, checked against published results: Kayles and
//! Dawson's Kayles against their Grundy sequences in the OEIS, Wythoff's game against the known
//! losing positions.

use crate::common;
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

/// The value line of `gamec solve SRC ARGS` (source on standard input).
fn value_of(src: &str, args: &[&str]) -> String {
    let mut all = vec!["solve", "-"];
    all.extend(args);
    let r = gamec_in(&all, src);
    assert_eq!(r.code, 0, "{}{src}", r.stderr);
    r.stdout
        .lines()
        .find(|l| l.starts_with("value"))
        .unwrap_or_default()
        .to_string()
}

#[test]
fn northcott_is_nim_on_the_gaps_with_no_draws() {
    let src = std::fs::read_to_string(game_path("northcott.game")).expect("shipped");
    let (width, rows) = (4i64, 2usize);
    let pairs: Vec<(i64, i64)> = (0..width)
        .flat_map(|w| (w + 1..width).map(move |b| (w, b)))
        .collect();
    for p in &pairs {
        for q in &pairs {
            let gaps = (p.1 - p.0 - 1) ^ (q.1 - q.0 - 1);
            for turn in [1, 2] {
                let at = format!(
                    "white=[{}, {}], black=[{}, {}], turn={turn}",
                    p.0, q.0, p.1, q.1
                );
                let v = value_of(
                    &src,
                    &[
                        "--set",
                        "width=4",
                        "--set",
                        &format!("rows={rows}"),
                        "--at",
                        &at,
                    ],
                );
                assert!(!v.contains("draw"), "{at}: {v}");
                assert_eq!(v.contains("lose"), gaps == 0, "{at}: {v}");
            }
        }
    }
}

/// Toads and Frogs by minimax: 1 for a win of the player to move, -1 for a loss.
fn toads_and_frogs(strip: &mut Vec<u8>, mover: u8) -> i8 {
    let (me, them, dir): (u8, u8, i64) = if mover == 1 { (1, 2, 1) } else { (2, 1, -1) };
    let n = strip.len() as i64;
    let free = |s: &Vec<u8>, i: i64| i >= 0 && i < n && s[i as usize] == 0;
    let mut best = -1;
    for i in 0..n {
        if strip[i as usize] != me {
            continue;
        }
        let to = if free(strip, i + dir) {
            Some(i + dir)
        } else if free(strip, i + 2 * dir) && strip[(i + dir) as usize] == them {
            Some(i + 2 * dir)
        } else {
            None
        };
        if let Some(to) = to {
            strip[i as usize] = 0;
            strip[to as usize] = me;
            best = best.max(-toads_and_frogs(strip, 3 - mover));
            strip[to as usize] = 0;
            strip[i as usize] = me;
        }
    }
    best
}

#[test]
fn toads_and_frogs_matches_a_brute_force_on_every_small_start() {
    let src = std::fs::read_to_string(game_path("toads_and_frogs.game")).expect("shipped");
    assert!(src.contains("; 5] = [toad, toad, empty, frog, frog]"));
    let names = ["empty", "toad", "frog"];
    for len in 1..=6u32 {
        for code in 0..3u32.pow(len) {
            let strip: Vec<u8> = (0..len).map(|k| (code / 3u32.pow(k) % 3) as u8).collect();
            let list: Vec<&str> = strip.iter().map(|&c| names[c as usize]).collect();
            let text = src.replace(
                "; 5] = [toad, toad, empty, frog, frog]",
                &format!("; {len}] = [{}]", list.join(", ")),
            );
            for turn in [1u8, 2] {
                let want = toads_and_frogs(&mut strip.clone(), turn);
                let shown: Vec<&str> = strip.iter().map(|&c| [".", "T", "F"][c as usize]).collect();
                let at = format!("strip=[{}], turn={turn}", shown.join(", "));
                let v = value_of(&text, &["--at", &at]);
                let got = if v.contains("win") { 1 } else { -1 };
                assert_eq!(got, want, "{at}: {v}");
            }
        }
    }
}

/// The same game written with an option holding the strip's enumeration (`first`) and one move
/// family over the words `slide` and `jump`: every start of up to 5 squares, with either side
/// beginning by `--set first=...`, agrees with the brute force above.
#[test]
fn toads_and_frogs_either_side_first_matches_the_brute_force() {
    use gamec::engine::Engine;
    use gamec::solve::{solve, Value};
    let src = std::fs::read_to_string(game_path("toads_and_frogs_words.game")).expect("shipped");
    let start = "; 6] = [toad, toad, empty, empty, frog, frog]";
    assert!(src.contains(start));
    let names = ["empty", "toad", "frog"];
    let mut checked = 0;
    for len in 1..=5u32 {
        for code in 0..3u32.pow(len) {
            let strip: Vec<u8> = (0..len).map(|k| (code / 3u32.pow(k) % 3) as u8).collect();
            let list: Vec<&str> = strip.iter().map(|&c| names[c as usize]).collect();
            let text = src.replace(start, &format!("; {len}] = [{}]", list.join(", ")));
            for (side, turn) in [("toad", 1u8), ("F", 2)] {
                let rules = rules_of(&text, &[("first", side)]);
                let e = Engine::new(&rules);
                let root = e.starts().expect("starts")[0].code;
                let s = solve(&e, &[root], 1000).expect("solves");
                let got = s.get(root).map(|x| x.value);
                let want = match toads_and_frogs(&mut strip.clone(), turn) {
                    1 => Value::Win,
                    _ => Value::Lose,
                };
                assert_eq!(got, Some(want), "{list:?}, {side} first");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 2 * (3 + 9 + 27 + 81 + 243));
}
