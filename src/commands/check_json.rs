//! `gamec check --format json`: each diagnostic as one JSON object on its own line, for editors
//! and scripts. Spans are given as byte offsets into the file (`start` inclusive, `end`
//! exclusive) and as 1-based lines and columns (columns count characters, not bytes).

use crate::diag::{Diag, Severity};
use crate::syntax::ast::Span;
use serde_json::{json, Value as Json};

/// The 1-based line and column of byte `at` in `source` (clamped to the text; an offset inside
/// a character counts as that character).
fn line_col(source: &str, at: usize) -> (usize, usize) {
    let mut at = at.min(source.len());
    while !source.is_char_boundary(at) {
        at -= 1;
    }
    let before = &source[..at];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |k| k + 1);
    (line, before[start..].chars().count() + 1)
}

fn span_json(source: &str, span: Span) -> Json {
    let (line, column) = line_col(source, span.start);
    let (end_line, end_column) = line_col(source, span.end);
    json!({
        "start": span.start, "end": span.end,
        "line": line, "column": column, "end_line": end_line, "end_column": end_column,
    })
}

/// One diagnostic of `file` (whose text is `source`) as a JSON object: its code, severity,
/// message, the primary span (the first label's; null for a problem with no place in the file),
/// every label with its span, the help and, for a problem found while exploring, the trace.
pub fn diag_json(d: &Diag, file: &str, source: &str) -> Json {
    let labels: Vec<Json> = d
        .labels
        .iter()
        .map(|l| {
            let mut o = span_json(source, l.span);
            o["text"] = json!(l.text);
            o
        })
        .collect();
    json!({
        "file": file,
        "code": d.code,
        "severity": match d.severity { Severity::Error => "error", Severity::Warning => "warning" },
        "message": d.message,
        "span": d.labels.first().map(|l| span_json(source, l.span)),
        "labels": labels,
        "help": d.help,
        "trace": d.trace,
    })
}

#[cfg(test)]
mod tests {
    use super::line_col;

    #[test]
    fn lines_and_columns_count_characters_from_one() {
        let s = "ab\ncé d\n";
        assert_eq!(line_col(s, 0), (1, 1));
        assert_eq!(line_col(s, 3), (2, 1));
        // `é` is two bytes: `d` is byte 7 and the fourth character of line 2.
        assert_eq!(line_col(s, 7), (2, 4));
        assert_eq!(line_col(s, 5), (2, 2));
        assert_eq!(line_col(s, 99), (3, 1));
    }
}
