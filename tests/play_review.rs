//! `gamec play`: the review after the game (every move that changed its mover's result, the
//! computer's blunders included, never a move taken back), and the seed printed when it was not
//! given, which replays the same game.

use crate::common;
use common::gamec_in;

const TEN: &str = "games/one_two_ten.game";

/// The review at the end of a transcript: from its heading to the end.
fn review(stdout: &str) -> &str {
    stdout.rsplit_once("\nReview").map_or("", |(_, r)| r)
}

/// With `--blunder 1` the computer plays at random: its moves that threw a win away are listed
/// as blunders beside the human's own mistakes.
#[test]
fn the_review_lists_both_sides_mistakes_and_the_computers_blunders() {
    let r = gamec_in(
        &["play", TEN, "--seed", "3", "--blunder", "1"],
        "1\n1\n1\n1\n1\n1\n",
    );
    assert_eq!(r.code, 0);
    assert!(r.stdout.contains("Game over: player 2 wins"));
    assert_eq!(
        review(&r.stdout),
        ": 3 moves changed the result for the player who made them:\n  \
         move 3, player 1 add 1: a win in 5 became a loss in 6\n  \
         move 6, player 2 add 1: a win in 3 became a loss in 4 (a deliberate blunder)\n  \
         move 9, player 1 add 1: a win in 1 became a loss in 2\n"
    );
}

#[test]
fn computers_blundering_against_each_other() {
    let r = gamec_in(
        &[
            "play",
            TEN,
            "--player1",
            "computer",
            "--seed",
            "2",
            "--blunder",
            "1",
        ],
        "",
    );
    assert_eq!(r.code, 0);
    assert_eq!(
        review(&r.stdout),
        ": 4 moves changed the result for the player who made them:\n  \
         move 1, player 1 add 2: a win in 7 became a loss in 6 (a deliberate blunder)\n  \
         move 2, player 2 add 1: a win in 5 became a loss in 6 (a deliberate blunder)\n  \
         move 5, player 1 add 1: a win in 3 became a loss in 4 (a deliberate blunder)\n  \
         move 6, player 2 add 2: a win in 3 became a loss in 2 (a deliberate blunder)\n"
    );
}

/// Draws and ties are results too: giving up a drawn game, or a tied board.
#[test]
fn draws_and_ties_that_became_losses() {
    let r = gamec_in(
        &["play", "tests/games/standoff.game", "--seed", "1"],
        "give up\n",
    );
    assert_eq!(
        review(&r.stdout),
        ": 1 move changed the result for the player who made it:\n  \
         move 1, player 1 give up: a draw became a loss in 1\n"
    );
    let r = gamec_in(
        &[
            "play",
            "games/tic_tac_toe.game",
            "--player1",
            "computer",
            "--seed",
            "7",
            "--blunder",
            "1",
        ],
        "",
    );
    assert_eq!(
        review(&r.stdout),
        ": 1 move changed the result for the player who made it:\n  \
         move 4, player 2 a3: a tie in 6 became a loss in 2 (a deliberate blunder)\n"
    );
}

/// A losing move taken back is not reviewed; the winning move played instead is not either.
#[test]
fn undone_moves_are_not_reviewed() {
    let r = gamec_in(&["play", TEN, "--seed", "1", "--blunder", "0"], "2\nu\n1\n");
    assert!(r
        .stdout
        .contains("Taken back: add 2 by player 1, add 2 by player 2."));
    assert_eq!(review(&r.stdout), ": no move changed the result.\n");
}

/// Without `--seed` the seed is printed, and giving it replays the same game; with `--seed` it is
/// not printed.
#[test]
fn the_seed_is_printed_when_not_given_and_replays_the_game() {
    let args = [
        "play",
        "games/nim.game",
        "--player1",
        "computer",
        "--blunder",
        "0.5",
    ];
    let first = gamec_in(&args, "");
    assert_eq!(first.code, 0);
    let line = first.stdout.lines().nth(4).unwrap_or_default().to_string();
    let seed = line
        .strip_prefix("Seed ")
        .and_then(|rest| rest.split_once(' '))
        .map(|(n, _)| n)
        .unwrap_or_default();
    assert!(seed.parse::<u64>().is_ok(), "{line}");
    assert_eq!(line, format!("Seed {seed} (replay with --seed {seed})."));
    let mut replay_args = args.to_vec();
    replay_args.extend(["--seed", seed]);
    let replay = gamec_in(&replay_args, "");
    assert!(!replay.stdout.contains("Seed "));
    assert_eq!(
        replay.stdout,
        first.stdout.replace(&format!("{line}\n"), "")
    );
}
