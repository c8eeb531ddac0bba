//! Dodgem (games/dodgem.game), a loopy game, against an independent solver written here: every
//! reachable position, then retrograde analysis (a position is a win if some move reaches a
//! loss, a loss if every move reaches a win, and a draw otherwise).

use crate::common;
use common::*;
use std::collections::HashMap;

/// Cells row-major from the top left: 0 empty, 1 blue (player 0), 2 red (player 1).
type Board = [u8; 9];

fn moves(b: &Board, p: usize) -> Vec<Board> {
    let me = p as u8 + 1;
    // Blue: east, north, south; red: north, east, west. (dr, dc) and whether it may leave.
    let dirs: [(i32, i32); 3] = if p == 0 {
        [(0, 1), (-1, 0), (1, 0)]
    } else {
        [(-1, 0), (0, 1), (0, -1)]
    };
    let mut out = Vec::new();
    for k in 0..9 {
        if b[k] != me {
            continue;
        }
        let (r, c) = ((k / 3) as i32, (k % 3) as i32);
        for (i, (dr, dc)) in dirs.iter().enumerate() {
            let (nr, nc) = (r + dr, c + dc);
            let mut next = *b;
            next[k] = 0;
            if (0..3).contains(&nr) && (0..3).contains(&nc) {
                if b[(nr * 3 + nc) as usize] == 0 {
                    next[(nr * 3 + nc) as usize] = me;
                    out.push(next);
                }
            } else if i == 0 {
                // Only the first direction, forward, leaves the board.
                out.push(next);
            }
        }
    }
    out
}

#[test]
fn dodgem_matches_a_retrograde_solver() {
    let start: Board = [1, 0, 0, 1, 0, 0, 0, 2, 2];
    // Reachable positions and their moves.
    let mut index: HashMap<(Board, usize), usize> = HashMap::new();
    let mut nodes: Vec<(Board, usize)> = vec![(start, 0)];
    index.insert((start, 0), 0);
    let mut children: Vec<Vec<usize>> = Vec::new();
    // 1: the player to move wins, -1: loses, at the end.
    let mut end: Vec<Option<i32>> = Vec::new();
    let mut i = 0;
    while i < nodes.len() {
        let (b, p) = nodes[i];
        let opponent_gone = !b.contains(&(2 - p as u8));
        let next = if opponent_gone {
            Vec::new()
        } else {
            moves(&b, p)
        };
        end.push(match (opponent_gone, next.is_empty()) {
            (true, _) => Some(-1),
            (false, true) => Some(1),
            _ => None,
        });
        let mut kids = Vec::new();
        for n in next {
            let key = (n, 1 - p);
            let id = *index.entry(key).or_insert_with(|| {
                nodes.push(key);
                nodes.len() - 1
            });
            kids.push(id);
        }
        children.push(kids);
        i += 1;
    }
    // Retrograde by rounds until nothing changes.
    let mut value: Vec<Option<i32>> = end.clone();
    loop {
        let mut changed = false;
        for k in 0..nodes.len() {
            if value[k].is_some() {
                continue;
            }
            let kids: Vec<Option<i32>> = children[k].iter().map(|&c| value[c]).collect();
            let v = if kids.contains(&Some(-1)) {
                Some(1)
            } else if kids.iter().all(|v| *v == Some(1)) {
                Some(-1)
            } else {
                None
            };
            if v.is_some() {
                value[k] = v;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let wins = value.iter().filter(|v| **v == Some(1)).count();
    let losses = value.iter().filter(|v| **v == Some(-1)).count();
    let draws = value.iter().filter(|v| v.is_none()).count();
    assert_eq!(value[0], Some(1), "the first player wins (Winning Ways)");
    let o = gamec(&["solve", &game_path("dodgem.game")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with(&format!("Dodgem\npositions   {}\n", nodes.len())),
        "{out}"
    );
    assert!(
        out.contains("\nvalue       win in 19 for the player to move\n"),
        "{out}"
    );
    let by_value = match draws {
        0 => format!("by value    win {wins}, lose {losses}\n"),
        d => format!("by value    win {wins}, lose {losses}, draw {d}\n"),
    };
    // Dodgem loops, so it is solved by retrograde analysis, and the last line says so.
    let order = "order       retrograde analysis over the table of position numbers \
                 (play can return to a position)\n";
    assert!(
        out.ends_with(&format!("{by_value}{order}")),
        "{by_value} by the solver here; {out}"
    );
}
