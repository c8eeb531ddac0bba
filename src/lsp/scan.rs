//! A tolerant scan of a file's words, for a file that may not parse: comments and strings are
//! skipped, and each word comes with the punctuation before and after it. Completion reads the
//! names a broken file declares from it, and hover finds the keyword under the cursor.

use crate::syntax::ast::Span;

/// A token outside comments and strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    /// A name, keyword or number.
    Word(Span),
    /// One character of punctuation (a string counts as `"`).
    Punct(char, usize),
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The tokens of `text`, in order.
pub fn tokens(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut it = text.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        if c.is_whitespace() {
            continue;
        }
        let rest = &text[i..];
        if rest.starts_with("//") {
            while it.next_if(|&(_, c)| c != '\n').is_some() {}
        } else if let Some(body) = rest.strip_prefix("/*") {
            let end = body.find("*/").map_or(text.len(), |k| i + 2 + k + 2);
            while it.next_if(|&(j, _)| j < end).is_some() {}
        } else if c == '"' {
            out.push(Token::Punct('"', i));
            let mut escaped = false;
            for (_, c) in it.by_ref() {
                match c {
                    '\\' if !escaped => escaped = true,
                    '"' if !escaped => break,
                    _ => escaped = false,
                }
            }
        } else if is_word_char(c) {
            let mut end = i + c.len_utf8();
            while let Some((j, c)) = it.next_if(|&(_, c)| is_word_char(c)) {
                end = j + c.len_utf8();
            }
            out.push(Token::Word(Span::new(i, end)));
        } else {
            out.push(Token::Punct(c, i));
        }
    }
    out
}

/// The word (outside comments and strings) that byte `offset` is in or touches.
pub fn word_at(text: &str, offset: usize) -> Option<Span> {
    let toks = tokens(text);
    let words = toks.iter().filter_map(|t| match t {
        Token::Word(s) if s.start <= offset && offset <= s.end => Some(*s),
        _ => None,
    });
    let all: Vec<Span> = words.collect();
    all.iter()
        .find(|s| offset < s.end)
        .or_else(|| all.first())
        .copied()
}

/// The names a file declares, found by their shape, with what each is: the word after
/// `option`, `def`, `move`, `let` and `for`; a word before `in` (a parameter or bound variable);
/// in `state { ... }`, a word before `:` and the values of an enumeration; a definition's
/// parameters.
pub fn declared_names(text: &str) -> Vec<(String, super::index::Kind)> {
    use super::index::Kind;
    let toks = tokens(text);
    let word = |k: usize| match toks.get(k) {
        Some(Token::Word(s)) => text.get(s.start..s.end),
        _ => None,
    };
    let punct = |k: usize| match toks.get(k) {
        Some(Token::Punct(c, _)) => Some(*c),
        _ => None,
    };
    let mut out: Vec<(String, Kind)> = Vec::new();
    // Inside `state { ... }`: how deep in its braces (0: outside).
    let mut state_depth = 0usize;
    let mut in_def_params = false;
    for k in 0..toks.len() {
        let Some(w) = word(k) else {
            match punct(k) {
                Some('{') if state_depth > 0 => state_depth += 1,
                Some('{') if k > 0 && word(k - 1) == Some("state") => state_depth = 1,
                Some('}') if state_depth > 0 => state_depth -= 1,
                Some(')') => in_def_params = false,
                _ => {}
            }
            continue;
        };
        if w.starts_with(|c: char| c.is_ascii_digit()) || super::words::describe(w).is_some() {
            continue;
        }
        let before = k.checked_sub(1).and_then(word);
        let kind = match before {
            Some("option") => Some(Kind::Option),
            Some("def") => {
                in_def_params = true;
                Some(Kind::Def)
            }
            Some("move" | "together") => Some(Kind::Move),
            Some("let") => Some(Kind::Let),
            Some("for") => Some(Kind::ForVar),
            _ if word(k + 1) == Some("in") => Some(Kind::MoveParam),
            _ if in_def_params => Some(Kind::DefParam),
            _ if state_depth == 1 && punct(k + 1) == Some(':') => Some(Kind::StateVar),
            _ if state_depth >= 2
                && matches!(k.checked_sub(1).and_then(punct), Some('{' | ',')) =>
            {
                Some(Kind::EnumValue)
            }
            _ => None,
        };
        if let Some(kind) = kind {
            if !out.iter().any(|(n, _)| n == w) {
                out.push((w.to_string(), kind));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lsp::index::Kind;

    #[test]
    fn a_simultaneous_move_is_declared_as_a_move() {
        let text = "game \"G\" { together bid(a in 1..=3, b in 1..=3) { again } }";
        let names = declared_names(text);
        let got: Vec<(&str, Kind)> = names.iter().map(|(n, k)| (n.as_str(), *k)).collect();
        assert_eq!(
            got,
            vec![
                ("bid", Kind::Move),
                ("a", Kind::MoveParam),
                ("b", Kind::MoveParam)
            ]
        );
    }

    #[test]
    fn a_broken_file_still_declares_its_names() {
        let text = "game \"G\" { // option nope\n option goal: 1..=9 = 5\n \
                    state { pile: 0..=goal = 0  cell: {empty \".\", x \"X\"} }\n \
                    def half(k) = k / 2\n move add(n in 1..=2) if pile + { pile += n }\n";
        let names = declared_names(text);
        let got: Vec<(&str, Kind)> = names.iter().map(|(n, k)| (n.as_str(), *k)).collect();
        assert_eq!(
            got,
            vec![
                ("goal", Kind::Option),
                ("pile", Kind::StateVar),
                ("cell", Kind::StateVar),
                ("empty", Kind::EnumValue),
                ("x", Kind::EnumValue),
                ("half", Kind::Def),
                ("k", Kind::DefParam),
                ("add", Kind::Move),
                ("n", Kind::MoveParam),
            ]
        );
    }

    #[test]
    fn words_skip_comments_and_strings() {
        let text = "a /* b */ \"c d\" // e\nf";
        let words: Vec<&str> = tokens(text)
            .iter()
            .filter_map(|t| match t {
                Token::Word(s) => Some(&text[s.start..s.end]),
                _ => None,
            })
            .collect();
        assert_eq!(words, vec!["a", "f"]);
        assert_eq!(word_at(text, 0), Some(Span::new(0, 1)));
        assert_eq!(word_at(text, 5), None);
        assert_eq!(word_at("ab+cd", 2), Some(Span::new(0, 2)));
        assert_eq!(word_at("ab+cd", 3), Some(Span::new(3, 5)));
    }
}
