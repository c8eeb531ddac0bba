//! Games of three or more players: `gamec solve`'s security values and max^n outcomes against an
//! independent brute force over N-player Nim (the last to take a token wins, the others lose),
//! for every start of up to three heaps of up to three tokens, with 3 and 4 players, with and
//! without the symmetry declaration; over a scored game whose moves may skip a player (`next
//! mover`); and Propp's queer position, heaps 1 and 2, in full.

mod common;
use common::{gamec, solve_source, stdout};
use std::collections::HashMap;

/// A small game of N players, modelled independently of gamec.
trait Model {
    type S: Clone + Eq + std::hash::Hash;
    fn players(&self) -> u8;
    fn mover(&self, s: &Self::S) -> u8;
    /// Each player's result at an end (1 win, -1 loss; or their margin), or `None`.
    fn end(&self, s: &Self::S) -> Option<Vec<i64>>;
    /// The positions after each move, in gamec's move order.
    fn moves(&self, s: &Self::S) -> Vec<Self::S>;
}

/// Player `p`'s security value: `p`'s result and the moves to the end when `p` plays against
/// all the others together, each side picking as a two-player solve does: the greatest result
/// for itself, then a win or tie sooner, a loss later.
fn security<M: Model>(m: &M, s: &M::S, p: u8, memo: &mut HashMap<M::S, (i64, u32)>) -> (i64, u32) {
    if let Some(r) = memo.get(s) {
        return *r;
    }
    let r = match m.end(s) {
        Some(res) => (res[usize::from(p) - 1], 0),
        None => {
            // The side to move: `p`, or the others (whose result is the negation of `p`'s).
            let sign = if m.mover(s) == p { 1 } else { -1 };
            let key = |&(v, r): &(i64, u32)| {
                let mine = sign * v;
                (
                    mine,
                    if mine >= 0 {
                        -i64::from(r)
                    } else {
                        i64::from(r)
                    },
                )
            };
            let options: Vec<(i64, u32)> = m
                .moves(s)
                .iter()
                .map(|c| {
                    let (v, r) = security(m, c, p, memo);
                    (v, r + 1)
                })
                .collect();
            *options.iter().max_by_key(|o| key(o)).expect("moves")
        }
    };
    memo.insert(s.clone(), r);
    r
}

/// The max^n outcome: each player's result and the moves to the end, the mover picking their best
/// result, then by the tie-break, then the first move in order.
fn maxn<M: Model>(m: &M, s: &M::S, tie: &str) -> (Vec<i64>, u32) {
    if let Some(res) = m.end(s) {
        return (res, 0);
    }
    let k = usize::from(m.mover(s)) - 1;
    let mut best: Option<(Vec<i64>, u32)> = None;
    for c in m.moves(s) {
        let (v, r) = maxn(m, &c, tie);
        let r = r + 1;
        let better = match &best {
            None => true,
            Some((bv, _)) if v[k] != bv[k] => v[k] > bv[k],
            Some((bv, br)) => match tie {
                "fastest" => r < *br,
                "delay" if v[k] < 0 => r > *br,
                "delay" => r < *br,
                _ => {
                    let others = |x: &Vec<i64>| -> i64 { x.iter().sum::<i64>() - x[k] };
                    let (o, bo) = (others(&v), others(bv));
                    o < bo || (o == bo && r < *br)
                }
            },
        };
        if better {
            best = Some((v, r));
        }
    }
    best.expect("moves")
}

/// N-player Nim: heaps and the player to move; whoever takes the last token wins.
struct Nim(u8);

impl Model for Nim {
    type S = (Vec<u32>, u8);
    fn players(&self) -> u8 {
        self.0
    }
    fn mover(&self, s: &Self::S) -> u8 {
        s.1
    }
    fn end(&self, (heaps, mover): &Self::S) -> Option<Vec<i64>> {
        let n = self.0;
        let last = if *mover == 1 { n } else { mover - 1 };
        heaps
            .iter()
            .all(|&h| h == 0)
            .then(|| (1..=n).map(|q| if q == last { 1 } else { -1 }).collect())
    }
    fn moves(&self, (heaps, mover): &Self::S) -> Vec<Self::S> {
        let mut out = Vec::new();
        for i in 0..heaps.len() {
            for k in 1..=heaps[i] {
                let mut h = heaps.clone();
                h[i] -= k;
                out.push((h, mover % self.0 + 1));
            }
        }
        out
    }
}

/// Skip (below): a pile, each player's score, the player to move.
struct Skip;

