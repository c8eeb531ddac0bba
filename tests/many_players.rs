//! Games of three or more players: `gamec solve`'s security values and max^n outcomes against an
//! independent brute force over N-player Nim (the last to take a token wins, the others lose),
//! for every start of up to three heaps of up to three tokens, with 3 and 4 players, with and
//! without the symmetry declaration; and Propp's queer position, heaps 1 and 2, in full.

mod common;
use common::{gamec, solve_source, stdout};
use std::collections::HashMap;

/// A result for one player: 1 win, -1 loss; and moves to the end.
type Res = (i64, u32);

/// Player `p`'s security value at `heaps` with `mover` to move (1-based): the best `p` can force
/// against all the others together, ranked as a two-player solve ranks it (a win sooner, a loss
/// later).
fn security(
    heaps: &[u32],
    mover: u8,
    p: u8,
    n: u8,
    memo: &mut HashMap<(Vec<u32>, u8), Res>,
) -> Res {
    if let Some(r) = memo.get(&(heaps.to_vec(), mover)) {
        return *r;
    }
    let r = if heaps.iter().all(|&h| h == 0) {
        let last = if mover == 1 { n } else { mover - 1 };
        (if last == p { 1 } else { -1 }, 0)
    } else {
        let next = mover % n + 1;
        let mut options = Vec::new();
        for i in 0..heaps.len() {
            for k in 1..=heaps[i] {
                let mut h = heaps.to_vec();
                h[i] -= k;
                let (v, r) = security(&h, next, p, n, memo);
                options.push((v, r + 1));
            }
        }
        // For p: a win sooner is better, a loss later is better.
        let key = |&(v, r): &Res| {
            if v > 0 {
                (2, -(r as i64))
            } else {
                (0, r as i64)
            }
        };
        let pick = if mover == p {
            options.iter().max_by_key(|o| key(o))
        } else {
            options.iter().min_by_key(|o| key(o))
        };
        *pick.expect("a position with tokens has moves")
    };
    memo.insert((heaps.to_vec(), mover), r);
    r
}

/// The max^n outcome: each player's result and the moves to the end, the mover picking their best
/// result, then by the tie-break, then the first move in order (heap by heap, fewest tokens first).
fn maxn(heaps: &[u32], mover: u8, n: u8, tie: &str) -> (Vec<i64>, u32) {
    if heaps.iter().all(|&h| h == 0) {
        let last = if mover == 1 { n } else { mover - 1 };
        return ((1..=n).map(|q| if q == last { 1 } else { -1 }).collect(), 0);
    }
    let m = usize::from(mover) - 1;
    let mut best: Option<(Vec<i64>, u32)> = None;
    for i in 0..heaps.len() {
        for k in 1..=heaps[i] {
            let mut h = heaps.to_vec();
            h[i] -= k;
            let (v, r) = maxn(&h, mover % n + 1, n, tie);
            let r = r + 1;
            let better = match &best {
                None => true,
                Some((bv, br)) if v[m] != bv[m] => v[m] > bv[m],
                Some((bv, br)) => match tie {
                    "fastest" => r < *br,
                    "delay" if v[m] < 0 => r > *br,
                    "delay" => r < *br,
                    _ => {
                        let others = |x: &Vec<i64>| -> i64 { x.iter().sum::<i64>() - x[m] };
                        let (o, bo) = (others(&v), others(bv));
                        o < bo || (o == bo && r < *br)
                    }
                },
            };
            if better {
                best = Some((v, r));
            }
        }
    }
    best.expect("moves")
}

fn nim_source(n: u8) -> String {
    let src = std::fs::read_to_string(common::game_path("three_player_nim.game"))
        .expect("the shipped game");
    src.replace("players 3", &format!("players {n}"))
}

fn json_of(source: &str, args: &[&str]) -> serde_json::Value {
    let r = solve_source(source, &[&["--json"], args].concat());
    assert!(r.stderr.is_empty(), "{}", r.stderr);
    serde_json::from_str(&r.stdout).expect("JSON")
}

#[test]
fn nim_for_three_and_four_players_matches_a_brute_force() {
    let mut starts: Vec<Vec<u32>> = Vec::new();
    for a in 1..=3 {
        starts.push(vec![a]);
        for b in 0..=3 {
            starts.push(vec![a, b]);
            for c in 0..=3 {
                starts.push(vec![a, b, c]);
            }
        }
    }
    let mut checked = 0;
    for n in [3u8, 4] {
        let source = nim_source(n);
        for heaps in &starts {
            let piles: Vec<String> = heaps.iter().map(u32::to_string).collect();
            let set = format!("piles={}", piles.join(","));
            for extra in [&[][..], &["--no-symmetry"][..]] {
                let j = json_of(&source, &[&["--set", &set], extra].concat());
                let start = &j["start"];
                for p in 1..=n {
                    let (v, r) = security(heaps, 1, p, n, &mut HashMap::new());
                    let s = &start["security"][usize::from(p) - 1];
                    let want = if v > 0 { "win" } else { "lose" };
                    assert_eq!(s["value"], want, "{n} players, {heaps:?}, player {p}");
                    assert_eq!(s["remoteness"], r, "{n} players, {heaps:?}, player {p}");
                }
                let wins = (1..=n).any(|p| security(heaps, 1, p, n, &mut HashMap::new()).0 > 0);
                assert_eq!(start["someone_can_force_a_win"], wins, "{heaps:?}");
                for tie in ["fastest", "delay", "paranoid"] {
                    let (v, r) = maxn(heaps, 1, n, tie);
                    let got = &start["maxn_by_tie_break"][tie];
                    assert_eq!(
                        got["results"],
                        serde_json::json!(v),
                        "{n}, {heaps:?}, {tie}"
                    );
                    assert_eq!(got["remoteness"], r, "{n}, {heaps:?}, {tie}");
                }
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 2 * 2 * starts.len());
}

#[test]
fn heaps_one_and_two_are_queer() {
    let out = gamec(&[
        "solve",
        &common::game_path("three_player_nim.game"),
        "--set",
        "piles=1,2",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "Three-player Nim
players     3, in turn 1, 2, 3
positions   7 up to symmetry (in each player's view: that player against the others together)
symmetry    heap: any order (proven from the rules)
start       heap=[1, 2], player 1 to move
security    what each player can force against all the others together
  player 1  lose in 3
  player 2  lose in 3
  player 3  lose in 2
            no player can force a win
max^n       player 2 wins in 2 (each player picks the move best for them; tie-break: fastest)
best move   take 1 from heap 0
tie-break   decides who wins here: fastest: player 2 wins in 2; delay: player 3 wins in 3; paranoid: player 2 wins in 2
order       depth-first from the start, one thread
"
    );
}
