//! The random game generator: small games mostly check, and together they use every construct of
//! the language (a construct added to the language must be added to the generator, and here).

use gamec::generate::{sequential_game, throw_game, Config};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Every construct of a sequential game, as it appears in source text.
const SEQUENTIAL: &[&str] = &[
    "about ",
    "players 2",
    "players 3",
    "players 4",
    "first mover ",
    ": bool = ",
    "option ",
    // An option holding an enumeration's value (`option e3 = v2`).
    "  option e",
    // A parameter over an enumeration written in place (`w4 in {u5, u6 "U6"}`).
    " in {u",
    "= [",
    "..=",
    "..",
    "per player",
    "[bool; ",
    // A bool array's and a bool grid's start given as a list, one value per element.
    "bool; 2] = [",
    "of bool = [",
    "state {",
    "setup {",
    "setup by player 1",
    "setup by player 2",
    "  chance if ",
    "roll ",
    "weights [",
    // Weights worked out from the rolled value.
    " weights abs(",
    "move ",
    " as \"",
    "{square(",
    " + 1}",
    " if ",
    "else {",
    "else if",
    "again",
    "next mover = ",
    "end if no moves",
    "last mover wins",
    "last mover loses",
    ": mover wins",
    ": mover loses",
    ": player ",
    "winner is each",
    ": tie",
    "indices(",
    "lines(",
    "cells(",
    "neighbours(",
    "orthogonal(",
    "in players",
    "count(",
    "any(",
    "all(",
    "sum(",
    "min(",
    "max(",
    "len(",
    "abs(",
    " + ",
    " - ",
    " * ",
    " / ",
    " % ",
    "(-",
    " == ",
    " != ",
    " < ",
    " <= ",
    " > ",
    " >= ",
    " and ",
    " or ",
    "not ",
    "true",
    "false",
    "mover",
    "opponent",
    "last mover",
    "players",
    "+=",
    "-=",
    "*=",
    ";",
    "//",
    "symmetry ",
    "any order",
    "rotations, mirror",
    "permutation [",
];

fn sources(n: u64, cfg: &Config, throws: bool) -> Vec<String> {
    (0..n)
        .map(|seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            if throws {
                throw_game(&mut rng, cfg)
            } else {
                sequential_game(&mut rng, cfg)
            }
        })
        .collect()
}

#[test]
fn small_sequential_games_mostly_check_and_use_every_construct() {
    let games = sources(300, &Config::small(), false);
    let compiled = games
        .iter()
        .filter(|s| gamec::compile(s, &[]).0.is_some())
        .count();
    assert!(compiled * 10 >= games.len() * 9, "{compiled} of 300 check");
    let all = games.concat();
    let missing: Vec<&&str> = SEQUENTIAL.iter().filter(|c| !all.contains(**c)).collect();
    assert!(missing.is_empty(), "never generated: {missing:?}");
}

#[test]
fn the_generator_is_deterministic_for_a_seed() {
    assert_eq!(
        sources(20, &Config::small(), false),
        sources(20, &Config::small(), false)
    );
    assert_eq!(
        sources(20, &Config::small(), true),
        sources(20, &Config::small(), true)
    );
}

#[test]
fn extreme_games_reach_the_ends_of_64_bits() {
    let all = sources(100, &Config::extreme(), false).concat();
    for c in [
        "9223372036854775807",
        "(-9223372036854775807 - 1)",
        "weights [",
    ] {
        assert!(all.contains(c), "never generated: {c}");
    }
    let throws = sources(100, &Config::extreme(), true).concat();
    for c in ["scores 922337203685477", "/922337203685477"] {
        assert!(throws.contains(c), "never generated: {c}");
    }
}

#[test]
fn throw_games_mostly_check_and_use_every_construct() {
    let games = sources(300, &Config::small(), true);
    let compiled = games
        .iter()
        .filter(|s| gamec::compile(s, &[]).0.is_some())
        .count();
    assert!(compiled * 10 >= games.len() * 9, "{compiled} of 300 check");
    let all = games.concat();
    for c in [
        "throws ",
        "\"Throw",
        "beats {",
        "beats odd-steps ahead",
        "scores ",
        "scores 0.",
        "scores 1/",
        "/0.5",
        "; t",
        "ties allowed",
        "players 2..",
        "players 2\n",
        "..=",
        "round {",
        "if exactly",
        "otherwise:",
        "eliminate losers",
        "eliminate beaten unless all beaten",
        "rethrow",
        " > ",
        " crushes ",
    ] {
        assert!(all.contains(c), "never generated: {c}");
    }
}