impl Model for Skip {
    type S = (u32, Vec<i64>, u8);
    fn players(&self) -> u8 {
        3
    }
    fn mover(&self, s: &Self::S) -> u8 {
        s.2
    }
    fn end(&self, (pile, score, _): &Self::S) -> Option<Vec<i64>> {
        (*pile == 0).then(|| {
            (0..3)
                .map(|q| {
                    let best_other = (0..3).filter(|&o| o != q).map(|o| score[o]).max();
                    score[q] - best_other.unwrap_or(0)
                })
                .collect()
        })
    }
    fn moves(&self, (pile, score, mover): &Self::S) -> Vec<Self::S> {
        (1..=2u32)
            .filter(|&n| n <= *pile)
            .map(|n| {
                let mut sc = score.clone();
                sc[usize::from(*mover) - 1] += i64::from(n);
                // Taking two skips the next player.
                let next = if n == 2 {
                    (mover + 1) % 3 + 1
                } else {
                    mover % 3 + 1
                };
                (pile - n, sc, next)
            })
            .collect()
    }
}

/// Compares `gamec solve --json`'s security values and max^n outcomes at the start with the
/// model's.
fn agrees<M: Model>(m: &M, start: &M::S, j: &serde_json::Value, what: &str) {
    let start_j = &j["start"];
    let n = m.players();
    let mut wins = false;
    for p in 1..=n {
        let (v, r) = security(m, start, p, &mut HashMap::new());
        wins |= v > 0;
        let s = &start_j["security"][usize::from(p) - 1];
        let want = match v.signum() {
            1 => "win",
            -1 => "lose",
            _ => "tie",
        };
        assert_eq!(s["value"], want, "{what}, player {p}");
        assert_eq!(s["remoteness"], r, "{what}, player {p}");
        if let Some(margin) = s.get("margin") {
            assert_eq!(margin, &serde_json::json!(v), "{what}, player {p}");
        }
    }
    assert_eq!(start_j["someone_can_force_a_win"], wins, "{what}");
    for tie in ["fastest", "delay", "paranoid"] {
        let (v, r) = maxn(m, start, tie);
        let got = &start_j["maxn_by_tie_break"][tie];
        assert_eq!(got["results"], serde_json::json!(v), "{what}, {tie}");
        assert_eq!(got["remoteness"], r, "{what}, {tie}");
    }
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
                let what = format!("{n} players, {heaps:?} {extra:?}");
                agrees(&Nim(n), &(heaps.clone(), 1), &j, &what);
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

/// A scored game of three players whose moves may skip a player (`next mover`).
const SKIP: &str = r#"game "Skip" {
  option tokens: 1..=20 = 7
  players 3
  state { pile: 0..=tokens = tokens; score: per player 0..=tokens = 0 }
  move take(n in 1..=2) if n <= pile as "take {n}" {
    pile -= n
    score[mover] += n
    if n == 2 { next mover = (mover + 1) % players + 1 }
  }
  end if pile == 0: score each p = score[p]
}"#;

#[test]
fn scores_and_next_mover_match_a_brute_force() {
    for tokens in 1..=9u32 {
        let set = format!("tokens={tokens}");
        for extra in [&[][..], &["--interpreted"][..]] {
            let j = json_of(SKIP, &[&["--set", &set], extra].concat());
            let what = format!("Skip, {tokens} tokens {extra:?}");
            agrees(&Skip, &(tokens, vec![0, 0, 0], 1), &j, &what);
        }
    }
}

/// `next mover = K` in a two-player game: naming the mover keeps the turn as `again` does, naming
/// the other passes it; a number naming no player is `gamec::bad_player` where it is written.
#[test]
fn next_mover_in_a_two_player_game() {
    let again = r#"game "Again" {
  state { pile: 0..=9 = 9 }
  move take(n in 1..=3) if n <= pile as "take {n}" {
    pile -= n
    if n == 3 { again }
  }
  end if pile == 0: last mover wins
}"#;
    let named = again.replace(
        "if n == 3 { again }",
        "if n == 3 { next mover = mover } else { next mover = 3 - mover }",
    );
    let value = |src: &str| {
        let j: serde_json::Value =
            serde_json::from_str(&solve_source(src, &["--json"]).stdout).expect("JSON");
        let s = &j["start"];
        (
            s["value"].clone(),
            s["remoteness"].clone(),
            s["best_moves"].clone(),
        )
    };
    assert_eq!(value(again), value(&named));
    assert_eq!(
        value(again),
        (
            serde_json::json!("win"),
            serde_json::json!(3),
            serde_json::json!(["take 3"])
        )
    );
    let bad = again.replace("if n == 3 { again }", "if n == 3 { next mover = pile }");
    let r = solve_source(&bad, &[]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.contains("gamec::bad_player")
            && r.stderr
                .contains("the move names player 6 to move next, but the players are 1 and 2"),
        "{}",
        r.stderr
    );
}
