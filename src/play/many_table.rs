//! The table for three or more players: the computer's max^n move, hints that give each move's
//! max^n outcome and what the mover can force after it, the end of the game with its winners, and
//! the review by security values (what each player could force against all the others together).

use super::line::Ply;
use super::many::{choose, move_payoff, payoff_words, result_words, Many};
use super::review::outcome;
use super::{value_text, Ending, Table};
use crate::engine::{Child, Code};
use crate::solve::maxn::MaxnError;
use std::io::{self, BufRead, Write};

fn failed(e: MaxnError) -> io::Error {
    match e {
        MaxnError::Loopy => io::Error::other("play can return to a position"),
        MaxnError::Solve(e) => io::Error::other(format!("{e:?}")),
    }
}

/// The line under the seats that says how the computer plays.
pub fn computer_line(m: &Many) -> String {
    if m.loopy() {
        return "Play can return to a position, so there is no max^n move: the computer keeps\n\
                what it can force against all the others together as well as it can."
            .to_string();
    }
    format!(
        "The computer plays its max^n move: the best for itself if every player after it\n\
         also picks their best (tie-break {}).",
        m.tie.name()
    )
}

/// The heading of a list of moves with hints.
pub fn hints_heading(m: &Many) -> String {
    if m.loopy() {
        return "Moves, with what you can force after each against all the others together:"
            .to_string();
    }
    format!(
        "Moves, with each one's max^n outcome (tie-break {})\n\
         and what you can force after it against all the others together:",
        m.tie.name()
    )
}

impl<R: BufRead, W: Write> Table<'_, '_, R, W> {
    /// The computer's move for `mover`, and whether it was a random blunder.
    pub(super) fn many_choice(
        &mut self,
        mover: u8,
        moves: &[(String, Child)],
    ) -> io::Result<(usize, bool)> {
        let (Some(many), Some(m)) = (&self.game.many, self.maxn.as_mut()) else {
            return Err(io::Error::other("not a game of three or more players"));
        };
        choose(many, m, mover, moves, self.opts.blunder, &mut self.rng).map_err(failed)
    }

    /// A move's hint: its max^n outcome (where play cannot return to a position) and what the
    /// mover can force after it.
    pub(super) fn many_hint(&mut self, mover: u8, child: Child) -> io::Result<String> {
        let (Some(many), Some(m)) = (&self.game.many, self.maxn.as_mut()) else {
            return Ok(String::new());
        };
        let force = many
            .security_after(mover, child)
            .map_or("?".to_string(), |e| value_text(&e));
        if many.loopy() {
            return Ok(format!("you can force {force}"));
        }
        Ok(match move_payoff(m, child).map_err(failed)? {
            Some(p) => format!("{}; you can force {force}", payoff_words(&p, many.scored())),
            None => format!("you can force {force}"),
        })
    }

    /// The game has ended at `code`: who won, by which rule (`why`).
    pub(super) fn many_over(&mut self, code: Code, why: &str) -> io::Result<Ending> {
        let Some(m) = self.maxn.as_mut() else {
            return Err(io::Error::other("not a game of three or more players"));
        };
        let p = m.solve(code).map_err(failed)?;
        let winners = p.winners();
        let result = result_words(&p, self.game.many.as_ref().is_some_and(Many::scored));
        writeln!(self.out, "Game over: {result}, by the rule {why}.")?;
        self.cheer(&winners)?;
        Ok(winners.first().map_or(Ending::Tie, |&q| Ending::Won(q)))
    }
}

/// The review's lines: every move that changed what its player could force against all the
/// others together, or one line saying no move did.
pub fn review(m: &Many, plies: &[Ply]) -> Vec<String> {
    let changed: Vec<String> = plies
        .iter()
        .enumerate()
        .filter_map(|(k, ply)| {
            let before = m.security(ply.mover, ply.before)?;
            let after = m.security_after(ply.mover, ply.child)?;
            if after.value == before.value && after.margin == before.margin {
                return None;
            }
            let why = match (ply.by_computer, ply.blundered) {
                (true, true) => " (a deliberate blunder)",
                (true, false) => " (the computer's max^n move)",
                _ => "",
            };
            Some(format!(
                "  move {}, player {} {}: {} became {}{why}",
                k + 1,
                ply.mover,
                ply.label,
                outcome(&before),
                outcome(&after)
            ))
        })
        .collect();
    let head = match changed.len() {
        0 => {
            return vec![
                "Review: no move changed what its player could force against all the others."
                    .to_string(),
            ]
        }
        1 => {
            "Review: 1 move changed what its player could force against all the others:".to_string()
        }
        n => format!(
            "Review: {n} moves changed what their players could force against all the others:"
        ),
    };
    std::iter::once(head).chain(changed).collect()
}
