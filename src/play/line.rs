//! The game so far: the position play began from (after the setup's roll, or `--at`), every move
//! made since with who made it, and how often each position has occurred with the same player to
//! move — kept exact through undo, so a take-back never brings a draw by repetition closer.

use crate::engine::{Child, Code};
use rustc_hash::FxHashMap;

/// One move of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The player who made it (from 1).
    pub mover: u8,
    /// The player to move after it (the mover again after `again`).
    pub next: u8,
    pub label: String,
    /// The position it was made from.
    pub before: Code,
    pub child: Child,
    /// Whether the computer chose it (then, with two players, a move that changed the result
    /// was a blunder).
    pub by_computer: bool,
    /// Whether the computer chose it at random (`--blunder`).
    pub blundered: bool,
}

impl Ply {
    /// The position after the move, with the player to move there (the mover again after `again`).
    pub fn after(&self) -> (Code, u8) {
        (self.child.code, self.next)
    }
}

pub struct Line {
    start: (Code, u8),
    plies: Vec<Ply>,
    /// How many times each (position, player to move) of the line occurs in it.
    seen: FxHashMap<(Code, u8), u32>,
}

impl Line {
    pub fn new(code: Code, to_move: u8) -> Line {
        let mut seen = FxHashMap::default();
        seen.insert((code, to_move), 1);
        Line {
            start: (code, to_move),
            plies: Vec::new(),
            seen,
        }
    }

    /// The position now, with the player to move.
    pub fn now(&self) -> (Code, u8) {
        self.plies.last().map_or(self.start, Ply::after)
    }

    /// How many times the position now has occurred, this time included.
    pub fn occurrences(&self) -> u32 {
        self.seen.get(&self.now()).copied().unwrap_or(0)
    }

    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    pub fn push(&mut self, ply: Ply) {
        *self.seen.entry(ply.after()).or_insert(0) += 1;
        self.plies.push(ply);
    }

    /// Whether `player` has made a move that `undo` could take back.
    pub fn can_undo(&self, player: u8) -> bool {
        self.plies.iter().any(|p| p.mover == player)
    }

    /// Takes back `player`'s last move and every move after it, returning them in the order they
    /// were made (empty if `player` has not moved). The start is never taken back.
    pub fn undo(&mut self, player: u8) -> Vec<Ply> {
        let Some(k) = self.plies.iter().rposition(|p| p.mover == player) else {
            return Vec::new();
        };
        let undone = self.plies.split_off(k);
        for ply in &undone {
            let key = ply.after();
            if let Some(n) = self.seen.get_mut(&key) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    self.seen.remove(&key);
                }
            }
        }
        undone
    }
}

#[cfg(test)]
mod tests {
    use super::{Line, Ply};
    use crate::engine::Child;

    fn ply(mover: u8, to: u64, kept: bool) -> Ply {
        Ply {
            mover,
            next: if kept { mover } else { 3 - mover },
            label: format!("to {to}"),
            before: 0,
            child: Child {
                code: to,
                kept,
                digits: 0,
            },
            by_computer: mover == 2,
            blundered: false,
        }
    }

    #[test]
    fn undo_restores_the_turn_and_the_counts() {
        let mut line = Line::new(0, 1);
        line.push(ply(1, 1, false));
        line.push(ply(2, 0, false));
        assert_eq!((line.now(), line.occurrences()), ((0, 1), 2));
        line.push(ply(1, 5, true));
        assert_eq!(line.now(), (5, 1));
        // Player 1's last move kept the turn: undoing it leaves player 1 to move at 0.
        assert_eq!(line.undo(1).len(), 1);
        assert_eq!((line.now(), line.occurrences()), ((0, 1), 2));
        assert_eq!(line.undo(1).len(), 2);
        assert_eq!((line.now(), line.occurrences()), ((0, 1), 1));
        assert!(line.undo(1).is_empty() && !line.can_undo(1));
    }
}
