//! `solve` (`--order auto`, the default) sweeps through the position numbers when every move
//! lowers them or every move raises them: the answers are the depth-first solver's, line for
//! line; only the `order` line differs. The sweep's kernels (finding and valuing on the table
//! itself) and its general path (`--interpreted`) give the same output, and a game the sweep does
//! not fit is solved depth-first.

use crate::common;
use common::*;

/// `solve -` with `args`, then with `--order depth-first` added: both succeed and differ only in
/// the last line; returns the whole of the first and the two last lines.
fn against_depth_first(source: &str, args: &[&str]) -> (String, String, String) {
    let mut a = vec!["solve", "-"];
    a.extend_from_slice(args);
    let auto = gamec_in(&a, source);
    a.extend_from_slice(&["--order", "depth-first"]);
    let dfs = gamec_in(&a, source);
    assert_eq!(
        (auto.code, dfs.code),
        (0, 0),
        "{}{}",
        auto.stderr,
        dfs.stderr
    );
    let cut = |s: &str| {
        let body = s.trim_end_matches('\n');
        let k = body.rfind('\n').map_or(0, |k| k + 1);
        (body[..k].to_string(), body[k..].to_string())
    };
    let ((body_a, last_a), (body_b, last_b)) = (cut(&auto.stdout), cut(&dfs.stdout));
    assert_eq!(body_a, body_b, "{args:?}");
    (auto.stdout, last_a, last_b)
}

fn shipped_source(name: &str) -> String {
    std::fs::read_to_string(game_path(name)).unwrap()
}

#[test]
fn nim_without_symmetry_is_swept_down_the_position_numbers() {
    let (out, _, dfs) = against_depth_first(
        &shipped_source("nim.game"),
        &["--no-symmetry", "--set", "piles=3,4,5"],
    );
    assert_eq!(
        out,
        "Nim
positions   120 (whose turn it is does not change any rule, so positions do not record it)
start       heap=[3, 4, 5], player 1 to move
value       win in 11 for the player to move
best moves  take 2 from heap 0
grundy      2
by value    win 102, lose 18
order       in the order of position numbers, which every move lowers, one thread
"
    );
    assert_eq!(dfs, "order       depth-first from the start, one thread");
}

#[test]
fn shipped_games_give_the_same_answers_swept_or_depth_first() {
    let lowers =
        "order       in the order of position numbers, which every move lowers, one thread";
    let raises =
        "order       in the order of position numbers, which every move raises, one thread";
    let cases: &[(&str, &[&str], &str)] = &[
        ("one_two_ten.game", &[], raises),
        ("kayles.game", &[], lowers),
        (
            "nim.game",
            &["--no-symmetry", "--set", "piles=2,5,3,1"],
            lowers,
        ),
        (
            "nim.game",
            &["--no-symmetry", "--set", "misere=true"],
            lowers,
        ),
        ("chomp.game", &[], lowers),
        // A roll decides the start; the moves then raise the total, but may lower the top face.
        (
            "one_die.game",
            &[],
            "order       depth-first from the start, one thread",
        ),
        // Positions record whose turn it is in their highest digit, which falls on every other
        // move.
        (
            "tic_tac_toe.game",
            &["--no-symmetry"],
            "order       depth-first from the start, one thread",
        ),
        // Symmetries reduce the positions: solved depth-first.
        (
            "tic_tac_toe.game",
            &[],
            "order       depth-first from the start, one thread",
        ),
    ];
    for (game, args, order) in cases {
        let (_, last, _) = against_depth_first(&shipped_source(game), args);
        assert_eq!(&last, order, "{game} {args:?}");
        // The general path (the rules interpreted) sweeps the same way to the same answers.
        let mut a = vec!["solve", "-", "--interpreted"];
        a.extend_from_slice(args);
        let slow = gamec_in(&a, &shipped_source(game));
        let mut a = vec!["solve", "-"];
        a.extend_from_slice(args);
        assert_eq!(slow.stdout, gamec_in(&a, &shipped_source(game)).stdout);
    }
}

#[test]
fn remoteness_past_255_widens_the_table_mid_sweep() {
    // 1, 2, ..., 10 to 600: the loser's remoteness reaches 600, past 16-bit entries.
    let (out, last, _) =
        against_depth_first(&shipped_source("one_two_ten.game"), &["--set", "goal=600"]);
    // 600 is a multiple of 3: the first player loses, taking as long as possible.
    assert!(
        out.contains("value       lose in 400 for the player to move"),
        "{out}"
    );
    assert_eq!(
        last,
        "order       in the order of position numbers, which every move raises, one thread"
    );
}

