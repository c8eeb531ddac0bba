//! Kalah (games/kalah.game) against an independent brute force written here: houses and stores in
//! an array, sowing seed by seed, memoised minimax over (pits, player to move) of the margin (the
//! mover's seeds less the other's at the end), with remoteness as the tie-break: among equal
//! margins the fastest win or tie, the slowest loss.

use crate::common;
use common::*;
use std::collections::HashMap;

struct Kalah {
    m: usize,
    memo: HashMap<(Vec<u8>, usize), (i32, u32)>,
    /// Every (pits, player to move, whether the last move kept the turn) reached: a game with
    /// `again` records the last of these, since a rule may ask who moved last.
    seen: std::collections::HashSet<(Vec<u8>, usize, bool)>,
}

impl Kalah {
    fn store(&self, p: usize) -> usize {
        if p == 0 {
            self.m
        } else {
            2 * self.m + 1
        }
    }

    fn houses(&self, p: usize) -> std::ops::Range<usize> {
        if p == 0 {
            0..self.m
        } else {
            self.m + 1..2 * self.m + 1
        }
    }

    /// Sows house `h` for player `p`: the new pits and whether `p` moves again.
    fn sow(&self, pits: &[u8], h: usize, p: usize) -> (Vec<u8>, bool) {
        let mut pits = pits.to_vec();
        let mut seeds = pits[h];
        pits[h] = 0;
        let mut at = h;
        while seeds > 0 {
            at = (at + 1) % pits.len();
            if at == self.store(1 - p) {
                continue;
            }
            pits[at] += 1;
            seeds -= 1;
        }
        if at == self.store(p) {
            return (pits, true);
        }
        let opposite = 2 * self.m - at;
        if self.houses(p).contains(&at) && pits[at] == 1 && pits[opposite] > 0 {
            let s = self.store(p);
            pits[s] += pits[opposite] + 1;
            pits[opposite] = 0;
            pits[at] = 0;
        }
        (pits, false)
    }

    /// The margin the player to move can force, and the moves to the end.
    fn value(&mut self, pits: &[u8], p: usize, kept: bool) -> (i32, u32) {
        self.seen.insert((pits.to_vec(), p, kept));
        if let Some(&v) = self.memo.get(&(pits.to_vec(), p)) {
            return v;
        }
        let moves: Vec<usize> = self.houses(p).filter(|&h| pits[h] > 0).collect();
        let v = if moves.is_empty() {
            // The mover's side is empty: the mover has their store, the opponent the rest.
            let total: i32 = pits.iter().map(|&x| x as i32).sum();
            let mine = pits[self.store(p)] as i32;
            (2 * mine - total, 0)
        } else {
            let mut best: Option<(i32, u32)> = None;
            for h in moves {
                let (next, again) = self.sow(pits, h, p);
                let (m, r) = if again {
                    self.value(&next, p, true)
                } else {
                    let (m, r) = self.value(&next, 1 - p, false);
                    (-m, r)
                };
                let better = |(bm, br): (i32, u32)| {
                    m > bm || (m == bm && if m < 0 { r > br } else { r < br })
                };
                if best.is_none_or(better) {
                    best = Some((m, r));
                }
            }
            let (m, r) = best.expect("a position with moves");
            (m, r + 1)
        };
        self.memo.insert((pits.to_vec(), p), v);
        v
    }
}

#[test]
fn kalah_matches_a_brute_force_on_small_boards() {
    let boards = (1..=3).flat_map(|m| (1..=3).map(move |n| (m, n)));
    for (m, n) in boards {
        let mut k = Kalah {
            m,
            memo: HashMap::new(),
            seen: Default::default(),
        };
        let mut pits = vec![n as u8; 2 * m + 2];
        pits[m] = 0;
        pits[2 * m + 1] = 0;
        let (margin, rem) = k.value(&pits, 0, false);
        let o = gamec(&[
            "solve",
            &game_path("kalah.game"),
            "--set",
            &format!("houses={m}"),
            "--set",
            &format!("seeds={n}"),
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let out = stdout(&o);
        let word = match margin.signum() {
            1 => format!("win by {margin}"),
            -1 => format!("lose by {}", -margin),
            _ => "tie".to_string(),
        };
        let value = out.lines().find(|l| l.starts_with("value")).expect("value");
        assert_eq!(
            value,
            format!("value       {word} in {rem} for the player to move"),
            "{m} x {n}"
        );
        let json = gamec(&[
            "solve",
            &game_path("kalah.game"),
            "--json",
            "--set",
            &format!("houses={m}"),
            "--set",
            &format!("seeds={n}"),
        ]);
        let j: serde_json::Value = serde_json::from_str(&stdout(&json)).expect("json");
        assert_eq!(j["start"]["margin"], serde_json::json!(margin), "{m} x {n}");
        assert_eq!(
            j["start"]["remoteness"],
            serde_json::json!(rem),
            "{m} x {n}"
        );
        assert!(
            out.starts_with(&format!("Kalah\npositions   {}\n", k.seen.len())),
            "{m} x {n}: {} by brute force; {out}",
            k.seen.len()
        );
    }
}
