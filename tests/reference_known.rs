//! The reference interpreter on games whose answers are known (the shipped games' published
//! analyses, also pinned for the engine in tests/solve_games.rs), so that the reference itself
//! is checked, not only its agreement with the engine.

use crate::common;
use common::*;
use gamec::reference::{self as rf, Position, Value};
use num_rational::BigRational;

/// A game solved by the reference alone.
struct Solved {
    graph: rf::Graph,
    solved: rf::Solved,
}

impl Solved {
    fn of(name: &str, set: &[(&str, &str)]) -> Solved {
        let src = std::fs::read_to_string(game_path(name)).expect("shipped game");
        Solved::of_source(&src, set)
    }

    fn of_source(src: &str, set: &[(&str, &str)]) -> Solved {
        let sets = sets(set);
        let Some((ast, _)) = gamec::compile(src, &sets).0 else {
            panic!("does not compile");
        };
        let game = rf::Game::new(&ast, &sets).expect("the reference accepts it");
        let graph = rf::explore(&game, 100_000).expect("explores");
        let solved = rf::solve(&game, &graph).expect("solves");
        Solved { graph, solved }
    }

    fn index(&self, p: &Position) -> usize {
        let found = self.graph.positions.iter().position(|q| q == p);
        found.unwrap_or_else(|| panic!("{p:?} is not reached"))
    }

    /// (value, remoteness) of a position.
    fn at(&self, p: &Position) -> (Value, Option<u32>) {
        let i = self.index(p);
        (self.solved.value[i], self.solved.remoteness[i])
    }

    fn start(&self) -> (Value, Option<u32>) {
        let i = self.graph.starts[0].0;
        (self.solved.value[i], self.solved.remoteness[i])
    }

    /// How many reachable positions have each value: win, lose, tie, draw.
    fn counts(&self) -> [usize; 4] {
        let mut c = [0; 4];
        for v in &self.solved.value {
            c[*v as usize] += 1;
        }
        c
    }
}

fn pos(vars: &[(&str, &[i64])], mover: u8) -> Position {
    Position {
        vars: vars
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_vec()))
            .collect(),
        mover,
        last_mover: 3 - mover,
    }
}

fn ratio(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

#[test]
fn one_two_ten_is_a_win_in_7_and_the_totals_1_4_7_10_lose() {
    let s = Solved::of("one_two_ten.game", &[]);
    assert_eq!(s.start(), (Value::Win, Some(7)));
    // 20 (total, player to move) pairs, as `gamec tree` says; 11 totals.
    assert_eq!(s.graph.positions.len(), 20);
    for pile in 1..=10 {
        for mover in [1, 2] {
            let p = pos(&[("pile", &[pile])], mover);
            if s.graph.positions.contains(&p) {
                let lost = s.at(&p).0 == Value::Lose;
                assert_eq!(lost, [1, 4, 7, 10].contains(&pile), "pile {pile}");
            }
        }
    }
    assert_eq!(s.solved.grundy.as_ref().map(|g| g[0]), Some(1));
}

#[test]
fn nim_grundy_values_are_the_xor_of_the_heaps() {
    let s = Solved::of("nim.game", &[]);
    assert_eq!(s.start(), (Value::Win, Some(11)));
    let grundy = s
        .solved
        .grundy
        .clone()
        .expect("Nim is impartial, normal play");
    for (i, p) in s.graph.positions.iter().enumerate() {
        let xor = p.vars["heap"].iter().fold(0, |a, b| a ^ b) as u32;
        assert_eq!(grundy[i], xor, "{p:?}");
        assert_eq!(s.solved.value[i] == Value::Win, xor != 0, "{p:?}");
    }
    let s = Solved::of("nim.game", &[("piles", "1,2,3")]);
    assert_eq!(s.start(), (Value::Lose, Some(6)));
    let s = Solved::of("nim.game", &[("misere", "true")]);
    assert_eq!(s.start(), (Value::Win, Some(10)));
    assert!(s.solved.grundy.is_none(), "no Grundy values in misère play");
}

#[test]
fn even_or_odd_is_won_only_by_taking_3() {
    let s = Solved::of("even_or_odd.game", &[]);
    assert_eq!(s.start().0, Value::Win);
    let start = s.graph.starts[0].0;
    let rf::Step::Moves(moves) = &s.graph.steps[start] else {
        panic!("the start has moves");
    };
    let winning: Vec<&Vec<i64>> = moves
        .iter()
        .filter(|(_, _, child, _, _)| s.solved.value[*child] == Value::Lose)
        .map(|(_, args, _, _, _)| args)
        .collect();
    assert_eq!(winning, [&vec![3]]);
}

#[test]
fn one_die_the_first_player_wins_one_time_in_six() {
    let s = Solved::of("one_die.game", &[]);
    assert_eq!(s.graph.starts.len(), 6);
    for (i, p) in &s.graph.starts {
        let pos = &s.graph.positions[*i];
        assert_eq!((pos.mover, p.clone()), (2, ratio(1, 6)));
        let want = if pos.vars["top"] == [4] {
            Value::Lose
        } else {
            Value::Win
        };
        assert_eq!(s.solved.value[*i], want, "{pos:?}");
    }
    let c = rf::probabilities(&s.graph, &s.solved);
    assert_eq!(c.wins, [ratio(1, 6), ratio(5, 6)]);
    assert_eq!(c.tie + c.draw, ratio(0, 1));
}

#[test]
fn tug_of_war_is_a_draw_won_one_step_from_an_end() {
    let s = Solved::of("tug_of_war.game", &[]);
    assert_eq!(s.start(), (Value::Draw, None));
    assert_eq!(s.at(&pos(&[("marker", &[-2])], 1)), (Value::Win, Some(1)));
    assert_eq!(s.at(&pos(&[("marker", &[2])], 1)), (Value::Win, Some(1)));
    assert_eq!(s.at(&pos(&[("marker", &[3])], 2)), (Value::Lose, Some(0)));
    // A marker's parity says who is to move, so the 7 markers are the 7 positions.
    assert_eq!(s.counts(), [2, 2, 0, 3]);
}

/// A loopy game with ties: walking to 2 ends level, to 3 wins; from 0 both can force the tie.
#[test]
fn ties_are_reached_as_fast_as_possible() {
    let src = r#"game "Walk" {
  state { m: -3..=3 = 0 }
  move step(s in -1..=1) if s != 0 { m += s }
  end if m == 3 or m == -3: last mover wins
  end if m == 2 or m == -2: tie
}"#;
    let s = Solved::of_source(src, &[]);
    assert_eq!(s.start(), (Value::Tie, Some(2)));
    assert_eq!(s.at(&pos(&[("m", &[1])], 2)), (Value::Tie, Some(1)));
    assert_eq!(s.at(&pos(&[("m", &[2])], 1)), (Value::Tie, Some(0)));
}

