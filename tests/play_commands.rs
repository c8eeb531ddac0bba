//! `gamec play` at the prompt: the commands (`q`, `u`, `h`, `?`), undo with computer replies,
//! extra turns, repetition counts and a rolled start, every bad entry's message, and moves named
//! like numbers or commands (typed with `=`). Transcripts are compared exactly.

use crate::common;
use common::gamec_in;

const TEN: &str = "games/one_two_ten.game";

const TEN_INTRO: &str = "\
1, 2, ..., 10
Players take turns adding one or two tokens to a pile that starts empty.
Whoever adds the tenth token wins.
Player 1: human. Player 2: computer.
Type a move's number or name, or a command: q quit, u undo, h hints on/off, ? help.
";

/// A move, hints off, undo (of the move and the computer's reply), hints on, a losing move, the
/// command list and quit: the review lists only the move still on the board.
#[test]
fn a_game_that_undoes_toggles_hints_and_quits() {
    let r = gamec_in(
        &["play", TEN, "--seed", "1", "--blunder", "0", "--hints"],
        "1\nh\nu\nh\n2\n?\nq\n",
    );
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    let rest = "
pile=0, player 1 to move
Moves, with your result after each (in N: moves until the end, counting this one):
  1  add 1  win in 7
  2  add 2  lose in 6
Player 1, your move: 1
Player 1 plays add 1.

pile=1, player 2 to move
Player 2 plays add 1.

pile=2, player 1 to move
Moves, with your result after each (in N: moves until the end, counting this one):
  1  add 1  lose in 6
  2  add 2  win in 5
Player 1, your move: h
Hints off.
Moves:
  1  add 1
  2  add 2
Player 1, your move: u
Taken back: add 1 by player 1, add 1 by player 2.

pile=0, player 1 to move
Moves:
  1  add 1
  2  add 2
Player 1, your move: h
Hints on.
Moves, with your result after each (in N: moves until the end, counting this one):
  1  add 1  win in 7
  2  add 2  lose in 6
Player 1, your move: 2
Player 1 plays add 2.

pile=2, player 2 to move
Player 2 plays add 2.

pile=4, player 1 to move
Moves, with your result after each (in N: moves until the end, counting this one):
  1  add 1  lose in 4
  2  add 2  lose in 4
Player 1, your move: ?
Type a move's number, or its name as listed (case and spaces do not matter), or a command:
  q, quit   stop here: the game is abandoned, and the review follows
  u, undo   take back your last move and every move since
  h, hints  turn hints on or off
  m, moves  list every move here, when there are too many to list each turn
  ?, help   this list
Digits alone are always a move number; a move named like a number or a command is typed
with = first (=3, =q).
Player 1, your move: q
Player 1 quits: the game is abandoned.

Review: 1 move changed the result for the player who made it:
  move 1, player 1 add 2: a win in 7 became a loss in 6
";
    assert_eq!(r.stdout, format!("{TEN_INTRO}{rest}"));
}

/// Every entry that is not a move or a command gets its own message and the prompt again.
#[test]
fn each_bad_entry_gets_its_message() {
    let r = gamec_in(
        &["play", TEN, "--seed", "1", "--blunder", "0"],
        "u\n\n0\n3\n99999999999999999999999\nadd 3\n=\n= add 3\nADD  1\n",
    );
    assert_eq!(r.code, 0);
    let how = "type a number from 1 to 2 or a move as listed";
    let lines: Vec<&str> = r
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("Player 1, your move"))
        .take(16)
        .collect();
    assert_eq!(
        lines,
        [
            "Player 1, your move: u",
            "Nothing to undo: player 1 has not moved in this game yet.",
            "Player 1, your move: ",
            &format!("Nothing typed: {how}."),
            "Player 1, your move: 0",
            &format!("There is no move number 0 here; {how}."),
            "Player 1, your move: 3",
            &format!("There is no move number 3 here; {how}."),
            "Player 1, your move: 99999999999999999999999",
            &format!("There is no move number 99999999999999999999999 here; {how}."),
            "Player 1, your move: add 3",
            &format!("`add 3` is not a legal move here; {how}."),
            "Player 1, your move: =",
            "Nothing after `=`: type `=` and a move's name as listed, like `=add 1`.",
            "Player 1, your move: = add 3",
            &format!("No move here is named `add 3`; {how}."),
        ]
    );
    assert!(r
        .stdout
        .contains("Player 1, your move: ADD  1\nPlayer 1 plays add 1.\n"));
}

