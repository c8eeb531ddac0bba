//! A puzzle's shortest solution: from a position solved as a win, one move at a time, the first
//! move (in the rules' order) whose child is a win one move sooner, until an end.

use super::{Solution, Value};
use crate::engine::{Code, Engine, Fault};

/// The moves of one shortest solution from `code`, labelled as `play` names them: empty at an end
/// or where no win can be reached. Every move of a one-player game keeps the turn, so a child's
/// value is the mover's own.
pub fn shortest_solution(engine: &Engine, s: &Solution, code: Code) -> Result<Vec<String>, Fault> {
    let mut line = Vec::new();
    let mut at = code;
    while let Some(e) = s.get(at).filter(|e| e.value == Value::Win) {
        let left = e.remoteness.unwrap_or(0);
        if left == 0 {
            break;
        }
        let (_, moves) = engine.moves_of(at)?;
        let next = moves.into_iter().find(|(_, c)| {
            s.get(c.code)
                .is_some_and(|k| c.kept && k.value == Value::Win && k.remoteness == Some(left - 1))
        });
        // Every win of remoteness r > 0 has such a move; without one, the line stops.
        let Some((label, child)) = next else { break };
        line.push(label);
        at = child.code;
    }
    Ok(line)
}
