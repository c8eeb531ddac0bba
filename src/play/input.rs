//! Reading a human's move: a move number or the move as listed, case and spacing forgiven; anything
//! else gets a specific message so the player can try again.

use std::io::{self, BufRead};

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

/// The index of the move `entry` names among `labels`, or what to tell the player.
pub fn parse_entry(entry: &str, labels: &[String]) -> Result<usize, String> {
    let n = labels.len();
    let how = format!("type a number from 1 to {n} or a move as listed");
    let typed = entry.trim();
    if typed.is_empty() {
        return Err(format!("Nothing typed: {how}."));
    }
    if typed.chars().all(|c| c.is_ascii_digit()) {
        return match typed.parse::<usize>() {
            Ok(k) if (1..=n).contains(&k) => Ok(k - 1),
            _ => Err(format!("There is no move number {typed} here; {how}.")),
        };
    }
    let wanted = normalize(typed);
    labels
        .iter()
        .position(|l| normalize(l) == wanted)
        .ok_or_else(|| format!("`{typed}` is not a legal move here; {how}."))
}

#[cfg(test)]
mod tests {
    use super::parse_entry;

    fn labels() -> Vec<String> {
        vec!["add 1".to_string(), "add 2".to_string()]
    }

    #[test]
    fn numbers_and_labels() {
        assert_eq!(parse_entry(" 2 ", &labels()), Ok(1));
        assert_eq!(parse_entry("  ADD   1\t", &labels()), Ok(0));
    }

    #[test]
    fn bad_entries_say_why() {
        let l = labels();
        assert!(parse_entry("", &l).is_err_and(|e| e.starts_with("Nothing typed")));
        assert!(parse_entry("3", &l).is_err_and(|e| e.contains("no move number 3")));
        assert!(parse_entry("99999999999999999999999", &l).is_err());
        assert!(parse_entry("add 3", &l).is_err_and(|e| e.contains("`add 3` is not a legal")));
        assert!(parse_entry("-1", &l).is_err_and(|e| e.contains("not a legal move")));
    }
}
