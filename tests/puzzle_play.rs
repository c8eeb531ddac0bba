//! One-player games at the command line: `play` (no opponent; hints say how many moves are left;
//! a move that loses the solution is named), `solve --json`, `tree` and `graph`, and the player
//! counts and players a puzzle refuses, with their codes.

use crate::common;
use common::*;

/// Writes `source` to a file of its own in a temporary directory, for commands that take a
/// path (`play` reads the moves from standard input); the directory goes when the value does.
fn game_file(name: &str, source: &str) -> GameFile {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join(name);
    std::fs::write(&path, source).expect("temporary file");
    GameFile {
        path: path.display().to_string(),
        _dir: dir,
    }
}

/// A game's file and the directory that holds it.
struct GameFile {
    path: String,
    _dir: tempfile::TempDir,
}

impl std::ops::Deref for GameFile {
    type Target = str;
    fn deref(&self) -> &str {
        &self.path
    }
}

const STEPS: &str = r#"game "Steps" {
  players 1
  state { x: 0..=3 = 0 }
  move up if x < 3 { x += 1 }
  move leap if x == 0 { x = 3 }
  end if x == 2: mover wins
  end if x == 3: last mover loses
}
"#;

#[test]
fn play_names_the_move_that_lost_the_solution() {
    let path = game_file("steps.game", STEPS);
    let r = gamec_in(&["play", &path, "--seed", "1"], "leap\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "Steps
One player (a puzzle): human.
Type a move's number or name, or a command: q quit, u undo, h hints on/off, ? help.

x=0
Moves:
  1  up
  2  leap
Your move: leap
Player 1 plays leap.
This move left the puzzle unsolvable: no line of moves solves it from here (u takes the move back).

x=3
The puzzle has failed after 1 move, by the rule `end if x == 3: last mover loses`.

Review: 1 move was not on a shortest solution:
  move 1, leap: solvable in 2 became unsolvable
"
    );
}

