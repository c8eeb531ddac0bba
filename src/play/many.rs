//! A game of three or more players at the table, and in `tree` and `graph`: the views' engines
//! and solutions (`rules::view`, player 1's first), from which each player's security value at a
//! position (what they can force against all the others together) and the max^n outcome of a
//! move (`solve::maxn`) are read. Positions are always player 1's view's codes; who is to move
//! is the position's hidden turn.

use crate::engine::{Child, Code, Engine};
use crate::solve::maxn::{better, MaxN, MaxnError, Payoff, TieBreak};
use crate::solve::{rank, seen_by_mover, Entry, Solution};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// The views of one N-player game with their solutions.
#[derive(Clone, Copy)]
pub struct Many<'a, 'r> {
    pub engines: &'a [Engine<'r>],
    pub solutions: &'a [Solution],
    /// How the computer (and max^n) picks among moves equally good for the mover.
    pub tie: TieBreak,
    /// The most positions max^n may value.
    pub limit: u64,
}

impl<'a, 'r> Many<'a, 'r> {
    /// How many players.
    pub fn players(&self) -> u8 {
        self.engines.len() as u8
    }

    /// Whether play can return to a position (then there is no max^n outcome from the start).
    pub fn loopy(&self) -> bool {
        self.solutions.first().is_some_and(|s| s.loopy)
    }

    /// Who is to move at `code` (a code of player 1's view).
    pub fn to_move(&self, code: Code) -> u8 {
        self.engines[0].player_to_move(&self.engines[0].decode(code))
    }

    /// The same position in player `q`'s view (from 1) as `code` is in player 1's.
    pub fn in_view(&self, q: u8, code: Code) -> Code {
        crate::solve::maxn::in_view(self.engines, q, code)
    }

    /// Whether results are margins (a scored game).
    pub fn scored(&self) -> bool {
        self.engines[0].rules.scored
    }

    /// Player `q`'s security value at `code`, for `q` (`None` if it was not solved).
    pub fn security(&self, q: u8, code: Code) -> Option<Entry> {
        let e = self.solutions[usize::from(q) - 1].get(self.in_view(q, code))?;
        Some(seen_by_mover(e, self.to_move(code) == q))
    }

    /// Every player's security value at `code`, player 1's first.
    pub fn securities(&self, code: Code) -> Vec<Option<Entry>> {
        (1..=self.players())
            .map(|q| self.security(q, code))
            .collect()
    }

    /// What `mover` can force after moving to `child`, moves counted from before the move.
    pub fn security_after(&self, mover: u8, child: Child) -> Option<Entry> {
        let mut e = self.security(mover, child.code)?;
        e.remoteness = e.remoteness.map(|r| r + 1);
        Some(e)
    }

    /// A max^n solver over these views.
    pub fn maxn(&self) -> MaxN<'a, 'r> {
        MaxN::new(self.engines, self.tie, self.limit)
    }
}

/// The max^n outcome of the move to `child`, counted from before it; `Ok(None)` when play can
/// return to a position (max^n then has no value).
pub fn move_payoff(m: &mut MaxN, child: Child) -> Result<Option<Payoff>, MaxnError> {
    match m.solve(child.code) {
        Ok(p) => Ok(Some(Payoff {
            remoteness: p.remoteness + 1,
            ..p
        })),
        Err(MaxnError::Loopy) => Ok(None),
        Err(e) => Err(e),
    }
}

/// The index of the move the tie-break picks for `mover` among moves with these outcomes (the
/// first of equals, as `solve` names the best move).
pub fn maxn_pick(tie: TieBreak, mover: u8, payoffs: &[Payoff]) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (k, p) in payoffs.iter().enumerate() {
        if best.is_none_or(|b| better(tie, mover, p, &payoffs[b])) {
            best = Some(k);
        }
    }
    best
}

