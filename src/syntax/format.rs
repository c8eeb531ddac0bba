//! The canonical layout `gamec fmt` writes, worked out from the lossless pieces: every comment
//! and line break kept (runs of blank lines become one), two spaces of indentation per open
//! bracket plus one step for a line that continues the one before (a move's header goes on until
//! its body's brace), each statement on its own line where two ran on without a `;`
//! (`syntax::breaks`), one line ending throughout (the first line's), and one canonical spacing
//! between tokens on a line (`heap[i] -= n`, `f(x, y)`, `0..=9`, `-k`, `{red "R", yellow "Y"}`).
//! The spaces before a comment that ends a line are kept as written (comments are often lined
//! up). Only spacing and line endings change: the result has the same tokens and comments in the
//! same order, which `format` checks before it returns.

use super::lossless::{pieces, Kind, Piece};
use std::collections::HashSet;

/// Words after which `-` is a sign and `(` or `[` opens a group rather than a call or an index.
const KEYWORDS: &[&str] = &[
    "game", "about", "option", "player", "state", "setup", "move", "end", "if", "then", "else",
    "def", "in", "and", "or", "not", "again", "roll", "where", "wins", "loses", "tie", "winner",
    "is", "each", "per", "bool", "by", "weights", "as", "throws", "beats", "round", "no", "moves",
    "let", "for", "symmetry", "return", "together",
];

/// Binary operators: a line that starts with one continues the line before.
const INFIX: &[&str] = &[
    "and", "or", "+", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "then",
];

/// A token (or comment) with what its neighbours tell about it.
struct Tok<'a> {
    kind: Kind,
    text: &'a str,
    /// An enumeration's brace (`{red, yellow}`), written without inner spaces.
    enum_brace: bool,
    /// A sign (`-k`), written against what follows.
    sign: bool,
    /// `permutation` in a `symmetry` line: its `[` lists places, apart from it as a list is.
    lists: bool,
}

/// One line of the file: its tokens, whether a blank line came before it, and the spacing
/// written before a comment that ends it.
struct Line<'a> {
    toks: Vec<Tok<'a>>,
    blank_before: bool,
    comment_gap: Option<&'a str>,
}

impl Line<'_> {
    fn empty() -> Self {
        Line {
            toks: Vec::new(),
            blank_before: false,
            comment_gap: None,
        }
    }
}

/// `src` laid out canonically; `None` if `src` does not parse, or if the layout would change a
/// token or a comment or parse to another tree (it should not: the caller then refuses to
/// rewrite the file).
///
/// Every line break of the result is the one the file's first line ends with: `\r\n` throughout
/// for a file whose first line ends so, `\n` throughout otherwise, line breaks inside strings and
/// comments included.
pub fn format(src: &str) -> Option<String> {
    let crlf = src.find('\n').is_some_and(|k| src[..k].ends_with('\r'));
    let lf = src.replace("\r\n", "\n");
    let out = format_lf(&lf)?;
    Some(if crlf { out.replace('\n', "\r\n") } else { out })
}

/// `format` for a file whose line breaks are `\n`.
fn format_lf(src: &str) -> Option<String> {
    let tree = super::parse(src).ok()?;
    let ps = pieces(src);
    let mut lines = split_lines(&ps, &super::breaks::statement_breaks(src, &tree));
    mark_roles(&mut lines);
    let out = emit(&lines);
    let same_tree = || super::parse(&out).is_ok_and(|t| without_spans(&t) == without_spans(&tree));
    (significant(src) == significant(&out) && same_tree()).then_some(out)
}

/// A syntax tree's debug text with its spans left out (they move when spacing does).
fn without_spans(tree: &super::ast::GameFile) -> String {
    let text = format!("{tree:?}");
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(k) = rest.find("Span { start: ") {
        out.push_str(&rest[..k]);
        rest = rest[k..].find('}').map_or("", |e| &rest[k + e + 1..]);
    }
    out.push_str(rest);
    out
}

