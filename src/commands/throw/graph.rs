//! `gamec graph` for throw games: the beats-graph as Graphviz DOT or JSON.

use crate::commands::common::{CliResult, GraphFormat, Loaded};
use crate::commands::io::out;
use crate::throw::exact::fraction;
use crate::throw::ThrowGame;
use num_traits::One;
use serde_json::{json, Value};

pub fn run(_l: &Loaded, t: &ThrowGame, f: GraphFormat) -> CliResult {
    match f {
        GraphFormat::Dot => out(&dot(t)),
        GraphFormat::Json => out(&format!("{:#}\n", graph_json(t))),
    }
    Ok(())
}

/// The beats-graph as Graphviz DOT: an arrow from each winner to the throw it beats, labelled by the verb.
pub fn dot(g: &ThrowGame) -> String {
    let q = |s: &str| format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""));
    let mut s = format!(
        "digraph {} {{\n  // an arrow points from the winner to the loser\n",
        q(&g.name)
    );
    for t in &g.throws {
        s += &format!("  {} [label={}];\n", q(&t.name), q(&t.display));
    }
    for (i, w) in g.throws.iter().enumerate() {
        for (j, l) in g.throws.iter().enumerate() {
            if let Some(b) = g.beat(i, j) {
                let label = if b.score.is_one() {
                    b.verb.clone()
                } else {
                    format!("{} (scores {})", b.verb, fraction(&b.score))
                };
                s += &format!(
                    "  {} -> {} [label={}];\n",
                    q(&w.name),
                    q(&l.name),
                    q(&label)
                );
            }
        }
    }
    s += "}\n";
    s
}

pub fn graph_json(g: &ThrowGame) -> Value {
    let throws: Vec<Value> = g
        .throws
        .iter()
        .map(|t| json!({"name": t.name, "display": t.display}))
        .collect();
    let mut edges = Vec::new();
    for (i, w) in g.throws.iter().enumerate() {
        for (j, l) in g.throws.iter().enumerate() {
            if let Some(b) = g.beat(i, j) {
                edges.push(
                    json!({"winner": w.name, "loser": l.name, "verb": b.verb, "score": fraction(&b.score)}),
                );
            }
        }
    }
    json!({"game": g.name, "throws": throws, "edges": edges})
}
