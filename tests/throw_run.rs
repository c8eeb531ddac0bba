//! `gamec run` (the fixed-strategy elimination game) and `gamec play` for throw games.

use std::io::Write;
use std::process::{Command, Stdio};

const MULTI: &str = "games/multiplayer_rps.game";

fn gamec(args: &[&str], stdin: &str) -> (String, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamec"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["--color", "never"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gamec runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    let out = child.wait_with_output().expect("gamec ends");
    let s = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (
        s(&out.stdout),
        s(&out.stderr),
        out.status.code().unwrap_or(-1),
    )
}

fn run(throws: &str) -> (String, String, i32) {
    gamec(
        &[
            "run",
            MULTI,
            "--players",
            "alice,bob,charlie",
            "--throws",
            throws,
        ],
        "",
    )
}

#[test]
fn the_sources_first_example_leaves_alice() {
    let (out, _, code) = run("r p, r r, s p");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "round 1: alice rock, bob rock, charlie scissors
  Rock crushes scissors: charlie is out (if exactly 2 throws: eliminate losers)
round 2: alice paper, bob rock
  Paper covers rock: bob is out (if exactly 2 throws: eliminate losers)
survivors: alice
"
    );
}

#[test]
fn used_up_lists_stop_the_game_with_two_survivors() {
    let (out, _, code) = run("r, r, s");
    assert_eq!(code, 0);
    assert!(
        out.ends_with("stopped: no throw left for round 2 (alice, bob)\nsurvivors: alice, bob\n"),
        "{out}"
    );
}

#[test]
fn stalemates_then_one_throw_knocks_out_two_players() {
    let (out, _, code) = run("r p r, p s r, s r p");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "round 1: alice rock, bob paper, charlie scissors
  stalemate: rock, paper, scissors (otherwise: rethrow)
round 2: alice paper, bob scissors, charlie rock
  stalemate: rock, paper, scissors (otherwise: rethrow)
round 3: alice rock, bob rock, charlie paper
  Paper covers rock: alice and bob are out (if exactly 2 throws: eliminate losers)
survivors: charlie
"
    );
}

#[test]
fn an_eliminated_players_unused_throws_do_not_matter_and_lists_may_differ() {
    // charlie is out in round 1; his long list never stops the game.
    let (out, _, code) = run("r p, r r, s s s s s");
    assert_eq!(code, 0);
    assert!(out.ends_with("survivors: alice\n"), "{out}");
}

#[test]
fn throws_file_gives_the_same_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("throws.txt");
    std::fs::write(&path, "# one player per line\nr p\nr r\n\ns p\n").expect("write");
    let p = path.to_str().expect("utf-8 path");
    let (out, _, code) = gamec(
        &[
            "run",
            MULTI,
            "--players",
            "alice,bob,charlie",
            "--throws-file",
            p,
        ],
        "",
    );
    assert_eq!((code, out), (0, run("r p, r r, s p").0));
}

#[test]
fn comments_may_follow_the_throws_on_a_line_of_the_throws_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("throws.txt");
    std::fs::write(
        &path,
        "r p   # alice opens with rock\nr r#bob\n   # a comment, indented\ns p # charlie\n",
    )
    .expect("write");
    let p = path.to_str().expect("utf-8 path");
    let (out, err, code) = gamec(
        &[
            "run",
            MULTI,
            "--players",
            "alice,bob,charlie",
            "--throws-file",
            p,
        ],
        "",
    );
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out, run("r p, r r, s p").0);
}

/// `gamec run` on the multiplayer game with these players and throws: (stdout, stderr, code).
fn run_with(players: &str, throws: &str) -> (String, String, i32) {
    gamec(
        &["run", MULTI, "--players", players, "--throws", throws],
        "",
    )
}

#[test]
fn duplicate_player_names_are_refused() {
    assert_eq!(
        run_with("alice,bob,alice", "r p, r r, s p"),
        (
            String::new(),
            "error: --players names `alice` twice; give every player a different name\n"
                .to_string(),
            2
        )
    );
}

