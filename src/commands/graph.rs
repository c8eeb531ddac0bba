//! `gamec graph` for sequential games: the solved state graph (petgraph, breadth-first from the
//! start, so node numbers are stable) as Graphviz DOT coloured by value, or as JSON.
//!
//! Nodes are the engine's positions. When the rules never ask whose turn it is, a position does not
//! record the turn and one node stands for either player to move; `gamec tree` counts the
//! (position, player to move) pairs instead. Values are always for the player to move.

use super::common::{print_diags, usage, CliResult, Exit, GraphFormat, Loaded, MAX_DRAWN};
use super::explore::{fault_diag, solve_or_exit};
use super::fraction::fraction_text;
use super::graph_many::Worth;
use super::io::out;
use crate::diag::{catalog, Diagnostics};
use crate::engine::graph::{BuildError, StateGraph};
use crate::engine::Limits;
use crate::engine::{Branch, Code, Engine};
use crate::play::many::Many;
use crate::play::{end_rule_texts, value_name, value_words};
use crate::rules::Rules;
use crate::solve::maxn::TieBreak;
use crate::solve::{Solution, Value};
use petgraph::visit::EdgeRef;
use serde_json::{json, Value as Json};

struct View<'a> {
    engine: &'a Engine<'a>,
    s: &'a Solution,
    g: &'a StateGraph,
    starts: &'a [Branch],
    ends: Vec<String>,
    /// For three or more players: each node's worth (by node number) and the graph's note.
    many: Option<(Vec<Worth>, String)>,
}

/// The DOT fill colour of a value: green win, red lose, yellow tie, blue draw.
fn fill(v: Option<Value>) -> &'static str {
    match v {
        Some(Value::Win) => "#8fdf8f",
        Some(Value::Lose) => "#f59a9a",
        Some(Value::Tie) => "#f3e08a",
        Some(Value::Draw) => "#9ec5f5",
        None => "#ffffff",
    }
}

/// Escapes a DOT string's contents.
fn esc(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

fn turn_note(engine: &Engine) -> &'static str {
    if engine.rules.players == 1 {
        "One player (a puzzle): green is solvable, red and blue unsolvable (red: every line ends \
         failed; blue: play can go on for ever)."
    } else if engine.turn_matters() {
        "Positions record whose turn it is."
    } else {
        "The rules never ask whose turn it is, so positions leave the turn out: \
         one node stands for either player to move."
    }
}

fn roll_words(b: &Branch) -> String {
    let r: Vec<String> = b.rolls.iter().map(|(n, v)| format!("{n}={v}")).collect();
    r.join(", ")
}

