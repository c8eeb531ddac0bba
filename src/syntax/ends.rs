//! End rules and their outcomes (`end if COND: OUTCOME`, outcomes chosen by `if ... then ... else`).

use super::ast::*;
use super::expr::parse_expr;
use super::parse::{children, first, ident, next, span, Result};
use super::Rule;
use pest::iterators::Pair;

pub(super) fn parse_end(pair: Pair<Rule>) -> Result<EndRule> {
    let s = span(&pair);
    let mut it = children(pair);
    let c = next(&mut it, s)?;
    let cond = match c.as_rule() {
        Rule::no_moves => EndCond::NoMoves(span(&c)),
        _ => EndCond::Expr(parse_expr(c)?),
    };
    let outcome = parse_outcome(next(&mut it, s)?)?;
    Ok(EndRule {
        cond,
        outcome,
        span: s,
    })
}

fn wins(pair: &Pair<Rule>) -> bool {
    pair.as_str().starts_with("wins")
}

fn parse_outcome(pair: Pair<Rule>) -> Result<Outcome> {
    let s = span(&pair);
    let o = first(pair)?;
    let os = span(&o);
    let mut it = children(o.clone());
    let kind = match o.as_rule() {
        Rule::o_last_mover => OutcomeKind::LastMover {
            wins: wins(&next(&mut it, os)?),
        },
        Rule::o_mover => OutcomeKind::Mover {
            wins: wins(&next(&mut it, os)?),
        },
        Rule::o_player => {
            let player = parse_expr(next(&mut it, os)?)?;
            OutcomeKind::Player {
                player,
                wins: wins(&next(&mut it, os)?),
            }
        }
        Rule::o_each => {
            let var = ident(next(&mut it, os)?);
            let cond = parse_expr(next(&mut it, os)?)?;
            OutcomeKind::Each { var, cond }
        }
        Rule::o_score => {
            let var = ident(next(&mut it, os)?);
            let expr = parse_expr(next(&mut it, os)?)?;
            OutcomeKind::Score { var, expr }
        }
        Rule::o_if => {
            let cond = parse_expr(next(&mut it, os)?)?;
            let then = parse_outcome(next(&mut it, os)?)?;
            let otherwise = parse_outcome(next(&mut it, os)?)?;
            OutcomeKind::If {
                cond,
                then: Box::new(then),
                otherwise: Box::new(otherwise),
            }
        }
        _ => OutcomeKind::Tie,
    };
    Ok(Outcome { kind, span: s })
}
