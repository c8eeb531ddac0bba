//! Throw games (simultaneous moves): the checked game, beats-graph queries and the pipeline entry.
//! This family's model, checks and solving only: what it prints lives in `crate::commands::throw`
//! and the play loop in `crate::play::throw`.

mod beats;
pub mod chain;
pub mod chain_decimal;
#[cfg(test)]
mod chain_slow;
pub mod check;
pub mod elimination;
pub mod exact;
mod log_counts;
pub mod matrix;
pub mod simplex;

use crate::check::SetArg;
use crate::diag::Diagnostics;
use crate::syntax::ast::GameFile;

/// One throw: the short name used in the file and on the command line, and the name shown to people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Throw {
    pub name: String,
    pub display: String,
}

/// Why one throw beats another: the verb as written and the score a win is worth (exact, above 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Beat {
    pub verb: String,
    pub score: exact::Q,
}

/// How many players the game is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Players {
    pub min: u32,
    /// `None` for `players 2..` (any number from `min`).
    pub max: Option<u32>,
}

impl Players {
    pub fn allows(self, n: u32) -> bool {
        n >= self.min && self.max.is_none_or(|m| n <= m)
    }
    pub fn describe(self) -> String {
        match self.max {
            Some(m) if m == self.min => format!("{m}"),
            Some(m) => format!("{}..={m}", self.min),
            None => format!("{} or more", self.min),
        }
    }
}

/// When a round clause applies: to a given number of distinct throws, or always.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    Exactly(usize),
    Always,
}

/// What a round does with the throws shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Players whose throw is beaten by a throw present are out (never everyone).
    EliminateLosers,
    /// As above, but said of any beats-graph: nobody is out when every present throw is beaten.
    EliminateBeaten,
    Rethrow,
}

impl Action {
    pub fn describe(self) -> &'static str {
        match self {
            Action::EliminateLosers => "eliminate losers",
            Action::EliminateBeaten => "eliminate beaten unless all beaten",
            Action::Rethrow => "rethrow",
        }
    }
}

/// The N-player round rule: clauses tried in order; none matching means rethrow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundRule {
    pub clauses: Vec<(When, Action)>,
}

impl RoundRule {
    /// The rule used when a file has no `round`: the general elimination rule.
    pub fn default_rule() -> RoundRule {
        RoundRule {
            clauses: vec![(When::Always, Action::EliminateBeaten)],
        }
    }
    /// The action for a round in which `distinct` different throws were shown.
    pub fn action(&self, distinct: usize) -> (Action, Option<When>) {
        for &(when, action) in &self.clauses {
            if when == When::Always || when == When::Exactly(distinct) {
                return (action, Some(when));
            }
        }
        (Action::Rethrow, None)
    }
}

/// A checked throw game: throws, who beats whom (`beats[i][j]` when throw i beats throw j), the rules.
#[derive(Clone, Debug)]
pub struct ThrowGame {
    pub name: String,
    pub about: Option<String>,
    pub throws: Vec<Throw>,
    pub beats: Vec<Vec<Option<Beat>>>,
    pub ties_allowed: bool,
    pub players: Players,
    pub round: RoundRule,
}

impl ThrowGame {
    pub fn len(&self) -> usize {
        self.throws.len()
    }
    pub fn is_empty(&self) -> bool {
        self.throws.is_empty()
    }
    pub fn beat(&self, i: usize, j: usize) -> Option<&Beat> {
        self.beats
            .get(i)
            .and_then(|row| row.get(j))
            .and_then(Option::as_ref)
    }
    /// The index of a throw by its short name, or else by its display name (ignoring case).
    pub fn find(&self, name: &str) -> Option<usize> {
        self.throws.iter().position(|t| t.name == name).or_else(|| {
            self.throws.iter().position(|t| {
                t.name.eq_ignore_ascii_case(name) || t.display.eq_ignore_ascii_case(name)
            })
        })
    }
    /// "Spock vaporizes rock", with the first letter capitalised.
    pub fn sentence(&self, winner: usize, loser: usize) -> String {
        let verb = self
            .beat(winner, loser)
            .map_or("beats", |b| b.verb.as_str());
        let verb = if verb == ">" { "beats" } else { verb };
        capitalise(&format!(
            "{} {verb} {}",
            self.throws[winner].display, self.throws[loser].display
        ))
    }
    /// Whether a 2-player (matrix) analysis applies.
    pub fn two_player(&self) -> bool {
        self.players.allows(2)
    }
}

pub fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Checks a throw game, collecting every problem.
pub fn check(file: &GameFile, sets: &[SetArg], diags: &mut Diagnostics) -> Option<ThrowGame> {
    check::check(file, sets, diags)
}
