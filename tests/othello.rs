//! Othello on 4 x 4 (games/othello.game) against an independent brute force written here:
//! bit boards, memoised minimax over (discs, player to move), passes included.

use crate::common;
use common::*;
use std::collections::HashMap;

const N: i32 = 4;

/// (black, white) as 16-bit sets, row-major from the top left.
type Board = (u16, u16);

fn bit(r: i32, c: i32) -> u16 {
    1 << (r * N + c)
}

/// The discs flipped by `player` (0 black, 1 white) placing at (r, c); 0 if the move is illegal.
fn flips(b: Board, player: usize, r: i32, c: i32) -> u16 {
    let (mine, theirs) = if player == 0 { b } else { (b.1, b.0) };
    if (mine | theirs) & bit(r, c) != 0 {
        return 0;
    }
    let mut all = 0;
    for (dr, dc) in [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ] {
        let (mut rr, mut cc, mut line) = (r + dr, c + dc, 0u16);
        while (0..N).contains(&rr) && (0..N).contains(&cc) && theirs & bit(rr, cc) != 0 {
            line |= bit(rr, cc);
            rr += dr;
            cc += dc;
        }
        if line != 0 && (0..N).contains(&rr) && (0..N).contains(&cc) && mine & bit(rr, cc) != 0 {
            all |= line;
        }
    }
    all
}

fn children(b: Board, player: usize) -> Vec<Board> {
    let mut out = Vec::new();
    for r in 0..N {
        for c in 0..N {
            let f = flips(b, player, r, c);
            if f != 0 {
                let placed = f | bit(r, c);
                out.push(if player == 0 {
                    (b.0 | placed, b.1 & !f)
                } else {
                    (b.0 & !f, b.1 | placed)
                });
            }
        }
    }
    out
}

/// +1 if the player to move wins, −1 if they lose, 0 for a tie.
fn value(b: Board, player: usize, memo: &mut HashMap<(Board, usize), i32>) -> i32 {
    if let Some(&v) = memo.get(&(b, player)) {
        return v;
    }
    let mine = children(b, player);
    let v = if !mine.is_empty() {
        mine.iter()
            .map(|&c| -value(c, 1 - player, memo))
            .max()
            .unwrap_or(-1)
    } else if !children(b, 1 - player).is_empty() {
        -value(b, 1 - player, memo)
    } else {
        let (me, them) = if player == 0 { (b.0, b.1) } else { (b.1, b.0) };
        (me.count_ones() as i32 - them.count_ones() as i32).signum()
    };
    memo.insert((b, player), v);
    v
}

#[test]
fn four_by_four_othello_is_a_second_player_win_over_62789_positions() {
    let start: Board = (bit(1, 2) | bit(2, 1), bit(1, 1) | bit(2, 2));
    let mut memo = HashMap::new();
    let v = value(start, 0, &mut memo);
    assert_eq!(v, -1, "white, moving second, wins");
    let o = gamec(&["solve", &game_path("othello.game")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with(&format!("Othello\npositions   {}\n", memo.len())),
        "{} positions by brute force; {out}",
        memo.len()
    );
    assert!(
        out.contains("\nvalue       lose in 12 for the player to move\n"),
        "{out}"
    );
}

#[test]
fn a_pass_is_the_only_move_when_no_disc_can_be_placed() {
    // Black to move with no bracket anywhere, white able to move: black passes.
    let at = "board=[W, B, ., . / ., ., ., . / ., ., ., . / ., ., ., .], turn=1";
    let o = gamec(&["solve", &game_path("othello.game"), "--at", at]);
    let out = stdout(&o);
    assert!(out.contains("\nbest moves  pass\n"), "{out}");
}
