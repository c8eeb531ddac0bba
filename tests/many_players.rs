//! Games of three or more players: `gamec solve`'s security values and max^n outcomes against an
//! independent brute force over N-player Nim (the last to take a token wins, the others lose),
//! for every start of up to three heaps of up to three tokens, with 3 and 4 players, with and
//! without the symmetry declaration; over a scored game whose moves may skip a player (`next
//! mover`); over three-player tic-tac-toe; and Propp's queer position, heaps 1 and 2, in full.

use crate::common;
use common::many::{agrees, json_of, Model};
use common::{gamec, solve_source, stdout};

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

/// Three-player tic-tac-toe on 3 x 3 (games/three_player_tic_tac_toe.game): the squares (0
/// empty, else the player whose mark it is) and the player to move.
struct Ttt3;

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

impl Model for Ttt3 {
    type S = ([u8; 9], u8);
    fn players(&self) -> u8 {
        3
    }
    fn mover(&self, s: &Self::S) -> u8 {
        s.1
    }
    fn end(&self, (board, mover): &Self::S) -> Option<Vec<i64>> {
        let last = if *mover == 1 { 3 } else { mover - 1 };
        if LINES.iter().any(|l| l.iter().all(|&k| board[k] == last)) {
            return Some((1..=3).map(|q| if q == last { 1 } else { -1 }).collect());
        }
        board.iter().all(|&k| k != 0).then(|| vec![0, 0, 0])
    }
    fn moves(&self, (board, mover): &Self::S) -> Vec<Self::S> {
        (0..9)
            .filter(|&k| board[k] == 0)
            .map(|k| {
                let mut b = *board;
                b[k] = *mover;
                (b, mover % 3 + 1)
            })
            .collect()
    }
}

#[test]
fn three_player_tic_tac_toe_matches_a_brute_force() {
    let path = common::game_path("three_player_tic_tac_toe.game");
    let source = std::fs::read_to_string(path).expect("the shipped game");
    for extra in [&[][..], &["--no-symmetry"][..]] {
        let j = json_of(&source, extra);
        agrees(&Ttt3, &([0; 9], 1), &j, &format!("3 x 3 {extra:?}"));
    }
}

fn nim_source(n: u8) -> String {
    let src = std::fs::read_to_string(common::game_path("three_player_nim.game"))
        .expect("the shipped game");
    src.replace("players 3", &format!("players {n}"))
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

/// The max^n outcome is backed up over every position (no symmetry), so it can pass
/// `--max-positions` where the security values, solved up to symmetry, did not (28 classes,
/// 48 positions): a coded limit, not an abort.
#[test]
fn the_max_n_search_keeps_to_the_position_limit() {
    let nim = common::game_path("three_player_nim.game");
    let out = gamec(&["solve", &nim, "--max-positions", "30"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        common::stderr(&out).contains("gamec::too_many_positions"),
        "{}",
        common::stderr(&out)
    );
    assert!(common::stderr(&out).contains("more than 30 reachable positions"));
    assert_eq!(stdout(&out), "");
    let out = gamec(&["solve", &nim, "--max-positions", "48"]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
}
