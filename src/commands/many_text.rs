//! What `gamec solve` prints for a game of three or more players, as text or one JSON object:
//! each player's security value, whether some player can force a win, and the max^n outcome with
//! its tie-break (`many` works them out into the `Report` defined here).

use crate::engine::{Code, Engine};
use crate::play::many::payoff_words;
use crate::play::value_text;
use crate::rules::Rules;
use crate::solve::maxn::{Payoff, TieBreak};
use crate::solve::{Entry, Solution, Value};
use serde_json::{json, Value as Json};

/// What `solve` reports for one position.
pub struct Report {
    /// The position as player 1's view numbers it.
    pub code: Code,
    pub to_move: u8,
    /// Each player's security value, for that player.
    pub security: Vec<Option<Entry>>,
    /// The max^n outcome under each tie-break (`None`: play can return to a position), and the
    /// moves from here with theirs, in order.
    pub maxn: Vec<(TieBreak, Option<MaxnAt>)>,
}

/// The max^n outcome of a position under one tie-break: its own, and each move's.
pub struct MaxnAt {
    pub outcome: Payoff,
    pub moves: Vec<(String, Payoff)>,
    /// The move the tie-break picks.
    pub best: Option<String>,
}

/// Everything solved: the views' engines and solutions, from the start.
pub struct Solved<'a, 'r> {
    pub rules: &'r Rules,
    pub engines: &'a [Engine<'r>],
    pub solutions: Vec<Solution>,
    pub tie: TieBreak,
}

/// Whether some player can force a win (else the position is one Propp calls queer).
fn someone_wins(r: &Report) -> bool {
    r.security
        .iter()
        .any(|e| e.is_some_and(|e| e.value == Value::Win))
}

/// The position's line (and board), with whose turn it is in words.
fn position_text(s: &Solved, title: &str, r: &Report) -> String {
    let engine = &s.engines[0];
    let pos = engine.decode(r.code);
    let rest = engine.describe_without_grids(&pos);
    let turn = engine.turn_part(r.to_move);
    let rest = rest.strip_suffix(&turn).unwrap_or(&rest);
    let rest = rest.trim_end_matches([',', ' ']);
    let sep = if rest.is_empty() { "" } else { ", " };
    let mut t = format!("{title:<12}{rest}{sep}player {} to move\n", r.to_move);
    if engine.has_grids() {
        for line in engine.draw_grids(&pos) {
            t += &format!("{:12}{line}\n", "");
        }
    }
    t
}

/// The tie-break asked for, and the others where they pick a different winner.
fn tie_break_lines(s: &Solved, r: &Report) -> String {
    let mut t = String::new();
    let chosen = r.maxn.iter().find(|(k, _)| *k == s.tie);
    let Some((_, Some(m))) = chosen else {
        if let Some((_, None)) = chosen {
            t += &format!(
                "{:<12}not given: play can return to a position, and max^n backs values up from the ends\n",
                "max^n"
            );
        }
        return t;
    };
    t += &format!(
        "{:<12}{} (each player picks the move best for them; tie-break: {})\n",
        "max^n",
        payoff_words(&m.outcome, s.rules.scored),
        s.tie.name()
    );
    if let Some(best) = &m.best {
        t += &format!("{:<12}{best}\n", "best move");
    }
    let winners: Vec<(TieBreak, &MaxnAt)> = r
        .maxn
        .iter()
        .filter_map(|(k, m)| m.as_ref().map(|m| (*k, m)))
        .collect();
    if winners
        .iter()
        .any(|(_, o)| o.outcome.winners() != m.outcome.winners())
    {
        let each: Vec<String> = winners
            .iter()
            .map(|(k, o)| format!("{}: {}", k.name(), payoff_words(&o.outcome, s.rules.scored)))
            .collect();
        t += &format!(
            "{:<12}decides who wins here: {}\n",
            "tie-break",
            each.join("; ")
        );
    }
    t
}

