//! Random games, as source text: sequential games that use every construct of the language, and
//! throw games. Small configurations give games that mostly check and solve (so tests can compare
//! the engine with the reference interpreter); extreme ones push numbers, ranges and nesting to
//! the limits, for fuzzing.

mod chance;
mod ends;
mod expr;
mod loopy_stage;
mod runs;
mod scope;
mod seq;
mod stmt;
mod symmetry;
mod throws;

/// How big and how wild the generated games are.
#[derive(Clone, Debug)]
pub struct Config {
    /// Numbers near ±2^63, huge ranges, deep nesting: games that need not be solvable, for fuzzing.
    pub extreme: bool,
    /// Aim to keep non-extreme games below this many positions.
    pub max_positions: u64,
    /// Every sequential game for this many players (3 or more); `None`: mostly two, sometimes
    /// one, three or four.
    pub players: Option<u8>,
}

impl Config {
    /// Small games that mostly check and solve in a few milliseconds.
    pub fn small() -> Config {
        Config {
            extreme: false,
            max_positions: 400,
            players: None,
        }
    }

    /// Small games, all of `n` players (3 or more).
    pub fn many(n: u8) -> Config {
        Config {
            players: Some(n),
            ..Config::small()
        }
    }

    /// Games at the edges of the language's limits.
    pub fn extreme() -> Config {
        Config {
            extreme: true,
            max_positions: 1_000_000,
            players: None,
        }
    }
}

/// The source text of a random sequential game.
pub fn sequential_game(rng: &mut impl rand::Rng, cfg: &Config) -> String {
    seq::game(rng, cfg)
}

/// The source text of a random throw game.
pub fn throw_game(rng: &mut impl rand::Rng, cfg: &Config) -> String {
    throws::game(rng, cfg)
}
