//! The max^n outcome of a game of three or more players: each player, at their turn, picks the
//! move best for themselves, every other player doing the same, backed up depth-first from the
//! end positions (Luckhardt and Irani, 1986). Where a player's moves are equally good for them the
//! choice is the tie-break's (`TieBreak`), stated with every answer since it can change who wins.
//!
//! Positions are expanded by player 1's view of the game (`rules::view`); an end position's
//! result for player `q` comes from view `q`'s end rules, the same code the security values are
//! solved with. Play that returns to a position has no max^n outcome here (`MaxnError::Loopy`).

use crate::engine::{Child, Code, Engine, Expand, Pos, Rel, Scratch};
use crate::rules::view::TO_MOVE;
use std::collections::{HashMap, HashSet};

/// How a player picks among moves equally good for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TieBreak {
    /// The move that ends the game soonest.
    Fastest,
    /// As in a two-player solve: a win or tie as soon as possible, a loss as late as possible.
    Delay,
    /// The move worst for the others (the lowest sum of their results), then the soonest end.
    Paranoid,
}

impl TieBreak {
    pub const ALL: [TieBreak; 3] = [TieBreak::Fastest, TieBreak::Delay, TieBreak::Paranoid];

    pub fn name(self) -> &'static str {
        match self {
            TieBreak::Fastest => "fastest",
            TieBreak::Delay => "delay",
            TieBreak::Paranoid => "paranoid",
        }
    }
}

/// Where a line of play ends: each player's result (1 win, 0 tie, -1 loss; in a scored game
/// their margin: their score less the best of the others') and how many moves away it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Payoff {
    pub results: Vec<i64>,
    pub remoteness: u32,
}

impl Payoff {
    /// The players who win (a result above 0), from 1.
    pub fn winners(&self) -> Vec<u8> {
        (1..)
            .zip(&self.results)
            .filter(|(_, &r)| r > 0)
            .map(|(q, _)| q)
            .collect()
    }
}

/// Why there is no max^n outcome.
#[derive(Debug)]
pub enum MaxnError {
    /// A rule failed at this position, or the limit was passed (as a solve reports them).
    Solve(super::SolveError),
    /// Play can return to a position.
    Loopy,
}

/// The max^n outcome of every position reached from a root.
pub struct MaxN<'a, 'r> {
    views: &'a [Engine<'r>],
    tie: TieBreak,
    table: HashMap<Code, Payoff>,
    scratch: Scratch,
    turn_slot: usize,
    limit: u64,
    /// Whether `limit` is what memory allows rather than `--max-positions`.
    memory_bound: bool,
}

/// Upper estimate of the bytes a position's outcome costs in the table (key, the results of up
/// to 8 players, the table's slack).
const BYTES_PER_POSITION: u64 = 192;

struct Frame {
    code: Code,
    mover: u8,
    kids: Vec<Code>,
    next: usize,
    best: Option<Payoff>,
}

