//! `gamec tree` and `gamec graph` for games of three or more players: each position with the
//! player to move, the max^n outcome and every player's security value; the graph coloured by the
//! security value of the player to move. Output exact.

use crate::common;
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
    for cmd in ["tree", "play", "graph"] {
        let o = gamec(&[cmd, "games/nim.game", "--tie-break", "paranoid"]);
        assert_eq!(o.status.code(), Some(2));
        assert_eq!(
            stderr(&o),
            "error: --tie-break is for games of three or more players, and this one has 2\n"
        );
    }
}

/// The state graph of heaps 1 and 2 as DOT: `turn=K` on every position, coloured by the security
/// value of the player to move, with the max^n outcome under it.
#[test]
fn the_graph_of_a_queer_position() {
    let o = gamec(&["graph", NIM3, "--set", "piles=1,2"]);
    assert_eq!(stderr(&o), "");
    assert_eq!(
        stdout(&o),
        r##"// Three-player Nim: the solved state graph, 7 positions and 9 moves.
// 3 players; turn=K is player K to move. Colours are the security value of the player to move (what they can force against all the others together): green win, red lose, yellow tie, blue draw; end positions have a double border. Under it, the max^n outcome: who wins if every player picks the move best for them (tie-break fastest).
digraph "Three-player Nim" {
  node [shape=box, style="rounded,filled", fontname="Helvetica"];
  edge [fontname="Helvetica", fontsize=10];
  start [shape=point];
  start -> n0;
  n0 [label="heap=[2, 1], turn=1\nplayer 1 can force: lose in 3\nmax^n: player 2 wins in 2", fillcolor="#f59a9a"];
  n1 [label="heap=[1, 1], turn=2\nplayer 2 can force: lose in 2\nmax^n: player 3 wins in 2", fillcolor="#f59a9a"];
  n2 [label="heap=[1, 0], turn=2\nplayer 2 can force: win in 1\nmax^n: player 2 wins in 1", fillcolor="#8fdf8f"];
  n3 [label="heap=[2, 0], turn=2\nplayer 2 can force: win in 1\nmax^n: player 2 wins in 1", fillcolor="#8fdf8f"];
  n4 [label="heap=[1, 0], turn=3\nplayer 3 can force: win in 1\nmax^n: player 3 wins in 1", fillcolor="#8fdf8f"];
  n5 [label="heap=[0, 0], turn=3\nplayer 3 can force: lose in 0\nmax^n: player 2 wins in 0", fillcolor="#f59a9a", peripheries=2];
  n6 [label="heap=[0, 0], turn=1\nplayer 1 can force: lose in 0\nmax^n: player 3 wins in 0", fillcolor="#f59a9a", peripheries=2];
  n0 -> n1 [label="take 1 from heap 0"];
  n0 -> n2 [label="take 2 from heap 0"];
  n0 -> n3 [label="take 1 from heap 1"];
  n1 -> n4 [label="take 1 from heap 0"];
  n1 -> n4 [label="take 1 from heap 1"];
  n2 -> n5 [label="take 1 from heap 0"];
  n3 -> n4 [label="take 1 from heap 0"];
  n3 -> n5 [label="take 2 from heap 0"];
  n4 -> n6 [label="take 1 from heap 0"];
}
"##
    );
}

