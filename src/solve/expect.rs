//! Games that roll during play (`roll` in a move's body), for one or two players, where play
//! cannot return to a position: every position's exact expected value by backward induction
//! (expectimax), in fractions.
//!
//! From the side of the player to move, a win counts 1, a tie 0 and a loss -1 (in a scored game
//! the margin counts), and the value is the expected count under best play: the mover takes the
//! move with the highest expected count, the opponent's values entering negated (zero-sum). That
//! number is unique. Beside it each position keeps the probabilities that the player to move
//! wins and that the game is tied, and the expected number of moves to the end, along the play
//! chosen: among moves of equal expected count, the one with the fewest expected moves to the
//! end when the count is 0 or more, the most when it is below 0, and then the first in order
//! (the same rule as remoteness without chance). Those three numbers depend on that stated rule
//! where several moves are equally good.

use super::stage::Mixed;
use super::SolveError;
use crate::engine::{ChanceExpand, ChanceMove, Code, Engine, Outcome, Rel, Scratch, Stage};
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use std::collections::{HashMap, HashSet};

/// A position's value, from the side of the player to move.
#[derive(Clone, Debug, PartialEq)]
pub struct ChanceValue {
    /// The expected count: a win 1, a tie 0, a loss -1 (in a scored game, the margin).
    pub expected: BigRational,
    /// The probability that the player to move wins (in a scored game: ends ahead).
    pub win: BigRational,
    /// The probability of a tie (in a scored game: level scores).
    pub tie: BigRational,
    /// The expected number of moves to the end.
    pub moves: BigRational,
    /// The move chosen (its index among the position's legal moves); `None` at an end.
    pub best: Option<usize>,
}

impl ChanceValue {
    /// The probability that the player to move loses.
    pub fn lose(&self) -> BigRational {
        BigRational::one() - &self.win - &self.tie
    }

    /// This value as the other player sees it (after a move that passes the turn).
    fn flipped(&self) -> ChanceValue {
        ChanceValue {
            expected: -self.expected.clone(),
            win: self.lose(),
            tie: self.tie.clone(),
            moves: self.moves.clone(),
            best: self.best,
        }
    }
}

/// Every position reached from the starts, valued, with each position's moves and outcomes.
pub struct ChanceSolution {
    pub values: HashMap<Code, ChanceValue>,
    pub moves: HashMap<Code, Vec<ChanceMove>>,
    /// The positions whose moves are a simultaneous choice, with the choice.
    pub stages: HashMap<Code, Stage>,
    /// Both players' optimal strategies at each simultaneous choice.
    pub mixed: HashMap<Code, Mixed>,
    /// Which move families are chance turns (not counted as moves to the end).
    pub turns: Vec<bool>,
}

impl ChanceSolution {
    /// A legal move's value for the player to move at `code` (its expected moves count it).
    pub fn move_value(&self, outcomes: &[Outcome]) -> Option<ChanceValue> {
        combine(&self.values, outcomes, true)
    }
}

/// Solves every position reached from `starts`, exploring at most `limit` positions.
pub fn solve(engine: &Engine, starts: &[Code], limit: u64) -> Result<ChanceSolution, SolveError> {
    let mut sol = ChanceSolution {
        values: HashMap::new(),
        moves: HashMap::new(),
        stages: HashMap::new(),
        mixed: HashMap::new(),
        turns: engine.rules.moves.iter().map(|m| m.chance).collect(),
    };
    let mut scratch = Scratch::default();
    // A position's exact values and its moves' outcomes, in fractions: a generous estimate.
    let (limit, by_memory) = crate::engine::memory::position_budget(limit, 2048);
    let progress = super::progress::Progress::new();
    let r = search(
        engine,
        starts,
        (limit, by_memory),
        &mut sol,
        &mut scratch,
        &progress,
    );
    progress.finish();
    r.map(|()| sol)
}