#[test]
fn empty_names_and_lists_are_explained() {
    let cases = [
        ("alice,,bob", "r p, r r, s p", "error: --players has an empty name (the 2nd); name the players, separated by commas, like alice,bob,charlie\n"),
        ("alice,bob,", "r p, r r, s p", "error: --players has an empty name (the 3rd); name the players, separated by commas, like alice,bob,charlie\n"),
        (" ", "r p", "error: --players is empty; name the players, separated by commas, like alice,bob,charlie\n"),
        ("alice,bob,charlie", "", "error: --throws is empty; give each player's throws, players separated by commas and rounds by spaces, like --throws \"r p, r r, s p\"\n"),
        ("alice,bob,charlie", "r p, , s p", "error: bob has no throws; give every player at least one (players are separated by commas, rounds by spaces)\n"),
    ];
    for (players, throws, message) in cases {
        let (out, err, code) = run_with(players, throws);
        assert_eq!(
            (out.as_str(), err.as_str(), code),
            ("", message, 2),
            "{players} / {throws}"
        );
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("empty.txt");
    std::fs::write(&path, "# nothing yet\n\n").expect("write");
    let p = path.to_str().expect("utf-8 path");
    let (out, err, code) = gamec(&["run", MULTI, "--players", "a,b", "--throws-file", p], "");
    assert_eq!((out.as_str(), code), ("", 2));
    assert_eq!(
        err,
        format!("error: {p} has no throw lists; write one player's throws per line, rounds separated by spaces\n")
    );
}

#[test]
fn bad_run_input_is_a_usage_error() {
    let (out, err, code) = run("r x, r r, s p");
    assert_eq!((out.as_str(), code), ("", 2));
    assert_eq!(
        err,
        "error: alice's throw `x` is not a throw of this game (throws: r, p, s)\n"
    );
    let (_, err, code) = run("r, r");
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: 3 players are named but 2 throw lists are given; give one list per player\n"
    );
    let (_, err, code) = gamec(
        &[
            "run",
            "games/rps.game",
            "--players",
            "a,b,c",
            "--throws",
            "rock, paper, rock",
        ],
        "",
    );
    assert_eq!(
        (err.as_str(), code),
        ("error: `Rock Paper Scissors` is for 2 players, not 3\n", 2)
    );
    let (_, err, code) = gamec(&["run", MULTI, "--players", "a,b"], "");
    assert_eq!(code, 2);
    assert!(err.starts_with("error: give each player's throws"), "{err}");
}

#[test]
fn play_scripted_session_with_bad_input_and_quit() {
    let args = ["play", "games/rpsls.game", "--seed", "1"];
    let (out, _, code) = gamec(&args, "rock\nfoo\nsp\nlizard\nq\n");
    assert_eq!(code, 0);
    assert!(
        out.contains("Round 2. Your throw: foo\n`foo` is not a throw of this game."),
        "{out}"
    );
    assert!(
        out.contains("You throw Spock"),
        "a unique prefix names a throw:\n{out}"
    );
    assert!(
        out.ends_with("Round 4. Your throw: q\nMatch stopped. Score: you 2, computer 1.\n"),
        "{out}"
    );
    // The same seed gives the same session.
    assert_eq!(gamec(&args, "rock\nfoo\nsp\nlizard\nq\n").0, out);
}

#[test]
fn play_explains_empty_entries_and_the_end_of_input() {
    let (out, _, code) = gamec(&["play", "games/rps.game", "--seed", "2"], "\nrock\n");
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "Round 1. Your throw: \nNothing typed: type a throw as listed, or q to quit.\n"
        ),
        "{out}"
    );
    assert!(
        out.ends_with(
            "Round 2. Your throw: \nNo more input: the match stops here.\nMatch stopped. Score: you 1, computer 0.\n"
        ),
        "{out}"
    );
}

#[test]
fn play_ends_when_a_side_wins_the_majority() {
    let input = "rock\n".repeat(40);
    let (out, _, code) = gamec(
        &["play", "games/rps.game", "--seed", "7", "--rounds", "3"],
        &input,
    );
    assert_eq!(code, 0);
    let wins = out.matches("— you win.").count();
    let losses = out.matches("— you lose.").count();
    assert_eq!(wins.max(losses), 2, "{out}");
    assert!(
        out.trim_end().ends_with("the match 2–1.") || out.trim_end().ends_with("the match 2–0."),
        "{out}"
    );
}

#[test]
fn the_adaptive_computer_exploits_a_human_who_always_throws_rock() {
    let input = "rock\n".repeat(300);
    let (out, _, code) = gamec(
        &[
            "play",
            "games/rps.game",
            "--seed",
            "3",
            "--rounds",
            "301",
            "--computer",
            "adaptive",
        ],
        &input,
    );
    assert_eq!(code, 0);
    let wins = out.matches("— you win.").count();
    let losses = out.matches("— you lose.").count();
    // The match ends at 151 computer wins. Uniform play would also give the human about as many wins
    // as it loses; an exploiting computer soon throws paper almost every time.
    assert_eq!(losses, 151, "{out}");
    assert!(wins < 15, "wins {wins}, losses {losses}");
}

/// A throws file is read no further than the largest size accepted (it was read whole, however
/// large: `--throws-file /dev/zero` never ended).
#[test]
fn a_throws_file_past_the_size_limit_is_refused() {
    let (out, err, code) = gamec(
        &[
            "run",
            MULTI,
            "--players",
            "alice,bob",
            "--throws-file",
            "/dev/zero",
        ],
        "",
    );
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "error: /dev/zero is larger than 1048576 bytes, the most a throws file may have\n"
    );
}
