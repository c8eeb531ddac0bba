//! The lossless token layer: a file cut into pieces — tokens, comments, spaces and line breaks —
//! every byte in exactly one piece, so that joining the pieces gives the file back. The parser
//! skips comments and spacing; this layer keeps them, and `gamec fmt` rewrites a file from it
//! without losing a comment or a blank line.

/// What a piece of the file is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A name or keyword. A throw name may hold and end with `-` (`rock-paper`, `scissors-1`,
    /// `t27-`), so a `-` right after a word belongs to it unless `=` follows (`x-=1`): `x-1` is
    /// one piece, kept as written.
    Word,
    Number,
    /// A quoted string, quotes included (it may span lines).
    String,
    /// An operator or bracket: `..=`, `==`, `+=`, `{`, `,` …
    Punct,
    /// `// …` up to the end of the line (not including it).
    LineComment,
    /// `/* … */` (it may span lines).
    BlockComment,
    /// Spaces, tabs and carriage returns not ending a line.
    Space,
    /// `\n` or `\r\n`.
    Newline,
    /// A character no token starts with (the parser refuses the file).
    Other,
}

impl Kind {
    /// Whether the piece is spacing, which a formatter may change.
    pub fn is_trivia(self) -> bool {
        matches!(self, Kind::Space | Kind::Newline)
    }
}

/// One piece: its kind, its text and where it starts (a byte offset).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece<'a> {
    pub kind: Kind,
    pub text: &'a str,
    pub start: usize,
}

/// Operators, longest first.
const PUNCT: &[&str] = &[
    "..=", "..", "==", "!=", "<=", ">=", "+=", "-=", "*=", "{", "}", "(", ")", "[", "]", ",", ";",
    ":", "=", "<", ">", "+", "-", "*", "/", "%",
];

/// The pieces of `src`, in order.
pub fn pieces(src: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < src.len() {
        let rest = &src[at..];
        let (kind, len) = piece_at(rest);
        out.push(Piece {
            kind,
            text: &rest[..len],
            start: at,
        });
        at += len;
    }
    out
}

/// The kind and length in bytes of the piece `rest` starts with (never 0 for a non-empty `rest`).
fn piece_at(rest: &str) -> (Kind, usize) {
    let b = rest.as_bytes();
    let first = rest.chars().next().map_or(1, char::len_utf8);
    match b[0] {
        b'\n' => (Kind::Newline, 1),
        b'\r' if b.get(1) == Some(&b'\n') => (Kind::Newline, 2),
        b' ' | b'\t' | b'\r' => (Kind::Space, space_len(b)),
        b'/' if b.get(1) == Some(&b'/') => (Kind::LineComment, line_len(rest)),
        b'/' if b.get(1) == Some(&b'*') => (
            Kind::BlockComment,
            rest[2..].find("*/").map_or(rest.len(), |k| k + 4),
        ),
        b'"' => (Kind::String, string_len(b)),
        c if c.is_ascii_digit() => (Kind::Number, number_len(b)),
        c if c.is_ascii_alphabetic() || c == b'_' => (Kind::Word, word_len(b)),
        _ => match PUNCT.iter().find(|p| rest.starts_with(**p)) {
            Some(p) => (Kind::Punct, p.len()),
            None => (Kind::Other, first),
        },
    }
}

/// Spaces, tabs and carriage returns, stopping before a `\r\n` line break.
fn space_len(b: &[u8]) -> usize {
    let n = b
        .iter()
        .take_while(|&&c| c == b' ' || c == b'\t' || c == b'\r')
        .count();
    if n > 1 && b[n - 1] == b'\r' && b.get(n) == Some(&b'\n') {
        n - 1
    } else {
        n
    }
}

/// A line comment stops before the line break (`\n` or `\r\n`).
fn line_len(rest: &str) -> usize {
    match rest.find('\n') {
        Some(k) if k > 0 && rest.as_bytes()[k - 1] == b'\r' => k - 1,
        Some(k) => k,
        None => rest.len(),
    }
}

fn string_len(b: &[u8]) -> usize {
    let mut k = 1;
    while k < b.len() {
        match b[k] {
            b'\\' => k += 2,
            b'"' => return k + 1,
            _ => k += 1,
        }
    }
    b.len()
}

fn number_len(b: &[u8]) -> usize {
    let digits = |from: usize| b[from..].iter().take_while(|c| c.is_ascii_digit()).count();
    let n = digits(0);
    // `1.5` (a throw game's score) but not `1..5`.
    if b.get(n) == Some(&b'.') && b.get(n + 1).is_some_and(u8::is_ascii_digit) {
        n + 1 + digits(n + 1)
    } else {
        n
    }
}

fn word_len(b: &[u8]) -> usize {
    let mut k = 0;
    while k < b.len() {
        let c = b[k];
        let glued_dash = c == b'-' && b.get(k + 1) != Some(&b'=');
        if c.is_ascii_alphanumeric() || c == b'_' || glued_dash {
            k += 1;
        } else {
            break;
        }
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pieces_join_back_into_the_file() {
        let src = "game \"A\" { // c\r\n  x: -1..=2 = 0 /* b\n */ \t\r\n  rock-paper 1.5 1..5 \"q\\\"\" é";
        let p = pieces(src);
        assert_eq!(p.iter().map(|p| p.text).collect::<String>(), src);
        let kinds: Vec<(Kind, &str)> = p
            .iter()
            .filter(|p| !p.kind.is_trivia())
            .map(|p| (p.kind, p.text))
            .collect();
        assert_eq!(
            kinds,
            [
                (Kind::Word, "game"),
                (Kind::String, "\"A\""),
                (Kind::Punct, "{"),
                (Kind::LineComment, "// c"),
                (Kind::Word, "x"),
                (Kind::Punct, ":"),
                (Kind::Punct, "-"),
                (Kind::Number, "1"),
                (Kind::Punct, "..="),
                (Kind::Number, "2"),
                (Kind::Punct, "="),
                (Kind::Number, "0"),
                (Kind::BlockComment, "/* b\n */"),
                (Kind::Word, "rock-paper"),
                (Kind::Number, "1.5"),
                (Kind::Number, "1"),
                (Kind::Punct, ".."),
                (Kind::Number, "5"),
                (Kind::String, "\"q\\\"\""),
                (Kind::Other, "é"),
            ]
        );
    }
}