/// Depth-first from every start, without recursion: a position is valued once every child is.
fn search(
    engine: &Engine,
    starts: &[Code],
    (limit, by_memory): (u64, bool),
    sol: &mut ChanceSolution,
    scratch: &mut Scratch,
    progress: &super::progress::Progress,
) -> Result<(), SolveError> {
    let mut on_path: HashSet<Code> = HashSet::new();
    for &start in starts {
        if sol.values.contains_key(&start) {
            continue;
        }
        // Each position on the path, its children (once expanded) and the next child to visit.
        let mut stack: Vec<(Code, Option<Vec<Code>>, usize)> = vec![(start, None, 0)];
        on_path.insert(start);
        while let Some(top) = stack.last_mut() {
            let code = top.0;
            if top.1.is_none() {
                if (sol.values.len() + sol.moves.len()) as u64 >= limit {
                    return Err(match by_memory {
                        true => SolveError::Memory(limit),
                        false => SolveError::Limit(limit),
                    });
                }
                progress.tick((sol.values.len() + sol.moves.len()) as u64);
                match engine
                    .expand_chance(code, scratch)
                    .map_err(|f| SolveError::Fault(f, code))?
                {
                    ChanceExpand::End { rel, margin } => {
                        sol.values.insert(code, end_value(rel, margin));
                        on_path.remove(&code);
                        stack.pop();
                        continue;
                    }
                    ChanceExpand::Moves(m) => {
                        let kids = m.iter().flat_map(|(_, _, os)| os.iter().map(|o| o.code));
                        top.1 = Some(kids.collect());
                        let stage = engine.stage_of(&m);
                        if let Some(s) = stage.map_err(|f| SolveError::Fault(f, code))? {
                            sol.stages.insert(code, s);
                        }
                        sol.moves.insert(code, m);
                    }
                }
            }
            let kids = top.1.as_deref().unwrap_or_default();
            let mut next = None;
            while top.2 < kids.len() {
                let child = kids[top.2];
                top.2 += 1;
                if sol.values.contains_key(&child) {
                    continue;
                }
                if on_path.contains(&child) {
                    return Err(SolveError::ChanceLoopy(child));
                }
                next = Some(child);
                break;
            }
            if let Some(child) = next {
                on_path.insert(child);
                stack.push((child, None, 0));
                continue;
            }
            let v = match (sol.moves.get(&code), sol.stages.get(&code)) {
                (Some(m), Some(stage)) => {
                    let valued = super::stage::value(&sol.values, m, stage);
                    let Some((v, mixed)) = valued.map_err(|_| SolveError::StageTooHard(code))?
                    else {
                        return Err(SolveError::StageTooHard(code));
                    };
                    sol.mixed.insert(code, mixed);
                    v
                }
                (Some(m), None) => best(&sol.values, m, &sol.turns),
                (None, _) => end_value(Rel::Tie, None),
            };
            sol.values.insert(code, v);
            on_path.remove(&code);
            stack.pop();
        }
    }
    Ok(())
}

fn end_value(rel: Rel, margin: Option<i64>) -> ChanceValue {
    let zero = BigRational::zero;
    let (expected, win, tie) = match (margin, rel) {
        (Some(m), _) => (
            BigRational::from_integer(m.into()),
            if m > 0 { BigRational::one() } else { zero() },
            if m == 0 { BigRational::one() } else { zero() },
        ),
        (None, Rel::Win) => (BigRational::one(), BigRational::one(), zero()),
        (None, Rel::Tie) => (zero(), zero(), BigRational::one()),
        (None, Rel::Lose) => (-BigRational::one(), zero(), zero()),
    };
    ChanceValue {
        expected,
        win,
        tie,
        moves: zero(),
        best: None,
    }
}

/// A move's value: its outcomes' values weighted by their probabilities, one move further from
/// the end if `step` (a chance turn is no player's move). `None` if an outcome is not valued yet.
pub(super) fn combine(
    values: &HashMap<Code, ChanceValue>,
    outcomes: &[Outcome],
    step: bool,
) -> Option<ChanceValue> {
    let mut v = ChanceValue {
        expected: BigRational::zero(),
        win: BigRational::zero(),
        tie: BigRational::zero(),
        moves: BigRational::from_integer(i64::from(step).into()),
        best: None,
    };
    for o in outcomes {
        let c = values.get(&o.code)?;
        let c = if o.kept { c.clone() } else { c.flipped() };
        v.expected += &o.prob * &c.expected;
        v.win += &o.prob * &c.win;
        v.tie += &o.prob * &c.tie;
        v.moves += &o.prob * &c.moves;
    }
    Some(v)
}

/// The best of a position's moves, as the module's documentation orders them.
fn best(values: &HashMap<Code, ChanceValue>, moves: &[ChanceMove], turns: &[bool]) -> ChanceValue {
    let mut top: Option<ChanceValue> = None;
    for (k, (f, _, outcomes)) in moves.iter().enumerate() {
        let step = !turns.get(*f).copied().unwrap_or(false);
        let Some(mut v) = combine(values, outcomes, step) else {
            continue;
        };
        v.best = Some(k);
        let better = match &top {
            None => true,
            Some(t) if v.expected != t.expected => v.expected > t.expected,
            Some(t) if v.expected.is_negative() => v.moves > t.moves,
            Some(t) => v.moves < t.moves,
        };
        if better {
            top = Some(v);
        }
    }
    // A position that goes on has a legal move (the engine reports one without).
    top.unwrap_or_else(|| end_value(Rel::Tie, None))
}
