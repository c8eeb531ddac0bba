//! Dots and Boxes (games/dots_and_boxes.game) against an independent brute force written here:
//! lines as bits, boxes found by their four sides, memoised minimax on the final margin.

use crate::common;
use common::*;
use std::collections::{HashMap, HashSet};

struct Dots {
    w: usize,
    h: usize,
    /// (drawn lines, player to move) → the best final margin for the player to move.
    memo: HashMap<(u32, usize), i32>,
    /// Positions as gamec counts them: lines, scores, player to move, and whether the last move
    /// kept the turn (a game with `again` records who moved last).
    seen: HashSet<(u32, [u8; 2], usize, bool)>,
}

impl Dots {
    /// Line bits: across (r, c) for r in 0..=h, c in 0..w first, then down (r, c) for r in
    /// 0..h, c in 0..=w.
    fn across(&self, r: usize, c: usize) -> u32 {
        1 << (r * self.w + c)
    }
    fn down(&self, r: usize, c: usize) -> u32 {
        1 << ((self.h + 1) * self.w + r * (self.w + 1) + c)
    }
    fn lines(&self) -> usize {
        (self.h + 1) * self.w + self.h * (self.w + 1)
    }
    fn boxes(&self, drawn: u32) -> u32 {
        let mut n = 0;
        for i in 0..self.h {
            for j in 0..self.w {
                let sides = self.across(i, j)
                    | self.across(i + 1, j)
                    | self.down(i, j)
                    | self.down(i, j + 1);
                n += u32::from(drawn & sides == sides);
            }
        }
        n
    }

    /// The best margin (own boxes from here on minus the opponent's) for the player to move.
    fn margin(&mut self, drawn: u32, p: usize, score: [u8; 2], kept: bool) -> i32 {
        // Lines are only ever added, so a position met again has been finished already.
        if !self.seen.insert((drawn, score, p, kept)) {
            return self.memo[&(drawn, p)];
        }
        let all = (1u32 << self.lines()) - 1;
        if drawn == all {
            self.memo.insert((drawn, p), 0);
            return 0;
        }
        let known = self.memo.get(&(drawn, p)).copied();
        let mut best = i32::MIN;
        for k in 0..self.lines() {
            let bit = 1 << k;
            if drawn & bit != 0 {
                continue;
            }
            let made = (self.boxes(drawn | bit) - self.boxes(drawn)) as i32;
            let mut s = score;
            s[p] += made as u8;
            let v = if made > 0 {
                made + self.margin(drawn | bit, p, s, true)
            } else {
                -self.margin(drawn | bit, 1 - p, s, false)
            };
            best = best.max(v);
        }
        if let Some(v) = known {
            assert_eq!(v, best);
        }
        self.memo.insert((drawn, p), best);
        best
    }
}

#[test]
fn dots_and_boxes_matches_a_brute_force_on_small_boards() {
    for (w, h) in [(1, 1), (2, 1), (1, 2), (2, 2), (3, 1)] {
        let mut d = Dots {
            w,
            h,
            memo: HashMap::new(),
            seen: HashSet::new(),
        };
        let m = d.margin(0, 0, [0, 0], false);
        let word = ["lose in", "tie in", "win in"][(m.signum() + 1) as usize];
        let o = gamec(&[
            "solve",
            &game_path("dots_and_boxes.game"),
            "--set",
            &format!("w={w}"),
            "--set",
            &format!("h={h}"),
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let out = stdout(&o);
        let value = out.lines().find(|l| l.starts_with("value")).expect("value");
        assert!(
            value.starts_with(&format!("value       {word}")),
            "{w} x {h}: {value}"
        );
        assert!(
            out.starts_with(&format!("Dots and Boxes\npositions   {}\n", d.seen.len())),
            "{w} x {h}: {} by brute force; {out}",
            d.seen.len()
        );
    }
}
