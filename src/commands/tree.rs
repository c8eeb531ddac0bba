//! `gamec tree` for sequential games: the game tree from the start in pre-order, each node with the
//! move that led to it, the position and its value; then the counts that show why a state graph
//! beats a tree (every node of the tree against the distinct positions in it).
//!
//! The counts are computed level by level over (position, player to move) pairs with the number of
//! move sequences reaching each, so they are exact even for trees far too large to walk.

use super::common::{stdout_color, usage, CliResult, Exit, Loaded};
use super::explore::solve_or_exit;
use super::fraction::fraction_text;
use super::io::out;
use crate::engine::Limits;
use crate::engine::{Branch, Child, Code, Engine, Expand, Scratch};
use crate::play::{position_board, value_words};
use crate::rules::Rules;
use crate::solve::{Solution, Value};
use owo_colors::OwoColorize;
use rustc_hash::{FxHashMap, FxHashSet};

/// The most nodes `gamec tree` prints.
pub const PRINT_LIMIT: u128 = 2000;

/// A node of the tree: a position and the player to move there (tracked, not always recorded).
type Node = (Code, u8);

/// Positions expanded while counting before the count stops (and becomes a lower bound).
const COUNT_WORK: usize = 1_000_000;

/// The tree's size: nodes per depth (saturating) and the distinct positions met.
struct Counts {
    levels: Vec<u128>,
    distinct: usize,
    /// Whether the walk stopped at the depth limit with nodes still below it.
    cut: bool,
    /// Whether counting stopped early (too much work) or a count overflowed 128 bits: the
    /// numbers are then lower bounds.
    partial: bool,
}

impl Counts {
    /// The total as words: exact, or a lower bound said as one.
    fn total_text(&self) -> String {
        let t = self.total();
        if t == u128::MAX {
            "more than 10^38".to_string()
        } else if self.partial {
            format!("at least {t}")
        } else {
            t.to_string()
        }
    }
    fn total(&self) -> u128 {
        self.levels.iter().fold(0u128, |a, n| a.saturating_add(*n))
    }
    fn upto(&self, depth: usize) -> u128 {
        self.levels
            .iter()
            .take(depth + 1)
            .fold(0u128, |a, n| a.saturating_add(*n))
    }
    /// The deepest `--depth` whose tree fits the print limit.
    fn fitting_depth(&self) -> usize {
        (0..self.levels.len())
            .take_while(|&d| self.upto(d) <= PRINT_LIMIT)
            .last()
            .unwrap_or(0)
    }
}

/// Where the tree starts: one position, or a chance node whose children are the rolls.
struct Roots<'a> {
    starts: &'a [Branch],
    chance: bool,
}

impl Roots<'_> {
    /// The first level of real positions and its depth (1 below a chance node).
    fn first_level(&self) -> (usize, FxHashMap<Node, u128>) {
        let mut level = FxHashMap::default();
        for b in self.starts {
            *level.entry((b.code, b.mover)).or_insert(0u128) += 1;
        }
        (usize::from(self.chance), level)
    }
}

fn children(engine: &Engine, scratch: &mut Scratch, code: Code) -> Vec<(usize, Vec<i64>, Child)> {
    let mut kids = Vec::new();
    match engine.expand(code, scratch, |f, a, c| kids.push((f, a.to_vec(), c))) {
        Ok(Expand::Moves) => kids,
        _ => Vec::new(),
    }
}

/// The children of a position, into a reused buffer (empty at an end).
fn child_codes(engine: &Engine, scratch: &mut Scratch, code: Code, kids: &mut Vec<Child>) {
    kids.clear();
    if !matches!(
        engine.expand(code, scratch, |_, _, c| kids.push(c)),
        Ok(Expand::Moves)
    ) {
        kids.clear();
    }
}

fn next_player(to_move: u8, c: &Child) -> u8 {
    if c.kept {
        to_move
    } else {
        3 - to_move
    }
}