impl View<'_> {
    /// The node of `code`: the node of its class where symmetries make it another position's
    /// image (a start such as heaps 1 and 2 whose class is drawn as heaps 2 and 1).
    fn node_of(&self, code: Code) -> Option<usize> {
        let g = &self.g.index;
        g.get(&code)
            .or_else(|| g.get(&self.engine.canonical(code)))
            .map(|n| n.index())
    }

    fn position(&self, code: Code) -> String {
        self.engine.describe(&self.engine.decode(code))
    }

    fn chance(&self) -> bool {
        self.starts.iter().any(|b| !b.rolls.is_empty())
    }

    fn dot(&self) -> String {
        let name = &self.engine.rules.name;
        let mut t = format!(
            "// {name}: the solved state graph, {} positions and {} moves.\n",
            self.g.graph.node_count(),
            self.g.graph.edge_count()
        );
        match &self.many {
            Some((_, note)) => t += &format!("// {note}\n"),
            None => {
                t += &format!(
                    "// Colours are the value for the player to move: green win, red lose, yellow \
                     tie, blue draw; end positions have a double border. {}\n",
                    turn_note(self.engine)
                )
            }
        }
        t += &format!("digraph \"{}\" {{\n", esc(name));
        t += "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\"];\n";
        t += "  edge [fontname=\"Helvetica\", fontsize=10];\n";
        t += &self.dot_start();
        for n in self.g.graph.node_indices() {
            let node = &self.g.graph[n];
            let mut e = self.s.get(node.code);
            let mut value = e
                .map(|e| value_words(self.engine.rules, &e))
                .unwrap_or_default();
            if let Some(w) = self.many.as_ref().and_then(|(ws, _)| ws.get(n.index())) {
                // `label` writes DOT's `\n` itself.
                value = w.label();
                e = w.mover();
            }
            let border = if node.end.is_some() {
                ", peripheries=2"
            } else {
                ""
            };
            t += &format!(
                "  n{} [label=\"{}\\n{}\", fillcolor=\"{}\"{border}];\n",
                n.index(),
                esc(&self.position(node.code)),
                esc(&value).replace("\\\\n", "\\n"),
                fill(e.map(|e| e.value))
            );
        }
        for edge in self.g.graph.edge_references() {
            let w = edge.weight();
            let from = self.g.graph[edge.source()].code;
            let label = self.engine.move_label(from, w.family, &w.args);
            t += &format!(
                "  n{} -> n{} [label=\"{}\"];\n",
                edge.source().index(),
                edge.target().index(),
                esc(&label)
            );
        }
        t + "}\n"
    }

    /// The start: an arrow into the first position, or a chance node with an arrow per roll.
    fn dot_start(&self) -> String {
        if !self.chance() {
            let Some(n) = self.starts.first().and_then(|b| self.node_of(b.code)) else {
                return String::new();
            };
            return format!("  start [shape=point];\n  start -> n{n};\n");
        }
        let who = match self.engine.rules.setup.as_ref().and_then(|s| s.by_player) {
            Some(k) => format!("player {k} rolls"),
            None => "the setup rolls".to_string(),
        };
        let mut t = format!("  start [label=\"{who}\", shape=diamond, style=solid];\n");
        for b in self.starts {
            if let Some(n) = self.node_of(b.code) {
                let label = format!("{} ({})", roll_words(b), fraction_text(&b.prob));
                t += &format!("  start -> n{n} [label=\"{}\"];\n", esc(&label));
            }
        }
        t
    }

    fn json(&self) -> Json {
        let recorded = self.engine.turn_matters();
        let nodes: Vec<Json> = self
            .g
            .graph
            .node_indices()
            .map(|n| {
                let node = &self.g.graph[n];
                let e = self.s.get(node.code);
                let mut j = json!({
                    "id": n.index(),
                    "position": self.position(node.code),
                    "to_move": recorded.then(|| self.engine.decode(node.code).mover),
                    "value": e.map(|e| value_name(self.engine.rules, &e)),
                    "remoteness": e.and_then(|e| e.remoteness),
                    "end": node.end.and_then(|(_, k)| self.ends.get(k)),
                });
                // A scored game's margin for the player to move (other games have none).
                if self.s.scored() {
                    j["margin"] = json!(e.and_then(|e| e.margin));
                }
                if let Some(w) = self.many.as_ref().and_then(|(ws, _)| ws.get(n.index())) {
                    w.json(self.engine.rules, self.s.scored(), &mut j);
                }
                j
            })
            .collect();
        let edges: Vec<Json> = self
            .g
            .graph
            .edge_references()
            .map(|e| {
                let w = e.weight();
                json!({
                    "from": e.source().index(),
                    "to": e.target().index(),
                    "move": self.engine.move_label(self.g.graph[e.source()].code, w.family, &w.args),
                })
            })
            .collect();
        let starts: Vec<Json> = self
            .starts
            .iter()
            .map(|b| {
                json!({
                    "node": self.node_of(b.code),
                    "to_move": self.engine.player_to_move(&b.pos),
                    "probability": b.prob.to_string(),
                    "roll": b.rolls.iter().map(|(n, v)| (n.clone(), json!(v)))
                        .collect::<serde_json::Map<_, _>>(),
                })
            })
            .collect();
        let note = match &self.many {
            Some((_, note)) => note.clone(),
            None => format!(
                "Values are for the player to move. {}",
                turn_note(self.engine)
            ),
        };
        let mut j = json!({
            "game": self.engine.rules.name,
            "turn_recorded": recorded,
            "note": note,
            "starts": starts,
            "nodes": nodes,
            "edges": edges,
        });
        if let Some((ws, _)) = &self.many {
            j["players"] = json!(ws.first().map_or(0, |w| w.security.len()));
        }
        j
    }
}

