//! What `play` says in a one-player game (a puzzle): who plays, how the puzzle ended, whether a
//! move left it unsolvable (or, with hints, how many moves are left at best), and the review of
//! the moves that took the player further from a solution.

use super::line::Ply;
use super::rated::move_value;
use crate::engine::Rel;
use crate::solve::{Entry, Solution, Value};

/// The intro's line about the seat: `One player (a puzzle): human.`
pub(super) fn seat_line(human: bool) -> String {
    let who = if human { "human" } else { "computer" };
    format!("One player (a puzzle): {who}.")
}

/// How the puzzle ended after `made` moves, by the rule `why`.
pub(super) fn over_line(rel: Rel, why: &str, made: usize) -> String {
    let plural = if made == 1 { "" } else { "s" };
    match rel {
        Rel::Win => format!("Solved in {made} move{plural}, by the rule {why}."),
        _ => format!("The puzzle has failed after {made} move{plural}, by the rule {why}."),
    }
}

/// A value as a puzzle's result: `solvable in 5`, `unsolvable`.
fn result(e: &Entry) -> String {
    match (e.value, e.remoteness) {
        (Value::Win, Some(r)) => format!("solvable in {r}"),
        _ => "unsolvable".to_string(),
    }
}

/// What to say after a move, if anything: always when it left a solvable puzzle unsolvable;
/// with hints, how many moves are left at best.
pub(super) fn after_move(s: &Solution, ply: &Ply, hints: bool) -> Option<String> {
    let before = s.get(ply.before)?;
    let after = s.get(ply.child.code)?;
    match (before.value, after.value) {
        // Solved by this move: the end is announced next.
        (Value::Win, Value::Win) if after.remoteness == Some(0) => None,
        (Value::Win, Value::Win) => hints.then(|| format!("From here: {}.", result(&after))),
        (Value::Win, _) => Some("This move left the puzzle unsolvable: no line of moves solves it from here (u takes the move back).".to_string()),
        _ => None,
    }
}

/// The review: every move that made the shortest solution longer or lost it, with the result
/// before and after (moves counted from before the move, this one included).
pub(super) fn review(s: &Solution, plies: &[Ply]) -> Vec<String> {
    let worse: Vec<String> = plies
        .iter()
        .enumerate()
        .filter_map(|(k, ply)| {
            let before = s.get(ply.before)?;
            let after = move_value(s, ply.child)?;
            let same = after.value == before.value && after.remoteness == before.remoteness;
            (before.value == Value::Win && !same).then(|| {
                format!(
                    "  move {}, {}: {} became {}",
                    k + 1,
                    ply.label,
                    result(&before),
                    result(&after)
                )
            })
        })
        .collect();
    let head = match worse.len() {
        0 => return vec!["Review: every move was on a shortest solution.".to_string()],
        1 => "Review: 1 move was not on a shortest solution:".to_string(),
        n => format!("Review: {n} moves were not on a shortest solution:"),
    };
    std::iter::once(head).chain(worse).collect()
}
