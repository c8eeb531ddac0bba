//! `--set`: one root cause, one diagnostic. A bad value is one `gamec::bad_set` (exit 2) and the
//! option keeps its default, so nothing downstream cascades; a value that breaks a range or an
//! initial value downstream is named in that diagnostic's help.

use crate::common;
use common::*;

/// (code, message, help) of every diagnostic of `source` with these `--set`s.
fn diags(source: &str, set: &[(&str, &str)]) -> Vec<(String, String, String)> {
    let (_, d) = gamec::compile(source, &sets(set));
    d.0.iter()
        .map(|d| {
            (
                d.code.to_string(),
                d.message.clone(),
                d.help.clone().unwrap_or_default(),
            )
        })
        .collect()
}

fn one(code: &str, message: &str, help: &str) -> Vec<(String, String, String)> {
    vec![(code.to_string(), message.to_string(), help.to_string())]
}

fn nim() -> String {
    std::fs::read_to_string(game_path("nim.game")).expect("nim")
}

fn ten() -> String {
    std::fs::read_to_string(game_path("one_two_ten.game")).expect("one_two_ten")
}

#[test]
fn an_empty_list_is_one_bad_set_not_a_cascade() {
    let o = gamec(&["check", "games/nim.game", "--set", "piles="]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "gamec::bad_set

  × `--set piles=`: a list option needs at least one value
    ╭─[games/nim.game:10:3]
  9 │          (or loses, with --set misere=true).\"
 10 │   option piles = [3, 4, 5]              // list options too: --set piles=7,7,7,7
    ·   ────────────┬───────────
    ·               ╰── the option is declared here
 11 │   option misere: bool = false
    ╰────
  help: Give the values separated by commas, like `--set piles=3,4,5`.
games/nim.game: 1 error
"
    );
    for (value, message, help) in [
        (
            "[]",
            "`--set piles=[]`: a list option needs at least one value",
            "Give the values separated by commas, like `--set piles=3,4,5`.",
        ),
        (
            "1,,2",
            "`--set piles=1,,2`: a value is missing between commas",
            "Give the values separated by single commas, like `--set piles=3,4,5`.",
        ),
        (
            "[1,2",
            "`--set piles=[1,2`: the brackets do not match",
            "Give the values separated by commas, with or without one pair of brackets: \
             `--set piles=3,4,5` or `--set piles=[3,4,5]`.",
        ),
        (
            "1,x",
            "`--set piles=1,x`: `x` is not a whole number (in the list)",
            "The default is `[3, 4, 5]`; give whole numbers separated by commas.",
        ),
    ] {
        assert_eq!(
            diags(&nim(), &[("piles", value)]),
            one("gamec::bad_set", message, help)
        );
    }
}

#[test]
fn numbers_past_64_bits_are_too_large_with_the_limits() {
    assert_eq!(
        diags(&ten(), &[("goal", "99999999999999999999")]),
        one(
            "gamec::bad_set",
            "`--set goal=99999999999999999999`: 99999999999999999999 is too large for the \
             option's range 1..=100000",
            "Choose a value from 1 to 100000.",
        )
    );
    assert_eq!(
        diags(&ten(), &[("goal", "-99999999999999999999")]),
        one(
            "gamec::bad_set",
            "`--set goal=-99999999999999999999`: -99999999999999999999 is too small for the \
             option's range 1..=100000",
            "Choose a value from 1 to 100000.",
        )
    );
    assert_eq!(
        diags(&nim(), &[("piles", "1,99999999999999999999")]),
        one(
            "gamec::bad_set",
            "`--set piles=1,99999999999999999999`: 99999999999999999999 is too large: whole \
             numbers go from -9223372036854775808 to 9223372036854775807 (in the list)",
            "Give a whole number from -9223372036854775808 to 9223372036854775807.",
        )
    );
}

#[test]
fn bool_options_take_true_or_false_only() {
    for v in ["yes", "no", "on", "off", "1", "0", "TRUE"] {
        assert_eq!(
            diags(&nim(), &[("misere", v)]),
            one(
                "gamec::bad_set",
                &format!("`--set misere={v}`: `{v}` is not true or false"),
                "The default is `false`; give `true` or `false`.",
            ),
            "{v}"
        );
    }
    assert_eq!(diags(&nim(), &[("misere", "true")]), vec![]);
}

