//! What expanding a position yields: its children, the outcome of an end, the fault of a rule
//! that failed, and the reusable scratch buffers (with the steps taken so far).

use super::Code;
use crate::rules::RtError;

/// A move's result: the child's code, whether the mover keeps the turn (`again`), and how much
/// the move changed the sum of the position's digits (each slot counted from its lowest value;
/// modulo 2^32, so exact whenever the digits' total range is below 2^31): what a solve in tier
/// order by that sum reads instead of decoding the child.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Child {
    pub code: Code,
    pub kept: bool,
    pub digits: i32,
}

/// An end position's outcome for the player to move there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rel {
    Win,
    Lose,
    Tie,
}

impl Rel {
    /// A margin's result for the player it is counted for: more than 0 wins, less loses.
    pub fn of_margin(m: i64) -> Rel {
        match m.signum() {
            1 => Rel::Win,
            -1 => Rel::Lose,
            _ => Rel::Tie,
        }
    }
}

/// What a position is: over (with the end rule that fired and, in a scored game, the margin of
/// the player to move: their score less the other's), or open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expand {
    End {
        rel: Rel,
        rule: usize,
        margin: Option<i64>,
    },
    Moves,
}

/// The margin of `mover` given both players' scores: `Overflow` when it, or the other player's
/// margin (its negation), does not fit 64 bits.
pub fn margin(score: [i64; 2], mover: i64, at: crate::syntax::ast::Span) -> Result<i64, Fault> {
    let (mine, theirs) = if mover == 1 {
        (score[0], score[1])
    } else {
        (score[1], score[0])
    };
    match mine.checked_sub(theirs).filter(|&m| m != i64::MIN) {
        Some(m) => Ok(m),
        None => Err(Fault::from(RtError::new(
            crate::rules::RtKind::Overflow,
            at,
            format!(
                "the scores {mine} and {theirs} differ by more than a 64-bit integer holds, so \
                 the margin overflows"
            ),
        ))),
    }
}

/// A run-time error at a position, with the move being made when it happened (if any).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub error: Box<RtError>,
    pub during: Option<(usize, Vec<i64>)>,
}

impl From<Box<RtError>> for Fault {
    fn from(error: Box<RtError>) -> Fault {
        Fault {
            error,
            during: None,
        }
    }
}

/// Reusable buffers for expanding positions.
#[derive(Default)]
pub struct Scratch {
    pub(super) slots: Vec<i64>,
    pub(super) locals: Vec<i64>,
    pub(super) undo: Vec<(u32, i64)>,
    /// Steps taken so far by every expansion made with this scratch (see `Engine::max_steps`).
    pub(super) steps: u64,
    /// Digits of a symmetric variable, while a code is made canonical.
    pub(super) digits: Vec<u64>,
    /// The compiled rules' buffers.
    pub(super) kernel: crate::jit::Buffers,
    /// Labels are not worked out (`Scratch::probe`).
    pub(super) no_labels: bool,
    /// The picks of rolls during play, while `Engine::expand_chance` runs.
    pub(super) chance: Option<Box<crate::rules::Script>>,
    /// Two expansions' children and arguments, while a position is compared with its images.
    pub(super) seen: [(Vec<super::classes::Kid>, Vec<i64>); 2],
    /// A position's children by their own codes, an image's, and the first mapped by a
    /// transformation, while they are compared code for code.
    pub(super) raw: [Vec<(super::Code, bool)>; 3],
}

impl Scratch {
    /// A scratch for looking at a position's first move before solving (which way it takes the
    /// position's number, a measure): its labels are not worked out, since a position with a
    /// million moves would be labelled twice; solving works them out and reports what fails.
    pub fn probe() -> Scratch {
        Scratch {
            no_labels: true,
            ..Scratch::default()
        }
    }

    /// Steps taken so far with this scratch.
    pub fn steps(&self) -> u64 {
        self.steps
    }
    /// Sets the steps taken so far: a thread solving part of a tier starts from the steps taken
    /// before the tier, and one that values positions already found starts from none.
    pub fn set_steps(&mut self, steps: u64) {
        self.steps = steps;
    }
}
