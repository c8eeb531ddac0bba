//! The review after a game: every move that changed the result for the player who made it, by
//! either side, judged by the solution as `--hints` shows it (the value before the move for the
//! mover against the value the move leaves the mover, moves counted to the end including it).
//! A move that keeps the result but makes a win slower or a loss quicker is not listed; in a
//! scored game, a move that changes the margin is (`a win by 3 in 1 became a win by 2 in 1`).

use super::line::Ply;
use super::rated::move_value;
use crate::solve::{Entry, Solution, Value};

/// A result as a noun: `a win in 5`, `a loss in 6`, `a tie in 3`, `a draw`.
pub(super) fn outcome(e: &Entry) -> String {
    let noun = match e.value {
        Value::Win => "a win",
        Value::Lose => "a loss",
        Value::Tie => "a tie",
        Value::Draw => return "a draw".to_string(),
    };
    let by = match e.margin {
        Some(m) if m != 0 => format!(" by {}", m.unsigned_abs()),
        _ => String::new(),
    };
    match e.remoteness {
        Some(r) => format!("{noun}{by} in {r}"),
        None => noun.to_string(),
    }
}

/// The result `ply` left its mover, and the one the mover had before it, if they differ.
fn change(s: &Solution, ply: &Ply) -> Option<(Entry, Entry)> {
    let before = s.get(ply.before)?;
    let after = move_value(s, ply.child)?;
    (after.value != before.value || after.margin != before.margin).then_some((before, after))
}

/// The review's lines: a heading and one line per move that changed the result, or one line
/// saying no move did.
pub fn review(s: &Solution, plies: &[Ply]) -> Vec<String> {
    let changed: Vec<String> = plies
        .iter()
        .enumerate()
        .filter_map(|(k, ply)| {
            let (before, after) = change(s, ply)?;
            let blunder = if ply.by_computer {
                " (a deliberate blunder)"
            } else {
                ""
            };
            Some(format!(
                "  move {}, player {} {}: {} became {}{blunder}",
                k + 1,
                ply.mover,
                ply.label,
                outcome(&before),
                outcome(&after)
            ))
        })
        .collect();
    let head = match changed.len() {
        0 => return vec!["Review: no move changed the result.".to_string()],
        1 => "Review: 1 move changed the result for the player who made it:".to_string(),
        n => format!("Review: {n} moves changed the result for the player who made them:"),
    };
    std::iter::once(head).chain(changed).collect()
}