/// The file's tokens and comments, in order, with line comments' trailing spaces cut.
fn significant(src: &str) -> Vec<&str> {
    pieces(src)
        .into_iter()
        .filter(|p| !p.kind.is_trivia())
        .map(|p| match p.kind {
            Kind::LineComment => p.text.trim_end(),
            _ => p.text,
        })
        .collect()
}

/// The file's lines, broken also before each piece that starts at an offset in `breaks`.
fn split_lines<'a>(ps: &[Piece<'a>], breaks_before: &HashSet<usize>) -> Vec<Line<'a>> {
    let mut lines: Vec<Line> = Vec::new();
    let mut cur = Line::empty();
    let (mut breaks, mut space) = (0, None);
    for p in ps {
        match p.kind {
            Kind::Newline => {
                if !cur.toks.is_empty() {
                    lines.push(std::mem::replace(&mut cur, Line::empty()));
                    breaks = 0;
                }
                breaks += 1;
                space = None;
            }
            Kind::Space => space = Some(p.text),
            _ => {
                if !cur.toks.is_empty() && breaks_before.contains(&p.start) {
                    lines.push(std::mem::replace(&mut cur, Line::empty()));
                    breaks = 1;
                }
                if cur.toks.is_empty() {
                    cur.blank_before = breaks > 1 && !lines.is_empty();
                } else if matches!(p.kind, Kind::LineComment) {
                    cur.comment_gap = space;
                }
                cur.toks.push(Tok {
                    kind: p.kind,
                    text: p.text,
                    enum_brace: false,
                    sign: false,
                    lists: false,
                });
                space = None;
            }
        }
    }
    if !cur.toks.is_empty() {
        lines.push(cur);
    }
    lines
}

fn is_comment(k: Kind) -> bool {
    matches!(k, Kind::LineComment | Kind::BlockComment)
}

fn is_keyword(t: &Tok) -> bool {
    t.kind == Kind::Word && KEYWORDS.contains(&t.text)
}

/// Marks enumeration braces and signs, from the token before each (comments passed over).
fn mark_roles(lines: &mut [Line]) {
    let mut braces: Vec<bool> = Vec::new();
    let mut prev: Option<(Kind, &str)> = None;
    for line in lines.iter_mut() {
        let symmetry = line.toks.first().is_some_and(|t| t.text == "symmetry");
        for t in line.toks.iter_mut() {
            if is_comment(t.kind) {
                continue;
            }
            t.lists = symmetry
                && t.kind == Kind::Word
                && t.text == "permutation"
                && matches!(prev, Some((Kind::Punct, ":" | ",")));
            if t.kind == Kind::Punct {
                match t.text {
                    "{" => {
                        t.enum_brace =
                            matches!(prev, Some((_, "of" | ":" | "player" | "[" | "per" | "in")));
                        braces.push(t.enum_brace);
                    }
                    "}" => t.enum_brace = braces.pop().unwrap_or(false),
                    "-" => {
                        t.sign = match prev {
                            None => true,
                            Some((Kind::Punct, p)) => !matches!(p, ")" | "]" | "}"),
                            Some((Kind::Word, w)) => KEYWORDS.contains(&w),
                            Some(_) => false,
                        }
                    }
                    _ => {}
                }
            }
            prev = Some((t.kind, t.text));
        }
    }
}

/// Whether one space goes between `a` and `b` on a line.
fn spaced(a: &Tok, b: &Tok) -> bool {
    let callee = |t: &Tok| t.kind == Kind::Word && !is_keyword(t);
    if b.kind == Kind::Punct && matches!(b.text, "," | ";" | ")" | "]" | ":") {
        return false;
    }
    if a.kind == Kind::Punct && matches!(a.text, "(" | "[") {
        return false;
    }
    if (a.enum_brace && a.text == "{") || (b.enum_brace && b.text == "}") {
        return false;
    }
    if matches!(a.text, ".." | "..=") || matches!(b.text, ".." | "..=") {
        return false;
    }
    if a.sign {
        return false;
    }
    match b.text {
        "(" if b.kind == Kind::Punct => !callee(a),
        "[" if b.kind == Kind::Punct => a.lists || !(callee(a) || matches!(a.text, ")" | "]")),
        _ => true,
    }
}

