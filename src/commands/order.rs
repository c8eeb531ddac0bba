//! How `solve` says which order it solved positions in, as text and as JSON.

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
        } => format!(
            "tier by tier of {}, which every move {}: {tiers} tiers, {threads} thread{}",
            measure.describe(),
            if up { "raises" } else { "lowers" },
            if threads == 1 { "" } else { "s" }
        ),
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
        } => json!({
            "kind": "tiers",
            "measure": match measure { Measure::Pieces => "pieces", Measure::Sum => "sum" },
            "direction": if up { "up" } else { "down" },
            "tiers": tiers,
            "threads": threads,
        }),
    }
}
