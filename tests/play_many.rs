//! `gamec play` for games of three or more players: seats for every player (`--seats`), the
//! computer's max^n move under `--tie-break`, hints with each move's max^n outcome and the mover's
//! security value, undo, the winner at the end and the review by security values; whole games
//! through piped stdin, transcripts exact.

use crate::common;
use common::{gamec, gamec_in, stdout};

const NIM3: &str = "games/three_player_nim.game";

/// Player 1 (human, with hints) tries to undo before moving, moves, takes it back after the
/// computers' replies, plays it again and wins.
#[test]
fn a_human_with_hints_undoes_and_wins() {
    let r = gamec_in(
        &["play", NIM3, "--seed", "7", "--hints", "--blunder", "0"],
        "u\n4\nu\n4\n2\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        r#"Three-player Nim
Three players take turns; a move takes any number of tokens from one heap.
Whoever takes the last token wins.
Player 1: human. Player 2: computer. Player 3: computer.
The computer plays its max^n move: the best for itself if every player after it
also picks their best (tie-break fastest).
Type a move's number or name, or a command: q quit, u undo, h hints on/off, ? help.

heap=[1, 2, 3], player 1 to move
Moves, with each one's max^n outcome (tie-break fastest)
and what you can force after it against all the others together:
  1  take 1 from heap 0  player 3 wins in 3; you can force lose in 3
  2  take 1 from heap 1  player 2 wins in 5; you can force lose in 5
  3  take 2 from heap 1  player 3 wins in 3; you can force lose in 3
  4  take 1 from heap 2  player 1 wins in 4; you can force lose in 5
  5  take 2 from heap 2  player 2 wins in 5; you can force lose in 5
  6  take 3 from heap 2  player 3 wins in 3; you can force lose in 3
Player 1, your move: u
Nothing to undo: player 1 has not moved in this game yet.
Player 1, your move: 4
Player 1 plays take 1 from heap 2.

heap=[1, 2, 2], player 2 to move
Player 2 plays take 1 from heap 0.

heap=[0, 2, 2], player 3 to move
Player 3 plays take 2 from heap 1.

heap=[0, 0, 2], player 1 to move
Moves, with each one's max^n outcome (tie-break fastest)
and what you can force after it against all the others together:
  1  take 1 from heap 2  player 2 wins in 2; you can force lose in 2
  2  take 2 from heap 2  player 1 wins in 1; you can force win in 1
Player 1, your move: u
Taken back: take 1 from heap 2 by player 1, take 1 from heap 0 by player 2, take 2 from heap 1 by player 3.

heap=[1, 2, 3], player 1 to move
Moves, with each one's max^n outcome (tie-break fastest)
and what you can force after it against all the others together:
  1  take 1 from heap 0  player 3 wins in 3; you can force lose in 3
  2  take 1 from heap 1  player 2 wins in 5; you can force lose in 5
  3  take 2 from heap 1  player 3 wins in 3; you can force lose in 3
  4  take 1 from heap 2  player 1 wins in 4; you can force lose in 5
  5  take 2 from heap 2  player 2 wins in 5; you can force lose in 5
  6  take 3 from heap 2  player 3 wins in 3; you can force lose in 3
Player 1, your move: 4
Player 1 plays take 1 from heap 2.

heap=[1, 2, 2], player 2 to move
Player 2 plays take 1 from heap 0.

heap=[0, 2, 2], player 3 to move
Player 3 plays take 2 from heap 1.

heap=[0, 0, 2], player 1 to move
Moves, with each one's max^n outcome (tie-break fastest)
and what you can force after it against all the others together:
  1  take 1 from heap 2  player 2 wins in 2; you can force lose in 2
  2  take 2 from heap 2  player 1 wins in 1; you can force win in 1
Player 1, your move: 2
Player 1 plays take 2 from heap 2.

heap=[0, 0, 0], player 2 to move
Game over: player 1 wins, by the rule `end if sum(heap) == 0: last mover wins`.
You win!

Review: no move changed what its player could force against all the others.
"#
    );
}