/// The graph as JSON: every player's security value and the max^n outcome at each node.
#[test]
fn the_graph_as_json() {
    let o = gamec(&["graph", NIM3, "--set", "piles=1", "--format", "json"]);
    assert_eq!(stderr(&o), "");
    assert_eq!(
        stdout(&o),
        r##"{
  "game": "Three-player Nim",
  "turn_recorded": true,
  "note": "3 players; turn=K is player K to move. Colours are the security value of the player to move (what they can force against all the others together): green win, red lose, yellow tie, blue draw; end positions have a double border. Under it, the max^n outcome: who wins if every player picks the move best for them (tie-break fastest).",
  "starts": [
    {
      "node": 0,
      "to_move": 1,
      "probability": "1",
      "roll": {}
    }
  ],
  "nodes": [
    {
      "id": 0,
      "position": "heap=[1], turn=1",
      "to_move": 1,
      "value": "win",
      "remoteness": 1,
      "end": null,
      "security": [
        {
          "player": 1,
          "value": "win",
          "remoteness": 1
        },
        {
          "player": 2,
          "value": "lose",
          "remoteness": 1
        },
        {
          "player": 3,
          "value": "lose",
          "remoteness": 1
        }
      ],
      "maxn": {
        "winners": [
          1
        ],
        "results": [
          1,
          -1,
          -1
        ],
        "remoteness": 1
      }
    },
    {
      "id": 1,
      "position": "heap=[0], turn=2",
      "to_move": 2,
      "value": "lose",
      "remoteness": 0,
      "end": "end if sum(heap) == 0: last mover wins",
      "security": [
        {
          "player": 1,
          "value": "win",
          "remoteness": 0
        },
        {
          "player": 2,
          "value": "lose",
          "remoteness": 0
        },
        {
          "player": 3,
          "value": "lose",
          "remoteness": 0
        }
      ],
      "maxn": {
        "winners": [
          1
        ],
        "results": [
          1,
          -1,
          -1
        ],
        "remoteness": 0
      }
    }
  ],
  "edges": [
    {
      "from": 0,
      "to": 1,
      "move": "take 1 from heap 0"
    }
  ],
  "players": 3
}
"##
    );
}

/// A start that symmetry draws as another position of its class (heaps 1 and 2 as 2 and 1) still
/// gets its start arrow, for two players as for three.
#[test]
fn a_start_drawn_as_its_class_keeps_its_arrow() {
    for game in ["games/nim.game", NIM3] {
        let o = gamec(&["graph", game, "--set", "piles=1,2"]);
        assert!(
            stdout(&o).contains("  start [shape=point];\n  start -> n0;\n"),
            "{game}"
        );
    }
}

/// Where play can return to a position, the tree (to a depth) gives the security values alone.
#[test]
fn the_tree_of_a_loopy_game_of_three() {
    let tug = r##"game "Tug of Three" {
  about "Pull the marker one step left or right. Pull it to an end of the rope to win."
  players 3
  state {
    marker: -2..=2 = 0
  }
  move pull(step in -1..=1) if step != 0 as "pull {step}" {
    marker += step
  }
  end if marker == 2 or marker == -2: last mover wins
}
"##;
    let r = common::gamec_in(&["tree", "-", "--depth", "2"], tug);
    assert_eq!(r.stderr, "");
    assert_eq!(
        r.stdout,
        r##"marker=0, player 1 to move: security 1 lose in 2, 2 win in 2, 3 lose in 2
  pull -1 -> marker=-1, player 2 to move: security 1 lose in 1, 2 win in 1, 3 lose in 1
    pull -1 -> marker=-2, player 3 to move: security 1 lose in 0, 2 win in 0, 3 lose in 0
    pull 1 -> marker=0, player 3 to move: security 1 win in 2, 2 lose in 2, 3 lose in 2
  pull 1 -> marker=1, player 2 to move: security 1 lose in 1, 2 win in 1, 3 lose in 1
    pull -1 -> marker=0, player 3 to move: security 1 win in 2, 2 lose in 2, 3 lose in 2
    pull 1 -> marker=2, player 3 to move: security 1 lose in 0, 2 win in 0, 3 lose in 0

tree nodes  more than 7 (cut at --depth)
positions   6 distinct (position, player to move) pairs in the tree
state graph 15 positions
shown       7 nodes, to depth 2
max^n       not given: play can return to a position, and max^n backs values up from the ends
security    what each player can force against all the others together
"##
    );
}

/// In colour, a node is red where the player to move can be forced to lose and green where they
/// can force a win.
#[test]
fn the_tree_is_coloured_by_the_movers_security_value() {
    let o = gamec_colored(&["tree", NIM3, "--set", "piles=1,2", "--depth", "1"]);
    let lines: Vec<&str> = o.lines().collect();
    assert!(
        lines[0].starts_with("\u{1b}[31mheap=[1, 2], player 1 to move"),
        "{o}"
    );
    assert!(
        lines[1].starts_with("  \u{1b}[32mtake 1 from heap 0"),
        "{o}"
    );
}

fn gamec_colored(args: &[&str]) -> String {
    common::gamec_colored(&["--color", "always"], args, "").stdout
}
