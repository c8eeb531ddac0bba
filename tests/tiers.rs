//! `solve --order tiers`: positions solved tier by tier of a measure every move changes one way,
//! on `--threads` threads. The answers are the depth-first solver's, line for line; only the
//! `order` line differs, and it says which measure ordered the tiers (or that there was none).

use crate::common;
use common::*;

/// Solves `source` both ways; returns (depth-first output, tier-order output).
fn both(source: &str, extra: &[&str]) -> (Run, Run) {
    let run = |order: &str| {
        let mut args = vec!["solve", "-", "--order", order];
        args.extend_from_slice(extra);
        gamec_in(&args, source)
    };
    (run("depth-first"), run("tiers"))
}

/// Everything but the last line (the `order` line) is the same both ways; returns the two last lines.
fn same_but_order(source: &str, extra: &[&str]) -> (String, String) {
    let (a, b) = both(source, extra);
    assert_eq!((a.code, b.code), (0, 0), "{}{}", a.stderr, b.stderr);
    let cut = |s: &str| {
        let body = s.trim_end_matches('\n');
        let k = body.rfind('\n').map_or(0, |k| k + 1);
        (body[..k].to_string(), body[k..].to_string())
    };
    let ((body_a, last_a), (body_b, last_b)) = (cut(&a.stdout), cut(&b.stdout));
    assert_eq!(body_a, body_b);
    (last_a, last_b)
}

#[test]
fn nim_is_solved_tier_by_tier_of_the_tokens_left() {
    let r = gamec_in(
        &["solve", "-", "--order", "tiers", "--threads", "2"],
        &std::fs::read_to_string(game_path("nim.game")).unwrap(),
    );
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    assert_eq!(
        r.stdout,
        "Nim
positions   48 up to symmetry (whose turn it is does not change any rule, so positions do not record it)
symmetry    heap: any order (proven from the rules)
start       heap=[3, 4, 5], player 1 to move
value       win in 11 for the player to move
best moves  take 2 from heap 0
grundy      2
by value    win 41, lose 7
order       tier by tier of the sum of the state, which every move lowers: 13 tiers, 2 threads
"
    );
}

#[test]
fn shipped_games_give_the_same_answers_in_either_order() {
    let cases: &[(&str, &[&str], &str)] = &[
        (
            "one_two_ten.game",
            &["--threads", "1"],
            "tier by tier of the sum of the state, which every move raises: 11 tiers, 1 thread",
        ),
        (
            "tic_tac_toe.game",
            &["--threads", "2"],
            // X is 1 and O is 2: 10 sums from 0 to 13 are reached.
            "tier by tier of the sum of the state, which every move raises: 10 tiers, 2 threads",
        ),
        (
            "nim.game",
            &["--threads", "2", "--no-symmetry", "--set", "piles=4,5,6,3"],
            "tier by tier of the sum of the state, which every move lowers: 19 tiers, 2 threads",
        ),
        (
            // The total rises, but the die's top face may fall by more: no measure holds.
            "one_die.game",
            &["--threads", "2"],
            "depth-first from the start, one thread; --order tiers does not apply: neither the \
             sum of the state nor the pieces on the board change one way on every move, so the \
             game is solved by depth-first order, on one thread",
        ),
        (
            // Loopy: the first move changes no measure, so it is solved as always.
            "tug_of_war.game",
            &["--threads", "2"],
            "retrograde analysis over the table of position numbers (play can return to a \
             position); --order tiers does not apply: neither the sum of the state nor the \
             pieces on the board change one way on every move, so the game is solved by \
             retrograde analysis, on one thread",
        ),
    ];
    for (game, extra, order) in cases {
        let source = std::fs::read_to_string(game_path(game)).unwrap();
        let (a, b) = same_but_order(&source, extra);
        assert!(a.starts_with("order       "), "{game}: {a}");
        assert_eq!(b, format!("order       {order}"), "{game}");
    }
}

