//! List options are constant arrays: indexed by a constant, a parameter or the state, they read the
//! element asked for (a list indexed by anything but a constant once read element 0, silently).

use crate::common;
use common::*;
use gamec::engine::Engine;
use gamec::rules::RtKind;
use gamec::solve::{solve, SolveError, Value};

const SUBTRACTION: &str = r#"game "option index" {
  option S = [1, 3, 4]
  state { pile: 0..=14 = 14 }
  move take(k in 0..=2) if S[k] <= pile as "take index {k}" { pile -= S[k] }
  end if pile == 0: last mover wins
}"#;

/// The piles from which the player to move loses, solving from every pile up to `top`.
fn losing_piles(source: &str, set: &[(&str, &str)], top: i64) -> Vec<i64> {
    let r = rules_of(source, set);
    let e = Engine::new(&r);
    let code = |p: i64| e.parse_position(&format!("pile={p}")).expect("position");
    let roots: Vec<u64> = (0..=top).map(code).collect();
    let s = solve(&e, &roots, 1000).expect("solves");
    (0..=top)
        .filter(|&p| s.get(code(p)).map(|x| x.value) == Some(Value::Lose))
        .collect()
}

/// Brute force: the piles from which the player to move loses when moves take an amount in `s`.
fn brute_losing(s: &[i64], top: i64) -> Vec<i64> {
    let mut lose = vec![false; top as usize + 1];
    for n in 0..=top as usize {
        lose[n] = !s.iter().any(|&k| k as usize <= n && lose[n - k as usize]);
    }
    (0..=top).filter(|&n| lose[n as usize]).collect()
}

#[test]
fn a_list_option_indexed_by_a_parameter_reads_each_element() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("option_index.game");
    std::fs::write(&path, SUBTRACTION).expect("write");
    let o = gamec(&["tree", path.to_str().expect("utf-8 path"), "--depth", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<String> = stdout(&o).lines().take(4).map(str::to_string).collect();
    assert_eq!(
        lines,
        [
            "pile=14, player 1 to move: lose in 8",
            "  take index 0 -> pile=13, player 2 to move: win in 7",
            "  take index 1 -> pile=11, player 2 to move: win in 5",
            "  take index 2 -> pile=10, player 2 to move: win in 5",
        ]
    );
}

#[test]
fn subtraction_games_from_list_options_match_brute_force() {
    assert_eq!(
        losing_piles(SUBTRACTION, &[], 14),
        brute_losing(&[1, 3, 4], 14)
    );
    // With amounts above 1 a small pile can have no move: normal play, the player to move loses.
    let normal_play = SUBTRACTION.replace("pile == 0: last mover wins", "no moves: mover loses");
    assert_eq!(
        losing_piles(&normal_play, &[("S", "2,5,6")], 14),
        brute_losing(&[2, 5, 6], 14)
    );
}

#[test]
fn a_list_option_indexed_by_the_state_is_read_at_run_time() {
    // `check` used to panic here (index out of bounds inside the checker's constant folding).
    let src = SUBTRACTION.replace("pile -= S[k]", "pile -= S[pile % 3]");
    let r = rules_of(&src, &[]);
    let e = Engine::new(&r);
    let start = e.starts().expect("starts")[0].code;
    match solve(&e, &[start], 1000) {
        Err(SolveError::Fault(f, code)) => {
            assert_eq!(f.error.kind, RtKind::OutOfRange);
            assert_eq!(
                f.error.message,
                "`pile` would become -2, outside its range 0..=14"
            );
            assert_eq!(e.describe(&e.decode(code)), "pile=1");
        }
        Err(other) => panic!("unexpected error {other:?}"),
        Ok(_) => panic!("pile=1 takes S[1] = 3 and leaves the range"),
    }
}

#[test]
fn count_over_the_indices_of_a_list_option_reads_each_element() {
    let src = r#"game "option fold" {
      option S = [1, 3, 4]
      state { pile: 0..=14 = 14 }
      move take(k in indices(S)) if S[k] <= pile and count(i in indices(S) where S[i] <= pile) >= 2 {
        pile -= S[k]
      }
      end if no moves: mover loses
    }"#;
    // With two or more of the amounts fitting, any fitting amount may be taken; with fewer, none.
    let mut lose = [false; 15];
    for n in 0..15usize {
        let fits: Vec<usize> = [1usize, 3, 4].into_iter().filter(|&k| k <= n).collect();
        lose[n] = fits.len() < 2 || fits.iter().all(|&k| !lose[n - k]);
    }
    let want: Vec<i64> = (0..15).filter(|&n| lose[n as usize]).collect();
    assert_eq!(losing_piles(src, &[], 14), want);
}

#[test]
fn a_list_index_out_of_bounds_at_run_time_is_reported_with_its_move() {
    let src = SUBTRACTION
        .replace("k in 0..=2", "k in 0..=3")
        .replace("pile -= S[k]", "pile -= S[k + 1]")
        .replace("if S[k] <= pile", "if k < 3 and S[k] <= pile");
    let r = rules_of(&src, &[]);
    let e = Engine::new(&r);
    let start = e.starts().expect("starts")[0].code;
    match solve(&e, &[start], 1000) {
        Err(SolveError::Fault(f, _)) => {
            assert_eq!(f.error.kind, RtKind::IndexOutOfBounds);
            assert_eq!(
                f.error.message,
                "index 3 is outside this list of 3 values (its indices are 0..=2)"
            );
            assert_eq!(
                f.during.as_ref().map(|(_, args)| args.clone()),
                Some(vec![2])
            );
        }
        Err(other) => panic!("unexpected error {other:?}"),
        Ok(_) => panic!("take index 2 reads S[3]"),
    }
}

#[test]
fn a_constant_list_index_out_of_bounds_is_a_static_error() {
    let src = SUBTRACTION.replace("pile -= S[k]", "pile -= S[3]");
    let (compiled, diags) = gamec::compile(&src, &[]);
    assert!(compiled.is_none());
    let codes: Vec<&str> = diags.0.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["gamec::index_out_of_bounds"]);
    assert_eq!(
        diags.0[0].message,
        "index 3 is outside this list of 3 values (its indices are 0..=2)"
    );
}
