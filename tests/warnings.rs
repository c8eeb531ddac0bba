//! Warnings are shown together with errors, by every command: an error elsewhere in a file does not
//! hide a warning that stands on its own, and does not cause a warning that is only its echo.

use crate::common;
use common::*;

/// The codes and headlines of a run's diagnostics, and the summary line if any.
fn headlines(stderr: &str) -> Vec<String> {
    stderr
        .lines()
        .filter(|l| {
            l.starts_with("gamec::") || l.starts_with("  × ") || l.starts_with("  ⚠ ") || {
                l.ends_with(": ok") || l.contains(" error") && !l.starts_with(' ')
            }
        })
        .map(|l| l.trim_start().to_string())
        .collect()
}

fn write_game(dir: &tempfile::TempDir, name: &str, text: &str) -> String {
    let p = dir.path().join(name);
    std::fs::write(&p, text).expect("write");
    p.to_str().expect("utf-8 path").to_string()
}

const THROWS: &str = r#"game "T" {
  throws a, b, c, d
  beats {
    a beats b
    c beats d
    x beats a
  }
}"#;

#[test]
fn a_throw_game_s_undecided_pairs_are_shown_beside_an_unrelated_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    let p = write_game(&dir, "t.game", THROWS);
    // `x beats a` is broken, so pairs with `a` may be what it meant: no warning for them. Nothing
    // at all decides b against c or d.
    let expected = [
        "gamec::undecided_pair",
        "⚠ nothing decides `b` against `c`, so it is a tie",
        "gamec::undecided_pair",
        "⚠ nothing decides `b` against `d`, so it is a tie",
        "gamec::unknown_throw",
        "× unknown throw `x`",
    ];
    let o = gamec(&["check", &p]);
    assert_eq!(o.status.code(), Some(1));
    let mut with_summary = expected.map(str::to_string).to_vec();
    with_summary.push(format!("{p}: 1 error, 2 warnings"));
    assert_eq!(headlines(&stderr(&o)), with_summary);
    for cmd in ["solve", "graph", "play"] {
        let o = gamec(&[cmd, &p]);
        assert_eq!(o.status.code(), Some(1), "{cmd}");
        assert_eq!(headlines(&stderr(&o)), expected, "{cmd}");
    }
}

#[test]
fn a_duplicate_move_is_still_read_for_what_it_uses() {
    let dir = tempfile::tempdir().expect("temp dir");
    let p = write_game(
        &dir,
        "w.game",
        r#"game "W" {
  state { pile: 0..=10 = 0
          junk: 0..=3 = 0 }
  move add(n in 1..=2) if pile + n <= 10 { pile += n }
  move add(n in 1..=2) if junk < 3 { junk += 1 }
  end if pile == 10: last mover wins
}"#,
    );
    let o = gamec(&["check", &p]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        headlines(&stderr(&o)),
        [
            "gamec::duplicate_name".to_string(),
            "× `add` is declared twice".to_string(),
            format!("{p}: 1 error"),
        ]
    );
}

#[test]
fn a_sequential_game_s_warning_is_shown_beside_its_error_by_every_command() {
    let dir = tempfile::tempdir().expect("temp dir");
    let p = write_game(
        &dir,
        "w.game",
        r#"game "W" {
  state { pile: 0..=10 = 0
          junk: 0..=3 = 0 }
  move add(n in 1..=2) if pile + n <= 10 { pile += n }
  end if pile == gaol: last mover wins
}"#,
    );
    let expected = [
        "gamec::unused_variable",
        "⚠ no rule reads the state variable `junk`",
        "gamec::unknown_name",
        "× unknown name `gaol`",
    ];
    for cmd in ["check", "solve", "tree", "graph", "play"] {
        let o = gamec(&[cmd, &p]);
        assert_eq!(o.status.code(), Some(1), "{cmd}");
        let mut want = expected.map(str::to_string).to_vec();
        if cmd == "check" {
            want.push(format!("{p}: 1 error, 1 warning"));
        }
        assert_eq!(headlines(&stderr(&o)), want, "{cmd}");
    }
}
