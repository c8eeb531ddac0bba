//! `gamec play --at POSITION`: the position written as `solve --at` takes it (the same parser, the
//! same warning for a position the start cannot reach, the same usage errors), the player to
//! move from its `turn` where positions record it, and no roll of a chance setup.

use crate::common;
use common::gamec_in;

/// From a position as `solve --at` takes it: the game starts there, hints and all.
#[test]
fn play_from_a_position() {
    let r = gamec_in(
        &[
            "play",
            "games/nim.game",
            "--at",
            "heap=[0, 1, 2]",
            "--seed",
            "1",
            "--blunder",
            "0",
            "--hints",
        ],
        "take 1 from heap 2\n1\n",
    );
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    let expected = "\
Nim
Take any number of tokens from one heap. Whoever takes the last token wins (or
loses, with --set misere=true).
Player 1: human. Player 2: computer.
Type a move's number or name, or a command: q quit, u undo, h hints on/off, ? help.

heap=[0, 1, 2], player 1 to move
Moves, with your result after each (in N: moves until the end, counting this one):
  1  take 1 from heap 1  lose in 2
  2  take 1 from heap 2  win in 3
  3  take 2 from heap 2  lose in 2
Player 1, your move: take 1 from heap 2
Player 1 plays take 1 from heap 2.

heap=[0, 1, 1], player 2 to move
Player 2 plays take 1 from heap 1.

heap=[0, 0, 1], player 1 to move
Moves, with your result after each (in N: moves until the end, counting this one):
  1  take 1 from heap 2  win in 1
Player 1, your move: 1
Player 1 plays take 1 from heap 2.

heap=[0, 0, 0], player 2 to move
Game over: player 1 wins, by the rule `end if sum(heap) == 0 and not misere: last mover wins`.
You win!

Review: no move changed the result.
";
    assert_eq!(r.stdout, expected);
}

/// An unreachable position is played with solve's warning; a position that records the turn
/// starts with that player; a chance setup is not rolled.
#[test]
fn at_positions_unreachable_with_a_turn_and_after_a_setup() {
    let r = gamec_in(
        &[
            "play",
            "games/nim.game",
            "--at",
            "heap=[5,5,5]",
            "--player1",
            "computer",
            "--seed",
            "1",
            "--blunder",
            "0",
        ],
        "",
    );
    assert_eq!(r.code, 0);
    assert_eq!(
        r.stderr,
        "warning: --at \"heap=[5,5,5]\": the start cannot reach this position; it is evaluated \
         as if play began there\n"
    );
    assert!(r
        .stdout
        .contains("\n\nheap=[5, 5, 5], player 1 to move\nPlayer 1 plays take 5 from heap "));
    assert!(r.stdout.contains("Game over: player 1 wins"));
    let at = "pile=14, kept=[1, 0], turn=2";
    let r = gamec_in(&["play", "games/even_or_odd.game", "--at", at], "q\n");
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    assert!(r
        .stdout
        .contains("\n\npile=14, kept=[1, 0], player 2 to move\nPlayer 2 plays take "));
    let r = gamec_in(
        &["play", "games/one_die.game", "--at", "total=4, top=4"],
        "",
    );
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    assert!(!r.stdout.contains("rolls top="));
    assert!(r
        .stdout
        .contains("\n\ntotal=4, top=4, player 1 to move\nMoves:\n"));
}

/// A bad `--at` is the usage error `solve` gives, word for word, before anything is played.
#[test]
fn a_bad_position_is_the_usage_error_solve_gives() {
    for (game, at) in [
        ("nim.game", "heap=[1,2"),
        ("nim.game", "heap=[1, 2, 3], turn=2"),
        ("one_die.game", "total=5"),
        ("nim.game", "haep=[1,2,3]"),
    ] {
        let path = format!("games/{game}");
        let solve = gamec_in(&["solve", &path, "--at", at], "");
        let play = gamec_in(&["play", &path, "--at", at], "");
        assert_eq!((play.code, play.stdout.as_str()), (2, ""), "{at}");
        assert_eq!(play.stderr, solve.stderr, "{at}");
        assert!(play.stderr.starts_with(&format!("error: --at \"{at}\": ")));
    }
    let r = gamec_in(&["play", "games/rps.game", "--at", "heap=[1]"], "");
    assert_eq!(
        (r.code, r.stderr.as_str()),
        (
            2,
            "error: --at is for sequential games, and this file is a throw game\n"
        )
    );
}
