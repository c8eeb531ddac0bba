//! Every diagnostic gamec can emit for the language and the sequential checker, with its code and
//! wording, in one place. The fixtures under `tests/ui/err/` are this catalogue made concrete.

use super::Diag;
use crate::syntax::ast::Span;

use super::runtime::WEIGHTS_HELP;
pub use super::runtime::{
    constant_fault, disk_failed, fault, out_of_memory, out_of_memory_line, out_of_memory_table,
    runtime, too_many_positions, too_many_steps,
};

/// Every code with a fixture file; a test fails when one is missing.
pub const CODES: &[&str] = &[
    "gamec::syntax",
    "gamec::number_too_large",
    "gamec::unknown_name",
    "gamec::unknown_function",
    "gamec::duplicate_name",
    "gamec::duplicate_declaration",
    "gamec::type_mismatch",
    "gamec::wrong_arguments",
    "gamec::not_constant",
    "gamec::bad_range",
    "gamec::init_out_of_range",
    "gamec::bad_domain",
    "gamec::not_assignable",
    "gamec::misplaced_statement",
    "gamec::unsupported_players",
    "gamec::mixed_families",
    "gamec::empty_game",
    "gamec::state_too_large",
    "gamec::bad_set",
    "gamec::out_of_range",
    "gamec::division_by_zero",
    "gamec::overflow",
    "gamec::index_out_of_bounds",
    "gamec::no_moves",
    "gamec::no_winner",
    "gamec::ambiguous_winner",
    "gamec::bad_player",
    "gamec::too_many_positions",
    "gamec::too_many_steps",
    "gamec::too_deep",
    "gamec::file_too_large",
    "gamec::too_wide",
    "gamec::bad_weights",
    "gamec::too_many_outcomes",
    "gamec::out_of_memory",
    "gamec::disk_failed",
    "gamec::unused_variable",
    "gamec::bad_label",
    "gamec::recursive_def",
    "gamec::def_too_large",
    "gamec::unused_def",
    "gamec::no_value",
    "gamec::bad_symmetry",
    "gamec::broken_symmetry",
    "gamec::duplicate_label",
];

/// Codes that are warnings: their fixtures pass `gamec check` with the warning shown.
pub const WARNING_CODES: &[&str] = &["gamec::unused_variable", "gamec::unused_def"];

