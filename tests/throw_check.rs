//! `gamec check` on throw games: one mistake is one error, never a cascade.

use std::process::Command;

/// Checks `source` as `g.game` in a temporary folder: (stderr, exit code).
fn check(source: &str) -> (String, i32) {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("g.game"), source).expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_gamec"))
        .current_dir(dir.path())
        .args(["--color", "never", "check", "g.game"])
        .output()
        .expect("gamec runs");
    (
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// The `×` lines of the rendered diagnostics: one per error.
fn errors(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("× "))
        .collect()
}

#[test]
fn a_two_word_verb_is_one_error_on_its_line() {
    let (err, code) = check(
        "game \"G\" {
  throws rock, paper, scissors
  beats {
    rock crushes scissors
    paper covers up rock
    scissors cuts paper
  }
}
",
    );
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "gamec::bad_edge

  × a verb is one word, and `covers up` is 2
   ╭─[g.game:5:11]
 4 │     rock crushes scissors
 5 │     paper covers up rock
   ·           ────┬────
   ·               ╰── a verb of 2 words
 6 │     scissors cuts paper
   ╰────
  help: Join the words (`covers-up`) or keep one (`covers`).
g.game: 1 error
"
    );
}

#[test]
fn a_two_word_verb_between_semicolons_is_the_same_one_error() {
    let (err, code) = check(
        "game \"G\" { throws rock, paper, scissors
  beats { rock crushes scissors; paper covers up rock; scissors cuts paper } }",
    );
    assert_eq!(code, 1);
    assert_eq!(errors(&err), ["a verb is one word, and `covers up` is 2"]);
}

#[test]
fn lines_with_a_word_missing_or_run_together_are_one_error_each() {
    let (err, code) = check(
        "game \"G\" { throws rock, paper, scissors
  beats {
    rock crushes
    paper covers rock scissors cuts paper
    rock
    rock crushes scissors scores
  } }",
    );
    assert_eq!(code, 1);
    assert_eq!(
        errors(&err),
        [
            "`rock crushes` is not a whole line of `beats`",
            "this line of `beats` has 6 words, but a line is WINNER VERB LOSER",
            "`rock` alone is not a line of `beats`",
            "`scores` needs a number after it",
        ]
    );
}

#[test]
fn a_misspelt_throw_is_one_error_labelled_at_every_use() {
    let (err, code) = check(
        "game \"G\" {
  throws rock, paper, scisors
  beats {
    rock crushes scissors
    scissors cuts paper
    paper covers rock
  }
}
",
    );
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "gamec::unknown_throw

  × unknown throw `scissors`
   ╭─[g.game:4:18]
 3 │   beats {
 4 │     rock crushes scissors
   ·                  ────┬───
   ·                      ╰── not one of the throws
 5 │     scissors cuts paper
   ·     ────┬───
   ·         ╰── and here
 6 │     paper covers rock
   ╰────
  help: Did you mean `scisors`?
g.game: 1 error
"
    );
}

#[test]
fn a_missing_throws_line_is_one_error_that_names_the_throws_beats_uses() {
    let (err, code) = check(
        "game \"G\" {
  beats { rock crushes scissors; scissors cuts paper; paper covers rock }
  players 2..
  round { if exactly 2 throws: eliminate losers; otherwise: rethrow }
}
",
    );
    assert_eq!(code, 1);
    assert_eq!(errors(&err), ["this throw game declares no throws"]);
    assert!(
        err.contains(
            "help: The lines of `beats` name `rock`, `scissors`, `paper`: declare them with `throws rock,\n        scissors, paper`."
        ),
        "{err}"
    );
}

#[test]
fn too_few_throws_does_not_also_condemn_the_round_rule() {
    let (err, code) = check(
        "game \"G\" { throws rock, paper
  beats { paper covers rock } players 2..
  round { if exactly 2 throws: eliminate losers; otherwise: rethrow } }",
    );
    assert_eq!((errors(&err).len(), code), (0, 0), "{err}");
    let (err, code) = check(
        "game \"G\" { throws rock
  beats { rock crushes rock } players 2..
  round { if exactly 2 throws: eliminate losers; otherwise: rethrow } }",
    );
    assert_eq!(code, 1);
    assert_eq!(
        errors(&err),
        [
            "a throw game needs at least 2 throws, and this one has 1",
            "`rock` cannot beat itself"
        ]
    );
}

#[test]
fn a_display_name_in_beats_says_which_short_name_to_write() {
    let (err, code) = check(
        "game \"G\" { throws r \"rock\", p \"paper\", s \"scissors\"
  beats { p covers rock; s cuts p; rock crushes s } }",
    );
    assert_eq!(code, 1);
    assert_eq!(
        errors(&err),
        ["`rock` is a display name, and lines of `beats` use short names"]
    );
    assert!(
        err.contains("help: Write `r`, the short name of this throw."),
        "{err}"
    );
}

#[test]
fn lines_may_still_be_written_tightly_and_with_comments() {
    let (err, code) = check(
        "game \"G\" { throws rock, paper, scissors
  beats {
    rock>scissors   // no spaces around >
    scissors /* inline */ cuts paper scores 1 / 2
    paper covers rock;
  } }",
    );
    assert_eq!((err.as_str(), code), ("g.game: ok\n", 0));
}
