//! `gamec play` for games of three or more players, beyond Three-player Nim's: four players, a
//! game where play can return to a position (no max^n outcome), a scored game, and the games
//! shown in docs/commands.md replayed. Transcripts exact.

use crate::common;
use common::{gamec, gamec_in, stdout};

const NIM3: &str = "games/three_player_nim.game";

/// Four players: four seats, the turn passing 1, 2, 3, 4.
#[test]
fn four_players_take_turns() {
    let dir = std::env::temp_dir().join(format!("gamec_play_many_{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join("four.game");
    let src = std::fs::read_to_string(common::game_path("three_player_nim.game"))
        .expect("the shipped game")
        .replace("players 3", "players 4");
    std::fs::write(&path, src).expect("written");
    let file = path.to_string_lossy().to_string();
    let r = gamec_in(
        &[
            "play",
            &file,
            "--set",
            "piles=1,1,1,1",
            "--seats",
            "computer,computer,human,computer",
            "--seed",
            "1",
            "--blunder",
            "0",
            "--hints",
        ],
        "1\n",
    );
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        r#"Three-player Nim
Three players take turns; a move takes any number of tokens from one heap.
Whoever takes the last token wins.
Player 1: computer. Player 2: computer. Player 3: human. Player 4: computer.
The computer plays its max^n move: the best for itself if every player after it
also picks their best (tie-break fastest).
Type a move's number or name, or a command: q quit, u undo, h hints on/off, ? help.

heap=[1, 1, 1, 1], player 1 to move
Player 1 plays take 1 from heap 0.

heap=[0, 1, 1, 1], player 2 to move
Player 2 plays take 1 from heap 1.

heap=[0, 0, 1, 1], player 3 to move
Moves, with each one's max^n outcome (tie-break fastest)
and what you can force after it against all the others together:
  1  take 1 from heap 2  player 4 wins in 2; you can force lose in 2
  2  take 1 from heap 3  player 4 wins in 2; you can force lose in 2
Player 3, your move: 1
Player 3 plays take 1 from heap 2.

heap=[0, 0, 0, 1], player 4 to move
Player 4 plays take 1 from heap 3.

heap=[0, 0, 0, 0], player 1 to move
Game over: player 4 wins, by the rule `end if sum(heap) == 0: last mover wins`.
You lose.

Review: no move changed what its player could force against all the others.
"#
    );
}

/// The body of the fenced block in docs/commands.md whose first line is `first` (the command),
/// each line without the block's indent `indent`.
fn doc_block(first: &str, indent: &str) -> String {
    let text = std::fs::read_to_string(format!("{}/docs/commands.md", env!("CARGO_MANIFEST_DIR")))
        .expect("docs/commands.md");
    let start = text
        .find(&format!("{indent}{first}\n"))
        .unwrap_or_else(|| panic!("no block starting with {first}"));
    let body = &text[start..];
    let body = &body[body.find('\n').map_or(0, |k| k + 1)..];
    let body = body.split("```").next().unwrap_or_default();
    let mut lines: Vec<&str> = body
        .lines()
        .map(|l| l.strip_prefix(indent).unwrap_or(l))
        .collect();
    // The closing fence's indent.
    if lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    lines.join("\n") + "\n"
}

/// The three-player game and tree in docs/commands.md are real.
#[test]
fn the_docs_show_real_games_of_three() {
    let shown = doc_block(
        "$ gamec play games/three_player_nim.game --seed 7 --blunder 0 --hints",
        "",
    );
    let shown = shown.strip_suffix("...\n").expect("the game ends with ...");
    let r = gamec_in(
        &["play", NIM3, "--seed", "7", "--blunder", "0", "--hints"],
        "4\n",
    );
    assert!(r.stdout.starts_with(shown), "{shown}\n---\n{}", r.stdout);
    let tree = doc_block(
        "$ gamec tree games/three_player_nim.game --set piles=1,2 --depth 1",
        "  ",
    );
    let o = gamec(&["tree", NIM3, "--set", "piles=1,2", "--depth", "1"]);
    assert_eq!(stdout(&o), tree);
}

/// A tug of war for three, where play can return to a position: no max^n outcome, so hints give
/// what the mover can force, and the computer keeps its security value.
const TUG3: &str = r##"game "Tug of Three" {
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

/// Three players each scoring what they took: a shared top score is a tie between those players.
const SCORE3: &str = r##"game "Score Three" {
  about "Take 1 or 2 from a pile; each player scores what they took."
  players 3
  state {
    pile: 0..=5 = 5
    got: [0..=5; 3] = [0, 0, 0]
  }
  move take(k in 1..=2) if k <= pile as "take {k}" {
    pile -= k
    got[mover - 1] += k
  }
  end if pile == 0: score each p = got[p - 1]
}
"##;

