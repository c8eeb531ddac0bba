//! The generator's state: what the game being written has declared so far (and so what an
//! expression may mention), the game's profile, and small random helpers.

use super::Config;
use rand::Rng;

/// The shape of a state variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Shape {
    Scalar,
    /// An array; its length as written (a number or `len(S)`).
    Array(String),
    PerPlayer,
    /// A grid of `cols` columns and `rows` rows.
    Grid {
        cols: i64,
        rows: i64,
    },
}

/// A declared state variable, with its range as written (for always-in-range assignments).
#[derive(Clone, Debug)]
pub(super) struct Var {
    pub name: String,
    pub shape: Shape,
    pub is_bool: bool,
    pub lo: String,
    pub hi: String,
    /// The range's ends with the options at their defaults.
    pub lo_v: i64,
    pub hi_v: i64,
    /// The step counter of an acyclic game: only the step at the start of each move changes it.
    pub clock: bool,
    /// An enumeration's value names (the variable holds one of them).
    pub values: Option<Vec<String>>,
}

/// A name bound by a parameter, a comprehension or `winner is each`: always a number.
#[derive(Clone, Debug)]
pub(super) struct Local {
    pub name: String,
    /// The array or list whose indices it ranges over, if any.
    pub indexes: Option<String>,
    /// Whether it ranges over `players`.
    pub player: bool,
}

/// What kind of game is being written; decided first, it steers every later choice.
#[derive(Clone, Copy, Debug)]
pub(super) struct Profile {
    /// No rule mentions the turn and no move says `again`: Grundy values apply.
    pub impartial: bool,
    /// Every move advances a step counter, so play cannot loop.
    pub acyclic: bool,
    /// Some moves may say `again`.
    pub again: bool,
    /// A one-player game (`players 1`): no opponent, per-player variable, setup, tie or other
    /// player, but for a rare one the checker must refuse.
    pub solo: bool,
    /// The number of players: 2 (also for a puzzle, which says `players 1`), or 3 or 4 for a
    /// game of many players, which has no `opponent`, setup or `swap` (but for a rare one the
    /// checker must refuse).
    pub players: u8,
    /// Some move bodies roll (chance during play).
    pub rolls: bool,
    /// The first move is simultaneous (`together`, two players).
    pub together: bool,
}

pub(super) struct Gen<'a, R: Rng> {
    pub rng: &'a mut R,
    pub cfg: &'a Config,
    pub profile: Profile,
    /// Int options with their default values.
    pub int_opts: Vec<(String, i64)>,
    pub bool_opts: Vec<String>,
    /// Options holding an enumeration's value: the option and the enumeration's value names.
    pub enum_opts: Vec<(String, Vec<String>)>,
    /// List options and list literals' values.
    pub lists: Vec<(String, Vec<i64>)>,
    pub vars: Vec<Var>,
    pub locals: Vec<Local>,
    /// Names bound to conditions: a definition's condition parameters, in its body.
    pub cond_locals: Vec<String>,
    /// The definitions written so far (a body may call only earlier ones).
    pub defs: Vec<Def>,
    /// Whether a block at the top of a body may hold `let` (not the setup's: each roll there
    /// starts a new branch).
    pub top_lets: bool,
    /// Whether the game says `first mover` (its setup is then nobody's move).
    pub first_mover: bool,
    /// Names bound to runs of cells, innermost last, and the definitions over runs.
    pub run_locals: Vec<super::runs::RunLocal>,
    pub run_defs: Vec<super::runs::RunDef>,
    counter: u32,
}

/// A definition: its name, whether each parameter is a condition, whether it gives one.
#[derive(Clone, Debug)]
pub(super) struct Def {
    pub name: String,
    pub params: Vec<bool>,
    pub gives_bool: bool,
}