#[test]
fn a_move_against_the_sweep_hands_the_game_to_depth_first() {
    // Up by 3, then down by 2: the first move raises the number, the second lowers it.
    let updown = r#"game "Up and down" {
  state { x: 0..=3 = 0 }
  move up if x == 0 { x = 3 }
  move down if x == 3 { x = 1 }
  end if no moves: last mover wins
}"#;
    let (out, last, _) = against_depth_first(updown, &[]);
    assert_eq!(last, "order       depth-first from the start, one thread");
    assert!(out.contains("value       lose in 2"), "{out}");
    // Down by 1 twice, then up from 0 to 5 once: found only at the third position.
    let late = r#"game "Late turn" {
  state { x: 0..=5 = 2  back: bool = false }
  move down if x > 0 { x -= 1 }
  move up if x == 0 and not back { x = 5  back = true }
  end if no moves: last mover wins
}"#;
    let (_, last, _) = against_depth_first(late, &[]);
    assert_eq!(last, "order       depth-first from the start, one thread");
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
        &[][..],
        &["--max-positions", "5"],
        &["--max-steps", "12"],
        &["--interpreted"],
        &["--threads", "2"],
        &["--threads", "2", "--max-positions", "5"],
        &["--threads", "2", "--max-steps", "12"],
    ] {
        let run = |order: &str| {
            let mut a = vec!["solve", "-", "--order", order];
            a.extend_from_slice(extra);
            gamec_in(&a, fault)
        };
        let (a, b) = (run("auto"), run("depth-first"));
        assert_eq!((a.code, &a.stderr), (b.code, &b.stderr), "{extra:?}");
        assert_eq!(a.code, 1, "{extra:?}");
    }
    let r = gamec_in(&["solve", "-"], fault);
    assert!(
        r.stderr.starts_with("gamec::division_by_zero"),
        "{}",
        r.stderr
    );
}

#[test]
fn the_json_names_the_sweep() {
    let r = gamec_in(
        &["solve", "-", "--json"],
        &shipped_source("one_two_ten.game"),
    );
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(
        v["order"],
        serde_json::json!({"kind": "sweep", "direction": "up", "threads": 1})
    );
}

/// `gamec --color never ARGS` with the compiled rules verified (`GAMEC_VERIFY_KERNEL=1`): every
/// kernel is compiled at once, short sweeps' included.
fn gamec_verified(args: &[&str], stdin: &str) -> Run {
    gamec_with_env(
        &["--color", "never"],
        args,
        stdin,
        &[("GAMEC_VERIFY_KERNEL", "1")],
    )
}

