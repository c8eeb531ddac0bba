//! The colour swap proven from the rules (`rules::proves_swap`): where it is, no position is
//! checked, so these tests compare every position's value with `--no-symmetry`; where it is not,
//! the swap is checked as before, and a broken one is still found.

use crate::common;
use common::*;
use gamec::engine::Engine;
use gamec::rules::Rules;
use gamec::solve;

const LIMIT: u64 = 10_000_000;

fn tic_tac_toe(change: impl Fn(String) -> String) -> String {
    let src = std::fs::read_to_string(game_path("tic_tac_toe.game")).expect("readable");
    change(src.replace(
        "symmetry board: rotations, reflections",
        "symmetry board: rotations, reflections, swap x o",
    ))
}

fn quixo() -> String {
    let path = format!("{}/benches/games/quixo.game", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).expect("the bench game is readable")
}

fn swap_proven(rules: &Rules) -> bool {
    rules.symmetries.iter().any(|s| s.swap_proven)
}

/// Every position reachable without the symmetry has the value and remoteness of its class.
fn same_as_without(rules: &Rules) {
    let with = Engine::new(rules);
    let without = Engine::new(rules).with_symmetry(false);
    let roots: Vec<u64> = without
        .starts()
        .expect("setup runs")
        .iter()
        .map(|b| b.code)
        .collect();
    let a = solve::solve(&with, &roots, LIMIT).expect("solved with the symmetry");
    let b = solve::solve(&without, &roots, LIMIT).expect("solved without");
    let mut reached = 0;
    for code in 0..without.space {
        if let Some(e) = b.get(code) {
            reached += 1;
            assert_eq!(a.get(code), Some(e), "position number {code}");
        }
    }
    assert_eq!(reached, b.positions);
    assert!(a.positions < b.positions);
}

#[test]
fn quixo_and_tic_tac_toe_with_their_marks_swapped_are_proven_and_agree_everywhere() {
    for src in [quixo(), tic_tac_toe(|s| s)] {
        let rules = rules_of(&src, &[]);
        assert!(swap_proven(&rules), "{src}");
        same_as_without(&rules);
    }
    // Misère tic-tac-toe too, and Quixo's symmetry line says so.
    let rules = rules_of(&tic_tac_toe(|s| s), &[("misere", "true")]);
    assert!(swap_proven(&rules));
    same_as_without(&rules);
    let o = gamec(&["solve", "benches/games/quixo.game"]);
    assert!(
        stdout(&o).contains(
            "\nsymmetry    board: rotations, reflections, swap x o (proven from the rules)\n"
        ),
        "{}",
        stdout(&o)
    );
}

/// A game of two counters and a per-player score: the mover adds to their own counter, marks a
/// cell with their mark or passes the turn to a player named by the board.
const TOKENS: &str = r#"game "Tokens" {
  state {
    cells: [{blank, red, blue}; 3] = blank
    score: per player 0..=2 = 0
  }
  def mine(p) = if p == 2 then blue else red
  move paint(i in indices(cells)) if cells[i] == blank {
    cells[i] = mine(mover)
    if count(j in indices(cells) where cells[j] == mine(mover)) >= 2 and score[mover] < 2 {
      score[mover] += 1
    }
  }
  move hand if cells[0] != blank and score[opponent] == 0 { next mover = opponent }
  end if score[last mover] == 2: last mover wins
  end if all(i in indices(cells) where cells[i] != blank): tie
  symmetry cells: swap red blue
}"#;

#[test]
fn per_player_values_next_mover_and_a_swap_alone_are_proven() {
    let rules = rules_of(TOKENS, &[]);
    assert!(swap_proven(&rules));
    same_as_without(&rules);
    let r = gamec_in(&["solve", "-"], TOKENS);
    assert!(
        r.stdout
            .contains("\nsymmetry    cells: swap red blue (proven from the rules)\n"),
        "{}",
        r.stdout
    );
}

#[test]
fn rules_that_name_a_player_or_a_mark_are_not_proven_and_still_checked() {
    let symmetry_line = |src: &str| {
        let r = gamec_in(&["solve", "-"], src);
        (r.code, r.stdout, r.stderr)
    };
    let checked = "(proven from the rules, but the swap checked at every position)";
    // Sound, but written with the player's number: checked, and it holds.
    let by_number = tic_tac_toe(|s| {
        s.replace(
            "    board[r, c] = mark(mover)\n",
            "    if mover == 1 { board[r, c] = x } else { board[r, c] = o }\n",
        )
    });
    assert!(!swap_proven(&rules_of(&by_number, &[])));
    let (code, out, err) = symmetry_line(&by_number);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(checked), "{out}");
    assert!(
        out.contains("\nvalue       tie in 9 for the player to move\n"),
        "{out}"
    );
    // Broken: X's line in the top row ends the game as a tie, O's does not.
    let broken = tic_tac_toe(|s| {
        s.replace(
            "  end if three(last mover)",
            "  end if board[0, 0] == x and board[0, 1] == x and board[0, 2] == x: tie\n  end if three(last mover)",
        )
    });
    assert!(!swap_proven(&rules_of(&broken, &[])));
    let (code, _, err) = symmetry_line(&broken);
    assert_eq!(code, 1);
    assert!(err.starts_with("gamec::broken_symmetry\n"), "{err}");
    // Broken: the first mark on the board decides a tie when it is X (`first` gives a mark).
    let first = tic_tac_toe(|s| {
        s.replace(
            "  end if three(last mover)",
            "  end if board[2, 2] != empty and first(v in cells(board) where v != empty) == x: tie\n  end if three(last mover)",
        )
    });
    assert!(!swap_proven(&rules_of(&first, &[])));
    let (code, _, err) = symmetry_line(&first);
    assert_eq!(code, 1);
    assert!(err.starts_with("gamec::broken_symmetry\n"), "{err}");
    // Broken: player 1 wins with a line, player 2 only ties.
    let absolute = tic_tac_toe(|s| {
        s.replace(
            "  end if three(last mover): if misere then last mover loses else last mover wins",
            "  end if three(1): player 1 wins\n  end if three(2): tie",
        )
    });
    assert!(!swap_proven(&rules_of(&absolute, &[])));
    let (code, _, err) = symmetry_line(&absolute);
    assert_eq!(code, 1);
    assert!(err.starts_with("gamec::broken_symmetry\n"), "{err}");
    // Broken: a per-player score read at player 1's place.
    let fixed_score = TOKENS.replace("score[opponent] == 0", "score[1] == 0");
    assert!(!swap_proven(&rules_of(&fixed_score, &[])));
    let (code, _, err) = symmetry_line(&fixed_score);
    assert_eq!(code, 1);
    assert!(err.starts_with("gamec::broken_symmetry\n"), "{err}");
}
