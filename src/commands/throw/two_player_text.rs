//! How the 2-player analysis of a throw game is written: text for people and JSON for programs.

use crate::throw::exact::{fraction, Q};
use crate::throw::matrix::{wins_losses, TwoPlayer, Uniqueness};
use crate::throw::ThrowGame;
use serde_json::{json, Value};

/// The largest matrix printed in full; bigger ones are in `--json` only.
const MAX_PRINTED_MATRIX: usize = 12;

pub fn text(g: &ThrowGame, t: &TwoPlayer) -> String {
    let mut s = String::from("Two players:\n");
    if g.len() <= MAX_PRINTED_MATRIX {
        s += &matrix_text(g, &t.matrix);
    } else {
        s += &format!("  payoff matrix: {0}×{0} (in --json)\n", g.len());
    }
    s += &strategy_text(g, &t.strategy);
    s += &format!("  {}\n", uniqueness_text(t.uniqueness));
    s += &format!("  value: {}\n", fraction(&t.value));
    s += &format!("  dominated throws: {}\n", dominated_text(g, t));
    s += &format!("  balanced: {}\n", balanced_text(g, t.balanced));
    s
}

/// The matrix as a table: a column of throw names, then one right-aligned column per throw.
fn matrix_text(g: &ThrowGame, m: &[Vec<Q>]) -> String {
    let cells: Vec<Vec<String>> = m.iter().map(|r| r.iter().map(fraction).collect()).collect();
    let label = g
        .throws
        .iter()
        .map(|t| t.name.len())
        .max()
        .unwrap_or(1)
        .max(2);
    let w = cells
        .iter()
        .flatten()
        .map(String::len)
        .fold(label, usize::max);
    let mut s = "  payoff matrix (row player's gain):\n".to_string();
    s += &format!("  {:label$}", "");
    for t in &g.throws {
        s += &format!(" {:>w$}", t.name);
    }
    s += "\n";
    for (t, row) in g.throws.iter().zip(&cells) {
        s += &format!("  {:label$}", t.name);
        for x in row {
            s += &format!(" {x:>w$}");
        }
        s += "\n";
    }
    s
}

fn strategy_text(g: &ThrowGame, p: &[Q]) -> String {
    if p.windows(2).all(|w| w[0] == w[1]) {
        return format!(
            "  optimal strategy: uniform, each throw {}\n",
            fraction(&p[0])
        );
    }
    let w = g.throws.iter().map(|t| t.name.len()).max().unwrap_or(1);
    let mut s = "  optimal strategy:\n".to_string();
    for (t, q) in g.throws.iter().zip(p) {
        s += &format!("    {:w$}  {}\n", t.name, fraction(q));
    }
    s
}

fn uniqueness_text(u: Uniqueness) -> &'static str {
    match u {
        Uniqueness::Unique => "this is the only optimal strategy",
        Uniqueness::Several => "several strategies are optimal; this is one of them, and every mix of optimal strategies is optimal too",
        Uniqueness::Undetermined => "this strategy is optimal; whether others are too was not determined",
    }
}

fn dominated_text(g: &ThrowGame, t: &TwoPlayer) -> String {
    if t.dominated.is_empty() {
        return "none".to_string();
    }
    let parts: Vec<String> = t
        .dominated
        .iter()
        .map(|d| {
            let how = if d.strictly { "strictly" } else { "weakly" };
            format!(
                "{} ({how} by {})",
                g.throws[d.throw].name, g.throws[d.by].name
            )
        })
        .collect();
    parts.join(", ")
}

fn balanced_text(g: &ThrowGame, balanced: bool) -> String {
    let counts: Vec<(usize, usize)> = (0..g.len()).map(|i| wins_losses(g, i)).collect();
    if balanced {
        return match counts.windows(2).all(|w| w[0] == w[1]) {
            true => format!(
                "yes, every throw beats {} and is beaten by {}",
                counts[0].0, counts[0].1
            ),
            false => "yes, every throw beats as many as beat it".to_string(),
        };
    }
    let off: Vec<String> = counts
        .iter()
        .zip(&g.throws)
        .filter(|((w, l), _)| w != l)
        .map(|((w, l), t)| format!("{} beats {w}, is beaten by {l}", t.name))
        .collect();
    format!("no: {}", off.join("; "))
}

pub fn json(g: &ThrowGame, t: &TwoPlayer) -> Value {
    let strategy: serde_json::Map<String, Value> = g
        .throws
        .iter()
        .zip(&t.strategy)
        .map(|(th, q)| (th.name.clone(), json!(fraction(q))))
        .collect();
    let dominated: Vec<Value> = t
        .dominated
        .iter()
        .map(|d| json!({"throw": g.throws[d.throw].name, "by": g.throws[d.by].name, "strictly": d.strictly}))
        .collect();
    json!({
        "matrix": t.matrix.iter().map(|r| r.iter().map(fraction).collect()).collect::<Vec<Vec<String>>>(),
        "strategy": strategy,
        "unique": match t.uniqueness {
            Uniqueness::Unique => json!(true),
            Uniqueness::Several => json!(false),
            Uniqueness::Undetermined => Value::Null,
        },
        "value": fraction(&t.value),
        "dominated": dominated,
        "balanced": t.balanced,
    })
}
