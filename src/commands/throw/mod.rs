//! The throw-game side of each command: option handling and everything a throw game prints. The
//! model, the checks and the solving live in `crate::throw`; the play loop in `crate::play::throw`.

pub mod chain_text;
pub mod graph;
pub mod play;
pub mod run;
pub mod solve;
pub mod two_player_text;

pub use crate::commands::common::usage;
use crate::commands::common::{Exit, Loaded};
use crate::throw::matrix::{self, TwoPlayer};
use crate::throw::simplex::MAX_WORK;
use crate::throw::{Action, ThrowGame, When};

/// The exact 2-player analysis (`None`: no throws), or the command ends with `gamec::too_hard`.
pub fn analysed(l: &Loaded, t: &ThrowGame) -> Result<Option<TwoPlayer>, Exit> {
    matrix::analyse(t).map_err(|_| {
        crate::commands::explore::report(l, crate::diag::throw::too_hard(t.len(), MAX_WORK))
    })
}

/// `n` when the game is for `n` players, else a usage error saying for how many it is.
pub fn checked_players(t: &ThrowGame, n: u32) -> Result<u32, Exit> {
    if t.players.allows(n) {
        Ok(n)
    } else {
        Err(usage(&format!(
            "`{}` is for {} players, not {n}",
            t.name,
            t.players.describe()
        )))
    }
}

/// A round clause as people read it: `if exactly 2 throws: eliminate losers`, `otherwise: rethrow`.
pub fn rule_text(g: &ThrowGame, when: Option<When>, action: Action) -> String {
    match when {
        Some(When::Exactly(k)) => format!("if exactly {k} throws: {}", action.describe()),
        Some(When::Always) if g.round.clauses.len() > 1 => {
            format!("otherwise: {}", action.describe())
        }
        Some(When::Always) => action.describe().to_string(),
        None => "no round clause applies: rethrow".to_string(),
    }
}
