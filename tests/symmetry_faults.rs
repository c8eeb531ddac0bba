//! A `symmetry` declaration may make a solve faster, never change what it reports: with the
//! declaration, `solve` prints what `--no-symmetry` prints, but for the position counts and the
//! symmetry line. Above all where a rule fails: whether `any`/`all` stop before a failing element
//! depends on the elements' order, labels may repeat in one order and not another, and a wrong
//! declaration met in one order must not hide a rule that fails in another.

use crate::common;
use common::*;
use gamec::rules::Rules;

/// `any` stops at `heap[i] == 1` for one order of the heaps and divides by zero for the other.
const ANY_STOPS_EARLY: &str = r#"game "S1" {
  state { heap: [0..=3; 2] = [0, 1] }
  move take(i in indices(heap), n in 1..=heap[i]) { heap[i] -= n }
  end if any(i in indices(heap) where heap[i] == 1 or 6 / heap[i] > 0): last mover wins
  end if no moves: mover loses
  symmetry heap: any order
}
"#;

/// The label reads the heap's index as a number: two moves share a label in one order only.
const LABEL_READS_INDEX: &str = r#"game "S2" {
  state { heap: [0..=2; 2] = [1, 2] }
  move take(i in indices(heap), n in 1..=heap[i]) as "{n - i}" { heap[i] -= n }
  end if no moves: mover loses
  symmetry heap: any order
}
"#;

/// A false `reflections` (the corner is never marked) and a division by zero three moves in.
const FALSE_AND_FAILING: &str = r#"game "S3" {
  state { b: grid 2 x 2 of 0..=2 = 0 }
  move mark(r in rows(b), c in cols(b)) if b[r, c] == 0 and not (r == 0 and c == 0) { b[r, c] = mover }
  end if sum(b) >= 4 and 6 / (sum(b) - 4) > 9: last mover wins
  end if no moves: mover loses
  symmetry b: reflections
}
"#;

/// `all` over heaps whose condition cannot fail: still proven.
const ALL_CANNOT_FAIL: &str = r#"game "Safe" {
  state { heap: [0..=3; 3] = [1, 2, 3] }
  move take(i in indices(heap), n in 1..=heap[i]) as "take {n} from heap {i}" { heap[i] -= n }
  end if all(i in indices(heap) where 6 / (heap[i] + 1) > 1): last mover wins
  end if no moves: mover loses
  symmetry heap: any order
}
"#;

/// With and without the declaration, in `order`, the same exit code, diagnostics and output.
fn same_as_without(source: &str, order: &[&str]) -> Run {
    let with = solve_source(source, order);
    let mut plain_args = order.to_vec();
    plain_args.push("--no-symmetry");
    let plain = solve_source(source, &plain_args);
    assert_eq!(with.code, plain.code, "{}{}", with.stdout, with.stderr);
    assert_eq!(with.stderr, plain.stderr);
    assert_eq!(without_counts(&with.stdout), without_counts(&plain.stdout));
    with
}

const ORDERS: [&[&str]; 4] = [
    &[],
    &["--order", "depth-first"],
    &["--order", "tiers", "--threads", "2"],
    &["--order", "tiers", "--threads", "1"],
];

#[test]
fn any_that_stops_before_a_failing_element_fails_as_without_the_declaration() {
    for order in ORDERS {
        let r = same_as_without(ANY_STOPS_EARLY, order);
        assert_fails_with(
            &r,
            "gamec::division_by_zero\n\n  × division by zero (6 / 0)\n",
        );
        assert!(r
            .stderr
            .contains("Moves from the start: none (the start is heap=[0, 1])."));
    }
}

#[test]
fn a_label_that_reads_the_index_repeats_as_without_the_declaration() {
    for order in ORDERS {
        let r = same_as_without(LABEL_READS_INDEX, order);
        assert_fails_with(
            &r,
            "gamec::duplicate_label\n\n  × two moves here are both labelled `1`: `take 0 1` and `take 1 2`\n",
        );
    }
}

#[test]
fn a_failing_rule_is_reported_before_a_false_declaration_in_every_order() {
    for order in ORDERS {
        let r = same_as_without(FALSE_AND_FAILING, order);
        assert_fails_with(
            &r,
            "gamec::division_by_zero\n\n  × division by zero (6 / 0)\n",
        );
    }
}

#[test]
fn a_false_declaration_in_a_game_without_faults_is_still_broken_symmetry() {
    let fine = FALSE_AND_FAILING.replace("6 / (sum(b) - 4) > 9", "sum(b) > 9");
    for order in ORDERS {
        let r = solve_source(&fine, order);
        assert_fails_with(&r, "gamec::broken_symmetry\n");
        let plain = solve_source(&fine, &[order, &["--no-symmetry"]].concat());
        assert_eq!(plain.code, 0, "{}", plain.stderr);
    }
}

fn proven(source: &str) -> bool {
    let rules: Rules = rules_of(source, &[]);
    rules.symmetries.iter().all(|s| s.proven)
}

#[test]
fn the_proof_refuses_early_stops_over_failing_conditions_and_labels_reading_indices() {
    assert!(!proven(ANY_STOPS_EARLY));
    assert!(!proven(LABEL_READS_INDEX));
    // A condition that cannot fail, and a label that shows the index plainly, keep the proof.
    assert!(proven(ALL_CANNOT_FAIL));
    assert!(proven(
        &std::fs::read_to_string(game_path("nim.game")).unwrap()
    ));
    let r = same_as_without(ALL_CANNOT_FAIL, &[]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r
        .stdout
        .contains("symmetry    heap: any order (proven from the rules)\n"));
}

#[test]
fn a_sum_that_may_overflow_is_not_proven() {
    let heaps = |lo: i64| {
        format!(
            "game \"Big\" {{
  state {{ a: [{lo}..={}; 3] = {lo} }}
  move up(i in indices(a)) if a[i] < {} {{ a[i] += 1 }}
  end if sum(a) == 0: last mover wins
  end if no moves: mover loses
  symmetry a: any order
}}
",
            lo + 3,
            lo + 3
        )
    };
    assert!(!proven(&heaps(1 << 62)));
    assert!(proven(&heaps(-2)));
}

/// With three players a position and its image must end alike for every player, not only for
/// the one to move: here player 1 (to move) wins in both, but player 3 wins too in the image
/// only (`player 2 loses`: the others win). gamec (each player's view) says `broken_symmetry`; the reference interpreter compared
/// the mover's result alone and found nothing (fuzz seed 28, input 723730), and now compares
/// every player's.
#[test]
fn with_three_players_an_image_must_end_alike_for_every_player() {
    let src = r#"game "Mirror of three" {
  players 3
  state { b: grid 2 x 1 of bool = [true, false] }
  move wait { b[0, 0] = b[0, 0] }
  end if true: if b[0, 1] then player 2 loses else player 1 wins
  symmetry b: mirror
}
"#;
    let r = solve_source(src, &[]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stderr.starts_with("gamec::broken_symmetry"),
        "{}",
        r.stderr
    );
    let (Some((ast, _)), _) = gamec::compile(src, &[]) else {
        panic!("it compiles")
    };
    let game = gamec::reference::Game::new(&ast, &[]).expect("the reference takes it");
    let graph = gamec::reference::explore(&game, 100).expect("explored");
    let kinds: Vec<String> = graph
        .faults()
        .iter()
        .map(|(_, f)| format!("{:?}", f.kind))
        .collect();
    assert_eq!(kinds, ["BrokenSymmetry"]);
}
