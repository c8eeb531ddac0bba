//! Reading a human's entry: a move number, the move as listed (case and spacing forgiven), or a
//! command (`q`, `u`, `h`, `m`, `?`); anything else gets a specific message so the player can try again.
//!
//! The rule that keeps the three apart: an entry of digits only is always a move number, and a
//! command word is always the command. A move whose name reads as a number or a command word is
//! typed with `=` before its name (`=3`, `=q`); `=` before any name means "the move named".

use std::io::{self, BufRead};

/// What an entry at the prompt asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Typed {
    /// The move at this index of the list.
    Move(usize),
    Quit,
    Undo,
    Hints,
    Help,
    /// List every move, however many (the list shown by itself stops at [`LISTED`]).
    Moves,
}

/// The most moves listed at a prompt; past this the list ends with how many more there are,
/// and `m` lists them all (a game can have millions of moves at a position).
pub const LISTED: usize = 40;

/// The commands, each with its short and long word and what it does (for `?`).
pub const COMMANDS: [(&str, &str, &str); 5] = [
    (
        "q",
        "quit",
        "stop here: the game is abandoned, and the review follows",
    ),
    ("u", "undo", "take back your last move and every move since"),
    ("h", "hints", "turn hints on or off"),
    (
        "m",
        "moves",
        "list every move here, when there are too many to list each turn",
    ),
    ("?", "help", "this list"),
];

/// One line of input without its line ending, or `None` at end of input. Bytes that are not UTF-8
/// are replaced rather than failing, so no keystroke can stop the game with an error.
pub fn read_entry<R: BufRead>(input: &mut R) -> io::Result<Option<String>> {
    let mut buf = Vec::new();
    if input.read_until(b'\n', &mut buf)? == 0 {
        return Ok(None);
    }
    let text = String::from_utf8_lossy(&buf);
    Ok(Some(text.trim_end_matches(['\n', '\r']).to_string()))
}

fn normalize(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Whether `label` normalizes to `wanted` (already normalized), without building the normalized
/// label: a position can have millions of moves, and every entry is looked up among them.
fn same_name(label: &str, wanted: &str) -> bool {
    let mut words = label.split_whitespace();
    for want in wanted.split(' ') {
        match words.next() {
            Some(word) if word.chars().flat_map(char::to_lowercase).eq(want.chars()) => {}
            _ => return false,
        }
    }
    words.next().is_none()
}

fn is_number(text: &str) -> bool {
    !text.is_empty() && text.chars().all(|c| c.is_ascii_digit())
}

/// The command a (normalized) word names, if any.
fn command(word: &str) -> Option<Typed> {
    let k = COMMANDS
        .iter()
        .position(|(short, long, _)| word == *short || word == *long)?;
    Some(
        [
            Typed::Quit,
            Typed::Undo,
            Typed::Hints,
            Typed::Moves,
            Typed::Help,
        ][k],
    )
}

/// Whether a move's name can only be typed with `=` before it: it reads as a move number or a
/// command word.
pub fn needs_escape(label: &str) -> bool {
    let n = normalize(label);
    is_number(&n) || command(&n).is_some()
}

/// What `entry` asks for among the moves named `labels`, or what to tell the player.
pub fn parse_entry(entry: &str, labels: &[String]) -> Result<Typed, String> {
    let n = labels.len();
    let how = format!("type a number from 1 to {n} or a move as listed");
    let typed = entry.trim();
    if typed.is_empty() {
        return Err(format!("Nothing typed: {how}."));
    }
    let find = |wanted: &str| labels.iter().position(|l| same_name(l, wanted));
    if let Some(name) = typed.strip_prefix('=') {
        let wanted = normalize(name);
        if wanted.is_empty() {
            let example = labels.first().map_or("a move", String::as_str);
            return Err(format!(
                "Nothing after `=`: type `=` and a move's name as listed, like `={example}`."
            ));
        }
        return find(&wanted)
            .map(Typed::Move)
            .ok_or_else(|| format!("No move here is named `{}`; {how}.", name.trim()));
    }
    if is_number(typed) {
        return match typed.parse::<usize>() {
            Ok(k) if (1..=n).contains(&k) => Ok(Typed::Move(k - 1)),
            _ if find(typed).is_some() => Err(format!(
                "There is no move number {typed} here; the move named {typed} is typed `={typed}`."
            )),
            _ => Err(format!("There is no move number {typed} here; {how}.")),
        };
    }
    let wanted = normalize(typed);
    if let Some(c) = command(&wanted) {
        return Ok(c);
    }
    find(&wanted)
        .map(Typed::Move)
        .ok_or_else(|| format!("`{typed}` is not a legal move here; {how}."))
}

#[cfg(test)]
mod tests {
    use super::{needs_escape, parse_entry, Typed};

    fn labels(names: &[&str]) -> Vec<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn numbers_and_labels() {
        let l = labels(&["add 1", "add 2"]);
        assert_eq!(parse_entry(" 2 ", &l), Ok(Typed::Move(1)));
        assert_eq!(parse_entry("  ADD   1\t", &l), Ok(Typed::Move(0)));
        assert_eq!(parse_entry("= add 2", &l), Ok(Typed::Move(1)));
    }

    #[test]
    fn digits_are_move_numbers_and_equals_names_a_move() {
        let l = labels(&["q", "3", "1"]);
        assert_eq!(parse_entry("3", &l), Ok(Typed::Move(2)));
        assert_eq!(parse_entry("=3", &l), Ok(Typed::Move(1)));
        assert_eq!(parse_entry("q", &l), Ok(Typed::Quit));
        assert_eq!(parse_entry("=Q", &l), Ok(Typed::Move(0)));
        assert_eq!(
            parse_entry("4", &labels(&["4", "5"])),
            Err("There is no move number 4 here; the move named 4 is typed `=4`.".to_string())
        );
        assert!(needs_escape(" 12 ") && needs_escape("HELP") && needs_escape("?"));
        assert!(!needs_escape("take 1") && !needs_escape("-1") && !needs_escape("quit now"));
    }

    #[test]
    fn commands_by_either_word() {
        let l = labels(&["add 1"]);
        for (word, c) in [
            ("Q", Typed::Quit),
            ("quit", Typed::Quit),
            ("u", Typed::Undo),
            (" UNDO ", Typed::Undo),
            ("h", Typed::Hints),
            ("hints", Typed::Hints),
            ("m", Typed::Moves),
            ("Moves", Typed::Moves),
            ("?", Typed::Help),
            ("help", Typed::Help),
        ] {
            assert_eq!(parse_entry(word, &l), Ok(c), "{word}");
        }
    }

    #[test]
    fn bad_entries_say_why() {
        let l = labels(&["add 1", "add 2"]);
        let e = |s: &str| parse_entry(s, &l).err().unwrap_or_default();
        let how = "type a number from 1 to 2 or a move as listed";
        assert_eq!(e(""), format!("Nothing typed: {how}."));
        assert_eq!(e("3"), format!("There is no move number 3 here; {how}."));
        assert_eq!(e("0"), format!("There is no move number 0 here; {how}."));
        assert!(e("99999999999999999999999").starts_with("There is no move number"));
        assert_eq!(
            e("add 3"),
            format!("`add 3` is not a legal move here; {how}.")
        );
        assert_eq!(e("-1"), format!("`-1` is not a legal move here; {how}."));
        assert_eq!(
            e(" = "),
            "Nothing after `=`: type `=` and a move's name as listed, like `=add 1`."
        );
        assert_eq!(
            e("=add 3"),
            format!("No move here is named `add 3`; {how}.")
        );
    }
}
