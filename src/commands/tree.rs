//! `gamec tree` for sequential games: the game tree from the start in pre-order, each node with the
//! move that led to it, the position and its value; then the counts that show why a state graph
//! beats a tree (every node of the tree against the distinct positions in it).
//!
//! The counts are computed level by level over (position, player to move) pairs with the number of
//! move sequences reaching each, so they are exact even for trees far too large to walk.

use super::common::{stdout_color, usage, CliResult, Loaded};
use super::explore::solve_or_exit;
use super::fraction::fraction_text;
use super::io::out;
use super::tree_count::{children, count, next_player, refuse, Counts, Node, Roots};
use crate::engine::Limits;
use crate::engine::{Branch, Code, Engine, Scratch};
use crate::play::many::Many;
use crate::play::{position_board, value_words};
use crate::rules::Rules;
use crate::solve::maxn::{MaxN, TieBreak};
use crate::solve::{Solution, Value};
use owo_colors::OwoColorize;

pub use super::tree_count::PRINT_LIMIT;

struct Printer<'a> {
    engine: &'a Engine<'a>,
    s: &'a Solution,
    color: bool,
    max_depth: usize,
    text: String,
    scratch: Scratch,
    /// For three or more players: every view, and the max^n outcomes (none where play can
    /// return to a position).
    many: Option<(Many<'a, 'a>, Option<MaxN<'a, 'a>>)>,
}

impl Printer<'_> {
    fn line(&mut self, depth: usize, words: String, value: Option<Value>) {
        let painted = match (self.color, value) {
            (true, Some(Value::Win)) => words.green().to_string(),
            (true, Some(Value::Lose)) => words.red().to_string(),
            (true, Some(Value::Tie)) => words.yellow().to_string(),
            (true, Some(Value::Draw)) => words.blue().to_string(),
            _ => words,
        };
        self.text += &format!("{}{painted}\n", "  ".repeat(depth));
    }

    /// Prints the node and, in pre-order, everything below it.
    fn node(&mut self, depth: usize, led_by: Option<String>, (code, to_move): Node) {
        let e = self.s.get(code);
        // A grid is drawn as a board under the node's line, as `play` and `solve` draw it.
        let text = position_board(self.engine, code, to_move);
        let mut lines = text.lines();
        let mut words = lines.next().unwrap_or_default().to_string();
        if let Some(m) = led_by {
            words = format!("{m} -> {words}");
        }
        let mut value = e.map(|e| e.value);
        if let Some((many, maxn)) = &mut self.many {
            let (mine, worth) = super::views::worth(many, maxn.as_mut(), code);
            words = format!("{words}: {worth}");
            value = mine.map(|e| e.value);
        } else if let Some(e) = e {
            words = format!("{words}: {}", value_words(self.engine.rules, &e));
        }
        self.line(depth, words, value);
        for board in lines {
            self.text += &format!("{}  {board}\n", "  ".repeat(depth));
        }
        if depth >= self.max_depth {
            return;
        }
        for (f, args, c) in children(self.engine, &mut self.scratch, code) {
            let label = self.engine.move_label(code, f, &args);
            let next = next_player(self.engine, to_move, &c);
            self.node(depth + 1, Some(label), (c.code, next));
        }
    }

    fn tree(&mut self, roots: &Roots) {
        if !roots.chance {
            if let Some(b) = roots.starts.first() {
                self.node(0, None, (b.code, b.mover));
            }
            return;
        }
        let who = match self.engine.rules.setup.as_ref().and_then(|s| s.by_player) {
            Some(k) => format!("player {k} rolls"),
            None => "the setup rolls".to_string(),
        };
        self.line(0, format!("start: {who} (chance)"), None);
        if self.max_depth == 0 {
            return;
        }
        for b in roots.starts {
            let rolled: Vec<String> = b.rolls.iter().map(|(n, v)| format!("{n}={v}")).collect();
            let led_by = format!("{} ({})", rolled.join(", "), fraction_text(&b.prob));
            self.node(1, Some(led_by), (b.code, b.mover));
        }
    }
}