impl<'a, R: Rng> Gen<'a, R> {
    pub fn new(rng: &'a mut R, cfg: &'a Config) -> Gen<'a, R> {
        let impartial = rng.gen_bool(0.3);
        let profile = Profile {
            impartial,
            acyclic: rng.gen_bool(0.5),
            again: !impartial && rng.gen_bool(0.35),
            solo: false,
            players: 2,
            rolls: false,
            together: false,
        };
        Gen {
            rng,
            cfg,
            profile,
            int_opts: Vec::new(),
            bool_opts: Vec::new(),
            enum_opts: Vec::new(),
            lists: Vec::new(),
            vars: Vec::new(),
            locals: Vec::new(),
            cond_locals: Vec::new(),
            defs: Vec::new(),
            top_lets: true,
            first_mover: false,
            run_locals: Vec::new(),
            run_defs: Vec::new(),
            counter: 0,
        }
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.rng.gen_bool(p.clamp(0.0, 1.0))
    }

    /// A number in `lo..=hi`.
    pub fn int_in(&mut self, lo: i64, hi: i64) -> i64 {
        self.rng.gen_range(lo..=hi)
    }

    /// One of the items, by index.
    pub fn pick<'b, T>(&mut self, items: &'b [T]) -> Option<&'b T> {
        if items.is_empty() {
            None
        } else {
            items.get(self.rng.gen_range(0..items.len()))
        }
    }

    /// A fresh name with the given prefix.
    pub fn fresh(&mut self, prefix: &str) -> String {
        self.counter += 1;
        format!("{prefix}{}", self.counter)
    }

    /// Whether the game has three or more players.
    pub fn many(&self) -> bool {
        self.profile.players > 2
    }

    /// Now and then (with chance `p`) true in a game of many players: write a construct the
    /// checker refuses there.
    pub fn refused(&mut self, p: f64) -> bool {
        !self.many() || self.chance(p)
    }

    /// Whether rules may mention whose turn it is.
    pub fn turn(&self) -> bool {
        !self.profile.impartial
    }

    /// A literal: small numbers, or (extreme) numbers near the ends of 64 bits.
    pub fn literal(&mut self) -> String {
        if self.cfg.extreme && self.chance(0.4) {
            let big = [
                "9223372036854775807",
                "(-9223372036854775807 - 1)",
                "-9223372036854775807",
                "4611686018427387904",
                "3037000500",
                "4294967296",
                "1000001",
            ];
            return self.pick(&big).map_or("0".into(), |s| s.to_string());
        }
        let v = self.int_in(-3, 6);
        if v < 0 {
            format!("({v})")
        } else {
            v.to_string()
        }
    }

    pub fn int_scalars(&self) -> Vec<Var> {
        self.vars
            .iter()
            .filter(|v| v.shape == Shape::Scalar && !v.is_bool && v.values.is_none())
            .cloned()
            .collect()
    }

    pub fn bool_scalars(&self) -> Vec<Var> {
        self.vars
            .iter()
            .filter(|v| v.shape == Shape::Scalar && v.is_bool)
            .cloned()
            .collect()
    }

    /// Arrays and per-player variables holding numbers (`want_bool` false) or conditions.
    pub fn indexed(&self, want_bool: bool) -> Vec<Var> {
        self.vars
            .iter()
            .filter(|v| v.shape != Shape::Scalar && v.is_bool == want_bool && v.values.is_none())
            .cloned()
            .collect()
    }

    /// Variables of an enumeration.
    pub fn enum_vars(&self) -> Vec<Var> {
        self.vars
            .iter()
            .filter(|v| v.values.is_some())
            .cloned()
            .collect()
    }

    /// An option holding a value of the enumeration whose values are `vs`, if there is one.
    pub fn enum_option(&mut self, vs: &[String]) -> Option<String> {
        let opts: Vec<String> = (self.enum_opts.iter())
            .filter(|(_, values)| values.as_slice() == vs)
            .map(|(o, _)| o.clone())
            .collect();
        self.pick(&opts).cloned()
    }
}
