//! Move labels (`as "column {c + 1}"`, `as "{square(r, c)}"`): compiled parts, evaluated with the
//! one evaluator in the position before the move, and written as a player reads them.

use super::fault::R;
use super::*;
use std::fmt::Write;

/// One part of a move's label.
#[derive(Clone, Debug)]
pub enum LabelPart {
    Text(String),
    /// A number, `true`/`false` (`is_bool`), or an enumeration's value by its display text
    /// (`shown`, by position).
    Value {
        expr: CExpr,
        is_bool: bool,
        shown: Option<std::sync::Arc<[String]>>,
    },
    /// `square(r, c)`: the column's letters and the row's number, as a player types a square.
    Square {
        row: CExpr,
        col: CExpr,
        span: Span,
    },
}

/// A square's name: the column as letters (`a` is column 0, `z` 25, then `aa`, `ab`, ... as
/// spreadsheets number columns) and the row as a number from 1 (row 0, the top row, is 1).
pub fn square_name(r: i64, c: i64) -> Option<String> {
    if r < 0 {
        return None;
    }
    Some(format!("{}{}", column_name(c)?, r as u64 + 1))
}

/// A column's letters: `a` for column 0, ..., `z`, `aa`, `ab`, ...
pub fn column_name(c: i64) -> Option<String> {
    if c < 0 {
        return None;
    }
    let mut letters = Vec::new();
    let mut n = c as u64 + 1;
    while n > 0 {
        n -= 1;
        letters.push(b'a' + (n % 26) as u8);
        n /= 26;
    }
    letters.reverse();
    String::from_utf8(letters).ok()
}

impl Ctx<'_> {
    /// Writes a label's parts to `out`, evaluating each in the current position and locals.
    pub fn render_label(&mut self, parts: &[LabelPart], out: &mut String) -> R<()> {
        for p in parts {
            match p {
                LabelPart::Text(t) => out.push_str(t),
                LabelPart::Value {
                    expr,
                    is_bool,
                    shown,
                } => {
                    let v = self.eval(expr)?;
                    let name = shown
                        .as_ref()
                        .and_then(|s| usize::try_from(v).ok().and_then(|k| s.get(k)));
                    match (name, is_bool) {
                        (Some(name), _) => out.push_str(name),
                        (None, true) => out.push_str(if v != 0 { "true" } else { "false" }),
                        (None, false) => {
                            let _ = write!(out, "{v}");
                        }
                    }
                }
                LabelPart::Square { row, col, span } => {
                    let (r, c) = (self.eval(row)?, self.eval(col)?);
                    match square_name(r, c) {
                        Some(name) => out.push_str(&name),
                        None => {
                            let which = if r < 0 { "row" } else { "column" };
                            return Err(RtError::new(
                                RtKind::IndexOutOfBounds,
                                *span,
                                format!("square({r}, {c}) names no square: a {which} below 0"),
                            ));
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

impl super::Rules {
    /// A simultaneous move's `k`th parameter holding `value`, as `mine = 3` (an enumeration's
    /// value by its display text, as the move's label shows it).
    pub fn choice_text(&self, family: usize, k: usize, value: i64) -> String {
        let m = &self.moves[family];
        let shown = m.label.iter().flatten().find_map(|part| match part {
            LabelPart::Value {
                expr: CExpr::Local(l),
                shown: Some(names),
                ..
            } if *l as usize == k => usize::try_from(value)
                .ok()
                .and_then(|i| names.get(i).cloned()),
            _ => None,
        });
        let name = m.params.get(k).map_or("?", String::as_str);
        format!("{name} = {}", shown.unwrap_or_else(|| value.to_string()))
    }
}

/// Whether every expression of a label's parts meets `ok` (a label without parts does).
pub fn label_exprs_all(parts: Option<&[LabelPart]>, ok: impl Fn(&CExpr) -> bool) -> bool {
    parts.into_iter().flatten().all(|p| match p {
        LabelPart::Text(_) => true,
        LabelPart::Value { expr, .. } => ok(expr),
        LabelPart::Square { row, col, .. } => ok(row) && ok(col),
    })
}

#[cfg(test)]
mod tests {
    use super::square_name;

    #[test]
    fn squares_are_named_like_spreadsheet_cells() {
        assert_eq!(square_name(0, 0).as_deref(), Some("a1"));
        assert_eq!(square_name(1, 1).as_deref(), Some("b2"));
        assert_eq!(square_name(9, 25).as_deref(), Some("z10"));
        assert_eq!(square_name(0, 26).as_deref(), Some("aa1"));
        assert_eq!(square_name(0, 27).as_deref(), Some("ab1"));
        assert_eq!(square_name(0, 701).as_deref(), Some("zz1"));
        assert_eq!(square_name(0, 702).as_deref(), Some("aaa1"));
        assert_eq!(
            square_name(i64::MAX, i64::MAX).as_deref(),
            Some("crpxnlskvljfhh9223372036854775808")
        );
        assert_eq!(square_name(-1, 0), None);
        assert_eq!(square_name(0, -1), None);
    }
}