pub(super) fn to_text(s: &Solved, r: &Report, title: &str) -> String {
    let n = s.rules.players;
    let mut t = format!("{}\n", s.rules.name);
    let order: Vec<String> = (1..=n).map(|q| q.to_string()).collect();
    t += &format!("{:<12}{n}, in turn {}\n", "players", order.join(", "));
    let first = &s.solutions[0];
    t += &format!(
        "{:<12}{} (in each player's view: that player against the others together)\n",
        "positions",
        super::solve::positions_text(first)
    );
    if let Some(line) = super::solve::symmetry_text(&s.engines[0]) {
        t += &format!("{:<12}{line}\n", "symmetry");
    }
    t += &position_text(s, title, r);
    t += &format!(
        "{:<12}what each player can force against all the others together\n",
        "security"
    );
    for (q, e) in (1..).zip(&r.security) {
        let v = e.as_ref().map_or("?".to_string(), value_text);
        t += &format!("  {:<10}{v}\n", format!("player {q}"));
    }
    if !someone_wins(r) {
        t += &format!("{:<12}no player can force a win\n", "");
    }
    t += &tie_break_lines(s, r);
    t += &format!("{:<12}{}\n", "order", super::order::order_text(first.order));
    t
}

fn entry_json(q: u8, e: &Option<Entry>) -> Json {
    let mut j = json!({
        "player": q,
        "value": e.map(|e| e.value.name()),
        "remoteness": e.and_then(|e| e.remoteness),
    });
    if let Some(m) = e.and_then(|e| e.margin) {
        j["margin"] = json!(m);
    }
    j
}

fn payoff_json(p: &Payoff) -> Json {
    json!({
        "winners": p.winners(),
        "results": p.results,
        "remoteness": p.remoteness,
    })
}

fn position_json(s: &Solved, r: &Report) -> Json {
    let engine = &s.engines[0];
    let maxn_of = |m: &MaxnAt| {
        let mut j = payoff_json(&m.outcome);
        j["best_move"] = json!(m.best);
        j["moves"] = m
            .moves
            .iter()
            .map(|(label, p)| {
                let mut e = payoff_json(p);
                e["move"] = json!(label);
                e
            })
            .collect();
        j
    };
    let chosen = r.maxn.iter().find(|(k, _)| *k == s.tie);
    let by_tie: serde_json::Map<String, Json> = r
        .maxn
        .iter()
        .map(|(k, m)| (k.name().to_string(), m.as_ref().map_or(Json::Null, maxn_of)))
        .collect();
    let decides = {
        let ws: Vec<Vec<u8>> = r
            .maxn
            .iter()
            .filter_map(|(_, m)| m.as_ref().map(|m| m.outcome.winners()))
            .collect();
        ws.windows(2).any(|w| w[0] != w[1])
    };
    json!({
        "position": engine.describe(&engine.decode(r.code)),
        "to_move": r.to_move,
        "security": (1..).zip(&r.security).map(|(q, e)| entry_json(q, e)).collect::<Vec<_>>(),
        "someone_can_force_a_win": someone_wins(r),
        "tie_break": s.tie,
        "maxn": chosen.and_then(|(_, m)| m.as_ref()).map_or(Json::Null, maxn_of),
        "maxn_by_tie_break": by_tie,
        "tie_break_decides_winner": decides,
    })
}

pub(super) fn to_json(s: &Solved, r: &Report, at: bool) -> Json {
    let first = &s.solutions[0];
    let mut o = json!({
        "game": s.rules.name,
        "players": s.rules.players,
        "positions": first.positions,
        "positions_in_all": first.in_all_reachable.then_some(first.in_all),
        "symmetry": super::solve::symmetries(&s.engines[0]),
        "loopy": first.loopy,
        "order": super::order::order_json(first.order),
    });
    o[if at { "at" } else { "start" }] = position_json(s, r);
    o
}
