//! Scored games (`score each p = ...`): margins in `solve`'s text and JSON, `--at`, the order
//! line, and a margin that overflows. Kalah's margins are checked by brute force in kalah.rs.

use crate::common;
use common::*;

/// The first player picks a card of 1, 2 or 3 and scores it; the other scores nothing.
const CARD: &str = r#"game "Pick a card" {
  state { picked: 0..=3 = 0 }
  move take(v in 1..=3) if picked == 0 { picked = v }
  end if picked != 0: score each p = if p == last mover then picked else 0
}
"#;

fn solve_text(src: &str, args: &[&str]) -> (String, String, Option<i32>) {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("g.game");
    std::fs::write(&path, src).expect("write");
    let mut all = vec!["solve", path.to_str().expect("path")];
    all.extend_from_slice(args);
    let o = gamec(&all);
    (stdout(&o), stderr(&o), o.status.code())
}

#[test]
fn a_scored_start_prints_its_margin_and_every_winning_move_with_its_own() {
    let (out, err, code) = solve_text(CARD, &[]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out,
        "Pick a card\n\
         positions   4\n\
         start       picked=0, turn=1\n\
         value       win by 3 in 1 for the player to move\n\
         best moves  take 3\n\
         also wins   take 2 (by 2 in 1), take 1 (by 1 in 1)\n\
         by value    win 1, lose 3\n\
         order       depth-first from the start, one thread\n"
    );
}

#[test]
fn at_an_end_the_margin_is_the_movers_score_less_the_others() {
    let (out, _, code) = solve_text(CARD, &["--at", "picked=2, turn=2"]);
    assert_eq!(code, Some(0));
    let value = out.lines().find(|l| l.starts_with("value")).unwrap_or("");
    assert_eq!(value, "value       lose by 2 in 0 for the player to move");
}

#[test]
fn json_gives_the_start_margin_and_each_moves() {
    let (out, _, code) = solve_text(CARD, &["--json"]);
    assert_eq!(code, Some(0));
    let j: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(j["start"]["margin"], serde_json::json!(3));
    assert_eq!(j["start"]["value"], "win");
    let margins: Vec<_> = j["start"]["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| (m["move"].clone(), m["margin"].clone()))
        .collect();
    assert_eq!(
        margins,
        vec![
            (serde_json::json!("take 3"), serde_json::json!(3)),
            (serde_json::json!("take 2"), serde_json::json!(2)),
            (serde_json::json!("take 1"), serde_json::json!(1)),
        ]
    );
}

#[test]
fn games_without_scores_have_no_margin_in_json() {
    let o = gamec(&["solve", &game_path("nim.game"), "--json"]);
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(j["start"].get("margin"), None);
    assert_eq!(j["start"]["moves"][0].get("margin"), None);
}

#[test]
fn the_mover_takes_the_move_with_the_best_margin_against_the_best_reply() {
    // Player 1 takes 1 or 2 from 3; whoever takes the last token scores the tokens they took.
    let src = r#"game "Split" {
  state { pile: 0..=3 = 3; kept: per player 0..=3 = 0 }
  move take(n in 1..=2) if n <= pile { pile -= n; kept[mover] += n }
  end if pile == 0: score each p = kept[p]
}
"#;
    let (out, err, code) = solve_text(src, &[]);
    assert_eq!(code, Some(0), "{err}");
    // take 1 (2 left): the other takes 2 and wins by 2 - 1; take 2: the other must take the
    // last one, and player 1 wins by 2 - 1 = 1 in 2 moves.
    let value = out.lines().find(|l| l.starts_with("value")).unwrap_or("");
    assert_eq!(value, "value       win by 1 in 2 for the player to move");
}

#[test]
fn tiers_and_threads_say_scored_games_are_solved_depth_first() {
    let (out, err, _) = solve_text(CARD, &["--order", "tiers"]);
    let order = out.lines().find(|l| l.starts_with("order")).unwrap_or("");
    assert_eq!(
        order,
        "order       depth-first from the start, one thread; --order tiers does not apply: \
         scored games are solved depth-first, on one thread"
    );
    assert!(
        err.contains("warning: --order tiers does not apply"),
        "{err}"
    );
    let (out, _, _) = solve_text(CARD, &["--threads", "2"]);
    let order = out.lines().find(|l| l.starts_with("order")).unwrap_or("");
    assert_eq!(
        order,
        "order       depth-first from the start, one thread; --threads 2 is not used: scored \
         games are solved depth-first, on one thread"
    );
}

#[test]
fn a_margin_that_overflows_is_a_coded_error_with_a_trace() {
    let src = r#"game "Huge" {
  state { picked: 0..=1 = 0 }
  move take if picked == 0 { picked = 1 }
  end if picked != 0: score each p = if p == last mover then 9223372036854775807 else -1
}
"#;
    let (out, err, code) = solve_text(src, &[]);
    assert_eq!(code, Some(1));
    assert_eq!(out, "");
    assert!(err.starts_with("gamec::overflow\n"), "{err}");
    assert!(
        err.contains("the scores -1 and 9223372036854775807 differ by more than a 64-bit"),
        "{err}"
    );
    assert!(
        err.contains("Moves from the start: take → picked=1, turn=2."),
        "{err}"
    );
}

fn card_path(dir: &tempfile::TempDir) -> String {
    let path = dir.path().join("card.game");
    std::fs::write(&path, CARD).expect("write");
    path.to_str().expect("path").to_string()
}

