//! A sweep's finding stops where every code still ahead of it is marked (nine heaps of three:
//! once finding is below the codes whose last heap is full, every code below is some position's
//! child), and valuing takes over what finding would have done with those codes. The answers,
//! faults and limits are the full sweep's, exactly: on one thread, on two, and interpreted.

use crate::common;
use common::*;

/// Nim with nine heaps of three: 262,144 positions, all reachable, in four chunks of the sweep.
const NINE: &str = r#"game "Nine heaps" {
  state { heap: [0..=3; 9] = [3, 3, 3, 3, 3, 3, 3, 3, 3] }
  move take(i in indices(heap), n in 1..=heap[i]) as "take {n} from heap {i}" { heap[i] -= n }
  end if sum(heap) == 0: last mover wins
}"#;

/// `NINE` with `line` added before its end rule.
fn nine_with(line: &str) -> String {
    NINE.replace("  end if sum", &format!("  {line}\n  end if sum"))
}

/// The ways a sweep runs: one thread with its kernels, two threads, and interpreted.
const WAYS: [&[&str]; 3] = [&["--threads", "1"], &["--threads", "2"], &["--interpreted"]];

fn solve(source: &str, ways: &[&str], extra: &[&str]) -> Run {
    let mut a = vec!["solve", "-"];
    a.extend_from_slice(ways);
    a.extend_from_slice(extra);
    gamec_in(&a, source)
}

#[test]
fn every_way_gives_the_depth_first_answers() {
    let dfs = solve(NINE, &[], &["--order", "depth-first"]);
    assert_eq!(dfs.code, 0, "{}", dfs.stderr);
    let body = |s: &str| {
        s.lines()
            .filter(|l| !l.starts_with("order"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(
        dfs.stdout.contains("by value    win 196608, lose 65536\n"),
        "{}",
        dfs.stdout
    );
    for (ways, order) in WAYS.iter().zip([
        "one thread",
        "2 threads (finding and valuing at once)",
        "one thread",
    ]) {
        let r = solve(NINE, ways, &[]);
        assert_eq!(r.code, 0, "{ways:?} {}", r.stderr);
        assert_eq!(body(&r.stdout), body(&dfs.stdout), "{ways:?}");
        assert!(
            r.stdout.ends_with(&format!(
                "order       in the order of position numbers, which every move lowers, {order}\n"
            )),
            "{ways:?} {}",
            r.stdout
        );
    }
}

#[test]
fn a_move_against_the_sweep_where_finding_stopped_hands_the_game_on() {
    // From 1-1 (a loss in Nim) back up to 3-3: play loops, and 1-1 is won by going back.
    let back = nine_with(
        r#"move back if heap[0] == 1 and heap[1] == 1 and sum(heap) == 2 as "back" { heap[0] = 3  heap[1] = 3 }"#,
    );
    let dfs = solve(&back, &[], &["--order", "depth-first"]);
    assert_eq!(dfs.code, 0, "{}", dfs.stderr);
    assert!(
        dfs.stdout
            .contains("by value    win 195840, lose 64771, draw 1533\n"),
        "{}",
        dfs.stdout
    );
    for ways in WAYS {
        let r = solve(&back, ways, &[]);
        assert_eq!(r.code, 0, "{ways:?} {}", r.stderr);
        assert_eq!(
            r.stdout.lines().take(6).collect::<Vec<_>>(),
            dfs.stdout.lines().take(6).collect::<Vec<_>>(),
            "{ways:?}"
        );
        assert!(
            r.stdout.contains(
                "order       retrograde analysis over the table of position numbers (play can return to a position)"
            ),
            "{ways:?} {}",
            r.stdout
        );
    }
}

#[test]
fn a_fault_where_finding_stopped_is_reported_where_finding_meets_it() {
    // Only positions whose last heap is empty fault: none is in the chunk finding does.
    let fault = nine_with("end if heap[8] == 0 and 12 / (sum(heap) - 5) == 100: last mover loses");
    for ways in WAYS {
        let r = solve(&fault, ways, &[]);
        assert_eq!(r.code, 1, "{ways:?} {}", r.stdout);
        assert!(
            r.stderr.starts_with("gamec::division_by_zero"),
            "{ways:?} {}",
            r.stderr
        );
        // Finding goes down the numbers: the first it meets is the highest.
        assert!(
            r.stderr.contains(
                "from heap 3, take 3 from heap 4, take 3 from heap 5, take 1 from heap 6, take 3 from heap\n        8 → heap=[0, 0, 0, 0, 0, 0, 2, 3, 0]."
            ),
            "{ways:?} {}",
            r.stderr
        );
    }
}

#[test]
fn the_steps_of_codes_finding_left_count_against_the_limit() {
    // 3,538,944 steps are what finding every position takes (the build before finding stopped
    // early needed as many); one fewer runs out at the last position finding expands.
    for ways in WAYS {
        let r = solve(NINE, ways, &["--max-steps", "3538944"]);
        assert_eq!(r.code, 0, "{ways:?} {}", r.stderr);
        let r = solve(NINE, ways, &["--max-steps", "3538943"]);
        assert_eq!(r.code, 1, "{ways:?} {}", r.stdout);
        assert!(
            r.stderr.starts_with("gamec::too_many_steps"),
            "{ways:?} {}",
            r.stderr
        );
        assert!(
            r.stderr
                .contains("They ran out in the position heap=[1, 0, 0, 0, 0, 0, 0, 0, 0]."),
            "{ways:?} {}",
            r.stderr
        );
    }
}
