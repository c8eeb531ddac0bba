//! Regression cases the differential test found or that pin its edge cases: each game runs
//! both ways (the reference and the engine) and must agree; some pin the answer too.

use super::{agree, cases, engine_starts};
use crate::compare::{compare, Case};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

/// `setup by player K` is player K's move, so `mover` is K while it runs (the engine ran every
/// setup with player 1 as the mover).
#[test]
fn a_setup_by_player_2_runs_as_player_2s_move() {
    let src = r#"game "Setup mover" {
  state { x: 0..=3 = 0 }
  setup by player 2 { x = mover * 10 + last mover - 20 }
  move m { x = 3 }
  end if x == 3: last mover wins
}"#;
    assert_eq!(engine_starts(src), ["x=1, turn=1"]);
    assert_eq!(
        agree(src, &[]),
        Case::Solved {
            loopy: false,
            grundy: false,
            chance: false,
            tiers: true,
            compiled: true,
            sweep: true,
            pair: true,
            early: false,
            scored: false,
            loopy_tiers: false,
            tier_tables: true,
        }
    );
}

/// Extreme games (numbers near ±2^63, huge ranges, deep nesting) need not be solvable, but the
/// two implementations must still fail alike or agree. Run with `--ignored`; slow in debug builds.
#[test]
#[ignore]
fn extreme_games_agree() {
    let n = cases();
    let mut tally: BTreeMap<String, u32> = BTreeMap::new();
    for seed in 0..u64::from(n) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let src = gamec::generate::sequential_game(&mut rng, &gamec::generate::Config::extreme());
        let run = std::panic::catch_unwind(|| compare(&src, &[]));
        match run {
            Ok(Ok(case)) => *tally.entry(format!("{case:?}")).or_default() += 1,
            Ok(Err(why)) => panic!("seed {seed}\n{src}\n{why}"),
            Err(_) => panic!("seed {seed}: a panic on\n{src}"),
        }
    }
    for (k, n) in &tally {
        println!("{n:6}  {k}");
    }
}

/// An index of -2^63 into a `per player` variable is out of bounds (the engine's index
/// arithmetic overflowed: a panic in debug builds).
#[test]
fn the_lowest_index_is_out_of_bounds_not_an_overflow() {
    let min = "(-9223372036854775807 - 1)";
    for body in [
        format!("k[{min}] = 1"),
        format!("if k[{min}] == 0 {{ k[1] = 1 }}"),
    ] {
        let src = format!(
            r#"game "Lowest index" {{
  state {{ k: per player 0..=1 }}
  move m {{ {body} }}
  end if no moves: mover loses
}}"#
        );
        assert_eq!(
            agree(&src, &[]),
            Case::BothFailed("IndexOutOfBounds".into())
        );
    }
    let src = format!(
        r#"game "Lowest index, by a parameter" {{
  state {{ k: per player 0..=1 }}
  move m(i in {min}..={min}) {{ k[i] = 1 }}
  end if no moves: mover loses
}}"#
    );
    assert_eq!(
        agree(&src, &[]),
        Case::BothFailed("IndexOutOfBounds".into())
    );
}

/// Ranges ending at 2^63 − 1: the loops over a parameter's or a `count`'s values stepped past the
/// end (a panic in debug builds, and in release builds a wrap-around to -2^63 and a loop over
/// all 2^64 values).
#[test]
fn ranges_up_to_the_largest_number_end_there() {
    let top = "9223372036854775807";
    let src = format!(
        r#"game "Top of the range" {{
  state {{ x: 0..=3 = 0 }}
  move m(n in ({top} - 2)..={top}) if x == 0 and count(q in ({top} - 1)..={top} where q > n) <= 2 {{
    x = {top} - n + 1
  }}
  end if x > 0: last mover wins
}}"#
    );
    assert_eq!(
        agree(&src, &[]),
        Case::Solved {
            loopy: false,
            grundy: true,
            chance: false,
            tiers: true,
            compiled: true,
            sweep: true,
            pair: true,
            early: false,
            scored: false,
            loopy_tiers: false,
            tier_tables: true,
        }
    );
    let Some((_, gamec::Compiled::Sequential(rules))) = gamec::compile(&src, &[]).0 else {
        panic!("does not compile");
    };
    let engine = gamec::engine::Engine::new(&rules);
    let start = engine.starts().expect("starts")[0].code;
    let (_, moves) = engine.moves_of(start).expect("expands");
    let labels: Vec<&str> = moves.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(
        labels,
        [
            "m 9223372036854775805",
            "m 9223372036854775806",
            "m 9223372036854775807"
        ]
    );
}

