//! `gamec solve` for sequential games: the start's value and best moves, counts, Grundy values,
//! the chance table and exact win probabilities; as text or one JSON object.

use super::common::{listed, CliResult, Loaded};
use super::explore::solve_or_exit;
use super::fraction::fraction_text;
use super::io::out;
use crate::engine::Limits;
use crate::engine::{Branch, Code, Engine};
use crate::play::{best_moves, rated_moves, slower_wins, value_text, winning_moves};
use crate::rules::{Rules, SymmetryKind};
use crate::solve::{win_probabilities, Entry, Solution, Value};
use serde_json::{json, Value as Json};

struct Report<'a> {
    engine: &'a Engine<'a>,
    s: &'a Solution,
}

impl Report<'_> {
    fn position_json(&self, code: Code, to_move: Option<u8>) -> Json {
        if self.engine.rules.players == 1 {
            return super::puzzle::position_json(self.engine, self.s, code);
        }
        let e = self.s.get(code);
        let rated = rated_moves(self.engine, self.s, code);
        let mut j = json!({
            "position": self.engine.describe(&self.engine.decode(code)),
            "to_move": to_move,
            "value": e.map(|e| e.value.name()),
            "remoteness": e.and_then(|e| e.remoteness),
            "grundy": if self.s.grundy { e.map(|e| e.grundy) } else { None },
            "best_moves": best_moves(&rated),
            "winning_moves": winning_moves(&rated),
            "moves": rated.iter().map(|(m, e)| {
                let mut j = json!({ "move": m, "value": e.value.name(), "remoteness": e.remoteness });
                if let Some(by) = e.margin {
                    j["margin"] = json!(by);
                }
                j
            }).collect::<Vec<_>>(),
        });
        // A scored game's margin for the player to move (other games have none).
        if self.s.scored() {
            j["margin"] = json!(e.and_then(|e| e.margin));
        }
        j
    }

    fn position_text(&self, title: &str, code: Code, to_move: Option<u8>) -> String {
        if self.engine.rules.players == 1 {
            return super::puzzle::position_text(self.engine, self.s, title, code);
        }
        let mut t = String::new();
        let decoded = self.engine.decode(code);
        let grids = self.engine.has_grids();
        let (pos, who) = match grids {
            // The board is drawn below; the line says whose turn it is in words.
            true => {
                let rest = self.engine.describe_without_grids(&decoded);
                let turn = self.engine.turn_part(decoded.mover);
                let rest = rest.strip_suffix(&turn).unwrap_or(&rest);
                let rest = rest.trim_end_matches([',', ' ']).to_string();
                let p = to_move.unwrap_or(decoded.mover);
                let sep = if rest.is_empty() { "" } else { ", " };
                (rest, format!("{sep}player {p} to move"))
            }
            false => {
                let who = match to_move {
                    Some(p) if !self.engine.turn_matters() => format!(", player {p} to move"),
                    _ => String::new(),
                };
                (self.engine.describe(&decoded), who)
            }
        };
        t += &format!("{title:<12}{pos}{who}\n");
        if grids {
            for line in self.engine.draw_grids(&decoded) {
                t += &format!("{:12}{line}\n", "");
            }
        }
        let Some(e) = self.s.get(code) else {
            return t;
        };
        t += &format!("{:<12}{} for the player to move\n", "value", value_text(&e));
        let rated = rated_moves(self.engine, self.s, code);
        if !rated.is_empty() {
            t += &format!("{:<12}{}\n", "best moves", listed(best_moves(&rated)));
        }
        let slower = slower_wins(&rated);
        if !slower.is_empty() {
            t += &format!("{:<12}{}\n", "also wins", also_wins(&slower));
        }
        if self.s.grundy {
            t += &format!("{:<12}{}\n", "grundy", e.grundy);
        }
        t
    }
}

pub fn run(
    loaded: &Loaded,
    rules: &Rules,
    limits: Limits,
    json: bool,
    at: Option<&str>,
) -> CliResult {
    let engine = limits.engine(rules);
    let at_code = at.map(|text| super::at::parse(&engine, text)).transpose()?;
    let (starts, s) = solve_or_exit(loaded, &engine, limits.positions)?;
    // A position the start never reaches is solved on its own (the start's counts stay the
    // start's); a rule failing below it is reported.
    let unreached = match (at, at_code) {
        (Some(text), Some(c)) => {
            super::at::solve_unreached(loaded, &engine, text, c, &s, limits.positions)?
        }
        _ => None,
    };
    let r = Report {
        engine: &engine,
        s: &s,
    };
    let at = at_code.map(|code| At {
        code,
        reachable: unreached.is_none(),
        report: Report {
            engine: &engine,
            s: unreached.as_ref().unwrap_or(&s),
        },
    });
    if json {
        let j = to_json(&r, rules, &starts, at.as_ref());
        out(&format!(
            "{}\n",
            serde_json::to_string_pretty(&j).unwrap_or_default()
        ));
    } else {
        out(&to_text(&r, rules, &starts, at.as_ref()));
    }
    Ok(())
}

