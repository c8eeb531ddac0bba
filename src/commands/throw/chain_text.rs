//! How the elimination chain's answers are written: text for people and JSON for programs.

use super::rule_text;
use crate::throw::elimination::ChainRow;
use crate::throw::exact::{approx, fraction, Q};
use crate::throw::ThrowGame;
use serde_json::{json, Value};

fn round_rule_text(g: &ThrowGame) -> String {
    let parts: Vec<String> = g
        .round
        .clauses
        .iter()
        .map(|&(w, a)| rule_text(g, Some(w), a))
        .collect();
    parts.join("; ")
}

pub fn text(g: &ThrowGame, rows: &[ChainRow]) -> String {
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

pub fn json(rows: &[ChainRow]) -> Value {
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
