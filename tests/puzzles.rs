//! One-player games (`players 1`): the shipped puzzles' values for every position, against a plain
//! breadth-first search written here from the puzzles' rules (no gamec code: a position is a
//! vector of numbers, its distance the fewest moves to the solved position), and `solve`'s exact
//! output, whose printed solution is replayed on the same model.

use crate::common;
use common::*;
use gamec::engine::{Engine, Pos, SolveOrder};
use gamec::solve::{self, Order, Solution, Value};
use std::collections::{HashMap, VecDeque};

/// Distances to `goal` of every position reachable from it, where `moves` gives a position's
/// neighbours; every move of these puzzles can be undone by one move, so searching back from the
/// goal finds each position's fewest moves to it.
fn distances(goal: Vec<u8>, moves: impl Fn(&[u8]) -> Vec<Vec<u8>>) -> HashMap<Vec<u8>, u32> {
    let mut dist = HashMap::from([(goal.clone(), 0)]);
    let mut queue = VecDeque::from([goal]);
    while let Some(p) = queue.pop_front() {
        let d = dist[&p];
        for q in moves(&p) {
            if !dist.contains_key(&q) {
                dist.insert(q.clone(), d + 1);
                queue.push_back(q);
            }
        }
    }
    dist
}

/// Tower of Hanoi: `peg[d]` is the peg of disc d, smallest first; disc d moves to peg `to` when
/// no smaller disc is on its peg or on `to`.
fn hanoi_moves(peg: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for d in 0..peg.len() {
        for to in 0..3 {
            if to != peg[d] && peg[..d].iter().all(|&e| e != peg[d] && e != to) {
                let mut next = peg.to_vec();
                next[d] = to;
                out.push(next);
            }
        }
    }
    out
}

/// The sliding puzzle on a `width`-wide board: a tile beside the gap (0) slides into it.
fn slide_moves(width: usize) -> impl Fn(&[u8]) -> Vec<Vec<u8>> {
    move |tiles: &[u8]| {
        let gap = tiles.iter().position(|&t| t == 0).expect("one gap");
        let (r, c) = (gap / width, gap % width);
        let rows = tiles.len() / width;
        let mut near = Vec::new();
        if r > 0 {
            near.push(gap - width);
        }
        if r + 1 < rows {
            near.push(gap + width);
        }
        if c > 0 {
            near.push(gap - 1);
        }
        if c + 1 < width {
            near.push(gap + 1);
        }
        near.into_iter()
            .map(|k| {
                let mut next = tiles.to_vec();
                next.swap(gap, k);
                next
            })
            .collect()
    }
}

/// Solves the shipped puzzle and checks every position the search found: solvable, in exactly its
/// distance; and that gamec found no other position.
fn agrees_everywhere(game: &str, set: &[(&str, &str)], dist: &HashMap<Vec<u8>, u32>) {
    let rules = shipped(game, set);
    assert_eq!(rules.players, 1);
    let engine = Engine::new(&rules);
    let roots: Vec<u64> = engine
        .starts()
        .expect("no setup")
        .iter()
        .map(|b| b.code)
        .collect();
    // On the table over the position numbers (what `solve` uses for these loopy puzzles), and on
    // the explicit state graph.
    let table = solve::solve(&engine, &roots, 10_000_000).expect("solved");
    assert_eq!(table.order, Order::RetrogradeTable);
    let graph = solve::solve_explicit(&engine, &roots, 10_000_000).expect("solved");
    for s in [table, graph] {
        agrees_with(&engine, &s, dist, &format!("{game} {set:?} {:?}", s.order));
    }
}

/// Every position the search found is solvable in `s`, in exactly its distance; and `s` has no
/// other position.
fn agrees_with(engine: &Engine, s: &Solution, dist: &HashMap<Vec<u8>, u32>, case: &str) {
    assert_eq!(s.positions, dist.len() as u64, "{case}");
    assert_eq!(s.count(Value::Win), dist.len() as u64, "{case}");
    for (p, &d) in dist {
        let slots = p.iter().map(|&v| i64::from(v)).collect();
        let code = engine.encode(&Pos {
            slots,
            mover: 1,
            last_mover: 1,
        });
        let e = s.get(code).expect("solved position");
        assert_eq!(
            (e.value, e.remoteness),
            (Value::Win, Some(d)),
            "{case} at {p:?}"
        );
    }
}

#[test]
fn hanoi_agrees_with_the_search_at_every_position() {
    for n in 1..=6u32 {
        let dist = distances(vec![2; n as usize], hanoi_moves);
        assert_eq!(dist.len(), 3usize.pow(n));
        assert_eq!(
            dist[&vec![0; n as usize]],
            2u32.pow(n) - 1,
            "Lucas: 2^n - 1"
        );
        agrees_everywhere("hanoi.game", &[("discs", &n.to_string())], &dist);
    }
}

