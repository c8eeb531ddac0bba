//! `gamec graph` for a game that rolls during play or has simultaneous moves: every reachable
//! position once (numbered breadth-first from the starts), with its expected value for the player
//! to move (exact, or certified bounds where play can return), as Graphviz DOT or JSON. A move
//! whose rolls give several outcomes goes through a **chance node** (a small circle in DOT), from
//! which each outcome's edge carries what was rolled and its exact probability.

use super::common::{CliResult, GraphFormat, Loaded};
use super::explore::Rolled;
use super::fraction::fraction_text;
use super::io::out;
use crate::engine::{Branch, Code, Engine, Limits, Scratch};
use crate::rules::Rules;
use crate::solve::interval::decimal;
use num_rational::BigRational;
use num_traits::{Signed, Zero};
use serde_json::{json, Value as Json};
use std::collections::HashMap;
use std::time::Duration;

/// One outcome of a move: the child's number, its probability and what was rolled.
type Out = (usize, BigRational, String);

/// A position: its code, the player to move, and each legal move (label, outcomes); `None` at
/// an end.
struct Node {
    code: Code,
    mover: u8,
    moves: Option<Vec<(String, Vec<Out>)>>,
    together: bool,
}

/// Every position reachable from the starts, breadth-first, with its moves' outcomes.
fn explore(engine: &Engine, starts: &[Branch]) -> Vec<Node> {
    // One node a position: where the rules never ask whose turn it is, a position does not
    // record it, and its value is the same for either player to move.
    let mut index: HashMap<Code, usize> = HashMap::new();
    let mut nodes: Vec<Node> = Vec::new();
    let mut scratch = Scratch::default();
    let mut add = |nodes: &mut Vec<Node>, code: Code, mover: u8| -> usize {
        *index.entry(code).or_insert_with(|| {
            nodes.push(Node {
                code,
                mover,
                moves: None,
                together: false,
            });
            nodes.len() - 1
        })
    };
    for b in starts {
        add(&mut nodes, b.code, b.mover);
    }
    let one = engine.rules.players <= 1;
    let mut k = 0;
    while k < nodes.len() {
        let (code, mover) = (nodes[k].code, nodes[k].mover);
        // The solve has expanded every position already: a fault cannot happen here.
        if let Ok(Some(runs)) = engine.runs_of(code, &mut scratch) {
            let together = runs
                .first()
                .is_some_and(|(f, _, _)| engine.rules.moves[*f].together);
            let mut moves = Vec::new();
            for (f, args, each) in runs {
                let label = match engine.rules.moves[f].chance {
                    true => "chance turn".to_string(),
                    false => engine.move_label(code, f, &args),
                };
                let outs = crate::engine::merge_runs(&each)
                    .into_iter()
                    .map(|(o, rolled)| {
                        let next = if o.kept || one { mover } else { 3 - mover };
                        let to = add(&mut nodes, o.code, next);
                        (to, o.prob, rolled)
                    })
                    .collect();
                moves.push((label, outs));
            }
            nodes[k].moves = Some(moves);
            nodes[k].together = together;
        }
        k += 1;
    }
    nodes
}

/// The value at `code` for the player to move: (lower, upper), equal when exact.
fn value(values: &Rolled, code: Code) -> Option<(BigRational, BigRational)> {
    match values {
        Rolled::Exact(s) => s
            .values
            .get(&code)
            .map(|v| (v.expected.clone(), v.expected.clone())),
        Rolled::Bounds(b) => b.of(code),
    }
}

fn words(v: &Option<(BigRational, BigRational)>) -> String {
    match v {
        Some((l, h)) if l == h => format!("expected {}", fraction_text(l)),
        Some((l, h)) => format!(
            "expected {} to {}",
            decimal(l, 6, false),
            decimal(h, 6, true)
        ),
        None => "unknown".into(),
    }
}

/// Green where the player to move expects to gain, red to lose, yellow an even game, white
/// where the bounds do not tell.
fn fill(v: &Option<(BigRational, BigRational)>) -> &'static str {
    match v {
        Some((l, _)) if l.is_positive() => "#8fdf8f",
        Some((_, h)) if h.is_negative() => "#f59a9a",
        Some((l, h)) if l.is_zero() && h.is_zero() => "#f3e08a",
        _ => "#ffffff",
    }
}

