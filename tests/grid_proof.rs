//! The proof that a grid's rules respect its declared turns and reflections (src/rules/
//! grid_proof.rs): which files it proves, which it leaves to be checked at every position, and
//! that a proven symmetry gives the answers `--no-symmetry` gives.

use crate::common::{rules_of, solve_source, without_counts};

const TTT: &str = "game \"T\" {
  state { board: grid 3 x 3 of 0..=2 = 0 }
  def mark(p) = p
  def three(p) = any(line in lines(board, 3) where all(cell in line where cell == mark(p)))
  move place(r in rows(board), c in cols(board)) if board[r, c] == 0 GUARD {
    board[r, c] = mark(mover)
  }
  end if three(last mover): last mover wins
  END  end if no moves: tie
  symmetry board: KINDS
}
";

fn ttt(guard: &str, end: &str, kinds: &str) -> String {
    TTT.replace("GUARD", guard)
        .replace("END", end)
        .replace("KINDS", kinds)
}

const C4: &str = "game \"C\" {
  state { board: grid 4 x 4 of {empty \".\", red \"R\", yellow \"Y\"} = empty }
  def disc(p) = if p == 1 then red else yellow
  def connected(p) = any(line in lines(board, 3) where all(v in line where v == disc(p)))
  move drop(c in cols(board)) if board[0, c] == empty {
    board[last(r in rows(board) where board[r, c] == empty), c] = disc(mover)
  }
  end if connected(last mover): last mover wins
  end if no moves: tie
  symmetry board: KINDS
}
";

/// The symmetry line `solve` prints for `source`, after checking that the answers are those of
/// `--no-symmetry`.
fn symmetry_line(source: &str) -> String {
    let with = solve_source(source, &[]);
    let without = solve_source(source, &["--no-symmetry"]);
    assert_eq!(with.code, 0, "{}{}", with.stdout, with.stderr);
    assert_eq!(
        without_counts(&with.stdout),
        without_counts(&without.stdout)
    );
    with.stdout
        .lines()
        .find(|l| l.starts_with("symmetry"))
        .expect("a symmetry line")
        .to_string()
}

const PROVEN: &str = "(proven from the rules)";
const CHECKED: &str = "(checked at every position solved)";

#[test]
fn placing_marks_and_reading_lines_is_proven_for_every_turn_and_reflection() {
    for kinds in ["rotations, reflections", "rotations", "mirror", "flip"] {
        let line = symmetry_line(&ttt("", "", kinds));
        assert_eq!(line, format!("symmetry    board: {kinds} {PROVEN}"));
    }
    // The colour swap is proven too: marks are only the mover's (tests/swap_proof.rs).
    let line = symmetry_line(&ttt("", "", "rotations, reflections, swap 1 2"));
    assert_eq!(
        line,
        "symmetry    board: rotations, reflections, swap 1 2 (proven from the rules)"
    );
    // Named by number, the swap is not proven: the line says that it is still checked.
    let line = symmetry_line(&ttt("", "", "rotations, reflections, swap 1 2").replace(
        "board[r, c] = mark(mover)",
        "if mover == 1 { board[r, c] = 1 } else { board[r, c] = 2 }",
    ));
    assert_eq!(
        line,
        "symmetry    board: rotations, reflections, swap 1 2 (proven from the rules, but the swap \
         checked at every position)"
    );
    // Neighbourhoods by the move's cell: the neighbours of a cell's image are the images of its
    // neighbours.
    let near = ttt(
        "and count(v in neighbours(board, r, c) where v == mark(mover)) < 2",
        "",
        "rotations, reflections",
    );
    assert_eq!(
        symmetry_line(&near),
        format!("symmetry    board: rotations, reflections {PROVEN}")
    );
    // The whole grid as one run, and its sum.
    let full = ttt(
        "",
        "end if all(v in cells(board) where v != 0) and sum(board) > 12: tie\n",
        "rotations, reflections",
    );
    assert_eq!(
        symmetry_line(&full),
        format!("symmetry    board: rotations, reflections {PROVEN}")
    );
}

#[test]
fn symmetric_rules_the_proof_cannot_read_are_checked() {
    // The four corners (a fixed cell each), the cells of a line by their places, and a line's
    // first mark: each symmetric here, none proven.
    let corners = "end if board[0, 0] == 1 and board[0, 2] == 1 and board[2, 0] == 1 and \
                   board[2, 2] == 1: tie\n";
    let by_place =
        "end if any(l in lines(board, 3) where l[0] == 2 and l[1] == 2 and l[2] == 2): tie\n";
    for end in [corners, by_place] {
        let line = symmetry_line(&ttt("", end, "rotations, reflections"));
        assert_eq!(
            line,
            format!("symmetry    board: rotations, reflections {CHECKED}")
        );
    }
    // A condition that may fail inside `any` over the lines (`6 / (v - 1)` divides by zero on
    // player 1's mark): which line it stops at depends on the order. And the same inside a
    // `count`, which sees every line: the `all` along a line still stops at the first cell that
    // decides it, and a reflection reverses a line's cells. (Both games fail when solved, with
    // or without the declaration, so what is asked here is the proof itself.)
    let fails =
        "end if any(l in lines(board, 3) where all(v in l where v == 2 or 6 / (v - 1) > 9)): tie\n";
    let inner = "end if count(l in lines(board, 3) where all(v in l where v == 2 or 6 / (v - 1) > 9)) > 0: tie\n";
    let safe =
        "end if count(l in lines(board, 3) where all(v in l where v == 2 or v == 0)) > 1: tie\n";
    for (end, proven) in [(fails, false), (inner, false), (safe, true)] {
        let rules = rules_of(&ttt("", end, "rotations, reflections"), &[]);
        assert_eq!(rules.symmetries[0].proven, proven, "{end}");
    }
}

#[test]
fn rules_that_break_the_symmetry_are_not_proven() {
    // A move only where r + c < 3: the proof refuses arithmetic on the cell's parameters, and
    // the check at every position finds the rules broken.
    let run = solve_source(&ttt("and r + c < 3", "", "rotations, reflections"), &[]);
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(
        run.stderr.starts_with("gamec::broken_symmetry"),
        "{}",
        run.stderr
    );
    // Two cells exchanged (a listed permutation): the moves are still the cells, but the lines
    // are not kept, so the proof fails on its check of the lines against the permutation.
    let swapped = ttt("", "", "permutation [1, 0, 2, 3, 4, 5, 6, 7, 8]");
    let run = solve_source(&swapped, &[]);
    assert!(
        run.stderr.starts_with("gamec::broken_symmetry"),
        "{}",
        run.stderr
    );
    // The reflection in the diagonal, listed cell by cell, keeps every line.
    assert_eq!(
        symmetry_line(&ttt("", "", "permutation [0, 3, 6, 1, 4, 7, 2, 5, 8]")),
        format!("symmetry    board: permutation [0, 3, 6, 1, 4, 7, 2, 5, 8] {PROVEN}")
    );
    // A fixed cell that makes one corner special.
    let corner = ttt("", "end if board[0, 0] == 1: tie\n", "rotations");
    let run = solve_source(&corner, &[]);
    assert!(
        run.stderr.starts_with("gamec::broken_symmetry"),
        "{}",
        run.stderr
    );
}

#[test]
fn dropping_discs_is_proven_mirrored_and_nothing_else() {
    let mirror = C4.replace("KINDS", "mirror");
    assert_eq!(
        symmetry_line(&mirror),
        format!("symmetry    board: mirror {PROVEN}")
    );
    // Columns fill from the bottom, so flipping top to bottom is not a symmetry; the proof
    // does not claim it and the check finds it broken.
    for kinds in ["flip", "rotations, reflections"] {
        let run = solve_source(&C4.replace("KINDS", kinds), &[]);
        assert!(
            run.stderr.starts_with("gamec::broken_symmetry"),
            "{kinds}: {}{}",
            run.stdout,
            run.stderr
        );
    }
    // A rule that reads one column by its number breaks the mirror: the proof refuses it (the
    // column is fixed, not the move's) and the check finds it.
    let first = C4.replace("KINDS", "mirror").replace(
        "  end if no moves",
        "  end if board[3, 0] == red: tie\n  end if no moves",
    );
    let run = solve_source(&first, &[]);
    assert!(
        run.stderr.starts_with("gamec::broken_symmetry"),
        "{}",
        run.stderr
    );
}

const CRAM: &str = "game \"Cram\" {
  state { board: grid 4 x 4 of {empty \".\", full \"#\"} = empty }
  move across(r in rows(board), c in 0..ACROSS) if board[r, c] == empty and board[r, c + 1] == empty {
    board[r, c] = full
    board[r, c + 1] = full
  }
  move down(r in 0..3, c in cols(board)) if WHO board[r, c] == empty and board[r + 1, c] == empty {
    board[r, c] = full
    board[r + 1, c] = full
  }
  end if no moves: last mover wins
  symmetry board: KINDS
}
";

fn cram(across: &str, who: &str, kinds: &str) -> String {
    CRAM.replace("ACROSS", across)
        .replace("WHO", who)
        .replace("KINDS", kinds)
}

#[test]
fn dominoes_are_proven_by_the_cells_each_placing_touches() {
    // Cram: either player places a domino either way; every turn and reflection maps the
    // placings onto each other (across onto down under a quarter turn).
    assert_eq!(
        symmetry_line(&cram("3", "", "rotations, reflections")),
        format!("symmetry    board: rotations, reflections {PROVEN}")
    );
    // Domineering: player 1 places down and player 2 across, so only the reflections that
    // keep the directions hold; the quarter turns are neither proven nor true.
    let dom = |kinds: &str| {
        cram("3", "mover == 1 and", kinds).replace(
            "move across(r in rows(board), c in 0..3) if",
            "move across(r in rows(board), c in 0..3) if mover == 2 and",
        )
    };
    assert_eq!(
        symmetry_line(&dom("mirror, flip")),
        format!("symmetry    board: mirror, flip {PROVEN}")
    );
    let run = solve_source(&dom("rotations, reflections"), &[]);
    assert!(
        run.stderr.starts_with("gamec::broken_symmetry"),
        "{}",
        run.stderr
    );
    // Across placings that leave out the last column: the mirror of one is no placing.
    let run = solve_source(&cram("2", "", "mirror"), &[]);
    assert!(
        run.stderr.starts_with("gamec::broken_symmetry"),
        "{}",
        run.stderr
    );
}

#[test]
fn quixo_pushes_are_proven_by_the_row_or_column_each_moves() {
    // benches/games/quixo.game (issue 24's file) without its colour swap: the four pushes map
    // onto each other under the turns and reflections, proven by trying each on every row's
    // or column's marks.
    let quixo = std::fs::read_to_string("benches/games/quixo.game").expect("quixo");
    let plain = quixo.replace(", swap x o", "");
    assert_eq!(
        symmetry_line(&plain),
        format!("symmetry    board: rotations, reflections {PROVEN}")
    );
    // A right push that puts the opponent's mark in: not the mirror of the left push.
    let wrong = plain.replace(
        "board[r, size - 1] = mark(mover)",
        "board[r, size - 1] = mark(opponent)",
    );
    assert_ne!(wrong, plain);
    let rules = rules_of(&wrong, &[]);
    assert!(!rules.symmetries[0].proven);
}

/// The games proven by their moves' cells, against the reference interpreter, which solves
/// every position by itself and checks the declared symmetry on every position it reaches.
/// (Quixo 3 x 3 is past what the reference explores; it is compared with `--no-symmetry`
/// above.)
#[test]
fn games_proven_by_their_cells_agree_with_the_reference() {
    use crate::compare::{compare, Case};
    let read = |p: &str| std::fs::read_to_string(p).expect("game file");
    let cram = read("benches/games/cram.game");
    let domineering = read("benches/games/domineering.game");
    // A board of 4 x 3 has no quarter turns: its reflections are declared instead.
    let cram_oblong = cram.replace("rotations, reflections", "reflections");
    for (src, sets) in [
        (&cram, vec![("w", "3"), ("h", "3")]),
        (&cram_oblong, vec![("w", "4"), ("h", "3")]),
        (&domineering, vec![("w", "3"), ("h", "3")]),
        (&domineering, vec![("w", "4"), ("h", "3")]),
    ] {
        let rules = rules_of(src, &sets);
        assert!(rules.symmetries[0].proven, "{sets:?}");
        let case = compare(src, &crate::common::sets(&sets)).expect("agrees with the reference");
        assert!(matches!(case, Case::Solved { .. }), "{case:?}");
    }
}
