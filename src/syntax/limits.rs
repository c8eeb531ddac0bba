//! Limits on size and nesting, so that a pathological file gets a diagnostic instead of exhausting
//! memory or the stack: the size is checked first, brackets are counted before parsing, expression
//! depth after.

use super::ast::{Expr, ExprKind, Span};
use crate::diag::{catalog, Diag};

/// The largest file accepted, in bytes. Rules fit in far less (the largest shipped game is under
/// 3 KB); a bound here keeps the parser's memory bounded (a 4 MB expression needs about 1 GB).
pub const MAX_SOURCE_BYTES: usize = 1 << 20;

/// A file larger than `MAX_SOURCE_BYTES` is refused before it is parsed.
pub fn check_size(source: &str) -> Result<(), Diag> {
    if source.len() > MAX_SOURCE_BYTES {
        return Err(catalog::file_too_large(MAX_SOURCE_BYTES));
    }
    Ok(())
}

/// Deepest nesting of `(`, `[` and `{` accepted.
pub const MAX_BRACKETS: usize = 200;
/// Deepest expression tree accepted (a chain `1 + 1 + ...` is as deep as it is long).
pub const MAX_EXPR_DEPTH: usize = 2_000;

/// The first place where brackets nest deeper than the limit, skipping strings and comments.
pub fn check_brackets(source: &str) -> Result<(), Diag> {
    let bytes = source.as_bytes();
    let (mut depth, mut i) = (0usize, 0usize);
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth > MAX_BRACKETS {
                    return Err(catalog::too_deep(
                        Span::new(i, i + 1),
                        MAX_BRACKETS,
                        "brackets",
                    ));
                }
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    Ok(())
}

thread_local! {
    static NESTING: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// How deeply expressions are being built inside one another. Building the tree from pest's pairs
/// recurses once per nested expression (an `if` in an `else`, an index, an argument); the finished
/// tree's depth is checked by `check_expr`, but a chain of 40,000 `if ... else` overflowed the
/// stack while the tree was still being built (in debug builds, 16 KB a level). Entering more
/// levels than any accepted tree can have (its operators plus its brackets) is refused at once.
pub struct Nesting(());

impl Nesting {
    pub fn enter(at: Span) -> Result<Nesting, Diag> {
        let depth = NESTING.with(|n| n.get()) + 1;
        if depth > MAX_EXPR_DEPTH + MAX_BRACKETS + 1 {
            let at = Span::new(at.start, at.start + 1);
            return Err(catalog::too_deep(at, MAX_EXPR_DEPTH, "operators"));
        }
        NESTING.with(|n| n.set(depth));
        Ok(Nesting(()))
    }
}

impl Drop for Nesting {
    fn drop(&mut self) {
        NESTING.with(|n| n.set(n.get() - 1));
    }
}

/// The depth of an expression tree, measured without recursion.
pub fn check_expr(e: &Expr) -> Result<(), Diag> {
    let mut stack: Vec<(&Expr, usize)> = vec![(e, 1)];
    while let Some((x, d)) = stack.pop() {
        if d > MAX_EXPR_DEPTH {
            let at = Span::new(x.span.start, x.span.start + 1);
            return Err(catalog::too_deep(at, MAX_EXPR_DEPTH, "operators"));
        }
        match &x.kind {
            ExprKind::Index(a, b) | ExprKind::Binary(_, a, b) => {
                stack.push((a, d + 1));
                stack.push((b, d + 1));
            }
            ExprKind::Unary(_, a) => stack.push((a, d + 1)),
            ExprKind::If(c, a, b) | ExprKind::Cell(c, a, b) => {
                stack.extend([c, a, b].map(|x| (&**x, d + 1)));
            }
            ExprKind::List(xs) | ExprKind::Call { args: xs, .. } => {
                stack.extend(xs.iter().map(|a| (a, d + 1)));
            }
            ExprKind::Comprehension { comp, .. } => stack.push((&comp.cond, d + 1)),
            _ => {}
        }
    }
    Ok(())
}
