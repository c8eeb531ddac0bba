//! The diagnostics of exploring a game: a rule failing at run time (with the moves that lead
//! there), a constant whose evaluation failed, and the position and memory limits.

use super::Diag;
use crate::syntax::ast::Span;

/// The help of a roll whose weights do not fit, before play (the catalogue) or while exploring.
pub(super) const WEIGHTS_HELP: &str = "Give one weight per outcome of the roll, in order (`roll d in 1..=3 weights [1, 2, 1]`), or one expression of the rolled value (`weights 4 - d`); weights are whole numbers, none negative and not all 0.";

/// A problem found while exploring: the rule at fault and the moves that reach it, from the start
/// or, for a position the start cannot reach (`solve --at`), from that position.
pub fn runtime(
    code: &'static str,
    span: Span,
    message: &str,
    label: &str,
    (from, trace): (Option<&str>, &str),
    help: &str,
) -> Diag {
    let from = match from {
        None => "the start".to_string(),
        Some(at) => format!("--at {at} (the start cannot reach it)"),
    };
    let trace = format!("Moves from {from}: {trace}.");
    Diag {
        trace: Some(trace.clone()),
        ..Diag::error(code, message.to_string())
            .label(span, label.to_string())
            .help(format!("{trace}\n{help}"))
    }
}

const STEPS_HELP: &str = "Raise the limit with `--max-steps N` if the game is meant to take this long, or narrow the ranges of the moves' parameters and of `count`/`any`/`all`.";

/// Exploring took more than `--max-steps` steps in all: not one position's fault, so no moves
/// are traced to it; `at` is the position being expanded when the steps ran out.
pub fn too_many_steps(limit: u64, span: Span, at: Option<&str>) -> Diag {
    let place = match at {
        Some(at) => format!("in the position {at}"),
        None => "in the setup, before the first move".to_string(),
    };
    Diag::error(
        "gamec::too_many_steps",
        format!("exploring the game took more than {limit} steps (candidate moves and values of `count`, `any` and `all`, over all positions), the limit"),
    )
    .label(span, "the steps ran out here")
    .help(format!("They ran out {place}.\n{STEPS_HELP}"))
}

pub fn too_many_positions(limit: u64) -> Diag {
    Diag::error(
        "gamec::too_many_positions",
        format!("the game has more than {limit} reachable positions, the limit"),
    )
    .help("Raise the limit with `--max-positions N` (memory permitting) or choose smaller options with `--set`.")
}

/// A constant (computed before play) whose evaluation failed.
pub fn constant_fault(kind: crate::rules::RtKind, span: Span, message: impl Into<String>) -> Diag {
    use crate::rules::RtKind::*;
    let (code, label) = match kind {
        DivisionByZero => ("gamec::division_by_zero", "in this constant"),
        IndexOutOfBounds => ("gamec::index_out_of_bounds", "out of bounds"),
        TooWide => ("gamec::too_wide", "too many values"),
        TooManySteps => ("gamec::too_many_steps", "the steps ran out here"),
        NoValue => ("gamec::no_value", "no value found"),
        _ => ("gamec::overflow", "in this constant"),
    };
    Diag::error(code, message)
        .label(span, label)
        .help("Constants are computed before play; change the expression or the options.")
}

