//! Values by the plainest method: resolve the reachable graph round by round.
//!
//! Round 0: every ended position has its outcome for the player to move, remoteness 0.
//! Round k (k ≥ 1), all positions at once from what earlier rounds resolved:
//! - an unresolved position is a **win in k** if some move leads to a position resolved as lost
//!   for the player who moves into it (a child reached with `again` is seen by the same player,
//!   any other by the opponent);
//! - it is a **loss in k** if every move leads to a position resolved as won for the player who
//!   moves into it (the last of them was resolved in round k − 1).
//!
//! When a round resolves nothing, ties spread the same way: an unresolved position with a move
//! to a tie becomes a tie in the round after that tie was resolved. Whatever is left is a draw.
//! So a winner wins as fast as it can, a loser loses as slowly as it can, and a tie is reached as
//! fast as possible (docs/language.md, "Semantics the solver relies on").
//!
//! Grundy values (the mex of the children's) apply when no rule mentions the turn, no move says
//! `again`, the graph has no cycle and every end is a loss for the player to move.

use super::expand::Rel;
use super::explore::{Graph, Step};
use super::{Error, Game};

/// A position's value for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Win,
    Lose,
    Tie,
    Draw,
}

impl Value {
    /// The value as seen by the player who moves into the position: the same player if the move
    /// kept the turn, otherwise the opponent.
    fn seen_by_mover(self, kept: bool) -> Value {
        match (self, kept) {
            (v, true) => v,
            (Value::Win, false) => Value::Lose,
            (Value::Lose, false) => Value::Win,
            (v, false) => v,
        }
    }
}

/// Every position's value and remoteness (`None` for draws), by index in the graph.
#[derive(Clone, Debug)]
pub struct Solved {
    pub value: Vec<Value>,
    pub remoteness: Vec<Option<u32>>,
    /// Grundy values, when they apply.
    pub grundy: Option<Vec<u32>>,
    /// In a scored game, every position's margin for the player to move.
    pub margin: Option<Vec<i64>>,
}

/// Solves an explored game; fails if any reachable position fails.
pub fn solve(game: &Game, g: &Graph) -> Result<Solved, Error> {
    let faults = g.faults();
    if !faults.is_empty() {
        return Err(Error::Faults(faults));
    }
    if super::margins::scored(game) {
        let m = super::margins::margins(g).ok_or(Error::ScoredLoopy)?;
        let value = |margin: i64| match margin.signum() {
            1 => Value::Win,
            -1 => Value::Lose,
            _ => Value::Tie,
        };
        return Ok(Solved {
            value: m.iter().map(|&(x, _)| value(x)).collect(),
            remoteness: m.iter().map(|&(_, r)| Some(r)).collect(),
            grundy: None,
            margin: Some(m.iter().map(|&(x, _)| x).collect()),
        });
    }
    let mut known: Vec<Option<(Value, u32)>> = g
        .steps
        .iter()
        .map(|s| match s {
            Step::End(Rel::Win, ..) => Some((Value::Win, 0)),
            Step::End(Rel::Lose, ..) => Some((Value::Lose, 0)),
            Step::End(Rel::Tie, ..) => Some((Value::Tie, 0)),
            _ => None,
        })
        .collect();
    rounds(g, &mut known, win_or_lose);
    rounds(g, &mut known, tie);
    Ok(Solved {
        value: known
            .iter()
            .map(|k| k.map_or(Value::Draw, |(v, _)| v))
            .collect(),
        remoteness: known.iter().map(|k| k.map(|(_, r)| r)).collect(),
        grundy: grundy(game, g),
        margin: None,
    })
}

/// Runs rounds 1, 2, ... of `rule` until one resolves nothing. `rule` sees what each move leads to
/// (as seen by the mover; `None` while unresolved) and says what the position becomes.
fn rounds(
    g: &Graph,
    known: &mut [Option<(Value, u32)>],
    rule: fn(&[Option<Value>]) -> Option<Value>,
) {
    for k in 1u32.. {
        let mut resolved = Vec::new();
        for (i, step) in g.steps.iter().enumerate() {
            let Step::Moves(moves) = step else { continue };
            if known[i].is_some() {
                continue;
            }
            let seen: Vec<Option<Value>> = moves
                .iter()
                .map(|(_, _, child, kept, _)| known[*child].map(|(v, _)| v.seen_by_mover(*kept)))
                .collect();
            if let Some(v) = rule(&seen) {
                resolved.push((i, v));
            }
        }
        if resolved.is_empty() {
            return;
        }
        for (i, v) in resolved {
            known[i] = Some((v, k));
        }
    }
}

fn win_or_lose(seen: &[Option<Value>]) -> Option<Value> {
    if seen.contains(&Some(Value::Win)) {
        Some(Value::Win)
    } else if seen.iter().all(|s| *s == Some(Value::Lose)) {
        Some(Value::Lose)
    } else {
        None
    }
}

fn tie(seen: &[Option<Value>]) -> Option<Value> {
    seen.contains(&Some(Value::Tie)).then_some(Value::Tie)
}

/// Grundy values, if they apply: ends are 0; a position whose children all have one gets the
/// least value none of them has; a position left without one lies on a cycle.
fn grundy(game: &Game, g: &Graph) -> Option<Vec<u32>> {
    let normal_play = g
        .steps
        .iter()
        .all(|s| !matches!(s, Step::End(Rel::Win | Rel::Tie, ..)));
    if game.turn_matters || game.has_again || game.players == 1 || !normal_play {
        return None;
    }
    let mut values: Vec<Option<u32>> = g
        .steps
        .iter()
        .map(|s| matches!(s, Step::End(..)).then_some(0))
        .collect();
    loop {
        let mut found = Vec::new();
        for (i, step) in g.steps.iter().enumerate() {
            let Step::Moves(moves) = step else { continue };
            if values[i].is_some() {
                continue;
            }
            let kids: Option<Vec<u32>> = moves.iter().map(|(_, _, c, _, _)| values[*c]).collect();
            if let Some(kids) = kids {
                found.push((i, (0..).find(|x| !kids.contains(x)).unwrap_or(0)));
            }
        }
        if found.is_empty() {
            break;
        }
        for (i, v) in found {
            values[i] = Some(v);
        }
    }
    values.into_iter().collect()
}
