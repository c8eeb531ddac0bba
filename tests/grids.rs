//! Grids (`grid W x H of ...`, `board[r, c]`, `rows`, `cols`) and the board games shipped with
//! them, each checked against an independent brute force written here for that game.

use crate::common;
use common::*;
use std::collections::HashMap;

/// Value for the player to move: 1 win, 0 tie, -1 loss; and remoteness.
type Solved = (i8, u32);

/// Best of the children's values (seen by the opponent), with the usual remoteness rule.
fn best(children: &[Solved]) -> Solved {
    let win = children.iter().filter(|c| c.0 == -1).map(|c| c.1).min();
    let tie = children.iter().filter(|c| c.0 == 0).map(|c| c.1).min();
    let lose = children.iter().map(|c| c.1).max();
    match (win, tie, lose) {
        (Some(r), _, _) => (1, r + 1),
        (None, Some(r), _) => (0, r + 1),
        (None, None, Some(r)) => (-1, r + 1),
        _ => unreachable!("a position without moves is an end"),
    }
}

/// Tic-tac-toe by plain minimax over 9 cells (0 empty, 1 X, 2 O), X first.
fn ttt(
    board: &mut [u8; 9],
    mover: u8,
    misere: bool,
    seen: &mut HashMap<[u8; 9], Solved>,
) -> Solved {
    if let Some(v) = seen.get(board) {
        return *v;
    }
    const LINES: [[usize; 3]; 8] = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];
    let last = 3 - mover;
    let v = if LINES.iter().any(|l| l.iter().all(|&i| board[i] == last)) {
        // The last mover made a line: they win (normal) or lose (misère).
        (if misere { 1 } else { -1 }, 0)
    } else if board.iter().all(|&c| c != 0) {
        (0, 0)
    } else {
        let mut children = Vec::new();
        for i in 0..9 {
            if board[i] == 0 {
                board[i] = mover;
                children.push(ttt(board, 3 - mover, misere, seen));
                board[i] = 0;
            }
        }
        best(&children)
    };
    seen.insert(*board, v);
    v
}

