//! Simultaneous moves (`together NAME(a in A, b in B)`): at a position where such a move is legal,
//! its legal (a, b) pairs are one stage, the player to move choosing `a` and the other `b`, each
//! without seeing the other's choice. A stage is a matrix (rows: the mover's choices, columns: the
//! other's), and must be all of the position's moves, with every row legal with every column.

use super::{ChanceMove, Engine, Fault};
use crate::rules::{RtError, RtKind};

/// A position's simultaneous choice: each player's choices and the move of each pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stage {
    /// The family of the `together` move.
    pub family: usize,
    /// The mover's choices (the first parameter's values), in the order they were generated.
    pub rows: Vec<i64>,
    /// The other player's choices (the second parameter's values).
    pub cols: Vec<i64>,
    /// The index among the position's moves of each pair, row by row.
    pub cells: Vec<usize>,
}

impl Stage {
    /// The index among the position's moves of the pair (row `i`, column `j`).
    pub fn cell(&self, i: usize, j: usize) -> usize {
        self.cells[i * self.cols.len() + j]
    }
}

impl Engine<'_> {
    /// The stage a position's moves make, `None` when none of them is simultaneous; a fault when
    /// a simultaneous move is legal beside another family's moves, or when the legal pairs are
    /// not every choice of one player with every choice of the other.
    pub fn stage_of(&self, moves: &[ChanceMove]) -> Result<Option<Stage>, Fault> {
        let rules = self.rules;
        let Some(&(family, _, _)) = moves.iter().find(|(f, _, _)| rules.moves[*f].together) else {
            return Ok(None);
        };
        let m = &rules.moves[family];
        if let Some((other, _, _)) = moves.iter().find(|(f, _, _)| *f != family) {
            let message = format!(
                "`{}` (simultaneous) and `{}` are both legal at this position",
                m.name, rules.moves[*other].name
            );
            return Err(Fault::from(RtError::new(
                RtKind::MixedStage,
                m.span,
                message,
            )));
        }
        let (mut rows, mut cols): (Vec<i64>, Vec<i64>) = (Vec::new(), Vec::new());
        for (_, args, _) in moves {
            if !rows.contains(&args[0]) {
                rows.push(args[0]);
            }
            if !cols.contains(&args[1]) {
                cols.push(args[1]);
            }
        }
        let mut cells = vec![usize::MAX; rows.len() * cols.len()];
        for (k, (_, args, _)) in moves.iter().enumerate() {
            let i = rows.iter().position(|&r| r == args[0]).unwrap_or_default();
            let j = cols.iter().position(|&c| c == args[1]).unwrap_or_default();
            cells[i * cols.len() + j] = k;
        }
        if let Some(at) = cells.iter().position(|&c| c == usize::MAX) {
            let (a, b) = (rows[at / cols.len()], cols[at % cols.len()]);
            let (pa, pb) = (&m.params[0], &m.params[1]);
            let message = format!(
                "the mover may choose {pa} = {a} and the other player {pb} = {b} at this position, \
                 but not both together"
            );
            return Err(Fault::from(RtError::new(
                RtKind::ChoicesDepend,
                m.span,
                message,
            )));
        }
        Ok(Some(Stage {
            family,
            rows,
            cols,
            cells,
        }))
    }
}