fn or_list(items: &[&str]) -> String {
    match items {
        [] => "something else".to_string(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

pub fn syntax(span: Span, expected: &[&str], found: &str) -> Diag {
    let found_text = if found.is_empty() {
        "the end of the file".to_string()
    } else {
        format!("`{found}`")
    };
    Diag::error(
        "gamec::syntax",
        format!("expected {}, found {found_text}", or_list(expected)),
    )
    .label(span, format!("expected {} here", or_list(expected)))
    .help(if expected == ["`game`"] {
        "A file holds one game: `game \"NAME\" { ... }` with the rules inside the braces."
    } else {
        "Check the line against the grammar in docs/language.md; a missing `{`, `}` or `:` before this point is a common cause."
    })
}

/// `chance` followed by anything but `if` (`chance { ... }`).
pub fn chance_without_condition(span: Span, found: &str) -> Diag {
    Diag::error(
        "gamec::syntax",
        format!("expected `if`, found `{found}`: a chance turn needs a condition"),
    )
    .label(span, "expected `if` here")
    .help(
        "Write `chance if COND { ... }`: where COND holds (and no end rule does) the turn is \
         nobody's and its body rolls; without a condition it would come round for ever.",
    )
}

pub fn syntax_empty() -> Diag {
    Diag::error("gamec::syntax", "the file holds no game")
        .help("A file starts with `game \"NAME\" { ... }`.")
}

pub fn syntax_internal(span: Span) -> Diag {
    Diag::error("gamec::syntax", "this construct could not be read")
        .label(span, "here")
        .help("This is a bug in gamec's parser; please report it with the file.")
}

pub fn number_too_large(span: Span) -> Diag {
    Diag::error(
        "gamec::number_too_large",
        "this number does not fit in a 64-bit integer",
    )
    .label(span, "too large")
    .help(format!("Numbers in a game file go up to {}.", i64::MAX))
}

pub fn unknown_name(span: Span, name: &str, suggestion: Option<String>) -> Diag {
    let d = Diag::error("gamec::unknown_name", format!("unknown name `{name}`"))
        .label(span, "not an option, state variable or parameter in scope");
    match suggestion {
        Some(s) => d.help(format!("Did you mean `{s}`?")),
        None => d.help(format!(
            "Declare `{name}` in `state {{ ... }}` or as an `option`, or as a parameter of this move."
        )),
    }
}

/// A name that should be a state variable's (`symmetry NAME: ...`).
pub fn unknown_variable(span: Span, name: &str, suggestion: Option<String>) -> Diag {
    let d = Diag::error("gamec::unknown_name", format!("unknown name `{name}`"))
        .label(span, "not a state variable");
    match suggestion {
        Some(s) => d.help(format!("Did you mean `{s}`?")),
        None => {
            d.help("A symmetry rearranges a state variable: name one declared in `state { ... }`.")
        }
    }
}

pub fn unknown_function(span: Span, name: &str, suggestion: Option<String>) -> Diag {
    let d = Diag::error(
        "gamec::unknown_function",
        format!("unknown function `{name}`"),
    )
    .label(span, "no built-in or definition has this name");
    let known = "The built-ins are sum, min, max, len, abs, count, any, all, first, last (and indices in a parameter's range); `def NAME(PARAMS) = ...` defines others.";
    match suggestion {
        Some(s) => d.help(format!("Did you mean `{s}`? {known}")),
        None => d.help(known),
    }
}

pub fn duplicate_name(span: Span, first: Span, name: &str) -> Diag {
    Diag::error(
        "gamec::duplicate_name",
        format!("`{name}` is declared twice"),
    )
    .label(first, "first declared here")
    .label(span, "declared again here")
    .help("Give each option, variable, move and parameter its own name.")
}

pub fn duplicate_declaration(span: Span, first: Span, what: &str) -> Diag {
    Diag::error(
        "gamec::duplicate_declaration",
        format!("a game has at most one `{what}`"),
    )
    .label(first, "first here")
    .label(span, "again here")
    .help(format!("Merge the two into one `{what}`."))
}

pub fn type_mismatch(span: Span, expected: &str, found: &str, help: &str) -> Diag {
    Diag::error(
        "gamec::type_mismatch",
        format!("expected {expected}, found {found}"),
    )
    .label(span, format!("this is {found}"))
    .help(help.to_string())
}

pub fn wrong_arguments(span: Span, func: &str, wanted: &str) -> Diag {
    Diag::error("gamec::wrong_arguments", format!("`{func}` takes {wanted}"))
        .label(span, "these arguments do not fit")
        .help(format!("Call it as `{func}` with {wanted}."))
}

/// `first mover` and `setup by player K` both say who moves first.
pub fn first_mover_twice(first_mover: Span, by_player: Span) -> Diag {
    Diag::error(
        "gamec::duplicate_declaration",
        "who moves first is said twice: by `first mover` and by `setup by player`",
    )
    .label(by_player, "the setup is this player's move, so the other moves first")
    .label(first_mover, "and this says who moves first")
    .help("Keep one: `setup by player K` makes the setup K's move and the other player moves first; `first mover` with a setup that is nobody's move (`setup { ... }`).")
}

pub fn not_constant(span: Span, name: &str) -> Diag {
    Diag::error(
        "gamec::not_constant",
        format!("`{name}` changes during play, but this must be fixed before the game starts"),
    )
    .label(span, "not a constant")
    .help("Ranges, array lengths, initial values and option defaults may use numbers and options only.")
}

/// An empty constant range, `range` as written with its ends' values (`5..=3`, `0..0`).
pub fn bad_range(span: Span, range: &str) -> Diag {
    Diag::error("gamec::bad_range", format!("the range {range} is empty"))
        .label(span, "holds no value")
        .help("Write the low end first, as in `0..=10`.")
}

pub fn bad_array_length(span: Span, n: i64) -> Diag {
    Diag::error(
        "gamec::bad_range",
        format!("an array of length {n} is not allowed"),
    )
    .label(span, "length")
    .help("An array has from 1 to 1000 elements.")
}

pub fn bad_grid_size(span: Span, cols: i64, rows: i64) -> Diag {
    Diag::error(
        "gamec::bad_range",
        format!("a grid of {cols} x {rows} cells is not allowed"),
    )
    .label(span, "this grid")
    .help("A grid has at least 1 column and 1 row, and at most 1000 cells.")
}

/// `lines(board, k)` with `k` below 1.
pub fn bad_line_length(span: Span, k: i64) -> Diag {
    Diag::error("gamec::bad_range", format!("a line of {k} cells is not allowed"))
        .label(span, "length")
        .help("`lines(board, k)` lists the straight runs of k cells, k at least 1; a k longer than the grid simply gives no line.")
}

/// A run of cells (or `lines`) where only numbers may be ranged over.
pub fn bad_domain_runs(span: Span, what: &str) -> Diag {
    Diag::error("gamec::bad_domain", format!("{what} ranges over numbers, not runs of cells"))
        .label(span, "runs of cells")
        .help("Range over the cells of a run, or over `lines(...)`, with `count`, `any`, `all`, `first` or `last` (`any(line in lines(board, 3) where all(v in line where v == x))`); a `for` loop may range over `lines(...)` too. A parameter ranges over `rows(board)` and `cols(board)`.")
}

pub fn init_out_of_range(span: Span, name: &str, value: i64, lo: i64, hi: i64) -> Diag {
    Diag::error(
        "gamec::init_out_of_range",
        format!("`{name}` starts at {value}, outside its range {lo}..={hi}"),
    )
    .label(span, format!("{value} is not in {lo}..={hi}"))
    .help("Widen the declared range or change the initial value.")
}

pub fn bad_domain(span: Span) -> Diag {
    Diag::error("gamec::bad_domain", "this cannot be ranged over")
        .label(span, "expected a range")
        .help("A parameter, roll or `count(...)` ranges over `LO..=HI`, `indices(array)`, `rows(grid)`, `cols(grid)` or `players`; `count(...)`, `any`, `all`, `first` and `last` also over `lines(grid, k)` and the cells of a run (`cells(grid)`, a line, `neighbours(grid, r, c)`).")
}

pub fn not_assignable(span: Span, name: &str, what: &str) -> Diag {
    Diag::error(
        "gamec::not_assignable",
        format!("`{name}` is {what} and cannot be assigned"),
    )
    .label(span, "assigned here")
    .help("Only state variables change during play; declare it in `state { ... }`.")
}

pub fn misplaced_statement(span: Span, what: &str, where_ok: &str) -> Diag {
    Diag::error(
        "gamec::misplaced_statement",
        format!("`{what}` is not allowed here"),
    )
    .label(span, "not allowed here")
    .help(format!("`{what}` belongs {where_ok}."))
}

pub fn unsupported_players(span: Span, n: &str) -> Diag {
    Diag::error(
        "gamec::unsupported_players",
        format!("sequential games are solved for 1 to {} players, and this one has {n}", crate::rules::MAX_PLAYERS),
    )
    .label(span, "player count")
    .help(format!("Write one number from 1 to {}: `players 2` for a game of two, `players 1` for a puzzle. (A throw game may leave it open: see `players 2..` in docs/language.md.)", crate::rules::MAX_PLAYERS))
}

pub fn mixed_families(seq: Span, throw: Span) -> Diag {
    Diag::error(
        "gamec::mixed_families",
        "this file mixes a sequential game (state, moves) with a throw game (throws, beats)",
    )
    .label(seq, "sequential")
    .label(throw, "throw game")
    .help("Put each game in its own file.")
}

pub fn empty_game(span: Span) -> Diag {
    Diag::error("gamec::empty_game", "this game has no rules")
        .label(span, "no `state`/`move` or `throws`/`beats` inside")
        .help("A sequential game needs `state { ... }`, `move` and `end if` rules; a throw game needs `throws` and `beats`.")
}

/// `combos` is the number of combinations of the state's values; `total` the number of positions
/// with the flags they record beside them: whose turn it is, whether the last move kept it
/// (`flags`, both false when the combinations alone are too many: at most 2^63 - 1).
pub fn state_too_large(span: Span, combos: &str, total: &str, flags: (bool, bool)) -> Diag {
    let (with, most) = match flags {
        (false, false) => (String::new(), "2^63 - 1 combinations"),
        (true, false) => (format!(", {total} with whose turn it is"), "2^63 - 1"),
        (false, true) => (
            format!(", {total} with whether the last move kept the turn"),
            "2^63 - 1",
        ),
        (true, true) => (
            format!(", {total} with whose turn it is and whether the last move kept it"),
            "2^63 - 1",
        ),
    };
    Diag::error(
        "gamec::state_too_large",
        format!(
            "the state's ranges give {combos} combinations{with}: too many to number positions in 63 bits (at most {most})"
        ),
    )
    .label(span, "these variables")
    .help("Narrow the variables' ranges to what play can really reach.")
}

pub fn bad_set(span: Option<Span>, message: String, help: String) -> Diag {
    let d = Diag::error("gamec::bad_set", message).help(help);
    match span {
        Some(s) => d.label(s, "the option is declared here"),
        None => d,
    }
}

/// A roll whose weights are wrong before play: `what` says how.
pub fn bad_weights(span: Span, what: String) -> Diag {
    Diag::error("gamec::bad_weights", what)
        .label(span, "these weights")
        .help(WEIGHTS_HELP)
}

pub fn file_too_large(limit: usize) -> Diag {
    Diag::error(
        "gamec::file_too_large",
        format!("the file is larger than gamec accepts ({limit} bytes)"),
    )
    .help("A game's rules fit in a few kilobytes: compute with options, arrays and moves with parameters rather than listing every case.")
}

pub fn too_deep(span: Span, limit: usize, what: &str) -> Diag {
    Diag::error(
        "gamec::too_deep",
        format!("this nests deeper than gamec accepts ({limit} levels of {what})"),
    )
    .label(span, "too deep from here")
    .help(match what {
        "parameters" => "Give the move fewer parameters: compute a value from the others in its body, or split the move in two.",
        _ => "Split the expression with intermediate options or variables, or simplify it.",
    })
}

pub fn unused_variable(span: Span, name: &str) -> Diag {
    Diag::warning(
        "gamec::unused_variable",
        format!("no rule reads the state variable `{name}`"),
    )
    .label(span, "never read")
    .help(format!(
        "Every variable multiplies the number of positions; if `{name}` does not affect play, remove it."
    ))
}

/// A definition's name taken by a built-in function.
pub fn builtin_name(span: Span, name: &str) -> Diag {
    Diag::error(
        "gamec::duplicate_name",
        format!("`{name}` is a built-in function"),
    )
    .label(span, "defined here")
    .help("Give the definition another name.")
}

/// A definition that calls itself, directly or through others (`chain`: the calls, in order).
pub fn recursive_def(span: Span, def: Span, chain: &[&str]) -> Diag {
    Diag::error(
        "gamec::recursive_def",
        format!("`{}` calls itself ({})", chain[0], chain.join(" calls ")),
    )
    .label(span, "the call that repeats")
    .label(def, "defined here")
    .help("Definitions are expanded where they are used, so they cannot call themselves; use `count`, `any`, `all`, `first` or `last` over a range instead.")
}

/// Definitions whose calls expand into more than `limit` nodes.
pub fn def_too_large(span: Span, limit: u64) -> Diag {
    Diag::error(
        "gamec::def_too_large",
        format!("the definitions expand into more than {limit} operations"),
    )
    .label(span, "the call that passes the limit")
    .help("Every call compiles its definition's body again, so definitions that call others several times grow quickly; call each fewer times, or compute the value once in a state variable.")
}

/// A definition no rule calls.
pub fn unused_def(span: Span, name: &str) -> Diag {
    Diag::warning(
        "gamec::unused_def",
        format!("no rule uses the definition `{name}`"),
    )
    .label(span, "never used")
    .help(format!(
        "Remove `{name}`, or use it; its body is checked where it is used."
    ))
}

pub fn bad_symmetry(span: Span, why: &str) -> Diag {
    Diag::error(
        "gamec::bad_symmetry",
        "the variable does not have this symmetry".to_string(),
    )
    .label(span, "not a symmetry of this variable")
    .help(format!("{why}."))
}
