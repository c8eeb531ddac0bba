//! A game that rolls during play or has simultaneous moves, and loops: `solve`'s bounds (and its
//! exact values, where found) must hold the reference interpreter's value iteration at every
//! start where both settle.

use gamec::engine::Branch;
use gamec::solve::interval::Bounds;
use num_traits::ToPrimitive;

/// Checks the bounds at `starts` against the reference's value iteration.
pub fn check(
    ast: &gamec::syntax::ast::GameFile,
    starts: &[Branch],
    bounds: &Bounds,
    limit: usize,
) -> Result<(), String> {
    // Value iteration in floats over a large loop can take long: small games only.
    if !bounds.closed || bounds.index.len() > 20_000 {
        return Ok(());
    }
    let game = gamec::reference::Game::new(ast, &[]).map_err(|e| format!("reference: {e:?}"))?;
    let theirs = match gamec::reference::rolls::iterate_rolls(&game, limit, 100_000) {
        Ok(t) => t,
        // The engine explored and valued the game: the reference's own limits, or a fault it
        // meets where the engine's exploration (in another order) met none first, are not
        // compared here (the differential test compares faults).
        Err(_) => return Ok(()),
    };
    for (b, (_, mover, v)) in starts.iter().zip(&theirs) {
        let (Some(v), Some((lo, hi))) = (v, bounds.of(b.code)) else {
            continue;
        };
        if *mover != b.mover {
            return Err(format!(
                "loop: first mover engine {}, reference {mover}",
                b.mover
            ));
        }
        let (lo, hi) = (
            lo.to_f64().unwrap_or(f64::NAN),
            hi.to_f64().unwrap_or(f64::NAN),
        );
        if !(lo - 1e-9 <= *v && *v <= hi + 1e-9) {
            let what = if bounds.exact.is_ok() {
                "exact value"
            } else {
                "bounds"
            };
            return Err(format!(
                "loop: the {what} [{lo}, {hi}] do not hold the reference's {v}"
            ));
        }
    }
    Ok(())
}
