//! Move labels, as docs/language.md defines them: a move without `as "..."` is `NAME ARG ARG`;
//! a template's braces are each replaced by the value of what they hold, evaluated in the
//! position before the move with the move's parameters bound (a number in decimal, a condition
//! as `true` or `false`, an enumeration's value by its display text), and `square(r, c)` by the
//! square's name: the column as letters (a, b, ..., z, aa, ab, ...), the row as a number from 1.
//! The labels of a position's legal moves are worked out after all its moves are found, in
//! order; two that are equal are an error.

use super::eval::{invalid, Ctx, Val};
use super::{Fault, FaultKind, Game, Position, R};
use crate::syntax::ast::{Expr, ExprKind, MoveDecl, StrLit};
use crate::syntax::label::{parse_braced, split, Part};

/// One part of a template.
#[derive(Clone, Debug)]
pub enum Piece {
    Text(String),
    Value(Expr),
    /// `square(r, c)`.
    Square(Expr, Expr),
}

/// A template's parts (the file was accepted, so its braces balance and parse).
pub(super) fn pieces(label: &StrLit) -> R<Vec<Piece>> {
    let (parts, faults) = split(&label.value);
    if !faults.is_empty() {
        return Err(invalid(format!("the label {:?}", label.value)));
    }
    let mut out = Vec::new();
    for p in parts {
        match p {
            Part::Text(t) => out.push(Piece::Text(t)),
            Part::Braced { start, inner, .. } => {
                let e = parse_braced(label, start, &inner)
                    .map_err(|d| invalid(format!("a label's braces: {}", d.message)))?;
                out.push(match e.kind {
                    ExprKind::Call { func, args } if func.name == "square" && args.len() == 2 => {
                        let mut args = args.into_iter();
                        match (args.next(), args.next()) {
                            (Some(r), Some(c)) => Piece::Square(r, c),
                            _ => return Err(invalid("square(...)")),
                        }
                    }
                    kind => Piece::Value(Expr { kind, span: e.span }),
                });
            }
        }
    }
    Ok(out)
}

/// A square's name, or `None` for a negative row or column.
fn square(r: i64, c: i64) -> Option<String> {
    if r < 0 || c < 0 {
        return None;
    }
    let mut letters = String::new();
    let mut n = i128::from(c);
    while n >= 0 {
        letters.insert(0, char::from(b'a' + (n % 26) as u8));
        n = n / 26 - 1;
    }
    Some(format!("{letters}{}", i128::from(r) + 1))
}

/// The label of move `m` of family `family` with arguments `args`, in position `pos`.
pub(super) fn label(
    game: &Game,
    pos: &Position,
    family: usize,
    m: &MoveDecl,
    args: &[i64],
) -> R<String> {
    let Some(pieces) = game.labels.get(family).and_then(|l| l.as_ref()) else {
        let mut words = vec![m.name.name.clone()];
        for (p, v) in m.params.iter().zip(args) {
            words.push(match super::expand::param_value(p, *v) {
                Val::Sym(name) => game.shown(&name).to_string(),
                _ => v.to_string(),
            });
        }
        return Ok(words.join(" "));
    };
    let mut cx = Ctx::new(game, pos.clone());
    for (p, v) in m.params.iter().zip(args) {
        cx.locals
            .push((p.name.name.clone(), super::expand::param_value(p, *v)));
    }
    let mut out = String::new();
    for piece in pieces {
        match piece {
            Piece::Text(t) => out.push_str(t),
            Piece::Value(e) => match cx.value(e)? {
                Val::Int(v) => out.push_str(&v.to_string()),
                Val::Bool(b) => out.push_str(if b { "true" } else { "false" }),
                Val::Sym(name) => out.push_str(game.shown(&name)),
                other => return Err(invalid(format!("a label showing {other:?}"))),
            },
            Piece::Square(r, c) => {
                let (r, c) = (cx.int(r)?, cx.int(c)?);
                let name = square(r, c).ok_or_else(|| {
                    Fault::new(
                        FaultKind::IndexOutOfBounds,
                        format!("square({r}, {c}) has a negative row or column"),
                    )
                })?;
                out.push_str(&name);
            }
        }
    }
    Ok(out)
}

/// The labels of a position's legal moves, in order (`(family, args)` each); two equal labels
/// are `DuplicateLabel`.
pub(super) fn labels(game: &Game, pos: &Position, moves: &[(usize, &[i64])]) -> R<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    for &(family, args) in moves {
        let m = game
            .moves
            .get(family)
            .ok_or_else(|| invalid("a move family"))?;
        let l = label(game, pos, family, m, args)?;
        if out.contains(&l) {
            return Err(Fault::new(
                FaultKind::DuplicateLabel,
                format!("two moves are labelled `{l}`"),
            ));
        }
        out.push(l);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn squares_are_letters_then_a_row_from_1() {
        let names: Vec<String> = [(0, 0), (2, 25), (0, 26), (0, 701), (0, 702)]
            .iter()
            .filter_map(|&(r, c)| super::square(r, c))
            .collect();
        assert_eq!(names, ["a1", "z3", "aa1", "zz1", "aaa1"]);
        assert_eq!(super::square(0, -1), None);
    }
}