/// The first five lines of `solve`'s answer, leaving out the board drawn under `start`.
fn solve_lines(args: &[&str]) -> Vec<String> {
    let o = gamec(args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    stdout(&o)
        .lines()
        .filter(|l| !l.starts_with("            "))
        .take(5)
        .map(str::to_string)
        .collect()
}

#[test]
fn tic_tac_toe_matches_a_brute_force_in_both_forms() {
    for misere in [false, true] {
        let mut seen = HashMap::new();
        let (v, r) = ttt(&mut [0; 9], 1, misere, &mut seen);
        assert_eq!((v, seen.len()), (0, 5478));
        // Boards alike under the square's turns and reflections, by their least image.
        let classes: std::collections::HashSet<[u8; 9]> = seen.keys().map(least_image).collect();
        assert_eq!(classes.len(), 765);
        let set = format!("misere={misere}");
        let lines = solve_lines(&["solve", &game_path("tic_tac_toe.game"), "--set", &set]);
        assert_eq!(lines[1], "positions   765 up to symmetry (5478 in all)");
        assert_eq!(
            lines[4],
            format!("value       tie in {r} for the player to move")
        );
    }
}

/// The least of a 3 x 3 board's eight images under turns and reflections.
fn least_image(b: &[u8; 9]) -> [u8; 9] {
    let turn = |b: &[u8; 9]| std::array::from_fn(|k| b[(2 - k % 3) * 3 + k / 3]);
    let mirror = |b: &[u8; 9]| std::array::from_fn(|k| b[k / 3 * 3 + 2 - k % 3]);
    let mut best = *b;
    let mut x = *b;
    for _ in 0..4 {
        x = turn(&x);
        best = best.min(x).min(mirror(&x));
    }
    best
}

/// Connect Four on `w` x `h` (row 0 the bottom here; the file fills from the top row down, the
/// mirror image, which changes no count or value), `k` in a row, by memoised minimax.
struct C4 {
    w: usize,
    h: usize,
    k: usize,
    seen: HashMap<Vec<u8>, Solved>,
}

impl C4 {
    fn line(&self, b: &[u8], p: u8) -> bool {
        let at = |r: i64, c: i64| {
            (0..self.h as i64).contains(&r)
                && (0..self.w as i64).contains(&c)
                && b[r as usize * self.w + c as usize] == p
        };
        (0..self.h as i64).any(|r| {
            (0..self.w as i64).any(|c| {
                [(0, 1), (1, 0), (1, 1), (1, -1)]
                    .iter()
                    .any(|(dr, dc)| (0..self.k as i64).all(|i| at(r + i * dr, c + i * dc)))
            })
        })
    }

    fn solve(&mut self, b: &mut Vec<u8>, mover: u8) -> Solved {
        if let Some(v) = self.seen.get(b) {
            return *v;
        }
        let v = if self.line(b, 3 - mover) {
            (-1, 0)
        } else if b.iter().all(|&x| x != 0) {
            (0, 0)
        } else {
            let mut children = Vec::new();
            for c in 0..self.w {
                if let Some(r) = (0..self.h).find(|&r| b[r * self.w + c] == 0) {
                    b[r * self.w + c] = mover;
                    children.push(self.solve(b, 3 - mover));
                    b[r * self.w + c] = 0;
                }
            }
            best(&children)
        };
        self.seen.insert(b.clone(), v);
        v
    }
}

#[test]
fn connect_four_matches_a_brute_force_on_small_boards() {
    for (w, h, k) in [(4, 4, 4), (4, 3, 3), (3, 3, 3), (5, 2, 2)] {
        let mut c4 = C4 {
            w,
            h,
            k,
            seen: HashMap::new(),
        };
        let (v, r) = c4.solve(&mut vec![0; w * h], 1);
        let word = ["loss", "tie", "win"][(v + 1) as usize];
        let sets = [
            format!("width={w}"),
            format!("height={h}"),
            format!("connect={k}"),
        ];
        let mut args = vec!["solve".to_string(), game_path("connect_four.game")];
        for s in &sets {
            args.push("--set".into());
            args.push(s.clone());
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let lines = solve_lines(&args);
        let what = format!("{w} x {h}, {k} in a row");
        assert_eq!(lines[1], format!("positions   {}", c4.seen.len()), "{what}");
        assert_eq!(
            lines[3],
            format!("value       {word} in {r} for the player to move"),
            "{what}"
        );
        if (w, h, k) == (4, 4, 4) {
            // John Tromp's table of results by board size: 4 x 4 is a draw.
            assert_eq!(word, "tie");
        }
    }
}

#[test]
fn a_cell_outside_the_grid_names_its_row_or_column() {
    let src = "game \"g\" {\n  state { b: grid 2 x 2 of bool }\n  move m(r in 0..=2) if not b[r, 0] { b[r, 0] = true }\n  end if no moves: mover loses\n}\n";
    let r = gamec_in(&["check", "-"], src);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.starts_with(
            "gamec::index_out_of_bounds\n\n  × row 2 is outside `b` (its rows are 0..=1)\n"
        ),
        "{}",
        r.stderr
    );
    let src = "game \"g\" {\n  state { b: grid 2 x 2 of bool }\n  move m(i in 0..=3) if not b[i] { b[i] = true }\n  end if no moves: mover loses\n}\n";
    let r = gamec_in(&["check", "-"], src);
    assert_fails_with(
        &r,
        "gamec::type_mismatch\n\n  × expected a row and a column, found one index",
    );
    let src = "game \"g\" {\n  state { b: grid 40 x 30 of bool }\n  move m { b[0, 0] = true }\n  end if b[0, 0]: last mover wins\n}\n";
    let r = gamec_in(&["check", "-"], src);
    assert_fails_with(
        &r,
        "gamec::bad_range\n\n  × a grid of 40 x 30 cells is not allowed",
    );
}

#[test]
fn a_grid_is_drawn_as_a_board_and_read_back_by_rows() {
    // `--at` takes a grid by rows separated by `/`; `solve` draws it with the letters and
    // numbers of the squares' names (the labels `a1` ... `c3`) and says whose turn it is in words.
    let o = gamec(&[
        "solve",
        &game_path("tic_tac_toe.game"),
        "--at",
        "board=[X, ., O / ., X, . / ., ., .], turn=2",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with(
            "Tic-tac-toe
positions   765 up to symmetry (5478 in all)
symmetry    board: rotations, reflections (proven from the rules)
position    player 2 to move
              a b c
            1 X . O
            2 . X .
            3 . . .
value       tie in 6 for the player to move
best moves  c3
"
        ),
        "{}",
        stdout(&o)
    );
    // A row of the wrong length is named.
    let o = gamec(&[
        "solve",
        &game_path("tic_tac_toe.game"),
        "--at",
        "board=[X, ., O / ., X / ., ., .], turn=2",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).ends_with("row 1 of `board` has 2 values, not 3\n"),
        "{}",
        stderr(&o)
    );
    // `tree` draws each node's board under its line, indented with it.
    let o = gamec(&["tree", &game_path("tic_tac_toe.game"), "--depth", "1"]);
    assert!(
        stdout(&o).contains(
            "  b2 -> player 2 to move: tie in 8
        a b c
      1 . . .
      2 . X .
      3 . . .
  c2 -> player 2 to move: tie in 8
"
        ),
        "{}",
        stdout(&o)
    );
}

#[test]
fn play_draws_the_board_before_each_move() {
    let r = gamec_in(
        &[
            "play",
            &game_path("tic_tac_toe.game"),
            "--seed",
            "1",
            "--blunder",
            "0",
        ],
        "5\n",
    );
    assert!(
        r.stdout.contains(
            "Player 1 plays b2.\n\nplayer 2 to move\n    a b c\n  1 . . .\n  2 . X .\n  3 . . .\nPlayer 2 plays a1.\n"
        ),
        "{}",
        r.stdout
    );
}