fn summary(engine: &Engine, s: &Solution, counts: &Counts, shown: Option<(u128, usize)>) -> String {
    let size = if counts.cut {
        format!("more than {} (cut at --depth)", counts.total())
    } else {
        counts.total_text()
    };
    let mut t = format!("\n{:<12}{size}\n", "tree nodes");
    let puzzle = engine.rules.players == 1;
    let pairs = match puzzle {
        true => "positions in the tree",
        false => "(position, player to move) pairs in the tree",
    };
    t += &format!("{:<12}{} distinct {pairs}\n", "positions", counts.distinct);
    // A puzzle has one player: there is no turn to leave out.
    let note = if engine.turn_matters() || puzzle {
        ""
    } else {
        " (the rules never ask whose turn it is, so its positions leave the turn out)"
    };
    let classes = if s.symmetric() {
        " (classes of positions alike by symmetry)"
    } else {
        ""
    };
    t += &format!(
        "{:<12}{} positions{classes}{note}\n",
        "state graph", s.positions
    );
    if let Some((n, max_depth)) = shown {
        t += &format!("{:<12}{n} nodes, to depth {max_depth}\n", "shown");
    }
    t
}

pub fn run(
    loaded: &Loaded,
    rules: &Rules,
    limits: Limits,
    depth: Option<u32>,
    tie: TieBreak,
) -> CliResult {
    if rules.players > 2 {
        let views = super::views::views(rules);
        let engines: Vec<Engine> = views.iter().map(|v| limits.engine(v)).collect();
        let (mut starts, solutions) = super::views::solve_all(loaded, &engines, limits.positions)?;
        let many = Many {
            engines: &engines,
            solutions: &solutions,
            tie,
            limit: limits.positions,
        };
        for b in &mut starts {
            b.mover = many.to_move(b.code);
        }
        let roots: Vec<Code> = starts.iter().map(|b| b.code).collect();
        let maxn = super::views::maxn_below(loaded, &many, &roots)?;
        let t = Tree {
            rules,
            engine: &engines[0],
            starts,
            s: &solutions[0],
        };
        return t.print(depth, Some((many, maxn)));
    }
    if rules.roll_in_play().is_some() || rules.together().is_some() {
        let time = super::rolling::BOUNDS_TIME;
        return super::tree_chance::run(loaded, rules, limits, depth, time);
    }
    let engine = limits.engine(rules);
    let (starts, s) = solve_or_exit(loaded, &engine, limits.positions)?;
    let t = Tree {
        rules,
        engine: &engine,
        starts,
        s: &s,
    };
    t.print(depth, None)
}

/// A solved game whose tree to print.
struct Tree<'a> {
    rules: &'a Rules,
    engine: &'a Engine<'a>,
    starts: Vec<Branch>,
    s: &'a Solution,
}

impl<'a> Tree<'a> {
    fn print(
        &self,
        depth: Option<u32>,
        many: Option<(Many<'a, 'a>, Option<MaxN<'a, 'a>>)>,
    ) -> CliResult {
        let (rules, engine, s, starts) = (self.rules, self.engine, self.s, &self.starts);
        let roots = Roots {
            chance: starts.iter().any(|b| !b.rolls.is_empty()),
            starts,
        };
        if s.loopy && depth.is_none() {
            return Err(usage(&format!(
                "play in {} can go on forever (positions repeat), so its game tree is infinite; \
             print part of it with --depth N, or see the finite state graph with `gamec graph`",
                rules.name
            )));
        }
        let depth = depth.map(|d| d as usize);
        // Acyclic trees are counted in full even when printed to a depth; loopy ones only to it.
        let counts = count(engine, &roots, if s.loopy { depth } else { None });
        let max_depth = depth.unwrap_or(counts.levels.len());
        let shown = counts.upto(max_depth);
        if shown > PRINT_LIMIT {
            return Err(refuse(rules, &counts, shown));
        }
        let mut p = Printer {
            engine,
            s,
            color: stdout_color(),
            max_depth,
            text: String::new(),
            scratch: Scratch::default(),
            many,
        };
        p.tree(&roots);
        let shown = depth.map(|d| (shown, d));
        let mut text = p.text + &summary(engine, s, &counts, shown);
        if let Some((many, maxn)) = &p.many {
            text += &super::views::legend(many, maxn.is_some());
        }
        out(&text);
        Ok(())
    }
}