impl<'a, 'r> MaxN<'a, 'r> {
    /// A solver over the views of one game (player 1's first), positions up to `limit`.
    pub fn new(views: &'a [Engine<'r>], tie: TieBreak, limit: u64) -> MaxN<'a, 'r> {
        let rules = views[0].rules;
        let turn_slot = rules
            .vars
            .iter()
            .find(|v| v.name == TO_MOVE)
            .map_or(0, |v| v.base as usize);
        let (limit, memory_bound) =
            crate::engine::memory::position_budget(limit, BYTES_PER_POSITION);
        MaxN {
            views,
            tie,
            table: HashMap::new(),
            scratch: Scratch::default(),
            turn_slot,
            limit,
            memory_bound,
        }
    }

    /// Positions valued so far.
    pub fn positions(&self) -> u64 {
        self.table.len() as u64
    }

    /// Who is to move at `code` (a code of player 1's view).
    pub fn mover(&self, code: Code) -> u8 {
        self.views[0].decode(code).slots[self.turn_slot] as u8
    }

    /// The max^n outcome of `root` (a code of player 1's view) and every position below it.
    pub fn solve(&mut self, root: Code) -> Result<Payoff, MaxnError> {
        let mut path: HashSet<Code> = HashSet::new();
        let mut frames: Vec<Frame> = Vec::new();
        let mut value = self.open(root, &mut frames, &mut path)?;
        while let Some(top) = frames.last_mut() {
            if let Some(v) = value.take() {
                let v = Payoff {
                    remoteness: v.remoteness + 1,
                    ..v
                };
                if top
                    .best
                    .as_ref()
                    .is_none_or(|b| better(self.tie, top.mover, &v, b))
                {
                    top.best = Some(v);
                }
            }
            if top.next < top.kids.len() {
                let kid = top.kids[top.next];
                top.next += 1;
                value = self.open(kid, &mut frames, &mut path)?;
                continue;
            }
            let (code, best) = (top.code, top.best.take());
            frames.pop();
            path.remove(&code);
            // The engine gives a position that goes on at least one move.
            let best = best.ok_or_else(|| inconsistent(code))?;
            self.table.insert(code, best.clone());
            value = Some(best);
        }
        value.ok_or_else(|| inconsistent(root))
    }

    /// The value of `code` if known (or an end), else its frame pushed and `None`.
    fn open(
        &mut self,
        code: Code,
        frames: &mut Vec<Frame>,
        path: &mut HashSet<Code>,
    ) -> Result<Option<Payoff>, MaxnError> {
        if let Some(v) = self.table.get(&code) {
            return Ok(Some(v.clone()));
        }
        if path.contains(&code) {
            return Err(MaxnError::Loopy);
        }
        let full = |n: u64| match self.memory_bound {
            true => MaxnError::Solve(super::SolveError::Memory(n)),
            false => MaxnError::Solve(super::SolveError::Limit(n)),
        };
        if self.table.len() as u64 >= self.limit {
            return Err(full(self.limit));
        }
        // The table grows by doubling: a refusal is a limit, not an abort.
        if self.table.len() == self.table.capacity() {
            let more = self.table.len().max(1024);
            if self.table.try_reserve(more).is_err() {
                return Err(full(self.table.len() as u64));
            }
        }
        let mut kids = Vec::new();
        let e = self.views[0]
            .expand(code, &mut self.scratch, |_, _, c: Child| kids.push(c.code))
            .map_err(|f| MaxnError::Solve(super::SolveError::Fault(f, code)))?;
        if let Expand::End { .. } = e {
            let v = self.end(code)?;
            self.table.insert(code, v.clone());
            return Ok(Some(v));
        }
        path.insert(code);
        let mover = self.mover(code);
        frames.push(Frame {
            code,
            mover,
            kids,
            next: 0,
            best: None,
        });
        Ok(None)
    }

    /// An end position's result for every player, each from their own view's end rules.
    fn end(&mut self, code: Code) -> Result<Payoff, MaxnError> {
        let to_move = self.mover(code);
        let mut results = Vec::with_capacity(self.views.len());
        for (q, view) in (1..).zip(self.views) {
            let mine = to_move == q;
            let at = in_view(self.views, q, code);
            let e = view
                .expand(at, &mut self.scratch, |_, _, _| {})
                .map_err(|f| MaxnError::Solve(super::SolveError::Fault(f, code)))?;
            let Expand::End { rel, margin, .. } = e else {
                return Err(inconsistent(code));
            };
            let r = match (margin, rel) {
                (Some(m), _) => m,
                (None, Rel::Win) => 1,
                (None, Rel::Tie) => 0,
                (None, Rel::Lose) => -1,
            };
            // The result of the side to move there: the others' is theirs, not `q`'s.
            results.push(if mine { r } else { -r });
        }
        Ok(Payoff {
            results,
            remoteness: 0,
        })
    }
}

/// What cannot happen (every view ends where player 1's does; a position that goes on has a
/// move), reported as a fault at `code` rather than a panic.
fn inconsistent(code: Code) -> MaxnError {
    let e = crate::rules::RtError::new(
        crate::rules::RtKind::NoMoves,
        crate::syntax::ast::Span::default(),
        "the players' views of the game disagree here (a bug in gamec: please report it)",
    );
    MaxnError::Solve(super::SolveError::Fault(e.into(), code))
}

/// The same position in view `q` (from 1) of `views` as `code` is in player 1's view: the
/// slots, hidden turn included, are the same; the view's turn is `q`'s side or the others'.
pub fn in_view(views: &[Engine], q: u8, code: Code) -> Code {
    let pos = views[0].decode(code);
    let mine = views[0].player_to_move(&pos) == q;
    views[usize::from(q) - 1].encode(&Pos {
        mover: if mine { 1 } else { 2 },
        last_mover: if mine { 2 } else { 1 },
        ..pos
    })
}

/// Whether `a` is a better choice than `b` for `mover` under tie-break `tie`: their own result
/// first; among equal ones, the tie-break; among moves equal in that too, the first (`b`).
pub fn better(tie: TieBreak, mover: u8, a: &Payoff, b: &Payoff) -> bool {
    let m = mover as usize - 1;
    let (ra, rb) = (a.results[m], b.results[m]);
    if ra != rb {
        return ra > rb;
    }
    let others = |p: &Payoff| -> i128 {
        p.results
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != m)
            .map(|(_, &r)| i128::from(r))
            .sum()
    };
    match tie {
        TieBreak::Fastest => a.remoteness < b.remoteness,
        TieBreak::Delay if ra < 0 => a.remoteness > b.remoteness,
        TieBreak::Delay => a.remoteness < b.remoteness,
        TieBreak::Paranoid => {
            let (oa, ob) = (others(a), others(b));
            oa < ob || (oa == ob && a.remoteness < b.remoteness)
        }
    }
}
