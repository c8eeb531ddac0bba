//! Scored games: a game is scored when some end rule gives scores (`score each p = ...`), and
//! then every outcome must give scores, so that every end has a margin.

use crate::diag::{scores, Diagnostics};
use crate::syntax::ast::*;

/// Whether the game is scored; reports each outcome that names a winner or a tie in a scored game.
pub(super) fn scored(ends: &[EndRule], d: &mut Diagnostics) -> bool {
    let mut leaves = Vec::new();
    for e in ends {
        outcome_leaves(&e.outcome, &mut leaves);
    }
    let Some(first_score) = leaves.iter().find(|(_, s)| *s).map(|(span, _)| *span) else {
        return false;
    };
    for (span, is_score) in &leaves {
        if !is_score {
            d.push(scores::mixed_outcomes(*span, first_score));
        }
    }
    true
}

/// The outcomes an outcome may end in (both branches of an `if`), each with whether it gives
/// scores.
fn outcome_leaves(o: &Outcome, out: &mut Vec<(Span, bool)>) {
    match &o.kind {
        OutcomeKind::If {
            then, otherwise, ..
        } => {
            outcome_leaves(then, out);
            outcome_leaves(otherwise, out);
        }
        OutcomeKind::Score { .. } => out.push((o.span, true)),
        _ => out.push((o.span, false)),
    }
}
