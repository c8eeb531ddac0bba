//! N-player elimination: what one round does, the chain on the number of players left under
//! uniformly random throws (exact in `chain` for small counts, decimal in `chain_decimal`), and
//! the fixed-strategy game where every throw is decided in advance.

use super::chain::{classes, within_throw_limit};
use super::exact::Q;
use super::{Action, ThrowGame, When};

/// What a round did: the clause that applied and the throws knocked out (empty: a stalemate).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub when: Option<When>,
    pub action: Action,
    pub out: Vec<usize>,
}

/// Applies the round rule to the distinct throws shown (in any order).
pub fn judge(g: &ThrowGame, shown: &[usize]) -> Verdict {
    let (action, when) = g.round.action(shown.len());
    let out = match action {
        Action::Rethrow => Vec::new(),
        Action::EliminateLosers | Action::EliminateBeaten => {
            let beaten: Vec<usize> = shown
                .iter()
                .copied()
                .filter(|&j| shown.iter().any(|&i| g.beat(i, j).is_some()))
                .collect();
            // Nobody is out when every throw shown is beaten: someone must be left to play on.
            if beaten.len() == shown.len() {
                Vec::new()
            } else {
                beaten
            }
        }
    };
    Verdict { when, action, out }
}

/// The most players whose chain is computed exactly (about a second for Rock-Paper-Scissors: the
/// fractions' digits grow with the square of the count).
pub const MAX_EXACT_PLAYERS: usize = 500;

/// The chain's answers for one player count: exact up to `MAX_EXACT_PLAYERS`, and as natural
/// logarithms of decimals for every count.
#[derive(Clone, Debug)]
pub struct ChainRow {
    pub players: usize,
    pub exact: Option<ExactRow>,
    /// ln of the probability that a round eliminates someone.
    pub decisive_ln: f64,
    /// ln of the expected rounds until one player is left; `None` if play may never end.
    pub expected_ln: Option<f64>,
}

#[derive(Clone, Debug)]
pub struct ExactRow {
    /// Probability that a round eliminates nobody.
    pub stay: Q,
    /// Expected rounds until one player is left; `None` if play may never end.
    pub expected: Option<Q>,
}

/// Solves the chain for each requested player count. `Err` names a limit that was exceeded.
pub fn chain(g: &ThrowGame, counts: &[usize]) -> Result<Vec<ChainRow>, String> {
    let k = g.len();
    within_throw_limit(k)?;
    let logs = super::chain_decimal::chain(k, &classes(g), counts)?;
    let small: Vec<usize> = counts
        .iter()
        .copied()
        .filter(|&n| n <= MAX_EXACT_PLAYERS)
        .collect();
    let exact = super::chain::chain(g, &small)?;
    let mut sorted: Vec<usize> = counts.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    Ok(sorted
        .into_iter()
        .filter(|&n| n >= 2)
        .map(|n| ChainRow {
            players: n,
            exact: exact.iter().find(|r| r.players == n).map(|r| ExactRow {
                stay: r.stay.clone(),
                expected: r.expected.clone(),
            }),
            decisive_ln: logs[&n].decisive,
            expected_ln: logs[&n].expected,
        })
        .collect())
}

/// One round of the fixed-strategy game.
#[derive(Clone, Debug)]
pub struct RoundLog {
    /// (player, throw) for every player still in.
    pub throws: Vec<(usize, usize)>,
    pub verdict: Verdict,
    /// The players knocked out this round.
    pub out: Vec<usize>,
}

/// Why the fixed-strategy game stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    OneLeft,
    /// These players still in had no throw left for the next round.
    UsedUp(Vec<usize>),
}

#[derive(Clone, Debug)]
pub struct RunLog {
    pub rounds: Vec<RoundLog>,
    pub survivors: Vec<usize>,
    pub stop: Stop,
}

/// Plays the fixed-strategy game: player p throws `lists[p][r]` in round r while still in.
pub fn run(g: &ThrowGame, lists: &[Vec<usize>]) -> RunLog {
    let mut alive: Vec<usize> = (0..lists.len()).collect();
    let mut rounds = Vec::new();
    for r in 0.. {
        if alive.len() <= 1 {
            break;
        }
        let used_up: Vec<usize> = alive
            .iter()
            .copied()
            .filter(|&p| lists[p].len() <= r)
            .collect();
        if !used_up.is_empty() {
            return RunLog {
                rounds,
                survivors: alive,
                stop: Stop::UsedUp(used_up),
            };
        }
        let throws: Vec<(usize, usize)> = alive.iter().map(|&p| (p, lists[p][r])).collect();
        let mut shown: Vec<usize> = throws.iter().map(|&(_, t)| t).collect();
        shown.sort_unstable();
        shown.dedup();
        let verdict = judge(g, &shown);
        let out: Vec<usize> = throws
            .iter()
            .filter(|(_, t)| verdict.out.contains(t))
            .map(|&(p, _)| p)
            .collect();
        alive.retain(|p| !out.contains(p));
        rounds.push(RoundLog {
            throws,
            verdict,
            out,
        });
    }
    RunLog {
        rounds,
        survivors: alive,
        stop: Stop::OneLeft,
    }
}