/// The computer's move at a position of an N-player game, and whether it was a random blunder:
/// the max^n move under the tie-break; where play can return to a position (no max^n outcome),
/// a move keeping the mover's security value as well as possible, one of the equals at random.
pub fn choose(
    many: &Many,
    m: &mut MaxN,
    mover: u8,
    moves: &[(String, Child)],
    blunder: f64,
    rng: &mut ChaCha8Rng,
) -> Result<(usize, bool), MaxnError> {
    let n = moves.len().max(1);
    // One draw decides a blunder, as for two players.
    if rng.gen::<f64>() < blunder {
        return Ok((rng.gen_range(0..n), true));
    }
    let mut payoffs = Vec::new();
    for (_, c) in moves.iter().filter(|_| !many.loopy()) {
        match move_payoff(m, *c)? {
            Some(p) => payoffs.push(p),
            None => break,
        }
    }
    if payoffs.len() == moves.len() {
        return Ok((maxn_pick(many.tie, mover, &payoffs).unwrap_or(0), false));
    }
    let ranks: Vec<(usize, _)> = moves
        .iter()
        .enumerate()
        .filter_map(|(k, (_, c))| Some((k, rank(&many.security_after(mover, *c)?))))
        .collect();
    let Some(top) = ranks.iter().map(|(_, r)| *r).min() else {
        return Ok((rng.gen_range(0..n), false));
    };
    let best: Vec<usize> = ranks
        .into_iter()
        .filter(|(_, r)| *r == top)
        .map(|(k, _)| k)
        .collect();
    Ok((best[rng.gen_range(0..best.len())], false))
}

/// A max^n outcome in words: `player 2 wins in 2`, `player 1 wins by 3 in 9`, `no one wins (a
/// tie) in 4`, `player 2 loses (the others win) in 5`, `players 1 and 3 win in 5`, `players 1
/// and 2 tie for the top score in 3`. In a `scored` game the results are margins, and a win says
/// by how much.
pub fn payoff_words(p: &Payoff, scored: bool) -> String {
    format!("{} in {}", result_words(p, scored), p.remoteness)
}

/// Who wins where a line of play ends, as `payoff_words` says it, without the moves to the end:
/// `player 1 wins by 3`, `player 2 loses (the others win)`.
pub fn result_words(p: &Payoff, scored: bool) -> String {
    match p.winners()[..] {
        [q] if scored => {
            let by = p.results[usize::from(q) - 1];
            format!("player {q} wins by {by}")
        }
        [q] => format!("player {q} wins"),
        [] if p.results.iter().all(|&x| x == 0) => "no one wins (a tie)".to_string(),
        // In a scored game, the players whose margin is 0 share the top score.
        [] => format!("{} tie for the top score", players_words(&tied(p))),
        // One loser, and every other player a winner (`mover loses` with three or more).
        ref qs if !scored && qs.len() + 1 == p.results.len() && p.results.contains(&-1) => {
            let loser = (1..)
                .zip(&p.results)
                .find(|(_, &x)| x < 0)
                .map_or(0, |(q, _)| q);
            format!("player {loser} loses (the others win)")
        }
        ref qs => format!("{} win", players_words(qs)),
    }
}

/// The players whose result is 0: with no winner, those who share the top score.
pub fn tied(p: &Payoff) -> Vec<u8> {
    (1..)
        .zip(&p.results)
        .filter(|(_, &r)| r == 0)
        .map(|(q, _)| q)
        .collect()
}

/// `player 2`, `players 1 and 3`, `players 1, 2 and 4`.
pub fn players_words(qs: &[u8]) -> String {
    let names: Vec<String> = qs.iter().map(u8::to_string).collect();
    match names.len() {
        0 => "no player".to_string(),
        1 => format!("player {}", names[0]),
        k => format!("players {} and {}", names[..k - 1].join(", "), names[k - 1]),
    }
}

#[cfg(test)]
mod tests {
    use super::{payoff_words, players_words, Payoff};

    #[test]
    fn outcomes_in_words() {
        let p = |results: Vec<i64>| Payoff {
            results,
            remoteness: 4,
        };
        assert_eq!(
            payoff_words(&p(vec![-1, 1, -1]), false),
            "player 2 wins in 4"
        );
        assert_eq!(
            payoff_words(&p(vec![3, -3, -5]), true),
            "player 1 wins by 3 in 4"
        );
        assert_eq!(
            payoff_words(&p(vec![1, -1, -5]), true),
            "player 1 wins by 1 in 4"
        );
        assert_eq!(
            payoff_words(&p(vec![0, 0, 0]), false),
            "no one wins (a tie) in 4"
        );
        assert_eq!(
            payoff_words(&p(vec![1, -1, 1]), false),
            "player 2 loses (the others win) in 4"
        );
        assert_eq!(
            payoff_words(&p(vec![1, -1, -1, 1]), false),
            "players 1 and 4 win in 4"
        );
        assert_eq!(
            payoff_words(&p(vec![0, -2, 0]), true),
            "players 1 and 3 tie for the top score in 4"
        );
        assert_eq!(players_words(&[1, 2, 4]), "players 1, 2 and 4");
    }
}
