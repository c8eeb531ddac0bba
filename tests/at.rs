//! `gamec solve --at POSITION`: every state variable given once, `turn=` exactly where positions
//! record the turn, balanced brackets; a bad position is a usage error (exit 2) that says what is
//! wrong, and a position the start cannot reach is evaluated with a warning.

use crate::common;
use common::*;

/// The exit code and stderr of `gamec solve GAME --at AT`, stdout empty.
fn refused(game: &str, at: &str) -> (Option<i32>, String) {
    let o = gamec(&["solve", &format!("games/{game}"), "--at", at]);
    assert_eq!(stdout(&o), "", "{game} --at {at}");
    (o.status.code(), stderr(&o))
}

fn usage(at: &str, why: &str) -> (Option<i32>, String) {
    (Some(2), format!("error: --at \"{at}\": {why}\n"))
}

#[test]
fn every_variable_must_be_given() {
    let at = "total=5";
    assert_eq!(
        refused("one_die.game", at),
        usage(
            at,
            "`top` is not given; a position gives every state variable, like \"total=0, top=0\""
        )
    );
    let at = "pile=3";
    assert_eq!(
        refused("even_or_odd.game", at),
        usage(
            at,
            "`kept`, `turn` are not given; a position gives every state variable and whose turn \
             it is, like \"pile=15, kept=[0, 0], turn=1\""
        )
    );
    let at = "";
    assert_eq!(
        refused("nim.game", at),
        usage(
            at,
            "`heap` is not given; a position gives every state variable, like \"heap=[3, 4, 5]\""
        )
    );
}

#[test]
fn the_turn_is_given_only_where_positions_record_it() {
    let at = "heap=[1, 2, 3], turn=2";
    assert_eq!(
        refused("nim.game", at),
        usage(
            at,
            "no rule of this game asks whose turn it is, so its positions do not record the \
             turn: leave out `turn=`"
        )
    );
    let at = "pile=3, kept=[1, 2], turn=3";
    assert_eq!(
        refused("even_or_odd.game", at),
        usage(at, "turn must be 1 or 2, not `3`")
    );
}

#[test]
fn brackets_must_balance_and_names_come_once() {
    for (at, why) in [
        (
            "heap=[1,2",
            "the brackets do not balance: the `[` of `[1,2` is never closed",
        ),
        (
            "heap=1,2]",
            "the brackets do not balance: the `]` after `heap=1,2` closes no `[`",
        ),
        (
            "heap=[1,[2],3]",
            "brackets do not nest in a position: one `[` per array",
        ),
        ("heap=[1,2,3], heap=[1,1,1]", "`heap` is given twice"),
        (
            "heap=5",
            "`heap` has 3 values, written in brackets: `heap=[…]`",
        ),
        ("heap=[1,,3]", "a value of `heap` is missing"),
        (
            "heap=[1,2,3],",
            "expected NAME=VALUE between commas, found nothing",
        ),
        (
            "heap=[1,2,99999999999999999999]",
            "99999999999999999999 is outside the range of `heap` (0..=5)",
        ),
        ("heap=[1,2,x]", "`x` is not a whole number (`heap`)"),
        (
            "hep=[1,2,3]",
            "no state variable `hep`; did you mean `heap`?",
        ),
    ] {
        assert_eq!(refused("nim.game", at), usage(at, why));
    }
    let at = "pile=[3], kept=[1,2], turn=2";
    assert_eq!(
        refused("even_or_odd.game", at),
        usage(at, "`pile` is a single value, written without brackets")
    );
}

#[test]
fn a_position_the_start_cannot_reach_is_evaluated_with_a_warning() {
    let o = gamec(&["solve", "games/nim.game", "--at", "heap=[5,5,5]"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stderr(&o),
        "warning: --at \"heap=[5,5,5]\": the start cannot reach this position; it is evaluated \
         as if play began there\n"
    );
    // Win in 11: take a heap of 5; the loser of [5, 5] lasts 10 moves, one token at a time. The
    // counts are still the start's: 48 classes of heaps in any order (120 positions without the
    // declaration), as without --at; win 41, lose 7 (by the xor of the heaps).
    assert_eq!(
        stdout(&o),
        "Nim
positions   48 up to symmetry (whose turn it is does not change any rule, so positions do not record it)
symmetry    heap: any order (proven from the rules)
position    heap=[5, 5, 5]
value       win in 11 for the player to move
best moves  take 5 from heap 0, take 5 from heap 1, take 5 from heap 2
grundy      5
by value    win 41, lose 7
order       in the order of position numbers, which every move lowers, one thread
"
    );
    let o = gamec(&["solve", "games/nim.game", "--at", "heap=[5,5,5]", "--json"]);
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(j["at"]["reachable"], false);
    assert_eq!(j["positions"], 48);
    let o = gamec(&["solve", "games/nim.game", "--at", "heap=[1,2,3]", "--json"]);
    assert_eq!(stderr(&o), "");
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(j["at"]["reachable"], true);
}

#[test]
fn a_rule_failing_below_an_unreachable_position_is_traced_from_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("late.game");
    std::fs::write(
        &path,
        r#"game "Late bonus" {
  state {
    pile: 0..=10 = 0
    bonus: bool = false
  }
  move add if pile < 10 {
    pile += 1
    if bonus and pile == 9 { pile += 5 }
  }
  end if pile == 10: last mover wins
}"#,
    )
    .expect("write");
    let p = path.to_str().expect("utf-8 path");
    let o = gamec(&["solve", p, "--at", "pile=5, bonus=true"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains(
            "help: Moves from --at pile=5, bonus=true (the start cannot reach it): add, add, add → \
             pile=8,\n        bonus=true; then add.\n"
        ),
        "{err}"
    );
}

/// Pig written with its turn total named `turn`: whose turn it is is then `mover=K`, in what
/// `solve` prints and in what `--at` reads (before, both were `turn=`, and `--at` could not
/// name the position).
#[test]
fn a_state_variable_named_turn_moves_the_turn_to_mover() {
    let src = std::fs::read_to_string(game_path("pig.game"))
        .expect("pig.game")
        .replace("run", "turn");
    let r = solve_source(&src, &["--set", "goal=6"]);
    assert!(
        r.stdout
            .contains("start       score=[0, 0], turn=0, die=0, mover=1, player 1 to move"),
        "{}",
        r.stdout
    );
    let at = "score=[3, 2], turn=2, die=0, mover=1";
    let r = solve_source(&src, &["--set", "goal=6", "--at", at]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let pig = gamec(&[
        "solve",
        &game_path("pig.game"),
        "--set",
        "goal=6",
        "--at",
        "score=[3, 2], run=2, die=0, turn=1",
    ]);
    let value = |t: &str| {
        t.lines()
            .find(|l| l.starts_with("value"))
            .map(str::to_string)
    };
    assert_eq!(value(&r.stdout), value(&stdout(&pig)));
    assert!(value(&r.stdout).is_some_and(|v| v.contains("113/155")));
    let r = solve_source(
        &src,
        &["--set", "goal=6", "--at", "score=[3, 2], turn=2, die=0"],
    );
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("`mover` is not given"), "{}", r.stderr);
}
