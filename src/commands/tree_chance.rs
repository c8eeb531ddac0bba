//! `gamec tree` for a game that rolls during play or has simultaneous moves: the tree from the
//! start in pre-order, each position with its expected value for the player to move (exact, or
//! its certified bounds where play can return to a position). A move whose rolls give several
//! outcomes is a **chance node**: its line says so, and each outcome hangs below it with what was
//! rolled and its exact probability. A simultaneous choice says so, and each pair of choices
//! is a move below it, with its value for the player to move.

use super::common::{usage, CliResult, Exit, Loaded};
use super::explore::Rolled;
use super::fraction::{expected_words, fraction_text};
use super::io::out;
use super::tree_count::PRINT_LIMIT;
use crate::engine::{Branch, Code, Engine, Limits, Outcome, Scratch};
use crate::play::position_board;
use crate::rules::Rules;
use std::time::Duration;

struct Printer<'a> {
    engine: &'a Engine<'a>,
    values: &'a Rolled,
    max_depth: usize,
    text: String,
    /// Lines printed so far (positions and chance nodes).
    nodes: u128,
    scratch: Scratch,
}

impl Printer<'_> {
    /// The value for the player to move at `code`, in words.
    fn worth(&self, code: Code) -> String {
        let v = match self.values {
            Rolled::Exact(s) => s
                .values
                .get(&code)
                .map(|v| (v.expected.clone(), v.expected.clone())),
            Rolled::Bounds(b) => b.of(code),
        };
        expected_words(v, 6)
    }

    /// A move's value for the player to move, from its outcomes.
    fn move_worth(&self, outcomes: &[Outcome]) -> String {
        let v = match self.values {
            Rolled::Exact(s) => s
                .move_value(outcomes)
                .map(|v| (v.expected.clone(), v.expected)),
            Rolled::Bounds(b) => b.move_bounds(outcomes),
        };
        expected_words(v, 6)
    }

    fn line(&mut self, depth: usize, words: String) {
        self.nodes += 1;
        self.text += &format!("{}{words}\n", "  ".repeat(depth));
    }

    /// Prints the position (reached by `led_by`) and, to the depth, everything below it.
    fn node(&mut self, depth: usize, moves: usize, led_by: Option<String>, code: Code, mover: u8) {
        if self.nodes > PRINT_LIMIT {
            return;
        }
        let text = position_board(self.engine, code, mover);
        let mut lines = text.lines();
        let mut words = lines.next().unwrap_or_default().to_string();
        if let Some(m) = led_by {
            words = format!("{m} -> {words}");
        }
        let runs = self.engine.runs_of(code, &mut self.scratch).ok().flatten();
        let rules = self.engine.rules;
        let end = match &runs {
            None => "end, ",
            Some(r) if r.first().is_some_and(|(f, _, _)| rules.moves[*f].together) => {
                "simultaneous choice, "
            }
            Some(_) => "",
        };
        let worth = self.worth(code);
        self.line(depth, format!("{words}: {end}{worth}"));
        for board in lines {
            self.text += &format!("{}  {board}\n", "  ".repeat(depth));
        }
        let Some(runs) = runs else { return };
        if moves >= self.max_depth {
            return;
        }
        for (f, args, each) in runs {
            let turn = self.engine.rules.moves[f].chance;
            let label = match turn {
                true => "chance turn".to_string(),
                false => self.engine.move_label(code, f, &args),
            };
            let merged = crate::engine::merge_runs(&each);
            let one = self.engine.rules.players <= 1;
            let next = |o: &Outcome| if o.kept || one { mover } else { 3 - mover };
            if let [(o, _)] = &merged[..] {
                let n = next(o);
                self.node(depth + 1, moves + 1, Some(label), o.code, n);
                continue;
            }
            let outcomes: Vec<Outcome> = merged.iter().map(|(o, _)| o.clone()).collect();
            let worth = self.move_worth(&outcomes);
            let what = if turn { "nobody chooses" } else { "chance" };
            self.line(depth + 1, format!("{label}: {what}, {worth}"));
            for (o, rolled) in &merged {
                let what = format!("{rolled} ({})", fraction_text(&o.prob));
                let n = next(o);
                self.node(depth + 2, moves + 1, Some(what), o.code, n);
            }
        }
    }
}

/// Solves (as `solve` does) and prints the tree, to `depth` moves if given.
pub fn run(
    loaded: &Loaded,
    rules: &Rules,
    limits: Limits,
    depth: Option<u32>,
    time: Duration,
) -> CliResult {
    let engine = limits.engine(rules);
    let (starts, values) =
        super::rolling::solve_or_exit(loaded, rules, &engine, (limits.positions, time), None)?;
    if matches!(values, Rolled::Bounds(_)) && depth.is_none() {
        return Err(usage(&format!(
            "play in {} can return to a position, so its game tree is infinite; print part of \
             it with --depth N",
            rules.name
        )));
    }
    let mut p = Printer {
        engine: &engine,
        values: &values,
        max_depth: depth.map_or(usize::MAX, |d| d as usize),
        text: String::new(),
        nodes: 0,
        scratch: Scratch::default(),
    };
    tree(&mut p, &starts);
    if p.nodes > PRINT_LIMIT {
        return Err(too_many(rules, depth));
    }
    let positions = match &values {
        Rolled::Exact(s) => s.values.len(),
        Rolled::Bounds(b) => b.index.len(),
    };
    let mut text = p.text;
    text += &format!(
        "\n{:<12}{} (positions and chance nodes)\n",
        "tree nodes", p.nodes
    );
    text += &format!("{:<12}{positions} in the solved state graph\n", "positions");
    out(&text);
    Ok(())
}

fn tree(p: &mut Printer, starts: &[Branch]) {
    match starts {
        [b] if b.rolls.is_empty() => p.node(0, 0, None, b.code, b.mover),
        _ => {
            p.line(0, "start: the setup rolls (chance)".to_string());
            for b in starts {
                let rolled: Vec<String> = b.rolls.iter().map(|(n, v)| format!("{n}={v}")).collect();
                let led_by = format!("{} ({})", rolled.join(", "), fraction_text(&b.prob));
                p.node(1, 0, Some(led_by), b.code, b.mover);
            }
        }
    }
}

fn too_many(rules: &Rules, depth: Option<u32>) -> Exit {
    let to = depth.map_or(String::new(), |d| format!(" to depth {d}"));
    usage(&format!(
        "the game tree of {}{to} has more than {PRINT_LIMIT} nodes, too many to print; a \
         smaller --depth prints part of it, and `gamec solve` gives the value at the start",
        rules.name
    ))
}
