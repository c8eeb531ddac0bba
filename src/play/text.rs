//! Wording shared by `play`, `solve`, `tree` and `graph`: a value, a position with whose turn it
//! is, end rules as written in the file, and word wrapping.

use crate::engine::{Code, Engine};
use crate::rules::Rules;
use crate::solve::{Entry, Value};

/// A position's value in words: `win in 7`, `lose in 6`, `tie in 3`, `draw`.
pub fn value_text(e: &Entry) -> String {
    // A scored game's win or loss says by how much: `win by 10 in 23`.
    let by = match e.margin {
        Some(m) if m != 0 => format!(" by {}", m.unsigned_abs()),
        _ => String::new(),
    };
    match e.remoteness {
        Some(r) if e.value != Value::Draw => format!("{}{by} in {r}", e.value.name()),
        _ => e.value.name().to_string(),
    }
}

/// A value in the words of the game's kind: `value_text`'s for two players; for a one-player
/// game (a puzzle), `solvable in 31` for a win and `unsolvable` for anything else.
pub fn value_words(rules: &Rules, e: &Entry) -> String {
    match (rules.players, e.value, e.remoteness) {
        (1, Value::Win, Some(r)) => format!("solvable in {r}"),
        (1, _, _) => "unsolvable".to_string(),
        _ => value_text(e),
    }
}

/// A value's name for `--json`: `win`, `lose`, `tie`, `draw`; for a puzzle, `solvable` or
/// `unsolvable`.
pub fn value_name(rules: &Rules, e: &Entry) -> &'static str {
    match (rules.players, e.value) {
        (1, Value::Win) => "solvable",
        (1, _) => "unsolvable",
        _ => e.value.name(),
    }
}

/// The position in the file's terms with the player to move: `pile=3, player 2 to move`.
///
/// When the rules depend on the turn the engine records it (`turn=2`); that part is replaced by
/// the player tracked by the caller so every game reads the same way.
pub fn position_words(engine: &Engine, code: Code, to_move: u8) -> String {
    let pos = engine.decode(code);
    words_for(engine, engine.describe(&pos), &pos, to_move)
}

/// `position_words` with grids drawn as boards on the lines below (for `play`).
pub fn position_board(engine: &Engine, code: Code, to_move: u8) -> String {
    let pos = engine.decode(code);
    if !engine.has_grids() {
        return words_for(engine, engine.describe(&pos), &pos, to_move);
    }
    let mut text = words_for(engine, engine.describe_without_grids(&pos), &pos, to_move);
    for line in engine.draw_grids(&pos) {
        text += &format!("\n  {line}");
    }
    text
}

fn words_for(engine: &Engine, described: String, pos: &crate::engine::Pos, to_move: u8) -> String {
    let mut text = described;
    if engine.turn_matters() {
        let suffix = engine.turn_part(engine.player_to_move(pos));
        if let Some(stripped) = text.strip_suffix(&suffix) {
            text = stripped.trim_end_matches([',', ' ']).to_string();
        }
    }
    if engine.rules.players == 1 {
        // One player: nobody else could be to move.
        text
    } else if text.is_empty() {
        format!("player {to_move} to move")
    } else {
        format!("{text}, player {to_move} to move")
    }
}

/// Each end rule's text as written (`end if pile == goal: last mover wins`), whitespace collapsed.
pub fn end_rule_texts(rules: &Rules, source: &str) -> Vec<String> {
    rules
        .ends
        .iter()
        .map(|e| {
            let raw = source.get(e.span.start..e.span.end).unwrap_or("end rule");
            let code = raw.split("//").next().unwrap_or(raw);
            let words: Vec<&str> = code.split_whitespace().collect();
            words.join(" ").trim_end_matches(';').trim_end().to_string()
        })
        .collect()
}

/// Collapses whitespace and wraps at `width` columns (a word longer than the width stays whole).
pub fn wrap(text: &str, width: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn wraps_at_width() {
        assert_eq!(wrap("a bb  ccc\n dd", 5), "a bb\nccc\ndd");
        assert_eq!(wrap("", 5), "");
    }
}
