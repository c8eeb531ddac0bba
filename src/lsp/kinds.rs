//! Where the kinds of a `symmetry` line are written (`symmetry board: rotations, mirror`), so
//! that completion offers them there and hover describes them (`any` there is `any order`, not
//! the built-in).

use super::scan::{tokens, Token};
use super::words::describe_kind;

/// The byte after a token (a string's token is its opening quote only).
fn token_end(t: &Token) -> usize {
    match *t {
        Token::Word(s) => s.end,
        Token::Punct(c, at) => at + c.len_utf8(),
    }
}

fn token_start(t: &Token) -> usize {
    match *t {
        Token::Word(s) => s.start,
        Token::Punct(_, at) => at,
    }
}

/// Whether byte `offset` of `text` is where a kind of a `symmetry` line is written: after the
/// line's colon, with only kinds and commas since (a word the cursor is in or touches is being
/// typed, and may be anything). Inside a permutation's brackets is not such a place, nor after
/// `swap` (its two values follow), and a line break ends the kinds unless the line ends with the
/// colon or a comma.
pub fn among_kinds(text: &str, offset: usize) -> bool {
    let toks = tokens(text);
    let mut done: Vec<&Token> = toks
        .iter()
        .take_while(|t| token_start(t) < offset)
        .collect();
    let typing = match done.last() {
        Some(Token::Word(s)) if s.end >= offset => Some(s.start),
        _ => None,
    };
    if typing.is_some() {
        done.pop();
    }
    let typing = typing.unwrap_or(offset);
    let word = |s: crate::syntax::ast::Span| text.get(s.start..s.end).unwrap_or("");
    // The two values of a `swap` are not kinds: nothing is offered until the next comma.
    let since_comma = done
        .iter()
        .rev()
        .take_while(|t| !matches!(t, Token::Punct(',' | ':', _)));
    if since_comma
        .into_iter()
        .any(|t| matches!(t, Token::Word(s) if word(*s) == "swap"))
    {
        return false;
    }
    let mut depth = 0usize;
    for (i, t) in done.iter().enumerate().rev() {
        match **t {
            Token::Punct(':', _) => {
                let declared = i >= 2
                    && matches!(done[i - 1], Token::Word(_))
                    && matches!(done[i - 2], Token::Word(s) if word(*s) == "symmetry");
                let last = done[done.len() - 1];
                let gap = text.get(token_end(last)..typing).unwrap_or("");
                let open = !gap.contains('\n') || matches!(last, Token::Punct(',' | ':', _));
                return declared && depth == 0 && open;
            }
            Token::Punct(']', _) => depth += 1,
            Token::Punct('[', _) if depth > 0 => depth -= 1,
            Token::Punct(',', _) => {}
            Token::Word(s)
                if describe_kind(word(s)).is_some() || word(s).parse::<u64>().is_ok() => {}
            // One of a `swap`'s two values.
            Token::Word(_)
                if (1..=2).any(|k| {
                    i >= k && matches!(done[i - k], Token::Word(s) if word(*s) == "swap")
                }) => {}
            _ => return false,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_follow_the_colon_and_commas_of_a_symmetry_line() {
        let t = "game \"T\" {\n  symmetry board: rotations, any order, permutation [1, 0], mi\n  \
                 move m { x = 1 }\n}\n";
        let at = |needle: &str| t.find(needle).unwrap();
        assert!(among_kinds(t, at("rotations")));
        assert!(among_kinds(t, at(", any") + 2));
        assert!(among_kinds(t, at("order") + 2));
        assert!(among_kinds(t, at(" mi\n") + 3));
        assert!(!among_kinds(t, at("1, 0")));
        assert!(!among_kinds(t, at("board")));
        assert!(!among_kinds(t, at("move")));
        assert!(!among_kinds(t, at("x = 1")));
        let next_line = "  symmetry heap: mirror,\n    fl";
        assert!(among_kinds(next_line, next_line.len()));
        let new_statement = "  symmetry heap: mirror\n  ";
        assert!(!among_kinds(new_statement, new_statement.len()));
        assert!(!among_kinds("  state { s: bool }", 14));
        // After `swap`, its two values; after the next comma, kinds again.
        let swap = "  symmetry board: mirror, swap 1 ";
        assert!(!among_kinds(swap, swap.len()));
        assert!(!among_kinds(swap, swap.len() - 2));
        let after = "  symmetry board: swap x o, ";
        assert!(among_kinds(after, after.len()));
    }
}
