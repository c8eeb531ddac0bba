//! Two closed forms from the literature on games of three or more players, checked against
//! `gamec solve` and the independent brute force of `common::many`:
//!
//! - **One-pile misère Nim** (Kelly, "One-pile misère Nim for three or more players", 2006):
//!   take 1 to `m` counters, and whoever takes the last counter loses (with three or more
//!   players every other player wins). For two players Kelly's introduction states the closed
//!   form: `K` counters lose for the player to move iff `K mod (m + 1) = 1`. With more players
//!   the result depends on alliances (Kelly's point); gamec's security value is the alliance of
//!   everyone against one player, and for it this file proves and checks: with `m = 1`, `K`
//!   loses iff `K mod N = 1`; with `m >= 2`, `K` loses iff `K = 1` or `K >= m + N`, except that
//!   with `m = 2` the two counts `2N + 1` and `2N + 2` win. (Leave `1..=N-1` counters and some
//!   other player must take the last; from `m + N` up to `(N-1)m + 2` the others together can
//!   always leave the mover exactly 1; with `m = 2` that range ends at `2N`, and from `2N + 1`
//!   or `2N + 2` the mover leaves `2N`, from which the others reach only `2..=N+1`, all wins
//!   for the mover; from `2N + 3` on, every move lets the others leave `N + 2`.)
//! - **N-person Nim in Li's order of preference** (Li, "N-person Nim and N-person Moore's
//!   games", 1978): the last to move is first, the one who moved before is second, and so on;
//!   each player prefers, in turn order from themselves, who moves last. Written as scores (the
//!   last mover's `N - 1`, down to 0), max^n plays exactly this preference. Li's closed form:
//!   the previous player makes the last move iff, for every binary digit, the number of heaps
//!   with that digit set is a multiple of N.

use crate::common;
use common::many::{agrees, json_of, Model};

/// One-pile misère Nim: counters left, the player to move.
struct Misere {
    players: u8,
    most: u32,
}

impl Model for Misere {
    type S = (u32, u8);
    fn players(&self) -> u8 {
        self.players
    }
    fn mover(&self, s: &Self::S) -> u8 {
        s.1
    }
    fn end(&self, &(pile, mover): &Self::S) -> Option<Vec<i64>> {
        let n = self.players;
        let last = if mover == 1 { n } else { mover - 1 };
        (pile == 0).then(|| (1..=n).map(|q| if q == last { -1 } else { 1 }).collect())
    }
    fn moves(&self, &(pile, mover): &Self::S) -> Vec<Self::S> {
        (1..=self.most.min(pile))
            .map(|k| (pile - k, mover % self.players + 1))
            .collect()
    }
}

const MISERE: &str = r#"game "Misere" {
  players 3
  option counters: 0..=30 = 5
  option most: 1..=5 = 2
  state { pile: 0..=30 = counters }
  move take(n in 1..=most) if n <= pile as "take {n}" { pile -= n }
  end if pile == 0: last mover loses
}
"#;

/// Whether `k` counters lose for the player to move against all the others together.
fn misere_loses(players: u32, most: u32, k: u32) -> bool {
    match (players, most) {
        (2, m) => k % (m + 1) == 1,
        (n, 1) => k % n == 1,
        (n, 2) if k == 2 * n + 1 || k == 2 * n + 2 => false,
        (n, m) => k == 1 || k >= m + n,
    }
}

#[test]
fn one_pile_misere_nim_for_two_players_is_kellys_closed_form() {
    for most in 1..=3u32 {
        for k in 1..=12u32 {
            let (set, most_set) = (format!("counters={k}"), format!("most={most}"));
            let j = json_of(
                &MISERE.replace("players 3", "players 2"),
                &["--set", &set, "--set", &most_set],
            );
            let want = if misere_loses(2, most, k) {
                "lose"
            } else {
                "win"
            };
            assert_eq!(j["start"]["value"], want, "{set}, {most_set}");
        }
    }
}

