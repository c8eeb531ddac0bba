//! Statements: blocks, assignments, `if`/`else`, `let`, `for`, `roll`, `again` and `next mover`
//! in move and setup bodies.

use super::ast::*;
use super::expr::parse_expr;
use super::parse::{children, ident, next, parse_domain, span, Result};
use super::Rule;
use crate::diag::catalog;
use pest::iterators::Pair;

pub(super) fn parse_block(pair: Pair<Rule>) -> Result<Block> {
    let s = span(&pair);
    let stmts = children(pair).map(parse_stmt).collect::<Result<_>>()?;
    Ok(Block { stmts, span: s })
}

fn parse_lvalue(pair: Pair<Rule>) -> Result<LValue> {
    let s = span(&pair);
    let mut it = children(pair);
    let name = ident(next(&mut it, s)?);
    let index = it.next().map(parse_expr).transpose()?;
    let col = it.next().map(parse_expr).transpose()?;
    Ok(LValue {
        name,
        index,
        col,
        span: s,
    })
}

fn parse_stmt(pair: Pair<Rule>) -> Result<Stmt> {
    let s = span(&pair);
    match pair.as_rule() {
        Rule::again_stmt => Ok(Stmt::Again(s)),
        Rule::next_stmt => {
            let mut it = children(pair);
            let value = parse_expr(next(&mut it, s)?)?;
            Ok(Stmt::NextMover { value, span: s })
        }
        Rule::let_stmt => {
            let mut it = children(pair);
            let name = ident(next(&mut it, s)?);
            let value = parse_expr(next(&mut it, s)?)?;
            Ok(Stmt::Let {
                name,
                value,
                span: s,
            })
        }
        Rule::for_stmt => {
            let mut it = children(pair);
            let var = ident(next(&mut it, s)?);
            let domain = parse_domain(next(&mut it, s)?)?;
            let mut rest = next(&mut it, s)?;
            let cond = match rest.as_rule() {
                Rule::block => None,
                _ => {
                    let c = parse_expr(rest)?;
                    rest = next(&mut it, s)?;
                    Some(c)
                }
            };
            Ok(Stmt::For {
                var,
                domain,
                cond,
                body: parse_block(rest)?,
                span: s,
            })
        }
        Rule::assign_stmt => {
            let mut it = children(pair);
            let target = parse_lvalue(next(&mut it, s)?)?;
            let op = match next(&mut it, s)?.as_str() {
                "+=" => AssignOp::Add,
                "-=" => AssignOp::Sub,
                "*=" => AssignOp::Mul,
                _ => AssignOp::Set,
            };
            let value = parse_expr(next(&mut it, s)?)?;
            Ok(Stmt::Assign {
                target,
                op,
                value,
                span: s,
            })
        }
        Rule::if_stmt => {
            let mut it = children(pair);
            let cond = parse_expr(next(&mut it, s)?)?;
            let then = parse_block(next(&mut it, s)?)?;
            let otherwise = match it.next() {
                None => None,
                Some(p) if p.as_rule() == Rule::block => Some(parse_block(p)?),
                Some(p) => {
                    let es = span(&p);
                    Some(Block {
                        stmts: vec![parse_stmt(p)?],
                        span: es,
                    })
                }
            };
            Ok(Stmt::If {
                cond,
                then,
                otherwise,
                span: s,
            })
        }
        Rule::roll_stmt => {
            let mut it = children(pair);
            let target = parse_lvalue(next(&mut it, s)?)?;
            let domain = parse_domain(next(&mut it, s)?)?;
            let weights = match it.next().map(parse_expr).transpose()? {
                Some(Expr {
                    kind: ExprKind::List(items),
                    ..
                }) => Some(Weights::List(items)),
                Some(e) => Some(Weights::Of(e)),
                None => None,
            };
            Ok(Stmt::Roll {
                target,
                domain,
                weights,
                span: s,
            })
        }
        _ => Err(catalog::syntax_internal(s)),
    }
}
