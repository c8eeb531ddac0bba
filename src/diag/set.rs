//! The wording for `--set`: why a value is refused, and the note that names a `--set` when the
//! value it gave breaks something downstream (an empty range, an initial value out of range).

use super::Diag;

// What a `--set` value can be refused for: (what is wrong, what to do; empty for the default
// help, `set_same_kind`).

pub fn set_out_of_range(x: i64, lo: i64, hi: i64) -> (String, String) {
    (
        format!("{x} is outside the option's range {lo}..={hi}"),
        format!("Choose a value from {lo} to {hi}."),
    )
}

/// A number past 64 bits: too large (or too small), with the limits that apply.
pub fn set_number_too_large(
    text: &str,
    positive: bool,
    range: Option<(i64, i64)>,
) -> (String, String) {
    let size = if positive { "too large" } else { "too small" };
    match range {
        Some((lo, hi)) => (
            format!("{text} is {size} for the option's range {lo}..={hi}"),
            format!("Choose a value from {lo} to {hi}."),
        ),
        None => (
            format!(
                "{text} is {size}: whole numbers go from {} to {}",
                i64::MIN,
                i64::MAX
            ),
            format!("Give a whole number from {} to {}.", i64::MIN, i64::MAX),
        ),
    }
}

pub fn set_empty(list: bool) -> (String, String) {
    if list {
        (
            "a list option needs at least one value".to_string(),
            "Give the values separated by commas, like `--set piles=3,4,5`.".to_string(),
        )
    } else {
        ("no value is given".to_string(), String::new())
    }
}

pub fn set_list_gap() -> (String, String) {
    (
        "a value is missing between commas".to_string(),
        "Give the values separated by single commas, like `--set piles=3,4,5`.".to_string(),
    )
}

pub fn set_list_brackets() -> (String, String) {
    (
        "the brackets do not match".to_string(),
        "Give the values separated by commas, with or without one pair of brackets: `--set piles=3,4,5` or `--set piles=[3,4,5]`.".to_string(),
    )
}

/// A name that is not one of the enumeration's values.
pub fn set_not_a_value(text: &str, names: &[String]) -> (String, String) {
    let help = match crate::diag::did_you_mean(text, names.iter().map(|n| n.as_str())) {
        Some(n) => format!("Did you mean `{n}`? "),
        None => String::new(),
    };
    (
        format!("`{text}` is not a value of the option's enumeration"),
        format!("{help}Give one of {}.", names.join(", ")),
    )
}

/// The kinds of value an option holds, for the wording of a refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Number,
    Bool,
    List,
    Enum,
}

/// The help when a `--set` value is of the wrong kind.
pub fn set_same_kind(default: &str, kind: Kind) -> String {
    let kind = match kind {
        Kind::Number => "a whole number",
        Kind::Bool => "`true` or `false`",
        Kind::List => "whole numbers separated by commas",
        Kind::Enum => "one of the enumeration's values",
    };
    format!("The default is `{default}`; give {kind}.")
}

pub fn set_twice(name: &str) -> Diag {
    super::catalog::bad_set(
        None,
        format!("`--set {name}` is given more than once"),
        format!("Give `--set {name}=...` once."),
    )
}

/// `text`, or its first `max` characters and `…` when it is longer.
fn shorten(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// Codes of errors a value can cause; a `--set` that decided the value is named in their help.
pub const VALUE_CODES: &[&str] = &[
    "gamec::bad_range",
    "gamec::init_out_of_range",
    "gamec::type_mismatch",
    "gamec::division_by_zero",
    "gamec::overflow",
    "gamec::state_too_large",
];

/// `d` with a first line of help saying which `--set` decided the values involved: one
/// (option, value, `--set`s) per option.
pub fn blamed_on_sets(d: Diag, notes: &[(String, String, Vec<String>)]) -> Diag {
    // A long list is said by its length, and a long `--set` cut short, to keep the help readable.
    let said: Vec<String> = notes
        .iter()
        .map(|(name, value, sets)| {
            let value = match value.matches(", ").count() + 1 {
                n if value.len() > 60 && value.starts_with('[') => format!("a list of {n} values"),
                _ => value.to_string(),
            };
            let sets: Vec<String> = sets
                .iter()
                .map(|s| format!("`{}`", shorten(s, 60)))
                .collect();
            format!("`{name}` is {value} because of {}", sets.join(" and "))
        })
        .collect();
    let first = format!("{}.", said.join("; "));
    let help = match &d.help {
        Some(h) => format!("{first}\n{h}"),
        None => first,
    };
    d.help(help)
}
