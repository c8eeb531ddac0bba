//! The line breaks `gamec fmt` adds: a block whose statements share a line without a `;` between
//! them (`{ pile -= 1  pile -= 1 }`, which reads like one expression) gets each statement on its
//! own line, and its braces on the lines of the statement before and after.

use super::ast::{Block, GameFile, Stmt};
use std::collections::HashSet;

/// The byte offsets (of a statement or a closing brace) before which a line must break.
pub fn statement_breaks(src: &str, tree: &GameFile) -> HashSet<usize> {
    let mut out = HashSet::new();
    let blocks = tree
        .moves
        .iter()
        .map(|m| &m.body)
        .chain(tree.setups.iter().map(|s| &s.body));
    for b in blocks {
        block(src, b, &mut out);
    }
    out
}

/// The breaks inside one block and the blocks nested in it.
fn block(src: &str, b: &Block, out: &mut HashSet<usize>) {
    for s in &b.stmts {
        match s {
            Stmt::If {
                then, otherwise, ..
            } => {
                block(src, then, out);
                if let Some(o) = otherwise {
                    block(src, o, out);
                }
            }
            Stmt::For { body, .. } => block(src, body, out),
            _ => {}
        }
    }
    let run_on = |a: &Stmt, b: &Stmt| {
        let between = src.get(a.span().end..b.span().start).unwrap_or("\n");
        !between.contains('\n') && !between.contains(';')
    };
    let joined: Vec<usize> = b
        .stmts
        .windows(2)
        .filter(|w| run_on(&w[0], &w[1]))
        .map(|w| w[1].span().start)
        .collect();
    // An `else if` is a block of one statement without braces: nothing to break.
    let braced = src[b.span.start..].starts_with('{') && src[..b.span.end].ends_with('}');
    let (Some(first), Some(last)) = (b.stmts.first(), b.stmts.last()) else {
        return;
    };
    if joined.is_empty() || !braced {
        return;
    }
    out.extend(joined);
    let one_line = |from: usize, to: usize| !src[from..to].contains('\n');
    if one_line(b.span.start, first.span().start) {
        out.insert(first.span().start);
    }
    if one_line(last.span().end, b.span.end - 1) {
        out.insert(b.span.end - 1);
    }
}
