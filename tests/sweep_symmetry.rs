//! Games reduced by symmetry are swept through the position numbers too, one class at a time by
//! its canonical code (`src/solve/sweep`): the answers are the depth-first solver's, line for
//! line (only the `order` line differs), counts included, and the start is worth what it is
//! worth with `--no-symmetry`.

use crate::common;
use common::*;

/// `solve -` with `args`, then with `--order depth-first` added: both succeed and differ only in
/// the last line; returns the whole of the first and the depth-first one's last line.
fn against_depth_first(source: &str, args: &[&str]) -> (String, String) {
    let mut a = vec!["solve", "-"];
    a.extend_from_slice(args);
    let auto = gamec_in(&a, source);
    a.extend_from_slice(&["--order", "depth-first"]);
    let dfs = gamec_in(&a, source);
    assert_eq!(
        (auto.code, dfs.code),
        (0, 0),
        "{}{}",
        auto.stderr,
        dfs.stderr
    );
    let cut = |s: &str| {
        let body = s.trim_end_matches('\n');
        let k = body.rfind('\n').map_or(0, |k| k + 1);
        (body[..k].to_string(), body[k..].to_string())
    };
    let ((body_a, _), (body_b, last_b)) = (cut(&auto.stdout), cut(&dfs.stdout));
    assert_eq!(body_a, body_b, "{args:?}");
    (auto.stdout, last_b)
}

/// `solve -` with `args` and `--no-symmetry`: the lines that say what the start is worth (value,
/// best moves, Grundy value) are those of the solve reduced by symmetry, `reduced`.
fn start_lines_without_symmetry(source: &str, args: &[&str], reduced: &str) {
    let mut a = vec!["solve", "-", "--no-symmetry"];
    a.extend_from_slice(args);
    let plain = gamec_in(&a, source);
    assert_eq!(plain.code, 0, "{}", plain.stderr);
    let start = |s: &str| {
        s.lines()
            .filter(|l| {
                ["value ", "best moves ", "grundy "]
                    .iter()
                    .any(|p| l.starts_with(p))
            })
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(start(&plain.stdout), start(reduced));
    assert_eq!(start(reduced).len(), 3, "{reduced}");
}

#[test]
fn games_reduced_by_symmetry_are_swept_over_their_classes() {
    // Nim's `any order` is proven, the mirror of the two piles only checked (at every position
    // found): both sweep down the canonical codes, the counters up. Each class is counted once,
    // and the positions it stands for `in all`, as depth-first.
    let piles = r#"game "Two piles" {
  state { p: [0..=6; 2] = [5, 6] }
  move left(n in 1..=2) if p[0] >= n { p[0] -= n }
  move right(n in 1..=2) if p[1] >= n { p[1] -= n }
  move both if p[0] > 0 and p[1] > 0 { p[0] -= 1; p[1] -= 1 }
  end if p[0] + p[1] == 0: last mover wins
  symmetry p: mirror
}"#;
    let counters = r#"game "Two counters" {
  state { p: [0..=6; 2] = 0 }
  move left(n in 1..=2) if p[0] + n <= 6 { p[0] += n }
  move right(n in 1..=2) if p[1] + n <= 6 { p[1] += n }
  end if p[0] + p[1] >= 11: last mover wins
  symmetry p: mirror
}"#;
    let nim = std::fs::read_to_string(game_path("nim.game")).unwrap();
    let cases: &[(&str, &[&str], &str)] = &[
        (
            &nim,
            &["--set", "piles=3,3,3"],
            "Nim
positions   20 up to symmetry (64 in all) (whose turn it is does not change any rule, so positions do not record it)
symmetry    heap: any order (proven from the rules)
start       heap=[3, 3, 3], player 1 to move
value       win in 7 for the player to move
best moves  take 3 from heap 0, take 3 from heap 1, take 3 from heap 2
grundy      3
by value    win 15, lose 5
order       in the order of position numbers, which every move lowers, one thread
",
        ),
        (
            piles,
            &[],
            "Two piles
positions   27 up to symmetry (whose turn it is does not change any rule, so positions do not record it)
symmetry    p: mirror (checked at every position solved)
start       p=[5, 6], player 1 to move
value       win in 7 for the player to move
best moves  left 2, right 2, both
grundy      2
by value    win 18, lose 9
order       in the order of position numbers, which every move lowers, one thread
",
        ),
        (
            counters,
            &[],
            "Two counters
positions   28 up to symmetry (49 in all) (whose turn it is does not change any rule, so positions do not record it)
symmetry    p: mirror (checked at every position solved)
start       p=[0, 0], player 1 to move
value       win in 7 for the player to move
best moves  left 2, right 2
grundy      2
by value    win 18, lose 10
order       in the order of position numbers, which every move raises, one thread
",
        ),
    ];
    for (source, args, want) in cases {
        let (out, dfs) = against_depth_first(source, args);
        assert_eq!(out, *want);
        assert_eq!(dfs, "order       depth-first from the start, one thread");
        start_lines_without_symmetry(source, args, &out);
    }
}