/// The lines of a transcript that say what happened: moves, take-backs, refusals and the end.
fn events(stdout: &str) -> Vec<&str> {
    stdout
        .lines()
        .filter(|l| {
            l.contains(" plays ")
                || l.starts_with("Taken back")
                || l.starts_with("Nothing to undo")
                || l.starts_with("This position")
        })
        .collect()
}

/// Undo takes its moves out of the repetition count: after waiting, being answered and taking
/// both back, the start has occurred once, so the draw comes two full rounds later, not one.
#[test]
fn undo_restores_the_repetition_counts() {
    let r = gamec_in(
        &[
            "play",
            "tests/games/standoff.game",
            "--seed",
            "1",
            "--blunder",
            "0",
        ],
        "wait\nu\nwait\nwait\n",
    );
    assert_eq!(r.code, 0);
    assert_eq!(
        events(&r.stdout),
        [
            "Player 1 plays wait.",
            "Player 2 plays wait.",
            "Taken back: wait by player 1, wait by player 2.",
            "Player 1 plays wait.",
            "Player 2 plays wait.",
            "Player 1 plays wait.",
            "Player 2 plays wait.",
            "This position has now occurred 3 times: the game is a draw by repetition.",
        ]
    );
}

/// Landing on 2 keeps the turn: the first undo takes back the move after the extra turn and the
/// computer's reply, leaving player 1 to move at 2; the second takes back the move to 2.
#[test]
fn undo_after_an_extra_turn_keeps_the_player_to_move() {
    let r = gamec_in(
        &[
            "play",
            "tests/games/bonus.game",
            "--seed",
            "1",
            "--blunder",
            "0",
        ],
        "add 2\nadd 1\nu\nu\nu\nq\n",
    );
    assert_eq!(r.code, 0);
    assert_eq!(
        events(&r.stdout),
        [
            "Player 1 plays add 2.",
            "Player 1 plays add 1.",
            "Player 2 plays add 1.",
            "Taken back: add 1 by player 1, add 1 by player 2.",
            "Taken back: add 2 by player 1.",
            "Nothing to undo: player 1 has not moved in this game yet.",
        ]
    );
    let after_undo: Vec<&str> = r
        .stdout
        .split("Taken back: ")
        .skip(1)
        .map(|part| part.lines().nth(2).unwrap_or_default())
        .collect();
    assert_eq!(
        after_undo,
        ["pile=2, player 1 to move", "pile=0, player 1 to move"]
    );
}

/// The rolled start is where undo stops: the roll is not taken back, and undoing the first move
/// returns to the same roll.
#[test]
fn undo_stops_at_the_rolled_start() {
    let r = gamec_in(
        &[
            "play",
            "games/one_die.game",
            "--player1",
            "computer",
            "--player2",
            "human",
            "--seed",
            "3",
            "--blunder",
            "0",
        ],
        "u\n1\nu\nq\n",
    );
    assert_eq!(r.code, 0);
    assert_eq!(r.stdout.matches("Player 1 rolls top=4.").count(), 1);
    assert_eq!(
        events(&r.stdout),
        [
            "Nothing to undo: player 2 has not moved in this game yet.",
            "Player 2 plays turn to 1.",
            "Player 1 plays turn to 4.",
            "Taken back: turn to 1 by player 2, turn to 4 by player 1.",
        ]
    );
    assert!(r.stdout.contains(
        "Taken back: turn to 1 by player 2, turn to 4 by player 1.\n\n\
         total=4, top=4, player 2 to move\n"
    ));
    assert!(r.stdout.ends_with(
        "Player 2 quits: the game is abandoned.\n\nReview: no move changed the result.\n"
    ));
}

const NUMBERS: &str = "tests/games/numbers.game";