/// Rolls with extreme numbers: weights whose total exceeds 2^63 are exact fractions, and an empty
/// range between the ends of 64 bits is a roll with nothing to roll (both overflowed in the
/// engine's setup: a panic in debug builds).
#[test]
fn rolls_with_extreme_weights_and_ranges() {
    let top = "9223372036854775807";
    let src = format!(
        r#"game "Heavy dice" {{
  state {{ x: 0..=2 = 0 }}
  setup {{ roll x in 0..=2 weights [{top}, {top}, 2] }}
  move m if x < 2 {{ x += 1 }}
  end if x == 2: last mover wins
}}"#
    );
    assert_eq!(
        agree(&src, &[]),
        Case::Solved {
            loopy: false,
            grundy: true,
            chance: true,
            tiers: true,
            compiled: true,
            sweep: true,
            pair: true,
            early: false,
            scored: false,
            loopy_tiers: false,
            tier_tables: true,
        }
    );
    let src = format!(
        r#"game "No dice" {{
  state {{ x: 0..=2 = 0 }}
  setup {{ roll x in {top}..=(-{top} - 1) }}
  move m if x < 2 {{ x += 1 }}
  end if x == 2: last mover wins
}}"#
    );
    assert_eq!(
        agree(&src, &[]),
        Case::NotCompiled("gamec::bad_range".into())
    );
    // The same empty range, known only while the setup runs.
    let src = format!(
        r#"game "No dice" {{
  state {{ x: 0..=2 = 0 }}
  setup {{ roll x in {top}..=(x - {top} - 1) }}
  move m if x < 2 {{ x += 1 }}
  end if x == 2: last mover wins
}}"#
    );
    assert_eq!(agree(&src, &[]), Case::BothFailed("setup EmptyRoll".into()));
}

/// Weights that do not fit the roll: refused before play when the roll is constant, and the same
/// kind of fault in the engine and the reference when the range depends on the state.
#[test]
fn bad_weights_before_and_during_play() {
    let game = |roll: &str| {
        format!(
            r#"game "Weights" {{
  state {{ x: 0..=3 = 1 }}
  setup {{ {roll} }}
  move m if x < 3 {{ x += 1 }}
  end if x == 3: last mover wins
}}"#
        )
    };
    for roll in [
        "roll x in 1..=3 weights [1, 2]",
        "roll x in 1..=2 weights [0, 0]",
        "roll x in 1..=2 weights [1, -1]",
    ] {
        assert_eq!(
            agree(&game(roll), &[]),
            Case::NotCompiled("gamec::bad_weights".into()),
            "{roll}"
        );
    }
    for roll in [
        "roll x in x..=3 weights [1, 2]",
        "roll x in x..=2 weights [x - 1, 0]",
        "roll x in 1..=2 weights [1, x - 2]",
    ] {
        assert_eq!(
            agree(&game(roll), &[]),
            Case::BothFailed("setup BadWeights".into()),
            "{roll}"
        );
    }
}

/// Every shipped sequential game, with some of its variants.
#[test]
fn the_shipped_games_agree() {
    let dir = format!("{}/games", env!("CARGO_MANIFEST_DIR"));
    let variants: &[(&str, &[(&str, &str)])] = &[
        ("one_two_ten.game", &[]),
        ("one_two_ten.game", &[("goal", "25")]),
        ("nim.game", &[]),
        ("nim.game", &[("piles", "1,2,3")]),
        ("nim.game", &[("misere", "true")]),
        ("even_or_odd.game", &[]),
        ("one_die.game", &[]),
        ("one_die.game", &[("goal", "20")]),
        ("tug_of_war.game", &[]),
        ("hanoi.game", &[("discs", "3")]),
        (
            "sliding_puzzle.game",
            &[("width", "3"), ("height", "2"), ("start", "4,1,2,5,0,3")],
        ),
        ("peg_solitaire.game", &[]),
    ];
    for (name, sets) in variants {
        let src = std::fs::read_to_string(format!("{dir}/{name}")).expect("shipped game");
        let case = agree(&src, sets);
        assert!(matches!(case, Case::Solved { .. }), "{name}: {case:?}");
    }
}

