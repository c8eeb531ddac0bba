//! The outcomes of a game of three or more players, each against the brute force of
//! `common::many`: `winner is each`, `tie`, `player K wins` and `first mover`; and the faults of
//! an outcome naming no player, no winner or several.

use crate::common;
use common::many::{agrees, json_of, Model};
use common::solve_source;

/// A race to `goal`: each move adds 1 or 2. Reaching `goal - 1` is a tie; reaching `goal` makes
/// the player to move next the winner (`winner is each p where p == mover`); reaching `goal - 2`
/// with player 2 to move hands the win to player 3 (`player 3 wins`).
const RACE: &str = r#"game "Race" {
  option goal: 3..=12 = 8
  option first: 1..=3 = 1
  players 3
  first mover first
  state { total: 0..=goal = 0 }
  move add(n in 1..=2) if total + n <= goal as "add {n}" { total += n }
  end if total == goal - 1: tie
  end if total == goal: winner is each p where p == mover
  end if total == goal - 2 and mover == 2: player 3 wins
}"#;

struct Race {
    goal: u32,
}

impl Model for Race {
    type S = (u32, u8);
    fn players(&self) -> u8 {
        3
    }
    fn mover(&self, s: &Self::S) -> u8 {
        s.1
    }
    fn end(&self, &(total, mover): &Self::S) -> Option<Vec<i64>> {
        let win = |w: u8| (1..=3).map(|q| if q == w { 1 } else { -1 }).collect();
        if total == self.goal - 1 {
            Some(vec![0, 0, 0])
        } else if total == self.goal {
            Some(win(mover))
        } else if total == self.goal - 2 && mover == 2 {
            Some(win(3))
        } else {
            None
        }
    }
    fn moves(&self, &(total, mover): &Self::S) -> Vec<Self::S> {
        (1..=2)
            .filter(|n| total + n <= self.goal)
            .map(|n| (total + n, mover % 3 + 1))
            .collect()
    }
}

#[test]
fn winner_is_each_tie_player_k_and_first_mover_match_a_brute_force() {
    for goal in 3..=12u32 {
        for first in 1..=3u8 {
            let set = [
                "--set".to_string(),
                format!("goal={goal}"),
                "--set".to_string(),
                format!("first={first}"),
            ];
            let args: Vec<&str> = set.iter().map(String::as_str).collect();
            let j = json_of(RACE, &args);
            assert_eq!(j["start"]["to_move"], first);
            agrees(
                &Race { goal },
                &(0, first),
                &j,
                &format!("goal {goal}, first {first}"),
            );
        }
    }
}

/// Each fault an N-player outcome can meet, with its code and message.
#[test]
fn outcome_faults_name_the_players() {
    let cases = [
        (
            "end if total == goal: winner is each p where p != mover",
            "the game ends here, but the outcome names more than one player as winner",
        ),
        (
            "end if total == goal: winner is each p where p > 3",
            "gamec::no_winner",
        ),
        (
            "end if total == goal: player total wins",
            "the outcome names player 4, but the players are 1 to 3",
        ),
    ];
    for (rule, want) in cases {
        let src = RACE
            .replace(
                "  end if total == goal: winner is each p where p == mover\n",
                "",
            )
            .replace("  end if total == goal - 1: tie\n", &format!("  {rule}\n"))
            .replace("option goal: 3..=12 = 8", "option goal: 3..=12 = 4");
        let r = solve_source(&src, &[]);
        assert_eq!(r.code, 1, "{rule}: {}", r.stdout);
        assert!(r.stderr.contains(want), "{rule}:\n{}", r.stderr);
    }
}

/// A scored game of three whose max^n outcome leaves two players level at the top and the third
/// behind: said as a shared top score, not as a tie for everyone.
#[test]
fn a_shared_top_score_is_not_a_tie_for_everyone() {
    let src = r#"game "Score Three" {
  players 3
  state { pile: 0..=5 = 5  got: [0..=5; 3] = [0, 0, 0] }
  move take(k in 1..=2) if k <= pile as "take {k}" { pile -= k  got[mover - 1] += k }
  end if pile == 0: score each p = got[p - 1]
}"#;
    let r = solve_source(src, &[]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let line = r
        .stdout
        .lines()
        .find(|l| l.starts_with("max^n"))
        .unwrap_or("");
    assert_eq!(
        line,
        "max^n       players 1 and 2 tie for the top score in 3 (each player picks the move best for them; tie-break: fastest)"
    );
}
