//! What `gamec solve` prints for a one-player game (a puzzle, `players 1`): the position, whether
//! it is solvable and in how many moves, and one shortest solution, move by move; as text or JSON.

use super::common::listed;
use crate::engine::{Code, Engine};
use crate::play::{best_moves, rated_moves, slower_wins, value_name, value_words};
use crate::solve::{shortest_solution, Solution, Value};
use serde_json::{json, Value as Json};

/// The most moves of a solution the text lists; `--json` lists them all.
const SHOWN: usize = 200;

/// The position, its value, the best first moves and a shortest solution, numbered.
pub fn position_text(engine: &Engine, s: &Solution, title: &str, code: Code) -> String {
    let decoded = engine.decode(code);
    let mut t = if engine.has_grids() {
        let mut t = format!("{title:<12}{}\n", engine.describe_without_grids(&decoded));
        for line in engine.draw_grids(&decoded) {
            t += &format!("{:12}{line}\n", "");
        }
        t
    } else {
        format!("{title:<12}{}\n", engine.describe(&decoded))
    };
    let Some(e) = s.get(code) else {
        return t;
    };
    t += &format!("{:<12}{}\n", "value", value_words(engine.rules, &e));
    t += &why_unsolvable(&e);
    let rated = rated_moves(engine, s, code);
    if e.value == Value::Win && !rated.is_empty() {
        t += &format!("{:<12}{}\n", "best moves", listed(best_moves(&rated)));
        let slower: Vec<String> = slower_wins(&rated)
            .iter()
            .map(|(m, e)| format!("{m} (in {})", e.remoteness.unwrap_or(0)))
            .collect();
        if !slower.is_empty() {
            t += &format!("{:<12}{}\n", "also solves", listed(slower));
        }
    }
    t + &solution_text(&shortest_solution(engine, s, code).unwrap_or_default())
}

/// Why a position is unsolvable, on the line under its value.
fn why_unsolvable(e: &crate::solve::Entry) -> String {
    let why = match (e.value, e.remoteness) {
        (Value::Win, _) => return String::new(),
        (Value::Draw, _) => {
            "no solved end can be reached, though play can go on for ever".to_string()
        }
        (_, Some(0)) => "the puzzle has ended failed".to_string(),
        (_, Some(r)) => format!("every line of play ends failed, the longest after {r} moves"),
        (_, None) => "every line of play ends failed".to_string(),
    };
    format!("{:12}{why}\n", "")
}

/// The numbered moves of a solution (the first `SHOWN` of a longer one, and how many more).
fn solution_text(line: &[String]) -> String {
    if line.is_empty() {
        return String::new();
    }
    let plural = if line.len() == 1 { "" } else { "s" };
    let mut t = format!("{:<12}{} move{plural}:\n", "solution", line.len());
    let width = line.len().min(SHOWN).to_string().len();
    for (k, m) in line.iter().take(SHOWN).enumerate() {
        t += &format!("  {:>width$}  {m}\n", k + 1);
    }
    if line.len() > SHOWN {
        let more = line.len() - SHOWN;
        t += &format!("  … and {more} more (--json lists every one)\n");
    }
    t
}

/// The position as JSON: `value` is `solvable` or `unsolvable`, `moves_to_solve` the length of
/// the shortest solution (null when unsolvable), `solution` its moves.
pub fn position_json(engine: &Engine, s: &Solution, code: Code) -> Json {
    let e = s.get(code);
    let solvable = e.is_some_and(|e| e.value == Value::Win);
    let rated = rated_moves(engine, s, code);
    json!({
        "position": engine.describe(&engine.decode(code)),
        "value": e.map(|e| value_name(engine.rules, &e)),
        "moves_to_solve": if solvable { e.and_then(|e| e.remoteness) } else { None },
        "best_moves": if solvable { best_moves(&rated) } else { Vec::new() },
        "solution": shortest_solution(engine, s, code).unwrap_or_default(),
        "moves": rated.iter().map(|(m, e)| json!({
            "move": m,
            "value": value_name(engine.rules, e),
            "moves_to_solve": (e.value == Value::Win).then_some(e.remoteness).flatten(),
        })).collect::<Vec<_>>(),
    })
}

/// The positions by value: `solvable 243, unsolvable 0`.
pub fn counts_text(s: &Solution) -> String {
    let solvable = s.count(Value::Win);
    format!("solvable {solvable}, unsolvable {}", s.positions - solvable)
}

/// The positions by value, for `--json`.
pub fn counts_json(s: &Solution) -> Json {
    let solvable = s.count(Value::Win);
    json!({ "solvable": solvable, "unsolvable": s.positions - solvable })
}
