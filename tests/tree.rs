//! `gamec tree`: the counts for 1, 2, ..., 10, pinned output, colour, and the refusals.

use crate::common;
use common::{gamec_colored, gamec_in};

const TEN: &str = "games/one_two_ten.game";

/// 232 nodes in the full tree, 20 distinct (total, player to move) pairs, 11 solver positions.
#[test]
fn one_two_ten_counts() {
    let r = gamec_in(&["tree", TEN], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout
            .lines()
            .filter(|l| l.contains(" -> ") || l.starts_with("pile="))
            .count(),
        232
    );
    assert!(r.stdout.ends_with(
        "\ntree nodes  232\n\
         positions   20 distinct (position, player to move) pairs in the tree\n\
         state graph 11 positions (the rules never ask whose turn it is, so its positions leave the turn out)\n"
    ));
    insta::assert_snapshot!("ten_full", r.stdout);
}

#[test]
fn one_two_ten_depth_2() {
    let r = gamec_in(&["tree", TEN, "--depth", "2"], "");
    assert_eq!(r.code, 0);
    assert_eq!(
        r.stdout,
        "pile=0, player 1 to move: win in 7
  add 1 -> pile=1, player 2 to move: lose in 6
    add 1 -> pile=2, player 1 to move: win in 5
    add 2 -> pile=3, player 1 to move: win in 5
  add 2 -> pile=2, player 2 to move: win in 5
    add 1 -> pile=3, player 1 to move: win in 5
    add 2 -> pile=4, player 1 to move: lose in 4

tree nodes  232
positions   20 distinct (position, player to move) pairs in the tree
state graph 11 positions (the rules never ask whose turn it is, so its positions leave the turn out)
shown       7 nodes, to depth 2
"
    );
}

#[test]
fn colour_only_when_asked() {
    let r = gamec_colored(&["--color", "always"], &["tree", TEN, "--depth", "1"], "");
    assert!(r
        .stdout
        .starts_with("\u{1b}[32mpile=0, player 1 to move: win in 7\u{1b}[39m\n"));
    assert!(r.stdout.contains("\u{1b}[31madd 1 -> pile=1"));
    // auto: stdout is a pipe here, so plain text.
    let r = gamec_colored(&[], &["tree", TEN, "--depth", "1"], "");
    assert!(!r.stdout.contains('\u{1b}'));
}

#[test]
fn chance_root() {
    let r = gamec_in(&["tree", "games/one_die.game", "--depth", "1"], "");
    assert_eq!(r.code, 0);
    assert!(r.stdout.starts_with(
        "start: player 1 rolls (chance)\n  top=1 (1/6) -> total=1, top=1, player 2 to move: win in 13\n"
    ));
    assert!(r
        .stdout
        .contains("top=4 (1/6) -> total=4, top=4, player 2 to move: lose in 12\n"));
}

#[test]
fn too_large_is_refused_with_a_depth_that_fits() {
    let r = gamec_in(&["tree", "games/nim.game"], "");
    assert_eq!(r.code, 2);
    assert_eq!(r.stdout, "");
    assert_eq!(
        r.stderr,
        "error: the game tree of Nim has 1038768 nodes (232 distinct positions), too many to print \
         (the limit is 2000); --depth 3 prints 936 nodes, and `gamec graph` shows every position once\n"
    );
    let r = gamec_in(&["tree", "games/nim.game", "--depth", "3"], "");
    assert_eq!(r.code, 0);
    assert!(r.stdout.ends_with("shown       936 nodes, to depth 3\n"));
}

#[test]
fn loopy_games_need_a_depth() {
    let r = gamec_in(&["tree", "tests/games/standoff.game"], "");
    assert_eq!(r.code, 2);
    assert!(r
        .stderr
        .contains("its game tree is infinite; print part of it with --depth N"));
    let r = gamec_in(&["tree", "tests/games/standoff.game", "--depth", "1"], "");
    assert_eq!(r.code, 0);
    assert_eq!(
        r.stdout,
        "given_up=false, player 1 to move: draw
  wait -> given_up=false, player 2 to move: draw
  give up -> given_up=true, player 2 to move: win in 0

tree nodes  more than 3 (cut at --depth)
positions   3 distinct (position, player to move) pairs in the tree
state graph 2 positions (the rules never ask whose turn it is, so its positions leave the turn out)
shown       3 nodes, to depth 1
"
    );
}

#[test]
fn bad_depth_is_a_usage_error() {
    for bad in ["-1", "two", ""] {
        let r = gamec_in(&["tree", TEN, "--depth", bad], "");
        assert_eq!(r.code, 2, "--depth {bad:?}");
    }
}