#[test]
fn an_option_set_twice_or_empty_is_refused() {
    assert_eq!(
        diags(&ten(), &[("goal", "5"), ("goal", "7")]),
        one(
            "gamec::bad_set",
            "`--set goal` is given more than once",
            "Give `--set goal=...` once.",
        )
    );
    assert_eq!(
        diags(&ten(), &[("goal", "")]),
        one(
            "gamec::bad_set",
            "`--set goal=`: no value is given",
            "The default is `10`; give a whole number.",
        )
    );
}

const HALF: &str = r#"game "Halves" {
  option goal = 10
  option half = goal / 2
  state {
    pile: 1..=goal = 1
    rest: 1..=half = 1
  }
  move add(n in 1..=2) if pile + n <= goal { pile += n; rest = 1 }
  end if pile == goal and rest == 1: last mover wins
}"#;

#[test]
fn a_set_that_breaks_a_range_downstream_is_named() {
    assert_eq!(
        diags(HALF, &[("goal", "0")]),
        vec![
            (
                "gamec::bad_range".to_string(),
                "the range 1..=0 is empty".to_string(),
                "`goal` is 0 because of `--set goal=0`.\nWrite the low end first, as in `0..=10`."
                    .to_string()
            ),
            (
                "gamec::bad_range".to_string(),
                "the range 1..=0 is empty".to_string(),
                "`half` is 0 because of `--set goal=0`.\nWrite the low end first, as in `0..=10`."
                    .to_string()
            ),
        ]
    );
    // Without the --set, nothing to name.
    let (_, d) = gamec::compile(&HALF.replace("option goal = 10", "option goal = 0"), &[]);
    assert_eq!(
        d.0.iter()
            .map(|d| d.help.clone().unwrap_or_default())
            .collect::<Vec<_>>(),
        vec!["Write the low end first, as in `0..=10`."; 2]
    );
}

#[test]
fn a_set_that_breaks_an_initial_value_or_a_length_is_named() {
    assert_eq!(
        diags(&nim(), &[("piles", "3,4,-1")]),
        one(
            "gamec::init_out_of_range",
            "`heap` starts at -1, outside its range 0..=4",
            "`piles` is [3, 4, -1] because of `--set piles=3,4,-1`.\nWiden the declared range or \
             change the initial value.",
        )
    );
    let src = r#"game "Lengths" {
  option n = 3
  state { a: [0..=1; n] = 0 }
  move flip(i in indices(a)) if a[i] == 0 { a[i] = 1 }
  end if no moves: mover loses
}"#;
    // One diagnostic: `a` is not then reported as unknown wherever it is used.
    assert_eq!(
        diags(src, &[("n", "0")]),
        one(
            "gamec::bad_range",
            "an array of length 0 is not allowed",
            "`n` is 0 because of `--set n=0`.\nAn array has from 1 to 1000 elements.",
        )
    );
    // A long list is said by its length and its --set cut short.
    let many = vec!["1"; 1001].join(",");
    assert_eq!(
        diags(&nim(), &[("piles", &many)]),
        one(
            "gamec::bad_range",
            "an array of length 1001 is not allowed",
            "`piles` is a list of 1001 values because of \
             `--set piles=1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,…`.\n\
             An array has from 1 to 1000 elements.",
        )
    );
}

#[test]
fn an_option_whose_default_fails_is_not_reported_again_where_it_is_used() {
    let src = r#"game "Bad default" {
  option goal = 10 / 0
  state { pile: 0..=goal = 0 }
  move add(n in 1..=2) if pile + n <= goal { pile += n }
  end if pile == goal: last mover wins
}"#;
    let codes: Vec<&str> = gamec::compile(src, &[])
        .1
         .0
        .iter()
        .map(|d| d.code)
        .collect();
    assert_eq!(codes, vec!["gamec::division_by_zero"]);
}
