//! How the elimination chain's answers are written: text for people and JSON for programs.

use super::rule_text;
use crate::commands::fraction::fraction_text;
use crate::throw::chain_decimal::decimal_of_ln;
use crate::throw::elimination::{ChainRow, MAX_EXACT_PLAYERS};
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
        let (decides, rounds) = match &r.exact {
            Some(e) => (
                exact_text(&(Q::from_integer(1.into()) - e.stay.clone())),
                e.expected.as_ref().map(exact_text),
            ),
            None => {
                let note = format!(" (not computed exactly above {MAX_EXACT_PLAYERS} players)");
                (
                    format!("≈ {}{note}", decimal_of_ln(r.decisive_ln)),
                    r.expected_ln
                        .map(|x| format!("≈ {}{note}", decimal_of_ln(x))),
                )
            }
        };
        let rounds = rounds.unwrap_or_else(|| "never ends".to_string());
        s += &format!("  {n} players: a round eliminates someone with probability {decides}\n");
        s += &format!("  {n} players: expected rounds until one is left: {rounds}\n");
    }
    s
}

/// Exact values are given in full to JSON, and for an exact row also as decimals; other rows
/// have decimals only (`exact: false`).
pub fn json(rows: &[ChainRow]) -> Value {
    let rows: Vec<Value> = rows
        .iter()
        .map(|r| {
            let decides = r
                .exact
                .as_ref()
                .map(|e| Q::from_integer(1.into()) - e.stay.clone());
            let expected = r.exact.as_ref().and_then(|e| e.expected.as_ref());
            json!({
                "players": r.players,
                "exact": r.exact.is_some(),
                "decisive_round": decides.as_ref().map(fraction),
                "decisive_round_decimal": decides.as_ref().map_or_else(|| decimal_of_ln(r.decisive_ln), approx),
                "expected_rounds": expected.map(fraction),
                "expected_rounds_decimal": match expected {
                    Some(q) => Some(approx(q)),
                    None => r.expected_ln.map(decimal_of_ln),
                },
            })
        })
        .collect();
    Value::Array(rows)
}

/// A fraction in full with its decimal when it fits on a line, else abbreviated (see `fraction`).
fn exact_text(q: &Q) -> String {
    let f = fraction(q);
    if f.chars().count() > 80 {
        return fraction_text(q);
    }
    let d = approx(q);
    if f == d {
        f
    } else {
        format!("{f} ({d})")
    }
}