/// Moves named 2, 3 and q: digits are move numbers, `q` quits, and `=` names a move.
#[test]
fn moves_named_like_numbers_or_commands_are_typed_with_equals() {
    let r = gamec_in(
        &["play", NUMBERS, "--player2", "human", "--seed", "1"],
        "=q\n2\n=2\n",
    );
    assert_eq!(r.code, 0);
    let expected = "\
Numbers
Player 1: human. Player 2: human.
Type a move's number or name, or a command: q quit, u undo, h hints on/off, ? help.

pile=7, player 1 to move
Moves:
  1  2
  2  3
  3  q
(A move named like a number or a command is typed with = first: =2, =3, =q.)
Player 1, your move: =q
Player 1 plays q.

pile=2, player 2 to move
Moves:
  1  2
(A move named like a number or a command is typed with = first: =2.)
Player 2, your move: 2
There is no move number 2 here; the move named 2 is typed `=2`.
Player 2, your move: =2
Player 2 plays 2.

pile=0, player 1 to move
Game over: player 2 wins, by the rule `end if pile < 2: last mover wins`.

Review: no move changed the result.
";
    assert_eq!(r.stdout, expected);
}

#[test]
fn digits_are_a_move_number_and_q_quits_even_beside_such_moves() {
    let args = ["play", NUMBERS, "--seed", "1", "--blunder", "0"];
    let r = gamec_in(&args, "2\n");
    assert!(r
        .stdout
        .contains("Player 1, your move: 2\nPlayer 1 plays 3.\n"));
    let r = gamec_in(&args, "q\n");
    assert_eq!(r.code, 0);
    assert!(r.stdout.ends_with(
        "Player 1, your move: q\nPlayer 1 quits: the game is abandoned.\n\n\
         Review: no move changed the result.\n"
    ));
}

/// Quitting and running out of input both end with exit 0 and the review so far.
#[test]
fn quit_is_clean() {
    for q in ["q", "QUIT", " quit "] {
        let r = gamec_in(
            &["play", TEN, "--seed", "1", "--blunder", "0"],
            &format!("2\n{q}\n"),
        );
        assert_eq!((r.code, r.stderr.as_str()), (0, ""));
        assert!(r.stdout.ends_with(
            "Player 1 quits: the game is abandoned.\n\n\
             Review: 1 move changed the result for the player who made it:\n  \
             move 1, player 1 add 2: a win in 7 became a loss in 6\n"
        ));
    }
}

/// A position with more moves than fit a screen lists the first 40 and says how many more; `m`
/// lists them all, and a number past the 40 still plays its move. (Before, every turn printed
/// every move: a fuzzed game with 4,000,000 moves a position printed 335 MB.)
#[test]
fn a_long_list_of_moves_is_cut_and_m_lists_it_all() {
    let dir = tempfile::tempdir().expect("temp dir");
    let f = dir.path().join("wide.game");
    let src = "game \"Wide\" {
  state { pile: 0..=200 = 0 }
  move add(n in 1..=100) if pile + n <= 200 { pile += n }
  end if pile == 200: last mover wins
}
";
    std::fs::write(&f, src).expect("written");
    let path = f.to_str().expect("path");
    let r = gamec_in(
        &["play", path, "--seed", "1", "--blunder", "0"],
        "m\n77\nq\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let out = &r.stdout;
    let cut = "   40  add 40\n  … and 60 more, numbered 41 to 100 (m lists them all; a move's \
               number or name works either way)\nPlayer 1, your move: m\nMoves:\n    1  add 1\n";
    assert!(out.contains(cut), "{out}");
    assert!(!out.contains("   41  add 41\n  … and"), "{out}");
    assert!(
        out.contains("  100  add 100\nPlayer 1, your move: 77\nPlayer 1 plays add 77.\n"),
        "{out}"
    );
    // Each list is the 40 and the line, or all 100 after `m`: 1 + 1 + 1 lists before `q`.
    assert_eq!(out.matches("\n    1  add 1\n").count(), 3, "{out}");
    assert_eq!(out.matches("  … and ").count(), 2, "{out}");
}
