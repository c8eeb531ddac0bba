//! `gamec play`: whole games scripted through piped stdin (and one in-process through the library),
//! with the transcripts pinned as snapshots, the computer's perfect play checked, and bad input.

use crate::common;
use common::gamec_in;

const TEN: &str = "games/one_two_ten.game";

/// A perfect game by player 1 with hints, after three bad entries and a move typed as written.
#[test]
fn one_two_ten_human_wins_with_hints_and_bad_entries() {
    let r = gamec_in(
        &["play", TEN, "--seed", "1", "--blunder", "0", "--hints"],
        "1\nxyz\n\n7\nADD  2\n2\n1\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains(
        "`xyz` is not a legal move here; type a number from 1 to 2 or a move as listed."
    ));
    assert!(r.stdout.contains("There is no move number 7 here"));
    assert!(r.stdout.ends_with(
        "by the rule `end if pile == goal: last mover wins`.\nYou win!\n\n\
         Review: no move changed the result.\n"
    ));
    insta::assert_snapshot!("ten_human_wins", r.stdout);
}

/// The piles the computer leaves behind in a transcript: what follows each of its moves.
fn piles_after(transcript: &str, player: u8) -> Vec<u32> {
    let lines: Vec<&str> = transcript.lines().collect();
    let mut piles = Vec::new();
    for (k, l) in lines.iter().enumerate() {
        if l.starts_with(&format!("Player {player} plays")) {
            let next = lines.get(k + 2).copied().unwrap_or_default();
            let n = next
                .trim_start_matches("pile=")
                .split(',')
                .next()
                .unwrap_or("");
            piles.push(n.parse().expect("a pile number"));
        }
    }
    piles
}

/// After a bad first move the computer (player 2) answers perfectly: it always leaves a pile of
/// 1, 4, 7 or 10, whatever the human does, and wins.
#[test]
fn computer_punishes_a_mistake() {
    for seed in ["1", "2", "3"] {
        for script in ["2\n1\n1\n1\n1\n1\n1\n", "2\n2\n2\n2\n1\n1\n1\n"] {
            let r = gamec_in(&["play", TEN, "--seed", seed, "--blunder", "0"], script);
            assert_eq!(r.code, 0);
            let piles = piles_after(&r.stdout, 2);
            assert!(piles.iter().all(|p| p % 3 == 1), "{piles:?}\n{}", r.stdout);
            assert!(r.stdout.contains("The computer wins.\n"), "{}", r.stdout);
            assert!(
                r.stdout.ends_with(
                    "\nReview: 1 move changed the result for the player who made it:\n  \
                     move 1, player 1 add 2: a win in 7 became a loss in 6\n"
                ),
                "{}",
                r.stdout
            );
        }
    }
}

/// Playing second, the human can win the same way: the computer loses as slowly as it can.
#[test]
fn human_as_player_two() {
    let r = gamec_in(
        &[
            "play",
            TEN,
            "--player1",
            "computer",
            "--player2",
            "human",
            "--seed",
            "4",
            "--blunder",
            "0",
        ],
        "1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n",
    );
    assert_eq!(r.code, 0);
    assert!(r.stdout.starts_with("1, 2, ..., 10\n"));
    assert!(r.stdout.contains("Player 1: computer. Player 2: human."));
    assert!(r
        .stdout
        .ends_with("The computer wins.\n\nReview: no move changed the result.\n"));
    assert_eq!(piles_after(&r.stdout, 1), vec![1, 4, 7, 10]);
}

#[test]
fn end_of_input_stops_the_game_cleanly() {
    let r = gamec_in(&["play", TEN, "--seed", "1", "--blunder", "0"], "1\n");
    assert_eq!(r.code, 0);
    assert!(r.stdout.ends_with(
        "Player 1, your move: \nNo more input: the game stops here.\n\n\
         Review: no move changed the result.\n"
    ));
    let r = gamec_in(&["play", TEN], "");
    assert_eq!(r.code, 0);
    assert!(r
        .stdout
        .ends_with("No more input: the game stops here.\n\nReview: no move changed the result.\n"));
}

#[test]
fn human_against_human() {
    let r = gamec_in(
        &["play", TEN, "--player2", "human"],
        "add 2\nadd 2\n2\n2\n2\n",
    );
    assert_eq!(r.code, 0);
    assert!(r.stdout.contains("Player 1: human. Player 2: human."));
    assert!(r.stdout.ends_with(
        "Game over: player 1 wins, by the rule `end if pile == goal: last mover wins`.\n\n\
         Review: 2 moves changed the result for the player who made them:\n  \
         move 1, player 1 add 2: a win in 7 became a loss in 6\n  \
         move 4, player 2 add 2: a win in 3 became a loss in 2\n"
    ));
}

