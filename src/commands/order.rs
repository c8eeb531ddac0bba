//! How `solve` says which order it solved positions in, as text and as JSON, and why it is not
//! the order or the threads asked for when it is not.

use crate::engine::{Engine, SolveOrder};
use crate::solve::{Measure, Order};
use serde_json::{json, Value as Json};

/// The `order` line's text.
pub fn order_text(o: Order) -> String {
    match o {
        Order::DepthFirst => "depth-first from the start, one thread".into(),
        Order::Retrograde => {
            "retrograde analysis of the state graph (play can return to a position)".into()
        }
        Order::RetrogradeTable => "retrograde analysis over the table of position numbers \
            (play can return to a position)"
            .into(),
        Order::Sweep { down, threads } => format!(
            "in the order of position numbers, which every move {}, {}",
            if down { "lowers" } else { "raises" },
            if threads == 1 {
                "one thread".to_string()
            } else {
                format!("{threads} threads (finding and valuing at once)")
            }
        ),
        Order::Tiers {
            measure,
            up,
            tiers,
            threads,
            loopy: false,
        } => format!(
            "tier by tier of {}, which every move {}: {tiers} tiers, {threads} thread{}",
            measure.describe(),
            if up { "raises" } else { "lowers" },
            if threads == 1 { "" } else { "s" }
        ),
        Order::TierTables {
            measure,
            up,
            tiers,
            threads,
            disk_bytes,
        } => format!(
            "tier by tier of {}, which every move {}, a sorted table a tier{}: {tiers} tiers, \
             {threads} thread{}",
            measure.describe(),
            if up { "raises" } else { "lowers" },
            match disk_bytes {
                0 => String::new(),
                b => format!(" ({} written to disk)", bytes_text(b)),
            },
            if threads == 1 { "" } else { "s" }
        ),
        Order::Tiers {
            measure,
            up,
            tiers,
            threads,
            loopy: true,
        } => format!(
            "tier by tier of {}, which no move {}, each tier by retrograde analysis (play can \
             return to a position within a tier): {tiers} tiers, {threads} thread{}",
            measure.describe(),
            if up { "lowers" } else { "raises" },
            if threads == 1 { "" } else { "s" }
        ),
    }
}

/// A number of bytes as a person reads it: `1.5 GB`, `640 MB`, `12 kB` (powers of 1000).
fn bytes_text(b: u64) -> String {
    let units = [(1e12, "TB"), (1e9, "GB"), (1e6, "MB"), (1e3, "kB")];
    match units.iter().find(|(u, _)| b as f64 >= *u) {
        Some((u, name)) => format!("{:.1} {name}", b as f64 / u),
        None => format!("{b} bytes"),
    }
}

/// Why the order used is not the one `--order` asked for, or why `--threads` went unused; `None`
/// when the solve did what was asked. The `order` line adds it, and a warning repeats it.
pub fn fallback(engine: &Engine, o: Order) -> Option<String> {
    let one_thread = matches!(
        o,
        Order::DepthFirst | Order::Retrograde | Order::RetrogradeTable
    );
    let instead = match o {
        Order::DepthFirst => "depth-first order",
        _ => "retrograde analysis",
    };
    let threads = engine.threads;
    if engine.rules.scored {
        return match engine.order {
            SolveOrder::Tiers => Some(
                "--order tiers does not apply: scored games are solved depth-first, on one thread"
                    .into(),
            ),
            _ if threads >= 2 => Some(format!(
                "--threads {threads} is not used: scored games are solved depth-first, on one \
                 thread"
            )),
            _ => None,
        };
    }
    match engine.order {
        SolveOrder::Tiers if !matches!(o, Order::Tiers { .. } | Order::TierTables { .. }) => {
            // A colour swap's images have other values: the sum is not tried (solve::tiers).
            let swap = engine.symmetry.as_ref().is_some_and(|s| s.swaps_values());
            let sum = match swap {
                true => "the sum of the state (not used with a colour swap)",
                false => "the sum of the state",
            };
            Some(format!(
                "--order tiers does not apply: neither {sum} nor the pieces on the board change \
                 one way on every move, so the game is solved by {instead}, on one thread"
            ))
        }
        _ if threads < 2 || !one_thread => None,
        SolveOrder::DepthFirst => Some(format!(
            "--threads {threads} is not used: {instead} runs on one thread"
        )),
        _ if engine.symmetry.is_some() => Some(format!(
            "--threads {threads} is not used: positions reduced by symmetry are solved by \
             {instead}, which runs on one thread"
        )),
        _ => Some(format!(
            "--threads {threads} is not used: the positions cannot be taken in the order of \
             their numbers, and {instead} runs on one thread"
        )),
    }
}

/// The `order` object of `solve --json`.
pub fn order_json(o: Order) -> Json {
    match o {
        Order::DepthFirst => json!({ "kind": "depth-first", "threads": 1 }),
        Order::Retrograde => json!({ "kind": "retrograde", "threads": 1 }),
        Order::RetrogradeTable => json!({ "kind": "retrograde-table", "threads": 1 }),
        Order::Sweep { down, threads } => json!({
            "kind": "sweep",
            "direction": if down { "down" } else { "up" },
            "threads": threads,
        }),
        Order::Tiers {
            measure,
            up,
            tiers,
            threads,
            loopy,
        } => json!({
            "kind": if loopy { "loopy-tiers" } else { "tiers" },
            "measure": measure_key(measure),
            "direction": if up { "up" } else { "down" },
            "tiers": tiers,
            "threads": threads,
        }),
        Order::TierTables {
            measure,
            up,
            tiers,
            threads,
            disk_bytes,
        } => json!({
            "kind": "tier-tables",
            "measure": measure_key(measure),
            "direction": if up { "up" } else { "down" },
            "tiers": tiers,
            "threads": threads,
            "disk_bytes": disk_bytes,
        }),
    }
}

/// A measure's name in JSON.
fn measure_key(m: Measure) -> &'static str {
    match m {
        Measure::Pieces => "pieces",
        Measure::Sum => "sum",
    }
}