/// Writes `source` to a file of its own for `gamec play`, which reads the moves from stdin.
fn game_file(name: &str, source: &str) -> (std::path::PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("gamec_play_many_{name}_{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join(format!("{name}.game"));
    std::fs::write(&path, source).expect("written");
    let file = path.to_string_lossy().to_string();
    (dir, file)
}

#[test]
fn a_loopy_game_of_three_is_played_by_security_values() {
    let (dir, file) = game_file("tug3", TUG3);
    let r = gamec_in(
        &["play", &file, "--seed", "1", "--hints", "--blunder", "0"],
        "1\n",
    );
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        r##"Tug of Three
Pull the marker one step left or right. Pull it to an end of the rope to win.
Player 1: human. Player 2: computer. Player 3: computer.
Play can return to a position, so there is no max^n move: the computer keeps
what it can force against all the others together as well as it can.
Type a move's number or name, or a command: q quit, u undo, h hints on/off, ? help.

marker=0, player 1 to move
Moves, with what you can force after each against all the others together:
  1  pull -1  you can force lose in 2
  2  pull 1   you can force lose in 2
Player 1, your move: 1
Player 1 plays pull -1.

marker=-1, player 2 to move
Player 2 plays pull -1.

marker=-2, player 3 to move
Game over: player 2 wins, by the rule `end if marker == 2 or marker == -2: last mover wins`.
You lose.

Review: no move changed what its player could force against all the others.
"##
    );
}

#[test]
fn a_shared_top_score_is_a_tie_between_those_players() {
    let (dir, file) = game_file("score3", SCORE3);
    let r = gamec_in(
        &[
            "play",
            &file,
            "--seed",
            "1",
            "--blunder",
            "0",
            "--seats",
            "computer,human,computer",
            "--hints",
        ],
        "2\n",
    );
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        r##"Score Three
Take 1 or 2 from a pile; each player scores what they took.
Player 1: computer. Player 2: human. Player 3: computer.
The computer plays its max^n move: the best for itself if every player after it
also picks their best (tie-break fastest).
Type a move's number or name, or a command: q quit, u undo, h hints on/off, ? help.

pile=5, got=[0, 0, 0], player 1 to move
Player 1 plays take 2.

pile=3, got=[2, 0, 0], player 2 to move
Moves, with each one's max^n outcome (tie-break fastest)
and what you can force after it against all the others together:
  1  take 1  players 1 and 3 tie for the top score in 2; you can force lose by 2 in 3
  2  take 2  players 1 and 2 tie for the top score in 2; you can force tie in 2
Player 2, your move: 2
Player 2 plays take 2.

pile=1, got=[2, 2, 0], player 3 to move
Player 3 plays take 1.

pile=0, got=[2, 2, 1], player 1 to move
Game over: players 1 and 2 tie for the top score, by the rule `end if pile == 0: score each p = got[p - 1]`.

Review: no move changed what its player could force against all the others.
"##
    );
}