/// `solve -` with `args` on one thread and on two (verified, so that a short sweep is done on
/// two threads too): the same answers; returns the two-thread run's `order` line.
fn on_two_threads(source: &str, args: &[&str]) -> String {
    let run = |threads: &str| {
        let mut a = vec!["solve", "-", "--threads", threads];
        a.extend_from_slice(args);
        let r = match threads {
            "1" => gamec_in(&a, source),
            _ => gamec_verified(&a, source),
        };
        assert_eq!(r.code, 0, "{args:?} {}", r.stderr);
        r.stdout
    };
    let (one, two) = (run("1"), run("2"));
    let body = |s: &str| {
        s.lines()
            .filter(|l| !l.starts_with("order"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(body(&one), body(&two), "{args:?}");
    two.lines()
        .find(|l| l.starts_with("order"))
        .unwrap()
        .to_string()
}

#[test]
fn two_threads_find_and_value_at_once_to_the_same_answers() {
    let lowers = "order       in the order of position numbers, which every move lowers, \
                  2 threads (finding and valuing at once)";
    let raises = "order       in the order of position numbers, which every move raises, \
                  2 threads (finding and valuing at once)";
    let cases: &[(&str, &[&str], &str)] = &[
        ("one_two_ten.game", &[], raises),
        // Remoteness past 16-bit entries: the table widens while both threads run.
        ("one_two_ten.game", &["--set", "goal=600"], raises),
        ("kayles.game", &[], lowers),
        // More than one chunk of codes (65,536): valuing runs ahead of finding, on every code.
        (
            "nim.game",
            &["--no-symmetry", "--set", "piles=5,5,5,5,5,5,5"],
            lowers,
        ),
        (
            "nim.game",
            &["--no-symmetry", "--set", "misere=true"],
            lowers,
        ),
        ("chomp.game", &[], lowers),
        // Its labels ("take {n} from the first", "... from both") all start "take " but end
        // apart, so they need no check for repeats (which only the general path does, on one
        // thread): found and valued at once on two.
        ("wythoff.game", &[], lowers),
        // Depth-first runs on one thread whatever --threads says, and says why.
        (
            "one_die.game",
            &[],
            "order       depth-first from the start, one thread; --threads 2 is not used: the \
             positions cannot be taken in the order of their numbers, and depth-first order runs \
             on one thread",
        ),
    ];
    for (game, args, order) in cases {
        assert_eq!(
            &on_two_threads(&shipped_source(game), args),
            order,
            "{game} {args:?}"
        );
    }
    // Unverified, a sweep through fewer than 65,536 numbers is not worth compiling the kernels
    // two threads need: it runs on one (tic-tac-toe's would compile them only to find its first
    // move against the sweep).
    let two = |game: &str, args: &[&str]| {
        let mut a = vec!["solve", "-", "--threads", "2"];
        a.extend_from_slice(args);
        let r = gamec_in(&a, &shipped_source(game));
        r.stdout.lines().last().unwrap_or_default().to_string()
    };
    assert_eq!(
        two("one_two_ten.game", &[]),
        "order       in the order of position numbers, which every move raises, one thread"
    );
    assert_eq!(
        two(
            "nim.game",
            &["--no-symmetry", "--set", "piles=5,5,5,5,5,5,5"]
        ),
        lowers
    );
}

#[test]
fn two_threads_in_the_json() {
    let r = gamec_in(
        &[
            "solve",
            "-",
            "--json",
            "--threads",
            "2",
            "--no-symmetry",
            "--set",
            "piles=5,5,5,5,5,5,5",
        ],
        &shipped_source("nim.game"),
    );
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(
        v["order"],
        serde_json::json!({"kind": "sweep", "direction": "down", "threads": 2})
    );
}

#[test]
fn a_range_ending_at_a_slot_is_read_again_after_the_body_writes_it() {
    // The kernels reuse `x`, read for the range `1..=x`, in the body's `x -= n`, knowing then
    // that the result cannot be negative; a write to `x` before that must end both.
    let games = [
        "state { x: 0..=3 = 3 }\n  move take(n in 1..=x) { x = 1  x -= n }",
        "state { x: 0..=3 = 3 }\n  move take(n in 1..=x) { x -= n  x -= n }",
        "state { x: 0..=3 = 3  y: 0..=1 = 0 }\n  move take(n in 1..=x) { if y == 0 { x = 1 }  x -= n }",
    ];
    for g in games {
        let src = format!("game \"g\" {{\n  {g}\n  end if no moves: last mover wins\n}}\n");
        let compiled = gamec_in(&["solve", "-"], &src);
        let interpreted = gamec_in(&["solve", "-", "--interpreted"], &src);
        assert_eq!(
            (compiled.code, &compiled.stderr),
            (interpreted.code, &interpreted.stderr),
            "{g}"
        );
        assert!(
            compiled
                .stderr
                .starts_with("gamec::out_of_range\n\n  × `x` would become -1"),
            "{g}: {}",
            compiled.stderr
        );
    }
}

/// Verifying the sweep's compiled valuing (GAMEC_VERIFY_KERNEL=1) takes none of the solve's
/// steps: it ran out of them at 2,000,000 where the solve itself stays within them (fuzz seed
/// 26, input 57699), and panicked as if the kernel were wrong.
#[test]
fn checking_the_kernel_takes_none_of_the_solves_steps() {
    let src = "game \"Long\" {\n  option top: 1..=1000 = 406\n  state { c: 0..=top = top }\n  \
               move take(n in 1..=4545) if n <= c { c -= n }\n  end if c == 0: last mover loses\n}\n";
    for steps in ["2000000", "3000000"] {
        let args = ["solve", "-", "--max-steps", steps];
        let checked = gamec_with_env(
            &["--color", "never"],
            &args,
            src,
            &[("GAMEC_VERIFY_KERNEL", "1")],
        );
        let plain = gamec_in(&args, src);
        assert_eq!(checked.code, 0, "{}", checked.stderr);
        assert_eq!(checked.stdout, plain.stdout);
        assert!(
            checked
                .stdout
                .contains("value       win in 2 for the player to move"),
            "{}",
            checked.stdout
        );
    }
}
