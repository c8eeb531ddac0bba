//! Run-time errors and the limits that bound work (ranges, steps), and checked arithmetic:
//! what the interpreter (`eval.rs`) and the engine report when a rule fails.

use super::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RtKind {
    OutOfRange,
    DivisionByZero,
    Overflow,
    IndexOutOfBounds,
    NoWinner,
    AmbiguousWinner,
    NoMoves,
    BadPlayer,
    /// A range or a position's moves too large to enumerate.
    TooWide,
    /// A roll's weights do not fit its outcomes: a wrong count, a negative weight, or all 0.
    BadWeights,
    /// A roll over an empty range: nothing to roll.
    EmptyRoll,
    /// The setup's rolls combine into more outcomes than gamec enumerates.
    TooManyOutcomes,
    /// Exploring has used up its steps (`--max-steps`): candidate moves and `count`/`any`/`all`
    /// values, counted over every position, not one.
    TooManySteps,
    /// `first(...)` or `last(...)` over a range where no value meets the condition.
    NoValue,
    /// A declared symmetry maps a position to one with other moves, another end or another fault.
    BrokenSymmetry,
    /// Two legal moves of a position have the same label.
    DuplicateLabel,
    /// A roll during play met by a command that does not follow chance, or a game with rolls
    /// during play that the chance solve cannot take (it loops, or has other than two players).
    ChanceInPlay,
    /// A simultaneous (`together`) move met by a command that does not follow them.
    TogetherOutside,
    /// A position where a `together` move is legal beside moves of another family.
    MixedStage,
    /// A position where a player's legal choices depend on the other player's.
    ChoicesDepend,
}

/// The most values a parameter, `count`/`any`/`all` or roll may range over at run time.
pub const MAX_RANGE: i64 = 1_000_000;

/// The most candidate moves (one per complete set of parameter values) tried in one position.
pub const MAX_CANDIDATES: u64 = 10_000_000;

/// The most legal moves one position may have, as many as one parameter's values: a position's
/// children are held and its labels checked all at once, so a position with millions of them
/// took seconds each and gigabytes (fuzz seed 28, input 321561: 9,000,003 legal moves a
/// position, minutes for 36 positions).
pub const MAX_MOVES: usize = 1_000_000;

/// The most steps a `count`/`any`/`all` may take: its range's size times the sizes of the
/// parameter and comprehension ranges around it.
pub const MAX_STEPS: u64 = 10_000_000;

/// The default for `--max-steps`: how many candidate moves and `count`/`any`/`all` values one
/// exploration may visit in all (about 20 s of the slowest steps on this project's machine).
pub const DEFAULT_MAX_STEPS: u64 = 1_000_000_000;

/// Checks a run-time range's size, so a typo like `1..=99999999999` is an error, not a hang.
#[inline]
pub fn check_range(lo: i64, hi: i64, span: Span) -> Result<(), Box<RtError>> {
    let size = (hi as i128) - (lo as i128) + 1;
    if size > MAX_RANGE as i128 {
        return Err(too_wide(lo, hi, span));
    }
    Ok(())
}

#[cold]
#[inline(never)]
fn too_wide(lo: i64, hi: i64, span: Span) -> Box<RtError> {
    let size = (hi as i128) - (lo as i128) + 1;
    RtError::new(
        RtKind::TooWide,
        span,
        format!("this ranges over {size} values ({lo}..={hi}); at most {MAX_RANGE} are allowed"),
    )
}

/// How many values `lo..=hi` holds (0 when it is empty; 2^64 - 1 for the whole of i64).
/// Loops count up to this rather than step `lo` to `hi`: a range may end at `i64::MAX`, and
/// `for v in lo..=hi` is measurably slower in the move generator's innermost loop.
#[inline]
pub fn range_size(lo: i64, hi: i64) -> u64 {
    if hi < lo {
        0
    } else {
        // The difference fits in 64 unsigned bits; only the whole of i64 (2^64 values) does not.
        (hi.wrapping_sub(lo) as u64).saturating_add(1)
    }
}

/// A problem that shows only while exploring the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RtError {
    pub kind: RtKind,
    pub span: Span,
    pub message: String,
}

impl RtError {
    pub fn new(kind: RtKind, span: Span, message: impl Into<String>) -> Box<RtError> {
        Box::new(RtError {
            kind,
            span,
            message: message.into(),
        })
    }
}

pub(super) type R<T> = Result<T, Box<RtError>>;

/// Checked integer arithmetic shared by constant folding and the interpreter.
#[inline]
pub fn arith(op: ArithOp, a: i64, b: i64) -> Result<i64, RtKind> {
    let r = match op {
        ArithOp::Add => a.checked_add(b),
        ArithOp::Sub => a.checked_sub(b),
        ArithOp::Mul => a.checked_mul(b),
        ArithOp::Div | ArithOp::Rem if b == 0 => return Err(RtKind::DivisionByZero),
        ArithOp::Div => a.checked_div_euclid(b),
        ArithOp::Rem => a.checked_rem_euclid(b),
    };
    r.ok_or(RtKind::Overflow)
}

#[inline]
pub(super) fn arith_at(op: ArithOp, a: i64, b: i64, span: Span) -> R<i64> {
    match arith(op, a, b) {
        Ok(v) => Ok(v),
        Err(kind) => Err(arith_error(op, a, b, kind, span)),
    }
}

#[cold]
fn arith_error(op: ArithOp, a: i64, b: i64, kind: RtKind, span: Span) -> Box<RtError> {
    {
        let msg = match kind {
            RtKind::DivisionByZero => format!("division by zero ({a} {} 0)", op_symbol(op)),
            _ => format!("arithmetic overflow in {a} {} {b}", op_symbol(op)),
        };
        RtError::new(kind, span, msg)
    }
}

#[cold]
pub(super) fn list_index_error(i: i64, len: usize, span: Span) -> Box<RtError> {
    RtError::new(
        RtKind::IndexOutOfBounds,
        span,
        format!(
            "index {i} is outside this list of {len} values (its indices are 0..={})",
            len as i64 - 1
        ),
    )
}

pub fn op_symbol(op: ArithOp) -> &'static str {
    match op {
        ArithOp::Add => "+",
        ArithOp::Sub => "-",
        ArithOp::Mul => "*",
        ArithOp::Div => "/",
        ArithOp::Rem => "%",
    }
}
