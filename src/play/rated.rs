//! Every move from a position rated for the player making it, best first: what `solve` lists,
//! what `play --hints` shows and what the computer picks from.

use crate::engine::{Child, Code, Engine};
use crate::solve::{rank, seen_by_mover, Entry, Solution, Value};

/// What the move to `child` gives the player making it, moves to the end counted from before
/// the move (so including it); `None` if the child was not solved.
pub fn move_value(s: &Solution, child: Child) -> Option<Entry> {
    let mut seen = seen_by_mover(s.get(child.code)?, child.kept);
    seen.remoteness = seen.remoteness.map(|r| r + 1);
    Some(seen)
}

/// Every move from `code` with its value for the player making it (remoteness counted from this
/// position, so the best move's equals the position's), best first.
pub fn rated_moves(engine: &Engine, s: &Solution, code: Code) -> Vec<(String, Entry)> {
    let Ok((_, moves)) = engine.moves_of(code) else {
        return Vec::new();
    };
    let mut rated: Vec<(String, Entry)> = moves
        .into_iter()
        .filter_map(|(label, c)| move_value(s, c).map(|seen| (label, seen)))
        .collect();
    rated.sort_by_key(|(_, e)| rank(e));
    rated
}

/// The moves that achieve the position's value as well as possible (fastest win, longest loss).
pub fn best_moves(rated: &[(String, Entry)]) -> Vec<String> {
    let Some(best) = rated.first().map(|(_, e)| rank(e)) else {
        return Vec::new();
    };
    rated
        .iter()
        .filter(|(_, e)| rank(e) == best)
        .map(|(l, _)| l.clone())
        .collect()
}

/// Every move that wins (keeps a won position won), fastest first.
pub fn winning_moves(rated: &[(String, Entry)]) -> Vec<String> {
    rated
        .iter()
        .filter(|(_, e)| e.value == Value::Win)
        .map(|(l, _)| l.clone())
        .collect()
}

/// The winning moves that are not among the best (they win, but more slowly or, in a scored
/// game, by less), with their values (moves to the end counted from this position).
pub fn slower_wins(rated: &[(String, Entry)]) -> Vec<(String, Entry)> {
    // By rank, not by label: comparing labels made a position with a million best moves take
    // 10^12 steps (found by the fuzz harness).
    let Some(best) = rated.first().map(|(_, e)| rank(e)) else {
        return Vec::new();
    };
    rated
        .iter()
        .filter(|(_, e)| e.value == Value::Win && rank(e) != best)
        .map(|(l, e)| (l.clone(), *e))
        .collect()
}
