//! `gamec tree` and `gamec graph` for games of three or more players: each position with the
//! player to move, the max^n outcome and every player's security value; the graph coloured by the
//! security value of the player to move. Output exact.

mod common;
use common::{gamec, stderr, stdout};

const NIM3: &str = "games/three_player_nim.game";

/// Propp's queer position, heaps 1 and 2, in full: no player can force a win at the start.
#[test]
fn the_tree_of_a_queer_position() {
    let o = gamec(&["tree", NIM3, "--set", "piles=1,2"]);
    assert_eq!(stderr(&o), "");
    assert_eq!(
        stdout(&o),
        r#"heap=[1, 2], player 1 to move: max^n player 2 wins in 2; security 1 lose in 3, 2 lose in 3, 3 lose in 2
  take 1 from heap 0 -> heap=[0, 2], player 2 to move: max^n player 2 wins in 1; security 1 lose in 1, 2 win in 1, 3 lose in 1
    take 1 from heap 1 -> heap=[0, 1], player 3 to move: max^n player 3 wins in 1; security 1 lose in 1, 2 lose in 1, 3 win in 1
      take 1 from heap 1 -> heap=[0, 0], player 1 to move: max^n player 3 wins in 0; security 1 lose in 0, 2 lose in 0, 3 win in 0
    take 2 from heap 1 -> heap=[0, 0], player 3 to move: max^n player 2 wins in 0; security 1 lose in 0, 2 win in 0, 3 lose in 0
  take 1 from heap 1 -> heap=[1, 1], player 2 to move: max^n player 3 wins in 2; security 1 lose in 2, 2 lose in 2, 3 win in 2
    take 1 from heap 0 -> heap=[0, 1], player 3 to move: max^n player 3 wins in 1; security 1 lose in 1, 2 lose in 1, 3 win in 1
      take 1 from heap 1 -> heap=[0, 0], player 1 to move: max^n player 3 wins in 0; security 1 lose in 0, 2 lose in 0, 3 win in 0
    take 1 from heap 1 -> heap=[1, 0], player 3 to move: max^n player 3 wins in 1; security 1 lose in 1, 2 lose in 1, 3 win in 1
      take 1 from heap 0 -> heap=[0, 0], player 1 to move: max^n player 3 wins in 0; security 1 lose in 0, 2 lose in 0, 3 win in 0
  take 2 from heap 1 -> heap=[1, 0], player 2 to move: max^n player 2 wins in 1; security 1 lose in 1, 2 win in 1, 3 lose in 1
    take 1 from heap 0 -> heap=[0, 0], player 3 to move: max^n player 2 wins in 0; security 1 lose in 0, 2 win in 0, 3 lose in 0

tree nodes  12
positions   8 distinct (position, player to move) pairs in the tree
state graph 7 positions (classes of positions alike by symmetry)
max^n       the outcome if every player picks the move best for them (tie-break fastest)
security    what each player can force against all the others together
"#
    );
}

/// `--tie-break` changes the max^n outcomes shown (not the security values), and says so.
#[test]
fn the_tree_to_a_depth_under_another_tie_break() {
    let o = gamec(&["tree", NIM3, "--depth", "1", "--tie-break", "delay"]);
    assert_eq!(stderr(&o), "");
    assert_eq!(
        stdout(&o),
        r#"heap=[1, 2, 3], player 1 to move: max^n player 1 wins in 4; security 1 lose in 5, 2 lose in 4, 3 lose in 4
  take 1 from heap 0 -> heap=[0, 2, 3], player 2 to move: max^n player 2 wins in 4; security 1 lose in 2, 2 lose in 3, 3 lose in 4
  take 1 from heap 1 -> heap=[1, 1, 3], player 2 to move: max^n player 2 wins in 4; security 1 lose in 4, 2 win in 4, 3 lose in 3
  take 2 from heap 1 -> heap=[1, 0, 3], player 2 to move: max^n player 2 wins in 4; security 1 lose in 2, 2 lose in 3, 3 lose in 3
  take 1 from heap 2 -> heap=[1, 2, 2], player 2 to move: max^n player 2 wins in 4; security 1 lose in 4, 2 lose in 5, 3 lose in 4
  take 2 from heap 2 -> heap=[1, 2, 1], player 2 to move: max^n player 2 wins in 4; security 1 lose in 4, 2 win in 4, 3 lose in 3
  take 3 from heap 2 -> heap=[1, 2, 0], player 2 to move: max^n player 1 wins in 3; security 1 lose in 2, 2 lose in 3, 3 lose in 3

tree nodes  447
positions   48 distinct (position, player to move) pairs in the tree
state graph 28 positions (classes of positions alike by symmetry)
shown       7 nodes, to depth 1
max^n       the outcome if every player picks the move best for them (tie-break delay)
security    what each player can force against all the others together
"#
    );
}

/// `--tie-break` is refused for two players, as `solve` refuses it.
#[test]
fn tie_break_is_for_three_or_more() {
    for cmd in ["tree", "play"] {
        let o = gamec(&[cmd, "games/nim.game", "--tie-break", "paranoid"]);
        assert_eq!(o.status.code(), Some(2));
        assert_eq!(
            stderr(&o),
            "error: --tie-break is for games of three or more players, and this one has 2\n"
        );
    }
}