#[test]
fn play_shows_margins_in_hints_the_final_margin_and_a_margin_given_away() {
    let dir = tempfile::tempdir().expect("tempdir");
    let card = card_path(&dir);
    let r = gamec_in(&["play", &card, "--hints"], "take 2\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains(
            "  1  take 1  win by 1 in 1\n  2  take 2  win by 2 in 1\n  3  take 3  win by 3 in 1\n"
        ),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.ends_with(
            "Game over: player 1 wins by 2 (player 1 scores 2, player 2 scores 0), by the rule \
             `end if picked != 0: score each p = if p == last mover then picked else 0`.\nYou win!\n\n\
             Review: 1 move changed the result for the player who made it:\n  \
             move 1, player 1 take 2: a win by 3 in 1 became a win by 2 in 1\n"
        ),
        "{}",
        r.stdout
    );
}

#[test]
fn tree_and_graph_show_margins_where_they_show_values() {
    let dir = tempfile::tempdir().expect("tempdir");
    let card = card_path(&dir);
    let o = gamec(&["tree", &card]);
    assert!(stdout(&o).starts_with(
        "picked=0, player 1 to move: win by 3 in 1\n  \
         take 1 -> picked=1, player 2 to move: lose by 1 in 0\n  \
         take 2 -> picked=2, player 2 to move: lose by 2 in 0\n  \
         take 3 -> picked=3, player 2 to move: lose by 3 in 0\n"
    ));
    let o = gamec(&["graph", &card]);
    assert!(stdout(&o)
        .contains("  n0 [label=\"picked=0, turn=1\\nwin by 3 in 1\", fillcolor=\"#8fdf8f\"];\n"));
    let o = gamec(&["graph", &card, "--format", "json"]);
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    let margins: Vec<_> = j["nodes"]
        .as_array()
        .expect("nodes")
        .iter()
        .map(|n| (n["position"].clone(), n["margin"].clone()))
        .collect();
    assert_eq!(
        margins,
        vec![
            (serde_json::json!("picked=0, turn=1"), serde_json::json!(3)),
            (serde_json::json!("picked=1, turn=2"), serde_json::json!(-1)),
            (serde_json::json!("picked=2, turn=2"), serde_json::json!(-2)),
            (serde_json::json!("picked=3, turn=2"), serde_json::json!(-3)),
        ]
    );
}

#[test]
fn with_a_chance_setup_the_expected_margin_is_exact() {
    // A die of 1 or 2 is rolled; player 1 keeps it (scoring it) or passes (scoring nothing).
    let src = r#"game "Roll and keep" {
  state { die: 0..=2 = 0; taken: bool = false }
  setup { roll die in 1..=2 }
  move keep if not taken { taken = true }
  move pass if not taken { taken = true; die = 0 }
  end if taken: score each p = if p == last mover then die else 0
}
"#;
    let (out, err, code) = solve_text(src, &[]);
    assert_eq!(code, Some(0), "{err}");
    let line = out.lines().find(|l| l.starts_with("probability"));
    assert_eq!(
        line,
        Some("probability player 1 wins 1, player 2 wins 0; player 1's expected margin 3/2")
    );
    let (out, _, _) = solve_text(src, &["--json"]);
    let j: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(
        j["expected_margin"],
        serde_json::json!({"1": "3/2", "2": "-3/2"})
    );
}

/// Heaps in any order; each player scores the tokens they took.
const HEAPS: &str = r#"game "Scored heaps" {
  state { heap: [0..=3; 3] = [1, 2, 3]; kept: per player 0..=6 = 0 }
  move take(i in indices(heap), n in 1..=heap[i]) { heap[i] -= n; kept[mover] += n }
  end if no moves: score each p = kept[p]
  symmetry heap: any order
}
"#;

#[test]
fn a_symmetry_reduces_a_scored_game_without_changing_its_margins() {
    let (with, _, code) = solve_text(HEAPS, &[]);
    assert_eq!(code, Some(0));
    let (without, _, _) = solve_text(HEAPS, &["--no-symmetry"]);
    let line = |t: &str, key: &str| {
        t.lines()
            .find(|l| l.starts_with(key))
            .unwrap_or("")
            .to_string()
    };
    assert_eq!(
        line(&with, "symmetry"),
        "symmetry    heap: any order (proven from the rules)"
    );
    assert_eq!(line(&with, "positions"), "positions   40 up to symmetry");
    assert_eq!(line(&without, "positions"), "positions   67");
    for t in [&with, &without] {
        assert_eq!(
            line(t, "value"),
            "value       win by 2 in 4 for the player to move"
        );
        assert_eq!(line(t, "best moves"), "best moves  take 2 3");
    }
}

#[test]
fn a_symmetry_the_scores_do_not_respect_is_found_broken() {
    let src = HEAPS.replace(
        "end if no moves: score each p = kept[p]",
        "end if sum(heap) <= 1: score each p = kept[p] + (if p == mover then heap[0] else 0)",
    );
    let (out, err, code) = solve_text(&src, &[]);
    assert_eq!((code, out.as_str()), (Some(1), ""));
    assert!(err.starts_with("gamec::broken_symmetry\n"), "{err}");
    assert!(
        err.contains("(a margin of -1 for\n  │ the player to move), in the second the game ends (a margin of 0"),
        "{err}"
    );
}