#[test]
fn a_measure_that_fails_gives_way_to_the_next_then_to_depth_first() {
    // `flip` keeps the sum (2 + 0 → 1 + 1) but adds a piece: the pieces order the tiers.
    let flip = r#"game "Place then flip" {
  state { a: 0..=2 = 0  b: 0..=2 = 0 }
  move place if a == 0 { a = 2 }
  move flip if a == 2 and b == 0 { a = 1  b = 1 }
  end if no moves: last mover wins
}"#;
    let (_, b) = same_but_order(flip, &["--threads", "2"]);
    assert_eq!(
        b,
        "order       tier by tier of the pieces on the board, which every move raises: 3 tiers, 2 threads"
    );
    // Up by 3, then down by 2: no measure every move changes one way.
    let updown = r#"game "Up and down" {
  state { x: 0..=3 = 0 }
  move up if x == 0 { x = 3 }
  move down if x == 3 { x = 1 }
  end if no moves: last mover wins
}"#;
    let (a, b) = same_but_order(updown, &["--threads", "2"]);
    let why = "--order tiers does not apply: neither the sum of the state nor the pieces on the \
               board change one way on every move, so the game is solved by depth-first order, \
               on one thread";
    assert_eq!(
        b,
        format!("order       depth-first from the start, one thread; {why}")
    );
    // Depth-first order asked for on two threads says it uses one.
    assert_eq!(
        a,
        "order       depth-first from the start, one thread; --threads 2 is not used: \
         depth-first order runs on one thread"
    );
    // The choice is told once on stderr too, and in the JSON `order` object.
    let r = gamec_in(
        &["solve", "-", "--order", "tiers", "--threads", "2"],
        updown,
    );
    assert_eq!((r.code, r.stderr), (0, format!("warning: {why}\n")));
    let r = gamec_in(&["solve", "-", "--order", "tiers", "--json"], updown);
    let j: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(
        j["order"],
        serde_json::json!({"kind": "depth-first", "threads": 1, "fallback": why})
    );
}

#[test]
fn faults_and_limits_are_reported_as_depth_first_reports_them() {
    let fault = r#"game "One bad position" {
  state { pile: 0..=9 = 0 }
  move add(n in 1..=2) if pile + n <= 9 { pile += n }
  end if 10 / (pile - 7) == 5: last mover wins
  end if pile == 9: last mover wins
}"#;
    for extra in [
        &["--threads", "2"][..],
        &["--threads", "2", "--max-positions", "5"],
        &["--threads", "2", "--max-steps", "12"],
    ] {
        let (a, b) = both(fault, extra);
        assert_eq!((a.code, &a.stderr), (b.code, &b.stderr), "{extra:?}");
        assert_eq!(a.code, 1, "{extra:?}");
    }
    let (a, _) = both(fault, &[]);
    assert!(
        a.stderr.starts_with("gamec::division_by_zero"),
        "{}",
        a.stderr
    );
    let (a, _) = both(fault, &["--max-positions", "5"]);
    assert!(
        a.stderr
            .contains("the game has more than 5 reachable positions, the limit"),
        "{}",
        a.stderr
    );
    let (a, _) = both(fault, &["--max-steps", "12"]);
    assert!(
        a.stderr.starts_with("gamec::too_many_steps"),
        "{}",
        a.stderr
    );
}

#[test]
fn the_json_says_the_order_too() {
    let source = std::fs::read_to_string(game_path("one_two_ten.game")).unwrap();
    let r = gamec_in(
        &["solve", "-", "--json", "--order", "tiers", "--threads", "2"],
        &source,
    );
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(
        v["order"],
        serde_json::json!({"kind": "tiers", "measure": "sum", "direction": "up", "tiers": 11, "threads": 2})
    );
    let r = gamec_in(&["solve", "-", "--json", "--order", "depth-first"], &source);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(
        v["order"],
        serde_json::json!({"kind": "depth-first", "threads": 1})
    );
}

#[test]
fn threads_must_be_a_positive_count() {
    for bad in ["0", "x", "2000"] {
        let r = gamec(&["solve", &game_path("nim.game"), "--threads", bad]);
        assert_eq!(r.status.code(), Some(2), "{bad}");
        assert!(
            stderr(&r).contains("invalid value") && stderr(&r).contains("--threads"),
            "{}",
            stderr(&r)
        );
    }
}