/// Three computers, one of them blundering (`--blunder`): the review names the blunder by what
/// it cost its player against all the others together.
#[test]
fn computers_blunder_and_the_review_says_so() {
    let r = gamec_in(
        &[
            "play",
            NIM3,
            "--seats",
            "computer,computer,computer",
            "--blunder",
            "0.5",
            "--seed",
            "4",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        r#"Three-player Nim
Three players take turns; a move takes any number of tokens from one heap.
Whoever takes the last token wins.
Player 1: computer. Player 2: computer. Player 3: computer.
The computer plays its max^n move: the best for itself if every player after it
also picks their best (tie-break fastest).

heap=[1, 2, 3], player 1 to move
Player 1 plays take 1 from heap 2.

heap=[1, 2, 2], player 2 to move
Player 2 plays take 2 from heap 2.

heap=[1, 2, 0], player 3 to move
Player 3 plays take 1 from heap 0.

heap=[0, 2, 0], player 1 to move
Player 1 plays take 1 from heap 1.

heap=[0, 1, 0], player 2 to move
Player 2 plays take 1 from heap 1.

heap=[0, 0, 0], player 3 to move
Game over: player 2 wins, by the rule `end if sum(heap) == 0: last mover wins`.

Review: 1 move changed what its player could force against all the others:
  move 4, player 1 take 1 from heap 1: a win in 1 became a loss in 2 (a deliberate blunder)
"#
    );
}

/// From `--at` a position with player 3 to move; the human (player 2) loses.
#[test]
fn from_a_position_with_player_three_to_move() {
    let r = gamec_in(
        &[
            "play",
            NIM3,
            "--seed",
            "7",
            "--at",
            "heap=[0,1,1], turn=3",
            "--seats",
            "computer,human,computer",
            "--blunder",
            "0",
        ],
        "q\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        r#"Three-player Nim
Three players take turns; a move takes any number of tokens from one heap.
Whoever takes the last token wins.
Player 1: computer. Player 2: human. Player 3: computer.
The computer plays its max^n move: the best for itself if every player after it
also picks their best (tie-break fastest).
Type a move's number or name, or a command: q quit, u undo, h hints on/off, ? help.

heap=[0, 1, 1], player 3 to move
Player 3 plays take 1 from heap 1.

heap=[0, 0, 1], player 1 to move
Player 1 plays take 1 from heap 2.

heap=[0, 0, 0], player 2 to move
Game over: player 1 wins, by the rule `end if sum(heap) == 0: last mover wins`.
You lose.

Review: no move changed what its player could force against all the others.
"#
    );
}

/// The winner of a game between computers that never blunder, from its `Game over` line.
fn winner(transcript: &str) -> String {
    let over = transcript
        .lines()
        .find(|l| l.starts_with("Game over: "))
        .unwrap_or_else(|| panic!("no end in\n{transcript}"));
    over["Game over: ".len()..]
        .split(',')
        .next()
        .unwrap_or_default()
        .to_string()
}

/// Computers playing max^n reach the outcome `solve` gives, under every tie-break, also where
/// the tie-break decides who wins (heaps 2 and 2: player 2 fastest, player 1 with delay).
#[test]
fn computers_reach_the_max_n_outcome_of_solve() {
    for piles in ["1,2,3", "2,2", "1,2", "1,2,2", "2,2,2"] {
        for tie in ["fastest", "delay", "paranoid"] {
            let set = format!("piles={piles}");
            let args = ["--set", &set, "--tie-break", tie];
            let solved = stdout(&gamec(&[&["solve", NIM3], &args[..]].concat()));
            let line = solved
                .lines()
                .find(|l| l.starts_with("max^n"))
                .expect("a max^n line");
            let played = gamec_in(
                &[
                    &["play", NIM3, "--seats", "computer,computer,computer"],
                    &args[..],
                    &["--blunder", "0", "--seed", "1"],
                ]
                .concat(),
                "",
            );
            let w = winner(&played.stdout);
            assert!(
                line.starts_with(&format!("max^n       {w} in ")),
                "{piles} {tie}: {line}\n{}",
                played.stdout
            );
        }
    }
    let delay = gamec_in(
        &[
            "play",
            NIM3,
            "--set",
            "piles=2,2",
            "--seats",
            "computer,computer,computer",
            "--tie-break",
            "delay",
            "--blunder",
            "0",
        ],
        "",
    );
    assert!(delay.stdout.contains(
        "The computer plays its max^n move: the best for itself if every player after it\n\
         also picks their best (tie-break delay).\n"
    ));
    assert_eq!(winner(&delay.stdout), "player 1 wins");
}

/// Bad seats and flags for the wrong game are usage errors that say what to type.
#[test]
fn bad_seats_are_usage_errors() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["play", NIM3, "--seats", "human,robot,computer"],
            "error: --seats: `robot` is not a seat; each is human or computer, one a player in \
             turn order (--seats human,computer,computer)\n",
        ),
        (
            &["play", NIM3, "--seats", "human,computer"],
            "error: --seats gives 2 seats, and this game (Three-player Nim) has 3 players: give one \
             a player, in turn order (--seats human,computer,computer)\n",
        ),
        (
            &["play", "games/nim.game", "--tie-break", "delay"],
            "error: --tie-break is for games of three or more players, and this one has 2\n",
        ),
        (
            &["play", "games/rps.game", "--seats", "human,computer"],
            "error: --seats is for sequential games, and this file is a throw game\n",
        ),
        (
            &["play", "games/one_two_ten.game", "--seats", "human"],
            "error: --seats gives 1 seat, and this game (1, 2, ..., 10) has 2 players: give one a \
             player, in turn order (--seats human,computer)\n",
        ),
    ];
    for (args, want) in cases {
        let r = gamec_in(args, "");
        assert_eq!((r.code, r.stderr.as_str()), (2, want), "{args:?}");
    }
}

/// `--seats` seats a two-player game too.
#[test]
fn seats_for_two_players() {
    let r = gamec_in(
        &[
            "play",
            "games/one_two_ten.game",
            "--seats",
            "computer,human",
            "--seed",
            "1",
        ],
        "q\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r
        .stdout
        .contains("\nPlayer 1: computer. Player 2: human.\n"));
}

/// Three people at one table: no line about how the computer plays; `q` abandons the game.
#[test]
fn three_humans() {
    let r = gamec_in(
        &["play", NIM3, "--seats", "human,human,human", "--seed", "1"],
        "q\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "Three-player Nim\n\
         Three players take turns; a move takes any number of tokens from one heap.\n\
         Whoever takes the last token wins.\n\
         Player 1: human. Player 2: human. Player 3: human.\n\
         Type a move's number or name, or a command: q quit, u undo, h hints on/off, ? help.\n\
         \n\
         heap=[1, 2, 3], player 1 to move\n\
         Moves:\n  1  take 1 from heap 0\n  2  take 1 from heap 1\n  3  take 2 from heap 1\n  \
         4  take 1 from heap 2\n  5  take 2 from heap 2\n  6  take 3 from heap 2\n\
         Player 1, your move: q\n\
         Player 1 quits: the game is abandoned.\n\
         \n\
         Review: no move changed what its player could force against all the others.\n"
    );
}