#[test]
fn the_8_puzzle_agrees_with_the_search_at_every_position() {
    let dist = distances(vec![1, 2, 3, 4, 5, 6, 7, 8, 0], slide_moves(3));
    assert_eq!(dist.len(), 181_440);
    assert_eq!(dist.values().max(), Some(&31));
    assert_eq!(dist[&vec![8, 6, 7, 2, 5, 4, 3, 0, 1]], 31);
    agrees_everywhere("sliding_puzzle.game", &[], &dist);
}

#[test]
fn smaller_sliding_puzzles_agree_with_the_search() {
    for (w, h, start) in [(2, 2, "3,1,2,0"), (3, 2, "4,1,2,5,0,3")] {
        let goal: Vec<u8> = (1..w * h).chain([0]).map(|t| t as u8).collect();
        let dist = distances(goal, slide_moves(w));
        let set = [
            ("width", &*w.to_string()),
            ("height", &*h.to_string()),
            ("start", start),
        ];
        agrees_everywhere("sliding_puzzle.game", &set, &dist);
    }
}

/// The moves listed under `solution` in `solve`'s text, in order.
fn printed_solution(text: &str) -> Vec<String> {
    let after = text.split_once("moves:\n").map_or("", |(_, rest)| rest);
    after
        .lines()
        .take_while(|l| l.starts_with("  "))
        .map(|l| {
            l.trim()
                .split_once("  ")
                .expect("number, move")
                .1
                .to_string()
        })
        .collect()
}

#[test]
fn hanoi_prints_its_value_and_a_shortest_solution() {
    let o = gamec(&["solve", "games/hanoi.game"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "Tower of Hanoi
positions   27
start       peg=[0, 0, 0]
value       solvable in 7
best moves  disc 1 to peg 3
also solves disc 1 to peg 2 (in 8)
solution    7 moves:
  1  disc 1 to peg 3
  2  disc 2 to peg 2
  3  disc 1 to peg 2
  4  disc 3 to peg 3
  5  disc 1 to peg 1
  6  disc 2 to peg 3
  7  disc 1 to peg 3
by value    solvable 27, unsolvable 0
order       retrograde analysis over the table of position numbers (play can return to a position)
"
    );
    let o = gamec(&["solve", "games/hanoi.game", "--set", "discs=5"]);
    let text = stdout(&o);
    assert!(text.contains("\nvalue       solvable in 31\n"), "{text}");
    // The printed solution, replayed on the search's model, solves the puzzle in 31 moves.
    let mut peg = vec![0u8; 5];
    for m in printed_solution(&text) {
        let w: Vec<&str> = m.split(' ').collect();
        let (d, to): (usize, u8) = (w[1].parse().expect("disc"), w[4].parse().expect("peg"));
        let mut next = peg.clone();
        next[d - 1] = to - 1;
        assert!(
            hanoi_moves(&peg).contains(&next),
            "{m} is not legal at {peg:?}"
        );
        peg = next;
    }
    assert_eq!(peg, vec![2; 5]);
    assert_eq!(printed_solution(&text).len(), 31);
}

#[test]
fn the_8_puzzle_prints_a_31_move_solution_that_works() {
    let o = gamec(&["solve", "games/sliding_puzzle.game"]);
    let text = stdout(&o);
    assert!(text.starts_with("Sliding puzzle\npositions   181440\nstart       tile=[8, 6, 7, 2, 5, 4, 3, 0, 1]\nvalue       solvable in 31\n"), "{text}");
    assert!(
        text.contains("\nby value    solvable 181440, unsolvable 0\n"),
        "{text}"
    );
    let mut tiles = vec![8, 6, 7, 2, 5, 4, 3, 0, 1];
    let moves = printed_solution(&text);
    assert_eq!(moves.len(), 31);
    for m in moves {
        let t: u8 = m
            .strip_prefix("slide ")
            .expect("slide N")
            .parse()
            .expect("tile");
        let next = slide_moves(3)(&tiles)
            .into_iter()
            .find(|n| n.iter().position(|&x| x == 0) == tiles.iter().position(|&x| x == t));
        tiles = next.unwrap_or_else(|| panic!("{m} is not legal at {tiles:?}"));
    }
    assert_eq!(tiles, vec![1, 2, 3, 4, 5, 6, 7, 8, 0]);
}

#[test]
fn two_tiles_swapped_is_unsolvable() {
    let start = "start=1,2,3,4,5,6,8,7,0";
    let o = gamec(&["solve", "games/sliding_puzzle.game", "--set", start]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "Sliding puzzle
positions   181440
start       tile=[1, 2, 3, 4, 5, 6, 8, 7, 0]
value       unsolvable
            no solved end can be reached, though play can go on for ever
by value    solvable 0, unsolvable 181440
order       retrograde analysis over the table of position numbers (play can return to a position)
"
    );
}

/// Peg solitaire on the 15-hole triangle: hole (r, c) is number r(r+1)/2 + c; a peg jumps over a
/// neighbour along a row or either slant into an empty hole.
fn peg_jumps(pegs: &[u8]) -> Vec<Vec<u8>> {
    let at = |r: i32, c: i32| (0..=4).contains(&r) && (0..=r).contains(&c);
    let hole = |r: i32, c: i32| (r * (r + 1) / 2 + c) as usize;
    let mut out = Vec::new();
    for r in 0..5 {
        for c in 0..=r {
            for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1)] {
                let (r2, c2) = (r + 2 * dr, c + 2 * dc);
                let (a, b) = (hole(r, c), hole(r + dr, c + dc));
                if at(r2, c2) && pegs[a] == 1 && pegs[b] == 1 && pegs[hole(r2, c2)] == 0 {
                    let mut next = pegs.to_vec();
                    (next[a], next[b], next[hole(r2, c2)]) = (0, 0, 1);
                    out.push(next);
                }
            }
        }
    }
    out
}

