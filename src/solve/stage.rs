//! A simultaneous choice (`engine::Stage`) valued exactly: the zero-sum matrix game over the
//! values of its pairs, solved by the exact simplex (Shapley's backward induction when each
//! position's children are valued first). The value is unique; the probabilities of winning and
//! of a tie and the expected number of moves are those of the optimal strategies printed (the
//! simplex's, which are deterministic; where several strategies are optimal, they can differ).

use super::expect::{combine, ChanceValue};
use crate::engine::{ChanceMove, Code, Stage};
use crate::throw::matrix::equilibrium;
use crate::throw::simplex::{Budget, TooHard};
use num_rational::BigRational;
use std::collections::HashMap;

/// Each player's optimal mixed strategy at a stage: the mover's over the rows, the other
/// player's over the columns.
#[derive(Clone, Debug, PartialEq)]
pub struct Mixed {
    pub rows: Vec<BigRational>,
    pub cols: Vec<BigRational>,
}

/// The stage's value from the mover's side and both players' optimal strategies; `Ok(None)` when
/// a pair's outcome is not valued yet. `TooHard` when the exact arithmetic passes its budget.
pub fn value(
    values: &HashMap<Code, ChanceValue>,
    moves: &[ChanceMove],
    stage: &Stage,
) -> Result<Option<(ChanceValue, Mixed)>, TooHard> {
    let mut cells: Vec<ChanceValue> = Vec::with_capacity(stage.cells.len());
    for &k in &stage.cells {
        match combine(values, &moves[k].2, true) {
            Some(v) => cells.push(v),
            None => return Ok(None),
        }
    }
    let n = stage.cols.len();
    let matrix: Vec<Vec<BigRational>> = cells
        .chunks(n)
        .map(|row| row.iter().map(|v| v.expected.clone()).collect())
        .collect();
    let Some(eq) = equilibrium(&matrix, &mut Budget::new())? else {
        return Ok(None);
    };
    let mut v = ChanceValue {
        expected: eq.value,
        win: BigRational::default(),
        tie: BigRational::default(),
        moves: BigRational::default(),
        best: None,
    };
    for (i, x) in eq.row.iter().enumerate() {
        for (j, y) in eq.col.iter().enumerate() {
            let c = &cells[i * n + j];
            let p = x * y;
            v.win += &p * &c.win;
            v.tie += &p * &c.tie;
            v.moves += &p * &c.moves;
        }
    }
    Ok(Some((
        v,
        Mixed {
            rows: eq.row,
            cols: eq.col,
        },
    )))
}