fn opens(t: &Tok) -> bool {
    t.kind == Kind::Punct && matches!(t.text, "{" | "(" | "[")
}

fn closes(t: &Tok) -> bool {
    t.kind == Kind::Punct && matches!(t.text, "}" | ")" | "]")
}

/// Whether a line ending with `t` goes on in the next (a binary operator, `=`, `:`, or a `,`
/// outside brackets that list things).
fn continues(t: &Tok, inside: Option<(bool, &str)>) -> bool {
    match t.text {
        "," => matches!(inside, Some((false, "{")) | None),
        "=" | ":" | "-" | "+=" | "-=" | "*=" => t.kind == Kind::Punct && !t.sign,
        _ => INFIX.contains(&t.text),
    }
}

/// Words that, starting a line, continue the line before: an operator, a label (`as`), or the
/// `else` of an `if … then … else` (not after a block's `}`).
fn starts_continued(first: &Tok, prev_last: Option<&str>) -> bool {
    // A string's or comment's text (quotes and slashes included) is never one of these words.
    match first.text {
        "as" => true,
        "else" => prev_last.is_some_and(|t| t != "}"),
        t => INFIX.contains(&t),
    }
}

/// One step of indentation for each line that left brackets open, counted from the line that
/// opened the innermost one, and one more for a line that continues the one before.
fn emit(lines: &[Line]) -> String {
    let mut out = String::new();
    // Open brackets: whether each is an enumeration's brace, which bracket, and the level of the
    // line that opened it.
    let mut open: Vec<(bool, &str, usize)> = Vec::new();
    let (mut carried, mut prev_last): (bool, Option<&str>) = (false, None);
    // While a move's header goes on over lines (its guard or label below `move take(…)`), the
    // number of brackets open at its `move`: the header ends where its body's brace opens.
    let mut header: Option<usize> = None;
    for line in lines {
        let first = &line.toks[0];
        let is_move = first.kind == Kind::Word && first.text == "move";
        if is_move || header.is_some_and(|d| open.len() < d) {
            header = None;
        }
        let in_header = header == Some(open.len());
        let mut level = match open.last() {
            Some(&(_, _, owner)) if closes(first) => owner,
            Some(&(_, _, owner)) => owner + 1,
            None => 0,
        };
        // Brackets opened here belong to the line's own level, not its continuation step:
        // `move m(…)` / `as "…" {` puts the body one step in, and its `}` under `move`.
        let base = level;
        if carried || in_header || starts_continued(first, prev_last) {
            level += 1;
        }
        if is_move {
            header = Some(open.len());
        }
        if line.blank_before && !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&"  ".repeat(level));
        let mut last_code: Option<&Tok> = None;
        for (k, t) in line.toks.iter().enumerate() {
            if k > 0 {
                let a = &line.toks[k - 1];
                if t.kind == Kind::LineComment {
                    out.push_str(line.comment_gap.unwrap_or(" "));
                } else if spaced(a, t) {
                    out.push(' ');
                }
            }
            out.push_str(match t.kind {
                Kind::LineComment => t.text.trim_end(),
                _ => t.text,
            });
            if opens(t) {
                if t.text == "{" && !t.enum_brace && header == Some(open.len()) {
                    header = None;
                }
                open.push((t.enum_brace, t.text, base));
            } else if closes(t) {
                open.pop();
            }
            if !is_comment(t.kind) {
                last_code = Some(t);
            }
        }
        out.push('\n');
        carried = last_code.is_some_and(|t| continues(t, open.last().map(|o| (o.0, o.1))));
        if let Some(t) = last_code {
            prev_last = Some(t.text);
        }
    }
    out
}