/// Every position reachable from `start`, with whether one peg can be left and, if so, in how few
/// jumps, else how long the longest line of jumps lasts: (solvable, moves).
fn peg_values(start: Vec<u8>) -> HashMap<Vec<u8>, (bool, u32)> {
    fn value(p: &[u8], memo: &mut HashMap<Vec<u8>, (bool, u32)>) -> (bool, u32) {
        if let Some(&v) = memo.get(p) {
            return v;
        }
        let kids: Vec<(bool, u32)> = match p.iter().filter(|&&x| x == 1).count() {
            1 => Vec::new(),
            _ => peg_jumps(p).iter().map(|q| value(q, memo)).collect(),
        };
        let v = if p.iter().filter(|&&x| x == 1).count() == 1 {
            (true, 0)
        } else if let Some(m) = kids.iter().filter(|k| k.0).map(|k| k.1).min() {
            (true, m + 1)
        } else {
            (false, kids.iter().map(|k| k.1 + 1).max().unwrap_or(0))
        };
        memo.insert(p.to_vec(), v);
        v
    }
    let mut memo = HashMap::new();
    value(&start, &mut memo);
    memo
}

#[test]
fn peg_solitaire_agrees_with_the_search_at_every_position() {
    let mut start = vec![1u8; 15];
    start[0] = 0;
    let values = peg_values(start.clone());
    assert_eq!(values[&start], (true, 13));
    let rules = shipped("peg_solitaire.game", &[]);
    for order in [SolveOrder::Auto, SolveOrder::DepthFirst, SolveOrder::Tiers] {
        let engine = Engine::new(&rules).with_order(order);
        let roots = [engine.encode(&Pos {
            slots: start.iter().map(|&v| v.into()).collect(),
            mover: 1,
            last_mover: 1,
        })];
        let s = solve::solve(&engine, &roots, 1_000_000).expect("solved");
        assert_eq!(s.positions, values.len() as u64, "{order:?}");
        for (p, &(solvable, moves)) in &values {
            let slots = p.iter().map(|&v| i64::from(v)).collect();
            let e = s.get(engine.encode(&Pos {
                slots,
                mover: 1,
                last_mover: 1,
            }));
            let want = if solvable { Value::Win } else { Value::Lose };
            assert_eq!(
                e.map(|e| (e.value, e.remoteness)),
                Some((want, Some(moves))),
                "{order:?} at {p:?}"
            );
        }
    }
}

#[test]
fn peg_solitaire_prints_its_solution() {
    let o = gamec(&["solve", "games/peg_solitaire.game"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("\nvalue       solvable in 13\nbest moves  4 over 2 to 1, 6 over 3 to 1\nsolution    13 moves:\n"), "{text}");
    let mut pegs = vec![1u8; 15];
    pegs[0] = 0;
    for m in printed_solution(&text) {
        let w: Vec<usize> = m.split(' ').filter_map(|x| x.parse().ok()).collect();
        let mut next = pegs.clone();
        (next[w[0] - 1], next[w[1] - 1], next[w[2] - 1]) = (0, 0, 1);
        assert!(
            peg_jumps(&pegs).contains(&next),
            "{m} is not a jump at {pegs:?}"
        );
        pegs = next;
    }
    assert_eq!(pegs.iter().filter(|&&p| p == 1).count(), 1);
    // A failed board: pegs on holes 1 and 15 only cannot jump.
    let o = gamec(&[
        "solve",
        "games/peg_solitaire.game",
        "--at",
        "peg=[1,0,0,0,0,0,0,0,0,0,0,0,0,0,1]",
    ]);
    let text = stdout(&o);
    assert!(
        text.contains("\nvalue       unsolvable\n            the puzzle has ended failed\n"),
        "{text}"
    );
}