/// The `--at` position, with the solution that values it.
struct At<'a> {
    code: Code,
    reachable: bool,
    report: Report<'a>,
}

/// Winning moves that are slower than the best, each with its moves to the end: `add 1 (in 9)`;
/// in a scored game, with its margin too: `sow 0 (by 1 in 7)`.
fn also_wins(slower: &[(String, Entry)]) -> String {
    let each: Vec<String> = slower
        .iter()
        .map(|(m, e)| {
            let r = e.remoteness.unwrap_or(0);
            match e.margin {
                Some(by) => format!("{m} (by {by} in {r})"),
                None => format!("{m} (in {r})"),
            }
        })
        .collect();
    listed(each)
}

fn counts_json(s: &Solution) -> Json {
    json!({
        "win": s.count(Value::Win), "lose": s.count(Value::Lose),
        "tie": s.count(Value::Tie), "draw": s.count(Value::Draw),
    })
}

fn roll_text(b: &Branch) -> String {
    b.rolls
        .iter()
        .map(|(n, v)| format!("{n}={v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn to_json(r: &Report, rules: &Rules, starts: &[Branch], at: Option<&At>) -> Json {
    let s = r.s;
    let chance = rules
        .setup
        .as_ref()
        .is_some_and(|_| starts.iter().any(|b| !b.rolls.is_empty()));
    let mut o = json!({
        "game": rules.name,
        "players": rules.players,
        "positions": s.positions,
        "positions_in_all": s.in_all_reachable.then_some(s.in_all),
        "symmetry": symmetries(r.engine),
        "turn_recorded": r.engine.turn_matters(),
        "loopy": s.loopy,
        "counts": match rules.players {
            1 => super::puzzle::counts_json(s),
            _ => counts_json(s),
        },
        "order": super::order::order_json(s.order),
    });
    if let Some(why) = super::order::fallback(r.engine, s.order) {
        o["order"]["fallback"] = json!(why);
    }
    if chance {
        let p = win_probabilities(starts, s);
        o["start"] = json!({
            "position": Json::Null, "to_move": rules.setup.as_ref().and_then(|x| x.by_player).unwrap_or(rules.first_mover),
            "value": "chance", "remoteness": Json::Null, "best_moves": Vec::<String>::new(),
            "winning_moves": Vec::<String>::new(),
        });
        o["chance"] = starts
            .iter()
            .map(|b| {
                let mut e = r.position_json(b.code, Some(b.mover));
                e["roll"] = json!(b
                    .rolls
                    .iter()
                    .map(|(n, v)| (n.clone(), json!(v)))
                    .collect::<serde_json::Map<_, _>>());
                e["probability"] = json!(b.prob.to_string());
                e
            })
            .collect();
        o["win_probability"] = json!({ "1": p.wins[0].to_string(), "2": p.wins[1].to_string() });
        o["tie_probability"] = json!(p.tie.to_string());
        o["draw_probability"] = json!(p.draw.to_string());
        if let Some(m) = &p.margin {
            o["expected_margin"] = json!({ "1": m.to_string(), "2": (-m).to_string() });
        }
    } else if let Some(b) = starts.first() {
        o["start"] = r.position_json(b.code, Some(b.mover));
        if s.grundy {
            o["grundy"] = json!(s.get(b.code).map(|e| e.grundy));
        }
    }
    if let Some(at) = at {
        o["at"] = at.report.position_json(at.code, None);
        o["at"]["reachable"] = json!(at.reachable);
    }
    o
}

fn to_text(r: &Report, rules: &Rules, starts: &[Branch], at: Option<&At>) -> String {
    let s = r.s;
    let mut t = format!("{}\n", rules.name);
    let turn_note = if r.engine.turn_matters() || rules.players == 1 {
        ""
    } else {
        " (whose turn it is does not change any rule, so positions do not record it)"
    };
    t += &format!("{:<12}{}{}\n", "positions", positions_text(s), turn_note);
    if let Some(line) = symmetry_text(r.engine) {
        t += &format!("{:<12}{line}\n", "symmetry");
    }
    let chance = starts.iter().any(|b| !b.rolls.is_empty());
    if let Some(at) = at {
        t += &at.report.position_text("position", at.code, None);
    } else if !chance {
        if let Some(b) = starts.first() {
            t += &r.position_text("start", b.code, Some(b.mover));
        }
    } else {
        t += &chance_text(r, rules, starts);
    }
    let mut counts = format!("win {}, lose {}", s.count(Value::Win), s.count(Value::Lose));
    for v in [Value::Tie, Value::Draw] {
        if s.count(v) > 0 {
            counts += &format!(", {} {}", v.name(), s.count(v));
        }
    }
    if rules.players == 1 {
        counts = super::puzzle::counts_text(s);
    }
    t += &format!("{:<12}{counts}\n", "by value");
    let why = super::order::fallback(r.engine, s.order);
    let why = why.map(|w| format!("; {w}")).unwrap_or_default();
    t += &format!(
        "{:<12}{}{why}\n",
        "order",
        super::order::order_text(s.order)
    );
    t
}

/// How many positions were solved: with symmetries, classes, and the positions they stand for.
pub(super) fn positions_text(s: &Solution) -> String {
    if s.symmetric() && s.in_all_reachable {
        format!("{} up to symmetry ({} in all)", s.positions, s.in_all)
    } else if s.symmetric() {
        format!("{} up to symmetry", s.positions)
    } else {
        s.positions.to_string()
    }
}

/// Each symmetry declaration in use, as written.
pub(super) fn symmetries(engine: &Engine) -> Vec<String> {
    match &engine.symmetry {
        Some(_) => engine
            .rules
            .symmetries
            .iter()
            .map(|d| d.text.clone())
            .collect(),
        None => Vec::new(),
    }
}

/// The symmetries in use, and how the rules were found to respect them.
pub(super) fn symmetry_text(engine: &Engine) -> Option<String> {
    engine.symmetry.as_ref()?;
    let each: Vec<String> = engine
        .rules
        .symmetries
        .iter()
        .map(|d| {
            // A colour swap is proven on its own: it may be checked where the rest is proven.
            let swap_only = d.kinds.iter().all(|k| matches!(k, SymmetryKind::Swap(_)));
            let how = match (d.proven, d.swap.is_some(), d.swap_proven) {
                (true, false, _) | (true, true, true) => "proven from the rules",
                (true, true, false) if swap_only => "checked at every position solved",
                (true, true, false) => {
                    "proven from the rules, but the swap checked at every position"
                }
                (false, ..) => "checked at every position solved",
            };
            format!("{} ({how})", d.text)
        })
        .collect();
    Some(each.join("; "))
}

/// The chance table (one row per roll: its probability, the value for the player to move and
/// the best moves) and each player's probability of winning.
fn chance_text(r: &Report, rules: &Rules, starts: &[Branch]) -> String {
    let s = r.s;
    let roller = rules.setup.as_ref().and_then(|x| x.by_player);
    let who = roller.map_or("the setup".to_string(), |p| format!("player {p}"));
    let mut t = format!(
        "{:<12}chance: {who} rolls; then, for the player to move:\n",
        "start"
    );
    let rows: Vec<(String, String)> = starts
        .iter()
        .map(|b| (roll_text(b), fraction_text(&b.prob)))
        .collect();
    // Columns as wide as their longest entry and at least 10 and 8, with a space between.
    let roll_w = rows
        .iter()
        .map(|(r, _)| r.chars().count() + 1)
        .fold(10, usize::max);
    let prob_w = rows
        .iter()
        .map(|(_, p)| p.chars().count() + 1)
        .fold(8, usize::max);
    for (b, (roll, prob)) in starts.iter().zip(rows) {
        let e = s.get(b.code);
        let rated = rated_moves(r.engine, s, b.code);
        let best = best_moves(&rated);
        let mut row = format!(
            "  {roll:<roll_w$}{prob:<prob_w$}player {} to move: {}",
            b.mover,
            e.map(|e| value_text(&e)).unwrap_or_default(),
        );
        if !best.is_empty() {
            row += &format!("; best: {}", listed(best));
        }
        let slower = slower_wins(&rated);
        if !slower.is_empty() {
            row += &format!("; also wins: {}", also_wins(&slower));
        }
        t += &format!("{row}\n");
    }
    t + &probability_line(starts, s)
}

/// Each player's exact probability of winning under best play, and of a tie or draw if any.
fn probability_line(starts: &[Branch], s: &Solution) -> String {
    let p = win_probabilities(starts, s);
    let mut line = format!(
        "player 1 wins {}, player 2 wins {}",
        fraction_text(&p.wins[0]),
        fraction_text(&p.wins[1])
    );
    if p.tie != num_traits::Zero::zero() {
        line += &format!(", tie {}", fraction_text(&p.tie));
    }
    if p.draw != num_traits::Zero::zero() {
        line += &format!(", draw {}", fraction_text(&p.draw));
    }
    if let Some(m) = &p.margin {
        line += &format!("; player 1's expected margin {}", fraction_text(m));
    }
    format!("{:<12}{line}\n", "probability")
}
