//! A brute force over small games of N players, independent of gamec: each player's security
//! value and the max^n outcome under each tie-break, compared with `gamec solve --json`.

use std::collections::HashMap;

/// A small game of N players, modelled independently of gamec.
pub trait Model {
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
pub fn security<M: Model>(
    m: &M,
    s: &M::S,
    p: u8,
    memo: &mut HashMap<M::S, (i64, u32)>,
) -> (i64, u32) {
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
pub fn maxn<M: Model>(m: &M, s: &M::S, tie: &str) -> (Vec<i64>, u32) {
    maxn_memo(m, s, tie, &mut HashMap::new())
}

fn maxn_memo<M: Model>(
    m: &M,
    s: &M::S,
    tie: &str,
    memo: &mut HashMap<M::S, (Vec<i64>, u32)>,
) -> (Vec<i64>, u32) {
    if let Some(v) = memo.get(s) {
        return v.clone();
    }
    if let Some(res) = m.end(s) {
        return (res, 0);
    }
    let k = usize::from(m.mover(s)) - 1;
    let mut best: Option<(Vec<i64>, u32)> = None;
    for c in m.moves(s) {
        let (v, r) = maxn_memo(m, &c, tie, memo);
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
    let best = best.expect("moves");
    memo.insert(s.clone(), best.clone());
    best
}

/// Compares `gamec solve --json`'s security values and max^n outcomes at the start with the
/// model's.
pub fn agrees<M: Model>(m: &M, start: &M::S, j: &serde_json::Value, what: &str) {
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

pub fn json_of(source: &str, args: &[&str]) -> serde_json::Value {
    let r = super::solve_source(source, &[&["--json"], args].concat());
    assert!(r.stderr.is_empty(), "{}", r.stderr);
    serde_json::from_str(&r.stdout).expect("JSON")
}