/// `again` keeps the turn: player 1 moves twice in a row, takes the second back with `u` (and
/// only it), and the player to move after each move is the position's.
#[test]
fn again_keeps_the_turn_among_three() {
    let (dir, file) = game_file(
        "again3",
        r##"game "Again Three" {
  about "Take 1 or 2 tokens; taking 1 lets you move again. Whoever takes the last token wins."
  players 3
  state { pile: 0..=4 = 4 }
  move take(k in 1..=2) if k <= pile as "take {k}" {
    pile -= k
    if k == 1 { again }
  }
  end if pile == 0: last mover wins
}
"##,
    );
    let r = gamec_in(
        &["play", &file, "--seed", "1", "--blunder", "0", "--hints"],
        "1\n1\nu\n2\n",
    );
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        r##"Again Three
Take 1 or 2 tokens; taking 1 lets you move again. Whoever takes the last token
wins.
Player 1: human. Player 2: computer. Player 3: computer.
The computer plays its max^n move: the best for itself if every player after it
also picks their best (tie-break fastest).
Type a move's number or name, or a command: q quit, u undo, h hints on/off, ? help.

pile=4, player 1 to move
Moves, with each one's max^n outcome (tie-break fastest)
and what you can force after it against all the others together:
  1  take 1  player 1 wins in 3; you can force win in 3
  2  take 2  player 2 wins in 2; you can force lose in 2
Player 1, your move: 1
Player 1 plays take 1.

pile=3, player 1 to move
Moves, with each one's max^n outcome (tie-break fastest)
and what you can force after it against all the others together:
  1  take 1  player 1 wins in 2; you can force win in 2
  2  take 2  player 2 wins in 2; you can force lose in 2
Player 1, your move: 1
Player 1 plays take 1.

pile=2, player 1 to move
Moves, with each one's max^n outcome (tie-break fastest)
and what you can force after it against all the others together:
  1  take 1  player 1 wins in 2; you can force win in 2
  2  take 2  player 1 wins in 1; you can force win in 1
Player 1, your move: u
Taken back: take 1 by player 1.

pile=3, player 1 to move
Moves, with each one's max^n outcome (tie-break fastest)
and what you can force after it against all the others together:
  1  take 1  player 1 wins in 2; you can force win in 2
  2  take 2  player 2 wins in 2; you can force lose in 2
Player 1, your move: 2
Player 1 plays take 2.

pile=1, player 2 to move
Player 2 plays take 1.

pile=0, player 2 to move
Game over: player 2 wins, by the rule `end if pile == 0: last mover wins`.
You lose.

Review: 1 move changed what its player could force against all the others:
  move 2, player 1 take 2: a win in 2 became a loss in 2
"##
    );
}

/// `--at` a position the start cannot reach: the warning `solve` gives, once, and every
/// player's view solved from there.
#[test]
fn from_a_position_the_start_cannot_reach() {
    let r = gamec_in(
        &[
            "play",
            NIM3,
            "--at",
            "heap=[3,3,3], turn=2",
            "--seats",
            "computer,computer,human",
            "--seed",
            "1",
            "--blunder",
            "0",
            "--hints",
        ],
        "q\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        r##"warning: --at "heap=[3,3,3], turn=2": the start cannot reach this position; it is evaluated as if play began there
"##
    );
    assert_eq!(
        r.stdout,
        r##"Three-player Nim
Three players take turns; a move takes any number of tokens from one heap.
Whoever takes the last token wins.
Player 1: computer. Player 2: computer. Player 3: human.
The computer plays its max^n move: the best for itself if every player after it
also picks their best (tie-break fastest).
Type a move's number or name, or a command: q quit, u undo, h hints on/off, ? help.

heap=[3, 3, 3], player 2 to move
Player 2 plays take 2 from heap 0.

heap=[1, 3, 3], player 3 to move
Moves, with each one's max^n outcome (tie-break fastest)
and what you can force after it against all the others together:
  1  take 1 from heap 0  player 2 wins in 3; you can force lose in 3
  2  take 1 from heap 1  player 1 wins in 5; you can force lose in 5
  3  take 2 from heap 1  player 1 wins in 5; you can force lose in 5
  4  take 3 from heap 1  player 2 wins in 3; you can force lose in 3
  5  take 1 from heap 2  player 1 wins in 5; you can force lose in 5
  6  take 2 from heap 2  player 1 wins in 5; you can force lose in 5
  7  take 3 from heap 2  player 2 wins in 3; you can force lose in 3
Player 3, your move: q
Player 3 quits: the game is abandoned.

Review: no move changed what its player could force against all the others.
"##
    );
}
