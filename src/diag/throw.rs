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
    "gamec::bad_edge",
    "gamec::too_hard",
    "gamec::too_many_throws",
];

/// The codes above that are warnings: their fixtures pass `gamec check` (exit 0).
pub const WARNING_CODES: &[&str] = &["gamec::undecided_pair"];

/// One diagnostic for a name, however often it is used: the first use, then every other.
fn every_use(mut d: Diag, spans: Vec<Span>, first: &str) -> Diag {
    for (i, span) in spans.into_iter().enumerate() {
        d = d.label(span, if i == 0 { first } else { "and here" });
    }
    d
}

pub fn unknown_throw(spans: Vec<Span>, name: &str, suggestion: Option<String>) -> Diag {
    let d = Diag::error("gamec::unknown_throw", format!("unknown throw `{name}`"));
    let d = every_use(d, spans, "not one of the throws");
    match suggestion {
        Some(s) => d.help(format!("Did you mean `{s}`?")),
        None => d.help(format!(
            "Add `{name}` to the `throws` list, or correct the name."
        )),
    }
}

pub fn display_name_in_beats(spans: Vec<Span>, name: &str, short: &str) -> Diag {
    let d = Diag::error(
        "gamec::unknown_throw",
        format!("`{name}` is a display name, and lines of `beats` use short names"),
    );
    every_use(d, spans, "a display name")
        .help(format!("Write `{short}`, the short name of this throw."))
}

const LINE_SHAPE: &str =
    "A line of `beats` is WINNER VERB LOSER, like `rock crushes scissors`; a new line or `;` ends it.";

pub fn verb_of_several_words(span: Span, words: &[&str]) -> Diag {
    Diag::error(
        "gamec::bad_edge",
        format!(
            "a verb is one word, and `{}` is {}",
            words.join(" "),
            words.len()
        ),
    )
    .label(span, format!("a verb of {} words", words.len()))
    .help(format!(
        "Join the words (`{}`) or keep one (`{}`).",
        words.join("-"),
        words[0]
    ))
}

pub fn lone_word(span: Span, word: &str) -> Diag {
    Diag::error(
        "gamec::bad_edge",
        format!("`{word}` alone is not a line of `beats`"),
    )
    .label(span, "one word")
    .help(LINE_SHAPE)
}

pub fn missing_verb(span: Span, a: &str, b: &str) -> Diag {
    Diag::error(
        "gamec::bad_edge",
        format!("this line has no verb between `{a}` and `{b}`"),
    )
    .label(span, "no verb")
    .help(format!(
        "Write a verb between them, like `{a} beats {b}` or `{a} > {b}`."
    ))
}

pub fn missing_loser(span: Span, a: &str, b: &str) -> Diag {
    Diag::error(
        "gamec::bad_edge",
        format!("`{a} {b}` is not a whole line of `beats`"),
    )
    .label(span, "two words")
    .help(LINE_SHAPE)
}

pub fn run_together(span: Span, words: usize) -> Diag {
    Diag::error(
        "gamec::bad_edge",
        format!("this line of `beats` has {words} words, but a line is WINNER VERB LOSER"),
    )
    .label(span, format!("{words} words"))
    .help("Put each line on its own line or end it with `;`, and write each verb as one word.")
}

pub fn score_without_number(span: Span) -> Diag {
    Diag::error("gamec::bad_score", "`scores` needs a number after it")
        .label(span, "no number")
        .help("Write `scores 2`, `scores 0.5` or `scores 1/4`, or leave `scores` out for the default 1.")
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
    Diag::error(
        "gamec::too_few_throws",
        format!("a throw game needs at least 2 throws, and this one has {n}"),
    )
    .label(span, "too few throws")
    .help("List at least two throws, as in `throws rock, paper, scissors`.")
}

pub fn too_many_throws(span: Span, n: usize, limit: usize) -> Diag {
    Diag::error(
        "gamec::too_many_throws",
        format!("a throw game may have at most {limit} throws, and this one has {n}"),
    )
    .label(span, "too many throws")
    .help("Every pair of throws is decided in a table of all pairs; list fewer throws.")
}

/// No `throws` line; `named` are the throws the lines of `beats` name, which it most likely means.
pub fn no_throws(span: Span, named: &[&str]) -> Diag {
    let d = Diag::error(
        "gamec::too_few_throws",
        "this throw game declares no throws",
    )
    .label(span, "no `throws` line");
    if named.len() < 2 {
        return d.help("List at least two throws, as in `throws rock, paper, scissors`.");
    }
    d.help(format!(
        "The lines of `beats` name {}: declare them with `throws {}`.",
        named
            .iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", "),
        named.join(", ")
    ))
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

/// A 2-player game whose exact solution needs more arithmetic than gamec allows.
pub fn too_hard(throws: usize, limit: u64) -> Diag {
    Diag::error(
        "gamec::too_hard",
        format!("solving this {throws}-throw game exactly needs more arithmetic than gamec allows ({limit} products of 64-bit words)"),
    )
    .help("The exact solution's numbers grow with the number of throws and with the digits of the scores' common denominator: use fewer throws, or scores with small denominators (halves and quarters rather than 1/9223372036854775609).")
}