/// A definition's arguments are stored before its body runs; a `count`/`any`/`all` in a later
/// argument used the same local as an earlier argument and overwrote it (found with 20,000 cases).
#[test]
fn an_argument_with_a_comprehension_keeps_the_arguments_before_it() {
    let src = r#"game "Arguments" {
  state { b: bool; x: 0..=3 = 3 }
  def first_of(a, c) = a
  move m if x > 0 { b = true; x -= 1 }
  end if first_of(all(q in 1..=2 where b), any(r in 0..=x where r == 0)): last mover wins
  end if no moves: mover loses
}"#;
    let case = agree(src, &[]);
    assert!(matches!(case, Case::Solved { .. }), "{case:?}");
    // From the start (b false) the first argument is false: the game is not over.
    let Some((_, gamec::Compiled::Sequential(rules))) = gamec::compile(src, &[]).0 else {
        panic!("does not compile");
    };
    let engine = gamec::engine::Engine::new(&rules);
    let roots: Vec<u64> = engine.starts().unwrap().iter().map(|b| b.code).collect();
    let sol = gamec::solve::solve(&engine, &roots, 100).unwrap();
    assert_eq!(sol.get(roots[0]).and_then(|v| v.remoteness), Some(1));
}

/// Labels are checked one by one as they are written: two moves labelled alike are found before
/// a later move's label fails (seed 10438194489159487999 of 20,000 cases: the engine wrote every
/// label first, and reported the later `x6[0]` rather than the repeated `m8 0`).
#[test]
fn a_repeated_label_is_found_before_a_later_label_fails() {
    let src = r#"game "Labels in order" {
  state { x: per player 0..=2 = 2 }
  move m(n in 1..=2) as "m {last mover % 1}" if x[1] == 0 { }
  move k as "k {x[x[1]]}" { x[1] = 0 }
  end if no moves: tie
}"#;
    assert!(matches!(agree(src, &[]), Case::BothFailed(k) if k.contains("DuplicateLabel")));
}

/// A bool array's and a bool grid's start may be a list, one value per element (it was refused
/// as a type mismatch, so the generator never wrote one); both sides start from those values.
#[test]
fn a_list_start_of_bools_is_read_alike() {
    let src = r#"game "Bool starts" {
  state {
    s: [bool; 2] = [false, true]
    g: grid 2 x 2 of bool = [true, false, false, true]
  }
  move flip(i in indices(s)) if not s[i] { s[i] = true }
  move set(r in rows(g), c in cols(g)) if not g[r, c] { g[r, c] = true }
  end if no moves: mover loses
}"#;
    assert_eq!(
        engine_starts(src),
        ["s=[false, true], g=[true, false / false, true]"]
    );
    assert!(matches!(agree(src, &[]), Case::Solved { .. }));
}

/// A colour swap in a one-player puzzle exchanges only the values: the reference made the
/// swapped position player 2's move, which a puzzle has not got.
#[test]
fn a_swap_in_a_puzzle_keeps_player_1_to_move() {
    let src = r#"game "P" {
  players 1
  state { b: [{empty, red, blue}; 3] = [red, empty, blue] }
  move slide(i in 0..2) if b[i] != empty and b[i + 1] == empty { b[i + 1] = b[i]; b[i] = empty }
  move back(i in 1..3) if b[i] != empty and b[i - 1] == empty { b[i - 1] = b[i]; b[i] = empty }
  end if b[0] == empty and mover == 1: last mover wins
  symmetry b: swap red blue
}"#;
    assert!(matches!(agree(src, &[]), Case::Solved { .. }));
}
