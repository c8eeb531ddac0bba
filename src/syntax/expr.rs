//! Expressions: a Pratt parser over pest's flat operator sequence, and primaries.

use super::ast::*;
use super::parse::{children, first, ident, next, parse_domain, parse_int, span, Result};
use super::Rule;
use crate::diag::catalog;
use pest::iterators::Pair;
use pest::pratt_parser::{Assoc, Op, PrattParser};
use std::sync::LazyLock;

static PRATT: LazyLock<PrattParser<Rule>> = LazyLock::new(|| {
    PrattParser::new()
        .op(Op::infix(Rule::op_or, Assoc::Left))
        .op(Op::infix(Rule::op_and, Assoc::Left))
        .op(Op::prefix(Rule::op_not))
        .op(Op::infix(Rule::op_eq, Assoc::Left)
            | Op::infix(Rule::op_ne, Assoc::Left)
            | Op::infix(Rule::op_lt, Assoc::Left)
            | Op::infix(Rule::op_le, Assoc::Left)
            | Op::infix(Rule::op_gt, Assoc::Left)
            | Op::infix(Rule::op_ge, Assoc::Left))
        .op(Op::infix(Rule::op_add, Assoc::Left) | Op::infix(Rule::op_sub, Assoc::Left))
        .op(Op::infix(Rule::op_mul, Assoc::Left)
            | Op::infix(Rule::op_div, Assoc::Left)
            | Op::infix(Rule::op_rem, Assoc::Left))
        .op(Op::prefix(Rule::op_neg))
        .op(Op::postfix(Rule::index))
});

pub(super) fn parse_expr(pair: Pair<Rule>) -> Result<Expr> {
    let _nesting = super::limits::Nesting::enter(span(&pair))?;
    let e = parse_expr_tree(pair)?;
    super::limits::check_expr(&e)?;
    Ok(e)
}

fn parse_expr_tree(pair: Pair<Rule>) -> Result<Expr> {
    PRATT
        .map_primary(parse_primary)
        .map_prefix(|op, rhs| {
            let rhs = rhs?;
            let op_span = span(&op);
            let un = if op.as_rule() == Rule::op_not {
                UnOp::Not
            } else {
                UnOp::Neg
            };
            Ok(Expr {
                span: op_span.join(rhs.span),
                kind: ExprKind::Unary(un, Box::new(rhs)),
            })
        })
        .map_postfix(|lhs, op| {
            let lhs = lhs?;
            let op_span = span(&op);
            let mut parts = children(op);
            let idx = parse_expr(next(&mut parts, op_span)?)?;
            let span = lhs.span.join(op_span);
            let kind = match parts.next() {
                Some(col) => {
                    ExprKind::Cell(Box::new(lhs), Box::new(idx), Box::new(parse_expr(col)?))
                }
                None => ExprKind::Index(Box::new(lhs), Box::new(idx)),
            };
            Ok(Expr { span, kind })
        })
        .map_infix(|lhs, op, rhs| {
            let (lhs, rhs) = (lhs?, rhs?);
            let bin = match op.as_rule() {
                Rule::op_or => BinOp::Or,
                Rule::op_and => BinOp::And,
                Rule::op_eq => BinOp::Eq,
                Rule::op_ne => BinOp::Ne,
                Rule::op_lt => BinOp::Lt,
                Rule::op_le => BinOp::Le,
                Rule::op_gt => BinOp::Gt,
                Rule::op_ge => BinOp::Ge,
                Rule::op_add => BinOp::Add,
                Rule::op_sub => BinOp::Sub,
                Rule::op_mul => BinOp::Mul,
                Rule::op_div => BinOp::Div,
                _ => BinOp::Rem,
            };
            Ok(Expr {
                span: lhs.span.join(rhs.span),
                kind: ExprKind::Binary(bin, Box::new(lhs), Box::new(rhs)),
            })
        })
        .parse(pair.into_inner())
}

fn parse_primary(pair: Pair<Rule>) -> Result<Expr> {
    let s = span(&pair);
    let kind = match pair.as_rule() {
        Rule::int => ExprKind::Int(parse_int(&pair)?),
        Rule::bool_lit => ExprKind::Bool(pair.as_str().starts_with("true")),
        Rule::last_mover => ExprKind::LastMover,
        Rule::mover => ExprKind::Mover,
        Rule::opponent => ExprKind::Opponent,
        Rule::players_kw => ExprKind::Players,
        Rule::ident => ExprKind::Name(pair.as_str().to_string()),
        Rule::paren => return parse_expr(first(pair)?),
        Rule::if_expr => {
            let mut it = children(pair);
            let c = parse_expr(next(&mut it, s)?)?;
            let a = parse_expr(next(&mut it, s)?)?;
            let b = parse_expr(next(&mut it, s)?)?;
            ExprKind::If(Box::new(c), Box::new(a), Box::new(b))
        }
        Rule::last_call => {
            let p = next(&mut children(pair), s)?;
            let func = Ident {
                name: "last".to_string(),
                span: Span::new(s.start, s.start + 4),
            };
            ExprKind::Comprehension {
                func,
                comp: comprehension(p)?,
            }
        }
        Rule::list_lit => ExprKind::List(children(pair).map(parse_expr).collect::<Result<_>>()?),
        Rule::call => {
            let mut it = children(pair);
            let func = ident(next(&mut it, s)?);
            match it.next() {
                Some(p) if p.as_rule() == Rule::comprehension => ExprKind::Comprehension {
                    func,
                    comp: comprehension(p)?,
                },
                Some(p) => {
                    let mut args = vec![parse_expr(p)?];
                    for a in it {
                        args.push(parse_expr(a)?);
                    }
                    ExprKind::Call { func, args }
                }
                None => ExprKind::Call {
                    func,
                    args: Vec::new(),
                },
            }
        }
        _ => return Err(catalog::syntax_internal(s)),
    };
    Ok(Expr { kind, span: s })
}

/// `v in D where C`.
fn comprehension(p: Pair<Rule>) -> Result<Comprehension> {
    let cs = span(&p);
    let mut ci = children(p);
    let var = ident(next(&mut ci, cs)?);
    let domain = parse_domain(next(&mut ci, cs)?)?;
    let cond = parse_expr(next(&mut ci, cs)?)?;
    Ok(Comprehension {
        var,
        domain: Box::new(domain),
        cond: Box::new(cond),
    })
}