#[test]
fn one_pile_misere_nim_for_three_and_four_players_against_the_brute_force() {
    for players in [3u8, 4] {
        let source = MISERE.replace("players 3", &format!("players {players}"));
        for most in 1..=3u32 {
            for k in 1..=14u32 {
                let (set, most_set) = (format!("counters={k}"), format!("most={most}"));
                let j = json_of(&source, &["--set", &set, "--set", &most_set]);
                let what = format!("{players} players, {set}, {most_set}");
                let mover = &j["start"]["security"][0]["value"];
                let want = if misere_loses(u32::from(players), most, k) {
                    "lose"
                } else {
                    "win"
                };
                assert_eq!(mover, want, "{what}");
                agrees(&Misere { players, most }, &(k, 1), &j, &what);
            }
        }
    }
}

#[test]
fn a_lone_loser_is_named_as_such() {
    let r = common::solve_source(MISERE, &["--set", "counters=5", "--set", "most=2"]);
    assert!(r.stderr.is_empty(), "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert!(
        lines.contains(&"  player 1  lose in 4") && lines.contains(&"  player 2  win in 4"),
        "{}",
        r.stdout
    );
    assert!(
        lines.iter().any(|l| l.starts_with(
            "max^n       player 3 loses (the others win) in 3 (each player picks the move best"
        )),
        "{}",
        r.stdout
    );
}

/// N-person Nim, scored by Li's order: heaps and the player to move.
struct Li(u8);

impl Model for Li {
    type S = (Vec<u32>, u8);
    fn players(&self) -> u8 {
        self.0
    }
    fn mover(&self, s: &Self::S) -> u8 {
        s.1
    }
    fn end(&self, (heaps, mover): &Self::S) -> Option<Vec<i64>> {
        let n = i64::from(self.0);
        let last = if *mover == 1 {
            n
        } else {
            i64::from(*mover) - 1
        };
        // Scores n - 1 (the last mover) down to 0; a margin is a score less the best other.
        let score = |q: i64| n - 1 - (last - q).rem_euclid(n);
        heaps.iter().all(|&h| h == 0).then(|| {
            (1..=n)
                .map(|q| {
                    let best = (1..=n).filter(|&o| o != q).map(score).max().unwrap_or(0);
                    score(q) - best
                })
                .collect()
        })
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

const LI: &str = r#"game "Li" {
  players 3
  option piles = [1, 2, 3]
  state { heap: [0..=3; 3] = piles }
  move take(i in indices(heap), n in 1..=heap[i]) as "take {n} from {i}" { heap[i] -= n }
  end if all(i in indices(heap) where heap[i] == 0):
    score each p = players - 1 - (last mover - p + players) % players
}
"#;

#[test]
fn n_person_nim_in_lis_order_is_lis_closed_form() {
    for players in [3u8, 4] {
        let source = LI.replace("players 3", &format!("players {players}"));
        for a in 0..=3u32 {
            for b in a..=3 {
                for c in b..=3 {
                    let set = format!("piles={a},{b},{c}");
                    let j = json_of(&source, &["--set", &set]);
                    let what = format!("{players} players, {set}");
                    agrees(&Li(players), &(vec![a, b, c], 1), &j, &what);
                    // The previous player (player N, as player 1 moves) moves last iff every
                    // binary digit is set in a multiple of N heaps.
                    let previous = (0..2).all(|bit| {
                        [a, b, c].iter().filter(|&&h| h >> bit & 1 == 1).count()
                            % usize::from(players)
                            == 0
                    });
                    for tie in ["fastest", "delay", "paranoid"] {
                        let winners = &j["start"]["maxn_by_tie_break"][tie]["winners"];
                        let last_is_previous = winners == &serde_json::json!([players]);
                        assert_eq!(last_is_previous, previous, "{what}, {tie}: {winners}");
                    }
                }
            }
        }
    }
}