/// Toads and Frogs with `option first = toad` and moves over the words `slide` and `jump`: the
/// reference finds T T . . F F a win in 11 for either side beginning (Winning Ways' game; the
/// engine's answer is pinned in tests/solve_games.rs), and names the start's moves by the words.
#[test]
fn toads_and_frogs_with_words_is_a_win_in_11_for_either_side() {
    for (side, mover, labels) in [("toad", 1, ["slide 1"]), ("F", 2, ["slide 4"])] {
        let s = Solved::of("toads_and_frogs_words.game", &[("first", side)]);
        assert_eq!(s.start(), (Value::Win, Some(11)), "{side}");
        let rf::Step::Moves(moves) = &s.graph.steps[s.graph.starts[0].0] else {
            panic!("the start has moves");
        };
        let names: Vec<&str> = moves.iter().map(|m| m.4.as_str()).collect();
        assert_eq!(names, labels, "{side}");
        let start = pos(&[("strip", &[1, 1, 0, 0, 2, 2])], mover);
        assert_eq!(s.at(&start), (Value::Win, Some(11)));
    }
    let s = Solved::of("toads_and_frogs_words.game", &[]);
    // T . T F . F, reached by slide 1 and slide 4: a toad slides from 0 or jumps from 2.
    let jump = pos(&[("strip", &[1, 0, 1, 2, 0, 2])], 1);
    let rf::Step::Moves(moves) = &s.graph.steps[s.index(&jump)] else {
        panic!("toads can move");
    };
    let names: Vec<&str> = moves.iter().map(|m| m.4.as_str()).collect();
    assert_eq!(names, ["slide 0", "jump 2"]);
}

/// Three-player Nim from heaps 1 and 2, a position Propp calls queer: no player can force a win
/// (player 3 loses soonest), and max^n's winner depends on the tie-break (player 2 when each
/// player hurries or hurts the others, player 3 when a loser delays). gamec's answers, pinned in
/// tests/many_players.rs, come from its own views of the game; these are the reference's.
#[test]
fn three_player_nim_from_one_and_two_is_queer() {
    use rf::many::{maxn, security, TieBreak};
    let src = std::fs::read_to_string(game_path("three_player_nim.game")).expect("shipped game");
    let sets = sets(&[("piles", "1,2")]);
    let Some((ast, _)) = gamec::compile(&src, &sets).0 else {
        panic!("does not compile");
    };
    let game = rf::Game::new(&ast, &sets).expect("the reference accepts it");
    let graph = rf::explore(&game, 1000).expect("explores");
    let start = graph.starts[0].0;
    let values: Vec<(Value, Option<u32>)> = (1..=3)
        .map(|p| {
            let s = security(&game, &graph, p).expect("solves")[start];
            (s.value, s.remoteness)
        })
        .collect();
    let lose = |r| (Value::Lose, Some(r));
    assert_eq!(values, [lose(3), lose(3), lose(2)]);
    for (tie, results, remoteness, chosen) in [
        (TieBreak::Fastest, [-1, 1, -1], 2, 0),
        (TieBreak::Delay, [-1, -1, 1], 3, 1),
        (TieBreak::Paranoid, [-1, 1, -1], 2, 0),
    ] {
        let m = maxn(&game, &graph, tie)
            .expect("no fault")
            .expect("no cycle");
        assert_eq!(m[start].payoff.results, results, "{tie:?}");
        assert_eq!(m[start].payoff.remoteness, remoteness, "{tie:?}");
        assert_eq!(m[start].chosen, Some(chosen), "{tie:?}");
    }
}
