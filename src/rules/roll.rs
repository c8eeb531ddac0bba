//! What makes a roll well formed, decided in one place for the checker (constant rolls, before
//! play) and the engine (rolls whose range or weights depend on the state).

use super::fault::RtKind;

/// The problem with rolling over `lo..=hi` with weights `ws` (`None`: equally likely), if any:
/// an empty range, or weights that are not one non-negative number per value, not all 0.
pub fn roll_problem(lo: i64, hi: i64, ws: Option<&[i64]>) -> Option<(RtKind, String)> {
    // In 128 bits: the whole of i64 is 2^64 values.
    let n = i128::from(hi) - i128::from(lo) + 1;
    if n <= 0 {
        return Some((
            RtKind::EmptyRoll,
            format!("the roll's range {lo}..={hi} is empty: nothing to roll"),
        ));
    }
    let ws = ws?;
    let problem = if ws.len() as i128 != n {
        format!(
            "the roll has {n} outcomes ({lo}..={hi}) but {} weights",
            ws.len()
        )
    } else if let Some(w) = ws.iter().find(|w| **w < 0) {
        format!("the roll has a negative weight ({w})")
    } else if ws.iter().all(|w| *w == 0) {
        "every weight of the roll is 0: no outcome can happen".to_string()
    } else {
        return None;
    };
    Some((RtKind::BadWeights, problem))
}
