//! Margins of a scored game (`score each p = ...`), by the plainest method: round by round, a
//! position is resolved once every move from it leads to a resolved position. An end's margin is
//! the mover's score less the other's, remoteness 0; any other position takes the best of its
//! moves as seen by the player making them (a child reached with `again` as it is, any other
//! negated): the largest margin, and among those the fewest moves to the end when the margin is
//! 0 or more, the most when it is below 0; its remoteness is one more. A position left
//! unresolved lies on a cycle or leads to one, and scored games that loop are not solved
//! (docs/language.md, "Scores").

use super::explore::{Graph, Step};
use super::Game;
use crate::syntax::ast::{Outcome, OutcomeKind};

/// Whether some end rule of the game gives scores.
pub fn scored(game: &Game) -> bool {
    fn gives(o: &Outcome) -> bool {
        match &o.kind {
            OutcomeKind::Score { .. } => true,
            OutcomeKind::If {
                then, otherwise, ..
            } => gives(then) || gives(otherwise),
            _ => false,
        }
    }
    game.ends.iter().any(|e| gives(&e.outcome))
}

/// Every position's margin and remoteness, by index in the graph; `None` if some position is
/// never resolved (play can go on for ever).
pub fn margins(g: &Graph) -> Option<Vec<(i64, u32)>> {
    let mut known: Vec<Option<(i64, u32)>> = g
        .steps
        .iter()
        .map(|s| match s {
            Step::End(_, _, m) => Some((m.unwrap_or(0), 0)),
            _ => None,
        })
        .collect();
    loop {
        let mut found = Vec::new();
        for (i, step) in g.steps.iter().enumerate() {
            let Step::Moves(moves) = step else { continue };
            if known[i].is_some() {
                continue;
            }
            let seen: Option<Vec<(i64, u32)>> = moves
                .iter()
                .map(|(_, _, c, kept, _)| known[*c].map(|(m, r)| (if *kept { m } else { -m }, r)))
                .collect();
            if let Some(best) = seen.and_then(|s| s.into_iter().reduce(better_of)) {
                found.push((i, (best.0, best.1 + 1)));
            }
        }
        if found.is_empty() {
            break;
        }
        for (i, v) in found {
            known[i] = Some(v);
        }
    }
    known.into_iter().collect()
}

/// The better of two margins for the player choosing between them.
fn better_of(a: (i64, u32), b: (i64, u32)) -> (i64, u32) {
    let a_better = match a.0.cmp(&b.0) {
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Less => false,
        std::cmp::Ordering::Equal if a.0 < 0 => a.1 > b.1,
        std::cmp::Ordering::Equal => a.1 < b.1,
    };
    if a_better {
        a
    } else {
        b
    }
}
