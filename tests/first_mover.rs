//! `first mover EXPR`: who makes the first move (a constant, 1 or 2), `last mover` at the start
//! is the other player, a setup that is nobody's move runs with the first mover to move, and
//! `setup by player K` with `first mover` is said twice.

use crate::common;
use crate::compare;

use common::*;
use compare::{compare, Case};

/// Take 1 or 2 from 4; whoever takes the last wins, and player 1 is told apart from player 2.
fn take(first: &str) -> String {
    format!(
        r#"game "Take" {{
  option starter: 1..=2 = 1
  {first}
  state {{ pile: 0..=4 = 4 }}
  move take(n in 1..=2) if n <= pile {{ pile -= n }}
  end if pile == 0: player last mover wins
}}"#
    )
}

fn start_of(src: &str, set: &[(&str, &str)]) -> (u8, u8) {
    let rules = rules_of(src, set);
    let engine = gamec::engine::Engine::new(&rules);
    let starts = engine.starts().expect("starts");
    (starts[0].mover, starts[0].pos.last_mover)
}

#[test]
fn the_first_mover_moves_first_and_the_other_moved_last() {
    assert_eq!(start_of(&take(""), &[]), (1, 2));
    assert_eq!(start_of(&take("first mover 2"), &[]), (2, 1));
    assert_eq!(start_of(&take("first mover starter"), &[]), (1, 2));
    assert_eq!(
        start_of(&take("first mover starter"), &[("starter", "2")]),
        (2, 1)
    );
    // The reference interpreter agrees position by position, value by value.
    for first in [
        "",
        "first mover 1",
        "first mover 2",
        "first mover 3 - starter",
    ] {
        let case = compare(&take(first), &[]).unwrap_or_else(|e| panic!("{first}: {e}"));
        assert!(matches!(case, Case::Solved { .. }), "{first}: {case:?}");
    }
}

#[test]
fn solve_says_who_moves_first() {
    let path = std::env::temp_dir().join(format!("first_mover_{}.game", std::process::id()));
    std::fs::write(&path, take("first mover starter")).expect("write");
    let p = path.to_string_lossy().to_string();
    // 4 tokens, take 1 or 2: the player to move wins in 2 (take 1, then answer 3 - n).
    let o = gamec(&["solve", &p, "--set", "starter=2"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o)
            .contains("start       pile=4, turn=2\nvalue       win in 3 for the player to move\n"),
        "{}",
        stdout(&o)
    );
    std::fs::remove_file(&path).ok();
}

#[test]
fn a_setup_that_is_nobodys_move_runs_with_the_first_mover_to_move() {
    let src = r#"game "Roll first" {
  first mover 2
  state { x: 0..=30 = 0 }
  setup { roll x in 1..=2; x = x * 10 + mover }
  move m { x = 0 }
  end if x == 0: player last mover wins
}"#;
    let rules = rules_of(src, &[]);
    let engine = gamec::engine::Engine::new(&rules);
    let starts = engine.starts().expect("starts");
    let shown: Vec<String> = starts
        .iter()
        .map(|b| format!("{} {}", engine.describe(&b.pos), b.mover))
        .collect();
    assert_eq!(shown, ["x=12, turn=2 2", "x=22, turn=2 2"]);
    assert!(matches!(compare(src, &[]), Ok(Case::Solved { .. })));
}

#[test]
fn who_moves_first_is_said_once_and_names_a_player() {
    let both = r#"game "Both" {
  first mover 2
  state { x: 0..=6 = 0 }
  setup by player 1 { roll x in 1..=6 }
  move m if x > 0 { x = 0 }
  end if x == 0: last mover wins
}"#;
    let r = gamec_in(&["check", "-"], both);
    assert_fails_with(
        &r,
        "gamec::duplicate_declaration\n\n  × who moves first is said twice: by `first mover` and by `setup by player`",
    );
    let twice = take("first mover 1\n  first mover 2");
    let r = gamec_in(&["check", "-"], &twice);
    assert_fails_with(
        &r,
        "gamec::duplicate_declaration\n\n  × a game has at most one `first mover`",
    );
    let r = gamec_in(&["check", "-"], &take("first mover 3"));
    assert_fails_with(&r, "gamec::bad_player\n\n  × there is no player 3");
    let r = gamec_in(&["check", "-"], &take("first mover pile"));
    assert_fails_with(&r, "gamec::not_constant");
    // `first` is still a name and a built-in.
    let src = r#"game "First" {
  option first = 2
  first mover first
  state { a: [0..=1; 3] = 0 }
  move set(i in indices(a)) if a[i] == 0 and i == first(j in indices(a) where a[j] == 0) { a[i] = 1 }
  end if no moves: mover loses
}"#;
    // No rule asks whose turn it is, so positions leave it out; player 2 still begins.
    assert_eq!(start_of(src, &[]).0, 2);
}