pub fn run(
    loaded: &Loaded,
    rules: &Rules,
    limits: Limits,
    format: GraphFormat,
    tie: TieBreak,
) -> CliResult {
    if rules.roll_in_play().is_some() || rules.together().is_some() {
        let time = super::rolling::BOUNDS_TIME;
        return super::graph_chance::run(loaded, rules, limits, format, time);
    }
    if rules.players <= 2 {
        let engine = limits.engine(rules);
        let (starts, s) = solve_or_exit(loaded, &engine, limits.positions)?;
        return draw(loaded, &engine, &s, &starts, None, format, limits.positions);
    }
    let views = super::views::views(rules);
    let engines: Vec<Engine> = views.iter().map(|v| limits.engine(v)).collect();
    let (starts, solutions) = super::views::solve_all(loaded, &engines, limits.positions)?;
    let many = Many {
        engines: &engines,
        solutions: &solutions,
        tie,
        limit: limits.positions,
    };
    let roots: Vec<Code> = starts.iter().map(|b| b.code).collect();
    let maxn = super::views::maxn_below(loaded, &many, &roots)?;
    let note = super::graph_many::note(&many, maxn.is_some());
    draw(
        loaded,
        &engines[0],
        &solutions[0],
        &starts,
        Some((many, maxn, note)),
        format,
        limits.positions,
    )
}

/// An N-player game's views, max^n outcomes and note.
type ManyParts<'a> = (
    Many<'a, 'a>,
    Option<crate::solve::maxn::MaxN<'a, 'a>>,
    String,
);

/// Builds and prints the graph of a solved game (for three or more players, player 1's view).
fn draw<'a>(
    loaded: &Loaded,
    engine: &'a Engine<'a>,
    s: &Solution,
    starts: &[Branch],
    many: Option<ManyParts<'a>>,
    format: GraphFormat,
    limit: u64,
) -> CliResult {
    let rules = engine.rules;
    if s.positions > MAX_DRAWN {
        return Err(usage(&format!(
            "the state graph of {} has {} positions, too many to print (the limit is {MAX_DRAWN}); `gamec solve` summarises it, and smaller options (--set) give a graph that fits",
            rules.name, s.positions
        )));
    }
    let roots: Vec<Code> = starts.iter().map(|b| b.code).collect();
    let g = match StateGraph::build(engine, &roots, limit) {
        Ok(g) => g,
        Err(e) => {
            let d = match e {
                BuildError::Fault(f, c) => fault_diag(engine, &f, Some(c), limit),
                BuildError::Limit(l) => catalog::too_many_positions(l),
                BuildError::Memory(l) => catalog::out_of_memory(l),
            };
            let diags = Diagnostics(vec![d]);
            print_diags(&diags, &loaded.path, &loaded.source, loaded.style);
            return Err(Exit(1));
        }
    };
    let many = many.map(|(many, mut maxn, note)| {
        let worth: Vec<Worth> = g
            .graph
            .node_indices()
            .map(|n| Worth::of(&many, maxn.as_mut(), g.graph[n].code))
            .collect();
        (worth, note)
    });
    let view = View {
        engine,
        s,
        g: &g,
        starts,
        ends: end_rule_texts(rules, &loaded.source),
        many,
    };
    match format {
        GraphFormat::Dot => out(&view.dot()),
        GraphFormat::Json => out(&format!("{:#}\n", view.json())),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn escapes_dot_strings() {
        assert_eq!(super::esc(r#"say "hi" \ there"#), r#"say \"hi\" \\ there"#);
    }
}