fn esc(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Solves (as `solve` does) and prints the graph.
pub fn run(
    loaded: &Loaded,
    rules: &Rules,
    limits: Limits,
    format: GraphFormat,
    time: Duration,
) -> CliResult {
    let engine = limits.engine(rules);
    let (starts, values) =
        super::rolling::solve_or_exit(loaded, rules, &engine, (limits.positions, time), None)?;
    let positions = match &values {
        Rolled::Exact(s) => s.values.len() as u64,
        Rolled::Bounds(b) => b.index.len() as u64,
    };
    let most = super::common::MAX_DRAWN;
    if positions > most {
        return Err(super::common::usage(&format!(
            "the state graph of {} has {positions} positions, too many to print (the limit is {most}); `gamec solve` summarises it, and smaller options (--set) give a graph that fits",
            rules.name
        )));
    }
    let nodes = explore(&engine, &starts);
    out(&match format {
        GraphFormat::Dot => dot(&engine, rules, &starts, &nodes, &values),
        GraphFormat::Json => format!(
            "{}\n",
            serde_json::to_string_pretty(&to_json(&engine, rules, &starts, &nodes, &values))
                .unwrap_or_default()
        ),
    });
    Ok(())
}

fn dot(
    engine: &Engine,
    rules: &Rules,
    starts: &[Branch],
    nodes: &[Node],
    values: &Rolled,
) -> String {
    let moves: usize = nodes
        .iter()
        .filter_map(|n| n.moves.as_ref())
        .map(Vec::len)
        .sum();
    let mut t = format!(
        "// {}: the solved state graph, {} positions and {moves} moves.\n",
        rules.name,
        nodes.len()
    );
    t += "// Colours are the expected value for the player to move: green above 0, red below, yellow 0, white bounds either side of 0; end positions have a double border. A move whose rolls have several outcomes passes through a small circle (a chance node), each outcome's edge labelled with what was rolled and its probability; a position where both players choose at once says so, with cut corners.\n";
    t += &format!("digraph \"{}\" {{\n", esc(&rules.name));
    t += "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\"];\n";
    t += "  edge [fontname=\"Helvetica\", fontsize=10];\n";
    for (k, b) in starts.iter().enumerate() {
        let Some(i) = nodes.iter().position(|n| n.code == b.code) else {
            continue;
        };
        let label = match starts.len() {
            1 => String::new(),
            _ => format!(" [label=\"{}\"]", fraction_text(&b.prob)),
        };
        t += &format!("  start{k} [shape=point];\n  start{k} -> n{i}{label};\n");
    }
    for (i, n) in nodes.iter().enumerate() {
        let v = value(values, n.code);
        let at = engine.describe(&engine.decode(n.code));
        let (shape, both) = match (&n.moves, n.together) {
            (None, _) => (", peripheries=2", ""),
            (Some(_), true) => (
                ", style=\"rounded,filled,diagonals\"",
                "\\nboth choose at once",
            ),
            _ => ("", ""),
        };
        // The position says whose turn it is where the rules ask (`turn=K`).
        t += &format!(
            "  n{i} [label=\"{}{both}\\n{}\", fillcolor=\"{}\"{shape}];\n",
            esc(&at),
            esc(&words(&v)),
            fill(&v)
        );
    }
    for (i, n) in nodes.iter().enumerate() {
        for (m, (label, outs)) in n.moves.iter().flatten().enumerate() {
            if let [(to, _, _)] = &outs[..] {
                t += &format!("  n{i} -> n{to} [label=\"{}\"];\n", esc(label));
                continue;
            }
            t += &format!("  c{i}_{m} [shape=circle, label=\"\", width=0.15, style=filled, fillcolor=\"#dddddd\"];\n");
            t += &format!("  n{i} -> c{i}_{m} [label=\"{}\"];\n", esc(label));
            for (to, p, rolled) in outs {
                t += &format!(
                    "  c{i}_{m} -> n{to} [label=\"{} ({})\", style=dashed];\n",
                    esc(rolled),
                    fraction_text(p)
                );
            }
        }
    }
    t += "}\n";
    t
}

fn to_json(
    engine: &Engine,
    rules: &Rules,
    starts: &[Branch],
    nodes: &[Node],
    values: &Rolled,
) -> Json {
    let positions: Vec<Json> = nodes
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let v = value(values, n.code);
            let exact = v.as_ref().filter(|(l, h)| l == h).map(|(l, _)| fraction_text(l));
            let bounds = v.as_ref().map(|(l, h)| [decimal(l, 10, false), decimal(h, 10, true)]);
            let moves: Vec<Json> = n
                .moves
                .iter()
                .flatten()
                .map(|(label, outs)| {
                    let outcomes: Vec<Json> = outs
                        .iter()
                        .map(|(to, p, rolled)| json!({"to": to, "probability": fraction_text(p), "rolled": rolled}))
                        .collect();
                    json!({"move": label, "outcomes": outcomes})
                })
                .collect();
            json!({
                "id": i,
                "position": engine.describe(&engine.decode(n.code)),
                "to_move": engine.turn_matters().then_some(n.mover),
                "end": n.moves.is_none(),
                "simultaneous": n.together,
                "expected": exact,
                "expected_bounds": bounds,
                "moves": moves,
            })
        })
        .collect();
    let starts: Vec<Json> = starts
        .iter()
        .filter_map(|b| {
            let i = nodes.iter().position(|n| n.code == b.code)?;
            Some(json!({"id": i, "probability": fraction_text(&b.prob)}))
        })
        .collect();
    json!({
        "game": rules.name,
        "chance": true,
        "starts": starts,
        "positions": positions,
    })
}