#[test]
fn computer_against_computer_nim() {
    let args = [
        "play",
        "games/nim.game",
        "--player1",
        "computer",
        "--seed",
        "5",
    ];
    let r = gamec_in(&args, "");
    assert_eq!(r.code, 0);
    insta::assert_snapshot!("nim_computers_seed_5", r.stdout);
    // The same seed plays the same game.
    assert_eq!(gamec_in(&args, "").stdout, r.stdout);
}

#[test]
fn computer_against_computer_one_die() {
    let r = gamec_in(
        &[
            "play",
            "games/one_die.game",
            "--player1",
            "computer",
            "--seed",
            "3",
        ],
        "",
    );
    assert_eq!(r.code, 0);
    assert!(r.stdout.contains("\nPlayer 1 rolls top="));
    insta::assert_snapshot!("one_die_computers_seed_3", r.stdout);
}

/// A loopy game between computers stops when a position occurs for the third time.
#[test]
fn draw_by_repetition() {
    let r = gamec_in(
        &[
            "play",
            "tests/games/standoff.game",
            "--player1",
            "computer",
            "--blunder",
            "0",
        ],
        "",
    );
    assert_eq!(r.code, 0);
    assert!(r.stdout.ends_with(
        "This position has now occurred 3 times: the game is a draw by repetition.\n\n\
         Review: no move changed the result.\n"
    ));
}

/// A computer that keeps the turn in a drawn position used to move forever (54 MB of output in
/// five seconds) while the human waited: repetition ends every game, whoever plays.
#[test]
fn a_computer_keeping_the_turn_stops_at_repetition() {
    let r = gamec_in(
        &[
            "play",
            "tests/games/stay.game",
            "--player1",
            "computer",
            "--player2",
            "human",
            "--blunder",
            "0",
            "--seed",
            "1",
        ],
        "",
    );
    assert_eq!(r.code, 0);
    assert_eq!(
        r.stdout,
        "Stay\nPlayer 1: computer. Player 2: human.\n\
         Type a move's number or name, or a command: q quit, u undo, h hints on/off, ? help.\n\
         \nx=0, player 1 to move\nPlayer 1 plays stay.\n\
         \nx=0, player 1 to move\nPlayer 1 plays stay.\n\
         \nx=0, player 1 to move\nPlayer 1 plays stay.\n\
         \nx=0, player 1 to move\n\
         This position has now occurred 3 times: the game is a draw by repetition.\n\
         \nReview: no move changed the result.\n"
    );
}

#[test]
fn usage_errors() {
    let r = gamec_in(&["play", TEN, "--blunder", "1.5"], "");
    assert_eq!(r.code, 2);
    assert!(r
        .stderr
        .contains("--blunder must be a probability from 0 to 1"));
    let r = gamec_in(&["play", TEN, "--player1", "robot"], "");
    assert_eq!(r.code, 2);
    let r = gamec_in(&["play", "games/missing.game"], "");
    assert_eq!(r.code, 2);
}

/// The loop runs in-process over any `BufRead`/`Write`, without the binary.
#[test]
fn in_process_game() {
    use gamec::commands::common::{compile_file, Compiled};
    use gamec::play::{play, Ending, Game, Options, Seat};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(TEN);
    let ((compiled, source), _) = compile_file(&path, &[]).expect("readable");
    let Some((_, Compiled::Sequential(rules))) = compiled else {
        panic!("one_two_ten is a sequential game")
    };
    let engine = gamec::engine::Engine::new(&rules);
    let (starts, solution) = gamec::commands::explore::solve_game(&engine, 1000).expect("solvable");
    let game = Game {
        engine: &engine,
        solution: &solution,
        starts: &starts,
        end_rules: gamec::play::end_rule_texts(&rules, &source),
        many: None,
    };
    let opts = Options {
        seats: vec![Seat::Human, Seat::Computer],
        blunder: 0.0,
        seed: 9,
        show_seed: false,
        hints: false,
        echo: false,
    };
    // A losing first move (to 2); the perfect computer then wins whatever follows.
    let mut input = std::io::Cursor::new("2\n1\n1\n1\n1\n1\n");
    let mut output = Vec::new();
    let ending = play(&game, &opts, &mut input, &mut output).expect("no I/O error");
    assert_eq!(ending, Ending::Won(2));
    let text = String::from_utf8(output).expect("UTF-8");
    assert!(
        text.contains("The computer wins.\n\nReview: 1 move changed"),
        "{text}"
    );
}