/// Walks the tree level by level down to `max_depth` (all of it when `None`).
fn count(engine: &Engine, roots: &Roots, max_depth: Option<usize>) -> Counts {
    let (first, mut level) = roots.first_level();
    let mut levels = vec![1u128; first];
    let mut seen: FxHashSet<Node> = FxHashSet::default();
    let mut scratch = Scratch::default();
    let mut cut = false;
    let mut partial = false;
    let mut depth = first;
    let mut work = 0usize;
    let mut kids = Vec::new();
    while !level.is_empty() {
        let here = level.values().try_fold(0u128, |a, n| a.checked_add(*n));
        partial |= here.is_none();
        levels.push(here.unwrap_or(u128::MAX));
        seen.extend(level.keys().copied());
        work += level.len();
        if work > COUNT_WORK {
            partial = true;
            break;
        }
        let mut next: FxHashMap<Node, u128> = FxHashMap::default();
        for (&(code, to_move), &n) in &level {
            child_codes(engine, &mut scratch, code, &mut kids);
            for c in &kids {
                let e = next.entry((c.code, next_player(to_move, c))).or_insert(0);
                *e = e.checked_add(n).unwrap_or(u128::MAX);
                partial |= *e == u128::MAX;
            }
        }
        if max_depth.is_some_and(|m| depth >= m) {
            cut = !next.is_empty();
            break;
        }
        level = next;
        depth += 1;
    }
    Counts {
        levels,
        distinct: seen.len(),
        cut,
        partial,
    }
}

struct Printer<'a> {
    engine: &'a Engine<'a>,
    s: &'a Solution,
    color: bool,
    max_depth: usize,
    text: String,
    scratch: Scratch,
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
        if let Some(e) = e {
            words = format!("{words}: {}", value_words(self.engine.rules, &e));
        }
        self.line(depth, words, e.map(|e| e.value));
        for board in lines {
            self.text += &format!("{}  {board}\n", "  ".repeat(depth));
        }
        if depth >= self.max_depth {
            return;
        }
        for (f, args, c) in children(self.engine, &mut self.scratch, code) {
            let label = self.engine.move_label(code, f, &args);
            self.node(depth + 1, Some(label), (c.code, next_player(to_move, &c)));
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

pub fn run(loaded: &Loaded, rules: &Rules, limits: Limits, depth: Option<u32>) -> CliResult {
    let engine = limits.engine(rules);
    let (starts, s) = solve_or_exit(loaded, &engine, limits.positions)?;
    let roots = Roots {
        chance: starts.iter().any(|b| !b.rolls.is_empty()),
        starts: &starts,
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
    let counts = count(&engine, &roots, if s.loopy { depth } else { None });
    let max_depth = depth.unwrap_or(counts.levels.len());
    let shown = counts.upto(max_depth);
    if shown > PRINT_LIMIT {
        return Err(refuse(rules, &counts, shown));
    }
    let mut p = Printer {
        engine: &engine,
        s: &s,
        color: stdout_color(),
        max_depth,
        text: String::new(),
        scratch: Scratch::default(),
    };
    p.tree(&roots);
    let shown = depth.map(|d| (shown, d));
    out(&(p.text + &summary(&engine, &s, &counts, shown)));
    Ok(())
}

/// The usage error for a tree too big to print, with the deepest `--depth` that fits.
fn refuse(rules: &Rules, counts: &Counts, shown: u128) -> Exit {
    let size = if counts.cut {
        format!("{shown} nodes to that depth")
    } else if counts.partial {
        format!("{} nodes", counts.total_text())
    } else {
        format!(
            "{} nodes ({} distinct positions)",
            counts.total(),
            counts.distinct
        )
    };
    let d = counts.fitting_depth();
    usage(&format!(
        "the game tree of {} has {size}, too many to print (the limit is {PRINT_LIMIT}); \
         --depth {d} prints {} nodes, and `gamec graph` shows every position once",
        rules.name,
        counts.upto(d)
    ))
}

#[cfg(test)]
mod tests {
    use super::Counts;

    fn counts(levels: Vec<u128>, partial: bool) -> Counts {
        Counts {
            levels,
            distinct: 3,
            cut: false,
            partial,
        }
    }

    #[test]
    fn sizes_are_exact_or_said_to_be_lower_bounds() {
        assert_eq!(counts(vec![1, 2, 4], false).total_text(), "7");
        assert_eq!(counts(vec![1, 2, 4], true).total_text(), "at least 7");
        assert_eq!(
            counts(vec![1, u128::MAX], true).total_text(),
            "more than 10^38"
        );
    }
}
