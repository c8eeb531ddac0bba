//! Every diagnostic of the throw-game checker, with its code and wording, in one place.

use super::Diag;
use crate::syntax::ast::Span;

/// Every throw-game code with a fixture file in `tests/ui/err/`.
pub const CODES: &[&str] = &[
    "gamec::unknown_throw",
    "gamec::self_beat",
    "gamec::contradictory_beats",
    "gamec::contradicts_rule",
    "gamec::undecided_pair",
    "gamec::duplicate_throw",
    "gamec::duplicate_edge",
    "gamec::even_odd_steps",
    "gamec::too_few_throws",
    "gamec::no_beats",
    "gamec::bad_score",
    "gamec::bad_players",
    "gamec::bad_round",
];

/// The codes above that are warnings: their fixtures pass `gamec check` (exit 0).
pub const WARNING_CODES: &[&str] = &["gamec::undecided_pair"];

pub fn unknown_throw(span: Span, name: &str, suggestion: Option<String>) -> Diag {
    let d = Diag::error("gamec::unknown_throw", format!("unknown throw `{name}`"))
        .label(span, "not one of the throws");
    match suggestion {
        Some(s) => d.help(format!("Did you mean `{s}`?")),
        None => d.help(format!(
            "Add `{name}` to the `throws` list, or correct the name."
        )),
    }
}

pub fn self_beat(span: Span, name: &str) -> Diag {
    Diag::error("gamec::self_beat", format!("`{name}` cannot beat itself"))
        .label(span, "a throw against itself is always a tie")
        .help("Remove this line; the same throw on both sides is a tie.")
}

pub fn contradictory_beats(first: Span, second: Span, a: &str, b: &str) -> Diag {
    Diag::error(
        "gamec::contradictory_beats",
        format!("`{a}` and `{b}` each beat the other"),
    )
    .label(first, format!("`{a}` beats `{b}` here"))
    .label(second, format!("but `{b}` beats `{a}` here"))
    .help("Keep the line that says who really wins and delete the other.")
}

pub fn contradicts_rule(span: Span, rule: Span, winner: &str, loser: &str) -> Diag {
    Diag::error(
        "gamec::contradicts_rule",
        format!("`{winner}` beating `{loser}` contradicts `beats odd-steps ahead`"),
    )
    .label(span, "this line says the opposite")
    .label(rule, format!("this rule makes `{loser}` beat `{winner}`"))
    .help(format!(
        "Write `{loser} ... {winner}` instead, or reorder the throws so that the rule agrees."
    ))
}

pub fn undecided_pair(a_span: Span, b_span: Span, a: &str, b: &str) -> Diag {
    Diag::warning(
        "gamec::undecided_pair",
        format!("nothing decides `{a}` against `{b}`, so it is a tie"),
    )
    .label(a_span, "this throw")
    .label(b_span, "and this one never meet in `beats`")
    .help(format!(
        "Add `{a} beats {b}` or `{b} beats {a}` to `beats`, or write `ties allowed` if ties are intended."
    ))
}

pub fn duplicate_throw(first: Span, again: Span, name: &str) -> Diag {
    Diag::error(
        "gamec::duplicate_throw",
        format!("the throw `{name}` is listed twice"),
    )
    .label(first, "first here")
    .label(again, "again here")
    .help("Give every throw its own name.")
}

pub fn duplicate_edge(first: Span, again: Span, a: &str, b: &str) -> Diag {
    Diag::error(
        "gamec::duplicate_edge",
        format!("`{a}` beating `{b}` is said twice"),
    )
    .label(first, "first here")
    .label(again, "again here")
    .help("Keep one line per pair of throws, so that its verb and score are unambiguous.")
}

pub fn even_odd_steps(rule: Span, throws: Span, n: usize) -> Diag {
    Diag::error(
        "gamec::even_odd_steps",
        format!("`beats odd-steps ahead` needs an odd number of throws, and there are {n}"),
    )
    .label(rule, "this rule")
    .label(throws, format!("{n} throws"))
    .help("With an even number every pair would beat each other; add or remove one throw.")
}

pub fn too_few_throws(span: Span, n: usize) -> Diag {
    let message = if n == 0 {
        "this throw game declares no throws".to_string()
    } else {
        format!("a throw game needs at least 2 throws, and this one has {n}")
    };
    Diag::error("gamec::too_few_throws", message)
        .label(span, "too few throws")
        .help("List at least two throws, as in `throws rock, paper, scissors`.")
}

pub fn no_beats(span: Span) -> Diag {
    Diag::error("gamec::no_beats", "nothing says which throw beats which")
        .label(span, "these throws")
        .help("Add `beats { rock crushes scissors ... }` or the generated rule `beats odd-steps ahead`.")
}

pub fn bad_score(span: Span, score: &str) -> Diag {
    Diag::error(
        "gamec::bad_score",
        format!("a win scores {score}, but a score must be more than 0"),
    )
    .label(span, "not a positive score")
    .help("Write a positive number after `scores` (like `2`, `0.5` or `1/4`), or leave it out for the default 1.")
}

pub fn score_divides_by_zero(span: Span) -> Diag {
    Diag::error("gamec::bad_score", "this score divides by zero")
        .label(span, "a fraction over 0")
        .help("Write a positive number after `scores` (like `2`, `0.5` or `1/4`), or leave it out for the default 1.")
}

pub fn bad_players(span: Span, what: &str) -> Diag {
    Diag::error(
        "gamec::bad_players",
        format!("a throw game needs at least 2 players, {what}"),
    )
    .label(span, "player count")
    .help("Write `players 2` for a matrix game or `players 2..` for any number.")
}

pub fn round_count(span: Span, n: i64, throws: usize) -> Diag {
    Diag::error(
        "gamec::bad_round",
        format!("a round shows between 1 and {throws} different throws, never {n}"),
    )
    .label(span, "this clause never applies")
    .help(format!("Use a count from 1 to {throws}, or `otherwise`."))
}

pub fn round_unreachable(span: Span, earlier: Span) -> Diag {
    Diag::error("gamec::bad_round", "this round clause is never reached")
        .label(earlier, "every round is already decided here")
        .label(span, "so this clause never applies")
        .help(
            "Clauses are tried in order; put `otherwise` last and each `if exactly N throws` once.",
        )
}