/// A rule failing while the game is explored, with the moves that lead there (from `from`, an
/// `--at` position, when given).
pub fn fault(
    kind: crate::rules::RtKind,
    span: Span,
    message: &str,
    from: Option<&str>,
    trace: &str,
) -> Diag {
    use crate::rules::RtKind::*;
    let (code, label, help) = match kind {
        OutOfRange => (
            "gamec::out_of_range",
            "this assignment",
            "Add a guard so the move is legal only while the result stays in range, or widen the variable's range.",
        ),
        DivisionByZero => (
            "gamec::division_by_zero",
            "divides by zero here",
            "Guard the rule or change the expression so that the divisor cannot be 0.",
        ),
        Overflow => (
            "gamec::overflow",
            "overflows here",
            "Keep the numbers within 64-bit integers: narrow the ranges or change the arithmetic.",
        ),
        IndexOutOfBounds => (
            "gamec::index_out_of_bounds",
            "index out of bounds",
            "Guard the rule so the index stays within the array, or range the parameter over `indices(...)`.",
        ),
        NoWinner => (
            "gamec::no_winner",
            "names no winner here",
            "Make the outcome name exactly one winner in this position, or add an earlier end rule for it (such as `: tie`).",
        ),
        AmbiguousWinner => (
            "gamec::ambiguous_winner",
            "names more than one winner here",
            "Make the outcome name exactly one winner in this position, or add an earlier end rule for it (such as `: tie`).",
        ),
        NoMoves => (
            "gamec::no_moves",
            "none of the moves is legal",
            "Say what a position without moves means, e.g. `end if no moves: mover loses` (normal play), or add an end rule that holds here.",
        ),
        BadPlayer => (
            "gamec::bad_player",
            "not a player",
            "Players are numbered from 1 to the number of players; name one of them.",
        ),
        TooWide => (
            "gamec::too_wide",
            "too many values",
            "Narrow the range (with the state's ranges in mind) or add guards so fewer moves are tried.",
        ),
        BadWeights => (
            "gamec::bad_weights",
            "these weights",
            WEIGHTS_HELP,
        ),
        EmptyRoll => (
            "gamec::bad_range",
            "holds no value",
            "A roll needs at least one outcome: make the range's low end at most its high end in every position the setup reaches.",
        ),
        TooManySteps => (
            "gamec::too_many_steps",
            "the steps ran out here",
            STEPS_HELP,
        ),
        DuplicateLabel => (
            "gamec::duplicate_label",
            "the label of both moves",
            "Labels are what `solve` shows and what a player types, so the moves of a position need labels of their own: show every parameter in the label (`{n}`), or tell the families apart by their text.",
        ),
        NoValue => (
            "gamec::no_value",
            "no value meets the condition",
            "`first(...)` and `last(...)` need a value that meets their condition: guard the rule with `any(...)` over the same range and condition.",
        ),
        BrokenSymmetry => (
            "gamec::broken_symmetry",
            "the rules do not treat these positions alike",
            "A symmetry must map every position's moves, ends and problems to those of its image. Remove the declaration (or the transformation the rules do not have), or make the rules treat every image alike.",
        ),
        TooManyOutcomes => (
            "gamec::too_many_outcomes",
            "too many outcomes from here",
            "Roll fewer times, roll over narrower ranges, or roll into fewer variables (rolls that end in the same values are merged).",
        ),
        ChanceInPlay => (
            "gamec::chance_in_play",
            "a roll during play",
            CHANCE_IN_PLAY_HELP,
        ),
        TogetherOutside => (
            "gamec::together",
            "a simultaneous move",
            super::together::TOGETHER_HELP,
        ),
        MixedStage => (
            "gamec::mixed_stage",
            "legal here beside other moves",
            "At a position where a `together` move is legal, its pairs of choices must be the only legal moves: both players choose at once or one player moves, not both. Guard the other moves (or the `together` move) so that they are not legal at the same positions.",
        ),
        ChoicesDepend => (
            "gamec::choices_depend",
            "the pairs of choices legal here",
            "Each player chooses without seeing the other's choice, so what one may choose cannot depend on the other's: the legal pairs must be every choice the mover has with every choice the other has. Write the guard as a condition on each choice alone (`if ok(mine) and ok(theirs)`).",
        ),
    };
    runtime(code, span, message, label, (from, trace), help)
}

pub fn out_of_memory(positions: u64) -> Diag {
    Diag::error(
        "gamec::out_of_memory",
        format!("the game has more reachable positions than fit in the memory available ({positions} positions)"),
    )
    .help("Choose smaller options with `--set`, narrow the state's ranges, or free memory and try again.")
}

/// A table the system refused: `needed` bytes, where `available` (in the words of `bound`) were
/// thought to be free.
pub fn out_of_memory_table(needed: u64, available: Option<u64>, bound: &str) -> Diag {
    let free = match available {
        Some(bytes) => format!("{bytes} bytes, {bound}"),
        None => "unknown".to_string(),
    };
    Diag::error(
        "gamec::out_of_memory",
        format!("the system refused the memory for a table of {needed} bytes (the memory available: {free})"),
    )
    .help("Raise the limit (`ulimit -v`, or the container's or cgroup's memory limit) or free memory and try again, or choose smaller options with `--set` or narrow the state's ranges so that fewer positions are numbered.")
}

/// Writing or reading a tier on disk failed: what, where and why.
pub fn disk_failed(what: &str) -> Diag {
    Diag::error(
        "gamec::disk_failed",
        format!("the tiers written to disk while solving could not be kept: {what}"),
    )
    .help("A game too big for memory is solved with its tiers written under the folder for temporary files: set TMPDIR to a folder on a disk with room (its positions take 8 bytes each there, and 2 more once valued), or free memory so that fewer tiers are written.")
}

pub fn out_of_memory_line(depth: u64, moves: u64) -> Diag {
    Diag::error(
        "gamec::out_of_memory",
        format!("the line of play being explored needs more memory than is available ({depth} positions deep, {moves} moves waiting to be explored along it)"),
    )
    .help("A long line of play, or one through positions with very many moves, needs memory for each position on it and each move not yet explored: choose smaller options with `--set`, or free memory and try again.")
}

/// What can be done with a game that rolls during play, so far.
pub const CHANCE_IN_PLAY_HELP: &str = "Rolls during play are followed by `gamec solve`, `check`, `play`, `tree` and `graph`, for one or two players (scored games only where play cannot return to a position).";
