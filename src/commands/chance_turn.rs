//! A chance turn (`chance if C { ... }`) at the position `solve` starts from: nobody chooses, so
//! in place of the best move and the moves, each outcome (what was rolled; rolls reaching the same
//! position are one, `d=2 or d=3`) with its probability and the value there for the player to
//! move, as the table of a rolling setup shows them.

use super::fraction::fraction_text;
use crate::engine::{merge_runs, Code, Engine, Scratch};
use num_rational::BigRational;
use serde_json::{json, Value as Json};

/// One outcome of a chance turn: what was rolled, its probability, the position and its mover.
pub struct TurnOutcome {
    pub rolled: String,
    pub prob: BigRational,
    pub code: Code,
    pub mover: u8,
}

/// The outcomes of the chance turn at `code` (player `mover` to move), or `None` where a player
/// moves (or play ends).
pub fn outcomes(engine: &Engine, code: Code, mover: u8) -> Option<Vec<TurnOutcome>> {
    let mut runs = engine.runs_of(code, &mut Scratch::default()).ok()??;
    if runs.len() != 1 || !engine.rules.moves.get(runs[0].0)?.chance {
        return None;
    }
    let (_, _, each) = runs.pop()?;
    let one = engine.rules.players <= 1;
    Some(
        merge_runs(&each)
            .into_iter()
            .map(|(o, rolled)| TurnOutcome {
                rolled: if rolled.is_empty() {
                    "(nothing rolled)".to_string()
                } else {
                    rolled
                },
                prob: o.prob,
                code: o.code,
                mover: if o.kept || one { mover } else { 3 - mover },
            })
            .collect(),
    )
}

/// The chance turn's lines: a heading, then one line per outcome, where `worth` says what the
/// outcome's position is worth for its player to move (`expected 1; best: turn to 3`).
pub fn text(turn: &[TurnOutcome], worth: impl Fn(&TurnOutcome) -> String) -> String {
    let mut t = format!(
        "{:<12}nobody chooses: each outcome, then for the player to move:\n",
        "chance turn"
    );
    let wide = turn
        .iter()
        .map(|o| o.rolled.len())
        .max()
        .unwrap_or(0)
        .max(8)
        + 2;
    let probs: Vec<String> = turn.iter().map(|o| fraction_text(&o.prob)).collect();
    let prob_wide = probs.iter().map(|p| p.len()).max().unwrap_or(0).max(6) + 2;
    for (o, p) in turn.iter().zip(&probs) {
        t += &format!(
            "  {:<wide$}{:<prob_wide$}player {} to move: {}\n",
            o.rolled,
            p,
            o.mover,
            worth(o)
        );
    }
    t
}

/// The chance turn as JSON: each outcome with `rolled`, `probability`, `to_move`, and what
/// `worth` adds (the value there).
pub fn json(turn: &[TurnOutcome], worth: impl Fn(&TurnOutcome) -> Json) -> Json {
    turn.iter()
        .map(|o| {
            let mut j = json!({
                "rolled": o.rolled,
                "probability": fraction_text(&o.prob),
                "to_move": o.mover,
            });
            if let (Some(j), Json::Object(more)) = (j.as_object_mut(), worth(o)) {
                j.extend(more);
            }
            j
        })
        .collect()
}
