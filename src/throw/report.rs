//! How throw-game results are written: text for people and JSON for programs, from the same data.

use super::elimination::{ChainRow, RunLog, Stop};
use super::exact::{approx, fraction, Q};
use super::matrix::{wins_losses, TwoPlayer, Uniqueness};
use super::{Action, ThrowGame, When};
use serde_json::{json, Value};

/// The largest matrix printed in full; bigger ones are in `--json` only.
const MAX_PRINTED_MATRIX: usize = 12;

pub fn two_player_text(g: &ThrowGame, t: &TwoPlayer) -> String {
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

fn matrix_text(g: &ThrowGame, m: &[Vec<i64>]) -> String {
    let w = g
        .throws
        .iter()
        .map(|t| t.name.len())
        .max()
        .unwrap_or(1)
        .max(2);
    let mut s = "  payoff matrix (row player's gain):\n".to_string();
    s += &format!("  {:w$}", "");
    for t in &g.throws {
        s += &format!(" {:>w$}", t.name);
    }
    s += "\n";
    for (t, row) in g.throws.iter().zip(m) {
        s += &format!("  {:w$}", t.name);
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

pub fn two_player_json(g: &ThrowGame, t: &TwoPlayer) -> Value {
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
        "matrix": t.matrix,
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

fn round_rule_text(g: &ThrowGame) -> String {
    let parts: Vec<String> = g
        .round
        .clauses
        .iter()
        .map(|&(w, a)| rule_text(g, Some(w), a))
        .collect();
    parts.join("; ")
}

pub fn chain_text(g: &ThrowGame, rows: &[ChainRow]) -> String {
    let mut s = format!(
        "Elimination, every throw uniformly random (round: {}):\n",
        round_rule_text(g)
    );
    for r in rows {
        let n = r.players;
        let decides = fraction_and_decimal(&(Q::from_integer(1.into()) - r.stay.clone()));
        let rounds = r
            .expected
            .as_ref()
            .map_or("never ends".to_string(), fraction_and_decimal);
        s += &format!("  {n} players: a round eliminates someone with probability {decides}\n");
        s += &format!("  {n} players: expected rounds until one is left: {rounds}\n");
    }
    s
}

pub fn chain_json(rows: &[ChainRow]) -> Value {
    let rows: Vec<Value> = rows
        .iter()
        .map(|r| {
            let decides = Q::from_integer(1.into()) - r.stay.clone();
            json!({
                "players": r.players,
                "decisive_round": fraction(&decides),
                "decisive_round_decimal": approx(&decides),
                "expected_rounds": r.expected.as_ref().map(fraction),
                "expected_rounds_decimal": r.expected.as_ref().map(approx),
            })
        })
        .collect();
    Value::Array(rows)
}

fn fraction_and_decimal(q: &Q) -> String {
    let f = fraction(q);
    let d = approx(q);
    if f == d {
        f
    } else {
        format!("{f} ({d})")
    }
}

/// The round-by-round log of a fixed-strategy game, then the survivors.
pub fn run_text(g: &ThrowGame, names: &[String], log: &RunLog) -> String {
    let mut s = String::new();
    for (r, round) in log.rounds.iter().enumerate() {
        let shown: Vec<String> = round
            .throws
            .iter()
            .map(|&(p, t)| format!("{} {}", names[p], g.throws[t].display))
            .collect();
        s += &format!("round {}: {}\n", r + 1, shown.join(", "));
        s += &format!("  {}\n", verdict_text(g, names, round));
    }
    match &log.stop {
        Stop::OneLeft => {}
        Stop::UsedUp(ps) => {
            let who: Vec<&str> = ps.iter().map(|&p| names[p].as_str()).collect();
            let n = log.rounds.len() + 1;
            s += &format!(
                "stopped: no throw left for round {n} ({})\n",
                who.join(", ")
            );
        }
    }
    let who: Vec<&str> = log.survivors.iter().map(|&p| names[p].as_str()).collect();
    s += &format!("survivors: {}\n", who.join(", "));
    s
}

fn verdict_text(g: &ThrowGame, names: &[String], round: &super::elimination::RoundLog) -> String {
    let v = &round.verdict;
    let rule = rule_text(g, v.when, v.action);
    if v.out.is_empty() {
        let mut shown: Vec<usize> = round.throws.iter().map(|&(_, t)| t).collect();
        shown.sort_unstable();
        shown.dedup();
        let what: Vec<&str> = shown
            .iter()
            .map(|&t| g.throws[t].display.as_str())
            .collect();
        return match what[..] {
            [one] => format!("stalemate: everyone threw {one} ({rule})"),
            _ => format!("stalemate: {} ({rule})", what.join(", ")),
        };
    }
    let shown: Vec<usize> = round.throws.iter().map(|&(_, t)| t).collect();
    let why: Vec<String> = v
        .out
        .iter()
        .map(|&j| {
            let winner = shown
                .iter()
                .copied()
                .filter(|&i| g.beat(i, j).is_some())
                .min_by_key(|i| v.out.contains(i));
            winner.map_or(String::new(), |i| g.sentence(i, j))
        })
        .collect();
    let who: Vec<&str> = round.out.iter().map(|&p| names[p].as_str()).collect();
    let verb = if who.len() == 1 { "is" } else { "are" };
    format!(
        "{}: {} {verb} out ({rule})",
        why.join("; "),
        who.join(" and ")
    )
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
                let label = if b.score == 1 {
                    b.verb.clone()
                } else {
                    format!("{} (scores {})", b.verb, b.score)
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
                    json!({"winner": w.name, "loser": l.name, "verb": b.verb, "score": b.score}),
                );
            }
        }
    }
    json!({"game": g.name, "throws": throws, "edges": edges})
}
