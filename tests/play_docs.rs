//! The `gamec play` transcripts in README.md and docs/commands.md are real: each is replayed with
//! the entries it shows and compared (tests/readme.rs cannot, since play reads its moves from
//! standard input).

use crate::common;
use common::gamec_in;

const ARGS: [&str; 7] = [
    "play",
    "games/one_two_ten.game",
    "--seed",
    "1",
    "--blunder",
    "0",
    "--hints",
];
/// The entries typed in the documented game.
const ENTRIES: &str = "2\nu\nADD  1\nxyz\n2\n1\n2\n";

/// The text of the first fenced block in `doc` that starts with `first_line`, without that line.
fn block(doc: &str, first_line: &str) -> String {
    let text = std::fs::read_to_string(format!("{}/{doc}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{doc}: {e}"));
    let start = text
        .find(&format!("```text\n{first_line}\n"))
        .or_else(|| text.find(&format!("```\n{first_line}\n")))
        .unwrap_or_else(|| panic!("{doc} has no block starting with {first_line}"));
    let body = &text[start..];
    let body = &body[body.find('\n').map_or(0, |k| k + 1)..];
    let body = body.split("```").next().unwrap_or_default();
    body.split_once('\n')
        .map_or("", |(_, rest)| rest)
        .to_string()
}

#[test]
fn the_commands_doc_shows_a_real_game() {
    let doc = block(
        "docs/commands.md",
        "$ gamec play games/one_two_ten.game --seed 1 --blunder 0 --hints",
    );
    let r = gamec_in(&ARGS, ENTRIES);
    assert_eq!(r.code, 0);
    assert_eq!(doc, r.stdout);
}

#[test]
fn the_readme_shows_the_start_of_the_same_game_and_a_real_review() {
    let readme = block(
        "README.md",
        "$ gamec play games/one_two_ten.game --seed 1 --blunder 0 --hints",
    );
    let shown = readme
        .strip_suffix("...\n")
        .expect("the README's game ends with ...");
    let r = gamec_in(&ARGS, ENTRIES);
    assert!(r.stdout.starts_with(shown), "{shown}\n---\n{}", r.stdout);
    let review = block(
        "README.md",
        "Review: 3 moves changed the result for the player who made them:",
    );
    let r = gamec_in(
        &["play", ARGS[1], "--seed", "3", "--blunder", "1"],
        "1\n1\n1\n1\n1\n1\n",
    );
    assert!(r.stdout.ends_with(&format!(
        "\nReview: 3 moves changed the result for the player who made them:\n{review}"
    )));
}

#[test]
fn the_readme_plays_a_board_game_for_real() {
    let first = "$ gamec play games/tic_tac_toe.game --at \"board=[X, O, X / ., O, . / ., ., .], turn=1\" --seed 1 --blunder 0 --hints";
    let readme = block("README.md", first);
    let r = gamec_in(
        &[
            "play",
            "games/tic_tac_toe.game",
            "--at",
            "board=[X, O, X / ., O, . / ., ., .], turn=1",
            "--seed",
            "1",
            "--blunder",
            "0",
            "--hints",
        ],
        "c3\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(readme, r.stdout);
}