#[test]
fn play_with_hints_counts_the_moves_left_and_ends_solved() {
    let r = gamec_in(
        &[
            "play",
            "games/hanoi.game",
            "--set",
            "discs=2",
            "--seed",
            "1",
            "--hints",
        ],
        "disc 1 to peg 3\nu\n1\n3\n2\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let tail = r
        .stdout
        .split_once("Taken back: disc 1 to peg 3 by player 1.\n")
        .expect("undo")
        .1;
    assert_eq!(
        tail,
        "
peg=[0, 0]
Moves, with your result after each (in N: moves until the end, counting this one):
  1  disc 1 to peg 2  solvable in 3
  2  disc 1 to peg 3  solvable in 4
Your move: 1
Player 1 plays disc 1 to peg 2.
From here: solvable in 2.

peg=[1, 0]
Moves, with your result after each (in N: moves until the end, counting this one):
  1  disc 1 to peg 1  solvable in 4
  2  disc 1 to peg 3  solvable in 4
  3  disc 2 to peg 3  solvable in 2
Your move: 3
Player 1 plays disc 2 to peg 3.
From here: solvable in 1.

peg=[1, 2]
Moves, with your result after each (in N: moves until the end, counting this one):
  1  disc 1 to peg 1  solvable in 2
  2  disc 1 to peg 3  solvable in 1
  3  disc 2 to peg 1  solvable in 3
Your move: 2
Player 1 plays disc 1 to peg 3.

peg=[2, 2]
Solved in 3 moves, by the rule `end if all(d in indices(peg) where peg[d] == 2): mover wins`.

Review: every move was on a shortest solution.
"
    );
}

#[test]
fn the_computer_solves_a_puzzle_shortest_first() {
    let r = gamec_in(
        &[
            "play",
            "games/hanoi.game",
            "--player1",
            "computer",
            "--seed",
            "1",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("\nSolved in 7 moves, by the rule"),
        "{}",
        r.stdout
    );
}

#[test]
fn json_gives_the_value_and_the_solution() {
    let o = gamec(&["solve", "games/hanoi.game", "--set", "discs=2", "--json"]);
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(j["players"], 1);
    assert_eq!(
        j["counts"],
        serde_json::json!({"solvable": 9, "unsolvable": 0})
    );
    assert_eq!(j["start"]["value"], "solvable");
    assert_eq!(j["start"]["moves_to_solve"], 3);
    assert_eq!(
        j["start"]["solution"],
        serde_json::json!(["disc 1 to peg 2", "disc 2 to peg 3", "disc 1 to peg 3"])
    );
    let path = game_file("steps_json.game", STEPS);
    let o = gamec(&["solve", &path, "--json", "--at", "x=3"]);
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(j["at"]["value"], "unsolvable");
    assert_eq!(j["at"]["moves_to_solve"], serde_json::Value::Null);
    assert_eq!(j["at"]["solution"], serde_json::json!([]));
}

#[test]
fn tree_and_graph_say_solvable() {
    let path = game_file("steps_tree.game", STEPS);
    let o = gamec(&["tree", &path, "--depth", "1"]);
    assert_eq!(
        stdout(&o).lines().take(3).collect::<Vec<_>>(),
        [
            "x=0: solvable in 2",
            "  up -> x=1: solvable in 1",
            "  leap -> x=3: unsolvable"
        ]
    );
    let o = gamec(&["graph", &path]);
    assert!(stdout(&o).contains("x=0\\nsolvable in 2"), "{}", stdout(&o));
    let o = gamec(&["graph", &path, "--format", "json"]);
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    let values: Vec<(&str, &str)> = (j["nodes"].as_array().expect("nodes").iter())
        .map(|n| {
            (
                n["position"].as_str().unwrap_or(""),
                n["value"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        values,
        [
            ("x=0", "solvable"),
            ("x=1", "solvable"),
            ("x=3", "unsolvable"),
            ("x=2", "solvable")
        ]
    );
}

/// `gamec check` on `source`: the exit code and the codes of the diagnostics, in order.
fn codes(name: &str, source: &str) -> (Option<i32>, Vec<String>) {
    let o = gamec(&["check", &game_file(name, source)]);
    let codes = stderr(&o)
        .lines()
        .filter(|l| l.starts_with("gamec::"))
        .map(str::to_string)
        .collect();
    (o.status.code(), codes)
}

#[test]
fn player_counts_other_than_1_to_8_are_refused() {
    for n in ["0", "9", "1..=2", "1.."] {
        let src = STEPS.replace("players 1", &format!("players {n}"));
        assert_eq!(
            codes(&format!("count{}.game", n.len()), &src),
            (Some(1), vec!["gamec::unsupported_players".to_string()]),
            "players {n}"
        );
    }
}

#[test]
fn a_puzzle_refuses_a_second_player() {
    let cases = [
        ("first mover 2", "  first mover 2\n", "gamec::bad_player"),
        ("setup", "  setup { x = 1 }\n", "gamec::one_player"),
        ("player mover", "  end if x == 1: player mover wins\n", ""),
        (
            "player x",
            "  end if x == 1: player x wins\n",
            "gamec::one_player",
        ),
        ("players", "  end if x == players: mover loses\n", ""),
    ];
    for (k, (what, line, code)) in cases.into_iter().enumerate() {
        let src = STEPS.replace("  state", &format!("{line}  state"));
        let want: Vec<String> = [code]
            .iter()
            .filter(|c| !c.is_empty())
            .map(|c| c.to_string())
            .collect();
        let exit = if code.is_empty() { 0 } else { 1 };
        assert_eq!(
            codes(&format!("refuse{k}.game"), &src),
            (Some(exit), want),
            "{what}"
        );
    }
}

#[test]
fn a_long_solution_is_cut_at_200_moves_in_text_and_whole_in_json() {
    let o = gamec(&["solve", "games/hanoi.game", "--set", "discs=8"]);
    let text = stdout(&o);
    assert!(text.contains("\nvalue       solvable in 255\n"), "{text}");
    assert!(
        text.contains("\nsolution    255 moves:\n    1  disc 1 to peg 2\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "\n  200  disc 4 to peg 3\n  … and 55 more (--json lists every one)\nby value"
        ),
        "{text}"
    );
    let o = gamec(&["solve", "games/hanoi.game", "--set", "discs=8", "--json"]);
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    let moves = j["start"]["solution"].as_array().expect("a list");
    assert_eq!(moves.len(), 255);
    assert_eq!(moves[254], "disc 1 to peg 3");
}

#[test]
fn the_tree_of_a_puzzle_counts_positions_without_a_turn() {
    let o = gamec(&[
        "tree",
        "games/hanoi.game",
        "--set",
        "discs=2",
        "--depth",
        "0",
    ]);
    assert_eq!(
        stdout(&o),
        "peg=[0, 0]: solvable in 3

tree nodes  more than 1 (cut at --depth)
positions   1 distinct positions in the tree
state graph 9 positions
shown       1 nodes, to depth 0
"
    );
}

#[test]
fn players_is_1_in_options_and_rules() {
    let src = STEPS
        .replace(
            "  players 1\n",
            "  option n: 1..=2 = players\n  players 1\n",
        )
        .replace("x: 0..=3 = 0", "x: 0..=3 = n - 1 + players - 1");
    let o = gamec(&["solve", &game_file("players.game", &src)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("\nstart       x=0\nvalue       solvable in 2\n"),
        "{}",
        stdout(&o)
    );
}
